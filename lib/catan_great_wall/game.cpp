// The Catan scenario "The Great Wall" as a game module of the tool.
#include <fmt/format.h>

#include <algorithm>

#include "catan_great_wall/engine.hpp"
#include "catan_great_wall/history.hpp"
#include "catan_great_wall/reader.hpp"
#include "catan_great_wall/writer.hpp"
#include "core/check.hpp"
#include "core/registry.hpp"

namespace wallaudit {
namespace embedded {
extern const std::string_view catan_great_wall_rules;
extern const std::string_view catan_great_wall_rules_evidence;
}  // namespace embedded
namespace ct {
namespace {

constexpr std::string_view kGameId = "catan-great-wall";

JsonValue::Array colour_array(const std::vector<Colour>& colours) {
  JsonValue::Array out;
  for (Colour c : colours)
    out.emplace_back(std::string(name(c)));
  return out;
}

// What `wallaudit stats` counts about a replayed game.
void add_facts(const Outcome& o, std::vector<Fact>& facts) {
  auto count = [&](std::string n, double a = 1) {
    facts.push_back({Fact::Kind::count, std::move(n), a});
  };
  auto value = [&](std::string n, double v) {
    facts.push_back({Fact::Kind::value, std::move(n), v});
  };
  count(o.end == EndKind::win    ? "end: a player reached 10 VP"
        : o.end == EndKind::huns ? "end: the Huns' victory"
                                 : "end: unfinished");
  if (o.end != EndKind::none) value("turns played", o.end_turn);
  for (const auto& [total, n] : o.facts.dice)
    count(fmt::format("dice total {:>2}", total), n);
  count("domestic trades", o.facts.domestic_trades);
  for (const auto& [rate, n] : o.facts.maritime)
    count(fmt::format("maritime trades {}:1", rate), n);
  count("development cards bought", o.facts.cards_bought);
  for (int d = 0; d < kDevCards; ++d)
    if (o.facts.cards_played[static_cast<std::size_t>(d)])
      count(fmt::format("development cards played: {}", name(static_cast<DevCard>(d))),
            o.facts.cards_played[static_cast<std::size_t>(d)]);
  count("Hun advances (attacks on a field)", o.facts.advances);
  count("Huns drawn", o.facts.huns_drawn);
  count("Huns chased back by knights", o.facts.huns_chased);
  count("wall pieces built", o.facts.wall_pieces);
  count("special building phases", o.facts.specials);
  count("discards on a 7", o.facts.discards);
  count("steals", o.facts.steals);
  if (!o.state) return;
  const State& st = *o.state;
  value("breaches per game", st.breaches());
  for (std::size_t w = 0; w < st.board().walls.size(); ++w)
    if (in_play(st.board().walls[w].in, st.players()))
      value("wall level at the end", st.wall_level(static_cast<int>(w)));
  for (Colour c : o.seats) {
    VpBreakdown b = st.vp_breakdown(c);
    value("VP at the end", o.final_vp[ix(c)]);
    value("VP from settlements", b.settlements);
    value("VP from cities", 2 * b.cities);
    value("VP from victory-point cards", b.vp_cards);
    value("malus chips", b.malus);
    if (b.longest_road) count("Longest Road held at the end");
    if (b.largest_army) count("Largest Army held at the end");
  }
}

class CatanGreatWall final : public EngineGame {
 public:
  CatanGreatWall() : options_(rules_options(option_specs())) {}

  std::string_view id() const override { return kGameId; }
  std::string_view title() const override { return "The Great Wall (Catan scenario)"; }
  std::vector<std::string_view> definition_roots() const override {
    return {"great-wall-board", "great-wall-boards"};
  }
  const std::vector<RulesOption>& options() const override { return options_; }
  const RuleCatalogue& rules() const override {
    static const RuleCatalogue catalogue = load_catalogue(
        std::string(id()), std::string(title()), "CT", embedded::catan_great_wall_rules,
        "lib/catan_great_wall/data/rules.txt", embedded::catan_great_wall_rules_evidence,
        "lib/catan_great_wall/data/rules-evidence.txt");
    return catalogue;
  }

