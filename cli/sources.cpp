#include "cli/sources.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

namespace fs = std::filesystem;

namespace wallaudit::cli {

std::uint64_t name_hash(std::string_view name) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : name) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  for (std::size_t i = 0; i < suffix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[s.size() - suffix.size() + i])) != suffix[i])
      return false;
  return true;
}

bool is_xml(std::string_view name) {
  return ends_with(name, ".xml");
}

std::string human_bytes(std::uint64_t n) {
  if (n >= (1ull << 30)) return fmt::format("{:.1f} GiB", static_cast<double>(n) / (1ull << 30));
  if (n >= (1ull << 20)) return fmt::format("{:.1f} MiB", static_cast<double>(n) / (1ull << 20));
  if (n >= (1ull << 10)) return fmt::format("{:.1f} KiB", static_cast<double>(n) / (1ull << 10));
  return fmt::format("{} bytes", n);
}

}  // namespace

bool looks_like_archive(std::string_view name) {
  for (std::string_view ext : {".zip", ".tar", ".tar.gz", ".tgz", ".tar.zst", ".tzst", ".tar.xz",
                               ".txz", ".tar.bz2", ".tbz2"})
    if (ends_with(name, ext)) return true;
  return false;
}

std::optional<std::string> read_file_limited(const std::string& path, std::uint64_t max_bytes,
                                             std::string& error) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    error = "it is a directory";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = std::strerror(errno);
    return std::nullopt;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
      static_cast<std::uint64_t>(st.st_size) > max_bytes) {
    error =
        fmt::format("the record is {}, more than the limit of {} (--max-record-size) [REC-017]",
                    human_bytes(static_cast<std::uint64_t>(st.st_size)), human_bytes(max_bytes));
    return std::nullopt;
  }
  std::string data;
  char buffer[1 << 16];
  while (in) {
    in.read(buffer, sizeof buffer);
    data.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (data.size() > max_bytes) {
      error = fmt::format("the record is more than the limit of {} (--max-record-size) [REC-017]",
                          human_bytes(max_bytes));
      return std::nullopt;
    }
  }
  if (in.bad()) {
    error = "read error";
    return std::nullopt;
  }
  return data;
}

// ---- archives ------------------------------------------------------------------------------

namespace {

class ArchiveReader {
 public:
  ArchiveReader(std::string path, const SourceOptions& options)
      : path_(std::move(path)), options_(options) {}
  ~ArchiveReader() {
    if (a_) archive_read_free(a_);
  }

  // The next member, or false at the end. Members that cannot be read become error items.
  bool next(InputItem& out) {
    if (done_) return false;
    if (!a_) {
      if (!open(out)) return true;
    }
    for (;;) {
      archive_entry* entry = nullptr;
      int r = archive_read_next_header(a_, &entry);
      if (r == ARCHIVE_EOF) {
        done_ = true;
        return false;
      }
      if (r < ARCHIVE_WARN) {
        done_ = true;
        out = {};
        out.name = fmt::format("{}!", path_);
        out.error = fmt::format("the archive is damaged after {} member{}: {}", members_,
                                members_ == 1 ? "" : "s", archive_error_string(a_));
        return true;
      }
      const char* raw = archive_entry_pathname_utf8(entry);
      if (!raw) raw = archive_entry_pathname(entry);
      std::string member = raw ? raw : "";
      if (archive_entry_filetype(entry) != AE_IFREG) continue;
      if (!options_.all_files && !is_xml(member)) continue;
      ++members_;
      out = {};
      out.name = fmt::format("{}!{}", path_, member);
      if (options_.shards > 1 &&
          name_hash(out.name) % static_cast<std::uint64_t>(options_.shards) !=
              static_cast<std::uint64_t>(options_.shard))
        continue;
      read_member(entry, out);
      return true;
    }
  }

