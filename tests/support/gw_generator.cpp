#include "support/gw_generator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <random>

namespace wallaudit::test::gwgen {

namespace {

// ---- the game's facts, restated here on purpose (the generator shares no code with the
// engine it tests) ------------------------------------------------------------------------

constexpr std::array<const char*, 5> kColourNames{"red", "yellow", "green", "blue", "brown"};
constexpr std::array<const char*, 7> kCardNames{"wall",    "gate",    "watchtower", "noble",
                                                "warrior", "cavalry", "dragon"};
enum CardType { kWall, kGate, kTower, kNoble, kWarrior, kCavalry, kDragon };
constexpr std::array<int, 7> kMix{7, 3, 1, 1, 5, 2, 1};
constexpr std::array<int, 7> kPrinted{1, 2, 3, 1, 1, 2, 1};
constexpr std::array<int, 7> kTokenValue{1, 2, 3, 4, 5, 7, 8};
constexpr std::array<int, 7> kTokenCount{2, 6, 7, 7, 8, 4, 2};
constexpr std::array<const char*, 10> kNames{"Ann", "Bo",  "Chen", "Dita", "Emil",
                                             "Fei", "Gus", "Hana", "Ivo",  "Jun"};

int sections_for(int players) {
  return players == 2 ? 2 : players == 3 ? 3 : 4;
}

std::string sname(int s) {
  return fmt::format("S{}", s + 1);
}

// A deterministic random source: std::mt19937_64 is specified exactly; the distributions of
// the standard library are not, so these helpers do their own arithmetic.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  // Uniform in [0, n), n > 0.
  int below(int n) {
    auto un = static_cast<std::uint64_t>(n);
    std::uint64_t limit =
        std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % un;
    std::uint64_t x;
    do {
      x = engine_();
    } while (x >= limit);
    return static_cast<int>(x % un);
  }
  double unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  bool chance(double p) { return unit() < p; }
  template <typename T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i)
      std::swap(v[i - 1], v[static_cast<std::size_t>(below(static_cast<int>(i)))]);
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace

// ---- the record as steps --------------------------------------------------------------------

struct GStep {
  enum class Kind : std::uint8_t { score, reveal, discard, play, draw } kind = Kind::draw;
  int section = 0;
  int token = 0;
  int on = 0;  // 0: none
  std::vector<int> tokens;
  int card = 0;
  int count = 1;
  std::string card_text;  // replaces the card attribute when set (mutations)
  bool named = false;     // a draw naming its card
  bool second = false;    // a second-token score
  // What the step saw.
  int places_before = 0;
  int laid_place_before = -1;
  std::vector<int> top_colours;        // top colour of each place before
  std::array<int, 7> played_before{};  // the player's cards played before, by type

  std::string xml() const {
    switch (kind) {
      case Kind::score:
        return on ? fmt::format(R"(<score section="{}" token="{}" on="{}"/>)", sname(section),
                                token, on)
                  : fmt::format(R"(<score section="{}" token="{}"/>)", sname(section), token);
      case Kind::reveal:
      case Kind::discard: {
        std::string list;
        for (int v : tokens)
          list += fmt::format("{}{}", list.empty() ? "" : " ", v);
        return fmt::format(R"(<{} section="{}" tokens="{}"/>)",
                           kind == Kind::reveal ? "reveal" : "discard", sname(section), list);
      }
      case Kind::play: {
        std::string out = fmt::format(R"(<play section="{}" card="{}")", sname(section),
                                      card_text.empty() ? kCardNames[card] : card_text);
        if (count > 1) out += fmt::format(R"( count="{}")", count);
        if (on) out += fmt::format(R"( on="{}")", on);
        return out + "/>";
      }
      case Kind::draw:
        return named ? fmt::format(R"(<draw card="{}"/>)", kCardNames[card]) : "<draw/>";
    }
    return "";
  }
};

// A section where the player had a card and a token lay, but did not lead: a place for an
// unearned <score>.
struct Unearned {
  int section = 0;
  bool laid = false;
  int token = 0;      // the token a score would take there
  int own_place = 0;  // 1-based, for a first token
};

struct GTurn {
  int colour = 0;
  int seat = 0;
  std::vector<GStep> steps;
  int actions = 0;
  int deck_after = 0;
  std::vector<int> hand_after;
  std::vector<int> open_after;
  bool scoring_only = false;
  bool ended_game = false;
  std::vector<Unearned> unearned;

  std::string xml() const {
    if (steps.empty()) return fmt::format(R"(<turn colour="{}"/>)", kColourNames[colour]);
    std::string out = fmt::format(R"(<turn colour="{}">)", kColourNames[colour]);
    for (const auto& s : steps)
      out += s.xml();
    return out + "</turn>";
  }
};

struct SetupElement {
  enum class Kind : std::uint8_t { section, discard, hand } kind = Kind::section;
  int section = 0;
  std::vector<int> tokens;
  int colour = 0;
  std::vector<int> cards;
  std::string raw;  // replaces the element when set (mutations)

  std::string xml() const {
    if (!raw.empty()) return raw;
    std::string list;
    if (kind == Kind::hand) {
      for (int c : cards)
        list += fmt::format("{}{}", list.empty() ? "" : " ", kCardNames[c]);
      return fmt::format(R"(<hand colour="{}" cards="{}"/>)", kColourNames[colour], list);
    }
    for (int v : tokens)
      list += fmt::format("{}{}", list.empty() ? "" : " ", v);
    return kind == Kind::section
               ? fmt::format(R"(<section id="{}" tokens="{}"/>)", sname(section), list)
               : fmt::format(R"(<discard section="{}" tokens="{}"/>)", sname(section), list);
  }
};

struct Internals {
  std::string meta;
  std::vector<std::pair<int, std::string>> players;  // colour, name
  std::vector<SetupElement> setup;
  std::vector<GTurn> turns;
  std::vector<std::pair<int, int>> finals;  // colour, points
  std::string end_reason;
  int sections = 2;

