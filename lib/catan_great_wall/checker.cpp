#include "catan_great_wall/checker.hpp"
#include "catan_great_wall/rule_ids.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

namespace wallaudit::ct {

namespace {

std::size_t ix(int i) {
  return static_cast<std::size_t>(i);
}
std::size_t ix(Colour c) {
  return static_cast<std::size_t>(c);
}

std::string colour_list(const std::vector<Colour>& colours) {
  std::string out;
  for (std::size_t i = 0; i < colours.size(); ++i)
    out += fmt::format("{}{}",
                       i == 0                    ? ""
                       : i + 1 == colours.size() ? " and "
                                                 : ", ",
                       name(colours[i]));
  return out;
}

std::string ordinal(int n) {
  std::string_view suffix = "th";
  if (n % 100 < 11 || n % 100 > 13) {
    if (n % 10 == 1) suffix = "st";
    if (n % 10 == 2) suffix = "nd";
    if (n % 10 == 3) suffix = "rd";
  }
  return fmt::format("{}{}", n, suffix);
}

class Checker {
 public:
  Checker(const Record& rec, const CheckerSettings& settings, Diagnostics& out)
      : rec_(rec), settings_(settings), out_(out) {}

  Outcome run() {
    for (const auto& o : rec_.options)
      set_option(opts_, o.name, o.value);
    for (const auto& [n, v] : settings_.option_overrides)
      set_option(opts_, n, v);
    result_.options = opts_;
    bool playable = players();
    result_.state.emplace(rec_.board, opts_, result_.seats);
    if (!playable) {
      // No game starts (CT-101); the empty board is still shown, with the record's findings.
      snapshot(0);
      return std::move(result_);
    }
    if (rec_.board->modelled)
      report(FindingKind::info, rule::CT_201, rec_.board_loc, 0, std::nullopt,
             modelled_note("board", rec_.board->name));
    setup();
    setup_step();
    for (std::size_t i = 0; i < rec_.elements.size(); ++i) {
      const TurnElem& e = rec_.elements[i];
      if (!e.special && snapshots_taken_ == 0) snapshot(0);
      element(e, static_cast<int>(i) + 1);
      bool next_is_turn = i + 1 == rec_.elements.size() || !rec_.elements[i + 1].special;
      if (e.turn > 0 && next_is_turn) snapshot(e.turn, i);
    }
    if (snapshots_taken_ == 0) snapshot(0);
    end_of_play();
    end_section();
    return std::move(result_);
  }

 private:
  State& st() { return *result_.state; }
  const Board& board() const { return *rec_.board; }
  int n() const { return static_cast<int>(result_.seats.size()); }

  std::array<int, kColours> vp_now() {
    std::array<int, kColours> v{};
    for (Colour c : result_.seats)
      v[ix(c)] = st().vp(c);
    return v;
  }

  // ---- findings ---------------------------------------------------------------------------

  Diagnostic& report(FindingKind kind, std::string_view rule, SourceLoc loc, int turn,
                     std::optional<Colour> colour, std::string message, std::uint32_t follows = 0) {
    Diagnostic& d = out_.add(kind, std::string(rule), loc, std::move(message));
    d.turn = turn;
    if (colour) d.colour = std::string(name(*colour));
    // In a turn played by the wrong colour, everything judged on whose turn it is follows
    // from that error.
    if (kind == FindingKind::rule && !follows && wrong_colour_line_) follows = wrong_colour_line_;
    if (follows && follows != loc.line) {
      d.follow_on = true;
      d.follows_line = follows;
    }
    if (kind == FindingKind::rule) {
      // The step being applied is erroneous: what it changes is caused by the earliest error
      // its findings come from.
      std::uint32_t cause = d.follow_on ? follows : loc.line;
      if (!step_cause_ || cause < step_cause_) step_cause_ = cause;
      if (!result_.violation_vp) result_.violation_vp = start_vp_;
    }
    return d;
  }

