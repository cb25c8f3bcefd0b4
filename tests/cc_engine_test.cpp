// The Chang Cheng engine driven directly, one action at a time: what each step finds at once,
// what only a later step can judge (and where that finding points), and what is listed.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "chang_cheng/action.hpp"
#include "chang_cheng/engine.hpp"
#include "chang_cheng/reader.hpp"
#include "core/check.hpp"
#include "core/registry.hpp"
#include "core/xml.hpp"
#include "support/cc_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

struct Driven {
  std::unique_ptr<cc::Engine> engine;
  std::vector<PlacedAction> actions;
};

// The engine of a mini record (support/cc_records.hpp) before its first action, and the
// record's actions.
Driven start(const std::string& play, const std::string& rules = "") {
  MiniRecord r;
  r.play = play;
  r.rules = rules;
  Diagnostics out;
  auto doc = XmlDocument::parse(r.str(), out);
  EXPECT_TRUE(doc.has_value());
  Diagnostics problems;
  cc::BoardCatalogue catalogue = cc::make_catalogue({}, problems);
  auto rec = cc::read_record(*doc, catalogue, {}, out);
  EXPECT_TRUE(rec.has_value()) << r.str();
  auto head = std::make_shared<const cc::Record>(std::move(*rec));
  Driven d;
  d.engine = std::make_unique<cc::Engine>(head, std::vector<std::pair<std::string, std::string>>{});
  d.actions = cc::record_actions(*head);
  return d;
}

// "RULE [at STEP:PART] [cause STEP]" for each finding of a step.
std::vector<std::string> findings(const StepResult& r) {
  std::vector<std::string> out;
  for (const Finding& f : r.findings) {
    if (f.kind == FindingKind::info) continue;
    std::string s(f.rule);
    if (f.at) s += fmt::format(" at {}:{}", f.at, f.part);
    if (f.cause) s += fmt::format(" cause {}", f.cause);
    out.push_back(s);
  }
  return out;
}

// Applies every action and gives each step's findings, "N: …" for steps that found something.
std::vector<std::string> step_by_step(Driven& d) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < d.actions.size(); ++i) {
    const auto step = static_cast<StepNo>(i + 1);
    for (const std::string& f : findings(d.engine->apply(*d.actions[i].action, step)))
      out.push_back(fmt::format("{} {}: {}", step, d.actions[i].action->text(), f));
  }
  return out;
}

std::vector<std::string> texts(const LegalActions& legal) {
  std::vector<std::string> out;
  for (const auto& a : legal.listed)
    out.push_back(a->text());
  return out;
}

// Steps of the mini record: 1 seats, 2-3 sides, 4-9 reputations, 10-15 threats, then play.
constexpr StepNo kFirstPlay = 16;

TEST(CcEngine, APieceIsJudgedAtItsOwnStep) {
  Driven d = start(R"(<turn colour="red"><wall space="A1.W1"/></turn>)"
                   R"(<turn colour="blue"><wall space="A1.W1"/><wall space="B1.W1"/></turn>)");
  EXPECT_EQ(step_by_step(d), (std::vector<std::string>{"20 blue: wall A1.W1: CC-406"}));
  EXPECT_EQ(d.actions[kFirstPlay + 3].action->text(), "blue: wall A1.W1");
}

TEST(CcEngine, ALonePieceIsJudgedAtTheTurnsEndAboutThePiece) {
  // Blue places one wall where two were open: the end of the turn finds it, about the wall.
  Driven d = start(R"(<turn colour="red"><wall space="A1.W1"/></turn>)"
                   R"(<turn colour="blue"><wall space="A1.W3"/></turn>)");
  EXPECT_EQ(step_by_step(d), (std::vector<std::string>{"21 blue: end: CC-404 at 20:0"}));
}

TEST(CcEngine, AScoringIsJudgedByTheActionAfterItsLastItem) {
  // Red completes A1.P2 (one space) and claims 5 for it; the value is 1 piece + token 1 = 2.
  Driven d = start(R"(<turn colour="red"><wall space="A1.W3"/>)"
                   R"(<score province="A1.P2"><award colour="red" points="5"/></score></turn>)");
  EXPECT_EQ(step_by_step(d), (std::vector<std::string>{"20 red: end: CC-804 at 19:0"}));
}

