// The rules of "The Great Wall" (rules/catan-great-wall.md) that describe components, the board,
// the initial state and how the game is counted, rather than forbid a step: CT-102–CT-106,
// CT-202, CT-205–CT-208, CT-210, CT-301, CT-302, CT-308, CT-403, CT-502, CT-506, CT-508–CT-511,
// CT-601, CT-608, CT-703, CT-704, CT-801, CT-804, CT-901–CT-904, CT-1003, CT-1004, CT-1006.
// Each is tested through the behaviour it defines: the engine's initial state, hand-made records
// (legal, and illegal where a record can break the rule, citing the id the document names), and
// invariants that must hold after every turn of generated legal games.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "catan_great_wall/engine.hpp"
#include "catan_great_wall/reader.hpp"
#include "catan_great_wall/state.hpp"
#include "core/xml.hpp"
#include "support/ct_generator.hpp"
#include "support/ct_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

using ct::Colour;
using ct::DevCard;
using ct::Resource;

std::size_t ix(int i) {
  return static_cast<std::size_t>(i);
}

std::vector<std::string> found(const GameResult& result) {
  std::vector<std::string> out;
  for (const auto& d : result.diagnostics.items())
    if (d.kind != FindingKind::info) out.push_back(fmt::format("{}@{}", d.rule, d.turn));
  return out;
}

std::string dump(const GameResult& result) {
  std::string out;
  for (const auto& d : result.diagnostics.items())
    out +=
        fmt::format("  {}:{} {} turn {} {}\n", d.loc.line, d.loc.column, d.rule, d.turn, d.message);
  return out;
}

struct Case {
  std::string name;
  std::function<CtRecord()> record;
  std::vector<std::string> expected;  // "RULE@turn" of every error and dispute, in report order
};

void run_cases(const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    GameResult result = check_text(c.record().str());
    EXPECT_EQ(found(result), c.expected) << c.name << "\n" << dump(result);
  }
}

CtRecord rec(CtTurns turns, std::string rules = "", std::string end = "") {
  CtRecord r;
  r.turns = std::move(turns);
  r.rules = std::move(rules);
  r.end = std::move(end);
  return r;
}

// The replay of a record, with the state after every turn.
struct Replayed {
  Diagnostics diagnostics;
  ct::Outcome outcome;
};

Replayed replay(const std::string& xml) {
  Replayed out;
  auto doc = XmlDocument::parse(xml, out.diagnostics);
  EXPECT_TRUE(doc.has_value());
  if (!doc) return out;
  ct::BoardCatalogue catalogue = ct::make_catalogue({}, out.diagnostics);
  auto record = ct::read_record(*doc, catalogue, {}, out.diagnostics);
  EXPECT_TRUE(record.has_value());
  if (!record) return out;
  ct::CheckerSettings settings;
  settings.keep_snapshots = true;
  out.outcome = ct::replay_record(*record, settings, out.diagnostics);
  return out;
}

std::vector<Colour> seats(int players) {
  std::vector<Colour> s{Colour::red, Colour::blue, Colour::white, Colour::orange};
  if (players == 6) {
    s.push_back(Colour::green);
    s.push_back(Colour::brown);
  }
  return s;
}

// ---- components and the initial state --------------------------------------------------------

// CT-102 pieces, CT-103 bank, CT-104 deck, CT-105 Huns, CT-106 other pieces, CT-206 wall levels,
// CT-207 places in play, CT-210 pirate start, CT-302 the initial state as a whole.
TEST(CtComponents, InitialStateByPlayerCount) {
  auto board = ct::modelled_board();
  for (int players : {4, 6}) {
    SCOPED_TRACE(players);
    ct::State s(board, {}, seats(players));
    // CT-103: 19 (4 players) or 24 (6 players) cards of each resource.
    for (int r = 0; r < ct::kResources; ++r)
      EXPECT_EQ(s.bank()[ix(r)], players == 6 ? 24 : 19);
    // CT-104: 14/20 knights, 2 VP, 1/2 of each progress card; 19 or 28 cards.
    EXPECT_EQ(s.deck_count(DevCard::knight), players == 6 ? 20 : 14);
    EXPECT_EQ(s.deck_count(DevCard::victory_point), 2);
    for (DevCard d : {DevCard::road_building, DevCard::year_of_plenty, DevCard::monopoly})
      EXPECT_EQ(s.deck_count(d), players == 6 ? 2 : 1);
    EXPECT_EQ(s.deck_size(), players == 6 ? 28 : 19);
    EXPECT_EQ(s.cards_bought(), 0);
    // CT-105: 7 Huns per numeral in play; IV and V are removed with 4 players (21 or 35).
    for (int n = 0; n < ct::kNumerals; ++n) {
      bool in = n < (players == 6 ? 5 : 3);
      EXPECT_EQ(s.numeral_in_play(n), in);  // CT-207: places I-III or I-V
      EXPECT_EQ(s.bag(n), in ? 7 : 0);
    }
    EXPECT_EQ(s.bag_total(), players == 6 ? 35 : 21);
    EXPECT_EQ(s.huns_in_play(), s.bag_total());
    // CT-302: no Hun on places, fields or land; every section at level 0, unowned before the
    // forts; no malus chip, no breach; the pirate on its start hex (CT-210); the special cards
    // held by nobody; empty hands.
    for (std::size_t g = 0; g < board->gatherings.size(); ++g)
      EXPECT_EQ(s.place_huns(static_cast<int>(g)), 0);
    for (std::size_t f = 0; f < board->fields.size(); ++f)
      EXPECT_EQ(s.field_huns(static_cast<int>(f)), 0);
    for (std::size_t h = 0; h < board->hexes.size(); ++h)
      EXPECT_EQ(s.hex_huns(static_cast<int>(h)), 0);
    for (std::size_t w = 0; w < board->walls.size(); ++w) {
      EXPECT_EQ(s.wall_level(static_cast<int>(w)), 0);
      EXPECT_FALSE(s.wall_owner(static_cast<int>(w)).has_value());
    }
    EXPECT_EQ(s.breaches(), 0);
    EXPECT_EQ(s.breach_limit(), players == 6 ? 7 : 5);  // CT-904
    EXPECT_EQ(board->hexes[ix(s.pirate())].id, "C13");
    EXPECT_FALSE(s.longest_road().has_value());
    EXPECT_FALSE(s.largest_army().has_value());
    for (Colour c : seats(players)) {
      // CT-102: 5 settlements, 4 cities, 15 roads in the supply.
      EXPECT_EQ(s.supply_settlements(c), 5);
      EXPECT_EQ(s.supply_cities(c), 4);
      EXPECT_EQ(s.supply_roads(c), 15);
      EXPECT_EQ(ct::total(s.player(c).hand), 0);
      EXPECT_EQ(s.player(c).malus, 0);
      EXPECT_EQ(s.vp(c), 0);
    }
  }
}

// CT-105: a board may declare another count per numeral.
TEST(CtComponents, HunsPerNumeralFromTheBoard) {
  auto board = std::make_shared<ct::Board>(*ct::modelled_board());
  board->huns_per_numeral = 2;
  ct::State s(board, {}, seats(4));
  EXPECT_EQ(s.bag(0), 2);
  EXPECT_EQ(s.bag(3), 0);
  EXPECT_EQ(s.bag_total(), 6);
}

