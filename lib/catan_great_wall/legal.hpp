// The steps of a turn as actions on the rules engine, and the legal ones of the active colour
// where it trades and builds. An action is legal exactly when the engine, applying it to a
// copy of the state, finds no rule broken: the rules have one home, the state.
#pragma once

#include <vector>

#include "catan_great_wall/action.hpp"
#include "catan_great_wall/state.hpp"
#include "core/engine.hpp"

namespace wallaudit::ct {

// The state's view of a move's parts: a place as the record names it, a card list,
// Hun draws, and the <play> step of a played card.
PlaceRef place_ref(const Board& board, const PlaceName& place, bool vertex);
CardList card_list_of(const Cards& cards);
std::vector<HunDraw> hun_draws(const std::vector<int>& numerals);
Step play_step(const Move& move);
// A vertex or edge (board index) by its name through a hex in play with `players` (a land hex
// where there is one); its canonical name when no hex around it is in play.
PlaceName place_name(const Board& board, int index, bool vertex, int players);

// Applies a step of a turn (roll, discard, pirate, steal, trade, bank, road, settlement, city,
// wall-piece, buy-card, play, reveal, end) to `state` and returns the rules it breaks; any
// other kind of action changes nothing here and breaks nothing.
Violations apply_move(State& state, const Move& move);

// The legal actions of the active colour after its roll, with nothing of a 7 left to do:
// each road, settlement, city (with each Hun numeral it may draw), wall piece, card purchase
// (unnamed, or named as each type) and maritime trade that breaks no rule, and the end of the
// turn; domestic trades are described by their bounds. Empty when no colour is active. Places
// are named through a hex in play (place_name).
LegalActions trade_build_actions(const State& state);

// The legal actions of the next decision of a turn or special building phase under way:
// the roll (each of the 36 throws), the discards of a 7 (each choice of cards), the pirate
// move and its steal, the cards that can be played (a knight alone, with each of its actions
// and with each pair of them), reveals, and what trade_build_actions lists. Empty when no
// colour is active.
LegalActions turn_actions(const State& state);

}  // namespace wallaudit::ct
