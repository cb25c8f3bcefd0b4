// Dschingis Bohn as a game module of the tool.
#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "core/check.hpp"
#include "core/registry.hpp"
#include "dschingis_bohn/actions.hpp"
#include "dschingis_bohn/engine.hpp"
#include "dschingis_bohn/history.hpp"
#include "dschingis_bohn/reader.hpp"

namespace wallaudit {
namespace embedded {
extern const std::string_view dschingis_bohn_rules;
extern const std::string_view dschingis_bohn_rules_evidence;
}  // namespace embedded
namespace db {
namespace {

// What `wallaudit stats` counts about a replayed game.
void add_facts(const Record& rec, const Outcome& o, std::vector<Fact>& facts) {
  auto count = [&](std::string n, double a = 1) {
    facts.push_back({Fact::Kind::count, std::move(n), a});
  };
  auto value = [&](std::string n, double v) {
    facts.push_back({Fact::Kind::value, std::move(n), v});
  };
  for (const auto& spec : option_specs())
    count(fmt::format("option {}={}", spec.name, option_value(o.options, spec.name)));
  count(fmt::format("map: {}{}", rec.map->name, rec.map->modelled ? " (modelled)" : ""));
  if (o.finished)
    count(o.reason == EndReason::last_territory ? "ended: a player lost his last territory"
                                                : "ended: the deck ran out for the third time");
  value("turns", o.counts.turns);
  count("harvests", o.counts.harvests);
  for (int c : o.counts.harvest_coins)
    value("thalers per harvest", c);
  count("trades", o.counts.trades);
  count("donations", o.counts.donations);
  count("carts bought", o.counts.carts);
  count("third fields bought", o.counts.fields);
  count("reshuffles", o.counts.reshuffles);
  count("diamond flips", o.counts.diamonds);
  for (const auto& b : o.battles) {
    const BattleResult& r = b.result;
    count("battles");
    count(r.captured ? "battles: captured" : "battles: repelled");
    if (!r.rounds.empty()) {
      const RoundResult& first = r.rounds.front();
      count(first.attack == AttackSource::cavalry ? "attack: cavalry"
            : first.attack == AttackSource::hand  ? "attack: hand"
                                                  : "attack: deck");
      count(first.defence_from_hand ? "defence: hand" : "defence: deck");
      value("attack strength", first.attack_strength);
    }
    if (r.rounds.size() > 1) count("cavalry second rounds");
    if (r.defender < 0) count("battles against neutral territories");
    if (r.captured && r.card)
      count(fmt::format("territory taken: {}", r.razed_before ? "razed city" : name(*r.card)));
    if (r.cavalry_taken) count("cavalry changed hands");
    if (r.razed) count("cities razed");
  }
}

// The start state and actions of a record: reading only, the engine decides the rules.
ReadRecord record_of(const std::shared_ptr<const Record>& record) {
  ReadRecord out;
  Engine::RecordShape shape;
  shape.end_present = record->end.present;
  shape.turns = static_cast<int>(record->turns.size());
  out.start = std::make_unique<Engine>(record->map, record->effective, shape);
  out.actions = record_actions(*record);
  out.end_loc = record->end.present ? record->end.loc : record->play_loc;
  out.typed = record;
  return out;
}

// What the replay found, with the record's positions and the state after each turn.
Outcome outcome_of(const Record& rec, const ReadRecord& actions, const Replay& replay) {
  const auto& engine = dynamic_cast<const Engine&>(*replay.state);
  Outcome o = engine.outcome();
  auto loc_of = [&](StepNo step) {
    return step > 0 && step <= actions.actions.size() ? actions.actions[step - 1].loc : SourceLoc{};
  };
  for (auto& b : o.battles)
    b.loc = loc_of(b.step);
  for (auto& h : o.harvests)
    h.loc = loc_of(h.step);
  for (auto& c : o.vp_claims)
    c.loc = loc_of(c.step);
  if (o.state) {
    const State& st = *o.state;
    o.finished = st.over();
    if (o.finished) {
      o.reason = st.end_reason();
      int top = std::numeric_limits<int>::min();
      for (int s = 0; s < st.players(); ++s)
        top = std::max(top, st.vp(s));
      std::string names;
      for (int s = 0; s < st.players(); ++s) {
        if (st.vp(s) != top) continue;
        o.winners.push_back(s);
        names += fmt::format("{}{}", names.empty() ? "" : " and ", name(st.player(s).colour));
      }
      std::string why =
          o.reason == EndReason::last_territory
              ? fmt::format("a player lost his last territory in turn {}", o.end_turn)
              : fmt::format("the deck ran out for the third time in turn {}", o.end_turn);
      o.result_sentence = o.winners.size() == 1
                              ? fmt::format("{} wins with {} VP ({})", names, top, why)
                              : fmt::format("{} share the win with {} VP ({})", names, top, why);
    }
    // The state after the set-up and after each turn replayed.
    for (const Snapshot& snap : replay.snapshots) {
      if (snap.turn > o.last_turn || snap.turn < static_cast<int>(o.snapshots.size())) continue;
      const auto& at = dynamic_cast<const Engine&>(*snap.state).outcome();
      if (!at.state) continue;
      TurnSnapshot t;
      t.turn = snap.turn;
      if (snap.turn == 0) {
        t.loc = rec.setup_loc;
      } else {
        const Turn& turn = rec.turns[static_cast<std::size_t>(snap.turn) - 1];
        t.loc = turn.loc;
        t.colour = turn.colour;
      }
      t.state = std::make_shared<const State>(*at.state);
      o.snapshots.push_back(std::move(t));
    }
  }
  return o;
}

class DschingisBohn final : public Game {
 public:
  DschingisBohn() : options_(rules_options(option_specs())) {}

