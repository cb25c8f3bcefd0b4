// Source positions and the line index that maps byte offsets to them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wallaudit {

// A place in an input file; line and column count from 1, 0 means "unknown".
// Columns count Unicode code points, so a caret lines up with what an editor shows.
struct SourceLoc {
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  bool known() const { return line != 0; }
  friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
  friend auto operator<=>(const SourceLoc&, const SourceLoc&) = default;
};

// Maps byte offsets of one text to line:column; keeps a view of the text for carets.
class LineIndex {
 public:
  LineIndex() = default;
  explicit LineIndex(std::string_view text);
  // When the caller already knows whether the text is plain ASCII.
  LineIndex(std::string_view text, bool ascii);

  // Offset past the end maps to the end of the text.
  SourceLoc locate(std::size_t offset) const;
  // The text of a line without its line break; empty for lines that do not exist.
  std::string_view line_text(std::uint32_t line) const;
  std::size_t line_start(std::uint32_t line) const;
  std::uint32_t line_count() const { return static_cast<std::uint32_t>(starts_.size()); }
  std::string_view text() const { return text_; }

 private:
  std::string_view text_;
  std::vector<std::uint32_t> starts_;
  bool ascii_ = true;               // no byte above 0x7F: columns are byte counts
  mutable std::uint32_t hint_ = 0;  // the line of the last lookup: lookups mostly move forward
};

// Number of code points in a UTF-8 string (continuation bytes are not counted).
std::size_t utf8_length(std::string_view text);

}  // namespace wallaudit
