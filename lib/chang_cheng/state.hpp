// The Chang Cheng rules engine: a copyable game state and the steps that change it.
// It knows the rules and nothing of XML or output; every check returns Violations.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chang_cheng/board.hpp"
#include "chang_cheng/types.hpp"
#include "core/engine.hpp"

namespace wallaudit::cc {

enum class PieceKind : std::uint8_t { empty, single, double_half, tower, neutral };

struct Piece {
  PieceKind kind = PieceKind::empty;
  Colour colour = Colour::red;  // Colour::neutral for neutral walls
  bool destroyed = false;
  std::uint16_t turn = 0;   // the turn it was placed in
  std::uint32_t taint = 0;  // line of the error it was placed despite; 0 when legal

  bool empty() const { return kind == PieceKind::empty; }
  bool intact() const { return kind != PieceKind::empty && !destroyed; }
  // A single wall or a neutral wall: what a traitor can destroy and a mandarin swap.
  bool is_single() const { return kind == PieceKind::single || kind == PieceKind::neutral; }
};

struct PlacedCard {
  Colour colour = Colour::red;
  std::optional<CardKind> card;  // nullopt until named
  int turn = 0;
  std::uint32_t taint = 0;
  std::uint32_t name_taint = 0;  // the reveal that named it despite an error; 0 when legal
};

struct Tower {
  SpaceId space = kNone;
  Colour owner = Colour::red;
  bool claim = false;
};

// The rules a step breaks: findings of kind rule, with the step of an earlier error each may
// come from as its `cause`, and in `ref` which of the step's inputs it concerns (a resolution's
// index), -1 the step itself.
using Violations = std::vector<Finding>;

// A finding of kind rule.
Finding violation(RuleId rule, std::string message, StepNo cause = 0, int ref = -1);

// An action open to a colour (CC-404), found without words: describe() gives them.
struct ActionExample {
  enum class Kind : std::uint8_t {
    two_walls,      // a, b: spaces
    two_cards,      // a, b: provinces
    card_and_wall,  // a: province, b: space
    double_wall,    // a, b: spaces
    tower,          // a: space
    single_wall,    // a: space (part of an action)
    card,           // a: province (part of an action)
  } kind = Kind::two_walls;
  int a = kNone;
  int b = kNone;
};

// Why a space does not take a piece.
enum class Block : std::uint8_t { none, not_in_play, occupied, reserved, reserved_twice };

// A colour's choice for one of its cards at a province scoring.
struct Resolution {
  Colour colour = Colour::red;
  CardKind card = CardKind::warrior;
  Effect effect = Effect::none;
  SpaceId space = kNone;
  SpaceId with = kNone;
  RegionId region = kNone;
  std::optional<CardKind> cancels;
  Colour of = Colour::red;
  std::uint32_t line = 0;  // where the choice is written, for taint
};

// The rule of a card's choice at a scoring; empty for the master builder, whose effect asks no
// choice that a record could get wrong.
std::string_view card_rule(CardKind c);

struct Reveal {
  Colour colour = Colour::red;
  CardKind card = CardKind::warrior;
  std::uint32_t line = 0;  // where the reveal is written, for taint
};

// What happened to one card at a scoring.
struct CardFate {
  enum class Kind : std::uint8_t { cancelled, removed, resolved, unnamed } kind = Kind::resolved;
  // What the card did, described by describe(); the fields it needs are set.
  enum class What : std::uint8_t {
    never_named,     // unnamed: left out
    cancelled_pair,  // cancelled: `count` cards of its rank
    removed_by,      // removed by `other_colour`'s warrior
    cancels,         // warrior: cancels `other_colour`'s `other_card`
    cancels_nothing,
    destroys,          // traitor: destroys `piece_colour`'s wall on `space`
    destroys_nothing,  // a destroy that could not be applied
    destroy_no_target,
    removes,  // traitor: removes the threat token of `region`
    removes_nothing,
    remove_no_target,
    no_target_either,
    no_effect_applied,  // a choice was missing
    value,              // flood, builder A: value `count`
    extra_walls,        // builder B (1), master builder (2): `count` extra walls
    swaps,  // mandarin: `piece_colour`'s wall on `space` with `other_colour`'s on `with`
    swaps_nothing,
    declines,
    no_swap,
  } what = What::no_effect_applied;
  Colour colour = Colour::red;
  std::optional<CardKind> card;
  Effect effect = Effect::none;
  bool inferred = false;  // the choice was not written but could only be this
  int count = 0;
  Colour other_colour = Colour::red;
  CardKind other_card = CardKind::warrior;
  Colour piece_colour = Colour::red;  // Colour::neutral for a neutral wall
  SpaceId space = kNone;
  SpaceId with = kNone;
  RegionId region = kNone;
};

// One value change of a province (flood, builder A).
struct Modifier {
  int delta = 0;
  CardKind card = CardKind::flood;
  Colour colour = Colour::red;
};

// The full account of one province scoring, for claims and for explain.
struct ProvinceScore {
  ProvinceId province = kNone;
  int intact = 0;     // intact pieces on its spaces
  int destroyed = 0;  // destroyed walls on its spaces (count for nothing)
  int token = 0;      // reputation token
  int modifiers = 0;  // flood and builder value changes, summed
  std::vector<Modifier> modifier_list;
  int value = 0;
  std::array<int, kAllColours> pieces{};  // intact pieces per colour
  std::array<int, kAllColours> extra{};   // builder B / master builder
  std::vector<CardFate> cards;
  std::vector<Colour> scorers;
  bool neutral_blocks = false;
  std::uint32_t taint = 0;
};

struct RegionLoss {
  RegionId region = kNone;
  int token = 0;
  bool value_known = true;
  std::array<int, kAllColours> count{};
  std::vector<Colour> highest;  // colours with the highest count
  std::vector<Colour> protected_by_tower;
  std::vector<Colour> losers;  // lose `token` points each
  bool neutral_blocks = false;
  bool no_pieces = false;
};

struct EventScore {
  EventCard card = EventCard::diplomacy;
  std::array<int, kAllColours> points{};
  std::array<int, kAllColours> measure{};  // provinces held, longest run, cards unplayed
  std::string basis;                       // one sentence on how it was computed
};

struct ColourState {
  bool playing = false;
  int singles = 14;
  int doubles = 1;
  int towers = 1;
  int cards_placed = 0;
  std::uint8_t cards_named = 0;  // bit (rank-1) set when that card has been used
  int score = 0;
  std::uint32_t supply_taint = 0;
  std::uint32_t score_taint = 0;
  std::uint32_t card_taint = 0;
};

struct ProvinceState {
  bool in_play = false;
  bool scored = false;
  int empty = 0;  // empty spaces while in play
  std::optional<int> reputation;
  std::uint32_t taint = 0;
  std::vector<PlacedCard> cards;
};

struct RegionState {
  bool in_play = false;
  bool removed = false;  // by a traitor
  std::optional<int> value;
  std::uint32_t taint = 0;
};

class State {
 public:
  State(std::shared_ptr<const BoardSet> boards, Options options, Variant variant,
        std::vector<EventCard> events, std::vector<Colour> playing, int expansions_due);

