// An independent generator of legal games of "The Great Wall" (see ct_generator.hpp). It shares
// no code with lib/catan_great_wall: geometry, rules and bookkeeping are written anew from
// rules/catan-great-wall.md, and the board is read from the data file with pugixml.
#include "support/ct_generator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <pugixml.hpp>
#include <random>
#include <sstream>
#include <stdexcept>

namespace wallaudit::test {

namespace {

// ---- randomness ------------------------------------------------------------------------------

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed * 0x9E3779B97F4A7C15ull + 17) {}
  // Uniform in [lo, hi], by rejection so that every platform draws the same.
  int uniform(int lo, int hi) {
    std::uint64_t range = static_cast<std::uint64_t>(hi - lo) + 1;
    std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() -
                          std::numeric_limits<std::uint64_t>::max() % range;
    std::uint64_t v;
    do {
      v = engine_();
    } while (v >= limit);
    return lo + static_cast<int>(v % range);
  }
  bool chance(double p) { return uniform(0, 999'999) < static_cast<int>(p * 1'000'000); }
  template <typename T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(uniform(0, static_cast<int>(v.size()) - 1))];
  }
  template <typename T>
  void shuffle(std::vector<T>& v) {
    for (int i = static_cast<int>(v.size()) - 1; i > 0; --i)
      std::swap(v[static_cast<std::size_t>(i)], v[static_cast<std::size_t>(uniform(0, i))]);
  }

 private:
  std::mt19937_64 engine_;
};

std::size_t z(int i) {
  return static_cast<std::size_t>(i);
}

const std::array<std::string, 6> kColours{"red", "blue", "white", "orange", "green", "brown"};
const std::array<std::string, 5> kRes{"brick", "lumber", "wool", "grain", "ore"};
const std::array<std::string, 5> kCardNames{"knight", "road-building", "year-of-plenty", "monopoly",
                                            "victory-point"};
const std::array<std::string, 5> kNumeral{"I", "II", "III", "IV", "V"};
constexpr int kKnight = 0, kRoadBuilding = 1, kPlenty = 2, kMonopoly = 3, kVictory = 4;
using Hand = std::array<int, 5>;

int res_index(const std::string& s) {
  for (int i = 0; i < 5; ++i)
    if (kRes[z(i)] == s) return i;
  return -1;
}

std::string cards_xml(const Hand& h) {
  std::string out;
  for (int r = 0; r < 5; ++r)
    for (int k = 0; k < h[z(r)]; ++k)
      out += (out.empty() ? "" : " ") + kRes[z(r)];
  return out;
}

int hand_total(const Hand& h) {
  int n = 0;
  for (int v : h)
    n += v;
  return n;
}

// ---- the board, read from the data file ------------------------------------------------------

struct BoardData {
  struct Hex {
    std::string id;
    int q = 0, r = 0;
    std::string terrain;
    int number = 0;
    bool in4 = true, in6 = true;
  };
  struct Harbour {
    std::string hex, type;
    std::array<std::string, 2> vertices;
    bool in4 = true, in6 = true;
  };
  struct Wall {
    std::string id, fort;
    bool in4 = true, in6 = true;
  };
  struct Field {
    std::string id, wall;
    std::vector<std::string> path;
    bool in4 = true, in6 = true;
  };
  struct Gathering {
    int numeral = 0;
    std::vector<std::pair<int, std::string>> attacks;
    bool in4 = true, in6 = true;
  };
  std::vector<Hex> hexes;
  std::vector<Harbour> harbours;
  std::vector<Wall> walls;
  std::vector<Field> fields;
  std::vector<Gathering> gatherings;
  std::string pirate_start;
  std::string inline_xml;  // the board element, for inline boards
};

void read_in(const pugi::xml_node& n, bool& in4, bool& in6) {
  std::string in = n.attribute("in").as_string("4 6");
  in4 = in.find('4') != std::string::npos;
  in6 = in.find('6') != std::string::npos;
}

const BoardData& board_data() {
  static const BoardData data = [] {
    std::string path =
        std::string(WALLAUDIT_SOURCE_DIR) + "/lib/catan_great_wall/data/great-wall-modelled.xml";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    pugi::xml_document doc;
    if (!doc.load_string(text.str().c_str())) throw std::runtime_error("cannot read " + path);
    BoardData b;
    pugi::xml_node root = doc.document_element();
    for (pugi::xml_node n : root.children()) {
      std::string tag = n.name();
      if (tag == "hex") {
        BoardData::Hex h;
        h.id = n.attribute("id").as_string();
        h.q = n.attribute("q").as_int();
        h.r = n.attribute("r").as_int();
        h.terrain = n.attribute("terrain").as_string();
        h.number = n.attribute("number").as_int(0);
        read_in(n, h.in4, h.in6);
        b.hexes.push_back(h);
      } else if (tag == "harbour") {
        BoardData::Harbour h;
        h.hex = n.attribute("hex").as_string();
        h.type = n.attribute("type").as_string();
        std::istringstream vs(n.attribute("vertices").as_string());
        vs >> h.vertices[0] >> h.vertices[1];
        read_in(n, h.in4, h.in6);
        b.harbours.push_back(h);
      } else if (tag == "wall") {
        BoardData::Wall w;
        w.id = n.attribute("id").as_string();
        w.fort = n.attribute("fort").as_string();
        read_in(n, w.in4, w.in6);
        b.walls.push_back(w);
      } else if (tag == "field") {
        BoardData::Field f;
        f.id = n.attribute("id").as_string();
        f.wall = n.attribute("wall").as_string();
        std::istringstream ps(n.attribute("path").as_string());
        std::string p;
        while (ps >> p)
          f.path.push_back(p);
        read_in(n, f.in4, f.in6);
        b.fields.push_back(f);
      } else if (tag == "gathering") {
        BoardData::Gathering g;
        std::string num = n.attribute("numeral").as_string();
        for (int k = 0; k < 5; ++k)
          if (kNumeral[z(k)] == num) g.numeral = k;
        for (pugi::xml_node a : n.children("attack"))
          g.attacks.emplace_back(a.attribute("number").as_int(), a.attribute("field").as_string());
        read_in(n, g.in4, g.in6);
        b.gatherings.push_back(g);
      } else if (tag == "pirate-start") {
        b.pirate_start = n.attribute("hex").as_string();
      }
    }
    // The board element, renamed as a club's copy, for inline boards.
    root.attribute("name").set_value("club-copy");
    root.attribute("modelled").set_value("false");
    std::ostringstream out;
    root.print(out, "  ", pugi::format_indent);
    b.inline_xml = out.str();
    return b;
  }();
  return data;
}

// ---- geometry for one player count -------------------------------------------------------------

struct Vtx {
  int q, r;
  bool south;
  auto operator<=>(const Vtx&) const = default;
};

Vtx corner_of(int q, int r, int corner) {
  switch (corner) {
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

const std::array<std::string, 6> kCorner{"N", "NE", "SE", "S", "SW", "NW"};
const std::array<std::string, 6> kSide{"NE", "E", "SE", "SW", "W", "NW"};
// The corners at the ends of each side.
const std::array<std::pair<int, int>, 6> kSideCorners{
    {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}}};

struct Geo {
  int n = 4;
  const BoardData* data = nullptr;
  std::vector<int> hex_in;  // 1 in play, 0 not (by hex index of data)
  std::map<std::pair<int, int>, int> hex_at;
  std::map<std::string, int> hex_id;
  std::vector<Vtx> verts;  // on the board
  std::map<Vtx, int> vid;
  std::vector<std::vector<int>> adj, incident;  // adjacent vertices, incident edges
  std::vector<std::pair<int, int>> edges;       // on the board
  std::map<std::pair<int, int>, int> eid;
  std::vector<std::vector<std::string>> vnames, enames;
  std::vector<std::vector<int>> vhex;       // hexes in play around each vertex
  std::vector<std::array<int, 6>> hcorner;  // vertex index of each corner (-1 off board)
  std::vector<int> land_hexes, sea_hexes, off_hexes;
  std::vector<std::string> off_board_edge_names;  // edges named via in-play hexes, not on board
  // Walls, fields and places in play.
  struct Wall {
    std::string id;
    int fort = -1;
    std::vector<int> fields;
  };
  struct Field {
    std::string id;
    int wall = -1;
    std::vector<int> path;
  };
  struct Place {
    int numeral = 0;
    std::vector<std::pair<int, int>> attacks;  // number, field
  };
  std::vector<Wall> walls;
  std::vector<Field> fields;
  std::vector<Place> places;  // board order
  struct Harbour {
    int hex = -1;
    int type = -1;  // -1 generic
    std::array<int, 2> v{};
  };
  std::vector<Harbour> harbours;
  int pirate_start = -1;

  bool in(bool in4, bool in6) const { return n == 6 ? in6 : in4; }
  bool land(int h) const { return data->hexes[z(h)].terrain != "sea"; }
  bool producing(int h) const {
    const auto& t = data->hexes[z(h)].terrain;
    return t != "sea" && t != "desert";
  }
  int resource(int h) const {
    const auto& t = data->hexes[z(h)].terrain;
    if (t == "hills") return 0;
    if (t == "forest") return 1;
    if (t == "pasture") return 2;
    if (t == "fields") return 3;
    if (t == "mountains") return 4;
    return -1;
  }
  // Land hex in play at (q, r)?
  bool land_in_play(int q, int r) const {
    auto it = hex_at.find({q, r});
    return it != hex_at.end() && hex_in[z(it->second)] && land(it->second);
  }
  std::vector<std::pair<int, int>> around(Vtx v) const {
    if (!v.south) return {{v.q, v.r}, {v.q, v.r - 1}, {v.q + 1, v.r - 1}};
    return {{v.q, v.r}, {v.q - 1, v.r + 1}, {v.q, v.r + 1}};
  }
  std::vector<Vtx> neighbours(Vtx v) const {
    if (!v.south) return {{v.q, v.r - 1, true}, {v.q + 1, v.r - 1, true}, {v.q + 1, v.r - 2, true}};
    return {{v.q - 1, v.r + 1, false}, {v.q, v.r + 1, false}, {v.q - 1, v.r + 2, false}};
  }
  int vertex_named(const std::string& name) const {
    auto dot = name.rfind('.');
    int h = hex_id.at(name.substr(0, dot));
    for (int c = 0; c < 6; ++c)
      if (kCorner[z(c)] == name.substr(dot + 1)) {
        auto it = vid.find(corner_of(data->hexes[z(h)].q, data->hexes[z(h)].r, c));
        return it == vid.end() ? -1 : it->second;
      }
    return -1;
  }
  int edge_between(int a, int b) const {
    auto it = eid.find({std::min(a, b), std::max(a, b)});
    return it == eid.end() ? -1 : it->second;
  }
};

Geo make_geo(int n) {
  const BoardData& d = board_data();
  Geo g;
  g.n = n;
  g.data = &d;
  for (std::size_t h = 0; h < d.hexes.size(); ++h) {
    g.hex_in.push_back(g.in(d.hexes[h].in4, d.hexes[h].in6) ? 1 : 0);
    g.hex_at[{d.hexes[h].q, d.hexes[h].r}] = static_cast<int>(h);
    g.hex_id[d.hexes[h].id] = static_cast<int>(h);
    if (!g.hex_in[h])
      g.off_hexes.push_back(static_cast<int>(h));
    else if (d.hexes[h].terrain == "sea")
      g.sea_hexes.push_back(static_cast<int>(h));
    else
      g.land_hexes.push_back(static_cast<int>(h));
  }
  auto on_board = [&](Vtx v) {
    for (auto [q, r] : g.around(v))
      if (g.land_in_play(q, r)) return true;
    return false;
  };
  // Vertices: corners of hexes in play that touch a land hex in play; named via hexes in play.
  for (std::size_t h = 0; h < d.hexes.size(); ++h) {
    if (!g.hex_in[h]) continue;
    for (int c = 0; c < 6; ++c) {
      Vtx v = corner_of(d.hexes[h].q, d.hexes[h].r, c);
      if (!on_board(v)) continue;
      auto [it, added] = g.vid.emplace(v, static_cast<int>(g.verts.size()));
      if (added) {
        g.verts.push_back(v);
        g.vnames.emplace_back();
      }
      g.vnames[z(it->second)].push_back(d.hexes[h].id + "." + kCorner[z(c)]);
    }
  }
  g.adj.resize(g.verts.size());
  g.incident.resize(g.verts.size());
  g.vhex.resize(g.verts.size());
  for (std::size_t v = 0; v < g.verts.size(); ++v) {
    for (auto [q, r] : g.around(g.verts[v])) {
      auto it = g.hex_at.find({q, r});
      if (it != g.hex_at.end() && g.hex_in[z(it->second)]) g.vhex[v].push_back(it->second);
    }
    for (Vtx w : g.neighbours(g.verts[v])) {
      auto it = g.vid.find(w);
      if (it == g.vid.end()) continue;
      g.adj[v].push_back(it->second);
      // The edge is on the board when a hex both ends touch is land in play.
      auto a = g.around(g.verts[v]), b = g.around(w);
      bool edge_on = false;
      for (auto pa : a)
        for (auto pb : b)
          if (pa == pb && g.land_in_play(pa.first, pa.second)) edge_on = true;
      if (!edge_on) continue;
      int lo = std::min(static_cast<int>(v), it->second),
          hi = std::max(static_cast<int>(v), it->second);
      auto [e, added] = g.eid.emplace(std::pair{lo, hi}, static_cast<int>(g.edges.size()));
      if (added) {
        g.edges.push_back({lo, hi});
        g.enames.emplace_back();
      }
      if (std::find(g.incident[v].begin(), g.incident[v].end(), e->second) == g.incident[v].end())
        g.incident[v].push_back(e->second);
    }
  }
  g.hcorner.assign(d.hexes.size(), {-1, -1, -1, -1, -1, -1});
  for (std::size_t h = 0; h < d.hexes.size(); ++h) {
    for (int c = 0; c < 6; ++c) {
      auto it = g.vid.find(corner_of(d.hexes[h].q, d.hexes[h].r, c));
      if (it != g.vid.end()) g.hcorner[h][z(c)] = it->second;
    }
    if (!g.hex_in[h]) continue;
    for (int s = 0; s < 6; ++s) {
      auto [c1, c2] = kSideCorners[z(s)];
      int a = g.hcorner[h][z(c1)], b = g.hcorner[h][z(c2)];
      int e = a >= 0 && b >= 0 ? g.edge_between(a, b) : -1;
      std::string nm = d.hexes[h].id + "." + kSide[z(s)];
      if (e >= 0)
        g.enames[z(e)].push_back(nm);
      else if (d.hexes[h].terrain == "sea")
        g.off_board_edge_names.push_back(nm);
    }
  }
  for (const auto& w : d.walls) {
    if (!g.in(w.in4, w.in6)) continue;
    g.walls.push_back({w.id, g.vertex_named(w.fort), {}});
  }
  for (const auto& f : d.fields) {
    if (!g.in(f.in4, f.in6)) continue;
    Geo::Field gf;
    gf.id = f.id;
    for (std::size_t w = 0; w < g.walls.size(); ++w)
      if (g.walls[w].id == f.wall) gf.wall = static_cast<int>(w);
    for (const auto& p : f.path)
      gf.path.push_back(g.hex_id.at(p));
    g.walls[z(gf.wall)].fields.push_back(static_cast<int>(g.fields.size()));
    g.fields.push_back(gf);
  }
  for (const auto& p : d.gatherings) {
    if (!g.in(p.in4, p.in6)) continue;
    Geo::Place place;
    place.numeral = p.numeral;
    for (const auto& [number, field] : p.attacks)
      for (std::size_t f = 0; f < g.fields.size(); ++f)
        if (g.fields[f].id == field) place.attacks.emplace_back(number, static_cast<int>(f));
    g.places.push_back(place);
  }
  for (const auto& hb : d.harbours) {
    if (!g.in(hb.in4, hb.in6)) continue;
    Geo::Harbour h;
    h.hex = g.hex_id.at(hb.hex);
    h.type = res_index(hb.type);
    h.v = {g.vertex_named(hb.vertices[0]), g.vertex_named(hb.vertices[1])};
    g.harbours.push_back(h);
  }
  g.pirate_start = g.hex_id.at(d.pirate_start);
  return g;
}

}  // namespace

