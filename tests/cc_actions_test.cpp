// Chang Cheng actions: the canonical text of every step a record states, and its reading back.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "chang_cheng/action.hpp"
#include "chang_cheng/reader.hpp"
#include "chang_cheng/writer.hpp"
#include "core/xml.hpp"
#include "support/cc_generator.hpp"
#include "support/cc_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

struct Listed {
  std::shared_ptr<const cc::BoardSet> boards;
  std::vector<PlacedAction> actions;
  std::shared_ptr<const cc::Record> record;
};

Listed list(const std::string& xml) {
  Listed out;
  Diagnostics diagnostics;
  auto doc = XmlDocument::parse(xml, diagnostics);
  EXPECT_TRUE(doc.has_value());
  if (!doc) return out;
  cc::BoardCatalogue catalogue = cc::make_catalogue({}, diagnostics);
  auto record = cc::read_record(*doc, catalogue, {}, diagnostics);
  EXPECT_TRUE(record.has_value()) << (diagnostics.empty() ? "" : diagnostics.items()[0].message);
  if (!record) return out;
  out.boards = record->boards;
  out.actions = cc::record_actions(*record);
  out.record = std::make_shared<const cc::Record>(std::move(*record));
  return out;
}

std::vector<std::string> texts(const Listed& l) {
  std::vector<std::string> out;
  for (const PlacedAction& p : l.actions)
    out.push_back(p.action->text());
  return out;
}

void expect_round_trip(const Listed& l, const std::string& where) {
  for (const PlacedAction& p : l.actions) {
    std::string error;
    const std::string text = p.action->text();
    auto back = cc::parse_move(text, l.boards, error);
    ASSERT_TRUE(back.has_value()) << where << " line " << p.loc.line << ": " << text << ": "
                                  << error;
    EXPECT_EQ(back->text(), text) << where;
    EXPECT_EQ(back->kind(), p.action->kind()) << where;
    EXPECT_EQ(back->actor(), p.action->actor()) << where;
    EXPECT_EQ(p.action->distance(*back), 0) << where;
  }
}

TEST(CcActions, EveryStepOfARecordInItsCanonicalText) {
  MiniRecord r;
  r.rules = R"(<variant name="neutral-walls"/>)";
  r.setup =
      R"(<side id="A1"/><side id="B1"/>
<reputation province="A1.P1" value="2"/><reputation province="A1.P2" value="1"/><reputation province="A1.P3" value="3"/>
<reputation province="B1.P1" value="0"/><reputation province="B1.P2" value="4"/><reputation province="B1.P3" value="2"/>
<threat region="A1.M1" value="-2"/><threat region="A1.M2"/><threat region="A1.M3" value="-4"/>
<threat region="B1.M1" value="-3"/><threat region="B1.M2" value="-2"/><threat region="B1.M3" value="-4"/>)";
  r.play = R"(<turn colour="red"><wall space="A1.W1"/><peek region="A1.M1"/></turn>
