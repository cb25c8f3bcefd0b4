// Board definitions of "The Great Wall": the hex geometry of CT-203, the built-in modelled
// board, syntax faults (REC-…) and every validity rule of CT-209, inline, in a board file named
// by a record, and in `--boards` definitions.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "catan_great_wall/board.hpp"
#include "support/ct_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

using ct::Board;

// The modelled board's data file, without its declaration and comment.
std::string modelled_xml() {
  std::string text = read_source_file("lib/catan_great_wall/data/great-wall-modelled.xml");
  return text.substr(text.find("<great-wall-board"));
}

// A record (the example's set-up, no turns) with `board` inline.
std::string with_board(const std::string& board) {
  CtRecord r;
  r.board = "<board>\n" + board + "</board>";
  return r.str();
}

int vertex(const Board& b, const std::string& name) {
  auto dot = name.find('.');
  return b.corner(b.find_hex(name.substr(0, dot)), *ct::parse_corner(name.substr(dot + 1)));
}

int edge(const Board& b, const std::string& name) {
  auto dot = name.find('.');
  return b.side(b.find_hex(name.substr(0, dot)), *ct::parse_side(name.substr(dot + 1)));
}

TEST(CtBoard, GeometryOfCt203) {
  auto b = ct::modelled_board();
  // A vertex has up to three names, an edge up to two.
  EXPECT_EQ(vertex(*b, "D5.SE"), vertex(*b, "E6.N"));
  EXPECT_EQ(vertex(*b, "D5.SE"), vertex(*b, "D6.SW"));
  EXPECT_EQ(vertex(*b, "A7.NE"), vertex(*b, "A8.NW"));
  EXPECT_EQ(edge(*b, "C6.SW"), edge(*b, "D5.NE"));
  EXPECT_EQ(edge(*b, "D5.E"), edge(*b, "D6.W"));
  EXPECT_NE(vertex(*b, "D5.N"), vertex(*b, "D5.S"));
  // Adjacency: N(q,r) neighbours S(q,r-1), S(q+1,r-1), S(q+1,r-2).
  EXPECT_TRUE(b->adjacent(vertex(*b, "D5.N"), vertex(*b, "C5.S")));
  EXPECT_TRUE(b->adjacent(vertex(*b, "D5.N"), vertex(*b, "C6.S")));
  EXPECT_FALSE(b->adjacent(vertex(*b, "D5.N"), vertex(*b, "D5.S")));
  // On the board: a land hex in play touches it; with 4 players the left third is folded.
  EXPECT_TRUE(b->vertex_on_board(vertex(*b, "A5.NE"), 4));
  EXPECT_FALSE(b->vertex_on_board(vertex(*b, "A1.N"), 4));
  EXPECT_TRUE(b->vertex_on_board(vertex(*b, "A1.N"), 6));
  EXPECT_FALSE(b->vertex_on_board(vertex(*b, "E7.S"), 6));
  EXPECT_TRUE(b->edge_on_board(edge(*b, "D5.SE"), 4));     // along the coast
  EXPECT_FALSE(b->edge_on_board(edge(*b, "E7.E"), 6));     // between two sea hexes
  EXPECT_TRUE(b->edge_on_board(edge(*b, "A7.NW"), 4));     // along the wall
  EXPECT_EQ(b->vertex_name(vertex(*b, "E6.N")), "D5.SE");  // named through a land hex
}

