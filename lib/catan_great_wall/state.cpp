#include "catan_great_wall/state.hpp"
#include "catan_great_wall/rule_ids.hpp"
#include "core/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

namespace wallaudit::ct {

namespace {

std::string count_of(int n, std::string_view thing) {
  return fmt::format("{} {}{}", n, thing, n == 1 ? "" : "s");
}

}  // namespace

std::string describe_hand(const Cards& cards) {
  std::string out;
  for (int r = 0; r < kResources; ++r) {
    int n = cards[ix(r)];
    if (n)
      out += fmt::format("{}{} {}", out.empty() ? "" : ", ", n, name(static_cast<Resource>(r)));
  }
  return out.empty() ? std::string("no cards") : out;
}

State::State(std::shared_ptr<const Board> board, const Options& options, std::vector<Colour> seats)
    : board_(std::move(board)), options_(options), seats_(std::move(seats)) {
  const Board& b = *board_;
  for (Colour c : seats_)
    p(c).playing = true;
  bank_.fill(players() == 6 ? 24 : 19);
  vertex_owner_.assign(ix(b.vertex_count()), -1);
  buildings_.assign(ix(b.vertex_count()), Building::none);
  edge_owner_.assign(ix(b.edge_count()), -1);
  roads_.reserve(seats_.size() * 15);  // every colour's 15 roads: the list never grows
  levels_.assign(b.walls.size(), 0);
  wall_owner_.assign(b.walls.size(), -1);
  places_.assign(b.gatherings.size(), 0);
  fields_.assign(b.fields.size(), 0);
  hex_huns_.assign(b.hexes.size(), 0);
  for (int n = 0; n < kNumerals; ++n)
    bag_[ix(n)] = numeral_in_play(n) ? b.huns_per_numeral : 0;
  pirate_ = b.pirate_start;
  if (options_.first_turn == FirstTurn::settlement_starter && !seats_.empty())
    next_seat_ = players() - 1;
}

int State::seat_of(Colour c) const {
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i] == c) return static_cast<int>(i);
  return -1;
}

std::optional<Colour> State::vertex_owner(int v) const {
  auto o = vertex_owner_[ix(v)];
  if (o < 0) return std::nullopt;
  return static_cast<Colour>(o);
}

std::optional<Colour> State::road_owner(int e) const {
  auto o = edge_owner_[ix(e)];
  if (o < 0) return std::nullopt;
  return static_cast<Colour>(o);
}

std::optional<Colour> State::wall_owner(int wall) const {
  auto o = wall_owner_[ix(wall)];
  if (o < 0) return std::nullopt;
  return static_cast<Colour>(o);
}

int State::bag_total() const {
  int n = 0;
  for (int v : bag_)
    n += v;
  return n;
}

int State::huns_in_play() const {
  return board_->huns_per_numeral * (players() == 6 ? 5 : 3);
}

int State::deck_count(DevCard d) const {
  bool six = players() == 6;
  switch (d) {
    case DevCard::knight:
      return six ? 20 : 14;
    case DevCard::victory_point:
      return 2;
    default:
      return six ? 2 : 1;
  }
}

int State::deck_size() const {
  int n = 0;
  for (int d = 0; d < kDevCards; ++d)
    n += deck_count(static_cast<DevCard>(d));
  return n;
}

VpBreakdown State::vp_breakdown(Colour c) const {
  const PlayerState& ps = player(c);
  VpBreakdown v;
  v.settlements = ps.settlements;
  v.cities = ps.cities;
  v.longest_road = longest_road_ == c ? 2 : 0;
  v.largest_army = largest_army_ == c ? 1 : 0;
  for (const auto& d : ps.devs)
    if (d.type == DevCard::victory_point) ++v.vp_cards;
  v.malus = ps.malus;
  return v;
}

bool State::has_harbour(Colour c, std::optional<Resource> type, bool ignore_pirate) const {
  const Board& b = *board_;
  for (const auto& h : b.harbours) {
    if (!in_play(h.in, players()) || h.type != type) continue;
    if (!ignore_pirate && h.hex == pirate_) continue;
    for (int v : h.vertices)
      if (v >= 0 && vertex_owner(v) == c) return true;
  }
  return false;
}

std::uint32_t State::taint_line() const {
  std::uint32_t first = 0;
  for (auto t : taint_)
    if (t && (!first || t < first)) first = t;
  return first;
}

std::optional<Colour> State::active() const {
  if (!turn_.active) return std::nullopt;
  return turn_.colour;
}

Finding violation(RuleId rule, std::string message, int ref) {
  Finding f;
  f.rule = rule;
  f.message = std::move(message);
  f.ref = static_cast<std::int16_t>(ref);
  return f;
}

Finding State::fail(std::string_view rule, std::string message, int domain, int ref) {
  Finding v = violation(rule, std::move(message), ref);
  if (domain >= 0) {
    auto& t = taint_[ix(domain)];
    if (t && t < line_) v.cause = t;
    if (!t) t = line_;
  }
  return v;
}

// ---- geometry checks ---------------------------------------------------------------------

std::optional<Finding> State::place_name(const PlaceRef& ref, bool vertex) const {
  const Board& b = *board_;
  if (ref.hex < 0 || ref.index < 0) return std::nullopt;
  const HexDef& hex = b.hexes[ix(ref.hex)];
  if (!in_play(hex.in, players()))
    return violation(rule::CT_204,
                     fmt::format("{} names hex {}, which is not in play with {} players ({})",
                                 ref.text, hex.id, players(), rule::CT_204));
  bool on =
      vertex ? b.vertex_on_board(ref.index, players()) : b.edge_on_board(ref.index, players());
  if (!on)
    return violation(rule::CT_203,
                     vertex ? fmt::format("vertex {} is not on the board: no land hex in play "
                                          "touches it",
                                          ref.text)
                            : fmt::format("edge {} is not on the board: it does not border a land "
                                          "hex in play",
                                          ref.text));
  return std::nullopt;
}

bool State::distance_ok(int v) const {
  for (int a : board_->vertex(v).adjacent)
    if (a >= 0 && vertex_owner_[ix(a)] >= 0) return false;
  return true;
}

std::optional<Finding> State::road_placement(Colour c, int e) const {
  const Board& b = *board_;
  if (auto o = road_owner(e))
    return violation(rule::CT_604,
                     fmt::format("{} already holds {}'s road", b.edge_name(e), name(*o)));
  const EdgeInfo& edge = b.edge(e);
  for (int v : {edge.a, edge.b}) {
    auto owner = vertex_owner(v);
    if (owner == c) return std::nullopt;
    if (owner) continue;  // another colour's building: no connection through it
    for (int other : b.vertex(v).edges)
      if (other >= 0 && other != e && road_owner(other) == c) return std::nullopt;
  }
  return violation(rule::CT_604,
                   fmt::format("the road on {} does not connect to a building or road of "
                               "{} (not through another colour's building)",
                               b.edge_name(e), name(c)));
}

std::optional<Finding> State::settlement_placement(Colour c, int v, bool founding) const {
  const Board& b = *board_;
  if (auto o = vertex_owner(v))
    return violation(founding ? rule::CT_305 : rule::CT_605,
                     fmt::format("{} already holds {}'s {}", b.vertex_name(v), name(*o),
                                 building(v) == Building::city ? "city" : "settlement"));
  for (int a : b.vertex(v).adjacent)
    if (a >= 0 && vertex_owner_[ix(a)] >= 0)
      return violation(rule::CT_605,
                       fmt::format("distance rule: the neighbouring vertex {} holds {}'s {}",
                                   b.vertex_name(a), name(*vertex_owner(a)),
                                   building(a) == Building::city ? "city" : "settlement"));
  if (founding) return std::nullopt;
  for (int e : b.vertex(v).edges)
    if (e >= 0 && road_owner(e) == c) return std::nullopt;
  return violation(rule::CT_605, fmt::format("{} is not at the end of one of {}'s roads",
                                             b.vertex_name(v), name(c)));
}

bool State::legal_road_exists(Colour c) const {
  const Board& b = *board_;
  for (int e = 0; e < b.edge_count(); ++e)
    if (b.edge_on_board(e, players()) && !road_placement(c, e)) return true;
  return false;
}

bool State::victims_exist(Colour thief) const {
  for (Colour c : seats_)
    if (c != thief && total(player(c).hand) > 0) return true;
  return false;
}

void State::pay(Colour c, const Cards& cost) {
  for (int r = 0; r < kResources; ++r) {
    int n = std::min(cost[ix(r)], p(c).hand[ix(r)]);
    p(c).hand[ix(r)] -= n;
    bank_[ix(r)] += n;
  }
}

std::string State::colour_hand(Colour c) const {
  return fmt::format("{} holds {}", name(c), describe_hand(player(c).hand));
}

// ---- Longest Road and Largest Army ---------------------------------------------------------