<turn colour="blue"><card province="A1.P1" card="flood"/><wall space="A1.W2"/>
<score province="A1.P1"><resolve colour="blue" card="flood" effect="plus"/><award colour="blue" points="4"/></score>
<neutral space="A1.W4"/></turn>
<turn colour="red"><double spaces="B1.W1 B1.W2"/><bonus colour="red" points="3"/><threat region="A1.M2" value="-3"/></turn>
<turn colour="blue"><card province="B1.P3"/><pass/></turn>)";
  r.end =
      R"(<loss region="A1.M1" colour="red" points="-2"/><event card="diplomacy" colour="blue" points="3"/><final colour="red" points="5"/>)";
  Listed l = list(r.str());
  EXPECT_EQ(texts(l), (std::vector<std::string>{
                          "chance: seats red blue",
                          "chance: side A1",
                          "chance: side B1",
                          "chance: reputation A1.P1 2",
                          "chance: reputation A1.P2 1",
                          "chance: reputation A1.P3 3",
                          "chance: reputation B1.P1 0",
                          "chance: reputation B1.P2 4",
                          "chance: reputation B1.P3 2",
                          "chance: threat A1.M1 -2",
                          "chance: threat A1.M2 ?",
                          "chance: threat A1.M3 -4",
                          "chance: threat B1.M1 -3",
                          "chance: threat B1.M2 -2",
                          "chance: threat B1.M3 -4",
                          "red: begin",
                          "red: wall A1.W1",
                          "red: peek A1.M1",
                          "red: end",
                          "blue: begin",
                          "blue: card A1.P1 flood",
                          "blue: wall A1.W2",
                          "blue: score A1.P1",
                          "blue: resolve flood plus",
                          "blue: claim award 4",
                          "blue: neutral A1.W4",
                          "blue: end",
                          "red: begin",
                          "red: double B1.W1 B1.W2",
                          "red: claim bonus 3",
                          "chance: threat A1.M2 -3",
                          "red: end",
                          "blue: begin",
                          "blue: card B1.P3 ?",
                          "blue: pass",
                          "blue: end",
                          "red: claim loss A1.M1 -2",
                          "blue: claim event diplomacy 3",
                          "red: claim final 5",
                      }));
  expect_round_trip(l, "mini");
  // Where each stands: the element, and the attribute a finding about its target points at.
  ASSERT_GT(l.actions.size(), 16u);
  EXPECT_EQ(l.actions[16].turn, 1);
  EXPECT_EQ(l.actions[0].turn, 0);
  ASSERT_EQ(l.actions[16].parts.size(), 1u);
  EXPECT_GT(l.actions[16].parts[0].column, l.actions[16].loc.column);
  // The seats: <players>, <variant>, <setup>, then each <player>.
  const PlacedAction& seats = l.actions[0];
  ASSERT_EQ(seats.parts.size(), 5u);
  EXPECT_EQ(seats.loc, seats.parts[0]);
  for (const SourceLoc& part : seats.parts)
    EXPECT_TRUE(part.known());
  EXPECT_LT(seats.parts[0], seats.parts[3]);
  EXPECT_LT(seats.parts[3], seats.parts[4]);
  EXPECT_LT(seats.parts[1], seats.parts[2]);
  // A turn's `begin` stands at the <turn>, its part at the colour attribute.
  const PlacedAction& begin = l.actions[15];
  EXPECT_EQ(begin.turn, 1);
  ASSERT_EQ(begin.parts.size(), 1u);
  EXPECT_EQ(begin.parts[0].line, begin.loc.line);
  EXPECT_GT(begin.parts[0].column, begin.loc.column);
}

// Findings about the seating, the set-up, the turn order and the turn as a whole point at a
// part of `seats`, `begin` or `end`: the step that can judge them can give them there.
TEST(CcActions, SetUpTurnOrderAndWholeTurnFindingsPointAtPartsOfTheirSteps) {
  const std::string two = R"(<player colour="red" name="Ann"/><player colour="blue" name="Bo"/>)";
  const std::string opening = R"(<turn colour="red"><wall space="A1.W1"/></turn>)";
  struct Case {
    std::string players;
    std::string rules;
    std::string setup;
    std::string play;
    std::string rule;
    std::string action;  // the action whose part the finding points at
    std::uint8_t part;   // which part, from 1
  };
  const std::vector<Case> cases = {
      {R"(<player colour="red" name="Ann"/><player colour="red" name="Bo"/>)", "", "", "", "CC-301",
       "chance: seats red red", 5},
      {R"(<player colour="red" name="Ann"/><player colours="blue green" name="Bo"/>)", "", "", "",
       "CC-301", "chance: seats red blue+green", 5},
      {R"(<player colour="red" name="Ann"/><player colour="blue" name="Bo"/><player colour="green" name="Cy"/>)",
       R"(<variant name="teams"/>)", "", "", "CC-301", "chance: seats red blue green", 2},
      {two, "",
       R"(<side id="A1"/><side id="B1"/>
<reputation province="A1.P1" value="2"/><reputation province="A1.P2" value="1"/><reputation province="A1.P3" value="3"/>
<reputation province="B1.P1" value="0"/><reputation province="B1.P2" value="4"/><reputation province="B1.P3" value="2"/>
<threat region="A1.M1" value="-2"/><threat region="A1.M2" value="-3"/><threat region="A1.M3" value="-4"/>
<threat region="B1.M1" value="-3"/><threat region="B1.M2" value="-2"/>)",
       "", "CC-303", "chance: seats red blue", 3},
      {two, "", "", R"(<turn colour="blue"><wall space="A1.W1"/></turn>)", "CC-304", "blue: begin",
       1},
      {two, "", "",
       opening + R"(<turn colour="red"><wall space="A1.W3"/><wall space="B1.W1"/></turn>)",
       "CC-401", "red: begin", 1},
      {two, "", "", opening + R"(<turn colour="blue"><pass/></turn>)", "CC-404", "blue: end", 1},
      {two, "", "", opening + R"(<turn colour="blue"><wall space="B1.W5"/></turn>)", "CC-404",
       "blue: end", 1},
      {two, R"(<variant name="neutral-walls"/>)", "",
       opening + R"(<turn colour="blue"><pass/><neutral space="B1.W5"/></turn>)", "CC-1101",
       "blue: end", 2},
      {two, R"(<variant name="neutral-walls"/>)", "",
       opening +
           R"(<turn colour="blue"><wall space="A1.W5"/><wall space="B1.W4"/><neutral space="B1.W1"/></turn>)",
       "CC-1102", "blue: end", 3},
      {two, "", "",
       opening +
           R"(<turn colour="blue"><double spaces="B1.W4 B1.W5"/><bonus colour="blue" points="9"/></turn>)",
       "CC-804", "blue: end", 4},
  };
  for (const Case& c : cases) {
    MiniRecord r;
    r.players = c.players;
    r.rules = c.rules;
    r.setup = c.setup;
    r.play = c.play;
    const std::string xml = r.str();
    Listed l = list(xml);
    GameResult result = check_text(xml);
    const PlacedAction* step = nullptr;
    for (const PlacedAction& p : l.actions)
      if (p.action->text() == c.action) step = &p;  // the last one: the turn found is the last
    ASSERT_NE(step, nullptr) << c.action << "\n" << xml;
    const SourceLoc at = step->where(c.part);
    EXPECT_NE(at, step->loc) << c.rule << ": part " << int(c.part) << " of `" << c.action
                             << "` is not known\n"
                             << xml;
    std::string found;
    bool there = false;
    for (const Diagnostic& d : result.diagnostics.items()) {
      if (d.rule != c.rule) continue;
      found += fmt::format(" {}:{}", d.loc.line, d.loc.column);
      there |= d.loc == at;
    }
    EXPECT_TRUE(there) << c.rule << " is found at" << (found.empty() ? " no place" : found)
                       << ", not at part " << int(c.part) << " of `" << c.action << "` (" << at.line
                       << ":" << at.column << ")\n"
                       << xml;
  }
}

