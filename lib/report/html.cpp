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
td.num,th.num{text-align:right}td.num{white-space:nowrap}
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
.chart .cursor{stroke:#444;stroke-dasharray:3 3}.chart .tick{stroke:#999;stroke-width:1}
.chart .tick-label{font:10px sans-serif;fill:#555}
.legend{list-style:none;padding:0;columns:2}.legend li{margin:.15em 0}.legend svg{vertical-align:middle}
.legend svg .empty{fill:#f3efe4;stroke:#c9c2b0}
svg .illegal-frame{fill:none;stroke:#d00;stroke-width:4}svg .illegal-place{fill:none;stroke:#d00;stroke-width:3;stroke-dasharray:6 3}.illegal-note{color:#b22;font-weight:bold}
.illegal-mark{color:#d00;font-weight:bold}.claim{color:#555;font-size:.9em}
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
  function show(i,keepHash){
    i=Math.max(0,Math.min(frames.length-1,i));
    frames.forEach(function(f,k){f.hidden=(k!==i);});
    slider.value=i;
    label.textContent=frames[i].getAttribute('data-label');
    if(cursor){var x=cursor.getAttribute('data-x0')*1+i*(cursor.getAttribute('data-dx')*1);
      cursor.setAttribute('x1',x);cursor.setAttribute('x2',x);}
    if(!keepHash&&history.replaceState)history.replaceState(null,'','#'+frames[i].id);
  }
  function current(){return slider.value*1;}
  function byId(id){for(var k=0;k<frames.length;++k)if(frames[k].id===id)return k;return -1;}
  document.getElementById('first').onclick=function(){show(0);};
  document.getElementById('prev').onclick=function(){show(current()-1);};
  document.getElementById('next').onclick=function(){show(current()+1);};
  document.getElementById('last').onclick=function(){show(frames.length-1);};
  slider.oninput=function(){show(current());};
  [].slice.call(document.querySelectorAll('[data-goto]')).forEach(function(a){
    a.onclick=function(e){e.preventDefault();show(byId(a.getAttribute('data-goto')));
      document.getElementById('board').scrollIntoView();};
  });
  document.addEventListener('keydown',function(e){
    if(e.key==='ArrowLeft')show(current()-1);if(e.key==='ArrowRight')show(current()+1);});
  function fromHash(){
    var h=location.hash.slice(1),k=byId(h);
    if(k>=0){show(k,true);document.getElementById('board').scrollIntoView();return;}
    var f=document.getElementById(h);
    if(f&&f.getAttribute('data-frame'))show(byId(f.getAttribute('data-frame')),true);
  }
  show(0,true);
  window.addEventListener('hashchange',fromHash);
  if(location.hash==='#selftest-last'){
    document.getElementById('last').click();
    var visible=frames.filter(function(f){return !f.hidden;})[0];
    var drawn=visible.querySelectorAll('[data-piece]').length;
    var out=document.createElement('pre');out.id='selftest';
    out.textContent='step='+frames.indexOf(visible)+' turn='+visible.getAttribute('data-turn')+
      ' drawn='+drawn+' expected='+visible.getAttribute('data-pieces')+
      ' caption='+visible.getAttribute('data-scores')+' table='+document.getElementById('scores').getAttribute('data-scores');
    document.body.appendChild(out);
  }else if(location.hash){fromHash();}
})();
)js";

// "red 12 · blue 9", the scores as the captions and the score table state them.
std::string scores_text(const ColourPoints& scores) {
  std::string out;
  for (const auto& [c, p] : scores)
    out += fmt::format("{}{} {}", out.empty() ? "" : " · ", c, p);
  return out;
}

int points_of(const ColourPoints& points, const std::string& colour) {
  for (const auto& [c, p] : points)
    if (c == colour) return p;
  return 0;
}

bool has_colour(const ColourPoints& points, const std::string& colour) {
  for (const auto& [c, p] : points)
    if (c == colour) return true;
  return false;
}

// One position of the slider: a turn's board, or a step of the end of the game on the board of
// the last turn.
struct SliderStep {
  std::string id;     // "turn-12", "end-1"
  std::string label;  // "after turn 12 (red)", "end: Mongol attack on 1A.R2"
  const Frame* frame = nullptr;
  ColourPoints scores;
  std::vector<const Diagnostic*> violations;  // rule findings of this turn
};

// A tick step for an axis spanning `range` units with at most `most` ticks: 1, 2, 5, 10, 20, …
int tick_step(int range, int most) {
  for (long long scale = 1;; scale *= 10)
    for (long long m : {1, 2, 5})
      if (range / (m * scale) < most) return static_cast<int>(m * scale);
}

std::string score_chart(const std::vector<std::string>& colours,
                        const std::vector<SliderStep>& steps) {
  const double width = 680, height = 240, left = 44, right = 20, top = 12, bottom = 40;
  int lo = 0, hi = 1;
  for (const auto& s : steps)
    for (const auto& [c, p] : s.scores)
      lo = std::min(lo, p), hi = std::max(hi, p);
  double n = std::max<std::size_t>(steps.size() - 1, 1);
  double dx = (width - left - right) / n;
  auto y = [&](int v) { return top + (hi - v) * (height - top - bottom) / std::max(1, hi - lo); };
  std::string out = fmt::format("<svg viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\">", width,
                                height, width, height);
  // The points axis, with a tick and a label every few points.
  out += fmt::format("<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", left, top,
                     left, height - bottom);
  int ystep = tick_step(hi - lo, 8);
  for (int v = (lo / ystep) * ystep; v <= hi; v += ystep) {
    if (v < lo) continue;
    out += fmt::format(
        "<line class=\"tick\" x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\"/>"
        "<text class=\"tick-label\" x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>",
        left - 4, y(v), left, y(v), left - 6, y(v) + 4, v);
  }
  out += fmt::format("<line class=\"axis\" x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\"/>", left,
                     y(0), width - right, y(0));
  // The turn axis: a tick per slider step, labelled every few turns and at the end steps.
  int turns = 0;
  for (const auto& s : steps)
    if (s.id.rfind("turn-", 0) == 0) ++turns;
  int xstep = tick_step(std::max(turns - 1, 1), 12);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    double x = left + static_cast<double>(i) * dx;
    bool end = steps[i].id.rfind("end-", 0) == 0;
    out += fmt::format("<line class=\"tick\" x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\"/>", x,
                       height - bottom, x, height - bottom + 4);
    if (end && (i + 1 == steps.size() || steps[i + 1].id.rfind("end-", 0) != 0))
      out += fmt::format(
          "<text class=\"tick-label\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">end</text>", x,
          height - bottom + 16);
    else if (!end && static_cast<int>(i) % xstep == 0)
      out += fmt::format(
          "<text class=\"tick-label\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>", x,
          height - bottom + 16, i);
  }
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">turn</text>",
                     left + (width - left - right) / 2, height - 6);
  out += fmt::format(
      "<text x=\"12\" y=\"{}\" transform=\"rotate(-90 12 {})\" text-anchor=\"middle\">points"
      "</text>",
      top + (height - top - bottom) / 2, top + (height - top - bottom) / 2);
  for (const auto& colour : colours) {
    std::string points;
    for (std::size_t i = 0; i < steps.size(); ++i)
      points +=
          fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ",
                      left + static_cast<double>(i) * dx, y(points_of(steps[i].scores, colour)));
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

// What a style class of the board drawings stands for, for the legend.
struct StyleMeaning {
  std::string_view style;
  std::string_view meaning;
};
constexpr StyleMeaning kLegend[] = {
    {"empty", "an empty space"},
    {"claimed", "claimed (a piece announced, not yet built)"},
    {"destroyed", "destroyed (pale, outlined)"},
    {"tower", "a tower (thick black outline)"},
    {"double", "a double wall (thin black outline)"},
    {"region", "a region"},
    {"removed", "removed from play (dashed)"},
    {"province", "a province"},
    {"scored", "a province already scored"},
    {"card", "a card"},
    {"neutral", "neutral pieces"},
};

// Whether the place `area` is `id` or lies within it ("S1.3" within "S1").
bool within(const std::string& area, const std::string& id) {
  return area.size() >= id.size() && area.compare(0, id.size(), id) == 0 &&
         (area.size() == id.size() || area[id.size()] == '.');
}

// A dashed red ring round each place that the turn's illegal actions involve, over the board.
std::string place_rings(const Scene& scene, const std::vector<const Diagnostic*>& violations) {
  std::string out;
  std::vector<std::string> done;
  for (const Diagnostic* d : violations)
    for (const std::string& id : d->involves) {
      if (id.empty() || std::find(done.begin(), done.end(), id) != done.end()) continue;
      done.push_back(id);
      bool any = false;
      double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
      for (const PlaceArea& a : scene.places) {
        if (!within(a.id, id)) continue;
        x0 = any ? std::min(x0, a.x) : a.x;
        y0 = any ? std::min(y0, a.y) : a.y;
        x1 = any ? std::max(x1, a.x + a.width) : a.x + a.width;
        y1 = any ? std::max(y1, a.y + a.height) : a.y + a.height;
        any = true;
      }
      if (!any) continue;
      const double pad = 3;
      out += fmt::format(
          "<rect class=\"illegal-place\" data-place=\"{}\" x=\"{:.1f}\" y=\"{:.1f}\" "
          "width=\"{:.1f}\" height=\"{:.1f}\" rx=\"4\"><title>{}: named by the illegal action of "
          "line {} [{}]</title>"
          "</rect>",
          xml_escape(id), x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, xml_escape(id),
          d->loc.line, xml_escape(d->rule));
    }
  return out;
}

// The legend: the player colours and the symbols the drawings of this record use, the marks of
// the page, and the abbreviations.
std::string legend(const std::vector<std::string>& colours, const std::vector<SliderStep>& steps,
                   const std::vector<LegendEntry>& given) {
  std::vector<std::string> styles;
  std::vector<std::pair<std::string, std::string>> marks;  // text → meaning
  for (const auto& s : steps)
    for (const auto& shape : s.frame->scene.shapes) {
      std::size_t i = 0;
      while (i < shape.style.size()) {
        std::size_t j = shape.style.find(' ', i);
        if (j == std::string::npos) j = shape.style.size();
        std::string token = shape.style.substr(i, j - i);
        if (!token.empty() && std::find(styles.begin(), styles.end(), token) == styles.end())
          styles.push_back(token);
        i = j + 1;
      }
      if (shape.kind == Shape::Kind::text && shape.style == "mark" &&
          std::find_if(marks.begin(), marks.end(),
                       [&](const auto& m) { return m.first == shape.text; }) == marks.end())
        marks.emplace_back(shape.text, shape.title);
    }
  auto swatch = [](std::string_view cls) {
    return fmt::format(
        "<svg width=\"22\" height=\"14\" viewBox=\"0 0 22 14\"><rect x=\"1\" y=\"1\" width=\"20\" "
        "height=\"12\" class=\"{}\"/></svg>",
        xml_escape(cls));
  };
  std::string out = "<h2 id=\"legend\">Legend</h2><ul class=\"legend\">";
  for (const auto& c : colours)
    out += fmt::format("<li>{} {}: the pieces and points of {}</li>", swatch(c), xml_escape(c),
                       xml_escape(c));
  if (!given.empty()) {
    for (const auto& e : given)
      out += fmt::format(
          "<li>{} {}</li>",
          e.style.empty() ? fmt::format("<b>{}</b>:", xml_escape(e.text)) : swatch(e.style),
          xml_escape(e.meaning));
    styles.clear();
    marks.clear();
  }
  for (const auto& e : kLegend)
    if (std::find(styles.begin(), styles.end(), e.style) != styles.end())
      out += fmt::format("<li>{} {}</li>",
                         swatch(e.style == "claimed"     ? "empty claimed"
                                : e.style == "tower"     ? "neutral tower"
                                : e.style == "double"    ? "neutral double"
                                : e.style == "destroyed" ? "neutral destroyed"
                                : e.style == "scored"    ? "province scored"
                                : e.style == "removed"   ? "region removed"
                                                         : e.style),
                         e.meaning);
  std::sort(marks.begin(), marks.end());
  for (const auto& [text, meaning] : marks)
    out +=
        fmt::format("<li><b>{}</b> on a piece: {}</li>", xml_escape(text),
                    meaning.empty() ? std::string("see the piece's tooltip") : xml_escape(meaning));
  out +=
      "<li><span class=\"illegal-mark\">red frame</span>: the board after a turn with an "
      "illegal action, named above the board</li>"
      "<li><span class=\"illegal-mark\">dashed red ring</span>: the space, piece or section "
      "that the turn's illegal action names</li>"
      "<li>|◀ ◀ ▶ ▶|: the set-up, the previous step, the next step, the last step (the arrow "
      "keys also step); each step has its own address, e.g. #turn-12</li>"
      "<li>turn 0: the set-up; <i>end</i>: the scoring at the end of the game, after the last "
      "turn</li>"
      "<li>+3 / −2: points a step gives or takes; <i>claimed</i>: the figure the record "
      "writes there; <i>claimed total</i>: the score the record gives at that point</li>"
      "<li>VP: victory points; ok, disputed, illegal: the verdict (disputed: a claimed figure "
      "differs from the recomputed one)</li>"
      "<li>[CC-406]: the rule (or format requirement) a finding cites</li>"
      "</ul>";
  return out;
}

}  // namespace

