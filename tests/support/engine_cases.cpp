// The generators of every game compiled in, for the generic engine tests.
#include "support/engine_cases.hpp"

namespace wallaudit::test {

std::vector<std::string> generated_records(std::string_view game, int count) {
  std::vector<std::string> out;
  (void)game;
  (void)count;
  // Each game adds its generator here, inside #ifdef WALLAUDIT_WITH_<GAME>.
  return out;
}

}  // namespace wallaudit::test
