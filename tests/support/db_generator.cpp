// An independent implementation of rules/dschingis-bohn.md that plays random legal games and
// writes them as records (see db_generator.hpp). Nothing here includes lib/dschingis_bohn.
#include "support/db_generator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <random>

namespace wallaudit::test {

namespace {

// ---- dice: std::mt19937_64 with our own uniform helpers, the same on every platform --------

class Dice {
 public:
  explicit Dice(std::uint64_t seed) : engine_(seed) {}
  std::uint64_t below(std::uint64_t n) {
    if (n <= 1) return 0;
    std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x;
    do {
      x = engine_();
    } while (x >= limit);
    return x % n;
  }
  int range(int lo, int hi) {
    return lo + static_cast<int>(below(static_cast<std::uint64_t>(hi - lo + 1)));
  }
  double unit() { return static_cast<double>(engine_() >> 11) * (1.0 / 9007199254740992.0); }
  bool chance(double p) { return unit() < p; }
  template <typename T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i)
      std::swap(v[i - 1], v[static_cast<std::size_t>(below(i))]);
  }
  template <typename T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(below(v.size()))];
  }

 private:
  std::mt19937_64 engine_;
};

// ---- beans (rules DB-101/102) -----------------------------------------------------------------

constexpr std::array<const char*, 11> kBean{"blue",   "chili",      "stink", "green",
                                            "soy",    "black-eyed", "red",   "garden",
                                            "coffee", "wax",        "cocoa"};
constexpr std::array<int, 11> kCount{20, 18, 16, 14, 12, 10, 8, 6, 24, 22, 4};
constexpr std::array<std::array<int, 4>, 11> kMeter{{{4, 6, 8, 10},
                                                     {3, 6, 8, 9},
                                                     {3, 5, 7, 8},
                                                     {3, 5, 6, 7},
                                                     {2, 4, 6, 7},
                                                     {2, 4, 5, 6},
                                                     {2, 3, 4, 5},
                                                     {0, 2, 3, 0},
                                                     {4, 7, 10, 12},
                                                     {4, 7, 9, 11},
                                                     {0, 2, 3, 4}}};

int coins_for(int kind, int cards) {
  int best = 0;
  for (int k = 0; k < 4; ++k) {
    int need = kMeter[static_cast<std::size_t>(kind)][static_cast<std::size_t>(k)];
    if (need > 0 && need <= cards) best = k + 1;
  }
  return best;
}
int power(int kind) {
  return kCount[static_cast<std::size_t>(kind)];
}
// A flipped diamond card becomes a thaler at strength 6..12, or 4 (DB-906).
bool flip_keeps(int kind) {
  int s = power(kind);
  return (s >= 6 && s <= 12) || s == 4;
}

// ---- territory cards (DB-106) -------------------------------------------------------------------

enum Tc : int {
  kCamp,
  kVillage,
  kCity,
  kRice,
  kForest,
  kSteppe1,
  kSteppe2,
  kSteppe3,
  kRiver,
  kDiamond
};
constexpr std::array<const char*, 10> kCard{"camp",   "village",      "city",     "rice-field",
                                            "forest", "steppe-1",     "steppe-2", "steppe-3",
                                            "river",  "diamond-field"};
constexpr std::array<int, 10> kBox{5, 3, 3, 3, 3, 1, 1, 1, 2, 2};

// The non-camp cards for n players (DB-302).
std::vector<int> card_set(int n) {
  std::array<int, 10> c{};
  c[kSteppe1] = c[kSteppe2] = c[kSteppe3] = 1;
  c[kDiamond] = 2;
  if (n == 3) {
    c[kVillage] = 3, c[kCity] = 2, c[kRice] = 3, c[kForest] = 3, c[kRiver] = 0;
  } else {
    c[kVillage] = 2, c[kCity] = 2, c[kRice] = 2, c[kForest] = 2, c[kRiver] = n == 4 ? 2 : 1;
  }
  std::vector<int> out;
  for (int k = 0; k < 10; ++k)
    for (int i = 0; i < c[static_cast<std::size_t>(k)]; ++i)
      out.push_back(k);
  return out;
}

// ---- maps ---------------------------------------------------------------------------------------

struct GenMap {
  std::string name;
  std::vector<std::string> id;
  std::vector<int> x, y;
  std::vector<std::vector<int>> adj;
  std::map<int, std::vector<int>> camps;
  std::vector<int> fixed;  // -1: none
};

// modelled-19, transcribed from formats/dschingis-bohn-record.md.
GenMap modelled_19() {
  GenMap m;
  m.name = "modelled-19";
  const std::vector<std::vector<int>> adj{{2, 4, 5},
                                          {1, 3, 5, 6},
                                          {2, 6, 7},
                                          {1, 5, 8, 9},
                                          {1, 2, 4, 6, 9, 10},
                                          {2, 3, 5, 7, 10, 11},
                                          {3, 6, 11, 12},
                                          {4, 9, 13},
                                          {4, 5, 8, 10, 13, 14},
                                          {5, 6, 9, 11, 14, 15},
                                          {6, 7, 10, 12, 15, 16},
                                          {7, 11, 16},
                                          {8, 9, 14, 17},
                                          {9, 10, 13, 15, 17, 18},
                                          {10, 11, 14, 16, 18, 19},
                                          {11, 12, 15, 19},
                                          {13, 14, 18},
                                          {14, 15, 17, 19},
                                          {15, 16, 18}};
  const std::vector<std::pair<int, int>> xy{{2, 0}, {4, 0}, {6, 0}, {1, 1}, {3, 1}, {5, 1}, {7, 1},
                                            {0, 2}, {2, 2}, {4, 2}, {6, 2}, {8, 2}, {1, 3}, {3, 3},
                                            {5, 3}, {7, 3}, {2, 4}, {4, 4}, {6, 4}};
  for (int i = 0; i < 19; ++i) {
    m.id.push_back(fmt::format("{:02}", i + 1));
    m.x.push_back(xy[static_cast<std::size_t>(i)].first);
    m.y.push_back(xy[static_cast<std::size_t>(i)].second);
    std::vector<int> a;
    for (int b : adj[static_cast<std::size_t>(i)])
      a.push_back(b - 1);
    m.adj.push_back(a);
  }
  m.camps[3] = {0, 11, 16};
  m.camps[4] = {1, 7, 11, 17};
  m.camps[5] = {0, 2, 7, 11, 17};
  m.fixed.assign(19, -1);
  return m;
}

// The generator's own map: 19 spaces in rows of 4-5-5-5, a city fixed in the middle.
GenMap valley(std::string_view name) {
  GenMap m;
  m.name = std::string(name);
  const std::vector<std::pair<int, int>> rows{{1, 4}, {0, 5}, {1, 5}, {0, 5}};  // first x, count
  for (int r = 0; r < 4; ++r) {
    auto [x0, count] = rows[static_cast<std::size_t>(r)];
    for (int k = 0; k < count; ++k) {
      m.id.push_back(fmt::format("V{:02}", m.id.size() + 1));
      m.x.push_back(x0 + 2 * k);
      m.y.push_back(r);
    }
  }
  int n = static_cast<int>(m.id.size());
  m.adj.assign(static_cast<std::size_t>(n), {});
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      int dx = std::abs(m.x[static_cast<std::size_t>(a)] - m.x[static_cast<std::size_t>(b)]);
      int dy = std::abs(m.y[static_cast<std::size_t>(a)] - m.y[static_cast<std::size_t>(b)]);
      if (a != b && ((dy == 0 && dx == 2) || (dy == 1 && dx == 1)))
        m.adj[static_cast<std::size_t>(a)].push_back(b);
    }
  m.camps[3] = {0, 13, 14};
  m.camps[4] = {0, 8, 14, 18};
  m.camps[5] = {1, 4, 8, 15, 18};
  m.fixed.assign(static_cast<std::size_t>(n), -1);
  m.fixed[11] = kCity;
  return m;
}

std::string map_xml(const GenMap& m, const std::string& indent) {
  std::string out = fmt::format("{}<map name=\"{}\">\n", indent, m.name);
  for (std::size_t i = 0; i < m.id.size(); ++i) {
    std::string adj;
    for (int b : m.adj[i])
      adj += fmt::format("{}{}", adj.empty() ? "" : " ", m.id[static_cast<std::size_t>(b)]);
    out += fmt::format("{}  <space id=\"{}\" x=\"{}\" y=\"{}\" adj=\"{}\"/>\n", indent, m.id[i],
                       m.x[i], m.y[i], adj);
  }
  for (const auto& [n, sites] : m.camps) {
    std::string s;
    for (int c : sites)
      s += fmt::format("{}{}", s.empty() ? "" : " ", m.id[static_cast<std::size_t>(c)]);
    out += fmt::format("{}  <camp-sites players=\"{}\" spaces=\"{}\"/>\n", indent, n, s);
  }
  for (std::size_t i = 0; i < m.fixed.size(); ++i)
    if (m.fixed[i] >= 0)
      out += fmt::format("{}  <fixed space=\"{}\" card=\"{}\"/>\n", indent, m.id[i],
                         kCard[static_cast<std::size_t>(m.fixed[i])]);
  out += fmt::format("{}</map>\n", indent);
  return out;
}

const std::array<const char*, 8> kColours{"red",   "yellow", "green",  "blue",
                                          "black", "white",  "orange", "purple"};

// ---- the game ----------------------------------------------------------------------------------

enum class Phase { start, step1, step2, step3, battles, step4 };

struct Player {
  std::string colour;
  std::vector<int> hand;
  std::vector<bool> hand_known;  // the checker knows the slot's kind
  std::array<std::vector<int>, 3> fields;
  bool field3 = false;
  std::vector<int> treasury;  // the back is the top
  std::vector<int> to_plant;
  bool has_cart = false;
  std::vector<int> cart;
  std::vector<bool> cart_known;
  int razing = 0;
};

class Generator {
 public:
  Generator(std::uint64_t seed, const DbGeneratorOptions& o) : dice_(seed), o_(o) {
    out_.seed = seed;
  }

  DbGeneratedGame run() {
    setup();
    int guard = 0;
    while (!over_ && guard++ < 3000) {
      play_turn(next_seat_);
      next_seat_ = (next_seat_ + 1) % n_;
    }
    finish();
    return std::move(out_);
  }

 private:
  // ---- configuration -------------------------------------------------------------------------

  std::string rule(const std::string& name, std::vector<std::string> values) {
    auto it = o_.rules.find(name);
    std::string v = it != o_.rules.end()
                        ? it->second
                        : values[static_cast<std::size_t>(dice_.below(values.size()))];
    rules_[name] = v;
    return v;
  }

