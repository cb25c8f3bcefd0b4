// The batch runner and the check command under faults: a record whose check throws, SIGINT and
// SIGTERM, incomplete JSON Lines outputs, a full disk, numbers that do not fit.
#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <pugixml.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <new>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "cli/batch.hpp"
#include "cli/duplicates.hpp"
#include "cli/interrupt.hpp"
#include "core/json.hpp"
#include "core/registry.hpp"
#include "core/rules.hpp"
#include "support/support.hpp"

namespace fs = std::filesystem;

namespace wallaudit::test {
namespace {

// A game that throws what its record's `throw` attribute says; built only here.
class ThrowingGame final : public Game {
 public:
  std::string_view id() const override { return "thrower"; }
  std::string_view title() const override { return "Thrower"; }
  const std::vector<RulesOption>& options() const override {
    static const std::vector<RulesOption> none;
    return none;
  }
  const RuleCatalogue& rules() const override {
    static const RuleCatalogue none;
    return none;
  }
  GameResult check(const XmlDocument& doc, const CheckContext&) const override {
    std::string_view what = doc.root().attribute("throw").value();
    if (what == "bad_alloc") throw std::bad_alloc();
    if (what == "runtime") throw std::runtime_error("the state is broken");
    if (what == "int") throw 42;
    GameResult r;
    r.finished = true;
    return r;
  }
  std::shared_ptr<const void> prepare(const CheckContext&, Diagnostics&) const override {
    return nullptr;
  }
  std::vector<Table> describe_boards(const CheckContext&, Diagnostics&) const override {
    return {};
  }
};

class Batch : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) /
           fmt::format("wallaudit-batch-{}-{}", ::getpid(),
                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& data) {
    fs::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name, std::ios::binary) << data;
  }
  fs::path dir_;
};

// The runner with GetParam() jobs over records of the thrower game.
class BatchJobs : public Batch, public ::testing::WithParamInterface<int> {
 protected:
  BatchJobs() { registry_.add(std::make_unique<ThrowingGame>()); }
  // `count` records that check ok: r00.xml, r01.xml, …
  void write_plain(int count) {
    for (int i = 0; i < count; ++i)
      write(fmt::format("r{:02}.xml", i), "<record game=\"thrower\"/>");
  }
  cli::BatchSettings settings() const {
    cli::BatchSettings s;
    s.jobs = GetParam();
    s.registry = &registry_;
    return s;
  }
  Registry registry_;
};

TEST_P(BatchJobs, AnExceptionInOneRecordIsThatRecordsVerdict) {
  for (auto [name, what] :
       {std::pair{"a.xml", "none"}, std::pair{"b.xml", "bad_alloc"}, std::pair{"c.xml", "runtime"},
        std::pair{"d.xml", "int"}, std::pair{"e.xml", "none"}})
    write(name, fmt::format("<record game=\"thrower\" throw=\"{}\"/>", what));
  cli::BatchSettings settings = this->settings();
  settings.render = [](cli::Job& job) {
    job.output = job.input.name + " " + std::string(to_string(job.result.verdict));
  };
  cli::InputSource source({dir_.string()}, {}, {});
  std::vector<std::string> got;
  cli::BatchOutcome outcome = run_batch(source, settings, [&](cli::Job& job) {
    std::string message = job.result.diagnostics.empty()
                              ? "-"
                              : job.result.diagnostics.items().front().rule + " " +
                                    job.result.diagnostics.items().front().message;
    got.push_back(fs::path(job.input.name).filename().string() + " " +
                  std::string(to_string(job.result.verdict)) + " " + message);
  });
  EXPECT_EQ(outcome.checked, 5u);
  EXPECT_EQ(outcome.not_checked, 0u);
  EXPECT_FALSE(outcome.stopped);
  std::vector<std::string> want = {
      "a.xml ok -",
      "b.xml malformed REC-018 internal error, please report: std::bad_alloc; the record was not "
      "checked",
      "c.xml malformed REC-018 internal error, please report: the state is broken; the record "
      "was not checked",
      "d.xml malformed REC-018 internal error, please report: an unknown exception; the record "
      "was not checked",
      "e.xml ok -"};
  EXPECT_EQ(got, want);
}

