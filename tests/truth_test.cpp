// Every output about a sample tells one truth (see support/truth.hpp), and every game's JSON
// record objects have the same fields.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <variant>

#include "core/json.hpp"
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
