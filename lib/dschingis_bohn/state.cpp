#include "dschingis_bohn/state.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "core/text.hpp"
#include "dschingis_bohn/rule_ids.hpp"

namespace wallaudit::db {

namespace {

std::string plural(int n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

std::string slot_name(Slot s) {
  return s == kUnknown ? std::string("?") : std::string(name(static_cast<Bean>(s)));
}

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::start:
      return "the start of the turn";
    case Phase::step1:
      return "step 1";
    case Phase::step2:
      return "step 2";
    case Phase::step3:
      return "step 3";
    case Phase::battles:
      return "the battles";
    case Phase::step4:
      return "step 4";
  }
  return "the turn";
}

}  // namespace

State::State(const Setup& s, Violations& v) : map_(s.map), options_(s.options) {
  players_.resize(s.seats.size());
  for (std::size_t i = 0; i < s.seats.size(); ++i)
    players_[i].colour = s.seats[i];
  spaces_.resize(static_cast<std::size_t>(map_->size()));
  for (std::size_t i = 0; i < spaces_.size(); ++i) {
    if (i < s.cards.size()) spaces_[i].card = s.cards[i];
    if (i < s.owner.size()) spaces_[i].owner = s.owner[i];
  }
  for (std::size_t i = 0; i < players_.size(); ++i) {
    const auto& given = i < s.hands.size() ? s.hands[i] : std::nullopt;
    if (given) {
      for (Bean b : *given) {
        players_[i].hand.push_back(slot_of(b));
        ++known_[static_cast<std::size_t>(b)];
      }
    } else {
      players_[i].hand.assign(5, kUnknown);
    }
  }
  if (s.deck) {
    for (auto it = s.deck->rbegin(); it != s.deck->rend(); ++it) {
      deck_.push_back(slot_of(*it));
      ++known_[static_cast<std::size_t>(*it)];
    }
  } else {
    int rest = deck_size(options_) - 5 * players();
    deck_.assign(static_cast<std::size_t>(std::max(0, rest)), kUnknown);
  }
  for (int k = 0; k < kBeanKinds; ++k) {
    Bean b = static_cast<Bean>(k);
    if (known_[static_cast<std::size_t>(k)] > bean_count(b))
      fail(v, rule::DB_1202,
           fmt::format("the hands and deck of the set-up name {} {} beans; the deck "
                       "holds {}",
                       known_[static_cast<std::size_t>(k)], name(b), bean_count(b)));
  }
}

// ---- queries -------------------------------------------------------------------------------

int State::cavalry_owner(int k) const {
  Card steppe = steppe_of(k);
  for (const auto& sp : spaces_)
    if (sp.card == steppe) return sp.owner;
  return -1;
}

bool State::cavalry_in_play(int k) const {
  Card steppe = steppe_of(k);
  return std::any_of(spaces_.begin(), spaces_.end(), [&](auto& sp) { return sp.card == steppe; });
}

int State::vp(int seat) const {
  int points = players_[static_cast<std::size_t>(seat)].razing_points;
  for (const auto& sp : spaces_)
    if (sp.owner == seat && sp.card) points += flags(*sp.card, sp.razed);
  return points;
}

int State::territories(int seat) const {
  return static_cast<int>(
      std::count_if(spaces_.begin(), spaces_.end(), [&](auto& sp) { return sp.owner == seat; }));
}

int State::owned(int seat, Card card) const {
  return static_cast<int>(std::count_if(spaces_.begin(), spaces_.end(), [&](auto& sp) {
    return sp.owner == seat && sp.card == card && !(card == Card::city && sp.razed);
  }));
}

bool State::reachable(int seat, SpaceId target) const {
  const auto& t = spaces_[static_cast<std::size_t>(target)];
  if (t.card == Card::river) return false;
  const auto& adj = map_->spaces[static_cast<std::size_t>(target)].adjacent;
  for (SpaceId a : adj)
    if (spaces_[static_cast<std::size_t>(a)].owner == seat) return true;
  if (owned(seat, Card::forest) == 0) return false;
  std::vector<bool> seen(spaces_.size());
  std::vector<SpaceId> todo;
  for (SpaceId a : adj)
    if (spaces_[static_cast<std::size_t>(a)].card == Card::river) {
      seen[static_cast<std::size_t>(a)] = true;
      todo.push_back(a);
    }
  while (!todo.empty()) {
    SpaceId r = todo.back();
    todo.pop_back();
    for (SpaceId b : map_->spaces[static_cast<std::size_t>(r)].adjacent) {
      const auto& sp = spaces_[static_cast<std::size_t>(b)];
      if (sp.owner == seat) return true;
      if (sp.card == Card::river && !seen[static_cast<std::size_t>(b)]) {
        seen[static_cast<std::size_t>(b)] = true;
        todo.push_back(b);
      }
    }
  }
  return false;
}

std::string State::who(int seat) const {
  return std::string(name(players_[static_cast<std::size_t>(seat)].colour));
}

std::string State::hand_text(int seat) const {
  const auto& hand = players_[static_cast<std::size_t>(seat)].hand;
  if (hand.empty()) return "empty";
  std::string out;
  for (Slot s : hand)
    out += fmt::format("{}{}", out.empty() ? "" : " ", slot_name(s));
  return out;
}

bool State::all_to_plant_empty() const {
  if (!turned_up_.empty()) return false;
  return std::all_of(players_.begin(), players_.end(),
                     [](const PlayerState& p) { return p.to_plant.empty(); });
}

// ---- helpers -------------------------------------------------------------------------------

std::uint8_t part_of(int ref) {
  switch (ref) {
    case kRefTarget:
      return kPartTarget;
    case kRefPay:
      return kPartPay;
    case kRefColour:
      return kPartColour;
    case kRefField:
      return kPartField;
    case kRefPartner:
      return kPartPartner;
    case kRefTurn:
      return kPartTurn;
    default:
      break;
  }
  if (ref >= 0 && ref + kPartCards <= 255) return static_cast<std::uint8_t>(ref + kPartCards);
  return 0;
}

void State::fail(Violations& v, std::string_view rule, std::string message, int ref) {
  Finding& f = v.emplace_back();
  f.rule = rule;
  f.message = std::move(message);
  f.part = part_of(ref);
}

void State::end_game(EndReason reason) {
  if (over_) return;
  over_ = true;
  end_reason_ = reason;
  pending_end_ = false;
}

void State::name_card(Bean b, Violations& v) {
  int& n = known_[static_cast<std::size_t>(b)];
  ++n;
  if (n > bean_count(b))
    fail(v, rule::DB_1202,
         fmt::format("a {} {} bean is named, but the deck holds only {} and every one of them is "
                     "already accounted for",
                     ordinal(n), name(b), bean_count(b)));
}

void State::forget(Slot s) {
  if (s != kUnknown) --known_[static_cast<std::size_t>(s)];
}