std::string html_report(const std::string& file, const std::string& game_title,
                        const GameResult& result, const GameHistory& history) {
  std::vector<Frame> frames;
  for (int t = 0; t <= history.turns(); ++t)
    frames.push_back(history.frame(t));
  Explanation ex = history.explanation();
  const std::vector<std::string> colours = history.colours();

  // The slider: every turn, then each scoring step of the end of the game on the last board.
  std::vector<SliderStep> steps;
  for (const auto& f : frames) {
    SliderStep s;
    s.id = fmt::format("turn-{}", f.turn);
    s.label = f.label;
    s.frame = &f;
    s.scores = f.scores;
    for (const auto& d : result.diagnostics.items())
      if (d.kind == FindingKind::rule && !d.follow_on && d.turn == f.turn && f.turn > 0)
        s.violations.push_back(&d);
    steps.push_back(std::move(s));
  }
  // Where the board of the last turn does not show the result's scores yet, the scoring steps
  // of the end (a Mongol attack, victory-point cards shown) are steps of the slider.
  int end_steps = 0;
  bool scored_after_play = result.scores_known && steps.back().scores != result.scores;
  for (const auto& e : ex.steps) {
    if (!scored_after_play || e.turn != 0 || e.setup || e.points.empty()) continue;
    SliderStep s;
    s.id = fmt::format("end-{}", ++end_steps);
    s.label = fmt::format("end of the game: {}", e.title);
    s.frame = &frames.back();
    s.scores = steps.back().scores;
    for (auto& [c, p] : s.scores)
      p += points_of(e.points, c);
    steps.push_back(std::move(s));
  }
  // The last step states the scores of the result, as the score table does.
  if (result.scores_known && !result.scores.empty()) {
    bool same = steps.back().scores == result.scores;
    if (!same) {
      SliderStep s;
      s.id = fmt::format("end-{}", ++end_steps);
      s.label = result.final_scores() ? "final scores" : "scores of the record as checked";
      s.frame = &frames.back();
      s.scores = result.scores;
      steps.push_back(std::move(s));
    }
  }

  std::string name = file;
  if (auto slash = name.find_last_of('/'); slash != std::string::npos && slash + 1 < name.size())
    name = name.substr(slash + 1);
  std::string verdict(to_string(result.verdict));
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  out += fmt::format("<title>{}</title><style>{}</style></head><body>", xml_escape(name), kStyle);
  out += fmt::format("<h1>{} <span class=\"verdict v-{}\">{}</span></h1>", xml_escape(file),
                     verdict, verdict);
  out += fmt::format("<p>{}{}</p>", xml_escape(game_title),
                     result.finished ? ", finished" : ", unfinished");
  for (const auto& remark : result.remarks)
    out += fmt::format("<p>{}</p>", xml_escape(remark));
  out += fmt::format(
      "<table id=\"scores\" data-scores=\"{}\"><tr><th>colour</th><th class=\"num\">{}</th></tr>",
      xml_escape(scores_text(result.scores)),
      result.final_scores() ? "final score" : "score so far");
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
      "step\">◀</button>"
      "<button id=\"next\" title=\"next step\">▶</button><button id=\"last\" title=\"last "
      "step\">▶|</button>";
  out += fmt::format(
      "<input type=\"range\" id=\"turn\" min=\"0\" max=\"{}\" value=\"0\"><span "
      "id=\"turn-label\"></span></div>",
      steps.size() - 1);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const SliderStep& s = steps[i];
    const Frame& f = *s.frame;
    out += fmt::format(
        "<div class=\"frame{}\" id=\"{}\" data-turn=\"{}\" data-pieces=\"{}\" data-label=\"{}\" "
        "data-scores=\"{}\"{}>",
        s.violations.empty() ? "" : " illegal", s.id, f.turn, f.pieces_on_board,
        xml_escape(s.label), xml_escape(scores_text(s.scores)), i == 0 ? "" : " hidden");
    for (const Diagnostic* d : s.violations)
      out += fmt::format(
          "<p class=\"illegal-note\">✗ illegal in this turn: line {}: {} <b>[{}]</b></p>",
          d->loc.line, xml_escape(d->message), xml_escape(d->rule));
    std::string svg = scene_svg(f.scene);
    if (!s.violations.empty()) {
      // The illegal action marked on the board: a red frame round the drawing, and a ring
      // round each place it names.
      std::string mark = fmt::format(
          "<rect class=\"illegal-frame\" x=\"1\" y=\"1\" width=\"{}\" height=\"{}\"><title>illegal "
          "action in turn {}</title></rect>{}</svg>",
          std::max(0.0, f.scene.width - 2), std::max(0.0, f.scene.height - 2), f.turn,
          place_rings(f.scene, s.violations));
      svg.replace(svg.size() - 6, 6, mark);
    }
    out += svg;
    out += fmt::format("<p class=\"caption\">{} — scores: {}</p></div>", xml_escape(s.label),
                       xml_escape(scores_text(s.scores)));
  }

  out += "<h2>Score race</h2><div class=\"chart\">" + score_chart(colours, steps) + "</div>";
  out += legend(colours, steps, history.legend());

  out += "<h2>Findings</h2><ul class=\"findings\">";
  if (result.diagnostics.empty()) out += "<li>none: every rule holds and every claim agrees</li>";
  std::size_t k = 0;
  for (const auto& d : result.diagnostics.items()) {
    std::string sev(to_string(d.severity()));
    std::string frame =
        d.turn > 0 ? fmt::format("turn-{}", std::min(d.turn, history.turns())) : steps.back().id;
    std::string link = d.turn > 0 ? fmt::format(" <a href=\"#{}\" data-goto=\"{}\">turn {}</a>",
                                                frame, frame, d.turn)
                                  : "";
    std::string rule_text;
    if (const Rule* rule = find_rule(builtin_registry(), d.rule))
      rule_text = fmt::format("<div class=\"rule\"><b>{} {}</b>: {}</div>", xml_escape(rule->id),
                              xml_escape(rule->title), xml_escape(rule->statement));
    ++k;
    out += fmt::format(
        "<li class=\"sev-{}\" id=\"finding-{}\" data-frame=\"{}\"><a href=\"#finding-{}\">#</a> "
        "line {}{}: {} <b>[{}]</b>{}{}</li>",
        sev, k, frame, k, d.loc.line, link, xml_escape(d.message), xml_escape(d.rule),
        d.follow_on ? fmt::format(" (follows from line {})", d.follows_line) : "", rule_text);
  }
  out += "</ul>";

  out += "<h2>Score audit</h2><table><tr><th>turn</th><th>step</th>";
  for (const auto& c : ex.colours)
    out += fmt::format("<th class=\"num\">{}</th>", xml_escape(c));
  out += "</tr>";
  int end_index = 0;
  for (const auto& s : ex.steps) {
    std::string target = s.turn    ? fmt::format("turn-{}", std::min(s.turn, history.turns()))
                         : s.setup ? std::string("turn-0")
                         : s.points.empty() || !scored_after_play
                             ? steps.back().id
                             : fmt::format("end-{}", ++end_index);
    std::string label = s.turn ? std::to_string(s.turn) : s.setup ? "set-up" : "end";
    std::string turn = target.empty() ? label
                                      : fmt::format("<a href=\"#{}\" data-goto=\"{}\">{}</a>",
                                                    target, target, label);
    out += fmt::format("<tr class=\"step\"><td>{}</td><td>{}<div class=\"why\">", turn,
                       xml_escape(s.title));
    for (const auto& l : s.lines)
      out += xml_escape(l) + "<br>";
    out += "</div></td>";
    for (const auto& c : ex.colours) {
      int v = points_of(s.points, c);
      std::string cell = v ? fmt::format("{:+}", v) : "";
      if (has_colour(s.totals_after, c))
        cell += fmt::format("{}<span class=\"total\">total {}</span>", cell.empty() ? "" : "<br>",
                            points_of(s.totals_after, c));
      if (has_colour(s.claimed, c)) {
        int claim = points_of(s.claimed, c);
        std::string figure = s.claims_totals ? fmt::format("claimed total {}", claim)
                                             : fmt::format("claimed {:+}", claim);
        if (s.claims_totals && has_colour(s.recomputed_totals, c))
          figure += fmt::format(", recomputed {}", points_of(s.recomputed_totals, c));
        cell +=
            fmt::format("{}<span class=\"claim\">{}</span>", cell.empty() ? "" : "<br>", figure);
      } else if (!s.claimed.empty() && !s.claims_totals) {
        cell +=
            fmt::format("{}<span class=\"claim\">claimed +0</span>", cell.empty() ? "" : "<br>");
      }
      out += fmt::format("<td class=\"num\">{}</td>", cell);
    }
    out += "</tr>";
  }
  out += fmt::format("<tr><th></th><th>{}</th>",
                     result.final_scores() ? "final score" : "score so far");
  for (const auto& c : ex.colours)
    out += fmt::format("<th class=\"num\">{}</th>",
                       points_of(result.scores_known ? result.scores : ex.totals, c));
  out += "</tr></table>";
  auto disputes = dispute_findings(result);
  if (disputes.empty() && result.verdict != Verdict::illegal)
    out += "<p>every claim agrees with the recomputation</p>";
  for (const Diagnostic* d : disputes)
    out += fmt::format("<p class=\"differs\">line {}: {} <b>[{}]</b></p>", d->loc.line,
                       xml_escape(d->message), xml_escape(d->rule));
  for (const auto& n : ex.notes)
    out += fmt::format("<p>{}</p>", xml_escape(n));
  out += fmt::format("<script>{}</script></body></html>\n", kScript);
  return out;
}

}  // namespace wallaudit::report