TEST(CcActions, ResolutionsOfEveryCard) {
  std::shared_ptr<const cc::BoardSet> set;
  {
    MiniRecord r;
    set = list(r.str()).boards;
  }
  ASSERT_TRUE(set);
  for (const char* text : {
           "green: resolve warrior cancels blue flood",
           "green: resolve warrior",
           "blue: resolve traitor destroy A1.W2",
           "blue: resolve traitor remove-threat A1.M1",
           "red: resolve flood minus",
           "red: resolve builder value",
           "red: resolve builder wall",
           "red: resolve master-builder",
           "red: resolve mandarin swap A1.W3 B1.W1",
           "red: resolve mandarin",
           "chance: expand C1 left",
           "purple: tower A1.W5",
       }) {
    std::string error;
    auto m = cc::parse_move(text, set, error);
    ASSERT_TRUE(m.has_value()) << text << ": " << error;
    EXPECT_EQ(m->text(), text);
  }
}

TEST(CcActions, TextsThatAreNoActionSayWhy) {
  MiniRecord r;
  auto set = list(r.str()).boards;
  ASSERT_TRUE(set);
  struct Case {
    const char* text;
    const char* error;
  };
  for (const Case& c : std::vector<Case>{
           {"wall A1.W1", "an action reads ACTOR: KIND …, e.g. \"red: wall 1A.W5\""},
           {"orange: wall A1.W1", "\"orange\" is neither a colour nor chance"},
           {"red: build A1.W1", "\"build\" is not a kind of action"},
           {"red: wall A1.W9", "\"red: wall A1.W9\" does not read as a wall action"},
           {"chance: wall A1.W1", "wall is taken by a colour"},
           {"red: side A1", "side is taken by chance"},
           {"red: resolve flood plus A1.W1",
            "\"red: resolve flood plus A1.W1\" does not read as a resolve action"},
           {"red: claim final x", "\"red: claim final x\" does not read as a claim action"},
           {"red: seats red blue", "seats is taken by chance"},
           {"chance: seats red+ blue",
            "\"chance: seats red+ blue\" does not read as a seats action"},
           {"chance: seats red neutral",
            "\"chance: seats red neutral\" does not read as a seats action"},
           {"chance: begin", "begin is taken by a colour"},
           {"red: begin now", "\"red: begin now\" does not read as a begin action"},
       }) {
    std::string error;
    EXPECT_FALSE(cc::parse_move(c.text, set, error).has_value()) << c.text;
    EXPECT_EQ(error, c.error) << c.text;
  }
}

