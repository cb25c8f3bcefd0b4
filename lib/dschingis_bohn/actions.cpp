#include "dschingis_bohn/actions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <utility>

#include "core/text.hpp"

namespace wallaudit::db {

namespace {

using Kind = Action::Kind;

struct KindName {
  Kind kind;
  std::string_view word;
};
// Kinds whose first word is shared ("claim") are told apart by their arguments.
constexpr std::array<KindName, 25> kKinds{{
    {Kind::setup, "setup"},
    {Kind::turn, "turn"},
    {Kind::diamond, "diamond"},
    {Kind::plant, "plant"},
    {Kind::turn_up, "turn-up"},
    {Kind::trade, "trade"},
    {Kind::donate, "donate"},
    {Kind::harvest, "harvest"},
    {Kind::battle, "battle"},
    {Kind::round, "round"},
    {Kind::attack, "attack"},
    {Kind::defence, "defence"},
    {Kind::battle_end, "battle-end"},
    {Kind::draw, "draw"},
    {Kind::load, "load"},
    {Kind::take, "take"},
    {Kind::buy_cart, "buy-cart"},
    {Kind::cart_load, "cart-load"},
    {Kind::cart_end, "cart-end"},
    {Kind::buy_field, "buy-field"},
    {Kind::reshuffle, "reshuffle"},
    {Kind::claim, "claim"},
    {Kind::final_claim, "claim"},
    {Kind::end_claim, "claim"},
    {Kind::end_turn, "end-turn"},
}};

std::string_view source_word(BattleSource s) {
  switch (s) {
    case BattleSource::cavalry:
      return "cavalry";
    case BattleSource::hand:
      return "hand";
    case BattleSource::deck:
      return "deck";
  }
  return "hand";
}

std::string card_text(const CardToken& c) {
  std::string out = c.turned_up ? "up:" : "";
  out += name(c.bean);
  if (c.pos) out += fmt::format("@{}", *c.pos);
  return out;
}

std::string bean_commas(const std::vector<Bean>& beans) {
  std::string out;
  for (Bean b : beans) {
    if (!out.empty()) out += ',';
    out += name(b);
  }
  return out;
}

std::string space_name(const MapDef* map, SpaceId s) {
  return map && s >= 0 && static_cast<std::size_t>(s) < map->spaces.size()
             ? map->spaces[static_cast<std::size_t>(s)].id
             : std::string("?");
}

// "a,b,c" split at commas; empty parts kept (and refused by whoever reads them).
std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (true) {
    std::size_t j = s.find(sep, i);
    out.push_back(s.substr(i, j == std::string_view::npos ? s.npos : j - i));
    if (j == std::string_view::npos) break;
    i = j + 1;
  }
  return out;
}

void append_cards(std::string& out, const std::vector<std::optional<Bean>>& cards) {
  for (const auto& c : cards) {
    out += ' ';
    out += c ? name(*c) : std::string_view("?");
  }
}

std::optional<int> number(std::string_view s) {
  if (s.empty() || s.size() > 6) return std::nullopt;
  int v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < 0) return std::nullopt;
  return v;
}

// "soy", "soy@3", "up:soy".
std::optional<CardToken> parse_card_token(std::string_view s, bool pos_allowed) {
  CardToken c;
  if (s.substr(0, 3) == "up:") {
    c.turned_up = true;
    s.remove_prefix(3);
  }
  if (auto at = s.find('@'); at != std::string_view::npos) {
    if (c.turned_up || !pos_allowed) return std::nullopt;
    auto p = number(s.substr(at + 1));
    if (!p || *p < 1) return std::nullopt;
    c.pos = *p;
    s = s.substr(0, at);
  }
  auto b = parse_bean(s);
  if (!b) return std::nullopt;
  c.bean = *b;
  return c;
}

std::optional<std::vector<Bean>> bean_list_of(std::string_view s) {
  std::vector<Bean> out;
  if (s.empty()) return out;
  std::size_t i = 0;
  while (true) {
    std::size_t j = s.find(',', i);
    auto b = parse_bean(s.substr(i, j == std::string_view::npos ? s.npos : j - i));
    if (!b) return std::nullopt;
    out.push_back(*b);
    if (j == std::string_view::npos) break;
    i = j + 1;
  }
  return out;
}

