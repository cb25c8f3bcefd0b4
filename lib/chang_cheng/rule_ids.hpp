// Every rule id of Chang Cheng that a record can break, once: the code names a rule by its
// constant, so one search for an id finds where it is enforced. The ids of definitions no
// record can break are listed `descriptive` in data/rules.txt and appear nowhere in code.
#pragma once

#include "core/engine.hpp"

namespace wallaudit::cc::rule {

inline constexpr RuleId CC_103 = "CC-103";    // Values of reputation and threat tokens
inline constexpr RuleId CC_204 = "CC-204";    // Joined sides must have matching edges
inline constexpr RuleId CC_205 = "CC-205";    // Layouts come from a board definition
inline constexpr RuleId CC_301 = "CC-301";    // Players and colours
inline constexpr RuleId CC_302 = "CC-302";    // Two starting board sides
inline constexpr RuleId CC_303 = "CC-303";    // Starting tokens
inline constexpr RuleId CC_304 = "CC-304";    // Scores start at 0; first seat begins
inline constexpr RuleId CC_401 = "CC-401";    // Turns follow the seat order
inline constexpr RuleId CC_402 = "CC-402";    // Exactly one of the five actions
inline constexpr RuleId CC_403 = "CC-403";    // The first turn is one single wall
inline constexpr RuleId CC_404 = "CC-404";    // A full action whenever one is possible
inline constexpr RuleId CC_405 = "CC-405";    // Only pieces and cards still in supply
inline constexpr RuleId CC_406 = "CC-406";    // Pieces go on empty spaces in play
inline constexpr RuleId CC_407 = "CC-407";    // Tower claims
inline constexpr RuleId CC_408 = "CC-408";    // Scouting after a placement
inline constexpr RuleId CC_409 = "CC-409";    // Cards go on unfinished provinces
inline constexpr RuleId CC_410 = "CC-410";    // No tower next to a tower
inline constexpr RuleId CC_411 = "CC-411";    // Two walls or two cards: two provinces
inline constexpr RuleId CC_412 = "CC-412";    // Card and wall: card first, same province
inline constexpr RuleId CC_413 = "CC-413";    // The double wall covers two adjacent spaces
inline constexpr RuleId CC_501 = "CC-501";    // A province is scored when complete
inline constexpr RuleId CC_502 = "CC-502";    // Two completed provinces: left to right
inline constexpr RuleId CC_503 = "CC-503";    // The steps of scoring a province
inline constexpr RuleId CC_504 = "CC-504";    // A province is scored only once
inline constexpr RuleId CC_510 = "CC-510";    // Warrior
inline constexpr RuleId CC_511 = "CC-511";    // Traitor
inline constexpr RuleId CC_512 = "CC-512";    // Flood
inline constexpr RuleId CC_513 = "CC-513";    // Builder
inline constexpr RuleId CC_515 = "CC-515";    // Mandarin
inline constexpr RuleId CC_601 = "CC-601";    // Joining a new board side
inline constexpr RuleId CC_603 = "CC-603";    // When the new side is joined
inline constexpr RuleId CC_701 = "CC-701";    // The game ends when the wall is full
inline constexpr RuleId CC_702 = "CC-702";    // The game ends after a round of passes
inline constexpr RuleId CC_703 = "CC-703";    // Nothing after the end of the game
inline constexpr RuleId CC_804 = "CC-804";    // Claimed scores are compared
inline constexpr RuleId CC_1101 = "CC-1101";  // Neutral walls
inline constexpr RuleId CC_1102 = "CC-1102";  // Where the neutral wall may go
inline constexpr RuleId CC_1201 = "CC-1201";  // Naming cards
inline constexpr RuleId CC_1202 = "CC-1202";  // Every threat value must be known

}  // namespace wallaudit::cc::rule
