// The Dschingis Bohn engine driven directly: the legal actions of a decision (what `moves`
// lists) and the repair hints the driver computes from them.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/check.hpp"
#include "core/xml.hpp"
#include "dschingis_bohn/actions.hpp"
#include "dschingis_bohn/engine.hpp"
#include "dschingis_bohn/reader.hpp"
#include "support/db_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

// The engine after the first `steps` actions of `text`.
std::unique_ptr<State> after(const std::string& text, std::size_t steps) {
  Diagnostics out;
  auto doc = XmlDocument::parse(text, out);
  EXPECT_TRUE(doc.has_value());
  Diagnostics problems;
  db::MapCatalogue catalogue = db::make_catalogue({}, problems);
  auto rec = db::read_record(*doc, catalogue, {}, {}, out);
  EXPECT_TRUE(rec.has_value());
  std::unique_ptr<State> state = std::make_unique<db::Engine>(
      rec->map, rec->effective,
      db::Engine::RecordShape{rec->end.present, static_cast<int>(rec->turns.size())});
  auto actions = db::record_actions(*rec);
  for (std::size_t i = 0; i < steps && i < actions.size(); ++i)
    state->apply(*actions[i].action, static_cast<StepNo>(i + 1));
  return state;
}

// The legal actions grouped by kind, as `moves` shows them.
std::string listing(const State& state) {
  std::string out = state.decision() + "\n";
  LegalActions legal = state.legal_actions();
  std::map<std::string, std::vector<std::string>> by_kind;
  std::vector<std::string> order;
  for (const auto& a : legal.listed) {
    std::string kind(a->kind());
    if (!by_kind.count(kind)) order.push_back(kind);
    by_kind[kind].push_back(a->text());
  }
  for (const auto& kind : order) {
    out += kind + ":\n";
    for (const auto& t : by_kind[kind])
      out += "  " + t + "\n";
  }
  for (const auto& f : legal.described)
    out += f.kind + ": " + f.bounds + "\n";
  return out;
}

TEST(DbEngine, LegalActionsOfADecision) {
  const std::string trade =
      "trade: red gives turned-up or hand cards to another player for cards of that player's "
      "hand (step 2; at least one card)\n"
      "donate: red gives turned-up or hand cards to another player, or takes cards of that "
      "player's hand, for nothing (step 2)\n";
  const std::string claim =
      "claim: a colour's VP claimed during play or at the end, or the end's reason (any figure: "
      "a wrong one is a dispute)\n";
  const std::string cart =
      "buy-cart: a forest's owner buys a cart with 3 thalers, named (the turn's player or "
      "another)\n";
  const std::string text = db_record(db_opening()).str();
  EXPECT_EQ(listing(*after(text, 0)),
            "the set-up\nsetup: the players, territory cards, camps and, where known, the hands "
            "and the deck\n");
  EXPECT_EQ(listing(*after(text, 1)),
            "turn 1, red: the start of the turn\nturn:\n  red: turn\n" + claim);
  // Red's hand is soy soy chili red blue: step 1 plants the front soy, into an empty field
  // (field 3 is not bought).
  EXPECT_EQ(listing(*after(text, 2)),
            "turn 1, red: step 1, planting from the hand\nplant:\n  red: plant soy 1\n"
            "  red: plant soy 2\n" +
                claim + trade + cart);
  // After two soy and the turn-up of soy and red: the turned-up cards, or a harvest.
  EXPECT_EQ(listing(*after(text, 5)),
            "turn 1, red: step 2, turning up and trading\nplant:\n  red: plant soy 1\n"
            "  red: plant soy 2\n  red: plant red 2\nharvest:\n  red: harvest 1\n" +
                claim + trade +
                "harvest: a harvest listed here with its claims written (coins=, bean=, "
                "cards=)\n" +
                cart);
  // Blue's turn: only blue may begin it.
  auto between = after(text, 9);
  EXPECT_EQ(between->current_player(), "blue");
  LegalActions legal = between->legal_actions();
  ASSERT_EQ(legal.listed.size(), 1u);
  EXPECT_EQ(legal.listed[0]->text(), "blue: turn");
}

// The driver's repair hints: the nearest legal actions of the decision, the same kind first.
TEST(DbEngine, RepairHintsAreTheNearestLegalActions) {
  GameResult r = check_text(
      db_record(
          {R"(<turn colour="red"><plant bean="chili" field="2"/><turn-up beans="soy chili"/><plant bean="soy" field="1"/><plant bean="chili" field="2"/><draw count="3"/></turn>)"})
          .str());
  auto rules = findings(r, FindingKind::rule);
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(rules[0]->rule, "DB-404");
  EXPECT_EQ(rules[0]->suggestions,
            (std::vector<std::string>{"red: plant soy 2", "red: plant soy 1"}));
}

}  // namespace
}  // namespace wallaudit::test

namespace wallaudit::test {
namespace {

// Repair hints on illegal samples: the error's own decision, replayed up to it.
TEST(DbEngine, RepairHintsOnSamples) {
  struct Case {
    std::string sample, rule;
    std::vector<std::string> hints;
  };
  const std::vector<Case> cases{
      // black attacks its own 01: the spaces next to it
      {"illegal/battle-for-own-territory.xml",
       "DB-603",
       {"black: battle 02", "black: battle 04", "black: battle 05"}},
      // red plants a blue on its garden: the blue into the other field first
      {"illegal/wrong-bean-field.xml",
       "DB-403",
       {"red: plant blue 1", "black: plant garden 2", "black: harvest 1"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.sample);
    GameResult r = check_text(read_source_file("samples/dschingis-bohn/" + c.sample));
    auto rules = findings(r, FindingKind::rule);
    ASSERT_FALSE(rules.empty());
    EXPECT_EQ(rules[0]->rule, c.rule);
    EXPECT_EQ(rules[0]->suggestions, c.hints);
  }
}

}  // namespace
}  // namespace wallaudit::test
