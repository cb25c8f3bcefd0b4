// wallaudit check PATH…
#include <fmt/format.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <string>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/inputs.hpp"
#include "core/registry.hpp"
#include "report/check_output.hpp"

namespace po = boost::program_options;

namespace wallaudit::cli {

namespace {

// The result for an input that could not be read at all.
GameResult unreadable(const std::string& error) {
  GameResult r;
  r.diagnostics.add(FindingKind::format, std::string(rec::unreadable), {},
                    fmt::format("cannot read the record: {}", error));
  r.finalise();
  return r;
}

int exit_status(const report::Summary& s) {
  if (s.verdicts[static_cast<std::size_t>(Verdict::malformed)]) return kExitMalformed;
  if (s.verdicts[static_cast<std::size_t>(Verdict::illegal)] ||
      s.verdicts[static_cast<std::size_t>(Verdict::disputed)])
    return kExitFindings;
  return kExitOk;
}

}  // namespace

int check_command(const std::vector<std::string>& args) {
  po::options_description desc("check options");
  desc.add_options()("help,h", "show this help")(
      "format", po::value<std::string>()->default_value("text"), "text, json or jsonl")(
      "all", "in directories, check every file, not only *.xml");
  add_context_options(desc);
  po::options_description hidden;
  hidden.add_options()("paths", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("paths", -1);
  po::variables_map vm;
  if (!parse_args(args, desc, positional, vm,
                  "usage: wallaudit check [OPTIONS] PATH...\n\n"
                  "Replays each record (files, directories, '-' for standard input) through the\n"
                  "rules of its game and reports every illegal action, format error and score\n"
                  "dispute.",
                  &hidden))
    return kExitOk;
  std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json" && format != "jsonl") {
    fmt::print(stderr, "wallaudit check: --format takes text, json or jsonl, not '{}'\n", format);
    return kExitUsage;
  }
  if (!vm.count("paths")) {
    fmt::print(stderr, "wallaudit check: no record given (see 'wallaudit check --help')\n");
    return kExitUsage;
  }
  int status = kExitOk;
  auto ctx = make_context(vm, "check", status);
  if (!ctx) return status;
  InputOptions input_options;
  input_options.all_files = vm.count("all") > 0;
  std::vector<std::string> warnings;
  auto inputs = expand_inputs(vm["paths"].as<std::vector<std::string>>(), input_options, warnings);
  for (const auto& w : warnings)
    fmt::print(stderr, "wallaudit check: {}\n", w);

  const Registry& registry = builtin_registry();
  report::Summary summary;
  bool first_json = true;
  if (format == "json") std::fputs("{\"records\":[", stdout);
  for (const auto& input : inputs) {
    auto start = std::chrono::steady_clock::now();
    std::string error;
    auto text = read_input(input, error);
    GameResult result;
    CheckContext record_ctx = *ctx;
    record_ctx.load_relative = relative_loader(input);
    if (text)
      result = check_record(registry, *text, record_ctx);
    else
      result = unreadable(error);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    summary.add(result);
    report::CheckedRecord checked{input.name, text ? std::string_view(*text) : std::string_view(),
                                  &result, seconds};
    std::string out;
    if (format == "text") {
      report::append_text(out, checked);
    } else {
      if (format == "json" && !first_json) out += ',';
      report::append_json(out, checked);
      if (format == "jsonl") out += '\n';
      first_json = false;
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  if (format == "json") {
    std::string out = "],\"summary\":";
    report::append_summary_json(out, summary);
    out += "}\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
  } else if (format == "text") {
    std::string out = report::summary_text(summary);
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  std::fflush(stdout);
  return exit_status(summary);
}

}  // namespace wallaudit::cli