class Parser {
 public:
  Parser(std::vector<std::string_view> w, std::string& error) : w_(std::move(w)), error_(error) {}

  bool done() const { return i_ >= w_.size(); }
  std::string_view peek() const { return done() ? std::string_view() : w_[i_]; }
  std::optional<std::string_view> next(std::string_view what) {
    if (done()) {
      fail(fmt::format("{} is missing", what));
      return std::nullopt;
    }
    return w_[i_++];
  }
  bool fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
    return false;
  }
  std::optional<int> int_arg(std::string_view what, int lo, int hi) {
    auto w = next(what);
    if (!w) return std::nullopt;
    auto v = number(*w);
    if (!v || *v < lo || *v > hi) {
      fail(fmt::format("\"{}\" is not {} ({} to {})", *w, what, lo, hi));
      return std::nullopt;
    }
    return v;
  }
  std::optional<Bean> bean_arg() {
    auto w = next("a bean");
    if (!w) return std::nullopt;
    auto b = parse_bean(*w);
    if (!b) fail(fmt::format("\"{}\" is not a bean", *w));
    return b;
  }
  std::optional<Colour> colour_arg() {
    auto w = next("a colour");
    if (!w) return std::nullopt;
    auto c = parse_colour(*w);
    if (!c) fail(fmt::format("\"{}\" is not a colour", *w));
    return c;
  }
  // The rest: beans or `?`, at least one, every card named or none.
  bool cards(std::vector<std::optional<Bean>>& out) {
    bool named = false, unknown = false;
    while (!done()) {
      std::string_view w = w_[i_++];
      if (w == "?") {
        unknown = true;
        out.emplace_back();
        continue;
      }
      auto b = parse_bean(w);
      if (!b) return fail(fmt::format("\"{}\" is not a bean or ?", w));
      named = true;
      out.emplace_back(*b);
    }
    if (out.empty()) return fail("the cards are missing (a bean or ? for each)");
    if (named && unknown) return fail("name every card or none (? for each)");
    return true;
  }
  // `key=value` options that may follow, each at most once, in any order.
  std::optional<std::string_view> option(std::string_view key) {
    for (std::size_t k = i_; k < w_.size(); ++k) {
      std::string_view w = w_[k];
      if (w.size() > key.size() && w.substr(0, key.size()) == key && w[key.size()] == '=') {
        std::string_view v = w.substr(key.size() + 1);
        w_.erase(w_.begin() + static_cast<std::ptrdiff_t>(k));
        return v;
      }
    }
    return std::nullopt;
  }
  bool pay(std::vector<Bean>& out) {
    auto v = option("pay");
    if (!v) return true;
    auto b = bean_list_of(*v);
    if (!b || b->empty()) return fail(fmt::format("\"pay={}\" is not a list of beans", *v));
    out = std::move(*b);
    return true;
  }
  bool end() {
    if (!done()) return fail(fmt::format("unexpected \"{}\"", w_[i_]));
    return true;
  }

 private:
  std::vector<std::string_view> w_;
  std::size_t i_ = 0;
  std::string& error_;
};

// "colour:rest" into its colour and the rest.
std::optional<std::pair<Colour, std::string_view>> colour_pair(std::string_view s) {
  std::size_t colon = s.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  auto c = parse_colour(s.substr(0, colon));
  if (!c) return std::nullopt;
  return std::pair{*c, s.substr(colon + 1)};
}

