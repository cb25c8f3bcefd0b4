// A random generator of LEGAL Dschingis Bohn games, written independently of the rules engine
// in lib/dschingis_bohn (it includes none of it): it plays by rules/dschingis-bohn.md with its
// own deck, map (the modelled-19 geometry transcribed from the record format) and turn logic,
// writes the game as a format-1 record, and states what the checker must find (VP, winners,
// the end). It also plays the checker's knowledge of hidden cards (DB-1202..DB-1205), so that
// it leaves positions and names out only where the record stays unambiguous. A second API
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

// Which map the record uses: the built-in one, an inline definition of the generator's own
// 19-space map, or that map as a file next to the record (<map file="…"/>).
enum class DbMapChoice : std::uint8_t { builtin, inline_map, file_map };

// What the generator plays; every unset field is chosen at random from the seed.
struct DbGeneratorOptions {
  std::optional<int> players;                // 3..5
  std::map<std::string, std::string> rules;  // fixed rules options (section 11); rest random
  std::optional<DbMapChoice> map;
  std::optional<std::string> map_file;  // the path written in <map file="…"/>
  std::optional<bool> deck_given;       // <deck order>
  std::optional<bool> hands_given;      // <hand> for every colour
  std::optional<double> named_rate;     // chance that a draw, load or take names its cards
  std::optional<double> order_rate;     // chance that a reshuffle gives its order
  std::optional<double> pos_rate;       // chance that a card leaving a hand gives its pos
  std::optional<bool> claims;           // coins, result, <vp>, <end reason>, <final>
  std::optional<bool> meta;
  std::optional<bool> turn_numbers;
  std::optional<bool> unfinished;    // cut the record after a random complete turn
  std::optional<double> aggression;  // 0..1: how readily players fight
};

// One element of a turn, with what mutations need to know about it.
struct DbGenElem {
  enum class Kind : std::uint8_t {
    diamond,
    plant1,
    turn_up,
    trade,
    donate,
    plant3,
    harvest,
    battle,
    draw,
    load,
    take,
    buy_cart,
    buy_field,
    reshuffle,
    vp
  } kind = Kind::vp;
  std::string xml;
  int seat = -1;  // the element's player
  // plant: the field used and the kinds in the player's fields 1..3 before (-1 empty)
  int field = 0;
  int bean = -1;
  std::array<int, 3> field_kinds{-1, -1, -1};
  bool front_known = false;  // plant1: the checker knows the front card
  // turn-up, draw, load: cards taken; split: a reshuffle cut it
  int cards = 0;
  bool split = false;
  bool named = false;
  bool deck_known = false;  // the checker knew the deck order when the first card was taken
  bool third = false;       // the third exhaustion happened in it
  // battle
  int target = -1;
  bool neutral = false;
  bool cavalry = false;           // round 1 was a cavalry attack
  bool deck_attack = false;       // round 1's attack came from the deck
  std::vector<int> owned;         // the attacker's spaces when it began
  std::vector<int> treasury;      // the attacker's thalers before paying
  std::vector<int> free_cavalry;  // cavalry ids not owned by the attacker (in play or not)
  bool battle_third = false;
  bool result_claimed = false;
  // reshuffle
  bool ordered = false;
  bool in_battle = false;
  // take
  bool cart_all_known_mixed = false;
  // vp / harvest claims
  int claimed = -1;
};

// The players at the start of a turn (for mutations that insert an element there).
struct DbGenPlayerInfo {
  std::array<std::vector<int>, 3> fields;
  std::vector<int> treasury;
  bool has_cart = false;
  bool field3 = false;
  int forests = 0;
};

struct DbGenTurn {
  int seat = 0;
  std::string colour;  // written instead of the seat's colour when set (mutations)
  std::vector<DbGenElem> elems;
  std::vector<DbGenPlayerInfo> start;  // per seat
  bool ended_game = false;
};

