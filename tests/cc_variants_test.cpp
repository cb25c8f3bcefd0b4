// Chang Cheng sections 10-11: event cards, neutral walls, teams; the end by passes;
// follow-on findings.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/cc_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

using Turns = std::vector<std::string>;

std::string expand_c1() {
  return fmt::format(R"(<expand side="C1" at="right">{}</expand>)", mini_side_tokens("C1"));
}

// The complete game of cc_rules_test (blue wins 10 to 7 without events).
Turns game1() {
  return {
      R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
      R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W1"/></turn>)",
      R"(<turn colour="red"><wall space="A1.W2"/><wall space="B1.W3"/>)" + expand_c1() + "</turn>",
      R"(<turn colour="blue"><wall space="A1.W4"/><wall space="B1.W2"/></turn>)",
      R"(<turn colour="red"><wall space="A1.W5"/><wall space="C1.W1"/></turn>)",
      R"(<turn colour="blue"><wall space="B1.W4"/><wall space="C1.W3"/></turn>)",
      R"(<turn colour="red"><wall space="B1.W5"/><wall space="C1.W2"/></turn>)",
      R"(<turn colour="blue"><card province="C1.P3" card="builder"/><wall space="C1.W4"/></turn>)",
      R"(<turn colour="red"><card province="C1.P3" card="flood"/><wall space="C1.W5"/>)"
      R"(<score province="C1.P3"><resolve colour="red" card="flood" effect="plus"/>)"
      R"(<resolve colour="blue" card="builder" effect="wall"/></score></turn>)",
  };
}

std::string join(const Turns& turns) {
  std::string out;
  for (const auto& t : turns)
    out += t + "\n";
  return out;
}

MiniRecord mini(const Turns& turns, std::string rules = "", std::string end = "") {
  MiniRecord r;
  r.play = join(turns);
  r.rules = std::move(rules);
  r.end = std::move(end);
  return r;
}

std::vector<std::string> found(const GameResult& result) {
  std::vector<std::string> out;
  for (const auto& d : result.diagnostics.items())
    if (d.kind != FindingKind::info) out.push_back(fmt::format("{}@{}", d.rule, d.turn));
  return out;
}

std::string dump(const GameResult& result) {
  std::string out;
  for (const auto& d : result.diagnostics.items())
    out +=
        fmt::format("  {}:{} {} turn {} {}\n", d.loc.line, d.loc.column, d.rule, d.turn, d.message);
  return out;
}

int score(const GameResult& r, const std::string& colour) {
  for (const auto& [c, p] : r.scores)
    if (c == colour) return p;
  ADD_FAILURE() << "no score for " << colour;
  return 0;
}

struct Case {
  std::string name;
  std::function<MiniRecord()> record;
  std::vector<std::string> expected;
};

void run_cases(const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    GameResult result = check_text(c.record().str());
    EXPECT_EQ(found(result), c.expected) << c.name << "\n" << dump(result);
  }
}

// ---- event cards (CC-10xx, CC-802) ---------------------------------------------------------
// On game1's final wall red's longest run is 3 (B1.W5 C1.W1 C1.W2), blue's 2; each colour
// played one action card (5 unplayed: +10); both hold pieces on 6 of the 9 provinces.

TEST(ChangChengEvents, DominanceEachPlayerAndImperialReward) {
  SCOPED_TRACE("CC-1002 dominance each-player, CC-1003 imperial reward, CC-802 event order");
  GameResult r = check_text(
      mini(
          game1(), R"(<event-card name="dominance"/><event-card name="imperial-reward"/>)",
          R"(<event card="dominance" colour="red" points="3"/><event card="dominance" colour="blue" points="2"/>)"
          R"(<event card="imperial-reward" colour="red" points="10"/><event card="imperial-reward" colour="blue" points="10"/>)"
          R"(<final colour="red" points="20"/><final colour="blue" points="22"/>)")
          .str());
  EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
  EXPECT_EQ(score(r, "red"), 20);
  EXPECT_EQ(score(r, "blue"), 22);
  EXPECT_EQ(r.winners, std::vector<std::string>{"blue"});
}

