#include "chang_cheng/state.hpp"

#include "chang_cheng/rule_ids.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <limits>
#include <numeric>

namespace wallaudit::cc {

Finding violation(RuleId rule, std::string message, StepNo cause, int ref) {
  Finding f;
  f.rule = rule;
  f.message = std::move(message);
  f.cause = cause;
  f.ref = static_cast<std::int16_t>(ref);
  return f;
}

using namespace rule;

// The rule of a card's effect at a scoring; empty for the master builder, whose effect asks
// no choice that a record could get wrong.
RuleId card_rule(CardKind c) {
  switch (c) {
    case CardKind::warrior:
      return CC_510;
    case CardKind::traitor:
      return CC_511;
    case CardKind::flood:
      return CC_512;
    case CardKind::builder:
      return CC_513;
    case CardKind::master_builder:
      return {};
    case CardKind::mandarin:
      return CC_515;
  }
  return {};
}

namespace {

std::string_view piece_name(const Piece& p) {
  if (p.destroyed) return "destroyed wall";
  switch (p.kind) {
    case PieceKind::single:
      return "wall";
    case PieceKind::double_half:
      return "double wall";
    case PieceKind::tower:
      return "tower";
    case PieceKind::neutral:
      return "neutral wall";
    case PieceKind::empty:
      return "nothing";
  }
  return "piece";
}

std::string owned_piece(const Piece& p) {
  if (p.kind == PieceKind::neutral)
    return std::string(p.destroyed ? "a destroyed neutral wall" : "a neutral wall");
  return fmt::format("{}'s {}", name(p.colour), piece_name(p));
}

int ci(Colour c) {
  return static_cast<int>(c);
}

}  // namespace

std::string describe(const CardFate& f, const BoardSet& boards) {
  auto wall = [](Colour c) {
    return c == Colour::neutral ? std::string("the neutral wall")
                                : fmt::format("{}'s wall", name(c));
  };
  using W = CardFate::What;
  switch (f.what) {
    case W::never_named:
      return "never named";
    case W::cancelled_pair:
      return fmt::format("cancelled: {} {}s on the province", f.count,
                         f.card ? name(*f.card) : "card");
    case W::removed_by:
      return fmt::format("removed by {}'s warrior", name(f.other_colour));
    case W::cancels:
      return fmt::format("cancels {}'s {}", name(f.other_colour), name(f.other_card));
    case W::cancels_nothing:
      return "cancels nothing";
    case W::destroys:
      return fmt::format("destroys {} on {}", wall(f.piece_colour), boards.space_name(f.space));
    case W::destroys_nothing:
      return "destroys nothing";
    case W::destroy_no_target:
      return "destroy: no single wall to destroy, no effect";
    case W::removes:
      return fmt::format("removes the threat token of {}", boards.region_name(f.region));
    case W::removes_nothing:
      return "removes nothing";
    case W::remove_no_target:
      return "remove-threat: no token to remove, no effect";
    case W::no_target_either:
      return "no target for either effect, no effect";
    case W::no_effect_applied:
      return "no effect applied";
    case W::value:
      return fmt::format("value {:+}", f.count);
    case W::extra_walls:
      return fmt::format("{} counts {} extra wall{}", name(f.colour), f.count == 1 ? "one" : "two",
                         f.count == 1 ? "" : "s");
    case W::swaps:
      return fmt::format("swaps {} on {} with {} on {}", wall(f.piece_colour),
                         boards.space_name(f.space), wall(f.other_colour),
                         boards.space_name(f.with));
    case W::swaps_nothing:
      return "swaps nothing";
    case W::declines:
      return "declines the swap";
    case W::no_swap:
      return "no swap";
  }
  return "";
}

std::string describe(const Modifier& m) {
  return fmt::format("{:+} {} ({})", m.delta, name(m.card), name(m.colour));
}

std::string colour_list(const std::vector<Colour>& colours) {
  std::string out;
  for (std::size_t i = 0; i < colours.size(); ++i) {
    if (i > 0) out += i + 1 == colours.size() ? " and " : ", ";
    out += name(colours[i]);
  }
  return out.empty() ? "nobody" : out;
}

State::State(std::shared_ptr<const BoardSet> boards, Options options, Variant variant,
             std::vector<EventCard> events, std::vector<Colour> playing, int expansions_due)
    : boards_(std::move(boards)),
      options_(options),
      variant_(variant),
      events_(std::move(events)),
      expansions_due_(expansions_due) {
  spaces_.resize(static_cast<std::size_t>(boards_->space_count()));
  pos_.assign(spaces_.size(), -1);
  provinces_.resize(static_cast<std::size_t>(boards_->side_count()) * 3);
  regions_.resize(static_cast<std::size_t>(boards_->side_count()) * 3);
  for (Colour c : playing)
    colour(c).playing = true;
}

bool State::has_event(EventCard e) const {
  return std::find(events_.begin(), events_.end(), e) != events_.end();
}

// ---- geometry ----------------------------------------------------------------------------

void State::relayout() {
  line_.clear();
  std::fill(pos_.begin(), pos_.end(), -1);
  for (int side : sides_) {
    for (int w = 0; w < boards_->space_count(side); ++w) {
      SpaceId s = boards_->space(side, w);
      pos_[s] = static_cast<int>(line_.size());
      line_.push_back(s);
    }
  }
}

std::array<SpaceId, 2> State::neighbours(SpaceId s) const {
  int p = pos_[s];
  if (p < 0) return {kNone, kNone};
  SpaceId left = p > 0 ? line_[p - 1] : kNone;
  SpaceId right = p + 1 < static_cast<int>(line_.size()) ? line_[p + 1] : kNone;
  return {left, right};
}

bool State::adjacent(SpaceId a, SpaceId b) const {
  return pos_[a] >= 0 && pos_[b] >= 0 && std::abs(pos_[a] - pos_[b]) == 1;
}

bool State::province_adjacent_region(ProvinceId p, RegionId r) const {
  if (p / 3 != r / 3) return false;
  for (SpaceId s : spaces_of(p))
    if (boards_->region_of(s) == r) return true;
  return false;
}

int State::empty_spaces() const {
  return empty_in_play_;
}

bool State::side_in_play(int side) const {
  return std::find(sides_.begin(), sides_.end(), side) != sides_.end();
}

bool State::board_in_play(std::string_view board) const {
  return std::any_of(sides_.begin(), sides_.end(),
                     [&](int side) { return boards_->sides[side].board == board; });
}

// ---- set-up and expansion ------------------------------------------------------------------

void State::join_side(int side, bool right) {
  if (right)
    sides_.push_back(side);
  else
    sides_.insert(sides_.begin(), side);
  relayout();
  for (int k = 0; k < 3; ++k) {
    provinces_[side * 3 + k].in_play = true;
    regions_[side * 3 + k].in_play = true;
  }
  for (int w = 0; w < boards_->space_count(side); ++w) {
    SpaceId s = boards_->space(side, w);
    if (spaces_[s].empty()) {
      ++provinces_[boards_->province_of(s)].empty;
      ++empty_in_play_;
    }
  }
}

Violations State::check_token_value(bool reputation, int value, int place) {
  Violations out;
  // The place's name is formatted only for a finding: a legal record names none.
  auto where = [&] {
    return place == kNone ? std::string("the table")
           : reputation   ? boards_->province_name(place)
                          : boards_->region_name(place);
  };
  int lo = reputation ? 0 : -4, hi = reputation ? 4 : -2;
  if (value < lo || value > hi) {
    out.push_back(violation(
        CC_103, fmt::format("{} token {} on {} is outside the published range {}..{}",
                            reputation ? "reputation" : "threat", value, where(), lo, hi)));
  }
  if (boards_->mix) {
    const auto& mix = reputation ? boards_->mix->reputation : boards_->mix->threat;
    auto& drawn = reputation ? reputation_drawn_ : threat_drawn_;
    if (!mix.empty()) {
      drawn.push_back(value);
      auto used = std::count(drawn.begin(), drawn.end(), value);
      auto held = std::count(mix.begin(), mix.end(), value);
      if (used > held) {
        out.push_back(violation(
            CC_103, fmt::format("{} token {} on {}: board set \"{}\" holds {} such token{} "
                                "and this is number {}",
                                reputation ? "reputation" : "threat", value, where(), boards_->name,
                                held, held == 1 ? "" : "s", used)));
      }
    }
  }
  return out;
}

Violations State::set_reputation(ProvinceId p, int value, bool) {
  Violations out = check_token_value(true, value, p);
  provinces_[p].reputation = value;
  return out;
}

Violations State::state_threat(RegionId r, int value) {
  Violations out;
  auto& region = regions_[r];
  if (region.value) {
    if (*region.value != value)
      out.push_back(violation(
          CC_303, fmt::format("threat token of {} was stated as {} before; a token's value "
                              "never changes",
                              boards_->region_name(r), *region.value)));
    return out;
  }
  out = check_token_value(false, value, r);
  region.value = value;
  return out;
}

Violations State::check_edges(int left_side, int right_side) const {
  const auto& l = boards_->sides[left_side];
  const auto& r = boards_->sides[right_side];
  if (l.right_edge.empty() || r.left_edge.empty() || l.right_edge == r.left_edge) return {};
  return {violation(
      CC_204, fmt::format("side {} (right edge \"{}\") cannot be joined to side {} (left edge "
                          "\"{}\"): the edge shapes differ",
                          l.id, l.right_edge, r.id, r.left_edge))};
}

Violations State::expand(int side, bool right, std::uint32_t taint) {
  Violations out;
  const auto& def = boards_->sides[side];
  if (side_in_play(side)) {
    out.push_back(
        violation(CC_601, fmt::format("side {} is already in play", def.id), wall_taint_));
    return out;
  }
  if (board_in_play(def.board)) {
    out.push_back(violation(CC_601,
                            fmt::format("side {} belongs to board {}, which is already in play; "
                                        "a new side comes from a board not yet in play",
                                        def.id, def.board),
                            wall_taint_));
  }
  if (!sides_.empty()) {
    auto edge = right ? check_edges(sides_.back(), side) : check_edges(side, sides_.front());
    out.insert(out.end(), edge.begin(), edge.end());
  }
  if (expansions_pending_ > 0) {
    if (--expansions_pending_ == 0) layout_taint_ = 0;
  } else {
    out.push_back(
        violation(CC_601,
                  expansions_done_ >= expansions_due_
                      ? fmt::format("no expansion is due: with this many players the wall "
                                    "grows {} time{} and has done so",
                                    expansions_due_, expansions_due_ == 1 ? "" : "s")
                      : fmt::format("no expansion is due: {} emperor card{} since the last "
                                    "expansion, 3 are needed",
                                    emperor_cards_, emperor_cards_ == 1 ? "" : "s"),
                  wall_taint_));
  }
  ++expansions_done_;
  join_side(side, right);
  if (taint || !out.empty()) {
    for (int k = 0; k < 3; ++k)
      provinces_[side * 3 + k].taint = taint;
  }
  return out;
}

// ---- placements ----------------------------------------------------------------------------

Block State::reservation(SpaceId s, Colour c, SpaceId filled) const {
  bool reserved_other = false;
  std::optional<Colour> owner;
  bool two_owners = false;
  for (const Tower& t : towers_) {
    if (!t.claim) continue;
    auto nb = neighbours(t.space);
    if (nb[0] != s && nb[1] != s) continue;
    int empty = 0;
    for (SpaceId n : nb)
      if (n != kNone && spaces_[n].empty() && n != filled) ++empty;
    if (empty != 1) continue;
    if (owner && *owner != t.owner) two_owners = true;
    owner = t.owner;
    if (t.owner != c) reserved_other = true;
  }
  if (two_owners) return Block::reserved_twice;
  if (reserved_other) return Block::reserved;
  return Block::none;
}

Block State::blocked(SpaceId s, PieceKind kind, Colour c) const {
  if (pos_[s] < 0) return Block::not_in_play;
  if (!spaces_[s].empty()) return Block::occupied;
  Block r = reservation(s, c);
  if (r == Block::reserved_twice) return r;
  if (r == Block::reserved) return r;
  // A reserved space takes only its owner's single wall.
  if (kind != PieceKind::single && reservation(s, Colour::neutral) != Block::none) {
    return Block::reserved;
  }
  return Block::none;
}

std::string State::describe_block(SpaceId s, PieceKind kind, Colour c) const {
  std::string space = boards_->space_name(s);
  switch (blocked(s, kind, c)) {
    case Block::none:
      return fmt::format("{} is free", space);
    case Block::not_in_play: {
      const auto& side = boards_->sides[boards_->side_of_space(s)];
      return fmt::format("{} is not in play (side {} is not part of the wall)", space, side.id);
    }
    case Block::occupied: {
      const Piece& p = spaces_[s];
      return fmt::format("{} already holds {} (placed on turn {})", space, owned_piece(p), p.turn);
    }
    case Block::reserved:
    case Block::reserved_twice: {
      std::vector<std::string> towers;
      std::vector<Colour> owners;
      for (const Tower& t : towers_) {
        auto nb = neighbours(t.space);
        if (!t.claim || (nb[0] != s && nb[1] != s)) continue;
        int empty = 0;
        for (SpaceId n : nb)
          if (n != kNone && spaces_[n].empty()) ++empty;
        if (empty != 1) continue;
        towers.push_back(
            fmt::format("{}'s tower on {}", name(t.owner), boards_->space_name(t.space)));
        if (std::find(owners.begin(), owners.end(), t.owner) == owners.end())
          owners.push_back(t.owner);
      }
      std::string list;
      for (std::size_t i = 0; i < towers.size(); ++i)
        list += (i ? " and " : "") + towers[i];
      if (owners.size() > 1)
        return fmt::format(
            "{} is the last free space next to {}: claimed by two colours, it "
            "takes nothing",
            space, list);
      return fmt::format(
          "{} is the last free space next to {}: it takes only {}'s single "
          "walls",
          space, list, name(owners.front()));
    }
  }
  return space;
}

Violations State::check_space(SpaceId s, PieceKind kind, Colour c) const {
  Block b = blocked(s, kind, c);
  if (b == Block::none) return {};
  std::uint32_t follows = b == Block::occupied      ? spaces_[s].taint
                          : b == Block::not_in_play ? layout_taint_
                                                    : 0;
  const bool reserved = b == Block::reserved || b == Block::reserved_twice;
  // A reservation reads the claims, which the whole wall sets; a space taken or off the wall
  // reads that space.
  follows = reserved ? or_wall(follows) : or_content(follows);
  std::string_view rule = reserved ? CC_407 : CC_406;
  return {violation(rule, describe_block(s, kind, c), follows)};
}

Violations State::check_supply(Colour c, PieceKind kind) const {
  const ColourState& cs = colour(c);
  std::string what;
  if (kind == PieceKind::single && cs.singles <= 0) what = "all 14 single walls";
  if (kind == PieceKind::double_half && cs.doubles <= 0) what = "its double wall";
  if (kind == PieceKind::tower && cs.towers <= 0) what = "its tower";
  if (what.empty()) return {};
  return {violation(CC_405, fmt::format("{} has already placed {}", name(c), what),
                    or_wall(cs.supply_taint))};
}

void State::put(SpaceId s, PieceKind kind, Colour c, int turn, std::uint32_t taint) {
  Piece& p = spaces_[s];
  p.kind = kind;
  p.colour = c;
  p.destroyed = false;
  p.turn = static_cast<std::uint16_t>(std::min(turn, 65535));
  p.taint = taint;
  --provinces_[boards_->province_of(s)].empty;
  --empty_in_play_;
}

void State::end_claims_next_to(SpaceId s, Colour c) {
  if (options_.tower_claim == TowerClaimOption::permanent) return;
  for (Tower& t : towers_) {
    if (!t.claim || t.owner != c) continue;
    auto nb = neighbours(t.space);
    if (nb[0] == s || nb[1] == s) t.claim = false;
  }
}

void State::end_claims_after_swap() {
  if (options_.tower_claim == TowerClaimOption::permanent) return;
  for (Tower& t : towers_) {
    if (!t.claim) continue;
    for (SpaceId n : neighbours(t.space)) {
      if (n != kNone && spaces_[n].kind == PieceKind::single && spaces_[n].colour == t.owner)
        t.claim = false;
    }
  }
}

Violations State::place_wall(Colour c, SpaceId s, int turn, std::uint32_t line) {
  Violations out = check_space(s, PieceKind::single, c);
  bool placeable = pos_[s] >= 0 && spaces_[s].empty();
  auto supply = check_supply(c, PieceKind::single);
  out.insert(out.end(), supply.begin(), supply.end());
  if (!placeable) return out;
  std::uint32_t taint = out.empty() ? 0 : line;
  put(s, PieceKind::single, c, turn, taint);
  auto& cs = colour(c);
  --cs.singles;
  if (taint && !cs.supply_taint) cs.supply_taint = taint;
  end_claims_next_to(s, c);
  return out;
}

Violations State::place_double(Colour c, SpaceId a, SpaceId b, int turn, std::uint32_t line,
                               int& bonus) {
  Violations out;
  bonus = 0;
  if (a == b) {
    out.push_back(
        violation(CC_413, fmt::format("a double wall covers two different spaces, not {} twice",
                                      boards_->space_name(a))));
    return out;
  }
  for (SpaceId s : {a, b}) {
    auto v = check_space(s, PieceKind::double_half, c);
    out.insert(out.end(), v.begin(), v.end());
  }
  bool placeable = pos_[a] >= 0 && pos_[b] >= 0 && spaces_[a].empty() && spaces_[b].empty();
  if (placeable && !adjacent(a, b)) {
    out.push_back(
        violation(CC_413, fmt::format("{} and {} are not adjacent: a double wall covers two "
                                      "neighbouring spaces",
                                      boards_->space_name(a), boards_->space_name(b))));
  }
  auto supply = check_supply(c, PieceKind::double_half);
  out.insert(out.end(), supply.begin(), supply.end());
  if (!placeable) return out;
  std::uint32_t taint = out.empty() ? 0 : line;
  put(a, PieceKind::double_half, c, turn, taint);
  put(b, PieceKind::double_half, c, turn, taint);
  auto& cs = colour(c);
  --cs.doubles;
  if (taint && !cs.supply_taint) cs.supply_taint = taint;
  int provinces = boards_->province_of(a) == boards_->province_of(b) ? 1 : 2;
  int regions = boards_->region_of(a) == boards_->region_of(b) ? 1 : 2;
  bonus = provinces + regions;
  add_points(c, bonus, taint);
  return out;
}

Violations State::place_tower(Colour c, SpaceId s, int turn, std::uint32_t line) {
  Violations out = check_space(s, PieceKind::tower, c);
  bool placeable = pos_[s] >= 0 && spaces_[s].empty();
  if (placeable) {
    std::string towers;
    std::uint32_t follows = 0;
    for (SpaceId n : neighbours(s)) {
      if (n == kNone || spaces_[n].kind != PieceKind::tower) continue;
      towers += fmt::format("{}{}'s tower on {}", towers.empty() ? "" : " and ",
                            name(spaces_[n].colour), boards_->space_name(n));
      if (!follows) follows = spaces_[n].taint;
    }
    if (!towers.empty())
      out.push_back(violation(CC_410,
                              fmt::format("{} is next to {}: towers are never adjacent",
                                          boards_->space_name(s), towers),
                              or_content(follows)));
  }
  auto supply = check_supply(c, PieceKind::tower);
  out.insert(out.end(), supply.begin(), supply.end());
  if (!placeable) return out;
  std::uint32_t taint = out.empty() ? 0 : line;
  put(s, PieceKind::tower, c, turn, taint);
  auto& cs = colour(c);
  --cs.towers;
  if (taint && !cs.supply_taint) cs.supply_taint = taint;
  Tower tower{s, c, false};
  bool any_empty = false, own_wall = false;
  for (SpaceId n : neighbours(s)) {
    if (n == kNone) continue;
    if (spaces_[n].empty()) any_empty = true;
    if (spaces_[n].kind == PieceKind::single && spaces_[n].colour == c) own_wall = true;
  }
  tower.claim = any_empty && !(own_wall && options_.tower_claim == TowerClaimOption::until_used);
  towers_.push_back(tower);
  return out;
}

Violations State::place_neutral(SpaceId s, int turn, std::uint32_t line) {
  Violations out = check_space(s, PieceKind::neutral, Colour::neutral);
  bool placeable = pos_[s] >= 0 && spaces_[s].empty();
  if (neutral_left_ <= 0)
    out.push_back(violation(CC_1101, "the pool of 12 neutral walls is empty", wall_taint_));
  if (!placeable) return out;
  put(s, PieceKind::neutral, Colour::neutral, turn, out.empty() ? 0 : line);
  --neutral_left_;
  return out;
}

Violations State::place_card(Colour c, ProvinceId p, std::optional<CardKind> card, int turn,
                             std::uint32_t line) {
  Violations out;
  auto& prov = provinces_[p];
  auto& cs = colour(c);
  bool placeable = true;
  if (!prov.in_play) {
    out.push_back(violation(CC_409, fmt::format("{} is not in play", boards_->province_name(p)),
                            wall_taint_));
    placeable = false;
  } else if (prov.scored || prov.empty == 0) {
    out.push_back(violation(CC_409,
                            fmt::format("{} is already complete: cards go only on unfinished "
                                        "provinces",
                                        boards_->province_name(p)),
                            or_wall(prov.taint)));
    placeable = false;
  }
  if (cs.cards_placed >= kCardKinds) {
    out.push_back(violation(CC_405,
                            fmt::format("{} has already played all six action cards", name(c)),
                            or_wall(cs.card_taint)));
  } else if (card && (cs.cards_named >> (rank(*card) - 1) & 1)) {
    out.push_back(violation(CC_405,
                            fmt::format("{} has already used its {}; each card is used once per "
                                        "game",
                                        name(c), name(*card)),
                            or_wall(cs.card_taint)));
  }
  if (!placeable) return out;
  std::uint32_t taint = out.empty() ? 0 : line;
  ++cs.cards_placed;
  if (card) cs.cards_named |= static_cast<std::uint8_t>(1u << (rank(*card) - 1));
  if (taint && !cs.card_taint) cs.card_taint = taint;
  prov.cards.push_back({c, card, turn, taint});
  return out;
}

bool State::takes_wall(Colour c, SpaceId s) const {
  return blocked(s, PieceKind::single, c) == Block::none && colour(c).singles > 0;
}

bool State::takes_double(Colour c, SpaceId a, SpaceId b) const {
  // Both spaces free (so in play and empty), next to each other, and a double wall left.
  return a != b && blocked(a, PieceKind::double_half, c) == Block::none &&
         blocked(b, PieceKind::double_half, c) == Block::none && adjacent(a, b) &&
         colour(c).doubles > 0;
}

bool State::takes_tower(Colour c, SpaceId s) const {
  if (blocked(s, PieceKind::tower, c) != Block::none || colour(c).towers <= 0) return false;
  for (SpaceId n : neighbours(s))
    if (n != kNone && spaces_[n].kind == PieceKind::tower) return false;
  return true;
}

bool State::takes_card(Colour c, ProvinceId p, std::optional<CardKind> card) const {
  const ProvinceState& prov = provinces_[p];
  const ColourState& cs = colour(c);
  if (!prov.in_play || prov.scored || prov.empty == 0) return false;
  if (cs.cards_placed >= kCardKinds) return false;
  return !(card && (cs.cards_named >> (rank(*card) - 1) & 1));
}

bool State::complete(ProvinceId p) const {
  return provinces_[p].in_play && provinces_[p].empty == 0;
}

std::vector<ProvinceId> State::completed_unscored() const {
  std::vector<std::pair<int, ProvinceId>> found;
  for (int side : sides_) {
    for (int k = 0; k < 3; ++k) {
      ProvinceId p = side * 3 + k;
      if (!provinces_[p].scored && complete(p)) found.emplace_back(pos_[spaces_of(p).front()], p);
    }
  }
  std::sort(found.begin(), found.end());
  std::vector<ProvinceId> out;
  for (auto& [pos, p] : found)
    out.push_back(p);
  return out;
}

void State::completed_by(SpaceId a, SpaceId b, std::vector<ProvinceId>& out) const {
  // Only the provinces of the spaces just filled can have become complete; left to right.
  ProvinceId pa = a == kNone ? kNone : boards_->province_of(a);
  ProvinceId pb = b == kNone ? kNone : boards_->province_of(b);
  auto add = [&](ProvinceId p) {
    if (p != kNone && !provinces_[p].scored && complete(p) &&
        std::find(out.begin(), out.end(), p) == out.end())
      out.push_back(p);
  };
  if (pa != kNone && pb != kNone && pa != pb &&
      pos_[spaces_of(pb).front()] < pos_[spaces_of(pa).front()])
    std::swap(pa, pb);
  add(pa);
  add(pb);
}

// ---- CC-404 --------------------------------------------------------------------------------

bool State::accepts_single(SpaceId s, Colour c, SpaceId filled) const {
  return pos_[s] >= 0 && spaces_[s].empty() && s != filled &&
         reservation(s, c, filled) == Block::none;
}

std::optional<ActionExample> State::complete_action(Colour c) const {
  using K = ActionExample::Kind;
  const ColourState& cs = colour(c);
  int cards_left = kCardKinds - cs.cards_placed;
  if (cs.singles >= 2) {
    for (SpaceId a : line_) {
      if (!accepts_single(a, c)) continue;
      for (SpaceId b : line_) {
        if (boards_->province_of(b) != boards_->province_of(a) && accepts_single(b, c, a))
          return ActionExample{K::two_walls, a, b};
      }
    }
  }
  if (cards_left >= 2) {
    std::vector<ProvinceId> unfinished;
    for (int side : sides_)
      for (int k = 0; k < 3 && unfinished.size() < 2; ++k)
        if (provinces_[side * 3 + k].empty > 0) unfinished.push_back(side * 3 + k);
    if (unfinished.size() >= 2) return ActionExample{K::two_cards, unfinished[0], unfinished[1]};
  }
  if (cards_left >= 1 && cs.singles >= 1) {
    for (SpaceId s : line_)
      if (accepts_single(s, c)) return ActionExample{K::card_and_wall, boards_->province_of(s), s};
  }
  if (cs.doubles >= 1) {
    for (std::size_t i = 0; i + 1 < line_.size(); ++i) {
      if (blocked(line_[i], PieceKind::double_half, c) == Block::none &&
          blocked(line_[i + 1], PieceKind::double_half, c) == Block::none)
        return ActionExample{K::double_wall, line_[i], line_[i + 1]};
    }
  }
  if (cs.towers >= 1) {
    for (SpaceId s : line_) {
      if (blocked(s, PieceKind::tower, c) != Block::none) continue;
      bool next_to_tower = false;
      for (SpaceId n : neighbours(s))
        if (n != kNone && spaces_[n].kind == PieceKind::tower) next_to_tower = true;
      if (!next_to_tower) return ActionExample{K::tower, s, kNone};
    }
  }
  return std::nullopt;
}

std::optional<ActionExample> State::partial_action(Colour c) const {
  using K = ActionExample::Kind;
  const ColourState& cs = colour(c);
  if (cs.singles >= 1) {
    for (SpaceId s : line_)
      if (accepts_single(s, c)) return ActionExample{K::single_wall, s, kNone};
  }
  if (cs.cards_placed < kCardKinds) {
    for (int side : sides_)
      for (int k = 0; k < 3; ++k)
        if (provinces_[side * 3 + k].empty > 0) return ActionExample{K::card, side * 3 + k, kNone};
  }
  return std::nullopt;
}

std::string describe(const ActionExample& e, const BoardSet& boards) {
  using K = ActionExample::Kind;
  switch (e.kind) {
    case K::two_walls:
      return fmt::format("two walls, e.g. on {} and {}", boards.space_name(e.a),
                         boards.space_name(e.b));
    case K::two_cards:
      return fmt::format("two cards, e.g. on {} and {}", boards.province_name(e.a),
                         boards.province_name(e.b));
    case K::card_and_wall:
      return fmt::format("card and wall, e.g. on {} and {}", boards.province_name(e.a),
                         boards.space_name(e.b));
    case K::double_wall:
      return fmt::format("the double wall, e.g. on {} {}", boards.space_name(e.a),
                         boards.space_name(e.b));
    case K::tower:
      return fmt::format("the tower, e.g. on {}", boards.space_name(e.a));
    case K::single_wall:
      return fmt::format("a single wall on {}", boards.space_name(e.a));
    case K::card:
      return fmt::format("a card on {}", boards.province_name(e.a));
  }
  return "";
}

// ---- scoring ---------------------------------------------------------------------------------

void State::add_points(Colour c, int points, std::uint32_t taint) {
  auto& cs = colour(c);
  cs.score += points;
  if (taint && !cs.score_taint) cs.score_taint = taint;
}

void State::taint_scores(std::uint32_t line) {
  for (auto& cs : colours_)
    if (cs.playing && !cs.score_taint) cs.score_taint = line;
}

namespace {

struct LiveCard {
  Colour colour;
  CardKind card;
  bool alive = true;
  std::uint32_t taint = 0;
  // An earlier error of this scoring that changed what this card does: a reveal that named a
  // card of the scoring, a warrior's cancel not applied. 0 when none did.
  std::uint32_t cause = 0;
};

std::string card_name(Colour c, CardKind k) {
  return fmt::format("{}'s {}", name(c), name(k));
}

}  // namespace

ProvinceScore State::score_province(ProvinceId p, const std::vector<Reveal>& reveals,
                                    const std::vector<Resolution>& choices, std::uint32_t line,
                                    Violations& out) {
  ProvinceScore score;
  score.province = p;
  auto& prov = provinces_[p];
  auto pname = [&] { return boards_->province_name(p); };
  score.taint = prov.taint;
  for (SpaceId s : spaces_of(p))
    if (spaces_[s].taint && !score.taint) score.taint = spaces_[s].taint;

  // 1. Reveal: name the cards placed face down. A reveal that breaks CC-1201 but names a card
  // all the same may take the card a later reveal of that colour meant.
  std::array<std::uint32_t, kAllColours> misnamed{};
  for (std::size_t i = 0; i < reveals.size(); ++i) {
    const Reveal& r = reveals[i];
    auto it = std::find_if(prov.cards.begin(), prov.cards.end(),
                           [&](const PlacedCard& pc) { return pc.colour == r.colour && !pc.card; });
    if (it == prov.cards.end()) {
      bool named_before = std::any_of(prov.cards.begin(), prov.cards.end(), [&](auto& pc) {
        return pc.colour == r.colour && pc.card == r.card;
      });
      out.push_back(violation(
          CC_1201,
          named_before ? fmt::format("{} was named when it was placed; only a card placed "
                                     "unnamed is named at the reveal",
                                     card_name(r.colour, r.card))
                       : fmt::format("{} has no unnamed card on {} to reveal as a {}",
                                     name(r.colour), pname(), name(r.card)),
          or_wall(misnamed[ci(r.colour)]), static_cast<int>(i)));
      continue;
    }
    auto& cs = colour(r.colour);
    if (cs.cards_named >> (rank(r.card) - 1) & 1) {
      out.push_back(violation(CC_1201,
                              fmt::format("{} has already used its {}: each colour's six cards are "
                                          "distinct",
                                          name(r.colour), name(r.card)),
                              or_wall(cs.card_taint), static_cast<int>(i)));
      if (!score.taint) score.taint = line;
      // Named all the same: what that card then does follows from this reveal.
      it->name_taint = r.line ? r.line : line;
      if (!misnamed[ci(r.colour)]) misnamed[ci(r.colour)] = it->name_taint;
    }
    cs.cards_named |= static_cast<std::uint8_t>(1u << (rank(r.card) - 1));
    it->card = r.card;
  }
  for (const PlacedCard& pc : prov.cards) {
    if (pc.taint && !score.taint) score.taint = pc.taint;
    if (!pc.card) {
      out.push_back(
          violation(CC_1201,
                    fmt::format("{}'s card placed on {} on turn {} is never named; name it "
                                "with <reveal colour=\"{}\" card=\"…\"/>",
                                name(pc.colour), pname(), pc.turn, name(pc.colour)),
                    wall_taint_));
      CardFate fate;
      fate.kind = CardFate::Kind::unnamed;
      fate.what = CardFate::What::never_named;
      fate.colour = pc.colour;
      score.cards.push_back(fate);
      if (!score.taint) score.taint = line;
    }
  }

  // 2.–3. Cancel pairs, then resolve in ascending rank.
  resolve_cards(p, score, choices, line, out);

  // 4. Value and strengths.
  for (SpaceId s : spaces_of(p)) {
    const Piece& piece = spaces_[s];
    if (piece.empty()) continue;
    if (piece.destroyed) {
      ++score.destroyed;
      continue;
    }
    ++score.intact;
    ++score.pieces[ci(piece.colour)];
  }
  score.token = prov.reputation.value_or(0);
  score.value = score.intact + score.token + score.modifiers;
  int top = 0;
  for (int c = 0; c < kPlayerColours; ++c)
    top = std::max(top, score.pieces[c] + score.extra[c]);
  int neutral = score.pieces[ci(Colour::neutral)];
  if (top > 0) {
    if (options_.neutral_majority == NeutralMajority::blocks && neutral > top) {
      score.neutral_blocks = true;
    } else {
      for (int c = 0; c < kPlayerColours; ++c)
        if (score.pieces[c] + score.extra[c] == top)
          score.scorers.push_back(static_cast<Colour>(c));
    }
  }
  for (Colour c : score.scorers)
    add_points(c, score.value, score.taint);
  if (score.taint) {
    for (int c = 0; c < kPlayerColours; ++c) {
      bool involved = score.pieces[c] > 0 || score.extra[c] > 0 ||
                      std::any_of(prov.cards.begin(), prov.cards.end(),
                                  [&](auto& pc) { return ci(pc.colour) == c; });
      if (involved && !colours_[c].score_taint) colours_[c].score_taint = score.taint;
    }
  }

  // 5. The province is done; its cards leave the game.
  prov.scored = true;
  prov.cards.clear();
  return score;
}

void State::resolve_cards(ProvinceId p, ProvinceScore& score,
                          const std::vector<Resolution>& choices, std::uint32_t line,
                          Violations& out) {
  auto& prov = provinces_[p];
  auto pname = [&] { return boards_->province_name(p); };
  std::vector<LiveCard> live;
  live.reserve(prov.cards.size());
  score.cards.reserve(prov.cards.size());
  for (const PlacedCard& pc : prov.cards)
    if (pc.card) live.push_back({pc.colour, *pc.card, true, pc.taint, pc.name_taint});
  // A card named by an erroneous reveal changes what the others do (which pairs cancel, what a
  // warrior faces): every card of the scoring reads it.
  std::uint32_t named_cause = 0;
  for (const auto& lc : live)
    if (lc.cause && !named_cause) named_cause = lc.cause;
  for (auto& lc : live)
    if (!lc.cause) lc.cause = named_cause;
  std::array<int, kCardKinds + 1> copies{};
  for (const auto& lc : live)
    ++copies[rank(lc.card)];
  for (auto& lc : live) {
    if (copies[rank(lc.card)] >= 2) {
      lc.alive = false;
      CardFate fate;
      fate.kind = CardFate::Kind::cancelled;
      fate.what = CardFate::What::cancelled_pair;
      fate.colour = lc.colour;
      fate.card = lc.card;
      fate.count = copies[rank(lc.card)];
      score.cards.push_back(fate);
    }
  }
  // By rank, equal ranks in the order placed: an insertion sort, since a province holds a few
  // cards (std::stable_sort would allocate a buffer for them).
  for (std::size_t i = 1; i < live.size(); ++i)
    for (std::size_t j = i; j > 0 && rank(live[j].card) < rank(live[j - 1].card); --j)
      std::swap(live[j], live[j - 1]);
  auto taint_here = [&](std::uint32_t t) {
    if (!score.taint) score.taint = t ? t : line;
  };

  // Match each written choice to a card, checking order and duplicates.
  std::vector<int> choice_for(live.size(), -1);
  int last_rank = 0;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    const Resolution& r = choices[i];
    int ref = static_cast<int>(i);
    std::uint32_t at = r.line ? r.line : line;
    if (rank(r.card) < last_rank) {
      out.push_back(
          violation(CC_503,
                    fmt::format("{} is resolved after a card of higher rank; cards resolve in "
                                "ascending rank",
                                card_name(r.colour, r.card)),
                    0, ref));
      taint_here(at);
    }
    last_rank = std::max(last_rank, rank(r.card));
    auto it = std::find_if(live.begin(), live.end(), [&](const LiveCard& lc) {
      return lc.colour == r.colour && lc.card == r.card;
    });
    if (it == live.end()) {
      // A card named otherwise by an erroneous reveal may be the one meant.
      const std::uint32_t cause =
          colour(r.colour).card_taint ? colour(r.colour).card_taint : named_cause;
      out.push_back(violation(
          CC_503,
          fmt::format("{} has no {} on {} to resolve", name(r.colour), name(r.card), pname()),
          cause, ref));
      taint_here(at);
      continue;
    }
    auto index = static_cast<std::size_t>(it - live.begin());
    if (!it->alive) {
      out.push_back(violation(CC_503,
                              fmt::format("{} was cancelled by another {} and has no effect",
                                          card_name(r.colour, r.card), name(r.card)),
                              it->cause, ref));
      taint_here(at);
      continue;
    }
    if (choice_for[index] >= 0) {
      out.push_back(violation(
          CC_503, fmt::format("{} is resolved twice", card_name(r.colour, r.card)), 0, ref));
      taint_here(at);
      continue;
    }
    choice_for[index] = ref;
  }

