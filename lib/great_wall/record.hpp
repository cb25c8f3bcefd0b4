// A Great Wall of China record (format 1) as typed data; every element keeps its position.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/source.hpp"
#include "great_wall/types.hpp"

namespace wallaudit::gw {

struct PlayerDecl {
  Colour colour = Colour::red;
  std::string name;
  SourceLoc loc;
};

// A child of <setup>, in document order: <section>, <discard> or <hand>.
struct SetupItem {
  enum class Kind : std::uint8_t { section, discard, hand } kind = Kind::section;
  SourceLoc loc;
  int section = 0;          // section, discard
  std::vector<int> tokens;  // section, discard
  SourceLoc tokens_loc;
  Colour colour = Colour::red;  // hand
  std::vector<Card> cards;      // hand
  SourceLoc cards_loc;
};

// A child of <turn>, in document order.
struct Step {
  enum class Kind : std::uint8_t { score, reveal, discard, play, draw } kind = Kind::draw;
  SourceLoc loc;
  int section = 0;  // score, reveal, discard, play
  SourceLoc section_loc;
  int token = 0;  // score
  SourceLoc token_loc;
  std::vector<int> tokens;  // reveal, discard
  SourceLoc tokens_loc;
  std::vector<Card> cards;  // play: the types listed (one unless the record mixes them)
  SourceLoc card_loc;
  int count = 1;  // play
  SourceLoc count_loc;
  std::optional<int> on;  // score (first token), play (dragon)
  SourceLoc on_loc;
  std::optional<Card> drawn;  // draw: the card, when named
};

struct Turn {
  Colour colour = Colour::red;
  SourceLoc loc;
  SourceLoc colour_loc;
  std::vector<Step> steps;
};

struct FinalClaim {
  Colour colour = Colour::red;
  int points = 0;
  SourceLoc loc;
};

struct EndSection {
  bool present = false;
  SourceLoc loc;
  std::vector<FinalClaim> finals;
};

struct Record {
  SourceLoc root_loc;
  std::vector<std::pair<std::string, std::string>> meta;  // tag → text, free-form
  std::vector<PlayerDecl> players;
  SourceLoc players_loc;
  int sections = 2;  // sections in play for the player count (GW-103)
  std::vector<SetupItem> setup;
  SourceLoc setup_loc;
  std::vector<Turn> turns;
  SourceLoc play_loc;
  EndSection end;
};

}  // namespace wallaudit::gw
