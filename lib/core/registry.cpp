#include "core/registry.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/check.hpp"

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

namespace {

// Parses `text` and finds the game its root element names. Returns nullptr when the document
// is not a record of a known game (with the reason in `result`, or `result.definition` set for
// a definition file).
const Game* dispatch(const Registry& registry, std::string text, GameResult& result,
                     std::optional<XmlDocument>& doc) {
  doc = XmlDocument::parse(std::move(text), result.diagnostics);
  if (!doc) return nullptr;
  pugi::xml_node root = doc->root();
  XmlChecker xml(*doc, result.diagnostics);
  if (std::string_view(root.name()) != "record") {
    for (const auto& g : registry.games()) {
      for (std::string_view def : g->definition_roots()) {
        if (def != root.name()) continue;
        result.game = std::string(g->id());
        result.definition = std::string(def);
        return nullptr;
      }
    }
    xml.error(rec::wrong_document, doc->loc(root),
              fmt::format("the root element is <{}>, not <record>: this is not a game record",
                          root.name()));
    return nullptr;
  }
  auto game_id = xml.required(root, "game");
  if (!game_id) return nullptr;
  const Game* game = registry.find(*game_id);
  if (!game) {
    std::string known;  // named only when the game is not known
    for (const auto& g : registry.games())
      known += fmt::format("{}\"{}\"", known.empty() ? "" : ", ", g->id());
    xml.error(rec::wrong_document, doc->value_loc(root, "game"),
              fmt::format("unknown game \"{}\" (known: {})", *game_id, known));
  }
  return game;
}

}  // namespace

GameResult check_record(const Registry& registry, std::string text, const CheckContext& ctx) {
  GameResult result;
  std::optional<XmlDocument> doc;
  const Game* game = dispatch(registry, std::move(text), result, doc);
  if (game) {
    result = game->check(*doc, ctx);
    result.game = std::string(game->id());
  }
  result.finalise();
  return result;
}

std::optional<DrivenRecord> drive_record(const Registry& registry, std::string text,
                                         const CheckContext& ctx, std::optional<int> after_turn,
                                         GameResult& problems) {
  std::optional<XmlDocument> doc;
  const Game* game = dispatch(registry, std::move(text), problems, doc);
  const auto* engine = dynamic_cast<const EngineGame*>(game);
  if (game && !engine) {
    problems.game = std::string(game->id());  // a game not built on the engine: no findings
    return std::nullopt;
  }
  if (engine) {
    problems.game = std::string(engine->id());
    std::optional<ReadRecord> record = engine->read(*doc, ctx, problems.diagnostics);
    if (record && record->start && !problems.diagnostics.has(FindingKind::format)) {
      DrivenRecord out;
      out.game = engine;
      for (const PlacedAction& a : record->actions)
        out.turns = std::max(out.turns, a.turn);
      DriveOptions options;
      options.stop_after_turn = after_turn;
      out.replay = drive(*record, options, out.diagnostics);
      out.record = std::move(*record);
      out.diagnostics.sort_for_report();
      return out;
    }
  }
  problems.finalise();
  return std::nullopt;
}

}  // namespace wallaudit
