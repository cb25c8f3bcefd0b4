#include "catan_great_wall/board.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "core/xml.hpp"

namespace wallaudit::embedded {
extern const std::string_view catan_great_wall_modelled_board;
}

namespace wallaudit::ct {

namespace {

constexpr std::array<std::string_view, 6> kCorners{"N", "NE", "SE", "S", "SW", "NW"};
constexpr std::array<std::string_view, 6> kSides{"NE", "E", "SE", "SW", "W", "NW"};
constexpr long long kMaxCoordinate = 1'000'000;
constexpr long long kMaxHunsPerNumeral = 1000;

struct VKey {
  int q, r;
  bool south;
};

std::int64_t key_of(VKey k) {
  constexpr std::int64_t off = 1 << 21;
  return (((static_cast<std::int64_t>(k.q) + off) << 23) | (static_cast<std::int64_t>(k.r) + off))
             << 1 |
         (k.south ? 1 : 0);
}

// The vertex at corner `c` (N NE SE S SW NW) of hex (q, r), CT-203.
VKey corner_key(int q, int r, int c) {
  switch (c) {
    case 0:
      return {q, r, false};
    case 1:
      return {q + 1, r - 1, true};
    case 2:
      return {q, r + 1, false};
    case 3:
      return {q, r, true};
    case 4:
      return {q - 1, r + 1, false};
    default:
      return {q, r - 1, true};
  }
}

// The corners at the ends of side `s` (NE E SE SW W NW).
std::pair<int, int> side_corners(int s) {
  switch (s) {
    case 0:
      return {0, 1};
    case 1:
      return {1, 2};
    case 2:
      return {2, 3};
    case 3:
      return {3, 4};
    case 4:
      return {4, 5};
    default:
      return {5, 0};
  }
}

std::array<std::pair<int, int>, 3> hexes_around(VKey k) {
  if (!k.south) return {{{k.q, k.r}, {k.q, k.r - 1}, {k.q + 1, k.r - 1}}};
  return {{{k.q, k.r}, {k.q - 1, k.r + 1}, {k.q, k.r + 1}}};
}

std::array<VKey, 3> adjacent_keys(VKey k) {
  if (!k.south) return {{{k.q, k.r - 1, true}, {k.q + 1, k.r - 1, true}, {k.q + 1, k.r - 2, true}}};
  return {{{k.q - 1, k.r + 1, false}, {k.q, k.r + 1, false}, {k.q - 1, k.r + 2, false}}};
}

}  // namespace

std::optional<int> parse_corner(std::string_view s) {
  for (int i = 0; i < 6; ++i)
    if (kCorners[static_cast<std::size_t>(i)] == s) return i;
  return std::nullopt;
}

std::optional<int> parse_side(std::string_view s) {
  for (int i = 0; i < 6; ++i)
    if (kSides[static_cast<std::size_t>(i)] == s) return i;
  return std::nullopt;
}

std::string_view corner_name(int corner) {
  return kCorners[static_cast<std::size_t>(corner)];
}
std::string_view side_name(int side) {
  return kSides[static_cast<std::size_t>(side)];
}

bool valid_board_id(std::string_view id) {
  if (id.empty() || id.size() > 16) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
}

std::optional<std::pair<std::string_view, std::string_view>> split_place(std::string_view text) {
  auto dot = text.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == text.size()) return std::nullopt;
  return std::pair{text.substr(0, dot), text.substr(dot + 1)};
}

// ---- the board ---------------------------------------------------------------------------------

