#include "dschingis_bohn/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>

#include "core/included.hpp"
#include "core/sections.hpp"

namespace wallaudit::db {

namespace {

constexpr long long kMaxCount = 10000;
constexpr long long kMaxFigure = 1'000'000;

bool all_digits(std::string_view t) {
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

class Reader {
 public:
  Reader(const XmlDocument& doc, const MapCatalogue& catalogue, const FileLoader& loader,
         const std::vector<std::pair<std::string, std::string>>& overrides, Diagnostics& out,
         std::size_t max_turns)
      : doc_(doc),
        catalogue_(catalogue),
        loader_(loader),
        overrides_(overrides),
        out_(out),
        xml_(doc, out),
        max_turns_(max_turns) {}

  std::optional<Record> run() {
    pugi::xml_node root = doc_.root();
    rec_.root_loc = xml_.loc(root);
    rec_.map_loc = rec_.root_loc;
    check_record_root(xml_, root);
    static constexpr std::array<std::string_view, 7> order{"meta",  "rules", "map", "players",
                                                           "setup", "play",  "end"};
    auto seen = read_sections(xml_, root, order, [&](std::size_t index, pugi::xml_node node) {
      if (index >= 2 && !options_done_) finish_options();
      if (index >= 3 && !map_done_) use_default_map();
      switch (index) {
        case 0:
          read_meta(node);
          break;
        case 1:
          read_rules(node);
          break;
        case 2:
          read_map_section(node);
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
        case 6:
          read_end(node);
          break;
      }
    });
    if (!options_done_) finish_options();
    if (!map_done_) use_default_map();
    require_sections(xml_, rec_.root_loc, order, seen, {3, 4, 5});
    if (out_.has(FindingKind::format)) return std::nullopt;
    return std::move(rec_);
  }

 private:
  // ---- helpers -------------------------------------------------------------------------

  void finish_options() {
    options_done_ = true;
    for (const auto& o : rec_.options)
      set_option(rec_.effective, o.name, o.value);
    for (const auto& [n, v] : overrides_)
      set_option(rec_.effective, n, v);
  }

  void use_default_map() {
    map_done_ = true;
    map_ = catalogue_.default_map;
    rec_.map = map_;
  }

  void leaf(pugi::xml_node node, std::initializer_list<std::string_view> attrs) {
    xml_.only_attributes(node, attrs);
    xml_.no_text(node);
  }

  // A whole number written in digits (no sign), in [lo, hi].
  std::optional<long long> digits(pugi::xml_node node, const char* attr, bool required,
                                  long long lo, long long hi) {
    auto text = required ? xml_.required(node, attr) : xml_.optional(node, attr);
    if (!text) return std::nullopt;
    if (!all_digits(*text)) {
      xml_.error(
          rec::bad_value, xml_.value_loc(node, attr),
          fmt::format("'{}' of <{}> is written in digits, not \"{}\"", attr, node.name(), *text));
      return std::nullopt;
    }
    auto v = parse_integer(*text);
    if (!v || *v < lo || *v > hi) {
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("'{}' of <{}> must lie between {} and {}, not {}", attr, node.name(),
                             lo, hi, *text));
      return std::nullopt;
    }
    return v;
  }

  std::optional<Colour> colour(pugi::xml_node node, const char* attr, bool required = true) {
    auto text = required ? xml_.required(node, attr) : xml_.optional(node, attr);
    if (!text) return std::nullopt;
    auto c = parse_colour(*text);
    if (!c)
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a colour (red, yellow, green, blue, black, white, "
                             "orange, purple)",
                             *text));
    return c;
  }

