// The games compiled into the tool, and the dispatch of a document to its game.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

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

}  // namespace wallaudit
