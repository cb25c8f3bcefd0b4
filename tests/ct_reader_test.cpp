// The reader of "The Great Wall" records: every format error is a REC-… diagnostic (an invalid
// board CT-209) with its line and column, and the record is malformed.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/ct_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

// The example's record with `play` as the content of <play> (and `tail` after it).
std::string doc(const std::string& play, const std::string& tail = "") {
  CtRecord r;
  std::string text = r.str();
  text = ct_replace(text, "  <play>\n  </play>\n", "  <play>\n" + play + "\n  </play>\n" + tail);
  return text;
}

const std::string kTurn1 = R"(<turn colour="red"><roll d1="1" d2="3"/></turn>)";

// The first diagnostic must be `rule`, at the first occurrence of `at` in the text, with
// `message_part` in its message.
struct FormatCase {
  std::string name;
  std::string text;
  std::string rule;
  std::string at;
  std::string message_part;
  CheckContext ctx = {};
};

void run(const std::vector<FormatCase>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    GameResult r = check_text(c.text, c.ctx);
    EXPECT_EQ(r.verdict, Verdict::malformed);
    ASSERT_FALSE(r.diagnostics.empty());
    const Diagnostic& d = r.diagnostics.items().front();
    EXPECT_EQ(d.rule, c.rule) << d.message;
    // `at` may mark the exact position with '|' inside a longer anchor.
    std::string at = c.at;
    auto bar = at.find('|');
    if (bar != std::string::npos) at.erase(bar, 1);
    auto offset = c.text.find(at);
    ASSERT_NE(offset, std::string::npos) << "anchor not in the text: " << c.at;
    if (bar != std::string::npos) offset += bar;
    SourceLoc expected = LineIndex(c.text).locate(offset);
    EXPECT_EQ(d.loc, expected) << d.message << " at " << d.loc.line << ":" << d.loc.column
                               << ", expected " << expected.line << ":" << expected.column;
    EXPECT_NE(d.message.find(c.message_part), std::string::npos) << d.message;
    EXPECT_FALSE(r.scores_known);
    EXPECT_TRUE(r.winners.empty());
    EXPECT_FALSE(r.finished);
  }
}

TEST(CtReader, ReadsTheExample) {
  GameResult r = check_text(doc(kTurn1));
  EXPECT_EQ(r.verdict, Verdict::ok);
  EXPECT_EQ(r.game, "catan-great-wall");
}

TEST(CtReader, NotWellFormed) {
  std::string text = doc(kTurn1);
  text = text.substr(0, text.find("<roll"));
  GameResult r = check_text(text);
  EXPECT_EQ(r.verdict, Verdict::malformed);
  ASSERT_EQ(r.diagnostics.items().size(), 1u);
  EXPECT_EQ(r.diagnostics.items().front().rule, "REC-001");
  EXPECT_NE(r.diagnostics.items().front().message.find("truncated"), std::string::npos);
}

TEST(CtReader, DocumentAndSectionErrors) {
  std::string full = doc(kTurn1);
  run({
      {"REC-002 another format version", ct_replace(full, R"(format="1">)", R"(format="2">)"),
       "REC-002", R"(2">)", "format \"2\""},
      {"REC-003 an unknown top-level element", ct_replace(full, "<players>", "<seats/><players>"),
       "REC-003", "<seats/>", "unknown element <seats> in <record>"},
      {"REC-005 no board", ct_replace(full, R"(<board name="great-wall-modelled"/>)", ""),
       "REC-005", "<record", "no <board> section"},
      {"REC-005 no players",
       ct_replace(full, "<players>" + std::string(kCtPlayers4) + "</players>", ""), "REC-005",
       "<record", "no <players> section"},
      {"REC-008 players before the board",
       ct_replace(ct_replace(full, R"(<board name="great-wall-modelled"/>)", ""), "<setup>",
                  R"(<board name="great-wall-modelled"/><setup>)"),
       "REC-008", R"(<board name)", "<board> must come before <players>"},
      {"REC-008 rules after the players", ct_replace(full, "<setup>", "<rules/><setup>"), "REC-008",
       "<rules/>", "<rules> must come before"},
      {"REC-010 a section twice", ct_replace(full, "  <play>", "<setup/><play>"), "REC-010",
       "<setup/>", "<setup> appears twice"},
      {"REC-010 an option twice",
       ct_replace(
           full, "  <board",
           R"(<rules><option name="seven-pirate" value="optional"/><option name="seven-pirate" value="mandatory"/></rules><board)"),
       "REC-010", R"(<option name="seven-pirate" value="mandatory")", "set twice"},
      {"REC-006 an unknown option",
       ct_replace(full, "  <board",
                  R"(<rules><option name="pirates" value="optional"/></rules><board)"),
       "REC-006", R"(pirates")", "unknown rules option \"pirates\""},
      {"REC-006 an option value unknown",
       ct_replace(full, "  <board",
                  R"(<rules><option name="seven-pirate" value="never"/></rules><board)"),
       "REC-006", R"(never")", "option seven-pirate takes mandatory, optional"},
      {"REC-009 text in the meta section", ct_replace(full, "  <board", "<meta>notes</meta><board"),
       "REC-009", "notes", "text is not allowed directly inside <meta>"},
  });
}

