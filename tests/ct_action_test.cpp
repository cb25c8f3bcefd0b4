// The typed actions of "The Great Wall": the actions of every sample record, their canonical
// text, which reads back into the same action, and the messages for text that is not one.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "catan_great_wall/action.hpp"
#include "catan_great_wall/engine.hpp"
#include "catan_great_wall/legal.hpp"
#include "catan_great_wall/reader.hpp"
#include "catan_great_wall/rule_ids.hpp"
#include "catan_great_wall/writer.hpp"
#include "core/registry.hpp"
#include "core/xml.hpp"
#include "support/ct_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

using ct::Move;

struct Read {
  Diagnostics diagnostics;
  std::optional<ct::Record> record;
};

Read read(const std::string& xml) {
  Read out;
  auto doc = XmlDocument::parse(xml, out.diagnostics);
  if (!doc) return out;
  ct::BoardCatalogue catalogue = ct::make_catalogue({}, out.diagnostics);
  out.record = ct::read_record(*doc, catalogue, {}, out.diagnostics);
  return out;
}

std::vector<std::string> texts(const std::vector<PlacedAction>& actions) {
  std::vector<std::string> out;
  for (const auto& a : actions)
    out.push_back(a.action->text());
  return out;
}

// The example of the format: its set-up and first turn, action by action.
TEST(CtActions, TheExampleAsActions) {
  CtRecord r;
  r.turns = ct_upto(ct_doc_turns(), 1);
  Read in = read(r.str());
  ASSERT_TRUE(in.record.has_value());
  std::vector<std::string> got = texts(ct::record_actions(*in.record));
  std::vector<std::string> want = {
      "chance: seats red blue white orange",
      "red: fort W4",
      "blue: fort W5",
      "white: fort W6",
      "orange: fort W3",
      "orange: found C6.N road C6.NW",
      "red: found B8.S road B8.SW",
      "blue: found C10.N road C10.NW",
      "white: found C12.S road C12.SW",
      "white: found C7.S road C7.SE",
      "white: gain brick brick ore",
      "blue: found D9.N road D9.NE",
      "blue: gain lumber wool grain",
      "red: found C8.S road C8.SW",
      "red: gain lumber grain ore",
      "orange: found D5.N road D5.NE",
      "orange: gain lumber wool grain",
      "red: turn",
  };
  ASSERT_GE(got.size(), want.size());
  EXPECT_EQ(std::vector<std::string>(got.begin(), got.begin() + static_cast<long>(want.size())),
            want);
  EXPECT_EQ(got.back(), "red: end");
}

// Every action of every sample record that reads writes a text that reads back as the same
// action.
TEST(CtActions, EverySampleActionRoundTrips) {
  namespace fs = std::filesystem;
  int records = 0, actions = 0;
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(source_dir()) / "samples/catan-great-wall")) {
    if (entry.path().extension() != ".xml" || entry.path().parent_path().filename() == "boards")
      continue;
    std::ifstream file(entry.path());
    std::stringstream text;
    text << file.rdbuf();
    Read in = read(text.str());
    if (!in.record) continue;
    ++records;
    for (const PlacedAction& p : ct::record_actions(*in.record)) {
      ++actions;
      std::string error;
      std::string written = p.action->text();
      auto back = ct::parse_move(written, in.record->board, error);
      ASSERT_TRUE(back.has_value()) << entry.path() << ": " << written << ": " << error;
      EXPECT_EQ(back->text(), written) << entry.path();
      EXPECT_EQ(back->kind(), p.action->kind());
      EXPECT_EQ(back->actor(), p.action->actor());
      EXPECT_TRUE(p.loc.known()) << entry.path() << ": " << written;
    }
  }
  EXPECT_GT(records, 30);
  EXPECT_GT(actions, 1000);
}

// Actions of every kind, as text, read back unchanged.
TEST(CtActions, EveryKindRoundTrips) {
  Read in = read(CtRecord().str());
  ASSERT_TRUE(in.record.has_value());
  for (std::string text : {
           "red: fort W4",
           "orange: found C6.N road C6.NW hun I",
           "red: gain lumber grain ore",
           "red: gain",
           "red: turn",
           "green: special",
           "red: roll 3 4",
           "red: roll 6 5, advance II F3, breach F3 occupy A1 A2, produce white brick brick",
           "red: roll 1 1, breach F1, produce blue",
           "white: discard brick brick",
           "red: pirate E8",
           "red: steal blue wool",
           "red: trade blue give wool get grain grain",
           "red: trade blue give get grain",
           "red: bank give brick brick brick brick get ore",
           "red: road B8.SW",
           "red: settlement D12.S hun II",
           "red: city A8.NW hun III hun I",
           "red: city A8.NW",
           "red: wall-piece 2",
           "red: buy-card",
           "red: buy-card knight",
           "red: play knight, move-hun I II, chase-hun A12 I, pirate E8, steal blue wool",
           "red: play knight",
           "red: play road-building B8.SW C8.W",
           "red: play year-of-plenty grain ore",
           "red: play monopoly wool, give blue 2, give white 1",
           "red: play victory-point",
           "red: reveal knight",
           "white: claim 2",
           "red: end",
           "red: end-reveal victory-point",
           "red: final 10",
           "chance: outcome huns",
           "chance: outcome red",
           "chance: seats red blue white orange",
           "chance: seats red red blue",
       }) {
    std::string error;
    auto m = ct::parse_move(text, in.record->board, error);
    ASSERT_TRUE(m.has_value()) << text << ": " << error;
    EXPECT_EQ(m->text(), text);
    EXPECT_EQ(m->clone()->text(), text);
  }
}