  void setup() {
    n_ = o_.players.value_or(dice_.range(3, 5));
    razing_ = rule("razing", {"off", "on"}) == "on";
    diamond_once_ = rule("diamond", {"per-field", "per-field", "once"}) == "once";
    eleven_ = rule("beans", {"eight", "eight", "eleven"}) == "eleven";
    any_box_ =
        rule("card-set", {"by-player-count", "by-player-count", "any-from-box"}) == "any-from-box";
    field_buyable_ = rule("third-field", {"none", "buyable"}) == "buyable";
    kinds_ = eleven_ ? 11 : 8;
    DbMapChoice choice =
        o_.map.value_or(dice_.chance(0.15) ? DbMapChoice::inline_map : DbMapChoice::builtin);
    map_ = choice == DbMapChoice::builtin ? modelled_19() : valley("gen-valley");
    named_rate_ = o_.named_rate.value_or(dice_.unit());
    order_rate_ = o_.order_rate.value_or(dice_.unit());
    pos_rate_ = o_.pos_rate.value_or(dice_.unit() * 0.8);
    claims_ = o_.claims.value_or(dice_.chance(0.7));
    aggression_ = o_.aggression.value_or(0.3 + 0.7 * dice_.unit());
    bool deck_given = o_.deck_given.value_or(dice_.chance(0.3));
    bool hands_given = o_.hands_given.value_or(dice_.chance(0.4));
    out_.deck_given = deck_given;
    out_.hands_given = hands_given;

    // Colours and seats.
    std::vector<std::string> colours(kColours.begin(), kColours.end());
    dice_.shuffle(colours);
    players_.resize(static_cast<std::size_t>(n_));
    for (int s = 0; s < n_; ++s) {
      players_[static_cast<std::size_t>(s)].colour = colours[static_cast<std::size_t>(s)];
      out_.colours.push_back(colours[static_cast<std::size_t>(s)]);
    }

    // The map's cards.
    int spaces = static_cast<int>(map_.id.size());
    card_.assign(static_cast<std::size_t>(spaces), -1);
    owner_.assign(static_cast<std::size_t>(spaces), -1);
    razed_.assign(static_cast<std::size_t>(spaces), false);
    const auto& camps = map_.camps.at(n_);
    std::vector<int> open;
    for (int s = 0; s < spaces; ++s)
      if (std::find(camps.begin(), camps.end(), s) == camps.end()) open.push_back(s);
    std::vector<int> pool;
    if (any_box_) {
      for (int k = 1; k < 10; ++k)
        for (int i = 0; i < kBox[static_cast<std::size_t>(k)]; ++i)
          pool.push_back(k);
    } else {
      pool = card_set(n_);
    }
    for (int s : open) {
      int f = map_.fixed[static_cast<std::size_t>(s)];
      if (f < 0) continue;
      card_[static_cast<std::size_t>(s)] = f;
      pool.erase(std::find(pool.begin(), pool.end(), f));
    }
    dice_.shuffle(pool);
    for (int s : open)
      if (card_[static_cast<std::size_t>(s)] < 0) {
        card_[static_cast<std::size_t>(s)] = pool.back();
        pool.pop_back();
      }
    std::vector<int> free_camps = camps;
    std::vector<std::string> camp_lines;
    for (int seat = n_ - 1; seat >= 0; --seat) {
      int pick = static_cast<int>(dice_.below(free_camps.size()));
      int s = free_camps[static_cast<std::size_t>(pick)];
      free_camps.erase(free_camps.begin() + pick);
      card_[static_cast<std::size_t>(s)] = kCamp;
      owner_[static_cast<std::size_t>(s)] = seat;
      camp_lines.push_back(fmt::format("<camp colour=\"{}\" space=\"{}\"/>", colour(seat),
                                       map_.id[static_cast<std::size_t>(s)]));
    }

    // The deck and the deal.
    for (int k = 0; k < kinds_; ++k)
      for (int i = 0; i < kCount[static_cast<std::size_t>(k)]; ++i)
        deck_.push_back(k);
    dice_.shuffle(deck_);
    for (int seat = 0; seat < n_; ++seat) {
      Player& p = players_[static_cast<std::size_t>(seat)];
      for (int i = 0; i < 5; ++i) {
        p.hand.push_back(deck_.back());
        deck_.pop_back();
      }
      p.hand_known.assign(5, false);
    }
    deck_known_ = deck_given;

    // The head of the record.
    std::string head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    head += "<record game=\"dschingis-bohn\" format=\"1\">\n";
    if (o_.meta.value_or(dice_.chance(0.6))) {
      head += "  <meta>\n    <event>Lookout club night</event>\n";
      head += fmt::format("    <date>2024-{:02}-{:02}</date>\n", dice_.range(1, 12),
                          dice_.range(1, 28));
      head += fmt::format("    <note>generated game, seed {}</note>\n  </meta>\n", out_.seed);
    }
    std::string opts;
    for (const auto& [name, value] : rules_) {
      bool is_default = (name == "razing" && value == "off") ||
                        (name == "diamond" && value == "per-field") ||
                        (name == "beans" && value == "eight") ||
                        (name == "card-set" && value == "by-player-count") ||
                        (name == "third-field" && value == "none");
      if (!is_default || dice_.chance(0.1))
        opts += fmt::format("    <option name=\"{}\" value=\"{}\"/>\n", name, value);
    }
    if (!opts.empty()) head += "  <rules>\n" + opts + "  </rules>\n";
    if (choice == DbMapChoice::inline_map) {
      head += map_xml(map_, "  ");
      out_.features.insert("map:inline");
    } else if (choice == DbMapChoice::file_map) {
      head += fmt::format("  <map file=\"{}\"/>\n", o_.map_file.value_or("gen-valley.map"));
      out_.map_xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + map_xml(map_, "");
      out_.features.insert("map:file");
    } else if (dice_.chance(0.2)) {
      head += "  <map name=\"modelled-19\"/>\n";
    }
    head += "  <players>\n";
    const std::vector<std::string> names{"Anna", "Bence", "Csilla", "Dani", "Emese", "Feri"};
    for (int seat = 0; seat < n_; ++seat)
      head += dice_.chance(0.7) ? fmt::format("    <player colour=\"{}\" name=\"{}\"/>\n",
                                              colour(seat), names[static_cast<std::size_t>(seat)])
                                : fmt::format("    <player colour=\"{}\"/>\n", colour(seat));
    head += "  </players>\n  <setup>\n";
    for (const auto& c : camp_lines) {
      head += "    " + c + "\n";
      out_.setup_camps.push_back(c);
    }
    for (int s : open) {
      if (map_.fixed[static_cast<std::size_t>(s)] >= 0 && dice_.chance(0.5)) continue;
      std::string line =
          fmt::format("<territory space=\"{}\" card=\"{}\"/>", map_.id[static_cast<std::size_t>(s)],
                      kCard[static_cast<std::size_t>(card_[static_cast<std::size_t>(s)])]);
      out_.setup_territories.push_back(line);
      head += "    " + line + "\n";
    }
    if (hands_given) {
      for (int seat = 0; seat < n_; ++seat) {
        Player& p = players_[static_cast<std::size_t>(seat)];
        head +=
            fmt::format("    <hand colour=\"{}\" beans=\"{}\"/>\n", colour(seat), beans(p.hand));
        p.hand_known.assign(5, true);
      }
      out_.features.insert("hands given");
    }
    if (deck_given) {
      std::vector<int> top_first(deck_.rbegin(), deck_.rend());
      head += fmt::format("    <deck order=\"{}\"/>\n", beans(top_first));
      out_.features.insert("deck given");
    }
    head += "  </setup>\n";
    out_.head = head;
    out_.space_ids = map_.id;
    out_.players = n_;
    out_.rules = rules_;
    out_.features.insert(fmt::format("players:{}", n_));
    for (const auto& [k, v] : rules_)
      out_.features.insert(fmt::format("option:{}={}", k, v));
    out_.description = fmt::format(
        "seed {} players {} map {} razing {} diamond {} beans {} card-set {} third-field {} "
        "deck {} hands {}",
        out_.seed, n_, map_.name, rules_["razing"], rules_["diamond"], rules_["beans"],
        rules_["card-set"], rules_["third-field"], deck_given ? "given" : "hidden",
        hands_given ? "given" : "hidden");
  }

  // ---- small helpers ---------------------------------------------------------------------------

  const std::string& colour(int seat) const {
    return players_[static_cast<std::size_t>(seat)].colour;
  }
  Player& pl(int seat) { return players_[static_cast<std::size_t>(seat)]; }
  static std::string beans(const std::vector<int>& v) {
    std::string out;
    for (int b : v)
      out += fmt::format("{}{}", out.empty() ? "" : " ", kBean[static_cast<std::size_t>(b)]);
    return out;
  }
  static const char* bean(int b) { return kBean[static_cast<std::size_t>(b)]; }
  std::string who_attr(int seat) const {
    return seat == active_ ? std::string() : fmt::format(" colour=\"{}\"", colour(seat));
  }

  int owned(int seat, int card) const {
    int c = 0;
    for (std::size_t s = 0; s < card_.size(); ++s)
      if (owner_[s] == seat && card_[s] == card && !(card == kCity && razed_[s])) ++c;
    return c;
  }
  int territories(int seat) const {
    return static_cast<int>(std::count(owner_.begin(), owner_.end(), seat));
  }
  int flag_of(int s) const {
    int c = card_[static_cast<std::size_t>(s)];
    if (c == kRiver) return 0;
    if (c == kCity && !razed_[static_cast<std::size_t>(s)]) return 3;
    return 1;
  }
  int vp(int seat) const {
    int v = players_[static_cast<std::size_t>(seat)].razing;
    for (std::size_t s = 0; s < card_.size(); ++s)
      if (owner_[s] == seat) v += flag_of(static_cast<int>(s));
    return v;
  }
  int minimum(int s) const {
    int c = card_[static_cast<std::size_t>(s)];
    if (c == kCity && !razed_[static_cast<std::size_t>(s)]) return 18;
    if (c == kForest) return 17;
    if (c == kVillage) return 16;
    return 0;
  }
  int cavalry_owner(int k) const {
    for (std::size_t s = 0; s < card_.size(); ++s)
      if (card_[s] == kSteppe1 + k - 1) return owner_[s];
    return -1;
  }
  bool cavalry_here(int k) const {
    return std::find(card_.begin(), card_.end(), kSteppe1 + k - 1) != card_.end();
  }

  // DB-204.
  bool reachable(int seat, int t) const {
    if (card_[static_cast<std::size_t>(t)] == kRiver) return false;
    for (int a : map_.adj[static_cast<std::size_t>(t)])
      if (owner_[static_cast<std::size_t>(a)] == seat) return true;
    if (owned(seat, kForest) == 0) return false;
    std::vector<bool> seen(card_.size());
    std::vector<int> todo;
    for (int a : map_.adj[static_cast<std::size_t>(t)])
      if (card_[static_cast<std::size_t>(a)] == kRiver)
        seen[static_cast<std::size_t>(a)] = true, todo.push_back(a);
    while (!todo.empty()) {
      int r = todo.back();
      todo.pop_back();
      for (int b : map_.adj[static_cast<std::size_t>(r)]) {
        if (owner_[static_cast<std::size_t>(b)] == seat) return true;
        if (card_[static_cast<std::size_t>(b)] == kRiver && !seen[static_cast<std::size_t>(b)])
          seen[static_cast<std::size_t>(b)] = true, todo.push_back(b);
      }
    }
    return false;
  }
  bool adjacent_owned(int seat, int t) const {
    for (int a : map_.adj[static_cast<std::size_t>(t)])
      if (owner_[static_cast<std::size_t>(a)] == seat) return true;
    return false;
  }

  void emit(DbGenElem e) { turn_->elems.push_back(std::move(e)); }

  // ---- the deck -----------------------------------------------------------------------------

  // Takes the top card; counts an exhaustion when it was the last (DB-502).
  int pop() {
    int c = deck_.back();
    deck_.pop_back();
    if (deck_.empty() && exhaustions_ < 3) {
      ++exhaustions_;
      if (exhaustions_ <= 2)
        ++owed_;
      else
        third_ = true;
    }
    return c;
  }

  // Writes the reshuffles owed (DB-502, DB-504) as elements built by `sink`.
  void settle(const std::function<void(const std::string&, bool)>& sink) {
    while (owed_ > 0) {
      --owed_;
      std::string xml = reshuffle_now(false);
      sink(xml, deck_known_);
      if (deck_.empty() && exhaustions_ < 3) {
        ++exhaustions_;
        if (exhaustions_ <= 2)
          ++owed_;
        else
          third_ = true;
        out_.features.insert("reshuffle of an empty discard pile");
      }
    }
  }

  void settle_in_turn() {
    settle([&](const std::string& xml, bool ordered) {
      DbGenElem e;
      e.kind = DbGenElem::Kind::reshuffle;
      e.xml = xml;
      e.ordered = ordered;
      emit(e);
    });
    place_pending_flip();
  }