bool parse_setup(Action& a, Parser& p, const MapDef& map) {
  a.map = &map;
  auto bad = [&](std::string_view key, std::string_view v) {
    return p.fail(fmt::format("\"{}={}\" is not {}", key, v,
                              key == "players"       ? "a list of colours"
                              : key == "territories" ? "a list of space:card"
                              : key == "camps"       ? "a list of colour:space"
                              : key == "hand"        ? "colour:beans"
                                                     : "a list of beans"));
  };
  auto v = p.option("players");
  if (!v) return p.fail("players=… is missing");
  for (std::string_view w : split(*v, ',')) {
    auto c = parse_colour(w);
    if (!c) return bad("players", *v);
    a.players.push_back(*c);
  }
  if (auto t = p.option("territories"))
    for (std::string_view w : split(*t, ',')) {
      std::size_t colon = w.find(':');
      auto sp = colon == std::string_view::npos ? std::nullopt : map.find(w.substr(0, colon));
      auto card = colon == std::string_view::npos ? std::nullopt : parse_card(w.substr(colon + 1));
      if (!sp || !card) return bad("territories", *t);
      a.territories.emplace_back(*sp, *card);
    }
  if (auto c = p.option("camps"))
    for (std::string_view w : split(*c, ',')) {
      auto pair = colour_pair(w);
      auto sp = pair ? map.find(pair->second) : std::nullopt;
      if (!sp) return bad("camps", *c);
      a.camps.emplace_back(pair->first, *sp);
    }
  while (auto h = p.option("hand")) {
    auto pair = colour_pair(*h);
    auto beans = pair ? bean_list_of(pair->second) : std::nullopt;
    if (!beans) return bad("hand", *h);
    a.hands.emplace_back(pair->first, std::move(*beans));
  }
  while (auto d = p.option("deck")) {
    auto beans = bean_list_of(*d);
    if (!beans) return bad("deck", *d);
    a.decks.push_back(std::move(*beans));
  }
  return p.end();
}

