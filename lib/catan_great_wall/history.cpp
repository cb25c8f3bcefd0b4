#include "catan_great_wall/history.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace wallaudit::ct {

namespace {

constexpr std::size_t kWidth = 80;

char initial(Colour c) {
  switch (c) {
    case Colour::red:
      return 'r';
    case Colour::blue:
      return 'b';
    case Colour::white:
      return 'w';
    case Colour::orange:
      return 'o';
    case Colour::green:
      return 'g';
    case Colour::brown:
      return 'n';
  }
  return '?';
}

char terrain_letter(Terrain t) {
  switch (t) {
    case Terrain::hills:
      return 'h';
    case Terrain::forest:
      return 'f';
    case Terrain::pasture:
      return 'p';
    case Terrain::fields:
      return 'g';
    case Terrain::mountains:
      return 'm';
    case Terrain::desert:
      return 'd';
    case Terrain::sea:
      return '~';
  }
  return '?';
}

char resource_letter(Resource r) {
  return name(r)[0];
}

std::string colour_name(Colour c) {
  return std::string(name(c));
}

// A line of cells, each a character with a style; merged into spans when drawn.
struct Canvas {
  std::vector<std::vector<std::pair<char, std::string>>> rows;
  std::size_t width = 0;

  void put(std::size_t row, std::size_t col, char ch, const std::string& style = "") {
    if (col >= kWidth) return;
    if (rows.size() <= row) rows.resize(row + 1);
    auto& r = rows[row];
    if (r.size() <= col) r.resize(col + 1, {' ', ""});
    r[col] = {ch, style};
    width = std::max(width, col + 1);
  }
  void text(std::size_t row, std::size_t col, std::string_view s, const std::string& style = "") {
    for (std::size_t i = 0; i < s.size(); ++i)
      put(row, col + i, s[i], style);
  }
  bool free(std::size_t row, std::size_t col, std::size_t n) const {
    if (row >= rows.size()) return true;
    for (std::size_t i = col; i < col + n && i < rows[row].size(); ++i)
      if (rows[row][i].first != ' ') return false;
    return true;
  }
  std::vector<StyledLine> lines() const {
    std::vector<StyledLine> out;
    for (const auto& r : rows) {
      StyledLine line;
      for (const auto& [ch, style] : r) {
        if (!line.empty() && line.back().style == style)
          line.back().text.push_back(ch);
        else
          line.push_back({std::string(1, ch), style});
      }
      out.push_back(std::move(line));
    }
    return out;
  }
};

std::string vp_line(const State& st, Colour c) {
  VpBreakdown b = st.vp_breakdown(c);
  std::string parts =
      fmt::format("{} settl., {} cit{}", b.settlements, b.cities, b.cities == 1 ? "y" : "ies");
  if (b.longest_road) parts += ", Longest Road";
  if (b.largest_army) parts += ", Largest Army";
  if (b.vp_cards) parts += fmt::format(", {} VP card{}", b.vp_cards, b.vp_cards == 1 ? "" : "s");
  if (b.malus) parts += fmt::format(", malus -{}", b.malus);
  return fmt::format("{:>3} VP ({})", b.total(), parts);
}

}  // namespace