  // The discard pile becomes the new deck; returns the <reshuffle> element.
  std::string reshuffle_now(bool battle) {
    (void)battle;
    std::vector<int> pile = std::move(discard_);
    discard_.clear();
    dice_.shuffle(pile);
    deck_ = pile;  // the back is the top
    if (dice_.chance(order_rate_)) {
      deck_known_ = true;
      out_.features.insert("reshuffle with order");
      std::vector<int> top_first(deck_.rbegin(), deck_.rend());
      return fmt::format("<reshuffle order=\"{}\"/>", beans(top_first));
    }
    deck_known_ = false;
    out_.features.insert("reshuffle hidden");
    return "<reshuffle/>";
  }

  void place_pending_flip() {
    if (pending_flip_ < 0) return;
    place_flip(pending_flip_);
    pending_flip_ = -1;
  }

  void place_flip(int b) {
    if (flip_keeps(b))
      pl(active_).treasury.push_back(b);
    else
      discard_.push_back(b);
  }

  // The third exhaustion (DB-503), outside battles.
  void third_exhaustion() {
    third_ = false;
    if (phase_ == Phase::step2 || phase_ == Phase::step3) {
      pending_end_ = true;
      out_.features.insert("third exhaustion in steps 2-3");
    } else {
      end_game("deck");
      out_.features.insert("third exhaustion elsewhere");
    }
  }

  bool to_plant_empty() const {
    if (!turned_up_.empty()) return false;
    for (const auto& p : players_)
      if (!p.to_plant.empty()) return false;
    return true;
  }

  void check_pending_end() {
    if (pending_end_ && !over_ && to_plant_empty()) end_game("deck");
  }

  void end_game(const std::string& reason) {
    if (over_) return;
    over_ = true;
    reason_ = reason;
    turn_->ended_game = true;
    end_turn_ = turn_number_;
  }

  // ---- hand positions (DB-1204) ----------------------------------------------------------------

  // Positions to write for cards leaving `seat`'s hand in one element (real slots, in the
  // element's order): pos is left out only where the checker's rule picks the real slot.
  std::vector<std::optional<int>> positions(int seat, const std::vector<int>& slots) {
    const Player& p = players_[static_cast<std::size_t>(seat)];
    std::vector<bool> give(slots.size());
    for (std::size_t i = 0; i < slots.size(); ++i)
      give[i] = dice_.chance(pos_rate_);
    for (;;) {
      std::vector<bool> used(p.hand.size());
      for (std::size_t i = 0; i < slots.size(); ++i)
        if (give[i]) used[static_cast<std::size_t>(slots[i])] = true;
      bool changed = false;
      for (std::size_t i = 0; i < slots.size() && !changed; ++i) {
        if (give[i]) continue;
        int kind = p.hand[static_cast<std::size_t>(slots[i])];
        int pick = -1;
        for (std::size_t k = 0; k < p.hand.size() && pick < 0; ++k)
          if (!used[k] && p.hand_known[k] && p.hand[k] == kind) pick = static_cast<int>(k);
        for (std::size_t k = 0; k < p.hand.size() && pick < 0; ++k)
          if (!used[k] && !p.hand_known[k]) pick = static_cast<int>(k);
        if (pick != slots[i]) {
          give[i] = true;
          changed = true;
        } else {
          used[static_cast<std::size_t>(pick)] = true;
        }
      }
      if (!changed) break;
    }
    std::vector<std::optional<int>> out;
    for (std::size_t i = 0; i < slots.size(); ++i) {
      if (give[i])
        out.push_back(slots[i] + 1);
      else
        out.push_back(std::nullopt);
      if (!give[i]) out_.features.insert("card left a hand without pos");
    }
    return out;
  }

  static std::string pos_attr(const std::optional<int>& pos) {
    return pos ? fmt::format(" pos=\"{}\"", *pos) : std::string();
  }

  // Removes the slots (any order) from a hand.
  void remove_slots(int seat, std::vector<int> slots) {
    Player& p = pl(seat);
    std::sort(slots.rbegin(), slots.rend());
    for (int s : slots) {
      p.hand.erase(p.hand.begin() + s);
      p.hand_known.erase(p.hand_known.begin() + s);
    }
  }

  // ---- fields and thalers -----------------------------------------------------------------------

  int fields_of(const Player& p) const { return p.field3 ? 3 : 2; }

  // A field the kind can go into without harvesting; -1 when none.
  int fitting_field(int seat, int kind) {
    const Player& p = pl(seat);
    for (int f = 0; f < fields_of(p); ++f)
      if (!p.fields[static_cast<std::size_t>(f)].empty() &&
          p.fields[static_cast<std::size_t>(f)].back() == kind)
        return f;
    for (int f = 0; f < fields_of(p); ++f)
      if (p.fields[static_cast<std::size_t>(f)].empty()) return f;
    return -1;
  }

  // The fields the one-bean rule lets the player harvest (DB-410, DB-411).
  std::vector<int> harvestable(int seat) {
    const Player& p = pl(seat);
    bool big = false;
    for (int f = 0; f < fields_of(p); ++f)
      if (p.fields[static_cast<std::size_t>(f)].size() >= 2) big = true;
    std::vector<int> out;
    for (int f = 0; f < fields_of(p); ++f) {
      std::size_t n = p.fields[static_cast<std::size_t>(f)].size();
      if (n == 0 || (n == 1 && big)) continue;
      out.push_back(f);
    }
    return out;
  }

  void harvest(int seat, int f) {
    Player& p = pl(seat);
    auto& field = p.fields[static_cast<std::size_t>(f)];
    int kind = field.back();
    int n = static_cast<int>(field.size());
    int coins = coins_for(kind, n);
    for (int i = 0; i < n; ++i) {
      if (i >= n - coins)
        p.treasury.push_back(field[static_cast<std::size_t>(i)]);
      else
        discard_.push_back(field[static_cast<std::size_t>(i)]);
    }
    field.clear();
    DbGenElem e;
    e.kind = DbGenElem::Kind::harvest;
    e.seat = seat;
    e.field = f + 1;
    std::string claims;
    if (claims_ && dice_.chance(0.4)) {
      claims = fmt::format(" coins=\"{}\"", coins);
      e.claimed = coins;
      if (dice_.chance(0.3)) claims += fmt::format(" bean=\"{}\" cards=\"{}\"", bean(kind), n);
    }
    e.xml = fmt::format("<harvest field=\"{}\"{}{}/>", f + 1, who_attr(seat), claims);
    emit(e);
    if (n == 1) out_.features.insert("harvest of a single card");
  }

  // Harvests so that `kind` fits: the best field the one-bean rule allows.
  int make_room(int seat, int kind) {
    (void)kind;
    auto fields = harvestable(seat);
    const Player& p = pl(seat);
    int best = fields.front();
    for (int f : fields) {
      const auto& a = p.fields[static_cast<std::size_t>(f)];
      const auto& b = p.fields[static_cast<std::size_t>(best)];
      int ca = coins_for(a.back(), static_cast<int>(a.size()));
      int cb = coins_for(b.back(), static_cast<int>(b.size()));
      if (ca > cb || (ca == cb && a.size() < b.size())) best = f;
    }
    harvest(seat, best);
    return best;
  }

  // Pays `count` thalers, naming them sometimes (DB-412); returns the pay attribute. A named
  // kind pays its topmost thaler; naming the kinds of the topmost `count` pays those very cards.
  std::string pay(int seat, int count) {
    Player& p = pl(seat);
    std::vector<int> paid;
    bool named = dice_.chance(0.4);
    if (named && count == 1) {
      int kind = dice_.pick(p.treasury);
      auto it = std::find(p.treasury.rbegin(), p.treasury.rend(), kind);
      paid.push_back(*it);
      p.treasury.erase(std::next(it).base());
    } else {
      for (int i = 0; i < count; ++i) {
        paid.push_back(p.treasury.back());
        p.treasury.pop_back();
      }
    }
    for (int b : paid)
      discard_.push_back(b);
    if (!named) return "";
    out_.features.insert("payment named");
    return fmt::format(" pay=\"{}\"", beans(paid));
  }

  bool may_buy(int seat) const { return !(seat == active_ && phase_ == Phase::step4); }

  void buy_field(int seat) {
    std::string payattr = pay(seat, 3);
    pl(seat).field3 = true;
    DbGenElem e;
    e.kind = DbGenElem::Kind::buy_field;
    e.seat = seat;
    e.xml = fmt::format("<buy-field{}{}/>", who_attr(seat), payattr);
    emit(e);
    out_.features.insert("third field bought");
  }

  // Plants one card into a field, making room first when needed.
  void plant(int seat, int kind, bool step1) {
    Player& p = pl(seat);
    int f = fitting_field(seat, kind);
    if (f < 0) {
      if (field_buyable_ && !p.field3 && p.treasury.size() >= 3 && may_buy(seat) &&
          dice_.chance(0.6)) {
        buy_field(seat);
        f = 2;
      } else {
        f = make_room(seat, kind);
      }
    }
    DbGenElem e;
    e.kind = step1 ? DbGenElem::Kind::plant1 : DbGenElem::Kind::plant3;
    e.seat = seat;
    e.field = f + 1;
    e.bean = kind;
    for (int k = 0; k < 3; ++k) {
      const auto& x = p.fields[static_cast<std::size_t>(k)];
      e.field_kinds[static_cast<std::size_t>(k)] = x.empty() ? -1 : x.back();
    }
    e.xml = fmt::format("<plant{} bean=\"{}\" field=\"{}\"/>", who_attr(seat), bean(kind), f + 1);
    p.fields[static_cast<std::size_t>(f)].push_back(kind);
    emit(e);
  }

  // Harvests a ripe field now and then (any player, any moment a harvest is allowed).
  void maybe_harvest() {
    if (over_) return;
    for (int seat = 0; seat < n_; ++seat) {
      if (!dice_.chance(0.12)) continue;
      const Player& p = pl(seat);
      for (int f : harvestable(seat)) {
        const auto& x = p.fields[static_cast<std::size_t>(f)];
        int c = coins_for(x.back(), static_cast<int>(x.size()));
        if (c >= 2 || (c >= 1 && p.treasury.empty())) {
          harvest(seat, f);
          break;
        }
      }
    }
  }

  // Buys a cart now and then (DB-801).
  void maybe_buy_cart(int seat) {
    if (over_) return;
    Player& p = pl(seat);
    if (p.has_cart || owned(seat, kForest) == 0 || p.treasury.size() < 3 || !may_buy(seat)) return;
    if (!dice_.chance(0.5)) return;
    std::string payattr = pay(seat, 3);
    p.has_cart = true;
    out_.features.insert("cart bought");
    if (seat != active_) out_.features.insert("cart bought in another's turn");
    if (pending_end_) out_.features.insert("cart bought after the third exhaustion");
    // Loads 2 cards (DB-802); a reshuffle between them needs <load> children.
    std::vector<std::pair<int, bool>> first, second;  // card, known
    std::vector<std::string> inside;
    bool named = dice_.chance(named_rate_);
    int loaded = 0;
    std::vector<int> batch;
    std::vector<bool> batch_known;
    bool children = dice_.chance(0.3);
    auto flush = [&] {
      if (batch.empty()) return;
      inside.push_back(named ? fmt::format("<load beans=\"{}\"/>", beans(batch))
                             : fmt::format("<load count=\"{}\"/>", batch.size()));
      for (std::size_t i = 0; i < batch.size(); ++i) {
        p.cart.push_back(batch[i]);
        p.cart_known.push_back(named || batch_known[i]);
      }
      batch.clear();
      batch_known.clear();
    };
    bool split = false;
    while (loaded < 2 && !deck_.empty()) {
      bool known = deck_known_;
      int c = pop();
      batch.push_back(c);
      batch_known.push_back(known);
      ++loaded;
      if (owed_ > 0 && loaded < 2) {
        flush();
        settle([&](const std::string& xml, bool) { inside.push_back(xml); });
        split = true;
        children = true;
      }
      if (third_) break;
    }
    if (children) {
      flush();
    } else {
      for (std::size_t i = 0; i < batch.size(); ++i) {
        p.cart.push_back(batch[i]);
        p.cart_known.push_back(batch_known[i]);
      }
      batch.clear();
    }
    std::vector<std::string> after;
    if (owed_ > 0) {
      // The second card emptied the deck: the reshuffle inside or right after.
      bool within = children && dice_.chance(0.5);
      settle([&](const std::string& xml, bool) { (within ? inside : after).push_back(xml); });
    }
    DbGenElem e;
    e.kind = DbGenElem::Kind::buy_cart;
    e.seat = seat;
    e.split = split;
    if (inside.empty()) {
      e.xml = fmt::format("<buy-cart{}{}/>", who_attr(seat), payattr);
    } else {
      e.xml = fmt::format("<buy-cart{}{}>", who_attr(seat), payattr);
      for (const auto& x : inside)
        e.xml += x;
      e.xml += "</buy-cart>";
    }
    emit(e);
    for (const auto& x : after) {
      DbGenElem r;
      r.kind = DbGenElem::Kind::reshuffle;
      r.xml = x;
      emit(r);
    }
    if (split) out_.features.insert("cart loads split by a reshuffle");
    if (third_) {
      out_.features.insert("third exhaustion in a cart purchase");
      third_exhaustion();
      check_pending_end();
    }
  }

