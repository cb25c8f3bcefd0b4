// The Great Wall of China rules engine: a copyable game state and the steps that change it.
// It knows the rules and nothing of XML or output; every step returns the rules it breaks.
// A step that breaks a rule is still applied as far as it can be (so later turns see the
// table the players saw), and what it touched is tainted with its step number, for
// follow-ons.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine.hpp"
#include "great_wall/types.hpp"

namespace wallaudit::gw {

// The part of an action a finding points at (Finding::part): the element, or one of its
// attributes; the turn element comes last.
enum class Attr : std::uint8_t { element, colour, section, token, tokens, card, on, turn };
inline constexpr std::size_t kParts = 7;  // parts of a placed action (Attr::colour … Attr::turn)

// A rule broken by a step; `cause` is the earlier erroneous step whose effects it reads.
Finding violation(RuleId rule, std::string message, StepNo cause = 0, Attr attr = Attr::element);
using Violations = std::vector<Finding>;

struct PlacedCard {
  Colour colour = Colour::red;
  Card card = Card::wall;
  int turn = 0;
  StepNo taint = 0;  // the erroneous step it was played by; 0 when legal
};

// A place of a section: a card, and the dragons played on top of it (the last one shows).
struct Place {
  std::vector<PlacedCard> layers;
  const PlacedCard& top() const { return layers.back(); }
};

// Every colour's presence and total in one section: has_card(c, s) and total(c, s).total of
// each colour.
struct SectionTally {
  std::array<bool, kColours> present{};  // a card of the colour, showing or covered
  std::array<int, kColours> points{};
};

struct SectionState {
  bool open = true;
  std::vector<int> offer;   // face-up tokens beside the section; 0: a value the record never gave
  std::optional<int> laid;  // the first token, lying on a card (0: value unknown)
  int laid_place = -1;      // its place (index), -1 when it lies on no card
  std::vector<Place> places;
  bool awaiting_reveal = false;   // its second token was won this turn, new pair not yet given
  bool closed_this_turn = false;  // closed this turn: fewer than two tokens were left
  StepNo cleared_line = 0;        // the <score> step that cleared it, while awaiting the reveal
  StepNo taint = 0;
  // Kept by State whenever the places or the laid token change (leads() asks at every step).
  SectionTally tally;
};

struct ColourState {
  bool playing = false;
  int seat = -1;
  std::array<int, kCardTypes> played{};  // cards played, by type (they may have left the game)
  std::array<int, kCardTypes> known{};   // cards in hand known by name, by type
  int hand = kHandSize;
  int deck = kDeckSize - kHandSize;
  int draws = 0;
  int score = 0;
  std::vector<int> won;  // token values won, in order
  StepNo hand_taint = 0;
  StepNo score_taint = 0;

  int played_total() const;
  int known_total() const;
};

// One term of a colour's total in a section, for explanations.
struct ValueTerm {
  int place = 0;  // 1-based
  Card card = Card::wall;
  int value = 0;
  std::optional<PlacedCard> covers;  // a dragon's covered card (the top one under it)
};

struct Total {
  Colour colour = Colour::red;
  int total = 0;
  std::vector<ValueTerm> terms;
  std::optional<int> token;  // the first token lying on one of its cards
  int covered = 0;           // its cards lying under a dragon
};

// What a <score> did, for the history.
struct ScoreEvent {
  int section = 0;
  Colour scorer = Colour::red;
  bool second = false;  // the second token (the section is cleared)
  bool applied = false;
  int token = 0;           // the value the scorer took
  std::vector<int> offer;  // the tokens on offer before
  int on_place = -1;       // first token: where it was laid (1-based)
  std::optional<Card> on_card;
  std::optional<Colour> first_owner;  // second token: who takes the first one back
  int first_value = 0;
  // Every colour with a card there, seat order, before the score; each with its terms only
  // when the state lists them (State::set_terms).
  std::vector<Total> totals;
  bool noble = false;  // a visible noble set every card to 1
  bool alone = false;
  bool leads = false;
  bool closed = false;  // fewer than two tokens were left: the section closed
  std::array<int, kColours> points{};
};

enum class EndReason : std::uint8_t { none, last_token, last_round };

class State {
 public:
  State(std::vector<Colour> seats, int sections);

  // ---- the table ------------------------------------------------------------------------
  int sections() const { return static_cast<int>(sections_.size()); }
  const SectionState& section(int s) const { return sections_[static_cast<std::size_t>(s)]; }
  const ColourState& colour(Colour c) const { return colours_[static_cast<std::size_t>(ci(c))]; }
  const std::vector<Colour>& seats() const { return seats_; }
  const TokenCounts& pool() const { return pool_; }
  int pool_total() const;
  bool holds_token(int s) const;
  bool has_card(Colour c, int s) const;
  // GW-4xx: the colour's total in the section, with its terms.
  Total total(Colour c, int s) const;
  const SectionTally& tally(int s) const;
  // Whether score events list the terms of each total (ScoreEvent::totals), which only
  // explanations and stats read. On by default.
  void set_terms(bool on) { terms_ = on; }
  bool noble_visible(int s) const;
  // GW-302: strictly ahead of every other colour with a card there (alone: always).
  bool leads(Colour c, int s) const;
  bool anyone_leads() const;
  // GW-304: the colour could take an action now (draw, or play a card other than cavalry).
  bool can_act(Colour c) const;
  // Cards in hand not known by name.
  int unknown_in_hand(Colour c) const;

