#include "core/source.hpp"

#include <algorithm>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace wallaudit {

LineIndex::LineIndex(std::string_view text)
    : LineIndex(text, std::none_of(text.begin(), text.end(),
                                   [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {}

LineIndex::LineIndex(std::string_view text, bool ascii) : text_(text), ascii_(ascii) {
  starts_.reserve(text.size() / 40 + 1);
  starts_.push_back(0);
  const char* begin = text.data();
  const char* end = begin + text.size();
  const char* p = begin;
#ifdef __SSE2__
  // Lines are short: sixteen bytes at a time, one bit per newline, rather than a call per line.
  const __m128i newline = _mm_set1_epi8('\n');
  for (; end - p >= 16; p += 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    auto bits = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, newline)));
    while (bits) {
      auto at =
          static_cast<std::uint32_t>(p - begin) + static_cast<std::uint32_t>(__builtin_ctz(bits));
      starts_.push_back(at + 1);
      bits &= bits - 1;
    }
  }
#endif
  while (p < end) {
    const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
    if (!nl) break;
    p = static_cast<const char*>(nl) + 1;
    starts_.push_back(static_cast<std::uint32_t>(p - begin));
  }
}

SourceLoc LineIndex::locate(std::size_t offset) const {
  if (starts_.empty()) return {1, 1};
  offset = std::min(offset, text_.size());
  std::uint32_t line;
  // Readers ask in document order: try the last line and the next few before searching.
  std::uint32_t h = hint_;
  auto n = static_cast<std::uint32_t>(starts_.size());
  if (h < n && starts_[h] <= offset && (h + 1 == n || offset < starts_[h + 1])) {
    line = h + 1;
  } else if (h + 1 < n && starts_[h + 1] <= offset && (h + 2 == n || offset < starts_[h + 2])) {
    line = h + 2;
  } else {
    auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
    line = static_cast<std::uint32_t>(it - starts_.begin());
  }
  hint_ = line - 1;
  std::size_t start = starts_[line - 1];
  auto column = (ascii_ ? offset - start : utf8_length(text_.substr(start, offset - start))) + 1;
  return {line, static_cast<std::uint32_t>(column)};
}

std::size_t LineIndex::line_start(std::uint32_t line) const {
  if (line == 0 || line > starts_.size()) return text_.size();
  return starts_[line - 1];
}

std::string_view LineIndex::line_text(std::uint32_t line) const {
  if (line == 0 || line > starts_.size()) return {};
  std::size_t start = starts_[line - 1];
  std::size_t end = line < starts_.size() ? starts_[line] - 1 : text_.size();
  std::string_view result = text_.substr(start, end - start);
  if (!result.empty() && result.back() == '\r') result.remove_suffix(1);
  return result;
}

std::size_t utf8_length(std::string_view text) {
  std::size_t count = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
  }
  return count;
}

}  // namespace wallaudit
