#include "chang_cheng/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <limits>
#include <map>
#include <set>
#include <typeinfo>
#include <utility>

#include "chang_cheng/choices.hpp"
#include "chang_cheng/rule_ids.hpp"

namespace wallaudit::cc {

using namespace rule;

namespace {

int ci(Colour c) {
  return static_cast<int>(c);
}

// The pieces of a turn's action, in the order they were placed.
enum class Act : std::uint8_t { wall, card, double_wall, tower, pass };

Act act_of(MoveKind k) {
  switch (k) {
    case MoveKind::wall:
      return Act::wall;
    case MoveKind::card:
      return Act::card;
    case MoveKind::double_wall:
      return Act::double_wall;
    case MoveKind::tower:
      return Act::tower;
    default:
      return Act::pass;
  }
}

std::string_view act_name(Act a) {
  switch (a) {
    case Act::wall:
      return "a wall";
    case Act::card:
      return "a card";
    case Act::double_wall:
      return "the double wall";
    case Act::tower:
      return "the tower";
    case Act::pass:
      return "a pass";
  }
  return "a piece";
}

}  // namespace

Engine::Engine(std::shared_ptr<const Record> head,
               const std::vector<std::pair<std::string, std::string>>& overrides)
    : head_(std::move(head)), steps_(std::make_shared<std::vector<ScoringStep>>()) {
  assert(head_ && head_->boards);
  for (const auto& o : head_->options)
    set_option(opts_, o.name, o.value);
  for (const auto& [n, v] : overrides)
    set_option(opts_, n, v);
  seat_of_.fill(-1);
}

// A copy whose findings go to `out`, as if applying step `step`: for judging something on
// the side (listing, the end of the record) without changing this engine.
Engine Engine::scratch(StepResult& out, StepNo step) const {
  Engine copy(*this);
  copy.step_ = step;
  copy.out_ = &out;
  return copy;
}

namespace {

// No rule broken: neither by a step nor found by it about an earlier one.
bool breaks_no_rule(const StepResult& r) {
  return std::none_of(r.findings.begin(), r.findings.end(),
                      [](const Finding& f) { return f.kind == FindingKind::rule && f.cause == 0; });
}

// No rule broken and no figure disputed: what a record that checks `ok` may hold.
bool clean(const StepResult& r) {
  return std::none_of(r.findings.begin(), r.findings.end(), [](const Finding& f) {
    return (f.kind == FindingKind::rule && f.cause == 0) || f.kind == FindingKind::dispute;
  });
}

bool has_rule(const StepResult& r, RuleId rule) {
  return std::any_of(r.findings.begin(), r.findings.end(), [&](const Finding& f) {
    return f.kind == FindingKind::rule && f.rule == rule;
  });
}

}  // namespace

// ---- findings ---------------------------------------------------------------------------------

Finding& Engine::report(FindingKind kind, std::string_view rule, Where w,
                        std::optional<Colour> colour, std::string message, StepNo cause) {
  Finding f;
  f.kind = kind;
  f.rule = rule;
  f.message = std::move(message);
  if (colour) f.colour = std::string(name(*colour));
  f.part = w.part;
  const StepNo at = target(w);
  if (at != step_) f.at = at;
  if (cause != at) f.cause = cause;
  out_->findings.push_back(std::move(f));
  return out_->findings.back();
}

void Engine::violations(const Violations& vs, Where w, std::optional<Colour> colour, StepNo extra) {
  for (const auto& v : vs) {
    // Judged later than it happened (an expansion deferred to the end of the turn): an error
    // after it is no cause.
    const StepNo cause = v.cause ? v.cause : extra;
    report(FindingKind::rule, v.rule, w, colour, v.message, cause < target(w) ? cause : 0);
  }
}

void Engine::dispute(Where w, std::optional<Colour> colour, std::string message, StepNo cause) {
  report(FindingKind::dispute, CC_804, w, colour, std::move(message), cause);
}

// Notes the first error of the turn, and the first that left the wall replayed unlike the
// record's (`d`: a piece kept off it, or a scoring or a side not applied as written); returns
// the step to taint what it placed.
StepNo Engine::note_error(Where w, Divergence d) {
  const StepNo at = target(w);
  if (!ctx_.taint) ctx_.taint = at;
  if (d != Divergence::none && table_) table_->taint_wall(at, d == Divergence::missing);
  return at;
}

StepNo Engine::or_wall(StepNo own, Where w) const {
  if (own || !table_) return own;
  const StepNo wall = table_->wall_taint();
  return wall < target(w) ? wall : 0;
}

std::vector<std::string> Engine::places_of(const Move& m) const {
  const BoardSet& set = *head_->boards;
  std::vector<std::string> out;
  SpaceId b = m.type == MoveKind::double_wall ? m.b : kNone;
  if (m.type != MoveKind::card)
    for (SpaceId space : {m.a, b})
      if (space >= 0 && space < set.space_count()) out.push_back(set.space_name(space));
  if (out.empty() && m.type == MoveKind::card && m.a >= 0 && m.a < set.side_count() * 3)
    out.push_back(set.province_name(m.a));
  return out;
}

// ---- applying ---------------------------------------------------------------------------------

bool Engine::is_item(const Move& m) const {
  return m.type == MoveKind::reveal || m.type == MoveKind::resolve ||
         (m.type == MoveKind::claim && m.claim == ClaimKind::award);
}

// A token laid with the new side: on that side, and the first token of its place.
bool Engine::is_expand_token(const Move& m) const {
  if (m.type != MoveKind::reputation && m.type != MoveKind::threat) return false;
  if (m.type == MoveKind::reputation) return true;
  if (m.a / 3 != expand_group_.move.a) return false;
  for (const Placed& t : expand_tokens_)
    if (t.move.type == MoveKind::threat && t.move.a == m.a) return false;
  return true;
}

void Engine::close_groups(const Move* next) {
  if (group_ == Group::score && !(next && is_item(*next))) close_score(next);
  // Threat reveals after a new side wait with it: whether it was the turn's last element is
  // known at the next other action.
  if (group_ == Group::expand &&
      !(next && (is_expand_token(*next) || next->type == MoveKind::threat)))
    close_expand(next);
}

StepResult Engine::apply(const Action& action, StepNo step) {
  StepResult r;
  closed_.reset();
  step_ = step;
  out_ = &r;
  const auto* m = typeid(action) == typeid(Move) ? static_cast<const Move*>(&action) : nullptr;
  if (!m) {
    report(FindingKind::rule, CC_402, {}, std::nullopt, "not an action of Chang Cheng");
    out_ = nullptr;
    return r;
  }
  if (phase_ == Phase::dead) {
    out_ = nullptr;
    return r;
  }
  if (phase_ == Phase::seats) {
    if (m->type == MoveKind::seats)
      seats(*m);
    else
      report(FindingKind::rule, CC_301, {}, std::nullopt,
             "the seats come first: nothing is played before the players are seated");
    out_ = nullptr;
    return r;
  }
  if (phase_ == Phase::setup) {
    if (m->type == MoveKind::seats) {
      report(FindingKind::rule, CC_301, {}, std::nullopt, "the players are already seated");
      out_ = nullptr;
      return r;
    }
    if (m->type == MoveKind::side) {
      setup_sides_.push_back({*m, step});
    } else if (m->type == MoveKind::reputation || m->type == MoveKind::threat) {
      setup_tokens_.push_back({*m, step});
    } else {
      close_setup();
    }
    if (phase_ == Phase::setup || phase_ == Phase::dead) {
      out_ = nullptr;
      return r;
    }
  }
  close_groups(m);
  if (group_ == Group::score) {  // an item of the scoring
    score_group_.items.push_back({*m, step});
    out_ = nullptr;
    return r;
  }
  if (group_ == Group::expand) {  // a token of the new side, or a reveal after it
    (is_expand_token(*m) && expand_reveals_.empty() ? expand_tokens_ : expand_reveals_)
        .push_back({*m, step});
    out_ = nullptr;
    return r;
  }
  if (ctx_.open && (ctx_.skipped || ctx_.ignored)) {
    if (m->type == MoveKind::end) ctx_.open = false;
    out_ = nullptr;
    return r;
  }
  const bool piece = m->type == MoveKind::wall || m->type == MoveKind::card ||
                     m->type == MoveKind::double_wall || m->type == MoveKind::tower ||
                     m->type == MoveKind::pass;
  if (piece && !ctx_.open && !over_ && m->colour) {
    // A piece between turns begins its colour's turn (a record states the begin; a program
    // driving the game need not).
    Move b;
    b.type = MoveKind::begin;
    b.colour = m->colour;
    b.boards = m->boards;
    begin(b);
    if (ctx_.skipped) {
      out_ = nullptr;
      return r;
    }
  }
  switch (m->type) {
    case MoveKind::seats:
    case MoveKind::side:
      report(FindingKind::rule, CC_302, {}, std::nullopt, "the set-up is over: play has started");
      break;
    case MoveKind::begin:
      if (ctx_.open)
        report(FindingKind::rule, CC_402, {}, m->colour,
               fmt::format("turn {} is not over: a turn begins after the last one's end", ctx_.n));
      else
        begin(*m);
      break;
    case MoveKind::wall:
    case MoveKind::card:
    case MoveKind::double_wall:
    case MoveKind::tower:
    case MoveKind::pass:
      placement(*m);
      break;
    case MoveKind::neutral:
      neutral(*m);
      break;
    case MoveKind::peek:
      peek(*m);
      break;
    case MoveKind::threat:
      if (ctx_.open)
        threat(*m, 0);
      else
        end_threat(*m);
      break;
    case MoveKind::reputation:
      report(FindingKind::rule, CC_601, {}, std::nullopt,
             "a reputation token is laid only in the set-up or with a new side");
      break;
    case MoveKind::score:
      score(*m);
      break;
    case MoveKind::reveal:
    case MoveKind::resolve:
      report(FindingKind::rule, CC_503, {}, m->colour,
             "a card is revealed or resolved only in the scoring of its province");
      break;
    case MoveKind::expand:
      expand(*m);
      break;
    case MoveKind::end:
      if (ctx_.open)
        end_turn();
      else
        report(FindingKind::rule, CC_402, {}, m->colour,
               "no turn is under way: a turn's end follows its action");
      break;
    case MoveKind::claim:
      if (m->claim == ClaimKind::bonus && ctx_.open) {
        ctx_.bonus_claims.push_back({*m, step});
      } else if (m->claim == ClaimKind::award) {
        dispute({}, m->colour, "an <award> belongs to the scoring of a province", 0);
      } else {
        claim(*m);
      }
      break;
  }
  out_ = nullptr;
  return r;
}

// ---- set-up -----------------------------------------------------------------------------------

void Engine::seats(const Move& m) {
  const Record& rec = *head_;
  seats_step_ = step_;
  seats_ = m.seats;
  if (rec.boards->origin == "built in")
    report(FindingKind::info, CC_205, {0, 3}, std::nullopt,
           modelled_note("board set", rec.boards->name));
  bool teams = rec.variant == Variant::teams;
  std::array<bool, kAllColours> seen{};
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const Where player{0, static_cast<std::uint8_t>(std::min<std::size_t>(i + 4, 255))};
    const auto& colours = seats_[i];
    for (Colour c : colours) {
      if (std::exchange(seen[static_cast<std::size_t>(ci(c))], true))
        report(FindingKind::rule, CC_301, player, c,
               fmt::format("{} is played by two seats; every colour is distinct", name(c)));
    }
    if (teams && colours.size() != 2)
      report(FindingKind::rule, CC_301, player, std::nullopt,
             fmt::format("in the team variant each player plays two colours (colours=\"… …\"), "
                         "this one plays {}",
                         colours.size()));
    if (!teams && colours.size() != 1)
      report(FindingKind::rule, CC_301, player, std::nullopt,
             "a player plays one colour; two colours per player is the team variant "
             "(<variant name=\"teams\"/>)");
  }
  if (seats_.size() < 2 || seats_.size() > 4)
    report(
        FindingKind::rule, CC_301, {0, 1}, std::nullopt,
        fmt::format("Chang Cheng is played by 2 to 4 players, this record has {}", seats_.size()));
  if (rec.variant != Variant::none && seats_.size() != 2)
    report(FindingKind::rule, CC_301, {0, 2}, std::nullopt,
           fmt::format("the {} variant is for two players, this record has {}", name(rec.variant),
                       seats_.size()));
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    for (Colour c : seats_[i]) {
      if (seat_of_[ci(c)] < 0) {
        seat_of_[ci(c)] = static_cast<int>(i);
        seat_colours_.push_back(c);
      }
    }
  }
  if (seat_colours_.empty()) {
    phase_ = Phase::dead;
    return;
  }
  int effective_players = teams ? 2 : static_cast<int>(seats_.size());
  int expansions = effective_players >= 4 ? 2 : 1;
  std::vector<EventCard> events;
  for (const auto& [e, loc] : rec.events)
    events.push_back(e);
  table_.emplace(rec.boards, opts_, rec.variant, events, seat_colours_, expansions);
  phase_ = Phase::setup;
}