struct DbGeneratedGame {
  std::uint64_t seed = 0;
  std::string description;  // one line, for failure messages
  int players = 0;
  std::vector<std::string> colours;  // seat order
  std::map<std::string, std::string> rules;
  std::map<std::string, int> vp;  // final (or, unfinished, current) VP per colour
  bool finished = false;
  std::string end_reason;              // "deck", "last-territory"; empty when unfinished
  std::vector<std::string> winners;    // seat order; empty when unfinished
  std::set<std::string> features;      // what the game exercised
  std::string map_xml;                 // the map definition, when the record uses a file
  std::vector<std::string> space_ids;  // the map's spaces, by index

  // The record in parts: everything before <play>, the turns, and the <end> section.
  std::string head;
  std::vector<DbGenTurn> turns;
  std::string end;
  bool hands_given = false;
  bool deck_given = false;
  bool turn_numbers = false;
  std::vector<std::string> setup_territories;  // the <territory> lines of the set-up
  std::vector<std::string> setup_camps;        // the <camp> lines, in order

  std::string xml() const;
};

// Plays one legal game; the same seed and options give the same game on every platform.
DbGeneratedGame generate_db_game(std::uint64_t seed, const DbGeneratorOptions& options = {});

// The generator's own 19-space map (rows of 4-5-5-5), as a map definition document.
std::string db_generator_map_xml(std::string_view name = "gen-valley");

// ---- single-rule mutations ------------------------------------------------------------------

enum class DbMutation : std::uint8_t {
  wrong_turn_order,           // DB-307
  absent_colour_turn,         // DB-307
  step1_missing,              // DB-404
  step1_third_plant,          // DB-404
  plant_wrong_field,          // DB-403
  turn_up_short,              // DB-405
  trade_before_turn_up,       // DB-405
  trade_with_self,            // DB-406
  unplanted_card,             // DB-407
  draw_short,                 // DB-408
  harvest_empty_field,        // DB-410
  one_bean_rule,              // DB-411
  pay_missing_thaler,         // DB-412
  target_own,                 // DB-603
  cavalry_not_owned,          // DB-705
  battle_after_draw,          // DB-601
  neutral_defends_from_hand,  // DB-605
  second_cart,                // DB-801
  cart_owner_draws,           // DB-803
  take_unnamed_known_cart,    // DB-1205
  reshuffle_missing,          // DB-502
  reshuffle_bad_order,        // DB-505
  supply_exceeded,            // DB-1202 (set-up)
  known_deck_mismatch,        // DB-1203
  diamond_missing,            // DB-906
  turn_after_end,             // DB-1003
  camp_order,                 // DB-305 (set-up)
  hand_size,                  // DB-306 (set-up)
  card_set_wrong,             // DB-302 (set-up)
  open_site_missing,          // DB-303 (set-up)
  buy_field_without_option,   // DB-304
  second_field,               // DB-414
  pos_beyond_hand,            // DB-402
  extra_planting,             // DB-407
  step1_wrong_front,          // DB-404
  harvest_in_split_element,   // DB-410
  round_after_cavalry_win,    // DB-705
  target_river,               // DB-603
  // score disputes (verdict disputed)
  vp_claim_changed,      // DB-1005
  coins_claim_changed,   // DB-1005
  result_claim_changed,  // DB-1005
  final_changed,         // DB-1005
  final_missing,         // DB-1005
  end_reason_changed,    // DB-1005
};

const std::vector<DbMutation>& all_db_mutations();
std::string_view db_mutation_name(DbMutation m);
std::string_view db_expected_rule(DbMutation m);
bool db_is_dispute(DbMutation m);

struct DbMutatedRecord {
  DbMutation kind = DbMutation::wrong_turn_order;
  std::string xml;
  std::string rule;  // the id the checker must report first
  int turn = 0;      // 1-based <turn> count; 0 for set-up and end findings
  std::string what;  // what was changed, for failure messages
  // Disputes about a changed figure: the claimed and the recomputed one (unset for a missing
  // claim or a changed word).
  std::optional<std::array<int, 2>> figures;
};

// Breaks exactly one rule of `game` (the record is cut after the broken turn, so that later
// turns add nothing); nullopt when the game offers no place for this mutation. `salt` picks
// among the places.
std::optional<DbMutatedRecord> mutate_db_game(const DbGeneratedGame& game, DbMutation kind,
                                              std::uint64_t salt = 0);

}  // namespace wallaudit::test
