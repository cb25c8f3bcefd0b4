#include "great_wall/checker.hpp"
#include "great_wall/rule_ids.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace wallaudit::gw {

namespace {

class Checker {
 public:
  Checker(const Record& rec, const CheckerSettings& settings, Diagnostics& out)
      : rec_(rec), settings_(settings), out_(out) {}

  Outcome run() {
    if (!setup()) return std::move(result_);
    snapshot(0, rec_.setup_loc, Colour::red);
    State& st = *result_.state;
    for (std::size_t i = 0; i < rec_.turns.size(); ++i) {
      if (st.ended() != EndReason::none) {
        after_end(static_cast<int>(i));
        break;
      }
      turn(rec_.turns[i], static_cast<int>(i) + 1);
    }
    finish();
    return std::move(result_);
  }

 private:
  // ---- findings -------------------------------------------------------------------------

  Diagnostic& report(FindingKind kind, std::string_view rule, SourceLoc loc, int turn,
                     std::optional<Colour> colour, std::string message, std::uint32_t follows) {
    Diagnostic& d = out_.add(kind, std::string(rule), loc, std::move(message));
    d.turn = turn;
    if (colour) d.colour = std::string(name(*colour));
    if (follows && follows != loc.line) {
      d.follow_on = true;
      d.follows_line = follows;
    }
    if (kind == FindingKind::rule && !first_error_line_) first_error_line_ = loc.line;
    return d;
  }

  static SourceLoc where(const Step& s, Attr attr) {
    switch (attr) {
      case Attr::section:
        return s.section_loc;
      case Attr::token:
        return s.token_loc;
      case Attr::tokens:
        return s.tokens_loc;
      case Attr::card:
        return s.card_loc;
      case Attr::on:
        return s.on_loc;
      case Attr::element:
      case Attr::colour:
        break;
    }
    return s.loc;
  }

  void violations(const Violations& vs, const Step& s, int turn, Colour colour) {
    for (const auto& v : vs)
      report(FindingKind::rule, v.rule, where(s, v.attr), turn, colour, v.message, v.follows);
  }

  void violations_at(const Violations& vs, SourceLoc loc, int turn, std::optional<Colour> colour) {
    for (const auto& v : vs)
      report(FindingKind::rule, v.rule, loc, turn, colour, v.message, v.follows);
  }

  // ---- set-up ----------------------------------------------------------------------------

  bool setup() {
    std::vector<Colour> seats;
    for (const auto& p : rec_.players) {
      if (std::find(seats.begin(), seats.end(), p.colour) != seats.end()) {
        report(FindingKind::rule, rule::GW_101, p.loc, 0, p.colour,
               fmt::format("{} is played by two seats; every player has a colour of their own",
                           name(p.colour)),
               0);
        continue;
      }
      seats.push_back(p.colour);
    }
    if (rec_.players.size() < 2 || rec_.players.size() > 5)
      report(FindingKind::rule, rule::GW_103, rec_.players_loc, 0, std::nullopt,
             fmt::format("Great Wall of China is played by 2 to 5 players, this record has {}",
                         rec_.players.size()),
             0);
    if (seats.empty()) return false;
    result_.seat_colours = seats;
    result_.state.emplace(seats, rec_.sections);
    State& st = *result_.state;
    for (const SetupItem& item : rec_.setup) {
      switch (item.kind) {
        case SetupItem::Kind::section:
          violations_at(st.setup_section(item.section, item.tokens, item.loc.line), item.tokens_loc,
                        0, std::nullopt);
          break;
        case SetupItem::Kind::discard:
          violations_at(st.setup_discard(item.section, item.tokens, item.loc.line), item.tokens_loc,
                        0, std::nullopt);
          break;
        case SetupItem::Kind::hand:
          for (const auto& v : st.setup_hand(item.colour, item.cards, item.loc.line))
            report(FindingKind::rule, v.rule, v.attr == Attr::card ? item.cards_loc : item.loc, 0,
                   item.colour, v.message, v.follows);
          break;
      }
    }
    violations_at(st.finish_setup(rec_.setup_loc.line), rec_.setup_loc, 0, std::nullopt);
    return true;
  }

  // ---- turns -------------------------------------------------------------------------------

