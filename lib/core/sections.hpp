// The top-level sections of a record, read in the order its format gives.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <pugixml.hpp>

#include "core/xml.hpp"

namespace wallaudit {

// The attributes of a record's root element: `game` (already matched by the registry) and
// `format`, which must be "1" (REC-002 otherwise, REC-005 when missing).
inline void check_record_root(XmlChecker& xml, pugi::xml_node root) {
  xml.only_attributes(root, {"game", "format"});
  if (auto format = xml.required(root, "format"); format && *format != "1")
    xml.error(rec::wrong_document, xml.value_loc(root, "format"),
              fmt::format("format \"{}\" is not supported (this tool reads format 1)", *format));
}

// Reads the children of `root` as the sections named by `order`, calling `read(index, node)`
// for each: an unknown element is REC-003; a section given twice is REC-010 and skipped; a
// section out of order is REC-008 and read all the same. Returns which sections appeared.
template <std::size_t N, typename Read>
std::array<bool, N> read_sections(XmlChecker& xml, pugi::xml_node root,
                                  const std::array<std::string_view, N>& order, Read&& read) {
  std::array<bool, N> seen{};
  std::size_t last = 0;
  bool any = false;
  xml.for_each_child(root, [&](pugi::xml_node node) {
    std::string_view tag = node.name();
    auto it = std::find(order.begin(), order.end(), tag);
    if (it == order.end()) {
      xml.unknown_element(node, root);
      return;
    }
    auto index = static_cast<std::size_t>(it - order.begin());
    if (seen[index]) {
      xml.error(rec::duplicate, xml.loc(node),
                fmt::format("<{}> appears twice; each section appears at most once", tag));
      return;
    }
    if (any && index < last) {
      std::string names;
      for (auto name : order)
        names += fmt::format("{}{}", names.empty() ? "" : ", ", name);
      xml.error(rec::misplaced, xml.loc(node),
                fmt::format("<{}> must come before <{}> (order: {})", tag, order[last], names));
    }
    seen[index] = true;
    last = any ? std::max(last, index) : index;
    any = true;
    read(index, node);
  });
  return seen;
}

// The number of <turn> children of a record's <play>. When there are more than `max_turns`,
// nullopt after a REC-017 error at the first turn past the limit: the record is not read on.
inline std::optional<std::size_t> count_turns(XmlChecker& xml, pugi::xml_node play,
                                              std::size_t max_turns) {
  std::size_t turns = 0;
  for (pugi::xml_node child = play.child("turn"); child; child = child.next_sibling("turn")) {
    if (++turns > max_turns) {
      xml.error(rec::limit, xml.loc(child),
                fmt::format("the record has more than {} turns (--max-turns); it is not read",
                            max_turns));
      return std::nullopt;
    }
  }
  return turns;
}

// Reports each section of `required` that did not appear (REC-005, at `at`).
template <std::size_t N>
void require_sections(XmlChecker& xml, SourceLoc at, const std::array<std::string_view, N>& order,
                      const std::array<bool, N>& seen, std::initializer_list<std::size_t> required,
                      std::string_view note = {}) {
  for (std::size_t i : required)
    if (!seen[i])
      xml.error(rec::missing, at,
                fmt::format("the record has no <{}> section (required{})", order[i], note));
}

}  // namespace wallaudit
