// The Dschingis Bohn history handed to the report layer: text frames within 80 columns, an SVG
// scene whose pieces are the markers on the map, an audit that adds up to the scores, canonical
// moves that ignore claims and layout, and annotations that leave the verdict unchanged.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/history.hpp"
#include "core/source.hpp"
#include "dschingis_bohn/types.hpp"
#include "report/annotate.hpp"
#include "support/db_generator.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> samples(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(source_dir() + "/samples/dschingis-bohn/" + folder))
    if (e.path().extension() == ".xml") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

CheckContext history_context(const std::string& path) {
  CheckContext ctx;
  ctx.keep_history = true;
  ctx.want_key = true;
  ctx.want_facts = true;
  std::string dir = fs::path(path).parent_path().string();
  ctx.load_relative = [dir](std::string_view p, std::string& error) -> std::optional<std::string> {
    try {
      return read_source_file(fs::relative(fs::path(dir) / p, source_dir()).string());
    } catch (const std::exception& e) {
      error = e.what();
      return std::nullopt;
    }
  };
  return ctx;
}

std::string read(const std::string& path) {
  return read_source_file(fs::relative(path, source_dir()).string());
}

TEST(DbHistory, FramesFitEightyColumnsAndCountTheMarkers) {
  for (const auto& folder : {"legal", "illegal", "disputed"}) {
    for (const auto& path : samples(folder)) {
      SCOPED_TRACE(path);
      GameResult r = check_text(read(path), history_context(path));
      ASSERT_TRUE(r.history) << "no history";
      const GameHistory& h = *r.history;
      EXPECT_EQ(h.colours().size(), r.scores.size());
      for (int t = 0; t <= h.turns(); t += std::max(1, h.turns() / 7)) {
        Frame f = h.frame(t);
        EXPECT_EQ(f.turn, t);
        for (const auto& block : f.blocks)
          for (const auto& line : block.lines) {
            std::string text;
            for (const auto& span : line)
              text += span.text;
            EXPECT_LE(utf8_length(text), 80u) << block.title << ": " << text;
          }
        int pieces = 0;
        for (const auto& s : f.scene.shapes)
          if (!s.piece.empty()) ++pieces;
        EXPECT_EQ(pieces, f.pieces_on_board);
        EXPECT_GT(f.scene.width, 0);
        EXPECT_GT(f.scene.height, 0);
      }
      // Every player owns at least his camp at the start: the markers are on the board.
      EXPECT_EQ(h.frame(0).pieces_on_board, static_cast<int>(h.colours().size()));
    }
  }
}

TEST(DbHistory, TheAuditAddsUpToTheScores) {
  for (const auto& path : samples("legal")) {
    SCOPED_TRACE(path);
    GameResult r = check_text(read(path), history_context(path));
    ASSERT_TRUE(r.history);
    Explanation ex = r.history->explanation();
    EXPECT_EQ(ex.totals, r.scores);
    EXPECT_EQ(ex.winners, r.winners);
    EXPECT_EQ(ex.finished, r.finished);
    std::vector<int> sum(ex.colours.size());
    for (const auto& step : ex.steps)
      for (const auto& [c, p] : step.points)
        for (std::size_t i = 0; i < ex.colours.size(); ++i)
          if (ex.colours[i] == c) sum[i] += p;
    for (std::size_t i = 0; i < ex.colours.size(); ++i)
      EXPECT_EQ(sum[i], ex.totals[i].second) << ex.colours[i];
    bool battles =
        std::any_of(ex.steps.begin(), ex.steps.end(), [](auto& s) { return s.kind == "battle"; });
    EXPECT_TRUE(battles);
    EXPECT_FALSE(r.key.empty());
    EXPECT_FALSE(r.facts.empty());
  }
}

// Claims, names, meta and annotations do not change the canonical moves or the key.
// The duplicate key appends bean lists in place: the same words bean_list() gives.
TEST(DbHistory, BeanListsAppendAsTheyAreWritten) {
  using db::Bean;
  const std::vector<Bean> beans{Bean::blue, Bean::chili, Bean::chili};
  EXPECT_EQ(db::bean_list(beans), "blue chili chili");
  EXPECT_EQ(db::bean_list({}), "");
  std::string text = "paying ";
  db::append_bean_list(text, beans);
  EXPECT_EQ(text, "paying blue chili chili");
}

TEST(DbHistory, CanonicalMovesIgnoreClaims) {
  auto key_of = [](const std::string& text) {
    CheckContext ctx;
    ctx.want_key = true;
    ctx.keep_history = true;
    GameResult r = check_text(text, ctx);
    return std::make_pair(r.key, r.history ? r.history->canonical().size() : 0u);
  };
  std::string base = read(source_dir() + "/samples/dschingis-bohn/disputed/vp-claim-wrong.xml");
  std::string other = read(source_dir() + "/samples/dschingis-bohn/disputed/final-vp-wrong.xml");
  EXPECT_EQ(key_of(base), key_of(other));
  std::string moved = read(source_dir() + "/samples/dschingis-bohn/illegal/out-of-turn.xml");
  EXPECT_NE(key_of(base).first, key_of(moved).first);
}

