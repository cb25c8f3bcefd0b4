// Random legal Chang Cheng games from an independent implementation of the rules
// (support/cc_generator.*) must pass the checker unchanged: verdict ok, the generator's scores,
// winners and ending; the generator's own trace must add up; and the games must between them
// exercise every card effect, variant, event card, rules option and ending.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "support/cc_generator.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

// ctest runs every test below as its own process, each generating the games once; under the
// sanitizers half as many keep the suite quick.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kGames = 1000;
#else
constexpr int kGames = 2000;
#endif

// The options of game i: the structural choices cycle so that every combination class is met
// often; everything else is random per seed.
GeneratorOptions options_for(int i) {
  GeneratorOptions o;
  switch (i % 6) {
    case 0:
      o.players = 2;
      o.variant = GenVariant::none;
      break;
    case 1:
      o.variant = GenVariant::neutral_walls;
      break;
    case 2:
      o.variant = GenVariant::teams;
      break;
    case 3:
      o.players = 3;
      break;
    case 4:
      o.players = 4;
      break;
    default:
      break;  // random
  }
  o.naming = static_cast<CardNaming>(i / 6 % 3);
  o.threats = static_cast<ThreatStating>(i / 18 % 4);
  o.claims = i % 5 != 0;
  o.unfinished = i % 23 == 0;
  if (i % 11 == 0) o.inline_boards = true;
  return o;
}

// What one checked game leaves behind for the tests below (the games themselves are large).
struct Outcome {
  std::uint64_t seed = 0;
  std::string description;
  std::string verdict;
  std::string diagnostics;  // the first few, one a line
  std::map<std::string, int> expected_scores, scores;
  std::vector<std::string> expected_winners, winners;
  bool expected_finished = false, finished = false;
  std::string expected_end, end;
  std::vector<std::string> trace_problems;  // the generator's trace against itself
};

std::string describe(const GameResult& r) {
  std::string out;
  std::size_t n = 0;
  for (const auto& d : r.diagnostics.items()) {
    if (n++ == 4) break;
    out += "    " + d.rule + " turn " + std::to_string(d.turn) + " line " +
           std::to_string(d.loc.line) + ": " + d.message + "\n";
  }
  return out;
}

std::vector<std::string> check_trace(const GeneratedGame& g) {
  std::vector<std::string> problems;
  std::map<std::string, int> sum;
  for (const auto& step : g.steps)
    for (const auto& [c, v] : step.points)
      sum[c] += v;
  for (const auto& c : g.colours) {
    if (sum[c] != g.scores.at(c))
      problems.push_back("steps give " + c + " " + std::to_string(sum[c]) + ", the score is " +
                         std::to_string(g.scores.at(c)));
  }
  std::map<std::string, int> running;
  for (std::size_t i = 0; i < g.turns.size(); ++i) {
    const TurnTrace& t = g.turns[i];
    if (t.turn != static_cast<int>(i) + 1) problems.push_back("turn numbers skip");
    int during = 0;
    for (const auto& step : g.steps)
      if (step.turn == t.turn)
        for (const auto& [c, v] : step.points)
          during += v;
    int points = 0;
    for (const auto& c : g.colours) {
      running[c] += t.points.at(c);
      points += t.points.at(c);
      if (running[c] != t.totals.at(c))
        problems.push_back("turn " + std::to_string(t.turn) + ": totals of " + c + " drift");
    }
    if (points != during)
      problems.push_back("turn " + std::to_string(t.turn) + ": points differ from its steps");
  }
  return problems;
}