void Board::index() {
  coords_.clear();
  vertex_keys_.clear();
  vertices_.clear();
  edges_.clear();
  hex_ids_.clear();
  wall_ids_.clear();
  field_ids_.clear();
  for (std::size_t h = 0; h < hexes.size(); ++h) {
    coords_.emplace(std::pair{hexes[h].q, hexes[h].r}, static_cast<int>(h));
    hex_ids_.emplace(hexes[h].id, static_cast<int>(h));
  }
  hex_corners_.assign(hexes.size(), {-1, -1, -1, -1, -1, -1});
  hex_sides_.assign(hexes.size(), {-1, -1, -1, -1, -1, -1});
  std::vector<VKey> keys;
  auto vertex_index = [&](VKey k) {
    auto [it, added] = vertex_keys_.emplace(key_of(k), static_cast<int>(keys.size()));
    if (added) keys.push_back(k);
    return it->second;
  };
  for (std::size_t h = 0; h < hexes.size(); ++h)
    for (int c = 0; c < 6; ++c)
      hex_corners_[h][static_cast<std::size_t>(c)] =
          vertex_index(corner_key(hexes[h].q, hexes[h].r, c));
  vertices_.resize(keys.size());
  for (std::size_t v = 0; v < keys.size(); ++v) {
    VertexInfo& info = vertices_[v];
    info.q = keys[v].q;
    info.r = keys[v].r;
    info.south = keys[v].south;
    auto around = hexes_around(keys[v]);
    for (int i = 0; i < 3; ++i) {
      int h = hex_at(around[static_cast<std::size_t>(i)].first,
                     around[static_cast<std::size_t>(i)].second);
      info.hexes[static_cast<std::size_t>(i)] = h;
      if (h < 0) continue;
      const HexDef& hex = hexes[static_cast<std::size_t>(h)];
      if (!hex.land()) continue;
      if (hex.in & kIn4) info.on_board[0] = true;
      if (hex.in & kIn6) info.on_board[1] = true;
    }
    auto adj = adjacent_keys(keys[v]);
    for (int i = 0; i < 3; ++i) {
      auto it = vertex_keys_.find(key_of(adj[static_cast<std::size_t>(i)]));
      info.adjacent[static_cast<std::size_t>(i)] = it == vertex_keys_.end() ? -1 : it->second;
    }
  }
  // Edges: each pair of adjacent indexed vertices once, from the north vertex.
  for (std::size_t v = 0; v < vertices_.size(); ++v) {
    if (vertices_[v].south) continue;
    for (int i = 0; i < 3; ++i) {
      int w = vertices_[v].adjacent[static_cast<std::size_t>(i)];
      if (w < 0) continue;
      EdgeInfo e;
      e.a = static_cast<int>(v);
      e.b = w;
      int k = 0;
      // The two hexes the edge separates are the hex positions both end vertices touch.
      auto a_around = hexes_around(keys[v]);
      auto b_around = hexes_around(keys[static_cast<std::size_t>(w)]);
      for (const auto& pa : a_around)
        for (const auto& pb : b_around)
          if (pa == pb && k < 2)
            e.hexes[static_cast<std::size_t>(k++)] = hex_at(pa.first, pa.second);
      for (int h : e.hexes) {
        if (h < 0) continue;
        const HexDef& hex = hexes[static_cast<std::size_t>(h)];
        if (!hex.land()) continue;
        if (hex.in & kIn4) e.on_board[0] = true;
        if (hex.in & kIn6) e.on_board[1] = true;
      }
      int index = static_cast<int>(edges_.size());
      edges_.push_back(e);
      vertices_[v].edges[static_cast<std::size_t>(i)] = index;
      auto& back = vertices_[static_cast<std::size_t>(w)];
      for (int j = 0; j < 3; ++j)
        if (back.adjacent[static_cast<std::size_t>(j)] == static_cast<int>(v))
          back.edges[static_cast<std::size_t>(j)] = index;
    }
  }
  for (std::size_t h = 0; h < hexes.size(); ++h)
    for (int s = 0; s < 6; ++s) {
      auto [c1, c2] = side_corners(s);
      hex_sides_[h][static_cast<std::size_t>(s)] =
          edge_between(hex_corners_[h][static_cast<std::size_t>(c1)],
                       hex_corners_[h][static_cast<std::size_t>(c2)]);
    }
}

int Board::find_hex(std::string_view id) const {
  auto it = hex_ids_.find(id);
  return it == hex_ids_.end() ? -1 : it->second;
}

int Board::find_wall(std::string_view id) const {
  auto it = wall_ids_.find(id);
  return it == wall_ids_.end() ? -1 : it->second;
}

int Board::find_field(std::string_view id) const {
  auto it = field_ids_.find(id);
  return it == field_ids_.end() ? -1 : it->second;
}

void Board::index_names() {
  wall_ids_.clear();
  field_ids_.clear();
  for (std::size_t i = 0; i < walls.size(); ++i)
    wall_ids_.emplace(walls[i].id, static_cast<int>(i));
  for (std::size_t i = 0; i < fields.size(); ++i)
    field_ids_.emplace(fields[i].id, static_cast<int>(i));
}

int Board::hex_at(int q, int r) const {
  auto it = coords_.find({q, r});
  return it == coords_.end() ? -1 : it->second;
}

int Board::gathering_of(int numeral) const {
  for (std::size_t i = 0; i < gatherings.size(); ++i)
    if (gatherings[i].numeral == numeral) return static_cast<int>(i);
  return -1;
}

int Board::edge_between(int a, int b) const {
  if (a < 0 || b < 0) return -1;
  const VertexInfo& va = vertex(a);
  for (int i = 0; i < 3; ++i)
    if (va.adjacent[static_cast<std::size_t>(i)] == b) return va.edges[static_cast<std::size_t>(i)];
  return -1;
}

std::string Board::vertex_name(int v) const {
  const VertexInfo& info = vertex(v);
  int best_hex = -1, best_corner = -1;
  for (int h : info.hexes) {
    if (h < 0) continue;
    for (int c = 0; c < 6; ++c) {
      if (corner(h, c) != v) continue;
      bool land = hexes[static_cast<std::size_t>(h)].land();
      if (best_hex < 0 || (land && !hexes[static_cast<std::size_t>(best_hex)].land())) {
        best_hex = h;
        best_corner = c;
      }
    }
  }
  if (best_hex < 0) return fmt::format("({},{}).{}", info.q, info.r, info.south ? "S" : "N");
  return fmt::format(FMT_COMPILE("{}.{}"), hexes[static_cast<std::size_t>(best_hex)].id,
                     corner_name(best_corner));
}

