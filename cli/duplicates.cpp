#include "cli/duplicates.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <functional>
#include <optional>

namespace wallaudit::cli {

namespace {

bool write_at(std::FILE* f, const void* data, std::size_t size, std::uint64_t offset) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t n = ::pwrite(fileno(f), p, size, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n, size -= static_cast<std::size_t>(n), offset += static_cast<std::uint64_t>(n);
  }
  return true;
}

bool read_at(std::FILE* f, void* data, std::size_t size, std::uint64_t offset) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    ssize_t n = ::pread(fileno(f), p, size, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n, size -= static_cast<std::size_t>(n), offset += static_cast<std::uint64_t>(n);
  }
  return true;
}

}  // namespace

DuplicateIndex::DuplicateIndex() : slots_(capacity_), entries_(std::tmpfile()) {}

DuplicateIndex::~DuplicateIndex() {
  if (table_) std::fclose(table_);
  if (entries_) std::fclose(entries_);
}

std::size_t DuplicateIndex::read_run(std::size_t i, std::array<Slot, kRun>& run) const {
  std::size_t n = std::min(kRun, capacity_ - i);
  if (!read_at(table_, run.data(), n * sizeof(Slot), i * sizeof(Slot))) return 0;
  return n;
}

template <typename Match>
std::size_t DuplicateIndex::probe(std::uint64_t hash, Match&& match) const {
  const std::size_t mask = capacity_ - 1;
  std::size_t i = static_cast<std::size_t>(hash) & mask;
  if (!table_) {
    for (;; i = (i + 1) & mask) {
      const Slot& s = slots_[i];
      if (s.place == 0 || (s.hash == hash && match(s))) return i;
    }
  }
  std::array<Slot, kRun> run;
  for (;;) {
    std::size_t n = read_run(i, run);
    if (n == 0) return i;  // unreadable: taken as empty, as a new key
    for (std::size_t k = 0; k < n; ++k) {
      if (run[k].place == 0 || (run[k].hash == hash && match(run[k]))) return i + k;
    }
    i = (i + n) & mask;
  }
}

void DuplicateIndex::set_slot(std::size_t i, Slot s) {
  if (!table_) {
    slots_[i] = s;
    return;
  }
  if (!write_at(table_, &s, sizeof s, i * sizeof s)) fail();
}

void DuplicateIndex::fail() {
  if (error_.empty())
    error_ = fmt::format(
        "cannot write the duplicate index to a temporary file ({}); duplicates after the first "
        "{} records are not noted",
        std::strerror(errno ? errno : EIO), used_);
}

std::uint64_t DuplicateIndex::store(std::string_view key, std::string_view name) {
  std::uint32_t sizes[2] = {static_cast<std::uint32_t>(key.size()),
                            static_cast<std::uint32_t>(name.size())};
  std::uint64_t at = end_;
  pending_.append(reinterpret_cast<const char*>(sizes), sizeof sizes).append(key).append(name);
  end_ += sizeof sizes + key.size() + name.size();
  if (entries_ && pending_.size() >= kEntryBuffer) flush();
  return at;
}

bool DuplicateIndex::flush() {
  // On failure the buffer stays: the index stops (error()), so it grows no more.
  if (!write_at(entries_, pending_.data(), pending_.size(), flushed_)) {
    fail();
    return false;
  }
  flushed_ += pending_.size();
  pending_.clear();
  return true;
}

bool DuplicateIndex::load(std::uint64_t offset, std::string& key, std::string& name) const {
  // An entry is written whole: it is either in the file or in the buffer.
  std::uint32_t sizes[2];
  if (offset < flushed_) {
    if (!read_at(entries_, sizes, sizeof sizes, offset)) return false;
    key.resize(sizes[0]);
    name.resize(sizes[1]);
    return read_at(entries_, key.data(), key.size(), offset + sizeof sizes) &&
           read_at(entries_, name.data(), name.size(), offset + sizeof sizes + key.size());
  }
  const std::uint64_t at = offset - flushed_;
  if (at + sizeof sizes > pending_.size()) return false;
  std::memcpy(sizes, pending_.data() + at, sizeof sizes);
  if (at + sizeof sizes + sizes[0] + sizes[1] > pending_.size()) return false;
  key.assign(pending_, static_cast<std::size_t>(at + sizeof sizes), sizes[0]);
  name.assign(pending_, static_cast<std::size_t>(at + sizeof sizes + sizes[0]), sizes[1]);
  return true;
}

namespace {

// Builds a table in its file through a few pages held in memory, each written out once when it
// is done. The old table is read in slot order, so the keys arrive by their home slot (each of
// the two halves of the new table in turn gets them in order): the probes stay within the
// pages held, and the file sees whole pages, not a write per key.
template <typename Slot>
class TableBuilder {
 public:
  TableBuilder(std::FILE* file, std::size_t capacity)
      : file_(file), mask_(capacity - 1), written_((capacity + kPage - 1) / kPage, false) {}

  // Places `s` at the first empty slot of its probe sequence; false when the file failed.
  bool insert(const Slot& s) {
    for (std::size_t i = static_cast<std::size_t>(s.hash) & mask_;; i = (i + 1) & mask_) {
      Slot* slot = at(i);
      if (!slot) return false;
      if (slot->place == 0) {
        *slot = s;
        pages_[current_].dirty = true;
        return true;
      }
    }
  }

