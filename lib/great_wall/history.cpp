#include "great_wall/history.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace wallaudit::gw {

namespace {

constexpr std::size_t kWidth = 80;

std::string colour_name(Colour c) {
  return std::string(name(c));
}

// Lines of spans wrapped at kWidth columns: cells are never split.
class Wrapper {
 public:
  Wrapper(std::vector<StyledLine>& lines, std::string indent)
      : lines_(lines), indent_(std::move(indent)) {}
  void cell(std::vector<Span> spans) {
    std::size_t width = 0;
    for (const auto& s : spans)
      width += utf8_length(s.text);
    if (!open_ || used_ + 2 + width > kWidth) {
      lines_.push_back({{indent_, ""}});
      used_ = utf8_length(indent_);
      open_ = true;
    } else {
      lines_.back().push_back({"  ", ""});
      used_ += 2;
    }
    for (auto& s : spans)
      lines_.back().push_back(std::move(s));
    used_ += width;
  }

 private:
  std::vector<StyledLine>& lines_;
  std::string indent_;
  std::size_t used_ = 0;
  bool open_ = false;
};

std::string tokens_text(const std::vector<int>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i)
    out += fmt::format("{}{}",
                       i == 0                   ? ""
                       : i + 1 == values.size() ? " and "
                                                : ", ",
                       values[i] ? std::to_string(values[i]) : std::string("?"));
  return out;
}

// Two letters for a card in the drawing: Wa Ga To No Wr Ca Dr.
std::string_view card_code(Card c) {
  switch (c) {
    case Card::wall:
      return "Wa";
    case Card::gate:
      return "Ga";
    case Card::watchtower:
      return "To";
    case Card::noble:
      return "No";
    case Card::warrior:
      return "Wr";
    case Card::cavalry:
      return "Ca";
    case Card::dragon:
      return "Dr";
  }
  return "?";
}

std::string section_status(const SectionState& sc) {
  if (!sc.open) return "closed";
  std::string out;
  if (sc.laid)
    out = fmt::format("first token {} on place {}", *sc.laid ? std::to_string(*sc.laid) : "?",
                      sc.laid_place + 1);
  if (!sc.offer.empty())
    out += fmt::format("{}{} face up", out.empty() ? "tokens " : "; ", tokens_text(sc.offer));
  if (out.empty()) out = "no tokens";
  return out;
}

std::string pool_text(const TokenCounts& pool) {
  std::string out;
  int total = 0;
  for (std::size_t i = 0; i < pool.size(); ++i) {
    total += pool[i];
    if (pool[i]) out += fmt::format("{}{}x{}", out.empty() ? "" : " ", pool[i], kTokenValues[i]);
  }
  return total ? fmt::format("{} left in the pool: {}", total, out)
               : std::string("the pool is empty");
}

std::string known_list(const ColourState& cs) {
  std::string out;
  for (int t = 0; t < kCardTypes; ++t)
    for (int k = 0; k < cs.known[static_cast<std::size_t>(t)]; ++k)
      out += fmt::format("{}{}", out.empty() ? "" : " ", name(static_cast<Card>(t)));
  return out;
}

std::string list_points(const std::array<int, kColours>& points,
                        const std::vector<Colour>& colours) {
  std::string out;
  for (Colour c : colours)
    if (points[static_cast<std::size_t>(ci(c))])
      out += fmt::format("{}{} {:+}", out.empty() ? "" : ", ", name(c),
                         points[static_cast<std::size_t>(ci(c))]);
  return out;
}

// What happened to the tokens at one scoring, in one sentence.
std::string token_sentence(const ScoringStep& step) {
  const ScoreEvent& ev = step.event;
  std::string s = section_name(ev.section);
  if (!ev.second)
    return fmt::format(
        "{} lays the {} of {} on {}", name(ev.scorer), ev.token, s,
        ev.on_place > 0 ? fmt::format("place {}", ev.on_place) : std::string("no card"));
  std::string out = fmt::format("{} wins the {} of {}", name(ev.scorer), ev.token, s);
  if (ev.first_owner)
    out += fmt::format(" ({} takes back the {})", name(*ev.first_owner), ev.first_value);
  return out;
}

}  // namespace

std::vector<std::string> History::colours() const {
  std::vector<std::string> out;
  for (Colour c : outcome_.seat_colours)
    out.push_back(colour_name(c));
  return out;
}

