// Small text helpers shared by the games and the reports.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wallaudit {

// Escapes text for XML/HTML content and attribute values (& < > " ').
std::string xml_escape(std::string_view text);

// The words of a text (an action's canonical text, say), split at whitespace, empty pieces
// dropped.
std::vector<std::string_view> split_words(std::string_view text);

}  // namespace wallaudit
