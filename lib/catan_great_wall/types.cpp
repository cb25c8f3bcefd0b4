#include "catan_great_wall/types.hpp"

#include <fmt/format.h>

namespace wallaudit::ct {

namespace {
constexpr std::array<std::string_view, kColours> kColourNames{"red",    "blue",  "white",
                                                              "orange", "green", "brown"};
constexpr std::array<std::string_view, kResources> kResourceNames{"brick", "lumber", "wool",
                                                                  "grain", "ore"};
constexpr std::array<std::string_view, 7> kTerrainNames{"hills",     "forest", "pasture", "fields",
                                                        "mountains", "desert", "sea"};
constexpr std::array<std::string_view, kDevCards> kDevNames{
    "knight", "road-building", "year-of-plenty", "monopoly", "victory-point"};
constexpr std::array<std::string_view, kNumerals> kNumeralNames{"I", "II", "III", "IV", "V"};

template <typename E, std::size_t N>
std::optional<E> find_name(const std::array<std::string_view, N>& names, std::string_view s) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<E>(i);
  return std::nullopt;
}
}  // namespace

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs{
      {"founding-order",
       {"restart", "snake"},
       "the settlement rounds after the forts: restart clockwise from the last fort, or snake"},
      {"first-turn",
       {"fort-starter", "settlement-starter"},
       "the first turn goes to the highest roller, or to the first round-A settler"},
      {"hun-trigger",
       {"settlement-or-city", "settlement-only"},
       "a Hun is drawn for every settlement and city, or for settlements only"},
      {"seven-pirate", {"mandatory", "optional"}, "on a 7 the pirate must move, or may stay"},
      {"knight-actions",
       {"up-to-two", "exactly-two"},
       "a knight performs at most two actions, or always two"},
      {"dev-timing",
       {"any-time", "knight-before-roll"},
       "any development card may be played before the roll, or only a knight"},
      {"trade-build",
       {"combined", "phased"},
       "trades and builds mix freely, or every trade comes before the first build"},
      {"bank-shortage",
       {"nobody-unless-one", "nobody"},
       "a short resource goes to nobody unless only one player is owed it, or to nobody"},
  };
  return specs;
}

bool set_option(Options& o, std::string_view name, std::string_view value) {
  for (const auto& spec : option_specs()) {
    if (spec.name != name) continue;
    for (std::size_t i = 0; i < spec.values.size(); ++i) {
      if (spec.values[i] != value) continue;
      auto v = static_cast<std::uint8_t>(i);
      if (name == "founding-order") o.founding_order = FoundingOrder{v};
      if (name == "first-turn") o.first_turn = FirstTurn{v};
      if (name == "hun-trigger") o.hun_trigger = HunTrigger{v};
      if (name == "seven-pirate") o.seven_pirate = SevenPirate{v};
      if (name == "knight-actions") o.knight_actions = KnightActions{v};
      if (name == "dev-timing") o.dev_timing = DevTiming{v};
      if (name == "trade-build") o.trade_build = TradeBuild{v};
      if (name == "bank-shortage") o.bank_shortage = BankShortage{v};
      return true;
    }
    return false;
  }
  return false;
}

std::string_view option_value(const Options& o, std::string_view name) {
  int index = 0;
  if (name == "founding-order") index = static_cast<int>(o.founding_order);
  if (name == "first-turn") index = static_cast<int>(o.first_turn);
  if (name == "hun-trigger") index = static_cast<int>(o.hun_trigger);
  if (name == "seven-pirate") index = static_cast<int>(o.seven_pirate);
  if (name == "knight-actions") index = static_cast<int>(o.knight_actions);
  if (name == "dev-timing") index = static_cast<int>(o.dev_timing);
  if (name == "trade-build") index = static_cast<int>(o.trade_build);
  if (name == "bank-shortage") index = static_cast<int>(o.bank_shortage);
  for (const auto& spec : option_specs())
    if (spec.name == name) return spec.values[static_cast<std::size_t>(index)];
  return "";
}

std::string_view name(Colour c) {
  return kColourNames[static_cast<std::size_t>(c)];
}
std::string_view name(Resource r) {
  return kResourceNames[static_cast<std::size_t>(r)];
}
std::string_view name(Terrain t) {
  return kTerrainNames[static_cast<std::size_t>(t)];
}
std::string_view name(DevCard d) {
  return kDevNames[static_cast<std::size_t>(d)];
}
std::string_view numeral_name(int numeral) {
  return numeral >= 0 && numeral < kNumerals ? kNumeralNames[static_cast<std::size_t>(numeral)]
                                             : "?";
}

std::optional<Resource> produces(Terrain t) {
  switch (t) {
    case Terrain::hills:
      return Resource::brick;
    case Terrain::forest:
      return Resource::lumber;
    case Terrain::pasture:
      return Resource::wool;
    case Terrain::fields:
      return Resource::grain;
    case Terrain::mountains:
      return Resource::ore;
    case Terrain::desert:
    case Terrain::sea:
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Colour> parse_colour(std::string_view s) {
  return find_name<Colour>(kColourNames, s);
}
std::optional<Resource> parse_resource(std::string_view s) {
  return find_name<Resource>(kResourceNames, s);
}
std::optional<Terrain> parse_terrain(std::string_view s) {
  return find_name<Terrain>(kTerrainNames, s);
}
std::optional<DevCard> parse_dev_card(std::string_view s) {
  return find_name<DevCard>(kDevNames, s);
}
std::optional<int> parse_numeral(std::string_view s) {
  auto n = find_name<int>(kNumeralNames, s);
  return n;
}

std::string card_list(const Cards& cards) {
  std::string out;
  append_card_list(out, cards);
  return out;
}

void append_card_list(std::string& out, const Cards& cards) {
  bool first = true;
  for (int r = 0; r < kResources; ++r)
    for (int i = 0; i < cards[static_cast<std::size_t>(r)]; ++i) {
      if (!first) out += ' ';
      first = false;
      out += name(static_cast<Resource>(r));
    }
  if (first) out += "nothing";
}

int total(const Cards& cards) {
  int n = 0;
  for (int v : cards)
    n += v;
  return n;
}

bool covers(const Cards& have, const Cards& need) {
  for (int r = 0; r < kResources; ++r)
    if (have[static_cast<std::size_t>(r)] < need[static_cast<std::size_t>(r)]) return false;
  return true;
}

Cards road_cost() {
  return {1, 1, 0, 0, 0};
}
Cards settlement_cost() {
  return {1, 1, 1, 1, 0};
}
Cards city_cost() {
  return {0, 0, 0, 2, 3};
}
Cards card_cost() {
  return {0, 0, 1, 1, 1};
}
Cards wall_cost(int level) {
  switch (level) {
    case 1:
    case 2:
      return {1, 1, 0, 1, 0};
    case 3:
      return {1, 1, 0, 1, 1};
    case 4:
      return {1, 1, 0, 2, 1};
    default:
      return {1, 1, 0, 3, 1};
  }
}

}  // namespace wallaudit::ct