  std::string xml() const {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<record game=\"great-wall-of-china\" format=\"1\">\n";
    if (!meta.empty()) out += meta;
    out += "  <players>\n";
    for (const auto& [c, n] : players)
      out += n.empty()
                 ? fmt::format("    <player colour=\"{}\"/>\n", kColourNames[c])
                 : fmt::format("    <player colour=\"{}\" name=\"{}\"/>\n", kColourNames[c], n);
    out += "  </players>\n  <setup>\n";
    for (const auto& e : setup)
      out += "    " + e.xml() + "\n";
    out += "  </setup>\n  <play>\n";
    for (const auto& t : turns)
      out += "    " + t.xml() + "\n";
    out += "  </play>\n";
    if (!finals.empty()) {
      out += "  <end>\n";
      for (const auto& [c, p] : finals)
        out += fmt::format("    <final colour=\"{}\" points=\"{}\"/>\n", kColourNames[c], p);
      out += "  </end>\n";
    }
    out += "</record>\n";
    return out;
  }
};

namespace {

// ---- the table -------------------------------------------------------------------------------

struct GCard {
  int colour = 0;
  int type = 0;
};

struct GPlace {
  std::vector<GCard> layers;
  const GCard& top() const { return layers.back(); }
};

struct GSection {
  bool open = true;
  std::vector<int> offer;
  bool has_laid = false;
  int laid = 0;
  int laid_place = -1;
  std::vector<GPlace> places;

  bool holds_token() const { return !offer.empty() || has_laid; }
  bool present(int colour) const {
    for (const auto& p : places)
      for (const auto& c : p.layers)
        if (c.colour == colour) return true;
    return false;
  }
  // The colour's total (rules section 4): visible cards, warriors growing, a noble making
  // every card 1, minus the first token lying on one of its cards.
  int total(int colour) const {
    bool noble = false;
    for (const auto& p : places)
      if (p.top().type == kNoble) noble = true;
    int sum = 0, warriors = 0;
    for (const auto& p : places) {
      if (p.top().colour != colour) continue;
      if (noble)
        sum += 1;
      else if (p.top().type == kWarrior)
        sum += ++warriors;
      else
        sum += kPrinted[static_cast<std::size_t>(p.top().type)];
    }
    if (has_laid && laid_place >= 0 &&
        places[static_cast<std::size_t>(laid_place)].top().colour == colour)
      sum -= laid;
    return sum;
  }
};

struct GPlayer {
  int colour = 0;
  std::vector<int> deck;  // the top is the back
  std::vector<int> hand;
  std::array<int, 7> played{};
  int played_total = 0;
  int score = 0;
  bool hand_named = false;
};

class Simulation {
 public:
  Simulation(std::uint64_t seed, const Options& options) : rng_(seed) {
    game_.seed = seed;
    int players = options.players ? *options.players : 2 + rng_.below(4);
    naming_ = options.naming ? *options.naming : static_cast<Naming>(rng_.below(3));
    claims_ = options.claims ? *options.claims : rng_.chance(0.6);
    meta_ = options.meta ? *options.meta : rng_.chance(0.5);
    unfinished_ = options.unfinished ? *options.unfinished : rng_.chance(0.08);
    eagerness_ = options.eagerness ? *options.eagerness : 0.35 + 0.5 * rng_.unit();
    game_.players = players;
    in_.sections = sections_for(players);
    // Colours and seats.
    std::vector<int> colours{0, 1, 2, 3, 4};
    rng_.shuffle(colours);
    colours.resize(static_cast<std::size_t>(players));
    std::vector<std::string> names(kNames.begin(), kNames.end());
    rng_.shuffle(names);
    for (int i = 0; i < players; ++i) {
      GPlayer p;
      p.colour = colours[static_cast<std::size_t>(i)];
      for (int t = 0; t < 7; ++t)
        for (int k = 0; k < kMix[static_cast<std::size_t>(t)]; ++k)
          p.deck.push_back(t);
      rng_.shuffle(p.deck);
      players_.push_back(p);
      in_.players.emplace_back(p.colour, meta_ ? names[static_cast<std::size_t>(i)] : "");
      game_.colours.emplace_back(kColourNames[p.colour]);
    }
    for (std::size_t i = 0; i < kTokenValue.size(); ++i)
      for (int k = 0; k < kTokenCount[i]; ++k)
        pool_.push_back(kTokenValue[i]);
    rng_.shuffle(pool_);
    if (meta_)
      in_.meta = fmt::format(
          "  <meta>\n    <event>Club night {}</event>\n    <date>2024-{:02}-{:02}</date>\n"
          "    <recorded-by>{}</recorded-by>\n  </meta>\n",
          1 + rng_.below(40), 1 + rng_.below(12), 1 + rng_.below(28), in_.players.front().second);
  }

  Game run() {
    setup();
    int seat = 0;
    std::vector<std::map<std::string, int>> scores_after{current_scores()};
    while (!over_ && turn_ < 600) {
      play_turn(seat);
      scores_after.push_back(current_scores());
      seat = (seat + 1) % static_cast<int>(players_.size());
    }
    game_.finished = over_;
    game_.end_reason = over_ ? in_.end_reason : "";
    int turns = static_cast<int>(in_.turns.size());
    if (unfinished_ && turns > 4) {
      int keep = 2 + rng_.below(turns - 3);
      in_.turns.resize(static_cast<std::size_t>(keep));
      game_.finished = false;
      game_.end_reason.clear();
      turns = keep;
      std::erase_if(game_.scorings, [&](const ScoreTrace& s) { return s.turn > keep; });
      game_.features.insert("unfinished");
    }
    game_.turns = turns;
    game_.scores = scores_after[static_cast<std::size_t>(turns)];
    if (game_.finished) {
      int top = std::numeric_limits<int>::min();
      for (const auto& [c, p] : game_.scores)
        top = std::max(top, p);
      for (const auto& [c, p] : game_.scores)
        if (p == top) game_.winners.push_back(c);
      std::sort(game_.winners.begin(), game_.winners.end());
      if (game_.winners.size() > 1) game_.features.insert("shared-win");
      game_.features.insert("end:" + game_.end_reason);
    }
    if (claims_)
      for (const auto& p : players_)
        in_.finals.emplace_back(p.colour, game_.scores[kColourNames[p.colour]]);
    game_.features.insert(fmt::format("players:{}", players_.size()));
    game_.features.insert(naming_ == Naming::at_draw       ? "naming:at-draw"
                          : naming_ == Naming::when_played ? "naming:when-played"
                                                           : "naming:mixed");
    game_.description = fmt::format(
        "seed {}: {} players, naming {}, {} turns, {}{}", game_.seed, players_.size(),
        naming_ == Naming::at_draw       ? "at draw"
        : naming_ == Naming::when_played ? "when played"
                                         : "mixed",
        turns, game_.finished ? "ended by " + game_.end_reason : std::string("unfinished"),
        claims_ ? ", claims" : "");
    game_.xml = in_.xml();
    game_.internals = std::make_shared<const Internals>(std::move(in_));
    return std::move(game_);
  }

