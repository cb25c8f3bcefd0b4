#include "chang_cheng/writer.hpp"

#include <fmt/format.h>

#include <cassert>
#include <set>
#include <string_view>

#include "chang_cheng/action.hpp"
#include "core/text.hpp"

namespace wallaudit::cc {

namespace {

std::string numbers(const std::vector<int>& values) {
  std::string out;
  for (int v : values)
    out += fmt::format("{}{}", out.empty() ? "" : " ", v);
  return out;
}

std::string board_set(const BoardSet& set) {
  if (set.origin == "built in")
    return fmt::format("  <boards set=\"{}\"/>\n", xml_escape(set.name));
  std::string out = fmt::format("  <boards>\n    <board-set name=\"{}\">\n", xml_escape(set.name));
  for (const SideDef& side : set.sides) {
    out += fmt::format("      <side id=\"{}\" board=\"{}\"", xml_escape(side.id),
                       xml_escape(side.board));
    if (!side.left_edge.empty())
      out += fmt::format(" left-edge=\"{}\"", xml_escape(side.left_edge));
    if (!side.right_edge.empty())
      out += fmt::format(" right-edge=\"{}\"", xml_escape(side.right_edge));
    out += ">\n";
    for (std::size_t p = 0; p < side.province_names.size(); ++p)
      if (!side.province_names[p].empty())
        out += fmt::format("        <province id=\"P{}\" name=\"{}\"/>\n", p + 1,
                           xml_escape(side.province_names[p]));
    for (const SpaceDef& s : side.spaces)
      out += fmt::format("        <space province=\"P{}\" region=\"M{}\"/>\n", s.province + 1,
                         s.region + 1);
    out += "      </side>\n";
  }
  if (set.mix)
    out += fmt::format("      <token-mix reputation=\"{}\" threat=\"{}\"/>\n",
                       numbers(set.mix->reputation), numbers(set.mix->threat));
  out += "    </board-set>\n  </boards>\n";
  return out;
}

std::string head(const Record& rec) {
  std::string out;
  if (!rec.meta.empty()) {
    out += "  <meta>\n";
    for (const auto& [tag, text] : rec.meta)
      out += fmt::format("    <{0}>{1}</{0}>\n", tag, xml_escape(text));
    out += "  </meta>\n";
  }
  if (!rec.options.empty() || rec.variant != Variant::none || !rec.events.empty()) {
    out += "  <rules>\n";
    for (const OptionSetting& o : rec.options)
      out += fmt::format("    <option name=\"{}\" value=\"{}\"/>\n", xml_escape(o.name),
                         xml_escape(o.value));
    if (rec.variant != Variant::none)
      out += fmt::format("    <variant name=\"{}\"/>\n", name(rec.variant));
    for (const auto& [card, loc] : rec.events)
      out += fmt::format("    <event-card name=\"{}\"/>\n", name(card));
    out += "  </rules>\n";
  }
  if (rec.boards) out += board_set(*rec.boards);
  out += "  <players>\n";
  for (const PlayerDecl& p : rec.players) {
    if (p.colours.size() == 1) {
      out += fmt::format("    <player colour=\"{}\" name=\"{}\"/>\n", name(p.colours[0]),
                         xml_escape(p.name));
    } else {
      std::string colours;
      for (Colour c : p.colours)
        colours += fmt::format("{}{}", colours.empty() ? "" : " ", name(c));
      out += fmt::format("    <player colours=\"{}\" name=\"{}\"/>\n", colours, xml_escape(p.name));
    }
  }
  out += "  </players>\n";
  return out;
}

class Writer {
 public:
  Writer(const Record& rec, const std::vector<const Move*>& moves) : rec_(rec), moves_(moves) {}