TEST(CtActions, TextThatIsNoActionIsRefusedWithItsReason) {
  Read in = read(CtRecord().str());
  ASSERT_TRUE(in.record.has_value());
  struct Bad {
    std::string text, message;
  };
  for (const Bad& b : std::vector<Bad>{
           {"red wall", "\"red wall\" is not an action (ACTOR: KIND …)"},
           {"purple: turn", "\"purple\" is neither a colour nor \"chance\""},
           {"red: ", "\"red: \" names no kind of action"},
           {"red: wall 2A.W5", "\"wall\" is not a kind of action of The Great Wall"},
           {"chance: turn", "a turn is taken by a colour, not by chance"},
           {"red: outcome huns", "an outcome is claimed by chance, not by a colour"},
           {"red: seats red blue white orange", "the seats are chance's, not a colour's"},
           {"chance: seats", "\"chance: seats\" is not a well-formed seats action"},
           {"red: road Z9.SW", "\"red: road Z9.SW\" is not a well-formed road action"},
           {"red: roll 7 1", "\"red: roll 7 1\" is not a well-formed roll action"},
           {"red: settlement D12.S hun VI",
            "\"red: settlement D12.S hun VI\" is not a well-formed settlement action"},
           {"red: turn, roll 1 1", "\"red: turn, roll 1 1\" is not a well-formed turn action"},
           {"red: play victory-point wool",
            "\"red: play victory-point wool\" is not a well-formed play action"},
       }) {
    std::string error;
    EXPECT_FALSE(ct::parse_move(b.text, in.record->board, error).has_value()) << b.text;
    EXPECT_EQ(error, b.message);
  }
}

// Each finding as "RULE@turn", "(follow-on)" added where marked.
std::vector<std::string> verdict_of(const GameResult& result) {
  std::vector<std::string> out{fmt::format("verdict {}", static_cast<int>(result.verdict))};
  for (const auto& d : result.diagnostics.items())
    out.push_back(fmt::format("{}@{}{}", d.rule, d.turn, d.follow_on ? " (follow-on)" : ""));
  return out;
}

// Writing is the inverse of reading: every sample record that reads, written again from its
// head and its actions, reads into the same actions and checks with the same findings.
TEST(CtActions, WrittenRecordsReadBackIntoTheSameActions) {
  namespace fs = std::filesystem;
  int records = 0;
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(source_dir()) / "samples/catan-great-wall")) {
    if (entry.path().extension() != ".xml" || entry.path().parent_path().filename() == "boards")
      continue;
    std::ifstream file(entry.path());
    std::stringstream text;
    text << file.rdbuf();
    Read in = read(text.str());
    if (!in.record || in.record->board->origin != "built in") continue;
    ++records;
    std::vector<PlacedAction> placed = ct::record_actions(*in.record);
    std::vector<std::string> before = texts(placed);
    std::vector<ActionPtr> actions;
    for (PlacedAction& p : placed)
      actions.push_back(p.action->clone());
    std::string written = ct::write_record(*in.record, actions);
    Read again = read(written);
    ASSERT_TRUE(again.record.has_value()) << entry.path() << "\n" << written;
    EXPECT_EQ(texts(ct::record_actions(*again.record)), before) << entry.path();
    EXPECT_EQ(verdict_of(check_text(written)), verdict_of(check_text(text.str())))
        << entry.path() << "\n"
        << written;
  }
  EXPECT_GT(records, 30);
}

// Blue's turn 10 after its roll of 2 (support/ct_records): the engine's state there, and the
// record's head and actions up to that point.
struct AfterRoll {
  Read in;
  std::vector<PlacedAction> actions;  // ending with blue's roll
  std::optional<ct::State> state;
};

