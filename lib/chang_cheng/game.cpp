// Chang Cheng as a game module of the tool.
#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "chang_cheng/engine.hpp"
#include "chang_cheng/history.hpp"
#include "chang_cheng/reader.hpp"
#include "chang_cheng/writer.hpp"
#include "core/check.hpp"
#include "core/registry.hpp"

namespace wallaudit {
namespace embedded {
extern const std::string_view chang_cheng_rules;
extern const std::string_view chang_cheng_rules_evidence;
}  // namespace embedded
namespace cc {
namespace {

// "P1 W1-W4 · P2 W5-W8 …": the runs of spaces of each province (or region) on a side.
std::string runs(const SideDef& side, bool regions) {
  std::string out;
  std::size_t i = 0;
  while (i < side.spaces.size()) {
    auto key = regions ? side.spaces[i].region : side.spaces[i].province;
    std::size_t j = i;
    while (j + 1 < side.spaces.size() &&
           (regions ? side.spaces[j + 1].region : side.spaces[j + 1].province) == key)
      ++j;
    out += fmt::format("{}{}{} W{}", out.empty() ? "" : ", ", regions ? 'M' : 'P', key + 1, i + 1);
    if (j > i) out += fmt::format("-W{}", j + 1);
    i = j + 1;
  }
  return out;
}

// What `wallaudit stats` counts about a replayed game.
void add_facts(const Record& rec, const Outcome& outcome, std::vector<Fact>& facts) {
  auto count = [&](std::string n, double a = 1) {
    facts.push_back({Fact::Kind::count, std::move(n), a});
  };
  auto value = [&](std::string n, double v) {
    facts.push_back({Fact::Kind::value, std::move(n), v});
  };
  count(fmt::format("variant: {}", name(rec.variant)));
  for (const auto& [e, loc] : rec.events)
    count(fmt::format("event card in play: {}", name(e)));
  if (outcome.finished)
    count(outcome.reason == EndReason::passes ? "ended by a round of passes"
                                              : "ended with the wall complete");
  for (const auto& step : outcome.steps) {
    switch (step.kind) {
      case ScoringStep::Kind::bonus: {
        int points = 0;
        for (int p : step.points)
          points += p;
        value("double-wall bonus", points);
        break;
      }
      case ScoringStep::Kind::province: {
        const ProvinceScore& ps = *step.province;
        value("province value", ps.value);
        if (ps.scorers.size() > 1) count("province scored by a tie");
        if (ps.neutral_blocks) count("province blocked by neutral walls");
        for (const auto& fate : ps.cards) {
          if (!fate.card) continue;
          count(fmt::format("card played: {}", name(*fate.card)));
          if (fate.kind == CardFate::Kind::cancelled)
            count(fmt::format("card cancelled by a pair: {}", name(*fate.card)));
          if (fate.kind == CardFate::Kind::removed)
            count(fmt::format("card removed by a warrior: {}", name(*fate.card)));
          if (fate.kind == CardFate::Kind::resolved && fate.effect != Effect::none)
            count(fmt::format("effect chosen: {} {}", name(*fate.card), name(fate.effect)));
          if (fate.kind == CardFate::Kind::resolved && *fate.card == CardKind::mandarin)
            count(fate.what == CardFate::What::swaps ? "effect chosen: mandarin swap"
                                                     : "effect chosen: mandarin no swap");
        }
        break;
      }
      case ScoringStep::Kind::mongol: {
        const RegionLoss& l = *step.loss;
        if (!l.value_known) break;
        if (!l.protected_by_tower.empty())
          count("tower protected against the Mongols",
                static_cast<double>(l.protected_by_tower.size()));
        for (Colour c : l.losers) {
          (void)c;
          value("Mongol loss", l.token);
        }
        break;
      }
      case ScoringStep::Kind::event: {
        for (Colour c : outcome.seat_colours)
          value(fmt::format("event points: {}", name(step.event->card)),
                step.event->points[static_cast<int>(c)]);
        break;
      }
    }
  }
}

class ChangCheng final : public EngineGame {
 public:
  ChangCheng() : options_(rules_options(option_specs())) {}

  std::string_view id() const override { return "chang-cheng"; }
  std::string_view title() const override { return "Chang Cheng"; }
  std::vector<std::string_view> definition_roots() const override { return {"board-set"}; }
  const std::vector<RulesOption>& options() const override { return options_; }
  const RuleCatalogue& rules() const override {
    static const RuleCatalogue catalogue =
        load_catalogue(std::string(id()), std::string(title()), "CC", embedded::chang_cheng_rules,
                       "lib/chang_cheng/data/rules.txt", embedded::chang_cheng_rules_evidence,
                       "lib/chang_cheng/data/rules-evidence.txt");
    return catalogue;
  }

  GameResult check(const XmlDocument& doc, const CheckContext& ctx) const override {
    GameResult result = EngineGame::check(doc, ctx);
    if (result.extra.empty()) result.extra.emplace_back("teams", nullptr);  // set for team games
    return result;
  }