bool State::prologue(Act act, Violations& v) {
  continuing_ = false;
  bool reshuffled = false;
  if (owed_ > 0 && act != Act::reshuffle) {
    fail(v, rule::DB_502,
         fmt::format("the deck ran out ({} exhaustion) and no <reshuffle> follows the element "
                     "that took its last card; the discard pile is shuffled here",
                     ordinal(exhaustions_)));
    while (owed_ > 0) {
      --owed_;
      do_reshuffle(nullptr, v);
    }
    reshuffled = true;
  }
  if (over_) {
    if (act == Act::vp || (act == Act::reshuffle && owed_ > 0)) return true;
    fail(v, rule::DB_1003,
         fmt::format("the game is over ({}): nothing but <vp> claims may follow",
                     end_reason_ == EndReason::last_territory
                         ? "a player lost his last territory"
                         : "the deck ran out for the third time"));
    return false;
  }
  Group* g = cart_buy_.active && cart_buy_.group.awaiting ? &cart_buy_.group
             : group_.awaiting                            ? &group_
                                                          : nullptr;
  if (g && act != Act::reshuffle) {
    GroupKind kind = act == Act::turn_up     ? GroupKind::turn_up
                     : act == Act::draw      ? GroupKind::draw
                     : act == Act::load      ? GroupKind::load
                     : act == Act::cart_load ? GroupKind::cart
                                             : GroupKind::none;
    bool flexible =
        act == Act::harvest || act == Act::buy_cart || act == Act::buy_field || act == Act::vp;
    if (kind == g->kind) {
      g->awaiting = false;
      continuing_ = true;
    } else {
      if (!reshuffled) {
        std::string_view what = g->kind == GroupKind::turn_up ? "turn-up"
                                : g->kind == GroupKind::draw  ? "draw"
                                                              : "load";
        RuleId broken = act == Act::harvest             ? rule::DB_410
                        : act == Act::buy_cart          ? rule::DB_801
                        : act == Act::buy_field         ? rule::DB_414
                        : act == Act::vp                ? rule::DB_401
                        : g->kind == GroupKind::turn_up ? rule::DB_405
                                                        : rule::DB_408;
        fail(v, broken,
             fmt::format("this stands inside a {} that a reshuffle split ({} of {} cards so far): "
                         "the rest of the {} comes right after the <reshuffle>",
                         what, g->taken, g->required, what));
      }
      if (!flexible) {
        g->awaiting = false;
        g->reported = true;
      }
    }
  }
  return true;
}

std::optional<Slot> State::take_top(std::optional<Bean> named, Violations& v) {
  for (;;) {
    if (!deck_.empty()) break;
    if (owed_ > 0) {
      fail(v, rule::DB_502,
           "the element goes on after the card that emptied the deck: the rest is written "
           "after a <reshuffle>; the discard pile is shuffled here");
      while (owed_ > 0) {
        --owed_;
        do_reshuffle(nullptr, v);
      }
      continue;
    }
    if (battle_.active && exhaustions_ >= 3 && !battle_.reshuffled) {
      fail(v, rule::DB_502,
           "the deck ran out for the third time during this battle: the discard pile is "
           "shuffled into a new deck (DB-1002), and a <reshuffle> stands right before the card "
           "that takes its first card");
      battle_.reshuffled = true;
      do_reshuffle(nullptr, v);
      continue;
    }
    return std::nullopt;
  }
  Slot c = deck_.back();
  deck_.pop_back();
  Slot result = kUnknown;
  if (c != kUnknown) {
    if (named && slot_of(*named) != c) {
      fail(v, rule::DB_1203,
           fmt::format("the deck's next card is known to be {} (its order was given), but the "
                       "record names {}",
                       slot_name(c), name(*named)));
      forget(c);
      ++known_[static_cast<std::size_t>(*named)];
      result = slot_of(*named);
    } else {
      result = c;
    }
  } else if (named) {
    name_card(*named, v);
    result = slot_of(*named);
  }
  if (deck_.empty()) exhausted(v);
  return result;
}

void State::exhausted(Violations& v) {
  (void)v;
  if (exhaustions_ >= 3) return;
  ++exhaustions_;
  Group* g = cart_buy_.active                 ? &cart_buy_.group
             : group_.kind != GroupKind::none ? &group_
                                              : nullptr;
  if (exhaustions_ <= 2) {
    ++owed_;
    if (g) g->emptied = true;
  } else {
    if (g) g->cut = true;
    third_exhaustion();
  }
}

void State::third_exhaustion() {
  if (battle_.active) {
    battle_third_ = true;
    return;
  }
  if (phase_ == Phase::step2 || phase_ == Phase::step3) {
    pending_end_ = true;  // checked once the cards just taken are placed
    return;
  }
  end_game(EndReason::deck);
}

void State::check_pending_end() {
  if (pending_end_ && !over_ && !battle_.active && all_to_plant_empty()) end_game(EndReason::deck);
}

void State::place_flip(Bean b, int seat) {
  if (diamond_keeps(b) && seat >= 0)
    players_[static_cast<std::size_t>(seat)].treasury.push_back(b);
  else
    discard_.push_back(b);
}

void State::do_reshuffle(const std::optional<std::vector<Bean>>* order, Violations& v) {
  std::vector<Bean> pile = std::move(discard_);
  discard_.clear();
  deck_.clear();
  bool hidden = true;
  if (order && *order) {
    std::array<int, kBeanKinds> want{}, have{};
    for (Bean b : pile)
      ++want[static_cast<std::size_t>(b)];
    for (Bean b : **order)
      ++have[static_cast<std::size_t>(b)];
    if (want == have) {
      for (auto it = (*order)->rbegin(); it != (*order)->rend(); ++it)
        deck_.push_back(slot_of(*it));
      hidden = false;
    } else {
      std::string diff;
      for (int k = 0; k < kBeanKinds; ++k) {
        int w = want[static_cast<std::size_t>(k)], h = have[static_cast<std::size_t>(k)];
        if (w != h)
          diff += fmt::format("{}{} {} (the pile has {})", diff.empty() ? "" : ", ", h,
                              name(static_cast<Bean>(k)), w);
      }
      fail(v, rule::DB_505,
           fmt::format("the new deck's order is not the discard pile of {}: it lists {}; the "
                       "new deck is taken as hidden",
                       plural(static_cast<int>(pile.size()), "card"), diff));
    }
  }
  if (hidden) {
    for (Bean b : pile)
      --known_[static_cast<std::size_t>(b)];
    deck_.assign(pile.size(), kUnknown);
  }
  if (pending_flip_) {
    place_flip(*pending_flip_, pending_flip_seat_);
    pending_flip_.reset();
  }
  Group* g = cart_buy_.active                 ? &cart_buy_.group
             : group_.kind != GroupKind::none ? &group_
                                              : nullptr;
  if (deck_.empty()) {
    if (exhaustions_ < 3) exhausted(v);
    return;
  }
  if (g && g->emptied) {
    g->emptied = false;
    if (g->taken < g->required && !g->cut) g->awaiting = true;
  }
}