// CT-102: the border fort is one of the five settlements and worth 1 VP (CT-901); CT-206: its
// colour owns the section of its fort site.
TEST(CtComponents, TheBorderFortIsASettlement) {
  auto board = ct::modelled_board();
  ct::State s(board, {}, seats(4));
  int w4 = board->find_wall("W4");
  EXPECT_TRUE(s.place_fort(Colour::red, w4).empty());
  EXPECT_EQ(s.supply_settlements(Colour::red), 4);
  EXPECT_EQ(s.wall_owner(w4), Colour::red);
  EXPECT_EQ(s.player(Colour::red).wall, w4);
  EXPECT_EQ(s.vp(Colour::red), 1);
  EXPECT_EQ(s.building(board->walls[ix(w4)].fort), ct::Building::settlement);
}

// CT-202: the terrains and what they produce; CT-601: the costs.
TEST(CtComponents, TerrainsAndCosts) {
  EXPECT_EQ(ct::produces(ct::Terrain::hills), Resource::brick);
  EXPECT_EQ(ct::produces(ct::Terrain::forest), Resource::lumber);
  EXPECT_EQ(ct::produces(ct::Terrain::pasture), Resource::wool);
  EXPECT_EQ(ct::produces(ct::Terrain::fields), Resource::grain);
  EXPECT_EQ(ct::produces(ct::Terrain::mountains), Resource::ore);
  EXPECT_FALSE(ct::produces(ct::Terrain::desert).has_value());
  EXPECT_FALSE(ct::produces(ct::Terrain::sea).has_value());
  auto cards = [](const ct::Cards& c) { return ct::card_list(c); };
  EXPECT_EQ(cards(ct::road_cost()), "brick lumber");
  EXPECT_EQ(cards(ct::settlement_cost()), "brick lumber wool grain");
  EXPECT_EQ(cards(ct::city_cost()), "grain grain ore ore ore");
  EXPECT_EQ(cards(ct::card_cost()), "wool grain ore");
  EXPECT_EQ(cards(ct::wall_cost(1)), "brick lumber grain");
  EXPECT_EQ(cards(ct::wall_cost(2)), "brick lumber grain");
  EXPECT_EQ(cards(ct::wall_cost(3)), "brick lumber grain ore");
  EXPECT_EQ(cards(ct::wall_cost(4)), "brick lumber grain grain ore");
  EXPECT_EQ(cards(ct::wall_cost(5)), "brick lumber grain grain grain ore");
  EXPECT_EQ(cards(ct::Cards{}), "nothing");
  // The appending form writes the same list after what a text already holds.
  std::string text = "give ";
  ct::append_card_list(text, ct::city_cost());
  text += ", get ";
  ct::append_card_list(text, ct::Cards{});
  EXPECT_EQ(text, "give grain grain ore ore ore, get nothing");
}

// CT-202 neighbours and CT-206–CT-208 on the modelled board: one section per player, each faced
// by a field whose path starts at the wall; the eastern path jumps the gulf (CT-508).
TEST(CtComponents, TheModelledBoardsWallFieldsAndPlaces) {
  auto board = ct::modelled_board();
  const auto& b = *board;
  for (int players : {4, 6}) {
    int walls = 0, places = 0;
    for (const auto& w : b.walls)
      walls += ct::in_play(w.in, players);
    for (const auto& g : b.gatherings)
      places += ct::in_play(g.in, players);
    EXPECT_EQ(walls, players);                // CT-206
    EXPECT_EQ(places, players == 6 ? 5 : 3);  // CT-207
  }
  for (const auto& f : b.fields) {
    ASSERT_FALSE(f.path.empty());
    for (int h : f.path)
      EXPECT_TRUE(b.hexes[ix(h)].land()) << f.id;  // CT-208: land hexes only
  }
  const auto& f6 = b.fields[ix(b.find_field("F6"))];
  std::vector<std::string> path;
  for (int h : f6.path)
    path.push_back(b.hexes[ix(h)].id);
  EXPECT_EQ(path, (std::vector<std::string>{"A12", "C12", "D12"}));
  EXPECT_EQ(b.hexes[ix(f6.path[0])].terrain, ct::Terrain::forest);  // CT-508
  // CT-202: A12 and C12 are not neighbours, so the path crosses the sea there.
  const auto& a12 = b.hexes[ix(f6.path[0])];
  const auto& c12 = b.hexes[ix(f6.path[1])];
  int dq = c12.q - a12.q, dr = c12.r - a12.r;
  bool neighbours = (dr == 0 && (dq == 1 || dq == -1)) || (dr == -1 && (dq == 0 || dq == 1)) ||
                    (dr == 1 && (dq == 0 || dq == -1));
  EXPECT_FALSE(neighbours);
  // CT-202: the six neighbours of (q, r), e.g. B6 at (6, 1).
  int b6 = b.find_hex("B6");
  ASSERT_GE(b6, 0);
  EXPECT_EQ(b.hexes[ix(b6)].q, 6);
  EXPECT_EQ(b.hexes[ix(b6)].r, 1);
  std::vector<std::string> around;
  for (auto [dq2, dr2] : {std::pair{1, 0}, {-1, 0}, {1, -1}, {0, -1}, {0, 1}, {-1, 1}})
    around.push_back(b.hexes[ix(b.hex_at(6 + dq2, 1 + dr2))].id);
  EXPECT_EQ(around, (std::vector<std::string>{"B7", "B5", "A7", "A6", "C7", "C6"}));
}

// ---- set-up and turns --------------------------------------------------------------------------

TEST(CtComponents, SeatsAndFirstTurn) {
  run_cases({
      // CT-301: the first listed player places the first fort.
      {"CT-301 the first listed player places the first fort",
       [] {
         CtRecord r = rec({});
         r.players = R"(<player colour="blue"/><player colour="white"/><player colour="orange"/>)"
                     R"(<player colour="red"/>)";
         return r;
       },
       // Red's fort is the first, but blue is listed first: no fort and no founding settlement
       // follows the seats.
       {"CT-303@0", "CT-303@0", "CT-303@0", "CT-303@0", "CT-304@0", "CT-304@0", "CT-304@0",
        "CT-304@0", "CT-304@0", "CT-304@0", "CT-304@0", "CT-304@0"}},
      // CT-308: first-turn = fort-starter gives the first turn to the first listed player.
      {"CT-308 the first turn is the starting player's",
       [] { return rec({R"(<turn colour="red"><roll d1="1" d2="1"/></turn>)"}); },
       {}},
      {"CT-308 a first turn by another colour breaks CT-401",
       [] { return rec({R"(<turn colour="orange"><roll d1="1" d2="1"/></turn>)"}); },
       {"CT-401@1"}},
      {"CT-308 first-turn = settlement-starter: orange placed the first round-A settlement",
       [] {
         return rec({R"(<turn colour="orange"><roll d1="1" d2="1"/></turn>)",
                     R"(<turn colour="red"><roll d1="1" d2="1"/></turn>)"},
                    R"(<option name="first-turn" value="settlement-starter"/>)");
       },
       {}},
      {"CT-308 settlement-starter under founding-order = snake is still orange",
       [] {
         CtRecord r = rec({R"(<turn colour="red"><roll d1="1" d2="1"/></turn>)"},
                          R"(<option name="founding-order" value="snake"/>)"
                          R"(<option name="first-turn" value="settlement-starter"/>)");
         r.setup = R"(
    <fort colour="red" wall="W4"/><fort colour="blue" wall="W5"/>
    <fort colour="white" wall="W6"/><fort colour="orange" wall="W3"/>
    <settlement colour="orange" vertex="C6.N" road="C6.NW"/>
    <settlement colour="white" vertex="C12.S" road="C12.SW"/>
    <settlement colour="blue" vertex="C10.N" road="C10.NW"/>
    <settlement colour="red" vertex="B8.S" road="B8.SW"/>
    <settlement colour="red" vertex="C8.S" road="C8.SW"/>
    <settlement colour="blue" vertex="D9.N" road="D9.NE"/>
    <settlement colour="white" vertex="C7.S" road="C7.SE"/>
    <settlement colour="orange" vertex="D5.N" road="D5.NE"/>)";
         return r;
       },
       {"CT-401@1"}},
  });
}

