#include "report/frames.hpp"

#include <fmt/format.h>

namespace wallaudit::report {

namespace {

std::string_view ansi_code(const std::string& style) {
  if (style == "red") return "\x1b[31m";
  if (style == "green") return "\x1b[32m";
  if (style == "blue") return "\x1b[34m";
  if (style == "purple") return "\x1b[35m";
  if (style == "yellow") return "\x1b[33m";
  if (style == "neutral" || style == "brown" || style == "orange" || style == "white")
    return "\x1b[37m";
  if (style == "dim") return "\x1b[2m";
  if (style == "bold") return "\x1b[1m";
  return "";
}

}  // namespace

std::string frame_text(const std::string& title, const Frame& frame, bool ansi) {
  std::string out = fmt::format("{}\n{}\n", title, frame.label);

  for (const auto& block : frame.blocks) {
    out += "\n";
    out += ansi ? fmt::format("\x1b[1m{}\x1b[0m\n", block.title) : block.title + "\n";
    for (const auto& line : block.lines) {
      std::string text;
      for (const auto& span : line) {
        auto code = ansi ? ansi_code(span.style) : std::string_view();
        if (!code.empty())
          text += fmt::format("{}{}\x1b[0m", code, span.text);
        else
          text += span.text;
      }
      while (!text.empty() && text.back() == ' ')
        text.pop_back();
      out += text + "\n";
    }
  }
  if (!frame.scores.empty()) {
    out += "\n";
    std::string scores;
    for (const auto& [c, p] : frame.scores)
      scores += fmt::format("{}{} {}", scores.empty() ? "" : ", ", c, p);
    out += fmt::format("scores: {}\n", scores);
  }
  return out;
}

std::string scene_svg(const Scene& scene, const std::string& id) {
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\"{} viewBox=\"0 0 {} {}\" width=\"{}\" "
      "height=\"{}\">",
      id.empty() ? "" : fmt::format(" id=\"{}\"", xml_escape(id)), scene.width, scene.height,
      scene.width, scene.height);
  for (const auto& s : scene.shapes) {
    std::string cls = s.style.empty() ? "" : fmt::format(" class=\"{}\"", xml_escape(s.style));
    std::string piece =
        s.piece.empty() ? "" : fmt::format(" data-piece=\"{}\"", xml_escape(s.piece));
    std::string title =
        s.title.empty() ? "" : fmt::format("<title>{}</title>", xml_escape(s.title));
    const auto& c = s.coords;
    switch (s.kind) {
      case Shape::Kind::rect:
        if (c.size() >= 4)
          out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}{}>{}</rect>",
                             c[0], c[1], c[2], c[3], cls, piece, title);
        break;
      case Shape::Kind::circle:
        if (c.size() >= 3)
          out += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}{}>{}</circle>", c[0], c[1],
                             c[2], cls, piece, title);
        break;
      case Shape::Kind::polygon:
      case Shape::Kind::line: {
        std::string points;
        for (std::size_t i = 0; i + 1 < c.size(); i += 2)
          points += fmt::format("{}{},{}", points.empty() ? "" : " ", c[i], c[i + 1]);
        out += fmt::format("<{} points=\"{}\"{}{}>{}</{}>",
                           s.kind == Shape::Kind::polygon ? "polygon" : "polyline", points, cls,
                           piece, title, s.kind == Shape::Kind::polygon ? "polygon" : "polyline");
        break;
      }
      case Shape::Kind::text:
        if (c.size() >= 2)
          out += fmt::format("<text x=\"{}\" y=\"{}\"{}>{}</text>", c[0], c[1], cls,
                             xml_escape(s.text));
        break;
    }
  }
  out += "</svg>";
  return out;
}

}  // namespace wallaudit::report