// The sides and tokens of the set-up, judged together once play begins.
void Engine::close_setup() {
  if (phase_ != Phase::setup) return;
  cc::State& st = *table_;
  const BoardSet& set = *head_->boards;
  const Where setup{seats_step_, 3};
  if (setup_sides_.size() != 2)
    report(FindingKind::rule, CC_302, setup, std::nullopt,
           fmt::format("two board sides start in play, the set-up lists {}", setup_sides_.size()));
  for (const Placed& side : setup_sides_) {
    const auto& def = set.sides[static_cast<std::size_t>(side.move.a)];
    const Where at{side.step, 0};
    if (st.side_in_play(side.move.a)) {
      report(FindingKind::rule, CC_302, at, std::nullopt,
             fmt::format("side {} is listed twice", def.id));
      continue;
    }
    if (st.board_in_play(def.board)) {
      report(FindingKind::rule, CC_302, at, std::nullopt,
             fmt::format("side {} is on board {}, which already has a side in play; the two "
                         "starting sides come from different boards",
                         def.id, def.board));
    }
    if (!st.sides_in_play().empty())
      violations(st.check_edges(st.sides_in_play().back(), side.move.a), at, std::nullopt);
    st.join_side(side.move.a, true);
  }
  if (st.sides_in_play().empty()) {
    phase_ = Phase::dead;
    return;
  }
  tokens(setup_tokens_, setup, CC_303, nullptr);
  setup_sides_.clear();
  setup_tokens_.clear();
  phase_ = Phase::play;
  snapshot(0, seats_step_, Colour::red, false);
}

void Engine::snapshot(int n, StepNo at, Colour c, bool pass) {
  if (!keep_snapshots_) return;
  TurnSnapshot t;
  t.turn = n;
  t.step = at;
  t.colour = c;
  t.pass = pass;
  t.state = std::make_shared<const cc::State>(*table_);
  snapshots_.push_back(std::move(t));
}

// Checks the tokens of the set-up or of a new side: one per province/region in play (or of
// `side` only), values in range; states them on the wall.
void Engine::tokens(const std::vector<Placed>& tokens, Where where, std::string_view rule,
                    const int* side) {
  cc::State& st = *table_;
  const BoardSet& set = *head_->boards;
  auto wanted = [&](int place) { return side ? place / 3 == *side : st.side_in_play(place / 3); };
  std::vector<bool> rep_seen(static_cast<std::size_t>(set.side_count()) * 3);
  std::vector<bool> thr_seen(rep_seen.size());
  // Reputations first, then threats, as a record lists them.
  for (bool reputation : {true, false}) {
    for (const Placed& t : tokens) {
      if ((t.move.type == MoveKind::reputation) != reputation) continue;
      const int place = t.move.a;
      const Where at{t.step, 0};
      const Where value_at{t.step, 1};
      // Named only for a finding: the names are formatted strings.
      auto pname = [&] { return reputation ? set.province_name(place) : set.region_name(place); };
      if (!wanted(place)) {
        report(FindingKind::rule, rule, at, std::nullopt,
               side ? fmt::format("{} is not on the new side {}", pname(), set.sides[*side].id)
                    : fmt::format("{} is not in play; the set-up puts tokens on the two starting "
                                  "sides only",
                                  pname()));
        continue;
      }
      auto& seen = reputation ? rep_seen : thr_seen;
      if (seen[static_cast<std::size_t>(place)]) {
        report(
            FindingKind::rule, rule, at, std::nullopt,
            fmt::format("{} gets a second {} token; one lies on each {}", pname(),
                        reputation ? "reputation" : "threat", reputation ? "province" : "region"));
        continue;
      }
      seen[static_cast<std::size_t>(place)] = true;
      if (reputation) {
        violations(st.set_reputation(place, t.move.value.value_or(0), !side), value_at,
                   std::nullopt);
        continue;
      }
      if (threat_step_.size() <= static_cast<std::size_t>(place))
        threat_step_.resize(static_cast<std::size_t>(place) + 1);
      threat_step_[static_cast<std::size_t>(place)] = t.step;
      if (t.move.value) violations(st.state_threat(place, *t.move.value), value_at, std::nullopt);
    }
  }
  std::vector<int> sides = side ? std::vector<int>{*side} : st.sides_in_play();
  for (int s : sides) {
    for (int k = 0; k < 3; ++k) {
      if (!rep_seen[static_cast<std::size_t>(s * 3 + k)])
        report(FindingKind::rule, rule, where, std::nullopt,
               fmt::format("{} has no reputation token", set.province_name(s * 3 + k)));
      if (!thr_seen[static_cast<std::size_t>(s * 3 + k)])
        report(FindingKind::rule, rule, where, std::nullopt,
               fmt::format("{} has no threat token", set.region_name(s * 3 + k)));
    }
  }
}

// ---- turns ------------------------------------------------------------------------------------

const std::vector<Colour>& Engine::colours_of_seat(int seat) const {
  return seats_[static_cast<std::size_t>(seat)];
}

std::string Engine::seat_label(int seat) const {
  std::string colours;
  for (Colour c : colours_of_seat(seat))
    colours += fmt::format("{}{}", colours.empty() ? "" : "/", name(c));
  return colours;
}

void Engine::begin(const Move& m) {
  const Colour colour = m.colour.value_or(Colour::red);
  ++turns_;
  const int n = turns_;
  if (over_) {
    // Nothing may follow the end of the game: said once, at the first turn after it.
    ctx_ = TurnContext{};
    ctx_.open = true;
    ctx_.ignored = true;
    if (after_end_reported_) return;
    after_end_reported_ = true;
    const int more = static_cast<int>(head_->turns.size()) - n + 1;
    const int shown = std::max(more, 1);
    report(FindingKind::rule, CC_703, {}, colour,
           fmt::format(
               "the game ended on turn {} ({}); nothing may be recorded after it, but {} "
               "more turn{} follow{}",
               end_turn_,
               reason_ == EndReason::passes ? "a full round of passes" : "the wall is complete",
               shown, shown == 1 ? "" : "s", shown == 1 ? "s" : ""),
           or_wall(0, {}));
    return;
  }
  TurnContext& ctx = ctx_;
  ctx.n = n;
  ctx.colour = colour;
  ctx.begin = step_;
  ctx.acts.clear();
  ctx.neutral.reset();
  ctx.shape_broken = false;
  ctx.peekable.clear();
  ctx.pending.clear();
  ctx.bonus.fill(0);
  ctx.bonus_claims.clear();
  ctx.expand_awaited = ctx.expand_late = false;
  ctx.deferred_expand.reset();
  ctx.deferred_tokens.clear();
  ctx.taint = 0;
  ctx.neutral_to_judge = false;
  ctx.skipped = ctx.ignored = false;
  ctx.open = true;
  turns_replayed_ = n;
  turn_start_.valid = false;

  // Whose turn: seat order, resynchronised on the colour actually played.
  int seat = expected_seat_;
  const auto& expected = colours_of_seat(seat);
  const int seats = static_cast<int>(seats_.size());
  if (std::find(expected.begin(), expected.end(), colour) == expected.end()) {
    int owner = seat_of_[ci(colour)];
    std::string_view rule = n == 1 ? CC_304 : CC_401;
    std::string who = owner < 0 ? fmt::format("{} is not playing", name(colour))
                                : fmt::format("{} played out of turn", name(colour));
    report(FindingKind::rule, rule, {0, 1}, colour,
           n == 1 ? fmt::format("the first turn belongs to the first seat ({}); {}",
                                seat_label(seat), who)
                  : fmt::format("turn {} belongs to {} (seat order); {}", n, seat_label(seat), who),
           order_taint_);
    order_taint_ = step_;
    if (owner < 0) {
      expected_seat_ = (seat + 1) % seats;
      ctx.skipped = true;
      snapshot(n, step_, colour, false);
      return;
    }
    seat = owner;
  }
  expected_seat_ = (seat + 1) % seats;
}