  void maybe_buy_field(int seat) {
    if (over_ || !field_buyable_) return;
    Player& p = pl(seat);
    if (p.field3 || p.treasury.size() < 3 || !may_buy(seat) || !dice_.chance(0.25)) return;
    buy_field(seat);
  }

  // ---- a turn -----------------------------------------------------------------------------------

  void play_turn(int seat) {
    ++turn_number_;
    out_.turns.emplace_back();
    turn_ = &out_.turns.back();
    turn_->seat = seat;
    for (int s = 0; s < n_; ++s) {
      const Player& p = pl(s);
      DbGenPlayerInfo info;
      info.fields = p.fields;
      info.treasury = p.treasury;
      info.has_cart = p.has_cart;
      info.field3 = p.field3;
      info.forests = owned(s, kForest);
      turn_->start.push_back(info);
    }
    active_ = seat;
    phase_ = Phase::start;
    for (int k = 1; k <= 3; ++k)
      if (cavalry_owner(k) == seat) exhausted_[static_cast<std::size_t>(k - 1)] = false;

    maybe_harvest();
    diamonds();
    if (!over_) step1();
    if (!over_) step2();
    if (!over_) step3();
    if (!over_) {
      for (int s = 0; s < n_; ++s)
        if (s != seat && dice_.chance(0.2)) maybe_buy_cart(s);
      maybe_buy_cart(seat);
      maybe_buy_field(seat);
      maybe_harvest();
    }
    if (!over_) battles();
    if (!over_) maybe_harvest();
    if (!over_) step4();
    if (claims_ && dice_.chance(0.15)) vp_claim();
    std::vector<int> vps;
    for (int s = 0; s < n_; ++s)
      vps.push_back(vp(s));
    vp_after_.push_back(vps);
  }

  void vp_claim() {
    int s = static_cast<int>(dice_.below(static_cast<std::uint64_t>(n_)));
    DbGenElem e;
    e.kind = DbGenElem::Kind::vp;
    e.seat = s;
    e.claimed = vp(s);
    e.xml = fmt::format("<vp colour=\"{}\" points=\"{}\"/>", colour(s), vp(s));
    emit(e);
  }

  void diamonds() {
    int d = owned(active_, kDiamond);
    int flips = diamond_once_ ? (d > 0 ? 1 : 0) : d;
    for (int i = 0; i < flips && !over_ && !deck_.empty(); ++i) {
      int c = pop();
      DbGenElem e;
      e.kind = DbGenElem::Kind::diamond;
      e.seat = active_;
      e.xml = fmt::format("<diamond bean=\"{}\"/>", bean(c));
      emit(e);
      out_.features.insert(flip_keeps(c) ? "diamond flip kept" : "diamond flip discarded");
      if (owed_ > 0) {
        pending_flip_ = c;
        settle_in_turn();
        out_.features.insert("diamond flip before a reshuffle");
      } else {
        place_flip(c);
      }
      if (third_) third_exhaustion();
    }
  }

  void step1() {
    phase_ = Phase::step1;
    Player& p = pl(active_);
    for (int i = 0; i < 2 && !p.hand.empty(); ++i) {
      int kind = p.hand.front();
      if (i == 1 && (fitting_field(active_, kind) < 0 || !dice_.chance(0.6))) break;
      bool known = p.hand_known.front();
      p.hand.erase(p.hand.begin());
      p.hand_known.erase(p.hand_known.begin());
      plant(active_, kind, true);
      turn_->elems.back().front_known = known;
    }
  }

  void step2() {
    phase_ = Phase::step2;
    int want = 2 + owned(active_, kRice);
    std::vector<int> batch;
    bool first = true;
    bool split = false;
    bool known = deck_known_;
    auto flush = [&] {
      if (batch.empty()) return;
      DbGenElem e;
      e.kind = DbGenElem::Kind::turn_up;
      e.seat = active_;
      e.cards = static_cast<int>(batch.size());
      e.split = split;
      e.deck_known = known;
      e.third = third_;
      e.named = true;
      e.xml = fmt::format("<turn-up beans=\"{}\"/>", beans(batch));
      emit(e);
      batch.clear();
      first = false;
    };
    (void)first;
    for (int i = 0; i < want && !deck_.empty(); ++i) {
      if (batch.empty()) known = deck_known_;
      int c = pop();
      batch.push_back(c);
      turned_up_.push_back(c);
      if (owed_ > 0) {
        if (i + 1 < want) split = true;
        flush();
        settle_in_turn();
      }
      if (third_) break;
    }
    flush();
    if (split) out_.features.insert("turn-up split by a reshuffle");
    if (third_) third_exhaustion();
    trades();
    if (dice_.chance(0.1)) {
      for (int s = 0; s < n_; ++s)
        if (s != active_) maybe_buy_cart(s);
    }
  }

  bool fits(int seat, int kind) { return fitting_field(seat, kind) >= 0; }

  void trades() {
    std::vector<int> cards = turned_up_;
    for (int c : cards) {
      if (over_) return;
      if (std::find(turned_up_.begin(), turned_up_.end(), c) == turned_up_.end()) continue;
      if (fits(active_, c) && !dice_.chance(0.1)) continue;
      std::vector<int> partners;
      for (int s = 0; s < n_; ++s)
        if (s != active_ && fits(s, c)) partners.push_back(s);
      if (partners.empty()) {
        if (dice_.chance(0.15))
          partners.push_back((active_ + 1) % n_);
        else
          continue;
      }
      int partner = dice_.pick(partners);
      // Something the active player can use from the partner's hand.
      Player& b = pl(partner);
      std::vector<int> wanted;
      for (std::size_t k = 0; k < b.hand.size(); ++k)
        if (fits(active_, b.hand[k])) wanted.push_back(static_cast<int>(k));
      if (!wanted.empty() && dice_.chance(0.65)) {
        std::vector<int> get_slots{dice_.pick(wanted)};
        std::vector<int> give_hand;
        Player& a = pl(active_);
        if (!a.hand.empty() && dice_.chance(0.2)) {
          int k = static_cast<int>(dice_.below(a.hand.size()));
          give_hand.push_back(k);
        }
        trade(partner, {c}, give_hand, get_slots);
      } else if (dice_.chance(0.85)) {
        donate_to(partner, c);
      }
    }
    // Now and then a partner gives the active player a card he can use.
    if (!over_ && dice_.chance(0.08)) {
      int partner =
          (active_ + 1 + static_cast<int>(dice_.below(static_cast<std::uint64_t>(n_ - 1)))) % n_;
      Player& b = pl(partner);
      for (std::size_t k = 0; k < b.hand.size(); ++k)
        if (fits(active_, b.hand[k])) {
          donate_from(partner, static_cast<int>(k));
          break;
        }
    }
  }

  void trade(int partner, const std::vector<int>& turned, const std::vector<int>& give_hand,
             const std::vector<int>& get_slots) {
    Player& a = pl(active_);
    Player& b = pl(partner);
    std::string xml = fmt::format("<trade partner=\"{}\">", colour(partner));
    for (int c : turned) {
      xml += fmt::format("<give source=\"turned-up\" bean=\"{}\"/>", bean(c));
      turned_up_.erase(std::find(turned_up_.begin(), turned_up_.end(), c));
      b.to_plant.push_back(c);
    }
    auto give_pos = positions(active_, give_hand);
    for (std::size_t i = 0; i < give_hand.size(); ++i) {
      int kind = a.hand[static_cast<std::size_t>(give_hand[i])];
      xml +=
          fmt::format("<give source=\"hand\" bean=\"{}\"{}/>", bean(kind), pos_attr(give_pos[i]));
      b.to_plant.push_back(kind);
    }
    auto get_pos = positions(partner, get_slots);
    for (std::size_t i = 0; i < get_slots.size(); ++i) {
      int kind = b.hand[static_cast<std::size_t>(get_slots[i])];
      xml += fmt::format("<get bean=\"{}\"{}/>", bean(kind), pos_attr(get_pos[i]));
      a.to_plant.push_back(kind);
    }
    xml += "</trade>";
    remove_slots(active_, give_hand);
    remove_slots(partner, get_slots);
    DbGenElem e;
    e.kind = DbGenElem::Kind::trade;
    e.seat = active_;
    e.xml = xml;
    emit(e);
    out_.features.insert("trade");
    if (!give_hand.empty()) out_.features.insert("trade gives a hand card");
  }

  void donate_to(int partner, int c) {
    turned_up_.erase(std::find(turned_up_.begin(), turned_up_.end(), c));
    pl(partner).to_plant.push_back(c);
    DbGenElem e;
    e.kind = DbGenElem::Kind::donate;
    e.seat = active_;
    e.xml = fmt::format("<donate to=\"{}\"><card source=\"turned-up\" bean=\"{}\"/></donate>",
                        colour(partner), bean(c));
    emit(e);
    out_.features.insert("donation to");
  }

  void donate_from(int partner, int slot) {
    Player& b = pl(partner);
    int kind = b.hand[static_cast<std::size_t>(slot)];
    auto pos = positions(partner, {slot});
    remove_slots(partner, {slot});
    pl(active_).to_plant.push_back(kind);
    DbGenElem e;
    e.kind = DbGenElem::Kind::donate;
    e.seat = active_;
    e.xml = fmt::format("<donate from=\"{}\"><card bean=\"{}\"{}/></donate>", colour(partner),
                        bean(kind), pos_attr(pos[0]));
    emit(e);
    out_.features.insert("donation from");
  }

  void step3() {
    phase_ = Phase::step3;
    Player& a = pl(active_);
    a.to_plant.insert(a.to_plant.end(), turned_up_.begin(), turned_up_.end());
    turned_up_.clear();
    std::vector<std::pair<int, int>> todo;
    for (int s = 0; s < n_; ++s)
      for (int c : pl(s).to_plant)
        todo.emplace_back(s, c);
    dice_.shuffle(todo);
    // The active player's cards may come in any order among the others'.
    for (auto [s, c] : todo) {
      if (over_) return;
      auto& tp = pl(s).to_plant;
      tp.erase(std::find(tp.begin(), tp.end(), c));
      plant(s, c, false);
      check_pending_end();
      if (!over_ && dice_.chance(0.05)) maybe_harvest();
    }
    check_pending_end();
  }

  // ---- battles (section 6) ----------------------------------------------------------------------

  struct Plan {
    int target = -1;
    int source = 0;  // 0 cavalry, 1 hand, 2 deck
    int cavalry = 0;
    int slot = -1;
    double score = -1;
  };