  GameResult check(const XmlDocument& doc, const CheckContext& ctx) const override {
    GameResult result = EngineGame::check(doc, ctx);
    // Until the record is read, nothing is known of its board or its outcome.
    if (result.extra.empty()) {
      result.extra.emplace_back("best_losers", nullptr);
      result.extra.emplace_back("board_modelled", nullptr);
    }
    return result;
  }

  std::optional<ReadRecord> read(const XmlDocument& doc, const CheckContext& ctx,
                                 Diagnostics& format) const override {
    std::shared_ptr<const void> own;
    const auto* catalogue = prepared_data<BoardCatalogue>(*this, ctx, own);
    auto record = read_record(doc, *catalogue, ctx.load_relative, format, ctx.max_turns);
    if (!record) return std::nullopt;
    // The log of victory-point changes serves only the history.
    ReadRecord out = read_engine(*record, ctx.option_overrides, ctx.keep_history);
    out.typed = std::make_shared<const Record>(std::move(*record));
    return out;
  }

  void finish(const ReadRecord& read, Replay&& replay, const CheckContext& ctx,
              GameResult& result) const override {
    const auto& record = *static_cast<const Record*>(read.typed.get());
    // The log of victory-point changes serves only the history.
    Outcome outcome = make_outcome(record, read, replay, ctx.keep_history);
    bool illegal = result.diagnostics.has(FindingKind::rule);
    bool modelled = record.board->modelled;

    // Scores, in seat order: the final VP, or for an illegal record the VP at the start of the
    // element holding its first violation.
    result.scores_known = true;
    for (std::size_t seat = 0; seat < outcome.seats.size(); ++seat) {
      Colour c = outcome.seats[seat];
      int vp = illegal && outcome.violation_vp ? (*outcome.violation_vp)[ix(c)]
                                               : outcome.final_vp[ix(c)];
      result.scores.emplace_back(std::string(name(c)), vp);
      result.seats.push_back(static_cast<int>(seat));
    }
    // `finished`: the game as replayed reached its end, whatever the verdict; an illegal
    // record has no winners or best losers.
    if (outcome.end == EndKind::none) {
      set_unfinished(result, modelled);
    } else {
      result.finished = true;
      result.ended_by = outcome.end == EndKind::win ? "win" : "huns";
      result.extra.clear();
      result.extra.emplace_back("best_losers", illegal ? JsonValue(JsonValue::Array{})
                                                       : colour_array(outcome.best_losers));
      result.extra.emplace_back("board_modelled", modelled);
      if (outcome.end == EndKind::win && !illegal)
        result.winners.emplace_back(name(*outcome.winner));
      if (!illegal) result.remarks.push_back(outcome.result_sentence);
    }
    if (ctx.want_facts) add_facts(outcome, result.facts);
    if (ctx.want_key) result.key = record_key(record);
    if (ctx.keep_history && outcome.state && !outcome.snapshots.empty())
      result.history = std::make_shared<History>(std::static_pointer_cast<const Record>(read.typed),
                                                 std::move(outcome), result.diagnostics);
  }

  // A record of `start` (its board by name, its options, its seats) and `actions`.
  std::string write(const wallaudit::State& start,
                    const std::vector<ActionPtr>& actions) const override {
    const auto& engine = static_cast<const EngineState&>(start);
    const GameSetUp& setup = engine.set_up();
    Record head;
    head.board = setup.board;
    for (const OptionSpec& spec : option_specs()) {
      std::string_view value = option_value(setup.options, spec.name);
      if (!spec.values.empty() && value != spec.values.front())
        head.options.push_back({std::string(spec.name), std::string(value), {}});
    }
    std::vector<Colour> seats = setup.seats;
    for (const ActionPtr& a : actions)
      if (const auto* m = dynamic_cast<const Move*>(a.get()); m && m->what == Move::Kind::seats)
        seats = m->seats;
    for (Colour c : seats)
      head.players.push_back({c, std::string(name(c)), {}});
    return write_record(head, actions);
  }

