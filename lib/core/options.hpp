// Rules options in records: the table a game declares, and the reading of <option name value>.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <pugixml.hpp>

#include "core/game.hpp"
#include "core/source.hpp"
#include "core/xml.hpp"

namespace wallaudit {

// One row of a game's options table: name, values (the default first), what it means.
struct OptionSpec {
  std::string_view name;
  std::vector<std::string_view> values;
  std::string_view help;
};

// The table as the Game interface lists it (`Game::options`).
std::vector<RulesOption> rules_options(const std::vector<OptionSpec>& specs);

// An option as a record sets it.
struct OptionSetting {
  std::string name, value;
  SourceLoc loc;
};

// Reads one <option name value> against `specs` and appends it to `settings`: an unknown
// name or value is REC-006 (naming what is allowed), an option set twice REC-010. The
// element's own attributes and text are the caller's to check.
void read_option(XmlChecker& xml, pugi::xml_node option, const std::vector<OptionSpec>& specs,
                 std::vector<OptionSetting>& settings);

}  // namespace wallaudit
