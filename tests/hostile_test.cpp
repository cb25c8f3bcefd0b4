// Hostile and broken input (tests/data/hostile/ plus inputs too big to commit, written here):
// every input ends in bounded time and memory with a diagnostic that says what is wrong, and
// one batch goes on past all of them, losing none.
#include <archive.h>
#include <archive_entry.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "core/json.hpp"
#include "support/support.hpp"

namespace fs = std::filesystem;

namespace wallaudit::test {
namespace {

const char* const kHead = R"(<record game="chang-cheng" format="1">
<players><player colour="red"/><player colour="blue"/></players>
<setup><side id="1A"/><side id="2B"/>
<reputation province="1A.P1" value="2"/><reputation province="1A.P2" value="1"/><reputation province="1A.P3" value="3"/>
<reputation province="2B.P1" value="2"/><reputation province="2B.P2" value="0"/><reputation province="2B.P3" value="4"/>
<threat region="1A.M1" value="-3"/><threat region="1A.M2" value="-2"/><threat region="1A.M3" value="-4"/>
<threat region="2B.M1" value="-4"/><threat region="2B.M2" value="-2"/><threat region="2B.M3" value="-3"/></setup>
)";

void write_file(const fs::path& path, const std::string& data) {
  std::ofstream out(path, std::ios::binary);
  out << data;
}

enum class ArchiveKind { tar, tar_gz, zip };

// Writes a tar, a tar.gz or a zip (deflated) of the given members.
void write_archive(const fs::path& path,
                   const std::vector<std::pair<std::string, std::string>>& members,
                   ArchiveKind kind) {
  archive* a = archive_write_new();
  if (kind == ArchiveKind::zip) {
    archive_write_set_format_zip(a);
  } else {
    archive_write_set_format_pax_restricted(a);
  }
  if (kind == ArchiveKind::tar_gz) archive_write_add_filter_gzip(a);
  ASSERT_EQ(archive_write_open_filename(a, path.c_str()), ARCHIVE_OK);
  for (const auto& [name, data] : members) {
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, name.c_str());
    archive_entry_set_size(e, static_cast<la_int64_t>(data.size()));
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_write_header(a, e);
    archive_write_data(a, data.data(), data.size());
    archive_entry_free(e);
  }
  archive_write_close(a);
  archive_write_free(a);
}

// A Chang Cheng record whose board set is the file `path`.
std::string with_boards(const std::string& path) {
  std::string head = kHead;
  head.insert(head.find('\n') + 1, fmt::format("<boards file=\"{}\"/>\n", path));
  return head + "<play/></record>\n";
}

struct Expected {
  std::string verdict;
  std::string rule;
};

std::map<std::string, Expected> expectations() {
  std::map<std::string, Expected> out;
  std::ifstream in(source_dir() + "/tests/data/hostile/expected.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string name, verdict, rule;
    fields >> name >> verdict >> rule;
    out[name] = {verdict, rule};
  }
  return out;
}

