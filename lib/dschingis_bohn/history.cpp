#include "dschingis_bohn/history.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>

namespace wallaudit::db {

namespace {

constexpr std::size_t kWidth = 80;

std::string card_code(const SpaceState& sp) {
  if (!sp.card) return "----";
  switch (*sp.card) {
    case Card::camp:
      return "camp";
    case Card::village:
      return "vill";
    case Card::city:
      return sp.razed ? "ruin" : "city";
    case Card::rice_field:
      return "rice";
    case Card::forest:
      return "frst";
    case Card::steppe_1:
      return "stp1";
    case Card::steppe_2:
      return "stp2";
    case Card::steppe_3:
      return "stp3";
    case Card::river:
      return "~~~~";
    case Card::diamond_field:
      return "diam";
  }
  return "----";
}

std::string card_title(const SpaceState& sp) {
  if (!sp.card) return "no card";
  return sp.razed ? std::string("razed city") : std::string(name(*sp.card));
}

// One line of text built from spans placed at columns.
struct Placed {
  std::size_t column;
  std::string text;
  std::string style;
};

StyledLine compose(std::vector<Placed> items) {
  std::sort(items.begin(), items.end(),
            [](const Placed& a, const Placed& b) { return a.column < b.column; });
  StyledLine line;
  std::size_t at = 0;
  for (auto& p : items) {
    if (p.column > at) line.push_back({std::string(p.column - at, ' '), ""});
    at = std::max(at, p.column) + p.text.size();
    line.push_back({std::move(p.text), std::move(p.style)});
  }
  return line;
}

std::string clip(std::string s, std::size_t width) {
  if (s.size() <= width) return s;
  s.resize(width - 3);
  return s + "...";
}

std::string slot_text(Slot s) {
  return s == kUnknown ? std::string("?") : std::string(name(static_cast<Bean>(s)));
}

std::string field_text(const std::vector<Bean>& f) {
  if (f.empty()) return "empty";
  bool mixed = std::any_of(f.begin(), f.end(), [&](Bean b) { return b != f.front(); });
  if (mixed) return bean_list(f);
  return fmt::format("{} x{}", name(f.front()), f.size());
}

}  // namespace

std::vector<std::string> History::colours() const {
  std::vector<std::string> out;
  for (Colour c : outcome_.seats)
    out.emplace_back(name(c));
  return out;
}

// ---- frames ------------------------------------------------------------------------------

Frame History::frame(int turn) const {
  Frame f;
  turn = std::clamp(turn, 0, turns());
  f.turn = turn;
  const TurnSnapshot& snap = outcome_.snapshots[static_cast<std::size_t>(turn)];
  const State& st = *snap.state;
  const MapDef& map = st.map();
  f.label = turn == 0
                ? std::string("after set-up")
                : fmt::format("after turn {} ({}){}", turn, name(snap.colour),
                              st.over() && outcome_.end_turn == turn ? ", the game ends" : "");
  for (int s = 0; s < st.players(); ++s)
    f.scores.emplace_back(std::string(name(st.player(s).colour)), st.vp(s));

  // The map as text.
  TextBlock mapblock;
  mapblock.title = fmt::format("Map \"{}\"{}", map.name, map.modelled ? " (modelled)" : "");
  int minx = 0, maxx = 0, miny = 0, maxy = 0;
  bool grid = map.has_coordinates();
  if (grid) {
    minx = maxx = *map.spaces.front().x;
    miny = maxy = *map.spaces.front().y;
    for (const auto& s : map.spaces) {
      minx = std::min(minx, *s.x), maxx = std::max(maxx, *s.x);
      miny = std::min(miny, *s.y), maxy = std::max(maxy, *s.y);
    }
    if (static_cast<std::size_t>(maxx - minx) * 5 + 10 > kWidth || maxy - miny > 60) grid = false;
  }
  auto owner_span = [&](const SpaceState& sp) -> std::pair<std::string, std::string> {
    if (sp.card == Card::river) return {"", ""};
    if (sp.owner < 0) return {".", "dim"};
    std::string c(name(st.player(sp.owner).colour));
    return {c, c};
  };
  if (grid) {
    for (int y = miny; y <= maxy; ++y) {
      std::vector<Placed> top, bottom;
      for (SpaceId s = 0; s < map.size(); ++s) {
        const SpaceDef& d = map.spaces[static_cast<std::size_t>(s)];
        if (*d.y != y) continue;
        const SpaceState& sp = st.space(s);
        std::size_t col = static_cast<std::size_t>(*d.x - minx) * 5;
        top.push_back(
            {col, fmt::format("{} {}", d.id, card_code(sp)), sp.card == Card::river ? "dim" : ""});
        auto [text, style] = owner_span(sp);
        if (!text.empty()) bottom.push_back({col + 1, text, style});
      }
      if (top.empty()) continue;
      mapblock.lines.push_back(compose(std::move(top)));
      mapblock.lines.push_back(compose(std::move(bottom)));
    }
  } else {
    std::vector<Placed> row;
    for (SpaceId s = 0; s < map.size(); ++s) {
      const SpaceDef& d = map.spaces[static_cast<std::size_t>(s)];
      const SpaceState& sp = st.space(s);
      std::size_t col = row.size() / 2 * 20;
      row.push_back({col, fmt::format("{} {}", clip(d.id, 8), card_code(sp)), ""});
      auto [text, style] = owner_span(sp);
      row.push_back({col + d.id.size() + 6, text.empty() ? "~" : text, style});
      if (row.size() == 8) mapblock.lines.push_back(compose(std::move(row))), row.clear();
    }
    if (!row.empty()) mapblock.lines.push_back(compose(std::move(row)));
  }
  mapblock.lines.push_back(
      {{"camp, city, vill=village, ruin=razed city, rice=rice field, frst=forest,", "dim"}});
  mapblock.lines.push_back(
      {{"stp1-3=steppes, diam=diamond field, ~~~~ river; below a space its owner", "dim"}});
  f.blocks.push_back(std::move(mapblock));

  // The players.
  TextBlock players;
  players.title = "Players (? a card the record has not named)";
  for (int s = 0; s < st.players(); ++s) {
    const PlayerState& p = st.player(s);
    std::string colour(name(p.colour));
    std::string cav;
    for (int k = 1; k <= 3; ++k)
      if (st.cavalry_owner(k) == s)
        cav += fmt::format(" cavalry {}{}", k, st.cavalry_exhausted(k) ? " (exhausted)" : "");
    players.lines.push_back(
        {{fmt::format("{:<7}", colour), colour},
         {clip(fmt::format(" {:>2} VP  {}  treasury {}{}{}{}", st.vp(s),
                           fmt::format("{} territor{}", st.territories(s),
                                       st.territories(s) == 1 ? "y" : "ies"),
                           p.treasury.size(),
                           p.has_cart ? fmt::format("  cart {}", p.cart.size()) : "",
                           p.razing_points ? fmt::format("  razed {}", p.razing_points) : "", cav),
               kWidth - 7),
          ""}});
    std::string fields =
        fmt::format("field 1: {}, field 2: {}", field_text(p.fields[0]), field_text(p.fields[1]));
    if (p.field3) fields += fmt::format(", field 3: {}", field_text(p.fields[2]));
    players.lines.push_back({{clip(fmt::format("        {}", fields), kWidth), ""}});
    if (!p.treasury.empty()) {
      // Runs of one kind as "soy x3", top first.
      std::string thalers;
      for (auto it = p.treasury.rbegin(); it != p.treasury.rend();) {
        auto run = std::find_if(it, p.treasury.rend(), [&](Bean b) { return b != *it; });
        auto n = std::distance(it, run);
        thalers += fmt::format("{}{}{}", thalers.empty() ? "" : ", ", name(*it),
                               n > 1 ? fmt::format(" x{}", n) : "");
        it = run;
      }
      players.lines.push_back(
          {{clip(fmt::format("        thalers, top first: {}", thalers), kWidth), ""}});
    }
    std::string hand;
    for (Slot x : p.hand)
      hand += fmt::format("{}{}", hand.empty() ? "" : " ", slot_text(x));
    players.lines.push_back(
        {{clip(fmt::format("        hand {}: {}", p.hand.size(), hand.empty() ? "empty" : hand),
               kWidth),
          "dim"}});
    if (!p.to_plant.empty())
      players.lines.push_back(
          {{clip(fmt::format("        to plant: {}", bean_list(p.to_plant)), kWidth), ""}});
  }
  f.blocks.push_back(std::move(players));

  TextBlock deck;
  deck.title = "Deck and cavalry";
  bool hidden =
      std::any_of(st.deck().begin(), st.deck().end(), [](Slot x) { return x == kUnknown; });
  deck.lines.push_back({{fmt::format("deck {} card{} ({}), discard pile {}, exhaustions {} of 3",
                                     st.deck().size(), st.deck().size() == 1 ? "" : "s",
                                     st.deck().empty() ? "empty"
                                     : hidden          ? "order hidden"
                                                       : "order known",
                                     st.discard().size(), st.exhaustions()),
                         ""}});
  std::string cavalry;
  for (int k = 1; k <= 3; ++k) {
    int o = st.cavalry_owner(k);
    cavalry += fmt::format("{}cavalry {}: {}", k > 1 ? "; " : "", k,
                           !st.cavalry_in_play(k) ? std::string("not in play")
                           : o < 0                ? std::string("nobody")
                                                  : fmt::format("{}{}", name(st.player(o).colour),
                                                 st.cavalry_exhausted(k) ? " (exhausted)" : ""));
  }
  deck.lines.push_back({{clip(cavalry, kWidth), ""}});
  if (st.over())
    deck.lines.push_back({{st.end_reason() == EndReason::last_territory
                               ? "the game is over: a player lost his last territory"
                               : "the game is over: the deck ran out for the third time",
                           "bold"}});
  f.blocks.push_back(std::move(deck));

  // The scene.
  const double r = 34.64, unit = 30, row = 52, margin = 44;
  std::vector<std::pair<double, double>> centre(static_cast<std::size_t>(map.size()));
  bool coords = map.has_coordinates();
  int cminx = 0, cminy = 0;
  if (coords) {
    cminx = *map.spaces.front().x, cminy = *map.spaces.front().y;
    for (const auto& s : map.spaces)
      cminx = std::min(cminx, *s.x), cminy = std::min(cminy, *s.y);
    if (map.size() > 400) coords = false;
  }
  double width = 0, height = 0;
  for (SpaceId s = 0; s < map.size(); ++s) {
    const SpaceDef& d = map.spaces[static_cast<std::size_t>(s)];
    double cx, cy;
    if (coords) {
      cx = margin + (*d.x - cminx) * unit;
      cy = margin + (*d.y - cminy) * row;
    } else {
      cx = margin + (s % 8) * 2 * unit + ((s / 8) % 2) * unit;
      cy = margin + (s / 8) * row;
    }
    centre[static_cast<std::size_t>(s)] = {cx, cy};
    width = std::max(width, cx + margin);
    height = std::max(height, cy + margin);
  }
  if (width > 4000 || height > 4000) {
    // Coordinates far apart: fall back to rows of eight.
    width = height = 0;
    for (SpaceId s = 0; s < map.size(); ++s) {
      double cx = margin + (s % 8) * 2 * unit + ((s / 8) % 2) * unit;
      double cy = margin + (s / 8) * row;
      centre[static_cast<std::size_t>(s)] = {cx, cy};
      width = std::max(width, cx + margin);
      height = std::max(height, cy + margin);
    }
  }
  for (SpaceId s = 0; s < map.size(); ++s) {
    const SpaceDef& d = map.spaces[static_cast<std::size_t>(s)];
    const SpaceState& sp = st.space(s);
    auto [cx, cy] = centre[static_cast<std::size_t>(s)];
    std::vector<double> hex;
    for (int k = 0; k < 6; ++k) {
      double a = M_PI / 180 * (60 * k - 30);
      hex.push_back(std::round((cx + (r - 1) * std::cos(a)) * 10) / 10);
      hex.push_back(std::round((cy + (r - 1) * std::sin(a)) * 10) / 10);
    }
    std::string style = sp.card == Card::river  ? "region"
                        : sp.card == Card::city ? "province"
                        : sp.card == Card::camp && map.is_camp_site(st.players(), s)
                            ? "province scored"
                            : "empty";
    std::string title =
        fmt::format("{}: {}{}", d.id, card_title(sp),
                    sp.owner >= 0 ? fmt::format(", {}'s", name(st.player(sp.owner).colour))
                    : sp.card == Card::river ? std::string()
                                             : std::string(", neutral"));
    f.scene.shapes.push_back({Shape::Kind::polygon, hex, style, "", title, ""});
    f.scene.places.push_back({d.id, cx - 0.87 * r, cy - r, 1.74 * r, 2 * r});  // pointy-top hex
    f.scene.shapes.push_back({Shape::Kind::text,
                              {cx - 16, cy - 14},
                              "space-label",
                              fmt::format("{} {}", d.id, card_code(sp)),
                              "",
                              ""});
    if (sp.owner >= 0) {
      std::string colour(name(st.player(sp.owner).colour));
      f.scene.shapes.push_back({Shape::Kind::circle,
                                {cx, cy + 8, 11},
                                colour,
                                "",
                                fmt::format("{}'s marker on {} ({})", colour, d.id, card_title(sp)),
                                d.id});
      ++f.pieces_on_board;
    }
  }
  f.scene.width = std::ceil(width);
  f.scene.height = std::ceil(height);
  return f;
}

// ---- explain -------------------------------------------------------------------------------

Explanation History::explanation() const {
  Explanation ex;
  ex.colours = colours();
  ex.finished = outcome_.finished;
  const State& st = *outcome_.snapshots.back().state;
  const MapDef& map = st.map();
  auto colour_of = [&](int seat) {
    return std::string(name(outcome_.seats[static_cast<std::size_t>(seat)]));
  };
  auto space_id = [&](SpaceId s) { return map.spaces[static_cast<std::size_t>(s)].id; };

  struct Item {
    int turn;
    SourceLoc loc;
    ExplainStep step;
  };
  std::vector<Item> items;
  for (const auto& b : outcome_.battles) {
    const BattleResult& r = b.result;
    ExplainStep e;
    e.turn = b.turn;
    e.loc = b.loc;
    e.kind = "battle";
    std::string card =
        r.card ? (r.razed_before ? std::string("razed city") : std::string(name(*r.card)))
               : std::string("no card");
    std::string defender = r.defender < 0 ? std::string("neutral") : colour_of(r.defender) + "'s";
    e.title = fmt::format("{} attacks {} ({}, {})", colour_of(r.attacker), space_id(r.target), card,
                          defender);
    e.lines.push_back(r.paid ? std::string("paid 1 thaler")
                             : std::string("paid nothing: the treasury was empty (DB-412)"));
    JsonValue::Array rounds;
    for (std::size_t i = 0; i < r.rounds.size(); ++i) {
      const RoundResult& x = r.rounds[i];
      std::string attack =
          x.attack == AttackSource::cavalry ? fmt::format("cavalry {} (strength 17)", x.cavalry)
          : x.attack_card
              ? fmt::format("{} from the {} ({})", name(*x.attack_card),
                            x.attack == AttackSource::hand ? "hand" : "deck", x.attack_strength)
              : std::string("no card: deck and discard pile empty (0)");
      std::string defence =
          x.defence_card
              ? fmt::format("{} from the {} ({})", name(*x.defence_card),
                            x.defence_from_hand ? "hand" : "deck", x.defence_card_strength)
              : std::string("no card (0)");
      if (x.defence_strength > x.defence_card_strength)
        defence += fmt::format(", raised to the {} minimum {}", card, x.defence_strength);
      e.lines.push_back(fmt::format("round {}: {} against {}: {}", i + 1, attack, defence,
                                    x.won ? "the attack wins" : "the defence holds (ties too)"));
      JsonValue::Object o;
      o.emplace_back("attack", x.attack == AttackSource::cavalry ? "cavalry"
                               : x.attack == AttackSource::hand  ? "hand"
                                                                 : "deck");
      o.emplace_back("attack_strength", x.attack_strength);
      o.emplace_back("defence_strength", x.defence_strength);
      o.emplace_back("won", x.won);
      rounds.emplace_back(std::move(o));
    }
    if (r.cavalry_exhausted) e.lines.push_back("the cavalry lost a round and is exhausted");
    if (r.captured) {
      int held = r.card ? flags(*r.card, r.razed_before) : 1;
      int gain = r.razed ? 2 : held;  // a ruin (1) and the razing point (1)
      e.lines.push_back(fmt::format("captured: {} +{} VP{}", colour_of(r.attacker), gain,
                                    r.defender >= 0
                                        ? fmt::format(", {} -{} VP", colour_of(r.defender), held)
                                        : std::string()));
      if (r.cavalry_taken)
        e.lines.push_back(
            fmt::format("cavalry {} passes to {}", r.cavalry_taken, colour_of(r.attacker)));
      if (r.razed)
        e.lines.push_back(
            fmt::format("the city is razed (razing=on): 1 VP as a ruin, and {} "
                        "gains 1 VP for good",
                        colour_of(r.attacker)));
    } else {
      e.lines.push_back("repelled: nothing changes hands");
    }
    if (r.ended == EndReason::last_territory)
      e.lines.push_back(
          fmt::format("{} holds no territory now: the game ends (DB-1001)", colour_of(r.defender)));
    if (r.third_exhaustion)
      e.lines.push_back(
          "the deck ran out for the third time during the battle: the game ends "
          "after it (DB-1002)");
    if (b.claimed_capture)
      e.lines.push_back(fmt::format("claimed {}, recomputed {}",
                                    *b.claimed_capture ? "captured" : "repelled",
                                    r.captured ? "captured" : "repelled"));
    for (std::size_t s = 0; s < b.vp_after.size(); ++s)
      e.totals_after.emplace_back(colour_of(static_cast<int>(s)), b.vp_after[s]);
    JsonValue::Object d;
    d.emplace_back("target", space_id(r.target));
    d.emplace_back("card", card);
    d.emplace_back("attacker", colour_of(r.attacker));
    d.emplace_back("defender", r.defender < 0 ? JsonValue() : JsonValue(colour_of(r.defender)));
    d.emplace_back("rounds", std::move(rounds));
    d.emplace_back("captured", r.captured);
    d.emplace_back("claimed",
                   b.claimed_capture
                       ? JsonValue(std::string(*b.claimed_capture ? "captured" : "repelled"))
                       : JsonValue());
    e.details = JsonValue(std::move(d));
    items.push_back({b.turn, b.loc, std::move(e)});
  }
  for (const auto& h : outcome_.harvests) {
    ExplainStep e;
    e.turn = h.turn;
    e.loc = h.loc;
    e.kind = "harvest";
    e.title = fmt::format("{} harvests field {}", colour_of(h.seat), h.field);
    if (h.result.cards) {
      std::string meter;
      for (int v : bean_o_meter(h.result.bean))
        meter += fmt::format("{}{}", meter.empty() ? "" : "/", v ? std::to_string(v) : "-");
      e.lines.push_back(fmt::format("{} {}, bean-o-meter {}: {} thaler{}", h.result.cards,
                                    name(h.result.bean), meter, h.result.coins,
                                    h.result.coins == 1 ? "" : "s"));
    } else {
      e.lines.push_back("the field was empty: nothing harvested");
    }
    // What the record claims and what was recomputed, figure for figure (as the other games
    // show their claims); a dispute is the check's finding, listed at the end of explain.
    std::string claims, recomputed;
    auto both = [&](const std::string& claim, const std::string& value) {
      claims += (claims.empty() ? "" : ", ") + claim;
      recomputed += (recomputed.empty() ? "" : ", ") + value;
    };
    auto thalers = [](int n) { return fmt::format("{} thaler{}", n, n == 1 ? "" : "s"); };
    auto cards = [](int n) { return fmt::format("{} card{}", n, n == 1 ? "" : "s"); };
    if (h.claimed_coins) both(thalers(*h.claimed_coins), thalers(h.result.coins));
    if (h.claimed_cards) both(cards(*h.claimed_cards), cards(h.result.cards));
    if (h.claimed_bean)
      both(std::string(name(*h.claimed_bean)),
           h.result.cards ? std::string(name(h.result.bean)) : std::string("no bean"));
    if (!claims.empty())
      e.lines.push_back(fmt::format("claimed {}{} recomputed {}", claims,
                                    claims.find(',') == std::string::npos ? "," : ";", recomputed));
    JsonValue::Object d;
    d.emplace_back("colour", colour_of(h.seat));
    d.emplace_back("field", h.field);
    d.emplace_back("bean",
                   h.result.cards ? JsonValue(std::string(name(h.result.bean))) : JsonValue());
    d.emplace_back("cards", h.result.cards);
    d.emplace_back("coins", h.result.coins);
    d.emplace_back("claimed_coins", h.claimed_coins ? JsonValue(*h.claimed_coins) : JsonValue());
    e.details = JsonValue(std::move(d));
    items.push_back({h.turn, h.loc, std::move(e)});
  }
  for (const auto& c : outcome_.vp_claims) {
    ExplainStep e;
    e.turn = c.turn;
    e.loc = c.loc;
    e.kind = "vp-claim";
    e.title = fmt::format("{} claims {} VP", name(c.colour), c.claimed);
    if (c.seat >= 0) {
      e.claimed.emplace_back(std::string(name(c.colour)), c.claimed);
      e.claims_totals = true;
      e.recomputed_totals.emplace_back(std::string(name(c.colour)), c.recomputed);
    }
    e.lines.push_back(
        c.seat < 0 ? fmt::format("{} is not at the table (DB-1005)", name(c.colour))
                   : fmt::format("claimed {} VP, recomputed {} VP here", c.claimed, c.recomputed));
    JsonValue::Object d;
    d.emplace_back("colour", std::string(name(c.colour)));
    d.emplace_back("claimed", c.claimed);
    d.emplace_back("recomputed", c.seat < 0 ? JsonValue() : JsonValue(c.recomputed));
    e.details = JsonValue(std::move(d));
    items.push_back({c.turn, c.loc, std::move(e)});
  }
  std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
    return a.turn != b.turn ? a.turn < b.turn : a.loc < b.loc;
  });
  for (auto& item : items)
    ex.steps.push_back(std::move(item.step));

  // The territories held at the end (or at the end of the record): the VP themselves.
  for (int s = 0; s < st.players(); ++s) {
    ExplainStep e;
    e.turn = 0;
    e.loc = record_->end.present ? record_->end.loc : SourceLoc{};
    e.kind = "territories";
    e.title = fmt::format("{}'s territories", colour_of(s));
    JsonValue::Array held;
    int total = 0;
    std::string line;
    for (SpaceId sp = 0; sp < map.size(); ++sp) {
      const SpaceState& x = st.space(sp);
      if (x.owner != s || !x.card) continue;
      int fl = flags(*x.card, x.razed);
      total += fl;
      line += fmt::format("{}{} {} {}", line.empty() ? "" : ", ", space_id(sp), card_title(x), fl);
      JsonValue::Object o;
      o.emplace_back("space", space_id(sp));
      o.emplace_back("card", card_title(x));
      o.emplace_back("vp", fl);
      held.emplace_back(std::move(o));
    }
    e.lines.push_back(line.empty() ? std::string("no territory") : line);
    int razing = st.player(s).razing_points;
    if (razing) e.lines.push_back(fmt::format("razing: {} VP for good (DB-909)", razing));
    e.lines.push_back(
        fmt::format("{} VP (city 3, razed city 1, river 0, every other "
                    "territory 1; DB-1004)",
                    total + razing));
    e.points.emplace_back(colour_of(s), total + razing);
    JsonValue::Object d;
    d.emplace_back("territories", std::move(held));
    d.emplace_back("razing", razing);
    e.details = JsonValue(std::move(d));
    ex.steps.push_back(std::move(e));
  }
  for (int s = 0; s < st.players(); ++s)
    ex.totals.emplace_back(colour_of(s), st.vp(s));
  for (const auto& f : record_->end.finals)
    ex.final_claims.emplace_back(std::string(name(f.colour)), f.vp);
  ex.final_claims_loc = record_->end.loc;
  for (int s : outcome_.winners)
    ex.winners.push_back(colour_of(s));
  if (outcome_.finished)
    ex.notes.push_back(outcome_.reason == EndReason::last_territory
                           ? fmt::format("the game ended in turn {}: a player lost his last "
                                         "territory (DB-1001)",
                                         outcome_.end_turn)
                           : fmt::format("the game ended in turn {}: the deck ran out for the "
                                         "third time (DB-503)",
                                         outcome_.end_turn));
  else
    ex.notes.push_back(fmt::format(
        "the record ends before the game does (the deck ran out {} time{}): the VP are those "
        "reached",
        st.exhaustions(), st.exhaustions() == 1 ? "" : "s"));
  ex.notes.push_back(fmt::format("{} battle{}, {} captured", outcome_.battles.size(),
                                 outcome_.battles.size() == 1 ? "" : "s",
                                 std::count_if(outcome_.battles.begin(), outcome_.battles.end(),
                                               [](auto& b) { return b.result.captured; })));
  if (!outcome_.result_sentence.empty()) ex.notes.push_back(outcome_.result_sentence);
  return ex;
}