void Engine::end_turn() {
  cc::State& st = *table_;
  TurnContext& ctx = ctx_;
  const int n = ctx.n;
  const Colour colour = ctx.colour;
  flush_pending();
  if (ctx.neutral_to_judge) judge_neutral();

  // The turn as a whole.
  if (ctx.acts.empty()) {
    report(FindingKind::rule, n == 1 ? CC_403 : CC_402, {ctx.begin, 0}, colour,
           n == 1 ? std::string("the first turn places exactly one single wall; this one "
                                "records no action")
                  : std::string("the turn records no action; a turn without one is written "
                                "<pass/>"));
  } else if (!ctx.shape_broken && n > 1 && ctx.acts.size() == 1 && turn_start_.valid) {
    // CC-404, by what was open when the turn began.
    const TurnStart& start = turn_start_;
    const BoardSet& set = *head_->boards;
    const Placed& first = ctx.acts[0];
    const Act act = act_of(first.move.type);
    if (act == Act::pass && (start.partial || start.complete)) {
      report(FindingKind::rule, CC_404, {first.step, 0}, colour,
             start.complete ? fmt::format("{} passed, but a complete action was possible: {}",
                                          name(colour), describe(*start.complete, set))
                            : fmt::format("{} passed, but part of an action was possible: {}",
                                          name(colour), describe(*start.partial, set)),
             start.board_taint);
    } else if (act != Act::pass && start.complete) {
      report(FindingKind::rule, CC_404, {first.step, 0}, colour,
             fmt::format("{} performed only part of an action ({}), but a complete action "
                         "was possible: {}",
                         name(colour), act_name(act), describe(*start.complete, set)),
             start.board_taint);
    }
  }
  turn_start_.valid = false;

  // Expansion due this turn, or earlier and not made.
  if (ctx.deferred_expand) {
    Placed e = *ctx.deferred_expand;
    std::vector<Placed> tokens = std::move(ctx.deferred_tokens);
    ctx.deferred_expand.reset();
    apply_expand(e, tokens);
  }
  if (st.expansions_pending() > 0 && !expansion_reported_) {
    report(FindingKind::rule, CC_601, {ctx.begin, 0}, colour,
           fmt::format("the third emperor card made an expansion due, but no <expand> joins a "
                       "new side ({})",
                       opts_.expansion_timing == ExpansionTiming::immediate
                           ? "right after the scoring: expansion-timing=immediate"
                           : "as the turn's last element: expansion-timing=end-of-turn"),
           or_wall(0, {ctx.begin, 0}));
    expansion_reported_ = true;
    layout_turn_ = n;
    st.taint_layout(ctx.begin);
  }

  // Bonus claims against the double-wall bonus of the whole turn.
  std::array<int, kAllColours> claimed_count{};
  for (const Placed& b : ctx.bonus_claims) {
    const Colour bc = b.move.colour.value_or(Colour::red);
    const int c = ci(bc);
    const int value = b.move.value.value_or(0);
    if (++claimed_count[c] > 1) {
      dispute({b.step, 0}, bc, fmt::format("a second <bonus> for {} in this turn", name(bc)),
              ctx.taint);
      continue;
    }
    if (value != ctx.bonus[c]) {
      dispute({b.step, 0}, bc,
              fmt::format("claimed double-wall bonus {} for {}, recomputed {}{}", value, name(bc),
                          ctx.bonus[c],
                          ctx.bonus[c]
                              ? " (1 per province and per region its two spaces border)"
                              : fmt::format(" ({} placed no double wall this turn)", name(bc))),
              ctx.taint);
    }
  }

  // Passes and the end of the game.
  bool passed = ctx.acts.size() == 1 && ctx.acts[0].move.type == MoveKind::pass;
  consecutive_passes_ = passed ? consecutive_passes_ + 1 : 0;
  int round = head_->variant == Variant::teams ? 2 : static_cast<int>(seats_.size());
  if (st.empty_spaces() == 0 && st.expansions_pending() == 0) {
    end_game(EndReason::wall_complete);
  } else if (consecutive_passes_ >= round && st.empty_spaces() > 0) {
    end_game(EndReason::passes);
    report(FindingKind::info, CC_702, {ctx.begin, 0}, std::nullopt,
           fmt::format("the game ended after a full round of passes with {} empty space{} "
                       "left; unfinished provinces score nothing",
                       st.empty_spaces(), st.empty_spaces() == 1 ? "" : "s"));
  }
  ctx.open = false;
  snapshot(n, ctx.begin, colour, passed);
}

void Engine::end_game(EndReason reason) {
  over_ = true;
  reason_ = reason;
  end_turn_ = ctx_.n;
}

void Engine::placement(const Move& s) {
  if (!ctx_.open) {
    report(FindingKind::rule, CC_402, {}, s.colour, "a piece is placed only within a turn");
    return;
  }
  cc::State& st = *table_;
  const BoardSet& set = *head_->boards;
  TurnContext& ctx = ctx_;
  flush_pending();
  if (ctx.expand_awaited) ctx.expand_late = true;
  Act act = act_of(s.type);
  int n = ctx.n;
  Colour c = ctx.colour;
  const std::size_t findings_before = out_->findings.size();
  auto broke_rule = [&] {
    for (std::size_t i = findings_before; i < out_->findings.size(); ++i)
      if (out_->findings[i].kind == FindingKind::rule) return true;
    return false;
  };

  if (ctx.acts.empty() && n > 1 && (act == Act::wall || act == Act::card || act == Act::pass)) {
    // For CC-404, should this piece (or pass) stay alone: what was open as the turn began,
    // and the first error that changed it.
    TurnStart& start = turn_start_;
    start = TurnStart{};
    start.valid = true;
    const auto& colours = colours_of_seat(seat_of_[ci(c)]);
    for (Colour sc : colours) {
      if (!start.complete) start.complete = st.complete_action(sc);
      if (st.colour(sc).supply_taint) start.board_taint = st.colour(sc).supply_taint;
      if (st.colour(sc).card_taint && !start.board_taint)
        start.board_taint = st.colour(sc).card_taint;
    }
    // Part of an action is read only for a pass, and only where no complete action was open.
    for (Colour sc : colours)
      if (act == Act::pass && !start.complete && !start.partial)
        start.partial = st.partial_action(sc);
    for (SpaceId space : st.line()) {
      if (start.board_taint) break;
      start.board_taint = st.piece(space).taint;
    }
    // What the record's wall holds otherwise (a piece kept off, a scoring not applied) changes
    // what is open.
    if (!start.board_taint) start.board_taint = st.wall_taint();
  }

  // Where the piece stands in the action.
  if (ctx.neutral && act != Act::pass) {
    report(FindingKind::rule, CC_1101, {}, c,
           fmt::format("{} is placed after the neutral wall; the neutral wall comes after the "
                       "action",
                       act_name(act)));
    ctx.shape_broken = true;
  } else if (n == 1) {
    if (act != Act::wall || !ctx.acts.empty()) {
      report(FindingKind::rule, CC_403, {}, c,
             fmt::format("the first turn places exactly one single wall and nothing else, not "
                         "{}{}",
                         ctx.acts.empty() ? "" : "also ", act_name(act)));
      ctx.shape_broken = true;
    }
  } else if (!ctx.acts.empty()) {
    const Placed& prev_placed = ctx.acts.back();
    const Move& prev_step = prev_placed.move;
    Act prev = act_of(prev_step.type);
    bool two = ctx.acts.size() == 1;
    std::string shape_error;
    std::string_view rule = CC_402;
    if (act == Act::pass || prev == Act::pass) {
      shape_error = "a pass cannot be combined with anything else in the turn";
    } else if (!two) {
      shape_error =
          fmt::format("{} is a third piece: an action places two pieces at most", act_name(act));
    } else if (prev == Act::wall && act == Act::wall) {
      if (set.province_of(prev_step.a) == set.province_of(s.a)) {
        rule = CC_411;
        shape_error = fmt::format(
            "both walls go to {}; the two walls of \"two walls\" go to "
            "two different provinces",
            set.province_name(set.province_of(s.a)));
      }
    } else if (prev == Act::card && act == Act::card) {
      if (prev_step.a == s.a) {
        rule = CC_411;
        shape_error = fmt::format(
            "both cards go to {}; the two cards of \"two cards\" go to "
            "two different provinces",
            set.province_name(s.a));
      }
    } else if (prev == Act::card && act == Act::wall) {
      if (set.province_of(s.a) != prev_step.a) {
        rule = CC_412;
        shape_error = fmt::format(
            "the wall goes to {}, but the card went to {}; in \"card and "
            "wall\" the wall goes to the card's province",
            set.province_name(set.province_of(s.a)), set.province_name(prev_step.a));
      }
    } else if (prev == Act::wall && act == Act::card) {
      rule = CC_412;
      shape_error = "the card comes after the wall; in \"card and wall\" the card comes first";
    } else {
      shape_error =
          fmt::format("{} after {} is not one of the five actions", act_name(act), act_name(prev));
    }
    if (!shape_error.empty()) {
      report(FindingKind::rule, rule, {}, c, shape_error, ctx.taint).involves = places_of(s);
      if (rule == CC_402) ctx.shape_broken = true;
    }
  }
  ctx.acts.push_back({s, step_});
  if (act == Act::pass) return;

  // The piece itself.
  const int cards_before = st.colour(c).cards_placed;
  Violations v;
  int bonus = 0;
  switch (act) {
    case Act::wall:
      v = st.place_wall(c, s.a, n, step_);
      break;
    case Act::tower:
      v = st.place_tower(c, s.a, n, step_);
      break;
    case Act::double_wall:
      v = st.place_double(c, s.a, s.b, n, step_, bonus);
      break;
    case Act::card:
      v = st.place_card(c, s.a, s.card, n, step_);
      break;
    case Act::pass:
      break;
  }
  for (auto& violation : v)
    report(FindingKind::rule, violation.rule, {0, 1}, c, violation.message, violation.cause)
        .involves = places_of(s);
  if (broke_rule()) {
    auto placed = [&](SpaceId space) {
      const Piece& p = st.piece(space);
      return st.in_play(space) && p.intact() && p.colour == c && p.turn == n;
    };
    bool kept_off = act == Act::card && st.colour(c).cards_placed == cards_before;
    if (act != Act::card) {
      if (!placed(s.a)) {
        st.reject_piece(step_);
        kept_off = true;
      }
      if (act == Act::double_wall && !placed(s.b)) {
        st.reject_piece(step_);
        kept_off = true;
      }
    }
    note_error({}, kept_off ? Divergence::missing : Divergence::none);
  }
  if (bonus) {
    ctx.bonus[ci(c)] += bonus;
    ScoringStep step;
    step.kind = ScoringStep::Kind::bonus;
    step.turn = n;
    step.step = step_;
    step.colour = c;
    step.a = s.a;
    step.b = s.b;
    step.points[ci(c)] = bonus;
    push_step(std::move(step));
  }
  // Scouting: a wall, double wall or tower lets its owner look opposite the spaces covered.
  ctx.peekable.clear();
  if (act != Act::card) {
    ctx.peekable.push_back(set.region_of(s.a));
    // Both halves of a double wall may face one region: it is named once.
    if (act == Act::double_wall && set.region_of(s.b) != set.region_of(s.a))
      ctx.peekable.push_back(set.region_of(s.b));
  }
  if (act != Act::card) st.completed_by(s.a, act == Act::double_wall ? s.b : kNone, ctx.pending);
}

void Engine::neutral(const Move& s) {
  if (!ctx_.open) {
    report(FindingKind::rule, CC_1101, {}, s.colour, "a neutral wall is placed only within a turn");
    return;
  }
  cc::State& st = *table_;
  TurnContext& ctx = ctx_;
  int n = ctx.n;
  flush_pending();
  if (ctx.expand_awaited) ctx.expand_late = true;
  const std::size_t findings_before = out_->findings.size();
  if (head_->variant != Variant::neutral_walls) {
    report(FindingKind::rule, CC_1101, {}, ctx.colour,
           "neutral walls are used only in the neutral-walls variant "
           "(<variant name=\"neutral-walls\"/>)");
  } else if (n == 1) {
    report(FindingKind::rule, CC_403, {}, ctx.colour,
           "the first turn places exactly one single wall: no neutral wall either");
  } else if (ctx.neutral) {
    report(FindingKind::rule, CC_1101, {}, ctx.colour,
           fmt::format("a second neutral wall in one turn (the first on {}); at most one per turn",
                       head_->boards->space_name(ctx.neutral->move.a)));
  } else {
    // Where it may go depends on the whole action: judged at the end of the turn.
    ctx.neutral_to_judge = true;
  }
  ctx.neutral = Placed{s, step_};
  auto v = st.place_neutral(s.a, n, step_);
  for (const auto& violation : v)
    report(FindingKind::rule, violation.rule, {0, 1}, ctx.colour, violation.message,
           violation.cause)
        .involves = places_of(s);
  for (std::size_t i = findings_before; i < out_->findings.size(); ++i)
    if (out_->findings[i].kind == FindingKind::rule) {
      const Piece& placed = st.piece(s.a);
      const bool kept_off =
          !(st.in_play(s.a) && placed.kind == PieceKind::neutral && placed.turn == n);
      note_error({}, kept_off ? Divergence::missing : Divergence::none);
      break;
    }
  ctx.peekable.clear();
  st.completed_by(s.a, kNone, ctx.pending);
}

