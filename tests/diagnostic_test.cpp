// Diagnostics keep their messages bounded, whatever a record quotes into them; and the small
// core helpers that reading and replaying share.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/chain.hpp"
#include "core/diagnostic.hpp"
#include "core/included.hpp"
#include "core/scratch.hpp"
#include "core/xml.hpp"

namespace wallaudit {
namespace {

TEST(Diagnostics, AnOrdinaryMessageIsKeptWhole) {
  Diagnostics d;
  std::string message = "unknown element <wal> in <turn>";
  EXPECT_EQ(d.add(FindingKind::format, "REC-003", {3, 5}, message).message, message);
}

TEST(Diagnostics, AHugeMessageKeepsItsBeginningAndEnd) {
  Diagnostics d;
  std::string name(1'000'000, 'x');
  std::string message = "unknown element <" + name + "\xC3\xA9> in <play>";
  const std::string& kept = d.add(FindingKind::format, "REC-003", {3, 5}, message).message;
  EXPECT_LT(kept.size(), 700u);
  EXPECT_EQ(kept.substr(0, 17), "unknown element <");
  EXPECT_EQ(kept.substr(kept.size() - 11), "> in <play>");
  EXPECT_NE(kept.find("bytes left out"), std::string::npos);
}

TEST(Diagnostics, TheCutNeverSplitsACharacter) {
  Diagnostics d;
  std::string word;
  for (int i = 0; i < 1000; ++i)
    word += "\xC3\xA9";  // é, two bytes each
  const std::string& kept = d.add(FindingKind::format, "REC-006", {1, 1}, word).message;
  std::size_t pos = kept.find(" [");
  ASSERT_NE(pos, std::string::npos);
  EXPECT_EQ(pos % 2, 0u);  // the head ends after a whole é
  std::size_t tail = kept.rfind("] ") + 2;
  EXPECT_EQ((kept.size() - tail) % 2, 0u);
  EXPECT_EQ(static_cast<unsigned char>(kept[tail]), 0xC3);
}

TEST(IncludedFiles, AProblemIsToldWithItsPlaceInTheFileAndTheCountOfTheRest) {
  Diagnostic d;
  d.rule = "REC-014";
  d.loc = {3, 5};
  d.message = "side 1A is defined twice";
  EXPECT_EQ(included_problem("board file", "club.xml", d, 1),
            "board file club.xml:3:5: side 1A is defined twice [REC-014]");
  EXPECT_EQ(included_problem("map file", "m.map", d, 2),
            "map file m.map:3:5: side 1A is defined twice [REC-014] (and 1 more problem)");
  EXPECT_EQ(included_problem("board file", "b.xml", d, 4, false),
            "board file b.xml:3:5: side 1A is defined twice (and 3 more problems)");
}

TEST(IncludedFiles, AFileThatCannotBeReadIsAFormatErrorAtTheAttribute) {
  Diagnostics parsing;
  auto doc = XmlDocument::parse("<record><boards file=\"x.xml\"/></record>", parsing);
  ASSERT_TRUE(doc);
  Diagnostics out;
  XmlChecker xml(*doc, out);
  EXPECT_FALSE(read_included(xml, FileLoader{}, {1, 23}, "board file", "x.xml"));
  FileLoader missing = [](std::string_view, std::string& error) -> std::optional<std::string> {
    error = "no such file";
    return std::nullopt;
  };
  EXPECT_FALSE(read_included(xml, missing, {1, 23}, "board file", "x.xml"));
  ASSERT_EQ(out.items().size(), 2u);
  EXPECT_EQ(out.items()[0].rule, "REC-013");
  EXPECT_EQ(out.items()[0].message, "board file \"x.xml\" cannot be read here (no file access)");
  EXPECT_EQ(out.items()[1].message, "cannot read board file \"x.xml\": no such file");
  EXPECT_EQ(out.items()[1].loc, (SourceLoc{1, 23}));
}

TEST(Scratch, KeepsItsMemoryButACopyStartsEmpty) {
  Scratch<std::vector<int>> a;
  a.value.assign(100, 7);
  const int* memory = a.value.data();
  a.value.clear();
  a.value.push_back(1);
  EXPECT_EQ(a.value.data(), memory);  // no new allocation after a clear
  Scratch<std::vector<int>> b = a;
  EXPECT_TRUE(b.value.empty());
  b.value.push_back(2);
  a = b;
  EXPECT_EQ(a.value, std::vector<int>{1});
}

TEST(XmlReading, ElementChildrenCountsElementsOnlyAndStopsAtTheLimit) {
  Diagnostics d;
  auto doc = XmlDocument::parse("<play>text<turn/><!-- c --><turn/><?pi x?><special/></play>", d);
  ASSERT_TRUE(doc);
  EXPECT_EQ(element_children(doc->root(), 100), 3u);
  EXPECT_EQ(element_children(doc->root(), 2), 2u);
  EXPECT_EQ(element_children(doc->root().first_element_by_path("turn"), 100), 0u);
}

TEST(XmlReading, AttributeLookupsAfterTheCheckAgreeWithAWalk) {
  Diagnostics d;
  // pugixml keeps a repeated attribute; the first one counts, as in a walk.
  auto doc = XmlDocument::parse("<r>\n<a x=\"1\" y=\"\" x=\"2\"/>\n<b x=\"3\" z=\"4\"/></r>", d);
  ASSERT_TRUE(doc);
  pugi::xml_node a = doc->root().child("a"), b = doc->root().child("b");
  XmlChecker xml(*doc, d);
  EXPECT_TRUE(xml.only_attributes(a, {"x", "y", "w"}));
  EXPECT_EQ(xml.optional(a, "x"), "1");
  EXPECT_EQ(xml.optional(a, "y"), "");
  EXPECT_EQ(xml.optional(a, "w"), std::nullopt);
  EXPECT_EQ(xml.value_loc(a, "x"), (SourceLoc{2, 7}));
  EXPECT_EQ(xml.value_loc(a, "y"), (SourceLoc{2, 13}));  // after the opening quote
  EXPECT_EQ(xml.value_loc(a, "w"), (SourceLoc{2, 1}));   // absent: the element
  // Another element is looked up by a walk; a name outside the allowed list of an element
  // that has only allowed attributes is absent.
  EXPECT_EQ(xml.optional(b, "x"), "3");
  EXPECT_EQ(xml.optional(a, "q"), std::nullopt);
  EXPECT_EQ(xml.value_loc(a, "q"), (SourceLoc{2, 1}));
  // An element with an unknown attribute: the unknown one is still found, where it is.
  EXPECT_FALSE(xml.only_attributes(b, {"x"}));
  EXPECT_TRUE(xml.has(b, "z"));
  EXPECT_EQ(xml.optional(b, "z"), "4");
  EXPECT_EQ(xml.value_loc(b, "z"), (SourceLoc{3, 13}));
  EXPECT_EQ(xml.attribute_loc(b, "z"), (SourceLoc{3, 10}));
  EXPECT_EQ(xml.attribute_loc(b, "q"), (SourceLoc{3, 1}));
  EXPECT_FALSE(xml.has(b, "q"));
  EXPECT_EQ(xml.optional(a, "x"), "1");
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].rule, "REC-004");
  EXPECT_EQ(d.items()[0].loc, (SourceLoc{3, 10}));
  EXPECT_EQ(d.items()[0].message, "unknown attribute 'z' on <b> (expected: x)");
  // More allowed names than are remembered: still answered, by a walk.
  EXPECT_TRUE(xml.only_attributes(b, {"a", "b", "c", "d", "e", "f", "g", "x", "z"}));
  EXPECT_EQ(xml.optional(b, "z"), "4");
}

