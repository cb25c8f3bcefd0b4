// The command line end to end: inputs (directories, archives, lists, stdin), parallel order,
// shards, output formats, duplicates, stats and summarize, exit statuses, and the readers'
// commands (explain, replay, diff, annotate, report, boards).
#include <archive.h>
#include <archive_entry.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <pugixml.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "core/json.hpp"
#include "core/source.hpp"
#include "support/support.hpp"

namespace fs = std::filesystem;

namespace wallaudit::test {
namespace {

const std::string kSamples = "samples/chang-cheng";

std::vector<JsonValue> json_lines(const std::string& text) {
  std::vector<JsonValue> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    auto parsed = parse_json(line);
    EXPECT_TRUE(std::holds_alternative<JsonValue>(parsed)) << line;
    // The summary line that ends every JSON Lines output is not a record.
    if (auto* v = std::get_if<JsonValue>(&parsed); v && !v->find("summary")) out.push_back(*v);
  }
  return out;
}

std::vector<std::string> files_of(const std::vector<JsonValue>& records) {
  std::vector<std::string> out;
  for (const auto& r : records)
    out.push_back(r.find("file")->as_string());
  return out;
}

// An archive of `members` (name and bytes each) in `format`, compressed by `filter`.
void write_archive_members(const fs::path& path,
                           const std::vector<std::pair<std::string, std::string>>& members,
                           int filter, int format) {
  archive* a = archive_write_new();
  archive_write_set_format(a, format);
  if (filter != ARCHIVE_FILTER_NONE) archive_write_add_filter(a, filter);
  ASSERT_EQ(archive_write_open_filename(a, path.c_str()), ARCHIVE_OK) << archive_error_string(a);
  for (const auto& [name, data] : members) {
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, name.c_str());
    archive_entry_set_size(e, static_cast<la_int64_t>(data.size()));
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_write_header(a, e);
    archive_write_data(a, data.data(), data.size());
    archive_entry_free(e);
  }
  archive_write_close(a);
  archive_write_free(a);
}

// An archive of the source files `files`, each under its own path.
void write_archive(const fs::path& path, const std::vector<std::string>& files, int filter,
                   int format) {
  std::vector<std::pair<std::string, std::string>> members;
  for (const auto& f : files)
    members.emplace_back(f, read_source_file(f));
  write_archive_members(path, members, filter, format);
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    tmp_ =
        fs::path(::testing::TempDir()) / fmt::format("wallaudit-cli-{}-{}", ::getpid(), counter_++);
    fs::create_directories(tmp_);
  }
  void TearDown() override { fs::remove_all(tmp_); }
  RunResult run(const std::vector<std::string>& args, const std::string* input = nullptr) {
    return run_cli(args, input, source_dir());
  }
  fs::path tmp_;
  static inline int counter_ = 0;
};

TEST_F(Cli, ExitStatusFollowsTheWorstVerdict) {
  EXPECT_EQ(run({"check", kSamples + "/legal/three-players.xml"}).status, 0);
  EXPECT_EQ(run({"check", kSamples + "/disputed/final-missing.xml"}).status, 1);
  EXPECT_EQ(run({"check", kSamples + "/illegal/tower-next-to-tower.xml"}).status, 1);
  EXPECT_EQ(
      run({"check", kSamples + "/malformed/truncated.xml", kSamples + "/legal/three-players.xml"})
          .status,
      2);
  EXPECT_EQ(run({"check", "no/such/file.xml"}).status, 2);
  EXPECT_EQ(run({"check"}).status, 64);
  EXPECT_EQ(run({"check", "--format", "yaml", kSamples}).status, 64);
  EXPECT_EQ(run({"check", "--bogus", kSamples}).status, 64);
  EXPECT_EQ(run({"frobnicate"}).status, 64);
  EXPECT_EQ(run({"check", "--option", "flood=plus-minus", kSamples}).status, 64);
  EXPECT_EQ(run({"check", "--option", "floods=plus-only", kSamples}).status, 64);
  EXPECT_EQ(run({"check", "-j", "0", kSamples}).status, 64);
  EXPECT_EQ(run({"check", "--shard", "3/2", kSamples}).status, 64);
}