class CcGeneratedGames : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    outcomes_ = new std::vector<Outcome>;
    features_ = new std::map<std::string, int>;
    for (int i = 0; i < kGames; ++i) {
      const auto seed = static_cast<std::uint64_t>(i) + 1;
      GeneratedGame g = generate_game(seed, options_for(i));
      GameResult r = check_text(g.xml);
      Outcome o;
      o.seed = seed;
      o.description = g.description;
      o.verdict = std::string(to_string(r.verdict));
      o.diagnostics = describe(r);
      o.expected_scores = g.scores;
      o.scores = std::map<std::string, int>(r.scores.begin(), r.scores.end());
      o.expected_winners = g.winners;
      o.winners = r.winners;
      std::sort(o.winners.begin(), o.winners.end());
      o.expected_finished = g.finished;
      o.finished = r.finished;
      o.expected_end = g.end_reason;
      o.end = r.ended_by;
      o.trace_problems = check_trace(g);
      for (const auto& f : g.features)
        ++(*features_)[f];
      outcomes_->push_back(std::move(o));
    }
  }
  static void TearDownTestSuite() {
    delete outcomes_;
    delete features_;
  }

  // Fails with the first few games for which `bad` holds, grouped by `key`.
  template <typename Bad, typename Key>
  static void expect_none(const char* what, Bad bad, Key key) {
    std::map<std::string, std::pair<int, std::string>> groups;
    int count = 0;
    for (const Outcome& o : *outcomes_) {
      if (!bad(o)) continue;
      ++count;
      auto& g = groups[key(o)];
      if (g.first++ < 2)
        g.second += "  " + o.description + " (verdict " + o.verdict + ")\n" + o.diagnostics;
    }
    std::string report;
    for (const auto& [k, g] : groups)
      report += "[" + k + "] x" + std::to_string(g.first) + "\n" + g.second;
    EXPECT_EQ(count, 0) << count << " of " << outcomes_->size() << " games: " << what << "\n"
                        << report;
  }

  static std::string first_rule(const Outcome& o) {
    return o.diagnostics.empty() ? o.verdict
                                 : o.diagnostics.substr(4, o.diagnostics.find(' ', 4) - 4);
  }

  static std::vector<Outcome>* outcomes_;
  static std::map<std::string, int>* features_;
};

std::vector<Outcome>* CcGeneratedGames::outcomes_ = nullptr;
std::map<std::string, int>* CcGeneratedGames::features_ = nullptr;

TEST(CcGenerator, SameSeedSameRecordAndTrace) {
  for (std::uint64_t seed : {1u, 77u, 4242u}) {
    GeneratedGame a = generate_game(seed), b = generate_game(seed);
    EXPECT_EQ(a.xml, b.xml);
    EXPECT_EQ(a.scores, b.scores);
    EXPECT_EQ(a.turns.size(), b.turns.size());
    EXPECT_NE(a.xml, generate_game(seed + 1).xml);
  }
}

TEST(CcGenerator, OptionsAreObeyed) {
  GeneratorOptions o;
  o.players = 3;
  o.events = std::vector<std::string>{"dominance", "diplomacy"};
  o.rules["flood"] = "plus-only";
  o.naming = CardNaming::at_reveal;
  GeneratedGame g = generate_game(5, o);
  EXPECT_EQ(g.players, 3);
  EXPECT_EQ(g.colours.size(), 3u);
  EXPECT_TRUE(g.features.count("event:dominance") && g.features.count("event:diplomacy"));
  EXPECT_TRUE(g.features.count("option:flood=plus-only"));
  EXPECT_EQ(g.xml.find("<card province=\"1A.P1\" card="), std::string::npos);
  GeneratorOptions teams;
  teams.variant = GenVariant::teams;
  EXPECT_EQ(generate_game(6, teams).colours.size(), 4u);
}

TEST_F(CcGeneratedGames, CheckerCallsEveryGeneratedGameLegal) {
  expect_none(
      "not judged ok", [](const Outcome& o) { return o.verdict != "ok"; },
      [](const Outcome& o) { return first_rule(o); });
}

TEST_F(CcGeneratedGames, CheckerScoresEqualTheGenerators) {
  expect_none(
      "scores differ", [](const Outcome& o) { return o.scores != o.expected_scores; },
      [](const Outcome& o) { return first_rule(o); });
}

// Winners are reported for legal records only (formats page: empty when illegal), so the games
// judged otherwise are left to CheckerCallsEveryGeneratedGameLegal.
TEST_F(CcGeneratedGames, CheckerWinnersEqualTheGenerators) {
  expect_none(
      "winners differ",
      [](const Outcome& o) { return o.verdict == "ok" && o.winners != o.expected_winners; },
      [](const Outcome& o) { return first_rule(o); });
}