// CC-1102: the neutral wall's place, by the action of the whole turn (a piece placed after the
// neutral wall is CC-1101's business, not this rule's).
void Engine::judge_neutral() {
  const BoardSet& set = *head_->boards;
  TurnContext& ctx = ctx_;
  const Placed& placed = *ctx.neutral;
  const Move& s = placed.move;
  ProvinceId target = set.province_of(s.a);
  if (ctx.acts.empty() || (ctx.acts.size() == 1 && ctx.acts[0].move.type == MoveKind::pass)) {
    report(FindingKind::rule, CC_1101, {placed.step, 0}, ctx.colour,
           "a neutral wall is placed after the player's action, and this turn has none");
    return;
  }
  if (ctx.shape_broken) return;
  std::vector<ProvinceId> allowed, forbidden;
  std::string why;
  auto prov_of_act = [&](const Placed& a) {
    return a.move.type == MoveKind::card ? a.move.a : set.province_of(a.move.a);
  };
  const auto& acts = ctx.acts;
  auto kind = [&](std::size_t i) { return act_of(acts[i].move.type); };
  bool card_and_wall = acts.size() == 2 && kind(0) == Act::card && kind(1) == Act::wall;
  if (acts.size() == 2 && !card_and_wall) {
    allowed = {prov_of_act(acts[0]), prov_of_act(acts[1])};
    why = "after two walls or two cards it goes on one of those two provinces";
  } else if (card_and_wall || (acts.size() == 1 && kind(0) == Act::card)) {
    ProvinceId p = acts[0].move.a;
    bool same = opts_.neutral_after_card_and_wall == NeutralAfterOption::same_province;
    if (same) {
      allowed = {p};
      why = acts.size() == 1
                ? "after a lone card it goes on that card's province (as after two cards, "
                  "or card and wall with neutral-after-card-and-wall=same-province)"
                : "after card and wall on a province it goes on that province "
                  "(neutral-after-card-and-wall=same-province)";
    } else if (acts.size() == 2) {
      forbidden = {p};
      why =
          "after card and wall on a province it goes on any other province "
          "(neutral-after-card-and-wall=other-province)";
    }
    // A lone card under other-province: its own province (as after two cards) or any other (as
    // after card and wall) -- every province is allowed.
  } else if (acts.size() == 1 && kind(0) == Act::wall) {
    allowed = {prov_of_act(acts[0])};
    why = "after a lone wall (part of \"two walls\") it goes on that wall's province";
  } else if (acts.size() == 1 && kind(0) == Act::double_wall) {
    forbidden = {set.province_of(acts[0].move.a), set.province_of(acts[0].move.b)};
    why = "after the double wall it goes on a province the double wall does not touch";
  } else if (acts.size() == 1 && kind(0) == Act::tower) {
    forbidden = {set.province_of(acts[0].move.a)};
    why = "after the tower it goes on a province other than the tower's";
  }
  bool ok = true;
  if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), target) == allowed.end())
    ok = false;
  if (std::find(forbidden.begin(), forbidden.end(), target) != forbidden.end()) ok = false;
  if (!ok)
    report(FindingKind::rule, CC_1102, {placed.step, 1}, ctx.colour,
           fmt::format("the neutral wall on {} ({}) is misplaced: {}", set.space_name(s.a),
                       set.province_name(target), why),
           ctx.taint)
        .involves = places_of(s);
}

void Engine::peek(const Move& s) {
  const BoardSet& set = *head_->boards;
  const TurnContext& ctx = ctx_;
  if (ctx.open && std::find(ctx.peekable.begin(), ctx.peekable.end(), s.a) != ctx.peekable.end())
    return;
  std::string why;
  if (!ctx.open || ctx.peekable.empty()) {
    why = ctx.open && ctx.neutral ? "no peek follows a neutral wall"
                                  : "a peek follows the player's own wall, double wall or tower";
  } else {
    std::string list;
    for (RegionId r : ctx.peekable)
      list += fmt::format("{}{}", list.empty() ? "" : " or ", set.region_name(r));
    why = fmt::format("the piece just placed lets its owner look at {} only", list);
  }
  report(FindingKind::rule, CC_408, {0, 1}, ctx.colour,
         fmt::format("peek at {}: {}", set.region_name(s.a), why))
      .involves = {set.region_name(s.a)};
}

void Engine::threat(const Move& s, StepNo at) {
  cc::State& st = *table_;
  if (!st.region(s.a).in_play) {
    report(FindingKind::rule, CC_1202, {at, 0}, std::nullopt,
           fmt::format("{} is not in play; only a token in play can be revealed",
                       head_->boards->region_name(s.a)));
    return;
  }
  if (s.value) violations(st.state_threat(s.a, *s.value), {at, 1}, std::nullopt);
}

// ---- scoring ----------------------------------------------------------------------------------

void Engine::score(const Move& s) {
  if (!ctx_.open) {
    report(FindingKind::rule, CC_501, {}, s.colour, "a province is scored only within a turn");
    return;
  }
  cc::State& st = *table_;
  const BoardSet& set = *head_->boards;
  TurnContext& ctx = ctx_;
  ProvinceId p = s.a;
  score_group_.items.clear();  // keeps its capacity for the next scoring
  score_group_.dead = false;
  score_group_.earlier.clear();
  score_group_.score = {s, step_};
  group_ = Group::score;
  auto it = std::find(ctx.pending.begin(), ctx.pending.end(), p);
  if (it == ctx.pending.end()) {
    score_group_.dead = true;
    std::string pname = set.province_name(p);
    if (st.province(p).scored) {
      report(FindingKind::rule, CC_504, {}, ctx.colour,
             fmt::format("{} was already scored; a province is scored once", pname),
             or_wall(st.province(p).taint, {}));
    } else {
      const Finding& f = report(
          FindingKind::rule, CC_501, {}, ctx.colour,
          st.province(p).in_play
              ? fmt::format("{} is not complete ({} empty space{}); only a complete province "
                            "is scored",
                            pname, st.province(p).empty, st.province(p).empty == 1 ? "" : "s")
              : fmt::format("{} is not in play", pname),
          or_wall(ctx.taint, {}));
      // The scoring the record makes here did not happen because of an earlier error: the
      // scores of the colours it would have paid read that error.
      if (f.cause && st.province(p).in_play)
        for (SpaceId space : st.spaces_of(p))
          if (st.piece(space).intact() && st.piece(space).colour != Colour::neutral)
            st.add_points(st.piece(space).colour, 0, f.cause);
    }
    return;
  }
  // Earlier completions may be scored without a <score> (nothing to choose); whether one of
  // them has its own <score> right after this one (the wrong order) is known then.
  score_group_.earlier.assign(ctx.pending.begin(), it);
}

void Engine::close_score(const Move* next) {
  group_ = Group::none;
  if (score_group_.dead) return;
  TurnContext& ctx = ctx_;
  const BoardSet& set = *head_->boards;
  const ProvinceId p = score_group_.score.move.a;
  if (!score_group_.earlier.empty()) {
    const auto& earlier = score_group_.earlier;
    if (next && next->type == MoveKind::score &&
        std::find(earlier.begin(), earlier.end(), next->a) != earlier.end()) {
      report(FindingKind::rule, CC_502, {score_group_.score.step, 0}, ctx.colour,
             fmt::format("{} is scored before {}; provinces completed together are scored "
                         "left to right",
                         set.province_name(p), set.province_name(next->a)),
             or_wall(0, {score_group_.score.step, 0}));
    } else {
      for (ProvinceId e : earlier) {
        ctx.pending.erase(std::find(ctx.pending.begin(), ctx.pending.end(), e));
        score_now(e, nullptr);
      }
    }
  }
  auto it = std::find(ctx.pending.begin(), ctx.pending.end(), p);
  if (it != ctx.pending.end()) ctx.pending.erase(it);
  score_now(p, &score_group_);
}

void Engine::flush_pending() {
  close_groups(nullptr);
  while (!ctx_.pending.empty()) {
    ProvinceId p = ctx_.pending.front();
    ctx_.pending.erase(ctx_.pending.begin());
    score_now(p, nullptr);
  }
}

void Engine::score_now(ProvinceId p, const ScoreGroup* group) {
  cc::State& st = *table_;
  const BoardSet& set = *head_->boards;
  TurnContext& ctx = ctx_;
  std::vector<Reveal> reveals;
  std::vector<Resolution> choices;
  bool any_award = false;
  bool resolved_seen = false;
  if (group) {
    for (const Placed& item : group->items) {
      const Move& m = item.move;
      const Colour colour = m.colour.value_or(Colour::red);
      switch (m.type) {
        case MoveKind::reveal:
          if (resolved_seen)
            report(FindingKind::rule, CC_503, {item.step, 0}, colour,
                   "a <reveal> after a <resolve>: all cards are revealed before any is "
                   "resolved");
          reveals.push_back({colour, *m.card, item.step});
          break;
        case MoveKind::resolve: {
          resolved_seen = true;
          Resolution r;
          r.colour = colour;
          r.card = *m.card;
          r.effect = m.effect;
          if (m.card == CardKind::mandarin) {
            r.space = m.a;
            r.with = m.b;
          } else if (m.effect == Effect::destroy) {
            r.space = m.a;
          } else if (m.effect == Effect::remove_threat) {
            r.region = m.b;
          }
          r.cancels = m.cancels;
          r.of = m.of;
          r.line = item.step;
          choices.push_back(r);
          break;
        }
        default:
          any_award = true;
          break;
      }
    }
  }
  const Where where = group              ? Where{group->score.step, 0}
                      : ctx.acts.empty() ? Where{ctx.begin, 0}
                                         : Where{ctx.acts.back().step, 0};
  Violations v;
  ProvinceScore ps = st.score_province(p, reveals, choices, target(where), v);
  for (const auto& violation : v) {
    Where at = where;
    // Reveal problems point at their reveal, choice problems at their resolution.
    if (violation.ref >= 0 && group) {
      const bool about_reveal = violation.rule == CC_1201;
      const MoveKind kind = about_reveal ? MoveKind::reveal : MoveKind::resolve;
      int k = violation.ref;
      for (const Placed& item : group->items) {
        if (item.move.type != kind || k-- > 0) continue;
        at = {item.step, static_cast<std::uint8_t>(about_reveal ? 0 : 1)};
        break;
      }
    }
    std::string message = violation.message;
    if (!group && violation.rule != CC_1201)
      message +=
          fmt::format(" (no <score province=\"{}\"> gives the choices)", set.province_name(p));
    report(FindingKind::rule, violation.rule, at, ctx.colour, message, violation.cause);
    note_error(at);
  }
  ScoringStep step;
  step.kind = ScoringStep::Kind::province;
  step.turn = ctx.n;
  step.step = target(where);
  for (Colour c : ps.scorers)
    step.points[ci(c)] = ps.value;
  // Award claims: exactly the colours that score, with the value.
  std::array<int, kAllColours> seen{};
  static const std::vector<Placed> kNoItems;
  for (const Placed& item : any_award ? group->items : kNoItems) {
    if (item.move.type == MoveKind::reveal || item.move.type == MoveKind::resolve) continue;
    const Placed* a = &item;
    const Colour ac = a->move.colour.value_or(Colour::red);
    const int points = a->move.value.value_or(0);
    const Where at{a->step, 0};
    step.claimed.emplace_back(ac, points);
    int c = ci(ac);
    if (++seen[c] > 1) {
      dispute(at, ac,
              fmt::format("a second <award> for {} in the scoring of {}", name(ac),
                          set.province_name(p)),
              ps.taint);
      continue;
    }
    if (seat_of_[c] < 0) {
      dispute(at, ac,
              fmt::format("claimed {} points for {}, which is not playing", points, name(ac)),
              ps.taint);
      continue;
    }
    if (points != step.points[c]) {
      std::string because = explain_province(ps);
      dispute(at, ac,
              step.points[c] == 0
                  ? fmt::format("claimed {} points for {} in {}, recomputed 0: {} does not "
                                "score there; {}",
                                points, name(ac), set.province_name(p), name(ac), because)
                  : fmt::format("claimed {} points for {} in {}, recomputed {}: {}", points,
                                name(ac), set.province_name(p), step.points[c], because),
              ps.taint);
    }
  }
  if (any_award) {
    for (Colour c : ps.scorers) {
      if (!seen[ci(c)])
        dispute(where, c,
                fmt::format("no <award> for {}, who scores {} in {}: {}", name(c), ps.value,
                            set.province_name(p), explain_province(ps)),
                ps.taint);
    }
  }
  step.province = std::move(ps);
  push_step(std::move(step));

  // The emperor card, and perhaps an expansion.
  if (st.place_emperor_card()) {
    if (opts_.expansion_timing == ExpansionTiming::immediate) ctx.expand_awaited = true;
  }
}

