// The Great Wall of China history for the report layer: the score audit, the frames (text of
// at most 80 columns, one SVG piece per card on the table), canonical moves, annotations and
// facts; and every subcommand on a record of this game.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/history.hpp"
#include "support/gw_generator.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

// Red lays the 5 of S1 on its gate and covers blue's wall with the dragon (turn 3): red has
// 2 + 1 - 5 = -2 there, blue 0 with only a covered card, so blue leads and wins the 3 on
// turn 4 (red takes back its 5). Red 5, blue 3.
const char* const kStory = R"(<record game="great-wall-of-china" format="1">
<players><player colour="red" name="Ann"/><player colour="blue" name="Bo"/></players>
<setup><section id="S1" tokens="3 5"/><section id="S2" tokens="2 7"/><hand colour="red" cards="gate wall wall dragon cavalry"/></setup>
<play>
<turn colour="red"><play section="S1" card="gate"/><draw card="warrior"/></turn>
<turn colour="blue"><play section="S1" card="wall"/><draw/></turn>
<turn colour="red"><score section="S1" token="5" on="1"/><play section="S2" card="wall"/><play section="S1" card="dragon" on="2"/></turn>
<turn colour="blue"><score section="S1" token="3"/><reveal section="S1" tokens="4 8"/><play section="S2" card="gate"/><play section="S2" card="cavalry"/><draw/></turn>
<turn colour="red"><play section="S2" card="warrior"/><draw/></turn>
</play>
<end><final colour="red" points="5"/><final colour="blue" points="3"/></end>
</record>
)";

GameResult replayed(const std::string& text) {
  CheckContext ctx;
  ctx.keep_history = true;
  return check_text(text, ctx);
}

TEST(GreatWallHistory, TheStoryIsLegal) {
  GameResult r = replayed(kStory);
  EXPECT_EQ(r.verdict, Verdict::ok);
  EXPECT_EQ(r.scores, (std::vector<std::pair<std::string, int>>{{"red", 5}, {"blue", 3}}));
  ASSERT_TRUE(r.history);
  EXPECT_EQ(r.history->turns(), 5);
  EXPECT_EQ(r.history->colours(), (std::vector<std::string>{"red", "blue"}));
}

TEST(GreatWallHistory, ExplainsEveryScoringWithTheCardValues) {
  GameResult r = replayed(kStory);
  ASSERT_TRUE(r.history);
  Explanation ex = r.history->explanation();
  ASSERT_EQ(ex.steps.size(), 2u);
  const ExplainStep& first = ex.steps[0];
  EXPECT_EQ(first.turn, 3);
  EXPECT_EQ(first.kind, "first-token");
  EXPECT_EQ(first.title, "S1: red lays the first token, 5");
  EXPECT_EQ(first.lines, (std::vector<std::string>{
                             "red gate 2 = 2",
                             "blue wall 1 = 1",
                             "red leads with 2 against blue 1",
                             "red chooses the 5 of the pair 3 and 5 and lays it on place 1 (red's "
                             "gate): red counts -5 here from now on",
                         }));
  EXPECT_TRUE(first.points.empty());
  const ExplainStep& second = ex.steps[1];
  EXPECT_EQ(second.turn, 4);
  EXPECT_EQ(second.kind, "second-token");
  EXPECT_EQ(second.title, "S1: blue wins the second token, 3");
  EXPECT_EQ(second.lines,
            (std::vector<std::string>{
                "red gate 2 + dragon 1 (on blue's wall) - token 5 = -2",
                "blue no visible card: 0 (1 card under a dragon counts nothing)",
                "blue leads with 0 against red -2",
                "blue takes the remaining 3; red takes the 5 lying on its card; the cards of S1 "
                "leave the game",
                "new pair for S1: 4 and 8",
            }));
  EXPECT_EQ(second.points, (ColourPoints{{"red", 5}, {"blue", 3}}));
  EXPECT_EQ(ex.totals, (ColourPoints{{"red", 5}, {"blue", 3}}));
  EXPECT_EQ(ex.final_claims, (ColourPoints{{"red", 5}, {"blue", 3}}));
  EXPECT_FALSE(ex.finished);
  EXPECT_EQ(ex.notes.front(),
            "the record ends before the game does (with 30 tokens still in the pool); claims are "
            "compared with the scores reached");
}

