// The stream of records named on the command line: files, directories (recursive), archives
// (.zip, .tar, .tar.gz, .tar.zst, … via libarchive), standard input, and lists of paths.
// Inputs are produced one at a time, in a stable order, so memory does not grow with them.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wallaudit::cli {

struct Limits {
  std::uint64_t max_record_bytes = 64ull << 20;  // a record larger than this is not read
  double max_expansion_ratio = 200;              // archive bytes out per byte in
  std::uint64_t expansion_floor = 16ull << 20;   // the ratio applies past this many bytes
};

struct SourceOptions {
  bool all_files = false;     // directories and archives: every file, not only *.xml
  int shard = 0, shards = 1;  // keep the inputs whose name hashes to shard (0-based) of shards
  Limits limits;
};

// One input: a file to read, or bytes already read (archive member, standard input), or the
// reason it cannot be read.
// The files of one archive that its records name, read from the archive on demand and kept for
// the next record that names them (see read_archive_file).
struct ArchiveFiles;

struct InputItem {
  std::string name;  // "games/a.xml", "-", "games.zip!dir/a.xml"
  std::string path;  // a file on disk to read; empty otherwise
  std::optional<std::string> bytes;
  std::string error;        // set when the input cannot be read: it is reported as malformed
  bool over_limit = false;  // `error` says the input is over a record limit (REC-017)
  std::string base_dir;     // where files the record names are looked up; empty: nowhere
  std::string tree;         // the canonical directory files the record names must lie in
  std::shared_ptr<ArchiveFiles> archive;  // the record's archive, for a member
  std::string member;                     // the member's path inside `archive`
};

// The deterministic 64-bit hash of a name used by --shard (FNV-1a).
std::uint64_t name_hash(std::string_view name);

// True for names that look like archives (.zip, .tar, .tar.gz, .tgz, .tar.zst, .tar.xz,
// .tar.bz2).
bool looks_like_archive(std::string_view name);

class InputSource {
 public:
  // `paths`: arguments ("-" is standard input); `lists`: --files-from sources ("-" for
  // standard input), whose lines are paths read lazily after `paths`.
  InputSource(std::vector<std::string> paths, std::vector<std::string> lists,
              SourceOptions options);
  ~InputSource();
  InputSource(const InputSource&) = delete;
  InputSource& operator=(const InputSource&) = delete;

  // The next input, or false when there is none left.
  bool next(InputItem& out);
  // Whether next() may wait on a pipe, a FIFO or a terminal: standard input ("-") or a
  // --files-from list is read. Files, directories and archives given as paths are read
  // without waiting (an archive only when it is a regular file).
  bool may_wait() const;
  // Warnings met on the way (e.g. a symbolic-link loop skipped).
  std::vector<std::string> take_warnings();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A file of the archive `files` by its normalised path inside the archive ("boards/x.xml"), read
// with the archive's limits; nullopt with `error` set ("there is no such member", "it is not a
// regular file (a symbolic link)", …). Safe to call from several threads.
std::optional<std::string> read_archive_file(ArchiveFiles& files, const std::string& member,
                                             std::string& error);

// Reads a file whole, refusing more than `max_bytes`; nullopt with `error` set on failure, and
// `over_limit` (when given) set when the file is larger than `max_bytes` (REC-017).
std::optional<std::string> read_file_limited(const std::string& path, std::uint64_t max_bytes,
                                             std::string& error, bool* over_limit = nullptr);

}  // namespace wallaudit::cli
