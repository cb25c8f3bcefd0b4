// The engine interface every game implements, in the style of OpenSpiel's `State`: a game is
// a value you can copy, driven one decision at a time by typed actions. The engine knows the
// rules and nothing of XML or output; a game's reader turns a record into a start state and
// a sequence of placed actions, and one generic driver (core/check.hpp) applies them.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/source.hpp"

namespace wallaudit {

// A rule's id as the rules documents give it ("CC-406"). Each game names every id it
// enforces once, as a constant in its `rule_ids.hpp`; nothing assembles an id from parts.
using RuleId = std::string_view;

// The number of an action in the sequence a state is driven with, counted from 1; 0 means
// "no action" (e.g. a finding that follows from nothing).
using StepNo = std::uint32_t;

// Finding::at for a finding about the end of the record (its <end>, or where the record
// stops) that a step found before the record ended.
inline constexpr StepNo kEndOfRecord = 0xFFFFFFFFu;

// The actor of a set-up step or of a hidden draw, which no player decides.
inline constexpr std::string_view kChance = "chance";

// One action of a game: a typed value with a canonical one-line text form,
// `ACTOR: KIND ARGS…` (`red: wall 2A.W5`, `blue: resolve flood plus`), that the game's
// State::parse_action reads back into an equal action.
class Action {
 public:
  virtual ~Action() = default;
  virtual std::unique_ptr<Action> clone() const = 0;
  // Who takes the action: a colour ("red"), or kChance.
  virtual std::string actor() const = 0;
  // The kind of action: the first word after the actor ("wall", "resolve", "trade").
  virtual std::string_view kind() const = 0;
  // The canonical text; text() of equal actions is equal, and only of equal actions.
  virtual std::string text() const = 0;
  // How far `other` lies from this action, for repair hints: 0 when equal; every action of
  // another kind lies farther than every action of the same kind.
  int distance(const Action& other) const { return text() == other.text() ? 0 : apart(other); }
  // distance() to an action that is not equal to this one (so at least 1), without building
  // either text. The default compares only kinds; games refine it by the nearest space, card
  // or target.
  virtual int apart(const Action& other) const;
};
using ActionPtr = std::unique_ptr<Action>;

// A finding of one step: a broken rule, a claimed figure that differs, or a remark.
struct Finding {
  FindingKind kind = FindingKind::rule;
  RuleId rule;
  std::string message;
  std::string colour;  // the colour concerned; empty when none
  // The part of the action the finding points at, an index into PlacedAction::parts;
  // 0 is the whole action.
  std::uint8_t part = 0;
  // Which input of the action a game's rules state found it about, in the game's own numbering
  // (a resolution of a scoring, a knight's action, a road of road building), and which part of
  // that input (`sub`); -1 when none. The game's engine turns them into `part` (or `at`): the
  // driver never reads them.
  std::int16_t ref = -1, sub = -1;
  // What the finding is about, in canonical names ("2A.W5", "province Shu", "red's hand").
  std::vector<std::string> involves;
  // The earlier erroneous step whose effects this finding reads (pieces, spaces, cards,
  // resources, scores of the colours affected); 0 when it reads nothing an error changed.
  // A finding with a cause is a follow-on of that step.
  StepNo cause = 0;
  // The earlier step the finding is about, when only a later one could judge it (a scoring
  // judged once its last item is in, a turn's shape at its end): it points at that step's
  // part, and a broken rule makes that step erroneous. 0: the step that returns it (or, at
  // the end of the record, the record's end); kEndOfRecord: the record's end.
  StepNo at = 0;
};

// What one applied action did.
struct StepResult {
  std::vector<Finding> findings;
  std::vector<std::pair<std::string, int>> points;  // colour → points this step gave (or took)
  std::vector<std::string> completions;             // what it completed, in words
  // True when the step broke a rule of its own (a rule finding without a cause, about itself).
  bool erroneous() const;
};

// Legal actions of a decision whose set is too large to list (domestic trades, donations):
// the kind and its bounds in words.
struct ActionFamily {
  std::string kind;
  std::string bounds;  // "give 1–7 of one resource for 1–7 of another, to any other colour"
};

struct LegalActions {
  std::vector<ActionPtr> listed;
  std::vector<ActionFamily> described;  // in addition to `listed`
};

class State {
 public:
  virtual ~State() = default;
  // An independent copy: applying actions to it leaves this state as it is.
  virtual std::unique_ptr<State> clone() const = 0;

