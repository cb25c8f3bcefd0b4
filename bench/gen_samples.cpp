// Writes the Chang Cheng sample records under samples/chang-cheng/ from the independent
// generator: for each sample, the first seed whose game has the features the sample is
// meant to show; illegal and disputed samples break one rule or one claim of such a game.
// The meta and player names are then set to read like a club's log.
// Usage: gen_samples SAMPLES_DIR   (e.g. samples/chang-cheng)
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "support/cc_generator.hpp"

using namespace wallaudit::test;
namespace fs = std::filesystem;

namespace {

struct Spec {
  std::string file;
  GeneratorOptions options;
  std::vector<std::string> need;  // generator features the game must show
  std::string event, note;
  std::optional<Mutation> mutation;
  bool finished = true;

  Spec(std::string f, GeneratorOptions o, std::vector<std::string> n, std::string e, std::string t,
       std::optional<Mutation> m = std::nullopt)
      : file(std::move(f)),
        options(std::move(o)),
        need(std::move(n)),
        event(std::move(e)),
        note(std::move(t)),
        mutation(m) {}
};

GeneratorOptions opts(int players, GenVariant variant = GenVariant::none,
                      std::vector<std::string> events = {},
                      std::map<std::string, std::string> rules = {}) {
  GeneratorOptions o;
  o.players = players;
  o.variant = variant;
  o.events = std::move(events);
  // Options a sample does not name keep their default values.
  const std::map<std::string, std::string> defaults{
      {"flood", "plus-or-minus"},          {"tower-claim", "until-used"},
      {"expansion-timing", "end-of-turn"}, {"diplomacy", "most-provinces"},
      {"dominance", "each-player"},        {"neutral-after-card-and-wall", "other-province"},
      {"neutral-majority", "blocks"},      {"mongol-destroyed", "ignored"}};
  o.rules = defaults;
  for (auto& [k, v] : rules)
    o.rules[k] = v;
  o.naming = CardNaming::mixed;
  o.threats = ThreatStating::mixed;
  o.claims = true;
  o.peeks = true;
  o.meta = false;
  o.unfinished = false;
  o.turn_numbers = false;
  return o;
}

// Replaces the players' names and puts a <meta> of our own after the root element.
std::string dress(std::string xml, const Spec& spec, std::uint64_t seed) {
  static const char* names[] = {"Anna", "Bence", "Csilla", "Dora"};
  std::size_t pos = 0;
  int seat = 0;
  while ((pos = xml.find("<player ", pos)) != std::string::npos) {
    std::size_t end = xml.find("/>", pos);
    std::string tag = xml.substr(pos, end - pos);
    auto n = tag.find(" name=\"");
    if (n != std::string::npos) tag.erase(n, tag.find('"', n + 7) - n + 1);
    tag += fmt::format(" name=\"{}\"", names[seat++ % 4]);
    xml.replace(pos, end - pos, tag);
    pos += tag.size();
  }
  std::string meta = fmt::format(
      "\n  <meta>\n    <event>{}</event>\n    <site>Faenza games club</site>\n    "
      "<date>2026-10-{:02}</date>\n"
      "    <note>{} (generated, seed {})</note>\n  </meta>",
      spec.event, 1 + seed % 28, spec.note, seed);
  std::size_t root_end = xml.find('>', xml.find("<record")) + 1;
  xml.insert(root_end, meta);
  return xml;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: gen_samples SAMPLES_DIR\n");
    return 64;
  }
  fs::path dir = argv[1];
  const std::string league = "Autumn league";
  std::vector<Spec> specs = {
      // Legal games: together every card and both effects of each two-way card.
      {"legal/two-players-ends-by-passes.xml",
       opts(2),
       {"end:passes", "card:traitor:destroy", "card:flood:minus"},
       league,
       "two players; the wall cannot be completed, the game ends by a round of passes"},
      {"legal/three-players.xml",
       opts(3),
       {"end:wall-complete", "card:builder:wall", "card:mandarin:swap", "card:warrior:remove"},
       league,
       "three players, cards named when placed or only at the reveal"},
      {"legal/four-players-two-expansions.xml",
       opts(4),
       {"expansion:second", "card:traitor:remove-threat", "card:builder:value"},
       league,
       "four players: the wall grows twice"},
      {"legal/three-players-immediate-expansion.xml",
       opts(3, GenVariant::none, {}, {{"expansion-timing", "immediate"}}),
       {"expansion:immediate-mid-action", "card:master-builder", "card:mandarin:decline",
        "card:flood:plus"},
       "Friendly",
       "option expansion-timing=immediate"},
      {"legal/flood-plus-only-permanent-claims.xml",
       opts(
           3, GenVariant::none, {},
           {{"flood", "plus-only"}, {"tower-claim", "permanent"}, {"mongol-destroyed", "counted"}}),
       {"card:flood:plus-only", "tower:claim"},
       "Friendly",
       "options flood=plus-only, tower-claim=permanent, mongol-destroyed=counted"},
      {"legal/two-players-neutral-walls.xml",
       opts(2, GenVariant::neutral_walls),
       {"neutral:placed", "end:wall-complete"},
       league,
       "the two-player variant with neutral walls"},
      {"legal/two-players-teams.xml",
       opts(2, GenVariant::teams),
       {"end:wall-complete"},
       league,
       "the two-player team variant: two colours each"},
      // Event cards, with both values of their options.
      {"legal/event-diplomacy-most-provinces.xml",
       opts(3, GenVariant::none, {"diplomacy"}, {{"diplomacy", "most-provinces"}}),
       {"end:wall-complete"},
       "Event cards",
       "diplomacy, most-provinces"},
      {"legal/event-diplomacy-majority.xml",
       opts(4, GenVariant::none, {"diplomacy"}, {{"diplomacy", "majority-of-provinces"}}),
       {"end:wall-complete"},
       "Event cards",
       "diplomacy, majority-of-provinces"},
      {"legal/event-dominance-each-player.xml",
       opts(3, GenVariant::none, {"dominance"}, {{"dominance", "each-player"}}),
       {"end:wall-complete"},
       "Event cards",
       "dominance, each-player"},
      {"legal/event-dominance-longest-only.xml",
       opts(4, GenVariant::none, {"dominance"}, {{"dominance", "longest-only"}}),
       {"end:wall-complete"},
       "Event cards",
       "dominance, longest-only"},
      {"legal/event-imperial-reward-and-observation.xml",
       opts(3, GenVariant::none, {"imperial-reward", "observation"}),
       {"end:wall-complete"},
       "Event cards",
       "imperial reward and observation"},
      {"legal/teams-with-diplomacy-and-dominance.xml",
       opts(2, GenVariant::teams, {"diplomacy", "dominance"}),
       {"end:wall-complete"},
       "Event cards",
       "teams with two event cards"},
      {"legal/neutral-walls-with-imperial-reward.xml",
       opts(2, GenVariant::neutral_walls, {"imperial-reward"}),
       {"neutral:placed"},
       "Event cards",
       "neutral walls with imperial reward"},
  };
  auto broken = [&](std::string file, GeneratorOptions o, Mutation m, std::string note) {
    // Threat values stated at set-up, so that cutting the record after the broken turn
    // loses none of them.
    o.threats = ThreatStating::at_setup;
    specs.emplace_back(std::move(file), std::move(o), std::vector<std::string>{}, "Disputed logs",
                       std::move(note), m);
  };
  broken("illegal/two-walls-one-province.xml", opts(2), Mutation::two_walls_one_province,
         "both walls of a turn in one province");
  broken("illegal/wall-on-occupied-space.xml", opts(3), Mutation::wall_on_occupied_space,
         "a wall on a space already taken");
  broken("illegal/partial-action.xml", opts(3), Mutation::partial_when_complete_possible,
         "one wall where two were possible");
  broken("illegal/pass-with-pieces-left.xml", opts(4), Mutation::pass_when_action_possible,
         "a pass while an action was possible");
  broken("illegal/claimed-space.xml", opts(3, GenVariant::none, {}, {{"tower-claim", "permanent"}}),
         Mutation::wall_on_claimed_space, "a wall on the space a tower keeps");
  broken("illegal/tower-next-to-tower.xml", opts(3), Mutation::tower_next_to_tower,
         "a tower beside a tower");
  broken("illegal/traitor-far-region.xml", opts(3), Mutation::traitor_far_region,
         "a traitor removing a threat token of a region not adjacent");
  broken("illegal/expansion-missing.xml", opts(3), Mutation::expansion_missing,
         "no new side after the third emperor card");
  broken("illegal/expansion-wrong-moment.xml", opts(4), Mutation::expansion_wrong_moment,
         "the new side joined at the wrong moment");
  broken("illegal/card-revealed-twice.xml", opts(3), Mutation::reveal_of_used_card,
         "a card revealed that its owner had already used");
  broken("illegal/threat-never-stated.xml", opts(3), Mutation::threat_never_stated,
         "a threat token whose value nobody wrote down");
  broken("illegal/turn-after-end.xml", opts(3), Mutation::turn_after_end,
         "a turn recorded after the game ended");
  broken("illegal/wrong-turn-order.xml", opts(4), Mutation::wrong_turn_order,
         "a player playing out of turn");
  broken("illegal/neutral-wall-misplaced.xml", opts(2, GenVariant::neutral_walls),
         Mutation::neutral_wrong_province, "a neutral wall on the wrong province");
  broken("illegal/piece-after-neutral-wall.xml", opts(2, GenVariant::neutral_walls),
         Mutation::piece_after_neutral, "a wall placed after the neutral wall");
  broken("illegal/neutral-walls-without-variant.xml", opts(2), Mutation::neutral_without_variant,
         "a neutral wall in a game without the variant");
  broken("illegal/team-passes-while-partner-can.xml", opts(2, GenVariant::teams),
         Mutation::team_pass_while_partner_can,
         "a team player passing though the other colour could act");
  broken("illegal/observation-contradicted.xml", opts(3, GenVariant::none, {"observation"}),
         Mutation::threat_restated_differently,
         "a threat value stated twice, differently, under observation");
  broken("disputed/award-claimed-wrong.xml", opts(3), Mutation::award_changed,
         "one province award written down wrong");
  broken("disputed/final-claimed-wrong.xml", opts(4), Mutation::final_changed,
         "one final score written down wrong");
  broken("disputed/bonus-claimed-wrong.xml", opts(2), Mutation::bonus_changed,
         "a double-wall bonus written down wrong");
  broken("disputed/loss-claimed-wrong.xml", opts(3), Mutation::loss_changed,
         "a Mongol loss written down wrong");
  broken("disputed/event-claimed-wrong.xml", opts(3, GenVariant::none, {"dominance"}),
         Mutation::event_changed, "an event card's points written down wrong");
  broken("disputed/final-missing.xml", opts(3), Mutation::final_missing,
         "one colour's final score left out");

  std::set<std::string> used;  // every sample comes from a game of its own
  for (const auto& spec : specs) {
    bool written = false;
    for (std::uint64_t seed = 1; seed < 20000 && !written; ++seed) {
      GeneratedGame g = generate_game(seed, spec.options);
      if (used.count(g.xml)) continue;
      if (spec.finished && !g.finished) continue;
      bool ok = true;
      for (const auto& f : spec.need)
        if (!g.features.count(f)) ok = false;
      if (!ok) continue;
      std::string xml = g.xml;
      std::string kind = "legal";
      if (spec.mutation) {
        auto m = mutate(g, *spec.mutation, seed);
        if (!m) continue;
        xml = m->xml;
        kind = fmt::format("{} at turn {}", m->rule, m->turn);
      }
      fs::create_directories((dir / spec.file).parent_path());
      std::ofstream(dir / spec.file) << dress(xml, spec, seed);
      std::printf("%-55s seed %5llu  %s\n", spec.file.c_str(),
                  static_cast<unsigned long long>(seed), kind.c_str());
      used.insert(g.xml);
      written = true;
    }
    if (!written) std::printf("%-55s NO SEED FOUND\n", spec.file.c_str());
  }
  return 0;
}
