// Table-driven tests of the Dschingis Bohn rules (rules/dschingis-bohn.md): legal and illegal
// cases per rule id on small hand-written records (support/db_records), each with the exact
// list of findings "RULE@turn" in report order; a few engine-level cases for states no short
// record reaches; and cases around exhaustions built on generated games.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "dschingis_bohn/map.hpp"
#include "dschingis_bohn/state.hpp"
#include "support/db_generator.hpp"
#include "support/db_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

DbTurns all12() {
  DbTurns t = db_opening();
  for (auto& x : db_middle())
    t.push_back(x);
  return t;
}

DbTurns upto(DbTurns turns, std::size_t count) {
  turns.resize(count);
  return turns;
}

DbTurns plus(DbTurns turns, std::string text) {
  turns.push_back(std::move(text));
  return turns;
}

DbTurns with(DbTurns turns, std::size_t turn, std::string text) {
  turns.at(turn - 1) = std::move(text);
  return turns;
}

// Replaces the first `from` in turn `turn` (1-based) by `to`; `from` must be there.
DbTurns edit(DbTurns turns, std::size_t turn, const std::string& from, const std::string& to) {
  std::string& t = turns.at(turn - 1);
  auto at = t.find(from);
  if (at == std::string::npos)
    throw std::runtime_error(fmt::format("turn {} has no \"{}\"", turn, from));
  t.replace(at, from.size(), to);
  return turns;
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  if (at == std::string::npos) throw std::runtime_error("no \"" + from + "\" in the text");
  text.replace(at, from.size(), to);
  return text;
}

struct Case {
  std::string name;
  std::function<DbRecord()> record;
  std::vector<std::string> expected;  // "RULE@turn" of every error and dispute, in report order
};

std::vector<std::string> found(const GameResult& result) {
  std::vector<std::string> out;
  for (const auto& d : result.diagnostics.items())
    if (d.kind != FindingKind::info) out.push_back(fmt::format("{}@{}", d.rule, d.turn));
  return out;
}

std::string dump(const GameResult& result) {
  std::string out;
  for (const auto& d : result.diagnostics.items())
    out += fmt::format("  {}:{} {} turn {} {}{}\n", d.loc.line, d.loc.column, d.rule, d.turn,
                       d.message, d.follow_on ? " (follow-on)" : "");
  return out;
}

void run_cases(const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    DbRecord rec;
    try {
      rec = c.record();
    } catch (const std::exception& e) {
      ADD_FAILURE() << c.name << ": " << e.what();
      continue;
    }
    GameResult result = check_text(rec.str());
    EXPECT_EQ(found(result), c.expected) << c.name << "\n" << dump(result);
    if (c.expected.empty()) {
      EXPECT_EQ(result.verdict, Verdict::ok) << c.name << "\n" << dump(result);
    }
  }
}

// A record of these turns over the fixture, with the set-up edited.
std::function<DbRecord()> setup_edit(DbTurns turns, std::string from, std::string to,
                                     std::string rules = "") {
  return [=] {
    DbRecord r = db_record(turns, rules);
    r.setup = replace(r.setup, from, to);
    return r;
  };
}

std::function<DbRecord()> rec(DbTurns turns, std::string rules = "", std::string end = "") {
  return [=] { return db_record(turns, rules, end); };
}

const char* const kRazing = R"(<option name="razing" value="on"/>)";
const char* const kBuyable = R"(<option name="third-field" value="buyable"/>)";
const char* const kAnyBox = R"(<option name="card-set" value="any-from-box"/>)";

TEST(DbRules, OpeningIsLegalAndScoresAsComputedByHand) {
  GameResult r = check_text(db_record(all12()).str());
  EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
  EXPECT_FALSE(r.finished);
  ASSERT_EQ(r.scores.size(), 3u);
  EXPECT_EQ(r.scores[0], (std::pair<std::string, int>{"red", 4}));
  EXPECT_EQ(r.scores[1], (std::pair<std::string, int>{"blue", 2}));
  EXPECT_EQ(r.scores[2], (std::pair<std::string, int>{"green", 5}));
  EXPECT_TRUE(r.winners.empty());
}

// DB-3xx: set-up.
TEST(DbRules, SetUp) {
  run_cases({
      {"DB-301 two players",
       [] {
         DbRecord r = db_record({});
         r.players = R"(<player colour="red"/><player colour="blue"/>)";
         return r;
       },
       {"DB-301@0"}},
      {"DB-301 six players",
       [] {
         DbRecord r = db_record({});
         r.players =
             R"(<player colour="red"/><player colour="blue"/><player colour="green"/><player colour="black"/><player colour="white"/><player colour="orange"/>)";
         return r;
       },
       {"DB-301@0"}},
      {"DB-301 a colour twice",
       [] {
         DbRecord r = db_record(upto(db_opening(), 3));
         r.players += R"(<player colour="red"/>)";
         return r;
       },
       {"DB-301@0"}},
      {"DB-302 legal: any cards from the box",
       setup_edit(upto(db_opening(), 3), R"(<territory space="03" card="rice-field"/>)",
                  R"(<territory space="03" card="river"/>)", kAnyBox),
       {}},
      {"DB-302 a fourth village",
       setup_edit(upto(db_opening(), 3), R"(<territory space="03" card="rice-field"/>)",
                  R"(<territory space="03" card="village"/>)"),
       {"DB-302@0"}},
      {"DB-302 a camp on an open site from the box",
       setup_edit(upto(db_opening(), 3), R"(<territory space="03" card="rice-field"/>)",
                  R"(<territory space="03" card="camp"/>)", kAnyBox),
       {"DB-302@0"}},
      {"DB-303 a card on a camp site",
       setup_edit(upto(db_opening(), 3), R"(<hand )",
                  R"(<territory space="12" card="city"/><hand )"),
       {"DB-303@0"}},
      {"DB-303 an open site without a card",
       setup_edit(upto(db_opening(), 3), R"(<territory space="03" card="rice-field"/>)", ""),
       {"DB-303@0"}},
      {"DB-303 two cards on one site",
       setup_edit(upto(db_opening(), 3), R"(<hand )",
                  R"(<territory space="03" card="rice-field"/><hand )"),
       {"DB-303@0"}},
      {"DB-303 a camp on an open site",
       setup_edit(upto(db_opening(), 1), R"(<camp colour="red" space="01"/>)",
                  R"(<camp colour="red" space="05"/>)"),
       {"DB-303@0"}},
      {"DB-303 no camp sites for three players",
       [] {
         DbRecord r = db_record(upto(db_opening(), 1));
         std::string map = db_generator_map_xml("no-threes");
         map = map.substr(map.find("<map"));
         auto at = map.find("<camp-sites players=\"3\"");
         map.erase(at, map.find("/>", at) + 2 - at);
         r.map = map;
         // The generator's map has other ids: state the cards on its open sites.
         r.setup =
             R"(<camp colour="green" space="V19"/><camp colour="blue" space="V15"/><camp colour="red" space="V01"/>)";
         return r;
       },
       {"DB-303@0"}},
      {"DB-303 legal: a fixed card may be left out",
       [] {
         DbRecord r = db_record(upto(db_opening(), 3));
         std::string map = db_generator_map_xml("modelled-fixed");
         (void)map;
         r.map = R"(<map name="fixed-19">)" + std::string(R"(
<space id="01" adj="02 04 05"/><space id="02" adj="01 03 05 06"/><space id="03" adj="02 06 07"/>
<space id="04" adj="01 05 08 09"/><space id="05" adj="01 02 04 06 09 10"/><space id="06" adj="02 03 05 07 10 11"/>
<space id="07" adj="03 06 11 12"/><space id="08" adj="04 09 13"/><space id="09" adj="04 05 08 10 13 14"/>
<space id="10" adj="05 06 09 11 14 15"/><space id="11" adj="06 07 10 12 15 16"/><space id="12" adj="07 11 16"/>
<space id="13" adj="08 09 14 17"/><space id="14" adj="09 10 13 15 17 18"/><space id="15" adj="10 11 14 16 18 19"/>
<space id="16" adj="11 12 15 19"/><space id="17" adj="13 14 18"/><space id="18" adj="14 15 17 19"/>
<space id="19" adj="15 16 18"/><camp-sites players="3" spaces="01 12 17"/><fixed space="05" card="city"/></map>)");
         r.setup = replace(r.setup, R"(<territory space="05" card="city"/>)", "");
         return r;
       },
       {}},
      {"DB-303 a card against a fixed one",
       [] {
         DbRecord r = db_record(upto(db_opening(), 3));
         r.map = R"(<map name="fixed-19">
<space id="01" adj="02 04 05"/><space id="02" adj="01 03 05 06"/><space id="03" adj="02 06 07"/>
<space id="04" adj="01 05 08 09"/><space id="05" adj="01 02 04 06 09 10"/><space id="06" adj="02 03 05 07 10 11"/>
<space id="07" adj="03 06 11 12"/><space id="08" adj="04 09 13"/><space id="09" adj="04 05 08 10 13 14"/>
<space id="10" adj="05 06 09 11 14 15"/><space id="11" adj="06 07 10 12 15 16"/><space id="12" adj="07 11 16"/>
<space id="13" adj="08 09 14 17"/><space id="14" adj="09 10 13 15 17 18"/><space id="15" adj="10 11 14 16 18 19"/>
<space id="16" adj="11 12 15 19"/><space id="17" adj="13 14 18"/><space id="18" adj="14 15 17 19"/>
<space id="19" adj="15 16 18"/><camp-sites players="3" spaces="01 12 17"/><fixed space="05" card="city"/></map>)";
         r.setup = replace(
             r.setup, R"(<territory space="04" card="forest"/><territory space="05" card="city"/>)",
             R"(<territory space="04" card="city"/><territory space="05" card="forest"/>)");
         return r;
       },
       {"DB-303@0", "DB-302@0"}},
      {"DB-305 camps chosen clockwise",
       setup_edit(
           upto(db_opening(), 3),
           R"(<camp colour="green" space="12"/><camp colour="blue" space="17"/><camp colour="red" space="01"/>)",
           R"(<camp colour="red" space="01"/><camp colour="blue" space="17"/><camp colour="green" space="12"/>)"),
       {"DB-305@0"}},
      {"DB-305 a camp missing",
       setup_edit(upto(db_opening(), 1), R"(<camp colour="red" space="01"/>)", ""),
       {"DB-305@0"}},
      {"DB-305 a second camp",
       setup_edit(upto(db_opening(), 3), R"(<camp colour="red" space="01"/>)",
                  R"(<camp colour="red" space="01"/><camp colour="red" space="17"/>)"),
       {"DB-305@0"}},
      {"DB-305 a camp for a colour not at the table",
       setup_edit(upto(db_opening(), 3), R"(<camp colour="red" space="01"/>)",
                  R"(<camp colour="red" space="01"/><camp colour="purple" space="12"/>)"),
       {"DB-305@0"}},
      {"DB-306 a hand of four",
       setup_edit(upto(db_opening(), 1), R"(beans="soy soy chili red blue")",
                  R"(beans="soy soy chili red")"),
       {"DB-306@0"}},
      {"DB-306 two hands for one colour",
       setup_edit(
           upto(db_opening(), 1), R"(<hand colour="red" beans="soy soy chili red blue"/>)",
           R"(<hand colour="red" beans="soy soy chili red blue"/><hand colour="red" beans="soy soy chili red blue"/>)"),
       {"DB-306@0"}},
      {"DB-306 a hand for a colour not at the table",
       setup_edit(upto(db_opening(), 1), R"(<hand )",
                  R"(<hand colour="white" beans="soy soy soy soy soy"/><hand )"),
       {"DB-306@0"}},
      {"DB-306 a deck of the wrong length",
       setup_edit({}, R"(<hand )", R"(<deck order="soy red"/><hand )"),
       {"DB-306@0"}},
      {"DB-304 legal: a third field with the option",
       rec(plus(
               upto(db_opening(), 5),
               R"(<turn colour="green"><harvest field="1" coins="3"/><buy-field/><plant bean="black-eyed" field="2"/><turn-up beans="stink black-eyed"/><plant bean="stink" field="1"/><plant bean="black-eyed" field="3"/><draw count="3"/></turn>)"),
           kBuyable),
       {}},
      {"DB-304 a third field without the option",
       rec(plus(
           upto(db_opening(), 5),
           R"(<turn colour="green"><harvest field="1" coins="3"/><buy-field/><plant bean="black-eyed" field="2"/><turn-up beans="stink black-eyed"/><plant bean="stink" field="1"/><plant bean="black-eyed" field="2"/><draw count="3"/></turn>)")),
       {"DB-304@6"}},
  });
}

