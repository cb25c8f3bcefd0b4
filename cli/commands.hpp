// The subcommands; each takes the arguments after its name and returns the exit status.
#pragma once

#include <string>
#include <vector>

namespace wallaudit::cli {

int check_command(const std::vector<std::string>& args);
int boards_command(const std::vector<std::string>& args);
int explain_command(const std::vector<std::string>& args);
int replay_command(const std::vector<std::string>& args);
int diff_command(const std::vector<std::string>& args);
int annotate_command(const std::vector<std::string>& args);
int report_command(const std::vector<std::string>& args);
int stats_command(const std::vector<std::string>& args);
int summarize_command(const std::vector<std::string>& args);
int rules_command(const std::vector<std::string>& args);
int moves_command(const std::vector<std::string>& args);

}  // namespace wallaudit::cli
