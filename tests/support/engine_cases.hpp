// What the generic engine tests need of each game's own test support.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wallaudit::test {

// `count` legal records of `game` made by that game's own generator (independent of its
// engine); empty when the game has none.
std::vector<std::string> generated_records(std::string_view game, int count);

}  // namespace wallaudit::test
