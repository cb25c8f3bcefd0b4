// An independent implementation of rules/chang-cheng.md that plays random legal games and
// writes them as format-1 records (formats/chang-cheng-record.md). Nothing here calls the
// rules engine of lib/chang_cheng: only the geometry is shared, read from the board file.
#include "support/cc_generator.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/text.hpp"

namespace wallaudit::test {

namespace ccgen {

// ---- vocabulary ------------------------------------------------------------------------------

constexpr int kNeutral = 4;  // the pseudo-colour of neutral walls
constexpr std::array<const char*, 5> kColourName{"red", "green", "blue", "purple", "neutral"};
constexpr std::array<const char*, 7> kCardName{"",        "warrior",        "traitor", "flood",
                                               "builder", "master-builder", "mandarin"};
enum Rank : int { kWarrior = 1, kTraitor, kFlood, kBuilder, kMaster, kMandarin };
constexpr std::array<const char*, 4> kEventName{"diplomacy", "dominance", "imperial-reward",
                                                "observation"};
enum EventId : int { kDiplomacy, kDominance, kImperial, kObservation };

std::string colour_name(int c) {
  return kColourName[static_cast<std::size_t>(c)];
}
std::string card_name(int rank) {
  return kCardName[static_cast<std::size_t>(rank)];
}

// ---- deterministic randomness (identical on every platform) ---------------------------------

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  int below(int n) {
    if (n <= 1) return 0;
    const auto un = static_cast<std::uint64_t>(n);
    constexpr auto max = std::numeric_limits<std::uint64_t>::max();
    const std::uint64_t limit = max - max % un;
    std::uint64_t x;
    do
      x = engine_();
    while (x >= limit);
    return static_cast<int>(x % un);
  }
  int range(int lo, int hi) { return lo + below(hi - lo + 1); }
  double unit() { return static_cast<double>(engine_() >> 11) * (1.0 / 9007199254740992.0); }
  bool chance(double p) { return unit() < p; }
  template <typename T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))];
  }
  template <typename T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i)
      std::swap(v[i - 1], v[static_cast<std::size_t>(below(static_cast<int>(i)))]);
  }
  int weighted(const std::vector<double>& w) {
    double total = 0;
    for (double x : w)
      total += std::max(0.0, x);
    double r = unit() * total;
    int last = -1;
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (w[i] <= 0) continue;
      last = static_cast<int>(i);
      if (r < w[i]) return last;
      r -= w[i];
    }
    return last;
  }

 private:
  std::mt19937_64 engine_;
};

// ---- geometry (read from the board file, nothing else shared with lib/) -----------------------

struct Geometry {
  struct Side {
    std::string id, board;
    std::vector<std::array<int, 2>> spaces;  // (province 0..2, region 0..2), west to east
  };
  std::vector<Side> sides;
  std::vector<int> base;     // first space id of each side
  std::vector<int> side_of;  // space → side
  std::vector<int> w_of;     // space → index on its side
  int count = 0;

  int space(int side, int w) const { return base[static_cast<std::size_t>(side)] + w; }
  int size(int side) const {
    return static_cast<int>(sides[static_cast<std::size_t>(side)].spaces.size());
  }
  const std::array<int, 2>& def(int s) const {
    return sides[static_cast<std::size_t>(side_of[static_cast<std::size_t>(s)])]
        .spaces[static_cast<std::size_t>(w_of[static_cast<std::size_t>(s)])];
  }
  int prov(int s) const { return side_of[static_cast<std::size_t>(s)] * 3 + def(s)[0]; }
  int reg(int s) const { return side_of[static_cast<std::size_t>(s)] * 3 + def(s)[1]; }
  const std::string& side_id(int side) const { return sides[static_cast<std::size_t>(side)].id; }
  const std::string& board(int side) const { return sides[static_cast<std::size_t>(side)].board; }
  std::string sname(int s) const {
    return side_id(side_of[static_cast<std::size_t>(s)]) + ".W" +
           std::to_string(w_of[static_cast<std::size_t>(s)] + 1);
  }
  std::string pname(int p) const { return side_id(p / 3) + ".P" + std::to_string(p % 3 + 1); }
  std::string rname(int r) const { return side_id(r / 3) + ".M" + std::to_string(r % 3 + 1); }
  std::vector<int> spaces_of_prov(int p) const {
    std::vector<int> out;
    for (int w = 0; w < size(p / 3); ++w)
      if (prov(space(p / 3, w)) == p) out.push_back(space(p / 3, w));
    return out;
  }
  std::vector<int> spaces_of_reg(int r) const {
    std::vector<int> out;
    for (int w = 0; w < size(r / 3); ++w)
      if (reg(space(r / 3, w)) == r) out.push_back(space(r / 3, w));
    return out;
  }
  bool prov_borders_reg(int p, int r) const {
    if (p / 3 != r / 3) return false;
    for (int s : spaces_of_prov(p))
      if (reg(s) == r) return true;
    return false;
  }
  int find_side(std::string_view id) const {
    for (std::size_t i = 0; i < sides.size(); ++i)
      if (sides[i].id == id) return static_cast<int>(i);
    return -1;
  }
};

const Geometry& geometry() {
  static const Geometry g = [] {
    Geometry geo;
    const std::string path =
        std::string(WALLAUDIT_SOURCE_DIR) + "/lib/chang_cheng/data/standard-boards.xml";
    pugi::xml_document doc;
    if (!doc.load_file(path.c_str())) throw std::runtime_error("cannot read " + path);
    for (pugi::xml_node side : doc.child("board-set").children("side")) {
      Geometry::Side s;
      s.id = side.attribute("id").value();
      s.board = side.attribute("board").value();
      for (pugi::xml_node sp : side.children("space")) {
        std::string p = sp.attribute("province").value();
        std::string r = sp.attribute("region").value();
        s.spaces.push_back({p.at(1) - '1', r.at(1) - '1'});
      }
      geo.sides.push_back(std::move(s));
    }
    for (std::size_t i = 0; i < geo.sides.size(); ++i) {
      geo.base.push_back(geo.count);
      for (std::size_t w = 0; w < geo.sides[i].spaces.size(); ++w) {
        geo.side_of.push_back(static_cast<int>(i));
        geo.w_of.push_back(static_cast<int>(w));
      }
      geo.count += static_cast<int>(geo.sides[i].spaces.size());
    }
    if (geo.sides.size() != 8) throw std::runtime_error("expected the eight standard sides");
    return geo;
  }();
  return g;
}

// ---- the record as a tree ------------------------------------------------------------------

struct Elem {
  std::string tag;
  std::vector<std::pair<std::string, std::string>> attrs;
  std::vector<Elem> kids;
  std::string text;
  bool omit = false;  // kept for mutations, not written

  Elem() = default;
  explicit Elem(std::string t) : tag(std::move(t)) {}
  Elem& set(const std::string& key, std::string value) {
    for (auto& [k, v] : attrs) {
      if (k == key) {
        v = std::move(value);
        return *this;
      }
    }
    attrs.emplace_back(key, std::move(value));
    return *this;
  }
  const std::string* get(std::string_view key) const {
    for (const auto& [k, v] : attrs)
      if (k == key) return &v;
    return nullptr;
  }
  void erase(std::string_view key) {
    attrs.erase(
        std::remove_if(attrs.begin(), attrs.end(), [&](const auto& kv) { return kv.first == key; }),
        attrs.end());
  }
  Elem* child(std::string_view t) {
    for (auto& k : kids)
      if (k.tag == t) return &k;
    return nullptr;
  }
  const Elem* child(std::string_view t) const {
    for (const auto& k : kids)
      if (k.tag == t) return &k;
    return nullptr;
  }
};

void write_elem(std::string& out, const Elem& e, int depth) {
  if (e.omit) return;
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
  if (e.tag == "#comment") {
    out += "<!-- " + e.text + " -->\n";
    return;
  }
  out += '<';
  out += e.tag;
  for (const auto& [k, v] : e.attrs)
    out += " " + k + "=\"" + xml_escape(v) + "\"";
  bool kids = std::any_of(e.kids.begin(), e.kids.end(), [](const Elem& k) { return !k.omit; });
  if (!kids && e.text.empty()) {
    out += "/>\n";
    return;
  }
  if (!kids) {
    out += ">" + xml_escape(e.text) + "</" + e.tag + ">\n";
    return;
  }
  out += ">\n";
  for (const auto& k : e.kids)
    write_elem(out, k, depth + 1);
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
  out += "</" + e.tag + ">\n";
}

std::string serialise(const Elem& root) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  write_elem(out, root, 0);
  return out;
}

// ---- game state ----------------------------------------------------------------------------

enum PieceKind : std::uint8_t { kEmpty, kSingle, kDouble, kTower, kNeutralWall };

struct Piece {
  std::uint8_t kind = kEmpty;
  std::int8_t colour = -1;  // 0..3, kNeutral for neutral walls
  bool destroyed = false;
  bool intact() const { return kind != kEmpty && !destroyed; }
  bool swappable() const { return (kind == kSingle || kind == kNeutralWall) && !destroyed; }
};

struct PlacedCard {
  int colour = 0;
  int rank = 0;
  bool named = true;
};

struct Prov {
  bool in_play = false, scored = false;
  int rep = 0;
  int empty = 0;
  std::vector<PlacedCard> cards;
};

enum Stating : std::uint8_t { kAtSetup, kInPlay, kAtEnd };

struct Reg {
  bool in_play = false, removed = false, stated = false;
  int value = -3;
  std::uint8_t mode = kAtSetup;
};

struct TowerT {
  int space = -1, owner = 0;
  bool claim = false;
};

struct Supply {
  int singles = 14, doubles = 1, towers = 1, placed = 0;
  unsigned used = 0;  // bit rank-1 set once the card is placed
  bool has(int rank) const { return (used >> (rank - 1) & 1u) == 0; }
};

struct Rules {
  bool flood_plus_only = false, claim_permanent = false, immediate = false,
       diplomacy_majority = false, dominance_longest = false, neutral_same = false,
       neutral_ignored = false, mongol_counted = false;
};

struct State {
  const Geometry* g = nullptr;
  Rules rules;
  std::vector<int> sides;  // in play, west to east
  std::vector<int> line;   // spaces in play, west to east
  std::vector<int> pos;    // space → index in line, -1 when not in play
  std::vector<Piece> pieces;
  std::vector<Prov> provs;
  std::vector<Reg> regs;
  std::array<Supply, 4> sup{};
  std::array<int, 5> score{};
  std::vector<TowerT> towers;
  int neutral_left = 12, emperor = 0, exp_done = 0, exp_pending = 0, exp_due = 1;

  void init(const Geometry& geo, Rules r, int due) {
    g = &geo;
    rules = r;
    exp_due = due;
    pos.assign(static_cast<std::size_t>(geo.count), -1);
    pieces.assign(static_cast<std::size_t>(geo.count), Piece{});
    provs.assign(geo.sides.size() * 3, Prov{});
    regs.assign(geo.sides.size() * 3, Reg{});
  }
  Piece& at(int s) { return pieces[static_cast<std::size_t>(s)]; }
  const Piece& at(int s) const { return pieces[static_cast<std::size_t>(s)]; }
  Prov& prov(int p) { return provs[static_cast<std::size_t>(p)]; }
  const Prov& prov(int p) const { return provs[static_cast<std::size_t>(p)]; }
  Reg& reg(int r) { return regs[static_cast<std::size_t>(r)]; }
  const Reg& reg(int r) const { return regs[static_cast<std::size_t>(r)]; }
  int position(int s) const { return pos[static_cast<std::size_t>(s)]; }
  bool in_play(int s) const { return position(s) >= 0; }
  bool side_in_play(int side) const {
    return std::find(sides.begin(), sides.end(), side) != sides.end();
  }
  bool board_in_play(const std::string& board) const {
    return std::any_of(sides.begin(), sides.end(), [&](int s) { return g->board(s) == board; });
  }

  void join(int side, bool right) {
    if (right)
      sides.push_back(side);
    else
      sides.insert(sides.begin(), side);
    line.clear();
    std::fill(pos.begin(), pos.end(), -1);
    for (int sd : sides) {
      for (int w = 0; w < g->size(sd); ++w) {
        int s = g->space(sd, w);
        pos[static_cast<std::size_t>(s)] = static_cast<int>(line.size());
        line.push_back(s);
      }
    }
    for (int k = 0; k < 3; ++k) {
      prov(side * 3 + k).in_play = true;
      reg(side * 3 + k).in_play = true;
    }
    for (int w = 0; w < g->size(side); ++w)
      ++prov(g->prov(g->space(side, w))).empty;
  }

  std::array<int, 2> nbrs(int s) const {
    int p = position(s);
    if (p < 0) return {-1, -1};
    return {p > 0 ? line[static_cast<std::size_t>(p - 1)] : -1,
            p + 1 < static_cast<int>(line.size()) ? line[static_cast<std::size_t>(p + 1)] : -1};
  }
  bool adjacent(int a, int b) const {
    return in_play(a) && in_play(b) && std::abs(position(a) - position(b)) == 1;
  }
  bool empty_in_play(int s) const { return in_play(s) && at(s).kind == kEmpty; }

  // The owner(s) of claimed towers for which the empty space `s` is the last empty neighbour.
  void reservers(int s, int& owner, bool& two) const {
    owner = -1;
    two = false;
    for (const TowerT& t : towers) {
      if (!t.claim) continue;
      auto nb = nbrs(t.space);
      if (nb[0] != s && nb[1] != s) continue;
      int empties = 0;
      for (int n : nb)
        if (n >= 0 && at(n).kind == kEmpty) ++empties;
      if (empties != 1) continue;
      if (owner >= 0 && owner != t.owner) two = true;
      owner = t.owner;
    }
  }
  // CC-406 and CC-407 (not CC-410): may a piece of `kind` and `colour` go on `s` now?
  bool accepts(int s, int kind, int colour) const {
    if (!empty_in_play(s)) return false;
    int owner;
    bool two;
    reservers(s, owner, two);
    if (two) return false;
    if (owner >= 0 && !(kind == kSingle && colour == owner)) return false;
    return true;
  }
  bool reserved(int s) const {
    int owner;
    bool two;
    reservers(s, owner, two);
    return owner >= 0;
  }
  bool tower_ok(int s) const {  // CC-410
    for (int n : nbrs(s))
      if (n >= 0 && at(n).kind == kTower) return false;
    return true;
  }

  void put(int s, int kind, int colour) {
    Piece& p = at(s);
    p.kind = static_cast<std::uint8_t>(kind);
    p.colour = static_cast<std::int8_t>(colour);
    p.destroyed = false;
    --prov(g->prov(s)).empty;
  }
  void end_claims_next_to(int s, int colour) {
    if (rules.claim_permanent) return;
    for (TowerT& t : towers) {
      if (!t.claim || t.owner != colour) continue;
      auto nb = nbrs(t.space);
      if (nb[0] == s || nb[1] == s) t.claim = false;
    }
  }
  void end_claims_after_swap() {
    if (rules.claim_permanent) return;
    for (TowerT& t : towers) {
      if (!t.claim) continue;
      for (int n : nbrs(t.space))
        if (n >= 0 && at(n).kind == kSingle && at(n).colour == t.owner) t.claim = false;
    }
  }
  void place_single(int s, int c) {
    put(s, kSingle, c);
    --sup[static_cast<std::size_t>(c)].singles;
    end_claims_next_to(s, c);
  }
  void place_double(int a, int b, int c) {
    put(a, kDouble, c);
    put(b, kDouble, c);
    --sup[static_cast<std::size_t>(c)].doubles;
  }
  void place_tower(int s, int c) {
    put(s, kTower, c);
    --sup[static_cast<std::size_t>(c)].towers;
    bool any_empty = false, own_wall = false;
    for (int n : nbrs(s)) {
      if (n < 0) continue;
      if (at(n).kind == kEmpty) any_empty = true;
      // A destroyed wall of the owner still occupies its space (section 13).
      if (at(n).kind == kSingle && at(n).colour == c) own_wall = true;
    }
    towers.push_back({s, c, any_empty && (rules.claim_permanent || !own_wall)});
  }
  void place_neutral(int s) {
    put(s, kNeutralWall, kNeutral);
    --neutral_left;
  }
  void place_card(int c, int p, int rank, bool named) {
    prov(p).cards.push_back({c, rank, named});
    Supply& su = sup[static_cast<std::size_t>(c)];
    su.used |= 1u << (rank - 1);
    ++su.placed;
  }

  bool complete(int p) const { return prov(p).in_play && !prov(p).scored && prov(p).empty == 0; }
  std::vector<int> provinces_in_play() const {
    std::vector<int> out;
    for (int sd : sides)
      for (int k = 0; k < 3; ++k)
        out.push_back(sd * 3 + k);
    return out;
  }
  std::vector<int> regions_in_play() const { return provinces_in_play(); }
  std::vector<int> unfinished() const {
    std::vector<int> out;
    for (int p : provinces_in_play())
      if (prov(p).empty > 0) out.push_back(p);
    return out;
  }
  std::vector<int> spaces_of(int p) const { return g->spaces_of_prov(p); }
  int empties() const {
    int n = 0;
    for (int s : line)
      n += at(s).kind == kEmpty ? 1 : 0;
    return n;
  }
  // The first space of a province in the line (for "left to right").
  int prov_position(int p) const {
    int best = std::numeric_limits<int>::max();
    for (int s : spaces_of(p))
      best = std::min(best, position(s));
    return best;
  }
};

// ---- configuration ---------------------------------------------------------------------------

struct Config {
  int players = 2;
  GenVariant variant = GenVariant::none;
  std::vector<std::vector<int>> seats;  // colours of each player, seat order
  std::vector<int> colours;             // every playing colour, seat order
  Rules rules;
  std::vector<int> events;  // in record order
  CardNaming naming = CardNaming::at_placement;
  ThreatStating threats = ThreatStating::at_setup;
  bool claims = false, peeks = false, meta = false, unfinished = false;
  bool claim_award = false, claim_bonus = false, claim_loss = false, claim_event = false,
       claim_final = false;
  int turn_numbers = 0;  // 0 none, 1 every turn, 2 some turns
  double bias = 0.3;
  double favour = 1.0;        // teams: weight of the first colour's actions against the second's
  bool border_shy = false;    // walls go inside provinces first (double completions, CC-502)
  double neutral_rate = 0.6;  // chance of a neutral wall after an action, when one fits
  bool inline_boards = false;
  int boards_form = 0;  // inline: 0 sides directly in <boards>, 1 inside a <board-set>
  std::vector<std::array<std::string, 2>> edges;  // per side: left, right ("" undeclared)
  bool has_mix = false;
  std::vector<int> rep_mix, threat_mix;              // the declared token mix
  bool joins(int left_side, int right_side) const {  // CC-204
    if (!inline_boards) return true;
    const std::string& a = edges[static_cast<std::size_t>(left_side)][1];
    const std::string& b = edges[static_cast<std::size_t>(right_side)][0];
    return a.empty() || b.empty() || a == b;
  }
  std::array<double, 5> weights{};  // two walls, two cards, card and wall, double, tower
  int stop_at = 0;                  // unfinished: last turn written
  int effective_players() const { return variant == GenVariant::teams ? 2 : players; }
  bool has_event(int e) const { return std::find(events.begin(), events.end(), e) != events.end(); }
  bool neutral() const { return variant == GenVariant::neutral_walls; }
  bool teams() const { return variant == GenVariant::teams; }
};

// ---- what the generator remembers for mutations ------------------------------------------------

enum ActionKind : int {
  kTwoWalls,
  kTwoCards,
  kCardWall,
  kDoubleWall,
  kTowerAction,
  kOneWall,
  kOneCard,
  kPass
};
constexpr std::array<const char*, 8> kActionName{
    "two-walls", "two-cards", "card-and-wall", "double-wall", "tower", "wall", "card", "pass"};

enum PlacementKind : int { kPWall, kPCard, kPDouble, kPTower, kPNeutral };

struct PlacementInfo {
  int kind = kPWall;
  std::vector<int> spaces;
  int prov = -1;      // card
  int rank = 0;       // card
  bool named = true;  // card: named when placed
  int elem = -1;      // index in the turn's children
};

enum Fate : int { kCancelled, kRemoved, kResolved };