  // Who takes the next decision: a colour, kChance, or "" when the game is over.
  virtual std::string current_player() const = 0;
  // The next decision in a few words ("turn 12, red: a wall, a scoring or a pass").
  virtual std::string decision() const = 0;
  // Every legal action of the next decision (none when the game is over).
  virtual LegalActions legal_actions() const = 0;
  // Applies `action` as step `step` (steps count from 1, one more for each call). An action
  // that breaks a rule is reported as a finding and applied as far as it can be, so that
  // later steps see the table the players saw; what it changed then carries `step` as the
  // cause of whatever reads it later.
  virtual StepResult apply(const Action& action, StepNo step) = 0;
  // Reads the canonical text of an action of this game, or nullopt with `error` set.
  virtual std::optional<ActionPtr> parse_action(std::string_view text,
                                                std::string& error) const = 0;

  virtual bool is_terminal() const = 0;
  // Every playing colour's points so far, seat order.
  virtual std::vector<std::pair<std::string, int>> scores() const = 0;
  // The table in a few lines of text, for debugging and tests.
  virtual std::string to_string() const = 0;
  // Findings only the end of a record reveals (a turn left half done, a claim never made);
  // the driver asks once, after the record's last action.
  virtual std::vector<Finding> at_end_of_record() const { return {}; }
};

// Up to `count` legal actions of `state`'s next decision nearest to `wanted`, nearest first:
// the same kind before any other kind, then by Action::distance, then in listed order. Never
// `wanted` itself, and never a player's action for one of chance. Empty when nothing such is
// legal.
std::vector<ActionPtr> nearest_legal(const State& state, const Action& wanted, std::size_t count);

// The positions of an action's parts (attributes, child elements), contiguous: up to kInline
// of them held in place, more in one block on the heap. Most actions have one to seven parts,
// and a record has hundreds of actions, so a vector each would cost an allocation each.
class Parts {
 public:
  static constexpr std::size_t kInline = 7;

  Parts() = default;
  Parts(std::initializer_list<SourceLoc> locs) { assign(locs.begin(), locs.size()); }
  Parts(const Parts& other) { assign(other.data(), other.size_); }
  Parts(Parts&& other) noexcept { take(other); }
  Parts& operator=(const Parts& other) {
    if (this != &other) assign(other.data(), other.size_);
    return *this;
  }
  Parts& operator=(Parts&& other) noexcept {
    if (this != &other) take(other);
    return *this;
  }
  Parts& operator=(std::initializer_list<SourceLoc> locs) {
    assign(locs.begin(), locs.size());
    return *this;
  }
  ~Parts() = default;