  // Writes out the pages still held; false when the file failed.
  bool finish() {
    for (Page& p : pages_)
      if (!write_out(p)) return false;
    return true;
  }

 private:
  static constexpr std::size_t kPage = 4096;  // slots: 64 KiB
  static constexpr std::size_t kHeld = 8;     // pages in memory: 512 KiB
  struct Page {
    std::size_t index = SIZE_MAX;
    std::vector<Slot> slots;
    bool dirty = false;
    std::uint64_t used = 0;  // when it was last used, for the choice of the page to drop
  };

  Slot* at(std::size_t i) {
    std::size_t page = i / kPage;
    if (pages_[current_].index != page) {
      std::size_t pick = 0;
      bool found = false;
      for (std::size_t k = 0; k < kHeld; ++k) {
        if (pages_[k].index == page) {
          pick = k;
          found = true;
          break;
        }
        if (pages_[k].used < pages_[pick].used) pick = k;
      }
      if (!found && !load(pages_[pick], page)) return nullptr;
      current_ = pick;
    }
    pages_[current_].used = ++clock_;
    return &pages_[current_].slots[i % kPage];
  }

  bool load(Page& p, std::size_t page) {
    if (!write_out(p)) return false;
    p.slots.assign(kPage, Slot{});
    p.index = page;
    p.dirty = false;
    // A page never written is a hole of the file: zeros, with nothing to read.
    if (written_[page] &&
        !read_at(file_, p.slots.data(), kPage * sizeof(Slot), page * kPage * sizeof(Slot)))
      return false;
    return true;
  }

  bool write_out(Page& p) {
    if (p.index == SIZE_MAX) return true;
    if (!p.dirty) return true;
    if (!write_at(file_, p.slots.data(), p.slots.size() * sizeof(Slot),
                  p.index * kPage * sizeof(Slot)))
      return false;
    written_[p.index] = true;
    p.dirty = false;
    return true;
  }

  std::FILE* file_;
  std::size_t mask_;
  std::vector<bool> written_;  // by page: whether the file holds it (else it is zeros)
  std::array<Page, kHeld> pages_{};
  std::size_t current_ = 0;
  std::uint64_t clock_ = 0;
};

}  // namespace

void DuplicateIndex::grow() {
  std::size_t old_capacity = capacity_;
  std::vector<Slot> old;
  std::FILE* old_table = table_;
  if (!table_) old.swap(slots_);
  capacity_ *= 2;
  table_ = nullptr;
  if (capacity_ > kMemorySlots && entries_) table_ = std::tmpfile();
  std::optional<TableBuilder<Slot>> builder;
  if (table_) {
    // An empty table: slots of zeros, a hole at the end makes the file that long.
    Slot empty;
    if (!write_at(table_, &empty, sizeof empty, (capacity_ - 1) * sizeof empty)) fail();
    builder.emplace(table_, capacity_);
  } else {
    slots_.assign(capacity_, Slot{});
  }
  std::vector<Slot> chunk(4096);
  bool ok = error_.empty();
  for (std::size_t first = 0; ok && first < old_capacity; first += chunk.size()) {
    std::size_t n = std::min(chunk.size(), old_capacity - first);
    if (old_table) {
      if (!read_at(old_table, chunk.data(), n * sizeof(Slot), first * sizeof(Slot))) break;
    } else {
      std::copy(old.begin() + static_cast<std::ptrdiff_t>(first),
                old.begin() + static_cast<std::ptrdiff_t>(first + n), chunk.begin());
    }
    for (std::size_t k = 0; ok && k < n; ++k) {
      if (chunk[k].place == 0) continue;
      if (builder)
        ok = builder->insert(chunk[k]);
      else
        slots_[probe(chunk[k].hash, [](const Slot&) { return false; })] = chunk[k];
    }
  }
  if (builder && ok) ok = builder->finish();
  if (!ok) fail();
  if (old_table) std::fclose(old_table);
}

std::uint64_t DuplicateIndex::hash_of(std::string_view key) {
  std::uint64_t hash = std::hash<std::string_view>{}(key);
  return hash ^ (hash >> 29);  // the low bits pick the slot: mix the high ones in
}

std::optional<std::string> DuplicateIndex::first_of(std::string_view key, std::string_view name) {
  // A full disk: the index stops rather than fill the memory (see error()).
  if (key.empty() || !error_.empty()) return std::nullopt;
  const std::uint64_t hash = hash_of(key);
  std::string stored_key, stored_name;
  bool found = false;
  std::size_t i = probe(hash, [&](const Slot& s) {
    found = load(s.place - 1, stored_key, stored_name) && stored_key == key;
    return found;
  });
  if (found) return stored_name;
  std::uint64_t place = store(key, name) + 1;
  if (!error_.empty()) return std::nullopt;
  set_slot(i, Slot{hash, place});
  if (++used_ * 2 > capacity_) grow();  // at most half full: short probes on disk too
  return std::nullopt;
}

}  // namespace wallaudit::cli
