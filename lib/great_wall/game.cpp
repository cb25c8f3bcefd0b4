// Great Wall of China as a game module of the tool.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <random>

#include "core/check.hpp"
#include "core/registry.hpp"
#include "great_wall/engine.hpp"
#include "great_wall/history.hpp"
#include "great_wall/reader.hpp"
#include "great_wall/rule_ids.hpp"

namespace wallaudit {
namespace embedded {
extern const std::string_view great_wall_rules;
extern const std::string_view great_wall_rules_evidence;
}  // namespace embedded
namespace gw {
namespace {

// What `wallaudit stats` counts about a replayed game.
void add_facts(const Record& rec, const Outcome& outcome, std::vector<Fact>& facts) {
  auto count = [&](std::string n, double a = 1) {
    facts.push_back({Fact::Kind::count, std::move(n), a});
  };
  auto value = [&](std::string n, double v) {
    facts.push_back({Fact::Kind::value, std::move(n), v});
  };
  if (!outcome.finished)
    count("unfinished");
  else
    count(outcome.reason == EndReason::last_token
              ? fmt::format("ended by the last token won ({})", rule::GW_601)
              : fmt::format("ended after the last round ({})", rule::GW_602));
  int replayed = std::max(0, static_cast<int>(rec.turns.size()));
  if (outcome.finished) replayed = std::min(replayed, outcome.end_turn);
  value("turns", replayed);
  std::vector<bool> scoring_turn(static_cast<std::size_t>(replayed) + 1);
  for (int i = 0; i < replayed; ++i) {
    for (const Step& s : rec.turns[static_cast<std::size_t>(i)].steps) {
      if (s.kind == Step::Kind::play)
        for (Card c : s.cards)
          count(fmt::format("card played: {}", name(c)), s.count);
      if (s.kind == Step::Kind::draw) count(s.drawn ? "draw: named" : "draw: unnamed");
    }
  }
  for (const auto& d : outcome.dragons)
    count(fmt::format("dragon played on: {}{}", name(d.covered.card),
                      d.covered.colour == d.colour ? " (own)" : ""));
  for (const ScoringStep& step : outcome.steps) {
    const ScoreEvent& ev = step.event;
    if (step.turn >= 0 && step.turn < static_cast<int>(scoring_turn.size()))
      scoring_turn[static_cast<std::size_t>(step.turn)] = true;
    count(ev.second ? "scoring: second token" : "scoring: first token");
    if (ev.alone) count("scoring: a lone player");
    for (const Total& t : ev.totals)
      if (t.colour == ev.scorer && t.total < 0) count("scoring: won with a negative total");
    if (ev.second) {
      value("token value won", ev.token);
      if (ev.first_owner) value("token value won", ev.first_value);
      if (ev.first_owner == ev.scorer) count("section won with both tokens");
      if (ev.closed) count("section closed");
    }
    for (const auto& pair : step.discarded) {
      (void)pair;
      count("equal pair put back in the box");
    }
  }
  value("scoring turns",
        static_cast<double>(std::count(scoring_turn.begin(), scoring_turn.end(), true)));
  if (outcome.finished && !outcome.winners.empty()) {
    const State& st = *outcome.state;
    value("winning score", st.colour(outcome.winners.front()).score);
    if (outcome.winners.size() > 1) count("shared win");
  }
}

// How the game ended and who won, from the table reached.
void conclude(Outcome& o) {
  const State& st = *o.state;
  o.reason = st.ended();
  o.finished = st.ended() != EndReason::none;
  o.end_turn = st.end_turn();
  if (o.finished) {
    if (st.ended() == EndReason::last_token) {
      o.end_sentence = fmt::format("the game ended on turn {}: the last token was won ({})",
                                   st.end_turn(), rule::GW_601);
    } else {
      Colour e = *st.emptier();
      o.end_sentence = fmt::format(
          "the game ended after turn {}: {} played all 20 cards on turn {}, the last round was "
          "played and then nobody led a section holding a token ({})",
          st.end_turn(), name(e), st.emptier_turn(), rule::GW_602);
    }
    int top = std::numeric_limits<int>::min();
    for (Colour c : o.seat_colours)
      top = std::max(top, st.colour(c).score);
    for (Colour c : o.seat_colours)
      if (st.colour(c).score == top) o.winners.push_back(c);
    o.result_sentence =
        o.winners.size() == 1
            ? fmt::format("{} wins with {} points", name(o.winners[0]), top)
            : fmt::format("{} share the win with {} points each", colour_list(o.winners), top);
  } else {
    std::string where = st.scoring_only() ? "in the scoring-only phase of the last round"
                        : st.last_round()
                            ? "in the last round"
                            : fmt::format("with {} token{} still in the pool", st.pool_total(),
                                          st.pool_total() == 1 ? "" : "s");
    o.end_sentence = fmt::format(
        "the record ends before the game does ({}); claims are compared with the scores reached",
        where);
  }
}

std::string attr_list(const std::vector<int>& values) {
  return list_values(values);
}

class GreatWall final : public EngineGame {
 public:
  std::string_view id() const override { return "great-wall-of-china"; }
  std::string_view title() const override { return "Great Wall of China"; }
  const std::vector<RulesOption>& options() const override { return options_; }
  const RuleCatalogue& rules() const override {
    static const RuleCatalogue catalogue =
        load_catalogue(std::string(id()), std::string(title()), "GW", embedded::great_wall_rules,
                       "lib/great_wall/data/rules.txt", embedded::great_wall_rules_evidence,
                       "lib/great_wall/data/rules-evidence.txt");
    return catalogue;
  }