TEST(ChangChengEvents, DominanceLongestOnlyAndATieSharesTheWin) {
  SCOPED_TRACE("CC-1002 dominance longest-only, CC-803 a tie shares the win");
  GameResult r = check_text(
      mini(game1(), R"(<option name="dominance" value="longest-only"/>)"
                    R"(<event-card name="dominance"/><event-card name="imperial-reward"/>)")
          .str());
  EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
  EXPECT_EQ(score(r, "red"), 20);
  EXPECT_EQ(score(r, "blue"), 20);
  EXPECT_EQ(r.winners, (std::vector<std::string>{"red", "blue"}));  // CC-803
}

TEST(ChangChengEvents, DiplomacyBothReadings) {
  SCOPED_TRACE("CC-1001 diplomacy, most-provinces and majority-of-provinces");
  for (const char* option : {"most-provinces", "majority-of-provinces"}) {
    SCOPED_TRACE(option);
    GameResult r = check_text(
        mini(
            game1(),
            fmt::format(R"(<option name="diplomacy" value="{}"/><event-card name="diplomacy"/>)",
                        option),
            R"(<event card="diplomacy" colour="red" points="4"/><event card="diplomacy" colour="blue" points="4"/>)")
            .str());
    EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
    EXPECT_EQ(score(r, "red"), 11);
    EXPECT_EQ(score(r, "blue"), 14);
  }
}

TEST(ChangChengEvents, EventClaimsAreCompared) {
  run_cases({
      {"CC-804 an event claim that differs",
       [] {
         return mini(game1(), R"(<event-card name="dominance"/>)",
                     R"(<event card="dominance" colour="red" points="4"/>)");
       },
       {"CC-804@0"}},
      {"CC-804 a claim for an event card not in play",
       [] {
         return mini(game1(), R"(<event-card name="dominance"/>)",
                     R"(<event card="imperial-reward" colour="red" points="10"/>)");
       },
       {"CC-804@0"}},
      {"CC-1004 observation scores nothing",
       [] {
         return mini(game1(), R"(<event-card name="observation"/>)",
                     R"(<final colour="red" points="7"/><final colour="blue" points="10"/>)");
       },
       {}},
      {"CC-1004 observation: a stated value contradicting an earlier reveal (CC-303)",
       [] {
         Turns t = game1();
         t[1] =
             R"(<turn colour="blue"><wall space="A1.W3"/><threat region="A1.M2" value="-3"/><wall space="B1.W1"/><threat region="B1.M1" value="-3"/></turn>)";
         return mini(t, R"(<event-card name="observation"/>)",
                     R"(<threat region="A1.M2" value="-4"/>)");
       },
       {"CC-303@0"}},
  });
}

// ---- neutral walls (CC-1101..1103) ----------------------------------------------------------

const std::string kNeutral = R"(<variant name="neutral-walls"/>)";

