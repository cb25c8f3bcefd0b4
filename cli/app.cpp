#include "cli/app.hpp"

#include <fmt/format.h>

#include <boost/program_options.hpp>
#include <cstdio>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/common.hpp"

namespace po = boost::program_options;

namespace wallaudit::cli {

namespace {

struct Command {
  std::string_view name;
  std::string_view summary;
  std::function<int(const std::vector<std::string>&)> run;
};

const std::vector<Command>& commands() {
  static const std::vector<Command> list{
      {"check", "replay records through the rules and report what is wrong", check_command},
      {"explain", "the score audit: every scoring step, why, and where claims part",
       explain_command},
      {"replay", "draw the board after a turn as text", replay_command},
      {"diff", "where two records of one game part", diff_command},
      {"annotate", "write the record back with findings and running scores", annotate_command},
      {"report", "one self-contained HTML page: board, score race, findings, audit",
       report_command},
      {"stats", "figures over an archive: scores, win rates, cards, violations", stats_command},
      {"summarize", "one summary from the JSON Lines outputs of several check runs",
       summarize_command},
      {"moves", "who acts next and every legal action of the next decision", moves_command},
      {"boards", "list the board sides known and their geometry", boards_command},
      {"rules", "the rule catalogue: a rule's statement, options, a breach, the fix",
       rules_command},
  };
  return list;
}

void print_usage(std::FILE* to) {
  fmt::print(to,
             "usage: wallaudit COMMAND [OPTIONS] [ARGS]\n\n"
             "Checks logged games of the Great Wall family of board games.\n\ncommands:\n");
  for (const auto& c : commands())
    fmt::print(to, "  {:<10} {}\n", c.name, c.summary);
  fmt::print(to,
             "\noptions:\n"
             "  --help, -h  this help\n"
             "  --version   the version of wallaudit\n"
             "\n'wallaudit help COMMAND' or 'wallaudit COMMAND --help' describes a command's\n"
             "options.\n"
             "Exit status: 0 every record ok, 1 some record illegal or disputed, 2 some input\n"
             "malformed or unreadable, 64 bad command line.\n");
}

}  // namespace

int run(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    print_usage(stderr);
    return kExitUsage;
  }
  const std::string& first = args.front();
  if (first == "help" && args.size() == 2) {
    for (const auto& c : commands())
      if (c.name == args[1]) return c.run({"--help"});
    fmt::print(stderr, "wallaudit help: unknown command '{}'\n\n", args[1]);
    print_usage(stderr);
    return kExitUsage;
  }
  if (first == "help" && args.size() > 2) {
    fmt::print(stderr, "wallaudit help: name one command (see 'wallaudit help')\n");
    return kExitUsage;
  }
  if (first == "--help" || first == "-h" || first == "help") {
    print_usage(stdout);
    return kExitOk;
  }
  if (first == "--version") {
    fmt::print("wallaudit {}\n", WALLAUDIT_VERSION);
    return kExitOk;
  }
  for (const auto& c : commands()) {
    if (c.name == first) {
      try {
        return c.run(std::vector<std::string>(args.begin() + 1, args.end()));
      } catch (const po::error& e) {
        fmt::print(stderr, "wallaudit {}: {} (see 'wallaudit {} --help')\n", c.name, usage_error(e),
                   c.name);
        return kExitUsage;
      } catch (const std::exception& e) {
        // A bug or no memory left outside any one record: said, never a crash.
        fmt::print(stderr, "wallaudit {}: internal error, please report: {}\n", c.name, e.what());
        return kExitMalformed;
      }
    }
  }
  fmt::print(stderr, "wallaudit: unknown command '{}'\n\n", first);
  print_usage(stderr);
  return kExitUsage;
}

}  // namespace wallaudit::cli
