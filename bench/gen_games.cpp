// gen_games: writes random legal Chang Cheng records from the independent generator of
// tests/support/cc_generator.* (for benchmarks, archives and bug reports), optionally broken
// by one single-rule mutation.
//
//   gen_games OUT_DIR [COUNT [FIRST_SEED]] [--mutate KIND]
//   gen_games --list                       the mutation kinds and the rule each breaks
//
// Writes OUT_DIR/game-SEED.xml (or game-SEED-KIND.xml) and prints one line per record:
// file, players and options, expected scores (or the expected rule and turn).
// Built by bench/CMakeLists.txt (it links the test support library).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

#include "support/cc_generator.hpp"

using namespace wallaudit::test;

int main(int argc, char** argv) {
  std::string dir;
  long count = 100;
  unsigned long long first = 1;
  std::string mutation;
  int positional = 0;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--list") {
      for (Mutation m : all_mutations())
        std::printf("%-34s %s\n", std::string(mutation_name(m)).c_str(),
                    std::string(expected_rule(m)).c_str());
      return 0;
    }
    if (arg == "--mutate" && i + 1 < argc) {
      mutation = argv[++i];
      continue;
    }
    switch (positional++) {
      case 0:
        dir = std::string(arg);
        break;
      case 1:
        count = std::strtol(argv[i], nullptr, 10);
        break;
      case 2:
        first = std::strtoull(argv[i], nullptr, 10);
        break;
      default:
        std::fprintf(stderr, "too many arguments\n");
        return 64;
    }
  }
  if (dir.empty() || count <= 0) {
    std::fprintf(stderr,
                 "usage: gen_games OUT_DIR [COUNT [FIRST_SEED]] [--mutate KIND] | --list\n");
    return 64;
  }
  std::optional<Mutation> kind;
  if (!mutation.empty()) {
    for (Mutation m : all_mutations())
      if (mutation_name(m) == mutation) kind = m;
    if (!kind) {
      std::fprintf(stderr, "unknown mutation %s (see --list)\n", mutation.c_str());
      return 64;
    }
  }
  int written = 0;
  for (unsigned long long seed = first; written < count && seed < first + 100 * count; ++seed) {
    GeneratedGame game = generate_game(seed);
    std::string xml = game.xml, name = "game-" + std::to_string(seed), expected;
    if (kind) {
      auto mutated = mutate(game, *kind, seed);
      if (!mutated) continue;
      xml = mutated->xml;
      name += "-" + mutation;
      expected =
          mutated->rule + " at turn " + std::to_string(mutated->turn) + " (" + mutated->what + ")";
    } else {
      for (const auto& [colour, points] : game.scores)
        expected += colour + " " + std::to_string(points) + " ";
      expected += game.finished ? "ended by " + game.end_reason : "unfinished";
    }
    std::string path = dir + "/" + name + ".xml";
    std::ofstream out(path, std::ios::binary);
    if (!out || !(out << xml)) {
      std::fprintf(stderr, "cannot write %s\n", path.c_str());
      return 1;
    }
    std::printf("%s\t%s\t%s\n", path.c_str(), game.description.c_str(), expected.c_str());
    ++written;
  }
  return 0;
}
