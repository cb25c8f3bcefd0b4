#include "chang_cheng/types.hpp"

namespace wallaudit::cc {

namespace {
constexpr std::array<std::string_view, kAllColours> kColourNames{"red", "green", "blue", "purple",
                                                                 "neutral"};
constexpr std::array<std::string_view, kCardKinds> kCardNames{
    "warrior", "traitor", "flood", "builder", "master-builder", "mandarin"};
constexpr std::array<std::string_view, 4> kEventNames{"diplomacy", "dominance", "imperial-reward",
                                                      "observation"};
}  // namespace

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs{
      {"flood", {"plus-or-minus", "plus-only"}, "B of flood is -2, or +2 as one translation says"},
      {"tower-claim",
       {"until-used", "permanent"},
       "a tower's claim ends once its owner walls next to it, or never"},
      {"expansion-timing",
       {"end-of-turn", "immediate"},
       "a new board side is joined after the action, or right after the scoring"},
      {"diplomacy",
       {"most-provinces", "majority-of-provinces"},
       "diplomacy rewards presence on the most provinces, or on more than half"},
      {"dominance",
       {"each-player", "longest-only"},
       "dominance scores every colour's longest run, or only the longest"},
      {"neutral-after-card-and-wall",
       {"other-province", "same-province"},
       "after card and wall on P, the neutral wall goes to another province, or to P"},
      {"neutral-majority",
       {"blocks", "ignored"},
       "neutral walls can win a majority (nobody scores or loses), or are ignored"},
      {"mongol-destroyed",
       {"ignored", "counted"},
       "destroyed walls do not, or do, count against the Mongols"},
  };
  return specs;
}

bool set_option(Options& o, std::string_view name, std::string_view value) {
  const auto& specs = option_specs();
  for (const auto& spec : specs) {
    if (spec.name != name) continue;
    for (std::size_t i = 0; i < spec.values.size(); ++i) {
      if (spec.values[i] != value) continue;
      auto v = static_cast<std::uint8_t>(i);
      if (name == "flood") o.flood = FloodOption{v};
      if (name == "tower-claim") o.tower_claim = TowerClaimOption{v};
      if (name == "expansion-timing") o.expansion_timing = ExpansionTiming{v};
      if (name == "diplomacy") o.diplomacy = DiplomacyOption{v};
      if (name == "dominance") o.dominance = DominanceOption{v};
      if (name == "neutral-after-card-and-wall")
        o.neutral_after_card_and_wall = NeutralAfterOption{v};
      if (name == "neutral-majority") o.neutral_majority = NeutralMajority{v};
      if (name == "mongol-destroyed") o.mongol_destroyed = MongolDestroyed{v};
      return true;
    }
    return false;
  }
  return false;
}

std::string_view option_value(const Options& o, std::string_view name) {
  std::size_t index = 0;
  if (name == "flood") index = static_cast<std::size_t>(o.flood);
  if (name == "tower-claim") index = static_cast<std::size_t>(o.tower_claim);
  if (name == "expansion-timing") index = static_cast<std::size_t>(o.expansion_timing);
  if (name == "diplomacy") index = static_cast<std::size_t>(o.diplomacy);
  if (name == "dominance") index = static_cast<std::size_t>(o.dominance);
  if (name == "neutral-after-card-and-wall")
    index = static_cast<std::size_t>(o.neutral_after_card_and_wall);
  if (name == "neutral-majority") index = static_cast<std::size_t>(o.neutral_majority);
  if (name == "mongol-destroyed") index = static_cast<std::size_t>(o.mongol_destroyed);
  for (const auto& spec : option_specs())
    if (spec.name == name) return spec.values[index];
  return {};
}

std::string_view name(Colour c) {
  return kColourNames[static_cast<std::size_t>(c)];
}
std::string_view name(CardKind c) {
  return kCardNames[static_cast<std::size_t>(c) - 1];
}
std::string_view name(EventCard e) {
  return kEventNames[static_cast<std::size_t>(e)];
}

std::string_view name(Effect e) {
  switch (e) {
    case Effect::none:
      return "none";
    case Effect::destroy:
      return "destroy";
    case Effect::remove_threat:
      return "remove-threat";
    case Effect::plus:
      return "plus";
    case Effect::minus:
      return "minus";
    case Effect::value:
      return "value";
    case Effect::wall:
      return "wall";
  }
  return "none";
}

std::string_view name(Variant v) {
  switch (v) {
    case Variant::none:
      return "none";
    case Variant::neutral_walls:
      return "neutral-walls";
    case Variant::teams:
      return "teams";
  }
  return "none";
}

int rank(CardKind c) {
  return static_cast<int>(c);
}

std::optional<Colour> parse_colour(std::string_view s) {
  for (std::size_t i = 0; i < kColourNames.size(); ++i)
    if (kColourNames[i] == s) return static_cast<Colour>(i);
  return std::nullopt;
}

std::optional<CardKind> parse_card(std::string_view s) {
  for (std::size_t i = 0; i < kCardNames.size(); ++i)
    if (kCardNames[i] == s) return static_cast<CardKind>(i + 1);
  return std::nullopt;
}

std::optional<Variant> parse_variant(std::string_view s) {
  if (s == "neutral-walls") return Variant::neutral_walls;
  if (s == "teams") return Variant::teams;
  return std::nullopt;
}

std::optional<EventCard> parse_event(std::string_view s) {
  for (std::size_t i = 0; i < kEventNames.size(); ++i)
    if (kEventNames[i] == s) return static_cast<EventCard>(i);
  return std::nullopt;
}

}  // namespace wallaudit::cc
