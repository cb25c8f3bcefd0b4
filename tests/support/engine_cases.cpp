// The generators of every game compiled in, for the generic engine tests.
#include "support/engine_cases.hpp"

#ifdef WALLAUDIT_WITH_DSCHINGIS_BOHN
#include "support/db_generator.hpp"
#endif

namespace wallaudit::test {

std::vector<std::string> generated_records(std::string_view game, int count) {
  std::vector<std::string> out;
  (void)game;
  (void)count;
  // Each game adds its generator here, inside #ifdef WALLAUDIT_WITH_<GAME>.
#ifdef WALLAUDIT_WITH_DSCHINGIS_BOHN
  if (game == "dschingis-bohn")
    for (int i = 0; i < count; ++i)
      out.push_back(generate_db_game(static_cast<std::uint64_t>(i) * 7919u + 3u).xml());
#endif
  return out;
}

}  // namespace wallaudit::test
