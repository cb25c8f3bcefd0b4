#include "report/annotate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <pugixml.hpp>
#include <sstream>

namespace wallaudit::report {

namespace {

// The whitespace before `node` on its line, for indenting what is inserted next to it.
std::string indent_of(pugi::xml_node node) {
  pugi::xml_node prev = node.previous_sibling();
  if (prev && prev.type() == pugi::node_pcdata) {
    std::string_view ws = prev.value();
    auto nl = ws.rfind('\n');
    if (nl != std::string_view::npos) return std::string(ws.substr(nl + 1));
  }
  return "";
}

void remove_annotations(pugi::xml_node node) {
  for (pugi::xml_node child = node.first_child(); child;) {
    pugi::xml_node next = child.next_sibling();
    if (std::string_view(child.name()) == "annotation") {
      // Drop the whitespace that led to it, so repeated annotation keeps the layout stable.
      pugi::xml_node prev = child.previous_sibling();
      if (prev && prev.type() == pugi::node_pcdata &&
          std::string_view(prev.value()).find_first_not_of(" \t\r\n") == std::string_view::npos)
        node.remove_child(prev);
      node.remove_child(child);
    } else {
      remove_annotations(child);
    }
    child = next;
  }
}

void add_annotation(pugi::xml_node parent, const std::vector<std::string>& lines,
                    const std::string& indent) {
  if (lines.empty()) return;
  // Keep the closing tag where it was: insert before trailing whitespace, if any.
  pugi::xml_node last = parent.last_child();
  bool trailing_ws =
      last && last.type() == pugi::node_pcdata &&
      std::string_view(last.value()).find_first_not_of(" \t\r\n") == std::string_view::npos;
  bool multiline =
      trailing_ws && std::string_view(last.value()).find('\n') != std::string_view::npos;
  std::string inner = indent + "  ";
  pugi::xml_node annotation;
  if (trailing_ws) {
    pugi::xml_node lead = parent.insert_child_before(pugi::node_pcdata, last);
    lead.set_value(multiline ? ("\n" + inner).c_str() : "");
    annotation = parent.insert_child_before("annotation", last);
  } else {
    if (parent.first_child()) parent.append_child(pugi::node_pcdata).set_value("");
    annotation = parent.append_child("annotation");
  }
  std::string body = "\n";
  for (const auto& line : lines)
    body += inner + "  " + line + "\n";
  body += inner;
  annotation.append_child(pugi::node_pcdata).set_value(body.c_str());
}

}  // namespace

std::optional<std::string> annotate_record(const std::string& text,
                                           const std::vector<TurnAnnotation>& annotations,
                                           const std::vector<std::string>& turn_elements,
                                           std::string& error) {
  pugi::xml_document doc;
  auto result =
      doc.load_buffer(text.data(), text.size(),
                      pugi::parse_default | pugi::parse_ws_pcdata | pugi::parse_declaration |
                          pugi::parse_comments | pugi::parse_pi | pugi::parse_doctype,
                      pugi::encoding_utf8);
  if (!result) {
    error = result.description();
    return std::nullopt;
  }
  pugi::xml_node root = doc.document_element();
  remove_annotations(root);
  std::vector<pugi::xml_node> turns;
  if (pugi::xml_node play = root.child("play")) {
    for (pugi::xml_node child : play.children())
      if (std::find(turn_elements.begin(), turn_elements.end(), child.name()) !=
          turn_elements.end())
        turns.push_back(child);
  }
  for (const auto& a : annotations) {
    if (a.turn >= 1 && static_cast<std::size_t>(a.turn) <= turns.size()) {
      pugi::xml_node turn = turns[static_cast<std::size_t>(a.turn) - 1];
      add_annotation(turn, a.lines, indent_of(turn));
    } else if (a.turn == 0) {
      pugi::xml_node end = root.child("end");
      if (!end) {
        pugi::xml_node last = root.last_child();
        bool ws = last && last.type() == pugi::node_pcdata;
        std::string indent = ws ? indent_of(root.child("play")) : "";
        if (ws) {
          root.insert_child_before(pugi::node_pcdata, last).set_value(("\n" + indent).c_str());
          end = root.insert_child_before("end", last);
          end.append_child(pugi::node_pcdata).set_value(("\n" + indent).c_str());
        } else {
          end = root.append_child("end");
        }
      }
      add_annotation(end, a.lines, indent_of(end));
    }
  }
  // What precedes the root element (declaration, comments, their line breaks) is kept as it
  // was written: pugixml does not keep the whitespace between top-level nodes.
  std::string saved;
  std::ptrdiff_t root_at = root.offset_debug();
  if (root_at > 0 && static_cast<std::size_t>(root_at) <= text.size())
    saved = text.substr(0, static_cast<std::size_t>(root_at) - 1);
  std::ostringstream out;
  root.print(out, "", pugi::format_raw, pugi::encoding_utf8);
  saved += out.str();
  if (saved.empty() || saved.back() != '\n') saved += '\n';
  return saved;
}

}  // namespace wallaudit::report
