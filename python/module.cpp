// The compiled part of the Python module `wallaudit` (python/wallaudit/__init__.py is the
// part users see): checks through the C++ library and the batch machinery of
// `wallaudit check`, and records driven move by move through the engine interface.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <condition_variable>
#include <deque>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cli/included_files.hpp"
#include "cli/inputs.hpp"
#include "wallaudit/wallaudit.hpp"

namespace py = pybind11;
using namespace wallaudit;

namespace {

// The checking options of `wallaudit check`, as the package passes them: rules options as
// (name, value) pairs, board files, definitions directories, allow_any_path, max_turns.
using Rules = std::vector<std::pair<std::string, std::string>>;

CheckOptions options_of(Rules rules, std::vector<std::string> boards,
                        std::vector<std::string> definitions, bool allow_any_path,
                        std::optional<long long> max_turns) {
  CheckOptions o;
  o.rules_options = std::move(rules);
  o.boards = std::move(boards);
  o.definitions = std::move(definitions);
  o.allow_any_path = allow_any_path;
  o.max_turns = max_turns;
  return o;
}

// check_many on a thread of its own, its results handed over in bunches, at most `window`
// waiting; closing it stops the batch as an interrupt would.
class Batch {
 public:
  Batch(std::vector<std::string> paths, int jobs, bool all_files, CheckOptions options) {
    if (jobs < 1) throw py::value_error("jobs must be at least 1");
    (void)context_for(options);  // bad options raise here, before the batch starts
    options.jobs = jobs;
    options.all_files = all_files;
    options.json = true;
    window_ = static_cast<std::size_t>(64 * jobs);
    thread_ = std::thread([this, paths = std::move(paths), options] {
      try {
        check_many(paths, options, [this](Checked& checked) {
          std::unique_lock lock(m_);
          room_.wait(lock, [this] { return closed_ || ready_.size() < window_; });
          if (closed_) return false;
          ready_.push_back(std::move(checked.json));
          // The reader takes records in bunches: wake it when a bunch is ready.
          const bool bunch = ready_.size() >= (window_ + 1) / 2;
          lock.unlock();
          if (bunch) more_.notify_one();
          return true;
        });
      } catch (...) {
        std::lock_guard lock(m_);
        failure_ = std::current_exception();
      }
      {
        std::lock_guard lock(m_);
        finished_ = true;
      }
      more_.notify_all();
    });
  }
  ~Batch() { close(); }
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;

  // The records' JSON that is ready, at least one, as one JSON array (the package parses a
  // bunch at once: one call, and the keys shared within it); "" once the batch is over. Waits
  // until half the window is full (or the batch ends), so the two threads hand over records in
  // bunches, not one by one.
  std::string next_many() {
    std::unique_lock lock(m_);
    more_.wait(lock, [this] { return ready_.size() >= (window_ + 1) / 2 || finished_; });
    if (ready_.empty()) {
      if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
      return {};
    }
    std::deque<std::string> bunch;
    bunch.swap(ready_);
    lock.unlock();
    room_.notify_one();
    std::size_t size = 2;
    for (const std::string& s : bunch)
      size += s.size() + 1;
    std::string out;
    out.reserve(size);
    out += '[';
    for (const std::string& s : bunch) {
      if (out.size() > 1) out += ',';
      out += s;
    }
    out += ']';
    return out;
  }

  void close() {
    {
      std::lock_guard lock(m_);
      closed_ = true;
      ready_.clear();
    }
    room_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::mutex m_;
  std::condition_variable more_, room_;
  std::deque<std::string> ready_;
  std::size_t window_ = 16;
  bool closed_ = false, finished_ = false;
  std::exception_ptr failure_;
  std::thread thread_;
};

const char* kind_name(FindingKind kind) {
  switch (kind) {
    case FindingKind::format:
      return "format";
    case FindingKind::rule:
      return "rule";
    case FindingKind::dispute:
      return "dispute";
    case FindingKind::info:
      return "info";
  }
  return "info";
}

py::dict finding_dict(const Finding& f) {
  py::dict d;
  d["kind"] = kind_name(f.kind);
  d["rule"] = std::string(f.rule);
  d["message"] = f.message;
  d["colour"] = f.colour;
  d["involves"] = f.involves;
  d["cause"] = f.cause;
  // The earlier step the finding is about (a scoring judged after its last item); None: this
  // step, "end": the record's end.
  if (f.at == kEndOfRecord)
    d["at"] = "end";
  else if (f.at != 0)
    d["at"] = f.at;
  else
    d["at"] = py::none();
  return d;
}

// A state of a driven record, with the number its next applied action takes.
struct PyState {
  std::shared_ptr<State> state;
  StepNo next_step = 1;

