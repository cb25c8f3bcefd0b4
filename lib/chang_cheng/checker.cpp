#include "chang_cheng/checker.hpp"

#include "chang_cheng/rule_ids.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace wallaudit::cc {

using namespace rule;

namespace {

int ci(Colour c) {
  return static_cast<int>(c);
}

// The pieces of a turn's action, in the order they were placed.
enum class Act : std::uint8_t { wall, card, double_wall, tower, pass };

bool is_action(StepKind k) {
  return k == StepKind::wall || k == StepKind::card || k == StepKind::double_wall ||
         k == StepKind::tower || k == StepKind::pass;
}

Act act_of(StepKind k) {
  switch (k) {
    case StepKind::wall:
      return Act::wall;
    case StepKind::card:
      return Act::card;
    case StepKind::double_wall:
      return Act::double_wall;
    case StepKind::tower:
      return Act::tower;
    default:
      return Act::pass;
  }
}

std::string_view act_name(Act a) {
  switch (a) {
    case Act::wall:
      return "a wall";
    case Act::card:
      return "a card";
    case Act::double_wall:
      return "the double wall";
    case Act::tower:
      return "the tower";
    case Act::pass:
      return "a pass";
  }
  return "a piece";
}

class Checker {
 public:
  Checker(const Record& rec, const CheckerSettings& settings, Diagnostics& out)
      : rec_(rec), settings_(settings), out_(out) {}

  Outcome run() {
    if (rec_.boards && rec_.boards->origin == "built in")
      report(FindingKind::info, CC_205, rec_.setup_loc, 0, std::nullopt,
             modelled_note("board set", rec_.boards->name));
    options();
    if (!setup()) return std::move(result_);
    snapshot(0, rec_.setup_loc, Colour::red, false);
    for (std::size_t i = 0; i < rec_.turns.size(); ++i) {
      if (over_) {
        after_end(static_cast<int>(i));
        break;
      }
      turn(rec_.turns[i], static_cast<int>(i) + 1);
    }
    finish();
    return std::move(result_);
  }

 private:
  // ---- findings -------------------------------------------------------------------------

  Diagnostic& report(FindingKind kind, std::string_view rule, SourceLoc loc, int turn,
                     std::optional<Colour> colour, std::string message, std::uint32_t follows = 0) {
    Diagnostic& d = out_.add(kind, std::string(rule), loc, std::move(message));
    d.turn = turn;
    if (colour) d.colour = std::string(name(*colour));
    // Once the replayed board parts from the one the record describes, what depends on the
    // board may follow from that first difference.
    if (!follows && divergence_line_ && divergence_line_ < loc.line && depends_on_board(kind, rule))
      follows = divergence_line_;
    if (follows && follows != loc.line) {
      d.follow_on = true;
      d.follows_line = follows;
    }
    return d;
  }

  void violations(const Violations& vs, SourceLoc loc, int turn, std::optional<Colour> colour,
                  std::uint32_t extra_follow = 0) {
    for (const auto& v : vs)
      report(FindingKind::rule, v.rule, loc, turn, colour, v.message,
             v.follows ? v.follows : extra_follow);
  }

  void dispute(SourceLoc loc, int turn, std::optional<Colour> colour, std::string message,
               std::uint32_t follows) {
    report(FindingKind::dispute, CC_804, loc, turn, colour, std::move(message), follows);
  }

  // ---- set-up ----------------------------------------------------------------------------

  void options() {
    for (const auto& o : rec_.options)
      set_option(opts_, o.name, o.value);
    for (const auto& [n, v] : settings_.option_overrides)
      set_option(opts_, n, v);
    result_.options = opts_;
  }

  bool setup() {
    const auto& players = rec_.players;
    bool teams = rec_.variant == Variant::teams;
    std::set<Colour> seen;
    for (const auto& p : players) {
      for (Colour c : p.colours) {
        if (!seen.insert(c).second)
          report(FindingKind::rule, CC_301, p.loc, 0, c,
                 fmt::format("{} is played by two seats; every colour is distinct", name(c)));
      }
      if (teams && p.colours.size() != 2)
        report(FindingKind::rule, CC_301, p.loc, 0, std::nullopt,
               fmt::format("in the team variant each player plays two colours (colours=\"… …\"), "
                           "this one plays {}",
                           p.colours.size()));
      if (!teams && p.colours.size() != 1)
        report(FindingKind::rule, CC_301, p.loc, 0, std::nullopt,
               "a player plays one colour; two colours per player is the team variant "
               "(<variant name=\"teams\"/>)");
    }
    if (players.size() < 2 || players.size() > 4)
      report(FindingKind::rule, CC_301, rec_.players_loc, 0, std::nullopt,
             fmt::format("Chang Cheng is played by 2 to 4 players, this record has {}",
                         players.size()));
    if (rec_.variant != Variant::none && players.size() != 2)
      report(FindingKind::rule, CC_301, rec_.variant_loc, 0, std::nullopt,
             fmt::format("the {} variant is for two players, this record has {}",
                         name(rec_.variant), players.size()));
    seat_of_.fill(-1);
    for (std::size_t i = 0; i < players.size(); ++i) {
      for (Colour c : players[i].colours) {
        if (seat_of_[ci(c)] < 0) {
          seat_of_[ci(c)] = static_cast<int>(i);
          result_.seat_colours.push_back(c);
        }
      }
    }
    if (result_.seat_colours.empty()) return false;
    seats_ = static_cast<int>(players.size());
    int effective_players = teams ? 2 : seats_;
    int expansions = effective_players >= 4 ? 2 : 1;
    std::vector<EventCard> events;
    for (const auto& [e, loc] : rec_.events)
      events.push_back(e);
    result_.state.emplace(rec_.boards, opts_, rec_.variant, events, result_.seat_colours,
                          expansions);
    State& st = *result_.state;
    const BoardSet& set = *rec_.boards;

    // Starting sides.
    if (rec_.sides.size() != 2)
      report(FindingKind::rule, CC_302, rec_.setup_loc, 0, std::nullopt,
             fmt::format("two board sides start in play, the set-up lists {}", rec_.sides.size()));
    for (const auto& side : rec_.sides) {
      const auto& def = set.sides[side.side];
      if (st.side_in_play(side.side)) {
        report(FindingKind::rule, CC_302, side.loc, 0, std::nullopt,
               fmt::format("side {} is listed twice", def.id));
        continue;
      }
      if (st.board_in_play(def.board)) {
        report(FindingKind::rule, CC_302, side.loc, 0, std::nullopt,
               fmt::format("side {} is on board {}, which already has a side in play; the two "
                           "starting sides come from different boards",
                           def.id, def.board));
      }
      if (!st.sides_in_play().empty())
        violations(st.check_edges(st.sides_in_play().back(), side.side), side.loc, 0, std::nullopt);
      st.join_side(side.side, true);
    }
    if (st.sides_in_play().empty()) return false;
    tokens(rec_.reputations, rec_.threats, rec_.setup_loc, 0, CC_303, nullptr);
    return true;
  }

