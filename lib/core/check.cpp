// The generic checker: one driver over every game's engine.
#include "core/check.hpp"

#include <algorithm>
#include <cassert>

namespace wallaudit {

int Action::apart(const Action& other) const {
  return kind() != other.kind() ? 1000 : 1;
}

bool StepResult::erroneous() const {
  return std::any_of(findings.begin(), findings.end(), [](const Finding& f) {
    return f.kind == FindingKind::rule && f.cause == 0 && f.at == 0;
  });
}

SourceLoc PlacedAction::where(std::uint8_t part) const {
  if (part > 0 && part <= parts.size() && parts[part - 1u].known()) return parts[part - 1u];
  return loc;
}

std::vector<ActionPtr> nearest_legal(const State& state, const Action& wanted, std::size_t count) {
  LegalActions legal = state.legal_actions();
  const std::string text = wanted.text();
  struct Candidate {
    bool other_kind;
    bool other_actor;
    int distance;
    std::size_t order;
  };
  std::vector<Candidate> ranked;
  const std::string actor = wanted.actor();
  const std::string_view kind = wanted.kind();
  for (std::size_t i = 0; i < legal.listed.size(); ++i) {
    const Action& a = *legal.listed[i];
    // The text starts with the actor and the kind: only an action of the same kind can be the
    // wanted one, and only its text is worth building.
    const bool other_kind = a.kind() != kind;
    assert(!other_kind || a.text() != text);
    if (!other_kind && a.text() == text) continue;
    // A player's action is no repair of what chance brought (a value, a card, a side).
    const std::string a_actor = a.actor();
    if (actor == kChance && a_actor != kChance) continue;
    ranked.push_back({other_kind, a_actor != actor, wanted.apart(a), i});
  }
  std::sort(ranked.begin(), ranked.end(), [](const Candidate& x, const Candidate& y) {
    return std::tie(x.other_kind, x.distance, x.order) <
           std::tie(y.other_kind, y.distance, y.order);
  });
  std::vector<ActionPtr> out;
  for (std::size_t i = 0; i < ranked.size() && out.size() < count; ++i)
    out.push_back(std::move(legal.listed[ranked[i].order]));
  return out;
}

namespace {

constexpr std::size_t kSuggestions = 3;

// A second state that trails the driven one, brought forward only to the step before an
// error, so repair hints cost at most one more pass over a record.
class Trailer {
 public:
  Trailer(const ReadRecord& record) : record_(record) {}

  // The state before step `step` (steps count from 1).
  const State& before(StepNo step) {
    if (!state_) state_ = record_.start->clone();
    assert(step > applied_);
    while (applied_ + 1 < step) {
      ++applied_;
      state_->apply(*record_.actions[applied_ - 1].action, applied_);
    }
    return *state_;
  }

 private:
  const ReadRecord& record_;
  std::unique_ptr<State> state_;
  StepNo applied_ = 0;
};

void add_finding(const Finding& f, StepNo step, SourceLoc loc, int turn, const Replay& replay,
                 const ReadRecord& record, Diagnostics& out,
                 const std::vector<std::string>& suggestions) {
  if (f.at == kEndOfRecord) {
    loc = record.end_loc;
    turn = 0;
  } else if (f.at != 0) {  // about an earlier step: at its place, in its turn, unless judged
    const PlacedAction& about = record.actions[f.at - 1];  // after play (then at the end)
    loc = about.where(f.part);
    if (turn != 0) turn = about.turn;
    step = f.at;
  }
  Diagnostic& d = out.add(f.kind, std::string(f.rule), loc, f.message);
  d.turn = turn;
  d.colour = f.colour;
  d.involves = f.involves;
  if (f.cause != 0 && f.cause != step && f.cause <= replay.erroneous.size() &&
      replay.erroneous[f.cause - 1]) {
    d.follow_on = true;
    d.follows_line = record.actions[f.cause - 1].loc.line;
  }
  if (!d.follow_on && f.kind == FindingKind::rule && f.at == 0) d.suggestions = suggestions;
}

// A broken rule found about an earlier step makes that step erroneous, for what follows.
void mark_earlier(const std::vector<Finding>& findings, Replay& replay) {
  for (const Finding& f : findings) {
    if (f.at == 0 || f.at == kEndOfRecord || f.kind != FindingKind::rule || f.cause != 0) continue;
    assert(f.at <= replay.erroneous.size());
    replay.erroneous[f.at - 1] = true;
    if (replay.first_error == 0 || f.at < replay.first_error) replay.first_error = f.at;
  }
}

}  // namespace

Replay drive(const ReadRecord& record, const DriveOptions& options, Diagnostics& out) {
  Replay replay;
  assert(record.start);
  replay.state = record.start->clone();
  replay.erroneous.reserve(record.actions.size());
  Trailer trailer(record);
  int turn = 0;
  auto snapshot = [&] {
    if (options.keep_history)
      replay.snapshots.push_back(
          {turn, replay.applied, std::shared_ptr<const State>(replay.state->clone())});
  };
  bool whole = true;
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const PlacedAction& at = record.actions[i];
    if (at.turn > turn) {  // a new turn: keep the state the last one left
      snapshot();
      if (options.stop_after_turn && at.turn > *options.stop_after_turn) {
        whole = false;
        break;
      }
      turn = at.turn;
    }
    const StepNo step = static_cast<StepNo>(i + 1);
    StepResult result = replay.state->apply(*at.action, step);
    replay.applied = step;
    const bool erroneous = result.erroneous();
    replay.erroneous.push_back(erroneous);
    if (erroneous && replay.first_error == 0) replay.first_error = step;
    mark_earlier(result.findings, replay);
    std::vector<std::string> hints;
    if (erroneous && options.suggestions) {
      for (const ActionPtr& a : nearest_legal(trailer.before(step), *at.action, kSuggestions))
        hints.push_back(a->text());
    }
    for (const Finding& f : result.findings) {
      assert(f.cause <= step && (f.at < step || f.at == kEndOfRecord));
      add_finding(f, step, at.where(f.part), at.turn, replay, record, out,
                  f.cause == 0 ? hints : std::vector<std::string>{});
    }
    if (options.keep_steps) replay.steps.push_back(std::move(result));
  }
  if (whole) {
    snapshot();
    const StepNo after = replay.applied + 1;
    const std::vector<Finding> findings = replay.state->at_end_of_record();
    mark_earlier(findings, replay);
    for (const Finding& f : findings)
      add_finding(f, after, record.end_loc, 0, replay, record, out, {});
  }
  return replay;
}

GameResult EngineGame::check(const XmlDocument& doc, const CheckContext& ctx) const {
  GameResult result;
  result.game = std::string(id());
  std::optional<ReadRecord> record = read(doc, ctx, result.diagnostics);
  if (!record || !record->start) return result;
  DriveOptions options;
  options.keep_history = ctx.keep_history;
  options.keep_steps = ctx.keep_history;
  Replay replay = drive(*record, options, result.diagnostics);
  finish(*record, std::move(replay), ctx, result);
  return result;
}

}  // namespace wallaudit
