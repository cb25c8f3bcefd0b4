#include "great_wall/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "core/sections.hpp"
#include "great_wall/move.hpp"
#include "great_wall/state.hpp"

namespace wallaudit::gw {

namespace {

constexpr long long kMaxPoints = 1'000'000;
constexpr long long kMaxNumber = 1'000'000;

class Reader {
 public:
  Reader(const XmlDocument& doc, Diagnostics& out, std::size_t max_turns)
      : doc_(doc), out_(out), xml_(doc, out), max_turns_(max_turns) {}

  std::optional<Record> run() {
    pugi::xml_node root = doc_.root();
    rec_.root_loc = xml_.loc(root);
    check_record_root(xml_, root);
    count_players(root);
    static constexpr std::array<std::string_view, 5> order{"meta", "players", "setup", "play",
                                                           "end"};
    auto seen = read_sections(xml_, root, order, [&](std::size_t index, pugi::xml_node node) {
      switch (index) {
        case 0:
          read_meta(node);
          break;
        case 1:
          read_players(node);
          break;
        case 2:
          read_setup(node);
          break;
        case 3:
          read_play(node);
          break;
        case 4:
          read_end(node);
          break;
      }
    });
    require_sections(xml_, rec_.root_loc, order, seen, {1, 2, 3});
    if (out_.has(FindingKind::format)) return std::nullopt;
    return std::move(rec_);
  }

 private:
  // Section ids depend on the number of players (GW-103), so count them first.
  void count_players(pugi::xml_node root) {
    int players = 0;
    if (pugi::xml_node p = root.child("players"))
      players =
          static_cast<int>(std::distance(p.children("player").begin(), p.children("player").end()));
    players_ = players;
    rec_.sections = sections_for(players);
  }

  // ---- values ------------------------------------------------------------------------------

  void leaf(pugi::xml_node node, std::initializer_list<std::string_view> attrs) {
    xml_.only_attributes(node, attrs);
    xml_.no_text(node);
  }

  std::optional<Colour> colour(pugi::xml_node node, const char* attr) {
    auto text = xml_.required(node, attr);
    if (!text) return std::nullopt;
    auto c = parse_colour(*text);
    if (!c)
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a colour (red, yellow, green, blue, brown)", *text));
    return c;
  }

  std::optional<Card> card_word(pugi::xml_node node, const char* attr, std::string_view word) {
    auto c = parse_card(word);
    if (!c)
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a card (wall, gate, watchtower, noble, warrior, "
                             "cavalry, dragon)",
                             word));
    return c;
  }

  // A list of card names; nullopt when a word is not a card.
  std::optional<std::vector<Card>> cards(pugi::xml_node node, const char* attr) {
    auto text = xml_.required(node, attr);
    if (!text) return std::nullopt;
    std::vector<Card> out;
    bool ok = true;
    for_each_word(*text, [&](std::string_view w) {
      if (!ok) return;
      auto c = card_word(node, attr, w);
      if (!c) ok = false;
      if (c) out.push_back(*c);
    });
    if (!ok) return std::nullopt;
    return out;
  }

  std::optional<int> section(pugi::xml_node node, const char* attr) {
    auto text = xml_.required(node, attr);
    if (!text) return std::nullopt;
    auto s = parse_section(*text);
    if (!s || *s >= rec_.sections) {
      std::string in_play = rec_.sections == 2   ? "S1 and S2"
                            : rec_.sections == 3 ? "S1, S2 and S3"
                                                 : "S1 to S4";
      xml_.error(rec::unknown_id, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a section in play (a game of {} player{} has {})",
                             *text, players_, players_ == 1 ? "" : "s", in_play));
      return std::nullopt;
    }
    return s;
  }