TEST_F(Cli, HelpForEveryCommand) {
  RunResult top = run({"--help"});
  EXPECT_EQ(top.status, 0);
  for (const char* cmd : {"check", "explain", "replay", "diff", "annotate", "report", "stats",
                          "summarize", "boards"}) {
    EXPECT_NE(top.out.find(cmd), std::string::npos) << cmd;
    RunResult help = run({cmd, "--help"});
    EXPECT_EQ(help.status, 0) << cmd;
    EXPECT_NE(help.out.find("usage: wallaudit"), std::string::npos) << cmd;
  }
}

TEST_F(Cli, OptionOverridesTheRecord) {
  // A legal game whose flood took effect B (-2): with flood=plus-only, B is +2 and minus breaks
  // CC-512.
  std::string file = kSamples + "/legal/event-diplomacy-majority.xml";
  ASSERT_NE(read_source_file(file).find("effect=\"minus\""), std::string::npos);
  RunResult r = run({"check", "--format", "jsonl", "--option", "flood=plus-only", file});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("\"rule\":\"CC-512\""), std::string::npos);
}

TEST_F(Cli, DirectoriesAreWalkedInNameOrderAndOnlyXmlUnlessAll) {
  fs::create_directories(tmp_ / "b" / "c");
  fs::copy_file(source_dir() + "/" + kSamples + "/legal/three-players.xml",
                tmp_ / "b" / "c" / "z.xml");
  fs::copy_file(source_dir() + "/" + kSamples + "/legal/three-players.xml", tmp_ / "a.xml");
  std::ofstream(tmp_ / "notes.txt") << "not a record";
  RunResult r = run_cli({"check", "--format", "jsonl", "."}, nullptr, tmp_.string());
  EXPECT_EQ(files_of(json_lines(r.out)), (std::vector<std::string>{"./a.xml", "./b/c/z.xml"}));
  RunResult all = run_cli({"check", "--format", "jsonl", "--all", "."}, nullptr, tmp_.string());
  EXPECT_EQ(files_of(json_lines(all.out)),
            (std::vector<std::string>{"./a.xml", "./b/c/z.xml", "./notes.txt"}));
  EXPECT_EQ(all.status, 2);  // notes.txt is not a record
}

TEST_F(Cli, ArchivesOfEveryKindNameTheirMembers) {
  std::vector<std::string> files = {kSamples + "/legal/three-players.xml",
                                    kSamples + "/illegal/partial-action.xml"};
  struct Kind {
    const char* name;
    int filter, format;
  };
  for (Kind k : {Kind{"a.zip", ARCHIVE_FILTER_NONE, ARCHIVE_FORMAT_ZIP},
                 Kind{"a.tar", ARCHIVE_FILTER_NONE, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED},
                 Kind{"a.tar.gz", ARCHIVE_FILTER_GZIP, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED},
                 Kind{"a.tar.zst", ARCHIVE_FILTER_ZSTD, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED}}) {
    SCOPED_TRACE(k.name);
    write_archive(tmp_ / k.name, files, k.filter, k.format);
    RunResult r = run_cli({"check", "--format", "jsonl", k.name}, nullptr, tmp_.string());
    auto records = json_lines(r.out);
    EXPECT_EQ(files_of(records), (std::vector<std::string>{std::string(k.name) + "!" + files[0],
                                                           std::string(k.name) + "!" + files[1]}));
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].find("verdict")->as_string(), "ok");
    EXPECT_EQ(records[1].find("verdict")->as_string(), "illegal");
  }
}

