// The Great Wall of China reader: every format error is a REC-… diagnostic placed at the
// character it concerns, with the whole message asserted.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "great_wall/types.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

const char* const kRoot = R"(<record game="great-wall-of-china" format="1">)";
const char* const kPlayers =
    R"(<players><player colour="red" name="Ann"/><player colour="blue"/></players>)";
const char* const kSetup =
    R"(<setup><section id="S1" tokens="3 5"/><section id="S2" tokens="2 7"/></setup>)";

// A two-player record: the root, players and set-up on lines 1-3, `play` inside <play> on
// line 5, then `tail` (e.g. an <end>).
std::string standard(const std::string& play, const std::string& tail = "") {
  return fmt::format("{}\n{}\n{}\n<play>\n{}\n</play>\n{}</record>\n", kRoot, kPlayers, kSetup,
                     play, tail);
}

std::string with_setup(const std::string& setup) {
  return fmt::format("{}\n{}\n<setup>{}</setup>\n<play/>\n</record>\n", kRoot, kPlayers, setup);
}

// The first diagnostic must be `rule`, at the first occurrence of `at` in the text (at the
// last line when `at` is empty), with exactly `message`.
struct FormatCase {
  std::string name;
  std::string text;
  std::string rule;
  std::string at;
  std::string message;
};

void run(const std::vector<FormatCase>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    GameResult r = check_text(c.text);
    EXPECT_EQ(r.verdict, Verdict::malformed);
    ASSERT_FALSE(r.diagnostics.empty());
    const Diagnostic& d = r.diagnostics.items().front();
    EXPECT_EQ(d.rule, c.rule) << d.message;
    if (!c.at.empty()) {
      auto offset = c.text.find(c.at);
      ASSERT_NE(offset, std::string::npos) << "anchor not in the text: " << c.at;
      SourceLoc expected = LineIndex(c.text).locate(offset);
      EXPECT_EQ(d.loc, expected) << d.message << " at " << d.loc.line << ":" << d.loc.column
                                 << ", expected " << expected.line << ":" << expected.column;
    } else {
      EXPECT_EQ(d.loc.line, LineIndex(c.text).line_count()) << d.message;
    }
    EXPECT_EQ(d.message, c.message);
    EXPECT_FALSE(r.scores_known);
    EXPECT_TRUE(r.winners.empty());
  }
}

TEST(GreatWallReader, ReadsAWellFormedRecord) {
  GameResult r =
      check_text(standard(R"(<turn colour="red"><play section="S1" card="gate"/><draw/></turn>)"));
  EXPECT_EQ(r.verdict, Verdict::ok);
  EXPECT_EQ(r.game, "great-wall-of-china");
  EXPECT_TRUE(r.scores_known);
}

TEST(GreatWallReader, DocumentLevelErrors) {
  run({
      {"REC-001 truncated XML",
       fmt::format("{}\n{}\n{}\n<play>\n<turn colour=\"red\"><draw/>", kRoot, kPlayers, kSetup),
       "REC-001", "",
       "not well-formed XML: end tag does not match its start tag (is the file truncated?)"},
      {"REC-002 another format version",
       R"(<record game="great-wall-of-china" format="2"><players/><setup/><play/></record>)",
       "REC-002", "2\"><players/>", "format \"2\" is not supported (this tool reads format 1)"},
      {"REC-015 invalid UTF-8", standard("<turn colour=\"red\">\xff</turn>"), "REC-015", "\xff",
       "invalid UTF-8 (byte 0xFF): a record is UTF-8 text"},
      {"REC-015 another encoding",
       std::string("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n") + standard(""), "REC-015",
       "<?xml version", "encoding \"ISO-8859-1\" is not supported: a record is UTF-8 text"},
      {"REC-016 a document type declaration", "<!DOCTYPE record>\n" + standard(""), "REC-016",
       "<!DOCTYPE", "a document type declaration is not allowed: records use no DTD or entities"},
  });
}

