// Chang Cheng on the engine interface: the wall (state.hpp) driven by Moves, one decision at a
// time, with the turn's context and the scorings the history and the claims need.
//
// Most actions are judged at their own step. Three groups are judged by the action after their
// last item, and their findings point back at the items (Finding::at):
// - the set-up: its sides and tokens, once play begins (a token missing points at <setup>);
// - a scoring: the <score> and its reveals, resolutions and awards;
// - an expansion: the new side and its tokens.
// The shape of a turn (a pass or a lone piece where more was possible, the neutral wall's
// province, the double-wall bonus claimed) is judged at its `end`, on the state at its start.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chang_cheng/action.hpp"
#include "chang_cheng/checker.hpp"
#include "chang_cheng/record.hpp"
#include "chang_cheng/state.hpp"
#include "core/engine.hpp"

namespace wallaudit::cc {

class Engine final : public wallaudit::State {
 public:
  // A game whose head (board set, rules options, variant, events, players' names) is
  // `head`'s, with `overrides` on top of its options; nothing of its set-up or play is read.
  Engine(std::shared_ptr<const Record> head,
         const std::vector<std::pair<std::string, std::string>>& overrides);

  const Record& head() const { return *head_; }
  const std::shared_ptr<const Record>& head_ptr() const { return head_; }
  // The wall; null until the seats are known and somebody plays.
  const cc::State* table() const { return table_ ? &*table_ : nullptr; }
  // The set-up chance dealt for a new game: the seats, the two starting sides and their tokens,
  // listed one at a time as the only legal actions until they are all applied.
  void deal(std::vector<Move> setup) {
    deal_ = std::make_shared<const std::vector<Move>>(std::move(setup));
  }
  // Keep a copy of the wall after the set-up and after each turn (for the history).
  void keep_snapshots(bool keep) { keep_snapshots_ = keep; }
  // Turns replayed before the end of the game (later turns are ignored).
  int turns_replayed() const { return turns_replayed_; }
  // What the game came to, for the history and the report: the scorings, the end, the
  // winners. Closes what the record left open (a scoring, the set-up, the end of the game),
  // as the end of the record does, and moves the wall and the log out: the engine is spent.
  // `actions` are the record's, to place the scorings and snapshots.
  Outcome conclude(const std::vector<PlacedAction>& actions);

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

  // Where a finding points: a part of a step (step 0: the step being applied).
  struct Where {
    StepNo step = 0;
    std::uint8_t part = 0;
  };
  // One piece of the turn's action, as the shape rules read it.
  struct Placed {
    Move move;
    StepNo step = 0;
  };

 private:
  enum class Phase : std::uint8_t { seats, setup, play, end, dead };
  enum class Group : std::uint8_t { none, score, expand };

  struct TurnContext {
    int n = 0;
    Colour colour = Colour::red;
    StepNo begin = 0;
    std::vector<Placed> acts;
    std::optional<Placed> neutral;
    bool shape_broken = false;
    std::vector<RegionId> peekable;
    std::vector<ProvinceId> pending;  // completed, waiting for their scoring
    std::array<int, kAllColours> bonus{};
    std::vector<Placed> bonus_claims;
    bool expand_awaited = false;  // immediate timing: due after the last scoring
    bool expand_late = false;     // a placement came while it was awaited
    std::optional<Placed> deferred_expand;
    std::vector<Placed> deferred_tokens;
    StepNo taint = 0;  // the first erroneous step of this turn
    bool neutral_to_judge = false;
    bool skipped = false;  // a colour nobody plays: the turn is not replayed
    bool ignored = false;  // after the end of the game
    bool open = false;     // between begin and end
  };

  // A <score> and its items, judged once the last item is in.
  struct ScoreGroup {
    Placed score;
    std::vector<Placed> items;
    bool dead = false;                // not a scoring due: its items are not judged
    std::vector<ProvinceId> earlier;  // completed before it and still waiting
  };

  // ---- findings
  Finding& report(FindingKind kind, std::string_view rule, Where w, std::optional<Colour> colour,
                  std::string message, StepNo cause = 0);
  void violations(const Violations& vs, Where w, std::optional<Colour> colour, StepNo extra = 0);
  void dispute(Where w, std::optional<Colour> colour, std::string message, StepNo cause);
  // How an error left the wall replayed against the record's.
  enum class Divergence : std::uint8_t {
    none,     // as the record has it
    missing,  // a piece of the record kept off: the replay holds fewer pieces
    other,    // anything else (a scoring or a side not applied as written)
  };
  StepNo note_error(Where w, Divergence d = Divergence::other);
  StepNo target(Where w) const { return w.step ? w.step : step_; }
  // `own`, else the first error before `w` that left the wall replayed unlike the record's:
  // the cause of a finding that reads the wall as a whole.
  StepNo or_wall(StepNo own, Where w) const;

