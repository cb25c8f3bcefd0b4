// Great Wall of China as an engine: follow-ons come from causes (what an erroneous step
// changed), action texts, legal actions at a point of a game, and repair hints.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/check.hpp"
#include "core/registry.hpp"
#include "core/xml.hpp"
#include "great_wall/engine.hpp"
#include "support/gw_generator.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

// Red's gate against blue's wall in S1: red lays the 5 on its gate, blue wins the 3 and red
// takes its 5 back. Red 5, blue 3. Line 5 is turn 1; the <end> is on line 10.
struct Game {
  std::vector<std::string> turns{
      R"(<turn colour="red"><play section="S1" card="gate"/><draw/></turn>)",
      R"(<turn colour="blue"><play section="S1" card="wall"/><draw/></turn>)",
      R"(<turn colour="red"><score section="S1" token="5" on="1"/><play section="S2" card="wall"/><draw/></turn>)",
      R"(<turn colour="blue"><score section="S1" token="3"/><reveal section="S1" tokens="4 8"/><draw/><draw/></turn>)",
  };
  std::string finals;

  std::string str() const {
    std::string play;
    for (const auto& t : turns)
      play += t + "\n";
    return fmt::format(
        "<record game=\"great-wall-of-china\" format=\"1\">\n"
        "<players><player colour=\"red\"/><player colour=\"blue\"/></players>\n"
        "<setup><section id=\"S1\" tokens=\"3 5\"/><section id=\"S2\" tokens=\"2 7\"/></setup>\n"
        "<play>\n{}</play>\n{}</record>\n",
        play, finals.empty() ? "" : "<end>" + finals + "</end>\n");
  }
};

// "RULE@line" for a primary finding, "RULE@line<-N" for a follow-on of line N.
std::vector<std::string> marks(const GameResult& r) {
  std::vector<std::string> out;
  for (const Diagnostic& d : r.diagnostics.items()) {
    if (d.kind == FindingKind::info) continue;
    out.push_back(d.follow_on ? fmt::format("{}@{}<-{}", d.rule, d.loc.line, d.follows_line)
                              : fmt::format("{}@{}", d.rule, d.loc.line));
  }
  return out;
}

struct Case {
  std::string name;
  Game game;
  std::vector<std::string> expected;
};

Game changed(std::size_t turn, std::string text, std::string finals = "") {
  Game g;
  g.turns.at(turn - 1) = std::move(text);
  g.finals = std::move(finals);
  return g;
}

TEST(GreatWallCauses, FollowOnsComeFromWhatAnErrorChanged) {
  const std::vector<Case> cases{
      {"red's extra draw changes no score: neither claim follows from it",
       changed(1, R"(<turn colour="red"><play section="S1" card="gate"/><draw/><draw/></turn>)",
               R"(<final colour="red" points="4"/><final colour="blue" points="4"/>)"),
       {"GW-301@5", "GW-604@10", "GW-604@10"}},
      {"a wrong second token changes blue's score only: blue's claim follows from it",
       changed(
           4,
           R"(<turn colour="blue"><score section="S1" token="4"/><reveal section="S1" tokens="4 8"/><draw/><draw/></turn>)",
           R"(<final colour="red" points="9"/><final colour="blue" points="9"/>)"),
       {"GW-502@8", "GW-604@10", "GW-604@10<-8"}},
      {"a missing final of a colour whose score the error changed follows from it",
       changed(
           4,
           R"(<turn colour="blue"><score section="S1" token="4"/><reveal section="S1" tokens="4 8"/><draw/><draw/></turn>)",
           R"(<final colour="red" points="5"/>)"),
       {"GW-502@8", "GW-604@10<-8"}},
      {"two independent errors are both primary",
       [] {
         Game g = changed(
             1, R"(<turn colour="red"><play section="S1" card="gate"/><draw/><draw/></turn>)");
         g.turns[1] =
             R"(<turn colour="blue"><play section="S1" card="wall"/><draw/><draw/></turn>)";
         return g;
       }(),
       {"GW-301@5", "GW-301@6"}},
      {"blue playing first is one error: the seat order goes on from blue",
       [] {
         Game g;
         std::swap(g.turns[0], g.turns[1]);
         g.turns.resize(2);
         return g;
       }(),
       {"GW-204@5"}},
  };
  for (const Case& c : cases) {
    GameResult r = check_text(c.game.str());
    EXPECT_EQ(marks(r), c.expected) << c.name << "\n" << c.game.str();
  }
}

// Drives the engine with canonical action texts.
ReadRecord from_texts(const std::vector<std::string>& texts) {
  ReadRecord rec;
  rec.start = std::make_unique<gw::Engine>(2);
  int line = 0;
  for (const std::string& t : texts) {
    std::string error;
    auto a = rec.start->parse_action(t, error);
    EXPECT_TRUE(a.has_value()) << error;
    if (!a) continue;
    PlacedAction p;
    p.action = std::move(*a);
    p.loc = SourceLoc{static_cast<std::uint32_t>(++line), 1};
    rec.actions.push_back(std::move(p));
  }
  rec.end_loc = SourceLoc{static_cast<std::uint32_t>(line + 1), 1};
  return rec;
}

