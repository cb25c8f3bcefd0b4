#include "catan_great_wall/legal.hpp"

#include <fmt/format.h>

namespace wallaudit::ct {

namespace {

std::size_t ix(int i) {
  return static_cast<std::size_t>(i);
}

PlaceRef ref(const Board& board, const PlaceName& p, bool vertex) {
  PlaceRef r;
  r.hex = p.hex;
  r.index = vertex ? board.corner(p.hex, p.part) : board.side(p.hex, p.part);
  r.text = fmt::format("{}.{}", board.hexes[ix(p.hex)].id,
                       vertex ? corner_name(p.part) : side_name(p.part));
  return r;
}

CardList list(const Cards& cards) {
  CardList l;
  l.cards = cards;
  for (int r = 0; r < kResources; ++r)
    for (int k = 0; k < cards[ix(r)]; ++k)
      l.order.push_back(static_cast<Resource>(r));
  return l;
}

std::vector<HunDraw> draws(const std::vector<int>& numerals) {
  std::vector<HunDraw> out;
  for (int n : numerals)
    out.push_back({n, {}});
  return out;
}

// A vertex or edge by its canonical name (through a land hex where there is one).
PlaceName name_of(const Board& board, int index, bool vertex) {
  std::string text = vertex ? board.vertex_name(index) : board.edge_name(index);
  std::size_t dot = text.rfind('.');
  std::string_view part = std::string_view(text).substr(dot + 1);
  auto p = vertex ? parse_corner(part) : parse_side(part);
  return PlaceName{board.find_hex(text.substr(0, dot)), p ? *p : -1};
}

}  // namespace

Violations apply_move(State& st, const Move& m) {
  const Board& b = m.board();
  switch (m.what) {
    case Move::Kind::roll: {
      RollResult rr;
      return st.roll(m.d1, m.d2, rr);
    }
    case Move::Kind::discard:
      return st.discard(*m.colour, list(m.cards));
    case Move::Kind::pirate:
      return st.pirate(m.hex);
    case Move::Kind::steal:
      return st.steal(m.other, m.card);
    case Move::Kind::trade:
      return st.trade(m.other, list(m.cards), list(m.get));
    case Move::Kind::bank:
      return st.maritime(list(m.cards), list(m.get));
    case Move::Kind::road:
      return st.road(ref(b, m.place, false));
    case Move::Kind::settlement:
      return st.settlement(ref(b, m.place, true), draws(m.draws));
    case Move::Kind::city:
      return st.city(ref(b, m.place, true), draws(m.draws));
    case Move::Kind::wall_piece:
      return st.wall_piece(m.number);
    case Move::Kind::buy_card:
      return st.buy_card(m.dev);
    case Move::Kind::play_card: {
      Step s;
      s.kind = StepKind::play_card;
      s.dev = m.dev;
      for (const KnightMove& k : m.knight) {
        KnightAction a;
        a.kind = k.kind;
        a.from = k.from;
        a.to = k.to;
        a.hex = k.hex;
        a.numeral = k.numeral;
        a.colour = k.colour;
        a.card = k.card;
        s.actions.push_back(a);
      }
      for (const PlaceName& r : m.roads)
        s.roads.push_back(ref(b, r, false));
      for (Resource r : m.take) {
        ++s.take.cards[static_cast<std::size_t>(r)];
        s.take.order.push_back(r);
      }
      s.resource = m.card;
      for (const auto& [c, n] : m.gives)
        s.gives.push_back({c, n, {}});
      return st.play_card(s);
    }
    case Move::Kind::reveal:
      return st.reveal(*m.dev);
    case Move::Kind::end:
      return st.end_element();
    default:
      return {};
  }
}

LegalActions trade_build_actions(const State& st) {
  LegalActions out;
  std::optional<Colour> active = st.active();
  if (!active || st.over()) return out;
  const Colour c = *active;
  const std::shared_ptr<const Board> board = st.board_ptr();
  auto keep = [&](Move m) {
    State copy = st;
    if (apply_move(copy, m).empty()) out.listed.push_back(std::make_unique<Move>(std::move(m)));
  };
  auto move = [&](Move::Kind k) { return Move(board, c, k); };
  // The Hun numerals a settlement or city may draw: each still in the bag, or none when the
  // bag is empty.
  std::vector<std::vector<int>> draw_options;
  for (int n = 0; n < kNumerals; ++n)
    if (st.numeral_in_play(n) && st.bag(n) > 0) draw_options.push_back({n});
  draw_options.push_back({});
  for (int e = 0; e < board->edge_count(); ++e) {
    if (!board->edge_on_board(e, st.players())) continue;
    Move m = move(Move::Kind::road);
    m.place = name_of(*board, e, false);
    keep(std::move(m));
  }
  for (Move::Kind k : {Move::Kind::settlement, Move::Kind::city}) {
    for (int v = 0; v < board->vertex_count(); ++v) {
      if (!board->vertex_on_board(v, st.players())) continue;
      for (const auto& d : draw_options) {
        Move m = move(k);
        m.place = name_of(*board, v, true);
        m.draws = d;
        keep(std::move(m));
      }
    }
  }
  for (int level = 1; level <= 5; ++level) {
    Move m = move(Move::Kind::wall_piece);
    m.number = level;
    keep(std::move(m));
  }
  keep(move(Move::Kind::buy_card));
  for (int give = 0; give < kResources; ++give)
    for (int rate = 2; rate <= 4; ++rate)
      for (int get = 0; get < kResources; ++get) {
        if (get == give) continue;
        Move m = move(Move::Kind::bank);
        m.cards[ix(give)] = rate;
        m.get[ix(get)] = 1;
        keep(std::move(m));
      }
  keep(move(Move::Kind::end));
  int hand = total(st.player(c).hand);
  if (hand > 0)
    out.described.push_back(
        {"trade", fmt::format("{} gives 1–{} of its cards for 1 or more cards of another "
                              "playing colour, who gives only what it holds; never like for like",
                              name(c), hand)});
  return out;
}

}  // namespace wallaudit::ct