  const BoardSet& boards() const { return *boards_; }
  const std::shared_ptr<const BoardSet>& board_set() const { return boards_; }
  const Options& options() const { return options_; }
  Variant variant() const { return variant_; }
  const std::vector<EventCard>& events() const { return events_; }
  bool has_event(EventCard e) const;

  // ---- geometry in play ------------------------------------------------------------------
  const std::vector<int>& sides_in_play() const { return sides_; }
  const std::vector<SpaceId>& line() const { return line_; }
  bool in_play(SpaceId s) const { return pos_[s] >= 0; }
  int position(SpaceId s) const { return pos_[s]; }
  // Neighbours along the wall (kNone where the wall ends).
  std::array<SpaceId, 2> neighbours(SpaceId s) const;
  bool adjacent(SpaceId a, SpaceId b) const;
  std::span<const SpaceId> spaces_of(ProvinceId p) const { return boards_->province_spaces(p); }
  std::span<const SpaceId> spaces_facing(RegionId r) const { return boards_->region_spaces(r); }
  bool province_adjacent_region(ProvinceId p, RegionId r) const;
  int empty_spaces() const;
  bool side_in_play(int side) const;
  bool board_in_play(std::string_view board) const;

  // ---- pieces and tokens -------------------------------------------------------------------
  const Piece& piece(SpaceId s) const { return spaces_[s]; }
  const ColourState& colour(Colour c) const { return colours_[static_cast<int>(c)]; }
  ColourState& colour(Colour c) { return colours_[static_cast<int>(c)]; }
  const ProvinceState& province(ProvinceId p) const { return provinces_[p]; }
  const RegionState& region(RegionId r) const { return regions_[r]; }
  const std::vector<Tower>& towers() const { return towers_; }
  int neutral_left() const { return neutral_left_; }
  int emperor_cards() const { return emperor_cards_; }
  int expansions_done() const { return expansions_done_; }
  int expansions_pending() const { return expansions_pending_; }
  int expansions_due() const { return expansions_due_; }
  // The line of the turn that left a due expansion unmade; 0 when none is overdue. Until the
  // side joins, a space off the wall reads that error (it might have been in play).
  std::uint32_t layout_taint() const { return layout_taint_; }
  void taint_layout(std::uint32_t line) { layout_taint_ = line; }
  // A piece the record places but the rules keep off the wall (its space taken or not in
  // play) leaves the wall one piece short of the record's: counted, with the first such line.
  void reject_piece(std::uint32_t line) {
    if (!fill_taint_) fill_taint_ = line;
    ++rejected_pieces_;
  }
  int rejected_pieces() const { return rejected_pieces_; }
  std::uint32_t fill_taint() const { return fill_taint_; }
  // The first error that left the replayed wall unlike the record's: a piece or card the
  // record places but the rules keep off (`kept_off`), or a scoring, effect or side not
  // applied as written. What reads the wall as a whole (what is empty, complete, due or left)
  // follows from it. `content_taint` leaves out pieces kept off: a piece kept off frees no
  // space the record's wall had taken, so what reads a space's occupant follows only from the
  // others.
  void taint_wall(std::uint32_t line, bool kept_off) {
    if (!wall_taint_) wall_taint_ = line;
    if (!kept_off && !content_taint_) content_taint_ = line;
  }
  std::uint32_t wall_taint() const { return wall_taint_; }
  std::uint32_t content_taint() const { return content_taint_; }

