// The rules engine of "The Great Wall": a copyable game state and one entry point per recorded
// step, each returning the rules it breaks. It knows the rules and nothing of XML or output.
// An illegal step is applied as far as it physically can be, so that later steps see the game
// the players saw; the first violation in each part of the state (the board, the Huns, the
// deck, a colour's hand) is remembered, and later violations there name it in `follows`.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catan_great_wall/board.hpp"
#include "catan_great_wall/record.hpp"
#include "catan_great_wall/types.hpp"
#include "core/scratch.hpp"

namespace wallaudit::ct {

// The rules a step breaks: findings of kind rule. `ref` says which part of the step one
// concerns (a knight action, a road of road building, a Hun draw: their index; see each entry
// point; -1 the step itself) and `sub` a part of that part (an <occupy> of a breach echo);
// `cause` is the step of an earlier error it may come from.
using Violations = std::vector<Finding>;

// A finding of kind rule about part `ref` of the step.
Finding violation(RuleId rule, std::string message, int ref = -1);

enum class Building : std::uint8_t { none, settlement, city };

struct DevEntry {
  std::optional<DevCard> type;  // nullopt until named
  int bought = 0;               // the play element (turn or special) it was bought in, from 1
  bool played = false;
  bool named_at_purchase = false;
};

struct VpBreakdown {
  int settlements = 0;
  int cities = 0;
  int longest_road = 0;  // 2 or 0
  int largest_army = 0;  // 1 or 0
  int vp_cards = 0;
  int malus = 0;
  int total() const {
    return settlements + 2 * cities + longest_road + largest_army + vp_cards - malus;
  }
};

struct PlayerState {
  bool playing = false;
  Cards hand{};
  std::vector<DevEntry> devs;
  int settlements = 0, cities = 0, roads = 0;  // on the board
  int knights = 0;                             // played
  int malus = 0;
  int wall = -1;  // the wall section it owns (its border fort's), -1 none
  int road_length = 0;
};

// One Hun event of a roll, in the order it happened.
struct HunEvent {
  enum class Kind : std::uint8_t { advance, breach } kind = Kind::advance;
  int place = -1;  // advance: gathering place (board index)
  int numeral = 0;
  int field = -1;
  // breach
  std::vector<int> hexes;  // occupied, in order
  int wall = -1;
  int level_before = 0, level_after = 0;
  std::optional<Colour> owner;
  int breach_number = 0;
  // field counts after the event
  std::vector<int> fields_after;
};

// An attack number that matched the roll but moved nobody (for explanations).
struct IdleAttack {
  int place = -1;
  int field = -1;
  bool place_empty = false;  // otherwise the field was full
};

struct RollResult {
  bool applied = false;  // false for a second roll, which changes nothing
  int total = 0;
  std::vector<int> fields_before;
  std::vector<HunEvent> events;
  std::vector<IdleAttack> idle;
  std::array<Cards, kColours> produced{};
  std::array<bool, kResources> shortage{};  // owed more than the bank held
  bool huns_end = false;
  std::array<int, kColours> discards{};  // on a 7: cards each colour must discard

  // Back to a roll of nothing, keeping the lists' memory.
  void reset();
};

enum class EndKind : std::uint8_t { none, win, huns };

class State {
 public:
  State(std::shared_ptr<const Board> board, const Options& options, std::vector<Colour> seats);

  const Board& board() const { return *board_; }
  std::shared_ptr<const Board> board_ptr() const { return board_; }
  const Options& options() const { return options_; }
  int players() const { return static_cast<int>(seats_.size()); }
  const std::vector<Colour>& seats() const { return seats_; }
  int seat_of(Colour c) const;
  const PlayerState& player(Colour c) const { return players_[static_cast<std::size_t>(c)]; }

