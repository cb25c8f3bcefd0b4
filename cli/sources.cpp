#include "cli/sources.hpp"

#include "cli/included_files.hpp"
#include "cli/interrupt.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
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

}  // namespace

std::string human_bytes(std::uint64_t n) {
  if (n >= (1ull << 30)) return fmt::format("{:.1f} GiB", static_cast<double>(n) / (1ull << 30));
  if (n >= (1ull << 20)) return fmt::format("{:.1f} MiB", static_cast<double>(n) / (1ull << 20));
  if (n >= (1ull << 10)) return fmt::format("{:.1f} KiB", static_cast<double>(n) / (1ull << 10));
  return fmt::format("{} bytes", n);
}

bool looks_like_archive(std::string_view name) {
  for (std::string_view ext : {".zip", ".tar", ".tar.gz", ".tgz", ".tar.zst", ".tzst", ".tar.xz",
                               ".txz", ".tar.bz2", ".tbz2"})
    if (ends_with(name, ext)) return true;
  return false;
}

std::optional<std::string> read_file_limited(const std::string& path, std::uint64_t max_bytes,
                                             std::string& error, bool* over_limit) {
  if (over_limit) *over_limit = false;
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
        fmt::format("the record is {}, more than the limit of {} (--max-record-size)",
                    human_bytes(static_cast<std::uint64_t>(st.st_size)), human_bytes(max_bytes));
    if (over_limit) *over_limit = true;
    return std::nullopt;
  }
  std::string data;
  char buffer[1 << 16];
  while (in) {
    in.read(buffer, sizeof buffer);
    data.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (data.size() > max_bytes) {
      error = fmt::format("the record is more than the limit of {} (--max-record-size)",
                          human_bytes(max_bytes));
      if (over_limit) *over_limit = true;
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

struct ArchiveFiles {
  std::string path;
  Limits limits;
  std::mutex m;
  struct Read {
    std::optional<std::string> bytes;
    std::string error;
  };
  std::map<std::string, Read> kept;  // by member path
  std::uint64_t kept_bytes = 0;
};

namespace {

// A member path as records name it: no "./", no leading "/" kept apart.
std::string normal_member(std::string_view raw) {
  std::string name = fs::path(std::string(raw)).lexically_normal().generic_string();
  while (name.rfind("./", 0) == 0)
    name.erase(0, 2);
  return name;
}

std::string expansion_message(const Limits& limits, std::uint64_t expanded,
                              std::uint64_t compressed) {
  return fmt::format(
      "the archive expands to more than {} times its size ({} from {}; "
      "--max-expansion-ratio)",
      limits.max_expansion_ratio, human_bytes(expanded), human_bytes(compressed));
}

// One pass over an archive with libarchive, counting what it expands to.
class ArchiveStream {
 public:
  ArchiveStream(const std::string& path, const Limits& limits) : limits_(limits) {
    a_ = archive_read_new();
    archive_read_support_filter_all(a_);
    archive_read_support_format_all(a_);
    std::error_code ec;
    compressed_ = std::max<std::uint64_t>(fs::file_size(path, ec), 1);
    if (archive_read_open_filename(a_, path.c_str(), 1 << 16) != ARCHIVE_OK)
      open_error_ = fmt::format("cannot open the archive: {}", error_text());
  }
  ~ArchiveStream() { archive_read_free(a_); }
  ArchiveStream(const ArchiveStream&) = delete;
  ArchiveStream& operator=(const ArchiveStream&) = delete;

  const std::string& open_error() const { return open_error_; }
  archive* handle() { return a_; }
  std::string error_text() {
    const char* e = archive_error_string(a_);
    return e ? e : "unknown error";
  }
  std::uint64_t expanded() const { return expanded_; }
  std::uint64_t compressed() const { return compressed_; }

  bool too_expanded() const {
    return expanded_ > limits_.expansion_floor &&
           static_cast<double>(expanded_) / static_cast<double>(compressed_) >
               limits_.max_expansion_ratio;
  }

  // Reads the current member whole, within `max_bytes`; nullopt with `error` set, naming the
  // member as `subject` ("the record", "it"). `stop` is set when the archive expands too much
  // to go on, `over_limit` when the member is larger than the record limit.
  std::optional<std::string> read(archive_entry* entry, std::string& error, bool& stop,
                                  bool& over_limit, std::string_view subject) {
    std::uint64_t max_bytes = limits_.max_record_bytes;
    over_limit = false;
    if (archive_entry_size_is_set(entry) &&
        static_cast<std::uint64_t>(archive_entry_size(entry)) > max_bytes) {
      error = fmt::format("{} is {}, more than the limit of {} (--max-record-size)", subject,
                          human_bytes(static_cast<std::uint64_t>(archive_entry_size(entry))),
                          human_bytes(max_bytes));
      over_limit = true;
      return std::nullopt;
    }
    // The member's blocks are appended where libarchive holds them, with no copy on the way;
    // a member that states its size gets its room at once.
    std::string data;
    if (archive_entry_size_is_set(entry))
      data.reserve(static_cast<std::size_t>(archive_entry_size(entry)));
    for (;;) {
      const void* block = nullptr;
      std::size_t size = 0;
      la_int64_t offset = 0;
      int r = archive_read_data_block(a_, &block, &size, &offset);
      if (r == ARCHIVE_EOF) break;
      if (r < ARCHIVE_OK) {
        error = fmt::format("cannot read the member: {}", error_text());
        return std::nullopt;
      }
      if (offset < 0 || static_cast<std::uint64_t>(offset) < data.size()) {
        error = "cannot read the member: its blocks are out of order";
        return std::nullopt;
      }
      // A sparse member's holes read as zero bytes, as a whole read would give them.
      auto end = static_cast<std::uint64_t>(offset) + size;
      expanded_ += end - data.size();
      if (end > max_bytes) {
        error = fmt::format("{} is more than the limit of {} (--max-record-size)", subject,
                            human_bytes(max_bytes));
        over_limit = true;
        return std::nullopt;
      }
      data.resize(static_cast<std::size_t>(offset), '\0');
      data.append(static_cast<const char*>(block), size);
      if (too_expanded()) {
        error = expansion_message(limits_, expanded_, compressed_);
        stop = true;
        return std::nullopt;
      }
    }
    return data;
  }

  // Passes over the current member's data. Where libarchive would have to decompress it to
  // skip it (a compressed stream), it is read here, so the expansion limit holds; false when
  // the archive expands too much to go on.
  bool pass() {
    if (archive_filter_count(a_) <= 1) return true;
    char buffer[1 << 16];
    for (;;) {
      la_ssize_t n = archive_read_data(a_, buffer, sizeof buffer);
      if (n <= 0) return true;
      expanded_ += static_cast<std::uint64_t>(n);
      if (too_expanded()) return false;
    }
  }

 private:
  const Limits& limits_;
  archive* a_ = nullptr;
  std::string open_error_;
  std::uint64_t compressed_ = 1;
  std::uint64_t expanded_ = 0;
};

// A member's name in UTF-8. libarchive makes the UTF-8 form through iconv, opened anew for each
// member; a name it holds as ASCII bytes is already UTF-8, so only other names are converted.
std::string entry_name(archive_entry* entry) {
  if (const char* bytes = archive_entry_pathname(entry)) {
    std::string_view name(bytes);
    if (std::all_of(name.begin(), name.end(), [](unsigned char c) { return c < 0x80; }))
      return std::string(name);
  }
  const char* raw = archive_entry_pathname_utf8(entry);
  if (!raw) raw = archive_entry_pathname(entry);
  return raw ? raw : "";
}

std::string_view file_type_name(unsigned type) {
  switch (type) {
    case AE_IFLNK:
      return "a symbolic link";
    case AE_IFDIR:
      return "a directory";
    case AE_IFIFO:
      return "a FIFO";
    case AE_IFCHR:
      return "a character device";
    case AE_IFBLK:
      return "a block device";
    case AE_IFSOCK:
      return "a socket";
    default:
      return "not a file";
  }
}

std::optional<std::string> find_archive_file(const ArchiveFiles& files, const std::string& wanted,
                                             std::string& error) {
  ArchiveStream stream(files.path, files.limits);
  if (!stream.open_error().empty()) {
    error = stream.open_error();
    return std::nullopt;
  }
  for (;;) {
    archive_entry* entry = nullptr;
    int r = archive_read_next_header(stream.handle(), &entry);
    if (r == ARCHIVE_EOF) break;
    if (r < ARCHIVE_WARN) {
      error = fmt::format("the archive is damaged before it: {}", stream.error_text());
      return std::nullopt;
    }
    if (normal_member(entry_name(entry)) != wanted) {
      if (!stream.pass()) {
        error = expansion_message(files.limits, stream.expanded(), stream.compressed());
        return std::nullopt;
      }
      continue;
    }
    // A hard link's body lies with the member it links to.
    if (const char* link = archive_entry_hardlink(entry); link && archive_entry_size(entry) == 0)
      return find_archive_file(files, normal_member(link), error);
    if (archive_entry_filetype(entry) != AE_IFREG) {
      error = fmt::format("it is not a regular file ({})",
                          file_type_name(archive_entry_filetype(entry)));
      return std::nullopt;
    }
    bool stop = false, over_limit = false;
    return stream.read(entry, error, stop, over_limit, "it");
  }
  error = "the archive has no such member";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> read_archive_file(ArchiveFiles& files, const std::string& member,
                                             std::string& error) {
  {
    std::lock_guard lock(files.m);
    auto it = files.kept.find(member);
    if (it != files.kept.end()) {
      error = it->second.error;
      return it->second.bytes;
    }
  }
  std::string why;
  auto data = find_archive_file(files, member, why);
  std::lock_guard lock(files.m);
  // What is kept stays within one record's limit; past it, the older files are read again.
  std::uint64_t size = data ? data->size() : 0;
  if (files.kept_bytes + size > files.limits.max_record_bytes) {
    files.kept.clear();
    files.kept_bytes = 0;
  }
  if (size <= files.limits.max_record_bytes) {
    files.kept[member] = {data, why};
    files.kept_bytes += size;
  }
  error = why;
  return data;
}

namespace {

class ArchiveReader {
 public:
  ArchiveReader(std::string path, const SourceOptions& options)
      : path_(std::move(path)), options_(options) {}

  // The next member, or false at the end. Members that cannot be read become error items.
  bool next(InputItem& out) {
    if (done_) return false;
    if (!stream_) {
      stream_ = std::make_unique<ArchiveStream>(path_, options_.limits);
      if (!stream_->open_error().empty()) {
        out = {};
        out.name = path_;
        out.error = stream_->open_error();
        done_ = true;
        return true;
      }
      files_ = std::make_shared<ArchiveFiles>();
      files_->path = path_;
      files_->limits = options_.limits;
    }
    for (;;) {
      archive_entry* entry = nullptr;
      int r = archive_read_next_header(stream_->handle(), &entry);
      if (r == ARCHIVE_EOF) {
        done_ = true;
        return false;
      }
      if (r < ARCHIVE_WARN) {
        done_ = true;
        out = {};
        out.name = fmt::format("{}!", path_);
        out.error = fmt::format("the archive is damaged after {} member{}: {}", members_,
                                members_ == 1 ? "" : "s", stream_->error_text());
        return true;
      }
      std::string member = entry_name(entry);
      bool wanted =
          archive_entry_filetype(entry) == AE_IFREG && (options_.all_files || is_xml(member));
      std::string name = fmt::format("{}!{}", path_, member);
      if (wanted && options_.shards > 1 &&
          name_hash(name) % static_cast<std::uint64_t>(options_.shards) !=
              static_cast<std::uint64_t>(options_.shard))
        wanted = false;
      if (!wanted) {
        if (!stream_->pass()) {
          done_ = true;
          out = {};
          out.name = name;
          out.error = too_expanded_error();
          out.over_limit = true;
          return true;
        }
        continue;
      }
      ++members_;
      out = {};
      out.name = std::move(name);
      out.archive = files_;
      out.member = normal_member(member);
      bool stop = false, over_limit = false;
      std::string error;
      out.bytes = stream_->read(entry, error, stop, over_limit, "the record");
      if (!out.bytes) {
        out.error = stop ? too_expanded_error() : error;
        out.over_limit = stop || over_limit;
      }
      if (stop) done_ = true;
      return true;
    }
  }

 private:
  std::string too_expanded_error() const {
    return expansion_message(options_.limits, stream_->expanded(), stream_->compressed()) +
           ": reading stopped here, so later members are not checked";
  }

  std::string path_;
  const SourceOptions& options_;
  std::unique_ptr<ArchiveStream> stream_;
  std::shared_ptr<ArchiveFiles> files_;
  bool done_ = false;
  int members_ = 0;
};

}  // namespace

// ---- --files-from lists -------------------------------------------------------------------------

// The lines of a --files-from file, read with poll and read so that SIGINT or SIGTERM ends a
// wait for the next line (a FIFO whose writer is silent) as it ends every other input.
class ListFile {
 public:
  // Opens `path`; false with `error` set, or with `error` empty when a signal came first.
  bool open(const std::string& path, std::string& error) {
    for (;;) {
      if (interrupt_signal() != 0) return false;
      fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
      if (fd_ >= 0) return true;
      if (errno != EINTR) {
        error = std::strerror(errno);
        return false;
      }
    }
  }
  ~ListFile() {
    if (fd_ >= 0) ::close(fd_);
  }

  // The next line, without its end; false at the end of the file, on a read error (`error`
  // set) or once a signal came.
  bool next(std::string& line, std::string& error) {
    for (;;) {
      auto nl = buffer_.find('\n', scanned_);
      if (nl != std::string::npos) {
        line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        scanned_ = 0;
        return true;
      }
      scanned_ = buffer_.size();
      if (ended_) {
        if (buffer_.empty()) return false;
        line = std::move(buffer_);
        buffer_.clear();
        scanned_ = 0;
        return true;
      }
      if (interrupt_signal() != 0) return false;
      // A FIFO opened without a writer polls as ended until one opens it: wait for a writer
      // the first time, by polling with a timeout so that a signal is seen between waits.
      pollfd p{fd_, POLLIN, 0};
      int ready = ::poll(&p, 1, 200);
      if (ready < 0 && errno != EINTR) {
        error = std::strerror(errno);
        return false;
      }
      if (ready <= 0) continue;
      char chunk[1 << 14];
      ssize_t n = ::read(fd_, chunk, sizeof chunk);
      if (n > 0) {
        buffer_.append(chunk, static_cast<std::size_t>(n));
      } else if (n == 0) {
        ended_ = true;
      } else if (errno != EINTR && errno != EAGAIN) {
        error = std::strerror(errno);
        return false;
      }
    }
  }

 private:
  int fd_ = -1;
  std::string buffer_;
  std::size_t scanned_ = 0;
  bool ended_ = false;
};

// ---- the source ---------------------------------------------------------------------------------

struct InputSource::Impl {
  SourceOptions options;
  std::deque<std::string> paths;   // arguments still to expand
  std::vector<std::string> lists;  // --files-from sources, in order
  std::size_t next_list = 0;
  std::unique_ptr<std::istream> list_stream;  // standard input
  std::unique_ptr<ListFile> list_file;        // a named list
  std::string list_name;
  // Directory walk: a stack of sorted listings.
  struct Dir {
    std::vector<fs::path> entries;
    std::size_t next = 0;
    std::string tree;  // the directory given on the command line it lies in, canonical
  };
  std::string cwd_tree;  // the current directory, canonical: the tree of file arguments
  std::vector<Dir> dirs;
  std::set<fs::path> visited;
  std::unique_ptr<ArchiveReader> archive;
  std::vector<std::string> warnings;
  bool stdin_used = false;

  bool keep(const std::string& name) const {
    return options.shards <= 1 || name_hash(name) % static_cast<std::uint64_t>(options.shards) ==
                                      static_cast<std::uint64_t>(options.shard);
  }

  const std::string& current_tree() {
    if (cwd_tree.empty()) {
      std::error_code ec;
      cwd_tree = fs::canonical(fs::current_path(ec), ec).string();
    }
    return cwd_tree;
  }

  void push_dir(const fs::path& dir, std::string tree) {
    std::error_code ec;
    fs::path canonical = fs::canonical(dir, ec);
    if (tree.empty())
      tree = ec ? fs::absolute(dir, ec).lexically_normal().string() : canonical.string();
    if (!ec && !visited.insert(canonical).second) {
      warnings.push_back(fmt::format(
          "{}: directory already visited (a symbolic-link loop?); skipped", dir.string()));
      return;
    }
    Dir d;
    d.tree = std::move(tree);
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
  // `tree`: the directory given on the command line that `path` lies in; empty for a path
  // given itself.
  bool take_path(const std::string& path, const std::string& tree, InputItem& out) {
    bool from_directory = !tree.empty();
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
          out.error = fmt::format("the record is more than the limit of {} (--max-record-size)",
                                  human_bytes(options.limits.max_record_bytes));
          out.over_limit = true;
          return true;
        }
      }
      if (interrupt_signal() != 0) {
        out.error = "reading standard input was interrupted";
        return true;
      }
      out.bytes = std::move(data);
      out.base_dir = fs::current_path(ec).string();
      out.tree = current_tree();
      return true;
    }
    fs::file_status st = fs::status(path, ec);
    if (!ec && fs::is_directory(st)) {
      push_dir(path, tree);
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
    out.tree = from_directory ? tree : current_tree();
    if (ec || !fs::exists(st)) out.error = ec ? ec.message() : "no such file or directory";
    return true;
  }

  bool next_list_path(std::string& path) {
    for (;;) {
      if (!list_stream && !list_file) {
        if (next_list >= lists.size()) return false;
        const std::string& name = lists[next_list++];
        if (name == "-") {
          list_stream = std::make_unique<std::istream>(std::cin.rdbuf());
        } else {
          auto file = std::make_unique<ListFile>();
          std::string error;
          if (!file->open(name, error)) {
            if (!error.empty())
              warnings.push_back(fmt::format("cannot read the list {}: {}", name, error));
            if (interrupt_signal() != 0) return false;
            continue;
          }
          list_file = std::move(file);
          list_name = name;
        }
      }
      std::string line, error;
      if (list_file ? list_file->next(line, error) : bool(std::getline(*list_stream, line))) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        path = line;
        return true;
      }
      if (!error.empty())
        warnings.push_back(fmt::format("cannot read the list {}: {}", list_name, error));
      list_stream.reset();
      list_file.reset();
      if (interrupt_signal() != 0) return false;
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
        std::string tree = d.tree;
        if (take_path(p.string(), tree, out)) return true;
        continue;
      }
      if (!paths.empty()) {
        std::string p = paths.front();
        paths.pop_front();
        if (take_path(p, {}, out)) return true;
        continue;
      }
      std::string listed;
      if (next_list_path(listed)) {
        if (take_path(listed, {}, out)) return true;
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

bool InputSource::may_wait() const {
  return !impl_->lists.empty() ||
         std::find(impl_->paths.begin(), impl_->paths.end(), "-") != impl_->paths.end();
}

bool InputSource::next(InputItem& out) {
  return impl_->next(out);
}

std::vector<std::string> InputSource::take_warnings() {
  std::vector<std::string> w;
  w.swap(impl_->warnings);
  return w;
}

}  // namespace wallaudit::cli
