// A small streaming JSON writer and a JSON value for game-specific extras.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace wallaudit {

// Appends `text` to `out` as a JSON string literal (quotes included).
void append_json_string(std::string& out, std::string_view text);

// Writes compact JSON into a string; the caller keeps the structure balanced.
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view v);
  JsonWriter& value(const char* v) { return value(std::string_view(v)); }
  JsonWriter& value(long long v);
  JsonWriter& value(int v) { return value(static_cast<long long>(v)); }
  JsonWriter& value(unsigned v) { return value(static_cast<long long>(v)); }
  JsonWriter& value(std::size_t v) { return value(static_cast<long long>(v)); }
  JsonWriter& value(double v);
  JsonWriter& value(bool v);
  JsonWriter& null();
  // Inserts already serialised JSON.
  JsonWriter& raw(std::string_view json);

 private:
  void separate();
  std::string& out_;
  bool need_comma_ = false;
};

// An owned JSON value, for data whose shape a game decides (e.g. "teams").
class JsonValue {
 public:
  using Array = std::vector<JsonValue>;
  using Object = std::vector<std::pair<std::string, JsonValue>>;  // keeps insertion order

  JsonValue() : v_(nullptr) {}
  JsonValue(std::nullptr_t) : v_(nullptr) {}
  JsonValue(bool b) : v_(b) {}
  JsonValue(int i) : v_(static_cast<long long>(i)) {}
  JsonValue(long long i) : v_(i) {}
  JsonValue(double d) : v_(d) {}
  JsonValue(std::string s) : v_(std::move(s)) {}
  JsonValue(const char* s) : v_(std::string(s)) {}
  JsonValue(std::string_view s) : v_(std::string(s)) {}
  JsonValue(Array a) : v_(std::move(a)) {}
  JsonValue(Object o) : v_(std::move(o)) {}

  void write(JsonWriter& w) const;
  std::string dump() const;

  bool is_null() const { return std::holds_alternative<std::nullptr_t>(v_); }
  bool is_bool() const { return std::holds_alternative<bool>(v_); }
  bool is_int() const { return std::holds_alternative<long long>(v_); }
  bool is_double() const { return std::holds_alternative<double>(v_); }
  bool is_number() const { return is_int() || is_double(); }
  bool is_string() const { return std::holds_alternative<std::string>(v_); }
  bool is_array() const { return std::holds_alternative<Array>(v_); }
  bool is_object() const { return std::holds_alternative<Object>(v_); }
  bool as_bool() const { return std::get<bool>(v_); }
  long long as_int() const { return std::get<long long>(v_); }
  double as_number() const {
    return is_int() ? static_cast<double>(as_int()) : std::get<double>(v_);
  }
  const std::string& as_string() const { return std::get<std::string>(v_); }
  const Array& as_array() const { return std::get<Array>(v_); }
  Array& as_array() { return std::get<Array>(v_); }
  const Object& as_object() const { return std::get<Object>(v_); }
  Object& as_object() { return std::get<Object>(v_); }
  // Member of an object, or nullptr when absent or not an object.
  const JsonValue* find(std::string_view key) const;

 private:
  std::variant<std::nullptr_t, bool, long long, double, std::string, Array, Object> v_;
};

struct JsonParseError {
  std::size_t offset = 0;
  std::string message;
};

// Parses one JSON text (RFC 8259); depth is limited to keep hostile input harmless.
std::variant<JsonValue, JsonParseError> parse_json(std::string_view text);

}  // namespace wallaudit
