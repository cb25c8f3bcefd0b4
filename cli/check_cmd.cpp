// wallaudit check PATH…: one record or a whole archive, on N threads, in input order.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <boost/program_options.hpp>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

#include "cli/app.hpp"
#include "cli/batch.hpp"
#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/duplicates.hpp"
#include "cli/interrupt.hpp"
#include "core/registry.hpp"
#include "report/check_output.hpp"
#include "report/junit.hpp"

namespace po = boost::program_options;

namespace wallaudit::cli {

namespace {

int exit_status(const report::Summary& s) {
  if (s.verdicts[static_cast<std::size_t>(Verdict::malformed)]) return kExitMalformed;
  if (s.verdicts[static_cast<std::size_t>(Verdict::illegal)] ||
      s.verdicts[static_cast<std::size_t>(Verdict::disputed)])
    return kExitFindings;
  return kExitOk;
}

// A progress line on a terminal: records done, rate, and an estimate when the total is known.
class Progress {
 public:
  explicit Progress(bool on) : on_(on), start_(std::chrono::steady_clock::now()) {}
  void update(std::size_t done) {
    if (!on_) return;
    auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    double secs = std::chrono::duration<double>(now - start_).count();
    double rate = secs > 0 ? static_cast<double>(done) / secs : 0;
    fmt::print(stderr, "\r\x1b[K{} records, {:.0f}/s, {:.0f} s", done, rate, secs);
    std::fflush(stderr);
  }
  void finish() {
    if (on_) fmt::print(stderr, "\r\x1b[K");
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point start_, last_{};
};

}  // namespace

// Parses the options every batch command shares; false with `status` set on a bad value.
bool parse_batch_options(const po::variables_map& vm, const char* command, SourceOptions& sources,
                         int& jobs, int& status) {
  status = kExitUsage;
  sources.all_files = vm.count("all") > 0;
  jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (vm.count("jobs")) {
    jobs = vm["jobs"].as<int>();
    if (jobs < 1 || jobs > 1024) {
      fmt::print(stderr, "wallaudit {}: -j takes a number of threads from 1 to 1024\n", command);
      return false;
    }
  }
  if (vm.count("shard")) {
    std::string s = vm["shard"].as<std::string>();
    auto slash = s.find('/');
    auto k = slash == std::string::npos ? std::nullopt : parse_count(s.substr(0, slash));
    auto n = slash == std::string::npos ? std::nullopt : parse_count(s.substr(slash + 1));
    if (!k || !n || *n < 1 || *k < 1 || *k > *n || *n > (1 << 30)) {
      fmt::print(stderr,
                 "wallaudit {}: --shard takes K/N with 1 <= K <= N <= 1073741824, not '{}'\n",
                 command, s);
      return false;
    }
    sources.shard = static_cast<int>(*k - 1);
    sources.shards = static_cast<int>(*n);
  }
  if (vm.count("max-record-size")) {
    long long mb = vm["max-record-size"].as<long long>();
    // Positions in a record are 32-bit: a record stays below 4 GiB.
    if (mb < 1 || mb > 4095) {
      fmt::print(stderr, "wallaudit {}: --max-record-size takes MiB from 1 to 4095\n", command);
      return false;
    }
    sources.limits.max_record_bytes = static_cast<std::uint64_t>(mb) << 20;
  }
  if (vm.count("max-expansion-ratio")) {
    double r = vm["max-expansion-ratio"].as<double>();
    if (!(r >= 1) || !std::isfinite(r)) {
      fmt::print(stderr, "wallaudit {}: --max-expansion-ratio takes a number of at least 1\n",
                 command);
      return false;
    }
    sources.limits.max_expansion_ratio = r;
  }
  status = kExitOk;
  return true;
}

void add_batch_options(po::options_description& desc) {
  desc.add_options()("jobs,j", po::value<int>(), "N: threads (default: all cores)")(
      "all", "in directories and archives, every file, not only *.xml")(
      "files-from", po::value<std::vector<std::string>>()->composing(),
      "FILE: read more paths from FILE, one per line ('-': standard input)")(
      "shard", po::value<std::string>(),
      "K/N: only the K-th of N deterministic shares of the inputs")(
      "max-record-size", po::value<long long>(),
      "MiB: larger records are malformed, not read (default 64)")(
      "max-expansion-ratio", po::value<double>(),
      "R: stop reading an archive that expands more than R times (default 200)");
  add_context_options(desc);
}

int check_command(const std::vector<std::string>& args) {
  po::options_description desc("check options");
  desc.add_options()("help,h", "show this help")(
      "format", po::value<std::string>()->default_value("text"), "text, json, jsonl or junit")(
      "max-errors", po::value<long long>(),
      "N: text: show at most N errors and disputes per record (the verdict line counts all)")(
      "hide-follow-ons", "text: leave out findings that follow from an earlier error")(
      "with-follow-ons",
      "count findings that follow from an earlier error in the findings by rule too");
  add_batch_options(desc);
  po::variables_map vm;
  if (!parse_list_args(
          args, desc, "paths", vm,
          "usage: wallaudit check [OPTIONS] PATH...\n\n"
          "Replays each record (files, directories, archives, '-' for standard input)\n"
          "through the rules of its game and reports every illegal action, format error\n"
          "and score dispute. Records of the same game recorded twice are noted."))
    return kExitOk;
  std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json" && format != "jsonl" && format != "junit") {
    fmt::print(stderr, "wallaudit check: --format takes text, json, jsonl or junit, not '{}'\n",
               format);
    return kExitUsage;
  }
  report::TextOptions text_options;
  text_options.hide_follow_ons = vm.count("hide-follow-ons") > 0;
  if (vm.count("max-errors")) {
    long long n = vm["max-errors"].as<long long>();
    if (n < 1 || n > 1'000'000'000) {
      fmt::print(stderr, "wallaudit check: --max-errors takes a number from 1 to 1000000000\n");
      return kExitUsage;
    }
    text_options.max_errors = static_cast<std::size_t>(n);
  }
  std::vector<std::string> paths =
      vm.count("paths") ? vm["paths"].as<std::vector<std::string>>() : std::vector<std::string>{};
  std::vector<std::string> lists = vm.count("files-from")
                                       ? vm["files-from"].as<std::vector<std::string>>()
                                       : std::vector<std::string>{};
  if (paths.empty() && lists.empty()) {
    fmt::print(stderr, "wallaudit check: no record given (see 'wallaudit check --help')\n");
    return kExitUsage;
  }
  int status = kExitOk;
  SourceOptions source_options;
  int jobs = 1;
  if (!parse_batch_options(vm, "check", source_options, jobs, status)) return status;
  auto ctx = make_context(vm, "check", status, source_options.limits);
  if (!ctx) return status;
  ctx->want_key = true;