TEST(CcEngine, ThePieceThatBeginsATurnBeginsIt) {
  Driven d = start(R"(<turn colour="red"><wall space="A1.W1"/></turn>)");
  for (std::size_t i = 0; i < d.actions.size(); ++i)
    d.engine->apply(*d.actions[i].action, static_cast<StepNo>(i + 1));
  EXPECT_EQ(d.engine->current_player(), "blue");
  EXPECT_EQ(d.engine->decision(), "turn 2, blue: the turn begins");
  const std::vector<std::string> legal = texts(d.engine->legal_actions());
  ASSERT_FALSE(legal.empty());
  EXPECT_EQ(legal.front(), "blue: begin");
  std::string error;
  auto wall = d.engine->parse_action("blue: wall A1.W3", error);
  ASSERT_TRUE(wall) << error;
  auto next = static_cast<StepNo>(d.actions.size() + 1);
  EXPECT_TRUE(findings(d.engine->apply(**wall, next)).empty());
  EXPECT_EQ(d.engine->decision(),
            "turn 2, blue: a second piece, a scoring, a peek or the end of the turn");
  // Out of turn, the same way: red's piece begins red's turn, which is blue's.
  Driven e = start(R"(<turn colour="red"><wall space="A1.W1"/></turn>)");
  for (std::size_t i = 0; i < e.actions.size(); ++i)
    e.engine->apply(*e.actions[i].action, static_cast<StepNo>(i + 1));
  auto red = e.engine->parse_action("red: wall A1.W3", error);
  ASSERT_TRUE(red) << error;
  EXPECT_EQ(findings(e.engine->apply(**red, next)), (std::vector<std::string>{"CC-401"}));
}

TEST(CcEngine, AfterAPieceThePeeksItOpensAreListed) {
  Driven d = start(R"(<turn colour="red"><wall space="A1.W1"/></turn>)"
                   R"(<turn colour="blue"><wall space="A1.W4"/></turn>)");
  for (StepNo i = 0; i < kFirstPlay + 4; ++i)  // up to blue's wall
    d.engine->apply(*d.actions[i].action, i + 1);
  const std::vector<std::string> legal = texts(d.engine->legal_actions());
  EXPECT_NE(std::find(legal.begin(), legal.end(), "blue: peek A1.M2"), legal.end());
  EXPECT_EQ(
      std::count_if(legal.begin(), legal.end(),
                    [](const std::string& t) { return t.find(": peek") != std::string::npos; }),
      1);
}

TEST(CcEngine, TheEndIsListedOnlyWhereEndingTheTurnBreaksNoRule) {
  Driven d = start(R"(<turn colour="red"><wall space="A1.W1"/></turn>)"
                   R"(<turn colour="blue"><wall space="A1.W4"/><wall space="B1.W1"/></turn>)");
  auto has_end = [](const State& s) {
    const std::vector<std::string> legal = texts(s.legal_actions());
    return std::find(legal.begin(), legal.end(), "blue: end") != legal.end();
  };
  for (StepNo i = 0; i < kFirstPlay + 3; ++i)  // up to blue's begin
    d.engine->apply(*d.actions[i].action, i + 1);
  EXPECT_FALSE(has_end(*d.engine));  // no action yet
  d.engine->apply(*d.actions[kFirstPlay + 3].action, kFirstPlay + 4);
  EXPECT_FALSE(has_end(*d.engine));  // a lone wall where two were open (CC-404)
  d.engine->apply(*d.actions[kFirstPlay + 4].action, kFirstPlay + 5);
  EXPECT_TRUE(has_end(*d.engine));
}

// A new game lists the set-up chance dealt, one step at a time: the seats, two sides of
// different boards, a reputation on each province and a threat on each region.
TEST(CcEngine, ANewGameListsItsDealtSetUpOneStepAtATime) {
  const auto* game = dynamic_cast<const EngineGame*>(builtin_registry().find("chang-cheng"));
  ASSERT_NE(game, nullptr);
  auto state = game->new_game(4, CheckContext{});  // 3 players
  std::vector<std::string> kinds;
  for (StepNo step = 1; state->current_player() == "chance"; ++step) {
    LegalActions legal = state->legal_actions();
    ASSERT_EQ(legal.listed.size(), 1u) << state->decision();
    kinds.emplace_back(legal.listed.front()->kind());
    EXPECT_TRUE(findings(state->apply(*legal.listed.front(), step)).empty());
  }
  std::vector<std::string> expected = {"seats", "side", "side"};
  expected.insert(expected.end(), 6, "reputation");
  expected.insert(expected.end(), 6, "threat");
  EXPECT_EQ(kinds, expected);
  const std::vector<std::string> legal = texts(state->legal_actions());
  ASSERT_FALSE(legal.empty());
  EXPECT_EQ(legal.front(), state->current_player() + ": begin");
}