  std::string run() {
    std::size_t last_end = moves_.size();
    for (std::size_t i = 0; i < moves_.size(); ++i)
      if (moves_[i]->type == MoveKind::end) last_end = i;
    std::size_t i = 0;
    // The set-up: sides, then reputations, then threats, each place laid once.
    std::set<int> laid;
    std::string setup;
    for (; i < moves_.size(); ++i) {
      const Move& m = *moves_[i];
      if (m.colour || (m.type != MoveKind::side && m.type != MoveKind::reputation &&
                       m.type != MoveKind::threat))
        break;
      if (m.type == MoveKind::threat && !laid.insert(m.a).second) break;
      setup += "    " + element(m) + "\n";
    }
    // The turns: everything up to each `end`.
    std::string play;
    const std::size_t turns_end = last_end == moves_.size() ? i : last_end + 1;
    while (i < turns_end) {
      std::size_t j = i;
      while (moves_[j]->type != MoveKind::end)
        ++j;
      play += turn(i, j, *moves_[j]->colour);
      i = j + 1;
    }
    // What follows the last turn: a turn left open, then the end's threats and claims.
    std::size_t tail = i;
    while (tail < moves_.size() && !is_end_item(*moves_[tail]))
      ++tail;
    if (tail > i) {
      std::optional<Colour> by;
      for (std::size_t k = i; k < tail && !by; ++k)
        if (moves_[k]->colour && moves_[k]->type != MoveKind::claim) by = moves_[k]->colour;
      play += turn(i, tail, by.value_or(Colour::red));
    }
    std::string end;
    for (std::size_t k = tail; k < moves_.size(); ++k)
      end += "    " + element(*moves_[k]) + "\n";

    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<record game=\"chang-cheng\" format=\"1\">\n";
    out += head(rec_);
    out += "  <setup>\n" + setup + "  </setup>\n";
    out += "  <play>\n" + play + "  </play>\n";
    if (!end.empty()) out += "  <end>\n" + end + "  </end>\n";
    out += "</record>\n";
    return out;
  }

 private:
  static bool is_end_item(const Move& m) {
    if (m.type == MoveKind::threat && !m.colour) return true;
    return m.type == MoveKind::claim &&
           (m.claim == ClaimKind::loss || m.claim == ClaimKind::event ||
            m.claim == ClaimKind::final);
  }

  // The moves [from, to) as one <turn> of `colour`.
  std::string turn(std::size_t from, std::size_t to, Colour colour) const {
    std::string out = fmt::format("    <turn colour=\"{}\">\n", name(colour));
    std::size_t k = from;
    while (k < to) {
      const Move& m = *moves_[k];
      if (m.type == MoveKind::score) {
        out += fmt::format("      <score province=\"{}\">\n", place(m.a, MoveKind::score));
        ++k;
        while (k < to && in_score(*moves_[k]))
          out += "        " + element(*moves_[k++]) + "\n";
        out += "      </score>\n";
      } else if (m.type == MoveKind::expand) {
        out += fmt::format("      <expand side=\"{}\" at=\"{}\">\n", side(m.a),
                           m.right ? "right" : "left");
        ++k;
        // The new side's tokens, in any order, each place once; a threat of a place already
        // laid is a reveal after the expansion.
        std::set<int> reputations, threats;
        while (k < to && !moves_[k]->colour) {
          const Move& t = *moves_[k];
          const bool on_side = t.a != kNone && t.a / 3 == m.a;
          if (!on_side) break;
          if (t.type == MoveKind::reputation && reputations.insert(t.a).second) {
          } else if (t.type == MoveKind::threat && threats.insert(t.a).second) {
          } else {
            break;
          }
          out += "        " + element(t) + "\n";
          ++k;
        }
        out += "      </expand>\n";
      } else {
        out += "      " + element(m) + "\n";
        ++k;
      }
    }
    out += "    </turn>\n";
    return out;
  }

  static bool in_score(const Move& m) {
    return m.type == MoveKind::reveal || m.type == MoveKind::resolve ||
           (m.type == MoveKind::claim && m.claim == ClaimKind::award);
  }

  std::string side(int s) const { return xml_escape(rec_.boards->sides[s].id); }
  std::string space(int s) const { return xml_escape(rec_.boards->space_name(s)); }
  std::string place(int p, MoveKind k) const {
    return xml_escape(k == MoveKind::threat || k == MoveKind::peek ? rec_.boards->region_name(p)
                                                                   : rec_.boards->province_name(p));
  }

