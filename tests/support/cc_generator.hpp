// A random generator of LEGAL Chang Cheng games, written independently of the rules engine in
// lib/chang_cheng (it shares only the board geometry, read from standard-boards.xml): it plays
// by rules/chang-cheng.md, writes the game as a format-1 record and states what it expects
// the checker to find (scores, winners, a per-turn trace, every scoring step). A second API
// breaks exactly one rule of a generated game, for tests of the checker's rule ids.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace wallaudit::test {

enum class GenVariant : std::uint8_t { none, neutral_walls, teams };
// Cards named when placed, only at <reveal> when scored, or a mix (per card).
enum class CardNaming : std::uint8_t { at_placement, at_reveal, mixed };
// Where threat values are stated: in the set-up (or the <expand>), by a <threat> in a turn,
// in <end>, or a mix (per region).
enum class ThreatStating : std::uint8_t { at_setup, in_play, at_end, mixed };

// What the generator plays; every unset field is chosen at random from the seed.
struct GeneratorOptions {
  std::optional<int> players;  // 2..4 (a variant other than none: 2)
  std::optional<GenVariant> variant;
  std::optional<std::vector<std::string>> events;  // at most two event card names
  std::map<std::string, std::string> rules;        // fixed rules options (section 9); rest random
  std::optional<CardNaming> naming;
  std::optional<ThreatStating> threats;
  std::optional<bool> claims;        // <award>, <bonus>, <loss>, <event>, <final>
  std::optional<bool> peeks;         // <peek> where CC-408 allows one
  std::optional<bool> turn_numbers;  // n= on turns
  std::optional<bool> meta;
  std::optional<bool> unfinished;  // stop the record at a random turn before the end
  // Inline board set (the standard geometry with declared edge shapes, CC-204, and perhaps a
  // token mix, CC-103) instead of the built-in set.
  std::optional<bool> inline_boards;
  // Chance (0..1) of a neutral wall after an action where one fits (neutral-walls variant).
  std::optional<double> neutral_rate;
  // Preference (0..1) for placements that complete a province; unset: random per game.
  std::optional<double> completion_bias;
};

// One turn as the generator played it.
struct TurnTrace {
  int turn = 0;  // 1-based
  std::string colour;
  // two-walls, two-cards, card-and-wall, double-wall, tower (complete); wall, card (partial,
  // also the first turn's wall); pass.
  std::string action;
  std::vector<std::string> spaces;     // spaces covered by the action, in order
  std::vector<std::string> provinces;  // provinces the cards went to, in order
  std::string neutral;                 // the neutral wall's space, or empty
  std::vector<std::string> scored;     // provinces scored during the turn, in order
  std::string expansion;               // side joined during the turn, or empty
  std::map<std::string, int> points;   // per playing colour, scored in this turn
  std::map<std::string, int> totals;   // per playing colour, after the turn
};

// One scoring step: a double-wall bonus, a province scoring, a region's Mongol loss or an
// event card, with the points it gives each playing colour.
struct ScoringStepTrace {
  enum class Kind : std::uint8_t { bonus, province, mongol, event } kind = Kind::bonus;
  int turn = 0;         // 0 at the end of the game
  std::string subject;  // "1A.W4 1A.W5", "1A.P2", "1A.M1", "dominance"
  std::map<std::string, int> points;
};

struct GameInternals;  // the record as a tree and the states behind it, for mutations

struct GeneratedGame {
  std::uint64_t seed = 0;
  std::string xml;
  std::string description;  // one line: players, variant, options, … (for failure messages)
  int players = 0;
  GenVariant variant = GenVariant::none;
  std::vector<std::string> colours;   // every playing colour, seat order
  std::map<std::string, int> scores;  // final (or, unfinished, current) points per colour
  bool finished = false;
  std::string end_reason;            // "wall-complete", "passes"; empty when unfinished
  std::vector<std::string> winners;  // sorted; empty when unfinished
  std::vector<TurnTrace> turns;
  std::vector<ScoringStepTrace> steps;
  std::set<std::string> features;  // what the game exercised ("card:traitor:destroy", …)
  std::shared_ptr<const GameInternals> internals;
};

// Plays one legal game; the same seed and options give the same game on every platform.
GeneratedGame generate_game(std::uint64_t seed, const GeneratorOptions& options = {});

// ---- single-rule mutations ----------------------------------------------------------------