struct CardFate {
  int colour = 0, rank = 0;
  bool named = true;
  int fate = kResolved;
  int reveal_elem = -1;   // index in the <score>'s children
  int resolve_elem = -1;  // index in the <score>'s children (may be absent)
  int target = -1;        // warrior: index of the removed card
  bool choice_needed = false;
};

struct ScoreInfo {
  int province = -1;
  int elem = -1;       // index of the <score> in the turn's children
  int placement = -1;  // the placement that completed it
  State before;        // right before the scoring
  std::vector<CardFate> cards;
  std::vector<int> award_elems;  // indices in the <score>'s children
  int value = 0;
  std::vector<int> scorers;
};

struct TurnInfo {
  int number = 0, player = 0, colour = 0;
  int action = kPass;
  State before;
  std::vector<PlacementInfo> placements;
  std::vector<ScoreInfo> scores;
  int expand_elem = -1;
  int expand_side = -1;
  int expand_trigger = -1;   // the placement after whose scorings it was made (-1: turn end)
  int pending_trigger = -1;  // the placement whose scorings made it due
  int neutral_placement = -1;
  int bonus_elem = -1;
  int bonus_points = 0;
  bool complete_possible = false;  // at the start of the turn, for the player (CC-404)
  bool partial_possible = false;
};

}  // namespace ccgen

struct GameInternals {
  ccgen::Config cfg;
  ccgen::Elem root;
  std::vector<ccgen::TurnInfo> turns;
  ccgen::State after;  // after the last turn, before the Mongol attack
  bool finished = false;
  std::array<int, 5> final_scores{};
  std::vector<std::pair<int, int>> threat_values;  // region → value, for every region ever in play
};

namespace ccgen {

// ---- the generator ----------------------------------------------------------------------------

struct Avail {
  int colour = 0;
  std::vector<int> singles;
  std::vector<std::pair<int, int>> two_walls;
  std::vector<int> unfinished;
  std::vector<int> cards;
  std::vector<std::pair<int, int>> card_wall;  // (province, space)
  std::vector<std::pair<int, int>> doubles;
  std::vector<int> towers;
  bool can(int kind) const {
    switch (kind) {
      case kTwoWalls:
        return !two_walls.empty();
      case kTwoCards:
        return cards.size() >= 2 && unfinished.size() >= 2;
      case kCardWall:
        return !cards.empty() && !card_wall.empty();
      case kDoubleWall:
        return !doubles.empty();
      case kTowerAction:
        return !towers.empty();
      case kOneWall:
        return !singles.empty();
      case kOneCard:
        return !cards.empty() && !unfinished.empty();
    }
    return false;
  }
  bool any_complete() const {
    for (int k = kTwoWalls; k <= kTowerAction; ++k)
      if (can(k)) return true;
    return false;
  }
};

Avail compute_avail(State& st, int c) {
  Avail a;
  a.colour = c;
  const Supply& su = st.sup[static_cast<std::size_t>(c)];
  if (su.singles >= 1)
    for (int s : st.line)
      if (st.accepts(s, kSingle, c)) a.singles.push_back(s);
  if (su.singles >= 2) {
    for (int x : a.singles) {
      Piece saved = st.at(x);
      std::vector<bool> claims;
      for (const auto& t : st.towers)
        claims.push_back(t.claim);
      st.at(x) = Piece{kSingle, static_cast<std::int8_t>(c), false};
      st.end_claims_next_to(x, c);
      for (int y : st.line)
        if (st.g->prov(y) != st.g->prov(x) && st.accepts(y, kSingle, c))
          a.two_walls.push_back({x, y});
      st.at(x) = saved;
      for (std::size_t i = 0; i < claims.size(); ++i)
        st.towers[i].claim = claims[i];
    }
  }
  a.unfinished = st.unfinished();
  for (int r = 1; r <= 6; ++r)
    if (su.has(r)) a.cards.push_back(r);
  if (!a.cards.empty())
    for (int s : a.singles)
      a.card_wall.push_back({st.g->prov(s), s});
  if (su.doubles >= 1) {
    for (std::size_t i = 0; i + 1 < st.line.size(); ++i) {
      int x = st.line[i], y = st.line[i + 1];
      if (st.accepts(x, kDouble, c) && st.accepts(y, kDouble, c)) a.doubles.push_back({x, y});
    }
  }
  if (su.towers >= 1)
    for (int s : st.line)
      if (st.accepts(s, kTower, c) && st.tower_ok(s)) a.towers.push_back(s);
  return a;
}

const std::array<const char*, 8> kOptionNames{"flood",
                                              "tower-claim",
                                              "expansion-timing",
                                              "diplomacy",
                                              "dominance",
                                              "neutral-after-card-and-wall",
                                              "neutral-majority",
                                              "mongol-destroyed"};
const std::array<std::array<const char*, 2>, 8> kOptionValues{
    {{"plus-or-minus", "plus-only"},
     {"until-used", "permanent"},
     {"end-of-turn", "immediate"},
     {"most-provinces", "majority-of-provinces"},
     {"each-player", "longest-only"},
     {"other-province", "same-province"},
     {"blocks", "ignored"},
     {"ignored", "counted"}}};

bool* rule_flag(Rules& r, int i) {
  switch (i) {
    case 0:
      return &r.flood_plus_only;
    case 1:
      return &r.claim_permanent;
    case 2:
      return &r.immediate;
    case 3:
      return &r.diplomacy_majority;
    case 4:
      return &r.dominance_longest;
    case 5:
      return &r.neutral_same;
    case 6:
      return &r.neutral_ignored;
    default:
      return &r.mongol_counted;
  }
}

const std::vector<std::string> kNames{"Anna", "Bo", "Chen", "Dara", "Emil", "Fei", "Gus", "Hui"};

struct TurnCtx {
  Elem elem{"turn"};
  TurnInfo info;
  TurnTrace trace;
  std::vector<ScoringStepTrace> steps;
  std::set<std::string> features;
};

class Generator {
 public:
  Generator(std::uint64_t seed, const GeneratorOptions& o)
      : seed_(seed), rng_(seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull), geo_(geometry()) {
    configure(o);
  }

  GeneratedGame run() {
    setup();
    play();
    finish();
    return std::move(out_);
  }

 private:
  // ---- configuration --------------------------------------------------------------------

  void configure(const GeneratorOptions& o) {
    Config& c = cfg_;
    c.variant = o.variant.value_or(GenVariant::none);
    if (o.players) {
      c.players = *o.players;
    } else if (o.variant && *o.variant != GenVariant::none) {
      c.players = 2;
    } else {
      c.players =
          std::vector<int>{2, 2, 2, 2, 3, 3, 3, 4, 4, 4}[static_cast<std::size_t>(rng_.below(10))];
    }
    if (c.players < 2 || c.players > 4) throw std::invalid_argument("players must be 2..4");
    if (!o.variant && c.players == 2) c.variant = static_cast<GenVariant>(rng_.below(3));
    if (c.variant != GenVariant::none && c.players != 2)
      throw std::invalid_argument("the variants are for two players");

    std::vector<int> perm{0, 1, 2, 3};
    rng_.shuffle(perm);
    if (c.teams()) {
      if (rng_.chance(0.5))
        perm = rng_.chance(0.5) ? std::vector<int>{2, 1, 0, 3} : std::vector<int>{0, 3, 2, 1};
      c.seats = {{perm[0], perm[1]}, {perm[2], perm[3]}};
    } else {
      for (int i = 0; i < c.players; ++i)
        c.seats.push_back({perm[static_cast<std::size_t>(i)]});
    }
    for (const auto& s : c.seats)
      for (int col : s)
        c.colours.push_back(col);

    for (int i = 0; i < 8; ++i) {
      auto it = o.rules.find(kOptionNames[static_cast<std::size_t>(i)]);
      bool value;
      if (it != o.rules.end()) {
        if (it->second == kOptionValues[static_cast<std::size_t>(i)][0])
          value = false;
        else if (it->second == kOptionValues[static_cast<std::size_t>(i)][1])
          value = true;
        else
          throw std::invalid_argument("unknown value for option " + it->first);
      } else {
        value = rng_.chance(0.5);
      }
      *rule_flag(c.rules, i) = value;
    }

    if (o.events) {
      for (const auto& name : *o.events) {
        auto it = std::find(kEventName.begin(), kEventName.end(), name);
        if (it == kEventName.end()) throw std::invalid_argument("unknown event card " + name);
        c.events.push_back(static_cast<int>(it - kEventName.begin()));
      }
      if (c.events.size() > 2) throw std::invalid_argument("at most two event cards");
    } else {
      std::vector<int> all{0, 1, 2, 3};
      rng_.shuffle(all);
      int n = std::vector<int>{0, 0, 1, 1, 1, 2, 2, 2}[static_cast<std::size_t>(rng_.below(8))];
      c.events.assign(all.begin(), all.begin() + n);
    }
    c.naming = o.naming.value_or(static_cast<CardNaming>(rng_.below(3)));
    c.threats = o.threats.value_or(static_cast<ThreatStating>(rng_.below(4)));
    c.claims = o.claims.value_or(rng_.chance(0.6));
    if (c.claims) {
      c.claim_award = rng_.chance(0.8);
      c.claim_bonus = rng_.chance(0.7);
      c.claim_loss = rng_.chance(0.7);
      c.claim_event = rng_.chance(0.7);
      c.claim_final = rng_.chance(0.8);
    }
    c.peeks = o.peeks.value_or(rng_.chance(0.5));
    c.turn_numbers = o.turn_numbers ? (*o.turn_numbers ? 1 + rng_.below(2) : 0) : rng_.below(3);
    c.meta = o.meta.value_or(rng_.chance(0.4));
    c.unfinished = o.unfinished.value_or(rng_.chance(0.06));
    if (c.unfinished) c.stop_at = rng_.range(2, 24);
    c.bias = o.completion_bias.value_or(rng_.unit() * 0.8);
    c.weights = {2.0 + rng_.unit() * 4, 0.3 + rng_.unit() * 2, 0.5 + rng_.unit() * 2.5,
                 0.3 + rng_.unit() * 1.5, 0.3 + rng_.unit() * 1.5};
    // Some players keep their double wall for a double completion (CC-502), and leave the
    // spaces at province borders for last.
    if (rng_.chance(c.bias)) c.weights[kDoubleWall] = 0.01;
    c.border_shy = rng_.chance(0.3);
    c.neutral_rate = o.neutral_rate.value_or(0.6);
    c.inline_boards = o.inline_boards.value_or(rng_.chance(0.15));
    if (c.inline_boards) {
      c.boards_form = rng_.below(2);
      const std::vector<std::string> shapes{"wave", "notch"};
      for (std::size_t i = 0; i < geo_.sides.size(); ++i) {
        std::array<std::string, 2> e;
        int declared = rng_.below(3);  // 0 left only, 1 right only, 2 neither: one stays open
        if (declared == 0) e[0] = rng_.pick(shapes);
        if (declared == 1) e[1] = rng_.pick(shapes);
        c.edges.push_back(e);
      }
      c.has_mix = rng_.chance(0.7);
      if (c.has_mix) {
        for (int i = 0; i < 15; ++i)
          c.rep_mix.push_back(i < 5 ? rng_.range(0, 4) : i % 5);
        for (int i = 0; i < 15; ++i)
          c.threat_mix.push_back(i < 3 ? rng_.range(-4, -2) : -2 - i % 3);
        rng_.shuffle(c.rep_mix);
        rng_.shuffle(c.threat_mix);
        rep_pool_ = c.rep_mix;
        threat_pool_ = c.threat_mix;
      }
    }
    // Some team players favour one of their colours, which then runs out first.
    c.favour = c.teams() && rng_.chance(0.5) ? 6.0 : 1.0;
  }

  // ---- set-up ------------------------------------------------------------------------------

  Elem& section(std::string_view tag) { return *root_.child(tag); }

  int pick_region_mode() {
    switch (cfg_.threats) {
      case ThreatStating::at_setup:
        return kAtSetup;
      case ThreatStating::in_play:
        return kInPlay;
      case ThreatStating::at_end:
        return kAtEnd;
      case ThreatStating::mixed:
        return rng_.below(3);
    }
    return kAtSetup;
  }

  // A token from the declared mix (without putting it back), else any value in the range.
  int draw(std::vector<int>& pool, int lo, int hi) {
    if (!cfg_.has_mix) return rng_.range(lo, hi);
    std::size_t i = static_cast<std::size_t>(rng_.below(static_cast<int>(pool.size())));
    int v = pool[i];
    pool.erase(pool.begin() + static_cast<long>(i));
    return v;
  }

  Elem board_set_elem() {
    Elem set("board-set");
    set.set("name", "club");
    for (std::size_t i = 0; i < geo_.sides.size(); ++i) {
      const auto& sd = geo_.sides[i];
      Elem side("side");
      side.set("id", sd.id).set("board", sd.board);
      if (!cfg_.edges[i][0].empty()) side.set("left-edge", cfg_.edges[i][0]);
      if (!cfg_.edges[i][1].empty()) side.set("right-edge", cfg_.edges[i][1]);
      if (rng_.chance(0.3)) {
        Elem prov("province");
        prov.set("id", "P" + std::to_string(rng_.range(1, 3))).set("name", "Province of " + sd.id);
        side.kids.push_back(std::move(prov));
      }
      for (const auto& sp : sd.spaces) {
        Elem e("space");
        e.set("province", "P" + std::to_string(sp[0] + 1))
            .set("region", "M" + std::to_string(sp[1] + 1));
        side.kids.push_back(std::move(e));
      }
      set.kids.push_back(std::move(side));
    }
    if (cfg_.has_mix) {
      auto list = [](const std::vector<int>& v) {
        std::string out;
        for (int x : v)
          out += (out.empty() ? "" : " ") + std::to_string(x);
        return out;
      };
      Elem mix("token-mix");
      mix.set("reputation", list(cfg_.rep_mix)).set("threat", list(cfg_.threat_mix));
      set.kids.insert(set.kids.begin() + rng_.below(static_cast<int>(set.kids.size()) + 1), mix);
    }
    return set;
  }

  // Draws the tokens of a side; returns the <reputation> and <threat> elements for it.
  std::vector<Elem> draw_tokens(int side) {
    std::vector<Elem> out;
    for (int k = 0; k < 3; ++k) {
      int p = side * 3 + k;
      st_.prov(p).rep = draw(rep_pool_, 0, 4);
      Elem e("reputation");
      e.set("province", geo_.pname(p)).set("value", std::to_string(st_.prov(p).rep));
      out.push_back(std::move(e));
    }
    for (int k = 0; k < 3; ++k) {
      int r = side * 3 + k;
      Reg& reg = st_.reg(r);
      reg.value = draw(threat_pool_, -4, -2);
      reg.mode = static_cast<std::uint8_t>(pick_region_mode());
      Elem e("threat");
      e.set("region", geo_.rname(r));
      if (reg.mode == kAtSetup) {
        e.set("value", std::to_string(reg.value));
        reg.stated = true;
      }
      out.push_back(std::move(e));
      internals_->threat_values.emplace_back(r, reg.value);
    }
    return out;
  }

  void setup() {
    internals_ = std::make_shared<GameInternals>();
    int due = cfg_.effective_players() >= 4 ? 2 : 1;
    st_.init(geo_, cfg_.rules, due);

    root_ = Elem("record");
    root_.set("game", "chang-cheng").set("format", "1");
    if (cfg_.meta) {
      Elem meta("meta");
      const std::vector<std::pair<std::string, std::string>> pool{
          {"event", "Club night"},
          {"site", "Back room & annex"},
          {"date", "2024-03-14"},
          {"round", std::to_string(rng_.range(1, 9))},
          {"table", std::to_string(rng_.range(1, 20))},
          {"note", "generated <seed " + std::to_string(seed_) + ">"}};
      for (const auto& [k, v] : pool) {
        if (!rng_.chance(0.5)) continue;
        Elem e(k);
        e.text = v;
        meta.kids.push_back(std::move(e));
      }
      root_.kids.push_back(std::move(meta));
    }
    Elem rules("rules");
    std::vector<int> order{0, 1, 2, 3, 4, 5, 6, 7};
    rng_.shuffle(order);
    for (int i : order) {
      bool value = *rule_flag(cfg_.rules, i);
      if (!value && !rng_.chance(0.25)) continue;
      Elem e("option");
      e.set("name", kOptionNames[static_cast<std::size_t>(i)])
          .set("value", kOptionValues[static_cast<std::size_t>(i)][value ? 1 : 0]);
      rules.kids.push_back(std::move(e));
    }
    if (cfg_.variant != GenVariant::none) {
      Elem v("variant");
      v.set("name", cfg_.neutral() ? "neutral-walls" : "teams");
      rules.kids.insert(rules.kids.begin() + rng_.below(static_cast<int>(rules.kids.size()) + 1),
                        v);
    }
    for (int e : cfg_.events) {
      Elem ev("event-card");
      ev.set("name", kEventName[static_cast<std::size_t>(e)]);
      rules.kids.push_back(std::move(ev));
    }
    if (rng_.chance(0.3)) rng_.shuffle(rules.kids);
    if (!rules.kids.empty()) root_.kids.push_back(std::move(rules));
    if (cfg_.inline_boards) {
      Elem b("boards");
      Elem set = board_set_elem();
      if (cfg_.boards_form == 1)
        b.kids.push_back(std::move(set));
      else
        b.kids = std::move(set.kids);
      root_.kids.push_back(std::move(b));
      feature(cfg_.has_mix ? "boards:inline-with-token-mix" : "boards:inline");
    } else if (rng_.chance(0.25)) {
      Elem b("boards");
      b.set("set", "standard");
      root_.kids.push_back(std::move(b));
    }
    Elem players("players");
    std::vector<std::string> names = kNames;
    rng_.shuffle(names);
    for (std::size_t i = 0; i < cfg_.seats.size(); ++i) {
      Elem p("player");
      if (cfg_.teams())
        p.set("colours", colour_name(cfg_.seats[i][0]) + " " + colour_name(cfg_.seats[i][1]));
      else
        p.set("colour", colour_name(cfg_.seats[i][0]));
      if (rng_.chance(0.7)) p.set("name", names[i]);
      players.kids.push_back(std::move(p));
    }
    root_.kids.push_back(std::move(players));

    // Two sides of two different boards.
    std::vector<std::pair<int, int>> starts;
    for (int a = 0; a < static_cast<int>(geo_.sides.size()); ++a)
      for (int b = 0; b < static_cast<int>(geo_.sides.size()); ++b)
        if (geo_.board(a) != geo_.board(b) && cfg_.joins(a, b)) starts.push_back({a, b});
    auto [first_side, second_side] = rng_.pick(starts);
    Elem setup("setup");
    std::vector<Elem> tokens;
    for (int i = 0; i < 2; ++i) {
      int side = i == 0 ? first_side : second_side;
      st_.join(side, true);
      Elem s("side");
      s.set("id", geo_.side_id(side));
      setup.kids.push_back(std::move(s));
      auto t = draw_tokens(side);
      for (auto& e : t)
        tokens.push_back(std::move(e));
    }
    rng_.shuffle(tokens);
    if (rng_.chance(0.3)) {
      // The order of <setup>'s children is free; the sides keep theirs.
      std::vector<Elem> all = std::move(tokens);
      int first = rng_.below(static_cast<int>(all.size()) + 1);
      all.insert(all.begin() + first, setup.kids[0]);
      int second = rng_.range(first + 1, static_cast<int>(all.size()));
      all.insert(all.begin() + second, setup.kids[1]);
      setup.kids = std::move(all);
    } else {
      for (auto& e : tokens)
        setup.kids.push_back(std::move(e));
    }
    root_.kids.push_back(std::move(setup));
    root_.kids.push_back(Elem("play"));

    for (int col : cfg_.colours)
      out_.colours.push_back(colour_name(col));
    out_.seed = seed_;
    out_.players = cfg_.players;
    out_.variant = cfg_.variant;
    describe();
    feature("players:" + std::to_string(cfg_.players));
    feature(std::string("variant:") + (cfg_.neutral() ? "neutral-walls"
                                       : cfg_.teams() ? "teams"
                                                      : "none"));
    for (int e : cfg_.events)
      feature(std::string("event:") + kEventName[static_cast<std::size_t>(e)]);
    for (int i = 0; i < 8; ++i)
      feature(std::string("option:") + kOptionNames[static_cast<std::size_t>(i)] + "=" +
              kOptionValues[static_cast<std::size_t>(i)][*rule_flag(cfg_.rules, i) ? 1 : 0]);
    const char* naming[] = {"placement", "reveal", "mixed"};
    const char* threats[] = {"setup", "play", "end", "mixed"};
    feature(std::string("naming:") + naming[static_cast<int>(cfg_.naming)]);
    feature(std::string("threats:") + threats[static_cast<int>(cfg_.threats)]);
    if (cfg_.claims) feature("claims");
    if (cfg_.meta) feature("meta");
    if (cfg_.turn_numbers) feature("turn-numbers");
  }

