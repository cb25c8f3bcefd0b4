// Dschingis Bohn actions: every element of a record is an action whose canonical text parses
// back into the same action; texts that are no action are refused with a reason.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/xml.hpp"
#include "dschingis_bohn/actions.hpp"
#include "dschingis_bohn/reader.hpp"
#include "support/db_generator.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

namespace fs = std::filesystem;
using db::Action;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The record in `text`, read with a loader relative to `dir`.
std::optional<db::Record> read(const std::string& text, const fs::path& dir) {
  Diagnostics out;
  auto doc = XmlDocument::parse(text, out);
  if (!doc) return std::nullopt;
  Diagnostics problems;
  db::MapCatalogue catalogue = db::make_catalogue({}, problems);
  FileLoader loader = [dir](std::string_view p, std::string& error) -> std::optional<std::string> {
    fs::path file = dir / std::string(p);
    if (!fs::exists(file)) {
      error = "no such file";
      return std::nullopt;
    }
    return slurp(file);
  };
  return db::read_record(*doc, catalogue, loader, {}, out);
}

std::size_t expected_actions(const db::Record& rec) {
  std::size_t n = 1 + rec.end.finals.size() + (rec.end.reason ? 1 : 0);  // 1: the set-up
  for (const auto& t : rec.turns)
    n += t.elems.size() + 2;  // turn, its elements, end-turn
  return n;
}

// Every action's text parses back into an action of the same text; returns how many.
std::size_t round_trip(const db::Record& rec) {
  std::vector<PlacedAction> actions = db::record_actions(rec);
  EXPECT_EQ(actions.size(), expected_actions(rec));
  for (const PlacedAction& p : actions) {
    std::string text = p.action->text();
    std::string error;
    auto back = db::parse_action(text, *rec.map, error);
    EXPECT_TRUE(back.has_value()) << text << ": " << error;
    if (!back) continue;
    EXPECT_EQ(back->text(), text);
    EXPECT_EQ(back->actor(), p.action->actor()) << text;
    EXPECT_EQ(back->kind(), p.action->kind()) << text;
    EXPECT_TRUE(p.loc.known()) << text;
  }
  return actions.size();
}

TEST(DbActions, EveryElementOfTheSamplesRoundTrips) {
  std::size_t records = 0, actions = 0;
  for (const char* folder : {"legal", "illegal", "disputed"}) {
    fs::path dir = fs::path(source_dir()) / "samples/dschingis-bohn" / folder;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() != ".xml") continue;
      SCOPED_TRACE(entry.path().string());
      auto rec = read(slurp(entry.path()), dir);
      ASSERT_TRUE(rec.has_value());
      actions += round_trip(*rec);
      ++records;
    }
  }
  EXPECT_EQ(records, 30u);
  EXPECT_GT(actions, 1000u);
}

TEST(DbActions, EveryElementOfGeneratedGamesRoundTrips) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE(seed);
    DbGeneratorOptions options;
    options.map = seed % 2 ? DbMapChoice::builtin : DbMapChoice::inline_map;
    auto rec = read(generate_db_game(seed, options).xml(), fs::path(source_dir()));
    ASSERT_TRUE(rec.has_value());
    EXPECT_GT(round_trip(*rec), 0u);
  }
}