// A scoring lists its reveals first, then the choices of the card that needs one, and the
// awards once no choice is missing; what follows the scoring only then.
TEST(CcEngine, AScoringListsItsRevealsChoicesAndAwards) {
  // Red's unnamed card and wall complete A1.P2 (one space, token 1).
  Driven d = start(R"(<turn colour="red"><wall space="A1.W1"/></turn>)"
                   R"(<turn colour="blue"><wall space="A1.W4"/><wall space="B1.W1"/></turn>)"
                   R"(<turn colour="red"><card province="A1.P2"/><wall space="A1.W3"/></turn>)");
  StepNo step = 0;
  for (; step < kFirstPlay + 9; ++step)  // up to red's wall
    d.engine->apply(*d.actions[step].action, step + 1);
  auto listed = [&] { return texts(d.engine->legal_actions()); };
  auto apply = [&](const std::string& text) {
    std::string error;
    auto a = d.engine->parse_action(text, error);
    ASSERT_TRUE(a) << error;
    EXPECT_TRUE(findings(d.engine->apply(**a, ++step)).empty()) << text;
  };
  // The card asks a choice: the turn cannot end before its scoring.
  EXPECT_EQ(listed(), (std::vector<std::string>{"red: score A1.P2", "red: peek A1.M2"}));
  apply("red: score A1.P2");
  EXPECT_EQ(listed(),
            (std::vector<std::string>{"red: reveal warrior", "red: reveal traitor",
                                      "red: reveal flood", "red: reveal builder",
                                      "red: reveal master-builder", "red: reveal mandarin"}));
  apply("red: reveal flood");
  EXPECT_EQ(listed(),
            (std::vector<std::string>{"red: resolve flood plus", "red: resolve flood minus"}));
  apply("red: resolve flood plus");
  // Value 1 piece + token 1 + 2; the award, or what follows the scoring.
  EXPECT_EQ(listed(),
            (std::vector<std::string>{"red: claim award 4", "red: peek A1.M2", "red: end"}));
  apply("red: claim award 4");
  EXPECT_EQ(listed(), (std::vector<std::string>{"red: peek A1.M2", "red: end"}));
}

// In the neutral-walls variant a neutral wall is listed after the action, where the turn may end
// right after it: after two walls, on one of their two provinces.
TEST(CcEngine, ANeutralWallIsListedWhereTheTurnMayEndAfterIt) {
  Driven d = start(R"(<turn colour="red"><wall space="A1.W1"/></turn>)"
                   R"(<turn colour="blue"><wall space="A1.W4"/><wall space="B1.W1"/></turn>)",
                   R"(<variant name="neutral-walls"/>)");
  auto neutrals = [&] {
    std::vector<std::string> out;
    for (const std::string& t : texts(d.engine->legal_actions()))
      if (t.find(": neutral ") != std::string::npos) out.push_back(t);
    return out;
  };
  StepNo step = 0;
  for (; step < kFirstPlay + 4; ++step)  // up to blue's first wall
    d.engine->apply(*d.actions[step].action, step + 1);
  EXPECT_EQ(neutrals(), std::vector<std::string>{});  // the action is not complete yet
  d.engine->apply(*d.actions[step].action, step + 1);
  EXPECT_EQ(neutrals(), (std::vector<std::string>{"blue: neutral A1.W5", "blue: neutral B1.W2"}));
}

