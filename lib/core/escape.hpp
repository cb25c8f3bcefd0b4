// Escaping text for XML and HTML, for every writer of records and reports.
#pragma once

#include <string>
#include <string_view>

namespace wallaudit {

// Escapes text for XML/HTML content and attribute values (& < > " ').
std::string xml_escape(std::string_view text);

}  // namespace wallaudit
