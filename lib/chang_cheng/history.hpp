// The Chang Cheng history for the report layer: explanations, frames, canonical moves.
#pragma once

#include <memory>

#include "chang_cheng/checker.hpp"
#include "chang_cheng/record.hpp"
#include "core/diagnostic.hpp"
#include "core/history.hpp"

namespace wallaudit::cc {

class History final : public RecordHistory<Record, Outcome> {
 public:
  using RecordHistory::RecordHistory;

  std::vector<std::string> colours() const override;
  Frame frame(int turn) const override;
  Explanation explanation() const override;
  std::vector<CanonicalItem> canonical() const override;
  std::vector<TurnAnnotation> annotations() const override;
  std::vector<LegendEntry> legend() const override;

 private:
  const State& state_after(int turn) const;
  // The turn whose element holds `line` (0: before the first turn).
  int turn_of_line(std::uint32_t line) const;
};

// The moves of a record in canonical form (claims, meta, names and annotations left out).
std::vector<CanonicalItem> canonical_moves(const Record& record);
// The duplicate key of a record: the facts of canonical_moves, hashed without text.
std::string record_key(const Record& record);

}  // namespace wallaudit::cc