  // Checks the tokens of the set-up or of a new side: one per province/region in play
  // (or of `side` only), values in range; states them in the engine.
  void tokens(const std::vector<TokenDecl>& reputations, const std::vector<TokenDecl>& threats,
              SourceLoc where, int turn, std::string_view rule, const int* side) {
    State& st = *result_.state;
    const BoardSet& set = *rec_.boards;
    auto wanted = [&](int place) { return side ? place / 3 == *side : st.side_in_play(place / 3); };
    std::vector<bool> rep_seen(static_cast<std::size_t>(set.side_count()) * 3);
    std::vector<bool> thr_seen(rep_seen.size());
    for (const auto& t : reputations) {
      std::string pname = set.province_name(t.place);
      if (!wanted(t.place)) {
        report(FindingKind::rule, rule, t.loc, turn, std::nullopt,
               side ? fmt::format("{} is not on the new side {}", pname, set.sides[*side].id)
                    : fmt::format("{} is not in play; the set-up puts tokens on the two starting "
                                  "sides only",
                                  pname));
        continue;
      }
      if (rep_seen[t.place]) {
        report(FindingKind::rule, rule, t.loc, turn, std::nullopt,
               fmt::format("{} gets a second reputation token; one lies on each province", pname));
        continue;
      }
      rep_seen[t.place] = true;
      violations(st.set_reputation(t.place, *t.value, !side), t.value_loc, turn, std::nullopt);
    }
    for (const auto& t : threats) {
      std::string rname = set.region_name(t.place);
      if (!wanted(t.place)) {
        report(FindingKind::rule, rule, t.loc, turn, std::nullopt,
               side ? fmt::format("{} is not on the new side {}", rname, set.sides[*side].id)
                    : fmt::format("{} is not in play; the set-up puts tokens on the two starting "
                                  "sides only",
                                  rname));
        continue;
      }
      if (thr_seen[t.place]) {
        report(FindingKind::rule, rule, t.loc, turn, std::nullopt,
               fmt::format("{} gets a second threat token; one lies on each region", rname));
        continue;
      }
      thr_seen[t.place] = true;
      if (threat_loc_.size() <= static_cast<std::size_t>(t.place))
        threat_loc_.resize(static_cast<std::size_t>(t.place) + 1);
      threat_loc_[static_cast<std::size_t>(t.place)] = t.loc;
      if (t.value) violations(st.state_threat(t.place, *t.value), t.value_loc, turn, std::nullopt);
    }
    std::vector<int> sides = side ? std::vector<int>{*side} : st.sides_in_play();
    for (int s : sides) {
      for (int k = 0; k < 3; ++k) {
        if (!rep_seen[s * 3 + k])
          report(FindingKind::rule, rule, where, turn, std::nullopt,
                 fmt::format("{} has no reputation token", set.province_name(s * 3 + k)));
        if (!thr_seen[s * 3 + k])
          report(FindingKind::rule, rule, where, turn, std::nullopt,
                 fmt::format("{} has no threat token", set.region_name(s * 3 + k)));
      }
    }
  }

  // ---- turns -------------------------------------------------------------------------------

  const std::vector<Colour>& colours_of_seat(int seat) const {
    return rec_.players[static_cast<std::size_t>(seat)].colours;
  }

  std::string seat_label(int seat) const {
    const auto& p = rec_.players[static_cast<std::size_t>(seat)];
    std::string colours;
    for (Colour c : p.colours)
      colours += fmt::format("{}{}", colours.empty() ? "" : "/", name(c));
    return colours;
  }

  struct TurnContext {
    const Turn* turn = nullptr;
    int n = 0;
    Colour colour = Colour::red;
    std::vector<std::pair<Act, const Step*>> acts;
    const Step* neutral = nullptr;
    bool shape_broken = false;
    std::vector<RegionId> peekable;
    std::vector<ProvinceId> pending;  // completed, waiting for their scoring
    std::array<int, kAllColours> bonus{};
    std::vector<const Step*> bonus_claims;
    bool expand_awaited = false;            // immediate timing: due after the last scoring
    bool expand_late = false;               // a placement came while it was awaited
    const Step* deferred_expand = nullptr;  // end-of-turn timing, written too early
    std::uint32_t taint = 0;                // first error line in this turn
    std::size_t step_index = 0;             // the step being processed
    bool neutral_to_judge = false;          // the neutral wall's place is judged at the end

    // Ready for another turn; the vectors keep their storage.
    void reset(const Turn& t, int turn_number) {
      turn = &t;
      n = turn_number;
      colour = t.colour;
      acts.clear();
      neutral = nullptr;
      shape_broken = false;
      peekable.clear();
      pending.clear();
      bonus.fill(0);
      bonus_claims.clear();
      expand_awaited = expand_late = false;
      deferred_expand = nullptr;
      taint = 0;
      step_index = 0;
      neutral_to_judge = false;
    }
  };

  void turn(const Turn& t, int n) {
    State& st = *result_.state;
    TurnContext& ctx = turn_context_;
    ctx.reset(t, n);

    // Whose turn: seat order, resynchronised on the colour actually played.
    int seat = expected_seat_;
    const auto& expected = colours_of_seat(seat);
    bool right_colour = std::find(expected.begin(), expected.end(), t.colour) != expected.end();
    if (!right_colour) {
      int owner = seat_of_[ci(t.colour)];
      std::string_view rule = n == 1 ? CC_304 : CC_401;
      std::string who = owner < 0 ? fmt::format("{} is not playing", name(t.colour))
                                  : fmt::format("{} played out of turn", name(t.colour));
      report(FindingKind::rule, rule, t.colour_loc, n, t.colour,
             n == 1
                 ? fmt::format("the first turn belongs to the first seat ({}); {}",
                               seat_label(seat), who)
                 : fmt::format("turn {} belongs to {} (seat order); {}", n, seat_label(seat), who),
             order_taint_);
      order_taint_ = t.colour_loc.line;
      if (owner < 0) {
        expected_seat_ = (seat + 1) % seats_;
        snapshot(n, t.loc, t.colour, false);
        return;
      }
      seat = owner;
    }
    expected_seat_ = (seat + 1) % seats_;

    // CC-404 needs the state at the start of the turn: look ahead at the action's shape.
    std::vector<Act> shape;
    for (const Step& s : t.steps)
      if (is_action(s.kind)) shape.push_back(act_of(s.kind));
    std::optional<std::string> complete_example, partial_example;
    std::uint32_t board_taint = 0;
    bool partial = shape.size() == 1 && (shape[0] == Act::wall || shape[0] == Act::card);
    bool pass = shape.size() == 1 && shape[0] == Act::pass;
    if (n > 1 && (partial || pass)) {
      for (Colour c : colours_of_seat(seat)) {
        if (!complete_example) complete_example = st.complete_action_example(c);
        if (!partial_example) partial_example = st.partial_action_example(c);
        if (st.colour(c).supply_taint) board_taint = st.colour(c).supply_taint;
        if (st.colour(c).card_taint && !board_taint) board_taint = st.colour(c).card_taint;
      }
      for (SpaceId s : st.line())
        if (st.piece(s).taint && !board_taint) board_taint = st.piece(s).taint;
    }

    // The last action element: only threat reveals (and annotations, which are no steps)
    // may follow it (section 13, expansion-timing=end-of-turn).
    std::size_t last_action = t.steps.size();
    while (last_action > 0 && t.steps[last_action - 1].kind == StepKind::threat)
      --last_action;
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
      ctx.step_index = i;
      step(ctx, t.steps[i], i + 1 == last_action);
    }

