#include "chang_cheng/action.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>

#include "core/text.hpp"

namespace wallaudit::cc {

namespace {

constexpr std::array<std::string_view, 18> kKindNames{
    "side", "reputation", "threat", "expand", "wall",    "card", "double", "tower", "neutral",
    "pass", "peek",       "score",  "reveal", "resolve", "end",  "claim",  "seats", "begin"};
constexpr std::array<std::string_view, 5> kClaimNames{"bonus", "award", "loss", "event", "final"};

std::optional<Effect> parse_effect(std::string_view s) {
  for (Effect e : {Effect::destroy, Effect::remove_threat, Effect::plus, Effect::minus,
                   Effect::value, Effect::wall})
    if (name(e) == s) return e;
  return std::nullopt;
}

std::optional<int> parse_int(std::string_view s) {
  int v = 0;
  const char* first = s.data();
  if (!s.empty() && s.front() == '+') ++first;
  auto [end, ec] = std::from_chars(first, s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || first == s.data() + s.size())
    return std::nullopt;
  return v;
}

}  // namespace

std::string_view Move::kind_name(MoveKind k) {
  return kKindNames[static_cast<std::size_t>(k)];
}

std::string Move::actor() const {
  return colour ? std::string(name(*colour)) : std::string(kChance);
}

std::string Move::text() const {
  const BoardSet& set = *boards;
  std::string out = fmt::format("{}: {}", actor(), kind_name(type));
  auto add = [&](std::string_view word) {
    out += ' ';
    out += word;
  };
  switch (type) {
    case MoveKind::side:
      add(set.sides[static_cast<std::size_t>(a)].id);
      break;
    case MoveKind::reputation:
      add(set.province_name(a));
      add(value ? std::to_string(*value) : "?");
      break;
    case MoveKind::threat:
      add(set.region_name(a));
      add(value ? std::to_string(*value) : "?");
      break;
    case MoveKind::expand:
      add(set.sides[static_cast<std::size_t>(a)].id);
      add(right ? "right" : "left");
      break;
    case MoveKind::wall:
    case MoveKind::tower:
    case MoveKind::neutral:
      add(set.space_name(a));
      break;
    case MoveKind::double_wall:  // one text whichever space is written first
      add(set.space_name(std::min(a, b)));
      add(set.space_name(std::max(a, b)));
      break;
    case MoveKind::card:
      add(set.province_name(a));
      add(card ? name(*card) : "?");
      break;
    case MoveKind::peek:
      add(set.region_name(a));
      break;
    case MoveKind::score:
      add(set.province_name(a));
      break;
    case MoveKind::reveal:
      add(name(*card));
      break;
    case MoveKind::resolve:
      add(name(*card));
      if (effect != Effect::none) add(name(effect));
      if (cancels) {
        add("cancels");
        add(name(of));
        add(name(*cancels));
      }
      if (effect == Effect::destroy && a != kNone) add(set.space_name(a));
      if (effect == Effect::remove_threat && b != kNone) add(set.region_name(b));
      if (card == CardKind::mandarin && a != kNone) {
        add("swap");
        add(set.space_name(a));
        add(set.space_name(b));
      }
      break;
    case MoveKind::claim:
      add(kClaimNames[static_cast<std::size_t>(claim)]);
      if (claim == ClaimKind::loss) add(set.region_name(a));
      if (claim == ClaimKind::event) add(name(event));
      add(std::to_string(value.value_or(0)));
      break;
    case MoveKind::seats:
      for (const auto& seat : seats) {
        std::string colours;
        for (Colour c : seat)
          colours += fmt::format("{}{}", colours.empty() ? "" : "+", name(c));
        add(colours);
      }
      break;
    case MoveKind::pass:
    case MoveKind::end:
    case MoveKind::begin:
      break;
  }
  return out;
}

int Move::apart(const Action& other) const {
  const auto* m = dynamic_cast<const Move*>(&other);
  if (!m || m->type != type) return 1000;
  // Places are numbered along the board set, so the difference of ids is how far apart
  // two spaces (provinces, regions) of one side lie; another side is farther.
  auto apart = [](int x, int y) {
    return x == y ? 0 : (x == kNone || y == kNone ? 50 : std::abs(x - y));
  };
  int d = 1 + apart(a, m->a) + apart(b, m->b);
  if (card != m->card) d += 2;
  if (effect != m->effect) d += 1;
  if (colour != m->colour) d += 3;
  if (value != m->value && value && m->value) d += std::abs(*value - *m->value);
  return std::min(d, 999);
}

std::optional<Move> parse_move(std::string_view text, std::shared_ptr<const BoardSet> boards,
                               std::string& error) {
  const BoardSet& set = *boards;
  Move m;
  m.boards = std::move(boards);
  std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    error = "an action reads ACTOR: KIND …, e.g. \"red: wall 1A.W5\"";
    return std::nullopt;
  }
  std::string_view actor = text.substr(0, colon);
  if (actor != kChance) {
    m.colour = parse_colour(actor);
    if (!m.colour || *m.colour == Colour::neutral) {
      error = fmt::format("\"{}\" is neither a colour nor {}", actor, kChance);
      return std::nullopt;
    }
  }
  std::vector<std::string_view> w = split_words(text.substr(colon + 1));
  if (w.empty()) {
    error = "the action's kind is missing";
    return std::nullopt;
  }
  bool known = false;
  for (std::size_t i = 0; i < kKindNames.size(); ++i) {
    if (kKindNames[i] == w[0]) {
      m.type = static_cast<MoveKind>(i);
      known = true;
    }
  }
  if (!known) {
    error = fmt::format("\"{}\" is not a kind of action", w[0]);
    return std::nullopt;
  }
  bool chance_kind = m.type == MoveKind::side || m.type == MoveKind::reputation ||
                     m.type == MoveKind::threat || m.type == MoveKind::expand ||
                     m.type == MoveKind::seats;
  if (chance_kind != !m.colour) {
    error = chance_kind ? fmt::format("{} is taken by {}", w[0], kChance)
                        : fmt::format("{} is taken by a colour", w[0]);
    return std::nullopt;
  }
  auto fail = [&](std::string why) {
    error = std::move(why);
    return std::optional<Move>{};
  };
  auto count = [&](std::size_t n) { return w.size() == n + 1; };
  auto space = [&](std::string_view s, int& out) {
    auto v = set.parse_space(s);
    if (v) out = *v;
    return v.has_value();
  };
  auto province = [&](std::string_view s, int& out) {
    auto v = set.parse_province(s);
    if (v) out = *v;
    return v.has_value();
  };
  auto region = [&](std::string_view s, int& out) {
    auto v = set.parse_region(s);
    if (v) out = *v;
    return v.has_value();
  };
  auto token_value = [&](std::string_view s) {
    if (s == "?") return true;
    m.value = parse_int(s);
    return m.value.has_value();
  };
  const std::string usage = fmt::format("\"{}\" does not read as a {} action", text, w[0]);
  switch (m.type) {
    case MoveKind::side:
      if (!count(1) || (m.a = set.find_side(w[1])) < 0) return fail(usage);
      break;
    case MoveKind::reputation:
      if (!count(2) || !province(w[1], m.a) || !token_value(w[2])) return fail(usage);
      break;
    case MoveKind::threat:
      if (!count(2) || !region(w[1], m.a) || !token_value(w[2])) return fail(usage);
      break;
    case MoveKind::expand:
      if (!count(2) || (m.a = set.find_side(w[1])) < 0 || (w[2] != "left" && w[2] != "right"))
        return fail(usage);
      m.right = w[2] == "right";
      break;
    case MoveKind::wall:
    case MoveKind::tower:
    case MoveKind::neutral:
      if (!count(1) || !space(w[1], m.a)) return fail(usage);
      break;
    case MoveKind::double_wall:
      if (!count(2) || !space(w[1], m.a) || !space(w[2], m.b)) return fail(usage);
      break;
    case MoveKind::card:
      if (!count(2) || !province(w[1], m.a)) return fail(usage);
      if (w[2] != "?" && !(m.card = parse_card(w[2]))) return fail(usage);
      break;
    case MoveKind::peek:
      if (!count(1) || !region(w[1], m.a)) return fail(usage);
      break;
    case MoveKind::score:
      if (!count(1) || !province(w[1], m.a)) return fail(usage);
      break;
    case MoveKind::reveal:
      if (!count(1) || !(m.card = parse_card(w[1]))) return fail(usage);
      break;
    case MoveKind::resolve: {
      if (w.size() < 2 || !(m.card = parse_card(w[1]))) return fail(usage);
      std::size_t i = 2;
      if (i < w.size()) {
        if (auto e = parse_effect(w[i])) {
          m.effect = *e;
          ++i;
        }
      }
      if (m.effect == Effect::destroy && i < w.size()) {
        if (!space(w[i++], m.a)) return fail(usage);
      } else if (m.effect == Effect::remove_threat && i < w.size()) {
        if (!region(w[i++], m.b)) return fail(usage);
      } else if (*m.card == CardKind::warrior && i < w.size() && w[i] == "cancels") {
        std::optional<Colour> of;
        if (i + 3 > w.size() || !(of = parse_colour(w[i + 1])) ||
            !(m.cancels = parse_card(w[i + 2])))
          return fail(usage);
        m.of = *of;
        i += 3;
      } else if (*m.card == CardKind::mandarin && i < w.size() && w[i] == "swap") {
        if (i + 3 > w.size() || !space(w[i + 1], m.a) || !space(w[i + 2], m.b)) return fail(usage);
        i += 3;
      }
      if (i != w.size()) return fail(usage);
      break;
    }
    case MoveKind::claim: {
      if (w.size() < 3) return fail(usage);
      bool found = false;
      for (std::size_t i = 0; i < kClaimNames.size(); ++i) {
        if (kClaimNames[i] == w[1]) {
          m.claim = static_cast<ClaimKind>(i);
          found = true;
        }
      }
      if (!found) return fail(usage);
      std::size_t i = 2;
      if (m.claim == ClaimKind::loss) {
        if (!count(3) || !region(w[i++], m.a)) return fail(usage);
      } else if (m.claim == ClaimKind::event) {
        std::optional<EventCard> e;
        if (!count(3) || !(e = parse_event(w[i++]))) return fail(usage);
        m.event = *e;
      } else if (!count(2)) {
        return fail(usage);
      }
      if (!(m.value = parse_int(w[i]))) return fail(usage);
      break;
    }
    case MoveKind::seats:
      for (std::size_t i = 1; i < w.size(); ++i) {
        std::vector<Colour> seat;
        std::string_view rest = w[i];
        while (true) {
          std::size_t plus = rest.find('+');
          auto c = parse_colour(rest.substr(0, plus));
          if (!c || *c == Colour::neutral) return fail(usage);
          seat.push_back(*c);
          if (plus == std::string_view::npos) break;
          rest = rest.substr(plus + 1);
        }
        m.seats.push_back(std::move(seat));
      }
      break;
    case MoveKind::pass:
    case MoveKind::end:
    case MoveKind::begin:
      if (!count(0)) return fail(usage);
      break;
  }
  return m;
}

