#include "core/rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <tuple>
#include <utility>

#include "core/registry.hpp"

namespace wallaudit {

namespace embedded {
extern const std::string_view core_rules;
extern const std::string_view core_rules_evidence;
}  // namespace embedded

namespace {

bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}

char upper(char c) {
  return is_lower(c) ? static_cast<char>(c - 'a' + 'A') : c;
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = upper(c);
  return out;
}

// Whether `a` equals `b` once `a` is upper-cased; `b` is upper case.
bool same_upper(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](char x, char y) { return upper(x) == y; });
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The lines of `text`, without their line ends.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

// Characters of UTF-8 text (bytes that are not continuation bytes).
std::size_t characters(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// "CC-406" split into "CC" and 406; nullopt when `id` is not PREFIX-NUMBER.
std::optional<std::pair<std::string, long>> split_id(std::string_view id) {
  auto dash = id.find('-');
  if (dash == 0 || dash == std::string_view::npos || dash + 1 >= id.size() ||
      id.size() - dash - 1 > 6)
    return std::nullopt;
  for (std::size_t i = 0; i < dash; ++i)
    if (id[i] < 'A' || id[i] > 'Z') return std::nullopt;
  long number = 0;
  for (std::size_t i = dash + 1; i < id.size(); ++i) {
    if (id[i] < '0' || id[i] > '9') return std::nullopt;
    number = number * 10 + (id[i] - '0');
  }
  return std::pair{std::string(id.substr(0, dash)), number};
}

constexpr std::array<std::string_view, 5> kFields{"section", "kind", "options", "statement", "fix"};

}  // namespace

std::string_view to_string(RuleKind kind) {
  return kind == RuleKind::checked ? "checked" : "descriptive";
}

