// Table-driven tests of the Chang Cheng rules (rules/chang-cheng.md), one or more legal and
// illegal cases per rule id, on small records over the mini board set (support/cc_records).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "support/cc_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

using Turns = std::vector<std::string>;

std::string expand_c1(const char* at = "right") {
  return fmt::format(R"(<expand side="C1" at="{}">{}</expand>)", at, mini_side_tokens("C1"));
}

// A complete legal two-player game on the mini boards (see cc_records.hpp). Blue wins
// 10 to 7: red scores 21 in provinces and loses 14 to the Mongols, blue 20 and 10.
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
      R"(<resolve colour="blue" card="builder" effect="wall"/><award colour="blue" points="5"/>)"
      R"(</score></turn>)",
  };
}

Turns with(Turns turns, std::size_t turn, std::string text) {
  turns.at(turn - 1) = std::move(text);
  return turns;
}

Turns upto(Turns turns, std::size_t count) {
  turns.resize(count);
  return turns;
}

Turns plus(Turns turns, std::string text) {
  turns.push_back(std::move(text));
  return turns;
}

std::string join(const Turns& turns) {
  std::string out;
  for (const auto& t : turns)
    out += t + "\n";
  return out;
}

struct Case {
  std::string name;
  std::function<MiniRecord()> record;
  std::vector<std::string> expected;  // "RULE@turn" of every error and dispute, in report order
};

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

const std::string kFinals = R"(<final colour="red" points="7"/><final colour="blue" points="10"/>)";

TEST(ChangChengRules, BaseGameIsLegalAndScoresAsComputedByHand) {
  GameResult r = check_text(mini(game1(), "", kFinals).str());
  EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
  EXPECT_TRUE(r.finished);
  ASSERT_EQ(r.scores.size(), 2u);
  EXPECT_EQ(r.scores[0], (std::pair<std::string, int>{"red", 7}));
  EXPECT_EQ(r.scores[1], (std::pair<std::string, int>{"blue", 10}));
  EXPECT_EQ(r.winners, std::vector<std::string>{"blue"});
}

// CC-3xx: set-up.
TEST(ChangChengRules, SetUp) {
  auto setup_with = [](std::string from, std::string to) {
    return [from, to] {
      MiniRecord r = mini(upto(game1(), 2));
      r.setup = kMiniSetup;
      auto at = r.setup.find(from);
      r.setup.replace(at, from.size(), to);
      return r;
    };
  };
  run_cases({
      {"CC-301 one player",
       [] {
         MiniRecord r = mini({R"(<turn colour="red"><wall space="A1.W1"/></turn>)"});
         r.players = R"(<player colour="red"/>)";
         return r;
       },
       {"CC-301@0"}},
      {"CC-301 a colour twice",
       [] {
         MiniRecord r = mini(upto(game1(), 1));
         r.players = R"(<player colour="red"/><player colour="red"/>)";
         return r;
       },
       {"CC-301@0"}},
      {"CC-301 two colours without the team variant",
       [] {
         MiniRecord r = mini(upto(game1(), 1));
         r.players = R"(<player colours="red green"/><player colours="blue purple"/>)";
         return r;
       },
       {"CC-301@0", "CC-301@0"}},
      {"CC-301 a variant with three players",
       [] {
         MiniRecord r = mini(upto(game1(), 1), R"(<variant name="neutral-walls"/>)");
         r.players += R"(<player colour="green"/>)";
         return r;
       },
       {"CC-301@0"}},
      {"CC-302 two sides of one board",
       [] {
         MiniRecord r = mini(upto(game1(), 1));
         r.setup = kMiniSetup;
         r.setup.replace(r.setup.find(R"(<side id="B1"/>)"), 15, R"(<side id="A2"/>)");
         return r;
       },
       // The tokens of B1 are then for a side not in play, and A2 has none.
       {"CC-302@0", "CC-303@0", "CC-303@0", "CC-303@0", "CC-303@0", "CC-303@0", "CC-303@0",
        "CC-303@0", "CC-303@0", "CC-303@0", "CC-303@0", "CC-303@0", "CC-303@0"}},
      {"CC-302 one side only",
       [] {
         MiniRecord r = mini({R"(<turn colour="red"><wall space="A1.W1"/></turn>)"});
         r.setup =
             R"(<side id="A1"/><reputation province="A1.P1" value="2"/><reputation province="A1.P2" value="1"/><reputation province="A1.P3" value="3"/><threat region="A1.M1" value="-2"/><threat region="A1.M2" value="-3"/><threat region="A1.M3" value="-4"/>)";
         return r;
       },
       {"CC-302@0"}},
      {"CC-303 a province without its reputation token",
       setup_with(R"(<reputation province="A1.P2" value="1"/>)", ""),
       {"CC-303@0"}},
      {"CC-303 a second threat token on a region",
       setup_with(R"(<threat region="A1.M1" value="-2"/>)",
                  R"(<threat region="A1.M1" value="-2"/><threat region="A1.M1" value="-2"/>)"),
       {"CC-303@0"}},
      {"CC-303 a token on a side not in play",
       setup_with(
           R"(<reputation province="A1.P2" value="1"/>)",
           R"(<reputation province="A1.P2" value="1"/><reputation province="C1.P2" value="1"/>)"),
       {"CC-303@0"}},
      {"CC-303 a threat value restated differently",
       [] {
         return mini(with(
             upto(game1(), 2), 2,
             R"(<turn colour="blue"><wall space="A1.W3"/><threat region="A1.M1" value="-3"/><wall space="B1.W1"/></turn>)"));
       },
       {"CC-303@2"}},
      {"CC-303 restating the same value is fine",
       [] {
         return mini(with(
             upto(game1(), 2), 2,
             R"(<turn colour="blue"><wall space="A1.W3"/><threat region="A1.M1" value="-2"/><wall space="B1.W1"/></turn>)"));
       },
       {}},
      {"CC-103 a reputation token of 5",
       setup_with(R"(<reputation province="A1.P2" value="1"/>)",
                  R"(<reputation province="A1.P2" value="5"/>)"),
       {"CC-103@0"}},
      {"CC-103 a threat token of -1",
       setup_with(R"(<threat region="A1.M1" value="-2"/>)",
                  R"(<threat region="A1.M1" value="-1"/>)"),
       {"CC-103@0"}},
      {"CC-103 more tokens of a value than the set's mix holds",
       [] {
         MiniRecord r = mini(upto(game1(), 2));
         r.boards.replace(r.boards.find("</board-set>"), 0,
                          R"(<token-mix reputation="0 1 2 2 3 4" threat="-2 -2 -3 -3 -4 -4"/>)");
         r.setup = kMiniSetup;
         // the set-up draws reputation 2 twice (allowed) and threat -4 twice (allowed),
         // -3 twice, -2 twice: within the mix; now make a third -2.
         std::string from = R"(region="A1.M2" value="-3")";
         r.setup.replace(r.setup.find(from), from.size(), R"(region="A1.M2" value="-2")");
         return r;
       },
       {"CC-103@0"}},
      {"CC-304 the first turn by the second seat",
       [] { return mini({R"(<turn colour="blue"><wall space="A1.W1"/></turn>)"}); },
       {"CC-304@1"}},
  });
}

