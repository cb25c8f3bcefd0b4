// A random generator of LEGAL games of the Catan scenario "The Great Wall", written
// independently of the rules engine in lib/catan_great_wall: it reads the modelled board's data
// file itself, has its own hex geometry, plays by rules/catan-great-wall.md with simple but
// sensible bots, writes the game as a format-1 record and states what the checker must find
// (VP, outcome, winners, best losers). A second API breaks exactly one rule of a generated game,
// for tests of the checker's rule ids. Deterministic per seed on every platform.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace wallaudit::test {

// When development cards are named: at purchase, only when played or revealed, or a mix.
enum class CtNaming : std::uint8_t { at_purchase, late, mixed };

// What the generator plays; every unset field is chosen at random from the seed.
struct CtGeneratorOptions {
  std::optional<int> players;                // 4 or 6
  std::map<std::string, std::string> rules;  // fixed rules options (section 11); the rest random
  std::optional<CtNaming> naming;
  std::optional<bool> echoes;  // <advance>, <breach>/<occupy>, <produce>, <gain>, monopoly <give>
  std::optional<bool> claims;  // <claim>, <final>, <outcome>
  std::optional<bool> unfinished;    // stop the record at a random turn before the end
  std::optional<bool> turn_numbers;  // n= on turns
  std::optional<bool> meta;
  std::optional<bool> inline_board;  // the modelled board's data inline, as a club board
  // How eagerly the bots build wall pieces (0..1): low lets the Huns win more often.
  std::optional<double> wall_bias;
  // Chance that a player uses a special building phase when it can build (6 players).
  std::optional<double> special_rate;
};

struct CtGeneratedGame {
  std::uint64_t seed = 0;
  std::string xml;
  std::string description;  // one line: players, options, … (for failure messages)
  int players = 0;
  std::vector<std::string> colours;      // seat order
  std::map<std::string, int> vp;         // final VP (<end> reveals included), or at the cut
  std::string outcome;                   // "win", "huns" or "unfinished"
  std::vector<std::string> winners;      // one colour for "win"
  std::vector<std::string> best_losers;  // sorted, for "huns"
  int turns = 0;                         // <turn> elements written
  int specials = 0;
  std::set<std::string> features;  // what the game exercised ("knight:B", "special", …)
  struct Internals;
  std::shared_ptr<const Internals> internals;
};

// Plays one legal game.
CtGeneratedGame generate_ct_game(std::uint64_t seed, const CtGeneratorOptions& options = {});

// ---- single-rule mutations ----------------------------------------------------------------

enum class CtMutation : std::uint8_t {
  extra_player,              // CT-101
  forts_swapped,             // CT-303
  fort_site_taken,           // CT-303
  settlements_swapped,       // CT-304
  founding_too_close,        // CT-605
  founding_road_detached,    // CT-305
  gain_wrong,                // CT-306
  setup_incomplete,          // CT-304 (at the first turn, turn 1)
  hun_in_founding,           // CT-307
  hex_not_in_play,           // CT-204
  road_off_board,            // CT-203
  wrong_colour,              // CT-401
  roll_missing,              // CT-402
  second_roll,               // CT-402
  build_before_roll,         // CT-402
  discard_missing,           // CT-406
  discard_wrong_size,        // CT-406
  pirate_stays,              // CT-407 (the same hex)
  pirate_on_land,            // CT-407
  steal_missing,             // CT-408
  steal_absent_card,         // CT-408
  steal_from_self,           // CT-408
  trade_same_type,           // CT-701
  trade_unheld,              // CT-701
  maritime_bad_rate,         // CT-702
  harbour_blocked,           // CT-409
  build_unpaid,              // CT-602
  road_unconnected,          // CT-604
  settlement_too_close,      // CT-605
  city_not_own,              // CT-606
  wall_wrong_level,          // CT-607
  hun_missing,               // CT-501
  hun_twice,                 // CT-501
  hun_not_in_play,           // CT-501
  advance_wrong,             // CT-503
  breach_wrong,              // CT-505
  occupy_wrong,              // CT-507
  produce_wrong,             // CT-404
  produce_short_wrong,       // CT-405 (a resource the bank was short of)
  advance_into_full_field,   // CT-504
  special_in_4p,             // CT-410
  specials_swapped,          // CT-410
  trade_in_special,          // CT-410
  second_card,               // CT-802
  vp_card_played,            // CT-808
  knight_empty_place,        // CT-803
  knight_third_action,       // CT-803
  chase_numeral_in_bag,      // CT-803 (every Hun of that numeral is in the bag, CT-1004)
  trade_with_self,           // CT-701
  discard_after_pirate,      // CT-406
  pirate_not_in_play,        // CT-407 (4 players: a sea hex of the folded third)
  road_building_short,       // CT-805
  year_of_plenty_short,      // CT-806
  monopoly_echo_wrong,       // CT-807
  turn_after_end,            // CT-905
  reveal_not_vp,             // CT-1001
  reveal_nothing,            // CT-1001
  trade_after_build_phased,  // CT-402
  progress_before_roll,      // CT-802 (dev-timing = knight-before-roll)
  // score disputes (verdict disputed, CT-906)
  claim_changed,
  final_changed,
  final_missing,
  outcome_changed,
};

const std::vector<CtMutation>& all_ct_mutations();
std::string_view ct_mutation_name(CtMutation m);
std::string_view ct_expected_rule(CtMutation m);
bool ct_is_dispute(CtMutation m);

struct CtMutatedRecord {
  CtMutation kind = CtMutation::wrong_colour;
  std::string xml;
  std::string rule;  // the id the checker must report first
  int turn = 0;      // 1-based <turn> count; 0 for set-up and end findings
  std::string what;  // what was changed, for failure messages
};

// Breaks exactly one rule of `game` (the record is cut after the element broken, unless the
// mutation is a dispute); nullopt when the game offers no place for it. `salt` picks the place.
std::optional<CtMutatedRecord> ct_mutate(const CtGeneratedGame& game, CtMutation kind,
                                         std::uint64_t salt = 0);

}  // namespace wallaudit::test