AfterRoll blue_after_roll(int d1 = 1, int d2 = 1, bool roll = true) {
  AfterRoll out;
  CtRecord r;
  r.turns = ct_plus(ct_turns9(),
                    fmt::format(R"(<turn colour="blue"><roll d1="{}" d2="{}"/></turn>)", d1, d2));
  out.in = read(r.str());
  if (!out.in.record) return out;
  out.actions = ct::record_actions(*out.in.record);
  out.actions.pop_back();  // blue's end
  ct::CheckerSettings settings;
  settings.keep_snapshots = true;
  Diagnostics ignored;
  ct::Outcome o = ct::replay_record(*out.in.record, settings, ignored);
  out.state = *o.snapshots.at(9).state;
  out.state->begin_turn(ct::Colour::blue, 10);
  ct::RollResult rr;
  if (roll) {
    EXPECT_TRUE(out.state->roll(d1, d2, rr).empty());
  }
  return out;
}

// Every action listed after the roll is legal where it stands: the record that goes on with
// it checks ok; and what breaks a rule there is not listed.
TEST(CtActions, WhatIsListedAfterTheRollIsLegal) {
  AfterRoll at = blue_after_roll();
  ASSERT_TRUE(at.state.has_value());
  LegalActions legal = ct::trade_build_actions(*at.state);
  std::vector<std::string> listed;
  for (const auto& a : legal.listed)
    listed.push_back(a->text());
  auto has = [&](const std::string& t) {
    return std::find(listed.begin(), listed.end(), t) != listed.end();
  };
  EXPECT_TRUE(has("blue: road D9.NW"));
  EXPECT_TRUE(has("blue: buy-card"));
  EXPECT_TRUE(has("blue: end"));
  EXPECT_FALSE(has("blue: road D12.SE"));              // CT-604
  EXPECT_FALSE(has("blue: road D9.NE"));               // CT-604: occupied
  EXPECT_FALSE(has("blue: settlement D12.S hun II"));  // CT-605
  EXPECT_FALSE(has("blue: wall-piece 2"));             // CT-607
  ASSERT_EQ(legal.described.size(), 1u);
  EXPECT_EQ(legal.described[0].kind, "trade");
  EXPECT_EQ(legal.described[0].bounds,
            "blue gives 1–9 of its cards for 1 or more cards of another playing colour, who "
            "gives only what it holds; never like for like");
  for (const auto& a : legal.listed) {
    SCOPED_TRACE(a->text());
    std::vector<ActionPtr> actions;
    for (const PlacedAction& p : at.actions)
      actions.push_back(p.action->clone());
    actions.push_back(a->clone());
    if (a->kind() != "end")
      actions.push_back(
          std::make_unique<Move>(at.in.record->board, ct::Colour::blue, Move::Kind::end));
    std::string written = ct::write_record(*at.in.record, actions);
    GameResult result = check_text(written);
    EXPECT_EQ(result.verdict, Verdict::ok) << written;
  }
}

// Repair hints rank the legal actions of the same kind by distance: a road on an occupied edge
// is nearest to the free edges of the same hex.
TEST(CtActions, TheNearestLegalRoadComesFirst) {
  AfterRoll at = blue_after_roll();
  ASSERT_TRUE(at.state.has_value());
  LegalActions legal = ct::trade_build_actions(*at.state);
  std::string error;
  auto wanted = ct::parse_move("blue: road D9.NE", at.in.record->board, error);
  ASSERT_TRUE(wanted.has_value()) << error;
  std::vector<std::pair<int, std::string>> ranked;
  for (const auto& a : legal.listed)
    ranked.emplace_back(wanted->distance(*a), a->text());
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  ASSERT_GE(ranked.size(), 3u);
  EXPECT_EQ(ranked[0].second, "blue: road D9.NW");
  EXPECT_EQ(ranked[0].first, 1);
  for (const auto& [d, text] : ranked)
    if (text.rfind("blue: road", 0) != 0) {
      EXPECT_GE(d, 1000) << text;
    }
  EXPECT_EQ(wanted->distance(*wanted), 0);
}

// Repair hints rank a knight's plays action by action: the same kind of action first, then the
// nearest hex, place, victim or card; a card of another type lies farther than any knight.
TEST(CtActions, TheNearestKnightPlayComesFirst) {
  AfterRoll before = blue_after_roll(1, 1, false);
  ASSERT_TRUE(before.state.has_value());
  const auto& board = before.in.record->board;
  LegalActions legal = ct::turn_actions(*before.state);
  auto ranked = [&](std::string_view text) {
    std::string error;
    auto wanted = ct::parse_move(text, board, error);
    EXPECT_TRUE(wanted.has_value()) << error;
    std::vector<std::pair<int, std::string>> out;
    for (const auto& a : legal.listed)
      if (a->text().rfind("blue: play ", 0) == 0) out.emplace_back(wanted->distance(*a), a->text());
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    return out;
  };
  // A Hun chased from A11, which holds none: from A12 next to it.
  auto chase = ranked("blue: play knight, chase-hun A11 I");
  ASSERT_GE(chase.size(), 3u);
  EXPECT_EQ(chase[0].second, "blue: play knight, chase-hun A12 I");
  EXPECT_EQ(chase[0].first, 2);
  EXPECT_EQ(chase[1].second, "blue: play knight");
  EXPECT_EQ(chase[2].second.rfind("blue: play knight, chase-hun A12 I, ", 0), 0u)
      << chase[2].second;
  // The pirate sent where it stands (E8): to the sea hexes on either side, the same steal.
  auto pirate = ranked("blue: play knight, pirate E8, steal red lumber");
  ASSERT_GE(pirate.size(), 3u);
  EXPECT_EQ(pirate[0].second, "blue: play knight, pirate E7, steal red lumber");
  EXPECT_EQ(pirate[1].second, "blue: play knight, pirate E9, steal red lumber");
  EXPECT_EQ(pirate[1].first, 1);
  EXPECT_GT(pirate[2].first, 1);
  // Another card lies farther than every knight.
  std::string error;
  auto wanted = ct::parse_move("blue: play knight, chase-hun A11 I", board, error);
  auto monopoly = ct::parse_move("blue: play monopoly wool", board, error);
  ASSERT_TRUE(wanted.has_value() && monopoly.has_value()) << error;
  EXPECT_GT(wanted->distance(*monopoly), chase.back().first) << chase.back().second;
}