 private:
  std::map<std::string, int> current_scores() const {
    std::map<std::string, int> out;
    for (const auto& p : players_)
      out[kColourNames[p.colour]] = p.score;
    return out;
  }

  bool two_players() const { return players_.size() == 2; }

  // Draws a new pair; with two players an equal pair goes back in the box (GW-202). Returns
  // false when fewer than two tokens are left.
  bool new_pair(std::vector<std::vector<int>>& discards, std::vector<int>& pair) {
    for (;;) {
      if (pool_.size() < 2) return false;
      int a = pool_.back();
      pool_.pop_back();
      int b = pool_.back();
      pool_.pop_back();
      if (two_players() && a == b) {
        discards.push_back({a, b});
        game_.features.insert("discard");
        continue;
      }
      pair = {a, b};
      return true;
    }
  }

  void setup() {
    sections_.resize(static_cast<std::size_t>(in_.sections));
    for (int s = 0; s < in_.sections; ++s) {
      std::vector<std::vector<int>> discards;
      std::vector<int> pair;
      new_pair(discards, pair);  // 36 tokens: always enough at the start
      for (auto& d : discards) {
        SetupElement e;
        e.kind = SetupElement::Kind::discard;
        e.section = s;
        e.tokens = d;
        in_.setup.push_back(e);
      }
      SetupElement e;
      e.section = s;
      e.tokens = pair;
      in_.setup.push_back(e);
      sections_[static_cast<std::size_t>(s)].offer = pair;
    }
    for (auto& p : players_) {
      for (int k = 0; k < 5; ++k) {
        p.hand.push_back(p.deck.back());
        p.deck.pop_back();
      }
      p.hand_named = naming_ == Naming::at_draw || (naming_ == Naming::mixed && rng_.chance(0.5));
      if (p.hand_named) {
        SetupElement e;
        e.kind = SetupElement::Kind::hand;
        e.colour = p.colour;
        e.cards = p.hand;
        in_.setup.push_back(e);
      }
    }
    // The set-up in a shuffled but sensible order: sections first, then hands.
    if (rng_.chance(0.3)) rng_.shuffle(in_.setup);
  }

  bool leads(const GSection& s, int colour) const {
    if (!s.open || !s.holds_token() || !s.present(colour)) return false;
    int mine = s.total(colour);
    for (const auto& p : players_)
      if (p.colour != colour && s.present(p.colour) && s.total(p.colour) >= mine) return false;
    return true;
  }

  bool anyone_leads() const {
    for (const auto& s : sections_)
      for (const auto& p : players_)
        if (leads(s, p.colour)) return true;
    return false;
  }

  bool table_empty() const {
    if (!pool_.empty()) return false;
    for (const auto& s : sections_)
      if (s.holds_token()) return false;
    return true;
  }

  GStep context(int s, const GPlayer& p) const {
    const GSection& sec = sections_[static_cast<std::size_t>(s)];
    GStep st;
    st.section = s;
    st.places_before = static_cast<int>(sec.places.size());
    st.laid_place_before = sec.has_laid ? sec.laid_place : -1;
    for (const auto& place : sec.places)
      st.top_colours.push_back(place.top().colour);
    st.played_before = p.played;
    return st;
  }

  void play_turn(int seat) {
    ++turn_;
    GPlayer& p = players_[static_cast<std::size_t>(seat)];
    GTurn t;
    t.colour = p.colour;
    t.seat = seat;
    t.scoring_only = scoring_only_;
    std::vector<int> led;
    for (int s = 0; s < in_.sections; ++s) {
      const GSection& sec = sections_[static_cast<std::size_t>(s)];
      if (leads(sec, p.colour)) {
        led.push_back(s);
      } else if (sec.open && sec.holds_token() && sec.present(p.colour)) {
        Unearned u;
        u.section = s;
        u.laid = sec.has_laid;
        u.token = sec.offer.empty() ? 0 : sec.offer.front();
        for (std::size_t i = 0; i < sec.places.size(); ++i)
          if (sec.places[i].top().colour == p.colour && u.own_place == 0)
            u.own_place = static_cast<int>(i) + 1;
        if (u.token && (u.laid || u.own_place)) t.unearned.push_back(u);
      }
    }
    rng_.shuffle(led);
    for (int s : led) {
      score(s, p, t);
      if (over_) break;
    }
    if (!over_ && !scoring_only_) actions(p, t);
    if (scoring_only_) game_.features.insert("scoring-only-turn");
    t.deck_after = static_cast<int>(p.deck.size());
    t.hand_after = p.hand;
    for (int s = 0; s < in_.sections; ++s)
      if (sections_[static_cast<std::size_t>(s)].open) t.open_after.push_back(s);
    t.ended_game = over_;
    in_.turns.push_back(std::move(t));
    if (over_) return;
    int next = (seat + 1) % static_cast<int>(players_.size());
    if (emptier_ >= 0 && !scoring_only_ && next == emptier_ && turn_ != emptier_turn_)
      scoring_only_ = true;
    if (scoring_only_ && !anyone_leads()) {
      over_ = true;
      in_.end_reason = "last-round";
      in_.turns.back().ended_game = true;
    }
  }