  // Reports violations at `loc`, or at where(ref) for those about a part of the step, or at
  // `place` for those about the place named (CT-203, CT-204, CT-604–CT-606).
  void violations(const Violations& vs, SourceLoc loc, int turn, std::optional<Colour> colour,
                  const std::function<SourceLoc(int)>& where = {}, SourceLoc place = {}) {
    static constexpr std::string_view place_rules[] = {rule::CT_203, rule::CT_204, rule::CT_604,
                                                       rule::CT_605, rule::CT_606};
    for (const auto& v : vs) {
      SourceLoc at = loc;
      if (v.ref >= 0 && where)
        at = where(v.ref);
      else if (place.known() && std::find(std::begin(place_rules), std::end(place_rules), v.rule) !=
                                    std::end(place_rules))
        at = place;
      report(FindingKind::rule, v.rule, at, turn, colour, v.message, v.follows);
    }
  }

  void dispute(SourceLoc loc, int turn, std::optional<Colour> colour, std::string message,
               std::uint32_t follows = 0) {
    report(FindingKind::dispute, rule::CT_906, loc, turn, colour, std::move(message),
           follows < loc.line ? follows : 0);
  }

  // The line of the first erroneous step that changed `c`'s victory points; 0 when none did.
  // A claimed figure of `c` that differs follows from it.
  std::uint32_t vp_cause(Colour c) const { return vp_taint_[ix(c)]; }

  // The earliest error that changed a score or anything else the outcome reads.
  std::uint32_t outcome_cause() {
    std::uint32_t cause = st().taint_line();
    for (Colour c : result_.seats)
      if (vp_taint_[ix(c)] && (!cause || vp_taint_[ix(c)] < cause)) cause = vp_taint_[ix(c)];
    return cause;
  }

  // One applied step of the record: the victory points it changes are caused by the earliest
  // error among its own findings (or by the CT-401 of a turn played by the wrong colour).
  class StepScope {
   public:
    explicit StepScope(Checker& checker)
        : checker_(checker), before_(checker.vp_now()), saved_(checker.step_cause_) {
      checker_.step_cause_ = checker_.wrong_colour_line_;
    }
    ~StepScope() {
      std::uint32_t cause = checker_.step_cause_;
      if (cause) {
        std::array<int, kColours> after = checker_.vp_now();
        for (Colour c : checker_.result_.seats)
          if (after[ix(c)] != before_[ix(c)] && !checker_.vp_taint_[ix(c)])
            checker_.vp_taint_[ix(c)] = cause;
      }
      checker_.step_cause_ = saved_;
    }
    StepScope(const StepScope&) = delete;
    StepScope& operator=(const StepScope&) = delete;

   private:
    Checker& checker_;
    std::array<int, kColours> before_;
    std::uint32_t saved_;
  };

  // ---- players and set-up ---------------------------------------------------------------------

  bool players() {
    const auto& ps = rec_.players;
    std::set<Colour> seen;
    bool ok = true;
    for (const auto& p : ps) {
      if (!seen.insert(p.colour).second) {
        report(FindingKind::rule, rule::CT_101, p.loc, 0, p.colour,
               fmt::format("{} is listed twice; each player plays a different colour",
                           name(p.colour)));
        ok = false;
      } else {
        result_.seats.push_back(p.colour);
      }
    }
    if (ps.size() != 4 && ps.size() != 6) {
      report(FindingKind::rule, rule::CT_101, rec_.players_loc, 0, std::nullopt,
             fmt::format("The Great Wall is played by exactly 4 or 6 players, this record has {}",
                         ps.size()));
      ok = false;
    }
    if (!ok) {
      for (Colour c : result_.seats)
        result_.final_vp[ix(c)] = 0;
      return false;
    }
    return true;
  }