std::vector<std::string> listed_texts(const LegalActions& legal) {
  std::vector<std::string> out;
  for (const auto& a : legal.listed)
    out.push_back(a->text());
  return out;
}

bool contains(const std::vector<std::string>& texts, const std::string& text) {
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

// Each decision of a turn lists what the engine accepts there: before the roll the 36 throws
// and the card blue may play; on a 7 first the discards of the colours holding more than 7
// cards, then the pirate.
TEST(CtActions, EachDecisionOfATurnListsItsOwnActions) {
  {
    AfterRoll before = blue_after_roll(1, 1, false);
    ASSERT_TRUE(before.state.has_value());
    LegalActions legal = ct::turn_actions(*before.state);
    std::vector<std::string> texts = listed_texts(legal);
    EXPECT_EQ(std::count_if(texts.begin(), texts.end(),
                            [](const std::string& t) { return t.rfind("blue: roll ", 0) == 0; }),
              36);
    EXPECT_TRUE(contains(texts, "blue: roll 3 4"));
    EXPECT_FALSE(contains(texts, "blue: road D9.NW"));  // CT-402: building comes after the roll
    EXPECT_FALSE(contains(texts, "blue: end"));         // CT-402: a turn has a roll
    EXPECT_TRUE(legal.described.empty());               // no trade before the roll (CT-402)
    // Blue's knight of turn 6, alone or with its actions: the chase from A12, the only hex
    // holding a Hun (no place holds one), and the pirate to any of 13 other sea hexes than E8
    // with a steal of any of 13 cards, in either order.
    EXPECT_EQ(std::count_if(texts.begin(), texts.end(),
                            [](const std::string& t) { return t.rfind("blue: play ", 0) == 0; }),
              2 + 3 * 13 * 13);
    EXPECT_TRUE(contains(texts, "blue: play knight"));
    EXPECT_TRUE(contains(texts, "blue: play knight, chase-hun A12 I"));
    EXPECT_TRUE(contains(texts, "blue: play knight, pirate A13, steal red lumber"));
    EXPECT_TRUE(contains(texts, "blue: play knight, chase-hun A12 I, pirate A13, steal red wool"));
    EXPECT_TRUE(contains(texts, "blue: play knight, pirate A13, steal red wool, chase-hun A12 I"));
    EXPECT_FALSE(contains(texts, "blue: play knight, chase-hun A12 I, chase-hun A12 I"));
    EXPECT_FALSE(contains(texts, "blue: play knight, pirate E8, steal red wool"));
    EXPECT_FALSE(contains(texts, "blue: play knight, move-hun I II"));
  }
  AfterRoll seven = blue_after_roll(3, 4);
  ASSERT_TRUE(seven.state.has_value());
  std::vector<std::string> texts = listed_texts(ct::turn_actions(*seven.state));
  EXPECT_TRUE(contains(texts, "red: discard wool wool grain grain"));
  EXPECT_TRUE(contains(texts, "white: discard brick brick brick wool"));
  EXPECT_FALSE(contains(texts, "red: discard wool wool grain"));  // 4 of red's 8 cards
  for (const std::string& t : texts)
    EXPECT_TRUE(t.rfind("red: discard ", 0) == 0 || t.rfind("white: discard ", 0) == 0) << t;
  // Once both have discarded, the pirate moves.
  ct::State after = *seven.state;
  for (const char* text :
       {"red: discard wool wool grain grain", "white: discard brick brick brick wool"}) {
    std::string error;
    auto m = ct::parse_move(text, seven.in.record->board, error);
    ASSERT_TRUE(m.has_value()) << error;
    EXPECT_TRUE(ct::apply_move(after, *m).empty()) << text;
  }
  texts = listed_texts(ct::turn_actions(after));
  ASSERT_FALSE(texts.empty());
  for (const std::string& t : texts)
    EXPECT_EQ(t.rfind("blue: pirate ", 0), 0u) << t;
}

// The engine state between turns lists the start of the next turn, and an error on an action
// carries the nearest legal actions and the places it targets.
TEST(CtEngine, BetweenTurnsTheNextTurnIsListedAndErrorsCarryHints) {
  CtRecord r;
  r.turns = ct_turns9();
  Read in = read(r.str());
  ASSERT_TRUE(in.record.has_value());
  ReadRecord engine = ct::read_engine(*in.record, {});
  auto state = engine.start->clone();
  StepNo step = 0;
  for (const PlacedAction& p : engine.actions)
    EXPECT_FALSE(state->apply(*p.action, ++step).erroneous()) << p.action->text();
  LegalActions legal = state->legal_actions();
  ASSERT_EQ(legal.listed.size(), 1u);
  EXPECT_EQ(legal.listed[0]->text(), "blue: turn");
  EXPECT_EQ(state->current_player(), "blue");
  EXPECT_EQ(state->decision(), "the start of turn 10, blue");

  // White starts turn 10 instead of blue: CT-401, with blue's turn as the hint.
  r.turns = ct_plus(ct_turns9(), R"(<turn colour="white"><roll d1="1" d2="1"/></turn>)");
  GameResult result = check_text(r.str());
  ASSERT_FALSE(result.diagnostics.empty());
  const Diagnostic& d = result.diagnostics.items().front();
  EXPECT_EQ(d.rule, "CT-401");
  EXPECT_EQ(d.suggestions, std::vector<std::string>{"blue: turn"});
}

// A finding's cause is the step number of the erroneous action it follows from: in a turn
// taken by the wrong colour, the turn's own steps follow from its start.
TEST(CtEngine, CausesAreStepNumbers) {
  CtRecord r;
  r.turns = ct_plus(
      ct_turns9(),
      R"(<turn colour="white"><roll d1="1" d2="1"/><trade with="white" give="wool" get="grain"/></turn>)");
  Read in = read(r.str());
  ASSERT_TRUE(in.record.has_value());
  ReadRecord engine = ct::read_engine(*in.record, {});
  auto state = engine.start->clone();
  StepNo step = 0, turn_step = 0;
  std::vector<std::string> seen;
  for (const PlacedAction& p : engine.actions) {
    StepResult result = state->apply(*p.action, ++step);
    if (p.action->text() == "white: turn") turn_step = step;
    for (const Finding& f : result.findings)
      if (f.kind == FindingKind::rule)
        seen.push_back(fmt::format("{} {} cause {}", p.action->text(), f.rule,
                                   f.cause == 0           ? "none"
                                   : f.cause == turn_step ? "turn"
                                                          : "other"));
  }
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "white: turn CT-401 cause none",
                      "white: trade white give wool get grain CT-701 cause turn",
                  }));
}

