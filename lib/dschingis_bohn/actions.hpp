// Dschingis Bohn actions: one typed value per step of a turn, with the canonical one-line
// text `ACTOR: KIND ARGS…` that parse_action reads back (docs/formats/dschingis-bohn.md,
// "Actions"). A turn is a sequence of them: `red: turn`, its four steps element by element
// (a battle as `battle`, `round`, `attack`, `defence`, `battle-end`; a cart as `buy-cart`,
// `cart-load`…, `cart-end`), then `red: end-turn`. A card the record does not name is `?`:
// the action is known, the card is named where the record reveals it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/engine.hpp"
#include "dschingis_bohn/map.hpp"
#include "dschingis_bohn/record.hpp"
#include "dschingis_bohn/types.hpp"

namespace wallaudit::db {

// A card leaving a hand (`soy`, `soy@3` with its position) or the turned-up area (`up:soy`).
struct CardToken {
  bool turned_up = false;
  Bean bean = Bean::blue;
  std::optional<int> pos;
  friend bool operator==(const CardToken&, const CardToken&) = default;
};

class Action final : public wallaudit::Action {
 public:
  enum class Kind : std::uint8_t {
    setup,    // chance: setup players=red,blue,green camps=green:12,… territories=02:village,…
    turn,     // red: turn
    diamond,  // red: diamond soy
    plant,    // blue: plant chili 1
    turn_up,  // red: turn-up chili ?
    trade,    // red: trade blue give up:chili red@4 get stink@2
    donate,   // red: donate to green up:garden / red: donate from blue soy
    harvest,  // red: harvest 2 coins=2 bean=soy cards=4
    battle,   // red: battle 15 pay=garden result=captured
    round,    // red: round 1
    attack,   // red: attack cavalry 3 / red: attack hand chili@2 / red: attack deck stink
    defence,  // red: defence hand soy@1 / red: defence deck stink
    battle_end,   // red: battle-end
    draw,         // red: draw ? ? ?
    load,         // red: load soy
    take,         // red: take ?
    buy_cart,     // red: buy-cart pay=soy,soy,chili loads
    cart_load,    // red: cart-load ? ?
    cart_end,     // red: cart-end
    buy_field,    // red: buy-field pay=blue,blue,blue
    reshuffle,    // chance: reshuffle / chance: reshuffle order=soy,chili before-deck-card
    claim,        // red: claim 4                 (a <vp> during play)
    final_claim,  // red: claim final 9          (a <final> of the end)
    end_claim,    // chance: claim end deck       (the <end reason> no colour makes)
    end_turn,     // red: end-turn
  };

  Kind what = Kind::turn;
  bool chance = false;          // the actor is kChance
  Colour colour = Colour::red;  // the actor, unless chance

  Bean bean = Bean::blue;                    // diamond, plant, attack/defence (hand, deck)
  int number = 0;                            // plant/harvest: field; round: 1-2;
                                             // attack: cavalry; claim, final_claim: VP
  SpaceId target = kNoSpace;                 // battle
  std::optional<int> pos;                    // attack/defence from the hand
  BattleSource source = BattleSource::hand;  // attack/defence
  Colour partner = Colour::red;              // trade, donate
  bool donate_to = true;                     // donate: to (the actor gives) or from
  std::vector<CardToken> give, get;          // trade: both; donate: give (to) or get (from)
  std::vector<std::optional<Bean>> cards;    // turn-up, draw, load, take, cart-load
  std::vector<Bean> pay;                     // battle, buy-cart, buy-field
  bool loads = false;                        // buy-cart: its loads follow
  std::optional<int> coins, claimed_cards;   // harvest claims
  std::optional<Bean> claimed_bean;
  std::optional<bool> captured;            // battle claim
  std::optional<std::vector<Bean>> order;  // reshuffle
  bool before_deck_card = false;  // reshuffle: the next attack or defence takes a deck card
  std::string reason;             // end_claim
  const MapDef* map = nullptr;    // names the spaces; not owned
  // setup: the record's declarations, in record order (duplicates and all)
  std::vector<Colour> players;
  std::vector<std::pair<SpaceId, Card>> territories;
  std::vector<std::pair<Colour, SpaceId>> camps;
  std::vector<std::pair<Colour, std::vector<Bean>>> hands;
  std::vector<std::vector<Bean>> decks;

  std::unique_ptr<wallaudit::Action> clone() const override {
    return std::make_unique<Action>(*this);
  }
  std::string actor() const override;
  std::string_view kind() const override;
  std::string text() const override;
  // Same kind first; then fewer differences: the same player, card, field or count, and the
  // target space itself, then its neighbours, then any other space.
  int apart(const wallaudit::Action& other) const override;
};

// Reads an action's canonical text; nullopt with `error` set when it is not one. `map` names
// the spaces a battle may target.
std::optional<Action> parse_action(std::string_view text, const MapDef& map, std::string& error);

// The actions of `rec`, in record order, each with the element it stands for: the set-up,
// per turn `turn`, its elements, `end-turn`; then the end's reason claim and final claims.
// PlacedAction::parts of a turn's action: 1 colour (the turn's when the element names none),
// 2 field, 3 target, 4 pay, 5 partner, 6 the turn, 7… the cards of a trade or donation (gives
// first, then gets). Of the set-up: 1 the map, 2 <players>, 3 <setup>, then every <player>,
// <territory>, <camp>, <hand> and <deck> in the order of the action's lists.
std::vector<PlacedAction> record_actions(const Record& rec);

inline constexpr std::uint8_t kPartColour = 1, kPartField = 2, kPartTarget = 3, kPartPay = 4,
                              kPartPartner = 5, kPartTurn = 6, kPartCards = 7;
inline constexpr std::uint8_t kPartMap = 1, kPartPlayers = 2, kPartSetup = 3, kPartDecls = 4;

}  // namespace wallaudit::db