namespace ctgen {
// ---- the record being written ------------------------------------------------------------------

struct Elem {
  bool special = false;
  std::string colour;
  int turn = 0;
  std::vector<std::string> items;
};

struct Doc {
  std::string meta, rules, board;
  std::vector<std::string> players, setup;
  std::vector<Elem> elements;
  std::vector<std::string> end;
  bool numbered = false;
};

struct Opp {
  CtMutation kind;
  int cut;  // keep elements up to this index; -1: none; -2: keep everything (a dispute)
  int turn;
  std::string what;
  std::function<void(Doc&)> apply;
};

inline std::string indent(const std::string& item, const std::string& pad) {
  std::string out = pad;
  for (char c : item) {
    out += c;
    if (c == '\n') out += pad;
  }
  return out + "\n";
}

inline std::string render(const Doc& d) {
  std::string out = "<record game=\"catan-great-wall\" format=\"1\">\n";
  if (!d.meta.empty()) out += d.meta;
  if (!d.rules.empty()) out += d.rules;
  out += d.board;
  out += "  <players>\n";
  for (const auto& p : d.players)
    out += "    " + p + "\n";
  out += "  </players>\n  <setup>\n";
  for (const auto& s : d.setup)
    out += indent(s, "    ");
  out += "  </setup>\n";
  if (d.elements.empty()) {
    out += "  <play/>\n";
  } else {
    out += "  <play>\n";
    for (const auto& e : d.elements) {
      std::string open =
          e.special ? fmt::format("<special colour=\"{}\"", e.colour)
                    : fmt::format("<turn colour=\"{}\"{}", e.colour,
                                  d.numbered ? fmt::format(" n=\"{}\"", e.turn) : std::string());
      if (e.items.empty()) {
        out += "    " + open + "/>\n";
        continue;
      }
      out += "    " + open + ">\n";
      for (const auto& item : e.items)
        out += indent(item, "      ");
      out += e.special ? "    </special>\n" : "    </turn>\n";
    }
    out += "  </play>\n";
  }
  if (!d.end.empty()) {
    out += "  <end>\n";
    for (const auto& item : d.end)
      out += indent(item, "    ");
    out += "  </end>\n";
  }
  return out + "</record>\n";
}

}  // namespace ctgen

using ctgen::Doc;
using ctgen::Elem;
using ctgen::Opp;
using ctgen::render;

struct CtGeneratedGame::Internals {
  Doc doc;
  std::vector<Opp> opps;
};

namespace {

// ---- the game
// ---------------------------------------------------------------------------------------

struct Card {
  int type = 0;
  int bought = 0;  // element sequence number
  bool named = false;
  bool played = false;
};

struct Player {
  int colour = 0;
  Hand hand{};
  std::vector<Card> cards;
  std::vector<int> settlements, cities, roads;
  int knights = 0;
  int malus = 0;
  int wall = -1;
};

struct Opts {
  bool snake = false, settlement_starter = false, settlement_only = false, pirate_optional = false,
       exactly_two = false, knight_before_roll = false, phased = false, shortage_nobody = false;
};

class Generator {
 public:
  Generator(std::uint64_t seed, const CtGeneratorOptions& o) : seed_(seed), rng_(seed), o_(o) {}

  CtGeneratedGame run() {
    choose();
    setup();
    play();
    finish();
    CtGeneratedGame g;
    g.seed = seed_;
    g.players = n_;
    for (const auto& p : ps_)
      g.colours.push_back(kColours[z(p.colour)]);
    for (const auto& p : ps_)
      g.vp[kColours[z(p.colour)]] = final_vp_[z(&p - ps_.data())];
    g.outcome = outcome_;
    if (outcome_ == "win") g.winners.push_back(kColours[z(ps_[z(winner_)].colour)]);
    for (int s : best_losers_)
      g.best_losers.push_back(kColours[z(ps_[z(s)].colour)]);
    std::sort(g.best_losers.begin(), g.best_losers.end());
    for (const auto& e : doc_.elements)
      (e.special ? g.specials : g.turns)++;
    g.features = features_;
    g.description = description_;
    auto internals = std::make_shared<CtGeneratedGame::Internals>();
    internals->doc = doc_;
    internals->opps = std::move(opps_);
    g.xml = render(doc_);
    g.internals = internals;
    return g;
  }

 private:
  // ---- choices -----------------------------------------------------------------------------

  void choose() {
    n_ = o_.players.value_or(rng_.chance(0.5) ? 4 : 6);
    geo_ = make_geo(n_);
    std::vector<int> colours{0, 1, 2, 3, 4, 5};
    rng_.shuffle(colours);
    for (int s = 0; s < n_; ++s) {
      Player p;
      p.colour = colours[z(s)];
      ps_.push_back(p);
    }
    auto option = [&](const std::string& name, const std::string& second) {
      auto it = o_.rules.find(name);
      if (it != o_.rules.end()) return it->second == second;
      return rng_.chance(0.35);
    };
    opts_.snake = option("founding-order", "snake");
    opts_.settlement_starter = option("first-turn", "settlement-starter");
    opts_.settlement_only = option("hun-trigger", "settlement-only");
    opts_.pirate_optional = option("seven-pirate", "optional");
    opts_.exactly_two = option("knight-actions", "exactly-two");
    opts_.knight_before_roll = option("dev-timing", "knight-before-roll");
    opts_.phased = option("trade-build", "phased");
    opts_.shortage_nobody = option("bank-shortage", "nobody");
    naming_ = o_.naming.value_or(static_cast<CtNaming>(rng_.uniform(0, 2)));
    echoes_ = o_.echoes.value_or(rng_.chance(0.7));
    claims_ = o_.claims.value_or(rng_.chance(0.7));
    unfinished_ = o_.unfinished.value_or(rng_.chance(0.05));
    wall_bias_ = o_.wall_bias.value_or(rng_.uniform(0, 100) / 100.0);
    special_rate_ = o_.special_rate.value_or(0.3 + rng_.uniform(0, 50) / 100.0);
    doc_.numbered = o_.turn_numbers.value_or(rng_.chance(0.5));
    if (o_.meta.value_or(rng_.chance(0.6))) {
      static const std::vector<std::string> events{"Club night", "Spring league", "Autumn cup",
                                                   "Open weekend", "Friday session"};
      static const std::vector<std::string> sites{"Brno", "Leipzig", "Graz", "Olomouc", "Kassel"};
      doc_.meta = fmt::format(
          "  <meta>\n    <event>{}</event>\n    <site>{}</site>\n    "
          "<date>2026-{:02}-{:02}</date>\n"
          "    <round>{}</round>\n    <table>{}</table>\n"
          "    <note>generated by the wallaudit test generator, seed {}</note>\n  </meta>\n",
          rng_.pick(events), rng_.pick(sites), rng_.uniform(1, 12), rng_.uniform(1, 28),
          rng_.uniform(1, 5), rng_.uniform(1, 9), seed_);
    }
    std::string rules;
    auto add_rule = [&](const char* name, bool second, const char* a, const char* b) {
      if (o_.rules.count(name) || second || rng_.chance(0.3))
        rules += fmt::format("    <option name=\"{}\" value=\"{}\"/>\n", name, second ? b : a);
    };
    add_rule("founding-order", opts_.snake, "restart", "snake");
    add_rule("first-turn", opts_.settlement_starter, "fort-starter", "settlement-starter");
    add_rule("hun-trigger", opts_.settlement_only, "settlement-or-city", "settlement-only");
    add_rule("seven-pirate", opts_.pirate_optional, "mandatory", "optional");
    add_rule("knight-actions", opts_.exactly_two, "up-to-two", "exactly-two");
    add_rule("dev-timing", opts_.knight_before_roll, "any-time", "knight-before-roll");
    add_rule("trade-build", opts_.phased, "combined", "phased");
    add_rule("bank-shortage", opts_.shortage_nobody, "nobody-unless-one", "nobody");
    if (!rules.empty()) doc_.rules = "  <rules>\n" + rules + "  </rules>\n";
    if (o_.inline_board.value_or(rng_.chance(0.1))) {
      doc_.board = "  <board>\n" + indent_block(board_data().inline_xml, "    ") + "  </board>\n";
      features_.insert("board:inline");
    } else {
      doc_.board = "  <board name=\"great-wall-modelled\"/>\n";
    }
    static const std::vector<std::string> names{"Ana",   "Ben",  "Cleo", "Dan",   "Eva", "Filip",
                                                "Greta", "Hugo", "Ida",  "Jonas", "Kim", "Lena"};
    std::vector<std::string> pool = names;
    rng_.shuffle(pool);
    for (const auto& p : ps_)
      doc_.players.push_back(fmt::format("<player colour=\"{}\" name=\"{}\"/>",
                                         kColours[z(p.colour)], pool[z(&p - ps_.data())]));
    description_ = fmt::format(
        "seed {} players {} naming {} echoes {} claims {} wall-bias {:.2f}{}{}{}{}{}{}{}{}", seed_,
        n_, static_cast<int>(naming_), echoes_, claims_, wall_bias_, opts_.snake ? " snake" : "",
        opts_.settlement_starter ? " settlement-starter" : "",
        opts_.settlement_only ? " settlement-only" : "",
        opts_.pirate_optional ? " pirate-optional" : "", opts_.exactly_two ? " exactly-two" : "",
        opts_.knight_before_roll ? " knight-before-roll" : "", opts_.phased ? " phased" : "",
        opts_.shortage_nobody ? " shortage-nobody" : "");
    // The state.
    bank_.fill(n_ == 6 ? 24 : 19);
    std::vector<int> counts =
        n_ == 6 ? std::vector<int>{20, 2, 2, 2, 2} : std::vector<int>{14, 1, 1, 1, 2};
    for (int t = 0; t < 5; ++t)
      for (int k = 0; k < counts[z(t)]; ++k)
        deck_.push_back(t);
    rng_.shuffle(deck_);
    vowner_.assign(geo_.verts.size(), -1);
    vcity_.assign(geo_.verts.size(), false);
    eowner_.assign(geo_.edges.size(), -1);
    level_.assign(geo_.walls.size(), 0);
    wall_owner_.assign(geo_.walls.size(), -1);
    field_huns_.assign(geo_.fields.size(), 0);
    place_huns_.assign(5, 0);
    hex_huns_.assign(board_data().hexes.size(), 0);
    for (int k = 0; k < (n_ == 6 ? 5 : 3); ++k)
      bag_[z(k)] = 7;
    pirate_ = geo_.pirate_start;
    if (n_ == 6) features_.insert("players:6");
    if (n_ == 4) features_.insert("players:4");
  }

