#include "dschingis_bohn/map.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <map>

#include "core/xml.hpp"

namespace wallaudit::embedded {
extern const std::string_view dschingis_bohn_modelled_19;
}

namespace wallaudit::db {

namespace {

constexpr int kMaxSpaces = 4096;

bool valid_space_id(std::string_view id) {
  if (id.empty() || id.size() > 8) return false;
  for (char c : id) {
    bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

// A coordinate: an optional integer attribute.
bool coordinate(XmlChecker& xml, pugi::xml_node node, const char* attr, std::optional<int>& out) {
  auto text = xml.optional(node, attr);
  if (!text) return true;
  auto v = parse_integer(*text);
  if (!v || *v < -100000 || *v > 100000) {
    xml.error(rec::bad_value, xml.value_loc(node, attr),
              fmt::format("'{}' of <space> is a whole number from -100000 to 100000, not \"{}\"",
                          attr, *text));
    return false;
  }
  out = static_cast<int>(*v);
  return true;
}

}  // namespace

std::optional<SpaceId> MapDef::find(std::string_view id) const {
  for (std::size_t i = 0; i < spaces.size(); ++i)
    if (spaces[i].id == id) return static_cast<SpaceId>(i);
  return std::nullopt;
}

void MapDef::index() {
  std::size_t n = spaces.size();
  matrix_.assign(n * n, 0);
  for (std::size_t a = 0; a < n; ++a)
    for (SpaceId b : spaces[a].adjacent)
      matrix_[a * n + static_cast<std::size_t>(b)] = 1;
  fixed.resize(n);
}

bool MapDef::adjacent(SpaceId a, SpaceId b) const {
  std::size_t n = spaces.size();
  return matrix_[static_cast<std::size_t>(a) * n + static_cast<std::size_t>(b)] != 0;
}

const std::optional<std::vector<SpaceId>>& MapDef::camps_for(int players) const {
  static const std::optional<std::vector<SpaceId>> none;
  if (players < 3 || players > 5) return none;
  return camp_sites[static_cast<std::size_t>(players - 3)];
}

bool MapDef::is_camp_site(int players, SpaceId s) const {
  const auto& camps = camps_for(players);
  return camps && std::find(camps->begin(), camps->end(), s) != camps->end();
}

bool MapDef::has_coordinates() const {
  for (const auto& s : spaces)
    if (!s.x || !s.y) return false;
  return !spaces.empty();
}

std::string MapDef::list(const std::vector<SpaceId>& ids) const {
  std::string out;
  for (SpaceId s : ids)
    out += fmt::format("{}{}", out.empty() ? "" : " ", spaces[static_cast<std::size_t>(s)].id);
  return out;
}

std::shared_ptr<MapDef> read_map(XmlChecker& xml, pugi::xml_node node) {
  auto map = std::make_shared<MapDef>();
  map->loc = xml.loc(node);
  xml.only_attributes(node, {"name"});
  auto name = xml.required(node, "name");
  bool ok = name.has_value();
  map->name = name.value_or("");
  if (name && name->empty()) {
    xml.error(rec::bad_value, xml.value_loc(node, "name"), "a map's name may not be empty");
    ok = false;
  }

  struct PendingSpace {
    pugi::xml_node node;
    std::vector<std::string> adj;
  };
  std::vector<PendingSpace> pending;
  std::vector<pugi::xml_node> camp_nodes, fixed_nodes;
  xml.for_each_child(node, [&](pugi::xml_node child) {
    std::string_view tag = child.name();
    if (tag == "space") {
      xml.only_attributes(child, {"id", "x", "y", "adj"});
      xml.no_text(child);
      auto id = xml.required(child, "id");
      if (!id) {
        ok = false;
        return;
      }
      if (!valid_space_id(*id)) {
        xml.error(rec::bad_definition, xml.value_loc(child, "id"),
                  fmt::format("space id \"{}\" must be 1 to 8 characters of A-Z, a-z, 0-9, _ "
                              "and -",
                              *id));
        ok = false;
        return;
      }
      if (map->find(*id)) {
        xml.error(rec::bad_definition, xml.value_loc(child, "id"),
                  fmt::format("space {} is defined twice in map \"{}\"", *id, map->name));
        ok = false;
        return;
      }
      if (map->size() >= kMaxSpaces) {
        xml.error(rec::limit, xml.loc(child),
                  fmt::format("a map has at most {} spaces", kMaxSpaces));
        ok = false;
        return;
      }
      SpaceDef s;
      s.id = std::string(*id);
      s.loc = xml.loc(child);
      ok = coordinate(xml, child, "x", s.x) && ok;
      ok = coordinate(xml, child, "y", s.y) && ok;
      PendingSpace p{child, {}};
      if (auto adj = xml.optional(child, "adj"))
        for_each_word(*adj, [&](std::string_view w) { p.adj.emplace_back(w); });
      map->spaces.push_back(std::move(s));
      pending.push_back(std::move(p));
    } else if (tag == "camp-sites") {
      camp_nodes.push_back(child);
    } else if (tag == "fixed") {
      fixed_nodes.push_back(child);
    } else {
      xml.unknown_element(child, node);
      ok = false;
    }
  });
  if (map->spaces.empty()) {
    if (ok)
      xml.error(rec::bad_definition, map->loc,
                fmt::format("map \"{}\" defines no space", map->name));
    return nullptr;
  }

  // Adjacency: existing spaces, no repeats, not itself, symmetric.
  for (std::size_t i = 0; i < pending.size(); ++i) {
    SpaceDef& s = map->spaces[i];
    pugi::xml_node child = pending[i].node;
    for (const auto& word : pending[i].adj) {
      auto other = map->find(word);
      if (!other) {
        xml.error(rec::bad_definition, xml.value_loc(child, "adj"),
                  fmt::format("space {} lists \"{}\" as adjacent, which is no space of the map",
                              s.id, word));
        ok = false;
        continue;
      }
      if (*other == static_cast<SpaceId>(i)) {
        xml.error(rec::bad_definition, xml.value_loc(child, "adj"),
                  fmt::format("space {} lists itself as adjacent", s.id));
        ok = false;
        continue;
      }
      if (std::find(s.adjacent.begin(), s.adjacent.end(), *other) != s.adjacent.end()) {
        xml.error(rec::bad_definition, xml.value_loc(child, "adj"),
                  fmt::format("space {} lists {} twice", s.id, word));
        ok = false;
        continue;
      }
      s.adjacent.push_back(*other);
    }
  }
  if (!ok) return nullptr;
  for (std::size_t i = 0; i < map->spaces.size(); ++i) {
    const SpaceDef& s = map->spaces[i];
    for (SpaceId b : s.adjacent) {
      const auto& back = map->spaces[static_cast<std::size_t>(b)].adjacent;
      if (std::find(back.begin(), back.end(), static_cast<SpaceId>(i)) == back.end()) {
        xml.error(rec::bad_definition, xml.value_loc(pending[i].node, "adj"),
                  fmt::format("space {} lists {} as adjacent, but {} does not list {}: "
                              "adjacency is symmetric",
                              s.id, map->spaces[static_cast<std::size_t>(b)].id,
                              map->spaces[static_cast<std::size_t>(b)].id, s.id));
        ok = false;
      }
    }
  }
  if (!ok) return nullptr;
  {
    std::vector<bool> seen(map->spaces.size());
    std::vector<SpaceId> todo{0};
    seen[0] = true;
    while (!todo.empty()) {
      SpaceId s = todo.back();
      todo.pop_back();
      for (SpaceId b : map->spaces[static_cast<std::size_t>(s)].adjacent)
        if (!seen[static_cast<std::size_t>(b)])
          seen[static_cast<std::size_t>(b)] = true, todo.push_back(b);
    }
    std::vector<SpaceId> cut;
    for (std::size_t i = 0; i < seen.size(); ++i)
      if (!seen[i]) cut.push_back(static_cast<SpaceId>(i));
    if (!cut.empty()) {
      xml.error(rec::bad_definition, map->loc,
                fmt::format("map \"{}\" is not connected: {} cannot be reached from {}", map->name,
                            map->list(cut), map->spaces[0].id));
      return nullptr;
    }
  }
  map->index();

  // Camp sites.
  for (pugi::xml_node child : camp_nodes) {
    xml.only_attributes(child, {"players", "spaces"});
    xml.no_text(child);
    auto players = xml.integer(child, "players", true, 3, 5);
    auto list = xml.required(child, "spaces");
    if (!players || !list) {
      ok = false;
      continue;
    }
    auto& slot = map->camp_sites[static_cast<std::size_t>(*players - 3)];
    if (slot) {
      xml.error(rec::duplicate, xml.loc(child),
                fmt::format("camp sites for {} players are given twice", *players));
      ok = false;
      continue;
    }
    std::vector<SpaceId> sites;
    bool good = true;
    for_each_word(*list, [&](std::string_view w) {
      auto s = map->find(w);
      if (!s) {
        if (good)
          xml.error(rec::bad_definition, xml.value_loc(child, "spaces"),
                    fmt::format("camp site \"{}\" is no space of the map", w));
        good = false;
        return;
      }
      if (std::find(sites.begin(), sites.end(), *s) != sites.end()) {
        if (good)
          xml.error(rec::bad_definition, xml.value_loc(child, "spaces"),
                    fmt::format("camp site {} is listed twice", w));
        good = false;
        return;
      }
      sites.push_back(*s);
    });
    if (good && static_cast<long long>(sites.size()) != *players) {
      xml.error(rec::bad_definition, xml.value_loc(child, "spaces"),
                fmt::format("{} players need {} camp sites, this element lists {}", *players,
                            *players, sites.size()));
      good = false;
    }
    if (!good) {
      ok = false;
      continue;
    }
    slot = std::move(sites);
  }
  if (!ok) return nullptr;

  // Fixed cards.
  for (pugi::xml_node child : fixed_nodes) {
    xml.only_attributes(child, {"space", "card"});
    xml.no_text(child);
    auto space = xml.required(child, "space");
    auto card = xml.required(child, "card");
    if (!space || !card) {
      ok = false;
      continue;
    }
    auto s = map->find(*space);
    if (!s) {
      xml.error(rec::bad_definition, xml.value_loc(child, "space"),
                fmt::format("<fixed> names \"{}\", which is no space of the map", *space));
      ok = false;
      continue;
    }
    auto c = parse_card(*card);
    if (!c) {
      xml.error(rec::bad_value, xml.value_loc(child, "card"),
                fmt::format("\"{}\" is not a territory card (camp, village, city, rice-field, "
                            "forest, steppe-1, steppe-2, steppe-3, river, diamond-field)",
                            *card));
      ok = false;
      continue;
    }
    if (*c == Card::camp) {
      xml.error(rec::bad_definition, xml.value_loc(child, "card"),
                "a camp is never fixed: camps go on the camp sites as the players choose");
      ok = false;
      continue;
    }
    for (int players = 3; players <= 5; ++players) {
      if (map->is_camp_site(players, *s)) {
        xml.error(rec::bad_definition, xml.value_loc(child, "space"),
                  fmt::format("space {} is a camp site for {} players; a fixed card lies on an "
                              "open site",
                              *space, players));
        ok = false;
        break;
      }
    }
    auto& slot = map->fixed[static_cast<std::size_t>(*s)];
    if (slot) {
      xml.error(rec::bad_definition, xml.loc(child),
                fmt::format("space {} has two fixed cards", *space));
      ok = false;
      continue;
    }
    slot = *c;
  }
  if (!ok) return nullptr;
  return map;
}

std::shared_ptr<const MapDef> modelled_map() {
  static const std::shared_ptr<const MapDef> map = [] {
    Diagnostics problems;
    auto doc = XmlDocument::parse(std::string(embedded::dschingis_bohn_modelled_19), problems);
    std::shared_ptr<MapDef> result;
    if (doc) {
      XmlChecker xml(*doc, problems);
      result = read_map(xml, doc->root());
    }
    if (!result || !problems.empty()) {
      // The data file is part of the build; failing here is a bug, not bad input.
      std::fprintf(stderr, "wallaudit: the built-in map modelled-19 is invalid\n");
      std::abort();
    }
    result->origin = "built in";
    result->modelled = true;
    return result;
  }();
  return map;
}

std::shared_ptr<const MapDef> MapCatalogue::find(std::string_view name) const {
  for (auto it = maps.rbegin(); it != maps.rend(); ++it)
    if ((*it)->name == name) return *it;
  return nullptr;
}

MapCatalogue make_catalogue(const std::vector<Definition>& definitions, Diagnostics& problems) {
  MapCatalogue catalogue;
  catalogue.maps.push_back(modelled_map());
  catalogue.default_map = modelled_map();
  for (const auto& def : definitions) {
    Diagnostics local;
    auto doc = XmlDocument::parse(def.text, local);
    if (doc && std::string_view(doc->root().name()) != "map") continue;  // another game's
    if (doc) {
      XmlChecker xml(*doc, local);
      auto map = read_map(xml, doc->root());
      if (map && local.empty()) {
        map->origin = def.name;
        catalogue.maps.push_back(map);
        catalogue.default_map = map;
        continue;
      }
    }
    for (auto& d : local.items()) {
      d.file = def.name;
      problems.items().push_back(std::move(d));
    }
  }
  return catalogue;
}

}  // namespace wallaudit::db
