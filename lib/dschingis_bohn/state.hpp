// The Dschingis Bohn rules engine: a copyable game state and one entry point per element of a
// turn. It knows the rules (turn parts, hidden cards, exhaustions, battles) and nothing of XML
// or output; every entry point checks and applies one step and returns the rules it broke.
// After a broken rule it applies what the step says where it can (rules section 13, "Keep
// going").
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine.hpp"
#include "core/scratch.hpp"
#include "dschingis_bohn/actions.hpp"
#include "dschingis_bohn/map.hpp"
#include "dschingis_bohn/types.hpp"

namespace wallaudit::db {

// Which part of an element a violation concerns, for its position (ref >= 0: the n-th card
// of a trade or donation, gives first, then gets).
enum Ref : int {
  kRefElement = -1,
  kRefTarget = -2,
  kRefPay = -3,
  kRefColour = -4,
  kRefField = -5,
  kRefPartner = -6,
  kRefTurn = -7,
};

// The part of a turn's action (Finding::part, kPart… of actions.hpp) that `ref` names.
std::uint8_t part_of(int ref);

// The rules the state finds broken: findings of kind rule, each pointing at its part.
using Violations = std::vector<Finding>;

// A card as the checker knows it: a bean kind, or unknown.
using Slot = std::int8_t;
inline constexpr Slot kUnknown = -1;
inline Slot slot_of(Bean b) {
  return static_cast<Slot>(b);
}

enum class Phase : std::uint8_t { start, step1, step2, step3, battles, step4 };
enum class EndReason : std::uint8_t { none, deck, last_territory };
enum class AttackSource : std::uint8_t { cavalry, hand, deck };

struct PlayerState {
  Colour colour = Colour::red;
  std::vector<Slot> hand;                   // front first
  std::array<std::vector<Bean>, 3> fields;  // field 3 only once bought
  bool field3 = false;
  std::vector<Bean> treasury;  // bottom first: the back is the top
  std::vector<Bean> to_plant;  // received in trades and donations
  bool has_cart = false;
  std::vector<Slot> cart;
  int razing_points = 0;
};

struct SpaceState {
  std::optional<Card> card;
  int owner = -1;  // seat; -1 neutral
  bool razed = false;
};

// What the set-up gives the engine (already checked against DB-30x by the checker).
struct Setup {
  std::shared_ptr<const MapDef> map;
  Options options;
  std::vector<Colour> seats;
  std::vector<std::optional<Card>> cards;               // per space
  std::vector<int> owner;                               // per space: seat of its camp, or -1
  std::vector<std::optional<std::vector<Bean>>> hands;  // per seat: front first, when given
  std::optional<std::vector<Bean>> deck;                // top first, when given
};

struct HarvestResult {
  Bean bean = Bean::blue;
  int cards = 0;
  int coins = 0;
};

// One round of a battle as it was fought.
struct RoundResult {
  AttackSource attack = AttackSource::hand;
  int cavalry = 0;
  std::optional<Bean> attack_card;  // nullopt: cavalry, or a strength-0 deck card
  int attack_strength = 0;
  bool defence_from_hand = false;
  std::optional<Bean> defence_card;
  int defence_card_strength = 0;
  int defence_strength = 0;  // raised to the territory's minimum
  bool won = false;
};

struct BattleResult {
  int attacker = -1;
  int defender = -1;  // -1: neutral
  SpaceId target = kNoSpace;
  std::optional<Card> card;
  bool razed_before = false;
  std::vector<RoundResult> rounds;
  bool captured = false;
  bool razed = false;     // razed by this capture (razing=on)
  int cavalry_taken = 0;  // the steppe's cavalry that changed hands (1..3), or 0
  bool cavalry_exhausted = false;
  bool third_exhaustion = false;  // the deck ran out for the third time during the battle
  EndReason ended = EndReason::none;
  int paid = 0;  // thalers paid (1, or 0 when the treasury was empty)
};

class State {
 public:
  // Deals the hands (DB-306) and builds the deck; `violations` receives DB-1202 findings
  // about the cards the set-up names.
  State(const Setup& setup, Violations& violations);

