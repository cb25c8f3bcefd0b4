// Drawing frames: styled text (with ANSI colour on a terminal) and SVG.
#pragma once

#include <string>

#include "core/history.hpp"
#include "core/text.hpp"

namespace wallaudit::report {

// The frame as text; `ansi` adds terminal colours.
std::string frame_text(const std::string& title, const Frame& frame, bool ansi);
// The frame's scene as an <svg> element (no XML declaration), with class names for styling.
std::string scene_svg(const Scene& scene, const std::string& id = "");
using wallaudit::xml_escape;  // core/text.hpp

}  // namespace wallaudit::report