// The frame's text blocks: titles and lines, trailing blanks removed.
std::string blocks_text(const Frame& f) {
  std::string out;
  for (const auto& block : f.blocks) {
    out += block.title + "\n";
    for (const auto& line : block.lines) {
      std::string text;
      for (const auto& span : line)
        text += span.text;
      while (!text.empty() && text.back() == ' ')
        text.pop_back();
      out += text + "\n";
    }
  }
  return out;
}

TEST(GreatWallHistory, FrameShowsSectionsTokensHandsAndDecks) {
  GameResult r = replayed(kStory);
  ASSERT_TRUE(r.history);
  Frame f = r.history->frame(3);
  EXPECT_EQ(f.label, "after turn 3 (red)");
  EXPECT_EQ(blocks_text(f),
            "Sections (cards left to right; a dragon shows over what it covers)\n"
            "S1  first token 5 on place 1; 3 face up  totals red -2, blue 0\n"
            "   1 red gate [token 5]  2 red dragon over blue wall\n"
            "S2  tokens 2 and 7 face up  totals red 1\n"
            "   1 red wall\n"
            "Players: hands, decks and tokens won\n"
            "red    hand 3, deck 14, played 3/20; no tokens yet\n"
            "        known in hand: wall warrior cavalry\n"
            "blue   hand 5, deck 14, played 1/20; no tokens yet\n"
            "tokens: 32 left in the pool: 2x1 5x2 6x3 7x4 7x5 3x7 2x8\n");
  EXPECT_EQ(f.scores, (ColourPoints{{"red", 0}, {"blue", 0}}));
  // Every card on the table is a piece of the scene, the covered wall too.
  EXPECT_EQ(f.pieces_on_board, 4);
  std::vector<std::string> pieces;
  for (const auto& s : f.scene.shapes)
    if (!s.piece.empty()) pieces.push_back(s.piece);
  EXPECT_EQ(pieces, (std::vector<std::string>{"S1.1", "S1.2.under1", "S1.2", "S2.1"}));
  EXPECT_EQ(r.history->frame(4).pieces_on_board, 3);  // S1 cleared; S2 wall, gate, cavalry
}

TEST(GreatWallHistory, FramesOfGeneratedGamesKeepTheirContracts) {
  for (int i = 0; i < 40; ++i) {
    gwgen::Options o;
    o.players = 2 + i % 4;
    gwgen::Game g = gwgen::generate(static_cast<std::uint64_t>(i) + 900, o);
    GameResult r = replayed(g.xml);
    ASSERT_TRUE(r.history) << g.description;
    ASSERT_EQ(r.history->turns(), g.turns) << g.description;
    for (int t = 0; t <= r.history->turns(); ++t) {
      Frame f = r.history->frame(t);
      int pieces = 0;
      for (const auto& s : f.scene.shapes)
        if (!s.piece.empty()) ++pieces;
      ASSERT_EQ(f.pieces_on_board, pieces) << g.description << " turn " << t;
      for (const auto& block : f.blocks) {
        for (const auto& line : block.lines) {
          std::size_t width = 0;
          for (const auto& span : line)
            width += utf8_length(span.text);
          ASSERT_LE(width, 80u) << g.description << " turn " << t;
        }
      }
    }
  }
}

