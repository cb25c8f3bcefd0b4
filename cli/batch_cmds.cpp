// wallaudit stats PATH… and wallaudit summarize RESULT.jsonl…
#include <fmt/format.h>

#include <array>

#include <boost/program_options.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli/app.hpp"
#include "cli/batch.hpp"
#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/duplicates.hpp"
#include "cli/interrupt.hpp"
#include "core/json.hpp"
#include "report/check_output.hpp"
#include "report/stats.hpp"

namespace po = boost::program_options;

namespace wallaudit::cli {

bool parse_batch_options(const po::variables_map& vm, const char* command, SourceOptions& sources,
                         int& jobs, int& status);
void add_batch_options(po::options_description& desc);

namespace {

void put(const std::string& s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

}  // namespace

int stats_command(const std::vector<std::string>& args) {
  po::options_description desc("stats options");
  desc.add_options()("help,h", "show this help")(
      "format", po::value<std::string>()->default_value("text"), "text or json")(
      "with-follow-ons",
      "count findings that follow from an earlier error among the violations too");
  add_batch_options(desc);
  po::variables_map vm;
  if (!parse_list_args(
          args, desc, "paths", vm,
          "usage: wallaudit stats [OPTIONS] PATH...\n\n"
          "Figures over an archive of records, per game: results and scores, win rates by\n"
          "seat and by colour, what each game counts (cards, effects, province values, …)\n"
          "and the most common violations."))
    return kExitOk;
  std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json") {
    fmt::print(stderr, "wallaudit stats: --format takes text or json, not '{}'\n", format);
    return kExitUsage;
  }
  std::vector<std::string> paths =
      vm.count("paths") ? vm["paths"].as<std::vector<std::string>>() : std::vector<std::string>{};
  std::vector<std::string> lists = vm.count("files-from")
                                       ? vm["files-from"].as<std::vector<std::string>>()
                                       : std::vector<std::string>{};
  if (paths.empty() && lists.empty()) {
    fmt::print(stderr, "wallaudit stats: no record given (see 'wallaudit stats --help')\n");
    return kExitUsage;
  }
  int status = kExitOk;
  SourceOptions sources;
  int jobs = 1;
  if (!parse_batch_options(vm, "stats", sources, jobs, status)) return status;
  auto ctx = make_context(vm, "stats", status, sources.limits);
  if (!ctx) return status;
  InputSource source(paths, lists, sources);
  BatchSettings settings;
  settings.jobs = jobs;
  settings.ctx = *ctx;
  settings.ctx.want_facts = true;
  settings.max_record_bytes = sources.limits.max_record_bytes;
  settings.includes = include_policy();
  settings.includes.limits = sources.limits;
  report::StatsAccumulator stats(vm.count("with-follow-ons") > 0);
  install_interrupt_handlers();
  BatchOutcome outcome =
      run_batch(source, settings, [&](Job& job) { stats.add(job.result, job.input.name); });
  for (const auto& w : source.take_warnings())
    fmt::print(stderr, "wallaudit stats: {}\n", w);
  put(format == "json" ? report::stats_json(stats) : report::stats_text(stats));
  if (outcome.signal != 0) {
    fmt::print(stderr,
               "wallaudit stats: interrupted by {}: the figures cover the {} record{} checked; {} "
               "read but not checked\n",
               signal_name(outcome.signal), outcome.checked, outcome.checked == 1 ? "" : "s",
               outcome.not_checked);
    return 128 + outcome.signal;
  }
  return kExitOk;
}

int summarize_command(const std::vector<std::string>& args) {
  po::options_description desc("summarize options");
  desc.add_options()("help,h", "show this help")(
      "format", po::value<std::string>()->default_value("text"), "text or json")(
      "allow-partial",
      "summarize result files that are incomplete (no summary line, an interrupted run, a "
      "summary that disagrees with the lines) instead of refusing them")(
      "with-follow-ons",
      "count findings that follow from an earlier error in the findings by rule too");
  po::variables_map vm;
  if (!parse_list_args(
          args, desc, "results", vm,
          "usage: wallaudit summarize [OPTIONS] RESULT.jsonl...\n\n"
          "Merges the JSON Lines outputs of several `wallaudit check --format jsonl` runs\n"
          "(e.g. the shards of --shard K/N on N machines) into one summary: verdicts,\n"
          "findings by rule, duplicates across shards, the slowest records. '-' reads\n"
          "standard input. The exit status is the one check would have given."))
    return kExitOk;
  std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json") {
    fmt::print(stderr, "wallaudit summarize: --format takes text or json, not '{}'\n", format);
    return kExitUsage;
  }
  if (!vm.count("results")) {
    fmt::print(stderr, "wallaudit summarize: no result file given\n");
    return kExitUsage;
  }
  report::Summary summary;
  summary.with_follow_ons = vm.count("with-follow-ons") > 0;
  DuplicateIndex keys;
  bool broken = false;
  // Why each file cannot be trusted as the whole output of a run.
  std::vector<std::string> incomplete;
  for (const auto& path : vm["results"].as<std::vector<std::string>>()) {
    std::ifstream file;
    std::istream* in = &std::cin;
    if (path != "-") {
      file.open(path);
      if (!file) {
        fmt::print(stderr, "wallaudit summarize: cannot read {}\n", path);
        broken = true;
        continue;
      }
      in = &file;
    }
    std::string line;
    std::size_t number = 0, summary_line = 0;
    std::size_t records = 0;
    std::array<std::size_t, 4> verdicts{};
    const JsonValue* declared = nullptr;
    JsonValue declared_holder;
    while (std::getline(*in, line)) {
      ++number;
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      auto parsed = parse_json(line);
      const JsonValue* record = std::get_if<JsonValue>(&parsed);
      if (summary_line) {
        incomplete.push_back(fmt::format("{}:{}: a line after the summary line (line {})", path,
                                         number, summary_line));
        summary_line = number;
      }
      if (const JsonValue* sum = record ? record->find("summary") : nullptr;
          sum && sum->is_object() && !record->find("file")) {
        summary_line = number;
        declared_holder = *sum;
        declared = &declared_holder;
        continue;
      }
      const JsonValue* file_name = record ? record->find("file") : nullptr;
      const JsonValue* verdict = record ? record->find("verdict") : nullptr;
      if (!file_name || !file_name->is_string() || !verdict || !verdict->is_string()) {
        fmt::print(stderr, "{}:{}: error: not a record of `wallaudit check --format jsonl`{}\n",
                   path, number,
                   record
                       ? ""
                       : fmt::format(" ({} at column {})", std::get<JsonParseError>(parsed).message,
                                     std::get<JsonParseError>(parsed).offset + 1));
        broken = true;
        continue;
      }
      Verdict v = Verdict::malformed;
      for (int k = 0; k < 4; ++k)
        if (verdict->as_string() == to_string(static_cast<Verdict>(k))) v = static_cast<Verdict>(k);
      ++records;
      ++verdicts[static_cast<std::size_t>(v)];
      std::vector<std::string> rules;
      if (const JsonValue* ds = record->find("diagnostics"); ds && ds->is_array()) {
        for (const auto& d : ds->as_array()) {
          const JsonValue* rule = d.find("rule");
          const JsonValue* severity = d.find("severity");
          const JsonValue* follow_on = d.find("follow_on");
          if (!summary.with_follow_ons && follow_on && follow_on->is_bool() && follow_on->as_bool())
            continue;
          if (rule && rule->is_string() &&
              !(severity && severity->is_string() && severity->as_string() == "note"))
            rules.push_back(rule->as_string());
        }
      }
      double seconds = 0;
      if (const JsonValue* s = record->find("seconds"); s && s->is_number())
        seconds = s->as_number();
      bool duplicate = false;
      if (const JsonValue* k = record->find("key"); k && k->is_string()) {
        duplicate = keys.first_of(k->as_string(), file_name->as_string()).has_value();
      }
      summary.add_counts(v, rules, file_name->as_string(), seconds, duplicate);
    }
    if (!declared) {
      incomplete.push_back(fmt::format(
          "{}: no summary line at the end: the run did not finish, or the file is cut short",
          path));
      continue;
    }
    auto count = [&](const char* key) -> long long {
      const JsonValue* v = declared->find(key);
      return v && v->is_number() ? static_cast<long long>(v->as_number()) : -1;
    };
    if (const JsonValue* i = declared->find("interrupted"); !i || !i->is_bool() || i->as_bool()) {
      long long left = count("not_checked");
      incomplete.push_back(fmt::format(
          "{}: the run was interrupted{}", path,
          left >= 0 ? fmt::format(" ({} record{} read but not checked)", left, left == 1 ? "" : "s")
                    : ""));
    }
    bool agree = count("records") == static_cast<long long>(records);
    for (int k = 0; k < 4; ++k)
      agree = agree && count(std::string(to_string(static_cast<Verdict>(k))).c_str()) ==
                           static_cast<long long>(verdicts[static_cast<std::size_t>(k)]);
    if (!agree)
      incomplete.push_back(fmt::format(
          "{}: the summary line says {} records ({} ok, {} disputed, {} illegal, {} malformed); "
          "the file holds {} ({} ok, {} disputed, {} illegal, {} malformed)",
          path, count("records"), count("ok"), count("disputed"), count("illegal"),
          count("malformed"), records, verdicts[0], verdicts[1], verdicts[2], verdicts[3]));
    if (const JsonValue* defs = declared->find("definitions"); defs && defs->is_array())
      for (const auto& d : defs->as_array())
        if (d.is_string()) summary.definitions.push_back(d.as_string());
  }
  for (const auto& why : incomplete)
    fmt::print(stderr, "wallaudit summarize: {}{}\n", vm.count("allow-partial") ? "warning: " : "",
               why);
  if (!incomplete.empty() && !vm.count("allow-partial")) {
    fmt::print(stderr,
               "wallaudit summarize: {} incomplete; no summary given (--allow-partial gives one "
               "of what there is)\n",
               incomplete.size() == 1 ? "a result file is" : "result files are");
    return kExitMalformed;
  }
  if (!incomplete.empty()) summary.interrupted = true;
  std::string out;
  if (format == "json") {
    report::append_summary_json(out, summary);
    out += "\n";
  } else {
    out = report::summary_text(summary);
  }
  put(out);
  if (broken) return kExitMalformed;
  if (summary.verdicts[static_cast<std::size_t>(Verdict::malformed)]) return kExitMalformed;
  if (summary.verdicts[static_cast<std::size_t>(Verdict::illegal)] ||
      summary.verdicts[static_cast<std::size_t>(Verdict::disputed)])
    return kExitFindings;
  return kExitOk;
}

}  // namespace wallaudit::cli