// The line index finds its line breaks sixteen bytes at a time: every offset of texts of every
// length up to 80, with breaks at every position of a block, against a count byte by byte.
TEST(LineIndexing, EveryOffsetHasTheLineAndColumnOfACountByteByByte) {
  std::uint64_t seed = 7;
  auto next = [&] {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<unsigned>(seed >> 33);
  };
  const std::vector<std::string> pieces{"a", "\n", "\r\n", "\xC3\xA9", "<x>"};
  for (int round = 0; round < 400; ++round) {
    std::string text;
    const std::size_t length = next() % 81;
    while (text.size() < length)
      text += pieces[next() % pieces.size()];
    const LineIndex index(text);
    std::uint32_t line = 1, column = 1, lines = 1;
    for (std::size_t at = 0; at <= text.size(); ++at) {
      EXPECT_EQ(index.locate(at), (SourceLoc{line, column})) << round << " at " << at;
      if (at == text.size()) break;
      if (text[at] == '\n') {
        ++line, ++lines, column = 1;
        EXPECT_EQ(index.line_start(line), at + 1) << round;
      } else if ((static_cast<unsigned char>(text[at]) & 0xC0) != 0x80) {
        ++column;
      }
    }
    EXPECT_EQ(index.line_count(), lines) << round;
  }
}

