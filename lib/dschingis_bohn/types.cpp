#include "dschingis_bohn/types.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <type_traits>

namespace wallaudit::db {

namespace {

constexpr std::array<std::string_view, kColours> kColourNames{
    "red", "yellow", "green", "blue", "black", "white", "orange", "purple"};
constexpr std::array<std::string_view, kBeanKinds> kBeanNames{
    "blue", "chili",  "stink",  "green", "soy",  "black-eyed",
    "red",  "garden", "coffee", "wax",   "cocoa"};
constexpr std::array<std::string_view, kCardKinds> kCardNames{
    "camp",     "village",  "city",     "rice-field", "forest",
    "steppe-1", "steppe-2", "steppe-3", "river",      "diamond-field"};
constexpr std::array<int, kBeanKinds> kCounts{20, 18, 16, 14, 12, 10, 8, 6, 24, 22, 4};
constexpr std::array<std::array<int, 4>, kBeanKinds> kMeters{{
    {4, 6, 8, 10},   // blue
    {3, 6, 8, 9},    // chili
    {3, 5, 7, 8},    // stink
    {3, 5, 6, 7},    // green
    {2, 4, 6, 7},    // soy
    {2, 4, 5, 6},    // black-eyed
    {2, 3, 4, 5},    // red
    {0, 2, 3, 0},    // garden
    {4, 7, 10, 12},  // coffee
    {4, 7, 9, 11},   // wax
    {0, 2, 3, 4},    // cocoa
}};

}  // namespace

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs{
      {"razing", {"off", "on"}, "the variant \"Pusztitas\": a captured city is razed (DB-909)"},
      {"diamond",
       {"per-field", "once"},
       "one flip per diamond field owned, or one flip for owning any (DB-906)"},
      {"beans", {"eight", "eleven"}, "the German 104-card deck or the 154-card deck (DB-101/102)"},
      {"card-set",
       {"by-player-count", "any-from-box"},
       "the DB-302 removals, or any territory cards from the box"},
      {"third-field", {"none", "buyable"}, "no third bean field, or one for 3 thalers (DB-414)"},
  };
  return specs;
}

bool set_option(Options& o, std::string_view name, std::string_view value) {
  auto pick = [&](auto& field, std::string_view a, std::string_view b) {
    using T = std::remove_reference_t<decltype(field)>;
    if (value == a) {
      field = static_cast<T>(0);
      return true;
    }
    if (value == b) {
      field = static_cast<T>(1);
      return true;
    }
    return false;
  };
  if (name == "razing") return pick(o.razing, "off", "on");
  if (name == "diamond") return pick(o.diamond, "per-field", "once");
  if (name == "beans") return pick(o.beans, "eight", "eleven");
  if (name == "card-set") return pick(o.card_set, "by-player-count", "any-from-box");
  if (name == "third-field") return pick(o.third_field, "none", "buyable");
  return false;
}

std::string_view option_value(const Options& o, std::string_view name) {
  if (name == "razing") return o.razing == Razing::on ? "on" : "off";
  if (name == "diamond") return o.diamond == DiamondOption::once ? "once" : "per-field";
  if (name == "beans") return o.beans == BeansOption::eleven ? "eleven" : "eight";
  if (name == "card-set")
    return o.card_set == CardSet::any_from_box ? "any-from-box" : "by-player-count";
  if (name == "third-field") return o.third_field == ThirdField::buyable ? "buyable" : "none";
  return "";
}

std::string_view name(Colour c) {
  return kColourNames[static_cast<std::size_t>(c)];
}
std::string_view name(Bean b) {
  return kBeanNames[static_cast<std::size_t>(b)];
}
std::string_view name(Card c) {
  return kCardNames[static_cast<std::size_t>(c)];
}

std::optional<Colour> parse_colour(std::string_view s) {
  for (std::size_t i = 0; i < kColourNames.size(); ++i)
    if (kColourNames[i] == s) return static_cast<Colour>(i);
  return std::nullopt;
}

std::optional<Bean> parse_bean(std::string_view s) {
  for (std::size_t i = 0; i < kBeanNames.size(); ++i)
    if (kBeanNames[i] == s) return static_cast<Bean>(i);
  return std::nullopt;
}

std::optional<Card> parse_card(std::string_view s) {
  for (std::size_t i = 0; i < kCardNames.size(); ++i)
    if (kCardNames[i] == s) return static_cast<Card>(i);
  return std::nullopt;
}

int bean_count(Bean b) {
  return kCounts[static_cast<std::size_t>(b)];
}

const std::array<int, 4>& bean_o_meter(Bean b) {
  return kMeters[static_cast<std::size_t>(b)];
}

int harvest_value(Bean b, int cards) {
  const auto& m = bean_o_meter(b);
  int value = 0;
  for (int k = 0; k < 4; ++k)
    if (m[static_cast<std::size_t>(k)] && m[static_cast<std::size_t>(k)] <= cards) value = k + 1;
  return value;
}

int deck_size(const Options& o) {
  int n = 0;
  for (int k = 0; k < kinds_in_play(o); ++k)
    n += kCounts[static_cast<std::size_t>(k)];
  return n;
}

bool diamond_keeps(Bean b) {
  int s = strength(b);
  return (s >= 6 && s <= 12) || s == 4;
}

int flags(Card c, bool razed) {
  if (c == Card::river) return 0;
  if (c == Card::city && !razed) return 3;
  return 1;
}

int defence_minimum(Card c, bool razed) {
  switch (c) {
    case Card::city:
      return razed ? 0 : 18;
    case Card::forest:
      return 17;
    case Card::village:
      return 16;
    default:
      return 0;
  }
}

Card steppe_of(int cavalry) {
  return static_cast<Card>(static_cast<int>(Card::steppe_1) + cavalry - 1);
}

int cavalry_of(Card c) {
  if (c == Card::steppe_1) return 1;
  if (c == Card::steppe_2) return 2;
  if (c == Card::steppe_3) return 3;
  return -1;
}

int box_count(Card c) {
  switch (c) {
    case Card::camp:
      return 5;
    case Card::village:
    case Card::city:
    case Card::rice_field:
    case Card::forest:
      return 3;
    case Card::steppe_1:
    case Card::steppe_2:
    case Card::steppe_3:
      return 1;
    case Card::river:
    case Card::diamond_field:
      return 2;
  }
  return 0;
}

std::array<int, kCardKinds> cards_in_play(int players) {
  std::array<int, kCardKinds> n{};
  auto set = [&](Card c, int v) { n[static_cast<std::size_t>(c)] = v; };
  set(Card::steppe_1, 1);
  set(Card::steppe_2, 1);
  set(Card::steppe_3, 1);
  set(Card::diamond_field, 2);
  if (players == 3) {
    set(Card::village, 3), set(Card::city, 2), set(Card::rice_field, 3), set(Card::forest, 3);
    set(Card::river, 0);
  } else if (players == 4) {
    set(Card::village, 2), set(Card::city, 2), set(Card::rice_field, 2), set(Card::forest, 2);
    set(Card::river, 2);
  } else {
    set(Card::village, 2), set(Card::city, 2), set(Card::rice_field, 2), set(Card::forest, 2);
    set(Card::river, 1);
  }
  return n;
}

std::string bean_list(const std::vector<Bean>& beans) {
  std::string out;
  append_bean_list(out, beans);
  return out;
}

void append_bean_list(std::string& out, const std::vector<Bean>& beans) {
  for (std::size_t k = 0; k < beans.size(); ++k) {
    if (k) out += ' ';
    out += name(beans[k]);
  }
}

}  // namespace wallaudit::db