  std::string element(const Move& m) const {
    const std::string_view c = m.colour ? name(*m.colour) : std::string_view();
    switch (m.type) {
      case MoveKind::side:
        return fmt::format("<side id=\"{}\"/>", side(m.a));
      case MoveKind::reputation:
      case MoveKind::threat: {
        const bool rep = m.type == MoveKind::reputation;
        std::string value = m.value ? fmt::format(" value=\"{}\"", *m.value) : std::string();
        return fmt::format("<{0} {1}=\"{2}\"{3}/>", rep ? "reputation" : "threat",
                           rep ? "province" : "region", place(m.a, m.type), value);
      }
      case MoveKind::wall:
      case MoveKind::tower:
      case MoveKind::neutral:
        return fmt::format("<{} space=\"{}\"/>", Move::kind_name(m.type), space(m.a));
      case MoveKind::double_wall:
        return fmt::format("<double spaces=\"{} {}\"/>", space(m.a), space(m.b));
      case MoveKind::card:
        return fmt::format("<card province=\"{}\"{}/>", place(m.a, m.type),
                           m.card ? fmt::format(" card=\"{}\"", name(*m.card)) : std::string());
      case MoveKind::pass:
        return "<pass/>";
      case MoveKind::peek:
        return fmt::format("<peek region=\"{}\"/>", place(m.a, m.type));
      case MoveKind::reveal:
        return fmt::format("<reveal colour=\"{}\" card=\"{}\"/>", c,
                           m.card ? name(*m.card) : std::string_view());
      case MoveKind::resolve:
        return resolve(m);
      case MoveKind::claim:
        switch (m.claim) {
          case ClaimKind::bonus:
            return fmt::format("<bonus colour=\"{}\" points=\"{}\"/>", c, m.value.value_or(0));
          case ClaimKind::award:
            return fmt::format("<award colour=\"{}\" points=\"{}\"/>", c, m.value.value_or(0));
          case ClaimKind::loss:
            return fmt::format("<loss region=\"{}\" colour=\"{}\" points=\"{}\"/>",
                               place(m.a, MoveKind::threat), c, m.value.value_or(0));
          case ClaimKind::event:
            return fmt::format("<event card=\"{}\" colour=\"{}\" points=\"{}\"/>", name(m.event), c,
                               m.value.value_or(0));
          case ClaimKind::final:
            return fmt::format("<final colour=\"{}\" points=\"{}\"/>", c, m.value.value_or(0));
        }
        break;
      case MoveKind::score:
      case MoveKind::expand:
      case MoveKind::end:
        break;  // written by turn()
      case MoveKind::seats:
      case MoveKind::begin:
        break;  // left out by write_record
    }
    return {};
  }

  std::string resolve(const Move& m) const {
    const CardKind card = m.card.value_or(CardKind::warrior);
    std::string out =
        fmt::format("<resolve colour=\"{}\" card=\"{}\"", name(*m.colour), name(card));
    switch (card) {
      case CardKind::warrior:
        if (m.cancels)
          out += fmt::format(" cancels=\"{}\" of=\"{}\"", name(*m.cancels), name(m.of));
        break;
      case CardKind::traitor:
        out += fmt::format(" effect=\"{}\"", name(m.effect));
        // A chosen effect with no target is written without one.
        if (m.effect == Effect::destroy && m.a != kNone)
          out += fmt::format(" space=\"{}\"", space(m.a));
        if (m.effect == Effect::remove_threat && m.b != kNone)
          out += fmt::format(" region=\"{}\"", place(m.b, MoveKind::threat));
        break;
      case CardKind::flood:
      case CardKind::builder:
        out += fmt::format(" effect=\"{}\"", name(m.effect));
        break;
      case CardKind::master_builder:
        break;
      case CardKind::mandarin:
        if (m.a != kNone) out += fmt::format(" space=\"{}\" with=\"{}\"", space(m.a), space(m.b));
        break;
    }
    return out + "/>";
  }

  const Record& rec_;
  const std::vector<const Move*>& moves_;
};

}  // namespace

std::string write_record(const Record& head_of, const std::vector<const Action*>& actions) {
  std::vector<const Move*> moves;
  moves.reserve(actions.size());
  for (const Action* a : actions) {
    const auto* m = dynamic_cast<const Move*>(a);
    assert(m != nullptr && "every action of a Chang Cheng record is a cc::Move");
    // The seats are the head's <players>; a turn's `begin` is its <turn colour>, which the
    // turn's `end` gives as well.
    if (m && m->type != MoveKind::seats && m->type != MoveKind::begin) moves.push_back(m);
  }
  return Writer(head_of, moves).run();
}

}  // namespace wallaudit::cc
