// Small hand-made records of "The Great Wall" on the modelled board, for table-driven tests.
//
// The 4-player base is the example of formats/catan-great-wall-record.md: seats red, blue,
// white, orange; forts W4, W5, W6, W3; its five turns (kDocTurns) are legal, and kMoreTurns
// continue them legally to turn 9. After turn 9 (colour → hand; a knight bought by blue in
// turn 6; one Hun on A12; pirate on E8; place I empty):
//   red    lumber, wool 2, grain 3, ore 2        (8 cards)
//   blue   brick, lumber 2, wool, grain 2, ore   (7 cards)
//   white  brick 4, wool 2, grain, ore 2         (9 cards)
//   orange brick, lumber, wool, grain, ore       (5 cards)
// Turn 10 is blue's.
//
// The 6-player base (kSixSetup) seats red, blue, white, orange, green, brown with forts W1–W6.
#pragma once

#include <string>
#include <vector>

namespace wallaudit::test {

using CtTurns = std::vector<std::string>;

extern const char* const kCtPlayers4;
extern const char* const kCtSetup4;
extern const char* const kCtPlayers6;
extern const char* const kCtSetup6;

// The example's turns 1-5 and the legal continuation to turn 9.
CtTurns ct_doc_turns();
CtTurns ct_turns9();

struct CtRecord {
  std::string rules;  // <option …/> elements
  std::string board = R"(<board name="great-wall-modelled"/>)";
  std::string players = kCtPlayers4;
  std::string setup = kCtSetup4;
  CtTurns turns;
  std::string end;  // content of <end>; no <end> when empty

  std::string str() const;
};

// Turns with one replaced (1-based), cut after `count`, or with one appended.
CtTurns ct_with(CtTurns turns, std::size_t n, std::string text);
CtTurns ct_upto(CtTurns turns, std::size_t count);
CtTurns ct_plus(CtTurns turns, std::string text);
// Replaces the first occurrence of `from` in `text` (which must occur).
std::string ct_replace(std::string text, const std::string& from, const std::string& to);

}  // namespace wallaudit::test
