// Dschingis Bohn vocabulary: colours, beans, territory cards, rules options.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.hpp"

namespace wallaudit::db {

// Marker colours are labels (rules DB-107); a club maps its five colours onto any of these.
enum class Colour : std::uint8_t { red, yellow, green, blue, black, white, orange, purple };
inline constexpr int kColours = 8;

// The eight kinds of the German base deck, then the three of the English deck (DB-101/102).
enum class Bean : std::uint8_t {
  blue,
  chili,
  stink,
  green,
  soy,
  black_eyed,
  red,
  garden,
  coffee,
  wax,
  cocoa
};
inline constexpr int kBeanKinds = 11;
inline constexpr int kEightKinds = 8;

enum class Card : std::uint8_t {
  camp,
  village,
  city,
  rice_field,
  forest,
  steppe_1,
  steppe_2,
  steppe_3,
  river,
  diamond_field
};
inline constexpr int kCardKinds = 10;

// Rules options of rules section 11; each enumerator 0 is the default.
enum class Razing : std::uint8_t { off, on };
enum class DiamondOption : std::uint8_t { per_field, once };
enum class BeansOption : std::uint8_t { eight, eleven };
enum class CardSet : std::uint8_t { by_player_count, any_from_box };
enum class ThirdField : std::uint8_t { none, buyable };

struct Options {
  Razing razing{};
  DiamondOption diamond{};
  BeansOption beans{};
  CardSet card_set{};
  ThirdField third_field{};
};

using wallaudit::OptionSpec;
const std::vector<OptionSpec>& option_specs();
// Sets option `name` to `value`; false when either is unknown.
bool set_option(Options& options, std::string_view name, std::string_view value);
std::string_view option_value(const Options& options, std::string_view name);

std::string_view name(Colour c);
std::string_view name(Bean b);
std::string_view name(Card c);
std::optional<Colour> parse_colour(std::string_view s);
// Any of the eleven kinds; whether it exists in a game depends on the `beans` option.
std::optional<Bean> parse_bean(std::string_view s);
std::optional<Card> parse_card(std::string_view s);

// Number of cards of the kind in the deck = its printed number = its battle strength.
int bean_count(Bean b);
inline int strength(Bean b) {
  return bean_count(b);
}
// Cards needed for 1..4 thalers; 0 where the bean-o-meter has no entry (DB-101/102).
const std::array<int, 4>& bean_o_meter(Bean b);
// Thalers a harvest of `cards` cards of kind `b` yields (DB-103).
int harvest_value(Bean b, int cards);
// Whether the kind exists in a game with these options.
inline bool bean_exists(Bean b, const Options& o) {
  return static_cast<int>(b) < kEightKinds || o.beans == BeansOption::eleven;
}
inline int kinds_in_play(const Options& o) {
  return o.beans == BeansOption::eleven ? kBeanKinds : kEightKinds;
}
int deck_size(const Options& o);  // 104 or 154
// A flipped diamond card that becomes a thaler (DB-906): strength 6-12, or 4 (eleven kinds).
bool diamond_keeps(Bean b);

// Victory points of a territory (DB-1004): its flags.
int flags(Card c, bool razed);
// Defence minimum of a territory (DB-606); 0 when it has none.
int defence_minimum(Card c, bool razed);
// The steppe of cavalry k (1..3) and back; -1 when the card is no steppe.
Card steppe_of(int cavalry);
int cavalry_of(Card c);
// How many of each card the box holds (DB-106).
int box_count(Card c);
// The non-camp cards in play for a player count under card-set=by-player-count (DB-302).
std::array<int, kCardKinds> cards_in_play(int players);

// "blue chili chili": the beans' names, separated by spaces.
std::string bean_list(const std::vector<Bean>& beans);
// Appends bean_list(beans) to `out` (the duplicate key writes one for many moves).
void append_bean_list(std::string& out, const std::vector<Bean>& beans);

}  // namespace wallaudit::db
