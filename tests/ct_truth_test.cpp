// Generated Catan "The Great Wall" games (won by a player or by the Huns), legal and with one
// rule broken or one claim changed: explain agrees with check (support/truth.hpp), and the
// report agrees with its table.
#include <gtest/gtest.h>

#include "support/ct_generator.hpp"
#include "support/support.hpp"
#include "support/truth.hpp"

using namespace wallaudit::test;

TEST(CtOneTruth, GeneratedGamesAndTheirMutations) {
  std::size_t disputed = 0, illegal = 0, huns = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    CtGeneratorOptions options;
    options.claims = true;
    options.wall_bias = seed % 2 ? 0.05 : 0.8;
    CtGeneratedGame g = generate_ct_game(seed, options);
    EXPECT_EQ(expect_one_truth(g.description, g.xml), "ok");
    expect_report_agrees(g.description, g.xml);
    if (g.outcome == "huns") {
      ++huns;
      // A game the Huns won is finished like any other.
      RunResult r = run_cli({"check", "-"}, &g.xml);
      EXPECT_NE(r.out.find("; final scores: "), std::string::npos) << r.out;
      EXPECT_EQ(r.out.find("unfinished"), std::string::npos) << r.out;
    }
    for (std::size_t k = seed % 3; k < all_ct_mutations().size(); k += 3) {
      auto m = ct_mutate(g, all_ct_mutations()[k], seed);
      if (!m) continue;
      std::string verdict = expect_one_truth(g.description + " / " + m->what, m->xml);
      disputed += verdict == "disputed";
      illegal += verdict == "illegal";
      expect_report_agrees(m->what, m->xml);
    }
  }
  EXPECT_GT(disputed, 3u);
  EXPECT_GT(illegal, 10u);
  EXPECT_GT(huns, 0u);
}