  static std::string indent_block(const std::string& text, const std::string& pad) {
    std::string out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
      out += pad + line + "\n";
    return out;
  }

  // ---- names -----------------------------------------------------------------------------------

  std::string vname(int v) { return rng_.pick(geo_.vnames[z(v)]); }
  std::string ename(int e) { return rng_.pick(geo_.enames[z(e)]); }
  std::string colour(int seat) const { return kColours[z(ps_[z(seat)].colour)]; }

  // ---- queries ---------------------------------------------------------------------------------

  int vp(int seat) const {
    const Player& p = ps_[z(seat)];
    int v = static_cast<int>(p.settlements.size()) + 2 * static_cast<int>(p.cities.size());
    if (longest_ == seat) v += 2;
    if (army_ == seat) v += 1;
    for (const auto& c : p.cards)
      if (c.named && !c.played && c.type == kVictory) ++v;
    return v - p.malus;
  }

  bool distance_ok(int v) const {
    if (vowner_[z(v)] >= 0) return false;
    for (int a : geo_.adj[z(v)])
      if (vowner_[z(a)] >= 0) return false;
    return true;
  }

  bool road_ok(int seat, int e) const {
    if (eowner_[z(e)] >= 0) return false;
    auto [a, b] = geo_.edges[z(e)];
    for (int v : {a, b}) {
      if (vowner_[z(v)] == seat) return true;
      if (vowner_[z(v)] >= 0) continue;
      for (int f : geo_.incident[z(v)])
        if (f != e && eowner_[z(f)] == seat) return true;
    }
    return false;
  }

  std::vector<int> road_spots(int seat) const {
    std::vector<int> out;
    for (std::size_t e = 0; e < geo_.edges.size(); ++e)
      if (road_ok(seat, static_cast<int>(e))) out.push_back(static_cast<int>(e));
    return out;
  }

  std::vector<int> settlement_spots(int seat) const {
    std::vector<int> out;
    for (std::size_t v = 0; v < geo_.verts.size(); ++v) {
      if (!distance_ok(static_cast<int>(v))) continue;
      for (int e : geo_.incident[v])
        if (eowner_[z(e)] == seat) {
          out.push_back(static_cast<int>(v));
          break;
        }
    }
    return out;
  }

  int pips(int v) const {
    int p = 0;
    for (int h : geo_.vhex[z(v)])
      if (geo_.producing(h)) p += 6 - std::abs(7 - board_data().hexes[z(h)].number);
    return p;
  }

  // The longest trail of a seat's roads (CT-902), by depth-first search.
  int road_length(int seat) const {
    const auto& roads = ps_[z(seat)].roads;
    int best = 0;
    std::vector<char> used(geo_.edges.size(), 0);
    std::function<void(int, int)> walk = [&](int v, int len) {
      best = std::max(best, len);
      if (vowner_[z(v)] >= 0 && vowner_[z(v)] != seat) return;
      for (int e : geo_.incident[z(v)]) {
        if (eowner_[z(e)] != seat || used[z(e)]) continue;
        used[z(e)] = 1;
        auto [a, b] = geo_.edges[z(e)];
        walk(a == v ? b : a, len + 1);
        used[z(e)] = 0;
      }
    };
    for (int e : roads) {
      auto [a, b] = geo_.edges[z(e)];
      used[z(e)] = 1;
      walk(a, 1);
      walk(b, 1);
      used[z(e)] = 0;
    }
    return best;
  }

  void longest_road_update() {
    std::vector<int> len(z(n_));
    int m = 0;
    for (int s = 0; s < n_; ++s)
      m = std::max(m, len[z(s)] = road_length(s));
    if (longest_ >= 0 && len[z(longest_)] == m && m >= 5) return;
    int holder = -1, count = 0;
    for (int s = 0; s < n_; ++s)
      if (len[z(s)] == m) holder = s, ++count;
    int before = longest_;
    longest_ = m >= 5 && count == 1 ? holder : -1;
    if (longest_ >= 0 && before != longest_) features_.insert("longest-road");
    if (before >= 0 && longest_ < 0) features_.insert("longest-road:set-aside");
  }

  bool has_harbour(int seat, int type, bool ignore_pirate = false) const {
    for (const auto& h : geo_.harbours) {
      if (h.type != type || (!ignore_pirate && h.hex == pirate_)) continue;
      for (int v : h.v)
        if (v >= 0 && vowner_[z(v)] == seat) return true;
    }
    return false;
  }

  int rate(int seat, int r) const {
    if (has_harbour(seat, r)) return 2;
    if (has_harbour(seat, -1)) return 3;
    return 4;
  }

  int bag_total() const {
    int t = 0;
    for (int v : bag_)
      t += v;
    return t;
  }

  // ---- output helpers
  // ----------------------------------------------------------------------------

  Elem& cur() { return doc_.elements.back(); }
  int cur_index() const { return static_cast<int>(doc_.elements.size()) - 1; }
  void item(std::string xml) { cur().items.push_back(std::move(xml)); }
  int last_item() { return static_cast<int>(cur().items.size()) - 1; }

  void opp(CtMutation kind, int cut, int turn, std::string what, std::function<void(Doc&)> f) {
    opps_.push_back({kind, cut, turn, std::move(what), std::move(f)});
  }

  void maybe_claim() {
    if (!claims_ || !rng_.chance(0.05)) return;
    int s = rng_.uniform(0, n_ - 1);
    item(fmt::format("<claim colour=\"{}\" vp=\"{}\"/>", colour(s), vp(s)));
    int e = cur_index(), i = last_item(), v = vp(s), turn = turn_;
    std::string c = colour(s);
    opp(CtMutation::claim_changed, -2, turn, "a claim off by one", [e, i, c, v](Doc& d) {
      d.elements[z(e)].items[z(i)] = fmt::format("<claim colour=\"{}\" vp=\"{}\"/>", c, v + 1);
    });
  }

  // ---- set-up
  // --------------------------------------------------------------------------------------

  void place_settlement(int seat, int v) {
    vowner_[z(v)] = seat;
    ps_[z(seat)].settlements.push_back(v);
    longest_road_update();
  }

  void place_road(int seat, int e) {
    eowner_[z(e)] = seat;
    ps_[z(seat)].roads.push_back(e);
    longest_road_update();
  }

  void setup() {
    // Forts, clockwise from the starting player.
    std::vector<int> free_walls;
    for (std::size_t w = 0; w < geo_.walls.size(); ++w)
      free_walls.push_back(static_cast<int>(w));
    for (int s = 0; s < n_; ++s) {
      int k = rng_.uniform(0, static_cast<int>(free_walls.size()) - 1);
      int w = free_walls[z(k)];
      free_walls.erase(free_walls.begin() + k);
      ps_[z(s)].wall = w;
      wall_owner_[z(w)] = s;
      place_settlement(s, geo_.walls[z(w)].fort);
      doc_.setup.push_back(
          fmt::format("<fort colour=\"{}\" wall=\"{}\"/>", colour(s), geo_.walls[z(w)].id));
    }
    {
      int i = rng_.uniform(0, n_ - 2);
      std::string c0 = colour(i), c1 = colour(i + 1);
      std::string w0 = geo_.walls[z(ps_[z(i)].wall)].id, w1 = geo_.walls[z(ps_[z(i + 1)].wall)].id;
      opp(CtMutation::forts_swapped, -1, 0, "two forts swapped", [=](Doc& d) {
        d.setup[z(i)] = fmt::format("<fort colour=\"{}\" wall=\"{}\"/>", c1, w1);
        d.setup[z(i + 1)] = fmt::format("<fort colour=\"{}\" wall=\"{}\"/>", c0, w0);
      });
      int j = rng_.uniform(1, n_ - 1);
      std::string cj = colour(j), w_first = geo_.walls[z(ps_[0].wall)].id;
      opp(CtMutation::fort_site_taken, -1, 0, "a fort on the first fort's wall", [=](Doc& d) {
        d.setup[z(j)] = fmt::format("<fort colour=\"{}\" wall=\"{}\"/>", cj, w_first);
      });
      std::vector<int> absent;
      for (int c = 0; c < 6; ++c) {
        bool playing = false;
        for (const auto& p : ps_)
          if (p.colour == c) playing = true;
        if (!playing) absent.push_back(c);
      }
      std::string extra = absent.empty() ? colour(0) : kColours[z(absent.front())];
      opp(CtMutation::extra_player, -1, 0, "a player too many",
          [=](Doc& d) { d.players.push_back(fmt::format("<player colour=\"{}\"/>", extra)); });
    }
    // Two settlement rounds.
    std::vector<int> round_a;
    if (!opts_.snake)
      for (int k = 0; k < n_; ++k)
        round_a.push_back((n_ - 1 + k) % n_);
    else
      for (int k = n_ - 1; k >= 0; --k)
        round_a.push_back(k);
    std::vector<int> order = round_a;
    order.insert(order.end(), round_a.rbegin(), round_a.rend());
    bool gains = echoes_ && rng_.chance(0.8);
    for (std::size_t k = 0; k < order.size(); ++k) {
      int s = order[k];
      bool round_b = k >= z(n_);
      std::vector<std::pair<int, int>> scored;
      for (std::size_t v = 0; v < geo_.verts.size(); ++v)
        if (distance_ok(static_cast<int>(v)))
          scored.emplace_back(pips(static_cast<int>(v)) * 10 + rng_.uniform(0, 25),
                              static_cast<int>(v));
      std::sort(scored.rbegin(), scored.rend());
      int v =
          scored[z(rng_.uniform(0, std::min<int>(2, static_cast<int>(scored.size()) - 1)))].second;
      // Mutation sites: a settlement too close to another, a road away from its settlement.
      int item_index = static_cast<int>(doc_.setup.size());
      std::vector<int> close;
      for (std::size_t w = 0; w < geo_.verts.size(); ++w) {
        if (vowner_[w] >= 0) continue;
        for (int a : geo_.adj[w])
          if (vowner_[z(a)] >= 0) {
            close.push_back(static_cast<int>(w));
            break;
          }
      }
      place_settlement(s, v);
      std::vector<int> roads;
      for (int e : geo_.incident[z(v)])
        if (eowner_[z(e)] < 0) roads.push_back(e);
      int e = rng_.pick(roads);
      place_road(s, e);
      std::string c = colour(s);
      std::string line = fmt::format("<settlement colour=\"{}\" vertex=\"{}\" road=\"{}\"/>", c,
                                     vname(v), ename(e));
      doc_.setup.push_back(line);
      if (!close.empty()) {
        int w = rng_.pick(close);
        std::vector<int> wr;
        for (int f : geo_.incident[z(w)])
          if (eowner_[z(f)] < 0) wr.push_back(f);
        if (!wr.empty()) {
          std::string text = fmt::format("<settlement colour=\"{}\" vertex=\"{}\" road=\"{}\"/>", c,
                                         vname(w), ename(rng_.pick(wr)));
          opp(CtMutation::founding_too_close, -1, 0, "a founding settlement too close",
              [=](Doc& d) { d.setup[z(item_index)] = text; });
        }
      }
      std::vector<int> far;
      for (std::size_t f = 0; f < geo_.edges.size(); ++f)
        if (eowner_[f] < 0 && geo_.edges[f].first != v && geo_.edges[f].second != v)
          far.push_back(static_cast<int>(f));
      if (!far.empty()) {
        std::string text = fmt::format("<settlement colour=\"{}\" vertex=\"{}\" road=\"{}\"/>", c,
                                       vname(v), ename(rng_.pick(far)));
        opp(CtMutation::founding_road_detached, -1, 0, "a founding road away from its settlement",
            [=](Doc& d) { d.setup[z(item_index)] = text; });
      }
      {
        std::string with_hun =
            line.substr(0, line.size() - 2) + "><hun numeral=\"I\"/></settlement>";
        opp(CtMutation::hun_in_founding, -1, 0, "a Hun drawn in the founding phase",
            [=](Doc& d) { d.setup[z(item_index)] = with_hun; });
      }
      if (k + 1 < order.size() && order[k + 1] != s) {
        std::string c_next = colour(order[k + 1]);
        opp(CtMutation::settlements_swapped, -1, 0, "two founding settlements swapped",
            [=](Doc& d) {
              // The colour of this settlement becomes the next placer's: out of turn.
              std::string& t = d.setup[z(item_index)];
              auto at = t.find("colour=\"") + 8;
              t.replace(at, t.find('"', at) - at, c_next);
            });
      }
      if (round_b) {
        Hand got{};
        for (int h : geo_.vhex[z(v)]) {
          int r = geo_.resource(h);
          if (r < 0 || bank_[z(r)] == 0) continue;
          bank_[z(r)]--;
          ps_[z(s)].hand[z(r)]++;
          got[z(r)]++;
        }
        if (gains && hand_total(got) > 0) {
          doc_.setup.push_back(
              fmt::format("<gain colour=\"{}\" cards=\"{}\"/>", c, cards_xml(got)));
          int gi = static_cast<int>(doc_.setup.size()) - 1;
          Hand wrong = got;
          wrong[4]++;
          std::string text = fmt::format("<gain colour=\"{}\" cards=\"{}\"/>", c, cards_xml(wrong));
          opp(CtMutation::gain_wrong, -1, 0, "a wrong starting-resources echo",
              [=](Doc& d) { d.setup[z(gi)] = text; });
          features_.insert("gain");
        }
        if (k + 1 == order.size()) {
          bool with_gain = gains && hand_total(got) > 0;
          opp(CtMutation::setup_incomplete, 0, 1, "the last founding settlement left out",
              [=](Doc& d) {
                d.setup.erase(d.setup.begin() + item_index,
                              d.setup.begin() + item_index + (with_gain ? 2 : 1));
              });
        }
      }
    }
  }