  void describe() {
    std::string d =
        "seed " + std::to_string(seed_) + ": " + std::to_string(cfg_.players) + " players (";
    for (std::size_t i = 0; i < cfg_.colours.size(); ++i)
      d += (i ? " " : "") + colour_name(cfg_.colours[i]);
    d += ")";
    if (cfg_.neutral()) d += ", neutral walls";
    if (cfg_.teams()) d += ", teams";
    for (int e : cfg_.events)
      d += std::string(", ") + kEventName[static_cast<std::size_t>(e)];
    for (int i = 0; i < 8; ++i)
      if (*rule_flag(cfg_.rules, i))
        d += std::string(", ") + kOptionNames[static_cast<std::size_t>(i)] + "=" +
             kOptionValues[static_cast<std::size_t>(i)][1];
    out_.description = d;
  }

  void feature(std::string f) {
    if (ctx_)
      ctx_->features.insert(std::move(f));
    else
      out_.features.insert(std::move(f));
  }

  // ---- play --------------------------------------------------------------------------------

  void play() {
    int passes = 0;
    for (int t = 1;; ++t) {
      if (cfg_.unfinished && t > cfg_.stop_at) break;
      if (t > 500) throw std::runtime_error("generator: the game does not end");
      int player = (t - 1) % static_cast<int>(cfg_.seats.size());
      const State saved = st_;
      bool done = false;
      for (int attempt = 0; attempt < 50 && !done; ++attempt) {
        TurnCtx ctx;
        ctx.info.before = saved;
        ctx_ = &ctx;
        done = attempt_turn(t, player, ctx);
        ctx_ = nullptr;
        if (!done) {
          st_ = saved;
          continue;
        }
        commit(ctx, saved, t);
      }
      if (!done) throw std::runtime_error("generator: no turn could be built");
      const TurnTrace& tr = out_.turns.back();
      passes = tr.action == "pass" ? passes + 1 : 0;
      if (st_.empties() == 0 && st_.exp_pending == 0) {
        finished_ = true;
        out_.end_reason = "wall-complete";
        break;
      }
      if (passes >= cfg_.effective_players()) {
        finished_ = true;
        out_.end_reason = "passes";
        break;
      }
    }
  }

  void commit(TurnCtx& ctx, const State& before, int t) {
    std::array<int, 5> diff{};
    for (int c = 0; c < 5; ++c)
      diff[static_cast<std::size_t>(c)] =
          st_.score[static_cast<std::size_t>(c)] - before.score[static_cast<std::size_t>(c)];
    for (int c : cfg_.colours) {
      ctx.trace.points[colour_name(c)] = diff[static_cast<std::size_t>(c)];
      ctx.trace.totals[colour_name(c)] = st_.score[static_cast<std::size_t>(c)];
    }
    ctx.trace.turn = t;
    if (cfg_.turn_numbers == 1 || (cfg_.turn_numbers == 2 && rng_.chance(0.5)))
      ctx.elem.set("n", std::to_string(t));
    section("play").kids.push_back(std::move(ctx.elem));
    out_.turns.push_back(std::move(ctx.trace));
    for (auto& s : ctx.steps)
      out_.steps.push_back(std::move(s));
    for (const auto& f : ctx.features)
      out_.features.insert(f);
    ctx.info.number = t;
    internals_->turns.push_back(std::move(ctx.info));
  }

  std::size_t emit(Elem e) {
    ctx_->elem.kids.push_back(std::move(e));
    return ctx_->elem.kids.size() - 1;
  }

  bool attempt_turn(int t, int player, TurnCtx& ctx) {
    const auto& colours = cfg_.seats[static_cast<std::size_t>(player)];
    ctx.info.player = player;
    state_threats(0.04);  // a value may become known before anything is placed
    if (t == 1) {
      // CC-403: exactly one single wall.
      int c = rng_.pick(colours);
      start(ctx, c, kOneWall);
      std::vector<int> spaces;
      for (int s : st_.line)
        if (st_.accepts(s, kSingle, c)) spaces.push_back(s);
      place_wall(c, rng_.pick(spaces));
      end_of_turn(t);
      return true;
    }
    for (int s : st_.line) {
      if (!st_.empty_in_play(s)) continue;
      int owner;
      bool two;
      st_.reservers(s, owner, two);
      if (two)
        feature("claim:space-reserved-twice");
      else if (owner >= 0)
        feature("claim:space-reserved");
    }
    std::vector<Avail> avail;
    for (int c : colours)
      avail.push_back(compute_avail(st_, c));
    for (const Avail& a : avail) {
      std::set<int> provs;
      for (int s : a.singles)
        provs.insert(geo_.prov(s));
      if (a.two_walls.empty() && provs.size() >= 2 &&
          st_.sup[static_cast<std::size_t>(a.colour)].singles >= 2)
        feature("claim:two-walls-blocked-by-order");
    }
    // CC-404: a complete action if any colour of the player has one, else a partial one.
    for (const Avail& a : avail) {
      ctx.info.complete_possible = ctx.info.complete_possible || a.any_complete();
      ctx.info.partial_possible = ctx.info.partial_possible || a.can(kOneWall) || a.can(kOneCard);
    }
    std::vector<std::pair<int, int>> cands;  // (avail index, kind)
    std::vector<double> weights;
    for (std::size_t i = 0; i < avail.size(); ++i)
      for (int k = kTwoWalls; k <= kTowerAction; ++k)
        if (avail[i].can(k)) {
          cands.push_back({static_cast<int>(i), k});
          weights.push_back(cfg_.weights[static_cast<std::size_t>(k)] *
                            (i == 0 ? cfg_.favour : 1.0));
        }
    if (cands.empty()) {
      for (std::size_t i = 0; i < avail.size(); ++i)
        for (int k : {kOneWall, kOneCard})
          if (avail[i].can(k)) {
            cands.push_back({static_cast<int>(i), k});
            weights.push_back(1.0);
          }
    }
    if (cands.empty()) {
      int c = rng_.pick(colours);
      start(ctx, c, kPass);
      emit(Elem("pass"));
      feature("action:pass");
      end_of_turn(t);
      return true;
    }
    auto [ai, kind] = cands[static_cast<std::size_t>(rng_.weighted(weights))];
    bool prefer = rng_.chance(cfg_.bias);
    if (prefer && rng_.chance(0.5)) {
      // A double wall completing two provinces at once (CC-502) is rare in random play.
      for (std::size_t i = 0; i < avail.size(); ++i)
        if (!two_completing_doubles(avail[i]).empty()) {
          ai = static_cast<int>(i);
          kind = kDoubleWall;
        }
    }
    const Avail& a = avail[static_cast<std::size_t>(ai)];
    int c = a.colour;
    start(ctx, c, kind);
    feature(std::string("action:") + kActionName[static_cast<std::size_t>(kind)]);
    if (kind >= kOneWall) feature("partial");
    std::vector<int> allowed;  // provinces a neutral wall may go to afterwards (CC-1102)
    auto all_but = [&](std::vector<int> not_these) {
      std::vector<int> out;
      for (int p : st_.provinces_in_play())
        if (std::find(not_these.begin(), not_these.end(), p) == not_these.end()) out.push_back(p);
      return out;
    };
    switch (kind) {
      case kTwoWalls: {
        std::vector<std::pair<int, int>> options = a.two_walls;
        if (cfg_.border_shy) {
          std::vector<std::pair<int, int>> inner;
          for (auto [x, y] : options)
            if (!at_border(x) && !at_border(y)) inner.push_back({x, y});
          if (!inner.empty() && rng_.chance(0.9)) options = inner;
        }
        if (prefer) {
          std::vector<std::pair<int, int>> completing;
          for (auto [x, y] : options)
            if (st_.prov(geo_.prov(x)).empty == 1 || st_.prov(geo_.prov(y)).empty == 1)
              completing.push_back({x, y});
          if (!completing.empty()) options = completing;
        }
        auto [x, y] = rng_.pick(options);
        place_wall(c, x);
        // Scorings in between may open spaces (an immediate expansion, a swap ending a claim).
        std::vector<int> seconds;
        for (int s : st_.line)
          if (geo_.prov(s) != geo_.prov(x) && st_.accepts(s, kSingle, c)) seconds.push_back(s);
        if (seconds.empty()) return false;
        int second = y;
        if (std::find(seconds.begin(), seconds.end(), y) == seconds.end() || rng_.chance(0.3))
          second = rng_.pick(seconds);
        if (st_.exp_done > ctx.info.before.exp_done &&
            geo_.side_of[static_cast<std::size_t>(second)] == st_.sides.front())
          feature("immediate:wall-on-new-side");
        if (st_.exp_done > ctx.info.before.exp_done &&
            geo_.side_of[static_cast<std::size_t>(second)] == st_.sides.back())
          feature("immediate:wall-on-new-side");
        place_wall(c, second);
        allowed = {geo_.prov(x), geo_.prov(second)};
        break;
      }
      case kTwoCards: {
        std::vector<int> provs = a.unfinished, cards = a.cards;
        rng_.shuffle(provs);
        rng_.shuffle(cards);
        place_card(c, provs[0], cards[0]);
        place_card(c, provs[1], cards[1]);
        allowed = {provs[0], provs[1]};
        break;
      }
      case kCardWall: {
        std::vector<std::pair<int, int>> options = a.card_wall;
        if (cfg_.border_shy) {
          std::vector<std::pair<int, int>> inner;
          for (auto o : options)
            if (!at_border(o.second)) inner.push_back(o);
          if (!inner.empty() && rng_.chance(0.9)) options = inner;
        }
        if (prefer) {
          std::vector<std::pair<int, int>> completing;
          for (auto o : options)
            if (st_.prov(o.first).empty == 1) completing.push_back(o);
          if (!completing.empty()) options = completing;
        }
        auto [p, s] = rng_.pick(options);
        place_card(c, p, rng_.pick(a.cards));
        place_wall(c, s);
        allowed = cfg_.rules.neutral_same ? std::vector<int>{p} : all_but({p});
        break;
      }
      case kDoubleWall: {
        std::vector<std::pair<int, int>> options = a.doubles;
        if (prefer) {
          std::vector<std::pair<int, int>> completing, both = two_completing_doubles(a);
          for (auto [x, y] : options) {
            int px = geo_.prov(x), py = geo_.prov(y);
            if (px == py ? st_.prov(px).empty == 2
                         : st_.prov(px).empty == 1 || st_.prov(py).empty == 1)
              completing.push_back({x, y});
          }
          if (!both.empty() && rng_.chance(0.8))
            options = both;
          else if (!completing.empty())
            options = completing;
        }
        auto [x, y] = rng_.pick(options);
        place_double(c, x, y);
        allowed = all_but({geo_.prov(x), geo_.prov(y)});
        break;
      }
      case kTowerAction: {
        int s = rng_.pick(a.towers);
        place_tower(c, s);
        allowed = all_but({geo_.prov(s)});
        break;
      }
      case kOneWall: {
        int s = rng_.pick(a.singles);
        place_wall(c, s);
        allowed = {geo_.prov(s)};
        if (st_.exp_done > ctx.info.before.exp_done) {
          // An immediate expansion creates no duty (section 13), but the new side may be used
          // by the rest of the action: then it is "two walls" after all.
          feature("partial:expansion-no-duty");
          std::vector<int> seconds;
          for (int x : st_.line)
            if (geo_.prov(x) != geo_.prov(s) && st_.accepts(x, kSingle, c)) seconds.push_back(x);
          if (!seconds.empty() && st_.sup[static_cast<std::size_t>(c)].singles > 0 &&
              rng_.chance(0.5)) {
            int second = rng_.pick(seconds);
            place_wall(c, second);
            allowed.push_back(geo_.prov(second));
            ctx.info.action = kTwoWalls;
            ctx.trace.action = kActionName[kTwoWalls];
            feature("partial:completed-on-new-side");
          }
        }
        break;
      }
      case kOneCard: {
        int p = rng_.pick(a.unfinished);
        place_card(c, p, rng_.pick(a.cards));
        // A lone card: the two-cards reading (its province) or the card-and-wall one.
        allowed = cfg_.rules.neutral_same ? std::vector<int>{p} : all_but({});
        break;
      }
    }
    // CC-1101: one neutral wall after the action, never on the first turn.
    if (cfg_.neutral() && st_.neutral_left > 0 && rng_.chance(cfg_.neutral_rate)) {
      std::vector<int> spaces;
      for (int s : st_.line)
        if (std::find(allowed.begin(), allowed.end(), geo_.prov(s)) != allowed.end() &&
            st_.accepts(s, kNeutralWall, kNeutral))
          spaces.push_back(s);
      if (!spaces.empty()) place_neutral(rng_.pick(spaces));
    }
    end_of_turn(t);
    return true;
  }

  // A space next to a space of another province.
  bool at_border(int s) const {
    for (int n : st_.nbrs(s))
      if (n >= 0 && geo_.prov(n) != geo_.prov(s)) return true;
    return false;
  }

  std::vector<std::pair<int, int>> two_completing_doubles(const Avail& a) const {
    std::vector<std::pair<int, int>> out;
    for (auto [x, y] : a.doubles) {
      int px = geo_.prov(x), py = geo_.prov(y);
      if (px != py && st_.prov(px).empty == 1 && st_.prov(py).empty == 1) out.push_back({x, y});
    }
    return out;
  }

  void start(TurnCtx& ctx, int c, int kind) {
    ctx.elem.set("colour", colour_name(c));
    ctx.info.colour = c;
    ctx.info.action = kind;
    ctx.trace.colour = colour_name(c);
    ctx.trace.action = kActionName[static_cast<std::size_t>(kind)];
  }

  // Threat statements, a remark or comment now and then, and an end-of-turn expansion (the
  // turn's last element, section 13).
  void end_of_turn(int t) {
    state_threats(0.12);
    if (rng_.chance(0.03)) {
      Elem a("annotation");
      a.text = "checked by the table referee";
      emit(std::move(a));
      feature("annotation");
    }
    if (rng_.chance(0.03)) {
      Elem a("#comment");
      a.text = "turn " + std::to_string(t);
      emit(std::move(a));
      feature("comment");
    }
    while (st_.exp_pending > 0)
      expand(-1);
  }

  // <threat> statements in play: regions whose value is stated during the game.
  void state_threats(double p) {
    for (int r : st_.regions_in_play()) {
      Reg& reg = st_.reg(r);
      if (reg.mode != kInPlay || reg.stated) continue;
      if (!rng_.chance(p)) continue;
      Elem e("threat");
      e.set("region", geo_.rname(r)).set("value", std::to_string(reg.value));
      emit(std::move(e));
      reg.stated = true;
      feature("threat:stated-in-play");
    }
    if (rng_.chance(0.03)) {
      // Restating a known value is fine (section 13).
      std::vector<int> known;
      for (int r : st_.regions_in_play())
        if (st_.reg(r).stated) known.push_back(r);
      if (!known.empty()) {
        int r = rng_.pick(known);
        Elem e("threat");
        e.set("region", geo_.rname(r)).set("value", std::to_string(st_.reg(r).value));
        emit(std::move(e));
        feature("threat:restated");
      }
    }
  }

  // ---- placements -------------------------------------------------------------------------

  int add_placement(int kind, std::vector<int> spaces, std::size_t elem, int prov = -1,
                    int rank = 0) {
    PlacementInfo pi;
    pi.kind = kind;
    pi.spaces = std::move(spaces);
    pi.prov = prov;
    pi.rank = rank;
    pi.elem = static_cast<int>(elem);
    ctx_->info.placements.push_back(std::move(pi));
    return static_cast<int>(ctx_->info.placements.size()) - 1;
  }

  void place_wall(int c, int s) {
    if (st_.reserved(s)) feature("claim:owner-takes-reserved-space");
    std::size_t claims_before = count_claims();
    st_.place_single(s, c);
    if (count_claims() < claims_before) feature("claim:ended-by-own-wall");
    Elem e("wall");
    e.set("space", geo_.sname(s));
    int pi = add_placement(kPWall, {s}, emit(std::move(e)));
    ctx_->trace.spaces.push_back(geo_.sname(s));
    after_placement(pi, {s}, true);
  }

  std::size_t count_claims() const {
    return static_cast<std::size_t>(std::count_if(st_.towers.begin(), st_.towers.end(),
                                                  [](const TowerT& t) { return t.claim; }));
  }

  void place_card(int c, int p, int rank) {
    bool named = cfg_.naming == CardNaming::at_placement ||
                 (cfg_.naming == CardNaming::mixed && rng_.chance(0.5));
    st_.place_card(c, p, rank, named);
    Elem e("card");
    e.set("province", geo_.pname(p));
    if (named) e.set("card", card_name(rank));
    int pi = add_placement(kPCard, {}, emit(std::move(e)), p, rank);
    ctx_->info.placements[static_cast<std::size_t>(pi)].named = named;
    ctx_->trace.provinces.push_back(geo_.pname(p));
    feature(named ? "card:named-at-placement" : "card:named-at-reveal");
  }

  void place_double(int c, int x, int y) {
    st_.place_double(x, y, c);
    std::set<int> ps{geo_.prov(x), geo_.prov(y)}, rs{geo_.reg(x), geo_.reg(y)};
    int bonus = static_cast<int>(ps.size() + rs.size());  // CC-414
    st_.score[static_cast<std::size_t>(c)] += bonus;
    ScoringStepTrace step;
    step.kind = ScoringStepTrace::Kind::bonus;
    step.turn = current_turn();
    step.subject = geo_.sname(x) + " " + geo_.sname(y);
    for (int col : cfg_.colours)
      step.points[colour_name(col)] = col == c ? bonus : 0;
    ctx_->steps.push_back(std::move(step));
    feature("bonus:" + std::to_string(bonus));
    Elem e("double");
    bool swap = rng_.chance(0.2);
    e.set("spaces",
          swap ? geo_.sname(y) + " " + geo_.sname(x) : geo_.sname(x) + " " + geo_.sname(y));
    int pi = add_placement(kPDouble, {x, y}, emit(std::move(e)));
    ctx_->trace.spaces.push_back(geo_.sname(x));
    ctx_->trace.spaces.push_back(geo_.sname(y));
    after_placement(pi, {x, y}, true);
    Elem b("bonus");
    b.set("colour", colour_name(c)).set("points", std::to_string(bonus));
    b.omit = !cfg_.claim_bonus;
    ctx_->info.bonus_elem = static_cast<int>(emit(std::move(b)));
    ctx_->info.bonus_points = bonus;
  }

  void place_tower(int c, int s) {
    st_.place_tower(s, c);
    for (int n : st_.nbrs(s))
      if (n >= 0 && st_.at(n).kind == kSingle && st_.at(n).colour == c)
        feature(st_.towers.back().claim ? "tower:claim-despite-own-wall"
                                        : "tower:own-wall-ends-claim");
    if (st_.towers.back().claim)
      feature("tower:claim");
    else
      feature("tower:no-claim");
    Elem e("tower");
    e.set("space", geo_.sname(s));
    int pi = add_placement(kPTower, {s}, emit(std::move(e)));
    ctx_->trace.spaces.push_back(geo_.sname(s));
    after_placement(pi, {s}, true);
  }

  void place_neutral(int s) {
    st_.place_neutral(s);
    Elem e("neutral");
    e.set("space", geo_.sname(s));
    int pi = add_placement(kPNeutral, {s}, emit(std::move(e)));
    ctx_->info.neutral_placement = pi;
    ctx_->trace.neutral = geo_.sname(s);
    feature("neutral:placed");
    after_placement(pi, {s}, false);
  }

  int current_turn() const { return static_cast<int>(internals_->turns.size()) + 1; }