// ---- expansion --------------------------------------------------------------------------------

void Engine::expand(const Move& m) {
  if (!ctx_.open) {
    report(FindingKind::rule, CC_603, {}, std::nullopt, "a new side joins only within a turn");
    return;
  }
  flush_pending();
  expand_group_ = {m, step_};
  expand_tokens_.clear();
  group_ = Group::expand;
}

void Engine::close_expand(const Move* next) {
  group_ = Group::none;
  std::vector<Placed> tokens = std::move(expand_tokens_);
  std::vector<Placed> reveals = std::move(expand_reveals_);
  expand_tokens_.clear();
  expand_reveals_.clear();
  // The turn's last element: only threat reveals may follow it before its end.
  judge_expand(expand_group_, std::move(tokens), next && next->type == MoveKind::end);
  for (const Placed& r : reveals)  // the reveals that waited, in order
    threat(r.move, r.step);
}

void Engine::judge_expand(const Placed& e, std::vector<Placed> tokens, bool last) {
  cc::State& st = *table_;
  TurnContext& ctx = ctx_;
  const Where at{e.step, 0};
  bool immediate = opts_.expansion_timing == ExpansionTiming::immediate;
  bool pending = st.expansions_pending() > 0;
  if (pending && !immediate && !last) {
    report(FindingKind::rule, CC_603, at, ctx.colour,
           "with expansion-timing=end-of-turn the new side is joined after the action, as "
           "the turn's last element; it is usable from the next turn",
           or_wall(0, at));
    note_error(at);
    if (!ctx.deferred_expand) {
      ctx.deferred_expand = e;
      ctx.deferred_tokens = std::move(tokens);
      return;
    }
  } else if (pending && immediate &&
             (ctx.expand_late || (!ctx.expand_awaited && !expansion_reported_))) {
    report(FindingKind::rule, CC_603, at, ctx.colour,
           "with expansion-timing=immediate the new side is joined right after the scoring "
           "that placed the third emperor card, before the rest of the action",
           or_wall(0, at));
    note_error(at);
  } else if (pending && expansion_reported_) {
    report(FindingKind::rule, CC_603, at, ctx.colour,
           fmt::format("this expansion was due earlier (turn {} made none)", layout_turn_),
           or_wall(st.layout_taint(), at));
  }
  apply_expand(e, tokens);
}

void Engine::apply_expand(const Placed& e, const std::vector<Placed>& tokens) {
  cc::State& st = *table_;
  TurnContext& ctx = ctx_;
  const Where at{e.step, 0};
  bool was_pending = st.expansions_pending() > 0;
  auto v = st.expand(e.move.a, e.move.right, 0);
  violations(v, at, ctx.colour);
  if (!v.empty()) note_error(at);
  if (st.side_in_play(e.move.a)) {
    int side = e.move.a;
    this->tokens(tokens, at, CC_601, &side);
  }
  ctx.expand_awaited = false;
  ctx.expand_late = false;
  if (was_pending && st.expansions_pending() == 0) expansion_reported_ = false;
}

// ---- the end ----------------------------------------------------------------------------------

void Engine::end_threat(const Move& m) {
  cc::State& st = *table_;
  phase_ = Phase::end;
  if (!st.region(m.a).in_play) {
    report(FindingKind::rule, CC_1202, {}, std::nullopt,
           fmt::format("{} is not in play; only a token in play can be revealed",
                       head_->boards->region_name(m.a)));
    return;
  }
  if (m.value) violations(st.state_threat(m.a, *m.value), {0, 1}, std::nullopt);
}

// The end of the game, once: the threats never stated, the Mongol attack, the events.
void Engine::conclude_game() {
  if (concluded_ || !table_) return;
  concluded_ = true;
  if (!over_) {
    report_unfinished();
    return;
  }
  cc::State& st = *table_;
  const BoardSet& set = *head_->boards;
  for (int side : st.sides_in_play()) {
    for (int k = 0; k < 3; ++k) {
      RegionId r = side * 3 + k;
      if (st.region(r).removed || st.region(r).value) continue;
      unknown_threats_.push_back(r);
      const StepNo laid =
          static_cast<std::size_t>(r) < threat_step_.size() ? threat_step_[r] : StepNo{0};
      report(FindingKind::rule, CC_1202, {laid ? laid : kEndOfRecord, 0}, std::nullopt,
             fmt::format("the threat token of {} is still in play at the end but its value is "
                         "never stated; the final scores cannot be known (they are shown without "
                         "its loss)",
                         set.region_name(r)));
    }
  }
  for (auto& loss : st.mongol_attack()) {
    // A loss of unknown size leaves the losers' scores as the unstated token made them.
    if (!loss.value_known) {
      const StepNo laid = static_cast<std::size_t>(loss.region) < threat_step_.size()
                              ? threat_step_[loss.region]
                              : StepNo{0};
      for (Colour c : loss.losers)
        st.add_points(c, 0, laid);
    }
    ScoringStep step;
    step.kind = ScoringStep::Kind::mongol;
    if (loss.value_known)
      for (Colour c : loss.losers)
        step.points[ci(c)] = loss.token;
    step.loss = std::move(loss);
    push_step(std::move(step));
  }
  for (auto& ev : st.score_events()) {
    if (ev.card == EventCard::observation) continue;
    ScoringStep step;
    step.kind = ScoringStep::Kind::event;
    step.points = ev.points;
    step.event = std::move(ev);
    push_step(std::move(step));
  }
}

// CC-701, where the record ends before the game does and has turns or an end.
void Engine::report_unfinished() {
  if (over_ || (turns_ == 0 && !head_->end.present)) return;
  const cc::State& st = *table_;
  report(FindingKind::info, CC_701, {kEndOfRecord, 0}, std::nullopt,
         fmt::format("the record ends before the game does ({} empty space{} left); claims are "
                     "compared with the scores reached",
                     st.empty_spaces(), st.empty_spaces() == 1 ? "" : "s"));
}

// The error that first changed what a claim of `c` reads: `c`'s score, or the end of the game
// itself when pieces the rules kept off the wall would have completed it; 0 when none.
StepNo Engine::score_taint(Colour c) const {
  const cc::State& st = *table_;
  StepNo t = st.colour(c).score_taint;
  if (!over_ && st.fill_taint() && st.rejected_pieces() >= st.empty_spaces())
    t = t ? std::min(t, st.fill_taint()) : st.fill_taint();
  return t;
}

void Engine::claim(const Move& m) {
  if (ctx_.open) {
    // A claim inside a turn other than a bonus or award: read as the end's.
  }
  phase_ = Phase::end;
  any_claim_ = true;
  conclude_game();
  const cc::State& st = *table_;
  const BoardSet& set = *head_->boards;
  const Colour colour = m.colour.value_or(Colour::red);
  const int c = ci(colour);
  const int points = m.value.value_or(0);
  switch (m.claim) {
    case ClaimKind::loss: {
      any_loss_claim_ = true;
      const std::pair<RegionId, int> key{m.a, c};
      if (std::find(losses_claimed_.begin(), losses_claimed_.end(), key) != losses_claimed_.end()) {
        dispute({}, colour,
                fmt::format("a second <loss> for {} in {}", name(colour), set.region_name(m.a)), 0);
        return;
      }
      losses_claimed_.push_back(key);
      int recomputed = 0;
      for (const auto& step : *steps_)
        if (step.kind == ScoringStep::Kind::mongol && step.loss->value_known &&
            step.loss->region == m.a)
          for (Colour l : step.loss->losers)
            if (l == colour) recomputed = step.loss->token;
      if (points != recomputed)
        dispute({}, colour,
                fmt::format("claimed loss {} for {} in {}, recomputed {}: {}", points, name(colour),
                            set.region_name(m.a), recomputed, explain_loss(m.a)),
                score_taint(colour));
      return;
    }
    case ClaimKind::event: {
      const std::pair<int, int> key{static_cast<int>(m.event), c};
      if (std::find(events_claimed_.begin(), events_claimed_.end(), key) != events_claimed_.end()) {
        dispute({}, colour,
                fmt::format("a second <event> claim for {} and {}", name(m.event), name(colour)),
                0);
        return;
      }
      events_claimed_.push_back(key);
      int recomputed = 0;
      std::string basis = fmt::format("{} is not in play", name(m.event));
      for (const auto& step : *steps_) {
        if (step.kind == ScoringStep::Kind::event && step.event->card == m.event) {
          recomputed = step.event->points[c];
          basis = step.event->basis;
        }
      }
      if (!st.colour(colour).playing) basis = fmt::format("{} is not playing", name(colour));
      if (!over_ && st.has_event(m.event)) basis = "the game has not ended";
      if (points != recomputed)
        dispute({}, colour,
                fmt::format("claimed {} points for {} from {}, recomputed {} ({})", points,
                            name(colour), name(m.event), recomputed, basis),
                score_taint(colour));
      return;
    }
    case ClaimKind::final: {
      any_final_claim_ = true;
      if (final_seen_[c]) {
        dispute({}, colour, fmt::format("a second <final> for {}", name(colour)), 0);
        return;
      }
      final_seen_[c] = true;
      if (!st.colour(colour).playing) {
        dispute({}, colour,
                fmt::format("claimed final score {} for {}, which is not playing", points,
                            name(colour)),
                0);
        return;
      }
      int recomputed = st.colour(colour).score;
      if (points != recomputed)
        dispute({}, colour,
                fmt::format("claimed final score {} for {}, recomputed {}{}: {}", points,
                            name(colour), recomputed, over_ ? "" : " (the game has not ended)",
                            explain_total(colour)),
                score_taint(colour));
      return;
    }
    case ClaimKind::bonus:
      dispute({}, colour, "a <bonus> belongs to the turn of its double wall", 0);
      return;
    case ClaimKind::award:
      return;
  }
}

// What a record's end closes: the set-up, a scoring or a new side left open, the end of the game
// (its findings about a step came with the first claim, if any; else now).
void Engine::close_record() {
  if (phase_ == Phase::setup) close_setup();
  if (phase_ == Phase::play || phase_ == Phase::end) {
    close_groups(nullptr);
    conclude_game();
  }
}