  std::string_view id() const override { return "dschingis-bohn"; }
  std::string_view title() const override { return "Dschingis Bohn"; }
  std::vector<std::string_view> definition_roots() const override { return {"map"}; }
  const std::vector<RulesOption>& options() const override { return options_; }
  const RuleCatalogue& rules() const override {
    static const RuleCatalogue catalogue = load_catalogue(
        std::string(id()), std::string(title()), "DB", embedded::dschingis_bohn_rules,
        "lib/dschingis_bohn/data/rules.txt", embedded::dschingis_bohn_rules_evidence,
        "lib/dschingis_bohn/data/rules-evidence.txt");
    return catalogue;
  }

  GameResult check(const XmlDocument& doc, const CheckContext& ctx) const override {
    GameResult result;
    result.game = std::string(id());
    result.extra.emplace_back("map", nullptr);  // the map played on, once the record is read
    std::shared_ptr<const void> own;
    const auto* catalogue = prepared_data<MapCatalogue>(*this, ctx, own);
    // Only this game's options are passed on; others belong to other games.
    std::vector<std::pair<std::string, std::string>> overrides;
    for (const auto& [n, v] : ctx.option_overrides) {
      Options probe;
      if (set_option(probe, n, v)) overrides.emplace_back(n, v);
    }
    auto read = read_record(doc, *catalogue, ctx.load_relative, overrides, result.diagnostics,
                            ctx.max_turns);
    if (!read) return result;
    auto record = std::make_shared<const Record>(std::move(*read));
    ReadRecord actions = record_of(record);
    DriveOptions options;
    options.keep_history = ctx.keep_history;
    Replay replay = drive(actions, options, result.diagnostics);
    Outcome outcome = outcome_of(*record, actions, replay);

    bool illegal = result.diagnostics.has(FindingKind::rule);
    result.scores_known = true;
    for (std::size_t s = 0; s < outcome.seats.size(); ++s) {
      int points = 0;
      if (illegal) {
        if (s < outcome.scores_at_violation.size()) points = outcome.scores_at_violation[s];
      } else if (outcome.state) {
        points = outcome.state->vp(static_cast<int>(s));
      }
      result.scores.emplace_back(std::string(name(outcome.seats[s])), points);
      result.seats.push_back(static_cast<int>(s));
    }
    // `finished`: the game as replayed reached its end, whatever the verdict.
    result.finished = outcome.finished;
    if (result.finished && !illegal)
      for (int s : outcome.winners)
        result.winners.emplace_back(name(outcome.seats[static_cast<std::size_t>(s)]));
    if (result.finished && outcome.reason != EndReason::none)
      result.ended_by = std::string(end_reason_name(outcome.reason));
    JsonValue::Object map;
    map.emplace_back("name", record->map->name);
    map.emplace_back("origin", record->map->origin);
    map.emplace_back("modelled", record->map->modelled);
    result.extra.front().second = JsonValue(std::move(map));
    if (!outcome.result_sentence.empty()) result.remarks.push_back(outcome.result_sentence);
    if (ctx.want_facts) add_facts(*record, outcome, result.facts);
    if (ctx.want_key) result.key = record_key(*record);
    if (ctx.keep_history && outcome.state && !outcome.snapshots.empty())
      result.history = std::make_shared<History>(record, std::move(outcome), result.diagnostics);
    return result;
  }

