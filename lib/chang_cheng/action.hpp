// Chang Cheng actions: every step of a record as a typed value with a canonical one-line text
// that parses back (`red: wall 2A.W5`, `blue: resolve flood plus`). Set-up tokens, board
// sides and threat values that become known are actions of kChance.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chang_cheng/board.hpp"
#include "chang_cheng/record.hpp"
#include "chang_cheng/types.hpp"
#include "core/engine.hpp"

namespace wallaudit::cc {

enum class MoveKind : std::uint8_t {
  side,         // chance: side 1A                      a starting board side, left to right
  reputation,   // chance: reputation 1A.P1 2
  threat,       // chance: threat 1A.M1 -3 | ? (hidden) a threat token laid, or its value known
  expand,       // chance: expand 3A right             a new side joins an end of the wall
  wall,         // red: wall 1A.W1
  card,         // red: card 1A.P1 flood | ?           a card face down, named or not yet
  double_wall,  // red: double 2B.W2 2B.W3
  tower,        // red: tower 1A.W8
  neutral,      // red: neutral 1A.W5
  pass,         // red: pass
  peek,         // red: peek 1A.M1
  score,        // red: score 1A.P1                    the scoring of a completed province
  reveal,       // blue: reveal flood                  names blue's unnamed card being scored
  resolve,      // blue: resolve flood plus            the choice for a card being scored
  end,          // red: end                            the turn is over
  claim,        // red: claim bonus 2 | award 4 | loss 1A.M2 -4 | event diplomacy 3 | final 6
  seats,        // chance: seats red blue | red+green blue+yellow   the seats' colours, in order
  begin,        // red: begin                          a turn begins; the colour who plays it
};

enum class ClaimKind : std::uint8_t { bonus, award, loss, event, final };

// The board set an action names its places by (see SharedRef).
using BoardRef = SharedRef<BoardSet>;

// One action. Which fields mean something depends on `type` (see MoveKind).
class Move final : public Action {
 public:
  MoveKind type = MoveKind::pass;
  std::optional<Colour> colour;  // the actor; nullopt: chance
  int a = kNone;                 // side, space, province or region
  int b = kNone;                 // double: second space; mandarin: `with`; traitor: region
  std::optional<CardKind> card;  // card (nullopt: unnamed), reveal, resolve
  Effect effect = Effect::none;  // resolve
  std::optional<CardKind> cancels;
  Colour of = Colour::red;   // warrior: whose card it cancels
  std::optional<int> value;  // token value (nullopt: hidden), claimed points
  bool right = true;         // expand: joins the right end
  ClaimKind claim = ClaimKind::final;
  EventCard event = EventCard::diplomacy;
  std::vector<std::vector<Colour>> seats;  // seats: each seat's colours, seat order
  BoardRef boards;                         // names the places

  std::unique_ptr<Action> clone() const override { return std::make_unique<Move>(*this); }
  std::string actor() const override;
  std::string_view kind() const override { return kind_name(type); }
  std::string text() const override;
  // Same kind first; then the nearest place along the board set, then the same card/effect.
  int apart(const Action& other) const override;

  static std::string_view kind_name(MoveKind k);
};

// Reads a canonical action text on `boards`; nullopt with `error` set when it is not one.
std::optional<Move> parse_move(std::string_view text, std::shared_ptr<const BoardSet> boards,
                               std::string& error);

// The actions a record states, in record order, each with where it stands: the seats, the
// set-up's sides and tokens, every turn's steps (a turn opened by `begin` and closed by `end`),
// and the end's reveals and claims.
//
// Parts (Finding::part n points at parts[n - 1]): `seats` has <players>, <variant>, <setup>,
// then each <player> in seat order (an unknown location where the record has no such
// element); `begin` has the turn's `colour` attribute; `end` has the turn's first piece (a
// pass included), its last neutral wall, that wall's `space` attribute, then each <bonus>; a token
// has its `value` attribute; a placed piece, peek or threat reveal its place attribute; a
// resolution its target.
std::vector<PlacedAction> record_actions(const Record& rec);

}  // namespace wallaudit::cc