TEST(CcActions, NearerPlacesRankFirst) {
  MiniRecord r;
  auto set = list(r.str()).boards;
  ASSERT_TRUE(set);
  std::string error;
  auto wanted = *cc::parse_move("red: wall A1.W2", set, error);
  auto near = *cc::parse_move("red: wall A1.W3", set, error);
  auto far = *cc::parse_move("red: wall B1.W5", set, error);
  auto other = *cc::parse_move("red: tower A1.W2", set, error);
  EXPECT_LT(wanted.distance(near), wanted.distance(far));
  EXPECT_LT(wanted.distance(far), wanted.distance(other));
  EXPECT_EQ(wanted.distance(wanted), 0);
}

TEST(CcActions, EverySampleAndGeneratedRecordRoundTrips) {
  namespace fs = std::filesystem;
  int records = 0;
  for (const char* folder : {"legal", "illegal", "disputed", "logs"}) {
    for (const auto& entry :
         fs::directory_iterator(fs::path(source_dir()) / "samples/chang-cheng" / folder)) {
      if (entry.path().extension() != ".xml") continue;
      Listed l = list(read_source_file("samples/chang-cheng/" + std::string(folder) + "/" +
                                       entry.path().filename().string()));
      EXPECT_FALSE(l.actions.empty()) << entry.path();
      expect_round_trip(l, entry.path().string());
      ++records;
    }
  }
  EXPECT_GT(records, 30);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    GeneratedGame g = generate_game(seed);
    expect_round_trip(list(g.xml), "seed " + std::to_string(seed));
  }
}

// The steps that can judge each rule without looking ahead, by kind: a finding must point at
// an element or part of such a step of its own turn (0: the set-up and the end). "end" also
// stands for the end of the record. Scorings list every step of a scoring, and the piece
// before it (a scoring no <score> names points there); which of them judges is still open.
const std::map<std::string, std::set<std::string>, std::less<>>& judging_kinds() {
  static const std::set<std::string> pieces = {"wall", "card", "double", "tower", "neutral"};
  static const std::set<std::string> scoring = {"score",  "reveal", "resolve", "claim", "wall",
                                                "double", "tower",  "neutral", "pass"};
  static const std::map<std::string, std::set<std::string>, std::less<>> kinds = {
      {"CC-103", {"reputation", "threat"}},
      {"CC-204", {"side", "expand"}},
      {"CC-205", {"seats"}},
      {"CC-301", {"seats"}},
      {"CC-302", {"side", "seats"}},
      {"CC-303", {"reputation", "threat", "seats"}},
      {"CC-304", {"begin"}},
      {"CC-401", {"begin"}},
      {"CC-402", {"wall", "card", "double", "tower", "pass", "end"}},
      {"CC-403", {"wall", "card", "double", "tower", "pass", "neutral", "end"}},
      {"CC-404", {"end"}},
      {"CC-405", pieces},
      {"CC-406", pieces},
      {"CC-407", pieces},
      {"CC-408", {"peek"}},
      {"CC-409", pieces},
      {"CC-410", pieces},
      {"CC-411", {"wall", "card"}},
      {"CC-412", {"wall", "card"}},
      {"CC-413", pieces},
      {"CC-501", {"score"}},
      {"CC-502", {"score"}},
      {"CC-503", scoring},
      {"CC-504", {"score"}},
      {"CC-510", scoring},
      {"CC-511", scoring},
      {"CC-512", scoring},
      {"CC-513", scoring},
      {"CC-515", scoring},
      {"CC-1201", scoring},
      {"CC-601", {"expand", "end"}},
      {"CC-603", {"expand"}},
      {"CC-701", {"end"}},
      {"CC-702", {"end"}},
      {"CC-703", {"end"}},
      {"CC-804", {"claim", "score", "end"}},
      {"CC-1101", {"wall", "card", "double", "tower", "pass", "neutral", "end"}},
      {"CC-1102", {"end"}},
      {"CC-1202", {"threat"}},
  };
  return kinds;
}