namespace {

class Lister {
 public:
  explicit Lister(const Record& rec) : rec_(rec), count_(count()), store_(count_, rec.boards) {}

  std::vector<PlacedAction> run() {
    out_.reserve(count_);
    Parts seat_parts{rec_.players_loc, rec_.variant_loc, rec_.setup_loc};
    Move& seats = add(MoveKind::seats, std::nullopt, rec_.players_loc, {}, 0);
    seats.seats.reserve(rec_.players.size());
    for (const PlayerDecl& p : rec_.players) {
      seats.seats.push_back(p.colours);
      seat_parts.push_back(p.loc);
    }
    out_.back().parts = std::move(seat_parts);
    for (const SideDecl& s : rec_.sides) {
      Move& m = add(MoveKind::side, std::nullopt, s.loc, {}, 0);
      m.a = s.side;
    }
    tokens(rec_.reputations, rec_.threats, 0);
    for (std::size_t i = 0; i < rec_.turns.size(); ++i)
      turn(rec_.turns[i], static_cast<int>(i) + 1);
    for (const TokenDecl& t : rec_.end.threats)
      token(MoveKind::threat, t, 0);
    for (const LossClaim& l : rec_.end.losses) {
      Move& m = claim(ClaimKind::loss, l.colour, l.points, l.loc, 0);
      m.a = l.region;
    }
    for (const EventClaim& e : rec_.end.events)
      claim(ClaimKind::event, e.colour, e.points, e.loc, 0).event = e.card;
    for (const FinalClaim& f : rec_.end.finals)
      claim(ClaimKind::final, f.colour, f.points, f.loc, 0);
    return std::move(out_);
  }