  void turn(const Turn& t, int n) {
    State& st = *result_.state;
    violations_at(st.begin_turn(t.colour, n, t.loc.line), t.colour_loc, n, t.colour);
    if (st.replaying()) {
      for (std::size_t i = 0; i < t.steps.size(); ++i)
        step(t, i, n);
    }
    violations_at(st.end_turn(t.loc.line), t.loc, n, t.colour);
    snapshot(n, t.loc, t.colour);
  }

  void step(const Turn& t, std::size_t i, int n) {
    State& st = *result_.state;
    const Step& s = t.steps[i];
    Colour c = t.colour;
    switch (s.kind) {
      case Step::Kind::score: {
        bool clears = std::any_of(
            t.steps.begin() + static_cast<std::ptrdiff_t>(i) + 1, t.steps.end(),
            [&](const Step& later) {
              return (later.kind == Step::Kind::reveal || later.kind == Step::Kind::discard) &&
                     later.section == s.section;
            });
        ScoreEvent ev;
        auto vs = st.score(s.section, s.token, s.on, clears, s.loc.line, ev);
        violations(vs, s, n, c);
        if (ev.applied) {
          ScoringStep step;
          step.turn = n;
          step.loc = s.loc;
          step.event = std::move(ev);
          for (Colour k : result_.seat_colours)
            step.totals[static_cast<std::size_t>(ci(k))] = st.colour(k).score;
          if (step.event.second)
            last_clearing_[static_cast<std::size_t>(s.section)] =
                static_cast<int>(result_.steps.size());
          result_.steps.push_back(std::move(step));
        }
        break;
      }
      case Step::Kind::reveal: {
        auto vs = st.reveal(s.section, s.tokens, s.loc.line);
        violations(vs, s, n, c);
        if (ScoringStep* cleared = clearing(s.section, n)) cleared->revealed = s.tokens;
        break;
      }
      case Step::Kind::discard: {
        auto vs = st.discard(s.section, s.tokens, s.loc.line);
        violations(vs, s, n, c);
        if (ScoringStep* cleared = clearing(s.section, n)) cleared->discarded.push_back(s.tokens);
        break;
      }
      case Step::Kind::play: {
        std::optional<PlacedCard> covered;
        const SectionState& sc = st.section(s.section);
        if (st.ended() == EndReason::none && s.on && s.cards.size() == 1 &&
            s.cards[0] == Card::dragon && sc.open && *s.on <= static_cast<int>(sc.places.size()) &&
            sc.laid_place != *s.on - 1)
          covered = sc.places[static_cast<std::size_t>(*s.on - 1)].top();
        auto vs = st.play(s.section, s.cards, s.count, s.on, s.loc.line);
        violations(vs, s, n, c);
        if (covered && st.replaying()) result_.dragons.push_back({n, c, *covered});
        break;
      }
      case Step::Kind::draw:
        violations(st.draw(s.drawn, s.loc.line), s, n, c);
        break;
    }
  }

  // The scoring step that cleared `section` in this turn, if any.
  ScoringStep* clearing(int section, int n) {
    int index = last_clearing_[static_cast<std::size_t>(section)];
    if (index < 0) return nullptr;
    ScoringStep& step = result_.steps[static_cast<std::size_t>(index)];
    return step.turn == n ? &step : nullptr;
  }

  void after_end(int index) {
    const State& st = *result_.state;
    const Turn& t = rec_.turns[static_cast<std::size_t>(index)];
    std::size_t more = rec_.turns.size() - static_cast<std::size_t>(index);
    bool token = st.ended() == EndReason::last_token;
    report(FindingKind::rule, token ? rule::GW_601 : rule::GW_602, t.loc, index + 1, t.colour,
           fmt::format("the game ended {} turn {} ({}); nothing may be recorded after it, but {} "
                       "more turn{} follow{}",
                       token ? "on" : "after", st.end_turn(),
                       token ? "the last token was won"
                             : "the last round was over and nobody led a section holding a token",
                       more, more == 1 ? "" : "s", more == 1 ? "s" : ""),
           st.first_error());
  }

  void snapshot(int n, SourceLoc loc, Colour c) {
    if (!settings_.keep_snapshots) return;
    result_.snapshots.push_back({n, loc, c, std::make_shared<const State>(*result_.state)});
  }

  // ---- the end --------------------------------------------------------------------------------

