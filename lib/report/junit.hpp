// JUnit XML for CI dashboards: one testcase per record; findings in its failure.
#pragma once

#include <string>

#include "report/check_output.hpp"

namespace wallaudit::report {

// <testcase …>…</testcase>: ok passes; illegal and disputed fail; malformed is an error.
std::string junit_testcase(const CheckedRecord& record);
// The document around testcases already written, with the counts of `summary`. A run that was
// interrupted says so: properties `interrupted` (true) and `not_checked` (the records read but
// not checked) in the head, and the text summary's sentence as the suite's system-err in the tail.
std::string junit_head(const Summary& summary);
std::string junit_tail(const Summary& summary);

}  // namespace wallaudit::report
