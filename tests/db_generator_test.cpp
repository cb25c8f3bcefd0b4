// Random legal Dschingis Bohn games from an independent implementation of the rules
// (support/db_generator.*) must pass the checker unchanged: verdict ok, the generator's VP,
// winners and ending; between them they must exercise every option, both ends and the hidden
// cards. Single-rule mutations of them must be judged illegal with exactly the broken rule
// first, at the turn broken; changed claims must make them disputed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "support/db_generator.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

// At least 1,000 games in every build, the sanitizer build included.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kGames = 1000;
#else
constexpr int kGames = 1500;
#endif

// The structural choices cycle so that every class is met often; the rest is random per seed.
DbGeneratorOptions options_for(int i) {
  DbGeneratorOptions o;
  o.players = 3 + i % 3;
  if (i % 7 == 0) o.map = DbMapChoice::inline_map;
  if (i % 5 == 0) o.deck_given = true;
  if (i % 4 == 1) o.hands_given = true;
  if (i % 6 == 2) o.named_rate = 0.0;
  if (i % 6 == 3) o.named_rate = 1.0;
  if (i % 9 == 4) o.pos_rate = 0.0;
  if (i % 13 == 0) o.unfinished = true;
  if (i % 11 == 3) o.aggression = 1.0;
  return o;
}

std::string listing(const GameResult& r, std::size_t n = 6) {
  std::string out;
  std::size_t k = 0;
  for (const auto& d : r.diagnostics.items()) {
    if (d.kind == FindingKind::info) continue;
    if (k++ == n) break;
    out += "    " + d.rule + " turn " + std::to_string(d.turn) + " line " +
           std::to_string(d.loc.line) + (d.follow_on ? " (follow-on)" : "") + ": " + d.message +
           "\n";
  }
  return out;
}

struct Checked {
  std::uint64_t seed = 0;
  std::string description;
  std::string verdict;
  std::string diagnostics;
  std::map<std::string, int> expected_vp, vp;
  std::vector<std::string> expected_winners, winners;
  bool expected_finished = false, finished = false;
  std::string expected_end, end;
  std::set<std::string> features;
};

class DbGeneratedGames : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    checked_ = new std::vector<Checked>;
    for (int i = 1; i <= kGames; ++i) {
      DbGeneratedGame g =
          generate_db_game(static_cast<std::uint64_t>(i) * 104729 + 17, options_for(i));
      GameResult r = check_text(g.xml());
      Checked c;
      c.seed = g.seed;
      c.description = g.description;
      c.verdict = std::string(to_string(r.verdict));
      c.diagnostics = listing(r);
      c.expected_vp = g.vp;
      for (const auto& [colour, points] : r.scores)
        c.vp[colour] = points;
      c.expected_winners = g.winners;
      c.winners = r.winners;
      c.expected_finished = g.finished;
      c.finished = r.finished;
      c.expected_end = g.end_reason;
      c.end = r.ended_by;
      c.features = g.features;
      checked_->push_back(std::move(c));
    }
  }
  static void TearDownTestSuite() {
    delete checked_;
    checked_ = nullptr;
  }
  static std::vector<Checked>* checked_;
};

std::vector<Checked>* DbGeneratedGames::checked_ = nullptr;

TEST_F(DbGeneratedGames, AreJudgedOkWithTheGeneratorsOutcome) {
  int failures = 0;
  for (const auto& c : *checked_) {
    bool ok = c.verdict == "ok" && c.vp == c.expected_vp && c.winners == c.expected_winners &&
              c.finished == c.expected_finished && c.end == c.expected_end;
    if (!ok && ++failures <= 5) {
      std::string vp, want;
      for (const auto& [k, v] : c.vp)
        vp += k + " " + std::to_string(v) + " ";
      for (const auto& [k, v] : c.expected_vp)
        want += k + " " + std::to_string(v) + " ";
      ADD_FAILURE() << c.description << "\n  verdict " << c.verdict << "; VP " << vp << "expected "
                    << want << "; finished " << c.finished << " expected " << c.expected_finished
                    << "; end '" << c.end << "' expected '" << c.expected_end << "'\n"
                    << c.diagnostics;
    }
  }
  EXPECT_EQ(failures, 0) << failures << " of " << checked_->size() << " games misjudged";
  EXPECT_GE(checked_->size(), 1000u);
}