TEST(CtReader, BoardErrors) {
  std::string full = doc(kTurn1);
  CheckContext with_loader;
  with_loader.load_relative = [](std::string_view path,
                                 std::string& error) -> std::optional<std::string> {
    if (path == "boards/broken.xml")
      return std::string("<great-wall-board name=\"x\" format=\"1\"><hex/>");
    if (path == "boards/two.xml")
      return std::string("<great-wall-boards>") + "</great-wall-boards>";
    error = "no such file";
    return std::nullopt;
  };
  run({
      {"REC-007 an unknown board name",
       ct_replace(full, R"(name="great-wall-modelled")", R"(name="club-print")"), "REC-007",
       R"(club-print")", "unknown board \"club-print\""},
      {"REC-011 a board in two forms",
       ct_replace(full, R"(<board name="great-wall-modelled"/>)",
                  R"(<board name="great-wall-modelled" file="b.xml"/>)"),
       "REC-011", "<board name", "not several"},
      {"REC-005 an empty board element",
       ct_replace(full, R"(<board name="great-wall-modelled"/>)", "<board/>"), "REC-005",
       "<board/>", "<board> is empty"},
      {"REC-013 a board file without file access",
       ct_replace(full, R"(name="great-wall-modelled")", R"(file="boards/club.xml")"), "REC-013",
       R"(boards/club.xml")", "cannot be read here"},
      {"REC-013 a board file that cannot be read",
       ct_replace(full, R"(name="great-wall-modelled")", R"(file="boards/club.xml")"), "REC-013",
       R"(boards/club.xml")", "no such file", with_loader},
      {"REC-013 a broken board file",
       ct_replace(full, R"(name="great-wall-modelled")", R"(file="boards/broken.xml")"), "REC-013",
       R"(boards/broken.xml")", "board file boards/broken.xml:1:", with_loader},
      {"REC-013 a board file without a board",
       ct_replace(full, R"(name="great-wall-modelled")", R"(file="boards/two.xml")"), "REC-013",
       R"(boards/two.xml")", "holds no <great-wall-board>", with_loader},
      {"REC-003 an unknown element inline",
       ct_replace(full, R"(<board name="great-wall-modelled"/>)", "<board><map/></board>"),
       "REC-003", "<map/>", "unknown element <map> in <board>"},
  });
}

TEST(CtReader, PlayersSetupAndEnd) {
  std::string full = doc(kTurn1);
  run({
      {"REC-006 a colour unknown",
       ct_replace(full, R"(<player colour="red" name="Ana"/>)", R"(<player colour="purple"/>)"),
       "REC-006", "purple", "\"purple\" is not a colour"},
      {"REC-007 a colour not playing in the set-up",
       ct_replace(full, R"(<fort colour="red" wall="W4"/>)", R"(<fort colour="green" wall="W4"/>)"),
       "REC-007", R"(green" wall)", "green is not playing"},
      {"REC-007 an unknown wall section", ct_replace(full, R"(wall="W4")", R"(wall="W9")"),
       "REC-007", R"(W9")", "\"W9\" is not a wall section"},
      {"REC-007 an unknown hex in a vertex name",
       ct_replace(full, R"(vertex="C6.N")", R"(vertex="Z6.N")"), "REC-007", R"(Z6.N")",
       "names hex \"Z6\""},
      {"REC-006 a malformed vertex name", ct_replace(full, R"(vertex="C6.N")", R"(vertex="C6.E")"),
       "REC-006", R"(C6.E")", "not a vertex name"},
      {"REC-006 a malformed edge name", ct_replace(full, R"(road="C6.NW")", R"(road="C6.N")"),
       "REC-006", R"(road="|C6.N")", "not an edge name"},
      {"REC-006 a malformed card list",
       ct_replace(full, R"(cards="brick brick ore")", R"(cards="brick  brick ore")"), "REC-006",
       R"(brick  brick)", "not a card list"},
      {"REC-005 a gain without cards",
       ct_replace(full, R"(<gain colour="white" cards="brick brick ore"/>)",
                  R"(<gain colour="white"/>)"),
       "REC-005", R"(<gain colour="white"/>)", "needs the attribute 'cards'"},
      {"REC-003 an unknown element in the set-up",
       ct_replace(full, R"(<fort colour="red" wall="W4"/>)", R"(<tower colour="red" wall="W4"/>)"),
       "REC-003", "<tower", "unknown element <tower> in <setup>"},
      {"REC-005 outcome win without a colour", doc(kTurn1, R"(<end><outcome result="win"/></end>)"),
       "REC-005", R"(<outcome)", "needs colour"},
      {"REC-011 outcome huns with a colour",
       doc(kTurn1, R"(<end><outcome result="huns" colour="red"/></end>)"), "REC-011",
       R"(colour="red"/></end>)", "names no colour"},
      {"REC-006 an unknown outcome", doc(kTurn1, R"(<end><outcome result="draw"/></end>)"),
       "REC-006", R"(draw")", "result=\"win\" or result=\"huns\""},
      {"REC-007 an end reveal of a colour not playing",
       doc(kTurn1, R"(<end><reveal colour="green" card="knight"/></end>)"), "REC-007",
       R"(green" card)", "green is not playing"},
  });
}

