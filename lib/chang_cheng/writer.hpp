// Writes a Chang Cheng record (format 1) from a record's head and a sequence of actions: the
// inverse of reading a record and listing its actions (record_actions).
#pragma once

#include <string>
#include <vector>

#include "chang_cheng/record.hpp"
#include "core/engine.hpp"

namespace wallaudit::cc {

// A record whose <meta>, <rules>, <boards> and <players> are those of `head`, and whose
// <setup>, <play> and <end> hold `actions` (every one a cc::Move, in the order
// record_actions lists them). Reading the result and listing its actions gives the same
// action texts (the `seats` action is the head's <players>). The board set is named when it is the
// built-in one, else written inline.
std::string write_record(const Record& head, const std::vector<const Action*>& actions);

}  // namespace wallaudit::cc