// A finding names the places its action targets, as the record names them.
TEST(CtEngine, FindingsInvolveThePlacesTheActionTargets) {
  std::ifstream file(std::filesystem::path(source_dir()) /
                     "samples/catan-great-wall/illegal/settlement-too-close.xml");
  std::stringstream text;
  text << file.rdbuf();
  GameResult result = check_text(text.str());
  ASSERT_FALSE(result.diagnostics.empty());
  const Diagnostic& d = result.diagnostics.items().front();
  EXPECT_EQ(d.rule, "CT-605");
  EXPECT_EQ(d.involves, std::vector<std::string>{"A12.N"});
  EXPECT_EQ(d.suggestions, (std::vector<std::string>{"white: settlement D9.SE hun II",
                                                     "white: settlement D9.SE hun I",
                                                     "white: settlement D9.SE hun III"}));
}

// Every action listed at `state` is legal: applied to a copy, it gives no rule finding (nor, when
// `undisputed`, a dispute).
void expect_all_listed_legal(const State& state, bool undisputed) {
  for (const ActionPtr& a : state.legal_actions().listed) {
    auto copy = state.clone();
    StepResult r = copy->apply(*a, 1000);
    for (const Finding& f : r.findings) {
      EXPECT_NE(f.kind, FindingKind::rule) << a->text() << ": " << f.rule << " " << f.message;
      if (undisputed) {
        EXPECT_NE(f.kind, FindingKind::dispute) << a->text() << ": " << f.message;
      }
    }
  }
}

const EngineGame& ct_game() {
  return dynamic_cast<const EngineGame&>(*builtin_registry().find("catan-great-wall"));
}

