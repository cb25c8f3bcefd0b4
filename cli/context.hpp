// The checking context asked for by the command line's options, or by the library's
// CheckOptions: rules option overrides, extra board definitions, where files named by records
// may lie, the turn limit. One place validates them, for both.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/included_files.hpp"
#include "core/game.hpp"

namespace wallaudit::cli {

struct ContextRequest {
  std::vector<std::pair<std::string, std::string>> options;  // rules options: name, value
  std::vector<std::string> boards;       // files of board definitions (--boards)
  std::vector<std::string> definitions;  // directories files named by records may lie in
  bool allow_any_path = false;
  std::optional<long long> max_turns;
};

// Why a request cannot be met: the exit status it means, one line saying why (without the
// command's name), and the findings of definitions that do not hold, as
// "FILE:LINE:COLUMN: error: MESSAGE [RULE]" lines.
struct ContextError {
  int status = 0;
  std::string message;
  std::vector<std::string> located;
};

// Reads "NAME=VALUE" into a rules option; nullopt when it has no name or no '='.
std::optional<std::pair<std::string, std::string>> parse_option(const std::string& text);

// The context of a request, with every game's definitions prepared; its include settings
// (definitions directories, allow_any_path) go into `includes`, whose limits bound the board
// files read. nullopt with `error` set when the request cannot be met.
std::optional<CheckContext> build_context(const ContextRequest& request, IncludePolicy& includes,
                                          ContextError& error);

}  // namespace wallaudit::cli