  // Scorings the placement triggered (left to right, CC-501/502), an immediate expansion
  // (after all of them), and a scouting peek (CC-408) before or after them.
  void after_placement(int placement, const std::vector<int>& spaces, bool may_peek) {
    bool peek = may_peek && cfg_.peeks && rng_.chance(0.35);
    bool early = rng_.chance(0.5);
    std::vector<int> regions;
    for (int s : spaces)
      if (std::find(regions.begin(), regions.end(), geo_.reg(s)) == regions.end())
        regions.push_back(geo_.reg(s));
    if (regions.size() > 1 && rng_.chance(0.5)) regions.erase(regions.begin() + rng_.below(2));
    auto peeks = [&] {
      for (int r : regions) {
        Elem e("peek");
        e.set("region", geo_.rname(r));
        emit(std::move(e));
      }
      feature(st_.reg(regions[0]).removed ? "peek:removed-token" : "peek");
    };
    if (peek && early) peeks();
    std::vector<int> done;
    for (int s : spaces) {
      int p = geo_.prov(s);
      if (st_.complete(p) && std::find(done.begin(), done.end(), p) == done.end())
        done.push_back(p);
    }
    std::sort(done.begin(), done.end(),
              [&](int a, int b) { return st_.prov_position(a) < st_.prov_position(b); });
    if (done.size() == 2) feature("double:two-completions");
    for (int p : done)
      score(p, placement);
    if (cfg_.rules.immediate && st_.exp_pending > 0) {
      if (done.size() == 2) feature("expansion:after-two-scorings");
      if (placement + 1 < static_cast<int>(ctx_->info.placements.size()) || placement == 0)
        feature("expansion:immediate-mid-action");
      expand(placement);
    }
    if (peek && !early) peeks();
    if (cfg_.has_event(kObservation)) state_threats(0.5);
  }

  // ---- scoring (CC-503) ---------------------------------------------------------------------

  void score(int p, int placement) {
    ScoreInfo si;
    si.province = p;
    si.placement = placement;
    si.before = st_;
    Prov& pr = st_.prov(p);
    const std::vector<PlacedCard> cards = pr.cards;
    Elem sc("score");
    sc.set("province", geo_.pname(p));
    bool needed = false;
    si.cards.resize(cards.size());
    for (std::size_t i = 0; i < cards.size(); ++i) {
      si.cards[i].colour = cards[i].colour;
      si.cards[i].rank = cards[i].rank;
      si.cards[i].named = cards[i].named;
    }
    // 1. Reveal.
    std::vector<int> order(cards.size());
    std::iota(order.begin(), order.end(), 0);
    rng_.shuffle(order);
    for (int i : order) {
      if (cards[static_cast<std::size_t>(i)].named) continue;
      Elem r("reveal");
      r.set("colour", colour_name(cards[static_cast<std::size_t>(i)].colour))
          .set("card", card_name(cards[static_cast<std::size_t>(i)].rank));
      si.cards[static_cast<std::size_t>(i)].reveal_elem = static_cast<int>(sc.kids.size());
      sc.kids.push_back(std::move(r));
      needed = true;
    }
    // 2. Equal ranks cancel.
    std::array<int, 7> count{};
    for (const auto& c : cards)
      ++count[static_cast<std::size_t>(c.rank)];
    std::vector<int> alive;
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (count[static_cast<std::size_t>(cards[i].rank)] == 1)
        alive.push_back(static_cast<int>(i));
      else {
        si.cards[i].fate = kCancelled;
        feature("cards:cancelled");
      }
    }
    std::sort(alive.begin(), alive.end(), [&](int a, int b) {
      return cards[static_cast<std::size_t>(a)].rank < cards[static_cast<std::size_t>(b)].rank;
    });
    // 3. Resolve in ascending rank.
    std::vector<bool> removed(cards.size(), false);
    std::array<int, 5> extra{};
    int mods = 0;
    const auto spaces = st_.spaces_of(p);
    for (int i : alive) {
      if (removed[static_cast<std::size_t>(i)]) continue;
      CardFate& cf = si.cards[static_cast<std::size_t>(i)];
      cf.fate = kResolved;
      const int c = cards[static_cast<std::size_t>(i)].colour;
      const int rank = cards[static_cast<std::size_t>(i)].rank;
      Elem r("resolve");
      r.set("colour", colour_name(c)).set("card", card_name(rank));
      bool write = false, required = false;
      switch (rank) {
        case kWarrior: {
          std::vector<int> others;
          for (int j : alive)
            if (j != i && !removed[static_cast<std::size_t>(j)]) others.push_back(j);
          if (others.empty()) {
            write = rng_.chance(0.3);
            feature("card:warrior:idle");
          } else {
            int j = rng_.pick(others);
            removed[static_cast<std::size_t>(j)] = true;
            si.cards[static_cast<std::size_t>(j)].fate = kRemoved;
            cf.target = j;
            r.set("cancels", card_name(cards[static_cast<std::size_t>(j)].rank))
                .set("of", colour_name(cards[static_cast<std::size_t>(j)].colour));
            required = others.size() > 1;
            write = required || rng_.chance(0.6);
            feature("card:warrior:remove");
            if (cards[static_cast<std::size_t>(j)].colour == c) feature("card:warrior:own-card");
          }
          break;
        }
        case kTraitor: {
          std::vector<int> walls, threats;
          for (int s : spaces)
            if (st_.at(s).swappable()) walls.push_back(s);
          for (int k = 0; k < 3; ++k) {
            int reg = (p / 3) * 3 + k;
            if (!st_.reg(reg).removed && geo_.prov_borders_reg(p, reg)) threats.push_back(reg);
          }
          if (walls.empty() && threats.empty()) {
            write = rng_.chance(0.3);
            feature("card:traitor:idle");
            break;
          }
          bool destroy;
          if (!walls.empty() && !threats.empty())
            destroy = rng_.chance(0.5);
          else
            destroy = walls.empty() ? rng_.chance(0.08) : !rng_.chance(0.08);
          write = required = true;
          if (destroy) {
            r.set("effect", "destroy");
            if (!walls.empty()) {
              int s = rng_.pick(walls);
              st_.at(s).destroyed = true;
              r.set("space", geo_.sname(s));
              feature(st_.at(s).kind == kNeutralWall ? "card:traitor:destroy-neutral"
                                                     : "card:traitor:destroy");
            } else {
              feature("card:traitor:destroy-nothing");
            }
          } else {
            r.set("effect", "remove-threat");
            if (!threats.empty()) {
              int reg = rng_.pick(threats);
              st_.reg(reg).removed = true;
              r.set("region", geo_.rname(reg));
              feature("card:traitor:remove-threat");
            } else {
              feature("card:traitor:remove-nothing");
            }
          }
          break;
        }
        case kFlood: {
          bool minus = !cfg_.rules.flood_plus_only && rng_.chance(0.5);
          mods += minus ? -2 : 2;
          if (cfg_.rules.flood_plus_only) {
            write = rng_.chance(0.6);
            if (write) r.set("effect", "plus");
            feature("card:flood:plus-only");
          } else {
            write = required = true;
            r.set("effect", minus ? "minus" : "plus");
          }
          feature(minus ? "card:flood:minus" : "card:flood:plus");
          break;
        }
        case kBuilder: {
          bool value = rng_.chance(0.5);
          if (value)
            mods += 2;
          else
            extra[static_cast<std::size_t>(c)] += 1;
          r.set("effect", value ? "value" : "wall");
          write = required = true;
          feature(value ? "card:builder:value" : "card:builder:wall");
          break;
        }
        case kMaster: {
          extra[static_cast<std::size_t>(c)] += 2;
          write = rng_.chance(0.4);
          feature("card:master-builder");
          break;
        }
        case kMandarin: {
          std::vector<int> here, elsewhere;
          for (int s : spaces)
            if (st_.at(s).swappable()) here.push_back(s);
          for (int s : st_.line)
            if (geo_.prov(s) != p && st_.at(s).swappable()) elsewhere.push_back(s);
          std::vector<std::pair<int, int>> differing, all;
          for (int x : here)
            for (int y : elsewhere) {
              all.push_back({x, y});
              if (st_.at(x).colour != st_.at(y).colour) differing.push_back({x, y});
            }
          bool matters = !differing.empty();
          if (!all.empty() && rng_.chance(0.65)) {
            auto [x, y] =
                !differing.empty() && rng_.chance(0.85) ? rng_.pick(differing) : rng_.pick(all);
            std::swap(st_.at(x).kind, st_.at(y).kind);
            std::swap(st_.at(x).colour, st_.at(y).colour);
            std::size_t claims_before = count_claims();
            st_.end_claims_after_swap();
            if (count_claims() < claims_before) feature("claim:ended-by-swap");
            r.set("space", geo_.sname(x)).set("with", geo_.sname(y));
            write = required = true;
            feature("card:mandarin:swap");
            if (st_.complete(geo_.prov(y))) feature("card:mandarin:swap-into-pending-province");
          } else {
            required = matters;
            write = matters || rng_.chance(0.3);
            feature("card:mandarin:decline");
          }
          break;
        }
      }
      cf.choice_needed = required;
      if (write) {
        cf.resolve_elem = static_cast<int>(sc.kids.size());
        sc.kids.push_back(std::move(r));
        needed = needed || required;
      }
    }
    // 4. Value and strengths.
    int intact = 0;
    std::array<int, 5> strength{};
    for (int s : spaces) {
      const Piece& pc = st_.at(s);
      if (!pc.intact()) continue;
      ++intact;
      ++strength[static_cast<std::size_t>(pc.colour)];
    }
    const int value = intact + pr.rep + mods;
    for (int c = 0; c < 4; ++c)
      strength[static_cast<std::size_t>(c)] += extra[static_cast<std::size_t>(c)];
    int top = 0;
    for (int c = 0; c < 4; ++c)
      top = std::max(top, strength[static_cast<std::size_t>(c)]);
    std::vector<int> scorers;
    if (top > 0 && (cfg_.rules.neutral_ignored || strength[kNeutral] <= top)) {
      for (int c : cfg_.colours)
        if (strength[static_cast<std::size_t>(c)] == top) scorers.push_back(c);
    } else if (top > 0) {
      feature("province:neutral-blocks");
    } else {
      feature("province:nobody");
    }
    if (top > 0 && strength[kNeutral] > top && cfg_.rules.neutral_ignored)
      feature("province:neutral-ignored");
    if (scorers.size() > 1) feature("province:tie");
    ScoringStepTrace step;
    step.kind = ScoringStepTrace::Kind::province;
    step.turn = current_turn();
    step.subject = geo_.pname(p);
    for (int c : cfg_.colours)
      step.points[colour_name(c)] = 0;
    bool awards = cfg_.claim_award && rng_.chance(0.85);
    std::vector<int> seat_order = scorers;
    if (rng_.chance(0.3)) rng_.shuffle(seat_order);
    for (int c : seat_order) {
      st_.score[static_cast<std::size_t>(c)] += value;
      step.points[colour_name(c)] = value;
      Elem a("award");
      a.set("colour", colour_name(c)).set("points", std::to_string(value));
      a.omit = !awards;
      si.award_elems.push_back(static_cast<int>(sc.kids.size()));
      sc.kids.push_back(std::move(a));
    }
    ctx_->steps.push_back(std::move(step));
    si.value = value;
    si.scorers = scorers;
    pr.scored = true;
    pr.cards.clear();
    // 5. Emperor card; expansion due (CC-601).
    ++st_.emperor;
    if (st_.emperor >= 3 && st_.exp_done + st_.exp_pending < st_.exp_due) {
      st_.emperor = 0;
      ++st_.exp_pending;
      ctx_->info.pending_trigger = placement;
    }
    sc.omit = !(needed || (awards && !scorers.empty()) || rng_.chance(0.3));
    if (!needed && !sc.omit) feature("score:written-though-optional");
    si.elem = static_cast<int>(emit(std::move(sc)));
    ctx_->trace.scored.push_back(geo_.pname(p));
    ctx_->info.scores.push_back(std::move(si));
    feature("province:scored");
  }

  // ---- expansion (CC-601) ------------------------------------------------------------------

  void expand(int trigger) {
    std::vector<std::pair<int, bool>> joins;  // (side, at the right end)
    for (int s = 0; s < static_cast<int>(geo_.sides.size()); ++s) {
      if (st_.board_in_play(geo_.board(s))) continue;
      if (cfg_.joins(st_.sides.back(), s)) joins.push_back({s, true});
      if (cfg_.joins(s, st_.sides.front())) joins.push_back({s, false});
    }
    auto [side, right] = rng_.pick(joins);
    int end_space = right ? st_.line.back() : st_.line.front();
    for (const TowerT& t : st_.towers)
      if (t.space == end_space && t.claim) feature("expansion:next-to-claimed-tower");
    st_.join(side, right);
    --st_.exp_pending;
    ++st_.exp_done;
    Elem e("expand");
    e.set("side", geo_.side_id(side)).set("at", right ? "right" : "left");
    auto tokens = draw_tokens(side);
    if (rng_.chance(0.4)) rng_.shuffle(tokens);
    e.kids = std::move(tokens);
    ctx_->info.expand_elem = static_cast<int>(emit(std::move(e)));
    ctx_->info.expand_side = side;
    ctx_->info.expand_trigger = trigger;
    ctx_->trace.expansion = geo_.side_id(side);
    feature(cfg_.rules.immediate ? "expansion:immediate" : "expansion:end-of-turn");
    feature(right ? "expansion:right" : "expansion:left");
    if (st_.exp_done == 2) feature("expansion:second");
  }

  // ---- the end (CC-801, CC-802, CC-803) -----------------------------------------------------

  void finish() {
    internals_->after = st_;
    Elem end("end");
    std::vector<Elem> statements, losses, events, finals;
    if (finished_) {
      feature("end:" + out_.end_reason);
      // Mongol attack.
      for (int r : st_.regions_in_play()) {
        const Reg& reg = st_.reg(r);
        if (reg.removed) continue;
        std::array<int, 5> count{};
        std::array<bool, 5> towered{};
        for (int s : geo_.spaces_of_reg(r)) {
          const Piece& pc = st_.at(s);
          if (pc.kind == kEmpty) continue;
          if (!pc.destroyed || cfg_.rules.mongol_counted)
            ++count[static_cast<std::size_t>(pc.colour)];
          if (pc.kind == kTower) towered[static_cast<std::size_t>(pc.colour)] = true;
        }
        int top = 0;
        for (int c = 0; c < 4; ++c)
          top = std::max(top, count[static_cast<std::size_t>(c)]);
        ScoringStepTrace step;
        step.kind = ScoringStepTrace::Kind::mongol;
        step.subject = geo_.rname(r);
        for (int c : cfg_.colours)
          step.points[colour_name(c)] = 0;
        if (top > 0 && !cfg_.rules.neutral_ignored && count[kNeutral] > top) {
          feature("mongol:neutral-blocks");
        } else if (top > 0) {
          for (int c : cfg_.colours) {
            if (count[static_cast<std::size_t>(c)] != top) continue;
            if (towered[static_cast<std::size_t>(c)]) {
              feature("mongol:tower-protects");
              continue;
            }
            st_.score[static_cast<std::size_t>(c)] += reg.value;
            step.points[colour_name(c)] = reg.value;
            Elem l("loss");
            l.set("region", geo_.rname(r))
                .set("colour", colour_name(c))
                .set("points", std::to_string(reg.value));
            losses.push_back(std::move(l));
            feature("mongol:loss");
          }
          bool only_destroyed = true;
          for (int s : geo_.spaces_of_reg(r))
            if (st_.at(s).intact()) only_destroyed = false;
          if (only_destroyed) feature("mongol:only-destroyed-walls");
        }
        out_.steps.push_back(std::move(step));
      }
      // Event cards: diplomacy, dominance, imperial reward (CC-802).
      std::vector<int> order = cfg_.events;
      std::sort(order.begin(), order.end());
      for (int e : order) {
        if (e == kObservation) continue;
        std::array<int, 5> pts{};
        if (e == kDiplomacy) {
          std::array<int, 5> held{};
          const auto provs = st_.provinces_in_play();
          for (int p : provs) {
            std::array<bool, 5> present{};
            for (int s : geo_.spaces_of_prov(p))
              if (st_.at(s).intact()) present[static_cast<std::size_t>(st_.at(s).colour)] = true;
            for (int c = 0; c < 4; ++c)
              held[static_cast<std::size_t>(c)] += present[static_cast<std::size_t>(c)];
          }
          int best = 0;
          for (int c : cfg_.colours)
            best = std::max(best, held[static_cast<std::size_t>(c)]);
          for (int c : cfg_.colours) {
            bool wins = cfg_.rules.diplomacy_majority
                            ? held[static_cast<std::size_t>(c)] * 2 > static_cast<int>(provs.size())
                            : best >= 1 && held[static_cast<std::size_t>(c)] == best;
            if (wins) pts[static_cast<std::size_t>(c)] = 4;
          }
        } else if (e == kDominance) {
          std::array<int, 5> best{}, run{};
          for (int s : st_.line) {
            const Piece& pc = st_.at(s);
            for (int c = 0; c < 5; ++c) {
              if (pc.intact() && pc.colour == c)
                best[static_cast<std::size_t>(c)] =
                    std::max(best[static_cast<std::size_t>(c)], ++run[static_cast<std::size_t>(c)]);
              else
                run[static_cast<std::size_t>(c)] = 0;
            }
          }
          int longest = 0;
          for (int c : cfg_.colours)
            longest = std::max(longest, best[static_cast<std::size_t>(c)]);
          for (int c : cfg_.colours) {
            if (!cfg_.rules.dominance_longest)
              pts[static_cast<std::size_t>(c)] = best[static_cast<std::size_t>(c)];
            else if (longest > 0 && best[static_cast<std::size_t>(c)] == longest)
              pts[static_cast<std::size_t>(c)] = longest;
          }
        } else {
          for (int c : cfg_.colours)
            pts[static_cast<std::size_t>(c)] =
                2 * (6 - st_.sup[static_cast<std::size_t>(c)].placed);
        }
        ScoringStepTrace step;
        step.kind = ScoringStepTrace::Kind::event;
        step.subject = kEventName[static_cast<std::size_t>(e)];
        for (int c : cfg_.colours) {
          int v = pts[static_cast<std::size_t>(c)];
          step.points[colour_name(c)] = v;
          st_.score[static_cast<std::size_t>(c)] += v;
          if (v != 0 || rng_.chance(0.2)) {
            Elem ev("event");
            ev.set("card", kEventName[static_cast<std::size_t>(e)])
                .set("colour", colour_name(c))
                .set("points", std::to_string(v));
            events.push_back(std::move(ev));
          }
        }
        out_.steps.push_back(std::move(step));
      }
      decide_winners();
    } else {
      feature("unfinished");
    }
    // Threat values still unstated (CC-1202), and a few restatements.
    for (int r : st_.regions_in_play()) {
      const Reg& reg = st_.reg(r);
      bool state = false;
      if (!reg.stated)
        state = finished_ ? (!reg.removed || rng_.chance(0.5)) : rng_.chance(0.4);
      else
        state = rng_.chance(0.05);
      if (!state) continue;
      Elem e("threat");
      e.set("region", geo_.rname(r)).set("value", std::to_string(reg.value));
      statements.push_back(std::move(e));
      if (!reg.stated) feature("threat:stated-at-end");
    }
    for (int c : cfg_.colours) {
      Elem f("final");
      f.set("colour", colour_name(c))
          .set("points", std::to_string(st_.score[static_cast<std::size_t>(c)]));
      finals.push_back(std::move(f));
    }
    rng_.shuffle(statements);
    for (auto& e : statements)
      end.kids.push_back(std::move(e));
    for (auto& e : losses) {
      e.omit = !cfg_.claim_loss;
      end.kids.push_back(std::move(e));
    }
    for (auto& e : events) {
      e.omit = !cfg_.claim_event;
      end.kids.push_back(std::move(e));
    }
    for (auto& e : finals) {
      e.omit = !cfg_.claim_final;
      end.kids.push_back(std::move(e));
    }
    if (rng_.chance(0.05)) {
      Elem a("annotation");
      a.text = "scores read out at the table";
      end.kids.push_back(std::move(a));
    }
    if (rng_.chance(0.3)) rng_.shuffle(end.kids);
    bool any = std::any_of(end.kids.begin(), end.kids.end(), [](const Elem& k) { return !k.omit; });
    end.omit = !any && !rng_.chance(0.2);
    root_.kids.push_back(std::move(end));

    out_.finished = finished_;
    for (int c : cfg_.colours)
      out_.scores[colour_name(c)] = st_.score[static_cast<std::size_t>(c)];
    out_.xml = serialise(root_);
    internals_->cfg = cfg_;
    internals_->root = std::move(root_);
    internals_->finished = finished_;
    internals_->final_scores = st_.score;
    out_.internals = internals_;
  }