// The set-up is listed decision by decision: the border forts in seat order, then the founding
// settlements with their roads (round A, round B), every one of them legal; then the first turn.
TEST(CtEngine, TheSetUpIsListedAndEveryListedActionIsLegal) {
  auto state = ct_game().new_game(1, CheckContext{});
  std::vector<std::string> firsts;
  StepNo step = 0;
  while (state->decision() ==
         "the set-up: border forts, founding settlements, starting resources") {
    ASSERT_LT(step, 12u);
    LegalActions legal = state->legal_actions();
    ASSERT_FALSE(legal.listed.empty()) << step;
    expect_all_listed_legal(*state, false);
    for (const ActionPtr& a : legal.listed)
      EXPECT_EQ(a->actor(), state->current_player()) << a->text();
    firsts.push_back(std::string(legal.listed.front()->kind()) + " " +
                     legal.listed.front()->actor());
    EXPECT_FALSE(state->apply(*legal.listed.front(), ++step).erroneous());
  }
  // Forts s0 s1 s2 s3, round A s3 s0 s1 s2, round B s2 s1 s0 s3 (founding-order = restart).
  EXPECT_EQ(firsts,
            (std::vector<std::string>{"fort red", "fort blue", "fort white", "fort orange",
                                      "found orange", "found red", "found blue", "found white",
                                      "found white", "found blue", "found red", "found orange"}));
  LegalActions legal = state->legal_actions();
  ASSERT_EQ(legal.listed.size(), 1u);
  EXPECT_EQ(legal.listed[0]->text(), "red: turn");
}

// A record's players are described, not listed (any 4 or 6 different colours); the <gain> due
// after a round-B settlement is listed alone, with the cards the settlement produced.
TEST(CtEngine, TheSeatsAreDescribedAndTheGainDueIsListed) {
  CtRecord r;
  r.turns = ct_turns9();
  Read in = read(r.str());
  ASSERT_TRUE(in.record.has_value());
  ReadRecord engine = ct::read_engine(*in.record, {});
  LegalActions seats = engine.start->legal_actions();
  EXPECT_TRUE(seats.listed.empty());
  ASSERT_EQ(seats.described.size(), 1u);
  EXPECT_EQ(seats.described[0].kind, "seats");
  auto state = engine.start->clone();
  StepNo step = 0;
  int gains = 0, placed = 0;
  for (const PlacedAction& p : engine.actions) {
    if (p.action->kind() == "gain") {
      LegalActions legal = state->legal_actions();
      ASSERT_EQ(legal.listed.size(), 1u) << p.action->text();
      EXPECT_EQ(legal.listed[0]->text(), p.action->text());
      ++gains;
    } else if (p.action->kind() == "fort" || p.action->kind() == "found") {
      // The record may name a place through any hex around it: compared by board index.
      auto key = [](const Action& a) {
        const auto& m = dynamic_cast<const Move&>(a);
        const ct::Board& b = m.board();
        if (m.what == Move::Kind::fort) return m.text();
        return fmt::format("{} {} {}", m.actor(), b.corner(m.place.hex, m.place.part),
                           b.side(m.road.hex, m.road.part));
      };
      std::vector<std::string> listed;
      for (const ActionPtr& a : state->legal_actions().listed)
        listed.push_back(key(*a));
      EXPECT_TRUE(contains(listed, key(*p.action))) << p.action->text();
      ++placed;
    }
    EXPECT_FALSE(state->apply(*p.action, ++step).erroneous()) << p.action->text();
  }
  EXPECT_GT(gains, 0);
  EXPECT_EQ(placed, 12);
}

// When the game is over, the end of the record is listed with its figures recomputed: each
// colour's <final> and the <outcome>; applied in turn, none is disputed.
TEST(CtEngine, AtTheEndTheFinalsAndTheOutcomeAreListed) {
  auto state = ct_game().new_game(5, CheckContext{});
  std::mt19937_64 rng(5);
  StepNo step = 0;
  while (!state->is_terminal() && step < 50000) {
    LegalActions legal = state->legal_actions();
    ASSERT_FALSE(legal.listed.empty()) << state->decision();
    std::uniform_int_distribution<std::size_t> pick(0, legal.listed.size() - 1);
    state->apply(*legal.listed[pick(rng)], ++step);
  }
  ASSERT_TRUE(state->is_terminal());
  std::vector<std::string> expected;
  for (const auto& [colour, vp] : state->scores())
    expected.push_back(fmt::format("{}: final {}", colour, vp));
  int finals = 0;
  std::string outcome;
  for (int k = 0; k < 20; ++k) {
    expect_all_listed_legal(*state, true);
    LegalActions legal = state->legal_actions();
    if (legal.listed.empty()) break;
    // Close the element the game ended in, then give the finals and the outcome.
    const ActionPtr* chosen = nullptr;
    for (std::string_view kind : {"end", "final", "outcome"})
      for (const ActionPtr& a : legal.listed)
        if (!chosen && a->kind() == kind) chosen = &a;
    if (!chosen) break;
    if ((*chosen)->kind() == "final") {
      EXPECT_TRUE(contains(expected, (*chosen)->text()));
      ++finals;
    }
    StepResult r = state->apply(**chosen, ++step);
    EXPECT_TRUE(r.findings.empty()) << (*chosen)->text();
    if ((*chosen)->kind() == "outcome") {
      outcome = (*chosen)->text();
      break;
    }
  }
  EXPECT_EQ(finals, 4);
  EXPECT_TRUE(outcome.rfind("chance: outcome ", 0) == 0) << outcome;
  std::vector<std::string> left;
  for (const ActionPtr& a : state->legal_actions().listed)
    if (a->kind() != "end-reveal") left.push_back(a->text());
  EXPECT_TRUE(left.empty()) << (left.empty() ? "" : left.front());
  EXPECT_TRUE(state->at_end_of_record().empty());
}

