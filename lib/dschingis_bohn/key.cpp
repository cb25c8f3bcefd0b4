// Canonical moves and the duplicate key of a Dschingis Bohn record.
#include <fmt/format.h>

#include <algorithm>

#include "dschingis_bohn/history.hpp"

namespace wallaudit::db {

namespace {

std::string cards_text(const CardList& c) {
  return c.named ? bean_list(c.beans) : fmt::format("{} unnamed", c.count);
}

std::string given_text(const CardRef& c) {
  std::string out =
      fmt::format("{}{}", c.source == CardRef::Source::turned_up ? "turned-up " : "", name(c.bean));
  if (c.pos) out += fmt::format("@{}", *c.pos);
  return out;
}

std::string pay_text(const std::vector<Bean>& pay) {
  return pay.empty() ? std::string() : fmt::format(" paying {}", bean_list(pay));
}

}  // namespace

std::vector<CanonicalItem> canonical_moves(const Record& rec) {
  std::vector<CanonicalItem> out;
  auto add = [&](int turn, SourceLoc loc, std::string text) {
    out.push_back({turn, loc, std::move(text)});
  };
  const MapDef& map = *rec.map;
  std::string players;
  for (const auto& p : rec.players)
    players += fmt::format("{}{}", players.empty() ? "" : " ", name(p.colour));
  add(0, rec.players_loc, fmt::format("players (seat order): {}", players));
  Options o;
  for (const auto& opt : rec.options)
    set_option(o, opt.name, opt.value);
  std::string options;
  for (const auto& spec : option_specs())
    options +=
        fmt::format("{}{}={}", options.empty() ? "" : " ", spec.name, option_value(o, spec.name));
  add(0, rec.root_loc, fmt::format("options: {}", options));
  std::string geometry;
  for (const auto& s : map.spaces) {
    std::vector<std::string> adj;
    for (SpaceId a : s.adjacent)
      adj.push_back(map.spaces[static_cast<std::size_t>(a)].id);
    std::sort(adj.begin(), adj.end());
    geometry += fmt::format(" {}:", s.id);
    for (const auto& a : adj)
      geometry += fmt::format("{},", a);
  }
  for (int n = 3; n <= 5; ++n)
    if (const auto& c = map.camps_for(n)) {
      std::vector<std::string> ids;
      for (SpaceId s : *c)
        ids.push_back(map.spaces[static_cast<std::size_t>(s)].id);
      std::sort(ids.begin(), ids.end());
      geometry += fmt::format(" camps{}:", n);
      for (const auto& id : ids)
        geometry += id + ",";
    }
  for (std::size_t i = 0; i < map.fixed.size(); ++i)
    if (map.fixed[i])
      geometry += fmt::format(" fixed {}={}", map.spaces[i].id, name(*map.fixed[i]));
  add(0, rec.map_loc, fmt::format("map:{}", geometry));
  std::vector<std::pair<std::string, SourceLoc>> territories;
  for (const auto& t : rec.territories)
    territories.emplace_back(
        fmt::format("territory {} {}", map.spaces[static_cast<std::size_t>(t.space)].id,
                    name(t.card)),
        t.loc);
  std::sort(territories.begin(), territories.end(),
            [](auto& a, auto& b) { return a.first < b.first; });
  for (auto& [text, loc] : territories)
    add(0, loc, text);
  for (const auto& c : rec.camps)
    add(0, c.loc,
        fmt::format("camp chosen: {} {}", name(c.colour),
                    map.spaces[static_cast<std::size_t>(c.space)].id));
  std::vector<std::pair<std::string, SourceLoc>> hands;
  for (const auto& h : rec.hands)
    hands.emplace_back(fmt::format("hand {}: {}", name(h.colour), bean_list(h.beans)), h.loc);
  std::sort(hands.begin(), hands.end(), [](auto& a, auto& b) { return a.first < b.first; });
  for (auto& [text, loc] : hands)
    add(0, loc, text);
  for (const auto& d : rec.decks)
    add(0, d.loc, fmt::format("deck: {}", bean_list(d.order)));

  for (std::size_t i = 0; i < rec.turns.size(); ++i) {
    const Turn& t = rec.turns[i];
    int n = static_cast<int>(i) + 1;
    add(n, t.loc, fmt::format("turn by {}", name(t.colour)));
    for (const Elem& e : t.elems) {
      std::string who = e.colour ? fmt::format("{} ", name(*e.colour)) : std::string();
      switch (e.kind) {
        case Elem::Kind::diamond:
          add(n, e.loc, fmt::format("diamond flip {}", name(e.bean)));
          break;
        case Elem::Kind::plant:
          add(n, e.loc, fmt::format("{}plant {} in field {}", who, name(e.bean), e.field));
          break;
        case Elem::Kind::turn_up:
          add(n, e.loc, fmt::format("turn up {}", cards_text(e.cards)));
          break;
        case Elem::Kind::trade:
        case Elem::Kind::donate: {
          std::string give, get;
          for (const auto& c : e.give)
            give += fmt::format("{}{}", give.empty() ? "" : " ", given_text(c));
          for (const auto& c : e.get)
            get += fmt::format("{}{}", get.empty() ? "" : " ", given_text(c));
          add(n, e.loc,
              e.kind == Elem::Kind::trade
                  ? fmt::format("trade with {}: give {}; get {}", name(e.partner), give, get)
              : e.donate_to ? fmt::format("donate to {}: {}", name(e.partner), give)
                            : fmt::format("donation from {}: {}", name(e.partner), get));
          break;
        }
        case Elem::Kind::harvest:
          add(n, e.loc, fmt::format("{}harvest field {}", who, e.field));
          break;
        case Elem::Kind::battle:
          add(n, e.loc,
              fmt::format("battle for {}{}", map.spaces[static_cast<std::size_t>(e.target)].id,
                          pay_text(e.pay)));
          break;
        case Elem::Kind::round:
          add(n, e.loc, fmt::format("round {}", e.round_index + 1));
          break;
        case Elem::Kind::attack:
          add(n, e.loc,
              e.source == BattleSource::cavalry
                  ? fmt::format("attack with cavalry {}", e.cavalry)
                  : fmt::format("attack from the {} with {}{}",
                                e.source == BattleSource::hand ? "hand" : "deck", name(e.bean),
                                e.pos ? fmt::format("@{}", *e.pos) : std::string()));
          break;
        case Elem::Kind::defend:
          add(n, e.loc,
              fmt::format("defend from the {} with {}{}",
                          e.source == BattleSource::hand ? "hand" : "deck", name(e.bean),
                          e.pos ? fmt::format("@{}", *e.pos) : std::string()));
          break;
        case Elem::Kind::battle_end:
        case Elem::Kind::buy_cart_end:
        case Elem::Kind::vp:
          break;
        case Elem::Kind::draw:
          add(n, e.loc, fmt::format("draw {}", cards_text(e.cards)));
          break;
        case Elem::Kind::load:
          add(n, e.loc, fmt::format("load {}", cards_text(e.cards)));
          break;
        case Elem::Kind::take:
          add(n, e.loc, fmt::format("take {}", cards_text(e.cards)));
          break;
        case Elem::Kind::buy_cart:
          add(n, e.loc, fmt::format("{}buy a cart{}", who, pay_text(e.pay)));
          break;
        case Elem::Kind::buy_field:
          add(n, e.loc, fmt::format("{}buy a third field{}", who, pay_text(e.pay)));
          break;
        case Elem::Kind::reshuffle:
          add(n, e.loc,
              e.order ? fmt::format("reshuffle into {}", bean_list(*e.order))
                      : std::string("reshuffle (order hidden)"));
          break;
      }
    }
  }
  return out;
}

std::string record_key(const Record& rec) {
  return canonical_key("dschingis-bohn", canonical_moves(rec));
}

}  // namespace wallaudit::db