void State::take_from_hand(int seat, const std::vector<std::pair<Bean, std::optional<int>>>& cards,
                           Violations& v, int first_ref) {
  PlayerState& p = players_[static_cast<std::size_t>(seat)];
  const int n = static_cast<int>(p.hand.size());
  std::vector<int>& chosen = take_.value.chosen;
  std::vector<char>& used = take_.value.used;
  chosen.assign(cards.size(), -1);
  used.assign(static_cast<std::size_t>(n), 0);
  auto ref_of = [&](std::size_t i) {
    return first_ref == kRefElement ? kRefElement : first_ref + static_cast<int>(i);
  };
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const auto& [bean, pos] = cards[i];
    if (!pos) continue;
    int idx = *pos - 1;
    if (idx >= n) {
      fail(
          v, rule::DB_402,
          fmt::format("pos=\"{}\" lies beyond {}'s hand of {}", *pos, who(seat), plural(n, "card")),
          ref_of(i));
      continue;
    }
    if (used[static_cast<std::size_t>(idx)]) {
      fail(v, rule::DB_402,
           fmt::format("position {} of {}'s hand is given twice in one element", *pos, who(seat)),
           ref_of(i));
      continue;
    }
    Slot s = p.hand[static_cast<std::size_t>(idx)];
    if (s != kUnknown && s != slot_of(bean)) {
      fail(v, rule::DB_402,
           fmt::format("card {} of {}'s hand is known to be {}, not {}", *pos, who(seat),
                       slot_name(s), name(bean)),
           ref_of(i));
      continue;
    }
    used[static_cast<std::size_t>(idx)] = true;
    chosen[i] = idx;
  }
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const auto& [bean, pos] = cards[i];
    if (pos) continue;
    int pick = -1;
    for (int k = 0; k < n && pick < 0; ++k)
      if (!used[static_cast<std::size_t>(k)] &&
          p.hand[static_cast<std::size_t>(k)] == slot_of(bean))
        pick = k;
    for (int k = 0; k < n && pick < 0; ++k)
      if (!used[static_cast<std::size_t>(k)] && p.hand[static_cast<std::size_t>(k)] == kUnknown)
        pick = k;
    if (pick < 0) {
      fail(v, rule::DB_402,
           n == 0 ? fmt::format("{}'s hand is empty: it holds no {}", who(seat), name(bean))
                  : fmt::format("{}'s hand ({}) holds no {} that could leave it", who(seat),
                                hand_text(seat), name(bean)),
           ref_of(i));
      continue;
    }
    used[static_cast<std::size_t>(pick)] = true;
    chosen[i] = pick;
  }
  // Name the unknown slots chosen; cards no slot could give are taken as named.
  for (std::size_t i = 0; i < cards.size(); ++i) {
    Bean bean = cards[i].first;
    if (chosen[i] < 0) {
      ++known_[static_cast<std::size_t>(bean)];
      continue;
    }
    if (p.hand[static_cast<std::size_t>(chosen[i])] == kUnknown) name_card(bean, v);
  }
  std::vector<int>& order = take_.value.order;
  order.clear();
  for (int c : chosen)
    if (c >= 0) order.push_back(c);
  std::sort(order.rbegin(), order.rend());
  for (int idx : order)
    p.hand.erase(p.hand.begin() + idx);
}

void State::pay(int seat, const std::vector<Bean>& named, int count, Violations& v) {
  PlayerState& p = players_[static_cast<std::size_t>(seat)];
  auto treasury_text = [&] {
    std::string out;
    for (auto it = p.treasury.rbegin(); it != p.treasury.rend(); ++it)
      out += fmt::format("{}{}", out.empty() ? "" : " ", name(*it));
    return out.empty() ? std::string("empty") : out;
  };
  if (static_cast<int>(p.treasury.size()) < count) {
    fail(v, rule::DB_412,
         fmt::format("{} must pay {} but has {} (treasury: {})", who(seat), plural(count, "thaler"),
                     static_cast<int>(p.treasury.size()), treasury_text()),
         kRefPay);
    for (Bean b : p.treasury)
      discard_.push_back(b);
    p.treasury.clear();
    return;
  }
  int paid = 0;
  for (Bean b : named) {
    auto it = std::find(p.treasury.rbegin(), p.treasury.rend(), b);
    if (it == p.treasury.rend()) {
      fail(v, rule::DB_412,
           fmt::format("{} pays a {} thaler but has none (treasury, top first: {})", who(seat),
                       name(b), treasury_text()),
           kRefPay);
      continue;
    }
    discard_.push_back(*it);
    p.treasury.erase(std::next(it).base());
    ++paid;
  }
  while (paid < count && !p.treasury.empty()) {
    discard_.push_back(p.treasury.back());
    p.treasury.pop_back();
    ++paid;
  }
}

void State::plant_into(int seat, Bean bean, int field, Violations& v) {
  PlayerState& p = players_[static_cast<std::size_t>(seat)];
  auto& f = p.fields[static_cast<std::size_t>(field - 1)];
  if (field == 3 && !p.field3)
    fail(v, rule::DB_403,
         fmt::format("{} has not bought a third field: nothing can be planted in field 3",
                     who(seat)),
         kRefField);
  else if (!f.empty() && f.back() != bean)
    fail(v, rule::DB_403,
         fmt::format("field {} of {} holds {} {}: a {} does not fit (harvest it first)", field,
                     who(seat), f.size(), name(f.back()), name(bean)),
         kRefField);
  f.push_back(bean);
}

// ---- parts of the turn ----------------------------------------------------------------------

void State::close_start(Violations& v) {
  if (diamonds_closed_) return;
  diamonds_closed_ = true;
  if (diamonds_done_ < diamonds_owed_)
    fail(v, rule::DB_906,
         fmt::format("{} owns {}: {} at the start of the turn (diamond={}), the record has {}",
                     who(active_), plural(owned(active_, Card::diamond_field), "diamond field"),
                     plural(diamonds_owed_, "flip"), option_value(options_, "diamond"),
                     diamonds_done_));
}

void State::close_step1(Violations& v) {
  if (step1_closed_) return;
  step1_closed_ = true;
  if (step1_owed_ && step1_plants_ == 0)
    fail(v, rule::DB_404,
         fmt::format("{}'s hand was not empty: step 1 plants its front card before the turn-up",
                     who(active_)));
}

void State::check_group(Group& g, Violations& v) {
  if (g.reported || g.kind == GroupKind::none) return;
  g.reported = true;
  if (g.cut || g.taken >= g.required) return;
  switch (g.kind) {
    case GroupKind::turn_up:
      fail(v, rule::DB_405,
           fmt::format("step 2 turns up {} (2 + {} rice field{}), the record turns up {}",
                       plural(g.required, "card"), g.required - 2, g.required == 3 ? "" : "s",
                       g.taken));
      break;
    case GroupKind::draw:
    case GroupKind::load:
      fail(v, rule::DB_408,
           fmt::format("step 4 {} {} (3 + {} village{}), the record {} {}",
                       g.kind == GroupKind::draw ? "draws" : "loads the cart with",
                       plural(g.required, "card"), g.required - 3, g.required == 4 ? "" : "s",
                       g.kind == GroupKind::draw ? "draws" : "loads", g.taken));
      break;
    case GroupKind::cart:
      fail(v, rule::DB_802,
           fmt::format("a new cart is loaded with 2 cards from the deck, this one with {}",
                       g.taken));
      break;
    case GroupKind::none:
      break;
  }
}

