#include "great_wall/state.hpp"
#include "great_wall/rule_ids.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <numeric>

namespace wallaudit::gw {

namespace {

std::string offer_text(const std::vector<int>& offer) {
  std::vector<std::string> parts;
  for (int v : offer)
    parts.push_back(v ? std::to_string(v) : std::string("a token of unknown value"));
  if (parts.empty()) return "no token";
  if (parts.size() == 1) return parts[0];
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += fmt::format("{}{}", i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ", parts[i]);
  return out;
}

std::string known_text(const ColourState& cs) {
  std::string out;
  for (int t = 0; t < kCardTypes; ++t)
    for (int k = 0; k < cs.known[static_cast<std::size_t>(t)]; ++k)
      out += fmt::format("{}{}", out.empty() ? "" : ", ", name(static_cast<Card>(t)));
  return out;
}

std::string hand_arithmetic(const ColourState& cs) {
  return fmt::format("5 dealt + {} drawn - {} played", cs.draws, cs.played_total());
}

// Bounds that keep a hostile record from growing the table without end: a legal section
// never holds more than every colour's 20 cards.
constexpr int kMaxCount = 1'000'000;
constexpr std::size_t kMaxCardsInSection = kColours * kDeckSize;

std::size_t cards_in(const SectionState& sc) {
  std::size_t n = 0;
  for (const Place& p : sc.places)
    n += p.layers.size();
  return n;
}

}  // namespace

Finding violation(RuleId rule, std::string message, StepNo cause, Attr attr) {
  Finding f;
  f.rule = rule;
  f.message = std::move(message);
  f.cause = cause;
  f.part = static_cast<std::uint8_t>(attr);
  return f;
}

int ColourState::played_total() const {
  return std::accumulate(played.begin(), played.end(), 0);
}

int ColourState::known_total() const {
  return std::accumulate(known.begin(), known.end(), 0);
}

std::string describe(const Total& t) {
  std::string out = fmt::format("{} ", name(t.colour));
  std::string terms;
  for (const auto& term : t.terms) {
    terms += fmt::format("{}{} {}", terms.empty() ? "" : " + ", name(term.card), term.value);
    if (term.covers)
      terms += fmt::format(" (on {}'s {})", name(term.covers->colour), name(term.covers->card));
  }
  if (terms.empty()) terms = "no visible card: 0";
  out += terms;
  if (t.token) out += fmt::format(" - token {}", *t.token);
  if (!t.terms.empty() || t.token) out += fmt::format(" = {}", t.total);
  if (t.covered)
    out += fmt::format(" ({} card{} under a dragon count{} nothing)", t.covered,
                       t.covered == 1 ? "" : "s", t.covered == 1 ? "s" : "");
  return out;
}

State::State(std::vector<Colour> seats, int sections) : seats_(std::move(seats)) {
  sections_.resize(static_cast<std::size_t>(sections));
  section_set_.assign(static_cast<std::size_t>(sections), false);
  pool_ = kTokenCounts;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    ColourState& cs = col(seats_[i]);
    cs.playing = true;
    cs.seat = static_cast<int>(i);
  }
}

// ---- the table --------------------------------------------------------------------------

int State::pool_total() const {
  return std::accumulate(pool_.begin(), pool_.end(), 0);
}

bool State::holds_token(int s) const {
  const SectionState& sc = section(s);
  return !sc.offer.empty() || sc.laid.has_value();
}

bool State::has_card(Colour c, int s) const {
  return tally(s).present[static_cast<std::size_t>(ci(c))];
}

bool State::noble_visible(int s) const {
  for (const Place& p : section(s).places)
    if (p.top().card == Card::noble) return true;
  return false;
}

Total State::total(Colour c, int s) const {
  Total t;
  t.colour = c;
  const SectionState& sc = section(s);
  bool noble = noble_visible(s);
  int warriors = 0;  // visible warriors of `c` to the left
  for (std::size_t i = 0; i < sc.places.size(); ++i) {
    const Place& p = sc.places[i];
    for (std::size_t k = 0; k + 1 < p.layers.size(); ++k)
      if (p.layers[k].colour == c) ++t.covered;
    const PlacedCard& top = p.top();
    if (top.colour != c) continue;
    int value = noble ? 1 : top.card == Card::warrior ? 1 + warriors : base_value(top.card);
    if (top.card == Card::warrior) ++warriors;
    ValueTerm term;
    term.place = static_cast<int>(i) + 1;
    term.card = top.card;
    term.value = value;
    if (p.layers.size() > 1) term.covers = p.layers[p.layers.size() - 2];
    t.terms.push_back(term);
    t.total += value;
  }
  if (sc.laid && sc.laid_place >= 0 &&
      sc.places[static_cast<std::size_t>(sc.laid_place)].top().colour == c) {
    t.token = *sc.laid;
    t.total -= *sc.laid;
  }
  return t;
}

SectionTally State::count(const SectionState& sc) {
  SectionTally t;
  // The values as if no noble showed (warriors count those of their colour to the left), and
  // the number of cards showing: a noble makes each of them worth 1.
  std::array<int, kColours> warriors{}, showing{};
  bool noble = false;
  for (const Place& p : sc.places) {
    for (const PlacedCard& card : p.layers)
      t.present[static_cast<std::size_t>(ci(card.colour))] = true;
    const PlacedCard& top = p.top();
    const auto c = static_cast<std::size_t>(ci(top.colour));
    noble = noble || top.card == Card::noble;
    ++showing[c];
    t.points[c] += top.card == Card::warrior ? 1 + warriors[c]++ : base_value(top.card);
  }
  if (noble) t.points = showing;
  if (sc.laid && sc.laid_place >= 0)
    t.points[static_cast<std::size_t>(
        ci(sc.places[static_cast<std::size_t>(sc.laid_place)].top().colour))] -= *sc.laid;
  return t;
}

const SectionTally& State::tally(int s) const {
  const SectionTally& t = section(s).tally;
#ifndef NDEBUG
  // The tally kept is the one counted, and agrees with the terms total() lists.
  const SectionTally fresh = count(section(s));
  assert(t.present == fresh.present && t.points == fresh.points);
  for (int c = 0; c < kColours; ++c)
    assert(t.points[static_cast<std::size_t>(c)] == total(static_cast<Colour>(c), s).total);
#endif
  return t;
}

bool State::leads(Colour c, int s) const {
  const SectionState& sc = section(s);
  if (!sc.open || !holds_token(s)) return false;
  const SectionTally& t = tally(s);
  if (!t.present[static_cast<std::size_t>(ci(c))]) return false;
  const int mine = t.points[static_cast<std::size_t>(ci(c))];
  for (Colour other : seats_) {
    const auto o = static_cast<std::size_t>(ci(other));
    if (other != c && t.present[o] && t.points[o] >= mine) return false;
  }
  return true;
}

bool State::anyone_leads() const {
  for (Colour c : seats_)
    for (int s = 0; s < sections(); ++s)
      if (leads(c, s)) return true;
  return false;
}

int State::unknown_in_hand(Colour c) const {
  const ColourState& cs = colour(c);
  return std::max(0, cs.hand - cs.known_total());
}

bool State::can_act(Colour c) const {
  const ColourState& cs = colour(c);
  if (cs.deck > 0) return true;
  bool open =
      std::any_of(sections_.begin(), sections_.end(), [](const SectionState& s) { return s.open; });
  if (!open || cs.hand <= 0) return false;
  constexpr auto cav = static_cast<std::size_t>(Card::cavalry);
  if (cs.known_total() - cs.known[cav] > 0) return true;
  // With the deck empty every card not played is in the hand: the unknown ones are what the
  // deck holds besides the cards played and known.
  int cavalry_left = std::max(0, kDeck[cav] - cs.played[cav] - cs.known[cav]);
  return unknown_in_hand(c) > cavalry_left;
}

std::optional<Colour> State::emptier() const {
  if (emptier_ < 0) return std::nullopt;
  return seats_[static_cast<std::size_t>(emptier_)];
}

std::string State::totals_text(int s) const {
  std::string out;
  for (Colour c : seats_)
    if (has_card(c, s))
      out += fmt::format("{}{} {}", out.empty() ? "" : ", ", name(c), total(c, s).total);
  return out.empty() ? std::string("no cards") : out;
}

void State::retaint(StepNo step, StepNo root) {
  auto fix = [&](StepNo& t) {
    if (t == step) t = root;
  };
  for (SectionState& sc : sections_) {
    fix(sc.taint);
    for (Place& p : sc.places)
      for (PlacedCard& card : p.layers)
        fix(card.taint);
  }
  for (ColourState& cs : colours_) {
    fix(cs.hand_taint);
    fix(cs.score_taint);
  }
  fix(pool_taint_);
  fix(order_taint_);
  fix(first_error_);
}

// ---- helpers ------------------------------------------------------------------------------

bool State::take(int value) {
  auto index = token_index(value);
  if (!index) return false;
  int& left = pool_[static_cast<std::size_t>(*index)];
  if (left <= 0) return false;
  --left;
  return true;
}

Violations State::check_tokens(const std::vector<int>& tokens, std::string_view where,
                               std::vector<int>& taken) {
  Violations out;
  for (int v : tokens) {
    auto index = token_index(v);
    if (!index) {
      out.push_back(violation(rule::GW_102,
                              fmt::format("{} is no fame token's value (1, 2, 3, 4, 5, 7 or 8)", v),
                              0, Attr::tokens));
      taken.push_back(0);
      continue;
    }
    if (!take(v)) {
      int count = kTokenCounts[static_cast<std::size_t>(*index)];
      out.push_back(
          violation(rule::GW_102,
                    fmt::format("{}: no token of value {} is left in the pool (the game has {}, "
                                "all drawn already)",
                                where, v, count),
                    pool_taint_, Attr::tokens));
    }
    taken.push_back(v);
  }
  return out;
}

void State::note(const Violations& out, std::size_t before, StepNo step) {
  if (out.size() > before && !first_error_) first_error_ = step;
}

bool State::after_end(Violations& out) {
  if (ended_ == EndReason::none) return false;
  if (!turn_.after_end_reported) {
    turn_.after_end_reported = true;
    out.push_back(violation(
        rule::GW_601,
        "the last token was won earlier in this turn: the game ended at once, and nothing "
        "follows in the turn",
        first_error_));
  }
  return true;
}

void State::close_scoring(Violations& out, StepNo step) {
  if (!turn_.scoring) return;
  turn_.scoring = false;
  Colour c = turn_.colour;
  for (int s = 0; s < sections(); ++s) {
    if (turn_.scored[static_cast<std::size_t>(s)] || !leads(c, s)) continue;
    SectionState& sc = sec(s);
    bool alone = true;
    for (Colour other : seats_)
      if (other != c && has_card(other, s)) alone = false;
    out.push_back(violation(
        rule::GW_302,
        alone ? fmt::format("{} is alone in {} and wins a token there whatever the total ({}), "
                            "but does not score it: scoring is compulsory",
                            name(c), section_name(s), totals_text(s))
              : fmt::format("{} leads {} ({}) but does not score it: scoring is compulsory",
                            name(c), section_name(s), totals_text(s)),
        sc.taint));
    if (!sc.taint) sc.taint = step;
  }
}

void State::check_exhausted() {
  if (ended_ != EndReason::none || pool_total() > 0) return;
  for (int s = 0; s < sections(); ++s)
    if (holds_token(s) || section(s).awaiting_reveal) return;
  ended_ = EndReason::last_token;
  end_turn_ = turn_.n;
}

// ---- set-up --------------------------------------------------------------------------------

Violations State::setup_section(int s, const std::vector<int>& tokens, StepNo step) {
  Violations out;
  SectionState& sc = sec(s);
  std::string where = section_name(s);
  if (section_set_[static_cast<std::size_t>(s)]) {
    out.push_back(violation(
        rule::GW_201,
        fmt::format("{} gets a second pair at set-up; each section in play gets one", where), 0));
    note(out, 0, step);
    return out;
  }
  section_set_[static_cast<std::size_t>(s)] = true;
  if (tokens.size() != 2)
    out.push_back(violation(rule::GW_201,
                            fmt::format("each section starts with two tokens face up; {} lists {}",
                                        where, tokens.size()),
                            0, Attr::tokens));
  std::vector<int> taken;
  auto v = check_tokens(tokens, where, taken);
  out.insert(out.end(), v.begin(), v.end());
  if (seats_.size() == 2 && tokens.size() == 2 && tokens[0] == tokens[1])
    out.push_back(
        violation(rule::GW_202,
                  fmt::format("with 2 players an equal pair ({} and {}) goes back in the box and "
                              "a new pair is drawn for {} (written <discard section=\"{}\" "
                              "tokens=\"{} {}\"/>)",
                              tokens[0], tokens[1], where, where, tokens[0], tokens[1]),
                  0, Attr::tokens));
  taken.resize(2, 0);
  sc.offer = taken;
  if (!out.empty()) {
    sc.taint = step;
    pool_taint_ = pool_taint_ ? pool_taint_ : step;
  }
  note(out, 0, step);
  return out;
}

Violations State::setup_discard(int s, const std::vector<int>& tokens, StepNo step) {
  Violations out;
  std::string where = section_name(s);
  if (seats_.size() != 2)
    out.push_back(
        violation(rule::GW_202,
                  fmt::format("only with 2 players is an equal pair put back in the box; this "
                              "game has {}",
                              seats_.size()),
                  0, Attr::tokens));
  if (tokens.size() != 2)
    out.push_back(
        violation(rule::GW_202,
                  fmt::format("a discarded pair is two tokens; the discard for {} lists {}", where,
                              tokens.size()),
                  0, Attr::tokens));
  else if (tokens[0] != tokens[1])
    out.push_back(violation(rule::GW_202,
                            fmt::format("only an equal pair is put back in the box, not {} and {}",
                                        tokens[0], tokens[1]),
                            0, Attr::tokens));
  std::vector<int> taken;
  auto v = check_tokens(tokens, where, taken);
  out.insert(out.end(), v.begin(), v.end());
  if (!out.empty()) pool_taint_ = pool_taint_ ? pool_taint_ : step;
  note(out, 0, step);
  return out;
}

Violations State::setup_hand(Colour c, const std::vector<Card>& cards, StepNo step) {
  Violations out;
  ColourState& cs = col(c);
  std::size_t i = static_cast<std::size_t>(ci(c));
  if (!cs.playing) {
    out.push_back(violation(rule::GW_203,
                            fmt::format("{} is not playing: no hand is dealt for it", name(c)), 0));
  } else if (hand_named_[i]) {
    out.push_back(violation(rule::GW_203, fmt::format("{}'s hand is named twice", name(c)), 0));
  } else {
    hand_named_[i] = true;
    if (cards.size() != kHandSize) {
      out.push_back(violation(rule::GW_203,
                              fmt::format("a hand is the first 5 cards of the deck; {}'s names {}",
                                          name(c), cards.size()),
                              0, Attr::card));
    } else {
      std::array<int, kCardTypes> count{};
      for (Card card : cards)
        ++count[static_cast<std::size_t>(ti(card))];
      for (int t = 0; t < kCardTypes; ++t) {
        int n = count[static_cast<std::size_t>(t)], deck = kDeck[static_cast<std::size_t>(t)];
        if (n > deck)
          out.push_back(violation(rule::GW_306,
                                  fmt::format("{}'s hand names {} {}; the deck holds {}", name(c),
                                              n, plural(static_cast<Card>(t), n), deck),
                                  0, Attr::card));
      }
      if (out.empty()) cs.known = count;
    }
    if (!out.empty()) cs.hand_taint = step;
  }
  note(out, 0, step);
  return out;
}

Violations State::finish_setup(StepNo step) {
  Violations out;
  for (int s = 0; s < sections(); ++s) {
    if (section_set_[static_cast<std::size_t>(s)]) continue;
    out.push_back(
        violation(rule::GW_201,
                  fmt::format("{} has no pair of tokens: every section in play starts with two "
                              "face up",
                              section_name(s)),
                  0));
    SectionState& sc = sec(s);
    sc.offer = {0, 0};
    sc.taint = step;
  }
  if (!out.empty() && !pool_taint_) pool_taint_ = step;
  note(out, 0, step);
  return out;
}

// ---- turns ---------------------------------------------------------------------------------

Violations State::begin_turn(Colour c, int n, StepNo step) {
  Violations out;
  turn_ = TurnState{};
  turn_.active = true;
  turn_.colour = c;
  turn_.n = n;
  if (ended_ != EndReason::none) {
    out.push_back(violation(
        ended_ == EndReason::last_token ? rule::GW_601 : rule::GW_602,
        ended_ == EndReason::last_token
            ? fmt::format("the game ended on turn {}, when the last token was won; nothing may "
                          "be recorded after it",
                          end_turn_)
            : fmt::format("the game ended after turn {}: the last round was over and nobody led "
                          "a section holding a token; nothing may be recorded after it",
                          end_turn_),
        first_error_));
    turn_.skip = true;
    note(out, 0, step);
    return out;
  }
  int seat = expected_seat_;
  const ColourState& cs = colour(c);
  Colour due = seats_[static_cast<std::size_t>(seat)];
  if (!cs.playing || cs.seat != seat) {
    std::string who = !cs.playing ? fmt::format("{} is not playing", name(c))
                                  : fmt::format("{} plays out of turn", name(c));
    out.push_back(violation(
        rule::GW_204,
        n == 1 ? fmt::format("the first turn belongs to the first seat ({}); {}", name(due), who)
               : fmt::format("turn {} belongs to {} (seat order); {}", n, name(due), who),
        order_taint_, Attr::colour));
    order_taint_ = step;
    if (!cs.playing) {
      expected_seat_ = (seat + 1) % static_cast<int>(seats_.size());
      turn_.skip = true;
      note(out, 0, step);
      return out;
    }
  }
  note(out, 0, step);
  return out;
}

Violations State::score(int s, int token, std::optional<int> on, bool record_clears, StepNo step,
                        ScoreEvent& ev) {
  Violations out;
  ev = ScoreEvent{};
  ev.section = s;
  ev.scorer = turn_.colour;
  ev.token = token;
  if (!replaying() || after_end(out)) {
    note(out, 0, step);
    return out;
  }
  Colour c = turn_.colour;
  SectionState& sc = sec(s);
  std::string where = section_name(s);
  StepNo follows = sc.taint;
  if (!turn_.scoring)
    out.push_back(
        violation(rule::GW_301,
                  "a <score> after the turn's first play or draw: scoring is action 1 and "
                  "comes before them",
                  0));
  auto done = [&] {
    if (out.size() > 0) {
      if (!sc.taint) sc.taint = step;
      ColourState& cs = col(c);
      if (!cs.score_taint) cs.score_taint = step;
    }
    note(out, 0, step);
    return out;
  };
  if (!sc.open) {
    out.push_back(violation(
        rule::GW_502,
        fmt::format("{} is closed: fewer than two tokens were left for a new pair", where), follows,
        Attr::section));
    return done();
  }
  if (turn_.scored[static_cast<std::size_t>(s)]) {
    out.push_back(
        violation(rule::GW_302,
                  fmt::format("{} is scored a second time in this turn; a section is scored once "
                              "per turn",
                              where),
                  follows, Attr::section));
    return done();
  }
  turn_.scored[static_cast<std::size_t>(s)] = step;
  if (!holds_token(s)) {
    out.push_back(violation(
        rule::GW_502, fmt::format("{} holds no token: its new pair was never revealed", where),
        follows ? follows : pool_taint_));
    return done();
  }
  if (!token_index(token)) {
    out.push_back(violation(
        rule::GW_102, fmt::format("{} is no fame token's value (1, 2, 3, 4, 5, 7 or 8)", token), 0,
        Attr::token));
    return done();
  }
  // The totals before the score, for the explanation and the lead.
  ev.offer = sc.offer;
  ev.noble = noble_visible(s);
  bool alone = true;
  for (Colour other : seats_) {
    if (!has_card(other, s)) continue;
    if (terms_) {
      ev.totals.push_back(total(other, s));
    } else {
      Total t;
      t.colour = other;
      t.total = tally(s).points[static_cast<std::size_t>(ci(other))];
      ev.totals.push_back(std::move(t));
    }
    if (other != c) alone = false;
  }
  ev.alone = alone && has_card(c, s);
  ev.leads = leads(c, s);
  if (!has_card(c, s)) {
    out.push_back(violation(rule::GW_302,
                            fmt::format("{} has no card in {} and cannot score it ({})", name(c),
                                        where, totals_text(s)),
                            follows, Attr::section));
  } else if (!ev.leads) {
    out.push_back(violation(
        rule::GW_302,
        fmt::format("{} does not lead {}: {} (a tie wins nothing)", name(c), where, totals_text(s)),
        follows, Attr::section));
  }
  if (!sc.laid && !(record_clears && !on)) {
    // GW-501: the first token, chosen from the pair and laid on one of the scorer's cards.
    auto it = std::find(sc.offer.begin(), sc.offer.end(), token);
    if (it == sc.offer.end()) it = std::find(sc.offer.begin(), sc.offer.end(), 0);
    if (it == sc.offer.end()) {
      out.push_back(violation(
          rule::GW_501, fmt::format("{} offers {}, not {}", where, offer_text(sc.offer), token),
          follows, Attr::token));
      return done();
    }
    if (*it == 0) take(token);  // a pair never revealed: its value is known now
    int place = -1;
    int places = static_cast<int>(sc.places.size());
    if (!on) {
      out.push_back(
          violation(rule::GW_501,
                    fmt::format("the first token of {} is laid on one of {}'s cards there: "
                                "on=\"…\" is missing",
                                where, name(c)),
                    follows));
    } else if (*on > places) {
      out.push_back(violation(
          rule::GW_501,
          places == 0
              ? fmt::format("{} has no card at place {} (it has none)", where, *on)
              : fmt::format("{} has no card at place {} (places 1 to {})", where, *on, places),
          follows, Attr::on));
    } else {
      const PlacedCard& top = sc.places[static_cast<std::size_t>(*on - 1)].top();
      if (top.colour != c)
        out.push_back(
            violation(rule::GW_501,
                      fmt::format("place {} of {} shows {}'s {}: the first token is laid on one "
                                  "of {}'s own cards",
                                  *on, where, name(top.colour), name(top.card), name(c)),
                      follows, Attr::on));
      else
        place = *on - 1;
    }
    if (place < 0) {
      for (int i = 0; i < places; ++i)
        if (sc.places[static_cast<std::size_t>(i)].top().colour == c) {
          place = i;
          break;
        }
    }
    sc.offer.erase(it);
    sc.laid = token;
    sc.laid_place = place;
    retally(sc);
    ev.applied = true;
    ev.on_place = place >= 0 ? place + 1 : -1;
    if (place >= 0) ev.on_card = sc.places[static_cast<std::size_t>(place)].top().card;
    check_exhausted();
    return done();
  }
  // GW-502: the second token; the first goes to the owner of the card it lies on.
  if (!sc.laid) {
    // The record clears a section whose first token was never laid: replay it as the record
    // has it; the token the scorer did not take lies on no card and counts for nobody.
    auto it = std::find(sc.offer.begin(), sc.offer.end(), token);
    if (it == sc.offer.end()) it = std::find(sc.offer.begin(), sc.offer.end(), 0);
    if (it == sc.offer.end()) it = sc.offer.begin();
    std::vector<int> rest;
    for (auto k = sc.offer.begin(); k != sc.offer.end(); ++k)
      if (k != it) rest.push_back(*k);
    out.push_back(
        violation(rule::GW_501,
                  fmt::format("no first token lies on a card in {}: this score takes the first "
                              "token, laid on one of {}'s cards with on=\"…\"; the record "
                              "clears the section after it, and the replay follows the record "
                              "({} count{} for nobody)",
                              where, name(c), offer_text(rest), rest.size() == 1 ? "s" : ""),
                  follows));
    int kept = *it;
    sc.offer = {kept};
  }
  if (on)
    out.push_back(
        violation(rule::GW_502,
                  fmt::format("the second token of {} is taken, not laid: on=\"…\" belongs to "
                              "the first token only",
                              where),
                  follows, Attr::on));
  int value = token;
  if (!sc.offer.empty() && sc.offer.front() != 0) {
    value = sc.offer.front();
    if (value != token)
      out.push_back(violation(
          rule::GW_502, fmt::format("the token left on {} is {}, not {}", where, value, token),
          follows, Attr::token));
  } else if (!sc.offer.empty()) {
    take(token);  // a pair never revealed: its value is known now
  }
  ev.second = true;
  ev.applied = true;
  ev.token = value;
  ColourState& scorer = col(c);
  scorer.score += value;
  scorer.won.push_back(value);
  ev.points[static_cast<std::size_t>(ci(c))] += value;
  if (sc.laid_place >= 0) {
    Colour owner = sc.places[static_cast<std::size_t>(sc.laid_place)].top().colour;
    ev.first_owner = owner;
    ev.first_value = *sc.laid;
    ColourState& os = col(owner);
    os.score += *sc.laid;
    os.won.push_back(*sc.laid);
    ev.points[static_cast<std::size_t>(ci(owner))] += *sc.laid;
    if (sc.taint && !os.score_taint) os.score_taint = sc.taint;
  }
  if (sc.taint && !scorer.score_taint) scorer.score_taint = sc.taint;
  sc.places.clear();
  sc.offer.clear();
  sc.laid.reset();
  sc.laid_place = -1;
  retally(sc);
  StepNo carried = out.empty() ? 0 : follows ? follows : step;
  sc.taint = 0;
  if (pool_total() >= 2) {
    sc.awaiting_reveal = true;
    sc.cleared_line = step;
  } else {
    sc.open = false;
    sc.closed_this_turn = true;
    ev.closed = true;
  }
  if (carried) sc.taint = carried;
  end_line_ = step;
  check_exhausted();
  return done();
}

Violations State::reveal(int s, const std::vector<int>& tokens, StepNo step) {
  Violations out;
  if (!replaying()) return out;
  SectionState& sc = sec(s);
  std::string where = section_name(s);
  if (sc.closed_this_turn && tokens.empty()) return out;  // "no pair": accepted
  if (after_end(out)) {
    note(out, 0, step);
    return out;
  }
  StepNo follows = sc.taint;
  if (!sc.open) {
    out.push_back(violation(
        rule::GW_502,
        fmt::format("{} is closed: fewer than two tokens were left for a new pair{}", where,
                    sc.closed_this_turn ? " (write no <reveal>, or tokens=\"\")" : ""),
        follows ? follows : pool_taint_, Attr::section));
    note(out, 0, step);
    return out;
  }
  if (!sc.awaiting_reveal) {
    bool unknown = std::count(sc.offer.begin(), sc.offer.end(), 0) > 0 && sc.places.empty();
    if (unknown && follows) {
      out.push_back(
          violation(rule::GW_502,
                    fmt::format("the new pair of {} is revealed in the turn its second token "
                                "is won, not later",
                                where),
                    follows));
    } else {
      out.push_back(
          violation(rule::GW_502,
                    fmt::format("{} was not cleared in this turn: a new pair is revealed only "
                                "after the section's second token is won",
                                where),
                    follows));
      if (!sc.taint) sc.taint = step;
      note(out, 0, step);
      return out;
    }
  }
  if (tokens.size() != 2) {
    out.push_back(violation(
        rule::GW_502,
        tokens.empty()
            ? fmt::format("{} tokens are left in the pool: {} gets a new pair", pool_total(), where)
            : fmt::format("a new pair is two tokens; the reveal for {} lists {}", where,
                          tokens.size()),
        follows, Attr::tokens));
  }
  std::vector<int> taken;
  auto v = check_tokens(tokens, where, taken);
  out.insert(out.end(), v.begin(), v.end());
  if (seats_.size() == 2 && tokens.size() == 2 && tokens[0] == tokens[1])
    out.push_back(
        violation(rule::GW_202,
                  fmt::format("with 2 players an equal pair ({} and {}) goes back in the box and "
                              "a new pair is drawn (a <discard> before the <reveal>)",
                              tokens[0], tokens[1]),
                  follows, Attr::tokens));
  taken.resize(2, 0);
  sc.offer = taken;
  sc.awaiting_reveal = false;
  if (!out.empty()) {
    if (!sc.taint) sc.taint = step;
    if (!pool_taint_) pool_taint_ = step;
  }
  note(out, 0, step);
  return out;
}

Violations State::discard(int s, const std::vector<int>& tokens, StepNo step) {
  Violations out;
  if (!replaying() || after_end(out)) {
    note(out, 0, step);
    return out;
  }
  SectionState& sc = sec(s);
  std::string where = section_name(s);
  if (seats_.size() != 2)
    out.push_back(
        violation(rule::GW_202,
                  fmt::format("only with 2 players is an equal pair put back in the box; this "
                              "game has {}",
                              seats_.size()),
                  0, Attr::tokens));
  else if (!sc.awaiting_reveal)
    out.push_back(
        violation(rule::GW_202,
                  fmt::format("a <discard> stands after the second-token <score> of its section "
                              "and before its <reveal>; {} is not waiting for a new pair",
                              where),
                  sc.taint));
  if (tokens.size() != 2)
    out.push_back(
        violation(rule::GW_202,
                  fmt::format("a discarded pair is two tokens; the discard for {} lists {}", where,
                              tokens.size()),
                  0, Attr::tokens));
  else if (tokens[0] != tokens[1])
    out.push_back(violation(rule::GW_202,
                            fmt::format("only an equal pair is put back in the box, not {} and {}",
                                        tokens[0], tokens[1]),
                            0, Attr::tokens));
  std::vector<int> taken;
  auto v = check_tokens(tokens, where, taken);
  out.insert(out.end(), v.begin(), v.end());
  if (sc.awaiting_reveal && pool_total() < 2) {
    sc.awaiting_reveal = false;
    sc.open = false;
    sc.closed_this_turn = true;
  }
  if (!out.empty() && !pool_taint_) pool_taint_ = step;
  check_exhausted();
  note(out, 0, step);
  return out;
}

Violations State::play(int s, const std::vector<Card>& cards, int count, std::optional<int> on,
                       StepNo step) {
  Violations out;
  if (!replaying() || after_end(out) || cards.empty()) {
    note(out, 0, step);
    return out;
  }
  Colour c = turn_.colour;
  close_scoring(out, step);
  std::size_t before = out.size();
  SectionState& sc = sec(s);
  ColourState& cs = col(c);
  std::string where = section_name(s);
  StepNo follows = sc.taint;
  if (scoring_only_) {
    Colour e = seats_[static_cast<std::size_t>(emptier_)];
    out.push_back(
        violation(rule::GW_602,
                  fmt::format("the last round is over: {} played all 20 cards on turn {}, and "
                              "from {}'s next turn on nobody plays or draws; turns only score",
                              name(e), emptier_turn_, name(e)),
                  colour(e).hand_taint));
  }
  bool mixed = std::any_of(cards.begin(), cards.end(), [&](Card k) { return k != cards[0]; });
  bool cavalry = !mixed && cards[0] == Card::cavalry;
  if (cavalry) {
    if (turn_.actions >= 2)
      out.push_back(
          violation(rule::GW_305,
                    "cavalry is played after scoring and before action 3; this one comes after "
                    "the turn's two actions",
                    0));
  } else if (++turn_.actions > 2) {
    out.push_back(violation(
        rule::GW_301, "a third action: after scoring, a turn has two actions (play or draw)", 0));
  }
  if (mixed) {
    std::string list;
    for (Card k : cards)
      list += fmt::format("{}{}", list.empty() ? "" : ", ", name(k));
    out.push_back(
        violation(rule::GW_303,
                  fmt::format("cards of different types ({}) are played together: a play is "
                              "one card, or several identical ones, to one section",
                              list),
                  0, Attr::card));
  }
  bool dragon = !mixed && cards[0] == Card::dragon;
  if (on && !dragon)
    out.push_back(
        violation(rule::GW_303,
                  fmt::format("only a dragon is played on a card (on=\"{}\"); {} goes to the "
                              "right end of a section",
                              *on, mixed ? std::string("this play") : "a " + plural(cards[0], 1)),
                  0, Attr::on));
  if (!sc.open)
    out.push_back(
        violation(rule::GW_502,
                  fmt::format("{} is closed (fewer than two tokens were left for a new pair): "
                              "no card is played to it",
                              where),
                  follows, Attr::section));
  // GW-306: the cards must be in the hand, and in the deck's make-up. Only cards the deck
  // still holds are played (and later drawn on the table); counts are kept in long long, as a
  // record may ask for any number.
  std::array<long long, kCardTypes> wanted{};
  for (Card k : cards)
    wanted[static_cast<std::size_t>(ti(k))] += count;
  long long total_wanted = static_cast<long long>(cards.size()) * count;
  bool hand_error = false;
  if (total_wanted > cs.hand) {
    out.push_back(violation(
        rule::GW_306,
        cs.hand == 0
            ? fmt::format("{} has no card in hand ({})", name(c), hand_arithmetic(cs))
            : fmt::format("{} has {} card{} in hand ({}) and cannot play {}", name(c), cs.hand,
                          cs.hand == 1 ? "" : "s", hand_arithmetic(cs), total_wanted),
        cs.hand_taint));
    hand_error = true;
  }
  std::array<int, kCardTypes> placed_count{};
  for (int t = 0; t < kCardTypes; ++t) {
    std::size_t k = static_cast<std::size_t>(t);
    long long n = wanted[k];
    if (n == 0) continue;
    Card card = static_cast<Card>(t);
    int deck = kDeck[k];
    if (cs.played[k] + n > deck) {
      int shown = static_cast<int>(std::min<long long>(n, kMaxCount));
      out.push_back(violation(
          rule::GW_306,
          cs.played[k] == 0
              ? fmt::format("{} plays {} {}, but the deck holds {}", name(c), shown,
                            plural(card, shown), deck)
              : fmt::format("{} plays {} {}, but the deck holds {} and {} {} played already",
                            name(c), shown == 1 ? "a" : std::to_string(shown), plural(card, shown),
                            deck, cs.played[k], cs.played[k] == 1 ? "was" : "were"),
          cs.hand_taint, Attr::card));
      hand_error = true;
    } else if (!hand_error && cs.known[k] + unknown_in_hand(c) < n) {
      out.push_back(
          violation(rule::GW_306,
                    fmt::format("{}'s hand is known card by card ({}): it holds no{} {}", name(c),
                                known_text(cs), cs.known[k] ? " more" : "", plural(card, 1)),
                    cs.hand_taint, Attr::card));
      hand_error = true;
    }
    // The cards count as played even beyond the deck's make-up (the players saw them put
    // down); the counts saturate so that no record can overflow them.
    int taken = static_cast<int>(std::min<long long>(n, kMaxCount));
    placed_count[k] = taken;
    cs.played[k] = std::min(cs.played[k] + taken, kMaxCount);
    cs.known[k] -= std::min(cs.known[k], taken);
    cs.hand = static_cast<int>(std::max<long long>(0, cs.hand - n));
  }
  if (hand_error && !cs.hand_taint) cs.hand_taint = step;
  if (out.size() > before && !cs.hand_taint) cs.hand_taint = step;  // the cards left the hand
  // GW-404: a dragon on a visible card without a token.
  int target = -1;
  if (dragon && on && sc.open) {
    int places = static_cast<int>(sc.places.size());
    if (*on > places) {
      out.push_back(violation(
          rule::GW_404,
          places == 0
              ? fmt::format("{} has no card at place {} (it has none)", where, *on)
              : fmt::format("{} has no card at place {} (places 1 to {})", where, *on, places),
          follows, Attr::on));
    } else if (sc.laid && sc.laid_place == *on - 1) {
      const PlacedCard& top = sc.places[static_cast<std::size_t>(*on - 1)].top();
      out.push_back(
          violation(rule::GW_404,
                    fmt::format("place {} of {} ({}'s {}) carries the first token ({}): no "
                                "dragon covers it",
                                *on, where, name(top.colour), name(top.card), *sc.laid),
                    follows, Attr::on));
    } else {
      target = *on - 1;
    }
  }
  StepNo taint = out.size() > before ? step : 0;
  if (sc.open) {
    for (Card k : cards) {
      int& left = placed_count[static_cast<std::size_t>(ti(k))];
      for (; left > 0 && cards_in(sc) < kMaxCardsInSection; --left) {
        PlacedCard placed{c, k, turn_.n, taint};
        if (target >= 0 && k == Card::dragon) {
          sc.places[static_cast<std::size_t>(target)].layers.push_back(placed);
          target = -1;
        } else {
          sc.places.push_back(Place{{placed}});
        }
      }
    }
    retally(sc);
    if (taint && !sc.taint) sc.taint = taint;
  }
  if (emptier_ < 0 && cs.played_total() >= kDeckSize) {
    emptier_ = cs.seat;
    emptier_turn_ = turn_.n;
  }
  note(out, 0, step);
  return out;
}

Violations State::draw(std::optional<Card> card, StepNo step) {
  Violations out;
  if (!replaying() || after_end(out)) {
    note(out, 0, step);
    return out;
  }
  Colour c = turn_.colour;
  close_scoring(out, step);
  std::size_t before = out.size();
  ColourState& cs = col(c);
  if (scoring_only_) {
    Colour e = seats_[static_cast<std::size_t>(emptier_)];
    out.push_back(
        violation(rule::GW_602,
                  fmt::format("the last round is over: {} played all 20 cards on turn {}, and "
                              "from {}'s next turn on nobody plays or draws; turns only score",
                              name(e), emptier_turn_, name(e)),
                  colour(e).hand_taint));
  }
  if (++turn_.actions > 2)
    out.push_back(violation(
        rule::GW_301, "a third action: after scoring, a turn has two actions (play or draw)", 0));
  if (cs.deck <= 0) {
    out.push_back(violation(
        rule::GW_306,
        fmt::format("{}'s deck is empty: all 15 cards after the first five are drawn", name(c)),
        cs.hand_taint));
  } else {
    if (card) {
      std::size_t k = static_cast<std::size_t>(ti(*card));
      int accounted = cs.played[k] + cs.known[k];
      if (accounted + 1 > kDeck[k])
        out.push_back(violation(
            rule::GW_306,
            fmt::format("{} draws a {}, but the deck holds {} and {} {} played or known "
                        "in hand",
                        name(c), name(*card), kDeck[k], accounted, accounted == 1 ? "is" : "are"),
            cs.hand_taint, Attr::card));
      else
        ++cs.known[k];
    }
    --cs.deck;
    ++cs.hand;
    ++cs.draws;
  }
  if (out.size() > before && !cs.hand_taint) cs.hand_taint = step;
  note(out, 0, step);
  return out;
}

Violations State::end_turn(StepNo step) {
  Violations out;
  if (!turn_.active) return out;
  if (turn_.skip) {
    turn_.active = false;
    return out;
  }
  Colour c = turn_.colour;
  if (ended_ == EndReason::none) {
    close_scoring(out, step);
    if (!scoring_only_ && turn_.actions < 2 && can_act(c)) {
      const ColourState& cs = colour(c);
      std::string could =
          cs.deck > 0
              ? fmt::format("draw ({} card{} left in the deck)", cs.deck, cs.deck == 1 ? "" : "s")
              : fmt::format("play a card other than cavalry (hand: {} card{}{})", cs.hand,
                            cs.hand == 1 ? "" : "s",
                            cs.known_total() ? ", known: " + known_text(cs) : "");
      out.push_back(
          violation(rule::GW_304,
                    fmt::format("{} took {} action{} after scoring but could still {}; a player "
                                "takes actions 2 and 3 while they can",
                                name(c), turn_.actions, turn_.actions == 1 ? "" : "s", could),
                    cs.hand_taint));
    }
  }
  for (int s = 0; s < sections(); ++s) {
    SectionState& sc = sec(s);
    sc.closed_this_turn = false;
    if (!sc.awaiting_reveal) continue;
    sc.awaiting_reveal = false;
    out.push_back(
        violation(rule::GW_502,
                  fmt::format("the second token of {} was won in this turn, but no <reveal "
                              "section=\"{}\"> gives its new pair",
                              section_name(s), section_name(s)),
                  sc.taint));
    sc.offer = {0, 0};
    if (!sc.taint) sc.taint = step;
    if (!pool_taint_) pool_taint_ = step;
  }
  expected_seat_ = (colour(c).seat + 1) % static_cast<int>(seats_.size());
  if (emptier_ >= 0 && !scoring_only_ && expected_seat_ == emptier_ && turn_.n != emptier_turn_)
    scoring_only_ = true;
  if (scoring_only_ && ended_ == EndReason::none && !anyone_leads()) {
    ended_ = EndReason::last_round;
    end_turn_ = turn_.n;
    end_line_ = step;
  }
  check_exhausted();
  turn_.active = false;
  note(out, 0, step);
  return out;
}

}  // namespace wallaudit::gw
