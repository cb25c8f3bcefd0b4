// The Dschingis Bohn history for the report layer: the audit of VP and battles, the map at
// every turn (text and SVG), the moves in canonical form and annotations per turn.
#pragma once

#include <memory>

#include "core/diagnostic.hpp"
#include "core/history.hpp"
#include "dschingis_bohn/engine.hpp"
#include "dschingis_bohn/record.hpp"

namespace wallaudit::db {

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
// The duplicate key of a record: the facts of canonical_moves, hashed.
std::string record_key(const Record& record);

}  // namespace wallaudit::db
