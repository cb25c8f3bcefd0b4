// wallaudit boards
#include <fmt/format.h>

#include <boost/program_options.hpp>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "core/registry.hpp"
#include "report/tables.hpp"

namespace po = boost::program_options;

namespace wallaudit::cli {

int boards_command(const std::vector<std::string>& args) {
  po::options_description desc("boards options");
  desc.add_options()("help,h", "show this help")(
      "format", po::value<std::string>()->default_value("text"), "text or json");
  add_context_options(desc, false);
  po::positional_options_description positional;
  po::variables_map vm;
  if (!parse_args(args, desc, positional, vm,
                  "usage: wallaudit boards [--boards FILE]...\n\n"
                  "Lists the board sides (and maps) every game knows, with their geometry."))
    return kExitOk;
  std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json") {
    fmt::print(stderr, "wallaudit boards: --format takes text or json, not '{}'\n", format);
    return kExitUsage;
  }
  int status = kExitOk;
  auto ctx = make_context(vm, "boards", status);
  if (!ctx) return status;
  std::vector<Table> tables;
  for (const auto& game : builtin_registry().games()) {
    Diagnostics problems;
    auto more = game->describe_boards(*ctx, problems);
    tables.insert(tables.end(), more.begin(), more.end());
  }
  std::string out = format == "json" ? report::tables_json(tables) : report::tables_text(tables);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return kExitOk;
}

}  // namespace wallaudit::cli
