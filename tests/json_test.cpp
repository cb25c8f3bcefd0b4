#include <gtest/gtest.h>

#include "core/json.hpp"

namespace wallaudit {
namespace {

TEST(JsonWriter, EscapesAndNests) {
  std::string out;
  JsonWriter w(out);
  w.begin_object()
      .key("a")
      .value("x\"y\n")
      .key("b")
      .begin_array()
      .value(1)
      .value(true)
      .null()
      .end_array()
      .end_object();
  EXPECT_EQ(out, R"({"a":"x\"y\n","b":[1,true,null]})");
}

TEST(JsonParse, RoundTrips) {
  auto parsed = parse_json(R"({"k": [1, -2.5, "\u00e9\ud83d\ude00", {"n": null}], "t": false})");
  ASSERT_TRUE(std::holds_alternative<JsonValue>(parsed));
  const auto& v = std::get<JsonValue>(parsed);
  EXPECT_EQ(v.dump(), R"({"k":[1,-2.5,"é😀",{"n":null}],"t":false})");
}

TEST(JsonParse, ReportsErrorsWithOffsets) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "\"unterminated", "tru", "1 2"}) {
    auto parsed = parse_json(bad);
    EXPECT_TRUE(std::holds_alternative<JsonParseError>(parsed)) << bad;
  }
  std::string deep(100000, '[');
  auto parsed = parse_json(deep);
  ASSERT_TRUE(std::holds_alternative<JsonParseError>(parsed));
  EXPECT_EQ(std::get<JsonParseError>(parsed).message, "nesting too deep");
}

}  // namespace
}  // namespace wallaudit