std::string Board::edge_name(int e) const {
  int best_hex = -1, best_side = -1;
  for (int h : edge(e).hexes) {
    if (h < 0) continue;
    for (int s = 0; s < 6; ++s) {
      if (side(h, s) != e) continue;
      bool land = hexes[static_cast<std::size_t>(h)].land();
      if (best_hex < 0 || (land && !hexes[static_cast<std::size_t>(best_hex)].land())) {
        best_hex = h;
        best_side = s;
      }
    }
  }
  if (best_hex < 0) return fmt::format("{}-{}", vertex_name(edge(e).a), vertex_name(edge(e).b));
  return fmt::format(FMT_COMPILE("{}.{}"), hexes[static_cast<std::size_t>(best_hex)].id,
                     side_name(best_side));
}

// ---- reading
// -------------------------------------------------------------------------------------

namespace {

// A vertex named by a board element, before the geometry exists.
struct PendingVertex {
  std::string hex;
  int corner = 0;
};

struct PendingHarbour {
  std::string hex;
  std::optional<Resource> type;
  std::array<PendingVertex, 2> vertices;
  std::string in;
  SourceLoc loc, hex_loc, vertices_loc, in_loc;
};

struct PendingWall {
  std::string id;
  PendingVertex fort;
  std::string in;
  SourceLoc loc, fort_loc, in_loc, id_loc;
};

struct PendingField {
  std::string id, wall;
  std::vector<std::string> path;
  std::string in;
  SourceLoc loc, wall_loc, path_loc, in_loc, id_loc;
};

struct PendingAttack {
  long long number = 0;
  std::string field;
  SourceLoc loc, number_loc, field_loc;
};

struct PendingGathering {
  int numeral = 0;
  std::vector<PendingAttack> attacks;
  std::string in;
  SourceLoc loc, in_loc;
};

struct PendingHex {
  std::string id;
  long long q = 0, r = 0;
  Terrain terrain = Terrain::sea;
  std::optional<long long> number;
  std::string in;
  SourceLoc loc, number_loc, in_loc, id_loc;
};

class BoardReader {
 public:
  BoardReader(XmlChecker& xml, pugi::xml_node node) : xml_(xml), node_(node) {}

  std::shared_ptr<Board> run(bool& valid) {
    valid = false;
    std::size_t before = xml_.out().count(FindingKind::format);
    auto board = std::make_shared<Board>();
    board->loc = xml_.loc(node_);
    if (std::string_view(node_.name()) != "great-wall-board") {
      xml_.error(rec::wrong_document, xml_.loc(node_),
                 fmt::format("the root element is <{}>, not <great-wall-board>", node_.name()));
      return nullptr;
    }
    xml_.only_attributes(node_, {"name", "format", "modelled", "huns-per-numeral"});
    auto name = xml_.required(node_, "name");
    if (name) board->name = *name;
    if (auto format = xml_.required(node_, "format"); format && *format != "1")
      xml_.error(
          rec::wrong_document, xml_.value_loc(node_, "format"),
          fmt::format("board format \"{}\" is not supported (this tool reads format 1)", *format));
    if (auto m = xml_.optional(node_, "modelled")) {
      if (*m == "true")
        board->modelled = true;
      else if (*m != "false")
        xml_.error(rec::bad_value, xml_.value_loc(node_, "modelled"),
                   fmt::format("modelled is \"true\" or \"false\", not \"{}\"", *m));
    }
    if (auto h = xml_.integer(node_, "huns-per-numeral", false, 1, kMaxHunsPerNumeral))
      board->huns_per_numeral = static_cast<int>(*h);
    xml_.for_each_child(node_, [&](pugi::xml_node child) { element(child); });
    if (xml_.out().count(FindingKind::format) != before) return nullptr;
    build(*board);
    valid = validate(*board);
    return board;
  }

 private:
  // ---- syntax ------------------------------------------------------------------------------

  std::string id_attr(pugi::xml_node node, const char* attr) {
    auto v = xml_.required(node, attr);
    if (!v) return "";
    if (!valid_board_id(*v)) {
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a board id ([A-Za-z0-9_-], 1 to 16 characters)", *v));
      return "";
    }
    return std::string(*v);
  }

  std::optional<PendingVertex> vertex_attr(pugi::xml_node node, const char* attr,
                                           std::string_view text) {
    auto parts = split_place(text);
    std::optional<int> corner;
    if (parts) corner = parse_corner(parts->second);
    if (!parts || !valid_board_id(parts->first) || !corner) {
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a vertex name (HEX.CORNER, CORNER one of N NE SE S "
                             "SW NW)",
                             text));
      return std::nullopt;
    }
    return PendingVertex{std::string(parts->first), *corner};
  }

  std::string in_attr(pugi::xml_node node) {
    return std::string(xml_.optional(node, "in").value_or("4 6"));
  }

