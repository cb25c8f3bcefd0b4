#include "chang_cheng/history.hpp"

#include "chang_cheng/rule_ids.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace wallaudit::cc {

namespace {

int ci(Colour c) {
  return static_cast<int>(c);
}

std::string colour_name(Colour c) {
  return std::string(name(c));
}

char initial(Colour c) {
  switch (c) {
    case Colour::red:
      return 'R';
    case Colour::green:
      return 'G';
    case Colour::blue:
      return 'B';
    case Colour::purple:
      return 'P';
    case Colour::neutral:
      return 'N';
  }
  return '?';
}

// The 3-character code of a space in the text drawing, and its style.
Span piece_code(const State& st, SpaceId s) {
  const Piece& p = st.piece(s);
  if (p.empty()) {
    for (const Tower& t : st.towers()) {
      if (!t.claim) continue;
      auto nb = st.neighbours(t.space);
      if (nb[0] != s && nb[1] != s) continue;
      int empty = 0;
      for (SpaceId n : nb)
        if (n != kNone && st.piece(n).empty()) ++empty;
      if (empty == 1)
        return {fmt::format(".{}", static_cast<char>(std::tolower(initial(t.owner)))), "dim"};
    }
    return {".", "dim"};
  }
  std::string code(1, initial(p.colour));
  if (p.destroyed) return {fmt::format("{}/", static_cast<char>(std::tolower(code[0]))), "dim"};
  if (p.kind == PieceKind::double_half) code += "=";
  if (p.kind == PieceKind::tower) code += "^";
  return {code, colour_name(p.colour)};
}

std::string pad(std::string s, std::size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

// A band of labelled segments over the spaces of a side: "├P1 2───┤├P2 …".
std::string band(const std::vector<std::pair<int, std::string>>& owner_label, int cell) {
  std::string out;
  std::size_t i = 0;
  while (i < owner_label.size()) {
    std::size_t j = i;
    while (j + 1 < owner_label.size() && owner_label[j + 1].first == owner_label[i].first)
      ++j;
    std::size_t width = (j - i + 1) * static_cast<std::size_t>(cell);
    std::string label = owner_label[i].second;
    std::string seg = "[" + label;
    if (seg.size() + 1 > width) seg = seg.substr(0, width > 1 ? width - 1 : 0);
    while (seg.size() + 1 < width)
      seg += '-';
    seg += ']';
    out += seg;
    i = j + 1;
  }
  return out;
}

std::string list_points(const std::array<int, kAllColours>& points,
                        const std::vector<Colour>& colours) {
  std::string out;
  for (Colour c : colours)
    if (points[ci(c)])
      out += fmt::format("{}{} {:+}", out.empty() ? "" : ", ", name(c), points[ci(c)]);
  return out;
}

}  // namespace

std::vector<std::string> History::colours() const {
  std::vector<std::string> out;
  for (Colour c : outcome_.seat_colours)
    out.push_back(colour_name(c));
  return out;
}

const State& History::state_after(int turn) const {
  turn = std::clamp(turn, 0, turns());
  return *outcome_.snapshots[static_cast<std::size_t>(turn)].state;
}

// ---- frames ------------------------------------------------------------------------------

Frame History::frame(int turn) const {
  Frame f;
  turn = std::clamp(turn, 0, turns());
  f.turn = turn;
  const TurnSnapshot& snap = outcome_.snapshots[static_cast<std::size_t>(turn)];
  const State& st = *snap.state;
  const BoardSet& set = st.boards();
  f.label = turn == 0 ? std::string("after set-up")
                      : fmt::format("after turn {} ({}{})", turn, name(snap.colour),
                                    snap.pass ? ", a pass" : "");
  for (Colour c : outcome_.seat_colours)
    f.scores.emplace_back(colour_name(c), st.colour(c).score);

  // Provinces holding an emperor card: the last ones scored since the last expansion.
  std::vector<ProvinceId> emperor;
  {
    std::vector<ProvinceId> scored;
    for (const auto& step : outcome_.steps)
      if (step.kind == ScoringStep::Kind::province && step.turn <= turn && step.turn > 0)
        scored.push_back(step.province->province);
    int k = std::min<int>(st.emperor_cards(), static_cast<int>(scored.size()));
    emperor.assign(scored.end() - k, scored.end());
  }

  // The wall, side by side, as text.
  TextBlock wall;
  wall.title = "The wall, west to east";
  constexpr int cell = 4;
  for (int side : st.sides_in_play()) {
    const SideDef& def = set.sides[static_cast<std::size_t>(side)];
    StyledLine head{{fmt::format("side {} (board {})", def.id, def.board), "bold"}};
    wall.lines.push_back(head);
    StyledLine numbers{{"  space    ", "dim"}};
    StyledLine pieces{{"  piece    ", "dim"}};
    std::vector<std::pair<int, std::string>> provs, regs;
    for (int w = 0; w < set.space_count(side); ++w) {
      SpaceId s = set.space(side, w);
      numbers.push_back({pad(fmt::format("{:>3}", w + 1), cell), "dim"});
      Span code = piece_code(st, s);
      pieces.push_back({fmt::format("{:>3}", code.text), code.style});
      pieces.push_back({" ", ""});
      ProvinceId p = set.province_of(s);
      RegionId r = set.region_of(s);
      const auto& ps = st.province(p);
      std::string ptag =
          fmt::format("P{} {}{}", p % 3 + 1, ps.reputation ? std::to_string(*ps.reputation) : "?",
                      ps.scored ? " done" : "");
      const auto& rs = st.region(r);
      std::string rtag = fmt::format("M{} {}", r % 3 + 1,
                                     rs.removed ? "gone"
                                     : rs.value ? std::to_string(*rs.value)
                                                : "?");
      provs.emplace_back(p, ptag);
      regs.emplace_back(r, rtag);
    }
    wall.lines.push_back({{"  region   ", "dim"}, {band(regs, cell), ""}});
    wall.lines.push_back(numbers);
    wall.lines.push_back(pieces);
    wall.lines.push_back({{"  province ", "dim"}, {band(provs, cell), ""}});
  }
  wall.lines.push_back(
      {{"R G B P colours, N neutral; X= double wall, X^ tower, x/ destroyed wall,", "dim"}});
  wall.lines.push_back({{". empty space, .x empty and kept by x's tower", "dim"}});
  f.blocks.push_back(std::move(wall));

  // Provinces and regions.
  TextBlock provinces;
  provinces.title = "Provinces";
  for (int side : st.sides_in_play()) {
    for (int k = 0; k < 3; ++k) {
      ProvinceId p = side * 3 + k;
      const auto& ps = st.province(p);
      int total = static_cast<int>(st.spaces_of(p).size());
      std::string line = fmt::format("{:<8} token {:>2}  {}/{} filled", set.province_name(p),
                                     ps.reputation ? std::to_string(*ps.reputation) : "?",
                                     total - (ps.scored ? 0 : ps.empty), total);
      if (ps.scored) line += "  scored";
      if (std::find(emperor.begin(), emperor.end(), p) != emperor.end()) line += ", emperor card";
      StyledLine l{{line, ""}};
      if (!ps.cards.empty()) {
        l.push_back({"  cards face down:", ""});
        for (const auto& c : ps.cards)
          l.push_back({fmt::format(" {}", name(c.colour)), colour_name(c.colour)});
      }
      provinces.lines.push_back(l);
    }
  }
  f.blocks.push_back(std::move(provinces));
  TextBlock regions;
  regions.title = "Mongol regions";
  for (int side : st.sides_in_play()) {
    for (int k = 0; k < 3; ++k) {
      RegionId r = side * 3 + k;
      const auto& rs = st.region(r);
      regions.lines.push_back(
          {{fmt::format("{:<8} {}", set.region_name(r),
                        rs.removed ? std::string("threat token removed by a traitor")
                        : rs.value ? fmt::format("threat {}", *rs.value)
                                   : std::string("threat face down (value not known yet)")),
            ""}});
    }
  }
  f.blocks.push_back(std::move(regions));

  // Towers, supplies, emperor cards, scores.
  TextBlock table;
  table.title = "Pieces left and scores";
  for (Colour c : outcome_.seat_colours) {
    const auto& cs = st.colour(c);
    table.lines.push_back(
        {{fmt::format("{:<7}", name(c)), colour_name(c)},
         {fmt::format("{:>2} walls, {} double, {} tower, {} card{} left   score {}", cs.singles,
                      cs.doubles, cs.towers, kCardKinds - cs.cards_placed,
                      kCardKinds - cs.cards_placed == 1 ? "" : "s", cs.score),
          ""}});
  }
  if (st.variant() == Variant::neutral_walls)
    table.lines.push_back({{fmt::format("neutral walls left: {}", st.neutral_left()), "neutral"}});
  for (const Tower& t : st.towers())
    table.lines.push_back(
        {{fmt::format("{}'s tower on {}: {}", name(t.owner), set.space_name(t.space),
                      t.claim ? "claim holds" : "no claim"),
          colour_name(t.owner)}});
  int still_due = st.expansions_due() - st.expansions_done();
  table.lines.push_back(
      {{fmt::format("emperor cards on the board: {}; expansions still to come: {}",
                    st.emperor_cards(), std::max(0, still_due)),
        ""}});
  f.blocks.push_back(std::move(table));

  // The scene for SVG.
  // Two sides to a row, west to east and then down, so that a long wall stays legible.
  const double w = 40, gap = 4, left = 20, row_height = 150;
  int index = 0, column = 0, row = 0;
  double side_x = left, width = 0;
  for (int side : st.sides_in_play()) {
    const SideDef& def = set.sides[static_cast<std::size_t>(side)];
    int n = set.space_count(side);
    if (column == 2) {
      column = 0;
      ++row;
      side_x = left;
    }
    ++column;
    const double top = 28 + row * row_height;
    f.scene.shapes.push_back(
        {Shape::Kind::text, {side_x, top - 12}, "label", fmt::format("side {}", def.id), "", ""});
    f.scene.places.push_back({def.id, side_x, top - 26, n * w - gap, 154});
    // Regions above, provinces below, spaces between.
    for (int pass = 0; pass < 2; ++pass) {
      int w0 = 0;
      while (w0 < n) {
        SpaceId s0 = set.space(side, w0);
        int key = pass == 0 ? set.region_of(s0) : set.province_of(s0);
        int w1 = w0;
        while (w1 + 1 < n && (pass == 0 ? set.region_of(set.space(side, w1 + 1))
                                        : set.province_of(set.space(side, w1 + 1))) == key)
          ++w1;
        double x = side_x + w0 * w, width = (w1 - w0 + 1) * w - gap;
        if (pass == 0) {
          const auto& rs = st.region(key);
          std::string label = fmt::format("{} {}", set.region_name(key),
                                          rs.removed ? "removed"
                                          : rs.value ? std::to_string(*rs.value)
                                                     : "?");
          f.scene.shapes.push_back({Shape::Kind::rect,
                                    {x, top, width, 22},
                                    rs.removed ? "region removed" : "region",
                                    "",
                                    label,
                                    ""});
          f.scene.shapes.push_back(
              {Shape::Kind::text, {x + 4, top + 15}, "region-label", label, "", ""});
          f.scene.places.push_back({set.region_name(key), x, top, width, 22});
        } else {
          const auto& ps = st.province(key);
          std::string label =
              fmt::format("{} +{}", set.province_name(key), ps.reputation.value_or(0));
          bool crown = std::find(emperor.begin(), emperor.end(), key) != emperor.end();
          f.scene.shapes.push_back({Shape::Kind::rect,
                                    {x, top + 84, width, 22},
                                    ps.scored ? "province scored" : "province",
                                    "",
                                    label,
                                    ""});
          f.scene.shapes.push_back({Shape::Kind::text,
                                    {x + 4, top + 99},
                                    "province-label",
                                    label + (crown ? " ♛" : ""),
                                    "",
                                    ""});
          f.scene.places.push_back({set.province_name(key), x, top + 84, width, 42});
          double cx = x + 4;
          for (const auto& c : ps.cards) {
            f.scene.shapes.push_back({Shape::Kind::rect,
                                      {cx, top + 110, 10, 14},
                                      colour_name(c.colour) + " card",
                                      "",
                                      fmt::format("{}'s card, face down", name(c.colour)),
                                      ""});
            cx += 13;
          }
        }
        w0 = w1 + 1;
      }
    }
    for (int i = 0; i < n; ++i) {
      SpaceId s = set.space(side, i);
      const Piece& p = st.piece(s);
      double x = side_x + i * w, y = top + 30;
      std::string space = set.space_name(s);
      f.scene.places.push_back({space, x, y - 4, w - gap, 38});
      if (p.empty()) {
        Span code = piece_code(st, s);
        f.scene.shapes.push_back({Shape::Kind::rect,
                                  {x, y, w - gap, 34},
                                  code.text.size() > 1 ? "empty claimed" : "empty",
                                  "",
                                  code.text.size() > 1
                                      ? fmt::format("{}: empty, kept by a tower", space)
                                      : fmt::format("{}: empty", space),
                                  ""});
      } else {
        std::string kind = p.kind == PieceKind::tower         ? "tower"
                           : p.kind == PieceKind::double_half ? "double"
                           : p.kind == PieceKind::neutral     ? "neutral"
                                                              : "wall";
        std::string style = colour_name(p.colour) + " " + kind + (p.destroyed ? " destroyed" : "");
        std::string title = fmt::format("{}: {}'s {}{} (turn {})", space, name(p.colour), kind,
                                        p.destroyed ? ", destroyed" : "", p.turn);
        if (p.kind == PieceKind::tower) {
          f.scene.shapes.push_back(
              {Shape::Kind::rect, {x + 6, y - 4, w - gap - 12, 38}, style, "", title, space});
        } else {
          f.scene.shapes.push_back(
              {Shape::Kind::rect, {x, y, w - gap, 34}, style, "", title, space});
        }
        if (p.kind == PieceKind::double_half)
          f.scene.shapes.push_back(
              {Shape::Kind::text, {x + 12, y + 22}, "mark", "=", "a double wall", ""});
        if (p.destroyed)
          f.scene.shapes.push_back({Shape::Kind::line,
                                    {x + 2, y + 32, x + w - gap - 2, y + 2},
                                    "destroyed-mark",
                                    "",
                                    "",
                                    ""});
        ++f.pieces_on_board;
      }
      f.scene.shapes.push_back(
          {Shape::Kind::text, {x + 12, y + 48}, "space-label", std::to_string(i + 1), "", ""});
      ++index;
    }
    side_x += n * w + 16;
    width = std::max(width, side_x);
  }
  f.scene.width = width + left;
  f.scene.height = 28 + row * row_height + 132;
  return f;
}

// ---- explain -------------------------------------------------------------------------------

Explanation History::explanation() const {
  Explanation ex;
  const Record& rec = *record_;
  const BoardSet& set = *rec.boards;
  ex.colours = colours();
  ex.finished = outcome_.finished;
  const auto& seats = outcome_.seat_colours;
  auto points_of = [&](const std::array<int, kAllColours>& pts) {
    ColourPoints out;
    for (Colour c : seats)
      if (pts[ci(c)]) out.emplace_back(colour_name(c), pts[ci(c)]);
    return out;
  };
  for (const auto& step : outcome_.steps) {
    ExplainStep e;
    e.turn = step.turn;
    e.loc = step.loc;
    e.points = points_of(step.points);
    for (const auto& [c, p] : step.claimed)
      e.claimed.emplace_back(colour_name(c), p);
    JsonValue::Object details;
    switch (step.kind) {
      case ScoringStep::Kind::bonus: {
        e.kind = "bonus";
        int provinces = set.province_of(step.a) == set.province_of(step.b) ? 1 : 2;
        int regions = set.region_of(step.a) == set.region_of(step.b) ? 1 : 2;
        e.title = fmt::format("{}'s double wall on {} {}", name(step.colour),
                              set.space_name(step.a), set.space_name(step.b));
        e.lines.push_back(fmt::format(
            "it borders {} province{} and {} region{}: {} points at once (CC-414)", provinces,
            provinces == 1 ? "" : "s", regions, regions == 1 ? "" : "s", provinces + regions));
        // The turn's bonus claim, if any.
        if (step.turn > 0 && static_cast<std::size_t>(step.turn) <= rec.turns.size())
          for (const Step& s : rec.turns[static_cast<std::size_t>(step.turn) - 1].steps)
            if (s.kind == StepKind::bonus && s.colour == step.colour)
              e.claimed.emplace_back(colour_name(s.colour), s.value);
        details.emplace_back("spaces",
                             JsonValue::Array{set.space_name(step.a), set.space_name(step.b)});
        details.emplace_back("provinces", provinces);
        details.emplace_back("regions", regions);
        break;
      }
      case ScoringStep::Kind::province: {
        const ProvinceScore& ps = *step.province;
        e.kind = "province";
        e.title = fmt::format("{} complete", set.province_name(ps.province));
        JsonValue::Array cards;
        std::string revealed;
        for (const auto& fate : ps.cards) {
          std::string card = fate.card ? fmt::format("{}'s {}", name(fate.colour), name(*fate.card))
                                       : fmt::format("{}'s unnamed card", name(fate.colour));
          revealed += fmt::format("{}{}", revealed.empty() ? "" : ", ", card);
        }
        e.lines.push_back(revealed.empty() ? "no action cards on the province"
                                           : fmt::format("cards revealed: {}", revealed));
        for (const auto& fate : ps.cards) {
          std::string card = fate.card ? fmt::format("{}'s {}", name(fate.colour), name(*fate.card))
                                       : fmt::format("{}'s card", name(fate.colour));
          std::string what;
          switch (fate.kind) {
            case CardFate::Kind::cancelled:
              what = describe(fate, set);
              break;
            case CardFate::Kind::removed:
              what = describe(fate, set);
              break;
            case CardFate::Kind::unnamed:
              what = "never named: left out";
              break;
            case CardFate::Kind::resolved:
              what = fmt::format("{}{}", describe(fate, set),
                                 fate.inferred ? " (no choice needed)"
                                               : fmt::format(" ({}'s choice)", name(fate.colour)));
              break;
          }
          e.lines.push_back(fmt::format("{}: {}", card, what));
          JsonValue::Object c;
          c.emplace_back("colour", colour_name(fate.colour));
          c.emplace_back("card",
                         fate.card ? JsonValue(std::string(name(*fate.card))) : JsonValue());
          c.emplace_back("fate", fate.kind == CardFate::Kind::cancelled ? "cancelled"
                                 : fate.kind == CardFate::Kind::removed ? "removed"
                                 : fate.kind == CardFate::Kind::unnamed ? "unnamed"
                                                                        : "resolved");
          c.emplace_back("effect", fate.effect == Effect::none
                                       ? JsonValue()
                                       : JsonValue(std::string(name(fate.effect))));
          c.emplace_back("detail", describe(fate, set));
          c.emplace_back("inferred", fate.inferred);
          cards.emplace_back(std::move(c));
        }
        std::string modifiers;
        for (const auto& m : ps.modifier_list)
          modifiers += " " + describe(m);
        e.lines.push_back(fmt::format(
            "value {} = {} intact piece{}{} + token {}{}", ps.value, ps.intact,
            ps.intact == 1 ? "" : "s",
            ps.destroyed ? fmt::format(" ({} destroyed, counting 0)", ps.destroyed) : "", ps.token,
            modifiers));
        std::string strengths;
        JsonValue::Object strength_json;
        for (int c = 0; c < kAllColours; ++c) {
          int s = ps.pieces[c] + ps.extra[c];
          if (!s) continue;
          strengths += fmt::format("{}{} {}", strengths.empty() ? "" : ", ",
                                   name(static_cast<Colour>(c)), s);
          if (ps.extra[c]) strengths += fmt::format(" ({} + {} extra)", ps.pieces[c], ps.extra[c]);
          strength_json.emplace_back(colour_name(static_cast<Colour>(c)), s);
        }
        e.lines.push_back(fmt::format("strength: {}",
                                      strengths.empty() ? "nobody has a piece there" : strengths));
        e.lines.push_back(
            ps.neutral_blocks ? std::string("the neutral walls are strongest: nobody scores")
            : ps.scorers.empty()
                ? std::string("nobody scores")
                : fmt::format("{} score{} {} (ties are not split)", colour_list(ps.scorers),
                              ps.scorers.size() == 1 ? "s" : "", ps.value));
        details.emplace_back("province", set.province_name(ps.province));
        details.emplace_back("cards", std::move(cards));
        details.emplace_back("value", ps.value);
        details.emplace_back("intact_pieces", ps.intact);
        details.emplace_back("token", ps.token);
        details.emplace_back("modifiers", ps.modifiers);
        details.emplace_back("strength", std::move(strength_json));
        JsonValue::Array scorers;
        for (Colour c : ps.scorers)
          scorers.emplace_back(colour_name(c));
        details.emplace_back("scorers", std::move(scorers));
        break;
      }
      case ScoringStep::Kind::mongol: {
        const RegionLoss& l = *step.loss;
        e.kind = "mongol";
        e.title = fmt::format("Mongols attack {}", set.region_name(l.region));
        e.lines.push_back(l.value_known
                              ? fmt::format("threat token {}", l.token)
                              : fmt::format("threat token never stated: its loss is left out ({})",
                                            rule::CC_1202));
        std::string counts;
        JsonValue::Object count_json;
        for (int c = 0; c < kAllColours; ++c) {
          if (!l.count[c]) continue;
          counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", name(static_cast<Colour>(c)),
                                l.count[c]);
          count_json.emplace_back(colour_name(static_cast<Colour>(c)), l.count[c]);
        }
        e.lines.push_back(fmt::format("pieces facing it: {}", counts.empty() ? "none" : counts));
        if (!l.protected_by_tower.empty())
          e.lines.push_back(fmt::format("{} {} a tower there and lose{} nothing",
                                        colour_list(l.protected_by_tower),
                                        l.protected_by_tower.size() == 1 ? "has" : "have",
                                        l.protected_by_tower.size() == 1 ? "s" : ""));
        if (l.neutral_blocks)
          e.lines.push_back("the neutral walls are most numerous: nobody loses");
        if (l.no_pieces) e.lines.push_back("no pieces: nobody loses");
        if (!l.losers.empty())
          e.lines.push_back(
              fmt::format("{} lose{} {}", colour_list(l.losers), l.losers.size() == 1 ? "s" : "",
                          l.value_known ? std::to_string(-l.token) : std::string("?")));
        for (const auto& loss : rec.end.losses)
          if (loss.region == l.region)
            e.claimed.emplace_back(colour_name(loss.colour), loss.points);
        details.emplace_back("region", set.region_name(l.region));
        details.emplace_back("token", l.value_known ? JsonValue(l.token) : JsonValue());
        details.emplace_back("count", std::move(count_json));
        JsonValue::Array prot, losers;
        for (Colour c : l.protected_by_tower)
          prot.emplace_back(colour_name(c));
        for (Colour c : l.losers)
          losers.emplace_back(colour_name(c));
        details.emplace_back("protected", std::move(prot));
        details.emplace_back("losers", std::move(losers));
        break;
      }
      case ScoringStep::Kind::event: {
        const EventScore& ev = *step.event;
        e.kind = "event";
        e.title = fmt::format("event card {}", name(ev.card));
        e.lines.push_back(ev.basis);
        std::string measures;
        for (Colour c : seats)
          measures +=
              fmt::format("{}{} {}", measures.empty() ? "" : ", ", name(c), ev.measure[ci(c)]);
        e.lines.push_back(fmt::format("{}: {}",
                                      ev.card == EventCard::diplomacy   ? "provinces held"
                                      : ev.card == EventCard::dominance ? "longest runs"
                                                                        : "cards never played",
                                      measures));
        std::string pts = list_points(ev.points, seats);
        e.lines.push_back(pts.empty() ? "nobody scores" : fmt::format("points: {}", pts));
        for (const auto& claim : rec.end.events)
          if (claim.card == ev.card)
            e.claimed.emplace_back(colour_name(claim.colour), claim.points);
        details.emplace_back("card", std::string(name(ev.card)));
        break;
      }
    }
    e.details = JsonValue(std::move(details));
    ex.steps.push_back(std::move(e));
  }
  if (outcome_.state)
    for (Colour c : seats)
      ex.totals.emplace_back(colour_name(c), outcome_.state->colour(c).score);
  for (const auto& f : rec.end.finals)
    ex.final_claims.emplace_back(colour_name(f.colour), f.points);
  ex.final_claims_loc = rec.end.loc;
  for (Colour c : outcome_.winners)
    ex.winners.push_back(colour_name(c));
  if (outcome_.finished)
    ex.notes.push_back(
        outcome_.reason == EndReason::passes
            ? fmt::format("the game ended after a full round of passes on turn {} ({})",
                          outcome_.end_turn, rule::CC_702)
            : fmt::format("the game ended on turn {}: the wall is complete ({})", outcome_.end_turn,
                          rule::CC_701));
  else
    ex.notes.push_back(
        "the record ends before the game does: no Mongol attack, no events; totals are those "
        "reached");
  for (RegionId r : outcome_.unknown_threats)
    ex.notes.push_back(
        fmt::format("the threat value of {} is never stated: the totals leave its loss out",
                    set.region_name(r)));
  if (!outcome_.result_sentence.empty()) ex.notes.push_back(outcome_.result_sentence);
  return ex;
}

