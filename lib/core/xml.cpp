#include "core/xml.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace wallaudit {

namespace {

// Offset of the first byte that is not valid UTF-8 (or is NUL), or npos; `ascii` tells whether
// every byte is below 0x80. Sixteen (SSE2) or eight bytes at a time while the text is plain ASCII.
std::size_t first_bad_utf8(std::string_view s, bool& ascii) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  std::size_t n = s.size(), i = 0;
  ascii = true;
  constexpr std::uint64_t kHigh = 0x8080808080808080ull, kOnes = 0x0101010101010101ull;
  while (i < n) {
#ifdef __SSE2__
    // Sixteen bytes at a time: none with its high bit set, none zero.
    while (i + 16 <= n) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      if (_mm_movemask_epi8(_mm_or_si128(v, _mm_cmpeq_epi8(v, _mm_setzero_si128()))) != 0) break;
      i += 16;
    }
    if (i == n) break;
#endif
    if (i + 8 <= n) {
      std::uint64_t v;
      std::memcpy(&v, p + i, 8);
      if (((v | ((v - kOnes) & ~v)) & kHigh) == 0) {  // no high bit and no zero byte
        i += 8;
        continue;
      }
    }
    unsigned char c = p[i];
    if (c >= 0x01 && c < 0x80) {
      ++i;
      continue;
    }
    if (c == 0) return i;
    ascii = false;
    std::size_t len;
    std::uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2, cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3, cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4, cp = c & 0x07;
    } else {
      return i;
    }
    if (i + len > n) return i;
    for (std::size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
        (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
      return i;
    i += len;
  }
  return std::string_view::npos;
}

std::string_view describe(pugi::xml_parse_status status) {
  switch (status) {
    case pugi::status_file_not_found:
      return "file not found";
    case pugi::status_io_error:
      return "read error";
    case pugi::status_out_of_memory:
      return "out of memory while parsing";
    case pugi::status_internal_error:
      return "internal parser error";
    case pugi::status_unrecognized_tag:
      return "malformed tag";
    case pugi::status_bad_pi:
      return "malformed processing instruction or declaration";
    case pugi::status_bad_comment:
      return "malformed comment";
    case pugi::status_bad_cdata:
      return "malformed CDATA section";
    case pugi::status_bad_doctype:
      return "malformed document type declaration";
    case pugi::status_bad_pcdata:
      return "malformed text";
    case pugi::status_bad_start_element:
      return "malformed start tag";
    case pugi::status_bad_attribute:
      return "malformed attribute";
    case pugi::status_bad_end_element:
      return "malformed end tag";
    case pugi::status_end_element_mismatch:
      return "end tag does not match its start tag";
    case pugi::status_append_invalid_root:
      return "invalid root";
    case pugi::status_no_document_element:
      return "no root element";
    case pugi::status_ok:
      return "ok";
  }
  return "parse error";
}

// Digits with an optional sign: a number, even if too large to hold.
bool looks_numeric(std::string_view t) {
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) t.remove_prefix(1);
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

}  // namespace

XmlDocument::XmlDocument(XmlDocument&&) noexcept = default;
XmlDocument& XmlDocument::operator=(XmlDocument&&) noexcept = default;
XmlDocument::~XmlDocument() = default;

