#include "core/included.hpp"

#include <fmt/format.h>

namespace wallaudit {

std::optional<std::string> read_included(XmlChecker& xml, const FileLoader& loader, SourceLoc at,
                                         std::string_view what, std::string_view path) {
  if (!loader) {
    xml.error(rec::included_file, at,
              fmt::format("{} \"{}\" cannot be read here (no file access)", what, path));
    return std::nullopt;
  }
  std::string error;
  auto text = loader(path, error);
  if (!text)
    xml.error(rec::included_file, at, fmt::format("cannot read {} \"{}\": {}", what, path, error));
  return text;
}

std::string included_problem(std::string_view what, std::string_view path, const Diagnostic& first,
                             std::size_t count, bool with_rule) {
  return fmt::format("{} {}:{}:{}: {}{}{}", what, path, first.loc.line, first.loc.column,
                     first.message, with_rule ? fmt::format(" [{}]", first.rule) : std::string(),
                     count > 1
                         ? fmt::format(" (and {} more problem{})", count - 1, count == 2 ? "" : "s")
                         : std::string());
}

void report_included(XmlChecker& xml, SourceLoc at, std::string_view what, std::string_view path,
                     const Diagnostic& first, std::size_t count) {
  xml.error(rec::included_file, at, included_problem(what, path, first, count));
}

}  // namespace wallaudit
