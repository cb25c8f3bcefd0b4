// A Chang Cheng record (format 1) as typed data; every element keeps its position.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "chang_cheng/board.hpp"
#include "chang_cheng/types.hpp"
#include "core/source.hpp"

namespace wallaudit::cc {

using wallaudit::OptionSetting;

struct PlayerDecl {
  std::vector<Colour> colours;  // one, or two in the team variant
  std::string name;
  SourceLoc loc;
};

struct SideDecl {
  int side = kNone;
  SourceLoc loc;
};

// <reputation province value/> or <threat region value/>.
struct TokenDecl {
  int place = kNone;  // ProvinceId or RegionId
  std::optional<int> value;
  SourceLoc loc;
  SourceLoc value_loc;
};

// A child of <score>, in document order.
struct ScoreItem {
  enum class Kind : std::uint8_t { reveal, resolve, award } kind = Kind::resolve;
  SourceLoc loc;
  Colour colour = Colour::red;
  std::optional<CardKind> card;     // reveal and resolve: always set
  Effect effect = Effect::none;     // resolve
  SpaceId space = kNone;            // traitor destroy, mandarin
  SpaceId with = kNone;             // mandarin
  RegionId region = kNone;          // traitor remove-threat
  std::optional<CardKind> cancels;  // warrior
  Colour of = Colour::red;          // warrior
  int points = 0;                   // award
  SourceLoc target_loc;             // where the chosen target is written
};

struct ScoreElem {
  ProvinceId province = kNone;
  SourceLoc loc;
  std::vector<ScoreItem> items;
};

struct ExpandElem {
  int side = kNone;
  bool right = true;
  SourceLoc loc;
  std::vector<TokenDecl> reputations;
  std::vector<TokenDecl> threats;
};

enum class StepKind : std::uint8_t {
  wall,
  card,
  double_wall,
  tower,
  neutral,
  pass,
  peek,
  threat,
  score,
  expand,
  bonus
};

struct Step {
  StepKind kind = StepKind::pass;
  SourceLoc loc;
  SourceLoc target_loc;  // the space/province/region attribute's value
  SpaceId space = kNone;
  SpaceId space2 = kNone;  // double wall
  ProvinceId province = kNone;
  RegionId region = kNone;
  std::optional<CardKind> card;
  int value = 0;                // threat value, bonus points
  Colour colour = Colour::red;  // bonus
  int index = kNone;            // into Turn::scores or Turn::expands
};

struct Turn {
  Colour colour = Colour::red;
  SourceLoc loc;
  SourceLoc colour_loc;
  std::vector<Step> steps;
  std::vector<ScoreElem> scores;
  std::vector<ExpandElem> expands;
};

struct LossClaim {
  RegionId region = kNone;
  Colour colour = Colour::red;
  int points = 0;
  SourceLoc loc;
};

struct EventClaim {
  EventCard card = EventCard::diplomacy;
  Colour colour = Colour::red;
  int points = 0;
  SourceLoc loc;
};

struct FinalClaim {
  Colour colour = Colour::red;
  int points = 0;
  SourceLoc loc;
};

struct EndSection {
  bool present = false;
  SourceLoc loc;
  std::vector<TokenDecl> threats;
  std::vector<LossClaim> losses;
  std::vector<EventClaim> events;
  std::vector<FinalClaim> finals;
};

struct Record {
  std::shared_ptr<const BoardSet> boards;
  SourceLoc root_loc;
  std::vector<std::pair<std::string, std::string>> meta;  // tag → text, free-form

  std::vector<OptionSetting> options;
  Variant variant = Variant::none;
  SourceLoc variant_loc;
  std::vector<std::pair<EventCard, SourceLoc>> events;

  std::vector<PlayerDecl> players;
  SourceLoc players_loc;

  std::vector<SideDecl> sides;
  std::vector<TokenDecl> reputations;
  std::vector<TokenDecl> threats;
  SourceLoc setup_loc;

  std::vector<Turn> turns;
  SourceLoc play_loc;

  EndSection end;
};

}  // namespace wallaudit::cc
