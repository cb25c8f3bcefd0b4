// Findings about one record: format errors, rule violations, score disputes, notes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/source.hpp"

namespace wallaudit {

enum class Severity : std::uint8_t { error, warning, note };

// What a finding means for the verdict; also the order findings are listed in.
enum class FindingKind : std::uint8_t {
  format,   // the record breaks its format (REC-…): verdict malformed
  rule,     // the game as recorded breaks a rule: verdict illegal
  dispute,  // a claimed figure differs from the recomputed one: verdict disputed
  info,     // a remark that changes nothing (e.g. the game ended by passes)
};

enum class Verdict : std::uint8_t { ok, disputed, illegal, malformed };

// The note on a record checked on a built-in modelled definition (`what`: "board set", "board",
// "map"), in the same words for every game.
std::string modelled_note(std::string_view what, std::string_view name);

std::string_view to_string(Severity);
std::string_view to_string(Verdict);

struct Diagnostic {
  FindingKind kind = FindingKind::rule;
  std::string rule;  // "CC-406", "REC-003"
  SourceLoc loc;
  int turn = 0;        // 1-based count of <turn> elements; 0 when outside <play>
  std::string colour;  // the colour concerned; empty when none
  std::string message;
  std::string file;  // set when the position is in another file than the record (a definition)
  // Set when the finding may be a consequence of the earlier error on follows_line.
  bool follow_on = false;
  std::uint32_t follows_line = 0;
  // What the finding is about, in the game's canonical names ("2A.W5", "province Shu"),
  // for reports that mark it on the board; empty when the game names nothing.
  std::vector<std::string> involves;
  // For an error on an action: the nearest legal actions of that decision, in canonical
  // text, nearest first (at most three; none when nothing was legal).
  std::vector<std::string> suggestions;

  Severity severity() const;
};

// Collects findings in the order they are found.
class Diagnostics {
 public:
  Diagnostic& add(FindingKind kind, std::string rule, SourceLoc loc, std::string message);
  const std::vector<Diagnostic>& items() const { return items_; }
  std::vector<Diagnostic>& items() { return items_; }
  bool has(FindingKind kind) const;
  std::size_t count(FindingKind kind) const;
  bool empty() const { return items_.empty(); }
  // Orders findings for presentation: format errors, rule violations, disputes, notes;
  // within a kind, the order they were found in (the order of the replay).
  void sort_for_report();
  Verdict verdict() const;

 private:
  std::vector<Diagnostic> items_;
};

}  // namespace wallaudit
