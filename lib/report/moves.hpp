// `wallaudit moves`: who acts at a point of a record and every legal action of the next
// decision, grouped by kind.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/engine.hpp"

namespace wallaudit::report {

struct MovesView {
  std::string file;
  std::string game;        // the game's id
  std::string game_title;  // "Chang Cheng"
  int after_turn = 0;      // the point: after this turn (0: after the set-up)
  int turns = 0;           // the turns the record has
  bool at_end = false;     // the point is where the record stops
  std::string player;      // who acts next; empty when the game is over
  std::string decision;
  bool terminal = false;
  // Rule errors of the record up to the point (primary ones): the state is as replayed.
  std::vector<Diagnostic> errors;
  std::vector<std::pair<std::string, std::vector<std::string>>> listed;  // kind → texts
  std::vector<ActionFamily> described;
};

// Groups `legal` by kind, in the order kinds first appear.
void group_actions(const LegalActions& legal, MovesView& view);

// The text form: every line fits 80 columns.
std::string moves_text(const MovesView& view);
std::string moves_json(const MovesView& view);

}  // namespace wallaudit::report
