// Dschingis Bohn maps: the built-in modelled-19 reproduces the published facts, map
// definitions are validated, and maps given on the command line are listed and used.
#include <gtest/gtest.h>

#include <algorithm>
#include <queue>
#include <string>

#include "core/registry.hpp"
#include "dschingis_bohn/map.hpp"
#include "dschingis_bohn/state.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

using db::SpaceId;

SpaceId id(const db::MapDef& m, const char* name) {
  auto s = m.find(name);
  EXPECT_TRUE(s.has_value()) << name;
  return s.value_or(0);
}

int distance(const db::MapDef& m, SpaceId a, SpaceId b) {
  std::vector<int> d(static_cast<std::size_t>(m.size()), -1);
  std::queue<SpaceId> q;
  d[static_cast<std::size_t>(a)] = 0;
  q.push(a);
  while (!q.empty()) {
    SpaceId s = q.front();
    q.pop();
    for (SpaceId n : m.spaces[static_cast<std::size_t>(s)].adjacent)
      if (d[static_cast<std::size_t>(n)] < 0) {
        d[static_cast<std::size_t>(n)] = d[static_cast<std::size_t>(s)] + 1;
        q.push(n);
      }
  }
  return d[static_cast<std::size_t>(b)];
}

TEST(DbMap, ModelledNineteenHasThePublishedShape) {
  auto map = db::modelled_map();
  EXPECT_TRUE(map->modelled);
  EXPECT_EQ(map->name, "modelled-19");
  ASSERT_EQ(map->size(), 19);
  int pairs = 0;
  for (const auto& s : map->spaces)
    pairs += static_cast<int>(s.adjacent.size());
  EXPECT_EQ(pairs / 2, 42);
  // Rows of 3, 4, 5, 4, 3.
  std::vector<int> rows(5);
  for (const auto& s : map->spaces)
    ++rows[static_cast<std::size_t>(*s.y)];
  EXPECT_EQ(rows, (std::vector<int>{3, 4, 5, 4, 3}));
  // 19 territory cards for every player count: the open sites number 19 - players.
  for (int n = 3; n <= 5; ++n) {
    ASSERT_TRUE(map->camps_for(n).has_value()) << n;
    EXPECT_EQ(map->camps_for(n)->size(), static_cast<std::size_t>(n));
  }
  EXPECT_EQ(map->list(*map->camps_for(3)), "01 12 17");
  EXPECT_EQ(map->list(*map->camps_for(4)), "02 08 12 18");
  EXPECT_EQ(map->list(*map->camps_for(5)), "01 03 08 12 18");
  // Camp sites of 3 players are 4 steps apart, of 4 players 3 or 4, of 5 players 2 to 4.
  for (int n = 3; n <= 5; ++n) {
    const auto& c = *map->camps_for(n);
    for (std::size_t i = 0; i < c.size(); ++i)
      for (std::size_t j = i + 1; j < c.size(); ++j) {
        int d = distance(*map, c[i], c[j]);
        int lo = n == 3 ? 4 : n == 4 ? 3 : 2;
        EXPECT_GE(d, lo) << n;
        EXPECT_LE(d, 4) << n;
      }
  }
  EXPECT_TRUE(
      std::none_of(map->fixed.begin(), map->fixed.end(), [](auto& f) { return f.has_value(); }));
}

// The rulebook's river example (DB-203): from 09 across a river on 10 one may attack 06, 11
// or 15; with rivers on 10 and 06 also 02, 03 or 07 (DB-204).
TEST(DbMap, TheRulebooksRiverExample) {
  auto map = db::modelled_map();
  auto reach = [&](std::vector<const char*> rivers, bool forest) {
    db::Setup s;
    s.map = map;
    s.seats = {db::Colour::red, db::Colour::blue, db::Colour::green};
    s.cards.assign(19, db::Card::village);
    s.owner.assign(19, -1);
    for (const char* r : rivers)
      s.cards[static_cast<std::size_t>(id(*map, r))] = db::Card::river;
    s.owner[static_cast<std::size_t>(id(*map, "09"))] = 0;
    if (forest) {
      s.cards[static_cast<std::size_t>(id(*map, "17"))] = db::Card::forest;
      s.owner[static_cast<std::size_t>(id(*map, "17"))] = 0;
    }
    s.hands.assign(3, std::nullopt);
    db::Violations v;
    db::State st(s, v);
    std::vector<std::string> out;
    for (SpaceId t = 0; t < map->size(); ++t) {
      const auto& name = map->spaces[static_cast<std::size_t>(t)].id;
      if (st.space(t).owner == 0 || st.reachable(0, t) == false) continue;
      // Only what the river adds: spaces next to 09 (or the forest 17) are reachable anyway.
      bool near = map->adjacent(t, id(*map, "09")) || (forest && map->adjacent(t, id(*map, "17")));
      if (!near) out.push_back(name);
    }
    return out;
  };
  EXPECT_EQ(reach({"10"}, true), (std::vector<std::string>{"06", "11", "15"}));
  EXPECT_EQ(reach({"10", "06"}, true), (std::vector<std::string>{"02", "03", "07", "11", "15"}));
  EXPECT_EQ(reach({"10"}, false), std::vector<std::string>{}) << "no forest, no crossing";
}

