#include "cli/common.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <sstream>

#include "cli/app.hpp"
#include "cli/context.hpp"
#include "cli/inputs.hpp"
#include "core/registry.hpp"

namespace po = boost::program_options;

namespace wallaudit::cli {

std::optional<std::uint64_t> parse_count(std::string_view text) {
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

namespace {

IncludePolicy& policy() {
  static IncludePolicy p;
  return p;
}

}  // namespace

const IncludePolicy& include_policy() {
  return policy();
}

void add_context_options(po::options_description& desc, bool reads_records) {
  if (reads_records)
    desc.add_options()("option", po::value<std::vector<std::string>>()->composing(),
                       "NAME=VALUE: override a rules option of the records (repeatable)");
  desc.add_options()("boards", po::value<std::vector<std::string>>()->composing(),
                     "FILE: board definitions (e.g. a Chang Cheng board set) to use besides the "
                     "built-in ones; the last one given becomes the default (repeatable)");
  if (reads_records)
    desc.add_options()("definitions", po::value<std::vector<std::string>>()->composing(),
                       "DIR: files named by records (boards, maps) may also lie in DIR; by "
                       "default they must lie in the directory checked, or the current one for a "
                       "file (repeatable)")(
        "allow-any-path", "files named by records may lie anywhere, absolute paths included")(
        "max-turns", po::value<long long>(),
        "N: records with more turns are malformed, not replayed (default 10000)");
}

std::string usage_error(const po::error& e) {
  auto option = [](const po::error_with_option_name& err) {
    std::string name = err.get_option_name();
    return name.empty() ? std::string("an option") : name;
  };
  if (auto* u = dynamic_cast<const po::unknown_option*>(&e))
    return fmt::format("unknown option '{}'", u->get_option_name());
  if (auto* a = dynamic_cast<const po::ambiguous_option*>(&e))
    return fmt::format("'{}' is short for more than one option; write it out",
                       a->get_option_name());
  if (auto* m = dynamic_cast<const po::multiple_occurrences*>(&e))
    return fmt::format("{} is given more than once", option(*m));
  if (auto* v = dynamic_cast<const po::invalid_option_value*>(&e))
    return fmt::format("{} takes a number within its range", option(*v));
  if (auto* s = dynamic_cast<const po::invalid_command_line_syntax*>(&e)) {
    switch (s->kind()) {
      case po::invalid_command_line_syntax::missing_parameter:
        return fmt::format("{} needs a value", option(*s));
      case po::invalid_command_line_syntax::extra_parameter:
        return fmt::format("{} takes no value", option(*s));
      default:
        return fmt::format("cannot read the option {}", option(*s));
    }
  }
  if (dynamic_cast<const po::too_many_positional_options_error*>(&e)) return "too many arguments";
  if (auto* r = dynamic_cast<const po::required_option*>(&e))
    return fmt::format("{} is required", option(*r));
  return "cannot read the command line";
}

std::optional<CheckContext> make_context(const po::variables_map& vm, const char* command,
                                         int& status, const Limits& limits) {
  ContextRequest request;
  if (vm.count("max-turns")) request.max_turns = vm["max-turns"].as<long long>();
  if (vm.count("option")) {
    for (const auto& text : vm["option"].as<std::vector<std::string>>()) {
      auto option = parse_option(text);
      if (!option) {
        fmt::print(stderr, "wallaudit {}: --option takes NAME=VALUE, not '{}'\n", command, text);
        status = kExitUsage;
        return std::nullopt;
      }
      request.options.push_back(std::move(*option));
    }
  }
  if (vm.count("boards")) request.boards = vm["boards"].as<std::vector<std::string>>();
  if (vm.count("definitions"))
    request.definitions = vm["definitions"].as<std::vector<std::string>>();
  request.allow_any_path = vm.count("allow-any-path") > 0;
  policy().limits = limits;
  ContextError error;
  auto ctx = build_context(request, policy(), error);
  if (!ctx) {
    // Definitions that do not hold say where; anything else is one line.
    if (error.located.empty()) fmt::print(stderr, "wallaudit {}: {}\n", command, error.message);
    for (const auto& line : error.located)
      fmt::print(stderr, "{}\n", line);
    status = error.status;
    return std::nullopt;
  }
  status = kExitOk;
  return ctx;
}

bool parse_list_args(const std::vector<std::string>& args, const po::options_description& visible,
                     const char* name, po::variables_map& vm, const char* usage) {
  po::options_description hidden;
  hidden.add_options()(name, po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add(name, -1);
  return parse_args(args, visible, positional, vm, usage, &hidden);
}

bool parse_args(const std::vector<std::string>& args, const po::options_description& visible,
                const po::positional_options_description& positional, po::variables_map& vm,
                const char* usage, const po::options_description* hidden) {
  po::options_description all;
  all.add(visible);
  if (hidden) all.add(*hidden);
  po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
  if (vm.count("help")) {
    fmt::print("{}\n\n", usage);
    std::ostringstream text;
    text << visible;
    fmt::print("{}", text.str());
    return false;
  }
  po::notify(vm);
  return true;
}

}  // namespace wallaudit::cli
