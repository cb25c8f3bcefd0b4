// Diagnostics keep their messages bounded, whatever a record quotes into them.
#include <gtest/gtest.h>

#include <string>

#include "core/diagnostic.hpp"

namespace wallaudit {
namespace {

TEST(Diagnostics, AnOrdinaryMessageIsKeptWhole) {
  Diagnostics d;
  std::string message = "unknown element <wal> in <turn>";
  EXPECT_EQ(d.add(FindingKind::format, "REC-003", {3, 5}, message).message, message);
}

TEST(Diagnostics, AHugeMessageKeepsItsBeginningAndEnd) {
  Diagnostics d;
  std::string name(1'000'000, 'x');
  std::string message = "unknown element <" + name + "\xC3\xA9> in <play>";
  const std::string& kept = d.add(FindingKind::format, "REC-003", {3, 5}, message).message;
  EXPECT_LT(kept.size(), 700u);
  EXPECT_EQ(kept.substr(0, 17), "unknown element <");
  EXPECT_EQ(kept.substr(kept.size() - 11), "> in <play>");
  EXPECT_NE(kept.find("bytes left out"), std::string::npos);
}

TEST(Diagnostics, TheCutNeverSplitsACharacter) {
  Diagnostics d;
  std::string word;
  for (int i = 0; i < 1000; ++i)
    word += "\xC3\xA9";  // é, two bytes each
  const std::string& kept = d.add(FindingKind::format, "REC-006", {1, 1}, word).message;
  std::size_t pos = kept.find(" [");
  ASSERT_NE(pos, std::string::npos);
  EXPECT_EQ(pos % 2, 0u);  // the head ends after a whole é
  std::size_t tail = kept.rfind("] ") + 2;
  EXPECT_EQ((kept.size() - tail) % 2, 0u);
  EXPECT_EQ(static_cast<unsigned char>(kept[tail]), 0xC3);
}

}  // namespace
}  // namespace wallaudit
