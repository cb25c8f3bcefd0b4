// A Dschingis Bohn record (format 1) as typed data; every element keeps its position.
// A turn is kept as one flat list of elements in document order at any depth (a battle's
// rounds, attacks, defences and reshuffles, a cart's loads), because the format places
// reshuffles by that order.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/source.hpp"
#include "dschingis_bohn/map.hpp"
#include "dschingis_bohn/types.hpp"

namespace wallaudit::db {

using wallaudit::OptionSetting;

struct PlayerDecl {
  Colour colour = Colour::red;
  std::string name;
  SourceLoc loc;
};

struct TerritoryDecl {
  SpaceId space = kNoSpace;
  Card card = Card::camp;
  SourceLoc loc;
};

struct CampDecl {
  Colour colour = Colour::red;
  SpaceId space = kNoSpace;
  SourceLoc loc;
};

struct HandDecl {
  Colour colour = Colour::red;
  std::vector<Bean> beans;  // front first
  SourceLoc loc;
};

struct DeckDecl {
  std::vector<Bean> order;  // top first
  SourceLoc loc;
};

// A card leaving a hand or the turned-up area in a trade or donation.
struct CardRef {
  enum class Source : std::uint8_t { hand, turned_up } source = Source::hand;
  Bean bean = Bean::blue;
  std::optional<int> pos;  // 1 = the front card, in the hand as before the element
  SourceLoc loc;
};

enum class BattleSource : std::uint8_t { cavalry, hand, deck };

// Cards counted or named: <turn-up>, <draw>, <load>, <take>.
struct CardList {
  std::vector<Bean> beans;  // empty when only counted
  bool named = false;
  int count = 0;  // always set
};

struct Elem {
  enum class Kind : std::uint8_t {
    diamond,
    plant,
    turn_up,
    trade,
    donate,
    harvest,
    battle,  // the start of a <battle>; its rounds follow as round/attack/defend
    round,   // the start of a <round>
    attack,
    defend,
    battle_end,  // the end tag of a <battle>
    draw,
    load,  // in step 4, or inside a <buy-cart> (in_cart)
    take,
    buy_cart,      // the start of a <buy-cart>; its <load>s follow
    buy_cart_end,  // the end tag of a <buy-cart>
    buy_field,
    reshuffle,
    vp
  } kind = Kind::vp;
  SourceLoc loc;
  std::optional<Colour> colour;  // plant, harvest, buy-cart, buy-field (default: the turn's), vp
  SourceLoc colour_loc;

  Bean bean = Bean::blue;  // diamond, plant, attack, defend
  int field = 0;           // plant, harvest: 1..3
  SourceLoc field_loc;
  CardList cards;  // turn-up, draw, load, take

  // trade / donate
  Colour partner = Colour::red;
  SourceLoc partner_loc;
  bool donate_to = true;      // donate: to="…" (active → partner) or from="…"
  std::vector<CardRef> give;  // active player → partner
  std::vector<CardRef> get;   // partner → active player

  // harvest claims
  std::optional<int> coins, claimed_cards;
  std::optional<Bean> claimed_bean;

  // battle
  SpaceId target = kNoSpace;
  SourceLoc target_loc;
  std::optional<bool> claimed_capture;  // result="captured" / "repelled"
  int round_index = 0;                  // round: 0 or 1
  int rounds = 0;                       // battle: how many <round>s it holds
  // attack / defend
  BattleSource source = BattleSource::hand;
  int cavalry = 0;  // 1..3
  std::optional<int> pos;

  // payments: battle (1 bean), buy-cart and buy-field (3)
  std::vector<Bean> pay;
  SourceLoc pay_loc;
  bool in_cart = false;       // a <load> or <reshuffle> inside a <buy-cart>
  bool in_battle = false;     // a <reshuffle> inside a <battle>
  bool has_children = false;  // buy-cart: <load> children given

  std::optional<std::vector<Bean>> order;  // reshuffle
  int points = 0;                          // vp
  std::size_t end_index = 0;               // battle / buy-cart: index of its end element
};

struct Turn {
  Colour colour = Colour::red;
  SourceLoc loc;
  SourceLoc colour_loc;
  std::vector<Elem> elems;
};

struct FinalClaim {
  Colour colour = Colour::red;
  int vp = 0;
  SourceLoc loc;
};

struct EndSection {
  bool present = false;
  SourceLoc loc;
  std::optional<std::string> reason;  // "deck" or "last-territory"
  SourceLoc reason_loc;
  std::vector<FinalClaim> finals;
};

struct Record {
  SourceLoc root_loc;
  std::vector<std::pair<std::string, std::string>> meta;
  std::vector<OptionSetting> options;
  Options effective;  // the record's options with the command line's overrides

  std::shared_ptr<const MapDef> map;
  SourceLoc map_loc;  // the <map> element; the root when absent

  std::vector<PlayerDecl> players;
  SourceLoc players_loc;

  std::vector<TerritoryDecl> territories;
  std::vector<CampDecl> camps;
  std::vector<HandDecl> hands;
  std::vector<DeckDecl> decks;
  SourceLoc setup_loc;

  std::vector<Turn> turns;
  SourceLoc play_loc;

  EndSection end;
};

}  // namespace wallaudit::db
