// The Dschingis Bohn engine: a state you can copy and drive one action at a time (core
// engine.hpp). It decides every rule: the set-up (DB-30x), whose turn it is, the elements of
// a turn through the rules state (state.hpp), the claims. Reading a record only produces its
// actions (actions.hpp); the generic driver (core check.hpp) applies them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "dschingis_bohn/actions.hpp"
#include "dschingis_bohn/state.hpp"

namespace wallaudit::db {

// A battle as fought, with the record's claim about it.
struct BattleEvent {
  int turn = 0;
  StepNo step = 0;  // the <battle>'s action
  SourceLoc loc;    // filled from the record by whoever knows it
  BattleResult result;
  std::optional<bool> claimed_capture;
  std::vector<int> vp_after;  // per seat
};

// A harvest that carries claims (coins, bean, cards), for the audit.
struct HarvestEvent {
  int turn = 0;
  StepNo step = 0;
  SourceLoc loc;
  int seat = -1;
  int field = 0;
  HarvestResult result;
  std::optional<int> claimed_coins, claimed_cards;
  std::optional<Bean> claimed_bean;
};

// A <vp> claim and the VP recomputed at that point.
struct VpClaim {
  int turn = 0;
  StepNo step = 0;
  SourceLoc loc;
  Colour colour = Colour::red;
  int seat = -1;  // -1: not at the table
  int claimed = 0;
  int recomputed = 0;
};

// The state after each turn, for replay and reports.
struct TurnSnapshot {
  int turn = 0;
  SourceLoc loc;
  Colour colour = Colour::red;
  std::shared_ptr<const State> state;
};

// Counts over the game, for `wallaudit stats`.
struct PlayCounts {
  int turns = 0, harvests = 0, coins = 0, trades = 0, donations = 0, carts = 0, fields = 0;
  int reshuffles = 0, diamonds = 0, diamond_thalers = 0;
  std::vector<int> harvest_coins;  // thalers per harvest
};

struct Outcome {
  std::optional<State> state;  // absent when the set-up could not be built
  Options options;
  std::vector<Colour> seats;  // seat order
  bool finished = false;
  EndReason reason = EndReason::none;
  int end_turn = 0;
  std::vector<int> winners;  // seats, for a finished game
  std::string result_sentence;
  std::vector<TurnSnapshot> snapshots;        // index 0: after set-up; then after each turn
  std::vector<std::vector<int>> vp_at_start;  // per turn (index turn - 1), per seat
  std::vector<BattleEvent> battles;
  std::vector<HarvestEvent> harvests;  // only those with claims
  std::vector<VpClaim> vp_claims;
  PlayCounts counts;
  // JSON conventions for an illegal record: the VP at the start of the turn of its first
  // violation (zero for a set-up violation), and whether the game had ended before it.
  bool violation = false;
  std::vector<int> scores_at_violation;
  bool finished_before_violation = false;
  int last_turn = 0;  // the last turn replayed (a turn after the end stops the replay)
};

std::string_view end_reason_name(EndReason r);  // "deck", "last-territory", ""

class Engine final : public wallaudit::State {
 public:
  // What a record says about itself beyond its actions: whether it has an <end> section (a
  // record that ends early is then noted), and how many turns it holds (for the message on a
  // turn after the end).
  struct RecordShape {
    bool end_present = false;
    int turns = 0;
  };
  // Before the set-up: the map and options a record names.
  Engine(std::shared_ptr<const MapDef> map, Options options, RecordShape shape);

  std::unique_ptr<wallaudit::State> clone() const override {
    return std::make_unique<Engine>(*this);
  }
  std::string current_player() const override;
  std::string decision() const override;
  LegalActions legal_actions() const override;
  StepResult apply(const wallaudit::Action& action, StepNo step) override;
  std::optional<ActionPtr> parse_action(std::string_view text, std::string& error) const override;
  bool is_terminal() const override;
  std::vector<std::pair<std::string, int>> scores() const override;
  std::string to_string() const override;
  std::vector<Finding> at_end_of_record() const override;