  std::optional<ReadRecord> read(const XmlDocument& doc, const CheckContext& ctx,
                                 Diagnostics& format) const override {
    auto rec = read_record(doc, format, ctx.max_turns);
    if (!rec) return std::nullopt;
    ReadRecord out;
    auto start = std::make_unique<Engine>(rec->sections);
    start->set_record_turns(static_cast<int>(rec->turns.size()));
    // Only a history (explain, reports) and the facts of stats read the terms of the totals.
    start->set_terms(ctx.keep_history || ctx.want_facts);
    out.start = std::move(start);
    out.actions = record_actions(*rec);
    out.end_loc = rec->end.present ? rec->end.loc : rec->play_loc;
    out.typed = std::make_shared<const Record>(std::move(*rec));
    return out;
  }

  void finish(const ReadRecord& record, Replay&& replay, const CheckContext& ctx,
              GameResult& result) const override {
    const auto& rec = *static_cast<const Record*>(record.typed.get());
    auto& engine = static_cast<Engine&>(*replay.state);
    Outcome outcome;
    if (engine.table()) {
      outcome.state = *engine.table();
      outcome.seat_colours = engine.seats();
      GameLog log = engine.take_log();
      outcome.steps = std::move(log.steps);
      outcome.dragons = std::move(log.dragons);
      for (ScoringStep& s : outcome.steps)
        if (s.step >= 1 && s.step <= record.actions.size()) s.loc = record.actions[s.step - 1].loc;
      for (const Snapshot& snap : replay.snapshots) {
        if (snap.turn > engine.turns_replayed()) break;
        const auto* table = static_cast<const Engine&>(*snap.state).table();
        if (!table) continue;
        TurnSnapshot t;
        t.turn = snap.turn;
        t.loc = rec.setup_loc;
        if (snap.turn > 0 && static_cast<std::size_t>(snap.turn) <= rec.turns.size()) {
          t.loc = rec.turns[static_cast<std::size_t>(snap.turn - 1)].loc;
          t.colour = rec.turns[static_cast<std::size_t>(snap.turn - 1)].colour;
        }
        if (!outcome.snapshots.empty() && outcome.snapshots.back().turn == t.turn) continue;
        t.state = std::shared_ptr<const State>(snap.state, table);
        outcome.snapshots.push_back(std::move(t));
      }
      conclude(outcome);
    }
    result.finished = outcome.finished;
    result.scores_known = outcome.state.has_value();
    if (outcome.state) {
      for (Colour c : outcome.seat_colours) {
        result.scores.emplace_back(std::string(name(c)), outcome.state->colour(c).score);
        result.seats.push_back(outcome.state->colour(c).seat);
      }
    }
    for (Colour c : outcome.winners)
      result.winners.emplace_back(name(c));
    if (outcome.finished)
      result.ended_by = outcome.reason == EndReason::last_token ? "last-token" : "last-round";
    if (!outcome.result_sentence.empty()) result.remarks.push_back(outcome.result_sentence);
    if (ctx.want_facts) add_facts(rec, outcome, result.facts);
    if (ctx.want_key) result.key = record_key(id(), rec);
    if (ctx.keep_history && outcome.state)
      result.history =
          std::make_shared<History>(std::static_pointer_cast<const Record>(record.typed),
                                    std::move(outcome), result.diagnostics);
  }