// DB-307 and the parts of a turn (DB-401, DB-404 .. DB-409).
TEST(DbRules, TurnOrderAndParts) {
  auto op = db_opening();
  run_cases({
      {"DB-307 the first turn is the start player's",
       rec({edit(op, 2, "", "").at(1)}),
       {"DB-307@1"}},
      {"DB-307 out of turn",
       rec(with(upto(op, 2), 2, replace(op[1], R"(colour="blue")", R"(colour="green")"))),
       {"DB-307@2"}},
      {"DB-307 a colour not at the table",
       rec(with(upto(op, 2), 2, replace(op[1], R"(colour="blue")", R"(colour="white")"))),
       {"DB-307@2"}},
      {"DB-401 a turn-up after step 4 began",
       rec({R"(<turn colour="red"><plant bean="soy" field="1"/><plant bean="soy" field="1"/><draw count="3"/><turn-up beans="soy red"/><plant bean="soy" field="1"/><plant bean="red" field="2"/></turn>)"}),
       {"DB-405@1", "DB-401@1", "DB-407@1", "DB-407@1"}},
      {"DB-404 legal: one card in step 1", rec(upto(op, 3)), {}},
      {"DB-404 not the front card",
       rec({R"(<turn colour="red"><plant bean="chili" field="2"/><turn-up beans="soy chili"/><plant bean="soy" field="1"/><plant bean="chili" field="2"/><draw count="3"/></turn>)"}),
       {"DB-404@1"}},
      {"DB-404 a third card",
       rec({R"(<turn colour="red"><plant bean="soy" field="1"/><plant bean="soy" field="1"/><plant bean="chili" field="2"/><turn-up beans="soy chili"/><plant bean="soy" field="1"/><plant bean="chili" field="2"/><draw count="3"/></turn>)"}),
       {"DB-404@1"}},
      {"DB-404 another player plants in step 1",
       rec({edit(op, 1, R"(<turn-up)",
                 R"(<plant colour="blue" bean="stink" field="1"/><turn-up)")[0]}),
       {"DB-404@1"}},
      {"DB-404 step 1 left out",
       rec({edit(op, 1, R"(<plant bean="soy" field="1"/><plant bean="soy" field="1"/>)", "")[0]}),
       {"DB-404@1"}},
      {"DB-405 three cards without a rice field",
       rec({edit(
           op, 1, R"(<turn-up beans="soy red"/>)",
           R"(<turn-up beans="soy red garden"/><donate to="green"><card source="turned-up" bean="garden"/></donate><plant colour="green" bean="garden" field="1"/>)")
                [0]}),
       {"DB-405@1"}},
      {"DB-405 one card",
       rec({edit(edit(op, 1, R"(<turn-up beans="soy red"/>)", R"(<turn-up beans="soy"/>)"), 1,
                 R"(<plant bean="red" field="2"/>)", "")[0]}),
       {"DB-405@1"}},
      {"DB-405 a second turn-up",
       rec({edit(op, 1, R"(<turn-up beans="soy red"/>)",
                 R"(<turn-up beans="soy"/><turn-up beans="red"/>)")[0]}),
       {"DB-405@1"}},
      {"DB-405 no turn-up",
       rec({R"(<turn colour="red"><plant bean="soy" field="1"/><plant bean="soy" field="1"/><draw count="3"/></turn>)"}),
       {"DB-405@1"}},
      {"DB-405 a trade before the turn-up",
       rec(edit(
           upto(op, 6), 6,
           R"(<turn-up beans="stink green"/><trade partner="red"><give source="turned-up" bean="green"/><get bean="black-eyed"/></trade>)",
           R"(<trade partner="red"><give source="turned-up" bean="green"/><get bean="black-eyed"/></trade><turn-up beans="stink green"/>)")),
       {"DB-405@6", "DB-406@6", "DB-407@6"}},
      {"DB-406 a trade with oneself",
       rec(edit(upto(op, 6), 6, R"(<trade partner="red">)", R"(<trade partner="green">)")),
       {"DB-406@6", "DB-407@6", "DB-407@6"}},
      {"DB-406 a partner not at the table",
       rec(edit(upto(op, 6), 6, R"(<trade partner="red">)", R"(<trade partner="white">)")),
       {"DB-406@6", "DB-407@6", "DB-407@6", "DB-407@6"}},
      {"DB-406 a trade after step 3 began",
       rec(edit(
           upto(op, 6), 6,
           R"(<trade partner="red"><give source="turned-up" bean="green"/><get bean="black-eyed"/></trade><plant bean="stink" field="1"/>)",
           R"(<plant bean="stink" field="1"/><trade partner="red"><give source="turned-up" bean="green"/><get bean="black-eyed"/></trade>)")),
       {"DB-406@6", "DB-406@6", "DB-407@6"}},
      {"DB-407 a card left unplanted",
       rec({edit(op, 1, R"(<plant bean="red" field="2"/>)", "")[0]}),
       {"DB-407@1"}},
      {"DB-407 a card not in the to-plant area",
       rec({edit(op, 1, R"(<draw)", R"(<plant colour="blue" bean="stink" field="1"/><draw)")[0]}),
       {"DB-407@1"}},
      {"DB-407 a planting after the battles",
       rec(edit(upto(op, 4), 4, R"(<plant colour="green" bean="garden" field="1"/>)", "").size()
               ? edit(
                     edit(upto(op, 4), 4, R"(<plant colour="green" bean="garden" field="1"/>)", ""),
                     4, R"(<draw)", R"(<plant colour="green" bean="garden" field="1"/><draw)")
               : op),
       {"DB-407@4", "DB-407@4"}},
      {"DB-408 legal: a village adds a card", rec(upto(op, 4)), {}},
      {"DB-408 four cards without a village",
       rec({edit(op, 1, R"(<draw count="3"/>)", R"(<draw count="4"/>)")[0]}),
       {"DB-408@1"}},
      {"DB-408 two cards",
       rec({edit(op, 1, R"(<draw count="3"/>)", R"(<draw count="2"/>)")[0]}),
       {"DB-408@1"}},
      {"DB-408 no draw", rec({edit(op, 1, R"(<draw count="3"/>)", "")[0]}), {"DB-408@1"}},
      {"DB-408 a second draw",
       rec({edit(op, 1, R"(<draw count="3"/>)", R"(<draw count="2"/><draw count="1"/>)")[0]}),
       {"DB-408@1"}},
  });
}

// DB-402, DB-403, DB-410 .. DB-414: hands, fields, harvests, payments.
TEST(DbRules, HandsFieldsAndThalers) {
  auto op = db_opening();
  run_cases({
      {"DB-402 legal: without pos the frontmost known card leaves", rec(upto(op, 4)), {}},
      {"DB-402 a pos beyond the hand",
       rec(edit(upto(op, 4), 4, R"(<attack source="hand" bean="blue"/>)",
                R"(<attack source="hand" bean="blue" pos="5"/>)")),
       {"DB-402@4"}},
      {"DB-402 a slot known to hold another bean",
       rec(edit(upto(op, 4), 4, R"(<attack source="hand" bean="blue"/>)",
                R"(<attack source="hand" bean="chili" pos="1"/>)")),
       {"DB-402@4"}},
      {"DB-402 one position twice",
       rec(edit(upto(op, 6), 6, R"(<get bean="black-eyed"/>)",
                R"(<get bean="black-eyed" pos="1"/><get bean="soy" pos="1"/>)")),
       {"DB-402@6", "DB-407@6"}},
      {"DB-403 an unfitting field",
       rec({edit(op, 1, R"(<plant bean="red" field="2"/>)",
                 R"(<plant bean="red" field="1"/>)")[0]}),
       {"DB-403@1"}},
      {"DB-403 field 3 before it is bought",
       rec({edit(op, 1, R"(<plant bean="red" field="2"/>)", R"(<plant bean="red" field="3"/>)")[0]},
           kBuyable),
       {"DB-403@1"}},
      {"DB-410 legal: another player harvests", rec(upto(op, 6)), {}},
      {"DB-410 an empty field",
       rec({edit(op, 1, R"(<plant bean="soy")", R"(<harvest field="1"/><plant bean="soy")")[0]}),
       {"DB-410@1"}},
      {"DB-410 field 3 not bought",
       rec({edit(op, 1, R"(<draw)", R"(<harvest field="3"/><draw)")[0]}, kBuyable),
       {"DB-410@1"}},
      {"DB-410 a colour not at the table",
       rec({edit(op, 1, R"(<draw)", R"(<harvest colour="white" field="1"/><draw)")[0]}),
       {"DB-410@1"}},
      {"DB-411 legal: two single cards", rec(upto(op, 6)), {}},
      {"DB-411 a single card while a field holds three",
       rec({edit(op, 1, R"(<draw)", R"(<harvest field="2"/><draw)")[0]}),
       {"DB-411@1"}},
      {"DB-412 a battle with an empty treasury",
       rec({edit(
           op, 1, R"(<draw count="3"/>)",
           R"(<battle target="02"><round><attack source="hand" bean="chili"/><defend source="deck" bean="soy"/></round></battle><draw count="4"/>)")
                [0]}),
       {"DB-412@1"}},
      {"DB-412 legal: a named thaler",
       rec(edit(upto(op, 4), 4, R"(<battle target="02")", R"(<battle target="02" pay="soy")")),
       {}},
      {"DB-412 a named thaler not in the treasury",
       rec(edit(upto(op, 4), 4, R"(<battle target="02")", R"(<battle target="02" pay="garden")")),
       {"DB-412@4"}},
      {"DB-414 a second third field",
       rec(plus(
               upto(op, 5),
               R"(<turn colour="green"><harvest field="1" coins="3"/><buy-field/><buy-field/><plant bean="black-eyed" field="2"/><turn-up beans="stink black-eyed"/><plant bean="stink" field="1"/><plant bean="black-eyed" field="3"/><draw count="3"/></turn>)"),
           kBuyable),
       {"DB-414@6", "DB-412@6"}},
      {"DB-414 during one's own step 4",
       rec(plus(
               upto(op, 5),
               R"(<turn colour="green"><harvest field="1" coins="3"/><plant bean="black-eyed" field="2"/><turn-up beans="stink black-eyed"/><plant bean="stink" field="1"/><plant bean="black-eyed" field="2"/><draw count="3"/><buy-field/></turn>)"),
           kBuyable),
       {"DB-414@6"}},
  });
}

// DB-6xx and DB-7xx: battles and cavalry.
TEST(DbRules, BattlesAndCavalry) {
  auto op = db_opening();
  auto t12 = all12();
  run_cases(
      {
          {"DB-601 a battle before the turn-up",
           rec(edit(
               edit(
                   upto(op, 4), 4,
                   R"(<battle target="02" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="green"/></round></battle>)",
                   ""),
               4, R"(<turn-up)",
               R"(<battle target="02" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="green"/></round></battle><turn-up)")),
           {"DB-601@4"}},
          {"DB-601 a battle after step 4 began",
           rec(edit(
               edit(
                   upto(op, 4), 4,
                   R"(<battle target="02" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="green"/></round></battle><draw count="4"/>)",
                   R"(<draw count="3"/>)"),
               4, R"(</turn>)",
               R"(<battle target="02" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="green"/></round></battle></turn>)")),
           {"DB-601@4"}},
          {"DB-603 a space not reachable",
           rec(edit(edit(upto(op, 4), 4, R"(target="02")", R"(target="10")"), 4,
                    R"(<draw count="4"/>)", R"(<draw count="3"/>)")),
           {"DB-603@4"}},
          {"DB-603 one's own territory",
           rec(edit(edit(upto(op, 4), 4, R"(target="02")", R"(target="01")"), 4,
                    R"(<draw count="4"/>)", R"(<draw count="3"/>)")),
           {"DB-603@4"}},
          {"DB-603 a river",
           setup_edit(
               edit(edit(upto(op, 4), 4, R"(target="02" result="captured")", R"(target="05")"), 4,
                    R"(<draw count="4"/>)", R"(<draw count="3"/>)"),
               R"(<territory space="05" card="city"/>)", R"(<territory space="05" card="river"/>)",
               kAnyBox),
           {"DB-603@4"}},
          {"DB-603 legal: across a river from a forest",
           setup_edit(edit(edit(upto(t12, 10), 10, R"(target="03")", R"(target="10")"), 10,
                           R"(bean="green"/>)", R"(bean="stink"/>)"),
                      R"(<territory space="05" card="city"/>)",
                      R"(<territory space="05" card="river"/>)", kAnyBox),
           {}},
          {"DB-603 across a river without a forest",
           setup_edit(
               edit(edit(upto(op, 4), 4, R"(target="02" result="captured")", R"(target="10")"), 4,
                    R"(<draw count="4"/>)", R"(<draw count="3"/>)"),
               R"(<territory space="05" card="city"/>)", R"(<territory space="05" card="river"/>)",
               kAnyBox),
           {"DB-603@4"}},
          {"DB-605 a neutral territory defends from a hand",
           rec(edit(upto(op, 4), 4, R"(<defend source="deck" bean="green"/>)",
                    R"(<defend source="hand" bean="green"/>)")),
           {"DB-605@4"}},
          {"DB-606 legal: a tie goes to the defender",
           rec(edit(
               edit(
                   upto(op, 4), 4,
                   R"(<battle target="02" result="captured"><round><attack source="hand" bean="blue"/>)",
                   R"(<battle target="02" result="repelled"><round><attack source="hand" bean="stink"/>)"),
               4, R"(<draw count="4"/>)", R"(<draw count="3"/>)")),
           {}},
          {"DB-607 a tie claimed as a capture",
           rec(edit(edit(upto(op, 4), 4, R"(<round><attack source="hand" bean="blue"/>)",
                         R"(<round><attack source="hand" bean="stink"/>)"),
                    4, R"(<draw count="4"/>)", R"(<draw count="3"/>)")),
           {"DB-1005@4"}},
          {"DB-606 the city minimum",
           rec(plus(
               upto(op, 6),
               R"(<turn colour="red"><plant bean="green" field="1"/><turn-up beans="green red"/><plant bean="green" field="1"/><harvest field="1" coins="1"/><plant bean="red" field="1"/><battle target="05" result="repelled"><round><attack source="hand" bean="chili"/><defend source="deck" bean="soy"/></round></battle><draw count="4"/></turn>)")),
           {}},
          {"DB-705 cavalry not owned",
           rec(edit(
               upto(op, 6), 6,
               R"(<battle target="15" result="captured"><round><attack source="cavalry" cavalry="3"/>)",
               R"(<battle target="15" result="captured"><round><attack source="cavalry" cavalry="2"/>)")),
           {"DB-705@6"}},
          {"DB-705 cavalry against a forest",
           rec(edit(edit(upto(op, 6), 6, R"(<battle target="15" result="captured">)",
                         R"(<battle target="11">)"),
                    6, R"(<draw count="4"/>)", R"(<draw count="3"/>)")),
           {"DB-705@6"}},
          {"DB-705 no second round after a lost cavalry round",
           rec(edit(
               upto(op, 6), 6,
               R"(<battle target="07" result="captured"><round><attack source="cavalry" cavalry="3"/><defend source="deck" bean="chili"/></round><round><attack source="deck" bean="blue"/><defend source="deck" bean="garden"/></round></battle>)",
               R"(<battle target="07"><round><attack source="cavalry" cavalry="3"/><defend source="deck" bean="chili"/></round></battle>)")),
           {"DB-705@6"}},
          {"DB-705 a second round after a cavalry win",
           rec(edit(
               upto(op, 6), 6, R"(<defend source="deck" bean="stink"/></round>)",
               R"(<defend source="deck" bean="stink"/></round><round><attack source="deck" bean="soy"/><defend source="deck" bean="soy"/></round>)")),
           {"DB-705@6"}},
          {"DB-705 a second round after a card attack",
           rec(edit(
               upto(op, 4), 4, R"(<defend source="deck" bean="green"/></round>)",
               R"(<defend source="deck" bean="green"/></round><round><attack source="deck" bean="soy"/><defend source="deck" bean="soy"/></round>)")),
           {"DB-705@4"}},
          {"DB-705 cavalry in round 2",
           rec(edit(upto(op, 6), 6, R"(<round><attack source="deck" bean="blue"/>)",
                    R"(<round><attack source="cavalry" cavalry="3"/>)")),
           {"DB-705@6"}},
          {"DB-705 an exhausted cavalry",
           rec(edit(
               upto(t12, 9), 9, R"(<draw count="4"/>)",
               R"(<battle target="13"><round><attack source="cavalry" cavalry="3"/><defend source="deck" bean="soy"/></round></battle><draw count="4"/>)")),
           {"DB-705@9"}},
          {"DB-703 legal: the cavalry is fresh again in its owner's next turn",
           rec(upto(t12, 9)),
           {}},
          {"DB-909 razing: a razed city and a point for good",
           rec(plus(
                   upto(op, 6),
                   R"(<turn colour="red"><plant bean="green" field="1"/><turn-up beans="green red"/><plant bean="green" field="1"/><harvest field="1" coins="1"/><plant bean="red" field="1"/><battle target="05" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="soy"/></round></battle><vp colour="red" points="4"/><draw count="4"/></turn>)"),
               kRazing),
           {}},
          {"DB-902 without razing the city is worth 3", rec(plus(upto(op, 6), R"(<turn colour="red"><plant bean="green" field="1"/><turn-up beans="green red"/><plant bean="green" field="1"/><harvest field="1" coins="1"/><plant bean="red" field="1"/><battle target="05" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="soy"/></round></battle><vp colour="red" points="4"/><draw count="4"/></turn>)")), {"DB-1005@7"}},
      });
}