// ---- canonical moves -------------------------------------------------------------------------

std::vector<CanonicalItem> canonical_moves(const Record& rec) {
  std::vector<CanonicalItem> out;
  const BoardSet& set = *rec.boards;
  auto add = [&](int turn, SourceLoc loc, std::string text) {
    out.push_back({turn, loc, std::move(text)});
  };
  std::string players;
  for (const auto& p : rec.players) {
    std::string cs;
    for (Colour c : p.colours)
      cs += fmt::format("{}{}", cs.empty() ? "" : "+", name(c));
    players += fmt::format("{}{}", players.empty() ? "" : " ", cs);
  }
  add(0, rec.players_loc, fmt::format("players (seat order): {}", players));
  Options o;
  for (const auto& opt : rec.options)
    set_option(o, opt.name, opt.value);
  std::string options;
  for (const auto& spec : option_specs())
    options +=
        fmt::format("{}{}={}", options.empty() ? "" : " ", spec.name, option_value(o, spec.name));
  add(0, rec.root_loc, fmt::format("options: {}", options));
  add(0, rec.variant_loc, fmt::format("variant: {}", name(rec.variant)));
  std::vector<std::string> events;
  for (const auto& [e, loc] : rec.events)
    events.emplace_back(name(e));
  std::sort(events.begin(), events.end());
  std::string ev;
  for (const auto& e : events)
    ev += " " + e;
  add(0, rec.root_loc, fmt::format("event cards:{}", ev.empty() ? " none" : ev));
  std::string layout;
  for (const auto& side : set.sides) {
    layout += fmt::format(" {}/{}:", side.id, side.board);
    for (const auto& s : side.spaces)
      layout += fmt::format("{}{}", s.province + 1, s.region + 1);
  }
  add(0, rec.root_loc, fmt::format("board set:{}", layout));
  std::string sides;
  for (const auto& s : rec.sides)
    sides += " " + set.sides[static_cast<std::size_t>(s.side)].id;
  add(0, rec.setup_loc, fmt::format("starting sides:{}", sides));
  std::vector<std::pair<std::string, SourceLoc>> tokens;
  for (const auto& t : rec.reputations)
    tokens.emplace_back(
        fmt::format("reputation {} {}", set.province_name(t.place), t.value.value_or(0)), t.loc);
  for (const auto& t : rec.threats)
    tokens.emplace_back(t.value ? fmt::format("threat {} {}", set.region_name(t.place), *t.value)
                                : fmt::format("threat {} face down", set.region_name(t.place)),
                        t.loc);
  std::sort(tokens.begin(), tokens.end(), [](auto& a, auto& b) { return a.first < b.first; });
  for (auto& [text, loc] : tokens)
    add(0, loc, text);
  for (std::size_t i = 0; i < rec.turns.size(); ++i) {
    const Turn& t = rec.turns[i];
    int n = static_cast<int>(i) + 1;
    add(n, t.loc, fmt::format("turn by {}", name(t.colour)));
    for (const Step& s : t.steps) {
      switch (s.kind) {
        case StepKind::wall:
          add(n, s.loc, fmt::format("wall {}", set.space_name(s.space)));
          break;
        case StepKind::tower:
          add(n, s.loc, fmt::format("tower {}", set.space_name(s.space)));
          break;
        case StepKind::neutral:
          add(n, s.loc, fmt::format("neutral wall {}", set.space_name(s.space)));
          break;
        case StepKind::double_wall:
          add(n, s.loc,
              fmt::format("double wall {} {}", set.space_name(s.space), set.space_name(s.space2)));
          break;
        case StepKind::card:
          add(n, s.loc,
              fmt::format(
                  "card on {}{}", set.province_name(s.province),
                  s.card ? fmt::format(" ({})", name(*s.card)) : std::string(" (unnamed)")));
          break;
        case StepKind::pass:
          add(n, s.loc, "pass");
          break;
        case StepKind::peek:
          add(n, s.loc, fmt::format("peek at {}", set.region_name(s.region)));
          break;
        case StepKind::threat:
          add(n, s.loc, fmt::format("threat {} is {}", set.region_name(s.region), s.value));
          break;
        case StepKind::bonus:
          break;  // a claim
        case StepKind::score: {
          const ScoreElem& e = t.scores[static_cast<std::size_t>(s.index)];
          for (const ScoreItem& item : e.items) {
            std::string p = set.province_name(e.province);
            if (item.kind == ScoreItem::Kind::reveal)
              add(n, item.loc,
                  fmt::format("{}: {} reveals {}", p, name(item.colour), name(*item.card)));
            if (item.kind != ScoreItem::Kind::resolve) continue;
            std::string choice;
            if (item.effect != Effect::none) choice += fmt::format(" {}", name(item.effect));
            if (item.space != kNone) choice += fmt::format(" {}", set.space_name(item.space));
            if (item.with != kNone) choice += fmt::format(" with {}", set.space_name(item.with));
            if (item.region != kNone) choice += fmt::format(" {}", set.region_name(item.region));
            if (item.cancels)
              choice += fmt::format(" cancels {}'s {}", name(item.of), name(*item.cancels));
            add(n, item.loc,
                fmt::format("{}: {}'s {} resolves{}", p, name(item.colour), name(*item.card),
                            choice.empty() ? " (no choice written)" : choice));
          }
          break;
        }
        case StepKind::expand: {
          const ExpandElem& e = t.expands[static_cast<std::size_t>(s.index)];
          std::vector<std::string> ts;
          for (const auto& r : e.reputations)
            ts.push_back(
                fmt::format("reputation {} {}", set.province_name(r.place), r.value.value_or(0)));
          for (const auto& r : e.threats)
            ts.push_back(r.value ? fmt::format("threat {} {}", set.region_name(r.place), *r.value)
                                 : fmt::format("threat {} face down", set.region_name(r.place)));
          std::sort(ts.begin(), ts.end());
          std::string list;
          for (const auto& x : ts)
            list += ", " + x;
          add(n, e.loc,
              fmt::format("expand: side {} at the {}{}",
                          set.sides[static_cast<std::size_t>(e.side)].id,
                          e.right ? "right" : "left", list));
          break;
        }
      }
    }
  }
  std::vector<std::string> end_threats;
  for (const auto& t : rec.end.threats)
    add(0, t.loc,
        fmt::format("at the end: threat {} is {}", set.region_name(t.place), t.value.value_or(0)));
  return out;
}

