// Chang Cheng vocabulary: colours, cards, piece kinds, rules options, variants, events.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.hpp"

namespace wallaudit::cc {

enum class Colour : std::uint8_t { red, green, blue, purple, neutral };
inline constexpr int kPlayerColours = 4;  // red..purple; neutral is a pseudo-colour
inline constexpr int kAllColours = 5;

enum class CardKind : std::uint8_t {
  warrior = 1,
  traitor,
  flood,
  builder,
  master_builder,
  mandarin
};
inline constexpr int kCardKinds = 6;

enum class Effect : std::uint8_t {
  none,
  destroy,        // traitor A
  remove_threat,  // traitor B
  plus,           // flood A
  minus,          // flood B
  value,          // builder A
  wall            // builder B
};

enum class Variant : std::uint8_t { none, neutral_walls, teams };
enum class EventCard : std::uint8_t { diplomacy, dominance, imperial_reward, observation };

// Rules options of rules section 9; each enumerator 0 is the default.
enum class FloodOption : std::uint8_t { plus_or_minus, plus_only };
enum class TowerClaimOption : std::uint8_t { until_used, permanent };
enum class ExpansionTiming : std::uint8_t { end_of_turn, immediate };
enum class DiplomacyOption : std::uint8_t { most_provinces, majority_of_provinces };
enum class DominanceOption : std::uint8_t { each_player, longest_only };
enum class NeutralAfterOption : std::uint8_t { other_province, same_province };
enum class NeutralMajority : std::uint8_t { blocks, ignored };
enum class MongolDestroyed : std::uint8_t { ignored, counted };

struct Options {
  FloodOption flood{};
  TowerClaimOption tower_claim{};
  ExpansionTiming expansion_timing{};
  DiplomacyOption diplomacy{};
  DominanceOption dominance{};
  NeutralAfterOption neutral_after_card_and_wall{};
  NeutralMajority neutral_majority{};
  MongolDestroyed mongol_destroyed{};
};

using wallaudit::OptionSpec;
const std::vector<OptionSpec>& option_specs();
// Sets option `name` to `value`; false when either is unknown.
bool set_option(Options& options, std::string_view name, std::string_view value);
std::string_view option_value(const Options& options, std::string_view name);

std::string_view name(Colour c);
std::string_view name(CardKind c);
std::string_view name(Effect e);
std::string_view name(Variant v);
std::string_view name(EventCard e);
int rank(CardKind c);

std::optional<Colour> parse_colour(std::string_view s);  // includes "neutral"
std::optional<CardKind> parse_card(std::string_view s);
std::optional<Variant> parse_variant(std::string_view s);
std::optional<EventCard> parse_event(std::string_view s);

}  // namespace wallaudit::cc
