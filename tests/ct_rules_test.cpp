// Table-driven tests of the rules of "The Great Wall" (rules/catan-great-wall.md): for every
// CT id that a record can break, legal and illegal cases with the exact list of findings
// ("RULE@turn", turn 0 for null), on hand-made records over the modelled board
// (support/ct_records). A few situations too long to write by hand (a bank shortage, a full
// attack field, a finished game) come from the independent generator.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "catan_great_wall/board.hpp"
#include "support/ct_generator.hpp"
#include "support/ct_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

struct Case {
  std::string name;
  std::function<CtRecord()> record;
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
    GameResult result = check_text(c.record().str());
    EXPECT_EQ(found(result), c.expected) << c.name << "\n" << dump(result);
    if (c.expected.empty()) {
      EXPECT_EQ(result.verdict, Verdict::ok) << dump(result);
    }
  }
}

CtRecord rec(CtTurns turns, std::string rules = "", std::string end = "") {
  CtRecord r;
  r.turns = std::move(turns);
  r.rules = std::move(rules);
  r.end = std::move(end);
  return r;
}

CtRecord setup_only(std::string setup) {
  CtRecord r;
  r.setup = std::move(setup);
  return r;
}

// Turns 1-9 and blue's turn 10 holding `inner`.
CtRecord t10(const std::string& inner, std::string rules = "", std::string end = "") {
  return rec(ct_plus(ct_turns9(), "<turn colour=\"blue\">" + inner + "</turn>"), std::move(rules),
             std::move(end));
}

// The same, with blue's card of turn 6 bought unnamed.
CtRecord t10u(const std::string& inner, std::string rules = "", std::string end = "") {
  CtTurns turns =
      ct_with(ct_turns9(), 6, R"(<turn colour="blue"><roll d1="1" d2="2"/><buy-card/></turn>)");
  return rec(ct_plus(turns, "<turn colour=\"blue\">" + inner + "</turn>"), std::move(rules),
             std::move(end));
}

// Turns 1-12 (blue rolls 10, white and orange 2) and red's turn 13 holding `inner`; red then
// holds lumber, wool 2, grain 3 and ore 3.
CtRecord t13(const std::string& inner, std::string rules = "", std::string board = "") {
  CtTurns turns = ct_turns9();
  turns.push_back(R"(<turn colour="blue"><roll d1="4" d2="6"/></turn>)");
  turns.push_back(R"(<turn colour="white"><roll d1="1" d2="1"/></turn>)");
  turns.push_back(R"(<turn colour="orange"><roll d1="1" d2="1"/></turn>)");
  turns.push_back("<turn colour=\"red\"><roll d1=\"1\" d2=\"1\"/>" + inner + "</turn>");
  CtRecord r = rec(turns, std::move(rules));
  if (!board.empty()) r.board = board;
  return r;
}

const char* const kRoll2 = R"(<roll d1="1" d2="1"/>)";  // blue takes 2 lumber
const char* const kSeven = R"(<roll d1="3" d2="4"/>)";
const char* const kRedDiscard = R"(<discard colour="red" cards="wool wool grain grain"/>)";
const char* const kWhiteDiscard = R"(<discard colour="white" cards="brick brick brick wool"/>)";

// ---- components and set-up (CT-1xx, CT-2xx, CT-3xx) -----------------------------------------

TEST(CtRules, TheDocumentedExampleIsLegal) {
  GameResult r = check_text(rec(ct_doc_turns()).str());
  EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
  EXPECT_EQ(r.scores, (std::vector<std::pair<std::string, int>>{
                          {"red", 3}, {"blue", 3}, {"white", 2}, {"orange", 4}}));
  EXPECT_FALSE(r.finished);
  GameResult nine = check_text(rec(ct_turns9()).str());
  EXPECT_EQ(nine.verdict, Verdict::ok) << dump(nine);
}

