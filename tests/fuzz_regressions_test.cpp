// Every input of tests/data/fuzz-regressions/ goes through what the fuzz target does (read,
// replay, explain, frames, canonical moves, annotations, HTML) without a crash, a hang or a
// sanitizer report, and ends with a verdict.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "report/annotate.hpp"
#include "report/explain.hpp"
#include "report/frames.hpp"
#include "report/html.hpp"
#include "support/support.hpp"

namespace fs = std::filesystem;

namespace wallaudit::test {
namespace {

TEST(FuzzRegressions, EveryInputEndsWithAVerdict) {
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(source_dir() + "/tests/data/fuzz-regressions")) {
    if (entry.path().extension() == ".md") continue;
    SCOPED_TRACE(entry.path().filename().string());
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    CheckContext ctx;
    ctx.keep_history = true;
    ctx.want_key = true;
    GameResult result = check_text(text, ctx);
    ++files;
    if (result.verdict == Verdict::malformed) {
      EXPECT_FALSE(result.diagnostics.empty());
      continue;
    }
    if (!result.history) {
      // Only a set-up the game cannot start from leaves nothing to replay.
      EXPECT_EQ(result.verdict, Verdict::illegal);
      EXPECT_FALSE(result.diagnostics.empty());
      continue;
    }

    const GameHistory& h = *result.history;
    Explanation ex = h.explanation();
    EXPECT_FALSE(report::explain_text("x.xml", result, ex).empty());
    for (int t = 0; t <= h.turns(); ++t)
      EXPECT_FALSE(report::frame_text("x", h.frame(t), false).empty());
    std::string error;
    auto annotated = report::annotate_record(text, h.annotations(), h.turn_elements(), error);
    ASSERT_TRUE(annotated) << error;
    // Annotations change nothing the checker judges.
    EXPECT_EQ(check_text(*annotated).verdict, result.verdict);
    EXPECT_FALSE(report::html_report("x.xml", "x", result, h).empty());
  }
  EXPECT_GT(files, 0u);
}

}  // namespace
}  // namespace wallaudit::test