  std::optional<ReadRecord> read(const XmlDocument& doc, const CheckContext& ctx,
                                 Diagnostics& format) const override {
    std::shared_ptr<const void> own;
    const auto* catalogue = prepared_data<BoardCatalogue>(*this, ctx, own);
    auto rec = read_record(doc, *catalogue, ctx.load_relative, format, ctx.max_turns);
    if (!rec) return std::nullopt;
    auto record = std::make_shared<const Record>(std::move(*rec));
    ReadRecord out;
    auto start = std::make_unique<Engine>(record, ctx.option_overrides);
    start->keep_snapshots(ctx.keep_history);
    out.start = std::move(start);
    out.actions = record_actions(*record);
    out.end_loc = record->end.present ? record->end.loc : record->play_loc;
    out.typed = record;
    return out;
  }

  void finish(const ReadRecord& read, Replay&& replay, const CheckContext& ctx,
              GameResult& result) const override {
    auto record = std::static_pointer_cast<const Record>(read.typed);
    const Record& rec = *record;
    result.extra.emplace_back("teams", nullptr);  // set for team games
    Outcome outcome = static_cast<Engine&>(*replay.state).conclude(read.actions);
    result.finished = outcome.finished;
    result.scores_known = outcome.state.has_value();
    if (outcome.state) {
      for (Colour c : outcome.seat_colours) {
        result.scores.emplace_back(std::string(name(c)), outcome.state->colour(c).score);
        for (std::size_t seat = 0; seat < rec.players.size(); ++seat) {
          const auto& colours = rec.players[seat].colours;
          if (std::find(colours.begin(), colours.end(), c) != colours.end()) {
            result.seats.push_back(static_cast<int>(seat));
            break;
          }
        }
      }
    }
    for (Colour c : outcome.winners)
      result.winners.emplace_back(name(c));
    if (outcome.finished)
      result.ended_by = outcome.reason == EndReason::passes ? "passes" : "wall-complete";
    if (!outcome.teams.empty()) {
      JsonValue::Object teams;
      for (std::size_t i = 0; i < outcome.teams.size(); ++i) {
        const Team& t = outcome.teams[i];
        JsonValue::Array colours;
        for (Colour c : t.colours)
          colours.emplace_back(name(c));
        JsonValue::Object team;
        team.emplace_back("colours", std::move(colours));
        team.emplace_back("points", t.points);
        teams.emplace_back(t.player.empty() ? fmt::format("seat {}", i + 1) : t.player,
                           std::move(team));
      }
      result.extra.front().second = JsonValue(std::move(teams));
    }
    if (!outcome.result_sentence.empty()) result.remarks.push_back(outcome.result_sentence);
    if (ctx.want_facts) add_facts(rec, outcome, result.facts);
    if (ctx.want_key) result.key = record_key(rec);
    if (ctx.keep_history && outcome.state && !outcome.snapshots.empty())
      result.history = std::make_shared<History>(record, std::move(outcome), result.diagnostics);
  }

  std::string write(const wallaudit::State& start,
                    const std::vector<ActionPtr>& actions) const override {
    std::vector<const Action*> list;
    for (const ActionPtr& a : actions)
      list.push_back(a.get());
    return write_record(static_cast<const Engine&>(start).head(), list);
  }

