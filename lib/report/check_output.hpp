// Renders check results: compiler-style text, JSON and JSON Lines.
#pragma once

#include <array>
#include <cstddef>
#include <map>
#include <set>
#include <string>

#include <string_view>
#include <utility>
#include <vector>
#include "core/json.hpp"

#include "core/game.hpp"

namespace wallaudit::report {

// One checked input: its name, its bytes (for source lines under diagnostics), its result.
struct CheckedRecord {
  std::string file;
  std::string_view text;
  const GameResult* result = nullptr;
  double seconds = 0;
  std::string duplicate_of;  // the earlier record of the same game, if any
};

// What the text output leaves out of a record's findings.
struct TextOptions {
  std::size_t max_errors = 0;    // at most this many errors and disputes per record; 0: all
  bool hide_follow_ons = false;  // leave out the findings that follow from an earlier error
};

// `FILE:LINE:COL: severity: message [RULE]`, the source line and a caret, per diagnostic,
// then a line saying what was left out, if anything, then the record's verdict line.
void append_text(std::string& out, const CheckedRecord& record, const TextOptions& options = {});
// The verdict line alone: `FILE: illegal (…)`.
std::string verdict_line(const CheckedRecord& record);

// The JSON object of one record (DESIGN.md's contract), without a trailing newline.
void append_json(std::string& out, const CheckedRecord& record);

// One diagnostic as a JSON object, with the same keys in every output that lists findings.
void write_diagnostic(JsonWriter& w, const Diagnostic& d);

// Counts over a run, for the summary.
// The note added to a record that repeats an earlier one.
std::string duplicate_note(const std::string& earlier);

struct Summary {
  std::size_t records = 0;
  std::array<std::size_t, 4> verdicts{};  // by Verdict
  // rule id → findings (notes excluded; follow-on findings only with `with_follow_ons`)
  std::map<std::string, std::size_t> rules;
  bool with_follow_ons = false;
  std::set<std::string> cited;  // every rule id cited, notes included
  std::size_t duplicates = 0;
  std::uint64_t bytes = 0;
  double seconds = 0;                                   // summed over records
  std::vector<std::pair<double, std::string>> slowest;  // the 5 slowest, slowest first
  std::vector<std::string> definitions;  // definition files met among the inputs, not records
  // A run stopped early (SIGINT, SIGTERM, a write error): the records read and not checked;
  // inputs not yet read are not counted.
  bool interrupted = false;
  std::size_t not_checked = 0;
  void add(const GameResult& result, const std::string& file, double seconds,
           std::uint64_t bytes = 0);
  void add_counts(Verdict verdict, const std::vector<std::string>& rules, const std::string& file,
                  double seconds, bool duplicate);
  void merge(const Summary& other);
};
std::string summary_text(const Summary& summary);
// "interrupted: N records read but not checked; inputs after them were not read".
std::string interrupted_sentence(const Summary& summary);
// `see: wallaudit rules ID`, one line per rule cited, by game and then by number.
std::string see_lines(const Summary& summary);
// Rule ids in the order of the reports: by game (the id's prefix), then by number (CC-303
// before CC-1101).
bool rule_order(const std::string& a, const std::string& b);
// The summary object: records, verdict counts, rules, duplicates, slowest, definitions,
// interrupted, not_checked and the tool's version.
void append_summary_json(std::string& out, const Summary& summary);

}  // namespace wallaudit::report