// Between them the games exercise every option, player count, both ends and the hidden cards.
TEST_F(DbGeneratedGames, CoverTheRulesAndOptions) {
  std::map<std::string, int> seen;
  for (const auto& c : *checked_)
    for (const auto& f : c.features)
      ++seen[f];
  for (const char* f : {"players:3",
                        "players:4",
                        "players:5",
                        "option:razing=on",
                        "option:razing=off",
                        "option:diamond=once",
                        "option:diamond=per-field",
                        "option:beans=eleven",
                        "option:beans=eight",
                        "option:card-set=any-from-box",
                        "option:card-set=by-player-count",
                        "option:third-field=buyable",
                        "option:third-field=none",
                        "end:deck",
                        "end:last-territory",
                        "unfinished",
                        "map:inline",
                        "deck given",
                        "hands given",
                        "reshuffle hidden",
                        "reshuffle with order",
                        "turn-up split by a reshuffle",
                        "draw split by a reshuffle",
                        "diamond flip kept",
                        "diamond flip discarded",
                        "diamond flip before a reshuffle",
                        "third exhaustion in steps 2-3",
                        "third exhaustion in step 4",
                        "third exhaustion in a battle",
                        "battle reshuffle at the third exhaustion",
                        "cavalry attack",
                        "cavalry second round",
                        "hand attack",
                        "deck attack",
                        "hand defence",
                        "defence raised to a minimum",
                        "tie to the defender",
                        "attack across a river",
                        "city razed",
                        "captured:camp",
                        "captured:city",
                        "captured:forest",
                        "captured:village",
                        "captured from a player",
                        "cart bought",
                        "cart bought in another's turn",
                        "take named",
                        "take counted",
                        "third field bought",
                        "trade",
                        "trade gives a hand card",
                        "donation to",
                        "donation from",
                        "harvest of a single card",
                        "payment named",
                        "card left a hand without pos",
                        "village draw",
                        "shared win"})
    EXPECT_GT(seen[f], 0) << "no generated game exercised: " << f;
}

}  // namespace
}  // namespace wallaudit::test