  std::vector<std::string> legal_actions() const {
    std::vector<std::string> out;
    for (const auto& a : state->legal_actions().listed)
      out.push_back(a->text());
    return out;
  }
  std::vector<std::pair<std::string, std::string>> action_families() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& f : state->legal_actions().described)
      out.emplace_back(f.kind, f.bounds);
    return out;
  }
  py::dict apply(const std::string& text) {
    std::string error;
    auto action = state->parse_action(text, error);
    if (!action) throw py::value_error(fmt_error(text, error));
    const StepNo step = next_step++;
    StepResult r = state->apply(**action, step);
    py::list findings;
    for (const auto& f : r.findings)
      findings.append(finding_dict(f));
    py::dict out;
    out["action"] = (*action)->text();
    out["step"] = step;  // what `cause` and `at` of later findings name
    out["findings"] = findings;
    out["points"] = r.points;
    out["completions"] = r.completions;
    out["erroneous"] = r.erroneous();
    return out;
  }
  PyState clone() const { return PyState{std::shared_ptr<State>(state->clone()), next_step}; }

  static std::string fmt_error(const std::string& text, const std::string& error) {
    return "not an action of this game: '" + text + "': " + error;
  }
};

// A record read and driven through its game's engine.
struct PyGame {
  std::string path;
  bool driveable = false;
  std::string reason;  // why it cannot be driven, when it cannot
  int turns = 0;
  std::vector<PyState> states;  // after the set-up (0) and after each turn
  PyState end;                  // after the record's last action

  PyGame(const std::string& p, const CheckOptions& options) : path(p) {
    CheckContext ctx = context_for(options);
    std::string error;
    auto text = cli::read_file(path, error);
    if (!text) {
      reason = "cannot read the record: " + error;
      return;
    }
    cli::IncludePolicy includes;  // as the context built them: directories made canonical
    for (const auto& dir : options.definitions)
      includes.trees.push_back(std::filesystem::canonical(dir).string());
    includes.allow_any_path = options.allow_any_path;
    ctx.load_relative = cli::included_file_loader(path, includes);
    GameResult problems;
    auto driven = drive_record(builtin_registry(), std::move(*text), ctx, std::nullopt, problems);
    if (!driven) {
      for (const auto& d : problems.diagnostics.items())
        reason += (reason.empty() ? "" : "; ") + d.message + " [" + d.rule + "]";
      if (reason.empty()) reason = "the record cannot be driven move by move";
      return;
    }
    driveable = true;
    turns = driven->turns;
    DriveOptions drive_options;
    drive_options.keep_history = true;
    Diagnostics again;
    Replay replay = drive(driven->record, drive_options, again);
    for (const auto& snap : replay.snapshots)
      states.push_back(PyState{std::shared_ptr<State>(snap.state->clone()), snap.last_step + 1});
    end = PyState{std::move(replay.state), replay.applied + 1};
  }
};

}  // namespace

PYBIND11_MODULE(_wallaudit, m) {
  m.doc() = "wallaudit's compiled core; use the package `wallaudit`";
  m.def("version", [] { return std::string(version()); });
  py::class_<CheckOptions>(m, "CheckOptions");
  m.def("options", &options_of);
  m.def("check_bytes", [](py::bytes data, std::string name, const CheckOptions& options) {
    std::string text = data;
    py::gil_scoped_release release;
    return to_json(check_bytes(std::move(text), std::move(name), options));
  });
  m.def("check_file", [](std::string path, const CheckOptions& options) {
    py::gil_scoped_release release;
    return to_json(check_file(path, options));
  });
  m.def("explain", [](std::string path, const CheckOptions& options) {
    py::gil_scoped_release release;
    return explain_json(path, options);
  });
  m.def("engine_game", [](const std::string& id) {
    const Game* game = builtin_registry().find(id);
    return game != nullptr && dynamic_cast<const EngineGame*>(game) != nullptr;
  });
  m.def("games", [] {
    std::vector<std::string> out;
    for (const auto& g : builtin_registry().games())
      out.emplace_back(g->id());
    return out;
  });
  py::class_<Batch>(m, "Batch")
      .def(py::init<std::vector<std::string>, int, bool, CheckOptions>())
      .def("next_many", &Batch::next_many, py::call_guard<py::gil_scoped_release>())
      .def("close", &Batch::close, py::call_guard<py::gil_scoped_release>());
  py::class_<PyState>(m, "State")
      .def("current_player", [](const PyState& s) { return s.state->current_player(); })
      .def("decision", [](const PyState& s) { return s.state->decision(); })
      .def("is_terminal", [](const PyState& s) { return s.state->is_terminal(); })
      .def("scores", [](const PyState& s) { return s.state->scores(); })
      .def("legal_actions", &PyState::legal_actions)
      .def("action_families", &PyState::action_families)
      .def("apply", &PyState::apply)
      .def("clone", &PyState::clone)
      .def("__str__", [](const PyState& s) { return s.state->to_string(); });
  py::class_<PyGame>(m, "Game")
      .def(py::init<std::string, CheckOptions>())
      .def_readonly("path", &PyGame::path)
      .def_readonly("driveable", &PyGame::driveable)
      .def_readonly("reason", &PyGame::reason)
      .def_readonly("turns", &PyGame::turns)
      .def_property_readonly("states",
                             [](const PyGame& g) {
                               std::vector<PyState> out;
                               for (const auto& s : g.states)
                                 out.push_back(s.clone());
                               return out;
                             })
      .def("end_state", [](const PyGame& g) { return g.end.clone(); });
}