// The longest trail of own roads, by a depth-first search over trails. A search need only
// start where a longest trail can start: at a vertex with an odd number of own roads, or at
// another colour's building. Elsewhere (an even number of own roads and no foreign building) a
// trail that starts there leaves a road at its start unused and can be made longer by it,
// unless it is closed and takes every road of its network; so a network with no such vertex at
// all is searched from one of its roads.
int State::road_length(Colour c) const {
  const Board& b = *board_;
  const int owner_c = static_cast<int>(c);
  // Per edge: kOnTrail while the road is on the trail being followed, kSeen once any search
  // has reached it. A scratch buffer kept between calls.
  constexpr char kOnTrail = 1, kSeen = 2;
  std::vector<char>& mark = road_scratch_.value;
  mark.assign(ix(b.edge_count()), 0);
  int best = 0;
  // Depth-first over trails: `v` is the vertex reached, `length` the roads used so far.
  auto dfs = [&](auto&& self, int v, int length) -> void {
    best = std::max(best, length);
    auto owner = vertex_owner(v);
    if (owner && *owner != c) return;  // another colour's building ends the trail here
    for (int e : b.vertex(v).edges) {
      if (e < 0 || edge_owner_[ix(e)] != owner_c || (mark[ix(e)] & kOnTrail)) continue;
      mark[ix(e)] = kOnTrail | kSeen;
      const EdgeInfo& info = b.edge(e);
      self(self, info.a == v ? info.b : info.a, length + 1);
      mark[ix(e)] = kSeen;
    }
  };
  // The trails that start at `start` along road `e`.
  auto from = [&](int e, int start) {
    const EdgeInfo& info = b.edge(e);
    mark[ix(e)] = kOnTrail | kSeen;
    dfs(dfs, start == info.a ? info.b : info.a, 1);
    mark[ix(e)] = kSeen;
  };
  auto may_start = [&](int v) {
    auto owner = vertex_owner(v);
    if (owner && *owner != c) return true;
    int roads = 0;
    for (int e : b.vertex(v).edges)
      roads += e >= 0 && edge_owner_[ix(e)] == owner_c;
    return roads % 2 == 1;
  };
  [[maybe_unused]] int own = 0;
  for (int e : roads_) {
    if (edge_owner_[ix(e)] != owner_c) continue;
    ++own;
    const EdgeInfo& info = b.edge(e);
    for (int start : {info.a, info.b})
      if (may_start(start)) from(e, start);
  }
  assert(own == player(c).roads && "every road laid is in the list of roads");
  // Networks no search reached have no vertex to start from: closed, searched from anywhere.
  for (int e : roads_) {
    if (edge_owner_[ix(e)] != owner_c || (mark[ix(e)] & kSeen)) continue;
    from(e, b.edge(e).a);
  }
  return best;
}

bool State::lay_road(Colour c, int edge) {
  if (edge < 0 || !board_->edge_on_board(edge, players()) || road_owner(edge) ||
      supply_roads(c) <= 0)
    return false;
  edge_owner_[ix(edge)] = static_cast<std::int8_t>(c);
  roads_.push_back(edge);
  p(c).roads++;
  p(c).road_length = road_length(c);
  settle_longest_road();
  return true;
}

void State::building_placed(int vertex) {
  // A building ends the trails of other colours through its vertex: only the colours with a
  // road at that vertex can have a new length (roads and buildings are never taken away).
  const Board& b = *board_;
  std::uint32_t done = 0;
  for (int e : b.vertex(vertex).edges) {
    if (e < 0 || edge_owner_[ix(e)] < 0) continue;
    const auto c = static_cast<Colour>(edge_owner_[ix(e)]);
    const std::uint32_t bit = 1u << static_cast<unsigned>(c);
    if (done & bit) continue;
    done |= bit;
    p(c).road_length = road_length(c);
  }
  settle_longest_road();
}

void State::settle_longest_road() {
  int longest = 0;
  for (Colour c : seats_)
    longest = std::max(longest, player(c).road_length);
  if (longest_road_ && player(*longest_road_).road_length == longest && longest >= 5) return;
  int at_max = 0;
  Colour holder{};
  for (Colour c : seats_)
    if (player(c).road_length == longest) {
      ++at_max;
      holder = c;
    }
  if (longest >= 5 && at_max == 1)
    longest_road_ = holder;
  else
    longest_road_.reset();
}

void State::update_largest_army(Colour c) {
  int k = player(c).knights;
  if (!largest_army_) {
    if (k >= 3) largest_army_ = c;
  } else if (*largest_army_ != c && k > player(*largest_army_).knights) {
    largest_army_ = c;
  }
}

void State::after_step() {
  if (turn_.active && !turn_.special && end_ == EndKind::none && vp(turn_.colour) >= 10) {
    end_ = EndKind::win;
    winner_ = turn_.colour;
  }
}

// ---- founding --------------------------------------------------------------------------------

Violations State::place_fort(Colour c, int wall) {
  Violations out;
  const Board& b = *board_;
  const WallDef& w = b.walls[ix(wall)];
  if (!in_play(w.in, players())) {
    out.push_back(fail(rule::CT_204,
                       fmt::format("wall section {} is not in play with {} players ({})", w.id,
                                   players(), rule::CT_204),
                       kBoardDomain));
    return out;
  }
  if (auto o = wall_owner(wall)) {
    out.push_back(fail(
        rule::CT_303,
        fmt::format("the fort site of {} is already taken by {}'s border fort", w.id, name(*o)),
        kBoardDomain));
    return out;
  }
  if (auto o = vertex_owner(w.fort)) {
    out.push_back(fail(rule::CT_303,
                       fmt::format("the fort site of {} ({}) already holds {}'s settlement", w.id,
                                   b.vertex_name(w.fort), name(*o)),
                       kBoardDomain));
    return out;
  }
  if (player(c).wall >= 0) return out;  // a second fort of one colour: the order is reported
  vertex_owner_[ix(w.fort)] = static_cast<std::int8_t>(c);
  buildings_[ix(w.fort)] = Building::settlement;
  p(c).settlements++;
  p(c).wall = wall;
  wall_owner_[ix(wall)] = static_cast<std::int8_t>(c);
  building_placed(w.fort);
  return out;
}

Violations State::place_founding(Colour c, const PlaceRef& vertex, const PlaceRef& road,
                                 bool round_b, Cards& gained) {
  Violations out;
  const Board& b = *board_;
  std::optional<Finding> v = place_name(vertex, true);
  if (!v) v = settlement_placement(c, vertex.index, true);
  std::optional<Finding> r;
  if (!v) {
    r = place_name(road, false);
    if (!r && road.index >= 0) {
      if (auto o = road_owner(road.index))
        r = violation(rule::CT_305, fmt::format("{} already holds {}'s road", road.text, name(*o)));
      else if (b.edge(road.index).a != vertex.index && b.edge(road.index).b != vertex.index)
        r = violation(rule::CT_305,
                      fmt::format("the founding road {} does not touch its settlement {}",
                                  road.text, vertex.text));
    }
    if (r) r->ref = 1;
  }
  if (v) out.push_back(fail(v->rule, v->message, kBoardDomain));
  if (r) out.push_back(fail(r->rule, r->message, kBoardDomain, 1));
  bool placed = false;
  if (vertex.index >= 0 && b.vertex_on_board(vertex.index, players()) &&
      !vertex_owner(vertex.index) && supply_settlements(c) > 0) {
    vertex_owner_[ix(vertex.index)] = static_cast<std::int8_t>(c);
    buildings_[ix(vertex.index)] = Building::settlement;
    p(c).settlements++;
    placed = true;
    building_placed(vertex.index);
  }
  lay_road(c, road.index);
  if (round_b && placed) {
    for (int h : b.vertex(vertex.index).hexes) {
      if (h < 0 || !b.hex_in_play(h, players())) continue;
      auto r2 = produces(b.hexes[ix(h)].terrain);
      if (!r2 || bank_[ix(*r2)] == 0) continue;
      bank_[ix(*r2)]--;
      p(c).hand[ix(*r2)]++;
      gained[ix(*r2)]++;
    }
  }
  if (round_b && gains_given_) gain_due_ = GainDue{c, gained};
  return out;
}

Violations State::gain(Colour c, const Cards& cards) {
  Violations out;
  if (!gain_due_ || gain_due_->colour != c) {
    if (auto missing = gain_missing()) out.push_back(std::move(*missing));
    out.push_back(violation(
        rule::CT_306, fmt::format("a <gain> for {} comes directly after {}'s round-B settlement, "
                                  "and only there",
                                  name(c), name(c))));
    return out;
  }
  const Cards due = gain_due_->cards;
  gain_due_.reset();
  if (cards != due)
    out.push_back(violation(
        rule::CT_306,
        total(due) == 0
            ? fmt::format("{}'s round-B settlement touches no producing hex in play: {} receives "
                          "nothing and has no <gain>",
                          name(c), name(c))
            : fmt::format("{} receives {} (one card per producing hex in play around the round-B "
                          "settlement), not {}",
                          name(c), card_list(due), card_list(cards))));
  return out;
}

std::optional<Finding> State::gain_missing() {
  std::optional<GainDue> due = gain_due_;
  gain_due_.reset();
  if (!due || total(due->cards) == 0) return std::nullopt;
  return violation(rule::CT_306,
                   fmt::format("{} receives {} for this round-B settlement, but no <gain> follows "
                               "it (when any <gain> is given, every colour that receives cards "
                               "has one)",
                               name(due->colour), card_list(due->cards)),
                   0);
}

// ---- the turn's structure ------------------------------------------------------------------

void State::begin_turn(Colour c, int seq) {
  turn_ = Turn{};
  turn_.active = true;
  turn_.colour = c;
  turn_.seq = seq;
  if (end_ == EndKind::none && vp(c) >= 10) {
    end_ = EndKind::win;
    winner_ = c;
  }
}

void State::begin_special(Colour c, int seq) {
  turn_ = Turn{};
  turn_.active = true;
  turn_.special = true;
  turn_.colour = c;
  turn_.seq = seq;
}

Violations State::end_element() {
  Violations out;
  if (!turn_.active || turn_.special || over()) {
    turn_.active = false;
    return out;
  }
  if (!turn_.rolled && !turn_.pre_roll_fault)
    out.push_back(fail(rule::CT_402,
                       "the turn has no roll; a turn ends without one only when the game ends "
                       "before the roll",
                       -1, 0));
  if (turn_.seven_open) {
    std::string due;
    for (Colour c : seats_)
      if (turn_.discard_due[ix(c)])
        due += fmt::format("{}{} ({})", due.empty() ? "" : ", ", name(c),
                           count_of(turn_.discard_due[ix(c)], "card"));
    if (!due.empty())
      out.push_back(fail(rule::CT_406,
                         fmt::format("after the 7 these discards are missing: {}", due), -1, 1));
    else if (options_.seven_pirate == SevenPirate::mandatory && !turn_.pirate_moved)
      out.push_back(fail(rule::CT_407,
                         "the 7 moves the pirate (seven-pirate = mandatory), but no <pirate> "
                         "follows",
                         -1, 1));
  }
  if (turn_.steal_due)
    out.push_back(fail(rule::CT_408,
                       "no <steal> follows the pirate move, but another player holds resource "
                       "cards",
                       -1, 2));
  turn_.active = false;
  return out;
}