// The duplicate key is computed without listing the moves; it is the key of the list.
TEST(DbHistory, KeyIsTheKeyOfTheCanonicalMoves) {
  for (int i = 0; i < 20; ++i) {
    DbGeneratorOptions o;
    o.map = i % 2 ? DbMapChoice::builtin : DbMapChoice::inline_map;
    DbGeneratedGame g = generate_db_game(static_cast<std::uint64_t>(i) + 3100, o);
    CheckContext ctx;
    ctx.keep_history = true;
    ctx.want_key = true;
    GameResult r = check_text(g.xml(), ctx);
    ASSERT_TRUE(r.history) << "seed " << i + 3100;
    EXPECT_EQ(r.key, canonical_key("dschingis-bohn", r.history->canonical()))
        << "seed " << i + 3100;
  }
}

// The outcome of a check without history is moved out of the engine, that kept for a
// history copied (its snapshots share it): both give the same result.
TEST(DbHistory, ResultTheSameWithAndWithoutHistory) {
  auto summary = [](const std::string& xml, bool history) {
    CheckContext ctx;
    ctx.keep_history = history;
    ctx.want_facts = true;
    GameResult r = check_text(xml, ctx);
    std::vector<std::string> out;
    for (const Fact& f : r.facts)
      out.push_back(f.name + " " + std::to_string(f.amount));
    for (const auto& [colour, points] : r.scores)
      out.push_back(colour + " " + std::to_string(points));
    for (const auto& w : r.winners)
      out.push_back("winner " + w);
    out.push_back(r.ended_by);
    return out;
  };
  for (int i = 0; i < 12; ++i) {
    DbGeneratorOptions o;
    o.map = i % 2 ? DbMapChoice::builtin : DbMapChoice::inline_map;
    DbGeneratedGame g = generate_db_game(static_cast<std::uint64_t>(i) + 4200, o);
    std::vector<std::string> plain = summary(g.xml(), false);
    EXPECT_GT(plain.size(), 5u);
    EXPECT_EQ(plain, summary(g.xml(), true)) << "seed " << i + 4200;
  }
}

TEST(DbHistory, AnnotationsKeepTheVerdict) {
  for (const auto& folder : {"legal", "illegal", "disputed"}) {
    for (const auto& path : samples(folder)) {
      SCOPED_TRACE(path);
      std::string text = read(path);
      CheckContext ctx = history_context(path);
      GameResult r = check_text(text, ctx);
      ASSERT_TRUE(r.history);
      std::string error;
      auto annotated = report::annotate_record(text, r.history->annotations(),
                                               r.history->turn_elements(), error);
      ASSERT_TRUE(annotated) << error;
      EXPECT_NE(annotated->find("<annotation>"), std::string::npos);
      GameResult again = check_text(*annotated, ctx);
      EXPECT_EQ(again.verdict, r.verdict);
      EXPECT_EQ(again.scores, r.scores);
      EXPECT_EQ(again.diagnostics.items().size(), r.diagnostics.items().size());
      // Annotating twice gives the same text.
      auto twice = report::annotate_record(*annotated, r.history->annotations(),
                                           r.history->turn_elements(), error);
      ASSERT_TRUE(twice);
      EXPECT_EQ(*twice, *annotated);
    }
  }
}

TEST(DbHistory, EveryCommandWorksOnARecord) {
  std::string sample =
      source_dir() + "/samples/dschingis-bohn/legal/four-players-last-territory.xml";
  EXPECT_EQ(run_cli({"check", "--format", "json", sample}).status, 0);
  EXPECT_EQ(run_cli({"check", "--format", "junit", sample}).status, 0);
  RunResult explain = run_cli({"explain", "--format", "json", sample});
  EXPECT_EQ(explain.status, 0);
  EXPECT_NE(explain.out.find("\"kind\":\"battle\""), std::string::npos);
  RunResult replay = run_cli({"replay", "--turn", "3", "--color", "never", sample});
  EXPECT_EQ(replay.status, 0);
  EXPECT_NE(replay.out.find("Map \"modelled-19\" (modelled)"), std::string::npos) << replay.out;
  // The end of the game: fields, and the thalers of each treasury by kind, top first.
  RunResult last = run_cli({"replay", "--color", "never", sample});
  EXPECT_EQ(last.status, 0);
  EXPECT_NE(last.out.find("field 1: "), std::string::npos) << last.out;
  EXPECT_NE(last.out.find("thalers, top first: "), std::string::npos) << last.out;
  RunResult annotate = run_cli({"annotate", sample});
  EXPECT_EQ(annotate.status, 0);
  EXPECT_NE(annotate.out.find("<annotation>"), std::string::npos);
  RunResult diff = run_cli({"diff", sample, sample});
  EXPECT_EQ(diff.status, 0) << diff.out;
  std::string page = ::testing::TempDir() + "/db-report.html";
  EXPECT_EQ(run_cli({"report", sample, "-o", page}).status, 0);
  EXPECT_NE(read_source_file(fs::relative(page, source_dir()).string()).find("data-piece"),
            std::string::npos);
  RunResult stats = run_cli({"stats", source_dir() + "/samples/dschingis-bohn/legal"});
  EXPECT_EQ(stats.status, 0);
  EXPECT_NE(stats.out.find("battles: captured"), std::string::npos);
  RunResult bad = run_cli({"check", "--option", "beans=nine", sample});
  EXPECT_EQ(bad.status, 64);
  RunResult opt = run_cli({"check", "--option", "razing=on", sample});
  EXPECT_NE(opt.status, 2);
}

}  // namespace
}  // namespace wallaudit::test
