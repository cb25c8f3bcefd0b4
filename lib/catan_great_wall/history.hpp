// The history of a replayed record of "The Great Wall" for the report layer: the score audit,
// the board after every turn (text and SVG), the moves in canonical form and annotations.
#pragma once

#include <memory>

#include "catan_great_wall/engine.hpp"
#include "catan_great_wall/record.hpp"
#include "core/diagnostic.hpp"
#include "core/history.hpp"

namespace wallaudit::ct {

class History final : public RecordHistory<Record, Outcome> {
 public:
  using RecordHistory::RecordHistory;

  std::vector<std::string> colours() const override;
  Frame frame(int turn) const override;
  Explanation explanation() const override;
  std::vector<CanonicalItem> canonical() const override;
  // One annotation per <turn> and <special>, numbered in their order in <play>.
  std::vector<TurnAnnotation> annotations() const override;
  std::vector<LegendEntry> legend() const override;
  std::vector<std::string> turn_elements() const override { return {"turn", "special"}; }
};

// The moves of a record in canonical form: claims, echoes, meta, names and annotations are
// left out, places are named canonically.
std::vector<CanonicalItem> canonical_moves(const Record& record);
// The duplicate key of a record (KeyHasher over its canonical moves).
std::string record_key(const Record& record);

// The board drawn as text, at most 80 columns wide (used by frames).
std::vector<StyledLine> board_text(const State& state);

}  // namespace wallaudit::ct
