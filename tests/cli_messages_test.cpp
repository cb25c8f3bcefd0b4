// The command line speaks for itself: its own messages for bad command lines (asserted whole),
// `help CMD`, each command offering only its options, and the output controls of check, stats,
// replay and diff.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/support.hpp"

namespace fs = std::filesystem;

namespace wallaudit::test {
namespace {

const std::string kSamples = "samples/chang-cheng";

RunResult run(const std::vector<std::string>& args) {
  return run_cli(args, nullptr, source_dir());
}

TEST(CliMessages, BadCommandLinesInOurOwnWords) {
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  const std::string record = kSamples + "/legal/three-players.xml";
  for (const auto& c : std::vector<Case>{
           {{"explain", record, record},
            "wallaudit explain: expected one record, got 2 (see 'wallaudit explain --help')\n"},
           {{"diff", record},
            "wallaudit diff: expected two records, got 1 (see 'wallaudit diff --help')\n"},
           {{"boards", "extra"},
            "wallaudit boards: too many arguments (see 'wallaudit boards --help')\n"},
           {{"check", "--frobnicate", record},
            "wallaudit check: unknown option '--frobnicate' (see 'wallaudit check --help')\n"},
           {{"replay", "--turn", "x", record},
            "wallaudit replay: --turn takes a number within its range (see 'wallaudit replay "
            "--help')\n"},
           {{"replay", record, "--turn"},
            "wallaudit replay: --turn needs a value (see 'wallaudit replay --help')\n"},
           {{"boards", "--max-turns", "3"},
            "wallaudit boards: unknown option '--max-turns' (see 'wallaudit boards --help')\n"},
           {{"check", "--max-errors", "0", record},
            "wallaudit check: --max-errors takes a number from 1 to 1000000000\n"},
           {{"help", "frobnicate"}, ""},
       }) {
    RunResult r = run(c.args);
    EXPECT_EQ(r.status, 64) << c.args.front();
    if (!c.err.empty()) {
      EXPECT_EQ(r.err, c.err);
    }
    EXPECT_EQ(r.err.find("positional"), std::string::npos) << r.err;
  }
  EXPECT_EQ(
      run({"help", "frobnicate"}).err.rfind("wallaudit help: unknown command 'frobnicate'\n", 0),
      0u);
}

TEST(CliMessages, HelpNamesTheVersionAndEveryCommandHasHelp) {
  RunResult top = run({"--help"});
  EXPECT_EQ(top.status, 0);
  EXPECT_NE(top.out.find("  --version   the version of wallaudit\n"), std::string::npos) << top.out;
  EXPECT_NE(top.out.find("'wallaudit help COMMAND'"), std::string::npos);
  for (const char* cmd : {"check", "explain", "replay", "diff", "annotate", "report", "stats",
                          "summarize", "boards"}) {
    RunResult help = run({"help", cmd});
    EXPECT_EQ(help.status, 0) << cmd;
    EXPECT_EQ(help.out, run({cmd, "--help"}).out) << cmd;
    EXPECT_EQ(help.out.rfind(std::string("usage: wallaudit ") + cmd, 0), 0u) << help.out;
  }
  // Each command offers only the options it uses.
  RunResult boards = run({"boards", "--help"});
  EXPECT_EQ(boards.out.find("--max-turns"), std::string::npos) << boards.out;
  EXPECT_EQ(boards.out.find("--option"), std::string::npos) << boards.out;
  EXPECT_NE(boards.out.find("--boards"), std::string::npos);
  EXPECT_EQ(run({"summarize", "--help"}).out.find("--boards"), std::string::npos);
  EXPECT_EQ(run({"explain", "--help"}).out.find("--jobs"), std::string::npos);
}

TEST(CliMessages, MaxErrorsAndHideFollowOns) {
  const std::string file = kSamples + "/illegal/several-mistakes.xml";
  RunResult all = run({"check", file});
  RunResult two = run({"check", "--max-errors", "2", file});
  EXPECT_EQ(two.status, 1);
  EXPECT_NE(two.out.find(file + ": 27 more findings not shown (--max-errors 2)\n" + file +
                         ": illegal (10 errors, 19 disputes)"),
            std::string::npos)
      << two.out;
  RunResult primary = run({"check", "--hide-follow-ons", file});
  EXPECT_EQ(primary.out.find("(follows from line"), std::string::npos) << primary.out;
  EXPECT_NE(primary.out.find(file + ": 23 follow-on findings hidden (--hide-follow-ons)\n"),
            std::string::npos)
      << primary.out;
  EXPECT_NE(all.out.find("(follows from line"), std::string::npos);
}

TEST(CliMessages, FindingsByRuleInGameAndNumberOrder) {
  RunResult r = run({"check", kSamples + "/illegal"});
  auto at = r.out.find("findings by rule: ");
  ASSERT_NE(at, std::string::npos);
  std::string line = r.out.substr(at, r.out.find('\n', at) - at);
  // CC-303 comes before CC-1101, though not as text.
  auto a = line.find("CC-303 ");
  auto b = line.find("CC-1101 ");
  ASSERT_NE(a, std::string::npos) << line;
  ASSERT_NE(b, std::string::npos) << line;
  EXPECT_LT(a, b) << line;
}

// check's findings by rule (text and the JSON summary) and summarize count the primary findings
// as stats does; --with-follow-ons counts the findings that follow from an earlier error too.
TEST(CliMessages, FindingsByRuleCountPrimaryFindings) {
  const std::string file = kSamples + "/illegal/several-mistakes.xml";
  const std::string primary = "CC-406 ×2, CC-408 ×1, CC-411 ×1, CC-804 ×2";
  const std::string all =
      "CC-404 ×3, CC-406 ×2, CC-408 ×1, CC-411 ×1, CC-501 ×2, CC-601 ×1, CC-804 ×19";
  EXPECT_NE(run({"check", file}).out.find("\nfindings by rule: " + primary + "\n"),
            std::string::npos);
  EXPECT_NE(run({"check", "--with-follow-ons", file})
                .out.find("\nfindings by rule (with follow-ons): " + all + "\n"),
            std::string::npos);
  RunResult json = run({"check", "--format", "json", file});
  EXPECT_NE(json.out.find(R"("rules":{"CC-406":2,"CC-408":1,"CC-411":1,"CC-804":2})"),
            std::string::npos)
      << json.out;
  RunResult jsonl = run({"check", "--format", "jsonl", file});
  std::string results = testing::TempDir() + "several-mistakes.jsonl";
  {
    std::ofstream out(results, std::ios::binary);
    out << jsonl.out;
  }
  EXPECT_NE(run({"summarize", results}).out.find("\nfindings by rule: " + primary + "\n"),
            std::string::npos);
  EXPECT_NE(run({"summarize", "--with-follow-ons", results})
                .out.find("\nfindings by rule (with follow-ons): " + all + "\n"),
            std::string::npos);
}

TEST(CliMessages, StatsCountPrimaryFindings) {
  const std::string file = kSamples + "/illegal/several-mistakes.xml";
  RunResult primary = run({"stats", file});
  RunResult all = run({"stats", "--with-follow-ons", file});
  EXPECT_NE(primary.out.find("most common violations: CC-406 ×2 CC-408 ×1 CC-411 ×1\n"),
            std::string::npos)
      << primary.out;
  EXPECT_NE(all.out.find("most common violations (with follow-ons): CC-404 ×3 CC-406 ×2 "
                         "CC-501 ×2 CC-408 ×1 CC-411 ×1 CC-601 ×1\n"),
            std::string::npos)
      << all.out;
}

TEST(CliMessages, StatsHistogramBinsRunUpwards) {
  RunResult r = run({"stats", "samples"});
  std::istringstream lines(r.out);
  std::string line;
  std::size_t bins = 0;
  while (std::getline(lines, line)) {
    long long from = 0, to = 0;
    if (std::sscanf(line.c_str(), " %lld..%lld", &from, &to) != 2) continue;
    ++bins;
    EXPECT_LE(from, to) << line;
  }
  EXPECT_GT(bins, 10u) << r.out;
}

TEST(CliMessages, ReplayNamesTheIllegalTurnsFirst) {
  const std::string file = kSamples + "/illegal/two-walls-one-province.xml";
  RunResult r = run({"replay", file});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out.rfind("illegal: turn ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find(file + ": illegal; the board is drawn as recorded\n\n" + file),
            std::string::npos)
      << r.out;
  EXPECT_EQ(run({"replay", kSamples + "/legal/three-players.xml"}).out.find("illegal"),
            std::string::npos);
}

TEST(CliMessages, DiffComparesClaimsWhenAsked) {
  fs::path tmp = fs::temp_directory_path() / ("wallaudit-claims-" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  std::string a = read_source_file(kSamples + "/legal/four-players-two-expansions.xml");
  auto at = a.find("<final ");
  ASSERT_NE(at, std::string::npos);
  auto points = a.find("points=\"", at) + 8;
  std::string b = a;
  b.insert(points, "1");  // a claimed final score with a digit more
  std::ofstream(tmp / "a.xml") << a;
  std::ofstream(tmp / "b.xml") << b;
  RunResult same = run_cli({"diff", "a.xml", "b.xml"}, nullptr, tmp.string());
  EXPECT_EQ(same.status, 0) << same.out;
  RunResult claims = run_cli({"diff", "--claims", "a.xml", "b.xml"}, nullptr, tmp.string());
  EXPECT_EQ(claims.status, 1) << claims.out;
  EXPECT_NE(claims.out.find("final claims: "), std::string::npos) << claims.out;
  RunResult self = run_cli({"diff", "--claims", "a.xml", "a.xml"}, nullptr, tmp.string());
  EXPECT_EQ(self.status, 0);
  EXPECT_NE(self.out.find(" moves and claims agree"), std::string::npos) << self.out;
  fs::remove_all(tmp);
}

}  // namespace
}  // namespace wallaudit::test
