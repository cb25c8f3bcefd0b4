// Chang Cheng placement choices: the pieces a colour may place, listed from the state.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "chang_cheng/checker.hpp"
#include "chang_cheng/choices.hpp"
#include "chang_cheng/reader.hpp"
#include "core/xml.hpp"
#include "support/cc_generator.hpp"
#include "support/cc_records.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

struct Replayed {
  std::shared_ptr<const cc::Record> record;
  cc::Outcome outcome;
};

Replayed replay(const std::string& xml) {
  Replayed out;
  Diagnostics diagnostics;
  auto doc = XmlDocument::parse(xml, diagnostics);
  EXPECT_TRUE(doc.has_value());
  if (!doc) return out;
  cc::BoardCatalogue catalogue = cc::make_catalogue({}, diagnostics);
  auto record = cc::read_record(*doc, catalogue, {}, diagnostics);
  EXPECT_TRUE(record.has_value());
  if (!record) return out;
  out.record = std::make_shared<const cc::Record>(std::move(*record));
  cc::CheckerSettings settings;
  settings.keep_snapshots = true;
  out.outcome = cc::replay_record(*out.record, settings, diagnostics);
  return out;
}

std::vector<std::string> texts(const LegalActions& legal) {
  std::vector<std::string> out;
  for (const ActionPtr& a : legal.listed)
    out.push_back(a->text());
  return out;
}

bool has(const std::vector<std::string>& list, const std::string& text) {
  return std::find(list.begin(), list.end(), text) != list.end();
}

cc::Move move_of(const cc::State& st, cc::Colour c, const cc::Step& s) {
  cc::Move m;
  m.colour = c;
  m.boards = st.board_set();
  switch (s.kind) {
    case cc::StepKind::wall:
      m.type = cc::MoveKind::wall;
      m.a = s.space;
      break;
    case cc::StepKind::tower:
      m.type = cc::MoveKind::tower;
      m.a = s.space;
      break;
    case cc::StepKind::double_wall:
      m.type = cc::MoveKind::double_wall;
      // Listed west to east.
      m.a = st.position(s.space) < st.position(s.space2) ? s.space : s.space2;
      m.b = m.a == s.space ? s.space2 : s.space;
      break;
    case cc::StepKind::card:
      m.type = cc::MoveKind::card;
      m.a = s.province;
      m.card = s.card;
      break;
    default:
      m.type = cc::MoveKind::pass;
      break;
  }
  return m;
}

bool is_piece(cc::StepKind k) {
  return k == cc::StepKind::wall || k == cc::StepKind::card || k == cc::StepKind::double_wall ||
         k == cc::StepKind::tower || k == cc::StepKind::pass;
}

// The mini record after red's first wall on A1.W1: blue's turn 2.
const cc::State& after_first_turn(Replayed& r) {
  MiniRecord m;
  m.play = R"(<turn colour="red"><wall space="A1.W1"/></turn>)";
  r = replay(m.str());
  EXPECT_GE(r.outcome.snapshots.size(), 2u);
  return *r.outcome.snapshots.at(1).state;
}

TEST(CcChoices, TheFirstTurnIsOneSingleWallOnAnyEmptySpace) {
  Replayed r;
  after_first_turn(r);
  const cc::State& start = *r.outcome.snapshots.at(0).state;
  EXPECT_EQ(texts(cc::placement_choices(start, cc::Colour::red, 1, nullptr)),
            (std::vector<std::string>{"red: wall A1.W1", "red: wall A1.W2", "red: wall A1.W3",
                                      "red: wall A1.W4", "red: wall A1.W5", "red: wall B1.W1",
                                      "red: wall B1.W2", "red: wall B1.W3", "red: wall B1.W4",
                                      "red: wall B1.W5"}));
  cc::Move wall;
  wall.type = cc::MoveKind::wall;
  wall.colour = cc::Colour::red;
  wall.a = start.boards().parse_space("A1.W1").value();
  EXPECT_TRUE(cc::placement_choices(start, cc::Colour::red, 1, &wall).listed.empty());
}