  for (std::size_t i = 0; i < live.size(); ++i) {
    LiveCard& lc = live[i];
    if (!lc.alive) continue;
    const Resolution* choice = choice_for[i] >= 0 ? &choices[choice_for[i]] : nullptr;
    int ref = choice_for[i];
    CardFate fate;
    fate.colour = lc.colour;
    fate.card = lc.card;
    const RuleId rule = card_rule(lc.card);
    // The warrior reads the cards, the traitor and the mandarin the walls and tokens: what the
    // record's wall holds otherwise changes what they may choose. A flood or a builder chooses
    // between fixed effects.
    const bool reads_wall = lc.card != CardKind::flood && lc.card != CardKind::builder;
    const std::uint32_t cause = reads_wall ? or_wall(lc.cause) : lc.cause;
    auto missing = [&](std::string what) {
      assert(!rule.empty());
      out.push_back(violation(
          rule,
          fmt::format("{} on {} needs a choice: {}", card_name(lc.colour, lc.card), pname(), what),
          cause, ref));
      taint_here(line);
    };
    auto bad = [&](std::string what) {
      assert(!rule.empty());
      out.push_back(violation(rule, what, cause, ref));
      taint_here(choice && choice->line ? choice->line : line);
    };
    switch (lc.card) {
      case CardKind::warrior: {
        std::vector<std::size_t> others;
        for (std::size_t j = 0; j < live.size(); ++j)
          if (j != i && live[j].alive) others.push_back(j);
        std::optional<std::size_t> target;
        if (choice && choice->cancels) {
          for (std::size_t j : others)
            if (live[j].colour == choice->of && live[j].card == *choice->cancels) target = j;
          if (!target) {
            bad(
                fmt::format("the warrior cannot cancel {}: it is not among the cards still on "
                            "{}",
                            card_name(choice->of, *choice->cancels), pname()));
            // Every other card stays in play: what each then asks follows from this choice.
            const std::uint32_t at = choice->line ? choice->line : line;
            for (std::size_t j : others)
              if (!live[j].cause) live[j].cause = lc.cause ? lc.cause : at;
          }
        } else if (others.size() == 1) {
          target = others.front();
          fate.inferred = true;
        } else if (others.size() > 1) {
          missing(fmt::format("which of the {} other cards it cancels (cancels=\"…\" of=\"…\")",
                              others.size()));
        }
        if (target) {
          live[*target].alive = false;
          fate.what = CardFate::What::cancels;
          fate.other_colour = live[*target].colour;
          fate.other_card = live[*target].card;
          CardFate removed;
          removed.kind = CardFate::Kind::removed;
          removed.what = CardFate::What::removed_by;
          removed.colour = live[*target].colour;
          removed.card = live[*target].card;
          removed.other_colour = lc.colour;
          score.cards.push_back(removed);
        } else {
          fate.what = CardFate::What::cancels_nothing;
        }
        break;
      }
      case CardKind::traitor: {
        std::vector<SpaceId> walls;
        for (SpaceId s : spaces_of(p))
          if (spaces_[s].is_single() && !spaces_[s].destroyed) walls.push_back(s);
        std::vector<RegionId> threats;
        for (int k = 0; k < 3; ++k) {
          RegionId r = (p / 3) * 3 + k;
          if (regions_[r].in_play && !regions_[r].removed && province_adjacent_region(p, r))
            threats.push_back(r);
        }
        Effect effect = choice ? choice->effect : Effect::none;
        fate.effect = effect;
        if (effect == Effect::destroy) {
          if (choice->space != kNone) {
            if (std::find(walls.begin(), walls.end(), choice->space) == walls.end()) {
              const Piece& target = spaces_[choice->space];
              std::string why =
                  boards_->province_of(choice->space) != p
                      ? fmt::format("{} is not on {}", boards_->space_name(choice->space), pname())
                  : target.empty()
                      ? fmt::format("{} is empty", boards_->space_name(choice->space))
                      : fmt::format("{} holds {}; a traitor destroys only an intact single wall",
                                    boards_->space_name(choice->space), owned_piece(target));
              bad(fmt::format("the traitor cannot destroy {}: {}",
                              boards_->space_name(choice->space), why));
              fate.what = CardFate::What::destroys_nothing;
            } else {
              Piece& target = spaces_[choice->space];
              target.destroyed = true;
              fate.what = CardFate::What::destroys;
              fate.piece_colour =
                  target.kind == PieceKind::neutral ? Colour::neutral : target.colour;
              fate.space = choice->space;
            }
          } else if (!walls.empty()) {
            missing("which wall it destroys (space=\"…\")");
            fate.what = CardFate::What::destroys_nothing;
          } else {
            fate.what = CardFate::What::destroy_no_target;
          }
        } else if (effect == Effect::remove_threat) {
          if (choice->region != kNone) {
            if (std::find(threats.begin(), threats.end(), choice->region) == threats.end()) {
              std::string why = !province_adjacent_region(p, choice->region)
                                    ? fmt::format("{} is not adjacent to {}",
                                                  boards_->region_name(choice->region), pname())
                                    : fmt::format("the threat token of {} was already removed",
                                                  boards_->region_name(choice->region));
              bad(fmt::format("the traitor cannot remove the threat token of {}: {}",
                              boards_->region_name(choice->region), why));
              fate.what = CardFate::What::removes_nothing;
            } else {
              regions_[choice->region].removed = true;
              fate.what = CardFate::What::removes;
              fate.region = choice->region;
            }
          } else if (!threats.empty()) {
            missing("which region's threat token it removes (region=\"…\")");
            fate.what = CardFate::What::removes_nothing;
          } else {
            fate.what = CardFate::What::remove_no_target;
          }
        } else if (walls.empty() && threats.empty()) {
          fate.inferred = true;
          fate.what = CardFate::What::no_target_either;
        } else {
          missing(
              "destroy a wall (effect=\"destroy\" space=\"…\") or remove a threat token "
              "(effect=\"remove-threat\" region=\"…\")");
          fate.what = CardFate::What::no_effect_applied;
        }
        break;
      }
      case CardKind::flood: {
        Effect effect = choice ? choice->effect : Effect::none;
        bool plus_only = options_.flood == FloodOption::plus_only;
        if (effect == Effect::none) {
          if (plus_only) {
            effect = Effect::plus;
            fate.inferred = true;
          } else {
            missing("effect=\"plus\" (+2) or effect=\"minus\" (-2)");
            effect = Effect::plus;
          }
        } else if (effect == Effect::minus && plus_only) {
          bad(
              fmt::format("{}: with option flood=plus-only both effects are +2, so "
                          "effect=\"minus\" is not allowed",
                          card_name(lc.colour, lc.card)));
          effect = Effect::plus;
        }
        int delta = effect == Effect::minus ? -2 : 2;
        fate.effect = effect;
        score.modifiers += delta;
        score.modifier_list.push_back({delta, CardKind::flood, lc.colour});
        fate.what = CardFate::What::value;
        fate.count = delta;
        break;
      }
      case CardKind::builder: {
        Effect effect = choice ? choice->effect : Effect::none;
        if (effect == Effect::none) {
          missing("effect=\"value\" (+2 value) or effect=\"wall\" (one extra wall)");
          effect = Effect::value;
        }
        fate.effect = effect;
        if (effect == Effect::value) {
          score.modifiers += 2;
          score.modifier_list.push_back({2, CardKind::builder, lc.colour});
          fate.what = CardFate::What::value;
          fate.count = 2;
        } else {
          score.extra[ci(lc.colour)] += 1;
          fate.what = CardFate::What::extra_walls;
          fate.count = 1;
        }
        break;
      }
      case CardKind::master_builder: {
        score.extra[ci(lc.colour)] += 2;
        fate.inferred = choice == nullptr;
        fate.what = CardFate::What::extra_walls;
        fate.count = 2;
        break;
      }
      case CardKind::mandarin: {
        auto swappable = [&](SpaceId s) {
          return in_play(s) && spaces_[s].is_single() && !spaces_[s].destroyed;
        };
        if (choice && choice->space != kNone) {
          SpaceId a = choice->space, b = choice->with;
          std::string problem;
          if (boards_->province_of(a) != p)
            problem = fmt::format("{} is not on {}", boards_->space_name(a), pname());
          else if (!swappable(a))
            problem = fmt::format("{} does not hold an intact single wall", boards_->space_name(a));
          else if (boards_->province_of(b) == p)
            problem = fmt::format("{} is on {} itself; the swap is with another province",
                                  boards_->space_name(b), pname());
          else if (!swappable(b))
            problem = fmt::format("{} does not hold an intact single wall", boards_->space_name(b));
          if (!problem.empty()) {
            bad(fmt::format("the mandarin cannot swap {} with {}: {}", boards_->space_name(a),
                            boards_->space_name(b), problem));
            fate.what = CardFate::What::swaps_nothing;
          } else {
            Piece& pa = spaces_[a];
            Piece& pb = spaces_[b];
            fate.what = CardFate::What::swaps;
            fate.piece_colour = pa.kind == PieceKind::neutral ? Colour::neutral : pa.colour;
            fate.other_colour = pb.kind == PieceKind::neutral ? Colour::neutral : pb.colour;
            fate.space = a;
            fate.with = b;
            std::swap(pa.kind, pb.kind);
            std::swap(pa.colour, pb.colour);
            end_claims_after_swap();
          }
        } else if (choice) {
          fate.what = CardFate::What::declines;
        } else {
          std::vector<SpaceId> here, elsewhere;
          for (SpaceId s : spaces_of(p))
            if (swappable(s)) here.push_back(s);
          for (SpaceId s : line_)
            if (boards_->province_of(s) != p && swappable(s)) elsewhere.push_back(s);
          bool matters = false;
          for (SpaceId a : here)
            for (SpaceId b : elsewhere)
              if (spaces_[a].colour != spaces_[b].colour) matters = true;
          if (matters) {
            missing(
                "a swap (space=\"…\" with=\"…\") or an explicit <resolve> without them to "
                "decline");
          } else {
            fate.inferred = true;
          }
          fate.what = CardFate::What::no_swap;
        }
        break;
      }
    }
    score.cards.push_back(std::move(fate));
  }
}

