// The Great Wall of China history for the report layer: explanations, frames, canonical moves.
#pragma once

#include <memory>

#include "core/diagnostic.hpp"
#include "core/history.hpp"
#include "great_wall/outcome.hpp"
#include "great_wall/record.hpp"

namespace wallaudit::gw {

class History final : public RecordHistory<Record, Outcome> {
 public:
  using RecordHistory::RecordHistory;

  std::vector<std::string> colours() const override;
  Frame frame(int turn) const override;
  Explanation explanation() const override;
  std::vector<CanonicalItem> canonical() const override;
  std::vector<TurnAnnotation> annotations() const override;
  std::vector<LegendEntry> legend() const override;
};

// The moves of a record in canonical form (claims, meta, names and annotations left out).
std::vector<CanonicalItem> canonical_moves(const Record& record);
// The duplicate key of a record: canonical_key(game, canonical_moves(record)), computed
// without keeping the moves.
std::string record_key(std::string_view game, const Record& record);

}  // namespace wallaudit::gw
