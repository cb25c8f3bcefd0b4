#include "wallaudit/wallaudit.hpp"

#include <atomic>
#include <utility>

#include "cli/batch.hpp"
#include "cli/context.hpp"
#include "cli/duplicates.hpp"
#include "cli/included_files.hpp"
#include "cli/inputs.hpp"
#include "cli/sources.hpp"
#include "core/history.hpp"
#include "report/check_output.hpp"
#include "report/explain.hpp"

namespace wallaudit {

namespace {

bool sets_checking_options(const CheckOptions& o) {
  return !o.rules_options.empty() || !o.boards.empty() || !o.definitions.empty() ||
         o.allow_any_path || o.max_turns.has_value();
}

// The context and include settings of `options`, as `wallaudit check` builds them.
struct Prepared {
  CheckContext ctx;
  cli::IncludePolicy includes;
};

Prepared prepare(const CheckOptions& options) {
  Prepared p;
  if (!sets_checking_options(options)) {
    p.ctx = default_context();
    return p;
  }
  cli::ContextRequest request{options.rules_options, options.boards, options.definitions,
                              options.allow_any_path, options.max_turns};
  cli::ContextError error;
  auto ctx = cli::build_context(request, p.includes, error);
  if (!ctx) {
    std::string message = error.message;
    for (const auto& line : error.located)
      message += "\n" + line;
    throw OptionsError(message);
  }
  p.ctx = std::move(*ctx);
  p.ctx.want_key = true;
  return p;
}

cli::BatchSettings batch_settings(const CheckOptions& options) {
  Prepared prepared = prepare(options);
  cli::BatchSettings settings;
  settings.jobs = options.jobs;
  settings.ctx = std::move(prepared.ctx);
  settings.max_record_bytes = cli::Limits{}.max_record_bytes;
  settings.includes = std::move(prepared.includes);
  if (options.json)
    settings.render = [](cli::Job& job) {
      if (!job.result.definition.empty()) return;
      report::CheckedRecord record{job.input.name, {}, &job.result, job.seconds, {}};
      report::append_json(job.output, record);
    };
  return settings;
}

Checked from_job(cli::Job& job) {
  Checked out;
  out.name = std::move(job.input.name);
  out.result = std::move(job.result);
  out.bytes = job.bytes;
  out.seconds = job.seconds;
  out.json = std::move(job.output);
  return out;
}

}  // namespace

const char* version() {
  return WALLAUDIT_VERSION;
}

const CheckContext& default_context() {
  static const CheckContext context = [] {
    CheckContext ctx;
    ctx.want_key = true;
    for (const auto& game : builtin_registry().games()) {
      Diagnostics problems;  // the built-in definitions are checked by the test suite
      ctx.prepared.emplace_back(std::string(game->id()), game->prepare(ctx, problems));
    }
    return ctx;
  }();
  return context;
}

CheckContext context_for(const CheckOptions& options) {
  return prepare(options).ctx;
}

Checked check_bytes(std::string text, std::string name, const CheckOptions& options) {
  cli::BatchSettings settings = batch_settings(options);
  cli::Job job;
  job.input.name = std::move(name);
  job.input.bytes = std::move(text);
  cli::check_job(job, settings);
  return from_job(job);
}

Checked check_file(const std::string& path, const CheckOptions& options) {
  cli::BatchSettings settings = batch_settings(options);
  cli::InputSource source({path}, {}, cli::SourceOptions{});
  cli::Job job;
  if (!source.next(job.input)) {
    job.input.name = path;
    job.input.error = "there is no record in it";
  }
  cli::check_job(job, settings);
  return from_job(job);
}

std::size_t check_many(const std::vector<std::string>& paths, const CheckOptions& options,
                       const std::function<bool(Checked&)>& consume) {
  cli::BatchSettings settings = batch_settings(options);
  cli::SourceOptions source_options;
  source_options.all_files = options.all_files;
  cli::InputSource source(paths, {}, source_options);
  std::atomic<bool> stop{false};
  settings.stop = [&stop] { return stop.load(); };
  cli::DuplicateIndex seen;
  std::size_t consumed = 0;
  cli::run_batch(source, settings, [&](cli::Job& job) {
    if (stop || !job.result.definition.empty()) return;
    std::string duplicate_of = seen.first_of(job.result.key, job.input.name).value_or("");
    if (!duplicate_of.empty()) {
      job.result.diagnostics.add(FindingKind::info, "duplicate", {},
                                 report::duplicate_note(duplicate_of));
      if (options.json) {
        job.output.clear();
        report::append_json(
            job.output,
            report::CheckedRecord{job.input.name, {}, &job.result, job.seconds, duplicate_of});
      }
    }
    Checked checked = from_job(job);
    checked.duplicate_of = std::move(duplicate_of);
    ++consumed;
    if (!consume(checked)) stop.store(true);
  });
  return consumed;
}

std::string to_json(const Checked& checked) {
  std::string out;
  report::append_json(
      out, report::CheckedRecord{
               checked.name, {}, &checked.result, checked.seconds, checked.duplicate_of});
  return out;
}

std::optional<std::string> explain_json(const std::string& path, const CheckOptions& options) {
  Prepared prepared = prepare(options);
  std::string error;
  auto text = cli::read_file(path, error);
  if (!text) return std::nullopt;
  CheckContext ctx = std::move(prepared.ctx);
  ctx.keep_history = true;
  ctx.load_relative = cli::included_file_loader(path, prepared.includes);
  GameResult result = check_record(builtin_registry(), *text, ctx);
  if (!result.history || !result.definition.empty()) return std::nullopt;
  return report::explain_json(path, result, result.history->explanation());
}

}  // namespace wallaudit
