// What a game hands the report layer about one replayed record, in game-neutral terms:
// scoring steps as explanations, drawable views of the board after each turn, the moves in
// canonical form, and annotations per turn. The report layer renders these; it knows no rules.
#pragma once

#include <algorithm>
#include <charconv>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "core/source.hpp"

namespace wallaudit {

using ColourPoints = std::vector<std::pair<std::string, int>>;  // colour → points, seat order

// ---- explain ---------------------------------------------------------------------------

// One scoring step: a double-wall bonus, a province scoring, a region's Mongol attack, an
// event card… with its explanation and the points it gave.
struct ExplainStep {
  int turn = 0;        // 0: at the end of the game, or in the set-up when `setup`
  bool setup = false;  // a step of the set-up, before the first turn (turn 0)
  SourceLoc loc;
  std::string kind;                // "bonus", "province", "mongol", "event", … (the game's words)
  std::string title;               // "1A.P2 scored"
  std::vector<std::string> lines;  // the reasoning, in order, one sentence per line
  ColourPoints points;             // recomputed; colours absent score 0
  ColourPoints claimed;            // what the record claims here, where it does
  bool claims_totals = false;      // `claimed` holds totals (VP so far), not points
  ColourPoints recomputed_totals;  // with claims_totals: the recomputed totals they are held to
  // Every colour's total after this step, where the game's scores are not a sum of the steps'
  // points (Dschingis Bohn: VP are the territories held); empty otherwise.
  ColourPoints totals_after;
  JsonValue details;  // the same facts, structured, for --format json
};

struct Explanation {
  std::vector<std::string> colours;  // seat order
  std::vector<ExplainStep> steps;
  ColourPoints totals;        // recomputed final (or current) scores
  ColourPoints final_claims;  // <final> claims, where given
  SourceLoc final_claims_loc;
  std::vector<std::string> winners;
  std::vector<std::string> notes;  // how the game ended, unknown values, …
  bool finished = false;
};

// ---- drawing ------------------------------------------------------------------------------

// A run of text with a style: a colour name ("red", "neutral", …) or "dim", "bold", "".
struct Span {
  std::string text;
  std::string style;
};
using StyledLine = std::vector<Span>;

// A titled block of styled lines, at most 80 columns wide.
struct TextBlock {
  std::string title;
  std::vector<StyledLine> lines;
};

// A shape of an SVG scene. Coordinates are user units; `style` is a class name the report's
// style sheet knows (colours, "empty", "destroyed", "province", "region", …).
struct Shape {
  enum class Kind { rect, circle, polygon, line, text } kind = Kind::rect;
  std::vector<double> coords;  // rect: x y w h; circle: cx cy r; polygon/line: x y …; text: x y
  std::string style;
  std::string text;   // text shapes
  std::string title;  // tooltip
  std::string piece;  // non-empty for a piece on the board (the DOM test counts these)
};

// One line of a drawing's legend: a swatch drawn in `style` (when set) or the abbreviation
// `text`, and what it stands for.
struct LegendEntry {
  std::string style;
  std::string text;
  std::string meaning;
};

// Where a board place is drawn: its id as the record writes it ("2A.W5", "S1.3", "15") and
// the box round it. A place also covers the places whose ids extend its own with a dot:
// "S1" is the whole row of section S1, "S1.3" one place in it.
struct PlaceArea {
  std::string id;
  double x = 0, y = 0, width = 0, height = 0;
};

struct Scene {
  double width = 0;
  double height = 0;
  std::vector<Shape> shapes;
  // The places a finding may involve (Diagnostic::involves), so that the report can ring
  // them on the board of the finding's turn.
  std::vector<PlaceArea> places;
};

// The board after a turn (turn 0: after set-up).
struct Frame {
  int turn = 0;
  std::string label;  // "after turn 12 (red)"
  std::vector<TextBlock> blocks;
  Scene scene;
  ColourPoints scores;
  int pieces_on_board = 0;
};

// ---- the record's moves, for diff and duplicate detection -------------------------------------

// One move or set-up fact in canonical form: equal texts mean the same thing happened.
struct CanonicalItem {
  int turn = 0;  // 0: set-up
  SourceLoc loc;
  std::string text;
};

// Builds a duplicate-detection key: tool version, game and a 64-bit hash of what was added.
// Games feed it the same facts as their canonical moves, without formatting them as text.
class KeyHasher {
 public:
  KeyHasher& add(std::uint64_t v);
  KeyHasher& add(std::string_view s);
  std::string finish(std::string_view game) const;