std::vector<Finding> Engine::at_end_of_record() const {
  StepResult out;
  auto closed = std::make_shared<Engine>(scratch(out, std::numeric_limits<StepNo>::max()));
  Engine& copy = *closed;
  copy.closed_.reset();
  copy.close_record();
  if (copy.phase_ == Phase::play || copy.phase_ == Phase::end) {
    const cc::State& st = *copy.table_;
    const BoardSet& set = *head_->boards;
    if (copy.any_loss_claim_) {
      for (const auto& step : *copy.steps_) {
        if (step.kind != ScoringStep::Kind::mongol || !step.loss->value_known) continue;
        for (Colour c : step.loss->losers) {
          const std::pair<RegionId, int> key{step.loss->region, ci(c)};
          if (std::find(copy.losses_claimed_.begin(), copy.losses_claimed_.end(), key) !=
              copy.losses_claimed_.end())
            continue;
          Finding f;
          f.kind = FindingKind::dispute;
          f.rule = CC_804;
          f.colour = std::string(name(c));
          f.message = fmt::format("no <loss> for {} in {}, who loses {}: {}", name(c),
                                  set.region_name(step.loss->region), step.loss->token,
                                  copy.explain_loss(step.loss->region));
          f.cause = copy.score_taint(c);
          out.findings.push_back(std::move(f));
        }
      }
    }
    if (copy.any_final_claim_) {
      for (Colour c : copy.seat_colours_) {
        if (copy.final_seen_[ci(c)]) continue;
        Finding f;
        f.kind = FindingKind::dispute;
        f.rule = CC_804;
        f.colour = std::string(name(c));
        f.message = fmt::format(
            "no <final> for {} (recomputed {}); where any final score is claimed, every colour "
            "needs one",
            name(c), st.colour(c).score);
        f.cause = copy.score_taint(c);
        out.findings.push_back(std::move(f));
      }
    }
  }
  copy.out_ = nullptr;
  closed_ = std::move(closed);
  return std::move(out.findings);
}

Outcome Engine::conclude(const std::vector<PlacedAction>& actions) {
  if (closed_) {  // closed by at_end_of_record, and nothing applied since
    std::shared_ptr<Engine> closed = std::move(closed_);
    table_.reset();
    steps_.reset();  // the closed engine's, unshared
    phase_ = Phase::dead;
    if (closed.use_count() == 1) return closed->outcome(actions);
    Engine copy(*closed);
    return copy.outcome(actions);
  }
  StepResult ignored;
  step_ = std::numeric_limits<StepNo>::max();
  out_ = &ignored;
  close_record();
  out_ = nullptr;
  return outcome(actions);
}

Outcome Engine::outcome(const std::vector<PlacedAction>& actions) {
  Outcome o;
  o.options = opts_;
  o.seat_colours = seat_colours_;
  if (table_ && phase_ != Phase::dead) {
    o.finished = over_;
    o.reason = reason_;
    o.end_turn = end_turn_;
    decide_winners(o);
    o.steps = steps_.use_count() == 1 ? std::move(*steps_) : *steps_;
    o.unknown_threats = std::move(unknown_threats_);
    o.snapshots = std::move(snapshots_);
  }
  if (table_) o.state = std::move(*table_);
  table_.reset();
  phase_ = Phase::dead;
  auto loc_of = [&](StepNo step) {
    return step >= 1 && step <= actions.size() ? actions[step - 1].loc : SourceLoc{};
  };
  for (ScoringStep& s : o.steps)
    s.loc = s.step ? loc_of(s.step) : head_->end.present ? head_->end.loc : SourceLoc{};
  for (TurnSnapshot& t : o.snapshots)
    t.loc = t.turn == 0 ? head_->setup_loc : loc_of(t.step);
  return o;
}

void Engine::push_step(ScoringStep step) {
  const cc::State& st = *table_;
  for (int c = 0; c < kAllColours; ++c)
    step.totals[c] = st.colour(static_cast<Colour>(c)).score;
  if (steps_.use_count() > 1) steps_ = std::make_shared<std::vector<ScoringStep>>(*steps_);
  steps_->push_back(std::move(step));
}

std::string Engine::explain_province(const ProvinceScore& ps) const {
  std::string value =
      fmt::format("value {} = {} piece{}", ps.value, ps.intact, ps.intact == 1 ? "" : "s");
  value += fmt::format(" {} token {}", ps.token < 0 ? "-" : "+", std::abs(ps.token));
  for (const auto& m : ps.modifier_list)
    value += fmt::format(" {}", describe(m));
  std::string strengths;
  for (int c = 0; c < kPlayerColours; ++c) {
    int s = ps.pieces[c] + ps.extra[c];
    if (s == 0) continue;
    strengths +=
        fmt::format("{}{} {}", strengths.empty() ? "" : ", ", name(static_cast<Colour>(c)), s);
    if (ps.extra[c]) strengths += fmt::format(" ({}+{} extra)", ps.pieces[c], ps.extra[c]);
  }
  if (ps.pieces[ci(Colour::neutral)])
    strengths +=
        fmt::format("{}neutral {}", strengths.empty() ? "" : ", ", ps.pieces[ci(Colour::neutral)]);
  std::string who = ps.neutral_blocks    ? "the neutral walls hold the majority: nobody scores"
                    : ps.scorers.empty() ? "nobody has a piece there"
                                         : fmt::format("{} score{}", colour_list(ps.scorers),
                                                       ps.scorers.size() == 1 ? "s" : "");
  return fmt::format("{}; strength {}; {}", value, strengths.empty() ? "none" : strengths, who);
}

std::string Engine::explain_loss(RegionId r) const {
  for (const auto& step : *steps_) {
    if (step.kind != ScoringStep::Kind::mongol || step.loss->region != r) continue;
    const RegionLoss& l = *step.loss;
    std::string counts;
    for (int c = 0; c < kAllColours; ++c)
      if (l.count[c])
        counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", name(static_cast<Colour>(c)),
                              l.count[c]);
    std::string out = fmt::format("token {}, pieces {}", l.token, counts.empty() ? "none" : counts);
    if (l.neutral_blocks) out += "; the neutral walls hold the majority: nobody loses";
    if (!l.protected_by_tower.empty())
      out += fmt::format("; {} protected by a tower", colour_list(l.protected_by_tower));
    out += fmt::format("; {} lose{}", colour_list(l.losers), l.losers.size() == 1 ? "s" : "");
    return out;
  }
  const cc::State& st = *table_;
  if (st.region(r).removed) return "its threat token was removed by a traitor";
  if (!over_) return "the game has not ended, so the Mongols have not attacked";
  return "the region is not in play";
}

std::string Engine::explain_total(Colour c) const {
  int provinces = 0, bonus = 0, mongols = 0, events = 0;
  for (const auto& step : *steps_) {
    int p = step.points[ci(c)];
    switch (step.kind) {
      case ScoringStep::Kind::bonus:
        bonus += p;
        break;
      case ScoringStep::Kind::province:
        provinces += p;
        break;
      case ScoringStep::Kind::mongol:
        mongols += p;
        break;
      case ScoringStep::Kind::event:
        events += p;
        break;
    }
  }
  std::string out = fmt::format("provinces {}, double-wall bonus {}", provinces, bonus);
  if (over_) out += fmt::format(", Mongols {}", mongols);
  if (!head_->events.empty() && over_) out += fmt::format(", events {}", events);
  return out;
}

void Engine::decide_winners(Outcome& o) const {
  const cc::State& st = *table_;
  bool teams = head_->variant == Variant::teams;
  if (teams) {
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      Team team;
      if (i < head_->players.size()) team.player = head_->players[i].name;
      team.colours = seats_[i];
      for (Colour c : seats_[i])
        team.points += st.colour(c).score;
      o.teams.push_back(std::move(team));
    }
  }
  if (!o.finished) return;
  if (teams && o.teams.size() == 2) {
    const Team& a = o.teams[0];
    const Team& b = o.teams[1];
    auto best = [&](const Team& t) {
      int m = std::numeric_limits<int>::min();
      for (Colour c : t.colours)
        m = std::max(m, st.colour(c).score);
      return m;
    };
    auto label = [&](std::size_t i) {
      const Team& t = o.teams[i];
      return t.player.empty() ? fmt::format("seat {} ({})", i + 1, colour_list(t.colours))
                              : fmt::format("{} ({})", t.player, colour_list(t.colours));
    };
    int winner = -1;
    std::string why;
    if (a.points != b.points) {
      winner = a.points > b.points ? 0 : 1;
      why = fmt::format("{} to {} points", std::max(a.points, b.points),
                        std::min(a.points, b.points));
    } else if (best(a) != best(b)) {
      winner = best(a) > best(b) ? 0 : 1;
      why = fmt::format("tied at {} points, broken by the best single colour ({} to {})", a.points,
                        std::max(best(a), best(b)), std::min(best(a), best(b)));
    }
    if (winner >= 0) {
      o.winners = o.teams[static_cast<std::size_t>(winner)].colours;
      o.result_sentence = fmt::format("{} wins, {}", label(static_cast<std::size_t>(winner)), why);
    } else {
      for (const auto& t : o.teams)
        o.winners.insert(o.winners.end(), t.colours.begin(), t.colours.end());
      o.result_sentence =
          fmt::format("the game is drawn: both teams have {} points and the same best colour ({})",
                      a.points, best(a));
    }
    return;
  }
  int top = std::numeric_limits<int>::min();
  for (Colour c : o.seat_colours)
    top = std::max(top, st.colour(c).score);
  for (Colour c : o.seat_colours)
    if (st.colour(c).score == top) o.winners.push_back(c);
  o.result_sentence = fmt::format("{} win{} with {} points", colour_list(o.winners),
                                  o.winners.size() == 1 ? "s" : "", top);
}

// ---- the decision -----------------------------------------------------------------------------

bool Engine::is_terminal() const {
  return phase_ == Phase::dead || (over_ && !ctx_.open && !reveals_due());
}

// The game is over but a threat token still in play has no value stated: the Mongol attack
// needs it, so chance reveals it before the end.
bool Engine::reveals_due() const {
  if (!table_ || !over_) return false;
  const cc::State& st = *table_;
  for (int side : st.sides_in_play())
    for (int k = 0; k < 3; ++k) {
      const RegionState& r = st.region(side * 3 + k);
      if (!r.removed && !r.value) return true;
    }
  return false;
}

// The next step of the set-up dealt for a new game, while some is left.
const Move* Engine::next_dealt() const {
  if (!deal_) return nullptr;
  std::size_t done = 0;
  if (phase_ == Phase::setup)
    done = 1 + setup_sides_.size() + setup_tokens_.size();
  else if (phase_ != Phase::seats)
    return nullptr;
  return done < deal_->size() ? &(*deal_)[done] : nullptr;
}

Move Engine::make(MoveKind kind, std::optional<Colour> colour, int a) const {
  Move m;
  m.type = kind;
  m.colour = colour;
  m.a = a;
  m.boards = head_->boards;
  return m;
}

