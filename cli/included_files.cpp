#include "cli/included_files.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace fs = std::filesystem;

namespace wallaudit::cli {

namespace {

std::string_view file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a file";
}

std::string too_large(std::uint64_t size, std::uint64_t max_bytes) {
  return fmt::format("it is {}, more than the limit of {} (--max-record-size)", human_bytes(size),
                     human_bytes(max_bytes));
}

bool inside(const std::string& path, const std::string& tree) {
  if (tree.empty()) return false;
  if (path.size() < tree.size() || path.compare(0, tree.size(), tree) != 0) return false;
  return path.size() == tree.size() || tree.back() == '/' || path[tree.size()] == '/';
}

}  // namespace

std::optional<std::string> read_regular_file(const std::string& path, std::uint64_t max_bytes,
                                             std::string& error) {
  // The type is known before the file is opened: opening a device or a FIFO may block or act.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    error = std::strerror(errno);
    return std::nullopt;
  }
  if (!S_ISREG(st.st_mode)) {
    error = fmt::format("it is not a regular file ({})", file_kind(st.st_mode));
    return std::nullopt;
  }
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes) {
    error = too_large(static_cast<std::uint64_t>(st.st_size), max_bytes);
    return std::nullopt;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    error = std::strerror(errno);
    return std::nullopt;
  }
  // The file may have been replaced in between.
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = fmt::format("it is not a regular file ({})", file_kind(st.st_mode));
    ::close(fd);
    return std::nullopt;
  }
  std::string data;
  data.reserve(static_cast<std::size_t>(st.st_size));
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = std::strerror(errno);
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    data.append(buffer, static_cast<std::size_t>(n));
    // Files of /proc and the like say 0 bytes and may go on for ever.
    if (data.size() > max_bytes) {
      error = fmt::format("it is more than the limit of {} (--max-record-size)",
                          human_bytes(max_bytes));
      ::close(fd);
      return std::nullopt;
    }
  }
  ::close(fd);
  return data;
}

namespace {

FileLoader disk_loader(fs::path base, std::string tree, const IncludePolicy& policy) {
  return [base = std::move(base), tree = std::move(tree), trees = policy.trees,
          any = policy.allow_any_path, max_bytes = policy.limits.max_record_bytes](
             std::string_view named, std::string& error) -> std::optional<std::string> {
    fs::path path{std::string(named)};
    if (path.is_absolute() && !any) {
      error = "an absolute path is not read (--allow-any-path allows it)";
      return std::nullopt;
    }
    fs::path target = path.is_absolute() ? path : base / path;
    if (!any) {
      std::error_code ec;
      fs::path real = fs::weakly_canonical(target, ec);
      bool ok = !ec && inside(real.string(), tree);
      for (const auto& t : trees)
        ok = ok || (!ec && inside(real.string(), t));
      if (!ok) {
        error = fmt::format(
            "it lies outside {}, the directory checked (--definitions DIR or --allow-any-path "
            "allows more)",
            tree);
        return std::nullopt;
      }
      target = real;
    }
    return read_regular_file(target.string(), max_bytes, error);
  };
}

}  // namespace

FileLoader included_file_loader(const InputItem& input, const IncludePolicy& policy) {
  if (input.archive) {
    fs::path dir = fs::path(input.member).parent_path();
    auto files = input.archive;
    return [files, dir](std::string_view named, std::string& error) -> std::optional<std::string> {
      fs::path path{std::string(named)};
      if (path.is_absolute()) {
        error = "an absolute path names no member of the archive";
        return std::nullopt;
      }
      std::string member = (dir / path).lexically_normal().generic_string();
      if (member.empty() || member == "." || member == ".." || member.rfind("../", 0) == 0) {
        error = "it lies outside the archive";
        return std::nullopt;
      }
      return read_archive_file(*files, member, error);
    };
  }
  if (input.base_dir.empty()) {
    return [](std::string_view, std::string& error) -> std::optional<std::string> {
      error = "files named by this record cannot be read";
      return std::nullopt;
    };
  }
  return disk_loader(input.base_dir, input.tree, policy);
}

FileLoader included_file_loader(const std::string& path, const IncludePolicy& policy) {
  std::error_code ec;
  fs::path base = path == "-" ? fs::current_path(ec) : fs::path(path).parent_path();
  if (base.empty()) base = ".";
  return disk_loader(base, fs::canonical(fs::current_path(ec), ec).string(), policy);
}

}  // namespace wallaudit::cli
