// Chang Cheng components, geometry and expansions by player count: CC-101, CC-102, CC-201,
// CC-205, CC-520, CC-602, and the event cards and neutral walls by id (CC-1001..1003, CC-1103).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "chang_cheng/board.hpp"
#include "support/cc_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

// Two long sides (boards X and Y), 30 spaces each: P1 W1-W10, P2 W11-W20, P3 W21-W30, the
// regions likewise; long enough that nothing completes while supplies run out.
std::string long_record(const std::vector<std::string>& turns, const std::string& rules = "") {
  std::string boards = "<boards>";
  for (const char* side : {"X1", "Y1"}) {
    boards += fmt::format("<side id=\"{}\" board=\"{}\">", side, side[0]);
    for (int w = 0; w < 30; ++w)
      boards += fmt::format("<space province=\"P{0}\" region=\"M{0}\"/>", w / 10 + 1);
    boards += "</side>";
  }
  boards += "</boards>";
  std::string setup = "<side id=\"X1\"/><side id=\"Y1\"/>";
  for (const char* side : {"X1", "Y1"})
    for (int k = 1; k <= 3; ++k)
      setup += fmt::format(
          R"(<reputation province="{0}.P{1}" value="1"/><threat region="{0}.M{1}" value="-2"/>)",
          side, k);
  std::string play;
  for (const auto& t : turns)
    play += t + "\n";
  return fmt::format(
      "<record game=\"chang-cheng\" format=\"1\">{}{}<players><player colour=\"red\"/><player "
      "colour=\"blue\"/></players><setup>{}</setup><play>\n{}</play></record>",
      rules.empty() ? "" : "<rules>" + rules + "</rules>", boards, setup, play);
}

// Walls in turn, each colour on its own side: red on X1, blue on Y1, two provinces a turn.
struct Walls {
  int next[2][3] = {{0, 10, 20}, {0, 10, 20}};
  std::string wall(int who, int province) {
    return fmt::format(R"(<wall space="{}.W{}"/>)", who == 0 ? "X1" : "Y1", ++next[who][province]);
  }
};

std::vector<std::string> rules_at(const GameResult& r) {
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics.items())
    if (d.kind != FindingKind::info) out.push_back(fmt::format("{}@{}", d.rule, d.turn));
  return out;
}

TEST(ChangChengComponents, CC101_FourteenSingleWallsAColour) {
  Walls w;
  std::vector<std::string> turns = {"<turn colour=\"red\">" + w.wall(0, 0) + "</turn>"};
  for (int i = 0; i < 7; ++i) {
    turns.push_back("<turn colour=\"blue\">" + w.wall(1, i % 2) + w.wall(1, 2) + "</turn>");
    turns.push_back("<turn colour=\"red\">" + w.wall(0, 1 + i % 2) + w.wall(0, 0) + "</turn>");
  }
  // Red's walls: 1 + 2 × 7 = 15; the last one breaks CC-405.
  EXPECT_EQ(rules_at(check_text(long_record(turns))), std::vector<std::string>{"CC-405@15"});
  turns.pop_back();
  turns.push_back(R"(<turn colour="red"><card province="X1.P2" card="flood"/>)" + w.wall(0, 1) +
                  "</turn>");
  // Fourteen walls: legal.
  EXPECT_EQ(rules_at(check_text(long_record(turns))), std::vector<std::string>{});
}

TEST(ChangChengComponents, CC101_OneDoubleWallAndOneTowerAColour) {
  std::vector<std::string> turns = {
      R"(<turn colour="red"><wall space="X1.W1"/></turn>)",
      R"(<turn colour="blue"><double spaces="Y1.W1 Y1.W2"/></turn>)",
      R"(<turn colour="red"><tower space="X1.W5"/></turn>)",
      R"(<turn colour="blue"><double spaces="Y1.W11 Y1.W12"/></turn>)",
      R"(<turn colour="red"><tower space="X1.W15"/></turn>)",
  };
  EXPECT_EQ(rules_at(check_text(long_record(turns))),
            (std::vector<std::string>{"CC-405@4", "CC-405@5"}));
}

TEST(ChangChengComponents, CC102_ThePoolHoldsTwelveNeutralWalls) {
  Walls w;
  std::vector<std::string> turns = {"<turn colour=\"red\">" + w.wall(0, 0) + "</turn>"};
  int top[2][3] = {{10, 20, 30}, {10, 20, 30}};  // neutral walls fill each province from its top
  for (int i = 0; i < 13; ++i) {
    int who = i % 2 == 0 ? 1 : 0;
    int p = (i / 2) % 3, q = (p + 1) % 3;
    std::string a = w.wall(who, p), b = w.wall(who, q);
    // The neutral wall goes on the first wall's province (CC-1102).
    std::string n =
        fmt::format(R"(<neutral space="{}.W{}"/>)", who == 0 ? "X1" : "Y1", top[who][p]--);
    turns.push_back(
        fmt::format("<turn colour=\"{}\">{}{}{}</turn>", who == 0 ? "red" : "blue", a, b, n));
  }
  GameResult r = check_text(long_record(turns, R"(<variant name="neutral-walls"/>)"));
  EXPECT_EQ(rules_at(r), std::vector<std::string>{"CC-1101@14"})
      << r.diagnostics.items().front().message;
  bool pool_empty = false;
  for (const auto& d : r.diagnostics.items())
    if (d.message.find("the pool of 12 neutral walls is empty") != std::string::npos)
      pool_empty = true;
  EXPECT_TRUE(pool_empty);
}

