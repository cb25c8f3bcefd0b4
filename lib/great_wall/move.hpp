// The actions of Great Wall of China, one for each element of a record that changes the game:
// the seats, the set-up's pairs, discards and hands, the start of play, a turn's scores,
// reveals, discards, plays and draws, the end of a turn, and the final claims.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine.hpp"
#include "great_wall/types.hpp"

namespace wallaudit::gw {

// Canonical texts (S1…S4 are sections, numbers are token values or places):
//   chance: seats red blue yellow        the <players>, seat order
//   chance: section S1 3 5               a set-up pair
//   chance: discard S1 4 4               an equal pair put back in the box (set-up)
//   chance: hand red wall wall gate …    a dealt hand, when the record names it
//   chance: start                        the end of the set-up
//   red: score S1 5 on 2                 the first token, laid on place 2
//   red: score S1 4                      the second token
//   red: reveal S1 3 4                   a new pair (red: reveal S1 — no pair: closed)
//   red: discard S1 4 4                  an equal pair put back in the box (in play)
//   red: play S1 wall                    a card to the right end of a section
//   red: play S1 warrior x2              several identical cards
//   red: play S1 dragon on 3             a dragon on the card at place 3
//   red: play S1 wall+gate               cards of different types (never legal)
//   red: draw                            a draw of a card not named (hidden)
//   red: draw dragon                     a draw the record names
//   red: end                             the end of red's turn
//   red: claim 23                        a final score claimed
class Move final : public Action {
 public:
  enum class Kind : std::uint8_t {
    seats,
    section,
    discard,
    hand,
    start,
    score,
    reveal,
    play,
    draw,
    end,
    claim
  };

  Kind what = Kind::start;
  std::optional<Colour> by;      // the actor; none for chance
  std::vector<Colour> colours;   // seats
  Colour subject = Colour::red;  // hand: whose
  int section = 0;
  int token = 0;            // score
  std::vector<int> tokens;  // section, discard, reveal
  std::vector<Card> cards;  // hand, play (one type, unless the record mixes them)
  int count = 1;            // play
  std::optional<int> on;    // score (first token), play (dragon)
  std::optional<Card> drawn;
  int points = 0;  // claim
  // Score only, not part of the text: the record gives the section a new pair later in the
  // same turn. A score without on="…" where no first token lies is then replayed as the
  // second token, as the record goes on to treat it.
  bool record_clears = false;

  std::unique_ptr<Action> clone() const override { return std::make_unique<Move>(*this); }
  std::string actor() const override;
  std::string_view kind() const override;
  std::string text() const override;
  // Same kind first; then the same section, the nearest token, place or card.
  int apart(const Action& other) const override;
};

// Reads a canonical text; nullopt with `error` set when it is not one.
std::optional<Move> parse_move(std::string_view text, std::string& error);

}  // namespace wallaudit::gw