TEST_F(Cli, ArchiveMembersNamedBeyondAsciiKeepTheirNames) {
  const std::string record = read_source_file(kSamples + "/legal/three-players.xml");
  const std::vector<std::string> names = {"parties/\u00e9t\u00e9-1.xml", "parties/plain.xml",
                                          "\u9577\u57ce.xml"};
  for (auto [archive_name, format] : {std::pair{"u.tar", ARCHIVE_FORMAT_TAR_PAX_RESTRICTED},
                                      std::pair{"u.zip", ARCHIVE_FORMAT_ZIP}}) {
    SCOPED_TRACE(archive_name);
    std::vector<std::pair<std::string, std::string>> members;
    for (const auto& name : names)
      members.emplace_back(name, record);
    write_archive_members(tmp_ / archive_name, members, ARCHIVE_FILTER_NONE, format);
    RunResult r = run_cli({"check", "--format", "jsonl", archive_name}, nullptr, tmp_.string());
    std::vector<std::string> expected;
    for (const auto& name : names)
      expected.push_back(std::string(archive_name) + "!" + name);
    EXPECT_EQ(files_of(json_lines(r.out)), expected);
    EXPECT_EQ(r.status, 0) << r.out;
  }
}

TEST_F(Cli, ListsAndStandardInput) {
  std::string list =
      kSamples + "/legal/three-players.xml\n\n" + kSamples + "/legal/two-players-teams.xml\n";
  RunResult r = run({"check", "--format", "jsonl", "--files-from", "-"}, &list);
  EXPECT_EQ(files_of(json_lines(r.out)),
            (std::vector<std::string>{kSamples + "/legal/three-players.xml",
                                      kSamples + "/legal/two-players-teams.xml"}));
  std::string record = read_source_file(kSamples + "/legal/three-players.xml");
  RunResult in = run({"check", "--format", "jsonl", "-"}, &record);
  auto records = json_lines(in.out);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].find("file")->as_string(), "-");
  EXPECT_EQ(records[0].find("verdict")->as_string(), "ok");
}

TEST_F(Cli, ParallelOutputKeepsInputOrderAndBytes) {
  RunResult one = run({"check", "-j", "1", kSamples});
  RunResult four = run({"check", "-j", "4", kSamples});
  auto strip_slowest = [](std::string s) { return s.substr(0, s.find("\nslowest:")); };
  EXPECT_EQ(strip_slowest(one.out), strip_slowest(four.out));
  EXPECT_EQ(one.status, four.status);
}

TEST_F(Cli, ShardsSplitTheInputsWithoutOverlap) {
  std::set<std::string> all, seen;
  for (const auto& f : files_of(json_lines(run({"check", "--format", "jsonl", kSamples}).out)))
    all.insert(f);
  for (int k = 1; k <= 3; ++k) {
    for (const auto& f : files_of(json_lines(
             run({"check", "--format", "jsonl", "--shard", fmt::format("{}/3", k), kSamples})
                 .out))) {
      EXPECT_TRUE(seen.insert(f).second) << f << " in two shards";
    }
  }
  EXPECT_EQ(seen, all);
  EXPECT_GT(all.size(), 40u);
}

TEST_F(Cli, SummarizeMergesShardsLikeOneRun) {
  std::vector<std::string> results;
  for (int k = 1; k <= 3; ++k) {
    fs::path out = tmp_ / fmt::format("shard-{}.jsonl", k);
    std::ofstream(out)
        << run({"check", "--format", "jsonl", "--shard", fmt::format("{}/3", k), kSamples}).out;
    results.push_back(out.string());
  }
  std::vector<std::string> args = {"summarize", "--format", "json"};
  args.insert(args.end(), results.begin(), results.end());
  RunResult merged = run(args);
  RunResult whole = run({"check", "--format", "json", kSamples});
  auto m = std::get<JsonValue>(parse_json(merged.out));
  auto w = *std::get<JsonValue>(parse_json(whole.out)).find("summary");
  for (const char* k : {"records", "ok", "disputed", "illegal", "malformed", "duplicates"})
    EXPECT_EQ(m.find(k)->as_int(), w.find(k)->as_int()) << k;
  EXPECT_EQ(m.find("rules")->dump(), w.find("rules")->dump());
  EXPECT_EQ(merged.status, whole.status);
  std::string garbage = "{\"file\":\"x\"}\nnot json\n";
  EXPECT_EQ(run({"summarize", "-"}, &garbage).status, 2);
}

