// What "The Great Wall" hands the report layer: frames (text within 80 columns, an SVG scene
// whose piece shapes are counted), the score audit, canonical moves and keys, annotations that
// keep the verdict, facts for stats; and every subcommand on the samples.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/history.hpp"
#include "report/annotate.hpp"
#include "report/explain.hpp"
#include "support/ct_generator.hpp"
#include "support/ct_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

namespace fs = std::filesystem;

const std::string kSamples = "samples/catan-great-wall";

std::vector<std::string> sample_files(const std::string& kind) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(source_dir() + "/" + kSamples + "/" + kind))
    if (e.path().extension() == ".xml")
      out.push_back(kSamples + "/" + kind + "/" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

GameResult replay(const std::string& text, bool facts = false) {
  CheckContext ctx;
  ctx.keep_history = true;
  ctx.want_key = true;
  ctx.want_facts = facts;
  return check_text(text, ctx);
}

GameResult replay_file(const std::string& relative) {
  CheckContext ctx;
  ctx.keep_history = true;
  ctx.want_key = true;
  std::string dir = source_dir() + "/" + relative.substr(0, relative.rfind('/'));
  ctx.load_relative = [dir](std::string_view path,
                            std::string& error) -> std::optional<std::string> {
    try {
      return read_source_file(dir.substr(source_dir().size() + 1) + "/" + std::string(path));
    } catch (const std::exception& e) {
      error = e.what();
      return std::nullopt;
    }
  };
  return check_text(read_source_file(relative), ctx);
}

// The example's set-up with `turns`.
std::string doc_record(CtTurns turns) {
  CtRecord r;
  r.turns = std::move(turns);
  return r.str();
}

int turn_elements(const std::string& text) {
  int n = 0;
  for (std::string tag : {"<turn ", "<special "}) {
    for (auto at = text.find(tag); at != std::string::npos; at = text.find(tag, at + 1))
      ++n;
  }
  return n;
}

TEST(CtHistory, FramesKeepTheirContracts) {
  std::vector<std::string> files = sample_files("legal");
  for (const auto& f : sample_files("illegal"))
    files.push_back(f);
  for (const auto& file : files) {
    SCOPED_TRACE(file);
    GameResult r = replay_file(file);
    if (!r.history) continue;  // e.g. five players: the set-up cannot start
    const GameHistory& h = *r.history;
    EXPECT_EQ(h.turn_elements(), (std::vector<std::string>{"turn", "special"}));
    for (int t = 0; t <= h.turns(); ++t) {
      Frame f = h.frame(t);
      EXPECT_EQ(f.turn, t);
      int pieces = 0;
      for (const auto& s : f.scene.shapes)
        if (!s.piece.empty()) ++pieces;
      EXPECT_EQ(f.pieces_on_board, pieces);
      EXPECT_GT(pieces, 0);
      EXPECT_GT(f.scene.width, 0);
      for (const auto& block : f.blocks)
        for (const auto& line : block.lines) {
          std::size_t width = 0;
          for (const auto& span : line)
            width += utf8_length(span.text);
          EXPECT_LE(width, 80u) << block.title;
        }
      EXPECT_EQ(f.scores.size(), h.colours().size());
    }
  }
}

TEST(CtHistory, FrameShowsTheBoardTheWallAndTheHands) {
  GameResult r = replay(doc_record(ct_doc_turns()));
  ASSERT_TRUE(r.history);
  Frame f = r.history->frame(5);
  EXPECT_EQ(f.label, "after turn 5 (red)");
  std::string text;
  for (const auto& b : f.blocks) {
    text += b.title + "\n";
    for (const auto& l : b.lines) {
      for (const auto& s : l)
        text += s.text;
      text += "\n";
    }
  }
  for (std::string part :
       {"W6:0", "W4:1", "H1", "~P~", "2:g", "bag: I 6, II 7, III 7; breaches 1 of 5",
        "Huns in China: A12 1", "hand: 2 grain, 1 ore (3 cards)",
        "left: 1 settlement, 4 cities, 12 roads", "pirate on E8"})
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
  // Pieces: 13 buildings, 9 roads, one wall piece, the pirate, one Hun on A12.
  EXPECT_EQ(f.pieces_on_board, 13 + 9 + 1 + 1 + 1);
  Frame zero = r.history->frame(0);
  EXPECT_EQ(zero.label, "after the set-up");
  EXPECT_EQ(zero.pieces_on_board, 12 + 8 + 1);
}

TEST(CtHistory, TheScoreAuditAddsUpAndShowsClaims) {
  for (const auto& file : sample_files("legal")) {
    SCOPED_TRACE(file);
    GameResult r = replay_file(file);
    ASSERT_TRUE(r.history);
    Explanation ex = r.history->explanation();
    std::map<std::string, int> sum;
    for (const auto& s : ex.steps)
      for (const auto& [c, p] : s.points)
        sum[c] += p;
    for (const auto& [c, p] : ex.totals)
      EXPECT_EQ(sum[c], p) << c;
    std::vector<std::pair<std::string, int>> totals(ex.totals.begin(), ex.totals.end());
    EXPECT_EQ(totals, r.scores);
    EXPECT_TRUE(report::dispute_findings(r).empty());
    EXPECT_EQ(report::running_totals(ex).claimed.back(),
              report::running_totals(ex).recomputed.back());
    EXPECT_EQ(ex.winners, r.winners);
    // The set-up's VP come first, marked as the set-up (turn 0), not as the end.
    ASSERT_FALSE(ex.steps.empty());
    EXPECT_TRUE(ex.steps.front().setup);
    EXPECT_EQ(ex.steps.front().turn, 0);
    std::string text = report::explain_text(file, r, ex);
    EXPECT_NE(text.find("\n   0  set-up"), std::string::npos);
  }
  // A wrong claim is shown as the total it claims, beside the recomputed total, and the audit
  // names the check's dispute at its turn with both figures.
  CtTurns turns =
      ct_with(ct_doc_turns(), 5, ct_replace(ct_doc_turns()[4], R"(vp="2")", R"(vp="4")"));
  GameResult d = replay(doc_record(turns));
  Explanation ex = d.history->explanation();
  auto disputes = report::dispute_findings(d);
  ASSERT_EQ(disputes.size(), 1u);
  EXPECT_EQ(disputes[0]->colour, "white");
  EXPECT_EQ(disputes[0]->turn, 5);
  bool claim = false;
  for (const auto& s : ex.steps)
    if (!s.claimed.empty()) {
      claim = true;
      EXPECT_TRUE(s.claims_totals);
      EXPECT_EQ(s.claimed, (ColourPoints{{"white", 4}}));
      EXPECT_EQ(s.recomputed_totals, (ColourPoints{{"white", 2}}));
    }
  EXPECT_TRUE(claim);
  std::string audit = report::explain_text("d.xml", d, ex);
  EXPECT_NE(audit.find(fmt::format("  line {}, turn 5: {} [CT-906]\n", disputes[0]->loc.line,
                                   disputes[0]->message)),
            std::string::npos)
      << audit;
  bool breach = false;
  for (const auto& s : ex.steps)
    if (s.kind == "breach") {
      breach = true;
      EXPECT_EQ(s.title, "breach 1 of 5: field F6 over wall W6");
      EXPECT_EQ(s.points, (ColourPoints{{"white", -1}}));
    }
  EXPECT_TRUE(breach);
  // The final breakdown of each colour (CT-901): white's malus chip of the breach.
  std::vector<std::string> breakdown;
  for (const auto& n : ex.notes)
    if (n.find("(CT-901)") != std::string::npos) breakdown.push_back(n);
  EXPECT_EQ(breakdown,
            (std::vector<std::string>{"red: 3 settlements = 3 VP (CT-901)",
                                      "blue: 3 settlements = 3 VP (CT-901)",
                                      "white: 3 settlements, 1 malus chip -1 = 2 VP (CT-901)",
                                      "orange: 4 settlements = 4 VP (CT-901)"}));
}

TEST(CtHistory, CanonicalMovesAndKeys) {
  GameResult ana = replay_file(kSamples + "/logs/ana.xml");
  GameResult ben = replay_file(kSamples + "/logs/ben.xml");
  GameResult cleo = replay_file(kSamples + "/logs/cleo.xml");
  ASSERT_TRUE(ana.history && ben.history && cleo.history);
  EXPECT_EQ(ana.key, ben.key);
  EXPECT_NE(ana.key, cleo.key);
  auto a = ana.history->canonical(), b = ben.history->canonical();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(a[i].text, b[i].text);
  // Vertex and edge names are canonical: another name of the same place is the same move.
  CtTurns turns = ct_doc_turns();
  CtTurns renamed = ct_with(turns, 4,
                            ct_replace(ct_replace(turns[3], R"(edge="D5.E")", R"(edge="D6.W")"),
                                       R"(vertex="D5.SE")", R"(vertex="E6.N")"));
  EXPECT_EQ(replay(doc_record(turns)).key, replay(doc_record(renamed)).key);
  EXPECT_NE(replay(doc_record(turns)).key, replay(doc_record(ct_upto(turns, 4))).key);
}

TEST(CtHistory, AnnotatedRecordsKeepTheirVerdict) {
  std::vector<std::string> files;
  for (std::string kind : {"legal", "illegal", "disputed"})
    for (const auto& f : sample_files(kind))
      files.push_back(f);
  for (const auto& file : files) {
    SCOPED_TRACE(file);
    GameResult r = replay_file(file);
    if (!r.history) continue;
    std::string text = read_source_file(file);
    auto notes = r.history->annotations();
    EXPECT_EQ(static_cast<int>(notes.size()), turn_elements(text) + 1);
    std::string error;
    auto annotated = report::annotate_record(text, notes, r.history->turn_elements(), error);
    ASSERT_TRUE(annotated) << error;
    EXPECT_NE(annotated->find("<annotation>"), std::string::npos);
    std::string dir = file.substr(0, file.rfind('/'));
    CheckContext ctx;
    ctx.want_key = true;
    ctx.load_relative = [dir](std::string_view path, std::string& e) -> std::optional<std::string> {
      try {
        return read_source_file(dir + "/" + std::string(path));
      } catch (const std::exception& x) {
        e = x.what();
        return std::nullopt;
      }
    };
    GameResult again = check_text(*annotated, ctx);
    EXPECT_EQ(again.verdict, r.verdict);
    EXPECT_EQ(again.scores, r.scores);
    EXPECT_EQ(again.key, r.key);
  }
}

TEST(CtHistory, FactsForStats) {
  CtGeneratorOptions o;
  o.unfinished = false;
  CtGeneratedGame g = generate_ct_game(7, o);
  GameResult r = replay(g.xml, true);
  std::map<std::string, double> counts;
  for (const auto& f : r.facts)
    counts[f.name] += f.amount;
  EXPECT_EQ(counts[g.outcome == "win" ? "end: a player reached 10 VP" : "end: the Huns' victory"],
            1);
  double dice = 0, rolls = 0;
  for (const auto& [name, n] : counts)
    if (name.rfind("dice total", 0) == 0) dice += n;
  for (auto at = g.xml.find("<roll "); at != std::string::npos; at = g.xml.find("<roll ", at + 1))
    ++rolls;
  EXPECT_EQ(dice, rolls);
  EXPECT_TRUE(counts.count("breaches per game"));
  EXPECT_TRUE(counts.count("VP at the end"));
}

TEST(CtHistory, EverySubcommandWorksOnTheSamples) {
  std::string legal =
      source_dir() + "/" + kSamples + "/legal/six-players-ten-vp-cards-named-late.xml";
  std::string illegal = source_dir() + "/" + kSamples + "/illegal/harbour-blocked-by-pirate.xml";
  std::string club = source_dir() + "/" + kSamples + "/legal/club-board-file.xml";
  std::string dir = source_dir() + "/" + kSamples;
  EXPECT_EQ(run_cli({"check", legal}).status, 0);
  EXPECT_EQ(run_cli({"check", "--format", "json", illegal}).status, 1);
  // The board file the club record names lies in boards/, beside legal/.
  EXPECT_EQ(run_cli({"check", "--format", "jsonl", "--definitions", dir + "/boards", club}).status,
            0);
  EXPECT_EQ(run_cli({"check", "--format", "junit", dir}).status, 2);
  // Each folder of samples as a whole has the verdict of its name.
  EXPECT_EQ(run_cli({"check", "-j", "2", "--definitions", dir + "/boards", dir + "/legal"}).status,
            0);
  EXPECT_EQ(run_cli({"check", dir + "/illegal"}).status, 1);
  EXPECT_EQ(run_cli({"check", dir + "/disputed"}).status, 1);
  EXPECT_EQ(run_cli({"check", dir + "/malformed"}).status, 2);
  EXPECT_EQ(run_cli({"explain", "--format", "json", legal}).status, 0);
  RunResult replay0 = run_cli({"replay", "--turn", "0", "--color", "never", legal});
  EXPECT_EQ(replay0.status, 0);
  EXPECT_NE(replay0.out.find("after the set-up"), std::string::npos);
  EXPECT_EQ(run_cli({"diff", dir + "/logs/ana.xml", dir + "/logs/ben.xml"}).status, 0);
  EXPECT_EQ(run_cli({"diff", dir + "/logs/ana.xml", dir + "/logs/cleo.xml"}).status, 1);
  EXPECT_EQ(run_cli({"annotate", illegal}).status, 1);
  // A record whose players start no game (CT-101) is illegal, not unreadable: it is explained,
  // drawn and annotated like any other.
  std::string five = dir + "/illegal/five-players.xml";
  EXPECT_EQ(run_cli({"explain", five}).status, 1);
  EXPECT_EQ(run_cli({"replay", "--color", "never", five}).status, 1);
  RunResult annotated = run_cli({"annotate", five});
  EXPECT_EQ(annotated.status, 1);
  EXPECT_NE(annotated.out.find("error CT-101"), std::string::npos);
  std::string page = (fs::temp_directory_path() / "ct_history_test_report.html").string();
  EXPECT_EQ(run_cli({"report", legal, "-o", page}).status, 0);
  EXPECT_TRUE(fs::exists(page));
  fs::remove(page);
  RunResult stats = run_cli({"stats", dir + "/legal"});
  EXPECT_EQ(stats.status, 0);
  EXPECT_NE(stats.out.find("catan-great-wall"), std::string::npos);
  RunResult boards = run_cli({"boards", "--boards", dir + "/boards/club-print.xml"});
  EXPECT_EQ(boards.status, 0);
  EXPECT_NE(boards.out.find("\"club-print\""), std::string::npos);
  RunResult option = run_cli({"check", "--option", "seven-pirate=optional", legal});
  EXPECT_EQ(option.status, 0);
}

}  // namespace
}  // namespace wallaudit::test