  // ---- set-up
  void seats(const Move& m);
  void close_setup();
  void tokens(const std::vector<Placed>& tokens, Where where, std::string_view rule,
              const int* side);

  // ---- turns
  void begin(const Move& m);
  void end_turn();
  void placement(const Move& m);
  void neutral(const Move& m);
  void judge_neutral();
  void peek(const Move& m);
  void threat(const Move& m, StepNo at);
  void score(const Move& m);
  void close_score(const Move* next);
  void flush_pending();
  void score_now(ProvinceId p, const ScoreGroup* group);
  void expand(const Move& m);
  void close_expand(const Move* next);
  void judge_expand(const Placed& e, std::vector<Placed> tokens, bool last);
  void apply_expand(const Placed& e, const std::vector<Placed>& tokens);
  void close_groups(const Move* next);
  void end_game(EndReason reason);
  bool is_item(const Move& m) const;
  bool is_expand_token(const Move& m) const;

  // ---- the end
  void end_threat(const Move& m);
  void conclude_game();
  void close_record();
  Outcome outcome(const std::vector<PlacedAction>& actions);
  void report_unfinished();
  void claim(const Move& m);
  StepNo score_taint(Colour c) const;
  void push_step(ScoringStep step);
  std::string explain_province(const ProvinceScore& ps) const;
  std::string explain_loss(RegionId r) const;
  std::string explain_total(Colour c) const;
  void decide_winners(Outcome& o) const;
  std::string seat_label(int seat) const;
  const std::vector<Colour>& colours_of_seat(int seat) const;
  std::vector<std::string> places_of(const Move& m) const;

  // ---- listing
  Engine scratch(StepResult& out, StepNo step) const;
  std::optional<Engine> after_setup() const;
  std::vector<const Move*> turn_pieces() const;
  const Move* next_dealt() const;
  bool reveals_due() const;
  Move make(MoveKind kind, std::optional<Colour> colour, int a = kNone) const;
  std::vector<int> token_values(bool reputation) const;
  void list_reveals_due(LegalActions& out) const;
  void list_score_items(LegalActions& out) const;
  void list_expansions(LegalActions& out) const;
  LegalActions first_pieces(Colour c, int turn) const;
  bool list_side_tokens(LegalActions& out) const;

  std::shared_ptr<const Record> head_;
  std::shared_ptr<const std::vector<Move>> deal_;  // see deal(); null for a record's game
  Options opts_;
  Phase phase_ = Phase::seats;
  std::optional<cc::State> table_;
  std::vector<std::vector<Colour>> seats_;  // each seat's colours
  std::vector<Colour> seat_colours_;        // every playing colour, seat order
  std::array<int, kAllColours> seat_of_{};
  StepNo seats_step_ = 0;
  std::vector<Placed> setup_sides_, setup_tokens_;
  int expected_seat_ = 0;
  int consecutive_passes_ = 0;
  int turns_ = 0;  // turns begun
  int turns_replayed_ = 0;
  bool over_ = false;
  bool after_end_reported_ = false;
  EndReason reason_ = EndReason::none;
  int end_turn_ = 0;
  bool expansion_reported_ = false;
  int layout_turn_ = 0;  // the turn that left a due expansion unmade
  StepNo order_taint_ = 0;
  std::vector<StepNo> threat_step_;  // by region: the step that laid its token
  TurnContext ctx_;
  // What was open to the seat when the turn's first piece came, for CC-404.
  struct TurnStart {
    bool valid = false;
    std::optional<ActionExample> complete, partial;
    StepNo board_taint = 0;  // the first error that changed what was open
  };
  TurnStart turn_start_;
  Group group_ = Group::none;
  ScoreGroup score_group_;
  Placed expand_group_;
  std::vector<Placed> expand_tokens_;
  std::vector<Placed> expand_reveals_;  // threat reveals after the new side's tokens
  // The end: reveals, the attack and events once, then the claims.
  bool concluded_ = false;
  bool any_claim_ = false;
  std::vector<RegionId> unknown_threats_;
  std::vector<std::pair<RegionId, int>> losses_claimed_;
  std::vector<std::pair<int, int>> events_claimed_;
  std::array<bool, kAllColours> final_seen_{};
  bool any_loss_claim_ = false, any_final_claim_ = false;
  bool keep_snapshots_ = false;
  std::vector<TurnSnapshot> snapshots_;  // their loc left to the game
  void snapshot(int n, StepNo at, Colour c, bool pass);
  // The scorings so far; shared by copies until one of them adds to it.
  std::shared_ptr<std::vector<ScoringStep>> steps_;

  // While a step is applied.
  StepNo step_ = 0;
  StepResult* out_ = nullptr;
  // This engine closed as the end of the record closes it, kept by at_end_of_record() so that
  // conclude() need not close the record a second time; dropped by apply().
  mutable std::shared_ptr<Engine> closed_;
};

}  // namespace wallaudit::cc