  void decide_winners() {
    std::vector<int> winners;
    if (cfg_.teams()) {
      std::array<int, 2> total{}, best{};
      for (int t = 0; t < 2; ++t) {
        best[static_cast<std::size_t>(t)] = std::numeric_limits<int>::min();
        for (int c : cfg_.seats[static_cast<std::size_t>(t)]) {
          total[static_cast<std::size_t>(t)] += st_.score[static_cast<std::size_t>(c)];
          best[static_cast<std::size_t>(t)] =
              std::max(best[static_cast<std::size_t>(t)], st_.score[static_cast<std::size_t>(c)]);
        }
      }
      int winner = -1;
      if (total[0] != total[1]) {
        winner = total[0] > total[1] ? 0 : 1;
      } else if (best[0] != best[1]) {
        winner = best[0] > best[1] ? 0 : 1;
        feature("teams:tie-broken");
      } else {
        feature("teams:drawn");
      }
      for (int t = 0; t < 2; ++t)
        if (winner < 0 || winner == t)
          for (int c : cfg_.seats[static_cast<std::size_t>(t)])
            winners.push_back(c);
    } else {
      int top = std::numeric_limits<int>::min();
      for (int c : cfg_.colours)
        top = std::max(top, st_.score[static_cast<std::size_t>(c)]);
      for (int c : cfg_.colours)
        if (st_.score[static_cast<std::size_t>(c)] == top) winners.push_back(c);
      if (winners.size() > 1) feature("winners:shared");
    }
    for (int c : winners)
      out_.winners.push_back(colour_name(c));
    std::sort(out_.winners.begin(), out_.winners.end());
  }

  std::uint64_t seed_;
  Rng rng_;
  const Geometry& geo_;
  Config cfg_;
  State st_;
  Elem root_;
  TurnCtx* ctx_ = nullptr;
  std::vector<int> rep_pool_, threat_pool_;
  bool finished_ = false;
  GeneratedGame out_;
  std::shared_ptr<GameInternals> internals_;
};

}  // namespace ccgen

// ---- mutations ---------------------------------------------------------------------------------

namespace ccgen {

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

Elem make(std::string tag, std::initializer_list<std::pair<std::string, std::string>> attrs) {
  Elem e(std::move(tag));
  for (const auto& [k, v] : attrs)
    e.set(k, v);
  return e;
}

bool is_placement(const Elem& e) {
  return e.tag == "wall" || e.tag == "card" || e.tag == "double" || e.tag == "tower" ||
         e.tag == "neutral";
}

// Picks `n` single walls of colour `c` placed one after another, each legal when placed, none
// completing its province, in pairwise different provinces and none in `avoid`.
std::optional<std::vector<int>> distinct_walls(State st, int c, int n, Rng& rng,
                                               std::vector<int> avoid = {}) {
  if (st.sup[static_cast<std::size_t>(c)].singles < n) return std::nullopt;
  std::vector<int> out;
  for (int i = 0; i < n; ++i) {
    std::vector<int> cands;
    for (int s : st.line) {
      int p = st.g->prov(s);
      if (st.accepts(s, kSingle, c) && st.prov(p).empty >= 2 && !contains(avoid, p))
        cands.push_back(s);
    }
    if (cands.empty()) return std::nullopt;
    int s = rng.pick(cands);
    st.place_single(s, c);
    avoid.push_back(st.g->prov(s));
    out.push_back(s);
  }
  return out;
}

class Mutator {
 public:
  Mutator(const GameInternals& in, Mutation kind, std::uint64_t salt)
      : in_(in),
        kind_(kind),
        rng_(salt * 0xD1B54A32D192ED03ull + static_cast<std::uint64_t>(kind) * 7919 + 17),
        geo_(geometry()),
        root_(in.root) {}

  std::optional<MutatedRecord> run() {
    out_.kind = kind_;
    out_.rule = std::string(expected_rule(kind_));
    bool ok = false;
    switch (kind_) {
      case Mutation::extra_variant_or_player:
        ok = extra_variant_or_player();
        break;
      case Mutation::same_board_twice:
        ok = same_board_twice();
        break;
      case Mutation::reputation_missing:
        ok = reputation_missing();
        break;
      case Mutation::token_out_of_range:
        ok = token_out_of_range();
        break;
      case Mutation::threat_never_stated:
        ok = threat_never_stated();
        break;
      case Mutation::turn_after_end:
        ok = turn_after_end();
        break;
      case Mutation::final_changed:
        ok = claim_changed_end("final");
        break;
      case Mutation::loss_changed:
        ok = claim_changed_end("loss");
        break;
      case Mutation::event_changed:
        ok = claim_changed_end("event");
        break;
      case Mutation::final_missing:
        ok = claim_missing_end("final");
        break;
      case Mutation::loss_missing:
        ok = claim_missing_end("loss");
        break;
      case Mutation::threat_token_missing:
        ok = threat_token_missing();
        break;
      case Mutation::edge_mismatch_at_setup:
        ok = edge_mismatch_at_setup();
        break;
      case Mutation::one_starting_side:
        ok = one_starting_side();
        break;
      case Mutation::token_mix_exceeded:
        ok = token_mix_exceeded();
        break;
      case Mutation::end_threat_off_the_board:
        ok = end_threat_off_the_board();
        break;
      default:
        ok = per_turn();
        break;
    }
    if (!ok) return std::nullopt;
    out_.xml = serialise(root_);
    return out_;
  }

 private:
  // ---- helpers ----------------------------------------------------------------------------

  Elem& play() { return *root_.child("play"); }
  Elem& turn_elem(int t) { return play().kids[static_cast<std::size_t>(t - 1)]; }
  int turns() const { return static_cast<int>(in_.turns.size()); }
  const TurnInfo& info(int t) const { return in_.turns[static_cast<std::size_t>(t - 1)]; }
  // The state after turn t (before the Mongol attack for the last one).
  const State& after(int t) const { return t < turns() ? info(t + 1).before : in_.after; }
  void drop_end() {
    root_.kids.erase(std::remove_if(root_.kids.begin(), root_.kids.end(),
                                    [](const Elem& e) { return e.tag == "end"; }),
                     root_.kids.end());
  }
  // Keeps the first `t` turns and drops <end>: nothing later adds findings.
  void cut_after(int t) {
    play().kids.resize(static_cast<std::size_t>(t));
    drop_end();
  }
  void replace_turn(int t, std::vector<Elem> kids) {
    Elem& e = turn_elem(t);
    e.kids = std::move(kids);
  }
  std::string cname(int c) const { return colour_name(c); }
  Elem wall(int s) const { return make("wall", {{"space", geo_.sname(s)}}); }
  Elem card(int p, int rank) const {
    return make("card", {{"province", geo_.pname(p)}, {"card", card_name(rank)}});
  }
  std::vector<int> unused_cards(const State& st, int c) const {
    std::vector<int> out;
    for (int r = 1; r <= 6; ++r)
      if (st.sup[static_cast<std::size_t>(c)].has(r)) out.push_back(r);
    return out;
  }
  bool complete_action(int t) const { return info(t).action <= kTowerAction; }
  bool has_tag_after(const Elem& turn, std::size_t from, std::string_view tag) const {
    for (std::size_t i = from; i < turn.kids.size(); ++i)
      if (turn.kids[i].tag == tag && !turn.kids[i].omit) return true;
    return false;
  }
  Elem* setup() { return root_.child("setup"); }
  Elem& rules_section() {
    if (Elem* r = root_.child("rules")) return *r;
    std::size_t at = root_.child("meta") ? 1 : 0;
    root_.kids.insert(root_.kids.begin() + static_cast<long>(at), Elem("rules"));
    return root_.kids[at];
  }
  void set_option(const std::string& name, const std::string& value) {
    Elem& rules = rules_section();
    for (Elem& k : rules.kids)
      if (k.tag == "option" && k.get("name") && *k.get("name") == name) {
        k.set("value", value);
        return;
      }
    rules.kids.insert(rules.kids.begin(), make("option", {{"name", name}, {"value", value}}));
  }
  void unomit_awards(Elem& score, const ScoreInfo& si, bool show) {
    for (int a : si.award_elems)
      score.kids[static_cast<std::size_t>(a)].omit = !show;
  }

  // ---- the per-turn driver ------------------------------------------------------------------

  bool per_turn() {
    std::vector<int> order;
    for (int t = 1; t <= turns(); ++t)
      order.push_back(t);
    rng_.shuffle(order);
    // An attempt that fails leaves the record as it was (checks come before changes).
    for (int t : order) {
      if (at_turn(t)) {
        out_.turn = t;
        return true;
      }
    }
    return false;
  }

