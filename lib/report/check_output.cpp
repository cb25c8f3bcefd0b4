#include "report/check_output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "core/json.hpp"
#include "core/registry.hpp"
#include "core/rules.hpp"
#include "core/source.hpp"

namespace wallaudit::report {

namespace {

// The characters of a source line as the caret counts them: a unit is a byte that is not a
// UTF-8 continuation byte together with the continuation bytes after it.
struct LineUnit {
  std::string_view text;
  bool printable;  // well-formed UTF-8 and not a control character (tab allowed)
};

std::vector<LineUnit> line_units(std::string_view line) {
  std::vector<LineUnit> units;
  std::size_t i = 0;
  while (i < line.size()) {
    std::size_t j = i + 1;
    while (j < line.size() && (static_cast<unsigned char>(line[j]) & 0xC0) == 0x80)
      ++j;
    std::string_view unit = line.substr(i, j - i);
    auto lead = static_cast<unsigned char>(unit[0]);
    std::size_t want = lead < 0x80                   ? 1
                       : lead >= 0xC2 && lead < 0xE0 ? 2
                       : lead >= 0xE0 && lead < 0xF0 ? 3
                       : lead >= 0xF0 && lead < 0xF5 ? 4
                                                     : 0;
    bool control = lead == 0x7F || (lead < 0x20 && lead != '\t');
    units.push_back({unit, want == unit.size() && !control});
    i = j;
  }
  return units;
}

// Prints the line (at most kExcerpt characters of it, around the column, with control
// characters and bytes that are not UTF-8 shown as '?') and a caret under the column.
void append_caret(std::string& out, const LineIndex& lines, const Diagnostic& d) {
  constexpr std::size_t kExcerpt = 240;
  std::string_view line = lines.line_text(d.loc.line);
  if (line.empty() && d.loc.line > lines.line_count()) return;
  std::vector<LineUnit> units = line_units(line);
  std::size_t column = d.loc.column ? d.loc.column - 1 : 0;  // from 0
  std::size_t first = 0;
  if (units.size() > kExcerpt && column > kExcerpt / 2)
    first = std::min(column - kExcerpt / 2, units.size() - kExcerpt);
  std::size_t last = std::min(units.size(), first + kExcerpt);
  std::string text = first > 0 ? "..." : "";
  std::string pad(text.size(), ' ');
  for (std::size_t u = first; u < last; ++u) {
    text += units[u].printable ? std::string(units[u].text) : std::string("?");
    if (u < column) pad.push_back(units[u].text == "\t" ? '\t' : ' ');
  }
  if (last < units.size()) text += "...";
  std::string gutter = fmt::format("{:>5}", d.loc.line);
  fmt::format_to(std::back_inserter(out), "{} | {}\n", gutter, text);
  fmt::format_to(std::back_inserter(out), "{} | {}^\n", std::string(gutter.size(), ' '), pad);
  for (const std::string& s : d.suggestions)
    fmt::format_to(std::back_inserter(out), "{} = help: legal here: {}\n",
                   std::string(gutter.size(), ' '), s);
}

std::string counts(const GameResult& r) {
  std::size_t errors =
      r.diagnostics.count(FindingKind::format) + r.diagnostics.count(FindingKind::rule);
  std::size_t disputes = r.diagnostics.count(FindingKind::dispute);
  std::string out;
  if (errors) out += fmt::format("{} error{}", errors, errors == 1 ? "" : "s");
  if (disputes)
    out +=
        fmt::format("{}{} dispute{}", out.empty() ? "" : ", ", disputes, disputes == 1 ? "" : "s");
  return out;
}

}  // namespace

std::string verdict_line(const CheckedRecord& record) {
  const GameResult& r = *record.result;
  std::string line = fmt::format("{}: {}", record.file, to_string(r.verdict));
  std::string c = counts(r);
  if (!c.empty()) line += fmt::format(" ({})", c);
  if (r.verdict == Verdict::malformed) return line;
  if (r.scores_known && !r.scores.empty()) {
    std::string scores;
    for (const auto& [colour, points] : r.scores)
      scores += fmt::format("{}{} {}", scores.empty() ? "" : ", ", colour, points);
    line += fmt::format("; {}: {}", r.final_scores() ? "final scores" : "scores so far", scores);
  }
  if (!r.finished) line += "; unfinished";
  for (const auto& remark : r.remarks)
    if (r.finished && (r.verdict == Verdict::ok || r.verdict == Verdict::disputed))
      line += fmt::format("; {}", remark);
  return line;
}

void append_text(std::string& out, const CheckedRecord& record, const TextOptions& options) {
  const GameResult& r = *record.result;
  LineIndex lines(record.text);
  std::size_t shown = 0, over = 0, follow_ons = 0;
  for (const Diagnostic& d : r.diagnostics.items()) {
    if (options.hide_follow_ons && d.follow_on) {
      ++follow_ons;
      continue;
    }
    if (d.kind != FindingKind::info && options.max_errors) {
      if (shown == options.max_errors) {
        ++over;
        continue;
      }
      ++shown;
    }
    std::string where = d.loc.known()
                            ? fmt::format("{}:{}:{}", record.file, d.loc.line, d.loc.column)
                            : record.file;
    std::string follows =
        d.follow_on ? fmt::format(" (follows from line {})", d.follows_line) : std::string();
    fmt::format_to(std::back_inserter(out), "{}: {}: {}{} [{}]\n", where, to_string(d.severity()),
                   d.message, follows, d.rule);
    if (d.loc.known()) append_caret(out, lines, d);
  }
  if (follow_ons || over) {
    std::string left;
    if (follow_ons)
      left = fmt::format("{} follow-on finding{} hidden (--hide-follow-ons)", follow_ons,
                         follow_ons == 1 ? "" : "s");
    if (over)
      left += fmt::format("{}{} more finding{} not shown (--max-errors {})",
                          left.empty() ? "" : "; ", over, over == 1 ? "" : "s", options.max_errors);
    fmt::format_to(std::back_inserter(out), "{}: {}\n", record.file, left);
  }
  out += verdict_line(record);
  out += '\n';
}

void write_diagnostic(JsonWriter& w, const Diagnostic& d) {
  w.begin_object();
  w.key("severity").value(to_string(d.severity()));
  w.key("rule").value(d.rule);
  w.key("rule_title");
  if (const Rule* rule = find_rule(builtin_registry(), d.rule))
    w.value(rule->title);
  else
    w.null();
  w.key("line");
  d.loc.known() ? w.value(static_cast<long long>(d.loc.line)) : w.null();
  w.key("column");
  d.loc.known() ? w.value(static_cast<long long>(d.loc.column)) : w.null();
  w.key("turn");
  d.turn > 0 ? w.value(d.turn) : w.null();
  w.key("colour");
  d.colour.empty() ? w.null() : w.value(d.colour);
  w.key("message").value(d.message);
  w.key("follow_on").value(d.follow_on);
  w.key("follows_line");
  d.follow_on ? w.value(static_cast<long long>(d.follows_line)) : w.null();
  w.key("suggestions").begin_array();
  for (const std::string& suggestion : d.suggestions)
    w.value(suggestion);
  w.end_array();
  w.end_object();
}

void append_json(std::string& out, const CheckedRecord& record) {
  const GameResult& r = *record.result;
  JsonWriter w(out);
  w.begin_object();
  w.key("file").value(record.file);
  w.key("game");
  if (r.game.empty())
    w.null();
  else
    w.value(r.game);
  w.key("verdict").value(to_string(r.verdict));
  w.key("finished").value(r.finished);
  w.key("ended_by");
  r.ended_by.empty() ? w.null() : w.value(r.ended_by);
  w.key("diagnostics").begin_array();
  for (const Diagnostic& d : r.diagnostics.items())
    write_diagnostic(w, d);
  w.end_array();
  w.key("scores").begin_object();
  if (r.scores_known)
    for (const auto& [colour, points] : r.scores)
      w.key(colour).value(points);
  w.end_object();
  w.key("winners").begin_array();
  for (const auto& c : r.winners)
    w.value(c);
  w.end_array();
  w.key("seconds").value(record.seconds);
  w.key("key");
  r.key.empty() ? w.null() : w.value(r.key);
  w.key("duplicate_of");
  record.duplicate_of.empty() ? w.null() : w.value(record.duplicate_of);
  w.key("details").begin_object();
  for (const auto& [key, value] : r.extra) {
    w.key(key);
    value.write(w);
  }
  w.end_object();
  w.end_object();
}

std::string duplicate_note(const std::string& earlier) {
  return fmt::format("the same game as {} (same set-up and moves)", earlier);
}

void Summary::add(const GameResult& result, const std::string& file, double secs,
                  std::uint64_t size) {
  std::vector<std::string> ids;
  for (const Diagnostic& d : result.diagnostics.items())
    if (d.kind != FindingKind::info && (with_follow_ons || !d.follow_on)) ids.push_back(d.rule);
  for (const Diagnostic& d : result.diagnostics.items())
    if (find_rule(builtin_registry(), d.rule)) cited.insert(d.rule);
  bytes += size;
  add_counts(result.verdict, ids, file, secs, false);
}

void Summary::add_counts(Verdict verdict, const std::vector<std::string>& ids,
                         const std::string& file, double secs, bool duplicate) {
  ++records;
  ++verdicts[static_cast<std::size_t>(verdict)];
  for (const auto& id : ids)
    ++rules[id];
  if (duplicate) ++duplicates;
  seconds += secs;
  if (slowest.size() < 5 || secs > slowest.back().first) {
    slowest.emplace_back(secs, file);
    std::sort(slowest.begin(), slowest.end(), [](auto& a, auto& b) { return a.first > b.first; });
    if (slowest.size() > 5) slowest.pop_back();
  }
}

void Summary::merge(const Summary& o) {
  records += o.records;
  definitions.insert(definitions.end(), o.definitions.begin(), o.definitions.end());
  interrupted = interrupted || o.interrupted;
  with_follow_ons = with_follow_ons || o.with_follow_ons;
  not_checked += o.not_checked;
  for (std::size_t i = 0; i < verdicts.size(); ++i)
    verdicts[i] += o.verdicts[i];
  for (const auto& [rule, n] : o.rules)
    rules[rule] += n;
  cited.insert(o.cited.begin(), o.cited.end());
  duplicates += o.duplicates;
  bytes += o.bytes;
  seconds += o.seconds;
  for (const auto& s : o.slowest)
    slowest.push_back(s);
  std::sort(slowest.begin(), slowest.end(), [](auto& a, auto& b) { return a.first > b.first; });
  if (slowest.size() > 5) slowest.resize(5);
}

bool rule_order(const std::string& a, const std::string& b) {
  auto split = [](const std::string& id) {
    std::size_t dash = id.rfind('-');
    std::string prefix = dash == std::string::npos ? id : id.substr(0, dash);
    std::string digits = dash == std::string::npos ? "" : id.substr(dash + 1);
    bool numeric =
        !digits.empty() && digits.size() < 10 &&
        std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
    return std::tuple(prefix, numeric ? std::stoll(digits) : -1LL, id);
  };
  return split(a) < split(b);
}

std::string summary_text(const Summary& s) {
  std::string out = fmt::format("{} record{}: {} ok, {} disputed, {} illegal, {} malformed",
                                s.records, s.records == 1 ? "" : "s", s.verdicts[0], s.verdicts[1],
                                s.verdicts[2], s.verdicts[3]);
  if (!s.rules.empty()) {
    std::vector<std::pair<std::string, std::size_t>> sorted(s.rules.begin(), s.rules.end());
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& a, const auto& b) { return rule_order(a.first, b.first); });
    std::string rules;
    for (const auto& [rule, n] : sorted)
      rules += fmt::format("{}{} ×{}", rules.empty() ? "" : ", ", rule, n);
    out += fmt::format("\nfindings by rule{}: {}", s.with_follow_ons ? " (with follow-ons)" : "",
                       rules);
  }
  if (s.duplicates)
    out += fmt::format("\nduplicates: {} record{} repeat{} an earlier game", s.duplicates,
                       s.duplicates == 1 ? "" : "s", s.duplicates == 1 ? "s" : "");
  if (s.records > 1 && !s.slowest.empty()) {
    std::string slow;
    for (const auto& [secs, file] : s.slowest)
      slow += fmt::format("{}{} ({:.1f} ms)", slow.empty() ? "" : ", ", file, secs * 1000);
    out += fmt::format("\nslowest: {}", slow);
  }
  if (!s.definitions.empty()) {
    std::string names;
    for (const auto& name : s.definitions)
      names += fmt::format("{}{}", names.empty() ? "" : ", ", name);
    out += fmt::format("\ndefinitions (not records): {}", names);
  }
  if (s.interrupted) out += "\n" + interrupted_sentence(s);
  return out + '\n';
}

