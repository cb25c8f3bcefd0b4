// Board definitions of "The Great Wall" (CT-2xx): hexes, harbours, wall sections, attack fields
// and gathering places as data, with the hex geometry of CT-203 (vertices and edges).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catan_great_wall/rule_ids.hpp"
#include "catan_great_wall/types.hpp"
#include "core/diagnostic.hpp"
#include "core/game.hpp"
#include "core/source.hpp"

namespace wallaudit {
class XmlChecker;
}
namespace pugi {
class xml_node;
}

namespace wallaudit::ct {

inline constexpr std::string_view kBoardRule = rule::CT_209;
inline constexpr std::uint8_t kIn4 = 1, kIn6 = 2, kInBoth = 3;

// Index of a player count for per-count tables: 4 → 0, 6 → 1.
inline int count_index(int players) {
  return players == 6 ? 1 : 0;
}
inline bool in_play(std::uint8_t mask, int players) {
  return (mask & (players == 6 ? kIn6 : kIn4)) != 0;
}

// Corners N NE SE S SW NW and sides NE E SE SW W NW of a hex, in that order.
std::optional<int> parse_corner(std::string_view s);
std::optional<int> parse_side(std::string_view s);
std::string_view corner_name(int corner);
std::string_view side_name(int side);
// True for a board id: [A-Za-z0-9_-]{1,16}.
bool valid_board_id(std::string_view id);
// Splits "HEX.PART" at its last dot; nullopt when there is none or a half is empty.
std::optional<std::pair<std::string_view, std::string_view>> split_place(std::string_view text);

struct HexDef {
  std::string id;
  int q = 0, r = 0;
  Terrain terrain = Terrain::sea;
  int number = 0;  // 0: none
  std::uint8_t in = kInBoth;
  SourceLoc loc;
  bool land() const { return terrain != Terrain::sea; }
  bool producing() const { return terrain != Terrain::sea && terrain != Terrain::desert; }
};

struct HarbourDef {
  int hex = -1;
  std::optional<Resource> type;  // nullopt: generic 3:1
  std::array<int, 2> vertices{-1, -1};
  std::uint8_t in = kInBoth;
  SourceLoc loc;
};

struct WallDef {
  std::string id;
  int fort = -1;  // vertex index
  std::uint8_t in = kInBoth;
  SourceLoc loc;
};

struct FieldDef {
  std::string id;
  int wall = -1;
  std::vector<int> path;  // hex indices, from the wall outwards
  std::uint8_t in = kInBoth;
  SourceLoc loc;
};

struct AttackDef {
  int number = 0;
  int field = -1;
  SourceLoc loc;
};

struct GatheringDef {
  int numeral = 0;
  std::vector<AttackDef> attacks;
  std::uint8_t in = kInBoth;
  SourceLoc loc;
};

struct VertexInfo {
  int q = 0, r = 0;
  bool south = false;
  std::array<int, 3> hexes{-1, -1, -1};  // hex indices around it (-1: no hex defined there)
  std::array<int, 3> adjacent{-1, -1, -1};
  std::array<int, 3> edges{-1, -1, -1};  // the edge to each adjacent vertex
  std::array<bool, 2> on_board{};        // by count_index
};

struct EdgeInfo {
  int a = -1, b = -1;                // end vertices
  std::array<int, 2> hexes{-1, -1};  // the two hexes it separates (-1: none defined)
  std::array<bool, 2> on_board{};
};

class Board {
 public:
  std::string name;
  std::string origin;  // "built in", a file name, or "inline"
  bool modelled = false;
  int huns_per_numeral = 7;
  SourceLoc loc;
  std::vector<HexDef> hexes;
  std::vector<HarbourDef> harbours;
  std::vector<WallDef> walls;  // display order, west to east
  std::vector<FieldDef> fields;
  std::vector<GatheringDef> gatherings;  // board order
  int pirate_start = -1;

