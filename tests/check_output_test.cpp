// The compiler-style text of `check`: the source line under a diagnostic, clipped and made
// printable, with the caret under the right character.
#include <gtest/gtest.h>

#include <string>

#include "core/game.hpp"
#include "core/source.hpp"
#include "report/check_output.hpp"

namespace wallaudit {
namespace {

// The two lines printed under the diagnostic: the excerpt and the caret line.
std::pair<std::string, std::string> excerpt(const std::string& text, SourceLoc loc) {
  GameResult result;
  result.diagnostics.add(FindingKind::format, "REC-015", loc, "something");
  report::CheckedRecord record;
  record.file = "r.xml";
  record.text = text;
  record.result = &result;
  std::string out;
  report::append_text(out, record);
  auto first = out.find('\n') + 1;
  auto second = out.find('\n', first) + 1;
  auto third = out.find('\n', second);
  return {out.substr(first, second - first - 1), out.substr(second, third - second)};
}

TEST(CheckText, AShortLineIsPrintedWholeWithTheCaretUnderTheColumn) {
  auto [line, caret] = excerpt("<a>\n  <b x=\"1\"/>\n", {2, 6});
  EXPECT_EQ(line, "    2 |   <b x=\"1\"/>");
  EXPECT_EQ(caret, "      |      ^");
}

TEST(CheckText, ALongLineIsClippedAroundTheColumn) {
  std::string text = std::string(5000, 'a') + "X" + std::string(5000, 'b') + "\n";
  auto [line, caret] = excerpt(text, {1, 5001});
  EXPECT_LT(line.size(), 260u);
  EXPECT_EQ(line.substr(0, 11), "    1 | ...");
  EXPECT_EQ(line.substr(line.size() - 3), "...");
  // The caret stands under the X.
  auto x = line.find('X');
  ASSERT_NE(x, std::string::npos);
  EXPECT_EQ(caret.size(), x + 1);
  EXPECT_EQ(caret.back(), '^');
}

TEST(CheckText, ControlCharactersAndBadBytesAreShownAsQuestionMarks) {
  std::string text = std::string("ab\0c\x01", 5) + "d\xE9" + "e\xC3\xA9" + "\n";
  auto [line, caret] = excerpt(text, {1, 6});
  EXPECT_EQ(line, "    1 | ab?c?d?e\xC3\xA9");
  EXPECT_EQ(caret, "      |      ^");
}

}  // namespace
}  // namespace wallaudit