  // A list of whole numbers (token values); nullopt when a word is not one.
  std::optional<std::vector<int>> numbers(pugi::xml_node node, const char* attr) {
    auto text = xml_.required(node, attr);
    if (!text) return std::nullopt;
    std::vector<int> out;
    bool ok = true;
    for_each_word(*text, [&](std::string_view w) {
      if (!ok) return;
      auto v = parse_integer(w);
      if (!v || *v < -kMaxNumber || *v > kMaxNumber) {
        xml_.error(
            rec::bad_value, xml_.value_loc(node, attr),
            v ? fmt::format("'{}' of <{}> holds {}, beyond any token value", attr, node.name(), w)
              : fmt::format("'{}' of <{}> is a list of whole numbers; \"{}\" is not one", attr,
                            node.name(), w));
        ok = false;
        return;
      }
      out.push_back(static_cast<int>(*v));
    });
    if (!ok) return std::nullopt;
    return out;
  }

  std::optional<int> number(pugi::xml_node node, const char* attr, bool required, long long lo,
                            long long hi) {
    auto v = xml_.integer(node, attr, required, lo, hi);
    if (!v) return std::nullopt;
    return static_cast<int>(*v);
  }

  // ---- sections ----------------------------------------------------------------------------

  void read_meta(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    for (pugi::xml_node child : node.children()) {
      if (child.type() == pugi::node_element)
        rec_.meta.emplace_back(child.name(), child.child_value());
    }
  }

