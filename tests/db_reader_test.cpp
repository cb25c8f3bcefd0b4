// The Dschingis Bohn reader: every format error is a REC-… diagnostic placed at the character
// it concerns; a record with one is malformed and its rules are not checked.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/db_generator.hpp"
#include "support/db_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

// A record over the fixture with `play` as the content of <play>; `head` replaces the part
// before <players> (rules and map), `tail` comes after </play>.
std::string record(const std::string& play, const std::string& head = "",
                   const std::string& tail = "") {
  return fmt::format(
      "<record game=\"dschingis-bohn\" format=\"1\">\n{}<players>{}</players>\n<setup>\n{}\n"
      "</setup>\n<play>\n{}\n</play>\n{}</record>\n",
      head, kDbPlayers, kDbSetup, play, tail);
}

std::string turn(const std::string& content) {
  return R"(<turn colour="red">)" + content + "</turn>";
}

// The first diagnostic must be `rule`, placed at the first occurrence of `at` in the text
// (at the last line when `at` is empty), with `message_part` in its message.
struct FormatCase {
  std::string name;
  std::string text;
  std::string rule;
  std::string at;
  std::string message_part;
};

void run(const std::vector<FormatCase>& cases, const CheckContext& ctx = {}) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    GameResult r = check_text(c.text, ctx);
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
    EXPECT_FALSE(r.finished);
  }
}

const std::string kPlant1 = R"(<plant bean="soy" field="1"/>)";

TEST(DbReader, ReadsTheFixture) {
  GameResult r = check_text(record(db_join(db_opening())));
  EXPECT_EQ(r.verdict, Verdict::ok);
  EXPECT_EQ(r.game, "dschingis-bohn");
}

TEST(DbReader, DocumentLevelErrors) {
  run({
      {"REC-001 truncated", record("").substr(0, 200), "REC-001", "", "not well-formed"},
      {"REC-002 another format", R"(<record game="dschingis-bohn" format="2"></record>)", "REC-002",
       "2\">", "format \"2\""},
      {"REC-015 invalid UTF-8", record("\xff"), "REC-015", "\xff", "invalid UTF-8"},
      {"REC-016 a DTD", "<!DOCTYPE record>\n<record game=\"dschingis-bohn\" format=\"1\"/>",
       "REC-016", "<!DOCTYPE", "document type declaration"},
  });
}

