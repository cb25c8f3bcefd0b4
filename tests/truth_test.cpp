// Every output about a sample tells one truth (see support/truth.hpp), and every game's JSON
// record objects have the same fields.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <variant>

#include <pugixml.hpp>

#include "core/history.hpp"
#include "core/json.hpp"
#include "core/registry.hpp"
#include "report/check_output.hpp"
#include "support/support.hpp"
#include "support/truth.hpp"

namespace fs = std::filesystem;
using namespace wallaudit;
using namespace wallaudit::test;

namespace {

std::vector<fs::path> samples() {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(source_dir() + "/samples")) {
    if (e.path().extension() != ".xml") continue;
    std::string folder = e.path().parent_path().filename().string();
    if (folder == "legal" || folder == "illegal" || folder == "disputed" || folder == "malformed")
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST(OneTruth, ExplainAgreesWithCheckOnEverySample) {
  auto files = samples();
  ASSERT_GT(files.size(), 40u);
  std::size_t disputed = 0, illegal = 0;
  for (const auto& f : files) {
    std::string verdict = expect_one_truth(f.string(), read(f), f.string());
    disputed += verdict == "disputed";
    illegal += verdict == "illegal";
    EXPECT_EQ(verdict, f.parent_path().filename() == "legal" ? std::string("ok")
                                                             : f.parent_path().filename().string())
        << f;
  }
  EXPECT_GE(disputed, 18u);
  EXPECT_GT(illegal, 10u);
}

TEST(OneTruth, ReportCaptionEqualsTheScoreTableOnEverySample) {
  for (const auto& f : samples())
    expect_report_agrees(f.string(), read(f));
}

// A check that keeps a history (for report, explain, replay) and one that does not (check,
// stats) find the same: the games leave out of the second what only a history shows.
TEST(OneTruth, KeepingAHistoryChangesNothingACheckFinds) {
  std::size_t histories = 0;
  for (const auto& f : samples()) {
    std::string xml = read(f);
    auto line = [&](bool history) {
      CheckContext ctx;
      ctx.keep_history = history;
      ctx.want_key = true;
      ctx.want_facts = true;
      GameResult r = check_text(xml, ctx);
      histories += r.history != nullptr;
      report::CheckedRecord rec;
      rec.file = f.filename().string();
      rec.text = xml;
      rec.result = &r;
      std::string out;
      report::append_json(out, rec);
      out += "\nkey " + r.key;
      for (const Fact& fact : r.facts)
        out += "\nfact " + fact.name + " " + std::to_string(fact.amount);
      return out;
    };
    EXPECT_EQ(line(false), line(true)) << f;
  }
  EXPECT_GT(histories, 40u);
}

TEST(OneTruth, EveryRecordObjectHasTheSameFieldsInEveryGame) {
  RunResult r = run_cli({"check", "--format", "jsonl", source_dir() + "/samples"});
  ASSERT_EQ(r.status, 2);
  std::istringstream lines(r.out);
  std::string line;
  std::set<std::vector<std::string>> shapes;
  std::map<std::string, std::set<std::vector<std::string>>> details;  // game → detail keys
  std::size_t records = 0;
  while (std::getline(lines, line)) {
    auto v = std::get<JsonValue>(parse_json(line));
    if (!v.find("verdict")) continue;  // not a record object
    ++records;
    std::vector<std::string> keys;
    for (const auto& [k, value] : v.as_object())
      keys.push_back(k);
    shapes.insert(keys);
    const JsonValue* game = v.find("game");
    std::vector<std::string> dk;
    for (const auto& [k, value] : v.find("details")->as_object())
      dk.push_back(k);
    if (game && game->is_string()) details[game->as_string()].insert(dk);
    // A game that ended is finished, and says how it ended.
    EXPECT_EQ(v.find("finished")->as_bool(), v.find("ended_by")->is_string()) << line;
  }
  EXPECT_GT(records, 40u);
  ASSERT_EQ(shapes.size(), 1u);
  EXPECT_EQ(
      *shapes.begin(),
      (std::vector<std::string>{"file", "game", "verdict", "finished", "ended_by", "diagnostics",
                                "scores", "winners", "seconds", "key", "duplicate_of", "details"}));
  EXPECT_EQ(details.size(), 4u);
  for (const auto& [game, keys] : details)
    EXPECT_EQ(keys.size(), 1u) << game << ": the details differ between records";
}

namespace {

// The record `xml` with its turn elements changed: `keep` of them kept (all when npos), then
// the last kept one written once more. A turn's `n` attribute, where it has one, counts on.
std::string repeat_last_turn(const std::string& xml, const std::vector<std::string>& turn_names,
                             std::size_t keep) {
  pugi::xml_document doc;
  EXPECT_TRUE(doc.load_string(xml.c_str(), pugi::parse_default | pugi::parse_comments));
  std::vector<pugi::xml_node> turns;
  for (const auto& x : doc.select_nodes("//*")) {
    std::string name = x.node().name();
    if (std::find(turn_names.begin(), turn_names.end(), name) != turn_names.end())
      turns.push_back(x.node());
  }
  if (turns.empty()) return {};
  if (keep != std::string::npos && keep < turns.size()) {
    for (std::size_t i = keep; i < turns.size(); ++i)
      turns[i].parent().remove_child(turns[i]);
    turns.resize(keep);
    // Claims of the end would be compared with a game cut short: drop them.
    for (const auto& e : doc.select_nodes("//end"))
      e.node().parent().remove_child(e.node());
  }
  pugi::xml_node last = turns.back();
  pugi::xml_node again = last.parent().insert_copy_after(last, last);
  if (pugi::xml_attribute n = again.attribute("n")) n.set_value(n.as_int() + 1);
  std::ostringstream out;
  doc.save(out, "", pugi::format_raw);
  return out.str();
}

}  // namespace

// `finished` means one thing in every game: the game as replayed reached its end, whatever the
// verdict. For every registered game: a finished legal sample with its last turn written once
// more after the end is illegal and still finished, ended as the legal one did, with no winner;
// the same record cut after its second turn, repeated, is illegal and unfinished.
TEST(OneTruth, FinishedMeansTheGameAsReplayedReachedItsEnd) {
  for (const auto& game : builtin_registry().games()) {
    std::string id(game->id());
    SCOPED_TRACE(id);
    std::size_t pairs = 0;
    for (const auto& f : samples()) {
      if (f.parent_path().filename() != "legal" || f.parent_path().parent_path().filename() != id)
        continue;
      std::string xml = read(f);
      if (xml.find(" file=\"") != std::string::npos) continue;  // names a file beside it
      CheckContext ctx;
      ctx.keep_history = true;
      GameResult legal = check_text(xml, ctx);
      ASSERT_EQ(legal.verdict, Verdict::ok) << f;
      ASSERT_TRUE(legal.history) << f;
      auto turn_names = legal.history->turn_elements();
      EXPECT_EQ(legal.finished, !legal.ended_by.empty()) << f;
      if (!legal.finished) continue;

      std::string after = repeat_last_turn(xml, turn_names, std::string::npos);
      GameResult late = check_text(after);
      EXPECT_EQ(late.verdict, Verdict::illegal) << f;
      EXPECT_TRUE(late.finished) << f;
      EXPECT_EQ(late.ended_by, legal.ended_by) << f;
      EXPECT_TRUE(late.winners.empty()) << f;

      std::string cut = repeat_last_turn(xml, turn_names, 2);
      GameResult early = check_text(cut);
      EXPECT_EQ(early.verdict, Verdict::illegal) << f << "\n" << cut;
      EXPECT_FALSE(early.finished) << f;
      EXPECT_TRUE(early.ended_by.empty()) << f;
      ++pairs;
    }
    EXPECT_GT(pairs, 0u) << "no finished legal sample without named files";
  }
}
