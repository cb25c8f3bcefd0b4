#include "great_wall/move.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>

#include "core/xml.hpp"

namespace wallaudit::gw {

namespace {

constexpr std::array<std::string_view, 11> kKinds{"seats", "section", "discard", "hand",
                                                  "start", "score",   "reveal",  "play",
                                                  "draw",  "end",     "claim"};

std::optional<int> whole(std::string_view w) {
  auto v = parse_integer(w);
  if (!v || *v < -1'000'000 || *v > 1'000'000) return std::nullopt;
  return static_cast<int>(*v);
}

}  // namespace

std::string Move::actor() const {
  return by ? std::string(name(*by)) : std::string(kChance);
}

std::string_view Move::kind() const {
  return kKinds[static_cast<std::size_t>(what)];
}

std::string Move::text() const {
  std::string out = fmt::format("{}: {}", actor(), kind());
  auto add_tokens = [&] {
    for (int v : tokens)
      out += fmt::format(" {}", v);
  };
  switch (what) {
    case Kind::seats:
      for (Colour c : colours)
        out += fmt::format(" {}", name(c));
      break;
    case Kind::section:
    case Kind::discard:
    case Kind::reveal:
      out += " " + section_name(section);
      add_tokens();
      break;
    case Kind::hand:
      out += fmt::format(" {}", name(subject));
      for (Card c : cards)
        out += fmt::format(" {}", name(c));
      break;
    case Kind::score:
      out += fmt::format(" {} {}", section_name(section), token);
      if (on) out += fmt::format(" on {}", *on);
      break;
    case Kind::play: {
      out += " " + section_name(section) + " ";
      for (std::size_t i = 0; i < cards.size(); ++i)
        out += fmt::format("{}{}", i ? "+" : "", name(cards[i]));
      if (count != 1) out += fmt::format(" x{}", count);
      if (on) out += fmt::format(" on {}", *on);
      break;
    }
    case Kind::draw:
      if (drawn) out += fmt::format(" {}", name(*drawn));
      break;
    case Kind::claim:
      out += fmt::format(" {}", points);
      break;
    case Kind::start:
    case Kind::end:
      break;
  }
  return out;
}

int Move::apart(const Action& other) const {
  const auto* o = dynamic_cast<const Move*>(&other);
  if (!o || o->what != what) return 1000;
  int d = 1;
  if (o->section != section) d += 50;
  switch (what) {
    case Kind::score:
      d += std::abs(o->token - token) + 3 * std::abs(o->on.value_or(0) - on.value_or(0));
      break;
    case Kind::play:
      if (o->cards != cards) d += 20;
      d += std::abs(o->count - count) + 3 * std::abs(o->on.value_or(0) - on.value_or(0));
      break;
    case Kind::draw:
      if (o->drawn != drawn) d += 5;
      break;
    case Kind::reveal:
    case Kind::discard:
    case Kind::section:
      for (std::size_t i = 0; i < std::max(tokens.size(), o->tokens.size()); ++i) {
        int a = i < tokens.size() ? tokens[i] : 0, b = i < o->tokens.size() ? o->tokens[i] : 0;
        d += std::abs(a - b);
      }
      break;
    default:
      break;
  }
  return d;
}

std::optional<Move> parse_move(std::string_view text, std::string& error) {
  std::vector<std::string_view> w;
  for_each_word(text, [&](std::string_view s) { w.push_back(s); });
  auto fail = [&](std::string why) -> std::optional<Move> {
    error = fmt::format("\"{}\": {}", text, why);
    return std::nullopt;
  };
  if (w.size() < 2 || w[0].empty() || w[0].back() != ':') return fail("an action is ACTOR: KIND …");
  Move m;
  std::string_view actor = w[0].substr(0, w[0].size() - 1);
  if (actor != kChance) {
    m.by = parse_colour(actor);
    if (!m.by) return fail(fmt::format("\"{}\" is no colour", actor));
  }
  auto k = std::find(kKinds.begin(), kKinds.end(), w[1]);
  if (k == kKinds.end()) return fail(fmt::format("\"{}\" is no kind of action", w[1]));
  m.what = static_cast<Move::Kind>(k - kKinds.begin());
  const bool chance_kind = m.what == Move::Kind::seats || m.what == Move::Kind::section ||
                           m.what == Move::Kind::hand || m.what == Move::Kind::start;
  if (chance_kind == m.by.has_value() && m.what != Move::Kind::discard)
    return fail(chance_kind ? "set-up steps are chance's" : "a player's action needs a colour");
  std::size_t i = 2;
  auto section = [&]() -> bool {
    if (i >= w.size()) return false;
    auto s = parse_section(w[i]);
    if (!s || *s >= kMaxSections) return false;
    m.section = *s;
    ++i;
    return true;
  };
  auto numbers = [&]() -> bool {
    for (; i < w.size(); ++i) {
      auto v = whole(w[i]);
      if (!v) return false;
      m.tokens.push_back(*v);
    }
    return true;
  };
  auto on = [&]() -> bool {
    if (i + 1 < w.size() && w[i] == "on") {
      auto v = whole(w[i + 1]);
      if (!v || *v < 1) return false;
      m.on = *v;
      i += 2;
    }
    return true;
  };
  bool ok = true;
  switch (m.what) {
    case Move::Kind::seats:
      for (; i < w.size() && ok; ++i) {
        auto c = parse_colour(w[i]);
        ok = c.has_value();
        if (c) m.colours.push_back(*c);
      }
      break;
    case Move::Kind::section:
    case Move::Kind::discard:
    case Move::Kind::reveal:
      ok = section() && numbers();
      break;
    case Move::Kind::hand: {
      auto c = i < w.size() ? parse_colour(w[i]) : std::nullopt;
      ok = c.has_value();
      if (c) m.subject = *c;
      for (++i; i < w.size() && ok; ++i) {
        auto card = parse_card(w[i]);
        ok = card.has_value();
        if (card) m.cards.push_back(*card);
      }
      break;
    }
    case Move::Kind::score: {
      ok = section() && i < w.size();
      if (!ok) break;
      auto v = whole(w[i++]);
      ok = v.has_value() && on();
      if (v) m.token = *v;
      break;
    }
    case Move::Kind::play: {
      ok = section() && i < w.size();
      if (!ok) break;
      std::string_view list = w[i++];
      while (ok && !list.empty()) {
        auto plus = list.find('+');
        auto card = parse_card(list.substr(0, plus));
        ok = card.has_value();
        if (card) m.cards.push_back(*card);
        list = plus == std::string_view::npos ? std::string_view() : list.substr(plus + 1);
      }
      if (ok && i < w.size() && w[i].size() > 1 && w[i][0] == 'x') {
        auto n = whole(w[i].substr(1));
        ok = n && *n >= 1;
        if (n) m.count = *n;
        ++i;
      }
      ok = ok && !m.cards.empty() && on();
      break;
    }
    case Move::Kind::draw:
      if (i < w.size()) {
        m.drawn = parse_card(w[i++]);
        ok = m.drawn.has_value();
      }
      break;
    case Move::Kind::claim: {
      auto v = i < w.size() ? whole(w[i++]) : std::nullopt;
      ok = v.has_value();
      if (v) m.points = *v;
      break;
    }
    case Move::Kind::start:
    case Move::Kind::end:
      break;
  }
  if (!ok || i != w.size()) return fail(fmt::format("not a {} action of this game", w[1]));
  return m;
}

}  // namespace wallaudit::gw