  void setup() {
    st().set_gains_given(std::any_of(rec_.setup.begin(), rec_.setup.end(), [](const SetupItem& i) {
      return i.kind == SetupItem::Kind::gain;
    }));
    // The last round-B settlement: a gain missing after it is reported there.
    SourceLoc round_b_loc;
    Colour round_b_colour = Colour::red;
    std::uint32_t order_taint = 0;
    auto gain_faults = [&](const Violations& vs, const SetupItem& item) {
      for (const Violation& v : vs)
        if (v.ref == 0)
          report(FindingKind::rule, v.rule, round_b_loc, 0, round_b_colour, v.message);
        else
          report(FindingKind::rule, v.rule, item.loc, 0, item.colour, v.message);
    };
    auto missing_gain = [&] {
      if (auto v = st().gain_missing())
        report(FindingKind::rule, v->rule, round_b_loc, 0, round_b_colour, v->message);
    };
    for (const SetupItem& item : rec_.setup) {
      StepScope scope(*this);
      st().set_line(item.loc.line);
      if (item.kind == SetupItem::Kind::gain) {
        gain_faults(st().gain(item.colour, item.cards.cards), item);
        continue;
      }
      missing_gain();
      auto out_of_turn = [&](const std::optional<Violation>& order) {
        if (!order) return;
        report(FindingKind::rule, order->rule, item.colour_loc, 0, item.colour, order->message,
               order_taint);
        if (!order_taint) order_taint = item.loc.line;
      };
      if (item.kind == SetupItem::Kind::fort) {
        std::optional<Violation> order = st().fort_due(item.colour);
        out_of_turn(order);
        Violations vs = st().place_fort(item.colour, item.wall);
        if (!order) violations(vs, item.wall_loc, 0, item.colour);
        continue;
      }
      // A founding settlement.
      bool round_b = false;
      std::optional<Violation> order = st().founding_due(item.colour, round_b);
      out_of_turn(order);
      Cards gained{};
      Violations vs = st().place_founding(item.colour, item.vertex, item.road, round_b, gained);
      if (!order)
        violations(vs, item.vertex.loc, 0, item.colour, [&](int) { return item.road.loc; });
      if (!item.huns.empty() && !order && vs.empty())
        report(FindingKind::rule, rule::CT_307, item.huns.front().loc, 0, item.colour,
               "no Hun is drawn in the founding phase; Huns are drawn for builds during the "
               "turns");
      if (round_b) {
        round_b_loc = item.loc;
        round_b_colour = item.colour;
      }
    }
    missing_gain();
    result_.setup_complete = st().founding_complete();
  }

  void setup_step() {
    VpStep s;
    s.turn = 0;
    s.loc = rec_.setup_loc;
    s.kind = "set-up";
    s.title = "set-up: border forts and founding settlements";
    for (Colour c : result_.seats) {
      s.points[ix(c)] = st().vp(c);
      const PlayerState& p = st().player(c);
      std::string fort = p.wall >= 0
                             ? fmt::format("border fort on {}", board().walls[ix(p.wall)].id)
                             : std::string("no border fort");
      s.lines.push_back(fmt::format("{}: {}, {} settlement{} in all: {} VP", name(c), fort,
                                    p.settlements, p.settlements == 1 ? "" : "s", st().vp(c)));
    }
    result_.steps.push_back(std::move(s));
  }

  // ---- play -----------------------------------------------------------------------------------

  // The frame after `turn`; `last` is the index of the turn's last element (the turn itself or
  // its last special building phase).
  void snapshot(int turn, std::size_t last = 0) {
    ++snapshots_taken_;
    if (!settings_.keep_snapshots) return;
    Snapshot s;
    s.turn = turn;
    if (turn == 0) {
      s.label = "after the set-up";
      s.loc = rec_.setup_loc;
    } else {
      // Walk back from the last element to the turn: linear in the record overall.
      std::vector<std::string_view> phases;
      const TurnElem* t = nullptr;
      for (std::size_t k = last + 1; k-- > 0;) {
        const TurnElem& e = rec_.elements[k];
        if (e.turn != turn) break;
        if (!e.special) {
          t = &e;
          break;
        }
        phases.push_back(name(e.colour));
      }
      std::string specials;
      if (t)
        for (auto it = phases.rbegin(); it != phases.rend(); ++it)
          specials += fmt::format("{}{}", specials.empty() ? "" : ", ", *it);
      s.loc = t ? t->loc : SourceLoc{};
      s.label = fmt::format("after turn {} ({}){}", turn, t ? name(t->colour) : "?",
                            specials.empty()
                                ? std::string()
                                : fmt::format(" and the special building phases of {}", specials));
    }
    // Frames exist for every turn element: fill gaps left by turns not replayed.
    while (static_cast<int>(result_.snapshots.size()) < turn) {
      Snapshot gap = s;
      gap.turn = static_cast<int>(result_.snapshots.size());
      gap.state = std::make_shared<const State>(st());
      result_.snapshots.push_back(gap);
    }
    s.state = std::make_shared<const State>(st());
    if (static_cast<int>(result_.snapshots.size()) == turn)
      result_.snapshots.push_back(std::move(s));
  }

