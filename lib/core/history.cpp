#include "core/history.hpp"

#include <fmt/format.h>

namespace wallaudit {

KeyHasher& KeyHasher::add(std::uint64_t v) {
  // One multiply-xorshift round per word (the murmur3 finaliser's constants).
  h_ = (h_ ^ v) * 0xff51afd7ed558ccdull;
  h_ ^= h_ >> 32;
  return *this;
}

KeyHasher& KeyHasher::add(std::string_view s) {
  add(s.size());
  for (unsigned char c : s) {
    h_ ^= c;
    h_ *= 1099511628211ull;
  }
  return *this;
}

std::string KeyHasher::finish(std::string_view game) const {
  std::uint64_t h = h_;
  for (unsigned char c : game) {
    h ^= c;
    h *= 1099511628211ull;
  }
  // splitmix64's finaliser spreads FNV's weak high bits.
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return fmt::format("wallaudit-{}/{}/{:016x}", WALLAUDIT_VERSION, game, h);
}

std::string canonical_key(std::string_view game, const std::vector<CanonicalItem>& items) {
  KeyHasher k;
  for (const auto& item : items)
    k.add(static_cast<std::uint64_t>(item.turn)).add(item.text);
  return k.finish(game);
}

}  // namespace wallaudit