    flush_pending(ctx);

    if (ctx.neutral_to_judge) judge_neutral(ctx);

    // The turn as a whole.
    if (ctx.acts.empty()) {
      report(FindingKind::rule, n == 1 ? CC_403 : CC_402, t.loc, n, t.colour,
             n == 1 ? std::string("the first turn places exactly one single wall; this one "
                                  "records no action")
                    : std::string("the turn records no action; a turn without one is written "
                                  "<pass/>"));
    } else if (!ctx.shape_broken && n > 1) {
      if (ctx.acts.size() == 1 && ctx.acts[0].first == Act::pass &&
          (partial_example || complete_example)) {
        report(FindingKind::rule, CC_404, ctx.acts[0].second->loc, n, t.colour,
               complete_example ? fmt::format("{} passed, but a complete action was possible: {}",
                                              name(t.colour), *complete_example)
                                : fmt::format("{} passed, but part of an action was possible: {}",
                                              name(t.colour), *partial_example),
               board_taint);

      } else if (ctx.acts.size() == 1 && ctx.acts[0].first != Act::pass && complete_example) {
        report(FindingKind::rule, CC_404, ctx.acts[0].second->loc, n, t.colour,
               fmt::format("{} performed only part of an action ({}), but a complete action "
                           "was possible: {}",
                           name(t.colour), act_name(ctx.acts[0].first), *complete_example),
               board_taint);
      }
    }

    // Expansion due this turn, or earlier and not made.
    if (ctx.deferred_expand) apply_expand(ctx, *ctx.deferred_expand, false);
    if (st.expansions_pending() > 0 && !expansion_reported_) {
      report(FindingKind::rule, CC_601, t.loc, n, t.colour,
             fmt::format("the third emperor card made an expansion due, but no <expand> joins a "
                         "new side ({})",
                         opts_.expansion_timing == ExpansionTiming::immediate
                             ? "right after the scoring: expansion-timing=immediate"
                             : "as the turn's last element: expansion-timing=end-of-turn"));
      expansion_reported_ = true;
      st.taint_layout(t.loc.line);
    }

    // Bonus claims against the double-wall bonus of the whole turn.
    std::array<int, kAllColours> claimed_count{};
    for (const Step* b : ctx.bonus_claims) {
      int c = ci(b->colour);
      if (++claimed_count[c] > 1) {
        dispute(b->loc, n, b->colour,
                fmt::format("a second <bonus> for {} in this turn", name(b->colour)), ctx.taint);
        continue;
      }
      if (b->value != ctx.bonus[c]) {
        dispute(b->loc, n, b->colour,
                fmt::format("claimed double-wall bonus {} for {}, recomputed {}{}", b->value,
                            name(b->colour), ctx.bonus[c],
                            ctx.bonus[c] ? " (1 per province and per region its two spaces border)"
                                         : fmt::format(" ({} placed no double wall this turn)",
                                                       name(b->colour))),
                ctx.taint);
      }
    }

    // Passes and the end of the game.
    bool passed = ctx.acts.size() == 1 && ctx.acts[0].first == Act::pass;
    consecutive_passes_ = passed ? consecutive_passes_ + 1 : 0;
    int round = rec_.variant == Variant::teams ? 2 : seats_;
    if (st.empty_spaces() == 0 && st.expansions_pending() == 0) {
      end_game(EndReason::wall_complete, n);
    } else if (consecutive_passes_ >= round && st.empty_spaces() > 0) {
      end_game(EndReason::passes, n);
      report(FindingKind::info, CC_702, t.loc, n, std::nullopt,
             fmt::format("the game ended after a full round of passes with {} empty space{} "
                         "left; unfinished provinces score nothing",
                         st.empty_spaces(), st.empty_spaces() == 1 ? "" : "s"));
    }
    snapshot(n, t.loc, t.colour, passed);
  }

  void end_game(EndReason reason, int n) {
    over_ = true;
    result_.finished = true;
    result_.reason = reason;
    result_.end_turn = n;
  }

  void after_end(int index) {
    const Turn& t = rec_.turns[static_cast<std::size_t>(index)];
    std::size_t more = rec_.turns.size() - static_cast<std::size_t>(index);
    report(FindingKind::rule, CC_703, t.loc, index + 1, t.colour,
           fmt::format("the game ended on turn {} ({}); nothing may be recorded after it, but {} "
                       "more turn{} follow{}",
                       result_.end_turn,
                       result_.reason == EndReason::passes ? "a full round of passes"
                                                           : "the wall is complete",
                       more, more == 1 ? "" : "s", more == 1 ? "s" : ""));
  }

  // ---- steps ------------------------------------------------------------------------------

  void step(TurnContext& ctx, const Step& s, bool last) {
    switch (s.kind) {
      case StepKind::wall:
      case StepKind::card:
      case StepKind::double_wall:
      case StepKind::tower:
      case StepKind::pass:
        placement(ctx, s);
        break;
      case StepKind::neutral:
        neutral(ctx, s);
        break;
      case StepKind::peek:
        peek(ctx, s);
        break;
      case StepKind::threat:
        threat(ctx, s);
        break;
      case StepKind::score:
        score(ctx, s);
        break;
      case StepKind::expand:
        expand_step(ctx, s, last);
        break;
      case StepKind::bonus:
        ctx.bonus_claims.push_back(&s);
        break;
    }
  }

  // Notes the first error of the turn; returns the line to taint what it placed.
  std::uint32_t note_error(TurnContext& ctx, SourceLoc loc) {
    if (!ctx.taint) ctx.taint = loc.line;
    if (!divergence_line_) divergence_line_ = loc.line;
    return loc.line;
  }

  // Rule findings about the state of the game (what stands where, what is complete, what is
  // left), as opposed to the shape of a turn or the record's own consistency. Score disputes
  // are not among them: they follow only from an error that changed the colour's score.
  static bool depends_on_board(FindingKind kind, std::string_view rule) {
    if (kind != FindingKind::rule) return false;
    static constexpr std::string_view ids[] = {CC_404, CC_405, CC_406, CC_407, CC_409,  CC_410,
                                               CC_501, CC_502, CC_504, CC_510, CC_511,  CC_515,
                                               CC_601, CC_603, CC_702, CC_703, CC_1101, CC_1201};
    return std::find(std::begin(ids), std::end(ids), rule) != std::end(ids);
  }

  // The board places a piece or card names: its space (both, for a double wall), or the
  // province of a card.
  std::vector<std::string> places_of(const Step& s) const {
    const BoardSet& set = *rec_.boards;
    std::vector<std::string> out;
    for (SpaceId space : {s.space, s.space2})
      if (space >= 0 && space < set.space_count()) out.push_back(set.space_name(space));
    if (out.empty() && s.province >= 0 && s.province < set.side_count() * 3)
      out.push_back(set.province_name(s.province));
    return out;
  }