// CT-303, CT-304, CT-306, CT-401, CT-410, CT-906: the order of play, the set-up's gains and the
// claims are the state's; after a colour out of turn, play goes on from that colour, as the
// players went on.
TEST(CtComponents, TheOrderOfPlayIsKeptByTheState) {
  auto rule_of = [](const std::optional<Finding>& v) {
    return v ? std::string(v->rule) + ": " + v->message : std::string("-");
  };
  ct::Options snake;
  ASSERT_TRUE(ct::set_option(snake, "founding-order", "snake"));
  ct::State s(ct::modelled_board(), snake, seats(4));
  EXPECT_EQ(rule_of(s.fort_due(Colour::red)), "-");
  EXPECT_EQ(rule_of(s.fort_due(Colour::white)),
            "CT-303: the 2nd border fort is blue's (forts go clockwise from the starting "
            "player), not white's");
  EXPECT_FALSE(s.forts_placed());
  EXPECT_EQ(s.founding_missing(), (std::vector<Colour>{Colour::white, Colour::orange}));
  EXPECT_EQ(rule_of(s.fort_due(Colour::white)), "-");
  EXPECT_EQ(rule_of(s.fort_due(Colour::orange)), "-");
  EXPECT_TRUE(s.forts_placed());
  EXPECT_EQ(rule_of(s.fort_due(Colour::red)),
            "CT-303: every border fort is placed; red's second fort is out of turn");
  bool round_b = true;
  EXPECT_EQ(rule_of(s.founding_due(Colour::orange, round_b)), "-");
  EXPECT_FALSE(round_b);
  EXPECT_EQ(rule_of(s.founding_due(Colour::red, round_b)),
            "CT-304: the 2nd founding settlement is white's (founding-order = snake order), not "
            "red's");
  for (Colour c : {Colour::blue, Colour::red, Colour::red, Colour::blue, Colour::white})
    EXPECT_EQ(rule_of(s.founding_due(c, round_b)), "-") << ct::name(c);
  EXPECT_TRUE(round_b);
  EXPECT_FALSE(s.founding_complete());
  EXPECT_EQ(s.founding_missing(), (std::vector<Colour>{Colour::orange}));
  EXPECT_EQ(rule_of(s.founding_due(Colour::orange, round_b)), "-");
  EXPECT_TRUE(s.founding_complete());
  // CT-306: a <gain> stands only after its colour's round-B settlement.
  s.set_gains_given(true);
  ct::Violations gain = s.gain(Colour::red, {});
  ASSERT_EQ(gain.size(), 1u);
  EXPECT_EQ(rule_of(gain.front()),
            "CT-306: a <gain> for red comes directly after red's round-B settlement, and only "
            "there");
  EXPECT_EQ(rule_of(s.gain_missing()), "-");
  // CT-906: claims are judged against the VP recomputed (no piece is on this board).
  EXPECT_EQ(rule_of(s.claim_fault(Colour::red, 0)), "-");
  EXPECT_EQ(rule_of(s.claim_fault(Colour::red, 2)),
            "CT-906: red is claimed to have 2 VP here, recomputed 0 (nothing)");
  EXPECT_EQ(rule_of(s.claim_fault(Colour::green, 0)),
            "CT-906: a claim for green, who is not playing");
  EXPECT_EQ(rule_of(s.final_fault(Colour::blue, 1)),
            "CT-906: blue's final VP are claimed 1, recomputed 0 (nothing)");
  EXPECT_EQ(rule_of(s.final_fault(Colour::brown, 1)),
            "CT-906: a final claim for brown, who is not playing");

  EXPECT_EQ(s.next_turn(), Colour::red);
  EXPECT_EQ(rule_of(s.special_due(Colour::blue)),
            "CT-410: a special building phase with 4 players; it belongs to the 6-player game");
  EXPECT_EQ(rule_of(s.turn_due(Colour::white, 1)),
            "CT-401: the first turn is red's (first-turn = fort-starter), not white's");
  EXPECT_EQ(s.next_turn(), Colour::orange);
  EXPECT_EQ(rule_of(s.turn_due(Colour::orange, 2)), "-");
  EXPECT_EQ(rule_of(s.turn_due(Colour::blue, 3)),
            "CT-401: turn 3 is red's (turns go clockwise), not blue's");

  ct::State six(ct::modelled_board(), {}, seats(6));
  EXPECT_EQ(rule_of(six.special_due(Colour::blue)),
            "CT-410: a special building phase before the first turn; the phases follow a turn");
  EXPECT_EQ(rule_of(six.turn_due(Colour::red, 1)), "-");
  EXPECT_EQ(rule_of(six.special_due(Colour::red)),
            "CT-410: red has just had its turn and takes no special building phase after it");
  EXPECT_EQ(rule_of(six.special_due(Colour::white)), "-");
  EXPECT_EQ(rule_of(six.special_due(Colour::blue)),
            "CT-410: blue's special building phase is out of order: the phases go clockwise "
            "from the left of red, each colour at most once");
  EXPECT_EQ(rule_of(six.special_due(Colour::brown)), "-");
  EXPECT_EQ(six.next_turn(), Colour::blue);
}

