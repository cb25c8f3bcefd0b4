#include "cli/batch.hpp"

#include <fmt/format.h>

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <deque>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "cli/inputs.hpp"
#include "cli/interrupt.hpp"
#include "core/registry.hpp"
#include "core/xml.hpp"

namespace fs = std::filesystem;

namespace wallaudit::cli {

GameResult unreadable_result(const std::string& error, bool over_limit) {
  GameResult r;
  r.diagnostics.add(FindingKind::format, std::string(over_limit ? rec::limit : rec::unreadable), {},
                    over_limit ? error : fmt::format("cannot read the record: {}", error));
  r.finalise();
  return r;
}

GameResult internal_error_result(std::string_view what) {
  GameResult r;
  r.diagnostics.add(
      FindingKind::format, std::string(rec::unreadable), {},
      fmt::format("internal error, please report: {}; the record was not checked", what));
  r.finalise();
  return r;
}

namespace {

void check_job_unguarded(Job& job, const BatchSettings& settings) {
  auto start = std::chrono::steady_clock::now();
  InputItem& in = job.input;
  std::string error = in.error;
  bool over_limit = in.over_limit;
  std::optional<std::string> text;
  if (error.empty()) {
    if (in.bytes) {
      text = std::move(in.bytes);
      in.bytes.reset();
    } else {
      text = read_file_limited(in.path, settings.max_record_bytes, error, &over_limit);
    }
  }
  if (text) {
    job.bytes = text->size();
    if (settings.keep_text) job.text = *text;
    CheckContext ctx = settings.ctx;
    ctx.load_relative = included_file_loader(in, settings.includes);
    job.result = check_record(settings.registry ? *settings.registry : builtin_registry(),
                              std::move(*text), ctx);
  } else {
    job.result = unreadable_result(error, over_limit);
  }
  job.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (settings.render) settings.render(job);
}

}  // namespace

void check_job(Job& job, const BatchSettings& settings) {
  std::string what;
  try {
    check_job_unguarded(job, settings);
    return;
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
    what = "an unknown exception";
  }
  try {
    job.result = internal_error_result(what);
    job.output.clear();
    if (settings.render) settings.render(job);
  } catch (...) {
    // Out of memory again: the record keeps its verdict without its rendered output.
    job.output.clear();
  }
}

namespace {

// The bytes an input will hold while it is in flight: its bytes, or its file's size (0 when
// that cannot be known: the read will say why).
std::uint64_t record_weight(const InputItem& in) {
  if (in.bytes) return in.bytes->size();
  if (in.path.empty() || !in.error.empty()) return 0;
  std::error_code ec;
  const auto size = fs::file_size(in.path, ec);
  return ec ? 0 : static_cast<std::uint64_t>(size);
}

// The job that says why the inputs cannot go on (out of memory, a file-system error).
std::unique_ptr<Job> inputs_failed(const std::exception& e) {
  auto job = std::make_unique<Job>();
  job->input.name = "(inputs)";
  job->input.error = fmt::format(
      "internal error, please report: {}; later inputs were "
      "not read",
      e.what());
  job->closing = true;
  return job;
}

// One job: the whole run on the calling thread, with no hand-off between threads. SIGINT and
// SIGTERM are taken only between records, never during a check or a write of the output. A
// source that may wait (standard input, a list of files) takes them while each input is read,
// so that a read it waits on returns. Another takes them between records every 20 ms: letting
// them in costs two system calls, as much as a few per cent of a small record's check.
BatchOutcome run_inline(InputSource& source, const BatchSettings& settings,
                        const std::function<void(Job&)>& consume) {
  sigset_t signals, saved;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, &saved);
  const bool waits = source.may_wait();
  constexpr auto kPeriod = std::chrono::milliseconds(20);
  auto let_in = std::chrono::steady_clock::now() - kPeriod;  // when signals were last let in
  BatchOutcome outcome;
  bool stopping = false;
  std::exception_ptr failure;
  for (std::size_t index = 0; !failure; ++index) {
    bool window = waits;
    if (!window) {
      auto now = std::chrono::steady_clock::now();
      if (now - let_in >= kPeriod) window = true, let_in = now;
    }
    if (window) pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
    if (interrupt_signal() != 0 || (settings.stop && settings.stop())) stopping = true;
    std::unique_ptr<Job> job;
    if (!stopping) {
      try {
        job = std::make_unique<Job>();
        if (!source.next(job->input)) job.reset();
      } catch (const std::exception& e) {
        job = inputs_failed(e);
        stopping = true;
      }
    }
    if (window) pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    if (!job) break;
    job->index = index;
    check_job(*job, settings);
    try {
      consume(*job);
      ++outcome.checked;
    } catch (...) {
      failure = std::current_exception();
    }
    if (job->closing) break;
  }
  pthread_sigmask(SIG_SETMASK, &saved, nullptr);
  if (failure) std::rethrow_exception(failure);
  outcome.signal = interrupt_signal();
  outcome.stopped = stopping || outcome.signal != 0;
  return outcome;
}

}  // namespace