  std::string write(const wallaudit::State& start,
                    const std::vector<ActionPtr>& actions) const override {
    const auto& engine = static_cast<const Engine&>(start);
    std::vector<Colour> seats = engine.seats();
    std::string setup, play, end;
    bool in_turn = false;
    for (const ActionPtr& a : actions) {
      const auto* m = dynamic_cast<const Move*>(a.get());
      if (!m) continue;
      auto open_turn = [&] {
        if (in_turn || !m->by) return;
        play += fmt::format("    <turn colour=\"{}\">", name(*m->by));
        in_turn = true;
      };
      switch (m->what) {
        case Move::Kind::seats:
          seats = m->colours;
          break;
        case Move::Kind::section:
          setup += fmt::format("    <section id=\"{}\" tokens=\"{}\"/>\n", section_name(m->section),
                               attr_list(m->tokens));
          break;
        case Move::Kind::hand: {
          std::string cards;
          for (Card c : m->cards)
            cards += fmt::format("{}{}", cards.empty() ? "" : " ", name(c));
          setup += fmt::format("    <hand colour=\"{}\" cards=\"{}\"/>\n", name(m->subject), cards);
          break;
        }
        case Move::Kind::discard:
          if (!m->by) {
            setup += fmt::format("    <discard section=\"{}\" tokens=\"{}\"/>\n",
                                 section_name(m->section), attr_list(m->tokens));
            break;
          }
          open_turn();
          play += fmt::format("<discard section=\"{}\" tokens=\"{}\"/>", section_name(m->section),
                              attr_list(m->tokens));
          break;
        case Move::Kind::start:
          break;
        case Move::Kind::score:
          open_turn();
          play += fmt::format("<score section=\"{}\" token=\"{}\"{}/>", section_name(m->section),
                              m->token, m->on ? fmt::format(" on=\"{}\"", *m->on) : "");
          break;
        case Move::Kind::reveal:
          open_turn();
          play += fmt::format("<reveal section=\"{}\" tokens=\"{}\"/>", section_name(m->section),
                              attr_list(m->tokens));
          break;
        case Move::Kind::play: {
          open_turn();
          std::string cards;
          for (Card c : m->cards)
            cards += fmt::format("{}{}", cards.empty() ? "" : " ", name(c));
          play += fmt::format("<play section=\"{}\" card=\"{}\"{}{}/>", section_name(m->section),
                              cards, m->count != 1 ? fmt::format(" count=\"{}\"", m->count) : "",
                              m->on ? fmt::format(" on=\"{}\"", *m->on) : "");
          break;
        }
        case Move::Kind::draw:
          open_turn();
          play += m->drawn ? fmt::format("<draw card=\"{}\"/>", name(*m->drawn)) : "<draw/>";
          break;
        case Move::Kind::end:
          open_turn();
          play += "</turn>\n";
          in_turn = false;
          break;
        case Move::Kind::claim:
          if (m->by)
            end +=
                fmt::format("    <final colour=\"{}\" points=\"{}\"/>\n", name(*m->by), m->points);
          break;
      }
    }
    if (in_turn) play += "</turn>\n";
    std::string players;
    for (Colour c : seats)
      players += fmt::format("    <player colour=\"{}\"/>\n", name(c));
    return fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<record game=\"great-wall-of-china\" format=\"1\">\n"
        "  <players>\n{}  </players>\n  <setup>\n{}  </setup>\n  <play>\n{}  </play>\n{}"
        "</record>\n",
        players, setup, play, end.empty() ? "" : "  <end>\n" + end + "  </end>\n");
  }

  std::unique_ptr<wallaudit::State> new_game(std::uint64_t seed,
                                             const CheckContext&) const override {
    std::mt19937_64 rng(seed);
    std::vector<Colour> colours{Colour::red, Colour::yellow, Colour::green, Colour::blue,
                                Colour::brown};
    std::shuffle(colours.begin(), colours.end(), rng);
    const int players = 2 + static_cast<int>(seed % 4);
    colours.resize(static_cast<std::size_t>(players));
    return std::make_unique<Engine>(std::move(colours), sections_for(players));
  }

  std::shared_ptr<const void> prepare(const CheckContext&, Diagnostics&) const override {
    return nullptr;  // no definitions: the game has no boards
  }

  std::vector<Table> describe_boards(const CheckContext&, Diagnostics&) const override {
    return {};
  }

 private:
  std::vector<RulesOption> options_;
};

}  // namespace
}  // namespace gw

void register_game_great_wall(Registry& registry) {
  registry.add(std::make_unique<gw::GreatWall>());
}

}  // namespace wallaudit