TEST(XmlReading, AnEncodingErrorIsFoundAtEveryOffset) {
  // The check reads blocks of 16 and 8 bytes; a bad byte is found wherever it falls, and valid
  // multi-byte characters before it do not hide it.
  const std::string ascii = "<record>" + std::string(70, 'x') + "</record>";
  for (std::string_view bad : {std::string_view("\xFF"), std::string_view("\0", 1),
                               std::string_view("\xC3"), std::string_view("\xED\xA0\x80")}) {
    for (std::size_t at = 8; at < 8 + 70; ++at) {
      for (std::string_view before : {std::string_view(), std::string_view("\xC3\xA9")}) {
        std::string text = ascii;
        text.replace(at, bad.size(), bad);
        if (!before.empty() && at >= 10) text.replace(at - 2, 2, before);
        Diagnostics d;
        ASSERT_FALSE(XmlDocument::parse(text, d)) << at;
        ASSERT_EQ(d.items().size(), 1u);
        EXPECT_EQ(d.items()[0].rule, "REC-015");
        bool accented = !before.empty() && at >= 10;
        EXPECT_EQ(d.items()[0].loc, (SourceLoc{1, static_cast<std::uint32_t>(at + 1 - accented)}))
            << at;
      }
    }
  }
  // And a clean text of any length passes, whether a block ends at its end or not.
  for (std::size_t n = 0; n < 40; ++n) {
    Diagnostics d;
    EXPECT_TRUE(XmlDocument::parse("<r>" + std::string(n, 'x') + "</r>", d)) << n;
    EXPECT_TRUE(XmlDocument::parse("<r>" + std::string(n, 'x') + "\xC3\xA9</r>", d)) << n;
    EXPECT_TRUE(XmlDocument::parse("<r>\xC3\xA9" + std::string(n, 'x') + "</r>", d)) << n;
  }
}

TEST(XmlReading, DocumentsNestedTooDeeplyAreRefusedWhereTheyGoTooDeep) {
  auto nest = [](int n) {
    std::string open, close;
    for (int i = 0; i < n; ++i)
      open += "<a>", close += "</a>";
    return open + close;
  };
  static_assert(XmlDocument::kMaxDepth == 256);
  Diagnostics d;
  // The root and 255 levels below it (text counts as a level too): as deep as allowed, twice,
  // with siblings between.
  EXPECT_TRUE(XmlDocument::parse("<r>" + nest(255) + "<b/>" + nest(255) + "</r>", d));
  EXPECT_TRUE(d.items().empty());
  std::string text_inside = nest(255);
  text_inside.insert(3 * 255, "x");
  EXPECT_FALSE(XmlDocument::parse("<r>" + text_inside + "</r>", d));
  d = Diagnostics();
  // A first branch as deep as allowed, then one a level deeper: its 256th <a> is refused.
  std::string text = "<r>" + nest(255) + nest(256) + "</r>";
  EXPECT_FALSE(XmlDocument::parse(text, d));
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].rule, "REC-017");
  EXPECT_EQ(d.items()[0].loc, (SourceLoc{1, 3 + 7 * 255 + 3 * 255 + 1}));
  EXPECT_EQ(d.items()[0].message,
            "elements are nested more than 256 levels deep; no record needs that");
}

struct ChainNode {
  int value = 0;
  mutable std::shared_ptr<const ChainNode> prev;
  ~ChainNode() { release_chain(prev); }
};

TEST(Chain, ALongChainIsFreedByALoopAndSharedNodesSurvive) {
  // Two million nodes: freed by nested destructor calls, they would overflow any thread's stack
  // (this test crashed with the default destructor).
  std::shared_ptr<const ChainNode> head;
  std::shared_ptr<const ChainNode> middle;
  for (int i = 1; i <= 2'000'000; ++i) {
    auto node = std::make_shared<ChainNode>();
    node->value = i;
    node->prev = std::move(head);
    head = std::move(node);
    if (i == 1000) middle = head;
  }
  head.reset();
  // What another holder still holds stays whole.
  ASSERT_TRUE(middle);
  int count = 0, last = 0;
  for (const ChainNode* n = middle.get(); n; n = n->prev.get())
    ++count, last = n->value;
  EXPECT_EQ(count, 1000);
  EXPECT_EQ(last, 1);
  EXPECT_EQ(middle->value, 1000);
}

}  // namespace
}  // namespace wallaudit