std::vector<StyledLine> board_text(const State& st) {
  const Board& b = st.board();
  int players = st.players();
  Canvas cv;
  int min_x = 1 << 30, min_r = 1 << 30, max_r = -(1 << 30);
  bool any = false;
  for (const auto& h : b.hexes) {
    if (!in_play(h.in, players)) continue;
    any = true;
    min_x = std::min(min_x, 4 * h.q + 2 * h.r - 2);
    min_r = std::min(min_r, h.r);
    max_r = std::max(max_r, h.r);
  }
  if (!any) return {};
  if (max_r - min_r > 40)
    return {{{fmt::format("(the board spans {} rows: too many to draw as text; see the report's "
                          "picture)",
                          max_r - min_r + 1),
              "dim"}}};
  const std::size_t left = 5, top = 3;  // label columns; wall, field and spare lines
  auto col = [&](int x) { return left + static_cast<std::size_t>(x - min_x); };
  auto seam_row = [&](int r, bool south) {
    return top + static_cast<std::size_t>(3 * (r - min_r) + (south ? 3 : 0));
  };
  auto vertex_pos = [&](int v) {
    const VertexInfo& info = b.vertex(v);
    return std::pair{seam_row(info.r, info.south), col(4 * info.q + 2 * info.r)};
  };
  for (int r = min_r; r <= max_r; ++r)
    cv.text(seam_row(r, false) + 1, 0, fmt::format("r{:<3}", r), "dim");
  // Hexes: contents and sides.
  for (std::size_t h = 0; h < b.hexes.size(); ++h) {
    const HexDef& hex = b.hexes[h];
    if (!in_play(hex.in, players)) continue;
    int x = 4 * hex.q + 2 * hex.r;
    std::size_t row = seam_row(hex.r, false) + 1;
    std::string top_text, low_text;
    std::string style = hex.land() ? "" : "dim";
    if (hex.land()) {
      top_text = hex.terrain == Terrain::desert
                     ? std::string("des")
                     : fmt::format("{}{:>2}", terrain_letter(hex.terrain), hex.number);
      int huns = st.hex_huns(static_cast<int>(h));
      low_text = huns ? fmt::format("H{:<2}", huns) : "   ";
    } else {
      top_text = static_cast<int>(h) == st.pirate() ? "~P~" : "~~~";
      low_text = "   ";
      for (const auto& hb : b.harbours)
        if (hb.hex == static_cast<int>(h) && in_play(hb.in, players))
          low_text = hb.type ? fmt::format("2:{}", resource_letter(*hb.type)) : "3:1";
    }
    cv.text(row, col(x - 1), top_text, static_cast<int>(h) == st.pirate() ? "bold" : style);
    cv.text(row + 1, col(x - 1), low_text, low_text[0] == 'H' ? "bold" : "dim");
    for (int s = 0; s < 6; ++s) {
      int e = b.side(static_cast<int>(h), s);
      if (e < 0 || !b.edge_on_board(e, players)) continue;
      auto owner = st.road_owner(e);
      char ch;
      std::size_t rr, cc;
      switch (s) {
        case 0:  // NE
          ch = '\\', rr = seam_row(hex.r, false), cc = col(x + 1);
          break;
        case 1:  // E
          ch = '|', rr = row, cc = col(x + 2);
          break;
        case 2:  // SE
          ch = '/', rr = seam_row(hex.r, true), cc = col(x + 1);
          break;
        case 3:  // SW
          ch = '\\', rr = seam_row(hex.r, true), cc = col(x - 1);
          break;
        case 4:  // W
          ch = '|', rr = row, cc = col(x - 2);
          break;
        default:  // NW
          ch = '/', rr = seam_row(hex.r, false), cc = col(x - 1);
          break;
      }
      if (owner) {
        cv.put(rr, cc, initial(*owner), colour_name(*owner));
        if (s == 1 || s == 4) cv.put(rr + 1, cc, initial(*owner), colour_name(*owner));
      } else {
        cv.put(rr, cc, ch, "dim");
        if (s == 1 || s == 4) cv.put(rr + 1, cc, ch, "dim");
      }
    }
  }
  // Corners.
  for (int v = 0; v < b.vertex_count(); ++v) {
    if (!b.vertex_on_board(v, players)) continue;
    auto [rr, cc] = vertex_pos(v);
    auto owner = st.vertex_owner(v);
    if (owner) {
      char ch = initial(*owner);
      if (st.building(v) == Building::city) ch = static_cast<char>(ch - 'a' + 'A');
      cv.put(rr, cc, ch, colour_name(*owner));
    } else {
      cv.put(rr, cc, '.', "dim");
    }
  }
  // The wall above the forts: its level, and the Huns on the fields facing it.
  cv.text(0, 0, "Huns", "dim");
  cv.text(1, 0, "wall", "dim");
  for (std::size_t w = 0; w < b.walls.size(); ++w) {
    const WallDef& wall = b.walls[w];
    if (!in_play(wall.in, players) || wall.fort < 0) continue;
    std::size_t cc = vertex_pos(wall.fort).second;
    int huns = 0;
    for (std::size_t f = 0; f < b.fields.size(); ++f)
      if (b.fields[f].wall == static_cast<int>(w) && in_play(b.fields[f].in, players))
        huns += st.field_huns(static_cast<int>(f));
    std::string label = fmt::format("{}:{}", wall.id, st.wall_level(static_cast<int>(w)));
    std::size_t at = cc >= label.size() / 2 ? cc - label.size() / 2 : 0;
    auto owner = st.wall_owner(static_cast<int>(w));
    if (cv.free(1, at > 0 ? at - 1 : 0, label.size() + 2))
      cv.text(1, at, label, owner ? colour_name(*owner) : "");
    std::string field = fmt::format("{}H", huns);
    if (cv.free(0, cc, field.size())) cv.text(0, cc, field, huns ? "bold" : "dim");
  }
  return cv.lines();
}

std::vector<std::string> History::colours() const {
  std::vector<std::string> out;
  for (Colour c : outcome_.seats)
    out.push_back(colour_name(c));
  return out;
}

// ---- frames
// --------------------------------------------------------------------------------------