  void element(const TurnElem& e, int seq) {
    int turn = e.turn;
    start_vp_ = vp_now();
    if (!first_element_done_) {
      first_element_done_ = true;
      if (!result_.setup_complete) {
        start_vp_ = {};
        bool forts = !st().forts_placed();
        std::vector<Colour> missing = st().founding_missing();
        report(
            FindingKind::rule, forts ? rule::CT_303 : rule::CT_304, e.loc, 0, std::nullopt,
            forts
                ? fmt::format("the first {} comes before every border fort is placed "
                              "(missing: {})",
                              e.special ? "special building phase" : "turn", colour_list(missing))
                : fmt::format("the first {} comes before the founding phase is complete "
                              "(settlements missing: {})",
                              e.special ? "special building phase" : "turn", colour_list(missing)));
        start_vp_ = vp_now();
      }
    }
    if (st().over()) {
      if (!after_end_reported_) {
        after_end_reported_ = true;
        report(FindingKind::rule, rule::CT_905, e.loc, turn, e.colour,
               fmt::format("the game ended {}; nothing but reveals and claims may follow, not a "
                           "<{}>",
                           end_phrase(), e.special ? "special" : "turn"));
      }
      return;
    }
    if (e.special) {
      special(e, seq, turn);
    } else {
      own_turn(e, seq, turn);
      wrong_colour_line_ = 0;
    }
  }

  std::string end_phrase() const {
    if (result_.end == EndKind::huns)
      return fmt::format("on turn {} with the Huns' victory", result_.end_turn);
    if (result_.end == EndKind::win)
      return fmt::format("on turn {} with {}'s victory", result_.end_turn, name(*result_.winner));
    return "";
  }

  void note_end(int turn) {
    if (result_.end != EndKind::none || !st().over()) return;
    result_.end = st().end();
    result_.winner = st().winner();
    result_.end_turn = turn;
  }

  void own_turn(const TurnElem& e, int seq, int turn) {
    if (std::optional<Violation> order = st().turn_due(e.colour, turn)) {
      report(FindingKind::rule, order->rule, e.colour_loc, turn, e.colour, order->message,
             order_taint_);
      if (!order_taint_) order_taint_ = e.colour_loc.line;
      wrong_colour_line_ = e.colour_loc.line;
    }
    st().set_line(e.loc.line);
    st().begin_turn(e.colour, seq);
    if (st().over()) note_end(turn);
    bool reported_after_end = false;
    SourceLoc roll_loc = e.loc, pirate_loc = e.loc;
    for (const Step& s : e.steps) {
      st().set_line(s.loc.line);
      if (st().over() && s.kind != StepKind::reveal && s.kind != StepKind::claim) {
        if (!reported_after_end && !after_end_reported_) {
          reported_after_end = true;
          after_end_reported_ = true;
          report(FindingKind::rule, rule::CT_905, s.loc, turn, e.colour,
                 fmt::format("the game ended {}; only reveals and claims may follow, not <{}>",
                             end_phrase(), element_name(s.kind)));
        }
        continue;
      }
      if (s.kind == StepKind::roll) roll_loc = s.loc;
      if (s.kind == StepKind::pirate) pirate_loc = s.loc;
      {
        StepScope scope(*this);
        step(s, e, turn);
      }
      note_end(turn);
    }
    st().set_line(e.loc.line);
    Violations vs = st().end_element();
    violations(vs, e.loc, turn, e.colour, [&](int ref) {
      return ref == 1 ? roll_loc : ref == 2 ? pirate_loc : e.loc;
    });
  }