  // ---- what is where -------------------------------------------------------------------------
  std::optional<Colour> vertex_owner(int v) const;
  Building building(int v) const { return buildings_[static_cast<std::size_t>(v)]; }
  std::optional<Colour> road_owner(int e) const;
  int wall_level(int wall) const { return levels_[static_cast<std::size_t>(wall)]; }
  std::optional<Colour> wall_owner(int wall) const;
  int place_huns(int gathering) const { return places_[static_cast<std::size_t>(gathering)]; }
  int field_huns(int field) const { return fields_[static_cast<std::size_t>(field)]; }
  int hex_huns(int hex) const { return hex_huns_[static_cast<std::size_t>(hex)]; }
  int bag(int numeral) const { return bag_[static_cast<std::size_t>(numeral)]; }
  int bag_total() const;
  bool numeral_in_play(int numeral) const { return numeral < (players() == 6 ? 5 : 3); }
  int huns_in_play() const;
  int pirate() const { return pirate_; }
  const Cards& bank() const { return bank_; }
  int deck_size() const;
  int deck_count(DevCard d) const;
  int cards_bought() const { return bought_; }
  int cards_named(DevCard d) const { return named_[static_cast<std::size_t>(d)]; }
  int breaches() const { return breaches_; }
  int breach_limit() const { return players() == 6 ? 7 : 5; }
  std::optional<Colour> longest_road() const { return longest_road_; }
  std::optional<Colour> largest_army() const { return largest_army_; }
  VpBreakdown vp_breakdown(Colour c) const;
  int vp(Colour c) const { return vp_breakdown(c).total(); }
  // Harbours the colour has and that work (CT-205, CT-409).
  bool has_harbour(Colour c, std::optional<Resource> type, bool ignore_pirate = false) const;
  int supply_settlements(Colour c) const { return 5 - player(c).settlements; }
  int supply_cities(Colour c) const { return 4 - player(c).cities; }
  int supply_roads(Colour c) const { return 15 - player(c).roads; }
  // Road length of CT-902 (the longest trail of own roads).
  int road_length(Colour c) const;

  // ---- the game as a whole ---------------------------------------------------------------------
  bool over() const { return end_ != EndKind::none; }
  EndKind end() const { return end_; }
  std::optional<Colour> winner() const { return winner_; }
  std::optional<Colour> active() const;
  bool in_special() const { return turn_.special; }
  bool rolled() const { return turn_.rolled; }
  // Whether the pirate of this turn's 7 has yet to move (CT-407), and whether the step before
  // was a pirate move (only there may a steal come, CT-408).
  bool pirate_open() const { return turn_.total == 7 && turn_.seven_open && !turn_.pirate_moved; }
  bool after_pirate() const { return turn_.last_was_pirate; }
  // Cards `c` still has to discard on this turn's 7 (CT-406).
  int discard_due(Colour c) const { return turn_.discard_due[static_cast<std::size_t>(c)]; }

  // The line of the first violation that changed the state replayed (0: none yet).
  std::uint32_t taint_line() const;
  // The line of the step being applied: violations are attributed to it for `follows`.
  void set_line(std::uint32_t line) { line_ = line; }

  // ---- the order of play (CT-303, CT-304, CT-401, CT-410) -------------------------------------
  // Each checks that `c` is due and moves the order on; after a colour out of turn, play goes
  // on from that colour, as the players went on.
  // A border fort: the next fort slot (CT-303).
  std::optional<Finding> fort_due(Colour c);
  // A founding settlement: the next settlement slot (CT-304); `round_b` tells whether the slot
  // taken is one of round B.
  std::optional<Finding> founding_due(Colour c, bool& round_b);
  bool forts_placed() const { return founding_pos_ >= players(); }
  bool founding_complete() const { return founding_pos_ >= 3 * players(); }
  // The colours whose placements are still due, once each in order: the forts' while a fort is
  // due, otherwise the founding settlements'.
  std::vector<Colour> founding_missing() const;
  // A turn (CT-401); `turn` counts the turns from 1.
  std::optional<Finding> turn_due(Colour c, int turn);
  // A special building phase after the last turn (CT-410).
  std::optional<Finding> special_due(Colour c);
  // The colour whose turn comes next.
  Colour next_turn() const { return seats_[static_cast<std::size_t>(next_seat_)]; }

