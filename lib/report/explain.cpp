#include "report/explain.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/json.hpp"
#include "report/check_output.hpp"

namespace wallaudit::report {

namespace {

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

// "line 268, turn 12, blue: MESSAGE [CC-804]", as the check reports the finding.
std::string finding_text(const Diagnostic& d) {
  std::string where = d.loc.known() ? fmt::format("line {}", d.loc.line) : "the record";
  if (d.turn > 0) where += fmt::format(", turn {}", d.turn);
  std::string follows =
      d.follow_on ? fmt::format(" (follows from line {})", d.follows_line) : std::string();
  return fmt::format("{}: {}{} [{}]", where, d.message, follows, d.rule);
}

std::vector<const Diagnostic*> rule_findings(const GameResult& result) {
  std::vector<const Diagnostic*> out;
  for (const auto& d : result.diagnostics.items())
    if (d.kind == FindingKind::rule) out.push_back(&d);
  return out;
}

}  // namespace

std::vector<const Diagnostic*> dispute_findings(const GameResult& result) {
  std::vector<const Diagnostic*> out;
  for (const auto& d : result.diagnostics.items())
    if (d.kind == FindingKind::dispute) out.push_back(&d);
  return out;
}

RunningTotals running_totals(const Explanation& ex) {
  RunningTotals rt;
  std::vector<int> rec(ex.colours.size()), cla(ex.colours.size());
  for (const ExplainStep& s : ex.steps) {
    ColourPoints r, c;
    for (std::size_t k = 0; k < ex.colours.size(); ++k) {
      const std::string& colour = ex.colours[k];
      int points = get(s.points, colour);
      rec[k] += points;
      if (s.claims_totals && has(s.claimed, colour))
        // A claimed total moves the claimed running total by its difference from the
        // recomputed total it is held to.
        cla[k] = rec[k] + get(s.claimed, colour) -
                 (has(s.recomputed_totals, colour) ? get(s.recomputed_totals, colour) : rec[k]);
      else if (s.claims_totals)
        cla[k] += points;
      else
        cla[k] += s.claimed.empty() ? points : get(s.claimed, colour);
      r.emplace_back(colour, rec[k]);
      c.emplace_back(colour, cla[k]);
    }
    rt.recomputed.push_back(std::move(r));
    rt.claimed.push_back(std::move(c));
  }
  return rt;
}

std::string explain_text(const std::string& file, const GameResult& result, const Explanation& ex) {
  // The verdict first, in the words of `check`.
  std::string out =
      fmt::format("Score audit of {}\n", verdict_line(CheckedRecord{file, {}, &result, 0, {}}));
  auto violations = rule_findings(result);
  if (!violations.empty()) {
    out += "  the record is illegal; the figures below are those of the game as recorded:\n";
    for (const Diagnostic* d : violations)
      out += fmt::format("  {}\n", finding_text(*d));
  }
  // The notes of the check (a modelled board, a record that ends early, …), then the game's.
  for (const auto& d : result.diagnostics.items())
    if (d.kind == FindingKind::info) out += fmt::format("  note: {} [{}]\n", d.message, d.rule);
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
    if (!s.totals_after.empty()) {
      std::string after = fmt::format("{:>4}  {:<{}}", "", "  totals after this step", title_width);
      for (const auto& c : ex.colours)
        after +=
            fmt::format("{:>8}", has(s.totals_after, c) ? std::to_string(get(s.totals_after, c))
                                                        : std::string("-"));
      out += after + "\n";
    }
    if (!s.claimed.empty()) {
      std::string claimed =
          fmt::format("{:>4}  {:<{}}", "", s.claims_totals ? "  claimed total" : "  claimed points",
                      title_width);
      for (const auto& c : ex.colours) {
        std::string cell = !has(s.claimed, c) ? "-"
                           : s.claims_totals  ? std::to_string(get(s.claimed, c))
                                              : fmt::format("{:+}", get(s.claimed, c));
        claimed += fmt::format("{:>8}", cell);
      }
      out += claimed + "\n";
      if (s.claims_totals) {
        std::string recomputed =
            fmt::format("{:>4}  {:<{}}", "", "  recomputed total", title_width);
        for (const auto& c : ex.colours)
          recomputed += fmt::format("{:>8}", has(s.recomputed_totals, c)
                                                 ? std::to_string(get(s.recomputed_totals, c))
                                                 : std::string());
        out += recomputed + "\n";
      }
    }
  }
  out += "\n";
  // The recomputed scores and the winners are the result's, as `check` reports them.
  const ColourPoints& scores = result.scores_known ? result.scores : ex.totals;
  std::string totals = fmt::format(
      "{:<50}", result.final_scores() ? "final scores, recomputed" : "scores reached, recomputed");
  for (const auto& c : ex.colours)
    totals += fmt::format("{:>8}", get(scores, c));
  out += totals + "\n";
  if (!ex.final_claims.empty()) {
    std::string claims = fmt::format("{:<50}", "final scores, claimed");
    for (const auto& c : ex.colours)
      claims += fmt::format(
          "{:>8}", has(ex.final_claims, c) ? std::to_string(get(ex.final_claims, c)) : "-");
    out += claims + "\n";
  }
  if (!rt.recomputed.empty()) {
    std::string running = fmt::format("{:<50}", "the steps' claims add up to");
    for (const auto& c : ex.colours)
      running += fmt::format("{:>8}", get(rt.claimed.back(), c));
    out += running + "\n";
  }
  if (!result.winners.empty()) {
    std::string w;
    for (const auto& c : result.winners)
      w += (w.empty() ? "" : ", ") + c;
    out += fmt::format("winners: {}\n", w);
  }
  out += "\n";
  auto disputes = dispute_findings(result);
  if (disputes.empty()) {
    out += violations.empty() ? "every claim agrees with the recomputation\n"
                              : "no claim is disputed; the record is illegal (above)\n";
  } else {
    out += fmt::format("{} claim{} differ{} from the recomputation:\n", disputes.size(),
                       disputes.size() == 1 ? "" : "s", disputes.size() == 1 ? "s" : "");
    for (const Diagnostic* d : disputes)
      out += fmt::format("  {}\n", finding_text(*d));
  }
  return out;
}

std::string explain_json(const std::string& file, const GameResult& result, const Explanation& ex) {
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
  w.key("game").value(result.game);
  w.key("verdict").value(to_string(result.verdict));
  w.key("finished").value(result.finished);
  w.key("colours").begin_array();
  for (const auto& c : ex.colours)
    w.value(c);
  w.end_array();
  w.key("violations").begin_array();
  for (const Diagnostic* d : rule_findings(result))
    write_diagnostic(w, *d);
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
    w.key("totals_after");
    if (s.totals_after.empty())
      w.null();
    else
      points(s.totals_after);
    w.key("claims_are_totals").value(s.claims_totals);
    w.key("recomputed_totals");
    if (s.recomputed_totals.empty())
      w.null();
    else
      points(s.recomputed_totals);
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
  points(result.scores_known ? result.scores : ex.totals);
  w.key("final_claims");
  if (ex.final_claims.empty())
    w.null();
  else
    points(ex.final_claims);
  w.key("disputes").begin_array();
  for (const Diagnostic* d : dispute_findings(result))
    write_diagnostic(w, *d);
  w.end_array();
  w.key("winners").begin_array();
  for (const auto& c : result.winners)
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
