#include "dschingis_bohn/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <random>
#include <typeinfo>

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

using Kind = Action::Kind;

std::string plural(int n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

std::string meter_text(Bean b) {
  std::string out;
  for (int v : bean_o_meter(b))
    out += fmt::format("{}{}", out.empty() ? "" : "/", v ? std::to_string(v) : "-");
  return out;
}

// The part of the set-up action of its `index`-th declaration (players first, then
// territories, camps, hands, decks); 0 (the <setup>) where the parts run out.
std::uint8_t decl_part(std::size_t index) {
  std::size_t part = kPartDecls + index;
  return part <= 255 ? static_cast<std::uint8_t>(part) : 0;
}

}  // namespace

struct Engine::Step {
  StepNo no = 0;
  int turn = 0;      // the turn the action belongs to; 0 for the set-up and the end
  StepNo cause = 0;  // of its rule findings and disputes
  StepResult result;
};

Engine::Engine(std::shared_ptr<const MapDef> map, Options options, RecordShape shape)
    : map_(std::move(map)), options_(options), shape_(shape), out_(std::make_shared<Outcome>()) {
  out_->options = options_;
}

Outcome& Engine::log() {
  if (out_.use_count() > 1) out_ = std::make_shared<Outcome>(*out_);
  return *out_;
}

Outcome Engine::take_outcome() {
  if (out_.use_count() > 1) return *out_;
  return std::move(*out_);
}

int Engine::seat_of(Colour c) const {
  const auto& seats = out_->seats;
  for (std::size_t i = 0; i < seats.size(); ++i)
    if (seats[i] == c) return static_cast<int>(i);
  return -1;
}

std::vector<int> Engine::current_vp() const {
  std::vector<int> vp;
  current_vp(vp);
  return vp;
}

void Engine::current_vp(std::vector<int>& vp) const {
  vp.clear();
  if (!out_->state) return;
  for (int s = 0; s < out_->state->players(); ++s)
    vp.push_back(out_->state->vp(s));
}

bool Engine::in_play() const {
  return out_->state && seat_ >= 0 && !skip_turn_ && !stopped_;
}

// ---- findings ---------------------------------------------------------------------------------

void Engine::report(Step& s, FindingKind kind, RuleId rule, std::uint8_t part,
                    std::optional<Colour> colour, std::string message) {
  Finding f;
  f.kind = kind;
  f.rule = rule;
  f.message = std::move(message);
  f.part = part;
  if (colour) f.colour = std::string(name(*colour));
  if (kind == FindingKind::rule || kind == FindingKind::dispute) f.cause = s.cause;
  if (kind == FindingKind::rule && first_error_ == 0) {
    first_error_ = s.no;
    Outcome& o = log();
    o.violation = true;
    o.finished_before_violation = was_over_;
    if (s.turn == 0 || !o.state)
      o.scores_at_violation.assign(o.seats.size(), 0);
    else if (static_cast<std::size_t>(s.turn) <= o.vp_at_start.size())
      o.scores_at_violation = o.vp_at_start[static_cast<std::size_t>(s.turn) - 1];
    else
      o.scores_at_violation = current_vp();
  }
  s.result.findings.push_back(std::move(f));
}

void Engine::violations(Step& s, const Violations& vs, std::optional<Colour> colour) {
  for (const auto& v : vs) {
    if (v.rule == rule::DB_1003) {
      if (after_end_reported_) continue;
      after_end_reported_ = true;
    }
    report(s, FindingKind::rule, v.rule, v.part, colour, v.message);
  }
}

// ---- driving ----------------------------------------------------------------------------------

StepResult Engine::apply(const wallaudit::Action& any, StepNo step) {
  Step s;
  s.no = step;
  // Action is final: `any` is one exactly when its type is Action (cheaper than a cast that
  // searches the hierarchy, on every step).
  const auto* a = typeid(any) == typeid(Action) ? static_cast<const Action*>(&any) : nullptr;
  if (!a) {
    report(s, FindingKind::rule, rule::DB_401, 0, std::nullopt,
           fmt::format("\"{}\" is no Dschingis Bohn action", any.text()));
    return std::move(s.result);
  }
  const Touch touched = touch(*a);
  s.cause = cause_of(touched);
  // The end of a <battle> or <buy-cart> is the same element as its start.
  if ((a->what == Kind::battle_end && s.cause == battle_step_) ||
      (a->what == Kind::cart_end && s.cause == cart_step_))
    s.cause = 0;
  switch (a->what) {
    case Kind::setup:
      setup(*a, s);
      break;
    case Kind::turn:
    case Kind::end_turn:
      s.turn = turn_no_ + (a->what == Kind::turn ? 1 : 0);
      turn(*a, s);
      break;
    case Kind::end_claim:
      end_claim(*a, s);
      break;
    case Kind::final_claim:
      final_claim(*a, s);
      break;
    default:
      s.turn = turn_no_;
      element(*a, s);
      break;
  }
  // The board space a rule finding of a battle involves: the space attacked.
  if (a->what == Kind::battle && a->map && a->target >= 0 && a->target < a->map->size())
    for (Finding& f : s.result.findings)
      if (f.kind == FindingKind::rule && f.involves.empty())
        f.involves.push_back(a->map->spaces[static_cast<std::size_t>(a->target)].id);
  if (s.result.erroneous()) {
    Touch changed = touched;
    if (a->what == Kind::turn) changed.scores = 0;  // a turn out of order scores nothing
    taint(changed, s.no);
  }
  return std::move(s.result);
}

// ---- causes ------------------------------------------------------------------------------------

Engine::Touch Engine::touch(const Action& a) const {
  Touch t;
  auto add = [](std::uint32_t& set, int seat) {
    if (seat >= 0 && seat < 32) set |= 1u << seat;
  };
  switch (a.what) {
    case Kind::setup:
      t.all = true;
      return t;
    case Kind::turn:
      // Whose turn it is, and whether the game goes on (the deck, everybody's territories).
      t.table = true;
      for (std::size_t seat = 0; seat < out_->seats.size(); ++seat)
        add(t.scores, static_cast<int>(seat));
      add(t.cards, seat_of(a.colour));
      return t;
    case Kind::claim:
    case Kind::final_claim:
      add(t.scores, seat_of(a.colour));
      return t;
    case Kind::end_claim:
      t.table = true;
      for (std::size_t seat = 0; seat < out_->seats.size(); ++seat)
        add(t.scores, static_cast<int>(seat));
      return t;
    case Kind::plant:
      // From the hand or the to-plant area into a field: the cards of the planter and of the
      // turn's player (whose turn-up and trades filled the to-plant areas).
      break;
    default:
      t.table = true;
      break;
  }
  add(t.cards, seat_);
  add(t.cards, seat_of(a.colour));
  if (a.what == Kind::trade || a.what == Kind::donate) add(t.cards, seat_of(a.partner));
  const bool in_battle = a.what == Kind::battle || a.what == Kind::round ||
                         a.what == Kind::attack || a.what == Kind::defence ||
                         a.what == Kind::battle_end;
  if (in_battle) {
    add(t.scores, seat_);
    int defender = battle_defender_;
    if (a.what == Kind::battle && out_->state && a.target >= 0 && a.target < map_->size())
      defender = out_->state->space(a.target).owner;
    add(t.scores, defender);
    add(t.cards, defender);
  }
  return t;
}

