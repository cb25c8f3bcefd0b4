// The score audit: every scoring step, claimed and recomputed side by side, and where each
// colour's claimed running total first parts from the recomputed one.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/history.hpp"

namespace wallaudit::report {

// Where a colour's claimed running total first differs from the recomputed one.
struct Divergence {
  std::string colour;
  int step = -1;  // index into Explanation::steps; -1: at the final claim
  int turn = 0;
  SourceLoc loc;
  int claimed = 0;     // the running total the claims give after that step
  int recomputed = 0;  // the recomputed running total
  std::string message;
};

// Running totals after each step, recomputed and as claimed (a step without any claim counts
// as recomputed; in a step with claims, a colour without one claims 0).
struct RunningTotals {
  std::vector<ColourPoints> recomputed;
  std::vector<ColourPoints> claimed;
  std::vector<Divergence> divergences;  // one per colour whose claims part, seat order
};
RunningTotals running_totals(const Explanation& ex);

std::string explain_text(const std::string& file, const Explanation& ex);
std::string explain_json(const std::string& file, const std::string& game, const Explanation& ex);

}  // namespace wallaudit::report
