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

// An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, …
std::string ordinal(int n);

}  // namespace wallaudit
