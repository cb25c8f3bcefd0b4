// The duplicate index of a batch: first records by key, over many records and long names.
#include <gtest/gtest.h>

#include <string>

#include "cli/duplicates.hpp"

namespace wallaudit::cli {
namespace {

TEST(DuplicateIndex, NamesTheFirstRecordOfEachKey) {
  DuplicateIndex index;
  EXPECT_EQ(index.first_of("v1/chang-cheng/aa", "a.xml"), std::nullopt);
  EXPECT_EQ(index.first_of("v1/chang-cheng/bb", "b.xml"), std::nullopt);
  EXPECT_EQ(index.first_of("v1/chang-cheng/aa", "c.xml"), "a.xml");
  EXPECT_EQ(index.first_of("v1/chang-cheng/aa", "d.xml"), "a.xml");
  EXPECT_EQ(index.first_of("v1/great-wall-of-china/aa", "e.xml"), std::nullopt);
  EXPECT_EQ(index.first_of("", "f.xml"), std::nullopt);  // no key: never a duplicate
  EXPECT_EQ(index.first_of("", "g.xml"), std::nullopt);
  EXPECT_EQ(index.size(), 3u);
  EXPECT_FALSE(index.table_on_disk());
}

TEST(DuplicateIndex, HoldsManyRecordsAndLongNames) {
  DuplicateIndex index;
  constexpr int kRecords = 200'000;  // the table grows many times
  for (int i = 0; i < kRecords; ++i) {
    std::string name = "archive.tar!games/" + std::string(static_cast<std::size_t>(i % 300), 'x') +
                       std::to_string(i) + ".xml";
    ASSERT_EQ(index.first_of("key-" + std::to_string(i), name), std::nullopt) << i;
  }
  EXPECT_EQ(index.size(), static_cast<std::size_t>(kRecords));
  EXPECT_TRUE(index.table_on_disk());
  for (int i = 0; i < kRecords; i += 997) {
    std::string name = "archive.tar!games/" + std::string(static_cast<std::size_t>(i % 300), 'x') +
                       std::to_string(i) + ".xml";
    EXPECT_EQ(index.first_of("key-" + std::to_string(i), "again.xml"), name) << i;
  }
  EXPECT_EQ(index.size(), static_cast<std::size_t>(kRecords));
}

}  // namespace
}  // namespace wallaudit::cli