TEST_F(Cli, JsonAndJunitAreWellFormed) {
  RunResult json = run({"check", "--format", "json", kSamples + "/legal", kSamples + "/malformed"});
  auto doc = parse_json(json.out);
  ASSERT_TRUE(std::holds_alternative<JsonValue>(doc));
  const JsonValue& v = std::get<JsonValue>(doc);
  std::size_t records = v.find("records")->as_array().size();
  EXPECT_EQ(static_cast<std::size_t>(v.find("summary")->find("records")->as_int()), records);
  for (const auto& r : v.find("records")->as_array())
    for (const char* key :
         {"file", "game", "verdict", "finished", "diagnostics", "scores", "winners"})
      EXPECT_NE(r.find(key), nullptr) << key;
  RunResult junit = run({"check", "--format", "junit", kSamples + "/legal", kSamples + "/illegal",
                         kSamples + "/malformed"});
  pugi::xml_document x;
  ASSERT_TRUE(x.load_string(junit.out.c_str()));
  pugi::xml_node suite = x.child("testsuites").child("testsuite");
  std::size_t cases = 0, failures = 0, errors = 0;
  for (pugi::xml_node c : suite.children("testcase")) {
    ++cases;
    if (c.child("failure")) ++failures;
    if (c.child("error")) ++errors;
  }
  EXPECT_EQ(std::to_string(cases), suite.attribute("tests").value());
  EXPECT_EQ(std::to_string(failures), suite.attribute("failures").value());
  EXPECT_EQ(std::to_string(errors), suite.attribute("errors").value());
  EXPECT_GT(failures, 0u);
  EXPECT_GT(errors, 0u);
}

TEST_F(Cli, TheSameGameRecordedTwiceIsNoted) {
  RunResult r = run({"check", "--format", "jsonl", kSamples + "/logs"});
  auto records = json_lines(r.out);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_TRUE(records[0].find("duplicate_of")->is_null());
  EXPECT_EQ(records[1].find("duplicate_of")->as_string(), kSamples + "/logs/anna.xml");
  EXPECT_TRUE(records[2].find("duplicate_of")->is_null());  // csilla's log differs at turn 10
  EXPECT_EQ(records[0].find("key")->as_string(), records[1].find("key")->as_string());
  EXPECT_NE(records[0].find("key")->as_string().find("wallaudit-"), std::string::npos);
  RunResult text = run({"check", kSamples + "/logs"});
  EXPECT_NE(text.out.find("bence.xml: note: the same game as " + kSamples + "/logs/anna.xml"),
            std::string::npos);
}

TEST_F(Cli, NoProgressLineWhenStderrIsNotATerminal) {
  RunResult r = run({"check", kSamples});
  EXPECT_EQ(r.err.find("records,"), std::string::npos) << r.err;
}

TEST_F(Cli, StatsDescribeTheArchive) {
  RunResult text = run({"stats", kSamples});
  EXPECT_EQ(text.status, 0);
  for (const char* part :
       {"chang-cheng:", "final scores:", "win rate by seat:", "win rate by colour:",
        "card played: mandarin", "effect chosen: flood minus", "province value:",
        "ended by a round of passes", "most common violations:", "double-wall bonus"})
    EXPECT_NE(text.out.find(part), std::string::npos) << part;
  RunResult json = run({"stats", "--format", "json", kSamples});
  auto v = std::get<JsonValue>(parse_json(json.out));
  const JsonValue* cc = v.find("games")->find("chang-cheng");
  ASSERT_NE(cc, nullptr);
  EXPECT_GT(cc->find("finished")->as_int(), 10);
  EXPECT_GT(cc->find("scores")->find("n")->as_int(), 20);
}

