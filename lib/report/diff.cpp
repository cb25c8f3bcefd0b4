#include "report/diff.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>

#include "core/json.hpp"

namespace wallaudit::report {

namespace {

std::string claim_figures(const ColourPoints& claimed, bool totals) {
  std::string out;
  for (const auto& [c, p] : claimed)
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", c,
                       totals ? fmt::format("{}", p) : fmt::format("{:+}", p));
  return out;
}

}  // namespace

std::vector<CanonicalItem> with_claims(std::vector<CanonicalItem> moves, const Explanation& ex) {
  std::vector<CanonicalItem> claims;
  for (const auto& s : ex.steps) {
    if (s.claimed.empty()) continue;
    claims.push_back(
        CanonicalItem{s.turn, s.loc,
                      fmt::format("claimed for {}: {}{}", s.title, s.claims_totals ? "totals " : "",
                                  claim_figures(s.claimed, s.claims_totals))});
  }
  // Claims of a turn follow its moves; claims of the set-up and the end (turn 0) come last.
  std::stable_sort(claims.begin(), claims.end(), [](const auto& x, const auto& y) {
    return (x.turn ? x.turn : INT_MAX) < (y.turn ? y.turn : INT_MAX);
  });
  std::vector<CanonicalItem> out;
  std::size_t c = 0;
  for (std::size_t m = 0; m < moves.size(); ++m) {
    out.push_back(std::move(moves[m]));
    int turn = out.back().turn;
    bool last_of_turn = m + 1 == moves.size() || moves[m + 1].turn != turn;
    if (!last_of_turn || turn == 0) continue;
    while (c < claims.size() && claims[c].turn && claims[c].turn <= turn)
      out.push_back(claims[c++]);
  }
  for (; c < claims.size(); ++c)
    out.push_back(claims[c]);
  if (!ex.final_claims.empty())
    out.push_back(CanonicalItem{0, ex.final_claims_loc,
                                "final claims: " + claim_figures(ex.final_claims, true)});
  return out;
}

DiffResult diff_records(const std::string& name_a, const std::vector<CanonicalItem>& a,
                        const std::string& name_b, const std::vector<CanonicalItem>& b,
                        bool claims) {
  DiffResult r;
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i].text == b[i].text)
    ++i;
  std::string json;
  JsonWriter w(json);
  w.begin_object().key("a").value(name_a).key("b").value(name_b);
  if (i == a.size() && i == b.size()) {
    r.same = true;
    r.text = fmt::format(
        "{} and {} record the same game ({} set-up facts, moves{} agree; meta, names, {}"
        "annotations and layout are not compared)\n",
        name_a, name_b, a.size(), claims ? " and claims" : "", claims ? "" : "claims, ");
    w.key("same").value(true).key("items").value(a.size());
    w.end_object();
    r.json = json + "\n";
    return r;
  }
  auto where = [](const std::string& name, const CanonicalItem& item) {
    return fmt::format("{}:{}", name, item.loc.line);
  };
  auto turn_of = [](const CanonicalItem& item) {
    return item.turn ? fmt::format("turn {}", item.turn) : std::string("the set-up");
  };
  w.key("same").value(false);
  const CanonicalItem* x = i < a.size() ? &a[i] : nullptr;
  const CanonicalItem* y = i < b.size() ? &b[i] : nullptr;
  int turn = x ? x->turn : y->turn;
  if (x && y && x->turn != y->turn) turn = std::min(x->turn, y->turn);
  r.text = fmt::format("{} and {} part at {}:\n", name_a, name_b,
                       turn ? fmt::format("turn {}", turn) : std::string("the set-up"));
  if (x)
    r.text += fmt::format("  {}: {} — {}\n", where(name_a, *x), turn_of(*x), x->text);
  else
    r.text += fmt::format("  {}: ends here ({} items)\n", name_a, a.size());
  if (y)
    r.text += fmt::format("  {}: {} — {}\n", where(name_b, *y), turn_of(*y), y->text);
  else
    r.text += fmt::format("  {}: ends here ({} items)\n", name_b, b.size());
  r.text += fmt::format("{} earlier set-up facts{} agree\n", i,
                        claims ? ", moves and claims" : " and moves");
  w.key("turn");
  turn ? w.value(turn) : w.null();
  w.key("agreeing_items").value(i);
  for (auto [key, item] : {std::pair{"at_a", x}, std::pair{"at_b", y}}) {
    w.key(key);
    if (!item) {
      w.null();
      continue;
    }
    w.begin_object();
    w.key("line").value(static_cast<long long>(item->loc.line));
    w.key("turn");
    item->turn ? w.value(item->turn) : w.null();
    w.key("says").value(item->text);
    w.end_object();
  }
  w.end_object();
  r.json = json + "\n";
  return r;
}

}  // namespace wallaudit::report