TEST(CtBoard, TheModelledBoardIsTheDocumentedOne) {
  auto b = ct::modelled_board();
  EXPECT_EQ(b->name, "great-wall-modelled");
  EXPECT_TRUE(b->modelled);
  EXPECT_EQ(b->huns_per_numeral, 7);
  for (auto [players, land, sea] : {std::tuple{4, 30, 14}, std::tuple{6, 46, 18}}) {
    int l = 0, s = 0;
    for (const auto& h : b->hexes)
      if (ct::in_play(h.in, players)) (h.land() ? l : s)++;
    EXPECT_EQ(l, land) << players;
    EXPECT_EQ(s, sea) << players;
  }
  EXPECT_EQ(b->hexes[static_cast<std::size_t>(b->pirate_start)].id, "C13");
  const auto& f6 = b->fields[static_cast<std::size_t>(b->find_field("F6"))];
  ASSERT_EQ(f6.path.size(), 3u);
  EXPECT_EQ(b->hexes[static_cast<std::size_t>(f6.path[1])].id, "C12");  // the detour
  // Each non-7 total is an attack number exactly once.
  std::vector<int> numbers;
  for (const auto& g : b->gatherings)
    for (const auto& a : g.attacks)
      numbers.push_back(a.number);
  std::sort(numbers.begin(), numbers.end());
  EXPECT_EQ(numbers, (std::vector<int>{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}));
  // No 6 or 8 next to another 6 or 8.
  for (const auto& h : b->hexes) {
    if (h.number != 6 && h.number != 8) continue;
    for (auto [dq, dr] : {std::pair{1, 0}, {-1, 0}, {1, -1}, {0, -1}, {0, 1}, {-1, 1}}) {
      int n = b->hex_at(h.q + dq, h.r + dr);
      if (n < 0) continue;
      int other = b->hexes[static_cast<std::size_t>(n)].number;
      EXPECT_TRUE(other != 6 && other != 8) << h.id;
    }
  }
  // The inline copy of the data file is valid too.
  EXPECT_EQ(check_text(with_board(modelled_xml())).verdict, Verdict::ok);
}

struct BoardCase {
  std::string name;
  std::string from, to;  // an edit of the modelled board
  std::string rule;
  std::string at;  // the finding's position: the first occurrence in the record
  std::string message_part;
};

void run(const std::vector<BoardCase>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    std::string text = with_board(ct_replace(modelled_xml(), c.from, c.to));
    GameResult r = check_text(text);
    EXPECT_EQ(r.verdict, Verdict::malformed);
    ASSERT_FALSE(r.diagnostics.empty());
    const Diagnostic& d = r.diagnostics.items().front();
    EXPECT_EQ(d.rule, c.rule) << d.message;
    // `at` may mark the exact position with '|' inside a longer anchor.
    std::string at = c.at;
    auto bar = at.find('|');
    if (bar != std::string::npos) at.erase(bar, 1);
    auto offset = text.find(at);
    ASSERT_NE(offset, std::string::npos) << "anchor not in the text: " << c.at;
    if (bar != std::string::npos) offset += bar;
    EXPECT_EQ(d.loc, LineIndex(text).locate(offset)) << d.message;
    EXPECT_NE(d.message.find(c.message_part), std::string::npos) << d.message;
    EXPECT_EQ(d.kind, FindingKind::format);
  }
}

TEST(CtBoard, SyntaxFaultsAreFormatErrors) {
  run({
      {"REC-002 another board format", R"(format="1" modelled)", R"(format="2" modelled)",
       "REC-002", R"(2" modelled)", "board format \"2\""},
      {"REC-003 an unknown element", R"(<pirate-start hex="C13"/>)",
       R"(<pirate-start hex="C13"/><robber hex="C13"/>)", "REC-003", "<robber",
       "unknown element <robber>"},
      {"REC-004 an unknown attribute", R"(<hex id="A5" q="5")", R"(<hex id="A5" x="1" q="5")",
       "REC-004", R"(x="1")", "unknown attribute 'x' on <hex>"},
      {"REC-005 a missing coordinate", R"(<hex id="A5" q="5" r="0")", R"(<hex id="A5" r="0")",
       "REC-005", R"(<hex id="A5" r)", "needs the attribute 'q'"},
      {"REC-006 modelled is not a boolean", R"(modelled="true")", R"(modelled="yes")", "REC-006",
       R"(yes")", "modelled is \"true\" or \"false\""},
      {"REC-006 Huns per numeral not positive", R"(modelled="true")",
       R"(modelled="true" huns-per-numeral="0")", "REC-006", R"(0">)", "between 1 and 1000"},
      {"REC-006 a bad id", R"(<hex id="A5" q)", R"(<hex id="A.5" q)", "REC-006", R"(A.5")",
       "not a board id"},
      {"REC-006 an id too long", R"(<hex id="A5" q)", R"(<hex id="A5678901234567890" q)", "REC-006",
       R"(A5678901234567890")", "not a board id"},
      {"REC-006 a coordinate that is no number", R"(<hex id="A5" q="5")",
       R"(<hex id="A5" q="five")", "REC-006", R"(five")", "must be a whole number"},
      {"REC-006 an unknown terrain", R"(q="5" r="0" terrain="hills")",
       R"(q="5" r="0" terrain="lava")", "REC-006", R"(lava")", "\"lava\" is not a terrain"},
      {"REC-006 an unknown harbour type", R"(type="ore")", R"(type="gold")", "REC-006", R"(gold")",
       "not a harbour type"},
      {"REC-006 an unknown numeral", R"(<gathering numeral="V" in="6">)",
       R"(<gathering numeral="VI" in="6">)", "REC-006", R"(VI")", "not a numeral"},
      {"REC-006 a malformed vertex name", R"(fort="A7.NE")", R"(fort="A7.E")", "REC-006",
       R"(A7.E")", "not a vertex name"},
      {"REC-006 a malformed path", R"(path="A7 B7 C7 D7")", R"(path="A7 B7 C7? D7")", "REC-006",
       R"(A7 B7 C7?)", "not a list of hex ids"},
      {"REC-009 text in a board", "\n  <pirate-start", "the pirate starts here\n  <pirate-start",
       "REC-009", "the pirate", "text is not allowed inside <great-wall-board>"},
  });
}