class Hostile : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::path(::testing::TempDir()) / fmt::format("wallaudit-hostile-{}", ::getpid());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    for (const auto& entry : fs::directory_iterator(source_dir() + "/tests/data/hostile"))
      if (entry.path().extension() == ".xml")
        fs::copy_file(entry.path(), dir_ / entry.path().filename());

    // 100,000 nested elements inside <meta>.
    std::string nested = R"(<record game="chang-cheng" format="1"><meta>)";
    for (int i = 0; i < 100000; ++i)
      nested += "<a>";
    for (int i = 0; i < 100000; ++i)
      nested += "</a>";
    write_file(dir_ / "nested-100000.xml", nested + "</meta><players/><setup/><play/></record>\n");

    // A 200 MB record: a real record with a long note.
    {
      std::ofstream out(dir_ / "record-200MB.xml", std::ios::binary);
      out << R"(<record game="chang-cheng" format="1"><meta><note>)";
      std::string line(1023, 'x');
      line += '\n';
      for (int i = 0; i < 200 * 1024; ++i)
        out << line;
      out << "</note></meta><players/><setup/><play/></record>\n";
    }

    // A million turns.
    {
      std::ofstream out(dir_ / "turns-1000000.xml", std::ios::binary);
      out << kHead << "<play>\n";
      for (int i = 0; i < 1000000; ++i)
        out << (i % 2 ? "<turn colour=\"blue\"><pass/></turn>\n"
                      : "<turn colour=\"red\"><pass/></turn>\n");
      out << "</play></record>\n";
    }

    // Archives: a member named ../../x.xml; a compression bomb; a member above the size limit.
    std::string legal =
        std::string(kHead) +
        "<play><turn colour=\"red\"><wall space=\"1A.W1\"/></turn></play></record>\n";
    write_archive(dir_ / "dot-dot.tar", {{"../../x.xml", legal}}, ArchiveKind::tar);
    std::string zeros(10u << 20, '\0');
    for (auto [name, kind] :
         {std::pair{"bomb.tar.gz", ArchiveKind::tar_gz}, std::pair{"bomb.zip", ArchiveKind::zip}}) {
      write_archive(dir_ / name,
                    {{"zeros-1.xml", zeros}, {"zeros-2.xml", zeros}, {"zeros-3.xml", zeros}}, kind);
    }
    write_archive(dir_ / "big-member.tar", {{"huge.xml", std::string(70u << 20, ' ')}},
                  ArchiveKind::tar);

    // A directory whose symbolic link points back up: the walk must not loop.
    fs::create_directories(dir_ / "loop" / "inner");
    fs::create_symlink("..", dir_ / "loop" / "inner" / "up");
    write_file(dir_ / "loop" / "inner" / "once.xml", legal);

    // Records naming hostile files; inc/ is the tree checked.
    fs::create_directories(dir_ / "inc");
    fs::create_directories(dir_ / "outside");
    write_file(dir_ / "outside" / "secret.xml", "<secret>swordfish</secret>\n");
    ::mkfifo((dir_ / "inc" / "fifo").c_str(), 0600);
    fs::create_symlink(dir_ / "outside" / "secret.xml", dir_ / "inc" / "secret-link.dat");
    {
      // 3 GB, and not one block written.
      std::ofstream(dir_ / "inc" / "sparse-3GB.dat").close();
      fs::resize_file(dir_ / "inc" / "sparse-3GB.dat", 3ull << 30);
    }
    fs::create_hard_link(dir_ / "record-200MB.xml", dir_ / "inc" / "big-record.xml");
    for (const auto& [name, path] :
         std::vector<std::pair<std::string, std::string>>{{"dev-zero", "/dev/zero"},
                                                          {"fifo", "fifo"},
                                                          {"proc-self-mem", "/proc/self/mem"},
                                                          {"sparse", "sparse-3GB.dat"},
                                                          {"link-out", "secret-link.dat"},
                                                          {"etc-passwd", "../../etc/passwd"},
                                                          {"names-200MB-record", "big-record.xml"}})
      write_file(dir_ / "inc" / (name + ".xml"), with_boards(path));
    // A zip whose record names a board file of the same zip that expands to 100 MB of zeros.
    write_archive(dir_ / "inc" / "bomb.zip",
                  {{"games/r.xml", with_boards("../boards/bomb.dat")},
                   {"boards/bomb.dat", std::string(100u << 20, '\0')}},
                  ArchiveKind::zip);
  }

  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static fs::path dir_;
};

fs::path Hostile::dir_;

TEST_F(Hostile, OneBatchGoesOnPastEveryHostileInputAndLosesNone) {
  std::vector<std::string> args = {"check", "--format", "jsonl", "-j", "2"};
  std::vector<std::string> names;
  for (const auto& [name, expected] : expectations()) {
    std::string file = name.substr(0, name.find('!'));
    if (std::find(args.begin(), args.end(), file) == args.end()) args.push_back(file);
  }
  args.push_back("loop");
  RunResult run = run_cli(args, nullptr, dir_.string());
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_NE(run.err.find("already visited"), std::string::npos) << run.err;
  std::map<std::string, std::pair<std::string, std::string>> got;  // file → verdict, first rule
  std::istringstream lines(run.out);
  std::string line;
  while (std::getline(lines, line)) {
    auto parsed = parse_json(line);
    ASSERT_TRUE(std::holds_alternative<JsonValue>(parsed)) << line;
    const JsonValue& r = std::get<JsonValue>(parsed);
    if (r.find("summary")) continue;
    const JsonValue& diags = *r.find("diagnostics");
    std::string rule = "-";  // the first finding that is not a note
    for (const auto& d : diags.as_array()) {
      if (d.find("severity")->as_string() != "note") {
        rule = d.find("rule")->as_string();
        break;
      }
    }

    got[r.find("file")->as_string()] = {r.find("verdict")->as_string(), rule};
    if (!diags.as_array().empty()) {
      EXPECT_FALSE(diags.as_array().front().find("message")->as_string().empty()) << line;
    }
  }
  for (const auto& [name, expected] : expectations()) {
    SCOPED_TRACE(name);
    auto it = got.find(name);
    if (it == got.end()) {
      ADD_FAILURE() << "missing from the output: " << name << "\n" << run.out.substr(0, 2000);
      continue;
    }
    EXPECT_EQ(it->second.first, expected.verdict);
    EXPECT_EQ(it->second.second, expected.rule);
  }
  EXPECT_EQ(got.count("loop/inner/once.xml"), 1u);
  // The bomb's third member is never read; the second says so.
  EXPECT_EQ(got.count("bomb.tar.gz!zeros-3.xml"), 0u);
  EXPECT_EQ(got.count("bomb.zip!zeros-3.xml"), 0u);
  // Nothing was written outside the working directory.
  EXPECT_FALSE(fs::exists(dir_.parent_path().parent_path() / "x.xml"));
}