RuleCatalogue RuleCatalogue::parse(std::string game, std::string title, std::string prefix,
                                   std::string_view text, std::string_view file,
                                   std::vector<std::string>& errors) {
  RuleCatalogue cat;
  cat.game_ = std::move(game);
  cat.title_ = std::move(title);
  cat.prefix_ = std::move(prefix);
  auto fail = [&](std::size_t line, std::string message) {
    errors.push_back(fmt::format("{}:{}: {}", file, line, message));
  };
  std::vector<std::string_view> lines = split_lines(text);
  std::optional<Rule> entry;  // the entry being read
  bool entry_ok = true;
  std::size_t field = 0;         // fields of `entry` read so far
  std::string* value = nullptr;  // the value continuation lines extend
  std::string last_key;          // the field of the line before, for continuation lines
  auto finish = [&](std::size_t line) {
    if (!entry) return;
    if (field < kFields.size()) {
      fail(entry->line, fmt::format("{} lacks the field '{}' (fields: section, kind, options, "
                                    "statement, fix, in this order)",
                                    entry->id, kFields[field]));
      entry_ok = false;
    }
    (void)line;
    if (entry_ok) {
      std::string key = upper(entry->id);
      if (cat.index_.count(key)) {
        fail(entry->line, fmt::format("{} is listed twice (first on line {})", entry->id,
                                      cat.rules_[cat.index_.find(key)->second].line));
      } else {
        cat.index_.emplace(key, cat.rules_.size());
        cat.rules_.push_back(std::move(*entry));
      }
    }
    entry.reset();
    value = nullptr;
  };
  bool seen_entry = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::size_t n = i + 1;
    std::string_view line = lines[i];
    if (!line.empty() && line.back() == '\r') {
      fail(n, "a carriage return ends the line (the catalogue uses Unix line ends)");
      line.remove_suffix(1);
    }
    if (line.find('\t') != std::string_view::npos)
      fail(n, "a tab character (indent continuation lines with exactly two spaces)");
    if (trim(line).empty()) {
      value = nullptr;
      last_key.clear();
      continue;
    }
    if (line.front() == '#') {
      if (seen_entry) fail(n, "a comment after the first entry (comments only open the file)");
      continue;
    }
    if (line.substr(0, 3) == "== ") {
      finish(n);
      seen_entry = true;
      entry_ok = true;
      field = 0;
      std::string_view rest = line.substr(3);
      auto space = rest.find(' ');
      std::string_view id = rest.substr(0, space);
      std::string_view entry_title =
          space == std::string_view::npos ? std::string_view() : trim(rest.substr(space + 1));
      auto parts = split_id(id);
      entry.emplace();
      last_key.clear();
      entry->id = std::string(id);
      entry->line = static_cast<std::uint32_t>(n);
      if (!parts || parts->first != cat.prefix_) {
        fail(n, fmt::format("'{}' is not an id of this catalogue ({}-NUMBER)", id, cat.prefix_));
        entry_ok = false;
      }
      if (entry_title.empty()) {
        fail(n, fmt::format("{} has no title (== ID Title)", id));
        entry_ok = false;
      } else if (characters(entry_title) > 60) {
        fail(n, fmt::format("the title of {} has {} characters, more than 60", id,
                            characters(entry_title)));
        entry_ok = false;
      } else if (entry_title.back() == '.') {
        fail(n, fmt::format("the title of {} ends with a period", id));
        entry_ok = false;
      }
      entry->title = std::string(entry_title);
      continue;
    }
    if (!entry) {
      fail(n, "expected an entry header '== ID Title' or a comment");
      continue;
    }
    if (line.front() == ' ') {
      if (line.size() < 3 || line[1] != ' ' || line[2] == ' ') {
        fail(n, "a continuation line is indented by exactly two spaces");
        entry_ok = false;
      } else if (!value) {
        fail(n, last_key.empty() ? std::string("a continuation line with no field before it")
                                 : fmt::format("the field '{}' takes one line", last_key));
        entry_ok = false;
      } else {
        *value += ' ';
        *value += trim(line);
      }
      continue;
    }
    auto colon = line.find(": ");
    std::string_view key = line.substr(0, colon);
    if (colon == std::string_view::npos || key.find(' ') != std::string_view::npos) {
      std::string_view bare = line.substr(0, line.size() - 1);
      if (line.back() == ':' && line.find(' ') == std::string_view::npos) {
        fail(n, fmt::format("the field '{}' has no value", bare));
        if (field < kFields.size() && bare == kFields[field]) ++field;
      } else {
        fail(n, "expected 'field: value', a continuation line or a blank line");
      }
      entry_ok = false;
      value = nullptr;
      continue;
    }
    std::string_view val = trim(line.substr(colon + 2));
    if (field >= kFields.size() || key != kFields[field]) {
      auto known = std::find(kFields.begin(), kFields.end(), key);
      if (known == kFields.end())
        fail(n, fmt::format("unknown field '{}' (fields: section, kind, options, statement, fix)",
                            key));
      else if (static_cast<std::size_t>(known - kFields.begin()) < field)
        fail(n, fmt::format("the field '{}' of {} is given twice or out of order", key, entry->id));
      else
        fail(n, fmt::format("the field '{}' of {} comes before '{}' (fields: section, kind, "
                            "options, statement, fix, in this order)",
                            key, entry->id, kFields[field]));
      entry_ok = false;
      value = nullptr;
      if (known != kFields.end())
        field = std::max(field, static_cast<std::size_t>(known - kFields.begin()) + 1);
      continue;
    }
    if (val.empty()) {
      fail(n, fmt::format("the field '{}' has no value", key));
      entry_ok = false;
    }
    ++field;
    value = nullptr;
    last_key = std::string(key);
    if (key == "section") {
      entry->section = std::string(val);
      value = &entry->section;
    } else if (key == "kind") {
      if (val == "checked")
        entry->kind = RuleKind::checked;
      else if (val == "descriptive")
        entry->kind = RuleKind::descriptive;
      else {
        fail(n, fmt::format("kind is 'checked' or 'descriptive', not '{}'", val));
        entry_ok = false;
      }
    } else if (key == "options") {
      if (val != "none") {
        std::string_view rest = val;
        while (true) {
          auto comma = rest.find(',');
          std::string_view name = trim(rest.substr(0, comma));
          bool ok = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
          });
          if (!ok) {
            fail(n, fmt::format("'{}' is not an option name (lower-case letters, digits and "
                                "'-', comma-separated, or 'none')",
                                name));
            entry_ok = false;
          } else if (std::find(entry->options.begin(), entry->options.end(), name) !=
                     entry->options.end()) {
            fail(n, fmt::format("the option '{}' is listed twice", name));
            entry_ok = false;
          } else {
            entry->options.emplace_back(name);
          }
          if (comma == std::string_view::npos) break;
          rest.remove_prefix(comma + 1);
        }
      }
    } else if (key == "statement") {
      entry->statement = std::string(val);
      value = &entry->statement;
    } else {
      entry->fix = std::string(val);
      value = &entry->fix;
    }
  }
  finish(lines.size());
  if (cat.rules_.empty() && errors.empty()) fail(1, "the catalogue has no entry");
  return cat;
}

