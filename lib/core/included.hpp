// Files a record names (a board set, a board, a map): reading them and reporting their faults
// at the attribute that names them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostic.hpp"
#include "core/game.hpp"
#include "core/xml.hpp"

namespace wallaudit {

// The text of the `what` ("board file", "map file") at `path`, or nullopt after a REC-013 at
// `at` saying why it cannot be read.
std::optional<std::string> read_included(XmlChecker& xml, const FileLoader& loader, SourceLoc at,
                                         std::string_view what, std::string_view path);

// A problem of an included file as the record's reader tells it: "board file x.xml:3:5:
// message [REC-014] (and 2 more problems)"; `count` problems in all, `first` told.
std::string included_problem(std::string_view what, std::string_view path, const Diagnostic& first,
                             std::size_t count, bool with_rule = true);

// One REC-013 at `at` for a broken included file: its first problem with its position in the
// file, and how many more there are (`count` in all).
void report_included(XmlChecker& xml, SourceLoc at, std::string_view what, std::string_view path,
                     const Diagnostic& first, std::size_t count);

}  // namespace wallaudit