  void placement(TurnContext& ctx, const Step& s) {
    State& st = *result_.state;
    const BoardSet& set = *rec_.boards;
    flush_pending(ctx);
    if (ctx.expand_awaited) ctx.expand_late = true;
    Act act = act_of(s.kind);
    int n = ctx.n;
    Colour c = ctx.colour;
    std::size_t errors_before = out_.count(FindingKind::rule);

    // Where the piece stands in the action.
    if (ctx.neutral && act != Act::pass) {
      report(FindingKind::rule, CC_1101, s.loc, n, c,
             fmt::format("{} is placed after the neutral wall; the neutral wall comes after the "
                         "action",
                         act_name(act)));
      ctx.shape_broken = true;
    } else if (n == 1) {
      if (act != Act::wall || !ctx.acts.empty()) {
        report(FindingKind::rule, CC_403, s.loc, n, c,
               fmt::format("the first turn places exactly one single wall and nothing else, not "
                           "{}{}",
                           ctx.acts.empty() ? "" : "also ", act_name(act)));
        ctx.shape_broken = true;
      }
    } else if (!ctx.acts.empty()) {
      auto [prev, prev_step] = ctx.acts.back();
      bool two = ctx.acts.size() == 1;
      std::string shape_error;
      std::string_view rule = CC_402;
      if (act == Act::pass || prev == Act::pass) {
        shape_error = "a pass cannot be combined with anything else in the turn";
      } else if (!two) {
        shape_error =
            fmt::format("{} is a third piece: an action places two pieces at most", act_name(act));
      } else if (prev == Act::wall && act == Act::wall) {
        if (set.province_of(prev_step->space) == set.province_of(s.space)) {
          rule = CC_411;
          shape_error = fmt::format(
              "both walls go to {}; the two walls of \"two walls\" go to "
              "two different provinces",
              set.province_name(set.province_of(s.space)));
        }
      } else if (prev == Act::card && act == Act::card) {
        if (prev_step->province == s.province) {
          rule = CC_411;
          shape_error = fmt::format(
              "both cards go to {}; the two cards of \"two cards\" go to "
              "two different provinces",
              set.province_name(s.province));
        }
      } else if (prev == Act::card && act == Act::wall) {
        if (set.province_of(s.space) != prev_step->province) {
          rule = CC_412;
          shape_error = fmt::format(
              "the wall goes to {}, but the card went to {}; in \"card and "
              "wall\" the wall goes to the card's province",
              set.province_name(set.province_of(s.space)), set.province_name(prev_step->province));
        }
      } else if (prev == Act::wall && act == Act::card) {
        rule = CC_412;
        shape_error = "the card comes after the wall; in \"card and wall\" the card comes first";
      } else {
        shape_error = fmt::format("{} after {} is not one of the five actions", act_name(act),
                                  act_name(prev));
      }
      if (!shape_error.empty()) {
        report(FindingKind::rule, rule, s.loc, n, c, shape_error, ctx.taint).involves =
            places_of(s);
        if (rule == CC_402) ctx.shape_broken = true;
      }
    }
    ctx.acts.emplace_back(act, &s);
    if (act == Act::pass) return;

    // The piece itself.
    std::uint32_t line = s.loc.line;
    Violations v;
    int bonus = 0;
    switch (act) {
      case Act::wall:
        v = st.place_wall(c, s.space, n, line);
        break;
      case Act::tower:
        v = st.place_tower(c, s.space, n, line);
        break;
      case Act::double_wall:
        v = st.place_double(c, s.space, s.space2, n, line, bonus);
        break;
      case Act::card:
        v = st.place_card(c, s.province, s.card, n, line);
        break;
      case Act::pass:
        break;
    }
    for (auto& violation : v) {
      report(FindingKind::rule, violation.rule, s.target_loc.known() ? s.target_loc : s.loc, n, c,
             violation.message, violation.follows)
          .involves = places_of(s);
    }
    if (out_.count(FindingKind::rule) > errors_before) {
      note_error(ctx, s.loc);
      auto placed = [&](SpaceId space) {
        const Piece& p = st.piece(space);
        return st.in_play(space) && p.intact() && p.colour == c && p.turn == n;
      };
      if (act != Act::card) {
        if (!placed(s.space)) st.reject_piece(line);
        if (act == Act::double_wall && !placed(s.space2)) st.reject_piece(line);
      }
    }
    if (bonus) {
      ctx.bonus[ci(c)] += bonus;
      ScoringStep step;
      step.kind = ScoringStep::Kind::bonus;
      step.turn = n;
      step.loc = s.loc;
      step.colour = c;
      step.a = s.space;
      step.b = s.space2;
      step.points[ci(c)] = bonus;
      push_step(std::move(step));
    }
    // Scouting: a wall, double wall or tower lets its owner look opposite the spaces covered.
    ctx.peekable.clear();
    if (act != Act::card) {
      ctx.peekable.push_back(set.region_of(s.space));
      if (act == Act::double_wall) ctx.peekable.push_back(set.region_of(s.space2));
    }
    if (act != Act::card) st.completed_by(s.space, s.space2, ctx.pending);
  }

  void neutral(TurnContext& ctx, const Step& s) {
    State& st = *result_.state;
    int n = ctx.n;
    flush_pending(ctx);
    if (ctx.expand_awaited) ctx.expand_late = true;
    std::size_t errors_before = out_.count(FindingKind::rule);
    if (rec_.variant != Variant::neutral_walls) {
      report(FindingKind::rule, CC_1101, s.loc, n, ctx.colour,
             "neutral walls are used only in the neutral-walls variant "
             "(<variant name=\"neutral-walls\"/>)");
    } else if (n == 1) {
      report(FindingKind::rule, CC_403, s.loc, n, ctx.colour,
             "the first turn places exactly one single wall: no neutral wall either");
    } else if (ctx.neutral) {
      report(FindingKind::rule, CC_1101, s.loc, n, ctx.colour,
             fmt::format("a second neutral wall in one turn (the first on line {}); at most one "
                         "per turn",
                         ctx.neutral->loc.line));
    } else {
      // Where it may go depends on the whole action: judged at the end of the turn.
      ctx.neutral_to_judge = true;
    }
    ctx.neutral = &s;
    auto v = st.place_neutral(s.space, n, s.loc.line);
    for (const auto& violation : v)
      report(FindingKind::rule, violation.rule, s.target_loc, n, ctx.colour, violation.message,
             violation.follows)
          .involves = places_of(s);
    if (out_.count(FindingKind::rule) > errors_before) note_error(ctx, s.loc);
    ctx.peekable.clear();
    st.completed_by(s.space, kNone, ctx.pending);
  }