  void read_players(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    rec_.players_loc = xml_.loc(node);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      if (std::string_view(child.name()) != "player") {
        xml_.unknown_element(child, node);
        return;
      }
      leaf(child, {"colour", "name"});
      auto c = colour(child, "colour");
      if (!c) return;
      PlayerDecl p;
      p.colour = *c;
      p.name = xml_.optional(child, "name").value_or("");
      p.loc = xml_.loc(child);
      rec_.players.push_back(std::move(p));
    });
  }

  void read_setup(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    rec_.setup_loc = xml_.loc(node);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      SetupItem item;
      item.loc = xml_.loc(child);
      if (tag == "section" || tag == "discard") {
        bool is_section = tag == "section";
        leaf(child, {is_section ? "id" : "section", "tokens"});
        item.kind = is_section ? SetupItem::Kind::section : SetupItem::Kind::discard;
        auto s = section(child, is_section ? "id" : "section");
        auto t = numbers(child, "tokens");
        if (!s || !t) return;
        item.section = *s;
        item.tokens = std::move(*t);
        item.tokens_loc = xml_.value_loc(child, "tokens");
      } else if (tag == "hand") {
        leaf(child, {"colour", "cards"});
        item.kind = SetupItem::Kind::hand;
        auto c = colour(child, "colour");
        auto cs = cards(child, "cards");
        if (!c || !cs) return;
        item.colour = *c;
        item.cards = std::move(*cs);
        item.cards_loc = xml_.value_loc(child, "cards");
      } else {
        xml_.unknown_element(child, node);
        return;
      }
      rec_.setup.push_back(std::move(item));
    });
  }

  void read_play(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    rec_.play_loc = xml_.loc(node);
    auto turns = count_turns(xml_, node, max_turns_);
    if (!turns) return;
    rec_.turns.reserve(*turns);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      if (std::string_view(child.name()) == "turn")
        read_turn(child);
      else
        xml_.unknown_element(child, node);
    });
  }

  void read_turn(pugi::xml_node node) {
    Turn turn;
    turn.loc = xml_.loc(node);
    xml_.only_attributes(node, {"colour"});
    auto c = colour(node, "colour");
    turn.colour = c.value_or(Colour::red);
    turn.colour_loc = xml_.value_loc(node, "colour");
    // Room for the steps of an ordinary turn at once (a hostile one grows as it must).
    std::size_t elements = 0;
    for (pugi::xml_node child = node.first_child(); child && elements < 32;
         child = child.next_sibling())
      ++elements;
    turn.steps.reserve(elements);
    xml_.for_each_child(node, [&](pugi::xml_node child) { read_step(child, node, turn); });
    rec_.turns.push_back(std::move(turn));
  }

  void read_step(pugi::xml_node node, pugi::xml_node parent, Turn& turn) {
    std::string_view tag = node.name();
    Step step;
    step.loc = xml_.loc(node);
    if (tag == "score") {
      leaf(node, {"section", "token", "on"});
      step.kind = Step::Kind::score;
      auto s = section(node, "section");
      auto token = number(node, "token", true, -kMaxNumber, kMaxNumber);
      auto on = number(node, "on", false, 1, kMaxNumber);
      if (!s || !token || (xml_.has(node, "on") && !on)) return;
      step.section = *s;
      step.token = *token;
      step.on = on;
    } else if (tag == "reveal" || tag == "discard") {
      leaf(node, {"section", "tokens"});
      step.kind = tag == "reveal" ? Step::Kind::reveal : Step::Kind::discard;
      auto s = section(node, "section");
      auto t = numbers(node, "tokens");
      if (!s || !t) return;
      step.section = *s;
      step.tokens = std::move(*t);
    } else if (tag == "play") {
      leaf(node, {"section", "card", "count", "on"});
      step.kind = Step::Kind::play;
      auto s = section(node, "section");
      auto cs = cards(node, "card");
      auto count = number(node, "count", false, 1, kMaxNumber);
      auto on = number(node, "on", false, 1, kMaxNumber);
      if (!s || !cs || (xml_.has(node, "count") && !count) || (xml_.has(node, "on") && !on)) return;
      if (cs->empty()) {
        xml_.error(rec::bad_value, xml_.value_loc(node, "card"), "'card' of <play> names no card");
        return;
      }
      if (cs->size() > 1 &&
          std::all_of(cs->begin(), cs->end(), [&](Card c) { return c == cs->front(); })) {
        xml_.error(rec::bad_value, xml_.value_loc(node, "card"),
                   fmt::format("\"{}\" repeats one card type: several identical cards are "
                               "written card=\"{}\" count=\"{}\"",
                               *xml_.optional(node, "card"), name(cs->front()), cs->size()));
        return;
      }
      step.section = *s;
      step.cards = std::move(*cs);
      step.count = count.value_or(1);
      step.on = on;
    } else if (tag == "draw") {
      leaf(node, {"card"});
      step.kind = Step::Kind::draw;
      if (auto text = xml_.optional(node, "card")) {
        std::vector<std::string_view> words;
        for_each_word(*text, [&](std::string_view w) { words.push_back(w); });
        if (words.size() != 1) {
          xml_.error(rec::bad_value, xml_.value_loc(node, "card"),
                     fmt::format("<draw> takes one card, \"{}\" names {}", *text, words.size()));
          return;
        }
        auto c = card_word(node, "card", words.front());
        if (!c) return;
        step.drawn = c;
      }
    } else if (tag == "annotation") {
      return;  // written by `wallaudit annotate`; not part of the game
    } else {
      xml_.unknown_element(node, parent);
      return;
    }
    // Where each value starts; the element's position for an absent attribute. An attribute
    // outside the element's list is absent here (a stray one is a format error, and the
    // record is not replayed), so only the listed ones are looked up.
    auto at = [&](std::string_view attribute) { return xml_.value_loc(node, attribute); };
    step.section_loc = step.token_loc = step.tokens_loc = step.loc;
    step.card_loc = step.count_loc = step.on_loc = step.loc;
    switch (step.kind) {
      case Step::Kind::score:
        step.section_loc = at("section");
        step.token_loc = at("token");
        step.on_loc = at("on");
        break;
      case Step::Kind::reveal:
      case Step::Kind::discard:
        step.section_loc = at("section");
        step.tokens_loc = at("tokens");
        break;
      case Step::Kind::play:
        step.section_loc = at("section");
        step.card_loc = at("card");
        step.count_loc = at("count");
        step.on_loc = at("on");
        break;
      case Step::Kind::draw:
        step.card_loc = at("card");
        break;
    }
    turn.steps.push_back(std::move(step));
  }

  void read_end(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    rec_.end.present = true;
    rec_.end.loc = xml_.loc(node);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "annotation") return;
      if (tag != "final") {
        xml_.unknown_element(child, node);
        return;
      }
      leaf(child, {"colour", "points"});
      auto c = colour(child, "colour");
      auto p = number(child, "points", true, -kMaxPoints, kMaxPoints);
      if (c && p) rec_.end.finals.push_back({*c, *p, xml_.loc(child)});
    });
  }

  const XmlDocument& doc_;
  Diagnostics& out_;
  XmlChecker xml_;
  Record rec_;
  int players_ = 0;
  std::size_t max_turns_;
};

}  // namespace

