// The duplicate index of a batch: first records by key, over many records and long names.
#include <gtest/gtest.h>

#include <string>
#include <vector>

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
  // The table grows many times: in memory, then to its file, then twice in the file.
  constexpr int kRecords = 600'000;
  auto key = [](int i) { return "key-" + std::to_string(i); };
  auto name = [](int i) {
    return "archive.tar!games/" + std::string(static_cast<std::size_t>(i % 300), 'x') +
           std::to_string(i) + ".xml";
  };
  bool in_memory_at_100k = false;
  for (int i = 0; i < kRecords; ++i) {
    if (i == 100'000) in_memory_at_100k = !index.table_on_disk();
    // Every tenth record repeats a game of five records before: found at every size, while
    // the entry is still in the write buffer and once it is in the file.
    if (i % 10 == 9) {
      ASSERT_EQ(index.first_of(key(i - 5), "repeat.xml"), name(i - 5)) << i;
      continue;
    }
    ASSERT_EQ(index.first_of(key(i), name(i)), std::nullopt) << i;
  }
  EXPECT_TRUE(in_memory_at_100k);
  EXPECT_EQ(index.size(), static_cast<std::size_t>(kRecords - kRecords / 10));
  EXPECT_TRUE(index.table_on_disk());
  EXPECT_EQ(index.error(), "");
  // Every key is found again, after all the growing, with the name of its first record.
  for (int i = 0; i < kRecords; ++i) {
    if (i % 10 == 9) continue;
    ASSERT_EQ(index.first_of(key(i), "again.xml"), name(i)) << i;
  }
  EXPECT_EQ(index.size(), static_cast<std::size_t>(kRecords - kRecords / 10));
}

TEST(DuplicateIndex, KeysThatWrapAroundTheEndOfTheTableAreFound) {
  // Keys whose home is the last slot of every table from 2^11 to 2^22 slots: they fill it and
  // go on at the first slots. When the table in its file is rebuilt, they come last and find
  // the first page of the new table already written out.
  constexpr std::uint64_t kLast = (std::uint64_t{1} << 22) - 1;
  std::vector<std::string> wrapping;
  for (std::uint64_t n = 0; wrapping.size() < 4; ++n) {
    std::string key = "wrap-" + std::to_string(n);
    if ((DuplicateIndex::hash_of(key) & kLast) == kLast) wrapping.push_back(key);
  }
  DuplicateIndex index;
  constexpr int kRecords = 300'000;  // the table moves to its file, then grows there once
  for (int i = 0; i < kRecords; ++i) {
    ASSERT_EQ(index.first_of("key-" + std::to_string(i), "r" + std::to_string(i)), std::nullopt);
    if (i % 75'000 == 0) {
      const std::string& key = wrapping[static_cast<std::size_t>(i / 75'000)];
      ASSERT_EQ(index.first_of(key, key + ".xml"), std::nullopt);
    }
  }
  ASSERT_TRUE(index.table_on_disk());
  for (const std::string& key : wrapping)
    EXPECT_EQ(index.first_of(key, "again.xml"), key + ".xml");
  for (int i = 0; i < kRecords; i += 101)
    EXPECT_EQ(index.first_of("key-" + std::to_string(i), "again.xml"), "r" + std::to_string(i));
}

}  // namespace
}  // namespace wallaudit::cli
