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

std::string parse_error(std::string_view text) {
  auto parsed = parse_json(text);
  if (auto* e = std::get_if<JsonParseError>(&parsed))
    return std::to_string(e->offset) + ": " + e->message;
  return "ok: " + std::get<JsonValue>(parsed).dump();
}

TEST(JsonParse, SurrogatesFollowRfc8259) {
  EXPECT_EQ(parse_error(R"("\ud83d\ude00")"), "ok: \"😀\"");
  EXPECT_EQ(parse_error(R"("\ud800")"), "7: lone high surrogate in \\u escape");
  EXPECT_EQ(parse_error(R"("\ud800x")"), "7: lone high surrogate in \\u escape");
  EXPECT_EQ(parse_error(R"("\ud800\u0041")"),
            "13: high surrogate not followed by a low one in \\u escape");
  EXPECT_EQ(parse_error(R"("\udc00")"), "7: lone low surrogate in \\u escape");
  EXPECT_EQ(parse_error(R"("a\u00e9b")"), "ok: \"aéb\"");
}

TEST(JsonParse, NumbersFollowRfc8259) {
  EXPECT_EQ(parse_error("01"), "0: leading zero in a number");
  EXPECT_EQ(parse_error("-01"), "1: leading zero in a number");
  EXPECT_EQ(parse_error("[00]"), "1: leading zero in a number");
  EXPECT_EQ(parse_error("0"), "ok: 0");
  EXPECT_EQ(parse_error("-0.5e+2"), "ok: -50");
  EXPECT_EQ(parse_error("0.01"), "ok: 0.01");
  EXPECT_EQ(parse_error("+1"), "0: invalid value");
  EXPECT_EQ(parse_error(".5"), "0: invalid value");
  EXPECT_EQ(parse_error("1."), "2: invalid number");
  EXPECT_EQ(parse_error("1e"), "2: invalid number");
  EXPECT_EQ(parse_error("1e999"), "0: number out of range");
  EXPECT_EQ(parse_error("99999999999999999999"), "ok: 1e+20");
}

TEST(JsonParse, StringsAreWellFormedUtf8) {
  EXPECT_EQ(parse_error("\"\xC3\xA9\""), "ok: \"é\"");
  EXPECT_EQ(parse_error("\"\xF0\x9F\x98\x80\""), "ok: \"😀\"");
  EXPECT_EQ(parse_error("\"\xC3\""), "1: invalid UTF-8 in string");
  EXPECT_EQ(parse_error("\"\xC0\xAF\""), "1: invalid UTF-8 in string");      // overlong
  EXPECT_EQ(parse_error("\"\xED\xA0\x80\""), "1: invalid UTF-8 in string");  // surrogate
  EXPECT_EQ(parse_error("\"\xF4\x90\x80\x80\""), "1: invalid UTF-8 in string");
  EXPECT_EQ(parse_error("\"a\tb\""), "3: control character in string");
  EXPECT_EQ(parse_error("\"\\x\""), "3: bad escape in string");
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