Frame History::frame(int turn) const {
  Frame f;
  turn = std::clamp(turn, 0, turns());
  f.turn = turn;
  const Snapshot& snap = outcome_.snapshots[ix(turn)];
  const State& st = *snap.state;
  const Board& b = st.board();
  int players = st.players();
  f.label = snap.label;
  for (Colour c : outcome_.seats)
    f.scores.emplace_back(colour_name(c), st.vp(c));

  TextBlock map;
  map.title =
      fmt::format("The board ({}{}), {} players", b.name, b.modelled ? ", modelled" : "", players);
  map.lines = board_text(st);
  for (const char* legend :
       {"h hills, f forest, p pasture, g fields, m mountains, des desert, ~ sea;",
        "H2 two Huns on a hex; ~P~ the pirate; 3:1 and 2:o (ore) harbours;",
        "corners: . free, r settlement, R city; a letter on a side is a road",
        "(r red, b blue, w white, o orange, g green, n brown); W3:2 wall W3 at",
        "level 2, 1H one Hun on the field facing it"})
    map.lines.push_back({{legend, "dim"}});
  f.blocks.push_back(std::move(map));

  TextBlock steppe;
  steppe.title = "The wall and the Huns";
  steppe.lines.push_back({{"gathering places (Huns; attack number>field):", "dim"}});
  for (std::size_t g = 0; g < b.gatherings.size(); ++g) {
    const GatheringDef& gd = b.gatherings[g];
    if (!in_play(gd.in, players)) continue;
    std::string attacks;
    for (const auto& a : gd.attacks)
      attacks += fmt::format("  {}>{}", a.number, b.fields[ix(a.field)].id);
    int huns = st.place_huns(static_cast<int>(g));
    steppe.lines.push_back(
        {{fmt::format("  {:<4}{} Hun{}", numeral_name(gd.numeral), huns, huns == 1 ? "" : "s"),
          huns ? "bold" : ""},
         {attacks, "dim"}});
  }

  for (std::size_t w = 0; w < b.walls.size(); ++w) {
    const WallDef& wall = b.walls[w];
    if (!in_play(wall.in, players)) continue;
    auto owner = st.wall_owner(static_cast<int>(w));
    std::string fields;
    for (std::size_t fi = 0; fi < b.fields.size(); ++fi)
      if (b.fields[fi].wall == static_cast<int>(w) && in_play(b.fields[fi].in, players))
        fields += fmt::format("{}{} {}/5", fields.empty() ? "" : ", ", b.fields[fi].id,
                              st.field_huns(static_cast<int>(fi)));
    steppe.lines.push_back(
        {{fmt::format("  wall {:<4} level {}  ", wall.id, st.wall_level(static_cast<int>(w))), ""},
         {fmt::format("{:<7}", owner ? colour_name(*owner) : std::string("nobody")),
          owner ? colour_name(*owner) : "dim"},
         {fmt::format(" field {}", fields), ""}});
  }
  std::string bag, land;
  for (int k = 0; k < kNumerals; ++k)
    if (st.numeral_in_play(k))
      bag += fmt::format("{}{} {}", bag.empty() ? "" : ", ", numeral_name(k), st.bag(k));
  for (std::size_t h = 0; h < b.hexes.size(); ++h)
    if (st.hex_huns(static_cast<int>(h)))
      land += fmt::format("{}{} {}", land.empty() ? "" : ", ", b.hexes[h].id,
                          st.hex_huns(static_cast<int>(h)));
  steppe.lines.push_back(
      {{fmt::format("bag: {}; breaches {} of {}", bag, st.breaches(), st.breach_limit()), ""}});
  steppe.lines.push_back({{fmt::format("Huns in China: {}", land.empty() ? "none" : land), ""}});
  f.blocks.push_back(std::move(steppe));

  TextBlock people;
  people.title = "Players";
  for (Colour c : outcome_.seats) {
    const PlayerState& p = st.player(c);
    people.lines.push_back({{fmt::format("{:<7}", name(c)), colour_name(c)}, {vp_line(st, c), ""}});
    int unplayed = 0, unnamed = 0;
    std::map<DevCard, int> known;
    for (const auto& d : p.devs) {
      if (d.played) continue;
      ++unplayed;
      if (!d.type)
        ++unnamed;
      else
        known[*d.type]++;
    }
    auto plural = [](int k, std::string_view one, std::string_view many) {
      return fmt::format("{} {}", k, k == 1 ? one : many);
    };
    std::string devs = plural(unplayed, "development card", "development cards");
    if (unnamed) devs += fmt::format(" ({} unnamed)", unnamed);
    for (const auto& [type, k] : known)
      devs += fmt::format(", {} {}", k, name(type));
    people.lines.push_back({{fmt::format("        hand: {} ({})", describe_hand(p.hand),
                                         plural(total(p.hand), "card", "cards")),
                             ""}});
    people.lines.push_back({{fmt::format("        {} in hand; {} played", devs,
                                         plural(p.knights, "knight", "knights")),
                             ""}});
    people.lines.push_back(
        {{fmt::format("        left: {}, {}, {}; road length {}",
                      plural(st.supply_settlements(c), "settlement", "settlements"),
                      plural(st.supply_cities(c), "city", "cities"),
                      plural(st.supply_roads(c), "road", "roads"), p.road_length),
          "dim"}});
  }
  f.blocks.push_back(std::move(people));

  TextBlock table;
  table.title = "Bank, deck and special cards";
  std::string bank;
  for (int r = 0; r < kResources; ++r)
    bank += fmt::format("{}{} {}", bank.empty() ? "" : ", ", name(static_cast<Resource>(r)),
                        st.bank()[ix(r)]);
  table.lines.push_back({{fmt::format("bank: {}", bank), ""}});
  table.lines.push_back(
      {{fmt::format("development deck: {} of {} left; pirate on {}",
                    st.deck_size() - st.cards_bought(), st.deck_size(),
                    st.pirate() >= 0 ? b.hexes[ix(st.pirate())].id : std::string("?")),
        ""}});
  table.lines.push_back(
      {{fmt::format("Longest Road: {}; Largest Army: {}",
                    st.longest_road() ? colour_name(*st.longest_road()) : std::string("nobody"),
                    st.largest_army() ? colour_name(*st.largest_army()) : std::string("nobody")),
        ""}});
  f.blocks.push_back(std::move(table));
  for (auto& block : f.blocks)
    for (auto& line : block.lines) {
      std::size_t width = 0;
      for (auto& span : line) {
        if (width >= kWidth) {
          span.text.clear();
          continue;
        }
        std::size_t w = utf8_length(span.text);
        if (width + w > kWidth) span.text.resize(kWidth - width);
        width += utf8_length(span.text);
      }
    }

  // ---- the scene ----
  const double R = 27, root3 = std::sqrt(3.0);
  double min_x = 1e9, max_x = -1e9, min_y = 1e9, max_y = -1e9;
  auto centre = [&](const HexDef& h) {
    return std::pair{R * root3 * (h.q + h.r / 2.0), R * 1.5 * h.r};
  };
  for (const auto& h : b.hexes) {
    if (!in_play(h.in, players)) continue;
    auto [x, y] = centre(h);
    min_x = std::min(min_x, x - R), max_x = std::max(max_x, x + R);
    min_y = std::min(min_y, y - R), max_y = std::max(max_y, y + R);
  }
  const double margin = 16, steppe_height = 110;
  double ox = margin - min_x, oy = margin + steppe_height - min_y;
  auto vertex_xy = [&](int v) {
    const VertexInfo& info = b.vertex(v);
    double x = R * root3 * (info.q + info.r / 2.0) + ox;
    double y = R * 1.5 * info.r + (info.south ? R : -R) + oy;
    return std::pair{x, y};
  };
  auto& shapes = f.scene.shapes;
  for (std::size_t h = 0; h < b.hexes.size(); ++h) {
    const HexDef& hex = b.hexes[h];
    if (!in_play(hex.in, players)) continue;
    auto [cx, cy] = centre(hex);
    cx += ox, cy += oy;
    std::vector<double> pts;
    for (int k = 0; k < 6; ++k) {
      double a = (60.0 * k - 90.0) * 3.14159265358979 / 180.0;
      pts.push_back(cx + R * std::cos(a));
      pts.push_back(cy + R * std::sin(a));
    }
    int huns = st.hex_huns(static_cast<int>(h));
    std::string style = !hex.land()                      ? "region"
                        : hex.terrain == Terrain::desert ? "empty"
                        : huns                           ? "province scored"
                                                         : "province";
    std::string title =
        hex.land() ? fmt::format("{}: {}{}{}", hex.id, name(hex.terrain),
                                 hex.number ? fmt::format(" {}", hex.number) : "",
                                 huns ? fmt::format(", {} Hun{}", huns, huns == 1 ? "" : "s") : "")
                   : fmt::format("{}: sea", hex.id);
    shapes.push_back({Shape::Kind::polygon, pts, style, "", title, ""});
    f.scene.places.push_back({hex.id, cx - R, cy - R, 2 * R, 2 * R});
    std::vector<std::string> label;
    if (hex.land())
      label.push_back(hex.terrain == Terrain::desert
                          ? std::string("des")
                          : fmt::format("{}{}", terrain_letter(hex.terrain), hex.number));
    for (const auto& hb : b.harbours)
      if (hb.hex == static_cast<int>(h) && in_play(hb.in, players)) {
        label.push_back(hb.type ? "2:1" : "3:1");
        if (hb.type) label.emplace_back(name(*hb.type));
      }
    for (std::size_t k = 0; k < label.size(); ++k)
      shapes.push_back(
          {Shape::Kind::text,
           {cx - 3.1 * static_cast<double>(label[k].size()),
            cy + 4 - 6.0 * static_cast<double>(label.size() - 1) + 12.0 * static_cast<double>(k)},
           "",
           label[k],
           "",
           ""});
    for (int k = 0; k < huns; ++k)
      shapes.push_back({Shape::Kind::circle,
                        {cx - 10 + 5 * (k % 5), cy + 11 + 5 * (k / 5), 2.2},
                        "neutral",
                        "",
                        fmt::format("a Hun on {}", hex.id),
                        fmt::format("hun:{}:{}", hex.id, k + 1)});
    if (static_cast<int>(h) == st.pirate())
      shapes.push_back({Shape::Kind::circle,
                        {cx + 8, cy - 8, 5},
                        "purple",
                        "",
                        fmt::format("the pirate on {}", hex.id),
                        "pirate"});
  }
  for (int e = 0; e < b.edge_count(); ++e) {
    auto owner = st.road_owner(e);
    if (!owner) continue;
    auto [x1, y1] = vertex_xy(b.edge(e).a);
    auto [x2, y2] = vertex_xy(b.edge(e).b);
    double dx = (x2 - x1) * 0.18, dy = (y2 - y1) * 0.18;
    shapes.push_back(
        {Shape::Kind::polygon,
         {x1 + dx - dy * 0.25, y1 + dy + dx * 0.25, x2 - dx - dy * 0.25, y2 - dy + dx * 0.25,
          x2 - dx + dy * 0.25, y2 - dy - dx * 0.25, x1 + dx + dy * 0.25, y1 + dy - dx * 0.25},
         colour_name(*owner) + " double",
         "",
         fmt::format("{}'s road on {}", name(*owner), b.edge_name(e)),
         fmt::format("road:{}", b.edge_name(e))});
  }
  for (int v = 0; v < b.vertex_count(); ++v) {
    auto owner = st.vertex_owner(v);
    if (!owner) continue;
    auto [x, y] = vertex_xy(v);
    bool city = st.building(v) == Building::city;
    double s = city ? 7 : 5;
    bool fort = false;
    for (std::size_t w = 0; w < b.walls.size(); ++w)
      if (b.walls[w].fort == v && st.wall_owner(static_cast<int>(w)) == owner) fort = true;
    shapes.push_back({Shape::Kind::rect,
                      {x - s, y - s, 2 * s, 2 * s},
                      colour_name(*owner) + (city ? " tower" : " double"),
                      "",
                      fmt::format("{}'s {}{} at {}", name(*owner), city ? "city" : "settlement",
                                  fort ? " (border fort)" : "", b.vertex_name(v)),
                      fmt::format("{}:{}", city ? "city" : "settlement", b.vertex_name(v))});
  }
  // The steppe: gathering places in a row at the top, the fields above their wall sections.
  double top = margin;
  int index = 0;
  std::map<int, std::pair<double, double>> field_xy;
  for (std::size_t w = 0; w < b.walls.size(); ++w) {
    const WallDef& wall = b.walls[w];
    if (!in_play(wall.in, players) || wall.fort < 0) continue;
    auto [fx, fy] = vertex_xy(wall.fort);
    int level = st.wall_level(static_cast<int>(w));
    auto owner = st.wall_owner(static_cast<int>(w));
    for (int k = 0; k < 5; ++k) {
      bool built = k < level;
      shapes.push_back(
          {Shape::Kind::rect,
           {fx - 15 + 6 * k, fy - 20, 5, 8},
           built ? (owner ? colour_name(*owner) + " tower" : "neutral tower") : "empty",
           "",
           built ? fmt::format("wall {}: piece {}", wall.id, k + 1)
                 : fmt::format("wall {}: slot {} empty", wall.id, k + 1),
           built ? fmt::format("wall:{}:{}", wall.id, k + 1) : ""});
    }
    shapes.push_back({Shape::Kind::text,
                      {fx - 15, fy - 24},
                      "label",
                      fmt::format("{} {}", wall.id, level),
                      "",
                      ""});
    int slot = 0;
    for (std::size_t fi = 0; fi < b.fields.size(); ++fi) {
      if (b.fields[fi].wall != static_cast<int>(w) || !in_play(b.fields[fi].in, players)) continue;
      double x = fx - 17 + 36 * slot, y = top + 48;
      ++slot;
      field_xy[static_cast<int>(fi)] = {x + 17, y};
      shapes.push_back({Shape::Kind::rect,
                        {x, y, 34, 16},
                        "empty claimed",
                        "",
                        fmt::format("attack field {} facing {}", b.fields[fi].id, wall.id),
                        ""});
      for (int k = 0; k < st.field_huns(static_cast<int>(fi)); ++k)
        shapes.push_back({Shape::Kind::circle,
                          {x + 4 + 6.5 * k, y + 8, 2.6},
                          "neutral",
                          "",
                          fmt::format("a Hun on field {}", b.fields[fi].id),
                          fmt::format("hun:{}:{}", b.fields[fi].id, k + 1)});
      shapes.push_back({Shape::Kind::text, {x, y + 28}, "", b.fields[fi].id, "", ""});
    }
  }
  for (std::size_t g = 0; g < b.gatherings.size(); ++g) {
    const GatheringDef& gd = b.gatherings[g];
    if (!in_play(gd.in, players)) continue;
    double x = margin + 8 + 96.0 * index, y = top;
    ++index;
    shapes.push_back({Shape::Kind::rect,
                      {x, y, 88, 22},
                      "empty",
                      "",
                      fmt::format("gathering place {}", numeral_name(gd.numeral)),
                      ""});
    shapes.push_back({Shape::Kind::text,
                      {x + 2, y - 3},
                      "label",
                      std::string(numeral_name(gd.numeral)),
                      "",
                      ""});
    int huns = st.place_huns(static_cast<int>(g));
    for (int k = 0; k < huns; ++k)
      shapes.push_back({Shape::Kind::circle,
                        {x + 5 + 5.5 * (k % 15), y + 6 + 9 * (k / 15), 2.4},
                        "neutral",
                        "",
                        fmt::format("a Hun on gathering place {}", numeral_name(gd.numeral)),
                        fmt::format("hun:{}:{}", numeral_name(gd.numeral), k + 1)});
    for (const auto& a : gd.attacks) {
      auto it = field_xy.find(a.field);
      if (it == field_xy.end()) continue;
      shapes.push_back({Shape::Kind::line,
                        {x + 44, y + 22, it->second.first, it->second.second},
                        "destroyed-mark",
                        "",
                        "",
                        ""});
      shapes.push_back({Shape::Kind::text,
                        {(x + 44 + it->second.first) / 2, (y + 22 + it->second.second) / 2},
                        "",
                        std::to_string(a.number),
                        "",
                        ""});
    }
  }
  // The other places a finding may name: corners, paths and wall sections.
  for (int v = 0; v < b.vertex_count(); ++v) {
    auto [x, y] = vertex_xy(v);
    f.scene.places.push_back({b.vertex_name(v), x - 7, y - 7, 14, 14});
  }
  for (int e = 0; e < b.edge_count(); ++e) {
    auto [x1, y1] = vertex_xy(b.edge(e).a);
    auto [x2, y2] = vertex_xy(b.edge(e).b);
    f.scene.places.push_back({b.edge_name(e), std::min(x1, x2) - 3, std::min(y1, y2) - 3,
                              std::abs(x2 - x1) + 6, std::abs(y2 - y1) + 6});
  }
  for (const WallDef& wall : b.walls) {
    if (!in_play(wall.in, players) || wall.fort < 0) continue;
    auto [fx, fy] = vertex_xy(wall.fort);
    f.scene.places.push_back({wall.id, fx - 16, fy - 21, 32, 10});
  }
  f.scene.width = std::max(max_x - min_x + 2 * margin, margin * 2 + 96.0 * index);
  f.scene.height = max_y - min_y + 2 * margin + steppe_height;
  for (const auto& s : shapes)
    if (!s.piece.empty()) ++f.pieces_on_board;
  return f;
}