  void element(pugi::xml_node node) {
    std::string_view tag = node.name();
    if (tag == "hex") {
      xml_.only_attributes(node, {"id", "q", "r", "terrain", "number", "in"});
      xml_.no_text(node);
      PendingHex h;
      h.loc = xml_.loc(node);
      h.id = id_attr(node, "id");
      h.id_loc = xml_.value_loc(node, "id");
      auto q = xml_.integer(node, "q", true, -kMaxCoordinate, kMaxCoordinate);
      auto r = xml_.integer(node, "r", true, -kMaxCoordinate, kMaxCoordinate);
      auto t = xml_.required(node, "terrain");
      if (t) {
        auto terrain = parse_terrain(*t);
        if (!terrain)
          xml_.error(rec::bad_value, xml_.value_loc(node, "terrain"),
                     fmt::format("\"{}\" is not a terrain (hills, forest, pasture, fields, "
                                 "mountains, desert, sea)",
                                 *t));
        else
          h.terrain = *terrain;
      }
      h.number = xml_.integer(node, "number", false, -1'000'000'000, 1'000'000'000);
      h.number_loc = xml_.value_loc(node, "number");
      h.in = in_attr(node);
      h.in_loc = xml_.value_loc(node, "in");
      h.q = q.value_or(0);
      h.r = r.value_or(0);
      hexes_.push_back(std::move(h));
    } else if (tag == "pirate-start") {
      xml_.only_attributes(node, {"hex"});
      xml_.no_text(node);
      std::string hex = id_attr(node, "hex");
      pirates_.emplace_back(hex, xml_.loc(node));
    } else if (tag == "harbour") {
      xml_.only_attributes(node, {"hex", "type", "vertices", "in"});
      xml_.no_text(node);
      PendingHarbour h;
      h.loc = xml_.loc(node);
      h.hex = id_attr(node, "hex");
      h.hex_loc = xml_.value_loc(node, "hex");
      if (auto t = xml_.required(node, "type")) {
        if (*t != "generic") {
          h.type = parse_resource(*t);
          if (!h.type)
            xml_.error(rec::bad_value, xml_.value_loc(node, "type"),
                       fmt::format("\"{}\" is not a harbour type (generic, brick, lumber, wool, "
                                   "grain, ore)",
                                   *t));
        }
      }
      if (auto v = xml_.required(node, "vertices")) {
        std::vector<std::string_view> words;
        for_each_word(*v, [&](std::string_view w) { words.push_back(w); });
        if (words.size() != 2) {
          xml_.error(
              rec::bad_value, xml_.value_loc(node, "vertices"),
              fmt::format("a harbour serves two vertices, \"{}\" names {}", *v, words.size()));
        } else {
          for (int i = 0; i < 2; ++i) {
            auto pv = vertex_attr(node, "vertices", words[static_cast<std::size_t>(i)]);
            if (!pv) break;
            h.vertices[static_cast<std::size_t>(i)] = *pv;
          }
        }
      }
      h.vertices_loc = xml_.value_loc(node, "vertices");
      h.in = in_attr(node);
      h.in_loc = xml_.value_loc(node, "in");
      harbours_.push_back(std::move(h));
    } else if (tag == "wall") {
      xml_.only_attributes(node, {"id", "fort", "in"});
      xml_.no_text(node);
      PendingWall w;
      w.loc = xml_.loc(node);
      w.id = id_attr(node, "id");
      w.id_loc = xml_.value_loc(node, "id");
      if (auto f = xml_.required(node, "fort"))
        if (auto pv = vertex_attr(node, "fort", *f)) w.fort = *pv;
      w.fort_loc = xml_.value_loc(node, "fort");
      w.in = in_attr(node);
      w.in_loc = xml_.value_loc(node, "in");
      walls_.push_back(std::move(w));
    } else if (tag == "field") {
      xml_.only_attributes(node, {"id", "wall", "path", "in"});
      xml_.no_text(node);
      PendingField f;
      f.loc = xml_.loc(node);
      f.id = id_attr(node, "id");
      f.id_loc = xml_.value_loc(node, "id");
      f.wall = id_attr(node, "wall");
      f.wall_loc = xml_.value_loc(node, "wall");
      if (auto p = xml_.required(node, "path")) {
        bool ok = true;
        for_each_word(*p, [&](std::string_view w) {
          if (!ok) return;
          if (!valid_board_id(w)) {
            xml_.error(rec::bad_value, xml_.value_loc(node, "path"),
                       fmt::format("path \"{}\" is not a list of hex ids: \"{}\"", *p, w));
            ok = false;
            return;
          }
          f.path.emplace_back(w);
        });
      }
      f.path_loc = xml_.value_loc(node, "path");
      f.in = in_attr(node);
      f.in_loc = xml_.value_loc(node, "in");
      fields_.push_back(std::move(f));
    } else if (tag == "gathering") {
      xml_.only_attributes(node, {"numeral", "in"});
      PendingGathering g;
      g.loc = xml_.loc(node);
      if (auto n = xml_.required(node, "numeral")) {
        auto numeral = parse_numeral(*n);
        if (!numeral)
          xml_.error(rec::bad_value, xml_.value_loc(node, "numeral"),
                     fmt::format("\"{}\" is not a numeral (I, II, III, IV, V)", *n));
        else
          g.numeral = *numeral;
      }
      g.in = in_attr(node);
      g.in_loc = xml_.value_loc(node, "in");
      xml_.for_each_child(node, [&](pugi::xml_node child) {
        if (std::string_view(child.name()) != "attack") {
          xml_.unknown_element(child, node);
          return;
        }
        xml_.only_attributes(child, {"number", "field"});
        xml_.no_text(child);
        PendingAttack a;
        a.loc = xml_.loc(child);
        a.number = xml_.integer(child, "number", true, -1'000'000'000, 1'000'000'000).value_or(0);
        a.number_loc = xml_.value_loc(child, "number");
        a.field = id_attr(child, "field");
        a.field_loc = xml_.value_loc(child, "field");
        g.attacks.push_back(std::move(a));
      });
      gatherings_.push_back(std::move(g));
    } else {
      xml_.unknown_element(node, node_);
    }
  }

