// A program using the installed wallaudit library: checks the records given on the command
// line (files, directories, archives) on two threads and prints one line per record, then
// the JSON `wallaudit check --format jsonl` would print for the first one.
//
//   cmake -S examples -B build-examples -DCMAKE_PREFIX_PATH=PREFIX && cmake --build build-examples
//   build-examples/check_records samples/chang-cheng/legal
#include <wallaudit/wallaudit.hpp>

#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: check_records PATH...\n");
    return 64;
  }
  std::vector<std::string> paths(argv + 1, argv + argc);
  std::printf("wallaudit library %s\n", wallaudit::version());
  wallaudit::CheckOptions options;
  options.jobs = 2;
  std::string first_json;
  std::size_t bad = 0;
  std::size_t n = wallaudit::check_many(paths, options, [&](wallaudit::Checked& c) {
    std::printf("%-60s %-10s %s (%zu findings)\n", c.name.c_str(), c.result.game.c_str(),
                std::string(wallaudit::to_string(c.result.verdict)).c_str(),
                c.result.diagnostics.items().size());
    if (c.result.verdict != wallaudit::Verdict::ok) ++bad;
    if (first_json.empty()) first_json = wallaudit::to_json(c);
    return true;
  });
  std::printf("%zu records, %zu not ok\n", n, bad);
  if (!first_json.empty()) std::printf("first as JSON: %.200s...\n", first_json.c_str());
  return 0;
}
