// Checks a stream of inputs on N worker threads and hands the results over in input order,
// with at most a fixed window of records, and of their bytes, in memory whatever the number of
// inputs.
#pragma once

#include <functional>
#include <string>

#include "cli/included_files.hpp"
#include "cli/sources.hpp"
#include "core/game.hpp"

namespace wallaudit {
class Registry;
}

namespace wallaudit::cli {

struct Job {
  std::size_t index = 0;
  InputItem input;
  GameResult result;
  std::uint64_t bytes = 0;
  std::uint64_t weight = 0;  // the bytes it holds while in flight (set by the reader)
  double seconds = 0;
  std::string text;      // the record's bytes, when BatchSettings::keep_text
  std::string output;    // what the worker rendered for this record
  bool dropped = false;  // taken after an interrupt: not checked
  bool closing = false;  // says why the inputs end (checked and shown even when stopping)
};

struct BatchSettings {
  int jobs = 1;
  CheckContext ctx;  // copied per record; load_relative is set per input
  std::uint64_t max_record_bytes = 64ull << 20;
  // With more than one job, the bytes of the records read and not yet consumed after which the
  // reader waits (it always keeps one record going). 0: two records of max_record_bytes per
  // job, and at least 64 MiB.
  std::uint64_t bytes_in_flight = 0;
  IncludePolicy includes;              // how files named by records are read
  const Registry* registry = nullptr;  // the games; nullptr: the built-in ones
  // Polled before each input is taken: true stops the run as an interrupt does.
  std::function<bool()> stop;
  bool keep_text = false;  // keep the bytes in Job::text (to show source lines)
  // Runs on the worker after the check (e.g. render the record's output); may be empty.
  std::function<void(Job&)> render;
};

struct BatchOutcome {
  std::size_t checked = 0;      // records handed to `consume`
  std::size_t not_checked = 0;  // records read but dropped after an interrupt or a stop
  int signal = 0;               // the SIGINT or SIGTERM that stopped the run, or 0
  bool stopped = false;         // stopped early, by a signal or BatchSettings::stop
};

// Runs every input of `source`; `consume` is called on the calling thread, in input order.
// One job (jobs <= 1) runs everything on the calling thread; more start that many workers
// and a thread that reads the inputs.
// After SIGINT, SIGTERM or BatchSettings::stop no input is taken, the records not started are
// dropped and counted, the ones being checked are finished. An exception in `consume` stops the
// run and is thrown again once every thread has ended.
BatchOutcome run_batch(InputSource& source, const BatchSettings& settings,
                       const std::function<void(Job&)>& consume);

// The result for a record whose check threw (`what`): malformed, "internal error, please
// report".
GameResult internal_error_result(std::string_view what);

// The result for an input that could not be read at all (verdict malformed): REC-017 with
// `error` when the input is over a record limit, else a read failure.
GameResult unreadable_result(const std::string& error, bool over_limit);

// The check of one input, as a worker does it; never throws: an exception becomes the
// record's internal_error_result.
void check_job(Job& job, const BatchSettings& settings);

}  // namespace wallaudit::cli