  // ---- the Huns
  // ------------------------------------------------------------------------------------

  // Draws a Hun for a build: the numeral, or -1 when the bag is empty.
  int draw_hun() {
    int t = bag_total();
    if (t == 0) return -1;
    int k = rng_.uniform(0, t - 1);
    for (int num = 0; num < 5; ++num) {
      if (k < bag_[z(num)]) {
        bag_[z(num)]--;
        place_huns_[z(num)]++;
        return num;
      }
      k -= bag_[z(num)];
    }
    return -1;
  }

  struct Event {
    bool breach = false;
    int numeral = 0, field = 0;
    std::vector<int> hexes;
    std::vector<int> counts_before;  // field counts before the event
  };

  void breach(int f, std::vector<Event>& events) {
    Event ev;
    ev.breach = true;
    ev.field = f;
    ev.counts_before = field_huns_;
    const auto& path = geo_.fields[z(f)].path;
    int count = field_huns_[z(f)];
    field_huns_[z(f)] = 0;
    for (int i = 0; i < count; ++i) {
      int least = 1 << 30;
      for (int h : path)
        least = std::min(least, hex_huns_[z(h)]);
      for (int h : path)
        if (hex_huns_[z(h)] == least) {
          hex_huns_[z(h)]++;
          ev.hexes.push_back(h);
          break;
        }
    }
    int w = geo_.fields[z(f)].wall;
    if (level_[z(w)] > 0) --level_[z(w)];
    if (wall_owner_[z(w)] >= 0) ps_[z(wall_owner_[z(w)])].malus++;
    ++breaches_;
    events.push_back(ev);
    features_.insert("breach");
    if (count > 1) features_.insert("breach:several-huns");
    if (breaches_ >= (n_ == 6 ? 7 : 5)) over_ = true, outcome_ = "huns";
  }

  // ---- turns
  // ------------------------------------------------------------------------------------------

  void play() {
    int seat = opts_.settlement_starter ? n_ - 1 : 0;
    int limit = 400;
    int stop_at = unfinished_ ? rng_.uniform(2, 60) : limit;
    for (turn_ = 1; turn_ <= limit && !over_; ++turn_) {
      if (turn_ > stop_at) return;
      if (vp(seat) >= 10) {
        // The game ends at the start of this turn (CT-903): the element is optional.
        over_ = true;
        outcome_ = "win";
        winner_ = seat;
        end_turn_ = turn_;
        features_.insert("win:start-of-turn");
        absent_start_turn_ = true;
        if (rng_.chance(0.5)) {
          absent_start_turn_ = false;
          doc_.elements.push_back({false, colour(seat), turn_, {}});
          if (claims_)
            item(fmt::format("<claim colour=\"{}\" vp=\"{}\"/>", colour(seat), vp(seat)));
        }
        return;
      }
      one_turn(seat);
      if (!over_ && n_ == 6) specials(seat);
      seat = (seat + 1) % n_;
    }
  }

  void one_turn(int seat) {
    ++seq_;
    active_ = seat;
    doc_.elements.push_back({false, colour(seat), turn_, {}});
    int elem = cur_index();
    played_card_ = false;
    built_ = false;
    Player& p = ps_[z(seat)];
    {
      int next = (seat + 1) % n_;
      std::string c = colour(next);
      int t = turn_;
      opp(CtMutation::wrong_colour, elem, t, "a turn by the wrong colour",
          [=](Doc& d) { d.elements[z(elem)].colour = c; });
    }
    // Before the roll: a reveal that wins, or a development card.
    if (try_win_by_reveal()) return;
    if (rng_.chance(0.3)) maybe_play_card(true);
    if (over_) return;
    maybe_claim();
    roll(seat);
    if (over_) return;
    maybe_claim();
    trade_and_build(seat);
    if (over_) return;
    maybe_claim();
    // Sites appended at the end of a turn that did not end the game.
    end_of_turn_sites(seat, elem);
    (void)p;
  }

  std::string roll_xml(int d1, int d2, const std::vector<Event>& events,
                       const std::array<Hand, 6>& produced, bool with_adv, bool with_br,
                       bool with_occ, bool with_prod) {
    std::string inner;
    for (const auto& e : events) {
      if (!e.breach && with_adv)
        inner += fmt::format("\n  <advance from=\"{}\" to=\"{}\"/>", kNumeral[z(e.numeral)],
                             geo_.fields[z(e.field)].id);
      if (e.breach && with_br) {
        if (with_occ) {
          std::string occ;
          for (int h : e.hexes)
            occ += fmt::format("<occupy hex=\"{}\"/>", board_data().hexes[z(h)].id);
          inner +=
              fmt::format("\n  <breach field=\"{}\">{}</breach>", geo_.fields[z(e.field)].id, occ);
        } else {
          inner += fmt::format("\n  <breach field=\"{}\"/>", geo_.fields[z(e.field)].id);
        }
      }
    }
    if (with_prod)
      for (int s = 0; s < n_; ++s)
        if (hand_total(produced[z(s)]) > 0)
          inner += fmt::format("\n  <produce colour=\"{}\" cards=\"{}\"/>", colour(s),
                               cards_xml(produced[z(s)]));
    if (inner.empty()) return fmt::format("<roll d1=\"{}\" d2=\"{}\"/>", d1, d2);
    return fmt::format("<roll d1=\"{}\" d2=\"{}\">{}\n</roll>", d1, d2, inner);
  }

  void roll(int seat) {
    int d1 = rng_.uniform(1, 6), d2 = rng_.uniform(1, 6);
    int total = d1 + d2;
    int elem = cur_index();
    int t = turn_;
    if (total == 7) {
      item(fmt::format("<roll d1=\"{}\" d2=\"{}\"/>", d1, d2));
      int roll_item = last_item();
      roll_sites(elem, roll_item, t);
      seven(seat);
      return;
    }
    std::vector<Event> events;
    std::vector<std::pair<std::size_t, int>> idle_full;
    for (std::size_t pi = 0; pi < geo_.places.size() && !over_; ++pi) {
      const auto& place = geo_.places[pi];
      for (auto [number, f] : place.attacks) {
        if (number != total) continue;
        if (place_huns_[z(place.numeral)] == 0) continue;
        if (field_huns_[z(f)] >= 5) {
          features_.insert("advance:field-full");
          continue;
        }
        Event ev;
        ev.numeral = place.numeral;
        ev.field = f;
        ev.counts_before = field_huns_;
        place_huns_[z(place.numeral)]--;
        field_huns_[z(f)]++;
        events.push_back(ev);
        features_.insert("advance");
        int w = geo_.fields[z(f)].wall;
        if (field_huns_[z(f)] > level_[z(w)]) {
          breach(f, events);
          // Other fields facing the same section (none on the modelled board).
          bool again = true;
          while (again && !over_) {
            again = false;
            for (int f2 : geo_.walls[z(w)].fields)
              if (field_huns_[z(f2)] > level_[z(w)]) {
                breach(f2, events);
                again = true;
                break;
              }
          }
        }
        if (over_) break;
      }
    }
    std::array<Hand, 6> produced{};
    std::array<bool, 5> shortage{};
    std::array<Hand, 6> owed{};
    if (!over_) {
      for (int h : geo_.land_hexes) {
        if (board_data().hexes[z(h)].number != total || hex_huns_[z(h)] > 0) continue;
        int r = geo_.resource(h);
        if (r < 0) continue;
        for (int c = 0; c < 6; ++c) {
          int v = geo_.hcorner[z(h)][z(c)];
          if (v < 0 || vowner_[z(v)] < 0) continue;
          owed[z(vowner_[z(v)])][z(r)] += vcity_[z(v)] ? 2 : 1;
        }
      }
      for (int r = 0; r < 5; ++r) {
        int sum = 0, who = 0, one = -1;
        for (int s = 0; s < n_; ++s)
          if (owed[z(s)][z(r)]) sum += owed[z(s)][z(r)], ++who, one = s;
        if (sum == 0) continue;
        if (bank_[z(r)] >= sum) {
          for (int s = 0; s < n_; ++s)
            produced[z(s)][z(r)] = owed[z(s)][z(r)];
        } else {
          shortage[z(r)] = true;
          features_.insert("bank-shortage");
          if (who == 1 && !opts_.shortage_nobody) {
            produced[z(one)][z(r)] = bank_[z(r)];
            features_.insert("bank-shortage:one-player");
          }
        }
      }
      for (int s = 0; s < n_; ++s)
        for (int r = 0; r < 5; ++r) {
          bank_[z(r)] -= produced[z(s)][z(r)];
          ps_[z(s)].hand[z(r)] += produced[z(s)][z(r)];
        }
    }
    bool with_adv = echoes_ && rng_.chance(0.6), with_br = echoes_ && rng_.chance(0.6),
         with_occ = rng_.chance(0.6), with_prod = echoes_ && !over_ && rng_.chance(0.6);
    item(roll_xml(d1, d2, events, produced, with_adv, with_br, with_occ, with_prod));
    int roll_item = last_item();
    roll_sites(elem, roll_item, t);
    if (over_) {
      end_turn_ = turn_;
      features_.insert("huns");
      return;
    }
    // Echo mutation sites.
    if (with_adv)
      for (std::size_t k = 0; k < events.size(); ++k) {
        if (events[k].breach) continue;
        for (std::size_t f = 0; f < geo_.fields.size(); ++f) {
          if (static_cast<int>(f) == events[k].field || events[k].counts_before[f] < 5) continue;
          auto changed = events;
          changed[k].field = static_cast<int>(f);
          std::string text =
              roll_xml(d1, d2, changed, produced, with_adv, with_br, with_occ, with_prod);
          opp(CtMutation::advance_into_full_field, elem, t, "an advance echoed into a full field",
              [=](Doc& d) { d.elements[z(elem)].items[z(roll_item)] = text; });
          break;
        }
      }
    if (with_adv)
      for (std::size_t k = 0; k < events.size(); ++k) {
        if (events[k].breach) continue;
        std::vector<int> others;
        for (std::size_t f = 0; f < geo_.fields.size(); ++f)
          if (static_cast<int>(f) != events[k].field && events[k].counts_before[f] < 5)
            others.push_back(static_cast<int>(f));
        if (others.empty()) continue;
        auto changed = events;
        changed[k].field = rng_.pick(others);
        std::string text =
            roll_xml(d1, d2, changed, produced, with_adv, with_br, with_occ, with_prod);
        opp(CtMutation::advance_wrong, elem, t, "an advance echo to another field",
            [=](Doc& d) { d.elements[z(elem)].items[z(roll_item)] = text; });
        break;
      }
    if (with_br)
      for (std::size_t k = 0; k < events.size(); ++k) {
        if (!events[k].breach) continue;
        auto changed = events;
        changed[k].field = (events[k].field + 1) % static_cast<int>(geo_.fields.size());
        std::string text =
            roll_xml(d1, d2, changed, produced, with_adv, with_br, with_occ, with_prod);
        opp(CtMutation::breach_wrong, elem, t, "a breach echo naming another field",
            [=](Doc& d) { d.elements[z(elem)].items[z(roll_item)] = text; });
        if (with_occ) {
          changed = events;
          int h = changed[k].hexes.front();
          std::vector<int> others;
          for (int l : geo_.land_hexes)
            if (l != h) others.push_back(l);
          changed[k].hexes.front() = rng_.pick(others);
          std::string occ =
              roll_xml(d1, d2, changed, produced, with_adv, with_br, with_occ, with_prod);
          opp(CtMutation::occupy_wrong, elem, t, "an occupy echo naming another hex",
              [=](Doc& d) { d.elements[z(elem)].items[z(roll_item)] = occ; });
        }
        break;
      }
    if (with_prod) {
      // The full amount of a short resource echoed as if the bank had paid it.
      for (int s = 0; s < n_; ++s)
        for (int r = 0; r < 5; ++r) {
          if (!shortage[z(r)] || owed[z(s)][z(r)] == produced[z(s)][z(r)]) continue;
          auto changed = produced;
          changed[z(s)][z(r)] = owed[z(s)][z(r)];
          std::string text =
              roll_xml(d1, d2, events, changed, with_adv, with_br, with_occ, with_prod);
          opp(CtMutation::produce_short_wrong, elem, t, "production echoed despite a shortage",
              [=](Doc& d) { d.elements[z(elem)].items[z(roll_item)] = text; });
          s = n_;
          break;
        }
      for (int s = 0; s < n_; ++s) {
        if (hand_total(produced[z(s)]) == 0) continue;
        int r = rng_.uniform(0, 4);
        if (shortage[z(r)]) continue;
        auto changed = produced;
        changed[z(s)][z(r)]++;
        std::string text =
            roll_xml(d1, d2, events, changed, with_adv, with_br, with_occ, with_prod);
        opp(CtMutation::produce_wrong, elem, t, "a production echo with a card too many",
            [=](Doc& d) { d.elements[z(elem)].items[z(roll_item)] = text; });
        break;
      }
    }
  }

