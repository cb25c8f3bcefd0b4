// Small Chang Cheng records for table-driven tests, on a tiny inline board set.
#pragma once

#include <string>

namespace wallaudit::test {

// Four boards A..D, sides A1/A2 …; each side has 5 spaces:
//   W1 P1/M1, W2 P1/M2, W3 P2/M2, W4 P3/M2, W5 P3/M3.
// Province sizes 2, 1, 2; region sizes 1, 3, 1.
extern const char* const kMiniBoards;

// A record on the mini boards, sides A1 (left) and B1 (right), with tokens
// A1.P1=2 A1.P2=1 A1.P3=3 B1.P1=0 B1.P2=4 B1.P3=2 and threats
// A1.M1=-2 A1.M2=-3 A1.M3=-4 B1.M1=-3 B1.M2=-2 B1.M3=-4 (unless `setup` is given).
struct MiniRecord {
  std::string players = R"(<player colour="red" name="Ann"/><player colour="blue" name="Bo"/>)";
  std::string rules;
  std::string boards = kMiniBoards;
  std::string setup;  // empty: the standard mini set-up
  std::string play;
  std::string end;

  std::string str() const;
};

// The standard mini set-up's elements (sides and tokens).
extern const char* const kMiniSetup;
// Tokens for a new mini side joined by <expand>: reputation 1 on each province, threat -2.
std::string mini_side_tokens(const std::string& side);

}  // namespace wallaudit::test