TEST(CtBoard, ValidityFaultsAreCt209) {
  run({
      {"an id used twice", R"(<field id="F4" wall="W4")", R"(<field id="W4" wall="W4")", "CT-209",
       R"(W4" wall="W4" path)", "id \"W4\" is already used"},
      {"coordinates used twice", R"(<hex id="A6" q="6" r="0")", R"(<hex id="A6" q="5" r="0")",
       "CT-209", R"(<hex id="A6")", "has the coordinates (5, 0) of hex A5"},
      {"a path hex not defined", R"(path="A7 B7 C7 D7")", R"(path="A7 B7 C7 Z7")", "CT-209",
       R"(A7 B7 C7 Z7")", "names hex \"Z7\""},
      {"a field facing a wall not defined", R"(<gathering numeral="V")",
       R"(<field id="F7" wall="W9" path="A8"/><gathering numeral="V")", "CT-209", R"(W9")",
       "faces wall \"W9\""},
      {"an attack leading to a field not defined", R"(<attack number="10" field="F4"/>)",
       R"(<attack number="10" field="F9"/>)", "CT-209", R"(F9")", "leads to field \"F9\""},
      {"no pirate start", R"(<pirate-start hex="C13"/>)", "", "CT-209", "<great-wall-board",
       "has no <pirate-start>"},
      {"two pirate starts", R"(<pirate-start hex="C13"/>)",
       R"(<pirate-start hex="C13"/><pirate-start hex="D13"/>)", "CT-209",
       R"(<pirate-start hex="D13"/>)", "a second <pirate-start>"},
      {"a producing hex without a number", R"(terrain="hills" number="6"/>)",
       R"(terrain="hills"/>)", "CT-209", R"(<hex id="A5")", "produces and needs a number"},
      {"a number 7", R"(terrain="hills" number="6"/>)", R"(terrain="hills" number="7"/>)", "CT-209",
       R"(7"/>)", "a number is 2-6 or 8-12"},
      {"a desert with a number", R"(terrain="desert"/>)", R"(terrain="desert" number="12"/>)",
       "CT-209", R"(desert" number="|12"/>)", "carries no number"},
      {"an in value other than 4, 6 or 4 6", R"(<wall id="W1" fort="A1.NE" in="6"/>)",
       R"(<wall id="W1" fort="A1.NE" in="5"/>)", "CT-209", R"(<wall id="W1" fort="A1.NE" in="|5")",
       "in=\"5\""},
      {"five wall sections with 4 players", R"(<wall id="W1" fort="A1.NE" in="6"/>)",
       R"(<wall id="W1" fort="A1.NE"/>)", "CT-209", "<great-wall-board",
       "with 4 players there are 5 wall sections"},
      {"a fort site off the board with 4 players", R"(<wall id="W3" fort="A5.NE"/>)",
       R"(<wall id="W3" fort="A4.NW"/>)", "CT-209", R"(A4.NW")", "is not on the board"},
      {"two walls on one fort site", R"(<wall id="W4" fort="A7.NE"/>)",
       R"(<wall id="W4" fort="A5.NE"/>)", "CT-209", R"(A5.NE"/>
  <wall id="W5")",
       "have the same fort site"},
      {"adjacent fort sites", R"(<wall id="W4" fort="A7.NE"/>)", R"(<wall id="W4" fort="A6.N"/>)",
       "CT-209", R"(A6.N")", "are adjacent"},
      {"a wall no field faces", R"(<field id="F4" wall="W4" path="A7 B7 C7 D7"/>)",
       R"(<field id="F4" wall="W3" path="A7 B7 C7 D7"/>)", "CT-209", R"(<wall id="W4")",
       "no attack field in play faces wall W4"},
      {"a field facing a wall not in play", R"(<field id="F3" wall="W3")",
       R"(<field id="F3" wall="W1")", "CT-209", R"(<wall id="W3")",
       "no attack field in play faces wall W3"},
      {"an empty path", R"(path="A7 B7 C7 D7")", R"(path="")", "CT-209", R"(path="|")",
       "has an empty path"},
      {"a path through the sea", R"(path="A7 B7 C7 D7")", R"(path="A7 B7 C7 E7")", "CT-209",
       R"(A7 B7 C7 E7")", "lists the sea hex E7"},
      {"a path through a hex not in play", R"(path="A5 B5 C5 D5")", R"(path="A5 B5 C5 D4")",
       "CT-209", R"(A5 B5 C5 D4")", "lists hex D4, which is not in play"},
      {"a path with a hex twice", R"(path="A7 B7 C7 D7")", R"(path="A7 B7 C7 A7")", "CT-209",
       R"(A7 B7 C7 A7")", "lists hex A7 twice"},
      {"place IV in play with 4 players", R"(<gathering numeral="IV" in="6">)",
       R"(<gathering numeral="IV">)", "CT-209", R"(<gathering numeral="IV">)",
       "place IV must not be in play"},
      {"a place missing", R"(<gathering numeral="II">)", R"(<gathering numeral="III" in="6">)",
       "CT-209", "<great-wall-board", "with 4 players gathering place II is missing"},
      {"an attack number 7", R"(<attack number="10" field="F4"/>)",
       R"(<attack number="7" field="F4"/>)", "CT-209", R"(7" field)",
       "an attack number is 2-6 or 8-12"},
      {"an attack on a field not in play", R"(<attack number="10" field="F4"/>)",
       R"(<attack number="10" field="F1"/>)", "CT-209", R"(F1"/>
  </gathering>
  <gathering numeral="II">)",
       "leads to field F1, which is not in play"},
      {"a harbour on land", R"(<harbour hex="E8" type="grain")",
       R"(<harbour hex="D8" type="grain")", "CT-209", R"(D8" type)", "lies on a land hex"},
      {"two harbours on one sea hex", R"(<harbour hex="E8" type="grain" vertices="D7.S D7.SE"/>)",
       R"(<harbour hex="E6" type="grain" vertices="D5.S D5.SE"/>)", "CT-209",
       R"(<harbour hex="E6" type="brick")", "has a second harbour"},
      {"harbour vertices not adjacent", R"(vertices="D7.S D7.SE")", R"(vertices="D7.S E8.NE")",
       "CT-209", R"(D7.S E8.NE")", "are not adjacent"},
      {"a harbour vertex not a corner of its hex", R"(vertices="D7.S D7.SE")",
       R"(vertices="D7.S D7.SW")", "CT-209", R"(D7.S D7.SW")", "is not a corner of its sea hex"},
      {"the pirate starting on land", R"(<pirate-start hex="C13"/>)",
       R"(<pirate-start hex="C12"/>)", "CT-209", R"(<pirate-start hex="C12"/>)",
       "starts on C12, a land hex"},
      {"the pirate starting on a hex not in play", R"(<pirate-start hex="C13"/>)",
       R"(<pirate-start hex="E1"/>)", "CT-209", R"(<pirate-start hex="E1"/>)",
       "with 4 players the pirate start E1 is not in play"},
  });
}

