#include "core/registry.hpp"

#include <fmt/format.h>

namespace wallaudit {

void Registry::add(std::unique_ptr<Game> game) {
  games_.push_back(std::move(game));
}

const Game* Registry::find(std::string_view id) const {
  for (const auto& g : games_)
    if (g->id() == id) return g.get();
  return nullptr;
}

const Registry& builtin_registry() {
  static const Registry registry = [] {
    Registry r;
    register_builtin_games(r);
    return r;
  }();
  return registry;
}

void GameResult::finalise() {
  diagnostics.sort_for_report();
  verdict = diagnostics.verdict();
  if (verdict != Verdict::ok && verdict != Verdict::disputed) winners.clear();
  if (verdict == Verdict::malformed) {
    scores_known = false;
    scores.clear();
    finished = false;
    ended_by.clear();
  }
}

GameResult check_record(const Registry& registry, std::string text, const CheckContext& ctx) {
  GameResult result;
  auto doc = XmlDocument::parse(std::move(text), result.diagnostics);
  if (!doc) {
    result.finalise();
    return result;
  }
  pugi::xml_node root = doc->root();
  XmlChecker xml(*doc, result.diagnostics);
  std::string known;
  for (const auto& g : registry.games())
    known += fmt::format("{}\"{}\"", known.empty() ? "" : ", ", g->id());
  if (std::string_view(root.name()) != "record") {
    for (const auto& g : registry.games()) {
      for (std::string_view def : g->definition_roots()) {
        if (def != root.name()) continue;
        result.game = std::string(g->id());
        result.definition = std::string(def);
        result.finalise();
        return result;
      }
    }
    xml.error(rec::wrong_document, doc->loc(root),
              fmt::format("the root element is <{}>, not <record>: this is not a game record",
                          root.name()));
    result.finalise();
    return result;
  }
  auto game_id = xml.required(root, "game");
  if (!game_id) {
    result.finalise();
    return result;
  }
  const Game* game = registry.find(*game_id);
  if (!game) {
    xml.error(rec::wrong_document, doc->value_loc(root, "game"),
              fmt::format("unknown game \"{}\" (known: {})", *game_id, known));
    result.finalise();
    return result;
  }
  result = game->check(*doc, ctx);
  result.game = std::string(game->id());
  result.finalise();
  return result;
}

}  // namespace wallaudit
