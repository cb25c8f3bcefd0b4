// Shared by the commands that read one record: loading it with its history, printing its
// format errors, writing outputs atomically.
#pragma once

#include <optional>
#include <string>

#include "cli/inputs.hpp"
#include "core/game.hpp"

namespace wallaudit::cli {

struct LoadedRecord {
  Input input;
  std::string text;
  GameResult result;
};

// Reads the bytes of one record (a file, or "-" for standard input) and sets `input`; when it
// cannot be read, prints why to stderr and returns nullopt.
std::optional<std::string> read_one_record(const std::string& path, const char* command,
                                           Input& input);

// Reads and checks one record with its history kept. When it cannot be read or replayed,
// prints the diagnostics to stderr, sets `status` (the check's: 2 for a malformed record, 1 for
// a set-up no game starts from) and returns nullopt.
std::optional<LoadedRecord> load_record(const std::string& path, CheckContext ctx,
                                        const char* command, int& status);

// The exit status for one record's verdict (DESIGN.md).
int status_of(Verdict verdict);

// Writes `data` to `path` through a temporary file in the same directory and a rename, so
// that readers never see half a file. Refuses to replace `input` (an input of the command)
// unless `in_place`. Returns false with `error` set.
bool write_atomically(const std::string& path, const std::string& data, const std::string& input,
                      bool in_place, std::string& error);

// True when `a` and `b` name the same existing file.
bool same_file(const std::string& a, const std::string& b);

}  // namespace wallaudit::cli