bool State::place_emperor_card() {
  ++emperor_cards_;
  if (emperor_cards_ >= 3 && expansions_done_ + expansions_pending_ < expansions_due_) {
    emperor_cards_ = 0;
    ++expansions_pending_;
    return true;
  }
  return false;
}

// ---- the end ---------------------------------------------------------------------------------

std::vector<RegionLoss> State::mongol_attack() {
  std::vector<RegionLoss> result;
  for (int side : sides_) {
    for (int k = 0; k < 3; ++k) {
      RegionId r = side * 3 + k;
      const RegionState& region = regions_[r];
      if (region.removed) continue;
      RegionLoss loss;
      loss.region = r;
      loss.value_known = region.value.has_value();
      loss.token = region.value.value_or(0);
      std::vector<Colour> towered;
      for (SpaceId s : spaces_facing(r)) {
        const Piece& piece = spaces_[s];
        if (piece.empty()) continue;
        bool counts = !piece.destroyed || options_.mongol_destroyed == MongolDestroyed::counted;
        if (counts) ++loss.count[ci(piece.colour)];
        if (piece.kind == PieceKind::tower) towered.push_back(piece.colour);
      }
      int top = 0;
      for (int c = 0; c < kPlayerColours; ++c)
        top = std::max(top, loss.count[c]);
      int neutral = options_.neutral_majority == NeutralMajority::ignored
                        ? 0
                        : loss.count[ci(Colour::neutral)];
      if (top == 0) {
        loss.no_pieces = neutral == 0;
        loss.neutral_blocks = neutral > 0;
      } else if (neutral > top) {
        loss.neutral_blocks = true;
      } else {
        for (int c = 0; c < kPlayerColours; ++c) {
          if (loss.count[c] != top) continue;
          Colour colour = static_cast<Colour>(c);
          loss.highest.push_back(colour);
          if (std::find(towered.begin(), towered.end(), colour) != towered.end())
            loss.protected_by_tower.push_back(colour);
          else
            loss.losers.push_back(colour);
        }
      }
      if (loss.value_known)
        for (Colour c : loss.losers)
          add_points(c, loss.token, region.taint);
      result.push_back(std::move(loss));
    }
  }
  return result;
}

