#include "chang_cheng/choices.hpp"

#include <array>
#include <cassert>
#include <optional>

namespace wallaudit::cc {

namespace {

class Lister {
 public:
  Lister(const State& state, Colour colour, int turn, std::shared_ptr<const BoardSet> boards)
      : st_(state), c_(colour), turn_(turn), boards_(std::move(boards)) {}

  // Whether the state takes `m` (a placement) without a finding; with `after`, also the state
  // after it.
  bool accepts(const Move& m, State* after = nullptr) const {
    bool takes = false;
    switch (m.type) {
      case MoveKind::wall:
        takes = st_.takes_wall(c_, m.a);
        break;
      case MoveKind::tower:
        takes = st_.takes_tower(c_, m.a);
        break;
      case MoveKind::double_wall:
        takes = st_.takes_double(c_, m.a, m.b);
        break;
      case MoveKind::card:
        takes = st_.takes_card(c_, m.a, m.card);
        break;
      default:
        return false;
    }
    assert(takes == place(m, scratch()).empty());
    if (takes && after) {
      *after = st_;
      place(m, *after);
    }
    return takes;
  }

  Move make(MoveKind kind, int a, int b = kNone, std::optional<CardKind> card = {}) const {
    Move m;
    m.type = kind;
    m.colour = c_;
    m.a = a;
    m.b = b;
    m.card = card;
    m.boards = boards_;
    return m;
  }

  // Every wall, card, double wall and tower the state accepts, in that order.
  std::vector<Move> pieces() const {
    std::vector<Move> out;
    const std::vector<SpaceId>& line = st_.line();
    for (SpaceId s : line)
      if (Move m = make(MoveKind::wall, s); accepts(m)) out.push_back(std::move(m));
    for (int side : st_.sides_in_play()) {
      for (int k = 0; k < 3; ++k) {
        const ProvinceId p = side * 3 + k;
        if (Move m = make(MoveKind::card, p); accepts(m)) out.push_back(std::move(m));
        for (int kind = 1; kind <= kCardKinds; ++kind)
          if (Move m = make(MoveKind::card, p, kNone, static_cast<CardKind>(kind)); accepts(m))
            out.push_back(std::move(m));
      }
    }
    for (std::size_t i = 0; i + 1 < line.size(); ++i)
      if (Move m = make(MoveKind::double_wall, line[i], line[i + 1]); accepts(m))
        out.push_back(std::move(m));
    for (SpaceId s : line)
      if (Move m = make(MoveKind::tower, s); accepts(m)) out.push_back(std::move(m));
    return out;
  }

  // The pieces that may follow `first` in one action (the shapes of section 4), on this
  // state (the one after `first`); with `any`, stops at the first one.
  std::vector<Move> followers(const Move& first, bool any) const {
    std::vector<Move> out;
    const BoardSet& set = *boards_;
    if (first.type != MoveKind::wall && first.type != MoveKind::card) return out;
    const ProvinceId card_province = first.type == MoveKind::card ? first.a : kNone;
    for (SpaceId s : st_.line()) {
      const ProvinceId p = set.province_of(s);
      if (first.type == MoveKind::wall ? p == set.province_of(first.a) : p != card_province)
        continue;
      if (Move m = make(MoveKind::wall, s); accepts(m)) {
        out.push_back(std::move(m));
        if (any) return out;
      }
    }
    if (first.type != MoveKind::card) return out;
    for (int side : st_.sides_in_play()) {
      for (int k = 0; k < 3; ++k) {
        const ProvinceId p = side * 3 + k;
        if (p == card_province) continue;
        if (Move m = make(MoveKind::card, p); accepts(m)) {
          out.push_back(std::move(m));
          if (any) return out;
        }
        for (int kind = 1; kind <= kCardKinds; ++kind)
          if (Move m = make(MoveKind::card, p, kNone, static_cast<CardKind>(kind)); accepts(m))
            out.push_back(std::move(m));
      }
    }
    return out;
  }

  const State& st_;
  Colour c_;
  int turn_;
  std::shared_ptr<const BoardSet> boards_;

 private:
  // Places `m` on `st` and returns what it broke.
  Violations place(const Move& m, State& st) const {
    int bonus = 0;
    switch (m.type) {
      case MoveKind::wall:
        return st.place_wall(c_, m.a, turn_, 1);
      case MoveKind::tower:
        return st.place_tower(c_, m.a, turn_, 1);
      case MoveKind::double_wall:
        return st.place_double(c_, m.a, m.b, turn_, 1, bonus);
      case MoveKind::card:
        return st.place_card(c_, m.a, m.card, turn_, 1);
      default:
        return {};
    }
  }

  // A copy of the state to try a piece on (only where asserts are on); its buffers are reused.
  [[maybe_unused]] State& scratch() const {
    if (!scratch_)
      scratch_.emplace(st_);
    else
      *scratch_ = st_;
    return *scratch_;
  }

  mutable std::optional<State> scratch_;
};

}  // namespace

LegalActions placement_choices(const State& state, Colour colour, int turn, const Move* first) {
  LegalActions out;
  Lister lister(state, colour, turn, state.board_set());
  auto add = [&](Move m) { out.listed.push_back(std::make_unique<Move>(std::move(m))); };

  if (turn <= 1) {
    if (first) return out;  // the first turn is one single wall
    for (SpaceId s : state.line())
      if (Move m = lister.make(MoveKind::wall, s); lister.accepts(m)) add(std::move(m));
    return out;
  }

  if (first) {
    for (Move& m : lister.followers(*first, false))
      add(std::move(m));
    return out;
  }

  const bool complete_open = state.complete_action(colour).has_value();
  std::vector<Move> pieces = lister.pieces();
  std::optional<State> after;
  for (Move& m : pieces) {
    bool starts_complete = m.type == MoveKind::double_wall || m.type == MoveKind::tower;
    if (!starts_complete) {
      if (!after) after.emplace(state);
      lister.accepts(m, &*after);
      starts_complete = !Lister(*after, colour, turn, lister.boards_).followers(m, true).empty();
    }
    if (starts_complete || !complete_open) add(std::move(m));
  }
  if (out.listed.empty()) add(lister.make(MoveKind::pass, kNone));
  return out;
}

LegalActions peek_choices(const Move& last) {
  LegalActions out;
  if (!last.colour || !last.boards) return out;
  if (last.type != MoveKind::wall && last.type != MoveKind::double_wall &&
      last.type != MoveKind::tower)
    return out;
  std::vector<RegionId> regions{last.boards->region_of(last.a)};
  if (last.type == MoveKind::double_wall && last.b != kNone) {
    const RegionId other = last.boards->region_of(last.b);
    if (other != regions[0])
      regions.insert(other < regions[0] ? regions.begin() : regions.end(), other);
  }
  for (RegionId r : regions) {
    auto m = std::make_unique<Move>();
    m->type = MoveKind::peek;
    m->colour = last.colour;
    m->a = r;
    m->boards = last.boards;
    out.listed.push_back(std::move(m));
  }
  return out;
}

}  // namespace wallaudit::cc
