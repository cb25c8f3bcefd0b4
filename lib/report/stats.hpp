// Figures over many games, per game: results, seats and colours, the game's own facts, and
// the most common violations.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace wallaudit::report {

// Counts of values, for mean, median and a histogram in bounded memory.
class Distribution {
 public:
  void add(double v, std::size_t times = 1);
  std::size_t count() const { return n_; }
  double mean() const;
  double median() const;
  double min() const;
  double max() const;
  const std::map<double, std::size_t>& histogram() const { return counts_; }

 private:
  std::map<double, std::size_t> counts_;
  std::size_t n_ = 0;
  double sum_ = 0;
};

struct GameStats {
  std::size_t records = 0;
  std::array<std::size_t, 4> verdicts{};
  std::size_t finished = 0;  // finished games that are ok or disputed
  Distribution players;      // seats per game
  Distribution scores;       // every colour's final score, finished legal games
  Distribution winning_scores;
  std::map<int, std::pair<std::size_t, std::size_t>> seat_wins;            // seat → wins, games
  std::map<std::string, std::pair<std::size_t, std::size_t>> colour_wins;  // colour → wins, games
  std::map<std::string, double> counts;                                    // count facts, summed
  std::map<std::string, Distribution> values;                              // value facts
  std::map<std::string, std::size_t> violations;  // rule → findings (primary ones by default)
};

class StatsAccumulator {
 public:
  // `follow_ons`: count the findings that follow from an earlier error too (by default only
  // the primary findings count).
  explicit StatsAccumulator(bool follow_ons = false) : count_follow_ons_(follow_ons) {}
  // Adds a record; a definition file (result.definition set) is listed, not counted.
  void add(const GameResult& result, const std::string& name = {});
  bool counts_follow_ons() const { return count_follow_ons_; }
  const std::map<std::string, GameStats>& games() const { return games_; }  // by game id
  std::size_t unreadable() const { return unreadable_; }
  const std::vector<std::string>& definitions() const { return definitions_; }

 private:
  std::map<std::string, GameStats> games_;
  std::size_t unreadable_ = 0;
  std::vector<std::string> definitions_;
  bool count_follow_ons_ = false;
};

std::string stats_text(const StatsAccumulator& stats);
std::string stats_json(const StatsAccumulator& stats);

}  // namespace wallaudit::report
