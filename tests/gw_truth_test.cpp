// Generated Great Wall of China games, legal and with one rule broken or one claim changed:
// explain agrees with check (support/truth.hpp), and the report agrees with its table.
#include <gtest/gtest.h>

#include "support/gw_generator.hpp"
#include "support/truth.hpp"

using namespace wallaudit::test;

TEST(GwOneTruth, GeneratedGamesAndTheirMutations) {
  std::size_t disputed = 0, illegal = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    gwgen::Game g = gwgen::generate(seed);
    EXPECT_EQ(expect_one_truth(g.description, g.xml), "ok");
    expect_report_agrees(g.description, g.xml);
    for (std::size_t k = seed % 3; k < gwgen::all_mutations().size(); k += 3) {
      auto m = gwgen::mutate(g, gwgen::all_mutations()[k], seed);
      if (!m) continue;
      std::string verdict = expect_one_truth(g.description + " / " + m->what, m->xml);
      disputed += verdict == "disputed";
      illegal += verdict == "illegal";
      expect_report_agrees(m->what, m->xml);
    }
  }
  EXPECT_GT(disputed, 0u);
  EXPECT_GT(illegal, 10u);
}
