#include "catan_great_wall/legal.hpp"

#include "catan_great_wall/rule_ids.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace wallaudit::ct {

namespace {

// A vertex or edge by its name through a hex in play with `players` (a land hex where there is
// one), or its canonical name when no hex around it is in play.
PlaceName name_of(const Board& board, int index, bool vertex, int players) {
  const int* around = vertex ? board.vertex(index).hexes.data() : board.edge(index).hexes.data();
  const int count = vertex ? 3 : 2;
  PlaceName best;
  bool best_land = false;
  for (int k = 0; k < count; ++k) {
    const int h = around[k];
    if (h < 0 || !board.hex_in_play(h, players)) continue;
    for (int p = 0; p < 6; ++p) {
      if ((vertex ? board.corner(h, p) : board.side(h, p)) != index) continue;
      const bool land = board.hexes[ix(h)].land();
      if (best.hex < 0 || (land && !best_land)) {
        best = PlaceName{h, p};
        best_land = land;
      }
    }
  }
  if (best.hex >= 0) return best;
  std::string text = vertex ? board.vertex_name(index) : board.edge_name(index);
  std::size_t dot = text.rfind('.');
  std::string_view part = std::string_view(text).substr(dot + 1);
  auto p = vertex ? parse_corner(part) : parse_side(part);
  return PlaceName{board.find_hex(text.substr(0, dot)), p ? *p : -1};
}

// Every choice of `count` cards out of `hand`.
void choices(const Cards& hand, int count, int from, Cards& chosen, std::vector<Cards>& out) {
  if (count == 0) {
    out.push_back(chosen);
    return;
  }
  for (int r = from; r < kResources; ++r) {
    if (chosen[ix(r)] >= hand[ix(r)]) continue;
    ++chosen[ix(r)];
    choices(hand, count - 1, r, chosen, out);
    --chosen[ix(r)];
  }
}

// Whether a road of `c` on the free edge `e` would join c's network: an end holds c's
// building, or is free of other colours' buildings and meets another road of c (CT-604).
bool joins_network(const State& st, Colour c, int e) {
  const Board& b = st.board();
  if (st.road_owner(e)) return false;
  const EdgeInfo& edge = b.edge(e);
  for (int v : {edge.a, edge.b}) {
    std::optional<Colour> owner = st.vertex_owner(v);
    if (owner == c) return true;
    if (owner) continue;
    for (int other : b.vertex(v).edges)
      if (other >= 0 && other != e && st.road_owner(other) == c) return true;
  }
  return false;
}

// Whether a settlement of `c` on `v` could stand: the vertex and its neighbours free (CT-605)
// and a road of c at it (CT-604).
bool settlement_site(const State& st, Colour c, int v) {
  const VertexInfo& info = st.board().vertex(v);
  if (st.vertex_owner(v)) return false;
  for (int a : info.adjacent)
    if (a >= 0 && st.vertex_owner(a)) return false;
  return std::any_of(info.edges.begin(), info.edges.end(),
                     [&](int e) { return e >= 0 && st.road_owner(e) == c; });
}

// Whether `c` holds a development card not yet played (only such a card can be played).
bool holds_unplayed(const State& st, Colour c) {
  const std::vector<DevEntry>& devs = st.player(c).devs;
  return std::any_of(devs.begin(), devs.end(), [](const DevEntry& d) { return !d.played; });
}

// Whether every rule `vs` names is the count of a knight's actions under knight-actions =
// exactly-two (CT-803 on the card as a whole, ref -1), the one fault of a knight play that
// depends on how many actions it has rather than on what each does.
bool only_count(const Violations& vs) {
  return std::all_of(vs.begin(), vs.end(),
                     [](const Finding& v) { return v.rule == rule::CT_803 && v.ref < 0; });
}

// One action of a knight (CT-803): A (move-hun), B (chase-hun), or C (the pirate, followed by
// its steal where there is a victim).
struct KnightUnit {
  std::vector<KnightMove> moves;  // one, or the pirate and its steal
  bool sound = false;  // breaks nothing as the knight's only action, the count of exactly-two
                       // aside
  bool alone = false;  // legal as the knight's only action
  KnightAction::Kind kind() const { return moves.front().kind; }
};

// Every legal play of a knight by `c`: the card alone, with one action and with two, in the
// recorded order (CT-803). Each action alone is applied to a copy of the state once; a pair is
// then decided from its two actions alone, except where the second reads what the first wrote,
// which is tried on a copy. What each action reads and writes, in State::play_card:
// - A (move-hun FROM TO) reads the Huns on FROM and writes those on FROM and TO;
// - B (chase-hun HEX NUMERAL) reads and writes the Huns on HEX and the bag's NUMERAL;
// - C (pirate HEX, steal COLOUR CARD) reads and writes the pirate's hex, the hands of the thief
//   and the victim, and that C was performed; no other action reads these;
// the card itself (timing, which card is played) is judged alike whatever its actions, and the
// count of exactly-two falls only on a knight with fewer than two actions.
void knight_plays(const State& st, Colour c, LegalActions& out) {
  const std::shared_ptr<const Board> board = st.board_ptr();
  const Board& b = *board;
  Move knight(board, c, Move::Kind::play_card);
  knight.dev = DevCard::knight;
  auto judge = [&](std::vector<KnightMove> moves) {
    Move m = knight;
    m.knight = std::move(moves);
    State copy = st;
    return apply_move(copy, m);
  };
  auto list = [&](std::vector<KnightMove> moves) {
    Move m = knight;
    m.knight = std::move(moves);
    out.listed.push_back(std::make_unique<Move>(std::move(m)));
  };
  // The card alone: when it breaks anything but the count, no knight can be played.
  const Violations bare = judge({});
  if (!only_count(bare)) return;
  if (bare.empty()) list({});

  std::vector<KnightUnit> units;
  auto unit = [&](std::vector<KnightMove> moves) {
    KnightUnit u;
    const Violations vs = judge(moves);
    u.moves = std::move(moves);
    u.sound = only_count(vs);
    u.alone = vs.empty();
    units.push_back(std::move(u));
  };
  // A: every move between two different places in play, whether or not FROM holds a Hun now
  // (the first action may bring one there).
  for (const GatheringDef& from : b.gatherings)
    for (const GatheringDef& to : b.gatherings) {
      if (&from == &to || !in_play(from.in, st.players()) || !in_play(to.in, st.players()))
        continue;
      KnightMove m;
      m.kind = KnightAction::Kind::move_hun;
      m.from = from.numeral;
      m.to = to.numeral;
      unit({m});
    }
  // B: a land hex in play holding a Hun, a numeral in play with a Hun outside the bag.
  for (int h = 0; h < static_cast<int>(b.hexes.size()); ++h) {
    if (!b.hexes[ix(h)].land() || !b.hex_in_play(h, st.players()) || st.hex_huns(h) == 0) continue;
    for (int n = 0; n < kNumerals; ++n) {
      if (!st.numeral_in_play(n) || st.bag(n) >= b.huns_per_numeral) continue;
      KnightMove m;
      m.kind = KnightAction::Kind::chase_hun;
      m.hex = h;
      m.numeral = n;
      unit({m});
    }
  }
  // C: the pirate's hex and the steal are judged apart and combined. The state judges the hex
  // (ref 0) whatever the steal, and the steal (ref 1) whatever the hex, since it reads only the
  // hands and that the pirate moved just before.
  std::vector<KnightMove> pirates, steals;
  for (int h = 0; h < static_cast<int>(b.hexes.size()); ++h) {
    if (b.hexes[ix(h)].land() || !b.hex_in_play(h, st.players()) || h == st.pirate()) continue;
    KnightMove m;
    m.kind = KnightAction::Kind::pirate;
    m.hex = h;
    pirates.push_back(m);
  }
  for (Colour x : st.seats())
    for (int r = 0; r < kResources; ++r) {
      if (x == c || st.player(x).hand[ix(r)] == 0) continue;
      KnightMove m;
      m.kind = KnightAction::Kind::steal;
      m.colour = x;
      m.card = static_cast<Resource>(r);
      steals.push_back(m);
    }
  if (steals.empty()) {
    for (const KnightMove& p : pirates)
      unit({p});
  } else if (!pirates.empty()) {
    auto clear_of = [](const Violations& vs, int ref) {
      return std::none_of(vs.begin(), vs.end(), [&](const Finding& v) { return v.ref == ref; });
    };
    std::vector<KnightMove> hexes, victims;
    for (const KnightMove& p : pirates)
      if (clear_of(judge({p, steals.front()}), 0)) hexes.push_back(p);
    bool counted = false;  // whether a C alone falls short of exactly-two
    for (const KnightMove& s : steals) {
      const Violations vs = judge({pirates.front(), s});
      if (!clear_of(vs, 1)) continue;
      victims.push_back(s);
      counted = std::any_of(vs.begin(), vs.end(),
                            [](const Finding& v) { return v.rule == rule::CT_803 && v.ref < 0; });
    }
    for (const KnightMove& p : hexes)
      for (const KnightMove& s : victims) {
        KnightUnit u;
        u.moves = {p, s};
        u.sound = true;
        u.alone = !counted;
        units.push_back(std::move(u));
      }
  }

  // Whether the state allows a C after a C (CT-803 says never): tried on a copy once, since the
  // state refuses a second C before it looks at its hex or steal.
  std::optional<bool> second_c;
  auto reads_first = [](const KnightUnit& first, const KnightUnit& second) {
    const KnightMove& x = first.moves.front();
    const KnightMove& y = second.moves.front();
    if (x.kind != y.kind) return false;
    switch (x.kind) {
      case KnightAction::Kind::move_hun:
        return y.from == x.from || y.from == x.to;
      case KnightAction::Kind::chase_hun:
        return y.hex == x.hex || y.numeral == x.numeral;
      default:
        return true;
    }
  };
  for (const KnightUnit& first : units) {
    if (!first.sound) continue;
    if (first.alone) list(first.moves);
    for (const KnightUnit& second : units) {
      const bool reads = reads_first(first, second);
      if (!reads && !second.sound) continue;
      if (reads && first.kind() == KnightAction::Kind::pirate && second_c && !*second_c) continue;
      std::vector<KnightMove> pair = first.moves;
      pair.insert(pair.end(), second.moves.begin(), second.moves.end());
      if (reads && first.kind() == KnightAction::Kind::pirate) {
        if (!second_c) second_c = judge(pair).empty();
        if (!*second_c || !judge(pair).empty()) continue;
      } else if (reads && !judge(pair).empty()) {
        continue;
      }
      list(std::move(pair));
    }
  }
}

}  // namespace

