// The generators of every game compiled in, for the generic engine tests.
#include "support/engine_cases.hpp"

#include <fmt/format.h>

#ifdef WALLAUDIT_WITH_GREAT_WALL
#include "support/gw_generator.hpp"
#endif
#ifdef WALLAUDIT_WITH_CHANG_CHENG
#include "support/cc_generator.hpp"
#endif
#ifdef WALLAUDIT_WITH_DSCHINGIS_BOHN
#include "support/db_generator.hpp"
#endif
#ifdef WALLAUDIT_WITH_CATAN_GREAT_WALL
#include <regex>

#include "catan_great_wall/board.hpp"
#include "catan_great_wall/legal.hpp"
#include "support/ct_generator.hpp"
#endif

namespace wallaudit::test {

#ifdef WALLAUDIT_WITH_CATAN_GREAT_WALL
namespace {

// The generator names a vertex or edge through any hex around it, the engine lists each place
// by one name (ct::place_name): the record with every place renamed so (the same game).
std::string canonical_places(const std::string& xml) {
  static const std::shared_ptr<const ct::Board> board = ct::modelled_board();
  static const std::regex place(R"re((vertex|road|edge)="([^".]+)\.([A-Z]+)")re");
  int players = 0;
  for (std::size_t at = xml.find("<player "); at != std::string::npos;
       at = xml.find("<player ", at + 1))
    ++players;
  std::string out;
  auto last = xml.cbegin();
  for (std::sregex_iterator it(xml.begin(), xml.end(), place), end; it != end; ++it) {
    const std::smatch& m = *it;
    out.append(last, m[0].first);
    last = m[0].second;
    const bool vertex = m[1] == "vertex";
    const int hex = board->find_hex(m[2].str());
    const std::optional<int> part =
        vertex ? ct::parse_corner(m[3].str()) : ct::parse_side(m[3].str());
    if (hex < 0 || !part) {
      out += m[0].str();
      continue;
    }
    const int index = vertex ? board->corner(hex, *part) : board->side(hex, *part);
    const ct::PlaceName name = ct::place_name(*board, index, vertex, players);
    out +=
        fmt::format("{}=\"{}.{}\"", m[1].str(), board->hexes[static_cast<std::size_t>(name.hex)].id,
                    vertex ? ct::corner_name(name.part) : ct::side_name(name.part));
  }
  out.append(last, xml.cend());
  return out;
}

}  // namespace
#endif

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
#ifdef WALLAUDIT_WITH_CATAN_GREAT_WALL
  // Without echoes: a roll's <advance>, <breach>, <produce> and a monopoly's <give> restate what
  // the state computes, and the listing gives each throw and card once, without them.
  CtGeneratorOptions plain;
  plain.echoes = false;
  if (game == "catan-great-wall")
    for (int i = 0; i < count; ++i)
      out.push_back(canonical_places(
          generate_ct_game(static_cast<std::uint64_t>(i) * 6007u + 5u, plain).xml));
#endif
  return out;
}

}  // namespace wallaudit::test