void State::close_seven(Violations& out) {
  if (!turn_.seven_open) return;
  turn_.seven_open = false;
  std::string due;
  for (Colour c : seats_)
    if (turn_.discard_due[ix(c)])
      due += fmt::format("{}{} ({})", due.empty() ? "" : ", ", name(c),
                         count_of(turn_.discard_due[ix(c)], "card"));
  turn_.discard_due.fill(0);
  if (!due.empty())
    out.push_back(fail(rule::CT_406,
                       fmt::format("the discards of the 7 come before this step; missing: {}", due),
                       -1));
  else if (options_.seven_pirate == SevenPirate::mandatory && !turn_.pirate_moved)
    out.push_back(fail(rule::CT_407,
                       "the 7 moves the pirate before anything else is done "
                       "(seven-pirate = mandatory); no <pirate> came",
                       -1));
}

bool State::gate(StepKind kind, Violations& out) {
  if (turn_.special) {
    switch (kind) {
      case StepKind::road:
      case StepKind::settlement:
      case StepKind::city:
      case StepKind::wall_piece:
      case StepKind::buy_card:
      case StepKind::reveal:
        return true;
      default:
        out.push_back(fail(rule::CT_410,
                           fmt::format("<{}> is not allowed in a special building phase: it holds "
                                       "only builds, purchases and reveals (no trade, no card "
                                       "play, no roll)",
                                       element_name(kind)),
                           -1));
        return false;
    }
  }
  if (turn_.steal_due && kind != StepKind::steal) {
    turn_.steal_due = false;
    out.push_back(fail(rule::CT_408,
                       "the pirate moved and another player holds resource cards: a <steal> must "
                       "follow the pirate move directly",
                       -1));
  }
  switch (kind) {
    case StepKind::roll:
      if (turn_.rolled) {
        out.push_back(
            fail(rule::CT_402, "a second roll: the dice are rolled exactly once a turn", -1));
        return false;
      }
      return true;
    case StepKind::discard:
    case StepKind::pirate:
    case StepKind::steal:
      if (!turn_.rolled) {
        if (!turn_.pre_roll_fault)
          out.push_back(fail(rule::CT_402,
                             fmt::format("<{}> before the roll: before the roll only a development "
                                         "card is played and VP cards revealed",
                                         element_name(kind)),
                             -1));
        turn_.pre_roll_fault = true;
        return false;
      }
      return true;
    case StepKind::reveal:
    case StepKind::claim:
      return true;
    case StepKind::play_card:
      if (turn_.rolled) close_seven(out);
      return true;
    default:
      break;
  }
  if (!turn_.rolled) {
    if (!turn_.pre_roll_fault)
      out.push_back(fail(rule::CT_402,
                         fmt::format("<{}> before the roll: before the roll only a development "
                                     "card is played and VP cards revealed",
                                     element_name(kind)),
                         -1));
    turn_.pre_roll_fault = true;
  } else {
    close_seven(out);
  }
  if ((kind == StepKind::trade || kind == StepKind::bank) &&
      options_.trade_build == TradeBuild::phased && turn_.built)
    out.push_back(fail(rule::CT_402,
                       "a trade after a build or purchase of the turn (trade-build = phased: "
                       "every trade comes first)",
                       -1));
  return true;
}

// ---- the roll
// ------------------------------------------------------------------------------------

void State::breach(int field, RollResult& out) {
  const Board& b = *board_;
  const FieldDef& f = b.fields[ix(field)];
  HunEvent e;
  e.kind = HunEvent::Kind::breach;
  e.field = field;
  e.wall = f.wall;
  int n = fields_[ix(field)];
  fields_[ix(field)] = 0;
  for (int i = 0; i < n; ++i) {
    int least = -1;
    for (int h : f.path)
      if (least < 0 || hex_huns_[ix(h)] < least) least = hex_huns_[ix(h)];
    for (int h : f.path)
      if (hex_huns_[ix(h)] == least) {
        hex_huns_[ix(h)]++;
        e.hexes.push_back(h);
        break;
      }
  }
  e.level_before = levels_[ix(f.wall)];
  levels_[ix(f.wall)] = std::max(0, e.level_before - 1);
  e.level_after = levels_[ix(f.wall)];
  e.owner = wall_owner(f.wall);
  if (e.owner) p(*e.owner).malus++;
  e.breach_number = ++breaches_;
  e.fields_after = fields_;
  out.events.push_back(std::move(e));
  if (breaches_ >= breach_limit()) {
    end_ = EndKind::huns;
    out.huns_end = true;
  }
}

void RollResult::reset() {
  applied = false;
  total = 0;
  fields_before.clear();
  events.clear();
  idle.clear();
  produced = {};
  shortage = {};
  huns_end = false;
  discards = {};
}

Violations State::roll(int d1, int d2, RollResult& out) {
  Violations v;
  out.reset();
  out.total = d1 + d2;
  out.fields_before.assign(fields_.begin(), fields_.end());
  if (!gate(StepKind::roll, v)) return v;
  out.applied = true;
  turn_.rolled = true;
  turn_.total = out.total;
  const Board& b = *board_;
  if (out.total == 7) {
    for (Colour c : seats_) {
      int n = total(player(c).hand);
      if (n > 7) turn_.discard_due[ix(c)] = n / 2;
    }
    out.discards = turn_.discard_due;
    turn_.seven_open = true;
    return v;
  }
  // Hun advances and breaches (CT-503–CT-507), in board order.
  for (std::size_t g = 0; g < b.gatherings.size() && !out.huns_end; ++g) {
    const GatheringDef& place = b.gatherings[g];
    if (!in_play(place.in, players())) continue;
    for (const AttackDef& a : place.attacks) {
      if (a.number != out.total || a.field < 0) continue;
      if (places_[g] == 0 || fields_[ix(a.field)] >= 5) {
        out.idle.push_back({static_cast<int>(g), a.field, places_[g] == 0});
        continue;
      }
      places_[g]--;
      fields_[ix(a.field)]++;
      HunEvent e;
      e.kind = HunEvent::Kind::advance;
      e.place = static_cast<int>(g);
      e.numeral = place.numeral;
      e.field = a.field;
      e.fields_after = fields_;
      out.events.push_back(std::move(e));
      // The breach check after the arrival, and the cascade of CT-506 step 5.
      int wall = b.fields[ix(a.field)].wall;
      if (fields_[ix(a.field)] > levels_[ix(wall)]) {
        breach(a.field, out);
        bool again = true;
        while (again && !out.huns_end) {
          again = false;
          for (std::size_t f = 0; f < b.fields.size(); ++f) {
            if (!in_play(b.fields[f].in, players()) || b.fields[f].wall != wall) continue;
            if (fields_[f] > levels_[ix(wall)]) {
              breach(static_cast<int>(f), out);
              again = true;
              break;
            }
          }
        }
      }
      if (out.huns_end) break;
    }
  }
  if (out.huns_end) return v;
  // Production (CT-404, CT-405).
  std::array<Cards, kColours> owed{};
  for (std::size_t h = 0; h < b.hexes.size(); ++h) {
    const HexDef& hex = b.hexes[h];
    if (hex.number != out.total || !hex.producing() || !in_play(hex.in, players())) continue;
    if (hex_huns_[h] > 0) continue;
    auto r = produces(hex.terrain);
    for (int c = 0; c < 6; ++c) {
      int vtx = b.corner(static_cast<int>(h), c);
      auto owner = vertex_owner(vtx);
      if (!owner) continue;
      owed[ix(*owner)][ix(*r)] += buildings_[ix(vtx)] == Building::city ? 2 : 1;
    }
  }
  for (int r = 0; r < kResources; ++r) {
    int sum = 0, owed_to = 0;
    for (Colour c : seats_) {
      sum += owed[ix(c)][ix(r)];
      if (owed[ix(c)][ix(r)]) ++owed_to;
    }
    if (sum == 0) continue;
    if (bank_[ix(r)] >= sum) {
      for (Colour c : seats_)
        out.produced[ix(c)][ix(r)] = owed[ix(c)][ix(r)];
    } else {
      out.shortage[ix(r)] = true;
      if (owed_to == 1 && options_.bank_shortage == BankShortage::nobody_unless_one)
        for (Colour c : seats_)
          if (owed[ix(c)][ix(r)]) out.produced[ix(c)][ix(r)] = bank_[ix(r)];
    }
  }
  for (Colour c : seats_)
    for (int r = 0; r < kResources; ++r) {
      bank_[ix(r)] -= out.produced[ix(c)][ix(r)];
      p(c).hand[ix(r)] += out.produced[ix(c)][ix(r)];
    }
  after_step();
  return v;
}