PlaceName place_name(const Board& board, int index, bool vertex, int players) {
  return name_of(board, index, vertex, players);
}

PlaceRef place_ref(const Board& board, const PlaceName& p, bool vertex) {
  PlaceRef r;
  r.hex = p.hex;
  r.index = vertex ? board.corner(p.hex, p.part) : board.side(p.hex, p.part);
  // "hex.part", appended rather than formatted: a place is named on every build.
  const std::string& hex = board.hexes[ix(p.hex)].id;
  std::string_view part = vertex ? corner_name(p.part) : side_name(p.part);
  r.text.reserve(hex.size() + 1 + part.size());
  r.text.append(hex).append(1, '.').append(part);
  return r;
}

CardList card_list_of(const Cards& cards) {
  CardList l;
  l.cards = cards;
  return l;
}

std::vector<HunDraw> hun_draws(const std::vector<int>& numerals) {
  std::vector<HunDraw> out;
  for (int n : numerals)
    out.push_back({n, {}});
  return out;
}

Step play_step(const Move& m) {
  const Board& b = m.board();
  Step s;
  s.kind = StepKind::play_card;
  s.dev = m.dev;
  for (const KnightMove& k : m.knight) {
    KnightAction a;
    a.kind = k.kind;
    a.from = k.from;
    a.to = k.to;
    a.hex = k.hex;
    a.numeral = k.numeral;
    a.colour = k.colour;
    a.card = k.card;
    s.actions.push_back(a);
  }
  for (const PlaceName& r : m.roads)
    s.roads.push_back(place_ref(b, r, false));
  for (Resource r : m.take) {
    ++s.take.cards[static_cast<std::size_t>(r)];
    s.take.order.push_back(r);
  }
  s.resource = m.card;
  for (const auto& [c, n] : m.gives)
    s.gives.push_back({c, n, {}});
  return s;
}

