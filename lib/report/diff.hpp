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

// Compares the canonical moves of two records (meta, names and layout do not count; claims
// count when `with_claims`, the items then holding them, see with_claims()).
DiffResult diff_records(const std::string& name_a, const std::vector<CanonicalItem>& a,
                        const std::string& name_b, const std::vector<CanonicalItem>& b,
                        bool with_claims = false);

// The moves with the record's claims (the claimed figures of its scoring steps and its final
// claims) after the moves of their turn, the final claims last.
std::vector<CanonicalItem> with_claims(std::vector<CanonicalItem> moves, const Explanation& ex);

}  // namespace wallaudit::report