TEST_F(Cli, ExplainNamesWhereClaimsPart) {
  RunResult text = run({"explain", kSamples + "/disputed/award-claimed-wrong.xml"});
  EXPECT_EQ(text.status, 1);
  EXPECT_EQ(text.out.rfind(
                "Score audit of " + kSamples + "/disputed/award-claimed-wrong.xml: disputed", 0),
            0u)
      << text.out;
  EXPECT_NE(text.out.find("\n1 claim differs from the recomputation:\n  line "), std::string::npos)
      << text.out;
  RunResult json =
      run({"explain", "--format", "json", kSamples + "/disputed/award-claimed-wrong.xml"});
  auto v = std::get<JsonValue>(parse_json(json.out));
  ASSERT_EQ(v.find("disputes")->as_array().size(), 1u);
  EXPECT_EQ(v.find("disputes")->as_array()[0].find("turn")->as_int(), 12);
  EXPECT_EQ(v.find("disputes")->as_array()[0].find("rule")->as_string(), "CC-804");
  RunResult ok = run({"explain", kSamples + "/legal/three-players.xml"});
  EXPECT_NE(ok.out.find("every claim agrees with the recomputation"), std::string::npos);
  EXPECT_EQ(run({"explain", kSamples + "/malformed/truncated.xml"}).status, 2);
}

TEST_F(Cli, ReplayFitsEightyColumnsAndColoursOnlyWhenAsked) {
  RunResult plain =
      run({"replay", "--turn", "12", kSamples + "/legal/four-players-two-expansions.xml"});
  EXPECT_EQ(plain.status, 0);
  EXPECT_EQ(plain.out.find('\x1b'), std::string::npos);  // not a terminal: no colour
  std::istringstream lines(plain.out);
  std::string line;
  while (std::getline(lines, line))
    EXPECT_LE(utf8_length(line), 80u) << line;
  EXPECT_NE(plain.out.find("after turn 12"), std::string::npos);
  RunResult colour = run({"replay", "--color", "always", kSamples + "/legal/three-players.xml"});
  EXPECT_NE(colour.out.find("\x1b[32m"), std::string::npos);  // green
  EXPECT_EQ(run({"replay", "--turn", "999", kSamples + "/legal/three-players.xml"}).status, 64);
  EXPECT_EQ(run({"replay", "--turn", "-1", kSamples + "/legal/three-players.xml"}).status, 64);
}

TEST_F(Cli, DiffTellsTheSameGameFromAnother) {
  EXPECT_EQ(run({"diff", kSamples + "/logs/anna.xml", kSamples + "/logs/bence.xml"}).status, 0);
  RunResult parts =
      run({"diff", "--format", "json", kSamples + "/logs/anna.xml", kSamples + "/logs/csilla.xml"});
  EXPECT_EQ(parts.status, 1);
  auto v = std::get<JsonValue>(parse_json(parts.out));
  EXPECT_EQ(v.find("turn")->as_int(), 10);
  EXPECT_EQ(run({"diff", kSamples + "/logs/anna.xml"}).status, 64);
}

