#include "catan_great_wall/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "core/included.hpp"
#include "core/sections.hpp"

namespace wallaudit::ct {

std::string_view element_name(StepKind kind) {
  switch (kind) {
    case StepKind::roll:
      return "roll";
    case StepKind::discard:
      return "discard";
    case StepKind::pirate:
      return "pirate";
    case StepKind::steal:
      return "steal";
    case StepKind::trade:
      return "trade";
    case StepKind::bank:
      return "bank";
    case StepKind::road:
      return "road";
    case StepKind::settlement:
      return "settlement";
    case StepKind::city:
      return "city";
    case StepKind::wall_piece:
      return "wall-piece";
    case StepKind::buy_card:
      return "buy-card";
    case StepKind::play_card:
      return "play-card";
    case StepKind::reveal:
      return "reveal";
    case StepKind::claim:
      return "claim";
  }
  return "?";
}

namespace {

constexpr long long kMaxVp = 1'000'000;
// The longest card list read: more cards than the game has, by far; a longer list is bad input.
constexpr std::size_t kMaxCards = 1000;
// A turn's steps and a roll's echoes are counted before they are read, up to this many.
constexpr std::size_t kReserveSteps = 64;

class Reader {
 public:
  Reader(const XmlDocument& doc, const BoardCatalogue& catalogue, const FileLoader& loader,
         Diagnostics& out, std::size_t max_turns)
      : doc_(doc),
        catalogue_(catalogue),
        loader_(loader),
        out_(out),
        xml_(doc, out),
        max_turns_(max_turns) {}

  std::optional<Record> run() {
    pugi::xml_node root = doc_.root();
    rec_.root_loc = xml_.loc(root);
    check_record_root(xml_, root);
    static constexpr std::array<std::string_view, 7> order{"meta",  "rules", "board", "players",
                                                           "setup", "play",  "end"};
    auto seen = read_sections(xml_, root, order, [&](std::size_t index, pugi::xml_node node) {
      switch (index) {
        case 0:
          read_meta(node);
          break;
        case 1:
          read_rules(node);
          break;
        case 2:
          read_board(node);
          break;
        case 3:
          read_players(node);
          break;
        case 4:
          read_setup(node);
          break;
        case 5:
          read_play(node);
          break;
        default:
          read_end(node);
          break;
      }
    });
    require_sections(xml_, rec_.root_loc, order, seen, {2}, "; there is no default board");
    require_sections(xml_, rec_.root_loc, order, seen, {3, 4, 5});
    if (out_.has(FindingKind::format)) return std::nullopt;
    return std::move(rec_);
  }

 private:
  // ---- helpers -------------------------------------------------------------------------

  void leaf(pugi::xml_node node, std::initializer_list<std::string_view> attrs) {
    xml_.only_attributes(node, attrs);
    xml_.no_text(node);
  }

  // A colour attribute; `claim` allows a colour that is not playing (a CT-906 matter).
  std::optional<Colour> colour(pugi::xml_node node, const char* attr, bool* playing = nullptr) {
    auto text = xml_.required(node, attr);
    if (!text) return std::nullopt;
    auto c = parse_colour(*text);
    if (!c) {
      xml_.error(
          rec::bad_value, xml_.value_loc(node, attr),
          fmt::format("\"{}\" is not a colour (red, blue, white, orange, green, brown)", *text));
      return std::nullopt;
    }
    bool is_playing = !players_known_ || playing_[static_cast<std::size_t>(*c)];
    if (playing) {
      *playing = is_playing;
    } else if (!is_playing) {
      xml_.error(rec::unknown_id, xml_.value_loc(node, attr),
                 fmt::format("{} is not playing in this game (players: {})", *text, player_list()));
      return std::nullopt;
    }
    return c;
  }

  std::string player_list() const {
    std::string out;
    for (const auto& p : rec_.players)
      out += fmt::format("{}{}", out.empty() ? "" : ", ", name(p.colour));
    return out.empty() ? std::string("none") : out;
  }