// CC-4xx: turns and actions.
TEST(ChangChengRules, TurnsAndActions) {
  auto turn2 = [](std::string text) {
    return [text] { return mini(with(upto(game1(), 2), 2, text)); };
  };
  run_cases({
      {"CC-401 the same colour twice in a row",
       turn2(R"(<turn colour="red"><wall space="A1.W3"/><wall space="B1.W1"/></turn>)"),
       {"CC-401@2"}},
      {"CC-401 a colour that is not playing",
       turn2(R"(<turn colour="green"><wall space="A1.W3"/><wall space="B1.W1"/></turn>)"),
       {"CC-401@2"}},
      {"CC-402 an empty turn", turn2(R"(<turn colour="blue"></turn>)"), {"CC-402@2"}},
      {"CC-402 a pass with a wall",
       turn2(R"(<turn colour="blue"><pass/><wall space="A1.W3"/></turn>)"),
       {"CC-402@2"}},
      {"CC-402 three walls",
       turn2(
           R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W1"/><wall space="B1.W4"/></turn>)"),
       {"CC-402@2"}},
      {"CC-402 a wall and a tower",
       turn2(R"(<turn colour="blue"><wall space="A1.W3"/><tower space="B1.W1"/></turn>)"),
       {"CC-402@2"}},
      {"CC-403 two walls on the first turn",
       [] {
         return mini({R"(<turn colour="red"><wall space="A1.W1"/><wall space="B1.W1"/></turn>)"});
       },
       {"CC-403@1"}},
      {"CC-403 the tower on the first turn",
       [] { return mini({R"(<turn colour="red"><tower space="A1.W1"/></turn>)"}); },
       {"CC-403@1"}},
      {"CC-403 a pass on the first turn",
       [] { return mini({R"(<turn colour="red"><pass/></turn>)"}); },
       {"CC-403@1"}},
      {"CC-404 one wall when two were possible",
       turn2(R"(<turn colour="blue"><wall space="A1.W3"/></turn>)"),
       {"CC-404@2"}},
      {"CC-404 one card when a complete action was possible",
       turn2(R"(<turn colour="blue"><card province="A1.P3" card="flood"/></turn>)"),
       {"CC-404@2"}},
      {"CC-404 a pass when an action was possible",
       turn2(R"(<turn colour="blue"><pass/></turn>)"),
       {"CC-404@2"}},
      {"CC-405 a card used twice",
       turn2(
           R"(<turn colour="blue"><card province="A1.P3" card="flood"/><card province="B1.P3" card="flood"/></turn>)"),
       {"CC-405@2"}},
      {"CC-405 a seventh card",
       [] {
         Turns t = {R"(<turn colour="red"><wall space="A1.W1"/></turn>)"};
         const char* cards[] = {"warrior", "traitor",        "flood",
                                "builder", "master-builder", "mandarin"};
         for (int i = 0; i < 3; ++i) {
           t.push_back(fmt::format(
               R"(<turn colour="blue"><card province="A1.P3" card="{}"/><card province="B1.P3" card="{}"/></turn>)",
               cards[2 * i], cards[2 * i + 1]));
           t.push_back(fmt::format(
               R"(<turn colour="red"><card province="A1.P3" card="{}"/><card province="B1.P3" card="{}"/></turn>)",
               cards[2 * i], cards[2 * i + 1]));
         }
         t.push_back(
             R"(<turn colour="blue"><card province="A1.P3"/><card province="B1.P1"/></turn>)");
         return mini(t);
       },
       {"CC-405@8", "CC-405@8"}},
      {"CC-406 a wall on an occupied space",
       [] {
         return mini(
             with(upto(game1(), 4), 4,
                  R"(<turn colour="blue"><wall space="A1.W1"/><wall space="B1.W2"/></turn>)"));
       },
       {"CC-406@4"}},
      {"CC-406 a wall on a side not in play",
       turn2(R"(<turn colour="blue"><wall space="A1.W3"/><wall space="C1.W1"/></turn>)"),
       {"CC-406@2"}},
      {"CC-409 a card on a complete province",
       [] {
         return mini(with(
             upto(game1(), 3), 3,
             R"(<turn colour="red"><card province="A1.P2" card="flood"/><card province="B1.P3" card="warrior"/></turn>)"));
       },
       {"CC-409@3"}},
      {"CC-409 a card on a province not in play",
       turn2(
           R"(<turn colour="blue"><card province="C1.P1" card="flood"/><card province="B1.P3" card="warrior"/></turn>)"),
       {"CC-409@2"}},
      {"CC-409 several cards of one colour on one province, in different turns",
       [] {
         return mini(
             {R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
              R"(<turn colour="blue"><card province="A1.P3" card="flood"/><card province="B1.P3" card="builder"/></turn>)",
              R"(<turn colour="red"><wall space="A1.W3"/><wall space="B1.W1"/></turn>)",
              R"(<turn colour="blue"><card province="A1.P3" card="warrior"/><wall space="A1.W4"/></turn>)"});
       },
       {}},
      {"CC-410 a tower next to a tower",
       [] {
         return mini({R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                      R"(<turn colour="blue"><tower space="A1.W4"/></turn>)",
                      R"(<turn colour="red"><tower space="A1.W5"/></turn>)"});
       },
       {"CC-410@3"}},
      {"CC-410 a tower next to a tower across the board join (CC-202)",
       [] {
         return mini({R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                      R"(<turn colour="blue"><tower space="A1.W5"/></turn>)",
                      R"(<turn colour="red"><tower space="B1.W1"/></turn>)"});
       },
       {"CC-410@3"}},
      {"CC-410 towers two spaces apart are fine",
       [] {
         return mini({R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                      R"(<turn colour="blue"><tower space="A1.W4"/></turn>)",
                      R"(<turn colour="red"><tower space="B1.W1"/></turn>)"});
       },
       {}},
      {"CC-411 two walls on one province",
       turn2(R"(<turn colour="blue"><wall space="B1.W1"/><wall space="B1.W2"/></turn>)"),
       {"CC-411@2"}},
      {"CC-411 two cards on one province",
       turn2(
           R"(<turn colour="blue"><card province="A1.P3" card="flood"/><card province="A1.P3" card="builder"/></turn>)"),
       {"CC-411@2"}},
      {"CC-412 the wall of card and wall on another province",
       turn2(
           R"(<turn colour="blue"><card province="A1.P3" card="flood"/><wall space="B1.W1"/></turn>)"),
       {"CC-412@2"}},
      {"CC-412 the wall before the card",
       turn2(
           R"(<turn colour="blue"><wall space="A1.W4"/><card province="A1.P3" card="flood"/></turn>)"),
       {"CC-412@2"}},
      {"CC-413 a double wall on two spaces that are not adjacent",
       turn2(R"(<turn colour="blue"><double spaces="A1.W3 B1.W1"/></turn>)"),
       {"CC-413@2"}},
      {"CC-202/CC-413 a double wall across the board join",
       turn2(
           R"(<turn colour="blue"><double spaces="A1.W5 B1.W1"/><bonus colour="blue" points="4"/></turn>)"),
       {}},
      {"CC-414 the double-wall bonus claimed wrong",
       turn2(
           R"(<turn colour="blue"><double spaces="A1.W4 A1.W5"/><bonus colour="blue" points="4"/></turn>)"),
       {"CC-804@2"}},
      {"CC-414 a bonus in one province and two regions is 3",
       turn2(
           R"(<turn colour="blue"><double spaces="A1.W4 A1.W5"/><bonus colour="blue" points="3"/></turn>)"),
       {}},
  });
}