  void score(int s, GPlayer& p, GTurn& t) {
    GSection& sec = sections_[static_cast<std::size_t>(s)];
    ScoreTrace tr;
    tr.turn = turn_;
    tr.section = sname(s);
    tr.scorer = kColourNames[p.colour];
    tr.scorer_total = sec.total(p.colour);
    tr.alone = true;
    for (const auto& other : players_)
      if (other.colour != p.colour && sec.present(other.colour)) tr.alone = false;
    if (tr.alone) game_.features.insert("lone-scorer");
    GStep st = context(s, p);
    st.kind = GStep::Kind::score;
    if (!sec.has_laid) {
      std::size_t pick = sec.offer.size() == 2 && sec.offer[1] > sec.offer[0] ? 1 : 0;
      if (sec.offer.size() == 2 && rng_.chance(0.3)) pick = 1 - pick;
      int value = sec.offer[pick];
      sec.offer.erase(sec.offer.begin() + static_cast<std::ptrdiff_t>(pick));
      std::vector<int> own;
      for (std::size_t i = 0; i < sec.places.size(); ++i)
        if (sec.places[i].top().colour == p.colour) own.push_back(static_cast<int>(i));
      int place = own[static_cast<std::size_t>(rng_.below(static_cast<int>(own.size())))];
      sec.has_laid = true;
      sec.laid = value;
      sec.laid_place = place;
      st.token = value;
      st.on = place + 1;
      tr.token = value;
      t.steps.push_back(st);
    } else {
      int value = sec.offer.front();
      int owner = sec.places[static_cast<std::size_t>(sec.laid_place)].top().colour;
      p.score += value;
      tr.points[kColourNames[p.colour]] += value;
      for (auto& o : players_)
        if (o.colour == owner) o.score += sec.laid;
      tr.points[kColourNames[owner]] += sec.laid;
      if (owner == p.colour) game_.features.insert("both-tokens");
      if (tr.alone && tr.scorer_total < 0) game_.features.insert("lone-negative-win");
      st.token = value;
      st.second = true;
      tr.token = value;
      tr.second = true;
      t.steps.push_back(st);
      sec.places.clear();
      sec.offer.clear();
      sec.has_laid = false;
      sec.laid_place = -1;
      std::vector<std::vector<int>> discards;
      std::vector<int> pair;
      bool revealed = new_pair(discards, pair);
      for (auto& d : discards) {
        GStep ds;
        ds.kind = GStep::Kind::discard;
        ds.section = s;
        ds.tokens = d;
        t.steps.push_back(ds);
      }
      if (revealed) {
        GStep rs;
        rs.kind = GStep::Kind::reveal;
        rs.section = s;
        rs.tokens = pair;
        t.steps.push_back(rs);
        sec.offer = pair;
      } else {
        sec.open = false;
        game_.features.insert("section-closed");
        if (rng_.chance(0.3)) {
          GStep rs;
          rs.kind = GStep::Kind::reveal;
          rs.section = s;
          t.steps.push_back(rs);
          game_.features.insert("empty-reveal");
        }
      }
      if (table_empty()) {
        over_ = true;
        in_.end_reason = "last-token";
      }
    }
    game_.scorings.push_back(std::move(tr));
  }

  // ---- actions 2 and 3 ---------------------------------------------------------------------

  int count_in_hand(const GPlayer& p, int type) const {
    return static_cast<int>(std::count(p.hand.begin(), p.hand.end(), type));
  }

  bool has_open_section() const {
    return std::any_of(sections_.begin(), sections_.end(),
                       [](const GSection& s) { return s.open; });
  }

  // How good a section looks for `colour`: leading it, by how much, and what it offers.
  double worth(const GSection& s, int colour) const {
    if (!s.open) return 0;
    int mine = s.total(colour), best = std::numeric_limits<int>::min();
    bool others = false;
    for (const auto& p : players_) {
      if (p.colour == colour || !s.present(p.colour)) continue;
      others = true;
      best = std::max(best, s.total(p.colour));
    }
    int prize = 0;
    for (int v : s.offer)
      prize = std::max(prize, v);
    if (s.has_laid) prize = std::max(prize, s.laid);
    double margin = others ? std::clamp(mine - best, -6, 6) : (s.present(colour) ? 3 : 0);
    bool lead = s.present(colour) && (!others || mine > best);
    return (lead ? 4.0 + prize : 0.0) + 0.4 * margin;
  }

  struct Choice {
    int section = 0;
    int type = 0;
    int count = 1;
    int target = -1;  // a dragon's place
    double value = 0;
  };

  static void apply(GSection& s, int colour, int type, int count, int target) {
    for (int i = 0; i < count; ++i) {
      if (target >= 0 && type == kDragon && i == 0)
        s.places[static_cast<std::size_t>(target)].layers.push_back({colour, type});
      else
        s.places.push_back(GPlace{{GCard{colour, type}}});
    }
  }

  std::vector<Choice> choices(const GPlayer& p, bool cavalry) const {
    std::vector<Choice> out;
    for (int type = 0; type < 7; ++type) {
      if ((type == kCavalry) != cavalry) continue;
      int have = count_in_hand(p, type);
      if (!have) continue;
      std::vector<int> counts{1};
      if (have > 1 && type != kDragon) counts.push_back(have);
      for (int s = 0; s < in_.sections; ++s) {
        const GSection& sec = sections_[static_cast<std::size_t>(s)];
        if (!sec.open) continue;
        double before = worth(sec, p.colour);
        std::vector<int> targets{-1};
        if (type == kDragon)
          for (int i = 0; i < static_cast<int>(sec.places.size()); ++i)
            if (!(sec.has_laid && sec.laid_place == i)) targets.push_back(i);
        for (int count : counts) {
          for (int target : targets) {
            GSection copy = sec;
            apply(copy, p.colour, type, count, target);
            double value = worth(copy, p.colour) - before + (count > 1 ? 0.5 * count : 0);
            // Other colours' standing there: hurting the leader is good too.
            for (const auto& o : players_)
              if (o.colour != p.colour)
                value += 0.3 * (worth(sec, o.colour) - worth(copy, o.colour));
            out.push_back({s, type, count, target, value});
          }
        }
      }
    }
    return out;
  }

