#include "catan_great_wall/writer.hpp"

#include <fmt/format.h>
#include <pugixml.hpp>

#include <sstream>

#include "catan_great_wall/action.hpp"

namespace wallaudit::ct {

namespace {

std::string cards_text(const Cards& cards) {
  std::string out;
  for (int r = 0; r < kResources; ++r)
    for (int k = 0; k < cards[ix(r)]; ++k)
      out += fmt::format("{}{}", out.empty() ? "" : " ", name(static_cast<Resource>(r)));
  return out;
}

class Writer {
 public:
  explicit Writer(const Record& head) : head_(head) {
    root_ = doc_.append_child("record");
    root_.append_attribute("game") = "catan-great-wall";
    root_.append_attribute("format") = "1";
    if (!head.meta.empty()) {
      pugi::xml_node meta = root_.append_child("meta");
      for (const auto& [tag, text] : head.meta)
        meta.append_child(tag.c_str()).text() = text.c_str();
    }
    if (!head.options.empty()) {
      pugi::xml_node rules = root_.append_child("rules");
      for (const OptionSetting& o : head.options) {
        pugi::xml_node option = rules.append_child("option");
        option.append_attribute("name") = o.name.c_str();
        option.append_attribute("value") = o.value.c_str();
      }
    }
    root_.append_child("board").append_attribute("name") = head.board->name.c_str();
    pugi::xml_node players = root_.append_child("players");
    for (const PlayerDecl& p : head.players) {
      pugi::xml_node player = players.append_child("player");
      player.append_attribute("colour") = std::string(name(p.colour)).c_str();
      if (!p.name.empty()) player.append_attribute("name") = p.name.c_str();
    }
    setup_ = root_.append_child("setup");
    play_ = root_.append_child("play");
  }

  void add(const Move& m) {
    switch (m.what) {
      case Move::Kind::fort: {
        pugi::xml_node n = setup_.append_child("fort");
        colour(n, "colour", *m.colour);
        n.append_attribute("wall") = board().walls[ix(m.wall)].id.c_str();
        return;
      }
      case Move::Kind::found: {
        pugi::xml_node n = setup_.append_child("settlement");
        colour(n, "colour", *m.colour);
        place(n, "vertex", m.place, true);
        place(n, "road", m.road, false);
        draws(n, m.draws);
        return;
      }
      case Move::Kind::gain: {
        pugi::xml_node n = setup_.append_child("gain");
        colour(n, "colour", *m.colour);
        n.append_attribute("cards") = cards_text(m.cards).c_str();
        return;
      }
      case Move::Kind::turn:
      case Move::Kind::special: {
        bool special = m.what == Move::Kind::special;
        element_ = play_.append_child(special ? "special" : "turn");
        colour(element_, "colour", *m.colour);
        if (!special) element_.append_attribute("n") = ++turns_;
        return;
      }
      case Move::Kind::end:
        element_ = pugi::xml_node();
        return;
      case Move::Kind::end_reveal: {
        pugi::xml_node n = end().append_child("reveal");
        colour(n, "colour", *m.colour);
        n.append_attribute("card") = std::string(name(*m.dev)).c_str();
        return;
      }
      case Move::Kind::final_vp: {
        pugi::xml_node n = end().append_child("final");
        colour(n, "colour", *m.colour);
        n.append_attribute("vp") = m.number;
        return;
      }
      case Move::Kind::seats:  // the head's <players>
        return;
      case Move::Kind::outcome: {
        pugi::xml_node n = end().append_child("outcome");
        n.append_attribute("result") = m.huns ? "huns" : "win";
        if (!m.huns) colour(n, "colour", m.other);
        return;
      }
      default:
        step(m);
        return;
    }
  }

  std::string str() const {
    std::ostringstream out;
    doc_.save(out, "  ", pugi::format_indent | pugi::format_no_declaration);
    return out.str();
  }

 private:
  const Board& board() const { return *head_.board; }

  pugi::xml_node end() {
    if (!end_) end_ = root_.append_child("end");
    return end_;
  }

  static void colour(pugi::xml_node n, const char* attr, Colour c) {
    n.append_attribute(attr) = std::string(name(c)).c_str();
  }
  void place(pugi::xml_node n, const char* attr, const PlaceName& p, bool vertex) const {
    n.append_attribute(attr) = fmt::format("{}.{}", board().hexes[ix(p.hex)].id,
                                           vertex ? corner_name(p.part) : side_name(p.part))
                                   .c_str();
  }
  void hex(pugi::xml_node n, const char* attr, int h) const {
    n.append_attribute(attr) = board().hexes[ix(h)].id.c_str();
  }
  static void draws(pugi::xml_node n, const std::vector<int>& numerals) {
    for (int k : numerals)
      n.append_child("hun").append_attribute("numeral") = std::string(numeral_name(k)).c_str();
  }