bool parse_body(Action& a, Parser& p, const MapDef& map) {
  switch (a.what) {
    case Kind::setup:
      return parse_setup(a, p, map);
    case Kind::turn:
    case Kind::battle_end:
    case Kind::cart_end:
    case Kind::end_turn:
      return p.end();
    case Kind::diamond: {
      auto b = p.bean_arg();
      if (!b) return false;
      a.bean = *b;
      return p.end();
    }
    case Kind::plant: {
      auto b = p.bean_arg();
      if (!b) return false;
      auto f = p.int_arg("a field", 1, 3);
      if (!f) return false;
      a.bean = *b;
      a.number = *f;
      return p.end();
    }
    case Kind::turn_up:
    case Kind::draw:
    case Kind::load:
    case Kind::take:
    case Kind::cart_load:
      return p.cards(a.cards);
    case Kind::trade:
    case Kind::donate: {
      if (a.what == Kind::donate) {
        auto dir = p.next("to or from");
        if (!dir) return false;
        if (*dir != "to" && *dir != "from")
          return p.fail(fmt::format("\"{}\" is not to or from", *dir));
        a.donate_to = *dir == "to";
      }
      auto c = p.colour_arg();
      if (!c) return false;
      a.partner = *c;
      std::vector<CardToken>* into = nullptr;
      if (a.what == Kind::donate) into = a.donate_to ? &a.give : &a.get;
      while (!p.done()) {
        std::string_view w = *p.next("a card");
        if (a.what == Kind::trade && w == "give" && into == nullptr) {
          into = &a.give;
          continue;
        }
        if (a.what == Kind::trade && w == "get" && into != &a.get) {
          into = &a.get;
          continue;
        }
        if (!into) return p.fail(fmt::format("\"{}\": give or get comes first", w));
        bool turned_up_allowed = into == &a.give;
        auto t = parse_card_token(w, true);
        if (!t || (t->turned_up && !turned_up_allowed))
          return p.fail(fmt::format("\"{}\" is not a card ({})", w,
                                    turned_up_allowed ? "soy, soy@3 or up:soy" : "soy or soy@3"));
        into->push_back(*t);
      }
      if (a.give.empty() && a.get.empty()) return p.fail("the cards are missing");
      return true;
    }
    case Kind::harvest: {
      if (auto v = p.option("coins")) {
        a.coins = number(*v);
        if (!a.coins) return p.fail(fmt::format("\"coins={}\" is not a number", *v));
      }
      if (auto v = p.option("bean")) {
        a.claimed_bean = parse_bean(*v);
        if (!a.claimed_bean) return p.fail(fmt::format("\"bean={}\" is not a bean", *v));
      }
      if (auto v = p.option("cards")) {
        a.claimed_cards = number(*v);
        if (!a.claimed_cards) return p.fail(fmt::format("\"cards={}\" is not a number", *v));
      }
      auto f = p.int_arg("a field", 1, 3);
      if (!f) return false;
      a.number = *f;
      return p.end();
    }
    case Kind::battle: {
      if (!p.pay(a.pay)) return false;
      if (auto v = p.option("result")) {
        if (*v != "captured" && *v != "repelled")
          return p.fail(fmt::format("\"result={}\" is not captured or repelled", *v));
        a.captured = *v == "captured";
      }
      auto w = p.next("a target space");
      if (!w) return false;
      auto s = map.find(*w);
      if (!s) return p.fail(fmt::format("\"{}\" is no space of map {}", *w, map.name));
      a.target = *s;
      a.map = &map;
      return p.end();
    }
    case Kind::round: {
      auto r = p.int_arg("a round", 1, 2);
      if (!r) return false;
      a.number = *r;
      return p.end();
    }
    case Kind::attack:
    case Kind::defence: {
      auto w = p.next("a source");
      if (!w) return false;
      if (*w == "cavalry" && a.what == Kind::attack) {
        a.source = BattleSource::cavalry;
        auto k = p.int_arg("a cavalry", 1, 3);
        if (!k) return false;
        a.number = *k;
        return p.end();
      }
      if (*w != "hand" && *w != "deck")
        return p.fail(
            fmt::format("\"{}\" is not {}", *w,
                        a.what == Kind::attack ? "cavalry, hand or deck" : "hand or deck"));
      a.source = *w == "hand" ? BattleSource::hand : BattleSource::deck;
      auto c = p.next("a card");
      if (!c) return false;
      auto t = parse_card_token(*c, a.source == BattleSource::hand);
      if (!t || t->turned_up) return p.fail(fmt::format("\"{}\" is not a card", *c));
      a.bean = t->bean;
      a.pos = t->pos;
      return p.end();
    }
    case Kind::buy_cart:
    case Kind::buy_field:
      if (!p.pay(a.pay)) return false;
      if (a.what == Kind::buy_cart && p.peek() == "loads") {
        a.loads = true;
        (void)p.next("loads");
      }
      return p.end();
    case Kind::reshuffle:
      if (auto v = p.option("order")) {
        auto b = bean_list_of(*v);
        if (!b) return p.fail(fmt::format("\"order={}\" is not a list of beans", *v));
        a.order = std::move(*b);
      }
      if (p.peek() == "before-deck-card") {
        a.before_deck_card = true;
        (void)p.next("before-deck-card");
      }
      return p.end();
    case Kind::claim:
    case Kind::final_claim:
    case Kind::end_claim:
      break;
  }
  // claim N | claim final N | claim end REASON
  if (p.peek() == "end") {
    (void)p.next("end");
    a.what = Kind::end_claim;
    auto r = p.next("an end reason");
    if (!r) return false;
    a.reason = std::string(*r);
    return p.end();
  }
  if (p.peek() == "final") {
    (void)p.next("final");
    a.what = Kind::final_claim;
  }
  auto v = p.int_arg("VP", 0, 999999);
  if (!v) return false;
  a.number = *v;
  return p.end();
}

}  // namespace

std::string Action::actor() const {
  return chance ? std::string(kChance) : std::string(name(colour));
}

std::string_view Action::kind() const {
  for (const auto& k : kKinds)
    if (k.kind == what) return k.word;
  return "turn";
}