  Choice pick(std::vector<Choice> options) {
    for (auto& c : options)
      c.value += 1.5 * rng_.unit();
    if (rng_.chance(0.2))
      return options[static_cast<std::size_t>(rng_.below(static_cast<int>(options.size())))];
    return *std::max_element(options.begin(), options.end(),
                             [](const Choice& a, const Choice& b) { return a.value < b.value; });
  }

  void play(GPlayer& p, GTurn& t, const Choice& c) {
    GSection& sec = sections_[static_cast<std::size_t>(c.section)];
    GStep st = context(c.section, p);
    st.kind = GStep::Kind::play;
    st.card = c.type;
    st.count = c.count;
    st.on = c.target >= 0 ? c.target + 1 : 0;
    t.steps.push_back(st);
    if (c.target >= 0) {
      const GCard& covered = sec.places[static_cast<std::size_t>(c.target)].top();
      game_.features.insert("dragon:on-card");
      if (covered.type == kDragon) game_.features.insert("dragon:on-dragon");
      if (covered.type == kNoble) game_.features.insert("dragon:on-noble");
      if (covered.colour == p.colour) game_.features.insert("dragon:on-own");
    } else if (c.type == kDragon) {
      game_.features.insert("dragon:at-end");
    }
    apply(sec, p.colour, c.type, c.count, c.target);
    game_.features.insert(std::string("card:") + kCardNames[c.type]);
    if (c.count > 1) game_.features.insert("group-play");
    if (c.type == kWarrior) {
      int visible = 0;
      for (const auto& place : sec.places)
        if (place.top().colour == p.colour && place.top().type == kWarrior) ++visible;
      if (visible >= 3) game_.features.insert("warriors:3+");
    }
    for (int i = 0; i < c.count; ++i)
      p.hand.erase(std::find(p.hand.begin(), p.hand.end(), c.type));
    p.played[static_cast<std::size_t>(c.type)] += c.count;
    p.played_total += c.count;
    if (emptier_ < 0 && p.played_total == 20) {
      emptier_ = static_cast<int>(&p - players_.data());
      emptier_turn_ = turn_;
      game_.features.insert("deck-emptied");
    }
  }

  void draw(GPlayer& p, GTurn& t) {
    GStep st;
    st.kind = GStep::Kind::draw;
    st.card = p.deck.back();
    st.played_before = p.played;
    st.named = naming_ == Naming::at_draw || (naming_ == Naming::mixed && rng_.chance(0.5));
    p.hand.push_back(p.deck.back());
    p.deck.pop_back();
    t.steps.push_back(st);
  }

  void maybe_cavalry(GPlayer& p, GTurn& t, bool force) {
    if (!count_in_hand(p, kCavalry) || !has_open_section()) return;
    if (!force && !rng_.chance(0.3)) return;
    play(p, t, pick(choices(p, true)));
    game_.features.insert("cavalry");
  }

  void actions(GPlayer& p, GTurn& t) {
    auto non_cavalry = [&] {
      return std::any_of(p.hand.begin(), p.hand.end(), [](int c) { return c != kCavalry; });
    };
    maybe_cavalry(p, t, p.deck.empty() && !non_cavalry());
    int actions = 0;
    while (actions < 2) {
      bool can_draw = !p.deck.empty();
      bool can_play = has_open_section() && non_cavalry();
      if (!can_draw && !can_play) break;
      int hand = static_cast<int>(p.hand.size());
      double draw_chance = hand <= 1   ? 0.85
                           : hand <= 3 ? 1.0 - eagerness_
                           : hand >= 7 ? 0.05
                                       : 0.6 * (1.0 - eagerness_);
      if (can_draw && (!can_play || rng_.chance(draw_chance)))
        draw(p, t);
      else
        play(p, t, pick(choices(p, false)));
      ++actions;
      if (actions == 1) maybe_cavalry(p, t, false);
    }
    // A player who cannot act may still play cavalry (before an action 3 that never comes).
    if (actions < 2 && p.deck.empty()) maybe_cavalry(p, t, true);
    t.actions = actions;
  }