// DB-8xx, DB-906, DB-1205: carts and diamond fields.
TEST(DbRules, CartsAndDiamonds) {
  auto t12 = all12();
  auto t10 = upto(t12, 10);
  const std::string named_cart =
      R"(<buy-cart pay="red red red"><load beans="green green"/></buy-cart>)";
  run_cases({
      {"DB-801 legal: a cart and step 4 with it", rec(t10), {}},
      {"DB-801 a second cart",
       rec(edit(
           edit(t10, 10, R"(<buy-cart pay="red red red"/>)",
                R"(<buy-cart pay="red red red"/><buy-cart/>)"),
           10,
           R"(<battle target="03" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="green"/></round></battle>)",
           "")),
       {"DB-801@10", "DB-412@10"}},
      {"DB-801 no forest",
       rec(edit(t10, 10, R"(<load count)", R"(<buy-cart colour="blue"/><load count)")),
       {"DB-801@10", "DB-412@10"}},
      {"DB-801 during one's own step 4",
       rec(edit(edit(t10, 10, R"(<buy-cart pay="red red red"/>)", ""), 10,
                R"(<load count="4"/><take count="4"/>)", R"(<draw count="4"/><buy-cart/>)")),
       {"DB-801@10"}},
      {"DB-802 three cards",
       rec(edit(t10, 10, R"(<buy-cart pay="red red red"/>)",
                R"(<buy-cart pay="red red red"><load count="3"/></buy-cart>)")),
       {"DB-802@10"}},
      {"DB-802 one card",
       rec(edit(t10, 10, R"(<buy-cart pay="red red red"/>)",
                R"(<buy-cart pay="red red red"><load count="1"/></buy-cart>)")),
       {"DB-802@10"}},
      {"DB-803 a cart owner draws",
       rec(edit(t10, 10, R"(<load count="4"/><take count="4"/>)", R"(<draw count="4"/>)")),
       {"DB-803@10"}},
      {"DB-803 a take of the wrong number",
       rec(edit(t10, 10, R"(<take count="4"/>)", R"(<take count="3"/>)")),
       {"DB-803@10"}},
      {"DB-803 a second take",
       rec(edit(t10, 10, R"(<take count="4"/>)", R"(<take count="4"/><take count="1"/>)")),
       {"DB-803@10"}},
      {"DB-803 a load after the take",
       rec(edit(t10, 10, R"(<take count="4"/>)", R"(<take count="4"/><load count="1"/>)")),
       {"DB-803@10"}},
      {"DB-803 no take", rec(edit(t10, 10, R"(<take count="4"/>)", "")), {"DB-803@10"}},
      {"DB-803 a load without a cart",
       rec(edit(upto(t12, 11), 11, R"(<draw count="3"/>)",
                R"(<load count="3"/><take count="3"/>)")),
       {"DB-803@11", "DB-803@11"}},
      {"DB-803 a card not on the cart",
       rec(edit(edit(edit(t10, 10, R"(<buy-cart pay="red red red"/>)", named_cart), 10,
                     R"(<load count="4"/>)", R"(<load beans="soy soy black-eyed black-eyed"/>)"),
                10, R"(<take count="4"/>)", R"(<take beans="soy soy black-eyed blue"/>)")),
       {"DB-803@10"}},
      {"DB-1205 a known mixed cart taken by count",
       rec(edit(edit(t10, 10, R"(<buy-cart pay="red red red"/>)", named_cart), 10,
                R"(<load count="4"/>)", R"(<load beans="soy soy black-eyed black-eyed"/>)")),
       {"DB-1205@10"}},
      {"DB-1205 legal: a known cart of one kind taken by count",
       rec(edit(
           edit(t10, 10, R"(<buy-cart pay="red red red"/>)",
                R"(<buy-cart pay="red red red"><load beans="black-eyed black-eyed"/></buy-cart>)"),
           10, R"(<load count="4"/>)",
           R"(<load beans="black-eyed black-eyed black-eyed black-eyed"/>)")),
       {}},
      {"DB-1205 legal: a named take from a known mixed cart",
       rec(edit(edit(edit(t10, 10, R"(<buy-cart pay="red red red"/>)", named_cart), 10,
                     R"(<load count="4"/>)", R"(<load beans="soy soy black-eyed black-eyed"/>)"),
                10, R"(<take count="4"/>)", R"(<take beans="green soy black-eyed green"/>)")),
       {}},
      {"DB-906 legal: a flip per diamond field", rec(t12), {}},
      {"DB-906 legal: one flip with diamond=once",
       rec(edit(t12, 12, R"(<diamond bean="black-eyed"/>)", ""),
           R"(<option name="diamond" value="once"/>)"),
       {}},
      {"DB-906 two flips with diamond=once",
       rec(t12, R"(<option name="diamond" value="once"/>)"),
       {"DB-906@12"}},
      {"DB-906 a flip missing",
       rec(edit(upto(t12, 9), 9, R"(<diamond bean="soy"/>)", "")),
       {"DB-906@9"}},
      {"DB-906 a flip too many",
       rec(edit(upto(t12, 9), 9, R"(<diamond bean="soy"/>)",
                R"(<diamond bean="soy"/><diamond bean="red"/>)")),
       {"DB-906@9"}},
      {"DB-906 a flip after step 1",
       rec(edit(edit(upto(t12, 9), 9, R"(<diamond bean="soy"/>)", ""), 9, R"(<turn-up)",
                R"(<diamond bean="soy"/><turn-up)")),
       {"DB-906@9", "DB-906@9"}},
  });
}

// DB-1202, DB-1203: what the record names, against the deck.
TEST(DbRules, HiddenCards) {
  auto op = db_opening();
  // The deck after the deal with red's hand given: the rest of the 104 cards, `top` first.
  auto deck = [](std::vector<std::string> top) {
    std::map<std::string, int> left{{"blue", 20}, {"chili", 18},      {"stink", 16}, {"green", 14},
                                    {"soy", 12},  {"black-eyed", 10}, {"red", 8},    {"garden", 6}};
    for (const char* b : {"soy", "soy", "chili", "red", "blue"})
      --left[b];
    std::string out;
    for (const auto& b : top) {
      --left[b];
      out += (out.empty() ? "" : " ") + b;
    }
    // The last ten of the rest lie in blue's and green's hidden hands.
    int rest = 89 - static_cast<int>(top.size());
    for (const auto& [b, n] : left)
      for (int i = 0; i < n && rest > 0; ++i, --rest)
        out += " " + b;
    return out;
  };
  std::string order = deck({"soy", "red", "stink", "green", "blue"});
  // Hands of the other two for a complete set-up of 104 cards, known.
  run_cases({
      {"DB-1203 legal: names that agree with the deck",
       setup_edit({replace(op[0], R"(<draw count="3"/>)", R"(<draw beans="stink green blue"/>)")},
                  R"(<hand )", R"(<deck order=")" + order + R"("/><hand )"),
       {}},
      {"DB-1203 a drawn card against the deck",
       setup_edit({replace(op[0], R"(<draw count="3"/>)", R"(<draw beans="stink green garden"/>)")},
                  R"(<hand )", R"(<deck order=")" + order + R"("/><hand )"),
       {"DB-1203@1"}},
      {"DB-1203 a turned-up card against the deck",
       setup_edit(
           {replace(
               replace(op[0], R"(<turn-up beans="soy red"/>)", R"(<turn-up beans="soy green"/>)"),
               R"(<plant bean="red" field="2"/>)", R"(<plant bean="green" field="2"/>)")},
           R"(<hand )", R"(<deck order=")" + order + R"("/><hand )"),
       {"DB-1203@1"}},
      {"DB-1202 a fifth cocoa",
       rec({R"(<turn colour="red"><plant bean="soy" field="1"/><plant bean="soy" field="1"/><turn-up beans="cocoa cocoa"/><plant bean="cocoa" field="2"/><plant bean="cocoa" field="2"/><draw count="3"/></turn>)",
            R"(<turn colour="blue"><plant bean="chili" field="1"/><plant bean="stink" field="2"/><turn-up beans="cocoa cocoa"/><donate to="red"><card source="turned-up" bean="cocoa"/></donate><donate to="red"><card source="turned-up" bean="cocoa"/></donate><plant colour="red" bean="cocoa" field="2"/><plant colour="red" bean="cocoa" field="2"/><draw count="3"/></turn>)",
            R"(<turn colour="green"><plant bean="garden" field="1"/><turn-up beans="cocoa garden"/><plant bean="cocoa" field="2"/><plant bean="garden" field="1"/><draw count="3"/></turn>)"},
           R"(<option name="beans" value="eleven"/>)"),
       {"DB-1202@3"}},
      {"DB-1202 the set-up names too many",
       setup_edit(
           {}, R"(<hand colour="red" beans="soy soy chili red blue"/>)",
           R"(<hand colour="red" beans="garden garden garden garden garden"/><hand colour="blue" beans="garden garden soy soy soy"/>)"),
       {"DB-1202@0"}},
  });
}

// DB-1001, DB-1003, DB-609: a five-player game that ends when a player loses his camp.
DbRecord five(const DbTurns& turns, std::string end = "") {
  DbRecord r;
  r.players =
      R"(<player colour="red"/><player colour="blue"/><player colour="green"/><player colour="yellow"/><player colour="black"/>)";
  r.setup =
      R"(<camp colour="black" space="18"/><camp colour="yellow" space="12"/><camp colour="green" space="08"/><camp colour="blue" space="03"/><camp colour="red" space="01"/>
<territory space="02" card="village"/><territory space="04" card="forest"/><territory space="05" card="city"/>
<territory space="06" card="steppe-1"/><territory space="07" card="rice-field"/><territory space="09" card="village"/>
<territory space="10" card="city"/><territory space="11" card="forest"/><territory space="13" card="steppe-2"/>
<territory space="14" card="diamond-field"/><territory space="15" card="river"/><territory space="16" card="steppe-3"/>
<territory space="17" card="rice-field"/><territory space="19" card="diamond-field"/>)";
  r.play = db_join(turns);
  r.end = std::move(end);
  return r;
}

DbTurns five_turns() {
  return {
      R"(<turn colour="red"><plant bean="soy" field="1"/><plant bean="soy" field="1"/><turn-up beans="soy garden"/><plant bean="soy" field="1"/><plant bean="garden" field="2"/><harvest field="1" coins="1"/><battle target="02" result="captured"><round><attack source="hand" bean="chili"/><defend source="deck" bean="red"/></round></battle><draw count="4"/></turn>)",
      R"(<turn colour="blue"><plant bean="red" field="1"/><turn-up beans="red green"/><plant bean="red" field="1"/><plant bean="green" field="2"/><draw count="3"/></turn>)",
      R"(<turn colour="green"><plant bean="stink" field="1"/><turn-up beans="stink stink"/><plant bean="stink" field="1"/><plant bean="stink" field="1"/><draw count="3"/></turn>)",
      R"(<turn colour="yellow"><plant bean="black-eyed" field="1"/><turn-up beans="black-eyed soy"/><plant bean="black-eyed" field="1"/><plant bean="soy" field="2"/><draw count="3"/></turn>)",
      R"(<turn colour="black"><plant bean="green" field="1"/><turn-up beans="green green"/><plant bean="green" field="1"/><plant bean="green" field="1"/><draw count="3"/></turn>)",
      R"(<turn colour="red"><plant bean="soy" field="1"/><plant bean="soy" field="1"/><turn-up beans="soy blue"/><plant bean="soy" field="1"/><harvest field="1" coins="1"/><plant bean="blue" field="1"/><battle target="03" result="captured"><round><attack source="hand" bean="blue"/><defend source="hand" bean="chili"/></round></battle><vp colour="red" points="3"/></turn>)",
  };
}

const char* const kFiveEnd =
    R"(<end reason="last-territory"><final colour="red" vp="3"/><final colour="blue" vp="0"/><final colour="green" vp="1"/><final colour="yellow" vp="1"/><final colour="black" vp="1"/></end>)";

TEST(DbRules, TheEndByALastTerritory) {
  GameResult r = check_text(five(five_turns(), kFiveEnd).str());
  EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
  EXPECT_TRUE(r.finished);
  EXPECT_EQ(r.winners, std::vector<std::string>{"red"});
  ASSERT_EQ(r.scores.size(), 5u);
  EXPECT_EQ(r.scores[1], (std::pair<std::string, int>{"blue", 0}));
  EXPECT_EQ(r.ended_by, "last-territory");

  auto t = five_turns();
  run_cases({
      {"DB-1003 a draw after the end",
       [=] { return five(edit(t, 6, R"(<vp)", R"(<draw count="4"/><vp)"), kFiveEnd); },
       {"DB-1003@6"}},
      {"DB-1003 a turn after the end",
       [=] { return five(plus(t, R"(<turn colour="blue"><draw count="3"/></turn>)"), kFiveEnd); },
       {"DB-1003@7"}},
      {"DB-1005 the end claimed by the deck",
       [=] { return five(t, replace(kFiveEnd, R"(reason="last-territory")", R"(reason="deck")")); },
       {"DB-1005@0"}},
      {"DB-1005 a final missing",
       [=] { return five(t, replace(kFiveEnd, R"(<final colour="blue" vp="0"/>)", "")); },
       {"DB-1005@0"}},
      {"DB-1005 a final twice",
       [=] {
         return five(t, replace(kFiveEnd, R"(<final colour="blue" vp="0"/>)",
                                R"(<final colour="blue" vp="0"/><final colour="blue" vp="0"/>)"));
       },
       {"DB-1005@0"}},
      {"DB-1005 a final for a colour not at the table",
       [=] {
         return five(t, replace(kFiveEnd, R"(</end>)", R"(<final colour="white" vp="0"/></end>)"));
       },
       {"DB-1005@0"}},
      {"DB-1005 a wrong final",
       [=] {
         return five(t, replace(kFiveEnd, R"(<final colour="red" vp="3"/>)",
                                R"(<final colour="red" vp="4"/>)"));
       },
       {"DB-1005@0"}},
      {"DB-1005 a wrong VP claim",
       [=] { return five(edit(t, 6, R"(points="3")", R"(points="2")"), kFiveEnd); },
       {"DB-1005@6"}},
      {"DB-1005 an end reason in an unfinished game",
       rec(upto(db_opening(), 2), "", R"(<end reason="deck"/>)"),
       {"DB-1005@0"}},
      {"DB-1005 a wrong harvest claim",
       rec({edit(db_opening(), 1, R"(<draw)",
                 R"(<harvest field="1" coins="2" bean="soy" cards="3"/><draw)")[0]}),
       {"DB-1005@1"}},
      {"DB-1005 legal: a right harvest claim",
       rec({edit(db_opening(), 1, R"(<draw)",
                 R"(<harvest field="1" coins="1" bean="soy" cards="3"/><draw)")[0]}),
       {}},
      {"DB-1005 a claim after a violation is still compared",
       [=] {
         return five(edit(edit(t, 6, R"(<vp)", R"(<draw count="4"/><vp)"), 6, R"(points="3")",
                          R"(points="9")"),
                     kFiveEnd);
       },
       {"DB-1003@6", "DB-1005@6"}},
  });
}

