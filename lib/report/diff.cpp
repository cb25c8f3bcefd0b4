#include "report/diff.hpp"

#include <fmt/format.h>

#include "core/json.hpp"

namespace wallaudit::report {

DiffResult diff_records(const std::string& name_a, const std::vector<CanonicalItem>& a,
                        const std::string& name_b, const std::vector<CanonicalItem>& b) {
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
        "{} and {} record the same game ({} set-up facts and moves agree; meta, "
        "names, claims, annotations and layout are not compared)\n",
        name_a, name_b, a.size());
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
  r.text += fmt::format("{} earlier set-up facts and moves agree\n", i);
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