// ---- frames ----------------------------------------------------------------------------------

Frame History::frame(int turn) const {
  Frame f;
  turn = std::clamp(turn, 0, turns());
  f.turn = turn;
  const TurnSnapshot& snap = outcome_.snapshots[static_cast<std::size_t>(turn)];
  const State& st = *snap.state;
  f.label = turn == 0 ? std::string("after set-up")
                      : fmt::format("after turn {} ({})", turn, name(snap.colour));
  for (Colour c : outcome_.seat_colours)
    f.scores.emplace_back(colour_name(c), st.colour(c).score);

  // The sections as text.
  TextBlock sections;
  sections.title = "Sections (cards left to right; a dragon shows over what it covers)";
  for (int s = 0; s < st.sections(); ++s) {
    const SectionState& sc = st.section(s);
    std::string head = fmt::format("{}  {}", section_name(s), section_status(sc));
    std::string totals;
    for (Colour c : outcome_.seat_colours)
      if (st.has_card(c, s))
        totals += fmt::format("{}{} {}", totals.empty() ? "" : ", ", name(c), st.total(c, s).total);
    StyledLine line{{head, "bold"}};
    if (!totals.empty()) {
      std::string t = fmt::format("  totals {}", totals);
      if (utf8_length(head) + utf8_length(t) <= kWidth) {
        line.push_back({t, ""});
        totals.clear();
      }
    }
    sections.lines.push_back(line);
    if (!totals.empty()) sections.lines.push_back({{fmt::format("    totals {}", totals), ""}});
    if (sc.places.empty()) {
      if (sc.open) sections.lines.push_back({{"    no cards", "dim"}});
      continue;
    }
    Wrapper wrap(sections.lines, "   ");
    for (std::size_t i = 0; i < sc.places.size(); ++i) {
      const Place& p = sc.places[i];
      std::vector<Span> cell{{fmt::format("{}", i + 1), "dim"},
                             {fmt::format(" {} {}", name(p.top().colour), name(p.top().card)),
                              colour_name(p.top().colour)}};
      if (sc.laid && sc.laid_place == static_cast<int>(i))
        cell.push_back(
            {fmt::format(" [token {}]", *sc.laid ? std::to_string(*sc.laid) : "?"), "bold"});
      for (std::size_t k = p.layers.size() - 1; k-- > 0;)
        cell.push_back(
            {fmt::format(" over {} {}", name(p.layers[k].colour), name(p.layers[k].card)), "dim"});
      wrap.cell(std::move(cell));
    }
  }
  f.blocks.push_back(std::move(sections));

  // Tokens, hands, decks, scores.
  TextBlock players;
  players.title = "Players: hands, decks and tokens won";
  for (Colour c : outcome_.seat_colours) {
    const ColourState& cs = st.colour(c);
    std::string known = known_list(cs);
    std::string won;
    for (int v : cs.won)
      won += fmt::format("{}{}", won.empty() ? "" : "+", v);
    players.lines.push_back(
        {{fmt::format("{:<7}", name(c)), colour_name(c)},
         {won.empty() ? fmt::format("hand {}, deck {}, played {}/20; no tokens yet", cs.hand,
                                    cs.deck, cs.played_total())
                      : fmt::format("hand {}, deck {}, played {}/20; tokens {} = {}", cs.hand,
                                    cs.deck, cs.played_total(), won, cs.score),
          ""}});
    if (!known.empty()) {
      std::string text = fmt::format("        known in hand: {}", known);
      if (utf8_length(text) > kWidth) text = text.substr(0, kWidth - 3) + "...";
      players.lines.push_back({{text, "dim"}});
    }
  }
  players.lines.push_back({{fmt::format("tokens: {}", pool_text(st.pool())), ""}});
  if (st.ended() != EndReason::none)
    players.lines.push_back(
        {{st.ended() == EndReason::last_token
              ? fmt::format("the game ended on turn {}: the last token was won", st.end_turn())
              : fmt::format("the game ended after turn {}", st.end_turn()),
          "bold"}});
  else if (st.scoring_only())
    players.lines.push_back(
        {{fmt::format("last round over ({} played all 20 cards on turn {}): turns only score",
                      name(*st.emptier()), st.emptier_turn()),
          "bold"}});
  else if (st.last_round())
    players.lines.push_back({{fmt::format("last round: {} played all 20 cards on turn {}",
                                          name(*st.emptier()), st.emptier_turn()),
                              "bold"}});
  f.blocks.push_back(std::move(players));

  // The scene: one row per section, the tokens at the left, the cards to their right.
  const double left = 16, card_w = 34, card_h = 48, gap = 6, row_h = 76, top = 12;
  const double first_card = left + 110;
  std::size_t widest = 0;
  for (int s = 0; s < st.sections(); ++s)
    widest = std::max(widest, st.section(s).places.size());
  for (int s = 0; s < st.sections(); ++s) {
    const SectionState& sc = st.section(s);
    double y = top + s * row_h;
    f.scene.shapes.push_back({Shape::Kind::text,
                              {left, y + 16},
                              "label",
                              fmt::format("{}{}", section_name(s), sc.open ? "" : " closed"),
                              "",
                              ""});
    double tx = left + 14;
    for (int v : sc.offer) {
      std::string label = v ? std::to_string(v) : "?";
      f.scene.shapes.push_back({Shape::Kind::circle,
                                {tx, y + 36, 12},
                                "empty",
                                "",
                                fmt::format("token {} face up", label),
                                ""});
      f.scene.shapes.push_back({Shape::Kind::text, {tx - 4, y + 40}, "token-label", label, "", ""});
      tx += 30;
    }
    for (std::size_t i = 0; i < sc.places.size(); ++i) {
      const Place& p = sc.places[i];
      double x = first_card + static_cast<double>(i) * (card_w + gap);
      for (std::size_t k = 0; k < p.layers.size(); ++k) {
        const PlacedCard& card = p.layers[k];
        double shift = static_cast<double>(p.layers.size() - 1 - k) * 4;
        bool covered = k + 1 < p.layers.size();
        std::string id =
            fmt::format("{}.{}{}", section_name(s), i + 1,
                        covered ? fmt::format(".under{}", p.layers.size() - 1 - k) : std::string());
        f.scene.shapes.push_back(
            {Shape::Kind::rect,
             {x - shift, y + 12 - shift, card_w, card_h},
             fmt::format("{} card{}", colour_name(card.colour), covered ? " destroyed" : ""),
             "",
             fmt::format("{} {}: {}'s {}{} (turn {})", section_name(s), i + 1, name(card.colour),
                         name(card.card), covered ? ", covered by a dragon" : "", card.turn),
             id});
        ++f.pieces_on_board;
      }
      f.scene.shapes.push_back({Shape::Kind::text,
                                {x + 9, y + 40},
                                "mark",
                                std::string(card_code(p.top().card)),
                                fmt::format("a {} card", name(p.top().card)),
                                ""});
      if (sc.laid && sc.laid_place == static_cast<int>(i)) {
        f.scene.shapes.push_back({Shape::Kind::circle,
                                  {x + card_w / 2, y + 12, 10},
                                  "empty claimed",
                                  "",
                                  fmt::format("first token {}", *sc.laid),
                                  ""});
        f.scene.shapes.push_back({Shape::Kind::text,
                                  {x + card_w / 2 - 4, y + 16},
                                  "token-label",
                                  std::to_string(*sc.laid),
                                  "",
                                  ""});
      }
      f.scene.shapes.push_back({Shape::Kind::text,
                                {x + 12, y + card_h + 24},
                                "space-label",
                                std::to_string(i + 1),
                                "",
                                ""});
    }
  }
  f.scene.width =
      first_card + static_cast<double>(std::max<std::size_t>(widest, 8)) * (card_w + gap) + left;
  f.scene.height = top + st.sections() * row_h + 8;
  // The places a finding may name: each section's row, and each place of a card in it.
  for (int s = 0; s < st.sections(); ++s) {
    double y = top + s * row_h;
    f.scene.places.push_back(
        {section_name(s), left - 4, y, f.scene.width - 2 * left + 8, row_h - 4});
    for (std::size_t i = 0; i < st.section(s).places.size(); ++i)
      f.scene.places.push_back({fmt::format("{}.{}", section_name(s), i + 1),
                                first_card + static_cast<double>(i) * (card_w + gap), y + 12,
                                card_w, card_h});
  }
  return f;
}