  // CC-1102: the neutral wall's place, by the action of the whole turn (a piece placed after
  // the neutral wall is CC-1101's business, not this rule's).
  void judge_neutral(TurnContext& ctx) {
    const BoardSet& set = *rec_.boards;
    const Step& s = *ctx.neutral;
    int n = ctx.n;
    ProvinceId target = set.province_of(s.space);
    if (ctx.acts.empty() || (ctx.acts.size() == 1 && ctx.acts[0].first == Act::pass)) {
      report(FindingKind::rule, CC_1101, s.loc, n, ctx.colour,
             "a neutral wall is placed after the player's action, and this turn has none");
    } else if (!ctx.shape_broken) {
      // CC-1102: where it may go, by the action it follows.
      std::vector<ProvinceId> allowed, forbidden;
      std::string why;
      auto prov_of_act = [&](const std::pair<Act, const Step*>& a) {
        return a.first == Act::card ? a.second->province : set.province_of(a.second->space);
      };
      const auto& acts = ctx.acts;
      bool card_and_wall =
          acts.size() == 2 && acts[0].first == Act::card && acts[1].first == Act::wall;
      if (acts.size() == 2 && !card_and_wall) {
        allowed = {prov_of_act(acts[0]), prov_of_act(acts[1])};
        why = "after two walls or two cards it goes on one of those two provinces";
      } else if (card_and_wall || (acts.size() == 1 && acts[0].first == Act::card)) {
        ProvinceId p = acts[0].second->province;
        bool same = opts_.neutral_after_card_and_wall == NeutralAfterOption::same_province;
        if (same) {
          allowed = {p};
          why = acts.size() == 1
                    ? "after a lone card it goes on that card's province (as after two cards, "
                      "or card and wall with neutral-after-card-and-wall=same-province)"
                    : "after card and wall on a province it goes on that province "
                      "(neutral-after-card-and-wall=same-province)";
        } else if (acts.size() == 2) {
          forbidden = {p};
          why =
              "after card and wall on a province it goes on any other province "
              "(neutral-after-card-and-wall=other-province)";
        }
        // A lone card under other-province: its own province (as after two cards) or any
        // other (as after card and wall) -- every province is allowed.
      } else if (acts.size() == 1 && acts[0].first == Act::wall) {
        allowed = {prov_of_act(acts[0])};
        why = "after a lone wall (part of \"two walls\") it goes on that wall's province";
      } else if (acts.size() == 1 && acts[0].first == Act::double_wall) {
        forbidden = {set.province_of(acts[0].second->space),
                     set.province_of(acts[0].second->space2)};
        why = "after the double wall it goes on a province the double wall does not touch";
      } else if (acts.size() == 1 && acts[0].first == Act::tower) {
        forbidden = {set.province_of(acts[0].second->space)};
        why = "after the tower it goes on a province other than the tower's";
      }
      bool ok = true;
      if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), target) == allowed.end())
        ok = false;
      if (std::find(forbidden.begin(), forbidden.end(), target) != forbidden.end()) ok = false;
      if (!ok)
        report(FindingKind::rule, CC_1102, s.target_loc, n, ctx.colour,
               fmt::format("the neutral wall on {} ({}) is misplaced: {}", set.space_name(s.space),
                           set.province_name(target), why),
               ctx.taint)
            .involves = places_of(s);
    }
  }

  void peek(TurnContext& ctx, const Step& s) {
    const BoardSet& set = *rec_.boards;
    if (std::find(ctx.peekable.begin(), ctx.peekable.end(), s.region) != ctx.peekable.end()) return;
    std::string why;
    if (ctx.peekable.empty()) {
      why = ctx.neutral ? "no peek follows a neutral wall"
                        : "a peek follows the player's own wall, double wall or tower";
    } else {
      std::string list;
      for (RegionId r : ctx.peekable)
        list += fmt::format("{}{}", list.empty() ? "" : " or ", set.region_name(r));
      why = fmt::format("the piece just placed lets its owner look at {} only", list);
    }
    report(FindingKind::rule, CC_408, s.target_loc, ctx.n, ctx.colour,
           fmt::format("peek at {}: {}", set.region_name(s.region), why))
        .involves = {set.region_name(s.region)};
  }

  void threat(TurnContext& ctx, const Step& s) {
    State& st = *result_.state;
    if (!st.region(s.region).in_play) {
      report(FindingKind::rule, CC_1202, s.loc, ctx.n, std::nullopt,
             fmt::format("{} is not in play; only a token in play can be revealed",
                         rec_.boards->region_name(s.region)));
      return;
    }
    violations(st.state_threat(s.region, s.value), s.target_loc, ctx.n, std::nullopt);
  }

  void score(TurnContext& ctx, const Step& s) {
    State& st = *result_.state;
    const BoardSet& set = *rec_.boards;
    const ScoreElem& elem = ctx.turn->scores[static_cast<std::size_t>(s.index)];
    ProvinceId p = elem.province;
    auto it = std::find(ctx.pending.begin(), ctx.pending.end(), p);
    if (it == ctx.pending.end()) {
      std::string pname = set.province_name(p);
      if (st.province(p).scored) {
        report(FindingKind::rule, CC_504, elem.loc, ctx.n, ctx.colour,
               fmt::format("{} was already scored; a province is scored once", pname),
               st.province(p).taint);
      } else {
        const Diagnostic& d = report(
            FindingKind::rule, CC_501, elem.loc, ctx.n, ctx.colour,
            st.province(p).in_play
                ? fmt::format("{} is not complete ({} empty space{}); only a complete province "
                              "is scored",
                              pname, st.province(p).empty, st.province(p).empty == 1 ? "" : "s")
                : fmt::format("{} is not in play", pname),
            ctx.taint);
        // The scoring the record makes here did not happen because of an earlier error: the
        // scores of the colours it would have paid read that error.
        if (d.follow_on && st.province(p).in_play)
          for (SpaceId space : st.spaces_of(p))
            if (st.piece(space).intact() && st.piece(space).colour != Colour::neutral)
              st.add_points(st.piece(space).colour, 0, d.follows_line);
      }
      return;
    }
    if (it != ctx.pending.begin()) {
      // Earlier completions may be scored without a <score> (nothing to choose); one that
      // has its <score> later in the turn is scored in the wrong order.
      std::optional<ProvinceId> later;
      const auto& steps = ctx.turn->steps;
      for (std::size_t i = ctx.step_index + 1; i < steps.size() && !later; ++i)
        if (steps[i].kind == StepKind::score &&
            std::find(ctx.pending.begin(), it, steps[i].province) != it)
          later = steps[i].province;
      if (later) {
        report(FindingKind::rule, CC_502, elem.loc, ctx.n, ctx.colour,
               fmt::format("{} is scored before {}; provinces completed together are scored "
                           "left to right",
                           set.province_name(p), set.province_name(*later)));
      } else {
        std::vector<ProvinceId> earlier(ctx.pending.begin(), it);
        for (ProvinceId e : earlier) {
          ctx.pending.erase(std::find(ctx.pending.begin(), ctx.pending.end(), e));
          score_now(ctx, e, nullptr);
        }
        it = std::find(ctx.pending.begin(), ctx.pending.end(), p);
      }
    }
    ctx.pending.erase(it);

    score_now(ctx, p, &elem);
  }

  void flush_pending(TurnContext& ctx) {
    while (!ctx.pending.empty()) {
      ProvinceId p = ctx.pending.front();
      ctx.pending.erase(ctx.pending.begin());
      score_now(ctx, p, nullptr);
    }
  }

  void score_now(TurnContext& ctx, ProvinceId p, const ScoreElem* elem) {
    State& st = *result_.state;
    const BoardSet& set = *rec_.boards;
    std::vector<Reveal> reveals;
    std::vector<Resolution> choices;
    std::vector<const ScoreItem*> reveal_items, choice_items, awards;
    bool resolved_seen = false;
    if (elem) {
      for (const ScoreItem& item : elem->items) {
        switch (item.kind) {
          case ScoreItem::Kind::reveal:
            if (resolved_seen)
              report(FindingKind::rule, CC_503, item.loc, ctx.n, item.colour,
                     "a <reveal> after a <resolve>: all cards are revealed before any is "
                     "resolved");
            reveals.push_back({item.colour, *item.card});
            reveal_items.push_back(&item);
            break;
          case ScoreItem::Kind::resolve: {
            resolved_seen = true;
            Resolution r;
            r.colour = item.colour;
            r.card = *item.card;
            r.effect = item.effect;
            r.space = item.space;
            r.with = item.with;
            r.region = item.region;
            r.cancels = item.cancels;
            r.of = item.of;
            r.line = item.loc.line;
            choices.push_back(r);
            choice_items.push_back(&item);
            break;
          }
          case ScoreItem::Kind::award:
            awards.push_back(&item);
            break;
        }
      }
    }
    SourceLoc where = elem               ? elem->loc
                      : ctx.acts.empty() ? ctx.turn->loc
                                         : ctx.acts.back().second->loc;
    Violations v;
    std::uint32_t line = where.line;
    ProvinceScore ps = st.score_province(p, reveals, choices, line, v);
    std::size_t reveal_count = reveals.size();
    (void)reveal_count;
    for (const auto& violation : v) {
      SourceLoc at = where;
      // Reveal problems point at their <reveal>, choice problems at their <resolve>.
      if (violation.ref >= 0) {
        bool about_reveal = violation.rule == CC_1201;
        const auto& items = about_reveal ? reveal_items : choice_items;
        if (static_cast<std::size_t>(violation.ref) < items.size()) {
          const ScoreItem* item = items[static_cast<std::size_t>(violation.ref)];
          at = item->target_loc.known() ? item->target_loc : item->loc;
        }
      }
      std::string message = violation.message;
      if (!elem && violation.rule != CC_1201)
        message +=
            fmt::format(" (no <score province=\"{}\"> gives the choices)", set.province_name(p));
      report(FindingKind::rule, violation.rule, at, ctx.n, ctx.colour, message, violation.follows);
      note_error(ctx, at);
    }
    ScoringStep step;
    step.kind = ScoringStep::Kind::province;
    step.turn = ctx.n;
    step.loc = where;
    for (Colour c : ps.scorers)
      step.points[ci(c)] = ps.value;
    // Award claims: exactly the colours that score, with the value.
    std::array<int, kAllColours> seen{};
    for (const ScoreItem* a : awards) {
      step.claimed.emplace_back(a->colour, a->points);
      int c = ci(a->colour);
      if (++seen[c] > 1) {
        dispute(a->loc, ctx.n, a->colour,
                fmt::format("a second <award> for {} in the scoring of {}", name(a->colour),
                            set.province_name(p)),
                ps.taint);
        continue;
      }
      if (seat_of_[c] < 0) {
        dispute(a->loc, ctx.n, a->colour,
                fmt::format("claimed {} points for {}, which is not playing", a->points,
                            name(a->colour)),
                ps.taint);
        continue;
      }
      if (a->points != step.points[c]) {
        std::string because = explain_province(ps);
        dispute(a->loc, ctx.n, a->colour,
                step.points[c] == 0
                    ? fmt::format("claimed {} points for {} in {}, recomputed 0: {} does not "
                                  "score there; {}",
                                  a->points, name(a->colour), set.province_name(p), name(a->colour),
                                  because)
                    : fmt::format("claimed {} points for {} in {}, recomputed {}: {}", a->points,
                                  name(a->colour), set.province_name(p), step.points[c], because),
                ps.taint);
      }
    }
    if (!awards.empty()) {
      for (Colour c : ps.scorers) {
        if (!seen[ci(c)])
          dispute(elem->loc, ctx.n, c,
                  fmt::format("no <award> for {}, who scores {} in {}: {}", name(c), ps.value,
                              set.province_name(p), explain_province(ps)),
                  ps.taint);
      }
    }
    step.province = std::move(ps);
    push_step(std::move(step));

    // The emperor card, and perhaps an expansion.
    if (st.place_emperor_card()) {
      if (opts_.expansion_timing == ExpansionTiming::immediate) ctx.expand_awaited = true;
    }
  }

  void expand_step(TurnContext& ctx, const Step& s, bool last) {
    State& st = *result_.state;
    flush_pending(ctx);
    bool immediate = opts_.expansion_timing == ExpansionTiming::immediate;
    const ExpandElem& e = ctx.turn->expands[static_cast<std::size_t>(s.index)];
    bool pending = st.expansions_pending() > 0;
    if (pending && !immediate && !last) {
      report(FindingKind::rule, CC_603, e.loc, ctx.n, ctx.colour,
             "with expansion-timing=end-of-turn the new side is joined after the action, as "
             "the turn's last element; it is usable from the next turn");
      note_error(ctx, e.loc);
      if (!ctx.deferred_expand) {
        ctx.deferred_expand = &s;
        return;
      }
    } else if (pending && immediate &&
               (ctx.expand_late || (!ctx.expand_awaited && !expansion_reported_))) {
      report(FindingKind::rule, CC_603, e.loc, ctx.n, ctx.colour,
             "with expansion-timing=immediate the new side is joined right after the scoring "
             "that placed the third emperor card, before the rest of the action");
      note_error(ctx, e.loc);
    } else if (pending && expansion_reported_) {
      report(FindingKind::rule, CC_603, e.loc, ctx.n, ctx.colour,
             fmt::format("this expansion was due earlier (turn reported on line {})",
                         st.layout_taint()),
             st.layout_taint());
    }
    apply_expand(ctx, s, true);
  }

  void apply_expand(TurnContext& ctx, const Step& s, bool) {
    State& st = *result_.state;
    const ExpandElem& e = ctx.turn->expands[static_cast<std::size_t>(s.index)];
    bool was_pending = st.expansions_pending() > 0;
    auto v = st.expand(e.side, e.right, 0);
    violations(v, e.loc, ctx.n, ctx.colour);
    if (!v.empty()) note_error(ctx, e.loc);
    if (st.side_in_play(e.side)) {
      int side = e.side;
      tokens(e.reputations, e.threats, e.loc, ctx.n, CC_601, &side);
    }
    ctx.expand_awaited = false;
    ctx.expand_late = false;
    if (was_pending && st.expansions_pending() == 0) {
      expansion_reported_ = false;
    }
  }

  // ---- scoring records ---------------------------------------------------------------------

  std::string explain_province(const ProvinceScore& ps) const {
    std::string value =
        fmt::format("value {} = {} piece{}", ps.value, ps.intact, ps.intact == 1 ? "" : "s");
    value += fmt::format(" {} token {}", ps.token < 0 ? "-" : "+", std::abs(ps.token));
    for (const auto& m : ps.modifier_list)
      value += fmt::format(" {}", describe(m));
    std::string strengths;
    for (int c = 0; c < kPlayerColours; ++c) {
      int s = ps.pieces[c] + ps.extra[c];
      if (s == 0) continue;
      strengths +=
          fmt::format("{}{} {}", strengths.empty() ? "" : ", ", name(static_cast<Colour>(c)), s);
      if (ps.extra[c]) strengths += fmt::format(" ({}+{} extra)", ps.pieces[c], ps.extra[c]);
    }
    if (ps.pieces[ci(Colour::neutral)])
      strengths += fmt::format("{}neutral {}", strengths.empty() ? "" : ", ",
                               ps.pieces[ci(Colour::neutral)]);
    std::string who = ps.neutral_blocks    ? "the neutral walls hold the majority: nobody scores"
                      : ps.scorers.empty() ? "nobody has a piece there"
                                           : fmt::format("{} score{}", colour_list(ps.scorers),
                                                         ps.scorers.size() == 1 ? "s" : "");
    return fmt::format("{}; strength {}; {}", value, strengths.empty() ? "none" : strengths, who);
  }

  void push_step(ScoringStep step) {
    const State& st = *result_.state;
    for (int c = 0; c < kAllColours; ++c)
      step.totals[c] = st.colour(static_cast<Colour>(c)).score;
    result_.steps.push_back(std::move(step));
  }

  void snapshot(int n, SourceLoc loc, Colour c, bool pass) {
    if (!settings_.keep_snapshots) return;
    result_.snapshots.push_back({n, loc, c, pass, std::make_shared<const State>(*result_.state)});
  }

  // ---- the end --------------------------------------------------------------------------------

  void finish() {
    if (!result_.state) return;
    State& st = *result_.state;
    const BoardSet& set = *rec_.boards;
    // End reveals come first: they give the values the attack needs.
    for (const auto& t : rec_.end.threats) {
      if (!st.region(t.place).in_play) {
        report(FindingKind::rule, CC_1202, t.loc, 0, std::nullopt,
               fmt::format("{} is not in play; only a token in play can be revealed",
                           set.region_name(t.place)));
        continue;
      }
      violations(st.state_threat(t.place, *t.value), t.value_loc, 0, std::nullopt);
    }
    if (result_.finished) {
      std::vector<std::pair<RegionId, std::uint32_t>> unknown_at;
      for (int side : st.sides_in_play()) {
        for (int k = 0; k < 3; ++k) {
          RegionId r = side * 3 + k;
          if (st.region(r).removed || st.region(r).value) continue;
          result_.unknown_threats.push_back(r);
          SourceLoc at = static_cast<std::size_t>(r) < threat_loc_.size() &&
                                 threat_loc_[static_cast<std::size_t>(r)].known()
                             ? threat_loc_[static_cast<std::size_t>(r)]
                         : rec_.end.present ? rec_.end.loc
                                            : rec_.play_loc;
          report(FindingKind::rule, CC_1202, at, 0, std::nullopt,
                 fmt::format("the threat token of {} is still in play at the end but its value "
                             "is never stated; the final scores cannot be known (they are shown "
                             "without its loss)",
                             set.region_name(r)));
          unknown_at.emplace_back(r, at.line);
        }
      }
      for (auto& loss : st.mongol_attack()) {
        // A loss of unknown size leaves the losers' scores as the unstated token made them.
        for (const auto& [region, line] : unknown_at)
          if (region == loss.region && !loss.value_known)
            for (Colour c : loss.losers)
              st.add_points(c, 0, line);
        ScoringStep step;
        step.kind = ScoringStep::Kind::mongol;
        step.loc = rec_.end.present ? rec_.end.loc : SourceLoc{};
        if (loss.value_known)
          for (Colour c : loss.losers)
            step.points[ci(c)] = loss.token;
        step.loss = std::move(loss);
        push_step(std::move(step));
      }
      for (auto& ev : st.score_events()) {
        if (ev.card == EventCard::observation) continue;
        ScoringStep step;
        step.kind = ScoringStep::Kind::event;
        step.loc = rec_.end.present ? rec_.end.loc : SourceLoc{};
        step.points = ev.points;
        step.event = std::move(ev);
        push_step(std::move(step));
      }
    } else if (!rec_.turns.empty() || rec_.end.present) {
      report(FindingKind::info, CC_701, rec_.end.present ? rec_.end.loc : rec_.play_loc, 0,
             std::nullopt,
             fmt::format("the record ends before the game does ({} empty space{} left); "
                         "claims are compared with the scores reached",
                         st.empty_spaces(), st.empty_spaces() == 1 ? "" : "s"));
    }
    end_claims();
    decide_winners();
  }

  // The error that first changed what a claim of `c` reads: `c`'s score, or the end of the
  // game itself when pieces the rules kept off the wall would have completed it; 0 when none.
  std::uint32_t score_taint(Colour c) const {
    const State& st = *result_.state;
    std::uint32_t t = st.colour(c).score_taint;
    if (!result_.finished && st.fill_taint() && st.rejected_pieces() >= st.empty_spaces())
      t = t ? std::min(t, st.fill_taint()) : st.fill_taint();
    return t;
  }

  void end_claims() {
    const State& st = *result_.state;
    const BoardSet& set = *rec_.boards;
    // Losses.
    std::map<std::pair<RegionId, int>, int> actual;
    for (const auto& step : result_.steps) {
      if (step.kind != ScoringStep::Kind::mongol || !step.loss->value_known) continue;
      for (Colour c : step.loss->losers)
        actual[{step.loss->region, ci(c)}] = step.loss->token;
    }
    std::set<std::pair<RegionId, int>> claimed;
    for (const auto& l : rec_.end.losses) {
      std::pair<RegionId, int> key{l.region, ci(l.colour)};
      if (!claimed.insert(key).second) {
        dispute(
            l.loc, 0, l.colour,
            fmt::format("a second <loss> for {} in {}", name(l.colour), set.region_name(l.region)),
            0);
        continue;
      }
      int recomputed = actual.count(key) ? actual[key] : 0;
      if (l.points != recomputed)
        dispute(
            l.loc, 0, l.colour,
            fmt::format("claimed loss {} for {} in {}, recomputed {}: {}", l.points, name(l.colour),
                        set.region_name(l.region), recomputed, explain_loss(l.region)),
            score_taint(l.colour));
    }
    if (!rec_.end.losses.empty()) {
      for (const auto& [key, points] : actual) {
        if (!claimed.count(key))
          dispute(rec_.end.loc, 0, static_cast<Colour>(key.second),
                  fmt::format("no <loss> for {} in {}, who loses {}: {}",
                              name(static_cast<Colour>(key.second)), set.region_name(key.first),
                              points, explain_loss(key.first)),
                  score_taint(static_cast<Colour>(key.second)));
      }
    }
    // Events.
    std::set<std::pair<int, int>> event_claims;
    for (const auto& e : rec_.end.events) {
      if (!event_claims.insert({static_cast<int>(e.card), ci(e.colour)}).second) {
        dispute(e.loc, 0, e.colour,
                fmt::format("a second <event> claim for {} and {}", name(e.card), name(e.colour)),
                0);
        continue;
      }
      int recomputed = 0;
      std::string basis = fmt::format("{} is not in play", name(e.card));
      for (const auto& step : result_.steps) {
        if (step.kind == ScoringStep::Kind::event && step.event->card == e.card) {
          recomputed = step.event->points[ci(e.colour)];
          basis = step.event->basis;
        }
      }
      if (!st.colour(e.colour).playing) basis = fmt::format("{} is not playing", name(e.colour));
      if (!result_.finished && st.has_event(e.card)) basis = "the game has not ended";
      if (e.points != recomputed)
        dispute(e.loc, 0, e.colour,
                fmt::format("claimed {} points for {} from {}, recomputed {} ({})", e.points,
                            name(e.colour), name(e.card), recomputed, basis),
                score_taint(e.colour));
    }
    // Finals.
    std::array<bool, kAllColours> final_seen{};
    for (const auto& f : rec_.end.finals) {
      int c = ci(f.colour);
      if (final_seen[c]) {
        dispute(f.loc, 0, f.colour, fmt::format("a second <final> for {}", name(f.colour)), 0);
        continue;
      }
      final_seen[c] = true;
      if (!st.colour(f.colour).playing) {
        dispute(f.loc, 0, f.colour,
                fmt::format("claimed final score {} for {}, which is not playing", f.points,
                            name(f.colour)),
                0);
        continue;
      }
      int recomputed = st.colour(f.colour).score;
      if (f.points != recomputed)
        dispute(f.loc, 0, f.colour,
                fmt::format("claimed final score {} for {}, recomputed {}{}: {}", f.points,
                            name(f.colour), recomputed,
                            result_.finished ? "" : " (the game has not ended)",
                            explain_total(f.colour)),
                score_taint(f.colour));
    }
    if (!rec_.end.finals.empty()) {
      for (Colour c : result_.seat_colours) {
        if (!final_seen[ci(c)])
          dispute(rec_.end.loc, 0, c,
                  fmt::format("no <final> for {} (recomputed {}); where any final score is "
                              "claimed, every colour needs one",
                              name(c), st.colour(c).score),
                  score_taint(c));
      }
    }
  }

  std::string explain_loss(RegionId r) const {
    for (const auto& step : result_.steps) {
      if (step.kind != ScoringStep::Kind::mongol || step.loss->region != r) continue;
      const RegionLoss& l = *step.loss;
      std::string counts;
      for (int c = 0; c < kAllColours; ++c)
        if (l.count[c])
          counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", name(static_cast<Colour>(c)),
                                l.count[c]);
      std::string out =
          fmt::format("token {}, pieces {}", l.token, counts.empty() ? "none" : counts);
      if (l.neutral_blocks) out += "; the neutral walls hold the majority: nobody loses";
      if (!l.protected_by_tower.empty())
        out += fmt::format("; {} protected by a tower", colour_list(l.protected_by_tower));
      out += fmt::format("; {} lose{}", colour_list(l.losers), l.losers.size() == 1 ? "s" : "");
      return out;
    }
    const State& st = *result_.state;
    if (st.region(r).removed) return "its threat token was removed by a traitor";
    if (!result_.finished) return "the game has not ended, so the Mongols have not attacked";
    return "the region is not in play";
  }

  std::string explain_total(Colour c) const {
    int provinces = 0, bonus = 0, mongols = 0, events = 0;
    for (const auto& step : result_.steps) {
      int p = step.points[ci(c)];
      switch (step.kind) {
        case ScoringStep::Kind::bonus:
          bonus += p;
          break;
        case ScoringStep::Kind::province:
          provinces += p;
          break;
        case ScoringStep::Kind::mongol:
          mongols += p;
          break;
        case ScoringStep::Kind::event:
          events += p;
          break;
      }
    }
    std::string out = fmt::format("provinces {}, double-wall bonus {}", provinces, bonus);
    if (result_.finished) out += fmt::format(", Mongols {}", mongols);
    if (!rec_.events.empty() && result_.finished) out += fmt::format(", events {}", events);
    return out;
  }

  void decide_winners() {
    const State& st = *result_.state;
    bool teams = rec_.variant == Variant::teams;
    if (teams) {
      for (const auto& p : rec_.players) {
        Team team;
        team.player = p.name;
        team.colours = p.colours;
        for (Colour c : p.colours)
          team.points += st.colour(c).score;
        result_.teams.push_back(std::move(team));
      }
    }
    if (!result_.finished) return;
    if (teams && result_.teams.size() == 2) {
      const Team& a = result_.teams[0];
      const Team& b = result_.teams[1];
      auto best = [&](const Team& t) {
        int m = std::numeric_limits<int>::min();
        for (Colour c : t.colours)
          m = std::max(m, st.colour(c).score);
        return m;
      };
      auto label = [&](std::size_t i) {
        const Team& t = result_.teams[i];
        return t.player.empty() ? fmt::format("seat {} ({})", i + 1, colour_list(t.colours))
                                : fmt::format("{} ({})", t.player, colour_list(t.colours));
      };
      int winner = -1;
      std::string why;
      if (a.points != b.points) {
        winner = a.points > b.points ? 0 : 1;
        why = fmt::format("{} to {} points", std::max(a.points, b.points),
                          std::min(a.points, b.points));
      } else if (best(a) != best(b)) {
        winner = best(a) > best(b) ? 0 : 1;
        why = fmt::format("tied at {} points, broken by the best single colour ({} to {})",
                          a.points, std::max(best(a), best(b)), std::min(best(a), best(b)));
      }
      if (winner >= 0) {
        result_.winners = result_.teams[static_cast<std::size_t>(winner)].colours;
        result_.result_sentence =
            fmt::format("{} wins, {}", label(static_cast<std::size_t>(winner)), why);
      } else {
        for (const auto& t : result_.teams)
          result_.winners.insert(result_.winners.end(), t.colours.begin(), t.colours.end());
        result_.result_sentence = fmt::format(
            "the game is drawn: both teams have {} points and the same best colour ({})", a.points,
            best(a));
      }
      return;
    }
    int top = std::numeric_limits<int>::min();
    for (Colour c : result_.seat_colours)
      top = std::max(top, st.colour(c).score);
    for (Colour c : result_.seat_colours)
      if (st.colour(c).score == top) result_.winners.push_back(c);
    result_.result_sentence = fmt::format("{} win{} with {} points", colour_list(result_.winners),
                                          result_.winners.size() == 1 ? "s" : "", top);
  }

  const Record& rec_;
  const CheckerSettings& settings_;
  Diagnostics& out_;
  Outcome result_;
  Options opts_;
  std::array<int, kAllColours> seat_of_{};
  int seats_ = 0;
  int expected_seat_ = 0;
  int consecutive_passes_ = 0;
  bool over_ = false;
  bool expansion_reported_ = false;
  std::uint32_t order_taint_ = 0;
  std::uint32_t divergence_line_ = 0;  // the first error that changed the board replayed

  std::vector<SourceLoc> threat_loc_;
  TurnContext turn_context_;  // reused from turn to turn  // by region: its set-up <threat>
};

}  // namespace

Outcome replay_record(const Record& rec, const CheckerSettings& settings, Diagnostics& out) {
  return Checker(rec, settings, out).run();
}

}  // namespace wallaudit::cc
