// The rule catalogues: the format of the files (strict, faults named by file:line), their
// agreement with the code, tests and samples, lookups, and `wallaudit rules`.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "core/rules.hpp"
#include "core/text.hpp"
#include "report/frames.hpp"
#include "report/rules_output.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

namespace fs = std::filesystem;

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines)
    out += l + "\n";
  return out;
}

// The faults of catalogue text (prefix "CC", file "cat.txt").
std::vector<std::string> faults(const std::string& text) {
  std::vector<std::string> errors;
  RuleCatalogue::parse("g", "G", "CC", text, "cat.txt", errors);
  return errors;
}

const std::string kEntry =
    "== CC-406 Card and wall in one province\n"
    "section: 4 Turn structure and actions\n"
    "kind: checked\n"
    "options: flood, dominance\n"
    "statement: A card and wall turn places one card\n"
    "  and then one wall in that province.\n"
    "fix: Move the wall.\n";

TEST(RuleCatalogue, ReadsAnEntry) {
  std::vector<std::string> errors;
  auto cat = RuleCatalogue::parse("g", "G", "CC", "# a comment\n\n" + kEntry, "cat.txt", errors);
  EXPECT_EQ(errors, std::vector<std::string>{});
  ASSERT_EQ(cat.rules().size(), 1u);
  const Rule& r = cat.rules()[0];
  EXPECT_EQ(r.id, "CC-406");
  EXPECT_EQ(r.title, "Card and wall in one province");
  EXPECT_EQ(r.section, "4 Turn structure and actions");
  EXPECT_EQ(r.kind, RuleKind::checked);
  EXPECT_EQ(r.options, (std::vector<std::string>{"flood", "dominance"}));
  EXPECT_EQ(r.statement,
            "A card and wall turn places one card and then one wall in that province.");
  EXPECT_EQ(r.fix, "Move the wall.");
  EXPECT_EQ(r.line, 3u);
  EXPECT_EQ(cat.find("cc-406"), &r);
  EXPECT_EQ(cat.find("CC-407"), nullptr);
}