// CT-403: a 7 has no production and no Hun advance; any other total moves the Huns first and
// then produces. CT-509: a hex holding a Hun produces nothing.
TEST(CtComponents, RollResolutionAndOccupiedLand) {
  // After turn 5 a Hun stands on A12 (forest 11), which touches white's fort at A11.NE; the 11
  // pays red wool from B8 and white brick from D11.
  auto eleven = [](std::string echoes) {
    return [echoes] {
      return rec(ct_plus(ct_doc_turns(), "<turn colour=\"blue\"><roll d1=\"5\" d2=\"6\">" + echoes +
                                             "</roll></turn>"));
    };
  };
  run_cases({
      {"CT-509 the occupied forest gives white nothing",
       eleven(R"(<produce colour="red" cards="wool"/><produce colour="white" cards="brick"/>)"),
       {}},
      {"CT-509 an echo paying white from the occupied forest breaks CT-404",
       eleven(
           R"(<produce colour="red" cards="wool"/><produce colour="white" cards="brick lumber"/>)"),
       {"CT-404@6"}},
      {"CT-403 a 7 produces nothing",
       [] {
         CtTurns t = ct_upto(ct_doc_turns(), 2);
         t[1] = ct_replace(t[1], R"(<roll d1="3" d2="4"/>)",
                           R"(<roll d1="3" d2="4"><produce colour="red" cards="ore"/></roll>)");
         return rec(t);
       },
       {"CT-404@2"}},
      {"CT-403 a 7 moves no Hun",
       [] {
         CtTurns t = ct_upto(ct_doc_turns(), 2);
         t[1] = ct_replace(t[1], R"(<roll d1="3" d2="4"/>)",
                           R"(<roll d1="3" d2="4"><advance from="I" to="F6"/></roll>)");
         return rec(t);
       },
       {"CT-503@2"}},
      {"CT-403 the advance and breach come before production",
       [] {
         return rec(ct_with(
             ct_doc_turns(), 5,
             R"(<turn colour="red"><roll d1="5" d2="3"><advance from="I" to="F6"/><breach field="F6"><occupy hex="A12"/></breach><produce colour="blue" cards="grain"/><produce colour="white" cards="brick"/><produce colour="orange" cards="ore"/></roll></turn>)"));
       },
       {}},
  });
  // Without echoes: white receives no lumber from the 11.
  Replayed r = replay(
      rec(ct_plus(ct_doc_turns(), R"(<turn colour="blue"><roll d1="5" d2="6"/></turn>)")).str());
  ASSERT_TRUE(r.outcome.state.has_value());
  ASSERT_GE(r.outcome.snapshots.size(), 7u);
  const auto& before = *r.outcome.snapshots[5].state;
  const auto& after = *r.outcome.snapshots[6].state;
  EXPECT_EQ(before.player(Colour::white).hand[ix(static_cast<int>(Resource::lumber))],
            after.player(Colour::white).hand[ix(static_cast<int>(Resource::lumber))]);
  EXPECT_EQ(after.player(Colour::red).hand[ix(static_cast<int>(Resource::wool))],
            before.player(Colour::red).hand[ix(static_cast<int>(Resource::wool))] + 1);
}

// CT-502/CT-503/CT-506/CT-507/CT-508: the Hun drawn in turn 4 waits on place I, advances to F6
// on the 8 of turn 5 and breaches W6 at level 0: one Hun on A12, W6 stays at 0, white takes a
// malus chip, the breach count is 1.
TEST(CtComponents, BreachEffects) {
  Replayed r = replay(rec(ct_doc_turns()).str());
  ASSERT_TRUE(r.outcome.state.has_value());
  ASSERT_EQ(r.outcome.snapshots.size(), 6u);
  const auto& board = r.outcome.state->board();
  const auto& t4 = *r.outcome.snapshots[4].state;
  const auto& t5 = *r.outcome.snapshots[5].state;
  int place_i = board.gathering_of(0);
  EXPECT_EQ(t4.place_huns(place_i), 1);  // CT-502, CT-608: drawn with the settlement
  EXPECT_EQ(t4.bag(0), 6);
  EXPECT_EQ(t5.place_huns(place_i), 0);
  EXPECT_EQ(t5.field_huns(board.find_field("F6")), 0);  // CT-506 step 1: the field is empty
  EXPECT_EQ(t5.hex_huns(board.find_hex("A12")), 1);     // CT-507/CT-508: the forest first
  EXPECT_EQ(t5.wall_level(board.find_wall("W6")), 0);   // CT-506 step 2: stays at 0
  EXPECT_EQ(t5.player(Colour::white).malus, 1);         // CT-506 step 3: even at level 0
  EXPECT_EQ(t5.breaches(), 1);                          // CT-506 step 4
  EXPECT_EQ(t5.vp(Colour::white), 2);
}

// CT-510: a Hun goes back to the bag only by knight action B, which names its numeral; CT-1004:
// the numeral needs a Hun of it outside the bag, or the chase breaks CT-803.
TEST(CtComponents, HunsReturnOnlyByTheKnight) {
  auto knight = [](std::string actions) {
    return [actions] {
      return rec(ct_plus(ct_turns9(), "<turn colour=\"blue\"><play-card card=\"knight\">" +
                                          actions +
                                          "</play-card><roll d1=\"1\" d2=\"1\"/></turn>"));
    };
  };
  run_cases({
      {"CT-510 a Hun chased from A12 under numeral I",
       knight(R"(<chase-hun hex="A12" numeral="I"/>)"),
       {}},
      {"CT-1004 a Hun chased under numeral II, all of which are in the bag",
       knight(R"(<chase-hun hex="A12" numeral="II"/>)"),
       {"CT-803@10"}},
      {"CT-1004 a Hun chased under numeral IV, not in play with 4 players",
       knight(R"(<chase-hun hex="A12" numeral="IV"/>)"),
       {"CT-803@10"}},
  });
  Replayed r = replay(knight(R"(<chase-hun hex="A12" numeral="I"/>)")().str());
  ASSERT_GE(r.outcome.snapshots.size(), 11u);
  const auto& s = *r.outcome.snapshots[10].state;
  EXPECT_EQ(s.bag(0), 7);
  EXPECT_EQ(s.hex_huns(s.board().find_hex("A12")), 0);
}

// CT-1004: a draw of a numeral with no Hun of it left in the bag breaks CT-501.
TEST(CtComponents, BagCountsAreExact) {
  std::string board =
      ct_replace(ct_replace(read_source_file("lib/catan_great_wall/data/great-wall-modelled.xml"),
                            R"(modelled="true">)", R"(modelled="true" huns-per-numeral="1">)"),
                 R"(<?xml version="1.0" encoding="UTF-8"?>)", "");
  auto game = [board](std::string numeral) {
    return [board, numeral] {
      CtTurns t = ct_upto(ct_doc_turns(), 4);
      t[3] = ct_replace(t[3], R"(<hun numeral="I"/>)", "<hun numeral=\"" + numeral + "\"/>");
      CtRecord r = rec(t);
      r.board = "<board>" + board + "</board>";
      return r;
    };
  };
  run_cases({
      {"CT-1004 the only Hun of numeral II", game("II"), {}},
  });
}

// CT-704: no trade before the roll (CT-402) or in a special building phase (CT-410).
TEST(CtComponents, TradeTiming) {
  run_cases({
      {"CT-704 a trade before the roll breaks CT-402",
       [] {
         return rec(ct_plus(
             ct_doc_turns(),
             R"(<turn colour="blue"><trade with="red" give="grain" get="ore"/><roll d1="1" d2="1"/></turn>)"));
       },
       {"CT-402@6"}},
      {"CT-704 a maritime trade in a special building phase breaks CT-410",
       [] {
         CtRecord r;
         r.players = kCtPlayers6;
         r.setup = kCtSetup6;
         r.turns = {
             R"(<turn colour="red"><roll d1="1" d2="5"/></turn>)",
             R"(<special colour="blue"><bank give="brick brick brick brick" get="ore"/></special>)"};
         return r;
       },
       {"CT-410@1"}},
  });
}