  // ---- set-up and expansion ----------------------------------------------------------------
  void join_side(int side, bool right);
  Violations set_reputation(ProvinceId p, int value, bool at_setup);
  // States a threat token's value (set-up, reveal or end); a different value breaks CC-303.
  Violations state_threat(RegionId r, int value);
  // Joins a new side when one is due (CC-601), with its tokens checked by the caller.
  Violations expand(int side, bool right, std::uint32_t taint);
  // Token values against CC-103's ranges and the set's token mix; `place` is the province
  // (reputation) or region (threat) the token lies on, kNone when only its value is judged.
  Violations check_token_value(bool reputation, int value, int place);
  Violations check_edges(int left_side, int right_side) const;

  // ---- placements (CC-4xx) -----------------------------------------------------------------
  // Why `s` does not take a piece of this kind and colour; Block::none when it does.
  Block blocked(SpaceId s, PieceKind kind, Colour c) const;
  std::string describe_block(SpaceId s, PieceKind kind, Colour c) const;

  // Each returns the violations; the piece is placed whenever the space exists and is empty
  // (so later turns see the board the players saw), tainted with `line` if it broke a rule.
  Violations place_wall(Colour c, SpaceId s, int turn, std::uint32_t line);
  Violations place_double(Colour c, SpaceId a, SpaceId b, int turn, std::uint32_t line, int& bonus);
  Violations place_tower(Colour c, SpaceId s, int turn, std::uint32_t line);
  Violations place_neutral(SpaceId s, int turn, std::uint32_t line);
  Violations place_card(Colour c, ProvinceId p, std::optional<CardKind> card, int turn,
                        std::uint32_t line);
  // Whether the place_* of the same piece would return no violation: the same conditions,
  // asked without a copy of the state and without wording a single violation.
  bool takes_wall(Colour c, SpaceId s) const;
  bool takes_double(Colour c, SpaceId a, SpaceId b) const;
  bool takes_tower(Colour c, SpaceId s) const;
  bool takes_card(Colour c, ProvinceId p, std::optional<CardKind> card) const;
  // Provinces that are complete and not yet scored, left to right.
  std::vector<ProvinceId> completed_unscored() const;
  // Appends to `out` (if not there) the provinces of spaces `a` and `b` (kNone: none) that are
  // complete and not yet scored, left to right.
  void completed_by(SpaceId a, SpaceId b, std::vector<ProvinceId>& out) const;
  bool complete(ProvinceId p) const;