TEST(RuleCatalogue, EveryFaultIsNamedByFileAndLine) {
  auto replace = [](std::string from, std::string to) {
    std::string text = kEntry;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  struct Case {
    std::string text;
    std::vector<std::string> expected;
  };
  const std::vector<Case> cases{
      {replace("kind: checked\n", ""),
       {"cat.txt:3: the field 'options' of CC-406 comes before 'kind' (fields: section, kind, "
        "options, statement, fix, in this order)"}},
      {replace("kind: checked", "kind: maybe"),
       {"cat.txt:3: kind is 'checked' or 'descriptive', not 'maybe'"}},
      {replace("== CC-406", "== GW-406"),
       {"cat.txt:1: 'GW-406' is not an id of this catalogue "
        "(CC-NUMBER)"}},
      {replace(" Card and wall in one province", ""),
       {"cat.txt:1: CC-406 has no title (== ID "
        "Title)"}},
      {replace("in one province", "in one province."),
       {"cat.txt:1: the title of CC-406 ends with a period"}},
      {replace("in one province", std::string(48, 'x')),
       {"cat.txt:1: the title of CC-406 has 62 characters, more than 60"}},
      {replace("  and then", "   and then"),
       {"cat.txt:6: a continuation line is indented by exactly two spaces"}},
      {replace("  and then", "\tand then"),
       {"cat.txt:6: a tab character (indent continuation lines with exactly two spaces)",
        "cat.txt:6: expected 'field: value', a continuation line or a blank line"}},
      {replace("options: flood, dominance\n", "options: flood\n  dominance\n"),
       {"cat.txt:5: the field 'options' takes one line"}},
      {replace("flood, dominance", "flood, Flood!"),
       {"cat.txt:4: 'Flood!' is not an option name (lower-case letters, digits and '-', "
        "comma-separated, or 'none')"}},
      {replace("flood, dominance", "flood, flood"),
       {"cat.txt:4: the option 'flood' is listed twice"}},
      {replace("fix: Move the wall.", "fix:"), {"cat.txt:7: the field 'fix' has no value"}},
      {replace("fix: Move", "fixes: Move"),
       {"cat.txt:7: unknown field 'fixes' (fields: section, kind, options, statement, fix)",
        "cat.txt:1: CC-406 lacks the field 'fix' (fields: section, kind, options, statement, "
        "fix, in this order)"}},
      {kEntry + "fix: again\n",
       {"cat.txt:8: the field 'fix' of CC-406 is given twice or out of "
        "order"}},
      {kEntry + "\n" + kEntry, {"cat.txt:9: CC-406 is listed twice (first on line 1)"}},
      {kEntry + "\n# late\n",
       {"cat.txt:9: a comment after the first entry (comments only open "
        "the file)"}},
      {"stray\n" + kEntry, {"cat.txt:1: expected an entry header '== ID Title' or a comment"}},
      {replace("actions\nkind", "actions\r\nkind"),
       {"cat.txt:2: a carriage return ends the line (the catalogue uses Unix line ends)"}},
      {"# nothing\n", {"cat.txt:1: the catalogue has no entry"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_EQ(faults(c.text), c.expected);
  }
  EXPECT_EQ(faults(kEntry), std::vector<std::string>{});
}

TEST(RuleCatalogue, EvidenceIsReadAndUnknownIdsAreFaults) {
  std::vector<std::string> errors;
  auto cat = RuleCatalogue::parse("g", "G", "CC", kEntry, "cat.txt", errors);
  cat.add_evidence(
      "# generated\n\n== CC-406\nemitted: lib/a.cpp\nsample: samples/x.xml\n"
      "illegal-test: tests/t.cpp: CC-406 bad\nlegal-test: tests/t.cpp: CC-406 good\n"
      "breach: samples/x.xml 7\n|   <turn>\n|\n| </turn>\ndiagnostic: samples/x.xml:8:3: error: "
      "no [CC-406]\n\n== CC-999\nemitted: lib/b.cpp\n\n== CC-406\nwhat: ever\n",
      "ev.txt", errors);
  EXPECT_EQ(errors, (std::vector<std::string>{
                        "ev.txt:14: CC-999 is not in the catalogue but lib/b.cpp report it",
                        "ev.txt:18: unknown key 'what'"}));
  const RuleEvidence& e = cat.rules()[0].evidence;
  EXPECT_EQ(e.emitted_in, std::vector<std::string>{"lib/a.cpp"});
  EXPECT_EQ(e.samples, std::vector<std::string>{"samples/x.xml"});
  EXPECT_EQ(e.illegal_tests, std::vector<std::string>{"tests/t.cpp: CC-406 bad"});
  EXPECT_EQ(e.legal_tests, std::vector<std::string>{"tests/t.cpp: CC-406 good"});
  ASSERT_TRUE(e.breach);
  EXPECT_EQ(e.breach->sample, "samples/x.xml");
  EXPECT_EQ(e.breach->first_line, 7u);
  EXPECT_EQ(e.breach->lines, (std::vector<std::string>{"  <turn>", "", "</turn>"}));
  EXPECT_EQ(e.breach->diagnostic, "samples/x.xml:8:3: error: no [CC-406]");
  EXPECT_TRUE(report::covered(cat.rules()[0]));
}

// The catalogue files of the repository, by prefix.
std::vector<std::pair<std::string, std::string>> catalogue_files() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& dir : fs::directory_iterator(fs::path(source_dir()) / "lib")) {
    auto file = dir.path() / "data" / "rules.txt";
    if (!fs::exists(file)) continue;
    std::string text = read_source_file(fs::relative(file, source_dir()).string());
    std::smatch m;
    if (std::regex_search(text, m, std::regex("^== ([A-Z]+)-", std::regex::multiline)))
      out.emplace_back(m[1], fs::relative(file, source_dir()).string());
  }
  return out;
}

TEST(RuleCatalogues, EveryFileReadsWithoutFaultAndIsCompiledIn) {
  auto cats = all_catalogues(builtin_registry());
  auto files = catalogue_files();
  for (const auto* c : cats)  // every catalogue compiled in has its file (games may be left out)
    EXPECT_TRUE(std::any_of(files.begin(), files.end(), [&](auto& f) {
      return f.first == c->prefix();
    })) << c->game();
  for (const auto& [prefix, file] : files) {
    SCOPED_TRACE(file);
    const RuleCatalogue* compiled = nullptr;
    for (const auto* c : cats)
      if (c->prefix() == prefix) compiled = c;
    if (!compiled) continue;  // a game left out of the build
    std::vector<std::string> errors;
    std::string evidence_file = file.substr(0, file.rfind('/')) + "/rules-evidence.txt";
    auto cat = RuleCatalogue::parse(compiled->game(), compiled->title(), prefix,
                                    read_source_file(file), file, errors);
    cat.add_evidence(read_source_file(evidence_file), evidence_file, errors);
    EXPECT_TRUE(errors.empty()) << join(errors);
    ASSERT_EQ(cat.rules().size(), compiled->rules().size());
    for (std::size_t i = 0; i < cat.rules().size(); ++i)
      EXPECT_EQ(cat.rules()[i].id, compiled->rules()[i].id);
  }
}

// Checked ids are the ids the code reports; descriptive ids are never a finding.
TEST(RuleCatalogues, KindsAgreeWithTheCodeTestsAndSamples) {
  std::vector<std::string> problems;
  for (const auto* cat : all_catalogues(builtin_registry())) {
    for (const Rule& r : cat->rules()) {
      const RuleEvidence& e = r.evidence;
      if (r.kind == RuleKind::checked && e.emitted_in.empty())
        problems.push_back(
            fmt::format("{} is checked but no source of lib/ or cli/ reports it", r.id));
      if (r.kind == RuleKind::descriptive && (!e.samples.empty() || !e.illegal_tests.empty()))
        problems.push_back(
            fmt::format("{} is descriptive but a sample or test finds it broken", r.id));
    }
  }
  EXPECT_TRUE(problems.empty()) << join(problems);
}

TEST(RuleCatalogues, OptionsAreTheGamesOptions) {
  std::vector<std::string> problems;
  for (const auto& game : builtin_registry().games()) {
    std::set<std::string> names;
    for (const auto& o : game->options())
      names.insert(o.name);
    for (const Rule& r : game->rules().rules())
      for (const auto& o : r.options)
        if (!names.count(o))
          problems.push_back(fmt::format("{}: '{}' is not an option of {}", r.id, o, game->id()));
  }
  for (const Rule& r : record_format_rules().rules())
    if (!r.options.empty()) problems.push_back(r.id + ": a format rule names options");
  EXPECT_TRUE(problems.empty()) << join(problems);
}

// See docs/rules/README.md for how test cases are found (scripts/rule-evidence.py).
TEST(RuleCatalogues, EveryCheckedIdHasALegalAndAnIllegalTestCase) {
  std::vector<std::string> problems;
  for (const auto* cat : all_catalogues(builtin_registry()))
    for (const Rule& r : cat->rules())
      if (r.kind == RuleKind::checked && !report::covered(r))
        problems.push_back(fmt::format("{}: {} illegal and {} legal test cases", r.id,
                                       r.evidence.illegal_tests.size(),
                                       r.evidence.legal_tests.size()));
  EXPECT_TRUE(problems.empty()) << join(problems);
}

// Every id the code, the samples and the rules tests cite (in messages and comments alike)
// is one of a catalogue.
TEST(RuleCatalogues, EveryIdCitedInTheRepositoryIsKnown) {
  const Registry& registry = builtin_registry();
  std::set<std::string> prefixes;
  for (const auto* c : all_catalogues(registry))
    prefixes.insert(c->prefix());
  std::regex id_pattern("\\b(CC|GW|CT|DB|REC)-[0-9]+\\b");
  std::vector<std::string> problems;
  for (const char* top : {"lib", "cli", "samples", "tests"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(source_dir()) / top)) {
      if (!entry.is_regular_file()) continue;
      std::string rel = fs::relative(entry.path(), source_dir()).string();
      std::string ext = entry.path().extension().string();
      bool source = ext == ".cpp" || ext == ".hpp" || ext == ".xml" || ext == ".txt";
      if (!source || rel.find("golden") != std::string::npos || rel == "tests/rules_test.cpp" ||
          rel.rfind("tests/data/", 0) == 0)
        continue;
      std::string text = read_source_file(rel);
      for (auto it = std::sregex_iterator(text.begin(), text.end(), id_pattern);
           it != std::sregex_iterator(); ++it) {
        std::string id = (*it)[0];
        if (!prefixes.count(id.substr(0, id.find('-')))) continue;  // a game not built in
        if (!find_rule(registry, id))
          problems.push_back(fmt::format("{}: {} is in no catalogue", rel, id));
      }
    }
  }
  EXPECT_TRUE(problems.empty()) << join(problems);
}