std::string Action::text() const {
  std::string out = fmt::format("{}: {}", actor(), kind());
  switch (what) {
    case Kind::setup: {
      std::string list;
      for (Colour c : players)
        list += fmt::format("{}{}", list.empty() ? "" : ",", name(c));
      out += fmt::format(" players={}", list);
      list.clear();
      for (const auto& [sp, card] : territories)
        list += fmt::format("{}{}:{}", list.empty() ? "" : ",", space_name(map, sp), name(card));
      if (!list.empty()) out += fmt::format(" territories={}", list);
      list.clear();
      for (const auto& [c, sp] : camps)
        list += fmt::format("{}{}:{}", list.empty() ? "" : ",", name(c), space_name(map, sp));
      if (!list.empty()) out += fmt::format(" camps={}", list);
      for (const auto& [c, beans] : hands)
        out += fmt::format(" hand={}:{}", name(c), bean_commas(beans));
      for (const auto& d : decks)
        out += fmt::format(" deck={}", bean_commas(d));
      break;
    }
    case Kind::turn:
    case Kind::battle_end:
    case Kind::cart_end:
    case Kind::end_turn:
      break;
    case Kind::diamond:
      out += fmt::format(" {}", name(bean));
      break;
    case Kind::plant:
      out += fmt::format(" {} {}", name(bean), number);
      break;
    case Kind::turn_up:
    case Kind::draw:
    case Kind::load:
    case Kind::take:
    case Kind::cart_load:
      append_cards(out, cards);
      break;
    case Kind::trade:
      out += fmt::format(" {}", name(partner));
      if (!give.empty()) out += " give";
      for (const auto& c : give)
        out += ' ' + card_text(c);
      if (!get.empty()) out += " get";
      for (const auto& c : get)
        out += ' ' + card_text(c);
      break;
    case Kind::donate:
      out += fmt::format(" {} {}", donate_to ? "to" : "from", name(partner));
      for (const auto& c : donate_to ? give : get)
        out += ' ' + card_text(c);
      break;
    case Kind::harvest:
      out += fmt::format(" {}", number);
      if (coins) out += fmt::format(" coins={}", *coins);
      if (claimed_bean) out += fmt::format(" bean={}", name(*claimed_bean));
      if (claimed_cards) out += fmt::format(" cards={}", *claimed_cards);
      break;
    case Kind::battle:
      out += ' ' + space_name(map, target);
      if (!pay.empty()) out += fmt::format(" pay={}", bean_commas(pay));
      if (captured) out += *captured ? " result=captured" : " result=repelled";
      break;
    case Kind::round:
      out += fmt::format(" {}", number);
      break;
    case Kind::attack:
    case Kind::defence:
      out += fmt::format(" {}", source_word(source));
      if (source == BattleSource::cavalry)
        out += fmt::format(" {}", number);
      else
        out += ' ' + card_text({false, bean, pos});
      break;
    case Kind::buy_cart:
    case Kind::buy_field:
      if (!pay.empty()) out += fmt::format(" pay={}", bean_commas(pay));
      if (loads) out += " loads";
      break;
    case Kind::reshuffle:
      if (order) out += fmt::format(" order={}", bean_commas(*order));
      if (before_deck_card) out += " before-deck-card";
      break;
    case Kind::claim:
      out += fmt::format(" {}", number);
      break;
    case Kind::final_claim:
      out += fmt::format(" final {}", number);
      break;
    case Kind::end_claim:
      out += fmt::format(" end {}", reason);
      break;
  }
  return out;
}

int Action::apart(const wallaudit::Action& any) const {
  const auto* o = dynamic_cast<const Action*>(&any);
  if (!o || o->what != what) return wallaudit::Action::apart(any);
  int d = 0;
  if (o->chance != chance || (!chance && o->colour != colour)) d += 4;
  if (o->bean != bean) d += 1;
  d += std::abs(o->number - number);
  if (o->source != source) d += 2;
  if (o->pos != pos) d += 1;
  d += std::abs(static_cast<int>(o->cards.size()) - static_cast<int>(cards.size()));
  if (o->target != target) {
    const MapDef* m = map ? map : o->map;
    const bool near = m && target >= 0 && o->target >= 0 && target < m->size() &&
                      o->target < m->size() && m->adjacent(target, o->target);
    d += near ? 1 : 3;
  }
  return std::max(d, 1);  // the two differ
}