  // ---- the board from the syntax -------------------------------------------------------------

  void build(Board& b) {
    for (const auto& h : hexes_) {
      HexDef d;
      d.id = h.id;
      d.q = static_cast<int>(h.q);
      d.r = static_cast<int>(h.r);
      d.terrain = h.terrain;
      d.number = h.number && *h.number >= 2 && *h.number <= 12 ? static_cast<int>(*h.number) : 0;
      d.in = mask(h.in);
      d.loc = h.loc;
      b.hexes.push_back(std::move(d));
    }
    b.index();
    auto vertex = [&](const PendingVertex& pv) {
      int h = b.find_hex(pv.hex);
      return h < 0 ? -1 : b.corner(h, pv.corner);
    };
    for (const auto& h : harbours_) {
      HarbourDef d;
      d.hex = b.find_hex(h.hex);
      d.type = h.type;
      d.vertices = {vertex(h.vertices[0]), vertex(h.vertices[1])};
      d.in = mask(h.in);
      d.loc = h.loc;
      b.harbours.push_back(d);
    }
    for (const auto& w : walls_) {
      WallDef d;
      d.id = w.id;
      d.fort = vertex(w.fort);
      d.in = mask(w.in);
      d.loc = w.loc;
      b.walls.push_back(std::move(d));
    }
    b.index_names();  // the walls, for the fields below
    for (const auto& f : fields_) {
      FieldDef d;
      d.id = f.id;
      d.wall = b.find_wall(f.wall);
      for (const auto& p : f.path)
        d.path.push_back(b.find_hex(p));
      d.in = mask(f.in);
      d.loc = f.loc;
      b.fields.push_back(std::move(d));
    }
    b.index_names();  // the fields, for the attacks below
    for (const auto& g : gatherings_) {
      GatheringDef d;
      d.numeral = g.numeral;
      d.in = mask(g.in);
      d.loc = g.loc;
      for (const auto& a : g.attacks)
        d.attacks.push_back({static_cast<int>(a.number), b.find_field(a.field), a.loc});
      b.gatherings.push_back(std::move(d));
    }
    if (!pirates_.empty()) b.pirate_start = b.find_hex(pirates_.front().first);
  }

  // The mask of an `in` value; kInBoth for an invalid one (reported by validate()).
  static std::uint8_t mask(std::string_view in) {
    if (in == "4") return kIn4;
    if (in == "6") return kIn6;
    return kInBoth;
  }
  static bool valid_in(std::string_view in) { return in == "4" || in == "6" || in == "4 6"; }

  // ---- validity (CT-209) -------------------------------------------------------------------

  void fault(SourceLoc loc, std::string message) {
    for (const auto& f : faults_)
      if (f.first == loc && f.second == message) return;
    faults_.emplace_back(loc, std::move(message));
  }

