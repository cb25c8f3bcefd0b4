// Generated Dschingis Bohn games, legal and with one rule broken or one claim changed: explain
// agrees with check (support/truth.hpp), and the report agrees with its table.
#include <gtest/gtest.h>

#include "support/db_generator.hpp"
#include "support/truth.hpp"

using namespace wallaudit::test;

TEST(DbOneTruth, GeneratedGamesAndTheirMutations) {
  std::size_t disputed = 0, illegal = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    DbGeneratorOptions options;
    options.claims = true;
    options.map = seed % 2 ? DbMapChoice::builtin : DbMapChoice::inline_map;
    DbGeneratedGame g = generate_db_game(seed, options);
    EXPECT_EQ(expect_one_truth(g.description, g.xml()), "ok");
    expect_report_agrees(g.description, g.xml());
    for (std::size_t k = seed % 3; k < all_db_mutations().size(); k += 3) {
      auto m = mutate_db_game(g, all_db_mutations()[k], seed);
      if (!m) continue;
      std::string verdict = expect_one_truth(g.description + " / " + m->what, m->xml);
      disputed += verdict == "disputed";
      illegal += verdict == "illegal";
      expect_report_agrees(m->what, m->xml);
    }
  }
  EXPECT_GT(disputed, 3u);
  EXPECT_GT(illegal, 10u);
}
