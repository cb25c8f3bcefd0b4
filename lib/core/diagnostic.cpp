#include "core/diagnostic.hpp"

#include <algorithm>

namespace wallaudit {

std::string_view to_string(Severity severity) {
  switch (severity) {
    case Severity::error:
      return "error";
    case Severity::warning:
      return "warning";
    case Severity::note:
      return "note";
  }
  return "error";
}

std::string_view to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::ok:
      return "ok";
    case Verdict::disputed:
      return "disputed";
    case Verdict::illegal:
      return "illegal";
    case Verdict::malformed:
      return "malformed";
  }
  return "malformed";
}

Severity Diagnostic::severity() const {
  switch (kind) {
    case FindingKind::format:
    case FindingKind::rule:
      return Severity::error;
    case FindingKind::dispute:
      return Severity::warning;
    case FindingKind::info:
      return Severity::note;
  }
  return Severity::error;
}

Diagnostic& Diagnostics::add(FindingKind kind, std::string rule, SourceLoc loc,
                             std::string message) {
  Diagnostic& d = items_.emplace_back();
  d.kind = kind;
  d.rule = std::move(rule);
  d.loc = loc;
  d.message = std::move(message);
  return d;
}

bool Diagnostics::has(FindingKind kind) const {
  return std::any_of(items_.begin(), items_.end(), [&](auto& d) { return d.kind == kind; });
}

std::size_t Diagnostics::count(FindingKind kind) const {
  return static_cast<std::size_t>(
      std::count_if(items_.begin(), items_.end(), [&](auto& d) { return d.kind == kind; }));
}

void Diagnostics::sort_for_report() {
  std::stable_sort(items_.begin(), items_.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.kind < b.kind; });
}

Verdict Diagnostics::verdict() const {
  if (has(FindingKind::format)) return Verdict::malformed;
  if (has(FindingKind::rule)) return Verdict::illegal;
  if (has(FindingKind::dispute)) return Verdict::disputed;
  return Verdict::ok;
}

}  // namespace wallaudit
