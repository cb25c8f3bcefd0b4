// The duplicate index of a batch: every record's duplicate key and name, in constant memory.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wallaudit::cli {

// Remembers the first record of each duplicate key. Keys and names go to a temporary file,
// written a buffer of kEntryBuffer bytes at a time; the hash table that finds them lives in
// memory while it is small (up to kMemorySlots slots, 4 MiB: 131,072 keys) and in a second
// temporary file beyond, so the memory a batch needs does not grow with its number of
// records. A lookup in the file reads a run of slots at once. Without temporary files
// everything stays in memory; when writing them fails (a full disk), the index stops and says
// so (error()).
class DuplicateIndex {
 public:
  DuplicateIndex();
  ~DuplicateIndex();
  DuplicateIndex(const DuplicateIndex&) = delete;
  DuplicateIndex& operator=(const DuplicateIndex&) = delete;

  // The name of the first record seen with `key`, or nullopt when `key` is new (then `name`
  // is remembered as its first record) or empty (a record without a key).
  std::optional<std::string> first_of(std::string_view key, std::string_view name);
  std::size_t size() const { return used_; }
  // Set when a temporary file could not be written (a full disk): from then on no key is
  // remembered; empty otherwise.
  const std::string& error() const { return error_; }
  // Whether the table has moved to its file (for tests).
  bool table_on_disk() const { return table_ != nullptr; }
  // The hash that places `key` in the table: its low bits are its home slot (for tests).
  static std::uint64_t hash_of(std::string_view key);

  static constexpr std::size_t kMemorySlots = std::size_t{1} << 18;
  static constexpr std::size_t kEntryBuffer = std::size_t{1} << 20;

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::uint64_t place = 0;  // 1 + the offset of the entry in the store; 0: empty
  };
  // The slots a lookup reads from the file at once: at most half full, the table's probe
  // sequences are mostly shorter.
  static constexpr std::size_t kRun = 8;
  // The slots from `i` on, up to kRun and not past the end of the table, into `run`; their
  // number (0 when the file cannot be read).
  std::size_t read_run(std::size_t i, std::array<Slot, kRun>& run) const;
  // The first empty slot of `hash`'s probe sequence; `match`, when given, is asked of every
  // full slot with that hash on the way, and a slot it accepts is returned instead.
  template <typename Match>
  std::size_t probe(std::uint64_t hash, Match&& match) const;
  void set_slot(std::size_t i, Slot s);
  void grow();
  void fail();
  std::uint64_t store(std::string_view key, std::string_view name);
  bool flush();
  bool load(std::uint64_t offset, std::string& key, std::string& name) const;

  std::size_t capacity_ = 1024;  // slots, a power of two
  std::size_t used_ = 0;
  std::vector<Slot> slots_;       // the table while it is in memory
  std::FILE* table_ = nullptr;    // the table once it is on disk
  std::FILE* entries_ = nullptr;  // keys and names: [key size][name size][key][name]
  // The entries not yet written to `entries_` (those from offset `flushed_` on); all of them
  // when no temporary file can be made.
  std::string pending_;
  std::uint64_t flushed_ = 0;
  std::uint64_t end_ = 0;
  std::string error_;
};

}  // namespace wallaudit::cli
