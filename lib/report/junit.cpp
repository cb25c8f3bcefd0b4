#include "report/junit.hpp"

#include <fmt/format.h>

#include "report/frames.hpp"

namespace wallaudit::report {

std::string junit_testcase(const CheckedRecord& record) {
  const GameResult& r = *record.result;
  std::string out = fmt::format(
      "  <testcase classname=\"wallaudit.{}\" name=\"{}\" time=\"{:.6f}\"",
      xml_escape(r.game.empty() ? "unknown" : r.game), xml_escape(record.file), record.seconds);
  if (r.verdict == Verdict::ok && record.duplicate_of.empty()) return out + "/>\n";
  out += ">\n";
  std::string details;
  for (const auto& d : r.diagnostics.items()) {
    details += fmt::format(
        "{}{}: {}: {}{} [{}]\n", record.file,
        d.loc.known() ? fmt::format(":{}:{}", d.loc.line, d.loc.column) : "",
        to_string(d.severity()), d.message,
        d.follow_on ? fmt::format(" (follows from line {})", d.follows_line) : "", d.rule);
  }
  if (r.verdict != Verdict::ok) {
    const char* tag = r.verdict == Verdict::malformed ? "error" : "failure";
    std::string first = r.diagnostics.empty()
                            ? std::string(to_string(r.verdict))
                            : fmt::format("{} [{}]", r.diagnostics.items().front().message,
                                          r.diagnostics.items().front().rule);
    out += fmt::format("    <{} type=\"{}\" message=\"{}\">{}</{}>\n", tag, to_string(r.verdict),
                       xml_escape(first), xml_escape(details), tag);
  } else if (!details.empty()) {
    out += fmt::format("    <system-out>{}</system-out>\n", xml_escape(details));
  }
  if (!record.duplicate_of.empty())
    out += fmt::format("    <system-err>{}</system-err>\n",
                       xml_escape(duplicate_note(record.duplicate_of)));
  return out + "  </testcase>\n";
}

std::string junit_head(const Summary& s) {
  std::size_t failures = s.verdicts[static_cast<std::size_t>(Verdict::illegal)] +
                         s.verdicts[static_cast<std::size_t>(Verdict::disputed)];
  std::size_t errors = s.verdicts[static_cast<std::size_t>(Verdict::malformed)];
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"wallaudit\" tests=\"{0}\" failures=\"{1}\" errors=\"{2}\" "
      "time=\"{3:.6f}\">\n"
      "<testsuite name=\"wallaudit check\" tests=\"{0}\" failures=\"{1}\" errors=\"{2}\" "
      "skipped=\"0\" "
      "time=\"{3:.6f}\">\n{4}",
      s.records, failures, errors, s.seconds,
      s.interrupted ? fmt::format("  <properties>\n"
                                  "    <property name=\"interrupted\" value=\"true\"/>\n"
                                  "    <property name=\"not_checked\" value=\"{}\"/>\n"
                                  "  </properties>\n",
                                  s.not_checked)
                    : std::string());
}

std::string junit_tail(const Summary& s) {
  std::string out;
  if (s.interrupted)
    out = fmt::format("  <system-err>{}</system-err>\n", xml_escape(interrupted_sentence(s)));
  return out + "</testsuite>\n</testsuites>\n";
}

}  // namespace wallaudit::report