  // A card list: resource names separated by single spaces, never empty.
  std::optional<CardList> cards(pugi::xml_node node, const char* attr, bool required = true,
                                std::string_view why = "", bool keep_order = false) {
    std::optional<std::string_view> text;
    if (required) {
      if (!xml_.has(node, attr)) {
        xml_.error(rec::missing, xml_.loc(node),
                   fmt::format("<{}> needs the attribute '{}'{}", node.name(), attr, why));
        return std::nullopt;
      }
      text = xml_.optional(node, attr);
    } else {
      text = xml_.optional(node, attr);
      if (!text) return CardList{};
    }
    CardList list;
    std::string_view rest = *text;
    bool ok = !rest.empty();
    std::size_t n = 0;
    // One allocation for a list kept in order, however many cards: the words are counted first.
    if (keep_order)
      list.order.reserve(std::min<std::size_t>(
          kMaxCards + 1, 1 + static_cast<std::size_t>(std::count(rest.begin(), rest.end(), ' '))));
    while (ok) {
      auto space = rest.find(' ');
      std::string_view word = rest.substr(0, space);
      auto r = parse_resource(word);
      if (!r || ++n > kMaxCards) {
        ok = false;
        break;
      }
      list.cards[static_cast<std::size_t>(*r)]++;
      if (keep_order) list.order.push_back(*r);
      if (space == std::string_view::npos) break;
      rest.remove_prefix(space + 1);
    }
    if (!ok) {
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("'{}' of <{}> is \"{}\", not a card list (resource names brick, "
                             "lumber, wool, grain, ore, separated by single spaces)",
                             attr, node.name(), *text));
      return std::nullopt;
    }
    return list;
  }

  std::optional<Resource> resource(pugi::xml_node node, const char* attr,
                                   std::string_view why = "") {
    if (!xml_.has(node, attr)) {
      xml_.error(rec::missing, xml_.loc(node),
                 fmt::format("<{}> needs the attribute '{}'{}", node.name(), attr, why));
      return std::nullopt;
    }
    auto text = xml_.optional(node, attr);
    auto r = parse_resource(*text);
    if (!r)
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a resource (brick, lumber, wool, grain, ore)", *text));
    return r;
  }

  std::optional<DevCard> dev_card(pugi::xml_node node, const char* attr, bool required) {
    auto text = required ? xml_.required(node, attr) : xml_.optional(node, attr);
    if (!text) return std::nullopt;
    auto d = parse_dev_card(*text);
    if (!d) {
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a development card (knight, road-building, "
                             "year-of-plenty, monopoly, victory-point)",
                             *text));
      failed_ = true;
    }
    return d;
  }

  std::optional<int> numeral(pugi::xml_node node, const char* attr) {
    auto text = xml_.required(node, attr);
    if (!text) return std::nullopt;
    auto n = parse_numeral(*text);
    if (!n)
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a Hun numeral (I, II, III, IV, V)", *text));
    return n;
  }

