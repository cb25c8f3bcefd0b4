#include "report/moves.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/json.hpp"
#include "report/check_output.hpp"

namespace wallaudit::report {

namespace {

constexpr std::size_t kWidth = 80;

// Adds `text` as lines of at most kWidth columns, each starting with `indent`, breaking at
// spaces (a word longer than a line is cut).
void wrap(std::string& out, std::string_view text, std::string_view first_indent,
          std::string_view indent) {
  std::string line(first_indent);
  bool empty = true;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find(' ', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view word = text.substr(i, j - i);
    i = j + 1;
    if (word.empty()) continue;
    if (!empty && utf8_length(line) + 1 + utf8_length(word) > kWidth) {
      out += line;
      out += '\n';
      line = std::string(indent);
      empty = true;
    }
    while (utf8_length(line) + utf8_length(word) > kWidth && word.size() > 1) {
      std::size_t room = kWidth - std::min(kWidth - 1, utf8_length(line));
      std::size_t cut = std::min(room, word.size());
      while (cut > 1 && (static_cast<unsigned char>(word[cut]) & 0xC0) == 0x80)
        --cut;
      out += line;
      out += word.substr(0, cut);
      out += '\n';
      word.remove_prefix(cut);
      line = std::string(indent);
    }
    if (!empty) line += ' ';
    line += word;
    empty = false;
  }
  if (!empty || line.size() > indent.size()) {
    out += line;
    out += '\n';
  }
}

// The texts of one kind in columns: the actor's prefix is said once in the heading.
void columns(std::string& out, const std::vector<std::string>& texts, std::string_view prefix) {
  std::vector<std::string_view> items;
  std::size_t widest = 0;
  for (const std::string& t : texts) {
    std::string_view item = t;
    if (!prefix.empty() && item.substr(0, prefix.size()) == prefix)
      item.remove_prefix(prefix.size());
    items.push_back(item);
    widest = std::max(widest, utf8_length(item));
  }
  constexpr std::size_t kIndent = 4, kGap = 2;
  if (kIndent + widest > kWidth) {
    for (std::string_view item : items)
      wrap(out, item, "    ", "      ");
    return;
  }
  std::size_t per_line = std::max<std::size_t>(1, (kWidth - kIndent + kGap) / (widest + kGap));
  std::size_t rows = (items.size() + per_line - 1) / per_line;
  for (std::size_t r = 0; r < rows; ++r) {
    std::string line(kIndent, ' ');
    for (std::size_t c = 0; c < per_line; ++c) {
      std::size_t k = c * rows + r;  // down the columns, like ls
      if (k >= items.size()) break;
      std::string cell(items[k]);
      bool last = c + 1 == per_line || (c + 1) * rows + r >= items.size();
      if (!last) cell += std::string(widest + kGap - utf8_length(items[k]), ' ');
      line += cell;
    }
    out += line;
    out += '\n';
  }
}

std::string point(const MovesView& v) {
  if (v.at_end)
    return v.after_turn == 0 ? std::string("after the set-up (the record has no turns)")
                             : fmt::format("after turn {}, where the record stops", v.after_turn);
  return v.after_turn == 0 ? std::string("after the set-up")
                           : fmt::format("after turn {} of {}", v.after_turn, v.turns);
}

}  // namespace

void group_actions(const LegalActions& legal, MovesView& view) {
  for (const ActionPtr& a : legal.listed) {
    std::string kind(a->kind());
    auto it = std::find_if(view.listed.begin(), view.listed.end(),
                           [&](const auto& g) { return g.first == kind; });
    if (it == view.listed.end()) {
      view.listed.emplace_back(kind, std::vector<std::string>{});
      it = std::prev(view.listed.end());
    }
    it->second.push_back(a->text());
  }
  view.described = legal.described;
}

std::string moves_text(const MovesView& v) {
  std::string out;
  wrap(out, fmt::format("{}: {}, {}", v.file, v.game_title, point(v)), "", "  ");
  for (const Diagnostic& d : v.errors) {
    std::string where = d.turn > 0 ? fmt::format("turn {}, line {}", d.turn, d.loc.line)
                                   : fmt::format("line {}", d.loc.line);
    wrap(out, fmt::format("illegal before this point: {}: {} [{}]", where, d.message, d.rule), "",
         "  ");
  }
  if (!v.errors.empty() && !v.terminal)
    wrap(out, "the actions below are those of the state as replayed, illegal moves and all", "",
         "  ");
  if (v.terminal) {
    wrap(out, "the game is over: nobody acts", "", "  ");
    return out;
  }
  wrap(out, fmt::format("next: {}", v.decision), "", "  ");
  std::size_t total = 0;
  for (const auto& [kind, texts] : v.listed)
    total += texts.size();
  if (total == 0 && v.described.empty()) {
    wrap(out, "no action is legal here", "", "  ");
    return out;
  }
  for (const auto& [kind, texts] : v.listed) {
    std::string actor;
    bool shared = true;
    for (const std::string& t : texts) {
      std::string a = t.substr(0, t.find(": ") == std::string::npos ? 0 : t.find(": ") + 2);
      if (&t == &texts.front())
        actor = a;
      else if (a != actor)
        shared = false;
    }
    if (!shared) actor.clear();
    wrap(out,
         fmt::format("{} ({} action{}{}):", kind, texts.size(), texts.size() == 1 ? "" : "s",
                     actor.empty() ? "" : fmt::format(", each \"{}…\"", actor)),
         "  ", "    ");
    columns(out, texts, actor);
  }
  for (const ActionFamily& f : v.described)
    wrap(out, fmt::format("{} (too many to list): {}", f.kind, f.bounds), "  ", "    ");
  return out;
}

std::string moves_json(const MovesView& v) {
  std::string out;
  JsonWriter w(out);
  w.begin_object();
  w.key("file").value(v.file);
  w.key("game").value(v.game);
  w.key("after_turn").value(v.after_turn);
  w.key("turns").value(v.turns);
  w.key("player");
  v.player.empty() ? w.null() : w.value(v.player);
  w.key("decision");
  v.terminal ? w.null() : w.value(v.decision);
  w.key("terminal").value(v.terminal);
  w.key("illegal_before").value(!v.errors.empty());
  w.key("diagnostics").begin_array();
  for (const Diagnostic& d : v.errors)
    write_diagnostic(w, d);
  w.end_array();
  w.key("actions").begin_object();
  for (const auto& [kind, texts] : v.listed) {
    w.key(kind).begin_array();
    for (const std::string& t : texts)
      w.value(t);
    w.end_array();
  }
  w.end_object();
  w.key("described").begin_array();
  for (const ActionFamily& f : v.described) {
    w.begin_object();
    w.key("kind").value(f.kind);
    w.key("bounds").value(f.bounds);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  out += '\n';
  return out;
}

}  // namespace wallaudit::report
