// Writes a record back with an <annotation> after each turn and at the end.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/history.hpp"

namespace wallaudit::report {

// Returns the record text with its old annotations replaced by `annotations` (the turn's
// element gets one as its last child; turn 0 goes into <end>, created if absent), keeping the
// rest of the text as it was. nullopt with `error` set when the text cannot be parsed.
std::optional<std::string> annotate_record(const std::string& text,
                                           const std::vector<TurnAnnotation>& annotations,
                                           const std::vector<std::string>& turn_elements,
                                           std::string& error);

}  // namespace wallaudit::report