ct::PlaceRef place(const ct::Board& b, const std::string& text, bool vertex) {
  ct::PlaceRef p;
  auto dot = text.find('.');
  p.text = text;
  p.hex = b.find_hex(text.substr(0, dot));
  auto part = text.substr(dot + 1);
  p.index =
      vertex ? b.corner(p.hex, *ct::parse_corner(part)) : b.side(p.hex, *ct::parse_side(part));
  return p;
}

ct::CardList card_list(std::vector<Resource> cards) {
  ct::CardList l;
  for (Resource r : cards) {
    l.cards[ix(static_cast<int>(r))]++;
    l.order.push_back(r);
  }
  return l;
}

// CT-703: a harbour works in the turn its settlement is built, and not before. Driven through
// the engine: the example's set-up, then orange's turns collect cards and build at D5.SE, on the
// brick harbour of E6.
TEST(CtComponents, HarbourWorksInTheTurnItsSettlementIsBuilt) {
  auto board = ct::modelled_board();
  const auto& b = *board;
  for (bool trade_first : {true, false}) {
    SCOPED_TRACE(trade_first ? "trade before the settlement" : "trade after it");
    ct::State s(board, {}, seats(4));
    EXPECT_TRUE(s.place_fort(Colour::red, b.find_wall("W4")).empty());
    EXPECT_TRUE(s.place_fort(Colour::blue, b.find_wall("W5")).empty());
    EXPECT_TRUE(s.place_fort(Colour::white, b.find_wall("W6")).empty());
    EXPECT_TRUE(s.place_fort(Colour::orange, b.find_wall("W3")).empty());
    struct F {
      Colour c;
      const char* v;
      const char* r;
    };
    const F founding[] = {{Colour::orange, "C6.N", "C6.NW"}, {Colour::red, "B8.S", "B8.SW"},
                          {Colour::blue, "C10.N", "C10.NW"}, {Colour::white, "C12.S", "C12.SW"},
                          {Colour::white, "C7.S", "C7.SE"},  {Colour::blue, "D9.N", "D9.NE"},
                          {Colour::red, "C8.S", "C8.SW"},    {Colour::orange, "D5.N", "D5.NE"}};
    for (int i = 0; i < 8; ++i) {
      ct::Cards gained{};
      EXPECT_TRUE(s.place_founding(founding[i].c, place(b, founding[i].v, true),
                                   place(b, founding[i].r, false), i >= 4, gained)
                      .empty());
    }
    // Rolls of 6 (brick from A5 through the fort), 4 (2 lumber from C6), 5 (wool from D5) and
    // 10 (grain from C5); no Hun is on the board yet.
    int seq = 0;
    for (auto [d1, d2] : {std::pair{3, 3}, {3, 3}, {3, 3}, {3, 3}, {2, 2}, {2, 3}, {5, 5}}) {
      s.begin_turn(Colour::orange, ++seq);
      ct::RollResult rr;
      EXPECT_TRUE(s.roll(d1, d2, rr).empty());
      EXPECT_TRUE(s.end_element().empty());
    }
    ASSERT_GE(s.player(Colour::orange).hand[ix(static_cast<int>(Resource::brick))], 4);
    s.begin_turn(Colour::orange, ++seq);
    ct::RollResult rr;
    EXPECT_TRUE(s.roll(2, 2, rr).empty());
    auto two_bricks = [&] {
      return s.maritime(card_list({Resource::brick, Resource::brick}), card_list({Resource::ore}));
    };
    ct::Violations early;
    if (trade_first) early = two_bricks();
    EXPECT_TRUE(s.road(place(b, "D5.E", false)).empty());
    EXPECT_TRUE(s.settlement(place(b, "D5.SE", true), {ct::HunDraw{0, {}}}).empty());
    EXPECT_TRUE(s.has_harbour(Colour::orange, Resource::brick));
    if (trade_first) {
      ASSERT_EQ(early.size(), 1u);
      EXPECT_EQ(early[0].rule, "CT-702");
    } else {
      EXPECT_TRUE(two_bricks().empty());
    }
  }
}

// CT-801/CT-609: a purchase pays wool, grain and ore and takes a card from the deck; CT-1003: a
// VP card named at purchase counts at once; CT-1006: cards revealed in the end count for the
// final VP.
TEST(CtComponents, CardsBoughtAndVictoryPointCards) {
  const char* buy =
      R"(<turn colour="blue"><roll d1="1" d2="2"/><buy-card card="victory-point"/><claim colour="blue" vp="4"/></turn>)";
  const char* unnamed =
      R"(<turn colour="blue"><roll d1="1" d2="2"/><buy-card/><claim colour="blue" vp="3"/></turn>)";
  const char* finals =
      R"(<final colour="red" vp="3"/><final colour="blue" vp="4"/><final colour="white" vp="2"/><final colour="orange" vp="4"/>)";
  run_cases({
      {"CT-1003 a VP card named at purchase counts at once",
       [buy] { return rec(ct_plus(ct_doc_turns(), buy)); },
       {}},
      {"CT-1003 an unnamed card counts for nothing until named",
       [unnamed] { return rec(ct_plus(ct_doc_turns(), unnamed)); },
       {}},
      {"CT-1006 a card revealed in the end counts for the final VP",
       [unnamed, finals] {
         return rec(ct_plus(ct_doc_turns(), unnamed), "",
                    std::string(R"(<reveal colour="blue" card="victory-point"/>)") + finals);
       },
       {}},
      {"CT-1006 without the reveal the final claim differs",
       [unnamed, finals] { return rec(ct_plus(ct_doc_turns(), unnamed), "", finals); },
       {"CT-906@0"}},
      {"CT-801 a purchase without ore breaks CT-602",
       [] {
         return rec(
             ct_plus(ct_doc_turns(),
                     R"(<turn colour="blue"><roll d1="1" d2="2"/><buy-card/><buy-card/></turn>)"));
       },
       {"CT-602@6"}},
  });
  Replayed r = replay(rec(ct_plus(ct_doc_turns(), buy)).str());
  ASSERT_GE(r.outcome.snapshots.size(), 7u);
  const auto& s6 = *r.outcome.snapshots[6].state;
  EXPECT_EQ(s6.cards_bought(), 1);
  EXPECT_EQ(s6.cards_named(DevCard::victory_point), 1);
  EXPECT_EQ(s6.vp_breakdown(Colour::blue).vp_cards, 1);
}

// ---- invariants over generated legal games ---------------------------------------------------