// Every knight play of `c` the state allows, found by brute force: every action alone, then
// every pair whose first action breaks nothing alone but perhaps the count of exactly-two (the
// state judges a knight's actions in their recorded order, so the first action of a legal pair
// is one), each applied to a copy of the state. The actions tried: a move between any two
// numerals, a chase from any hex of any numeral, the pirate to any hex, with no steal or any
// steal from any seated colour.
std::set<std::string> knight_plays_by_brute_force(const ct::State& st, ct::Colour c) {
  const std::shared_ptr<const ct::Board> board = st.board_ptr();
  const int hexes = static_cast<int>(board->hexes.size());
  std::vector<std::vector<ct::KnightMove>> actions;
  for (int f = 0; f < ct::kNumerals; ++f)
    for (int t = 0; t < ct::kNumerals; ++t) {
      ct::KnightMove m;
      m.kind = ct::KnightAction::Kind::move_hun;
      m.from = f;
      m.to = t;
      actions.push_back({m});
    }
  for (int h = 0; h < hexes; ++h)
    for (int n = 0; n < ct::kNumerals; ++n) {
      ct::KnightMove m;
      m.kind = ct::KnightAction::Kind::chase_hun;
      m.hex = h;
      m.numeral = n;
      actions.push_back({m});
    }
  for (int h = 0; h < hexes; ++h) {
    ct::KnightMove p;
    p.kind = ct::KnightAction::Kind::pirate;
    p.hex = h;
    actions.push_back({p});
    for (ct::Colour x : st.seats())
      for (int r = 0; r < ct::kResources; ++r) {
        ct::KnightMove s;
        s.kind = ct::KnightAction::Kind::steal;
        s.colour = x;
        s.card = static_cast<ct::Resource>(r);
        actions.push_back({p, s});
      }
  }
  Move knight(board, c, Move::Kind::play_card);
  knight.dev = ct::DevCard::knight;
  auto judge = [&](std::vector<ct::KnightMove> moves) {
    Move m = knight;
    m.knight = std::move(moves);
    ct::State copy = st;
    return std::pair{ct::apply_move(copy, m), m.text()};
  };
  auto short_of_two = [](const Finding& v) { return v.rule == ct::rule::CT_803 && v.ref < 0; };
  std::set<std::string> out;
  if (auto [vs, text] = judge({}); vs.empty()) out.insert(text);
  for (const auto& first : actions) {
    auto [vs, text] = judge(first);
    if (vs.empty()) out.insert(text);
    if (!std::all_of(vs.begin(), vs.end(), short_of_two)) continue;
    for (const auto& second : actions) {
      std::vector<ct::KnightMove> pair = first;
      pair.insert(pair.end(), second.begin(), second.end());
      if (auto [pvs, ptext] = judge(pair); pvs.empty()) out.insert(ptext);
    }
  }
  return out;
}

std::set<std::string> knight_plays_listed(const State& state) {
  std::set<std::string> out;
  for (const ActionPtr& a : state.legal_actions().listed) {
    const auto& m = dynamic_cast<const Move&>(*a);
    if (m.what == Move::Kind::play_card && m.dev == ct::DevCard::knight) out.insert(m.text());
  }
  return out;
}

// What makes a position where a knight can be played worth the brute force: Huns that one
// action may use up for the other (a single Hun on a place or a hex, a numeral with a single
// Hun outside the bag), Huns on two hexes.
std::set<std::string> knight_features(const ct::State& st) {
  const ct::Board& b = st.board();
  std::set<std::string> out;
  int hexes = 0;
  for (std::size_t g = 0; g < b.gatherings.size(); ++g)
    if (ct::in_play(b.gatherings[g].in, st.players()) && st.place_huns(static_cast<int>(g)) == 1)
      out.insert("a place with one Hun");
  for (int h = 0; h < static_cast<int>(b.hexes.size()); ++h) {
    if (!b.hexes[static_cast<std::size_t>(h)].land() || !b.hex_in_play(h, st.players()) ||
        st.hex_huns(h) == 0)
      continue;
    ++hexes;
    if (st.hex_huns(h) == 1) out.insert("a hex with one Hun");
  }
  if (hexes >= 2) out.insert("Huns on two hexes");
  for (int n = 0; n < ct::kNumerals && hexes > 0; ++n)
    if (st.numeral_in_play(n) && st.bag(n) == b.huns_per_numeral - 1)
      out.insert("a numeral with one Hun out of the bag");
  return out;
}