  InputSource source(paths, lists, source_options);
  BatchSettings settings;
  settings.jobs = jobs;
  settings.ctx = *ctx;
  settings.max_record_bytes = source_options.limits.max_record_bytes;
  settings.includes = include_policy();
  settings.includes.limits = source_options.limits;
  // Text shows the source line under each diagnostic: keep the bytes for it.
  settings.keep_text = format == "text";
  // Each record's output is rendered on its worker; the rare duplicate is rendered again.
  auto render = [format, text_options](const Job& job, const std::string& duplicate_of) {
    report::CheckedRecord checked{job.input.name, job.text, &job.result, job.seconds, duplicate_of};
    std::string out;
    if (!job.result.definition.empty()) return out;
    if (format == "text") report::append_text(out, checked, text_options);
    if (format == "jsonl" || format == "json") report::append_json(out, checked);
    if (format == "junit") out = report::junit_testcase(checked);
    return out;
  };
  settings.render = [&](Job& job) { job.output = render(job, {}); };

  report::Summary summary;
  summary.with_follow_ons = vm.count("with-follow-ons") > 0;
  DuplicateIndex seen;  // key → first record
  std::FILE* junit_body = format == "junit" ? std::tmpfile() : nullptr;
  if (format == "junit" && !junit_body) {
    fmt::print(stderr, "wallaudit check: cannot create a temporary file for the JUnit report\n");
    return kExitMalformed;
  }
  // A write that fails (a full disk, a closed pipe) stops the run: nothing more can be told.
  std::string write_error;
  std::atomic<bool> write_failed{false};  // read by the batch's threads
  auto emit = [&](std::FILE* f, const std::string& text) {
    if (!write_error.empty()) return;
    if (std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::ferror(f)) {
      write_error = std::strerror(errno);
      write_failed.store(true);
    }
  };
  settings.stop = [&] { return write_failed.load(); };
  Progress progress(::isatty(STDERR_FILENO) != 0);
  bool first = true;
  if (format == "json") emit(stdout, "{\"records\":[");
  install_interrupt_handlers();