void State::close_turn_up(Violations& v, bool needed) {
  if (turn_up_closed_) return;
  if (!turned_up_any_) {
    if (!needed) return;
    turn_up_closed_ = true;
    fail(v, rule::DB_405,
         fmt::format("no <turn-up>: step 2 turns up {} before trades, plantings, battles and "
                     "the draw",
                     plural(2 + owned(active_, Card::rice_field), "card")));
    return;
  }
  turn_up_closed_ = true;
  if (group_.kind == GroupKind::turn_up) {
    check_group(group_, v);
    group_ = Group{};
  }
}

void State::end_step2() {
  if (active_ < 0) return;
  auto& tp = players_[static_cast<std::size_t>(active_)].to_plant;
  tp.insert(tp.end(), turned_up_.begin(), turned_up_.end());
  turned_up_.clear();
}

void State::close_step3(Violations& v) {
  if (step3_closed_) return;
  step3_closed_ = true;
  if (all_to_plant_empty()) return;
  std::string left;
  for (std::size_t i = 0; i < players_.size(); ++i) {
    const auto& tp = players_[i].to_plant;
    if (tp.empty()) continue;
    left +=
        fmt::format("{}{} {}", left.empty() ? "" : "; ", name(players_[i].colour), bean_list(tp));
  }
  fail(v, rule::DB_407,
       fmt::format("cards are left unplanted ({}): step 3 plants every card of every to-plant "
                   "area before the battles and step 4",
                   left));
}

void State::begin_step4(Violations& v) {
  if (step4_begun_) return;
  close_start(v);
  close_step1(v);
  close_turn_up(v, true);
  end_step2();
  close_step3(v);
  step4_begun_ = true;
  phase_ = Phase::step4;
}

// ---- entry points -----------------------------------------------------------------------------

Violations State::begin_turn(int seat) {
  Violations v;
  active_ = seat;
  phase_ = Phase::start;
  const PlayerState& p = players_[static_cast<std::size_t>(seat)];
  int diamonds = owned(seat, Card::diamond_field);
  diamonds_owed_ = options_.diamond == DiamondOption::once ? (diamonds > 0 ? 1 : 0) : diamonds;
  diamonds_done_ = 0;
  diamonds_closed_ = false;
  step1_owed_ = !p.hand.empty();
  step1_closed_ = false;
  step1_plants_ = 0;
  turned_up_any_ = false;
  turn_up_closed_ = false;
  step3_closed_ = false;
  step4_begun_ = false;
  take_done_ = false;
  group_ = Group{};
  battle_ = Battle{};
  battle_third_ = false;
  for (int k = 1; k <= 3; ++k)
    if (cavalry_owner(k) == seat) exhausted_[static_cast<std::size_t>(k - 1)] = false;
  return v;
}

Violations State::diamond(Bean named) {
  Violations v;
  if (!prologue(Act::diamond, v)) return v;
  if (phase_ != Phase::start || diamonds_closed_)
    fail(v, rule::DB_906,
         fmt::format("a diamond flip comes at the start of the turn, before step 1; this one "
                     "comes in {}",
                     phase_name(phase_)));
  else if (diamonds_done_ >= diamonds_owed_)
    fail(v, rule::DB_906,
         fmt::format("{} owns {}: {} (diamond={}), this is the {}", who(active_),
                     plural(owned(active_, Card::diamond_field), "diamond field"),
                     plural(diamonds_owed_, "flip"), option_value(options_, "diamond"),
                     ordinal(diamonds_done_ + 1)));
  ++diamonds_done_;
  auto c = take_top(named, v);
  if (!c) return v;
  if (owed_ > 0) {
    pending_flip_ = named;
    pending_flip_seat_ = active_;
  } else {
    place_flip(named, active_);
  }
  return v;
}

Violations State::plant(int seat, Bean bean, int field) {
  Violations v;
  bool step1 = !turned_up_any_;
  if (!prologue(Act::plant, v)) return v;
  if (seat < 0) {
    fail(v, step1 ? rule::DB_404 : rule::DB_407, "that colour is not at the table", kRefColour);
    return v;
  }
  PlayerState& p = players_[static_cast<std::size_t>(seat)];
  if (step1) {
    if (phase_ > Phase::step1) {
      fail(v, rule::DB_407,
           fmt::format("a planting after step 3: {} has begun", phase_name(phase_)));
    } else {
      close_start(v);
      phase_ = Phase::step1;
      if (seat != active_) {
        fail(v, rule::DB_404,
             fmt::format("only the active player ({}) plants in step 1, before the turn-up",
                         who(active_)),
             kRefColour);
      } else if (step1_plants_ >= 2) {
        fail(v, rule::DB_404, "a third card in step 1: at most two are planted");
      }
    }
    if (seat == active_) ++step1_plants_;
    if (p.hand.empty()) {
      fail(v, rule::DB_404,
           fmt::format("{}'s hand is empty: there is no front card to plant", who(seat)));
      ++known_[static_cast<std::size_t>(bean)];
    } else {
      Slot front = p.hand.front();
      if (front != kUnknown && front != slot_of(bean)) {
        fail(v, rule::DB_404,
             fmt::format("the front card of {}'s hand is known to be {}, not {}: step 1 plants "
                         "the front card",
                         who(seat), slot_name(front), name(bean)));
        forget(front);
        ++known_[static_cast<std::size_t>(bean)];
      } else if (front == kUnknown) {
        name_card(bean, v);
      }
      p.hand.erase(p.hand.begin());
    }
    plant_into(seat, bean, field, v);
    return v;
  }
  if (phase_ >= Phase::battles) {
    fail(v, rule::DB_407, fmt::format("a planting after step 3: {} has begun", phase_name(phase_)));
  } else if (phase_ == Phase::step2) {
    close_turn_up(v, true);
    end_step2();
    phase_ = Phase::step3;
  }
  auto it = std::find(p.to_plant.begin(), p.to_plant.end(), bean);
  auto up = std::find(turned_up_.begin(), turned_up_.end(), bean);
  if (it == p.to_plant.end() && seat == active_ && up != turned_up_.end()) {
    turned_up_.erase(up);  // turned up, and step 2 never ended properly
  } else if (it == p.to_plant.end()) {
    fail(v, rule::DB_407,
         fmt::format("{} has no {} to plant (to-plant area: {})", who(seat), name(bean),
                     p.to_plant.empty() ? std::string("empty") : bean_list(p.to_plant)));
    ++known_[static_cast<std::size_t>(bean)];
  } else {
    p.to_plant.erase(it);
  }
  plant_into(seat, bean, field, v);
  check_pending_end();
  return v;
}