// Steps outside their place are findings of their own step.
TEST(CcEngine, ABeginInATurnAnEndOutsideOneAndSeatsInTheSetUpAreFindings) {
  Driven d = start(R"(<turn colour="red"><wall space="A1.W1"/></turn>)");
  auto whole = [](const StepResult& r) {
    std::vector<std::string> out;
    for (const Finding& f : r.findings)
      out.push_back(fmt::format("{} {}", f.rule, f.message));
    return out;
  };
  std::string error;
  auto seats = d.engine->parse_action("chance: seats red blue", error);
  ASSERT_TRUE(seats) << error;
  d.engine->apply(*d.actions[0].action, 1);
  EXPECT_EQ(whole(d.engine->apply(**seats, 2)),
            (std::vector<std::string>{"CC-301 the players are already seated"}));
  Driven e = start(R"(<turn colour="red"><wall space="A1.W1"/></turn>)");
  StepNo step = 0;
  for (; step < kFirstPlay; ++step)  // up to red's begin
    e.engine->apply(*e.actions[step].action, step + 1);
  auto begin = e.engine->parse_action("blue: begin", error);
  ASSERT_TRUE(begin) << error;
  EXPECT_EQ(whole(e.engine->apply(**begin, ++step)),
            (std::vector<std::string>{
                "CC-402 turn 1 is not over: a turn begins after the last one's end"}));
  for (StepNo i = kFirstPlay; i < e.actions.size(); ++i)  // red's wall and end
    e.engine->apply(*e.actions[i].action, ++step);
  auto end = e.engine->parse_action("blue: end", error);
  ASSERT_TRUE(end) << error;
  EXPECT_EQ(
      whole(e.engine->apply(**end, ++step)),
      (std::vector<std::string>{"CC-402 no turn is under way: a turn's end follows its action"}));
}

// Once the game is over, chance states each threat token still face down before the end (the
// Mongol attack needs its value); then the game is over and its scores count the attack.
TEST(CcEngine, TheGameEndsOnceEveryThreatTokenInPlayIsKnown) {
  const auto* game = dynamic_cast<const EngineGame*>(builtin_registry().find("chang-cheng"));
  ASSERT_NE(game, nullptr);
  int revealed = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto state = game->new_game(seed, CheckContext{});
    std::mt19937_64 rng(seed);
    for (StepNo step = 1; !state->is_terminal() && step < 5000; ++step) {
      LegalActions legal = state->legal_actions();
      ASSERT_FALSE(legal.listed.empty()) << state->decision();
      if (state->decision().rfind("the game is over", 0) == 0) {
        EXPECT_EQ(state->current_player(), "chance");
        // Every listed action states a face-down token, with a value of the published range.
        for (const ActionPtr& a : legal.listed) {
          const std::string text = a->text();
          EXPECT_EQ(text.rfind("chance: threat ", 0), 0u) << text;
          const std::string value = text.substr(text.rfind(' ') + 1);
          EXPECT_TRUE(value == "-4" || value == "-3" || value == "-2") << text;
        }
        ++revealed;
      }
      std::uniform_int_distribution<std::size_t> pick(0, legal.listed.size() - 1);
      state->apply(*legal.listed[pick(rng)], step);
    }
    EXPECT_TRUE(state->is_terminal()) << "seed " << seed;
  }
  EXPECT_GT(revealed, 0);
}

// "RULE@line" with " follows L" for each error and dispute of a checked mini record.
std::vector<std::string> marks(const std::string& play, const std::string& end = "") {
  MiniRecord r;
  r.play = play;
  r.end = end;
  std::vector<std::string> out;
  const GameResult result = check_text(r.str());
  for (const Diagnostic& d : result.diagnostics.items()) {
    if (d.kind == FindingKind::info) continue;
    out.push_back(fmt::format("{}@{}{}", d.rule, d.loc.line,
                              d.follow_on ? fmt::format(" follows {}", d.follows_line) : ""));
  }
  return out;
}

TEST(CcFollowOns, AnErrorThatLeavesTheWallAsRecordedCausesNoBoardFinding) {
  // Blue's two walls in one province (CC-411) are placed as written; blue's later wall on red's
  // legal wall is an error of its own.
  const std::string play =
      "<turn colour=\"red\"><wall space=\"A1.W1\"/></turn>\n"
      "<turn colour=\"blue\"><wall space=\"A1.W4\"/><wall space=\"A1.W5\"/></turn>\n"
      "<turn colour=\"red\"><wall space=\"B1.W1\"/><wall space=\"B1.W3\"/></turn>\n"
      "<turn colour=\"blue\"><wall space=\"A1.W1\"/><wall space=\"B1.W5\"/></turn>\n";
  const std::vector<std::string> got = marks(play);
  ASSERT_EQ(got.size(), 2u) << testing::PrintToString(got);
  EXPECT_EQ(got[0].substr(0, 7), "CC-411@");
  EXPECT_EQ(got[1].find("CC-406@"), 0u);
  EXPECT_EQ(got[1].find("follows"), std::string::npos) << got[1];
}

