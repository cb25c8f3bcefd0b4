// Helpers shared by the test binaries: checking inline records, running the CLI.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/registry.hpp"

namespace wallaudit::test {

// The repository's root and the built `wallaudit` binary.
std::string source_dir();
std::string binary();

// Checks record text as `wallaudit check` would (no file access, no overrides by default).
GameResult check_text(std::string text, const CheckContext& ctx = {});

// The rule ids of the diagnostics, in report order ("CC-406", …).
std::vector<std::string> rules_of(const GameResult& result);
// Only findings of one kind.
std::vector<const Diagnostic*> findings(const GameResult& result, FindingKind kind);

// Reads a file of the repository (path relative to the source root).
std::string read_source_file(const std::string& relative);

struct RunResult {
  int status = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};
// Runs the built binary with `args` (no shell); stdin from `input` when given.
RunResult run_cli(const std::vector<std::string>& args, const std::string* input = nullptr,
                  const std::string& cwd = "");

}  // namespace wallaudit::test