  void roll_sites(int elem, int roll_item, int t) {
    if (!over_)
      opp(CtMutation::second_roll, elem, t, "a second roll", [=](Doc& d) {
        auto& items = d.elements[z(elem)].items;
        items.insert(items.begin() + roll_item + 1, "<roll d1=\"2\" d2=\"2\"/>");
      });
    opp(CtMutation::roll_missing, elem, t, "the roll left out", [=](Doc& d) {
      auto& items = d.elements[z(elem)].items;
      items.erase(items.begin() + roll_item);
    });
  }

  void seven(int seat) {
    features_.insert("seven");
    int elem = cur_index(), t = turn_;
    std::vector<int> discarders;
    for (int s = 0; s < n_; ++s)
      if (hand_total(ps_[z(s)].hand) > 7) discarders.push_back(s);
    int first_discard = -1;
    for (int s : discarders) {
      Hand& h = ps_[z(s)].hand;
      int k = hand_total(h) / 2;
      Hand d{};
      for (int i = 0; i < k; ++i) {
        std::vector<int> held;
        for (int r = 0; r < 5; ++r)
          for (int c = 0; c < h[z(r)] - d[z(r)]; ++c)
            held.push_back(r);
        d[z(rng_.pick(held))]++;
      }
      for (int r = 0; r < 5; ++r)
        h[z(r)] -= d[z(r)], bank_[z(r)] += d[z(r)];
      item(fmt::format("<discard colour=\"{}\" cards=\"{}\"/>", colour(s), cards_xml(d)));
      int di = last_item();
      if (first_discard < 0) first_discard = di;
      features_.insert("discard");
      opp(CtMutation::discard_missing, elem, t, "a discard left out", [=](Doc& doc) {
        auto& items = doc.elements[z(elem)].items;
        items.erase(items.begin() + di);
      });
      Hand less = d;
      for (int r = 0; r < 5; ++r)
        if (less[z(r)]) {
          less[z(r)]--;
          break;
        }
      std::string text =
          fmt::format("<discard colour=\"{}\" cards=\"{}\"/>", colour(s), cards_xml(less));
      opp(CtMutation::discard_wrong_size, elem, t, "a discard one card short",
          [=](Doc& doc) { doc.elements[z(elem)].items[z(di)] = text; });
    }
    if (opts_.pirate_optional && rng_.chance(0.25)) {
      features_.insert("seven:pirate-stays");
      return;
    }
    int from = pirate_;
    pirate_move(seat, false);
    int pi = last_item() - (last_steal_ ? 1 : 0);
    std::string same = fmt::format("<pirate to=\"{}\"/>", board_data().hexes[z(from)].id);
    opp(CtMutation::pirate_stays, elem, t, "the pirate 'moved' to its own hex",
        [=](Doc& d) { d.elements[z(elem)].items[z(pi)] = same; });
    std::string land =
        fmt::format("<pirate to=\"{}\"/>", board_data().hexes[z(rng_.pick(geo_.land_hexes))].id);
    opp(CtMutation::pirate_on_land, elem, t, "the pirate on a land hex",
        [=](Doc& d) { d.elements[z(elem)].items[z(pi)] = land; });
    if (n_ == 4)
      opp(CtMutation::pirate_not_in_play, elem, t, "the pirate on a sea hex not in play",
          [=](Doc& d) { d.elements[z(elem)].items[z(pi)] = "<pirate to=\"E2\"/>"; });
    if (first_discard >= 0) {
      int last = last_steal_ ? pi + 1 : pi;
      opp(CtMutation::discard_after_pirate, elem, t, "a discard moved after the pirate move",
          [=](Doc& d) {
            auto& items = d.elements[z(elem)].items;
            std::string moved = items[z(first_discard)];
            items.erase(items.begin() + first_discard);
            items.insert(items.begin() + last, moved);
          });
    }
    last_pirate_item_ = pi;
    last_pirate_from_ = from;
    last_pirate_turn_ = turn_;
  }

  // Moves the pirate and steals; as a top-level step, or returns the XML for a knight.
  std::string pirate_move(int seat, bool knight) {
    std::vector<int> seas;
    for (int h : geo_.sea_hexes)
      if (h != pirate_) seas.push_back(h);
    if (knight) last_pirate_item_ = -1;  // the 7's move no longer decides the harbours
    pirate_ = rng_.pick(seas);
    std::string out = fmt::format("<pirate to=\"{}\"/>", board_data().hexes[z(pirate_)].id);
    last_steal_ = false;
    std::vector<int> victims;
    for (int s = 0; s < n_; ++s)
      if (s != seat && hand_total(ps_[z(s)].hand) > 0) victims.push_back(s);
    std::string steal;
    int elem = cur_index(), t = turn_;
    if (!knight) item(out);
    if (!victims.empty()) {
      int v = rng_.pick(victims);
      std::vector<int> held;
      for (int r = 0; r < 5; ++r)
        for (int c = 0; c < ps_[z(v)].hand[z(r)]; ++c)
          held.push_back(r);
      int r = rng_.pick(held);
      ps_[z(v)].hand[z(r)]--;
      ps_[z(seat)].hand[z(r)]++;
      steal = fmt::format("<steal from=\"{}\" card=\"{}\"/>", colour(v), kRes[z(r)]);
      features_.insert("steal");
      if (!knight) {
        item(steal);
        last_steal_ = true;
        int si = last_item();
        opp(CtMutation::steal_missing, elem, t, "a steal left out", [=](Doc& d) {
          auto& items = d.elements[z(elem)].items;
          items.erase(items.begin() + si);
        });
        std::string self =
            fmt::format("<steal from=\"{}\" card=\"{}\"/>", colour(seat), kRes[z(r)]);
        opp(CtMutation::steal_from_self, elem, t, "a steal from oneself",
            [=](Doc& d) { d.elements[z(elem)].items[z(si)] = self; });
        for (int a = 0; a < 5; ++a)
          if (ps_[z(v)].hand[z(a)] == 0 && a != r) {
            std::string absent =
                fmt::format("<steal from=\"{}\" card=\"{}\"/>", colour(v), kRes[z(a)]);
            opp(CtMutation::steal_absent_card, elem, t, "a steal of a card the victim lacks",
                [=](Doc& d) { d.elements[z(elem)].items[z(si)] = absent; });
            break;
          }
      }
    }
    return knight ? out + steal : out;
  }

  // ---- trade and build
  // ------------------------------------------------------------------------------

  struct Goal {
    enum Kind { city, settlement, wall, road, card } kind;
    Hand cost;
  };

  Hand cost_of(Goal::Kind k, int seat) const {
    switch (k) {
      case Goal::city:
        return {0, 0, 0, 2, 3};
      case Goal::settlement:
        return {1, 1, 1, 1, 0};
      case Goal::road:
        return {1, 1, 0, 0, 0};
      case Goal::card:
        return {0, 0, 1, 1, 1};
      case Goal::wall: {
        int l = level_[z(ps_[z(seat)].wall)] + 1;
        if (l <= 2) return {1, 1, 0, 1, 0};
        if (l == 3) return {1, 1, 0, 1, 1};
        if (l == 4) return {1, 1, 0, 2, 1};
        return {1, 1, 0, 3, 1};
      }
    }
    return {};
  }

  bool affordable(const Hand& h, const Hand& cost) const {
    for (int r = 0; r < 5; ++r)
      if (h[z(r)] < cost[z(r)]) return false;
    return true;
  }

  bool threatened(int seat) const {
    int w = ps_[z(seat)].wall;
    if (w < 0 || level_[z(w)] >= 5) return false;
    for (int f : geo_.walls[z(w)].fields) {
      if (field_huns_[z(f)] >= level_[z(w)]) return true;
      for (const auto& place : geo_.places)
        for (auto [number, target] : place.attacks)
          if (target == f && place_huns_[z(place.numeral)] > 0) return true;
    }
    return false;
  }

  std::vector<Goal::Kind> goals(int seat, bool special) {
    const Player& p = ps_[z(seat)];
    std::vector<Goal::Kind> out;
    if (!p.settlements.empty() && p.cities.size() < 4) out.push_back(Goal::city);
    bool spot = !settlement_spots(seat).empty();
    if (spot && p.settlements.size() + 0 < 5) out.push_back(Goal::settlement);
    int w = p.wall;
    if (w >= 0 && level_[z(w)] < 5 &&
        (threatened(seat) ? rng_.chance(0.35 + 0.6 * wall_bias_) : rng_.chance(wall_bias_ * 0.4)))
      out.insert(out.begin() + (rng_.chance(0.5) ? 0 : static_cast<long>(out.size())), Goal::wall);
    if (p.roads.size() < 15 && (!spot || rng_.chance(0.3)) && !road_spots(seat).empty())
      out.push_back(Goal::road);
    if (deck_pos_ < static_cast<int>(deck_.size()) && rng_.chance(special ? 0.4 : 0.5))
      out.push_back(Goal::card);
    return out;
  }

  // A maritime or domestic trade towards `cost`; false when none was made.
  bool trade_towards(int seat, const Hand& cost) {
    Player& p = ps_[z(seat)];
    std::vector<int> missing;
    for (int r = 0; r < 5; ++r)
      if (p.hand[z(r)] < cost[z(r)]) missing.push_back(r);
    if (missing.empty()) return false;
    int want = rng_.pick(missing);
    // Maritime: a surplus resource at the best rate.
    if (bank_[z(want)] > 0) {
      for (int r = 0; r < 5; ++r) {
        if (r == want) continue;
        int rt = rate(seat, r);
        if (p.hand[z(r)] - cost[z(r)] < rt) continue;
        maritime(seat, r, rt, want);
        return true;
      }
    }
    // Domestic: one surplus card for one card of another player.
    std::vector<int> partners;
    for (int s = 0; s < n_; ++s)
      if (s != seat && ps_[z(s)].hand[z(want)] > 0) partners.push_back(s);
    if (partners.empty() || !rng_.chance(0.6)) return false;
    int o = rng_.pick(partners);
    std::vector<int> surplus;
    for (int r = 0; r < 5; ++r)
      if (r != want && p.hand[z(r)] - cost[z(r)] >= 1) surplus.push_back(r);
    if (surplus.empty()) return false;
    int give = rng_.pick(surplus);
    p.hand[z(give)]--;
    p.hand[z(want)]++;
    ps_[z(o)].hand[z(want)]--;
    ps_[z(o)].hand[z(give)]++;
    item(fmt::format("<trade with=\"{}\" give=\"{}\" get=\"{}\"/>", colour(o), kRes[z(give)],
                     kRes[z(want)]));
    features_.insert("trade:domestic");
    int elem = cur_index(), ti = last_item(), t = turn_;
    std::string same = fmt::format("<trade with=\"{}\" give=\"{}\" get=\"{} {}\"/>", colour(o),
                                   kRes[z(give)], kRes[z(want)], kRes[z(give)]);
    opp(CtMutation::trade_same_type, elem, t, "a trade with one type on both sides",
        [=](Doc& d) { d.elements[z(elem)].items[z(ti)] = same; });
    std::string self = fmt::format("<trade with=\"{}\" give=\"{}\" get=\"{}\"/>", colour(seat),
                                   kRes[z(give)], kRes[z(want)]);
    opp(CtMutation::trade_with_self, elem, t, "a domestic trade with oneself",
        [=](Doc& d) { d.elements[z(elem)].items[z(ti)] = self; });
    for (int r = 0; r < 5; ++r)
      if (p.hand[z(r)] == 0 && r != want && (r != give)) {
        // Before the trade the player held none of r (it only gave `give` and got `want`).
        std::string unheld = fmt::format("<trade with=\"{}\" give=\"{}\" get=\"{}\"/>", colour(o),
                                         kRes[z(r)], kRes[z(want)]);
        opp(CtMutation::trade_unheld, elem, t, "a trade giving a card not held",
            [=](Doc& d) { d.elements[z(elem)].items[z(ti)] = unheld; });
        break;
      }
    trades_++;
    return true;
  }

  void maritime(int seat, int r, int rt, int want) {
    Player& p = ps_[z(seat)];
    p.hand[z(r)] -= rt;
    bank_[z(r)] += rt;
    bank_[z(want)]--;
    p.hand[z(want)]++;
    std::string give;
    for (int k = 0; k < rt; ++k)
      give += (k ? " " : "") + kRes[z(r)];
    item(fmt::format("<bank give=\"{}\" get=\"{}\"/>", give, kRes[z(want)]));
    features_.insert(fmt::format("trade:maritime:{}", rt));
    trades_++;
    int elem = cur_index(), bi = last_item(), t = turn_;
    // One card fewer is a rate nobody has, when no harbour gives it.
    bool bad = rt == 2 || (rt == 4 && !has_harbour(seat, -1, true)) ||
               (rt == 3 && !has_harbour(seat, r, true));
    if (bad) {
      std::string fewer;
      for (int k = 0; k < rt - 1; ++k)
        fewer += (k ? " " : "") + kRes[z(r)];
      std::string text = fmt::format("<bank give=\"{}\" get=\"{}\"/>", fewer, kRes[z(want)]);
      opp(CtMutation::maritime_bad_rate, elem, t, "a maritime trade at a rate nobody has",
          [=](Doc& d) { d.elements[z(elem)].items[z(bi)] = text; });
    }
    // The pirate of this turn's 7 could have blocked the one harbour this rate needs.
    if (rt < 4 && last_pirate_item_ >= 0 && last_pirate_turn_ == turn_) {
      int type = rt == 2 ? r : -1;
      std::vector<int> hexes;
      for (const auto& h : geo_.harbours)
        if (h.type == type)
          for (int v : h.v)
            if (v >= 0 && vowner_[z(v)] == seat &&
                std::find(hexes.begin(), hexes.end(), h.hex) == hexes.end())
              hexes.push_back(h.hex);
      bool other_rate = (rt == 3 && has_harbour(seat, r));
      if (hexes.size() == 1 && hexes[0] != last_pirate_from_ && !other_rate &&
          !harbour_trade_since_pirate_) {
        int pi = last_pirate_item_;
        std::string text = fmt::format("<pirate to=\"{}\"/>", board_data().hexes[z(hexes[0])].id);
        opp(CtMutation::harbour_blocked, elem, t, "the pirate moved onto the harbour used later",
            [=](Doc& d) { d.elements[z(elem)].items[z(pi)] = text; });
      }
    }
    if (rt < 4) harbour_trade_since_pirate_ = true;
  }