TEST(CtRules, PlayersAndSetUp) {
  std::string setup = kCtSetup4;
  run_cases({
      {"CT-101 five players",
       [] {
         CtRecord r = rec({});
         r.players += R"(<player colour="green"/>)";
         return r;
       },
       {"CT-101@0"}},
      {"CT-101 a colour twice",
       [] {
         CtRecord r = setup_only("");
         r.players = R"(<player colour="red"/><player colour="blue"/><player colour="white"/>)"
                     R"(<player colour="red"/>)";
         return r;
       },
       {"CT-101@0"}},
      {"CT-101 six players are fine",
       [] {
         CtRecord r = setup_only(kCtSetup6);
         r.players = kCtPlayers6;
         return r;
       },
       {}},
      {"CT-303 two forts out of turn",
       [setup] {
         std::string red = R"(<fort colour="red" wall="W4"/>)";
         std::string blue = R"(<fort colour="blue" wall="W5"/>)";
         return setup_only(
             ct_replace(ct_replace(ct_replace(setup, red, "@"), blue, red), "@", blue));
       },
       {"CT-303@0", "CT-303@0"}},
      {"CT-303 a fort site already taken",
       [setup] {
         return setup_only(ct_replace(setup, R"(<fort colour="blue" wall="W5"/>)",
                                      R"(<fort colour="blue" wall="W4"/>)"));
       },
       {"CT-303@0"}},
      {"CT-204 a fort on a wall not in play",
       [setup] {
         return setup_only(ct_replace(setup, R"(<fort colour="red" wall="W4"/>)",
                                      R"(<fort colour="red" wall="W1"/>)"));
       },
       {"CT-204@0"}},
      {"CT-303 a turn before every fort is placed",
       [] {
         CtRecord r = setup_only(
             R"(<fort colour="red" wall="W4"/><fort colour="blue" wall="W5"/><fort colour="white" wall="W6"/>)");
         r.turns = {R"(<turn colour="red"><roll d1="1" d2="1"/></turn>)"};
         return r;
       },
       {"CT-303@1"}},
      {"CT-304 two founding settlements out of turn",
       [setup] {
         std::string s =
             ct_replace(setup, R"(<settlement colour="orange" vertex="C6.N" road="C6.NW"/>)", "@1");
         s = ct_replace(s, R"(<settlement colour="red" vertex="B8.S" road="B8.SW"/>)",
                        R"(<settlement colour="orange" vertex="C6.N" road="C6.NW"/>)");
         return setup_only(
             ct_replace(s, "@1", R"(<settlement colour="red" vertex="B8.S" road="B8.SW"/>)"));
       },
       {"CT-304@0", "CT-304@0"}},
      {"CT-304 a turn before the founding phase is complete",
       [setup] {
         CtRecord r =
             setup_only(ct_replace(setup,
                                   R"(<settlement colour="orange" vertex="D5.N" road="D5.NE"/>
    <gain colour="orange" cards="wool grain lumber"/>)",
                                   ""));
         r.turns = {R"(<turn colour="red"><roll d1="1" d2="3"/></turn>)"};
         return r;
       },
       {"CT-304@1"}},
      {"CT-303/CT-304/CT-305/CT-307/CT-605 founding-order snake in its own order is fine",
       [] {
         CtRecord r = setup_only(R"(
    <fort colour="red" wall="W4"/><fort colour="blue" wall="W5"/>
    <fort colour="white" wall="W6"/><fort colour="orange" wall="W3"/>
    <settlement colour="orange" vertex="C6.N" road="C6.NW"/>
    <settlement colour="white" vertex="C12.S" road="C12.SW"/>
    <settlement colour="blue" vertex="C10.N" road="C10.NW"/>
    <settlement colour="red" vertex="B8.S" road="B8.SW"/>
    <settlement colour="red" vertex="C8.S" road="C8.SW"/>
    <gain colour="red" cards="grain ore lumber"/>
    <settlement colour="blue" vertex="D9.N" road="D9.NE"/>
    <gain colour="blue" cards="grain wool lumber"/>
    <settlement colour="white" vertex="C7.S" road="C7.SE"/>
    <gain colour="white" cards="brick brick ore"/>
    <settlement colour="orange" vertex="D5.N" road="D5.NE"/>
    <gain colour="orange" cards="wool grain lumber"/>)");
         r.rules = R"(<option name="founding-order" value="snake"/>)";
         return r;
       },
       {}},
      {"CT-304 founding-order snake played in restart order",
       [] {
         CtRecord r = rec({});
         r.rules = R"(<option name="founding-order" value="snake"/>)";
         return r;
       },
       // Snake: round A orange white blue red, round B red blue white orange. The example's
       // 2nd, 4th, 5th and 7th founding settlements are out of that order.
       {"CT-304@0", "CT-304@0", "CT-304@0", "CT-304@0"}},
      {"CT-305 a founding settlement on an occupied vertex",
       [setup] {
         return setup_only(
             ct_replace(setup, R"(<settlement colour="white" vertex="C12.S" road="C12.SW"/>)",
                        R"(<settlement colour="white" vertex="A11.NE" road="A11.NW"/>)"));
       },
       {"CT-305@0"}},
      {"CT-305 a founding road that does not touch its settlement",
       [setup] {
         return setup_only(
             ct_replace(setup, R"(vertex="C6.N" road="C6.NW")", R"(vertex="C6.N" road="C6.E")"));
       },
       {"CT-305@0"}},
      {"CT-605 a founding settlement next to another building",
       [setup] {
         return setup_only(
             ct_replace(setup, R"(vertex="C10.N" road="C10.NW")", R"(vertex="B6.S" road="B6.SE")"));
       },
       {"CT-605@0"}},
      {"CT-203 a founding settlement off the board",
       [setup] {
         return setup_only(
             ct_replace(setup, R"(vertex="C10.N" road="C10.NW")", R"(vertex="E7.S" road="E7.SW")"));
       },
       {"CT-203@0"}},
      {"CT-204 a founding settlement named through a hex not in play",
       [setup] {
         return setup_only(
             ct_replace(setup, R"(vertex="C10.N" road="C10.NW")", R"(vertex="A4.S" road="A4.SW")"));
       },
       {"CT-204@0"}},
      {"CT-306 a wrong starting-resources echo",
       [setup] {
         return setup_only(ct_replace(setup, R"(<gain colour="white" cards="brick brick ore"/>)",
                                      R"(<gain colour="white" cards="brick ore ore"/>)"));
       },
       {"CT-306@0"}},
      {"CT-306 one echo missing while the others are given",
       [setup] {
         return setup_only(
             ct_replace(setup, R"(<gain colour="white" cards="brick brick ore"/>)", ""));
       },
       {"CT-306@0"}},
      {"CT-306 an echo misplaced",
       [setup] {
         std::string s = ct_replace(setup, R"(<gain colour="red" cards="grain ore lumber"/>)", "");
         return setup_only(s + R"(<gain colour="red" cards="grain ore lumber"/>)");
       },
       {"CT-306@0", "CT-306@0"}},
      {"CT-306 an echo after a round-A settlement",
       [setup] {
         return setup_only(ct_replace(
             setup, R"(<settlement colour="red" vertex="B8.S" road="B8.SW"/>)",
             R"(<settlement colour="red" vertex="B8.S" road="B8.SW"/><gain colour="red" cards="wool"/>)"));
       },
       {"CT-306@0"}},
      {"CT-306 no echo at all is fine",
       [setup] {
         std::string s = setup;
         for (const char* g : {R"(<gain colour="white" cards="brick brick ore"/>)",
                               R"(<gain colour="blue" cards="grain wool lumber"/>)",
                               R"(<gain colour="red" cards="grain ore lumber"/>)",
                               R"(<gain colour="orange" cards="wool grain lumber"/>)"})
           s = ct_replace(s, g, "");
         return setup_only(s);
       },
       {}},
      {"CT-307 a Hun drawn in the founding phase",
       [setup] {
         return setup_only(ct_replace(
             setup, R"(<settlement colour="orange" vertex="C6.N" road="C6.NW"/>)",
             R"(<settlement colour="orange" vertex="C6.N" road="C6.NW"><hun numeral="I"/></settlement>)"));
       },
       {"CT-307@0"}},
  });
}

// ---- the turn (CT-4xx)
// ---------------------------------------------------------------------------

// In a turn played by the wrong colour, what is judged on whose turn it is follows from the
// CT-401.
TEST(CtRules, WhatATurnByTheWrongColourDoesFollowsFromIt) {
  CtRecord r = rec(ct_plus(ct_upto(ct_doc_turns(), 1),
                           "<turn colour=\"white\">\n<roll d1=\"1\" d2=\"1\"/>\n"
                           "<trade with=\"white\" give=\"wool\" get=\"grain\"/></turn>"));
  GameResult result = check_text(r.str());
  std::vector<const Diagnostic*> errors;
  for (const auto& d : result.diagnostics.items())
    if (d.kind == FindingKind::rule) errors.push_back(&d);
  ASSERT_EQ(errors.size(), 2u) << dump(result);
  EXPECT_EQ(errors[0]->rule, "CT-401");
  EXPECT_FALSE(errors[0]->follow_on);
  EXPECT_EQ(errors[1]->rule, "CT-701");
  EXPECT_TRUE(errors[1]->follow_on);
  EXPECT_EQ(errors[1]->follows_line, errors[0]->loc.line);
}