std::vector<CanonicalItem> History::canonical() const {
  return canonical_moves(*record_);
}

// ---- annotations -------------------------------------------------------------------------------

int History::turn_of_line(std::uint32_t line) const {
  int turn = 0;
  for (std::size_t i = 0; i < record_->turns.size(); ++i)
    if (record_->turns[i].loc.line <= line) turn = static_cast<int>(i) + 1;
  return turn;
}

std::vector<TurnAnnotation> History::annotations() const {
  std::vector<TurnAnnotation> out;
  const auto& seats = outcome_.seat_colours;
  for (int n = 1; n <= static_cast<int>(record_->turns.size()); ++n) {
    TurnAnnotation a;
    a.turn = n;
    for (const auto& d : diagnostics_.items()) {
      if (d.turn != n) continue;
      // Line numbers shift once annotations are written in: name the turn instead.
      std::string follows;
      if (d.follow_on) {
        int from = turn_of_line(d.follows_line);
        follows =
            from ? fmt::format(" (follows from turn {})", from) : " (follows from the set-up)";
      }
      a.lines.push_back(
          fmt::format("{} {}: {}{}", to_string(d.severity()), d.rule, d.message, follows));
    }
    std::array<int, kAllColours> points{};
    std::vector<std::string> why;
    for (const auto& step : outcome_.steps) {
      if (step.turn != n) continue;
      for (int c = 0; c < kAllColours; ++c)
        points[c] += step.points[c];
      if (step.kind == ScoringStep::Kind::province)
        why.push_back(
            fmt::format("{} scored", record_->boards->province_name(step.province->province)));
      if (step.kind == ScoringStep::Kind::bonus)
        why.push_back(fmt::format("{}'s double-wall bonus", name(step.colour)));
    }
    std::string pts = list_points(points, seats);
    if (!pts.empty())
      a.lines.push_back(fmt::format("points this turn: {} ({})", pts, [&] {
        std::string s;
        for (const auto& w : why)
          s += (s.empty() ? "" : "; ") + w;
        return s;
      }()));
    if (n <= turns()) {
      const State& st = state_after(n);
      std::string totals;
      for (Colour c : seats)
        totals += fmt::format("{}{} {}", totals.empty() ? "" : ", ", name(c), st.colour(c).score);
      a.lines.push_back(fmt::format("totals: {}", totals));
    } else {
      a.lines.push_back("not replayed: the game had ended");
    }
    out.push_back(std::move(a));
  }
  TurnAnnotation end;
  end.turn = 0;
  Explanation ex = explanation();
  for (const auto& d : diagnostics_.items())
    if (d.turn == 0 && d.kind != FindingKind::format)
      end.lines.push_back(fmt::format("{} {}: {}", to_string(d.severity()), d.rule, d.message));
  for (const auto& step : ex.steps) {
    if (step.turn != 0) continue;
    std::string pts;
    for (const auto& [c, p] : step.points)
      pts += fmt::format("{}{} {:+}", pts.empty() ? "" : ", ", c, p);
    end.lines.push_back(fmt::format("{}: {}", step.title, pts.empty() ? "no points" : pts));
  }
  std::string totals;
  for (const auto& [c, p] : ex.totals)
    totals += fmt::format("{}{} {}", totals.empty() ? "" : ", ", c, p);
  end.lines.push_back(
      fmt::format("{}: {}", ex.finished ? "final scores" : "scores reached", totals));
  for (const auto& note : ex.notes)
    end.lines.push_back(note);
  out.push_back(std::move(end));
  return out;
}

std::vector<LegendEntry> History::legend() const {
  return {
      {"empty", "", "an empty wall space (its number below)"},
      {"empty claimed", "",
       fmt::format("an empty wall space claimed by a card on its province ({})", rule::CC_407)},
      {"neutral wall", "", "a wall (in its owner's colour; grey: a neutral wall)"},
      {"neutral double", "", "half of a double wall (thin black outline)"},
      {"neutral tower", "", "a tower (thick black outline)"},
      {"neutral wall destroyed", "", "a wall destroyed by a traitor (pale, struck through)"},
      {"neutral card", "", "an action card face down on a province (its owner's colour)"},
      {"region", "",
       "a Mongol region north of the wall: its id and threat token (? not yet known)"},
      {"region removed", "", "a Mongol region removed from play"},
      {"province", "", "a Chinese province south of the wall: its id and reputation token"},
      {"province scored", "", "a province already scored"},
      {"", "=", "a double wall"},
      {"", "♛", "the province holds an emperor card (it counts towards the next expansion)"},
      {"", "1A.W3 1A.P2 1A.M1", "side 1A's wall space 3, province 2, Mongol region 1"},
  };
}

}  // namespace wallaudit::cc
