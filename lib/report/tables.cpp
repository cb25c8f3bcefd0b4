#include "report/tables.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/json.hpp"
#include "core/source.hpp"

namespace wallaudit::report {

std::string tables_text(const std::vector<Table>& tables) {
  std::string out;
  for (const auto& t : tables) {
    if (!out.empty()) out += '\n';
    out += t.title + '\n';
    std::vector<std::size_t> widths(t.header.size());
    for (std::size_t i = 0; i < t.header.size(); ++i)
      widths[i] = utf8_length(t.header[i]);
    for (const auto& row : t.rows)
      for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
        widths[i] = std::max(widths[i], utf8_length(row[i]));
    auto line = [&](const std::vector<std::string>& cells) {
      std::string l = " ";
      for (std::size_t i = 0; i < cells.size() && i < widths.size(); ++i) {
        l += ' ' + cells[i];
        if (i + 1 < cells.size()) l += std::string(widths[i] - utf8_length(cells[i]) + 1, ' ');
      }
      out += l + '\n';
    };
    line(t.header);
    for (const auto& row : t.rows)
      line(row);
    for (const auto& note : t.notes)
      out += fmt::format("  {}\n", note);
  }
  return out;
}

std::string tables_json(const std::vector<Table>& tables) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("tables").begin_array();
  for (const auto& t : tables) {
    w.begin_object().key("title").value(t.title).key("rows").begin_array();
    for (const auto& row : t.rows) {
      w.begin_object();
      for (std::size_t i = 0; i < row.size() && i < t.header.size(); ++i)
        w.key(t.header[i]).value(row[i]);
      w.end_object();
    }
    w.end_array().key("notes").begin_array();
    for (const auto& n : t.notes)
      w.value(n);
    w.end_array().end_object();
  }
  w.end_array().end_object();
  out += '\n';
  return out;
}

}  // namespace wallaudit::report