  // ---- queries -----------------------------------------------------------------------------
  const MapDef& map() const { return *map_; }
  const Options& options() const { return options_; }
  int players() const { return static_cast<int>(players_.size()); }
  const PlayerState& player(int seat) const { return players_[static_cast<std::size_t>(seat)]; }
  const SpaceState& space(SpaceId s) const { return spaces_[static_cast<std::size_t>(s)]; }
  // The seat owning cavalry k (1..3) through its steppe, or -1.
  int cavalry_owner(int k) const;
  bool cavalry_exhausted(int k) const { return exhausted_[static_cast<std::size_t>(k - 1)]; }
  bool cavalry_in_play(int k) const;
  int vp(int seat) const;
  int territories(int seat) const;
  int owned(int seat, Card card) const;
  bool reachable(int seat, SpaceId target) const;
  const std::vector<Slot>& deck() const { return deck_; }  // the back is the top
  const std::vector<Bean>& discard() const { return discard_; }
  const std::vector<Bean>& turned_up() const { return turned_up_; }
  int exhaustions() const { return exhaustions_; }
  int known(Bean b) const { return known_[static_cast<std::size_t>(b)]; }
  bool over() const { return over_; }
  EndReason end_reason() const { return end_reason_; }
  int active() const { return active_; }
  Phase phase() const { return phase_; }
  bool reshuffle_owed() const { return owed_ > 0; }
  bool in_battle() const { return battle_.active; }
  // Whether step 1 still owes its first planting (the hand is not empty).
  bool step1_owed() const { return step1_owed_ && step1_plants_ == 0; }
  // Cards the open turn-up, draw, load or cart load still owes; nullopt when none is open.
  std::optional<int> cards_owed() const {
    auto left = [](const Group& g) { return std::max(0, g.required - g.taken); };
    if (cart_buy_.active) return left(cart_buy_.group);
    if (group_.kind == GroupKind::turn_up && !turn_up_closed_) return left(group_);
    if ((group_.kind == GroupKind::draw || group_.kind == GroupKind::load) && step4_begun_ &&
        !take_done_)
      return left(group_);
    return std::nullopt;
  }
  // The battle just ended (valid after battle_end()).
  const BattleResult& last_battle() const { return last_battle_; }

  // ---- one entry point per element ------------------------------------------------------
  // `seat` -1 names a colour that is not at the table. Elements ignored because the game had
  // ended return DB-1003 only; for <battle> and <buy-cart>, `applied` tells whether their
  // inner elements are to be replayed.

  Violations begin_turn(int seat);
  Violations diamond(Bean named);
  Violations plant(int seat, Bean bean, int field);
  Violations turn_up(const std::vector<Bean>& beans);
  struct Given {
    bool from_turned_up = false;
    Bean bean = Bean::blue;
    std::optional<int> pos;
  };
  // A trade, or a donation (one side empty). `give`: the active player's cards to `partner`;
  // `get`: the partner's hand cards to the active player.
  Violations trade(int partner, const std::vector<Given>& give, const std::vector<Given>& get,
                   bool donation);
  Violations harvest(int seat, int field, HarvestResult& result);
  Violations buy_cart(int seat, const std::vector<Bean>& pay, bool has_children, bool& applied);
  Violations cart_load(const std::vector<Bean>& beans, int count);
  Violations buy_cart_end();
  Violations buy_field(int seat, const std::vector<Bean>& pay);
  Violations battle(SpaceId target, const std::vector<Bean>& pay, bool& applied);
  Violations round(int index);
  Violations attack(AttackSource source, int cavalry, Bean bean, std::optional<int> pos);
  Violations defend(bool from_hand, Bean bean, std::optional<int> pos);
  Violations battle_end();
  Violations draw(const std::vector<Bean>& beans, int count);
  Violations load(const std::vector<Bean>& beans, int count);
  Violations take(const std::vector<Bean>& beans, int count);
  // `before_deck_card`: the next element is an attack or defence that takes a deck card (where
  // a DB-1002 reshuffle stands).
  Violations reshuffle(const std::optional<std::vector<Bean>>& order, bool before_deck_card);
  Violations vp_claim();
  Violations end_turn();

 private:
  enum class Act : std::uint8_t {
    diamond,
    plant,
    turn_up,
    trade,
    harvest,
    buy_cart,
    cart_load,
    buy_field,
    battle,
    draw,
    load,
    take,
    reshuffle,
    vp
  };
  enum class GroupKind : std::uint8_t { none, turn_up, draw, load, cart };
  struct Group {
    GroupKind kind = GroupKind::none;
    int required = 0;
    int taken = 0;
    bool awaiting = false;  // split by a reshuffle: the next element must continue it
    bool emptied = false;   // its last element took the deck's last card
    bool cut = false;       // the third exhaustion cut it short
    bool reported = false;  // its count was already found wrong
  };
  struct Battle {
    bool active = false;
    int round = -1;
    bool expect_second = false;
    bool decided = false;
    bool reshuffled = false;  // the DB-1002 reshuffle was made
    bool attacked = false;
    bool cavalry_bad = false;      // the cavalry attack broke DB-705: round 2 is not demanded
    bool second_optional = false;  // ...but may be written
    RoundResult current;
    std::vector<Bean> table;
  };
  struct CartBuy {
    bool active = false;
    int seat = -1;
    Group group;
  };

