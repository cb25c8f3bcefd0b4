#include "report/stats.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/json.hpp"

namespace wallaudit::report {

void Distribution::add(double v, std::size_t times) {
  counts_[v] += times;
  n_ += times;
  sum_ += v * static_cast<double>(times);
}

double Distribution::mean() const {
  return n_ ? sum_ / static_cast<double>(n_) : 0;
}

double Distribution::median() const {
  if (!n_) return 0;
  // The mean of the two middle values for an even count.
  std::size_t lo = (n_ - 1) / 2, hi = n_ / 2, seen = 0;
  double a = 0, b = 0;
  bool have_a = false;
  for (const auto& [v, c] : counts_) {
    if (!have_a && seen + c > lo) a = v, have_a = true;
    if (seen + c > hi) {
      b = v;
      break;
    }
    seen += c;
  }
  return (a + b) / 2;
}

double Distribution::min() const {
  return counts_.empty() ? 0 : counts_.begin()->first;
}
double Distribution::max() const {
  return counts_.empty() ? 0 : counts_.rbegin()->first;
}

void StatsAccumulator::add(const GameResult& r, const std::string& name) {
  if (!r.definition.empty()) {
    definitions_.push_back(name);
    return;
  }
  if (r.game.empty()) {
    ++unreadable_;
    return;
  }
  GameStats& g = games_[r.game];
  ++g.records;
  ++g.verdicts[static_cast<std::size_t>(r.verdict)];
  for (const auto& d : r.diagnostics.items())
    if ((d.kind == FindingKind::rule || d.kind == FindingKind::format) &&
        (count_follow_ons_ || !d.follow_on))
      ++g.violations[d.rule];
  bool legal = r.verdict == Verdict::ok || r.verdict == Verdict::disputed;
  if (!legal) return;
  for (const auto& f : r.facts) {
    if (f.kind == Fact::Kind::count)
      g.counts[f.name] += f.amount;
    else
      g.values[f.name].add(f.amount);
  }
  if (!r.finished) return;
  ++g.finished;
  int seats = 0;
  for (int s : r.seats)
    seats = std::max(seats, s + 1);
  g.players.add(seats);
  std::vector<bool> seat_won(static_cast<std::size_t>(seats));
  for (std::size_t i = 0; i < r.scores.size(); ++i) {
    const auto& [colour, points] = r.scores[i];
    bool won = std::find(r.winners.begin(), r.winners.end(), colour) != r.winners.end();
    g.scores.add(points);
    if (won) g.winning_scores.add(points);
    auto& cw = g.colour_wins[colour];
    cw.second++;
    if (won) cw.first++;
    if (i < r.seats.size() && won) seat_won[static_cast<std::size_t>(r.seats[i])] = true;
  }
  for (int s = 0; s < seats; ++s) {
    auto& sw = g.seat_wins[s];
    sw.second++;
    if (seat_won[static_cast<std::size_t>(s)]) sw.first++;
  }
}

namespace {

std::string num(double v) {
  if (std::floor(v) == v && std::fabs(v) < 1e15)
    return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{:.2f}", v);
}

std::string percent(std::size_t a, std::size_t b) {
  return b ? fmt::format("{:.1f}%", 100.0 * static_cast<double>(a) / static_cast<double>(b)) : "-";
}

std::string describe(const Distribution& d) {
  if (!d.count()) return "no data";
  return fmt::format("n {}, mean {:.2f}, median {}, min {}, max {}", d.count(), d.mean(),
                     num(d.median()), num(d.min()), num(d.max()));
}

// A histogram as rows "value  count  bar", merging into at most 16 buckets.
std::vector<std::string> histogram(const Distribution& d) {
  std::vector<std::string> rows;
  if (!d.count()) return rows;
  double lo = d.min(), hi = d.max();
  int buckets = static_cast<int>(std::min<double>(16, hi - lo + 1));
  if (buckets < 1) buckets = 1;
  double width = std::max(1.0, std::ceil((hi - lo + 1) / buckets));
  // As many buckets of that width as reach the highest value: none starts past it.
  buckets = std::max(1, static_cast<int>(std::ceil((hi - lo + 1) / width)));
  std::vector<std::size_t> counts(static_cast<std::size_t>(buckets));
  for (const auto& [v, c] : d.histogram()) {
    auto b = static_cast<std::size_t>(std::min<double>(buckets - 1, std::floor((v - lo) / width)));
    counts[b] += c;
  }
  std::size_t top = *std::max_element(counts.begin(), counts.end());
  for (int b = 0; b < buckets; ++b) {
    double from = lo + b * width, to = std::min(hi, from + width - 1);
    std::string label = from == to ? num(from) : fmt::format("{}..{}", num(from), num(to));
    std::size_t bar = top ? (counts[static_cast<std::size_t>(b)] * 40 + top - 1) / top : 0;
    rows.push_back(fmt::format("    {:>9} {:>7}  {}", label, counts[static_cast<std::size_t>(b)],
                               std::string(bar, '#')));
  }
  return rows;
}

}  // namespace

std::string stats_text(const StatsAccumulator& stats) {
  std::string out;
  for (const auto& [game, g] : stats.games()) {
    out += fmt::format(
        "{}: {} record{} ({} ok, {} disputed, {} illegal, {} malformed); {} finished legal "
        "game{}\n",
        game, g.records, g.records == 1 ? "" : "s", g.verdicts[0], g.verdicts[1], g.verdicts[2],
        g.verdicts[3], g.finished, g.finished == 1 ? "" : "s");
    if (g.players.count()) {
      std::string players;
      for (const auto& [v, c] : g.players.histogram())
        players += fmt::format("{}{} players: {}", players.empty() ? "" : ", ", num(v), c);
      out += fmt::format("  players: {}\n", players);
    }
    out += fmt::format("  final scores: {}\n", describe(g.scores));
    for (const auto& row : histogram(g.scores))
      out += row + "\n";
    if (g.winning_scores.count())
      out += fmt::format("  winning scores: {}\n", describe(g.winning_scores));
    if (!g.seat_wins.empty()) {
      out += "  win rate by seat:";
      for (const auto& [seat, w] : g.seat_wins)
        out +=
            fmt::format(" {} {} ({}/{})", seat + 1, percent(w.first, w.second), w.first, w.second);
      out += "\n  win rate by colour:";
      for (const auto& [colour, w] : g.colour_wins)
        out += fmt::format(" {} {} ({}/{})", colour, percent(w.first, w.second), w.first, w.second);
      out += "\n";
    }
    if (!g.counts.empty()) {
      out += "  counts (legal games):\n";
      std::size_t legal = g.verdicts[0] + g.verdicts[1];
      for (const auto& [name, n] : g.counts)
        out += fmt::format("    {:<48} {:>8}  ({:.2f} per game)\n", name, num(n),
                           legal ? n / static_cast<double>(legal) : 0);
    }
    for (const auto& [name, d] : g.values)
      out += fmt::format("  {}: {}\n", name, describe(d));
    if (!g.violations.empty()) {
      std::vector<std::pair<std::size_t, std::string>> v;
      for (const auto& [rule, n] : g.violations)
        v.emplace_back(n, rule);
      std::sort(v.begin(), v.end(), [](auto& a, auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
      });
      if (v.size() > 10) v.resize(10);
      out += stats.counts_follow_ons() ? "  most common violations (with follow-ons):"
                                       : "  most common violations:";
      for (const auto& [n, rule] : v)
        out += fmt::format(" {} ×{}", rule, n);
      out += "\n";
    }
    out += "\n";
  }
  if (stats.unreadable())
    out += fmt::format("{} input{} not recognised as a game record\n", stats.unreadable(),
                       stats.unreadable() == 1 ? "" : "s");
  if (!stats.definitions().empty()) {
    std::string names;
    for (const auto& name : stats.definitions())
      names += fmt::format("{}{}", names.empty() ? "" : ", ", name);
    out += fmt::format("definitions (not records): {}\n", names);
  }
  if (out.empty()) out = "no records\n";
  return out;
}

std::string stats_json(const StatsAccumulator& stats) {
  std::string out;
  JsonWriter w(out);
  auto dist = [&](const Distribution& d) {
    w.begin_object().key("n").value(d.count());
    if (d.count()) {
      w.key("mean")
          .value(d.mean())
          .key("median")
          .value(d.median())
          .key("min")
          .value(d.min())
          .key("max")
          .value(d.max());
      w.key("histogram").begin_object();
      for (const auto& [v, c] : d.histogram())
        w.key(num(v)).value(c);
      w.end_object();
    }
    w.end_object();
  };
  w.begin_object().key("games").begin_object();
  for (const auto& [game, g] : stats.games()) {
    w.key(game).begin_object();
    w.key("records").value(g.records);
    w.key("verdicts").begin_object();
    for (int v = 0; v < 4; ++v)
      w.key(to_string(static_cast<Verdict>(v))).value(g.verdicts[static_cast<std::size_t>(v)]);
    w.end_object();
    w.key("finished").value(g.finished);
    w.key("players");
    dist(g.players);
    w.key("scores");
    dist(g.scores);
    w.key("winning_scores");
    dist(g.winning_scores);
    w.key("win_rate_by_seat").begin_object();
    for (const auto& [seat, x] : g.seat_wins)
      w.key(std::to_string(seat + 1))
          .begin_object()
          .key("wins")
          .value(x.first)
          .key("games")
          .value(x.second)
          .end_object();
    w.end_object();
    w.key("win_rate_by_colour").begin_object();
    for (const auto& [colour, x] : g.colour_wins)
      w.key(colour)
          .begin_object()
          .key("wins")
          .value(x.first)
          .key("games")
          .value(x.second)
          .end_object();
    w.end_object();
    w.key("counts").begin_object();
    for (const auto& [name, n] : g.counts)
      w.key(name).value(n);
    w.end_object();
    w.key("values").begin_object();
    for (const auto& [name, d] : g.values) {
      w.key(name);
      dist(d);
    }
    w.end_object();
    w.key("violations").begin_object();
    for (const auto& [rule, n] : g.violations)
      w.key(rule).value(n);
    w.end_object();
    w.end_object();
  }
  w.end_object().key("unrecognised").value(stats.unreadable());
  w.key("definitions").begin_array();
  for (const auto& name : stats.definitions())
    w.value(name);
  w.end_array().end_object();
  return out + "\n";
}

}  // namespace wallaudit::report
