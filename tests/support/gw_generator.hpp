// A random generator of LEGAL Great Wall of China games, written independently of the rules
// engine in lib/great_wall (it shares nothing with it): it plays by rules/great-wall-of-china.md
// with shuffled decks and a shuffled token pool, writes the game as a format-1 record and
// states what the checker must find (scores, winners, how it ended, every scoring). A second
// API breaks exactly one rule of a generated game, for tests of the checker's rule ids.
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

namespace wallaudit::test::gwgen {

// How the record names cards: every card when drawn (the set-up hand and each draw), only
// when played, or a mix (per colour for the hand, per draw).
enum class Naming : std::uint8_t { at_draw, when_played, mixed };

// What the generator plays; every unset field is chosen at random from the seed.
struct Options {
  std::optional<int> players;  // 2..5
  std::optional<Naming> naming;
  std::optional<bool> claims;      // <final> for every colour
  std::optional<bool> meta;        // a <meta> block and player names
  std::optional<bool> unfinished;  // stop the record at a random turn before the end
  // How eager players are to play rather than draw (0..1); unset: random per game.
  std::optional<double> eagerness;
};

// One <score> as played: the section, who scored, the token and the points it gave.
struct ScoreTrace {
  int turn = 0;
  std::string section;
  std::string scorer;
  bool second = false;
  int token = 0;
  int scorer_total = 0;  // the scorer's total in the section before the score
  bool alone = false;
  std::map<std::string, int> points;  // per playing colour; empty for a first token
};

struct Internals;  // the record as steps, with what each step saw, for mutations

struct Game {
  std::uint64_t seed = 0;
  std::string xml;
  std::string description;  // one line: players, naming, … (for failure messages)
  int players = 0;
  std::vector<std::string> colours;   // seat order
  std::map<std::string, int> scores;  // final (or, unfinished, current) points per colour
  bool finished = false;
  std::string end_reason;            // "last-token", "last-round"; empty when unfinished
  std::vector<std::string> winners;  // sorted; empty when unfinished
  int turns = 0;
  std::vector<ScoreTrace> scorings;
  std::set<std::string> features;  // what the game exercised ("dragon:on-card", …)
  std::shared_ptr<const Internals> internals;
};

// Plays one legal game; the same seed and options give the same game on every platform.
Game generate(std::uint64_t seed, const Options& options = {});

// ---- single-rule mutations ----------------------------------------------------------------

enum class Mutation : std::uint8_t {
  colour_twice,           // GW-101
  token_not_a_value,      // GW-102
  player_count,           // GW-103
  section_missing,        // GW-201
  equal_pair,             // GW-202
  hand_wrong,             // GW-203
  turn_order,             // GW-204
  third_action,           // GW-301
  scoring_missed,         // GW-302
  scoring_unearned,       // GW-302
  mixed_play,             // GW-303
  too_few_actions,        // GW-304
  late_cavalry,           // GW-305
  card_not_held,          // GW-306
  dragon_target,          // GW-404
  first_token_misplaced,  // GW-501
  second_token_wrong,     // GW-502
  after_last_token,       // GW-601
  after_last_round,       // GW-602
  final_changed,          // GW-604 (disputed)
};

const std::vector<Mutation>& all_mutations();
std::string_view mutation_name(Mutation m);
std::string_view expected_rule(Mutation m);
bool is_dispute(Mutation m);

struct Mutated {
  Mutation kind = Mutation::colour_twice;
  std::string xml;
  std::string rule;  // the id the checker must report first
  int turn = 0;      // 1-based <turn> count; 0 for set-up and end findings
  std::string what;  // what was changed, for failure messages
};

// Breaks exactly one rule of `game`; nullopt when the game offers no place for it. `salt`
// picks among the places.
std::optional<Mutated> mutate(const Game& game, Mutation kind, std::uint64_t salt = 0);

}  // namespace wallaudit::test::gwgen