TEST(ChangChengNeutralWalls, Placement) {
  auto t2 = [](std::string text, std::string rules = kNeutral) {
    return [text, rules] {
      return mini({R"(<turn colour="red"><wall space="A1.W1"/></turn>)", text}, rules);
    };
  };
  run_cases({
      {"CC-1101 after two walls, on one of their provinces; a tie with the neutral still scores",
       t2(R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W1"/><neutral space="B1.W2"/><score province="B1.P1"><award colour="blue" points="2"/></score></turn>)"),
       {}},
      {"CC-1101 neutral walls without the variant",
       t2(R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W1"/><neutral space="B1.W2"/></turn>)",
          ""),
       {"CC-1101@2"}},
      {"CC-1101 two neutral walls in a turn",
       t2(R"(<turn colour="blue"><wall space="A1.W4"/><wall space="B1.W1"/><neutral space="B1.W2"/><neutral space="A1.W5"/></turn>)"),
       {"CC-1101@2"}},
      {"CC-1101 a piece after the neutral wall",
       t2(R"(<turn colour="blue"><wall space="A1.W4"/><neutral space="A1.W5"/><wall space="B1.W1"/></turn>)"),
       {"CC-1101@2"}},
      {"CC-403 no neutral wall on the first turn",
       [] {
         return mini({R"(<turn colour="red"><wall space="A1.W1"/><neutral space="A1.W2"/></turn>)"},
                     kNeutral);
       },
       {"CC-403@1"}},
      {"CC-1102 after two walls, not on a third province",
       t2(R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W1"/><neutral space="A1.W4"/></turn>)"),
       {"CC-1102@2"}},
      {"CC-1102 after card and wall, on another province (other-province)",
       t2(R"(<turn colour="blue"><card province="A1.P3" card="flood"/><wall space="A1.W4"/><neutral space="B1.W1"/></turn>)"),
       {}},
      {"CC-1102 after card and wall, not on its province (other-province)",
       t2(R"(<turn colour="blue"><card province="A1.P3" card="flood"/><wall space="A1.W4"/><neutral space="A1.W5"/><score province="A1.P3"><resolve colour="blue" card="flood" effect="plus"/></score></turn>)"),
       {"CC-1102@2"}},
      {"CC-1102 after card and wall, on its province (same-province)",
       t2(R"(<turn colour="blue"><card province="A1.P3" card="flood"/><wall space="A1.W4"/><neutral space="A1.W5"/><score province="A1.P3"><resolve colour="blue" card="flood" effect="plus"/></score></turn>)",
          kNeutral + R"(<option name="neutral-after-card-and-wall" value="same-province"/>)"),
       {}},
      {"CC-1102 after card and wall, not elsewhere (same-province)",
       t2(R"(<turn colour="blue"><card province="A1.P3" card="flood"/><wall space="A1.W4"/><neutral space="B1.W1"/></turn>)",
          kNeutral + R"(<option name="neutral-after-card-and-wall" value="same-province"/>)"),
       {"CC-1102@2"}},
      {"CC-1102 after the double wall, not on a province it touches",
       t2(R"(<turn colour="blue"><double spaces="A1.W3 A1.W4"/><neutral space="A1.W5"/></turn>)"),
       {"CC-1102@2"}},
      {"CC-1102 after the double wall, elsewhere",
       t2(R"(<turn colour="blue"><double spaces="A1.W3 A1.W4"/><neutral space="B1.W1"/></turn>)"),
       {}},
      {"CC-1102 after the tower, not on its province",
       t2(R"(<turn colour="blue"><tower space="A1.W4"/><neutral space="A1.W5"/></turn>)"),
       {"CC-1102@2"}},
      {"CC-407 a claimed space takes no neutral wall",
       [] {
         return mini(
             {R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
              R"(<turn colour="blue"><tower space="A1.W2"/><neutral space="A1.W3"/></turn>)"},
             kNeutral);
       },
       {"CC-407@2"}},
  });
}

// On the standard boards 1A.P2 is W5-W8: red W5, blue W6, neutral W7 and W8. The neutral
// walls are strictly strongest: with neutral-majority=blocks nobody scores; ignored, red and
// blue tie and both score value 4 + token 1 = 5.
TEST(ChangChengNeutralWalls, MajorityBlocksOrIsIgnored) {
  SCOPED_TRACE(
      "CC-1103 neutral walls count for value and, as neutral-majority says, for majorities");
  auto record = [](const char* option) {
    return fmt::format(
        R"(<record game="chang-cheng" format="1"><rules><variant name="neutral-walls"/><option name="neutral-majority" value="{}"/></rules>
<players><player colour="red"/><player colour="blue"/></players>
<setup><side id="1A"/><side id="2B"/>
<reputation province="1A.P1" value="2"/><reputation province="1A.P2" value="1"/><reputation province="1A.P3" value="3"/>
<reputation province="2B.P1" value="2"/><reputation province="2B.P2" value="0"/><reputation province="2B.P3" value="4"/>
<threat region="1A.M1" value="-3"/><threat region="1A.M2" value="-2"/><threat region="1A.M3" value="-4"/>
<threat region="2B.M1" value="-4"/><threat region="2B.M2" value="-2"/><threat region="2B.M3" value="-3"/></setup>
<play>
<turn colour="red"><wall space="1A.W5"/></turn>
<turn colour="blue"><wall space="1A.W6"/><wall space="1A.W1"/><neutral space="1A.W7"/></turn>
<turn colour="red"><tower space="2B.W1"/><neutral space="1A.W8"/></turn>
</play></record>)",
        option);
  };
  GameResult blocked = check_text(record("blocks"));
  EXPECT_EQ(blocked.verdict, Verdict::ok) << dump(blocked);
  EXPECT_EQ(score(blocked, "red"), 0);
  EXPECT_EQ(score(blocked, "blue"), 0);
  GameResult ignored = check_text(record("ignored"));
  EXPECT_EQ(ignored.verdict, Verdict::ok) << dump(ignored);
  EXPECT_EQ(score(ignored, "red"), 5);
  EXPECT_EQ(score(ignored, "blue"), 5);
}