// ---- explain
// ---------------------------------------------------------------------------------------

Explanation History::explanation() const {
  Explanation ex;
  const Record& rec = *record_;
  ex.colours = colours();
  ex.finished = outcome_.end != EndKind::none;
  for (const VpStep& s : outcome_.steps) {
    ExplainStep e;
    e.turn = s.turn;
    e.setup = s.kind == "set-up";
    e.loc = s.loc;
    e.kind = s.kind;
    e.title = s.title;
    e.lines = s.lines;
    JsonValue::Object details;
    for (Colour c : outcome_.seats)
      if (s.points[ix(c)]) e.points.emplace_back(colour_name(c), s.points[ix(c)]);
    if (s.claim) {
      auto [c, vp] = *s.claim;
      if (std::find(outcome_.seats.begin(), outcome_.seats.end(), c) != outcome_.seats.end()) {
        // A VP claim is the colour's total at that point.
        e.claimed.emplace_back(colour_name(c), vp);
        e.claims_totals = true;
        e.recomputed_totals.emplace_back(colour_name(c), s.recomputed);
        details.emplace_back("colour", colour_name(c));
        details.emplace_back("claimed_vp", vp);
        details.emplace_back("recomputed_vp", s.recomputed);
      }
    }
    details.emplace_back("kind", s.kind);
    e.details = JsonValue(std::move(details));
    ex.steps.push_back(std::move(e));
  }
  for (Colour c : outcome_.seats)
    ex.totals.emplace_back(colour_name(c), outcome_.final_vp[ix(c)]);
  std::array<bool, kColours> seen{};
  for (const EndItem& item : rec.end) {
    if (item.kind != EndItem::Kind::final_vp || !item.colour_playing || seen[ix(item.colour)])
      continue;
    seen[ix(item.colour)] = true;
    ex.final_claims.emplace_back(colour_name(item.colour), item.vp);
  }
  ex.final_claims_loc = rec.end_loc;
  bool illegal = diagnostics_.has(FindingKind::rule);
  if (outcome_.end == EndKind::win && !illegal) ex.winners.push_back(colour_name(*outcome_.winner));
  if (!outcome_.result_sentence.empty()) ex.notes.push_back(outcome_.result_sentence);
  if (outcome_.end == EndKind::none)
    ex.notes.push_back("the record ends before the game does: the totals are those reached");
  if (illegal)
    ex.notes.push_back("the record breaks a rule: the totals are those of the game as replayed");
  std::string breaches;
  for (const auto& [turn, number] : outcome_.breach_log)
    breaches += fmt::format("{}{} on turn {}", breaches.empty() ? "" : ", ", number, turn);
  if (outcome_.state)
    ex.notes.push_back(fmt::format("breaches: {} of {}{}", outcome_.state->breaches(),
                                   outcome_.state->breach_limit(),
                                   breaches.empty() ? std::string() : " (" + breaches + ")"));
  // The final breakdown of each colour's VP (CT-901).
  if (outcome_.state && outcome_.setup_complete)
    for (Colour c : outcome_.seats) {
      VpBreakdown b = outcome_.state->vp_breakdown(c);
      std::vector<std::string> parts;
      if (b.settlements)
        parts.push_back(
            fmt::format("{} settlement{}", b.settlements, b.settlements == 1 ? "" : "s"));
      if (b.cities)
        parts.push_back(fmt::format("{} cit{} x2", b.cities, b.cities == 1 ? "y" : "ies"));
      if (b.longest_road) parts.push_back("Longest Road 2");
      if (b.largest_army) parts.push_back("Largest Army 1");
      if (b.vp_cards)
        parts.push_back(fmt::format("{} VP card{}", b.vp_cards, b.vp_cards == 1 ? "" : "s"));
      if (b.malus)
        parts.push_back(
            fmt::format("{} malus chip{} -{}", b.malus, b.malus == 1 ? "" : "s", b.malus));
      std::string text;
      for (const auto& part : parts)
        text += fmt::format("{}{}", text.empty() ? "" : ", ", part);
      ex.notes.push_back(fmt::format("{}: {} = {} VP (CT-901)", colour_name(c),
                                     text.empty() ? std::string("nothing") : text, b.total()));
    }
  return ex;
}