TEST(CtRules, TurnOrderAndStructure) {
  run_cases({
      {"CT-401 a turn by the wrong colour",
       [] {
         return rec(ct_plus(ct_upto(ct_doc_turns(), 1),
                            R"(<turn colour="white"><roll d1="1" d2="1"/></turn>)"));
       },
       {"CT-401@2"}},
      {"CT-401 first-turn = settlement-starter: the first turn is orange's",
       [] {
         return rec({R"(<turn colour="red"><roll d1="1" d2="1"/></turn>)"},
                    R"(<option name="first-turn" value="settlement-starter"/>)");
       },
       {"CT-401@1"}},
      {"CT-401 first-turn = settlement-starter played right",
       [] {
         return rec({R"(<turn colour="orange"><roll d1="1" d2="1"/></turn>)",
                     R"(<turn colour="red"><roll d1="1" d2="1"/></turn>)"},
                    R"(<option name="first-turn" value="settlement-starter"/>)");
       },
       {}},
      {"CT-402 a turn without a roll",
       [] { return t10(R"(<claim colour="blue" vp="3"/>)"); },
       {"CT-402@10"}},
      {"CT-402 a build before the roll",
       [] { return t10(std::string(R"(<road edge="D9.NW"/>)") + kRoll2); },
       {"CT-402@10"}},
      {"CT-402 a trade before the roll",
       [] { return t10(std::string(R"(<trade with="red" give="lumber" get="wool"/>)") + kRoll2); },
       {"CT-402@10"}},
      {"CT-402 a discard before the roll",
       [] { return t10(std::string(kRedDiscard) + kRoll2); },
       {"CT-402@10"}},
      {"CT-402 a second roll", [] { return t10(std::string(kRoll2) + kRoll2); }, {"CT-402@10"}},
      {"CT-402 a trade after a build with trade-build = phased",
       [] {
         return t10(std::string(kRoll2) +
                        R"(<road edge="D9.NW"/><trade with="red" give="lumber" get="wool"/>)",
                    R"(<option name="trade-build" value="phased"/>)");
       },
       {"CT-402@10"}},
      {"CT-402 trades before builds with trade-build = phased",
       [] {
         return t10(std::string(kRoll2) +
                        R"(<trade with="red" give="lumber" get="wool"/><road edge="D9.NW"/>)",
                    R"(<option name="trade-build" value="phased"/>)");
       },
       {}},
      {"CT-402 trades and builds mixed with trade-build = combined",
       [] {
         return t10(std::string(kRoll2) +
                    R"(<road edge="D9.NW"/><trade with="red" give="lumber" get="wool"/>)");
       },
       {}},
      {"CT-802 a knight and a claim before the roll",
       [] {
         return t10(
             R"(<claim colour="blue" vp="3"/><play-card card="knight"><chase-hun hex="A12" numeral="I"/></play-card>)" +
             std::string(kRoll2));
       },
       {}},
  });
}

TEST(CtRules, SevensDiscardsPirateAndSteal) {
  auto seven = [](std::string rest, std::string rules = "") {
    return [rest, rules] { return t10(std::string(kSeven) + rest, rules); };
  };
  std::string pirate = R"(<pirate to="E10"/>)";
  std::string steal = R"(<steal from="orange" card="ore"/>)";
  std::string both = std::string(kRedDiscard) + kWhiteDiscard;
  run_cases({
      {"CT-406/CT-407/CT-408 a 7 with its discards, pirate and steal",
       seven(both + pirate + steal),
       {}},
      {"CT-406 a discard missing", seven(std::string(kRedDiscard) + pirate + steal), {"CT-406@10"}},
      {"CT-406 a discard of the wrong size",
       seven(R"(<discard colour="red" cards="wool wool grain"/>)" + std::string(kWhiteDiscard) +
             pirate + steal),
       {"CT-406@10"}},
      {"CT-406 a discard by a player holding 7 or fewer",
       seven(both + R"(<discard colour="orange" cards="ore"/>)" + pirate + steal),
       {"CT-406@10"}},
      {"CT-406 a discard of cards not held",
       seven(std::string(kRedDiscard) + R"(<discard colour="white" cards="ore ore ore ore"/>)" +
             pirate + steal),
       {"CT-406@10"}},
      {"CT-406 a discard after the pirate",
       seven(std::string(kRedDiscard) + pirate + steal + kWhiteDiscard),
       {"CT-406@10", "CT-406@10"}},
      {"CT-406 a discard without a 7",
       [] { return t10(std::string(kRoll2) + kRedDiscard); },
       {"CT-406@10"}},
      {"CT-407 the pirate stays on its hex",
       seven(both + R"(<pirate to="E8"/>)" + steal),
       {"CT-407@10"}},
      {"CT-407 the pirate on land", seven(both + R"(<pirate to="A5"/>)" + steal), {"CT-407@10"}},
      {"CT-407 the pirate on a hex not in play",
       seven(both + R"(<pirate to="E2"/>)" + steal),
       {"CT-407@10"}},
      {"CT-407 the pirate missing before the steal", seven(both + steal), {"CT-407@10"}},
      {"CT-407 the pirate missing at the end of the turn", seven(both), {"CT-407@10"}},
      {"CT-407 seven-pirate = optional: the pirate stays",
       seven(both + R"(<wall-piece level="1"/>)",
             R"(<option name="seven-pirate" value="optional"/>)"),
       {}},
      {"CT-402 a pirate move without a 7",
       [] { return t10(std::string(kRoll2) + R"(<pirate to="E10"/>)"); },
       {"CT-402@10"}},
      {"CT-408 a steal from oneself",
       seven(both + pirate + R"(<steal from="blue" card="ore"/>)"),
       {"CT-408@10"}},
      {"CT-408 a steal of a card the victim lacks",
       seven(both + pirate + R"(<steal from="red" card="brick"/>)"),
       {"CT-408@10"}},
      {"CT-408 the steal missing before the next step",
       seven(both + pirate + R"(<wall-piece level="1"/>)"),
       {"CT-408@10"}},
      {"CT-408 the steal missing at the end of the turn", seven(both + pirate), {"CT-408@10"}},
      {"CT-408 a claim between the pirate and the steal",
       seven(both + pirate + R"(<claim colour="orange" vp="4"/>)" + steal),
       {}},
      {"CT-408 a steal without a pirate move",
       [] { return t10(std::string(kRoll2) + R"(<steal from="red" card="wool"/>)"); },
       {"CT-408@10"}},
      {"CT-406 a steal while discards are due", seven(steal), {"CT-406@10", "CT-407@10"}},
      {"CT-408 a steal from a player holding no card",
       [] {
         CtTurns t = ct_upto(ct_doc_turns(), 2);
         t[1] = ct_replace(t[1], R"(<steal from="white" card="ore"/>)",
                           R"(<steal from="red" card="ore"/>)");
         t.push_back(
             R"(<turn colour="white"><roll d1="3" d2="4"/><pirate to="E10"/><steal from="red" card="ore"/></turn>)");
         return rec(t);
       },
       {"CT-408@3"}},
  });
}

TEST(CtRules, HarbourBlockedByThePirate) {
  auto game = [](const char* pirate, const char* trade) {
    return [pirate, trade] {
      CtTurns t = ct_doc_turns();
      t.push_back(fmt::format(
          R"(<turn colour="blue"><roll d1="3" d2="4"/><pirate to="{}"/><steal from="orange" card="lumber"/></turn>)",
          pirate));
      t.push_back(R"(<turn colour="white"><roll d1="1" d2="5"/></turn>)");
      t.push_back(fmt::format(R"(<turn colour="orange"><roll d1="2" d2="4"/>{}</turn>)", trade));
      return rec(t);
    };
  };
  const char* two_for_one = R"(<bank give="brick brick" get="ore"/>)";
  run_cases({
      {"CT-409/CT-702 a 2:1 brick trade through orange's harbour", game("E10", two_for_one), {}},
      {"CT-409 the pirate blocks the brick harbour", game("E6", two_for_one), {"CT-409@8"}},
      {"CT-702 a rate of 3 without a generic harbour",
       game("E10", R"(<bank give="brick brick brick" get="ore"/>)"),
       {"CT-702@8"}},
  });
}