 private:
  bool open(InputItem& out) {
    a_ = archive_read_new();
    archive_read_support_filter_all(a_);
    archive_read_support_format_all(a_);
    std::error_code ec;
    compressed_ = std::max<std::uint64_t>(fs::file_size(path_, ec), 1);
    if (archive_read_open_filename(a_, path_.c_str(), 1 << 16) != ARCHIVE_OK) {
      out = {};
      out.name = path_;
      out.error = fmt::format("cannot open the archive: {}", archive_error_string(a_));
      done_ = true;
      return false;
    }
    return true;
  }

  void read_member(archive_entry* entry, InputItem& out) {
    const Limits& limits = options_.limits;
    if (archive_entry_size_is_set(entry) &&
        static_cast<std::uint64_t>(archive_entry_size(entry)) > limits.max_record_bytes) {
      out.error =
          fmt::format("the record is {}, more than the limit of {} (--max-record-size) [REC-017]",
                      human_bytes(static_cast<std::uint64_t>(archive_entry_size(entry))),
                      human_bytes(limits.max_record_bytes));
      return;
    }
    std::string data;
    char buffer[1 << 16];
    for (;;) {
      la_ssize_t n = archive_read_data(a_, buffer, sizeof buffer);
      if (n == 0) break;
      if (n < 0) {
        out.error = fmt::format("cannot read the member: {}", archive_error_string(a_));
        return;
      }
      data.append(buffer, static_cast<std::size_t>(n));
      expanded_ += static_cast<std::uint64_t>(n);
      if (data.size() > limits.max_record_bytes) {
        out.error =
            fmt::format("the record is more than the limit of {} (--max-record-size) [REC-017]",
                        human_bytes(limits.max_record_bytes));
        return;
      }
      if (expanded_ > limits.expansion_floor &&
          static_cast<double>(expanded_) / static_cast<double>(compressed_) >
              limits.max_expansion_ratio) {
        out.error = fmt::format(
            "the archive expands to more than {} times its size ({} from {}; "
            "--max-expansion-ratio): "
            "reading stopped here, so later members are not checked [REC-017]",
            limits.max_expansion_ratio, human_bytes(expanded_), human_bytes(compressed_));
        done_ = true;
        return;
      }
    }
    out.bytes = std::move(data);
  }

  std::string path_;
  const SourceOptions& options_;
  archive* a_ = nullptr;
  bool done_ = false;
  int members_ = 0;
  std::uint64_t compressed_ = 1;
  std::uint64_t expanded_ = 0;
};

}  // namespace

// ---- the source ---------------------------------------------------------------------------------

struct InputSource::Impl {
  SourceOptions options;
  std::deque<std::string> paths;   // arguments still to expand
  std::vector<std::string> lists;  // --files-from sources, in order
  std::size_t next_list = 0;
  std::unique_ptr<std::istream> list_stream;
  bool list_is_stdin = false;
  // Directory walk: a stack of sorted listings.
  struct Dir {
    std::vector<fs::path> entries;
    std::size_t next = 0;
  };
  std::vector<Dir> dirs;
  std::set<fs::path> visited;
  std::unique_ptr<ArchiveReader> archive;
  std::vector<std::string> warnings;
  bool stdin_used = false;

  bool keep(const std::string& name) const {
    return options.shards <= 1 || name_hash(name) % static_cast<std::uint64_t>(options.shards) ==
                                      static_cast<std::uint64_t>(options.shard);
  }