StepNo Engine::cause_of(const Touch& t) const {
  StepNo cause = 0;
  auto take = [&](StepNo s) {
    if (s != 0 && (cause == 0 || s < cause)) cause = s;
  };
  if (t.table || t.all) take(table_taint_);
  for (std::size_t i = 0; i < cards_taint_.size() && i < 32; ++i)
    if (t.all || (t.cards >> i & 1u)) take(cards_taint_[i]);
  for (std::size_t i = 0; i < score_taint_.size() && i < 32; ++i)
    if (t.all || (t.scores >> i & 1u)) take(score_taint_[i]);
  return cause;
}

void Engine::taint(const Touch& t, StepNo step) {
  const std::size_t n = out_->seats.size();
  cards_taint_.resize(n);
  score_taint_.resize(n);
  auto mark = [step](StepNo& s) {
    if (s == 0) s = step;
  };
  if (t.all || t.table) mark(table_taint_);
  for (std::size_t i = 0; i < n && i < 32; ++i) {
    if (t.all || (t.cards >> i & 1u)) mark(cards_taint_[i]);
    if (t.all || (t.scores >> i & 1u)) mark(score_taint_[i]);
  }
}

// ---- the set-up ---------------------------------------------------------------------------------

void Engine::setup(const Action& a, Step& s) {
  if (setup_done_) {
    report(s, FindingKind::rule, rule::DB_401, 0, std::nullopt, "a second set-up");
    return;
  }
  setup_done_ = true;
  const MapDef& map = *map_;
  if (map.modelled)
    report(s, FindingKind::info, rule::DB_203, kPartMap, std::nullopt,
           modelled_note("map", map.name));
  std::size_t decl = 0;
  for (Colour c : a.players) {
    std::uint8_t part = decl_part(decl++);
    if (seat_of(c) >= 0) {
      report(s, FindingKind::rule, rule::DB_301, part, c,
             fmt::format("{} is played twice; every player has his own colour", name(c)));
      continue;
    }
    log().seats.push_back(c);
  }
  int n = static_cast<int>(out_->seats.size());
  if (a.players.size() < 3 || a.players.size() > 5) {
    report(s, FindingKind::rule, rule::DB_301, kPartPlayers, std::nullopt,
           fmt::format("Dschingis Bohn is played by 3 to 5 players, this record has {}",
                       a.players.size()));
    log().violation = true;
    return;
  }
  if (n < 3) {
    log().violation = true;
    return;
  }
  const Options& opt = options_;

  Setup setup;
  setup.map = map_;
  setup.options = opt;
  setup.seats = out_->seats;
  setup.cards.assign(static_cast<std::size_t>(map.size()), std::nullopt);
  setup.owner.assign(static_cast<std::size_t>(map.size()), -1);
  for (std::size_t i = 0; i < map.fixed.size(); ++i)
    setup.cards[i] = map.fixed[i];

  // Sites and territory cards (DB-302, DB-303).
  const auto& camp_sites = map.camps_for(n);
  if (!camp_sites)
    report(s, FindingKind::rule, rule::DB_303, kPartMap, std::nullopt,
           fmt::format("map \"{}\" has no camp sites for {} players", map.name, n));
  auto camp_site = [&](SpaceId sp) { return camp_sites && map.is_camp_site(n, sp); };
  std::vector<bool> stated(static_cast<std::size_t>(map.size()));
  for (const auto& [space, card] : a.territories) {
    std::uint8_t part = decl_part(decl++);
    const std::string& id = map.spaces[static_cast<std::size_t>(space)].id;
    if (camp_site(space)) {
      report(s, FindingKind::rule, rule::DB_303, part, std::nullopt,
             fmt::format("{} is a camp site for {} players: the camps go there, not {}", id, n,
                         name(card)));
      continue;
    }
    if (stated[static_cast<std::size_t>(space)]) {
      report(s, FindingKind::rule, rule::DB_303, part, std::nullopt,
             fmt::format("{} gets a second card; each space holds one", id));
      continue;
    }
    stated[static_cast<std::size_t>(space)] = true;
    const auto& fixed = map.fixed[static_cast<std::size_t>(space)];
    if (fixed && *fixed != card) {
      report(s, FindingKind::rule, rule::DB_303, part, std::nullopt,
             fmt::format("map \"{}\" fixes a {} on {}, not a {}", map.name, name(*fixed), id,
                         name(card)));
      continue;
    }
    setup.cards[static_cast<std::size_t>(space)] = card;
  }
  bool layout_complete = camp_sites.has_value();
  if (camp_sites) {
    std::vector<SpaceId> empty;
    int open = 0;
    for (SpaceId sp = 0; sp < map.size(); ++sp) {
      if (camp_site(sp)) continue;
      ++open;
      if (!setup.cards[static_cast<std::size_t>(sp)]) empty.push_back(sp);
    }
    int wanted = 19 - n;
    if (opt.card_set == CardSet::by_player_count && open != wanted) {
      report(s, FindingKind::rule, rule::DB_303, kPartMap, std::nullopt,
             fmt::format("map \"{}\" has {} open sites for {} players, but {} players put {} "
                         "non-camp territory cards in play ({})",
                         map.name, open, n, n, wanted, rule::DB_302));
      layout_complete = false;
    } else if (!empty.empty()) {
      report(
          s, FindingKind::rule, rule::DB_303, kPartSetup, std::nullopt,
          fmt::format("{} without a card: the set-up states the card of every open site "
                      "({})",
                      empty.size() == 1 ? "an open site is" : "open sites are", map.list(empty)));
      layout_complete = false;
    }
  }
  if (layout_complete) check_card_set(a, setup, n, s);

  // Camps (DB-305).
  std::vector<int> camp_of(static_cast<std::size_t>(n), -1);
  std::vector<int> expected;
  for (int k = n - 1; k >= 0; --k)
    expected.push_back(k);
  std::size_t choice = 0;
  bool order_reported = false;
  for (const auto& [colour, space] : a.camps) {
    std::uint8_t part = decl_part(decl++);
    int seat = seat_of(colour);
    const std::string& id = map.spaces[static_cast<std::size_t>(space)].id;
    if (seat < 0) {
      report(s, FindingKind::rule, rule::DB_305, part, colour,
             fmt::format("{} is not at the table", name(colour)));
      continue;
    }
    if (camp_of[static_cast<std::size_t>(seat)] >= 0) {
      report(s, FindingKind::rule, rule::DB_305, part, colour,
             fmt::format("{} chooses a second camp; every player has one", name(colour)));
      continue;
    }
    if (!order_reported && choice < expected.size() && expected[choice] != seat) {
      order_reported = true;
      report(
          s, FindingKind::rule, rule::DB_305, part, colour,
          fmt::format("the camps are chosen from the start player's right-hand neighbour "
                      "counter-clockwise ({}); choice {} is {}'s, not {}'s",
                      camp_order_text(), choice + 1,
                      name(out_->seats[static_cast<std::size_t>(expected[choice])]), name(colour)));
    }
    ++choice;
    if (camp_sites && !camp_site(space)) {
      report(s, FindingKind::rule, rule::DB_303, part, colour,
             fmt::format("{} is no camp site for {} players (camp sites: {})", id, n,
                         map.list(*camp_sites)));
    } else if (setup.owner[static_cast<std::size_t>(space)] >= 0) {
      report(s, FindingKind::rule, rule::DB_303, part, colour,
             fmt::format("{} holds a camp already", id));
      continue;
    }
    camp_of[static_cast<std::size_t>(seat)] = space;
    setup.cards[static_cast<std::size_t>(space)] = Card::camp;
    setup.owner[static_cast<std::size_t>(space)] = seat;
  }
  for (int seat = 0; seat < n; ++seat)
    if (camp_of[static_cast<std::size_t>(seat)] < 0)
      report(s, FindingKind::rule, rule::DB_305, kPartSetup,
             out_->seats[static_cast<std::size_t>(seat)],
             fmt::format("{} has no <camp>: every player chooses a camp ({})",
                         name(out_->seats[static_cast<std::size_t>(seat)]), camp_order_text()));

  // Hands and deck (DB-306).
  setup.hands.assign(static_cast<std::size_t>(n), std::nullopt);
  for (const auto& [colour, beans] : a.hands) {
    std::uint8_t part = decl_part(decl++);
    int seat = seat_of(colour);
    if (seat < 0) {
      report(s, FindingKind::rule, rule::DB_306, part, colour,
             fmt::format("{} is not at the table", name(colour)));
      continue;
    }
    if (setup.hands[static_cast<std::size_t>(seat)]) {
      report(s, FindingKind::rule, rule::DB_306, part, colour,
             fmt::format("a second <hand> for {}", name(colour)));
      continue;
    }
    if (beans.size() != 5)
      report(s, FindingKind::rule, rule::DB_306, part, colour,
             fmt::format("a starting hand is 5 cards, this one is {}",
                         plural(static_cast<int>(beans.size()), "card")));
    setup.hands[static_cast<std::size_t>(seat)] = beans;
  }
  int rest = deck_size(opt) - 5 * n;
  for (std::size_t i = 0; i < a.decks.size(); ++i) {
    std::uint8_t part = decl_part(decl++);
    const auto& order = a.decks[i];
    if (i > 0) {
      report(s, FindingKind::rule, rule::DB_306, part, std::nullopt,
             "a second <deck>: the set-up gives at most one");
      continue;
    }
    if (static_cast<int>(order.size()) != rest)
      report(s, FindingKind::rule, rule::DB_306, part, std::nullopt,
             fmt::format("the deck after the deal holds {} cards ({} - 5 x {}), this order "
                         "lists {}",
                         rest, deck_size(opt), n, order.size()));
    setup.deck = order;
  }
  Violations vs;
  log().state.emplace(setup, vs);
  for (const auto& v : vs)
    report(s, FindingKind::rule, v.rule, kPartSetup, std::nullopt, v.message);
}