TEST(CtRules, ProductionAndHunEchoes) {
  std::vector<Case> cases{
      {"CT-404 a production echo wrong",
       [] {
         return rec(ct_with(ct_doc_turns(), 1,
                            ct_replace(ct_doc_turns()[0], R"(<produce colour="red" cards="ore"/>)",
                                       R"(<produce colour="red" cards="ore ore"/>)")));
       },
       {"CT-404@1"}},
      {"CT-404 a colour missing from the production echo",
       [] {
         return rec(
             ct_with(ct_doc_turns(), 1,
                     ct_replace(ct_doc_turns()[0], R"(<produce colour="blue" cards="ore"/>)", "")));
       },
       {"CT-404@1"}},
      {"CT-404 production echoed before the advance",
       [] {
         return rec(ct_with(
             ct_doc_turns(), 5,
             R"(<turn colour="red"><roll d1="5" d2="3"><produce colour="blue" cards="grain"/><advance from="I" to="F6"/></roll></turn>)"));
       },
       {"CT-404@5"}},
      {"CT-404 production echoed on a 7",
       [] {
         CtTurns t = ct_upto(ct_doc_turns(), 2);
         t[1] = ct_replace(t[1], R"(<roll d1="3" d2="4"/>)",
                           R"(<roll d1="3" d2="4"><produce colour="red" cards="ore"/></roll>)");
         return rec(t);
       },
       {"CT-404@2"}},
      {"CT-503 an advance to the wrong field",
       [] {
         return rec(
             ct_with(ct_doc_turns(), 5, ct_replace(ct_doc_turns()[4], R"(to="F6")", R"(to="F5")")));
       },
       {"CT-503@5"}},
      {"CT-503 an advance from an empty place",
       [] {
         return rec(ct_with(
             ct_doc_turns(), 1,
             ct_replace(ct_doc_turns()[0], R"(<produce colour="red" cards="ore"/>)",
                        R"(<advance from="III" to="F3"/><produce colour="red" cards="ore"/>)")));
       },
       {"CT-503@1"}},
      {"CT-503 an advance on a 7",
       [] {
         CtTurns t = ct_upto(ct_doc_turns(), 2);
         t[1] = ct_replace(t[1], R"(<roll d1="3" d2="4"/>)",
                           R"(<roll d1="3" d2="4"><advance from="I" to="F6"/></roll>)");
         return rec(t);
       },
       {"CT-503@2"}},
      {"CT-503 an advance from a place not in play",
       [] {
         return rec(ct_with(ct_doc_turns(), 5,
                            ct_replace(ct_doc_turns()[4], R"(from="I")", R"(from="IV")")));
       },
       {"CT-503@5"}},
      // Advances and breaches echoed without production, and production without them.
      {"CT-404/CT-503/CT-505/CT-507 echoes with and without production",
       [] {
         return rec(ct_with(
             ct_doc_turns(), 5,
             R"(<turn colour="red"><roll d1="5" d2="3"><produce colour="blue" cards="grain"/><produce colour="white" cards="brick"/><produce colour="orange" cards="ore"/></roll><claim colour="white" vp="2"/></turn>)"));
       },
       {}},
      {"CT-505 a breach of the wrong field",
       [] {
         return rec(ct_with(ct_doc_turns(), 5,
                            ct_replace(ct_doc_turns()[4], R"(field="F6")", R"(field="F5")")));
       },
       {"CT-505@5"}},
      {"CT-505 a breach echoed before its advance",
       [] {
         return rec(ct_with(
             ct_doc_turns(), 5,
             R"(<turn colour="red"><roll d1="5" d2="3"><breach field="F6"/><advance from="I" to="F6"/></roll></turn>)"));
       },
       {"CT-505@5"}},
      {"CT-505 a breach missing among echoed breaches",
       [] {
         CtTurns t = ct_doc_turns();
         t.push_back(
             R"(<turn colour="blue"><roll d1="4" d2="6"><breach field="F4"/></roll></turn>)");
         return rec(t);
       },
       {"CT-505@6"}},
      {"CT-507 the wrong hex occupied",
       [] {
         return rec(ct_with(ct_doc_turns(), 5,
                            ct_replace(ct_doc_turns()[4], R"(hex="A12")", R"(hex="C12")")));
       },
       {"CT-507@5"}},
      {"CT-507 a Hun too many occupying",
       [] {
         return rec(ct_with(ct_doc_turns(), 5,
                            ct_replace(ct_doc_turns()[4], R"(<occupy hex="A12"/>)",
                                       R"(<occupy hex="A12"/><occupy hex="C12"/>)")));
       },
       {"CT-507@5"}},
  };
  run_cases(cases);
}

// A bank shortage (CT-405) and a full attack field (CT-504) are too long to reach by hand: a
// generated game with such a roll is legal as generated, and breaking its echo there names the
// rule at that turn.
// Legal and illegal cases: CT-405, CT-504.
TEST(CtRules, ShortageAndFullFieldInGeneratedGames) {
  for (auto [kind, rule] : {std::pair{CtMutation::produce_short_wrong, "CT-405"},
                            std::pair{CtMutation::advance_into_full_field, "CT-504"}}) {
    bool tested = false;
    for (std::uint64_t seed = 1; seed < 6000 && !tested; ++seed) {
      CtGeneratorOptions o;
      o.echoes = true;
      o.unfinished = false;
      CtGeneratedGame g = generate_ct_game(seed, o);
      auto m = ct_mutate(g, kind, 0);
      if (!m) continue;
      tested = true;
      GameResult legal = check_text(g.xml);
      EXPECT_EQ(legal.verdict, Verdict::ok) << dump(legal);
      GameResult r = check_text(m->xml);
      EXPECT_EQ(found(r), std::vector<std::string>{fmt::format("{}@{}", rule, m->turn)})
          << g.description << "\n"
          << dump(r);
    }
    EXPECT_TRUE(tested) << "no generated game offers a place for " << rule;
  }
}

// ---- the Huns (CT-5xx)
// -----------------------------------------------------------------------------

TEST(CtRules, HunDraws) {
  auto t4 = [](std::string hun) {
    return [hun] {
      return rec(ct_with(ct_upto(ct_doc_turns(), 4), 4,
                         ct_replace(ct_doc_turns()[3], R"(<hun numeral="I"/>)", hun)));
    };
  };
  std::string one_per_numeral =
      ct_replace(ct_replace(read_source_file("lib/catan_great_wall/data/great-wall-modelled.xml"),
                            R"(modelled="true">)", R"(modelled="true" huns-per-numeral="1">)"),
                 R"(<?xml version="1.0" encoding="UTF-8"?>)", "");
  std::string inline_board = "<board>" + one_per_numeral + "</board>";
  run_cases({
      {"CT-501 a settlement without its Hun", t4(""), {"CT-501@4"}},
      {"CT-501 two Huns for one settlement",
       t4(R"(<hun numeral="I"/><hun numeral="II"/>)"),
       {"CT-501@4"}},
      {"CT-501 a numeral not in play", t4(R"(<hun numeral="IV"/>)"), {"CT-501@4"}},
      {"CT-501 any numeral in the bag may be drawn", t4(R"(<hun numeral="III"/>)"), {}},
      {"CT-501/CT-606 a city draws a Hun",
       [] { return t13(R"(<city vertex="C8.S"><hun numeral="II"/></city>)"); },
       {}},
      {"CT-501 a city without its Hun",
       [] { return t13(R"(<city vertex="C8.S"/>)"); },
       {"CT-501@13"}},
      {"hun-trigger = settlement-only: a city draws none",
       [] {
         return t13(R"(<city vertex="C8.S"/>)",
                    R"(<option name="hun-trigger" value="settlement-only"/>)");
       },
       {}},
      {"CT-501 a city draws a Hun with hun-trigger = settlement-only",
       [] {
         return t13(R"(<city vertex="C8.S"><hun numeral="II"/></city>)",
                    R"(<option name="hun-trigger" value="settlement-only"/>)");
       },
       {"CT-501@13"}},
      {"CT-501 no Hun of that numeral left in the bag (1 per numeral)",
       [inline_board] {
         return t13(R"(<city vertex="C8.S"><hun numeral="I"/></city>)", "", inline_board);
       },
       {"CT-501@13"}},
      {"another numeral is still in the bag (1 per numeral)",
       [inline_board] {
         return t13(R"(<city vertex="C8.S"><hun numeral="III"/></city>)", "", inline_board);
       },
       {}},
  });
}