enum class Mutation : std::uint8_t {
  // set-up (turn 0)
  extra_variant_or_player,  // CC-301
  same_board_twice,         // CC-302
  reputation_missing,       // CC-303
  token_out_of_range,       // CC-103
  // play
  threat_restated_differently,     // CC-303
  threat_out_of_range_in_play,     // CC-103
  wrong_first_colour,              // CC-304
  wrong_turn_order,                // CC-401
  empty_turn,                      // CC-402
  pass_and_wall,                   // CC-402
  three_walls,                     // CC-402
  first_turn_two_walls,            // CC-403
  first_turn_tower,                // CC-403
  pass_when_action_possible,       // CC-404
  partial_when_complete_possible,  // CC-404
  second_tower,                    // CC-405
  second_double,                   // CC-405
  fifteenth_single_wall,           // CC-405
  wall_on_occupied_space,          // CC-406
  wall_off_the_board,              // CC-406
  wall_on_claimed_space,           // CC-407
  peek_elsewhere,                  // CC-408
  card_on_scored_province,         // CC-409
  tower_next_to_tower,             // CC-410
  two_walls_one_province,          // CC-411
  two_cards_one_province,          // CC-411
  card_and_wall_apart,             // CC-412
  wall_then_card,                  // CC-412
  double_not_adjacent,             // CC-413
  score_unfinished_province,       // CC-501
  scores_out_of_order,             // CC-502
  reveal_after_resolve,            // CC-503
  score_twice,                     // CC-504
  warrior_absent_target,           // CC-510
  traitor_far_region,              // CC-511
  flood_minus_plus_only,           // CC-512
  builder_choice_missing,          // CC-513
  mandarin_bad_swap,               // CC-515
  expansion_missing,               // CC-601
  expansion_not_due,               // CC-601
  expansion_token_missing,         // CC-601
  expansion_wrong_moment,          // CC-603
  turn_after_end,                  // CC-703
  neutral_without_variant,         // CC-1101
  second_neutral,                  // CC-1101
  piece_after_neutral,             // CC-1101
  neutral_wrong_province,          // CC-1102
  unnamed_card_scored,             // CC-1201
  reveal_of_named_card,            // CC-1201
  reveal_of_used_card,             // CC-1201
  threat_off_the_board,            // CC-1202
  threat_never_stated,             // CC-1202 (turn 0)
  // score disputes (verdict disputed)
  // more aspects of the rules above
  edge_mismatch_at_setup,              // CC-204 (turn 0)
  edge_mismatch_at_expansion,          // CC-204
  token_mix_exceeded,                  // CC-103 (turn 0)
  resolves_out_of_order,               // CC-503
  peek_after_neutral,                  // CC-408
  lone_card_when_complete,             // CC-404
  pass_with_double_or_tower_left,      // CC-404
  wall_after_neutral_on_its_province,  // CC-1101 (neutral on the second wall's province)
  resolve_of_cancelled_card,           // CC-503
  thirteenth_neutral,                  // CC-1101
  card_off_the_board,                  // CC-409
  first_turn_neutral,                  // CC-403
  one_starting_side,                   // CC-302 (turn 0)
  turn_by_absent_colour,               // CC-401
  threat_token_missing,                // CC-303 (turn 0)
  card_used_again,                     // CC-405
  owner_double_on_claimed_space,       // CC-407
  neutral_on_claimed_space,            // CC-407
  neutral_beside_two_cards,            // CC-1102
  team_partial_while_partner_can,      // CC-404
  team_pass_while_partner_can,         // CC-404
  expansion_board_in_play,             // CC-601
  end_threat_off_the_board,            // CC-1202 (turn 0)
  award_changed,                       // CC-804
  final_changed,                       // CC-804
  bonus_changed,                       // CC-804
  loss_changed,                        // CC-804
  event_changed,                       // CC-804
  final_missing,                       // CC-804: one <final> left out where the others are given
  loss_missing,                        // CC-804: one <loss> left out where the others are given
};

const std::vector<Mutation>& all_mutations();
std::string_view mutation_name(Mutation m);
std::string_view expected_rule(Mutation m);
bool is_dispute(Mutation m);

struct MutatedRecord {
  Mutation kind = Mutation::empty_turn;
  std::string xml;
  std::string rule;  // the id the checker must report first
  int turn = 0;      // 1-based <turn> count; 0 for set-up and end findings
  std::string what;  // what was changed, for failure messages
  // Disputes about a changed figure: the claimed and the recomputed one, both to be named by
  // the finding (unset for a missing claim).
  std::optional<std::array<int, 2>> figures;
};

// Breaks exactly one rule of `game` (the record is cut after the broken turn when later turns
// could add findings); nullopt when the game offers no place for this mutation. `salt` picks
// among the places.
std::optional<MutatedRecord> mutate(const GeneratedGame& game, Mutation kind,
                                    std::uint64_t salt = 0);

}  // namespace wallaudit::test
