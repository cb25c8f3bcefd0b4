// Replays a Great Wall of China record through the rules engine and collects what it finds.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "great_wall/record.hpp"
#include "great_wall/state.hpp"

namespace wallaudit::gw {

// One <score> that was applied, with the tokens it moved and what came after it.
struct ScoringStep {
  int turn = 0;
  SourceLoc loc;
  ScoreEvent event;
  std::vector<std::vector<int>> discarded;   // equal pairs put back in the box (2 players)
  std::optional<std::vector<int>> revealed;  // the new pair, when one was revealed
  std::array<int, kColours> totals{};        // every colour's score after the step
};

// A dragon played on a card, for stats and the history.
struct DragonCover {
  int turn = 0;
  Colour colour = Colour::red;
  PlacedCard covered;
};

// The state after each turn, for replay and reports.
struct TurnSnapshot {
  int turn = 0;
  SourceLoc loc;
  Colour colour = Colour::red;
  std::shared_ptr<const State> state;
};

struct Outcome {
  std::optional<State> state;  // the state reached (absent when nobody plays)
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

struct CheckerSettings {
  bool keep_snapshots = false;
};

// Replays `rec`, adding rule violations and score disputes to `out`.
Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out);

// "5 (S1, turn 12) + 3 (S2, turn 20)": how a colour's recomputed score is made up.
std::string explain_score(const Outcome& outcome, Colour c);

}  // namespace wallaudit::gw