  // What the replay found so far (events, counts, the rules state), for reports.
  const Outcome& outcome() const { return *out_; }
  // The same, moved out when no copy of this engine shares it (this engine's is then left
  // empty or unspecified: for an engine about to be dropped); copied otherwise.
  Outcome take_outcome();
  const MapDef& map() const { return *map_; }
  std::shared_ptr<const MapDef> map_ptr() const { return map_; }
  const Options& options() const { return options_; }

  // A playout's start: `setup` becomes the one legal action before the set-up (the deal is a
  // step of chance).
  void deal(Action setup) { dealt_ = std::make_shared<const Action>(std::move(setup)); }

 private:
  struct Step;  // one apply's context (its cause: what it reads, changed by an earlier error)
  // A finding of this step; a rule or dispute after the record's first error follows from it.
  void report(Step& s, FindingKind kind, RuleId rule, std::uint8_t part,
              std::optional<Colour> colour, std::string message);
  void violations(Step& s, const Violations& vs, std::optional<Colour> colour);
  Outcome& log();  // the outcome, copied first when a copy of this engine shares it
  void setup(const Action& a, Step& s);
  void turn(const Action& a, Step& s);
  void element(const Action& a, Step& s);
  void end_claim(const Action& a, Step& s);
  void final_claim(const Action& a, Step& s);
  void harvest_claims(const Action& a, int seat, const HarvestResult& h, Step& s);
  void vp_claim(const Action& a, Step& s);
  void battle_done(Step& s);
  void check_card_set(const Action& a, const Setup& setup, int n, Step& s);
  std::string camp_order_text() const;
  std::string describe_battle(const BattleResult& b) const;
  std::string vp_text(int seat) const;
  std::vector<int> current_vp() const;
  void current_vp(std::vector<int>& into) const;  // the same, into a list kept
  int seat_of(Colour c) const;
  bool in_play() const;  // a turn is going on and its elements are applied

  std::shared_ptr<const MapDef> map_;
  Options options_;
  RecordShape shape_;
  std::shared_ptr<Outcome> out_;         // shared between copies until one of them writes
  std::shared_ptr<const Action> dealt_;  // the set-up a playout deals, when one does

  bool setup_done_ = false;
  int expected_seat_ = 0;
  int turn_no_ = 0;
  int seat_ = -1;  // the active seat of the turn going on; -1 between turns
  Colour turn_colour_ = Colour::red;
  bool skip_turn_ = false;  // the turn's colour is not at the table: its elements are skipped
  bool stopped_ = false;    // a turn came after the end: the rest of the play is not replayed
  bool after_end_reported_ = false;
  enum class Skip : std::uint8_t { none, battle, cart } skip_ = Skip::none;
  StepNo battle_step_ = 0;  // the <battle> going on
  // Where the battle going on stands in its order of rounds, attacks and defences.
  enum class BattleSeq : std::uint8_t { opened, round, attacked, defended };
  BattleSeq battle_seq_ = BattleSeq::opened;
  int battle_rounds_ = 0;
  bool deck_card_due_ = false;  // a reshuffle stood right before the battle's next deck card
  std::string_view out_of_sequence(const Action& a) const;
  StepNo cart_step_ = 0;  // the last <buy-cart>
  bool in_cart_ = false;  // a cart's purchase is going on (its loads follow)
  std::optional<bool> battle_claim_;
  std::vector<bool> final_seen_;
  bool finals_given_ = false;
  StepNo first_error_ = 0;
  // Causes: per seat the first erroneous step that changed its cards (hand, fields, treasury,
  // cart) and its VP (territories, razing); the table's (deck, discard pile, turned-up cards,
  // turn order). A finding's cause is the earliest among what it reads; 0 when none.
  std::vector<StepNo> cards_taint_, score_taint_;
  StepNo table_taint_ = 0;
  int battle_defender_ = -1;  // the seat defending the battle going on; -1 neutral
  // What the action being applied reads and, when it breaks a rule, changes.
  struct Touch {
    std::uint32_t cards = 0, scores = 0;  // seats, one bit each
    bool table = false;
    bool all = false;  // the set-up: everything
  };
  Touch touch(const Action& a) const;
  StepNo cause_of(const Touch& t) const;
  void taint(const Touch& t, StepNo step);
  bool was_over_ = false;  // whether the game had ended before the element being applied
  std::vector<int> vp_turn_start_;
};

}  // namespace wallaudit::db