std::vector<CanonicalItem> History::canonical() const {
  return canonical_moves(*record_);
}

// ---- annotations -------------------------------------------------------------------------------

std::vector<TurnAnnotation> History::annotations() const {
  std::vector<TurnAnnotation> out;
  const MapDef& map = *record_->map;
  auto colour_of = [&](int seat) {
    return std::string(name(outcome_.seats[static_cast<std::size_t>(seat)]));
  };
  for (int n = 1; n <= static_cast<int>(record_->turns.size()); ++n) {
    TurnAnnotation a;
    a.turn = n;
    for (const auto& d : diagnostics_.items()) {
      if (d.turn != n) continue;
      a.lines.push_back(
          fmt::format("{} {}: {}{}", to_string(d.severity()), d.rule, d.message,
                      d.follow_on ? fmt::format(" (follows from line {})", d.follows_line) : ""));
    }
    for (const auto& b : outcome_.battles) {
      if (b.turn != n) continue;
      const BattleResult& r = b.result;
      a.lines.push_back(fmt::format(
          "battle for {}: {}{}{}", map.spaces[static_cast<std::size_t>(r.target)].id,
          r.captured ? "captured by " + colour_of(r.attacker) : std::string("repelled"),
          r.cavalry_taken ? fmt::format(", with cavalry {}", r.cavalry_taken) : "",
          r.ended == EndReason::last_territory ? "; the game ends (last territory)" : ""));
    }
    if (n <= turns()) {
      const State& st = *outcome_.snapshots[static_cast<std::size_t>(n)].state;
      std::string totals;
      for (int s = 0; s < st.players(); ++s)
        totals += fmt::format("{}{} {}", totals.empty() ? "" : ", ", colour_of(s), st.vp(s));
      a.lines.push_back(fmt::format("VP after the turn: {}", totals));
      a.lines.push_back(fmt::format("deck {}, discard pile {}, exhaustions {}{}", st.deck().size(),
                                    st.discard().size(), st.exhaustions(),
                                    st.over() && outcome_.end_turn == n ? "; the game ends" : ""));
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
  for (const auto& step : ex.steps)
    if (step.turn == 0 && !step.lines.empty())
      end.lines.push_back(fmt::format("{}: {}", step.title, step.lines.front()));
  std::string totals;
  for (const auto& [c, p] : ex.totals)
    totals += fmt::format("{}{} {}", totals.empty() ? "" : ", ", c, p);
  end.lines.push_back(fmt::format("{}: {}", ex.finished ? "final VP" : "VP reached", totals));
  for (const auto& note : ex.notes)
    end.lines.push_back(note);
  out.push_back(std::move(end));
  return out;
}

std::vector<LegendEntry> History::legend() const {
  return {
      {"empty", "", "a space of the map: its id and the card on it"},
      {"province", "", "a city (ruin: razed)"},
      {"province scored", "", "a camp on a camp site"},
      {"region", "", "a river"},
      {"neutral", "", "a player's marker: the territory is held"},
      {"", "camp vill city ruin rice frst", "camp, village, city, razed city, rice field, forest"},
      {"", "stp1 stp2 stp3 ~~~~", "steppe 1, 2 or 3, river"},
      {"", "diam ----", "diamond field, no card"},
  };
}

}  // namespace wallaudit::db
