// The Chang Cheng reader: every format error is a REC-… diagnostic with line and column.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/cc_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

const char* const kHead = R"(<record game="chang-cheng" format="1">
<players><player colour="red"/><player colour="blue"/></players>
<setup><side id="1A"/><side id="2B"/>
<reputation province="1A.P1" value="2"/><reputation province="1A.P2" value="1"/><reputation province="1A.P3" value="3"/>
<reputation province="2B.P1" value="2"/><reputation province="2B.P2" value="0"/><reputation province="2B.P3" value="4"/>
<threat region="1A.M1" value="-3"/><threat region="1A.M2" value="-2"/><threat region="1A.M3" value="-4"/>
<threat region="2B.M1" value="-4"/><threat region="2B.M2"/><threat region="2B.M3" value="-3"/></setup>
)";

// A record on the standard boards: kHead, then `play` (the content of <play>), then `tail`.
std::string standard(const std::string& play, const std::string& tail = "") {
  return fmt::format("{}<play>\n{}\n</play>\n{}</record>\n", kHead, play, tail);
}

// The first diagnostic must be `rule`, placed at the first occurrence of `at` in the text
// (only its line is checked when `at` is empty), with `message_part` in its message.
struct FormatCase {
  std::string name;
  std::string text;
  std::string rule;
  std::string at;
  std::string message_part;
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
    EXPECT_NE(d.message.find(c.message_part), std::string::npos) << d.message;
    EXPECT_FALSE(r.scores_known);
    EXPECT_TRUE(r.winners.empty());
  }
}

TEST(ChangChengReader, ReadsTheStandardBoardsByDefault) {
  GameResult r = check_text(standard(R"(<turn colour="red"><wall space="1A.W1"/></turn>)"));
  EXPECT_NE(r.verdict, Verdict::malformed);
  EXPECT_EQ(r.game, "chang-cheng");
}

TEST(ChangChengReader, DocumentLevelErrors) {
  run({
      {"REC-001 truncated XML", std::string(kHead) + "<play><turn colour=\"red\">", "REC-001", "",
       "not well-formed"},
      {"REC-002 not a record", "<game/>", "REC-002", "<game/>", "not <record>"},
      {"REC-002 an unknown game", R"(<record game="chess" format="1"/>)", "REC-002", "chess",
       "unknown game \"chess\""},
      {"REC-002 another format version",
       std::string(R"(<record game="chang-cheng" format="2">)") + "</record>", "REC-002", "2\">",
       "format \"2\""},
      {"REC-015 invalid UTF-8", std::string(kHead) + "<play>\xff</play></record>", "REC-015",
       "\xff", "invalid UTF-8"},
      {"REC-015 a NUL byte", std::string(kHead) + std::string("<play>\0</play></record>", 22),
       "REC-015", std::string(1, '\0'), "NUL"},
      {"REC-016 a document type declaration",
       "<!DOCTYPE record [<!ENTITY a \"x\">]>\n<record game=\"chang-cheng\" format=\"1\"/>",
       "REC-016", "<!DOCTYPE", "document type declaration"},
  });
}

