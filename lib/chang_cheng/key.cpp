// The duplicate key of a Chang Cheng record.
#include <algorithm>

#include "chang_cheng/history.hpp"

namespace wallaudit::cc {

namespace {

std::uint64_t token_code(unsigned kind, int place, std::optional<int> value) {
  return (static_cast<std::uint64_t>(kind) << 60) | (static_cast<std::uint64_t>(place) << 32) |
         (value ? static_cast<std::uint32_t>(*value) : 0x7fffffffu);
}

void add_tokens(KeyHasher& k, const std::vector<TokenDecl>& reputations,
                const std::vector<TokenDecl>& threats) {
  std::vector<std::uint64_t> codes;
  for (const auto& t : reputations)
    codes.push_back(token_code(1, t.place, t.value.value_or(0)));
  for (const auto& t : threats)
    codes.push_back(token_code(2, t.place, t.value));
  std::sort(codes.begin(), codes.end());
  k.add(codes.size());
  for (auto c : codes)
    k.add(c);
}

std::uint64_t u(int v) {
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
}

}  // namespace

std::string record_key(const Record& rec) {
  KeyHasher k;
  const BoardSet& set = *rec.boards;
  k.add(rec.players.size());
  for (const auto& p : rec.players) {
    k.add(p.colours.size());
    for (Colour c : p.colours)
      k.add(u(static_cast<int>(c)));
  }
  Options o;
  for (const auto& opt : rec.options)
    set_option(o, opt.name, opt.value);
  for (const auto& spec : option_specs())
    k.add(option_value(o, spec.name));
  k.add(u(static_cast<int>(rec.variant)));
  std::uint64_t events = 0;
  for (const auto& [e, loc] : rec.events)
    events |= 1ull << static_cast<int>(e);
  k.add(events);
  k.add(set.sides.size());
  for (const auto& side : set.sides) {
    k.add(side.id).add(side.board).add(side.spaces.size());
    for (const auto& s : side.spaces)
      k.add(u(s.province * 4 + s.region));
  }
  k.add(rec.sides.size());
  for (const auto& s : rec.sides)
    k.add(u(s.side));
  add_tokens(k, rec.reputations, rec.threats);
  for (const Turn& t : rec.turns) {
    k.add(0xABCDEFull).add(u(static_cast<int>(t.colour)));
    for (const Step& s : t.steps) {
      if (s.kind == StepKind::bonus) continue;  // a claim
      k.add(u(static_cast<int>(s.kind)));
      switch (s.kind) {
        case StepKind::wall:
        case StepKind::tower:
        case StepKind::neutral:
          k.add(u(s.space));
          break;
        case StepKind::double_wall:
          k.add(u(s.space)).add(u(s.space2));
          break;
        case StepKind::card:
          k.add(u(s.province)).add(u(s.card ? rank(*s.card) : 0));
          break;
        case StepKind::peek:
          k.add(u(s.region));
          break;
        case StepKind::threat:
          k.add(u(s.region)).add(u(s.value));
          break;
        case StepKind::score: {
          const ScoreElem& e = t.scores[static_cast<std::size_t>(s.index)];
          k.add(u(e.province));
          for (const ScoreItem& item : e.items) {
            if (item.kind == ScoreItem::Kind::award) continue;  // a claim
            k.add(u(static_cast<int>(item.kind))).add(u(static_cast<int>(item.colour)));
            k.add(u(item.card ? rank(*item.card) : 0)).add(u(static_cast<int>(item.effect)));
            k.add(u(item.space)).add(u(item.with)).add(u(item.region));
            k.add(u(item.cancels ? rank(*item.cancels) : 0));
            k.add(u(item.cancels ? static_cast<int>(item.of) : 9));
          }
          break;
        }
        case StepKind::expand: {
          const ExpandElem& e = t.expands[static_cast<std::size_t>(s.index)];
          k.add(u(e.side)).add(u(e.right ? 1 : 0));
          add_tokens(k, e.reputations, e.threats);
          break;
        }
        case StepKind::pass:
        case StepKind::bonus:
          break;
      }
    }
  }
  k.add(0xE0Dull);
  for (const auto& t : rec.end.threats)
    k.add(u(t.place)).add(u(t.value.value_or(0)));
  return k.finish("chang-cheng");
}

}  // namespace wallaudit::cc