void expect_findings_at_judging_steps(const std::string& xml, const std::string& where,
                                      std::map<std::string, int>& seen) {
  Listed l = list(xml);
  ASSERT_TRUE(l.record) << where;
  const SourceLoc end_of_record = l.record->end.present ? l.record->end.loc : l.record->play_loc;
  GameResult result = check_text(xml);
  for (const Diagnostic& d : result.diagnostics.items()) {
    auto kinds = judging_kinds().find(d.rule);
    ASSERT_NE(kinds, judging_kinds().end()) << d.rule << " has no judging steps listed";
    bool at = kinds->second.count("end") && d.loc == end_of_record;
    for (const PlacedAction& p : l.actions) {
      // A threat token never stated is found at the end of the game, but the finding points
      // at the step that laid the token, in the set-up or an earlier turn's expansion: the
      // one place where no step of the finding's own turn can give it.
      const bool laid_earlier = d.rule == "CC-1202" && d.turn == 0;
      if ((p.turn != d.turn && !laid_earlier) ||
          !kinds->second.count(std::string(p.action->kind())))
        continue;
      at |= p.loc == d.loc;
      for (const SourceLoc& part : p.parts)
        at |= part == d.loc;
    }
    ++seen[d.rule];
    EXPECT_TRUE(at) << where << ": " << d.rule << " (turn " << d.turn << ") at " << d.loc.line
                    << ":" << d.loc.column << " is at no step that can judge it: " << d.message;
  }
}

TEST(CcActions, EveryFindingPointsAtAStepThatCanJudgeIt) {
  namespace fs = std::filesystem;
  std::map<std::string, int> seen;
  for (const char* folder : {"legal", "illegal", "disputed", "logs"}) {
    for (const auto& entry :
         fs::directory_iterator(fs::path(source_dir()) / "samples/chang-cheng" / folder)) {
      if (entry.path().extension() != ".xml") continue;
      const std::string name =
          "samples/chang-cheng/" + std::string(folder) + "/" + entry.path().filename().string();
      expect_findings_at_judging_steps(read_source_file(name), name, seen);
    }
  }
  for (Mutation kind : all_mutations()) {
    int applied = 0;
    for (std::uint64_t seed = 1; seed <= 200 && applied < 2; ++seed) {
      auto m = mutate(generate_game(seed * 7919 + 3), kind, seed);
      if (!m) continue;
      ++applied;
      expect_findings_at_judging_steps(m->xml, std::string(mutation_name(kind)), seen);
    }
  }
  // Every rule listed is met at least once, so no entry of the table goes untested.
  for (const auto& [rule, kinds] : judging_kinds())
    EXPECT_GT(seen[rule], 0) << rule << " is listed but never found";
}

// Writes `xml`'s head and actions as a new record: it lists the same actions, and checks with
// the same findings (rule ids, in order), verdict and scores.
void expect_written_alike(const std::string& xml, const std::string& where) {
  Listed l = list(xml);
  ASSERT_TRUE(l.record) << where;
  std::vector<const Action*> actions;
  for (const PlacedAction& p : l.actions)
    actions.push_back(p.action.get());
  const std::string written = cc::write_record(*l.record, actions);
  Listed back = list(written);
  EXPECT_EQ(texts(back), texts(l)) << where << "\n" << written;
  GameResult before = check_text(xml), after = check_text(written);
  EXPECT_EQ(rules_of(after), rules_of(before)) << where << "\n" << written;
  EXPECT_EQ(after.verdict, before.verdict) << where;
  EXPECT_EQ(after.scores, before.scores) << where;
  EXPECT_EQ(after.winners, before.winners) << where;
}

TEST(CcActions, WrittenRecordsListTheSameActionsAndCheckAlike) {
  namespace fs = std::filesystem;
  int records = 0;
  for (const char* folder : {"legal", "illegal", "disputed", "logs"}) {
    for (const auto& entry :
         fs::directory_iterator(fs::path(source_dir()) / "samples/chang-cheng" / folder)) {
      if (entry.path().extension() != ".xml") continue;
      expect_written_alike(read_source_file("samples/chang-cheng/" + std::string(folder) + "/" +
                                            entry.path().filename().string()),
                           entry.path().string());
      ++records;
    }
  }
  EXPECT_GT(records, 30);
  for (std::uint64_t seed = 1; seed <= 40; ++seed)
    expect_written_alike(generate_game(seed).xml, "seed " + std::to_string(seed));
}

