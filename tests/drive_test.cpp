// The generic driver (core/check.hpp) on a game of its own: where findings about an earlier
// step or about the record's end land, what they make erroneous, and which hints it offers.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <charconv>
#include <memory>
#include <string>
#include <vector>

#include "core/check.hpp"

namespace wallaudit {
namespace {

// "ACTOR: KIND [N]": `ok` does nothing; `bad` breaks a rule; `late N` finds step N broke one;
// `reads N` gives a dispute that reads step N; `end` finds something about the record's end.
class Toy final : public Action {
 public:
  Toy(std::string actor, std::string kind, StepNo n = 0)
      : actor_(std::move(actor)), kind_(std::move(kind)), n_(n) {}
  std::unique_ptr<Action> clone() const override { return std::make_unique<Toy>(*this); }
  std::string actor() const override { return actor_; }
  std::string_view kind() const override { return kind_; }
  std::string text() const override {
    return n_ ? fmt::format("{}: {} {}", actor_, kind_, n_) : fmt::format("{}: {}", actor_, kind_);
  }
  StepNo n() const { return n_; }

 private:
  std::string actor_, kind_;
  StepNo n_;
};

class ToyState final : public State {
 public:
  std::unique_ptr<State> clone() const override { return std::make_unique<ToyState>(*this); }
  std::string current_player() const override { return "red"; }
  std::string decision() const override { return "anything"; }
  LegalActions legal_actions() const override {
    LegalActions out;
    out.listed.push_back(std::make_unique<Toy>("red", "ok"));
    out.listed.push_back(std::make_unique<Toy>("chance", "ok"));
    return out;
  }
  StepResult apply(const Action& action, StepNo) override {
    const auto& t = static_cast<const Toy&>(action);
    StepResult r;
    Finding f;
    f.rule = "T-1";
    f.message = t.text();
    if (t.kind() == "bad") r.findings.push_back(f);
    if (t.kind() == "late") {
      f.at = t.n();
      f.part = 1;
      r.findings.push_back(f);
    }
    if (t.kind() == "reads") {
      f.kind = FindingKind::dispute;
      f.cause = t.n();
      r.findings.push_back(f);
    }
    if (t.kind() == "end") {
      f.kind = FindingKind::info;
      f.at = kEndOfRecord;
      r.findings.push_back(f);
    }
    return r;
  }
  std::optional<ActionPtr> parse_action(std::string_view, std::string& error) const override {
    error = "not read";
    return std::nullopt;
  }
  bool is_terminal() const override { return false; }
  std::vector<std::pair<std::string, int>> scores() const override { return {}; }
  std::string to_string() const override { return ""; }
};

// Step i stands on line 10 * i, its part 1 on column 5; `turns` gives each step's turn.
ReadRecord record(const std::vector<Toy>& actions, const std::vector<int>& turns) {
  ReadRecord rec;
  rec.start = std::make_unique<ToyState>();
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const auto line = static_cast<std::uint32_t>(10 * (i + 1));
    rec.actions.push_back(
        {actions[i].clone(), SourceLoc{line, 1}, {SourceLoc{line, 5}}, turns.at(i)});
  }
  rec.end_loc = SourceLoc{999, 1};
  return rec;
}

// "RULE line:column turn N [follows L] [hints: …]" per diagnostic, in order.
std::vector<std::string> found(const Diagnostics& out) {
  std::vector<std::string> got;
  for (const Diagnostic& d : out.items()) {
    std::string s = fmt::format("{} {}:{} turn {}", d.message, d.loc.line, d.loc.column, d.turn);
    if (d.follow_on) s += fmt::format(" follows {}", d.follows_line);
    for (const std::string& h : d.suggestions)
      s += " / " + h;
    got.push_back(s);
  }
  return got;
}

TEST(Parts, HoldSevenInPlaceAndMoreOnTheHeapAndCopyByValue) {
  auto loc = [](std::uint32_t n) { return SourceLoc{n, n + 1}; };
  Parts parts{loc(1), loc(2)};
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[1], loc(2));
  for (std::uint32_t n = 3; n <= 10; ++n)  // past the seven held in place
    parts.push_back(loc(n));
  ASSERT_EQ(parts.size(), 10u);
  for (std::uint32_t n = 1; n <= 10; ++n)
    EXPECT_EQ(parts[n - 1], loc(n));
  Parts copy = parts;
  copy[0] = loc(99);
  EXPECT_EQ(parts[0], loc(1));
  Parts moved = std::move(copy);
  EXPECT_TRUE(copy.empty());
  EXPECT_EQ(moved.size(), 10u);
  EXPECT_EQ(moved[0], loc(99));
  EXPECT_EQ(moved.back(), loc(10));
  moved = {loc(5)};
  ASSERT_EQ(moved.size(), 1u);
  EXPECT_EQ(moved[0], loc(5));
  moved.resize(3);  // grows with unknown positions
  ASSERT_EQ(moved.size(), 3u);
  EXPECT_EQ(moved[0], loc(5));
  EXPECT_FALSE(moved[1].known());
  EXPECT_FALSE(moved[2].known());
  Parts small{loc(7)};
  parts = small;  // a long list assigned a short one
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0], loc(7));
  PlacedAction placed;
  placed.loc = loc(1);
  placed.parts = {loc(2), SourceLoc{}};
  EXPECT_EQ(placed.where(1), loc(2));
  EXPECT_EQ(placed.where(2), loc(1));  // unknown: the element
  EXPECT_EQ(placed.where(3), loc(1));  // none such: the element
}