// JSON conventions: the scores of an illegal record are those at the start of the turn of its
// first violation; `finished` tells whether the game ended before it.
TEST(DbRules, ScoresOfAnIllegalRecord) {
  auto op = db_opening();
  GameResult r = check_text(db_record(edit(upto(op, 7), 7, R"(<turn-up beans="green red"/>)",
                                           R"(<turn-up beans="green"/><turn-up beans="red"/>)"))
                                .str());
  EXPECT_EQ(r.verdict, Verdict::illegal);
  ASSERT_EQ(r.scores.size(), 3u);
  EXPECT_EQ(r.scores[0].second, 2);  // red at the start of turn 7: camp and village
  EXPECT_EQ(r.scores[2].second, 4);
  EXPECT_FALSE(r.finished);
  EXPECT_TRUE(r.winners.empty());

  GameResult setup = check_text(
      db_record(upto(op, 3))
          .str()
          .replace(db_record(upto(op, 3)).str().find(R"(<camp colour="red" space="01"/>)"), 31,
                   ""));
  EXPECT_EQ(setup.verdict, Verdict::illegal);
  for (const auto& [c, p] : setup.scores)
    EXPECT_EQ(p, 0) << c;

  GameResult after = check_text(
      five(plus(five_turns(), R"(<turn colour="blue"><draw count="3"/></turn>)"), kFiveEnd).str());
  EXPECT_EQ(after.verdict, Verdict::illegal);
  EXPECT_TRUE(after.finished);
  EXPECT_TRUE(after.winners.empty());
  EXPECT_EQ(after.scores[0].second, 3);
}

// Follow-on findings: the first violation is not one, later ones say where they may come from.
TEST(DbRules, FollowOnFindingsLinkToTheFirst) {
  auto op = db_opening();
  GameResult r = check_text(
      db_record(edit(upto(op, 6), 6, R"(<trade partner="red">)", R"(<trade partner="white">)"))
          .str());
  auto rules = findings(r, FindingKind::rule);
  ASSERT_GE(rules.size(), 2u);
  EXPECT_FALSE(rules[0]->follow_on);
  EXPECT_TRUE(rules[1]->follow_on);
  EXPECT_EQ(rules[1]->follows_line, rules[0]->loc.line);
}

// ---- engine-level cases: states no short record reaches --------------------------------------

db::Setup engine_setup() {
  db::Setup s;
  s.map = db::modelled_map();
  s.seats = {db::Colour::red, db::Colour::blue, db::Colour::green};
  s.cards.assign(19, std::nullopt);
  s.owner.assign(19, -1);
  const std::vector<std::pair<int, db::Card>> layout{
      {1, db::Card::village},    {2, db::Card::rice_field}, {3, db::Card::forest},
      {4, db::Card::city},       {5, db::Card::steppe_1},   {6, db::Card::diamond_field},
      {7, db::Card::rice_field}, {8, db::Card::village},    {9, db::Card::city},
      {10, db::Card::forest},    {12, db::Card::steppe_2},  {13, db::Card::diamond_field},
      {14, db::Card::village},   {15, db::Card::steppe_3},  {17, db::Card::rice_field},
      {18, db::Card::forest}};
  for (auto [space, card] : layout)
    s.cards[static_cast<std::size_t>(space)] = card;
  for (auto [space, seat] : std::vector<std::pair<int, int>>{{0, 0}, {16, 1}, {11, 2}}) {
    s.cards[static_cast<std::size_t>(space)] = db::Card::camp;
    s.owner[static_cast<std::size_t>(space)] = seat;
  }
  s.hands.assign(3, std::nullopt);
  return s;
}

std::vector<std::string> rules_of(const db::Violations& vs) {
  std::vector<std::string> out;
  for (const auto& v : vs)
    out.emplace_back(v.rule);
  return out;
}

TEST(DbEngine, AnEmptyHandSkipsStepOneAndCannotPlant) {
  db::Setup s = engine_setup();
  s.hands[0] = std::vector<db::Bean>{};
  db::Violations v;
  db::State st(s, v);
  EXPECT_TRUE(v.empty());
  st.begin_turn(0);
  EXPECT_EQ(rules_of(st.plant(0, db::Bean::soy, 1)), std::vector<std::string>{"DB-404"});

  db::State skip(s, v);
  skip.begin_turn(0);
  EXPECT_TRUE(skip.turn_up({db::Bean::soy, db::Bean::soy}).empty());  // no step 1 owed
}

TEST(DbEngine, AHandAttackNeedsAHandAndAnEmptyHandDefendsFromTheDeck) {
  db::Setup s = engine_setup();
  s.hands[0] = std::vector<db::Bean>{};
  s.hands[1] = std::vector<db::Bean>{};
  s.owner[1] = 1;  // blue holds the village next to red's camp
  db::Violations v;
  db::State st(s, v);
  st.begin_turn(0);
  EXPECT_TRUE(st.turn_up({db::Bean::soy, db::Bean::soy}).empty());
  EXPECT_TRUE(st.plant(0, db::Bean::soy, 1).empty());
  EXPECT_TRUE(st.plant(0, db::Bean::soy, 1).empty());
  db::HarvestResult h;
  EXPECT_TRUE(st.harvest(0, 1, h).empty());
  EXPECT_EQ(h.coins, 1);
  bool applied = false;
  EXPECT_TRUE(st.battle(1, {}, applied).empty());
  st.round(0);
  EXPECT_EQ(rules_of(st.attack(db::AttackSource::hand, 0, db::Bean::blue, std::nullopt)),
            std::vector<std::string>{"DB-604"});
  EXPECT_EQ(rules_of(st.defend(true, db::Bean::chili, std::nullopt)),
            std::vector<std::string>{"DB-605"});
  EXPECT_TRUE(st.battle_end().empty());
  // 20 against chili 18 raised to nothing more than the village's 16: captured, and blue, who
  // held only his camp besides, plays on.
  EXPECT_TRUE(st.last_battle().captured);
  EXPECT_FALSE(st.over());
}

TEST(DbEngine, LosingTheLastTerritoryEndsTheGameAtOnce) {
  db::Setup s = engine_setup();
  s.owner[16] = -1;
  s.cards[16] = db::Card::camp;
  s.owner[13] = 1;  // blue's only territory: the village 14, next to red's forest 10? no: 09
  s.owner[8] = 0;   // red holds the city 09, next to 14
  db::Violations v;
  db::State st(s, v);
  st.begin_turn(0);
  st.plant(0, db::Bean::soy, 1);
  st.turn_up({db::Bean::soy, db::Bean::soy});
  st.plant(0, db::Bean::soy, 1);
  st.plant(0, db::Bean::soy, 1);
  db::HarvestResult h;
  st.harvest(0, 1, h);
  bool applied = false;
  EXPECT_TRUE(st.battle(13, {}, applied).empty());
  st.round(0);
  st.attack(db::AttackSource::hand, 0, db::Bean::blue, std::nullopt);
  st.defend(false, db::Bean::soy, std::nullopt);
  EXPECT_TRUE(st.battle_end().empty());
  EXPECT_TRUE(st.over());
  EXPECT_EQ(st.end_reason(), db::EndReason::last_territory);
  EXPECT_EQ(rules_of(st.draw({}, 3)), std::vector<std::string>{"DB-1003"});
}

// ---- exhaustions, on generated games whose records name every card ---------------------------

struct Split {
  DbGeneratedGame game;
  std::size_t turn = 0;  // 0-based
  std::size_t first = 0, reshuffle = 0, second = 0;
};

// A generated game with a draw (or turn-up) split by an ordered reshuffle in turn `turn`.
std::optional<Split> find_split(DbGenElem::Kind kind) {
  for (std::uint64_t seed = 1; seed < 400; ++seed) {
    DbGeneratorOptions o;
    o.deck_given = true;
    o.named_rate = 1.0;
    o.order_rate = 1.0;
    o.pos_rate = 1.0;
    o.claims = false;
    DbGeneratedGame g = generate_db_game(seed, o);
    for (std::size_t t = 0; t < g.turns.size(); ++t) {
      const auto& el = g.turns[t].elems;
      for (std::size_t i = 0; i + 2 < el.size(); ++i)
        if (el[i].kind == kind && el[i + 1].kind == DbGenElem::Kind::reshuffle &&
            el[i + 2].kind == kind && el[i + 1].ordered && !g.turns[t].ended_game)
          return Split{g, t, i, i + 1, i + 2};
    }
  }
  return std::nullopt;
}

std::string cut_xml(DbGeneratedGame g, std::size_t turn) {
  g.turns.resize(turn + 1);
  g.end.clear();
  return g.xml();
}

// Legal and illegal cases: DB-502, DB-505.
TEST(DbRules, ExhaustionsAndSplitElements) {
  for (auto kind : {DbGenElem::Kind::draw, DbGenElem::Kind::turn_up}) {
    auto split = find_split(kind);
    ASSERT_TRUE(split) << "no generated game splits this element";
    const std::size_t t = split->turn;
    const std::string at = "@" + std::to_string(t + 1);
    auto variant = [&](const std::function<void(std::vector<DbGenElem>&)>& change) {
      DbGeneratedGame g = split->game;
      change(g.turns[t].elems);
      return check_text(cut_xml(g, t));
    };
    GameResult legal = variant([](auto&) {});
    EXPECT_EQ(found(legal), std::vector<std::string>{}) << dump(legal);
    std::string colour = legal.scores.front().first;
    int points = legal.scores.front().second;

    GameResult missing =
        variant([&](auto& el) { el.erase(el.begin() + static_cast<long>(split->reshuffle)); });
    EXPECT_EQ(found(missing), std::vector<std::string>{"DB-502" + at}) << dump(missing);

    GameResult extra = variant([&](auto& el) {
      el.insert(el.begin() + static_cast<long>(split->second) + 1, el[split->reshuffle]);
    });
    EXPECT_EQ(found(extra), std::vector<std::string>{"DB-502" + at}) << dump(extra);

    GameResult order = variant([&](auto& el) {
      std::string& x = el[split->reshuffle].xml;
      auto q = x.find("order=\"") + 7;
      bool garden = x.compare(q, 6, "garden") == 0;
      x.replace(q, x.find_first_of(" \"", q) - q, garden ? "blue" : "garden");
    });
    EXPECT_EQ(found(order), std::vector<std::string>{"DB-505" + at}) << dump(order);

    GameResult inside = variant([&](auto& el) {
      DbGenElem vp;
      vp.xml = "<vp colour=\"" + colour + "\" points=\"" + std::to_string(points) + "\"/>";
      el.insert(el.begin() + static_cast<long>(split->second), vp);
    });
    EXPECT_EQ(found(inside), std::vector<std::string>{"DB-401" + at}) << dump(inside);
  }
}

// The third exhaustion in steps 2-3 ends the game at the planting that empties the last
// to-plant area; in a battle the battle finishes with a reshuffled deck (DB-1002).
TEST(DbRules, TheThirdExhaustion) {
  bool steps = false, battle = false;
  for (std::uint64_t seed = 1; seed < 3000 && !(steps && battle); ++seed) {
    DbGeneratorOptions o;
    o.claims = false;
    o.unfinished = false;
    DbGeneratedGame g = generate_db_game(seed, o);
    if (!g.finished || g.end_reason != "deck") continue;
    const std::size_t last = g.turns.size() - 1;
    std::string at = "@" + std::to_string(last + 1);
    if (!steps && g.features.count("third exhaustion in steps 2-3") &&
        !g.features.count("third exhaustion in a battle")) {
      auto& el = g.turns[last].elems;
      bool ends_in_step3 = !el.empty() && el.back().kind == DbGenElem::Kind::plant3;
      if (ends_in_step3) {
        steps = true;
        EXPECT_EQ(found(check_text(g.xml())), std::vector<std::string>{}) << g.description;
        DbGeneratedGame after = g;
        DbGenElem draw;
        draw.xml = "<draw count=\"3\"/>";
        after.turns[last].elems.push_back(draw);
        GameResult r = check_text(after.xml());
        EXPECT_EQ(found(r), std::vector<std::string>{"DB-1003" + at}) << g.description << dump(r);
      }
    }
    if (!battle) {
      auto& el = g.turns[last].elems;
      for (auto& e : el) {
        if (e.kind != DbGenElem::Kind::battle || !e.battle_third) continue;
        auto r = e.xml.find("<reshuffle");
        if (r == std::string::npos) continue;
        battle = true;
        DbGeneratedGame cut = g;
        for (auto& x : cut.turns[last].elems)
          if (x.kind == DbGenElem::Kind::battle && x.battle_third) {
            auto q = x.xml.find("<reshuffle");
            x.xml.erase(q, x.xml.find("/>", q) + 2 - q);
          }
        GameResult res = check_text(cut.xml());
        EXPECT_EQ(found(res), std::vector<std::string>{"DB-502" + at})
            << g.description << dump(res);
        // The replay shuffles where the record forgot to and goes on to the end: finished.
        EXPECT_TRUE(res.finished);
        break;
      }
    }
  }
  EXPECT_TRUE(steps) << "no generated game ends in step 3";
  EXPECT_TRUE(battle) << "no generated battle reshuffles at the third exhaustion";
}

// ---- every rule id of rules/dschingis-bohn.md, by name ------------------------------------------

// The modelled-19 geometry as an inline map definition (no camp sites for 4 or 5 players).
std::string inline_map(const std::string& name, const std::string& change_from = "",
                       const std::string& change_to = "") {
  std::string map = "<map name=\"" + name + R"(">
<space id="01" adj="02 04 05"/><space id="02" adj="01 03 05 06"/><space id="03" adj="02 06 07"/>
<space id="04" adj="01 05 08 09"/><space id="05" adj="01 02 04 06 09 10"/><space id="06" adj="02 03 05 07 10 11"/>
<space id="07" adj="03 06 11 12"/><space id="08" adj="04 09 13"/><space id="09" adj="04 05 08 10 13 14"/>
<space id="10" adj="05 06 09 11 14 15"/><space id="11" adj="06 07 10 12 15 16"/><space id="12" adj="07 11 16"/>
<space id="13" adj="08 09 14 17"/><space id="14" adj="09 10 13 15 17 18"/><space id="15" adj="10 11 14 16 18 19"/>
<space id="16" adj="11 12 15 19"/><space id="17" adj="13 14 18"/><space id="18" adj="14 15 17 19"/>
<space id="19" adj="15 16 18"/><camp-sites players="3" spaces="01 12 17"/></map>)";
  return change_from.empty() ? map : replace(map, change_from, change_to);
}

// The deck after the deal with red's hand given, `top` first, filled up from `fill` (kind,
// count) in this order: 89 cards when `length` is left at its default.
std::string deck_order(const std::vector<std::pair<std::string, int>>& fill, int length = 89) {
  std::string out;
  int n = 0;
  for (const auto& [bean, count] : fill)
    for (int i = 0; i < count && n < length; ++i, ++n)
      out += (out.empty() ? "" : " ") + bean;
  return out;
}

// `value | f` is f(value): edits applied one after another.
template <typename T, typename F>
auto operator|(T value, F f) -> decltype(f(std::move(value))) {
  return f(std::move(value));
}

// Each case names the rule id it shows; an expected list {"malformed"} asks for a format error.
void run_named(const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    DbRecord rec;
    try {
      rec = c.record();
    } catch (const std::exception& e) {
      ADD_FAILURE() << c.name << ": " << e.what();
      continue;
    }
    GameResult result = check_text(rec.str());
    if (c.expected == std::vector<std::string>{"malformed"}) {
      EXPECT_EQ(result.verdict, Verdict::malformed) << c.name << "\n" << dump(result);
      continue;
    }
    EXPECT_EQ(found(result), c.expected) << c.name << "\n" << dump(result);
    if (c.expected.empty()) {
      EXPECT_EQ(result.verdict, Verdict::ok) << c.name << "\n" << dump(result);
    }
  }
}