  void reserve(std::size_t n) {
    if (n > capacity_) grow(n);
  }
  void push_back(SourceLoc loc) {
    if (size_ == capacity_) grow(2 * capacity_);
    data()[size_++] = loc;
  }
  // Grows with unknown positions, or keeps the first `n`.
  void resize(std::size_t n) {
    reserve(n);
    std::fill(data() + std::min<std::size_t>(size_, n), data() + n, SourceLoc{});
    size_ = static_cast<std::uint32_t>(n);
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const SourceLoc* data() const { return heap_ ? heap_.get() : inline_.data(); }
  SourceLoc* data() { return heap_ ? heap_.get() : inline_.data(); }
  const SourceLoc* begin() const { return data(); }
  const SourceLoc* end() const { return data() + size_; }
  SourceLoc* begin() { return data(); }
  SourceLoc* end() { return data() + size_; }
  const SourceLoc& operator[](std::size_t i) const { return data()[i]; }
  SourceLoc& operator[](std::size_t i) { return data()[i]; }
  const SourceLoc& back() const { return data()[size_ - 1]; }

 private:
  void grow(std::size_t n) {
    auto block = std::make_unique<SourceLoc[]>(n);
    std::copy(begin(), end(), block.get());
    heap_ = std::move(block);
    capacity_ = static_cast<std::uint32_t>(n);
  }
  void assign(const SourceLoc* first, std::size_t n) {
    size_ = 0;
    reserve(n);
    std::copy(first, first + n, data());
    size_ = static_cast<std::uint32_t>(n);
  }
  void take(Parts& other) {
    heap_ = std::move(other.heap_);
    inline_ = other.inline_;
    size_ = other.size_;
    capacity_ = other.capacity_;
    other.size_ = 0;
    other.capacity_ = kInline;
  }

  std::unique_ptr<SourceLoc[]> heap_;  // null while the parts fit in place
  std::array<SourceLoc, kInline> inline_{};
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = kInline;
};

// An action of a record, with where it stands. The action is shared, so that a reader may
// keep all actions of a record in one block (see ActionStore) instead of one heap object each.
struct PlacedAction {
  std::shared_ptr<const Action> action;
  SourceLoc loc;  // the element
  Parts parts;    // Finding::part n > 0 points at parts[n - 1] (when known)
  int turn = 0;   // the <turn> it belongs to, from 1; 0 outside <play>
  // Where Finding::part `part` points: parts[part - 1] when known, else the element.
  SourceLoc where(std::uint8_t part) const;
};

// What an action refers to (a board set, a board), either held (a shared pointer) or only
// pointed at. An action listed or parsed on its own holds it; the actions of a record only
// point at it, since their block (ActionStore) keeps it alive, and so do the copies a game's
// state keeps of them, since the state holds the same one. Copying a pointer that holds
// nothing costs no atomic count, which threads checking records on the same built-in board
// would otherwise contend for.
template <class T>
class SharedRef {
 public:
  SharedRef() = default;
  SharedRef(std::shared_ptr<const T> held) : ptr_(held.get()), held_(std::move(held)) {}
  // Points at `target` without holding it: whoever keeps this keeps `target` alive.
  static SharedRef borrowed(const T* target) {
    SharedRef r;
    r.ptr_ = target;
    return r;
  }

  const T* get() const { return ptr_; }
  const T& operator*() const { return *ptr_; }
  const T* operator->() const { return ptr_; }
  explicit operator bool() const { return ptr_ != nullptr; }

 private:
  const T* ptr_ = nullptr;
  std::shared_ptr<const T> held_;  // empty when borrowed
};

// The actions of one record, built where they stay in a block reserved for `count` of them:
// a record's hundreds of actions cost one allocation, not one each. Each action handed out
// shares its block, so it lives as long as any of them is held, and with it `keep` (what the
// actions refer to, e.g. the board that names their places). Past `count`, a further block
// takes half as many again.
template <class A>
class ActionStore {
 public:
  explicit ActionStore(std::size_t count, std::shared_ptr<const void> keep = {})
      : block_(std::make_shared<Block>()) {
    block_->keep = std::move(keep);
    block_->items.reserve(std::max<std::size_t>(count, 1));
  }

  template <class... Args>
  std::shared_ptr<A> make(Args&&... args) {
    if (block_->items.size() == block_->items.capacity()) {
      auto next = std::make_shared<Block>();
      next->keep = block_->keep;
      next->items.reserve(std::max<std::size_t>(block_->items.capacity() / 2, 8));
      block_ = std::move(next);  // the full block lives on in the actions it handed out
    }
    A& a = block_->items.emplace_back(std::forward<Args>(args)...);  // capacity left: no move
    return std::shared_ptr<A>(block_, &a);
  }

 private:
  struct Block {
    std::shared_ptr<const void> keep;
    std::vector<A> items;
  };
  std::shared_ptr<Block> block_;
};

}  // namespace wallaudit
