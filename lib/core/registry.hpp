// The games compiled into the tool, and the dispatch of a document to its game.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/check.hpp"
#include "core/game.hpp"

namespace wallaudit {

class Registry {
 public:
  void add(std::unique_ptr<Game> game);
  const Game* find(std::string_view id) const;
  const std::vector<std::unique_ptr<Game>>& games() const { return games_; }

 private:
  std::vector<std::unique_ptr<Game>> games_;
};

// The registry with every built-in game (generated from the build's game list).
const Registry& builtin_registry();
void register_builtin_games(Registry& registry);

// Reads the bytes of one record and checks it with the game its root element names.
GameResult check_record(const Registry& registry, std::string text, const CheckContext& ctx);

// A record driven through its game's engine up to a point.
struct DrivenRecord {
  const EngineGame* game = nullptr;
  ReadRecord record;
  Replay replay;            // its state: after `after_turn`, or where the record stops
  Diagnostics diagnostics;  // the findings up to that point, in report order
  int turns = 0;            // the turns the record has
};

// Reads a record and drives it through its game's state, stopping after turn `after_turn`
// (0: after the set-up; nullopt: the whole record). When the document is not a well-formed
// record, returns nullopt with the reasons in `problems`; for a record of a game not built on
// the engine, returns nullopt with only `problems.game` set.
std::optional<DrivenRecord> drive_record(const Registry& registry, std::string text,
                                         const CheckContext& ctx, std::optional<int> after_turn,
                                         GameResult& problems);

}  // namespace wallaudit