Violations apply_move(State& st, const Move& m) {
  const Board& b = m.board();
  switch (m.what) {
    case Move::Kind::roll: {
      RollResult rr;
      return st.roll(m.d1, m.d2, rr);
    }
    case Move::Kind::discard:
      return st.discard(*m.colour, card_list_of(m.cards));
    case Move::Kind::pirate:
      return st.pirate(m.hex);
    case Move::Kind::steal:
      return st.steal(m.other, m.card);
    case Move::Kind::trade:
      return st.trade(m.other, card_list_of(m.cards), card_list_of(m.get));
    case Move::Kind::bank:
      return st.maritime(card_list_of(m.cards), card_list_of(m.get));
    case Move::Kind::road:
      return st.road(place_ref(b, m.place, false));
    case Move::Kind::settlement:
      return st.settlement(place_ref(b, m.place, true), hun_draws(m.draws));
    case Move::Kind::city:
      return st.city(place_ref(b, m.place, true), hun_draws(m.draws));
    case Move::Kind::wall_piece:
      return st.wall_piece(m.number);
    case Move::Kind::buy_card:
      return st.buy_card(m.dev);
    case Move::Kind::play_card:
      return st.play_card(play_step(m));
    case Move::Kind::reveal:
      return st.reveal(*m.dev);
    case Move::Kind::end:
      return st.end_element();
    default:
      return {};
  }
}