// ---- canonical moves
// -------------------------------------------------------------------------------

namespace {

std::string vertex_text(const Board& b, const PlaceRef& p) {
  return p.index >= 0 ? b.vertex_name(p.index) : p.text;
}

std::string edge_text(const Board& b, const PlaceRef& p) {
  return p.index >= 0 ? b.edge_name(p.index) : p.text;
}

std::string huns_text(const std::vector<HunDraw>& huns) {
  std::string out;
  for (const auto& h : huns) {
    out += " hun ";
    out += numeral_name(h.numeral);
  }
  return out;
}

// A fingerprint of the board's layout, so that boards of one name but different data differ.
std::string layout_hash(const Board& b) {
  KeyHasher k;
  for (const auto& h : b.hexes)
    k.add(h.id)
        .add(static_cast<std::uint64_t>(static_cast<std::int64_t>(h.q)))
        .add(static_cast<std::uint64_t>(static_cast<std::int64_t>(h.r)))
        .add(static_cast<std::uint64_t>(h.terrain))
        .add(static_cast<std::uint64_t>(h.number))
        .add(static_cast<std::uint64_t>(h.in));
  for (const auto& h : b.harbours)
    k.add(static_cast<std::uint64_t>(h.hex))
        .add(static_cast<std::uint64_t>(h.type ? static_cast<int>(*h.type) : 9))
        .add(static_cast<std::uint64_t>(h.vertices[0]))
        .add(static_cast<std::uint64_t>(h.vertices[1]));
  for (const auto& w : b.walls)
    k.add(w.id).add(static_cast<std::uint64_t>(w.fort)).add(static_cast<std::uint64_t>(w.in));
  for (const auto& f : b.fields) {
    k.add(f.id).add(static_cast<std::uint64_t>(f.wall));
    for (int h : f.path)
      k.add(static_cast<std::uint64_t>(h));
  }
  for (const auto& g : b.gatherings) {
    k.add(static_cast<std::uint64_t>(g.numeral)).add(static_cast<std::uint64_t>(g.in));
    for (const auto& a : g.attacks)
      k.add(static_cast<std::uint64_t>(a.number)).add(static_cast<std::uint64_t>(a.field));
  }
  k.add(static_cast<std::uint64_t>(b.pirate_start))
      .add(static_cast<std::uint64_t>(b.huns_per_numeral));
  std::string key = k.finish("board");
  return key.substr(key.rfind('/') + 1);
}

}  // namespace