TEST(CtReader, TurnsAndSteps) {
  run({
      {"REC-003 an unknown step", doc(R"(<turn colour="red"><rol d1="1" d2="3"/></turn>)"),
       "REC-003", "<rol ", "unknown element <rol> in <turn>"},
      {"REC-003 an element in <play>", doc(R"(<round/>)"), "REC-003", "<round/>",
       "unknown element <round> in <play>"},
      {"REC-004 an unknown attribute", doc(R"(<turn colour="red"><roll d1="1" d3="3"/></turn>)"),
       "REC-004", "d3=", "unknown attribute 'd3' on <roll>"},
      {"REC-004 a colour on a reveal in a turn",
       doc(R"(<turn colour="red"><reveal colour="red" card="victory-point"/></turn>)"), "REC-004",
       R"(<reveal |colour="red")", "unknown attribute 'colour' on <reveal>"},
      {"REC-005 a roll without its second die", doc(R"(<turn colour="red"><roll d1="1"/></turn>)"),
       "REC-005", "<roll", "needs the attribute 'd2'"},
      {"REC-006 a die of 7", doc(R"(<turn colour="red"><roll d1="7" d2="3"/></turn>)"), "REC-006",
       R"(7" d2)", "must lie between 1 and 6"},
      {"REC-006 a wall level of 6",
       doc(R"(<turn colour="red"><roll d1="1" d2="3"/><wall-piece level="6"/></turn>)"), "REC-006",
       R"(level="|6")", "must lie between 1 and 5"},
      {"REC-006 an unknown resource",
       doc(R"(<turn colour="red"><roll d1="1" d2="3"/><bank give="gold gold gold gold" get="ore"/></turn>)"),
       "REC-006", "gold gold", "not a card list"},
      {"REC-006 an unknown numeral",
       doc(R"(<turn colour="red"><roll d1="1" d2="3"/><settlement vertex="D9.NW"><hun numeral="VI"/></settlement></turn>)"),
       "REC-006", R"(VI")", "\"VI\" is not a Hun numeral"},
      {"REC-006 an unknown card",
       doc(R"(<turn colour="red"><roll d1="1" d2="3"/><buy-card card="jester"/></turn>)"),
       "REC-006", "jester", "\"jester\" is not a development card"},
      {"REC-005 an unnamed stolen card (CT-1005)",
       doc(R"(<turn colour="red"><roll d1="3" d2="4"/><pirate to="E8"/><steal from="blue"/></turn>)"),
       "REC-005", R"(<steal from)", "CT-1005"},
      {"REC-005 an unnamed discard (CT-1005)",
       doc(R"(<turn colour="red"><roll d1="3" d2="4"/><discard colour="blue"/></turn>)"), "REC-005",
       R"(<discard)", "CT-1005"},
      {"REC-005 an unnamed trade (CT-1005)",
       doc(R"(<turn colour="red"><roll d1="1" d2="3"/><trade with="blue" give="ore"/></turn>)"),
       "REC-005", R"(<trade)", "CT-1005"},
      {"REC-007 a trade with a colour not playing",
       doc(R"(<turn colour="red"><roll d1="1" d2="3"/><trade with="green" give="ore" get="wool"/></turn>)"),
       "REC-007", R"(green")", "green is not playing"},
      {"REC-007 a turn by a colour not playing", doc(R"(<turn colour="brown"/>)"), "REC-007",
       R"(brown")", "brown is not playing"},
      {"REC-007 an unknown field in an echo",
       doc(R"(<turn colour="red"><roll d1="4" d2="4"><advance from="I" to="F9"/></roll></turn>)"),
       "REC-007", R"(F9")", "\"F9\" is not an attack field"},
      {"REC-007 an unknown hex for the pirate",
       doc(R"(<turn colour="red"><roll d1="3" d2="4"/><pirate to="Q1"/></turn>)"), "REC-007",
       R"(Q1")", "\"Q1\" is not a hex"},
      {"REC-009 text in a turn", doc(R"(<turn colour="red">rolled a four</turn>)"), "REC-009",
       "rolled a four", "text is not allowed inside <turn>"},
      {"REC-012 a turn number out of sequence",
       doc(R"(<turn colour="red" n="1"><roll d1="1" d2="3"/></turn><turn colour="blue" n="3"/>)"),
       "REC-012", R"(n="|3")", "n=\"3\" should be 2"},
      {"REC-008 a road in a knight",
       doc(R"(<turn colour="red"><play-card card="knight"><road edge="D9.NW"/></play-card></turn>)"),
       "REC-008", R"(<road edge)", "<road> belongs in a road-building card"},
      {"REC-008 a Hun move outside a knight",
       doc(R"(<turn colour="red"><play-card card="monopoly" resource="ore"><move-hun from="I" to="II"/></play-card></turn>)"),
       "REC-008", R"(<move-hun)", "<move-hun> belongs in a knight card"},
      {"REC-011 take on a knight",
       doc(R"(<turn colour="red"><play-card card="knight" take="ore"/></turn>)"), "REC-011",
       R"(take=)", "'take' goes with card=\"year-of-plenty\""},
      {"REC-005 a monopoly without its resource",
       doc(R"(<turn colour="red"><play-card card="monopoly"/></turn>)"), "REC-005",
       R"(<play-card card="monopoly"/>)", "the resource a monopoly names"},
      {"REC-006 a give echo of 0 cards",
       doc(R"(<turn colour="red"><play-card card="monopoly" resource="ore"><give colour="blue" count="0"/></play-card></turn>)"),
       "REC-006", R"(0"/>)", "must lie between 1 and 1000"},
      {"REC-006 a claim that is not a number",
       doc(R"(<turn colour="red"><roll d1="1" d2="3"/><claim colour="red" vp="three"/></turn>)"),
       "REC-006", "three", "must be a whole number"},
      {"REC-003 an unknown element in a special",
       doc(R"(<special colour="blue"><build/></special>)"), "REC-003", "<build/>",
       "unknown element <build> in <special>"},
  });
}