std::optional<XmlDocument> XmlDocument::parse(std::string text, Diagnostics& out) {
  XmlDocument doc;
  doc.text_ = std::move(text);
  std::string_view body = doc.text_;
  std::size_t bom = body.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  bool ascii = true;
  auto bad = first_bad_utf8(body, ascii);
  doc.lines_ = LineIndex(doc.text_, ascii);
  if (bad != std::string_view::npos) {
    unsigned byte = static_cast<unsigned char>(body[bad]);
    out.add(FindingKind::format, std::string(rec::encoding), doc.lines_.locate(bad),
            byte == 0 ? std::string("NUL byte: a record is UTF-8 text")
                      : fmt::format("invalid UTF-8 (byte 0x{:02X}): a record is UTF-8 text", byte));
    return std::nullopt;
  }
  // pugixml parses a copy in place, so that names and values point into it: their offsets
  // are their positions in the text.
  doc.doc_ = std::make_unique<pugi::xml_document>();
  doc.buffer_.assign(body.substr(bom));
  doc.bom_ = bom;
  unsigned options = pugi::parse_default | pugi::parse_doctype | pugi::parse_declaration;
  pugi::xml_parse_result result = doc.doc_->load_buffer_inplace(
      doc.buffer_.data(), doc.buffer_.size(), options, pugi::encoding_utf8);
  if (!result) {
    auto offset = static_cast<std::size_t>(std::max<std::ptrdiff_t>(result.offset, 0)) + bom;
    std::string message = fmt::format("not well-formed XML: {}", describe(result.status));
    std::string_view rest = offset < doc.text_.size() ? body.substr(offset) : std::string_view();
    bool at_end = rest.find_first_not_of(" \t\r\n") == std::string_view::npos ||
                  rest.find('>') == std::string_view::npos;
    if (at_end || result.status == pugi::status_end_element_mismatch ||
        result.status == pugi::status_no_document_element)
      message += at_end ? " where the file ends: is it truncated?" : " (is the file truncated?)";

    out.add(FindingKind::format, std::string(rec::not_well_formed), doc.lines_.locate(offset),
            std::move(message));
    return std::nullopt;
  }
  // No record nests deeply; a document that does is refused before anything walks it.
  {
    const pugi::xml_node top = *doc.doc_;
    int depth = 1;
    pugi::xml_node node = top.first_child();
    while (node) {
      if (depth > kMaxDepth) {
        out.add(FindingKind::format, std::string(rec::limit), doc.loc(node),
                fmt::format("elements are nested more than {} levels deep; no record needs that",
                            kMaxDepth));
        return std::nullopt;
      }
      // Each node's first child and next sibling are asked for once.
      if (pugi::xml_node child = node.first_child()) {
        node = child;
        ++depth;
        continue;
      }
      for (;;) {
        if (node == top) {
          node = pugi::xml_node();
          break;
        }
        if (pugi::xml_node next = node.next_sibling()) {
          node = next;
          break;
        }
        node = node.parent();
        --depth;
      }
    }
  }

  for (pugi::xml_node node = doc.doc_->first_child(); node; node = node.next_sibling()) {
    if (node.type() == pugi::node_doctype) {
      out.add(FindingKind::format, std::string(rec::dtd), doc.loc(node),
              "a document type declaration is not allowed: records use no DTD or entities");
      return std::nullopt;
    }
    if (node.type() == pugi::node_declaration) {
      std::string_view enc = node.attribute("encoding").value();
      std::string lower(enc);
      std::transform(lower.begin(), lower.end(), lower.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      if (!enc.empty() && lower != "utf-8" && lower != "utf8") {
        out.add(FindingKind::format, std::string(rec::encoding), doc.loc(node),
                fmt::format("encoding \"{}\" is not supported: a record is UTF-8 text", enc));
        return std::nullopt;
      }
    }
  }
  return doc;
}

SourceLoc XmlDocument::loc(pugi::xml_node node) const {
  // An element's name points into the copy pugixml parsed in place: its offset is its
  // position in the text (after any BOM); step back to the '<'.
  const char* begin = buffer_.data();
  const char* name = node.name();
  std::size_t at;
  if (node.type() == pugi::node_element && name > begin && name < begin + buffer_.size()) {
    at = static_cast<std::size_t>(name - begin) + bom_;
    if (text_[at - 1] == '<') --at;
  } else {
    std::ptrdiff_t offset = node.offset_debug();
    if (offset < 0) return {};
    at = static_cast<std::size_t>(offset) + bom_;
    if (node.type() == pugi::node_element && at > 0 && text_[at - 1] == '<') --at;
    // pugixml reports a DOCTYPE or a declaration inside it; step back to its start.
    if (node.type() == pugi::node_doctype || node.type() == pugi::node_declaration) {
      auto start = text_.rfind(node.type() == pugi::node_doctype ? "<!DOCTYPE" : "<?", at);
      if (start != std::string::npos) at = start;
    }
  }
  return lines_.locate(at);
}

namespace {

// Whether the NUL-terminated `name` equals `s`; names are short, so no library call.
bool same_name(const char* name, std::string_view s) {
  for (char c : s) {
    if (*name++ != c) return false;
  }
  return *name == '\0';
}

// Whether two short names are equal; the same literal is mostly the same pointer.
bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  if (a.data() == b.data()) return true;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

// The first attribute of `node` named `name`.
pugi::xml_attribute first_attribute(pugi::xml_node node, std::string_view name) {
  for (pugi::xml_attribute it = node.first_attribute(); it; it = it.next_attribute()) {
    if (same_name(it.name(), name)) return it;
  }
  return {};
}

}  // namespace

std::pair<std::size_t, std::size_t> XmlDocument::offsets(pugi::xml_attribute a) const {
  constexpr auto npos = std::string_view::npos;
  if (!a) return {npos, npos};
  // Names and values point into the parsed copy; an empty value may point elsewhere.
  const char* begin = buffer_.data();
  const char* end = begin + buffer_.size();
  auto offset = [&](const char* p) -> std::size_t {
    return p >= begin && p < end ? static_cast<std::size_t>(p - begin) + bom_ : npos;
  };
  std::size_t name_at = offset(a.name());
  std::size_t value_at = offset(a.value());
  if (name_at == npos) return {npos, npos};
  if (value_at == npos) {
    // An empty value: the position after the opening quote.
    std::size_t quote = text_.find_first_of("\"'", name_at);
    value_at = quote == npos ? name_at : quote + 1;
  }
  return {name_at, value_at};
}

SourceLoc XmlDocument::value_loc(pugi::xml_node node, pugi::xml_attribute attribute) const {
  auto [name, value] = offsets(attribute);
  if (value == std::string_view::npos) return loc(node);
  return lines_.locate(value);
}

SourceLoc XmlDocument::attribute_loc(pugi::xml_node node, pugi::xml_attribute attribute) const {
  auto [name, value] = offsets(attribute);
  if (name == std::string_view::npos) return loc(node);
  return lines_.locate(name);
}

SourceLoc XmlDocument::value_loc(pugi::xml_node node, std::string_view attribute) const {
  return value_loc(node, first_attribute(node, attribute));
}

SourceLoc XmlDocument::attribute_loc(pugi::xml_node node, std::string_view attribute) const {
  return attribute_loc(node, first_attribute(node, attribute));
}

void XmlChecker::error(std::string_view rule, SourceLoc loc, std::string message) {
  out_.add(FindingKind::format, std::string(rule), loc, std::move(message));
}

bool XmlChecker::only_attributes(pugi::xml_node node,
                                 std::initializer_list<std::string_view> allowed) {
  bool remember = allowed.size() <= kMaxAllowed;
  scanned_ = remember ? node : pugi::xml_node();
  allowed_count_ = remember ? allowed.size() : 0;
  if (remember) {
    std::copy(allowed.begin(), allowed.end(), allowed_.begin());
    std::fill_n(found_.begin(), allowed.size(), pugi::xml_attribute());
  }
  bool clean = true;
  unsigned seen = 0;  // bit i: found_[i] is set (no call into pugixml to ask)
  static_assert(kMaxAllowed <= 32);
  for (pugi::xml_attribute a = node.first_attribute(); a; a = a.next_attribute()) {
    const char* name = a.name();
    std::size_t i = 0;
    for (std::string_view s : allowed) {
      if (same_name(name, s)) break;
      ++i;
    }
    if (i < allowed.size()) {
      if (remember && !(seen & (1u << i))) {
        found_[i] = a;
        seen |= 1u << i;
      }
      continue;
    }
    std::string list;
    for (auto s : allowed)
      list += fmt::format("{}{}", list.empty() ? "" : ", ", s);
    error(rec::unknown_attribute, doc_.attribute_loc(node, a),
          list.empty()
              ? fmt::format("unknown attribute '{}' on <{}>: it takes none", name, node.name())
              : fmt::format("unknown attribute '{}' on <{}> (expected: {})", name, node.name(),
                            list));
    clean = false;
  }
  scanned_clean_ = clean;
  return clean;
}

pugi::xml_attribute XmlChecker::attribute(pugi::xml_node node, std::string_view name) const {
  if (same_node(node, scanned_)) {
    for (std::size_t i = 0; i < allowed_count_; ++i) {
      if (same_name(allowed_[i], name)) return found_[i];
    }
    // Every attribute of the element is allowed: a name outside the list is absent.
    if (scanned_clean_) return {};
  }
  return first_attribute(node, name);
}

void XmlChecker::report_text(pugi::xml_node parent, pugi::xml_node text) {
  std::string_view value = text.value();
  if (std::all_of(value.begin(), value.end(), is_space)) return;
  error(rec::text_content, doc_.loc(text),
        fmt::format("text is not allowed inside <{}>", parent.name()));
}

void XmlChecker::no_text(pugi::xml_node node) {
  for (pugi::xml_node child = node.first_child(); child; child = child.next_sibling()) {
    if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata)
      report_text(node, child);
    else if (child.type() == pugi::node_element)
      unknown_element(child, node);
  }
}