// A record of a few turns whose actions are listed in full.
TEST(DbActions, CanonicalTextOfEachKind) {
  const std::string text = R"(<record game="dschingis-bohn" format="1">
<players><player colour="red" name="A"/><player colour="blue" name="B"/><player colour="green" name="C"/></players>
<setup>
<camp colour="green" space="12"/><camp colour="blue" space="17"/><camp colour="red" space="01"/>
<territory space="02" card="village"/><territory space="03" card="rice-field"/>
<territory space="04" card="forest"/><territory space="05" card="city"/>
<territory space="06" card="steppe-1"/><territory space="07" card="diamond-field"/>
<territory space="08" card="rice-field"/><territory space="09" card="village"/>
<territory space="10" card="city"/><territory space="11" card="forest"/>
<territory space="13" card="steppe-2"/><territory space="14" card="diamond-field"/>
<territory space="15" card="village"/><territory space="16" card="steppe-3"/>
<territory space="18" card="rice-field"/><territory space="19" card="forest"/>
</setup>
<play>
<turn colour="red">
<plant bean="soy" field="1"/>
<turn-up beans="chili garden"/>
<trade partner="blue"><give source="turned-up" bean="chili"/><give source="hand" bean="red" pos="4"/><get bean="stink" pos="2"/></trade>
<donate to="green"><card source="turned-up" bean="garden"/></donate>
<donate from="blue"><card bean="soy"/></donate>
<plant colour="blue" bean="chili" field="1"/>
<harvest field="2" coins="1" bean="soy" cards="3"/>
<battle target="02" pay="garden" result="captured"><round><attack source="cavalry" cavalry="3"/><defend source="deck" bean="stink"/></round></battle>
<buy-cart pay="soy soy chili"><load count="2"/></buy-cart>
<buy-field colour="blue" pay="blue blue blue"/>
<draw count="2"/><reshuffle order="soy chili"/><draw beans="soy"/>
<take count="1"/>
<vp colour="red" points="2"/>
</turn>
</play>
<end reason="deck"><final colour="red" vp="2"/><final colour="blue" vp="1"/><final colour="green" vp="1"/></end>
</record>
)";
  auto rec = read(text, fs::path(source_dir()));
  ASSERT_TRUE(rec.has_value());
  std::vector<std::string> texts;
  for (const PlacedAction& p : db::record_actions(*rec))
    texts.push_back(p.action->text());
  const std::vector<std::string> expected{
      "chance: setup players=red,blue,green territories=02:village,03:rice-field,04:forest,"
      "05:city,06:steppe-1,07:diamond-field,08:rice-field,09:village,10:city,11:forest,"
      "13:steppe-2,14:diamond-field,15:village,16:steppe-3,18:rice-field,19:forest "
      "camps=green:12,blue:17,red:01",
      "red: turn",
      "red: plant soy 1",
      "red: turn-up chili garden",
      "red: trade blue give up:chili red@4 get stink@2",
      "red: donate to green up:garden",
      "red: donate from blue soy",
      "blue: plant chili 1",
      "red: harvest 2 coins=1 bean=soy cards=3",
      "red: battle 02 pay=garden result=captured",
      "red: round 1",
      "red: attack cavalry 3",
      "red: defence deck stink",
      "red: battle-end",
      "red: buy-cart pay=soy,soy,chili loads",
      "red: cart-load ? ?",
      "red: cart-end",
      "blue: buy-field pay=blue,blue,blue",
      "red: draw ? ?",
      "chance: reshuffle order=soy,chili",
      "red: draw soy",
      "red: take ?",
      "red: claim 2",
      "red: end-turn",
      "chance: claim end deck",
      "red: claim final 2",
      "blue: claim final 1",
      "green: claim final 1",
  };
  EXPECT_EQ(texts, expected);
  // The parts a finding may point at: the trade's cards and the battle's target.
  auto actions = db::record_actions(*rec);
  EXPECT_EQ(actions[4].parts.size(), db::kPartCards - 1u + 3u);
  EXPECT_EQ(actions[4].where(db::kPartCards + 2).line, 18u);
  EXPECT_EQ(actions[9].where(db::kPartTarget).line, 23u);
  EXPECT_EQ(actions[2].where(db::kPartColour).line, 15u);    // the turn's colour
  EXPECT_EQ(actions[0].where(db::kPartDecls + 3).line, 5u);  // the first <territory>
}

TEST(DbActions, TextsThatAreNoActionAreRefusedWithAReason) {
  Diagnostics problems;
  db::MapCatalogue catalogue = db::make_catalogue({}, problems);
  const db::MapDef& map = *catalogue.default_map;
  struct Case {
    std::string text, error;
  };
  const std::vector<Case> cases{
      {"red plant soy 1", "an action reads ACTOR: KIND …"},
      {"pink: plant soy 1", "\"pink\" is neither a colour nor chance"},
      {"red:", "the kind of action is missing"},
      {"red: sow soy 1", "\"sow\" is no kind of Dschingis Bohn action"},
      {"red: plant soy 4", "\"4\" is not a field (1 to 3)"},
      {"red: plant tofu 1", "\"tofu\" is not a bean"},
      {"red: plant soy", "a field is missing"},
      {"red: plant soy 1 2", "unexpected \"2\""},
      {"red: draw soy ?", "name every card or none (? for each)"},
      {"red: draw", "the cards are missing (a bean or ? for each)"},
      {"red: trade blue get up:soy", "\"up:soy\" is not a card (soy or soy@3)"},
      {"red: trade blue soy", "\"soy\": give or get comes first"},
      {"red: donate over blue soy", "\"over\" is not to or from"},
      {"red: battle 42", "\"42\" is no space of map modelled-19"},
      {"red: battle 02 result=won", "\"result=won\" is not captured or repelled"},
      {"red: defence cavalry 1", "\"cavalry\" is not hand or deck"},
      {"red: attack deck soy@2", "\"soy@2\" is not a card"},
      {"red: buy-field pay=soy,,soy", "\"pay=soy,,soy\" is not a list of beans"},
      {"red: claim final", "VP is missing"},
      {"chance: setup camps=red:01", "players=… is missing"},
      {"chance: setup players=red territories=02:castle",
       "\"territories=02:castle\" is not a "
       "list of space:card"},
      {"chance: setup players=red hand=red", "\"hand=red\" is not colour:beans"},
  };
  for (const auto& c : cases) {
    std::string error;
    auto a = db::parse_action(c.text, map, error);
    EXPECT_FALSE(a.has_value()) << c.text;
    EXPECT_EQ(error, c.error) << c.text;
  }
  std::string error;
  auto a = db::parse_action("  red :  plant   soy  1 ", map, error);
  ASSERT_TRUE(a.has_value()) << error;
  EXPECT_EQ(a->text(), "red: plant soy 1");
}

}  // namespace
}  // namespace wallaudit::test