// CC-407 tower claims, CC-408 scouting.
TEST(ChangChengRules, TowerClaimsAndScouting) {
  const std::string permanent = R"(<option name="tower-claim" value="permanent"/>)";
  Turns claim = {
      R"(<turn colour="red"><wall space="A1.W5"/></turn>)",
      R"(<turn colour="blue"><tower space="A1.W2"/></turn>)",
      R"(<turn colour="red"><wall space="A1.W4"/><wall space="B1.W1"/></turn>)",
      R"(<turn colour="blue"><wall space="A1.W1"/><wall space="B1.W3"/>)" + expand_c1() + "</turn>",
      R"(<turn colour="red"><wall space="A1.W3"/><wall space="B1.W2"/></turn>)",
  };
  run_cases({
      {"CC-407 the last free neighbour of a tower takes only its owner's wall",
       [] {
         return mini({R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                      R"(<turn colour="blue"><tower space="A1.W2"/></turn>)",
                      R"(<turn colour="red"><wall space="A1.W3"/><wall space="B1.W1"/></turn>)"});
       },
       {"CC-407@3"}},
      {"CC-407 the owner may wall its claimed space",
       [] {
         return mini({R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                      R"(<turn colour="blue"><tower space="A1.W2"/></turn>)",
                      R"(<turn colour="red"><wall space="A1.W4"/><wall space="B1.W1"/></turn>)",
                      R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W2"/>)" +
                          expand_c1() + "</turn>"});
       },
       {}},
      {"CC-407 but not with its double wall",
       [] {
         return mini(
             {R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
              R"(<turn colour="blue"><tower space="A1.W2"/></turn>)",
              R"(<turn colour="red"><wall space="A1.W5"/><wall space="B1.W1"/></turn>)",
              R"(<turn colour="blue"><double spaces="A1.W3 A1.W4"/>)" + expand_c1() + "</turn>"});
       },
       {"CC-407@4"}},
      {"CC-407 until-used: the owner's wall next to the tower ends the claim",
       [claim] { return mini(claim); },
       {}},
      {"CC-407 permanent: the last free neighbour stays the owner's",
       [claim, permanent] { return mini(claim, permanent); },
       {"CC-407@5"}},
      {"CC-407 a space claimed by two towers of different owners takes nothing",
       [] {
         return mini({R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                      R"(<turn colour="blue"><tower space="A1.W2"/></turn>)",
                      R"(<turn colour="red"><tower space="A1.W4"/></turn>)",
                      R"(<turn colour="blue"><wall space="A1.W5"/><wall space="B1.W1"/></turn>)",
                      R"(<turn colour="red"><wall space="A1.W3"/><wall space="B1.W3"/>)" +
                          expand_c1() + "</turn>"});
       },
       {"CC-407@5"}},
      {"CC-408 a peek opposite the wall just placed",
       [] {
         return mini(with(
             upto(game1(), 2), 2,
             R"(<turn colour="blue"><wall space="A1.W3"/><peek region="A1.M2"/><wall space="B1.W1"/><peek region="B1.M1"/></turn>)"));
       },
       {}},
      {"CC-408 a peek at another region",
       [] {
         return mini(with(
             upto(game1(), 2), 2,
             R"(<turn colour="blue"><wall space="A1.W3"/><peek region="A1.M1"/><wall space="B1.W1"/></turn>)"));
       },
       {"CC-408@2"}},
      {"CC-408 a peek after a card",
       [] {
         return mini(with(
             upto(game1(), 2), 2,
             R"(<turn colour="blue"><card province="A1.P3" card="flood"/><peek region="A1.M2"/><wall space="A1.W4"/></turn>)"));
       },
       {"CC-408@2"}},
      {"CC-408 a scoring may stand between a wall and its peek",
       [] {
         return mini(with(
             upto(game1(), 2), 2,
             R"(<turn colour="blue"><wall space="A1.W3"/><score province="A1.P2"><award colour="blue" points="2"/></score><peek region="A1.M2"/><wall space="B1.W1"/></turn>)"));
       },
       {}},
  });
}

