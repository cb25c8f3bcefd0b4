// Reads a Great Wall of China record document into a Record, reporting format errors (REC-…).
#pragma once

#include <optional>

#include "core/diagnostic.hpp"
#include "core/xml.hpp"
#include "great_wall/record.hpp"

namespace wallaudit::gw {

// Reads the record; nullopt when it has format errors (all of them are in `out`). A record of
// more than `max_turns` turns is refused (REC-017) before its turns are read.
std::optional<Record> read_record(const XmlDocument& doc, Diagnostics& out, std::size_t max_turns);

}  // namespace wallaudit::gw