  void finish() {
    const State& st = *result_.state;
    result_.reason = st.ended();
    result_.finished = st.ended() != EndReason::none;
    result_.end_turn = st.end_turn();
    if (result_.finished) {
      if (st.ended() == EndReason::last_token) {
        result_.end_sentence = fmt::format("the game ended on turn {}: the last token was won ({})",
                                           st.end_turn(), rule::GW_601);
      } else {
        Colour e = *st.emptier();
        result_.end_sentence = fmt::format(
            "the game ended after turn {}: {} played all 20 cards on turn {}, the last round was "
            "played and then nobody led a section holding a token ({})",
            st.end_turn(), name(e), st.emptier_turn(), rule::GW_602);
      }
    } else {
      std::string where = st.scoring_only() ? "in the scoring-only phase of the last round"
                          : st.last_round()
                              ? "in the last round"
                              : fmt::format("with {} token{} still in the pool", st.pool_total(),
                                            st.pool_total() == 1 ? "" : "s");
      result_.end_sentence = fmt::format(
          "the record ends before the game does ({}); claims are compared with the scores "
          "reached",
          where);
      if (!rec_.turns.empty() || rec_.end.present)
        report(FindingKind::info, rule::GW_602, rec_.end.present ? rec_.end.loc : rec_.play_loc, 0,
               std::nullopt, result_.end_sentence, 0);
    }
    claims();
    decide_winners();
  }

  std::uint32_t score_taint(Colour c) const {
    std::uint32_t t = result_.state->colour(c).score_taint;
    return t ? t : first_error_line_;
  }

  void dispute(SourceLoc loc, Colour c, std::string message, std::uint32_t follows) {
    report(FindingKind::dispute, rule::GW_604, loc, 0, c, std::move(message), follows);
  }

  void claims() {
    const State& st = *result_.state;
    std::array<bool, kColours> seen{};
    for (const auto& f : rec_.end.finals) {
      std::size_t c = static_cast<std::size_t>(ci(f.colour));
      if (seen[c]) {
        dispute(f.loc, f.colour, fmt::format("a second <final> for {}", name(f.colour)), 0);
        continue;
      }
      seen[c] = true;
      if (!st.colour(f.colour).playing) {
        dispute(f.loc, f.colour,
                fmt::format("claimed final score {} for {}, which is not playing", f.points,
                            name(f.colour)),
                0);
        continue;
      }
      int recomputed = st.colour(f.colour).score;
      if (f.points != recomputed)
        dispute(f.loc, f.colour,
                fmt::format("claimed final score {} for {}, recomputed {}{}: {}", f.points,
                            name(f.colour), recomputed,
                            result_.finished ? "" : " (the game has not ended)",
                            explain_score(result_, f.colour)),
                score_taint(f.colour));
    }
    if (rec_.end.finals.empty()) return;
    for (Colour c : result_.seat_colours) {
      if (!seen[static_cast<std::size_t>(ci(c))])
        dispute(rec_.end.loc, c,
                fmt::format("no <final> for {} (recomputed {}); where any final score is "
                            "claimed, every colour needs one",
                            name(c), st.colour(c).score),
                score_taint(c));
    }
  }

  void decide_winners() {
    if (!result_.finished) return;
    const State& st = *result_.state;
    int top = std::numeric_limits<int>::min();
    for (Colour c : result_.seat_colours)
      top = std::max(top, st.colour(c).score);
    for (Colour c : result_.seat_colours)
      if (st.colour(c).score == top) result_.winners.push_back(c);
    result_.result_sentence =
        result_.winners.size() == 1
            ? fmt::format("{} wins with {} points", name(result_.winners[0]), top)
            : fmt::format("{} share the win with {} points each", colour_list(result_.winners),
                          top);
  }

  const Record& rec_;
  const CheckerSettings& settings_;
  Diagnostics& out_;
  Outcome result_;
  std::array<int, kMaxSections> last_clearing_{-1, -1, -1, -1};
  std::uint32_t first_error_line_ = 0;
};

}  // namespace

std::string explain_score(const Outcome& outcome, Colour c) {
  std::string out;
  int sum = 0;
  for (const auto& step : outcome.steps) {
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

Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out) {
  return Checker(rec, settings, out).run();
}

}  // namespace wallaudit::gw