TEST(CcFollowOns, APieceKeptOffTheWallCausesWhatReadsTheWall) {
  // Blue's wall on red's space is kept off the wall: the province the record thinks complete is
  // not, so its scoring follows from that wall.
  const std::string play =
      "<turn colour=\"red\"><wall space=\"A1.W1\"/></turn>\n"
      "<turn colour=\"blue\"><wall space=\"A1.W1\"/><wall space=\"B1.W1\"/></turn>\n"
      "<turn colour=\"red\"><wall space=\"B1.W3\"/><wall space=\"A1.W4\"/>"
      "<score province=\"A1.P1\"/></turn>\n";
  const std::vector<std::string> got = marks(play);
  ASSERT_EQ(got.size(), 2u) << testing::PrintToString(got);
  EXPECT_EQ(got[0].find("CC-406@"), 0u);
  const std::string line = got[0].substr(7);
  EXPECT_EQ(got[1].find("CC-501@"), 0u) << got[1];
  EXPECT_NE(got[1].find(" follows " + line), std::string::npos) << got[1];
}

TEST(CcFollowOns, APieceKeptOffTheWallCausesNoLaterSpaceTaken) {
  // Blue's wall on red's space is kept off the wall. Red's later wall on blue's other, legal wall
  // reads a piece the replay holds as the record does: an error of its own, not a follow-on.
  const std::string play =
      "<turn colour=\"red\"><wall space=\"A1.W1\"/></turn>\n"
      "<turn colour=\"blue\"><wall space=\"A1.W1\"/><wall space=\"B1.W1\"/></turn>\n"
      "<turn colour=\"red\"><wall space=\"B1.W1\"/><wall space=\"A1.W4\"/></turn>\n";
  const std::vector<std::string> got = marks(play);
  ASSERT_EQ(got.size(), 2u) << testing::PrintToString(got);
  EXPECT_EQ(got[0].find("CC-406@"), 0u) << got[0];
  EXPECT_EQ(got[1].find("CC-406@"), 0u) << got[1];
  EXPECT_EQ(got[1].find("follows"), std::string::npos) << got[1];
}

TEST(CcFollowOns, APieceKeptOffTheWallCausesNothingThatReadsOnlyTheRecord) {
  // Blue's wall on red's space is kept off the wall. Red's neutral wall in a game without the
  // variant reads the record's rules, not the wall: an error of its own.
  const std::string play =
      "<turn colour=\"red\"><wall space=\"A1.W1\"/></turn>\n"
      "<turn colour=\"blue\"><wall space=\"A1.W1\"/><wall space=\"B1.W1\"/></turn>\n"
      "<turn colour=\"red\"><wall space=\"B1.W3\"/><wall space=\"A1.W4\"/>"
      "<neutral space=\"B1.W4\"/></turn>\n";
  EXPECT_EQ(marks(play), (std::vector<std::string>{"CC-406@11", "CC-1101@12"}));
}

TEST(CcFollowOns, ACancelNotAppliedCausesTheChoicesItLeavesOpen) {
  // Red's warrior names a card that is not on the province: blue's flood, which the record took
  // as cancelled, stays in play and now needs a choice. That follows from the warrior's line.
  const std::string play =
      "<turn colour=\"red\"><wall space=\"A1.W1\"/></turn>\n"
      "<turn colour=\"blue\"><card province=\"A1.P3\" card=\"flood\"/>"
      "<card province=\"B1.P3\" card=\"traitor\"/></turn>\n"
      "<turn colour=\"red\"><card province=\"A1.P3\" card=\"warrior\"/>"
      "<wall space=\"A1.W4\"/></turn>\n"
      "<turn colour=\"blue\"><card province=\"A1.P3\" card=\"builder\"/>"
      "<wall space=\"A1.W5\"/>\n<score province=\"A1.P3\">\n"
      "<resolve colour=\"red\" card=\"warrior\" cancels=\"mandarin\" of=\"blue\"/>\n"
      "<resolve colour=\"blue\" card=\"builder\" effect=\"value\"/></score></turn>\n";
  EXPECT_EQ(marks(play), (std::vector<std::string>{"CC-510@15", "CC-512@14 follows 15"}));
}

