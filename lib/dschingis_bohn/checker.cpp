#include "dschingis_bohn/checker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <map>

#include "dschingis_bohn/rule_ids.hpp"

namespace wallaudit::db {

std::string_view end_reason_name(EndReason r) {
  switch (r) {
    case EndReason::deck:
      return "deck";
    case EndReason::last_territory:
      return "last-territory";
    case EndReason::none:
      return "";
  }
  return "";
}

namespace {

std::string plural(int n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

class Checker {
 public:
  Checker(const Record& rec, const CheckerSettings& settings, Diagnostics& out)
      : rec_(rec), settings_(settings), out_(out) {}

  Outcome run() {
    result_.options = rec_.effective;
    if (rec_.map && rec_.map->modelled)
      report(FindingKind::info, rule::DB_203, rec_.map_loc, 0, std::nullopt,
             modelled_note("map", rec_.map->name));
    if (!setup()) {
      result_.violation = true;
      return std::move(result_);
    }
    snapshot(0, rec_.setup_loc, Colour::red);
    for (std::size_t i = 0; i < rec_.turns.size(); ++i) {
      int n = static_cast<int>(i) + 1;
      if (state().over()) {
        const Turn& t = rec_.turns[i];
        report(FindingKind::rule, rule::DB_1003, t.loc, n, t.colour,
               fmt::format("the game ended in turn {} ({}); no turn follows ({} more in the "
                           "record)",
                           result_.end_turn,
                           state().end_reason() == EndReason::last_territory
                               ? "a player lost his last territory"
                               : "the deck ran out for the third time",
                           rec_.turns.size() - i));
        break;
      }
      turn(rec_.turns[i], n);
    }
    finish();
    return std::move(result_);
  }

 private:
  State& state() { return *result_.state; }

  // ---- findings -------------------------------------------------------------------------

  void report(FindingKind kind, std::string_view rule, SourceLoc loc, int turn,
              std::optional<Colour> colour, std::string message) {
    Diagnostic& d = out_.add(kind, std::string(rule), loc, std::move(message));
    d.turn = turn;
    if (colour) d.colour = std::string(name(*colour));
    if ((kind == FindingKind::rule || kind == FindingKind::dispute) && first_error_line_ &&
        loc != first_error_loc_) {
      d.follow_on = true;
      d.follows_line = first_error_line_;
    }
    if (kind == FindingKind::rule && !first_error_line_) {
      first_error_line_ = loc.line ? loc.line : 1;
      first_error_loc_ = loc;
      result_.violation = true;
      result_.finished_before_violation = was_over_;
      if (turn == 0 || !result_.state) {
        result_.scores_at_violation.assign(result_.seats.size(), 0);
      } else if (static_cast<std::size_t>(turn) <= result_.vp_at_start.size()) {
        result_.scores_at_violation = result_.vp_at_start[static_cast<std::size_t>(turn) - 1];
      } else {
        result_.scores_at_violation = current_vp();
      }
    }
  }

  std::vector<int> current_vp() {
    std::vector<int> vp;
    for (int s = 0; s < state().players(); ++s)
      vp.push_back(state().vp(s));
    return vp;
  }

  void dispute(SourceLoc loc, int turn, std::optional<Colour> colour, std::string message) {
    report(FindingKind::dispute, rule::DB_1005, loc, turn, colour, std::move(message));
  }

  SourceLoc locate(const Violation& v, const Elem* e, const Turn* t) const {
    if (v.ref == kRefTurn && t) return t->loc;
    if (!e) return t ? t->loc : rec_.setup_loc;
    switch (v.ref) {
      case kRefTarget:
        return e->target_loc.known() ? e->target_loc : e->loc;
      case kRefPay:
        return e->pay_loc.known() ? e->pay_loc : e->loc;
      case kRefColour:
        return e->colour_loc.known() ? e->colour_loc : (t ? t->colour_loc : e->loc);
      case kRefField:
        return e->field_loc.known() ? e->field_loc : e->loc;
      case kRefPartner:
        return e->partner_loc.known() ? e->partner_loc : e->loc;
      default:
        break;
    }
    if (v.ref >= 0) {
      std::size_t i = static_cast<std::size_t>(v.ref);
      if (i < e->give.size()) return e->give[i].loc;
      i -= e->give.size();
      if (i < e->get.size()) return e->get[i].loc;
    }
    return e->loc;
  }

  void violations(const Violations& vs, const Elem* e, const Turn* t, int turn,
                  std::optional<Colour> colour) {
    for (const auto& v : vs) {
      if (v.rule == rule::DB_1003) {
        if (after_end_reported_) continue;
        after_end_reported_ = true;
      }
      report(FindingKind::rule, v.rule, locate(v, e, t), turn, colour, v.message);
    }
  }

  // ---- set-up ----------------------------------------------------------------------------

  int seat_of(Colour c) const {
    for (std::size_t i = 0; i < result_.seats.size(); ++i)
      if (result_.seats[i] == c) return static_cast<int>(i);
    return -1;
  }

  bool setup() {
    const auto& players = rec_.players;
    for (const auto& p : players) {
      if (seat_of(p.colour) >= 0) {
        report(FindingKind::rule, rule::DB_301, p.loc, 0, p.colour,
               fmt::format("{} is played twice; every player has his own colour", name(p.colour)));
        continue;
      }
      result_.seats.push_back(p.colour);
    }
    int n = static_cast<int>(result_.seats.size());
    if (players.size() < 3 || players.size() > 5) {
      report(FindingKind::rule, rule::DB_301, rec_.players_loc, 0, std::nullopt,
             fmt::format("Dschingis Bohn is played by 3 to 5 players, this record has {}",
                         players.size()));
      return false;
    }
    if (n < 3) return false;
    const MapDef& map = *rec_.map;
    const Options& o = rec_.effective;

    Setup s;
    s.map = rec_.map;
    s.options = o;
    s.seats = result_.seats;
    s.cards.assign(static_cast<std::size_t>(map.size()), std::nullopt);
    s.owner.assign(static_cast<std::size_t>(map.size()), -1);
    for (std::size_t i = 0; i < map.fixed.size(); ++i)
      s.cards[i] = map.fixed[i];

    // Sites and territory cards (DB-302, DB-303).
    const auto& camp_sites = map.camps_for(n);
    if (!camp_sites)
      report(FindingKind::rule, rule::DB_303, rec_.map_loc, 0, std::nullopt,
             fmt::format("map \"{}\" has no camp sites for {} players", map.name, n));
    auto camp_site = [&](SpaceId sp) { return camp_sites && map.is_camp_site(n, sp); };
    std::vector<bool> stated(static_cast<std::size_t>(map.size()));
    for (const auto& t : rec_.territories) {
      const std::string& id = map.spaces[static_cast<std::size_t>(t.space)].id;
      if (camp_site(t.space)) {
        report(FindingKind::rule, rule::DB_303, t.loc, 0, std::nullopt,
               fmt::format("{} is a camp site for {} players: the camps go there, not {}", id, n,
                           name(t.card)));
        continue;
      }
      if (stated[static_cast<std::size_t>(t.space)]) {
        report(FindingKind::rule, rule::DB_303, t.loc, 0, std::nullopt,
               fmt::format("{} gets a second card; each space holds one", id));
        continue;
      }
      stated[static_cast<std::size_t>(t.space)] = true;
      const auto& fixed = map.fixed[static_cast<std::size_t>(t.space)];
      if (fixed && *fixed != t.card) {
        report(FindingKind::rule, rule::DB_303, t.loc, 0, std::nullopt,
               fmt::format("map \"{}\" fixes a {} on {}, not a {}", map.name, name(*fixed), id,
                           name(t.card)));
        continue;
      }
      s.cards[static_cast<std::size_t>(t.space)] = t.card;
    }
    bool layout_complete = camp_sites.has_value();
    if (camp_sites) {
      std::vector<SpaceId> empty;
      int open = 0;
      for (SpaceId sp = 0; sp < map.size(); ++sp) {
        if (camp_site(sp)) continue;
        ++open;
        if (!s.cards[static_cast<std::size_t>(sp)]) empty.push_back(sp);
      }
      int wanted = 19 - n;
      if (o.card_set == CardSet::by_player_count && open != wanted) {
        report(FindingKind::rule, rule::DB_303, rec_.map_loc, 0, std::nullopt,
               fmt::format("map \"{}\" has {} open sites for {} players, but {} players put {} "
                           "non-camp territory cards in play (DB-302)",
                           map.name, open, n, n, wanted));
        layout_complete = false;
      } else if (!empty.empty()) {
        report(
            FindingKind::rule, rule::DB_303, rec_.setup_loc, 0, std::nullopt,
            fmt::format("{} without a card: the set-up states the card of every open site "
                        "({})",
                        empty.size() == 1 ? "an open site is" : "open sites are", map.list(empty)));
        layout_complete = false;
      }
    }
    if (layout_complete) check_card_set(s, n);

    // Camps (DB-305).
    std::vector<int> camp_of(static_cast<std::size_t>(n), -1);
    std::vector<int> expected;
    for (int k = n - 1; k >= 0; --k)
      expected.push_back(k);
    std::size_t choice = 0;
    bool order_reported = false;
    for (const auto& c : rec_.camps) {
      int seat = seat_of(c.colour);
      const std::string& id = map.spaces[static_cast<std::size_t>(c.space)].id;
      if (seat < 0) {
        report(FindingKind::rule, rule::DB_305, c.loc, 0, c.colour,
               fmt::format("{} is not at the table", name(c.colour)));
        continue;
      }
      if (camp_of[static_cast<std::size_t>(seat)] >= 0) {
        report(FindingKind::rule, rule::DB_305, c.loc, 0, c.colour,
               fmt::format("{} chooses a second camp; every player has one", name(c.colour)));
        continue;
      }
      if (!order_reported && choice < expected.size() && expected[choice] != seat) {
        order_reported = true;
        report(FindingKind::rule, rule::DB_305, c.loc, 0, c.colour,
               fmt::format("the camps are chosen from the start player's right-hand neighbour "
                           "counter-clockwise ({}); choice {} is {}'s, not {}'s",
                           camp_order_text(), choice + 1,
                           name(result_.seats[static_cast<std::size_t>(expected[choice])]),
                           name(c.colour)));
      }
      ++choice;
      if (camp_sites && !camp_site(c.space)) {
        report(FindingKind::rule, rule::DB_303, c.loc, 0, c.colour,
               fmt::format("{} is no camp site for {} players (camp sites: {})", id, n,
                           map.list(*camp_sites)));
      } else if (s.owner[static_cast<std::size_t>(c.space)] >= 0) {
        report(FindingKind::rule, rule::DB_303, c.loc, 0, c.colour,
               fmt::format("{} holds a camp already", id));
        continue;
      }
      camp_of[static_cast<std::size_t>(seat)] = c.space;
      s.cards[static_cast<std::size_t>(c.space)] = Card::camp;
      s.owner[static_cast<std::size_t>(c.space)] = seat;
    }
    for (int seat = 0; seat < n; ++seat)
      if (camp_of[static_cast<std::size_t>(seat)] < 0)
        report(FindingKind::rule, rule::DB_305, rec_.setup_loc, 0,
               result_.seats[static_cast<std::size_t>(seat)],
               fmt::format("{} has no <camp>: every player chooses a camp ({})",
                           name(result_.seats[static_cast<std::size_t>(seat)]), camp_order_text()));

    // Hands and deck (DB-306).
    s.hands.assign(static_cast<std::size_t>(n), std::nullopt);
    for (const auto& h : rec_.hands) {
      int seat = seat_of(h.colour);
      if (seat < 0) {
        report(FindingKind::rule, rule::DB_306, h.loc, 0, h.colour,
               fmt::format("{} is not at the table", name(h.colour)));
        continue;
      }
      if (s.hands[static_cast<std::size_t>(seat)]) {
        report(FindingKind::rule, rule::DB_306, h.loc, 0, h.colour,
               fmt::format("a second <hand> for {}", name(h.colour)));
        continue;
      }
      if (h.beans.size() != 5)
        report(FindingKind::rule, rule::DB_306, h.loc, 0, h.colour,
               fmt::format("a starting hand is 5 cards, this one is {}",
                           plural(static_cast<int>(h.beans.size()), "card")));
      s.hands[static_cast<std::size_t>(seat)] = h.beans;
    }
    int rest = deck_size(o) - 5 * n;
    for (std::size_t i = 0; i < rec_.decks.size(); ++i) {
      const auto& d = rec_.decks[i];
      if (i > 0) {
        report(FindingKind::rule, rule::DB_306, d.loc, 0, std::nullopt,
               "a second <deck>: the set-up gives at most one");
        continue;
      }
      if (static_cast<int>(d.order.size()) != rest)
        report(FindingKind::rule, rule::DB_306, d.loc, 0, std::nullopt,
               fmt::format("the deck after the deal holds {} cards ({} - 5 x {}), this order "
                           "lists {}",
                           rest, deck_size(o), n, d.order.size()));
      s.deck = d.order;
    }
    Violations vs;
    result_.state.emplace(s, vs);
    violations(vs, nullptr, nullptr, 0, std::nullopt);
    return true;
  }

  std::string camp_order_text() const {
    std::string out;
    for (int k = static_cast<int>(result_.seats.size()) - 1; k >= 0; --k)
      out += fmt::format("{}{}", out.empty() ? "" : ", ",
                         name(result_.seats[static_cast<std::size_t>(k)]));
    return out;
  }

  void check_card_set(const Setup& s, int n) {
    const MapDef& map = *rec_.map;
    std::array<int, kCardKinds> have{};
    for (SpaceId sp = 0; sp < map.size(); ++sp) {
      if (map.is_camp_site(n, sp)) continue;
      const auto& c = s.cards[static_cast<std::size_t>(sp)];
      if (c) ++have[static_cast<std::size_t>(*c)];
    }
    std::string diff;
    if (rec_.effective.card_set == CardSet::by_player_count) {
      auto want = cards_in_play(n);
      for (int k = 0; k < kCardKinds; ++k) {
        int h = have[static_cast<std::size_t>(k)], w = want[static_cast<std::size_t>(k)];
        if (h != w)
          diff += fmt::format("{}{} {} (in play: {})", diff.empty() ? "" : ", ", h,
                              name(static_cast<Card>(k)), w);
      }
      if (!diff.empty())
        report(FindingKind::rule, rule::DB_302, rec_.setup_loc, 0, std::nullopt,
               fmt::format("the territory cards for {} players (card-set=by-player-count) are "
                           "not these: the open sites hold {}",
                           n, diff));
      return;
    }
    if (have[static_cast<std::size_t>(Card::camp)] > 0)
      diff = fmt::format("{} on open sites (exactly one camp per player, on the camp sites)",
                         plural(have[static_cast<std::size_t>(Card::camp)], "camp"));
    for (int k = 0; k < kCardKinds; ++k) {
      Card c = static_cast<Card>(k);
      int used = have[static_cast<std::size_t>(k)] + (c == Card::camp ? n : 0);
      if (used > box_count(c))
        diff += fmt::format("{}{} {} (the box holds {})", diff.empty() ? "" : ", ", used, name(c),
                            box_count(c));
    }
    if (!diff.empty())
      report(FindingKind::rule, rule::DB_302, rec_.setup_loc, 0, std::nullopt,
             fmt::format("card-set=any-from-box uses the box's cards: {}", diff));
  }

  // ---- turns -------------------------------------------------------------------------------

  void snapshot(int n, SourceLoc loc, Colour c) {
    if (!settings_.keep_snapshots) return;
    result_.snapshots.push_back({n, loc, c, std::make_shared<const State>(state())});
  }

  int seat_for(const Elem& e, int active) const { return e.colour ? seat_of(*e.colour) : active; }

  // The next element after `i` (rounds aside) takes a card from the deck in a battle.
  static bool before_deck_card(const Turn& t, std::size_t i) {
    for (std::size_t k = i + 1; k < t.elems.size(); ++k) {
      const Elem& e = t.elems[k];
      if (e.kind == Elem::Kind::round) continue;
      return (e.kind == Elem::Kind::attack || e.kind == Elem::Kind::defend) &&
             e.source == BattleSource::deck;
    }
    return false;
  }

  void turn(const Turn& t, int n) {
    State& st = state();
    result_.vp_at_start.push_back(current_vp());
    ++result_.counts.turns;
    int seat = expected_seat_;
    int actual = seat_of(t.colour);
    after_end_reported_ = false;
    if (actual != seat) {
      was_over_ = st.over();
      std::string who = actual < 0 ? fmt::format("{} is not at the table", name(t.colour))
                                   : fmt::format("{} plays out of turn", name(t.colour));
      report(FindingKind::rule, rule::DB_307, t.colour_loc, n, t.colour,
             n == 1 ? fmt::format("the first turn is the start player's ({}, the first seat); {}",
                                  name(result_.seats[static_cast<std::size_t>(seat)]), who)
                    : fmt::format("turn {} is {}'s (seat order); {}", n,
                                  name(result_.seats[static_cast<std::size_t>(seat)]), who));
      if (actual < 0) {
        expected_seat_ = (seat + 1) % st.players();
        snapshot(n, t.loc, t.colour);
        return;
      }
      seat = actual;
    }
    expected_seat_ = (seat + 1) % st.players();
    st.begin_turn(seat);
    const Elem* battle = nullptr;
    for (std::size_t i = 0; i < t.elems.size(); ++i) {
      const Elem& e = t.elems[i];
      std::optional<Colour> colour = e.colour ? e.colour : std::optional<Colour>(t.colour);
      was_over_ = st.over();
      Violations vs;
      switch (e.kind) {
        case Elem::Kind::diamond:
          vs = st.diamond(e.bean);
          ++result_.counts.diamonds;
          break;
        case Elem::Kind::plant:
          vs = st.plant(seat_for(e, seat), e.bean, e.field);
          break;
        case Elem::Kind::turn_up:
          vs = st.turn_up(e.cards.beans);
          break;
        case Elem::Kind::trade:
        case Elem::Kind::donate: {
          std::vector<State::Given> give, get;
          for (const auto& c : e.give)
            give.push_back({c.source == CardRef::Source::turned_up, c.bean, c.pos});
          for (const auto& c : e.get)
            get.push_back({false, c.bean, c.pos});
          vs = st.trade(seat_of(e.partner), give, get, e.kind == Elem::Kind::donate);
          ++(e.kind == Elem::Kind::trade ? result_.counts.trades : result_.counts.donations);
          break;
        }
        case Elem::Kind::harvest: {
          HarvestResult h;
          int who = seat_for(e, seat);
          vs = st.harvest(who, e.field, h);
          violations(vs, &e, &t, n, colour);
          vs.clear();
          if (who >= 0 && h.cards > 0) {
            ++result_.counts.harvests;
            result_.counts.coins += h.coins;
            result_.counts.harvest_coins.push_back(h.coins);
          }
          harvest_claims(e, n, who, h);
          break;
        }
        case Elem::Kind::battle: {
          bool applied = false;
          vs = st.battle(e.target, e.pay, applied);
          if (!applied) {
            violations(vs, &e, &t, n, colour);
            vs.clear();
            i = e.end_index;
            break;
          }
          battle = &e;
          break;
        }
        case Elem::Kind::round:
          vs = st.round(e.round_index);
          break;
        case Elem::Kind::attack:
          vs = st.attack(e.source == BattleSource::cavalry ? AttackSource::cavalry
                         : e.source == BattleSource::hand  ? AttackSource::hand
                                                           : AttackSource::deck,
                         e.cavalry, e.bean, e.pos);
          break;
        case Elem::Kind::defend:
          vs = st.defend(e.source == BattleSource::hand, e.bean, e.pos);
          break;
        case Elem::Kind::battle_end:
          vs = st.battle_end();
          violations(vs, &e, &t, n, colour);
          vs.clear();
          if (battle) battle_done(*battle, n);
          battle = nullptr;
          break;
        case Elem::Kind::draw:
          vs = st.draw(e.cards.beans, e.cards.count);
          break;
        case Elem::Kind::load:
          vs = e.in_cart ? st.cart_load(e.cards.beans, e.cards.count)
                         : st.load(e.cards.beans, e.cards.count);
          break;
        case Elem::Kind::take:
          vs = st.take(e.cards.beans, e.cards.count);
          break;
        case Elem::Kind::buy_cart: {
          bool applied = false;
          vs = st.buy_cart(seat_for(e, seat), e.pay, e.has_children, applied);
          if (!applied) {
            violations(vs, &e, &t, n, colour);
            vs.clear();
            i = e.end_index;
          } else {
            ++result_.counts.carts;
          }
          break;
        }
        case Elem::Kind::buy_cart_end:
          vs = st.buy_cart_end();
          break;
        case Elem::Kind::buy_field:
          vs = st.buy_field(seat_for(e, seat), e.pay);
          ++result_.counts.fields;
          break;
        case Elem::Kind::reshuffle:
          vs = st.reshuffle(e.order, before_deck_card(t, i));
          ++result_.counts.reshuffles;
          break;
        case Elem::Kind::vp: {
          vs = st.vp_claim();
          violations(vs, &e, &t, n, colour);
          vs.clear();
          vp_claim(e, n);
          break;
        }
      }
      violations(vs, &e, &t, n, colour);
      if (st.over() && !result_.end_turn) {
        result_.end_turn = n;
        result_.reason = st.end_reason();
      }
    }
    was_over_ = st.over();
    violations(st.end_turn(), nullptr, &t, n, t.colour);
    snapshot(n, t.loc, t.colour);
  }

  void battle_done(const Elem& e, int n) {
    const State& st = *result_.state;
    BattleEvent ev;
    ev.turn = n;
    ev.loc = e.loc;
    ev.result = st.last_battle();
    ev.claimed_capture = e.claimed_capture;
    for (int s = 0; s < st.players(); ++s)
      ev.vp_after.push_back(st.vp(s));
    if (e.claimed_capture && *e.claimed_capture != ev.result.captured)
      dispute(
          e.loc, n, st.player(st.active()).colour,
          fmt::format("claimed {}, recomputed {}: {}", *e.claimed_capture ? "captured" : "repelled",
                      ev.result.captured ? "captured" : "repelled", describe_battle(ev.result)));
    result_.battles.push_back(std::move(ev));
  }

  std::string describe_battle(const BattleResult& b) const {
    const State& st = *result_.state;
    std::string out;
    for (std::size_t i = 0; i < b.rounds.size(); ++i) {
      const RoundResult& r = b.rounds[i];
      std::string attack =
          r.attack == AttackSource::cavalry ? fmt::format("cavalry {} (17)", r.cavalry)
          : r.attack_card ? fmt::format("{} {}", name(*r.attack_card), r.attack_strength)
                          : std::string("an empty deck (0)");
      std::string defence =
          r.defence_card ? fmt::format("{} {}", name(*r.defence_card), r.defence_card_strength)
                         : std::string("an empty deck (0)");
      if (r.defence_strength > r.defence_card_strength)
        defence += fmt::format(" raised to the {}'s minimum {}",
                               b.card ? std::string(name(*b.card)) : std::string("territory"),
                               r.defence_strength);
      out += fmt::format("{}round {}: {} against {}, {}", i ? "; " : "", i + 1, attack, defence,
                         r.won ? "the attack wins" : "the defence holds");
    }
    (void)st;
    return out.empty() ? std::string("no round was fought") : out;
  }

  void harvest_claims(const Elem& e, int n, int seat, const HarvestResult& h) {
    if (!e.coins && !e.claimed_cards && !e.claimed_bean) return;
    if (seat < 0) return;
    const State& st = *result_.state;
    HarvestEvent ev{n, e.loc, seat, e.field, h, e.coins, e.claimed_cards, e.claimed_bean};
    result_.harvests.push_back(ev);
    std::string differs;
    if (e.coins && *e.coins != h.coins)
      differs += fmt::format("{} thaler{} claimed, {} recomputed", *e.coins,
                             *e.coins == 1 ? "" : "s", h.coins);
    if (e.claimed_cards && *e.claimed_cards != h.cards)
      differs += fmt::format("{}{} card{} claimed, {} harvested", differs.empty() ? "" : "; ",
                             *e.claimed_cards, *e.claimed_cards == 1 ? "" : "s", h.cards);
    if (e.claimed_bean && (h.cards == 0 || *e.claimed_bean != h.bean))
      differs += fmt::format("{}{} claimed, {} harvested", differs.empty() ? "" : "; ",
                             name(*e.claimed_bean),
                             h.cards ? std::string(name(h.bean)) : std::string("nothing"));
    if (differs.empty()) return;
    std::string why = h.cards == 0 ? std::string("the field was empty")
                                   : fmt::format("{} {} {} (bean-o-meter {}) give {}", h.cards,
                                                 name(h.bean), h.cards == 1 ? "card" : "cards",
                                                 meter_text(h.bean), plural(h.coins, "thaler"));
    dispute(e.loc, n, st.player(seat).colour,
            fmt::format("harvest of {}'s field {}: {} ({})", name(st.player(seat).colour), e.field,
                        differs, why));
  }

  static std::string meter_text(Bean b) {
    std::string out;
    for (int v : bean_o_meter(b))
      out += fmt::format("{}{}", out.empty() ? "" : "/", v ? std::to_string(v) : "-");
    return out;
  }

  void vp_claim(const Elem& e, int n) {
    const State& st = *result_.state;
    int seat = seat_of(*e.colour);
    VpClaim c{n, e.loc, *e.colour, seat, e.points, seat >= 0 ? st.vp(seat) : 0};
    result_.vp_claims.push_back(c);
    if (seat < 0) {
      dispute(e.loc, n, *e.colour,
              fmt::format("claimed {} VP for {}, which is not at the table", e.points,
                          name(*e.colour)));
      return;
    }
    if (c.claimed != c.recomputed)
      dispute(e.loc, n, *e.colour,
              fmt::format("claimed {} VP for {}, recomputed {} ({})", c.claimed, name(*e.colour),
                          c.recomputed, vp_text(seat)));
  }

  // "camp 01, city 10 (3), village 15; 1 for razing".
  std::string vp_text(int seat) const {
    const State& st = *result_.state;
    std::string out;
    for (SpaceId s = 0; s < st.map().size(); ++s) {
      const SpaceState& sp = st.space(s);
      if (sp.owner != seat || !sp.card) continue;
      int f = flags(*sp.card, sp.razed);
      out += fmt::format("{}{}{} {}", out.empty() ? "" : ", ", sp.razed ? "razed " : "",
                         name(*sp.card), st.map().spaces[static_cast<std::size_t>(s)].id);
      if (f != 1) out += fmt::format(" ({})", f);
    }
    int r = st.player(seat).razing_points;
    if (r) out += fmt::format("; {} for razing", r);
    return out.empty() ? std::string("no territory") : out;
  }

  // ---- the end ------------------------------------------------------------------------------

  void finish() {
    State& st = state();
    result_.finished = st.over();
    if (result_.finished) {
      result_.reason = st.end_reason();
    } else if (!rec_.turns.empty() || rec_.end.present) {
      report(FindingKind::info, rule::DB_1001, rec_.end.present ? rec_.end.loc : rec_.play_loc, 0,
             std::nullopt,
             fmt::format("the record ends before the game does (the deck ran out {} time{}); "
                         "claims are compared with the VP reached",
                         st.exhaustions(), st.exhaustions() == 1 ? "" : "s"));
    }
    end_claims();
    if (result_.finished) {
      int top = std::numeric_limits<int>::min();
      for (int s = 0; s < st.players(); ++s)
        top = std::max(top, st.vp(s));
      std::string names;
      for (int s = 0; s < st.players(); ++s) {
        if (st.vp(s) != top) continue;
        result_.winners.push_back(s);
        names += fmt::format("{}{}", names.empty() ? "" : " and ", name(st.player(s).colour));
      }
      std::string why =
          result_.reason == EndReason::last_territory
              ? fmt::format("a player lost his last territory in turn {}", result_.end_turn)
              : fmt::format("the deck ran out for the third time in turn {}", result_.end_turn);
      result_.result_sentence =
          result_.winners.size() == 1
              ? fmt::format("{} wins with {} VP ({})", names, top, why)
              : fmt::format("{} share the win with {} VP ({})", names, top, why);
    }
  }

  void end_claims() {
    const State& st = state();
    const EndSection& end = rec_.end;
    was_over_ = st.over();
    if (end.reason) {
      std::string recomputed = result_.finished ? std::string(end_reason_name(result_.reason))
                                                : std::string("none: the game has not ended");
      if (!result_.finished || *end.reason != end_reason_name(result_.reason))
        dispute(end.reason_loc, 0, std::nullopt,
                fmt::format("claimed end \"{}\", recomputed {}", *end.reason,
                            result_.finished
                                ? fmt::format("\"{}\" (turn {})", recomputed, result_.end_turn)
                                : recomputed));
    }
    std::vector<bool> seen(result_.seats.size());
    for (const auto& f : end.finals) {
      int seat = seat_of(f.colour);
      if (seat < 0) {
        dispute(f.loc, 0, f.colour,
                fmt::format("a <final> for {}, which is not at the table", name(f.colour)));
        continue;
      }
      if (seen[static_cast<std::size_t>(seat)]) {
        dispute(f.loc, 0, f.colour, fmt::format("a second <final> for {}", name(f.colour)));
        continue;
      }
      seen[static_cast<std::size_t>(seat)] = true;
      int vp = st.vp(seat);
      if (f.vp != vp)
        dispute(
            f.loc, 0, f.colour,
            fmt::format("claimed final {} VP for {}, recomputed {}{} ({})", f.vp, name(f.colour),
                        vp, result_.finished ? "" : " (the game has not ended)", vp_text(seat)));
    }
    if (!end.finals.empty())
      for (std::size_t s = 0; s < seen.size(); ++s)
        if (!seen[s])
          dispute(end.loc, 0, result_.seats[s],
                  fmt::format("no <final> for {} (recomputed {} VP); where any final VP is "
                              "claimed, every colour needs one",
                              name(result_.seats[s]), st.vp(static_cast<int>(s))));
  }

  const Record& rec_;
  const CheckerSettings& settings_;
  Diagnostics& out_;
  Outcome result_;
  int expected_seat_ = 0;
  bool was_over_ = false;
  bool after_end_reported_ = false;
  std::uint32_t first_error_line_ = 0;
  SourceLoc first_error_loc_;
};

}  // namespace

Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out) {
  return Checker(rec, settings, out).run();
}

}  // namespace wallaudit::db
