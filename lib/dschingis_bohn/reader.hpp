// Reads a Dschingis Bohn record document into a Record, reporting format errors (REC-…).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/game.hpp"
#include "core/xml.hpp"
#include "dschingis_bohn/map.hpp"
#include "dschingis_bohn/record.hpp"

namespace wallaudit::db {

// Reads the record; nullopt when it has format errors (all of them are in `out`). The option
// overrides decide which beans and fields exist (coffee needs beans=eleven, field 3
// third-field=buyable). A record with more than `max_turns` turns is refused (REC-017).
std::optional<Record> read_record(const XmlDocument& doc, const MapCatalogue& catalogue,
                                  const FileLoader& loader,
                                  const std::vector<std::pair<std::string, std::string>>& overrides,
                                  Diagnostics& out, std::size_t max_turns = 10000);

}  // namespace wallaudit::db
