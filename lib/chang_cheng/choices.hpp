// The placements open to a colour at the placement decision of its turn, listed as actions:
// the state judges each piece, and the shapes of the five actions (rules section 4) decide
// which pieces may follow which.
#pragma once

#include "chang_cheng/action.hpp"
#include "chang_cheng/state.hpp"
#include "core/engine.hpp"

namespace wallaudit::cc {

// What `colour` may place next in turn `turn` (from 1) on `state`, where `first` is the piece
// of this action already placed (nullptr: none yet).
// - Turn 1: one single wall on any space that takes it.
// - First piece of a later turn: a wall, a card (unnamed, or named with each card not yet
//   used), the double wall or the tower, each only where the state accepts it without a
//   finding; a wall or card that cannot start a complete action only when no complete action
//   is open at all (CC-404); `pass` only when no piece is open.
// - Second piece: after a wall, a wall in another province (CC-411); after a card, a card on
//   another province (CC-411) or a wall in the card's province (CC-412).
// The scorings, peeks, neutral walls and expansions that follow a placement are other
// decisions and are not listed here. Order: walls, cards, double walls, tower, pass; places
// west to east.
LegalActions placement_choices(const State& state, Colour colour, int turn, const Move* first);

// The peeks open after `last`, the last piece placed in the turn (CC-408): a look at the
// region opposite each space its owner's wall, double wall or tower covered, west to east,
// each once; none after a card, a pass or a neutral wall. Scorings and expansions between
// the piece and the peek change nothing, and a region may be looked at again.
LegalActions peek_choices(const Move& last);

}  // namespace wallaudit::cc