  Plan plan_battle() {
    Plan best;
    const Player& a = pl(active_);
    int hand_best = -1;
    for (std::size_t k = 0; k < a.hand.size(); ++k)
      if (hand_best < 0 || power(a.hand[k]) > power(a.hand[static_cast<std::size_t>(hand_best)]))
        hand_best = static_cast<int>(k);
    for (int t = 0; t < static_cast<int>(card_.size()); ++t) {
      if (card_[static_cast<std::size_t>(t)] == kRiver ||
          owner_[static_cast<std::size_t>(t)] == active_)
        continue;
      if (!reachable(active_, t)) continue;
      int def = owner_[static_cast<std::size_t>(t)];
      int need = std::max(minimum(t), def < 0 ? 13 : 16);
      double value = flag_of(t) + (def >= 0 ? 1.0 : 0.0);
      if (card_[static_cast<std::size_t>(t)] >= kSteppe1 &&
          card_[static_cast<std::size_t>(t)] <= kSteppe3)
        value += 0.7;
      if (def >= 0 && territories(def) == 1) {
        // Taking a player's last territory ends the game: most players wait for a late chance.
        bool kill = dice_.chance(exhaustions_ >= 2 ? 0.3 * aggression_ : 0.02 * aggression_);
        if (!kill) continue;
        value += 3;
      }
      if (!adjacent_owned(active_, t)) out_.features.insert("target across a river considered");
      bool fortified =
          card_[static_cast<std::size_t>(t)] == kForest ||
          (card_[static_cast<std::size_t>(t)] == kCity && !razed_[static_cast<std::size_t>(t)]);
      for (int k = 1; k <= 3; ++k) {
        if (cavalry_owner(k) != active_ || exhausted_[static_cast<std::size_t>(k - 1)] || fortified)
          continue;
        double s = value + (17 > need ? 1.0 : 0.2) + dice_.unit();
        if (s > best.score) best = {t, 0, k, -1, s};
      }
      if (hand_best >= 0) {
        int str = power(a.hand[static_cast<std::size_t>(hand_best)]);
        if (str > need) {
          double s = value + 0.5 + dice_.unit();
          if (s > best.score) best = {t, 1, 0, hand_best, s};
        }
      }
      if (dice_.chance(0.08 * aggression_)) {
        double s = value * 0.5 + dice_.unit();
        if (s > best.score) best = {t, 2, 0, -1, s};
      }
    }
    return best;
  }

  // A card from the deck for a battle; nullopt for strength 0 (DB-504). Writes the DB-1002
  // reshuffle before it into `inner`.
  std::optional<int> battle_card(std::string& inner) {
    if (deck_.empty()) {
      if (battle_third_ && !battle_reshuffled_) {
        battle_reshuffled_ = true;
        inner += reshuffle_now(true);
        out_.features.insert("battle reshuffle at the third exhaustion");
      }
      if (deck_.empty()) {
        out_.features.insert("battle card of strength 0");
        return std::nullopt;
      }
    }
    int c = pop();
    if (third_) {
      third_ = false;
      battle_third_ = true;
      out_.features.insert("third exhaustion in a battle");
    }
    return c;
  }

  void settle_battle(std::string& inner) {
    settle([&](const std::string& xml, bool) { inner += xml; });
    if (third_) {
      third_ = false;
      battle_third_ = true;
    }
  }

  void battles() {
    phase_ = Phase::battles;
    int fights = 0;
    while (!over_ && fights < 4 && !pl(active_).treasury.empty()) {
      if (!dice_.chance(0.35 + 0.6 * aggression_)) break;
      Plan plan = plan_battle();
      if (plan.target < 0) break;
      fight(plan);
      ++fights;
      if (!over_ && dice_.chance(0.1)) maybe_harvest();
    }
  }

  void fight(const Plan& plan) {
    Player& a = pl(active_);
    int t = plan.target;
    DbGenElem e;
    e.kind = DbGenElem::Kind::battle;
    e.seat = active_;
    e.target = t;
    e.neutral = owner_[static_cast<std::size_t>(t)] < 0;
    e.treasury = a.treasury;
    for (std::size_t s = 0; s < owner_.size(); ++s)
      if (owner_[s] == active_) e.owned.push_back(static_cast<int>(s));
    for (int k = 1; k <= 3; ++k)
      if (cavalry_owner(k) != active_) e.free_cavalry.push_back(k);
    std::string payattr = pay(active_, 1);
    int defender = owner_[static_cast<std::size_t>(t)];
    if (!adjacent_owned(active_, t)) out_.features.insert("attack across a river");
    std::vector<int> table;
    std::string inner;
    battle_third_ = false;
    battle_reshuffled_ = false;
    int need = minimum(t);
    bool captured = false;
    for (int round = 0; round < 2; ++round) {
      inner += "<round>";
      int attack = 0;
      std::string attack_xml;
      if (round == 0 && plan.source == 0) {
        attack = 17;
        attack_xml = fmt::format("<attack source=\"cavalry\" cavalry=\"{}\"/>", plan.cavalry);
        e.cavalry = true;
        out_.features.insert("cavalry attack");
      } else {
        int slot = -1;
        if (round == 0 && plan.source == 1) slot = plan.slot;
        if (round == 1 && !a.hand.empty() && dice_.chance(0.6)) {
          slot = 0;
          for (std::size_t k = 0; k < a.hand.size(); ++k)
            if (power(a.hand[k]) > power(a.hand[static_cast<std::size_t>(slot)]))
              slot = static_cast<int>(k);
        }
        if (slot >= 0) {
          int kind = a.hand[static_cast<std::size_t>(slot)];
          auto pos = positions(active_, {slot});
          remove_slots(active_, {slot});
          attack = power(kind);
          table.push_back(kind);
          inner +=
              fmt::format("<attack source=\"hand\" bean=\"{}\"{}/>", bean(kind), pos_attr(pos[0]));
          out_.features.insert("hand attack");
        } else {
          if (round == 0) e.deck_attack = true;
          auto c = battle_card(inner);
          attack = c ? power(*c) : 0;
          if (c) table.push_back(*c);
          inner += fmt::format("<attack source=\"deck\" bean=\"{}\"/>", bean(c.value_or(7)));
          settle_battle(inner);
          out_.features.insert("deck attack");
        }
      }
      inner += attack_xml;
      // The defence (DB-605).
      int card = 0;
      Player* d = defender >= 0 ? &pl(defender) : nullptr;
      if (d && !d->hand.empty() && dice_.chance(0.6)) {
        int slot = 0;
        for (std::size_t k = 0; k < d->hand.size(); ++k)
          if (power(d->hand[k]) > power(d->hand[static_cast<std::size_t>(slot)]))
            slot = static_cast<int>(k);
        int kind = d->hand[static_cast<std::size_t>(slot)];
        auto pos = positions(defender, {slot});
        remove_slots(defender, {slot});
        card = power(kind);
        table.push_back(kind);
        inner +=
            fmt::format("<defend source=\"hand\" bean=\"{}\"{}/>", bean(kind), pos_attr(pos[0]));
        out_.features.insert("hand defence");
      } else {
        auto c = battle_card(inner);
        card = c ? power(*c) : 0;
        if (c) table.push_back(*c);
        inner += fmt::format("<defend source=\"deck\" bean=\"{}\"/>", bean(c.value_or(7)));
        settle_battle(inner);
      }
      int defence = std::max(card, need);
      if (defence > card) out_.features.insert("defence raised to a minimum");
      if (attack == defence) out_.features.insert("tie to the defender");
      bool won = attack > defence;
      inner += "</round>";
      if (round == 0 && plan.source == 0) {
        if (won) {
          captured = true;
          break;
        }
        exhausted_[static_cast<std::size_t>(plan.cavalry - 1)] = true;
        out_.features.insert("cavalry second round");
        continue;
      }
      captured = won;
      break;
    }
    for (int c : table)
      discard_.push_back(c);
    int taken_cavalry = 0;
    bool last = false;
    if (captured) {
      owner_[static_cast<std::size_t>(t)] = active_;
      int c = card_[static_cast<std::size_t>(t)];
      out_.features.insert(fmt::format("captured:{}", kCard[static_cast<std::size_t>(c)]));
      if (c >= kSteppe1 && c <= kSteppe3) taken_cavalry = c - kSteppe1 + 1;
      if (c == kCity && razing_ && !razed_[static_cast<std::size_t>(t)]) {
        razed_[static_cast<std::size_t>(t)] = true;
        ++a.razing;
        out_.features.insert("city razed");
      }
      if (defender >= 0) {
        out_.features.insert("captured from a player");
        if (territories(defender) == 0) last = true;
      }
    }
    (void)taken_cavalry;
    std::string result;
    if (claims_ && dice_.chance(0.5)) {
      result = fmt::format(" result=\"{}\"", captured ? "captured" : "repelled");
      e.result_claimed = true;
    }
    e.battle_third = battle_third_;
    e.xml = fmt::format("<battle target=\"{}\"{}{}>{}</battle>",
                        map_.id[static_cast<std::size_t>(t)], payattr, result, inner);
    emit(e);
    // A reshuffle owed by the last defence may stand right after the battle.
    settle_in_turn();
    if (third_) {
      third_ = false;
      battle_third_ = true;
    }
    if (battle_third_) {
      end_game("deck");
      if (last) out_.features.insert("battle with both ends");
    } else if (last) {
      end_game("last-territory");
    }
  }

  // ---- step 4 ---------------------------------------------------------------------------------

  void step4() {
    phase_ = Phase::step4;
    Player& p = pl(active_);
    int want = 3 + owned(active_, kVillage);
    if (want > 3) out_.features.insert("village draw");
    if (p.has_cart) {
      cart_step4(want);
      return;
    }
    std::vector<int> batch;
    std::vector<bool> known;
    bool named = dice_.chance(named_rate_);
    bool split = false;
    auto flush = [&] {
      if (batch.empty()) return;
      DbGenElem e;
      e.kind = DbGenElem::Kind::draw;
      e.seat = active_;
      e.cards = static_cast<int>(batch.size());
      e.named = named;
      e.split = split;
      e.third = third_;
      e.deck_known = known.front();
      e.xml = named ? fmt::format("<draw beans=\"{}\"/>", beans(batch))
                    : (dice_.chance(0.1) ? fmt::format("<draw count=\"{}\" beans=\"{}\"/>",
                                                       batch.size(), beans(batch))
                                         : fmt::format("<draw count=\"{}\"/>", batch.size()));
      bool both = e.xml.find("beans") != std::string::npos;
      for (std::size_t i = 0; i < batch.size(); ++i) {
        p.hand.push_back(batch[i]);
        p.hand_known.push_back(named || both || known[i]);
      }
      emit(e);
      batch.clear();
      known.clear();
    };
    for (int i = 0; i < want && !deck_.empty(); ++i) {
      known.push_back(deck_known_);
      batch.push_back(pop());
      if (owed_ > 0) {
        if (i + 1 < want) split = true;
        flush();
        settle_in_turn();
      }
      if (third_) break;
    }
    flush();
    if (split) out_.features.insert("draw split by a reshuffle");
    if (third_) {
      out_.features.insert("third exhaustion in step 4");
      third_exhaustion();
    }
  }