const char* const kBroken =
    "<map name=\"bad\">\n  <space id=\"a\" adj=\"b\"/>\n  <space id=\"b\"/>\n</map>\n";
const char* const kGood =
    "<map name=\"ring\">\n  <space id=\"a\" adj=\"b c\"/>\n  <space id=\"b\" adj=\"a c\"/>\n"
    "  <space id=\"c\" adj=\"a b\"/>\n  <camp-sites players=\"3\" spaces=\"a b c\"/>\n</map>\n";

TEST(DbMap, DefinitionsAreValidatedWithPositionsInTheirFile) {
  Diagnostics problems;
  db::MapCatalogue c = db::make_catalogue(
      {{"bad.map", kBroken}, {"ring.map", kGood}, {"boards.xml", "<board-set name=\"x\"/>"}},
      problems);
  ASSERT_EQ(problems.items().size(), 1u);
  const Diagnostic& d = problems.items().front();
  EXPECT_EQ(d.rule, "REC-014");
  EXPECT_EQ(d.file, "bad.map");
  EXPECT_EQ(d.loc, (SourceLoc{2, 22}));
  EXPECT_NE(d.message.find("adjacency is symmetric"), std::string::npos) << d.message;
  ASSERT_EQ(c.maps.size(), 2u);  // the built-in one and ring; another game's file is skipped
  EXPECT_EQ(c.default_map->name, "ring");
  EXPECT_EQ(c.default_map->origin, "ring.map");
  EXPECT_EQ(c.find("modelled-19"), db::modelled_map());
}

TEST(DbMap, TheGameDescribesItsMaps) {
  const Game* game = builtin_registry().find("dschingis-bohn");
  ASSERT_NE(game, nullptr);
  CheckContext ctx;
  ctx.definitions.push_back({"ring.map", kGood});
  Diagnostics problems;
  auto tables = game->describe_boards(ctx, problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(tables.size(), 2u);
  EXPECT_EQ(tables[0].title, "Dschingis Bohn map \"modelled-19\" (built in, modelled)");
  EXPECT_EQ(tables[1].title, "Dschingis Bohn map \"ring\" (ring.map), the default");
  EXPECT_EQ(tables[0].rows.size(), 19u);
  EXPECT_EQ(tables[0].rows[0],
            (std::vector<std::string>{"01", "2", "0", "02 04 05", "3 5 players", "-"}));
  bool modelled_note = false;
  for (const auto& n : tables[0].notes)
    modelled_note |= n.find("modelled") != std::string::npos;
  EXPECT_TRUE(modelled_note);
}

TEST(DbMap, BoardsCommandListsTheMapsAndReportsBrokenOnes) {
  RunResult r = run_cli({"boards"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Dschingis Bohn map \"modelled-19\" (built in, modelled), the default"),
            std::string::npos)
      << r.out;
  RunResult club = run_cli(
      {"boards", "--boards", source_dir() + "/samples/dschingis-bohn/maps/river-valley.map"});
  EXPECT_EQ(club.status, 0) << club.err;
  EXPECT_NE(club.out.find("map \"river-valley\""), std::string::npos);
  std::string path = ::testing::TempDir() + "/db-bad.map";
  FILE* f = std::fopen(path.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs(kBroken, f);
  std::fclose(f);
  RunResult broken = run_cli({"boards", "--boards", path});
  EXPECT_EQ(broken.status, 2);
  EXPECT_NE(broken.err.find("db-bad.map:2:22: error: space a lists b as adjacent"),
            std::string::npos)
      << broken.err;
}

}  // namespace
}  // namespace wallaudit::test