TEST(ChangChengReader, ElementAndAttributeErrors) {
  run({
      {"REC-003 an unknown element in a turn",
       standard(R"(<turn colour="red"><wal space="1A.W1"/></turn>)"), "REC-003", "<wal ",
       "unknown element <wal> in <turn>"},
      {"REC-004 an unknown attribute",
       standard(R"(<turn colour="red"><wall spcae="1A.W1"/></turn>)"), "REC-004", "spcae",
       "unknown attribute 'spcae' on <wall>"},
      {"REC-005 a missing attribute", standard(R"(<turn colour="red"><wall/></turn>)"), "REC-005",
       "<wall/>", "needs the attribute 'space'"},
      {"REC-005 a missing section",
       R"(<record game="chang-cheng" format="1"><players><player colour="red"/></players><play/></record>)",
       "REC-005", "<record", "no <setup> section"},
      {"REC-005 an empty boards element",
       R"(<record game="chang-cheng" format="1"><boards/><players/><setup/><play/></record>)",
       "REC-005", "<boards/>", "<boards> is empty"},
      {"REC-006 a bad colour", standard(R"(<turn colour="orange"><pass/></turn>)"), "REC-006",
       "orange", "\"orange\" is not a player colour"},
      {"REC-006 a bad number",
       standard(
           R"(<turn colour="red"><wall space="1A.W1"/><bonus colour="red" points="two"/></turn>)"),
       "REC-006", "two", "must be a whole number"},
      {"REC-006 a number too large",
       standard(R"(<turn colour="red"><bonus colour="red" points="99999999999999999999"/></turn>)"),
       "REC-006", "9999", "must lie between"},
      {"REC-006 a bad effect",
       standard(
           R"(<turn colour="red"><wall space="1A.W1"/><score province="1A.P1"><resolve colour="red" card="flood" effect="up"/></score></turn>)"),
       "REC-006", "up\"", "a flood's effect is plus, minus"},
      {"REC-006 an unknown rules option",
       R"(<record game="chang-cheng" format="1"><rules><option name="floods" value="plus-only"/></rules><players/><setup/><play/></record>)",
       "REC-006", "floods", "unknown rules option \"floods\""},
      {"REC-006 a bad option value",
       R"(<record game="chang-cheng" format="1"><rules><option name="flood" value="minus-only"/></rules><players/><setup/><play/></record>)",
       "REC-006", "minus-only", "option flood takes plus-or-minus, plus-only"},
      {"REC-007 an unknown space", standard(R"(<turn colour="red"><wall space="1A.W14"/></turn>)"),
       "REC-007", "1A.W14", "\"1A.W14\" is not a wall space of board set \"standard\""},
      {"REC-007 an unknown board set",
       R"(<record game="chang-cheng" format="1"><boards set="club"/><players/><setup/><play/></record>)",
       "REC-007", "club", "unknown board set \"club\""},
      {"REC-008 sections out of order",
       R"(<record game="chang-cheng" format="1"><players/><rules/><setup/><play/></record>)",
       "REC-008", "<rules/>", "<rules> must come before <players>"},
      {"REC-008 a threat directly in play", standard(R"(<threat region="1A.M1" value="-3"/>)"),
       "REC-008", "<threat region=\"1A.M1\" value=\"-3\"/>\n</play>",
       "<threat> stands inside a <turn> or in <end>"},
      {"REC-008 a threat inside a score",
       standard(
           R"(<turn colour="red"><wall space="1A.W1"/><score province="1A.P1"><threat region="1A.M1" value="-3"/></score></turn>)"),
       "REC-008", "<threat region=\"1A.M1\" value=\"-3\"/></score>", "not inside <score>"},
      {"REC-009 text in a turn", standard(R"(<turn colour="red">red walls<pass/></turn>)"),
       "REC-009", "red walls", "text is not allowed inside <turn>"},
      {"REC-010 an option set twice",
       R"(<record game="chang-cheng" format="1"><rules><option name="flood" value="plus-only"/><option name="flood" value="plus-only"/></rules><players/><setup/><play/></record>)",
       "REC-010", "<option name=\"flood\" value=\"plus-only\"/></rules>",
       "option flood is set twice"},
      {"REC-010 two variants",
       R"(<record game="chang-cheng" format="1"><rules><variant name="teams"/><variant name="neutral-walls"/></rules><players/><setup/><play/></record>)",
       "REC-010", "<variant name=\"neutral-walls\"/>", "a second variant"},
      {"REC-010 three event cards",
       R"(<record game="chang-cheng" format="1"><rules><event-card name="diplomacy"/><event-card name="dominance"/><event-card name="observation"/></rules><players/><setup/><play/></record>)",
       "REC-010", "<event-card name=\"observation\"/>", "a third event card"},
      {"REC-010 a section twice",
       R"(<record game="chang-cheng" format="1"><players/><players/><setup/><play/></record>)",
       "REC-010", "<players/><setup/>", "<players> appears twice"},
      {"REC-011 a mandarin swap with one space",
       standard(
           R"(<turn colour="red"><wall space="1A.W1"/><score province="1A.P1"><resolve colour="red" card="mandarin" space="1A.W1"/></score></turn>)"),
       "REC-011", "<resolve", "both space=\"…\" and with=\"…\""},
      {"REC-011 a warrior target without its owner",
       standard(
           R"(<turn colour="red"><wall space="1A.W1"/><score province="1A.P1"><resolve colour="red" card="warrior" cancels="flood"/></score></turn>)"),
       "REC-011", "<resolve", "both cancels=\"…\" and of=\"…\""},
      {"REC-011 an effect that does not apply to the card",
       standard(
           R"(<turn colour="red"><wall space="1A.W1"/><score province="1A.P1"><resolve colour="red" card="master-builder" effect="value"/></score></turn>)"),
       "REC-011", "effect=", "'effect' does not apply to a master-builder"},
      {"REC-012 a wrong turn number",
       standard(
           R"(<turn colour="red" n="1"><wall space="1A.W1"/></turn><turn colour="blue" n="3"><pass/></turn>)"),
       "REC-012", "3\"><pass/>", "n=\"3\" should be 2"},
  });
}