  std::optional<Bean> bean_word(pugi::xml_node node, const char* attr, std::string_view word) {
    auto b = parse_bean(word);
    if (!b) {
      xml_.error(
          rec::bad_value, xml_.value_loc(node, attr),
          fmt::format("\"{}\" is not a bean (blue, chili, stink, green, soy, black-eyed, "
                      "red, garden{})",
                      word,
                      rec_.effective.beans == BeansOption::eleven ? ", coffee, wax, cocoa" : ""));
      return std::nullopt;
    }
    if (!bean_exists(*b, rec_.effective)) {
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a bean of this game: coffee, wax and cocoa exist only "
                             "with the option beans=eleven",
                             word));
      return std::nullopt;
    }
    return b;
  }

  std::optional<Bean> bean(pugi::xml_node node, const char* attr, bool required = true) {
    auto text = required ? xml_.required(node, attr) : xml_.optional(node, attr);
    if (!text) return std::nullopt;
    return bean_word(node, attr, *text);
  }

  // A space-separated bean list; nullopt after an error.
  std::optional<std::vector<Bean>> beans(pugi::xml_node node, const char* attr, bool required) {
    auto text = required ? xml_.required(node, attr) : xml_.optional(node, attr);
    if (!text) return std::nullopt;
    std::vector<Bean> out;
    bool ok = true;
    for_each_word(*text, [&](std::string_view w) {
      if (!ok) return;
      auto b = bean_word(node, attr, w);
      if (!b) {
        ok = false;
        return;
      }
      out.push_back(*b);
    });
    if (!ok) return std::nullopt;
    return out;
  }

  std::optional<SpaceId> space(pugi::xml_node node, const char* attr) {
    auto text = xml_.required(node, attr);
    if (!text || !map_) return std::nullopt;
    auto s = map_->find(*text);
    if (!s)
      xml_.error(rec::unknown_id, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a space of map \"{}\" (e.g. \"{}\")", *text, map_->name,
                             map_->spaces.front().id));
    return s;
  }

  std::optional<Card> card(pugi::xml_node node, const char* attr) {
    auto text = xml_.required(node, attr);
    if (!text) return std::nullopt;
    auto c = parse_card(*text);
    if (!c)
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a territory card (camp, village, city, rice-field, "
                             "forest, steppe-1, steppe-2, steppe-3, river, diamond-field)",
                             *text));
    return c;
  }

  std::optional<int> field(pugi::xml_node node) {
    auto text = xml_.required(node, "field");
    if (!text) return std::nullopt;
    if (*text == "1" || *text == "2") return *text == "1" ? 1 : 2;
    if (*text == "3" && rec_.effective.third_field == ThirdField::buyable) return 3;
    xml_.error(rec::bad_value, xml_.value_loc(node, "field"),
               *text == "3" ? std::string("field 3 exists only with the option "
                                          "third-field=buyable")
                            : fmt::format("a bean field is 1 or 2{}, not \"{}\"",
                                          rec_.effective.third_field == ThirdField::buyable
                                              ? " (or 3, once bought)"
                                              : "",
                                          *text));
    return std::nullopt;
  }

  // `count` and/or `beans` of <turn-up>, <draw>, <load>, <take>.
  std::optional<CardList> card_list(pugi::xml_node node, bool count_allowed) {
    CardList list;
    bool has_count = xml_.has(node, "count");
    bool has_beans = xml_.has(node, "beans");
    if (!has_beans && (!count_allowed || !has_count)) {
      xml_.error(rec::missing, xml_.loc(node),
                 count_allowed ? fmt::format("<{}> needs 'count' or 'beans'", node.name())
                               : fmt::format("<{}> needs the attribute 'beans'", node.name()));
      return std::nullopt;
    }
    std::optional<long long> count;
    if (has_count) {
      count = digits(node, "count", true, 1, kMaxCount);
      if (!count) return std::nullopt;
    }
    if (has_beans) {
      auto b = beans(node, "beans", true);
      if (!b) return std::nullopt;
      if (b->empty()) {
        xml_.error(rec::bad_value, xml_.value_loc(node, "beans"),
                   fmt::format("the bean list of <{}> is empty", node.name()));
        return std::nullopt;
      }
      if (count && *count != static_cast<long long>(b->size())) {
        xml_.error(rec::inconsistent, xml_.value_loc(node, "count"),
                   fmt::format("count=\"{}\" but beans=\"…\" names {} card{}", *count, b->size(),
                               b->size() == 1 ? "" : "s"));
        return std::nullopt;
      }
      list.beans = std::move(*b);
      list.named = true;
      list.count = static_cast<int>(list.beans.size());
    } else {
      list.count = static_cast<int>(*count);
    }
    return list;
  }

  std::optional<std::vector<Bean>> payment(pugi::xml_node node, std::size_t wanted) {
    if (!xml_.has(node, "pay")) return std::vector<Bean>{};
    auto b = beans(node, "pay", true);
    if (!b) return std::nullopt;
    if (b->size() != wanted) {
      xml_.error(rec::bad_value, xml_.value_loc(node, "pay"),
                 fmt::format("pay=\"…\" on <{}> names {} thaler{}, not {}", node.name(), wanted,
                             wanted == 1 ? "" : "s", b->size()));
      return std::nullopt;
    }
    return b;
  }

  // ---- sections ------------------------------------------------------------------------

  void read_meta(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    for (pugi::xml_node child : node.children())
      if (child.type() == pugi::node_element)
        rec_.meta.emplace_back(child.name(), child.child_value());
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

  void read_map_section(pugi::xml_node node) {
    map_done_ = true;
    map_ = nullptr;
    rec_.map_loc = xml_.loc(node);
    auto name = xml_.optional(node, "name");
    auto file = xml_.optional(node, "file");
    bool children = false;
    for (pugi::xml_node c = node.first_child(); c; c = c.next_sibling())
      if (c.type() == pugi::node_element) children = true;
    if (!name && !file && !children) {
      xml_.only_attributes(node, {"name", "file"});
      xml_.error(rec::missing, xml_.loc(node),
                 "<map> is empty: give name=\"…\" (a known map), file=\"…\" or a definition");
      return;
    }
    if (file && (name || children)) {
      xml_.only_attributes(node, {"name", "file"});
      xml_.error(rec::inconsistent, xml_.loc(node),
                 "<map file=\"…\"/> stands alone: no name and no definition with it");
      return;
    }
    if (file) {
      leaf(node, {"file"});
      map_ = load_map_file(node, *file);
    } else if (!children) {
      leaf(node, {"name"});
      map_ = catalogue_.find(*name);
      if (!map_) {
        std::string known;
        for (const auto& m : catalogue_.maps)
          known += fmt::format("{}\"{}\"", known.empty() ? "" : ", ", m->name);
        xml_.error(rec::unknown_id, xml_.value_loc(node, "name"),
                   fmt::format("unknown map \"{}\" (known: {}; others can be given with "
                               "--boards FILE, <map file=\"…\"/> or inline)",
                               *name, known));
      }
    } else {
      auto map = read_map(xml_, node);
      if (map) {
        map->origin = "inline";
        map_ = map;
      }
    }
    rec_.map = map_;
  }

  std::shared_ptr<const MapDef> load_map_file(pugi::xml_node node, std::string_view path) {
    SourceLoc at = xml_.value_loc(node, "file");
    auto text = read_included(xml_, loader_, at, "map file", path);
    if (!text) return nullptr;
    Diagnostics local;
    auto doc = XmlDocument::parse(std::move(*text), local);
    std::shared_ptr<MapDef> map;
    if (doc) {
      if (std::string_view(doc->root().name()) != "map") {
        local.add(FindingKind::format, std::string(rec::wrong_document), doc->loc(doc->root()),
                  fmt::format("the root element is <{}>, not <map>", doc->root().name()));
      } else {
        XmlChecker file_xml(*doc, local);
        map = read_map(file_xml, doc->root());
      }
    }
    if (!local.empty() || !map) {
      if (local.empty()) {
        xml_.error(rec::included_file, at, fmt::format("map file \"{}\" is broken", path));
        return nullptr;
      }
      report_included(xml_, at, "map file", path, local.items().front(), local.items().size());
      return nullptr;
    }
    map->origin = std::string(path);
    return map;
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
      rec_.players.push_back(
          {*c, std::string(xml_.optional(child, "name").value_or("")), xml_.loc(child)});
    });
  }

  void read_setup(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    rec_.setup_loc = xml_.loc(node);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "territory") {
        leaf(child, {"space", "card"});
        auto s = space(child, "space");
        auto c = card(child, "card");
        if (s && c) rec_.territories.push_back({*s, *c, xml_.loc(child)});
      } else if (tag == "camp") {
        leaf(child, {"colour", "space"});
        auto c = colour(child, "colour");
        auto s = space(child, "space");
        if (s && c) rec_.camps.push_back({*c, *s, xml_.loc(child)});
      } else if (tag == "hand") {
        leaf(child, {"colour", "beans"});
        auto c = colour(child, "colour");
        auto b = beans(child, "beans", true);
        if (c && b) rec_.hands.push_back({*c, std::move(*b), xml_.loc(child)});
      } else if (tag == "deck") {
        leaf(child, {"order"});
        auto b = beans(child, "order", true);
        if (b) rec_.decks.push_back({std::move(*b), xml_.loc(child)});
      } else {
        xml_.unknown_element(child, node);
      }
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
    xml_.only_attributes(node, {"colour", "n"});
    auto c = colour(node, "colour");
    turn.colour = c.value_or(Colour::red);
    turn.colour_loc = xml_.value_loc(node, "colour");
    long long expected = static_cast<long long>(rec_.turns.size()) + 1;
    if (auto n = digits(node, "n", false, 1, 1'000'000'000); n && *n != expected)
      xml_.error(
          rec::turn_number, xml_.value_loc(node, "n"),
          fmt::format("turn number n=\"{}\" should be {} (turns count 1, 2, 3 …)", *n, expected));
    // Room for the elements of an ordinary turn at once (a hostile one grows as it must): a
    // <battle> or a <buy-cart> adds its inner elements and an end element.
    std::size_t elements = 0;
    for (pugi::xml_node child = node.first_child(); child && elements < 64;
         child = child.next_sibling()) {
      ++elements;
      if (!child.first_child()) continue;
      ++elements;
      for (pugi::xml_node inner = child.first_child(); inner; inner = inner.next_sibling()) {
        ++elements;
        for (pugi::xml_node leaf = inner.first_child(); leaf; leaf = leaf.next_sibling())
          ++elements;
      }
    }
    turn.elems.reserve(elements);
    xml_.for_each_child(node, [&](pugi::xml_node child) { read_elem(child, node, turn); });
    rec_.turns.push_back(std::move(turn));
  }

  // An element placed at the end of a turn's list as soon as it is begun and filled in there,
  // taken back unless kept: a read element is never copied or moved. Nothing else is added to
  // the list while it is being filled.
  class Placed {
   public:
    Placed(std::vector<Elem>& elems, Elem::Kind kind, SourceLoc loc)
        : elems_(elems), e(elems.emplace_back()) {
      e.kind = kind;
      e.loc = loc;
    }
    Placed(const Placed&) = delete;
    Placed& operator=(const Placed&) = delete;
    ~Placed() {
      assert(&elems_.back() == &e);
      if (!kept_) elems_.pop_back();
    }
    void keep() { kept_ = true; }

   private:
    std::vector<Elem>& elems_;
    bool kept_ = false;

   public:
    Elem& e;
  };
  Placed place(Turn& turn, pugi::xml_node node, Elem::Kind kind) {
    return Placed(turn.elems, kind, xml_.loc(node));
  }

  Elem start(pugi::xml_node node, Elem::Kind kind) {
    Elem e;
    e.kind = kind;
    e.loc = xml_.loc(node);
    return e;
  }

  // The optional colour="…" of <plant>, <harvest>, <buy-cart>, <buy-field>.
  bool optional_colour(pugi::xml_node node, Elem& e) {
    if (!xml_.has(node, "colour")) return true;
    auto c = colour(node, "colour", true);
    if (!c) return false;
    e.colour = c;
    e.colour_loc = xml_.value_loc(node, "colour");
    return true;
  }

  void read_elem(pugi::xml_node node, pugi::xml_node parent, Turn& turn) {
    std::string_view tag = node.name();
    if (tag == "annotation") return;  // written by `wallaudit annotate`; not part of the game
    if (tag == "diamond") {
      leaf(node, {"bean"});
      Placed placed = place(turn, node, Elem::Kind::diamond);
      Elem& e = placed.e;
      auto b = bean(node, "bean");
      if (!b) return;
      e.bean = *b;
      placed.keep();
    } else if (tag == "plant") {
      leaf(node, {"bean", "field", "colour"});
      Placed placed = place(turn, node, Elem::Kind::plant);
      Elem& e = placed.e;
      auto b = bean(node, "bean");
      auto f = field(node);
      bool c = optional_colour(node, e);
      if (!b || !f || !c) return;
      e.bean = *b;
      e.field = *f;
      e.field_loc = xml_.value_loc(node, "field");
      placed.keep();
    } else if (tag == "turn-up") {
      leaf(node, {"beans"});
      Placed placed = place(turn, node, Elem::Kind::turn_up);
      Elem& e = placed.e;
      auto list = card_list(node, false);
      if (!list) return;
      e.cards = std::move(*list);
      placed.keep();
    } else if (tag == "draw" || tag == "take") {
      leaf(node, {"count", "beans"});
      Placed placed = place(turn, node, tag == "draw" ? Elem::Kind::draw : Elem::Kind::take);
      Elem& e = placed.e;
      auto list = card_list(node, true);
      if (!list) return;
      e.cards = std::move(*list);
      placed.keep();
    } else if (tag == "load") {
      read_load(node, turn, false);
    } else if (tag == "trade") {
      read_trade(node, turn);
    } else if (tag == "donate") {
      read_donate(node, turn);
    } else if (tag == "harvest") {
      leaf(node, {"field", "colour", "coins", "bean", "cards"});
      Placed placed = place(turn, node, Elem::Kind::harvest);
      Elem& e = placed.e;
      auto f = field(node);
      bool c = optional_colour(node, e);
      auto coins = digits(node, "coins", false, 0, kMaxFigure);
      auto cards = digits(node, "cards", false, 0, kMaxFigure);
      bool bad = (xml_.has(node, "coins") && !coins) || (xml_.has(node, "cards") && !cards);
      std::optional<Bean> b;
      if (xml_.has(node, "bean")) {
        b = bean(node, "bean");
        if (!b) bad = true;
      }
      if (!f || !c || bad) return;
      e.field = *f;
      e.field_loc = xml_.value_loc(node, "field");
      if (coins) e.coins = static_cast<int>(*coins);
      if (cards) e.claimed_cards = static_cast<int>(*cards);
      e.claimed_bean = b;
      placed.keep();
    } else if (tag == "battle") {
      read_battle(node, turn);
    } else if (tag == "buy-cart") {
      read_buy_cart(node, turn);
    } else if (tag == "buy-field") {
      leaf(node, {"colour", "pay"});
      Placed placed = place(turn, node, Elem::Kind::buy_field);
      Elem& e = placed.e;
      bool c = optional_colour(node, e);
      auto pay = payment(node, 3);
      if (!c || !pay) return;
      e.pay = std::move(*pay);
      e.pay_loc = xml_.value_loc(node, "pay");
      placed.keep();
    } else if (tag == "reshuffle") {
      read_reshuffle(node, turn, false, false);
    } else if (tag == "vp") {
      leaf(node, {"colour", "points"});
      Placed placed = place(turn, node, Elem::Kind::vp);
      Elem& e = placed.e;
      auto c = colour(node, "colour");
      auto p = digits(node, "points", true, 0, kMaxFigure);
      if (!c || !p) return;
      e.colour = c;
      e.colour_loc = xml_.value_loc(node, "colour");
      e.points = static_cast<int>(*p);
      placed.keep();
    } else if (tag == "round" || tag == "attack" || tag == "defend") {
      xml_.error(
          rec::misplaced, xml_.loc(node),
          fmt::format("<{}> stands inside a <battle>{}", tag, tag == "round" ? "" : "'s <round>"));
    } else {
      xml_.unknown_element(node, parent);
    }
  }

  void read_load(pugi::xml_node node, Turn& turn, bool in_cart) {
    leaf(node, {"count", "beans"});
    Placed placed = place(turn, node, Elem::Kind::load);
    Elem& e = placed.e;
    e.in_cart = in_cart;
    auto list = card_list(node, true);
    if (!list) return;
    e.cards = std::move(*list);
    placed.keep();
  }

  void read_reshuffle(pugi::xml_node node, Turn& turn, bool in_battle, bool in_cart) {
    leaf(node, {"order"});
    Placed placed = place(turn, node, Elem::Kind::reshuffle);
    Elem& e = placed.e;
    e.in_battle = in_battle;
    e.in_cart = in_cart;
    if (xml_.has(node, "order")) {
      auto b = beans(node, "order", true);
      if (!b) return;
      e.order = std::move(*b);
    }
    placed.keep();
  }

  // A card in a trade or donation: a <give> or a donated <card> (source required), a <get>
  // (no source attribute at all), or a <card> donated from the partner's hand (no source).
  enum class RefKind { with_source, get, from_hand };
  std::optional<CardRef> card_ref(pugi::xml_node node, RefKind kind) {
    CardRef ref;
    ref.loc = xml_.loc(node);
    bool ok = true;
    if (kind == RefKind::get) {
      leaf(node, {"bean", "pos"});
    } else {
      leaf(node, {"source", "bean", "pos"});
    }
    if (kind == RefKind::with_source) {
      auto src = xml_.required(node, "source");
      if (!src) {
        ok = false;
      } else if (*src == "hand") {
        ref.source = CardRef::Source::hand;
      } else if (*src == "turned-up") {
        ref.source = CardRef::Source::turned_up;
      } else {
        xml_.error(rec::bad_value, xml_.value_loc(node, "source"),
                   fmt::format("source is \"turned-up\" or \"hand\", not \"{}\"", *src));
        ok = false;
      }
    } else if (kind == RefKind::from_hand && xml_.has(node, "source")) {
      xml_.error(rec::inconsistent, xml_.attribute_loc(node, "source"),
                 "a card donated from=\"…\" comes from that player's hand: it takes no source");
      ok = false;
    }
    auto b = bean(node, "bean");
    if (!b) ok = false;
    if (xml_.has(node, "pos")) {
      auto p = digits(node, "pos", true, 1, kMaxCount);
      if (!p) {
        ok = false;
      } else if (ok && ref.source == CardRef::Source::turned_up) {
        xml_.error(rec::inconsistent, xml_.attribute_loc(node, "pos"),
                   "pos=\"…\" goes with source=\"hand\": turned-up cards have no position");
        ok = false;
      } else {
        ref.pos = static_cast<int>(*p);
      }
    }
    if (!ok) return std::nullopt;
    ref.bean = *b;
    return ref;
  }

  void read_trade(pugi::xml_node node, Turn& turn) {
    xml_.only_attributes(node, {"partner"});
    Placed placed = place(turn, node, Elem::Kind::trade);
    Elem& e = placed.e;
    auto p = colour(node, "partner");
    bool ok = p.has_value();
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "give") {
        auto ref = card_ref(child, RefKind::with_source);
        if (ref)
          e.give.push_back(*ref);
        else
          ok = false;
      } else if (tag == "get") {
        auto ref = card_ref(child, RefKind::get);
        if (ref)
          e.get.push_back(*ref);
        else
          ok = false;
      } else if (tag == "annotation") {
      } else {
        xml_.unknown_element(child, node);
        ok = false;
      }
    });
    if (!ok) return;
    if (e.give.empty() || e.get.empty()) {
      xml_.error(rec::missing, e.loc,
                 e.give.empty() ? "a <trade> has at least one <give> (else it is a <donate>)"
                                : "a <trade> has at least one <get> (else it is a <donate>)");
      return;
    }
    e.partner = *p;
    e.partner_loc = xml_.value_loc(node, "partner");
    placed.keep();
  }

  void read_donate(pugi::xml_node node, Turn& turn) {
    xml_.only_attributes(node, {"to", "from"});
    Placed placed = place(turn, node, Elem::Kind::donate);
    Elem& e = placed.e;
    bool to = xml_.has(node, "to");
    bool from = xml_.has(node, "from");
    if (to && from) {
      xml_.error(rec::inconsistent, e.loc, "<donate> takes to=\"…\" or from=\"…\", not both");
      return;
    }
    if (!to && !from) {
      xml_.error(rec::missing, e.loc, "<donate> needs to=\"…\" or from=\"…\"");
      return;
    }
    auto p = colour(node, to ? "to" : "from");
    bool ok = p.has_value();
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "card") {
        auto ref = card_ref(child, to ? RefKind::with_source : RefKind::from_hand);
        if (!ref) {
          ok = false;
          return;
        }
        (to ? e.give : e.get).push_back(*ref);
      } else if (tag == "annotation") {
      } else {
        xml_.unknown_element(child, node);
        ok = false;
      }
    });
    if (!ok) return;
    if (e.give.empty() && e.get.empty()) {
      xml_.error(rec::missing, e.loc, "a <donate> gives at least one <card>");
      return;
    }
    e.donate_to = to;
    e.partner = *p;
    e.partner_loc = xml_.value_loc(node, to ? "to" : "from");
    placed.keep();
  }

  void read_battle(pugi::xml_node node, Turn& turn) {
    xml_.only_attributes(node, {"target", "pay", "result"});
    Elem e = start(node, Elem::Kind::battle);
    auto target = space(node, "target");
    auto pay = payment(node, 1);
    bool ok = target.has_value() && pay.has_value();
    if (auto r = xml_.optional(node, "result")) {
      if (*r == "captured" || *r == "repelled") {
        e.claimed_capture = *r == "captured";
      } else {
        xml_.error(rec::bad_value, xml_.value_loc(node, "result"),
                   fmt::format("result is \"captured\" or \"repelled\", not \"{}\"", *r));
        ok = false;
      }
    }
    int rounds = 0;
    Turn inner;
    inner.elems.reserve(8);  // a round's start, attack and defend, twice after a lost cavalry
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "round") {
        ++rounds;
        if (rounds > 2) {
          xml_.error(rec::duplicate, xml_.loc(child),
                     "a battle has one round, or two after a cavalry attack that lost");
          ok = false;
          return;
        }
        if (!read_round(child, inner, rounds - 1)) ok = false;
      } else if (tag == "reshuffle") {
        read_reshuffle(child, inner, true, false);
      } else if (tag == "annotation") {
      } else {
        xml_.unknown_element(child, node);
        ok = false;
      }
    });
    if (ok && rounds == 0) {
      xml_.error(rec::missing, e.loc, "a <battle> holds at least one <round>");
      ok = false;
    }
    if (!ok) return;
    e.target = *target;
    e.target_loc = xml_.value_loc(node, "target");
    e.pay = std::move(*pay);
    e.pay_loc = xml_.value_loc(node, "pay");
    e.rounds = rounds;
    turn.elems.push_back(std::move(e));
    std::size_t begin = turn.elems.size() - 1;
    for (auto& item : inner.elems)
      turn.elems.push_back(std::move(item));
    Elem end;
    end.kind = Elem::Kind::battle_end;
    end.loc = xml_.loc(node);
    turn.elems.push_back(std::move(end));
    turn.elems[begin].end_index = turn.elems.size() - 1;
  }

  bool read_round(pugi::xml_node node, Turn& inner, int index) {
    xml_.only_attributes(node, {});
    const SourceLoc loc = xml_.loc(node);
    {
      Elem& r = inner.elems.emplace_back();
      r.kind = Elem::Kind::round;
      r.loc = loc;
      r.round_index = index;
    }
    int attacks = 0, defends = 0;
    bool ok = true;
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "attack" || tag == "defend") {
        bool attack = tag == "attack";
        if ((attack && (attacks > 0 || defends > 0)) || (!attack && defends > 0)) {
          xml_.error(rec::duplicate, xml_.loc(child),
                     fmt::format("a <round> holds exactly one <attack> followed by one <defend>; "
                                 "this <{}> is one too many",
                                 tag));
          ok = false;
          return;
        }
        if (!attack && attacks == 0) {
          xml_.error(rec::misplaced, xml_.loc(child),
                     "the <defend> of a round follows its <attack>");
          ok = false;
          return;
        }
        (attack ? attacks : defends)++;
        auto e = battle_card(child, attack);
        if (!e) {
          ok = false;
          return;
        }
        inner.elems.push_back(std::move(*e));
      } else if (tag == "reshuffle") {
        read_reshuffle(child, inner, true, false);
      } else if (tag == "annotation") {
      } else {
        xml_.unknown_element(child, node);
        ok = false;
      }
    });
    if (ok && (attacks != 1 || defends != 1)) {
      xml_.error(rec::missing, loc,
                 attacks == 0 ? "a <round> needs an <attack> and then a <defend>"
                              : "a <round> needs a <defend> after its <attack>");
      ok = false;
    }
    return ok;
  }

  std::optional<Elem> battle_card(pugi::xml_node node, bool attack) {
    leaf(node, {"source", "cavalry", "bean", "pos"});
    Elem e = start(node, attack ? Elem::Kind::attack : Elem::Kind::defend);
    auto src = xml_.required(node, "source");
    if (!src) return std::nullopt;
    if (*src == "cavalry" && attack) {
      e.source = BattleSource::cavalry;
    } else if (*src == "hand") {
      e.source = BattleSource::hand;
    } else if (*src == "deck") {
      e.source = BattleSource::deck;
    } else {
      xml_.error(rec::bad_value, xml_.value_loc(node, "source"),
                 attack
                     ? fmt::format("an attack's source is cavalry, hand or deck, not \"{}\"", *src)
                     : fmt::format("a defence's source is hand or deck, not \"{}\"", *src));
      return std::nullopt;
    }
    bool ok = true;
    if (e.source == BattleSource::cavalry) {
      for (const char* a : {"bean", "pos"}) {
        if (xml_.has(node, a)) {
          xml_.error(rec::inconsistent, xml_.attribute_loc(node, a),
                     fmt::format("a cavalry attack names no card: '{}' does not go with "
                                 "source=\"cavalry\"",
                                 a));
          ok = false;
        }
      }
      auto k = xml_.required(node, "cavalry");
      if (!k) return std::nullopt;
      if (*k != "1" && *k != "2" && *k != "3") {
        xml_.error(rec::bad_value, xml_.value_loc(node, "cavalry"),
                   fmt::format("a cavalry is 1, 2 or 3, not \"{}\"", *k));
        return std::nullopt;
      }
      if (!ok) return std::nullopt;
      e.cavalry = (*k)[0] - '0';
      return e;
    }
    if (xml_.has(node, "cavalry")) {
      xml_.error(rec::inconsistent, xml_.attribute_loc(node, "cavalry"),
                 "'cavalry' goes with source=\"cavalry\"");
      ok = false;
    }
    auto b = bean(node, "bean");
    if (!b) ok = false;
    if (xml_.has(node, "pos")) {
      if (e.source != BattleSource::hand) {
        xml_.error(rec::inconsistent, xml_.attribute_loc(node, "pos"),
                   "pos=\"…\" goes with source=\"hand\": a deck card has no position");
        ok = false;
      } else if (auto p = digits(node, "pos", true, 1, kMaxCount)) {
        e.pos = static_cast<int>(*p);
      } else {
        ok = false;
      }
    }
    if (!ok) return std::nullopt;
    e.bean = *b;
    return e;
  }

  void read_buy_cart(pugi::xml_node node, Turn& turn) {
    xml_.only_attributes(node, {"colour", "pay"});
    Elem e = start(node, Elem::Kind::buy_cart);
    bool ok = optional_colour(node, e);
    auto pay = payment(node, 3);
    if (!pay) ok = false;
    Turn inner;
    inner.elems.reserve(4);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "load") {
        e.has_children = true;
        std::size_t before = inner.elems.size();
        read_load(child, inner, true);
        if (inner.elems.size() == before) ok = false;
      } else if (tag == "reshuffle") {
        read_reshuffle(child, inner, false, true);
      } else if (tag == "annotation") {
      } else {
        xml_.unknown_element(child, node);
        ok = false;
      }
    });
    if (!ok) return;
    e.pay = std::move(*pay);
    e.pay_loc = xml_.value_loc(node, "pay");
    turn.elems.push_back(std::move(e));
    std::size_t begin = turn.elems.size() - 1;
    for (auto& item : inner.elems)
      turn.elems.push_back(std::move(item));
    Elem end;
    end.kind = Elem::Kind::buy_cart_end;
    end.loc = xml_.loc(node);
    end.colour = turn.elems[begin].colour;
    turn.elems.push_back(std::move(end));
    turn.elems[begin].end_index = turn.elems.size() - 1;
  }

  void read_end(pugi::xml_node node) {
    xml_.only_attributes(node, {"reason"});
    rec_.end.present = true;
    rec_.end.loc = xml_.loc(node);
    if (auto r = xml_.optional(node, "reason")) {
      if (*r == "deck" || *r == "last-territory") {
        rec_.end.reason = std::string(*r);
        rec_.end.reason_loc = xml_.value_loc(node, "reason");
      } else {
        xml_.error(rec::bad_value, xml_.value_loc(node, "reason"),
                   fmt::format("the reason of the end is \"deck\" or \"last-territory\", not "
                               "\"{}\"",
                               *r));
      }
    }
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "annotation") return;
      if (tag != "final") {
        xml_.unknown_element(child, node);
        return;
      }
      leaf(child, {"colour", "vp"});
      auto c = colour(child, "colour");
      auto vp = digits(child, "vp", true, 0, kMaxFigure);
      if (c && vp) rec_.end.finals.push_back({*c, static_cast<int>(*vp), xml_.loc(child)});
    });
  }

  const XmlDocument& doc_;
  const MapCatalogue& catalogue_;
  const FileLoader& loader_;
  const std::vector<std::pair<std::string, std::string>>& overrides_;
  Diagnostics& out_;
  XmlChecker xml_;
  Record rec_;
  std::shared_ptr<const MapDef> map_;
  bool map_done_ = false;
  bool options_done_ = false;
  std::size_t max_turns_;
};

}  // namespace

std::optional<Record> read_record(const XmlDocument& doc, const MapCatalogue& catalogue,
                                  const FileLoader& loader,
                                  const std::vector<std::pair<std::string, std::string>>& overrides,
                                  Diagnostics& out, std::size_t max_turns) {
  return Reader(doc, catalogue, loader, overrides, out, max_turns).run();
}

}  // namespace wallaudit::db
