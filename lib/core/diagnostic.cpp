#include "core/diagnostic.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

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

std::string modelled_note(std::string_view what, std::string_view name) {
  return fmt::format(
      "the {} \"{}\" is built in and modelled, not the printed one (its layout is not "
      "published): the verdict holds for the model; give the real {} with --boards FILE",
      what, name, what);
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

namespace {

// A message quoting a huge name or value from a record (an element name of a megabyte) keeps
// its beginning and its end, cut on character boundaries.
std::string bounded_message(std::string message) {
  constexpr std::size_t kMax = 600, kHead = 300, kTail = 250;
  if (message.size() <= kMax) return message;
  auto continuation = [&](std::size_t i) {
    return (static_cast<unsigned char>(message[i]) & 0xC0) == 0x80;
  };
  std::size_t head = kHead;
  while (head > 0 && continuation(head))
    --head;
  std::size_t tail = message.size() - kTail;
  while (tail < message.size() && continuation(tail))
    ++tail;
  return fmt::format("{} [… {} bytes left out …] {}", std::string_view(message).substr(0, head),
                     tail - head, std::string_view(message).substr(tail));
}

}  // namespace

Diagnostic& Diagnostics::add(FindingKind kind, std::string rule, SourceLoc loc,
                             std::string message) {
  Diagnostic& d = items_.emplace_back();
  d.kind = kind;
  d.rule = std::move(rule);
  d.loc = loc;
  d.message = bounded_message(std::move(message));
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
