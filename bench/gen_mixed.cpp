// Writes a synthetic archive of records of all four games for the soak run: legal games from
// the test generators, with a share of illegal (single-rule mutations), disputed (a changed
// claim) and malformed (cut short) records, and the verdict each must get in FILE.counts.
// Usage: gen_mixed --count N --out FILE.tar.zst [--seed S] [--game ID] [--legal]
//   --game ID   records of that game only (chang-cheng, great-wall-of-china, catan-great-wall,
//               dschingis-bohn) instead of the four in turn
//   --legal     legal records only (for the benchmark's per-game archives)
// FILE ending in .tar is written without compression; any other name is zstd-compressed.
#include <archive.h>
#include <archive_entry.h>
#include <fmt/format.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "support/cc_generator.hpp"
#include "support/ct_generator.hpp"
#include "support/db_generator.hpp"
#include "support/gw_generator.hpp"

using namespace wallaudit::test;

namespace {

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "gen_mixed: %s\nusage: gen_mixed --count N --out FILE.tar.zst [--seed S] "
               "[--game ID] [--legal]\n",
               why);
  std::exit(64);
}

// What a record is meant to be: 0 legal (ok), 1 disputed, 2 illegal, 3 malformed.
enum Kind { legal, disputed, illegal, malformed };
constexpr std::array<const char*, 4> kKindNames = {"ok", "disputed", "illegal", "malformed"};

// A mutation of the wanted kind (`dispute` or not) tried in turn from a place picked by `s`.
template <typename G, typename M, typename Mutate, typename IsDispute>
std::optional<std::string> mutated(const G& game, const std::vector<M>& kinds, bool dispute,
                                   std::uint64_t s, Mutate mutate, IsDispute is_dispute) {
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    M m = kinds[(s / 7 + k) % kinds.size()];
    if (is_dispute(m) != dispute) continue;
    if (auto r = mutate(game, m, s)) return r->xml;
  }
  return std::nullopt;
}

// One record of game `g` (0 Chang Cheng, 1 Great Wall of China, 2 Catan, 3 Dschingis Bohn) of
// kind `want`, or the legal game when no mutation of that kind fits it (`kind` says which).
std::string record(int g, std::uint64_t s, Kind want, Kind& kind) {
  kind = legal;
  bool dispute = want == disputed;
  std::string xml;
  std::optional<std::string> changed;
  switch (g) {
    case 0: {
      GeneratedGame game = generate_game(s);
      xml = game.xml;
      if (want == disputed || want == illegal)
        changed = mutated(
            game, all_mutations(), dispute, s,
            [](const auto& x, auto m, auto salt) { return mutate(x, m, salt); },
            [](auto m) { return is_dispute(m); });
      break;
    }
    case 1: {
      gwgen::Game game = gwgen::generate(s);
      xml = game.xml;
      if (want == disputed || want == illegal)
        changed = mutated(
            game, gwgen::all_mutations(), dispute, s,
            [](const auto& x, auto m, auto salt) { return gwgen::mutate(x, m, salt); },
            [](auto m) { return gwgen::is_dispute(m); });
      break;
    }
    case 2: {
      CtGeneratedGame game = generate_ct_game(s);
      xml = game.xml;
      if (want == disputed || want == illegal)
        changed = mutated(
            game, all_ct_mutations(), dispute, s,
            [](const auto& x, auto m, auto salt) { return ct_mutate(x, m, salt); },
            [](auto m) { return ct_is_dispute(m); });
      break;
    }
    default: {
      DbGeneratorOptions options;
      // Maps built in or inline: the archive holds records only.
      options.map = s % 2 ? DbMapChoice::builtin : DbMapChoice::inline_map;
      DbGeneratedGame game = generate_db_game(s, options);
      xml = game.xml();
      if (want == disputed || want == illegal)
        changed = mutated(
            game, all_db_mutations(), dispute, s,
            [](const auto& x, auto m, auto salt) { return mutate_db_game(x, m, salt); },
            [](auto m) { return db_is_dispute(m); });
      break;
    }
  }
  if (want == malformed) {
    xml.resize(xml.size() * 2 / 3);  // cut short: not well-formed
    kind = malformed;
  } else if (changed) {
    xml = std::move(*changed);
    kind = want;
  }
  return xml;
}

constexpr std::array<const char*, 4> kGames = {"chang-cheng", "great-wall-of-china",
                                               "catan-great-wall", "dschingis-bohn"};

}  // namespace

int main(int argc, char** argv) {
  long count = -1;
  std::string out;
  std::uint64_t seed = 1;
  int only = -1;  // one game, or -1 for the four in turn
  bool legal_only = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) usage(("missing value after " + a).c_str());
      return argv[++i];
    };
    if (a == "--count")
      count = std::atol(value());
    else if (a == "--out")
      out = value();
    else if (a == "--seed")
      seed = std::strtoull(value(), nullptr, 10);
    else if (a == "--game") {
      std::string g = value();
      for (std::size_t k = 0; k < kGames.size(); ++k)
        if (g == kGames[k]) only = static_cast<int>(k);
      if (only < 0) usage(("unknown game " + g).c_str());
    } else if (a == "--legal")
      legal_only = true;
    else
      usage(("unknown argument " + a).c_str());
  }
  if (count < 1 || out.empty()) usage("--count and --out are required");
  archive* ar = archive_write_new();
  archive_write_set_format_pax_restricted(ar);
  const bool plain = out.size() > 4 && out.compare(out.size() - 4, 4, ".tar") == 0;
  if ((!plain && archive_write_add_filter_zstd(ar) != ARCHIVE_OK) ||
      archive_write_open_filename(ar, out.c_str()) != ARCHIVE_OK) {
    std::fprintf(stderr, "gen_mixed: cannot write %s: %s\n", out.c_str(), archive_error_string(ar));
    return 1;
  }
  std::array<long, 4> counts{};
  std::uint64_t bytes = 0;
  for (long n = 0; n < count; ++n) {
    std::uint64_t s = seed * 1000003ull + static_cast<std::uint64_t>(n);
    int g = only >= 0 ? only : static_cast<int>(n % 4);
    int roll = static_cast<int>(s * 2654435761ull % 100);
    Kind want = legal_only  ? legal
                : roll < 2  ? malformed
                : roll < 12 ? illegal
                : roll < 17 ? disputed
                            : legal;
    Kind kind = legal;
    std::string xml = record(g, s, want, kind);
    ++counts[kind];
    std::string name =
        fmt::format("{}/{:07}-{}.xml", kGames[static_cast<std::size_t>(g)], n, kKindNames[kind]);
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, name.c_str());
    archive_entry_set_size(e, static_cast<la_int64_t>(xml.size()));
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_write_header(ar, e);
    archive_write_data(ar, xml.data(), xml.size());
    archive_entry_free(e);
    bytes += xml.size();
    if ((n + 1) % 100000 == 0) std::fprintf(stderr, "gen_mixed: %ld records\n", n + 1);
  }
  archive_write_close(ar);
  archive_write_free(ar);
  std::FILE* f = std::fopen((out + ".counts").c_str(), "w");
  if (!f) return 1;
  std::fprintf(f, "records %ld\n", count);
  for (int k = 0; k < 4; ++k)
    std::fprintf(f, "%s %ld\n", kKindNames[static_cast<std::size_t>(k)],
                 counts[static_cast<std::size_t>(k)]);
  std::fclose(f);
  std::fprintf(stderr, "gen_mixed: %ld records, %.1f MB of XML in %s\n", count, bytes / 1e6,
               out.c_str());
  return 0;
}
