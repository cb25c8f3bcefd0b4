// Every rule id of the Catan scenario "The Great Wall" that the code enforces, named once.
// The rule catalogue (data/rules.txt) lists the other ids as descriptive: definitions no
// record can break.
#pragma once

#include "core/engine.hpp"

namespace wallaudit::ct::rule {

inline constexpr RuleId CT_101 = "CT-101";    // Four or six players, each a different colour
inline constexpr RuleId CT_201 = "CT-201";    // The board comes from a board definition
inline constexpr RuleId CT_203 = "CT-203";    // Vertices and edges, and which are on the board
inline constexpr RuleId CT_204 = "CT-204";    // Elements in play for the player count
inline constexpr RuleId CT_209 = "CT-209";    // A valid board definition
inline constexpr RuleId CT_303 = "CT-303";    // Border forts first, clockwise
inline constexpr RuleId CT_304 = "CT-304";    // Two settlement rounds after the forts
inline constexpr RuleId CT_305 = "CT-305";    // Placing a founding settlement and its road
inline constexpr RuleId CT_306 = "CT-306";    // Starting resources from the round-B settlement
inline constexpr RuleId CT_307 = "CT-307";    // No Hun drawn in the founding
inline constexpr RuleId CT_401 = "CT-401";    // Turns go clockwise
inline constexpr RuleId CT_402 = "CT-402";    // Parts of a turn and their order
inline constexpr RuleId CT_404 = "CT-404";    // Production
inline constexpr RuleId CT_405 = "CT-405";    // Bank shortage
inline constexpr RuleId CT_406 = "CT-406";    // Discarding on a 7
inline constexpr RuleId CT_407 = "CT-407";    // Moving the pirate on a 7
inline constexpr RuleId CT_408 = "CT-408";    // Stealing after a pirate move
inline constexpr RuleId CT_409 = "CT-409";    // Harbour blocked by the pirate
inline constexpr RuleId CT_410 = "CT-410";    // Special building phase with 6 players
inline constexpr RuleId CT_501 = "CT-501";    // Drawing a Hun for a settlement or city
inline constexpr RuleId CT_503 = "CT-503";    // Hun advances after a roll
inline constexpr RuleId CT_504 = "CT-504";    // At most five Huns on a field
inline constexpr RuleId CT_505 = "CT-505";    // When a wall section is breached
inline constexpr RuleId CT_507 = "CT-507";    // Which hexes the Huns occupy
inline constexpr RuleId CT_602 = "CT-602";    // Who builds, and paying the exact cost
inline constexpr RuleId CT_603 = "CT-603";    // Nothing built from an empty supply
inline constexpr RuleId CT_604 = "CT-604";    // Where a road may be built
inline constexpr RuleId CT_605 = "CT-605";    // Where a settlement may be built
inline constexpr RuleId CT_606 = "CT-606";    // A city replaces an own settlement
inline constexpr RuleId CT_607 = "CT-607";    // Wall pieces in number order on the own section
inline constexpr RuleId CT_609 = "CT-609";    // Buying a development card
inline constexpr RuleId CT_701 = "CT-701";    // Domestic trade
inline constexpr RuleId CT_702 = "CT-702";    // Maritime trade with the bank
inline constexpr RuleId CT_802 = "CT-802";    // Playing a development card
inline constexpr RuleId CT_803 = "CT-803";    // The scenario knight
inline constexpr RuleId CT_805 = "CT-805";    // Road building
inline constexpr RuleId CT_806 = "CT-806";    // Year of plenty
inline constexpr RuleId CT_807 = "CT-807";    // Monopoly
inline constexpr RuleId CT_808 = "CT-808";    // Victory-point cards are never played
inline constexpr RuleId CT_905 = "CT-905";    // Nothing recorded after the end
inline constexpr RuleId CT_906 = "CT-906";    // Claimed scores and outcome
inline constexpr RuleId CT_1001 = "CT-1001";  // Naming development cards late
inline constexpr RuleId CT_1002 = "CT-1002";  // No more cards of a type than the deck holds

}  // namespace wallaudit::ct::rule
