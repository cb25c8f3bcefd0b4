// Finding the records named on the command line, and reading them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace wallaudit::cli {

struct Input {
  std::string name;  // as shown in every output
  std::string path;  // on disk; empty for stdin
  bool is_stdin = false;
};

// Reads an input's bytes; nullopt with `error` set when it cannot be read.
std::optional<std::string> read_input(const Input& input, std::string& error);

// Reads a whole file; nullopt with `error` set on failure.
std::optional<std::string> read_file(const std::string& path, std::string& error);

}  // namespace wallaudit::cli