TEST(DbReader, ElementAndAttributeErrors) {
  run({
      {"REC-003 an unknown element in a turn", record(turn(R"(<plnt bean="soy" field="1"/>)")),
       "REC-003", "<plnt", "unknown element <plnt> in <turn>"},
      {"REC-003 an unknown section",
       R"(<record game="dschingis-bohn" format="1"><board/></record>)", "REC-003", "<board/>",
       "unknown element <board> in <record>"},
      {"REC-004 an unknown attribute", record(turn(R"(<plant bean="soy" feild="1"/>)")), "REC-004",
       "feild", "unknown attribute 'feild' on <plant>"},
      {"REC-004 a colour on a trade",
       record(turn(
           R"(<trade partner="blue" colour="red"><give source="hand" bean="soy"/><get bean="red"/></trade>)")),
       "REC-004", "colour=\"red\"><give", "unknown attribute 'colour' on <trade>"},
      {"REC-004 a source on a get",
       record(turn(
           R"(<trade partner="blue"><give source="hand" bean="soy"/><get source="hand" bean="red"/></trade>)")),
       "REC-004", "source=\"hand\" bean=\"red\"", "unknown attribute 'source' on <get>"},
      {"REC-005 a missing attribute", record(turn(R"(<plant bean="soy"/>)")), "REC-005",
       "<plant bean=\"soy\"/>", "<plant> needs the attribute 'field'"},
      {"REC-005 a missing section",
       R"(<record game="dschingis-bohn" format="1"><players/><play/></record>)", "REC-005",
       "<record", "no <setup> section"},
      {"REC-005 a trade without a get",
       record(turn(R"(<trade partner="blue"><give source="hand" bean="soy"/></trade>)")), "REC-005",
       "<trade", "at least one <get>"},
      {"REC-005 a donation to nobody", record(turn(R"(<donate><card bean="soy"/></donate>)")),
       "REC-005", "<donate>", "to=\"…\" or from=\"…\""},
      {"REC-005 a battle without a round", record(turn(R"(<battle target="02"/>)")), "REC-005",
       "<battle", "at least one <round>"},
      {"REC-005 a round without a defence",
       record(turn(
           R"(<battle target="02"><round><attack source="deck" bean="soy"/></round></battle>)")),
       "REC-005", "<round>", "needs a <defend>"},
      {"REC-005 a draw without count or beans", record(turn(R"(<draw/>)")), "REC-005", "<draw/>",
       "<draw> needs 'count' or 'beans'"},
      {"REC-005 a card without its bean", record(turn(R"(<turn-up/>)")), "REC-005", "<turn-up/>",
       "needs the attribute 'beans'"},
      {"REC-005 an empty map",
       R"(<record game="dschingis-bohn" format="1"><map/><players/><setup/><play/></record>)",
       "REC-005", "<map/>", "<map> is empty"},
      {"REC-006 a bad colour",
       R"(<record game="dschingis-bohn" format="1"><players><player colour="pink"/></players><setup/><play/></record>)",
       "REC-006", "pink", "\"pink\" is not a colour"},
      {"REC-006 a bad bean", record(turn(R"(<plant bean="lima" field="1"/>)")), "REC-006", "lima",
       "\"lima\" is not a bean"},
      {"REC-006 coffee without beans=eleven", record(turn(R"(<turn-up beans="soy coffee"/>)")),
       "REC-006", "soy coffee", "exist only with the option beans=eleven"},
      {"REC-006 field 3 without the option", record(turn(R"(<plant bean="soy" field="3"/>)")),
       "REC-006", "3\"/></turn>", "field 3 exists only with the option third-field=buyable"},
      {"REC-006 a count of 0", record(turn(R"(<draw count="0"/>)")), "REC-006", "0\"/>",
       "must lie between 1 and"},
      {"REC-006 a pos with a sign",
       record(turn(
           R"(<battle target="02"><round><attack source="hand" bean="soy" pos="+1"/><defend source="deck" bean="red"/></round></battle>)")),
       "REC-006", "+1", "is written in digits"},
      {"REC-006 a battle paying two",
       record(turn(
           R"(<battle target="02" pay="soy red"><round><attack source="deck" bean="soy"/><defend source="deck" bean="red"/></round></battle>)")),
       "REC-006", "soy red\"", "names 1 thaler, not 2"},
      {"REC-006 an unknown option",
       record("", R"(<rules><option name="razzing" value="on"/></rules>)"), "REC-006", "razzing",
       "unknown rules option \"razzing\""},
      {"REC-006 a bad option value",
       record("", R"(<rules><option name="beans" value="seven"/></rules>)"), "REC-006", "seven",
       "option beans takes eight, eleven"},
      {"REC-006 a bad result",
       record(turn(
           R"(<battle target="02" result="won"><round><attack source="deck" bean="soy"/><defend source="deck" bean="red"/></round></battle>)")),
       "REC-006", "won", "\"captured\" or \"repelled\""},
      {"REC-006 a bad end reason", record("", "", R"(<end reason="draw"/>)"), "REC-006", "draw\"",
       "\"deck\" or \"last-territory\""},
      {"REC-006 cavalry 4",
       record(turn(
           R"(<battle target="02"><round><attack source="cavalry" cavalry="4"/><defend source="deck" bean="red"/></round></battle>)")),
       "REC-006", "4\"/>", "a cavalry is 1, 2 or 3"},
      {"REC-006 an empty bean list", record(turn(R"(<turn-up beans=" "/>)")), "REC-006", " \"/>",
       "the bean list of <turn-up> is empty"},
      {"REC-007 an unknown space",
       record(turn(
           R"(<battle target="20"><round><attack source="deck" bean="soy"/><defend source="deck" bean="red"/></round></battle>)")),
       "REC-007", "20\"", "\"20\" is not a space of map \"modelled-19\""},
      {"REC-007 an unknown map", record("", R"(<map name="printed-1"/>)"), "REC-007", "printed-1",
       "unknown map \"printed-1\""},
      {"REC-008 sections out of order",
       R"(<record game="dschingis-bohn" format="1"><players/><rules/><setup/><play/></record>)",
       "REC-008", "<rules/>", "<rules> must come before <players>"},
      {"REC-008 a defence before the attack",
       record(turn(
           R"(<battle target="02"><round><defend source="deck" bean="red"/><attack source="deck" bean="soy"/></round></battle>)")),
       "REC-008", "<defend", "follows its <attack>"},
      {"REC-008 an attack outside a battle", record(turn(R"(<attack source="deck" bean="soy"/>)")),
       "REC-008", "<attack", "stands inside a <battle>"},
      {"REC-009 text in a turn", record(turn("red plants " + kPlant1)), "REC-009", "red plants",
       "text is not allowed inside <turn>"},
      {"REC-010 an option twice",
       record(
           "",
           R"(<rules><option name="razing" value="on"/><option name="razing" value="off"/></rules>)"),
       "REC-010", "<option name=\"razing\" value=\"off\"/>", "option razing is set twice"},
      {"REC-010 a section twice",
       R"(<record game="dschingis-bohn" format="1"><players/><players/><setup/><play/></record>)",
       "REC-010", "<players/><setup/>", "<players> appears twice"},
      {"REC-010 a third round",
       record(turn(
           R"(<battle target="02"><round><attack source="deck" bean="soy"/><defend source="deck" bean="red"/></round><round><attack source="deck" bean="soy"/><defend source="deck" bean="red"/></round><round><attack source="deck" bean="soy"/><defend source="deck" bean="red"/></round></battle>)")),
       "REC-010",
       "<round><attack source=\"deck\" bean=\"soy\"/><defend source=\"deck\" "
       "bean=\"red\"/></round></battle>",
       "a battle has one round, or two"},
      {"REC-011 count and beans disagree", record(turn(R"(<draw count="2" beans="soy"/>)")),
       "REC-011", "2\" beans", "count=\"2\" but beans=\"…\" names 1 card"},
      {"REC-011 a pos on a turned-up card",
       record(turn(R"(<donate to="blue"><card source="turned-up" bean="soy" pos="1"/></donate>)")),
       "REC-011", "pos=", "goes with source=\"hand\""},
      {"REC-011 a cavalry id with a hand attack",
       record(turn(
           R"(<battle target="02"><round><attack source="hand" cavalry="1" bean="soy"/><defend source="deck" bean="red"/></round></battle>)")),
       "REC-011", "cavalry=\"1\"", "'cavalry' goes with source=\"cavalry\""},
      {"REC-011 a bean on a cavalry attack",
       record(turn(
           R"(<battle target="02"><round><attack source="cavalry" cavalry="1" bean="soy"/><defend source="deck" bean="red"/></round></battle>)")),
       "REC-011", "bean=\"soy\"/><defend", "a cavalry attack names no card"},
      {"REC-011 a donation both ways",
       record(turn(R"(<donate to="blue" from="green"><card source="hand" bean="soy"/></donate>)")),
       "REC-011", "<donate", "not both"},
      {"REC-011 a source on a card donated from a hand",
       record(turn(R"(<donate from="blue"><card source="hand" bean="soy"/></donate>)")), "REC-011",
       "source=\"hand\" bean=\"soy\"/></donate>", "it takes no source"},
      {"REC-011 a map file with a name", record("", R"(<map name="x" file="x.map"/>)"), "REC-011",
       "<map", "stands alone"},
      {"REC-012 a wrong turn number",
       record(R"(<turn colour="red" n="1">)" + kPlant1 + R"(</turn><turn colour="blue" n="3"/>)"),
       "REC-012", "3\"/>\n</play>", "n=\"3\" should be 2"},
  });
}

