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

}  // namespace wallaudit::cli