  // A game on the built-in board set with 2 to 4 players (by the seed; two players play a
  // variant in one game of two), rules options and event cards drawn from the seed; chance
  // deals the seats, two starting sides of different boards and their tokens (values in the
  // published ranges or from the set's token mix; some threat tokens face down, stated at the end),
  // listed one at a time as the first legal actions.
  std::unique_ptr<wallaudit::State> new_game(std::uint64_t seed,
                                             const CheckContext& ctx) const override {
    std::mt19937_64 rng(seed);
    auto head = std::make_shared<Record>();
    head->boards = standard_board_set();
    const BoardSet& set = *head->boards;
    const int players = 2 + static_cast<int>(seed % 3);
    std::vector<Colour> colours = {Colour::red, Colour::green, Colour::blue, Colour::purple};
    std::shuffle(colours.begin(), colours.end(), rng);
    auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    // Two players play the team variant (two colours each) in one game of four, the neutral
    // walls in another.
    std::vector<std::vector<Colour>> seated;
    const int variant = players == 2 ? pick(4) : 2;
    if (variant == 0) {
      head->variant = Variant::teams;
      seated = {{colours[0], colours[1]}, {colours[2], colours[3]}};
    } else {
      if (variant == 1) head->variant = Variant::neutral_walls;
      for (int i = 0; i < players; ++i)
        seated.push_back({colours[static_cast<std::size_t>(i)]});
    }
    for (const auto& seat : seated)
      head->players.push_back({seat, "", SourceLoc{}});
    // The rules: each option left at its default or set to a value drawn; up to two events.
    for (const OptionSpec& spec : option_specs()) {
      const int v = pick(2 * static_cast<int>(spec.values.size()));
      if (v > 0 && v < static_cast<int>(spec.values.size()))
        head->options.push_back(
            {std::string(spec.name), std::string(spec.values[static_cast<std::size_t>(v)]), {}});
    }
    std::vector<EventCard> events = {EventCard::diplomacy, EventCard::dominance,
                                     EventCard::imperial_reward, EventCard::observation};
    std::shuffle(events.begin(), events.end(), rng);
    for (int e = 0, n = pick(3); e < n; ++e)
      head->events.emplace_back(events[static_cast<std::size_t>(e)], SourceLoc{});
    auto chance = [&](MoveKind kind, int a) {
      Move m;
      m.type = kind;
      m.a = a;
      m.boards = head->boards;
      return m;
    };
    std::vector<Move> deal;
    Move seats = chance(MoveKind::seats, kNone);
    seats.seats = seated;
    deal.push_back(std::move(seats));
    const int first = pick(set.side_count());
    std::vector<int> others;
    for (int s = 0; s < set.side_count(); ++s)
      if (set.sides[static_cast<std::size_t>(s)].board !=
          set.sides[static_cast<std::size_t>(first)].board)
        others.push_back(s);
    const int sides[] = {first,
                         others[static_cast<std::size_t>(pick(static_cast<int>(others.size())))]};
    for (int s : sides)
      deal.push_back(chance(MoveKind::side, s));
    // Token values: drawn from the mix where the set declares one, else in the published range.
    std::vector<int> reputation_pool, threat_pool;
    if (set.mix) {
      reputation_pool = set.mix->reputation;
      threat_pool = set.mix->threat;
      std::shuffle(reputation_pool.begin(), reputation_pool.end(), rng);
      std::shuffle(threat_pool.begin(), threat_pool.end(), rng);
    }
    auto draw = [&](std::vector<int>& pool, int lo, int hi) {
      if (pool.empty()) return lo + pick(hi - lo + 1);
      const int v = pool.back();
      pool.pop_back();
      return v;
    };
    for (int s : sides)
      for (int k = 0; k < 3; ++k) {
        Move m = chance(MoveKind::reputation, s * 3 + k);
        m.value = draw(reputation_pool, 0, 4);
        deal.push_back(std::move(m));
      }
    for (int s : sides)
      for (int k = 0; k < 3; ++k) {
        Move m = chance(MoveKind::threat, s * 3 + k);
        const int v = draw(threat_pool, -4, -2);
        if (pick(4) != 0) m.value = v;  // else face down, stated at the end
        deal.push_back(std::move(m));
      }
    auto engine = std::make_unique<Engine>(std::move(head), ctx.option_overrides);
    engine->deal(std::move(deal));
    return engine;
  }

  std::shared_ptr<const void> prepare(const CheckContext& ctx,
                                      Diagnostics& problems) const override {
    return std::make_shared<const BoardCatalogue>(make_catalogue(ctx.definitions, problems));
  }

  std::vector<Table> describe_boards(const CheckContext& ctx,
                                     Diagnostics& problems) const override {
    BoardCatalogue catalogue = make_catalogue(ctx.definitions, problems);
    std::vector<Table> tables;
    for (const auto& set : catalogue.sets) {
      Table t;
      t.title = fmt::format("Chang Cheng board set \"{}\" ({}){}", set->name, set->origin,
                            set == catalogue.default_set ? ", the default" : "");
      t.header = {"side", "board", "spaces", "provinces", "regions", "edges"};
      for (const auto& side : set->sides) {
        std::string edges =
            side.left_edge.empty() && side.right_edge.empty()
                ? "-"
                : fmt::format("{}|{}", side.left_edge.empty() ? "*" : side.left_edge,
                              side.right_edge.empty() ? "*" : side.right_edge);
        t.rows.push_back({side.id, side.board, std::to_string(side.spaces.size()),
                          runs(side, false), runs(side, true), edges});
      }
      if (set->mix) {
        std::string rep, thr;
        for (int v : set->mix->reputation)
          rep += fmt::format("{}{}", rep.empty() ? "" : " ", v);
        for (int v : set->mix->threat)
          thr += fmt::format("{}{}", thr.empty() ? "" : " ", v);
        t.notes.push_back(fmt::format("token mix: reputation {}; threat {}", rep, thr));
      } else {
        t.notes.push_back("no token mix declared (reputation 0..4, threat -4..-2)");
      }
      if (set->origin == "built in")
        t.notes.push_back(
            "modelled on the published facts; the printed layouts are not "
            "published. Give a club's real boards with --boards FILE.");
      tables.push_back(std::move(t));
    }
    return tables;
  }

 private:
  std::vector<RulesOption> options_;
};

}  // namespace
}  // namespace cc

void register_game_chang_cheng(Registry& registry) {
  registry.add(std::make_unique<cc::ChangCheng>());
}

}  // namespace wallaudit
