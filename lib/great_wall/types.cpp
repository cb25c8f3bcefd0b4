#include "great_wall/types.hpp"

#include <fmt/format.h>

namespace wallaudit::gw {

namespace {
constexpr std::array<std::string_view, kColours> kColourNames{"red", "yellow", "green", "blue",
                                                              "brown"};
constexpr std::array<std::string_view, kCardTypes> kCardNames{
    "wall", "gate", "watchtower", "noble", "warrior", "cavalry", "dragon"};
constexpr std::array<int, kCardTypes> kValues{1, 2, 3, 1, 1, 2, 1};
}  // namespace

std::string_view name(Colour c) {
  return kColourNames[static_cast<std::size_t>(c)];
}

std::string_view name(Card c) {
  return kCardNames[static_cast<std::size_t>(c)];
}

std::string plural(Card c, int count) {
  if (count == 1) return std::string(name(c));
  if (c == Card::cavalry) return "cavalry";
  return fmt::format("{}s", name(c));
}

int base_value(Card c) {
  return kValues[static_cast<std::size_t>(c)];
}

std::optional<Colour> parse_colour(std::string_view s) {
  for (std::size_t i = 0; i < kColourNames.size(); ++i)
    if (kColourNames[i] == s) return static_cast<Colour>(i);
  return std::nullopt;
}

std::optional<Card> parse_card(std::string_view s) {
  for (std::size_t i = 0; i < kCardNames.size(); ++i)
    if (kCardNames[i] == s) return static_cast<Card>(i);
  return std::nullopt;
}

std::optional<int> token_index(int value) {
  for (std::size_t i = 0; i < kTokenValues.size(); ++i)
    if (kTokenValues[i] == value) return static_cast<int>(i);
  return std::nullopt;
}

int sections_for(int players) {
  if (players <= 2) return 2;
  if (players == 3) return 3;
  return 4;
}

std::string section_name(int section) {
  // Sections 1 to 9 are all a game has: two characters, without a format or an allocation.
  if (section >= 0 && section < 9) return {'S', static_cast<char>('1' + section)};
  return fmt::format("S{}", section + 1);
}

std::optional<int> parse_section(std::string_view s) {
  if (s.size() != 2 || s[0] != 'S' || s[1] < '1' || s[1] > '9') return std::nullopt;
  return s[1] - '1';
}

std::string list_values(const std::vector<int>& values, std::string_view separator) {
  std::string out;
  for (int v : values)
    out += fmt::format("{}{}", out.empty() ? "" : separator, v);
  return out;
}

std::string colour_list(const std::vector<Colour>& colours) {
  std::string out;
  for (std::size_t i = 0; i < colours.size(); ++i) {
    if (i > 0) out += i + 1 == colours.size() ? " and " : ", ";
    out += name(colours[i]);
  }
  return out;
}

}  // namespace wallaudit::gw