TEST(CcActions, AWrittenRecordEscapesNamesAndWritesAnInlineBoardSetInFull) {
  MiniRecord r;
  r.players = R"(<player colour="red" name="Ann &amp; &quot;Bo&quot; &lt;3"/>)"
              R"(<player colour="blue" name="Cy"/>)";
  r.play = R"(<turn colour="red"><wall space="A1.W1"/><wall space="A1.W2"/></turn>)";
  r.end = R"(<final colour="red" points="0"/><final colour="blue" points="0"/>)";
  Listed l = list(r.str());
  ASSERT_TRUE(l.record);
  std::vector<const Action*> actions;
  for (const PlacedAction& p : l.actions)
    actions.push_back(p.action.get());
  const std::string written = cc::write_record(*l.record, actions);
  EXPECT_NE(written.find(R"(name="Ann &amp; &quot;Bo&quot; &lt;3")"), std::string::npos) << written;
  EXPECT_NE(written.find(R"(<space province="P1" region="M1"/>)"), std::string::npos) << written;
  Listed back = list(written);
  ASSERT_TRUE(back.record);
  EXPECT_EQ(back.record->players[0].name, "Ann & \"Bo\" <3");
  EXPECT_EQ(back.boards->space_count(), l.boards->space_count());
  EXPECT_EQ(texts(back), texts(l));
}

// What a program drives may differ from what a referee writes: a turn without its `begin`, a
// chosen effect with no target, a new side's tokens in any order. The record written reads
// back as the same actions, with the `seats` and the `begin`s that reading adds, and the new
// side's reputations before its threats (as they are judged).
TEST(CcActions, AWrittenRecordKeepsWhatADrivenGameDid) {
  MiniRecord r;
  Listed l = list(r.str());
  ASSERT_TRUE(l.record);
  const std::vector<std::string> driven = {"chance: side A1",
                                           "chance: side B1",
                                           "chance: reputation A1.P1 2",
                                           "chance: reputation A1.P2 1",
                                           "chance: reputation A1.P3 3",
                                           "chance: reputation B1.P1 0",
                                           "chance: reputation B1.P2 4",
                                           "chance: reputation B1.P3 2",
                                           "chance: threat A1.M1 -2",
                                           "chance: threat A1.M2 ?",
                                           "chance: threat A1.M3 -4",
                                           "chance: threat B1.M1 -3",
                                           "chance: threat B1.M2 -2",
                                           "chance: threat B1.M3 -4",
                                           "red: wall A1.W1",
                                           "red: end",
                                           "blue: card A1.P2 traitor",
                                           "blue: wall A1.W3",
                                           "blue: score A1.P2",
                                           "blue: resolve traitor remove-threat",
                                           "chance: expand C1 right",
                                           "chance: threat C1.M2 -3",
                                           "chance: reputation C1.P1 1",
                                           "chance: threat C1.M1 ?",
                                           "chance: reputation C1.P3 0",
                                           "chance: threat C1.M3 -2",
                                           "chance: reputation C1.P2 4",
                                           "blue: end",
                                           "chance: threat A1.M2 -3",
                                           "chance: threat C1.M1 -4"};
  std::vector<ActionPtr> moves;
  std::vector<const Action*> actions;
  for (const std::string& text : driven) {
    std::string error;
    auto m = cc::parse_move(text, l.boards, error);
    ASSERT_TRUE(m) << text << ": " << error;
    moves.push_back(std::make_unique<cc::Move>(std::move(*m)));
    actions.push_back(moves.back().get());
  }
  const std::string written = cc::write_record(*l.record, actions);
  EXPECT_NE(written.find(R"(<resolve colour="blue" card="traitor" effect="remove-threat"/>)"),
            std::string::npos)
      << written;
  Listed back = list(written);
  ASSERT_TRUE(back.record) << written;
  std::vector<std::string> expected = {"chance: seats red blue"};
  std::vector<std::string> side_threats;
  for (const std::string& text : driven) {
    if (text == "red: wall A1.W1") expected.push_back("red: begin");
    if (text == "blue: card A1.P2 traitor") expected.push_back("blue: begin");
    if (text.rfind("chance: threat C1.", 0) == 0 && text != "chance: threat C1.M1 -4") {
      side_threats.push_back(text);
      continue;
    }
    if (text == "blue: end")
      expected.insert(expected.end(), side_threats.begin(), side_threats.end());
    expected.push_back(text);
  }
  EXPECT_EQ(texts(back), expected) << written;
}

}  // namespace
}  // namespace wallaudit::test
