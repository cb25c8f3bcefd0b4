#include "cli/single.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "cli/app.hpp"
#include "cli/common.hpp"
#include "cli/sources.hpp"
#include "core/registry.hpp"
#include "report/check_output.hpp"

namespace fs = std::filesystem;

namespace wallaudit::cli {

int status_of(Verdict verdict) {
  switch (verdict) {
    case Verdict::ok:
      return kExitOk;
    case Verdict::disputed:
    case Verdict::illegal:
      return kExitFindings;
    case Verdict::malformed:
      return kExitMalformed;
  }
  return kExitMalformed;
}

std::optional<std::string> read_one_record(const std::string& path, const char* command,
                                           Input& input) {
  input = Input{path, path == "-" ? "" : path, path == "-"};
  std::string error;
  bool over_limit = false;
  auto text =
      input.is_stdin
          ? read_input(input, error)
          : read_file_limited(path, include_policy().limits.max_record_bytes, error, &over_limit);
  if (!text)
    fmt::print(stderr, "wallaudit {}: cannot read {}: {}{}\n", command, path, error,
               over_limit ? fmt::format(" [{}]", rec::limit) : std::string());
  return text;
}

std::optional<LoadedRecord> load_record(const std::string& path, CheckContext ctx,
                                        const char* command, int& status) {
  LoadedRecord loaded;
  auto text = read_one_record(path, command, loaded.input);
  if (!text) {
    status = kExitMalformed;
    return std::nullopt;
  }
  loaded.text = std::move(*text);
  ctx.keep_history = true;
  ctx.load_relative = included_file_loader(path, include_policy());
  loaded.result = check_record(builtin_registry(), loaded.text, ctx);
  if (!loaded.result.definition.empty()) {
    fmt::print(stderr, "wallaudit {}: {} holds definitions (<{}>, {}), not a record\n", command,
               path, loaded.result.definition, loaded.result.game);
    status = kExitMalformed;
    return std::nullopt;
  }
  if (!loaded.result.history) {
    std::string out;
    report::append_text(out, report::CheckedRecord{path, loaded.text, &loaded.result, 0, {}});
    fmt::print(stderr, "{}wallaudit {}: {} cannot be replayed\n", out, command, path);
    // The exit status is the check's: an illegal set-up no game starts from is illegal (1).
    status = status_of(loaded.result.verdict);
    return std::nullopt;
  }
  status = status_of(loaded.result.verdict);
  return loaded;
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return fs::exists(a, ec) && fs::exists(b, ec) && fs::equivalent(a, b, ec);
}

bool write_atomically(const std::string& path, const std::string& data, const std::string& input,
                      bool in_place, std::string& error) {
  if (!input.empty() && !in_place && same_file(path, input)) {
    error = fmt::format("{} is the input; give another output, or --in-place to replace it", path);
    return false;
  }
  fs::path target(path);
  fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::string pattern = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0) {
    error = fmt::format("cannot create a file in {}: {}", dir.string(), std::strerror(errno));
    return false;
  }
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = fmt::format("cannot write {}: {}", path, std::strerror(errno));
      ::close(fd);
      ::unlink(name.data());
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  // Keep the permissions of a file being replaced; otherwise the usual 0644 less umask.
  struct stat st {};
  mode_t mode = 0644;
  if (::stat(path.c_str(), &st) == 0) {
    mode = st.st_mode & 07777;
  } else {
    mode_t mask = ::umask(0);
    ::umask(mask);
    mode &= ~mask;
  }
  ::fchmod(fd, mode);
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    error = fmt::format("cannot write {}: {}", path, std::strerror(errno));
    ::unlink(name.data());
    return false;
  }
  if (::rename(name.data(), path.c_str()) != 0) {
    error = fmt::format("cannot write {}: {}", path, std::strerror(errno));
    ::unlink(name.data());
    return false;
  }
  return true;
}

}  // namespace wallaudit::cli