  bool at_turn(int t) {
    const TurnInfo& ti = info(t);
    const State& before = ti.before;
    const int c = ti.colour;
    switch (kind_) {
      case Mutation::threat_restated_differently: {
        if (t < 2) return false;
        Elem* su = setup();
        std::vector<Elem*> threats;
        for (Elem& e : su->kids)
          if (e.tag == "threat") threats.push_back(&e);
        Elem* th = rng_.pick(threats);
        int r = -1;
        for (auto [reg, v] : in_.threat_values)
          if (geo_.rname(reg) == *th->get("region")) r = reg;
        int value = before.reg(r).value;
        th->set("value", std::to_string(value));
        int other = value == -4 ? -3 : value - 1;
        Elem& te = turn_elem(t);
        te.kids.insert(te.kids.begin(), make("threat", {{"region", geo_.rname(r)},
                                                        {"value", std::to_string(other)}}));
        cut_after(t);
        out_.what = geo_.rname(r) + " stated as " + std::to_string(value) + " at set-up and " +
                    std::to_string(other) + " in turn " + std::to_string(t);
        return true;
      }
      case Mutation::threat_out_of_range_in_play: {
        if (t < 2) return false;
        // A region whose value no element before turn t states.
        std::vector<int> cands;
        for (int r : before.regions_in_play())
          if (!stated_before(r, t)) cands.push_back(r);
        if (cands.empty()) return false;
        int r = rng_.pick(cands);
        int bad = rng_.chance(0.5) ? -5 : -1;
        Elem& te = turn_elem(t);
        te.kids.insert(te.kids.begin(),
                       make("threat", {{"region", geo_.rname(r)}, {"value", std::to_string(bad)}}));
        cut_after(t);
        out_.what = "threat value " + std::to_string(bad) + " stated for " + geo_.rname(r);
        return true;
      }
      case Mutation::wrong_first_colour: {
        if (t != 1) return false;
        int other = rng_.pick(in_.cfg.seats[1]);
        turn_elem(1).set("colour", cname(other));
        cut_after(1);
        out_.what = "turn 1 played by " + cname(other);
        return true;
      }
      case Mutation::wrong_turn_order: {
        if (t < 2) return false;
        std::vector<int> others;
        for (std::size_t p = 0; p < in_.cfg.seats.size(); ++p)
          if (static_cast<int>(p) != ti.player)
            for (int col : in_.cfg.seats[p])
              others.push_back(col);
        int w = rng_.pick(others);
        auto walls = distinct_walls(before, w, 2, rng_);
        if (!walls) return false;
        turn_elem(t).set("colour", cname(w));
        replace_turn(t, {wall((*walls)[0]), wall((*walls)[1])});
        cut_after(t);
        out_.what =
            "turn " + std::to_string(t) + " played by " + cname(w) + " instead of " + cname(c);
        return true;
      }
      case Mutation::empty_turn: {
        if (t < 2) return false;
        replace_turn(t, {});
        cut_after(t);
        out_.what = "turn " + std::to_string(t) + " left empty";
        return true;
      }
      case Mutation::pass_and_wall: {
        if (t < 2) return false;
        auto walls = distinct_walls(before, c, 1, rng_);
        if (!walls) return false;
        replace_turn(t, {Elem("pass"), wall((*walls)[0])});
        cut_after(t);
        out_.what = "a pass and a wall";
        return true;
      }
      case Mutation::three_walls: {
        if (t < 2) return false;
        auto walls = distinct_walls(before, c, 3, rng_);
        if (!walls) return false;
        replace_turn(t, {wall((*walls)[0]), wall((*walls)[1]), wall((*walls)[2])});
        cut_after(t);
        out_.what = "three walls";
        return true;
      }
      case Mutation::first_turn_two_walls: {
        if (t != 1) return false;
        auto walls = distinct_walls(before, c, 2, rng_);
        if (!walls) return false;
        replace_turn(1, {wall((*walls)[0]), wall((*walls)[1])});
        cut_after(1);
        out_.what = "two walls on the first turn";
        return true;
      }
      case Mutation::first_turn_tower: {
        if (t != 1) return false;
        int s = rng_.pick(before.line);
        replace_turn(1, {make("tower", {{"space", geo_.sname(s)}})});
        cut_after(1);
        out_.what = "a tower on the first turn";
        return true;
      }
      case Mutation::pass_when_action_possible: {
        if (t < 2 || !ti.complete_possible) return false;
        replace_turn(t, {Elem("pass")});
        cut_after(t);
        out_.what =
            "a pass instead of " + std::string(kActionName[static_cast<std::size_t>(ti.action)]);
        return true;
      }
      case Mutation::partial_when_complete_possible: {
        if (t < 2 || !ti.complete_possible) return false;
        auto walls = distinct_walls(before, c, 1, rng_);
        if (!walls) return false;
        replace_turn(t, {wall((*walls)[0])});
        cut_after(t);
        out_.what =
            "one wall instead of " + std::string(kActionName[static_cast<std::size_t>(ti.action)]);
        return true;
      }
      case Mutation::second_tower: {
        if (t < 2 || before.sup[static_cast<std::size_t>(c)].towers > 0) return false;
        std::vector<int> cands;
        for (int s : before.line)
          if (before.accepts(s, kTower, c) && before.tower_ok(s) &&
              before.prov(geo_.prov(s)).empty >= 2)
            cands.push_back(s);
        if (cands.empty()) return false;
        replace_turn(t, {make("tower", {{"space", geo_.sname(rng_.pick(cands))}})});
        cut_after(t);
        out_.what = "a second tower";
        return true;
      }
      case Mutation::second_double: {
        if (t < 2 || before.sup[static_cast<std::size_t>(c)].doubles > 0) return false;
        auto cands = double_spaces(before, c, true);
        if (cands.empty()) return false;
        auto [x, y] = rng_.pick(cands);
        replace_turn(t, {make("double", {{"spaces", geo_.sname(x) + " " + geo_.sname(y)}})});
        cut_after(t);
        out_.what = "a second double wall";
        return true;
      }
      case Mutation::fifteenth_single_wall: {
        if (t < 2 || before.sup[static_cast<std::size_t>(c)].singles > 0) return false;
        State st = before;
        st.sup[static_cast<std::size_t>(c)].singles = 2;  // to find legal spaces
        auto walls = distinct_walls(st, c, 2, rng_);
        if (!walls) return false;
        replace_turn(t, {wall((*walls)[0]), wall((*walls)[1])});
        cut_after(t);
        out_.what = "two walls after all 14";
        return true;
      }
      case Mutation::wall_on_occupied_space: {
        if (t < 2) return false;
        auto walls = distinct_walls(before, c, 1, rng_);
        if (!walls) return false;
        std::vector<int> occupied;
        for (int s : before.line)
          if (before.at(s).kind != kEmpty && geo_.prov(s) != geo_.prov((*walls)[0]))
            occupied.push_back(s);
        if (occupied.empty()) return false;
        int s = rng_.pick(occupied);
        replace_turn(t, {wall(s), wall((*walls)[0])});
        cut_after(t);
        out_.what = "a wall on occupied " + geo_.sname(s);
        return true;
      }
      case Mutation::wall_off_the_board: {
        if (t < 2) return false;
        auto walls = distinct_walls(before, c, 1, rng_);
        if (!walls) return false;
        std::vector<int> off;
        for (int s = 0; s < geo_.count; ++s)
          if (!after(t).in_play(s)) off.push_back(s);
        int s = rng_.pick(off);
        replace_turn(t, {wall((*walls)[0]), wall(s)});
        cut_after(t);
        out_.what = "a wall on " + geo_.sname(s) + ", not in play";
        return true;
      }
      case Mutation::wall_on_claimed_space: {
        if (t < 2) return false;
        std::vector<int> cands;
        for (int s : before.line) {
          if (!before.empty_in_play(s) || before.prov(geo_.prov(s)).empty < 2) continue;
          int owner;
          bool two;
          before.reservers(s, owner, two);
          if (two || (owner >= 0 && owner != c)) cands.push_back(s);
        }
        if (cands.empty()) return false;
        int s = rng_.pick(cands);
        State st = before;
        st.put(s, kSingle, c);
        --st.sup[static_cast<std::size_t>(c)].singles;
        auto walls = distinct_walls(st, c, 1, rng_, {geo_.prov(s)});
        if (!walls) return false;
        replace_turn(t, {wall(s), wall((*walls)[0])});
        cut_after(t);
        out_.what = "a wall on claimed " + geo_.sname(s);
        return true;
      }
      case Mutation::peek_elsewhere: {
        if (ti.placements.empty() || ti.placements[0].kind == kPCard ||
            ti.placements[0].kind == kPNeutral)
          return false;
        std::vector<int> covered;
        for (const auto& pl : ti.placements)
          for (int s : pl.spaces)
            covered.push_back(geo_.reg(s));
        std::vector<int> cands;
        for (int r : before.regions_in_play())
          if (!contains(covered, r)) cands.push_back(r);
        if (cands.empty()) return false;
        int r = rng_.pick(cands);
        Elem& te = turn_elem(t);
        te.kids.insert(te.kids.begin() + ti.placements[0].elem + 1,
                       make("peek", {{"region", geo_.rname(r)}}));
        cut_after(t);
        out_.what = "a peek at " + geo_.rname(r);
        return true;
      }
      case Mutation::card_on_scored_province: {
        if (t < 2) return false;
        auto cards = unused_cards(before, c);
        std::vector<int> scored, open = before.unfinished();
        for (int p : before.provinces_in_play())
          if (before.prov(p).scored) scored.push_back(p);
        if (cards.size() < 2 || scored.empty() || open.empty()) return false;
        rng_.shuffle(cards);
        int bad = rng_.pick(scored);
        std::vector<Elem> kids{card(bad, cards[0]), card(rng_.pick(open), cards[1])};
        if (rng_.chance(0.5)) std::swap(kids[0], kids[1]);
        replace_turn(t, std::move(kids));
        cut_after(t);
        out_.what = "a card on scored " + geo_.pname(bad);
        return true;
      }
      case Mutation::tower_next_to_tower: {
        if (t < 2 || before.sup[static_cast<std::size_t>(c)].towers == 0) return false;
        std::vector<int> cands;
        for (int s : before.line)
          if (before.accepts(s, kTower, c) && !before.tower_ok(s) &&
              before.prov(geo_.prov(s)).empty >= 2)
            cands.push_back(s);
        if (cands.empty()) return false;
        int s = rng_.pick(cands);
        replace_turn(t, {make("tower", {{"space", geo_.sname(s)}})});
        cut_after(t);
        out_.what = "a tower on " + geo_.sname(s) + " next to a tower";
        return true;
      }
      case Mutation::two_walls_one_province: {
        if (t < 2 || before.sup[static_cast<std::size_t>(c)].singles < 2) return false;
        std::vector<int> firsts;
        for (int s : before.line)
          if (before.accepts(s, kSingle, c) && before.prov(geo_.prov(s)).empty >= 3)
            firsts.push_back(s);
        rng_.shuffle(firsts);
        for (int a : firsts) {
          State st = before;
          st.place_single(a, c);
          std::vector<int> seconds;
          for (int s : st.line)
            if (geo_.prov(s) == geo_.prov(a) && st.accepts(s, kSingle, c)) seconds.push_back(s);
          if (seconds.empty()) continue;
          replace_turn(t, {wall(a), wall(rng_.pick(seconds))});
          cut_after(t);
          out_.what = "two walls on " + geo_.pname(geo_.prov(a));
          return true;
        }
        return false;
      }
      case Mutation::two_cards_one_province: {
        if (t < 2) return false;
        auto cards = unused_cards(before, c);
        auto open = before.unfinished();
        if (cards.size() < 2 || open.empty()) return false;
        rng_.shuffle(cards);
        int p = rng_.pick(open);
        replace_turn(t, {card(p, cards[0]), card(p, cards[1])});
        cut_after(t);
        out_.what = "two cards on " + geo_.pname(p);
        return true;
      }
      case Mutation::card_and_wall_apart:
      case Mutation::wall_then_card: {
        if (t < 2) return false;
        auto cards = unused_cards(before, c);
        if (cards.empty()) return false;
        auto walls = distinct_walls(before, c, 1, rng_);
        if (!walls) return false;
        int s = (*walls)[0];
        if (kind_ == Mutation::wall_then_card) {
          replace_turn(t, {wall(s), card(geo_.prov(s), rng_.pick(cards))});
          out_.what = "a wall, then a card on its province";
        } else {
          std::vector<int> open;
          for (int p : before.unfinished())
            if (p != geo_.prov(s)) open.push_back(p);
          if (open.empty()) return false;
          int p = rng_.pick(open);
          replace_turn(t, {card(p, rng_.pick(cards)), wall(s)});
          out_.what = "a card on " + geo_.pname(p) + " and a wall on " + geo_.sname(s);
        }
        cut_after(t);
        return true;
      }
      case Mutation::double_not_adjacent: {
        if (t < 2 || before.sup[static_cast<std::size_t>(c)].doubles == 0) return false;
        auto cands = double_spaces(before, c, false);
        if (cands.empty()) return false;
        auto [x, y] = rng_.pick(cands);
        replace_turn(t, {make("double", {{"spaces", geo_.sname(x) + " " + geo_.sname(y)}})});
        cut_after(t);
        out_.what = "a double wall on " + geo_.sname(x) + " and " + geo_.sname(y);
        return true;
      }
      case Mutation::score_unfinished_province: {
        if (ti.expand_elem >= 0) return false;
        auto open = after(t).unfinished();
        if (open.empty()) return false;
        int p = rng_.pick(open);
        turn_elem(t).kids.push_back(make("score", {{"province", geo_.pname(p)}}));
        cut_after(t);
        out_.what = "a <score> for unfinished " + geo_.pname(p);
        return true;
      }
      case Mutation::score_twice: {
        if (ti.expand_elem >= 0) return false;
        std::vector<int> scored;
        for (int p : before.provinces_in_play())
          if (before.prov(p).scored) scored.push_back(p);
        if (scored.empty()) return false;
        int p = rng_.pick(scored);
        turn_elem(t).kids.push_back(make("score", {{"province", geo_.pname(p)}}));
        cut_after(t);
        out_.what = "a second <score> for " + geo_.pname(p);
        return true;
      }
      case Mutation::scores_out_of_order: {
        for (std::size_t i = 0; i + 1 < ti.scores.size(); ++i) {
          const ScoreInfo& a = ti.scores[i];
          const ScoreInfo& b = ti.scores[i + 1];
          if (a.placement != b.placement) continue;
          Elem& te = turn_elem(t);
          te.kids[static_cast<std::size_t>(a.elem)].omit = false;
          te.kids[static_cast<std::size_t>(b.elem)].omit = false;
          std::swap(te.kids[static_cast<std::size_t>(a.elem)],
                    te.kids[static_cast<std::size_t>(b.elem)]);
          cut_after(t);
          out_.what = geo_.pname(b.province) + " scored before " + geo_.pname(a.province);
          return true;
        }
        return false;
      }
      case Mutation::reveal_after_resolve: {
        for (const ScoreInfo& si : ti.scores) {
          int first_resolve = -1, resolver = -1;
          for (std::size_t k = 0; k < si.cards.size(); ++k) {
            int e = si.cards[k].resolve_elem;
            if (e >= 0 && (first_resolve < 0 || e < first_resolve)) {
              first_resolve = e;
              resolver = static_cast<int>(k);
            }
          }
          if (first_resolve < 0) continue;
          for (std::size_t k = 0; k < si.cards.size(); ++k) {
            const CardFate& x = si.cards[k];
            if (x.reveal_elem < 0 || static_cast<int>(k) == resolver) continue;
            if (si.cards[static_cast<std::size_t>(resolver)].target == static_cast<int>(k))
              continue;
            Elem& sc = turn_elem(t).kids[static_cast<std::size_t>(si.elem)];
            sc.omit = false;
            Elem moved = sc.kids[static_cast<std::size_t>(x.reveal_elem)];
            std::vector<Elem> kids;
            for (std::size_t i = 0; i < sc.kids.size(); ++i) {
              if (static_cast<int>(i) != x.reveal_elem) kids.push_back(sc.kids[i]);
              if (static_cast<int>(i) == first_resolve) kids.push_back(moved);
            }
            sc.kids = std::move(kids);
            cut_after(t);
            out_.what =
                "the reveal of " + cname(x.colour) + "'s " + card_name(x.rank) + " after a resolve";
            return true;
          }
        }
        return false;
      }
      case Mutation::warrior_absent_target:
      case Mutation::traitor_far_region:
      case Mutation::flood_minus_plus_only:
      case Mutation::builder_choice_missing:
      case Mutation::mandarin_bad_swap:
        return card_choice(t);
      case Mutation::expansion_missing: {
        if (ti.expand_elem < 0) return false;
        // Nothing after the expansion may use the new side.
        for (const auto& pl : ti.placements) {
          if (pl.elem < ti.expand_elem) continue;
          for (int s : pl.spaces)
            if (geo_.side_of[static_cast<std::size_t>(s)] == ti.expand_side) return false;
          if (pl.prov >= 0 && pl.prov / 3 == ti.expand_side) return false;
        }
        Elem& te = turn_elem(t);
        const std::string prefix = geo_.side_id(ti.expand_side) + ".";
        std::vector<Elem> kept;
        for (std::size_t i = 0; i < te.kids.size(); ++i) {
          const Elem& k = te.kids[i];
          bool about_new_side = k.tag == "threat" && k.get("region")->rfind(prefix, 0) == 0;
          if (static_cast<int>(i) != ti.expand_elem && !about_new_side) kept.push_back(k);
        }
        te.kids = std::move(kept);
        cut_after(t);
        out_.what = "the expansion of turn " + std::to_string(t) + " left out";
        return true;
      }
      case Mutation::expansion_token_missing: {
        if (ti.expand_elem < 0) return false;
        Elem& ex = turn_elem(t).kids[static_cast<std::size_t>(ti.expand_elem)];
        std::vector<std::size_t> reps;
        for (std::size_t i = 0; i < ex.kids.size(); ++i)
          if (ex.kids[i].tag == "reputation") reps.push_back(i);
        std::size_t i = rng_.pick(reps);
        out_.what = "no reputation token for " + *ex.kids[i].get("province");
        ex.kids.erase(ex.kids.begin() + static_cast<long>(i));
        cut_after(t);
        return true;
      }
      case Mutation::expansion_not_due: {
        if (t < 2 || ti.expand_elem >= 0) return false;
        const State& st = after(t);
        if (st.exp_pending > 0) return false;
        // A side of a board not in play, at an end whose edges match (CC-204), with tokens the
        // mix still holds (CC-103): only the expansion itself is wrong.
        std::vector<std::pair<int, bool>> joins;
        for (int sd = 0; sd < static_cast<int>(geo_.sides.size()); ++sd) {
          if (st.board_in_play(geo_.board(sd))) continue;
          if (in_.cfg.joins(st.sides.back(), sd)) joins.push_back({sd, true});
          if (in_.cfg.joins(sd, st.sides.front())) joins.push_back({sd, false});
        }
        if (joins.empty()) return false;
        auto [side, right] = rng_.pick(joins);
        auto spare = spare_tokens(st);
        if (!spare) return false;
        Elem ex = make("expand", {{"side", geo_.side_id(side)}, {"at", right ? "right" : "left"}});
        for (int k = 0; k < 3; ++k)
          ex.kids.push_back(make("reputation", {{"province", geo_.pname(side * 3 + k)},
                                                {"value", std::to_string(spare->first[k])}}));
        for (int k = 0; k < 3; ++k)
          ex.kids.push_back(make("threat", {{"region", geo_.rname(side * 3 + k)},
                                            {"value", std::to_string(spare->second[k])}}));
        turn_elem(t).kids.push_back(std::move(ex));
        cut_after(t);
        out_.what = "an expansion to " + geo_.side_id(side) + " that is not due";
        return true;
      }
      case Mutation::expansion_wrong_moment:
        return expansion_wrong_moment(t);
      case Mutation::neutral_without_variant: {
        if (in_.cfg.neutral() || t < 2 || !complete_action(t) || ti.expand_elem >= 0) return false;
        auto s = neutral_space(t, false);
        if (!s) return false;
        turn_elem(t).kids.push_back(make("neutral", {{"space", geo_.sname(*s)}}));
        cut_after(t);
        out_.what = "a neutral wall without the variant";
        return true;
      }
      case Mutation::second_neutral: {
        if (!in_.cfg.neutral() || ti.neutral_placement < 0 || ti.expand_elem >= 0) return false;
        const auto& np = ti.placements[static_cast<std::size_t>(ti.neutral_placement)];
        if (has_tag_after(turn_elem(t), static_cast<std::size_t>(np.elem), "score")) return false;
        if (before.neutral_left < 2) return false;
        auto s = neutral_space(t, true);
        if (!s) return false;
        turn_elem(t).kids.push_back(make("neutral", {{"space", geo_.sname(*s)}}));
        cut_after(t);
        out_.what = "a second neutral wall";
        return true;
      }
      case Mutation::piece_after_neutral:
      case Mutation::wall_after_neutral_on_its_province: {
        if (!in_.cfg.neutral() || ti.action != kTwoWalls || ti.neutral_placement < 0 ||
            !ti.scores.empty() || ti.expand_elem >= 0)
          return false;
        int a = ti.placements[0].spaces[0], b = ti.placements[1].spaces[0];
        int n = ti.placements[static_cast<std::size_t>(ti.neutral_placement)].spaces[0];
        // piece_after_neutral: the neutral goes on the first wall's province, so that it is
        // well placed even when read as following a lone wall. The other kind puts it on the
        // second wall's province: well placed for the two walls played, and only the order is
        // wrong either way (section 13: a piece after the neutral wall is CC-1101).
        bool on_first = kind_ == Mutation::piece_after_neutral;
        if ((geo_.prov(n) == geo_.prov(b)) == on_first) std::swap(a, b);
        if (!on_first && geo_.prov(n) == geo_.prov(a)) return false;
        State st = before;
        if (!st.accepts(a, kSingle, c)) return false;
        st.place_single(a, c);
        if (!st.accepts(n, kNeutralWall, kNeutral)) return false;
        st.place_neutral(n);
        if (!st.accepts(b, kSingle, c)) return false;
        replace_turn(t, {wall(a), make("neutral", {{"space", geo_.sname(n)}}), wall(b)});
        cut_after(t);
        out_.what = "the second wall after the neutral wall";
        return true;
      }
      case Mutation::neutral_wrong_province: {
        if (!in_.cfg.neutral() || t < 2 || ti.action == kPass || ti.expand_elem >= 0) return false;
        if (ti.action == kOneCard && !in_.cfg.rules.neutral_same) return false;
        if (ti.action == kTwoCards) return false;  // its own kind: neutral_beside_two_cards
        Elem& te = turn_elem(t);
        State st = after(t);
        if (ti.neutral_placement >= 0) {
          const auto& np = ti.placements[static_cast<std::size_t>(ti.neutral_placement)];
          if (has_tag_after(te, static_cast<std::size_t>(np.elem), "score")) return false;
          int s = np.spaces[0];
          st.at(s) = Piece{};
          ++st.prov(geo_.prov(s)).empty;
          ++st.neutral_left;
        }
        if (st.neutral_left < 1) return false;
        auto allowed = neutral_allowed(ti, st);
        std::vector<int> cands;
        for (int s : st.line)
          if (st.accepts(s, kNeutralWall, kNeutral) && st.prov(geo_.prov(s)).empty >= 2 &&
              !contains(allowed, geo_.prov(s)))
            cands.push_back(s);
        if (cands.empty()) return false;
        int s = rng_.pick(cands);
        if (ti.neutral_placement >= 0)
          te.kids.erase(te.kids.begin() +
                        ti.placements[static_cast<std::size_t>(ti.neutral_placement)].elem);
        te.kids.push_back(make("neutral", {{"space", geo_.sname(s)}}));
        cut_after(t);
        out_.what = "a neutral wall on " + geo_.sname(s) + " after " +
                    kActionName[static_cast<std::size_t>(ti.action)];
        return true;
      }
      case Mutation::unnamed_card_scored:
      case Mutation::reveal_of_used_card: {
        for (std::size_t si_i = 0; si_i < ti.scores.size(); ++si_i) {
          const ScoreInfo& si = ti.scores[si_i];
          for (std::size_t k = 0; k < si.cards.size(); ++k) {
            const CardFate& x = si.cards[k];
            if (x.reveal_elem < 0 || referenced(si, static_cast<int>(k))) continue;
            Elem& sc = turn_elem(t).kids[static_cast<std::size_t>(si.elem)];
            if (kind_ == Mutation::unnamed_card_scored) {
              unomit_awards(sc, si, false);
              sc.kids.erase(sc.kids.begin() + x.reveal_elem);
              out_.what = cname(x.colour) + "'s " + card_name(x.rank) + " never named";
            } else {
              auto used = known_cards(t, static_cast<int>(si_i), x.colour);
              used.erase(std::remove(used.begin(), used.end(), x.rank), used.end());
              if (used.empty()) continue;
              unomit_awards(sc, si, false);
              int r = rng_.pick(used);
              sc.kids[static_cast<std::size_t>(x.reveal_elem)].set("card", card_name(r));
              out_.what = cname(x.colour) + "'s card revealed as " + card_name(r) + ", used before";
            }
            cut_after(t);
            return true;
          }
        }
        return false;
      }
      case Mutation::reveal_of_named_card: {
        for (const ScoreInfo& si : ti.scores) {
          for (const CardFate& x : si.cards) {
            if (!x.named) continue;
            Elem& sc = turn_elem(t).kids[static_cast<std::size_t>(si.elem)];
            sc.omit = false;
            sc.kids.insert(sc.kids.begin(), make("reveal", {{"colour", cname(x.colour)},
                                                            {"card", card_name(x.rank)}}));
            cut_after(t);
            out_.what = "a reveal of " + cname(x.colour) + "'s " + card_name(x.rank) +
                        ", named when placed";
            return true;
          }
        }
        return false;
      }
      case Mutation::threat_off_the_board: {
        if (t < 2) return false;
        std::vector<int> sides;
        for (int sd = 0; sd < static_cast<int>(geo_.sides.size()); ++sd)
          if (!after(t).side_in_play(sd)) sides.push_back(sd);
        int r = rng_.pick(sides) * 3 + rng_.below(3);
        Elem& te = turn_elem(t);
        te.kids.insert(te.kids.begin(),
                       make("threat", {{"region", geo_.rname(r)}, {"value", "-3"}}));
        cut_after(t);
        out_.what = "a threat value for " + geo_.rname(r) + ", not in play";
        return true;
      }
      case Mutation::resolve_of_cancelled_card: {
        for (const ScoreInfo& si : ti.scores) {
          for (const CardFate& x : si.cards) {
            if (x.fate != kCancelled) continue;
            Elem r = make("resolve", {{"colour", cname(x.colour)}, {"card", card_name(x.rank)}});
            if (x.rank == kFlood) r.set("effect", "plus");
            if (x.rank == kBuilder) r.set("effect", "value");
            if (x.rank == kTraitor) continue;  // its choice would need a target
            Elem& sc = turn_elem(t).kids[static_cast<std::size_t>(si.elem)];
            sc.omit = false;
            unomit_awards(sc, si, false);
            sc.kids.insert(sc.kids.begin() + static_cast<long>(resolve_slot(sc, x.rank)), r);
            cut_after(t);
            out_.what = "a resolution of " + cname(x.colour) + "'s cancelled " + card_name(x.rank);
            return true;
          }
        }
        return false;
      }
      case Mutation::thirteenth_neutral: {
        if (!in_.cfg.neutral() || t < 2 || before.neutral_left > 0 || ti.neutral_placement >= 0 ||
            !complete_action(t) || ti.action == kTwoCards || ti.expand_elem >= 0)
          return false;
        auto s = neutral_space(t, true);
        if (!s) return false;
        turn_elem(t).kids.push_back(make("neutral", {{"space", geo_.sname(*s)}}));
        cut_after(t);
        out_.what = "a 13th neutral wall";
        return true;
      }
      case Mutation::card_off_the_board: {
        if (t < 2) return false;
        auto cards = unused_cards(before, c);
        auto open = before.unfinished();
        if (cards.size() < 2 || open.empty()) return false;
        std::vector<int> off;
        for (int sd = 0; sd < static_cast<int>(geo_.sides.size()); ++sd)
          if (!after(t).side_in_play(sd)) off.push_back(sd * 3 + rng_.below(3));
        rng_.shuffle(cards);
        int p = rng_.pick(off);
        replace_turn(t, {card(rng_.pick(open), cards[0]), card(p, cards[1])});
        cut_after(t);
        out_.what = "a card on " + geo_.pname(p) + ", not in play";
        return true;
      }
      case Mutation::first_turn_neutral: {
        if (t != 1 || !in_.cfg.neutral()) return false;
        std::vector<int> cands;
        for (int s : after(1).line)
          if (after(1).accepts(s, kNeutralWall, kNeutral)) cands.push_back(s);
        turn_elem(1).kids.push_back(make("neutral", {{"space", geo_.sname(rng_.pick(cands))}}));
        cut_after(1);
        out_.what = "a neutral wall on the first turn";
        return true;
      }
      case Mutation::turn_by_absent_colour: {
        if (t < 2 || in_.cfg.colours.size() == 4) return false;
        std::vector<int> absent;
        for (int col = 0; col < 4; ++col)
          if (!contains(in_.cfg.colours, col)) absent.push_back(col);
        int w = rng_.pick(absent);
        auto walls = distinct_walls(before, w, 2, rng_);
        if (!walls) return false;
        turn_elem(t).set("colour", cname(w));
        replace_turn(t, {wall((*walls)[0]), wall((*walls)[1])});
        cut_after(t);
        out_.what = "turn " + std::to_string(t) + " played by " + cname(w) + ", who is not playing";
        return true;
      }
      case Mutation::lone_card_when_complete: {
        if (t < 2 || !ti.complete_possible) return false;
        auto cards = unused_cards(before, c);
        auto open = before.unfinished();
        if (cards.empty() || open.empty()) return false;
        replace_turn(t, {card(rng_.pick(open), rng_.pick(cards))});
        cut_after(t);
        out_.what = "a lone card instead of " +
                    std::string(kActionName[static_cast<std::size_t>(ti.action)]);
        return true;
      }
      case Mutation::pass_with_double_or_tower_left: {
        // Only the double wall or the tower can still be placed: no partial action exists,
        // but a complete one does.
        if (t < 2 || !ti.complete_possible || ti.partial_possible) return false;
        replace_turn(t, {Elem("pass")});
        cut_after(t);
        out_.what = "a pass with only " +
                    std::string(kActionName[static_cast<std::size_t>(ti.action)]) + " possible";
        return true;
      }
      case Mutation::edge_mismatch_at_expansion: {
        if (ti.expand_elem < 0 || !in_.cfg.inline_boards) return false;
        const auto& sides = after(t).sides;
        auto it = std::find(sides.begin(), sides.end(), ti.expand_side);
        bool right =
            it != sides.begin() && *(it - 1) != ti.expand_side &&
            *turn_elem(t).kids[static_cast<std::size_t>(ti.expand_elem)].get("at") == "right";
        int neighbour = right ? *(it - 1) : *(it + 1);
        if (right) {
          set_edge(neighbour, "right-edge", "wave");
          set_edge(ti.expand_side, "left-edge", "notch");
        } else {
          set_edge(neighbour, "left-edge", "wave");
          set_edge(ti.expand_side, "right-edge", "notch");
        }
        cut_after(t);
        out_.what = "side " + geo_.side_id(ti.expand_side) + " joined to " +
                    geo_.side_id(neighbour) + " across different edges";
        return true;
      }
      case Mutation::resolves_out_of_order: {
        for (const ScoreInfo& si : ti.scores) {
          std::vector<int> resolves;
          for (const CardFate& f : si.cards)
            if (f.resolve_elem >= 0) resolves.push_back(f.resolve_elem);
          if (resolves.size() < 2) continue;
          std::sort(resolves.begin(), resolves.end());
          Elem& sc = turn_elem(t).kids[static_cast<std::size_t>(si.elem)];
          sc.omit = false;
          unomit_awards(sc, si, false);
          std::swap(sc.kids[static_cast<std::size_t>(resolves[0])],
                    sc.kids[static_cast<std::size_t>(resolves[1])]);
          cut_after(t);
          out_.what = "two resolutions in descending rank";
          return true;
        }
        return false;
      }
      case Mutation::peek_after_neutral: {
        if (ti.neutral_placement < 0 || ti.expand_elem >= 0) return false;
        const auto& np = ti.placements[static_cast<std::size_t>(ti.neutral_placement)];
        Elem& te = turn_elem(t);
        if (has_tag_after(te, static_cast<std::size_t>(np.elem), "score")) return false;
        // Not the region of the action's own pieces, which a peek may follow at a distance.
        for (const auto& pl : ti.placements)
          if (pl.kind != kPNeutral && pl.kind != kPCard)
            for (int s : pl.spaces)
              if (geo_.reg(s) == geo_.reg(np.spaces[0])) return false;
        te.kids.push_back(make("peek", {{"region", geo_.rname(geo_.reg(np.spaces[0]))}}));
        cut_after(t);
        out_.what = "a peek after the neutral wall";
        return true;
      }
      case Mutation::card_used_again: {
        if (t < 2) return false;
        auto used = known_cards(t, -1, c);
        if (used.empty() || unused_cards(before, c).empty()) return false;
        auto open = before.unfinished();
        std::vector<int> walls_ok;
        for (int s : before.line)
          if (before.accepts(s, kSingle, c) && before.prov(geo_.prov(s)).empty >= 2)
            walls_ok.push_back(s);
        if (open.size() < 2) return false;
        rng_.shuffle(open);
        std::vector<int> fresh = unused_cards(before, c);
        std::vector<Elem> kids{card(open[0], rng_.pick(used)), card(open[1], rng_.pick(fresh))};
        if (rng_.chance(0.5)) std::swap(kids[0], kids[1]);
        replace_turn(t, std::move(kids));
        cut_after(t);
        out_.what = "a card named again when placed";
        return true;
      }
      case Mutation::owner_double_on_claimed_space: {
        if (t < 2 || before.sup[static_cast<std::size_t>(c)].doubles == 0) return false;
        std::vector<std::pair<int, int>> cands;
        for (int s : before.line) {
          if (!before.empty_in_play(s)) continue;
          int owner;
          bool two;
          before.reservers(s, owner, two);
          if (two || owner != c) continue;
          for (int n : before.nbrs(s)) {
            if (n < 0 || !before.accepts(n, kDouble, c)) continue;
            int ps = geo_.prov(s), pn = geo_.prov(n);
            bool completes = ps == pn ? before.prov(ps).empty <= 2
                                      : before.prov(ps).empty <= 1 || before.prov(pn).empty <= 1;
            if (!completes) cands.push_back({s, n});
          }
        }
        if (cands.empty()) return false;
        auto [x, y] = rng_.pick(cands);
        replace_turn(t, {make("double", {{"spaces", geo_.sname(x) + " " + geo_.sname(y)}})});
        cut_after(t);
        out_.what = "the owner's double wall on its claimed " + geo_.sname(x);
        return true;
      }
      case Mutation::neutral_on_claimed_space:
      case Mutation::neutral_beside_two_cards: {
        if (!in_.cfg.neutral() || t < 2 || ti.expand_elem >= 0 || ti.neutral_placement >= 0)
          return false;
        // (After two cards only in its own kind: the claim case stays apart from CC-1102.)
        if (kind_ == Mutation::neutral_beside_two_cards
                ? ti.action != kTwoCards
                : !complete_action(t) || ti.action == kTwoCards)
          return false;
        const State& st = after(t);
        if (st.neutral_left < 1) return false;
        auto allowed = neutral_allowed(ti, st);
        std::vector<int> cands;
        for (int s : st.line) {
          if (!st.empty_in_play(s) || st.prov(geo_.prov(s)).empty < 2) continue;
          if (kind_ == Mutation::neutral_on_claimed_space) {
            if (st.reserved(s) && contains(allowed, geo_.prov(s))) cands.push_back(s);
          } else if (st.accepts(s, kNeutralWall, kNeutral) && !contains(allowed, geo_.prov(s))) {
            cands.push_back(s);
          }
        }
        if (cands.empty()) return false;
        int s = rng_.pick(cands);
        turn_elem(t).kids.push_back(make("neutral", {{"space", geo_.sname(s)}}));
        cut_after(t);
        out_.what =
            kind_ == Mutation::neutral_on_claimed_space
                ? "a neutral wall on claimed " + geo_.sname(s)
                : "a neutral wall on " + geo_.pname(geo_.prov(s)) + ", where neither card went";
        return true;
      }
      case Mutation::team_partial_while_partner_can:
      case Mutation::team_pass_while_partner_can: {
        if (!in_.cfg.teams() || t < 2 || !ti.complete_possible) return false;
        const auto& pair = in_.cfg.seats[static_cast<std::size_t>(ti.player)];
        int y = pair[0] == c ? pair[1] : pair[0];
        State st = before;
        Avail ya = compute_avail(st, y);
        if (ya.any_complete()) return false;
        std::vector<Elem> kids;
        if (kind_ == Mutation::team_pass_while_partner_can) {
          if (ya.can(kOneWall) || ya.can(kOneCard)) return false;
          kids.push_back(Elem("pass"));
          out_.what = cname(y) + " passes while " + cname(c) + " can act";
        } else {
          std::vector<int> walls;
          for (int s : ya.singles)
            if (st.prov(geo_.prov(s)).empty >= 2) walls.push_back(s);
          if (!walls.empty()) {
            kids.push_back(wall(rng_.pick(walls)));
          } else if (ya.can(kOneCard)) {
            kids.push_back(card(rng_.pick(ya.unfinished), rng_.pick(ya.cards)));
          } else {
            return false;
          }
          out_.what = cname(y) + " acts partially while " + cname(c) + " has a complete action";
        }
        turn_elem(t).set("colour", cname(y));
        replace_turn(t, std::move(kids));
        cut_after(t);
        return true;
      }
      case Mutation::expansion_board_in_play: {
        if (ti.expand_elem < 0) return false;
        Elem& ex = turn_elem(t).kids[static_cast<std::size_t>(ti.expand_elem)];
        // The other side of a board already in play.
        std::vector<int> cands;
        for (int sd : ti.before.sides)
          for (int o = 0; o < static_cast<int>(geo_.sides.size()); ++o)
            if (o != sd && geo_.board(o) == geo_.board(sd) && !ti.before.side_in_play(o))
              cands.push_back(o);
        if (cands.empty()) return false;
        int side = rng_.pick(cands);
        std::string old_id = geo_.side_id(ti.expand_side), new_id = geo_.side_id(side);
        auto rename = [&](Elem& e) {
          for (const char* attr : {"province", "region", "space", "spaces"})
            if (const std::string* v = e.get(attr);
                v && v->find(old_id + ".") != std::string::npos) {
              std::string text = *v;
              for (std::size_t at; (at = text.find(old_id + ".")) != std::string::npos;)
                text.replace(at, old_id.size(), new_id);
              e.set(attr, text);
            }
        };
        ex.set("side", new_id);
        for (Elem& k : ex.kids)
          rename(k);
        // Later elements of the turn naming the new side follow it.
        Elem& te = turn_elem(t);
        for (std::size_t i = static_cast<std::size_t>(ti.expand_elem) + 1; i < te.kids.size();
             ++i) {
          rename(te.kids[i]);
          for (Elem& k : te.kids[i].kids)
            rename(k);
        }
        cut_after(t);
        out_.what = "expansion with side " + new_id + ", whose board is in play";
        return true;
      }
      case Mutation::award_changed: {
        for (const ScoreInfo& si : ti.scores) {
          if (si.award_elems.empty()) continue;
          Elem& sc = turn_elem(t).kids[static_cast<std::size_t>(si.elem)];
          sc.omit = false;
          unomit_awards(sc, si, true);
          Elem& a = sc.kids[static_cast<std::size_t>(rng_.pick(si.award_elems))];
          int right = std::stoi(*a.get("points"));
          int wrong = right + (rng_.chance(0.5) ? rng_.range(1, 5) : -rng_.range(1, 5));
          a.set("points", std::to_string(wrong));
          out_.figures = std::array<int, 2>{wrong, right};
          out_.what =
              "award for " + *a.get("colour") + " in " + geo_.pname(si.province) + " changed";
          return true;
        }
        return false;
      }
      case Mutation::bonus_changed: {
        if (ti.bonus_elem < 0) return false;
        Elem& b = turn_elem(t).kids[static_cast<std::size_t>(ti.bonus_elem)];
        b.omit = false;
        int right = ti.bonus_points;
        int wrong = right == 4 ? 3 : right + 1;
        b.set("points", std::to_string(wrong));
        out_.figures = std::array<int, 2>{wrong, right};
        out_.what = "double-wall bonus claim changed";
        return true;
      }
      default:
        return false;
    }
  }