// ---- building (CT-6xx)
// ----------------------------------------------------------------------------

// A chain of `count` free edges on the modelled board (4 players) leading on from blue's
// settlement D9.N, through vertices that hold no building.
std::vector<std::string> blue_road_chain(int count) {
  auto board = ct::modelled_board();
  std::set<int> taken_vertices, taken_edges;
  for (const char* v : {"A7.NE", "A9.NE", "A11.NE", "A5.NE", "C6.N", "B8.S", "C10.N", "C12.S",
                        "C7.S", "D9.N", "C8.S", "D5.N", "D5.SE"}) {
    std::string s = v;
    auto dot = s.find('.');
    taken_vertices.insert(
        board->corner(board->find_hex(s.substr(0, dot)), *ct::parse_corner(s.substr(dot + 1))));
  }
  for (const char* e :
       {"C6.NW", "B8.SW", "C10.NW", "C12.SW", "C7.SE", "D9.NE", "C8.SW", "D5.NE", "D5.E"}) {
    std::string s = e;
    auto dot = s.find('.');
    taken_edges.insert(
        board->side(board->find_hex(s.substr(0, dot)), *ct::parse_side(s.substr(dot + 1))));
  }
  int start = board->corner(board->find_hex("D9"), 0);
  std::vector<int> path;
  std::set<int> seen{start};
  std::function<bool(int)> walk = [&](int v) {
    if (static_cast<int>(path.size()) == count) return true;
    for (int e : board->vertex(v).edges) {
      if (e < 0 || taken_edges.count(e) || !board->edge_on_board(e, 4)) continue;
      const auto& info = board->edge(e);
      int w = info.a == v ? info.b : info.a;
      if (seen.count(w) || taken_vertices.count(w)) continue;
      std::string name = board->edge_name(e);
      if (!board->hex_in_play(board->find_hex(name.substr(0, name.find('.'))), 4)) continue;
      seen.insert(w);
      path.push_back(e);
      if (walk(w)) return true;
      path.pop_back();
      seen.erase(w);
    }
    return false;
  };
  EXPECT_TRUE(walk(start));
  std::vector<std::string> out;
  for (int e : path)
    out.push_back(board->edge_name(e));
  return out;
}

TEST(CtRules, Building) {
  std::string roads;
  for (const auto& e : blue_road_chain(14))
    roads += fmt::format(R"(<road edge="{}"/>)", e);
  std::vector<std::string> supply(12, "CT-602@10");
  supply.push_back("CT-603@10");
  std::string buys;
  // Blue bought a knight in turn 6: 18 cards are left, one paid for and 17 not.
  for (int i = 0; i < 19; ++i)
    buys += "<buy-card/>";
  std::vector<std::string> deck(17, "CT-602@10");
  deck.push_back("CT-609@10");
  auto roll2 = [](std::string rest) { return [rest] { return t10(kRoll2 + rest); }; };
  run_cases({
      {"CT-203/CT-204/CT-602/CT-603/CT-604/CT-607/CT-609 a road, a wall piece and a card",
       roll2(R"(<road edge="D9.NW"/><buy-card/>)"),
       {}},
      {"CT-203 a road between two sea hexes", roll2(R"(<road edge="E7.E"/>)"), {"CT-203@10"}},
      {"CT-204 a road named through a hex not in play",
       roll2(R"(<road edge="A4.E"/>)"),
       {"CT-204@10"}},
      {"CT-604 a road connected to nothing of its own",
       roll2(R"(<road edge="D12.SE"/>)"),
       {"CT-604@10"}},
      {"CT-604 a road on an occupied edge", roll2(R"(<road edge="D9.NE"/>)"), {"CT-604@10"}},
      {"CT-602 a road without brick",
       roll2(R"(<road edge="D9.NW"/><road edge="C9.SW"/>)"),
       {"CT-602@10"}},
      {"CT-603 the sixteenth road", roll2(roads), supply},
      {"CT-605 a settlement breaking the distance rule",
       roll2(R"(<settlement vertex="C10.S"><hun numeral="II"/></settlement>)"),
       {"CT-605@10"}},
      {"CT-605 a settlement away from the builder's roads",
       roll2(R"(<settlement vertex="D12.S"><hun numeral="II"/></settlement>)"),
       {"CT-605@10"}},
      {"CT-606 a city on another colour's settlement",
       [] { return t13(R"(<city vertex="D9.N"><hun numeral="II"/></city>)"); },
       {"CT-606@13"}},
      {"CT-606 a city on an empty vertex",
       [] { return t13(R"(<city vertex="D12.S"><hun numeral="II"/></city>)"); },
       {"CT-606@13"}},
      {"CT-602 a second city",
       [] {
         return t13(
             R"(<city vertex="C8.S"><hun numeral="II"/></city><city vertex="B8.S"><hun numeral="II"/></city>)");
       },
       {"CT-602@13"}},
      {"CT-607 wall pieces 1 and 2", roll2(R"(<wall-piece level="1"/>)"), {}},
      {"CT-607 wall piece 2 on an empty section",
       roll2(R"(<wall-piece level="2"/>)"),
       {"CT-607@10"}},
      {"CT-607 wall piece 1 twice",
       roll2(R"(<wall-piece level="1"/><wall-piece level="1"/>)"),
       {"CT-607@10"}},
      {"CT-609 a card from an empty deck", roll2(buys), deck},
  });
}

// ---- trade (CT-7xx)
// ----------------------------------------------------------------------------------

TEST(CtRules, Trade) {
  auto roll2 = [](std::string rest) { return [rest] { return t10(kRoll2 + rest); }; };
  run_cases({
      {"CT-701/CT-702 a domestic and a maritime trade",
       roll2(
           R"(<bank give="lumber lumber lumber lumber" get="ore"/><trade with="red" give="ore" get="wool"/>)"),
       {}},
      {"CT-701 a trade with oneself",
       roll2(R"(<trade with="blue" give="lumber" get="wool"/>)"),
       {"CT-701@10"}},
      {"CT-701 one type on both sides",
       roll2(R"(<trade with="red" give="lumber" get="lumber wool"/>)"),
       {"CT-701@10"}},
      {"CT-701 giving cards not held",
       roll2(R"(<trade with="red" give="ore ore" get="wool"/>)"),
       {"CT-701@10"}},
      {"CT-701 the partner lacks the cards",
       roll2(R"(<trade with="red" give="lumber" get="brick"/>)"),
       {"CT-701@10"}},
      {"CT-702 three cards without a harbour",
       roll2(R"(<bank give="lumber lumber lumber" get="ore"/>)"),
       {"CT-702@10"}},
      {"CT-702 mixed cards",
       roll2(R"(<bank give="lumber lumber lumber brick" get="ore"/>)"),
       {"CT-702@10"}},
      {"CT-702 two cards taken",
       roll2(R"(<bank give="lumber lumber lumber lumber" get="ore ore"/>)"),
       {"CT-702@10"}},
      {"CT-702 cards not held",
       roll2(R"(<bank give="wool wool wool wool" get="ore"/>)"),
       {"CT-702@10"}},
      {"CT-702 five cards for one",
       roll2(R"(<bank give="lumber lumber lumber lumber lumber" get="ore"/>)"),
       {"CT-702@10"}},
  });
}