TEST(CtBoard, FaultsAreReportedInDocumentOrderAfterTheSyntax) {
  std::string board = ct_replace(ct_replace(modelled_xml(), R"(<pirate-start hex="C13"/>)", ""),
                                 R"(path="A7 B7 C7 D7")", R"(path="A7 B7 C7 Z7")");
  GameResult r = check_text(with_board(board));
  ASSERT_GE(r.diagnostics.items().size(), 2u);
  EXPECT_EQ(r.diagnostics.items()[0].rule, "CT-209");
  EXPECT_NE(r.diagnostics.items()[0].message.find("no <pirate-start>"), std::string::npos);
  EXPECT_NE(r.diagnostics.items()[1].message.find("Z7"), std::string::npos);
  // A syntax fault hides the validity faults.
  std::string broken = board;
  broken.insert(broken.find("<hex"), "<hexx/>");
  GameResult s = check_text(with_board(broken));
  EXPECT_EQ(s.diagnostics.items().front().rule, "REC-003");
  for (const auto& d : s.diagnostics.items()) {
    EXPECT_NE(d.rule, "CT-209");
  }
}

// Legal and illegal cases: CT-209.
TEST(CtBoard, BoardFilesNamedByRecords) {
  std::string invalid = ct_replace(modelled_xml(), R"(terrain="hills" number="6"/>)",
                                   R"(terrain="hills" number="7"/>)");
  CheckContext ctx;
  ctx.load_relative = [&](std::string_view path, std::string& error) -> std::optional<std::string> {
    if (path == "club.xml")
      return ct_replace(modelled_xml(), R"(modelled="true")", R"(modelled="false")");
    if (path == "bad.xml") return invalid;
    if (path == "two.xml")
      return "<great-wall-boards>" + modelled_xml() +
             ct_replace(modelled_xml(), "great-wall-modelled", "other") + "</great-wall-boards>";
    error = "not found";
    return std::nullopt;
  };
  CtRecord r;
  r.board = R"(<board file="club.xml"/>)";
  GameResult ok = check_text(r.str(), ctx);
  EXPECT_EQ(ok.verdict, Verdict::ok);
  r.board = R"(<board file="bad.xml"/>)";
  GameResult bad = check_text(r.str(), ctx);
  EXPECT_EQ(bad.verdict, Verdict::malformed);
  ASSERT_FALSE(bad.diagnostics.empty());
  EXPECT_EQ(bad.diagnostics.items().front().rule, "CT-209");
  EXPECT_NE(bad.diagnostics.items().front().message.find("board file bad.xml:"), std::string::npos);
  r.board = R"(<board file="two.xml"/>)";
  GameResult two = check_text(r.str(), ctx);
  EXPECT_EQ(two.diagnostics.items().front().rule, "REC-013");
  EXPECT_NE(two.diagnostics.items().front().message.find("holds 2 boards"), std::string::npos);
}

