#include "support/support.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace wallaudit::test {

std::string source_dir() {
  return WALLAUDIT_SOURCE_DIR;
}
std::string binary() {
  return WALLAUDIT_BINARY;
}

GameResult check_text(std::string text, const CheckContext& ctx) {
  return check_record(builtin_registry(), std::move(text), ctx);
}

std::vector<std::string> rules_of(const GameResult& result) {
  std::vector<std::string> out;
  for (const auto& d : result.diagnostics.items())
    out.push_back(d.rule);
  return out;
}

std::vector<const Diagnostic*> findings(const GameResult& result, FindingKind kind) {
  std::vector<const Diagnostic*> out;
  for (const auto& d : result.diagnostics.items())
    if (d.kind == kind) out.push_back(&d);
  return out;
}

std::string read_source_file(const std::string& relative) {
  std::ifstream in(source_dir() + "/" + relative, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + relative);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

namespace {

std::string drain(int fd) {
  std::string out;
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n <= 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

}  // namespace

RunResult run_cli(const std::vector<std::string>& args, const std::string* input,
                  const std::string& cwd) {
  // A child that stops reading its input must not kill the test with SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  int in_pipe[2], out_pipe[2], err_pipe[2];

  if (::pipe(in_pipe) || ::pipe(out_pipe) || ::pipe(err_pipe)) throw std::runtime_error("pipe");
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(in_pipe[0], 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]})
      ::close(fd);
    if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) ::_exit(126);
    std::vector<char*> argv;
    std::string bin = binary();
    argv.push_back(bin.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(bin.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  std::thread writer([&] {
    if (input) {
      std::size_t done = 0;
      while (done < input->size()) {
        ssize_t n = ::write(in_pipe[1], input->data() + done, input->size() - done);
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
      }
    }
    ::close(in_pipe[1]);
  });
  RunResult result;
  std::thread err_reader([&] { result.err = drain(err_pipe[0]); });
  result.out = drain(out_pipe[0]);
  err_reader.join();
  writer.join();
  int status = 0;
  ::waitpid(pid, &status, 0);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

}  // namespace wallaudit::test