Violations State::discard(Colour c, const CardList& cards) {
  Violations out;
  if (!gate(StepKind::discard, out)) return out;
  turn_.last_was_pirate = false;
  if (turn_.total != 7 || !turn_.seven_open || turn_.pirate_moved) {
    out.push_back(fail(rule::CT_406,
                       turn_.total != 7
                           ? fmt::format("a discard without a 7 (the roll was {})", turn_.total)
                           : std::string("a discard after the pirate move or after the "
                                         "trade-and-build part began; the discards of a 7 come "
                                         "first"),
                       hand_domain(c)));
    return out;
  }
  int due = turn_.discard_due[ix(c)];
  int held = total(player(c).hand);
  if (due == 0) {
    out.push_back(fail(rule::CT_406,
                       held > 7 ? fmt::format("{} has already discarded on this 7", name(c))
                                : fmt::format("{} holds {} and discards nothing (only more "
                                              "than 7 cards make a discard)",
                                              name(c), count_of(held, "card")),
                       hand_domain(c)));
    return out;
  }
  if (cards.count() != due)
    out.push_back(fail(rule::CT_406,
                       fmt::format("{} holds {} and discards half of them, rounded down: {}, "
                                   "not {}",
                                   name(c), count_of(held, "card"), due, cards.count()),
                       hand_domain(c)));
  else if (!covers(player(c).hand, cards.cards))
    out.push_back(
        fail(rule::CT_406,
             fmt::format("{} discards {}, but {}", name(c), card_list(cards.cards), colour_hand(c)),
             hand_domain(c)));
  pay(c, cards.cards);
  turn_.discard_due[ix(c)] = 0;
  return out;
}

Violations State::pirate(int hex) {
  Violations out;
  if (!gate(StepKind::pirate, out)) return out;
  turn_.last_was_pirate = false;
  if (turn_.total != 7 || !turn_.seven_open || turn_.pirate_moved) {
    out.push_back(fail(rule::CT_402,
                       turn_.total != 7
                           ? fmt::format("a pirate move without a 7 (the roll was {}); outside a "
                                         "knight the pirate moves only on a 7",
                                         turn_.total)
                           : std::string("the pirate of a 7 moves once, right after the "
                                         "discards"),
                       -1));
    return out;
  }
  std::string due;
  for (Colour c : seats_)
    if (turn_.discard_due[ix(c)])
      due += fmt::format("{}{} ({})", due.empty() ? "" : ", ", name(c),
                         count_of(turn_.discard_due[ix(c)], "card"));
  turn_.discard_due.fill(0);
  if (!due.empty())
    out.push_back(fail(rule::CT_406,
                       fmt::format("the discards come before the pirate moves; missing: {}", due),
                       -1));
  const Board& b = *board_;
  const HexDef& h = b.hexes[ix(hex)];
  std::optional<std::string> bad;
  if (!in_play(h.in, players()))
    bad = fmt::format("{} is not in play with {} players", h.id, players());
  else if (h.land())
    bad =
        fmt::format("{} is a land hex ({}); the pirate moves to a sea hex", h.id, name(h.terrain));
  else if (hex == pirate_)
    bad = fmt::format("the pirate already stands on {}; it moves to a different sea hex", h.id);
  if (bad) out.push_back(fail(rule::CT_407, *bad, kBoardDomain));
  if (in_play(h.in, players()) && !h.land()) pirate_ = hex;
  turn_.pirate_moved = true;
  turn_.seven_open = false;
  turn_.steal_due = victims_exist(turn_.colour);
  turn_.last_was_pirate = true;
  return out;
}

Violations State::steal(Colour from, Resource card) {
  Violations out;
  if (!gate(StepKind::steal, out)) return out;
  bool after_pirate = turn_.last_was_pirate;
  turn_.last_was_pirate = false;
  Colour thief = turn_.colour;
  if (!after_pirate) {
    bool due = false;
    for (int d : turn_.discard_due)
      if (d) due = true;
    if (turn_.seven_open && due) {
      out.push_back(fail(rule::CT_406, "a steal while discards of the 7 are still due", -1));
      turn_.discard_due.fill(0);
    } else if (turn_.seven_open && options_.seven_pirate == SevenPirate::mandatory &&
               !turn_.pirate_moved) {
      out.push_back(fail(rule::CT_407, "a steal before the pirate has moved on the 7", -1));
      turn_.seven_open = false;
    } else {
      out.push_back(
          fail(rule::CT_408, "a steal comes directly after a pirate move, and only there", -1));
    }
    return out;
  }
  turn_.steal_due = false;
  if (from == thief)
    out.push_back(
        fail(rule::CT_408,
             fmt::format("{} steals from itself; the victim is another player", name(thief)),
             hand_domain(from)));
  else if (total(player(from).hand) == 0)
    out.push_back(
        fail(rule::CT_408,
             fmt::format("{} holds no resource card; the victim holds at least one", name(from)),
             hand_domain(from)));
  else if (player(from).hand[ix(card)] == 0)
    out.push_back(fail(rule::CT_408,
                       fmt::format("{} steals {} from {}, but {}", name(thief), name(card),
                                   name(from), colour_hand(from)),
                       hand_domain(from)));
  if (from != thief && player(from).hand[ix(card)] > 0) {
    p(from).hand[ix(card)]--;
    p(thief).hand[ix(card)]++;
  }
  return out;
}

// ---- trade ------------------------------------------------------------------------------------

Violations State::trade(Colour with, const CardList& give, const CardList& get) {
  Violations out;
  if (!gate(StepKind::trade, out)) return out;
  turn_.last_was_pirate = false;
  Colour c = turn_.colour;
  std::optional<Finding> v;
  if (with == c) {
    v = fail(rule::CT_701,
             fmt::format("{} trades with itself; a domestic trade is between the active "
                         "player and another player",
                         name(c)),
             -1);
  } else {
    for (int r = 0; r < kResources && !v; ++r)
      if (give.cards[ix(r)] && get.cards[ix(r)])
        v = fail(
            rule::CT_701,
            fmt::format("{} appears on both sides of the trade", name(static_cast<Resource>(r))),
            -1);
    if (!v && !covers(player(c).hand, give.cards))
      v = fail(rule::CT_701,
               fmt::format("{} gives {}, but {}", name(c), card_list(give.cards), colour_hand(c)),
               hand_domain(c));
    if (!v && !covers(player(with).hand, get.cards))
      v = fail(
          rule::CT_701,
          fmt::format("{} gives {}, but {}", name(with), card_list(get.cards), colour_hand(with)),
          hand_domain(with));
  }
  if (v) {
    out.push_back(*v);
    return out;
  }
  for (int r = 0; r < kResources; ++r) {
    p(c).hand[ix(r)] += get.cards[ix(r)] - give.cards[ix(r)];
    p(with).hand[ix(r)] += give.cards[ix(r)] - get.cards[ix(r)];
  }
  after_step();
  return out;
}

Violations State::maritime(const CardList& give, const CardList& get) {
  Violations out;
  if (!gate(StepKind::bank, out)) return out;
  turn_.last_was_pirate = false;
  Colour c = turn_.colour;
  int kinds = 0;
  for (int n : give.cards)
    if (n) ++kinds;
  if (kinds != 1) {
    out.push_back(fail(
        rule::CT_702,
        fmt::format("a maritime trade gives identical cards, not {}", card_list(give.cards)), -1));
    return out;
  }
  if (get.count() != 1) {
    out.push_back(fail(rule::CT_702,
                       fmt::format("a maritime trade takes one card, not {}", get.count()), -1));
    return out;
  }
  // One kind given and one card taken: each is the resource whose count is not zero.
  auto only = [](const Cards& cards) {
    return static_cast<Resource>(
        std::find_if(cards.begin(), cards.end(), [](int n) { return n != 0; }) - cards.begin());
  };
  Resource r = only(give.cards);
  Resource want = only(get.cards);
  int n = give.count();
  if (player(c).hand[ix(r)] < n) {
    out.push_back(
        fail(rule::CT_702,
             fmt::format("{} gives {}, but {}", name(c), card_list(give.cards), colour_hand(c)),
             hand_domain(c)));
    return out;
  }
  bool rate_ok =
      n == 4 || (n == 3 && has_harbour(c, std::nullopt)) || (n == 2 && has_harbour(c, r));
  if (!rate_ok) {
    bool blocked =
        (n == 3 && has_harbour(c, std::nullopt, true)) || (n == 2 && has_harbour(c, r, true));
    if (blocked)
      out.push_back(
          fail(rule::CT_409,
               fmt::format("{}:1 needs {}'s {} harbour, and the pirate blocks it on {}", n, name(c),
                           n == 3 ? std::string("generic") : std::string(name(r)),
                           board_->hexes[ix(pirate_)].id),
               hand_domain(c)));
    else
      out.push_back(fail(
          rule::CT_702,
          fmt::format("{} gives {} {} for one card; the rates are 4:1, 3:1 with a generic harbour "
                      "and 2:1 with a harbour of that resource, and {} has {}",
                      name(c), n, name(r), name(c),
                      has_harbour(c, r)              ? fmt::format("a {} harbour", name(r))
                      : has_harbour(c, std::nullopt) ? std::string("a generic harbour")
                                                     : std::string("no working harbour")),
          hand_domain(c)));
  }
  if (bank_[ix(want)] == 0) {
    if (rate_ok)
      out.push_back(
          fail(rule::CT_702, fmt::format("the bank holds no {}", name(want)), hand_domain(c)));
    return out;
  }
  p(c).hand[ix(r)] -= n;
  bank_[ix(r)] += n;
  bank_[ix(want)]--;
  p(c).hand[ix(want)]++;
  after_step();
  return out;
}

// ---- building ---------------------------------------------------------------------------------

