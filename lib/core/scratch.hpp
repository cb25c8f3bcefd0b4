// Working memory an object keeps between calls so that it need not allocate on each.
#pragma once

namespace wallaudit {

// A value used only inside one call at a time: it keeps its capacity from call to call, and a
// copy of the object that holds it starts empty (a copy of a game state, a snapshot, takes no
// working memory with it).
template <typename T>
struct Scratch {
  T value{};
  Scratch() = default;
  Scratch(const Scratch&) {}
  Scratch& operator=(const Scratch&) { return *this; }
};

}  // namespace wallaudit