  // ---- founding (CT-3xx) -----------------------------------------------------------------------
  Violations place_fort(Colour c, int wall);
  // A founding settlement and its road; a round-B settlement adds the starting resources to
  // `gained` (CT-306). ref 1: the road.
  Violations place_founding(Colour c, const PlaceRef& vertex, const PlaceRef& road, bool round_b,
                            Cards& gained);
  // Whether the record gives the starting resources with <gain> (CT-306); then a <gain> of its
  // colour is due after each round-B settlement that receives cards.
  void set_gains_given(bool given) { gains_given_ = given; }
  // A <gain> of `c` (CT-306); when another colour's gain was due, the first violation is that
  // one's (ref 0: its round-B settlement).
  Violations gain(Colour c, const Cards& cards);
  // The gain due, when another step than a <gain> comes (CT-306; ref 0: the round-B settlement
  // that receives cards without one). Nothing is due afterwards.
  std::optional<Finding> gain_missing();
  // The colour and cards of the <gain> due now (after a round-B settlement that received cards,
  // when the record gives <gain>s); nullopt when none is due.
  std::optional<std::pair<Colour, Cards>> gain_owed() const {
    if (!gain_due_ || total(gain_due_->cards) == 0) return std::nullopt;
    return std::pair{gain_due_->colour, gain_due_->cards};
  }

  // ---- turns (CT-4xx) ---------------------------------------------------------------------------
  // Starts a turn (seq: the play element, from 1) and checks the start-of-turn win (CT-903).
  void begin_turn(Colour c, int seq);
  void begin_special(Colour c, int seq);
  // The turn's open obligations when its element ends: ref 0 the turn itself (no roll), 1 the
  // roll (discards, the pirate), 2 the last pirate move (its steal).
  Violations end_element();

  Violations roll(int d1, int d2, RollResult& out);
  // What the echoes of a roll get wrong about what it did (CT-404, CT-405, CT-503–CT-505,
  // CT-507): ref the echo (-1 the roll itself), sub an <occupy> of a breach echo. An echo
  // changes nothing the roll does.
  Violations echo_faults(const std::vector<Echo>& echoes, const RollResult& rr) const;
  Violations discard(Colour c, const CardList& cards);
  Violations pirate(int hex);
  Violations steal(Colour from, Resource card);
  Violations trade(Colour with, const CardList& give, const CardList& get);
  Violations maritime(const CardList& give, const CardList& get);
  Violations road(const PlaceRef& edge);
  // ref 0..: the Hun draws.
  Violations settlement(const PlaceRef& vertex, const std::vector<HunDraw>& huns);
  Violations city(const PlaceRef& vertex, const std::vector<HunDraw>& huns);
  Violations wall_piece(int level);
  Violations buy_card(std::optional<DevCard> card);
  // ref: the index of the knight action or road (actions and roads as in `step`), or of a
  // monopoly <give> echo; -1 the card itself.
  Violations play_card(const Step& step);
  Violations reveal(DevCard card);
  // A reveal in the record's <end> (CT-1006).
  Violations end_reveal(Colour c, DevCard card);

  // ---- claims (CT-906) -------------------------------------------------------------------------
  // A <claim> of `c`'s VP during play, and a <final> claim after the end's reveals: a dispute
  // (rule CT-906) when `c` is not playing or its VP recomputed here differ from `vp`.
  std::optional<Finding> claim_fault(Colour c, int vp) const;
  std::optional<Finding> final_fault(Colour c, int vp) const;

 private:
  enum Domain : std::uint8_t { kBoardDomain, kHunDomain, kDeckDomain, kHandDomain };
  PlayerState& p(Colour c) { return players_[static_cast<std::size_t>(c)]; }
  Finding fail(std::string_view rule, std::string message, int domain, int ref = -1);
  int hand_domain(Colour c) const { return kHandDomain + static_cast<int>(c); }