  void cart_step4(int want) {
    Player& p = pl(active_);
    std::vector<int> batch;
    std::vector<bool> known;
    bool named = dice_.chance(named_rate_);
    bool split = false;
    auto flush = [&] {
      if (batch.empty()) return;
      DbGenElem e;
      e.kind = DbGenElem::Kind::load;
      e.seat = active_;
      e.cards = static_cast<int>(batch.size());
      e.named = named;
      e.split = split;
      e.deck_known = known.front();
      e.xml = named ? fmt::format("<load beans=\"{}\"/>", beans(batch))
                    : fmt::format("<load count=\"{}\"/>", batch.size());
      for (std::size_t i = 0; i < batch.size(); ++i) {
        p.cart.push_back(batch[i]);
        p.cart_known.push_back(named || known[i]);
      }
      emit(e);
      batch.clear();
      known.clear();
    };
    for (int i = 0; i < want && !deck_.empty(); ++i) {
      known.push_back(deck_known_);
      batch.push_back(pop());
      if (owed_ > 0) {
        if (i + 1 < want) split = true;
        flush();
        settle_in_turn();
      }
      if (third_) break;
    }
    flush();
    if (third_) {
      out_.features.insert("third exhaustion in cart loads");
      third_exhaustion();
      return;
    }
    // Take `want` cards, leaving the two least useful (DB-803).
    std::vector<int> idx(p.cart.size());
    std::iota(idx.begin(), idx.end(), 0);
    auto useful = [&](int i) {
      int kind = p.cart[static_cast<std::size_t>(i)];
      return (fits(active_, kind) ? 30 : 0) + power(kind);
    };
    std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) { return useful(x) > useful(y); });
    idx.resize(static_cast<std::size_t>(want));
    dice_.shuffle(idx);  // the order they enter the hand
    bool all_known =
        std::all_of(p.cart_known.begin(), p.cart_known.end(), [](bool b) { return b; });
    bool one_kind =
        std::all_of(p.cart.begin(), p.cart.end(), [&](int k) { return k == p.cart.front(); });
    bool must_name = all_known && !one_kind;
    bool name_take = must_name || dice_.chance(named_rate_);
    DbGenElem e;
    e.kind = DbGenElem::Kind::take;
    e.seat = active_;
    e.cards = want;
    e.named = name_take;
    e.cart_all_known_mixed = must_name;
    std::vector<int> kinds;
    for (int i : idx)
      kinds.push_back(p.cart[static_cast<std::size_t>(i)]);
    if (name_take) {
      // The checker removes, per name, a card known to be of that kind, else an unknown one.
      std::vector<int> cart = p.cart;
      std::vector<bool> ck = p.cart_known;
      for (int kind : kinds) {
        int at = -1;
        for (std::size_t i = 0; i < cart.size() && at < 0; ++i)
          if (ck[i] && cart[i] == kind) at = static_cast<int>(i);
        for (std::size_t i = 0; i < cart.size() && at < 0; ++i)
          if (!ck[i] && cart[i] == kind) at = static_cast<int>(i);
        cart.erase(cart.begin() + at);
        ck.erase(ck.begin() + at);
        p.hand.push_back(kind);
        p.hand_known.push_back(true);
      }
      p.cart = cart;
      p.cart_known = ck;
      e.xml = fmt::format("<take beans=\"{}\"/>", beans(kinds));
      out_.features.insert("take named");
    } else {
      std::sort(idx.rbegin(), idx.rend());
      for (int i : idx) {
        p.cart.erase(p.cart.begin() + i);
        p.cart_known.erase(p.cart_known.begin() + i);
      }
      bool keep = all_known && one_kind;
      for (int kind : kinds) {
        p.hand.push_back(kind);
        p.hand_known.push_back(keep);
      }
      if (!keep) std::fill(p.cart_known.begin(), p.cart_known.end(), false);
      e.xml = fmt::format("<take count=\"{}\"/>", want);
      out_.features.insert("take counted");
    }
    emit(e);
  }

  // ---- the end -------------------------------------------------------------------------------

  void finish() {
    bool cut = !over_ || o_.unfinished.value_or(dice_.chance(0.1));
    std::size_t keep = out_.turns.size();
    if (over_ && cut && out_.turns.size() > 2) {
      keep = static_cast<std::size_t>(dice_.range(1, static_cast<int>(out_.turns.size()) - 1));
      out_.turns.resize(keep);
    } else if (over_) {
      cut = false;
    }
    const std::vector<int>& vps = vp_after_[keep - 1];
    for (int s = 0; s < n_; ++s)
      out_.vp[colour(s)] = vps[static_cast<std::size_t>(s)];
    out_.finished = over_ && !cut;
    if (out_.finished) {
      out_.end_reason = reason_;
      out_.features.insert("end:" + reason_);
      int top = *std::max_element(vps.begin(), vps.end());
      for (int s = 0; s < n_; ++s)
        if (vps[static_cast<std::size_t>(s)] == top) out_.winners.push_back(colour(s));
      if (out_.winners.size() > 1) out_.features.insert("shared win");
    } else {
      out_.features.insert("unfinished");
    }
    std::string end;
    if (claims_) {
      bool reason = out_.finished && dice_.chance(0.7);
      bool finals = dice_.chance(0.8);
      if (reason || finals) {
        end = reason ? fmt::format("  <end reason=\"{}\">\n", reason_) : "  <end>\n";
        if (finals)
          for (int s = 0; s < n_; ++s)
            end += fmt::format("    <final colour=\"{}\" vp=\"{}\"/>\n", colour(s),
                               vps[static_cast<std::size_t>(s)]);
        end += "  </end>\n";
      }
    }
    out_.end = end;
    turn_numbers_ = o_.turn_numbers.value_or(dice_.chance(0.5));
    if (turn_numbers_) out_.features.insert("turn numbers");
    out_.turn_numbers = turn_numbers_;
    out_.description += fmt::format(" turns {} {}", out_.turns.size(),
                                    out_.finished ? "end " + reason_ : std::string("unfinished"));
  }

  Dice dice_;
  DbGeneratorOptions o_;
  DbGeneratedGame out_;
  std::map<std::string, std::string> rules_;
  int n_ = 3;
  bool razing_ = false, diamond_once_ = false, eleven_ = false, any_box_ = false;
  bool field_buyable_ = false;
  int kinds_ = 8;
  double named_rate_ = 0.5, order_rate_ = 0.5, pos_rate_ = 0.3, aggression_ = 0.5;
  bool claims_ = true;
  bool turn_numbers_ = false;
  GenMap map_;
  std::vector<Player> players_;
  std::vector<int> card_, owner_;
  std::vector<bool> razed_;
  std::array<bool, 3> exhausted_{};
  std::vector<int> deck_, discard_, turned_up_;
  bool deck_known_ = false;
  int exhaustions_ = 0;
  int owed_ = 0;
  bool third_ = false;
  bool pending_end_ = false;
  bool battle_third_ = false, battle_reshuffled_ = false;
  int pending_flip_ = -1;
  bool over_ = false;
  std::string reason_;
  int end_turn_ = 0;
  int active_ = 0;
  int next_seat_ = 0;
  int turn_number_ = 0;
  Phase phase_ = Phase::start;
  DbGenTurn* turn_ = nullptr;
  std::vector<std::vector<int>> vp_after_;
};

}  // namespace

std::string DbGeneratedGame::xml() const {
  bool numbers = turn_numbers;
  std::string out = head + "  <play>\n";
  for (std::size_t i = 0; i < turns.size(); ++i) {
    const DbGenTurn& t = turns[i];
    out += fmt::format("    <turn colour=\"{}\"{}>\n",
                       t.colour.empty() ? colours[static_cast<std::size_t>(t.seat)] : t.colour,
                       numbers ? fmt::format(" n=\"{}\"", i + 1) : std::string());
    for (const auto& e : t.elems)
      out += "      " + e.xml + "\n";
    out += "    </turn>\n";
  }
  out += "  </play>\n" + end + "</record>\n";
  return out;
}

DbGeneratedGame generate_db_game(std::uint64_t seed, const DbGeneratorOptions& options) {
  return Generator(seed, options).run();
}

std::string db_generator_map_xml(std::string_view name) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + map_xml(valley(name), "");
}

}  // namespace wallaudit::test

// ---- single-rule mutations ----------------------------------------------------------------------

namespace wallaudit::test {

namespace {

using K = DbGenElem::Kind;

struct MutationInfo {
  DbMutation kind;
  std::string_view name;
  std::string_view rule;
};

const std::vector<MutationInfo>& mutation_table() {
  static const std::vector<MutationInfo> table{
      {DbMutation::wrong_turn_order, "wrong_turn_order", "DB-307"},
      {DbMutation::absent_colour_turn, "absent_colour_turn", "DB-307"},
      {DbMutation::step1_missing, "step1_missing", "DB-404"},
      {DbMutation::step1_third_plant, "step1_third_plant", "DB-404"},
      {DbMutation::plant_wrong_field, "plant_wrong_field", "DB-403"},
      {DbMutation::turn_up_short, "turn_up_short", "DB-405"},
      {DbMutation::trade_before_turn_up, "trade_before_turn_up", "DB-405"},
      {DbMutation::trade_with_self, "trade_with_self", "DB-406"},
      {DbMutation::unplanted_card, "unplanted_card", "DB-407"},
      {DbMutation::draw_short, "draw_short", "DB-408"},
      {DbMutation::harvest_empty_field, "harvest_empty_field", "DB-410"},
      {DbMutation::one_bean_rule, "one_bean_rule", "DB-411"},
      {DbMutation::pay_missing_thaler, "pay_missing_thaler", "DB-412"},
      {DbMutation::target_own, "target_own", "DB-603"},
      {DbMutation::cavalry_not_owned, "cavalry_not_owned", "DB-705"},
      {DbMutation::battle_after_draw, "battle_after_draw", "DB-601"},
      {DbMutation::neutral_defends_from_hand, "neutral_defends_from_hand", "DB-605"},
      {DbMutation::second_cart, "second_cart", "DB-801"},
      {DbMutation::cart_owner_draws, "cart_owner_draws", "DB-803"},
      {DbMutation::take_unnamed_known_cart, "take_unnamed_known_cart", "DB-1205"},
      {DbMutation::reshuffle_missing, "reshuffle_missing", "DB-502"},
      {DbMutation::reshuffle_bad_order, "reshuffle_bad_order", "DB-505"},
      {DbMutation::supply_exceeded, "supply_exceeded", "DB-1202"},
      {DbMutation::known_deck_mismatch, "known_deck_mismatch", "DB-1203"},
      {DbMutation::diamond_missing, "diamond_missing", "DB-906"},
      {DbMutation::turn_after_end, "turn_after_end", "DB-1003"},
      {DbMutation::camp_order, "camp_order", "DB-305"},
      {DbMutation::hand_size, "hand_size", "DB-306"},
      {DbMutation::card_set_wrong, "card_set_wrong", "DB-302"},
      {DbMutation::open_site_missing, "open_site_missing", "DB-303"},
      {DbMutation::buy_field_without_option, "buy_field_without_option", "DB-304"},
      {DbMutation::second_field, "second_field", "DB-414"},
      {DbMutation::pos_beyond_hand, "pos_beyond_hand", "DB-402"},
      {DbMutation::extra_planting, "extra_planting", "DB-407"},
      {DbMutation::step1_wrong_front, "step1_wrong_front", "DB-404"},
      {DbMutation::harvest_in_split_element, "harvest_in_split_element", "DB-410"},
      {DbMutation::round_after_cavalry_win, "round_after_cavalry_win", "DB-705"},
      {DbMutation::target_river, "target_river", "DB-603"},
      {DbMutation::vp_claim_changed, "vp_claim_changed", "DB-1005"},
      {DbMutation::coins_claim_changed, "coins_claim_changed", "DB-1005"},
      {DbMutation::result_claim_changed, "result_claim_changed", "DB-1005"},
      {DbMutation::final_changed, "final_changed", "DB-1005"},
      {DbMutation::final_missing, "final_missing", "DB-1005"},
      {DbMutation::end_reason_changed, "end_reason_changed", "DB-1005"},
  };
  return table;
}

const MutationInfo& info(DbMutation m) {
  for (const auto& i : mutation_table())
    if (i.kind == m) return i;
  return mutation_table().front();
}

// The value of attribute `name` in an element's text ("" when absent).
std::string attr(const std::string& xml, std::string_view name) {
  std::string key = fmt::format(" {}=\"", name);
  auto at = xml.find(key);
  if (at == std::string::npos) return "";
  at += key.size();
  return xml.substr(at, xml.find('"', at) - at);
}

// Sets attribute `name` of the first element in `xml` (adds it when absent).
std::string set_attr(std::string xml, std::string_view name, const std::string& value) {
  std::string key = fmt::format(" {}=\"", name);
  auto at = xml.find(key);
  if (at != std::string::npos) {
    at += key.size();
    xml.replace(at, xml.find('"', at) - at, value);
    return xml;
  }
  auto end = xml.find_first_of(" />");
  xml.insert(end, fmt::format(" {}=\"{}\"", name, value));
  return xml;
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ')
      ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ')
      ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& w : v)
    out += (out.empty() ? "" : " ") + w;
  return out;
}

std::string other_bean(const std::string& b) {
  return b == "soy" ? "red" : "soy";
}

struct Place {
  std::size_t turn;
  std::size_t elem;
};

}  // namespace

