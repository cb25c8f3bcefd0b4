// The score audit: every scoring step, claimed and recomputed side by side, and the findings
// of the check on the claims. The verdict and every finding come from the record's GameResult,
// the same result `check` reports; nothing here compares claims on its own.
#pragma once

#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/history.hpp"

namespace wallaudit::report {

// Running totals after each step, recomputed and as claimed: a step without any claim adds its
// recomputed points to both; a step whose claims are totals sets the claimed total of each
// colour it names; a step whose claims are points adds them (a colour without one claims 0).
// For display only: which claims are wrong is the check's finding, not this arithmetic.
struct RunningTotals {
  std::vector<ColourPoints> recomputed;
  std::vector<ColourPoints> claimed;
};
RunningTotals running_totals(const Explanation& ex);

// The findings of `result` that dispute a claimed figure (score disputes), in report order.
std::vector<const Diagnostic*> dispute_findings(const GameResult& result);

// The audit as text: the verdict line of `check` first, the rule violations of an illegal
// record, the steps, the totals, then every score dispute of the check at its line.
std::string explain_text(const std::string& file, const GameResult& result, const Explanation& ex);
std::string explain_json(const std::string& file, const GameResult& result, const Explanation& ex);

}  // namespace wallaudit::report
