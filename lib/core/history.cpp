#include "core/history.hpp"

#include <fmt/format.h>

namespace wallaudit {

std::string canonical_key(std::string_view game, const std::vector<CanonicalItem>& items) {
  // FNV-1a over the items, each followed by a separator, then a final avalanche (splitmix64).
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&](std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ull;
    }
    h ^= 0x1f;
    h *= 1099511628211ull;
  };
  mix(game);
  for (const auto& item : items) {
    mix(std::to_string(item.turn));
    mix(item.text);
  }
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return fmt::format("wallaudit-{}/{}/{:016x}", WALLAUDIT_VERSION, game, h);
}

}  // namespace wallaudit