  bool validate(const Board& b) {
    // Ids and coordinates.
    std::map<std::string, SourceLoc> ids;
    auto unique_id = [&](const std::string& id, SourceLoc at, std::string_view what) {
      auto [it, added] = ids.emplace(id, at);
      if (!added)
        fault(at, fmt::format("{} id \"{}\" is already used (line {}); hexes, walls and fields "
                              "share one id namespace",
                              what, id, it->second.line));
    };
    std::map<std::pair<long long, long long>, std::string> coords;
    for (const auto& h : hexes_) {
      unique_id(h.id, h.id_loc, "hex");
      auto [it, added] = coords.emplace(std::pair{h.q, h.r}, h.id);
      if (!added)
        fault(h.loc, fmt::format("hex {} has the coordinates ({}, {}) of hex {}", h.id, h.q, h.r,
                                 it->second));
      if (!valid_in(h.in)) bad_in(h.in_loc, h.in);
      bool producing = h.terrain != Terrain::sea && h.terrain != Terrain::desert;
      if (producing && !h.number)
        fault(h.loc, fmt::format("hex {} ({}) produces and needs a number (2-6 or 8-12)", h.id,
                                 name(h.terrain)));
      if (producing && h.number && (*h.number < 2 || *h.number > 12 || *h.number == 7))
        fault(h.number_loc,
              fmt::format("hex {} has number {}; a number is 2-6 or 8-12", h.id, *h.number));
      if (!producing && h.number)
        fault(h.number_loc,
              fmt::format("hex {} is {} and carries no number", h.id, name(h.terrain)));
    }
    for (const auto& w : walls_)
      unique_id(w.id, w.id_loc, "wall");
    for (const auto& f : fields_)
      unique_id(f.id, f.id_loc, "field");

    // References.
    auto hex_exists = [&](const std::string& id, SourceLoc at, std::string_view what) {
      if (b.find_hex(id) >= 0) return true;
      fault(at, fmt::format("{} names hex \"{}\", which the board does not define", what, id));
      return false;
    };
    if (pirates_.empty()) fault(b.loc, "the board has no <pirate-start>; exactly one is needed");
    for (std::size_t i = 0; i < pirates_.size(); ++i) {
      if (i > 0) {
        fault(pirates_[i].second,
              fmt::format("a second <pirate-start> (the first is on line {}); exactly one is "
                          "needed",
                          pirates_[0].second.line));
        continue;
      }
      hex_exists(pirates_[i].first, pirates_[i].second, "the pirate start");
    }
    for (const auto& h : harbours_) {
      if (!valid_in(h.in)) bad_in(h.in_loc, h.in);
      hex_exists(h.hex, h.hex_loc, "the harbour");
      for (const auto& v : h.vertices)
        hex_exists(v.hex, h.vertices_loc, "a harbour vertex");
    }
    for (const auto& w : walls_) {
      if (!valid_in(w.in)) bad_in(w.in_loc, w.in);
      hex_exists(w.fort.hex, w.fort_loc, fmt::format("the fort site of wall {}", w.id));
    }
    for (const auto& f : fields_) {
      if (!valid_in(f.in)) bad_in(f.in_loc, f.in);
      if (b.find_wall(f.wall) < 0)
        fault(f.wall_loc, fmt::format("field {} faces wall \"{}\", which the board does not "
                                      "define",
                                      f.id, f.wall));
      for (const auto& p : f.path)
        hex_exists(p, f.path_loc, fmt::format("the path of field {}", f.id));
    }
    for (const auto& g : gatherings_) {
      if (!valid_in(g.in)) bad_in(g.in_loc, g.in);
      for (const auto& a : g.attacks) {
        if (b.find_field(a.field) < 0)
          fault(a.field_loc, fmt::format("the attack of place {} leads to field \"{}\", which "
                                         "the board does not define",
                                         numeral_name(g.numeral), a.field));
        if (a.number < 2 || a.number > 12 || a.number == 7)
          fault(a.number_loc, fmt::format("attack number {} of place {}: an attack number is "
                                          "2-6 or 8-12",
                                          a.number, numeral_name(g.numeral)));
      }
    }
    // Everything per player count, unless which elements are in play is itself unclear.
    bool ins_valid =
        std::all_of(hexes_.begin(), hexes_.end(), [](const auto& x) { return valid_in(x.in); }) &&
        std::all_of(harbours_.begin(), harbours_.end(),
                    [](const auto& x) { return valid_in(x.in); }) &&
        std::all_of(walls_.begin(), walls_.end(), [](const auto& x) { return valid_in(x.in); }) &&
        std::all_of(fields_.begin(), fields_.end(), [](const auto& x) { return valid_in(x.in); }) &&
        std::all_of(gatherings_.begin(), gatherings_.end(),
                    [](const auto& x) { return valid_in(x.in); });
    if (ins_valid)
      for (int n : {4, 6})
        per_count(b, n);

    std::stable_sort(faults_.begin(), faults_.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    for (auto& [loc, message] : faults_)
      xml_.error(kBoardRule, loc, std::move(message));
    return faults_.empty();
  }

  void bad_in(SourceLoc at, std::string_view in) {
    fault(at, fmt::format("in=\"{}\": the value is \"4\", \"6\" or \"4 6\"", in));
  }

  void per_count(const Board& b, int n) {
    auto players = fmt::format("with {} players", n);
    // Wall sections and their forts.
    std::vector<int> walls;
    for (std::size_t w = 0; w < b.walls.size(); ++w)
      if (in_play(b.walls[w].in, n)) walls.push_back(static_cast<int>(w));
    if (static_cast<int>(walls.size()) != n)
      fault(b.loc, fmt::format("{} there are {} wall sections in play; there must be {}", players,
                               walls.size(), n));
    for (std::size_t i = 0; i < walls.size(); ++i) {
      const WallDef& w = b.walls[static_cast<std::size_t>(walls[i])];
      const PendingWall& pw = walls_[static_cast<std::size_t>(walls[i])];
      if (w.fort < 0) continue;
      if (!b.vertex_on_board(w.fort, n))
        fault(pw.fort_loc, fmt::format("{} the fort site {} of wall {} is not on the board (no "
                                       "land hex in play touches it)",
                                       players, b.vertex_name(w.fort), w.id));
      for (std::size_t j = 0; j < i; ++j) {
        const WallDef& o = b.walls[static_cast<std::size_t>(walls[j])];
        if (o.fort == w.fort)
          fault(pw.fort_loc, fmt::format("walls {} and {} have the same fort site {}", o.id, w.id,
                                         b.vertex_name(w.fort)));
        else if (o.fort >= 0 && b.adjacent(o.fort, w.fort))
          fault(pw.fort_loc, fmt::format("{} the fort sites of walls {} and {} are adjacent",
                                         players, o.id, w.id));
      }
      bool faced = false;
      for (const auto& f : b.fields)
        if (f.wall == walls[i] && in_play(f.in, n)) faced = true;
      if (!faced)
        fault(w.loc, fmt::format("{} no attack field in play faces wall {}", players, w.id));
    }
    // Fields.
    for (std::size_t fi = 0; fi < b.fields.size(); ++fi) {
      const FieldDef& f = b.fields[fi];
      const PendingField& pf = fields_[fi];
      if (!in_play(f.in, n)) continue;
      if (f.wall >= 0 && !in_play(b.walls[static_cast<std::size_t>(f.wall)].in, n))
        fault(pf.wall_loc, fmt::format("{} field {} faces wall {}, which is not in play", players,
                                       f.id, pf.wall));
      if (f.path.empty()) fault(pf.path_loc, fmt::format("field {} has an empty path", f.id));
      std::set<int> seen;
      for (std::size_t k = 0; k < f.path.size(); ++k) {
        int h = f.path[k];
        if (h < 0) continue;
        const HexDef& hex = b.hexes[static_cast<std::size_t>(h)];
        if (!seen.insert(h).second)
          fault(pf.path_loc, fmt::format("the path of field {} lists hex {} twice", f.id, hex.id));
        if (!hex.land())
          fault(pf.path_loc, fmt::format("the path of field {} lists the sea hex {}; a path "
                                         "lists land hexes",
                                         f.id, hex.id));
        else if (!in_play(hex.in, n))
          fault(pf.path_loc, fmt::format("{} the path of field {} lists hex {}, which is not in "
                                         "play",
                                         players, f.id, hex.id));
      }
    }
    // Gathering places.
    int last_numeral = n == 4 ? 2 : 4;
    std::array<SourceLoc, kNumerals> seen{};
    for (std::size_t gi = 0; gi < b.gatherings.size(); ++gi) {
      const GatheringDef& g = b.gatherings[gi];
      if (!in_play(g.in, n)) continue;
      if (g.numeral > last_numeral) {
        fault(g.loc, fmt::format("{} the places are I-{}; place {} must not be in play", players,
                                 numeral_name(last_numeral), numeral_name(g.numeral)));
        continue;
      }
      if (seen[static_cast<std::size_t>(g.numeral)].known()) {
        fault(g.loc,
              fmt::format("{} place {} is defined twice (first on line {})", players,
                          numeral_name(g.numeral), seen[static_cast<std::size_t>(g.numeral)].line));
        continue;
      }
      seen[static_cast<std::size_t>(g.numeral)] = g.loc;
      for (std::size_t ai = 0; ai < g.attacks.size(); ++ai) {
        const AttackDef& a = g.attacks[ai];
        if (a.field >= 0 && !in_play(b.fields[static_cast<std::size_t>(a.field)].in, n))
          fault(gatherings_[gi].attacks[ai].field_loc,
                fmt::format("{} attack {} of place {} leads to field {}, which is not in play",
                            players, a.number, numeral_name(g.numeral),
                            b.fields[static_cast<std::size_t>(a.field)].id));
      }
    }
    for (int k = 0; k <= last_numeral; ++k)
      if (!seen[static_cast<std::size_t>(k)].known())
        fault(b.loc, fmt::format("{} gathering place {} is missing (places I-{} are in play)",
                                 players, numeral_name(k), numeral_name(last_numeral)));
    // Harbours.
    std::map<int, SourceLoc> harbour_hexes;
    for (std::size_t hi = 0; hi < b.harbours.size(); ++hi) {
      const HarbourDef& h = b.harbours[hi];
      const PendingHarbour& ph = harbours_[hi];
      if (!in_play(h.in, n) || h.hex < 0) continue;
      const HexDef& hex = b.hexes[static_cast<std::size_t>(h.hex)];
      if (hex.land()) {
        fault(ph.hex_loc,
              fmt::format("the harbour on {} lies on a land hex; a harbour lies on a sea hex",
                          hex.id));
        continue;
      }
      if (!in_play(hex.in, n)) {
        fault(ph.hex_loc,
              fmt::format("{} the harbour lies on {}, which is not in play", players, hex.id));
        continue;
      }
      auto [it, added] = harbour_hexes.emplace(h.hex, h.loc);
      if (!added)
        fault(h.loc, fmt::format("{} sea hex {} has a second harbour (the first is on line {})",
                                 players, hex.id, it->second.line));
      if (h.vertices[0] < 0 || h.vertices[1] < 0) continue;
      bool corners = true;
      for (int v : h.vertices) {
        bool corner = false;
        for (int c = 0; c < 6; ++c)
          if (b.corner(h.hex, c) == v) corner = true;
        if (!corner) {
          fault(ph.vertices_loc, fmt::format("harbour vertex {} is not a corner of its sea hex {}",
                                             b.vertex_name(v), hex.id));
          corners = false;
        } else if (!b.vertex_on_board(v, n)) {
          fault(ph.vertices_loc,
                fmt::format("{} harbour vertex {} is not on the board", players, b.vertex_name(v)));
        }
      }
      if (corners && !b.adjacent(h.vertices[0], h.vertices[1]))
        fault(ph.vertices_loc, fmt::format("the two vertices of the harbour on {} are not "
                                           "adjacent",
                                           hex.id));
    }
    // The pirate start.
    if (!pirates_.empty() && b.pirate_start >= 0) {
      const HexDef& hex = b.hexes[static_cast<std::size_t>(b.pirate_start)];
      if (hex.land())
        fault(pirates_[0].second,
              fmt::format("the pirate starts on {}, a land hex; it starts on a sea hex", hex.id));
      else if (!in_play(hex.in, n))
        fault(pirates_[0].second,
              fmt::format("{} the pirate start {} is not in play", players, hex.id));
    }
  }

  XmlChecker& xml_;
  pugi::xml_node node_;
  std::vector<PendingHex> hexes_;
  std::vector<PendingHarbour> harbours_;
  std::vector<PendingWall> walls_;
  std::vector<PendingField> fields_;
  std::vector<PendingGathering> gatherings_;
  std::vector<std::pair<std::string, SourceLoc>> pirates_;
  std::vector<std::pair<SourceLoc, std::string>> faults_;
};

}  // namespace

