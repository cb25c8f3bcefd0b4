// libFuzzer target for the inputs layer: any bytes as an archive (raw, or members built from the
// input into a tar or a zip, symbolic links, hard links and ".." names included) or as a record
// on disk, each record checked with the files it names read from its archive or from a tree that
// holds hostile neighbours (a FIFO, a link to /dev/zero, a sparse file past the limit, a link
// out of the tree).
#include <archive.h>
#include <archive_entry.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/batch.hpp"
#include "cli/sources.hpp"

namespace fs = std::filesystem;
using namespace wallaudit;
using namespace wallaudit::cli;

namespace {

fs::path root;  // a temporary tree: root/tree (checked) and root/outside

void write_file(const fs::path& p, std::string_view data) {
  std::ofstream(p, std::ios::binary).write(data.data(), static_cast<std::streamsize>(data.size()));
}

void make_tree() {
  char pattern[] = "/tmp/fuzz-inputs-XXXXXX";
  root = ::mkdtemp(pattern);
  fs::create_directories(root / "tree" / "records");
  fs::create_directories(root / "outside");
  write_file(root / "outside" / "secret.xml", "<board-set><side id='x'/></board-set>");
  ::mkfifo((root / "tree" / "fifo").c_str(), 0600);
  fs::create_symlink("/dev/zero", root / "tree" / "zero");
  fs::create_symlink(root / "outside" / "secret.xml", root / "tree" / "link-out");
  // A sparse file past the limit: no block is written.
  if (std::FILE* f = std::fopen((root / "tree" / "big").c_str(), "wb")) {
    (void)::ftruncate(fileno(f), 3ll << 20);
    std::fclose(f);
  }
}

// Splits the input into members: "\n@@NAME\n" starts one. A NAME of "-> TARGET NAME" is a
// symbolic link, "=> TARGET NAME" a hard link.
struct Member {
  std::string name, body, link;
  bool hard = false;
};

std::vector<Member> members(std::string_view data) {
  std::vector<Member> out;
  const std::string_view mark = "\n@@";
  std::size_t at = data.find(mark);
  if (at == std::string_view::npos) return {{"r.xml", std::string(data), {}, false}};
  if (at > 0) out.push_back({"r.xml", std::string(data.substr(0, at)), {}, false});
  while (at != std::string_view::npos) {
    std::size_t name_start = at + mark.size();
    std::size_t name_end = data.find('\n', name_start);
    if (name_end == std::string_view::npos) name_end = data.size();
    std::size_t next = data.find(mark, name_end);
    Member m;
    m.name = std::string(data.substr(name_start, name_end - name_start));
    if (name_end < data.size())
      m.body = std::string(data.substr(
          name_end + 1, (next == std::string_view::npos ? data.size() : next) - name_end - 1));
    if (m.name.rfind("-> ", 0) == 0 || m.name.rfind("=> ", 0) == 0) {
      m.hard = m.name[0] == '=';
      std::string rest = m.name.substr(3);
      auto space = rest.find(' ');
      m.link = rest.substr(0, space);
      m.name = space == std::string::npos ? "l.xml" : rest.substr(space + 1);
    }
    out.push_back(std::move(m));
    at = next;
  }
  return out;
}

std::string build_archive(const std::vector<Member>& list, bool zip, bool gzip) {
  archive* a = archive_write_new();
  if (zip) {
    archive_write_set_format_zip(a);
  } else {
    archive_write_set_format_pax_restricted(a);
    if (gzip) archive_write_add_filter_gzip(a);
  }
  std::vector<char> buffer(1 << 22);
  std::size_t used = 0;
  archive_write_open_memory(a, buffer.data(), buffer.size(), &used);
  for (const auto& m : list) {
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, m.name.c_str());
    archive_entry_set_perm(e, 0644);
    if (!m.link.empty() && m.hard) {
      archive_entry_set_filetype(e, AE_IFREG);
      archive_entry_set_hardlink(e, m.link.c_str());
      archive_entry_set_size(e, 0);
    } else if (!m.link.empty()) {
      archive_entry_set_filetype(e, AE_IFLNK);
      archive_entry_set_symlink(e, m.link.c_str());
      archive_entry_set_size(e, 0);
    } else {
      archive_entry_set_filetype(e, AE_IFREG);
      archive_entry_set_size(e, static_cast<la_int64_t>(m.body.size()));
    }
    if (archive_write_header(a, e) == ARCHIVE_OK && m.link.empty())
      archive_write_data(a, m.body.data(), m.body.size());
    archive_entry_free(e);
  }
  archive_write_close(a);
  archive_write_free(a);
  return std::string(buffer.data(), used);
}

void check_all(std::vector<std::string> paths, bool any_path) {
  SourceOptions options;
  options.limits.max_record_bytes = 1 << 20;
  options.limits.expansion_floor = 1 << 20;
  options.limits.max_expansion_ratio = 50;
  InputSource source(std::move(paths), {}, options);
  BatchSettings settings;
  settings.ctx.max_turns = 300;
  settings.ctx.want_key = true;
  settings.max_record_bytes = options.limits.max_record_bytes;
  settings.includes.limits = options.limits;
  settings.includes.allow_any_path = any_path;
  InputItem item;
  for (int n = 0; n < 64 && source.next(item); ++n) {
    Job job;
    job.input = std::move(item);
    check_job(job, settings);
    item = {};
  }
  (void)source.take_warnings();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  make_tree();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  unsigned mode = data[0] % 5;
  bool any_path = (data[0] & 0x80) != 0;
  fs::path tree = root / "tree";
  if (mode == 0) {
    // A record on disk, in the tree with hostile neighbours.
    write_file(tree / "records" / "r.xml", rest);
    check_all({tree.string()}, any_path);
    return 0;
  }
  fs::path file;
  if (mode == 1) {
    // The bytes as an archive, whatever it is.
    file = root / "raw.tar.gz";
    write_file(file, rest);
  } else {
    bool zip = mode == 2, gzip = mode == 4;
    file = root / (zip ? "built.zip" : gzip ? "built.tar.gz" : "built.tar");
    write_file(file, build_archive(members(rest), zip, gzip));
  }
  check_all({file.string()}, any_path);
  return 0;
}