TEST_F(Cli, AnnotateRoundTripsAndNeverReplacesItsInputUnasked) {
  fs::path record = tmp_ / "game.xml";
  fs::copy_file(source_dir() + "/" + kSamples + "/illegal/several-mistakes.xml", record);
  std::string before = read_source_file(kSamples + "/illegal/several-mistakes.xml");
  EXPECT_EQ(run_cli({"annotate", "game.xml", "-o", "game.xml"}, nullptr, tmp_.string()).status, 64);
  EXPECT_EQ(run_cli({"annotate", "game.xml", "-o", "./game.xml"}, nullptr, tmp_.string()).status,
            64);
  RunResult out = run_cli({"annotate", "game.xml", "-o", "annotated.xml"}, nullptr, tmp_.string());
  EXPECT_EQ(out.status, 1);
  std::ifstream in(record);
  std::stringstream unchanged;
  unchanged << in.rdbuf();
  EXPECT_EQ(unchanged.str(), before);
  // Same verdict and findings (rules and turns) as the input.
  auto a = json_lines(
      run_cli({"check", "--format", "jsonl", "game.xml", "annotated.xml"}, nullptr, tmp_.string())
          .out);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].find("verdict")->as_string(), a[1].find("verdict")->as_string());
  auto rules = [](const JsonValue& r) {
    std::string out;
    for (const auto& d : r.find("diagnostics")->as_array())
      if (d.find("rule")->as_string() != "duplicate")
        out += d.find("rule")->as_string() + "@" + d.find("turn")->dump() + " ";
    return out;
  };
  EXPECT_EQ(rules(a[0]), rules(a[1]));
  // Annotating again replaces the annotations instead of adding more.
  RunResult again = run_cli({"annotate", "annotated.xml"}, nullptr, tmp_.string());
  std::ifstream first(tmp_ / "annotated.xml");
  std::stringstream first_text;
  first_text << first.rdbuf();
  EXPECT_TRUE(again.out == first_text.str()) << "annotating twice gives another text";

  // --in-place replaces the file; no temporary file is left behind.
  EXPECT_EQ(run_cli({"annotate", "--in-place", "game.xml"}, nullptr, tmp_.string()).status, 1);
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(tmp_)) {
    (void)e;
    ++files;
  }
  EXPECT_EQ(files, 2u);
}

// The HTML report rings the place an illegal action names, on the board of its turn, inside
// the frame of that turn; a legal record's report rings nothing.
TEST_F(Cli, ReportRingsThePlaceOfAnIllegalAction) {
  struct Case {
    const char* sample;
    const char* frame;  // the slider step of the illegal action's turn
    const char* ring;   // the whole ring element, up to its closing tag
  };
  const Case cases[] = {
      {"samples/great-wall-of-china/illegal/dragon-on-the-token.xml", "turn-9",
       "<rect class=\"illegal-place\" data-place=\"S1.1\" x=\"123.0\" y=\"21.0\" "
       "width=\"40.0\" height=\"54.0\" rx=\"4\"><title>S1.1: named by the illegal action of line "
       "33 [GW-404]"
       "</title></rect>"},
      {"samples/chang-cheng/illegal/wall-on-occupied-space.xml", "turn-15",
       "<rect class=\"illegal-place\" data-place=\"2A.W3\" x=\"97.0\" y=\"51.0\" "
       "width=\"42.0\" height=\"44.0\" rx=\"4\"><title>2A.W3: named by the illegal action "
       "of line 110 [CC-406]</title></rect>"},
      {"samples/catan-great-wall/illegal/settlement-too-close.xml", "turn-42",
       "<rect class=\"illegal-place\" data-place=\"A12.N\" x=\"360.4\" y=\"116.0\" "
       "width=\"20.0\" height=\"20.0\" rx=\"4\"><title>A12.N: named by the illegal action "
       "of line 362 [CT-605]</title></rect>"},
      {"samples/dschingis-bohn/illegal/river-attacked.xml", "turn-7",
       "<rect class=\"illegal-place\" data-place=\"14\" x=\"100.9\" y=\"162.4\" "
       "width=\"66.3\" height=\"75.3\" rx=\"4\"><title>14: named by the illegal action of "
       "line 117 [DB-603]</title></rect>"},
      {"samples/dschingis-bohn/illegal/battle-for-own-territory.xml", "turn-11",
       "<rect class=\"illegal-place\" data-place=\"01\" x=\"70.9\" y=\"6.4\" "
       "width=\"66.3\" height=\"75.3\" rx=\"4\"><title>01: named by the illegal action of "
       "line 149 [DB-603]</title></rect>"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.sample);
    RunResult r = run_cli({"report", source_dir() + "/" + c.sample, "-o", "page.html"}, nullptr,
                          tmp_.string());
    EXPECT_EQ(r.status, 1) << r.err;
    std::ifstream in(tmp_ / "page.html");
    std::stringstream page;
    page << in.rdbuf();
    std::string html = page.str();
    std::size_t ring = html.find(c.ring);
    ASSERT_NE(ring, std::string::npos) << "no ring " << c.ring;
    EXPECT_EQ(html.find(c.ring, ring + 1), std::string::npos) << "the ring is drawn twice";
    std::size_t frame = html.rfind("<div class=\"frame", ring);
    ASSERT_NE(frame, std::string::npos);
    std::string head = html.substr(frame, html.find('>', frame) - frame);
    EXPECT_NE(head.find("class=\"frame illegal\""), std::string::npos) << head;
    EXPECT_NE(head.find(std::string("id=\"") + c.frame), std::string::npos) << head;
    EXPECT_NE(html.find("dashed red ring"), std::string::npos);  // in the legend
  }
  RunResult legal =
      run_cli({"report", source_dir() + "/samples/great-wall-of-china/legal/" + "three-players.xml",
               "-o", "legal.html"},
              nullptr, tmp_.string());
  std::ifstream in(tmp_ / "legal.html");
  std::stringstream page;
  page << in.rdbuf();
  EXPECT_EQ(page.str().find("class=\"illegal-place\""), std::string::npos);
}

