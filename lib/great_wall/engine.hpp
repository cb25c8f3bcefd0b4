// Great Wall of China on the engine interface: the table (state.hpp) driven by Moves, one
// decision at a time, with the log of scorings the history and the claims need.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/chain.hpp"
#include "core/engine.hpp"
#include "core/source.hpp"
#include "great_wall/move.hpp"
#include "great_wall/state.hpp"

namespace wallaudit::gw {

// One <score> that was applied, with the tokens it moved and what came after it.
struct ScoringStep {
  int turn = 0;
  StepNo step = 0;
  SourceLoc loc;  // filled by the game from the record
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

// What the game did, in order: scorings (with their reveals and discards) and dragons.
struct GameLog {
  std::vector<ScoringStep> steps;
  std::vector<DragonCover> dragons;
};

// "5 (S1, turn 12) + 3 (S2, turn 20)": how a colour's recomputed score is made up.
std::string explain_score(const std::vector<ScoringStep>& steps, Colour c);

class Engine final : public wallaudit::State {
 public:
  // A table of `sections` sections whose players are not seated yet (a record's start).
  explicit Engine(int sections);
  // A table with its players seated (a playout's start).
  Engine(std::vector<Colour> seats, int sections);

  // The number of <turn>s of the record driven, for the message about turns after the end
  // (0: unknown).
  void set_record_turns(int turns) { record_turns_ = turns; }
  // Whether the table's score events list the terms of each total (State::set_terms): only
  // explanations, reports and stats read them.
  void set_terms(bool on) { terms_ = on; }

  // The table; null until the players are seated, or when nobody plays.
  const gw::State* table() const { return table_ ? &*table_ : nullptr; }
  const std::vector<Colour>& seats() const;
  // Turns begun before the end (or before the record's turns after the end).
  int turns_replayed() const { return turns_replayed_; }
  GameLog log() const;
  // The same, moved out of the engine when no copy of it shares the log (the log is then
  // empty); copied otherwise.
  GameLog take_log();

  std::unique_ptr<wallaudit::State> clone() const override {
    return std::make_unique<Engine>(*this);
  }
  std::string current_player() const override;
  std::string decision() const override;
  LegalActions legal_actions() const override;
  StepResult apply(const Action& action, StepNo step) override;
  std::optional<ActionPtr> parse_action(std::string_view text, std::string& error) const override;
  bool is_terminal() const override;
  std::vector<std::pair<std::string, int>> scores() const override;
  std::string to_string() const override;
  std::vector<Finding> at_end_of_record() const override;

 private:
  enum class Phase : std::uint8_t { seats, setup, play };
  struct Entry {
    enum class Kind : std::uint8_t { score, reveal, discard, dragon } kind = Kind::score;
    int turn = 0;
    ScoringStep scoring;      // score
    int section = 0;          // reveal, discard
    std::vector<int> tokens;  // reveal, discard
    DragonCover dragon;       // dragon
  };
  struct Node {
    Entry entry;
    mutable std::shared_ptr<const Node> prev;  // mutable: release_chain unlinks it
    ~Node() { release_chain(prev); }
  };

  void seat(const Move& m, StepNo step, StepResult& r);
  void setup(const Move& m, StepNo step, StepResult& r);
  void start(StepNo step, StepResult& r);
  void turn_action(const Move& m, StepNo step, StepResult& r);
  void apply_turn_step(const Move& m, Colour c, int n, StepNo step, StepResult& r);
  void claim(const Move& m, StepResult& r);
  void log(Entry e);
  GameLog assemble(bool move) const;
  std::vector<ScoringStep> scorings() const;
  void legal_turn(LegalActions& out) const;
  void legal_setup(LegalActions& out) const;

  int sections_ = 2;
  std::optional<gw::State> table_;
  Phase phase_ = Phase::seats;
  int turn_n_ = 0;
  int record_turns_ = 0;
  bool terms_ = true;
  int turns_replayed_ = 0;
  bool after_end_reported_ = false;
  bool any_turn_ = false;
  bool any_claim_ = false;
  // The step that began the current turn out of seat order (0: in order): what the turn
  // does follows from it.
  StepNo turn_cause_ = 0;
  // The seating step when it broke a rule: a colour it left out reads it.
  StepNo seats_cause_ = 0;
  std::array<bool, kColours> claimed_{};
  std::shared_ptr<const Node> log_;  // newest first; shared by copies, never changed
};

}  // namespace wallaudit::gw