// Every id of the rules document, with the cases below that name it.
const std::vector<std::string> kRuleIds{
    "DB-101",  "DB-102",  "DB-103",  "DB-104",  "DB-105",  "DB-106",  "DB-107",  "DB-201",
    "DB-202",  "DB-203",  "DB-204",  "DB-301",  "DB-302",  "DB-303",  "DB-304",  "DB-305",
    "DB-306",  "DB-307",  "DB-401",  "DB-402",  "DB-403",  "DB-404",  "DB-405",  "DB-406",
    "DB-407",  "DB-408",  "DB-409",  "DB-410",  "DB-411",  "DB-412",  "DB-413",  "DB-414",
    "DB-501",  "DB-502",  "DB-503",  "DB-504",  "DB-505",  "DB-601",  "DB-602",  "DB-603",
    "DB-604",  "DB-605",  "DB-606",  "DB-607",  "DB-608",  "DB-609",  "DB-701",  "DB-702",
    "DB-703",  "DB-704",  "DB-705",  "DB-801",  "DB-802",  "DB-803",  "DB-804",  "DB-901",
    "DB-902",  "DB-903",  "DB-904",  "DB-905",  "DB-906",  "DB-907",  "DB-908",  "DB-909",
    "DB-1001", "DB-1002", "DB-1003", "DB-1004", "DB-1005", "DB-1201", "DB-1202", "DB-1203",
    "DB-1204", "DB-1205"};