TEST(RuleLookup, CaseInsensitiveOrderedAndNearest) {
  const Registry& registry = builtin_registry();
  ASSERT_NE(find_rule(registry, "cc-406"), nullptr);
  EXPECT_EQ(find_rule(registry, "cc-406")->id, "CC-406");
  EXPECT_EQ(find_rule(registry, "rec-013")->id, "REC-013");
  EXPECT_EQ(find_rule(registry, "CC-4066"), nullptr);
  EXPECT_EQ(find_rule(registry, "duplicate"), nullptr);
  EXPECT_EQ(order_rule_ids(registry, {"REC-003", "DB-1005", "CC-1201", "x", "CC-406", "GW-604",
                                      "CT-906", "CC-406"}),
            (std::vector<std::string>{"CC-406", "CC-1201", "GW-604", "CT-906", "DB-1005", "REC-003",
                                      "x"}));
  auto near = nearest_rule_ids(registry, "CC-4066", 3);
  ASSERT_FALSE(near.empty());
  EXPECT_EQ(near.front(), "CC-406");
  near = nearest_rule_ids(registry, "DB-1099", 2);
  EXPECT_EQ(near, (std::vector<std::string>{"DB-1005", "DB-1004"}));
  // Two digits swapped; a number between two known ones.
  EXPECT_EQ(nearest_rule_ids(registry, "cc-460", 2),
            (std::vector<std::string>{"CC-410", "CC-406"}));
  EXPECT_EQ(nearest_rule_ids(registry, "CC-416", 2),
            (std::vector<std::string>{"CC-414", "CC-413"}));
}