// ---- teams (CC-1104) -----------------------------------------------------------------------

TEST(ChangChengTeams, TurnOrderByPlayerAndTeamScores) {
  Turns t = game1();
  // Seat 1 plays red and purple, seat 2 blue and green.
  auto recolour = [](std::string turn, const char* from, const char* to) {
    turn.replace(turn.find(from), std::string(from).size(), to);
    return turn;
  };
  t[2] = recolour(t[2], R"(colour="red")", R"(colour="purple")");
  t[3] = recolour(t[3], R"(colour="blue")", R"(colour="green")");
  MiniRecord r = mini(t, R"(<variant name="teams"/>)");
  r.players =
      R"(<player colours="red purple" name="Ann"/><player colours="blue green" name="Bo"/>)";
  GameResult result = check_text(r.str());
  EXPECT_EQ(result.verdict, Verdict::ok) << dump(result);
  EXPECT_TRUE(result.finished);
  const JsonValue* teams = nullptr;
  for (const auto& [k, v] : result.extra)
    if (k == "teams") teams = &v;
  ASSERT_NE(teams, nullptr);
  int ann = teams->find("Ann")->find("points")->as_int();
  int bo = teams->find("Bo")->find("points")->as_int();
  EXPECT_EQ(ann, score(result, "red") + score(result, "purple"));
  EXPECT_EQ(bo, score(result, "blue") + score(result, "green"));
  ASSERT_NE(ann, bo);
  EXPECT_EQ(result.winners, ann > bo ? (std::vector<std::string>{"red", "purple"})
                                     : (std::vector<std::string>{"blue", "green"}));
  ASSERT_FALSE(result.remarks.empty());
  EXPECT_NE(result.remarks.front().find(ann > bo ? "Ann" : "Bo"), std::string::npos)
      << result.remarks.front();

  // A colour of the other player on seat 1's turn breaks CC-401.
  t[2] = recolour(t[2], R"(colour="purple")", R"(colour="green")");
  MiniRecord bad = mini(t, R"(<variant name="teams"/>)");
  bad.players = r.players;
  EXPECT_EQ(found(check_text(bad.str())).front(), "CC-401@3");
}

