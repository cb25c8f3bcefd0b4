// Reads a Chang Cheng record document into a Record, reporting format errors (REC-…).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "chang_cheng/board.hpp"
#include "chang_cheng/record.hpp"
#include "core/diagnostic.hpp"
#include "core/game.hpp"
#include "core/xml.hpp"

namespace wallaudit::cc {

// The board sets a record may name: the built-in one plus any given on the command line.
struct BoardCatalogue {
  std::vector<std::shared_ptr<const BoardSet>> sets;  // later entries shadow earlier ones
  std::shared_ptr<const BoardSet> default_set;        // for records without <boards>

  const BoardSet* find(std::string_view name) const;
  std::shared_ptr<const BoardSet> find_shared(std::string_view name) const;
};

// The built-in set plus the board-set files among `definitions`; problems in those files
// are reported to `problems` (their positions are in the definition file).
BoardCatalogue make_catalogue(const std::vector<Definition>& definitions, Diagnostics& problems);

// Reads the record; nullopt when it has format errors (all of them are in `out`).
std::optional<Record> read_record(const XmlDocument& doc, const BoardCatalogue& catalogue,
                                  const FileLoader& loader, Diagnostics& out,
                                  std::size_t max_turns = 10000);

}  // namespace wallaudit::cc