TEST(CcChoices, EveryKindOfPieceStartsAnActionWhereTheStateTakesIt) {
  Replayed r;
  const cc::State& st = after_first_turn(r);
  auto list = texts(cc::placement_choices(st, cc::Colour::blue, 2, nullptr));
  for (const char* text :
       {"blue: wall A1.W2", "blue: wall B1.W5", "blue: card A1.P1 ?", "blue: card A1.P1 flood",
        "blue: card B1.P3 mandarin", "blue: double A1.W2 A1.W3", "blue: tower A1.W3"})
    EXPECT_TRUE(has(list, text)) << text;
  for (const char* text : {"blue: wall A1.W1", "blue: tower A1.W1", "blue: double A1.W1 A1.W2",
                           "blue: pass", "red: wall A1.W2"})
    EXPECT_FALSE(has(list, text)) << text;
  // Walls first, then cards, double walls, the tower; places west to east.
  EXPECT_EQ(list.front(), "blue: wall A1.W2");
  EXPECT_EQ(list.back(), "blue: tower B1.W5");
}

TEST(CcChoices, TheSecondPieceFollowsTheShapeOfTheAction) {
  Replayed r;
  const cc::State& st = after_first_turn(r);
  const cc::BoardSet& set = st.boards();
  cc::Move first;
  first.colour = cc::Colour::blue;
  first.boards = st.board_set();

  // Two walls: the second in another province (A1.P3 is A1.W4 and A1.W5).
  first.type = cc::MoveKind::wall;
  first.a = set.parse_space("A1.W4").value();
  cc::State after = st;
  ASSERT_TRUE(after.place_wall(cc::Colour::blue, first.a, 2, 0).empty());
  EXPECT_EQ(texts(cc::placement_choices(after, cc::Colour::blue, 2, &first)),
            (std::vector<std::string>{"blue: wall A1.W2", "blue: wall A1.W3", "blue: wall B1.W1",
                                      "blue: wall B1.W2", "blue: wall B1.W3", "blue: wall B1.W4",
                                      "blue: wall B1.W5"}));

  // Card and wall, or two cards: the wall in the card's province, a card on another one.
  first.type = cc::MoveKind::card;
  first.a = set.parse_province("A1.P3").value();
  after = st;
  ASSERT_TRUE(after.place_card(cc::Colour::blue, first.a, std::nullopt, 2, 0).empty());
  auto list = texts(cc::placement_choices(after, cc::Colour::blue, 2, &first));
  std::vector<std::string> walls;
  for (const std::string& t : list)
    if (t.rfind("blue: wall", 0) == 0) walls.push_back(t);
  EXPECT_EQ(walls, (std::vector<std::string>{"blue: wall A1.W4", "blue: wall A1.W5"}));
  EXPECT_TRUE(has(list, "blue: card A1.P1 ?"));
  EXPECT_TRUE(has(list, "blue: card B1.P3 traitor"));
  EXPECT_FALSE(has(list, "blue: card A1.P3 ?"));
  EXPECT_FALSE(has(list, "blue: card A1.P3 flood"));
  EXPECT_FALSE(has(list, "blue: double A1.W2 A1.W3"));
  EXPECT_FALSE(has(list, "blue: tower A1.W2"));

  // The double wall and the tower are whole actions.
  first.type = cc::MoveKind::tower;
  first.a = set.parse_space("A1.W3").value();
  EXPECT_TRUE(cc::placement_choices(st, cc::Colour::blue, 2, &first).listed.empty());
}

// Whether every piece of `turn` (number `n`) is listed where it stands on `st`, the state
// before the turn: the first piece, and the second on the state after the first (unless a
// scoring or an expansion comes between them: the listing of the placement decision leaves
// those out). `checked_second` tells whether the second piece was looked at.
struct TurnListing {
  bool listed = true;
  bool checked_second = false;
  bool pass = false;
  std::string why;
};