TEST_F(Cli, ReportIsOneSelfContainedPage) {
  RunResult r = run_cli(
      {"report", source_dir() + "/" + kSamples + "/legal/three-players.xml", "-o", "page.html"},
      nullptr, tmp_.string());
  EXPECT_EQ(r.status, 0) << r.err;
  std::ifstream in(tmp_ / "page.html");
  std::stringstream page;
  page << in.rdbuf();
  std::string html = page.str();
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // no network resource
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("<script src"), std::string::npos);
  EXPECT_NE(html.find("data-goto"), std::string::npos);
  EXPECT_EQ(run_cli({"report", "page.html", "-o", "page.html"}, nullptr, tmp_.string()).status, 64);
  EXPECT_EQ(run_cli({"report", source_dir() + "/" + kSamples + "/legal/three-players.xml"}, nullptr,
                    tmp_.string())
                .status,
            64);
}

TEST_F(Cli, BoardsListsTheStandardSetAndClubSets) {
  RunResult r = run({"boards"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("board set \"standard\" (built in), the default"), std::string::npos);
  EXPECT_NE(
      r.out.find(
          "1A    1      13      P1 W1-W4, P2 W5-W8, P3 W9-W13   M1 W1-W5, M2 W6-W9, M3 W10-W13"),
      std::string::npos)
      << r.out;
  RunResult club = run({"boards", "--boards", "tests/data/schema/boards/club-boards.xml"});
  EXPECT_EQ(club.status, 0) << club.err;
  EXPECT_NE(club.out.find("the default"),
            club.out.rfind("the default") == std::string::npos ? 0 : std::string::npos);
  std::ofstream(tmp_ / "broken.xml")
      << "<board-set name=\"x\"><side id=\"A\" board=\"1\"/></board-set>";
  RunResult broken = run({"boards", "--boards", (tmp_ / "broken.xml").string()});
  EXPECT_EQ(broken.status, 2);
  EXPECT_NE(broken.err.find("side A has no wall spaces [REC-014]"), std::string::npos)
      << broken.err;
}

// An input that cannot be read is a malformed record of its own (REC-018), in every format.
TEST(CliInputs, AFileThatCannotBeReadIsReported) {
  const std::string path = "/nonexistent-wallaudit-dir/record.xml";
  auto text = run_cli({"check", path});
  EXPECT_EQ(text.status, 2);
  EXPECT_EQ(text.out, path +
                          ": error: cannot read the record: No such file or directory "
                          "[REC-018]\n" +
                          path +
                          ": malformed (1 error)\n"
                          "1 record: 0 ok, 0 disputed, 0 illegal, 1 malformed\n"
                          "findings by rule: REC-018 ×1\n"
                          "see: wallaudit rules REC-018\n");
  auto json = run_cli({"check", "--format", "jsonl", path});
  EXPECT_EQ(json.status, 2);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(json.out, m, std::regex(R"re("rule":"([A-Z]+-[0-9]+)")re")));
  EXPECT_EQ(m[1].str(), "REC-018");
}

}  // namespace
}  // namespace wallaudit::test

