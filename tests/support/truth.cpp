#include "support/truth.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <variant>

#include "core/json.hpp"
#include "report/html.hpp"
#include "support/support.hpp"

namespace fs = std::filesystem;

namespace wallaudit::test {

namespace {

JsonValue json_of(const std::string& text, const std::string& what) {
  auto parsed = parse_json(text);
  if (auto* e = std::get_if<JsonParseError>(&parsed)) {
    ADD_FAILURE() << what << ": not JSON: " << e->message << "\n" << text;
    return {};
  }
  return std::get<JsonValue>(parsed);
}

std::string attribute(const std::string& html, const std::string& element_start,
                      const std::string& name) {
  auto at = html.rfind(element_start);
  if (at == std::string::npos) return "<none>";
  auto key = html.find(name + "=\"", at);
  if (key == std::string::npos) return "<none>";
  key += name.size() + 2;
  return html.substr(key, html.find('"', key) - key);
}

}  // namespace

std::string expect_one_truth(const std::string& name, const std::string& xml,
                             const std::string& path) {
  SCOPED_TRACE(name);
  const std::string target = path.empty() ? "-" : path;
  const std::string* input = path.empty() ? &xml : nullptr;
  // A sample may name a board or map file of a sibling folder (../maps/…): that tree is
  // allowed as a definitions directory, as a user checking the folder would have it.
  const std::string tree = path.empty() ? "." : fs::path(path).parent_path().parent_path().string();
  RunResult check = run_cli({"check", "--format", "jsonl", "--definitions", tree, target}, input);
  RunResult text = run_cli({"explain", "--definitions", tree, target}, input);
  RunResult json = run_cli({"explain", "--format", "json", "--definitions", tree, target}, input);
  EXPECT_EQ(text.status, check.status) << text.out << text.err;
  EXPECT_EQ(json.status, check.status);
  std::string first_line = check.out.substr(0, check.out.find('\n'));
  JsonValue record = json_of(first_line, "check");
  const JsonValue* verdict = record.find("verdict");
  if (!verdict || !verdict->is_string()) {
    ADD_FAILURE() << "no verdict: " << check.out;
    return "";
  }
  if (verdict->as_string() == "malformed") {
    EXPECT_EQ(text.status, 2);
    return verdict->as_string();
  }
  // The verdict first, in the words of check.
  std::string head = text.out.substr(0, text.out.find('\n'));
  EXPECT_EQ(head.rfind(fmt::format("Score audit of {}: {}", target, verdict->as_string()), 0), 0u)
      << head;
  JsonValue audit = json_of(json.out, "explain");
  EXPECT_EQ(audit.find("verdict") ? audit.find("verdict")->as_string() : "", verdict->as_string());
  // Every score dispute of check, at the same line with the same message (its figures).
  std::size_t disputes = 0;
  for (const JsonValue& d : record.find("diagnostics")->as_array()) {
    if (d.find("severity")->as_string() != "warning") continue;
    ++disputes;
    std::string line = d.find("line")->is_null() ? std::string("the record")
                                                 : fmt::format("line {}", d.find("line")->as_int());
    const std::string& message = d.find("message")->as_string();
    bool found = false;
    for (std::size_t at = text.out.find(line); at != std::string::npos;
         at = text.out.find(line, at + 1)) {
      std::size_t end = text.out.find('\n', at);
      std::string row = text.out.substr(at, end - at);
      if (row.find(message) != std::string::npos &&
          row.find(d.find("rule")->as_string()) != std::string::npos)
        found = true;
    }
    EXPECT_TRUE(found) << "explain does not name " << line << ": " << message << "\n" << text.out;
  }
  EXPECT_EQ(audit.find("disputes")->as_array().size(), disputes);
  bool agrees = text.out.find("every claim agrees with the recomputation") != std::string::npos;
  EXPECT_EQ(agrees, disputes == 0 && verdict->as_string() == "ok") << text.out;
  if (verdict->as_string() == "illegal") {
    EXPECT_NE(text.out.find("the record is illegal"), std::string::npos) << text.out;
  }
  return verdict->as_string();
}

void expect_report_agrees(const std::string& name, const std::string& xml) {
  SCOPED_TRACE(name);
  CheckContext ctx;
  ctx.keep_history = true;
  GameResult r = check_text(xml, ctx);
  if (!r.history) return;
  std::string html = report::html_report(name, "game", r, *r.history);
  std::string table = attribute(html, "<table id=\"scores\"", "data-scores");
  std::string last = attribute(html, "<div class=\"frame", "data-scores");
  EXPECT_EQ(last, table);
  // Each turn has its own address.
  EXPECT_NE(html.find(fmt::format("id=\"turn-{}\"", r.history->turns())), std::string::npos);
  // The title is the record's file name; a legend and axis ticks are there.
  if (name.size() > 4 && name.substr(name.size() - 4) == ".xml") {
    std::string base = name.substr(name.find_last_of('/') + 1);
    EXPECT_NE(html.find(fmt::format("<title>{}</title>", base)), std::string::npos) << base;
  }
  EXPECT_NE(html.find("<h2 id=\"legend\">Legend</h2>"), std::string::npos);
  EXPECT_NE(html.find("class=\"tick-label\""), std::string::npos);
  // An illegal turn is marked on its board.
  for (const auto& d : r.diagnostics.items()) {
    if (d.kind != FindingKind::rule || d.follow_on || d.turn <= 0 || d.turn > r.history->turns())
      continue;
    EXPECT_NE(html.find(fmt::format("<div class=\"frame illegal\" id=\"turn-{}\"", d.turn)),
              std::string::npos)
        << d.turn;
  }
}

}  // namespace wallaudit::test