TEST_F(CcGeneratedGames, CheckerEndsTheGameWhenAndHowTheGeneratorDid) {
  expect_none(
      "finished or ended_by differ",
      [](const Outcome& o) { return o.finished != o.expected_finished || o.end != o.expected_end; },
      [](const Outcome& o) { return o.expected_end + " / " + o.end; });
}

TEST_F(CcGeneratedGames, TraceStepsAddUpToTheScoresTurnByTurn) {
  expect_none(
      "trace does not add up", [](const Outcome& o) { return !o.trace_problems.empty(); },
      [](const Outcome& o) { return o.trace_problems.front(); });
}

// Every effect of every card, each variant, event card, option value, ending and expansion
// timing, and the rarer situations of the rules occur at least once among the games.
TEST_F(CcGeneratedGames, CoverEveryCardEffectVariantEventOptionAndEnding) {
  std::vector<std::string> required{
      // cards and their effects
      "card:warrior:remove", "card:warrior:idle", "card:warrior:own-card", "card:traitor:destroy",
      "card:traitor:destroy-neutral", "card:traitor:remove-threat", "card:flood:plus",
      "card:flood:minus", "card:flood:plus-only", "card:builder:value", "card:builder:wall",
      "card:master-builder", "card:mandarin:swap", "card:mandarin:decline", "cards:cancelled",
      "card:named-at-placement", "card:named-at-reveal",
      // set-up, variants, events
      "players:2", "players:3", "players:4", "variant:none", "variant:neutral-walls",
      "variant:teams", "event:diplomacy", "event:dominance", "event:imperial-reward",
      "event:observation", "boards:inline", "boards:inline-with-token-mix",
      // actions and pieces
      "action:two-walls", "action:two-cards", "action:card-and-wall", "action:double-wall",
      "action:tower", "action:wall", "action:card", "action:pass", "bonus:2", "bonus:3", "bonus:4",
      "neutral:placed", "peek", "peek:removed-token",
      // tower claims
      "tower:claim", "tower:no-claim", "tower:own-wall-ends-claim", "tower:claim-despite-own-wall",
      "claim:space-reserved", "claim:space-reserved-twice", "claim:owner-takes-reserved-space",
      "claim:ended-by-own-wall", "claim:ended-by-swap", "expansion:next-to-claimed-tower",
      // scoring
      "province:tie", "province:neutral-blocks", "province:neutral-ignored",
      "double:two-completions", "score:written-though-optional", "mongol:loss",
      "mongol:tower-protects", "mongol:neutral-blocks", "winners:shared", "teams:tie-broken",
      // expansions and endings
      "expansion:end-of-turn", "expansion:immediate", "expansion:second", "expansion:left",
      "expansion:right", "expansion:after-two-scorings", "immediate:wall-on-new-side",
      "end:wall-complete", "end:passes", "unfinished",
      // record forms
      "naming:placement", "naming:reveal", "naming:mixed", "threats:setup", "threats:play",
      "threats:end", "threats:mixed", "threat:stated-in-play", "threat:stated-at-end",
      "threat:restated", "claims", "turn-numbers", "meta", "annotation", "comment"};
  const char* options[][3] = {{"flood", "plus-or-minus", "plus-only"},
                              {"tower-claim", "until-used", "permanent"},
                              {"expansion-timing", "end-of-turn", "immediate"},
                              {"diplomacy", "most-provinces", "majority-of-provinces"},
                              {"dominance", "each-player", "longest-only"},
                              {"neutral-after-card-and-wall", "other-province", "same-province"},
                              {"neutral-majority", "blocks", "ignored"},
                              {"mongol-destroyed", "ignored", "counted"}};
  for (const auto& o : options)
    for (int v = 1; v <= 2; ++v)
      required.push_back(std::string("option:") + o[0] + "=" + o[v]);
  for (const auto& f : required)
    EXPECT_GT(features_->count(f) ? features_->at(f) : 0, 0) << "no game exercised " << f;
}

}  // namespace
}  // namespace wallaudit::test