std::optional<Record> read_record(const XmlDocument& doc, Diagnostics& out, std::size_t max_turns) {
  return Reader(doc, out, max_turns).run();
}

std::vector<PlacedAction> record_actions(const Record& rec) {
  std::vector<PlacedAction> out;
  std::size_t total = 1 + rec.setup.size() + 1 + rec.end.finals.size();
  for (const Turn& t : rec.turns)
    total += t.steps.size() + 1;
  out.reserve(total);
  // Each action is built where it stays, in the record's block, with no copy on the way.
  ActionStore<Move> store(total);
  auto place = [&](Move::Kind what, SourceLoc loc, int turn) -> Move& {
    PlacedAction& p = out.emplace_back();
    std::shared_ptr<Move> m = store.make();
    m->what = what;
    Move& ref = *m;
    p.action = std::move(m);
    p.loc = loc;
    p.turn = turn;
    return ref;
  };
  {
    Move& seats = place(Move::Kind::seats, rec.players_loc, 0);
    Parts& player_locs = out.back().parts;
    seats.colours.reserve(rec.players.size());
    player_locs.reserve(rec.players.size());
    for (const PlayerDecl& p : rec.players) {
      seats.colours.push_back(p.colour);
      player_locs.push_back(p.loc);
    }
  }
  for (const SetupItem& item : rec.setup) {
    switch (item.kind) {
      case SetupItem::Kind::section:
      case SetupItem::Kind::discard: {
        Move& m =
            place(item.kind == SetupItem::Kind::section ? Move::Kind::section : Move::Kind::discard,
                  item.tokens_loc, 0);
        m.section = item.section;
        m.tokens = item.tokens;
        break;
      }
      case SetupItem::Kind::hand: {
        Move& m = place(Move::Kind::hand, item.loc, 0);
        m.section = item.section;
        m.tokens = item.tokens;
        m.subject = item.colour;
        m.cards = item.cards;
        Parts& parts = out.back().parts;
        parts.resize(kParts);
        parts[static_cast<std::size_t>(Attr::card) - 1] = item.cards_loc;
        break;
      }
    }
  }
  place(Move::Kind::start, rec.setup_loc, 0);
  for (std::size_t i = 0; i < rec.turns.size(); ++i) {
    const Turn& t = rec.turns[i];
    const int n = static_cast<int>(i) + 1;
    for (std::size_t k = 0; k < t.steps.size(); ++k) {
      const Step& s = t.steps[k];
      Move& m = place(Move::Kind::score, s.loc, n);
      m.by = t.colour;
      m.section = s.section;
      switch (s.kind) {
        case Step::Kind::score:
          m.what = Move::Kind::score;
          m.token = s.token;
          m.on = s.on;
          m.record_clears = std::any_of(
              t.steps.begin() + static_cast<std::ptrdiff_t>(k) + 1, t.steps.end(),
              [&](const Step& later) {
                return (later.kind == Step::Kind::reveal || later.kind == Step::Kind::discard) &&
                       later.section == s.section;
              });
          break;
        case Step::Kind::reveal:
          m.what = Move::Kind::reveal;
          m.tokens = s.tokens;
          break;
        case Step::Kind::discard:
          m.what = Move::Kind::discard;
          m.tokens = s.tokens;
          break;
        case Step::Kind::play:
          m.what = Move::Kind::play;
          m.cards = s.cards;
          m.count = s.count;
          m.on = s.on;
          break;
        case Step::Kind::draw:
          m.what = Move::Kind::draw;
          m.drawn = s.drawn;
          break;
      }
      out.back().parts = {t.colour_loc, s.section_loc, s.token_loc, s.tokens_loc,
                          s.card_loc,   s.on_loc,      t.loc};
    }
    place(Move::Kind::end, t.loc, n).by = t.colour;
    out.back().parts = {t.colour_loc, {}, {}, {}, {}, {}, t.loc};
  }
  for (const FinalClaim& f : rec.end.finals) {
    Move& m = place(Move::Kind::claim, f.loc, 0);
    m.by = f.colour;
    m.points = f.points;
  }
  return out;
}

}  // namespace wallaudit::gw