  void trade_and_build(int seat) {
    trades_ = 0;
    harbour_trade_since_pirate_ = false;
    int builds = 0;
    for (int round = 0; round < 8 && !over_; ++round) {
      if (try_win_by_reveal()) return;
      if (!played_card_ && rng_.chance(0.25)) {
        maybe_play_card(false);
        if (over_) return;
      }
      auto gs = goals(seat, false);
      bool did = false;
      for (auto g : gs) {
        Hand cost = cost_of(g, seat);
        int missing = 0;
        for (int r = 0; r < 5; ++r)
          missing += std::max(0, cost[z(r)] - ps_[z(seat)].hand[z(r)]);
        int attempts = 0;
        while (!affordable(ps_[z(seat)].hand, cost) && missing <= 2 && attempts < 2 &&
               trades_ < 4 && !(opts_.phased && built_)) {
          if (!trade_towards(seat, cost)) break;
          ++attempts;
        }
        if (!affordable(ps_[z(seat)].hand, cost)) continue;
        if (build(seat, g, false)) {
          did = true;
          ++builds;
          maybe_claim();
          break;
        }
      }
      if (over_) return;
      if (!did || builds >= 6) break;
    }
    try_win_by_reveal();
  }

  // Builds `g` (paid for); false when it cannot be placed.
  bool build(int seat, Goal::Kind g, bool special) {
    Player& p = ps_[z(seat)];
    Hand cost = cost_of(g, seat);
    int elem = cur_index(), t = turn_;
    auto pay = [&] {
      for (int r = 0; r < 5; ++r)
        p.hand[z(r)] -= cost[z(r)], bank_[z(r)] += cost[z(r)];
    };
    switch (g) {
      case Goal::city: {
        int v = rng_.pick(p.settlements);
        pay();
        p.settlements.erase(std::find(p.settlements.begin(), p.settlements.end(), v));
        p.cities.push_back(v);
        vcity_[z(v)] = true;
        std::string hun;
        int num = -1;
        bool draws = !opts_.settlement_only && bag_total() > 0;
        if (draws) num = draw_hun();
        if (num >= 0) hun = fmt::format("<hun numeral=\"{}\"/>", kNumeral[z(num)]);
        std::string name = vname(v);
        item(hun.empty() ? fmt::format("<city vertex=\"{}\"/>", name)
                         : fmt::format("<city vertex=\"{}\">{}</city>", name, hun));
        features_.insert(hun.empty() ? "city" : "city:hun");
        int ci = last_item();
        hun_sites(elem, ci, t, "city", name, num);
        for (int s = 0; s < n_; ++s) {
          if (s == seat || ps_[z(s)].settlements.empty()) continue;
          std::string other = fmt::format("<city vertex=\"{}\">{}</city>",
                                          vname(ps_[z(s)].settlements.front()), hun);
          if (hun.empty())
            other = fmt::format("<city vertex=\"{}\"/>", vname(ps_[z(s)].settlements.front()));
          opp(CtMutation::city_not_own, elem, t, "a city on another colour's settlement",
              [=](Doc& d) { d.elements[z(elem)].items[z(ci)] = other; });
          break;
        }
        break;
      }
      case Goal::settlement: {
        auto spots = settlement_spots(seat);
        if (spots.empty() || p.settlements.size() >= 5) return false;
        std::sort(spots.begin(), spots.end(), [&](int a, int b) { return pips(a) > pips(b); });
        int v = spots[z(rng_.uniform(0, std::min<int>(1, static_cast<int>(spots.size()) - 1)))];
        std::vector<int> close;
        for (std::size_t w = 0; w < geo_.verts.size(); ++w) {
          if (vowner_[w] >= 0) continue;
          for (int a : geo_.adj[w])
            if (vowner_[z(a)] >= 0) {
              close.push_back(static_cast<int>(w));
              break;
            }
        }
        pay();
        place_settlement(seat, v);
        int num = bag_total() > 0 ? draw_hun() : -1;
        std::string hun = num >= 0 ? fmt::format("<hun numeral=\"{}\"/>", kNumeral[z(num)]) : "";
        std::string name = vname(v);
        item(hun.empty() ? fmt::format("<settlement vertex=\"{}\"/>", name)
                         : fmt::format("<settlement vertex=\"{}\">{}</settlement>", name, hun));
        features_.insert(special ? "special:settlement" : "settlement");
        int si = last_item();
        hun_sites(elem, si, t, "settlement", name, num);
        if (!close.empty()) {
          std::string cn = vname(rng_.pick(close));
          std::string text =
              hun.empty() ? fmt::format("<settlement vertex=\"{}\"/>", cn)
                          : fmt::format("<settlement vertex=\"{}\">{}</settlement>", cn, hun);
          opp(CtMutation::settlement_too_close, elem, t, "a settlement breaking the distance rule",
              [=](Doc& d) { d.elements[z(elem)].items[z(si)] = text; });
        }
        break;
      }
      case Goal::wall: {
        int w = p.wall;
        int l = level_[z(w)] + 1;
        pay();
        level_[z(w)] = l;
        item(fmt::format("<wall-piece level=\"{}\"/>", l));
        features_.insert(fmt::format("wall:{}", l));
        int wi = last_item();
        std::string wrong = fmt::format("<wall-piece level=\"{}\"/>", l < 5 ? l + 1 : l - 1);
        opp(CtMutation::wall_wrong_level, elem, t, "a wall piece of the wrong level",
            [=](Doc& d) { d.elements[z(elem)].items[z(wi)] = wrong; });
        break;
      }
      case Goal::road: {
        auto spots = road_spots(seat);
        if (spots.empty() || p.roads.size() >= 15) return false;
        // Prefer roads that open a settlement spot.
        std::vector<int> good;
        for (int e : spots) {
          auto [a, b] = geo_.edges[z(e)];
          if (distance_ok(a) || distance_ok(b)) good.push_back(e);
        }
        int e = rng_.pick(good.empty() ? spots : good);
        std::vector<int> loose;
        for (std::size_t f = 0; f < geo_.edges.size(); ++f)
          if (eowner_[f] < 0 && !road_ok(seat, static_cast<int>(f)))
            loose.push_back(static_cast<int>(f));
        pay();
        place_road(seat, e);
        item(fmt::format("<road edge=\"{}\"/>", ename(e)));
        features_.insert(special ? "special:road" : "road");
        int ri = last_item();
        if (!loose.empty()) {
          std::string text = fmt::format("<road edge=\"{}\"/>", ename(rng_.pick(loose)));
          opp(CtMutation::road_unconnected, elem, t, "a road connected to nothing of its own",
              [=](Doc& d) { d.elements[z(elem)].items[z(ri)] = text; });
        }
        if (!geo_.off_hexes.empty()) {
          std::string text = fmt::format("<road edge=\"{}.E\"/>",
                                         board_data().hexes[z(rng_.pick(geo_.off_hexes))].id);
          opp(CtMutation::hex_not_in_play, elem, t, "a road named through a hex not in play",
              [=](Doc& d) { d.elements[z(elem)].items[z(ri)] = text; });
        }
        if (!geo_.off_board_edge_names.empty()) {
          std::string text =
              fmt::format("<road edge=\"{}\"/>", rng_.pick(geo_.off_board_edge_names));
          opp(CtMutation::road_off_board, elem, t, "a road between two sea hexes",
              [=](Doc& d) { d.elements[z(elem)].items[z(ri)] = text; });
        }
        break;
      }
      case Goal::card: {
        if (deck_pos_ >= static_cast<int>(deck_.size())) return false;
        pay();
        Card c;
        c.type = deck_[z(deck_pos_++)];
        c.bought = seq_;
        bool name_now =
            naming_ == CtNaming::at_purchase || (naming_ == CtNaming::mixed && rng_.chance(0.5));
        c.named = name_now;
        p.cards.push_back(c);
        item(name_now ? fmt::format("<buy-card card=\"{}\"/>", kCardNames[z(c.type)])
                      : std::string("<buy-card/>"));
        features_.insert(name_now ? "buy:named" : "buy:unnamed");
        if (special) features_.insert("special:buy");
        break;
      }
    }
    if (!special) {
      // Building before the roll: the first build of the turn moved to the front.
      if (!built_) {
        int bi = last_item();
        opp(CtMutation::build_before_roll, elem, t, "a build before the roll", [=](Doc& d) {
          auto& items = d.elements[z(elem)].items;
          std::string moved = items[z(bi)];
          items.erase(items.begin() + bi);
          items.insert(items.begin(), moved);
        });
      }
      built_ = true;
      check_win();
      if (opts_.phased && !over_) {
        // A maritime trade after this build breaks trade-build = phased.
        for (int r = 0; r < 5; ++r) {
          if (p.hand[z(r)] < 4) continue;
          int want = (r + 1) % 5;
          if (bank_[z(want)] == 0) continue;
          int bi = last_item();
          std::string text = fmt::format("<bank give=\"{0} {0} {0} {0}\" get=\"{1}\"/>", kRes[z(r)],
                                         kRes[z(want)]);
          opp(CtMutation::trade_after_build_phased, elem, t, "a trade after a build (phased)",
              [=](Doc& d) {
                auto& items = d.elements[z(elem)].items;
                items.insert(items.begin() + bi + 1, text);
              });
          break;
        }
      }
    }
    return true;
  }

  void hun_sites(int elem, int item_index, int t, const std::string& tag, const std::string& name,
                 int num) {
    if (num < 0) return;
    std::string bare = fmt::format("<{} vertex=\"{}\"/>", tag, name);
    opp(CtMutation::hun_missing, elem, t, "a Hun draw left out",
        [=](Doc& d) { d.elements[z(elem)].items[z(item_index)] = bare; });
    std::string two = fmt::format(
        "<{0} vertex=\"{1}\"><hun numeral=\"{2}\"/><hun numeral=\"{2}\"/>"
        "</{0}>",
        tag, name, kNumeral[z(num)]);
    opp(CtMutation::hun_twice, elem, t, "two Huns drawn for one build",
        [=](Doc& d) { d.elements[z(elem)].items[z(item_index)] = two; });
    if (n_ == 4) {
      std::string four = fmt::format("<{0} vertex=\"{1}\"><hun numeral=\"IV\"/></{0}>", tag, name);
      opp(CtMutation::hun_not_in_play, elem, t, "a Hun of numeral IV with 4 players",
          [=](Doc& d) { d.elements[z(elem)].items[z(item_index)] = four; });
    }
  }

  void check_win() {
    if (!over_ && vp(active_) >= 10) {
      over_ = true;
      outcome_ = "win";
      winner_ = active_;
      end_turn_ = turn_;
      features_.insert("win");
    }
  }

  // Reveals hidden victory-point cards when that wins; true when the game ended.
  bool try_win_by_reveal() {
    Player& p = ps_[z(active_)];
    int hidden = 0;
    for (const auto& c : p.cards)
      if (!c.named && !c.played && c.type == kVictory) ++hidden;
    if (hidden == 0 || vp(active_) + hidden < 10) return false;
    while (vp(active_) < 10)
      reveal_one(active_);
    features_.insert("reveal:wins");
    check_win();
    return over_;
  }

  // Names the latest-bought unnamed card as a victory-point card (swapping hidden identities so
  // that the card named is one the player truly holds as a victory-point card).
  void reveal_one(int seat) {
    Player& p = ps_[z(seat)];
    int latest = -1, vp_card = -1;
    for (std::size_t i = 0; i < p.cards.size(); ++i) {
      if (p.cards[i].named || p.cards[i].played) continue;
      latest = static_cast<int>(i);
      if (p.cards[i].type == kVictory) vp_card = static_cast<int>(i);
    }
    std::swap(p.cards[z(latest)].type, p.cards[z(vp_card)].type);
    p.cards[z(latest)].named = true;
    item("<reveal card=\"victory-point\"/>");
  }

  // ---- development cards
  // ------------------------------------------------------------------------------