TEST(DbReader, OptionsOnTheCommandLineDecideWhichBeansExist) {
  CheckContext ctx;
  ctx.option_overrides = {{"beans", "eleven"}, {"flood", "plus-only"}};
  GameResult r = check_text(record(turn(R"(<turn-up beans="soy coffee"/>)")), ctx);
  EXPECT_NE(r.verdict, Verdict::malformed)
      << (r.diagnostics.empty() ? "" : r.diagnostics.items().front().message);
}

TEST(DbReader, TurnLimitIsCheckedBeforeTheTurnsAreRead) {
  CheckContext ctx;
  ctx.max_turns = 2;
  std::string text =
      record(R"(<turn colour="red"/><turn colour="blue"/><turn colour="green"><plnt/></turn>)");
  run({{"REC-017 too many turns", text, "REC-017", "<turn colour=\"green\">", "more than 2 turns"}},
      ctx);
}

// A map file named by the record is read relative to it; problems in it are REC-013 at the
// record's file attribute, naming the map file's line.
TEST(DbReader, MapFiles) {
  std::string good = read_source_file("lib/dschingis_bohn/data/modelled-19.xml");
  good.replace(good.find("modelled-19\">"), 11, "club-19");
  const std::string broken =
      "<map name=\"tri\">\n<space id=\"a\" adj=\"b\"/>\n<space id=\"b\"/>\n</map>";
  CheckContext ctx;
  std::string requested;
  ctx.load_relative = [&](std::string_view path, std::string& error) -> std::optional<std::string> {
    requested = std::string(path);
    if (path == "good.map") return good;
    if (path == "broken.map") return broken;
    error = "No such file or directory";
    return std::nullopt;
  };
  GameResult ok = check_text(record(db_join(db_opening()), R"(<map file="good.map"/>)"), ctx);
  EXPECT_EQ(requested, "good.map");
  EXPECT_EQ(ok.verdict, Verdict::ok);
  run({{"REC-013 a map file that is missing", record("", R"(<map file="none.map"/>)"), "REC-013",
        "none.map", "cannot read map file \"none.map\": No such file or directory"},
       {"REC-013 a broken map file", record("", R"(<map file="broken.map"/>)"), "REC-013",
        "broken.map",
        "map file broken.map:2:20: space a lists b as adjacent, but b does not list a: adjacency "
        "is symmetric [REC-014]"}},
      ctx);
  run({{"REC-013 no file access", record("", R"(<map file="good.map"/>)"), "REC-013", "good.map",
        "cannot be read here"}});
}

