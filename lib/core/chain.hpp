// Chains of nodes shared between copies of a state: a log kept newest first, whose older nodes
// every copy shares.
#pragma once

#include <memory>
#include <utility>

namespace wallaudit {

// Releases `prev`, the link a chain node holds to the node before it, and then, one by one,
// every older node that nothing else holds. A node's destructor calls it: left to the default
// destructor, freeing a chain of n nodes nests n calls, and a long hostile record would exhaust
// the stack. `Node` keeps its link as `mutable std::shared_ptr<const Node> prev`.
template <typename Node>
void release_chain(std::shared_ptr<const Node>& prev) noexcept {
  std::shared_ptr<const Node> p = std::move(prev);
  // use_count() == 1: this is the last holder, so no other thread can take the node either.
  while (p && p.use_count() == 1) {
    std::shared_ptr<const Node> older = std::move(p->prev);
    p = std::move(older);  // frees the node, whose own link is empty now
  }
}

}  // namespace wallaudit