  void special(const TurnElem& e, int seq, int turn) {
    ++result_.facts.specials;
    if (std::optional<Violation> order = st().special_due(e.colour))
      report(FindingKind::rule, order->rule, e.colour_loc, turn, e.colour, order->message);
    st().set_line(e.loc.line);
    st().begin_special(e.colour, seq);
    for (const Step& s : e.steps) {
      st().set_line(s.loc.line);
      StepScope scope(*this);
      step(s, e, turn);
    }
    st().end_element();
  }

  // ---- steps
  // -------------------------------------------------------------------------------------

  void step(const Step& s, const TurnElem& e, int turn) {
    Colour c = e.colour;
    std::array<VpBreakdown, kColours> before{};
    std::array<int, kColours> lengths{};
    for (Colour x : result_.seats) {
      before[ix(x)] = st().vp_breakdown(x);
      lengths[ix(x)] = st().player(x).road_length;
    }
    std::string title;
    std::string kind = "build";
    switch (s.kind) {
      case StepKind::roll: {
        RollResult rr;
        Violations vs = st().roll(s.d1, s.d2, rr);
        violations(vs, s.loc, turn, c);
        if (rr.applied) {
          result_.facts.dice[rr.total]++;
          check_echoes(s, rr, turn, c);
          breach_steps(rr, s, turn);
        }
        return;
      }
      case StepKind::discard:
        violations(st().discard(s.colour, s.cards), s.loc, turn, s.colour);
        ++result_.facts.discards;
        return;
      case StepKind::pirate:
        violations(st().pirate(s.hex), s.hex_loc, turn, c);
        return;
      case StepKind::steal:
        violations(st().steal(s.colour, s.card), s.loc, turn, c);
        ++result_.facts.steals;
        return;
      case StepKind::trade:
        violations(st().trade(s.colour, s.cards, s.get), s.loc, turn, c);
        ++result_.facts.domestic_trades;
        return;
      case StepKind::bank:
        violations(st().maritime(s.cards, s.get), s.loc, turn, c);
        result_.facts.maritime[s.cards.count()]++;
        return;
      case StepKind::claim: {
        int now = s.colour_playing ? st().vp(s.colour) : 0;
        VpStep v;
        v.turn = turn;
        v.loc = s.loc;
        v.kind = "claim";
        v.title = fmt::format("{} claims {} VP", name(s.colour), s.vp);
        v.claim = std::pair{s.colour, s.vp};
        v.recomputed = now;
        const bool playing = st().player(s.colour).playing;
        if (auto fault = st().claim_fault(s.colour, s.vp))
          dispute(s.loc, turn, s.colour, fault->message, playing ? vp_cause(s.colour) : 0);
        v.lines.push_back(playing ? fmt::format("claimed {} VP, recomputed {} VP here ({})", s.vp,
                                                now, describe_vp(st().vp_breakdown(s.colour)))
                                  : fmt::format("{} is not playing", name(s.colour)));
        result_.steps.push_back(std::move(v));
        return;
      }
      case StepKind::road:
        violations(st().road(s.place), s.loc, turn, c, {}, s.place.loc);
        title = fmt::format("{} builds a road on {}", name(c), s.place.text);
        kind = "road";
        break;
      case StepKind::settlement:
        violations(
            st().settlement(s.place, s.huns), s.loc, turn, c,
            [&](int ref) { return ix(ref) < s.huns.size() ? s.huns[ix(ref)].loc : s.loc; },
            s.place.loc);
        result_.facts.huns_drawn += s.huns.empty() ? 0 : 1;
        title = fmt::format("{} builds a settlement at {}", name(c), s.place.text);
        break;
      case StepKind::city:
        violations(
            st().city(s.place, s.huns), s.loc, turn, c,
            [&](int ref) { return ix(ref) < s.huns.size() ? s.huns[ix(ref)].loc : s.loc; },
            s.place.loc);
        result_.facts.huns_drawn += s.huns.empty() ? 0 : 1;
        title = fmt::format("{} builds a city at {}", name(c), s.place.text);
        break;
      case StepKind::wall_piece:
        violations(st().wall_piece(s.level), s.loc, turn, c);
        ++result_.facts.wall_pieces;
        return;
      case StepKind::buy_card:
        violations(st().buy_card(s.dev), s.loc, turn, c);
        ++result_.facts.cards_bought;
        title = fmt::format("{} buys a development card{}", name(c),
                            s.dev ? fmt::format(" named {}", name(*s.dev)) : "");
        kind = "card";
        break;
      case StepKind::play_card:
        violations(st().play_card(s), s.loc, turn, c, [&](int ref) {
          if (*s.dev == DevCard::knight && ix(ref) < s.actions.size())
            return s.actions[ix(ref)].loc;
          if (*s.dev == DevCard::road_building && ix(ref) < s.roads.size())
            return s.roads[ix(ref)].loc;
          if (*s.dev == DevCard::monopoly && ix(ref) < s.gives.size()) return s.gives[ix(ref)].loc;
          return s.loc;
        });
        result_.facts.cards_played[ix(static_cast<int>(*s.dev))]++;
        for (const auto& a : s.actions)
          if (a.kind == KnightAction::Kind::chase_hun) ++result_.facts.huns_chased;
        title = fmt::format("{} plays {}", name(c), name(*s.dev));
        kind = "card";
        break;
      case StepKind::reveal:
        violations(st().reveal(*s.dev), s.loc, turn, c);
        title = fmt::format("{} reveals a {} card", name(c), name(*s.dev));
        kind = "reveal";
        break;
    }
    vp_change(before, lengths, turn, s.loc, kind, title);
  }