  // ---- CC-404 -------------------------------------------------------------------------------
  // An example of a complete (or partial) action open to `c` now; nullopt when none is.
  std::optional<ActionExample> complete_action(Colour c) const;
  std::optional<ActionExample> partial_action(Colour c) const;

  // ---- scoring (CC-5xx) ---------------------------------------------------------------------
  // Names unnamed cards, then cancels, resolves, values and awards a completed province.
  ProvinceScore score_province(ProvinceId p, const std::vector<Reveal>& reveals,
                               const std::vector<Resolution>& choices, std::uint32_t line,
                               Violations& out);
  // Points each colour would score if `choices` were applied, without changing the state.
  // Puts an emperor card; returns true when that makes an expansion due.
  bool place_emperor_card();

  // ---- the end (CC-7xx, CC-8xx, CC-10xx) ----------------------------------------------------
  std::vector<RegionLoss> mongol_attack();
  std::vector<EventScore> score_events();
  void add_points(Colour c, int points, std::uint32_t taint);
  void taint_scores(std::uint32_t line);

 private:
  void relayout();
  void put(SpaceId s, PieceKind kind, Colour c, int turn, std::uint32_t taint);
  void end_claims_next_to(SpaceId s, Colour c);
  void end_claims_after_swap();
  // The owner a space is reserved for by tower claims; `filled` is treated as occupied.
  Block reservation(SpaceId s, Colour c, SpaceId filled = kNone) const;
  bool accepts_single(SpaceId s, Colour c, SpaceId filled = kNone) const;
  Violations check_supply(Colour c, PieceKind kind) const;
  Violations check_space(SpaceId s, PieceKind kind, Colour c) const;
  std::uint32_t supply_follow(Colour c) const { return colour(c).supply_taint; }
  // A finding's own cause, else the error that left the wall (or its content) unlike the
  // record's.
  std::uint32_t or_wall(std::uint32_t own) const { return own ? own : wall_taint_; }
  std::uint32_t or_content(std::uint32_t own) const { return own ? own : content_taint_; }

  void resolve_cards(ProvinceId p, ProvinceScore& score, const std::vector<Resolution>& choices,
                     std::uint32_t line, Violations& out);

  std::shared_ptr<const BoardSet> boards_;
  Options options_;
  Variant variant_;
  std::vector<EventCard> events_;

  std::vector<Piece> spaces_;  // by SpaceId
  std::vector<int> pos_;       // SpaceId → index in line_, -1 when not in play
  std::vector<SpaceId> line_;  // the wall, west to east
  std::vector<int> sides_;     // sides in play, west to east
  std::vector<ProvinceState> provinces_;
  std::vector<RegionState> regions_;
  std::array<ColourState, kAllColours> colours_{};
  std::vector<Tower> towers_;
  int neutral_left_ = 12;
  int empty_in_play_ = 0;
  int emperor_cards_ = 0;
  int expansions_done_ = 0;
  int expansions_pending_ = 0;
  int expansions_due_ = 1;
  std::uint32_t layout_taint_ = 0;
  std::uint32_t fill_taint_ = 0;
  std::uint32_t wall_taint_ = 0;
  std::uint32_t content_taint_ = 0;
  int rejected_pieces_ = 0;
  std::vector<int> reputation_drawn_, threat_drawn_;  // token values drawn, for the mix
};

std::string colour_list(const std::vector<Colour>& colours);
// "cancels blue's flood", "destroys red's wall on 1A.W2", "value +2", …
std::string describe(const CardFate& fate, const BoardSet& boards);
// "+2 flood (red)"
std::string describe(const Modifier& modifier);
// "two walls, e.g. on 1A.W3 and 2A.W1"
std::string describe(const ActionExample& example, const BoardSet& boards);

}  // namespace wallaudit::cc