// After every turn of legal games: CT-103 (cards are conserved between bank and hands), CT-102
// (supplies), CT-104 (purchases within the deck), CT-206 (levels 0-5, owners are the forts'),
// CT-504 (five Huns a field at most), CT-511 (Huns conserved), CT-509/CT-510 (Huns only on land),
// CT-506 (one malus chip per breach), CT-804 (Largest Army), CT-901 (the VP formula), CT-902
// (Longest Road), CT-904 (the breach count within the limit).
TEST(CtComponents, InvariantsAfterEveryTurnOfGeneratedGames) {
  int games = 0, largest_army_seen = 0, longest_road_seen = 0, breaches_seen = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    CtGeneratorOptions o;
    o.unfinished = false;
    o.echoes = seed % 2 == 0;
    CtGeneratedGame g = generate_ct_game(seed, o);
    Replayed r = replay(g.xml);
    ASSERT_TRUE(r.outcome.state.has_value()) << g.description;
    ++games;
    for (const auto& snap : r.outcome.snapshots) {
      SCOPED_TRACE(fmt::format("seed {} {}", seed, snap.label));
      const ct::State& s = *snap.state;
      const ct::Board& b = s.board();
      int players = s.players();
      // CT-103
      for (int res = 0; res < ct::kResources; ++res) {
        int sum = s.bank()[ix(res)];
        for (Colour c : s.seats())
          sum += s.player(c).hand[ix(res)];
        EXPECT_EQ(sum, players == 6 ? 24 : 19);
        EXPECT_GE(s.bank()[ix(res)], 0);
      }
      // CT-104
      EXPECT_LE(s.cards_bought(), s.deck_size());
      for (int d = 0; d < ct::kDevCards; ++d)
        EXPECT_LE(s.cards_named(static_cast<DevCard>(d)), s.deck_count(static_cast<DevCard>(d)));
      // CT-511, CT-504, CT-509, CT-510
      int huns = s.bag_total();
      for (std::size_t gi = 0; gi < b.gatherings.size(); ++gi)
        huns += s.place_huns(static_cast<int>(gi));
      for (std::size_t f = 0; f < b.fields.size(); ++f) {
        huns += s.field_huns(static_cast<int>(f));
        EXPECT_LE(s.field_huns(static_cast<int>(f)), 5);
      }
      for (std::size_t h = 0; h < b.hexes.size(); ++h) {
        huns += s.hex_huns(static_cast<int>(h));
        if (s.hex_huns(static_cast<int>(h))) {
          EXPECT_TRUE(b.hexes[h].land());
        }
      }
      EXPECT_EQ(huns, s.huns_in_play());
      for (int n = 0; n < ct::kNumerals; ++n)
        EXPECT_LE(s.bag(n), s.numeral_in_play(n) ? b.huns_per_numeral : 0);
      // CT-206, CT-506, CT-904
      int malus = 0;
      for (std::size_t w = 0; w < b.walls.size(); ++w) {
        int level = s.wall_level(static_cast<int>(w));
        EXPECT_GE(level, 0);
        EXPECT_LE(level, 5);
        if (auto owner = s.wall_owner(static_cast<int>(w))) {
          EXPECT_EQ(s.player(*owner).wall, static_cast<int>(w));
        }
      }
      for (Colour c : s.seats())
        malus += s.player(c).malus;
      EXPECT_EQ(malus, s.breaches());
      EXPECT_LE(s.breaches(), s.breach_limit());
      breaches_seen += s.breaches() > 0;
      // CT-102, CT-901, CT-902, CT-804
      int most_knights = 0, longest = 0;
      for (Colour c : s.seats()) {
        most_knights = std::max(most_knights, s.player(c).knights);
        longest = std::max(longest, s.road_length(c));
      }
      for (Colour c : s.seats()) {
        const auto& p = s.player(c);
        EXPECT_GE(s.supply_settlements(c), 0);
        EXPECT_GE(s.supply_cities(c), 0);
        EXPECT_GE(s.supply_roads(c), 0);
        int vp_cards = 0;
        for (const auto& d : p.devs)
          vp_cards += d.type == DevCard::victory_point;
        int lr = s.longest_road() == c ? 2 : 0, la = s.largest_army() == c ? 1 : 0;
        EXPECT_EQ(s.vp(c), p.settlements + 2 * p.cities + lr + la + vp_cards - p.malus);
        EXPECT_EQ(p.road_length, s.road_length(c));
      }
      if (auto la = s.largest_army()) {
        ++largest_army_seen;
        EXPECT_GE(s.player(*la).knights, 3);
        EXPECT_EQ(s.vp_breakdown(*la).largest_army, 1);  // CT-106, CT-804: 1 VP here
      }
      if (auto lr = s.longest_road()) {
        ++longest_road_seen;
        EXPECT_GE(s.road_length(*lr), 5);
        EXPECT_EQ(s.road_length(*lr), longest);
      }
    }
  }
  EXPECT_EQ(games, 40);
  EXPECT_GT(largest_army_seen, 0);
  EXPECT_GT(longest_road_seen, 0);
  EXPECT_GT(breaches_seen, 0);
}

}  // namespace
}  // namespace wallaudit::test