// A double wall whose two spaces face one region lets its owner look at that region, named
// once; and the region is listed once among the legal peeks.
TEST(ChangChengRules, ADoubleWallFacingOneRegionNamesItOnce) {
  GameResult r = check_text(
      mini(
          with(
              upto(game1(), 2), 2,
              R"(<turn colour="blue"><double spaces="A1.W2 A1.W3"/><bonus colour="blue" points="3"/><peek region="A1.M1"/></turn>)"))
          .str());
  ASSERT_EQ(found(r), std::vector<std::string>{"CC-408@2"}) << dump(r);
  EXPECT_EQ(r.diagnostics.items().front().message,
            "peek at A1.M1: the piece just placed lets its owner look at A1.M2 only");
}

// CC-5xx: completing and scoring a province. Cards go on A1.P3 (W4, W5; token 3): blue's
// card X on turn 2, red's card Z with its wall on W4 on turn 3, blue completes it on W5.
MiniRecord province(std::string x, std::string z, std::string score, std::string rules = "",
                    std::string blue_second = R"(<card province="B1.P3" card="warrior"/>)") {
  return mini(
      {R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
       fmt::format(R"(<turn colour="blue"><card province="A1.P3"{}/>{}</turn>)", x, blue_second),
       fmt::format(R"(<turn colour="red"><card province="A1.P3"{}/><wall space="A1.W4"/></turn>)",
                   z),
       fmt::format(R"(<turn colour="blue"><wall space="A1.W5"/>{}<wall space="B1.W1"/></turn>)",
                   score)},
      std::move(rules));
}

std::string card(const char* name) {
  return fmt::format(R"( card="{}")", name);
}