  void vp_change(const std::array<VpBreakdown, kColours>& before,
                 const std::array<int, kColours>& lengths, int turn, SourceLoc loc,
                 const std::string& kind, const std::string& title) {
    VpStep v;
    v.turn = turn;
    v.loc = loc;
    v.kind = kind;
    v.title = title;
    bool changed = false;
    for (Colour c : result_.seats) {
      VpBreakdown a = st().vp_breakdown(c), b = before[ix(c)];
      int delta = a.total() - b.total();
      v.points[ix(c)] = delta;
      if (delta) changed = true;
      auto line = [&](std::string text, int d) {
        v.lines.push_back(fmt::format("{}: {} ({:+})", name(c), text, d));
      };
      if (a.settlements != b.settlements)
        line(fmt::format("settlements {} -> {}", b.settlements, a.settlements),
             a.settlements - b.settlements);
      if (a.cities != b.cities)
        line(fmt::format("cities {} -> {}", b.cities, a.cities), 2 * (a.cities - b.cities));
      int len = st().player(c).road_length;
      if (a.longest_road > b.longest_road)
        line(fmt::format("takes Longest Road (road length {})", len), 2);
      if (a.longest_road < b.longest_road)
        line(fmt::format("loses Longest Road (road length {} -> {}){}", lengths[ix(c)], len,
                         st().longest_road()
                             ? fmt::format(": it goes to {}", name(*st().longest_road()))
                             : std::string(": the card is set aside")),
             -2);
      if (a.largest_army > b.largest_army)
        line(
            fmt::format("takes Largest Army ({} knights; worth 1 VP here)", st().player(c).knights),
            1);
      if (a.largest_army < b.largest_army) line("loses Largest Army", -1);
      if (a.vp_cards != b.vp_cards)
        line(fmt::format("known victory-point cards {} -> {}", b.vp_cards, a.vp_cards),
             a.vp_cards - b.vp_cards);
    }
    if (!changed) return;
    result_.steps.push_back(std::move(v));
  }