Violations State::turn_up(const std::vector<Bean>& beans) {
  Violations v;
  if (!prologue(Act::turn_up, v)) return v;
  bool counting = continuing_;
  if (!continuing_) {
    if (turned_up_any_) {
      fail(v, rule::DB_405,
           "a second <turn-up>: step 2 turns its cards up in one element (split only by a "
           "reshuffle)");
      // Its cards still count towards the turn-up while that is open.
      counting = group_.kind == GroupKind::turn_up && !turn_up_closed_;
      if (counting)
        group_.reported = group_.taken + static_cast<int>(beans.size()) != group_.required;
    } else if (phase_ > Phase::step2) {
      fail(v, rule::DB_401, fmt::format("a <turn-up> after {} has begun", phase_name(phase_)));
    } else {
      close_start(v);
      close_step1(v);
      phase_ = Phase::step2;
      group_ = Group{};
      group_.kind = GroupKind::turn_up;
      group_.required = 2 + owned(active_, Card::rice_field);
      counting = true;
    }
    turned_up_any_ = true;
  }
  bool past_end = false;
  for (Bean b : beans) {
    std::optional<Slot> c;
    if (!pending_end_ || !deck_.empty() || owed_ > 0) c = take_top(b, v);
    if (!c) {
      past_end = true;
      break;
    }
    turned_up_.push_back(b);
    if (counting) ++group_.taken;
  }
  if (past_end)
    fail(v, rule::DB_405,
         "the turn-up goes on past the third exhaustion of the deck: there are no more cards");
  if (counting && group_.kind == GroupKind::turn_up && !group_.reported &&
      group_.taken > group_.required) {
    group_.reported = true;
    fail(v, rule::DB_405,
         fmt::format("step 2 turns up {} (2 + {} rice field{}), the record turns up {}",
                     plural(group_.required, "card"), group_.required - 2,
                     group_.required == 3 ? "" : "s", group_.taken));
  }
  check_pending_end();
  return v;
}

Violations State::trade(int partner, const std::vector<Given>& give, const std::vector<Given>& get,
                        bool donation) {
  Violations v;
  if (!prologue(Act::trade, v)) return v;
  std::string_view what = donation ? "donation" : "trade";
  if (partner < 0) {
    fail(v, rule::DB_406,
         fmt::format("a {} partner is another player at the table; that colour is not", what),
         kRefPartner);
    return v;
  }
  // The moment first, then the action (rules section 13, "several at once").
  if (!turned_up_any_ || phase_ < Phase::step2)
    fail(v, rule::DB_405,
         fmt::format("a {} before the turn-up: every card is turned up before the first trade "
                     "or donation",
                     what));
  else if (phase_ > Phase::step2)
    fail(v, rule::DB_406,
         fmt::format("trades and donations happen only in step 2; {} has begun",
                     phase_name(phase_)));
  else
    close_turn_up(v, false);
  if (partner == active_)
    fail(v, rule::DB_406,
         fmt::format("a {} with oneself is none: the partner is another player", what),
         kRefPartner);
  PlayerState& a = players_[static_cast<std::size_t>(active_)];
  PlayerState& b = players_[static_cast<std::size_t>(partner)];
  std::vector<Bean> to_partner, to_active;
  std::vector<std::pair<Bean, std::optional<int>>> from_hand;
  int first_hand_ref = -1;
  std::vector<int> hand_refs;
  for (std::size_t i = 0; i < give.size(); ++i) {
    const Given& g = give[i];
    to_partner.push_back(g.bean);
    if (g.from_turned_up) {
      auto it = std::find(turned_up_.begin(), turned_up_.end(), g.bean);
      if (it == turned_up_.end()) {
        fail(v, rule::DB_406,
             fmt::format("no turned-up {} is left to give (turned up and not given: {})",
                         name(g.bean), turned_up_.empty() ? "none" : bean_list(turned_up_)),
             static_cast<int>(i));
        ++known_[static_cast<std::size_t>(g.bean)];
      } else {
        turned_up_.erase(it);
      }
    } else {
      from_hand.emplace_back(g.bean, g.pos);
      hand_refs.push_back(static_cast<int>(i));
    }
  }
  // Slots are chosen per hand and element; refs are remapped below.
  {
    Violations hv;
    take_from_hand(active_, from_hand, hv, 0);
    for (auto& x : hv) {
      const int ref = x.part >= kPartCards ? x.part - kPartCards : kRefElement;
      if (ref >= 0 && ref < static_cast<int>(hand_refs.size()))
        x.part = part_of(hand_refs[static_cast<std::size_t>(ref)]);
      v.push_back(std::move(x));
    }
  }
  (void)first_hand_ref;
  std::vector<std::pair<Bean, std::optional<int>>> partner_cards;
  for (const Given& g : get) {
    partner_cards.emplace_back(g.bean, g.pos);
    to_active.push_back(g.bean);
  }
  take_from_hand(partner, partner_cards, v, static_cast<int>(give.size()));
  b.to_plant.insert(b.to_plant.end(), to_partner.begin(), to_partner.end());
  a.to_plant.insert(a.to_plant.end(), to_active.begin(), to_active.end());
  return v;
}

Violations State::harvest(int seat, int field, HarvestResult& result) {
  Violations v;
  result = HarvestResult{};
  if (!prologue(Act::harvest, v)) return v;
  if (seat < 0) {
    fail(v, rule::DB_410, "that colour is not at the table", kRefColour);
    return v;
  }
  PlayerState& p = players_[static_cast<std::size_t>(seat)];
  auto& f = p.fields[static_cast<std::size_t>(field - 1)];
  if (field == 3 && !p.field3)
    fail(v, rule::DB_410, fmt::format("{} has not bought a third field to harvest", who(seat)),
         kRefField);
  if (f.empty()) {
    if (field != 3 || p.field3)
      fail(v, rule::DB_410,
           fmt::format("field {} of {} is empty: nothing to harvest", field, who(seat)), kRefField);
    return v;
  }
  if (f.size() == 1) {
    for (int k = 0; k < 3; ++k) {
      const auto& other = p.fields[static_cast<std::size_t>(k)];
      if (k != field - 1 && other.size() >= 2) {
        fail(v, rule::DB_411,
             fmt::format("field {} holds a single {} while field {} holds {}: a single card is "
                         "harvested only when no field holds two or more",
                         field, name(f.back()), k + 1,
                         plural(static_cast<int>(other.size()), "card")),
             kRefField);
        break;
      }
    }
  }
  Bean kind = f.back();
  int n = static_cast<int>(f.size());
  int coins = harvest_value(kind, n);
  for (int i = 0; i < n; ++i) {
    if (i >= n - coins)
      p.treasury.push_back(f[static_cast<std::size_t>(i)]);
    else
      discard_.push_back(f[static_cast<std::size_t>(i)]);
  }
  f.clear();
  result = {kind, n, coins};
  return v;
}

Violations State::buy_cart(int seat, const std::vector<Bean>& payment, bool has_children,
                           bool& applied) {
  Violations v;
  applied = false;
  if (!prologue(Act::buy_cart, v)) return v;
  if (seat < 0) {
    fail(v, rule::DB_801, "that colour is not at the table", kRefColour);
    return v;
  }
  applied = true;
  PlayerState& p = players_[static_cast<std::size_t>(seat)];
  if (p.has_cart)
    fail(v, rule::DB_801, fmt::format("{} has a cart already: one per player and game", who(seat)));
  if (owned(seat, Card::forest) == 0)
    fail(v, rule::DB_801,
         fmt::format("{} owns no forest: a cart is bought only by a forest's owner", who(seat)));
  if (seat == active_ && phase_ == Phase::step4)
    fail(v, rule::DB_801,
         fmt::format("{} buys during his own step 4, once its first card was taken", who(seat)));
  pay(seat, payment, 3, v);
  p.has_cart = true;
  cart_buy_ = CartBuy{};
  cart_buy_.active = true;
  cart_buy_.seat = seat;
  cart_buy_.group.kind = GroupKind::cart;
  cart_buy_.group.required = 2;
  // Past the third exhaustion (steps 2-3, DB-503(a)) a new cart gets the cards there are: none.
  if (exhaustions_ >= 3) cart_buy_.group.cut = true;
  if (!has_children) {
    for (int i = 0; i < 2 && !over_; ++i) {
      auto c = take_top(std::nullopt, v);
      if (!c) break;
      p.cart.push_back(*c);
      ++cart_buy_.group.taken;
    }
  }
  return v;
}