TEST(GreatWallReader, ElementErrors) {
  run({
      {"REC-003 an element of another game in a turn",
       standard(R"(<turn colour="red"><wall space="1A.W1"/></turn>)"), "REC-003", "<wall",
       "unknown element <wall> in <turn>"},
      {"REC-003 an unknown element at the top",
       std::string(kRoot) + R"(<rules/>)" + kPlayers + kSetup + "<play/></record>", "REC-003",
       "<rules/>", "unknown element <rules> in <record>"},
      {"REC-003 an unknown element in the set-up", with_setup(R"(<pair section="S1"/>)"), "REC-003",
       "<pair", "unknown element <pair> in <setup>"},
      {"REC-003 an element inside <draw>",
       standard(R"(<turn colour="red"><draw><card/></draw></turn>)"), "REC-003", "<card/>",
       "unknown element <card> in <draw>"},
      {"REC-003 an unknown element in <end>", standard("", "<end><winner colour=\"red\"/></end>\n"),
       "REC-003", "<winner", "unknown element <winner> in <end>"},
      {"REC-005 no <setup>", std::string(kRoot) + kPlayers + "<play/></record>", "REC-005",
       "<record", "the record has no <setup> section (required)"},
      {"REC-008 sections out of order", std::string(kRoot) + kSetup + kPlayers + "<play/></record>",
       "REC-008", "<players>",
       "<players> must come before <setup> (order: meta, players, setup, play, end)"},
      {"REC-009 text in a turn", standard(R"(<turn colour="red">draws twice<draw/></turn>)"),
       "REC-009", "draws twice", "text is not allowed inside <turn>"},
      {"REC-009 text in the set-up", with_setup(R"(<section id="S1" tokens="3 5"/>and more)"),
       "REC-009", "and more", "text is not allowed inside <setup>"},
      {"REC-010 <players> twice",
       std::string(kRoot) + kPlayers + kPlayers + kSetup + "<play/></record>", "REC-010",
       std::string(kPlayers) + kSetup,
       "<players> appears twice; each section appears at most once"},
  });
}