namespace wallaudit::test {
namespace {

// `moves` over every game built on the engine: the legal actions at a point, within 80
// columns, the same actions in JSON, an illegal record said to be so.
TEST_F(Cli, MovesListsTheLegalActionsOfTheNextDecision) {
  RunResult text =
      run({"moves", "--turn", "4", "samples/great-wall-of-china/legal/five-players.xml"});
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out.substr(0, 112),
            "samples/great-wall-of-china/legal/five-players.xml: Great Wall of China, after\n"
            "  turn 4 of 80\n"
            "next: turn 5, red:");
  std::istringstream lines(text.out);
  for (std::string line; std::getline(lines, line);)
    EXPECT_LE(utf8_length(line), 80u) << line;
  RunResult json = run({"moves", "--turn", "4", "--format", "json",
                        "samples/great-wall-of-china/legal/five-players.xml"});
  EXPECT_EQ(json.status, 0);
  EXPECT_NE(json.out.find(R"("after_turn":4,"turns":80,"player":"red")"), std::string::npos)
      << json.out;
  EXPECT_NE(json.out.find(R"("draw":["red: draw",)"), std::string::npos) << json.out;

  RunResult illegal = run({"moves", "samples/great-wall-of-china/illegal/card-not-in-hand.xml"});
  EXPECT_EQ(illegal.status, 1);
  EXPECT_NE(illegal.out.find("illegal before this point: turn 5, line 26: red's hand is known "
                             "card by card\n  (wall, warrior): it holds no watchtower [GW-306]\n"),
            std::string::npos)
      << illegal.out;

  RunResult range =
      run({"moves", "--turn", "81", "samples/great-wall-of-china/legal/five-players.xml"});
  EXPECT_EQ(range.status, 64);
  EXPECT_EQ(range.err,
            "wallaudit moves: --turn 81 is out of range: "
            "samples/great-wall-of-china/legal/five-players.xml has turns 0 to 80\n");
}

TEST_F(Cli, MovesListsAChangChengTurnsFirstPieces) {
  RunResult r = run({"moves", kSamples + "/legal/three-players.xml", "--turn", "1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n', r.out.find("next:"))),
            kSamples +
                "/legal/three-players.xml: Chang Cheng, after turn 1 of 28\nnext: turn 2, "
                "purple: the turn begins");
  EXPECT_NE(r.out.find("  begin (1 action, each \"purple: …\"):\n    begin\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  wall ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  double ("), std::string::npos) << r.out;
  // After the set-up, the first turn's single walls (the set-up is judged as play begins).
  r = run({"moves", kSamples + "/legal/three-players.xml", "--turn", "0"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find("  wall (")),
            kSamples +
                "/legal/three-players.xml: Chang Cheng, after the set-up\nnext: turn 1, "
                "green: the turn begins\n  begin (1 action, each \"green: …\"):\n    begin\n");
  EXPECT_EQ(r.out.find("  double ("), std::string::npos) << r.out;
}

}  // namespace
}  // namespace wallaudit::test
