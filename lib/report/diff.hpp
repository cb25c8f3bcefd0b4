// Where two records of one game part.
#pragma once

#include <string>
#include <vector>

#include "core/history.hpp"

namespace wallaudit::report {

struct DiffResult {
  bool same = false;
  std::string text;  // the report, for people
  std::string json;  // the same, for machines
};

// Compares the canonical moves of two records (claims, meta, names and layout do not count).
DiffResult diff_records(const std::string& name_a, const std::vector<CanonicalItem>& a,
                        const std::string& name_b, const std::vector<CanonicalItem>& b);

}  // namespace wallaudit::report
