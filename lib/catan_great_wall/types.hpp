// Vocabulary of the Catan scenario "The Great Wall": colours, resources, terrains,
// development cards, Hun numerals and the rules options (rules/catan-great-wall.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.hpp"

namespace wallaudit::ct {

enum class Colour : std::uint8_t { red, blue, white, orange, green, brown };
inline constexpr int kColours = 6;

enum class Resource : std::uint8_t { brick, lumber, wool, grain, ore };

// An index into the arrays kept per board place, colour or resource.
constexpr std::size_t ix(int i) {
  return static_cast<std::size_t>(i);
}
constexpr std::size_t ix(Colour c) {
  return static_cast<std::size_t>(c);
}
constexpr std::size_t ix(Resource r) {
  return static_cast<std::size_t>(r);
}
inline constexpr int kResources = 5;

// A multiset of resource cards: the count of each resource.
using Cards = std::array<int, kResources>;

enum class Terrain : std::uint8_t { hills, forest, pasture, fields, mountains, desert, sea };

enum class DevCard : std::uint8_t {
  knight,
  road_building,
  year_of_plenty,
  monopoly,
  victory_point
};
inline constexpr int kDevCards = 5;

// Hun numerals and gathering places I..V are 0..4.
inline constexpr int kNumerals = 5;

// Rules options of rules section 11; each enumerator 0 is the default.
enum class FoundingOrder : std::uint8_t { restart, snake };
enum class FirstTurn : std::uint8_t { fort_starter, settlement_starter };
enum class HunTrigger : std::uint8_t { settlement_or_city, settlement_only };
enum class SevenPirate : std::uint8_t { mandatory, optional };
enum class KnightActions : std::uint8_t { up_to_two, exactly_two };
enum class DevTiming : std::uint8_t { any_time, knight_before_roll };
enum class TradeBuild : std::uint8_t { combined, phased };
enum class BankShortage : std::uint8_t { nobody_unless_one, nobody };

struct Options {
  FoundingOrder founding_order{};
  FirstTurn first_turn{};
  HunTrigger hun_trigger{};
  SevenPirate seven_pirate{};
  KnightActions knight_actions{};
  DevTiming dev_timing{};
  TradeBuild trade_build{};
  BankShortage bank_shortage{};
};

using wallaudit::OptionSpec;
const std::vector<OptionSpec>& option_specs();
// Sets option `name` to `value`; false when either is unknown.
bool set_option(Options& options, std::string_view name, std::string_view value);
std::string_view option_value(const Options& options, std::string_view name);

std::string_view name(Colour c);
std::string_view name(Resource r);
std::string_view name(Terrain t);
std::string_view name(DevCard d);
std::string_view numeral_name(int numeral);  // "I" … "V"
// The resource a terrain produces; nullopt for desert and sea.
std::optional<Resource> produces(Terrain t);

std::optional<Colour> parse_colour(std::string_view s);
std::optional<Resource> parse_resource(std::string_view s);
std::optional<Terrain> parse_terrain(std::string_view s);
std::optional<DevCard> parse_dev_card(std::string_view s);
std::optional<int> parse_numeral(std::string_view s);

// "brick brick ore" (resource order); "nothing" for no card.
std::string card_list(const Cards& cards);
// Appends card_list(cards) to `out` (the duplicate key writes one for every discard and trade).
void append_card_list(std::string& out, const Cards& cards);
int total(const Cards& cards);
// True when `have` holds every card of `need`.
bool covers(const Cards& have, const Cards& need);

// The cost of each thing that can be bought (CT-601).
Cards road_cost();
Cards settlement_cost();
Cards city_cost();
Cards card_cost();
Cards wall_cost(int level);  // level 1..5

}  // namespace wallaudit::ct
