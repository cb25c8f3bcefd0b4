#include "core/json.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace wallaudit {

void append_json_string(std::string& out, std::string_view text) {
  out.push_back('"');
  std::size_t run = 0;  // start of the run of characters that need no escape
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c != '"' && c != '\\' && static_cast<unsigned char>(c) >= 0x20) continue;
    out.append(text.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<unsigned>(c));
    }
  }
  out.append(text.data() + run, text.size() - run);
  out.push_back('"');
}

void JsonWriter::separate() {
  if (need_comma_) out_.push_back(',');
  need_comma_ = true;
}

JsonWriter& JsonWriter::begin_object() {
  separate();
  out_.push_back('{');
  need_comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  out_.push_back('}');
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  separate();
  out_.push_back('[');
  need_comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  out_.push_back(']');
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  separate();
  append_json_string(out_, k);
  out_.push_back(':');
  need_comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view v) {
  separate();
  append_json_string(out_, v);
  return *this;
}

JsonWriter& JsonWriter::value(long long v) {
  separate();
  fmt::format_to(std::back_inserter(out_), "{}", v);
  return *this;
}

JsonWriter& JsonWriter::value(double v) {
  separate();
  if (std::isfinite(v))
    fmt::format_to(std::back_inserter(out_), "{}", v);
  else
    out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::value(bool v) {
  separate();
  out_ += v ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  separate();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  separate();
  out_ += json;
  return *this;
}

void JsonValue::write(JsonWriter& w) const {
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::nullptr_t>) {
          w.null();
        } else if constexpr (std::is_same_v<T, Array>) {
          w.begin_array();
          for (const auto& item : v)
            item.write(w);
          w.end_array();
        } else if constexpr (std::is_same_v<T, Object>) {
          w.begin_object();
          for (const auto& [k, item] : v) {
            w.key(k);
            item.write(w);
          }
          w.end_object();
        } else {
          w.value(v);
        }
      },
      v_);
}

std::string JsonValue::dump() const {
  std::string out;
  JsonWriter w(out);
  write(w);
  return out;
}

