// Replays a Dschingis Bohn record through the rules engine and collects what it finds.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "dschingis_bohn/record.hpp"
#include "dschingis_bohn/state.hpp"

namespace wallaudit::db {

// A battle as fought, with the record's claim about it.
struct BattleEvent {
  int turn = 0;
  SourceLoc loc;
  BattleResult result;
  std::optional<bool> claimed_capture;
  std::vector<int> vp_after;  // per seat
};

// A harvest that carries claims (coins, bean, cards), for the audit.
struct HarvestEvent {
  int turn = 0;
  SourceLoc loc;
  int seat = -1;
  int field = 0;
  HarvestResult result;
  std::optional<int> claimed_coins, claimed_cards;
  std::optional<Bean> claimed_bean;
};

// A <vp> claim and the VP recomputed at that point.
struct VpClaim {
  int turn = 0;
  SourceLoc loc;
  Colour colour = Colour::red;
  int seat = -1;  // -1: not at the table
  int claimed = 0;
  int recomputed = 0;
};

// The state after each turn, for replay and reports.
struct TurnSnapshot {
  int turn = 0;
  SourceLoc loc;
  Colour colour = Colour::red;
  std::shared_ptr<const State> state;
};

// Counts over the game, for `wallaudit stats`.
struct PlayCounts {
  int turns = 0, harvests = 0, coins = 0, trades = 0, donations = 0, carts = 0, fields = 0;
  int reshuffles = 0, diamonds = 0, diamond_thalers = 0;
  std::vector<int> harvest_coins;  // thalers per harvest
};

struct Outcome {
  std::optional<State> state;  // absent when the set-up could not be built
  Options options;
  std::vector<Colour> seats;  // seat order
  bool finished = false;
  EndReason reason = EndReason::none;
  int end_turn = 0;
  std::vector<int> winners;  // seats, for a finished game
  std::string result_sentence;
  std::vector<TurnSnapshot> snapshots;        // index 0: after set-up; then after each turn
  std::vector<std::vector<int>> vp_at_start;  // per turn (index turn - 1), per seat
  std::vector<BattleEvent> battles;
  std::vector<HarvestEvent> harvests;  // only those with claims
  std::vector<VpClaim> vp_claims;
  PlayCounts counts;
  // JSON conventions for an illegal record: the VP at the start of the turn of its first
  // violation (zero for a set-up violation), and whether the game had ended before it.
  bool violation = false;
  std::vector<int> scores_at_violation;
  bool finished_before_violation = false;
};

struct CheckerSettings {
  bool keep_snapshots = false;
};

// Replays `rec`, adding rule violations and score disputes to `out`.
Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out);

std::string_view end_reason_name(EndReason r);  // "deck", "last-territory", ""

}  // namespace wallaudit::db
