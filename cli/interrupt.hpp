// SIGINT and SIGTERM during a batch: the first one asks the run to stop taking records and to
// close its outputs; a second one ends the process at once.
#pragma once

namespace wallaudit::cli {

// Installs the handlers (idempotent).
void install_interrupt_handlers();

// The signal received (SIGINT, SIGTERM), or 0.
int interrupt_signal();

// Pretends `signal` was received (for tests of the runner).
void simulate_interrupt(int signal);

// "SIGINT", "SIGTERM".
const char* signal_name(int signal);

}  // namespace wallaudit::cli