// ---- development cards (CT-8xx, CT-10xx)
// ----------------------------------------------------------

TEST(CtRules, DevelopmentCards) {
  std::string knight_b =
      R"(<play-card card="knight"><chase-hun hex="A12" numeral="I"/></play-card>)";
  auto knight = [](std::string actions, std::string rules = "") {
    return [actions, rules] {
      return t10("<play-card card=\"knight\">" + actions + "</play-card>" + kRoll2, rules);
    };
  };
  std::string c = R"(<pirate to="E10"/><steal from="red" card="wool"/>)";
  std::string b = R"(<chase-hun hex="A12" numeral="I"/>)";
  std::string two = "<option name=\"knight-actions\" value=\"exactly-two\"/>";
  run_cases({
      {"CT-803 a knight chasing a Hun and moving the pirate", knight(b + c), {}},
      {"CT-803 a knight without actions", knight(""), {}},
      {"CT-803 three knight actions",
       knight(b + c + R"(<move-hun from="I" to="II"/>)"),
       {"CT-803@10"}},
      {"CT-803 a Hun moved from an empty place",
       knight(R"(<move-hun from="I" to="II"/>)"),
       {"CT-803@10"}},
      {"CT-803 a Hun moved to a place not in play",
       knight(R"(<move-hun from="I" to="V"/>)"),
       {"CT-803@10"}},
      {"CT-803 a Hun chased from a hex without Huns",
       knight(R"(<chase-hun hex="A11" numeral="I"/>)"),
       {"CT-803@10"}},
      {"CT-803 a Hun chased under a numeral all in the bag",
       knight(R"(<chase-hun hex="A12" numeral="III"/>)"),
       {"CT-803@10"}},
      {"CT-803 the pirate action twice", knight(c + R"(<pirate to="E12"/>)"), {"CT-803@10"}},
      {"CT-803 the knight's pirate stays",
       knight(R"(<pirate to="E8"/><steal from="red" card="wool"/>)"),
       {"CT-803@10"}},
      {"CT-803 the knight's pirate on land",
       knight(R"(<pirate to="C12"/><steal from="red" card="wool"/>)"),
       {"CT-803@10"}},
      {"CT-408 the knight's steal missing", knight(R"(<pirate to="E10"/>)"), {"CT-408@10"}},
      {"CT-803 one action with knight-actions = exactly-two", knight(b, two), {"CT-803@10"}},
      {"CT-803 two actions with knight-actions = exactly-two", knight(b + c, two), {}},
      {"CT-802 a second card in a turn",
       [knight_b] { return t10(knight_b + kRoll2 + R"(<play-card card="knight"/>)"); },
       {"CT-802@10"}},
      {"CT-802 a card bought in this turn",
       [] {
         return rec(ct_plus(
             ct_doc_turns(),
             R"(<turn colour="blue"><roll d1="1" d2="2"/><buy-card card="knight"/><play-card card="knight"/></turn>)"));
       },
       {"CT-802@6"}},
      {"CT-802 a card the player does not hold",
       [] {
         return t10(
             std::string(kRoll2) +
             R"(<play-card card="road-building"><road edge="D9.NW"/><road edge="C9.SW"/></play-card>)");
       },
       {"CT-802@10"}},
      {"CT-802 a progress card before the roll with dev-timing = knight-before-roll",
       [] {
         return t10u(R"(<play-card card="monopoly" resource="wool"/>)" + std::string(kRoll2),
                     R"(<option name="dev-timing" value="knight-before-roll"/>)");
       },
       {"CT-802@10"}},
      {"CT-802 a progress card before the roll with dev-timing = any-time",
       [] { return t10u(R"(<play-card card="monopoly" resource="wool"/>)" + std::string(kRoll2)); },
       {}},
      {"CT-808 a victory-point card played",
       [] { return t10(std::string(kRoll2) + R"(<play-card card="victory-point"/>)"); },
       {"CT-808@10"}},
      {"CT-805 road building with two roads",
       [] {
         return t10u(
             std::string(kRoll2) +
             R"(<play-card card="road-building"><road edge="D9.NW"/><road edge="C9.SW"/></play-card>)");
       },
       {}},
      {"CT-805 road building with one road while two were possible",
       [] {
         return t10u(std::string(kRoll2) +
                     R"(<play-card card="road-building"><road edge="D9.NW"/></play-card>)");
       },
       {"CT-805@10"}},
      {"CT-805 road building with three roads",
       [] {
         return t10u(
             std::string(kRoll2) +
             R"(<play-card card="road-building"><road edge="D9.NW"/><road edge="C9.SW"/><road edge="D8.NW"/></play-card>)");
       },
       {"CT-805@10"}},
      {"CT-604 a road of road building not connected",
       [] {
         return t10u(
             std::string(kRoll2) +
             R"(<play-card card="road-building"><road edge="D12.SE"/><road edge="D9.NW"/></play-card>)");
       },
       {"CT-604@10"}},
      {"CT-806 year of plenty taking two",
       [] {
         return t10u(std::string(kRoll2) + R"(<play-card card="year-of-plenty" take="ore ore"/>)");
       },
       {}},
      {"CT-806 year of plenty taking one",
       [] {
         return t10u(std::string(kRoll2) + R"(<play-card card="year-of-plenty" take="ore"/>)");
       },
       {"CT-806@10"}},
      {"CT-806 year of plenty taking three",
       [] {
         return t10u(std::string(kRoll2) +
                     R"(<play-card card="year-of-plenty" take="ore ore ore"/>)");
       },
       {"CT-806@10"}},
      {"CT-807 a monopoly with its echo",
       [] {
         return t10u(
             std::string(kRoll2) +
             R"(<play-card card="monopoly" resource="wool"><give colour="red" count="2"/><give colour="white" count="2"/><give colour="orange" count="1"/></play-card>)");
       },
       {}},
      {"CT-807 a monopoly echo with a wrong count",
       [] {
         return t10u(
             std::string(kRoll2) +
             R"(<play-card card="monopoly" resource="wool"><give colour="red" count="3"/><give colour="white" count="2"/><give colour="orange" count="1"/></play-card>)");
       },
       {"CT-807@10"}},
      {"CT-807 a monopoly echo leaving a colour out",
       [] {
         return t10u(
             std::string(kRoll2) +
             R"(<play-card card="monopoly" resource="wool"><give colour="red" count="2"/><give colour="white" count="2"/></play-card>)");
       },
       {"CT-807@10"}},
      {"CT-808 a victory-point card revealed in play",
       [] {
         return t10u(std::string(kRoll2) +
                     R"(<reveal card="victory-point"/><claim colour="blue" vp="4"/>)");
       },
       {}},
      {"CT-1001 a knight revealed in play",
       [] { return t10u(std::string(kRoll2) + R"(<reveal card="knight"/>)"); },
       {"CT-1001@10"}},
      {"CT-1001 a reveal without an unnamed card",
       [] { return t10(std::string(kRoll2) + R"(<reveal card="victory-point"/>)"); },
       {"CT-1001@10"}},
      {"CT-1001/CT-1002 a card revealed as any type in the end",
       [] { return t10u(kRoll2, "", R"(<reveal colour="blue" card="knight"/>)"); },
       {}},
      {"CT-1001 an end reveal of a colour without an unnamed card",
       [] { return t10u(kRoll2, "", R"(<reveal colour="red" card="knight"/>)"); },
       {"CT-1001@0"}},
      {"CT-1002 a second monopoly named in the end",
       [] {
         CtTurns t = ct_with(
             ct_turns9(), 6,
             R"(<turn colour="blue"><roll d1="1" d2="2"/><buy-card card="monopoly"/></turn>)");
         return rec(
             ct_plus(t, std::string(R"(<turn colour="blue">)") + kRoll2 + "<buy-card/></turn>"), "",
             R"(<reveal colour="blue" card="monopoly"/>)");
       },
       {"CT-1002@0"}},
      {"CT-1002 a second monopoly named when bought",
       [] {
         CtTurns t = ct_with(
             ct_turns9(), 6,
             R"(<turn colour="blue"><roll d1="1" d2="2"/><buy-card card="monopoly"/></turn>)");
         return rec(ct_plus(t, std::string(R"(<turn colour="blue">)") + kRoll2 +
                                   R"(<buy-card card="monopoly"/></turn>)"));
       },
       {"CT-1002@10"}},
  });
}