TEST(RulesCommand, ShowsARuleWithItsBreachAndFix) {
  auto r = run_cli({"rules", "cc-406"});
  EXPECT_EQ(r.status, 0) << r.err;
  const Rule* rule = find_rule(builtin_registry(), "CC-406");
  ASSERT_NE(rule, nullptr);
  ASSERT_TRUE(rule->evidence.breach);
  EXPECT_EQ(
      r.out.rfind(
          "CC-406 " + rule->title + "\nChang Cheng, section " + rule->section + "; checked\n\n", 0),
      0u)
      << r.out;
  EXPECT_NE(r.out.find("\nA breach in the samples (" + rule->evidence.breach->sample + "):\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("gets:\n" + rule->evidence.breach->diagnostic + "\n\nFix:\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Options that change it: "), std::string::npos);
}

TEST(RulesCommand, ListsGamesAndAGamesIds) {
  auto r = run_cli({"rules"});
  EXPECT_EQ(r.status, 0);
  for (const auto* c : all_catalogues(builtin_registry()))
    EXPECT_NE(r.out.find("  " + c->game()), std::string::npos) << r.out;
  r = run_cli({"rules", "chang-cheng"});
  EXPECT_EQ(r.status, 0);
  const Rule* rule = find_rule(builtin_registry(), "CC-406");
  EXPECT_NE(r.out.find("  CC-406   " + rule->title + "\n"), std::string::npos) << r.out;
  r = run_cli({"rules", "record-format", "--format", "json"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("{\"game\":\"record-format\",\"title\":\"Record format\",\"prefix\":"
                        "\"REC\",\"rules\":[{\"id\":\"REC-001\",",
                        0),
            0u)
      << r.out;
}

TEST(RulesCommand, AnUnknownIdGetsTheNearestAndExitStatus64) {
  auto r = run_cli({"rules", "CC-4066"});
  EXPECT_EQ(r.status, 64);
  EXPECT_EQ(r.out, "");
  auto near = nearest_rule_ids(builtin_registry(), "CC-4066");
  std::string list;
  for (const auto& id : near)
    list += (list.empty() ? "" : ", ") + id;
  EXPECT_EQ(r.err, "wallaudit rules: unknown rule or game 'CC-4066'; nearest: " + list + "\n");
  r = run_cli({"rules", "chess"});
  EXPECT_EQ(r.status, 64);
  EXPECT_EQ(r.err,
            "wallaudit rules: unknown rule or game 'chess' (see 'wallaudit rules' for the "
            "games)\n");
  r = run_cli({"rules", "--format", "xml"});
  EXPECT_EQ(r.status, 64);
  EXPECT_EQ(r.err, "wallaudit rules: --format takes text or json, not 'xml'\n");
  r = run_cli({"rules", "--coverage", "CC-406"});
  EXPECT_EQ(r.status, 64);
}

TEST(RulesCommand, CoverageListsEveryIdAndASummaryPerGame) {
  auto r = run_cli({"rules", "--coverage"});
  EXPECT_EQ(r.status, 0);
  for (const auto* c : all_catalogues(builtin_registry())) {
    EXPECT_NE(r.out.find("\n  " + c->game() + ": " + std::to_string(c->rules().size()) + " ids, "),
              std::string::npos)
        << r.out;
    for (const Rule& rule : c->rules())
      EXPECT_NE(r.out.find("\n  " + rule.id + " "), std::string::npos) << rule.id;
  }
  EXPECT_EQ(r.out.find("NOT COVERED"), std::string::npos);
}

TEST(CheckOutput, TextEndsWithOneSeeLinePerRuleCitedAndJsonHasRuleTitles) {
  std::string sample = source_dir() + "/samples/chang-cheng/illegal/several-mistakes.xml";
  auto r = run_cli({"check", sample});
  EXPECT_EQ(r.status, 1);
  std::regex cited("\\[([A-Z]+-[0-9]+)\\]\\n");
  std::vector<std::string> ids;
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), cited);
       it != std::sregex_iterator(); ++it)
    ids.push_back((*it)[1]);
  ASSERT_FALSE(ids.empty());
  std::string see;
  for (const auto& id : order_rule_ids(builtin_registry(), ids))
    see += "see: wallaudit rules " + id + "\n";
  ASSERT_GE(r.out.size(), see.size());
  EXPECT_EQ(r.out.substr(r.out.size() - see.size()), see) << r.out;

  r = run_cli({"check", "--format", "jsonl", sample});
  const Rule* first = find_rule(builtin_registry(), ids.front());
  EXPECT_NE(r.out.find("\"rule\":\"" + ids.front() + "\",\"rule_title\":\"" + first->title + "\""),
            std::string::npos)
      << r.out;
}