std::optional<Action> parse_action(std::string_view text, const MapDef& map, std::string& error) {
  error.clear();
  std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    error = "an action reads ACTOR: KIND …";
    return std::nullopt;
  }
  Action a;
  std::string_view actor = text.substr(0, colon);
  while (!actor.empty() && actor.back() == ' ')
    actor.remove_suffix(1);
  while (!actor.empty() && actor.front() == ' ')
    actor.remove_prefix(1);
  if (actor == kChance) {
    a.chance = true;
  } else if (auto c = parse_colour(actor)) {
    a.colour = *c;
  } else {
    error = fmt::format("\"{}\" is neither a colour nor {}", actor, kChance);
    return std::nullopt;
  }
  std::vector<std::string_view> w = split_words(text.substr(colon + 1));
  if (w.empty()) {
    error = "the kind of action is missing";
    return std::nullopt;
  }
  bool found = false;
  for (const auto& k : kKinds)
    if (k.word == w.front()) {
      a.what = k.kind;
      found = true;
      break;
    }
  if (!found) {
    error = fmt::format("\"{}\" is no kind of Dschingis Bohn action", w.front());
    return std::nullopt;
  }
  w.erase(w.begin());
  Parser p(std::move(w), error);
  if (!parse_body(a, p, map)) {
    if (error.empty()) error = "not an action";
    return std::nullopt;
  }
  return a;
}

namespace {

// Whether the next element after `i` (rounds aside) takes a card from the deck in a battle:
// where the reshuffle of a third exhaustion during a battle stands.
bool before_deck_card(const Turn& t, std::size_t i) {
  for (std::size_t k = i + 1; k < t.elems.size(); ++k) {
    const Elem& e = t.elems[k];
    if (e.kind == Elem::Kind::round) continue;
    return (e.kind == Elem::Kind::attack || e.kind == Elem::Kind::defend) &&
           e.source == BattleSource::deck;
  }
  return false;
}

}  // namespace