// ---- special building phases (CT-410)
// --------------------------------------------------------------

TEST(CtRules, SpecialBuildingPhases) {
  auto six = [](std::vector<std::string> elements) {
    return [elements] {
      CtRecord r;
      r.players = kCtPlayers6;
      r.setup = kCtSetup6;
      r.turns = elements;
      return r;
    };
  };
  std::string t1 = R"(<turn colour="red"><roll d1="1" d2="5"/></turn>)";
  std::string t2 = R"(<turn colour="blue"><roll d1="1" d2="3"/></turn>)";
  run_cases({
      {"CT-410 a road in white's special building phase",
       six({t1, t2, R"(<special colour="white"><road edge="B5.SE"/></special>)"}),
       {}},
      {"CT-410 empty phases and a claim in one",
       six({t1, R"(<special colour="blue"/>)",
            R"(<special colour="white"><claim colour="white" vp="3"/></special>)"}),
       {}},
      {"CT-410 a phase of the colour whose turn ended",
       six({t1, R"(<special colour="red"/>)"}),
       {"CT-410@1"}},
      {"CT-410 phases out of clockwise order",
       six({t1, R"(<special colour="white"/>)", R"(<special colour="blue"/>)"}),
       {"CT-410@1"}},
      {"CT-410 a colour's phase twice",
       six({t1, R"(<special colour="white"/>)", R"(<special colour="white"/>)"}),
       {"CT-410@1"}},
      {"CT-410 a phase before the first turn",
       six({R"(<special colour="white"/>)", t1}),
       {"CT-410@0"}},
      {"CT-410 a trade in a phase",
       six({t1, t2,
            R"(<special colour="white"><trade with="red" give="brick" get="wool"/></special>)"}),
       {"CT-410@2"}},
      {"CT-410 a card played in a phase",
       six({t1, R"(<special colour="white"><play-card card="knight"/></special>)"}),
       {"CT-410@1"}},
      {"CT-410 a roll in a phase",
       six({t1, R"(<special colour="white"><roll d1="1" d2="1"/></special>)"}),
       {"CT-410@1"}},
      {"CT-410 a phase with 4 players",
       [] { return rec(ct_plus(ct_upto(ct_doc_turns(), 1), R"(<special colour="white"/>)")); },
       {"CT-410@1"}},
  });
}

// ---- the end (CT-9xx)
// ---------------------------------------------------------------------------------

TEST(CtRules, EndOfTheGameAndClaims) {
  const std::string finals =
      R"(<final colour="red" vp="3"/><final colour="blue" vp="3"/><final colour="white" vp="2"/><final colour="orange" vp="4"/>)";
  run_cases({
      {"CT-906 claims and final claims that agree",
       [finals] { return rec(ct_doc_turns(), "", finals); },
       {}},
      {"CT-906 a claim differs",
       [] {
         return rec(
             ct_with(ct_doc_turns(), 5, ct_replace(ct_doc_turns()[4], R"(vp="2")", R"(vp="3")")));
       },
       {"CT-906@5"}},
      {"CT-906 a claim for a colour not playing",
       [] {
         return rec(ct_with(ct_doc_turns(), 5,
                            ct_replace(ct_doc_turns()[4], R"(colour="white" vp="2")",
                                       R"(colour="green" vp="2")")));
       },
       {"CT-906@5"}},
      {"CT-906 a final claim differs",
       [finals] {
         return rec(ct_doc_turns(), "",
                    ct_replace(finals, R"(colour="orange" vp="4")", R"(colour="orange" vp="5")"));
       },
       {"CT-906@0"}},
      {"CT-906 a final claim missing",
       [finals] {
         return rec(ct_doc_turns(), "", ct_replace(finals, R"(<final colour="red" vp="3"/>)", ""));
       },
       {"CT-906@0"}},
      {"CT-906 a final claim twice",
       [finals] { return rec(ct_doc_turns(), "", finals + R"(<final colour="red" vp="3"/>)"); },
       {"CT-906@0"}},
      {"CT-906 an outcome claimed for an unfinished game",
       [] { return rec(ct_doc_turns(), "", R"(<outcome result="huns"/>)"); },
       {"CT-906@0"}},
  });
}

// Finished generated games: a win and the Huns' victory; a turn after the end breaks CT-905.
// Legal and illegal cases: CT-905.
TEST(CtRules, FinishedGames) {
  for (std::string outcome : {"win", "huns"}) {
    for (std::uint64_t seed = 1; seed < 200; ++seed) {
      CtGeneratorOptions o;
      o.unfinished = false;
      o.claims = true;
      o.wall_bias = outcome == "win" ? 1.0 : 0.0;
      CtGeneratedGame g = generate_ct_game(seed, o);
      if (g.outcome != outcome) continue;
      GameResult r = check_text(g.xml);
      EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
      EXPECT_TRUE(r.finished);
      auto m = ct_mutate(g, CtMutation::turn_after_end);
      ASSERT_TRUE(m.has_value());
      GameResult after = check_text(m->xml);
      EXPECT_EQ(found(after), std::vector<std::string>{fmt::format("CT-905@{}", m->turn)})
          << dump(after);
      // The game as replayed did end: finished, as the legal record, with no winner.
      EXPECT_TRUE(after.finished);
      EXPECT_EQ(after.ended_by, r.ended_by);
      EXPECT_TRUE(after.winners.empty());
      break;
    }
  }
}

// ---- what each verdict reports
// ---------------------------------------------------------------------

std::string extra(const GameResult& r, const std::string& key) {
  for (const auto& [k, v] : r.extra)
    if (k == key) return v.dump();
  return "";
}

