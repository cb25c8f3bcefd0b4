#include "cli/context.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "cli/app.hpp"
#include "core/registry.hpp"

namespace wallaudit::cli {

std::optional<std::pair<std::string, std::string>> parse_option(const std::string& text) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) return std::nullopt;
  return std::pair{text.substr(0, eq), text.substr(eq + 1)};
}

std::optional<CheckContext> build_context(const ContextRequest& request, IncludePolicy& includes,
                                          ContextError& error) {
  CheckContext ctx;
  auto fail = [&](int status, std::string message) {
    error.status = status;
    error.message = std::move(message);
    return std::nullopt;
  };
  if (request.max_turns) {
    long long n = *request.max_turns;
    if (n < 1 || n > 100'000'000)
      return fail(kExitUsage, "--max-turns takes a number from 1 to 100000000");
    ctx.max_turns = static_cast<std::size_t>(n);
  }

  const Registry& registry = builtin_registry();
  for (const auto& option : request.options) {
    const std::string& name = option.first;  // not a structured binding: lambdas capture it
    const std::string& value = option.second;
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
      return fail(kExitUsage, fmt::format("unknown rules option '{}' (options: {})", name, names));
    }
    if (!known_value)
      return fail(kExitUsage, fmt::format("option {} takes {}, not '{}'", name, values, value));
    auto same = std::find_if(ctx.option_overrides.begin(), ctx.option_overrides.end(),
                             [&](const auto& o) { return o.first == name; });
    if (same != ctx.option_overrides.end())
      same->second = value;
    else
      ctx.option_overrides.emplace_back(name, value);
  }
  for (const auto& path : request.boards) {
    std::string why;
    auto text = read_regular_file(path, includes.limits.max_record_bytes, why);
    if (!text)
      return fail(kExitMalformed, fmt::format("cannot read board definitions {}: {}", path, why));
    ctx.definitions.push_back({path, std::move(*text)});
  }
  includes.allow_any_path = request.allow_any_path;
  includes.trees.clear();
  for (const auto& dir : request.definitions) {
    std::error_code ec;
    auto canonical = std::filesystem::canonical(dir, ec);
    if (ec || !std::filesystem::is_directory(canonical, ec))
      return fail(kExitUsage, fmt::format("--definitions takes a directory, not '{}'", dir));
    includes.trees.push_back(canonical.string());
  }
  for (const auto& game : registry.games()) {
    Diagnostics problems;
    ctx.prepared.emplace_back(std::string(game->id()), game->prepare(ctx, problems));
    for (const auto& d : problems.items())
      error.located.push_back(fmt::format("{}:{}:{}: error: {} [{}]", d.file, d.loc.line,
                                          d.loc.column, d.message, d.rule));
  }
  if (!error.located.empty())
    return fail(kExitMalformed,
                fmt::format("the board definitions do not hold ({} error{})", error.located.size(),
                            error.located.size() == 1 ? "" : "s"));
  return ctx;
}

}  // namespace wallaudit::cli