  // The card a play of `type` uses (CT-1001), after making the hidden identities agree; -1 none.
  int card_for(int seat, int type) {
    Player& p = ps_[z(seat)];
    for (std::size_t i = 0; i < p.cards.size(); ++i)
      if (p.cards[i].named && !p.cards[i].played && p.cards[i].type == type &&
          p.cards[i].bought < seq_)
        return static_cast<int>(i);
    int earliest = -1, truth = -1;
    for (std::size_t i = 0; i < p.cards.size(); ++i) {
      const Card& c = p.cards[i];
      if (c.named || c.played || c.bought >= seq_) continue;
      if (earliest < 0) earliest = static_cast<int>(i);
      if (c.type == type && truth < 0) truth = static_cast<int>(i);
    }
    if (truth < 0) return -1;
    std::swap(p.cards[z(earliest)].type, p.cards[z(truth)].type);
    p.cards[z(earliest)].named = true;
    return earliest;
  }

  bool playable(int seat, int type) const {
    for (const auto& c : ps_[z(seat)].cards)
      if (!c.played && c.type == type && c.bought < seq_) return true;
    return false;
  }

  void maybe_play_card(bool before_roll) {
    if (played_card_) return;
    int seat = active_;
    std::vector<int> types;
    for (int t = 0; t < 4; ++t)
      if (playable(seat, t)) types.push_back(t);
    if (types.empty()) return;
    if (before_roll && opts_.knight_before_roll)
      types.erase(std::remove_if(types.begin(), types.end(), [](int t) { return t != kKnight; }),
                  types.end());
    if (types.empty()) return;
    int type = rng_.pick(types);
    if (type == kRoadBuilding && road_spots(seat).empty()) return;
    int index = card_for(seat, type);
    if (index < 0) return;
    ps_[z(seat)].cards[z(index)].played = true;
    played_card_ = true;
    int elem = cur_index(), t = turn_;
    std::string xml;
    switch (type) {
      case kKnight:
        xml = knight(seat);
        break;
      case kRoadBuilding:
        xml = road_building(seat);
        break;
      case kPlenty:
        xml = year_of_plenty(seat);
        break;
      default:
        xml = monopoly(seat);
        break;
    }
    item(xml);
    int pi = last_item();
    features_.insert(
        fmt::format("play:{}{}", kCardNames[z(type)], before_roll ? ":before-roll" : ""));
    check_win();
    if (!over_)
      opp(CtMutation::second_card, elem, t, "a second card played", [=](Doc& d) {
        auto& items = d.elements[z(elem)].items;
        items.insert(items.begin() + pi + 1, "<play-card card=\"knight\"/>");
      });
    if (opts_.knight_before_roll && !before_roll && type != kKnight) {
      opp(CtMutation::progress_before_roll, elem, t, "a progress card before the roll",
          [=](Doc& d) {
            auto& items = d.elements[z(elem)].items;
            std::string moved = items[z(pi)];
            items.erase(items.begin() + pi);
            items.insert(items.begin(), moved);
          });
    }
    check_win();
  }

  std::string knight(int seat) {
    features_.insert("knight");
    std::string inner;
    int want = opts_.exactly_two ? 2 : rng_.uniform(0, 2);
    bool c_used = false;
    int done = 0;
    int elem = cur_index(), t = turn_;
    int index_in_doc = static_cast<int>(cur().items.size());
    std::vector<std::string> actions;
    std::string empty_place_variant, in_bag_variant;
    while (done < want) {
      std::vector<char> choices;
      std::vector<int> full_places;
      for (const auto& place : geo_.places)
        if (place_huns_[z(place.numeral)] > 0) full_places.push_back(place.numeral);
      std::vector<int> occupied;
      for (int h : geo_.land_hexes)
        if (hex_huns_[z(h)] > 0) occupied.push_back(h);
      std::vector<int> numerals;
      for (int k = 0; k < (n_ == 6 ? 5 : 3); ++k)
        if (bag_[z(k)] < 7) numerals.push_back(k);
      if (!occupied.empty() && !numerals.empty()) choices.insert(choices.end(), 3, 'B');
      if (!full_places.empty()) choices.insert(choices.end(), 2, 'A');
      if (!c_used) choices.push_back('C');
      if (choices.empty()) break;
      char a = rng_.pick(choices);
      if (a == 'A') {
        int from = rng_.pick(full_places);
        std::vector<int> to;
        for (const auto& place : geo_.places)
          if (place.numeral != from) to.push_back(place.numeral);
        int dest = rng_.pick(to);
        for (const auto& place : geo_.places)
          if (place_huns_[z(place.numeral)] == 0 && place.numeral != dest &&
              empty_place_variant.empty())
            empty_place_variant =
                fmt::format("{}|<move-hun from=\"{}\" to=\"{}\"/>", actions.size(),
                            kNumeral[z(place.numeral)], kNumeral[z(dest)]);
        place_huns_[z(from)]--;
        place_huns_[z(dest)]++;
        std::string xml =
            fmt::format("<move-hun from=\"{}\" to=\"{}\"/>", kNumeral[z(from)], kNumeral[z(dest)]);
        actions.push_back(xml);
        features_.insert("knight:A");
      } else if (a == 'B') {
        int h = rng_.pick(occupied);
        int num = rng_.pick(numerals);
        for (int k = 0; k < (n_ == 6 ? 5 : 3) && in_bag_variant.empty(); ++k)
          if (bag_[z(k)] == 7)
            in_bag_variant =
                fmt::format("{}|<chase-hun hex=\"{}\" numeral=\"{}\"/>", actions.size(),
                            board_data().hexes[z(h)].id, kNumeral[z(k)]);
        hex_huns_[z(h)]--;
        bag_[z(num)]++;
        actions.push_back(fmt::format("<chase-hun hex=\"{}\" numeral=\"{}\"/>",
                                      board_data().hexes[z(h)].id, kNumeral[z(num)]));
        features_.insert("knight:B");
      } else {
        actions.push_back(pirate_move(seat, true));
        c_used = true;
        features_.insert("knight:C");
      }
      ++done;
    }
    ps_[z(seat)].knights++;
    int before = army_;
    if (army_ < 0 ? ps_[z(seat)].knights >= 3
                  : army_ != seat && ps_[z(seat)].knights > ps_[z(army_)].knights)
      army_ = seat;
    if (army_ != before) features_.insert("largest-army");
    for (const auto& a : actions)
      inner += "\n  " + a;
    auto variant = [&](CtMutation kind, const std::string& what, const std::string& change) {
      auto changed = actions;
      if (change.find('|') == std::string::npos) {
        changed.push_back(change);
      } else {
        auto bar = change.find('|');
        changed[std::stoul(change.substr(0, bar))] = change.substr(bar + 1);
      }
      std::string text = "<play-card card=\"knight\">";
      for (const auto& a : changed)
        text += "\n  " + a;
      text += "\n</play-card>";
      opp(kind, elem, t, what, [=](Doc& d) { d.elements[z(elem)].items[z(index_in_doc)] = text; });
    };
    if (!empty_place_variant.empty())
      variant(CtMutation::knight_empty_place, "a knight moving a Hun from an empty place",
              empty_place_variant);
    if (!in_bag_variant.empty())
      variant(CtMutation::chase_numeral_in_bag,
              "a knight chasing a Hun under a numeral whose Huns are all in the bag",
              in_bag_variant);
    if (actions.size() == 2)
      variant(CtMutation::knight_third_action, "a knight with a third action",
              "<move-hun from=\"I\" to=\"II\"/>");
    return inner.empty() ? std::string("<play-card card=\"knight\"/>")
                         : "<play-card card=\"knight\">" + inner + "\n</play-card>";
  }

  std::string road_building(int seat) {
    std::string inner;
    std::vector<std::string> roads;
    for (int k = 0; k < 2; ++k) {
      auto spots = road_spots(seat);
      if (spots.empty() || ps_[z(seat)].roads.size() >= 15) break;
      int e = rng_.pick(spots);
      place_road(seat, e);
      roads.push_back(fmt::format("<road edge=\"{}\"/>", ename(e)));
    }
    for (const auto& r : roads)
      inner += "\n  " + r;
    if (roads.size() == 2) {
      int elem = cur_index(), t = turn_, index = static_cast<int>(cur().items.size());
      std::string text = "<play-card card=\"road-building\">\n  " + roads[0] + "\n</play-card>";
      opp(CtMutation::road_building_short, elem, t, "road building with one road only",
          [=](Doc& d) { d.elements[z(elem)].items[z(index)] = text; });
    }
    return roads.empty() ? std::string("<play-card card=\"road-building\"/>")
                         : "<play-card card=\"road-building\">" + inner + "\n</play-card>";
  }

  std::string year_of_plenty(int seat) {
    Hand take{};
    int bank_total = hand_total(bank_);
    for (int k = 0; k < 2; ++k) {
      std::vector<int> avail;
      for (int r = 0; r < 5; ++r)
        if (bank_[z(r)] > 0) avail.push_back(r);
      if (avail.empty()) break;
      int r = rng_.pick(avail);
      bank_[z(r)]--;
      ps_[z(seat)].hand[z(r)]++;
      take[z(r)]++;
    }
    if (hand_total(take) == 2 && bank_total >= 2) {
      int elem = cur_index(), t = turn_, index = static_cast<int>(cur().items.size());
      Hand one = take;
      for (int r = 0; r < 5; ++r)
        if (one[z(r)]) {
          one[z(r)]--;
          break;
        }
      std::string text =
          fmt::format("<play-card card=\"year-of-plenty\" take=\"{}\"/>", cards_xml(one));
      opp(CtMutation::year_of_plenty_short, elem, t, "year of plenty taking one card",
          [=](Doc& d) { d.elements[z(elem)].items[z(index)] = text; });
    }
    if (hand_total(take) == 0) return "<play-card card=\"year-of-plenty\"/>";
    return fmt::format("<play-card card=\"year-of-plenty\" take=\"{}\"/>", cards_xml(take));
  }

  std::string monopoly(int seat) {
    int best = 0, res = rng_.uniform(0, 4);
    for (int r = 0; r < 5; ++r) {
      int sum = 0;
      for (int s = 0; s < n_; ++s)
        if (s != seat) sum += ps_[z(s)].hand[z(r)];
      if (sum > best) best = sum, res = r;
    }
    std::vector<std::pair<int, int>> gives;
    for (int s = 0; s < n_; ++s) {
      if (s == seat) continue;
      int k = ps_[z(s)].hand[z(res)];
      if (!k) continue;
      gives.emplace_back(s, k);
      ps_[z(s)].hand[z(res)] = 0;
      ps_[z(seat)].hand[z(res)] += k;
    }
    bool echo = echoes_ && rng_.chance(0.7) && !gives.empty();
    auto text = [&](int extra) {
      std::string inner;
      for (std::size_t i = 0; i < gives.size(); ++i)
        inner += fmt::format("\n  <give colour=\"{}\" count=\"{}\"/>", colour(gives[i].first),
                             gives[i].second + (i == 0 ? extra : 0));
      return fmt::format("<play-card card=\"monopoly\" resource=\"{}\">{}\n</play-card>",
                         kRes[z(res)], inner);
    };
    if (!echo) return fmt::format("<play-card card=\"monopoly\" resource=\"{}\"/>", kRes[z(res)]);
    int elem = cur_index(), t = turn_, index = static_cast<int>(cur().items.size());
    std::string wrong = text(1);
    opp(CtMutation::monopoly_echo_wrong, elem, t, "a monopoly echo with a wrong count",
        [=](Doc& d) { d.elements[z(elem)].items[z(index)] = wrong; });
    features_.insert("monopoly:echo");
    return text(0);
  }

  // ---- the end of a turn, specials
  // ------------------------------------------------------------------

  void end_of_turn_sites(int seat, int elem) {
    int t = turn_;
    Player& p = ps_[z(seat)];
    // An unpaid road.
    if ((p.hand[0] == 0 || p.hand[1] == 0) && p.roads.size() < 15) {
      auto spots = road_spots(seat);
      if (!spots.empty()) {
        std::string text = fmt::format("<road edge=\"{}\"/>", ename(rng_.pick(spots)));
        opp(CtMutation::build_unpaid, elem, t, "a road without its cost",
            [=](Doc& d) { d.elements[z(elem)].items.push_back(text); });
      }
    }
    if (!played_card_)
      opp(CtMutation::vp_card_played, elem, t, "a victory-point card played", [=](Doc& d) {
        d.elements[z(elem)].items.push_back("<play-card card=\"victory-point\"/>");
      });
    opp(CtMutation::reveal_not_vp, elem, t, "a knight revealed during play",
        [=](Doc& d) { d.elements[z(elem)].items.push_back("<reveal card=\"knight\"/>"); });
    bool unnamed = false;
    for (const auto& c : p.cards)
      if (!c.named && !c.played) unnamed = true;
    if (!unnamed)
      opp(CtMutation::reveal_nothing, elem, t, "a reveal without an unnamed card",
          [=](Doc& d) { d.elements[z(elem)].items.push_back("<reveal card=\"victory-point\"/>"); });
    if (n_ == 4) {
      std::string c = colour((seat + 1) % n_);
      opp(CtMutation::special_in_4p, elem + 1, t, "a special building phase with 4 players",
          [=](Doc& d) {
            d.elements.insert(d.elements.begin() + elem + 1, Elem{true, c, t, {}});
          });
    }
  }