  void push_dir(const fs::path& dir) {
    std::error_code ec;
    fs::path canonical = fs::canonical(dir, ec);
    if (!ec && !visited.insert(canonical).second) {
      warnings.push_back(fmt::format(
          "{}: directory already visited (a symbolic-link loop?); skipped", dir.string()));
      return;
    }
    Dir d;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
      d.entries.push_back(it->path());
    if (ec)
      warnings.push_back(
          fmt::format("{}: cannot list the directory: {}", dir.string(), ec.message()));
    std::sort(d.entries.begin(), d.entries.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
    dirs.push_back(std::move(d));
  }

  // A path from the command line, a list or a directory: a file, a directory or an archive.
  // Returns true when `out` was filled.
  bool take_path(const std::string& path, bool from_directory, InputItem& out) {
    std::error_code ec;
    if (path == "-" && !from_directory) {
      if (stdin_used) {
        warnings.push_back("standard input named twice; read once");
        return false;
      }
      stdin_used = true;
      out = {};
      out.name = "-";
      if (!keep(out.name)) return false;
      std::string data;
      char buffer[1 << 16];
      while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
        data.append(buffer, static_cast<std::size_t>(std::cin.gcount()));
        if (data.size() > options.limits.max_record_bytes) {
          out.error =
              fmt::format("the record is more than the limit of {} (--max-record-size) [REC-017]",
                          human_bytes(options.limits.max_record_bytes));
          return true;
        }
      }
      out.bytes = std::move(data);
      out.base_dir = fs::current_path(ec).string();
      return true;
    }
    fs::file_status st = fs::status(path, ec);
    if (!ec && fs::is_directory(st)) {
      push_dir(path);
      return false;
    }
    if (from_directory && !fs::is_regular_file(st)) {
      if (fs::is_symlink(fs::symlink_status(path, ec)) && !fs::exists(path, ec))
        warnings.push_back(fmt::format("{}: dangling symbolic link; skipped", path));
      return false;
    }
    if (looks_like_archive(path) && fs::is_regular_file(st)) {
      archive = std::make_unique<ArchiveReader>(path, options);
      return false;
    }
    if (from_directory && !options.all_files && !is_xml(path)) return false;
    if (!keep(path)) return false;
    out = {};
    out.name = path;
    out.path = path;
    out.base_dir = fs::path(path).parent_path().string();
    if (out.base_dir.empty()) out.base_dir = ".";
    if (ec || !fs::exists(st)) out.error = ec ? ec.message() : "no such file or directory";
    return true;
  }

  bool next_list_path(std::string& path) {
    for (;;) {
      if (!list_stream) {
        if (next_list >= lists.size()) return false;
        const std::string& name = lists[next_list++];
        if (name == "-") {
          list_stream = std::make_unique<std::istream>(std::cin.rdbuf());
        } else {
          auto file = std::make_unique<std::ifstream>(name);
          if (!*file) {
            warnings.push_back(
                fmt::format("cannot read the list {}: {}", name, std::strerror(errno)));
            continue;
          }
          list_stream = std::move(file);
        }
      }
      std::string line;
      if (std::getline(*list_stream, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        path = line;
        return true;
      }
      list_stream.reset();
    }
  }

  bool next(InputItem& out) {
    for (;;) {
      if (archive) {
        if (archive->next(out)) return true;
        archive.reset();
        continue;
      }
      if (!dirs.empty()) {
        Dir& d = dirs.back();
        if (d.next >= d.entries.size()) {
          dirs.pop_back();
          continue;
        }
        fs::path p = d.entries[d.next++];
        if (take_path(p.string(), true, out)) return true;
        continue;
      }
      if (!paths.empty()) {
        std::string p = paths.front();
        paths.pop_front();
        if (take_path(p, false, out)) return true;
        continue;
      }
      std::string listed;
      if (next_list_path(listed)) {
        if (take_path(listed, false, out)) return true;
        continue;
      }
      return false;
    }
  }
};

InputSource::InputSource(std::vector<std::string> paths, std::vector<std::string> lists,
                         SourceOptions options)
    : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
  impl_->paths.assign(paths.begin(), paths.end());
  impl_->lists = std::move(lists);
}

InputSource::~InputSource() = default;

bool InputSource::next(InputItem& out) {
  return impl_->next(out);
}

std::vector<std::string> InputSource::take_warnings() {
  std::vector<std::string> w;
  w.swap(impl_->warnings);
  return w;
}

}  // namespace wallaudit::cli