std::string interrupted_sentence(const Summary& s) {
  return fmt::format(
      "interrupted: {} record{} read but not checked; inputs after them were not read",
      s.not_checked, s.not_checked == 1 ? "" : "s");
}

std::string see_lines(const Summary& s) {
  std::string out;
  for (const auto& id :
       order_rule_ids(builtin_registry(), std::vector<std::string>(s.cited.begin(), s.cited.end())))
    out += fmt::format("see: wallaudit rules {}\n", id);
  return out;
}

void append_summary_json(std::string& out, const Summary& s) {
  JsonWriter w(out);
  w.begin_object();
  w.key("records").value(s.records);
  for (int v = 0; v < 4; ++v)
    w.key(to_string(static_cast<Verdict>(v))).value(s.verdicts[static_cast<std::size_t>(v)]);
  w.key("rules").begin_object();
  for (const auto& [rule, n] : s.rules)
    w.key(rule).value(n);
  w.end_object();
  w.key("duplicates").value(s.duplicates);
  w.key("slowest").begin_array();
  for (const auto& [secs, file] : s.slowest)
    w.begin_object().key("file").value(file).key("seconds").value(secs).end_object();
  w.end_array();
  w.key("definitions").begin_array();
  for (const auto& name : s.definitions)
    w.value(name);
  w.end_array();
  w.key("interrupted").value(s.interrupted);
  w.key("not_checked").value(s.not_checked);
  w.key("version").value(WALLAUDIT_VERSION);
  w.end_object();
}

}  // namespace wallaudit::report