std::string Engine::camp_order_text() const {
  std::string out;
  for (int k = static_cast<int>(out_->seats.size()) - 1; k >= 0; --k)
    out += fmt::format("{}{}", out.empty() ? "" : ", ",
                       name(out_->seats[static_cast<std::size_t>(k)]));
  return out;
}

void Engine::check_card_set(const Action& a, const Setup& setup, int n, Step& s) {
  (void)a;
  const MapDef& map = *map_;
  std::array<int, kCardKinds> have{};
  for (SpaceId sp = 0; sp < map.size(); ++sp) {
    if (map.is_camp_site(n, sp)) continue;
    const auto& c = setup.cards[static_cast<std::size_t>(sp)];
    if (c) ++have[static_cast<std::size_t>(*c)];
  }
  std::string diff;
  if (options_.card_set == CardSet::by_player_count) {
    auto want = cards_in_play(n);
    for (int k = 0; k < kCardKinds; ++k) {
      int h = have[static_cast<std::size_t>(k)], w = want[static_cast<std::size_t>(k)];
      if (h != w)
        diff += fmt::format("{}{} {} (in play: {})", diff.empty() ? "" : ", ", h,
                            name(static_cast<Card>(k)), w);
    }
    if (!diff.empty())
      report(s, FindingKind::rule, rule::DB_302, kPartSetup, std::nullopt,
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
    report(s, FindingKind::rule, rule::DB_302, kPartSetup, std::nullopt,
           fmt::format("card-set=any-from-box uses the box's cards: {}", diff));
}

// ---- turns ----------------------------------------------------------------------------------

void Engine::turn(const Action& a, Step& s) {
  if (!out_->state || stopped_) return;  // no game, or the replay stopped at the end
  if (a.what == Kind::end_turn) {
    if (seat_ < 0 && !skip_turn_) {
      report(s, FindingKind::rule, rule::DB_401, kPartTurn, a.colour,
             "an end of turn where no turn is going on");
      return;
    }
    bool skipped = skip_turn_;
    seat_ = -1;
    skip_turn_ = false;
    skip_ = Skip::none;
    battle_step_ = 0;
    battle_defender_ = -1;
    in_cart_ = false;
    if (skipped) return;
    was_over_ = out_->state->over();
    violations(s, log().state->end_turn(), turn_colour_);
    return;
  }
  db::State& st = *out_->state;
  const int n = turn_no_ + 1;
  if (st.over()) {
    stopped_ = true;
    report(s, FindingKind::rule, rule::DB_1003, 0, a.colour,
           fmt::format("the game ended in turn {} ({}); no turn follows ({} more in the "
                       "record)",
                       out_->end_turn,
                       st.end_reason() == EndReason::last_territory
                           ? "a player lost his last territory"
                           : "the deck ran out for the third time",
                       std::max(1, shape_.turns - turn_no_)));
    return;
  }
  turn_no_ = n;
  Outcome& o = log();
  o.last_turn = n;
  current_vp(vp_turn_start_);  // filled in place: its memory serves every turn
  o.vp_at_start.push_back(vp_turn_start_);
  ++o.counts.turns;
  int seat = expected_seat_;
  int actual = seat_of(a.colour);
  after_end_reported_ = false;
  turn_colour_ = a.colour;
  skip_ = Skip::none;
  if (actual != seat) {
    was_over_ = st.over();
    std::string who = actual < 0 ? fmt::format("{} is not at the table", name(a.colour))
                                 : fmt::format("{} plays out of turn", name(a.colour));
    report(s, FindingKind::rule, rule::DB_307, kPartColour, a.colour,
           n == 1 ? fmt::format("the first turn is the start player's ({}, the first seat); {}",
                                name(o.seats[static_cast<std::size_t>(seat)]), who)
                  : fmt::format("turn {} is {}'s (seat order); {}", n,
                                name(o.seats[static_cast<std::size_t>(seat)]), who));
    if (actual < 0) {
      expected_seat_ = (seat + 1) % st.players();
      skip_turn_ = true;
      return;
    }
    seat = actual;
  }
  expected_seat_ = (seat + 1) % st.players();
  seat_ = seat;
  log().state->begin_turn(seat);
}

// Where a battle's part stands out of its order (a round holds one attack, then one defence;
// a battle one or two rounds, numbered); empty when it stands in order. A record read from XML
// has this order by its nesting; actions built otherwise may not.
std::string_view Engine::out_of_sequence(const Action& a) const {
  switch (a.what) {
    case Kind::round:
      if (battle_seq_ != BattleSeq::opened && battle_seq_ != BattleSeq::defended)
        return "inside a round: a round holds one attack and one defence";
      if (a.number != battle_rounds_ + 1 || battle_rounds_ >= 2)
        return "out of the battle's round numbers (round 1, then at most round 2)";
      return {};
    case Kind::attack:
    case Kind::defence:
      if (battle_seq_ != (a.what == Kind::attack ? BattleSeq::round : BattleSeq::attacked))
        return a.what == Kind::attack ? "where no round awaits its attack"
                                      : "where no attack awaits its defence";
      if (deck_card_due_ && a.source != BattleSource::deck)
        return "after the reshuffle made for the next deck card";
      return {};
    case Kind::battle_end:
      return battle_seq_ == BattleSeq::defended ? std::string_view()
                                                : "before its round is fought to the defence";
    default:
      return {};
  }
}

void Engine::element(const Action& a, Step& s) {
  if (!in_play()) {
    if (out_->state && !stopped_ && !skip_turn_ && seat_ < 0)
      report(s, FindingKind::rule, rule::DB_401, 0, a.colour,
             fmt::format("\"{}\" stands outside a turn", a.text()));
    return;
  }
  if (skip_ == Skip::battle) {
    if (a.what == Kind::battle_end) skip_ = Skip::none;
    return;
  }
  if (skip_ == Skip::cart) {
    if (a.what == Kind::cart_end) skip_ = Skip::none;
    return;
  }
  // The nesting a record's elements have by their place: a battle's rounds and a cart's loads
  // stand inside it, nothing else does.
  {
    const bool battle_part = a.what == Kind::round || a.what == Kind::attack ||
                             a.what == Kind::defence || a.what == Kind::battle_end;
    const bool cart_part = a.what == Kind::cart_load || a.what == Kind::cart_end;
    const bool anywhere = a.what == Kind::reshuffle;
    std::string_view misplaced;
    if (battle_step_ != 0 && !battle_part && !anywhere)
      misplaced = "inside a battle, which holds only rounds, attacks, defences and reshuffles";
    else if (in_cart_ && !cart_part && !anywhere)
      misplaced = "inside a cart's purchase, which holds only its loads and reshuffles";
    else if (battle_step_ == 0 && battle_part)
      misplaced = "outside a battle";
    else if (!in_cart_ && cart_part)
      misplaced = "outside a cart's purchase";
    else if (battle_step_ != 0 && battle_part)
      misplaced = out_of_sequence(a);
    if (!misplaced.empty()) {
      report(s, FindingKind::rule, rule::DB_401, 0, a.colour,
             fmt::format("\"{}\" stands {}", a.text(), misplaced));
      return;
    }
  }
  Outcome& o = log();
  db::State& st = *o.state;
  const std::optional<Colour> colour = a.colour;
  // Elements that name a colour act for it; the others for the turn's player.
  const int seat = a.colour == turn_colour_ ? seat_ : seat_of(a.colour);
  was_over_ = st.over();
  Violations vs;
  switch (a.what) {
    case Kind::diamond:
      vs = st.diamond(a.bean);
      ++o.counts.diamonds;
      break;
    case Kind::plant:
      vs = st.plant(seat, a.bean, a.number);
      break;
    case Kind::turn_up:
    case Kind::draw:
    case Kind::load:
    case Kind::take:
    case Kind::cart_load: {
      // Named cards: all of them (the record names every card or none).
      std::vector<Bean> beans;
      if (!a.cards.empty() && a.cards.front()) {
        beans.reserve(a.cards.size());
        for (const auto& c : a.cards)
          if (c) beans.push_back(*c);
      }
      const int count = static_cast<int>(a.cards.size());
      vs = a.what == Kind::turn_up     ? st.turn_up(beans)
           : a.what == Kind::draw      ? st.draw(beans, count)
           : a.what == Kind::load      ? st.load(beans, count)
           : a.what == Kind::cart_load ? st.cart_load(beans, count)
                                       : st.take(beans, count);
      break;
    }
    case Kind::trade:
    case Kind::donate: {
      std::vector<db::State::Given> give, get;
      for (const auto& c : a.give)
        give.push_back({c.turned_up, c.bean, c.pos});
      for (const auto& c : a.get)
        get.push_back({false, c.bean, c.pos});
      vs = st.trade(seat_of(a.partner), give, get, a.what == Kind::donate);
      ++(a.what == Kind::trade ? o.counts.trades : o.counts.donations);
      break;
    }
    case Kind::harvest: {
      HarvestResult h;
      vs = st.harvest(seat, a.number, h);
      violations(s, vs, colour);
      vs.clear();
      if (seat >= 0 && h.cards > 0) {
        ++o.counts.harvests;
        o.counts.coins += h.coins;
        o.counts.harvest_coins.push_back(h.coins);
      }
      harvest_claims(a, seat, h, s);
      break;
    }
    case Kind::battle: {
      bool applied = false;
      vs = st.battle(a.target, a.pay, applied);
      if (!applied) {
        skip_ = Skip::battle;
        break;
      }
      battle_step_ = s.no;
      battle_seq_ = BattleSeq::opened;
      battle_rounds_ = 0;
      deck_card_due_ = false;
      battle_claim_ = a.captured;
      battle_defender_ = st.last_battle().defender;
      break;
    }
    case Kind::round:
      vs = st.round(a.number - 1);
      battle_seq_ = BattleSeq::round;
      ++battle_rounds_;
      break;
    case Kind::attack:
      vs = st.attack(a.source == BattleSource::cavalry ? AttackSource::cavalry
                     : a.source == BattleSource::hand  ? AttackSource::hand
                                                       : AttackSource::deck,
                     a.number, a.bean, a.pos);
      battle_seq_ = BattleSeq::attacked;
      deck_card_due_ = false;
      break;
    case Kind::defence:
      vs = st.defend(a.source == BattleSource::hand, a.bean, a.pos);
      battle_seq_ = BattleSeq::defended;
      deck_card_due_ = false;
      break;
    case Kind::battle_end:
      vs = st.battle_end();
      violations(s, vs, colour);
      vs.clear();
      if (battle_step_) battle_done(s);
      battle_step_ = 0;
      battle_defender_ = -1;
      break;
    case Kind::buy_cart: {
      bool applied = false;
      vs = st.buy_cart(seat, a.pay, a.loads, applied);
      if (!applied) {
        skip_ = Skip::cart;
      } else {
        ++o.counts.carts;
        in_cart_ = true;
      }
      cart_step_ = s.no;
      break;
    }
    case Kind::cart_end:
      vs = st.buy_cart_end();
      in_cart_ = false;
      break;
    case Kind::buy_field:
      vs = st.buy_field(seat, a.pay);
      ++o.counts.fields;
      break;
    case Kind::reshuffle:
      vs = st.reshuffle(a.order, a.before_deck_card);
      ++o.counts.reshuffles;
      if (battle_step_ != 0 && a.before_deck_card) deck_card_due_ = true;
      break;
    case Kind::claim:
      vs = st.vp_claim();
      violations(s, vs, colour);
      vs.clear();
      vp_claim(a, s);
      break;
    case Kind::setup:
    case Kind::turn:
    case Kind::end_turn:
    case Kind::end_claim:
    case Kind::final_claim:
      break;
  }
  violations(s, vs, colour);
  if (st.over() && !o.end_turn) {
    o.end_turn = turn_no_;
    o.reason = st.end_reason();
  }
}

void Engine::battle_done(Step& s) {
  Outcome& o = log();
  const db::State& st = *o.state;
  BattleEvent ev;
  ev.turn = turn_no_;
  ev.step = battle_step_;
  ev.result = st.last_battle();
  ev.claimed_capture = battle_claim_;
  for (int p = 0; p < st.players(); ++p)
    ev.vp_after.push_back(st.vp(p));
  if (battle_claim_ && *battle_claim_ != ev.result.captured)
    report(s, FindingKind::dispute, rule::DB_1005, 0, st.player(st.active()).colour,
           fmt::format("claimed {}, recomputed {}: {}", *battle_claim_ ? "captured" : "repelled",
                       ev.result.captured ? "captured" : "repelled", describe_battle(ev.result)));
  o.battles.push_back(std::move(ev));
}

std::string Engine::describe_battle(const BattleResult& b) const {
  std::string out;
  for (std::size_t i = 0; i < b.rounds.size(); ++i) {
    const RoundResult& r = b.rounds[i];
    std::string attack =
        r.attack == AttackSource::cavalry ? fmt::format("cavalry {} (17)", r.cavalry)
        : r.attack_card ? fmt::format("{} {}", name(*r.attack_card), r.attack_strength)
                        : std::string("an empty deck (0)");
    std::string defence = r.defence_card
                              ? fmt::format("{} {}", name(*r.defence_card), r.defence_card_strength)
                              : std::string("an empty deck (0)");
    if (r.defence_strength > r.defence_card_strength)
      defence += fmt::format(" raised to the {}'s minimum {}",
                             b.card ? std::string(name(*b.card)) : std::string("territory"),
                             r.defence_strength);
    out += fmt::format("{}round {}: {} against {}, {}", i ? "; " : "", i + 1, attack, defence,
                       r.won ? "the attack wins" : "the defence holds");
  }
  return out.empty() ? std::string("no round was fought") : out;
}

void Engine::harvest_claims(const Action& a, int seat, const HarvestResult& h, Step& s) {
  if (!a.coins && !a.claimed_cards && !a.claimed_bean) return;
  if (seat < 0) return;
  Outcome& o = log();
  const db::State& st = *o.state;
  HarvestEvent ev;
  ev.turn = turn_no_;
  ev.step = s.no;
  ev.seat = seat;
  ev.field = a.number;
  ev.result = h;
  ev.claimed_coins = a.coins;
  ev.claimed_cards = a.claimed_cards;
  ev.claimed_bean = a.claimed_bean;
  o.harvests.push_back(ev);
  std::string differs;
  if (a.coins && *a.coins != h.coins)
    differs += fmt::format("{} thaler{} claimed, {} recomputed", *a.coins, *a.coins == 1 ? "" : "s",
                           h.coins);
  if (a.claimed_cards && *a.claimed_cards != h.cards)
    differs += fmt::format("{}{} card{} claimed, {} harvested", differs.empty() ? "" : "; ",
                           *a.claimed_cards, *a.claimed_cards == 1 ? "" : "s", h.cards);
  if (a.claimed_bean && (h.cards == 0 || *a.claimed_bean != h.bean))
    differs += fmt::format("{}{} claimed, {} harvested", differs.empty() ? "" : "; ",
                           name(*a.claimed_bean),
                           h.cards ? std::string(name(h.bean)) : std::string("nothing"));
  if (differs.empty()) return;
  std::string why = h.cards == 0 ? std::string("the field was empty")
                                 : fmt::format("{} {} {} (bean-o-meter {}) give {}", h.cards,
                                               name(h.bean), h.cards == 1 ? "card" : "cards",
                                               meter_text(h.bean), plural(h.coins, "thaler"));
  report(s, FindingKind::dispute, rule::DB_1005, 0, st.player(seat).colour,
         fmt::format("harvest of {}'s field {}: {} ({})", name(st.player(seat).colour), a.number,
                     differs, why));
}

void Engine::vp_claim(const Action& a, Step& s) {
  Outcome& o = log();
  const db::State& st = *o.state;
  int seat = seat_of(a.colour);
  VpClaim c{turn_no_, s.no, {}, a.colour, seat, a.number, seat >= 0 ? st.vp(seat) : 0};
  o.vp_claims.push_back(c);
  if (seat < 0) {
    report(
        s, FindingKind::dispute, rule::DB_1005, 0, a.colour,
        fmt::format("claimed {} VP for {}, which is not at the table", a.number, name(a.colour)));
    return;
  }
  if (c.claimed != c.recomputed)
    report(s, FindingKind::dispute, rule::DB_1005, 0, a.colour,
           fmt::format("claimed {} VP for {}, recomputed {} ({})", c.claimed, name(a.colour),
                       c.recomputed, vp_text(seat)));
}

// "camp 01, city 10 (3), village 15; 1 for razing".
std::string Engine::vp_text(int seat) const {
  const db::State& st = *out_->state;
  std::string out;
  for (SpaceId sp = 0; sp < st.map().size(); ++sp) {
    const SpaceState& space = st.space(sp);
    if (space.owner != seat || !space.card) continue;
    int f = flags(*space.card, space.razed);
    out += fmt::format("{}{}{} {}", out.empty() ? "" : ", ", space.razed ? "razed " : "",
                       name(*space.card), st.map().spaces[static_cast<std::size_t>(sp)].id);
    if (f != 1) out += fmt::format(" ({})", f);
  }
  int r = st.player(seat).razing_points;
  if (r) out += fmt::format("; {} for razing", r);
  return out.empty() ? std::string("no territory") : out;
}

// ---- the end --------------------------------------------------------------------------------

void Engine::end_claim(const Action& a, Step& s) {
  if (!out_->state) return;
  const db::State& st = *out_->state;
  was_over_ = st.over();
  const bool finished = st.over();
  std::string recomputed = finished ? std::string(end_reason_name(st.end_reason()))
                                    : std::string("none: the game has not ended");
  if (!finished || a.reason != end_reason_name(st.end_reason()))
    report(s, FindingKind::dispute, rule::DB_1005, 0, std::nullopt,
           fmt::format("claimed end \"{}\", recomputed {}", a.reason,
                       finished ? fmt::format("\"{}\" (turn {})", recomputed, out_->end_turn)
                                : recomputed));
}

void Engine::final_claim(const Action& a, Step& s) {
  if (!out_->state) return;
  const db::State& st = *out_->state;
  was_over_ = st.over();
  finals_given_ = true;
  final_seen_.resize(out_->seats.size());
  int seat = seat_of(a.colour);
  if (seat < 0) {
    report(s, FindingKind::dispute, rule::DB_1005, 0, a.colour,
           fmt::format("a <final> for {}, which is not at the table", name(a.colour)));
    return;
  }
  if (final_seen_[static_cast<std::size_t>(seat)]) {
    report(s, FindingKind::dispute, rule::DB_1005, 0, a.colour,
           fmt::format("a second <final> for {}", name(a.colour)));
    return;
  }
  final_seen_[static_cast<std::size_t>(seat)] = true;
  int vp = st.vp(seat);
  if (a.number != vp)
    report(s, FindingKind::dispute, rule::DB_1005, 0, a.colour,
           fmt::format("claimed final {} VP for {}, recomputed {}{} ({})", a.number, name(a.colour),
                       vp, st.over() ? "" : " (the game has not ended)", vp_text(seat)));
}

std::vector<Finding> Engine::at_end_of_record() const {
  std::vector<Finding> out;
  if (!out_->state) return out;
  const db::State& st = *out_->state;
  auto finding = [&](FindingKind kind, RuleId rule, std::optional<Colour> colour,
                     std::string message) {
    Finding f;
    f.kind = kind;
    f.rule = rule;
    f.message = std::move(message);
    if (colour) f.colour = std::string(name(*colour));
    if (kind != FindingKind::info && colour) {
      const int seat = seat_of(*colour);
      if (seat >= 0 && static_cast<std::size_t>(seat) < score_taint_.size())
        f.cause = score_taint_[static_cast<std::size_t>(seat)];
    }
    out.push_back(std::move(f));
  };
  if (!st.over() && (shape_.turns > 0 || shape_.end_present))
    finding(FindingKind::info, rule::DB_1001, std::nullopt,
            fmt::format("the record ends before the game does (the deck ran out {} time{}); "
                        "claims are compared with the VP reached",
                        st.exhaustions(), st.exhaustions() == 1 ? "" : "s"));
  if (finals_given_)
    for (std::size_t s = 0; s < out_->seats.size(); ++s)
      if (s >= final_seen_.size() || !final_seen_[s])
        finding(FindingKind::dispute, rule::DB_1005, out_->seats[s],
                fmt::format("no <final> for {} (recomputed {} VP); where any final VP is "
                            "claimed, every colour needs one",
                            name(out_->seats[s]), st.vp(static_cast<int>(s))));
  return out;
}

// ---- the interface --------------------------------------------------------------------------

std::string Engine::current_player() const {
  if (is_terminal()) return "";
  if (!setup_done_) return std::string(kChance);
  if (seat_ >= 0) return std::string(name(out_->seats[static_cast<std::size_t>(seat_)]));
  return std::string(name(out_->seats[static_cast<std::size_t>(expected_seat_)]));
}

std::string Engine::decision() const {
  if (is_terminal()) return "the game is over";
  if (!setup_done_) return "the set-up";
  const db::State& st = *out_->state;
  std::string who = current_player();
  if (seat_ < 0) return fmt::format("turn {}, {}: the start of the turn", turn_no_ + 1, who);
  std::string_view part;
  switch (st.phase()) {
    case Phase::start:
    case Phase::step1:
      part = "step 1, planting from the hand";
      break;
    case Phase::step2:
      part = "step 2, turning up and trading";
      break;
    case Phase::step3:
      part = "step 3, planting what was turned up and traded";
      break;
    case Phase::battles:
      part = "battles";
      break;
    case Phase::step4:
      part = "step 4, drawing";
      break;
  }
  return fmt::format("turn {}, {}: {}", turn_no_, who, part);
}

// Every action of the next decision that breaks no rule, found by trying each candidate on a
// copy: plants, turn-ups, harvests, battles and their rounds, draws, loads and takes (their
// cards unknown: `?`), purchases, reshuffles, the end of the turn; between turns the next turn.
// Trades and donations are too many to list and are described instead.
LegalActions Engine::legal_actions() const {
  LegalActions out;
  if (!setup_done_) {
    if (dealt_) {
      out.listed.push_back(dealt_->clone());
      return out;
    }
    out.described.push_back({"setup",
                             "the players, territory cards, camps and, where known, "
                             "the hands and the deck"});
    return out;
  }
  // Claims: a figure the record states (VP during play, the final VP, the end's reason) is
  // compared with the one recomputed; a wrong one is a dispute, never illegal.
  if (out_->state)
    out.described.push_back({"claim",
                             "a colour's VP claimed during play or at the end, or the end's "
                             "reason (any figure: a wrong one is a dispute)"});
  if (is_terminal()) {
    // The record closes the turn the game ended in.
    if (out_->state && !stopped_ && seat_ >= 0) {
      auto end = std::make_unique<Action>();
      end->what = Kind::end_turn;
      end->colour = out_->seats[static_cast<std::size_t>(seat_)];
      end->map = map_.get();
      out.listed.push_back(std::move(end));
    }
    return out;
  }
  std::vector<Action> candidates;
  auto base = [&](Kind kind, Colour colour) {
    Action a;
    a.what = kind;
    a.colour = colour;
    a.map = map_.get();
    return a;
  };
  const auto& seats = out_->seats;
  if (seat_ < 0) {
    for (Colour c : seats)
      candidates.push_back(base(Kind::turn, c));
  } else {
    const Colour active = seats[static_cast<std::size_t>(seat_)];
    const int kinds = kinds_in_play(options_);
    // Candidates the table rules out at a glance are left untried: a plant of a card the
    // player cannot have in front of him, a harvest of an empty field, a battle's parts
    // outside a battle, a battle on an own or unreachable space.
    const db::State* st = out_->state ? &*out_->state : nullptr;
    const bool battle = st && st->in_battle();
    auto may_plant = [&](int seat, Bean b) {
      if (!st || seat < 0) return true;
      const PlayerState& p = st->player(seat);
      auto has = [&](const auto& cards, auto card) {
        return std::find(cards.begin(), cards.end(), card) != cards.end();
      };
      if (has(p.to_plant, b)) return true;
      if (seat != st->active()) return false;
      return has(st->turned_up(), b) ||
             (!p.hand.empty() && (p.hand.front() == kUnknown || p.hand.front() == slot_of(b)));
    };
    for (Colour c : seats) {
      const int seat = seat_of(c);
      if (!battle) {
        for (int k = 0; k < kinds; ++k) {
          if (!may_plant(seat, static_cast<Bean>(k))) continue;
          for (int field = 1; field <= 3; ++field) {
            Action a = base(Kind::plant, c);
            a.bean = static_cast<Bean>(k);
            a.number = field;
            candidates.push_back(a);
          }
        }
        for (int field = 1; field <= 3; ++field) {
          if (st && seat >= 0 &&
              st->player(seat).fields[static_cast<std::size_t>(field - 1)].empty())
            continue;
          Action a = base(Kind::harvest, c);
          a.number = field;
          candidates.push_back(a);
        }
        if (options_.third_field != ThirdField::none)
          candidates.push_back(base(Kind::buy_field, c));
      }
    }
    for (int k = 0; k < kinds; ++k) {
      if (!st || st->phase() == Phase::start) {
        Action a = base(Kind::diamond, active);
        a.bean = static_cast<Bean>(k);
        candidates.push_back(a);
      }
      if (!battle) continue;
      for (Kind kind : {Kind::attack, Kind::defence})
        for (BattleSource source : {BattleSource::hand, BattleSource::deck}) {
          Action b = base(kind, active);
          b.source = source;
          b.bean = static_cast<Bean>(k);
          candidates.push_back(b);
          // The card's position in the hand, where the record gives it.
          const int holder = kind == Kind::attack ? seat_ : battle_defender_;
          if (source != BattleSource::hand || !st || holder < 0) continue;
          const auto& hand = st->player(holder).hand;
          for (std::size_t i = 0; i < hand.size(); ++i) {
            if (hand[i] != kUnknown && hand[i] != slot_of(b.bean)) continue;
            b.pos = static_cast<int>(i + 1);
            candidates.push_back(b);
          }
        }
    }
    if (battle) {
      for (int k = 1; k <= 3; ++k) {
        Action a = base(Kind::attack, active);
        a.source = BattleSource::cavalry;
        a.number = k;
        candidates.push_back(a);
      }
      for (int r = 1; r <= 2; ++r) {
        Action a = base(Kind::round, active);
        a.number = r;
        candidates.push_back(a);
      }
    } else {
      for (SpaceId sp = 0; sp < map_->size(); ++sp) {
        if (st && (st->space(sp).owner == seat_ || !st->reachable(seat_, sp))) continue;
        Action a = base(Kind::battle, active);
        a.target = sp;
        candidates.push_back(a);
      }
    }
    for (int n = 1; n <= 5; ++n) {
      Action a = base(Kind::take, active);
      a.cards.assign(static_cast<std::size_t>(n), std::nullopt);
      candidates.push_back(a);
    }
    if (out_->state) {
      // A turn-up, draw or load takes the cards its step owes in one element, or those left in
      // the deck before a reshuffle; a turn-up names them: the deck's top cards where they are
      // known, else n of a kind.
      const db::State& st = *out_->state;
      const auto& deck = st.deck();  // the back is the top
      const int seat = st.active() >= 0 ? st.active() : seat_;
      auto count_for = [&](int opened) {
        int n = st.cards_owed().value_or(opened);
        if (!deck.empty()) n = std::min(n, static_cast<int>(deck.size()));
        return static_cast<std::size_t>(std::max(n, 1));
      };
      auto known_top = [&](std::size_t n) {
        std::vector<Bean> top;
        for (auto it = deck.rbegin(); it != deck.rend() && top.size() < n && *it != kUnknown; ++it)
          top.push_back(static_cast<Bean>(*it));
        return top;
      };
      for (Kind kind : {Kind::draw, Kind::load, Kind::cart_load}) {
        Action a = base(kind, active);
        const std::size_t n =
            count_for(kind == Kind::cart_load ? 2 : 3 + st.owned(seat, Card::village));
        a.cards.assign(n, std::nullopt);
        candidates.push_back(a);
        // The same cards named, where the deck's order is known.
        std::vector<Bean> top = known_top(n);
        if (top.size() == n) {
          a.cards.assign(top.begin(), top.end());
          candidates.push_back(a);
        }
      }
      const std::size_t n = count_for(2 + st.owned(seat, Card::rice_field));
      std::vector<Bean> top;
      for (auto it = deck.rbegin(); it != deck.rend() && top.size() < n && *it != kUnknown; ++it)
        top.push_back(static_cast<Bean>(*it));
      if (top.size() == n) {
        Action a = base(Kind::turn_up, active);
        a.cards.assign(top.begin(), top.end());
        candidates.push_back(a);
      } else if (!battle && (st.cards_owed().value_or(0) > 0 ||
                             (!st.cards_owed() && st.turned_up().empty() && !st.step1_owed()))) {
        out.described.push_back(
            {"turn-up", fmt::format("{} turns up the deck's top {} and names them, whatever they "
                                    "are (the deck's order is not known)",
                                    name(active), plural(static_cast<int>(n), "card"))});
        for (int k = 0; k < kinds; ++k) {
          Action a = base(Kind::turn_up, active);
          a.cards.assign(n, static_cast<Bean>(k));
          candidates.push_back(a);
        }
      }
    }
    for (Kind kind : {Kind::battle_end, Kind::buy_cart, Kind::cart_end, Kind::end_turn})
      candidates.push_back(base(kind, active));
    if (in_cart_)  // a cart bought for another colour ends as that colour's
      for (Colour c : seats)
        if (c != active) candidates.push_back(base(Kind::cart_end, c));
    Action reshuffle = base(Kind::reshuffle, active);
    reshuffle.chance = true;
    // Inside a battle's round, a reshuffle may stand right before the card it is for.
    const bool before_card = battle_step_ != 0 && (battle_seq_ == BattleSeq::round ||
                                                   battle_seq_ == BattleSeq::attacked);
    candidates.push_back(reshuffle);
    if (before_card) {
      reshuffle.before_deck_card = true;
      candidates.push_back(reshuffle);
    }
    // A reshuffle that states its order: the discard pile shuffled by a seed of the position.
    if (out_->state && !out_->state->discard().empty()) {
      const db::State& st = *out_->state;
      std::vector<Bean> order = st.discard();
      std::mt19937_64 rng(static_cast<std::uint64_t>(turn_no_) * 1000003u +
                          static_cast<std::uint64_t>(st.exhaustions()) * 7919u + order.size());
      std::shuffle(order.begin(), order.end(), rng);
      reshuffle.order = std::move(order);
      reshuffle.before_deck_card = false;
      candidates.push_back(reshuffle);
      if (before_card) {
        reshuffle.before_deck_card = true;
        candidates.push_back(std::move(reshuffle));
      }
    }
    out.described.push_back(
        {"trade", fmt::format("{} gives turned-up or hand cards to another player for cards of "
                              "that player's hand (step 2; at least one card)",
                              name(active))});
    out.described.push_back(
        {"donate", fmt::format("{} gives turned-up or hand cards to another player, or takes "
                               "cards of that player's hand, for nothing (step 2)",
                               name(active))});
  }
  constexpr StepNo kTrial = std::numeric_limits<StepNo>::max() / 2;
  for (Action& a : candidates) {
    Engine trial(*this);
    StepResult r = trial.apply(a, kTrial);
    bool legal = std::none_of(r.findings.begin(), r.findings.end(),
                              [](const Finding& f) { return f.kind == FindingKind::rule; });
    if (legal) out.listed.push_back(std::make_unique<Action>(std::move(a)));
  }
  // The same actions with what a record may add to them: claims (compared, never illegal) and
  // the thalers paid, named.
  auto listed = [&](Kind kind) {
    return std::any_of(out.listed.begin(), out.listed.end(), [&](const ActionPtr& p) {
      return static_cast<const Action&>(*p).what == kind;
    });
  };
  if (listed(Kind::harvest))
    out.described.push_back(
        {"harvest", "a harvest listed here with its claims written (coins=, bean=, cards=)"});
  if (listed(Kind::battle))
    out.described.push_back(
        {"battle",
         "a battle listed here with the thaler paid named (pay=) and its result claimed"});
  if (seat_ >= 0 && battle_step_ == 0)
    out.described.push_back(
        {"buy-cart",
         "a forest's owner buys a cart with 3 thalers, named (the turn's player or "
         "another)"});
  for (Kind kind : {Kind::draw, Kind::load, Kind::cart_load, Kind::take}) {
    const bool cart =
        kind == Kind::take && out_->state && seat_ >= 0 && out_->state->player(seat_).has_cart;
    if (!listed(kind) && !cart) continue;
    Action named;
    named.what = kind;
    out.described.push_back({std::string(named.kind()),
                             "the cards listed here named (where the deck's or the cart's order "
                             "is not known, any cards the rules allow)"});
  }
  if (listed(Kind::reshuffle))
    out.described.push_back(
        {"reshuffle",
         "the reshuffle with the new deck's order stated: any order of the discard "
         "pile"});
  if (seat_ >= 0 && battle_step_ == 0 && options_.third_field != ThirdField::none)
    out.described.push_back({"buy-field", "a player buys his third field with 3 thalers, named"});
  return out;
}

std::optional<ActionPtr> Engine::parse_action(std::string_view text, std::string& error) const {
  auto a = db::parse_action(text, *map_, error);
  if (!a) return std::nullopt;
  return ActionPtr(std::make_unique<Action>(std::move(*a)));
}

bool Engine::is_terminal() const {
  if (!setup_done_) return false;
  return !out_->state || out_->state->over() || stopped_;
}

std::vector<std::pair<std::string, int>> Engine::scores() const {
  std::vector<std::pair<std::string, int>> out;
  std::vector<int> vp = current_vp();
  for (std::size_t s = 0; s < out_->seats.size(); ++s)
    out.emplace_back(std::string(name(out_->seats[s])), s < vp.size() ? vp[s] : 0);
  return out;
}

std::string Engine::to_string() const {
  std::string out = decision();
  for (const auto& [colour, vp] : scores())
    out += fmt::format("\n{}: {} VP", colour, vp);
  return out;
}

}  // namespace wallaudit::db
