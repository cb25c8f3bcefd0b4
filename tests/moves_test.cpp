// The text and JSON of `wallaudit moves`, from a view built by hand (the command's runs on
// records of every game are in the CLI tests).
#include <gtest/gtest.h>

#include <sstream>

#include "report/moves.hpp"

namespace wallaudit {
namespace {

class Named final : public Action {
 public:
  Named(std::string actor, std::string kind, std::string rest)
      : actor_(std::move(actor)), kind_(std::move(kind)), rest_(std::move(rest)) {}
  ActionPtr clone() const override { return std::make_unique<Named>(*this); }
  std::string actor() const override { return actor_; }
  std::string_view kind() const override { return kind_; }
  std::string text() const override {
    return actor_ + ": " + kind_ + (rest_.empty() ? "" : " " + rest_);
  }

 private:
  std::string actor_, kind_, rest_;
};

report::MovesView view_with(int walls) {
  report::MovesView v;
  v.file = "game.xml";
  v.game = "chang-cheng";
  v.game_title = "Chang Cheng";
  v.after_turn = 12;
  v.turns = 40;
  v.player = "red";
  v.decision = "turn 13, red: up to two walls, or a pass";
  LegalActions legal;
  for (int i = 1; i <= walls; ++i)
    legal.listed.push_back(std::make_unique<Named>("red", "wall", "2A.W" + std::to_string(i)));
  legal.listed.push_back(std::make_unique<Named>("red", "pass", ""));
  legal.described.push_back({"trade", "give 1 to 7 of one resource for 1 to 7 of another"});
  report::group_actions(legal, v);
  return v;
}

TEST(Moves, TextGroupsByKindInColumns) {
  EXPECT_EQ(report::moves_text(view_with(5)),
            "game.xml: Chang Cheng, after turn 12 of 40\n"
            "next: turn 13, red: up to two walls, or a pass\n"
            "  wall (5 actions, each \"red: …\"):\n"
            "    wall 2A.W1  wall 2A.W2  wall 2A.W3  wall 2A.W4  wall 2A.W5\n"
            "  pass (1 action, each \"red: …\"):\n"
            "    pass\n"
            "  trade (too many to list): give 1 to 7 of one resource for 1 to 7 of another\n");
}

TEST(Moves, EveryLineFitsEightyColumns) {
  report::MovesView v = view_with(300);
  v.errors.emplace_back();
  v.errors.back().rule = "CC-406";
  v.errors.back().turn = 3;
  v.errors.back().loc = {57, 7};
  v.errors.back().message = std::string(200, 'x') + " and a long message that goes on";
  v.described.push_back({"donation", std::string(150, 'y')});
  std::istringstream lines(report::moves_text(v));
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    EXPECT_LE(utf8_length(line), 80u) << line;
    ++count;
  }
  EXPECT_GT(count, 40);
}

TEST(Moves, JsonGivesCanonicalStrings) {
  report::MovesView v = view_with(2);
  EXPECT_EQ(report::moves_json(v),
            "{\"file\":\"game.xml\",\"game\":\"chang-cheng\",\"after_turn\":12,\"turns\":40,"
            "\"player\":\"red\",\"decision\":\"turn 13, red: up to two walls, or a pass\","
            "\"terminal\":false,\"illegal_before\":false,\"diagnostics\":[],"
            "\"actions\":{\"wall\":[\"red: wall 2A.W1\",\"red: wall 2A.W2\"],"
            "\"pass\":[\"red: pass\"]},\"described\":[{\"kind\":\"trade\",\"bounds\":"
            "\"give 1 to 7 of one resource for 1 to 7 of another\"}]}\n");
}

TEST(Moves, TheEndOfTheGameListsNothing) {
  report::MovesView v;
  v.file = "g.xml";
  v.game_title = "Great Wall of China";
  v.after_turn = 30;
  v.turns = 30;
  v.at_end = true;
  v.terminal = true;
  EXPECT_EQ(report::moves_text(v),
            "g.xml: Great Wall of China, after turn 30, where the record stops\n"
            "the game is over: nobody acts\n");
}

}  // namespace
}  // namespace wallaudit
