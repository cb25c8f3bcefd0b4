// The generators of every game compiled in, for the generic engine tests.
#include "support/engine_cases.hpp"

#ifdef WALLAUDIT_WITH_GREAT_WALL
#include "support/gw_generator.hpp"
#endif
#ifdef WALLAUDIT_WITH_CHANG_CHENG
#include "support/cc_generator.hpp"
#endif
#ifdef WALLAUDIT_WITH_DSCHINGIS_BOHN
#include "support/db_generator.hpp"
#endif

namespace wallaudit::test {

std::vector<std::string> generated_records(std::string_view game, int count) {
  std::vector<std::string> out;
#ifdef WALLAUDIT_WITH_GREAT_WALL
  if (game == "great-wall-of-china")
    for (int i = 0; i < count; ++i)
      out.push_back(gwgen::generate(static_cast<std::uint64_t>(i) * 104729u + 11u).xml);
#endif
#ifdef WALLAUDIT_WITH_CHANG_CHENG
  if (game == "chang-cheng")
    for (int i = 1; i <= count; ++i)
      out.push_back(generate_game(static_cast<std::uint64_t>(i)).xml);
#endif
#ifdef WALLAUDIT_WITH_DSCHINGIS_BOHN
  if (game == "dschingis-bohn")
    for (int i = 0; i < count; ++i)
      out.push_back(generate_db_game(static_cast<std::uint64_t>(i) * 7919u + 3u).xml());
#endif
  return out;
}

}  // namespace wallaudit::test