TEST_F(Hostile, StandardInputIsReadOnlyUpToTheSizeLimit) {
  std::string big(70u << 20, 'x');
  RunResult run = run_cli({"check", "--format", "jsonl", "-"}, &big, dir_.string());
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find("\"rule\":\"REC-017\""), std::string::npos) << run.out;
}

// A tar member stored sparse: its holes read as the zero bytes a whole read would give, so the
// NUL byte is found where it stands.
TEST_F(Hostile, ASparseMemberReadsItsHolesAsZeroBytes) {
  fs::path path = dir_ / "holey.tar";
  archive* a = archive_write_new();
  archive_write_set_format_pax_restricted(a);
  ASSERT_EQ(archive_write_open_filename(a, path.c_str()), ARCHIVE_OK);
  archive_entry* e = archive_entry_new();
  archive_entry_set_pathname(e, "holey.xml");
  archive_entry_set_size(e, 30000);
  archive_entry_set_filetype(e, AE_IFREG);
  archive_entry_set_perm(e, 0644);
  archive_entry_sparse_add_entry(e, 0, 10);
  archive_entry_sparse_add_entry(e, 29990, 10);
  archive_write_header(a, e);
  std::string head = "<record>\n\n", tail = "\n</record>";
  archive_write_data(a, head.data(), head.size());
  archive_write_data(a, tail.data(), tail.size());
  archive_entry_free(e);
  archive_write_close(a);
  archive_write_free(a);

  RunResult run = run_cli({"check", "holey.tar"}, nullptr, dir_.string());
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.out.substr(0, run.out.find('\n')),
            "holey.tar!holey.xml:3:1: error: NUL byte: a record is UTF-8 text [REC-015]")
      << run.out;
}

TEST_F(Hostile, LimitsAreOptions) {
  RunResult small =
      run_cli({"check", "--format", "jsonl", "--max-record-size", "1", "record-200MB.xml"}, nullptr,
              dir_.string());
  EXPECT_NE(small.out.find("limit of 1.0 MiB"), std::string::npos) << small.out;
  RunResult turns = run_cli({"check", "--format", "jsonl", "--max-turns", "2", "dot-dot.tar"},
                            nullptr, dir_.string());
  EXPECT_NE(turns.out.find("\"verdict\":\"ok\""), std::string::npos) << turns.out;
  RunResult few = run_cli({"check", "--format", "jsonl", "--max-turns", "0", "bom.xml"}, nullptr,
                          dir_.string());
  EXPECT_EQ(few.status, 64);
  RunResult ratio =
      run_cli({"check", "--format", "jsonl", "--max-expansion-ratio", "0.5", "bom.xml"}, nullptr,
              dir_.string());
  EXPECT_EQ(ratio.status, 64);
}

// The first diagnostic message of each record of a JSON Lines output, by file.
std::map<std::string, std::string> first_messages(const std::string& jsonl) {
  std::map<std::string, std::string> out;
  std::istringstream lines(jsonl);
  std::string line;
  while (std::getline(lines, line)) {
    auto parsed = parse_json(line);
    if (!std::holds_alternative<JsonValue>(parsed)) continue;
    const JsonValue& r = std::get<JsonValue>(parsed);
    if (!r.find("file")) continue;
    const auto& diags = r.find("diagnostics")->as_array();
    out[r.find("file")->as_string()] =
        r.find("verdict")->as_string() + " " +
        (diags.empty() ? std::string("-")
                       : diags.front().find("rule")->as_string() + " " +
                             diags.front().find("message")->as_string());
  }
  return out;
}

