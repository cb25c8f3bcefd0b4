// Writes a synthetic archive of Chang Cheng records for benchmarks: legal games of every
// size and option from the test generator, with a share of illegal (single-rule mutations),
// disputed (a changed claim) and malformed (cut short) records.
// Usage: gen_archive --count N --out FILE.tar [--seed S] [--illegal PERCENT] [--disputed
//        PERCENT] [--malformed PERCENT]
#include <archive.h>
#include <archive_entry.h>
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "support/cc_generator.hpp"

using namespace wallaudit::test;

namespace {

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "gen_archive: %s\nusage: gen_archive --count N --out FILE.tar [--seed S] "
               "[--illegal P] [--disputed P] [--malformed P]\n",
               why);
  std::exit(64);
}

}  // namespace

int main(int argc, char** argv) {
  long count = -1;
  std::string out;
  std::uint64_t seed = 1;
  int illegal = 10, disputed = 5, malformed = 1;
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
    else if (a == "--illegal")
      illegal = std::atoi(value());
    else if (a == "--disputed")
      disputed = std::atoi(value());
    else if (a == "--malformed")
      malformed = std::atoi(value());
    else
      usage(("unknown argument " + a).c_str());
  }
  if (count < 1 || out.empty()) usage("--count and --out are required");
  archive* ar = archive_write_new();
  archive_write_set_format_pax_restricted(ar);
  if (archive_write_open_filename(ar, out.c_str()) != ARCHIVE_OK) {
    std::fprintf(stderr, "gen_archive: cannot write %s: %s\n", out.c_str(),
                 archive_error_string(ar));
    return 1;
  }
  const auto& kinds = all_mutations();
  std::uint64_t bytes = 0;
  for (long n = 0; n < count; ++n) {
    std::uint64_t s = seed * 1000003ull + static_cast<std::uint64_t>(n);
    GeneratedGame game = generate_game(s);
    std::string xml = game.xml;
    std::string kind = "legal";
    int roll = static_cast<int>(s * 2654435761ull % 100);
    if (roll < malformed) {
      xml.resize(xml.size() * 2 / 3);  // cut short: not well-formed
      kind = "malformed";
    } else if (roll < malformed + illegal + disputed) {
      bool want_dispute = roll >= malformed + illegal;
      for (std::size_t k = 0; k < kinds.size(); ++k) {
        Mutation m = kinds[(s / 7 + k) % kinds.size()];
        if (is_dispute(m) != want_dispute) continue;
        if (auto mutated = mutate(game, m, s)) {
          xml = mutated->xml;
          kind = want_dispute ? "disputed" : "illegal";
          break;
        }
      }
    }
    std::string name = fmt::format("games/{:06}-{}.xml", n, kind);
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, name.c_str());
    archive_entry_set_size(e, static_cast<la_int64_t>(xml.size()));
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_write_header(ar, e);
    archive_write_data(ar, xml.data(), xml.size());
    archive_entry_free(e);
    bytes += xml.size();
  }
  archive_write_close(ar);
  archive_write_free(ar);
  std::fprintf(stderr, "gen_archive: %ld records, %.1f MB of XML in %s\n", count, bytes / 1e6,
               out.c_str());
  return 0;
}