std::optional<Finding> State::hun_draw(const std::vector<HunDraw>& huns, bool wanted) {
  std::optional<Finding> v;
  if (!wanted) {
    if (!huns.empty())
      v = fail(rule::CT_501,
               bag_total() == 0
                   ? std::string("the bag is empty: nothing is drawn")
                   : std::string("a city draws no Hun (hun-trigger = settlement-only)"),
               kHunDomain, 0);
  } else if (huns.empty()) {
    v = fail(rule::CT_501,
             fmt::format("the build draws a Hun from the bag ({} left) and names its numeral in "
                         "<hun numeral=\"…\"/>",
                         bag_total()),
             kHunDomain);
  } else if (huns.size() > 1) {
    v = fail(rule::CT_501, "one build draws one Hun, not several", kHunDomain, 1);
  } else if (!numeral_in_play(huns[0].numeral)) {
    v = fail(rule::CT_501,
             fmt::format("numeral {} is not in play with {} players (Huns I-III)",
                         numeral_name(huns[0].numeral), players()),
             kHunDomain, 0);
  } else if (bag_[ix(huns[0].numeral)] == 0) {
    v = fail(rule::CT_501,
             fmt::format("no Hun of numeral {} is left in the bag", numeral_name(huns[0].numeral)),
             kHunDomain, 0);
  }
  if (!huns.empty() && numeral_in_play(huns[0].numeral) && bag_[ix(huns[0].numeral)] > 0) {
    int g = board_->gathering_of(huns[0].numeral);
    if (g >= 0) {
      bag_[ix(huns[0].numeral)]--;
      places_[ix(g)]++;
    }
  }
  return v;
}

Violations State::road(const PlaceRef& edge) {
  Violations out;
  if (!gate(StepKind::road, out)) return out;
  turn_.last_was_pirate = false;
  Colour c = turn_.colour;
  std::optional<Finding> v = place_name(edge, false);
  if (!v && edge.index >= 0) v = road_placement(c, edge.index);
  if (!v && supply_roads(c) == 0)
    v = violation(rule::CT_603, fmt::format("{} has no road left (15 per colour)", name(c)));
  if (!v && !covers(player(c).hand, road_cost()))
    v = violation(rule::CT_602,
                  fmt::format("a road costs brick and lumber, and {}", colour_hand(c)));
  if (v)
    out.push_back(
        fail(v->rule, v->message, v->rule == rule::CT_602 ? hand_domain(c) : kBoardDomain));
  lay_road(c, edge.index);
  pay(c, road_cost());
  turn_.built = true;
  after_step();
  return out;
}

Violations State::settlement(const PlaceRef& vertex, const std::vector<HunDraw>& huns) {
  Violations out;
  if (!gate(StepKind::settlement, out)) return out;
  turn_.last_was_pirate = false;
  Colour c = turn_.colour;
  std::optional<Finding> v = place_name(vertex, true);
  if (!v && vertex.index >= 0) v = settlement_placement(c, vertex.index, false);
  if (!v && supply_settlements(c) == 0)
    v = violation(
        rule::CT_603,
        fmt::format("{} has no settlement left (5 per colour, the fort included)", name(c)));
  if (!v && !covers(player(c).hand, settlement_cost()))
    v = violation(
        rule::CT_602,
        fmt::format("a settlement costs brick, lumber, wool and grain, and {}", colour_hand(c)));
  if (v)
    out.push_back(
        fail(v->rule, v->message, v->rule == rule::CT_602 ? hand_domain(c) : kBoardDomain));
  if (vertex.index >= 0 && board_->vertex_on_board(vertex.index, players()) &&
      !vertex_owner(vertex.index) && supply_settlements(c) > 0) {
    vertex_owner_[ix(vertex.index)] = static_cast<std::int8_t>(c);
    buildings_[ix(vertex.index)] = Building::settlement;
    p(c).settlements++;
    building_placed(vertex.index);
  }
  pay(c, settlement_cost());
  auto h = hun_draw(huns, bag_total() > 0);
  if (h && !v) out.push_back(*h);
  turn_.built = true;
  after_step();
  return out;
}

Violations State::city(const PlaceRef& vertex, const std::vector<HunDraw>& huns) {
  Violations out;
  if (!gate(StepKind::city, out)) return out;
  turn_.last_was_pirate = false;
  Colour c = turn_.colour;
  std::optional<Finding> v = place_name(vertex, true);
  bool own_settlement = vertex.index >= 0 && vertex_owner(vertex.index) == c &&
                        building(vertex.index) == Building::settlement;
  if (!v && !own_settlement) {
    auto o = vertex.index >= 0 ? vertex_owner(vertex.index) : std::nullopt;
    v = violation(rule::CT_606,
                  o ? fmt::format("{} holds {}'s {}; a city replaces one of the builder's own "
                                  "settlements",
                                  vertex.text, name(*o),
                                  building(vertex.index) == Building::city ? "city" : "settlement")
                    : fmt::format("{} holds no settlement of {}; a city replaces one of the "
                                  "builder's own settlements",
                                  vertex.text, name(c)));
  }
  if (!v && supply_cities(c) == 0)
    v = violation(rule::CT_603, fmt::format("{} has no city left (4 per colour)", name(c)));
  if (!v && !covers(player(c).hand, city_cost()))
    v = violation(rule::CT_602,
                  fmt::format("a city costs grain x2 and ore x3, and {}", colour_hand(c)));
  if (v)
    out.push_back(
        fail(v->rule, v->message, v->rule == rule::CT_602 ? hand_domain(c) : kBoardDomain));
  if (own_settlement && supply_cities(c) > 0) {
    buildings_[ix(vertex.index)] = Building::city;
    p(c).settlements--;
    p(c).cities++;
  }
  pay(c, city_cost());
  auto h =
      hun_draw(huns, bag_total() > 0 && options_.hun_trigger == HunTrigger::settlement_or_city);
  if (h && !v) out.push_back(*h);
  turn_.built = true;
  after_step();
  return out;
}

Violations State::wall_piece(int level) {
  Violations out;
  if (!gate(StepKind::wall_piece, out)) return out;
  turn_.last_was_pirate = false;
  Colour c = turn_.colour;
  int w = player(c).wall;
  if (w < 0) {
    out.push_back(fail(rule::CT_607,
                       fmt::format("{} has no wall section: it owns no border fort", name(c)),
                       kBoardDomain));
    return out;
  }
  int current = levels_[ix(w)];
  const std::string& id = board_->walls[ix(w)].id;
  if (level != current + 1)
    out.push_back(fail(rule::CT_607,
                       current == 5 ? fmt::format("{} is at level 5, the maximum", id)
                                    : fmt::format("{} is at level {}: the next piece is number "
                                                  "{}, not {}",
                                                  id, current, current + 1, level),
                       kBoardDomain));
  else if (!covers(player(c).hand, wall_cost(level)))
    out.push_back(fail(rule::CT_602,
                       fmt::format("wall piece {} costs {}, and {}", level,
                                   card_list(wall_cost(level)), colour_hand(c)),
                       hand_domain(c)));
  if (level > current) levels_[ix(w)] = level;
  pay(c, wall_cost(level));
  turn_.built = true;
  after_step();
  return out;
}

Violations State::buy_card(std::optional<DevCard> card) {
  Violations out;
  if (!gate(StepKind::buy_card, out)) return out;
  turn_.last_was_pirate = false;
  Colour c = turn_.colour;
  std::optional<Finding> v;
  if (bought_ >= deck_size())
    v = fail(rule::CT_609,
             fmt::format("the development deck is empty (all {} cards are bought)", deck_size()),
             kDeckDomain);
  else if (!covers(player(c).hand, card_cost()))
    v = fail(rule::CT_602,
             fmt::format("a development card costs wool, grain and ore, and {}", colour_hand(c)),
             hand_domain(c));
  else if (card && named_[ix(static_cast<int>(*card))] >= deck_count(*card))
    v = fail(rule::CT_1002,
             fmt::format("the deck holds {} {} card{}, and all are already named",
                         deck_count(*card), name(*card), deck_count(*card) == 1 ? "" : "s"),
             kDeckDomain);
  if (v) out.push_back(*v);
  if (bought_ < deck_size()) {
    DevEntry e;
    e.type = card;
    e.bought = turn_.seq;
    e.named_at_purchase = card.has_value();
    p(c).devs.push_back(e);
    ++bought_;
    if (card) named_[ix(static_cast<int>(*card))]++;
  }
  pay(c, card_cost());
  turn_.built = true;
  after_step();
  return out;
}

std::optional<Finding> State::name_card(Colour c, int index, DevCard card) {
  std::optional<Finding> v;
  if (named_[ix(static_cast<int>(card))] >= deck_count(card))
    v = fail(rule::CT_1002,
             fmt::format("the deck holds {} {} card{}, and all are already named", deck_count(card),
                         name(card), deck_count(card) == 1 ? "" : "s"),
             kDeckDomain);
  p(c).devs[ix(index)].type = card;
  named_[ix(static_cast<int>(card))]++;
  return v;
}

int State::next_dev_for_reveal(Colour c) const {
  const auto& devs = player(c).devs;
  for (int i = static_cast<int>(devs.size()) - 1; i >= 0; --i)
    if (!devs[ix(i)].type && !devs[ix(i)].played) return i;
  return -1;
}

bool State::knight_action_possible(bool c_used) const {
  const Board& b = *board_;
  int places_in_play = 0;
  bool hun_on_place = false;
  for (std::size_t g = 0; g < b.gatherings.size(); ++g) {
    if (!in_play(b.gatherings[g].in, players())) continue;
    ++places_in_play;
    if (places_[g] > 0) hun_on_place = true;
  }
  if (hun_on_place && places_in_play > 1) return true;
  for (std::size_t h = 0; h < b.hexes.size(); ++h)
    if (hex_huns_[h] > 0 && in_play(b.hexes[h].in, players())) return true;
  if (!c_used)
    for (std::size_t h = 0; h < b.hexes.size(); ++h)
      if (!b.hexes[h].land() && in_play(b.hexes[h].in, players()) && static_cast<int>(h) != pirate_)
        return true;
  return false;
}