  void breach_steps(const RollResult& rr, const Step& s, int turn) {
    for (const auto& e : rr.events) {
      if (e.kind == HunEvent::Kind::advance) {
        ++result_.facts.advances;
        continue;
      }
      result_.breach_log.emplace_back(turn, e.breach_number);
      const FieldDef& f = board().fields[ix(e.field)];
      const WallDef& w = board().walls[ix(e.wall)];
      VpStep v;
      v.turn = turn;
      v.loc = s.loc;
      v.kind = "breach";
      v.title = fmt::format("breach {} of {}: field {} over wall {}", e.breach_number,
                            st().breach_limit(), f.id, w.id);
      std::string hexes;
      for (int h : e.hexes)
        hexes += fmt::format("{}{}", hexes.empty() ? "" : " ", board().hexes[ix(h)].id);
      v.lines.push_back(fmt::format("the roll of {}: {} China and occup{} {} ({})", rr.total,
                                    e.hexes.size() == 1
                                        ? std::string("1 Hun enters")
                                        : fmt::format("{} Huns enter", e.hexes.size()),
                                    e.hexes.size() == 1 ? "ies" : "y", hexes, rule::CT_507));
      v.lines.push_back(e.level_before > 0
                            ? fmt::format("{} loses a level: {} -> {}; piece {} goes back to its "
                                          "owner",
                                          w.id, e.level_before, e.level_after, e.level_before)
                            : fmt::format("{} stays at level 0", w.id));
      if (e.owner) {
        v.points[ix(*e.owner)] = -1;
        v.lines.push_back(fmt::format("{} takes a malus chip (-1 VP)", name(*e.owner)));
      } else {
        v.lines.push_back("the section has no owner: nobody takes a malus chip");
      }
      if (e.breach_number >= st().breach_limit())
        v.lines.push_back(fmt::format("the {} breach: the Huns win and every player loses (CT-904)",
                                      ordinal(e.breach_number)));
      result_.steps.push_back(std::move(v));
    }
  }

  // ---- echoes inside <roll> ---------------------------------------------------------------------

  void check_echoes(const Step& roll, const RollResult& rr, int turn, Colour colour) {
    std::uint32_t follows = st().taint_line();
    if (follows >= roll.loc.line) follows = 0;
    // An echo is what the record says the roll did; a wrong one changes nothing the roll
    // does, so it is no cause of the roll's effects.
    for (const Violation& v : st().echo_faults(roll.echoes, rr)) {
      SourceLoc at = roll.loc;
      if (v.ref >= 0) {
        const Echo& e = roll.echoes[ix(v.ref)];
        at = v.sub >= 0 ? e.occupies[ix(v.sub)].second : e.loc;
      }
      std::uint32_t cause = step_cause_;
      report(FindingKind::rule, v.rule, at, turn, colour, v.message, follows);
      step_cause_ = cause;
    }
  }

  // ---- the end ---------------------------------------------------------------------------------

  void end_of_play() {
    if (!st().over() && result_.setup_complete) {
      // The game may have ended at the start of a turn the record leaves out (CT-903).
      Colour next = st().next_turn();
      if (st().vp(next) >= 10) {
        int turn = 0;
        for (const auto& e : rec_.elements)
          if (!e.special) turn = e.turn;
        st().begin_turn(next, static_cast<int>(rec_.elements.size()) + 1);
        note_end(turn + 1);
        st().end_element();
      }
    }
  }

