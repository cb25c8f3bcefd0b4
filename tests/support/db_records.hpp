// Small hand-written Dschingis Bohn records for the rules and reader tests: a three-player
// game on modelled-19 (the layout of the record format's example), red's starting hand given,
// the deck hidden, and a legal opening of eight turns to build cases on.
#pragma once

#include <string>
#include <vector>

namespace wallaudit::test {

// Seats red, blue, green; camps green 12, blue 17, red 01 (DB-305 order).
extern const char* const kDbPlayers;
extern const char* const kDbSetup;  // camps, the 16 open sites, red's hand "soy soy chili red blue"

using DbTurns = std::vector<std::string>;

// Eight legal turns (see db_records.cpp for the state after each): after turn 6 red owns 01
// 02, blue 17 13 (cavalry 2), green 12 16 15 07 (cavalry 3, exhausted); after turn 8 red also
// owns the forest 04, blue the diamond field 14.
DbTurns db_opening();
// Four more legal turns after the opening: 9 green (a diamond flip, cavalry 3 loses to a hand
// defence, a second round takes 14), 10 red (harvests 3 red thalers, buys a cart, takes the
// rice field 03, loads 4 and takes 4), 11 blue, 12 green (two diamond fields: two flips).
DbTurns db_middle();

struct DbRecord {
  std::string players = kDbPlayers;
  std::string rules;  // the content of <rules>
  std::string map;    // a <map> element, or empty
  std::string setup = kDbSetup;
  std::string play;
  std::string end;  // an <end> element, or empty

  std::string str() const;
};

DbRecord db_record(const DbTurns& turns, std::string rules = "", std::string end = "");
std::string db_join(const DbTurns& turns);

}  // namespace wallaudit::test
