// Great Wall of China as a game module of the tool.
#include <fmt/format.h>

#include <algorithm>

#include "core/registry.hpp"
#include "great_wall/checker.hpp"
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

class GreatWall final : public Game {
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

  GameResult check(const XmlDocument& doc, const CheckContext& ctx) const override {
    GameResult result;
    result.game = std::string(id());
    auto record = read_record(doc, result.diagnostics, ctx.max_turns);
    if (!record) return result;
    CheckerSettings settings;
    settings.keep_snapshots = ctx.keep_history;
    Outcome outcome = replay_record(*record, settings, result.diagnostics);
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
    add_facts(*record, outcome, result.facts);
    if (ctx.want_key) result.key = canonical_key(id(), canonical_moves(*record));
    if (ctx.keep_history && outcome.state)
      result.history = std::make_shared<History>(std::make_shared<const Record>(std::move(*record)),
                                                 std::move(outcome), result.diagnostics);
    return result;
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
