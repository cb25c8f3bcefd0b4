// Great Wall of China vocabulary: colours, card types, fame tokens, sections by player count.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wallaudit::gw {

enum class Colour : std::uint8_t { red, yellow, green, blue, brown };
inline constexpr int kColours = 5;

enum class Card : std::uint8_t { wall, gate, watchtower, noble, warrior, cavalry, dragon };
inline constexpr int kCardTypes = 7;

// GW-101: the 20 cards of every colour's deck, by type.
inline constexpr std::array<int, kCardTypes> kDeck{7, 3, 1, 1, 5, 2, 1};
inline constexpr int kDeckSize = 20;
inline constexpr int kHandSize = 5;  // GW-203

// GW-102: the 36 fame tokens, value → count.
inline constexpr std::array<int, 7> kTokenValues{1, 2, 3, 4, 5, 7, 8};
inline constexpr std::array<int, 7> kTokenCounts{2, 6, 7, 7, 8, 4, 2};
inline constexpr int kTokens = 36;
inline constexpr int kMaxSections = 4;

inline int ci(Colour c) {
  return static_cast<int>(c);
}
inline int ti(Card c) {
  return static_cast<int>(c);
}

std::string_view name(Colour c);
std::string_view name(Card c);
// "dragons", "walls", … for counts other than one.
std::string plural(Card c, int count);
// The printed value of a card (GW-401); a warrior's base value is 1.
int base_value(Card c);

std::optional<Colour> parse_colour(std::string_view s);
std::optional<Card> parse_card(std::string_view s);

// GW-102: index of a token value in kTokenValues, or nullopt when no token has it.
std::optional<int> token_index(int value);
// GW-103: sections in play for a player count (2 → 2, 3 → 3, 4 or 5 → 4); counts outside
// 2–5 get the nearest valid count's sections.
int sections_for(int players);
// "S1" … "S4" (index from 0).
std::string section_name(int section);
// Section index from "S1" …; nullopt for anything else (range not checked).
std::optional<int> parse_section(std::string_view s);

// A multiset of token values (counts per kTokenValues index).
using TokenCounts = std::array<int, 7>;

std::string list_values(const std::vector<int>& values, std::string_view separator = " ");
std::string colour_list(const std::vector<Colour>& colours);

}  // namespace wallaudit::gw