namespace wallaudit::test {
namespace {

// CT-902: road length is the longest trail of own roads; a closed loop counts in full, vertices
// may repeat, another colour's building stops a trail (but may be its end), and the card goes
// to the unique longest road of 5 or more, or is set aside. Driven through the engine; the
// placements ignore costs and connections, which do not matter here.
TEST(CtComponents, LongestRoadTrails) {
  auto board = ct::modelled_board();
  const auto& b = *board;
  ct::State s(board, {}, seats(4));
  int c9 = b.find_hex("C9");
  int north = b.corner(c9, 0), south = b.corner(c9, 3);
  auto ref = [&](int index) {
    ct::PlaceRef p;
    p.hex = c9;
    p.index = index;
    return p;
  };
  s.begin_turn(Colour::red, 1);
  ct::RollResult rr;
  EXPECT_TRUE(s.roll(1, 1, rr).empty());
  for (int side = 0; side < 6; ++side)
    s.road(ref(b.side(c9, side)));
  EXPECT_EQ(s.road_length(Colour::red), 6);  // the loop around C9
  EXPECT_EQ(s.longest_road(), Colour::red);
  EXPECT_EQ(s.vp_breakdown(Colour::red).longest_road, 2);
  int spur = -1;
  for (int e : b.vertex(north).edges) {
    bool side_of_c9 = false;
    for (int side = 0; side < 6; ++side)
      side_of_c9 = side_of_c9 || b.side(c9, side) == e;
    if (e >= 0 && !side_of_c9 && b.edge_on_board(e, 4)) spur = e;
  }
  ASSERT_GE(spur, 0);
  s.road(ref(spur));
  EXPECT_EQ(s.road_length(Colour::red), 7);  // the spur, then once round the loop
  EXPECT_TRUE(s.end_element().empty());
  // Blue's settlement at C9.S: a trail may end there but not pass; N to N round the loop is 6.
  s.begin_turn(Colour::blue, 2);
  EXPECT_TRUE(s.roll(1, 1, rr).empty());
  s.settlement(ref(south), {ct::HunDraw{0, {}}});
  EXPECT_EQ(s.road_length(Colour::red), 6);
  EXPECT_EQ(s.longest_road(), Colour::red);
  // A second one at C9.N cuts the loop into two arcs of 3.
  s.settlement(ref(north), {ct::HunDraw{0, {}}});
  EXPECT_EQ(s.road_length(Colour::red), 3);
  EXPECT_FALSE(s.longest_road().has_value());  // set aside: nobody has 5
  EXPECT_EQ(s.vp_breakdown(Colour::red).longest_road, 0);
}

// CT-902 on a dense network: the 15 sides of three mutually adjacent hexes (C9, C10, D9) have
// four vertices of odd degree, so the longest trail leaves out one inner road: 14. The search
// stays quick although the network has many cycles.
TEST(CtComponents, LongestRoadOnADenseNetwork) {
  auto board = ct::modelled_board();
  const auto& b = *board;
  ct::State s(board, {}, seats(4));
  s.begin_turn(Colour::blue, 1);
  ct::RollResult rr;
  EXPECT_TRUE(s.roll(1, 1, rr).empty());
  std::set<int> edges;
  for (const char* id : {"C9", "C10", "D9"})
    for (int side = 0; side < 6; ++side)
      edges.insert(b.side(b.find_hex(id), side));
  ASSERT_EQ(edges.size(), 15u);
  for (int e : edges) {
    ct::PlaceRef p;
    p.hex = b.find_hex("C9");
    p.index = e;
    s.road(p);
  }
  EXPECT_EQ(s.player(Colour::blue).roads, 15);
  EXPECT_EQ(s.road_length(Colour::blue), 14);
  EXPECT_EQ(s.longest_road(), Colour::blue);
}

// CT-902 over random networks: the search that starts only where a longest trail can start
// (an odd number of own roads, another colour's building, or anywhere on a closed network)
// finds what a search from both ends of every road finds. The networks grow from their roads,
// so that they branch and close loops, and settlements of every colour cut them.
TEST(CtComponents, LongestRoadAgreesWithASearchFromEveryRoad) {
  auto board = ct::modelled_board();
  const auto& b = *board;
  const std::vector<Colour> order = seats(4);
  std::vector<int> free_edges, free_vertices;
  for (int e = 0; e < b.edge_count(); ++e)
    if (b.edge_on_board(e, 4)) free_edges.push_back(e);
  for (int v = 0; v < b.vertex_count(); ++v)
    if (b.vertex_on_board(v, 4)) free_vertices.push_back(v);
  int compared = 0, loops = 0, cut = 0, longest = 0;
  for (unsigned seed = 1; seed <= 60; ++seed) {
    SCOPED_TRACE(fmt::format("seed {}", seed));
    std::mt19937 rng(seed);
    auto pick = [&](std::size_t n) {
      return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    };
    ct::State s(board, {}, order);
    std::vector<int> owner(ix(b.edge_count()), -1);
    std::vector<char> built(ix(b.vertex_count()), 0);
    // The reference: every road, in both directions.
    auto reference = [&](Colour c) {
      const int col = static_cast<int>(c);
      std::vector<char> used(owner.size(), 0);
      int best = 0;
      std::function<void(int, int)> walk = [&](int v, int length) {
        best = std::max(best, length);
        auto o = s.vertex_owner(v);
        if (o && *o != c) return;
        for (int e : b.vertex(v).edges) {
          if (e < 0 || owner[ix(e)] != col || used[ix(e)]) continue;
          used[ix(e)] = 1;
          walk(b.edge(e).a == v ? b.edge(e).b : b.edge(e).a, length + 1);
          used[ix(e)] = 0;
        }
      };
      for (int e = 0; e < b.edge_count(); ++e) {
        if (owner[ix(e)] != col) continue;
        for (int start : {b.edge(e).a, b.edge(e).b}) {
          used[ix(e)] = 1;
          walk(start == b.edge(e).a ? b.edge(e).b : b.edge(e).a, 1);
          used[ix(e)] = 0;
        }
      }
      return best;
    };
    for (int turn = 1; turn <= 32; ++turn) {
      const Colour c = order[ix(turn % 4)];
      const int col = static_cast<int>(c);
      s.begin_turn(c, turn);
      ct::RollResult rr;
      s.roll(1, 1, rr);
      const int roads = 1 + static_cast<int>(pick(3));
      for (int k = 0; k < roads; ++k) {
        // Mostly a free road touching one of the colour's own, else any free road.
        std::vector<int> next;
        for (int e : free_edges) {
          if (owner[ix(e)] >= 0) continue;
          for (int v : {b.edge(e).a, b.edge(e).b})
            for (int f : b.vertex(v).edges)
              if (f >= 0 && owner[ix(f)] == col) next.push_back(e);
        }
        if (next.empty() || pick(5) == 0) {
          for (int e : free_edges)
            if (owner[ix(e)] < 0) next.push_back(e);
        }
        if (next.empty()) break;
        const int e = next[pick(next.size())];
        ct::PlaceRef ref;
        ref.hex = 0;
        ref.index = e;
        const int before = s.player(c).roads;
        s.road(ref);
        if (s.player(c).roads == before) break;  // the supply of roads is spent
        owner[ix(e)] = col;
      }
      if (pick(3) == 0) {
        std::vector<int> open;
        for (int v : free_vertices)
          if (!built[ix(v)]) open.push_back(v);
        const int v = open[pick(open.size())];
        ct::PlaceRef ref;
        ref.hex = 0;
        ref.index = v;
        s.settlement(ref, {ct::HunDraw{0, {}}});
        built[ix(v)] = 1;
        if (s.vertex_owner(v) == c) {  // else the supply of settlements is spent
          for (int e : b.vertex(v).edges)
            cut += e >= 0 && owner[ix(e)] >= 0 && owner[ix(e)] != col;
        }
      }
      for (Colour x : order) {
        const int expected = reference(x);
        ASSERT_EQ(s.road_length(x), expected) << name(x) << " on turn " << turn;
        longest = std::max(longest, expected);
        ++compared;
        int roads_of_x = 0;
        for (int o : owner)
          roads_of_x += o == static_cast<int>(x);
        loops += expected == roads_of_x && roads_of_x >= 6;
      }
      s.end_element();
    }
  }
  EXPECT_EQ(compared, 60 * 32 * 4);
  // The networks were rich enough to mean something: some cut by other colours' buildings,
  // some long, some whose longest trail takes every road (loops with their spurs included).
  EXPECT_GT(cut, 0);
  EXPECT_GE(longest, 8);
  EXPECT_GT(loops, 0);
}

// CT-902: an own building never breaks a trail.
TEST(CtComponents, OwnBuildingsDoNotBreakATrail) {
  auto board = ct::modelled_board();
  const auto& b = *board;
  ct::State s(board, {}, seats(4));
  int c9 = b.find_hex("C9");
  auto ref = [&](int index) {
    ct::PlaceRef p;
    p.hex = c9;
    p.index = index;
    return p;
  };
  s.begin_turn(Colour::red, 1);
  ct::RollResult rr;
  EXPECT_TRUE(s.roll(1, 1, rr).empty());
  for (int side = 0; side < 5; ++side)
    s.road(ref(b.side(c9, side)));
  s.settlement(ref(b.corner(c9, 3)), {ct::HunDraw{0, {}}});
  EXPECT_EQ(s.road_length(Colour::red), 5);
  EXPECT_EQ(s.longest_road(), Colour::red);
}

}  // namespace
}  // namespace wallaudit::test

