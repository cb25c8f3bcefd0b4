// Checks that every output about a record tells one truth: `explain` exits as `check` does,
// names each score dispute of `check` at its line with its figures, and says first that an
// illegal record is illegal; the HTML report's last step states the scores of its table.
#pragma once

#include <string>

namespace wallaudit::test {

// Runs `wallaudit check` and `wallaudit explain` (text and JSON) on the record file `path`, or
// on the record text through standard input when `path` is empty, and checks, with gtest
// assertions, that they agree. `name` is for messages. Returns the verdict check gave.
std::string expect_one_truth(const std::string& name, const std::string& xml,
                             const std::string& path = "");

// Checks the record in-process and renders its HTML report; the caption of the last slider
// step equals the score table. No-op for a record that cannot be replayed.
void expect_report_agrees(const std::string& name, const std::string& xml);

}  // namespace wallaudit::test
