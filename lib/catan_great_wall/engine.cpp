#include "catan_great_wall/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <functional>
#include <limits>
#include <numeric>
#include <set>

#include "catan_great_wall/legal.hpp"
#include "catan_great_wall/rule_ids.hpp"
#include "core/text.hpp"

namespace wallaudit::ct {

namespace {

std::uint8_t part_no(std::size_t n) {
  return static_cast<std::uint8_t>(std::min<std::size_t>(n, 255));
}

std::string colour_list(const std::vector<Colour>& colours) {
  std::string out;
  for (std::size_t i = 0; i < colours.size(); ++i)
    out += fmt::format("{}{}",
                       i == 0                    ? ""
                       : i + 1 == colours.size() ? " and "
                                                 : ", ",
                       name(colours[i]));
  return out;
}

// The part of a set-up action, a play element's start or an item of the end that holds the last
// founding settlement before it (record_actions): a <gain> missing after it is reported there.
std::uint8_t prior_settlement_part(const Move& m) {
  switch (m.what) {
    case Move::Kind::fort:
      return 3;
    case Move::Kind::found:
      return part_no(4 + m.draws.size());
    case Move::Kind::gain:
    case Move::Kind::turn:
    case Move::Kind::special:
      return 2;
    case Move::Kind::end_reveal:
    case Move::Kind::final_vp:
    case Move::Kind::outcome:
      return 1;
    default:
      return 0;
  }
}

// The places an action targets, as the record names them.
std::vector<std::string> places_of(const Move& m) {
  const Board& b = m.board();
  auto place = [&](const PlaceName& p, bool vertex) {
    if (p.hex < 0 || ix(p.hex) >= b.hexes.size() || p.part < 0) return std::string();
    return fmt::format("{}.{}", b.hexes[ix(p.hex)].id,
                       vertex ? corner_name(p.part) : side_name(p.part));
  };
  auto hex = [&](int h) {
    return h >= 0 && ix(h) < b.hexes.size() ? b.hexes[ix(h)].id : std::string();
  };
  std::vector<std::string> out;
  auto add = [&](std::string s) {
    if (!s.empty()) out.push_back(std::move(s));
  };
  switch (m.what) {
    case Move::Kind::fort:
      if (m.wall >= 0 && ix(m.wall) < b.walls.size()) add(b.walls[ix(m.wall)].id);
      break;
    case Move::Kind::found:
      add(place(m.place, true));
      add(place(m.road, false));
      break;
    case Move::Kind::road:
      add(place(m.place, false));
      break;
    case Move::Kind::settlement:
    case Move::Kind::city:
      add(place(m.place, true));
      break;
    case Move::Kind::pirate:
      add(hex(m.hex));
      break;
    case Move::Kind::play_card:
      for (const KnightMove& k : m.knight)
        if (k.kind == KnightAction::Kind::chase_hun || k.kind == KnightAction::Kind::pirate)
          add(hex(k.hex));
      for (const PlaceName& r : m.roads)
        add(place(r, false));
      break;
    default:
      break;
  }
  return out;
}

std::vector<Echo> record_echoes(const Move& roll) {
  std::vector<Echo> out;
  for (const RollEcho& r : roll.echoes) {
    Echo e;
    e.kind = r.kind;
    e.from = r.from;
    e.field = r.field;
    for (int h : r.occupies)
      e.occupies.emplace_back(h, SourceLoc{});
    e.colour = r.colour;
    e.cards = card_list_of(r.cards);
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

// One applied step of the record: the victory points it changes are caused by the earliest
// error among its own findings (or by the CT-401 of a turn played by the wrong colour).
class EngineState::StepScope {
 public:
  explicit StepScope(EngineState& e) : e_(e), before_(e.vp_now()), saved_(e.step_cause_) {
    e_.step_cause_ = e_.wrong_colour_step_;
  }
  ~StepScope() {
    StepNo cause = e_.step_cause_;
    if (cause) {
      std::array<int, kColours> after = e_.vp_now();
      for (Colour c : e_.setup_->seats)
        if (after[ix(c)] != before_[ix(c)] && !e_.vp_taint_[ix(c)]) e_.vp_taint_[ix(c)] = cause;
    }
    e_.step_cause_ = saved_;
  }
  StepScope(const StepScope&) = delete;
  StepScope& operator=(const StepScope&) = delete;

 private:
  EngineState& e_;
  std::array<int, kColours> before_;
  StepNo saved_;
};

EngineState::EngineState(std::shared_ptr<const GameSetUp> setup)
    : setup_(std::move(setup)), st_(setup_->board, setup_->options, setup_->seats) {
  st_.set_gains_given(setup_->gains_given);
}

std::array<int, kColours> EngineState::vp_now() const {
  std::array<int, kColours> v{};
  for (Colour c : setup_->seats)
    v[ix(c)] = st_.vp(c);
  return v;
}

// ---- findings ---------------------------------------------------------------------------------

void EngineState::report(FindingKind kind, RuleId rule, std::uint8_t part,
                         std::optional<Colour> colour, std::string message, StepNo follows) {
  // In a turn played by the wrong colour, everything judged on whose turn it is follows from
  // that error.
  if (kind == FindingKind::rule && !follows && wrong_colour_step_) follows = wrong_colour_step_;
  if (follows >= step_) follows = 0;
  if (kind == FindingKind::rule) {
    // The step being applied is erroneous: what it changes is caused by the earliest error its
    // findings come from.
    StepNo cause = follows ? follows : step_;
    if (!step_cause_ || cause < step_cause_) step_cause_ = cause;
    if (!violation_vp_) violation_vp_ = start_vp_;
  }
  if (!out_) return;
  Finding f;
  f.kind = kind;
  f.rule = rule;
  f.message = std::move(message);
  if (colour) f.colour = std::string(name(*colour));
  f.part = part;
  f.cause = follows;
  out_->findings.push_back(std::move(f));
}

// Reports violations at `part`, or at where(ref) for those about a part of the step, or at
// `place` for those about the place named (CT-203, CT-204, CT-604–CT-606).
void EngineState::violations(const Violations& vs, std::uint8_t part, std::optional<Colour> colour,
                             const std::function<std::uint8_t(int)>& where, std::uint8_t place) {
  static constexpr std::string_view place_rules[] = {rule::CT_203, rule::CT_204, rule::CT_604,
                                                     rule::CT_605, rule::CT_606};
  for (const auto& v : vs) {
    std::uint8_t at = part;
    if (v.ref >= 0 && where)
      at = where(v.ref);
    else if (place && std::find(std::begin(place_rules), std::end(place_rules), v.rule) !=
                          std::end(place_rules))
      at = place;
    report(FindingKind::rule, v.rule, at, colour, v.message, v.cause);
  }
}

void EngineState::dispute(std::uint8_t part, std::optional<Colour> colour, std::string message,
                          StepNo follows) {
  report(FindingKind::dispute, rule::CT_906, part, colour, std::move(message),
         follows < step_ ? follows : 0);
}

// The earliest error that changed a score or anything else the outcome reads.
StepNo EngineState::outcome_cause() const {
  StepNo cause = st_.taint_line();
  for (Colour c : setup_->seats)
    if (vp_taint_[ix(c)] && (!cause || vp_taint_[ix(c)] < cause)) cause = vp_taint_[ix(c)];
  return cause;
}

void EngineState::log(VpStep step) {
  auto node = std::make_shared<LogNode>();
  node->step = std::move(step);
  node->prev = log_;
  log_ = std::move(node);
}

void EngineState::log_breach(int turn, int number) {
  auto node = std::make_shared<LogNode>();
  node->breach = std::pair{turn, number};
  node->prev = log_;
  log_ = std::move(node);
}

// ---- applying an action -------------------------------------------------------------------------

StepResult EngineState::apply(const Action& action, StepNo step) {
  StepResult result;
  const auto* move = dynamic_cast<const Move*>(&action);
  if (!move) return result;
  const Move& m = *move;
  // Only the seats and the outcome are chance's; a card play or reveal names its card.
  if (!m.colour && m.what != Move::Kind::outcome && m.what != Move::Kind::seats) return result;
  if (!m.dev && (m.what == Move::Kind::play_card || m.what == Move::Kind::reveal ||
                 m.what == Move::Kind::end_reveal))
    return result;
  step_ = step;
  out_ = &result;
  if (m.what == Move::Kind::seats) {
    if (!setup_->seated) seat(m);
    out_ = nullptr;
    return result;
  }
  if (!setup_->seated || !setup_->playable) {
    out_ = nullptr;
    return result;
  }
  st_.set_line(step);
  switch (m.what) {
    case Move::Kind::fort:
    case Move::Kind::found:
    case Move::Kind::gain:
      setup_item(m);
      break;
    case Move::Kind::turn:
    case Move::Kind::special:
      close_setup(prior_settlement_part(m));
      element_start(m);
      break;
    case Move::Kind::end:
      element_end();
      break;
    case Move::Kind::end_reveal:
    case Move::Kind::final_vp:
    case Move::Kind::outcome:
      close_setup(prior_settlement_part(m));
      close_play();
      end_item(m);
      break;
    default:
      if (in_element_) element_step(m);
      break;
  }
  // The places a move names, on its rule findings (a legal move has none: nothing to name).
  if (std::any_of(result.findings.begin(), result.findings.end(),
                  [](const Finding& f) { return f.kind == FindingKind::rule; })) {
    const std::vector<std::string> involves = places_of(m);
    if (!involves.empty())
      for (Finding& f : result.findings)
        if (f.kind == FindingKind::rule) f.involves = involves;
  }
  out_ = nullptr;
  return result;
}

// ---- set-up
// ---------------------------------------------------------------------------------------

// The players of the record (CT-101): parts 1… each <player>, then the board element.
void EngineState::seat(const Move& m) {
  auto setup = std::make_shared<GameSetUp>(*setup_);
  setup->seated = true;
  setup->seats.clear();
  std::set<Colour> seen;
  for (std::size_t i = 0; i < m.seats.size(); ++i) {
    const Colour c = m.seats[i];
    if (!seen.insert(c).second) {
      report(FindingKind::rule, rule::CT_101, part_no(i + 1), c,
             fmt::format("{} is listed twice; each player plays a different colour", name(c)));
      setup->playable = false;
    } else {
      setup->seats.push_back(c);
    }
  }
  if (m.seats.size() != 4 && m.seats.size() != 6) {
    report(FindingKind::rule, rule::CT_101, 0, std::nullopt,
           fmt::format("The Great Wall is played by exactly 4 or 6 players, this record has {}",
                       m.seats.size()));
    setup->playable = false;
  }
  if (setup->playable && setup->board->modelled)
    report(FindingKind::info, rule::CT_201, part_no(m.seats.size() + 1), std::nullopt,
           modelled_note("board", setup->board->name));
  setup_ = std::move(setup);
  st_ = ct::State(setup_->board, setup_->options, setup_->seats);
  st_.set_gains_given(setup_->gains_given);
}

void EngineState::missing_gain(std::uint8_t part) {
  if (auto v = st_.gain_missing())
    report(FindingKind::rule, v->rule, part, round_b_colour_, v->message);
}

void EngineState::setup_item(const Move& m) {
  StepScope scope(*this);
  const Colour c = *m.colour;
  const std::uint8_t prior = prior_settlement_part(m);
  if (m.what == Move::Kind::gain) {
    for (const Finding& v : st_.gain(c, m.cards))
      if (v.ref == 0)
        report(FindingKind::rule, v.rule, prior, round_b_colour_, v.message);
      else
        report(FindingKind::rule, v.rule, 0, c, v.message);
    return;
  }
  missing_gain(prior);
  auto out_of_turn = [&](const std::optional<Finding>& order) {
    if (!order) return;
    report(FindingKind::rule, order->rule, 1, c, order->message, setup_order_taint_);
    if (!setup_order_taint_) setup_order_taint_ = step_;
  };
  if (m.what == Move::Kind::fort) {
    std::optional<Finding> order = st_.fort_due(c);
    out_of_turn(order);
    Violations vs = st_.place_fort(c, m.wall);
    if (!order) violations(vs, 2, c);
    return;
  }
  // A founding settlement.
  bool round_b = false;
  std::optional<Finding> order = st_.founding_due(c, round_b);
  out_of_turn(order);
  Cards gained{};
  const Board& b = *setup_->board;
  Violations vs = st_.place_founding(c, place_ref(b, m.place, true), place_ref(b, m.road, false),
                                     round_b, gained);
  if (!order) violations(vs, 2, c, [](int) { return std::uint8_t{3}; });
  if (!m.draws.empty() && !order && vs.empty())
    report(FindingKind::rule, rule::CT_307, 4, c,
           "no Hun is drawn in the founding phase; Huns are drawn for builds during the turns");
  if (round_b) round_b_colour_ = c;
}

void EngineState::close_setup(std::uint8_t prior_part) {
  if (setup_closed_) return;
  setup_closed_ = true;
  missing_gain(prior_part);
  setup_complete_ = st_.founding_complete();
  VpStep s;
  s.turn = 0;
  s.step = 0;
  s.kind = "set-up";
  s.title = "set-up: border forts and founding settlements";
  for (Colour c : setup_->seats) {
    s.points[ix(c)] = st_.vp(c);
    const PlayerState& p = st_.player(c);
    std::string fort = p.wall >= 0
                           ? fmt::format("border fort on {}", st_.board().walls[ix(p.wall)].id)
                           : std::string("no border fort");
    s.lines.push_back(fmt::format("{}: {}, {} settlement{} in all: {} VP", name(c), fort,
                                  p.settlements, p.settlements == 1 ? "" : "s", st_.vp(c)));
  }
  log(std::move(s));
}

// ---- play
// -------------------------------------------------------------------------------------------

void EngineState::element_start(const Move& m) {
  const Colour c = *m.colour;
  const bool special = m.what == Move::Kind::special;
  ++seq_;
  if (!special) ++turns_;
  in_element_ = true;
  element_special_ = special;
  element_colour_ = c;
  element_skipped_ = false;
  reported_after_end_ = false;
  start_vp_ = vp_now();
  if (!first_element_done_) {
    first_element_done_ = true;
    if (!setup_complete_) {
      start_vp_ = {};
      bool forts = !st_.forts_placed();
      std::vector<Colour> missing = st_.founding_missing();
      report(FindingKind::rule, forts ? rule::CT_303 : rule::CT_304, 0, std::nullopt,
             forts
                 ? fmt::format("the first {} comes before every border fort is placed "
                               "(missing: {})",
                               special ? "special building phase" : "turn", colour_list(missing))
                 : fmt::format("the first {} comes before the founding phase is complete "
                               "(settlements missing: {})",
                               special ? "special building phase" : "turn", colour_list(missing)));
      start_vp_ = vp_now();
    }
  }
  if (st_.over()) {
    element_skipped_ = true;
    if (!after_end_reported_) {
      after_end_reported_ = true;
      report(FindingKind::rule, rule::CT_905, 0, c,
             fmt::format("the game ended {}; nothing but reveals and claims may follow, not a "
                         "<{}>",
                         end_phrase(), special ? "special" : "turn"));
    }
    return;
  }
  if (special) {
    ++facts_.specials;
    if (std::optional<Finding> order = st_.special_due(c))
      report(FindingKind::rule, order->rule, 1, c, order->message);
    st_.begin_special(c, seq_);
    return;
  }
  if (std::optional<Finding> order = st_.turn_due(c, turns_)) {
    report(FindingKind::rule, order->rule, 1, c, order->message, order_taint_);
    if (!order_taint_) order_taint_ = step_;
    wrong_colour_step_ = step_;
  }
  st_.begin_turn(c, seq_);
  if (st_.over()) note_end(turns_);
}

void EngineState::element_step(const Move& m) {
  if (element_skipped_) return;
  if (!element_special_ && st_.over() && m.what != Move::Kind::reveal &&
      m.what != Move::Kind::claim) {
    if (!reported_after_end_ && !after_end_reported_) {
      reported_after_end_ = true;
      after_end_reported_ = true;
      static constexpr std::pair<Move::Kind, StepKind> kinds[] = {
          {Move::Kind::roll, StepKind::roll},
          {Move::Kind::discard, StepKind::discard},
          {Move::Kind::pirate, StepKind::pirate},
          {Move::Kind::steal, StepKind::steal},
          {Move::Kind::trade, StepKind::trade},
          {Move::Kind::bank, StepKind::bank},
          {Move::Kind::road, StepKind::road},
          {Move::Kind::settlement, StepKind::settlement},
          {Move::Kind::city, StepKind::city},
          {Move::Kind::wall_piece, StepKind::wall_piece},
          {Move::Kind::buy_card, StepKind::buy_card},
          {Move::Kind::play_card, StepKind::play_card},
      };
      StepKind k = StepKind::roll;
      for (const auto& [mk, sk] : kinds)
        if (mk == m.what) k = sk;
      report(FindingKind::rule, rule::CT_905, 0, element_colour_,
             fmt::format("the game ended {}; only reveals and claims may follow, not <{}>",
                         end_phrase(), element_name(k)));
    }
    return;
  }
  {
    StepScope scope(*this);
    step(m);
  }
  if (!element_special_) note_end(turns_);
}

void EngineState::element_end() {
  if (!in_element_) return;
  in_element_ = false;
  if (element_skipped_) return;
  if (element_special_) {
    st_.end_element();
    return;
  }
  // The open obligations: 0 the turn itself (no roll), 1 the roll, 2 the last pirate move.
  Violations vs = st_.end_element();
  violations(vs, 0, element_colour_, [](int ref) {
    return ref == 1 ? std::uint8_t{1} : ref == 2 ? std::uint8_t{2} : std::uint8_t{0};
  });
  wrong_colour_step_ = 0;
}

std::string EngineState::end_phrase() const {
  if (end_ == EndKind::huns) return fmt::format("on turn {} with the Huns' victory", end_turn_);
  if (end_ == EndKind::win)
    return fmt::format("on turn {} with {}'s victory", end_turn_, name(*winner_));
  return "";
}

void EngineState::note_end(int turn) {
  if (end_ != EndKind::none || !st_.over()) return;
  end_ = st_.end();
  winner_ = st_.winner();
  end_turn_ = turn;
}

void EngineState::step(const Move& m) {
  const Colour c = element_colour_;
  const int turn = turns_;
  const Board& b = *setup_->board;
  // What the log of victory-point changes compares the step's effect with.
  std::array<VpBreakdown, kColours> before{};
  std::array<int, kColours> lengths{};
  if (setup_->vp_log) {
    for (Colour x : setup_->seats) {
      before[ix(x)] = st_.vp_breakdown(x);
      lengths[ix(x)] = st_.player(x).road_length;
    }
  }
  // Hun draws are parts 2… of a settlement or city (part 1: the place).
  auto draw_part = [&](int ref) {
    return ix(ref) < m.draws.size() ? part_no(ix(ref) + 2) : std::uint8_t{0};
  };
  const char* kind = "build";
  switch (m.what) {
    case Move::Kind::roll: {
      RollResult& rr = roll_.value;
      Violations vs = st_.roll(m.d1, m.d2, rr);
      violations(vs, 0, c);
      if (rr.applied) {
        facts_.dice[rr.total]++;
        check_echoes(m, rr, c);
        breach_steps(rr, turn);
      }
      return;
    }
    case Move::Kind::discard:
      violations(st_.discard(*m.colour, card_list_of(m.cards)), 0, *m.colour);
      ++facts_.discards;
      return;
    case Move::Kind::pirate:
      violations(st_.pirate(m.hex), 1, c);
      return;
    case Move::Kind::steal:
      violations(st_.steal(m.other, m.card), 0, c);
      ++facts_.steals;
      return;
    case Move::Kind::trade:
      violations(st_.trade(m.other, card_list_of(m.cards), card_list_of(m.get)), 0, c);
      ++facts_.domestic_trades;
      return;
    case Move::Kind::bank:
      violations(st_.maritime(card_list_of(m.cards), card_list_of(m.get)), 0, c);
      facts_.maritime[std::accumulate(m.cards.begin(), m.cards.end(), 0)]++;
      return;
    case Move::Kind::claim: {
      const Colour who = *m.colour;
      const bool playing = st_.player(who).playing;
      if (auto fault = st_.claim_fault(who, m.number))
        dispute(0, who, fault->message, playing ? vp_taint_[ix(who)] : 0);
      if (!setup_->vp_log) return;
      int now = playing ? st_.vp(who) : 0;
      VpStep v;
      v.turn = turn;
      v.step = step_;
      v.kind = "claim";
      v.title = fmt::format("{} claims {} VP", name(who), m.number);
      v.claim = std::pair{who, m.number};
      v.recomputed = now;
      v.lines.push_back(playing ? fmt::format("claimed {} VP, recomputed {} VP here ({})", m.number,
                                              now, describe_vp(st_.vp_breakdown(who)))
                                : fmt::format("{} is not playing", name(who)));
      log(std::move(v));
      return;
    }
    case Move::Kind::road: {
      PlaceRef at = place_ref(b, m.place, false);
      violations(st_.road(at), 0, c, {}, 1);
      kind = "road";
      break;
    }
    case Move::Kind::settlement: {
      PlaceRef at = place_ref(b, m.place, true);
      violations(st_.settlement(at, hun_draws(m.draws)), 0, c, draw_part, 1);
      facts_.huns_drawn += m.draws.empty() ? 0 : 1;
      break;
    }
    case Move::Kind::city: {
      PlaceRef at = place_ref(b, m.place, true);
      violations(st_.city(at, hun_draws(m.draws)), 0, c, draw_part, 1);
      facts_.huns_drawn += m.draws.empty() ? 0 : 1;
      break;
    }
    case Move::Kind::wall_piece:
      violations(st_.wall_piece(m.number), 0, c);
      ++facts_.wall_pieces;
      return;
    case Move::Kind::buy_card:
      violations(st_.buy_card(m.dev), 0, c);
      ++facts_.cards_bought;
      kind = "card";
      break;
    case Move::Kind::play_card: {
      // The knight's actions, the roads of road building or the monopoly's gives: parts 1….
      std::size_t listed = *m.dev == DevCard::knight          ? m.knight.size()
                           : *m.dev == DevCard::road_building ? m.roads.size()
                           : *m.dev == DevCard::monopoly      ? m.gives.size()
                                                              : 0;
      violations(st_.play_card(play_step(m)), 0, c, [&](int ref) {
        return ix(ref) < listed ? part_no(ix(ref) + 1) : std::uint8_t{0};
      });
      facts_.cards_played[ix(static_cast<int>(*m.dev))]++;
      for (const auto& a : m.knight)
        if (a.kind == KnightAction::Kind::chase_hun) ++facts_.huns_chased;
      kind = "card";
      break;
    }
    case Move::Kind::reveal:
      violations(st_.reveal(*m.dev), 0, c);
      kind = "reveal";
      break;
    default:
      return;
  }
  // Most steps change no score: those log nothing, and their title is never written.
  if (!setup_->vp_log || vp_unchanged(before)) return;
  vp_change(before, lengths, turn, kind, step_title(m, c, b));
}

// The title of a step that changed a score, for the log.
std::string EngineState::step_title(const Move& m, Colour c, const Board& b) {
  switch (m.what) {
    case Move::Kind::road:
      return fmt::format("{} builds a road on {}", name(c), place_ref(b, m.place, false).text);
    case Move::Kind::settlement:
      return fmt::format("{} builds a settlement at {}", name(c), place_ref(b, m.place, true).text);
    case Move::Kind::city:
      return fmt::format("{} builds a city at {}", name(c), place_ref(b, m.place, true).text);
    case Move::Kind::buy_card:
      return fmt::format("{} buys a development card{}", name(c),
                         m.dev ? fmt::format(" named {}", name(*m.dev)) : "");
    case Move::Kind::play_card:
      return fmt::format("{} plays {}", name(c), name(*m.dev));
    case Move::Kind::reveal:
      return fmt::format("{} reveals a {} card", name(c), name(*m.dev));
    default:
      return {};
  }
}

bool EngineState::vp_unchanged(const std::array<VpBreakdown, kColours>& before) const {
  return std::none_of(setup_->seats.begin(), setup_->seats.end(), [&](Colour c) {
    return st_.vp_breakdown(c).total() != before[ix(c)].total();
  });
}

void EngineState::vp_change(const std::array<VpBreakdown, kColours>& before,
                            const std::array<int, kColours>& lengths, int turn,
                            const std::string& kind, const std::string& title) {
  if (vp_unchanged(before)) return;
  VpStep v;
  v.turn = turn;
  v.step = step_;
  v.kind = kind;
  v.title = title;
  for (Colour c : setup_->seats) {
    VpBreakdown a = st_.vp_breakdown(c), b = before[ix(c)];
    int delta = a.total() - b.total();
    v.points[ix(c)] = delta;
    auto line = [&](std::string text, int d) {
      v.lines.push_back(fmt::format("{}: {} ({:+})", name(c), text, d));
    };
    if (a.settlements != b.settlements)
      line(fmt::format("settlements {} -> {}", b.settlements, a.settlements),
           a.settlements - b.settlements);
    if (a.cities != b.cities)
      line(fmt::format("cities {} -> {}", b.cities, a.cities), 2 * (a.cities - b.cities));
    int len = st_.player(c).road_length;
    if (a.longest_road > b.longest_road)
      line(fmt::format("takes Longest Road (road length {})", len), 2);
    if (a.longest_road < b.longest_road)
      line(
          fmt::format("loses Longest Road (road length {} -> {}){}", lengths[ix(c)], len,
                      st_.longest_road() ? fmt::format(": it goes to {}", name(*st_.longest_road()))
                                         : std::string(": the card is set aside")),
          -2);
    if (a.largest_army > b.largest_army)
      line(fmt::format("takes Largest Army ({} knights; worth 1 VP here)", st_.player(c).knights),
           1);
    if (a.largest_army < b.largest_army) line("loses Largest Army", -1);
    if (a.vp_cards != b.vp_cards)
      line(fmt::format("known victory-point cards {} -> {}", b.vp_cards, a.vp_cards),
           a.vp_cards - b.vp_cards);
  }
  log(std::move(v));
}

void EngineState::breach_steps(const RollResult& rr, int turn) {
  const Board& board = *setup_->board;
  for (const auto& e : rr.events) {
    if (e.kind == HunEvent::Kind::advance) {
      ++facts_.advances;
      continue;
    }
    log_breach(turn, e.breach_number);
    if (!setup_->vp_log) continue;
    const FieldDef& f = board.fields[ix(e.field)];
    const WallDef& w = board.walls[ix(e.wall)];
    VpStep v;
    v.turn = turn;
    v.step = step_;
    v.kind = "breach";
    v.title = fmt::format("breach {} of {}: field {} over wall {}", e.breach_number,
                          st_.breach_limit(), f.id, w.id);
    std::string hexes;
    for (int h : e.hexes)
      hexes += fmt::format("{}{}", hexes.empty() ? "" : " ", board.hexes[ix(h)].id);
    v.lines.push_back(fmt::format("the roll of {}: {} China and occup{} {} ({})", rr.total,
                                  e.hexes.size() == 1
                                      ? std::string("1 Hun enters")
                                      : fmt::format("{} Huns enter", e.hexes.size()),
                                  e.hexes.size() == 1 ? "ies" : "y", hexes, rule::CT_507));
    v.lines.push_back(e.level_before > 0
                          ? fmt::format("{} loses a level: {} -> {}; piece {} goes back to its "
                                        "owner",
                                        w.id, e.level_before, e.level_after, e.level_before)
                          : fmt::format("{} stays at level 0", w.id));
    if (e.owner) {
      v.points[ix(*e.owner)] = -1;
      v.lines.push_back(fmt::format("{} takes a malus chip (-1 VP)", name(*e.owner)));
    } else {
      v.lines.push_back("the section has no owner: nobody takes a malus chip");
    }
    if (e.breach_number >= st_.breach_limit())
      v.lines.push_back(fmt::format("the {} breach: the Huns win and every player loses (CT-904)",
                                    ordinal(e.breach_number)));
    log(std::move(v));
  }
}

// The echoes inside a <roll>: parts 1… the echoes, then every <occupy> of the breach echoes in
// order.
void EngineState::check_echoes(const Move& roll, const RollResult& rr, Colour colour) {
  StepNo follows = st_.taint_line();
  if (follows >= step_) follows = 0;
  // An echo is what the record says the roll did; a wrong one changes nothing the roll does,
  // so it is no cause of the roll's effects.
  for (const Finding& v : st_.echo_faults(record_echoes(roll), rr)) {
    std::uint8_t at = 0;
    if (v.ref >= 0) {
      at = part_no(ix(v.ref) + 1);
      if (v.sub >= 0) {
        std::size_t n = roll.echoes.size();
        for (int k = 0; k < v.ref; ++k)
          n += roll.echoes[ix(k)].occupies.size();
        at = part_no(n + ix(v.sub) + 1);
      }
    }
    StepNo cause = step_cause_;
    report(FindingKind::rule, v.rule, at, colour, v.message, follows);
    step_cause_ = cause;
  }
}

// ---- the end
// --------------------------------------------------------------------------------------

void EngineState::close_play() {
  if (play_closed_) return;
  play_closed_ = true;
  at_close_ = std::make_shared<const ct::State>(st_);
  if (!st_.over() && setup_complete_) {
    // The game may have ended at the start of a turn the record leaves out (CT-903).
    Colour next = st_.next_turn();
    if (st_.vp(next) >= 10) {
      st_.begin_turn(next, seq_ + 1);
      note_end(turns_ + 1);
      st_.end_element();
    }
  }
  start_vp_ = vp_now();
}

void EngineState::end_item(const Move& m) {
  if (m.what == Move::Kind::end_reveal) {
    StepScope scope(*this);
    const Colour c = *m.colour;
    std::array<VpBreakdown, kColours> before{};
    std::array<int, kColours> lengths{};
    for (Colour x : setup_->seats) {
      before[ix(x)] = st_.vp_breakdown(x);
      lengths[ix(x)] = st_.player(x).road_length;
    }
    violations(st_.end_reveal(c, *m.dev), 0, c);
    if (!setup_->vp_log) return;
    vp_change(before, lengths, 0, "end",
              fmt::format("{} reveals a {} card in the end", name(c), name(*m.dev)));
    return;
  }
  if (m.what == Move::Kind::final_vp) {
    const Colour c = *m.colour;
    any_final_ = true;
    const bool playing = st_.player(c).playing;
    if (playing && final_seen_[ix(c)]) {
      dispute(0, c, fmt::format("a second <final> for {}", name(c)));
      return;
    }
    if (playing) final_seen_[ix(c)] = true;
    if (auto fault = st_.final_fault(c, m.number))
      dispute(0, c, fault->message, playing ? vp_taint_[ix(c)] : 0);
    return;
  }
  // <outcome>
  if (outcome_seen_) {
    dispute(0, std::nullopt, "a second <outcome> claim");
    return;
  }
  outcome_seen_ = true;
  std::string recomputed =
      end_ == EndKind::win    ? fmt::format("{} won on turn {}", name(*winner_), end_turn_)
      : end_ == EndKind::huns ? fmt::format("the Huns won on turn {}", end_turn_)
                              : std::string("the game is unfinished");
  std::string claimed =
      m.huns ? std::string("the Huns' victory") : fmt::format("a win of {}", name(m.other));
  bool same = m.huns ? end_ == EndKind::huns : end_ == EndKind::win && winner_ == m.other;
  if (!same)
    dispute(0, m.huns ? std::nullopt : std::optional<Colour>(m.other),
            fmt::format("the outcome is claimed as {}, recomputed: {}", claimed, recomputed),
            outcome_cause());
}

// What only the record's end reveals: a <gain> never given, a <final> missing.
std::vector<Finding> EngineState::closing_findings() {
  StepResult result;
  out_ = &result;
  step_ = std::numeric_limits<StepNo>::max();
  if (setup_->seated && setup_->playable) {
    close_setup(0);
    close_play();
    if (any_final_)
      for (Colour c : setup_->seats)
        if (!final_seen_[ix(c)])
          dispute(0, c,
                  fmt::format("no <final> for {} (recomputed {} VP); when any is given, every "
                              "colour needs one",
                              name(c), st_.vp(c)));
  }
  out_ = nullptr;
  return std::move(result.findings);
}

std::vector<Finding> EngineState::at_end_of_record() const {
  EngineState copy(*this);
  return copy.closing_findings();
}

Outcome EngineState::outcome(bool with_steps) const {
  assert((!with_steps || setup_->vp_log) && "the steps were asked for but not logged");
  EngineState e(*this);
  e.closing_findings();
  Outcome o;
  o.state = e.st_;
  o.options = setup_->options;
  o.seats = setup_->seats;
  if (!setup_->seated || !setup_->playable) return o;
  o.setup_complete = e.setup_complete_;
  o.end = e.end_;
  o.winner = e.winner_;
  o.end_turn = e.end_turn_;
  o.final_vp = e.vp_now();
  o.violation_vp = e.violation_vp_;
  if (o.end == EndKind::huns) {
    int best = 0;
    bool first = true;
    for (Colour c : o.seats)
      if (first || o.final_vp[ix(c)] > best) best = o.final_vp[ix(c)], first = false;
    for (Colour c : o.seats)
      if (o.final_vp[ix(c)] == best) o.best_losers.push_back(c);
  }
  if (o.end == EndKind::win) {
    o.result_sentence = fmt::format("{} won with {} VP on turn {} (CT-903)", name(*o.winner),
                                    o.final_vp[ix(*o.winner)], o.end_turn);
  } else if (o.end == EndKind::huns) {
    int best = o.best_losers.empty() ? 0 : o.final_vp[ix(o.best_losers[0])];
    o.result_sentence = fmt::format(
        "the Huns won with the {} breach on turn {}; everybody loses; best "
        "loser{}: {} with {} VP (CT-904)",
        ordinal(e.st_.breaches()), o.end_turn, o.best_losers.size() == 1 ? "" : "s",
        colour_list(o.best_losers), best);
  }
  for (const LogNode* n = e.log_.get(); n; n = n->prev.get()) {
    if (n->breach)
      o.breach_log.push_back(*n->breach);
    else if (with_steps)
      o.steps.push_back(n->step);
  }
  std::reverse(o.steps.begin(), o.steps.end());
  std::reverse(o.breach_log.begin(), o.breach_log.end());
  o.facts = e.facts_;
  return o;
}

// ---- the engine interface ---------------------------------------------------------------------

std::string EngineState::current_player() const {
  if (!setup_->seated) return std::string(kChance);
  if (is_terminal()) return "";
  if (std::optional<Colour> a = st_.active()) return std::string(name(*a));
  if (!setup_closed_) {
    if (std::optional<std::pair<Colour, Cards>> gain = st_.gain_owed())
      return std::string(name(gain->first));
    std::vector<Colour> due = st_.founding_missing();
    if (!due.empty()) return std::string(name(due.front()));
  }
  return std::string(name(st_.next_turn()));
}

std::string EngineState::decision() const {
  if (!setup_->seated) return "the seats of the players";
  if (is_terminal()) return "the game is over";
  if (!setup_closed_) {
    ct::State copy = st_;
    if (!st_.founding_complete() || copy.gain_missing())
      return "the set-up: border forts, founding settlements, starting resources";
  }
  if (std::optional<Colour> a = st_.active())
    return st_.in_special()
               ? fmt::format("a special building phase after turn {}, {}", turns_, name(*a))
               : fmt::format("turn {}, {}", turns_, name(*a));
  return fmt::format("the start of turn {}, {}", turns_ + 1, name(st_.next_turn()));
}

bool EngineState::clean(const Move& m, bool undisputed) const {
  EngineState copy(*this);
  StepResult r = copy.apply(m, std::numeric_limits<StepNo>::max() - 1);
  return std::none_of(r.findings.begin(), r.findings.end(), [&](const Finding& f) {
    return f.kind == FindingKind::rule || (undisputed && f.kind == FindingKind::dispute);
  });
}

// The set-up's next decision: the <gain> due, else the next border fort (each wall section
// whose fort site is free), else the next founding settlement with its road (each free vertex
// clear of the distance rule, with each of its edges).
void EngineState::setup_actions(LegalActions& out) const {
  const std::shared_ptr<const Board>& board = setup_->board;
  auto keep = [&](Move m) {
    if (clean(m, false)) out.listed.push_back(std::make_unique<Move>(std::move(m)));
  };
  if (std::optional<std::pair<Colour, Cards>> gain = st_.gain_owed()) {
    Move m(board, gain->first, Move::Kind::gain);
    m.cards = gain->second;
    keep(std::move(m));
    return;
  }
  std::vector<Colour> due = st_.founding_missing();
  if (due.empty()) return;
  const Colour c = due.front();
  if (!st_.forts_placed()) {
    for (int w = 0; w < static_cast<int>(board->walls.size()); ++w) {
      if (st_.wall_owner(w)) continue;
      Move m(board, c, Move::Kind::fort);
      m.wall = w;
      keep(std::move(m));
    }
    return;
  }
  const int players = st_.players();
  for (int v = 0; v < board->vertex_count(); ++v) {
    if (!board->vertex_on_board(v, players) || st_.vertex_owner(v)) continue;
    const VertexInfo& info = board->vertex(v);
    if (std::any_of(info.adjacent.begin(), info.adjacent.end(),
                    [&](int a) { return a >= 0 && st_.vertex_owner(a); }))
      continue;
    for (int e : info.edges) {
      if (e < 0 || !board->edge_on_board(e, players) || st_.road_owner(e)) continue;
      Move m(board, c, Move::Kind::found);
      m.place = place_name(*board, v, true, players);
      m.road = place_name(*board, e, false, players);
      keep(std::move(m));
    }
  }
}

// The end of the record, once the game is over or play is closed: the end of the element the
// game ended in, then each colour's reveal of an unnamed card (each type the deck allows), each
// colour's <final> with its VP recomputed, and the <outcome> recomputed. Only what gives neither
// a rule finding nor a dispute is listed, so claims are listed with their true figures.
void EngineState::end_actions(LegalActions& out) const {
  const std::shared_ptr<const Board>& board = setup_->board;
  auto keep = [&](Move m) {
    if (clean(m, true)) out.listed.push_back(std::make_unique<Move>(std::move(m)));
  };
  if (in_element_) {
    keep(Move(board, element_colour_, Move::Kind::end));
    return;
  }
  for (Colour c : setup_->seats)
    for (int d = 0; d < kDevCards; ++d) {
      Move m(board, c, Move::Kind::end_reveal);
      m.dev = static_cast<DevCard>(d);
      keep(std::move(m));
    }
  // The figures as the end's first item would leave them (play closed).
  EngineState closed(*this);
  StepResult ignored;
  closed.out_ = &ignored;
  closed.step_ = std::numeric_limits<StepNo>::max() - 1;
  closed.close_setup(0);
  closed.close_play();
  closed.out_ = nullptr;
  for (Colour c : setup_->seats) {
    if (final_seen_[ix(c)]) continue;
    Move m(board, c, Move::Kind::final_vp);
    m.number = closed.st_.vp(c);
    keep(std::move(m));
  }
  if (!outcome_seen_ && closed.end_ != EndKind::none) {
    Move m(board, std::nullopt, Move::Kind::outcome);
    if (closed.end_ == EndKind::huns)
      m.huns = true;
    else
      m.other = *closed.winner_;
    keep(std::move(m));
  }
}

// Every decision is listed (each action checked by applying it to a copy, or a knight's pair of
// actions decided from its two actions so checked), except: the seats, domestic trades, and
// claims, which are described; during play, the end of a record that stops there (reveals,
// finals, outcome) is described too.
LegalActions EngineState::legal_actions() const {
  LegalActions out;
  if (!setup_->seated) {
    out.described.push_back({"seats", "4 or 6 different colours, in seat order"});
    return out;
  }
  if (!setup_->playable || element_skipped_) return out;
  if (st_.over() || play_closed_) {
    end_actions(out);
    return out;
  }
  if (!st_.founding_complete() || (!setup_closed_ && st_.gain_owed())) {
    setup_actions(out);
    return out;
  }
  if (in_element_) out = turn_actions(st_);
  // A claimed figure is compared with the one recomputed: a wrong one is a dispute, never
  // illegal, so any figure of any playing colour may be claimed during play.
  out.described.push_back(
      {"claim", "any playing colour's VP (a figure that differs is a dispute, not an error)"});
  if (in_element_) return out;
  // A record may stop between turns: its end reveals unnamed cards and claims the figures.
  out.described.push_back(
      {"end-reveal", "a colour names an unnamed, unplayed card as the deck allows, at the end"});
  out.described.push_back({"final",
                           "any playing colour's VP at the end (a figure that differs "
                           "is a dispute, not an error)"});
  out.described.push_back(
      {"outcome", "the result claimed at the end (one that differs is a dispute, not an error)"});
  out.listed.push_back(std::make_unique<Move>(setup_->board, st_.next_turn(), Move::Kind::turn));
  if (turns_ > 0)
    for (Colour c : setup_->seats) {
      ct::State copy = st_;
      if (!copy.special_due(c))
        out.listed.push_back(std::make_unique<Move>(setup_->board, c, Move::Kind::special));
    }
  return out;
}

std::optional<ActionPtr> EngineState::parse_action(std::string_view text,
                                                   std::string& error) const {
  std::optional<Move> m = parse_move(text, setup_->board, error);
  if (!m) return std::nullopt;
  return std::make_unique<Move>(std::move(*m));
}

bool EngineState::is_terminal() const {
  return !setup_->playable || st_.over();
}

std::vector<std::pair<std::string, int>> EngineState::scores() const {
  std::vector<std::pair<std::string, int>> out;
  for (Colour c : setup_->seats)
    out.emplace_back(std::string(name(c)), st_.vp(c));
  return out;
}

std::string EngineState::to_string() const {
  std::string out = decision() + "\n";
  for (Colour c : setup_->seats)
    out += fmt::format("{}: {} VP ({}), hand {}\n", name(c), st_.vp(c),
                       describe_vp(st_.vp_breakdown(c)), describe_hand(st_.player(c).hand));
  return out;
}

// ---- records
// -------------------------------------------------------------------------------------

ReadRecord read_engine(const Record& rec,
                       const std::vector<std::pair<std::string, std::string>>& overrides,
                       bool vp_log) {
  auto setup = std::make_shared<GameSetUp>();
  setup->vp_log = vp_log;
  setup->board = rec.board;
  for (const auto& o : rec.options)
    set_option(setup->options, o.name, o.value);
  for (const auto& [n, v] : overrides)
    set_option(setup->options, n, v);
  setup->gains_given = std::any_of(rec.setup.begin(), rec.setup.end(), [](const SetupItem& i) {
    return i.kind == SetupItem::Kind::gain;
  });
  ReadRecord read;
  read.start = std::make_unique<EngineState>(std::move(setup));
  read.actions = record_actions(rec);
  // The board element is the last part of the seats: the modelled-board note points there.
  if (!read.actions.empty()) read.actions.front().parts.push_back(rec.board_loc);
  read.end_loc = rec.end_loc;
  return read;
}

Outcome make_outcome(const Record& rec, const ReadRecord& read, const Replay& replay,
                     bool with_steps) {
  const auto& engine = static_cast<const EngineState&>(*replay.state);
  Outcome o = engine.outcome(with_steps);
  for (VpStep& s : o.steps)
    s.loc =
        s.step >= 1 && s.step <= read.actions.size() ? read.actions[s.step - 1].loc : rec.setup_loc;
  // The board after each turn and its special building phases.
  for (std::size_t i = 0; i < replay.snapshots.size(); ++i) {
    const wallaudit::Snapshot& snap = replay.snapshots[i];
    const auto& at = static_cast<const EngineState&>(*snap.state);
    Snapshot s;
    s.turn = snap.turn;
    if (snap.turn == 0) {
      s.label = "after the set-up";
      s.loc = rec.setup_loc;
    } else {
      const TurnElem* t = nullptr;
      std::string specials;
      for (const TurnElem& e : rec.elements) {
        if (e.turn != snap.turn) continue;
        if (!e.special)
          t = &e;
        else if (t)
          specials += fmt::format("{}{}", specials.empty() ? "" : ", ", name(e.colour));
      }
      s.loc = t ? t->loc : SourceLoc{};
      s.label = fmt::format("after turn {} ({}){}", snap.turn, t ? name(t->colour) : "?",
                            specials.empty()
                                ? std::string()
                                : fmt::format(" and the special building phases of {}", specials));
    }
    // The last frame is the board at the end of play, before the end's reveals.
    if (i + 1 == replay.snapshots.size() && at.at_close())
      s.state = at.at_close();
    else
      s.state = std::shared_ptr<const State>(snap.state, &at.table());
    if (!o.snapshots.empty() && o.snapshots.back().turn == s.turn) continue;
    o.snapshots.push_back(std::move(s));
    // Without a game (CT-101) only the empty board is shown.
    if (!engine.set_up().playable) break;
  }
  return o;
}

Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out) {
  ReadRecord read = read_engine(rec, settings.option_overrides);
  DriveOptions options;
  options.keep_history = settings.keep_snapshots;
  options.suggestions = false;
  Replay replay = drive(read, options, out);
  return make_outcome(rec, read, replay);
}

}  // namespace wallaudit::ct
