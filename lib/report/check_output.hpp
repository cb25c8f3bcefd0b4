// Renders check results: compiler-style text, JSON and JSON Lines.
#pragma once

#include <array>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>

#include "core/game.hpp"

namespace wallaudit::report {

// One checked input: its name, its bytes (for source lines under diagnostics), its result.
struct CheckedRecord {
  std::string file;
  std::string_view text;
  const GameResult* result = nullptr;
  double seconds = 0;
};

// `FILE:LINE:COL: severity: message [RULE]`, the source line and a caret, per diagnostic,
// then the record's verdict line.
void append_text(std::string& out, const CheckedRecord& record);
// The verdict line alone: `FILE: illegal (…)`.
std::string verdict_line(const CheckedRecord& record);

// The JSON object of one record (DESIGN.md's contract), without a trailing newline.
void append_json(std::string& out, const CheckedRecord& record);

// Counts over a run, for the summary.
struct Summary {
  std::size_t records = 0;
  std::array<std::size_t, 4> verdicts{};     // by Verdict
  std::map<std::string, std::size_t> rules;  // rule id → findings (notes excluded)
  void add(const GameResult& result);
};
std::string summary_text(const Summary& summary);
void append_summary_json(std::string& out, const Summary& summary);

}  // namespace wallaudit::report
