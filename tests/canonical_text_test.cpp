// CanonicalText writes the texts that duplicate keys are hashed from: every number must come
// out as fmt writes it, or every key of every archive changes.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/history.hpp"

namespace wallaudit {
namespace {

TEST(CanonicalText, NumbersAreWrittenAsFmtWritesThem) {
  CanonicalText text;
  for (int v = -1200; v <= 1200; ++v) {
    text.clear();
    text << v;
    ASSERT_EQ(text.view(), fmt::format("{}", v)) << v;
  }
  for (int v : {INT_MIN, INT_MIN + 1, -100, -99, -10, -9, 99, 100, 9999, INT_MAX}) {
    text.clear();
    text << v;
    EXPECT_EQ(text.view(), fmt::format("{}", v));
  }
  text.clear();
  text << std::size_t{SIZE_MAX} << ' ' << std::int64_t{INT64_MIN} << ' ' << std::uint8_t{200};
  EXPECT_EQ(text.view(), fmt::format("{} {} {}", SIZE_MAX, INT64_MIN, 200));
}

TEST(CanonicalText, PiecesFollowEachOtherAndClearStartsAgain) {
  CanonicalText text;
  const char* literal = "turn by";
  text << literal << ' ' << std::string_view("red") << ": " << 3 << '+' << 12;
  EXPECT_EQ(text.view(), "turn by red: 3+12");
  text.clear();
  EXPECT_EQ(text.view(), "");
  std::string longer(1000, 'x');
  text << longer << 7;
  EXPECT_EQ(text.view(), longer + "7");
}

}  // namespace
}  // namespace wallaudit
