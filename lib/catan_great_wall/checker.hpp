// Replays a record of "The Great Wall" through the rules engine: the set-up sequence, turn
// order, special building phases, echoes and claims, the end of the game and what each
// verdict reports (formats/catan-great-wall-record.md, "Diagnostics and JSON").
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catan_great_wall/record.hpp"
#include "catan_great_wall/state.hpp"
#include "core/diagnostic.hpp"

namespace wallaudit::ct {

// A change of victory points (or a claim about them), for the score audit.
struct VpStep {
  int turn = 0;  // 0: the set-up or the record's end
  SourceLoc loc;
  std::string kind;  // "set-up", "build", "road", "card", "breach", "reveal", "claim", "end"
  std::string title;
  std::vector<std::string> lines;
  std::array<int, kColours> points{};
  std::optional<std::pair<Colour, int>> claim;  // a <claim>: colour and the VP claimed
  int recomputed = 0;                           // a <claim>: the VP recomputed there
};

// The board after a turn and its special building phases (turn 0: after the set-up).
struct Snapshot {
  int turn = 0;
  SourceLoc loc;
  std::string label;
  std::shared_ptr<const State> state;
};

// Figures for `wallaudit stats`.
struct GameFacts {
  std::map<int, int> dice;  // total → rolls
  int domestic_trades = 0;
  std::map<int, int> maritime;  // rate → exchanges
  std::array<int, kDevCards> cards_played{};
  int cards_bought = 0;
  int advances = 0;
  int huns_drawn = 0;
  int huns_chased = 0;
  int wall_pieces = 0;
  int specials = 0;
  int discards = 0;
  int steals = 0;
};

struct Outcome {
  std::optional<State> state;  // at the end; the initial one when no game starts (CT-101)
  Options options;
  std::vector<Colour> seats;
  bool setup_complete = false;
  EndKind end = EndKind::none;
  std::optional<Colour> winner;
  int end_turn = 0;                      // the <turn> count the game ended in (or at the start of)
  std::vector<Colour> best_losers;       // the Huns' victory
  std::array<int, kColours> final_vp{};  // at the end of the record, <end> reveals included
  // The VP at the start of the element holding the first rule violation (CT-… rules only).
  std::optional<std::array<int, kColours>> violation_vp;
  std::string result_sentence;
  std::vector<VpStep> steps;
  std::vector<Snapshot> snapshots;              // index t: after turn t (0: after the set-up)
  std::vector<std::pair<int, int>> breach_log;  // turn, breach number (for facts)
  GameFacts facts;
};

struct CheckerSettings {
  std::vector<std::pair<std::string, std::string>> option_overrides;
  bool keep_snapshots = false;
};

// Replays `rec`, adding rule violations, score disputes and notes to `out`.
Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out);

}  // namespace wallaudit::ct
