#include "chang_cheng/board.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <map>

#include "core/xml.hpp"

namespace wallaudit::embedded {
extern const std::string_view chang_cheng_standard_boards;
}

namespace wallaudit::cc {

void BoardSet::index() {
  base_.clear();
  space_side_.clear();
  base_.reserve(sides.size());
  std::size_t spaces = 0;
  for (const SideDef& side : sides)
    spaces += side.spaces.size();
  space_side_.reserve(spaces);
  for (int side = 0; side < side_count(); ++side) {
    base_.push_back(static_cast<int>(space_side_.size()));
    space_side_.insert(space_side_.end(), sides[side].spaces.size(), side);
  }
  // A counting sort of the spaces by group; each group keeps them in ascending order.
  auto group = [&](Groups& g, auto group_of) {
    const std::size_t groups = static_cast<std::size_t>(side_count()) * 3;
    g.start.assign(groups + 1, 0);
    for (SpaceId s = 0; s < space_count(); ++s)
      ++g.start[static_cast<std::size_t>(group_of(s)) + 1];
    for (std::size_t i = 1; i <= groups; ++i)
      g.start[i] += g.start[i - 1];
    g.spaces.resize(spaces);
    std::vector<int> next(g.start.begin(), g.start.end() - 1);
    for (SpaceId s = 0; s < space_count(); ++s)
      g.spaces[static_cast<std::size_t>(next[static_cast<std::size_t>(group_of(s))]++)] = s;
  };
  group(by_province_, [&](SpaceId s) { return province_of(s); });
  group(by_region_, [&](SpaceId s) { return region_of(s); });
}

void BoardSet::build_lookup() {
  places_.clear();
  for (SpaceId s = 0; s < space_count(); ++s)
    places_.emplace(space_name(s), kSpaceTag | s);
  for (int p = 0; p < side_count() * 3; ++p) {
    places_.emplace(province_name(p), kProvinceTag | p);
    places_.emplace(region_name(p), kRegionTag | p);
  }
}

std::optional<int> BoardSet::lookup(std::string_view id, int tag) const {
  if (!places_.empty()) {
    auto it = places_.find(id);
    if (it == places_.end() || (it->second & kTagMask) != tag) return std::nullopt;
    return it->second & ~kTagMask;
  }
  // A set read for one record only: parse "SIDE.Kn" directly.
  char kind = tag == kSpaceTag ? 'W' : tag == kProvinceTag ? 'P' : 'M';
  auto dot = id.rfind('.');
  if (dot == std::string_view::npos || dot + 2 > id.size() || id[dot + 1] != kind)
    return std::nullopt;
  int side = find_side(id.substr(0, dot));
  if (side == kNone) return std::nullopt;
  auto digits = id.substr(dot + 2);
  if (digits.empty() || digits[0] < '1' || digits[0] > '9' || digits.size() > 6)
    return std::nullopt;
  auto number = parse_integer(digits);
  if (!number) return std::nullopt;
  int n = static_cast<int>(*number) - 1;
  if (tag == kSpaceTag) {
    if (n >= space_count(side)) return std::nullopt;
    return space(side, n);
  }
  if (n >= 3) return std::nullopt;
  return side * 3 + n;
}

int BoardSet::find_side(std::string_view id) const {
  for (int i = 0; i < side_count(); ++i)
    if (sides[i].id == id) return i;
  return kNone;
}

std::string BoardSet::space_name(SpaceId s) const {
  return fmt::format("{}.W{}", sides[side_of_space(s)].id, index_on_side(s) + 1);
}

std::string BoardSet::province_name(ProvinceId p) const {
  return fmt::format("{}.P{}", sides[p / 3].id, p % 3 + 1);
}

std::string BoardSet::region_name(RegionId r) const {
  return fmt::format("{}.M{}", sides[r / 3].id, r % 3 + 1);
}

std::optional<SpaceId> BoardSet::parse_space(std::string_view id) const {
  return lookup(id, kSpaceTag);
}

std::optional<ProvinceId> BoardSet::parse_province(std::string_view id) const {
  return lookup(id, kProvinceTag);
}

std::optional<RegionId> BoardSet::parse_region(std::string_view id) const {
  return lookup(id, kRegionTag);
}

namespace {

// "P2" → 1 for prefix 'P'; nullopt unless the id is P1..P3 (M1..M3).
std::optional<std::uint8_t> local_index(std::string_view id, char prefix) {
  if (id.size() != 2 || id[0] != prefix || id[1] < '1' || id[1] > '3') return std::nullopt;
  return static_cast<std::uint8_t>(id[1] - '1');
}

std::optional<std::vector<int>> token_list(XmlChecker& xml, pugi::xml_node node,
                                           const char* attribute) {
  auto text = xml.optional(node, attribute);
  std::vector<int> values;
  if (!text) return values;
  bool ok = true;
  for_each_word(*text, [&](std::string_view word) {
    auto v = parse_integer(word);
    if (!v || *v < -100 || *v > 100) {
      if (ok)
        xml.error(
            rec::bad_value, xml.value_loc(node, attribute),
            fmt::format("'{}' of <token-mix> lists whole numbers, not \"{}\"", attribute, word));
      ok = false;
      return;
    }
    values.push_back(static_cast<int>(*v));
  });
  if (!ok) return std::nullopt;
  return values;
}

bool read_side(XmlChecker& xml, pugi::xml_node node, BoardSet& set) {
  xml.only_attributes(node, {"id", "board", "left-edge", "right-edge"});
  SideDef side;
  side.loc = xml.loc(node);
  auto id = xml.required(node, "id");
  auto board = xml.required(node, "board");
  if (!id || !board) return false;
  side.id = *id;
  side.board = *board;
  side.left_edge = xml.optional(node, "left-edge").value_or("");
  side.right_edge = xml.optional(node, "right-edge").value_or("");
  bool ok = true;
  if (side.id.empty() || side.id.find_first_of(" \t\r\n.") != std::string::npos) {
    xml.error(rec::bad_definition, xml.value_loc(node, "id"),
              fmt::format("side id \"{}\" must be non-empty, without spaces or dots", side.id));
    ok = false;
  }
  if (set.find_side(side.id) != kNone) {
    xml.error(rec::bad_definition, xml.value_loc(node, "id"),
              fmt::format("side {} is defined twice in board set \"{}\"", side.id, set.name));
    ok = false;
  }
  std::array<bool, 3> province_named{};
  std::array<bool, 3> province_seen{}, region_seen{};
  xml.for_each_child(node, [&](pugi::xml_node child) {
    std::string_view tag = child.name();
    if (tag == "space") {
      xml.only_attributes(child, {"province", "region"});
      xml.no_text(child);
      auto p = xml.required(child, "province");
      auto m = xml.required(child, "region");
      if (!p || !m) {
        ok = false;
        return;
      }
      auto pi = local_index(*p, 'P');
      auto mi = local_index(*m, 'M');
      if (!pi)
        xml.error(rec::bad_value, xml.value_loc(child, "province"),
                  fmt::format("a space's province is P1, P2 or P3, not \"{}\"", *p));
      if (!mi)
        xml.error(rec::bad_value, xml.value_loc(child, "region"),
                  fmt::format("a space's region is M1, M2 or M3, not \"{}\"", *m));
      if (!pi || !mi) {
        ok = false;
        return;
      }
      province_seen[*pi] = region_seen[*mi] = true;
      side.spaces.push_back({*pi, *mi});
    } else if (tag == "province") {
      xml.only_attributes(child, {"id", "name"});
      xml.no_text(child);
      auto pid = xml.required(child, "id");
      if (!pid) return;
      auto pi = local_index(*pid, 'P');
      if (!pi) {
        xml.error(rec::bad_value, xml.value_loc(child, "id"),
                  fmt::format("a province id is P1, P2 or P3, not \"{}\"", *pid));
        ok = false;
        return;
      }
      if (province_named[*pi]) {
        xml.error(rec::duplicate, xml.loc(child),
                  fmt::format("province {} of side {} is named twice", *pid, side.id));
        ok = false;
      }
      province_named[*pi] = true;
      side.province_names[*pi] = xml.optional(child, "name").value_or("");
    } else {
      xml.unknown_element(child, node);
      ok = false;
    }
  });
  if (ok) {
    if (side.spaces.empty()) {
      xml.error(rec::bad_definition, side.loc, fmt::format("side {} has no wall spaces", side.id));
      ok = false;
    } else if (side.spaces.size() > 64) {
      xml.error(rec::bad_definition, side.loc,
                fmt::format("side {} has {} wall spaces; at most 64 are supported", side.id,
                            side.spaces.size()));
      ok = false;
    } else {
      for (int i = 0; i < 3; ++i) {
        if (!province_seen[i]) {
          xml.error(rec::bad_definition, side.loc,
                    fmt::format("province P{} of side {} has no wall space (a side has "
                                "3 provinces and 3 regions, each with at least one space)",
                                i + 1, side.id));
          ok = false;
        }
        if (!region_seen[i]) {
          xml.error(rec::bad_definition, side.loc,
                    fmt::format("region M{} of side {} has no wall space (a side has "
                                "3 provinces and 3 regions, each with at least one space)",
                                i + 1, side.id));
          ok = false;
        }
      }
    }
  }
  if (ok) set.sides.push_back(std::move(side));
  return ok;
}

}  // namespace

bool read_board_set_children(XmlChecker& xml, pugi::xml_node node, BoardSet& set) {
  bool ok = true;
  bool mix_seen = false;
  xml.for_each_child(node, [&](pugi::xml_node child) {
    std::string_view tag = child.name();
    if (tag == "side") {
      ok = read_side(xml, child, set) && ok;
    } else if (tag == "token-mix") {
      xml.only_attributes(child, {"reputation", "threat"});
      xml.no_text(child);
      if (mix_seen) {
        xml.error(rec::duplicate, xml.loc(child), "a board set has at most one <token-mix>");
        ok = false;
        return;
      }
      mix_seen = true;
      auto rep = token_list(xml, child, "reputation");
      auto thr = token_list(xml, child, "threat");
      if (!rep || !thr) {
        ok = false;
        return;
      }
      set.mix = TokenMix{std::move(*rep), std::move(*thr)};
    } else {
      xml.unknown_element(child, node);
      ok = false;
    }
  });
  if (ok && set.sides.empty()) {
    xml.error(rec::bad_definition, xml.loc(node),
              fmt::format("board set \"{}\" defines no board side", set.name));
    ok = false;
  }
  if (ok) set.index();
  return ok;
}

std::shared_ptr<BoardSet> read_board_set(XmlChecker& xml, pugi::xml_node node) {
  xml.only_attributes(node, {"name"});
  auto set = std::make_shared<BoardSet>();
  auto name = xml.required(node, "name");
  set->name = name.value_or("");
  if (!read_board_set_children(xml, node, *set) || !name) return nullptr;
  return set;
}

std::shared_ptr<const BoardSet> standard_board_set() {
  static const std::shared_ptr<const BoardSet> set = [] {
    Diagnostics problems;
    auto doc = XmlDocument::parse(std::string(embedded::chang_cheng_standard_boards), problems);
    std::shared_ptr<BoardSet> result;
    if (doc) {
      XmlChecker xml(*doc, problems);
      result = read_board_set(xml, doc->root());
    }
    if (!result || !problems.empty()) {
      // The data file is part of the build; failing here is a bug, not bad input.
      std::fprintf(stderr, "wallaudit: the built-in board set is invalid\n");
      std::abort();
    }
    result->origin = "built in";
    result->build_lookup();
    return result;
  }();
  return set;
}

}  // namespace wallaudit::cc