TEST(GreatWallHistory, CanonicalMovesIgnoreMetaNamesClaimsAndAnnotations) {
  std::string other = kStory;
  other.replace(other.find(R"( name="Ann")"), 11, "");
  other.replace(other.find(R"(points="5")"), 10, R"(points="9")");
  other.replace(other.find("<draw/></turn>\n</play>"), 14,
                "<draw/><annotation>x</annotation></turn>\n");
  other.replace(other.find(R"(<section id="S1" tokens="3 5"/>)"), 31,
                R"(<section id="S1" tokens="5 3"/>)");
  auto a = replayed(kStory).history->canonical();
  auto b = replayed(other).history->canonical();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(a[i].text, b[i].text);
  std::vector<std::string> texts;
  for (const auto& item : a)
    texts.push_back(item.text);
  EXPECT_EQ(texts, (std::vector<std::string>{
                       "players (seat order): red blue",
                       "S1 starts with tokens 3 5",
                       "S2 starts with tokens 2 7",
                       "hand of red: cavalry dragon gate wall wall",
                       "turn by red",
                       "play to S1: 1 x gate",
                       "draw: warrior",
                       "turn by blue",
                       "play to S1: 1 x wall",
                       "draw: unnamed",
                       "turn by red",
                       "score S1: token 5 laid on place 1",
                       "play to S2: 1 x wall",
                       "play to S1: 1 x dragon on place 2",
                       "turn by blue",
                       "score S1: token 3",
                       "new pair for S1: 4 8",
                       "play to S2: 1 x gate",
                       "play to S2: 1 x cavalry",
                       "draw: unnamed",
                       "turn by red",
                       "play to S2: 1 x warrior",
                       "draw: unnamed",
                   }));
}

// The duplicate key is computed without listing the moves; it is the key of the list.
TEST(GreatWallHistory, KeyIsTheKeyOfTheCanonicalMoves) {
  for (int i = 0; i < 30; ++i) {
    gwgen::Options o;
    o.players = 2 + i % 4;
    gwgen::Game g = gwgen::generate(static_cast<std::uint64_t>(i) + 1700, o);
    CheckContext ctx;
    ctx.keep_history = true;
    ctx.want_key = true;
    GameResult r = check_text(g.xml, ctx);
    ASSERT_TRUE(r.history) << g.description;
    EXPECT_EQ(r.key, canonical_key("great-wall-of-china", r.history->canonical())) << g.description;
  }
}

// The scorings of a check without history are moved out of the engine, those kept for a
// history copied (its snapshots share them): both give the same facts.
TEST(GreatWallHistory, FactsTheSameWithAndWithoutHistory) {
  auto facts = [](const std::string& xml, bool history) {
    CheckContext ctx;
    ctx.keep_history = history;
    ctx.want_facts = true;
    std::vector<std::string> out;
    for (const Fact& f : check_text(xml, ctx).facts)
      out.push_back(fmt::format("{} {}", f.name, f.amount));
    return out;
  };
  int scorings = 0;
  for (int i = 0; i < 20; ++i) {
    gwgen::Options o;
    o.players = 2 + i % 4;
    gwgen::Game g = gwgen::generate(static_cast<std::uint64_t>(i) + 2300, o);
    std::vector<std::string> plain = facts(g.xml, false);
    EXPECT_EQ(plain, facts(g.xml, true)) << g.description;
    scorings += static_cast<int>(std::count_if(plain.begin(), plain.end(), [](const auto& f) {
      return f.rfind("scoring: second token", 0) == 0;
    }));
  }
  EXPECT_GT(scorings, 0);
}

TEST(GreatWallHistory, AnnotationsPerTurnAndAtTheEnd) {
  auto notes = replayed(kStory).history->annotations();
  ASSERT_EQ(notes.size(), 6u);
  EXPECT_EQ(notes[2].lines,
            (std::vector<std::string>{"red lays the 5 of S1 on place 1", "totals: red 0, blue 0"}));
  EXPECT_EQ(notes[3].lines, (std::vector<std::string>{
                                "blue wins the 3 of S1 (red takes back the 5)",
                                "points this turn: red +5, blue +3",
                                "totals: red 5, blue 3",
                            }));
  EXPECT_EQ(notes[5].turn, 0);
  EXPECT_EQ(notes[5].lines.front(), "scores reached: red 5, blue 3");
}