std::vector<Case> named_cases() {
  auto op = db_opening();
  auto t12 = all12();
  auto t10 = upto(t12, 10);
  // Red's turn 13 after he took the rice field 03 in turn 10: three cards turned up; his load
  // takes the deck's last card.
  const std::string red13 =
      R"(<turn colour="red"><harvest field="1" coins="0"/><plant bean="stink" field="1"/><turn-up beans="stink stink blue"/><plant bean="stink" field="1"/><plant bean="stink" field="1"/><plant bean="blue" field="2"/><load count="4"/><reshuffle/><take count="4"/></turn>)";
  // Green's turn 12 with a battle for blue's camp 17 before the draw; blue keeps his steppe
  // 13 and plays turn 14.
  const std::string camp_battle =
      R"(<battle target="17" result="captured"><round><attack source="hand" bean="chili"/><defend source="hand" bean="green"/></round></battle><draw count="4"/>)";
  DbTurns t13 = plus(edit(t12, 12, R"(<draw count="4"/>)", camp_battle), red13);
  DbTurns t14 = plus(
      t13,
      R"(<turn colour="blue"><harvest field="1" coins="2"/><plant bean="chili" field="1"/><turn-up beans="chili chili"/><plant bean="chili" field="1"/><plant bean="chili" field="1"/><draw count="3"/></turn>)");
  const std::string battle4 =
      R"(<battle target="02" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="green"/></round></battle>)";
  const std::string river05 = R"(<territory space="05" card="river"/>)";
  const std::string city05 = R"(<territory space="05" card="city"/>)";
  // Eleven kinds: 154 - 15 = 139 cards after the deal.
  const std::string kEleven = R"(<option name="beans" value="eleven"/>)";
  const std::string deck89 = deck_order({{"chili", 17},
                                         {"stink", 16},
                                         {"green", 14},
                                         {"soy", 10},
                                         {"black-eyed", 10},
                                         {"red", 7},
                                         {"garden", 6},
                                         {"blue", 19}});
  const std::string deck_blue21 = deck_order({{"blue", 21},
                                              {"chili", 17},
                                              {"stink", 16},
                                              {"green", 14},
                                              {"soy", 10},
                                              {"black-eyed", 10},
                                              {"red", 7}});
  return {
      // 1. Components.
      {"DB-101 legal: the eight kinds of the German deck", rec(upto(op, 3)), {}},
      {"DB-101 a 21st blue bean (the deck holds 20)",
       setup_edit({}, R"(<hand )", R"(<deck order=")" + deck_blue21 + R"("/><hand )"),
       {"DB-1202@0"}},
      {"DB-101 legal: a deck of 104 - 15 cards after the deal",
       setup_edit({}, R"(<hand )", R"(<deck order=")" + deck89 + R"("/><hand )"),
       {}},
      {"DB-102 legal: cocoa with beans=eleven",
       rec({edit(edit(op, 1, R"(<turn-up beans="soy red"/>)", R"(<turn-up beans="soy cocoa"/>)"), 1,
                 R"(<plant bean="red" field="2"/>)", R"(<plant bean="cocoa" field="2"/>)")[0]},
           kEleven),
       {}},
      {"DB-102 cocoa without beans=eleven does not exist",
       rec({edit(edit(op, 1, R"(<turn-up beans="soy red"/>)", R"(<turn-up beans="soy cocoa"/>)"), 1,
                 R"(<plant bean="red" field="2"/>)", R"(<plant bean="cocoa" field="2"/>)")[0]}),
       {"malformed"}},
      {"DB-102 with eleven kinds the deck after the deal is 139 cards, not 89",
       setup_edit({}, R"(<hand )", R"(<deck order=")" + deck89 + R"("/><hand )", kEleven),
       {"DB-306@0"}},
      {"DB-103 legal: 3 garden give 3 thalers, 3 soy 1", rec(upto(op, 6)), {}},
      {"DB-103 3 garden claimed as 2 thalers",
       rec(edit(upto(op, 6), 6, R"(coins="3")", R"(coins="2")")),
       {"DB-1005@6"}},
      {"DB-104 legal: thalers named by their kind", rec(t10), {}},
      {"DB-104 a thaler keeps its kind: red holds no green thaler",
       rec(edit(t10, 10, R"(pay="red red red")", R"(pay="red red green")")),
       {"DB-412@10"}},
      {"DB-105 legal: two fields are enough", rec(upto(op, 6)), {}},
      {"DB-105 no third-field card: a purchase without the option breaks DB-304",
       rec(plus(
           upto(op, 5),
           R"(<turn colour="green"><harvest field="1" coins="3"/><buy-field/><plant bean="black-eyed" field="2"/><turn-up beans="stink black-eyed"/><plant bean="stink" field="1"/><plant bean="black-eyed" field="2"/><draw count="3"/></turn>)")),
       {"DB-304@6"}},
      {"DB-106 legal: a third city from the box",
       setup_edit(upto(op, 3), R"(<territory space="03" card="rice-field"/>)",
                  R"(<territory space="03" card="city"/>)", kAnyBox),
       {}},
      {"DB-106 a fourth city: the box holds three",
       [=] {
         DbRecord r = db_record(upto(op, 3), kAnyBox);
         r.setup = replace(replace(r.setup, R"(<territory space="03" card="rice-field"/>)",
                                   R"(<territory space="03" card="city"/>)"),
                           R"(<territory space="08" card="rice-field"/>)",
                           R"(<territory space="08" card="city"/>)");
         return r;
       },
       {"DB-302@0"}},
      {"DB-106 a second steppe-1: one per horse colour",
       setup_edit(upto(op, 3), R"(<territory space="03" card="rice-field"/>)",
                  R"(<territory space="03" card="steppe-1"/>)", kAnyBox),
       {"DB-302@0"}},
      {"DB-107 legal: marker colours are labels (purple, orange, white)",
       [=] {
         DbRecord r = db_record(upto(op, 2));
         r.players =
             R"(<player colour="purple"/><player colour="orange"/><player colour="white"/>)";
         r.setup =
             replace(replace(replace(replace(r.setup, R"(colour="green")", R"(colour="white")"),
                                     R"(colour="blue")", R"(colour="orange")"),
                             R"(<camp colour="red")", R"(<camp colour="purple")"),
                     R"(<hand colour="red")", R"(<hand colour="purple")");
         r.play = replace(replace(r.play, R"(colour="red")", R"(colour="purple")"),
                          R"(colour="blue")", R"(colour="orange")");
         return r;
       },
       {}},
      // 2. The map.
      {"DB-201 legal: an inline map of the same geometry",
       [=] {
         DbRecord r = db_record(upto(op, 3));
         r.map = inline_map("inline-19");
         return r;
       },
       {}},
      {"DB-201 a space adjacent to itself",
       [=] {
         DbRecord r = db_record(upto(op, 3));
         r.map = inline_map("self-19", R"(<space id="01" adj="02 04 05"/>)",
                            R"(<space id="01" adj="01 02 04 05"/>)");
         return r;
       },
       {"malformed"}},
      {"DB-201 adjacency not symmetric",
       [=] {
         DbRecord r = db_record(upto(op, 3));
         r.map = inline_map("asym-19", R"(<space id="01" adj="02 04 05"/>)",
                            R"(<space id="01" adj="02 03 04 05"/>)");
         return r;
       },
       {"malformed"}},
      {"DB-201 a map that is not connected",
       [=] {
         DbRecord r = db_record(upto(op, 3));
         r.map = replace(inline_map("split-19"), R"(<camp-sites)",
                         R"(<space id="20" adj=""/><camp-sites)");
         return r;
       },
       {"malformed"}},
      {"DB-202 legal: the built-in map by name",
       [=] {
         DbRecord r = db_record(upto(op, 3));
         r.map = R"(<map name="modelled-19"/>)";
         return r;
       },
       {}},
      {"DB-202 no guessed geometry: an unknown built-in map",
       [=] {
         DbRecord r = db_record(upto(op, 3));
         r.map = R"(<map name="printed-first-game"/>)";
         return r;
       },
       {"malformed"}},
      {"DB-203 legal: modelled-19 is the default map", rec(upto(op, 8)), {}},
      {"DB-204 legal: across a river from a forest",
       setup_edit(edit(edit(t10, 10, R"(target="03")", R"(target="10")"), 10, R"(bean="green"/>)",
                       R"(bean="stink"/>)"),
                  city05, river05, kAnyBox),
       {}},
      {"DB-204 across a river without a forest breaks DB-603",
       setup_edit(edit(edit(upto(op, 4), 4, R"(target="02" result="captured")", R"(target="10")"),
                       4, R"(<draw count="4"/>)", R"(<draw count="3"/>)"),
                  city05, river05, kAnyBox),
       {"DB-603@4"}},
      {"DB-204 a space two steps away is not adjacent",
       rec(edit(edit(upto(op, 4), 4, R"(target="02")", R"(target="06")"), 4, R"(<draw count="4"/>)",
                R"(<draw count="3"/>)")),
       {"DB-603@4"}},
      // 3. Set-up (more in SetUp).
      {"DB-301 legal: three players", rec(upto(op, 3)), {}},
      {"DB-302 legal: the three-player card set", rec(upto(op, 3)), {}},
      {"DB-302 a river with three players", setup_edit(upto(op, 3), city05, river05), {"DB-302@0"}},
      {"DB-303 legal: every open site stated once", rec(upto(op, 3)), {}},
      {"DB-304 legal: two fields all game", rec(t12), {}},
      {"DB-305 legal: camps chosen from the last seat on", rec(upto(op, 3)), {}},
      {"DB-306 legal: one hand of 5 given", rec(upto(op, 3)), {}},
      {"DB-307 legal: seat order", rec(upto(op, 3)), {}},
      // 4. A turn.
      {"DB-401 legal: start, steps 1 to 3, battles, step 4", rec(upto(op, 6)), {}},
      {"DB-401 a draw in two parts with no reshuffle between them breaks DB-408",
       rec({edit(op, 1, R"(<draw count="3"/>)",
                 R"(<draw count="1"/><harvest field="1"/><draw count="2"/>)")[0]}),
       {"DB-408@1"}},
      {"DB-401 a turn-up after the draw",
       rec({R"(<turn colour="red"><plant bean="soy" field="1"/><plant bean="soy" field="1"/><draw count="3"/><turn-up beans="soy red"/><plant bean="soy" field="1"/><plant bean="red" field="2"/></turn>)"}),
       {"DB-405@1", "DB-401@1", "DB-407@1", "DB-407@1"}},
      {"DB-402 legal: a pos that holds the card",
       rec(edit(upto(op, 4), 4, R"(<attack source="hand" bean="blue"/>)",
                R"(<attack source="hand" bean="blue" pos="1"/>)")),
       {}},
      {"DB-402 a pos beyond the hand",
       rec(edit(upto(op, 4), 4, R"(<attack source="hand" bean="blue"/>)",
                R"(<attack source="hand" bean="blue" pos="9"/>)")),
       {"DB-402@4"}},
      {"DB-403 legal: the same kind in two fields",
       rec({edit(op, 1, R"(<plant bean="red" field="2"/>)",
                 R"(<plant bean="red" field="2"/>)")[0]}),
       {}},
      {"DB-403 a soy on a red field",
       rec({edit(op, 1, R"(<plant bean="soy" field="1"/><plant bean="red" field="2"/>)",
                 R"(<plant bean="soy" field="2"/><plant bean="red" field="2"/>)")[0]}),
       {"DB-403@1"}},
      {"DB-404 legal: two cards in step 1", rec(upto(op, 1)), {}},
      {"DB-404 step 1 left out",
       rec({edit(op, 1, R"(<plant bean="soy" field="1"/><plant bean="soy" field="1"/>)", "")[0]}),
       {"DB-404@1"}},
      {"DB-405 legal: two cards turned up", rec(upto(op, 1)), {}},
      {"DB-405 one card turned up",
       rec({edit(edit(op, 1, R"(<turn-up beans="soy red"/>)", R"(<turn-up beans="soy"/>)"), 1,
                 R"(<plant bean="red" field="2"/>)", "")[0]}),
       {"DB-405@1"}},
      {"DB-406 legal: a trade and donations", rec(upto(op, 8)), {}},
      {"DB-406 a trade with oneself",
       rec(edit(upto(op, 6), 6, R"(<trade partner="red">)", R"(<trade partner="green">)")),
       {"DB-406@6", "DB-407@6", "DB-407@6"}},
      {"DB-406 a trade with oneself before the turn-up: the moment first",
       rec(edit(
           upto(op, 6), 6, R"(<turn-up beans="stink green"/><trade partner="red">)",
           R"(<trade partner="green"><give source="hand" bean="black-eyed"/><get bean="red"/></trade><turn-up beans="stink green"/><trade partner="red">)")),
       {"DB-405@6", "DB-406@6", "DB-407@6"}},
      {"DB-407 legal: every card planted", rec(upto(op, 2)), {}},
      {"DB-407 a card left unplanted",
       rec({edit(op, 1, R"(<plant bean="red" field="2"/>)", "")[0]}),
       {"DB-407@1"}},
      {"DB-408 legal: three cards drawn", rec(upto(op, 1)), {}},
      {"DB-408 two cards drawn",
       rec({edit(op, 1, R"(<draw count="3"/>)", R"(<draw count="2"/>)")[0]}),
       {"DB-408@1"}},
      {"DB-409 legal: a record that stops after a complete turn", rec(upto(op, 5)), {}},
      {"DB-409 the record's last turn without its draw",
       rec(edit(upto(op, 5), 5, R"(<draw count="3"/>)", "")),
       {"DB-408@5"}},
      {"DB-409 the record's last turn without its turn-up and step 3",
       rec(edit(
           upto(op, 3), 3,
           R"(<turn-up beans="garden black-eyed"/><plant bean="garden" field="1"/><plant bean="black-eyed" field="2"/>)",
           "")),
       {"DB-405@3"}},
      {"DB-410 legal: a harvest in another player's turn", rec(upto(op, 6)), {}},
      {"DB-410 an empty field",
       rec({edit(op, 1, R"(<plant bean="soy")", R"(<harvest field="2"/><plant bean="soy")")[0]}),
       {"DB-410@1"}},
      {"DB-411 legal: a single card once the field of three is harvested",
       rec({edit(op, 1, R"(<draw)",
                 R"(<harvest field="1" coins="1"/><harvest field="2" coins="0"/><draw)")[0]}),
       {}},
      {"DB-411 a single card while another field holds three",
       rec({edit(op, 1, R"(<draw)", R"(<harvest field="2" coins="0"/><draw)")[0]}),
       {"DB-411@1"}},
      {"DB-412 legal: the topmost thaler pays", rec(upto(op, 4)), {}},
      {"DB-412 a named thaler not in the treasury",
       rec(edit(upto(op, 4), 4, R"(<battle target="02")", R"(<battle target="02" pay="garden")")),
       {"DB-412@4"}},
      {"DB-413 legal: thalers pay a cart and a battle", rec(t10), {}},
      {"DB-413 thalers spent are gone: a second battle after the cart cannot be paid",
       rec(edit(
           t10, 10, R"(<load count="4"/>)",
           R"(<battle target="05" result="captured"><round><attack source="deck" bean="blue"/><defend source="deck" bean="soy"/></round></battle><load count="4"/>)")),
       {"DB-412@10"}},
      {"DB-414 legal: a third field with the option",
       rec(plus(
               upto(op, 5),
               R"(<turn colour="green"><harvest field="1" coins="3"/><buy-field/><plant bean="black-eyed" field="2"/><turn-up beans="stink black-eyed"/><plant bean="stink" field="1"/><plant bean="black-eyed" field="3"/><draw count="3"/></turn>)"),
           kBuyable),
       {}},
      {"DB-414 a third field without three thalers",
       rec(plus(
               upto(op, 5),
               R"(<turn colour="green"><buy-field/><plant bean="black-eyed" field="2"/><turn-up beans="stink black-eyed"/><plant bean="stink" field="3"/><plant bean="black-eyed" field="2"/><draw count="3"/></turn>)"),
           kBuyable),
       {"DB-412@6"}},
      // 5. The deck.
      {"DB-501 legal: cards come from the top of a known deck",
       setup_edit(
           DbTurns{replace(op[0], R"(<turn-up beans="soy red"/>)",
                           R"(<turn-up beans="chili chili"/>)")} |
               [](DbTurns t) {
                 t[0] = replace(
                     replace(
                         t[0], R"(<plant bean="soy" field="1"/><plant bean="red" field="2"/><draw)",
                         R"(<plant bean="chili" field="2"/><plant bean="chili" field="2"/><draw)"),
                     R"(<draw count="3"/>)", R"(<draw beans="chili chili chili"/>)");
                 return t;
               },
           R"(<hand )", R"(<deck order=")" + deck89 + R"("/><hand )"),
       {}},
      {"DB-501 a card from below the top of a known deck breaks DB-1203",
       setup_edit(
           DbTurns{replace(op[0], R"(<turn-up beans="soy red"/>)",
                           R"(<turn-up beans="chili chili"/>)")} |
               [](DbTurns t) {
                 t[0] = replace(
                     replace(
                         t[0], R"(<plant bean="soy" field="1"/><plant bean="red" field="2"/><draw)",
                         R"(<plant bean="chili" field="2"/><plant bean="chili" field="2"/><draw)"),
                     R"(<draw count="3"/>)", R"(<draw beans="chili chili stink"/>)");
                 return t;
               },
           R"(<hand )", R"(<deck order=")" + deck89 + R"("/><hand )"),
       {"DB-1203@1"}},
      {"DB-502 a reshuffle where none is due",
       rec({edit(op, 1, R"(<draw count="3"/>)", R"(<reshuffle/><draw count="3"/>)")[0]}),
       {"DB-502@1"}},
      {"DB-505 a reshuffle order where none is due breaks DB-502 first",
       rec({edit(op, 1, R"(<draw count="3"/>)",
                 R"(<reshuffle order="soy"/><draw count="3"/>)")[0]}),
       {"DB-502@1"}},
      // 6. Battles.
      {"DB-601 legal: battles after step 3", rec(upto(op, 6)), {}},
      {"DB-601 a battle before the turn-up",
       rec(edit(edit(upto(op, 4), 4, battle4, ""), 4, R"(<turn-up)", battle4 + "<turn-up")),
       {"DB-601@4"}},
      {"DB-602 legal: each battle paid with one thaler", rec(upto(op, 6)), {}},
      {"DB-602 a battle that cannot be paid breaks DB-412",
       rec({edit(
           op, 1, R"(<draw count="3"/>)",
           R"(<battle target="02"><round><attack source="hand" bean="chili"/><defend source="deck" bean="soy"/></round></battle><draw count="4"/>)")
                [0]}),
       {"DB-412@1"}},
      {"DB-603 legal: a neutral space next to one's own", rec(upto(op, 4)), {}},
      {"DB-603 one's own territory",
       rec(edit(edit(upto(op, 4), 4, R"(target="02")", R"(target="01")"), 4, R"(<draw count="4"/>)",
                R"(<draw count="3"/>)")),
       {"DB-603@4"}},
      {"DB-604 legal: a deck attack", rec(upto(op, 6)), {}},
      {"DB-604 a hand card the hand cannot hold breaks DB-402",
       rec(edit(upto(op, 4), 4, R"(<attack source="hand" bean="blue"/>)",
                R"(<attack source="hand" bean="chili" pos="1"/>)")),
       {"DB-402@4"}},
      {"DB-605 legal: an owner defends from his hand", rec(upto(t12, 9)), {}},
      {"DB-605 a neutral territory defends from a hand",
       rec(edit(upto(op, 4), 4, R"(<defend source="deck" bean="green"/>)",
                R"(<defend source="hand" bean="green"/>)")),
       {"DB-605@4"}},
      {"DB-606 legal: forest minimum 17 beaten by 20", rec(upto(op, 7)), {}},
      {"DB-606 cavalry 17 against stink 16 raised to the village's 16 wins, claimed repelled",
       rec(edit(upto(op, 6), 6, R"(<battle target="15" result="captured">)",
                R"(<battle target="15" result="repelled">)")),
       {"DB-1005@6"}},
      {"DB-607 legal: a tie goes to the defender",
       rec(edit(
           edit(
               upto(op, 4), 4,
               R"(<battle target="02" result="captured"><round><attack source="hand" bean="blue"/>)",
               R"(<battle target="02" result="repelled"><round><attack source="hand" bean="stink"/>)"),
           4, R"(<draw count="4"/>)", R"(<draw count="3"/>)")),
       {}},
      {"DB-607 a tie claimed as a capture",
       rec(edit(edit(upto(op, 4), 4, R"(<round><attack source="hand" bean="blue"/>)",
                     R"(<round><attack source="hand" bean="stink"/>)"),
                4, R"(<draw count="4"/>)", R"(<draw count="3"/>)")),
       {"DB-1005@4"}},
      {"DB-609 legal: a captured steppe's cavalry attacks at once", rec(upto(op, 6)), {}},
      {"DB-609 a capture that takes a last territory ends the game: a draw after it",
       [] { return five(edit(five_turns(), 6, R"(<vp)", R"(<draw count="4"/><vp)"), kFiveEnd); },
       {"DB-1003@6"}},
      // 7. Cavalry.
      {"DB-701 legal: the captor of a steppe owns its cavalry", rec(upto(op, 8)), {}},
      {"DB-701 the cavalry of a neutral steppe belongs to nobody",
       rec(edit(upto(op, 6), 6,
                R"(<attack source="cavalry" cavalry="3"/><defend source="deck" bean="stink"/>)",
                R"(<attack source="cavalry" cavalry="1"/><defend source="deck" bean="stink"/>)")),
       {"DB-705@6"}},
      {"DB-702 legal: a cavalry that lost a round is exhausted, not lost", rec(upto(t12, 9)), {}},
      {"DB-703 legal: fresh again at its owner's next turn", rec(upto(t12, 9)), {}},
      {"DB-702 an exhausted cavalry attacks again in the same turn",
       rec(edit(
           upto(t12, 9), 9, R"(<draw count="4"/>)",
           R"(<battle target="13"><round><attack source="cavalry" cavalry="3"/><defend source="deck" bean="soy"/></round></battle><draw count="4"/>)")),
       {"DB-705@9"}},
      {"DB-704 legal: cavalry 3 changes hands with steppe 16", rec(upto(op, 6)), {}},
      {"DB-705 legal: a lost cavalry round, then round 2", rec(upto(op, 6)), {}},
      {"DB-705 cavalry against a city",
       rec(edit(upto(op, 6), 6, R"(<battle target="07" result="captured">)",
                R"(<battle target="10">)")),
       {"DB-705@6"}},
      // 8. Carts.
      {"DB-801 legal: a cart bought with a forest", rec(t10), {}},
      {"DB-801 no forest",
       rec(edit(t10, 10, R"(<load count)", R"(<buy-cart colour="blue"/><load count)")),
       {"DB-801@10", "DB-412@10"}},
      {"DB-802 legal: two cards onto the new cart", rec(t10), {}},
      {"DB-802 three cards onto the new cart",
       rec(edit(t10, 10, R"(<buy-cart pay="red red red"/>)",
                R"(<buy-cart pay="red red red"><load count="3"/></buy-cart>)")),
       {"DB-802@10"}},
      {"DB-803 legal: load 4, take 4 (a village)", rec(t10), {}},
      {"DB-803 a cart owner draws",
       rec(edit(t10, 10, R"(<load count="4"/><take count="4"/>)", R"(<draw count="4"/>)")),
       {"DB-803@10"}},
      {"DB-803 a cart owner draws with a card unplanted: the unplanted card first",
       rec(edit(edit(t10, 10, R"(<load count="4"/><take count="4"/>)", R"(<draw count="4"/>)"), 10,
                R"(<plant bean="soy" field="1"/>)", "")),
       {"DB-407@10", "DB-803@10"}},
      {"DB-804 legal: the cart keeps its cards through step 4", rec(upto(t12, 11)), {}},
      // 9. Territories.
      {"DB-901 legal: a player whose camp is captured plays on", rec(t14), {}},
      {"DB-901 his turn is not skipped",
       rec(plus(
           t13,
           R"(<turn colour="green"><diamond bean="stink"/><diamond bean="stink"/><plant bean="stink" field="1"/><turn-up beans="stink stink"/><plant bean="stink" field="1"/><plant bean="stink" field="1"/><draw count="4"/></turn>)")),
       {"DB-307@14"}},
      {"DB-902 legal: the city minimum 18 holds against chili", rec(plus(upto(op, 6), R"(<turn colour="red"><plant bean="green" field="1"/><turn-up beans="green red"/><plant bean="green" field="1"/><harvest field="1" coins="1"/><plant bean="red" field="1"/><battle target="05" result="repelled"><round><attack source="hand" bean="chili"/><defend source="deck" bean="soy"/></round></battle><draw count="4"/></turn>)")), {}},
      {"DB-902 a city is worth 3",
       rec(plus(
           upto(op, 6),
           R"(<turn colour="red"><plant bean="green" field="1"/><turn-up beans="green red"/><plant bean="green" field="1"/><harvest field="1" coins="1"/><plant bean="red" field="1"/><battle target="05" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="soy"/></round></battle><vp colour="red" points="5"/><draw count="4"/></turn>)")),
       {}},
      {"DB-903 legal: the forest minimum 17", rec(upto(op, 7)), {}},
      {"DB-903 stink 16 does not beat the forest's 17",
       rec(edit(
           upto(op, 7), 7,
           R"(<round><attack source="hand" bean="blue"/><defend source="deck" bean="soy"/>)",
           R"(<round><attack source="hand" bean="stink"/><defend source="deck" bean="soy"/>)")),
       {"DB-1005@7"}},
      {"DB-903 cavalry against a forest",
       rec(edit(edit(upto(op, 6), 6, R"(<battle target="15" result="captured">)",
                     R"(<battle target="11">)"),
                6, R"(<draw count="4"/>)", R"(<draw count="3"/>)")),
       {"DB-705@6"}},
      {"DB-904 legal: the village taken adds a card to that step 4", rec(upto(op, 4)), {}},
      {"DB-904 a village not taken adds none",
       rec(edit(upto(op, 4), 4, R"(<round><attack source="hand" bean="blue"/>)",
                R"(<round><attack source="hand" bean="stink"/>)")),
       {"DB-408@4", "DB-1005@4"}},
      {"DB-905 legal: a rice field adds a turned-up card", rec(plus(t12, red13)), {}},
      {"DB-1202 legal: the load takes the deck's last card and the pile is reshuffled",
       rec(plus(t12, red13)),
       {}},
      {"DB-905 two cards turned up by the owner of a rice field",
       rec(plus(t12, replace(replace(replace(red13, R"(<turn-up beans="stink stink blue"/>)",
                                             R"(<turn-up beans="stink stink"/>)"),
                                     R"(<plant bean="blue" field="2"/>)", ""),
                             "<reshuffle/>", ""))),
       {"DB-405@13"}},
      {"DB-906 legal: two diamond fields, two flips", rec(t12), {}},
      {"DB-906 a flip missing",
       rec(edit(upto(t12, 9), 9, R"(<diamond bean="soy"/>)", "")),
       {"DB-906@9"}},
      {"DB-907 legal: steppe-2 gives blue cavalry 2", rec(upto(op, 8)), {}},
      {"DB-907 a cavalry whose steppe another player owns",
       rec(edit(upto(op, 6), 6,
                R"(<attack source="cavalry" cavalry="3"/><defend source="deck" bean="stink"/>)",
                R"(<attack source="cavalry" cavalry="2"/><defend source="deck" bean="stink"/>)")),
       {"DB-705@6"}},
      {"DB-908 legal: a river scores nothing and is never owned",
       [=] {
         DbRecord r = db_record(
             upto(op, 3), kAnyBox,
             R"(<end><final colour="red" vp="1"/><final colour="blue" vp="1"/><final colour="green" vp="1"/></end>)");
         r.setup = replace(r.setup, city05, river05);
         return r;
       },
       {}},
      {"DB-908 a river as a target breaks DB-603",
       setup_edit(edit(edit(upto(op, 4), 4, R"(target="02" result="captured")", R"(target="05")"),
                       4, R"(<draw count="4"/>)", R"(<draw count="3"/>)"),
                  city05, river05, kAnyBox),
       {"DB-603@4"}},
      {"DB-909 legal: razing gives a razed city 1 and a point for good",
       rec(plus(
               upto(op, 6),
               R"(<turn colour="red"><plant bean="green" field="1"/><turn-up beans="green red"/><plant bean="green" field="1"/><harvest field="1" coins="1"/><plant bean="red" field="1"/><battle target="05" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="soy"/></round></battle><vp colour="red" points="4"/><draw count="4"/></turn>)"),
           kRazing),
       {}},
      // 10. The end; 12. hidden information.
      {"DB-1001 legal: an unfinished game is not over", rec(t12), {}},
      {"DB-1003 a turn after the end",
       [] {
         return five(plus(five_turns(), R"(<turn colour="blue"><draw count="3"/></turn>)"),
                     kFiveEnd);
       },
       {"DB-1003@7"}},
      {"DB-1001/DB-1003 legal: the end by a last territory",
       [] { return five(five_turns(), kFiveEnd); },
       {}},
      {"DB-1004 legal: VP are the flags owned",
       rec(t12, "",
           R"(<end><final colour="red" vp="4"/><final colour="blue" vp="2"/><final colour="green" vp="5"/></end>)"),
       {}},
      {"DB-1004 thalers score nothing",
       rec(t12, "",
           R"(<end><final colour="red" vp="4"/><final colour="blue" vp="2"/><final colour="green" vp="8"/></end>)"),
       {"DB-1005@0"}},
      {"DB-1005 a wrong VP claim",
       rec(edit(upto(op, 4), 4, R"(<draw count="4"/>)",
                R"(<vp colour="red" points="3"/><draw count="4"/>)")),
       {"DB-1005@4"}},
      {"DB-1201 a turned-up card must be named",
       rec({edit(op, 1, R"(<plant bean="red" field="2"/>)", R"(<plant field="2"/>)")[0]}),
       {"malformed"}},
      {"DB-1201 legal: drawn cards may be counted", rec(upto(op, 1)), {}},
      {"DB-1202 a 21st blue in the set-up's deck",
       setup_edit({}, R"(<hand )", R"(<deck order=")" + deck_blue21 + R"("/><hand )"),
       {"DB-1202@0"}},
      {"DB-1203 legal: names agree with a known deck",
       setup_edit(
           DbTurns{replace(op[0], R"(<turn-up beans="soy red"/>)",
                           R"(<turn-up beans="chili chili"/>)")} |
               [](DbTurns t) {
                 t[0] = replace(
                     t[0], R"(<plant bean="soy" field="1"/><plant bean="red" field="2"/><draw)",
                     R"(<plant bean="chili" field="2"/><plant bean="chili" field="2"/><draw)");
                 return t;
               },
           R"(<hand )", R"(<deck order=")" + deck89 + R"("/><hand )"),
       {}},
      {"DB-1204 legal: without pos the frontmost slot known to hold the kind",
       rec(upto(op, 4)),
       {}},
      {"DB-1204 a pos on a slot known to hold another kind breaks DB-402",
       rec(edit(upto(op, 4), 4, R"(<attack source="hand" bean="blue"/>)",
                R"(<attack source="hand" bean="chili" pos="1"/>)")),
       {"DB-402@4"}},
      {"DB-1205 legal: a cart of unknown cards taken by count", rec(t10), {}},
  };
}