const std::vector<DbMutation>& all_db_mutations() {
  static const std::vector<DbMutation> all = [] {
    std::vector<DbMutation> v;
    for (const auto& i : mutation_table())
      v.push_back(i.kind);
    return v;
  }();
  return all;
}

std::string_view db_mutation_name(DbMutation m) {
  return info(m).name;
}
std::string_view db_expected_rule(DbMutation m) {
  return info(m).rule;
}
bool db_is_dispute(DbMutation m) {
  return info(m).rule == "DB-1005";
}

std::optional<DbMutatedRecord> mutate_db_game(const DbGeneratedGame& game, DbMutation kind,
                                              std::uint64_t salt) {
  DbGeneratedGame g = game;
  DbMutatedRecord out;
  out.kind = kind;
  out.rule = std::string(info(kind).rule);
  const int n = g.players;
  auto colour = [&](int seat) { return g.colours[static_cast<std::size_t>(seat)]; };
  auto pick = [&](const auto& places) {
    return places[static_cast<std::size_t>(salt % places.size())];
  };
  auto find = [&](const std::function<bool(const DbGenTurn&, const DbGenElem&, std::size_t,
                                           std::size_t)>& pred) {
    std::vector<Place> places;
    for (std::size_t t = 0; t < g.turns.size(); ++t)
      for (std::size_t e = 0; e < g.turns[t].elems.size(); ++e)
        if (pred(g.turns[t], g.turns[t].elems[e], t, e)) places.push_back({t, e});
    return places;
  };
  auto next_kind = [&](std::size_t t, std::size_t e) -> std::optional<K> {
    const auto& elems = g.turns[t].elems;
    if (e + 1 < elems.size()) return elems[e + 1].kind;
    return std::nullopt;
  };
  // Cuts the record after turn t (0-based), so that later turns add nothing.
  auto cut_after = [&](std::size_t t) {
    g.turns.resize(t + 1);
    g.end.clear();
    out.turn = static_cast<int>(t) + 1;
  };
  auto insert_at_start = [&](std::size_t t, DbGenElem e) {
    g.turns[t].elems.insert(g.turns[t].elems.begin(), std::move(e));
  };
  auto elem = [](K k, std::string xml) {
    DbGenElem e;
    e.kind = k;
    e.xml = std::move(xml);
    return e;
  };
  auto head_lines = [&](std::string_view prefix) {
    std::vector<std::size_t> at;
    std::size_t pos = 0;
    while ((pos = g.head.find(prefix, pos)) != std::string::npos) {
      at.push_back(pos);
      ++pos;
    }
    return at;
  };

  switch (kind) {
    case DbMutation::wrong_turn_order: {
      if (g.turns.size() < 2) return std::nullopt;
      std::size_t t = 1 + salt % (g.turns.size() - 1);
      g.turns[t].seat = (g.turns[t].seat + 1) % n;
      cut_after(t);
      out.what = fmt::format("turn {} given to the next seat", t + 1);
      break;
    }
    case DbMutation::absent_colour_turn: {
      std::string absent;
      for (const char* c : {"red", "yellow", "green", "blue", "black", "white", "orange", "purple"})
        if (std::find(g.colours.begin(), g.colours.end(), c) == g.colours.end()) absent = c;
      std::size_t t = salt % g.turns.size();
      g.turns[t].colour = absent;
      cut_after(t);
      out.what = fmt::format("turn {} played by {}, who is not at the table", t + 1, absent);
      break;
    }
    case DbMutation::step1_missing: {
      std::vector<std::size_t> turns;
      for (std::size_t t = 0; t < g.turns.size(); ++t) {
        const auto& el = g.turns[t].elems;
        bool plant = std::any_of(el.begin(), el.end(), [](auto& e) { return e.kind == K::plant1; });
        bool up = std::any_of(el.begin(), el.end(), [](auto& e) { return e.kind == K::turn_up; });
        if (plant && up) turns.push_back(t);
      }
      if (turns.empty()) return std::nullopt;
      std::size_t t = pick(turns);
      auto& el = g.turns[t].elems;
      el.erase(std::remove_if(el.begin(), el.end(), [](auto& e) { return e.kind == K::plant1; }),
               el.end());
      cut_after(t);
      out.what = fmt::format("the step-1 plantings of turn {} left out", t + 1);
      break;
    }
    case DbMutation::step1_third_plant: {
      auto places =
          find([&](const DbGenTurn& turn, const DbGenElem& e, std::size_t, std::size_t i) {
            if (e.kind != K::plant1) return false;
            int count = 0;
            for (std::size_t k = 0; k <= i; ++k)
              count += turn.elems[k].kind == K::plant1;
            return count == 2;
          });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      DbGenElem extra = g.turns[p.turn].elems[p.elem];
      g.turns[p.turn].elems.insert(g.turns[p.turn].elems.begin() + static_cast<long>(p.elem) + 1,
                                   extra);
      cut_after(p.turn);
      out.what = fmt::format("a third step-1 planting in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::plant_wrong_field: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        if (e.kind != K::plant1 && e.kind != K::plant3) return false;
        if (e.field > 2) return false;
        int other = e.field_kinds[static_cast<std::size_t>(2 - e.field)];
        return other >= 0 && other != e.bean;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      e.xml = set_attr(e.xml, "field", e.field == 1 ? "2" : "1");
      cut_after(p.turn);
      out.what = fmt::format("a planting into the other field in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::turn_up_short: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t t, std::size_t i) {
        return e.kind == K::turn_up && !e.split && !e.third && e.cards >= 2 &&
               next_kind(t, i) != K::reshuffle &&
               (i == 0 || g.turns[t].elems[i - 1].kind != K::reshuffle);
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      auto b = words(attr(e.xml, "beans"));
      b.pop_back();
      e.xml = set_attr(e.xml, "beans", join(b));
      cut_after(p.turn);
      out.what = fmt::format("one card fewer turned up in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::trade_before_turn_up: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::trade;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& el = g.turns[p.turn].elems;
      DbGenElem t = el[p.elem];
      el.erase(el.begin() + static_cast<long>(p.elem));
      auto up = std::find_if(el.begin(), el.end(), [](auto& e) { return e.kind == K::turn_up; });
      el.insert(up, t);
      cut_after(p.turn);
      out.what = fmt::format("a trade moved before the turn-up in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::trade_with_self: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::trade;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      e.xml = set_attr(e.xml, "partner", colour(g.turns[p.turn].seat));
      cut_after(p.turn);
      out.what = fmt::format("a trade with oneself in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::unplanted_card: {
      // The turn's last step-3 planting, with no harvest after it that its field might need.
      auto places =
          find([&](const DbGenTurn& turn, const DbGenElem& e, std::size_t, std::size_t i) {
            if (e.kind != K::plant3) return false;
            for (std::size_t k = i + 1; k < turn.elems.size(); ++k)
              if (turn.elems[k].kind == K::plant3 || turn.elems[k].kind == K::harvest) return false;
            return true;
          });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& el = g.turns[p.turn].elems;
      el.erase(el.begin() + static_cast<long>(p.elem));
      cut_after(p.turn);
      out.what = fmt::format("a step-3 planting left out in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::draw_short: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t t, std::size_t i) {
        return e.kind == K::draw && !e.split && !e.third && e.cards >= 2 &&
               next_kind(t, i) != K::reshuffle &&
               (i == 0 || g.turns[t].elems[i - 1].kind != K::reshuffle);
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      auto b = words(attr(e.xml, "beans"));
      if (!b.empty()) {
        b.pop_back();
        e.xml = set_attr(e.xml, "beans", join(b));
      }
      if (!attr(e.xml, "count").empty())
        e.xml = set_attr(e.xml, "count", std::to_string(e.cards - 1));
      cut_after(p.turn);
      out.what = fmt::format("one card fewer drawn in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::pos_beyond_hand: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return (e.kind == K::battle || e.kind == K::trade || e.kind == K::donate) &&
               e.xml.find(" pos=\"") != std::string::npos;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      auto a = e.xml.find(" pos=\"") + 6;
      e.xml.replace(a, e.xml.find('"', a) - a, "99");
      cut_after(p.turn);
      out.what = fmt::format("a card of turn {} leaves a hand from position 99", p.turn + 1);
      break;
    }
    case DbMutation::extra_planting: {
      // After the turn's last step-3 planting every to-plant area is empty.
      auto places =
          find([&](const DbGenTurn& turn, const DbGenElem& e, std::size_t, std::size_t i) {
            if (e.kind != K::plant3 || turn.ended_game) return false;
            for (std::size_t k = i + 1; k < turn.elems.size(); ++k)
              if (turn.elems[k].kind == K::plant3) return false;
            return true;
          });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& el = g.turns[p.turn].elems;
      el.insert(el.begin() + static_cast<long>(p.elem) + 1,
                elem(K::plant3, "<plant bean=\"garden\" field=\"1\"/>"));
      cut_after(p.turn);
      out.what =
          fmt::format("a card planted in step 3 of turn {} that nobody had to plant", p.turn + 1);
      break;
    }
    case DbMutation::step1_wrong_front: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::plant1 && e.front_known;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      e.xml = set_attr(e.xml, "bean", other_bean(attr(e.xml, "bean")));
      cut_after(p.turn);
      out.what =
          fmt::format("step 1 of turn {} plants another card than the known front one", p.turn + 1);
      break;
    }
    case DbMutation::harvest_in_split_element: {
      // Right after the reshuffle that splits a turn-up or a draw, before its rest.
      auto places =
          find([&](const DbGenTurn& turn, const DbGenElem& e, std::size_t, std::size_t i) {
            if (e.kind != K::reshuffle || i == 0 || i + 1 >= turn.elems.size()) return false;
            const auto& before = turn.elems[i - 1];
            return (before.kind == K::draw || before.kind == K::turn_up) && before.split &&
                   turn.elems[i + 1].kind == before.kind;
          });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& el = g.turns[p.turn].elems;
      el.insert(el.begin() + static_cast<long>(p.elem) + 1,
                elem(K::harvest, "<harvest field=\"1\"/>"));
      cut_after(p.turn);
      out.what = fmt::format("a harvest inside a turn-up or draw split by a reshuffle in turn {}",
                             p.turn + 1);
      break;
    }
    case DbMutation::round_after_cavalry_win: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        auto first = e.xml.find("<round>");
        return e.kind == K::battle && e.cavalry && !e.battle_third && first != std::string::npos &&
               e.xml.find("<round>", first + 1) == std::string::npos;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      e.xml.insert(e.xml.find("</battle>"),
                   "<round><attack source=\"deck\" bean=\"soy\"/><defend source=\"deck\" "
                   "bean=\"soy\"/></round>");
      cut_after(p.turn);
      out.what = fmt::format("a second round after a cavalry win in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::target_river: {
      std::vector<std::string> rivers;
      for (const auto& line : g.setup_territories)
        if (attr(line, "card") == "river") rivers.push_back(attr(line, "space"));
      if (rivers.empty()) return std::nullopt;
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::battle;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      e.xml = set_attr(e.xml, "target", rivers[salt % rivers.size()]);
      cut_after(p.turn);
      out.what = fmt::format("a battle in turn {} targets a river", p.turn + 1);
      break;
    }
    case DbMutation::harvest_empty_field:
    case DbMutation::one_bean_rule: {
      std::vector<std::array<std::size_t, 3>> places;  // turn, seat, field
      for (std::size_t t = 0; t < g.turns.size(); ++t)
        for (std::size_t s = 0; s < g.turns[t].start.size(); ++s) {
          const auto& f = g.turns[t].start[s].fields;
          for (std::size_t k = 0; k < 2; ++k) {
            bool empty = f[k].empty();
            bool single = f[k].size() == 1 && (f[1 - k].size() >= 2 || f[2].size() >= 2);
            if (kind == DbMutation::harvest_empty_field ? empty : single)
              places.push_back({t, s, k});
          }
        }
      if (places.empty()) return std::nullopt;
      auto [t, s, k] = pick(places);
      insert_at_start(t, elem(K::harvest, fmt::format("<harvest field=\"{}\" colour=\"{}\"/>",
                                                      k + 1, colour(static_cast<int>(s)))));
      cut_after(t);
      out.what = fmt::format("{} harvests field {} at the start of turn {}",
                             colour(static_cast<int>(s)), k + 1, t + 1);
      break;
    }
    case DbMutation::pay_missing_thaler: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::battle;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      std::string missing;
      for (int b = 0; b < 8 && missing.empty(); ++b)
        if (std::find(e.treasury.begin(), e.treasury.end(), b) == e.treasury.end())
          missing = kBean[static_cast<std::size_t>(b)];
      if (missing.empty()) return std::nullopt;
      e.xml = set_attr(e.xml, "pay", missing);
      cut_after(p.turn);
      out.what = fmt::format("a battle in turn {} pays a {} thaler the attacker lacks", p.turn + 1,
                             missing);
      break;
    }
    case DbMutation::target_own: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::battle && !e.owned.empty();
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      e.xml = set_attr(e.xml, "target", g.space_ids[static_cast<std::size_t>(e.owned.front())]);
      cut_after(p.turn);
      out.what =
          fmt::format("a battle in turn {} targets the attacker's own territory", p.turn + 1);
      break;
    }
    case DbMutation::cavalry_not_owned: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::battle && !e.cavalry && !e.free_cavalry.empty();
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      auto a = e.xml.find("<attack ");
      auto z = e.xml.find("/>", a) + 2;
      e.xml.replace(
          a, z - a,
          fmt::format("<attack source=\"cavalry\" cavalry=\"{}\"/>", e.free_cavalry.front()));
      cut_after(p.turn);
      out.what =
          fmt::format("a battle in turn {} attacks with cavalry {}, which is not the attacker's",
                      p.turn + 1, e.free_cavalry.front());
      break;
    }
    case DbMutation::battle_after_draw: {
      auto places = find([&](const DbGenTurn& turn, const DbGenElem& e, std::size_t, std::size_t) {
        bool step4 = std::any_of(turn.elems.begin(), turn.elems.end(),
                                 [](auto& x) { return x.kind == K::draw || x.kind == K::take; });
        return e.kind == K::battle && !turn.ended_game && step4;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      DbGenElem b = g.turns[p.turn].elems[p.elem];
      g.turns[p.turn].elems.push_back(b);
      cut_after(p.turn);
      out.what = fmt::format("a battle after step 4 in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::neutral_defends_from_hand: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::battle && e.neutral;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      auto a = e.xml.find("<defend source=\"deck\"");
      if (a == std::string::npos) return std::nullopt;
      e.xml.replace(a, 21, "<defend source=\"hand\"");
      cut_after(p.turn);
      out.what = fmt::format("a neutral territory defends from a hand in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::second_cart:
    case DbMutation::second_field:
    case DbMutation::buy_field_without_option: {
      std::vector<std::array<std::size_t, 2>> places;
      for (std::size_t t = 0; t < g.turns.size(); ++t)
        for (std::size_t s = 0; s < g.turns[t].start.size(); ++s) {
          const auto& i = g.turns[t].start[s];
          bool ok = kind == DbMutation::second_cart    ? i.has_cart
                    : kind == DbMutation::second_field ? i.field3
                                                       : g.rules.at("third-field") == "none";
          if (ok) places.push_back({t, s});
        }
      if (places.empty()) return std::nullopt;
      auto [t, s] = pick(places);
      std::string xml =
          kind == DbMutation::second_cart
              ? fmt::format("<buy-cart colour=\"{}\"/>", colour(static_cast<int>(s)))
              : fmt::format("<buy-field colour=\"{}\"/>", colour(static_cast<int>(s)));
      insert_at_start(t, elem(kind == DbMutation::second_cart ? K::buy_cart : K::buy_field, xml));
      cut_after(t);
      out.what = fmt::format("{} in turn {}", xml, t + 1);
      break;
    }
    case DbMutation::cart_owner_draws: {
      std::vector<std::size_t> turns;
      for (std::size_t t = 0; t < g.turns.size(); ++t) {
        const auto& el = g.turns[t].elems;
        int loads = 0;
        bool take = false, split = false;
        for (const auto& e : el) {
          loads += e.kind == K::load;
          take |= e.kind == K::take;
          split |= e.kind == K::load && e.split;
        }
        if (loads == 1 && take && !split) turns.push_back(t);
      }
      if (turns.empty()) return std::nullopt;
      std::size_t t = pick(turns);
      auto& el = g.turns[t].elems;
      int count = 0;
      for (auto& e : el)
        if (e.kind == K::take) count = e.cards;
      auto load = std::find_if(el.begin(), el.end(), [](auto& e) { return e.kind == K::load; });
      if (std::next(load) != el.end() && std::next(load)->kind == K::reshuffle) return std::nullopt;
      *load = elem(K::draw, fmt::format("<draw count=\"{}\"/>", count));
      el.erase(std::remove_if(el.begin(), el.end(), [](auto& e) { return e.kind == K::take; }),
               el.end());
      cut_after(t);
      out.what = fmt::format("a cart owner draws in turn {}", t + 1);
      break;
    }
    case DbMutation::take_unnamed_known_cart: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::take && e.cart_all_known_mixed;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      e.xml = fmt::format("<take count=\"{}\"/>", e.cards);
      cut_after(p.turn);
      out.what = fmt::format("a take without names from a known cart in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::reshuffle_missing:
    case DbMutation::reshuffle_bad_order: {
      bool order = kind == DbMutation::reshuffle_bad_order;
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::reshuffle && (!order || e.ordered);
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& el = g.turns[p.turn].elems;
      if (order) {
        auto b = words(attr(el[p.elem].xml, "order"));
        if (b.empty()) return std::nullopt;
        b.front() = b.front() == "garden" ? "blue" : "garden";
        el[p.elem].xml = set_attr(el[p.elem].xml, "order", join(b));
      } else {
        el.erase(el.begin() + static_cast<long>(p.elem));
      }
      cut_after(p.turn);
      out.what = fmt::format("a reshuffle {} in turn {}", order ? "with a wrong order" : "left out",
                             p.turn + 1);
      break;
    }
    case DbMutation::known_deck_mismatch: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return (e.kind == K::draw || e.kind == K::turn_up) && e.named && e.deck_known;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      auto b = words(attr(e.xml, "beans"));
      b.front() = other_bean(b.front());
      e.xml = set_attr(e.xml, "beans", join(b));
      cut_after(p.turn);
      out.what = fmt::format("a card named against the known deck in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::diamond_missing: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t t, std::size_t i) {
        // The turn's last flip: with a known deck an earlier one would shift the later flips.
        return e.kind == K::diamond && next_kind(t, i) != K::reshuffle &&
               next_kind(t, i) != K::diamond && !g.turns[t].ended_game;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& el = g.turns[p.turn].elems;
      el.erase(el.begin() + static_cast<long>(p.elem));
      cut_after(p.turn);
      out.what = fmt::format("a diamond flip left out in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::turn_after_end: {
      if (!g.finished) return std::nullopt;
      DbGenTurn extra;
      extra.seat = (g.turns.back().seat + 1) % n;
      extra.elems.push_back(elem(K::draw, "<draw count=\"3\"/>"));
      g.turns.push_back(extra);
      out.turn = static_cast<int>(g.turns.size());
      out.what = "a turn after the end of the game";
      break;
    }
    case DbMutation::camp_order: {
      auto at = head_lines("<camp ");
      if (at.size() < 2) return std::nullopt;
      auto line = [&](std::size_t pos) { return g.head.substr(pos, g.head.find('\n', pos) - pos); };
      std::string a = line(at[0]), b = line(at[1]);
      g.head.replace(at[1], b.size(), a);
      g.head.replace(at[0], a.size(), b);
      out.turn = 0;
      out.what = "the first two camps swapped";
      break;
    }
    case DbMutation::hand_size:
    case DbMutation::supply_exceeded: {
      auto at = head_lines("<hand ");
      if (at.empty()) return std::nullopt;
      for (std::size_t k = at.size(); k-- > 0;) {
        std::size_t pos = at[k];
        std::string line = g.head.substr(pos, g.head.find('\n', pos) - pos);
        auto b = words(attr(line, "beans"));
        if (kind == DbMutation::hand_size) {
          if (k != 0) continue;
          b.pop_back();
        } else {
          b.assign(5, "garden");
        }
        g.head.replace(pos, line.size(), set_attr(line, "beans", join(b)));
      }
      out.turn = 0;
      out.what = kind == DbMutation::hand_size ? "a starting hand of 4 cards"
                                               : "every starting hand of 5 garden beans";
      break;
    }
    case DbMutation::card_set_wrong:
    case DbMutation::open_site_missing: {
      if (g.setup_territories.empty() || g.head.find("<fixed") != std::string::npos)
        return std::nullopt;
      if (kind == DbMutation::card_set_wrong && g.rules.at("card-set") != "by-player-count")
        return std::nullopt;
      const std::string& line = g.setup_territories[salt % g.setup_territories.size()];
      auto pos = g.head.find(line);
      if (kind == DbMutation::open_site_missing) {
        g.head.erase(pos, line.size());
        out.what = "a territory card left out of the set-up";
      } else {
        std::string card = attr(line, "card") == "city" ? "village" : "city";
        g.head.replace(pos, line.size(), set_attr(line, "card", card));
        out.what = "a territory card changed to a " + card;
      }
      out.turn = 0;
      break;
    }
    case DbMutation::vp_claim_changed:
    case DbMutation::coins_claim_changed: {
      bool vp = kind == DbMutation::vp_claim_changed;
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == (vp ? K::vp : K::harvest) && e.claimed >= 0;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      e.xml = set_attr(e.xml, vp ? "points" : "coins", std::to_string(e.claimed + 1));
      out.turn = static_cast<int>(p.turn) + 1;
      out.figures = std::array<int, 2>{e.claimed + 1, e.claimed};
      out.what = fmt::format("a {} claim changed in turn {}", vp ? "VP" : "coins", p.turn + 1);
      break;
    }
    case DbMutation::result_claim_changed: {
      auto places = find([&](const DbGenTurn&, const DbGenElem& e, std::size_t, std::size_t) {
        return e.kind == K::battle && e.result_claimed;
      });
      if (places.empty()) return std::nullopt;
      Place p = pick(places);
      auto& e = g.turns[p.turn].elems[p.elem];
      e.xml =
          set_attr(e.xml, "result", attr(e.xml, "result") == "captured" ? "repelled" : "captured");
      out.turn = static_cast<int>(p.turn) + 1;
      out.what = fmt::format("a battle result claim flipped in turn {}", p.turn + 1);
      break;
    }
    case DbMutation::final_changed:
    case DbMutation::final_missing: {
      auto at = g.end.find("<final ");
      if (at == std::string::npos) return std::nullopt;
      auto stop = g.end.find("/>", at) + 2;
      std::string line = g.end.substr(at, stop - at);
      if (kind == DbMutation::final_missing) {
        g.end.erase(at, stop - at);
        out.what = "a final VP claim left out";
      } else {
        int v = std::stoi(attr(line, "vp"));
        g.end.replace(at, line.size(), set_attr(line, "vp", std::to_string(v + 1)));
        out.figures = std::array<int, 2>{v + 1, v};
        out.what = "a final VP claim changed";
      }
      out.turn = 0;
      break;
    }
    case DbMutation::end_reason_changed: {
      std::string r = attr(g.end, "reason");
      if (r.empty()) return std::nullopt;
      g.end = set_attr(g.end, "reason", r == "deck" ? "last-territory" : "deck");
      out.turn = 0;
      out.what = "the end reason claim changed";
      break;
    }
  }
  out.xml = g.xml();
  return out;
}

}  // namespace wallaudit::test