namespace wallaudit::test {
namespace {

// Games that offer a place for the mutation more often than a random game does.
DbGeneratorOptions mutation_options(DbMutation m, int round) {
  DbGeneratorOptions o;
  o.players = 3 + round % 3;
  o.unfinished = false;
  switch (m) {
    case DbMutation::supply_exceeded:
    case DbMutation::hand_size:
      o.hands_given = true;
      break;
    case DbMutation::known_deck_mismatch:
      o.deck_given = true;
      o.named_rate = 1.0;
      o.order_rate = 1.0;
      break;
    case DbMutation::reshuffle_bad_order:
      o.order_rate = 1.0;
      break;
    case DbMutation::take_unnamed_known_cart:
      o.deck_given = true;
      o.order_rate = 1.0;
      o.rules["card-set"] = "any-from-box";
      o.aggression = 1.0;
      break;
    case DbMutation::second_cart:
    case DbMutation::cart_owner_draws:
      o.aggression = 1.0;
      break;
    case DbMutation::second_field:
      o.rules["third-field"] = "buyable";
      break;
    case DbMutation::pos_beyond_hand:
      o.pos_rate = 1.0;
      break;
    case DbMutation::step1_wrong_front:
      o.hands_given = true;
      break;
    case DbMutation::round_after_cavalry_win:
      o.aggression = 1.0;
      break;
    case DbMutation::target_river:
      o.players = 4 + round % 2;  // rivers are in play for 4 and 5 players
      o.rules["card-set"] = "by-player-count";
      break;
    case DbMutation::buy_field_without_option:
    case DbMutation::card_set_wrong:
      o.rules["third-field"] = "none";
      o.rules["card-set"] = "by-player-count";
      o.map = DbMapChoice::builtin;
      break;
    case DbMutation::open_site_missing:
      o.map = DbMapChoice::builtin;
      break;
    case DbMutation::vp_claim_changed:
    case DbMutation::coins_claim_changed:
    case DbMutation::result_claim_changed:
    case DbMutation::final_changed:
    case DbMutation::final_missing:
    case DbMutation::end_reason_changed:
      o.claims = true;
      o.unfinished = round % 4 == 0;
      break;
    default:
      break;
  }
  return o;
}

int wanted(DbMutation m) {
  switch (m) {
    case DbMutation::take_unnamed_known_cart:
    case DbMutation::second_cart:
      return 8;
    default:
      return 25;
  }
}

class DbSingleRuleMutation : public ::testing::TestWithParam<DbMutation> {};

// The broken record is illegal and its first rule finding is the broken rule, at the turn
// broken, not a follow-on; a changed claim makes the record disputed instead, with a DB-1005
// finding at that turn naming both figures.
TEST_P(DbSingleRuleMutation, CheckerNamesTheBrokenRuleFirstAtItsTurn) {
  const DbMutation kind = GetParam();
  const int want = wanted(kind);
  int applied = 0, failures = 0;
  for (int seed = 1; seed <= 1500 && applied < want; ++seed) {
    DbGeneratedGame game =
        generate_db_game(static_cast<std::uint64_t>(seed) * 7919 + 3, mutation_options(kind, seed));
    auto mutated = mutate_db_game(game, kind, static_cast<std::uint64_t>(seed));
    if (!mutated) continue;
    ++applied;
    GameResult r = check_text(mutated->xml);
    std::string context = std::string(db_mutation_name(kind)) + " (" + mutated->what + ") of " +
                          game.description + "; expected " + mutated->rule + " at turn " +
                          std::to_string(mutated->turn) + "\n" + listing(r);
    bool ok;
    if (db_is_dispute(kind)) {
      bool named = false;
      for (const Diagnostic* d : findings(r, FindingKind::dispute)) {
        if (d->rule != "DB-1005" || d->turn != mutated->turn) continue;
        if (!mutated->figures ||
            (d->message.find(std::to_string((*mutated->figures)[0])) != std::string::npos &&
             d->message.find(std::to_string((*mutated->figures)[1])) != std::string::npos))
          named = true;
      }
      ok = to_string(r.verdict) == std::string("disputed") && named;
    } else {
      auto rules = findings(r, FindingKind::rule);
      ok = to_string(r.verdict) == std::string("illegal") && !rules.empty() &&
           rules.front()->rule == mutated->rule && rules.front()->turn == mutated->turn &&
           !rules.front()->follow_on;
    }
    if (!ok && ++failures <= 3) {
      ADD_FAILURE() << context << "verdict " << to_string(r.verdict);
      if (std::getenv("MUT_DUMP")) std::cerr << mutated->xml;
    }
  }
  EXPECT_GE(applied, want) << "too few games offer a place for " << db_mutation_name(kind);
  EXPECT_EQ(failures, 0) << failures << " of " << applied << " mutated records misjudged";
}

INSTANTIATE_TEST_SUITE_P(AllKinds, DbSingleRuleMutation, ::testing::ValuesIn(all_db_mutations()),
                         [](const ::testing::TestParamInfo<DbMutation>& info) {
                           return std::string(db_mutation_name(info.param));
                         });

TEST(DbSingleRuleMutationTable, EveryKindHasARuleId) {
  for (DbMutation m : all_db_mutations())
    EXPECT_EQ(db_expected_rule(m).substr(0, 3), "DB-") << db_mutation_name(m);
}

}  // namespace
}  // namespace wallaudit::test
