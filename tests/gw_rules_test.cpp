// Table-driven tests of the Great Wall of China rules (rules/great-wall-of-china.md): for
// every rule id a legal case and, where a record can break it, illegal cases with the exact
// list of findings (rule@turn, in report order).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "support/support.hpp"

namespace wallaudit::test {
namespace {

using Turns = std::vector<std::string>;

std::string R(const std::string& body) {
  return body.empty() ? std::string(R"(<turn colour="red"/>)")
                      : fmt::format(R"(<turn colour="red">{}</turn>)", body);
}
std::string B(const std::string& body) {
  return body.empty() ? std::string(R"(<turn colour="blue"/>)")
                      : fmt::format(R"(<turn colour="blue">{}</turn>)", body);
}

const char* const kTwoPlayers =
    R"(<player colour="red" name="Ann"/><player colour="blue" name="Bo"/>)";
const char* const kTwoSections =
    R"(<section id="S1" tokens="3 5"/><section id="S2" tokens="2 7"/>)";

struct Rec {
  std::string players = kTwoPlayers;
  std::string setup = kTwoSections;
  Turns turns;
  std::string end;

  std::string str() const {
    std::string play;
    for (const auto& t : turns)
      play += t + "\n";
    return fmt::format(
        "<record game=\"great-wall-of-china\" format=\"1\">\n<players>{}</players>\n"
        "<setup>{}</setup>\n<play>\n{}</play>\n{}</record>\n",
        players, setup, play, end.empty() ? "" : "<end>" + end + "</end>\n");
  }
};

Rec rec(Turns turns, std::string end = "") {
  Rec r;
  r.turns = std::move(turns);
  r.end = std::move(end);
  return r;
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

// ---- base games ---------------------------------------------------------------------------

// Red's gate against blue's wall in S1: red lays the 5 on its gate (2 - 5 = -3), so blue
// leads next and wins the 3; red takes its 5 back. Red 5, blue 3 after turn 4.
Turns short_game() {
  return {
      R(R"(<play section="S1" card="gate"/><draw/>)"),
      B(R"(<play section="S1" card="wall"/><draw/>)"),
      R(R"(<score section="S1" token="5" on="1"/><play section="S2" card="wall"/><draw/>)"),
      B(R"(<score section="S1" token="3"/><reveal section="S1" tokens="4 8"/><draw/><draw/>)"),
  };
}

// Both draw their decks (turns 1-14), then play the same cards to the same sections, so every
// total stays tied: red plays its 20th card on turn 21, blue its last on turn 22; when red is
// due again nobody leads, and the game ends after turn 22 with no token won (GW-602).
Turns tied_game() {
  Turns t;
  for (int i = 0; i < 7; ++i) {
    t.push_back(R("<draw/><draw/>"));
    t.push_back(B("<draw/><draw/>"));
  }
  for (auto who : {R, B})
    t.push_back(who(R"(<draw/><play section="S1" card="wall" count="7"/>)"));
  for (auto who : {R, B})
    t.push_back(
        who(R"(<play section="S2" card="gate" count="3"/><play section="S2" card="watchtower"/>)"));
  for (auto who : {R, B})
    t.push_back(
        who(R"(<play section="S1" card="warrior" count="5"/><play section="S2" card="dragon"/>)"));
  for (auto who : {R, B})
    t.push_back(
        who(R"(<play section="S1" card="noble"/><play section="S2" card="cavalry" count="2"/>)"));
  return t;
}

// As tied_game, but blue's cavalry goes to S1: blue leads S1 (every card 1 there: 15 to 13)
// and red leads S2 (14 to 10). The scoring-only turns: red lays the 7 in S2 (turn 23), blue
// lays the 5 in S1 and wins S2's 2 (turn 24; red takes back its 7; S2 gets 4 and 8), red wins
// S1's 3 (turn 25; blue takes back its 5; S1 gets 1 and 2). Then nobody leads: red 10, blue 7.
Turns scoring_only_game() {
  Turns t = tied_game();
  t[21] = B(R"(<play section="S1" card="noble"/><play section="S1" card="cavalry" count="2"/>)");
  t.push_back(R(R"(<score section="S2" token="7" on="1"/>)"));
  t.push_back(B(
      R"(<score section="S1" token="5" on="8"/><score section="S2" token="2"/><reveal section="S2" tokens="4 8"/>)"));
  t.push_back(R(R"(<score section="S1" token="3"/><reveal section="S1" tokens="1 2"/>)"));
  return t;
}

// Sixteen equal pairs go back in the box at set-up, leaving 5 and 7 in the pool: six tokens
// in all. Red lays the 4 on its lone gate (turn 3) and wins S1 alone with -2 (turn 5, GW-504),
// and S2 too; the 5 and 7 come out for S1, S2 closes; red wins S1 again on turn 9 and the last
// token is gone (GW-601). Red 17 (4+3, 5, 5), blue 14 (7, 7).
const char* const kFewTokens =
    R"(<section id="S1" tokens="3 4"/><section id="S2" tokens="5 7"/>)"
    R"(<discard section="S1" tokens="1 1"/><discard section="S1" tokens="2 2"/>)"
    R"(<discard section="S1" tokens="2 2"/><discard section="S1" tokens="2 2"/>)"
    R"(<discard section="S1" tokens="3 3"/><discard section="S1" tokens="3 3"/>)"
    R"(<discard section="S1" tokens="3 3"/><discard section="S2" tokens="4 4"/>)"
    R"(<discard section="S2" tokens="4 4"/><discard section="S2" tokens="4 4"/>)"
    R"(<discard section="S2" tokens="5 5"/><discard section="S2" tokens="5 5"/>)"
    R"(<discard section="S2" tokens="5 5"/><discard section="S2" tokens="7 7"/>)"
    R"(<discard section="S2" tokens="8 8"/>)";

Turns last_token_game() {
  return {
      R(R"(<play section="S1" card="gate"/><draw/>)"),
      B(R"(<play section="S2" card="gate"/><draw/>)"),
      R(R"(<score section="S1" token="4" on="1"/><play section="S2" card="wall"/><draw/>)"),
      B(R"(<score section="S2" token="7" on="1"/><draw/><draw/>)"),
      R(R"(<score section="S1" token="3"/><reveal section="S1" tokens="5 7"/><score section="S2" token="5"/><play section="S1" card="wall"/><draw/>)"),
      B(R"(<play section="S1" card="gate" count="2"/><draw/>)"),
      R("<draw/><draw/>"),
      B(R"(<score section="S1" token="7" on="2"/><draw/><draw/>)"),
      R(R"(<score section="S1" token="5"/>)"),
  };
}

Rec few_tokens(Turns turns, std::string end = "") {
  Rec r = rec(std::move(turns), std::move(end));
  r.setup = kFewTokens;
  return r;
}

// ---- running cases --------------------------------------------------------------------------

struct Case {
  std::string name;
  std::function<Rec()> record;
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

// ---- the base games are legal and score as computed by hand ---------------------------------

TEST(GreatWallRules, BaseGamesAreLegal) {
  GameResult a = check_text(
      rec(short_game(), R"(<final colour="red" points="5"/><final colour="blue" points="3"/>)")
          .str());
  EXPECT_EQ(a.verdict, Verdict::ok) << dump(a);
  EXPECT_FALSE(a.finished);
  EXPECT_EQ(a.scores, (std::vector<std::pair<std::string, int>>{{"red", 5}, {"blue", 3}}));

  GameResult b = check_text(rec(tied_game()).str());
  EXPECT_EQ(b.verdict, Verdict::ok) << dump(b);
  EXPECT_TRUE(b.finished);
  EXPECT_EQ(b.scores, (std::vector<std::pair<std::string, int>>{{"red", 0}, {"blue", 0}}));
  EXPECT_EQ(b.winners, (std::vector<std::string>{"red", "blue"}));  // GW-603: ties share

  GameResult c = check_text(rec(scoring_only_game()).str());
  EXPECT_EQ(c.verdict, Verdict::ok) << dump(c);
  EXPECT_TRUE(c.finished);
  EXPECT_EQ(c.scores, (std::vector<std::pair<std::string, int>>{{"red", 10}, {"blue", 7}}));
  EXPECT_EQ(c.winners, std::vector<std::string>{"red"});

  GameResult d = check_text(few_tokens(last_token_game()).str());
  EXPECT_EQ(d.verdict, Verdict::ok) << dump(d);
  EXPECT_TRUE(d.finished);
  EXPECT_EQ(d.scores, (std::vector<std::pair<std::string, int>>{{"red", 17}, {"blue", 14}}));
  EXPECT_EQ(d.winners, std::vector<std::string>{"red"});
}

// ---- GW-1xx, GW-2xx: components and set-up ---------------------------------------------------

Rec players(std::string list, std::string setup, Turns turns) {
  Rec r = rec(std::move(turns));
  r.players = std::move(list);
  r.setup = std::move(setup);
  return r;
}

const char* const kFourSections =
    R"(<section id="S1" tokens="3 5"/><section id="S2" tokens="2 7"/><section id="S3" tokens="4 4"/><section id="S4" tokens="1 8"/>)";
const char* const kFive =
    R"(<player colour="red"/><player colour="yellow"/><player colour="green"/><player colour="blue"/><player colour="brown"/>)";

TEST(GreatWallRules, ComponentsAndSetUp) {
  auto setup = [](std::string text) {
    return [text] {
      Rec r = rec(upto(short_game(), 1));
      r.setup = text;
      return r;
    };
  };
  auto three = [](std::string text) {
    return [text] {
      return players(R"(<player colour="red"/><player colour="blue"/><player colour="green"/>)",
                     text, {R("<draw/><draw/>")});
    };
  };
  const std::string s3 = R"(<section id="S3" tokens="1 2"/>)";
  run_cases({
      {"GW-101 five colours, one each",
       [] { return players(kFive, kFourSections, {R("<draw/><draw/>")}); },
       {}},
      {"GW-101 a colour twice",
       [] {
         return players(R"(<player colour="red"/><player colour="blue"/><player colour="red"/>)",
                        std::string(kTwoSections) + R"(<section id="S3" tokens="1 2"/>)",
                        {R("<draw/><draw/>"), B("<draw/><draw/>")});
       },
       {"GW-101@0"}},
      {"GW-102 every token value of the mix",
       setup(R"(<section id="S1" tokens="1 8"/><section id="S2" tokens="4 7"/>)"),
       {}},
      {"GW-102 a token of 6 at set-up",
       setup(R"(<section id="S1" tokens="3 6"/><section id="S2" tokens="2 7"/>)"),
       {"GW-102@0"}},
      {"GW-102 a third 8 at set-up",
       three(
           R"(<section id="S1" tokens="8 8"/><section id="S2" tokens="8 1"/><section id="S3" tokens="2 3"/>)"),
       {"GW-102@0"}},
      {"GW-102 a revealed token that is no token",
       [] {
         return rec(with(
             short_game(), 4,
             B(R"(<score section="S1" token="3"/><reveal section="S1" tokens="4 9"/><draw/><draw/>)")));
       },
       {"GW-102@4"}},
      {"GW-102 a revealed token not left in the pool",
       [] {
         return few_tokens(with(
             upto(last_token_game(), 5), 5,
             R(R"(<score section="S1" token="3"/><reveal section="S1" tokens="5 8"/><score section="S2" token="5"/><play section="S1" card="wall"/><draw/>)")));
       },
       {"GW-102@5"}},
      {"GW-103 two players", [] { return rec(upto(short_game(), 2)); }, {}},
      {"GW-103 five players",
       [] { return players(kFive, kFourSections, {R("<draw/><draw/>")}); },
       {}},
      {"GW-103 one player",
       [] { return players(R"(<player colour="red"/>)", kTwoSections, {R("<draw/><draw/>")}); },
       {"GW-103@0"}},
      {"GW-103 six players",
       [] {
         return players(std::string(kFive) + R"(<player colour="red"/>)", kFourSections,
                        {R("<draw/><draw/>")});
       },
       {"GW-101@0", "GW-103@0"}},
      {"GW-201 a section missing", setup(R"(<section id="S1" tokens="3 5"/>)"), {"GW-201@0"}},
      {"GW-201 a section twice",
       setup(std::string(kTwoSections) + R"(<section id="S1" tokens="4 8"/>)"),
       {"GW-201@0"}},
      {"GW-201 three tokens for a section",
       setup(R"(<section id="S1" tokens="3 5 4"/><section id="S2" tokens="2 7"/>)"),
       {"GW-201@0"}},
      {"GW-201 sections in any order",
       setup(R"(<section id="S2" tokens="2 7"/><section id="S1" tokens="3 5"/>)"),
       {}},
      {"GW-202 an equal pair put back at set-up",
       setup(std::string(kTwoSections) + R"(<discard section="S1" tokens="4 4"/>)"),
       {}},
      {"GW-202 an equal pair kept at set-up (2 players)",
       setup(R"(<section id="S1" tokens="4 4"/><section id="S2" tokens="2 7"/>)"),
       {"GW-202@0"}},
      {"GW-202 an equal pair is fine with 3 players",
       three(std::string(R"(<section id="S1" tokens="4 4"/><section id="S2" tokens="2 7"/>)") + s3),
       {}},
      {"GW-202 a discard with 3 players",
       three(std::string(kTwoSections) + s3 + R"(<discard section="S1" tokens="4 4"/>)"),
       {"GW-202@0"}},
      {"GW-202 a discarded pair that is not equal",
       setup(std::string(kTwoSections) + R"(<discard section="S1" tokens="4 5"/>)"),
       {"GW-202@0"}},
      {"GW-202 an equal pair put back in play",
       [] {
         return rec(with(
             short_game(), 4,
             B(R"(<score section="S1" token="3"/><discard section="S1" tokens="4 4"/><reveal section="S1" tokens="4 8"/><draw/><draw/>)")));
       },
       {}},
      {"GW-202 an equal pair revealed in play",
       [] {
         return rec(with(
             short_game(), 4,
             B(R"(<score section="S1" token="3"/><reveal section="S1" tokens="4 4"/><draw/><draw/>)")));
       },
       {"GW-202@4"}},
      {"GW-202 a discard where no pair is drawn",
       [] {
         return rec(with(
             short_game(), 3,
             R(R"(<score section="S1" token="5" on="1"/><discard section="S2" tokens="4 4"/><play section="S2" card="wall"/><draw/>)")));
       },
       {"GW-202@3"}},
      {"GW-203 hands named at set-up",
       [] {
         Rec r = rec(short_game());
         r.setup +=
             R"(<hand colour="red" cards="gate wall wall warrior dragon"/><hand colour="blue" cards="wall gate gate noble cavalry"/>)";
         return r;
       },
       {}},
      {"GW-203 a hand of 4 cards",
       [] {
         Rec r = rec(short_game());
         r.setup += R"(<hand colour="red" cards="gate wall wall warrior"/>)";
         return r;
       },
       {"GW-203@0"}},
      {"GW-203 a hand named twice",
       [] {
         Rec r = rec(short_game());
         r.setup +=
             R"(<hand colour="red" cards="gate wall wall warrior dragon"/><hand colour="red" cards="gate wall wall warrior dragon"/>)";
         return r;
       },
       {"GW-203@0"}},
      {"GW-203 a hand for a colour not playing",
       [] {
         Rec r = rec(short_game());
         r.setup += R"(<hand colour="green" cards="gate wall wall warrior dragon"/>)";
         return r;
       },
       {"GW-203@0"}},
      {"GW-306 a hand naming two dragons",
       [] {
         Rec r = rec(short_game());
         r.setup += R"(<hand colour="red" cards="gate wall dragon warrior dragon"/>)";
         return r;
       },
       {"GW-306@0"}},
  });
}

// ---- GW-204, GW-3xx: turns ----------------------------------------------------------------

TEST(GreatWallRules, Turns) {
  auto t1 = [](std::string body) { return [body] { return rec({R(body)}); }; };
  Turns draws;
  for (int i = 0; i < 7; ++i) {
    draws.push_back(R("<draw/><draw/>"));
    draws.push_back(B("<draw/><draw/>"));
  }
  run_cases({
      {"GW-204 seats in order", [] { return rec(short_game()); }, {}},
      {"GW-204 the second seat starts",
       [] {
         return rec({B(R"(<play section="S1" card="wall"/><draw/>)"),
                     R(R"(<play section="S2" card="wall"/><draw/>)")});
       },
       {"GW-204@1"}},
      {"GW-204 a seat plays twice in a row",
       [] {
         return rec({R(R"(<play section="S1" card="gate"/><draw/>)"),
                     R(R"(<score section="S1" token="5" on="1"/><draw/><draw/>)")});
       },
       {"GW-204@2"}},
      {"GW-204 a colour not playing",
       [] {
         return rec({R(R"(<play section="S1" card="gate"/><draw/>)"),
                     R"(<turn colour="yellow"><draw/><draw/></turn>)"});
       },
       {"GW-204@2"}},
      {"GW-301 scoring, then two actions", [] { return rec(short_game()); }, {}},
      {"GW-301 a third action",
       t1(R"(<play section="S1" card="gate"/><draw/><draw/>)"),
       {"GW-301@1"}},
      {"GW-301 a score after a draw",
       [] {
         return rec(with(
             short_game(), 3,
             R(R"(<draw/><score section="S1" token="5" on="1"/><play section="S2" card="wall"/>)")));
       },
       {"GW-302@3", "GW-301@3"}},
      {"GW-302 a compulsory scoring made", [] { return rec(upto(short_game(), 3)); }, {}},
      {"GW-302 a compulsory scoring missed",
       [] {
         return rec(
             with(upto(short_game(), 3), 3, R(R"(<play section="S2" card="wall"/><draw/>)")));
       },
       {"GW-302@3"}},
      {"GW-302 a tie wins nothing",
       [] {
         return rec({R(R"(<play section="S1" card="gate"/><draw/>)"),
                     B(R"(<play section="S1" card="gate"/><draw/>)"),
                     R(R"(<score section="S1" token="5" on="1"/><draw/><draw/>)")});
       },
       {"GW-302@3"}},
      {"GW-302 a score without a card there",
       [] {
         return rec(with(
             upto(short_game(), 3), 3,
             R(R"(<score section="S1" token="5" on="1"/><score section="S2" token="7" on="1"/><play section="S2" card="wall"/><draw/>)")));
       },
       {"GW-302@3", "GW-501@3"}},
      {"GW-302 a section scored twice in a turn",
       [] {
         return rec(with(
             upto(short_game(), 3), 3,
             R(R"(<score section="S1" token="5" on="1"/><score section="S1" token="3"/><play section="S2" card="wall"/><draw/>)")));
       },
       {"GW-302@3"}},
      {"GW-303 identical cards together",
       t1(R"(<play section="S1" card="wall" count="2"/><draw/>)"),
       {}},
      {"GW-303 cards of two types together",
       t1(R"(<play section="S1" card="wall gate"/><draw/>)"),
       {"GW-303@1"}},
      {"GW-303 a wall played on a card",
       [] {
         return rec(with(
             upto(short_game(), 3), 3,
             R(R"(<score section="S1" token="5" on="1"/><play section="S2" card="wall" on="1"/><draw/>)")));
       },
       {"GW-303@3"}},
      {"GW-304 a player who cannot act skips actions", [] { return rec(tied_game()); }, {}},
      {"GW-304 one action while the deck holds cards",
       t1(R"(<play section="S1" card="gate"/>)"),
       {"GW-304@1"}},
      {"GW-304 cavalry is not an action",
       t1(R"(<play section="S1" card="cavalry"/><draw/>)"),
       {"GW-304@1"}},
      {"GW-304 one action with cards in hand and an empty deck",
       [=] { return rec(plus(draws, R("<draw/>"))); },
       {"GW-304@15"}},
      {"GW-304 a hand of only cavalry and an empty deck allows no action",
       [] {
         return rec(plus(with(tied_game(), 21, R(R"(<play section="S1" card="noble"/>)")),
                         R(R"(<play section="S2" card="cavalry" count="2"/>)")));
       },
       {}},
      {"GW-305 cavalry before action 2",
       t1(R"(<play section="S1" card="cavalry"/><play section="S1" card="gate"/><draw/>)"),
       {}},
      {"GW-305 cavalry between actions 2 and 3",
       t1(R"(<play section="S1" card="gate"/><play section="S2" card="cavalry" count="2"/><draw/>)"),
       {}},
      {"GW-305 cavalry after action 3",
       t1(R"(<play section="S1" card="gate"/><draw/><play section="S2" card="cavalry"/>)"),
       {"GW-305@1"}},
      {"GW-306 cards named at draw, played from the hand",
       [] {
         Rec r = rec(
             {R(R"(<play section="S1" card="gate"/><draw card="watchtower"/>)"),
              B("<draw/><draw/>"),
              R(R"(<score section="S1" token="5" on="1"/><play section="S2" card="watchtower"/><draw card="dragon"/>)")});
         r.setup += R"(<hand colour="red" cards="gate wall wall warrior cavalry"/>)";
         return r;
       },
       {}},
      {"GW-306 a card the known hand does not hold",
       [] {
         Rec r = rec({R(R"(<play section="S1" card="watchtower"/><draw/>)")});
         r.setup += R"(<hand colour="red" cards="gate wall wall warrior dragon"/>)";
         return r;
       },
       {"GW-306@1"}},
      {"GW-306 a second dragon",
       [] {
         return rec(
             {R(R"(<play section="S1" card="dragon"/><draw/>)"), B("<draw/><draw/>"),
              R(R"(<score section="S1" token="5" on="1"/><play section="S2" card="dragon"/><draw/>)")});
       },
       {"GW-306@3"}},
      {"GW-306 more cards than the hand holds",
       t1(R"(<play section="S1" card="warrior" count="6"/><draw/>)"),
       {"GW-306@1", "GW-306@1"}},
      {"GW-306 a play from an empty hand",
       [] {
         return rec({R(R"(<play section="S1" card="wall" count="5"/><draw/>)"),
                     B(R"(<play section="S1" card="wall" count="5"/><draw/>)"),
                     R(R"(<play section="S2" card="gate"/><play section="S2" card="wall"/>)")});
       },
       {"GW-306@3"}},
      {"GW-306 a draw from an empty deck",
       [=] { return rec(plus(draws, R("<draw/><draw/>"))); },
       {"GW-306@15"}},
      {"GW-306 a named draw beyond the deck",
       t1(R"(<draw card="dragon"/><draw card="dragon"/>)"),
       {"GW-306@1"}},
  });
}

// ---- GW-4xx: card values ---------------------------------------------------------------------
// Values are never written in a record; a wrong value shows as a scoring that should not be
// (or should be) made, GW-302.

TEST(GreatWallRules, CardValues) {
  auto game = [](Turns t) { return [t] { return rec(t); }; };
  const std::string tower_vs_gate_wall =
      B(R"(<play section="S1" card="gate"/><play section="S1" card="wall"/>)");
  run_cases({
      {"GW-401 a gate beats a wall", game(upto(short_game(), 3)), {}},
      {"GW-401 a watchtower ties a gate and a wall",
       game({R(R"(<play section="S1" card="watchtower"/><draw/>)"), tower_vs_gate_wall,
             R("<draw/><draw/>")}),
       {}},
      {"GW-401 a tie scored as a lead",
       game({R(R"(<play section="S1" card="watchtower"/><draw/>)"), tower_vs_gate_wall,
             R(R"(<score section="S1" token="5" on="1"/><draw/><draw/>)")}),
       {"GW-302@3"}},
      {"GW-402 three warriors (1+2+3) beat two gates and a wall",
       game({R(R"(<play section="S1" card="warrior" count="3"/><draw/>)"),
             B(R"(<play section="S1" card="gate" count="2"/><play section="S1" card="wall"/>)"),
             R(R"(<score section="S1" token="5" on="3"/><draw/><draw/>)")}),
       {}},
      {"GW-402 two warriors (1+2) only tie a gate and a wall",
       game({R(R"(<play section="S1" card="warrior" count="2"/><draw/>)"), tower_vs_gate_wall,
             R(R"(<score section="S1" token="5" on="2"/><draw/><draw/>)")}),
       {"GW-302@3"}},
      {"GW-402 a covered warrior does not count for the next",
       game({R(R"(<play section="S1" card="warrior"/><play section="S1" card="warrior"/>)"),
             B(R"(<play section="S1" card="dragon" on="1"/><draw/>)"),
             R(R"(<score section="S1" token="5" on="2"/><draw/><draw/>)")}),
       {"GW-302@3"}},
      {"GW-403 a noble makes every card 1",
       game({R(R"(<play section="S1" card="watchtower"/><play section="S1" card="gate"/>)"),
             B(R"(<play section="S1" card="noble"/><play section="S1" card="wall"/>)"),
             R("<draw/><draw/>")}),
       {}},
      {"GW-403 a noble ignored",
       game({R(R"(<play section="S1" card="watchtower"/><play section="S1" card="gate"/>)"),
             B(R"(<play section="S1" card="noble"/><play section="S1" card="wall"/>)"),
             R(R"(<score section="S1" token="5" on="1"/><draw/><draw/>)")}),
       {"GW-302@3"}},
      {"GW-404 a dragon covers the noble: it loses its effect",
       game({R(R"(<play section="S1" card="watchtower"/><play section="S1" card="gate"/>)"),
             B(R"(<play section="S1" card="noble"/><play section="S1" card="wall"/>)"),
             R(R"(<play section="S1" card="dragon" on="3"/><draw/>)"), B("<draw/><draw/>"),
             R(R"(<score section="S1" token="5" on="1"/><draw/><draw/>)")}),
       {}},
      {"GW-404 a dragon on a dragon",
       game({R(R"(<play section="S1" card="gate"/><draw/>)"),
             B(R"(<play section="S1" card="dragon" on="1"/><draw/>)"),
             R(R"(<play section="S1" card="dragon" on="1"/><draw/>)"), B("<draw/><draw/>"),
             R(R"(<score section="S1" token="5" on="1"/><draw/><draw/>)")}),
       {}},
      {"GW-404 a dragon at the right end",
       game(
           {R(R"(<play section="S1" card="gate"/><draw/>)"),
            B(R"(<play section="S2" card="gate"/><draw/>)"),
            R(R"(<score section="S1" token="5" on="1"/><draw/><draw/>)"),
            B(R"(<score section="S2" token="7" on="1"/><play section="S1" card="dragon"/><draw/>)")}),
       {}},
      {"GW-404 a dragon on the card with the first token",
       game(
           {R(R"(<play section="S1" card="gate"/><draw/>)"),
            B(R"(<play section="S2" card="gate"/><draw/>)"),
            R(R"(<score section="S1" token="5" on="1"/><draw/><draw/>)"),
            B(R"(<score section="S2" token="7" on="1"/><play section="S1" card="dragon" on="1"/><draw/>)")}),
       {"GW-404@4"}},
      {"GW-404 a dragon on a place without a card",
       game({R(R"(<play section="S1" card="dragon" on="1"/><draw/>)")}),
       {"GW-404@1"}},
      {"GW-306 is checked before GW-404",
       game(
           {R(R"(<play section="S1" card="gate"/><draw/>)"),
            B(R"(<play section="S2" card="gate"/><play section="S2" card="dragon"/>)"),
            R(R"(<score section="S1" token="5" on="1"/><draw/><draw/>)"),
            B(R"(<score section="S2" token="7" on="1"/><play section="S1" card="dragon" on="1"/><draw/>)")}),
       {"GW-306@4", "GW-404@4"}},
      {"GW-405 a group of warriors is worth 1+2+3",
       game({R(R"(<play section="S1" card="warrior" count="3"/><draw/>)"),
             B(R"(<play section="S1" card="watchtower"/><play section="S1" card="gate"/>)"),
             R(R"(<score section="S1" token="5" on="1"/><draw/><draw/>)")}),
       {}},
  });
}

// ---- GW-5xx: winning tokens ------------------------------------------------------------------

TEST(GreatWallRules, Tokens) {
  auto t3 = [](std::string body) {
    return [body] { return rec(with(upto(short_game(), 3), 3, R(body))); };
  };
  auto t4 = [](std::string body) { return [body] { return rec(with(short_game(), 4, B(body))); }; };
  const std::string rest3 = R"(<play section="S2" card="wall"/><draw/>)";
  const std::string rest4 = "<draw/><draw/>";
  run_cases({
      {"GW-501 the first token laid on the scorer's card",
       [] { return rec(upto(short_game(), 3)); },
       {}},
      {"GW-501 the first token without on",
       t3(R"(<score section="S1" token="5"/>)" + rest3),
       {"GW-501@3"}},
      {"GW-501 the first token on another colour's card",
       t3(R"(<score section="S1" token="5" on="2"/>)" + rest3),
       {"GW-501@3"}},
      {"GW-501 the first token on a place without a card",
       t3(R"(<score section="S1" token="5" on="9"/>)" + rest3),
       {"GW-501@3"}},
      {"GW-501 a token the section does not offer",
       t3(R"(<score section="S1" token="8" on="1"/>)" + rest3),
       {"GW-501@3"}},
      {"GW-502 the second token, a new pair", [] { return rec(short_game()); }, {}},
      {"GW-502 the second token with on",
       t4(R"(<score section="S1" token="3" on="2"/><reveal section="S1" tokens="4 8"/>)" + rest4),
       {"GW-502@4"}},
      {"GW-502 the second token's value wrong",
       t4(R"(<score section="S1" token="5"/><reveal section="S1" tokens="4 8"/>)" + rest4),
       {"GW-502@4"}},
      {"GW-502 no reveal after the clearing",
       t4(R"(<score section="S1" token="3"/>)" + rest4),
       {"GW-502@4"}},
      {"GW-502 the new pair revealed after the turn's actions",
       t4(R"(<score section="S1" token="3"/>)" + rest4 + R"(<reveal section="S1" tokens="4 8"/>)"),
       {}},
      {"GW-502 a reveal for a section not cleared",
       t4(R"(<score section="S1" token="3"/><reveal section="S1" tokens="4 8"/><reveal section="S2" tokens="1 2"/>)" +
          rest4),
       {"GW-502@4"}},
      {"GW-502 a new pair of one token",
       t4(R"(<score section="S1" token="3"/><reveal section="S1" tokens="4"/>)" + rest4),
       {"GW-502@4"}},
      {"GW-502 no pair though tokens are left",
       t4(R"(<score section="S1" token="3"/><reveal section="S1" tokens=""/>)" + rest4),
       {"GW-502@4"}},
      {"GW-502 a section closes: an empty reveal is accepted",
       [] {
         return few_tokens(with(
             last_token_game(), 5,
             R(R"(<score section="S1" token="3"/><reveal section="S1" tokens="5 7"/><score section="S2" token="5"/><reveal section="S2" tokens=""/><play section="S1" card="wall"/><draw/>)")));
       },
       {}},
      {"GW-502 a new pair for a section that closed",
       [] {
         return few_tokens(with(
             upto(last_token_game(), 5), 5,
             R(R"(<score section="S1" token="3"/><reveal section="S1" tokens="5 7"/><score section="S2" token="5"/><reveal section="S2" tokens="5 7"/><play section="S1" card="wall"/><draw/>)")));
       },
       {"GW-502@5"}},
      {"GW-502 a card played to a closed section",
       [] {
         return few_tokens(with(upto(last_token_game(), 6), 6,
                                B(R"(<play section="S2" card="gate" count="2"/><draw/>)")));
       },
       {"GW-502@6"}},
      {"GW-502 a closed section scored",
       [] {
         return few_tokens(with(
             upto(last_token_game(), 6), 6,
             B(R"(<score section="S2" token="5"/><play section="S1" card="gate" count="2"/><draw/>)")));
       },
       {"GW-502@6"}},
      {"GW-503 the first token counts against its owner: blue leads",
       [] { return rec(short_game()); },
       {}},
      {"GW-503 ... and must score", t4(rest4), {"GW-302@4"}},
      {"GW-504 a lone player wins with a negative total, and both tokens",
       [] { return few_tokens(last_token_game()); },
       {}},
      {"GW-504 a lone player's scoring missed",
       [] {
         return few_tokens(with(
             upto(last_token_game(), 5), 5,
             R(R"(<score section="S2" token="5"/><reveal section="S2" tokens="5 7"/><draw/><draw/>)")));
       },
       {"GW-302@5"}},
  });
}

// ---- GW-6xx: the end ---------------------------------------------------------------------------

TEST(GreatWallRules, End) {
  run_cases({
      {"GW-601 the last token ends the game", [] { return few_tokens(last_token_game()); }, {}},
      {"GW-601 a draw after the last token",
       [] {
         return few_tokens(
             with(last_token_game(), 9, R(R"(<score section="S1" token="5"/><draw/>)")));
       },
       {"GW-601@9"}},
      {"GW-601 a turn after the last token",
       [] { return few_tokens(plus(last_token_game(), B("<draw/><draw/>"))); },
       {"GW-601@10"}},
      {"GW-602 the last round ends with nobody leading", [] { return rec(tied_game()); }, {}},
      {"GW-602 scoring-only turns until nobody leads", [] { return rec(scoring_only_game()); }, {}},
      {"GW-602 a turn after the end", [] { return rec(plus(tied_game(), R(""))); }, {"GW-602@23"}},
      {"GW-602 a turn after the scoring-only turns",
       [] { return rec(plus(scoring_only_game(), B(""))); },
       {"GW-602@26"}},
      {"GW-602 a draw in the scoring-only phase",
       [] {
         return rec(
             with(scoring_only_game(), 23, R(R"(<score section="S2" token="7" on="1"/><draw/>)")));
       },
       {"GW-602@23", "GW-306@23"}},
      {"GW-602 a scoring-only turn that does not score",
       [] { return rec(with(upto(scoring_only_game(), 23), 23, R(""))); },
       {"GW-302@23"}},
  });
}

// ---- GW-604: claims --------------------------------------------------------------------------

TEST(GreatWallRules, Claims) {
  auto claims = [](std::string end) { return [end] { return rec(short_game(), end); }; };
  run_cases({
      {"GW-604 claims agree (an unfinished game: the scores reached)",
       claims(R"(<final colour="red" points="5"/><final colour="blue" points="3"/>)"),
       {}},
      {"GW-603 a token lying on a card counts for nobody",
       [] {
         return rec(upto(short_game(), 3),
                    R"(<final colour="red" points="0"/><final colour="blue" points="0"/>)");
       },
       {}},
      {"GW-603 a token lying on a card claimed by its card's owner",
       [] {
         return rec(upto(short_game(), 3),
                    R"(<final colour="red" points="5"/><final colour="blue" points="0"/>)");
       },
       {"GW-604@0"}},
      {"GW-604 a wrong final",
       claims(R"(<final colour="red" points="6"/><final colour="blue" points="3"/>)"),
       {"GW-604@0"}},
      {"GW-604 a final missing", claims(R"(<final colour="red" points="5"/>)"), {"GW-604@0"}},
      {"GW-604 a final twice",
       claims(
           R"(<final colour="red" points="5"/><final colour="blue" points="3"/><final colour="red" points="5"/>)"),
       {"GW-604@0"}},
      {"GW-604 a final for a colour not playing",
       claims(
           R"(<final colour="red" points="5"/><final colour="blue" points="3"/><final colour="brown" points="0"/>)"),
       {"GW-604@0"}},
  });
  GameResult r = check_text(
      rec(short_game(), R"(<final colour="red" points="6"/><final colour="blue" points="3"/>)")
          .str());
  EXPECT_EQ(r.verdict, Verdict::disputed);
  ASSERT_EQ(r.diagnostics.items().size(), 2u);  // the note that the game is unfinished, last
  const Diagnostic& d = r.diagnostics.items()[0];
  EXPECT_EQ(d.severity(), Severity::warning);
  EXPECT_EQ(d.message,
            "claimed final score 6 for red, recomputed 5 (the game has not ended): red's tokens 5 "
            "(S1 first token, turn 4) = 5");
  EXPECT_EQ(d.loc, (SourceLoc{10, 6}));
  EXPECT_EQ(d.colour, "red");
}

// ---- messages, positions and follow-ons --------------------------------------------------------

TEST(GreatWallRules, MessagesPositionsAndFollowOns) {
  // A missed scoring is reported at the turn's first play or draw.
  GameResult missed = check_text(
      rec(with(upto(short_game(), 3), 3, R(R"(<play section="S2" card="wall"/><draw/>)"))).str());
  ASSERT_EQ(found(missed), std::vector<std::string>{"GW-302@3"});
  const Diagnostic& m = missed.diagnostics.items()[0];
  EXPECT_EQ(m.message, "red leads S1 (red 2, blue 1) but does not score it: scoring is compulsory");
  EXPECT_EQ(m.loc, (SourceLoc{7, 20}));
  EXPECT_FALSE(m.follow_on);

  // A token that is no token: the scoring cannot be applied, and what blue does in S1 next
  // may follow from it.
  GameResult six = check_text(
      rec(with(
              short_game(), 3,
              R(R"(<score section="S1" token="6" on="1"/><play section="S2" card="wall"/><draw/>)")))
          .str());
  // Blue then scores S1 as a second token (it reveals a new pair), though no first token lies
  // there: replayed as the record has it.
  EXPECT_EQ(found(six), (std::vector<std::string>{"GW-102@3", "GW-302@4", "GW-501@4"}))
      << dump(six);
  const auto& items = six.diagnostics.items();
  EXPECT_EQ(items[0].message, "6 is no fame token's value (1, 2, 3, 4, 5, 7 or 8)");
  EXPECT_EQ(items[0].loc, (SourceLoc{7, 47}));
  EXPECT_FALSE(items[0].follow_on);
  for (std::size_t i = 1; i < 3; ++i) {
    EXPECT_TRUE(items[i].follow_on) << items[i].message;
    EXPECT_EQ(items[i].follows_line, 7u) << items[i].message;
  }
  EXPECT_EQ(items[1].message, "blue does not lead S1: red 2, blue 1 (a tie wins nothing)");
  EXPECT_EQ(items[2].message,
            "no first token lies on a card in S1: this score takes the first token, laid on one "
            "of blue's cards with on=\"…\"; the record clears the section after it, and the replay "
            "follows the record (5 counts for nobody)");
  EXPECT_EQ(six.scores, (std::vector<std::pair<std::string, int>>{{"red", 0}, {"blue", 3}}));

  // The end of the game by the last round, and what comes after it.
  GameResult after = check_text(rec(plus(plus(tied_game(), R("")), B(""))).str());
  ASSERT_EQ(found(after), std::vector<std::string>{"GW-602@23"});
  EXPECT_EQ(after.diagnostics.items()[0].message,
            "the game ended after turn 22 (the last round was over and nobody led a section "
            "holding a token); nothing may be recorded after it, but 2 more turns follow");
  EXPECT_TRUE(after.finished);
  EXPECT_TRUE(after.winners.empty());  // an illegal record names no winners
}

}  // namespace
}  // namespace wallaudit::test
