// The command line: subcommands, their options, and the exit status.
#pragma once

namespace wallaudit::cli {

// Exit statuses (DESIGN.md).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFindings = 1;   // some record illegal or disputed
inline constexpr int kExitMalformed = 2;  // some input malformed or unreadable
inline constexpr int kExitUsage = 64;     // bad command line

int run(int argc, char** argv);

}  // namespace wallaudit::cli