TEST(CcFollowOns, ACardNamedDespiteAnErrorCausesWhatItChanges) {
  // Red names its hidden card a flood, already used: the card is taken as named, and blue's
  // flood, now one of a pair, is cancelled. Blue's choice for it follows from that reveal. Named
  // a builder instead, the card leaves the flood alone, and its own missing choice is red's.
  auto play = [](const std::string& reveal) {
    return "<turn colour=\"red\"><wall space=\"A1.W1\"/></turn>\n"
           "<turn colour=\"blue\"><card province=\"A1.P3\" card=\"flood\"/>"
           "<card province=\"B1.P3\" card=\"traitor\"/></turn>\n"
           "<turn colour=\"red\"><card province=\"B1.P1\" card=\"flood\"/>"
           "<card province=\"A1.P3\"/></turn>\n"
           "<turn colour=\"blue\"><wall space=\"A1.W4\"/><wall space=\"B1.W1\"/></turn>\n"
           "<turn colour=\"red\"><wall space=\"A1.W5\"/>\n<score province=\"A1.P3\">\n" +
           reveal +
           "\n<resolve colour=\"blue\" card=\"flood\" effect=\"plus\"/>\n"
           "</score><wall space=\"B1.W4\"/></turn>\n";
  };
  EXPECT_EQ(marks(play(R"(<reveal colour="red" card="flood"/>)")),
            (std::vector<std::string>{"CC-1201@16", "CC-503@17 follows 16"}));
  EXPECT_EQ(marks(play(R"(<reveal colour="red" card="builder"/>)")),
            (std::vector<std::string>{"CC-513@15"}));
}

// The driver asks for the end's findings on the state and the game then concludes it: the
// outcome is the one of a state concluded without asking, and asking twice changes nothing.
TEST(CcEngine, TheEndOfARecordIsClosedOnceAndConcludesAsWithoutIt) {
  for (const char* file : {"legal/three-players.xml", "legal/four-players-two-expansions.xml",
                           "legal/event-dominance-each-player.xml"}) {
    SCOPED_TRACE(file);
    Diagnostics out;
    auto doc =
        XmlDocument::parse(read_source_file(std::string("samples/chang-cheng/") + file), out);
    ASSERT_TRUE(doc.has_value());
    Diagnostics problems;
    cc::BoardCatalogue catalogue = cc::make_catalogue({}, problems);
    auto rec = cc::read_record(*doc, catalogue, {}, out);
    ASSERT_TRUE(rec.has_value());
    auto head = std::make_shared<const cc::Record>(std::move(*rec));
    const std::vector<PlacedAction> actions = cc::record_actions(*head);
    cc::Engine asked(head, {});
    for (std::size_t i = 0; i < actions.size(); ++i)
      asked.apply(*actions[i].action, static_cast<StepNo>(i + 1));
    cc::Engine plain(asked);
    cc::Engine reapplied(head, {});
    (void)reapplied.at_end_of_record();  // then dropped by the next step
    for (std::size_t i = 0; i < actions.size(); ++i)
      reapplied.apply(*actions[i].action, static_cast<StepNo>(i + 1));
    EXPECT_EQ(asked.at_end_of_record().size(), asked.at_end_of_record().size());
    auto summary = [](const cc::Outcome& o) {
      std::string s = fmt::format("finished {} steps {} ", o.finished, o.steps.size());
      for (cc::Colour c : o.seat_colours)
        s += fmt::format("{} {} ", name(c), o.state ? o.state->colour(c).score : -1);
      for (const cc::ScoringStep& step : o.steps)
        s += fmt::format("[{} {}:{}] ", step.step, step.loc.line, step.loc.column);
      return s + o.result_sentence;
    };
    const std::string expected = summary(plain.conclude(actions));
    EXPECT_NE(expected.find("finished true"), std::string::npos);
    EXPECT_EQ(summary(asked.conclude(actions)), expected);
    EXPECT_EQ(summary(reapplied.conclude(actions)), expected);
  }
}

}  // namespace
}  // namespace wallaudit::test
