// Rule catalogues: every rule id a game's rules define (and the record-format ids), with its
// title, statement, options and fix, read from the text compiled into the tool.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wallaudit {

class Registry;

enum class RuleKind : std::uint8_t {
  checked,      // a record can break it; the code reports it as a finding
  descriptive,  // a definition or statement no record can break
};

std::string_view to_string(RuleKind kind);

// A real breach of a rule taken from the bundled samples: the record's lines around the
// finding and the finding as `wallaudit check` prints it.
struct RuleBreach {
  std::string sample;            // "samples/chang-cheng/illegal/claimed-space.xml"
  std::uint32_t first_line = 0;  // the number of lines.front()
  std::vector<std::string> lines;
  std::string diagnostic;  // "FILE:LINE:COL: error: MESSAGE [CC-407]"
};

// Where the repository shows a rule at work (generated from samples/, tests/, lib/, cli/).
struct RuleEvidence {
  std::vector<std::string> emitted_in;     // source files that report the id
  std::vector<std::string> samples;        // samples that break it
  std::vector<std::string> illegal_tests;  // "FILE: case" expecting the finding
  std::vector<std::string> legal_tests;    // "FILE: case" named after it expecting none
  std::optional<RuleBreach> breach;
};

struct Rule {
  std::string id;  // "CC-406"
  std::string title;
  std::string section;
  RuleKind kind = RuleKind::checked;
  std::vector<std::string> options;  // rules-option names that change it; empty: none
  std::string statement;
  std::string fix;
  std::uint32_t line = 0;  // of the entry's header in the catalogue file
  RuleEvidence evidence;
};

// One catalogue: the rules of one game, or the record-format ids (game "record-format").
class RuleCatalogue {
 public:
  // Reads catalogue text (format: `== ID Title` then section, kind, options, statement and
  // fix fields). Every fault is appended to `errors` as "FILE:LINE: message"; the entries
  // read without fault are kept. `prefix` is the ids' prefix ("CC").
  static RuleCatalogue parse(std::string game, std::string title, std::string prefix,
                             std::string_view text, std::string_view file,
                             std::vector<std::string>& errors);

  // Adds the generated evidence text to the entries; faults (an unknown id, a bad line) go
  // to `errors` as "FILE:LINE: message".
  void add_evidence(std::string_view text, std::string_view file, std::vector<std::string>& errors);

  const std::string& game() const { return game_; }    // "chang-cheng", "record-format"
  const std::string& title() const { return title_; }  // "Chang Cheng"
  const std::string& prefix() const { return prefix_; }
  const std::vector<Rule>& rules() const { return rules_; }
  // The entry of `id` (case-insensitive), or nullptr.
  const Rule* find(std::string_view id) const;

 private:
  std::string game_, title_, prefix_;
  std::vector<Rule> rules_;
  std::map<std::string, std::size_t, std::less<>> index_;  // upper-case id → rules_ index
};

// Builds a compiled-in catalogue with its evidence; faults (which the test suite rules out)
// leave the entries read without fault.
RuleCatalogue load_catalogue(std::string game, std::string title, std::string prefix,
                             std::string_view text, std::string_view file,
                             std::string_view evidence, std::string_view evidence_file);

// The record-format catalogue (REC-…), shared by every game.
const RuleCatalogue& record_format_rules();

// Every catalogue of `registry`: each game's in registration order, then the record format.
std::vector<const RuleCatalogue*> all_catalogues(const Registry& registry);

// The entry of `id` in any catalogue of `registry` (case-insensitive), or nullptr.
const Rule* find_rule(const Registry& registry, std::string_view id);

// `ids` ordered by game (as all_catalogues) and then by number; unknown ids last, by text.
std::vector<std::string> order_rule_ids(const Registry& registry, std::vector<std::string> ids);

// Known ids nearest to `id` (edit distance, or the nearest numbers with the same prefix),
// at most `count`, nearest first.
std::vector<std::string> nearest_rule_ids(const Registry& registry, std::string_view id,
                                          std::size_t count = 5);

}  // namespace wallaudit