  // The structure of the turn before a step (CT-402, CT-406–CT-408, CT-410); false when the
  // step is not applied at all.
  bool gate(StepKind kind, Violations& out);
  void close_seven(Violations& out);
  void after_step();  // the win check of CT-903
  void pay(Colour c, const Cards& cost);
  std::optional<Finding> place_name(const PlaceRef& ref, bool vertex) const;
  std::optional<Finding> road_placement(Colour c, int edge) const;
  std::optional<Finding> settlement_placement(Colour c, int v, bool founding) const;
  bool distance_ok(int v) const;
  bool legal_road_exists(Colour c) const;
  std::optional<Finding> hun_draw(const std::vector<HunDraw>& huns, bool wanted);
  // Lays c's road on `edge` when it is on the board, free, and c has a road left (a fault was
  // reported before; the piece is placed all the same); false when it is not laid.
  bool lay_road(Colour c, int edge);
  // Longest Road after a change: c's new road (lay_road), or a new building at `vertex` (which
  // can cut other colours' trails); each recomputes the lengths that can have changed.
  void building_placed(int vertex);
  void settle_longest_road();  // the holder, from every colour's length
  void update_largest_army(Colour c);
  bool victims_exist(Colour thief) const;
  bool knight_action_possible(bool c_used) const;
  void breach(int field, RollResult& out);
  int next_dev_for_reveal(Colour c) const;
  std::optional<Finding> name_card(Colour c, int index, DevCard card);
  std::string colour_hand(Colour c) const;

  std::shared_ptr<const Board> board_;
  Options options_;
  std::vector<Colour> seats_;
  std::array<PlayerState, kColours> players_{};
  std::vector<std::int8_t> vertex_owner_;  // -1 none, else a colour
  std::vector<Building> buildings_;
  std::vector<std::int8_t> edge_owner_;
  std::vector<int> roads_;  // every road's edge, in the order laid
  std::vector<int> levels_;
  std::vector<std::int8_t> wall_owner_;
  std::vector<int> places_;  // per gathering place (board index)
  std::vector<int> fields_;
  std::vector<int> hex_huns_;
  std::array<int, kNumerals> bag_{};
  int pirate_ = -1;
  Cards bank_{};
  int bought_ = 0;
  std::array<int, kDevCards> named_{};
  int breaches_ = 0;
  std::optional<Colour> longest_road_, largest_army_;
  EndKind end_ = EndKind::none;
  std::optional<Colour> winner_;

  struct Turn {
    bool active = false;
    bool special = false;
    Colour colour = Colour::red;
    int seq = 0;
    bool rolled = false;
    int total = 0;
    bool pre_roll_fault = false;  // a step came before the roll (CT-402 reported)
    int cards_played = 0;
    bool built = false;  // a build or purchase (trade-build = phased)
    std::array<int, kColours> discard_due{};
    bool seven_open = false;    // a 7 whose discards and pirate move may still come
    bool pirate_moved = false;  // on this 7
    bool steal_due = false;     // right after a pirate move with a victim
    bool last_was_pirate = false;
  } turn_;

  // The starting resources of the last round-B settlement, while its <gain> is due.
  struct GainDue {
    Colour colour;
    Cards cards;
  };
  bool gains_given_ = false;
  std::optional<GainDue> gain_due_;
  // The order of play.
  int founding_seat(int pos) const;  // the seat of a founding slot, -1 past the last
  int founding_pos_ = 0;             // founding slots taken
  int next_seat_ = 0;                // the seat whose turn comes next
  int last_turn_seat_ = 0;           // the seat of the last turn
  int next_special_ = 1;  // the nearest seat offset from it that may take a special phase
  bool turn_seen_ = false;

  std::array<std::uint32_t, kHandDomain + kColours> taint_{};
  std::uint32_t line_ = 0;

  // road_length()'s marks, by edge: on the trail followed, reached by a search.
  mutable Scratch<std::vector<char>> road_scratch_;
};

// "2 brick, 1 ore" style descriptions.
std::string describe_hand(const Cards& cards);
// What victory points are made of: "2 settlements, 1 city x2, Longest Road 2".
std::string describe_vp(const VpBreakdown& b);

}  // namespace wallaudit::ct
