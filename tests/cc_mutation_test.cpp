// Single-rule mutations of generated legal games: the checker must call each broken record
// illegal, name the broken rule first, at the right turn, and not as a follow-on; a changed
// claim must make the record disputed with a CC-804 finding that names both figures.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "support/cc_generator.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

std::string listing(const GameResult& r, std::size_t n = 6) {
  std::string out;
  for (std::size_t i = 0; i < r.diagnostics.items().size() && i < n; ++i) {
    const auto& d = r.diagnostics.items()[i];
    out += "    " + d.rule + " turn " + std::to_string(d.turn) + " line " +
           std::to_string(d.loc.line) + (d.follow_on ? " (follow-on)" : "") + ": " + d.message +
           "\n";
  }
  return out;
}

// Games that offer a place for the mutation more often than a random game does.
GeneratorOptions options_for(Mutation m, int round) {
  GeneratorOptions o;
  switch (m) {
    case Mutation::scores_out_of_order:
      o.players = 4;
      o.completion_bias = 1.0;
      break;
    case Mutation::second_neutral:
    case Mutation::piece_after_neutral:
    case Mutation::wall_after_neutral_on_its_province:
    case Mutation::neutral_wrong_province:
      o.variant = GenVariant::neutral_walls;
      break;
    case Mutation::neutral_on_claimed_space:
    case Mutation::neutral_beside_two_cards:
      o.variant = GenVariant::neutral_walls;
      break;
    case Mutation::team_partial_while_partner_can:
    case Mutation::team_pass_while_partner_can:
      o.variant = GenVariant::teams;
      break;
    case Mutation::edge_mismatch_at_setup:
    case Mutation::edge_mismatch_at_expansion:
    case Mutation::token_mix_exceeded:
      o.inline_boards = true;
      break;
    case Mutation::thirteenth_neutral:
      o.variant = GenVariant::neutral_walls;
      o.neutral_rate = 1.0;
      break;
    case Mutation::first_turn_neutral:
      o.variant = GenVariant::neutral_walls;
      break;
    case Mutation::peek_after_neutral:
      o.variant = GenVariant::neutral_walls;
      o.peeks = true;
      break;
    case Mutation::neutral_without_variant:
      o.variant = GenVariant::none;
      break;
    case Mutation::flood_minus_plus_only:
      if (round % 2 == 0) o.rules["flood"] = "plus-only";
      break;
    case Mutation::unnamed_card_scored:
    case Mutation::reveal_of_used_card:
    case Mutation::reveal_after_resolve:
      o.naming = CardNaming::at_reveal;
      break;
    case Mutation::award_changed:
    case Mutation::bonus_changed:
    case Mutation::loss_changed:
    case Mutation::event_changed:
    case Mutation::final_changed:
    case Mutation::final_missing:
    case Mutation::loss_missing:
      o.unfinished = round % 5 == 0;
      break;
    default:
      break;
  }
  if (!o.variant && !o.players && round % 3 == 1) o.players = 2 + round % 3;
  return o;
}

// Mutated records checked per kind; fewer for the kinds that need a rare situation.
int wanted(Mutation m) {
  switch (m) {
    case Mutation::scores_out_of_order:
    case Mutation::thirteenth_neutral:
    case Mutation::fifteenth_single_wall:
    case Mutation::pass_with_double_or_tower_left:
    case Mutation::team_pass_while_partner_can:
    case Mutation::team_partial_while_partner_can:
    case Mutation::neutral_on_claimed_space:
      return 10;
    default:
      return 30;
  }
}

class SingleRuleMutation : public ::testing::TestWithParam<Mutation> {};

// The broken record is illegal and its first rule finding is the broken rule, at the turn
// broken, not a follow-on; a changed claim makes the record disputed instead.
TEST_P(SingleRuleMutation, CheckerNamesTheBrokenRuleFirstAtItsTurn) {
  const Mutation kind = GetParam();
  const int kWanted = wanted(kind);
  constexpr int kSeeds = 3000;  // games tried at most
  int applied = 0, failures = 0;
  for (int seed = 1; seed <= kSeeds && applied < kWanted; ++seed) {
    GeneratedGame game =
        generate_game(static_cast<std::uint64_t>(seed) * 7919 + 3, options_for(kind, seed));
    auto mutated = mutate(game, kind, static_cast<std::uint64_t>(seed));
    if (!mutated) continue;
    // Only games the checker accepts unmutated isolate the mutation; the others are
    // cc_generator_test's findings.
    if (to_string(check_text(game.xml).verdict) != "ok") continue;
    ++applied;
    GameResult r = check_text(mutated->xml);
    std::string context = "mutation " + std::string(mutation_name(kind)) + " (" + mutated->what +
                          ") of " + game.description + "; expected " + mutated->rule + " at turn " +
                          std::to_string(mutated->turn) + "\n" + listing(r);
    bool ok = true;
    if (is_dispute(kind)) {
      ok = to_string(r.verdict) == "disputed";
      bool named = false;
      for (const Diagnostic* d : findings(r, FindingKind::dispute)) {
        if (d->rule != "CC-804" || d->turn != mutated->turn) continue;
        if (!mutated->figures) {
          named = true;
          continue;
        }
        const auto& [claimed, recomputed] = *mutated->figures;
        if (d->message.find(std::to_string(claimed)) != std::string::npos &&
            d->message.find(std::to_string(recomputed)) != std::string::npos)
          named = true;
      }
      ok = ok && named;
    } else {
      auto rules = findings(r, FindingKind::rule);
      ok = to_string(r.verdict) == "illegal" && !rules.empty() &&
           rules.front()->rule == mutated->rule;
      bool at_turn = false;
      for (const Diagnostic* d : rules)
        if (d->rule == mutated->rule && d->turn == mutated->turn && !d->follow_on) at_turn = true;
      ok = ok && at_turn;
    }
    if (!ok && ++failures <= 3) {
      ADD_FAILURE() << context << "verdict " << to_string(r.verdict);
      if (std::getenv("MUT_DUMP")) std::cerr << mutated->xml;
    }
  }
  EXPECT_GE(applied, kWanted) << "too few games offer a place for " << mutation_name(kind);
  EXPECT_EQ(failures, 0) << failures << " of " << applied << " mutated records misjudged";
}

INSTANTIATE_TEST_SUITE_P(AllKinds, SingleRuleMutation, ::testing::ValuesIn(all_mutations()),
                         [](const ::testing::TestParamInfo<Mutation>& info) {
                           return std::string(mutation_name(info.param));
                         });

// Every mutation kind names the id of the rule it breaks.
TEST(SingleRuleMutationTable, EveryKindHasARuleId) {
  for (Mutation m : all_mutations()) {
    EXPECT_EQ(expected_rule(m).substr(0, 3), "CC-") << mutation_name(m);
  }
}

}  // namespace
}  // namespace wallaudit::test
