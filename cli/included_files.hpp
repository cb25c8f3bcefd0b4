// Reading the files a record names (board sets, boards, maps) safely: only regular files, within
// the record limits, inside the trees given on the command line, or inside the record's archive.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/sources.hpp"
#include "core/game.hpp"

namespace wallaudit::cli {

struct IncludePolicy {
  Limits limits;                   // the record limits apply to included files too
  std::vector<std::string> trees;  // canonical directories besides the record's (--definitions)
  bool allow_any_path = false;     // --allow-any-path: absolute paths and any directory
};

// Reads a regular file whole, refusing devices, FIFOs, sockets and directories without waiting
// on them, and more than `max_bytes`; nullopt with `error` set ("it is not a regular file (a
// FIFO)", "it is 3.0 GiB, more than the limit of 64.0 MiB (--max-record-size)", …).
std::optional<std::string> read_regular_file(const std::string& path, std::uint64_t max_bytes,
                                             std::string& error);

// The loader of files named by `input`: from its archive, relative to its member, when it is an
// archive member; from disk, relative to its directory and inside its tree, otherwise.
FileLoader included_file_loader(const InputItem& input, const IncludePolicy& policy);

// The loader for one record file read by a single-record command: relative to `path`'s
// directory, inside the current directory or a tree of `policy`.
FileLoader included_file_loader(const std::string& path, const IncludePolicy& policy);

// "1.5 MiB", "3.0 GiB", "12 bytes".
std::string human_bytes(std::uint64_t n);

}  // namespace wallaudit::cli
