// Writes a record of "The Great Wall" from its head (meta, rules options, board, players) and
// a sequence of actions: the inverse of read_record and record_actions.
#pragma once

#include <string>
#include <vector>

#include "catan_great_wall/record.hpp"
#include "core/engine.hpp"

namespace wallaudit::ct {

// The record's XML. The board is named (`<board name=…/>`), so a board of a file is found
// again only with --boards. Actions that are not of this game are left out; a turn, special
// building phase or the end opens its element, and `end` closes a turn or phase.
std::string write_record(const Record& head, const std::vector<ActionPtr>& actions);

}  // namespace wallaudit::ct