  // ---- the course of the game -----------------------------------------------------------
  EndReason ended() const { return ended_; }
  int end_turn() const { return end_turn_; }
  bool last_round() const { return emptier_ >= 0; }
  bool scoring_only() const { return scoring_only_; }
  std::optional<Colour> emptier() const;
  int emptier_turn() const { return emptier_turn_; }
  bool in_turn() const { return turn_.active; }
  // True while the steps of the current turn are replayed (false for a turn out of play).
  bool replaying() const { return turn_.active && !turn_.skip; }

  // ---- set-up (GW-2xx) --------------------------------------------------------------------
  Violations setup_section(int s, const std::vector<int>& tokens, StepNo step);
  Violations setup_discard(int s, const std::vector<int>& tokens, StepNo step);
  Violations setup_hand(Colour c, const std::vector<Card>& cards, StepNo step);
  // Sections the set-up left without a pair (GW-201).
  Violations finish_setup(StepNo step);

  // ---- a turn (GW-3xx … GW-6xx) -----------------------------------------------------------
  // Starts the turn of `c` (turn `n`): GW-204 (seat order), GW-601/GW-602 (after the end).
  // After it, replaying() tells whether the turn's steps count.
  Violations begin_turn(Colour c, int n, StepNo step);
  // `record_clears`: the record gives the section a new pair later in the turn, so a score
  // without on= is replayed as a second token even where no first token lies (GW-501).
  Violations score(int s, int token, std::optional<int> on, bool record_clears, StepNo step,
                   ScoreEvent& event);
  Violations reveal(int s, const std::vector<int>& tokens, StepNo step);
  Violations discard(int s, const std::vector<int>& tokens, StepNo step);
  Violations play(int s, const std::vector<Card>& cards, int count, std::optional<int> on,
                  StepNo step);
  Violations draw(std::optional<Card> card, StepNo step);
  // Ends the turn: a scoring never closed (GW-302), too few actions (GW-304), a missing
  // reveal (GW-502); then the last round and the end (GW-602).
  Violations end_turn(StepNo step);

  // The first step that broke a rule (0 when none).
  StepNo first_error() const { return first_error_; }

  // The turn under way (or the last one).
  struct TurnState {
    bool active = false;
    bool skip = false;
    Colour colour = Colour::red;
    int n = 0;
    bool scoring = true;
    int actions = 0;
    bool after_end_reported = false;
    std::array<StepNo, kMaxSections> scored{};  // step of the section's <score>
  };
  const TurnState& turn() const { return turn_; }
  // The colour whose turn comes next (seat order).
  Colour due() const { return seats_[static_cast<std::size_t>(expected_seat_)]; }
  bool section_set(int s) const { return section_set_[static_cast<std::size_t>(s)]; }
  // A step whose findings all follow from earlier errors passes those errors on: what it
  // touched is tainted with `root` instead of `step`.
  void retaint(StepNo step, StepNo root);

 private:
  SectionState& sec(int s) { return sections_[static_cast<std::size_t>(s)]; }
  // The tally of a section, counted afresh from its places and laid token.
  static SectionTally count(const SectionState& sc);
  // After a change to the places or the laid token of `sc`.
  static void retally(SectionState& sc) { sc.tally = count(sc); }
  ColourState& col(Colour c) { return colours_[static_cast<std::size_t>(ci(c))]; }
  std::string totals_text(int s) const;
  // GW-601 for a step after the end in the same turn; true when the step must be dropped.
  bool after_end(Violations& out);
  // Closes the scoring phase: every section led and not scored breaks GW-302.
  void close_scoring(Violations& out, StepNo step);
  // Takes a token of `value` out of the pool; false when none is left.
  bool take(int value);
  Violations check_tokens(const std::vector<int>& tokens, std::string_view where,
                          std::vector<int>& taken);
  void check_exhausted();
  void note(const Violations& out, std::size_t before, StepNo step);

  std::vector<Colour> seats_;
  std::array<ColourState, kColours> colours_{};
  std::vector<SectionState> sections_;
  bool terms_ = true;
  std::vector<bool> section_set_;
  std::array<bool, kColours> hand_named_{};
  TokenCounts pool_{};
  TurnState turn_;
  int expected_seat_ = 0;
  int emptier_ = -1;  // seat of the first player to play all 20 cards
  int emptier_turn_ = 0;
  bool scoring_only_ = false;
  EndReason ended_ = EndReason::none;
  int end_turn_ = 0;
  StepNo end_line_ = 0;
  StepNo pool_taint_ = 0;
  StepNo order_taint_ = 0;
  StepNo first_error_ = 0;
};

// "red's wall 1 + warrior 1 + warrior 2 − token 5 = -1" and the like.
std::string describe(const Total& total);

}  // namespace wallaudit::gw