void RuleCatalogue::add_evidence(std::string_view text, std::string_view file,
                                 std::vector<std::string>& errors) {
  auto fail = [&](std::size_t line, std::string message) {
    errors.push_back(fmt::format("{}:{}: {}", file, line, message));
  };
  std::vector<std::string_view> lines = split_lines(text);
  Rule* rule = nullptr;
  bool in_entry = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::size_t n = i + 1;
    std::string_view line = lines[i];
    if (line.empty() || line.front() == '#') continue;
    if (line.substr(0, 3) == "== ") {
      std::string_view id = line.substr(3);
      auto it = index_.find(upper(id));
      rule = it == index_.end() ? nullptr : &rules_[it->second];
      in_entry = true;
      if (!rule) {
        std::string where;
        for (std::size_t j = i + 1; j < lines.size() && lines[j].substr(0, 3) != "== "; ++j)
          if (lines[j].substr(0, 9) == "emitted: ")
            where += fmt::format("{}{}", where.empty() ? "" : ", ", lines[j].substr(9));
        fail(n, fmt::format("{} is not in the catalogue{}", id,
                            where.empty() ? "" : fmt::format(" but {} report it", where)));
      }
      continue;
    }
    if (!in_entry) {
      fail(n, "expected '== ID'");
      continue;
    }
    if (!rule) continue;
    RuleEvidence& ev = rule->evidence;
    if (line.front() == '|') {
      if (!ev.breach) {
        fail(n, "a record line before 'breach:'");
        continue;
      }
      ev.breach->lines.emplace_back(line.size() > 1 ? line.substr(2) : std::string_view());
      continue;
    }
    auto colon = line.find(": ");
    if (colon == std::string_view::npos) {
      fail(n, "expected 'key: value'");
      continue;
    }
    std::string_view key = line.substr(0, colon);
    std::string value(line.substr(colon + 2));
    if (key == "emitted") {
      ev.emitted_in.push_back(std::move(value));
    } else if (key == "sample") {
      ev.samples.push_back(std::move(value));
    } else if (key == "illegal-test") {
      ev.illegal_tests.push_back(std::move(value));
    } else if (key == "legal-test") {
      ev.legal_tests.push_back(std::move(value));
    } else if (key == "breach") {
      auto space = value.rfind(' ');
      RuleBreach b;
      b.sample = value.substr(0, space);
      b.first_line = static_cast<std::uint32_t>(
          space == std::string::npos ? 0 : std::strtoul(value.c_str() + space + 1, nullptr, 10));
      if (b.first_line == 0) fail(n, "expected 'breach: SAMPLE FIRST-LINE'");
      ev.breach = std::move(b);
    } else if (key == "diagnostic") {
      if (!ev.breach)
        fail(n, "'diagnostic:' before 'breach:'");
      else
        ev.breach->diagnostic = std::move(value);
    } else {
      fail(n, fmt::format("unknown key '{}'", key));
    }
  }
}

const Rule* RuleCatalogue::find(std::string_view id) const {
  // Diagnostics cite ids in upper case already: no copy for them.
  auto it = std::any_of(id.begin(), id.end(), is_lower) ? index_.find(upper(id)) : index_.find(id);
  return it == index_.end() ? nullptr : &rules_[it->second];
}

