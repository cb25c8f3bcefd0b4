// Dschingis Bohn follow-ons come from causes: a finding follows from an earlier error exactly
// when what it reads (a player's cards, a player's VP, the deck and the turn order) was
// changed by that error.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/db_generator.hpp"
#include "support/db_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

std::string replace(std::string s, const std::string& from, const std::string& to) {
  auto at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

// One finding as the test expects it: its rule, its line, and the line it follows from (0:
// primary).
struct Expected {
  std::string rule;
  std::uint32_t line = 0;
  std::uint32_t follows = 0;
  friend bool operator==(const Expected&, const Expected&) = default;
};

std::string show(const std::vector<Expected>& v) {
  std::string out;
  for (const auto& e : v)
    out += fmt::format("  {} line {} follows {}\n", e.rule, e.line, e.follows);
  return out;
}

struct Case {
  std::string name;
  DbTurns turns;
  std::vector<Expected> expected;  // rule findings and disputes, in the order reported
};

TEST(DbFollowOns, FromCausesNotFromOrder) {
  const DbTurns op = db_opening();
  // Red leaves step 1 out (DB-404 at its turn-up, line 16); blue plants a stink on its chili
  // (DB-403, line 17), and its next plant reads that field. Neither error changes the other
  // player's cards or anybody's VP.
  const std::string red_error =
      replace(op[0], R"(<plant bean="soy" field="1"/><plant bean="soy" field="1"/>)", "");
  const std::string blue_error = replace(op[1], R"(<plant bean="stink" field="2"/><turn-up)",
                                         R"(<plant bean="stink" field="1"/><turn-up)");
  const std::string red_claim = R"(<vp colour="red" points="4"/>)";  // red has 1 VP
  const std::vector<Case> cases{
      {"two independent errors are both primary",
       {red_error, blue_error},
       {{"DB-404", 16, 0}, {"DB-403", 17, 0}, {"DB-403", 17, 17}}},
      {"a claim before the first error is never a follow-on",
       {replace(op[0], "<plant", red_claim + "<plant"), blue_error},
       {{"DB-403", 17, 0}, {"DB-403", 17, 17}, {"DB-1005", 16, 0}}},
      {"a claim of a colour whose VP no error changed is not a follow-on",
       {red_error, blue_error, replace(op[2], "<plant", red_claim + "<plant")},
       {{"DB-404", 16, 0}, {"DB-403", 17, 0}, {"DB-403", 17, 17}, {"DB-1005", 18, 0}}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    GameResult r = check_text(db_record(c.turns).str());
    std::vector<Expected> got;
    for (const auto& d : r.diagnostics.items())
      if (d.kind == FindingKind::rule || d.kind == FindingKind::dispute)
        got.push_back({d.rule, d.loc.line, d.follow_on ? d.follows_line : 0});
    EXPECT_EQ(got, c.expected) << "got:\n" << show(got) << "expected:\n" << show(c.expected);
  }
}

}  // namespace
}  // namespace wallaudit::test

namespace wallaudit::test {
namespace {

// A record with a single injected error: every other error and dispute follows from it (or
// stands on its line: the same element, or a turn written on one line). A follow-on names the
// line of the erroneous action: for an error of the set-up, the <setup> element.
TEST(DbFollowOns, ASingleInjectedErrorIsTheCauseOfEveryOtherFinding) {
  int checked = 0, failures = 0;
  for (DbMutation kind : all_db_mutations()) {
    if (db_is_dispute(kind)) continue;
    int applied = 0;
    for (std::uint64_t seed = 1; seed <= 200 && applied < 4; ++seed) {
      DbGeneratorOptions options;
      options.claims = true;
      auto mutated = mutate_db_game(generate_db_game(seed * 104729 + 11, options), kind, seed);
      if (!mutated) continue;
      ++applied;
      ++checked;
      GameResult r = check_text(mutated->xml);
      const Diagnostic* first = nullptr;
      for (const auto& d : r.diagnostics.items()) {
        if (d.kind != FindingKind::rule && d.kind != FindingKind::dispute) continue;
        if (!first && d.kind == FindingKind::rule) {
          first = &d;
          continue;
        }
        if (!first || d.loc.line == first->loc.line) continue;
        const std::uint32_t cause =
            first->turn == 0 ? LineIndex(mutated->xml).locate(mutated->xml.find("<setup>")).line
                             : first->loc.line;
        if (!d.follow_on || d.follows_line != cause) {
          if (++failures <= 12)
            ADD_FAILURE() << db_mutation_name(kind) << " seed " << seed << ": " << d.rule
                          << " at line " << d.loc.line << " " << d.message
                          << (d.follow_on ? " follows " + std::to_string(d.follows_line)
                                          : std::string(" is primary"))
                          << "; first error " << first->rule << " at line " << first->loc.line;
        }
      }
    }
  }
  EXPECT_GT(checked, 60);
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace wallaudit::test