  std::shared_ptr<const void> prepare(const CheckContext& ctx,
                                      Diagnostics& problems) const override {
    return std::make_shared<const MapCatalogue>(make_catalogue(ctx.definitions, problems));
  }

  std::vector<Table> describe_boards(const CheckContext& ctx,
                                     Diagnostics& problems) const override {
    MapCatalogue catalogue = make_catalogue(ctx.definitions, problems);
    std::vector<Table> tables;
    for (const auto& map : catalogue.maps) {
      Table t;
      t.title = fmt::format("Dschingis Bohn map \"{}\" ({}{}){}", map->name, map->origin,
                            map->modelled ? ", modelled" : "",
                            map == catalogue.default_map ? ", the default" : "");
      t.header = {"space", "x", "y", "adjacent", "camp site for", "fixed"};
      for (SpaceId s = 0; s < map->size(); ++s) {
        const SpaceDef& d = map->spaces[static_cast<std::size_t>(s)];
        std::string camps;
        for (int n = 3; n <= 5; ++n)
          if (map->is_camp_site(n, s)) camps += fmt::format("{}{}", camps.empty() ? "" : " ", n);
        const auto& fixed = map->fixed[static_cast<std::size_t>(s)];
        t.rows.push_back({d.id, d.x ? std::to_string(*d.x) : "-", d.y ? std::to_string(*d.y) : "-",
                          map->list(d.adjacent), camps.empty() ? "-" : camps + " players",
                          fixed ? std::string(name(*fixed)) : "-"});
      }
      int pairs = 0;
      for (const auto& d : map->spaces)
        pairs += static_cast<int>(d.adjacent.size());
      t.notes.push_back(fmt::format("{} spaces, {} adjacent pairs", map->size(), pairs / 2));
      for (int n = 3; n <= 5; ++n) {
        const auto& c = map->camps_for(n);
        t.notes.push_back(c ? fmt::format("{} players: camp sites {}, {} open sites", n,
                                          map->list(*c), map->size() - n)
                            : fmt::format("{} players: no camp sites (not playable)", n));
      }
      if (map->modelled)
        t.notes.push_back(
            "modelled: 19 spaces in rows of 3-4-5-4-3 reproduce the rulebook's river example; "
            "the printed layouts and camp sites are not published. Give a club's map with "
            "--boards FILE or <map file=\"...\"/>.");
      tables.push_back(std::move(t));
    }
    return tables;
  }

 private:
  std::vector<RulesOption> options_;
};

}  // namespace
}  // namespace db

void register_game_dschingis_bohn(Registry& registry) {
  registry.add(std::make_unique<db::DschingisBohn>());
}

}  // namespace wallaudit
