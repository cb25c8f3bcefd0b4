#include "core/options.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace wallaudit {

namespace {

template <typename Range, typename Name>
std::string joined(const Range& items, Name name) {
  std::string out;
  for (const auto& item : items)
    fmt::format_to(std::back_inserter(out), "{}{}", out.empty() ? "" : ", ", name(item));
  return out;
}

}  // namespace

std::vector<RulesOption> rules_options(const std::vector<OptionSpec>& specs) {
  std::vector<RulesOption> out;
  for (const auto& spec : specs) {
    RulesOption& o = out.emplace_back();
    o.name = spec.name;
    o.values.assign(spec.values.begin(), spec.values.end());
    o.help = spec.help;
  }
  return out;
}

void read_option(XmlChecker& xml, pugi::xml_node option, const std::vector<OptionSpec>& specs,
                 std::vector<OptionSetting>& settings) {
  auto name = xml.required(option, "name");
  auto value = xml.required(option, "value");
  if (!name || !value) return;
  auto spec = std::find_if(specs.begin(), specs.end(),
                           [&](const OptionSpec& s) { return s.name == *name; });
  if (spec == specs.end()) {
    xml.error(rec::bad_value, xml.value_loc(option, "name"),
              fmt::format("unknown rules option \"{}\" (options: {})", *name,
                          joined(specs, [](const OptionSpec& s) { return s.name; })));
    return;
  }
  if (std::find(spec->values.begin(), spec->values.end(), *value) == spec->values.end()) {
    xml.error(rec::bad_value, xml.value_loc(option, "value"),
              fmt::format("option {} takes {}, not \"{}\"", *name,
                          joined(spec->values, [](std::string_view v) { return v; }), *value));
    return;
  }
  for (const auto& o : settings) {
    if (o.name == *name) {
      xml.error(rec::duplicate, xml.loc(option),
                fmt::format("option {} is set twice (first on line {})", *name, o.loc.line));
      return;
    }
  }
  settings.push_back({std::string(*name), std::string(*value), xml.loc(option)});
}

}  // namespace wallaudit