// Facts are computed when asked for (stats), and only then.
TEST(GreatWallHistory, FactsForStats) {
  EXPECT_TRUE(check_text(kStory).facts.empty());
  CheckContext ctx;
  ctx.want_facts = true;
  GameResult r = check_text(kStory, ctx);
  auto has = [&](const std::string& name, double amount) {
    for (const auto& f : r.facts)
      if (f.name == name && f.amount == amount) return true;
    return false;
  };
  EXPECT_TRUE(has("unfinished", 1));
  EXPECT_TRUE(has("dragon played on: wall", 1));
  EXPECT_TRUE(has("card played: gate", 1));
  EXPECT_TRUE(has("scoring: first token", 1));
  EXPECT_TRUE(has("scoring: second token", 1));
  EXPECT_TRUE(has("token value won", 3));
  EXPECT_TRUE(has("token value won", 5));
  EXPECT_TRUE(has("scoring turns", 2));
}

// ---- the subcommands ---------------------------------------------------------------------

std::string write_temp(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream out(path, std::ios::binary);
  out << text;
  return path;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(GreatWallCli, EverySubcommandWorks) {
  std::string story = write_temp("gw-story.xml", kStory);
  RunResult json = run_cli({"check", "--format", "json", story});
  EXPECT_EQ(json.status, 0);
  auto parsed = parse_json(json.out);
  ASSERT_TRUE(std::holds_alternative<JsonValue>(parsed)) << json.out;
  const JsonValue& record = std::get<JsonValue>(parsed).find("records")->as_array().at(0);
  EXPECT_EQ(record.find("game")->as_string(), "great-wall-of-china");
  EXPECT_EQ(record.find("verdict")->as_string(), "ok");
  EXPECT_EQ(record.find("scores")->find("red")->as_int(), 5);
  EXPECT_TRUE(record.find("ended_by")->is_null());

  RunResult explain = run_cli({"explain", story});
  EXPECT_EQ(explain.status, 0);
  EXPECT_NE(explain.out.find("S1: blue wins the second token, 3"), std::string::npos);

  RunResult replay = run_cli({"replay", "--turn", "3", "--color", "never", story});
  EXPECT_EQ(replay.status, 0);
  EXPECT_NE(replay.out.find("2 red dragon over blue wall"), std::string::npos);

  std::string changed = kStory;
  std::string warrior = R"(<play section="S2" card="warrior"/>)";
  changed.replace(changed.find(warrior), warrior.size(), R"(<play section="S2" card="gate"/>)");
  std::string other = write_temp("gw-story-2.xml", changed);
  RunResult diff = run_cli({"diff", story, other});
  EXPECT_EQ(diff.status, 1);
  EXPECT_NE(diff.out.find("part at turn 5"), std::string::npos) << diff.out;

  std::string annotated = ::testing::TempDir() + "/gw-story-annotated.xml";
  EXPECT_EQ(run_cli({"annotate", story, "-o", annotated}).status, 0);
  RunResult again = run_cli({"check", "--format", "jsonl", annotated});
  EXPECT_EQ(again.status, 0);
  EXPECT_NE(again.out.find(R"("verdict":"ok")"), std::string::npos);
  EXPECT_NE(read_all(annotated).find("<annotation>"), std::string::npos);

  std::string page = ::testing::TempDir() + "/gw-story.html";
  EXPECT_EQ(run_cli({"report", story, "-o", page}).status, 0);
  std::string html = read_all(page);
  EXPECT_NE(html.find("data-piece=\"S1.2.under1\""), std::string::npos);
  EXPECT_NE(html.find("Great Wall of China"), std::string::npos);
}

}  // namespace
}  // namespace wallaudit::test