TEST(DbReader, InlineMaps) {
  auto with_map = [](const std::string& map) { return record("", map); };
  run({
      {"REC-014 a neighbour that does not exist",
       with_map(R"(<map name="m"><space id="a" adj="z"/></map>)"), "REC-014", "z\"/>",
       "lists \"z\" as adjacent, which is no space"},
      {"REC-014 a space defined twice",
       with_map(R"(<map name="m"><space id="a"/><space id="a"/></map>)"), "REC-014", "a\"/></map>",
       "space a is defined twice"},
      {"REC-014 a bad space id", with_map(R"(<map name="m"><space id="a b"/></map>)"), "REC-014",
       "a b", "1 to 8 characters"},
      {"REC-014 not connected", with_map(R"(<map name="m"><space id="a"/><space id="b"/></map>)"),
       "REC-014", "<map name", "is not connected: b cannot be reached from a"},
      {"REC-014 camp sites of the wrong number",
       with_map(
           R"(<map name="m"><space id="a" adj="b"/><space id="b" adj="a"/><camp-sites players="3" spaces="a b"/></map>)"),
       "REC-014", "a b\"/>", "3 players need 3 camp sites"},
      {"REC-014 a fixed camp",
       with_map(
           R"(<map name="m"><space id="a" adj="b"/><space id="b" adj="a"/><fixed space="a" card="camp"/></map>)"),
       "REC-014", "camp\"/>", "a camp is never fixed"},
      {"REC-014 a fixed card on a camp site",
       with_map(
           R"(<map name="m"><space id="a" adj="b c"/><space id="b" adj="a c"/><space id="c" adj="a b"/><camp-sites players="3" spaces="a b c"/><fixed space="a" card="city"/></map>)"),
       "REC-014", "a\" card=\"city\"", "is a camp site for 3 players"},
      {"REC-007 a name without a definition", with_map(R"(<map name="m"></map>)"), "REC-007",
       "m\"></map>", "unknown map \"m\""},
      {"REC-014 no space",
       with_map(R"(<map name="m"><camp-sites players="3" spaces="a b c"/></map>)"), "REC-014",
       "<map name", "defines no space"},
      {"REC-010 camp sites twice",
       with_map(
           R"(<map name="m"><space id="a" adj="b c"/><space id="b" adj="a c"/><space id="c" adj="a b"/><camp-sites players="3" spaces="a b c"/><camp-sites players="3" spaces="a b c"/></map>)"),
       "REC-010", "<camp-sites players=\"3\" spaces=\"a b c\"/></map>",
       "camp sites for 3 players are given twice"},
      {"REC-006 camp sites for two players",
       with_map(R"(<map name="m"><space id="a"/><camp-sites players="2" spaces="a"/></map>)"),
       "REC-006", "2\" spaces", "must lie between 3 and 5"},
  });
}

// --boards definitions: maps become known by name and the last one the default.
TEST(DbReader, DefinitionsFromTheCommandLine) {
  CheckContext ctx;
  ctx.definitions.push_back(
      {"river-valley.map", read_source_file("samples/dschingis-bohn/maps/river-valley.map")});
  DbGeneratorOptions o;
  o.map = DbMapChoice::file_map;
  o.map_file = "valley.map";
  std::string text = generate_db_game(5, o).xml();
  std::string element = R"(<map file="valley.map"/>)";
  auto at = text.find(element);
  ASSERT_NE(at, std::string::npos);
  auto map_of = [](const GameResult& r) {
    for (const auto& [k, v] : r.extra)
      if (k == "map") return v.as_object().front().second.as_string();
    return std::string();
  };
  std::string named = text;
  named.replace(at, element.size(), R"(<map name="river-valley"/>)");
  GameResult r = check_text(named, ctx);
  EXPECT_EQ(r.verdict, Verdict::ok);
  EXPECT_EQ(map_of(r), "river-valley");
  std::string unnamed = text;
  unnamed.erase(at, element.size());
  GameResult d = check_text(unnamed, ctx);
  EXPECT_EQ(d.verdict, Verdict::ok) << "the last --boards map is the default";
  EXPECT_EQ(map_of(d), "river-valley");
  EXPECT_EQ(check_text(unnamed).verdict, Verdict::malformed) << "without it: modelled-19";
}

}  // namespace
}  // namespace wallaudit::test
