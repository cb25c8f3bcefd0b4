// The public C++ API of wallaudit: check records (bytes, files, directories, archives) with
// every game compiled in, get their results and the JSON form `wallaudit check --format jsonl`
// prints, and drive a record's game move by move through the engine interface.
//
//   #include <wallaudit/wallaudit.hpp>
//   find_package(wallaudit) + target_link_libraries(x wallaudit::wallaudit), or
//   pkg-config --cflags --libs wallaudit
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/check.hpp"     // the engine's generic driver: drive(), Replay, EngineGame
#include "core/engine.hpp"    // the engine interface: Action, State, Finding, LegalActions
#include "core/game.hpp"      // GameResult, Verdict, Diagnostic, CheckContext
#include "core/registry.hpp"  // builtin_registry(), check_record(), drive_record()

namespace wallaudit {

// The version of the library ("0.1.0").
const char* version();

// One checked input.
struct Checked {
  std::string name;  // as `wallaudit check` names it: "a.xml", "games.tar!dir/a.xml"
  GameResult result;
  std::uint64_t bytes = 0;   // the record's size
  double seconds = 0;        // the time its check took
  std::string duplicate_of;  // the earlier input of the same game, in check_many; else empty
  std::string json;          // to_json(*this), when CheckOptions::json asked for it
};

struct CheckOptions {
  int jobs = 1;            // threads
  bool all_files = false;  // in directories and archives, every file, not only *.xml
  bool json = false;       // render Checked::json on the worker threads, as the command does
  // The checking options of `wallaudit check`; all empty: its defaults.
  std::vector<std::pair<std::string, std::string>> rules_options;  // --option NAME=VALUE
  std::vector<std::string> boards;       // --boards FILE: board definitions besides the built-in
  std::vector<std::string> definitions;  // --definitions DIR: where named files may also lie
  bool allow_any_path = false;           // --allow-any-path
  std::optional<long long> max_turns;    // --max-turns N
};

// Misuse of the library: checking options the command line would refuse (an unknown rules
// option or value, a board file that cannot be read or does not hold, a definitions path that
// is no directory). Its what() is the command's message without "wallaudit check: ".
class OptionsError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The context `wallaudit check` uses without options: every game's built-in definitions
// prepared, duplicate keys computed. Built once; safe to share between threads.
const CheckContext& default_context();

// Checks the bytes of one record. Files the record names (boards, maps) are not read: there
// is no directory to look them up in. Throws OptionsError for options the command would
// refuse.
Checked check_bytes(std::string text, std::string name = "-", const CheckOptions& options = {});

// Checks the record at `path` as `wallaudit check PATH` does (files it names are looked up
// beside it). A directory or an archive gives its first record; an input that cannot be read
// is a malformed result, as in the command. Throws OptionsError for bad options.
Checked check_file(const std::string& path, const CheckOptions& options = {});

// Checks every record of `paths` (files, directories recursively, archives) on
// `options.jobs` threads, with the machinery of `wallaudit check`, and calls `consume` on the
// calling thread in input order, repeated records noted as duplicates. Definition files met
// among the inputs are skipped. `consume` returns false to stop: the records not started are
// dropped. Returns the number of records handed to `consume`. Throws OptionsError for bad
// options, before any record is read.
std::size_t check_many(const std::vector<std::string>& paths, const CheckOptions& options,
                       const std::function<bool(Checked&)>& consume);

// The JSON object of a checked record, exactly as a line of `wallaudit check --format jsonl`
// (without the newline).
std::string to_json(const Checked& checked);

// The score audit of `wallaudit explain --format json`, or nullopt when the record cannot be
// replayed (see the result's diagnostics). Throws OptionsError for bad options.
std::optional<std::string> explain_json(const std::string& path, const CheckOptions& options = {});

// The context these functions check with: default_context() when `options` sets no checking
// option, else one built for them (definitions prepared). Throws OptionsError.
CheckContext context_for(const CheckOptions& options);

}  // namespace wallaudit
