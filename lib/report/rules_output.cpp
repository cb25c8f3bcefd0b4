#include "report/rules_output.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/json.hpp"

namespace wallaudit::report {

namespace {

// `text` wrapped at `width` columns, each line starting with `indent`.
std::string wrap(std::string_view text, std::string_view indent, std::size_t width = 80) {
  std::string out;
  std::string line(indent);
  std::size_t used = indent.size();
  bool empty = true;
  while (!text.empty()) {
    auto space = text.find(' ');
    std::string_view word = text.substr(0, space);
    text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
    if (word.empty()) continue;
    std::size_t chars =
        static_cast<std::size_t>(std::count_if(word.begin(), word.end(), [](char c) {
          return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        }));
    if (!empty && used + 1 + chars > width) {
      out += line + '\n';
      line = std::string(indent);
      used = indent.size();
      empty = true;
    }
    if (!empty) {
      line += ' ';
      ++used;
    }
    line += word;
    used += chars;
    empty = false;
  }
  if (!empty) out += line + '\n';
  return out;
}

std::string options_text(const Rule& rule) {
  if (rule.options.empty()) return "none";
  std::string out;
  for (const auto& o : rule.options)
    out += fmt::format("{}{}", out.empty() ? "" : ", ", o);
  return out;
}

void strings(JsonWriter& w, std::string_view key, const std::vector<std::string>& list) {
  w.key(key).begin_array();
  for (const auto& s : list)
    w.value(s);
  w.end_array();
}

// Distinct files of "FILE: case" entries, with their number of cases.
std::string files_of(const std::vector<std::string>& cases) {
  std::vector<std::pair<std::string, int>> files;
  for (const auto& c : cases) {
    std::string file = c.substr(0, c.find(": "));
    auto it = std::find_if(files.begin(), files.end(), [&](auto& f) { return f.first == file; });
    if (it == files.end())
      files.emplace_back(file, 1);
    else
      ++it->second;
  }
  std::string out;
  for (const auto& [file, n] : files)
    out += fmt::format("{}{} ({})", out.empty() ? "" : ", ", file, n);
  return out;
}

void rule_fields(JsonWriter& w, const RuleCatalogue& catalogue, const Rule& rule) {
  w.key("id").value(rule.id);
  w.key("title").value(rule.title);
  w.key("game").value(catalogue.game());
  w.key("section").value(rule.section);
  w.key("kind").value(to_string(rule.kind));
  strings(w, "options", rule.options);
  w.key("statement").value(rule.statement);
  w.key("fix").value(rule.fix);
  w.key("breach");
  if (const auto& b = rule.evidence.breach) {
    w.begin_object();
    w.key("sample").value(b->sample);
    w.key("first_line").value(static_cast<long long>(b->first_line));
    strings(w, "lines", b->lines);
    w.key("diagnostic").value(b->diagnostic);
    w.end_object();
  } else {
    w.null();
  }
}

void coverage_fields(JsonWriter& w, const Rule& rule) {
  strings(w, "samples", rule.evidence.samples);
  strings(w, "illegal_tests", rule.evidence.illegal_tests);
  strings(w, "legal_tests", rule.evidence.legal_tests);
}

struct Counts {
  std::size_t rules = 0, checked = 0, covered = 0, sampled = 0;
};

Counts count(const RuleCatalogue& catalogue) {
  Counts c;
  for (const Rule& r : catalogue.rules()) {
    ++c.rules;
    if (r.kind != RuleKind::checked) continue;
    ++c.checked;
    if (covered(r)) ++c.covered;
    if (!r.evidence.samples.empty()) ++c.sampled;
  }
  return c;
}

std::string counts_line(const RuleCatalogue& cat) {
  Counts c = count(cat);
  return fmt::format(
      "{}: {} ids, {} checked, {} descriptive; checked ids with a legal and an illegal test "
      "case: {}/{}; broken by a sample: {}/{}",
      cat.game(), c.rules, c.checked, c.rules - c.checked, c.covered, c.checked, c.sampled,
      c.checked);
}

}  // namespace

bool covered(const Rule& rule) {
  return !rule.evidence.illegal_tests.empty() && !rule.evidence.legal_tests.empty();
}

std::string rule_text(const RuleCatalogue& catalogue, const Rule& rule) {
  std::string out = fmt::format("{} {}\n", rule.id, rule.title);
  out +=
      fmt::format("{}, section {}; {}\n\n", catalogue.title(), rule.section,
                  rule.kind == RuleKind::checked ? "checked" : "descriptive (no record breaks it)");
  out += wrap(rule.statement, "");
  out += fmt::format("\nOptions that change it: {}\n", options_text(rule));
  if (rule.kind == RuleKind::checked) {
    if (const auto& b = rule.evidence.breach) {
      out += fmt::format("\nA breach in the samples ({}):\n", b->sample);
      for (std::size_t i = 0; i < b->lines.size(); ++i)
        out += fmt::format("{:>5} | {}\n", b->first_line + i, b->lines[i]);
      out += fmt::format("gets:\n{}\n", b->diagnostic);
    } else if (!rule.evidence.illegal_tests.empty()) {
      out += "\nNo sample breaks it; these test cases do:\n";
      for (const auto& t : rule.evidence.illegal_tests)
        out += fmt::format("  {}\n", t);
    }
    out += "\nFix:\n";
  } else {
    out += "\nWhy no record breaks it:\n";
  }
  out += wrap(rule.fix, "");
  return out;
}

void append_rule_json(std::string& out, const RuleCatalogue& catalogue, const Rule& rule) {
  JsonWriter w(out);
  w.begin_object();
  rule_fields(w, catalogue, rule);
  coverage_fields(w, rule);
  w.end_object();
}

std::string catalogue_text(const RuleCatalogue& catalogue) {
  std::string out = fmt::format("{} ({}): {} rules; 'wallaudit rules ID' shows one in full\n",
                                catalogue.title(), catalogue.game(), catalogue.rules().size());
  std::string section;
  std::size_t width = 0;
  for (const Rule& r : catalogue.rules())
    width = std::max(width, r.id.size());
  for (const Rule& r : catalogue.rules()) {
    if (r.section != section) {
      section = r.section;
      out += fmt::format("\n{}\n", section);
    }
    out += fmt::format("  {:<{}}  {}{}\n", r.id, width, r.title,
                       r.kind == RuleKind::descriptive ? " (descriptive)" : "");
  }
  return out;
}

void append_catalogue_json(std::string& out, const RuleCatalogue& catalogue) {
  JsonWriter w(out);
  w.begin_object();
  w.key("game").value(catalogue.game());
  w.key("title").value(catalogue.title());
  w.key("prefix").value(catalogue.prefix());
  w.key("rules").begin_array();
  for (const Rule& r : catalogue.rules()) {
    w.begin_object();
    rule_fields(w, catalogue, r);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

std::string catalogues_text(const std::vector<const RuleCatalogue*>& catalogues) {
  std::string out =
      "Rule catalogues ('wallaudit rules GAME' lists one, 'wallaudit rules ID' "
      "shows a rule):\n";
  std::size_t width = 0;
  for (const auto* c : catalogues)
    width = std::max(width, c->game().size());
  for (const auto* c : catalogues) {
    Counts n = count(*c);
    out += fmt::format("  {:<{}}  {:<5} {:>3} rules ({} checked)  {}\n", c->game(), width,
                       c->prefix() + "-", n.rules, n.checked, c->title());
  }
  return out;
}

std::string catalogues_json(const std::vector<const RuleCatalogue*>& catalogues) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("games").begin_array();
  for (const auto* c : catalogues) {
    Counts n = count(*c);
    w.begin_object();
    w.key("game").value(c->game());
    w.key("title").value(c->title());
    w.key("prefix").value(c->prefix());
    w.key("rules").value(n.rules);
    w.key("checked").value(n.checked);
    w.end_object();
  }
  w.end_array().end_object();
  return out + '\n';
}

std::string coverage_text(const std::vector<const RuleCatalogue*>& catalogues) {
  std::string out;
  for (const auto* cat : catalogues) {
    out += fmt::format("{} ({})\n", cat->title(), cat->game());
    std::size_t width = 0;
    for (const Rule& r : cat->rules())
      width = std::max(width, r.id.size());
    for (const Rule& r : cat->rules()) {
      if (r.kind == RuleKind::descriptive) {
        out += fmt::format("  {:<{}}  descriptive\n", r.id, width);
        continue;
      }
      const RuleEvidence& e = r.evidence;
      out += fmt::format("  {:<{}}  checked{}\n", r.id, width, covered(r) ? "" : "  NOT COVERED");
      std::string pad(width + 4, ' ');
      out += fmt::format("{}illegal cases: {}\n", pad,
                         e.illegal_tests.empty() ? "none" : files_of(e.illegal_tests));
      out += fmt::format("{}legal cases: {}\n", pad,
                         e.legal_tests.empty() ? "none" : files_of(e.legal_tests));
      std::string samples;
      for (const auto& s : e.samples)
        samples += fmt::format("{}{}", samples.empty() ? "" : ", ", s);
      out += fmt::format("{}samples: {}\n", pad, samples.empty() ? "none" : samples);
    }
    out += '\n';
  }
  out += "summary:\n";
  for (const auto* cat : catalogues)
    out += "  " + counts_line(*cat) + '\n';
  return out;
}

std::string coverage_json(const std::vector<const RuleCatalogue*>& catalogues) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("games").begin_array();
  for (const auto* cat : catalogues) {
    Counts n = count(*cat);
    w.begin_object();
    w.key("game").value(cat->game());
    w.key("rules").value(n.rules);
    w.key("checked").value(n.checked);
    w.key("descriptive").value(n.rules - n.checked);
    w.key("covered").value(n.covered);
    w.key("broken_by_samples").value(n.sampled);
    w.key("ids").begin_array();
    for (const Rule& r : cat->rules()) {
      w.begin_object();
      w.key("id").value(r.id);
      w.key("kind").value(to_string(r.kind));
      w.key("covered");
      r.kind == RuleKind::checked ? w.value(covered(r)) : w.null();
      coverage_fields(w, r);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array().end_object();
  return out + '\n';
}

}  // namespace wallaudit::report
