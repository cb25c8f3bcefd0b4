// Board sets: the geometry of every board side, from a catalogue, a file or the record.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/source.hpp"

namespace wallaudit {
class XmlChecker;
}
namespace pugi {
class xml_node;
}

namespace wallaudit::cc {

// Ids are indices into a BoardSet: a space, province or region of any side in the set.
using SpaceId = int;
using ProvinceId = int;  // side * 3 + (0..2)
using RegionId = int;    // side * 3 + (0..2)
inline constexpr int kNone = -1;

struct SpaceDef {
  std::uint8_t province = 0;  // 0..2 (P1..P3)
  std::uint8_t region = 0;    // 0..2 (M1..M3)
};

struct SideDef {
  std::string id;                     // "1A"
  std::string board;                  // the physical board, "1"
  std::string left_edge, right_edge;  // empty when undeclared
  std::array<std::string, 3> province_names;
  std::vector<SpaceDef> spaces;  // west to east: W1, W2, …
  SourceLoc loc;
};

struct TokenMix {
  std::vector<int> reputation;  // one entry per token
  std::vector<int> threat;
};

class BoardSet {
 public:
  std::string name;
  std::vector<SideDef> sides;
  std::optional<TokenMix> mix;
  std::string origin;  // "built in", a file name, or "inline"

  // Must be called once the sides are final; numbers spaces across the set.
  void index();
  // Builds a table from every place id to its place, for sets used by many records.
  void build_lookup();

  int side_count() const { return static_cast<int>(sides.size()); }
  int space_count() const { return static_cast<int>(space_side_.size()); }
  int find_side(std::string_view id) const;
  SpaceId space(int side, int w) const { return base_[side] + w; }  // w from 0
  int side_of_space(SpaceId s) const { return space_side_[s]; }
  int index_on_side(SpaceId s) const { return s - base_[space_side_[s]]; }
  const SpaceDef& space_def(SpaceId s) const {
    return sides[space_side_[s]].spaces[index_on_side(s)];
  }
  ProvinceId province_of(SpaceId s) const { return side_of_space(s) * 3 + space_def(s).province; }
  RegionId region_of(SpaceId s) const { return side_of_space(s) * 3 + space_def(s).region; }
  // Spaces of a side, west to east.
  int first_space(int side) const { return base_[side]; }
  int space_count(int side) const { return static_cast<int>(sides[side].spaces.size()); }

  // The spaces bordering a province / facing a region, west to east.
  std::span<const SpaceId> province_spaces(ProvinceId p) const { return by_province_.of(p); }
  std::span<const SpaceId> region_spaces(RegionId r) const { return by_region_.of(r); }

  std::string space_name(SpaceId s) const;
  std::string province_name(ProvinceId p) const;  // "1A.P2"
  std::string region_name(RegionId r) const;      // "1A.M1"

  // Parses "1A.W3", "1A.P2", "1A.M1"; nullopt when the id names nothing in the set.
  std::optional<SpaceId> parse_space(std::string_view id) const;
  std::optional<ProvinceId> parse_province(std::string_view id) const;
  std::optional<RegionId> parse_region(std::string_view id) const;

 private:
  static constexpr int kSpaceTag = 1 << 24, kProvinceTag = 2 << 24, kRegionTag = 3 << 24;
  static constexpr int kTagMask = 0xff << 24;
  std::optional<int> lookup(std::string_view id, int tag) const;
  std::vector<int> base_;
  std::vector<int> space_side_;
  // Spaces grouped by province or region: group g's spaces, ascending, are
  // spaces[start[g]] up to spaces[start[g + 1]]. Two blocks, however many groups.
  struct Groups {
    std::vector<SpaceId> spaces;
    std::vector<int> start;
    std::span<const SpaceId> of(int g) const {
      return {spaces.data() + start[g], static_cast<std::size_t>(start[g + 1] - start[g])};
    }
  };
  Groups by_province_, by_region_;
  // Hashes names and the views a reader holds alike, so that a lookup copies no key.
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  // "1A.W3" → space, "1A.P2" → province, "1A.M1" → region (kind in the top byte).
  std::unordered_map<std::string, int, NameHash, std::equal_to<>> places_;
};

// Reads a <board-set> element (a board file's root, or inside <boards>).
std::shared_ptr<BoardSet> read_board_set(XmlChecker& xml, pugi::xml_node node);
// Reads <side> and <token-mix> children of `node` into `set` and validates the result.
bool read_board_set_children(XmlChecker& xml, pugi::xml_node node, BoardSet& set);

// The built-in "standard" set, compiled in from data/standard-boards.xml.
std::shared_ptr<const BoardSet> standard_board_set();

}  // namespace wallaudit::cc