std::shared_ptr<Board> read_board(XmlChecker& xml, pugi::xml_node node, bool& valid) {
  return BoardReader(xml, node).run(valid);
}

std::vector<ReadBoard> read_board_file(const std::string& text, Diagnostics& out) {
  std::vector<ReadBoard> boards;
  auto doc = XmlDocument::parse(text, out);
  if (!doc) return boards;
  XmlChecker xml(*doc, out);
  pugi::xml_node root = doc->root();
  std::string_view tag = root.name();
  auto one = [&](pugi::xml_node node) {
    std::size_t before = out.items().size();
    ReadBoard rb;
    rb.board = read_board(xml, node, rb.valid);
    for (std::size_t i = before; i < out.items().size() && rb.first_fault.empty(); ++i) {
      const Diagnostic& d = out.items()[i];
      rb.first_fault = fmt::format("{}:{}: {} [{}]", d.loc.line, d.loc.column, d.message, d.rule);
    }
    if (rb.board) boards.push_back(std::move(rb));
  };
  if (tag == "great-wall-board") {
    one(root);
  } else if (tag == "great-wall-boards") {
    xml.only_attributes(root, {});
    std::size_t elements = 0;
    xml.for_each_child(root, [&](pugi::xml_node child) {
      ++elements;
      if (std::string_view(child.name()) != "great-wall-board") {
        xml.unknown_element(child, root);
        return;
      }
      std::size_t count = boards.size();
      one(child);
      if (boards.size() == count) return;
      for (std::size_t i = 0; i < count; ++i)
        if (boards[i].board->name == boards.back().board->name) {
          xml.error(
              rec::duplicate, xml.loc(child),
              fmt::format("board \"{}\" is defined twice in this file", boards.back().board->name));
          boards.back().valid = false;
        }
    });
    if (elements == 0)
      xml.error(rec::missing, xml.loc(root), "<great-wall-boards> holds no <great-wall-board>");
  } else {
    xml.error(rec::wrong_document, xml.loc(root),
              fmt::format("the root element is <{}>, not <great-wall-board> or "
                          "<great-wall-boards>",
                          root.name()));
  }
  return boards;
}

