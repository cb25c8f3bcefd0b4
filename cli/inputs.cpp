#include "cli/inputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace wallaudit::cli {

namespace {

void walk(const fs::path& dir, const InputOptions& options, std::vector<Input>& out,
          std::set<fs::path>& visited, std::vector<std::string>& warnings) {
  std::error_code ec;
  fs::path canonical = fs::canonical(dir, ec);
  if (ec) {
    out.push_back({dir.string(), dir.string(), false});
    return;
  }
  if (!visited.insert(canonical).second) {
    warnings.push_back(
        fmt::format("{}: directory already visited (symbolic link loop?); skipped", dir.string()));
    return;
  }
  std::vector<fs::directory_entry> entries;
  fs::directory_iterator it(dir, ec), end;
  if (ec) {
    out.push_back({dir.string(), dir.string(), false});
    return;
  }
  for (; it != end; it.increment(ec)) {
    if (ec) break;
    entries.push_back(*it);
  }
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
  for (const auto& entry : entries) {
    std::error_code e;
    if (entry.is_directory(e)) {
      walk(entry.path(), options, out, visited, warnings);
    } else if (options.all_files || entry.path().extension() == ".xml") {
      out.push_back({entry.path().string(), entry.path().string(), false});
    }
  }
}

}  // namespace

std::vector<Input> expand_inputs(const std::vector<std::string>& paths, const InputOptions& options,
                                 std::vector<std::string>& warnings) {
  std::vector<Input> out;
  std::set<fs::path> visited;
  for (const auto& p : paths) {
    if (p == "-") {
      out.push_back({"-", "", true});
      continue;
    }
    std::error_code ec;
    if (fs::is_directory(p, ec))
      walk(p, options, out, visited, warnings);
    else
      out.push_back({p, p, false});
  }
  return out;
}

std::optional<std::string> read_file(const std::string& path, std::string& error) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    error = "is a directory";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = std::strerror(errno);
    return std::nullopt;
  }
  std::string data;
  in.seekg(0, std::ios::end);
  auto size = in.tellg();
  if (size > 0) {
    data.resize(static_cast<std::size_t>(size));
    in.seekg(0);
    in.read(data.data(), size);
    data.resize(static_cast<std::size_t>(in.gcount()));
  } else {
    in.clear();
    in.seekg(0);
    data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (in.bad()) {
    error = "read error";
    return std::nullopt;
  }
  return data;
}

std::optional<std::string> read_input(const Input& input, std::string& error) {
  if (input.is_stdin) {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    if (std::cin.bad()) {
      error = "cannot read standard input";
      return std::nullopt;
    }
    return buffer.str();
  }
  return read_file(input.path, error);
}

FileLoader relative_loader(const Input& input) {
  fs::path base = input.is_stdin ? fs::current_path() : fs::path(input.path).parent_path();
  return [base](std::string_view relative, std::string& error) -> std::optional<std::string> {
    fs::path target = base / fs::path(std::string(relative));
    return read_file(target.string(), error);
  };
}

}  // namespace wallaudit::cli