TEST(GreatWallReader, AttributeErrors) {
  run({
      {"REC-004 a turn number (records have none)",
       standard(R"(<turn colour="red" n="1"><draw/><draw/></turn>)"), "REC-004", "n=\"1\"",
       "unknown attribute 'n' on <turn> (expected: colour)"},
      {"REC-004 an unknown attribute on a score",
       standard(R"(<turn colour="red"><score section="S1" token="5" on="1" by="red"/></turn>)"),
       "REC-004", "by=", "unknown attribute 'by' on <score> (expected: section, token, on)"},
      {"REC-005 a turn without colour", standard(R"(<turn><draw/></turn>)"), "REC-005", "<turn>",
       "<turn> needs the attribute 'colour'"},
      {"REC-005 a play without card", standard(R"(<turn colour="red"><play section="S1"/></turn>)"),
       "REC-005", "<play section", "<play> needs the attribute 'card'"},
      {"REC-005 a score without token",
       standard(R"(<turn colour="red"><score section="S1" on="1"/></turn>)"), "REC-005", "<score",
       "<score> needs the attribute 'token'"},
      {"REC-005 a section without tokens", with_setup(R"(<section id="S1"/>)"), "REC-005",
       "<section", "<section> needs the attribute 'tokens'"},
      {"REC-005 a hand without cards", with_setup(R"(<hand colour="red"/>)"), "REC-005", "<hand",
       "<hand> needs the attribute 'cards'"},
      {"REC-005 a player without colour",
       std::string(kRoot) + R"(<players><player name="Ann"/></players>)" + kSetup +
           "<play/></record>",
       "REC-005", "<player ", "<player> needs the attribute 'colour'"},
      {"REC-005 a final without points", standard("", "<end><final colour=\"red\"/></end>\n"),
       "REC-005", "<final", "<final> needs the attribute 'points'"},
      {"REC-006 a bad colour", standard(R"(<turn colour="purple"><draw/></turn>)"), "REC-006",
       "purple", "\"purple\" is not a colour (red, yellow, green, blue, brown)"},
      {"REC-006 a bad card",
       standard(R"(<turn colour="red"><play section="S1" card="tower"/></turn>)"), "REC-006",
       "tower",
       "\"tower\" is not a card (wall, gate, watchtower, noble, warrior, cavalry, dragon)"},
      {"REC-006 a bad card in a hand",
       with_setup(R"(<hand colour="red" cards="wall gate traitor wall wall"/>)"), "REC-006",
       "wall gate traitor",
       "\"traitor\" is not a card (wall, gate, watchtower, noble, warrior, cavalry, dragon)"},
      {"REC-006 one card type repeated",
       standard(R"(<turn colour="red"><play section="S1" card="wall wall"/></turn>)"), "REC-006",
       "wall wall",
       "\"wall wall\" repeats one card type: several identical cards are written card=\"wall\" "
       "count=\"2\""},
      {"REC-006 no card named",
       standard(R"(<turn colour="red"><play section="S1" card=" "/></turn>)"), "REC-006",
       " \"/></turn>", "'card' of <play> names no card"},
      {"REC-006 a draw naming two cards",
       standard(R"(<turn colour="red"><draw card="wall gate"/></turn>)"), "REC-006", "wall gate",
       "<draw> takes one card, \"wall gate\" names 2"},
      {"REC-006 count 0",
       standard(R"(<turn colour="red"><play section="S1" card="wall" count="0"/></turn>)"),
       "REC-006", "0\"/>", "'count' of <play> must lie between 1 and 1000000, not 0"},
      {"REC-006 on 0",
       standard(R"(<turn colour="red"><play section="S1" card="dragon" on="0"/></turn>)"),
       "REC-006", "0\"/>", "'on' of <play> must lie between 1 and 1000000, not 0"},
      {"REC-006 a token that is not a number",
       standard(R"(<turn colour="red"><score section="S1" token="five" on="1"/></turn>)"),
       "REC-006", "five", "'token' of <score> must be a whole number, not \"five\""},
      {"REC-006 a token list with a word", with_setup(R"(<section id="S1" tokens="3 five"/>)"),
       "REC-006", "3 five",
       "'tokens' of <section> is a list of whole numbers; \"five\" is not one"},
      {"REC-006 a huge token", with_setup(R"(<section id="S1" tokens="3 99999999999"/>)"),
       "REC-006", "3 9999", "'tokens' of <section> holds 99999999999, beyond any token value"},
      {"REC-006 points that are not a number",
       standard("", "<end><final colour=\"red\" points=\"ten\"/></end>\n"), "REC-006", "ten",
       "'points' of <final> must be a whole number, not \"ten\""},
      {"REC-007 S3 in a game of two",
       standard(R"(<turn colour="red"><play section="S3" card="wall"/><draw/></turn>)"), "REC-007",
       "S3", "\"S3\" is not a section in play (a game of 2 players has S1 and S2)"},
      {"REC-007 a section id of another shape", with_setup(R"(<section id="north" tokens="3 5"/>)"),
       "REC-007", "north",
       "\"north\" is not a section in play (a game of 2 players has S1 and S2)"},
      {"REC-007 S4 in a game of three",
       std::string(kRoot) +
           R"(<players><player colour="red"/><player colour="blue"/><player colour="green"/></players>)" +
           R"(<setup><discard section="S4" tokens="2 2"/></setup><play/></record>)",
       "REC-007", "S4", "\"S4\" is not a section in play (a game of 3 players has S1, S2 and S3)"},
  });
}