TEST(GreatWallCauses, AClaimBeforeTheFirstErrorIsNeverAFollowOn) {
  ReadRecord rec = from_texts({"chance: seats red blue", "chance: section S1 3 5",
                               "chance: section S2 2 7", "chance: start", "red: claim 3",
                               "blue: claim 0", "red: draw", "red: draw", "red: draw"});
  Diagnostics out;
  drive(rec, DriveOptions{}, out);
  std::vector<std::string> got;
  for (const Diagnostic& d : out.items())
    if (d.kind != FindingKind::info)
      got.push_back(fmt::format("{}@{}{}", d.rule, d.loc.line, d.follow_on ? " follow-on" : ""));
  EXPECT_EQ(got, (std::vector<std::string>{"GW-604@5", "GW-301@9"}));
}

// Where the trace is not complete yet: a play left out changes the sections' leads, and the
// cards of a turn out of seat order change sections, without being errors themselves; a seat
// left out or doubled changes what the set-up and every later turn read.
const std::set<gwgen::Mutation> kGaps{
    gwgen::Mutation::too_few_actions, gwgen::Mutation::after_last_round,
    gwgen::Mutation::turn_order, gwgen::Mutation::colour_twice, gwgen::Mutation::player_count};

// In a generated game with one rule broken, every later error is a follow-on of the first.
TEST(GreatWallCauses, ASingleInjectedErrorCausesEveryOtherError) {
  int checked = 0;
  int traced = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    gwgen::Game g = gwgen::generate(seed);
    for (gwgen::Mutation kind : gwgen::all_mutations()) {
      if (gwgen::is_dispute(kind)) continue;
      auto m = gwgen::mutate(g, kind, seed);
      if (!m) continue;
      GameResult r = check_text(m->xml);
      std::vector<const Diagnostic*> errors;
      for (const Diagnostic& d : r.diagnostics.items())
        if (d.kind == FindingKind::rule) errors.push_back(&d);
      ASSERT_FALSE(errors.empty()) << m->what;
      // The generator writes a turn on one line: errors on the injected error's line belong to
      // its own action or turn.
      std::size_t primary = 0;
      for (const Diagnostic* d : errors)
        if (!d->follow_on && d->loc.line != errors.front()->loc.line) ++primary;
      ++checked;
      if (kGaps.count(kind)) continue;
      ++traced;
      EXPECT_EQ(primary, 0u) << gwgen::mutation_name(kind) << " seed " << seed << ": " << m->what;
    }
  }
  EXPECT_GT(checked, 100);
  EXPECT_GT(traced, 80);
}

TEST(GreatWallEngine, ActionTextsReadBack) {
  gw::Engine e(2);
  for (const char* text :
       {"chance: seats red blue", "chance: section S1 3 5", "chance: discard S2 4 4",
        "chance: hand red wall wall gate noble warrior", "chance: start", "red: score S1 5 on 2",
        "red: score S1 4", "red: reveal S1 3 4", "red: reveal S1", "blue: discard S1 4 4",
        "red: play S1 wall", "red: play S1 warrior x2", "red: play S1 dragon on 3",
        "red: play S1 wall+gate", "red: draw", "red: draw dragon", "red: end", "red: claim 23"}) {
    std::string error;
    auto a = e.parse_action(text, error);
    ASSERT_TRUE(a.has_value()) << text << ": " << error;
    EXPECT_EQ((*a)->text(), text);
  }
  for (const char* text : {"red: seats red blue", "chance: draw", "red: play S1", "red: fly",
                           "red: score S1", "red: play S1 wall x0", "red draw"}) {
    std::string error;
    EXPECT_FALSE(e.parse_action(text, error).has_value()) << text;
    EXPECT_FALSE(error.empty()) << text;
  }
}

// The score events of the story of Game: their totals, with the terms listed when a history
// or the facts of stats are asked for (only they read the terms), without them otherwise.
TEST(GreatWallEngine, ScoreEventsListTheTermsOnlyWhenTheyAreRead) {
  const auto* game =
      dynamic_cast<const EngineGame*>(builtin_registry().find("great-wall-of-china"));
  ASSERT_NE(game, nullptr);
  auto events = [&](const CheckContext& ctx) {
    Diagnostics out;
    auto doc = XmlDocument::parse(Game{}.str(), out);
    EXPECT_TRUE(doc.has_value());
    auto record = game->read(*doc, ctx, out);
    EXPECT_TRUE(record.has_value());
    Replay replay = drive(*record, DriveOptions{}, out);
    EXPECT_EQ(replay.first_error, 0u);
    return static_cast<gw::Engine&>(*replay.state).log().steps;
  };
  CheckContext lean, history, facts;
  history.keep_history = true;
  facts.want_facts = true;
  const auto without = events(lean);
  for (const CheckContext& ctx : {history, facts}) {
    const auto with = events(ctx);
    ASSERT_EQ(with.size(), 2u);
    ASSERT_EQ(without.size(), with.size());
    for (std::size_t i = 0; i < with.size(); ++i) {
      const auto& a = without[i].event.totals;
      const auto& b = with[i].event.totals;
      ASSERT_EQ(a.size(), b.size()) << i;
      for (std::size_t k = 0; k < a.size(); ++k) {
        EXPECT_EQ(a[k].colour, b[k].colour) << i;
        EXPECT_EQ(a[k].total, b[k].total) << i;
        EXPECT_TRUE(a[k].terms.empty()) << i;
        EXPECT_FALSE(b[k].terms.empty()) << i;
      }
    }
  }
  // At blue's score, red has its gate (2) less the 5 laid on it, blue its wall (1).
  const auto steps = events(history);
  const auto& first = steps[1].event.totals;
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].total, -3);
  EXPECT_EQ(first[1].total, 1);
}

}  // namespace
}  // namespace wallaudit::test