 private:
  // The number of actions run() lists.
  std::size_t count() const {
    std::size_t n = 1 + rec_.sides.size() + rec_.reputations.size() + rec_.threats.size();
    for (const Turn& t : rec_.turns) {
      n += 2 + t.steps.size();
      for (const ScoreElem& e : t.scores)
        n += e.items.size();
      for (const ExpandElem& e : t.expands)
        n += e.reputations.size() + e.threats.size();
    }
    return n + rec_.end.threats.size() + rec_.end.losses.size() + rec_.end.events.size() +
           rec_.end.finals.size();
  }

  Move& add(MoveKind kind, std::optional<Colour> colour, SourceLoc loc, Parts parts, int turn) {
    std::shared_ptr<Move> m = store_.make();
    m->type = kind;
    m->colour = colour;
    m->boards = BoardRef::borrowed(rec_.boards.get());  // store_ holds the set
    Move& ref = *m;
    out_.push_back({std::move(m), loc, std::move(parts), turn});
    return ref;
  }

  Move& claim(ClaimKind kind, Colour c, int points, SourceLoc loc, int turn) {
    Move& m = add(MoveKind::claim, c, loc, {}, turn);
    m.claim = kind;
    m.value = points;
    return m;
  }

  void token(MoveKind kind, const TokenDecl& t, int turn) {
    Move& m = add(kind, std::nullopt, t.loc, {t.value_loc}, turn);
    m.a = t.place;
    m.value = t.value;
  }

