// What driving a Great Wall of China record left behind, for stats and the history.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/source.hpp"
#include "great_wall/engine.hpp"
#include "great_wall/state.hpp"

namespace wallaudit::gw {

// The table after each turn, for replay and reports.
struct TurnSnapshot {
  int turn = 0;
  SourceLoc loc;
  Colour colour = Colour::red;
  std::shared_ptr<const State> state;
};

struct Outcome {
  std::optional<State> state;  // the table reached (absent when nobody plays)
  bool finished = false;
  EndReason reason = EndReason::none;
  int end_turn = 0;
  std::vector<Colour> seat_colours;  // every playing colour, seat order
  std::vector<ScoringStep> steps;
  std::vector<DragonCover> dragons;
  std::vector<TurnSnapshot> snapshots;  // index 0: after set-up; then after each turn replayed
  std::vector<Colour> winners;
  std::string result_sentence;
  std::string end_sentence;  // how the game ended, or that the record stops before
};

}  // namespace wallaudit::gw