TEST_P(BatchJobs, AnExceptionInTheConsumerStopsTheRunCleanly) {
  write_plain(50);
  cli::BatchSettings settings = this->settings();
  cli::InputSource source({dir_.string()}, {}, {});
  int seen = 0;
  EXPECT_THROW(run_batch(source, settings,
                         [&](cli::Job&) {
                           if (++seen == 3) throw std::runtime_error("cannot write");
                         }),
               std::runtime_error);
  EXPECT_EQ(seen, 3);
}

// One job runs on the calling thread: every check, render and hand-over there, in input order.
TEST_P(BatchJobs, OneJobRunsOnTheCallingThreadAndMoreOnWorkers) {
  write_plain(40);
  cli::BatchSettings settings = this->settings();
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> rendered_elsewhere{0};
  settings.render = [&](cli::Job& job) {
    if (std::this_thread::get_id() != caller) ++rendered_elsewhere;
    job.output = fs::path(job.input.name).filename().string();
  };
  cli::InputSource source({dir_.string()}, {}, {});
  std::vector<std::string> got;
  bool consumed_elsewhere = false;
  cli::BatchOutcome outcome = run_batch(source, settings, [&](cli::Job& job) {
    if (std::this_thread::get_id() != caller) consumed_elsewhere = true;
    got.push_back(job.output);
  });
  EXPECT_EQ(outcome.checked, 40u);
  EXPECT_FALSE(consumed_elsewhere);
  EXPECT_EQ(rendered_elsewhere.load(), GetParam() == 1 ? 0 : 40);
  ASSERT_EQ(got.size(), 40u);
  for (int i = 0; i < 40; ++i)
    EXPECT_EQ(got[static_cast<std::size_t>(i)], fmt::format("r{:02}.xml", i));
}

// Many small records are in flight at once, but their bytes are bounded: with a budget of two
// and a half records, the workers never run more than three records ahead of a slow consumer.
TEST_P(BatchJobs, TheRecordsInFlightHoldAtMostTheBudgetOfBytes) {
  const std::string record = "<record game=\"thrower\"/>" + std::string(1000 - 24, ' ');
  ASSERT_EQ(record.size(), 1000u);
  for (int i = 0; i < 40; ++i)
    write(fmt::format("r{:02}.xml", i), record);
  cli::BatchSettings settings = this->settings();
  settings.bytes_in_flight = 2500;
  std::atomic<std::size_t> checked{0};
  settings.render = [&](cli::Job&) { ++checked; };
  cli::InputSource source({dir_.string()}, {}, {});
  std::size_t consumed = 0, most_ahead = 0;
  cli::BatchOutcome outcome = run_batch(source, settings, [&](cli::Job& job) {
    EXPECT_EQ(job.bytes, 1000u);
    // Give the workers time to run ahead as far as they may.
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    most_ahead = std::max(most_ahead, checked.load() - consumed);
    ++consumed;
  });
  EXPECT_EQ(outcome.checked, 40u);
  EXPECT_GE(most_ahead, 1u);
  EXPECT_LE(most_ahead, GetParam() == 1 ? 1u : 3u);
  // Without a budget, the same run has all 40 records in flight.
  if (GetParam() == 1) return;
  settings.bytes_in_flight = 0;
  cli::InputSource again({dir_.string()}, {}, {});
  checked = 0;
  consumed = most_ahead = 0;
  outcome = run_batch(again, settings, [&](cli::Job&) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    most_ahead = std::max(most_ahead, checked.load() - consumed);
    ++consumed;
  });
  EXPECT_EQ(outcome.checked, 40u);
  EXPECT_GT(most_ahead, 3u);
}

// Workers hand results over by batches, but a record read from a slow stream is consumed as soon
// as it is checked, before the stream gives the next one.
TEST_P(BatchJobs, ARecordFromASlowListIsConsumedBeforeTheNextIsRead) {
  write_plain(3);
  const fs::path list = dir_ / "list";
  ASSERT_EQ(::mkfifo(list.c_str(), 0600), 0);
  std::mutex m;
  std::condition_variable seen;
  std::vector<std::string> got;
  std::vector<std::size_t> consumed_before;  // records consumed when each line was written
  std::thread writer([&] {
    std::ofstream out(list);
    for (int i = 0; i < 3; ++i) {
      std::unique_lock lock(m);
      // A consumer that waits for a whole batch would never see the line alone: give up after
      // a while, so that the test fails rather than hangs.
      seen.wait_for(lock, std::chrono::seconds(20),
                    [&] { return got.size() == static_cast<std::size_t>(i); });
      consumed_before.push_back(got.size());
      lock.unlock();
      out << (dir_ / fmt::format("r{:02}.xml", i)).string() << std::endl;
    }
  });
  cli::InputSource source({}, {list.string()}, {});
  cli::BatchOutcome outcome = run_batch(source, settings(), [&](cli::Job& job) {
    std::lock_guard lock(m);
    got.push_back(fs::path(job.input.name).filename().string());
    seen.notify_all();
  });
  writer.join();
  EXPECT_EQ(outcome.checked, 3u);
  EXPECT_EQ(got, (std::vector<std::string>{"r00.xml", "r01.xml", "r02.xml"}));
  EXPECT_EQ(consumed_before, (std::vector<std::size_t>{0, 1, 2}));
}