Violations State::play_card(const Step& step) {
  Violations out;
  if (!gate(StepKind::play_card, out)) return out;
  turn_.last_was_pirate = false;
  Colour c = turn_.colour;
  DevCard d = *step.dev;
  const Board& b = *board_;
  bool timing_fault = false;  // CT-802 is cited once per card play
  if (turn_.cards_played >= 1) {
    out.push_back(fail(rule::CT_802, "a second development card this turn: at most one is played",
                       kDeckDomain));
    timing_fault = true;
  }
  if (d == DevCard::victory_point) {
    out.push_back(fail(rule::CT_808,
                       "a victory-point card is never played: it stays hidden and is revealed "
                       "with <reveal>",
                       kDeckDomain));
    return out;
  }
  if (!timing_fault && !turn_.rolled && options_.dev_timing == DevTiming::knight_before_roll &&
      d != DevCard::knight) {
    timing_fault = true;
    out.push_back(fail(rule::CT_802,
                       fmt::format("a {} before the roll: only a knight is played before the roll "
                                   "(dev-timing = knight-before-roll)",
                                   name(d)),
                       -1));
  }
  // The card: a known one bought before this turn, else the earliest unnamed one (CT-1001).
  auto& devs = p(c).devs;
  int index = -1;
  for (std::size_t i = 0; i < devs.size() && index < 0; ++i)
    if (!devs[i].played && devs[i].type == d && devs[i].bought < turn_.seq)
      index = static_cast<int>(i);
  if (index < 0)
    for (std::size_t i = 0; i < devs.size() && index < 0; ++i)
      if (!devs[i].played && !devs[i].type && devs[i].bought < turn_.seq) {
        index = static_cast<int>(i);
        if (auto v = name_card(c, index, d)) out.push_back(*v);
      }
  if (index >= 0) {
    devs[ix(index)].played = true;
  } else if (!timing_fault) {
    bool bought_now = false;
    for (const auto& e : devs)
      if (!e.played && e.bought == turn_.seq && (!e.type || e.type == d)) bought_now = true;
    out.push_back(fail(rule::CT_802,
                       bought_now ? fmt::format("{} plays a {} bought this turn; a card is "
                                                "played from the next turn on",
                                                name(c), name(d))
                                  : fmt::format("{} holds no {} that could be played (known, or "
                                                "unnamed and bought before this turn)",
                                                name(c), name(d)),
                       kDeckDomain));
  }
  turn_.cards_played++;

  switch (d) {
    case DevCard::knight: {
      int count = 0;
      bool c_used = false, last_pirate = false, steal_due = false;
      int pirate_ref = -1;
      for (std::size_t i = 0; i < step.actions.size(); ++i) {
        const KnightAction& a = step.actions[i];
        int ref = static_cast<int>(i);
        if (a.kind == KnightAction::Kind::steal) {
          if (!last_pirate) {
            out.push_back(fail(rule::CT_408,
                               "a steal comes directly after the knight's pirate move", -1, ref));
            continue;
          }
          last_pirate = false;
          steal_due = false;
          if (a.colour == c)
            out.push_back(
                fail(rule::CT_408,
                     fmt::format("{} steals from itself; the victim is another player", name(c)),
                     hand_domain(c), ref));
          else if (total(player(a.colour).hand) == 0)
            out.push_back(fail(rule::CT_408,
                               fmt::format("{} holds no resource card; the victim holds at least "
                                           "one",
                                           name(a.colour)),
                               hand_domain(a.colour), ref));
          else if (player(a.colour).hand[ix(a.card)] == 0)
            out.push_back(fail(rule::CT_408,
                               fmt::format("{} steals {} from {}, but {}", name(c), name(a.card),
                                           name(a.colour), colour_hand(a.colour)),
                               hand_domain(a.colour), ref));
          if (a.colour != c && player(a.colour).hand[ix(a.card)] > 0) {
            p(a.colour).hand[ix(a.card)]--;
            p(c).hand[ix(a.card)]++;
          }
          continue;
        }
        if (steal_due) {
          out.push_back(fail(rule::CT_408,
                             "the knight's pirate moved and another player holds resource "
                             "cards: a <steal> must follow it directly",
                             -1, pirate_ref));
          steal_due = false;
        }
        last_pirate = false;
        if (count >= 2) {
          out.push_back(
              fail(rule::CT_803, "a third knight action: a knight performs at most two", -1, ref));
          continue;
        }
        if (a.kind == KnightAction::Kind::pirate && c_used) {
          out.push_back(fail(rule::CT_803,
                             "the pirate action (C) is performed at most once per "
                             "knight",
                             -1, ref));
          continue;
        }
        ++count;
        if (a.kind == KnightAction::Kind::move_hun) {
          int from = b.gathering_of(a.from), to = b.gathering_of(a.to);
          std::optional<std::string> bad;
          if (from < 0 || !in_play(b.gatherings[ix(from)].in, players()))
            bad = fmt::format("gathering place {} is not in play with {} players",
                              numeral_name(a.from), players());
          else if (to < 0 || !in_play(b.gatherings[ix(to)].in, players()))
            bad = fmt::format("gathering place {} is not in play with {} players",
                              numeral_name(a.to), players());
          else if (from == to)
            bad = fmt::format("a Hun moves to a different gathering place, not back to {}",
                              numeral_name(a.from));
          else if (places_[ix(from)] == 0)
            bad = fmt::format("gathering place {} holds no Hun", numeral_name(a.from));
          if (bad) {
            out.push_back(fail(rule::CT_803, *bad, kHunDomain, ref));
          } else {
            places_[ix(from)]--;
            places_[ix(to)]++;
          }
        } else if (a.kind == KnightAction::Kind::chase_hun) {
          const HexDef& h = b.hexes[ix(a.hex)];
          std::optional<std::string> bad;
          if (!in_play(h.in, players()))
            bad = fmt::format("{} is not in play with {} players", h.id, players());
          else if (!h.land())
            bad = fmt::format("{} is a sea hex; Huns are chased from land hexes", h.id);
          else if (hex_huns_[ix(a.hex)] == 0)
            bad = fmt::format("{} holds no Hun", h.id);
          else if (!numeral_in_play(a.numeral))
            bad = fmt::format("numeral {} is not in play with {} players (Huns I-III)",
                              numeral_name(a.numeral), players());
          else if (bag_[ix(a.numeral)] >= b.huns_per_numeral)
            bad = fmt::format("every Hun of numeral {} is in the bag; none can be chased back",
                              numeral_name(a.numeral));
          if (bad) {
            out.push_back(fail(rule::CT_803, *bad, kHunDomain, ref));
          } else {
            hex_huns_[ix(a.hex)]--;
            bag_[ix(a.numeral)]++;
          }
        } else {
          const HexDef& h = b.hexes[ix(a.hex)];
          std::optional<std::string> bad;
          if (!in_play(h.in, players()))
            bad = fmt::format("{} is not in play with {} players", h.id, players());
          else if (h.land())
            bad = fmt::format("{} is a land hex ({}); the pirate moves to a sea hex", h.id,
                              name(h.terrain));
          else if (a.hex == pirate_)
            bad = fmt::format("the pirate already stands on {}; it moves to a different sea hex",
                              h.id);
          if (bad) out.push_back(fail(rule::CT_803, *bad, kBoardDomain, ref));
          if (in_play(h.in, players()) && !h.land()) pirate_ = a.hex;
          c_used = true;
          last_pirate = true;
          steal_due = victims_exist(c);
          pirate_ref = ref;
        }
      }
      if (steal_due)
        out.push_back(fail(rule::CT_408,
                           "the knight's pirate moved and another player holds resource cards: "
                           "a <steal> must follow it",
                           -1, pirate_ref));
      if (options_.knight_actions == KnightActions::exactly_two && count < 2 &&
          knight_action_possible(c_used))
        out.push_back(fail(rule::CT_803,
                           fmt::format("the knight performs {} action{}; with knight-actions = "
                                       "exactly-two it performs two while two are possible",
                                       count, count == 1 ? "" : "s"),
                           -1));
      p(c).knights++;
      update_largest_army(c);
      break;
    }
    case DevCard::road_building: {
      for (std::size_t i = 0; i < step.roads.size(); ++i) {
        const PlaceRef& r = step.roads[i];
        int ref = static_cast<int>(i);
        if (i >= 2) {
          out.push_back(
              fail(rule::CT_805, "road building places two roads, not more", kBoardDomain, ref));
          continue;
        }
        std::optional<Finding> v = place_name(r, false);
        if (!v && r.index >= 0) v = road_placement(c, r.index);
        if (!v && supply_roads(c) == 0)
          v = violation(rule::CT_603, fmt::format("{} has no road left (15 per colour)", name(c)));
        if (v) out.push_back(fail(v->rule, v->message, kBoardDomain, ref));
        lay_road(c, r.index);
      }
      if (step.roads.size() < 2 && supply_roads(c) > 0 && legal_road_exists(c))
        out.push_back(fail(rule::CT_805,
                           fmt::format("road building places {} road{}, but another legal road "
                                       "was possible",
                                       step.roads.size(), step.roads.size() == 1 ? "" : "s"),
                           kBoardDomain));
      break;
    }
    case DevCard::year_of_plenty: {
      Cards bank = bank_;
      int possible = std::min(2, total(bank_));
      std::optional<Finding> v;
      if (step.take.count() > 2)
        v = fail(rule::CT_806,
                 fmt::format("year of plenty takes two cards, not {}", step.take.count()),
                 hand_domain(c));
      for (std::size_t i = 0; i < step.take.order.size() && i < 2; ++i) {
        Resource r = step.take.order[i];
        if (bank[ix(r)] == 0) {
          if (!v)
            v = fail(rule::CT_806, fmt::format("the bank holds no {}", name(r)), hand_domain(c));
          continue;
        }
        bank[ix(r)]--;
        bank_[ix(r)]--;
        p(c).hand[ix(r)]++;
      }
      if (!v && step.take.count() < possible)
        v = fail(rule::CT_806,
                 fmt::format("year of plenty takes {} card{} while the bank holds {}",
                             step.take.count(), step.take.count() == 1 ? "" : "s",
                             count_of(total(bank_) + step.take.count(), "card")),
                 hand_domain(c));
      if (v) out.push_back(*v);
      break;
    }
    case DevCard::monopoly: {
      Resource r = step.resource;
      std::array<int, kColours> given{};
      for (Colour o : seats_) {
        if (o == c) continue;
        given[ix(o)] = player(o).hand[ix(r)];
        p(o).hand[ix(r)] = 0;
        p(c).hand[ix(r)] += given[ix(o)];
      }
      if (!step.gives.empty()) {
        std::array<bool, kColours> listed{};
        std::optional<Finding> v;
        for (std::size_t i = 0; i < step.gives.size() && !v; ++i) {
          const MonopolyGive& g = step.gives[i];
          int ref = static_cast<int>(i);
          if (g.colour == c)
            v = fail(rule::CT_807, fmt::format("{} plays the monopoly and gives nothing", name(c)),
                     -1, ref);
          else if (listed[ix(g.colour)])
            v = fail(rule::CT_807, fmt::format("{} is listed twice", name(g.colour)), -1, ref);
          else if (given[ix(g.colour)] == 0)
            v = fail(rule::CT_807,
                     fmt::format("{} holds no {} and gives nothing", name(g.colour), name(r)), -1,
                     ref);
          else if (given[ix(g.colour)] != g.count)
            v = fail(rule::CT_807,
                     fmt::format("{} gives {} {}, not {}", name(g.colour), given[ix(g.colour)],
                                 name(r), g.count),
                     -1, ref);
          listed[ix(g.colour)] = true;
        }
        for (Colour o : seats_)
          if (!v && o != c && given[ix(o)] > 0 && !listed[ix(o)])
            v = fail(
                rule::CT_807,
                fmt::format("{} gives {} {} but is not listed", name(o), given[ix(o)], name(r)),
                -1);
        if (v) out.push_back(*v);
      }
      break;
    }
    case DevCard::victory_point:
      break;
  }
  after_step();
  return out;
}