// ---- CC-702: the end by a full round of passes ----------------------------------------------
// The last empty space, C1.W3, lies between blue's tower (C1.W2) and red's (C1.W4): claimed
// by two colours it takes nothing. Both play their remaining cards on C1.P2, one per turn,
// then both pass.
TEST(ChangChengEnd, AFullRoundOfPassesEndsTheGame) {
  Turns t = {
      R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
      R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W1"/></turn>)",
      R"(<turn colour="red"><wall space="A1.W2"/><wall space="B1.W3"/>)" + expand_c1() + "</turn>",
      R"(<turn colour="blue"><wall space="A1.W4"/><wall space="B1.W2"/></turn>)",
      R"(<turn colour="red"><wall space="A1.W5"/><wall space="C1.W1"/></turn>)",
      R"(<turn colour="blue"><wall space="B1.W4"/><wall space="C1.W5"/></turn>)",
      R"(<turn colour="red"><tower space="C1.W4"/></turn>)",
      R"(<turn colour="blue"><tower space="C1.W2"/></turn>)",
      R"(<turn colour="red"><card province="B1.P3" card="warrior"/><wall space="B1.W5"/></turn>)",
  };
  const char* red_cards[] = {"traitor", "flood", "builder", "master-builder", "mandarin"};
  const char* blue_cards[] = {"warrior", "traitor",        "flood",
                              "builder", "master-builder", "mandarin"};
  for (int i = 0; i < 6; ++i) {
    t.push_back(fmt::format(R"(<turn colour="blue"><card province="C1.P2" card="{}"/></turn>)",
                            blue_cards[i]));
    if (i < 5)
      t.push_back(fmt::format(R"(<turn colour="red"><card province="C1.P2" card="{}"/></turn>)",
                              red_cards[i]));
  }
  t.push_back(R"(<turn colour="red"><pass/></turn>)");
  t.push_back(R"(<turn colour="blue"><pass/></turn>)");
  GameResult r = check_text(mini(t).str());
  EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
  EXPECT_TRUE(r.finished);
  bool noted = false;
  for (const auto& d : r.diagnostics.items())
    if (d.rule == "CC-702" && d.kind == FindingKind::info && d.turn == 22) noted = true;
  EXPECT_TRUE(noted) << dump(r);
  EXPECT_EQ(rules_of(r), std::vector<std::string>{"CC-702"}) << dump(r);
  EXPECT_EQ(r.ended_by, "passes");

  // One pass fewer: the game has not ended.
  t.pop_back();
  GameResult open = check_text(mini(t).str());
  EXPECT_EQ(open.verdict, Verdict::ok) << dump(open);
  EXPECT_FALSE(open.finished);

  // A pass while a card could still be played breaks CC-404.
  Turns early = t;
  early[10] = R"(<turn colour="red"><pass/></turn>)";
  early.resize(11);
  EXPECT_EQ(found(check_text(mini(early).str())), std::vector<std::string>{"CC-404@11"});
}

// ---- follow-on findings ---------------------------------------------------------------------

TEST(ChangChengFollowOn, AWallOnASpaceTakenIllegallyIsAFollowOn) {
  Turns t = {
      R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
      R"(<turn colour="blue"><tower space="A1.W2"/></turn>)",
      "<turn colour=\"red\">\n<wall space=\"A1.W3\"/><wall space=\"B1.W1\"/></turn>",
      R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W2"/>)" + expand_c1() + "</turn>",
  };
  GameResult r = check_text(
      mini(t, "", R"(<final colour="red" points="6"/><final colour="blue" points="0"/>)").str());
  auto errors = findings(r, FindingKind::rule);
  ASSERT_EQ(errors.size(), 2u) << dump(r);
  EXPECT_EQ(errors[0]->rule, "CC-407");
  EXPECT_FALSE(errors[0]->follow_on);
  EXPECT_EQ(errors[1]->rule, "CC-406");
  EXPECT_TRUE(errors[1]->follow_on);
  EXPECT_EQ(errors[1]->follows_line, errors[0]->loc.line);
}

// Each finding but notes as "RULE colour", then " follows RULE" (the finding on the line it
// follows from) for a follow-on.
std::vector<std::string> causes(const GameResult& r) {
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics.items()) {
    if (d.kind == FindingKind::info) continue;
    std::string line = d.rule + " " + (d.colour.empty() ? "-" : d.colour);
    if (d.follow_on) {
      std::string from = "line " + std::to_string(d.follows_line);
      for (const auto& e : r.diagnostics.items())
        if (e.kind == FindingKind::rule && e.loc.line == d.follows_line) from = e.rule;
      line += " follows " + from;
    }
    out.push_back(line);
  }
  return out;
}