  // Builds the vertex and edge index and the hex ids; call once the hexes are final.
  void index();
  // Indexes the ids of walls and fields; call once they are final.
  void index_names();

  int find_hex(std::string_view id) const;
  int find_wall(std::string_view id) const;
  int find_field(std::string_view id) const;
  int hex_at(int q, int r) const;
  // The gathering place of a numeral, or -1.
  int gathering_of(int numeral) const;

  int vertex_count() const { return static_cast<int>(vertices_.size()); }
  int edge_count() const { return static_cast<int>(edges_.size()); }
  const VertexInfo& vertex(int v) const { return vertices_[static_cast<std::size_t>(v)]; }
  const EdgeInfo& edge(int e) const { return edges_[static_cast<std::size_t>(e)]; }
  // The vertex at a corner (0..5) / the edge on a side (0..5) of a hex.
  int corner(int hex, int corner) const {
    return hex_corners_[static_cast<std::size_t>(hex)][static_cast<std::size_t>(corner)];
  }
  int side(int hex, int side) const {
    return hex_sides_[static_cast<std::size_t>(hex)][static_cast<std::size_t>(side)];
  }
  int edge_between(int a, int b) const;
  bool adjacent(int a, int b) const { return edge_between(a, b) >= 0; }

  // Canonical names ("D5.SE"), through a land hex where there is one.
  std::string vertex_name(int v) const;
  std::string edge_name(int e) const;

  bool hex_in_play(int hex, int players) const {
    return in_play(hexes[static_cast<std::size_t>(hex)].in, players);
  }
  bool vertex_on_board(int v, int players) const {
    return vertex(v).on_board[static_cast<std::size_t>(count_index(players))];
  }
  bool edge_on_board(int e, int players) const {
    return edge(e).on_board[static_cast<std::size_t>(count_index(players))];
  }

 private:
  std::map<std::pair<int, int>, int> coords_;
  std::map<std::string, int, std::less<>> hex_ids_, wall_ids_, field_ids_;
  std::map<std::int64_t, int> vertex_keys_;
  std::vector<VertexInfo> vertices_;
  std::vector<EdgeInfo> edges_;
  std::vector<std::array<int, 6>> hex_corners_, hex_sides_;
};

// Reads a <great-wall-board> element. Syntax faults are REC-… format errors; when the syntax is
// sound the board's validity is checked and each fault is a CT-209 format error at the
// offending element. Returns the board whenever its syntax is sound (`valid` tells whether it
// is also valid), nullptr otherwise.
std::shared_ptr<Board> read_board(XmlChecker& xml, pugi::xml_node node, bool& valid);

// The built-in modelled board "great-wall-modelled", compiled in from
// data/great-wall-modelled.xml.
std::shared_ptr<const Board> modelled_board();

// The boards a record may name: the built-in one and those of `--boards` files.
struct BoardCatalogue {
  std::vector<std::shared_ptr<const Board>> boards;  // later entries shadow earlier ones
  // Boards of `--boards` files that are invalid: name → the first CT-209 problem.
  std::vector<std::pair<std::string, std::string>> invalid;

  std::shared_ptr<const Board> find(std::string_view name) const;
  const std::string* invalid_reason(std::string_view name) const;
};

// The built-in board plus the great-wall boards among `definitions` (other games' files are
// left alone); problems in those files go to `problems` with their file and position.
BoardCatalogue make_catalogue(const std::vector<Definition>& definitions, Diagnostics& problems);

// One board of a board file: `valid` false when it breaks CT-209 (or, in a file of several,
// repeats a name); `first_fault` is then "LINE:COL: message [RULE]".
struct ReadBoard {
  std::shared_ptr<Board> board;
  bool valid = false;
  std::string first_fault;
};
// Reads a board file's text (the root <great-wall-board>, or <great-wall-boards> holding
// several). Problems go to `out` with positions in that text; boards whose syntax is broken
// are left out.
std::vector<ReadBoard> read_board_file(const std::string& text, Diagnostics& out);

}  // namespace wallaudit::ct
