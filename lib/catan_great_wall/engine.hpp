// "The Great Wall" on the engine interface: the rules state (state.hpp) driven by Moves, one
// step at a time, with what the order of play, the claims and the history need around it: who
// is due, which earlier erroneous step changed each colour's victory points, the log of VP
// changes and breaches, and the figures for `stats`.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "catan_great_wall/action.hpp"
#include "catan_great_wall/record.hpp"
#include "catan_great_wall/state.hpp"
#include "core/chain.hpp"
#include "core/check.hpp"
#include "core/diagnostic.hpp"

namespace wallaudit::ct {

// A change of victory points (or a claim about them), for the score audit.
struct VpStep {
  int turn = 0;      // 0: the set-up or the record's end
  StepNo step = 0;   // the action; 0: the set-up as a whole
  SourceLoc loc;     // filled from the record
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

// What is fixed for a whole game: the board, the options, the seats as the record lists them.
struct GameSetUp {
  std::shared_ptr<const Board> board;
  Options options;
  std::vector<Colour> seats;  // each colour once, in the order listed
  bool seated = false;        // the seats are known (a record's `seats` action was applied)
  bool playable = true;       // 4 or 6 players, each a different colour (CT-101)
  bool gains_given = false;   // the record gives the starting resources with <gain> (CT-306)
  // The log of victory-point changes (Outcome::steps) is kept. Only a history shows it, so a
  // check without one leaves it out; the breaches are logged either way.
  bool vp_log = true;
};

class EngineState final : public wallaudit::State {
 public:
  explicit EngineState(std::shared_ptr<const GameSetUp> setup);

  const ct::State& table() const { return st_; }
  const GameSetUp& set_up() const { return *setup_; }
  // The outcome of the game as replayed up to here, as if the record ended here: the set-up
  // closed, a start-of-turn win of the turn the record leaves out (CT-903), the final VP and
  // the result sentence. Steps carry their action numbers; locations are the caller's.
  // `with_steps`: the log of victory-point changes (Outcome::steps), which only a history shows.
  Outcome outcome(bool with_steps = true) const;
  // The rules state when play was closed (before a start-of-turn win the record leaves out
  // and before the end's reveals); null while play goes on.
  std::shared_ptr<const ct::State> at_close() const { return at_close_; }

  std::unique_ptr<wallaudit::State> clone() const override {
    return std::make_unique<EngineState>(*this);
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
  struct LogNode {
    VpStep step;
    std::optional<std::pair<int, int>> breach;    // turn, breach number
    mutable std::shared_ptr<const LogNode> prev;  // mutable: release_chain unlinks it
    ~LogNode() { release_chain(prev); }
  };
  class StepScope;

  std::array<int, kColours> vp_now() const;
  void report(FindingKind kind, RuleId rule, std::uint8_t part, std::optional<Colour> colour,
              std::string message, StepNo follows = 0);
  void violations(const Violations& vs, std::uint8_t part, std::optional<Colour> colour,
                  const std::function<std::uint8_t(int)>& where = {}, std::uint8_t place = 0);
  void dispute(std::uint8_t part, std::optional<Colour> colour, std::string message,
               StepNo follows = 0);
  StepNo outcome_cause() const;
  void log(VpStep step);
  void log_breach(int turn, int number);

  void seat(const Move& m);
  void setup_item(const Move& m);
  void missing_gain(std::uint8_t part);
  void close_setup(std::uint8_t prior_part);
  void element_start(const Move& m);
  void element_step(const Move& m);
  void element_end();
  void step(const Move& m);
  // Logs the scores a step changed (nothing when it changed none).
  void vp_change(const std::array<VpBreakdown, kColours>& before,
                 const std::array<int, kColours>& lengths, int turn, const std::string& kind,
                 const std::string& title);
  bool vp_unchanged(const std::array<VpBreakdown, kColours>& before) const;
  static std::string step_title(const Move& m, Colour c, const Board& b);
  void breach_steps(const RollResult& rr, int turn);
  void check_echoes(const Move& roll, const RollResult& rr, Colour colour);
  void note_end(int turn);
  std::string end_phrase() const;
  void close_play();
  void end_item(const Move& m);
  std::vector<Finding> closing_findings();
  // Listing: whether `m` applied to a copy gives no rule finding (nor a dispute, when
  // `undisputed`); the set-up's decisions; the end of the record's.
  bool clean(const Move& m, bool undisputed) const;
  void setup_actions(LegalActions& out) const;
  void end_actions(LegalActions& out) const;

  std::shared_ptr<const GameSetUp> setup_;
  ct::State st_;
  // The step being applied and where its findings go.
  StepNo step_ = 0;
  StepResult* out_ = nullptr;
  // The order of play and the phase of the record.
  bool setup_closed_ = false;
  bool setup_complete_ = false;
  bool first_element_done_ = false;
  bool play_closed_ = false;
  bool after_end_reported_ = false;
  bool in_element_ = false;
  bool element_skipped_ = false;  // an element after the end: nothing of it is applied
  bool element_special_ = false;
  bool reported_after_end_ = false;  // in this element
  Colour element_colour_ = Colour::red;
  int seq_ = 0;    // play elements begun
  int turns_ = 0;  // <turn>s begun
  std::optional<Colour> round_b_colour_;
  // Causes, as step numbers.
  StepNo setup_order_taint_ = 0;
  StepNo order_taint_ = 0;
  StepNo wrong_colour_step_ = 0;             // the CT-401 of the turn being applied, if any
  StepNo step_cause_ = 0;                    // the earliest error the step being applied follows
  std::array<StepNo, kColours> vp_taint_{};  // per colour: the first erroneous step changing it
  std::array<int, kColours> start_vp_{};
  std::optional<std::array<int, kColours>> violation_vp_;
  // The end of the game.
  EndKind end_ = EndKind::none;
  std::optional<Colour> winner_;
  int end_turn_ = 0;
  std::array<bool, kColours> final_seen_{};
  bool any_final_ = false, outcome_seen_ = false;
  std::shared_ptr<const ct::State> at_close_;
  // The history and the figures.
  std::shared_ptr<const LogNode> log_;  // newest first; shared by copies, never changed
  GameFacts facts_;
  Scratch<RollResult> roll_;  // the last roll's result, its lists kept from roll to roll
};

// The start state (the players not seated yet) and actions of a record, with `overrides` of its
// rules options.
// `vp_log`: keep the log of victory-point changes (GameSetUp::vp_log).
ReadRecord read_engine(const Record& rec,
                       const std::vector<std::pair<std::string, std::string>>& overrides,
                       bool vp_log = true);

// Builds the Outcome of a driven record: locations of the VP log from the record, the board
// after each turn from the replay's snapshots (when kept).
Outcome make_outcome(const Record& rec, const ReadRecord& read, const Replay& replay,
                     bool with_steps = true);

struct CheckerSettings {
  std::vector<std::pair<std::string, std::string>> option_overrides;
  bool keep_snapshots = false;
};

// Reads `rec` into the engine, drives it and returns its outcome, adding rule violations,
// score disputes and notes to `out` (the game's check without the GameResult).
Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out);

}  // namespace wallaudit::ct