// Section names are written as the records write them, and parse back.
TEST(GreatWallReader, SectionNamesRoundTrip) {
  for (int s = 0; s < 9; ++s) {
    EXPECT_EQ(gw::section_name(s), fmt::format("S{}", s + 1));
    EXPECT_EQ(gw::parse_section(gw::section_name(s)), s);
  }
  EXPECT_EQ(gw::section_name(9), "S10");
  EXPECT_EQ(gw::parse_section("S10"), std::nullopt);
  EXPECT_EQ(gw::parse_section("S0"), std::nullopt);
}

TEST(GreatWallReader, TooManyTurnsAreNotRead) {
  CheckContext ctx;
  ctx.max_turns = 2;
  std::string text = standard(R"(<turn colour="red"><draw/><draw/></turn>
<turn colour="blue"><draw/><draw/></turn>
<turn colour="red"><draw/><draw/></turn>)");
  GameResult r = check_text(text, ctx);
  ASSERT_EQ(rules_of(r), std::vector<std::string>{"REC-017"});
  const Diagnostic& d = r.diagnostics.items().front();
  EXPECT_EQ(d.message, "the record has more than 2 turns (--max-turns); it is not read");
  EXPECT_EQ(d.loc, (SourceLoc{7, 1}));
}

TEST(GreatWallReader, ReportsEveryFormatErrorNotJustTheFirst) {
  GameResult r = check_text(standard(
      R"(<turn colour="red"><play section="S5" card="wall"/></turn><turn colour="bleu"><draw/></turn><turn colour="red"><pass/></turn>)"));
  EXPECT_EQ(rules_of(r), (std::vector<std::string>{"REC-007", "REC-006", "REC-003"}));
}

TEST(GreatWallReader, MetaNamesSetupOrderAndAnnotationsAreFree) {
  std::string text = fmt::format(
      "{}<meta><event>Club night</event><table>3</table><anything "
      "a=\"b\">x<nested/></anything></meta>\n"
      "<players><player colour=\"red\"/><player colour=\"blue\"/></players>\n"
      "<setup><hand colour=\"red\" cards=\"wall wall gate warrior dragon\"/><section id=\"S2\" "
      "tokens=\"2 7\"/>"
      "<section id=\"S1\" tokens=\"3 5\"/></setup>\n"
      "<play>\n<turn colour=\"red\"><play section=\"S1\" card=\"gate\"/><annotation>ok "
      "<b>bold</b></annotation><draw/></turn>\n</play>\n"
      "<end><annotation>the end</annotation></end>\n</record>\n",
      kRoot);
  GameResult r = check_text(text);
  EXPECT_EQ(r.verdict, Verdict::ok)
      << (r.diagnostics.empty() ? "" : r.diagnostics.items().front().message);
}

TEST(GreatWallReader, TextOutputShowsTheLineAndACaret) {
  std::string text = standard(R"(<turn colour="red"><play section="S1" crad="wall"/></turn>)");
  auto dir = ::testing::TempDir();
  std::string path = dir + "/gw-caret.xml";
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  RunResult run = run_cli({"check", "gw-caret.xml"}, nullptr, dir);
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.out,
            "gw-caret.xml:5:39: error: unknown attribute 'crad' on <play> (expected: section, "
            "card, count, on) [REC-004]\n"
            "    5 | <turn colour=\"red\"><play section=\"S1\" crad=\"wall\"/></turn>\n"
            "      |                                       ^\n"
            "gw-caret.xml:5:20: error: <play> needs the attribute 'card' [REC-005]\n"
            "    5 | <turn colour=\"red\"><play section=\"S1\" crad=\"wall\"/></turn>\n"
            "      |                    ^\n"
            "gw-caret.xml: malformed (2 errors)\n"
            "1 record: 0 ok, 0 disputed, 0 illegal, 1 malformed\n"
            "findings by rule: REC-004 ×1, REC-005 ×1\n"
            "see: wallaudit rules REC-004\n"
            "see: wallaudit rules REC-005\n");
}

}  // namespace
}  // namespace wallaudit::test
