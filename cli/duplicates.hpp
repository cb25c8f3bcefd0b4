// The duplicate index of a batch: every record's duplicate key and name, in constant memory.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wallaudit::cli {

// Remembers the first record of each duplicate key. Keys and names go to a temporary file;
// the hash table that finds them lives in memory while it is small (up to kMemorySlots
// slots, 256 KiB) and in a second temporary file beyond, so the memory a batch needs does
// not grow with its number of records. Without temporary files everything stays in memory; when
// writing them fails (a full disk), the index stops and says so (error()).
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

  static constexpr std::size_t kMemorySlots = std::size_t{1} << 14;

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::uint64_t place = 0;  // 1 + the offset of the entry in the store; 0: empty
  };
  Slot slot(std::size_t i) const;
  void set_slot(std::size_t i, Slot s);
  void grow();
  void fail();
  std::uint64_t store(std::string_view key, std::string_view name);
  bool load(std::uint64_t offset, std::string& key, std::string& name) const;

  std::size_t capacity_ = 1024;  // slots, a power of two
  std::size_t used_ = 0;
  std::vector<Slot> slots_;       // the table while it is in memory
  std::FILE* table_ = nullptr;    // the table once it is on disk
  std::FILE* entries_ = nullptr;  // keys and names: [key size][name size][key][name]
  std::string entries_memory_;    // the same, when no temporary file can be made
  std::uint64_t end_ = 0;
  std::string error_;
};

}  // namespace wallaudit::cli