  // The built-in board with four players, red, blue, white and orange, and the default rules.
  std::unique_ptr<wallaudit::State> new_game(std::uint64_t /*seed*/,
                                             const CheckContext& /*ctx*/) const override {
    auto setup = std::make_shared<GameSetUp>();
    setup->board = modelled_board();
    setup->seats = {Colour::red, Colour::blue, Colour::white, Colour::orange};
    setup->seated = true;
    return std::make_unique<EngineState>(std::move(setup));
  }

  std::shared_ptr<const void> prepare(const CheckContext& ctx,
                                      Diagnostics& problems) const override {
    return std::make_shared<const BoardCatalogue>(make_catalogue(ctx.definitions, problems));
  }

  std::vector<Table> describe_boards(const CheckContext& ctx,
                                     Diagnostics& problems) const override {
    BoardCatalogue catalogue = make_catalogue(ctx.definitions, problems);
    std::vector<Table> tables;
    for (const auto& b : catalogue.boards) {
      Table t;
      t.title = fmt::format("The Great Wall (Catan) board \"{}\" ({}){}", b->name, b->origin,
                            b->modelled ? ", modelled" : "");
      t.header = {"wall", "fort site", "field", "path (from the wall)", "players"};
      auto players = [](std::uint8_t in) {
        return std::string(in == kInBoth ? "4 and 6" : in == kIn4 ? "4" : "6");
      };
      for (const auto& w : b->walls) {
        int wall = b->find_wall(w.id);
        bool any = false;
        for (const auto& f : b->fields) {
          if (f.wall != wall) continue;
          std::string path;
          for (int h : f.path)
            path += fmt::format("{}{}", path.empty() ? "" : " ",
                                b->hexes[static_cast<std::size_t>(h)].id);
          t.rows.push_back(
              {any ? "" : w.id, any ? "" : b->vertex_name(w.fort), f.id, path, players(w.in)});
          any = true;
        }
      }
      for (int n : {4, 6}) {
        int land = 0, sea = 0, harbours = 0;
        for (const auto& h : b->hexes)
          if (in_play(h.in, n)) (h.land() ? land : sea)++;
        for (const auto& h : b->harbours)
          if (in_play(h.in, n)) ++harbours;
        t.notes.push_back(fmt::format("{} players: {} land hexes, {} sea hexes, {} harbours", n,
                                      land, sea, harbours));
      }
      std::string places;
      for (const auto& g : b->gatherings) {
        std::string attacks;
        for (const auto& a : g.attacks)
          attacks += fmt::format("{}{}>{}", attacks.empty() ? "" : " ", a.number,
                                 b->fields[static_cast<std::size_t>(a.field)].id);
        places +=
            fmt::format("{}{} ({})", places.empty() ? "" : ", ", numeral_name(g.numeral), attacks);
      }
      t.notes.push_back(fmt::format("gathering places in board order: {}", places));
      t.notes.push_back(
          fmt::format("pirate start {}; {} Huns per numeral (I-III with 4 players, "
                      "I-V with 6)",
                      b->hexes[static_cast<std::size_t>(b->pirate_start)].id, b->huns_per_numeral));
      if (b->modelled)
        t.notes.push_back(
            "modelled on the published facts; the printed board is not published. Give a "
            "club's real board with --boards FILE or <board file=\"…\"/>.");
      tables.push_back(std::move(t));
    }
    for (const auto& [name, why] : catalogue.invalid) {
      Table t;
      t.title = fmt::format("The Great Wall (Catan) board \"{}\": invalid", name);
      t.notes.push_back(why);
      tables.push_back(std::move(t));
    }
    return tables;
  }

 private:
  static void set_unfinished(GameResult& result, bool modelled) {
    result.finished = false;
    result.ended_by.clear();
    result.winners.clear();
    result.remarks.clear();
    result.extra.clear();
    result.extra.emplace_back("best_losers", JsonValue::Array{});
    result.extra.emplace_back("board_modelled", modelled);
  }

  std::vector<RulesOption> options_;
};

}  // namespace
}  // namespace ct

void register_game_catan_great_wall(Registry& registry) {
  registry.add(std::make_unique<ct::CatanGreatWall>());
}

}  // namespace wallaudit
