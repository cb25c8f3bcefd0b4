// wallaudit explain | replay | diff | annotate | report: the readers' side of one record.
#include <fmt/format.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <cstdio>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/included_files.hpp"
#include "cli/single.hpp"
#include "core/registry.hpp"
#include "report/annotate.hpp"
#include "report/check_output.hpp"
#include "report/diff.hpp"
#include "report/explain.hpp"
#include "report/frames.hpp"
#include "report/html.hpp"
#include "report/moves.hpp"

namespace po = boost::program_options;

namespace wallaudit::cli {

namespace {

void write_stdout(const std::string& s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

std::string game_title(const GameResult& r) {
  const Game* g = builtin_registry().find(r.game);
  return g ? std::string(g->title()) : r.game;
}

// Parses a command taking FILE arguments plus the common options (files() checks how many).
bool parse_one(const std::vector<std::string>& args, po::options_description& desc,
               po::variables_map& vm, const char* usage) {
  desc.add_options()("help,h", "show this help");
  add_context_options(desc);
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("file", -1);
  return parse_args(args, desc, positional, vm, usage, &hidden);
}

std::optional<std::vector<std::string>> files(const po::variables_map& vm, std::size_t count,
                                              const char* command) {
  std::size_t given = vm.count("file") ? vm["file"].as<std::vector<std::string>>().size() : 0;
  if (given != count) {
    fmt::print(stderr, "wallaudit {}: expected {}, got {} (see 'wallaudit {} --help')\n", command,
               count == 1 ? "one record" : "two records", given, command);
    return std::nullopt;
  }
  return vm["file"].as<std::vector<std::string>>();
}

std::optional<std::string> format_option(const po::variables_map& vm, const char* command,
                                         std::initializer_list<std::string_view> allowed) {
  std::string format = vm["format"].as<std::string>();
  for (auto a : allowed)
    if (a == format) return format;
  fmt::print(stderr, "wallaudit {}: unknown --format '{}'\n", command, format);
  return std::nullopt;
}

// The file, --format and context of a command that reads one record; nullopt with `status`
// set when the command line or the context is wrong.
struct OneRecord {
  std::string path;
  std::string format;
  CheckContext ctx;
};

std::optional<OneRecord> one_record(const po::variables_map& vm, const char* command,
                                    std::initializer_list<std::string_view> formats, int& status) {
  auto f = files(vm, 1, command);
  auto format = format_option(vm, command, formats);
  if (!f || !format) {
    status = kExitUsage;
    return std::nullopt;
  }
  auto ctx = make_context(vm, command, status);
  if (!ctx) return std::nullopt;
  return OneRecord{f->front(), *format, std::move(*ctx)};
}

}  // namespace

int explain_command(const std::vector<std::string>& args) {
  po::options_description desc("explain options");
  desc.add_options()("format", po::value<std::string>()->default_value("text"), "text or json");
  po::variables_map vm;
  if (!parse_one(
          args, desc, vm,
          "usage: wallaudit explain [OPTIONS] FILE\n\n"
          "The score audit: every scoring step in order and why, claimed and recomputed\n"
          "figures side by side, and where each colour's claims part from the recomputation."))
    return kExitOk;
  int status = kExitOk;
  auto one = one_record(vm, "explain", {"text", "json"}, status);
  if (!one) return status;
  auto loaded = load_record(one->path, one->ctx, "explain", status);
  if (!loaded) return status;
  Explanation ex = loaded->result.history->explanation();
  write_stdout(one->format == "json"
                   ? report::explain_json(loaded->input.name, loaded->result, ex)
                   : report::explain_text(loaded->input.name, loaded->result, ex));
  return status;
}

int replay_command(const std::vector<std::string>& args) {
  po::options_description desc("replay options");
  desc.add_options()("turn", po::value<int>(),
                     "N: the board after turn N (0: after set-up; default: the last)")(
      "color", po::value<std::string>()->default_value("auto"), "auto, always or never");
  po::variables_map vm;
  if (!parse_one(args, desc, vm,
                 "usage: wallaudit replay [OPTIONS] FILE [--turn N]\n\n"
                 "Draws the board after turn N as text: pieces, claims, tokens known then,\n"
                 "face-down cards, pieces left and scores."))
    return kExitOk;
  auto f = files(vm, 1, "replay");
  if (!f) return kExitUsage;
  std::string color = vm["color"].as<std::string>();
  if (color != "auto" && color != "always" && color != "never") {
    fmt::print(stderr, "wallaudit replay: --color takes auto, always or never\n");
    return kExitUsage;
  }
  int status = kExitOk;
  auto ctx = make_context(vm, "replay", status);
  if (!ctx) return status;
  auto loaded = load_record(f->front(), *ctx, "replay", status);
  if (!loaded) return status;
  const GameHistory& h = *loaded->result.history;
  int turn = h.turns();
  if (vm.count("turn")) {
    turn = vm["turn"].as<int>();
    if (turn < 0 || turn > h.turns()) {
      fmt::print(stderr, "wallaudit replay: --turn {} is out of range: {} replays turns 0 to {}\n",
                 turn, loaded->input.name, h.turns());
      return kExitUsage;
    }
  }
  bool ansi = color == "always" || (color == "auto" && ::isatty(STDOUT_FILENO));
  // The illegal turns first: the board below shows the game as recorded, illegal moves and all.
  std::string illegal;
  for (const auto& d : loaded->result.diagnostics.items())
    if (d.kind == FindingKind::rule && !d.follow_on)
      illegal += fmt::format(
          "illegal: {}{}: {} [{}]\n", d.turn > 0 ? fmt::format("turn {}, ", d.turn) : std::string(),
          d.loc.known() ? fmt::format("line {}", d.loc.line) : "the record", d.message, d.rule);
  if (!illegal.empty())
    illegal += fmt::format("{}: illegal; the board is drawn as recorded\n\n", loaded->input.name);
  write_stdout(illegal);
  write_stdout(report::frame_text(
      fmt::format("{} ({})", loaded->input.name, game_title(loaded->result)), h.frame(turn), ansi));
  return status;
}

int moves_command(const std::vector<std::string>& args) {
  po::options_description desc("moves options");
  desc.add_options()("turn", po::value<int>(),
                     "N: the point after turn N (0: after set-up; default: where the record "
                     "stops)")("format", po::value<std::string>()->default_value("text"),
                               "text or json");
  po::variables_map vm;
  if (!parse_one(args, desc, vm,
                 "usage: wallaudit moves [OPTIONS] FILE [--turn N]\n\n"
                 "Who acts after turn N and every legal action of the next decision, grouped\n"
                 "by kind, in the canonical text the engine reads back (`red: wall 2A.W5`).\n"
                 "Sets too large to list (trades, donations) are described by their bounds.\n"
                 "On a record that is illegal before that point, it says so and answers for\n"
                 "the state as replayed."))
    return kExitOk;
  int status = kExitOk;
  auto one = one_record(vm, "moves", {"text", "json"}, status);
  if (!one) return status;
  const std::string& path = one->path;
  Input input;
  auto text = read_one_record(path, "moves", input);
  if (!text) return kExitMalformed;
  one->ctx.load_relative = included_file_loader(path, include_policy());
  std::optional<int> turn;
  if (vm.count("turn")) turn = vm["turn"].as<int>();
  if (turn && *turn < 0) {
    fmt::print(stderr, "wallaudit moves: --turn {} is out of range: turns count from 0\n", *turn);
    return kExitUsage;
  }
  GameResult problems;
  std::string record_text = *text;
  auto driven = drive_record(builtin_registry(), std::move(record_text), one->ctx, turn, problems);
  if (!driven) {
    if (!problems.definition.empty()) {
      fmt::print(stderr, "wallaudit moves: {} holds definitions (<{}>, {}), not a record\n", path,
                 problems.definition, problems.game);
      return kExitMalformed;
    }
    std::string out;
    report::append_text(out, report::CheckedRecord{path, *text, &problems, 0, {}});
    fmt::print(stderr, "{}wallaudit moves: {} cannot be replayed\n", out, path);
    return status_of(problems.verdict);
  }
  if (turn && *turn > driven->turns) {
    fmt::print(stderr, "wallaudit moves: --turn {} is out of range: {} has turns 0 to {}\n", *turn,
               path, driven->turns);
    return kExitUsage;
  }
  report::MovesView view;
  view.file = input.name;
  view.game = std::string(driven->game->id());
  view.game_title = std::string(driven->game->title());
  view.turns = driven->turns;
  view.after_turn = turn ? *turn : driven->turns;
  view.at_end = !turn || *turn == driven->turns;
  const State& state = *driven->replay.state;
  view.terminal = state.is_terminal();
  view.player = state.current_player();
  view.decision = state.decision();
  for (const Diagnostic& d : driven->diagnostics.items())
    if (d.kind == FindingKind::rule && !d.follow_on) view.errors.push_back(d);
  if (!view.terminal) report::group_actions(state.legal_actions(), view);
  std::string out = one->format == "json" ? report::moves_json(view) : report::moves_text(view);
  write_stdout(out);
  return view.errors.empty() ? kExitOk : kExitFindings;
}

int diff_command(const std::vector<std::string>& args) {
  po::options_description desc("diff options");
  desc.add_options()("format", po::value<std::string>()->default_value("text"), "text or json")(
      "claims", "compare the claims too (the figures each record writes down)");
  po::variables_map vm;
  if (!parse_one(args, desc, vm,
                 "usage: wallaudit diff [OPTIONS] A B\n\n"
                 "Compares two records of one game (e.g. each player's log): the first turn and\n"
                 "element where they part and what each says. Meta, player names, claims (unless\n"
                 "--claims), annotations and layout do not count. Exit status 0: the same game;\n"
                 "1: they part."))
    return kExitOk;
  auto f = files(vm, 2, "diff");
  auto format = format_option(vm, "diff", {"text", "json"});
  if (!f || !format) return kExitUsage;
  int status = kExitOk;
  auto ctx = make_context(vm, "diff", status);
  if (!ctx) return status;
  auto a = load_record((*f)[0], *ctx, "diff", status);
  if (!a) return status;
  auto b = load_record((*f)[1], *ctx, "diff", status);
  if (!b) return status;
  std::vector<CanonicalItem> ca = a->result.history->canonical();
  std::vector<CanonicalItem> cb = b->result.history->canonical();
  if (a->result.game != b->result.game) {
    ca.insert(ca.begin(), CanonicalItem{0, {1, 1}, "game: " + a->result.game});
    cb.insert(cb.begin(), CanonicalItem{0, {1, 1}, "game: " + b->result.game});
  }
  bool claims = vm.count("claims") > 0;
  if (claims) {
    ca = report::with_claims(std::move(ca), a->result.history->explanation());
    cb = report::with_claims(std::move(cb), b->result.history->explanation());
  }
  auto d = report::diff_records(a->input.name, ca, b->input.name, cb, claims);
  write_stdout(*format == "json" ? d.json : d.text);
  return d.same ? kExitOk : kExitFindings;
}

int annotate_command(const std::vector<std::string>& args) {
  po::options_description desc("annotate options");
  desc.add_options()("output,o", po::value<std::string>(),
                     "OUT: write here (default: standard output)")("in-place",
                                                                   "replace FILE itself");
  po::variables_map vm;
  if (!parse_one(args, desc, vm,
                 "usage: wallaudit annotate [OPTIONS] FILE [-o OUT]\n\n"
                 "Writes the record back with an <annotation> after each turn (findings, points,\n"
                 "running totals) and at the end (the scoring summary). Never replaces its input\n"
                 "unless --in-place is given."))
    return kExitOk;
  auto f = files(vm, 1, "annotate");
  if (!f) return kExitUsage;
  bool in_place = vm.count("in-place") > 0;
  std::string out_path = vm.count("output") ? vm["output"].as<std::string>() : "";
  if (in_place && out_path.empty()) out_path = f->front();
  if (in_place && f->front() == "-") {
    fmt::print(stderr, "wallaudit annotate: --in-place needs a file, not standard input\n");
    return kExitUsage;
  }
  if (!out_path.empty() && !in_place && same_file(out_path, f->front())) {
    fmt::print(
        stderr,
        "wallaudit annotate: {} is the input; give another -o, or --in-place to replace it\n",
        out_path);
    return kExitUsage;
  }
  int status = kExitOk;
  auto ctx = make_context(vm, "annotate", status);
  if (!ctx) return status;
  auto loaded = load_record(f->front(), *ctx, "annotate", status);
  if (!loaded) return status;
  const GameHistory& h = *loaded->result.history;
  std::string error;
  auto annotated = report::annotate_record(loaded->text, h.annotations(), h.turn_elements(), error);
  if (!annotated) {
    fmt::print(stderr, "wallaudit annotate: {}: {}\n", loaded->input.name, error);
    return kExitMalformed;
  }
  if (out_path.empty()) {
    write_stdout(*annotated);
  } else if (!write_atomically(out_path, *annotated, f->front(), in_place, error)) {
    fmt::print(stderr, "wallaudit annotate: {}\n", error);
    return kExitMalformed;
  }
  return status;
}

int report_command(const std::vector<std::string>& args) {
  po::options_description desc("report options");
  desc.add_options()("output,o", po::value<std::string>(),
                     "OUT.html: the page to write (required)");
  po::variables_map vm;
  if (!parse_one(args, desc, vm,
                 "usage: wallaudit report [OPTIONS] FILE -o OUT.html\n\n"
                 "Writes one self-contained HTML page: the board at every turn with controls, the\n"
                 "score race, the findings linked to their turns and the score audit."))
    return kExitOk;
  auto f = files(vm, 1, "report");
  if (!f) return kExitUsage;
  if (!vm.count("output")) {
    fmt::print(stderr, "wallaudit report: -o OUT.html is required\n");
    return kExitUsage;
  }
  std::string out_path = vm["output"].as<std::string>();
  if (same_file(out_path, f->front())) {
    fmt::print(stderr, "wallaudit report: {} is the input record; choose another -o\n", out_path);
    return kExitUsage;
  }
  int status = kExitOk;
  auto ctx = make_context(vm, "report", status);
  if (!ctx) return status;
  auto loaded = load_record(f->front(), *ctx, "report", status);
  if (!loaded) return status;
  std::string page = report::html_report(loaded->input.name, game_title(loaded->result),
                                         loaded->result, *loaded->result.history);
  std::string error;
  if (!write_atomically(out_path, page, f->front(), false, error)) {
    fmt::print(stderr, "wallaudit report: {}\n", error);
    return kExitMalformed;
  }
  return status;
}

}  // namespace wallaudit::cli
