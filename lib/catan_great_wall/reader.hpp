// Reads a record of "The Great Wall" into a Record, reporting format errors (REC-…) with line
// and column, and an invalid board (CT-209) as a format error too.
#pragma once

#include <optional>

#include "catan_great_wall/board.hpp"
#include "catan_great_wall/record.hpp"
#include "core/diagnostic.hpp"
#include "core/game.hpp"
#include "core/xml.hpp"

namespace wallaudit::ct {

// Reads the record; nullopt when it has format errors (all of them are in `out`). Records with
// more than `max_turns` turns are refused (REC-017) before their turns are read.
std::optional<Record> read_record(const XmlDocument& doc, const BoardCatalogue& catalogue,
                                  const FileLoader& loader, Diagnostics& out,
                                  std::size_t max_turns = 10000);

}  // namespace wallaudit::ct