// ---- explain ---------------------------------------------------------------------------------

Explanation History::explanation() const {
  Explanation ex;
  const Record& rec = *record_;
  ex.colours = colours();
  ex.finished = outcome_.finished;
  const auto& seats = outcome_.seat_colours;
  for (const ScoringStep& step : outcome_.steps) {
    const ScoreEvent& ev = step.event;
    ExplainStep e;
    e.turn = step.turn;
    e.loc = step.loc;
    std::string s = section_name(ev.section);
    e.kind = ev.second ? "second-token" : "first-token";
    e.title = ev.second
                  ? fmt::format("{}: {} wins the second token, {}", s, name(ev.scorer), ev.token)
                  : fmt::format("{}: {} lays the first token, {}", s, name(ev.scorer), ev.token);
    if (ev.noble) e.lines.push_back(fmt::format("a noble shows in {}: every card counts 1", s));
    JsonValue::Object totals_json;
    for (const Total& t : ev.totals) {
      e.lines.push_back(describe(t));
      totals_json.emplace_back(colour_name(t.colour), t.total);
    }
    int mine = 0;
    std::string others;
    for (const Total& t : ev.totals) {
      if (t.colour == ev.scorer)
        mine = t.total;
      else
        others += fmt::format("{}{} {}", others.empty() ? "" : ", ", name(t.colour), t.total);
    }
    if (ev.alone)
      e.lines.push_back(fmt::format("{} is alone in {}: a lone player wins whatever the total ({})",
                                    name(ev.scorer), s, mine));
    else if (ev.leads)
      e.lines.push_back(fmt::format("{} leads with {} against {}", name(ev.scorer), mine, others));
    else
      e.lines.push_back(
          fmt::format("{} does not lead ({} against {}); the scoring stands as "
                      "recorded",
                      name(ev.scorer), mine, others.empty() ? "nobody" : others));
    if (!ev.second) {
      e.lines.push_back(fmt::format(
          "{} chooses the {} of the pair {} and lays it on {}: {} counts -{} here from now on",
          name(ev.scorer), ev.token, tokens_text(ev.offer),
          ev.on_place > 0 ? fmt::format("place {} ({}'s {})", ev.on_place, name(ev.scorer),
                                        ev.on_card ? name(*ev.on_card) : "card")
                          : std::string("no card"),
          name(ev.scorer), ev.token));
    } else {
      e.lines.push_back(
          ev.first_owner
              ? fmt::format("{} takes the remaining {}; {} takes the {} lying on its card; the "
                            "cards of {} leave the game",
                            name(ev.scorer), ev.token, name(*ev.first_owner), ev.first_value, s)
              : fmt::format("{} takes the remaining {}; the cards of {} leave the game",
                            name(ev.scorer), ev.token, s));
      for (const auto& pair : step.discarded)
        e.lines.push_back(fmt::format(
            "drawn {}: an equal pair, put back in the box (2 players, GW-202)", tokens_text(pair)));
      if (ev.closed)
        e.lines.push_back(fmt::format("fewer than two tokens are left: {} closes", s));
      else if (step.revealed && step.revealed->size() == 2)
        e.lines.push_back(fmt::format("new pair for {}: {}", s, tokens_text(*step.revealed)));
      else if (step.revealed && step.revealed->empty())
        e.lines.push_back(fmt::format("fewer than two tokens are left: {} closes", s));
    }
    for (Colour c : seats)
      if (int p = ev.points[static_cast<std::size_t>(ci(c))])
        e.points.emplace_back(colour_name(c), p);
    JsonValue::Object details;
    details.emplace_back("section", s);
    details.emplace_back("scorer", colour_name(ev.scorer));
    details.emplace_back("token", ev.token);
    details.emplace_back("second", ev.second);
    details.emplace_back("totals", std::move(totals_json));
    details.emplace_back("alone", ev.alone);
    details.emplace_back("leads", ev.leads);
    details.emplace_back("noble", ev.noble);
    details.emplace_back("on_place", ev.on_place > 0 ? JsonValue(ev.on_place) : JsonValue());
    if (ev.first_owner) {
      details.emplace_back("first_owner", colour_name(*ev.first_owner));
      details.emplace_back("first_value", ev.first_value);
    }
    if (step.revealed) {
      JsonValue::Array pair;
      for (int v : *step.revealed)
        pair.emplace_back(v);
      details.emplace_back("revealed", std::move(pair));
    }
    details.emplace_back("closed", ev.closed);
    e.details = JsonValue(std::move(details));
    ex.steps.push_back(std::move(e));
  }
  if (outcome_.state)
    for (Colour c : seats)
      ex.totals.emplace_back(colour_name(c), outcome_.state->colour(c).score);
  for (const auto& f : rec.end.finals)
    ex.final_claims.emplace_back(colour_name(f.colour), f.points);
  ex.final_claims_loc = rec.end.loc;
  for (Colour c : outcome_.winners)
    ex.winners.push_back(colour_name(c));
  if (!outcome_.end_sentence.empty()) ex.notes.push_back(outcome_.end_sentence);
  ex.notes.push_back(
      "a player's score is the sum of the tokens won; a first token still lying on a card "
      "counts for nobody");
  if (!outcome_.result_sentence.empty()) ex.notes.push_back(outcome_.result_sentence);
  return ex;
}