Violations State::cart_load(const std::vector<Bean>& beans, int count) {
  Violations v;
  if (!prologue(Act::cart_load, v)) return v;
  if (!cart_buy_.active) return v;
  PlayerState& p = players_[static_cast<std::size_t>(cart_buy_.seat)];
  int n = beans.empty() ? count : static_cast<int>(beans.size());
  for (int i = 0; i < n; ++i) {
    std::optional<Slot> c;
    if (!over_ && (!pending_end_ || !deck_.empty() || owed_ > 0))
      c = take_top(
          beans.empty() ? std::nullopt : std::optional<Bean>(beans[static_cast<std::size_t>(i)]),
          v);
    if (!c) {
      fail(v, rule::DB_802,
           "the cart is loaded past the third exhaustion of the deck: there are no more cards");
      cart_buy_.group.reported = true;
      break;
    }
    p.cart.push_back(*c);
    ++cart_buy_.group.taken;
  }
  Group& g = cart_buy_.group;
  if (!g.reported && g.taken > g.required) {
    g.reported = true;
    fail(v, rule::DB_802,
         fmt::format("a new cart is loaded with 2 cards from the deck, this one with {}", g.taken));
  }
  return v;
}

Violations State::buy_cart_end() {
  Violations v;
  if (!cart_buy_.active) return v;
  Group& g = cart_buy_.group;
  if (!g.reported && !g.cut && g.taken < g.required && !over_) check_group(g, v);
  cart_buy_ = CartBuy{};
  check_pending_end();
  return v;
}

Violations State::buy_field(int seat, const std::vector<Bean>& payment) {
  Violations v;
  if (!prologue(Act::buy_field, v)) return v;
  if (seat < 0) {
    fail(v, rule::DB_414, "that colour is not at the table", kRefColour);
    return v;
  }
  PlayerState& p = players_[static_cast<std::size_t>(seat)];
  if (options_.third_field == ThirdField::none) {
    fail(v, rule::DB_304, "there is no third bean field in this game (third-field=none)");
  } else {
    if (p.field3)
      fail(v, rule::DB_414,
           fmt::format("{} bought his third field already: once per game", who(seat)));
    if (seat == active_ && phase_ == Phase::step4)
      fail(v, rule::DB_414,
           fmt::format("{} buys during his own step 4, once its first card was taken", who(seat)));
  }
  pay(seat, payment, 3, v);
  p.field3 = true;
  return v;
}

Violations State::battle(SpaceId target, const std::vector<Bean>& payment, bool& applied) {
  Violations v;
  applied = false;
  if (!prologue(Act::battle, v)) return v;
  applied = true;
  bool moment = true;
  if (!turned_up_any_) {
    fail(v, rule::DB_601, "a battle before the turn-up: battles come after step 3, before step 4");
    moment = false;
  } else if (phase_ == Phase::step4) {
    fail(v, rule::DB_601, "a battle after step 4 has begun: battles come before the draw");
    moment = false;
  }
  if (moment && phase_ != Phase::battles) {
    close_start(v);
    close_step1(v);
    close_turn_up(v, true);
    end_step2();
    close_step3(v);
    phase_ = Phase::battles;
  }
  PlayerState& p = players_[static_cast<std::size_t>(active_)];
  int before = static_cast<int>(p.treasury.size());
  pay(active_, payment, 1, v);
  const SpaceState& sp = spaces_[static_cast<std::size_t>(target)];
  const std::string& id = map_->spaces[static_cast<std::size_t>(target)].id;
  if (sp.card == Card::river) {
    fail(v, rule::DB_603, fmt::format("{} is a river: a river is never a target", id), kRefTarget);
  } else if (sp.owner == active_) {
    fail(v, rule::DB_603, fmt::format("{} owns {} already", who(active_), id), kRefTarget);
  } else if (!reachable(active_, target)) {
    fail(v, rule::DB_603,
         fmt::format(
             "{} is not reachable for {}: no territory of his is adjacent{}", id, who(active_),
             owned(active_, Card::forest) > 0 ? ", and no river path leads there from one"
                                              : ", and he owns no forest to attack across a river"),
         kRefTarget);
  }
  battle_ = Battle{};
  battle_.active = true;
  battle_third_ = false;
  last_battle_ = BattleResult{};
  last_battle_.attacker = active_;
  last_battle_.defender = sp.card == Card::river ? -1 : sp.owner;
  last_battle_.target = target;
  last_battle_.card = sp.card;
  last_battle_.razed_before = sp.razed;
  last_battle_.paid = before - static_cast<int>(p.treasury.size());
  return v;
}

Violations State::round(int index) {
  Violations v;
  if (!battle_.active) return v;
  battle_.round = index;
  battle_.attacked = false;
  if (index == 1) {
    if (!battle_.expect_second && !battle_.second_optional)
      fail(
          v, rule::DB_705,
          last_battle_.rounds.empty() || last_battle_.rounds.front().attack != AttackSource::cavalry
              ? "a second round follows only a cavalry attack that lost round 1"
              : "a second round follows only a cavalry attack that lost round 1; this one "
                "won it");
    battle_.expect_second = false;
    battle_.second_optional = false;
  }
  return v;
}

Violations State::attack(AttackSource source, int cavalry, Bean bean, std::optional<int> pos) {
  Violations v;
  if (!battle_.active) return v;
  prologue(Act::battle, v);
  RoundResult r;
  r.attack = source;
  PlayerState& p = players_[static_cast<std::size_t>(active_)];
  const SpaceState& sp = spaces_[static_cast<std::size_t>(last_battle_.target)];
  switch (source) {
    case AttackSource::cavalry: {
      r.cavalry = cavalry;
      r.attack_strength = 17;
      bool bad = true;
      if (battle_.round == 1) {
        fail(v, rule::DB_705,
             "no cavalry in round 2: the attacker plays a card from his hand or the deck");
      } else if (!cavalry_in_play(cavalry)) {
        fail(v, rule::DB_705,
             fmt::format("cavalry {} is not in play: steppe-{} is not on the map", cavalry,
                         cavalry));
      } else if (cavalry_owner(cavalry) != active_) {
        int owner = cavalry_owner(cavalry);
        fail(v, rule::DB_705,
             fmt::format("cavalry {} belongs to {}, not {} (it goes with steppe-{})", cavalry,
                         owner < 0 ? std::string("nobody") : who(owner), who(active_), cavalry));
      } else if (exhausted_[static_cast<std::size_t>(cavalry - 1)]) {
        fail(v, rule::DB_705,
             fmt::format("cavalry {} is exhausted: it lost a round and turns fresh only at the "
                         "start of its owner's turn",
                         cavalry));
      } else if (sp.card == Card::forest || (sp.card == Card::city && !sp.razed)) {
        fail(v, rule::DB_705,
             fmt::format("cavalry may not attack a {}",
                         sp.card == Card::forest ? "forest" : "city"));
      } else {
        bad = false;
      }
      battle_.cavalry_bad = bad;
      break;
    }
    case AttackSource::hand: {
      if (p.hand.empty()) {
        fail(v, rule::DB_604,
             fmt::format("{}'s hand is empty: he attacks with cavalry or the deck", who(active_)));
        ++known_[static_cast<std::size_t>(bean)];
      } else {
        take_from_hand(active_, {{bean, pos}}, v, kRefElement);
      }
      r.attack_card = bean;
      r.attack_strength = strength(bean);
      battle_.table.push_back(bean);
      break;
    }
    case AttackSource::deck: {
      auto c = take_top(bean, v);
      if (c) {
        r.attack_card = bean;
        r.attack_strength = strength(bean);
        battle_.table.push_back(bean);
      }
      break;
    }
  }
  battle_.current = r;
  battle_.attacked = true;
  return v;
}