// CC-201 and CC-520: a province's base value is its number of spaces; with intact pieces on
// all of them its value is that number plus its token (and card modifiers).
TEST(ChangChengComponents, CC201_CC520_ValueIsSpacesPlusToken) {
  MiniRecord r;
  r.play = R"(<turn colour="red"><wall space="A1.W1"/></turn>
<turn colour="blue"><wall space="A1.W3"/><score province="A1.P2"><award colour="blue" points="2"/></score><wall space="B1.W1"/></turn>
<turn colour="red"><wall space="A1.W2"/><score province="A1.P1"><award colour="red" points="4"/></score><wall space="A1.W4"/></turn>)";
  EXPECT_EQ(check_text(r.str()).verdict, Verdict::ok);  // A1.P2: 1 space + token 1; A1.P1: 2 + 2
}

// CC-205: the geometry comes from the board definition the record names, never guessed.
TEST(ChangChengComponents, CC205_GeometryComesFromTheBoardDefinition) {
  MiniRecord inline_boards;
  inline_boards.play = R"(<turn colour="red"><wall space="A1.W1"/></turn>)";
  EXPECT_NE(check_text(inline_boards.str()).verdict, Verdict::malformed);
  // The same record without the mini set: A1 is not a side of the standard set.
  MiniRecord standard = inline_boards;
  standard.boards = "";
  GameResult r = check_text(standard.str());
  EXPECT_EQ(r.verdict, Verdict::malformed);
  EXPECT_EQ(r.diagnostics.items().front().rule, "REC-007");
  // A record on its own board set gets no note; one on the built-in modelled standard set
  // gets the note that its verdict holds for the model.
  GameResult own = check_text(inline_boards.str());
  for (const auto& d : own.diagnostics.items())
    EXPECT_NE(d.rule, "CC-205") << d.message;
  GameResult on_standard =
      check_text(read_source_file("samples/chang-cheng/legal/three-players.xml"));
  const Diagnostic* note = nullptr;
  for (const auto& d : on_standard.diagnostics.items())
    if (d.kind == FindingKind::info && d.rule == "CC-205") note = &d;
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->rule, "CC-205");
  EXPECT_EQ(on_standard.verdict, Verdict::ok);
}

// The spaces of each province and region, as the set lists them: every space of the group,
// in ascending order (west to east on its side), and no other.
TEST(ChangChengComponents, ProvincesAndRegionsListTheirSpacesInOrder) {
  using namespace cc;
  auto set = standard_board_set();
  ASSERT_NE(set, nullptr);
  ASSERT_GT(set->side_count(), 0);
  int listed = 0;
  for (int g = 0; g < set->side_count() * 3; ++g) {
    std::vector<SpaceId> province, region;
    for (SpaceId s = 0; s < set->space_count(); ++s) {
      if (set->province_of(s) == g) province.push_back(s);
      if (set->region_of(s) == g) region.push_back(s);
    }
    auto p = set->province_spaces(g);
    auto r = set->region_spaces(g);
    EXPECT_EQ(std::vector<SpaceId>(p.begin(), p.end()), province) << set->province_name(g);
    EXPECT_EQ(std::vector<SpaceId>(r.begin(), r.end()), region) << set->region_name(g);
    listed += static_cast<int>(p.size());
  }
  EXPECT_EQ(listed, set->space_count());
}

// CC-602: expansions due by player count (two or three players, and teams: one; four: two).
TEST(ChangChengComponents, CC602_ExpansionsDueByPlayerCount) {
  auto expands = [](const std::string& file) {
    std::string text = read_source_file(file);
    std::size_t n = 0;
    for (auto at = text.find("<expand "); at != std::string::npos;
         at = text.find("<expand ", at + 1))
      ++n;
    return n;
  };
  for (auto [file, due] : std::vector<std::pair<std::string, std::size_t>>{
           {"samples/chang-cheng/legal/four-players-two-expansions.xml", 2},
           {"samples/chang-cheng/legal/three-players.xml", 1},
           {"samples/chang-cheng/legal/two-players-teams.xml", 1}}) {
    SCOPED_TRACE(file);
    EXPECT_EQ(expands(file), due);
    EXPECT_EQ(check_text(read_source_file(file)).verdict, Verdict::ok);
  }
  // Two players: a second expansion is never due.
  std::string text = read_source_file("samples/chang-cheng/legal/two-players-ends-by-passes.xml");
  ASSERT_EQ(expands("samples/chang-cheng/legal/two-players-ends-by-passes.xml"), 1u);
  auto last_turn = text.rfind("</turn>");
  text.insert(
      last_turn,
      R"(<expand side="4A" at="left"><reputation province="4A.P1" value="1"/><reputation province="4A.P2" value="1"/><reputation province="4A.P3" value="1"/><threat region="4A.M1" value="-2"/><threat region="4A.M2" value="-2"/><threat region="4A.M3" value="-2"/></expand>)");
  GameResult r = check_text(text);
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(r.diagnostics.items().front().rule, "CC-601");
  EXPECT_NE(r.diagnostics.items().front().message.find("no expansion is due"), std::string::npos);
}

}  // namespace
}  // namespace wallaudit::test
