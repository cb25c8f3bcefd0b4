// Renders the rule catalogues for `wallaudit rules`: one rule, a game's list, the list of
// catalogues, and the coverage of each id by tests and samples; as text or JSON.
#pragma once

#include <string>
#include <vector>

#include "core/rules.hpp"

namespace wallaudit::report {

// A rule in full: statement, options, a real breach from the samples, the fix.
std::string rule_text(const RuleCatalogue& catalogue, const Rule& rule);
void append_rule_json(std::string& out, const RuleCatalogue& catalogue, const Rule& rule);

// A catalogue's ids with their titles, by section.
std::string catalogue_text(const RuleCatalogue& catalogue);
// A catalogue with every entry in full.
void append_catalogue_json(std::string& out, const RuleCatalogue& catalogue);

// The catalogues: game id, title, prefix and counts.
std::string catalogues_text(const std::vector<const RuleCatalogue*>& catalogues);
std::string catalogues_json(const std::vector<const RuleCatalogue*>& catalogues);

// Per id: checked or descriptive, the test cases and samples that break it (and the legal
// cases), then a summary per catalogue.
std::string coverage_text(const std::vector<const RuleCatalogue*>& catalogues);
std::string coverage_json(const std::vector<const RuleCatalogue*>& catalogues);

// A checked id is covered when its evidence holds a test case that expects its finding and
// one that expects none (see scripts/rule-evidence.py for how they are found).
bool covered(const Rule& rule);

}  // namespace wallaudit::report
