// Strict reading of XML records: parsing with positions, and checks every format shares.
#pragma once

#include <array>
#include <bit>
#include <charconv>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include <pugixml.hpp>

#include "core/diagnostic.hpp"
#include "core/source.hpp"

namespace wallaudit {

// Rule ids of format errors, shared by every record format (see docs/diagnostics.md).
namespace rec {
inline constexpr std::string_view not_well_formed = "REC-001";
inline constexpr std::string_view wrong_document = "REC-002";
inline constexpr std::string_view unknown_element = "REC-003";
inline constexpr std::string_view unknown_attribute = "REC-004";
inline constexpr std::string_view missing = "REC-005";
inline constexpr std::string_view bad_value = "REC-006";
inline constexpr std::string_view unknown_id = "REC-007";
inline constexpr std::string_view misplaced = "REC-008";
inline constexpr std::string_view text_content = "REC-009";
inline constexpr std::string_view duplicate = "REC-010";
inline constexpr std::string_view inconsistent = "REC-011";
inline constexpr std::string_view turn_number = "REC-012";
inline constexpr std::string_view included_file = "REC-013";
inline constexpr std::string_view bad_definition = "REC-014";
inline constexpr std::string_view encoding = "REC-015";
inline constexpr std::string_view dtd = "REC-016";
inline constexpr std::string_view limit = "REC-017";
inline constexpr std::string_view unreadable = "REC-018";
}  // namespace rec

// An XML document together with its original text, for positions and carets.
class XmlDocument {
 public:
  // Documents nested deeper than this are refused (REC-017).
  static constexpr int kMaxDepth = 256;

  // Parses `text`; on failure returns nullopt and adds a format diagnostic to `out`.
  static std::optional<XmlDocument> parse(std::string text, Diagnostics& out);

  XmlDocument(XmlDocument&&) noexcept;
  XmlDocument& operator=(XmlDocument&&) noexcept;
  ~XmlDocument();

  pugi::xml_node root() const { return doc_->document_element(); }
  const std::string& text() const { return text_; }
  const LineIndex& lines() const { return lines_; }

  // Position of an element's '<'.
  SourceLoc loc(pugi::xml_node node) const;
  // Position of an attribute's value (its first character inside the quotes);
  // the element's position when the attribute is absent.
  SourceLoc value_loc(pugi::xml_node node, std::string_view attribute) const;
  // Position of an attribute's name.
  SourceLoc attribute_loc(pugi::xml_node node, std::string_view attribute) const;
  // The same for an attribute already found (null: the element's position).
  SourceLoc value_loc(pugi::xml_node node, pugi::xml_attribute attribute) const;
  SourceLoc attribute_loc(pugi::xml_node node, pugi::xml_attribute attribute) const;

 private:
  XmlDocument() = default;
  // Byte offsets of the attribute's name and value, or npos when absent.
  std::pair<std::size_t, std::size_t> offsets(pugi::xml_attribute attribute) const;

  std::string text_;
  std::string buffer_;  // the copy pugixml parsed in place (the text after any BOM)
  std::size_t bom_ = 0;
  std::unique_ptr<pugi::xml_document> doc_;
  LineIndex lines_;
};

// Whether two handles are the same node. pugixml compares them in a library call; a handle
// is one pointer, compared here inline.
inline bool same_node(pugi::xml_node a, pugi::xml_node b) {
  static_assert(sizeof(pugi::xml_node) == sizeof(const void*) &&
                std::is_trivially_copyable_v<pugi::xml_node>);
  return std::bit_cast<const void*>(a) == std::bit_cast<const void*>(b);
}

// Structural checks with diagnostics, for readers of record formats.
class XmlChecker {
 public:
  XmlChecker(const XmlDocument& doc, Diagnostics& out) : doc_(doc), out_(out) {}

