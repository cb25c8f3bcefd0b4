// libFuzzer target: any bytes as a board definition given with --boards (every game reads
// the definitions it recognises).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wallaudit;
  CheckContext ctx;
  ctx.definitions.push_back({"fuzz-boards.xml", std::string(reinterpret_cast<const char*>(data), size)});
  for (const auto& game : builtin_registry().games()) {
    Diagnostics problems;
    (void)game->prepare(ctx, problems);
    (void)game->describe_boards(ctx, problems);
  }
  return 0;
}