  auto consume = [&](Job& job) {
    if (!job.result.definition.empty()) {
      summary.definitions.push_back(job.input.name);
      if (format == "text")
        emit(stdout, fmt::format("{}: definitions (<{}>, {}), not a record\n", job.input.name,
                                 job.result.definition, job.result.game));
      return;
    }
    std::string duplicate_of = seen.first_of(job.result.key, job.input.name).value_or("");
    if (!duplicate_of.empty())
      job.result.diagnostics.add(FindingKind::info, "duplicate", {},
                                 report::duplicate_note(duplicate_of));
    std::vector<std::string> ids;
    for (const auto& d : job.result.diagnostics.items()) {
      if (d.kind != FindingKind::info && (summary.with_follow_ons || !d.follow_on))
        ids.push_back(d.rule);
      if (find_rule(builtin_registry(), d.rule)) summary.cited.insert(d.rule);
    }
    summary.add_counts(job.result.verdict, ids, job.input.name, job.seconds, !duplicate_of.empty());
    summary.bytes += job.bytes;
    std::string out = duplicate_of.empty() ? std::move(job.output) : render(job, duplicate_of);
    if (format == "json" && !first) out.insert(out.begin(), ',');
    if (format == "jsonl") out += '\n';
    first = false;
    emit(junit_body ? junit_body : stdout, out);
    progress.update(summary.records);
  };
  BatchOutcome outcome = run_batch(source, settings, consume);
  progress.finish();
  summary.interrupted = outcome.stopped;
  summary.not_checked = outcome.not_checked;
  for (const auto& w : source.take_warnings())
    fmt::print(stderr, "wallaudit check: {}\n", w);

  if (format == "json") {
    std::string out = "],\"summary\":";
    report::append_summary_json(out, summary);
    emit(stdout, out + "}\n");
  } else if (format == "jsonl") {
    std::string out = "{\"summary\":";
    report::append_summary_json(out, summary);
    emit(stdout, out + "}\n");
  } else if (format == "text") {
    emit(stdout, report::summary_text(summary) + report::see_lines(summary));
  } else if (format == "junit") {
    emit(stdout, report::junit_head(summary));
    std::fflush(junit_body);
    std::rewind(junit_body);
    char buffer[1 << 16];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, junit_body)) > 0)
      emit(stdout, std::string(buffer, n));
    std::fclose(junit_body);
    emit(stdout, report::junit_tail(summary));
  }
  if (std::fflush(stdout) != 0 && write_error.empty()) write_error = std::strerror(errno);
  if (!write_error.empty()) {
    fmt::print(stderr, "wallaudit check: cannot write the output: {}\n", write_error);
    return kExitMalformed;
  }
  if (!seen.error().empty()) {
    fmt::print(stderr, "wallaudit check: {}\n", seen.error());
    return kExitMalformed;
  }
  if (outcome.signal != 0) {
    fmt::print(stderr,
               "wallaudit check: interrupted by {}: {} record{} checked, {} read but not "
               "checked; the output is complete for those checked\n",
               signal_name(outcome.signal), summary.records, summary.records == 1 ? "" : "s",
               outcome.not_checked);
    return 128 + outcome.signal;
  }
  return exit_status(summary);
}

}  // namespace wallaudit::cli