// Legal and illegal cases: CT-201.
TEST(CtRules, VerdictConventions) {
  // Illegal: the VP at the start of the turn holding the first violation.
  GameResult a = check_text(t10(std::string(kRoll2) + R"(<road edge="E7.E"/>)").str());
  EXPECT_EQ(a.verdict, Verdict::illegal);
  EXPECT_EQ(a.scores, (std::vector<std::pair<std::string, int>>{
                          {"red", 3}, {"blue", 3}, {"white", 2}, {"orange", 4}}));
  EXPECT_FALSE(a.finished);
  EXPECT_EQ(a.ended_by, "");
  EXPECT_EQ(extra(a, "best_losers"), "[]");
  EXPECT_EQ(extra(a, "board_modelled"), "true");
  // ... 0 for every colour in the set-up.
  CtRecord s;
  s.setup = ct_replace(kCtSetup4, R"(<gain colour="white" cards="brick brick ore"/>)",
                       R"(<gain colour="white" cards="ore"/>)");
  s.turns = ct_doc_turns();
  GameResult b = check_text(s.str());
  EXPECT_EQ(b.scores, (std::vector<std::pair<std::string, int>>{
                          {"red", 0}, {"blue", 0}, {"white", 0}, {"orange", 0}}));
  // ... the VP at the end of <play> when it lies in <end>, before <end> reveals.
  GameResult c = check_text(
      t10u(kRoll2, "",
           R"(<reveal colour="blue" card="victory-point"/><reveal colour="red" card="knight"/>)")
          .str());
  EXPECT_EQ(c.verdict, Verdict::illegal);
  EXPECT_EQ(c.scores, (std::vector<std::pair<std::string, int>>{
                          {"red", 3}, {"blue", 3}, {"white", 2}, {"orange", 4}}));
  // Disputed: the final VP, <end> reveals included; the first dispute first.
  GameResult d = check_text(
      t10u(kRoll2, "",
           R"(<reveal colour="blue" card="victory-point"/><final colour="blue" vp="3"/>)")
          .str());
  EXPECT_EQ(d.verdict, Verdict::disputed);
  EXPECT_EQ(d.scores[1], (std::pair<std::string, int>{"blue", 4}));
  EXPECT_EQ(d.diagnostics.items().front().rule, "CT-906");
  // Malformed: no scores, unfinished, nothing known of its board.
  GameResult e =
      check_text(ct_replace(rec(ct_doc_turns()).str(), "<roll d1=\"1\"", "<roll d1=\"9\""));
  EXPECT_EQ(e.verdict, Verdict::malformed);
  EXPECT_TRUE(e.scores.empty());
  EXPECT_EQ(e.ended_by, "");
  EXPECT_EQ(extra(e, "board_modelled"), "null");
  // The modelled board is noted; a club's copy of it is not.
  GameResult f = check_text(rec(ct_doc_turns()).str());
  ASSERT_FALSE(f.diagnostics.items().empty());
  EXPECT_EQ(f.diagnostics.items().back().rule, "CT-201");
  EXPECT_EQ(f.diagnostics.items().back().kind, FindingKind::info);
  CtRecord club = rec(ct_doc_turns());
  club.board =
      "<board>" +
      ct_replace(ct_replace(read_source_file("lib/catan_great_wall/data/great-wall-modelled.xml"),
                            R"(modelled="true")", R"(modelled="false")"),
                 R"(<?xml version="1.0" encoding="UTF-8"?>)", "") +
      "</board>";
  GameResult g = check_text(club.str());
  EXPECT_EQ(g.verdict, Verdict::ok) << dump(g);
  EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
  EXPECT_EQ(extra(g, "board_modelled"), "false");
}

// A set-up no game starts from (CT-101) is illegal, not malformed: the commands that replay a
// record exit as check does, though there is nothing to replay.
TEST(CtRules, UnplayableSetUpExitsAsCheckDoes) {
  CtRecord r = rec({});
  r.players += R"(<player colour="green"/>)";
  std::string xml = r.str();
  RunResult check = run_cli({"check", "-"}, &xml);
  EXPECT_EQ(check.status, 1) << check.out;
  for (const char* command : {"explain", "replay", "annotate"}) {
    RunResult other = run_cli({command, "-"}, &xml);
    EXPECT_EQ(other.status, 1) << command << other.err;
    EXPECT_NE((other.out + other.err).find("CT-101"), std::string::npos)
        << command << other.out << other.err;
  }
}

// ---- follow-ons from causality
// -------------------------------------------------------------------------

// Every error and dispute as "RULE@turn", with "<-RULE" when it is marked as following from
// the finding of that rule on the line it names.
std::vector<std::string> marked(const GameResult& result) {
  std::vector<std::string> out;
  for (const auto& d : result.diagnostics.items()) {
    if (d.kind == FindingKind::info) continue;
    std::string mark = fmt::format("{}@{}", d.rule, d.turn);
    if (d.follow_on) {
      std::string cause = "?";
      for (const auto& e : result.diagnostics.items())
        if (e.kind == FindingKind::rule && !e.follow_on && e.loc.line == d.follows_line)
          cause = e.rule;
      mark += "<-" + cause;
    }
    out.push_back(mark);
  }
  return out;
}

// A score dispute follows from an error exactly when that error changed the claimed colour's
// victory points; a claim before the first error, or of a colour no error touched, is primary,
// and so are two errors that do not read each other's effects.
TEST(CtRules, FollowOnsFromCausality) {
  // Blue's settlement away from its roads (CT-605) still stands and gives blue 1 VP.
  // Each step on a line of its own: a follow-on names an earlier line.
  const std::string roll = std::string(kRoll2) + "\n";
  const std::string bad_settlement =
      "\n"
      R"(<settlement vertex="D12.S"><hun numeral="II"/></settlement>)"
      "\n";
  struct Marked {
    std::string name;
    CtRecord record;
    std::vector<std::string> expected;
  };
  const std::vector<Marked> cases = {
      {"a claim before the first error",
       t10(roll + R"(<claim colour="blue" vp="99"/>)" + bad_settlement),
       {"CT-605@10", "CT-906@10"}},
      {"a claim of the colour the error gave a point",
       t10(roll + bad_settlement + R"(<claim colour="blue" vp="99"/>)"),
       {"CT-605@10", "CT-906@10<-CT-605"}},
      {"a claim of a colour the error did not touch",
       t10(roll + bad_settlement + R"(<claim colour="red" vp="99"/>)"),
       {"CT-605@10", "CT-906@10"}},
      {"final claims: the touched colour follows, the other does not",
       t10(roll + bad_settlement, "",
           R"(<final colour="red" vp="99"/><final colour="blue" vp="99"/>)"
           R"(<final colour="white" vp="99"/><final colour="orange" vp="99"/>)"),
       {"CT-605@10", "CT-906@0", "CT-906@0<-CT-605", "CT-906@0", "CT-906@0"}},
      {"two independent errors",
       t10(roll + R"(<discard colour="white" cards="brick"/>)" + bad_settlement),
       {"CT-406@10", "CT-605@10"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    GameResult result = check_text(c.record.str());
    EXPECT_EQ(marked(result), c.expected) << c.name << "\n" << dump(result);
  }
}

}  // namespace
}  // namespace wallaudit::test