TurnListing list_turn(cc::State st, const cc::Turn& turn, int n) {
  TurnListing out;
  std::vector<const cc::Step*> pieces;
  bool between = false, interrupted = false;
  for (const cc::Step& s : turn.steps) {
    if (is_piece(s.kind)) {
      if (!pieces.empty() && between) interrupted = true;
      pieces.push_back(&s);
    } else if (!pieces.empty() &&
               (s.kind == cc::StepKind::score || s.kind == cc::StepKind::expand)) {
      between = true;
    }
  }
  if (pieces.empty() || pieces.size() > 2) {
    out.listed = false;
    out.why = fmt::format("{} pieces", pieces.size());
    return out;
  }
  cc::Move first = move_of(st, turn.colour, *pieces[0]);
  auto listed = texts(cc::placement_choices(st, turn.colour, n, nullptr));
  out.pass = first.type == cc::MoveKind::pass;
  if (!has(listed, first.text())) {
    out.listed = false;
    out.why = first.text() + " not listed";
    return out;
  }
  if (out.pass && listed.size() != 1) {
    out.listed = false;
    out.why = "pass listed with pieces";
    return out;
  }
  if (pieces.size() < 2 || interrupted) return out;
  int bonus = 0;
  switch (first.type) {
    case cc::MoveKind::wall:
      st.place_wall(turn.colour, first.a, n, 0);
      break;
    case cc::MoveKind::card:
      st.place_card(turn.colour, first.a, first.card, n, 0);
      break;
    case cc::MoveKind::double_wall:
      st.place_double(turn.colour, first.a, first.b, n, 0, bonus);
      break;
    default:
      break;
  }
  cc::Move second = move_of(st, turn.colour, *pieces[1]);
  out.checked_second = true;
  if (!has(texts(cc::placement_choices(st, turn.colour, n, &first)), second.text())) {
    out.listed = false;
    out.why = first.text() + " then " + second.text() + " not listed";
  }
  return out;
}

// Every piece the generator placed was listed where it stood.
TEST(CcChoices, EveryPieceOfGeneratedGamesIsListed) {
  int firsts = 0, seconds = 0, passes = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    GeneratedGame g = generate_game(seed);
    Replayed r = replay(g.xml);
    ASSERT_TRUE(r.record) << g.description;
    const auto& snaps = r.outcome.snapshots;
    ASSERT_EQ(snaps.size(), r.record->turns.size() + 1) << g.description;
    for (std::size_t t = 0; t < r.record->turns.size(); ++t) {
      const int n = static_cast<int>(t) + 1;
      TurnListing l = list_turn(*snaps[t].state, r.record->turns[t], n);
      EXPECT_TRUE(l.listed) << g.description << " turn " << n << ": " << l.why;
      ++firsts;
      seconds += l.checked_second;
      passes += l.pass;
    }
  }
  EXPECT_GT(firsts, 500);
  EXPECT_GT(seconds, 300);
  EXPECT_GT(passes, 0);
}

// The state's quick answers (takes_wall, …) agree with placing the piece on a copy, for every
// piece of every colour on every state of the generator's games: walls, towers and doubles on
// each space of the set (in play or not), and every card, named or not, on each province.
TEST(CcChoices, TheQuickAnswersAgreeWithPlacingThePiece) {
  int taken = 0, refused = 0;
  std::optional<cc::State> copy;
  auto agree = [&](bool quick, const cc::Violations& v, const std::string& what) {
    EXPECT_EQ(quick, v.empty()) << what;
    (quick ? taken : refused) += 1;
  };
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    GeneratedGame g = generate_game(seed);
    Replayed r = replay(g.xml);
    ASSERT_TRUE(r.record) << g.description;
    const cc::BoardSet& set = *r.record->boards;
    for (std::size_t t = 0; t < r.outcome.snapshots.size(); t += 3) {
      const cc::State& st = *r.outcome.snapshots[t].state;
      for (const auto& player : r.record->players) {
        for (cc::Colour c : player.colours) {
          auto fresh = [&]() -> cc::State& {
            if (copy)
              *copy = st;
            else
              copy.emplace(st);
            return *copy;
          };
          const std::string at = fmt::format("{}, state {}, {}", g.description, t, cc::name(c));
          for (cc::SpaceId s = 0; s < set.space_count(); ++s) {
            agree(st.takes_wall(c, s), fresh().place_wall(c, s, 9, 1),
                  at + ": wall " + std::to_string(s));
            agree(st.takes_tower(c, s), fresh().place_tower(c, s, 9, 1),
                  at + ": tower " + std::to_string(s));
            for (cc::SpaceId b : {s, s + 1, s + 2}) {
              if (b >= set.space_count()) continue;
              int bonus = 0;
              agree(st.takes_double(c, s, b), fresh().place_double(c, s, b, 9, 1, bonus),
                    at + fmt::format(": double {} {}", s, b));
            }
          }
          for (cc::ProvinceId p = 0; p < static_cast<int>(set.sides.size()) * 3; ++p) {
            for (int kind = 0; kind <= cc::kCardKinds; ++kind) {
              std::optional<cc::CardKind> card;
              if (kind > 0) card = static_cast<cc::CardKind>(kind);
              agree(st.takes_card(c, p, card), fresh().place_card(c, p, card, 9, 1),
                    at + fmt::format(": card {} {}", p, kind));
            }
          }
        }
      }
    }
  }
  EXPECT_GT(taken, 1000);
  EXPECT_GT(refused, 1000);
}

