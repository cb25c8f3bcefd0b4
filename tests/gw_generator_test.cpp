// Generated Great Wall of China games (support/gw_generator, an independent implementation of
// the rules): every one is legal with the generator's scores, winners and end; every
// single-rule mutation of one is illegal with the broken rule first, at its turn, and not as a
// follow-on; a changed claim makes it disputed; explanations add up to the totals.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <string>

#include "core/history.hpp"
#include "support/gw_generator.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

using gwgen::Mutation;

constexpr int kGames = 1000;

std::string listing(const GameResult& r, std::size_t n = 6) {
  std::string out;
  for (std::size_t i = 0; i < r.diagnostics.items().size() && i < n; ++i) {
    const auto& d = r.diagnostics.items()[i];
    out += fmt::format("    {} turn {} line {}{}: {}\n", d.rule, d.turn, d.loc.line,
                       d.follow_on ? " (follow-on)" : "", d.message);
  }
  return out;
}

// The options of game `i`: every player count and naming mode, some unfinished records.
gwgen::Options options_for(int i) {
  gwgen::Options o;
  o.players = 2 + i % 4;
  o.naming = static_cast<gwgen::Naming>((i / 4) % 3);
  return o;
}

class GeneratedGames : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    games_ = new std::vector<gwgen::Game>();
    for (int i = 0; i < kGames; ++i)
      games_->push_back(
          gwgen::generate(static_cast<std::uint64_t>(i) * 2654435761u + 17, options_for(i)));
  }
  static void TearDownTestSuite() {
    delete games_;
    games_ = nullptr;
  }
  static std::vector<gwgen::Game>* games_;
};

std::vector<gwgen::Game>* GeneratedGames::games_ = nullptr;

// Writes one generated game to standard output (for new sample records):
//   GW_SEED=N [GW_PLAYERS=P] [GW_NAMING=0|1|2] gw_generator_test --gtest_filter='*Dump'
TEST(GwGenerator, Dump) {
  const char* seed = std::getenv("GW_SEED");
  if (!seed) GTEST_SKIP() << "set GW_SEED to dump a game";
  gwgen::Options o;
  if (const char* p = std::getenv("GW_PLAYERS")) o.players = std::atoi(p);
  if (const char* n = std::getenv("GW_NAMING")) o.naming = static_cast<gwgen::Naming>(std::atoi(n));
  o.meta = true;
  o.claims = true;
  o.unfinished = false;
  gwgen::Game g = gwgen::generate(std::strtoull(seed, nullptr, 10), o);
  std::string features;
  for (const auto& f : g.features)
    features += " " + f;
  std::cout << g.xml << "<!-- " << g.description << ";" << features << " -->\n";
}

TEST(GwGenerator, IsDeterministicPerSeed) {
  gwgen::Game a = gwgen::generate(42), b = gwgen::generate(42), c = gwgen::generate(43);
  EXPECT_EQ(a.xml, b.xml);
  EXPECT_NE(a.xml, c.xml);
}

TEST_F(GeneratedGames, EveryGameIsLegalWithTheGeneratorsOutcome) {
  CheckContext ctx;
  ctx.keep_history = true;
  int failures = 0;
  for (const auto& g : *games_) {
    GameResult r = check_text(g.xml, ctx);
    std::map<std::string, int> scores(r.scores.begin(), r.scores.end());
    std::vector<std::string> winners = r.winners;
    std::sort(winners.begin(), winners.end());
    bool ok = r.verdict == Verdict::ok && scores == g.scores && winners == g.winners &&
              r.finished == g.finished;
    if (g.finished)
      ok = ok && r.ended_by == g.end_reason;
    else
      ok = ok && r.ended_by.empty();
    // The explanation's steps match the generator's scorings and add up to the totals.
    if (ok) {
      ASSERT_TRUE(r.history);
      Explanation ex = r.history->explanation();
      ok = ex.steps.size() == g.scorings.size();
      std::map<std::string, int> sum;
      for (std::size_t i = 0; ok && i < ex.steps.size(); ++i) {
        const auto& step = ex.steps[i];
        const auto& trace = g.scorings[i];
        std::map<std::string, int> points(step.points.begin(), step.points.end());
        ok = step.turn == trace.turn && points == trace.points &&
             step.kind == (trace.second ? "second-token" : "first-token");
        for (const auto& [c, p] : step.points)
          sum[c] += p;
      }
      for (const auto& [c, p] : ex.totals)
        if (sum[c] != p || scores[c] != p) ok = false;
    }
    if (!ok && ++failures <= 5)
      ADD_FAILURE() << g.description << "\nverdict " << to_string(r.verdict) << ", finished "
                    << r.finished << "\n"
                    << listing(r) << g.xml;
  }
  EXPECT_EQ(failures, 0);
}

TEST_F(GeneratedGames, CoverEveryPlayerCountCardTypeAndEnd) {
  std::map<std::string, int> seen;
  for (const auto& g : *games_)
    for (const auto& f : g.features)
      ++seen[f];
  for (const char* f :
       {"players:2",         "players:3",          "players:4",         "players:5",
        "naming:at-draw",    "naming:when-played", "naming:mixed",      "card:wall",
        "card:gate",         "card:watchtower",    "card:noble",        "card:warrior",
        "card:cavalry",      "card:dragon",        "dragon:on-card",    "dragon:at-end",
        "dragon:on-dragon",  "dragon:on-noble",    "warriors:3+",       "group-play",
        "end:last-token",    "end:last-round",     "scoring-only-turn", "deck-emptied",
        "discard",           "section-closed",     "empty-reveal",      "lone-scorer",
        "lone-negative-win", "both-tokens",        "shared-win",        "unfinished"})
    EXPECT_GE(seen[f], 3) << f;
}

// Every kind of mutation, over all the games (one test, so that the games are generated once
// per process: ctest runs each test on its own).
TEST_F(GeneratedGames, EverySingleRuleMutationIsFoundFirstAtItsTurn) {
  for (Mutation kind : gwgen::all_mutations()) {
    SCOPED_TRACE(std::string(gwgen::mutation_name(kind)));
    int applied = 0, failures = 0;
    for (std::size_t i = 0; i < games_->size(); ++i) {
      const gwgen::Game& g = (*games_)[i];
      auto m = gwgen::mutate(g, kind, i * 7 + 3);
      if (!m) continue;
      ++applied;
      GameResult r = check_text(m->xml);
      bool ok;
      if (gwgen::is_dispute(kind)) {
        auto disputes = findings(r, FindingKind::dispute);
        ok = r.verdict == Verdict::disputed && !disputes.empty() &&
             disputes.front()->rule == m->rule && disputes.front()->turn == 0;
      } else {
        auto rules = findings(r, FindingKind::rule);
        ok = r.verdict == Verdict::illegal && !rules.empty() && rules.front()->rule == m->rule &&
             rules.front()->turn == m->turn && !rules.front()->follow_on;
      }
      if (!ok && ++failures <= 3)
        ADD_FAILURE() << gwgen::mutation_name(kind) << " (" << m->what << ") of " << g.description
                      << ": want " << m->rule << " at turn " << m->turn << ", verdict "
                      << to_string(r.verdict) << "\n"
                      << listing(r);
    }
    EXPECT_EQ(failures, 0);
    EXPECT_GE(applied, 20) << gwgen::mutation_name(kind) << " found too few places";
  }
}

}  // namespace
}  // namespace wallaudit::test