// A finding is a follow-on exactly when what it reads was changed by an earlier error.
TEST(ChangChengFollowOn, FromWhatAnErrorChanged) {
  const Turns first = {
      R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
      R"(<turn colour="blue"><tower space="A1.W2"/></turn>)",
      "<turn colour=\"red\">\n<wall space=\"A1.W3\"/><wall space=\"B1.W1\"/></turn>",
      R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W2"/>)" + expand_c1() + "</turn>",
  };
  struct Case {
    std::string name;
    Turns turns;
    std::string end;
    std::vector<std::string> expected;
  };
  const std::vector<Case> cases = {
      {"a claim of a colour whose score the error did not change is never a follow-on",
       first,
       R"(<final colour="red" points="0"/><final colour="blue" points="0"/>)",
       {"CC-407 red", "CC-406 blue follows CC-407", "CC-804 red follows CC-407", "CC-804 blue"}},
      {"two independent errors are both primary",
       {first[0], R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W1"/></turn>)",
        "<turn colour=\"red\">\n<wall space=\"A1.W3\"/><wall space=\"B1.W4\"/></turn>",
        "<turn colour=\"blue\">\n<wall space=\"A1.W2\"/><peek region=\"A1.M3\"/>"
        "<wall space=\"A1.W4\"/></turn>"},
       "",
       {"CC-406 red", "CC-408 blue"}},
      {"a claim made before the first error is never a follow-on",
       {first[0],
        R"(<turn colour="blue"><wall space="A1.W2"/><score province="A1.P1">)"
        R"(<award colour="red" points="9"/><award colour="blue" points="4"/></score>)"
        R"(<wall space="B1.W1"/></turn>)",
        "<turn colour=\"red\">\n<wall space=\"A1.W4\"/><wall space=\"A1.W5\"/></turn>"},
       "",
       {"CC-411 red", "CC-804 red"}},
      {"a scoring an error undid is a cause for the colours it would have paid",
       {first[0],
        "<turn colour=\"blue\">\n<wall space=\"A1.W1\"/>\n<wall space=\"A1.W3\"/>\n"
        "<score province=\"A1.P1\"/>\n</turn>"},
       R"(<final colour="red" points="4"/><final colour="blue" points="9"/>)",
       {"CC-406 blue", "CC-501 blue follows CC-406", "CC-804 red follows CC-406", "CC-804 blue"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    GameResult r = check_text(mini(c.turns, "", c.end).str());
    EXPECT_EQ(causes(r), c.expected) << dump(r);
  }
}

// A wall on the side an overdue expansion should have joined follows from the turn where the
// expansion was due: the space is off the wall only because of that earlier error.
TEST(ChangChengFollowOn, AWallOnASideNotYetJoinedFollowsFromTheMissingExpansion) {
  Turns t = game1();
  t[2] = R"(<turn colour="red"><wall space="A1.W2"/><wall space="B1.W3"/></turn>)";
  t.resize(5);
  GameResult r = check_text(mini(t).str());
  auto errors = findings(r, FindingKind::rule);
  ASSERT_EQ(errors.size(), 2u) << dump(r);
  EXPECT_EQ(errors[0]->rule, "CC-601");
  EXPECT_FALSE(errors[0]->follow_on);
  EXPECT_EQ(errors[1]->rule, "CC-406");
  EXPECT_EQ(errors[1]->message, "C1.W1 is not in play (side C1 is not part of the wall)");
  EXPECT_TRUE(errors[1]->follow_on);
  EXPECT_EQ(errors[1]->follows_line, errors[0]->loc.line);

  // Without an expansion due, the same wall is an error of its own.
  Turns own = {t[0], R"(<turn colour="blue"><wall space="A1.W3"/><wall space="C1.W1"/></turn>)"};
  GameResult alone = check_text(mini(own).str());
  auto own_errors = findings(alone, FindingKind::rule);
  ASSERT_EQ(own_errors.size(), 1u) << dump(alone);
  EXPECT_EQ(own_errors[0]->rule, "CC-406");
  EXPECT_FALSE(own_errors[0]->follow_on);
}

}  // namespace
}  // namespace wallaudit::test
