// libFuzzer target: any bytes as a game record, read, replayed, and rendered by every report
// that works from a history (explain, frames, canonical moves, annotations, HTML).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/registry.hpp"
#include "report/annotate.hpp"
#include "report/explain.hpp"
#include "report/frames.hpp"
#include "report/html.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wallaudit;
  std::string text(reinterpret_cast<const char*>(data), size);
  CheckContext ctx;
  ctx.keep_history = true;
  ctx.want_key = true;
  GameResult result = check_record(builtin_registry(), text, ctx);
  if (result.history) {
    const GameHistory& h = *result.history;
    Explanation ex = h.explanation();
    (void)report::explain_text("fuzz.xml", result, ex);
    (void)report::explain_json("fuzz.xml", result, ex);
    for (int t = 0; t <= h.turns(); t += 1 + h.turns() / 4)
      (void)report::frame_text("fuzz", h.frame(t), true);
    (void)h.canonical();
    std::string error;
    (void)report::annotate_record(text, h.annotations(), h.turn_elements(), error);
    if (size < 4096) (void)report::html_report("fuzz.xml", "fuzz", result, h);
  }
  return 0;
}