TEST_F(Hostile, FilesNamedByRecordsAreReadSafely) {
  RunResult run = run_cli({"check", "--format", "jsonl", "-j", "2", "inc"}, nullptr, dir_.string());
  EXPECT_EQ(run.status, 2) << run.err;
  std::string tree = fs::canonical(dir_ / "inc").string();
  std::string outside = fmt::format(
      "it lies outside {}, the directory checked (--definitions DIR or --allow-any-path allows "
      "more)",
      tree);
  auto cannot = [](const std::string& path, const std::string& why) {
    return fmt::format("malformed REC-013 cannot read board file \"{}\": {}", path, why);
  };
  std::map<std::string, std::string> want = {
      {"inc/bomb.zip!games/r.xml", cannot("../boards/bomb.dat",
                                          "it is 100.0 MiB, more than the limit of 64.0 MiB "
                                          "(--max-record-size)")},
      {"inc/dev-zero.xml",
       cannot("/dev/zero", "an absolute path is not read (--allow-any-path allows it)")},
      {"inc/etc-passwd.xml", cannot("../../etc/passwd", outside)},
      {"inc/fifo.xml", cannot("fifo", "it is not a regular file (a FIFO)")},
      {"inc/link-out.xml", cannot("secret-link.dat", outside)},
      {"inc/proc-self-mem.xml",
       cannot("/proc/self/mem", "an absolute path is not read (--allow-any-path allows it)")},
      {"inc/names-200MB-record.xml",
       cannot("big-record.xml",
              "it is 200.0 MiB, more than the limit of 64.0 MiB (--max-record-size)")},
      {"inc/sparse.xml",
       cannot("sparse-3GB.dat",
              "it is 3.0 GiB, more than the limit of 64.0 MiB (--max-record-size)")},
  };
  auto got = first_messages(run.out);
  // big-record.xml is a record too.
  EXPECT_EQ(got["inc/big-record.xml"],
            "malformed REC-017 the record is 200.0 MiB, more than the limit of 64.0 MiB "
            "(--max-record-size)");
  got.erase("inc/big-record.xml");
  EXPECT_EQ(got, want) << run.out;

  // With --allow-any-path the absolute paths are followed, and refused for what they are.
  RunResult any = run_cli({"check", "--format", "jsonl", "--allow-any-path", "inc/dev-zero.xml",
                           "inc/proc-self-mem.xml", "inc/etc-passwd.xml"},
                          nullptr, dir_.string());
  auto followed = first_messages(any.out);
  EXPECT_EQ(followed["inc/dev-zero.xml"],
            cannot("/dev/zero", "it is not a regular file (a character device)"));
  EXPECT_EQ(followed["inc/proc-self-mem.xml"], cannot("/proc/self/mem", "Input/output error"));
  EXPECT_EQ(followed["inc/etc-passwd.xml"].find("lies outside"), std::string::npos)
      << followed["inc/etc-passwd.xml"];
}

TEST_F(Hostile, DefinitionsAddTreesForFilesNamedByRecords) {
  fs::create_directories(dir_ / "defs" / "records");
  fs::create_directories(dir_ / "defs" / "boards");
  write_file(dir_ / "defs" / "boards" / "set.xml",
             read_source_file("lib/chang_cheng/data/standard-boards.xml"));
  write_file(dir_ / "defs" / "records" / "r.xml", with_boards("../boards/set.xml"));
  RunResult refused =
      run_cli({"check", "--format", "jsonl", "defs/records"}, nullptr, dir_.string());
  EXPECT_NE(refused.out.find("lies outside"), std::string::npos) << refused.out;
  RunResult allowed =
      run_cli({"check", "--format", "jsonl", "--definitions", "defs/boards", "defs/records"},
              nullptr, dir_.string());
  EXPECT_EQ(allowed.out.find("REC-013"), std::string::npos) << allowed.out;
  RunResult bad =
      run_cli({"check", "--definitions", "nowhere", "defs/records"}, nullptr, dir_.string());
  EXPECT_EQ(bad.status, 64);
  EXPECT_EQ(bad.err, "wallaudit check: --definitions takes a directory, not 'nowhere'\n");
}

// --boards files are read with the limit of --max-record-size, as records and the files they name.
TEST_F(Hostile, BoardsFilesTakeTheRecordSizeLimit) {
  std::string set = read_source_file("lib/chang_cheng/data/standard-boards.xml");
  const std::size_t size = 2u << 20;
  ASSERT_LT(set.size() + 7, size);
  write_file(dir_ / "big.xml", set + "<!--" + std::string(size - set.size() - 7, ' ') + "-->");
  ASSERT_EQ(fs::file_size(dir_ / "big.xml"), size);
  std::string record = kHead;
  record += "<play/>\n</record>\n";
  write_file(dir_ / "r.xml", record);
  for (std::string command : {"check", "stats"}) {
    RunResult refused = run_cli({command, "--max-record-size", "1", "--boards", "big.xml", "r.xml"},
                                nullptr, dir_.string());
    EXPECT_EQ(refused.status, 2);
    EXPECT_EQ(refused.err, "wallaudit " + command +
                               ": cannot read board definitions big.xml: it is 2.0 MiB, more than "
                               "the limit of 1.0 MiB (--max-record-size)\n");
    RunResult read = run_cli({command, "--max-record-size", "3", "--boards", "big.xml", "r.xml"},
                             nullptr, dir_.string());
    EXPECT_EQ(read.err.find("cannot read board definitions"), std::string::npos) << read.err;
  }
}

}  // namespace
}  // namespace wallaudit::test