 private:
  std::uint64_t h_ = 1469598103934665603ull;
};

// A number a canonical text writes in decimal (a char is a character, a bool no number).
template <typename T>
concept CanonicalNumber = std::integral<T> && !std::same_as<T, bool> && !std::same_as<T, char>;

// The text of one canonical move, written piece by piece into a buffer that is reused from
// move to move: no format string and, once the buffer has grown, no allocation. Integers are
// written in decimal, as fmt writes them, so the texts (and the keys hashed from them) are the
// ones a format would give.
class CanonicalText {
 public:
  void clear() { text_.clear(); }
  CanonicalText& operator<<(std::string_view s) {
    text_.append(s);
    return *this;
  }
  CanonicalText& operator<<(const char* s) { return *this << std::string_view(s); }
  CanonicalText& operator<<(char c) {
    text_.push_back(c);
    return *this;
  }
  template <CanonicalNumber T>
  CanonicalText& operator<<(T v) {
    if (v >= 0 && v < 100) {  // most numbers of a move: a section, a field, a token, a die
      if (v >= 10) text_.push_back(static_cast<char>('0' + v / 10));
      text_.push_back(static_cast<char>('0' + v % 10));
      return *this;
    }
    char digits[24];
    text_.append(digits, std::to_chars(digits, digits + sizeof digits, v).ptr);
    return *this;
  }
  std::string_view view() const { return text_; }
  // The text written so far, for a game's appending forms (card lists, bean lists) that its
  // other texts share.
  std::string& str() { return text_; }

 private:
  std::string text_;
};

// The duplicate-detection key of canonical moves (the same hasher over their texts).
std::string canonical_key(std::string_view game, const std::vector<CanonicalItem>& items);

// ---- annotations ---------------------------------------------------------------------------

struct TurnAnnotation {
  int turn = 0;
  std::vector<std::string> lines;
};

// The history of one replayed record.
class GameHistory {
 public:
  virtual ~GameHistory() = default;
  virtual std::vector<std::string> colours() const = 0;
  // Turns replayed (frames exist for 0..turns()).
  virtual int turns() const = 0;
  virtual Frame frame(int turn) const = 0;
  virtual Explanation explanation() const = 0;
  virtual std::vector<CanonicalItem> canonical() const = 0;
  // Per-turn annotations and the closing summary (turn 0 = the end).
  virtual std::vector<TurnAnnotation> annotations() const = 0;
  // What the styles and abbreviations of the drawings (Frame::scene) stand for, in the game's
  // words; the report adds the players' colours. Empty: the report lists the styles it finds.
  virtual std::vector<LegendEntry> legend() const { return {}; }
  // Elements that are turns, for writing annotations into the record.
  virtual std::vector<std::string> turn_elements() const { return {"turn"}; }
};

// The parts every game's history keeps: the record read, the outcome of its replay (with a
// snapshot of the board after the set-up and after each turn, in `snapshots`), and the
// diagnostics. A game's history derives from it and draws, explains and annotates.
template <typename Record, typename Outcome>
class RecordHistory : public GameHistory {
 public:
  RecordHistory(std::shared_ptr<const Record> record, Outcome outcome, Diagnostics diagnostics)
      : record_(std::move(record)),
        outcome_(std::move(outcome)),
        diagnostics_(std::move(diagnostics)) {}
  int turns() const override {
    return std::max(0, static_cast<int>(outcome_.snapshots.size()) - 1);
  }

 protected:
  std::shared_ptr<const Record> record_;
  Outcome outcome_;
  Diagnostics diagnostics_;
};

}  // namespace wallaudit