  // Adjacent (or, `adjacent` false, non-adjacent) empty spaces taking colour c's double wall
  // without completing a province.
  std::vector<std::pair<int, int>> double_spaces(const State& st, int c, bool adjacent) const {
    std::vector<std::pair<int, int>> out;
    for (int x : st.line) {
      if (!st.accepts(x, kDouble, c)) continue;
      for (int y : st.line) {
        if (y == x || !st.accepts(y, kDouble, c) || st.adjacent(x, y) != adjacent) continue;
        if (st.position(y) < st.position(x)) continue;
        int px = geo_.prov(x), py = geo_.prov(y);
        bool completes =
            px == py ? st.prov(px).empty <= 2 : st.prov(px).empty <= 1 || st.prov(py).empty <= 1;
        if (!completes) out.push_back({x, y});
      }
    }
    return out;
  }

  // Three reputation and three threat values the declared token mix still holds after the
  // tokens drawn so far (any values without a mix).
  std::optional<std::pair<std::array<int, 3>, std::array<int, 3>>> spare_tokens(const State& st) {
    std::pair<std::array<int, 3>, std::array<int, 3>> out{{2, 1, 3}, {-3, -2, -4}};
    if (!in_.cfg.has_mix) return out;
    std::vector<int> reps = in_.cfg.rep_mix, threats = in_.cfg.threat_mix;
    auto take = [](std::vector<int>& pool, int v) {
      auto it = std::find(pool.begin(), pool.end(), v);
      if (it != pool.end()) pool.erase(it);
    };
    for (int p : st.provinces_in_play())
      take(reps, st.prov(p).rep);
    for (auto [r, v] : in_.threat_values)
      take(threats, v);
    if (reps.size() < 3 || threats.size() < 3) return std::nullopt;
    for (int k = 0; k < 3; ++k) {
      out.first[static_cast<std::size_t>(k)] = reps[static_cast<std::size_t>(k)];
      out.second[static_cast<std::size_t>(k)] = threats[static_cast<std::size_t>(k)];
    }
    return out;
  }

  bool stated_before(int r, int t) {
    std::string name = geo_.rname(r);
    auto states = [&](const Elem& e) {
      return e.tag == "threat" && e.get("region") && *e.get("region") == name && e.get("value");
    };
    for (const Elem& e : setup()->kids)
      if (states(e)) return true;
    for (int u = 1; u <= t; ++u) {
      for (const Elem& e : turn_elem(u).kids) {
        if (states(e)) return true;
        if (e.tag == "expand")
          for (const Elem& k : e.kids)
            if (states(k)) return true;
      }
    }
    return false;
  }

  // Is card k of this scoring named by a <resolve> (its own, or a warrior's target)?
  static bool referenced(const ScoreInfo& si, int k) {
    if (si.cards[static_cast<std::size_t>(k)].resolve_elem >= 0) return true;
    for (const CardFate& f : si.cards)
      if (f.target == k && f.resolve_elem >= 0) return true;
    return false;
  }

  // Cards colour c has named before scoring `score_index` of turn t (placed named, or revealed).
  std::vector<int> known_cards(int t, int score_index, int c) const {
    std::vector<int> out;
    if (score_index < 0) --t;  // everything before turn t
    for (int u = 1; u <= t; ++u) {
      const TurnInfo& ti = info(u);
      for (const auto& pl : ti.placements) {
        if (u == t && score_index >= 0 &&
            pl.elem > ti.scores[static_cast<std::size_t>(score_index)].elem)
          break;
        if (pl.kind == kPCard && pl.named && ti.colour == c) out.push_back(pl.rank);
      }
      for (std::size_t i = 0; i < ti.scores.size(); ++i) {
        if (u == t && score_index >= 0 && static_cast<int>(i) >= score_index) break;
        for (const CardFate& f : ti.scores[i].cards)
          if (f.colour == c && f.reveal_elem >= 0) out.push_back(f.rank);
      }
    }
    return out;
  }

  // Provinces where a neutral wall may go after turn t's action (CC-1102), in state `st`.
  std::vector<int> neutral_allowed(const TurnInfo& ti, const State& st) const {
    std::vector<int> action_provs;
    for (const auto& pl : ti.placements) {
      if (pl.kind == kPNeutral) continue;
      if (pl.kind == kPCard)
        action_provs.push_back(pl.prov);
      else
        for (int s : pl.spaces)
          action_provs.push_back(geo_.prov(s));
    }
    auto all_but = [&](const std::vector<int>& not_these) {
      std::vector<int> out;
      for (int p : st.provinces_in_play())
        if (!contains(not_these, p)) out.push_back(p);
      return out;
    };
    switch (ti.action) {
      case kTwoWalls:
      case kTwoCards:
      case kOneWall:
        return action_provs;
      case kCardWall:
        return in_.cfg.rules.neutral_same ? std::vector<int>{action_provs[0]}
                                          : all_but({action_provs[0]});
      case kDoubleWall:
      case kTowerAction:
        return all_but(action_provs);
      case kOneCard:
        return in_.cfg.rules.neutral_same ? action_provs : all_but({});
    }
    return {};
  }

  // An empty space after turn t taking a neutral wall without completing a province; with
  // `allowed_only`, on a province CC-1102 allows after the turn's action.
  std::optional<int> neutral_space(int t, bool allowed_only) {
    const State& st = after(t);
    auto allowed = neutral_allowed(info(t), st);
    std::vector<int> cands;
    for (int s : st.line)
      if (st.accepts(s, kNeutralWall, kNeutral) && st.prov(geo_.prov(s)).empty >= 2 &&
          (!allowed_only || contains(allowed, geo_.prov(s))))
        cands.push_back(s);
    if (cands.empty()) return std::nullopt;
    return rng_.pick(cands);
  }

  // Where a new <resolve> for a card of `rank` goes among the score's children.
  static std::size_t resolve_slot(const Elem& sc, int rank) {
    for (std::size_t i = 0; i < sc.kids.size(); ++i) {
      const Elem& k = sc.kids[i];
      if (k.tag == "award") return i;
      if (k.tag == "resolve") {
        const std::string& name = *k.get("card");
        int r = static_cast<int>(std::find(kCardName.begin(), kCardName.end(), name) -
                                 kCardName.begin());
        if (r > rank) return i;
      }
    }
    return sc.kids.size();
  }

  bool card_choice(int t) {
    const TurnInfo& ti = info(t);
    int rank = kind_ == Mutation::warrior_absent_target    ? kWarrior
               : kind_ == Mutation::traitor_far_region     ? kTraitor
               : kind_ == Mutation::flood_minus_plus_only  ? kFlood
               : kind_ == Mutation::builder_choice_missing ? kBuilder
                                                           : kMandarin;
    for (const ScoreInfo& si : ti.scores) {
      for (std::size_t k = 0; k < si.cards.size(); ++k) {
        const CardFate& x = si.cards[k];
        if (x.rank != rank || x.fate != kResolved) continue;
        if (rank == kWarrior && x.target < 0) continue;
        if (rank == kBuilder && x.resolve_elem < 0) continue;
        if (rank == kFlood && !in_.cfg.rules.flood_plus_only && any_flood_minus_until(t))
          return false;
        Elem& sc = turn_elem(t).kids[static_cast<std::size_t>(si.elem)];
        sc.omit = false;
        unomit_awards(sc, si, false);
        Elem r = make("resolve", {{"colour", cname(x.colour)}, {"card", card_name(rank)}});
        int at = x.resolve_elem;
        if (at >= 0) r = sc.kids[static_cast<std::size_t>(at)];
        switch (rank) {
          case kWarrior: {
            // A card that is not on this province at all.
            std::vector<std::pair<int, int>> absent;
            for (int col : in_.cfg.colours)
              for (int rk = 2; rk <= 6; ++rk) {
                bool there = false;
                for (const CardFate& f : si.cards)
                  if (f.colour == col && f.rank == rk) there = true;
                if (!there) absent.push_back({col, rk});
              }
            auto [col, rk] = rng_.pick(absent);
            r.set("cancels", card_name(rk)).set("of", cname(col));
            out_.what = "the warrior cancels " + cname(col) + "'s " + card_name(rk) + ", not on " +
                        geo_.pname(si.province);
            break;
          }
          case kTraitor: {
            std::vector<int> far;
            for (int reg : si.before.regions_in_play())
              if (!geo_.prov_borders_reg(si.province, reg)) far.push_back(reg);
            int reg = rng_.pick(far);
            r.erase("space");
            r.set("effect", "remove-threat").set("region", geo_.rname(reg));
            out_.what = "the traitor removes the threat of " + geo_.rname(reg) + ", not next to " +
                        geo_.pname(si.province);
            break;
          }
          case kFlood: {
            if (!in_.cfg.rules.flood_plus_only) set_option("flood", "plus-only");
            r.set("effect", "minus");
            out_.what = "flood effect minus under flood=plus-only";
            break;
          }
          case kBuilder: {
            sc.kids.erase(sc.kids.begin() + at);
            cut_after(t);
            out_.what = "the builder's choice left out";
            return true;
          }
          case kMandarin: {
            auto spaces = geo_.spaces_of_prov(si.province);
            rng_.shuffle(spaces);
            r.set("space", geo_.sname(spaces[0])).set("with", geo_.sname(spaces[1]));
            out_.what = "the mandarin swaps within " + geo_.pname(si.province);
            break;
          }
        }
        if (at >= 0)
          sc.kids[static_cast<std::size_t>(at)] = r;
        else
          sc.kids.insert(sc.kids.begin() + static_cast<long>(resolve_slot(sc, rank)), r);
        cut_after(t);
        return true;
      }
    }
    return false;
  }

  bool any_flood_minus_until(int t) const {
    for (int u = 1; u <= t; ++u) {
      const Elem& te = const_cast<Mutator*>(this)->turn_elem(u);
      for (const Elem& e : te.kids)
        if (e.tag == "score")
          for (const Elem& k : e.kids)
            if (k.tag == "resolve" && *k.get("card") == "flood" && k.get("effect") &&
                *k.get("effect") == "minus")
              return true;
    }
    return false;
  }