  Rng rng_;
  Game game_;
  Internals in_;
  Naming naming_ = Naming::at_draw;
  bool claims_ = false, meta_ = false, unfinished_ = false;
  double eagerness_ = 0.5;
  std::vector<GPlayer> players_;
  std::vector<GSection> sections_;
  std::vector<int> pool_;
  int turn_ = 0;
  int emptier_ = -1;
  int emptier_turn_ = 0;
  bool scoring_only_ = false;
  bool over_ = false;
};

}  // namespace

Game generate(std::uint64_t seed, const Options& options) {
  return Simulation(seed, options).run();
}

// ---- mutations ---------------------------------------------------------------------------------

const std::vector<Mutation>& all_mutations() {
  static const std::vector<Mutation> list{
      Mutation::colour_twice,       Mutation::token_not_a_value,
      Mutation::player_count,       Mutation::section_missing,
      Mutation::equal_pair,         Mutation::hand_wrong,
      Mutation::turn_order,         Mutation::third_action,
      Mutation::scoring_missed,     Mutation::scoring_unearned,
      Mutation::mixed_play,         Mutation::too_few_actions,
      Mutation::late_cavalry,       Mutation::card_not_held,
      Mutation::dragon_target,      Mutation::first_token_misplaced,
      Mutation::second_token_wrong, Mutation::after_last_token,
      Mutation::after_last_round,   Mutation::final_changed,
  };
  return list;
}

std::string_view mutation_name(Mutation m) {
  switch (m) {
    case Mutation::colour_twice:
      return "colour_twice";
    case Mutation::token_not_a_value:
      return "token_not_a_value";
    case Mutation::player_count:
      return "player_count";
    case Mutation::section_missing:
      return "section_missing";
    case Mutation::equal_pair:
      return "equal_pair";
    case Mutation::hand_wrong:
      return "hand_wrong";
    case Mutation::turn_order:
      return "turn_order";
    case Mutation::third_action:
      return "third_action";
    case Mutation::scoring_missed:
      return "scoring_missed";
    case Mutation::scoring_unearned:
      return "scoring_unearned";
    case Mutation::mixed_play:
      return "mixed_play";
    case Mutation::too_few_actions:
      return "too_few_actions";
    case Mutation::late_cavalry:
      return "late_cavalry";
    case Mutation::card_not_held:
      return "card_not_held";
    case Mutation::dragon_target:
      return "dragon_target";
    case Mutation::first_token_misplaced:
      return "first_token_misplaced";
    case Mutation::second_token_wrong:
      return "second_token_wrong";
    case Mutation::after_last_token:
      return "after_last_token";
    case Mutation::after_last_round:
      return "after_last_round";
    case Mutation::final_changed:
      return "final_changed";
  }
  return "?";
}

std::string_view expected_rule(Mutation m) {
  switch (m) {
    case Mutation::colour_twice:
      return "GW-101";
    case Mutation::token_not_a_value:
      return "GW-102";
    case Mutation::player_count:
      return "GW-103";
    case Mutation::section_missing:
      return "GW-201";
    case Mutation::equal_pair:
      return "GW-202";
    case Mutation::hand_wrong:
      return "GW-203";
    case Mutation::turn_order:
      return "GW-204";
    case Mutation::third_action:
      return "GW-301";
    case Mutation::scoring_missed:
    case Mutation::scoring_unearned:
      return "GW-302";
    case Mutation::mixed_play:
      return "GW-303";
    case Mutation::too_few_actions:
      return "GW-304";
    case Mutation::late_cavalry:
      return "GW-305";
    case Mutation::card_not_held:
      return "GW-306";
    case Mutation::dragon_target:
      return "GW-404";
    case Mutation::first_token_misplaced:
      return "GW-501";
    case Mutation::second_token_wrong:
      return "GW-502";
    case Mutation::after_last_token:
      return "GW-601";
    case Mutation::after_last_round:
      return "GW-602";
    case Mutation::final_changed:
      return "GW-604";
  }
  return "?";
}

bool is_dispute(Mutation m) {
  return m == Mutation::final_changed;
}

namespace {

// Places (turn index, step index) whose step passes `want`.
template <typename F>
std::vector<std::pair<std::size_t, std::size_t>> steps_where(const Internals& in, F want) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t t = 0; t < in.turns.size(); ++t)
    for (std::size_t s = 0; s < in.turns[t].steps.size(); ++s)
      if (want(in.turns[t], in.turns[t].steps[s])) out.emplace_back(t, s);
  return out;
}

template <typename T>
const T& choose(const std::vector<T>& v, std::uint64_t salt) {
  return v[static_cast<std::size_t>(salt % v.size())];
}

bool is_action(const GStep& s) {
  return s.kind == GStep::Kind::draw || (s.kind == GStep::Kind::play && s.card != kCavalry);
}

int other_token_value(int value) {
  return value == 8 ? 7 : 8;
}

}  // namespace