TEST(ActionStore, ActionsOutliveTheStoreAndKeepWhatTheyReferTo) {
  auto board = std::make_shared<const std::string>("the board");
  std::weak_ptr<const std::string> watch = board;
  std::vector<std::shared_ptr<const Action>> kept;
  {
    ActionStore<Toy> store(3, std::move(board));
    for (StepNo n = 1; n <= 20; ++n)  // past the three reserved: further blocks
      kept.push_back(store.make("red", "wall", n));
    auto* first = static_cast<const Toy*>(kept[0].get());
    EXPECT_EQ(kept[1].get(), first + 1);  // the reserved ones share one block
  }
  for (StepNo n = 1; n <= 20; ++n)  // no block moved an action already handed out
    EXPECT_EQ(kept[n - 1]->text(), fmt::format("red: wall {}", n));
  EXPECT_FALSE(watch.expired());  // held by the actions, not by the store
  kept.clear();
  EXPECT_TRUE(watch.expired());
}

TEST(SharedRef, HoldsOrOnlyPointsAndCopiesEitherWay) {
  auto board = std::make_shared<const std::string>("the board");
  SharedRef<std::string> held(board);
  SharedRef<std::string> borrowed = SharedRef<std::string>::borrowed(board.get());
  EXPECT_EQ(board.use_count(), 2);  // the held one counts, the borrowed one does not
  SharedRef<std::string> copy = borrowed;
  EXPECT_EQ(board.use_count(), 2);
  EXPECT_EQ(*copy, "the board");
  EXPECT_EQ(held.get(), borrowed.get());
  EXPECT_FALSE(SharedRef<std::string>());
  std::weak_ptr<const std::string> watch = board;
  board.reset();
  EXPECT_FALSE(watch.expired());  // the held copy keeps it
  EXPECT_EQ(*held, "the board");
}

TEST(Drive, AFindingAboutAnEarlierStepStandsThereAndMakesItErroneous) {
  ReadRecord rec = record({{"red", "ok"}, {"red", "ok"}, {"red", "late", 1}, {"blue", "reads", 1}},
                          {1, 1, 2, 2});
  Diagnostics out;
  Replay replay = drive(rec, DriveOptions{}, out);
  EXPECT_EQ(found(out), (std::vector<std::string>{"red: late 1 10:5 turn 1",
                                                  "blue: reads 1 40:1 turn 2 follows 10"}));
  EXPECT_EQ(replay.erroneous, (std::vector<bool>{true, false, false, false}));
  EXPECT_EQ(replay.first_error, 1u);
}

TEST(Drive, AFindingJudgedAfterPlayKeepsTheEndsTurn) {
  ReadRecord rec = record({{"red", "ok"}, {"chance", "late", 1}, {"red", "end"}}, {3, 0, 0});
  Diagnostics out;
  drive(rec, DriveOptions{}, out);
  EXPECT_EQ(found(out),
            (std::vector<std::string>{"chance: late 1 10:5 turn 0", "red: end 999:1 turn 0"}));
}

TEST(Drive, HintsGoOnlyToAStepsOwnErrorsAndNeverOfferAPlayerForChance) {
  ReadRecord rec =
      record({{"red", "bad"}, {"chance", "bad"}, {"red", "ok"}, {"red", "late", 3}}, {1, 1, 1, 1});
  Diagnostics out;
  drive(rec, DriveOptions{}, out);
  EXPECT_EQ(found(out), (std::vector<std::string>{"red: bad 10:1 turn 1 / red: ok / chance: ok",
                                                  "chance: bad 20:1 turn 1 / chance: ok",
                                                  "red: late 3 30:5 turn 1"}));
}

}  // namespace
}  // namespace wallaudit