LegalActions trade_build_actions(const State& st) {
  LegalActions out;
  std::optional<Colour> active = st.active();
  if (!active || st.over()) return out;
  const Colour c = *active;
  const std::shared_ptr<const Board> board = st.board_ptr();
  auto keep = [&](Move m) {
    State copy = st;
    if (apply_move(copy, m).empty()) out.listed.push_back(std::make_unique<Move>(std::move(m)));
  };
  auto move = [&](Move::Kind k) { return Move(board, c, k); };
  // The Hun numerals a settlement or city may draw: each still in the bag, or none when the
  // bag is empty.
  std::vector<std::vector<int>> draw_options;
  for (int n = 0; n < kNumerals; ++n)
    if (st.numeral_in_play(n) && st.bag(n) > 0) draw_options.push_back({n});
  draw_options.push_back({});
  // Candidates are tried only where what they need is there: the cards and a piece in the
  // supply, a free place joined to the colour's roads, its own settlement for a city, the cards
  // given to the bank. The state decides on every candidate tried.
  const Cards& hand = st.player(c).hand;
  const bool road_paid = covers(hand, road_cost()) && st.supply_roads(c) > 0;
  const bool settlement_paid = covers(hand, settlement_cost()) && st.supply_settlements(c) > 0;
  const bool city_paid = covers(hand, city_cost()) && st.supply_cities(c) > 0;
  for (int e = 0; e < board->edge_count() && road_paid; ++e) {
    if (!board->edge_on_board(e, st.players()) || !joins_network(st, c, e)) continue;
    Move m = move(Move::Kind::road);
    m.place = name_of(*board, e, false, st.players());
    keep(std::move(m));
  }
  for (Move::Kind k : {Move::Kind::settlement, Move::Kind::city}) {
    const bool city = k == Move::Kind::city;
    if (!(city ? city_paid : settlement_paid)) continue;
    for (int v = 0; v < board->vertex_count(); ++v) {
      if (!board->vertex_on_board(v, st.players())) continue;
      if (city ? st.vertex_owner(v) != c || st.building(v) != Building::settlement
               : !settlement_site(st, c, v))
        continue;
      for (const auto& d : draw_options) {
        Move m = move(k);
        m.place = name_of(*board, v, true, st.players());
        m.draws = d;
        keep(std::move(m));
      }
    }
  }
  for (int level = 1; level <= 5; ++level) {
    Move m = move(Move::Kind::wall_piece);
    m.number = level;
    keep(std::move(m));
  }
  // A card may be named when it is bought (each type the deck still holds).
  if (covers(hand, card_cost())) keep(move(Move::Kind::buy_card));
  for (int d = 0; d < kDevCards && covers(hand, card_cost()); ++d) {
    Move m = move(Move::Kind::buy_card);
    m.dev = static_cast<DevCard>(d);
    keep(std::move(m));
  }
  for (int give = 0; give < kResources; ++give)
    for (int rate = 2; rate <= 4; ++rate)
      for (int get = 0; get < kResources; ++get) {
        if (get == give || hand[ix(give)] < rate) continue;
        Move m = move(Move::Kind::bank);
        m.cards[ix(give)] = rate;
        m.get[ix(get)] = 1;
        keep(std::move(m));
      }
  keep(move(Move::Kind::end));
  // Domestic trades: described when at least one trade of one card for one is legal here.
  bool trade = false;
  for (Colour x : st.seats())
    for (int a = 0; a < kResources && !trade; ++a)
      for (int b = 0; b < kResources && !trade; ++b) {
        if (x == c || a == b || hand[ix(a)] == 0 || st.player(x).hand[ix(b)] == 0) continue;
        Move m = move(Move::Kind::trade);
        m.other = x;
        m.cards[ix(a)] = 1;
        m.get[ix(b)] = 1;
        State copy = st;
        trade = apply_move(copy, m).empty();
      }
  if (trade)
    out.described.push_back(
        {"trade", fmt::format("{} gives 1–{} of its cards for 1 or more cards of another "
                              "playing colour, who gives only what it holds; never like for like",
                              name(c), total(hand))});
  return out;
}