std::optional<Mutated> mutate(const Game& game, Mutation kind, std::uint64_t salt) {
  Internals in = *game.internals;
  Mutated m;
  m.kind = kind;
  m.rule = std::string(expected_rule(kind));
  using Kind = GStep::Kind;
  auto at_turn = [&](std::size_t t) { m.turn = static_cast<int>(t) + 1; };
  switch (kind) {
    case Mutation::colour_twice: {
      in.players[1].first = in.players[0].first;
      m.what = fmt::format("seat 2 plays {} too", kColourNames[in.players[0].first]);
      break;
    }
    case Mutation::token_not_a_value: {
      auto places =
          steps_where(in, [](const GTurn&, const GStep& s) { return s.kind == Kind::score; });
      if (places.empty() || salt % 3 == 0) {
        auto& e = *std::find_if(in.setup.begin(), in.setup.end(), [](const SetupElement& e) {
          return e.kind == SetupElement::Kind::section;
        });
        e.tokens[salt % 2] = 6;
        m.what = fmt::format("set-up: {} starts with a 6", sname(e.section));
        break;
      }
      auto [t, s] = choose(places, salt);
      in.turns[t].steps[s].token = 6;
      at_turn(t);
      m.what = "a score takes a token of 6";
      break;
    }
    case Mutation::player_count: {
      if (in.players.size() != 2) return std::nullopt;
      in.players.pop_back();
      m.what = "the second player is left out";
      break;
    }
    case Mutation::section_missing: {
      std::vector<std::size_t> sections;
      for (std::size_t i = 0; i < in.setup.size(); ++i)
        if (in.setup[i].kind == SetupElement::Kind::section) sections.push_back(i);
      std::size_t i = choose(sections, salt);
      m.what = fmt::format("set-up: no <section> for {}", sname(in.setup[i].section));
      in.setup.erase(in.setup.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    }
    case Mutation::equal_pair: {
      std::vector<std::size_t> sections;
      for (std::size_t i = 0; i < in.setup.size(); ++i)
        if (in.setup[i].kind == SetupElement::Kind::section) sections.push_back(i);
      std::size_t i = choose(sections, salt);
      // A value that still has two tokens besides the other set-up draws.
      std::array<int, 7> used{};
      for (std::size_t k = 0; k < in.setup.size(); ++k)
        if (k != i && in.setup[k].kind != SetupElement::Kind::hand)
          for (int v : in.setup[k].tokens)
            for (std::size_t x = 0; x < kTokenValue.size(); ++x)
              if (kTokenValue[x] == v) ++used[x];
      int value = 0;
      for (std::size_t x = kTokenValue.size(); x-- > 0;)
        if (kTokenCount[x] - used[x] >= 2) {
          value = kTokenValue[x];
          break;
        }
      if (in.players.size() == 2) {
        in.setup[i].tokens = {value, value};
        m.what = fmt::format("set-up: {} keeps the equal pair {} {}", sname(in.setup[i].section),
                             value, value);
      } else {
        SetupElement d;
        d.kind = SetupElement::Kind::discard;
        d.section = in.setup[i].section;
        d.tokens = {value, value};
        in.setup.push_back(d);
        m.what = fmt::format("set-up: a discard with {} players", in.players.size());
      }
      break;
    }
    case Mutation::hand_wrong: {
      std::vector<std::size_t> hands;
      for (std::size_t i = 0; i < in.setup.size(); ++i)
        if (in.setup[i].kind == SetupElement::Kind::hand) hands.push_back(i);
      if (!hands.empty()) {
        std::size_t i = choose(hands, salt);
        in.setup[i].cards.pop_back();
        m.what = fmt::format("set-up: {}'s hand names 4 cards", kColourNames[in.setup[i].colour]);
        break;
      }
      if (in.players.size() == 5) return std::nullopt;
      for (int c = 0; c < 5; ++c) {
        if (std::any_of(in.players.begin(), in.players.end(),
                        [&](const auto& p) { return p.first == c; }))
          continue;
        SetupElement h;
        h.kind = SetupElement::Kind::hand;
        h.colour = c;
        h.cards = {kWall, kWall, kGate, kWarrior, kDragon};
        in.setup.push_back(h);
        m.what = fmt::format("set-up: a hand for {}, who is not playing", kColourNames[c]);
        break;
      }
      break;
    }
    case Mutation::turn_order: {
      std::size_t t = static_cast<std::size_t>(salt % in.turns.size());
      int seat = (in.turns[t].seat + 1) % static_cast<int>(in.players.size());
      in.turns[t].colour = in.players[static_cast<std::size_t>(seat)].first;
      at_turn(t);
      m.what = fmt::format("turn {} is played by {}", t + 1, kColourNames[in.turns[t].colour]);
      break;
    }
    case Mutation::third_action: {
      std::vector<std::size_t> turns;
      for (std::size_t t = 0; t < in.turns.size(); ++t)
        if (in.turns[t].actions == 2 && in.turns[t].deck_after > 0) turns.push_back(t);
      if (turns.empty()) return std::nullopt;
      std::size_t t = choose(turns, salt);
      GStep d;
      d.kind = Kind::draw;
      in.turns[t].steps.push_back(d);
      at_turn(t);
      m.what = "a third action (a draw)";
      break;
    }
    case Mutation::scoring_missed: {
      auto places =
          steps_where(in, [](const GTurn&, const GStep& s) { return s.kind == Kind::score; });
      if (places.empty()) return std::nullopt;
      auto [t, s] = choose(places, salt);
      auto& steps = in.turns[t].steps;
      int section = steps[s].section;
      std::size_t end = s + 1;
      while (end < steps.size() &&
             (steps[end].kind == Kind::discard || steps[end].kind == Kind::reveal) &&
             steps[end].section == section)
        ++end;
      steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(s),
                  steps.begin() + static_cast<std::ptrdiff_t>(end));
      at_turn(t);
      m.what = fmt::format("the scoring of {} is left out", sname(section));
      break;
    }
    case Mutation::scoring_unearned: {
      std::vector<std::size_t> turns;
      for (std::size_t t = 0; t < in.turns.size(); ++t)
        if (!in.turns[t].unearned.empty()) turns.push_back(t);
      if (turns.empty()) return std::nullopt;
      std::size_t t = choose(turns, salt);
      const Unearned& u = choose(in.turns[t].unearned, salt / 7);
      GStep sc;
      sc.kind = Kind::score;
      sc.section = u.section;
      sc.token = u.token;
      sc.on = u.laid ? 0 : u.own_place;
      in.turns[t].steps.insert(in.turns[t].steps.begin(), sc);
      at_turn(t);
      m.what = fmt::format("{} scores {} without leading", kColourNames[in.turns[t].colour],
                           sname(u.section));
      break;
    }
    case Mutation::mixed_play: {
      auto places = steps_where(in, [](const GTurn&, const GStep& s) {
        return s.kind == Kind::play && s.card != kCavalry && s.card != kDragon;
      });
      if (places.empty()) return std::nullopt;
      auto [t, s] = choose(places, salt);
      GStep& st = in.turns[t].steps[s];
      if (st.places_before > 0 && salt % 2 == 0) {
        st.on = 1;
        m.what = fmt::format("a {} played on=\"1\"", kCardNames[st.card]);
      } else {
        int other = st.card == kWall ? kGate : kWall;
        st.card_text = fmt::format("{} {}", kCardNames[st.card], kCardNames[other]);
        st.count = 1;
        m.what = fmt::format("card=\"{}\"", st.card_text);
      }
      at_turn(t);
      break;
    }
    case Mutation::too_few_actions: {
      std::vector<std::size_t> turns;
      for (std::size_t t = 0; t < in.turns.size(); ++t)
        if (in.turns[t].actions == 2) turns.push_back(t);
      if (turns.empty()) return std::nullopt;
      std::size_t t = choose(turns, salt);
      auto& steps = in.turns[t].steps;
      for (std::size_t s = steps.size(); s-- > 0;) {
        if (is_action(steps[s])) {
          steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(s));
          break;
        }
      }
      at_turn(t);
      m.what = "the turn's second action is left out";
      break;
    }
    case Mutation::late_cavalry: {
      std::vector<std::size_t> turns;
      for (std::size_t t = 0; t < in.turns.size(); ++t) {
        const GTurn& turn = in.turns[t];
        if (turn.actions == 2 && !turn.open_after.empty() &&
            std::count(turn.hand_after.begin(), turn.hand_after.end(), kCavalry) > 0)
          turns.push_back(t);
      }
      if (turns.empty()) return std::nullopt;
      std::size_t t = choose(turns, salt);
      GStep c;
      c.kind = Kind::play;
      c.card = kCavalry;
      c.section = choose(in.turns[t].open_after, salt);
      in.turns[t].steps.push_back(c);
      at_turn(t);
      m.what = "cavalry after action 3";
      break;
    }
    case Mutation::card_not_held: {
      std::vector<std::pair<std::size_t, std::size_t>> places;
      std::vector<int> types;
      for (auto [t, s] : steps_where(in, [](const GTurn&, const GStep& s) {
             return s.kind == Kind::play && s.card != kCavalry && s.card != kDragon;
           })) {
        const GStep& st = in.turns[t].steps[s];
        for (int y : {kWall, kGate, kTower, kNoble, kWarrior}) {
          if (y == st.card || st.played_before[static_cast<std::size_t>(y)] + st.count <=
                                  kMix[static_cast<std::size_t>(y)])
            continue;
          places.emplace_back(t, s);
          types.push_back(y);
          break;
        }
      }
      if (!places.empty() && salt % 3 != 0) {
        std::size_t i = static_cast<std::size_t>(salt % places.size());
        auto [t, s] = places[i];
        GStep& st = in.turns[t].steps[s];
        m.what = fmt::format("{} x {} instead of {} (all played already)", st.count,
                             kCardNames[types[i]], kCardNames[st.card]);
        st.card = types[i];
        at_turn(t);
        break;
      }
      std::vector<std::size_t> turns;
      for (std::size_t t = 0; t < in.turns.size(); ++t)
        if (in.turns[t].actions < 2 && in.turns[t].deck_after == 0 && !in.turns[t].scoring_only &&
            !in.turns[t].ended_game)
          turns.push_back(t);
      if (turns.empty()) {
        if (places.empty()) return std::nullopt;
        auto [t, s] = places.front();
        GStep& st = in.turns[t].steps[s];
        st.card = types.front();
        at_turn(t);
        m.what = "a card type all played already";
        break;
      }
      std::size_t t = choose(turns, salt);
      GStep d;
      d.kind = Kind::draw;
      in.turns[t].steps.push_back(d);
      at_turn(t);
      m.what = "a draw from an empty deck";
      break;
    }
    case Mutation::dragon_target: {
      auto places = steps_where(in, [](const GTurn&, const GStep& s) {
        return s.kind == Kind::play && s.card == kDragon;
      });
      if (places.empty()) return std::nullopt;
      auto [t, s] = choose(places, salt);
      GStep& st = in.turns[t].steps[s];
      if (st.laid_place_before >= 0) {
        st.on = st.laid_place_before + 1;
        m.what = "a dragon on the card with the first token";
      } else {
        st.on = st.places_before + 1;
        m.what = "a dragon on a place that has no card";
      }
      at_turn(t);
      break;
    }
    case Mutation::first_token_misplaced: {
      auto places = steps_where(
          in, [](const GTurn&, const GStep& s) { return s.kind == Kind::score && !s.second; });
      if (places.empty()) return std::nullopt;
      auto [t, s] = choose(places, salt);
      GStep& st = in.turns[t].steps[s];
      int colour = in.turns[t].colour;
      int other = 0;
      for (std::size_t i = 0; i < st.top_colours.size(); ++i)
        if (st.top_colours[i] != colour) other = static_cast<int>(i) + 1;
      if (other && salt % 2 == 0) {
        st.on = other;
        m.what = "the first token laid on another colour's card";
      } else {
        st.on = 0;
        m.what = "the first token without on=";
      }
      at_turn(t);
      break;
    }
    case Mutation::second_token_wrong: {
      auto places = steps_where(
          in, [](const GTurn&, const GStep& s) { return s.kind == Kind::score && s.second; });
      if (places.empty()) return std::nullopt;
      auto [t, s] = choose(places, salt);
      auto& steps = in.turns[t].steps;
      GStep& st = steps[s];
      int variant = static_cast<int>(salt % 3);
      std::size_t reveal = s + 1;
      while (reveal < steps.size() && steps[reveal].kind == Kind::discard)
        ++reveal;
      bool has_reveal = reveal < steps.size() && steps[reveal].kind == Kind::reveal &&
                        steps[reveal].section == st.section && steps[reveal].tokens.size() == 2;
      if (variant == 2 && has_reveal) {
        steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(reveal));
        m.what = "the new pair's <reveal> is left out";
      } else if (variant == 1) {
        st.token = other_token_value(st.token);
        m.what = "the second token's value is wrong";
      } else {
        st.on = 1;
        m.what = "the second token with on=";
      }
      at_turn(t);
      break;
    }
    case Mutation::after_last_token: {
      if (game.end_reason != "last-token" || !game.finished) return std::nullopt;
      GTurn& last = in.turns.back();
      GStep d;
      d.kind = Kind::draw;
      if (salt % 2 == 0) {
        last.steps.push_back(d);
        at_turn(in.turns.size() - 1);
        m.what = "a draw after the last token was won";
      } else {
        GTurn extra;
        extra.seat = (last.seat + 1) % static_cast<int>(in.players.size());
        extra.colour = in.players[static_cast<std::size_t>(extra.seat)].first;
        extra.steps.push_back(d);
        in.turns.push_back(extra);
        at_turn(in.turns.size() - 1);
        m.what = "a turn after the last token was won";
      }
      break;
    }
    case Mutation::after_last_round: {
      if (game.end_reason != "last-round" || !game.finished) return std::nullopt;
      std::vector<std::size_t> turns;
      for (std::size_t t = 0; t < in.turns.size(); ++t)
        if (in.turns[t].scoring_only) turns.push_back(t);
      if (!turns.empty() && salt % 2 == 0) {
        std::size_t t = choose(turns, salt / 2);
        GStep d;
        d.kind = Kind::draw;
        in.turns[t].steps.push_back(d);
        at_turn(t);
        m.what = "a draw in the scoring-only phase";
        break;
      }
      GTurn& last = in.turns.back();
      GTurn extra;
      extra.seat = (last.seat + 1) % static_cast<int>(in.players.size());
      extra.colour = in.players[static_cast<std::size_t>(extra.seat)].first;
      in.turns.push_back(extra);
      at_turn(in.turns.size() - 1);
      m.what = "a turn after the end";
      break;
    }
    case Mutation::final_changed: {
      if (in.finals.empty())
        for (const auto& [c, n] : in.players)
          in.finals.emplace_back(c, game.scores.at(kColourNames[c]));
      auto& f = in.finals[static_cast<std::size_t>(salt % in.finals.size())];
      int delta = 1 + static_cast<int>(salt % 5);
      f.second += delta;
      m.what = fmt::format("{}'s final claimed {} too high", kColourNames[f.first], delta);
      break;
    }
  }
  m.xml = in.xml();
  return m;
}

}  // namespace wallaudit::test::gwgen