// A turn that breaks one placement rule is never wholly listed: the mutations of the
// generator's games that break a rule of the placement decision.
TEST(CcChoices, NoTurnThatBreaksAPlacementRuleIsListed) {
  const std::vector<Mutation> kinds{Mutation::pass_and_wall,
                                    Mutation::three_walls,
                                    Mutation::first_turn_two_walls,
                                    Mutation::first_turn_tower,
                                    Mutation::pass_when_action_possible,
                                    Mutation::pass_with_double_or_tower_left,
                                    Mutation::second_tower,
                                    Mutation::second_double,
                                    Mutation::fifteenth_single_wall,
                                    Mutation::wall_on_occupied_space,
                                    Mutation::wall_off_the_board,
                                    Mutation::wall_on_claimed_space,
                                    Mutation::card_on_scored_province,
                                    Mutation::tower_next_to_tower,
                                    Mutation::two_walls_one_province,
                                    Mutation::two_cards_one_province,
                                    Mutation::card_and_wall_apart,
                                    Mutation::wall_then_card,
                                    Mutation::double_not_adjacent,
                                    Mutation::card_used_again,
                                    Mutation::card_off_the_board,
                                    Mutation::owner_double_on_claimed_space};
  int checked = 0;
  for (Mutation kind : kinds) {
    int found = 0;
    for (std::uint64_t seed = 1; seed <= 60 && found < 3; ++seed) {
      GeneratedGame g = generate_game(seed);
      auto mutated = mutate(g, kind, seed);
      if (!mutated || mutated->turn < 1) continue;
      Replayed r = replay(mutated->xml);
      if (!r.record) continue;  // a mutation the reader already refuses
      const auto t = static_cast<std::size_t>(mutated->turn - 1);
      ASSERT_LT(t, r.record->turns.size()) << mutated->what;
      ASSERT_LT(t, r.outcome.snapshots.size()) << mutated->what;
      TurnListing l = list_turn(*r.outcome.snapshots[t].state, r.record->turns[t], mutated->turn);
      EXPECT_FALSE(l.listed) << mutation_name(kind) << ", seed " << seed << ": " << mutated->what;
      ++found;
    }
    EXPECT_GT(found, 0) << mutation_name(kind);
    checked += found;
  }
  EXPECT_GT(checked, 40);
}

// The peeks a turn makes, each against the peeks listed after the last piece before it;
// the number of peeks looked at and of those not listed.
std::pair<int, int> peeks_of_turn(const cc::State& st, const cc::Turn& turn) {
  int peeks = 0, unlisted = 0;
  std::optional<cc::Move> last;
  for (const cc::Step& s : turn.steps) {
    if (is_piece(s.kind)) {
      last = move_of(st, turn.colour, s);
    } else if (s.kind == cc::StepKind::neutral) {
      last.reset();
    } else if (s.kind == cc::StepKind::peek) {
      cc::Move peek;
      peek.type = cc::MoveKind::peek;
      peek.colour = turn.colour;
      peek.a = s.region;
      peek.boards = st.board_set();
      ++peeks;
      if (!last || !has(texts(cc::peek_choices(*last)), peek.text())) ++unlisted;
    }
  }
  return {peeks, unlisted};
}