namespace {

// Calls emit(turn, loc, text) for each canonical move of `rec`, in record order; the texts of
// the turns are written into one buffer, reused (the duplicate key hashes them as they come).
template <typename Emit>
void each_canonical(const Record& rec, Emit&& emit) {
  const Board& b = *rec.board;
  auto add = [&](int turn, SourceLoc loc, const std::string& text) { emit(turn, loc, text); };
  std::string players;
  for (const auto& p : rec.players)
    players += fmt::format("{}{}", players.empty() ? "" : " ", name(p.colour));
  add(0, rec.players_loc, fmt::format("players (seat order): {}", players));
  Options o;
  for (const auto& opt : rec.options)
    set_option(o, opt.name, opt.value);
  std::string options;
  for (const auto& spec : option_specs())
    options +=
        fmt::format("{}{}={}", options.empty() ? "" : " ", spec.name, option_value(o, spec.name));
  add(0, rec.root_loc, fmt::format("options: {}", options));
  add(0, rec.board_loc, fmt::format("board: {} (layout {})", b.name, layout_hash(b)));
  for (const SetupItem& item : rec.setup) {
    switch (item.kind) {
      case SetupItem::Kind::fort:
        add(0, item.loc, fmt::format("fort {} {}", name(item.colour), b.walls[ix(item.wall)].id));
        break;
      case SetupItem::Kind::settlement:
        add(0, item.loc,
            fmt::format("founding settlement {} {} road {}{}", name(item.colour),
                        vertex_text(b, item.vertex), edge_text(b, item.road),
                        huns_text(item.huns)));
        break;
      case SetupItem::Kind::gain:
        break;  // an echo
    }
  }
  CanonicalText text;
  auto put_cards = [&](const Cards& cards) { append_card_list(text.str(), cards); };
  for (const TurnElem& e : rec.elements) {
    text.clear();
    text << (e.special ? "special building phase" : "turn") << " by " << name(e.colour);
    emit(e.turn, e.loc, text.view());
    for (const Step& s : e.steps) {
      text.clear();
      switch (s.kind) {
        case StepKind::roll:
          text << "roll " << s.d1 << '+' << s.d2;
          break;
        case StepKind::discard:
          text << "discard " << name(s.colour) << ": ";
          put_cards(s.cards.cards);
          break;
        case StepKind::pirate:
          text << "pirate to " << b.hexes[ix(s.hex)].id;
          break;
        case StepKind::steal:
          text << "steal " << name(s.card) << " from " << name(s.colour);
          break;
        case StepKind::trade:
          text << "trade with " << name(s.colour) << ": give ";
          put_cards(s.cards.cards);
          text << ", get ";
          put_cards(s.get.cards);
          break;
        case StepKind::bank:
          text << "bank: give ";
          put_cards(s.cards.cards);
          text << ", get ";
          put_cards(s.get.cards);
          break;
        case StepKind::road:
          text << "road " << edge_text(b, s.place);
          break;
        case StepKind::settlement:
          text << "settlement " << vertex_text(b, s.place) << huns_text(s.huns);
          break;
        case StepKind::city:
          text << "city " << vertex_text(b, s.place) << huns_text(s.huns);
          break;
        case StepKind::wall_piece:
          text << "wall piece " << s.level;
          break;
        case StepKind::buy_card:
          text << "buy a development card";
          if (s.dev) text << " (" << name(*s.dev) << ')';
          break;
        case StepKind::play_card: {
          text << "play " << name(*s.dev);
          for (const auto& a : s.actions) {
            switch (a.kind) {
              case KnightAction::Kind::move_hun:
                text << "; move a Hun " << numeral_name(a.from) << " to " << numeral_name(a.to);
                break;
              case KnightAction::Kind::chase_hun:
                text << "; chase a Hun " << numeral_name(a.numeral) << " from "
                     << b.hexes[ix(a.hex)].id;
                break;
              case KnightAction::Kind::pirate:
                text << "; pirate to " << b.hexes[ix(a.hex)].id;
                break;
              case KnightAction::Kind::steal:
                text << "; steal " << name(a.card) << " from " << name(a.colour);
                break;
            }
          }
          for (const auto& r : s.roads)
            text << "; road " << edge_text(b, r);
          if (*s.dev == DevCard::year_of_plenty) {
            text << ": ";
            put_cards(s.take.cards);
          }
          if (*s.dev == DevCard::monopoly) text << ": " << name(s.resource);
          break;
        }
        case StepKind::reveal:
          text << "reveal " << name(*s.dev);
          break;
        case StepKind::claim:
          continue;
      }
      emit(e.turn, s.loc, text.view());
    }
  }
  for (const EndItem& item : rec.end)
    if (item.kind == EndItem::Kind::reveal)
      add(0, item.loc,
          fmt::format("at the end: {} reveals {}", name(item.colour), name(item.card)));
}

}  // namespace

