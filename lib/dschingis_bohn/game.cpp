// Dschingis Bohn as a game module of the tool.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <random>

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
Outcome outcome_of(const Record& rec, const ReadRecord& actions, Replay& replay) {
  Outcome o = dynamic_cast<Engine&>(*replay.state).take_outcome();
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

std::string beans_text(const std::vector<Bean>& beans) {
  std::string out;
  for (Bean b : beans)
    out += fmt::format("{}{}", out.empty() ? "" : " ", name(b));
  return out;
}

// The thalers an element pays, where it names them.
std::string pay_attr(const std::vector<Bean>& pay) {
  return pay.empty() ? std::string() : fmt::format(" pay=\"{}\"", beans_text(pay));
}

// A card of a trade or donation as <give>, <get> or <card>; `source` writes where it comes from.
std::string card_text(std::string_view tag, const CardToken& c, bool source) {
  std::string out = fmt::format("<{}", tag);
  if (source) out += c.turned_up ? " source=\"turned-up\"" : " source=\"hand\"";
  out += fmt::format(" bean=\"{}\"", name(c.bean));
  if (c.pos) out += fmt::format(" pos=\"{}\"", *c.pos);
  return out + "/>";
}

// The cards of a turn-up, draw, load or take: named when every card is, else counted.
std::string cards_attr(const Action& a) {
  std::vector<Bean> named;
  for (const auto& c : a.cards) {
    if (!c) return fmt::format("count=\"{}\"", a.cards.size());
    named.push_back(*c);
  }
  return fmt::format("beans=\"{}\"", beans_text(named));
}

// A record (format 1) of `start` (its map and options) and `actions`: the inverse of reading.
std::string write_record(const Engine& start, const std::vector<ActionPtr>& actions) {
  const MapDef& map = start.map();
  auto space = [&](SpaceId sp) { return map.spaces[static_cast<std::size_t>(sp)].id; };
  std::string rules, players, setup, play, end, reason;
  for (const auto& spec : option_specs()) {
    Options defaults;
    std::string_view value = option_value(start.options(), spec.name);
    if (value != option_value(defaults, spec.name))
      rules += fmt::format("    <option name=\"{}\" value=\"{}\"/>\n", spec.name, value);
  }
  Colour turn = Colour::red;
  bool in_turn = false, in_round = false, cart_open = false;
  auto colour_attr = [&](Colour c) {
    return c == turn ? std::string() : fmt::format(" colour=\"{}\"", name(c));
  };
  auto close_round = [&] {
    if (in_round) play += "</round>";
    in_round = false;
  };
  for (const ActionPtr& p : actions) {
    const auto* ap = dynamic_cast<const Action*>(p.get());
    if (!ap) continue;
    const Action& a = *ap;
    switch (a.what) {
      case Action::Kind::setup:
        for (Colour c : a.players)
          players += fmt::format("    <player colour=\"{}\"/>\n", name(c));
        for (const auto& [colour, sp] : a.camps)
          setup += fmt::format("    <camp colour=\"{}\" space=\"{}\"/>\n", name(colour), space(sp));
        for (const auto& [sp, card] : a.territories)
          setup +=
              fmt::format("    <territory space=\"{}\" card=\"{}\"/>\n", space(sp), name(card));
        for (const auto& [colour, beans] : a.hands)
          setup += fmt::format("    <hand colour=\"{}\" beans=\"{}\"/>\n", name(colour),
                               beans_text(beans));
        for (const auto& order : a.decks)
          setup += fmt::format("    <deck order=\"{}\"/>\n", beans_text(order));
        break;
      case Action::Kind::turn:
        turn = a.colour;
        in_turn = true;
        play += fmt::format("    <turn colour=\"{}\">\n", name(a.colour));
        break;
      case Action::Kind::end_turn:
        play += "    </turn>\n";
        in_turn = false;
        break;
      case Action::Kind::diamond:
        play += fmt::format("      <diamond bean=\"{}\"/>\n", name(a.bean));
        break;
      case Action::Kind::plant:
        play += fmt::format("      <plant{} bean=\"{}\" field=\"{}\"/>\n", colour_attr(a.colour),
                            name(a.bean), a.number);
        break;
      case Action::Kind::turn_up:
        play += fmt::format("      <turn-up {}/>\n", cards_attr(a));
        break;
      case Action::Kind::draw:
        play += fmt::format("      <draw {}/>\n", cards_attr(a));
        break;
      case Action::Kind::take:
        play += fmt::format("      <take {}/>\n", cards_attr(a));
        break;
      case Action::Kind::load:
      case Action::Kind::cart_load:
        play += fmt::format("      <load {}/>\n", cards_attr(a));
        break;
      case Action::Kind::trade:
        play += fmt::format("      <trade partner=\"{}\">", name(a.partner));
        for (const auto& c : a.give)
          play += card_text("give", c, true);
        for (const auto& c : a.get)
          play += card_text("get", c, false);
        play += "</trade>\n";
        break;
      case Action::Kind::donate:
        play +=
            fmt::format("      <donate {}=\"{}\">", a.donate_to ? "to" : "from", name(a.partner));
        for (const auto& c : a.donate_to ? a.give : a.get)
          play += card_text("card", c, a.donate_to);
        play += "</donate>\n";
        break;
      case Action::Kind::harvest:
        play += fmt::format("      <harvest{} field=\"{}\"", colour_attr(a.colour), a.number);
        if (a.coins) play += fmt::format(" coins=\"{}\"", *a.coins);
        if (a.claimed_bean) play += fmt::format(" bean=\"{}\"", name(*a.claimed_bean));
        if (a.claimed_cards) play += fmt::format(" cards=\"{}\"", *a.claimed_cards);
        play += "/>\n";
        break;
      case Action::Kind::battle:
        play += fmt::format("      <battle target=\"{}\"", space(a.target));
        play += pay_attr(a.pay);
        if (a.captured) play += *a.captured ? " result=\"captured\"" : " result=\"repelled\"";
        play += ">";
        break;
      case Action::Kind::round:
        close_round();
        play += "<round>";
        in_round = true;
        break;
      case Action::Kind::attack:
      case Action::Kind::defence: {
        std::string_view tag = a.what == Action::Kind::attack ? "attack" : "defend";
        if (a.source == BattleSource::cavalry) {
          play += fmt::format("<{} source=\"cavalry\" cavalry=\"{}\"/>", tag, a.number);
        } else {
          play += fmt::format("<{} source=\"{}\" bean=\"{}\"", tag,
                              a.source == BattleSource::hand ? "hand" : "deck", name(a.bean));
          if (a.pos) play += fmt::format(" pos=\"{}\"", *a.pos);
          play += "/>";
        }
        break;
      }
      case Action::Kind::battle_end:
        close_round();
        play += "</battle>\n";
        break;
      case Action::Kind::buy_cart:
        play += fmt::format("      <buy-cart{}{}", colour_attr(a.colour), pay_attr(a.pay));
        cart_open = a.loads;
        play += a.loads ? ">\n" : "/>\n";
        break;
      case Action::Kind::cart_end:
        if (cart_open) play += "      </buy-cart>\n";
        cart_open = false;
        break;
      case Action::Kind::buy_field:
        play += fmt::format("      <buy-field{}{}/>\n", colour_attr(a.colour), pay_attr(a.pay));
        break;
      case Action::Kind::reshuffle:
        play += a.order ? fmt::format("<reshuffle order=\"{}\"/>", beans_text(*a.order))
                        : std::string("<reshuffle/>");
        if (!in_round) play += "\n";
        break;
      case Action::Kind::claim:
        play += fmt::format("      <vp colour=\"{}\" points=\"{}\"/>\n", name(a.colour), a.number);
        break;
      case Action::Kind::end_claim:
        reason = a.reason;
        break;
      case Action::Kind::final_claim:
        end += fmt::format("    <final colour=\"{}\" vp=\"{}\"/>\n", name(a.colour), a.number);
        break;
    }
  }
  if (in_turn) play += "    </turn>\n";
  std::string end_section;
  if (!reason.empty() || !end.empty())
    end_section = fmt::format("  <end{}>\n{}  </end>\n",
                              reason.empty() ? "" : fmt::format(" reason=\"{}\"", reason), end);
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<record game=\"dschingis-bohn\" format=\"1\">\n{}{}"
      "  <players>\n{}  </players>\n  <setup>\n{}  </setup>\n  <play>\n{}  </play>\n{}"
      "</record>\n",
      rules.empty() ? "" : "  <rules>\n" + rules + "  </rules>\n",
      fmt::format("  <map name=\"{}\"/>\n", map.name), players, setup, play, end_section);
}