TEST(DbRules, EveryRuleIdByName) {
  run_named(named_cases());
}

// Ids whose behaviour no short record reaches, shown by engine-level or generated cases.
const std::map<std::string, std::string> kShownElsewhere{
    {"DB-503", "DbEngine.ThirdExhaustion*, DbRules.TheThirdExhaustion"},
    {"DB-504",
     "DbEngine.ReshufflingAnEmptyDiscardPile*, DbEngine.ABattleCardFromAnEmptyDeckHasStrengthZero"},
    {"DB-608", "DbEngine.BattleCardsAndThePaymentGoOntoTheDiscardPile"},
    {"DB-804", "DbEngine.CartCardsAreNeverReshuffled"},
    {"DB-107", "DbEngine.MoreThanTwelveTerritories"},
    {"DB-1002", "DbRules.TheThirdExhaustion, DbEngine.ABattleCardFromAnEmptyDeckHasStrengthZero"},
};

TEST(DbRules, EveryRuleIdOfTheDocumentHasANamedCase) {
  std::map<std::string, int> legal, other;
  for (const auto& c : named_cases()) {
    auto space = c.name.find(' ');
    std::string id = c.name.substr(0, space);
    (c.name.compare(space + 1, 6, "legal:") == 0 ? legal : other)[id]++;
  }
  for (const auto& id : kRuleIds)
    EXPECT_TRUE(legal[id] + other[id] > 0 || kShownElsewhere.count(id))
        << id << " has no named case";
}

// DB-203, DB-204: the rulebook's river example on modelled-19. From 09 across a river on 10
// one may attack 06, 11 or 15; with rivers on 10 and 06 also 02, 03 or 07 (with a forest).
TEST(DbEngine, TheRiverExampleOfTheRulebook) {
  auto sp = [](const char* id) { return static_cast<db::SpaceId>(std::stoi(id) - 1); };
  for (bool second_river : {false, true}) {
    db::Setup s = engine_setup();
    s.cards[static_cast<std::size_t>(sp("10"))] = db::Card::river;
    if (second_river) s.cards[static_cast<std::size_t>(sp("06"))] = db::Card::river;
    s.owner[static_cast<std::size_t>(sp("09"))] = 0;
    s.owner[static_cast<std::size_t>(sp("04"))] = 0;  // a forest
    db::Violations v;
    db::State st(s, v);
    ASSERT_EQ(st.owned(0, db::Card::forest), 1);
    std::vector<std::string> reach;
    for (db::SpaceId t = 0; t < 19; ++t)
      if (st.space(t).owner != 0 && st.reachable(0, t))
        reach.push_back(fmt::format("{:02}", t + 1));
    // Adjacent to red's 01, 04, 09: 02 05 08 13 14; across the rivers the example's spaces.
    const std::vector<std::string> want =
        second_river
            ? std::vector<std::string>{"02", "03", "05", "07", "08", "11", "13", "14", "15"}
            : std::vector<std::string>{"02", "05", "06", "08", "11", "13", "14", "15"};
    EXPECT_EQ(reach, want);
    // Without a forest a river separates (DB-903, DB-908): only the adjacent spaces remain.
    s.owner[static_cast<std::size_t>(sp("04"))] = -1;
    db::State no_forest(s, v);
    EXPECT_FALSE(no_forest.reachable(0, sp("11")));
    EXPECT_FALSE(no_forest.reachable(0, sp("15")));
    EXPECT_FALSE(no_forest.reachable(0, sp("10")));  // a river is never reachable
    EXPECT_TRUE(no_forest.reachable(0, sp("14")));
  }
}

// DB-704, DB-703: a captured steppe's cavalry passes in its state; an exhausted one turns
// fresh only at its new owner's next turn start.
TEST(DbEngine, ACapturedCavalryKeepsItsState) {
  db::Setup s = engine_setup();
  s.owner[15] = 1;  // blue holds steppe-3 (16) and with it cavalry 3
  s.owner[14] = 0;  // red holds the village 15, next to 16
  s.hands[0] = std::vector<db::Bean>{db::Bean::blue, db::Bean::blue, db::Bean::blue};
  s.hands[1] = std::vector<db::Bean>{db::Bean::chili, db::Bean::chili, db::Bean::chili};
  db::Violations v;
  db::State st(s, v);
  db::HarvestResult h;
  bool applied = false;
  auto steps = [&](int seat, db::Bean front) {
    st.begin_turn(seat);
    st.plant(seat, front, 1);
    st.turn_up({db::Bean::soy, db::Bean::soy});
    st.plant(seat, db::Bean::soy, 2);
    st.plant(seat, db::Bean::soy, 2);
    st.harvest(seat, 2, h);  // 2 soy: 1 thaler
  };
  // Blue attacks red's village 15 with cavalry 3 and loses round 1: exhausted.
  steps(1, db::Bean::chili);
  ASSERT_EQ(st.player(1).treasury.size(), 1u);
  EXPECT_TRUE(st.battle(14, {}, applied).empty());
  st.round(0);
  EXPECT_TRUE(st.attack(db::AttackSource::cavalry, 3, db::Bean::blue, std::nullopt).empty());
  EXPECT_TRUE(st.defend(false, db::Bean::blue, std::nullopt).empty());
  st.round(1);
  EXPECT_TRUE(st.attack(db::AttackSource::deck, 0, db::Bean::red, std::nullopt).empty());
  EXPECT_TRUE(st.defend(false, db::Bean::red, std::nullopt).empty());
  EXPECT_TRUE(st.battle_end().empty());
  EXPECT_TRUE(st.cavalry_exhausted(3));
  st.draw({}, 3);
  st.end_turn();
  // Red takes the steppe: cavalry 3 is his, still exhausted in this turn.
  steps(0, db::Bean::blue);
  EXPECT_TRUE(st.battle(15, {}, applied).empty());
  st.round(0);
  st.attack(db::AttackSource::hand, 0, db::Bean::blue, std::nullopt);
  st.defend(true, db::Bean::chili, std::nullopt);
  EXPECT_TRUE(st.battle_end().empty());
  ASSERT_TRUE(st.last_battle().captured);
  EXPECT_EQ(st.last_battle().cavalry_taken, 3);
  EXPECT_EQ(st.cavalry_owner(3), 0);
  EXPECT_TRUE(st.cavalry_exhausted(3));
  st.harvest(0, 1, h);  // a blue: nothing (the one-bean rule allows it)
  EXPECT_EQ(rules_of(st.battle(11, {}, applied)),
            std::vector<std::string>{"DB-412"});  // green's camp 12
  st.round(0);
  EXPECT_EQ(rules_of(st.attack(db::AttackSource::cavalry, 3, db::Bean::blue, std::nullopt)),
            std::vector<std::string>{"DB-705"});
  st.defend(false, db::Bean::soy, std::nullopt);
  st.battle_end();
  st.draw({}, 3);
  st.end_turn();
  // Red's next turn: fresh again.
  st.begin_turn(1);
  st.end_turn();
  st.begin_turn(2);
  st.end_turn();
  st.begin_turn(0);
  EXPECT_FALSE(st.cavalry_exhausted(3));
}

// DB-602, DB-608: the thaler goes onto the discard pile first, the played cards after the
// battle; a cavalry stays with its owner.
TEST(DbEngine, BattleCardsAndThePaymentGoOntoTheDiscardPile) {
  db::Setup s = engine_setup();
  s.owner[15] = 0;  // red holds steppe-3 (cavalry 3) next to the neutral village 14
  s.owner[4] = 0;   // and the city 04 next to his camp
  db::Violations v;
  db::State st(s, v);
  st.begin_turn(0);
  st.plant(0, db::Bean::soy, 1);
  st.turn_up({db::Bean::soy, db::Bean::soy});
  st.plant(0, db::Bean::soy, 1);
  st.plant(0, db::Bean::soy, 1);
  db::HarvestResult h;
  EXPECT_TRUE(st.harvest(0, 1, h).empty());
  ASSERT_EQ(h.coins, 1);
  const std::size_t before = st.discard().size();  // the two soy harvested without a coin
  bool applied = false;
  EXPECT_TRUE(st.battle(14, {}, applied).empty());
  EXPECT_EQ(st.discard().size(), before + 1);  // the thaler, paid first
  EXPECT_TRUE(st.player(0).treasury.empty());
  st.round(0);
  EXPECT_TRUE(st.attack(db::AttackSource::cavalry, 3, db::Bean::blue, std::nullopt).empty());
  EXPECT_TRUE(st.defend(false, db::Bean::chili, std::nullopt).empty());
  EXPECT_EQ(st.discard().size(), before + 1);  // cards on the table are not yet discarded
  st.round(1);
  EXPECT_TRUE(st.attack(db::AttackSource::deck, 0, db::Bean::blue, std::nullopt).empty());
  EXPECT_TRUE(st.defend(false, db::Bean::garden, std::nullopt).empty());
  EXPECT_TRUE(st.battle_end().empty());
  // Chili, blue and garden: every bean card of both rounds; the cavalry is no card.
  EXPECT_EQ(st.discard().size(), before + 4);
  EXPECT_EQ(st.discard().back(), db::Bean::garden);
  EXPECT_TRUE(st.last_battle().captured);  // blue 20 against garden 6 raised to 16
  EXPECT_TRUE(st.cavalry_exhausted(3));    // it lost round 1 (DB-702)
  EXPECT_EQ(st.cavalry_owner(3), 0);
}

// DB-504, DB-503(a): a reshuffle of an empty discard pile makes an empty deck, exhausted again
// at once; the third exhaustion in step 2 ends the game once every to-plant area is empty.
TEST(DbEngine, ReshufflingAnEmptyDiscardPileExhaustsTheDeckAgain) {
  db::Setup s = engine_setup();
  s.hands[0] = std::vector<db::Bean>{db::Bean::red};
  s.deck = std::vector<db::Bean>{db::Bean::soy, db::Bean::soy};
  db::Violations v;
  db::State st(s, v);
  st.begin_turn(0);
  EXPECT_TRUE(st.plant(0, db::Bean::red, 2).empty());
  EXPECT_TRUE(st.turn_up({db::Bean::soy, db::Bean::soy}).empty());
  EXPECT_EQ(st.exhaustions(), 1);
  EXPECT_TRUE(st.reshuffle(std::nullopt, false).empty());
  EXPECT_EQ(st.exhaustions(), 2);  // the discard pile was empty
  EXPECT_TRUE(st.reshuffle(std::nullopt, false).empty());
  EXPECT_EQ(st.exhaustions(), 3);
  EXPECT_FALSE(st.over());  // step 2: the turned-up cards are still to plant (DB-503(a))
  EXPECT_EQ(rules_of(st.reshuffle(std::nullopt, false)), std::vector<std::string>{"DB-502"});
  EXPECT_TRUE(st.plant(0, db::Bean::soy, 1).empty());
  EXPECT_FALSE(st.over());
  EXPECT_TRUE(st.plant(0, db::Bean::soy, 1).empty());
  EXPECT_TRUE(st.over());
  EXPECT_EQ(st.end_reason(), db::EndReason::deck);
  bool applied = false;
  EXPECT_EQ(rules_of(st.battle(1, {}, applied)), std::vector<std::string>{"DB-1003"});
}

