// Options shared by several subcommands: rules overrides and board definitions.
#pragma once

#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/included_files.hpp"
#include "core/game.hpp"

namespace wallaudit::cli {

// A whole decimal number without sign, space or overflow; nullopt for anything else.
std::optional<std::uint64_t> parse_count(std::string_view text);

// How files named by records are read, from --definitions, --allow-any-path and the limits as
// the last make_context read them.
const IncludePolicy& include_policy();

// Adds --boards to a command's options and, for a command that reads records, --option,
// --definitions, --allow-any-path and --max-turns.
void add_context_options(boost::program_options::options_description& desc,
                         bool reads_records = true);

// The message for a command line the option parser refused, in our words: "unknown option
// '--frobnicate'", "--turn takes a value, not 'x'", …
std::string usage_error(const boost::program_options::error& e);

// Builds the check context from parsed options, with every game's definitions prepared;
// on a problem prints why and returns nullopt with `status` set (64 for a bad option, 2 for
// an unreadable or invalid definition file). `limits` (--max-record-size …, for commands that
// take them) apply to --boards files and to files named by records; else the defaults.
std::optional<CheckContext> make_context(const boost::program_options::variables_map& vm,
                                         const char* command, int& status,
                                         const Limits& limits = Limits{});

// Parses `args` for a command, printing help when asked; returns false when it printed help.
bool parse_args(const std::vector<std::string>& args,
                const boost::program_options::options_description& visible,
                const boost::program_options::positional_options_description& positional,
                boost::program_options::variables_map& vm, const char* usage,
                const boost::program_options::options_description* hidden = nullptr);
// parse_args for a command whose arguments are a list (PATH..., RESULT...), read as the hidden
// option `name`.
bool parse_list_args(const std::vector<std::string>& args,
                     const boost::program_options::options_description& visible, const char* name,
                     boost::program_options::variables_map& vm, const char* usage);

}  // namespace wallaudit::cli