RuleCatalogue load_catalogue(std::string game, std::string title, std::string prefix,
                             std::string_view text, std::string_view file,
                             std::string_view evidence, std::string_view evidence_file) {
  std::vector<std::string> errors;
  RuleCatalogue cat = RuleCatalogue::parse(std::move(game), std::move(title), std::move(prefix),
                                           text, file, errors);
  cat.add_evidence(evidence, evidence_file, errors);
  return cat;
}

const RuleCatalogue& record_format_rules() {
  static const RuleCatalogue cat = load_catalogue(
      "record-format", "Record format", "REC", embedded::core_rules, "lib/core/data/rules.txt",
      embedded::core_rules_evidence, "lib/core/data/rules-evidence.txt");
  return cat;
}

namespace {

// Calls `fn` on each catalogue, the games' in registry order and then the record format's, until
// it returns true; returns whether it did.
template <typename Fn>
bool each_catalogue(const Registry& registry, Fn&& fn) {
  for (const auto& g : registry.games())
    if (fn(g->rules())) return true;
  return fn(record_format_rules());
}

}  // namespace

std::vector<const RuleCatalogue*> all_catalogues(const Registry& registry) {
  std::vector<const RuleCatalogue*> out;
  each_catalogue(registry, [&](const RuleCatalogue& cat) {
    out.push_back(&cat);
    return false;
  });
  return out;
}

const Rule* find_rule(const Registry& registry, std::string_view id) {
  std::string_view prefix = id.substr(0, id.find('-'));
  // Without building the list of all_catalogues(): this runs for every diagnostic written.
  const Rule* found = nullptr;
  each_catalogue(registry, [&](const RuleCatalogue& cat) {
    if (!same_upper(prefix, cat.prefix())) return false;
    found = cat.find(id);
    return true;
  });
  return found;
}

std::vector<std::string> order_rule_ids(const Registry& registry, std::vector<std::string> ids) {
  auto cats = all_catalogues(registry);
  auto key = [&](const std::string& id) {
    auto parts = split_id(upper(id));
    std::size_t rank = cats.size();
    long number = 0;
    if (parts) {
      for (std::size_t i = 0; i < cats.size(); ++i)
        if (cats[i]->prefix() == parts->first) rank = i;
      number = parts->second;
    }
    if (rank == cats.size()) number = 0;
    return std::tuple(rank, number, id);
  };
  std::sort(ids.begin(), ids.end(),
            [&](const std::string& a, const std::string& b) { return key(a) < key(b); });
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

std::vector<std::string> nearest_rule_ids(const Registry& registry, std::string_view id,
                                          std::size_t count) {
  std::string want = upper(trim(id));
  auto wanted = split_id(want);
  // Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`.
  auto distance = [](std::string_view a, std::string_view b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i)
      d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j)
      d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      for (std::size_t j = 1; j <= b.size(); ++j) {
        d[i][j] = std::min(
            {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1] ? 1 : 0)});
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
          d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
    return d[a.size()][b.size()];
  };
  // Ids within two edits, nearest first and, at one distance, nearest in number when the
  // prefix is the same; then the other ids of the same prefix, nearest in number.
  std::vector<std::tuple<std::size_t, long, std::size_t, std::string>> scored;
  std::size_t order = 0;
  for (const RuleCatalogue* cat : all_catalogues(registry)) {
    for (const Rule& r : cat->rules()) {
      auto parts = split_id(r.id);
      std::size_t d = distance(want, r.id);
      bool same = wanted && parts && parts->first == wanted->first;
      long apart = same ? std::labs(parts->second - wanted->second) : 0;
      if (d > 2 && !same) continue;
      scored.emplace_back(std::min<std::size_t>(d, 3), apart, order++, r.id);
    }
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;
  for (const auto& s : scored) {
    if (out.size() == count) break;
    out.push_back(std::get<3>(s));
  }
  return out;
}

}  // namespace wallaudit
