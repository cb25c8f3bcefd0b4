// wallaudit rules
#include <fmt/format.h>

#include <boost/program_options.hpp>
#include <cstdio>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "core/registry.hpp"
#include "core/rules.hpp"
#include "report/rules_output.hpp"

namespace po = boost::program_options;

namespace wallaudit::cli {

namespace {

const RuleCatalogue* find_catalogue(const std::vector<const RuleCatalogue*>& all,
                                    std::string_view name) {
  for (const auto* c : all)
    if (c->game() == name) return c;
  return nullptr;
}

const RuleCatalogue* catalogue_of(const std::vector<const RuleCatalogue*>& all, const Rule& rule) {
  for (const auto* c : all)
    if (c->find(rule.id) == &rule) return c;
  return nullptr;
}

}  // namespace

int rules_command(const std::vector<std::string>& args) {
  po::options_description desc("rules options");
  desc.add_options()("help,h", "show this help")(
      "format", po::value<std::string>()->default_value("text"), "text or json")(
      "coverage",
      "per id: checked or descriptive, the tests and samples that break it; "
      "then a summary per game");
  po::options_description hidden;
  hidden.add_options()("name", po::value<std::vector<std::string>>(), "ids or games");
  po::positional_options_description positional;
  positional.add("name", -1);
  po::variables_map vm;
  if (!parse_args(args, desc, positional, vm,
                  "usage: wallaudit rules [ID|GAME]... [--format text|json] [--coverage]\n\n"
                  "The rule catalogue. 'wallaudit rules CC-406' shows a rule: its statement, the\n"
                  "options that change it, a breach from the samples and the fix (ids in any\n"
                  "case). 'wallaudit rules GAME' lists a game's ids with their titles\n"
                  "('record-format' for the REC ids); with no argument, the games. With\n"
                  "--format json one argument gives one object, several an array.",
                  &hidden))
    return kExitOk;
  std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json") {
    fmt::print(stderr, "wallaudit rules: --format takes text or json, not '{}'\n", format);
    return kExitUsage;
  }
  bool json = format == "json";
  std::vector<std::string> names;
  if (vm.count("name")) names = vm["name"].as<std::vector<std::string>>();
  const Registry& registry = builtin_registry();
  std::vector<const RuleCatalogue*> all = all_catalogues(registry);

  if (vm.count("coverage")) {
    std::vector<const RuleCatalogue*> chosen;
    for (const auto& n : names) {
      const RuleCatalogue* c = find_catalogue(all, n);
      if (!c) {
        std::string games;
        for (const auto* a : all)
          games += fmt::format("{}{}", games.empty() ? "" : ", ", a->game());
        fmt::print(stderr, "wallaudit rules: --coverage takes games, not '{}' (games: {})\n", n,
                   games);
        return kExitUsage;
      }
      chosen.push_back(c);
    }
    if (chosen.empty()) chosen = all;
    std::string out = json ? report::coverage_json(chosen) : report::coverage_text(chosen);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
  }

  if (names.empty()) {
    std::string out = json ? report::catalogues_json(all) : report::catalogues_text(all);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
  }

  std::string out;
  std::string errors;
  std::size_t shown = 0;
  for (const auto& n : names) {
    std::string one;
    if (const RuleCatalogue* c = find_catalogue(all, n)) {
      if (json)
        report::append_catalogue_json(one, *c);
      else
        one = report::catalogue_text(*c);
    } else if (const Rule* r = find_rule(registry, n)) {
      const RuleCatalogue* c = catalogue_of(all, *r);
      if (json)
        report::append_rule_json(one, *c, *r);
      else
        one = report::rule_text(*c, *r);
    } else {
      std::vector<std::string> near = nearest_rule_ids(registry, n);
      std::string list;
      for (const auto& id : near)
        list += fmt::format("{}{}", list.empty() ? "" : ", ", id);
      errors += fmt::format("wallaudit rules: unknown rule or game '{}'{}\n", n,
                            list.empty() ? std::string(" (see 'wallaudit rules' for the games)")
                                         : fmt::format("; nearest: {}", list));
      continue;
    }
    if (json)
      out += fmt::format("{}{}", shown ? "," : "", one);
    else
      out += fmt::format("{}{}", shown ? "\n" : "", one);
    ++shown;
  }
  if (json && shown) out = names.size() > 1 ? "[" + out + "]\n" : out + "\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (!errors.empty()) {
    std::fwrite(errors.data(), 1, errors.size(), stderr);
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace wallaudit::cli