namespace wallaudit::test {
namespace {

// CT-903: the active player wins the moment they have 10 VP in their own turn; VP reached in a
// special building phase win only at the start of their next turn. Driven through the engine;
// costs and connections are ignored (placements are applied, their faults do not matter here).
TEST(CtComponents, VictoryTiming) {
  auto board = ct::modelled_board();
  const auto& b = *board;
  auto vertex = [&](const char* text) {
    std::string t = text;
    ct::PlaceRef p;
    p.hex = b.find_hex(t.substr(0, t.find('.')));
    p.index = b.corner(p.hex, *ct::parse_corner(t.substr(t.find('.') + 1)));
    return p;
  };
  int numeral = 0;
  auto hun = [&] { return std::vector<ct::HunDraw>{ct::HunDraw{numeral++ % 5, {}}}; };
  const char* spots[] = {"C5.N", "C7.N", "C9.N", "C11.N"};
  for (bool special : {false, true}) {
    SCOPED_TRACE(special ? "reached in a special building phase" : "reached in the own turn");
    ct::State s(board, {}, seats(6));
    ct::RollResult rr;
    s.begin_turn(Colour::red, 1);
    EXPECT_TRUE(s.roll(1, 1, rr).empty());
    for (const char* v : spots)
      s.settlement(vertex(v), hun());
    for (const char* v : spots)
      s.city(vertex(v), hun());
    EXPECT_EQ(s.vp(Colour::red), 8);
    if (!special) {
      s.settlement(vertex("D3.S"), hun());
      EXPECT_EQ(s.vp(Colour::red), 9);
      EXPECT_FALSE(s.over());
      s.settlement(vertex("D7.S"), hun());
      EXPECT_EQ(s.vp(Colour::red), 10);
      EXPECT_TRUE(s.over());
      EXPECT_EQ(s.winner(), Colour::red);
      continue;
    }
    s.end_element();
    s.begin_turn(Colour::blue, 2);
    EXPECT_TRUE(s.roll(1, 1, rr).empty());
    s.end_element();
    s.begin_special(Colour::red, 3);
    s.settlement(vertex("D3.S"), hun());
    s.settlement(vertex("D7.S"), hun());
    EXPECT_EQ(s.vp(Colour::red), 10);
    EXPECT_FALSE(s.over());  // no win in a special building phase
    s.end_element();
    s.begin_turn(Colour::white, 4);
    EXPECT_FALSE(s.over());  // nor in another player's turn
    EXPECT_TRUE(s.roll(1, 1, rr).empty());
    EXPECT_FALSE(s.over());
    s.end_element();
    s.begin_turn(Colour::red, 5);
    EXPECT_TRUE(s.over());  // at the start of red's own turn
    EXPECT_EQ(s.winner(), Colour::red);
  }
}

}  // namespace
}  // namespace wallaudit::test

namespace wallaudit::test {
namespace {

// CT-904/CT-905: the roll whose breach ends the game produces nothing; its echoes still belong to
// it, so a wrong one cites its echo rule (CT-404, CT-503), not CT-905; a build after it is CT-905.
TEST(CtComponents, EchoesOfTheRollThatEndsTheGame) {
  int tested = 0;
  for (std::uint64_t seed = 1; seed < 200 && tested < 3; ++seed) {
    CtGeneratorOptions o;
    o.unfinished = false;
    o.claims = false;
    o.wall_bias = 0.0;
    CtGeneratedGame g = generate_ct_game(seed, o);
    if (g.outcome != "huns") continue;
    ++tested;
    SCOPED_TRACE(g.description);
    auto at = g.xml.rfind("<roll ");
    ASSERT_NE(at, std::string::npos);
    auto close = g.xml.find('>', at);
    bool self_closing = g.xml[close - 1] == '/';
    auto with_echo = [&](const std::string& echo) {
      std::string x = g.xml;
      if (self_closing)
        x.replace(close - 1, 2, ">" + echo + "</roll>");
      else
        x.insert(x.find("</roll>", at), echo);
      return x;
    };
    auto first_rule = [&](const std::string& xml) {
      GameResult r = check_text(xml);
      auto rules = findings(r, FindingKind::rule);
      return rules.empty() ? std::string("none")
                           : fmt::format("{}@{}", rules.front()->rule, rules.front()->turn);
    };
    std::string turn = fmt::format("@{}", g.turns);
    EXPECT_EQ(first_rule(g.xml), "none");
    std::string someone = g.colours.front();
    EXPECT_EQ(first_rule(with_echo("<produce colour=\"" + someone + "\" cards=\"brick\"/>")),
              "CT-404" + turn);
    // An advance echo too many (where the roll lists its advances, or nothing at all: with
    // breaches listed but no advances, a new advance echo puts the breaches out of order).
    std::string roll = g.xml.substr(at, g.xml.find(self_closing ? "/>" : "</roll>", at) - at);
    if (self_closing || roll.find("<advance") != std::string::npos) {
      EXPECT_EQ(first_rule(with_echo(R"(<advance from="I" to="F6"/>)")), "CT-503" + turn);
    }
    std::string built = g.xml;
    auto end_of_roll = self_closing ? close + 1 : built.find("</roll>", at) + 7;
    built.insert(end_of_roll, R"(<wall-piece level="1"/>)");
    EXPECT_EQ(first_rule(built), "CT-905" + turn);
  }
  EXPECT_EQ(tested, 3);
}

}  // namespace
}  // namespace wallaudit::test

namespace wallaudit::test {
namespace {

// CT-803 under knight-actions = exactly-two: with no Hun on a place or on land only the pirate
// action (C) is possible, so C alone is enough; with a Hun on a place, C alone is too few.
TEST(CtComponents, ExactlyTwoKnightActionsWhereTwoArePossible) {
  auto board = ct::modelled_board();
  const auto& b = *board;
  ct::Options options;
  options.knight_actions = ct::KnightActions::exactly_two;
  for (bool hun_on_place : {false, true}) {
    SCOPED_TRACE(hun_on_place ? "a Hun waits on place I" : "no Hun anywhere");
    ct::State s(board, options, seats(4));
    ct::RollResult rr;
    s.begin_turn(Colour::red, 1);
    EXPECT_TRUE(s.roll(1, 1, rr).empty());
    s.buy_card(DevCard::knight);  // unpaid: CT-602, but the card is bought
    if (hun_on_place) {
      ct::PlaceRef p;
      p.hex = b.find_hex("C9");
      p.index = b.corner(p.hex, 0);
      s.settlement(p, {ct::HunDraw{0, {}}});
    }
    s.end_element();
    s.begin_turn(Colour::blue, 2);
    EXPECT_TRUE(s.roll(1, 1, rr).empty());
    s.end_element();
    s.begin_turn(Colour::red, 3);
    ct::Step knight;
    knight.kind = ct::StepKind::play_card;
    knight.dev = DevCard::knight;
    ct::KnightAction c;
    c.kind = ct::KnightAction::Kind::pirate;
    c.hex = b.find_hex("E10");
    knight.actions.push_back(c);
    ct::Violations v = s.play_card(knight);
    if (hun_on_place) {
      ASSERT_EQ(v.size(), 1u);
      EXPECT_EQ(v[0].rule, "CT-803");
    } else {
      EXPECT_TRUE(v.empty()) << v[0].rule << " " << v[0].message;
    }
  }
}

}  // namespace
}  // namespace wallaudit::test
