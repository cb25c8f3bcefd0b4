// Reads a Great Wall of China record document into a Record, reporting format errors (REC-…).
#pragma once

#include <optional>

#include "core/check.hpp"
#include "core/diagnostic.hpp"
#include "core/xml.hpp"
#include "great_wall/record.hpp"

namespace wallaudit::gw {

// Reads the record; nullopt when it has format errors (all of them are in `out`). A record of
// more than `max_turns` turns is refused (REC-017) before its turns are read.
std::optional<Record> read_record(const XmlDocument& doc, Diagnostics& out, std::size_t max_turns);

// The record's actions in order, each with where it stands: the seats, the set-up, every
// turn's steps followed by its end, the final claims. Reading only: the engine judges them.
std::vector<PlacedAction> record_actions(const Record& rec);

}  // namespace wallaudit::gw