TEST(ChangChengRules, ProvinceScoring) {
  run_cases(
      {
          {"CC-501 a province completed in the middle of an action is scored at once",
           [] {
             return province(
                 card("flood"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="flood" effect="plus"/><resolve colour="red" card="builder" effect="value"/><award colour="red" points="9"/><award colour="blue" points="9"/></score>)");
           },
           {}},
          {"CC-501 scoring a province that is not complete",
           [] {
             return mini(with(
                 upto(game1(), 2), 2,
                 R"(<turn colour="blue"><wall space="A1.W4"/><wall space="B1.W1"/><score province="A1.P3"/></turn>)"));
           },
           {"CC-501@2"}},
          {"CC-502 two provinces completed by a double wall, scored left to right",
           [] {
             return mini(
                 {R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                  R"(<turn colour="blue"><wall space="A1.W4"/><wall space="B1.W1"/></turn>)",
                  R"(<turn colour="red"><double spaces="A1.W2 A1.W3"/><score province="A1.P1"/><score province="A1.P2"/></turn>)"});
           },
           {}},
          {"CC-502 scored right to left",
           [] {
             return mini(
                 {R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                  R"(<turn colour="blue"><wall space="A1.W4"/><wall space="B1.W1"/></turn>)",
                  R"(<turn colour="red"><double spaces="A1.W2 A1.W3"/><score province="A1.P2"/><score province="A1.P1"/></turn>)"});
           },
           {"CC-502@3"}},
          {"CC-503 equal ranks cancel, all copies, without effect",
           [] {
             return province(
                 card("flood"), card("flood"),
                 R"(<score province="A1.P3"><award colour="red" points="5"/><award colour="blue" points="5"/></score>)");
           },
           {}},
          {"CC-503 resolving a cancelled card",
           [] {
             return province(
                 card("flood"), card("flood"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="flood" effect="plus"/></score>)");
           },
           {"CC-503@4"}},
          {"CC-503 a reveal after a resolve, and resolutions out of rank order",
           [] {
             return province(
                 "", card("builder"),
                 R"(<score province="A1.P3"><resolve colour="red" card="builder" effect="value"/><reveal colour="blue" card="flood"/><resolve colour="blue" card="flood" effect="plus"/></score>)");
           },
           {"CC-503@4", "CC-503@4"}},
          {"CC-504 a province scored twice",
           [] {
             return mini(with(
                 upto(game1(), 3), 3,
                 R"(<turn colour="red"><wall space="A1.W2"/><score province="A1.P2"/><wall space="B1.W3"/>)" +
                     expand_c1() + "</turn>"));
           },
           {"CC-504@3"}},
          {"CC-510 the warrior cancels the one other card by itself",
           [] {
             return province(
                 card("warrior"), card("builder"),
                 R"(<score province="A1.P3"><award colour="red" points="5"/><award colour="blue" points="5"/></score>)",
                 "", R"(<card province="B1.P3" card="flood"/>)");
           },
           {}},
          {"CC-510 a warrior facing two cards needs a target",
           [] {
             return mini(
                 {R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                  R"(<turn colour="blue"><card province="A1.P3" card="flood"/><card province="B1.P3" card="traitor"/></turn>)",
                  R"(<turn colour="red"><card province="A1.P3" card="warrior"/><wall space="A1.W4"/></turn>)",
                  R"(<turn colour="blue"><card province="A1.P3" card="builder"/><wall space="A1.W5"/><score province="A1.P3"><resolve colour="blue" card="flood" effect="plus"/><resolve colour="blue" card="builder" effect="value"/></score></turn>)"});
           },
           {"CC-510@4"}},
          {"CC-510 the warrior cancels the owner's own card",
           [] {
             return mini(
                 {R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                  R"(<turn colour="blue"><card province="A1.P3" card="flood"/><card province="B1.P3" card="traitor"/></turn>)",
                  R"(<turn colour="red"><card province="A1.P3" card="warrior"/><wall space="A1.W4"/></turn>)",
                  R"(<turn colour="blue"><card province="A1.P3" card="builder"/><wall space="A1.W5"/><score province="A1.P3"><resolve colour="red" card="warrior" cancels="flood" of="blue"/><resolve colour="blue" card="builder" effect="value"/><award colour="red" points="7"/><award colour="blue" points="7"/></score></turn>)"});
           },
           {}},
          {"CC-510 a warrior target that is not there",
           [] {
             return province(
                 card("warrior"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="warrior" cancels="flood" of="red"/><resolve colour="red" card="builder" effect="value"/></score>)",
                 "", R"(<card province="B1.P3" card="flood"/>)");
           },
           {"CC-510@4"}},
          {"CC-511 the traitor destroys a wall: it counts for nothing",
           [] {
             return province(
                 card("traitor"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="traitor" effect="destroy" space="A1.W4"/><resolve colour="red" card="builder" effect="value"/><award colour="blue" points="6"/></score>)");
           },
           {}},
          {"CC-511 the traitor removes an adjacent threat token (CC-203)",
           [] {
             return province(
                 card("traitor"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="traitor" effect="remove-threat" region="A1.M3"/><resolve colour="red" card="builder" effect="wall"/><award colour="red" points="5"/></score>)");
           },
           {}},
          {"CC-511 a region that is not adjacent",
           [] {
             return province(
                 card("traitor"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="traitor" effect="remove-threat" region="A1.M1"/><resolve colour="red" card="builder" effect="value"/></score>)");
           },
           {"CC-511@4"}},
          {"CC-511 a wall on another province",
           [] {
             return province(
                 card("traitor"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="traitor" effect="destroy" space="A1.W1"/><resolve colour="red" card="builder" effect="value"/></score>)");
           },
           {"CC-511@4"}},
          {"CC-511 a double wall cannot be destroyed",
           [] {
             return mini(
                 {R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
                  R"(<turn colour="blue"><card province="A1.P3" card="traitor"/><card province="B1.P3" card="flood"/></turn>)",
                  R"(<turn colour="red"><double spaces="A1.W4 A1.W5"/><score province="A1.P3"><resolve colour="blue" card="traitor" effect="destroy" space="A1.W4"/></score></turn>)"});
           },
           {"CC-511@3"}},
          {"CC-511 a traitor with targets needs a choice",
           [] {
             return province(
                 card("traitor"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="red" card="builder" effect="value"/></score>)");
           },
           {"CC-511@4"}},
          {"CC-512 flood minus",
           [] {
             return province(
                 card("flood"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="flood" effect="minus"/><resolve colour="red" card="builder" effect="value"/><award colour="red" points="5"/><award colour="blue" points="5"/></score>)");
           },
           {}},
          {"CC-512 flood=plus-only: minus is not allowed",
           [] {
             return province(
                 card("flood"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="flood" effect="minus"/><resolve colour="red" card="builder" effect="value"/></score>)",
                 R"(<option name="flood" value="plus-only"/>)");
           },
           {"CC-512@4"}},
          {"CC-512 flood=plus-only needs no choice",
           [] {
             return province(
                 card("flood"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="red" card="builder" effect="value"/><award colour="red" points="9"/><award colour="blue" points="9"/></score>)",
                 R"(<option name="flood" value="plus-only"/>)");
           },
           {}},
          {"CC-512 flood needs a choice",
           [] {
             return province(
                 card("flood"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="red" card="builder" effect="value"/></score>)");
           },
           {"CC-512@4"}},
          {"CC-513 builder B: one extra wall wins the majority (CC-521)",
           [] {
             return province(
                 card("flood"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="flood" effect="plus"/><resolve colour="red" card="builder" effect="wall"/><award colour="red" points="7"/></score>)");
           },
           {}},
          {"CC-513 builder needs a choice",
           [] {
             return province(
                 card("flood"), card("builder"),
                 R"(<score province="A1.P3"><resolve colour="blue" card="flood" effect="plus"/></score>)");
           },
           {"CC-513@4"}},
          {"CC-514 master builder: two extra walls, no choice",
           [] {
             return province(
                 card("master-builder"), card("flood"),
                 R"(<score province="A1.P3"><resolve colour="red" card="flood" effect="plus"/><award colour="blue" points="7"/></score>)");
           },
           {}},
          {"CC-515 mandarin swaps walls of two provinces",
           [] {
             return province(
                 card("mandarin"), card("flood"),
                 R"(<score province="A1.P3"><resolve colour="red" card="flood" effect="minus"/><resolve colour="blue" card="mandarin" space="A1.W5" with="A1.W1"/><award colour="red" points="3"/></score>)");
           },
           {}},
          {"CC-515 a swap of two walls of one colour changes nothing",
           [] {
             return province(
                 card("mandarin"), card("flood"),
                 R"(<score province="A1.P3"><resolve colour="red" card="flood" effect="minus"/><resolve colour="blue" card="mandarin" space="A1.W4" with="A1.W1"/><award colour="red" points="3"/><award colour="blue" points="3"/></score>)");
           },
           {}},
          {"CC-515 mandarin declines",
           [] {
             return province(
                 card("mandarin"), card("flood"),
                 R"(<score province="A1.P3"><resolve colour="red" card="flood" effect="minus"/><resolve colour="blue" card="mandarin"/><award colour="red" points="3"/><award colour="blue" points="3"/></score>)");
           },
           {}},
          {"CC-515 a swap within the province",
           [] {
             return province(
                 card("mandarin"), card("flood"),
                 R"(<score province="A1.P3"><resolve colour="red" card="flood" effect="minus"/><resolve colour="blue" card="mandarin" space="A1.W4" with="A1.W5"/></score>)");
           },
           {"CC-515@4"}},
          {"CC-515 a mandarin whose swap matters needs a choice",
           [] {
             return province(
                 card("mandarin"), card("flood"),
                 R"(<score province="A1.P3"><resolve colour="red" card="flood" effect="minus"/></score>)");
           },
           {"CC-515@4"}},
      });
}

// CC-1201: cards named only at the reveal.
TEST(ChangChengRules, CardsNamedLate) {
  run_cases({
      {"CC-1201 a card named at its reveal",
       [] {
         return province(
             "", card("builder"),
             R"(<score province="A1.P3"><reveal colour="blue" card="flood"/><resolve colour="blue" card="flood" effect="plus"/><resolve colour="red" card="builder" effect="value"/></score>)");
       },
       {}},
      {"CC-1201 a card never named",
       [] {
         return province(
             "", card("builder"),
             R"(<score province="A1.P3"><resolve colour="red" card="builder" effect="value"/></score>)");
       },
       {"CC-1201@4"}},
      {"CC-1201 a card never named, without a score element",
       [] { return province("", card("master-builder"), ""); },
       {"CC-1201@4"}},
      {"CC-1201 naming at the reveal a card named when placed",
       [] {
         return province(
             card("flood"), card("builder"),
             R"(<score province="A1.P3"><reveal colour="red" card="builder"/><resolve colour="blue" card="flood" effect="plus"/><resolve colour="red" card="builder" effect="value"/></score>)");
       },
       {"CC-1201@4"}},
      {"CC-1201 revealing a card the colour already used",
       [] {
         return province(
             "", card("builder"),
             R"(<score province="A1.P3"><reveal colour="blue" card="flood"/><resolve colour="blue" card="flood" effect="plus"/><resolve colour="red" card="builder" effect="value"/></score>)",
             "", R"(<card province="B1.P3" card="flood"/>)");
       },
       {"CC-1201@4"}},
  });
}

// CC-6xx: emperor cards and expansions. Three completions by turn 3's first wall.
Turns early_third() {
  return {R"(<turn colour="red"><wall space="A1.W1"/></turn>)",
          R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W3"/></turn>)"};
}

TEST(ChangChengRules, Expansion) {
  const std::string immediate = R"(<option name="expansion-timing" value="immediate"/>)";
  run_cases({
      {"CC-205 a record on the board set it defines is checked without a model note",
       [] { return mini(upto(game1(), 3)); },
       {}},
      {"CC-601 an expansion due and not made",
       [] {
         return mini(
             upto(with(game1(), 3,
                       R"(<turn colour="red"><wall space="A1.W2"/><wall space="B1.W3"/></turn>)"),
                  3));
       },
       {"CC-601@3"}},
      {"CC-601 an expansion that is not due",
       [] {
         return mini(with(upto(game1(), 2), 2,
                          R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W1"/>)" +
                              expand_c1() + "</turn>"));
       },
       {"CC-601@2"}},
      {"CC-601 a new side from a board already in play",
       [] {
         return mini(with(
             upto(game1(), 3), 3,
             R"(<turn colour="red"><wall space="A1.W2"/><wall space="B1.W3"/><expand side="A2" at="left">)" +
                 mini_side_tokens("A2") + "</expand></turn>"));
       },
       {"CC-601@3"}},
      {"CC-601 a new side without its threat tokens",
       [] {
         return mini(with(
             upto(game1(), 3), 3,
             R"(<turn colour="red"><wall space="A1.W2"/><wall space="B1.W3"/><expand side="C1" at="left"><reputation province="C1.P1" value="1"/><reputation province="C1.P2" value="1"/><reputation province="C1.P3" value="1"/></expand></turn>)"));
       },
       {"CC-601@3", "CC-601@3", "CC-601@3"}},
      {"CC-603 end-of-turn: the expansion is the turn's last element",
       [] {
         return mini(plus(early_third(),
                          R"(<turn colour="red"><wall space="A1.W2"/><wall space="B1.W1"/>)" +
                              expand_c1() + "</turn>"));
       },
       {}},
      {"CC-603 end-of-turn: a threat reveal and an annotation may follow the expansion",
       [] {
         return mini(plus(
             early_third(),
             R"(<turn colour="red"><wall space="A1.W2"/><wall space="B1.W1"/><expand side="C1" at="right"><reputation province="C1.P1" value="1"/><reputation province="C1.P2" value="1"/><reputation province="C1.P3" value="1"/><threat region="C1.M1"/><threat region="C1.M2" value="-2"/><threat region="C1.M3" value="-2"/></expand><threat region="A1.M1" value="-2"/><threat region="C1.M1" value="-3"/><annotation>the new side's first threat seen at once</annotation></turn>)"));
       },
       {}},
      {"CC-603 end-of-turn: a wall after the expansion and a reveal is still too late",
       [] {
         return mini(
             plus(early_third(),
                  R"(<turn colour="red"><wall space="A1.W2"/>)" + expand_c1() +
                      R"(<threat region="A1.M1" value="-2"/><wall space="B1.W1"/></turn>)"));
       },
       {"CC-603@3"}},
      {"CC-603 end-of-turn: joined before the rest of the action",
       [] {
         return mini(plus(early_third(), R"(<turn colour="red"><wall space="A1.W2"/>)" +
                                             expand_c1() + R"(<wall space="B1.W1"/></turn>)"));
       },
       {"CC-603@3"}},
      {"CC-603 end-of-turn: the new side is not usable in the same turn",
       [] {
         return mini(plus(early_third(),
                          R"(<turn colour="red"><wall space="A1.W2"/><wall space="C1.W1"/>)" +
                              expand_c1() + "</turn>"));
       },
       {"CC-406@3"}},
      {"CC-603 immediate: joined right after the scoring, usable at once",
       [immediate] {
         return mini(plus(early_third(), R"(<turn colour="red"><wall space="A1.W2"/>)" +
                                             expand_c1() + R"(<wall space="C1.W1"/></turn>)"),
                     immediate);
       },
       {}},
      {"CC-603 immediate: joined after the rest of the action",
       [immediate] {
         return mini(plus(early_third(),
                          R"(<turn colour="red"><wall space="A1.W2"/><wall space="B1.W1"/>)" +
                              expand_c1() + "</turn>"),
                     immediate);
       },
       {"CC-603@3"}},
  });
}

// CC-7xx and CC-8xx: the end, the Mongols and the claims, on game1.
TEST(ChangChengRules, EndAndClaims) {
  const std::string losses =
      R"(<loss region="A1.M1" colour="red" points="-2"/><loss region="A1.M3" colour="red" points="-4"/>)"
      R"(<loss region="B1.M3" colour="red" points="-4"/><loss region="C1.M1" colour="red" points="-2"/>)"
      R"(<loss region="C1.M3" colour="red" points="-2"/><loss region="A1.M2" colour="blue" points="-3"/>)"
      R"(<loss region="B1.M1" colour="blue" points="-3"/><loss region="B1.M2" colour="blue" points="-2"/>)";
  const std::string last_loss = R"(<loss region="C1.M2" colour="blue" points="-2"/>)";
  run_cases({
      {"CC-801 every loss claimed right",
       [=] { return mini(game1(), "", losses + last_loss + kFinals); },
       {}},
      {"CC-804 a loss claimed wrong",
       [=] {
         return mini(game1(), "", losses + R"(<loss region="C1.M2" colour="blue" points="-3"/>)");
       },
       {"CC-804@0"}},
      {"CC-804 a loss missing", [=] { return mini(game1(), "", losses); }, {"CC-804@0"}},
      {"CC-804 a loss for a colour that does not lose",
       [=] {
         return mini(game1(), "",
                     losses + last_loss + R"(<loss region="C1.M2" colour="red" points="-2"/>)");
       },
       {"CC-804@0"}},
      {"CC-804 a final score claimed wrong",
       [] {
         return mini(game1(), "",
                     R"(<final colour="red" points="8"/><final colour="blue" points="10"/>)");
       },
       {"CC-804@0"}},
      {"CC-804 a final score missing",
       [] { return mini(game1(), "", R"(<final colour="red" points="7"/>)"); },
       {"CC-804@0"}},
      {"CC-804 a final score twice",
       [] { return mini(game1(), "", kFinals + R"(<final colour="red" points="7"/>)"); },
       {"CC-804@0"}},
      {"CC-804 a final score for a colour not playing",
       [] { return mini(game1(), "", kFinals + R"(<final colour="green" points="0"/>)"); },
       {"CC-804@0"}},
      {"CC-804 an award claimed wrong",
       [] {
         Turns t = game1();
         t[8].replace(t[8].find(R"(points="5")"), 10, R"(points="6")");
         return mini(t);
       },
       {"CC-804@9"}},
      {"CC-804 an award for a colour that does not score",
       [] {
         Turns t = game1();
         t[8].replace(t[8].find("</score>"), 0, R"(<award colour="red" points="5"/>)");
         return mini(t);
       },
       {"CC-804@9"}},
      {"CC-804 in an unfinished game finals are compared with the scores reached",
       [] {
         return mini(upto(game1(), 3), "",
                     R"(<final colour="red" points="9"/><final colour="blue" points="2"/>)");
       },
       {}},
      {"CC-703 a turn after the end",
       [] { return mini(plus(game1(), R"(<turn colour="blue"><pass/></turn>)")); },
       {"CC-703@10"}},
      {"CC-1202 a threat value never stated",
       [] {
         MiniRecord r = mini(game1());
         r.setup = kMiniSetup;
         r.setup.replace(r.setup.find(R"( value="-4"/>)", r.setup.find("B1.M3")), 13, "/>");
         return r;
       },
       {"CC-1202@0"}},
      {"CC-1202 a threat value stated at the end",
       [] {
         MiniRecord r = mini(game1(), "", R"(<threat region="B1.M3" value="-4"/>)" + kFinals);
         r.setup = kMiniSetup;
         r.setup.replace(r.setup.find(R"( value="-4"/>)", r.setup.find("B1.M3")), 13, "/>");
         return r;
       },
       {}},
      {"CC-1202 a threat value for a region not in play",
       [] {
         return mini(with(
             upto(game1(), 2), 2,
             R"(<turn colour="blue"><wall space="A1.W3"/><wall space="B1.W1"/><threat region="D1.M1" value="-2"/></turn>)"));
       },
       {"CC-1202@2"}},
  });
}

// CC-801 tower protection: blue's tower on C1.W4 faces C1.M2, where blue has the most pieces.
// With tower-claim=permanent its claim keeps C1.W5 for blue, so red can only place a card.
TEST(ChangChengRules, TowerProtectsFromTheMongols) {
  Turns t = upto(game1(), 7);
  t.push_back(R"(<turn colour="blue"><tower space="C1.W4"/></turn>)");
  t.push_back(R"(<turn colour="red"><card province="C1.P3" card="flood"/></turn>)");
  t.push_back(
      R"(<turn colour="blue"><card province="C1.P3" card="builder"/><wall space="C1.W5"/><score province="C1.P3"><resolve colour="red" card="flood" effect="plus"/><resolve colour="blue" card="builder" effect="value"/><award colour="blue" points="7"/></score></turn>)");
  GameResult r = check_text(
      mini(
          t, R"(<option name="tower-claim" value="permanent"/>)",
          R"(<loss region="C1.M3" colour="blue" points="-2"/><loss region="A1.M1" colour="red" points="-2"/><loss region="A1.M3" colour="red" points="-4"/><loss region="B1.M3" colour="red" points="-4"/><loss region="C1.M1" colour="red" points="-2"/><loss region="A1.M2" colour="blue" points="-3"/><loss region="B1.M1" colour="blue" points="-3"/><loss region="B1.M2" colour="blue" points="-2"/><final colour="red" points="9"/><final colour="blue" points="12"/>)")
          .str());
  EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
  EXPECT_TRUE(r.finished);
}

// Legal cases named after the rules they exercise: the opening and the whole of game1.
TEST(ChangChengRules, LegalCasesOfTheBaseGame) {
  run_cases({
      {"CC-103 every token value within its range", [] { return mini(upto(game1(), 2)); }, {}},
      {"CC-301/CC-302/CC-304 two players, two sides of two boards, the first seat starts",
       [] { return mini(upto(game1(), 1)); },
       {}},
      {"CC-401/CC-403 a single wall first, then turns in seat order",
       [] { return mini(upto(game1(), 4)); },
       {}},
      // Two walls in two provinces, and a card and then a wall in its province, with pieces in
      // supply on empty spaces.
      {"CC-402/CC-404/CC-405/CC-406/CC-411/CC-412 full actions in a whole game",
       [] { return mini(game1(), "", kFinals); },
       {}},
      // Each province scored once, the expansion joined when due, the end when the wall is full.
      {"CC-504/CC-601/CC-701/CC-702/CC-703 a whole game to its end",
       [] { return mini(game1(), "", kFinals); },
       {}},
  });
}

// CC-204: sides may be joined only where their declared edge shapes match.
TEST(ChangChengRules, EdgeShapesOfJoinedSides) {
  auto edges = [](std::string right_of_a1, std::string left_of_b1) {
    return [right_of_a1, left_of_b1] {
      MiniRecord r = mini(upto(game1(), 2));
      auto shape = [&r](const std::string& side, const std::string& attribute) {
        std::string from = fmt::format(R"(<side id="{}" board="{}">)", side, side.substr(0, 1));
        r.boards.replace(
            r.boards.find(from), from.size(),
            fmt::format(R"(<side id="{}" board="{}" {}>)", side, side.substr(0, 1), attribute));
      };
      shape("A1", fmt::format(R"(right-edge="{}")", right_of_a1));
      shape("B1", fmt::format(R"(left-edge="{}")", left_of_b1));
      return r;
    };
  };
  run_cases({
      {"CC-204 matching edge shapes", edges("notch", "notch"), {}},
      {"CC-204 edge shapes that do not match", edges("notch", "tab"), {"CC-204@0"}},
  });
}

// CC-701: a record that stops before the wall is full gets a note, and nothing else.
TEST(ChangChengRules, ARecordEndingEarlyIsNoted) {
  GameResult r = check_text(mini(upto(game1(), 2)).str());
  EXPECT_EQ(r.verdict, Verdict::ok) << dump(r);
  EXPECT_FALSE(r.finished);
  EXPECT_EQ(rules_of(r), std::vector<std::string>{"CC-701"}) << dump(r);
}

}  // namespace
}  // namespace wallaudit::test