LegalActions turn_actions(const State& st) {
  LegalActions out;
  std::optional<Colour> active = st.active();
  if (!active || st.over()) return out;
  const Colour c = *active;
  const std::shared_ptr<const Board> board = st.board_ptr();
  auto legal = [&](const Move& m) {
    State copy = st;
    return apply_move(copy, m).empty();
  };
  auto keep = [&](Move m) {
    if (legal(m)) out.listed.push_back(std::make_unique<Move>(std::move(m)));
  };
  // As in trade_build_actions, candidates are tried only where what they need is there: a
  // turn not rolled yet for a roll, a sea hex after a 7 for the pirate, a card in the victim's
  // hand right after the pirate moved for a steal, a development card not played yet for a card
  // play, a road joined to the network.
  for (int d1 = 1; d1 <= 6 && !st.rolled() && !st.in_special(); ++d1)
    for (int d2 = 1; d2 <= 6; ++d2) {
      Move m(board, c, Move::Kind::roll);
      m.d1 = d1;
      m.d2 = d2;
      keep(std::move(m));
    }
  for (Colour x : st.seats()) {
    int due = st.discard_due(x);
    if (due == 0) continue;
    std::vector<Cards> options;
    Cards chosen{};
    choices(st.player(x).hand, due, 0, chosen, options);
    for (const Cards& cards : options) {
      Move m(board, x, Move::Kind::discard);
      m.cards = cards;
      keep(std::move(m));
    }
  }
  for (int h = 0; h < static_cast<int>(board->hexes.size()); ++h) {
    if (!st.pirate_open() || board->hexes[ix(h)].land()) continue;
    Move m(board, c, Move::Kind::pirate);
    m.hex = h;
    keep(std::move(m));
  }
  for (Colour x : st.seats())
    for (int r = 0; r < kResources; ++r) {
      if (!st.after_pirate() || x == c || st.player(x).hand[ix(r)] == 0) continue;
      Move m(board, c, Move::Kind::steal);
      m.other = x;
      m.card = static_cast<Resource>(r);
      keep(std::move(m));
    }
  const bool card = holds_unplayed(st, c);
  for (DevCard d : {DevCard::road_building, DevCard::monopoly, DevCard::year_of_plenty}) {
    if (!card) break;
    Move m(board, c, Move::Kind::play_card);
    m.dev = d;
    if (d == DevCard::monopoly) {
      for (int r = 0; r < kResources; ++r) {
        m.card = static_cast<Resource>(r);
        keep(m);
      }
    } else if (d == DevCard::year_of_plenty) {
      for (int a = 0; a < kResources; ++a)
        for (int b = a; b < kResources; ++b) {
          m.take = {static_cast<Resource>(a), static_cast<Resource>(b)};
          keep(m);
        }
    } else {
      // Road building: as many roads as the rules allow, two where two can be built (a first
      // road that is refused only because a second was possible starts a pair).
      keep(m);
      if (legal(m)) continue;
      std::vector<PlaceName> firsts;
      std::vector<int> first_edges;
      for (int e = 0; e < board->edge_count(); ++e) {
        if (!board->edge_on_board(e, st.players()) || !joins_network(st, c, e)) continue;
        m.roads = {name_of(*board, e, false, st.players())};
        State copy = st;
        Violations vs = apply_move(copy, m);
        if (vs.empty())
          out.listed.push_back(std::make_unique<Move>(m));
        else if (std::all_of(vs.begin(), vs.end(),
                             [](const Finding& v) { return v.rule == rule::CT_805; })) {
          firsts.push_back(m.roads.front());
          first_edges.push_back(e);
        }
      }
      // The second road joins the network or the first road.
      for (std::size_t i = 0; i < firsts.size(); ++i) {
        const EdgeInfo& first = board->edge(first_edges[i]);
        for (int e = 0; e < board->edge_count(); ++e) {
          if (e == first_edges[i] || !board->edge_on_board(e, st.players())) continue;
          const EdgeInfo& second = board->edge(e);
          const bool meets = second.a == first.a || second.a == first.b || second.b == first.a ||
                             second.b == first.b;
          if (!meets && !joins_network(st, c, e)) continue;
          m.roads = {firsts[i], name_of(*board, e, false, st.players())};
          keep(m);
        }
      }
    }
  }
  // The knight's plays after the other cards': a repair hint for another kind of action takes
  // the first listed, and a progress card is the nearer alternative to a build.
  if (card) knight_plays(st, c, out);
  {
    Move m(board, c, Move::Kind::reveal);
    m.dev = DevCard::victory_point;
    keep(std::move(m));
  }
  LegalActions builds = trade_build_actions(st);
  for (auto& a : builds.listed)
    out.listed.push_back(std::move(a));
  for (auto& f : builds.described)
    out.described.push_back(std::move(f));
  return out;
}

}  // namespace wallaudit::ct
