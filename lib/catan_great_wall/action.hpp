// The actions of "The Great Wall" as typed values with a canonical one-line text
// (docs/actions.md, "The Great Wall"): the founding steps, the parts of a turn (its start, the
// roll with its echoes, trades, builds, cards, claims, its end) and the claims of the end.
// A Catan turn is a sequence of such actions; hidden information stays as the record has it
// (a card bought unnamed is a `buy-card` without a card, named by a later `reveal`).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catan_great_wall/board.hpp"
#include "catan_great_wall/record.hpp"
#include "catan_great_wall/types.hpp"
#include "core/engine.hpp"

namespace wallaudit::ct {

// A vertex or an edge as a record names it: through a hex, with a corner or a side. Two names
// of the same vertex are different places here, as the record wrote them (CT-204 judges the
// hex named through).
struct PlaceName {
  int hex = -1;
  int part = -1;  // corner (vertex) or side (edge)
  bool operator==(const PlaceName&) const = default;
};

// What a <roll> says it did: an advance, a breach with the hexes its Huns occupy, or a
// colour's production.
struct RollEcho {
  Echo::Kind kind = Echo::Kind::advance;
  int from = 0;                 // advance: numeral
  int field = -1;               // advance: to; breach: field
  std::vector<int> occupies;    // breach
  Colour colour = Colour::red;  // produce
  Cards cards{};                // produce
  bool operator==(const RollEcho&) const = default;
};

// A knight's action or the steal after its pirate move.
struct KnightMove {
  KnightAction::Kind kind = KnightAction::Kind::move_hun;
  int from = 0, to = 0;  // move-hun: numerals
  int hex = -1;          // chase-hun, pirate
  int numeral = 0;       // chase-hun
  Colour colour = Colour::red;
  Resource card = Resource::brick;  // steal
  bool operator==(const KnightMove&) const = default;
};

class Move final : public wallaudit::Action {
 public:
  enum class Kind : std::uint8_t {
    fort,        // red: fort W4
    found,       // red: found B8.S road B8.SW
    gain,        // red: gain lumber grain ore
    turn,        // red: turn
    special,     // red: special
    roll,        // red: roll 3 4, advance II F3, breach F3 occupy A1 A2, produce white brick
    discard,     // white: discard brick brick
    pirate,      // red: pirate E8
    steal,       // red: steal blue wool
    trade,       // red: trade blue give wool get grain
    bank,        // red: bank give brick brick brick brick get ore
    road,        // red: road B8.SW
    settlement,  // red: settlement D12.S hun II
    city,        // red: city A8.NW hun III
    wall_piece,  // red: wall-piece 2
    buy_card,    // red: buy-card   |   red: buy-card knight
    play_card,   // red: play knight, chase-hun A12 I, pirate E8, steal blue wool
    reveal,      // red: reveal knight
    claim,       // white: claim 2
    end,         // red: end
    end_reveal,  // red: end-reveal victory-point
    final_vp,    // red: final 10
    outcome,     // chance: outcome red   |   chance: outcome huns
    seats,       // chance: seats red blue white orange   (the <players>, in order)
  };

  Move(SharedRef<Board> board, std::optional<Colour> actor, Kind kind)
      : colour(actor), what(kind), board_(std::move(board)) {}

  std::unique_ptr<wallaudit::Action> clone() const override {
    return std::make_unique<Move>(*this);
  }
  std::string actor() const override;
  std::string_view kind() const override;
  std::string text() const override;
  // For repair hints: how far `that` lies, by the hexes its places are named through (hex
  // steps), then corner or side, Hun draws, cards, numbers and dice; a knight's actions each
  // by kind first, then by place, hex, numeral, victim and card.
  int apart(const wallaudit::Action& that) const override;

  // The board that gives hexes, walls and fields their names.
  const Board& board() const { return *board_; }

  std::optional<Colour> colour;  // who acts; nullopt: chance
  Kind what;
  Colour other = Colour::red;       // steal: from; trade: with; outcome: the winner
  bool huns = false;                // outcome: the Huns' victory
  int wall = -1;                    // fort
  int hex = -1;                     // pirate
  PlaceName place;                  // found, settlement, city: the vertex; road: the edge
  PlaceName road;                   // found: its road
  std::vector<int> draws;           // found, settlement, city: the Hun numerals drawn
  Cards cards{};                    // gain, discard; trade and bank: given
  Cards get{};                      // trade, bank
  Resource card = Resource::brick;  // steal; monopoly: the resource
  int d1 = 0, d2 = 0;               // roll
  std::vector<RollEcho> echoes;     // roll
  int number = 0;                   // wall-piece: level; claim, final: VP
  std::optional<DevCard> dev;       // buy-card (nullopt: unnamed), play-card, reveal
  std::vector<KnightMove> knight;   // play knight
  std::vector<PlaceName> roads;     // play road-building
  // play year-of-plenty: the cards taken, in the order written (of more than two, the first two
  // are taken: CT-806)
  std::vector<Resource> take;
  std::vector<std::pair<Colour, int>> gives;  // play monopoly
  std::vector<Colour> seats;                  // seats: the colours listed, as listed

 private:
  SharedRef<Board> board_;  // a record's moves only point at it (see SharedRef)
};

std::string_view kind_name(Move::Kind kind);

// Reads the canonical text of an action over `board`; nullopt with `error` set when it is not
// one.
std::optional<Move> parse_move(std::string_view text, const std::shared_ptr<const Board>& board,
                               std::string& error);

// The actions of a record in order, each with where it stands: the founding steps; for each
// <turn> or <special> its start, its steps and its end; the reveals and claims of <end>.
// The first action is chance's `seats` (the <players> element), then the rest in record order.
// Parts (Finding::part n points at parts[n - 1]):
//   seats: 1… each <player>
//   turn, special, fort, found, gain: 1 the colour attribute; fort 2 the wall;
//     found 2 the vertex, 3 the road, 4… the Hun draws
//   fort, found, gain, turn, special: last part, and reveal, final, outcome of the end: part 1,
//     the last founding settlement before it (where a <gain> missing after it is reported)
//   road, settlement, city: 1 the place; settlement, city 2… the Hun draws
//   pirate: 1 the hex
//   roll: 1… the echoes in order, then the <occupy> of each breach echo in order
//   play-card: 1… the knight's actions, the roads of road building or the monopoly's gives
//   end (of a turn): 1 the turn's last roll, 2 its last pirate move
std::vector<PlacedAction> record_actions(const Record& record);

}  // namespace wallaudit::ct
