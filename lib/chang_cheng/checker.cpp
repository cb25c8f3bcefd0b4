// A Chang Cheng record replayed through the engine (engine.hpp) by the generic driver.
#include "chang_cheng/checker.hpp"

#include "chang_cheng/action.hpp"
#include "chang_cheng/engine.hpp"
#include "core/check.hpp"

namespace wallaudit::cc {

Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out) {
  auto head = std::make_shared<const Record>(rec);
  ReadRecord read;
  auto start = std::make_unique<Engine>(head, settings.option_overrides);
  start->keep_snapshots(settings.keep_snapshots);
  read.start = std::move(start);
  read.actions = record_actions(*head);
  read.end_loc = rec.end.present ? rec.end.loc : rec.play_loc;
  DriveOptions options;
  options.suggestions = false;
  Replay replay = drive(read, options, out);
  return static_cast<Engine&>(*replay.state).conclude(read.actions);
}

}  // namespace wallaudit::cc
