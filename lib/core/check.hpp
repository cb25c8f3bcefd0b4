// The one checker of every game: it applies a record's actions to the game's state, keeps
// going after an error, and turns step results into diagnostics. A finding is a follow-on
// exactly when the state names an earlier erroneous step as its cause; no decision here
// depends on a message's words.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/engine.hpp"
#include "core/game.hpp"

namespace wallaudit {

// What a game's reader made of a record: only reading, no legality.
struct ReadRecord {
  std::unique_ptr<State> start;       // the state before the first action
  std::vector<PlacedAction> actions;  // set-up steps, turns, claims: in record order
  SourceLoc end_loc;                  // where findings at the end of the record point
  // The game's typed record, for its facts, key and history.
  std::shared_ptr<const void> typed;
};

struct DriveOptions {
  bool keep_history = false;  // keep a copy of the state after set-up and after each turn
  bool keep_steps = false;    // keep every step's result
  bool suggestions = true;    // compute repair hints for errors on actions
  // Stop after the actions of this turn (0: after the set-up); nullopt: the whole record.
  std::optional<int> stop_after_turn;
};

struct Snapshot {
  int turn = 0;  // 0: after the set-up
  StepNo last_step = 0;
  std::shared_ptr<const State> state;
};

// What driving a record left behind.
struct Replay {
  std::unique_ptr<State> state;     // after the last action applied
  StepNo applied = 0;               // actions applied
  StepNo first_error = 0;           // the first erroneous step; 0 when none
  std::vector<bool> erroneous;      // by step - 1
  std::vector<StepResult> steps;    // by step - 1, when DriveOptions::keep_steps
  std::vector<Snapshot> snapshots;  // when DriveOptions::keep_history
};

// Applies `record`'s actions in order and adds every finding to `out`, follow-ons marked from
// their causes, errors on actions with up to three suggestions.
Replay drive(const ReadRecord& record, const DriveOptions& options, Diagnostics& out);

// A game built on the engine interface: it reads and writes records, and the generic checker
// does the rest.
class EngineGame : public Game {
 public:
  // Reads `doc` into a start state and placed actions; format errors go to `format`.
  virtual std::optional<ReadRecord> read(const XmlDocument& doc, const CheckContext& ctx,
                                         Diagnostics& format) const = 0;
  // Fills what only the game knows into `result` (finished, ended_by, scores, winners,
  // remarks, facts, key, history, details) from the replay; diagnostics are already there.
  virtual void finish(const ReadRecord& record, Replay&& replay, const CheckContext& ctx,
                      GameResult& result) const = 0;
  // A valid record of `start` and `actions`: the inverse of read.
  virtual std::string write(const State& start, const std::vector<ActionPtr>& actions) const = 0;
  // A start state for `seed`: the set-up a playout starts from (its chance steps, if any,
  // are legal actions of kChance).
  virtual std::unique_ptr<State> new_game(std::uint64_t seed, const CheckContext& ctx) const = 0;

  // The generic checker: read, drive, finish.
  GameResult check(const XmlDocument& doc, const CheckContext& ctx) const override;
};

}  // namespace wallaudit