std::shared_ptr<const Board> modelled_board() {
  static const std::shared_ptr<const Board> board = [] {
    Diagnostics problems;
    auto boards = read_board_file(std::string(embedded::catan_great_wall_modelled_board), problems);
    if (boards.size() != 1 || !boards.front().valid || !problems.empty()) {
      // The data file is part of the build; failing here is a bug, not bad input.
      std::fprintf(stderr, "wallaudit: the built-in board great-wall-modelled is invalid\n");
      for (const auto& d : problems.items())
        std::fprintf(stderr, "  %u:%u: %s [%s]\n", d.loc.line, d.loc.column, d.message.c_str(),
                     d.rule.c_str());
      std::abort();
    }
    boards.front().board->origin = "built in";
    return std::shared_ptr<const Board>(boards.front().board);
  }();
  return board;
}

std::shared_ptr<const Board> BoardCatalogue::find(std::string_view name) const {
  for (auto it = boards.rbegin(); it != boards.rend(); ++it)
    if ((*it)->name == name) return *it;
  return nullptr;
}

const std::string* BoardCatalogue::invalid_reason(std::string_view name) const {
  for (auto it = invalid.rbegin(); it != invalid.rend(); ++it)
    if (it->first == name) return &it->second;
  return nullptr;
}

BoardCatalogue make_catalogue(const std::vector<Definition>& definitions, Diagnostics& problems) {
  BoardCatalogue catalogue;
  catalogue.boards.push_back(modelled_board());
  for (const auto& def : definitions) {
    // Other games' definition files are theirs to read.
    if (def.text.find("<great-wall-board") == std::string::npos) continue;
    Diagnostics local;
    auto boards = read_board_file(def.text, local);
    for (auto& rb : boards) {
      rb.board->origin = def.name;
      if (rb.valid)
        catalogue.boards.push_back(rb.board);
      else
        catalogue.invalid.emplace_back(rb.board->name,
                                       fmt::format("{}:{}", def.name, rb.first_fault));
    }
    for (auto& d : local.items()) {
      d.file = def.name;
      problems.items().push_back(std::move(d));
    }
  }
  return catalogue;
}

}  // namespace wallaudit::ct
