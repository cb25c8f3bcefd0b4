// Renders game-neutral tables as aligned text or JSON.
#pragma once

#include <string>
#include <vector>

#include "core/table.hpp"

namespace wallaudit::report {

std::string tables_text(const std::vector<Table>& tables);
// {"tables":[{"title":…,"rows":[{header: cell, …}, …],"notes":[…]}, …]}
std::string tables_json(const std::vector<Table>& tables);

}  // namespace wallaudit::report