Violations State::defend(bool from_hand, Bean bean, std::optional<int> pos) {
  Violations v;
  if (!battle_.active) return v;
  prologue(Act::battle, v);
  RoundResult r = battle_.current;
  int defender = last_battle_.defender;
  r.defence_from_hand = from_hand;
  bool card = true;
  if (from_hand) {
    if (defender < 0) {
      fail(v, rule::DB_605, "a neutral territory defends with the top card of the deck");
      ++known_[static_cast<std::size_t>(bean)];
    } else if (players_[static_cast<std::size_t>(defender)].hand.empty()) {
      fail(v, rule::DB_605,
           fmt::format("{}'s hand is empty: he must defend with the deck", who(defender)));
      ++known_[static_cast<std::size_t>(bean)];
    } else {
      take_from_hand(defender, {{bean, pos}}, v, kRefElement);
    }
  } else {
    card = take_top(bean, v).has_value();
  }
  if (card) {
    r.defence_card = bean;
    r.defence_card_strength = strength(bean);
    battle_.table.push_back(bean);
  }
  const SpaceState& sp = spaces_[static_cast<std::size_t>(last_battle_.target)];
  int minimum = sp.card ? defence_minimum(*sp.card, sp.razed) : 0;
  r.defence_strength = std::max(r.defence_card_strength, minimum);
  r.won = r.attack_strength > r.defence_strength;
  last_battle_.rounds.push_back(r);
  if (!battle_.decided) {
    if (battle_.round <= 0 && r.attack == AttackSource::cavalry) {
      if (r.won) {
        battle_.decided = true;
        last_battle_.captured = true;
      } else {
        if (!battle_.cavalry_bad) {
          exhausted_[static_cast<std::size_t>(r.cavalry - 1)] = true;
          last_battle_.cavalry_exhausted = true;
          battle_.expect_second = true;
        } else {
          battle_.second_optional = true;
        }
      }
    } else {
      battle_.decided = true;
      last_battle_.captured = r.won;
    }
  }
  return v;
}

Violations State::battle_end() {
  Violations v;
  if (!battle_.active) return v;
  if (battle_.expect_second)
    fail(v, rule::DB_705,
         "the cavalry lost round 1: round 2 follows at once (a card from hand or deck against a "
         "new defence)");
  SpaceId t = last_battle_.target;
  SpaceState& sp = spaces_[static_cast<std::size_t>(t)];
  if (last_battle_.captured && sp.card != Card::river && sp.owner != active_) {
    int defender = sp.owner;
    sp.owner = active_;
    if (sp.card) {
      int k = cavalry_of(*sp.card);
      if (k > 0) last_battle_.cavalry_taken = k;
      if (*sp.card == Card::city && !sp.razed && options_.razing == Razing::on) {
        sp.razed = true;
        ++players_[static_cast<std::size_t>(active_)].razing_points;
        last_battle_.razed = true;
      }
    }
    if (defender >= 0 && territories(defender) == 0) last_battle_.ended = EndReason::last_territory;
  } else if (!last_battle_.captured) {
    last_battle_.captured = false;
  }
  discard_.insert(discard_.end(), battle_.table.begin(), battle_.table.end());
  battle_.table.clear();
  battle_.active = false;
  if (battle_third_) {
    last_battle_.third_exhaustion = true;
    last_battle_.ended = EndReason::deck;
    end_game(EndReason::deck);
  } else if (last_battle_.ended == EndReason::last_territory) {
    end_game(EndReason::last_territory);
  }
  return v;
}

Violations State::draw(const std::vector<Bean>& beans, int count) {
  Violations v;
  if (!prologue(Act::draw, v)) return v;
  PlayerState& p = players_[static_cast<std::size_t>(active_)];
  // The parts of the turn the draw closes come before the draw itself (rules section 13).
  bool counting = continuing_;
  bool second = false;
  if (!step4_begun_) {
    begin_step4(v);
    group_ = Group{};
    group_.kind = GroupKind::draw;
    group_.required = 3 + owned(active_, Card::village);
    counting = true;
  } else if (!continuing_) {
    second = true;
  }
  if (p.has_cart)
    fail(v, rule::DB_803,
         fmt::format("{} has a cart: his step 4 loads it (<load>) and takes from it (<take>), "
                     "never <draw>",
                     who(active_)));
  if (second) {
    fail(v, rule::DB_408,
         "a second draw: step 4 draws its cards in one element (split only by a reshuffle)");
    group_.reported = true;
  }
  step4_cards(beans, count, counting, p.hand, "drawn", "step 4 draws {} ({}), the record draws {}",
              v);
  return v;
}

void State::step4_cards(const std::vector<Bean>& beans, int count, bool counting,
                        std::vector<Slot>& into, std::string_view taken, std::string_view too_many,
                        Violations& v) {
  int n = beans.empty() ? count : static_cast<int>(beans.size());
  for (int i = 0; i < n; ++i) {
    std::optional<Slot> c;
    if (!over_)
      c = take_top(
          beans.empty() ? std::nullopt : std::optional<Bean>(beans[static_cast<std::size_t>(i)]),
          v);
    if (!c) {
      fail(v, rule::DB_408,
           fmt::format("cards {} past the end of the game: the deck ran out for the third time",
                       taken));
      group_.reported = true;
      break;
    }
    into.push_back(*c);
    if (counting) ++group_.taken;
  }
  if (counting && !group_.reported && group_.taken > group_.required) {
    group_.reported = true;
    std::string why =
        fmt::format("3 + {} village{}", group_.required - 3, group_.required == 4 ? "" : "s");
    fail(v, rule::DB_408,
         fmt::format(fmt::runtime(too_many), plural(group_.required, "card"), why, group_.taken));
  }
}

