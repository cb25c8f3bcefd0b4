// The interface between a game module and the rest of the tool.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "core/rules.hpp"
#include "core/table.hpp"
#include "core/xml.hpp"

namespace wallaudit {

// A rules option a game accepts in its records and through `--option NAME=VALUE`.
struct RulesOption {
  std::string name;
  std::vector<std::string> values;  // the default first
  std::string help;
};

// Reads a file a record refers to (e.g. <boards file=…>), by a path relative to the record.
// Returns the bytes, or nullopt with `error` set.
using FileLoader =
    std::function<std::optional<std::string>(std::string_view path, std::string& error)>;

// A definition document given on the command line (`--boards FILE`).
struct Definition {
  std::string name;  // the file name, for messages
  std::string text;
};

struct CheckContext {
  std::vector<std::pair<std::string, std::string>> option_overrides;
  std::vector<Definition> definitions;
  FileLoader load_relative;   // may be empty: then referenced files cannot be read
  bool keep_history = false;  // record the state after every step, for replay and reports
  bool want_key = false;      // compute GameResult::key (for duplicate detection)
  bool want_facts = false;    // compute GameResult::facts (for stats)
  // Records with more turns than this are refused (REC-017) before they are read.
  std::size_t max_turns = 10000;

  // What each game prepared from the definitions once (see Game::prepare), by game id.
  std::vector<std::pair<std::string, std::shared_ptr<const void>>> prepared;

  const void* prepared_for(std::string_view game) const {
    for (const auto& [id, data] : prepared)
      if (id == game) return data.get();
    return nullptr;
  }
};

// A fact about one game for `wallaudit stats`: a count to add up over the games, or a value
// whose distribution is described (mean, median, histogram).
struct Fact {
  enum class Kind : std::uint8_t { count, value } kind = Kind::count;
  std::string name;  // "card played: flood", "province value"
  double amount = 1;
};

class GameHistory;  // a game's timeline, for the report layer (see core/history.hpp)

// Everything the checker found out about one record, in game-neutral terms.
struct GameResult {
  std::string game;  // the record's game id; empty when the document is not a record
  Verdict verdict = Verdict::malformed;
  // The game as replayed reached its end (whoever won, whatever the verdict); false while
  // unfinished and for a malformed record.
  bool finished = false;
  // How the game ended, in the game's words ("passes", "huns", …); empty while unfinished.
  std::string ended_by;
  Diagnostics diagnostics;
  bool scores_known = false;                        // false: `scores` is reported as {}
  std::vector<std::pair<std::string, int>> scores;  // colour → recomputed points, seat order
  std::vector<int> seats;  // the seat (0-based) of each colour of `scores`; teams share one
  std::vector<std::string> winners;
  // Game-specific JSON fields (e.g. "teams"), under "details"; a game sets the same keys for
  // every record it reads, null where a record gives no value.
  JsonValue::Object extra;
  std::vector<std::string> remarks;  // plain sentences for the text report
  std::vector<Fact> facts;           // for `wallaudit stats`
  // The canonical key of the game (same set-up and moves, whatever the meta, claims,
  // annotations or layout), with the tool version; set when CheckContext::want_key.
  std::string key;
  std::shared_ptr<const GameHistory> history;
  // Set when the document is not a record but a definition file of `game` (a board set, a
  // board, a map): its root element, e.g. "board-set". Such a document has no verdict.
  std::string definition;

  // Sets `verdict` from the diagnostics and orders them for presentation.
  void finalise();
  // `scores` are the game's final scores: it finished, and the record is ok or disputed (an
  // illegal record's scores are the replay's, whether or not it reached the end).
  bool final_scores() const {
    return finished && (verdict == Verdict::ok || verdict == Verdict::disputed);
  }
};

class Game {
 public:
  virtual ~Game() = default;
  // The value of the record root's `game` attribute, e.g. "chang-cheng".
  virtual std::string_view id() const = 0;
  virtual std::string_view title() const = 0;
  virtual const std::vector<RulesOption>& options() const = 0;
  // The game's rule catalogue: every id of its rules, compiled in.
  virtual const RuleCatalogue& rules() const = 0;
  // The root elements of this game's definition files (board sets, boards, maps): a document
  // with one of them is a definition, not a record.
  virtual std::vector<std::string_view> definition_roots() const { return {}; }
  // Checks a record whose root element names this game.
  virtual GameResult check(const XmlDocument& doc, const CheckContext& ctx) const = 0;
  // Reads the definitions of `ctx` that belong to this game once, for many checks;
  // problems in them go to `problems` (with positions in the definition file).
  virtual std::shared_ptr<const void> prepare(const CheckContext& ctx,
                                              Diagnostics& problems) const = 0;
  // The boards (sides, maps) this game knows, given the definitions on the command line.
  virtual std::vector<Table> describe_boards(const CheckContext& ctx,
                                             Diagnostics& problems) const = 0;
};

// What `game.prepare` made for `ctx` once for the run or, when the caller prepared nothing,
// what it makes now (kept alive by `own`).
template <typename T>
const T* prepared_data(const Game& game, const CheckContext& ctx,
                       std::shared_ptr<const void>& own) {
  if (const void* data = ctx.prepared_for(game.id())) return static_cast<const T*>(data);
  Diagnostics ignored;
  own = game.prepare(ctx, ignored);
  return static_cast<const T*>(own.get());
}

}  // namespace wallaudit
