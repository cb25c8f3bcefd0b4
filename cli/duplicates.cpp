#include "cli/duplicates.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <functional>

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

DuplicateIndex::Slot DuplicateIndex::slot(std::size_t i) const {
  if (!table_) return slots_[i];
  Slot s;
  if (!read_at(table_, &s, sizeof s, i * sizeof s)) return {};
  return s;
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
  std::string entry(sizeof sizes, '\0');
  std::memcpy(entry.data(), sizes, sizeof sizes);
  entry.append(key).append(name);
  std::uint64_t at = end_;
  if (entries_) {
    if (!write_at(entries_, entry.data(), entry.size(), at)) fail();
  } else {
    entries_memory_ += entry;
  }
  end_ += entry.size();
  return at;
}

bool DuplicateIndex::load(std::uint64_t offset, std::string& key, std::string& name) const {
  std::uint32_t sizes[2];
  if (entries_) {
    if (!read_at(entries_, sizes, sizeof sizes, offset)) return false;
    key.resize(sizes[0]);
    name.resize(sizes[1]);
    return read_at(entries_, key.data(), key.size(), offset + sizeof sizes) &&
           read_at(entries_, name.data(), name.size(), offset + sizeof sizes + key.size());
  }
  if (offset + sizeof sizes > entries_memory_.size()) return false;
  std::memcpy(sizes, entries_memory_.data() + offset, sizeof sizes);
  if (offset + sizeof sizes + sizes[0] + sizes[1] > entries_memory_.size()) return false;
  key = entries_memory_.substr(static_cast<std::size_t>(offset + sizeof sizes), sizes[0]);
  name =
      entries_memory_.substr(static_cast<std::size_t>(offset + sizeof sizes + sizes[0]), sizes[1]);
  return true;
}

void DuplicateIndex::grow() {
  std::size_t old_capacity = capacity_;
  std::vector<Slot> old;
  std::FILE* old_table = table_;
  if (table_) {
    old_table = table_;
  } else {
    old.swap(slots_);
  }
  capacity_ *= 2;
  table_ = nullptr;
  if (capacity_ > kMemorySlots && entries_) table_ = std::tmpfile();
  if (table_) {
    // An empty table: slots of zeros, a hole at the end makes the file that long.
    Slot empty;
    if (!write_at(table_, &empty, sizeof empty, (capacity_ - 1) * sizeof empty)) fail();
  } else {
    slots_.assign(capacity_, Slot{});
  }
  std::size_t mask = capacity_ - 1;
  std::vector<Slot> chunk(4096);
  for (std::size_t first = 0; first < old_capacity; first += chunk.size()) {
    std::size_t n = std::min(chunk.size(), old_capacity - first);
    if (old_table) {
      if (!read_at(old_table, chunk.data(), n * sizeof(Slot), first * sizeof(Slot))) break;
    } else {
      std::copy(old.begin() + static_cast<std::ptrdiff_t>(first),
                old.begin() + static_cast<std::ptrdiff_t>(first + n), chunk.begin());
    }
    for (std::size_t k = 0; k < n; ++k) {
      if (chunk[k].place == 0) continue;
      std::size_t i = static_cast<std::size_t>(chunk[k].hash) & mask;
      while (slot(i).place != 0)
        i = (i + 1) & mask;
      set_slot(i, chunk[k]);
    }
  }
  if (old_table) std::fclose(old_table);
}

std::optional<std::string> DuplicateIndex::first_of(std::string_view key, std::string_view name) {
  // A full disk: the index stops rather than fill the memory (see error()).
  if (key.empty() || !error_.empty()) return std::nullopt;
  std::uint64_t hash = std::hash<std::string_view>{}(key);
  hash ^= hash >> 29;  // the low bits pick the slot: mix the high ones in
  std::size_t mask = capacity_ - 1;
  std::size_t i = static_cast<std::size_t>(hash) & mask;
  std::string stored_key, stored_name;
  for (;; i = (i + 1) & mask) {
    Slot s = slot(i);
    if (s.place == 0) break;
    if (s.hash == hash && load(s.place - 1, stored_key, stored_name) && stored_key == key)
      return stored_name;
  }
  std::uint64_t place = store(key, name) + 1;
  if (!error_.empty()) return std::nullopt;
  set_slot(i, Slot{hash, place});
  if (++used_ * 2 > capacity_) grow();  // at most half full: short probes on disk too
  return std::nullopt;
}

}  // namespace wallaudit::cli