Violations State::load(const std::vector<Bean>& beans, int count) {
  Violations v;
  if (!prologue(Act::load, v)) return v;
  PlayerState& p = players_[static_cast<std::size_t>(active_)];
  bool counting = continuing_;
  bool second = false;
  if (!step4_begun_) {
    begin_step4(v);
    group_ = Group{};
    group_.kind = GroupKind::load;
    group_.required = 3 + owned(active_, Card::village);
    counting = true;
  } else if (!continuing_ && !take_done_) {
    second = true;
  }
  if (!p.has_cart)
    fail(v, rule::DB_803,
         fmt::format("{} has no cart: his step 4 is a <draw> (the cards go to his hand)",
                     who(active_)));
  else if (take_done_)
    fail(v, rule::DB_803, "a <load> after the <take>: step 4 loads all its cards, then takes");
  if (second) {
    fail(v, rule::DB_408,
         "a second load: step 4 loads its cards in one element (split only by a reshuffle)");
    group_.reported = true;
  }
  step4_cards(beans, count, counting, p.has_cart ? p.cart : p.hand, "loaded",
              "step 4 loads the cart with {} ({}), the record loads {}", v);
  return v;
}

Violations State::take(const std::vector<Bean>& beans, int count) {
  Violations v;
  if (!prologue(Act::take, v)) return v;
  PlayerState& p = players_[static_cast<std::size_t>(active_)];
  if (!p.has_cart) {
    fail(v, rule::DB_803, fmt::format("{} has no cart to take from", who(active_)));
    return v;
  }
  if (take_done_) {
    fail(v, rule::DB_803, "a second <take>: step 4 takes from the cart once");
    return v;
  }
  if (!step4_begun_) {
    begin_step4(v);
    group_ = Group{};
    group_.kind = GroupKind::load;
    group_.required = 3 + owned(active_, Card::village);
  }
  if (group_.kind == GroupKind::load) check_group(group_, v);
  take_done_ = true;
  int required = group_.required;
  int n = beans.empty() ? count : static_cast<int>(beans.size());
  if (n != required)
    fail(v, rule::DB_803,
         fmt::format("{} takes {} from his cart; step 4 gives him {} (3 + {} village{}), and "
                     "the rest stays on the cart",
                     who(active_), plural(n, "card"), required, required - 3,
                     required == 4 ? "" : "s"));
  std::vector<Slot> taken;
  if (!beans.empty()) {
    for (Bean b : beans) {
      auto it = std::find(p.cart.begin(), p.cart.end(), slot_of(b));
      if (it == p.cart.end()) it = std::find(p.cart.begin(), p.cart.end(), kUnknown);
      if (it == p.cart.end()) {
        std::string cart;
        for (Slot s : p.cart)
          cart += fmt::format("{}{}", cart.empty() ? "" : " ", slot_name(s));
        fail(v, rule::DB_803,
             fmt::format("there is no {} on {}'s cart ({})", name(b), who(active_),
                         cart.empty() ? "empty" : cart));
        ++known_[static_cast<std::size_t>(b)];
      } else {
        if (*it == kUnknown) name_card(b, v);
        p.cart.erase(it);
      }
      taken.push_back(slot_of(b));
    }
  } else {
    bool all_known =
        std::none_of(p.cart.begin(), p.cart.end(), [](Slot s) { return s == kUnknown; });
    bool one_kind =
        std::all_of(p.cart.begin(), p.cart.end(), [&](Slot s) { return s == p.cart.front(); });
    int m = std::min(n, static_cast<int>(p.cart.size()));
    if (all_known && one_kind) {
      taken.assign(p.cart.begin(), p.cart.begin() + m);
      p.cart.erase(p.cart.begin(), p.cart.begin() + m);
    } else {
      if (all_known) {
        std::string cart;
        for (Slot s : p.cart)
          cart += fmt::format("{}{}", cart.empty() ? "" : " ", slot_name(s));
        fail(v, rule::DB_1205,
             fmt::format("every card on {}'s cart is known ({}) and they are not all of one "
                         "kind: the <take> names the cards taken",
                         who(active_), cart));
      }
      for (Slot s : p.cart)
        forget(s);
      p.cart.erase(p.cart.begin(), p.cart.begin() + m);
      std::fill(p.cart.begin(), p.cart.end(), kUnknown);
      taken.assign(static_cast<std::size_t>(m), kUnknown);
    }
  }
  p.hand.insert(p.hand.end(), taken.begin(), taken.end());
  return v;
}

Violations State::reshuffle(const std::optional<std::vector<Bean>>& order, bool before_deck_card) {
  Violations v;
  if (!prologue(Act::reshuffle, v)) return v;
  if (owed_ > 0) {
    --owed_;
    do_reshuffle(&order, v);
    return v;
  }
  if (battle_.active && exhaustions_ >= 3 && deck_.empty() && !battle_.reshuffled &&
      before_deck_card) {
    battle_.reshuffled = true;
    do_reshuffle(&order, v);
    return v;
  }
  if (battle_.active && exhaustions_ >= 3 && deck_.empty() && !battle_.reshuffled)
    fail(v, rule::DB_502,
         "the third exhaustion's reshuffle during a battle (DB-1002) stands right before the "
         "attack or defence that takes the first card of the new deck");
  else if (exhaustions_ >= 3)
    fail(v, rule::DB_502,
         "a <reshuffle> where none is due: the deck ran out for the third time, and the third "
         "exhaustion has no reshuffle");
  else
    fail(v, rule::DB_502,
         fmt::format("a <reshuffle> where none is due: the deck still holds {} (a reshuffle "
                     "follows the element that takes its last card)",
                     plural(static_cast<int>(deck_.size()), "card")));
  return v;
}

Violations State::vp_claim() {
  Violations v;
  prologue(Act::vp, v);
  return v;
}

Violations State::end_turn() {
  Violations v;
  if (owed_ > 0) {
    fail(v, rule::DB_502,
         fmt::format("the turn ends right after the deck ran out ({} exhaustion): a <reshuffle> "
                     "follows the element that took its last card",
                     ordinal(exhaustions_)),
         kRefTurn);
    while (owed_ > 0) {
      --owed_;
      do_reshuffle(nullptr, v);
    }
  }
  if (!over_) {
    std::size_t before = v.size();
    if (group_.awaiting) {
      group_.awaiting = false;
      check_group(group_, v);
    }
    close_start(v);
    close_step1(v);
    close_turn_up(v, true);
    end_step2();
    close_step3(v);
    // Cards never planted are set aside on the discard pile, so that they are found once.
    for (auto& other : players_) {
      discard_.insert(discard_.end(), other.to_plant.begin(), other.to_plant.end());
      other.to_plant.clear();
    }
    const PlayerState& p = players_[static_cast<std::size_t>(active_)];
    int required = 3 + owned(active_, Card::village);
    if (!step4_begun_) {
      fail(v, rule::DB_408,
           fmt::format("the turn ends without step 4: {} {} {} (3 + {} village{})", who(active_),
                       p.has_cart ? "loads his cart with" : "draws", plural(required, "card"),
                       required - 3, required == 4 ? "" : "s"));
    } else {
      check_group(group_, v);
      if (p.has_cart && group_.kind == GroupKind::load && !take_done_)
        fail(v, rule::DB_803,
             fmt::format("{} loaded his cart but takes nothing from it: step 4 ends with a "
                         "<take>",
                         who(active_)));
    }
    for (std::size_t i = before; i < v.size(); ++i)
      if (v[i].part == part_of(kRefElement)) v[i].part = part_of(kRefTurn);
  }
  return v;
}

}  // namespace wallaudit::db