void XmlChecker::unknown_element(pugi::xml_node child, pugi::xml_node parent) {
  error(rec::unknown_element, doc_.loc(child),
        fmt::format("unknown element <{}> in <{}>", child.name(), parent.name()));
}

std::optional<std::string_view> XmlChecker::optional(pugi::xml_node node,
                                                     std::string_view name) const {
  pugi::xml_attribute a = attribute(node, name);
  if (!a) return std::nullopt;
  return std::string_view(a.value());
}

std::optional<std::string_view> XmlChecker::required(pugi::xml_node node, std::string_view name) {
  pugi::xml_attribute a = attribute(node, name);
  if (!a) {
    error(rec::missing, doc_.loc(node),
          fmt::format("<{}> needs the attribute '{}'", node.name(), name));
    return std::nullopt;
  }
  return std::string_view(a.value());
}

std::optional<long long> XmlChecker::integer(pugi::xml_node node, std::string_view name,
                                             bool is_required, long long lo, long long hi) {
  auto text = is_required ? required(node, name) : optional(node, name);
  if (!text) return std::nullopt;
  auto value = parse_integer(*text);
  if (!value && looks_numeric(*text)) {
    error(rec::bad_value, value_loc(node, name),
          fmt::format("'{}' of <{}> must lie between {} and {}, not {}", name, node.name(), lo, hi,
                      *text));
    return std::nullopt;
  }
  if (!value) {
    error(rec::bad_value, value_loc(node, name),
          fmt::format("'{}' of <{}> must be a whole number, not \"{}\"", name, node.name(), *text));
    return std::nullopt;
  }
  if (*value < lo || *value > hi) {
    error(rec::bad_value, value_loc(node, name),
          fmt::format("'{}' of <{}> must lie between {} and {}, not {}", name, node.name(), lo, hi,
                      *text));
    return std::nullopt;
  }
  return value;
}

std::optional<long long> parse_integer(std::string_view text) {
  if (text.empty()) return std::nullopt;
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (*begin == '+') {
    ++begin;
    if (begin != end && *begin == '-') return std::nullopt;
  }
  long long value = 0;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr != end || begin == end) return std::nullopt;
  return value;
}

}  // namespace wallaudit