Violations State::reveal(DevCard card) {
  Violations out;
  if (!gate(StepKind::reveal, out)) return out;
  turn_.last_was_pirate = false;
  Colour c = turn_.colour;
  if (card != DevCard::victory_point) {
    out.push_back(
        fail(rule::CT_1001,
             fmt::format("during play only victory-point cards are revealed, not a {}", name(card)),
             kDeckDomain));
    return out;
  }
  int index = next_dev_for_reveal(c);
  if (index < 0) {
    out.push_back(fail(rule::CT_1001,
                       fmt::format("{} holds no unnamed development card to reveal", name(c)),
                       kDeckDomain));
    return out;
  }
  if (auto v = name_card(c, index, card)) out.push_back(*v);
  after_step();
  return out;
}

Violations State::end_reveal(Colour c, DevCard card) {
  Violations out;
  int index = next_dev_for_reveal(c);
  if (index < 0) {
    out.push_back(
        fail(rule::CT_1001,
             fmt::format("{} holds no unnamed, unplayed development card to reveal", name(c)),
             kDeckDomain));
    return out;
  }
  if (auto v = name_card(c, index, card)) out.push_back(*v);
  return out;
}

}  // namespace wallaudit::ct

// ---- the order of play ---------------------------------------------------------------------

namespace wallaudit::ct {

// The seat of founding slot `pos` (CT-303, CT-304): the forts go once round from the first
// seat; round A goes as founding-order says (snake: from the last seat back to the first;
// restart: from the last seat, then on from the first); round B is round A backwards. -1 past
// the last slot.
int State::founding_seat(int pos) const {
  const int count = players();
  auto round_a = [&](int k) {
    return options_.founding_order == FoundingOrder::restart ? (count - 1 + k) % count
                                                             : count - 1 - k;
  };
  if (pos < 0 || pos >= 3 * count) return -1;
  if (pos < count) return pos;
  if (pos < 2 * count) return round_a(pos - count);
  return round_a(3 * count - 1 - pos);
}

std::optional<Finding> State::fort_due(Colour c) {
  int count = players();
  const int seat = founding_seat(founding_pos_);
  Colour expected = seats_[ix(seat >= 0 ? seat : 0)];
  std::optional<Finding> out;
  if (founding_pos_ >= count)
    out = violation(
        rule::CT_303,
        fmt::format("every border fort is placed; {}'s second fort is out of turn", name(c)));
  else if (c != expected)
    out = violation(rule::CT_303,
                    fmt::format("the {} border fort is {}'s (forts go clockwise from the starting "
                                "player), not {}'s",
                                ordinal(founding_pos_ + 1), name(expected), name(c)));
  if (founding_pos_ < count) ++founding_pos_;
  return out;
}

std::optional<Finding> State::founding_due(Colour c, bool& round_b) {
  int count = players();
  const int seat = founding_seat(founding_pos_);
  Colour expected = seats_[ix(seat >= 0 ? seat : 0)];
  std::optional<Finding> out;
  if (founding_pos_ < count)
    out = violation(rule::CT_304, fmt::format("a founding settlement while border forts are still "
                                              "due ({} of {} placed)",
                                              founding_pos_, count));
  else if (founding_pos_ >= 3 * count)
    out = violation(rule::CT_304,
                    fmt::format("the founding phase is complete (two settlements per player); "
                                "{}'s settlement is out of turn",
                                name(c)));
  else if (c != expected)
    out = violation(
        rule::CT_304,
        fmt::format("the {} founding settlement is {}'s ({} order), not {}'s",
                    ordinal(founding_pos_ - count + 1), name(expected),
                    options_.founding_order == FoundingOrder::restart ? "founding-order = restart"
                                                                      : "founding-order = snake",
                    name(c)));
  round_b = founding_pos_ >= 2 * count && founding_pos_ < 3 * count;
  if (founding_pos_ < 3 * count) ++founding_pos_;
  return out;
}

std::vector<Colour> State::founding_missing() const {
  int count = players();
  bool forts = founding_pos_ < count;
  std::vector<Colour> missing;
  for (int k = founding_pos_; k < (forts ? count : 3 * count); ++k) {
    Colour c = seats_[ix(founding_seat(k))];
    if (std::find(missing.begin(), missing.end(), c) == missing.end()) missing.push_back(c);
  }
  return missing;
}

std::optional<Finding> State::turn_due(Colour c, int turn) {
  Colour expected = next_turn();
  int seat = next_seat_;
  std::optional<Finding> out;
  if (c != expected) {
    out = violation(rule::CT_401,
                    turn == 1
                        ? fmt::format("the first turn is {}'s (first-turn = {}), not {}'s",
                                      name(expected), option_value(options_, "first-turn"), name(c))
                        : fmt::format("turn {} is {}'s (turns go clockwise), not {}'s", turn,
                                      name(expected), name(c)));
    seat = seat_of(c);
  }
  next_seat_ = (seat + 1) % players();
  last_turn_seat_ = seat;
  next_special_ = 1;
  turn_seen_ = true;
  return out;
}

std::optional<Finding> State::special_due(Colour c) {
  int n = players();
  int seat = seat_of(c);
  std::optional<std::string> bad;
  if (n != 6)
    bad =
        fmt::format("a special building phase with {} players; it belongs to the 6-player game", n);
  else if (!turn_seen_)
    bad = "a special building phase before the first turn; the phases follow a turn";
  else if (seat == last_turn_seat_)
    bad = fmt::format("{} has just had its turn and takes no special building phase after it",
                      name(c));
  else {
    int offset = (seat - last_turn_seat_ + n) % n;
    if (offset < next_special_)
      bad = fmt::format(
          "{}'s special building phase is out of order: the phases go clockwise from the left "
          "of {}, each colour at most once",
          name(c), name(seats_[ix(last_turn_seat_)]));
    else
      next_special_ = offset + 1;
  }
  if (!bad) return std::nullopt;
  return violation(rule::CT_410, std::move(*bad));
}

// ---- echoes inside <roll> ------------------------------------------------------------------

Violations State::echo_faults(const std::vector<Echo>& echoes, const RollResult& rr) const {
  Violations out;
  const Board& b = *board_;
  const int count = players();
  // ref: the echo (-1 the roll itself); sub: the <occupy> of a breach echo.
  auto echo_fault = [&](std::string_view rule, int ref, std::string message, int sub = -1) {
    Finding v = violation(rule, std::move(message), ref);
    v.sub = static_cast<std::int16_t>(sub);
    out.push_back(std::move(v));
  };
  auto at = [&](const Echo& e) { return static_cast<int>(&e - echoes.data()); };
  std::vector<std::size_t> adv, br;
  for (std::size_t i = 0; i < rr.events.size(); ++i)
    (rr.events[i].kind == HunEvent::Kind::advance ? adv : br).push_back(i);
  bool any_adv = false, any_br = false, any_prod = false;
  for (const auto& e : echoes) {
    if (e.kind == Echo::Kind::advance) any_adv = true;
    if (e.kind == Echo::Kind::breach) any_br = true;
    if (e.kind == Echo::Kind::produce) any_prod = true;
  }
  std::size_t ai = 0, bi = 0;
  int adv_seen = 0, br_seen = 0;
  bool adv_bad = false, br_bad = false, prod_bad = false;
  const Echo* first_produce = nullptr;
  auto counts_at = [&](std::size_t event) -> const std::vector<int>& {
    return event == 0 ? rr.fields_before : rr.events[event - 1].fields_after;
  };
  auto place_id = [&](int numeral) { return std::string(numeral_name(numeral)); };
  for (const Echo& e : echoes) {
    if (e.kind == Echo::Kind::produce) {
      if (!first_produce) first_produce = &e;
      continue;
    }
    if (first_produce && !prod_bad) {
      prod_bad = true;
      echo_fault(rule::CT_404, at(*first_produce),
                 "a <produce> echo comes before an advance or breach echo: production follows "
                 "every Hun advance and breach of the roll");
    }
    if (e.kind == Echo::Kind::advance) {
      ++adv_seen;
      if (adv_bad) continue;
      int g = b.gathering_of(e.from);
      const FieldDef& f = b.fields[ix(e.field)];
      std::optional<std::string> bad;
      if (rr.total == 7) {
        bad = "no Hun advances on a 7";
      } else if (g < 0 || !in_play(b.gatherings[ix(g)].in, count) || !in_play(f.in, count)) {
        bad = fmt::format("an advance from {} to {}: {} is not in play with {} players",
                          place_id(e.from), f.id,
                          g < 0 || !in_play(b.gatherings[ix(g)].in, count)
                              ? fmt::format("gathering place {}", place_id(e.from))
                              : fmt::format("field {}", f.id),
                          count);
      } else if (ai < adv.size() && rr.events[adv[ai]].numeral == e.from &&
                 rr.events[adv[ai]].field == e.field) {
        if (any_br && !br_bad) {
          int before = 0;
          for (std::size_t k : br)
            if (k < adv[ai]) ++before;
          if (br_seen != before) {
            br_bad = true;
            echo_fault(
                rule::CT_505, at(e),
                fmt::format("the breach echoes are out of order: {} breach{} happened "
                            "before this advance, {} {} echoed before it",
                            before, before == 1 ? "" : "es", br_seen, br_seen == 1 ? "is" : "are"));
          }
        }
        ++ai;
        continue;
      } else {
        std::size_t point = ai < adv.size() ? adv[ai] : rr.events.size();
        const auto& counts = counts_at(point);
        if (counts[ix(e.field)] >= 5) {
          adv_bad = true;
          echo_fault(rule::CT_504, at(e),
                     fmt::format("field {} holds 5 Huns at this point of the roll and receives "
                                 "nothing more",
                                 f.id));
          continue;
        }
        bad = ai < adv.size()
                  ? fmt::format(
                        "the {} advance of the roll of {} is from {} to {}, not from {} "
                        "to {}",
                        ordinal(static_cast<int>(ai) + 1), rr.total,
                        place_id(rr.events[adv[ai]].numeral),
                        b.fields[ix(rr.events[adv[ai]].field)].id, place_id(e.from), f.id)
                  : fmt::format("the roll of {} makes {} advance{}; this echo is one too many",
                                rr.total, adv.size(), adv.size() == 1 ? "" : "s");
      }
      adv_bad = true;
      echo_fault(rule::CT_503, at(e), *bad);
      continue;
    }
    // A breach echo.
    ++br_seen;
    if (br_bad) continue;
    const FieldDef& f = b.fields[ix(e.field)];
    if (rr.total == 7 || !in_play(f.in, count) || bi >= br.size() ||
        rr.events[br[bi]].field != e.field) {
      br_bad = true;
      echo_fault(rule::CT_505, at(e),
                 rr.total == 7 ? std::string("no breach happens on a 7")
                 : !in_play(f.in, count)
                     ? fmt::format("field {} is not in play with {} players", f.id, count)
                 : bi < br.size()
                     ? fmt::format("the {} breach of the roll is by field {}, not {}",
                                   ordinal(static_cast<int>(bi) + 1),
                                   b.fields[ix(rr.events[br[bi]].field)].id, f.id)
                     : fmt::format("the roll of {} makes {} breach{}; this echo is one too many",
                                   rr.total, br.size(), br.size() == 1 ? "" : "es"));
      continue;
    }
    const HunEvent& ev = rr.events[br[bi]];
    if (any_adv && !adv_bad) {
      int before = 0;
      for (std::size_t k : adv)
        if (k < br[bi]) ++before;
      if (adv_seen != before) {
        br_bad = true;
        echo_fault(rule::CT_505, at(e),
                   fmt::format("this breach is echoed out of order: it follows the {} advance "
                               "of the roll",
                               ordinal(before)));
        continue;
      }
    }
    if (!e.occupies.empty()) {
      for (std::size_t k = 0; k < std::max(e.occupies.size(), ev.hexes.size()); ++k) {
        if (k >= e.occupies.size()) {
          echo_fault(rule::CT_507, at(e),
                     fmt::format("{} Huns enter China in this breach, {} <occupy> echoed",
                                 ev.hexes.size(), e.occupies.size()));
          break;
        }
        int hex = e.occupies[k].first;
        if (k >= ev.hexes.size()) {
          echo_fault(rule::CT_507, at(e),
                     fmt::format("only {} Hun{} enter{} China in this breach", ev.hexes.size(),
                                 ev.hexes.size() == 1 ? "" : "s", ev.hexes.size() == 1 ? "s" : ""),
                     static_cast<int>(k));
          break;
        }
        if (hex != ev.hexes[k]) {
          echo_fault(rule::CT_507, at(e),
                     fmt::format("the {} Hun of this breach takes {} (the first hex of the "
                                 "path with the fewest Huns), not {}",
                                 ordinal(static_cast<int>(k) + 1), b.hexes[ix(ev.hexes[k])].id,
                                 b.hexes[ix(hex)].id),
                     static_cast<int>(k));
          break;
        }
      }
    }
    ++bi;
  }
  if (any_adv && !adv_bad && ai < adv.size())
    echo_fault(rule::CT_503, -1,
               fmt::format("the roll of {} makes {} Hun advance{}, the echoes list {}", rr.total,
                           adv.size(), adv.size() == 1 ? "" : "s", ai));
  if (any_br && !br_bad && bi < br.size())
    echo_fault(rule::CT_505, -1,
               fmt::format("the roll of {} makes {} breach{}, the echoes list {}", rr.total,
                           br.size(), br.size() == 1 ? "" : "es", bi));
  if (!any_prod || prod_bad) return out;
  if (rr.total == 7 || rr.huns_end) {
    echo_fault(rule::CT_404, at(*first_produce),
               rr.total == 7 ? std::string("nothing is produced on a 7")
                             : std::string("the Huns' victory ended the game in this roll: "
                                           "nothing is produced"));
    return out;
  }
  std::array<bool, kColours> listed{};
  auto short_note = [&](const Cards& a, const Cards& b2) {
    for (int r = 0; r < kResources; ++r)
      if (a[ix(r)] != b2[ix(r)] && rr.shortage[ix(r)]) return true;
    return false;
  };
  for (const Echo& e : echoes) {
    if (e.kind != Echo::Kind::produce) continue;
    if (listed[ix(e.colour)]) {
      echo_fault(rule::CT_404, at(e), fmt::format("{} is listed twice", name(e.colour)));
      return out;
    }
    listed[ix(e.colour)] = true;
    const Cards& actual = rr.produced[ix(e.colour)];
    if (actual == e.cards.cards) continue;
    bool shortage = short_note(actual, e.cards.cards);
    echo_fault(shortage ? rule::CT_405 : rule::CT_404, at(e),
               fmt::format("{} receives {} from the roll of {}, not {}{}", name(e.colour),
                           card_list(actual), rr.total, card_list(e.cards.cards),
                           shortage ? fmt::format(" (the bank is short of a resource owed: {})",
                                                  rule::CT_405)
                                    : std::string()));
    return out;
  }
  for (Colour c : seats_) {
    if (listed[ix(c)] || total(rr.produced[ix(c)]) == 0) continue;
    bool shortage = short_note(rr.produced[ix(c)], Cards{});
    echo_fault(shortage ? rule::CT_405 : rule::CT_404, -1,
               fmt::format("{} receives {} from the roll of {}, but no <produce> lists it "
                           "(when any is given, every colour that receives cards is listed)",
                           name(c), card_list(rr.produced[ix(c)]), rr.total));
    return out;
  }
  return out;
}

// ---- claims ----------------------------------------------------------------------------------

std::string describe_vp(const VpBreakdown& b) {
  std::vector<std::string> parts;
  if (b.settlements)
    parts.push_back(fmt::format("{} settlement{}", b.settlements, b.settlements == 1 ? "" : "s"));
  if (b.cities) parts.push_back(fmt::format("{} cit{} x2", b.cities, b.cities == 1 ? "y" : "ies"));
  if (b.longest_road) parts.push_back("Longest Road 2");
  if (b.largest_army) parts.push_back("Largest Army 1");
  if (b.vp_cards)
    parts.push_back(fmt::format("{} VP card{}", b.vp_cards, b.vp_cards == 1 ? "" : "s"));
  if (b.malus)
    parts.push_back(fmt::format("{} malus chip{} -{}", b.malus, b.malus == 1 ? "" : "s", b.malus));
  std::string out;
  for (const auto& p : parts)
    out += fmt::format("{}{}", out.empty() ? "" : ", ", p);
  return out.empty() ? std::string("nothing") : out;
}

std::optional<Finding> State::claim_fault(Colour c, int vp) const {
  if (!player(c).playing)
    return violation(rule::CT_906, fmt::format("a claim for {}, who is not playing", name(c)));
  int now = this->vp(c);
  if (now == vp) return std::nullopt;
  return violation(rule::CT_906, fmt::format("{} is claimed to have {} VP here, recomputed {} ({})",
                                             name(c), vp, now, describe_vp(vp_breakdown(c))));
}

std::optional<Finding> State::final_fault(Colour c, int vp) const {
  if (!player(c).playing)
    return violation(rule::CT_906,
                     fmt::format("a final claim for {}, who is not playing", name(c)));
  int now = this->vp(c);
  if (now == vp) return std::nullopt;
  return violation(rule::CT_906, fmt::format("{}'s final VP are claimed {}, recomputed {} ({})",
                                             name(c), vp, now, describe_vp(vp_breakdown(c))));
}

}  // namespace wallaudit::ct