// Knight plays are listed in full and exactly: at positions of random playouts where a knight
// can be played, with 4 and 6 players and both knight-actions options, the knight plays listed
// are those that a brute force over every action and pair of actions finds legal. The first
// such position of each playout is compared, and each later one that shows a feature
// (knight_features) not seen yet.
TEST(CtEngine, TheKnightPlaysListedAreExactlyTheLegalOnes) {
  int positions = 0, pairs = 0, two_moves = 0, two_chases = 0, pirate_second = 0, short_ones = 0;
  std::set<std::string> seen;
  for (int six = 0; six < 2; ++six)
    for (ct::KnightActions option :
         {ct::KnightActions::up_to_two, ct::KnightActions::exactly_two}) {
      auto setup = std::make_shared<ct::GameSetUp>();
      setup->board = ct::modelled_board();
      setup->seats = {ct::Colour::red, ct::Colour::blue, ct::Colour::white, ct::Colour::orange};
      if (six) setup->seats.insert(setup->seats.end(), {ct::Colour::green, ct::Colour::brown});
      setup->options.knight_actions = option;
      setup->seated = true;
      ct::EngineState state(setup);
      std::mt19937_64 rng(static_cast<std::uint64_t>(3 + 2 * six + static_cast<int>(option)));
      int here = 0;
      for (StepNo step = 1; step < 50000 && !state.is_terminal(); ++step) {
        LegalActions legal = state.legal_actions();
        ASSERT_FALSE(legal.listed.empty()) << state.decision();
        const std::set<std::string> listed = knight_plays_listed(state);
        bool fresh = here == 0;
        if (!listed.empty())
          for (const std::string& f : knight_features(state.table()))
            fresh = seen.insert(f).second || fresh;
        if (!listed.empty() && fresh) {
          const ct::Colour c = *state.table().active();
          const std::set<std::string> legal_ones = knight_plays_by_brute_force(state.table(), c);
          std::vector<std::string> missing, extra;
          std::set_difference(legal_ones.begin(), legal_ones.end(), listed.begin(), listed.end(),
                              std::back_inserter(missing));
          std::set_difference(listed.begin(), listed.end(), legal_ones.begin(), legal_ones.end(),
                              std::back_inserter(extra));
          EXPECT_TRUE(missing.empty())
              << missing.size() << " legal, not listed, e.g. " << missing.front() << "\n"
              << state.to_string();
          EXPECT_TRUE(extra.empty())
              << extra.size() << " listed, not legal, e.g. " << extra.front() << "\n"
              << state.to_string();
          EXPECT_FALSE(legal_ones.empty());
          for (const ActionPtr& a : legal.listed) {
            const auto& m = dynamic_cast<const Move&>(*a);
            if (m.what != Move::Kind::play_card || m.dev != ct::DevCard::knight) continue;
            std::vector<ct::KnightAction::Kind> kinds;
            for (const ct::KnightMove& k : m.knight)
              if (k.kind != ct::KnightAction::Kind::steal) kinds.push_back(k.kind);
            using K = ct::KnightAction::Kind;
            pairs += kinds.size() == 2;
            two_moves += kinds == std::vector<K>{K::move_hun, K::move_hun};
            two_chases += kinds == std::vector<K>{K::chase_hun, K::chase_hun};
            pirate_second += kinds.size() == 2 && kinds[1] == K::pirate;
            short_ones += kinds.size() < 2;
          }
          ++positions;
          ++here;
        }
        // Where a knight can be played, half of the time play something else, so that more
        // positions hold one.
        const bool other = !listed.empty() && rng() % 2 == 0;
        std::vector<std::size_t> options;
        for (std::size_t i = 0; i < legal.listed.size(); ++i)
          if (!other || !listed.count(legal.listed[i]->text())) options.push_back(i);
        if (options.empty())
          for (std::size_t i = 0; i < legal.listed.size(); ++i)
            options.push_back(i);
        std::uniform_int_distribution<std::size_t> pick(0, options.size() - 1);
        ActionPtr chosen = std::move(legal.listed[options[pick(rng)]]);
        EXPECT_FALSE(state.apply(*chosen, step).erroneous()) << chosen->text();
      }
    }
  EXPECT_GE(positions, 4);
  EXPECT_EQ(seen.size(), 4u);
  // The positions cover pairs of each kind, C second, and plays of fewer than two actions.
  EXPECT_GT(pairs, 0);
  EXPECT_GT(two_moves, 0);
  EXPECT_GT(two_chases, 0);
  EXPECT_GT(pirate_second, 0);
  EXPECT_GT(short_ones, 0);
}

}  // namespace
}  // namespace wallaudit::test