  const XmlDocument& doc() const { return doc_; }
  Diagnostics& out() { return out_; }
  // Where `node` starts. The last element asked for is remembered: a reader asks for an
  // element and then for the values of its attributes, an absent one placed at the element.
  SourceLoc loc(pugi::xml_node node) const {
    if (!same_node(node, located_)) {
      located_ = node;
      located_at_ = doc_.loc(node);
    }
    return located_at_;
  }
  // Where the value of attribute `a` of `node` starts; where `node` starts when it is absent.
  SourceLoc value_loc(pugi::xml_node node, std::string_view a) const {
    pugi::xml_attribute found = attribute(node, a);
    return found ? doc_.value_loc(node, found) : loc(node);
  }
  // Where the name of attribute `a` of `node` starts; where `node` starts when it is absent.
  SourceLoc attribute_loc(pugi::xml_node node, std::string_view a) const {
    pugi::xml_attribute found = attribute(node, a);
    return found ? doc_.attribute_loc(node, found) : loc(node);
  }

  // The attribute `name` of `node` (the first, if it is repeated), or a null attribute.
  // Answers from the walk of only_attributes when `node` is the element it checked last and
  // `name` was among the allowed names: each element's attributes are walked once.
  pugi::xml_attribute attribute(pugi::xml_node node, std::string_view name) const;
  bool has(pugi::xml_node node, std::string_view name) const {
    return static_cast<bool>(attribute(node, name));
  }

  void error(std::string_view rule, SourceLoc loc, std::string message);

  // Reports every attribute not in `allowed` (REC-004); true when there was none. Remembers
  // where each allowed attribute stands, for the lookups that follow.
  bool only_attributes(pugi::xml_node node, std::initializer_list<std::string_view> allowed);
  // Reports non-blank text directly inside `node` (REC-009).
  void no_text(pugi::xml_node node);
  // Element children, with text children reported; comments and PIs are skipped.
  template <typename F>
  void for_each_child(pugi::xml_node node, F&& f) {
    for (pugi::xml_node child = node.first_child(); child; child = child.next_sibling()) {
      if (child.type() == pugi::node_element) {
        f(child);
      } else if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
        report_text(node, child);
      }
    }
  }
  void unknown_element(pugi::xml_node child, pugi::xml_node parent);

  // The attribute's value, or nullopt with a REC-005 when it is missing.
  std::optional<std::string_view> required(pugi::xml_node node, std::string_view name);
  // The attribute's value when present.
  std::optional<std::string_view> optional(pugi::xml_node node, std::string_view name) const;
  // An integer attribute in [lo, hi]; reports REC-005 (missing, if required) or REC-006.
  std::optional<long long> integer(pugi::xml_node node, std::string_view name, bool is_required,
                                   long long lo, long long hi);

 private:
  void report_text(pugi::xml_node parent, pugi::xml_node text);
  const XmlDocument& doc_;
  Diagnostics& out_;
  // What the last only_attributes found: for its element, each allowed name and the
  // attribute of that name (null when absent), and whether the element has no other
  // attribute. A list of more than kMaxAllowed names is not remembered: the lookups on its
  // element walk the attributes.
  static constexpr std::size_t kMaxAllowed = 8;
  pugi::xml_node scanned_;
  bool scanned_clean_ = false;
  mutable pugi::xml_node located_;  // the element loc() was last asked for, and its place
  mutable SourceLoc located_at_;
  std::size_t allowed_count_ = 0;
  std::array<std::string_view, kMaxAllowed> allowed_{};
  std::array<pugi::xml_attribute, kMaxAllowed> found_{};
};

// The number of element children of `node`, counted up to `limit`: a list about to be read
// from them is sized once (and a hostile document reserves no more than `limit`).
inline std::size_t element_children(pugi::xml_node node, std::size_t limit) {
  std::size_t n = 0;
  for (pugi::xml_node c = node.first_child(); c && n < limit; c = c.next_sibling())
    n += c.type() == pugi::node_element;
  return n;
}

// Parses a whole decimal integer (optional sign, no spaces); nullopt otherwise.
std::optional<long long> parse_integer(std::string_view text);

// Splits on XML whitespace, dropping empty pieces.
template <typename F>
void for_each_word(std::string_view text, F&& f) {
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() &&
           (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
      ++i;
    std::size_t start = i;
    while (i < text.size() &&
           !(text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
      ++i;
    if (i > start) f(text.substr(start, i - start));
  }
}

}  // namespace wallaudit