std::vector<EventScore> State::score_events() {
  std::vector<EventScore> result;
  std::vector<EventCard> order = events_;
  std::sort(order.begin(), order.end());
  for (EventCard e : order) {
    EventScore ev;
    ev.card = e;
    switch (e) {
      case EventCard::diplomacy: {
        int total = 0;
        for (int side : sides_) {
          for (int k = 0; k < 3; ++k) {
            ++total;
            std::array<bool, kAllColours> present{};
            for (SpaceId s : spaces_of(side * 3 + k))
              if (spaces_[s].intact()) present[ci(spaces_[s].colour)] = true;
            for (int c = 0; c < kPlayerColours; ++c)
              ev.measure[c] += present[c] ? 1 : 0;
          }
        }
        int best = 0;
        for (int c = 0; c < kPlayerColours; ++c)
          if (colours_[c].playing) best = std::max(best, ev.measure[c]);
        for (int c = 0; c < kPlayerColours; ++c) {
          if (!colours_[c].playing) continue;
          bool wins = options_.diplomacy == DiplomacyOption::most_provinces
                          ? best >= 1 && ev.measure[c] == best
                          : ev.measure[c] * 2 > total;
          if (wins) ev.points[c] = 4;
        }
        ev.basis =
            options_.diplomacy == DiplomacyOption::most_provinces
                ? fmt::format("+4 for intact pieces on the most provinces ({} of {})", best, total)
                : fmt::format("+4 for intact pieces on more than half of the {} provinces", total);
        break;
      }
      case EventCard::dominance: {
        std::array<int, kAllColours> run{};
        for (SpaceId s : line_) {
          const Piece& piece = spaces_[s];
          for (int c = 0; c < kAllColours; ++c) {
            if (piece.intact() && ci(piece.colour) == c)
              ev.measure[c] = std::max(ev.measure[c], ++run[c]);
            else
              run[c] = 0;
          }
        }
        int best = 0;
        for (int c = 0; c < kPlayerColours; ++c)
          if (colours_[c].playing) best = std::max(best, ev.measure[c]);
        for (int c = 0; c < kPlayerColours; ++c) {
          if (!colours_[c].playing) continue;
          if (options_.dominance == DominanceOption::each_player)
            ev.points[c] = ev.measure[c];
          else if (best > 0 && ev.measure[c] == best)
            ev.points[c] = best;
        }
        ev.basis =
            options_.dominance == DominanceOption::each_player
                ? std::string("1 point per space of each colour's longest unbroken run")
                : fmt::format("the longest unbroken run ({} spaces) scores 1 per space", best);
        break;
      }
      case EventCard::imperial_reward: {
        for (int c = 0; c < kPlayerColours; ++c) {
          if (!colours_[c].playing) continue;
          ev.measure[c] = kCardKinds - colours_[c].cards_placed;
          ev.points[c] = 2 * ev.measure[c];
        }
        ev.basis = "+2 per action card never played";
        break;
      }
      case EventCard::observation: {
        ev.basis = "no points";
        break;
      }
    }
    for (int c = 0; c < kPlayerColours; ++c)
      if (ev.points[c]) add_points(static_cast<Colour>(c), ev.points[c], 0);
    result.push_back(std::move(ev));
  }
  return result;
}

}  // namespace wallaudit::cc
