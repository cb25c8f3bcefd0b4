#include "report/explain.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/json.hpp"

namespace wallaudit::report {

namespace {

// When a step happened, in a sentence: "turn 12", "the set-up", "the end".
std::string step_when(const ExplainStep& s) {
  return s.turn ? fmt::format("turn {}", s.turn) : s.setup ? "the set-up" : "the end";
}

// The turn column of the table: the turn, 0 for the set-up (as `replay --turn 0`), or "end".
std::string step_column(const ExplainStep& s) {
  return s.turn || s.setup ? std::to_string(s.turn) : "end";
}

int get(const ColourPoints& points, const std::string& colour) {
  for (const auto& [c, p] : points)
    if (c == colour) return p;
  return 0;
}

bool has(const ColourPoints& points, const std::string& colour) {
  return std::any_of(points.begin(), points.end(), [&](auto& e) { return e.first == colour; });
}

std::string signed_or_blank(int v) {
  return v ? fmt::format("{:+}", v) : std::string();
}

}  // namespace

RunningTotals running_totals(const Explanation& ex) {
  RunningTotals rt;
  std::vector<int> rec(ex.colours.size()), cla(ex.colours.size());
  std::vector<bool> parted(ex.colours.size());
  for (std::size_t i = 0; i < ex.steps.size(); ++i) {
    const ExplainStep& s = ex.steps[i];
    ColourPoints r, c;
    for (std::size_t k = 0; k < ex.colours.size(); ++k) {
      const std::string& colour = ex.colours[k];
      int points = get(s.points, colour);
      rec[k] += points;
      cla[k] += s.claimed.empty() ? points : get(s.claimed, colour);
      r.emplace_back(colour, rec[k]);
      c.emplace_back(colour, cla[k]);
      if (!parted[k] && rec[k] != cla[k]) {
        parted[k] = true;
        Divergence d;
        d.colour = colour;
        d.step = static_cast<int>(i);
        d.turn = s.turn;
        d.loc = s.loc;
        d.claimed = cla[k];
        d.recomputed = rec[k];
        int claimed_here = has(s.claimed, colour) ? get(s.claimed, colour) : 0;
        d.message = fmt::format(
            "{} parts at {} ({}{}): claimed {} there, recomputed {}{}", colour, step_when(s),
            s.title, s.loc.known() ? fmt::format(", line {}", s.loc.line) : "", claimed_here,
            points, has(s.claimed, colour) ? "" : " (no claim for it in a step with claims)");
        rt.divergences.push_back(std::move(d));
      }
    }
    rt.recomputed.push_back(std::move(r));
    rt.claimed.push_back(std::move(c));
  }
  // The final claims, where the steps agreed.
  for (std::size_t k = 0; k < ex.colours.size(); ++k) {
    const std::string& colour = ex.colours[k];
    if (parted[k] || !has(ex.final_claims, colour)) continue;
    int final_claim = get(ex.final_claims, colour);
    int total = get(ex.totals, colour);
    if (final_claim == total) continue;
    Divergence d;
    d.colour = colour;
    d.step = -1;
    d.loc = ex.final_claims_loc;
    d.claimed = final_claim;
    d.recomputed = total;
    d.message = fmt::format(
        "{} parts at the final claim{}: claimed {}, recomputed {} (the scoring steps add up to {})",
        colour, d.loc.known() ? fmt::format(" (line {})", d.loc.line) : "", final_claim, total,
        cla[k]);
    rt.divergences.push_back(std::move(d));
  }
  return rt;
}

std::string explain_text(const std::string& file, const Explanation& ex) {
  std::string out = fmt::format("Score audit of {}\n", file);
  for (const auto& note : ex.notes)
    out += fmt::format("  {}\n", note);
  out += '\n';
  RunningTotals rt = running_totals(ex);
  constexpr int title_width = 44;
  std::string header = fmt::format("{:>4}  {:<{}}", "turn", "step", title_width);
  for (const auto& c : ex.colours)
    header += fmt::format("{:>8}", c);
  out += header + "\n";
  for (std::size_t i = 0; i < ex.steps.size(); ++i) {
    const ExplainStep& s = ex.steps[i];
    std::string title =
        s.title.size() > title_width ? s.title.substr(0, title_width - 1) + "…" : s.title;
    std::string row = fmt::format("{:>4}  {:<{}}", step_column(s), title, title_width);
    for (const auto& c : ex.colours)
      row += fmt::format("{:>8}", signed_or_blank(get(s.points, c)));
    out += row + "\n";
    for (const auto& line : s.lines)
      out += fmt::format("      {}\n", line);
    if (!s.claimed.empty()) {
      std::string claimed = fmt::format("{:>4}  {:<{}}", "", "  claimed", title_width);
      bool differs = false;
      for (const auto& c : ex.colours) {
        claimed +=
            fmt::format("{:>8}", has(s.claimed, c) ? fmt::format("{:+}", get(s.claimed, c)) : "-");
        if (get(s.claimed, c) != get(s.points, c)) differs = true;
      }
      out += claimed + (differs ? "  ≠ recomputed\n" : "\n");
    }
  }
  out += "\n";
  std::string totals = fmt::format(
      "{:<50}", ex.finished ? "final scores, recomputed" : "scores reached, recomputed");
  for (const auto& c : ex.colours)
    totals += fmt::format("{:>8}", get(ex.totals, c));
  out += totals + "\n";
  if (!ex.final_claims.empty()) {
    std::string claims = fmt::format("{:<50}", "final scores, claimed");
    for (const auto& c : ex.colours)
      claims += fmt::format(
          "{:>8}", has(ex.final_claims, c) ? std::to_string(get(ex.final_claims, c)) : "-");
    out += claims + "\n";
  }
  if (!rt.recomputed.empty()) {
    std::string running = fmt::format("{:<50}", "claims and recomputed steps add up to");
    for (const auto& c : ex.colours)
      running += fmt::format("{:>8}", get(rt.claimed.back(), c));
    out += running + "\n";
  }
  if (!ex.winners.empty()) {
    std::string w;
    for (const auto& c : ex.winners)
      w += (w.empty() ? "" : ", ") + c;
    out += fmt::format("winners: {}\n", w);
  }
  if (rt.divergences.empty()) {
    out += "every claim agrees with the recomputation\n";
  } else {
    for (const auto& d : rt.divergences)
      out += d.message + "\n";
  }
  return out;
}

std::string explain_json(const std::string& file, const std::string& game, const Explanation& ex) {
  RunningTotals rt = running_totals(ex);
  std::string out;
  JsonWriter w(out);
  auto points = [&](const ColourPoints& p) {
    w.begin_object();
    for (const auto& [c, v] : p)
      w.key(c).value(v);
    w.end_object();
  };
  w.begin_object();
  w.key("file").value(file);
  w.key("game").value(game);
  w.key("finished").value(ex.finished);
  w.key("colours").begin_array();
  for (const auto& c : ex.colours)
    w.value(c);
  w.end_array();
  w.key("steps").begin_array();
  for (std::size_t i = 0; i < ex.steps.size(); ++i) {
    const ExplainStep& s = ex.steps[i];
    w.begin_object();
    w.key("turn");
    s.turn || s.setup ? w.value(s.turn) : w.null();
    w.key("setup").value(s.setup);
    w.key("line");
    s.loc.known() ? w.value(static_cast<long long>(s.loc.line)) : w.null();
    w.key("kind").value(s.kind);
    w.key("title").value(s.title);
    w.key("lines").begin_array();
    for (const auto& l : s.lines)
      w.value(l);
    w.end_array();
    w.key("points");
    points(s.points);
    w.key("claimed");
    if (s.claimed.empty())
      w.null();
    else
      points(s.claimed);
    w.key("running");
    points(rt.recomputed[i]);
    w.key("claimed_running");
    points(rt.claimed[i]);
    w.key("details");
    s.details.write(w);
    w.end_object();
  }
  w.end_array();
  w.key("totals");
  points(ex.totals);
  w.key("final_claims");
  if (ex.final_claims.empty())
    w.null();
  else
    points(ex.final_claims);
  w.key("divergences").begin_array();
  for (const auto& d : rt.divergences) {
    w.begin_object();
    w.key("colour").value(d.colour);
    w.key("turn");
    d.turn ? w.value(d.turn) : w.null();
    w.key("line");
    d.loc.known() ? w.value(static_cast<long long>(d.loc.line)) : w.null();
    w.key("step");
    d.step >= 0 ? w.value(d.step) : w.null();
    w.key("claimed").value(d.claimed);
    w.key("recomputed").value(d.recomputed);
    w.key("message").value(d.message);
    w.end_object();
  }
  w.end_array();
  w.key("winners").begin_array();
  for (const auto& c : ex.winners)
    w.value(c);
  w.end_array();
  w.key("notes").begin_array();
  for (const auto& n : ex.notes)
    w.value(n);
  w.end_array();
  w.end_object();
  out += '\n';
  return out;
}

}  // namespace wallaudit::report
