// A record of "The Great Wall" (format 1) as typed data; every element keeps its position.
// Names are resolved against the board (unknown ids are format errors); whether an element
// is in play or on the board is a rule question, left to the checker.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "catan_great_wall/board.hpp"
#include "catan_great_wall/types.hpp"
#include "core/source.hpp"

namespace wallaudit::ct {

// A vertex or edge as written: the hex it is named through and what it resolves to.
struct PlaceRef {
  int hex = -1;
  int index = -1;  // vertex or edge index of the board
  std::string text;
  SourceLoc loc;  // the attribute's value
};

// A resource card list: how many of each resource. `order` keeps the cards as written only where
// the order decides something (the two cards a year of plenty takes); elsewhere it is empty.
struct CardList {
  Cards cards{};
  std::vector<Resource> order;
  int count() const { return total(cards); }
};

struct HunDraw {
  int numeral = 0;
  SourceLoc loc;
};

using wallaudit::OptionSetting;

struct PlayerDecl {
  Colour colour = Colour::red;
  std::string name;
  SourceLoc loc;
};

struct SetupItem {
  enum class Kind : std::uint8_t { fort, settlement, gain } kind = Kind::fort;
  SourceLoc loc;
  Colour colour = Colour::red;
  SourceLoc colour_loc;
  int wall = -1;  // fort
  SourceLoc wall_loc;
  PlaceRef vertex;  // settlement
  PlaceRef road;
  std::vector<HunDraw> huns;  // settlement: none allowed (CT-307)
  CardList cards;             // gain
};

// An echo inside <roll>: an advance, a breach with its occupied hexes, or a colour's production.
struct Echo {
  enum class Kind : std::uint8_t { advance, breach, produce } kind = Kind::advance;
  SourceLoc loc;
  int from = 0;                                     // advance: numeral
  int field = -1;                                   // advance: to; breach: field
  std::vector<std::pair<int, SourceLoc>> occupies;  // breach: hex, position of <occupy>
  Colour colour = Colour::red;                      // produce
  CardList cards;                                   // produce
};

// A knight's action or the steal after its pirate move, in recorded order.
struct KnightAction {
  enum class Kind : std::uint8_t { move_hun, chase_hun, pirate, steal } kind = Kind::move_hun;
  SourceLoc loc;
  int from = 0, to = 0;  // move_hun: numerals
  int hex = -1;          // chase_hun, pirate
  SourceLoc hex_loc;
  int numeral = 0;  // chase_hun
  Colour colour = Colour::red;
  Resource card = Resource::brick;  // steal
};

struct MonopolyGive {
  Colour colour = Colour::red;
  int count = 0;
  SourceLoc loc;
};

enum class StepKind : std::uint8_t {
  roll,
  discard,
  pirate,
  steal,
  trade,
  bank,
  road,
  settlement,
  city,
  wall_piece,
  buy_card,
  play_card,
  reveal,
  claim
};

std::string_view element_name(StepKind kind);

struct Step {
  StepKind kind = StepKind::roll;
  SourceLoc loc;
  // roll
  int d1 = 0, d2 = 0;
  std::vector<Echo> echoes;
  // discard (colour), steal (from), trade (with), claim (colour)
  Colour colour = Colour::red;
  bool colour_playing = true;       // claims may name a colour that is not playing (CT-906)
  CardList cards;                   // discard cards; trade and bank: give
  CardList get;                     // trade and bank
  Resource card = Resource::brick;  // steal
  int hex = -1;                     // pirate: to
  SourceLoc hex_loc;
  PlaceRef place;  // road: edge; settlement, city: vertex
  std::vector<HunDraw> huns;
  int level = 0;               // wall piece
  std::optional<DevCard> dev;  // buy-card (optional), play-card, reveal
  std::vector<KnightAction> actions;
  std::vector<PlaceRef> roads;          // road building
  CardList take;                        // year of plenty
  Resource resource = Resource::brick;  // monopoly
  std::vector<MonopolyGive> gives;
  int vp = 0;  // claim
};

// A <turn> or a <special> building phase, in the order of <play>.
struct TurnElem {
  bool special = false;
  Colour colour = Colour::red;
  SourceLoc loc;
  SourceLoc colour_loc;
  int turn = 0;  // the <turn> count: this turn's, or for a special the turn it follows (0: none)
  std::vector<Step> steps;
};

struct EndItem {
  enum class Kind : std::uint8_t { reveal, final_vp, outcome } kind = Kind::reveal;
  SourceLoc loc;
  Colour colour = Colour::red;
  bool colour_playing = true;
  bool has_colour = false;  // outcome
  DevCard card = DevCard::knight;
  int vp = 0;
  bool huns = false;  // outcome result
};

struct Record {
  std::shared_ptr<const Board> board;
  SourceLoc root_loc;
  SourceLoc board_loc;
  std::vector<std::pair<std::string, std::string>> meta;  // tag → text, free-form
  std::vector<OptionSetting> options;
  std::vector<PlayerDecl> players;
  SourceLoc players_loc;
  std::vector<SetupItem> setup;
  SourceLoc setup_loc;
  std::vector<TurnElem> elements;
  SourceLoc play_loc;
  bool end_present = false;
  SourceLoc end_loc;
  std::vector<EndItem> end;
};

}  // namespace wallaudit::ct