std::vector<PlacedAction> record_actions(const Record& rec) {
  std::vector<PlacedAction> out;
  std::size_t total = 1 + rec.end.finals.size() + 1;
  for (const Turn& t : rec.turns)
    total += t.elems.size() + 2;
  out.reserve(total);
  // Each action is built where it stays, in the record's block: the action is large, and
  // moving it twice per element costs more than filling it in place.
  ActionStore<Action> store(total);
  auto place = [&](SourceLoc loc, int turn) -> Action& {
    PlacedAction& p = out.emplace_back();
    std::shared_ptr<Action> a = store.make();
    Action& ref = *a;
    p.action = std::move(a);
    p.loc = loc;
    p.turn = turn;
    return ref;
  };
  {
    Action& a = place(rec.setup_loc, 0);
    a.what = Kind::setup;
    a.chance = true;
    a.map = rec.map.get();
    Parts parts{rec.map_loc, rec.players_loc, rec.setup_loc};
    for (const auto& p : rec.players) {
      a.players.push_back(p.colour);
      parts.push_back(p.loc);
    }
    for (const auto& t : rec.territories) {
      a.territories.emplace_back(t.space, t.card);
      parts.push_back(t.loc);
    }
    for (const auto& c : rec.camps) {
      a.camps.emplace_back(c.colour, c.space);
      parts.push_back(c.loc);
    }
    for (const auto& h : rec.hands) {
      a.hands.emplace_back(h.colour, h.beans);
      parts.push_back(h.loc);
    }
    for (const auto& d : rec.decks) {
      a.decks.push_back(d.order);
      parts.push_back(d.loc);
    }
    out.back().parts = std::move(parts);
  }
  for (std::size_t n = 0; n < rec.turns.size(); ++n) {
    const Turn& t = rec.turns[n];
    const int turn = static_cast<int>(n + 1);
    place(t.loc, turn).colour = t.colour;
    out.back().parts = {t.colour_loc};
    for (std::size_t i = 0; i < t.elems.size(); ++i) {
      const Elem& e = t.elems[i];
      Action& a = place(e.loc, turn);
      a.colour = e.colour ? *e.colour : t.colour;
      a.bean = e.bean;
      a.pay = e.pay;
      switch (e.kind) {
        case Elem::Kind::diamond:
          a.what = Kind::diamond;
          break;
        case Elem::Kind::plant:
          a.what = Kind::plant;
          a.number = e.field;
          break;
        case Elem::Kind::turn_up:
        case Elem::Kind::draw:
        case Elem::Kind::load:
        case Elem::Kind::take:
          a.what = e.kind == Elem::Kind::turn_up ? Kind::turn_up
                   : e.kind == Elem::Kind::draw  ? Kind::draw
                   : e.kind == Elem::Kind::take  ? Kind::take
                   : e.in_cart                   ? Kind::cart_load
                                                 : Kind::load;
          if (e.cards.named)
            a.cards.assign(e.cards.beans.begin(), e.cards.beans.end());
          else
            a.cards.assign(static_cast<std::size_t>(e.cards.count), std::nullopt);
          break;
        case Elem::Kind::trade:
        case Elem::Kind::donate:
          a.what = e.kind == Elem::Kind::trade ? Kind::trade : Kind::donate;
          a.partner = e.partner;
          a.donate_to = e.donate_to;
          for (const auto& c : e.give)
            a.give.push_back({c.source == CardRef::Source::turned_up, c.bean, c.pos});
          for (const auto& c : e.get)
            a.get.push_back({c.source == CardRef::Source::turned_up, c.bean, c.pos});
          break;
        case Elem::Kind::harvest:
          a.what = Kind::harvest;
          a.number = e.field;
          a.coins = e.coins;
          a.claimed_cards = e.claimed_cards;
          a.claimed_bean = e.claimed_bean;
          break;
        case Elem::Kind::battle:
          a.what = Kind::battle;
          a.target = e.target;
          a.map = rec.map.get();
          a.captured = e.claimed_capture;
          break;
        case Elem::Kind::round:
          a.what = Kind::round;
          a.number = e.round_index + 1;
          break;
        case Elem::Kind::attack:
        case Elem::Kind::defend:
          a.what = e.kind == Elem::Kind::attack ? Kind::attack : Kind::defence;
          a.source = e.source;
          a.number = e.cavalry;
          a.pos = e.pos;
          break;
        case Elem::Kind::battle_end:
          a.what = Kind::battle_end;
          break;
        case Elem::Kind::buy_cart:
          a.what = Kind::buy_cart;
          a.loads = e.has_children;
          break;
        case Elem::Kind::buy_cart_end:
          a.what = Kind::cart_end;
          break;
        case Elem::Kind::buy_field:
          a.what = Kind::buy_field;
          break;
        case Elem::Kind::reshuffle:
          a.what = Kind::reshuffle;
          a.chance = true;
          a.order = e.order;
          a.before_deck_card = before_deck_card(t, i);
          break;
        case Elem::Kind::vp:
          a.what = Kind::claim;
          a.number = e.points;
          break;
      }
      PlacedAction& p = out.back();
      p.parts.reserve(kPartCards - 1 + e.give.size() + e.get.size());
      p.parts = {e.colour_loc.known() ? e.colour_loc : t.colour_loc,
                 e.field_loc,
                 e.target_loc,
                 e.pay_loc,
                 e.partner_loc,
                 t.loc};
      for (const auto& c : e.give)
        p.parts.push_back(c.loc);
      for (const auto& c : e.get)
        p.parts.push_back(c.loc);
    }
    Action& end = place(t.loc, turn);
    end.what = Kind::end_turn;
    end.colour = t.colour;
  }
  if (rec.end.reason) {
    Action& a = place(rec.end.reason_loc, 0);
    a.what = Kind::end_claim;
    a.chance = true;
    a.reason = *rec.end.reason;
  }
  for (const FinalClaim& f : rec.end.finals) {
    Action& a = place(f.loc, 0);
    a.what = Kind::final_claim;
    a.colour = f.colour;
    a.number = f.vp;
  }
  return out;
}

}  // namespace wallaudit::db