TEST(ReportHtml, EachFindingShowsItsRuleStatement) {
  std::string sample = source_dir() + "/samples/chang-cheng/illegal/two-walls-one-province.xml";
  std::string out = (fs::path(::testing::TempDir()) / "wallaudit-rules-report.html").string();
  auto r = run_cli({"report", sample, "-o", out});
  ASSERT_EQ(r.status, 1) << r.err;
  std::ifstream in(out);
  std::stringstream html;
  html << in.rdbuf();
  fs::remove(out);
  const Rule* rule = find_rule(builtin_registry(), "CC-411");
  ASSERT_NE(rule, nullptr);
  EXPECT_NE(html.str().find("<div class=\"rule\"><b>CC-411 " + report::xml_escape(rule->title) +
                            "</b>: " + report::xml_escape(rule->statement) + "</div>"),
            std::string::npos);
}

// The ordinals in messages ("the 6th founding settlement"): 11th, 12th and 13th take "th".
TEST(Text, OrdinalsOfEveryEnding) {
  const std::vector<std::pair<int, std::string>> cases = {
      {1, "1st"},   {2, "2nd"},     {3, "3rd"},     {4, "4th"},     {10, "10th"},
      {11, "11th"}, {12, "12th"},   {13, "13th"},   {21, "21st"},   {22, "22nd"},
      {23, "23rd"}, {101, "101st"}, {111, "111th"}, {112, "112th"}, {0, "0th"}};
  for (const auto& [n, want] : cases)
    EXPECT_EQ(ordinal(n), want) << n;
}

}  // namespace
}  // namespace wallaudit::test
