#include "support/cc_records.hpp"

#include <fmt/format.h>

namespace wallaudit::test {

namespace {
std::string mini_boards() {
  std::string out = "<boards><board-set name=\"mini\">";
  for (char board : {'A', 'B', 'C', 'D'}) {
    for (int side = 1; side <= 2; ++side) {
      out += fmt::format(
          "<side id=\"{}{}\" board=\"{}\">"
          "<space province=\"P1\" region=\"M1\"/><space province=\"P1\" region=\"M2\"/>"
          "<space province=\"P2\" region=\"M2\"/><space province=\"P3\" region=\"M2\"/>"
          "<space province=\"P3\" region=\"M3\"/></side>",
          board, side, board);
    }
  }
  return out + "</board-set></boards>";
}
const std::string kMiniBoardsText = mini_boards();
}  // namespace

const char* const kMiniBoards = kMiniBoardsText.c_str();

const char* const kMiniSetup =
    R"(<side id="A1"/><side id="B1"/>
<reputation province="A1.P1" value="2"/><reputation province="A1.P2" value="1"/><reputation province="A1.P3" value="3"/>
<reputation province="B1.P1" value="0"/><reputation province="B1.P2" value="4"/><reputation province="B1.P3" value="2"/>
<threat region="A1.M1" value="-2"/><threat region="A1.M2" value="-3"/><threat region="A1.M3" value="-4"/>
<threat region="B1.M1" value="-3"/><threat region="B1.M2" value="-2"/><threat region="B1.M3" value="-4"/>)";

std::string mini_side_tokens(const std::string& side) {
  return fmt::format(
      R"(<reputation province="{0}.P1" value="1"/><reputation province="{0}.P2" value="1"/><reputation province="{0}.P3" value="1"/><threat region="{0}.M1" value="-2"/><threat region="{0}.M2" value="-2"/><threat region="{0}.M3" value="-2"/>)",
      side);
}

std::string MiniRecord::str() const {
  return fmt::format(
      "<record game=\"chang-cheng\" format=\"1\">\n{}{}<players>{}</players>\n<setup>{}</setup>\n"
      "<play>\n{}\n</play>\n{}</record>\n",
      rules.empty() ? "" : fmt::format("<rules>{}</rules>\n", rules), boards + "\n", players,
      setup.empty() ? kMiniSetup : setup, play,
      end.empty() ? "" : fmt::format("<end>{}</end>\n", end));
}

}  // namespace wallaudit::test