TEST(CcChoices, PeeksLookOppositeTheLastPieceOnly) {
  Replayed r;
  const cc::State& st = after_first_turn(r);
  const cc::BoardSet& set = st.boards();
  cc::Move last;
  last.colour = cc::Colour::blue;
  last.boards = st.board_set();
  last.type = cc::MoveKind::double_wall;  // A1.W2 faces M2, A1.W1 faces M1
  last.a = set.parse_space("A1.W2").value();
  last.b = set.parse_space("A1.W1").value();
  EXPECT_EQ(texts(cc::peek_choices(last)),
            (std::vector<std::string>{"blue: peek A1.M1", "blue: peek A1.M2"}));
  last.a = set.parse_space("A1.W2").value();  // W2 and W3 both face M2
  last.b = set.parse_space("A1.W3").value();
  EXPECT_EQ(texts(cc::peek_choices(last)), (std::vector<std::string>{"blue: peek A1.M2"}));
  last.type = cc::MoveKind::tower;
  last.a = set.parse_space("B1.W5").value();
  EXPECT_EQ(texts(cc::peek_choices(last)), (std::vector<std::string>{"blue: peek B1.M3"}));
  last.type = cc::MoveKind::card;
  last.a = set.parse_province("A1.P1").value();
  EXPECT_TRUE(cc::peek_choices(last).listed.empty());
}

TEST(CcChoices, EveryPeekOfGeneratedGamesIsListedAndMisplacedPeeksAreNot) {
  int peeks = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    GeneratedGame g = generate_game(seed);
    Replayed r = replay(g.xml);
    ASSERT_TRUE(r.record) << g.description;
    for (std::size_t t = 0; t < r.record->turns.size(); ++t) {
      auto [looked, unlisted] = peeks_of_turn(*r.outcome.snapshots[t].state, r.record->turns[t]);
      EXPECT_EQ(unlisted, 0) << g.description << " turn " << t + 1;
      peeks += looked;
    }
  }
  EXPECT_GT(peeks, 20);
  for (Mutation kind : {Mutation::peek_elsewhere, Mutation::peek_after_neutral}) {
    int found = 0;
    for (std::uint64_t seed = 1; seed <= 80 && found < 3; ++seed) {
      GeneratedGame g = generate_game(seed);
      auto mutated = mutate(g, kind, seed);
      if (!mutated || mutated->turn < 1) continue;
      Replayed r = replay(mutated->xml);
      ASSERT_TRUE(r.record) << mutated->what;
      const auto t = static_cast<std::size_t>(mutated->turn - 1);
      ASSERT_LT(t, r.outcome.snapshots.size()) << mutated->what;
      EXPECT_GT(peeks_of_turn(*r.outcome.snapshots[t].state, r.record->turns[t]).second, 0)
          << mutation_name(kind) << ", seed " << seed << ": " << mutated->what;
      ++found;
    }
    EXPECT_GT(found, 0) << mutation_name(kind);
  }
}

// A repair hint for a wall on a taken space: the nearest listed walls, ranked as the generic
// driver ranks legal actions (same kind first, then Action::distance, then listed order).
TEST(CcChoices, TheNearestListedPiecesRepairAWallOnATakenSpace) {
  Replayed r = replay(read_source_file("samples/chang-cheng/illegal/wall-on-occupied-space.xml"));
  ASSERT_TRUE(r.record);
  ASSERT_GE(r.outcome.snapshots.size(), 15u);
  const cc::State& st = *r.outcome.snapshots[14].state;  // before turn 15
  const cc::Turn& turn = r.record->turns[14];
  ASSERT_EQ(turn.colour, cc::Colour::blue);
  cc::Move wanted = move_of(st, turn.colour, turn.steps[0]);
  ASSERT_EQ(wanted.text(), "blue: wall 2A.W3");
  LegalActions legal = cc::placement_choices(st, cc::Colour::blue, 15, nullptr);
  EXPECT_FALSE(has(texts(legal), wanted.text()));
  std::vector<std::size_t> order(legal.listed.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    const Action& a = *legal.listed[x];
    const Action& b = *legal.listed[y];
    return std::make_pair(a.kind() != wanted.kind(), wanted.distance(a)) <
           std::make_pair(b.kind() != wanted.kind(), wanted.distance(b));
  });
  ASSERT_GE(order.size(), 3u);
  EXPECT_EQ(
      (std::vector<std::string>{legal.listed[order[0]]->text(), legal.listed[order[1]]->text(),
                                legal.listed[order[2]]->text()}),
      (std::vector<std::string>{"blue: wall 2A.W2", "blue: wall 2A.W1", "blue: wall 2A.W5"}));
}

}  // namespace
}  // namespace wallaudit::test