// The values a token drawn now may have: the published range, and no more of one value than
// the board set's mix holds (counting the new side's tokens laid so far).
std::vector<int> Engine::token_values(bool reputation) const {
  std::vector<int> out;
  const int lo = reputation ? 0 : -4, hi = reputation ? 4 : -2;
  for (int v = lo; v <= hi; ++v) {
    if (head_->boards->mix) {
      cc::State copy = *table_;
      if (group_ == Group::expand)
        for (const Placed& t : expand_tokens_)
          if ((t.move.type == MoveKind::reputation) == reputation && t.move.value)
            copy.check_token_value(reputation, *t.move.value, kNone);
      if (!copy.check_token_value(reputation, v, kNone).empty()) continue;
    }
    out.push_back(v);
  }
  return out;
}

// The game is over: chance states every threat token in play whose value is not known yet.
void Engine::list_reveals_due(LegalActions& out) const {
  const cc::State& st = *table_;
  for (int side : st.sides_in_play())
    for (int k = 0; k < 3; ++k) {
      const RegionId r = side * 3 + k;
      if (st.region(r).removed || st.region(r).value) continue;
      for (int v : token_values(false)) {
        Move m = make(MoveKind::threat, std::nullopt, r);
        m.value = v;
        out.listed.push_back(std::make_unique<Move>(std::move(m)));
      }
    }
}

// The items that may come next in the scoring being written, in the order the rules read
// them: the reveals of the cards placed unnamed (all before any choice), then each card's
// choice in ascending rank (a card whose outcome cannot differ may be left out, one that needs
// a choice may not), and the awards of the colours that score, once no choice is missing.
// Each choice is tried on a copy that closes the scoring with it.
void Engine::list_score_items(LegalActions& out) const {
  if (score_group_.dead) return;
  const cc::State& st = *table_;
  const BoardSet& set = *head_->boards;
  const ProvinceId p = score_group_.score.move.a;
  const ProvinceState& prov = st.province(p);
  std::array<int, kAllColours> unnamed{}, revealed{};
  std::array<unsigned, kAllColours> named_here{};
  std::array<bool, kAllColours> awarded{};
  bool any_resolve = false, any_award = false;
  int last_rank = 0;
  std::vector<std::pair<Colour, CardKind>> cards;
  for (const PlacedCard& pc : prov.cards) {
    if (pc.card)
      cards.emplace_back(pc.colour, *pc.card);
    else
      ++unnamed[ci(pc.colour)];
  }
  for (const Placed& item : score_group_.items) {
    const Move& m = item.move;
    const Colour c = m.colour.value_or(Colour::red);
    if (m.type == MoveKind::reveal && m.card) {
      ++revealed[ci(c)];
      named_here[ci(c)] |= 1u << (rank(*m.card) - 1);
      cards.emplace_back(c, *m.card);
    } else if (m.type == MoveKind::resolve && m.card) {
      any_resolve = true;
      last_rank = std::max(last_rank, rank(*m.card));
    } else if (m.type == MoveKind::claim) {
      any_award = true;
      awarded[ci(c)] = true;
    }
  }
  {
    bool reveals_left = false;
    if (!any_resolve) {
      for (int c = 0; c < kAllColours; ++c) {
        if (unnamed[c] <= revealed[c]) continue;
        reveals_left = true;
        const unsigned used = st.colour(static_cast<Colour>(c)).cards_named | named_here[c];
        for (int k = 1; k <= kCardKinds; ++k) {
          if (used >> (k - 1) & 1u) continue;
          Move m = make(MoveKind::reveal, static_cast<Colour>(c));
          m.card = static_cast<CardKind>(k);
          out.listed.push_back(std::make_unique<Move>(std::move(m)));
        }
      }
    }
    if (reveals_left) return;
  }
  // The scoring closed with the items so far, and with one more.
  const StepNo last = std::numeric_limits<StepNo>::max();
  auto close_with = [&](const Move* extra, StepResult& judged) {
    Engine after = scratch(judged, last);
    if (extra) after.score_group_.items.push_back({*extra, last - 1});
    after.close_groups(nullptr);
    after.out_ = nullptr;
    return after;
  };
  StepResult base;
  const Engine closed = close_with(nullptr, base);
  const ProvinceScore& ps = *closed.steps_->back().province;
  const auto disputes = [](const StepResult& r) {
    return std::count_if(r.findings.begin(), r.findings.end(),
                         [](const Finding& f) { return f.kind == FindingKind::dispute; });
  };
  {
    std::stable_sort(cards.begin(), cards.end(),
                     [](const auto& x, const auto& y) { return rank(x.second) < rank(y.second); });
    for (const auto& entry : cards) {
      const Colour c = entry.first;
      const auto kind = entry.second;
      if (rank(kind) <= last_rank) continue;
      // Cancelled by a pair or removed by a warrior: nothing to resolve.
      const bool gone = std::any_of(ps.cards.begin(), ps.cards.end(), [&](const CardFate& f) {
        return f.card == kind && f.colour == c && f.kind != CardFate::Kind::resolved;
      });
      if (gone) continue;
      std::vector<Move> options;
      Move plain = make(MoveKind::resolve, c);
      plain.card = kind;
      auto with = [&](Effect e, int a = kNone, int b = kNone) {
        Move m = plain;
        m.effect = e;
        m.a = a;
        m.b = b;
        options.push_back(std::move(m));
      };
      switch (kind) {
        case CardKind::warrior:
          options.push_back(plain);
          for (const auto& [o, other] : cards) {
            if (o == c && other == kind) continue;
            Move m = plain;
            m.cancels = other;
            m.of = o;
            options.push_back(std::move(m));
          }
          break;
        case CardKind::traitor:
          with(Effect::destroy);
          for (SpaceId sp : st.spaces_of(p))
            if (st.piece(sp).is_single() && !st.piece(sp).destroyed) with(Effect::destroy, sp);
          with(Effect::remove_threat);
          for (int k = 0; k < 3; ++k)
            with(Effect::remove_threat, kNone, (p / 3) * 3 + k);
          break;
        case CardKind::flood:
          with(Effect::plus);
          with(Effect::minus);
          break;
        case CardKind::builder:
          with(Effect::value);
          with(Effect::wall);
          break;
        case CardKind::master_builder:
          options.push_back(plain);
          break;
        case CardKind::mandarin: {
          options.push_back(plain);
          auto swappable = [&](SpaceId sp) {
            return st.piece(sp).is_single() && !st.piece(sp).destroyed;
          };
          for (SpaceId a : st.spaces_of(p)) {
            if (!st.in_play(a) || !swappable(a)) continue;
            for (SpaceId b : st.line())
              if (set.province_of(b) != p && swappable(b)) {
                Move m = plain;
                m.a = a;
                m.b = b;
                options.push_back(std::move(m));
              }
          }
          break;
        }
      }
      const RuleId rule = card_rule(kind);
      for (Move& m : options) {
        StepResult judged;
        close_with(&m, judged);
        if (has_rule(judged, CC_503) || has_rule(judged, CC_1201) ||
            (!rule.empty() && has_rule(judged, rule)))
          continue;
        // After awards, no choice that makes one of them wrong.
        if (any_award && disputes(judged) > disputes(base)) continue;
        out.listed.push_back(std::make_unique<Move>(std::move(m)));
      }
      if (!rule.empty() && has_rule(base, rule)) break;  // its choice cannot be left out
    }
  }
  if (!breaks_no_rule(base)) return;
  for (Colour c : ps.scorers) {
    if (awarded[ci(c)]) continue;
    Move m = make(MoveKind::claim, c);
    m.claim = ClaimKind::award;
    m.value = ps.value;
    out.listed.push_back(std::make_unique<Move>(std::move(m)));
  }
}

// The first pieces of `c`'s action in turn `turn`. In a team seat CC-404 reads both colours:
// where the other colour has a complete action, a colour without one has no piece to start
// with, and a pass needs that neither colour can place anything.
LegalActions Engine::first_pieces(Colour c, int turn) const {
  LegalActions out = placement_choices(*table_, c, turn, nullptr);
  const std::vector<Colour>& seat = colours_of_seat(seat_of_[ci(c)]);
  if (seat.size() < 2 || turn <= 1) return out;
  const cc::State& st = *table_;
  const bool complete = st.complete_action(c).has_value();
  for (Colour other : seat) {
    if (other == c) continue;
    if (!complete && st.complete_action(other)) return {};
    const bool passes = out.listed.size() == 1 &&
                        static_cast<const Move&>(*out.listed.front()).type == MoveKind::pass;
    if (passes && (st.complete_action(other) || st.partial_action(other))) return {};
  }
  return out;
}

// The new side's tokens not laid yet, in any order: a reputation on each of its provinces and a
// threat on each of its regions (possibly face down, to be stated later); false once all are.
bool Engine::list_side_tokens(LegalActions& out) const {
  const int side = expand_group_.move.a;
  bool any = false;
  for (bool reputation : {true, false}) {
    for (int k = 0; k < 3; ++k) {
      const int place = side * 3 + k;
      const bool laid =
          std::any_of(expand_tokens_.begin(), expand_tokens_.end(), [&](const Placed& t) {
            return (t.move.type == MoveKind::reputation) == reputation && t.move.a == place;
          });
      if (laid) continue;
      any = true;
      const MoveKind kind = reputation ? MoveKind::reputation : MoveKind::threat;
      for (int v : token_values(reputation)) {
        Move m = make(kind, std::nullopt, place);
        m.value = v;
        out.listed.push_back(std::make_unique<Move>(std::move(m)));
      }
      if (!reputation)
        out.listed.push_back(std::make_unique<Move>(make(kind, std::nullopt, place)));
    }
  }
  return any;
}

// The new sides that may join now (a side of a board not yet in play, at either end, where the
// edges match). With end-of-turn timing the expansion is the turn's last element: it is listed
// only where the turn may end once the side and its tokens are laid.
void Engine::list_expansions(LegalActions& out) const {
  // The expansion first scores what is completed and waits (without a <score>).
  StepResult flushed_findings;
  Engine flushed = scratch(flushed_findings, step_ + 1);
  flushed.flush_pending();
  flushed.out_ = nullptr;
  const bool immediate = opts_.expansion_timing == ExpansionTiming::immediate;
  const bool due = immediate ? flushed.ctx_.expand_awaited && !flushed.ctx_.expand_late
                             : flushed.table_->expansions_pending() > 0;
  if (!breaks_no_rule(flushed_findings) || !due) return;
  const cc::State& st = *flushed.table_;
  const BoardSet& set = *head_->boards;
  std::vector<Move> sides;
  for (int side = 0; side < set.side_count(); ++side) {
    if (st.side_in_play(side) || st.board_in_play(set.sides[static_cast<std::size_t>(side)].board))
      continue;
    for (bool right : {false, true}) {
      cc::State copy = st;
      if (!copy.expand(side, right, 0).empty()) continue;
      Move m = make(MoveKind::expand, std::nullopt, side);
      m.right = right;
      sides.push_back(std::move(m));
    }
  }
  if (sides.empty()) return;
  if (!immediate) {
    Engine trial(*this);
    StepNo step = step_;
    bool ok = clean(trial.apply(sides.front(), ++step));
    while (ok) {
      LegalActions tokens;
      if (!trial.list_side_tokens(tokens)) break;
      ok = clean(trial.apply(*tokens.listed.front(), ++step));
    }
    if (ok) ok = clean(trial.apply(make(MoveKind::end, ctx_.colour), ++step));
    if (!ok) return;
  }
  for (Move& m : sides)
    out.listed.push_back(std::make_unique<Move>(std::move(m)));
}

