// Game-neutral tabular data that report renders as text columns or JSON.
#pragma once

#include <string>
#include <vector>

namespace wallaudit {

struct Table {
  std::string title;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> notes;  // lines printed under the table
};

}  // namespace wallaudit
