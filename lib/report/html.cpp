#include "report/html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "core/registry.hpp"
#include "core/rules.hpp"
#include "report/explain.hpp"
#include "report/frames.hpp"

namespace wallaudit::report {

namespace {

const char* const kStyle = R"css(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fcfbf8}
h1{font-size:1.4em;margin:0 0 .3em}h2{font-size:1.1em;margin:1.4em 0 .4em}
.verdict{display:inline-block;padding:.1em .6em;border-radius:.3em;color:#fff;font-weight:bold}
.v-ok{background:#2a7d2a}.v-disputed{background:#b8860b}.v-illegal{background:#b22}.v-malformed{background:#555}
table{border-collapse:collapse}td,th{padding:.15em .6em;text-align:left;border-bottom:1px solid #e4e0d6}
td.num,th.num{text-align:right}
.controls{margin:.6em 0;display:flex;gap:.4em;align-items:center}
.controls input[type=range]{width:24em}
.frame svg{max-width:100%;height:auto;background:#fff;border:1px solid #ddd}
svg .red{fill:#d0312d}svg .green{fill:#2e8b3a}svg .blue{fill:#2d5fd0}svg .purple{fill:#7b3fb0}
svg .neutral{fill:#9a9a9a}svg .yellow{fill:#e0b000}svg .brown{fill:#8b5a2b}svg .white{fill:#f0f0f0;stroke:#888}
svg .orange{fill:#e8780c}
svg .empty{fill:#f3efe4;stroke:#c9c2b0}svg .empty.claimed{fill:#efe6c6;stroke:#b59a3a;stroke-dasharray:3 2}
svg .destroyed{fill-opacity:.35;stroke:#333;stroke-width:1}svg .destroyed-mark{stroke:#222;stroke-width:2;fill:none}
svg .tower{stroke:#000;stroke-width:2}svg .double{stroke:#000;stroke-width:.5}
svg .region{fill:#ece6f5;stroke:#b9aed0}svg .region.removed{fill:#f5f5f5;stroke-dasharray:4 3}
svg .province{fill:#f8efd3;stroke:#d5c08a}svg .province.scored{fill:#f0d98c}
svg .card{stroke:#000;stroke-width:.5}svg text{font:11px sans-serif;fill:#333}
svg .mark{font-weight:bold;fill:#fff}svg .label{font-weight:bold}
.chart svg{background:#fff;border:1px solid #ddd}.chart .axis{stroke:#999;stroke-width:1}
.chart polyline{fill:none;stroke-width:2}.chart .red{stroke:#d0312d}.chart .green{stroke:#2e8b3a}
.chart .blue{stroke:#2d5fd0}.chart .purple{stroke:#7b3fb0}.chart .yellow{stroke:#e0b000}
.chart .brown{stroke:#8b5a2b}.chart .white{stroke:#777}.chart .orange{stroke:#e8780c}
.chart .cursor{stroke:#444;stroke-dasharray:3 3}
.findings li{margin:.2em 0}.findings .rule{color:#333;font-size:.9em;margin:.1em 0 .4em 1em}.sev-error{color:#b22}.sev-warning{color:#a07000}.sev-note{color:#555}
.step td{vertical-align:top}.step .why{color:#555;font-size:.92em}.differs{color:#b22;font-weight:bold}
pre.blocks{background:#fff;border:1px solid #ddd;padding:.6em;overflow-x:auto}
)css";

const char* const kScript = R"js(
(function(){
  var frames=[].slice.call(document.querySelectorAll('.frame'));
  var slider=document.getElementById('turn');
  var label=document.getElementById('turn-label');
  var cursor=document.getElementById('cursor');
  function show(i){
    i=Math.max(0,Math.min(frames.length-1,i));
    frames.forEach(function(f,k){f.hidden=(k!==i);});
    slider.value=i;
    label.textContent=frames[i].getAttribute('data-label');
    if(cursor){var x=cursor.getAttribute('data-x0')*1+i*(cursor.getAttribute('data-dx')*1);
      cursor.setAttribute('x1',x);cursor.setAttribute('x2',x);}
  }
  function current(){return slider.value*1;}
  document.getElementById('first').onclick=function(){show(0);};
  document.getElementById('prev').onclick=function(){show(current()-1);};
  document.getElementById('next').onclick=function(){show(current()+1);};
  document.getElementById('last').onclick=function(){show(frames.length-1);};
  slider.oninput=function(){show(current());};
  [].slice.call(document.querySelectorAll('[data-goto]')).forEach(function(a){
    a.onclick=function(e){e.preventDefault();show(a.getAttribute('data-goto')*1);
      document.getElementById('board').scrollIntoView();};
  });
  document.addEventListener('keydown',function(e){
    if(e.key==='ArrowLeft')show(current()-1);if(e.key==='ArrowRight')show(current()+1);});
  show(0);
  if(location.hash==='#selftest-last'){
    document.getElementById('last').click();
    var visible=frames.filter(function(f){return !f.hidden;})[0];
    var drawn=visible.querySelectorAll('[data-piece]').length;
    var out=document.createElement('pre');out.id='selftest';
    out.textContent='turn='+visible.getAttribute('data-turn')+' drawn='+drawn+' expected='+visible.getAttribute('data-pieces');
    document.body.appendChild(out);
  }
})();
)js";

std::string score_chart(const GameHistory& history, const std::vector<Frame>& frames) {
  const double width = 640, height = 220, left = 40, right = 20, top = 12, bottom = 28;
  int lo = 0, hi = 1;
  for (const auto& f : frames)
    for (const auto& [c, p] : f.scores)
      lo = std::min(lo, p), hi = std::max(hi, p);
  double n = std::max<std::size_t>(frames.size() - 1, 1);
  double dx = (width - left - right) / n;
  auto y = [&](int v) { return top + (hi - v) * (height - top - bottom) / std::max(1, hi - lo); };
  std::string out = fmt::format("<svg viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\">", width,
                                height, width, height);
  out += fmt::format("<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", left, y(0),
                     width - right, y(0));
  out += fmt::format("<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", left, top,
                     left, height - bottom);
  out += fmt::format("<text x=\"4\" y=\"{}\">{}</text><text x=\"4\" y=\"{}\">{}</text>", y(hi) + 4,
                     hi, y(lo) + 4, lo);
  out += fmt::format("<text x=\"{}\" y=\"{}\">turn</text>", width - right - 24, height - 6);
  for (const auto& colour : history.colours()) {
    std::string points;
    for (std::size_t i = 0; i < frames.size(); ++i) {
      int v = 0;
      for (const auto& [c, p] : frames[i].scores)
        if (c == colour) v = p;
      points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", left + i * dx, y(v));
    }
    out += fmt::format("<polyline class=\"{}\" points=\"{}\"><title>{}</title></polyline>",
                       xml_escape(colour), points, xml_escape(colour));
  }
  out += fmt::format(
      "<line id=\"cursor\" class=\"cursor\" data-x0=\"{}\" data-dx=\"{}\" x1=\"{}\" y1=\"{}\" "
      "x2=\"{}\" y2=\"{}\"/>",
      left, dx, left, top, left, height - bottom);
  out += "</svg>";
  return out;
}

}  // namespace

std::string html_report(const std::string& file, const std::string& game_title,
                        const GameResult& result, const GameHistory& history) {
  std::vector<Frame> frames;
  for (int t = 0; t <= history.turns(); ++t)
    frames.push_back(history.frame(t));
  Explanation ex = history.explanation();
  std::string verdict(to_string(result.verdict));
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  out += fmt::format("<title>{} — wallaudit</title><style>{}</style></head><body>",
                     xml_escape(file), kStyle);
  out += fmt::format("<h1>{} <span class=\"verdict v-{}\">{}</span></h1>", xml_escape(file),
                     verdict, verdict);
  out += fmt::format("<p>{}{}</p>", xml_escape(game_title),
                     result.finished ? ", finished" : ", unfinished");
  for (const auto& remark : result.remarks)
    out += fmt::format("<p>{}</p>", xml_escape(remark));
  out += "<table><tr><th>colour</th><th class=\"num\">score</th></tr>";
  for (const auto& [c, p] : result.scores)
    out += fmt::format(
        "<tr><td>{}{}</td><td class=\"num\">{}</td></tr>", xml_escape(c),
        std::find(result.winners.begin(), result.winners.end(), c) != result.winners.end()
            ? " (winner)"
            : "",
        p);
  out += "</table>";

  out +=
      "<h2 id=\"board\">The board</h2><div class=\"controls\">"
      "<button id=\"first\" title=\"set-up\">|◀</button><button id=\"prev\" title=\"previous "
      "turn\">◀</button>"
      "<button id=\"next\" title=\"next turn\">▶</button><button id=\"last\" title=\"last "
      "turn\">▶|</button>";
  out += fmt::format(
      "<input type=\"range\" id=\"turn\" min=\"0\" max=\"{}\" value=\"0\"><span "
      "id=\"turn-label\"></span></div>",
      frames.size() - 1);
  for (const auto& f : frames) {
    out +=
        fmt::format("<div class=\"frame\" data-turn=\"{}\" data-pieces=\"{}\" data-label=\"{}\"{}>",
                    f.turn, f.pieces_on_board, xml_escape(f.label), f.turn == 0 ? "" : " hidden");
    out += scene_svg(f.scene);
    std::string scores;
    for (const auto& [c, p] : f.scores)
      scores += fmt::format("{}{} {}", scores.empty() ? "" : " · ", c, p);
    out += fmt::format("<p>{} — scores: {}</p></div>", xml_escape(f.label), xml_escape(scores));
  }

  out += "<h2>Score race</h2><div class=\"chart\">" + score_chart(history, frames) + "</div>";

  out += "<h2>Findings</h2><ul class=\"findings\">";
  if (result.diagnostics.empty()) out += "<li>none: every rule holds and every claim agrees</li>";
  for (const auto& d : result.diagnostics.items()) {
    std::string sev(to_string(d.severity()));
    std::string link = d.turn > 0 ? fmt::format(" <a href=\"#board\" data-goto=\"{}\">turn {}</a>",
                                                std::min(d.turn, history.turns()), d.turn)
                                  : "";
    std::string rule_text;
    if (const Rule* rule = find_rule(builtin_registry(), d.rule))
      rule_text = fmt::format("<div class=\"rule\"><b>{} {}</b>: {}</div>", xml_escape(rule->id),
                              xml_escape(rule->title), xml_escape(rule->statement));
    out += fmt::format("<li class=\"sev-{}\">line {}{}: {} <b>[{}]</b>{}{}</li>", sev, d.loc.line,
                       link, xml_escape(d.message), xml_escape(d.rule),
                       d.follow_on ? fmt::format(" (follows from line {})", d.follows_line) : "",
                       rule_text);
  }
  out += "</ul>";

  out += "<h2>Score audit</h2><table><tr><th>turn</th><th>step</th>";
  for (const auto& c : ex.colours)
    out += fmt::format("<th class=\"num\">{}</th>", xml_escape(c));
  out += "</tr>";
  for (const auto& s : ex.steps) {
    std::string turn = s.turn    ? fmt::format("<a href=\"#board\" data-goto=\"{}\">{}</a>",
                                               std::min(s.turn, history.turns()), s.turn)
                       : s.setup ? "set-up"
                                 : "end";
    out += fmt::format("<tr class=\"step\"><td>{}</td><td>{}<div class=\"why\">", turn,
                       xml_escape(s.title));
    for (const auto& l : s.lines)
      out += xml_escape(l) + "<br>";
    out += "</div></td>";
    for (const auto& c : ex.colours) {
      int v = 0;
      std::optional<int> claim;
      for (const auto& [cc, p] : s.points)
        if (cc == c) v = p;
      for (const auto& [cc, p] : s.claimed)
        if (cc == c) claim = p;
      if (!s.claimed.empty() && !claim) claim = 0;
      std::string cell = v ? fmt::format("{:+}", v) : "";
      if (claim && *claim != v)
        cell += fmt::format(" <span class=\"differs\">(claimed {:+})</span>", *claim);
      out += fmt::format("<td class=\"num\">{}</td>", cell);
    }
    out += "</tr>";
  }
  out += "<tr><th></th><th>total</th>";
  for (const auto& c : ex.colours) {
    int v = 0;
    for (const auto& [cc, p] : ex.totals)
      if (cc == c) v = p;
    out += fmt::format("<th class=\"num\">{}</th>", v);
  }
  out += "</tr></table>";
  RunningTotals rt = running_totals(ex);
  for (const auto& d : rt.divergences)
    out += fmt::format("<p class=\"differs\">{}</p>", xml_escape(d.message));
  for (const auto& n : ex.notes)
    out += fmt::format("<p>{}</p>", xml_escape(n));
  out += fmt::format("<script>{}</script></body></html>\n", kScript);
  return out;
}

}  // namespace wallaudit::report
