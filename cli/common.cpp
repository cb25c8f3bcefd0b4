#include "cli/common.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <sstream>

#include "cli/app.hpp"
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
  CheckContext ctx;
  policy().limits = limits;
  status = kExitUsage;
  if (vm.count("max-turns")) {
    long long n = vm["max-turns"].as<long long>();
    if (n < 1 || n > 100'000'000) {
      fmt::print(stderr, "wallaudit {}: --max-turns takes a number from 1 to 100000000\n", command);
      return std::nullopt;
    }
    ctx.max_turns = static_cast<std::size_t>(n);
  }

  const Registry& registry = builtin_registry();
  if (vm.count("option")) {
    for (const auto& text : vm["option"].as<std::vector<std::string>>()) {
      auto eq = text.find('=');
      if (eq == std::string::npos || eq == 0) {
        fmt::print(stderr, "wallaudit {}: --option takes NAME=VALUE, not '{}'\n", command, text);
        return std::nullopt;
      }
      std::string name = text.substr(0, eq), value = text.substr(eq + 1);
      bool known_name = false, known_value = false;
      std::string values;
      for (const auto& game : registry.games()) {
        for (const auto& o : game->options()) {
          if (o.name != name) continue;
          known_name = true;
          for (const auto& v : o.values) {
            if (v == value) known_value = true;
            values += fmt::format("{}{}", values.empty() ? "" : ", ", v);
          }
        }
      }
      if (!known_name) {
        std::string names;
        for (const auto& game : registry.games())
          for (const auto& o : game->options())
            names += fmt::format("{}{}", names.empty() ? "" : ", ", o.name);
        fmt::print(stderr, "wallaudit {}: unknown rules option '{}' (options: {})\n", command, name,
                   names);
        return std::nullopt;
      }
      if (!known_value) {
        fmt::print(stderr, "wallaudit {}: option {} takes {}, not '{}'\n", command, name, values,
                   value);
        return std::nullopt;
      }
      auto same = std::find_if(ctx.option_overrides.begin(), ctx.option_overrides.end(),
                               [&](const auto& o) { return o.first == name; });
      if (same != ctx.option_overrides.end())
        same->second = value;
      else
        ctx.option_overrides.emplace_back(name, value);
    }
  }
  if (vm.count("boards")) {
    for (const auto& path : vm["boards"].as<std::vector<std::string>>()) {
      std::string error;
      auto text = read_regular_file(path, include_policy().limits.max_record_bytes, error);
      if (!text) {
        fmt::print(stderr, "wallaudit {}: cannot read board definitions {}: {}\n", command, path,
                   error);
        status = kExitMalformed;
        return std::nullopt;
      }
      ctx.definitions.push_back({path, std::move(*text)});
    }
  }
  IncludePolicy& includes = policy();
  includes.allow_any_path = vm.count("allow-any-path") > 0;
  includes.trees.clear();
  if (vm.count("definitions")) {
    for (const auto& dir : vm["definitions"].as<std::vector<std::string>>()) {
      std::error_code ec;
      auto canonical = std::filesystem::canonical(dir, ec);
      if (ec || !std::filesystem::is_directory(canonical, ec)) {
        fmt::print(stderr, "wallaudit {}: --definitions takes a directory, not '{}'\n", command,
                   dir);
        return std::nullopt;
      }
      includes.trees.push_back(canonical.string());
    }
  }
  bool ok = true;
  for (const auto& game : registry.games()) {
    Diagnostics problems;
    ctx.prepared.emplace_back(std::string(game->id()), game->prepare(ctx, problems));
    for (const auto& d : problems.items()) {
      fmt::print(stderr, "{}:{}:{}: error: {} [{}]\n", d.file, d.loc.line, d.loc.column, d.message,
                 d.rule);
      ok = false;
    }
  }
  if (!ok) {
    status = kExitMalformed;
    return std::nullopt;
  }
  status = kExitOk;
  return ctx;
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