BatchOutcome run_batch(InputSource& source, const BatchSettings& settings,
                       const std::function<void(Job&)>& consume) {
  if (settings.jobs <= 1) return run_inline(source, settings, consume);
  const std::size_t workers = static_cast<std::size_t>(std::max(1, settings.jobs));
  // The window holds many small records: the fewer times the reader and the writer wait, the
  // fewer context switches (with 16 records in flight, 0.47 per record on two cores, 10% of
  // the CPU time of -j2 over -j1). Its bytes are bounded too: the reader waits once the records
  // in flight hold `budget` bytes, so that large records do not fill the window.
  const std::size_t window = std::max<std::size_t>(128, 64 * workers);
  const std::uint64_t budget =
      settings.bytes_in_flight != 0
          ? settings.bytes_in_flight
          : std::max<std::uint64_t>(64ull << 20, 2 * workers * settings.max_record_bytes);
  // The reader and the writer sleep and wake by batches, not by record: a thread woken for each
  // record costs a context switch, as much as a small record's check on two cores. The reader,
  // once the window is full, waits for `batch` free slots (and for half the budget); the
  // writer, once it has caught up, waits for the next `batch` results in order (or for all
  // there are, so that a record read from a slow stream is written as soon as it is checked).
  const std::size_t batch = window / 2;

  std::mutex m;
  std::condition_variable work_ready, slot_free, result_ready;
  std::deque<std::unique_ptr<Job>> queue;          // produced, not yet taken by a worker
  std::vector<std::unique_ptr<Job>> done(window);  // finished, by index % window
  std::size_t produced = 0, consumed = 0;
  std::uint64_t held = 0;  // the bytes of the records produced and not consumed
  bool producing = true;
  bool producer_waits = false, consumer_waits = false;
  std::atomic<bool> stopping{false};
  auto should_stop = [&] {
    if (stopping.load()) return true;
    if (interrupt_signal() != 0 || (settings.stop && settings.stop())) stopping.store(true);
    return stopping.load();
  };
  // Under the lock: the reader must wait before it adds a record, and may go on after a wait.
  auto reader_full = [&] {
    return produced - consumed >= window || (held >= budget && produced != consumed);
  };
  auto reader_may_go_on = [&] {
    return produced - consumed + batch <= window && (held <= budget / 2 || produced == consumed);
  };
  // Under the lock: the writer has something to do.
  auto results_ready = [&] {
    if (!producing && consumed == produced) return true;
    const std::size_t end = std::min(consumed + batch, produced);
    if (end == consumed) return false;
    for (std::size_t i = consumed; i < end; ++i)
      if (!done[i % window]) return false;
    return true;
  };

  auto worker = [&] {
    for (;;) {
      std::unique_ptr<Job> job;
      {
        std::unique_lock lock(m);
        work_ready.wait(lock, [&] { return !queue.empty() || !producing; });
        if (queue.empty()) return;
        job = std::move(queue.front());
        queue.pop_front();
      }
      if (should_stop() && !job->closing)
        job->dropped = true;
      else
        check_job(*job, settings);
      bool wake = false;
      {
        std::lock_guard lock(m);
        std::size_t slot = job->index % window;
        done[slot] = std::move(job);
        wake = consumer_waits && results_ready();
      }
      if (wake) result_ready.notify_one();
    }
  };

  // SIGINT and SIGTERM go to the producer: a read it waits on (standard input, a FIFO) then
  // returns; the other threads never see them.
  sigset_t signals, saved;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, &saved);

  std::thread producer([&] {
    pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
    for (;;) {
      if (should_stop()) break;
      std::unique_ptr<Job> job;
      try {
        job = std::make_unique<Job>();
        if (!source.next(job->input)) break;
      } catch (const std::exception& e) {
        // The inputs cannot go on (out of memory, a file-system error): the records so far
        // stand, and this one says why the rest is missing.
        job = inputs_failed(e);
        stopping.store(true);
      }
      const std::uint64_t weight = record_weight(job->input);
      std::unique_lock lock(m);
      if (reader_full()) {
        producer_waits = true;
        slot_free.wait(lock, reader_may_go_on);
        producer_waits = false;
      }
      job->weight = weight;
      held += weight;
      job->index = produced++;
      queue.push_back(std::move(job));
      lock.unlock();
      work_ready.notify_one();
    }
    {
      std::lock_guard lock(m);
      producing = false;
    }
    work_ready.notify_all();
    result_ready.notify_all();
  });

  std::vector<std::thread> pool;
  for (std::size_t i = 0; i < workers; ++i)
    pool.emplace_back(worker);

  BatchOutcome outcome;
  std::exception_ptr failure;
  for (;;) {
    std::unique_ptr<Job> job;
    {
      std::unique_lock lock(m);
      if (!done[consumed % window] && !(!producing && consumed == produced)) {
        consumer_waits = true;
        result_ready.wait(lock, results_ready);
        consumer_waits = false;
      }
      if (!done[consumed % window]) break;
      job = std::move(done[consumed % window]);
    }
    if (job->dropped || failure) {
      ++outcome.not_checked;
    } else {
      try {
        consume(*job);
        ++outcome.checked;
      } catch (...) {
        failure = std::current_exception();
        stopping.store(true);
      }
    }
    const std::uint64_t weight = job->weight;
    job.reset();
    bool wake = false;
    {
      std::lock_guard lock(m);
      ++consumed;
      held -= weight;
      wake = producer_waits && reader_may_go_on();
    }
    if (wake) slot_free.notify_one();
  }
  producer.join();
  for (auto& t : pool)
    t.join();
  pthread_sigmask(SIG_SETMASK, &saved, nullptr);
  if (failure) std::rethrow_exception(failure);
  outcome.signal = interrupt_signal();
  outcome.stopped = stopping.load() || outcome.signal != 0;
  return outcome;
}

}  // namespace wallaudit::cli