  // A step of a turn or special building phase (opened by its `turn` or `special` action).
  void step(const Move& m) {
    if (!element_) element_ = play_.append_child("turn");
    pugi::xml_node n;
    switch (m.what) {
      case Move::Kind::roll:
        n = element_.append_child("roll");
        n.append_attribute("d1") = m.d1;
        n.append_attribute("d2") = m.d2;
        for (const RollEcho& e : m.echoes) {
          if (e.kind == Echo::Kind::advance) {
            pugi::xml_node a = n.append_child("advance");
            a.append_attribute("from") = std::string(numeral_name(e.from)).c_str();
            a.append_attribute("to") = board().fields[ix(e.field)].id.c_str();
          } else if (e.kind == Echo::Kind::breach) {
            pugi::xml_node b = n.append_child("breach");
            b.append_attribute("field") = board().fields[ix(e.field)].id.c_str();
            for (int h : e.occupies)
              hex(b.append_child("occupy"), "hex", h);
          } else {
            pugi::xml_node p = n.append_child("produce");
            colour(p, "colour", e.colour);
            p.append_attribute("cards") = cards_text(e.cards).c_str();
          }
        }
        return;
      case Move::Kind::discard:
        n = element_.append_child("discard");
        colour(n, "colour", *m.colour);
        n.append_attribute("cards") = cards_text(m.cards).c_str();
        return;
      case Move::Kind::pirate:
        hex(element_.append_child("pirate"), "to", m.hex);
        return;
      case Move::Kind::steal:
        n = element_.append_child("steal");
        colour(n, "from", m.other);
        n.append_attribute("card") = std::string(name(m.card)).c_str();
        return;
      case Move::Kind::trade:
      case Move::Kind::bank:
        n = element_.append_child(m.what == Move::Kind::trade ? "trade" : "bank");
        if (m.what == Move::Kind::trade) colour(n, "with", m.other);
        n.append_attribute("give") = cards_text(m.cards).c_str();
        n.append_attribute("get") = cards_text(m.get).c_str();
        return;
      case Move::Kind::road:
        place(element_.append_child("road"), "edge", m.place, false);
        return;
      case Move::Kind::settlement:
      case Move::Kind::city:
        n = element_.append_child(m.what == Move::Kind::city ? "city" : "settlement");
        place(n, "vertex", m.place, true);
        draws(n, m.draws);
        return;
      case Move::Kind::wall_piece:
        element_.append_child("wall-piece").append_attribute("level") = m.number;
        return;
      case Move::Kind::buy_card:
        n = element_.append_child("buy-card");
        if (m.dev) n.append_attribute("card") = std::string(name(*m.dev)).c_str();
        return;
      case Move::Kind::play_card:
        n = element_.append_child("play-card");
        n.append_attribute("card") = std::string(name(*m.dev)).c_str();
        if (*m.dev == DevCard::year_of_plenty) {
          std::string take;
          for (Resource r : m.take)
            take += fmt::format("{}{}", take.empty() ? "" : " ", name(r));
          n.append_attribute("take") = take.c_str();
        }
        if (*m.dev == DevCard::monopoly)
          n.append_attribute("resource") = std::string(name(m.card)).c_str();
        for (const KnightMove& k : m.knight) {
          pugi::xml_node a;
          switch (k.kind) {
            case KnightAction::Kind::move_hun:
              a = n.append_child("move-hun");
              a.append_attribute("from") = std::string(numeral_name(k.from)).c_str();
              a.append_attribute("to") = std::string(numeral_name(k.to)).c_str();
              break;
            case KnightAction::Kind::chase_hun:
              a = n.append_child("chase-hun");
              hex(a, "hex", k.hex);
              a.append_attribute("numeral") = std::string(numeral_name(k.numeral)).c_str();
              break;
            case KnightAction::Kind::pirate:
              hex(n.append_child("pirate"), "to", k.hex);
              break;
            case KnightAction::Kind::steal:
              a = n.append_child("steal");
              colour(a, "from", k.colour);
              a.append_attribute("card") = std::string(name(k.card)).c_str();
              break;
          }
        }
        for (const PlaceName& r : m.roads)
          place(n.append_child("road"), "edge", r, false);
        for (const auto& [c, count] : m.gives) {
          pugi::xml_node g = n.append_child("give");
          colour(g, "colour", c);
          g.append_attribute("count") = count;
        }
        return;
      case Move::Kind::reveal:
        element_.append_child("reveal").append_attribute("card") =
            std::string(name(*m.dev)).c_str();
        return;
      case Move::Kind::claim:
        n = element_.append_child("claim");
        colour(n, "colour", *m.colour);
        n.append_attribute("vp") = m.number;
        return;
      default:
        return;
    }
  }

  const Record& head_;
  pugi::xml_document doc_;
  pugi::xml_node root_, setup_, play_, end_;
  pugi::xml_node element_;  // the turn or special building phase open
  int turns_ = 0;
};

}  // namespace

std::string write_record(const Record& head, const std::vector<ActionPtr>& actions) {
  Writer w(head);
  for (const ActionPtr& a : actions)
    if (const auto* m = dynamic_cast<const Move*>(a.get())) w.add(*m);
  return w.str();
}

}  // namespace wallaudit::ct