// ---- canonical moves ------------------------------------------------------------------------

namespace {

// The moves of `rec` in canonical form, one at a time: emit(turn, loc, text), the text valid
// only during the call. Both the list of moves and the duplicate key are made from it, so the
// key hashes the very texts the list shows, without keeping them.
template <typename Emit>
void each_canonical(const Record& rec, Emit&& emit) {
  std::string players;
  for (const auto& p : rec.players)
    players += fmt::format("{}{}", players.empty() ? "" : " ", name(p.colour));
  emit(0, rec.players_loc, fmt::format("players (seat order): {}", players));
  auto sorted = [](std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return list_values(v);
  };
  std::vector<std::pair<std::string, SourceLoc>> setup;
  for (const auto& item : rec.setup) {
    switch (item.kind) {
      case SetupItem::Kind::section:
        setup.emplace_back(fmt::format("{} starts with tokens {}", section_name(item.section),
                                       sorted(item.tokens)),
                           item.loc);
        break;
      case SetupItem::Kind::discard:
        setup.emplace_back(
            fmt::format("discard for {}: {}", section_name(item.section), sorted(item.tokens)),
            item.loc);
        break;
      case SetupItem::Kind::hand: {
        std::vector<std::string> cards;
        for (Card c : item.cards)
          cards.emplace_back(name(c));
        std::sort(cards.begin(), cards.end());
        std::string list;
        for (const auto& c : cards)
          list += " " + c;
        setup.emplace_back(fmt::format("hand of {}:{}", name(item.colour), list), item.loc);
        break;
      }
    }
  }
  std::sort(setup.begin(), setup.end(), [](auto& a, auto& b) { return a.first < b.first; });
  for (auto& [text, loc] : setup)
    emit(0, loc, text);
  // The turns, the bulk of a record: written into one buffer, reused.
  CanonicalText text;
  // Token values in ascending order, separated by spaces (as list_values of the sorted list).
  auto put_sorted = [&](const std::vector<int>& values) {
    std::vector<int> v;
    std::array<int, 4> small{};
    int* first = small.data();
    if (values.size() > small.size()) {
      v = values;
      first = v.data();
    } else {
      std::copy(values.begin(), values.end(), small.begin());
    }
    int* last = first + values.size();
    std::sort(first, last);
    for (int* p = first; p != last; ++p) {
      if (p != first) text << ' ';
      text << *p;
    }
  };
  for (std::size_t i = 0; i < rec.turns.size(); ++i) {
    const Turn& t = rec.turns[i];
    int n = static_cast<int>(i) + 1;
    text.clear();
    text << "turn by " << name(t.colour);
    emit(n, t.loc, text.view());
    for (const Step& s : t.steps) {
      text.clear();
      const int sec = s.section + 1;  // as section_name writes it: S1, S2, …
      switch (s.kind) {
        case Step::Kind::score:
          text << "score S" << sec << ": token " << s.token;
          if (s.on) text << " laid on place " << *s.on;
          break;
        case Step::Kind::reveal:
          text << "new pair for S" << sec << ": ";
          if (s.tokens.empty())
            text << "none";
          else
            put_sorted(s.tokens);
          break;
        case Step::Kind::discard:
          text << "discard for S" << sec << ": ";
          put_sorted(s.tokens);
          break;
        case Step::Kind::play: {
          std::vector<std::string_view> cards;
          cards.reserve(s.cards.size());
          for (Card c : s.cards)
            cards.push_back(name(c));
          std::sort(cards.begin(), cards.end());
          text << "play to S" << sec << ": " << s.count << " x ";
          for (std::size_t k = 0; k < cards.size(); ++k) {
            if (k) text << ' ';
            text << cards[k];
          }
          if (s.on) text << " on place " << *s.on;
          break;
        }
        case Step::Kind::draw:
          if (s.drawn)
            text << "draw: " << name(*s.drawn);
          else
            text << "draw: unnamed";
          break;
      }
      emit(n, s.loc, text.view());
    }
  }
}

}  // namespace

