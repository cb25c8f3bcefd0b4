// One self-contained HTML page about a record: the board at every turn (SVG, with controls),
// the score race, the findings linked to their turns, and the score audit.
#pragma once

#include <string>

#include "core/game.hpp"
#include "core/history.hpp"

namespace wallaudit::report {

std::string html_report(const std::string& file, const std::string& game_title,
                        const GameResult& result, const GameHistory& history);

}  // namespace wallaudit::report
