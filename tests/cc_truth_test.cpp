// Generated Chang Cheng games, legal and with one rule broken or one claim changed: explain
// agrees with check (support/truth.hpp), and the report's last step states the table's scores.
#include <gtest/gtest.h>

#include "support/cc_generator.hpp"
#include "support/truth.hpp"

using namespace wallaudit::test;

TEST(CcOneTruth, GeneratedGamesAndTheirMutations) {
  std::size_t disputed = 0, illegal = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    GeneratorOptions options;
    options.claims = true;
    GeneratedGame g = generate_game(seed, options);
    EXPECT_EQ(expect_one_truth(g.description, g.xml), "ok");
    expect_report_agrees(g.description, g.xml);
    for (std::size_t k = seed % 4; k < all_mutations().size(); k += 4) {
      auto m = mutate(g, all_mutations()[k], seed);
      if (!m) continue;
      std::string verdict = expect_one_truth(g.description + " / " + m->what, m->xml);
      disputed += verdict == "disputed";
      illegal += verdict == "illegal";
      expect_report_agrees(m->what, m->xml);
    }
  }
  EXPECT_GT(disputed, 5u);
  EXPECT_GT(illegal, 20u);
}