std::vector<CanonicalItem> canonical_moves(const Record& rec) {
  std::vector<CanonicalItem> out;
  each_canonical(rec, [&](int turn, SourceLoc loc, std::string_view text) {
    out.push_back({turn, loc, std::string(text)});
  });
  return out;
}

std::string record_key(std::string_view game, const Record& rec) {
  KeyHasher k;
  each_canonical(rec, [&](int turn, SourceLoc, std::string_view text) {
    k.add(static_cast<std::uint64_t>(turn)).add(text);
  });
  return k.finish(game);
}

std::vector<CanonicalItem> History::canonical() const {
  return canonical_moves(*record_);
}

// ---- annotations ------------------------------------------------------------------------------

std::vector<TurnAnnotation> History::annotations() const {
  std::vector<TurnAnnotation> out;
  const auto& seats = outcome_.seat_colours;
  for (int n = 1; n <= static_cast<int>(record_->turns.size()); ++n) {
    TurnAnnotation a;
    a.turn = n;
    for (const auto& d : diagnostics_.items()) {
      if (d.turn != n) continue;
      a.lines.push_back(
          fmt::format("{} {}: {}{}", to_string(d.severity()), d.rule, d.message,
                      d.follow_on ? fmt::format(" (follows from line {})", d.follows_line) : ""));
    }
    std::array<int, kColours> points{};
    for (const ScoringStep& step : outcome_.steps) {
      if (step.turn != n) continue;
      a.lines.push_back(token_sentence(step));
      for (std::size_t c = 0; c < points.size(); ++c)
        points[c] += step.event.points[c];
    }
    std::string pts = list_points(points, seats);
    if (!pts.empty()) a.lines.push_back(fmt::format("points this turn: {}", pts));
    if (n <= turns()) {
      const State& st = *outcome_.snapshots[static_cast<std::size_t>(n)].state;
      std::string totals;
      for (Colour c : seats)
        totals += fmt::format("{}{} {}", totals.empty() ? "" : ", ", name(c), st.colour(c).score);
      a.lines.push_back(fmt::format("totals: {}", totals));
    } else {
      a.lines.push_back("not replayed: the game had ended");
    }
    out.push_back(std::move(a));
  }
  TurnAnnotation end;
  end.turn = 0;
  Explanation ex = explanation();
  for (const auto& d : diagnostics_.items())
    if (d.turn == 0 && d.kind != FindingKind::format && d.kind != FindingKind::info)
      end.lines.push_back(fmt::format("{} {}: {}", to_string(d.severity()), d.rule, d.message));
  std::string totals;
  for (const auto& [c, p] : ex.totals)
    totals += fmt::format("{}{} {}", totals.empty() ? "" : ", ", c, p);
  end.lines.push_back(
      fmt::format("{}: {}", ex.finished ? "final scores" : "scores reached", totals));
  for (const auto& note : ex.notes)
    end.lines.push_back(note);
  out.push_back(std::move(end));
  return out;
}

std::vector<LegendEntry> History::legend() const {
  return {
      {"", "S1", "section 1 of the wall (closed: its tokens are won)"},
      {"empty", "", "a token of the section lying face up (its value)"},
      {"empty claimed", "", "the first token laid on a place (its value)"},
      {"neutral card", "", "a card on a place of a section (its owner's colour)"},
      {"neutral card destroyed", "", "a card covered by a dragon (offset behind)"},
      {"", "Wa", "a wall card"},
      {"", "Ga", "a gate card"},
      {"", "To", "a watchtower card"},
      {"", "No", "a noble card"},
      {"", "Wr", "a warrior card"},
      {"", "Ca", "a cavalry card"},
      {"", "Dr", "a dragon card"},
  };
}

}  // namespace wallaudit::gw