  bool expansion_wrong_moment(int t) {
    const TurnInfo& ti = info(t);
    if (ti.expand_elem < 0 || ti.pending_trigger < 0) return false;
    Elem& te = turn_elem(t);
    Elem ex = te.kids[static_cast<std::size_t>(ti.expand_elem)];
    if (!in_.cfg.rules.immediate) {
      // Made right after the triggering scorings instead of at the end of the turn.
      int last_score = -1;
      for (const ScoreInfo& si : ti.scores)
        if (si.placement == ti.pending_trigger) last_score = std::max(last_score, si.elem);
      bool later = false;
      for (std::size_t i = static_cast<std::size_t>(last_score) + 1; i < te.kids.size(); ++i)
        if (is_placement(te.kids[i])) later = true;
      if (!later) return false;
      // Joining earlier must not change what the later placements may do (a claimed tower
      // at the joined end would get a new neighbour).
      const State& st = after(t);
      for (const TowerT& tw : st.towers)
        if (tw.claim) {
          auto nb = st.nbrs(tw.space);
          if (geo_.side_of[static_cast<std::size_t>(nb[0] < 0 ? tw.space : nb[0])] ==
                  ti.expand_side ||
              geo_.side_of[static_cast<std::size_t>(nb[1] < 0 ? tw.space : nb[1])] ==
                  ti.expand_side)
            return false;
        }
      te.kids.erase(te.kids.begin() + ti.expand_elem);
      te.kids.insert(te.kids.begin() + last_score + 1, ex);
      out_.what = "the end-of-turn expansion made right after the scoring";
    } else {
      // Made at the end of the turn instead of right after the scorings.
      bool later = false;
      for (std::size_t i = static_cast<std::size_t>(ti.expand_elem) + 1; i < te.kids.size(); ++i)
        if (is_placement(te.kids[i]) && !te.kids[i].omit) later = true;
      if (!later) return false;
      for (const auto& pl : ti.placements) {
        if (pl.elem < ti.expand_elem) continue;
        for (int s : pl.spaces)
          if (geo_.side_of[static_cast<std::size_t>(s)] == ti.expand_side) return false;
        if (pl.prov >= 0 && pl.prov / 3 == ti.expand_side) return false;
      }
      // Later placements must not depend on the new side's neighbour for a claim either.
      const State& st = ti.before;
      for (const TowerT& tw : st.towers)
        if (tw.claim && (tw.space == st.line.front() || tw.space == st.line.back())) return false;
      // Statements of the new side's threat values move along with it.
      std::vector<Elem> kept, moved{ex};
      for (std::size_t i = 0; i < te.kids.size(); ++i) {
        const Elem& k = te.kids[i];
        if (static_cast<int>(i) == ti.expand_elem) continue;
        bool new_side = k.tag == "threat" && static_cast<int>(i) > ti.expand_elem &&
                        k.get("region")->rfind(geo_.side_id(ti.expand_side) + ".", 0) == 0;
        (new_side ? moved : kept).push_back(k);
      }
      for (auto& k : moved)
        kept.push_back(std::move(k));
      te.kids = std::move(kept);
      out_.what = "the immediate expansion made at the end of the turn";
    }
    cut_after(t);
    return true;
  }

  // ---- whole-record mutations ------------------------------------------------------------

  bool extra_variant_or_player() {
    Elem& players = *root_.child("players");
    if (in_.cfg.players >= 3) {
      rules_section().kids.push_back(
          make("variant", {{"name", rng_.chance(0.5) ? "teams" : "neutral-walls"}}));
      out_.what = "a two-player variant with " + std::to_string(in_.cfg.players) + " players";
    } else {
      players.kids.pop_back();
      out_.what = "one player";
    }
    cut_after(0);
    return true;
  }

  bool same_board_twice() {
    Elem* su = setup();
    std::vector<Elem*> sides;
    for (Elem& e : su->kids)
      if (e.tag == "side") sides.push_back(&e);
    int first = geo_.find_side(*sides[0]->get("id"));
    std::string old_id = *sides[1]->get("id");
    int sibling = -1;
    for (int s = 0; s < static_cast<int>(geo_.sides.size()); ++s)
      if (s != first && geo_.board(s) == geo_.board(first)) sibling = s;
    std::string new_id = geo_.side_id(sibling);
    sides[1]->set("id", new_id);
    for (Elem& e : su->kids)
      for (const char* attr : {"province", "region"})
        if (const std::string* v = e.get(attr); v && v->rfind(old_id + ".", 0) == 0)
          e.set(attr, new_id + v->substr(old_id.size()));
    cut_after(0);
    out_.what = "sides " + geo_.side_id(first) + " and " + new_id + " of one board";
    return true;
  }

  bool reputation_missing() {
    Elem* su = setup();
    std::vector<std::size_t> reps;
    for (std::size_t i = 0; i < su->kids.size(); ++i)
      if (su->kids[i].tag == "reputation") reps.push_back(i);
    std::size_t i = rng_.pick(reps);
    out_.what = "no reputation token on " + *su->kids[i].get("province");
    su->kids.erase(su->kids.begin() + static_cast<long>(i));
    cut_after(0);
    return true;
  }

  bool token_out_of_range() {
    Elem* su = setup();
    std::vector<Elem*> tokens;
    for (Elem& e : su->kids)
      if (e.tag == "reputation" || e.tag == "threat") tokens.push_back(&e);
    Elem* e = rng_.pick(tokens);
    int bad = e->tag == "reputation"
                  ? std::vector<int>{5, 6, -1}[static_cast<std::size_t>(rng_.below(3))]
                  : std::vector<int>{-5, -1, 0}[static_cast<std::size_t>(rng_.below(3))];
    e->set("value", std::to_string(bad));
    cut_after(0);
    out_.what = e->tag + " token " + std::to_string(bad);
    return true;
  }

  // The <side> elements of an inline board set.
  std::vector<Elem*> inline_sides() {
    std::vector<Elem*> out;
    Elem* boards = root_.child("boards");
    if (!boards) return out;
    Elem* holder = boards->child("board-set") ? boards->child("board-set") : boards;
    for (Elem& e : holder->kids)
      if (e.tag == "side") out.push_back(&e);
    return out;
  }
  void set_edge(int side, const std::string& attr, const std::string& shape) {
    for (Elem* e : inline_sides())
      if (*e->get("id") == geo_.side_id(side)) e->set(attr, shape);
  }

  bool edge_mismatch_at_setup() {
    if (!in_.cfg.inline_boards) return false;
    std::vector<int> sides;
    for (const Elem& e : setup()->kids)
      if (e.tag == "side") sides.push_back(geo_.find_side(*e.get("id")));
    set_edge(sides[0], "right-edge", "wave");
    set_edge(sides[1], "left-edge", "notch");
    cut_after(0);
    out_.turn = 0;
    out_.what = "starting sides " + geo_.side_id(sides[0]) + " and " + geo_.side_id(sides[1]) +
                " with different edges";
    return true;
  }

  bool token_mix_exceeded() {
    if (!in_.cfg.has_mix) return false;
    Elem* boards = root_.child("boards");
    Elem* holder = boards->child("board-set") ? boards->child("board-set") : boards;
    Elem* mix = holder->child("token-mix");
    const Elem* rep = nullptr;
    for (const Elem& e : setup()->kids)
      if (e.tag == "reputation") rep = &e;
    std::string value = *rep->get("value");
    std::string list, text = *mix->get("reputation");
    for (std::size_t at = 0; at < text.size();) {
      std::size_t end = text.find(' ', at);
      if (end == std::string::npos) end = text.size();
      std::string word = text.substr(at, end - at);
      if (word != value) list += (list.empty() ? "" : " ") + word;
      at = end + 1;
    }
    mix->set("reputation", list);
    cut_after(0);
    out_.turn = 0;
    out_.what = "the token mix holds no reputation token " + value;
    return true;
  }

  bool one_starting_side() {
    Elem* su = setup();
    std::string dropped;
    for (const Elem& e : su->kids)
      if (e.tag == "side") dropped = *e.get("id");
    std::vector<Elem> kept;
    for (Elem& e : su->kids) {
      bool of_dropped = (e.tag == "side" && *e.get("id") == dropped) ||
                        (e.get("province") && e.get("province")->rfind(dropped + ".", 0) == 0) ||
                        (e.get("region") && e.get("region")->rfind(dropped + ".", 0) == 0);
      if (!of_dropped) kept.push_back(std::move(e));
    }
    su->kids = std::move(kept);
    cut_after(0);
    out_.turn = 0;
    out_.what = "only one starting side";
    return true;
  }

  bool threat_token_missing() {
    Elem* su = setup();
    std::vector<std::size_t> threats;
    for (std::size_t i = 0; i < su->kids.size(); ++i)
      if (su->kids[i].tag == "threat") threats.push_back(i);
    std::size_t i = rng_.pick(threats);
    out_.what = "no threat token on " + *su->kids[i].get("region");
    su->kids.erase(su->kids.begin() + static_cast<long>(i));
    cut_after(0);
    return true;
  }

  bool end_threat_off_the_board() {
    if (!in_.finished) return false;
    std::vector<int> sides;
    for (int sd = 0; sd < static_cast<int>(geo_.sides.size()); ++sd)
      if (!in_.after.side_in_play(sd)) sides.push_back(sd);
    if (sides.empty()) return false;
    int r = rng_.pick(sides) * 3 + rng_.below(3);
    Elem* end = root_.child("end");
    if (!end) {
      root_.kids.push_back(Elem("end"));
      end = &root_.kids.back();
    }
    end->omit = false;
    end->kids.insert(end->kids.begin(),
                     make("threat", {{"region", geo_.rname(r)}, {"value", "-2"}}));
    out_.turn = 0;
    out_.what = "a threat value in <end> for " + geo_.rname(r) + ", not in play";
    return true;
  }

  bool threat_never_stated() {
    if (!in_.finished) return false;
    std::vector<int> cands;
    for (int r : in_.after.regions_in_play())
      if (!in_.after.reg(r).removed) cands.push_back(r);
    if (cands.empty()) return false;
    int r = rng_.pick(cands);
    std::string name = geo_.rname(r);
    auto scrub = [&](std::vector<Elem>& kids, bool drop) {
      for (std::size_t i = kids.size(); i-- > 0;) {
        Elem& e = kids[i];
        if (e.tag != "threat" || !e.get("region") || *e.get("region") != name) continue;
        if (drop)
          kids.erase(kids.begin() + static_cast<long>(i));
        else
          e.erase("value");
      }
    };
    scrub(setup()->kids, false);
    for (Elem& te : play().kids) {
      scrub(te.kids, true);
      for (Elem& e : te.kids)
        if (e.tag == "expand") scrub(e.kids, false);
    }
    if (Elem* end = root_.child("end")) scrub(end->kids, true);
    out_.turn = 0;
    out_.what = "the value of " + name + " never stated";
    return true;
  }

  bool turn_after_end() {
    if (!in_.finished) return false;
    int n = turns();
    int player = n % static_cast<int>(in_.cfg.seats.size());
    Elem te = make("turn", {{"colour", cname(in_.cfg.seats[static_cast<std::size_t>(player)][0])}});
    te.kids.push_back(Elem("pass"));
    play().kids.push_back(std::move(te));
    out_.turn = n + 1;
    out_.what = "a turn after the end";
    return true;
  }

  bool claim_missing_end(const std::string& tag) {
    Elem* end = root_.child("end");
    if (!end) return false;
    std::vector<std::size_t> idx;
    for (std::size_t i = 0; i < end->kids.size(); ++i)
      if (end->kids[i].tag == tag) idx.push_back(i);
    if (idx.size() < 2) return false;
    end->omit = false;
    for (std::size_t i : idx)
      end->kids[i].omit = false;
    std::size_t drop = rng_.pick(idx);
    out_.what = "the <" + tag + "> for " + *end->kids[drop].get("colour") + " left out";
    end->kids.erase(end->kids.begin() + static_cast<long>(drop));
    out_.turn = 0;
    return true;
  }

  bool claim_changed_end(const std::string& tag) {
    Elem* end = root_.child("end");
    if (!end) return false;
    std::vector<std::size_t> idx;
    for (std::size_t i = 0; i < end->kids.size(); ++i)
      if (end->kids[i].tag == tag) idx.push_back(i);
    if (idx.empty()) return false;
    end->omit = false;
    for (std::size_t i : idx)
      end->kids[i].omit = false;
    Elem& e = end->kids[rng_.pick(idx)];
    int right = std::stoi(*e.get("points"));
    int wrong = right + (rng_.chance(0.5) ? rng_.range(1, 6) : -rng_.range(1, 6));
    e.set("points", std::to_string(wrong));
    out_.figures = std::array<int, 2>{wrong, right};
    out_.turn = 0;
    out_.what = "<" + tag + "> for " + *e.get("colour") + " changed";
    return true;
  }

  const GameInternals& in_;
  Mutation kind_;
  Rng rng_;
  const Geometry& geo_;
  Elem root_;
  MutatedRecord out_;
};

struct MutationSpec {
  Mutation kind;
  const char* name;
  const char* rule;
};

const std::vector<MutationSpec>& mutation_specs() {
  static const std::vector<MutationSpec> specs{
      {Mutation::extra_variant_or_player, "extra_variant_or_player", "CC-301"},
      {Mutation::same_board_twice, "same_board_twice", "CC-302"},
      {Mutation::reputation_missing, "reputation_missing", "CC-303"},
      {Mutation::token_out_of_range, "token_out_of_range", "CC-103"},
      {Mutation::threat_restated_differently, "threat_restated_differently", "CC-303"},
      {Mutation::threat_out_of_range_in_play, "threat_out_of_range_in_play", "CC-103"},
      {Mutation::wrong_first_colour, "wrong_first_colour", "CC-304"},
      {Mutation::wrong_turn_order, "wrong_turn_order", "CC-401"},
      {Mutation::empty_turn, "empty_turn", "CC-402"},
      {Mutation::pass_and_wall, "pass_and_wall", "CC-402"},
      {Mutation::three_walls, "three_walls", "CC-402"},
      {Mutation::first_turn_two_walls, "first_turn_two_walls", "CC-403"},
      {Mutation::first_turn_tower, "first_turn_tower", "CC-403"},
      {Mutation::pass_when_action_possible, "pass_when_action_possible", "CC-404"},
      {Mutation::partial_when_complete_possible, "partial_when_complete_possible", "CC-404"},
      {Mutation::second_tower, "second_tower", "CC-405"},
      {Mutation::second_double, "second_double", "CC-405"},
      {Mutation::fifteenth_single_wall, "fifteenth_single_wall", "CC-405"},
      {Mutation::wall_on_occupied_space, "wall_on_occupied_space", "CC-406"},
      {Mutation::wall_off_the_board, "wall_off_the_board", "CC-406"},
      {Mutation::wall_on_claimed_space, "wall_on_claimed_space", "CC-407"},
      {Mutation::peek_elsewhere, "peek_elsewhere", "CC-408"},
      {Mutation::card_on_scored_province, "card_on_scored_province", "CC-409"},
      {Mutation::tower_next_to_tower, "tower_next_to_tower", "CC-410"},
      {Mutation::two_walls_one_province, "two_walls_one_province", "CC-411"},
      {Mutation::two_cards_one_province, "two_cards_one_province", "CC-411"},
      {Mutation::card_and_wall_apart, "card_and_wall_apart", "CC-412"},
      {Mutation::wall_then_card, "wall_then_card", "CC-412"},
      {Mutation::double_not_adjacent, "double_not_adjacent", "CC-413"},
      {Mutation::score_unfinished_province, "score_unfinished_province", "CC-501"},
      {Mutation::scores_out_of_order, "scores_out_of_order", "CC-502"},
      {Mutation::reveal_after_resolve, "reveal_after_resolve", "CC-503"},
      {Mutation::score_twice, "score_twice", "CC-504"},
      {Mutation::warrior_absent_target, "warrior_absent_target", "CC-510"},
      {Mutation::traitor_far_region, "traitor_far_region", "CC-511"},
      {Mutation::flood_minus_plus_only, "flood_minus_plus_only", "CC-512"},
      {Mutation::builder_choice_missing, "builder_choice_missing", "CC-513"},
      {Mutation::mandarin_bad_swap, "mandarin_bad_swap", "CC-515"},
      {Mutation::expansion_missing, "expansion_missing", "CC-601"},
      {Mutation::expansion_not_due, "expansion_not_due", "CC-601"},
      {Mutation::expansion_token_missing, "expansion_token_missing", "CC-601"},
      {Mutation::expansion_wrong_moment, "expansion_wrong_moment", "CC-603"},
      {Mutation::turn_after_end, "turn_after_end", "CC-703"},
      {Mutation::neutral_without_variant, "neutral_without_variant", "CC-1101"},
      {Mutation::second_neutral, "second_neutral", "CC-1101"},
      {Mutation::piece_after_neutral, "piece_after_neutral", "CC-1101"},
      {Mutation::neutral_wrong_province, "neutral_wrong_province", "CC-1102"},
      {Mutation::wall_after_neutral_on_its_province, "wall_after_neutral_on_its_province",
       "CC-1101"},
      {Mutation::unnamed_card_scored, "unnamed_card_scored", "CC-1201"},
      {Mutation::reveal_of_named_card, "reveal_of_named_card", "CC-1201"},
      {Mutation::reveal_of_used_card, "reveal_of_used_card", "CC-1201"},
      {Mutation::threat_off_the_board, "threat_off_the_board", "CC-1202"},
      {Mutation::threat_never_stated, "threat_never_stated", "CC-1202"},
      {Mutation::edge_mismatch_at_setup, "edge_mismatch_at_setup", "CC-204"},
      {Mutation::edge_mismatch_at_expansion, "edge_mismatch_at_expansion", "CC-204"},
      {Mutation::token_mix_exceeded, "token_mix_exceeded", "CC-103"},
      {Mutation::resolves_out_of_order, "resolves_out_of_order", "CC-503"},
      {Mutation::peek_after_neutral, "peek_after_neutral", "CC-408"},
      {Mutation::lone_card_when_complete, "lone_card_when_complete", "CC-404"},
      {Mutation::pass_with_double_or_tower_left, "pass_with_double_or_tower_left", "CC-404"},
      {Mutation::resolve_of_cancelled_card, "resolve_of_cancelled_card", "CC-503"},
      {Mutation::thirteenth_neutral, "thirteenth_neutral", "CC-1101"},
      {Mutation::card_off_the_board, "card_off_the_board", "CC-409"},
      {Mutation::first_turn_neutral, "first_turn_neutral", "CC-403"},
      {Mutation::one_starting_side, "one_starting_side", "CC-302"},
      {Mutation::turn_by_absent_colour, "turn_by_absent_colour", "CC-401"},
      {Mutation::threat_token_missing, "threat_token_missing", "CC-303"},
      {Mutation::card_used_again, "card_used_again", "CC-405"},
      {Mutation::owner_double_on_claimed_space, "owner_double_on_claimed_space", "CC-407"},
      {Mutation::neutral_on_claimed_space, "neutral_on_claimed_space", "CC-407"},
      {Mutation::neutral_beside_two_cards, "neutral_beside_two_cards", "CC-1102"},
      {Mutation::team_partial_while_partner_can, "team_partial_while_partner_can", "CC-404"},
      {Mutation::team_pass_while_partner_can, "team_pass_while_partner_can", "CC-404"},
      {Mutation::expansion_board_in_play, "expansion_board_in_play", "CC-601"},
      {Mutation::end_threat_off_the_board, "end_threat_off_the_board", "CC-1202"},
      {Mutation::award_changed, "award_changed", "CC-804"},
      {Mutation::final_changed, "final_changed", "CC-804"},
      {Mutation::bonus_changed, "bonus_changed", "CC-804"},
      {Mutation::loss_changed, "loss_changed", "CC-804"},
      {Mutation::event_changed, "event_changed", "CC-804"},
      {Mutation::final_missing, "final_missing", "CC-804"},
      {Mutation::loss_missing, "loss_missing", "CC-804"},
  };
  return specs;
}

const MutationSpec& spec(Mutation m) {
  for (const auto& s : mutation_specs())
    if (s.kind == m) return s;
  throw std::invalid_argument("unknown mutation");
}

}  // namespace ccgen

const std::vector<Mutation>& all_mutations() {
  static const std::vector<Mutation> all = [] {
    std::vector<Mutation> out;
    for (const auto& s : ccgen::mutation_specs())
      out.push_back(s.kind);
    return out;
  }();
  return all;
}

std::string_view mutation_name(Mutation m) {
  return ccgen::spec(m).name;
}
std::string_view expected_rule(Mutation m) {
  return ccgen::spec(m).rule;
}
bool is_dispute(Mutation m) {
  return expected_rule(m) == "CC-804";
}

std::optional<MutatedRecord> mutate(const GeneratedGame& game, Mutation kind, std::uint64_t salt) {
  if (!game.internals) return std::nullopt;
  ccgen::Mutator m(*game.internals, kind, salt);
  return m.run();
}

GeneratedGame generate_game(std::uint64_t seed, const GeneratorOptions& options) {
  ccgen::Generator g(seed, options);
  return g.run();
}

}  // namespace wallaudit::test
