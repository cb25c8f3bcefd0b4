// Replays a Chang Cheng record through the rules engine and collects what it finds.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chang_cheng/record.hpp"
#include "chang_cheng/state.hpp"
#include "core/diagnostic.hpp"
#include "core/engine.hpp"

namespace wallaudit::cc {

enum class EndReason : std::uint8_t { none, wall_complete, passes };

// One scoring step, in the order it happened, with the points it gave each colour.
struct ScoringStep {
  enum class Kind : std::uint8_t { bonus, province, mongol, event } kind = Kind::bonus;
  int turn = 0;  // 0 at the end of the game
  SourceLoc loc;
  StepNo step = 0;               // the step that made it (0: the end of the game)
  Colour colour = Colour::red;   // bonus: who placed the double wall
  SpaceId a = kNone, b = kNone;  // bonus: the double wall's spaces
  std::optional<ProvinceScore> province;
  std::optional<RegionLoss> loss;
  std::optional<EventScore> event;
  std::array<int, kAllColours> points{};
  std::array<int, kAllColours> totals{};  // running totals after this step
  // Claimed points per colour where the record states them (award, bonus, loss, event).
  std::vector<std::pair<Colour, int>> claimed;
};

// The state after each turn, for replay and reports.
struct TurnSnapshot {
  int turn = 0;
  SourceLoc loc;
  StepNo step = 0;  // the step it was taken at: the set-up's, or the turn's begin
  Colour colour = Colour::red;
  bool pass = false;
  std::shared_ptr<const State> state;
};

struct Team {
  std::string player;
  std::vector<Colour> colours;
  int points = 0;
};

struct Outcome {
  std::optional<State> state;  // the state reached (absent when set-up could not be built)
  Options options;
  bool finished = false;
  EndReason reason = EndReason::none;
  int end_turn = 0;
  std::vector<Colour> seat_colours;  // every playing colour, seat order
  std::vector<ScoringStep> steps;
  std::vector<TurnSnapshot> snapshots;  // index 0: after set-up; then after each turn
  std::vector<Colour> winners;
  std::vector<Team> teams;  // team variant only
  std::string result_sentence;
  std::vector<RegionId> unknown_threats;  // still in play at the end with no stated value
};

struct CheckerSettings {
  std::vector<std::pair<std::string, std::string>> option_overrides;
  bool keep_snapshots = false;
};

// Replays `rec`, adding rule violations and score disputes to `out`.
Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out);

}  // namespace wallaudit::cc
