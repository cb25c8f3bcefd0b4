// Checks a stream of inputs on N worker threads and hands the results over in input order,
// with at most a fixed window of records in memory whatever the number of inputs.
#pragma once

#include <functional>
#include <string>

#include "cli/sources.hpp"
#include "core/game.hpp"

namespace wallaudit::cli {

struct Job {
  std::size_t index = 0;
  InputItem input;
  GameResult result;
  std::uint64_t bytes = 0;
  double seconds = 0;
  std::string text;    // the record's bytes, when BatchSettings::keep_text
  std::string output;  // what the worker rendered for this record
};

struct BatchSettings {
  int jobs = 1;
  CheckContext ctx;  // copied per record; load_relative is set per input
  std::uint64_t max_record_bytes = 64ull << 20;
  bool keep_text = false;  // keep the bytes in Job::text (to show source lines)
  // Runs on the worker after the check (e.g. render the record's output); may be empty.
  std::function<void(Job&)> render;
};

// Runs every input of `source`; `consume` is called on the calling thread, in input order.
// Returns the number of records.
std::size_t run_batch(InputSource& source, const BatchSettings& settings,
                      const std::function<void(Job&)>& consume);

// The result for an input that could not be read at all (verdict malformed).
GameResult unreadable_result(const std::string& error);

// The check of one input, as a worker does it.
void check_job(Job& job, const BatchSettings& settings);

}  // namespace wallaudit::cli