// The set-up is judged when play begins; once it is whole (both starting sides, every token),
// the decision is play's (a token stated again stays possible).
std::optional<Engine> Engine::after_setup() const {
  if (phase_ != Phase::setup || setup_sides_.size() < 2) return std::nullopt;
  StepResult judged;
  Engine after = scratch(judged, std::numeric_limits<StepNo>::max());
  after.close_setup();
  after.out_ = nullptr;
  // Only a set-up that is whole: play may begin without a rule broken.
  if (after.phase_ != Phase::play || !breaks_no_rule(judged)) return std::nullopt;
  return after;
}

std::string Engine::current_player() const {
  if (is_terminal()) return "";
  if (auto after = after_setup()) return after->current_player();
  if (phase_ == Phase::seats || phase_ == Phase::setup) return std::string(kChance);
  if (over_ && !ctx_.open) return std::string(kChance);  // the reveals the end needs
  if (group_ == Group::expand) {                         // the new side's tokens
    LegalActions tokens;
    if (list_side_tokens(tokens)) return std::string(kChance);
  }
  if (ctx_.open) return std::string(name(ctx_.colour));
  return seat_label(expected_seat_).substr(0, seat_label(expected_seat_).find('/'));
}

std::string Engine::decision() const {
  if (is_terminal()) return "the game is over";
  if (phase_ == Phase::seats) return "the players are seated";
  if (auto after = after_setup()) return after->decision();
  if (phase_ == Phase::setup) return "set-up: the starting sides, then their tokens";
  if (over_ && !ctx_.open) return "the game is over: the threat tokens still face down are stated";
  if (group_ == Group::expand)
    return fmt::format("turn {}, {}: the new side's tokens, then the end of the turn", ctx_.n,
                       name(ctx_.colour));
  if (group_ == Group::score)
    return fmt::format("turn {}, {}: the scoring of {}", ctx_.n, name(ctx_.colour),
                       head_->boards->province_name(score_group_.score.move.a));
  if (!ctx_.open)
    return fmt::format("turn {}, {}: the turn begins", turns_ + 1, seat_label(expected_seat_));
  if (ctx_.acts.empty())
    return fmt::format("turn {}, {}: the first piece of the action", ctx_.n, name(ctx_.colour));
  return fmt::format("turn {}, {}: a second piece, a scoring, a peek or the end of the turn",
                     ctx_.n, name(ctx_.colour));
}

LegalActions Engine::legal_actions() const {
  LegalActions out;
  if (is_terminal()) {
    if (table_ && phase_ != Phase::dead) {  // the end's reveals and claims
      out.described.push_back({"threat", "chance states the value of a threat token in play"});
      out.described.push_back(
          {"claim", "a figure claimed: a Mongol loss, event points, a final score"});
    }
    return out;
  }
  if (const Move* dealt = next_dealt()) {  // a new game's set-up, as chance dealt it
    out.listed.push_back(std::make_unique<Move>(*dealt));
    return out;
  }
  if (phase_ == Phase::seats) {
    out.described.push_back({"seats", "2 to 4 different colours, in seat order"});
    return out;
  }
  if (auto after = after_setup()) {
    out = after->legal_actions();
    out.described.push_back({"reputation", "a reputation token on each province in play"});
    out.described.push_back({"threat", "a threat token on each region in play"});
    return out;
  }
  if (phase_ == Phase::setup) {
    out.described.push_back({"side", "a starting board side, from a board not yet in play"});
    out.described.push_back({"reputation", "a reputation token on each province in play"});
    out.described.push_back({"threat", "a threat token on each region in play"});
    return out;
  }
  auto add = [&](MoveKind kind, std::optional<Colour> colour, int a) -> Move& {
    out.listed.push_back(std::make_unique<Move>(make(kind, colour, a)));
    return static_cast<Move&>(*out.listed.back());
  };
  if (!ctx_.open && over_) {
    // The game is over: the threat tokens the Mongol attack needs are revealed first.
    list_reveals_due(out);
    out.described.push_back({"threat", "chance states the value of a threat token in play"});
    out.described.push_back(
        {"claim", "a figure claimed: a Mongol loss, event points, a final score"});
    return out;
  }
  if (!ctx_.open) {
    // The seat due begins its turn (a team seat with either colour that has a first piece), or
    // places its first piece right away, which begins the turn.
    std::vector<LegalActions> firsts;
    for (Colour c : colours_of_seat(expected_seat_)) {
      firsts.push_back(first_pieces(c, turns_ + 1));
      if (!firsts.back().listed.empty()) add(MoveKind::begin, c, kNone);
    }
    for (LegalActions& first : firsts)
      for (auto& a : first.listed)
        out.listed.push_back(std::move(a));
    // Or the record stops here: the end's reveals and claims.
    out.described.push_back({"threat", "chance states the value of a threat token in play"});
    out.described.push_back(
        {"claim", "a figure claimed where the record stops: a loss, event points, a final score"});
    return out;
  }
  const bool immediate = opts_.expansion_timing == ExpansionTiming::immediate;
  auto described = [](LegalActions& l) {
    l.described.push_back(
        {"claim", "a figure claimed: the double-wall bonus in its turn, awards in a scoring"});
    // Chance may state a threat token's value (again) at any time: not a decision of the turn.
    l.described.push_back({"threat", "chance states the value of a threat token in play"});
  };
  // What follows once the open group (a scoring, or an immediate expansion) is judged: open
  // only once the group is whole (its choices or tokens all given).
  auto after_group = [&](LegalActions& into) {
    StepResult judged;
    Engine after = scratch(judged, std::numeric_limits<StepNo>::max());
    after.close_groups(nullptr);
    after.out_ = nullptr;
    // Awards once begun are given to every colour that scores (a claim left out is disputed).
    const bool awards = group_ == Group::score &&
                        std::any_of(score_group_.items.begin(), score_group_.items.end(),
                                    [](const Placed& i) { return i.move.type == MoveKind::claim; });
    if (!breaks_no_rule(judged) || (awards && !clean(judged))) return;
    LegalActions next = after.legal_actions();
    for (auto& a : next.listed)
      into.listed.push_back(std::move(a));
    for (auto& f : next.described)
      into.described.push_back(std::move(f));
  };
  if (group_ == Group::score) {
    list_score_items(out);
    after_group(out);
    if (out.described.empty()) described(out);
    return out;
  }
  if (group_ == Group::expand) {
    if (!list_side_tokens(out)) {
      if (immediate) {
        after_group(out);
      } else {
        // The expansion is the turn's last element: the turn ends.
        Engine trial(*this);
        Move end = make(MoveKind::end, ctx_.colour);
        if (breaks_no_rule(trial.apply(end, step_ + 1))) add(MoveKind::end, ctx_.colour, kNone);
      }
    }
    if (out.described.empty()) described(out);
    return out;
  }
  described(out);
  // A completed province is scored, the leftmost first (one needing no choice may also be
  // scored by what follows, without a <score>).
  if (!ctx_.pending.empty()) {
    add(MoveKind::score, ctx_.colour, ctx_.pending.front());
    if (ctx_.pending.size() > 1)
      out.described.push_back(
          {"score", "a later completed province first, where the ones before need no choice"});
  }
  // A piece or the expansion scores what is completed first, without a <score>: only where
  // that needs no choice. With immediate timing, a scoring that makes an expansion due makes it
  // the next thing.
  bool scorings_clean = true;
  bool awaited = ctx_.expand_awaited;
  if (!ctx_.pending.empty()) {
    StepResult judged;
    Engine flushed = scratch(judged, step_ + 1);
    flushed.flush_pending();
    flushed.out_ = nullptr;
    scorings_clean = breaks_no_rule(judged);
    if (immediate && flushed.ctx_.expand_awaited) awaited = true;
  }
  if (awaited) {
    if (scorings_clean) list_expansions(out);
    for (RegionId r : ctx_.peekable)  // a peek may stand between the placement and the rest
      add(MoveKind::peek, ctx_.colour, r);
    return out;
  }
  if (!immediate && scorings_clean && (!ctx_.pending.empty() || table_->expansions_pending() > 0))
    list_expansions(out);
  const bool second_open = ctx_.acts.size() == 1 && (ctx_.acts[0].move.type == MoveKind::wall ||
                                                     ctx_.acts[0].move.type == MoveKind::card);
  if (!ctx_.neutral && scorings_clean && (ctx_.acts.empty() || second_open)) {
    const Move* first = ctx_.acts.empty() ? nullptr : &ctx_.acts[0].move;
    LegalActions pieces = first ? placement_choices(*table_, ctx_.colour, ctx_.n, first)
                                : first_pieces(ctx_.colour, ctx_.n);
    for (auto& a : pieces.listed)
      out.listed.push_back(std::move(a));
    for (auto& f : pieces.described)
      out.described.push_back(std::move(f));
  }
  if (!ctx_.acts.empty()) {
    // Peeks opposite what the last piece covered (none after a card, a pass or a neutral wall).
    for (RegionId r : ctx_.peekable)
      add(MoveKind::peek, ctx_.colour, r);
    // The end, where ending the turn now breaks no rule (a pass or a lone piece where more
    // was open, a scoring whose choices are missing, a neutral wall misplaced, an expansion
    // due and not made do).
    Engine trial(*this);
    if (breaks_no_rule(trial.apply(make(MoveKind::end, ctx_.colour), step_ + 1)))
      add(MoveKind::end, ctx_.colour, kNone);
  }
  if (head_->variant == Variant::neutral_walls && !ctx_.neutral && ctx_.n > 1 &&
      !ctx_.acts.empty() && scorings_clean) {
    // A neutral wall after the action (after the end in this list, so that repair hints of
    // another kind offer the end first): where the turn may end right after it.
    for (SpaceId space : table_->line()) {
      if (!table_->piece(space).empty()) continue;
      Engine trial(*this);
      Move neutral = make(MoveKind::neutral, ctx_.colour, space);
      if (!breaks_no_rule(trial.apply(neutral, step_ + 1)) ||
          !breaks_no_rule(trial.apply(make(MoveKind::end, ctx_.colour), step_ + 2)))
        continue;
      out.listed.push_back(std::make_unique<Move>(std::move(neutral)));
    }
    out.described.push_back(
        {"neutral", "a neutral wall after the action that completes a province asking a choice"});
  }
  return out;
}

std::optional<ActionPtr> Engine::parse_action(std::string_view text, std::string& error) const {
  auto m = parse_move(text, head_->boards, error);
  if (!m) return std::nullopt;
  return std::make_unique<Move>(std::move(*m));
}

std::vector<std::pair<std::string, int>> Engine::scores() const {
  std::vector<std::pair<std::string, int>> out;
  if (!table_) return out;
  if (is_terminal() && phase_ != Phase::dead && !concluded_) {
    // The game is over: the Mongol attack and the events count.
    StepResult ignored;
    Engine copy = scratch(ignored, std::numeric_limits<StepNo>::max());
    copy.conclude_game();
    copy.out_ = nullptr;
    return copy.scores();
  }
  for (Colour c : seat_colours_)
    out.emplace_back(std::string(name(c)), table_->colour(c).score);
  return out;
}

std::string Engine::to_string() const {
  if (!table_) return "no wall yet";
  std::string out;
  const cc::State& st = *table_;
  const BoardSet& set = *head_->boards;
  for (SpaceId s : st.line()) {
    const Piece& p = st.piece(s);
    out += fmt::format("{} {}\n", set.space_name(s),
                       p.empty() ? std::string("-") : std::string(name(p.colour)));
  }
  for (const auto& [c, points] : scores())
    out += fmt::format("{} {}\n", c, points);
  return out;
}

}  // namespace wallaudit::cc
