#include "cli/app.hpp"

int main(int argc, char** argv) {
  return wallaudit::cli::run(argc, argv);
}