  void end_section() {
    start_vp_ = vp_now();
    std::array<VpBreakdown, kColours> before{};
    std::array<int, kColours> lengths{};
    for (const EndItem& item : rec_.end) {
      if (item.kind != EndItem::Kind::reveal) continue;
      StepScope scope(*this);
      st().set_line(item.loc.line);
      for (Colour x : result_.seats) {
        before[ix(x)] = st().vp_breakdown(x);
        lengths[ix(x)] = st().player(x).road_length;
      }
      violations(st().end_reveal(item.colour, item.card), item.loc, 0, item.colour);
      vp_change(before, lengths, 0, item.loc, "end",
                fmt::format("{} reveals a {} card in the end", name(item.colour), name(item.card)));
    }
    result_.final_vp = vp_now();
    if (result_.end == EndKind::huns) {
      int best = 0;
      bool first = true;
      for (Colour c : result_.seats)
        if (first || result_.final_vp[ix(c)] > best) best = result_.final_vp[ix(c)], first = false;
      for (Colour c : result_.seats)
        if (result_.final_vp[ix(c)] == best) result_.best_losers.push_back(c);
    }
    // Claims of the end, in document order; a missing <final> counts after them all.
    std::array<bool, kColours> final_seen{};
    bool any_final = false, outcome_seen = false;
    for (const EndItem& item : rec_.end) {
      if (item.kind == EndItem::Kind::final_vp) {
        any_final = true;
        const bool playing = st().player(item.colour).playing;
        if (playing && final_seen[ix(item.colour)]) {
          dispute(item.loc, 0, item.colour,
                  fmt::format("a second <final> for {}", name(item.colour)));
          continue;
        }
        if (playing) final_seen[ix(item.colour)] = true;
        if (auto fault = st().final_fault(item.colour, item.vp))
          dispute(item.loc, 0, item.colour, fault->message, playing ? vp_cause(item.colour) : 0);
      } else if (item.kind == EndItem::Kind::outcome) {
        if (outcome_seen) {
          dispute(item.loc, 0, std::nullopt, "a second <outcome> claim");
          continue;
        }
        outcome_seen = true;
        std::string recomputed = outcome_text();
        std::string claimed = item.huns ? std::string("the Huns' victory")
                                        : fmt::format("a win of {}", name(item.colour));
        bool same = item.huns ? result_.end == EndKind::huns
                              : result_.end == EndKind::win && result_.winner == item.colour;
        if (!same)
          dispute(item.loc, 0, item.huns ? std::nullopt : std::optional<Colour>(item.colour),
                  fmt::format("the outcome is claimed as {}, recomputed: {}", claimed, recomputed),
                  outcome_cause());
      }
    }
    if (any_final)
      for (Colour c : result_.seats)
        if (!final_seen[ix(c)])
          dispute(rec_.end_loc, 0, c,
                  fmt::format("no <final> for {} (recomputed {} VP); when any is given, every "
                              "colour needs one",
                              name(c), result_.final_vp[ix(c)]));
    result_.result_sentence = sentence();
  }

  std::string outcome_text() const {
    switch (result_.end) {
      case EndKind::win:
        return fmt::format("{} won on turn {}", name(*result_.winner), result_.end_turn);
      case EndKind::huns:
        return fmt::format("the Huns won on turn {}", result_.end_turn);
      case EndKind::none:
        break;
    }
    return "the game is unfinished";
  }

  std::string sentence() {
    switch (result_.end) {
      case EndKind::win:
        return fmt::format("{} won with {} VP on turn {} (CT-903)", name(*result_.winner),
                           result_.final_vp[ix(*result_.winner)], result_.end_turn);
      case EndKind::huns: {
        int best = result_.best_losers.empty() ? 0 : result_.final_vp[ix(result_.best_losers[0])];
        return fmt::format(
            "the Huns won with the {} breach on turn {}; everybody loses; best "
            "loser{}: {} with {} VP (CT-904)",
            ordinal(st().breaches()), result_.end_turn, result_.best_losers.size() == 1 ? "" : "s",
            colour_list(result_.best_losers), best);
      }
      case EndKind::none:
        break;
    }
    return "";
  }

  const Record& rec_;
  const CheckerSettings& settings_;
  Diagnostics& out_;
  Options opts_;
  Outcome result_;
  bool first_element_done_ = false;
  bool after_end_reported_ = false;
  int snapshots_taken_ = 0;
  std::uint32_t order_taint_ = 0;
  std::uint32_t wrong_colour_line_ = 0;  // the CT-401 of the turn being replayed, if any
  std::uint32_t step_cause_ = 0;         // the earliest error the step being applied follows
  std::array<std::uint32_t, kColours> vp_taint_{};  // per colour: see vp_cause
  std::array<int, kColours> start_vp_{};
};

}  // namespace

Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out) {
  return Checker(rec, settings, out).run();
}

}  // namespace wallaudit::ct