INSTANTIATE_TEST_SUITE_P(Jobs, BatchJobs, ::testing::Values(1, 2),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return fmt::format("j{}", info.param);
                         });

TEST_F(Batch, AnInterruptStopsTakingRecords) {
  for (int i = 0; i < 200; ++i)
    write(fmt::format("r{:03}.xml", i), "<record game=\"thrower\"/>");
  Registry registry;
  registry.add(std::make_unique<ThrowingGame>());
  cli::BatchSettings settings;
  settings.registry = &registry;
  cli::InputSource source({dir_.string()}, {}, {});
  cli::simulate_interrupt(SIGTERM);
  cli::BatchOutcome outcome = run_batch(source, settings, [](cli::Job&) {});
  cli::simulate_interrupt(0);
  EXPECT_EQ(outcome.checked, 0u);
  EXPECT_EQ(outcome.signal, SIGTERM);
  EXPECT_TRUE(outcome.stopped);

  // A real signal while a record is checked, with one job and a directory as the source (no
  // read that waits): it is held until the record is done, then taken between records.
  for (int jobs : {1, 2}) {
    cli::install_interrupt_handlers();  // again: a signal taken puts the default back
    cli::InputSource files({dir_.string()}, {}, {});
    settings.jobs = jobs;
    std::size_t signalled_at = 0;
    outcome = run_batch(files, settings, [&](cli::Job& job) {
      if (job.index == 3) {
        signalled_at = job.index;
        ::kill(::getpid(), SIGINT);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    });
    cli::simulate_interrupt(0);
    EXPECT_EQ(signalled_at, 3u) << jobs;
    EXPECT_EQ(outcome.signal, SIGINT) << jobs;
    EXPECT_TRUE(outcome.stopped) << jobs;
    EXPECT_GE(outcome.checked, 4u) << jobs;
    EXPECT_LT(outcome.checked, 200u) << jobs;
  }
  settings.jobs = 1;

  // A stop asked for by the caller: what was read is counted, nothing more is taken.
  cli::InputSource again({dir_.string()}, {}, {});
  std::atomic<int> taken{0};
  settings.stop = [&] { return taken.load() >= 5; };
  outcome = run_batch(again, settings, [&](cli::Job&) { ++taken; });
  EXPECT_TRUE(outcome.stopped);
  EXPECT_EQ(outcome.signal, 0);
  EXPECT_LT(outcome.checked + outcome.not_checked, 200u);
  EXPECT_EQ(outcome.checked, static_cast<std::size_t>(taken.load()));
}

// Runs wallaudit with `--files-from FIFO`, sends `signal` once it reads the list, and returns
// its exit status and output. With `writer_stays`, the list's writer stays open until the
// process ends, so wallaudit is waiting for the next line when the signal comes; if it has not
// ended 20 s after the signal, the status is -1 (then the writer closes).
RunResult interrupted_run(const fs::path& dir, const std::vector<std::string>& args,
                          const std::vector<std::string>& records, int signal,
                          bool writer_stays = false) {
  fs::path fifo = dir / "list";
  fs::remove(fifo);
  ::mkfifo(fifo.c_str(), 0600);
  int out_pipe[2], err_pipe[2];
  EXPECT_EQ(::pipe(out_pipe), 0);
  EXPECT_EQ(::pipe(err_pipe), 0);
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]})
      ::close(fd);
    if (::chdir(dir.c_str()) != 0) ::_exit(126);
    std::vector<std::string> all = {binary()};
    all.insert(all.end(), args.begin(), args.end());
    all.push_back("--files-from");
    all.push_back(fifo.string());
    std::vector<char*> argv;
    for (auto& a : all)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  RunResult result;
  auto drain = [](int fd, std::string& to) {
    char buffer[4096];
    ssize_t n;
    while ((n = ::read(fd, buffer, sizeof buffer)) > 0)
      to.append(buffer, static_cast<std::size_t>(n));
    ::close(fd);
  };
  std::thread out([&] { drain(out_pipe[0], result.out); });
  std::thread err([&] { drain(err_pipe[0], result.err); });
  // The open returns once wallaudit opens the list: its handlers are in place by then.
  int w = ::open(fifo.c_str(), O_WRONLY);
  std::string list;
  for (const auto& r : records)
    list += r + "\n";
  EXPECT_EQ(::write(w, list.data(), list.size()), static_cast<ssize_t>(list.size()));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ::kill(pid, signal);
  int status = 0;
  bool ended = false;
  if (writer_stays) {
    for (int i = 0; i < 400 && !ended; ++i) {
      ended = ::waitpid(pid, &status, WNOHANG) == pid;
      if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  ::close(w);
  if (!ended) ::waitpid(pid, &status, 0);
  out.join();
  err.join();
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
  if (writer_stays && !ended) result.status = -1;
  return result;
}

TEST_F(Batch, InterruptedChecksLeaveValidOutputs) {
  std::vector<std::string> records;
  for (const char* name : {"legal/three-players.xml", "illegal/two-walls-one-province.xml"})
    records.push_back(source_dir() + "/samples/chang-cheng/" + name);

  // JSON Lines: every line a record, and last the summary saying it was interrupted.
  for (const char* jobs : {"-j1", "-j2"}) {
    RunResult jsonl = interrupted_run(dir_, {"check", jobs, "--format", "jsonl"}, records, SIGINT);
    EXPECT_EQ(jsonl.status, 130) << jobs << " " << jsonl.err;
    std::istringstream lines(jsonl.out);
    std::string line, last;
    std::size_t count = 0;
    while (std::getline(lines, line)) {
      ASSERT_TRUE(std::holds_alternative<JsonValue>(parse_json(line))) << line;
      if (!last.empty()) ++count;
      last = line;
    }
    auto summary = std::get<JsonValue>(parse_json(last));
    ASSERT_NE(summary.find("summary"), nullptr) << last;
    EXPECT_EQ(summary.find("summary")->find("interrupted")->as_bool(), true);
    EXPECT_EQ(summary.find("summary")->find("records")->as_number(), static_cast<double>(count));
    EXPECT_TRUE(
        jsonl.err.starts_with(fmt::format("wallaudit check: interrupted by SIGINT: {} record{} "
                                          "checked, ",
                                          count, count == 1 ? "" : "s")))
        << jsonl.err;
    EXPECT_TRUE(
        jsonl.err.ends_with(" read but not checked; the output is complete for those "
                            "checked\n"))
        << jsonl.err;
    EXPECT_EQ(std::count(jsonl.err.begin(), jsonl.err.end(), '\n'), 1);
  }

  // JSON: one document, closed.
  RunResult json = interrupted_run(dir_, {"check", "--format", "json"}, records, SIGTERM);
  EXPECT_EQ(json.status, 143) << json.err;
  auto doc = parse_json(json.out);
  ASSERT_TRUE(std::holds_alternative<JsonValue>(doc)) << json.out;
  EXPECT_EQ(std::get<JsonValue>(doc).find("summary")->find("interrupted")->as_bool(), true);

  // JUnit: closed, and marked as interrupted (properties and the suite's system-err).
  RunResult junit = interrupted_run(dir_, {"check", "--format", "junit"}, records, SIGINT);
  EXPECT_EQ(junit.status, 130);
  EXPECT_TRUE(junit.out.ends_with("</testsuite>\n</testsuites>\n")) << junit.out;
  pugi::xml_document x;
  ASSERT_TRUE(x.load_string(junit.out.c_str())) << junit.out;
  pugi::xml_node suite = x.child("testsuites").child("testsuite");
  pugi::xml_node properties = suite.child("properties");
  ASSERT_TRUE(properties) << junit.out;
  EXPECT_STREQ(properties.find_child_by_attribute("property", "name", "interrupted")
                   .attribute("value")
                   .value(),
               "true");
  std::string not_checked = properties.find_child_by_attribute("property", "name", "not_checked")
                                .attribute("value")
                                .value();
  EXPECT_NE(junit.err.find(fmt::format(", {} read but not checked", not_checked)),
            std::string::npos)
      << junit.err;
  EXPECT_EQ(std::string(suite.child("system-err").text().get()),
            fmt::format("interrupted: {} record{} read but not checked; inputs after them were "
                        "not read",
                        not_checked, not_checked == "1" ? "" : "s"));
  EXPECT_EQ(std::distance(suite.children("testcase").begin(), suite.children("testcase").end()),
            std::stol(suite.attribute("tests").value()));
  // A run that was not interrupted has neither.
  RunResult whole = run_cli({"check", "--format", "junit", records.front()});
  EXPECT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(whole.out.find("<properties>"), std::string::npos) << whole.out;
  EXPECT_EQ(whole.out.find("<system-err>"), std::string::npos) << whole.out;

  // Text: the summary says the run was interrupted and how many were not checked.
  RunResult text = interrupted_run(dir_, {"check"}, records, SIGTERM);
  EXPECT_EQ(text.status, 143);
  EXPECT_NE(text.out.find(" read but not checked; inputs after them were not read\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("\ninterrupted: "), std::string::npos) << text.out;
}

// Ctrl-C while the list of --files-from is a FIFO whose writer is silent: the wait for the next
// line ends as any other input's does, and the output is complete.
TEST_F(Batch, AnInterruptEndsTheWaitForTheNextLineOfAList) {
  std::vector<std::string> records{source_dir() + "/samples/chang-cheng/legal/three-players.xml"};
  for (int signal : {SIGINT, SIGTERM})
    for (const char* jobs : {"-j1", "-j2"}) {
      RunResult r =
          interrupted_run(dir_, {"check", jobs, "--format", "jsonl"}, records, signal, true);
      ASSERT_EQ(r.status, 128 + signal) << jobs << " " << r.err;
      EXPECT_EQ(r.err,
                fmt::format("wallaudit check: interrupted by {}: 1 record checked, 0 read but "
                            "not checked; the output is complete for those checked\n",
                            signal == SIGINT ? "SIGINT" : "SIGTERM"));
      auto last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
      auto summary = std::get<JsonValue>(parse_json(last));
      EXPECT_EQ(summary.find("summary")->find("records")->as_number(), 1.0) << r.out;
      EXPECT_EQ(summary.find("summary")->find("interrupted")->as_bool(), true) << r.out;
    }
}

// A JSON Lines output of `records` (with its summary line), written to `name`.
std::string jsonl_of(const std::string& cwd, const std::vector<std::string>& records) {
  std::vector<std::string> args = {"check", "--format", "jsonl"};
  args.insert(args.end(), records.begin(), records.end());
  return run_cli(args, nullptr, cwd).out;
}

TEST_F(Batch, SummarizeRefusesIncompleteResults) {
  std::string samples = source_dir() + "/samples/chang-cheng/";
  std::string full =
      jsonl_of(samples, {"legal/three-players.xml", "illegal/two-walls-one-province.xml"});
  write("full.jsonl", full);
  RunResult ok = run_cli({"summarize", "full.jsonl"}, nullptr, dir_.string());
  EXPECT_EQ(ok.status, 1) << ok.err;
  EXPECT_EQ(ok.err, "");

  // Cut short: the last line lost.
  std::string cut = full.substr(0, full.rfind("{\"summary\""));
  write("cut.jsonl", cut.substr(0, cut.size() - 10));
  RunResult refused = run_cli({"summarize", "cut.jsonl"}, nullptr, dir_.string());
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.out, "");
  EXPECT_NE(refused.err.find("cut.jsonl:2: error: not a record of `wallaudit check --format "
                             "jsonl` ("),
            std::string::npos)
      << refused.err;
  EXPECT_TRUE(refused.err.ends_with(
      "wallaudit summarize: cut.jsonl: no summary line at the end: the run did not finish, or "
      "the file is cut short\n"
      "wallaudit summarize: a result file is incomplete; no summary given (--allow-partial gives "
      "one of what there is)\n"))
      << refused.err;

  // A summary that disagrees with the lines.
  write("mismatch.jsonl",
        full.substr(0, full.find('\n') + 1) + full.substr(full.rfind("{\"summary\"")));
  RunResult mismatch = run_cli({"summarize", "mismatch.jsonl"}, nullptr, dir_.string());
  EXPECT_EQ(mismatch.status, 2);
  EXPECT_EQ(mismatch.err,
            "wallaudit summarize: mismatch.jsonl: the summary line says 2 records (1 ok, 0 "
            "disputed, 1 illegal, 0 malformed); the file holds 1 (1 ok, 0 disputed, 0 illegal, 0 "
            "malformed)\n"
            "wallaudit summarize: a result file is incomplete; no summary given (--allow-partial "
            "gives one of what there is)\n");

  // An interrupted run.
  std::string interrupted = full;
  interrupted.replace(interrupted.find("\"interrupted\":false"), 19, "\"interrupted\":true");
  write("interrupted.jsonl", interrupted);
  RunResult stopped = run_cli({"summarize", "interrupted.jsonl"}, nullptr, dir_.string());
  EXPECT_EQ(stopped.status, 2);
  EXPECT_TRUE(
      stopped.err.starts_with("wallaudit summarize: interrupted.jsonl: the run was "
                              "interrupted (0 records read but not checked)\n"))
      << stopped.err;

  // --allow-partial: a summary of what there is, marked interrupted, with warnings.
  RunResult partial =
      run_cli({"summarize", "--allow-partial", "--format", "json", "mismatch.jsonl"}, nullptr,
              dir_.string());
  EXPECT_EQ(partial.status, 0) << partial.err;
  EXPECT_TRUE(
      partial.err.starts_with("wallaudit summarize: warning: mismatch.jsonl: the summary "
                              "line says 2 records"))
      << partial.err;
  auto merged = parse_json(partial.out);
  ASSERT_TRUE(std::holds_alternative<JsonValue>(merged)) << partial.out;
  EXPECT_EQ(std::get<JsonValue>(merged).find("records")->as_number(), 1);
  EXPECT_EQ(std::get<JsonValue>(merged).find("interrupted")->as_bool(), true);
}

TEST_F(Batch, DefinitionsInDirectoriesAreListedNotChecked) {
  fs::create_directories(dir_ / "ct");
  fs::copy(source_dir() + "/samples/catan-great-wall/boards", dir_ / "ct" / "boards",
           fs::copy_options::recursive);
  fs::create_directories(dir_ / "ct" / "legal");
  fs::copy(source_dir() + "/samples/catan-great-wall/legal/club-board-file.xml",
           dir_ / "ct" / "legal");
  RunResult text = run_cli({"check", "ct"}, nullptr, dir_.string());
  EXPECT_EQ(text.status, 0) << text.out;
  EXPECT_TRUE(text.out.starts_with(
      "ct/boards/broken-board.xml: definitions (<great-wall-board>, catan-great-wall), not a "
      "record\n"
      "ct/boards/club-print.xml: definitions (<great-wall-board>, catan-great-wall), not a "
      "record\n"))
      << text.out;
  EXPECT_NE(text.out.find("\n1 record: 1 ok, 0 disputed, 0 illegal, 0 malformed\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("\ndefinitions (not records): ct/boards/broken-board.xml, "
                          "ct/boards/club-print.xml\n"),
            std::string::npos)
      << text.out;

  RunResult jsonl = run_cli({"check", "--format", "jsonl", "ct"}, nullptr, dir_.string());
  EXPECT_EQ(std::count(jsonl.out.begin(), jsonl.out.end(), '\n'), 2) << jsonl.out;
  EXPECT_NE(jsonl.out.find("\"definitions\":[\"ct/boards/broken-board.xml\",\"ct/boards/"
                           "club-print.xml\"]"),
            std::string::npos)
      << jsonl.out;

  RunResult stats = run_cli({"stats", "ct"}, nullptr, dir_.string());
  EXPECT_EQ(stats.status, 0);
  EXPECT_TRUE(stats.out.starts_with("catan-great-wall: 1 record (1 ok, "));
  EXPECT_TRUE(
      stats.out.ends_with("definitions (not records): ct/boards/broken-board.xml, "
                          "ct/boards/club-print.xml\n"))
      << stats.out;
  RunResult stats_json = run_cli({"stats", "--format", "json", "ct"}, nullptr, dir_.string());
  EXPECT_NE(stats_json.out.find("\"unrecognised\":0,\"definitions\":[\"ct/boards/"
                                "broken-board.xml\",\"ct/boards/club-print.xml\"]}"),
            std::string::npos)
      << stats_json.out;

  // A single-record command says what the file is.
  RunResult explain = run_cli({"explain", "ct/boards/club-print.xml"}, nullptr, dir_.string());
  EXPECT_EQ(explain.status, 2);
  EXPECT_EQ(explain.err,
            "wallaudit explain: ct/boards/club-print.xml holds definitions "
            "(<great-wall-board>, catan-great-wall), not a record\n");
}

// Writes a zip (or a tar.gz) of `members`: name → bytes; a name "NAME -> TARGET" is a symbolic
// link.
void write_archive(const fs::path& path,
                   const std::vector<std::pair<std::string, std::string>>& members, bool zip) {
  archive* a = archive_write_new();
  if (zip) {
    archive_write_set_format_zip(a);
  } else {
    archive_write_set_format_pax_restricted(a);
    archive_write_add_filter_gzip(a);
  }
  ASSERT_EQ(archive_write_open_filename(a, path.c_str()), ARCHIVE_OK);
  for (const auto& [name, data] : members) {
    archive_entry* e = archive_entry_new();
    auto arrow = name.find(" -> ");
    archive_entry_set_pathname(e, name.substr(0, arrow).c_str());
    archive_entry_set_perm(e, 0644);
    if (arrow != std::string::npos) {
      archive_entry_set_filetype(e, AE_IFLNK);
      archive_entry_set_symlink(e, name.substr(arrow + 4).c_str());
      archive_entry_set_size(e, 0);
      archive_write_header(a, e);
    } else {
      archive_entry_set_filetype(e, AE_IFREG);
      archive_entry_set_size(e, static_cast<la_int64_t>(data.size()));
      archive_write_header(a, e);
      archive_write_data(a, data.data(), data.size());
    }
    archive_entry_free(e);
  }
  archive_write_close(a);
  archive_write_free(a);
}

TEST_F(Batch, ArchiveMembersReadTheFilesTheyNameFromTheirArchive) {
  std::string club = read_source_file("samples/catan-great-wall/legal/club-board-file.xml");
  std::string board = read_source_file("samples/catan-great-wall/boards/club-print.xml");
  auto naming = [&](const std::string& path) {
    std::string r = club;
    r.replace(r.find("../boards/club-print.xml"), 24, path);
    return r;
  };
  for (bool zip : {true, false}) {
    std::string name = zip ? "games.zip" : "games.tar.gz";
    write_archive(dir_ / name,
                  {{"ct/legal/club.xml", club},
                   {"ct/legal/escape.xml", naming("../../../etc/passwd")},
                   {"ct/legal/absolute.xml", naming("/etc/passwd")},
                   {"ct/legal/missing.xml", naming("../boards/none.xml")},
                   {"ct/legal/link.xml", naming("../boards/link.xml")},
                   {"ct/boards/link.xml -> /etc/passwd", ""},
                   {"ct/boards/club-print.xml", board}},
                  zip);
    RunResult run =
        run_cli({"check", "--format", "jsonl", "-j", "2", name}, nullptr, dir_.string());
    std::map<std::string, std::string> got;
    std::istringstream lines(run.out);
    std::string line;
    while (std::getline(lines, line)) {
      auto r = std::get<JsonValue>(parse_json(line));
      if (!r.find("file")) continue;
      const auto& diags = r.find("diagnostics")->as_array();
      got[r.find("file")->as_string()] =
          r.find("verdict")->as_string() +
          (diags.empty() || diags.front().find("rule")->as_string() != "REC-013"
               ? std::string()
               : " " + diags.front().find("message")->as_string());
    }
    auto cannot = [](const std::string& path, const std::string& why) {
      return fmt::format("malformed cannot read board file \"{}\": {}", path, why);
    };
    std::map<std::string, std::string> want = {
        {name + "!ct/legal/club.xml", "ok"},
        {name + "!ct/legal/escape.xml",
         cannot("../../../etc/passwd", "it lies outside the archive")},
        {name + "!ct/legal/absolute.xml",
         cannot("/etc/passwd", "an absolute path names no member of the archive")},
        {name + "!ct/legal/missing.xml",
         cannot("../boards/none.xml", "the archive has no such member")},
        {name + "!ct/legal/link.xml",
         cannot("../boards/link.xml", "it is not a regular file (a symbolic link)")},
    };
    EXPECT_EQ(got, want) << run.out;
    // The board file is a definition of the archive too, listed as such.
    EXPECT_NE(run.out.find("\"definitions\":[\"" + name + "!ct/boards/club-print.xml\"]"),
              std::string::npos)
        << run.out;
  }
}

TEST_F(Batch, AFullDiskIsAClearError) {
  std::string record = source_dir() + "/samples/chang-cheng/legal/three-players.xml";
  // /dev/full: every write fails with ENOSPC.
  pid_t pid = ::fork();
  if (pid == 0) {
    int full = ::open("/dev/full", O_WRONLY);
    int null = ::open("/dev/null", O_WRONLY);
    if (full < 0 || null < 0) ::_exit(77);
    ::dup2(full, 1);
    int err_fd = ::open((dir_ / "err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ::dup2(err_fd, 2);
    std::string bin = binary();
    std::vector<char*> argv = {bin.data(), const_cast<char*>("check"), record.data(), nullptr};
    ::execv(bin.c_str(), argv.data());
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  if (WEXITSTATUS(status) == 77) GTEST_SKIP() << "no /dev/full";
  EXPECT_EQ(WEXITSTATUS(status), 2);
  std::ifstream err(dir_ / "err");
  std::string message((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
  EXPECT_EQ(message, "wallaudit check: cannot write the output: No space left on device\n");
}

TEST_F(Batch, TheDuplicateIndexStopsOnAFullDiskInsteadOfFillingTheMemory) {
  // In a child: a file-size limit makes the index's temporary files fail as a full disk does.
  pid_t pid = ::fork();
  if (pid == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    cli::DuplicateIndex index;
    rlimit limit{64 << 10, 64 << 10};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    std::string key(200, 'k');
    for (int i = 0; i < 100000; ++i) {
      key.replace(0, 8, fmt::format("{:08}", i));
      if (index.first_of(key, fmt::format("r{}.xml", i))) ::_exit(3);  // no key repeats
    }
    if (index.error().empty()) ::_exit(4);
    if (!index.error().starts_with("cannot write the duplicate index to a temporary file (File "
                                   "too large); duplicates after the first "))
      ::_exit(5);
    // Nothing more is remembered, so a repeat is not found.
    if (index.first_of(key, "again.xml")) ::_exit(6);
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST_F(Batch, NumbersOnTheCommandLineAreStrict) {
  std::string record = source_dir() + "/samples/chang-cheng/legal/three-players.xml";
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  for (const auto& c : std::vector<Case>{
           {{"--shard", "4294967297/4294967298"},
            "wallaudit check: --shard takes K/N with 1 <= K <= N <= 1073741824, not "
            "'4294967297/4294967298'\n"},
           {{"--shard", "1/2x"},
            "wallaudit check: --shard takes K/N with 1 <= K <= N <= 1073741824, not '1/2x'\n"},
           {{"--shard", "+1/2"},
            "wallaudit check: --shard takes K/N with 1 <= K <= N <= 1073741824, not '+1/2'\n"},
           {{"--shard", "1 /2"},
            "wallaudit check: --shard takes K/N with 1 <= K <= N <= 1073741824, not '1 /2'\n"},
           {{"--max-record-size", "4096"},
            "wallaudit check: --max-record-size takes MiB from 1 to 4095\n"},
           {{"--max-expansion-ratio", "inf"},
            "wallaudit check: --max-expansion-ratio takes a number of at least 1\n"},
       }) {
    std::vector<std::string> args = {"check"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    args.push_back(record);
    RunResult r = run_cli(args);
    EXPECT_EQ(r.status, 64) << c.args[1];
    EXPECT_EQ(r.err, c.err);
  }
  struct Junk {
    std::vector<std::string> args;
    std::string err;
  };
  for (const auto& c : std::vector<Junk>{
           {{"check", "-j", "4294967297", record},
            "wallaudit check: --jobs takes a number within its range (see 'wallaudit check "
            "--help')\n"},
           {{"check", "-j", "2x", record},
            "wallaudit check: --jobs takes a number within its range (see 'wallaudit check "
            "--help')\n"},
           {{"check", "--max-record-size", "99999999999999999999", record},
            "wallaudit check: --max-record-size takes a number within its range (see 'wallaudit "
            "check --help')\n"},
           {{"check", "--max-turns", "1e3", record},
            "wallaudit check: --max-turns takes a number within its range (see 'wallaudit check "
            "--help')\n"},
           {{"replay", record, "--turn", "99999999999"},
            "wallaudit replay: --turn takes a number within its range (see 'wallaudit replay "
            "--help')\n"}}) {
    RunResult r = run_cli(c.args);
    EXPECT_EQ(r.status, 64) << c.args[2];
    EXPECT_EQ(r.err, c.err);
  }
}

}  // namespace
}  // namespace wallaudit::test
