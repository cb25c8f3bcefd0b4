// Every rule id of Dschingis Bohn that the code reports, named once: one search for an id
// finds where it is enforced. The ids the catalogue (data/rules.txt) lists as descriptive are
// definitions no record can break and appear nowhere in the code.
#pragma once

#include "core/engine.hpp"

namespace wallaudit::db::rule {

inline constexpr RuleId DB_203 = "DB-203";    // Built-in map modelled-19 is a model
inline constexpr RuleId DB_301 = "DB-301";    // Three to five players
inline constexpr RuleId DB_302 = "DB-302";    // Territory cards in play
inline constexpr RuleId DB_303 = "DB-303";    // Laying out the map
inline constexpr RuleId DB_304 = "DB-304";    // No third bean field
inline constexpr RuleId DB_305 = "DB-305";    // Choosing camps
inline constexpr RuleId DB_306 = "DB-306";    // Dealing the beans
inline constexpr RuleId DB_307 = "DB-307";    // Turn order
inline constexpr RuleId DB_401 = "DB-401";    // Parts of a turn in order
inline constexpr RuleId DB_402 = "DB-402";    // Hand order
inline constexpr RuleId DB_403 = "DB-403";    // Bean fields
inline constexpr RuleId DB_404 = "DB-404";    // Step 1: plant from the hand
inline constexpr RuleId DB_405 = "DB-405";    // Step 2: turning up
inline constexpr RuleId DB_406 = "DB-406";    // Step 2: trades and donations
inline constexpr RuleId DB_407 = "DB-407";    // Step 3: plant everything received
inline constexpr RuleId DB_408 = "DB-408";    // Step 4: draw
inline constexpr RuleId DB_410 = "DB-410";    // Harvesting
inline constexpr RuleId DB_411 = "DB-411";    // One-bean rule
inline constexpr RuleId DB_412 = "DB-412";    // Paying thalers
inline constexpr RuleId DB_414 = "DB-414";    // Buying a third field (house rule)
inline constexpr RuleId DB_502 = "DB-502";    // Exhaustion and reshuffle
inline constexpr RuleId DB_505 = "DB-505";    // Order of a new deck
inline constexpr RuleId DB_601 = "DB-601";    // Who attacks, and when
inline constexpr RuleId DB_603 = "DB-603";    // Choosing the target
inline constexpr RuleId DB_604 = "DB-604";    // Attack card
inline constexpr RuleId DB_605 = "DB-605";    // Defence card
inline constexpr RuleId DB_705 = "DB-705";    // Cavalry attack
inline constexpr RuleId DB_801 = "DB-801";    // Buying a cart
inline constexpr RuleId DB_802 = "DB-802";    // Loading a new cart
inline constexpr RuleId DB_803 = "DB-803";    // Drawing with a cart
inline constexpr RuleId DB_906 = "DB-906";    // Diamond field flips
inline constexpr RuleId DB_1001 = "DB-1001";  // End of the game
inline constexpr RuleId DB_1003 = "DB-1003";  // Nothing after the end
inline constexpr RuleId DB_1005 = "DB-1005";  // Score disputes
inline constexpr RuleId DB_1202 = "DB-1202";  // Card supply
inline constexpr RuleId DB_1203 = "DB-1203";  // Known deck order
inline constexpr RuleId DB_1205 = "DB-1205";  // Recording a cart choice

}  // namespace wallaudit::db::rule