  void tokens(const std::vector<TokenDecl>& reputations, const std::vector<TokenDecl>& threats,
              int turn) {
    for (const TokenDecl& t : reputations)
      token(MoveKind::reputation, t, turn);
    for (const TokenDecl& t : threats)
      token(MoveKind::threat, t, turn);
  }

  void turn(const Turn& t, int n) {
    add(MoveKind::begin, t.colour, t.loc, {t.colour_loc}, n);
    for (const Step& s : t.steps) {
      const Parts parts{s.target_loc};
      switch (s.kind) {
        case StepKind::wall:
        case StepKind::tower:
        case StepKind::neutral: {
          MoveKind k = s.kind == StepKind::wall    ? MoveKind::wall
                       : s.kind == StepKind::tower ? MoveKind::tower
                                                   : MoveKind::neutral;
          add(k, t.colour, s.loc, parts, n).a = s.space;
          break;
        }
        case StepKind::double_wall: {
          Move& m = add(MoveKind::double_wall, t.colour, s.loc, parts, n);
          m.a = s.space;
          m.b = s.space2;
          break;
        }
        case StepKind::card: {
          Move& m = add(MoveKind::card, t.colour, s.loc, parts, n);
          m.a = s.province;
          m.card = s.card;
          break;
        }
        case StepKind::pass:
          add(MoveKind::pass, t.colour, s.loc, {}, n);
          break;
        case StepKind::peek:
          add(MoveKind::peek, t.colour, s.loc, parts, n).a = s.region;
          break;
        case StepKind::threat: {
          Move& m = add(MoveKind::threat, std::nullopt, s.loc, parts, n);
          m.a = s.region;
          m.value = s.value;
          break;
        }
        case StepKind::score:
          score(t, t.scores[static_cast<std::size_t>(s.index)], n);
          break;
        case StepKind::expand: {
          const ExpandElem& e = t.expands[static_cast<std::size_t>(s.index)];
          Move& m = add(MoveKind::expand, std::nullopt, e.loc, {}, n);
          m.a = e.side;
          m.right = e.right;
          tokens(e.reputations, e.threats, n);
          break;
        }
        case StepKind::bonus:
          claim(ClaimKind::bonus, s.colour, s.value, s.loc, n);
          break;
      }
    }
    // What the turn's end judges points at: the first piece (a pass or a lone piece where more
    // was possible), the last neutral wall and its space (where it may go), the bonus claims.
    Parts end_parts;
    end_parts.resize(3);
    for (const Step& s : t.steps) {
      const bool piece = s.kind == StepKind::wall || s.kind == StepKind::card ||
                         s.kind == StepKind::double_wall || s.kind == StepKind::tower ||
                         s.kind == StepKind::pass;
      if (piece && !end_parts[0].known()) end_parts[0] = s.loc;
      if (s.kind == StepKind::neutral) {
        end_parts[1] = s.loc;
        end_parts[2] = s.target_loc;
      }
      if (s.kind == StepKind::bonus) end_parts.push_back(s.loc);
    }
    add(MoveKind::end, t.colour, t.loc, std::move(end_parts), n);
  }

  void score(const Turn& t, const ScoreElem& e, int n) {
    add(MoveKind::score, t.colour, e.loc, {}, n).a = e.province;
    for (const ScoreItem& item : e.items) {
      switch (item.kind) {
        case ScoreItem::Kind::reveal:
          add(MoveKind::reveal, item.colour, item.loc, {}, n).card = item.card;
          break;
        case ScoreItem::Kind::award:
          claim(ClaimKind::award, item.colour, item.points, item.loc, n);
          break;
        case ScoreItem::Kind::resolve: {
          Move& m = add(MoveKind::resolve, item.colour, item.loc, {item.target_loc}, n);
          m.card = item.card;
          m.effect = item.effect;
          m.cancels = item.cancels;
          m.of = item.of;
          if (item.card == CardKind::mandarin) {
            m.a = item.space;
            m.b = item.with;
          } else if (item.effect == Effect::destroy) {
            m.a = item.space;
          } else if (item.effect == Effect::remove_threat) {
            m.b = item.region;
          }
          break;
        }
      }
    }
  }

  const Record& rec_;
  const std::size_t count_;  // the actions run() lists
  std::vector<PlacedAction> out_;
  ActionStore<Move> store_;
};

}  // namespace

std::vector<PlacedAction> record_actions(const Record& rec) {
  return Lister(rec).run();
}

}  // namespace wallaudit::cc