std::vector<CanonicalItem> canonical_moves(const Record& rec) {
  std::vector<CanonicalItem> out;
  each_canonical(rec, [&](int turn, SourceLoc loc, std::string_view text) {
    out.push_back({turn, loc, std::string(text)});
  });
  return out;
}

std::string record_key(const Record& record) {
  KeyHasher k;
  each_canonical(record, [&](int turn, SourceLoc, std::string_view text) {
    k.add(static_cast<std::uint64_t>(turn)).add(text);
  });
  return k.finish("catan-great-wall");
}

std::vector<CanonicalItem> History::canonical() const {
  return canonical_moves(*record_);
}

// ---- annotations
// -----------------------------------------------------------------------------------

std::vector<TurnAnnotation> History::annotations() const {
  std::vector<TurnAnnotation> out;
  const Record& rec = *record_;
  const auto& elements = rec.elements;
  auto in_element = [&](SourceLoc loc, std::size_t k) {
    SourceLoc end = k + 1 < elements.size() ? elements[k + 1].loc
                    : rec.end_present       ? rec.end_loc
                                            : SourceLoc{~0u, ~0u};
    return loc >= elements[k].loc && loc < end;
  };
  // Each finding goes to the element holding it (a binary search: elements are in document
  // order), or to the end; each list keeps the report order.
  std::vector<std::vector<const Diagnostic*>> inside(elements.size());
  std::vector<const Diagnostic*> outside;
  for (const auto& d : diagnostics_.items()) {
    if (d.kind == FindingKind::format) continue;
    if (d.loc.known()) {
      auto it = std::upper_bound(elements.begin(), elements.end(), d.loc,
                                 [](SourceLoc loc, const TurnElem& e) { return loc < e.loc; });
      if (it != elements.begin()) {
        auto k = static_cast<std::size_t>(it - elements.begin()) - 1;
        if (in_element(d.loc, k)) {
          inside[k].push_back(&d);
          continue;
        }
      }
    }
    outside.push_back(&d);
  }
  std::array<int, kColours> running{};
  std::size_t next_step = 0;
  for (std::size_t k = 0; k < elements.size(); ++k) {
    TurnAnnotation a;
    a.turn = static_cast<int>(k) + 1;
    for (const Diagnostic* d : inside[k])
      a.lines.push_back(
          fmt::format("{} {}: {}{}", to_string(d->severity()), d->rule, d->message,
                      d->follow_on ? fmt::format(" (follows from line {})", d->follows_line) : ""));
    // VP changes of the steps inside the element; the set-up's before the first one.
    while (next_step < outcome_.steps.size()) {
      const VpStep& s = outcome_.steps[next_step];
      SourceLoc end = k + 1 < elements.size() ? elements[k + 1].loc
                      : rec.end_present       ? rec.end_loc
                                              : SourceLoc{~0u, ~0u};
      if (s.loc >= end && s.kind != "set-up") break;
      ++next_step;
      if (s.claim) continue;
      std::string pts;
      for (Colour c : outcome_.seats) {
        running[ix(c)] += s.points[ix(c)];
        if (s.points[ix(c)])
          pts += fmt::format("{}{} {:+}", pts.empty() ? "" : ", ", name(c), s.points[ix(c)]);
      }
      if (s.kind != "set-up" && !pts.empty())
        a.lines.push_back(fmt::format("{}: {}", s.title, pts));
    }
    std::string totals;
    for (Colour c : outcome_.seats)
      totals += fmt::format("{}{} {}", totals.empty() ? "" : ", ", name(c), running[ix(c)]);
    a.lines.push_back(fmt::format("VP: {}", totals));
    out.push_back(std::move(a));
  }
  TurnAnnotation end;
  end.turn = 0;
  for (const Diagnostic* d : outside)
    end.lines.push_back(fmt::format("{} {}: {}", to_string(d->severity()), d->rule, d->message));
  std::string totals;
  for (Colour c : outcome_.seats)
    totals += fmt::format("{}{} {}", totals.empty() ? "" : ", ", name(c), outcome_.final_vp[ix(c)]);
  end.lines.push_back(
      fmt::format("{}: {}", outcome_.end != EndKind::none ? "final VP" : "VP reached", totals));
  if (!outcome_.result_sentence.empty()) end.lines.push_back(outcome_.result_sentence);
  out.push_back(std::move(end));
  return out;
}

std::vector<LegendEntry> History::legend() const {
  return {
      {"province", "", "a land hex: terrain and number token"},
      {"province scored", "", "a land hex with Huns on it"},
      {"empty", "", "the desert, or an empty slot of a wall section"},
      {"region", "", "sea, with a harbour where it says 2:1 or 3:1"},
      {"", "h p f g m des", "hills, pasture, forest, fields, mountains, desert"},
      {"neutral double", "", "a road, or a settlement (small square), in its owner's colour"},
      {"neutral tower", "", "a city (black outline), or a built wall piece (grey: neutral)"},
      {"neutral", "", "a Hun"},
      {"purple", "", "the pirate"},
      {"empty claimed", "", "an attack field in the steppe, facing a wall"},
      {"", "W3 4", "wall section W3 and its level"},
      {"", "F3", "attack field F3"},
      {"", "I II III", "the Huns' gathering places in the steppe"},
      {"", "— 8", "an arrow from a gathering place to an attack field, with its number"},
  };
}

}  // namespace wallaudit::ct