  void specials(int seat) {
    std::vector<int> written;
    for (int k = 1; k < n_; ++k) {
      int s = (seat + k) % n_;
      ++seq_;
      if (!rng_.chance(special_rate_)) continue;
      doc_.elements.push_back({true, colour(s), turn_, {}});
      active_ = s;
      int builds = 0;
      for (int round = 0; round < 3; ++round) {
        auto gs = goals(s, true);
        bool did = false;
        for (auto g : gs) {
          if (!affordable(ps_[z(s)].hand, cost_of(g, s))) continue;
          if (build(s, g, true)) {
            did = true;
            ++builds;
            break;
          }
        }
        if (!did) break;
      }
      if (builds == 0 && !rng_.chance(0.1)) {
        doc_.elements.pop_back();
        continue;
      }
      features_.insert(builds ? "special" : "special:empty");
      written.push_back(cur_index());
      int elem = cur_index(), t = turn_;
      opp(CtMutation::trade_in_special, elem, t, "a maritime trade in a special building phase",
          [=](Doc& d) {
            d.elements[z(elem)].items.push_back("<bank give=\"ore ore ore ore\" get=\"wool\"/>");
          });
    }
    active_ = seat;
    if (written.size() >= 2) {
      int a = written[0], b = written[1], t = turn_;
      if (b == a + 1)
        opp(CtMutation::specials_swapped, b, t, "two special building phases swapped",
            [=](Doc& d) { std::swap(d.elements[z(a)], d.elements[z(b)]); });
    }
  }

  // ---- the record's end
  // ---------------------------------------------------------------------------------

  void finish() {
    if (outcome_.empty()) outcome_ = "unfinished";
    // End reveals: the latest-bought unnamed card first, with its true type (CT-1006).
    bool reveals = rng_.chance(0.7);
    for (int s = 0; s < n_ && reveals; ++s) {
      Player& p = ps_[z(s)];
      for (int i = static_cast<int>(p.cards.size()) - 1; i >= 0; --i) {
        Card& c = p.cards[z(i)];
        if (c.named || c.played) continue;
        if (rng_.chance(0.15)) break;  // cards never named count for nothing
        c.named = true;
        doc_.end.push_back(
            fmt::format("<reveal colour=\"{}\" card=\"{}\"/>", colour(s), kCardNames[z(c.type)]));
        features_.insert("end-reveal");
      }
    }
    for (int s = 0; s < n_; ++s)
      final_vp_.push_back(vp(s));
    if (outcome_ == "huns") {
      int best = *std::max_element(final_vp_.begin(), final_vp_.end());
      for (int s = 0; s < n_; ++s)
        if (final_vp_[z(s)] == best) best_losers_.push_back(s);
    }
    if (claims_) {
      std::size_t first_final = doc_.end.size();
      for (int s = 0; s < n_; ++s)
        doc_.end.push_back(
            fmt::format("<final colour=\"{}\" vp=\"{}\"/>", colour(s), final_vp_[z(s)]));
      int f = static_cast<int>(first_final) + rng_.uniform(0, n_ - 1);
      int fvp = final_vp_[z(f - static_cast<int>(first_final))];
      std::string fc = colour(f - static_cast<int>(first_final));
      opp(CtMutation::final_changed, -2, 0, "a final claim off by one", [=](Doc& d) {
        d.end[z(f)] = fmt::format("<final colour=\"{}\" vp=\"{}\"/>", fc, fvp - 1);
      });
      opp(CtMutation::final_missing, -2, 0, "a final claim left out",
          [=](Doc& d) { d.end.erase(d.end.begin() + f); });
      if (outcome_ != "unfinished") {
        std::string claim =
            outcome_ == "huns"
                ? std::string("<outcome result=\"huns\"/>")
                : fmt::format("<outcome result=\"win\" colour=\"{}\"/>", colour(winner_));
        doc_.end.push_back(claim);
        int oi = static_cast<int>(doc_.end.size()) - 1;
        std::string other = outcome_ == "huns"
                                ? fmt::format("<outcome result=\"win\" colour=\"{}\"/>", colour(0))
                                : std::string("<outcome result=\"huns\"/>");
        opp(CtMutation::outcome_changed, -2, 0, "a wrong outcome claim",
            [=](Doc& d) { d.end[z(oi)] = other; });
      }
    }
    if (outcome_ != "unfinished") {
      // A turn after the end.
      // After a win at the start of a turn left out, the next turn is the winner's own.
      int next = outcome_ == "win" ? (absent_start_turn_ ? winner_ : (winner_ + 1) % n_) : 0;
      int turn = 0;
      for (const auto& e : doc_.elements)
        if (!e.special) turn = e.turn;
      std::string c = colour(next);
      int t = turn + 1;
      int cut = static_cast<int>(doc_.elements.size());
      opp(CtMutation::turn_after_end, cut, t, "a turn after the end", [=](Doc& d) {
        d.elements.push_back(Elem{false, c, t, {"<roll d1=\"3\" d2=\"3\"/>"}});
      });
    }
  }

  std::uint64_t seed_;
  Rng rng_;
  CtGeneratorOptions o_;
  Opts opts_;
  int n_ = 4;
  Geo geo_;
  std::vector<Player> ps_;
  Hand bank_{};
  std::vector<int> deck_;
  int deck_pos_ = 0;
  std::vector<int> vowner_;
  std::vector<bool> vcity_;
  std::vector<int> eowner_;
  std::vector<int> level_, wall_owner_, field_huns_, place_huns_, hex_huns_;
  std::array<int, 5> bag_{};
  int pirate_ = -1;
  int breaches_ = 0;
  int longest_ = -1, army_ = -1;
  bool over_ = false;
  std::string outcome_;
  int winner_ = -1;
  int end_turn_ = 0;
  std::vector<int> best_losers_;
  std::vector<int> final_vp_;
  CtNaming naming_ = CtNaming::mixed;
  bool echoes_ = true, claims_ = true, unfinished_ = false;
  double wall_bias_ = 0.5, special_rate_ = 0.5;
  int turn_ = 0, seq_ = 0, active_ = 0;
  bool played_card_ = false, built_ = false, last_steal_ = false;
  int trades_ = 0;
  int last_pirate_item_ = -1, last_pirate_from_ = -1, last_pirate_turn_ = -1;
  bool harbour_trade_since_pirate_ = false;
  bool absent_start_turn_ = false;
  Doc doc_;
  std::vector<Opp> opps_;
  std::set<std::string> features_;
  std::string description_;
};

}  // namespace

CtGeneratedGame generate_ct_game(std::uint64_t seed, const CtGeneratorOptions& options) {
  return Generator(seed, options).run();
}

// ---- mutations ---------------------------------------------------------------------------------

namespace {

struct MutationInfo {
  CtMutation kind;
  std::string_view name;
  std::string_view rule;
};

const std::vector<MutationInfo>& mutation_table() {
  static const std::vector<MutationInfo> table{
      {CtMutation::extra_player, "extra_player", "CT-101"},
      {CtMutation::forts_swapped, "forts_swapped", "CT-303"},
      {CtMutation::fort_site_taken, "fort_site_taken", "CT-303"},
      {CtMutation::settlements_swapped, "settlements_swapped", "CT-304"},
      {CtMutation::founding_too_close, "founding_too_close", "CT-605"},
      {CtMutation::founding_road_detached, "founding_road_detached", "CT-305"},
      {CtMutation::gain_wrong, "gain_wrong", "CT-306"},
      {CtMutation::setup_incomplete, "setup_incomplete", "CT-304"},
      {CtMutation::hun_in_founding, "hun_in_founding", "CT-307"},
      {CtMutation::hex_not_in_play, "hex_not_in_play", "CT-204"},
      {CtMutation::road_off_board, "road_off_board", "CT-203"},
      {CtMutation::wrong_colour, "wrong_colour", "CT-401"},
      {CtMutation::roll_missing, "roll_missing", "CT-402"},
      {CtMutation::second_roll, "second_roll", "CT-402"},
      {CtMutation::build_before_roll, "build_before_roll", "CT-402"},
      {CtMutation::discard_missing, "discard_missing", "CT-406"},
      {CtMutation::discard_wrong_size, "discard_wrong_size", "CT-406"},
      {CtMutation::pirate_stays, "pirate_stays", "CT-407"},
      {CtMutation::pirate_on_land, "pirate_on_land", "CT-407"},
      {CtMutation::steal_missing, "steal_missing", "CT-408"},
      {CtMutation::steal_absent_card, "steal_absent_card", "CT-408"},
      {CtMutation::steal_from_self, "steal_from_self", "CT-408"},
      {CtMutation::trade_same_type, "trade_same_type", "CT-701"},
      {CtMutation::trade_unheld, "trade_unheld", "CT-701"},
      {CtMutation::maritime_bad_rate, "maritime_bad_rate", "CT-702"},
      {CtMutation::harbour_blocked, "harbour_blocked", "CT-409"},
      {CtMutation::build_unpaid, "build_unpaid", "CT-602"},
      {CtMutation::road_unconnected, "road_unconnected", "CT-604"},
      {CtMutation::settlement_too_close, "settlement_too_close", "CT-605"},
      {CtMutation::city_not_own, "city_not_own", "CT-606"},
      {CtMutation::wall_wrong_level, "wall_wrong_level", "CT-607"},
      {CtMutation::hun_missing, "hun_missing", "CT-501"},
      {CtMutation::hun_twice, "hun_twice", "CT-501"},
      {CtMutation::hun_not_in_play, "hun_not_in_play", "CT-501"},
      {CtMutation::advance_wrong, "advance_wrong", "CT-503"},
      {CtMutation::breach_wrong, "breach_wrong", "CT-505"},
      {CtMutation::occupy_wrong, "occupy_wrong", "CT-507"},
      {CtMutation::produce_wrong, "produce_wrong", "CT-404"},
      {CtMutation::produce_short_wrong, "produce_short_wrong", "CT-405"},
      {CtMutation::advance_into_full_field, "advance_into_full_field", "CT-504"},
      {CtMutation::special_in_4p, "special_in_4p", "CT-410"},
      {CtMutation::specials_swapped, "specials_swapped", "CT-410"},
      {CtMutation::trade_in_special, "trade_in_special", "CT-410"},
      {CtMutation::second_card, "second_card", "CT-802"},
      {CtMutation::vp_card_played, "vp_card_played", "CT-808"},
      {CtMutation::knight_empty_place, "knight_empty_place", "CT-803"},
      {CtMutation::knight_third_action, "knight_third_action", "CT-803"},
      {CtMutation::chase_numeral_in_bag, "chase_numeral_in_bag", "CT-803"},
      {CtMutation::trade_with_self, "trade_with_self", "CT-701"},
      {CtMutation::discard_after_pirate, "discard_after_pirate", "CT-406"},
      {CtMutation::pirate_not_in_play, "pirate_not_in_play", "CT-407"},
      {CtMutation::road_building_short, "road_building_short", "CT-805"},
      {CtMutation::year_of_plenty_short, "year_of_plenty_short", "CT-806"},
      {CtMutation::monopoly_echo_wrong, "monopoly_echo_wrong", "CT-807"},
      {CtMutation::turn_after_end, "turn_after_end", "CT-905"},
      {CtMutation::reveal_not_vp, "reveal_not_vp", "CT-1001"},
      {CtMutation::reveal_nothing, "reveal_nothing", "CT-1001"},
      {CtMutation::trade_after_build_phased, "trade_after_build_phased", "CT-402"},
      {CtMutation::progress_before_roll, "progress_before_roll", "CT-802"},
      {CtMutation::claim_changed, "claim_changed", "CT-906"},
      {CtMutation::final_changed, "final_changed", "CT-906"},
      {CtMutation::final_missing, "final_missing", "CT-906"},
      {CtMutation::outcome_changed, "outcome_changed", "CT-906"},
  };
  return table;
}

const MutationInfo& info(CtMutation m) {
  for (const auto& i : mutation_table())
    if (i.kind == m) return i;
  throw std::logic_error("unknown mutation");
}

}  // namespace

const std::vector<CtMutation>& all_ct_mutations() {
  static const std::vector<CtMutation> all = [] {
    std::vector<CtMutation> out;
    for (const auto& i : mutation_table())
      out.push_back(i.kind);
    return out;
  }();
  return all;
}

std::string_view ct_mutation_name(CtMutation m) {
  return info(m).name;
}
std::string_view ct_expected_rule(CtMutation m) {
  return info(m).rule;
}
bool ct_is_dispute(CtMutation m) {
  return info(m).rule == "CT-906";
}

std::optional<CtMutatedRecord> ct_mutate(const CtGeneratedGame& game, CtMutation kind,
                                         std::uint64_t salt) {
  if (!game.internals) return std::nullopt;
  std::vector<const Opp*> sites;
  for (const auto& o : game.internals->opps)
    if (o.kind == kind) sites.push_back(&o);
  if (sites.empty()) return std::nullopt;
  const Opp& o = *sites[static_cast<std::size_t>(salt % sites.size())];
  Doc d = game.internals->doc;
  if (o.cut != -2) {
    // Cut after the element broken, so that no later turn can add a finding of its own.
    d.end.clear();
    if (o.cut == -1)
      d.elements.clear();
    else if (static_cast<std::size_t>(o.cut) + 1 < d.elements.size())
      d.elements.resize(static_cast<std::size_t>(o.cut) + 1);
  }
  o.apply(d);
  if (o.cut >= 0 && static_cast<std::size_t>(o.cut) + 1 < d.elements.size())
    d.elements.resize(static_cast<std::size_t>(o.cut) + 1);
  CtMutatedRecord m;
  m.kind = kind;
  m.xml = render(d);
  m.rule = std::string(info(kind).rule);
  m.turn = o.turn;
  m.what = o.what;
  return m;
}

}  // namespace wallaudit::test
