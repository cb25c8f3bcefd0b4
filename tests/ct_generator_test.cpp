// Random legal games of "The Great Wall" from an independent implementation of the rules
// (support/ct_generator.*) must pass the checker unchanged: verdict ok, the generator's VP,
// outcome, winners and best losers; between them they must exercise every option, both ends,
// the special building phase and cards named late. Single-rule mutations of those games must
// be judged illegal with exactly that rule first, at that turn and not as a follow-on; changed
// claims must make them disputed.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "support/ct_generator.hpp"
#include "support/support.hpp"

namespace wallaudit::test {
namespace {

constexpr int kGames = 1000;

// The options of game i: player count, naming and claims cycle; the rest is random per seed.
CtGeneratorOptions options_for(int i) {
  CtGeneratorOptions o;
  o.players = i % 2 == 0 ? 4 : 6;
  o.naming = static_cast<CtNaming>(i / 2 % 3);
  o.claims = i % 7 != 0;
  o.echoes = i % 5 != 0;
  if (i % 13 == 0) o.unfinished = true;
  if (i % 17 == 0) o.inline_board = true;
  // Low wall bias lets the Huns win; high bias lets players reach 10 VP.
  o.wall_bias = (i % 4) / 3.0;
  return o;
}

std::string listing(const GameResult& r, std::size_t n = 5) {
  std::string out;
  for (std::size_t i = 0; i < r.diagnostics.items().size() && i < n; ++i) {
    const auto& d = r.diagnostics.items()[i];
    out += fmt::format("    {} turn {} line {}{}: {}\n", d.rule, d.turn, d.loc.line,
                       d.follow_on ? " (follow-on)" : "", d.message);
  }
  return out;
}

std::vector<std::string> extra_colours(const GameResult& r, const std::string& key) {
  std::vector<std::string> out;
  for (const auto& [k, v] : r.extra)
    if (k == key && v.is_array())
      for (const auto& c : v.as_array())
        out.push_back(c.as_string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(CtGenerator, SameSeedSameGame) {
  for (std::uint64_t seed : {1u, 99u, 4242u}) {
    CtGeneratedGame a = generate_ct_game(seed), b = generate_ct_game(seed);
    EXPECT_EQ(a.xml, b.xml);
    EXPECT_EQ(a.vp, b.vp);
    EXPECT_NE(a.xml, generate_ct_game(seed + 1).xml);
  }
}

TEST(CtGenerator, OptionsAreObeyed) {
  CtGeneratorOptions o;
  o.players = 6;
  o.rules["trade-build"] = "phased";
  o.rules["knight-actions"] = "exactly-two";
  o.naming = CtNaming::late;
  o.claims = false;
  CtGeneratedGame g = generate_ct_game(5, o);
  EXPECT_EQ(g.players, 6);
  EXPECT_NE(g.xml.find(R"(<option name="trade-build" value="phased"/>)"), std::string::npos);
  EXPECT_NE(g.xml.find(R"(<option name="knight-actions" value="exactly-two"/>)"),
            std::string::npos);
  EXPECT_EQ(g.xml.find("<buy-card card="), std::string::npos);
  EXPECT_EQ(g.xml.find("<claim"), std::string::npos);
  EXPECT_EQ(g.xml.find("<final"), std::string::npos);
}

// Every generated game is legal and the checker finds the generator's figures.
TEST(CtGenerator, GeneratedGamesAreJudgedAsPlayed) {
  auto start = std::chrono::steady_clock::now();
  std::map<std::string, int> features, problems;
  std::string report;
  int failures = 0;
  for (int i = 0; i < kGames; ++i) {
    CtGeneratedGame g = generate_ct_game(static_cast<std::uint64_t>(i) + 1, options_for(i));
    for (const auto& f : g.features)
      ++features[f];
    ++features["outcome:" + g.outcome];
    GameResult r = check_text(g.xml);
    std::vector<std::string> why;
    if (r.verdict != Verdict::ok) why.push_back("verdict " + std::string(to_string(r.verdict)));
    std::map<std::string, int> scores(r.scores.begin(), r.scores.end());
    if (r.verdict == Verdict::ok && scores != g.vp) why.push_back("VP differ");
    if ((r.ended_by.empty() ? std::string("unfinished") : r.ended_by) != g.outcome)
      why.push_back("outcome differs");
    if (r.winners != g.winners) why.push_back("winners differ");
    if (extra_colours(r, "best_losers") != g.best_losers) why.push_back("best losers differ");
    if (r.finished != (g.outcome != "unfinished")) why.push_back("finished differs");
    if (why.empty()) continue;
    std::string key = why.front();
    if (r.verdict != Verdict::ok && !r.diagnostics.items().empty())
      key += " " + r.diagnostics.items().front().rule;
    if (++problems[key] <= 2 && ++failures <= 12) {
      std::string vp;
      for (const auto& [c, v] : g.vp)
        vp += fmt::format(" {}={}/{}", c, v, scores.count(c) ? scores[c] : -99);
      report += fmt::format("  [{}] {} (outcome {}; VP expected/found:{})\n{}", key, g.description,
                            g.outcome, vp, listing(r));
    }
  }
  std::string summary;
  for (const auto& [k, n] : problems)
    summary += fmt::format("  {} x{}\n", k, n);
  EXPECT_TRUE(problems.empty()) << "misjudged generated games:\n" << summary << report;

  // Coverage: both ends, both player counts, every option value, the special building phase,
  // cards named late, every card and knight action, breaches.
  for (std::string f : {"outcome:win",
                        "outcome:huns",
                        "outcome:unfinished",
                        "players:4",
                        "players:6",
                        "special",
                        "buy:unnamed",
                        "buy:named",
                        "end-reveal",
                        "reveal:wins",
                        "knight",
                        "knight:A",
                        "knight:B",
                        "knight:C",
                        "play:road-building",
                        "play:year-of-plenty",
                        "play:monopoly",
                        "breach",
                        "seven",
                        "discard",
                        "steal",
                        "trade:domestic",
                        "trade:maritime:4",
                        "trade:maritime:3",
                        "trade:maritime:2",
                        "wall:1",
                        "wall:3",
                        "wall:5",
                        "city:hun",
                        "longest-road",
                        "largest-army",
                        "win:start-of-turn",
                        "board:inline",
                        "gain",
                        "monopoly:echo",
                        "special:buy",
                        "seven:pirate-stays",
                        "play:knight:before-roll"})
    EXPECT_GT(features[f], 0) << "no generated game exercised " << f;
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string all;
  for (const auto& [k, n] : features)
    all += fmt::format("{} {}; ", k, n);
  std::cout << kGames << " games in " << fmt::format("{:.1f}", seconds) << " s; features: " << all
            << "\n";
}

// Every rules option value is played by some generated game.
TEST(CtGenerator, EveryOptionValueIsPlayed) {
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    CtGeneratedGame g = generate_ct_game(static_cast<std::uint64_t>(i) + 1, options_for(i));
    for (std::string name : {"founding-order", "first-turn", "hun-trigger", "seven-pirate",
                             "knight-actions", "dev-timing", "trade-build", "bank-shortage"}) {
      auto at = g.xml.find("<option name=\"" + name + "\" value=\"");
      if (at == std::string::npos) {
        seen.insert(name + "=default");
        continue;
      }
      auto v = at + name.size() + 23;
      seen.insert(name + "=" + g.xml.substr(v, g.xml.find('"', v) - v));
    }
  }
  for (std::string v :
       {"founding-order=snake", "first-turn=settlement-starter", "hun-trigger=settlement-only",
        "seven-pirate=optional", "knight-actions=exactly-two", "dev-timing=knight-before-roll",
        "trade-build=phased", "bank-shortage=nobody", "founding-order=restart",
        "seven-pirate=mandatory"})
    EXPECT_TRUE(seen.count(v)) << "no game plays " << v;
}

// Single-rule mutations: the broken record is illegal and names the broken rule first, at the
// turn broken, not as a follow-on; a changed claim makes the record disputed.
TEST(CtGenerator, MutationsNameTheBrokenRuleFirst) {
  constexpr int kPool = 260;
  constexpr int kWanted = 12;
  std::vector<CtGeneratedGame> pool;
  for (int i = 0; i < kPool; ++i) {
    CtGeneratorOptions o = options_for(i);
    o.unfinished = false;
    o.claims = true;
    o.echoes = true;
    if (i % 3 == 0) o.rules["trade-build"] = "phased";
    if (i % 5 == 0) o.rules["dev-timing"] = "knight-before-roll";
    pool.push_back(generate_ct_game(static_cast<std::uint64_t>(i) * 7919 + 3, o));
  }
  std::vector<bool> clean(pool.size());
  for (std::size_t i = 0; i < pool.size(); ++i)
    clean[i] = check_text(pool[i].xml).verdict == Verdict::ok;
  std::string report, counts;
  for (CtMutation kind : all_ct_mutations()) {
    int applied = 0, failures = 0;
    for (std::size_t i = 0; i < pool.size() && applied < kWanted; ++i) {
      if (!clean[i]) continue;
      auto m = ct_mutate(pool[i], kind, i * 31 + 7);
      if (!m) continue;
      ++applied;
      GameResult r = check_text(m->xml);
      bool ok;
      if (ct_is_dispute(kind)) {
        ok = r.verdict == Verdict::disputed;
        bool named = false;
        for (const Diagnostic* d : findings(r, FindingKind::dispute))
          if (d->rule == "CT-906" && d->turn == m->turn) named = true;
        ok = ok && named && findings(r, FindingKind::dispute).front()->turn == m->turn;
      } else {
        auto rules = findings(r, FindingKind::rule);
        ok = r.verdict == Verdict::illegal && !rules.empty() && rules.front()->rule == m->rule &&
             rules.front()->turn == m->turn && !rules.front()->follow_on;
      }
      if (!ok && ++failures <= 2)
        report += fmt::format("  {} ({}) in {}: expected {} at turn {}, verdict {}\n{}",
                              ct_mutation_name(kind), m->what, pool[i].description, m->rule,
                              m->turn, to_string(r.verdict), listing(r));
    }
    counts += fmt::format("{} {}; ", ct_mutation_name(kind), applied);
    bool rare = kind == CtMutation::harbour_blocked || kind == CtMutation::produce_short_wrong ||
                kind == CtMutation::advance_into_full_field;
    EXPECT_GE(applied, rare ? 1 : kWanted)
        << "too few games offer a place for " << ct_mutation_name(kind);
    EXPECT_EQ(failures, 0) << failures << " of " << applied << " records of "
                           << ct_mutation_name(kind) << " misjudged";
  }
  EXPECT_TRUE(report.empty()) << report;
  std::cout << "mutated records per kind: " << counts << "\n";
}

TEST(CtGenerator, EveryMutationNamesACtRule) {
  for (CtMutation m : all_ct_mutations())
    EXPECT_EQ(ct_expected_rule(m).substr(0, 3), "CT-") << ct_mutation_name(m);
}

}  // namespace
}  // namespace wallaudit::test
