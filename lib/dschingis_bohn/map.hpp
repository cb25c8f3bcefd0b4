// Dschingis Bohn maps (rules DB-2xx): spaces, adjacency, camp sites and fixed cards, read
// from the built-in data file, a map file, a --boards definition or the record itself.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/game.hpp"
#include "core/source.hpp"
#include "dschingis_bohn/types.hpp"

namespace wallaudit {
class XmlChecker;
}
namespace pugi {
class xml_node;
}

namespace wallaudit::db {

using SpaceId = int;  // index into MapDef::spaces
inline constexpr int kNoSpace = -1;

struct SpaceDef {
  std::string id;                 // "01"
  std::optional<int> x, y;        // for drawing only
  std::vector<SpaceId> adjacent;  // in the order listed
  SourceLoc loc;
};

class MapDef {
 public:
  std::string name;
  std::string origin;     // "built in", a file name, or "inline"
  bool modelled = false;  // the built-in modelled-19: not the printed layout
  std::vector<SpaceDef> spaces;
  // Camp sites for 3, 4 and 5 players (index players - 3); absent where not defined.
  std::array<std::optional<std::vector<SpaceId>>, 3> camp_sites;
  std::vector<std::optional<Card>> fixed;  // per space: the card the layout fixes there
  SourceLoc loc;

  int size() const { return static_cast<int>(spaces.size()); }
  // nullopt when the id names no space.
  std::optional<SpaceId> find(std::string_view id) const;
  bool adjacent(SpaceId a, SpaceId b) const;
  const std::optional<std::vector<SpaceId>>& camps_for(int players) const;
  bool is_camp_site(int players, SpaceId s) const;
  // Every space has x and y.
  bool has_coordinates() const;
  // "01 12 17".
  std::string list(const std::vector<SpaceId>& spaces) const;

  // Must be called once the spaces are final (fills the adjacency matrix).
  void index();

 private:
  std::vector<std::uint8_t> matrix_;
};

// Reads a <map> element with <space> children (a map file's root, or inline in a record) and
// validates it; nullptr after reporting format errors (REC-…) to the checker's diagnostics.
std::shared_ptr<MapDef> read_map(XmlChecker& xml, pugi::xml_node node);

// The built-in "modelled-19", compiled in from data/modelled-19.xml.
std::shared_ptr<const MapDef> modelled_map();

// The maps a record may name: the built-in one plus any given with --boards.
struct MapCatalogue {
  std::vector<std::shared_ptr<const MapDef>> maps;  // later entries shadow earlier ones
  std::shared_ptr<const MapDef> default_map;        // for records without <map>

  std::shared_ptr<const MapDef> find(std::string_view name) const;
};

// The built-in map plus the map definitions among `definitions` (documents whose root is
// <map>; other roots belong to other games). Problems go to `problems`, positioned in the
// definition file. The last valid map given becomes the default.
MapCatalogue make_catalogue(const std::vector<Definition>& definitions, Diagnostics& problems);

}  // namespace wallaudit::db
