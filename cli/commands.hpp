// The subcommands; each takes the arguments after its name and returns the exit status.
#pragma once

#include <string>
#include <vector>

namespace wallaudit::cli {

int check_command(const std::vector<std::string>& args);
int boards_command(const std::vector<std::string>& args);

}  // namespace wallaudit::cli
