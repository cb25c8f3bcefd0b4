#include "great_wall/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <type_traits>
#include <typeinfo>

#include "great_wall/rule_ids.hpp"

namespace wallaudit::gw {

namespace {

const std::vector<Colour> kNoSeats;

void take(Violations&& vs, StepResult& r, std::optional<Colour> colour,
          std::optional<Attr> part = std::nullopt) {
  for (Finding& f : vs) {
    if (colour) f.colour = std::string(name(*colour));
    if (part) f.part = static_cast<std::uint8_t>(*part);
    r.findings.push_back(std::move(f));
  }
}

// Findings from `from` on that read nothing else an error changed follow from `cause`.
void follow(StepResult& r, std::size_t from, StepNo cause, StepNo step) {
  if (cause == 0 || cause == step) return;
  for (std::size_t i = from; i < r.findings.size(); ++i)
    if (r.findings[i].cause == 0) r.findings[i].cause = cause;
}

Move chance(Move::Kind k) {
  Move m;
  m.what = k;
  return m;
}

}  // namespace

std::string explain_score(const std::vector<ScoringStep>& steps, Colour c) {
  std::string out;
  int sum = 0;
  for (const auto& step : steps) {
    const ScoreEvent& ev = step.event;
    if (!ev.second) continue;
    if (ev.scorer == c) {
      out += fmt::format("{}{} ({}, turn {})", out.empty() ? "" : " + ", ev.token,
                         section_name(ev.section), step.turn);
      sum += ev.token;
    }
    if (ev.first_owner == c) {
      out += fmt::format("{}{} ({} first token, turn {})", out.empty() ? "" : " + ", ev.first_value,
                         section_name(ev.section), step.turn);
      sum += ev.first_value;
    }
  }
  if (out.empty()) return fmt::format("{} has won no token", name(c));
  return fmt::format("{}'s tokens {} = {}", name(c), out, sum);
}

Engine::Engine(int sections) : sections_(sections) {}

Engine::Engine(std::vector<Colour> seats, int sections) : sections_(sections) {
  table_.emplace(std::move(seats), sections);
  phase_ = Phase::setup;
}

const std::vector<Colour>& Engine::seats() const {
  return table_ ? table_->seats() : kNoSeats;
}

// ---- the log ------------------------------------------------------------------------------

void Engine::log(Entry e) {
  // Not a const object: take_log may move the entries out of nodes nothing else shares.
  auto node = std::make_shared<Node>();
  node->entry = std::move(e);
  node->prev = std::move(log_);
  log_ = std::move(node);
}

GameLog Engine::log() const {
  return assemble(false);
}

GameLog Engine::take_log() {
  bool alone = log_.use_count() == 1;
  for (const Node* n = log_.get(); alone && n && n->prev; n = n->prev.get())
    alone = n->prev.use_count() == 1;
  GameLog out = assemble(alone);
  if (alone) log_.reset();  // its entries were moved out
  return out;
}

GameLog Engine::assemble(bool move) const {
  std::vector<Entry*> entries;
  for (const Node* n = log_.get(); n; n = n->prev.get())
    entries.push_back(const_cast<Entry*>(&n->entry));  // changed only when `move`
  std::reverse(entries.begin(), entries.end());
  auto give = [move](auto& value) {
    using T = std::remove_reference_t<decltype(value)>;
    return move ? T(std::move(value)) : T(value);
  };
  GameLog out;
  std::array<int, kMaxSections> clearing{-1, -1, -1, -1};
  for (Entry* e : entries) {
    switch (e->kind) {
      case Entry::Kind::score:
        if (e->scoring.event.second)
          clearing[static_cast<std::size_t>(e->scoring.event.section)] =
              static_cast<int>(out.steps.size());
        out.steps.push_back(give(e->scoring));
        break;
      case Entry::Kind::reveal:
      case Entry::Kind::discard: {
        int index = clearing[static_cast<std::size_t>(e->section)];
        if (index < 0) break;
        ScoringStep& s = out.steps[static_cast<std::size_t>(index)];
        if (s.turn != e->turn) break;
        if (e->kind == Entry::Kind::reveal)
          s.revealed = give(e->tokens);
        else
          s.discarded.push_back(give(e->tokens));
        break;
      }
      case Entry::Kind::dragon:
        out.dragons.push_back(e->dragon);
        break;
    }
  }
  return out;
}

std::vector<ScoringStep> Engine::scorings() const {
  std::vector<ScoringStep> out;
  for (const Node* n = log_.get(); n; n = n->prev.get())
    if (n->entry.kind == Entry::Kind::score) out.push_back(n->entry.scoring);
  std::reverse(out.begin(), out.end());
  return out;
}

// ---- applying actions ------------------------------------------------------------------------

StepResult Engine::apply(const Action& action, StepNo step) {
  StepResult r;
  // Move is final: the action is one exactly when its type is Move (cheaper than a cast that
  // searches the hierarchy, on every step).
  const auto* m = typeid(action) == typeid(Move) ? static_cast<const Move*>(&action) : nullptr;
  if (!m) {
    r.findings.push_back(violation(rule::GW_301, "not an action of Great Wall of China"));
    return r;
  }
  switch (m->what) {
    case Move::Kind::seats:
      seat(*m, step, r);
      break;
    case Move::Kind::section:
    case Move::Kind::hand:
      setup(*m, step, r);
      break;
    case Move::Kind::discard:
      if (phase_ == Phase::play)
        turn_action(*m, step, r);
      else
        setup(*m, step, r);
      break;
    case Move::Kind::start:
      if (phase_ == Phase::play) {
        r.findings.push_back(violation(rule::GW_201, "the set-up is over: play has started"));
        break;
      }
      start(step, r);
      break;
    case Move::Kind::claim:
      claim(*m, r);
      break;
    case Move::Kind::score:
    case Move::Kind::reveal:
    case Move::Kind::play:
    case Move::Kind::draw:
    case Move::Kind::end:
      turn_action(*m, step, r);
      break;
  }
  // The board place a rule finding of the move involves: its section, or the place in it.
  switch (m->what) {
    case Move::Kind::section:
    case Move::Kind::discard:
    case Move::Kind::score:
    case Move::Kind::reveal:
    case Move::Kind::play:
      for (Finding& f : r.findings)
        if (f.kind == FindingKind::rule && f.involves.empty())
          f.involves.push_back(m->on ? fmt::format("{}.{}", section_name(m->section), *m->on)
                                     : section_name(m->section));
      break;
    default:
      break;
  }
  if (table_ && !r.findings.empty() && !r.erroneous()) {
    StepNo root = step;
    for (const Finding& f : r.findings)
      if (f.cause != 0) root = std::min(root, f.cause);
    table_->retaint(step, root);
  }
  return r;
}

void Engine::seat(const Move& m, StepNo step, StepResult& r) {
  if (phase_ != Phase::seats) {
    r.findings.push_back(violation(rule::GW_103, "the players are seated once, before the set-up"));
    return;
  }
  std::vector<Colour> seats;
  for (std::size_t i = 0; i < m.colours.size(); ++i) {
    Colour c = m.colours[i];
    if (std::find(seats.begin(), seats.end(), c) != seats.end()) {
      Finding f =
          violation(rule::GW_101,
                    fmt::format("{} is played by two seats; every player has a colour of their own",
                                name(c)));
      f.part = static_cast<std::uint8_t>(i + 1 < 256 ? i + 1 : 0);
      f.colour = std::string(name(c));
      r.findings.push_back(std::move(f));
      continue;
    }
    seats.push_back(c);
  }
  if (m.colours.size() < 2 || m.colours.size() > 5)
    r.findings.push_back(
        violation(rule::GW_103,
                  fmt::format("Great Wall of China is played by 2 to 5 players, this record has {}",
                              m.colours.size())));
  phase_ = Phase::setup;
  if (!r.findings.empty()) seats_cause_ = step;
  if (!seats.empty()) {
    table_.emplace(std::move(seats), sections_);
    table_->set_terms(terms_);
  }
}

void Engine::setup(const Move& m, StepNo step, StepResult& r) {
  if (phase_ == Phase::play) {
    r.findings.push_back(violation(rule::GW_201, "the set-up is over: play has started"));
    return;
  }
  if (!table_) return;
  if (m.what != Move::Kind::hand && m.section >= table_->sections()) {
    r.findings.push_back(
        violation(rule::GW_103, fmt::format("{} is not a section in play ({} sections)",
                                            section_name(m.section), table_->sections())));
    return;
  }
  switch (m.what) {
    case Move::Kind::section:
      take(table_->setup_section(m.section, m.tokens, step), r, std::nullopt);
      break;
    case Move::Kind::discard:
      take(table_->setup_discard(m.section, m.tokens, step), r, std::nullopt);
      break;
    case Move::Kind::hand: {
      const std::size_t before = r.findings.size();
      take(table_->setup_hand(m.subject, m.cards, step), r, m.subject);
      if (!table_->colour(m.subject).playing) follow(r, before, seats_cause_, step);
      break;
    }
    default:
      break;
  }
}

void Engine::start(StepNo step, StepResult& r) {
  phase_ = Phase::play;
  if (table_) take(table_->finish_setup(step), r, std::nullopt, Attr::element);
}

void Engine::turn_action(const Move& m, StepNo step, StepResult& r) {
  if (phase_ != Phase::play) start(step, r);
  if (!table_ || after_end_reported_) return;
  if (!m.by) {
    r.findings.push_back(violation(rule::GW_202,
                                   "in play an equal pair is put back in the box within the turn "
                                   "that cleared its section"));
    return;
  }
  gw::State& st = *table_;
  Colour c = *m.by;
  if (!st.in_turn()) {
    if (st.ended() != EndReason::none) {
      after_end_reported_ = true;
      bool token = st.ended() == EndReason::last_token;
      std::string what =
          fmt::format("the game ended {} turn {} ({}); nothing may be recorded after it",
                      token ? "on" : "after", st.end_turn(),
                      token ? "the last token was won"
                            : "the last round was over and nobody led a section holding a token");
      int more = record_turns_ - turn_n_;
      if (more > 0)
        what += fmt::format(", but {} more turn{} follow{}", more, more == 1 ? "" : "s",
                            more == 1 ? "s" : "");
      Finding f = violation(token ? rule::GW_601 : rule::GW_602, std::move(what), st.first_error(),
                            Attr::turn);
      f.colour = std::string(name(c));
      r.findings.push_back(std::move(f));
      return;
    }
    any_turn_ = true;
    ++turn_n_;
    turns_replayed_ = turn_n_;
    const std::size_t before = r.findings.size();
    take(st.begin_turn(c, turn_n_, step), r, c, Attr::colour);
    if (!st.colour(c).playing) follow(r, before, seats_cause_, step);
    turn_cause_ = r.erroneous() ? step : 0;
  } else if (st.turn().colour != c) {
    Finding f = violation(
        rule::GW_204,
        fmt::format("it is {}'s turn; {} does not act in it", name(st.turn().colour), name(c)), 0,
        Attr::colour);
    f.colour = std::string(name(c));
    r.findings.push_back(std::move(f));
    return;
  }
  if (m.what != Move::Kind::end && m.section >= st.sections()) {
    r.findings.push_back(violation(rule::GW_103,
                                   fmt::format("{} is not a section in play ({} sections)",
                                               section_name(m.section), st.sections()),
                                   0, Attr::section));
    return;
  }
  const int n = turn_n_;
  const std::size_t before = r.findings.size();
  apply_turn_step(m, c, n, step, r);
  follow(r, before, turn_cause_, step);
}

void Engine::apply_turn_step(const Move& m, Colour c, int n, StepNo step, StepResult& r) {
  gw::State& st = *table_;
  switch (m.what) {
    case Move::Kind::score: {
      ScoreEvent ev;
      take(st.score(m.section, m.token, m.on, m.record_clears, step, ev), r, c);
      if (ev.applied) {
        Entry e;
        e.kind = Entry::Kind::score;
        e.turn = n;
        e.scoring.turn = n;
        e.scoring.step = step;
        e.scoring.event = std::move(ev);
        for (Colour k : st.seats())
          e.scoring.totals[static_cast<std::size_t>(ci(k))] = st.colour(k).score;
        log(std::move(e));
      }
      break;
    }
    case Move::Kind::reveal:
    case Move::Kind::discard: {
      const bool replaying = st.replaying();
      if (m.what == Move::Kind::reveal)
        take(st.reveal(m.section, m.tokens, step), r, c);
      else
        take(st.discard(m.section, m.tokens, step), r, c);
      if (replaying) {
        Entry e;
        e.kind = m.what == Move::Kind::reveal ? Entry::Kind::reveal : Entry::Kind::discard;
        e.turn = n;
        e.section = m.section;
        e.tokens = m.tokens;
        log(std::move(e));
      }
      break;
    }
    case Move::Kind::play: {
      std::optional<PlacedCard> covered;
      const SectionState& sc = st.section(m.section);
      if (st.ended() == EndReason::none && m.on && m.cards.size() == 1 &&
          m.cards[0] == Card::dragon && sc.open && *m.on <= static_cast<int>(sc.places.size()) &&
          sc.laid_place != *m.on - 1)
        covered = sc.places[static_cast<std::size_t>(*m.on - 1)].top();
      take(st.play(m.section, m.cards, m.count, m.on, step), r, c);
      if (covered && st.replaying()) {
        Entry e;
        e.kind = Entry::Kind::dragon;
        e.turn = n;
        e.dragon = {n, c, *covered};
        log(std::move(e));
      }
      break;
    }
    case Move::Kind::draw:
      take(st.draw(m.drawn, step), r, c);
      break;
    case Move::Kind::end:
      take(st.end_turn(step), r, c, Attr::element);
      break;
    default:
      break;
  }
}

void Engine::claim(const Move& m, StepResult& r) {
  if (!m.by) return;
  any_claim_ = true;
  Colour c = *m.by;
  auto dispute = [&](std::string message, StepNo cause) {
    Finding f = violation(rule::GW_604, std::move(message), cause);
    f.kind = FindingKind::dispute;
    f.colour = std::string(name(c));
    r.findings.push_back(std::move(f));
  };
  auto& seen = claimed_[static_cast<std::size_t>(ci(c))];
  if (seen) {
    dispute(fmt::format("a second <final> for {}", name(c)), 0);
    return;
  }
  seen = true;
  if (!table_) return;
  const ColourState& cs = table_->colour(c);
  if (!cs.playing) {
    dispute(fmt::format("claimed final score {} for {}, which is not playing", m.points, name(c)),
            0);
    return;
  }
  if (m.points != cs.score)
    dispute(
        fmt::format("claimed final score {} for {}, recomputed {}{}: {}", m.points, name(c),
                    cs.score, table_->ended() != EndReason::none ? "" : " (the game has not ended)",
                    explain_score(scorings(), c)),
        cs.score_taint);
}

std::vector<Finding> Engine::at_end_of_record() const {
  std::vector<Finding> out;
  if (!table_) return out;
  const gw::State& st = *table_;
  if (st.ended() == EndReason::none && (any_turn_ || any_claim_)) {
    std::string where = st.scoring_only() ? "in the scoring-only phase of the last round"
                        : st.last_round()
                            ? "in the last round"
                            : fmt::format("with {} token{} still in the pool", st.pool_total(),
                                          st.pool_total() == 1 ? "" : "s");
    Finding f =
        violation(rule::GW_602, fmt::format("the record ends before the game does ({}); claims are "
                                            "compared with the scores reached",
                                            where));
    f.kind = FindingKind::info;
    out.push_back(std::move(f));
  }
  if (!any_claim_) return out;
  for (Colour c : st.seats()) {
    if (claimed_[static_cast<std::size_t>(ci(c))]) continue;
    Finding f = violation(rule::GW_604,
                          fmt::format("no <final> for {} (recomputed {}); where any final score is "
                                      "claimed, every colour needs one",
                                      name(c), st.colour(c).score),
                          st.colour(c).score_taint);
    f.kind = FindingKind::dispute;
    f.colour = std::string(name(c));
    out.push_back(std::move(f));
  }
  return out;
}

// ---- the decision ---------------------------------------------------------------------------

bool Engine::is_terminal() const {
  if (phase_ == Phase::seats) return false;
  // The last token ends the game at once; the turn it was won in is still closed.
  return !table_ || (table_->ended() != EndReason::none && !table_->in_turn());
}

std::string Engine::current_player() const {
  if (is_terminal()) return "";
  if (phase_ != Phase::play) return std::string(kChance);
  const gw::State& st = *table_;
  return std::string(name(st.in_turn() ? st.turn().colour : st.due()));
}

std::string Engine::decision() const {
  if (is_terminal()) return "the game is over";
  if (phase_ == Phase::seats) return "the players are seated";
  if (phase_ == Phase::setup) return "set-up: pairs of tokens for the sections, then play starts";
  const gw::State& st = *table_;
  Colour c = st.in_turn() ? st.turn().colour : st.due();
  int n = st.in_turn() ? turn_n_ : turn_n_ + 1;
  if (st.in_turn() && !st.turn().scoring)
    return st.turn().actions >= 2 ? fmt::format("turn {}, {}: the end of the turn", n, name(c))
                                  : fmt::format("turn {}, {}: action {} (play or draw)", n, name(c),
                                                st.turn().actions + 2);
  return fmt::format("turn {}, {}: scoring, then actions", n, name(c));
}

void Engine::legal_setup(LegalActions& out) const {
  const gw::State& st = *table_;
  out.described.push_back(
      {"hand", "a colour's 5 dealt cards, named once per colour before play starts"});
  const bool two = st.seats().size() == 2;
  bool unset = false;
  for (int s = 0; s < st.sections(); ++s) {
    const bool set = st.section_set(s);
    if (!set) unset = true;
    const TokenCounts& pool = st.pool();
    for (std::size_t a = 0; a < kTokenValues.size(); ++a) {
      if (pool[a] == 0) continue;
      for (std::size_t b = 0; b < kTokenValues.size(); ++b) {
        if (pool[b] == 0 || (a == b && pool[a] < 2)) continue;
        // With 2 players an equal pair goes back in the box, before or after the section's
        // pair is written.
        const bool discard = a == b && two;
        if (set && !discard) continue;
        Move m = chance(discard ? Move::Kind::discard : Move::Kind::section);
        m.section = s;
        m.tokens = {kTokenValues[a], kTokenValues[b]};
        out.listed.push_back(std::make_unique<Move>(std::move(m)));
      }
    }
  }
  if (!unset) out.listed.push_back(std::make_unique<Move>(chance(Move::Kind::start)));
}

void Engine::legal_turn(LegalActions& out) const {
  const gw::State& st = *table_;
  const Colour c = st.in_turn() ? st.turn().colour : st.due();
  const gw::State::TurnState& turn = st.turn();
  const bool active = st.in_turn();
  auto add = [&](Move m) {
    m.by = c;
    out.listed.push_back(std::make_unique<Move>(std::move(m)));
  };
  // A cleared section gets its new pair first.
  if (active) {
    const bool two = st.seats().size() == 2;
    for (int s = 0; s < st.sections(); ++s) {
      if (!st.section(s).awaiting_reveal) continue;
      const TokenCounts& pool = st.pool();
      for (std::size_t a = 0; a < kTokenValues.size(); ++a) {
        if (pool[a] == 0) continue;
        for (std::size_t b = 0; b < kTokenValues.size(); ++b) {
          if (pool[b] == 0 || (a == b && pool[a] < 2)) continue;
          Move m;
          m.what = a == b && two ? Move::Kind::discard : Move::Kind::reveal;
          m.section = s;
          m.tokens = {kTokenValues[a], kTokenValues[b]};
          add(std::move(m));
        }
      }
      return;
    }
  }
  // A section closed in this turn may be written with an empty reveal ("no pair").
  if (active)
    for (int s = 0; s < st.sections(); ++s)
      if (st.section(s).closed_this_turn) {
        Move m;
        m.what = Move::Kind::reveal;
        m.section = s;
        add(std::move(m));
      }
  if (st.ended() != EndReason::none) {  // the last token was won: the turn only closes
    Move m;
    m.what = Move::Kind::end;
    add(std::move(m));
    return;
  }
  const bool scoring = !active || turn.scoring;
  bool must_score = false;
  if (scoring) {
    for (int s = 0; s < st.sections(); ++s) {
      if ((active && turn.scored[static_cast<std::size_t>(s)]) || !st.leads(c, s)) continue;
      must_score = true;
      const SectionState& sc = st.section(s);
      if (sc.laid) {
        if (sc.offer.empty()) continue;
        Move m;
        m.what = Move::Kind::score;
        m.section = s;
        m.token = sc.offer.front();
        add(std::move(m));
        continue;
      }
      std::vector<int> values;
      for (int v : sc.offer)
        if (v && std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
      for (int v : values)
        for (std::size_t p = 0; p < sc.places.size(); ++p) {
          if (sc.places[p].top().colour != c) continue;
          Move m;
          m.what = Move::Kind::score;
          m.section = s;
          m.token = v;
          m.on = static_cast<int>(p) + 1;
          add(std::move(m));
        }
    }
  }
  if (must_score) return;  // scoring is compulsory
  const int actions = active ? turn.actions : 0;
  const ColourState& cs = st.colour(c);
  if (!st.scoring_only()) {
    const int unknown = st.unknown_in_hand(c);
    for (int t = 0; t < kCardTypes; ++t) {
      const auto k = static_cast<std::size_t>(t);
      const Card card = static_cast<Card>(t);
      if (actions >= 2) break;  // cavalry too comes before action 3
      int most = std::min({cs.hand, kDeck[k] - cs.played[k], cs.known[k] + unknown});
      for (int s = 0; s < st.sections() && most > 0; ++s) {
        const SectionState& sc = st.section(s);
        if (!sc.open) continue;
        for (int n = 1; n <= most; ++n) {
          Move m;
          m.what = Move::Kind::play;
          m.section = s;
          m.cards = {card};
          m.count = n;
          add(std::move(m));
        }
        if (card == Card::dragon)
          for (std::size_t p = 0; p < sc.places.size(); ++p) {
            if (sc.laid && sc.laid_place == static_cast<int>(p)) continue;
            Move m;
            m.what = Move::Kind::play;
            m.section = s;
            m.cards = {card};
            m.on = static_cast<int>(p) + 1;
            add(std::move(m));
          }
      }
    }
    if (actions < 2 && cs.deck > 0) {
      Move m;
      m.what = Move::Kind::draw;
      add(m);
      for (int t = 0; t < kCardTypes; ++t) {
        const auto k = static_cast<std::size_t>(t);
        if (cs.played[k] + cs.known[k] + 1 > kDeck[k]) continue;
        m.drawn = static_cast<Card>(t);
        add(m);
      }
    }
  }
  if (st.scoring_only() || actions >= 2 || !st.can_act(c)) {
    Move m;
    m.what = Move::Kind::end;
    add(std::move(m));
  }
}

LegalActions Engine::legal_actions() const {
  LegalActions out;
  // A record may claim final scores wherever it stops, and after the end of the game.
  if (phase_ != Phase::seats)
    out.described.push_back(
        {"claim", "a colour's final score: any whole number, once per colour, after the turns"});
  if (is_terminal()) return out;
  if (phase_ == Phase::seats) {
    out.described.push_back({"seats", "2 to 5 different colours, in seat order"});
    return out;
  }
  if (phase_ == Phase::setup) {
    legal_setup(out);
    return out;
  }
  legal_turn(out);
  return out;
}

std::optional<ActionPtr> Engine::parse_action(std::string_view text, std::string& error) const {
  auto m = parse_move(text, error);
  if (!m) return std::nullopt;
  return std::make_unique<Move>(std::move(*m));
}

std::vector<std::pair<std::string, int>> Engine::scores() const {
  std::vector<std::pair<std::string, int>> out;
  if (!table_) return out;
  for (Colour c : table_->seats())
    out.emplace_back(std::string(name(c)), table_->colour(c).score);
  return out;
}

std::string Engine::to_string() const {
  if (!table_) return "no players seated";
  const gw::State& st = *table_;
  std::string out = fmt::format("{}; pool {}\n", decision(), st.pool_total());
  for (int s = 0; s < st.sections(); ++s) {
    const SectionState& sc = st.section(s);
    out += fmt::format("{}{}: offer [{}]", section_name(s), sc.open ? "" : " (closed)",
                       list_values(sc.offer));
    if (sc.laid) out += fmt::format(" laid {} at {}", *sc.laid, sc.laid_place + 1);
    for (const Place& p : sc.places) {
      out += " |";
      for (const PlacedCard& card : p.layers)
        out += fmt::format(" {} {}", name(card.colour), name(card.card));
    }
    out += "\n";
  }
  for (Colour c : st.seats()) {
    const ColourState& cs = st.colour(c);
    out += fmt::format("{}: score {}, hand {} ({} known), deck {}, played {}\n", name(c), cs.score,
                       cs.hand, cs.known_total(), cs.deck, cs.played_total());
  }
  return out;
}

}  // namespace wallaudit::gw