TEST(ChangChengReader, BoardSets) {
  auto with_boards = [](const std::string& boards) {
    return fmt::format(
        R"(<record game="chang-cheng" format="1">{}<players><player colour="red"/><player colour="blue"/></players><setup/><play/></record>)",
        boards);
  };
  run({
      {"REC-014 a side without spaces", with_boards(R"(<boards><side id="X" board="1"/></boards>)"),
       "REC-014", "<side id=\"X\"", "side X has no wall spaces"},
      {"REC-014 a side defined twice",
       with_boards(
           R"(<boards><side id="X" board="1"><space province="P1" region="M1"/><space province="P2" region="M2"/><space province="P3" region="M3"/></side><side id="X" board="2"><space province="P1" region="M1"/><space province="P2" region="M2"/><space province="P3" region="M3"/></side></boards>)"),
       "REC-014", "X\" board=\"2\"", "side X is defined twice"},
      {"REC-014 a province without spaces",
       with_boards(
           R"(<boards><side id="X" board="1"><space province="P1" region="M1"/><space province="P1" region="M2"/><space province="P3" region="M3"/></side></boards>)"),
       "REC-014", "<side id=\"X\"", "province P2 of side X has no wall space"},
      {"REC-006 a space in province P4",
       with_boards(
           R"(<boards><side id="X" board="1"><space province="P4" region="M1"/></side></boards>)"),
       "REC-006", "P4", "P1, P2 or P3, not \"P4\""},
      {"REC-013 a board file that cannot be read",
       with_boards(R"(<boards file="no-such-file.xml"/>)"), "REC-013", "no-such-file.xml",
       "board file \"no-such-file.xml\" cannot be read here"},
  });
}

TEST(ChangChengReader, BoardFileIsReadRelativeToTheRecord) {
  CheckContext ctx;
  std::string requested;
  ctx.load_relative = [&](std::string_view path, std::string& error) -> std::optional<std::string> {
    requested = std::string(path);
    if (path != "club.xml") {
      error = "no such file";
      return std::nullopt;
    }
    return std::string(
        R"(<board-set name="club"><side id="K1" board="1"><space province="P1" region="M1"/><space province="P2" region="M2"/><space province="P3" region="M3"/></side>
<side id="K2" board="2"><space province="P1" region="M1"/><space province="P2" region="M2"/><spice province="P3" region="M3"/></side></board-set>)");
  };
  GameResult r = check_text(
      R"(<record game="chang-cheng" format="1"><boards file="club.xml"/><players/><setup/><play/></record>)",
      ctx);
  EXPECT_EQ(requested, "club.xml");
  ASSERT_EQ(r.verdict, Verdict::malformed);
  const Diagnostic& d = r.diagnostics.items().front();
  EXPECT_EQ(d.rule, "REC-013");
  EXPECT_EQ(d.message, "board file club.xml:2:93: unknown element <spice> in <side> [REC-003]");
}

TEST(ChangChengReader, ReportsEveryFormatErrorNotJustTheFirst) {
  GameResult r = check_text(standard(
      R"(<turn colour="red"><wall space="1A.W99"/></turn><turn colour="blu"><pass/></turn><turn colour="red"><towr space="1A.W3"/></turn>)"));
  EXPECT_EQ(rules_of(r), (std::vector<std::string>{"REC-007", "REC-006", "REC-003"}));
}

TEST(ChangChengReader, MetaAndAnnotationsAreFree) {
  GameResult r = check_text(fmt::format(
      "{}<play>\n<turn colour=\"red\"><wall space=\"1A.W1\"/><annotation>ok "
      "<b>bold</b></annotation></turn>\n</play><end><annotation>x</annotation></end></record>",
      std::string(
          R"(<record game="chang-cheng" format="1"><meta><event>Club night</event><table>3</table><anything><nested/></anything></meta>)") +
          std::string(kHead).substr(std::string(kHead).find('\n') + 1)));
  EXPECT_NE(r.verdict, Verdict::malformed) << r.diagnostics.items().front().message;
}

TEST(ChangChengReader, TextOutputShowsTheLineAndACaret) {
  std::string text = standard(R"(<turn colour="red"><wall spcae="1A.W1"/></turn>)");
  auto dir = ::testing::TempDir();
  std::string path = dir + "/caret.xml";
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  RunResult run = run_cli({"check", "caret.xml"}, nullptr, dir);
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(
      run.out,
      "caret.xml:9:26: error: unknown attribute 'spcae' on <wall> (expected: space) [REC-004]\n"
      "    9 | <turn colour=\"red\"><wall spcae=\"1A.W1\"/></turn>\n"
      "      |                          ^\n"
      "caret.xml:9:20: error: <wall> needs the attribute 'space' [REC-005]\n"
      "    9 | <turn colour=\"red\"><wall spcae=\"1A.W1\"/></turn>\n"
      "      |                    ^\n"
      "caret.xml: malformed (2 errors)\n"
      "1 record: 0 ok, 0 disputed, 0 illegal, 1 malformed\n"
      "findings by rule: REC-004 ×1, REC-005 ×1\n"
      "see: wallaudit rules REC-004\n"
      "see: wallaudit rules REC-005\n");
}

}  // namespace
}  // namespace wallaudit::test