// DB-504, DB-1002: the third exhaustion in a battle's first round; round 2 takes the only card
// of the reshuffled discard pile (the thaler paid), and the defence finds deck and discard pile
// empty: strength 0, raised to the village's minimum.
TEST(DbEngine, ABattleCardFromAnEmptyDeckHasStrengthZero) {
  using db::Bean;
  db::Setup s = engine_setup();
  s.owner[5] = 0;  // red holds steppe-1 (cavalry 1)
  s.owner[6] = 0;  // and the diamond field 07
  s.hands = {std::vector<Bean>{Bean::soy, Bean::soy}, std::vector<Bean>{}, std::vector<Bean>{}};
  s.deck = std::vector<Bean>{Bean::soy,  Bean::soy,    Bean::soy,    Bean::blue,
                             Bean::blue, Bean::blue,   Bean::chili,  Bean::stink,
                             Bean::red,  Bean::red,    Bean::red,    Bean::blue,
                             Bean::blue, Bean::garden, Bean::garden, Bean::garden};
  db::Violations v;
  db::State st(s, v);
  ASSERT_TRUE(v.empty());
  std::vector<std::string> all;
  auto ok = [&](const db::Violations& vs) {
    for (const auto& x : vs)
      all.push_back(std::string(x.rule) + ": " + x.message);
  };
  db::HarvestResult h;
  // 1 red: a soy flipped (a thaler), soy in both fields, three blue drawn.
  ok(st.begin_turn(0));
  ok(st.diamond(Bean::soy));
  ok(st.plant(0, Bean::soy, 1));
  ok(st.plant(0, Bean::soy, 2));
  ok(st.turn_up({Bean::soy, Bean::soy}));
  ok(st.plant(0, Bean::soy, 1));
  ok(st.plant(0, Bean::soy, 2));
  ok(st.draw({Bean::blue, Bean::blue, Bean::blue}, 3));
  ok(st.end_turn());
  // 2 blue: chili and stink, one per field.
  ok(st.begin_turn(1));
  ok(st.turn_up({Bean::chili, Bean::stink}));
  ok(st.plant(1, Bean::chili, 1));
  ok(st.plant(1, Bean::stink, 2));
  ok(st.draw({Bean::red, Bean::red, Bean::red}, 3));
  ok(st.end_turn());
  // 3 green: red harvests a soy (one to the discard pile), green's draw empties the deck; then
  // the discard pile gets blue's chili and green's two blue.
  ok(st.begin_turn(2));
  ok(st.turn_up({Bean::blue, Bean::blue}));
  ok(st.plant(2, Bean::blue, 1));
  ok(st.plant(2, Bean::blue, 1));
  ok(st.harvest(0, 1, h));
  ok(st.draw({Bean::garden, Bean::garden, Bean::garden}, 3));
  EXPECT_EQ(st.exhaustions(), 1);
  ok(st.reshuffle(std::vector<Bean>{Bean::soy}, false));
  ok(st.harvest(1, 1, h));
  ok(st.harvest(2, 1, h));
  ok(st.end_turn());
  EXPECT_EQ(st.discard().size(), 3u);
  // 4 red: the flip takes the deck's last card; the new deck is blue, blue, chili.
  ok(st.begin_turn(0));
  ok(st.diamond(Bean::soy));
  EXPECT_EQ(st.exhaustions(), 2);
  ok(st.reshuffle(std::vector<Bean>{Bean::blue, Bean::blue, Bean::chili}, false));
  ok(st.plant(0, Bean::blue, 1));
  ok(st.turn_up({Bean::blue, Bean::blue}));
  ok(st.plant(0, Bean::blue, 1));
  ok(st.plant(0, Bean::blue, 1));
  EXPECT_EQ(st.deck().size(), 1u);
  EXPECT_TRUE(st.discard().empty());
  ASSERT_EQ(st.player(0).treasury.size(), 3u);
  bool applied = false;
  ok(st.battle(1, {}, applied));  // the neutral village 02
  ok(st.round(0));
  ok(st.attack(db::AttackSource::cavalry, 1, Bean::blue, std::nullopt));
  ok(st.defend(false, Bean::chili, std::nullopt));  // the third exhaustion: 17 against 18
  EXPECT_EQ(st.exhaustions(), 3);
  EXPECT_FALSE(st.over());  // the battle is finished first (DB-1002)
  ok(st.round(1));
  ok(st.reshuffle(std::nullopt, true));  // the discard pile: the thaler paid
  ok(st.attack(db::AttackSource::deck, 0, Bean::soy, std::nullopt));
  ok(st.defend(false, Bean::garden, std::nullopt));  // no card: deck and discard pile empty
  ok(st.battle_end());
  EXPECT_EQ(all, std::vector<std::string>{});
  const db::BattleResult& b = st.last_battle();
  ASSERT_EQ(b.rounds.size(), 2u);
  EXPECT_FALSE(b.rounds[1].defence_card.has_value());
  EXPECT_EQ(b.rounds[1].defence_card_strength, 0);
  EXPECT_EQ(b.rounds[1].defence_strength, 16);  // the village's minimum still applies
  EXPECT_FALSE(b.captured);                     // soy 12 against 16
  EXPECT_TRUE(st.over());
  EXPECT_EQ(st.end_reason(), db::EndReason::deck);
  // The strength-0 card named nothing: the discard pile holds the cards played, no garden.
  EXPECT_EQ(std::count(st.discard().begin(), st.discard().end(), Bean::garden), 0);
}

// DB-801 .. DB-804: a cart bought with 3 thalers and a forest is loaded with 2 cards; its cards
// are not in the deck or the discard pile and are never reshuffled.
TEST(DbEngine, CartCardsAreNeverReshuffled) {
  using db::Bean;
  db::Setup s = engine_setup();
  s.owner[3] = 0;  // red holds the forest 04
  s.owner[6] = 0;  // and the diamond field 07
  s.hands[0] = std::vector<Bean>{Bean::soy, Bean::soy};
  s.deck = std::vector<Bean>{Bean::soy,   Bean::soy,  Bean::soy,  Bean::green,
                             Bean::green, Bean::blue, Bean::blue, Bean::blue};
  db::Violations v;
  db::State st(s, v);
  std::vector<std::string> all;
  auto ok = [&](const db::Violations& vs) {
    for (const auto& x : vs)
      all.push_back(std::string(x.rule) + ": " + x.message);
  };
  db::HarvestResult h;
  bool applied = false;
  ok(st.begin_turn(0));
  ok(st.diamond(Bean::soy));  // a thaler
  ok(st.plant(0, Bean::soy, 1));
  ok(st.plant(0, Bean::soy, 1));
  ok(st.turn_up({Bean::soy, Bean::soy}));
  ok(st.plant(0, Bean::soy, 1));
  ok(st.plant(0, Bean::soy, 1));
  ok(st.harvest(0, 1, h));  // 4 soy: 2 thalers, 2 to the discard pile
  ASSERT_EQ(st.player(0).treasury.size(), 3u);
  ok(st.buy_cart(0, {}, false, applied));
  ok(st.buy_cart_end());
  EXPECT_EQ(st.player(0).cart.size(), 2u);
  EXPECT_EQ(st.discard().size(), 5u);  // 2 harvested, 3 paid
  ok(st.load({}, 3));                  // takes the deck's last card
  EXPECT_EQ(st.exhaustions(), 1);
  ok(st.reshuffle(std::nullopt, false));
  EXPECT_EQ(st.deck().size(), 5u);  // the discard pile only
  EXPECT_EQ(st.player(0).cart.size(), 5u);
  ok(st.take({Bean::blue, Bean::blue, Bean::blue}, 3));
  ok(st.end_turn());
  EXPECT_EQ(all, std::vector<std::string>{});
  EXPECT_EQ(st.player(0).cart,
            (std::vector<db::Slot>{db::slot_of(Bean::green), db::slot_of(Bean::green)}));
}

// DB-802, DB-503(a): once the deck ran out for the third time in steps 2-3, a cart bought before
// the last planting gets the cards there are, none; loading it with a card, or buying after the
// game ended, is illegal. Red holds the forest 04, plants two gardens in step 1, turns up the
// deck's last two cards (a garden and a soy: first exhaustion, then two reshuffles of an empty
// discard pile), plants the garden and harvests three gardens for three thalers.
TEST(DbEngine, ACartBoughtAfterTheThirdExhaustion) {
  using db::Bean;
  struct Row {
    std::string name;
    std::function<db::Violations(db::State&)> act;
    std::vector<std::string> expected;
    std::size_t cart = 0;  // cards on red's cart afterwards
  };
  auto buy = [](db::State& st, bool children) {
    bool applied = false;
    return st.buy_cart(0, {}, children, applied);
  };
  auto join = [](db::Violations a, const db::Violations& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  const std::vector<Row> rows{
      {"legal: bought in step 3, the cart gets no card",
       [&](db::State& st) {
         auto v = buy(st, false);
         return join(v, st.buy_cart_end());
       },
       {},
       0},
      {"legal: the same purchase written with its (empty) end",
       [&](db::State& st) {
         auto v = buy(st, true);
         return join(v, st.buy_cart_end());
       },
       {},
       0},
      {"illegal: the cart is loaded with a card the deck no longer has",
       [&](db::State& st) {
         auto v = buy(st, true);
         v = join(v, st.cart_load({Bean::soy}, 1));
         return join(v, st.buy_cart_end());
       },
       {"DB-802"},
       0},
      {"illegal: bought after the last planting ended the game",
       [&](db::State& st) {
         auto v = st.plant(0, Bean::soy, 2);
         return join(v, buy(st, false));
       },
       {"DB-1003"},
       0},
  };
  for (const auto& row : rows) {
    SCOPED_TRACE(row.name);
    db::Setup s = engine_setup();
    s.owner[3] = 0;  // red holds the forest 04
    s.hands[0] = std::vector<Bean>{Bean::garden, Bean::garden};
    s.deck = std::vector<Bean>{Bean::garden, Bean::soy};
    db::Violations v;
    db::State st(s, v);
    db::HarvestResult h;
    std::vector<std::string> before;
    auto keep = [&](const db::Violations& vs) {
      for (const auto& x : vs)
        before.emplace_back(x.rule);
    };
    keep(st.begin_turn(0));
    keep(st.plant(0, Bean::garden, 1));
    keep(st.plant(0, Bean::garden, 1));
    keep(st.turn_up({Bean::garden, Bean::soy}));
    keep(st.reshuffle(std::nullopt, false));  // an empty discard pile: exhausted again
    keep(st.reshuffle(std::nullopt, false));  // and a third time (DB-504)
    ASSERT_EQ(st.exhaustions(), 3);
    keep(st.plant(0, Bean::garden, 1));
    keep(st.harvest(0, 1, h));
    ASSERT_EQ(before, std::vector<std::string>{});
    ASSERT_EQ(st.player(0).treasury.size(), 3u);
    ASSERT_FALSE(st.over());  // the soy is still to plant
    EXPECT_EQ(rules_of(row.act(st)), row.expected);
    EXPECT_EQ(st.player(0).cart.size(), row.cart);
    if (!st.over()) {
      EXPECT_TRUE(st.plant(0, Bean::soy, 2).empty());
      EXPECT_TRUE(st.over());  // DB-503(a): the planting that empties the last to-plant area
    }
    EXPECT_EQ(st.end_reason(), db::EndReason::deck);
  }
}

// The same at record level: generated games with a cart bought after the third exhaustion are
// legal; loading that cart with a card breaks DB-802.
// Legal and illegal cases: DB-802.
TEST(DbRules, ACartBoughtAfterTheThirdExhaustionInGeneratedGames) {
  std::size_t found_games = 0;
  for (std::uint64_t seed = 1; seed <= 20000 && found_games < 2; ++seed) {
    DbGeneratorOptions o;
    o.claims = false;
    o.unfinished = false;
    DbGeneratedGame g = generate_db_game(seed, o);
    if (!g.features.count("cart bought after the third exhaustion")) continue;
    ++found_games;
    SCOPED_TRACE(g.description);
    GameResult legal = check_text(g.xml());
    EXPECT_EQ(found(legal), std::vector<std::string>{}) << dump(legal);
    // The last purchase of the last turn is the one after the third exhaustion.
    const std::size_t last = g.turns.size() - 1;
    DbGenElem* cart = nullptr;
    for (auto& e : g.turns[last].elems)
      if (e.kind == DbGenElem::Kind::buy_cart) cart = &e;
    ASSERT_NE(cart, nullptr);
    ASSERT_EQ(cart->xml.find("<load"), std::string::npos) << cart->xml;
    cart->xml = replace(cart->xml, "/>", "><load count=\"1\"/></buy-cart>");
    GameResult loaded = check_text(g.xml());
    EXPECT_EQ(found(loaded), std::vector<std::string>{"DB-802@" + std::to_string(last + 1)})
        << dump(loaded);
  }
  EXPECT_EQ(found_games, 2u) << "no generated game buys a cart after the third exhaustion";
}

// DB-107, DB-1004: markers never run out; every territory owned scores its flags.
TEST(DbEngine, MoreThanTwelveTerritories) {
  using db::Bean;
  db::Setup s = engine_setup();
  for (std::size_t i = 0; i < 19; ++i)
    if (s.owner[i] < 0 && i != 14) s.owner[i] = 0;  // all but the camps of blue and green, and 15
  s.hands[0] = std::vector<Bean>{Bean::soy, Bean::soy};
  db::Violations v;
  db::State st(s, v);
  ASSERT_EQ(st.territories(0), 16);
  db::HarvestResult h;
  bool applied = false;
  st.begin_turn(0);
  for (int k = 0; k < st.owned(0, db::Card::diamond_field); ++k)
    EXPECT_TRUE(st.diamond(Bean::blue).empty());
  EXPECT_TRUE(st.plant(0, Bean::soy, 1).empty());
  EXPECT_TRUE(st.plant(0, Bean::soy, 1).empty());
  ASSERT_EQ(st.owned(0, db::Card::rice_field), 3);
  EXPECT_TRUE(st.turn_up({Bean::soy, Bean::soy, Bean::soy, Bean::soy, Bean::soy}).empty());
  for (int k = 0; k < 5; ++k)
    EXPECT_TRUE(st.plant(0, Bean::soy, 1).empty());
  EXPECT_TRUE(st.harvest(0, 1, h).empty());
  EXPECT_TRUE(st.battle(14, {}, applied).empty());
  st.round(0);
  EXPECT_TRUE(st.attack(db::AttackSource::deck, 0, Bean::blue, std::nullopt).empty());
  EXPECT_TRUE(st.defend(false, Bean::soy, std::nullopt).empty());
  EXPECT_TRUE(st.battle_end().empty());
  EXPECT_EQ(st.territories(0), 17);
  EXPECT_EQ(st.vp(0), 17 + 2 + 2);  // two cities at 3
}

// DB-503(c): the third exhaustion in a step-4 draw ends the game at once.
TEST(DbEngine, ThirdExhaustionInADrawEndsTheGameAtOnce) {
  db::Setup s = engine_setup();
  s.hands[0] = std::vector<db::Bean>{db::Bean::red};
  s.deck = std::vector<db::Bean>{db::Bean::soy, db::Bean::soy, db::Bean::chili};
  db::Violations v;
  db::State st(s, v);
  st.begin_turn(0);
  st.plant(0, db::Bean::red, 2);
  EXPECT_TRUE(st.turn_up({db::Bean::soy, db::Bean::soy}).empty());
  st.plant(0, db::Bean::soy, 1);
  st.plant(0, db::Bean::soy, 1);
  EXPECT_TRUE(st.draw({db::Bean::chili}, 1).empty());
  EXPECT_EQ(st.exhaustions(), 1);
  EXPECT_TRUE(st.reshuffle(std::nullopt, false).empty());  // empty discard pile: exhausted again
  EXPECT_FALSE(st.over());
  EXPECT_TRUE(st.reshuffle(std::nullopt, false).empty());  // and a third time
  EXPECT_TRUE(st.over());
  EXPECT_EQ(st.end_reason(), db::EndReason::deck);
  EXPECT_EQ(rules_of(st.draw({}, 2)), std::vector<std::string>{"DB-1003"});
}

// Notes: a game on the modelled map (DB-203) and a record that stops before the end (DB-1001).
TEST(DbRules, NotesOnTheModelledMapAndAnUnfinishedGame) {
  GameResult r = check_text(rec(upto(db_opening(), 8))().str());
  EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
  EXPECT_EQ(wallaudit::test::rules_of(r), (std::vector<std::string>{"DB-203", "DB-1001"}))
      << dump(r);
}

}  // namespace
}  // namespace wallaudit::test