TEST(CtBoard, BoardsGivenOnTheCommandLine) {
  CheckContext ctx;
  ctx.definitions.push_back(
      {"club-boards.xml",
       "<great-wall-boards>" +
           ct_replace(ct_replace(modelled_xml(), "great-wall-modelled", "club-print"),
                      R"(modelled="true")", R"(modelled="false")") +
           ct_replace(ct_replace(modelled_xml(), "great-wall-modelled", "broken"),
                      R"(<pirate-start hex="C13"/>)", "") +
           "</great-wall-boards>"});
  ctx.definitions.push_back({"chang-cheng.xml", "<board-set name=\"x\"/>"});  // another game's
  const Game* game = builtin_registry().find("catan-great-wall");
  ASSERT_NE(game, nullptr);
  Diagnostics problems;
  auto prepared = game->prepare(ctx, problems);
  ASSERT_EQ(problems.items().size(), 1u);
  EXPECT_EQ(problems.items().front().rule, "CT-209");
  EXPECT_EQ(problems.items().front().file, "club-boards.xml");
  ctx.prepared.emplace_back("catan-great-wall", prepared);
  CtRecord r;
  r.board = R"(<board name="club-print"/>)";
  GameResult ok = check_text(r.str(), ctx);
  EXPECT_EQ(ok.verdict, Verdict::ok);
  for (const auto& [k, v] : ok.extra) {
    if (k == "board_modelled") {
      EXPECT_FALSE(v.as_bool());
    }
  }
  r.board = R"(<board name="broken"/>)";
  GameResult bad = check_text(r.str(), ctx);
  EXPECT_EQ(bad.verdict, Verdict::malformed);
  EXPECT_EQ(bad.diagnostics.items().front().rule, "CT-209");
  // `wallaudit boards` lists the built-in board and the club's.
  Diagnostics ignored;
  auto tables = game->describe_boards(ctx, ignored);
  std::string titles;
  for (const auto& t : tables)
    titles += t.title + "\n";
  EXPECT_NE(titles.find("\"great-wall-modelled\" (built in), modelled"), std::string::npos)
      << titles;
  EXPECT_NE(titles.find("\"club-print\" (club-boards.xml)"), std::string::npos) << titles;
  EXPECT_NE(titles.find("\"broken\": invalid"), std::string::npos) << titles;
}

}  // namespace
}  // namespace wallaudit::test