const JsonValue* JsonValue::find(std::string_view key) const {
  if (!is_object()) return nullptr;
  for (const auto& [k, v] : as_object())
    if (k == key) return &v;
  return nullptr;
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : t_(text) {}

  std::variant<JsonValue, JsonParseError> run() {
    JsonValue v;
    if (!value(v, 0)) return error_;
    skip();
    if (i_ != t_.size()) return JsonParseError{i_, "unexpected text after the JSON value"};
    return v;
  }

 private:
  static constexpr int max_depth = 512;

  bool fail(std::string message) {
    error_ = {i_, std::move(message)};
    return false;
  }
  void skip() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r'))
      ++i_;
  }
  bool literal(std::string_view word) {
    if (t_.substr(i_, word.size()) != word) return fail("invalid literal");
    i_ += word.size();
    return true;
  }

  bool value(JsonValue& out, int depth) {
    if (depth > max_depth) return fail("nesting too deep");
    skip();
    if (i_ >= t_.size()) return fail("unexpected end of input");
    char c = t_[i_];
    if (c == '{') return object(out, depth);
    if (c == '[') return array(out, depth);
    if (c == '"') {
      std::string s;
      if (!string(s)) return false;
      out = JsonValue(std::move(s));
      return true;
    }
    if (c == 't') return literal("true") && (out = JsonValue(true), true);
    if (c == 'f') return literal("false") && (out = JsonValue(false), true);
    if (c == 'n') return literal("null") && (out = JsonValue(nullptr), true);
    return number(out);
  }

  bool object(JsonValue& out, int depth) {
    ++i_;
    JsonValue::Object members;
    skip();
    if (i_ < t_.size() && t_[i_] == '}') {
      ++i_;
      out = JsonValue(std::move(members));
      return true;
    }
    for (;;) {
      skip();
      if (i_ >= t_.size() || t_[i_] != '"') return fail("expected a member name");
      std::string key;
      if (!string(key)) return false;
      skip();
      if (i_ >= t_.size() || t_[i_] != ':') return fail("expected ':'");
      ++i_;
      JsonValue v;
      if (!value(v, depth + 1)) return false;
      members.emplace_back(std::move(key), std::move(v));
      skip();
      if (i_ < t_.size() && t_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < t_.size() && t_[i_] == '}') {
        ++i_;
        out = JsonValue(std::move(members));
        return true;
      }
      return fail("expected ',' or '}'");
    }
  }

  bool array(JsonValue& out, int depth) {
    ++i_;
    JsonValue::Array items;
    skip();
    if (i_ < t_.size() && t_[i_] == ']') {
      ++i_;
      out = JsonValue(std::move(items));
      return true;
    }
    for (;;) {
      JsonValue v;
      if (!value(v, depth + 1)) return false;
      items.push_back(std::move(v));
      skip();
      if (i_ < t_.size() && t_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < t_.size() && t_[i_] == ']') {
        ++i_;
        out = JsonValue(std::move(items));
        return true;
      }
      return fail("expected ',' or ']'");
    }
  }

  static void put_utf8(std::string& s, std::uint32_t cp) {
    if (cp < 0x80) {
      s.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      s.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      s.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      s.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      s.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      s.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      s.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  bool hex4(std::uint32_t& cp) {
    if (i_ + 4 > t_.size()) return fail("truncated \\u escape");
    cp = 0;
    for (int k = 0; k < 4; ++k) {
      char h = t_[i_++];
      cp <<= 4;
      if (h >= '0' && h <= '9')
        cp |= static_cast<std::uint32_t>(h - '0');
      else if (h >= 'a' && h <= 'f')
        cp |= static_cast<std::uint32_t>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F')
        cp |= static_cast<std::uint32_t>(h - 'A' + 10);
      else
        return fail("bad \\u escape");
    }
    return true;
  }

  // One well-formed UTF-8 sequence of two to four bytes at i_ (no overlong form, no
  // surrogate, nothing past U+10FFFF), appended to `s`.
  bool utf8_sequence(std::string& s) {
    auto byte = [&](std::size_t k) { return static_cast<unsigned char>(t_[i_ + k]); };
    unsigned char b0 = byte(0);
    std::size_t n = b0 >= 0xC2 && b0 <= 0xDF   ? 2
                    : b0 >= 0xE0 && b0 <= 0xEF ? 3
                    : b0 >= 0xF0 && b0 <= 0xF4 ? 4
                                               : 0;
    if (n == 0 || i_ + n > t_.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((byte(k) & 0xC0) != 0x80) return false;
    if (b0 == 0xE0 && byte(1) < 0xA0) return false;  // overlong
    if (b0 == 0xED && byte(1) > 0x9F) return false;  // surrogate
    if (b0 == 0xF0 && byte(1) < 0x90) return false;  // overlong
    if (b0 == 0xF4 && byte(1) > 0x8F) return false;  // past U+10FFFF
    s.append(t_.data() + i_, n);
    i_ += n;
    return true;
  }

  bool string(std::string& s) {
    ++i_;
    while (i_ < t_.size()) {
      char c = t_[i_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return fail("control character in string");
      if (c != '\\') {
        if (static_cast<unsigned char>(c) >= 0x80) {
          --i_;
          if (!utf8_sequence(s)) return fail("invalid UTF-8 in string");
          continue;
        }
        s.push_back(c);
        continue;
      }
      if (i_ >= t_.size()) break;
      char e = t_[i_++];
      switch (e) {
        case '"':
          s.push_back('"');
          break;
        case '\\':
          s.push_back('\\');
          break;
        case '/':
          s.push_back('/');
          break;
        case 'b':
          s.push_back('\b');
          break;
        case 'f':
          s.push_back('\f');
          break;
        case 'n':
          s.push_back('\n');
          break;
        case 'r':
          s.push_back('\r');
          break;
        case 't':
          s.push_back('\t');
          break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xDC00 && cp <= 0xDFFF) return fail("lone low surrogate in \\u escape");
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (t_.substr(i_, 2) != "\\u") return fail("lone high surrogate in \\u escape");
            i_ += 2;
            std::uint32_t low = 0;
            if (!hex4(low)) return false;
            if (low < 0xDC00 || low > 0xDFFF)
              return fail("high surrogate not followed by a low one in \\u escape");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          put_utf8(s, cp);
          break;
        }
        default:
          return fail("bad escape in string");
      }
    }
    return fail("unterminated string");
  }

  bool number(JsonValue& out) {
    std::size_t start = i_;
    if (i_ < t_.size() && t_[i_] == '-') ++i_;
    bool is_int = true;
    auto digits = [&] {
      std::size_t s = i_;
      while (i_ < t_.size() && t_[i_] >= '0' && t_[i_] <= '9')
        ++i_;
      return i_ > s;
    };
    std::size_t int_start = i_;
    if (!digits()) return fail("invalid value");
    if (i_ - int_start > 1 && t_[int_start] == '0')
      return (i_ = int_start), fail("leading zero in a number");
    if (i_ < t_.size() && t_[i_] == '.') {
      ++i_;
      is_int = false;
      if (!digits()) return fail("invalid number");
    }
    if (i_ < t_.size() && (t_[i_] == 'e' || t_[i_] == 'E')) {
      ++i_;
      is_int = false;
      if (i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
      if (!digits()) return fail("invalid number");
    }
    std::string text(t_.substr(start, i_ - start));
    if (is_int) {
      errno = 0;
      long long v = std::strtoll(text.c_str(), nullptr, 10);
      if (errno == 0) {
        out = JsonValue(v);
        return true;
      }
    }
    double d = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(d)) return (i_ = start), fail("number out of range");
    out = JsonValue(d);
    return true;
  }

  std::string_view t_;
  std::size_t i_ = 0;
  JsonParseError error_;
};

}  // namespace

std::variant<JsonValue, JsonParseError> parse_json(std::string_view text) {
  return Parser(text).run();
}

}  // namespace wallaudit