  bool prologue(Act act, Violations& v);
  void fail(Violations& v, std::string_view rule, std::string message, int ref = kRefElement);

  // Parts of the turn an element closes (DB-409).
  void close_start(Violations& v);
  void close_step1(Violations& v);
  void close_turn_up(Violations& v, bool needed);
  void close_step3(Violations& v);
  void begin_step4(Violations& v);
  void end_step2();  // the turned-up cards join the active player's to-plant area
  void check_group(Group& g, Violations& v);

  // Cards.
  void name_card(Bean b, Violations& v);
  void forget(Slot s);
  // The deck's top card for `act` (named when the record names it); nullopt when there is
  // none (the third exhaustion, or deck and discard pile both empty in a battle).
  std::optional<Slot> take_top(std::optional<Bean> named, Violations& v);
  // The cards of a step-4 <draw> or <load>, taken from the deck into `into`; `taken` words
  // the cards in a message ("drawn"), `too_many` is the message of a step 4 that takes more
  // than it may (card count, why, cards taken).
  void step4_cards(const std::vector<Bean>& beans, int count, bool counting,
                   std::vector<Slot>& into, std::string_view taken, std::string_view too_many,
                   Violations& v);
  void exhausted(Violations& v);
  void third_exhaustion();
  void do_reshuffle(const std::optional<std::vector<Bean>>* order, Violations& v);
  void check_pending_end();
  void place_flip(Bean b, int seat);
  // Chooses and removes the hand slots of the cards one element takes from `seat`'s hand
  // (DB-1204), reporting DB-402; cards the hand cannot give still leave as named (without
  // taking a slot). Violations get ref first_ref + the card's index (when first_ref >= 0).
  void take_from_hand(int seat, const std::vector<std::pair<Bean, std::optional<int>>>& cards,
                      Violations& v, int first_ref = kRefElement);
  void pay(int seat, const std::vector<Bean>& named, int count, Violations& v);
  void plant_into(int seat, Bean bean, int field, Violations& v);
  bool all_to_plant_empty() const;
  void end_game(EndReason reason);
  std::string who(int seat) const;
  std::string hand_text(int seat) const;

  std::shared_ptr<const MapDef> map_;
  Options options_;
  std::vector<PlayerState> players_;
  std::vector<SpaceState> spaces_;
  std::array<bool, 3> exhausted_{};
  std::vector<Slot> deck_;  // the back is the top
  std::vector<Bean> discard_;
  std::vector<Bean> turned_up_;
  std::array<int, kBeanKinds> known_{};
  int exhaustions_ = 0;
  int owed_ = 0;                      // reshuffles owed
  std::optional<Bean> pending_flip_;  // a diamond card waiting for the reshuffle
  int pending_flip_seat_ = -1;
  bool over_ = false;
  bool pending_end_ = false;  // DB-503(a): the game ends once every to-plant area is empty
  EndReason end_reason_ = EndReason::none;

  // The turn.
  int active_ = -1;
  Phase phase_ = Phase::start;
  int diamonds_owed_ = 0, diamonds_done_ = 0;
  bool diamonds_closed_ = false;
  bool step1_owed_ = false, step1_closed_ = false;
  int step1_plants_ = 0;
  bool turned_up_any_ = false, turn_up_closed_ = false;
  bool step3_closed_ = false;
  bool step4_begun_ = false;
  bool take_done_ = false;
  bool continuing_ = false;    // the element continues a turn-up, draw or load split by a reshuffle
  bool battle_third_ = false;  // the third exhaustion came during the current battle
  Group group_;                // the turn-up, draw or step-4 load
  Battle battle_;
  BattleResult last_battle_;
  CartBuy cart_buy_;
  // take_from_hand()'s working lists: the hand position each card takes, the positions used,
  // the positions to remove.
  struct TakeLists {
    std::vector<int> chosen;
    std::vector<char> used;
    std::vector<int> order;
  };
  Scratch<TakeLists> take_;
};

}  // namespace wallaudit::db
