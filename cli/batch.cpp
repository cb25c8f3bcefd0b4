#include "cli/batch.hpp"

#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "cli/inputs.hpp"
#include "core/registry.hpp"
#include "core/xml.hpp"

namespace fs = std::filesystem;

namespace wallaudit::cli {

GameResult unreadable_result(const std::string& error) {
  GameResult r;
  bool limit = error.find("[REC-017]") != std::string::npos;
  std::string message = error;
  if (limit) message = message.substr(0, message.find(" [REC-017]"));
  r.diagnostics.add(FindingKind::format, std::string(limit ? rec::limit : rec::unreadable), {},
                    limit ? message : fmt::format("cannot read the record: {}", message));
  r.finalise();
  return r;
}

namespace {

FileLoader loader_for(const InputItem& input) {
  if (input.base_dir.empty()) {
    std::string where = input.name;
    return [where](std::string_view, std::string& error) -> std::optional<std::string> {
      error = fmt::format("files named by a record inside an archive are not read ({})", where);
      return std::nullopt;
    };
  }
  fs::path base = input.base_dir;
  return [base](std::string_view relative, std::string& error) -> std::optional<std::string> {
    return read_file((base / fs::path(std::string(relative))).string(), error);
  };
}

}  // namespace

void check_job(Job& job, const BatchSettings& settings) {
  auto start = std::chrono::steady_clock::now();
  InputItem& in = job.input;
  std::string error = in.error;
  std::optional<std::string> text;
  if (error.empty()) {
    if (in.bytes) {
      text = std::move(in.bytes);
      in.bytes.reset();
    } else {
      text = read_file_limited(in.path, settings.max_record_bytes, error);
    }
  }
  if (text) {
    job.bytes = text->size();
    if (settings.keep_text) job.text = *text;
    CheckContext ctx = settings.ctx;
    ctx.load_relative = loader_for(in);
    job.result = check_record(builtin_registry(), std::move(*text), ctx);
  } else {
    job.result = unreadable_result(error);
  }
  job.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (settings.render) settings.render(job);
}

std::size_t run_batch(InputSource& source, const BatchSettings& settings,
                      const std::function<void(Job&)>& consume) {
  const std::size_t workers = static_cast<std::size_t>(std::max(1, settings.jobs));
  const std::size_t window = std::max<std::size_t>(16, 8 * workers);

  std::mutex m;
  std::condition_variable work_ready, slot_free, result_ready;
  std::deque<std::unique_ptr<Job>> queue;          // produced, not yet taken by a worker
  std::vector<std::unique_ptr<Job>> done(window);  // finished, by index % window
  std::size_t produced = 0, consumed = 0;
  bool producing = true;

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
      check_job(*job, settings);
      {
        std::lock_guard lock(m);
        std::size_t slot = job->index % window;
        done[slot] = std::move(job);
      }
      result_ready.notify_all();
    }
  };

  std::thread producer([&] {
    for (;;) {
      auto job = std::make_unique<Job>();
      if (!source.next(job->input)) break;
      std::unique_lock lock(m);
      slot_free.wait(lock, [&] { return produced - consumed < window; });
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

  for (;;) {
    std::unique_ptr<Job> job;
    {
      std::unique_lock lock(m);
      result_ready.wait(lock, [&] {
        return done[consumed % window] != nullptr || (!producing && consumed == produced);
      });
      if (!done[consumed % window]) break;
      job = std::move(done[consumed % window]);
    }
    consume(*job);
    job.reset();
    {
      std::lock_guard lock(m);
      ++consumed;
    }
    slot_free.notify_one();
  }
  producer.join();
  for (auto& t : pool)
    t.join();
  return consumed;
}

}  // namespace wallaudit::cli