  std::optional<int> hex(pugi::xml_node node, const char* attr) {
    auto text = xml_.required(node, attr);
    if (!text || !board_) return std::nullopt;
    int h = board_->find_hex(*text);
    if (h < 0) {
      xml_.error(rec::unknown_id, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a hex of board \"{}\"", *text, board_->name));
      return std::nullopt;
    }
    return h;
  }

  std::optional<int> field(pugi::xml_node node, const char* attr) {
    auto text = xml_.required(node, attr);
    if (!text || !board_) return std::nullopt;
    int f = board_->find_field(*text);
    if (f < 0) {
      xml_.error(rec::unknown_id, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not an attack field of board \"{}\"", *text, board_->name));
      return std::nullopt;
    }
    return f;
  }

  // A vertex (HEX.CORNER) or an edge (HEX.SIDE).
  std::optional<PlaceRef> place(pugi::xml_node node, const char* attr, bool vertex) {
    auto text = xml_.required(node, attr);
    if (!text) return std::nullopt;
    PlaceRef ref;
    ref.text = *text;
    ref.loc = xml_.value_loc(node, attr);
    auto parts = split_place(*text);
    std::optional<int> part;
    if (parts) part = vertex ? parse_corner(parts->second) : parse_side(parts->second);
    if (!parts || !part) {
      xml_.error(rec::bad_value, ref.loc,
                 vertex ? fmt::format("\"{}\" is not a vertex name (HEX.CORNER, CORNER one of N "
                                      "NE SE S SW NW)",
                                      *text)
                        : fmt::format("\"{}\" is not an edge name (HEX.SIDE, SIDE one of NE E SE "
                                      "SW W NW)",
                                      *text));
      return std::nullopt;
    }
    if (!board_) return std::nullopt;
    ref.hex = board_->find_hex(parts->first);
    if (ref.hex < 0) {
      xml_.error(rec::unknown_id, ref.loc,
                 fmt::format("\"{}\" names hex \"{}\", which is not a hex of board \"{}\"", *text,
                             parts->first, board_->name));
      return std::nullopt;
    }
    ref.index = vertex ? board_->corner(ref.hex, *part) : board_->side(ref.hex, *part);
    return ref;
  }

  std::vector<HunDraw> huns(pugi::xml_node node) {
    std::vector<HunDraw> out;
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      if (std::string_view(child.name()) != "hun") {
        xml_.unknown_element(child, node);
        return;
      }
      leaf(child, {"numeral"});
      auto n = numeral(child, "numeral");
      if (n) out.push_back({*n, xml_.loc(child)});
    });
    return out;
  }

  // ---- sections ------------------------------------------------------------------------

  void read_meta(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    for (pugi::xml_node child = node.first_child(); child; child = child.next_sibling()) {
      if (child.type() == pugi::node_element)
        rec_.meta.emplace_back(child.name(), child.child_value());
      else if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
        std::string_view v = child.value();
        if (v.find_first_not_of(" \t\r\n") != std::string_view::npos)
          xml_.error(rec::text_content, xml_.loc(child),
                     "text is not allowed directly inside <meta>; put it in a child element");
      }
    }
  }

  void read_rules(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      if (std::string_view(child.name()) != "option") {
        xml_.unknown_element(child, node);
        return;
      }
      leaf(child, {"name", "value"});
      read_option(xml_, child, option_specs(), rec_.options);
    });
  }

  void read_board(pugi::xml_node node) {
    rec_.board_loc = xml_.loc(node);
    xml_.only_attributes(node, {"name", "file"});
    auto name = xml_.optional(node, "name");
    auto file = xml_.optional(node, "file");
    std::vector<pugi::xml_node> children;
    for (pugi::xml_node c = node.first_child(); c; c = c.next_sibling())
      if (c.type() == pugi::node_element) children.push_back(c);
    int forms = (name ? 1 : 0) + (file ? 1 : 0) + (children.empty() ? 0 : 1);
    if (forms == 0) {
      xml_.error(rec::missing, xml_.loc(node),
                 "<board> is empty: give name=\"…\", file=\"…\" or an inline <great-wall-board>");
      return;
    }
    if (forms > 1) {
      xml_.error(rec::inconsistent, xml_.loc(node),
                 "<board> takes one of name=\"…\", file=\"…\" or an inline <great-wall-board>, "
                 "not several");
      return;
    }
    if (name) {
      xml_.no_text(node);
      if (const std::string* why = catalogue_.invalid_reason(*name)) {
        xml_.error(kBoardRule, xml_.value_loc(node, "name"),
                   fmt::format("board \"{}\" is invalid: {}", *name, *why));
        return;
      }
      auto b = catalogue_.find(*name);
      if (!b) {
        std::string known;
        for (const auto& x : catalogue_.boards)
          known += fmt::format("{}\"{}\"", known.empty() ? "" : ", ", x->name);
        xml_.error(rec::unknown_id, xml_.value_loc(node, "name"),
                   fmt::format("unknown board \"{}\" (known: {}; others can be given with "
                               "--boards FILE or file=\"…\")",
                               *name, known));
        return;
      }
      set_board(b);
    } else if (file) {
      xml_.no_text(node);
      load_board_file(node, *file);
    } else {
      xml_.for_each_child(node, [](pugi::xml_node) {});  // reports stray text
      if (children.size() != 1 || std::string_view(children[0].name()) != "great-wall-board") {
        for (auto c : children)
          if (std::string_view(c.name()) != "great-wall-board") {
            xml_.unknown_element(c, node);
            return;
          }
        xml_.error(rec::duplicate, xml_.loc(children[1]),
                   "<board> defines one board inline, not several");
        return;
      }
      bool valid = false;
      auto b = ct::read_board(xml_, children[0], valid);
      if (b) {
        b->origin = "inline";
        set_board(b);
      }
    }
  }

  void set_board(std::shared_ptr<const Board> b) {
    board_ = b;
    rec_.board = std::move(b);
  }

  void load_board_file(pugi::xml_node node, std::string_view path) {
    SourceLoc at = xml_.value_loc(node, "file");
    auto text = read_included(xml_, loader_, at, "board file", path);
    if (!text) return;
    Diagnostics local;
    auto boards = read_board_file(*text, local);
    // Syntax faults first (REC-013), then the board's validity (CT-209).
    const Diagnostic* syntax = nullptr;
    const Diagnostic* validity = nullptr;
    for (const auto& d : local.items()) {
      if (d.rule == kBoardRule) {
        if (!validity) validity = &d;
      } else if (!syntax) {
        syntax = &d;
      }
    }
    if (syntax) {
      report_included(xml_, at, "board file", path, *syntax, local.items().size());
      return;
    }
    if (boards.size() != 1) {
      xml_.error(rec::included_file, at,
                 fmt::format("board file \"{}\" holds {} boards; <board file> takes a file with "
                             "exactly one",
                             path, boards.size()));
      return;
    }
    boards.front().board->origin = std::string(path);
    set_board(boards.front().board);
    if (validity)
      xml_.error(kBoardRule, at,
                 included_problem("board file", path, *validity, local.items().size(), false));
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
      bool dummy = true;
      auto c = colour(child, "colour", &dummy);
      if (!c) return;
      rec_.players.push_back(
          {*c, std::string(xml_.optional(child, "name").value_or("")), xml_.loc(child)});
      playing_[static_cast<std::size_t>(*c)] = true;
    });
    players_known_ = true;
  }

  void read_setup(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    rec_.setup_loc = xml_.loc(node);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      SetupItem item;
      item.loc = xml_.loc(child);
      if (tag == "annotation") return;
      if (tag == "fort") {
        leaf(child, {"colour", "wall"});
        item.kind = SetupItem::Kind::fort;
        auto c = colour(child, "colour");
        item.colour_loc = xml_.value_loc(child, "colour");
        auto w = xml_.required(child, "wall");
        item.wall_loc = xml_.value_loc(child, "wall");
        if (!c || !w || !board_) return;
        item.colour = *c;
        item.wall = board_->find_wall(*w);
        if (item.wall < 0) {
          xml_.error(rec::unknown_id, item.wall_loc,
                     fmt::format("\"{}\" is not a wall section of board \"{}\"", *w, board_->name));
          return;
        }
      } else if (tag == "settlement") {
        xml_.only_attributes(child, {"colour", "vertex", "road"});
        item.kind = SetupItem::Kind::settlement;
        auto c = colour(child, "colour");
        item.colour_loc = xml_.value_loc(child, "colour");
        auto v = place(child, "vertex", true);
        auto r = place(child, "road", false);
        item.huns = huns(child);
        if (!c || !v || !r) return;
        item.colour = *c;
        item.vertex = *v;
        item.road = *r;
      } else if (tag == "gain") {
        leaf(child, {"colour", "cards"});
        item.kind = SetupItem::Kind::gain;
        auto c = colour(child, "colour");
        item.colour_loc = xml_.value_loc(child, "colour");
        auto cs = cards(child, "cards");
        if (!c || !cs) return;
        item.colour = *c;
        item.cards = *cs;
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
    rec_.elements.reserve(*turns);
    int turn_count = 0;
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag != "turn" && tag != "special") {
        xml_.unknown_element(child, node);
        return;
      }
      TurnElem t;
      t.special = tag == "special";
      t.loc = xml_.loc(child);
      if (t.special) {
        xml_.only_attributes(child, {"colour"});
      } else {
        xml_.only_attributes(child, {"colour", "n"});
        ++turn_count;
        if (auto n = xml_.integer(child, "n", false, -1'000'000'000, 1'000'000'000);
            n && *n != turn_count)
          xml_.error(rec::turn_number, xml_.value_loc(child, "n"),
                     fmt::format("turn number n=\"{}\" should be {} (turns count 1, 2, 3 …)", *n,
                                 turn_count));
      }
      t.turn = turn_count;
      t.colour_loc = xml_.value_loc(child, "colour");
      auto c = colour(child, "colour");
      if (c) t.colour = *c;
      t.steps.reserve(element_children(child, kReserveSteps));
      xml_.for_each_child(child, [&](pugi::xml_node s) { read_step(s, child, t); });
      rec_.elements.push_back(std::move(t));
    });
  }

  void read_step(pugi::xml_node node, pugi::xml_node parent, TurnElem& turn) {
    std::string_view tag = node.name();
    Step step;
    step.loc = xml_.loc(node);
    failed_ = false;
    if (tag == "annotation") return;
    if (tag == "roll") {
      xml_.only_attributes(node, {"d1", "d2"});
      step.kind = StepKind::roll;
      auto d1 = xml_.integer(node, "d1", true, 1, 6);
      auto d2 = xml_.integer(node, "d2", true, 1, 6);
      step.echoes.reserve(element_children(node, kReserveSteps));
      xml_.for_each_child(node, [&](pugi::xml_node e) { read_echo(e, node, step); });
      if (!d1 || !d2) return;
      step.d1 = static_cast<int>(*d1);
      step.d2 = static_cast<int>(*d2);
    } else if (tag == "discard") {
      leaf(node, {"colour", "cards"});
      step.kind = StepKind::discard;
      auto c = colour(node, "colour");
      auto cs = cards(node, "cards", true, " (the cards discarded are always named, CT-1005)");
      if (!c || !cs) return;
      step.colour = *c;
      step.cards = *cs;
    } else if (tag == "pirate") {
      leaf(node, {"to"});
      step.kind = StepKind::pirate;
      step.hex_loc = xml_.value_loc(node, "to");
      auto h = hex(node, "to");
      if (!h) return;
      step.hex = *h;
    } else if (tag == "steal") {
      leaf(node, {"from", "card"});
      step.kind = StepKind::steal;
      auto c = colour(node, "from");
      auto r = resource(node, "card", " (a stolen card is always named, CT-1005)");
      if (!c || !r) return;
      step.colour = *c;
      step.card = *r;
    } else if (tag == "trade") {
      leaf(node, {"with", "give", "get"});
      step.kind = StepKind::trade;
      auto c = colour(node, "with");
      auto g = cards(node, "give", true, " (traded cards are always named, CT-1005)");
      auto t = cards(node, "get", true, " (traded cards are always named, CT-1005)");
      if (!c || !g || !t) return;
      step.colour = *c;
      step.cards = *g;
      step.get = *t;
    } else if (tag == "bank") {
      leaf(node, {"give", "get"});
      step.kind = StepKind::bank;
      auto g = cards(node, "give");
      auto t = cards(node, "get");
      if (!g || !t) return;
      step.cards = *g;
      step.get = *t;
    } else if (tag == "road") {
      leaf(node, {"edge"});
      step.kind = StepKind::road;
      auto p = place(node, "edge", false);
      if (!p) return;
      step.place = *p;
    } else if (tag == "settlement" || tag == "city") {
      xml_.only_attributes(node, {"vertex"});
      step.kind = tag == "city" ? StepKind::city : StepKind::settlement;
      auto p = place(node, "vertex", true);
      step.huns = huns(node);
      if (!p) return;
      step.place = *p;
    } else if (tag == "wall-piece") {
      leaf(node, {"level"});
      step.kind = StepKind::wall_piece;
      auto l = xml_.integer(node, "level", true, 1, 5);
      if (!l) return;
      step.level = static_cast<int>(*l);
    } else if (tag == "buy-card") {
      leaf(node, {"card"});
      step.kind = StepKind::buy_card;
      step.dev = dev_card(node, "card", false);
      if (failed_) return;
    } else if (tag == "play-card") {
      step.kind = StepKind::play_card;
      if (!read_play_card(node, step)) return;
    } else if (tag == "reveal") {
      leaf(node, {"card"});
      step.kind = StepKind::reveal;
      step.dev = dev_card(node, "card", true);
      if (!step.dev) return;
    } else if (tag == "claim") {
      leaf(node, {"colour", "vp"});
      step.kind = StepKind::claim;
      auto c = colour(node, "colour", &step.colour_playing);
      auto vp = xml_.integer(node, "vp", true, -kMaxVp, kMaxVp);
      if (!c || !vp) return;
      step.colour = *c;
      step.vp = static_cast<int>(*vp);
    } else {
      xml_.unknown_element(node, parent);
      return;
    }
    turn.steps.push_back(std::move(step));
  }

  void read_echo(pugi::xml_node node, pugi::xml_node parent, Step& roll) {
    std::string_view tag = node.name();
    Echo e;
    e.loc = xml_.loc(node);
    if (tag == "advance") {
      leaf(node, {"from", "to"});
      e.kind = Echo::Kind::advance;
      auto n = numeral(node, "from");
      auto f = field(node, "to");
      if (!n || !f) return;
      e.from = *n;
      e.field = *f;
    } else if (tag == "breach") {
      xml_.only_attributes(node, {"field"});
      e.kind = Echo::Kind::breach;
      auto f = field(node, "field");
      xml_.for_each_child(node, [&](pugi::xml_node o) {
        if (std::string_view(o.name()) != "occupy") {
          xml_.unknown_element(o, node);
          return;
        }
        leaf(o, {"hex"});
        auto h = hex(o, "hex");
        if (h) e.occupies.emplace_back(*h, xml_.loc(o));
      });
      if (!f) return;
      e.field = *f;
    } else if (tag == "produce") {
      leaf(node, {"colour", "cards"});
      e.kind = Echo::Kind::produce;
      auto c = colour(node, "colour");
      auto cs = cards(node, "cards");
      if (!c || !cs) return;
      e.colour = *c;
      e.cards = *cs;
    } else {
      xml_.unknown_element(node, parent);
      return;
    }
    roll.echoes.push_back(std::move(e));
  }

  bool read_play_card(pugi::xml_node node, Step& step) {
    xml_.only_attributes(node, {"card", "take", "resource"});
    step.dev = dev_card(node, "card", true);
    if (!step.dev) {
      xml_.for_each_child(node, [](pugi::xml_node) {});
      return false;
    }
    DevCard card = *step.dev;
    bool ok = true;
    auto only_with = [&](const char* attr, DevCard with) {
      if (xml_.has(node, attr) && card != with) {
        xml_.error(
            rec::inconsistent, xml_.attribute_loc(node, attr),
            fmt::format("'{}' goes with card=\"{}\", not with a {}", attr, name(with), name(card)));
        ok = false;
      }
    };
    only_with("take", DevCard::year_of_plenty);
    only_with("resource", DevCard::monopoly);
    if (card == DevCard::year_of_plenty) {
      auto t = cards(node, "take", false, "", true);
      if (!t) ok = false;
      if (t) step.take = std::move(*t);
    }
    if (card == DevCard::monopoly) {
      auto r = resource(node, "resource", " (the resource a monopoly names)");
      if (!r) ok = false;
      if (r) step.resource = *r;
    }
    auto misplaced = [&](pugi::xml_node child, std::string_view belongs) {
      xml_.error(
          rec::misplaced, xml_.loc(child),
          fmt::format("<{}> belongs in a {} card, not in a {}", child.name(), belongs, name(card)));
      ok = false;
    };
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      KnightAction a;
      a.loc = xml_.loc(child);
      if (tag == "move-hun" || tag == "chase-hun") {
        if (card != DevCard::knight) return misplaced(child, "knight");
        if (tag == "move-hun") {
          leaf(child, {"from", "to"});
          a.kind = KnightAction::Kind::move_hun;
          auto f = numeral(child, "from");
          auto t = numeral(child, "to");
          if (!f || !t) return void(ok = false);
          a.from = *f;
          a.to = *t;
        } else {
          leaf(child, {"hex", "numeral"});
          a.kind = KnightAction::Kind::chase_hun;
          a.hex_loc = xml_.value_loc(child, "hex");
          auto h = hex(child, "hex");
          auto n = numeral(child, "numeral");
          if (!h || !n) return void(ok = false);
          a.hex = *h;
          a.numeral = *n;
        }
      } else if (tag == "pirate") {
        if (card != DevCard::knight) return misplaced(child, "knight");
        leaf(child, {"to"});
        a.kind = KnightAction::Kind::pirate;
        a.hex_loc = xml_.value_loc(child, "to");
        auto h = hex(child, "to");
        if (!h) return void(ok = false);
        a.hex = *h;
      } else if (tag == "steal") {
        if (card != DevCard::knight) return misplaced(child, "knight");
        leaf(child, {"from", "card"});
        a.kind = KnightAction::Kind::steal;
        auto c = colour(child, "from");
        auto r = resource(child, "card", " (a stolen card is always named, CT-1005)");
        if (!c || !r) return void(ok = false);
        a.colour = *c;
        a.card = *r;
      } else if (tag == "road") {
        if (card != DevCard::road_building) return misplaced(child, "road-building");
        leaf(child, {"edge"});
        auto p = place(child, "edge", false);
        if (!p) return void(ok = false);
        step.roads.push_back(*p);
        return;
      } else if (tag == "give") {
        if (card != DevCard::monopoly) return misplaced(child, "monopoly");
        leaf(child, {"colour", "count"});
        auto c = colour(child, "colour");
        auto n = xml_.integer(child, "count", true, 1, 1000);
        if (!c || !n) return void(ok = false);
        step.gives.push_back({*c, static_cast<int>(*n), xml_.loc(child)});
        return;
      } else {
        xml_.unknown_element(child, node);
        ok = false;
        return;
      }
      step.actions.push_back(a);
    });
    return ok;
  }

  void read_end(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    rec_.end_present = true;
    rec_.end_loc = xml_.loc(node);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      EndItem item;
      item.loc = xml_.loc(child);
      if (tag == "annotation") return;
      if (tag == "reveal") {
        leaf(child, {"colour", "card"});
        item.kind = EndItem::Kind::reveal;
        auto c = colour(child, "colour");
        auto d = dev_card(child, "card", true);
        if (!c || !d) return;
        item.colour = *c;
        item.card = *d;
      } else if (tag == "final") {
        leaf(child, {"colour", "vp"});
        item.kind = EndItem::Kind::final_vp;
        auto c = colour(child, "colour", &item.colour_playing);
        auto vp = xml_.integer(child, "vp", true, -kMaxVp, kMaxVp);
        if (!c || !vp) return;
        item.colour = *c;
        item.vp = static_cast<int>(*vp);
      } else if (tag == "outcome") {
        leaf(child, {"result", "colour"});
        item.kind = EndItem::Kind::outcome;
        auto result = xml_.required(child, "result");
        if (!result) return;
        if (*result != "win" && *result != "huns") {
          xml_.error(
              rec::bad_value, xml_.value_loc(child, "result"),
              fmt::format("an outcome is result=\"win\" or result=\"huns\", not \"{}\"", *result));
          return;
        }
        item.huns = *result == "huns";
        bool has = xml_.has(child, "colour");
        if (item.huns && has) {
          xml_.error(rec::inconsistent, xml_.attribute_loc(child, "colour"),
                     "result=\"huns\" names no colour: everybody loses");
          return;
        }
        if (!item.huns && !has) {
          xml_.error(rec::missing, item.loc, "result=\"win\" needs colour=\"…\" (the winner)");
          return;
        }
        if (has) {
          auto c = colour(child, "colour", &item.colour_playing);
          if (!c) return;
          item.colour = *c;
          item.has_colour = true;
        }
      } else {
        xml_.unknown_element(child, node);
        return;
      }
      rec_.end.push_back(item);
    });
  }

  const XmlDocument& doc_;
  const BoardCatalogue& catalogue_;
  const FileLoader& loader_;
  Diagnostics& out_;
  XmlChecker xml_;
  Record rec_;
  std::shared_ptr<const Board> board_;
  std::array<bool, kColours> playing_{};
  bool players_known_ = false;
  bool failed_ = false;
  std::size_t max_turns_;
};

}  // namespace

std::optional<Record> read_record(const XmlDocument& doc, const BoardCatalogue& catalogue,
                                  const FileLoader& loader, Diagnostics& out,
                                  std::size_t max_turns) {
  return Reader(doc, catalogue, loader, out, max_turns).run();
}

}  // namespace wallaudit::ct
