// Canonical moves and the duplicate key of a Dschingis Bohn record.
#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "dschingis_bohn/history.hpp"

namespace wallaudit::db {

namespace {

// The moves of `rec` in canonical form, one at a time: add(turn, loc, text), the text valid
// only during the call. Both the list of moves and the duplicate key are made from it, so the
// key hashes the very texts the list shows, without keeping them.
template <typename Emit>
void each_canonical(const Record& rec, Emit&& add) {
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
  // The map's geometry, the longest move of a record: appended in place, ids sorted as views.
  std::string geometry = "map:";
  std::vector<std::string_view> ids;
  for (const auto& s : map.spaces) {
    ids.clear();
    for (SpaceId a : s.adjacent)
      ids.push_back(map.spaces[static_cast<std::size_t>(a)].id);
    std::sort(ids.begin(), ids.end());
    geometry += ' ';
    geometry += s.id;
    geometry += ':';
    for (std::string_view a : ids) {
      geometry += a;
      geometry += ',';
    }
  }
  for (int n = 3; n <= 5; ++n)
    if (const auto& c = map.camps_for(n)) {
      ids.clear();
      for (SpaceId s : *c)
        ids.push_back(map.spaces[static_cast<std::size_t>(s)].id);
      std::sort(ids.begin(), ids.end());
      geometry += fmt::format(" camps{}:", n);
      for (std::string_view id : ids) {
        geometry += id;
        geometry += ',';
      }
    }
  for (std::size_t i = 0; i < map.fixed.size(); ++i)
    if (map.fixed[i])
      geometry += fmt::format(" fixed {}={}", map.spaces[i].id, name(*map.fixed[i]));
  add(0, rec.map_loc, geometry);
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

  // The turns, the bulk of a record: written into one buffer, reused.
  CanonicalText text;
  auto put_beans = [&](const std::vector<Bean>& beans) { append_bean_list(text.str(), beans); };
  auto put_cards = [&](const CardList& c) {
    if (c.named)
      put_beans(c.beans);
    else
      text << c.count << " unnamed";
  };
  auto put_given = [&](const std::vector<CardRef>& cards) {
    for (std::size_t k = 0; k < cards.size(); ++k) {
      const CardRef& c = cards[k];
      if (k) text << ' ';
      if (c.source == CardRef::Source::turned_up) text << "turned-up ";
      text << name(c.bean);
      if (c.pos) text << '@' << *c.pos;
    }
  };
  auto put_pay = [&](const std::vector<Bean>& pay) {
    if (pay.empty()) return;
    text << " paying ";
    put_beans(pay);
  };
  auto put_who = [&](const Elem& e) {
    if (!e.colour) return;
    text << name(*e.colour) << ' ';
  };
  for (std::size_t i = 0; i < rec.turns.size(); ++i) {
    const Turn& t = rec.turns[i];
    int n = static_cast<int>(i) + 1;
    text.clear();
    text << "turn by " << name(t.colour);
    add(n, t.loc, text.view());
    for (const Elem& e : t.elems) {
      text.clear();
      switch (e.kind) {
        case Elem::Kind::diamond:
          text << "diamond flip " << name(e.bean);
          break;
        case Elem::Kind::plant:
          put_who(e);
          text << "plant " << name(e.bean) << " in field " << e.field;
          break;
        case Elem::Kind::turn_up:
          text << "turn up ";
          put_cards(e.cards);
          break;
        case Elem::Kind::trade:
        case Elem::Kind::donate:
          if (e.kind == Elem::Kind::trade) {
            text << "trade with " << name(e.partner) << ": give ";
            put_given(e.give);
            text << "; get ";
            put_given(e.get);
          } else if (e.donate_to) {
            text << "donate to " << name(e.partner) << ": ";
            put_given(e.give);
          } else {
            text << "donation from " << name(e.partner) << ": ";
            put_given(e.get);
          }
          break;
        case Elem::Kind::harvest:
          put_who(e);
          text << "harvest field " << e.field;
          break;
        case Elem::Kind::battle:
          text << "battle for " << map.spaces[static_cast<std::size_t>(e.target)].id;
          put_pay(e.pay);
          break;
        case Elem::Kind::round:
          text << "round " << e.round_index + 1;
          break;
        case Elem::Kind::attack:
        case Elem::Kind::defend:
          if (e.kind == Elem::Kind::attack && e.source == BattleSource::cavalry) {
            text << "attack with cavalry " << e.cavalry;
            break;
          }
          text << (e.kind == Elem::Kind::attack ? "attack" : "defend") << " from the "
               << (e.source == BattleSource::hand ? "hand" : "deck") << " with " << name(e.bean);
          if (e.pos) text << '@' << *e.pos;
          break;
        case Elem::Kind::battle_end:
        case Elem::Kind::buy_cart_end:
        case Elem::Kind::vp:
          continue;  // no move of their own
        case Elem::Kind::draw:
          text << "draw ";
          put_cards(e.cards);
          break;
        case Elem::Kind::load:
          text << "load ";
          put_cards(e.cards);
          break;
        case Elem::Kind::take:
          text << "take ";
          put_cards(e.cards);
          break;
        case Elem::Kind::buy_cart:
          put_who(e);
          text << "buy a cart";
          put_pay(e.pay);
          break;
        case Elem::Kind::buy_field:
          put_who(e);
          text << "buy a third field";
          put_pay(e.pay);
          break;
        case Elem::Kind::reshuffle:
          if (e.order) {
            text << "reshuffle into ";
            put_beans(*e.order);
          } else {
            text << "reshuffle (order hidden)";
          }
          break;
      }
      add(n, e.loc, text.view());
    }
  }
}

}  // namespace

std::vector<CanonicalItem> canonical_moves(const Record& rec) {
  std::vector<CanonicalItem> out;
  each_canonical(rec, [&](int turn, SourceLoc loc, std::string_view text) {
    out.push_back({turn, loc, std::string(text)});
  });
  return out;
}

std::string record_key(const Record& rec) {
  KeyHasher k;
  each_canonical(rec, [&](int turn, SourceLoc, std::string_view text) {
    k.add(static_cast<std::uint64_t>(turn)).add(text);
  });
  return k.finish("dschingis-bohn");
}

}  // namespace wallaudit::db