TEST(CtReader, ClaimsMayNameAColourNotPlaying) {
  GameResult r = check_text(
      doc(R"(<turn colour="red"><roll d1="1" d2="3"/><claim colour="green" vp="2"/></turn>)"));
  EXPECT_EQ(r.verdict, Verdict::disputed);
  EXPECT_EQ(findings(r, FindingKind::dispute).front()->rule, "CT-906");
}

TEST(CtReader, TurnLimit) {
  std::string play;
  for (int i = 0; i < 6; ++i)
    play += R"(<turn colour="red"/>)";
  CheckContext ctx;
  ctx.max_turns = 5;
  std::string text = doc(play);
  GameResult r = check_text(text, ctx);
  EXPECT_EQ(r.verdict, Verdict::malformed);
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(r.diagnostics.items().front().rule, "REC-017");
  // At the sixth turn: after five of them.
  std::size_t at = 0;
  for (int i = 0; i < 6; ++i)
    at = text.find("<turn colour", at + (i ? 1 : 0));
  EXPECT_EQ(r.diagnostics.items().front().loc, LineIndex(text).locate(at));
}

TEST(CtReader, AnnotationsAreFree) {
  std::string text = doc(
      R"(<turn colour="red"><annotation>any <b>content</b></annotation><roll d1="1" d2="3"/></turn>)",
      R"(<end><annotation>summary</annotation></end>)");
  text = ct_replace(text, "<setup>", "<setup><annotation>set-up notes</annotation>");
  EXPECT_EQ(check_text(text).verdict, Verdict::ok);
}

}  // namespace
}  // namespace wallaudit::test