// A seeded deal on `map` for 3 to 5 players: colours, camps chosen in the rules' order,
// the territory cards of the player count, hands and deck shuffled (all of it known).
Action deal_for(std::uint64_t seed, const std::shared_ptr<const MapDef>& map, const Options& opt) {
  std::mt19937_64 rng(seed);
  Action a;
  a.what = Action::Kind::setup;
  a.chance = true;
  a.map = map.get();
  std::vector<Colour> colours;
  for (int c = 0; c < kColours; ++c)
    colours.push_back(static_cast<Colour>(c));
  std::shuffle(colours.begin(), colours.end(), rng);
  int n = 3 + static_cast<int>(seed % 3);
  while (n > 3 && !map->camps_for(n))
    --n;
  colours.resize(static_cast<std::size_t>(n));
  a.players = colours;
  std::vector<SpaceId> sites;
  if (const auto& c = map->camps_for(n)) sites = *c;
  std::shuffle(sites.begin(), sites.end(), rng);
  for (int k = n - 1; k >= 0 && !sites.empty(); --k) {
    a.camps.emplace_back(colours[static_cast<std::size_t>(k)], sites.back());
    sites.pop_back();
  }
  auto want = cards_in_play(n);
  std::vector<SpaceId> open;
  for (SpaceId sp = 0; sp < map->size(); ++sp) {
    if (map->is_camp_site(n, sp)) continue;
    if (const auto& fixed = map->fixed[static_cast<std::size_t>(sp)]) {
      --want[static_cast<std::size_t>(*fixed)];
      a.territories.emplace_back(sp, *fixed);
    } else {
      open.push_back(sp);
    }
  }
  std::vector<Card> cards;
  for (int k = 0; k < kCardKinds; ++k)
    for (int i = 0; i < want[static_cast<std::size_t>(k)]; ++i)
      cards.push_back(static_cast<Card>(k));
  std::shuffle(cards.begin(), cards.end(), rng);
  for (std::size_t i = 0; i < open.size() && i < cards.size(); ++i)
    a.territories.emplace_back(open[i], cards[i]);
  std::sort(a.territories.begin(), a.territories.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<Bean> deck;
  for (int k = 0; k < kinds_in_play(opt); ++k)
    for (int i = 0; i < bean_count(static_cast<Bean>(k)); ++i)
      deck.push_back(static_cast<Bean>(k));
  std::shuffle(deck.begin(), deck.end(), rng);
  for (Colour c : colours) {
    a.hands.emplace_back(c, std::vector<Bean>(deck.end() - 5, deck.end()));
    deck.resize(deck.size() - 5);
  }
  a.decks.push_back(std::move(deck));
  return a;
}

class DschingisBohn final : public EngineGame {
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

  std::optional<ReadRecord> read(const XmlDocument& doc, const CheckContext& ctx,
                                 Diagnostics& format) const override {
    std::shared_ptr<const void> own;
    const auto* catalogue = prepared_data<MapCatalogue>(*this, ctx, own);
    // Only this game's options are passed on; others belong to other games.
    std::vector<std::pair<std::string, std::string>> overrides;
    for (const auto& [n, v] : ctx.option_overrides) {
      Options probe;
      if (set_option(probe, n, v)) overrides.emplace_back(n, v);
    }
    auto read = read_record(doc, *catalogue, ctx.load_relative, overrides, format, ctx.max_turns);
    if (!read) return std::nullopt;
    return record_of(std::make_shared<const Record>(std::move(*read)));
  }

  void finish(const ReadRecord& actions, Replay&& replay, const CheckContext& ctx,
              GameResult& result) const override {
    auto record = std::static_pointer_cast<const Record>(actions.typed);
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
    result.extra.emplace_back("map", JsonValue(std::move(map)));
    if (!outcome.result_sentence.empty()) result.remarks.push_back(outcome.result_sentence);
    if (ctx.want_facts) add_facts(*record, outcome, result.facts);
    if (ctx.want_key) result.key = record_key(*record);
    if (ctx.keep_history && outcome.state && !outcome.snapshots.empty())
      result.history = std::make_shared<History>(record, std::move(outcome), result.diagnostics);
  }

  // The generic checker; a record that cannot be read still names its map, as null.
  GameResult check(const XmlDocument& doc, const CheckContext& ctx) const override {
    GameResult result = EngineGame::check(doc, ctx);
    if (result.extra.empty()) result.extra.emplace_back("map", nullptr);
    return result;
  }

  std::string write(const wallaudit::State& start,
                    const std::vector<ActionPtr>& actions) const override {
    return write_record(dynamic_cast<const Engine&>(start), actions);
  }

  std::unique_ptr<wallaudit::State> new_game(std::uint64_t seed,
                                             const CheckContext& ctx) const override {
    std::shared_ptr<const void> own;
    const auto* catalogue = prepared_data<MapCatalogue>(*this, ctx, own);
    Options options;
    auto engine = std::make_unique<Engine>(catalogue->default_map, options, Engine::RecordShape{});
    engine->deal(deal_for(seed, catalogue->default_map, options));
    return engine;
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
