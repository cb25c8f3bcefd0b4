#include "chang_cheng/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>

#include "core/included.hpp"
#include "core/sections.hpp"

namespace wallaudit::cc {

const BoardSet* BoardCatalogue::find(std::string_view name) const {
  auto set = find_shared(name);
  return set.get();
}

std::shared_ptr<const BoardSet> BoardCatalogue::find_shared(std::string_view name) const {
  for (auto it = sets.rbegin(); it != sets.rend(); ++it)
    if ((*it)->name == name) return *it;
  return nullptr;
}

BoardCatalogue make_catalogue(const std::vector<Definition>& definitions, Diagnostics& problems) {
  BoardCatalogue catalogue;
  catalogue.sets.push_back(standard_board_set());
  catalogue.default_set = standard_board_set();
  for (const auto& def : definitions) {
    Diagnostics local;
    auto doc = XmlDocument::parse(def.text, local);
    if (doc && std::string_view(doc->root().name()) != "board-set") continue;  // another game's
    if (doc) {
      XmlChecker xml(*doc, local);
      auto set = read_board_set(xml, doc->root());
      if (set && local.empty()) {
        set->origin = def.name;
        set->build_lookup();
        catalogue.sets.push_back(set);
        catalogue.default_set = set;
        continue;
      }
    }
    for (auto& d : local.items()) {
      d.file = def.name;
      problems.items().push_back(std::move(d));
    }
  }
  return catalogue;
}

namespace {

constexpr long long kMaxPoints = 1'000'000;

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
    static constexpr std::array<std::string_view, 7> order{"meta",  "rules", "boards", "players",
                                                           "setup", "play",  "end"};
    auto seen = read_sections(xml_, root, order, [&](std::size_t index, pugi::xml_node node) {
      if (index >= 3 && !boards_done_) use_default_boards();
      switch (index) {
        case 0:
          read_meta(node);
          break;
        case 1:
          read_rules(node);
          break;
        case 2:
          read_boards(node);
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
    require_sections(xml_, rec_.root_loc, order, seen, {3, 4, 5});
    if (out_.has(FindingKind::format)) return std::nullopt;
    return std::move(rec_);
  }

 private:
  // ---- helpers -------------------------------------------------------------------------

  void use_default_boards() {
    boards_done_ = true;
    set_ = catalogue_.default_set;
    rec_.boards = set_;
  }

  std::optional<Colour> colour(pugi::xml_node node, const char* attr, bool allow_neutral,
                               bool required = true) {
    auto text = required ? xml_.required(node, attr) : xml_.optional(node, attr);
    if (!text) return std::nullopt;
    auto c = parse_colour(*text);
    if (!c || (!allow_neutral && *c == Colour::neutral)) {
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a {}colour (red, green, blue, purple{})", *text,
                             allow_neutral ? "" : "player ", allow_neutral ? ", neutral" : ""));
      return std::nullopt;
    }
    return c;
  }

  std::optional<CardKind> card(pugi::xml_node node, const char* attr, bool required = true) {
    auto text = required ? xml_.required(node, attr) : xml_.optional(node, attr);
    if (!text) return std::nullopt;
    auto c = parse_card(*text);
    if (!c) {
      xml_.error(rec::bad_value, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a card (warrior, traitor, flood, builder, "
                             "master-builder, mandarin)",
                             *text));
    }
    return c;
  }

  template <typename Parse>
  std::optional<int> place(pugi::xml_node node, const char* attr, std::string_view what,
                           std::string_view example, Parse parse, bool required = true) {
    auto text = required ? xml_.required(node, attr) : xml_.optional(node, attr);
    if (!text) return std::nullopt;
    if (!set_) return std::nullopt;  // the board set itself is broken; reported already
    auto id = parse(*text);
    if (!id) {
      xml_.error(rec::unknown_id, xml_.value_loc(node, attr),
                 fmt::format("\"{}\" is not a {} of board set \"{}\" (e.g. \"{}\")", *text, what,
                             set_->name, example));
      return std::nullopt;
    }
    return *id;
  }

  std::optional<int> space(pugi::xml_node node, const char* attr = "space", bool req = true) {
    return place(
        node, attr, "wall space", "1A.W3", [&](std::string_view t) { return set_->parse_space(t); },
        req);
  }
  std::optional<int> province(pugi::xml_node node, const char* attr = "province") {
    return place(node, attr, "province", "1A.P2",
                 [&](std::string_view t) { return set_->parse_province(t); });
  }
  std::optional<int> region(pugi::xml_node node, const char* attr = "region", bool req = true) {
    return place(
        node, attr, "region", "1A.M1", [&](std::string_view t) { return set_->parse_region(t); },
        req);
  }
  std::optional<int> side(pugi::xml_node node, const char* attr) {
    return place(node, attr, "board side", "1A", [&](std::string_view t) -> std::optional<int> {
      int s = set_->find_side(t);
      if (s == kNone) return std::nullopt;
      return s;
    });
  }

  std::optional<int> points(pugi::xml_node node, const char* attr, bool required = true) {
    auto v = xml_.integer(node, attr, required, -kMaxPoints, kMaxPoints);
    if (!v) return std::nullopt;
    return static_cast<int>(*v);
  }

  // An element that has only attributes.
  void leaf(pugi::xml_node node, std::initializer_list<std::string_view> attrs) {
    xml_.only_attributes(node, attrs);
    xml_.no_text(node);
  }

  // ---- sections ------------------------------------------------------------------------

  void read_meta(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    for (pugi::xml_node child : node.children()) {
      if (child.type() == pugi::node_element)
        rec_.meta.emplace_back(child.name(), child.child_value());
    }
  }

  void read_rules(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "option") {
        leaf(child, {"name", "value"});
        read_option(xml_, child, option_specs(), rec_.options);
      } else if (tag == "variant") {
        leaf(child, {"name"});
        auto name = xml_.required(child, "name");
        if (!name) return;
        auto v = parse_variant(*name);
        if (!v) {
          xml_.error(rec::bad_value, xml_.value_loc(child, "name"),
                     fmt::format("unknown variant \"{}\" (neutral-walls, teams)", *name));
          return;
        }
        if (rec_.variant != Variant::none) {
          xml_.error(rec::duplicate, xml_.loc(child),
                     fmt::format("a second variant: only one of neutral-walls and teams is "
                                 "played (first on line {})",
                                 rec_.variant_loc.line));
          return;
        }
        rec_.variant = *v;
        rec_.variant_loc = xml_.loc(child);
      } else if (tag == "event-card") {
        leaf(child, {"name"});
        auto name = xml_.required(child, "name");
        if (!name) return;
        auto e = parse_event(*name);
        if (!e) {
          xml_.error(rec::bad_value, xml_.value_loc(child, "name"),
                     fmt::format("unknown event card \"{}\" (diplomacy, dominance, "
                                 "imperial-reward, observation)",
                                 *name));
          return;
        }
        for (const auto& [other, loc] : rec_.events) {
          if (other == *e) {
            xml_.error(
                rec::duplicate, xml_.loc(child),
                fmt::format("event card {} is declared twice (first on line {})", *name, loc.line));
            return;
          }
        }
        if (rec_.events.size() >= 2) {
          xml_.error(rec::duplicate, xml_.loc(child),
                     "a third event card: at most two are played in a game");
          return;
        }
        rec_.events.emplace_back(*e, xml_.loc(child));
      } else {
        xml_.unknown_element(child, node);
      }
    });
  }

  void read_boards(pugi::xml_node node) {
    boards_done_ = true;
    rec_.boards = nullptr;
    set_ = nullptr;
    xml_.only_attributes(node, {"set", "file"});
    auto set_name = xml_.optional(node, "set");
    auto file = xml_.optional(node, "file");
    bool has_children = false;
    for (pugi::xml_node c = node.first_child(); c; c = c.next_sibling())
      if (c.type() == pugi::node_element) has_children = true;
    int forms = (set_name ? 1 : 0) + (file ? 1 : 0) + (has_children ? 1 : 0);
    if (forms == 0) {
      xml_.error(rec::missing, xml_.loc(node),
                 "<boards> is empty: give set=\"…\", file=\"…\" or the side definitions");
      return;
    }
    if (forms > 1) {
      xml_.error(rec::inconsistent, xml_.loc(node),
                 "<boards> takes one of set=\"…\", file=\"…\" or inline sides, not several");
      return;
    }
    if (set_name) {
      xml_.no_text(node);
      auto set = catalogue_.find_shared(*set_name);
      if (!set) {
        std::string known;
        for (const auto& s : catalogue_.sets)
          known += fmt::format("{}\"{}\"", known.empty() ? "" : ", ", s->name);
        xml_.error(rec::unknown_id, xml_.value_loc(node, "set"),
                   fmt::format("unknown board set \"{}\" (known: {}; others can be given "
                               "with --boards FILE)",
                               *set_name, known));
        return;
      }
      set_ = set;
    } else if (file) {
      xml_.no_text(node);
      set_ = load_board_file(node, *file);
    } else {
      auto set = std::make_shared<BoardSet>();
      set->origin = "inline";
      pugi::xml_node only = node.first_child();
      while (only && only.type() != pugi::node_element)
        only = only.next_sibling();
      std::size_t elements = 0;
      for (pugi::xml_node c : node.children())
        if (c.type() == pugi::node_element) ++elements;
      bool ok;
      if (std::string_view(only.name()) == "board-set") {
        if (elements != 1) {
          xml_.error(rec::inconsistent, xml_.loc(node),
                     "<boards> holds either one <board-set> or <side> elements, not both");
          return;
        }
        xml_.for_each_child(node, [](pugi::xml_node) {});  // reports stray text
        auto read = read_board_set(xml_, only);
        ok = read != nullptr;
        if (ok) set = read, set->origin = "inline";
      } else {
        set->name = "inline";
        ok = read_board_set_children(xml_, node, *set);
      }
      if (ok) set_ = set;
    }
    rec_.boards = set_;
  }

  std::shared_ptr<const BoardSet> load_board_file(pugi::xml_node node, std::string_view path) {
    SourceLoc at = xml_.value_loc(node, "file");
    auto text = read_included(xml_, loader_, at, "board file", path);
    if (!text) return nullptr;
    Diagnostics local;
    auto doc = XmlDocument::parse(std::move(*text), local);
    std::shared_ptr<BoardSet> set;
    if (doc) {
      if (std::string_view(doc->root().name()) != "board-set") {
        local.add(FindingKind::format, std::string(rec::wrong_document), doc->loc(doc->root()),
                  fmt::format("the root element is <{}>, not <board-set>", doc->root().name()));
      } else {
        XmlChecker file_xml(*doc, local);
        set = read_board_set(file_xml, doc->root());
      }
    }
    if (!local.empty()) {
      report_included(xml_, at, "board file", path, local.items().front(), local.items().size());
      return nullptr;
    }
    set->origin = std::string(path);
    return set;
  }

  void read_players(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    rec_.players_loc = xml_.loc(node);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      if (std::string_view(child.name()) != "player") {
        xml_.unknown_element(child, node);
        return;
      }
      leaf(child, {"colour", "colours", "name"});
      PlayerDecl player;
      player.loc = xml_.loc(child);
      player.name = xml_.optional(child, "name").value_or("");
      auto one = xml_.optional(child, "colour");
      auto two = xml_.optional(child, "colours");
      if (one && two) {
        xml_.error(rec::inconsistent, player.loc,
                   "<player> takes colour=\"…\" or colours=\"…\" (teams), not both");
        return;
      }
      if (!one && !two) {
        xml_.error(rec::missing, player.loc, "<player> needs the attribute 'colour'");
        return;
      }
      if (one) {
        auto c = colour(child, "colour", false);
        if (!c) return;
        player.colours.push_back(*c);
      } else {
        bool ok = true;
        for_each_word(*two, [&](std::string_view word) {
          auto c = parse_colour(word);
          if (!c || *c == Colour::neutral) {
            if (ok)
              xml_.error(
                  rec::bad_value, xml_.value_loc(child, "colours"),
                  fmt::format("\"{}\" is not a player colour (red, green, blue, purple)", word));
            ok = false;
            return;
          }
          player.colours.push_back(*c);
        });
        if (!ok) return;
        if (player.colours.empty()) {
          xml_.error(rec::bad_value, xml_.value_loc(child, "colours"),
                     "colours=\"…\" lists no colour");
          return;
        }
      }
      rec_.players.push_back(std::move(player));
    });
  }

  TokenDecl token(pugi::xml_node node, bool is_threat, bool value_required) {
    TokenDecl t;
    t.loc = xml_.loc(node);
    leaf(node, {is_threat ? "region" : "province", "value"});
    auto place = is_threat ? region(node) : province(node);
    t.place = place.value_or(kNone);
    t.value_loc = xml_.value_loc(node, "value");
    auto v = xml_.integer(node, "value", value_required, -1000, 1000);
    if (v) t.value = static_cast<int>(*v);
    return t;
  }

  void read_setup(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    rec_.setup_loc = xml_.loc(node);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "side") {
        leaf(child, {"id"});
        auto s = side(child, "id");
        if (s) rec_.sides.push_back({*s, xml_.loc(child)});
      } else if (tag == "reputation") {
        auto t = token(child, false, true);
        if (t.place != kNone) rec_.reputations.push_back(t);
      } else if (tag == "threat") {
        auto t = token(child, true, false);
        if (t.place != kNone) rec_.threats.push_back(t);
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
      if (std::string_view(child.name()) == "turn") {
        read_turn(child);
      } else if (std::string_view(child.name()) == "threat") {
        xml_.error(rec::misplaced, xml_.loc(child),
                   "<threat> stands inside a <turn> or in <end>, not directly in <play>");
      } else {
        xml_.unknown_element(child, node);
      }
    });
  }

  void read_turn(pugi::xml_node node) {
    Turn turn;
    turn.loc = xml_.loc(node);
    xml_.only_attributes(node, {"colour", "n"});
    auto c = colour(node, "colour", false);
    turn.colour = c.value_or(Colour::red);
    turn.colour_loc = xml_.value_loc(node, "colour");
    int expected = static_cast<int>(rec_.turns.size()) + 1;
    if (auto n = xml_.integer(node, "n", false, -1'000'000'000, 1'000'000'000);
        n && *n != expected) {
      xml_.error(
          rec::turn_number, xml_.value_loc(node, "n"),
          fmt::format("turn number n=\"{}\" should be {} (turns count 1, 2, 3 …)", *n, expected));
    }
    std::size_t children = 0;
    for (pugi::xml_node c = node.first_child(); c; c = c.next_sibling())
      ++children;
    turn.steps.reserve(children);
    xml_.for_each_child(node, [&](pugi::xml_node child) { read_step(child, node, turn); });
    rec_.turns.push_back(std::move(turn));
  }

  void read_step(pugi::xml_node node, pugi::xml_node parent, Turn& turn) {
    std::string_view tag = node.name();
    Step step;
    step.loc = xml_.loc(node);
    if (tag == "wall" || tag == "tower" || tag == "neutral") {
      leaf(node, {"space"});
      step.kind = tag == "wall"    ? StepKind::wall
                  : tag == "tower" ? StepKind::tower
                                   : StepKind::neutral;
      step.target_loc = xml_.value_loc(node, "space");
      auto s = space(node);
      if (!s) return;
      step.space = *s;
    } else if (tag == "card") {
      leaf(node, {"province", "card"});
      step.kind = StepKind::card;
      step.target_loc = xml_.value_loc(node, "province");
      auto p = province(node);
      step.card = card(node, "card", false);
      if (!p) return;
      step.province = *p;
    } else if (tag == "double") {
      leaf(node, {"spaces"});
      step.kind = StepKind::double_wall;
      step.target_loc = xml_.value_loc(node, "spaces");
      auto text = xml_.required(node, "spaces");
      if (!text || !set_) return;
      std::vector<std::string_view> words;
      for_each_word(*text, [&](std::string_view w) { words.push_back(w); });
      if (words.size() != 2) {
        xml_.error(rec::bad_value, step.target_loc,
                   fmt::format("<double> covers exactly two spaces, \"{}\" names {}", *text,
                               words.size()));
        return;
      }
      std::array<int, 2> ids{kNone, kNone};
      for (int i = 0; i < 2; ++i) {
        auto id = set_->parse_space(words[i]);
        if (!id) {
          xml_.error(
              rec::unknown_id, step.target_loc,
              fmt::format("\"{}\" is not a wall space of board set \"{}\"", words[i], set_->name));
          return;
        }
        ids[i] = *id;
      }
      step.space = ids[0];
      step.space2 = ids[1];
    } else if (tag == "pass") {
      leaf(node, {});
      step.kind = StepKind::pass;
    } else if (tag == "peek") {
      leaf(node, {"region"});
      step.kind = StepKind::peek;
      step.target_loc = xml_.value_loc(node, "region");
      auto r = region(node);
      if (!r) return;
      step.region = *r;
    } else if (tag == "threat") {
      step.kind = StepKind::threat;
      auto t = token(node, true, true);
      if (t.place == kNone || !t.value) return;
      step.region = t.place;
      step.value = *t.value;
      step.target_loc = t.value_loc;
    } else if (tag == "score") {
      step.kind = StepKind::score;
      ScoreElem score;
      if (!read_score(node, score)) return;
      step.province = score.province;
      step.index = static_cast<int>(turn.scores.size());
      turn.scores.push_back(std::move(score));
    } else if (tag == "expand") {
      step.kind = StepKind::expand;
      ExpandElem expand;
      if (!read_expand(node, expand)) return;
      step.index = static_cast<int>(turn.expands.size());
      turn.expands.push_back(std::move(expand));
    } else if (tag == "bonus") {
      leaf(node, {"colour", "points"});
      step.kind = StepKind::bonus;
      auto c = colour(node, "colour", true);
      auto p = points(node, "points");
      if (!c || !p) return;
      step.colour = *c;
      step.value = *p;
    } else if (tag == "annotation") {
      return;  // written by `wallaudit annotate`; not part of the game
    } else {
      xml_.unknown_element(node, parent);
      return;
    }
    turn.steps.push_back(step);
  }

  bool read_score(pugi::xml_node node, ScoreElem& score) {
    xml_.only_attributes(node, {"province"});
    score.loc = xml_.loc(node);
    auto p = province(node);
    bool ok = p.has_value();
    score.province = p.value_or(kNone);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      ScoreItem item;
      item.loc = xml_.loc(child);
      if (tag == "reveal") {
        leaf(child, {"colour", "card"});
        item.kind = ScoreItem::Kind::reveal;
        auto c = colour(child, "colour", false);
        item.card = card(child, "card");
        if (!c || !item.card) return void(ok = false);
        item.colour = *c;
      } else if (tag == "resolve") {
        if (!read_resolve(child, item)) return void(ok = false);
      } else if (tag == "award") {
        leaf(child, {"colour", "points"});
        item.kind = ScoreItem::Kind::award;
        auto c = colour(child, "colour", true);
        auto pts = points(child, "points");
        if (!c || !pts) return void(ok = false);
        item.colour = *c;
        item.points = *pts;
      } else if (tag == "threat") {
        xml_.error(rec::misplaced, item.loc,
                   "<threat> stands inside a <turn> or in <end>, not inside <score>");
        return void(ok = false);
      } else {
        xml_.unknown_element(child, node);
        return void(ok = false);
      }
      score.items.push_back(item);
    });
    return ok;
  }

  bool read_resolve(pugi::xml_node node, ScoreItem& item) {
    leaf(node, {"colour", "card", "effect", "space", "with", "region", "cancels", "of"});
    item.kind = ScoreItem::Kind::resolve;
    auto c = colour(node, "colour", false);
    item.card = card(node, "card");
    if (!c || !item.card) return false;
    item.colour = *c;
    auto has = [&](const char* a) { return xml_.has(node, a); };
    auto reject = [&](std::initializer_list<const char*> attrs) {
      bool ok = true;
      for (const char* a : attrs) {
        if (has(a)) {
          xml_.error(rec::inconsistent, xml_.attribute_loc(node, a),
                     fmt::format("'{}' does not apply to a {} resolution", a, name(*item.card)));
          ok = false;
        }
      }
      return ok;
    };
    auto effect = [&](std::initializer_list<Effect> allowed) -> bool {
      auto text = xml_.optional(node, "effect");
      if (!text) return true;
      for (Effect e : allowed) {
        if (name(e) == *text) {
          item.effect = e;
          return true;
        }
      }
      std::string list;
      for (Effect e : allowed)
        list += fmt::format("{}{}", list.empty() ? "" : ", ", name(e));
      xml_.error(rec::bad_value, xml_.value_loc(node, "effect"),
                 fmt::format("a {}'s effect is {}, not \"{}\"", name(*item.card), list, *text));
      return false;
    };
    switch (*item.card) {
      case CardKind::warrior: {
        if (!reject({"effect", "space", "with", "region"})) return false;
        if (has("cancels") != has("of")) {
          xml_.error(rec::inconsistent, item.loc,
                     "a warrior's resolution names both cancels=\"…\" and of=\"…\", or neither");
          return false;
        }
        if (has("cancels")) {
          item.cancels = card(node, "cancels");
          auto of = colour(node, "of", false);
          if (!item.cancels || !of) return false;
          item.of = *of;
          item.target_loc = xml_.value_loc(node, "cancels");
        }
        return true;
      }
      case CardKind::traitor: {
        if (!reject({"with", "cancels", "of"})) return false;
        if (!effect({Effect::destroy, Effect::remove_threat})) return false;
        if (has("space") && item.effect != Effect::destroy) {
          xml_.error(rec::inconsistent, xml_.attribute_loc(node, "space"),
                     "space=\"…\" goes with effect=\"destroy\"");
          return false;
        }
        if (has("region") && item.effect != Effect::remove_threat) {
          xml_.error(rec::inconsistent, xml_.attribute_loc(node, "region"),
                     "region=\"…\" goes with effect=\"remove-threat\"");
          return false;
        }
        if (has("space")) {
          auto s = space(node);
          if (!s) return false;
          item.space = *s;
          item.target_loc = xml_.value_loc(node, "space");
        }
        if (has("region")) {
          auto r = region(node);
          if (!r) return false;
          item.region = *r;
          item.target_loc = xml_.value_loc(node, "region");
        }
        return true;
      }
      case CardKind::flood:
        return reject({"space", "with", "region", "cancels", "of"}) &&
               effect({Effect::plus, Effect::minus});
      case CardKind::builder:
        return reject({"space", "with", "region", "cancels", "of"}) &&
               effect({Effect::value, Effect::wall});
      case CardKind::master_builder:
        return reject({"effect", "space", "with", "region", "cancels", "of"});
      case CardKind::mandarin: {
        if (!reject({"effect", "region", "cancels", "of"})) return false;
        if (has("space") != has("with")) {
          xml_.error(rec::inconsistent, item.loc,
                     "a mandarin's resolution names both space=\"…\" and with=\"…\" (a swap), "
                     "or neither (declined)");
          return false;
        }
        if (has("space")) {
          auto s = space(node);
          auto w = space(node, "with");
          if (!s || !w) return false;
          item.space = *s;
          item.with = *w;
          item.target_loc = xml_.value_loc(node, "space");
        }
        return true;
      }
    }
    return false;
  }

  bool read_expand(pugi::xml_node node, ExpandElem& expand) {
    xml_.only_attributes(node, {"side", "at"});
    expand.loc = xml_.loc(node);
    auto s = side(node, "side");
    auto at = xml_.required(node, "at");
    bool ok = s.has_value() && at.has_value();
    if (at && *at != "left" && *at != "right") {
      xml_.error(rec::bad_value, xml_.value_loc(node, "at"),
                 fmt::format("a side is joined at=\"left\" or at=\"right\", not \"{}\"", *at));
      ok = false;
    }
    expand.side = s.value_or(kNone);
    expand.right = at && *at == "right";
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "reputation") {
        auto t = token(child, false, true);
        if (t.place != kNone) expand.reputations.push_back(t);
      } else if (tag == "threat") {
        auto t = token(child, true, false);
        if (t.place != kNone) expand.threats.push_back(t);
      } else {
        xml_.unknown_element(child, node);
        ok = false;
      }
    });
    return ok;
  }

  void read_end(pugi::xml_node node) {
    xml_.only_attributes(node, {});
    rec_.end.present = true;
    rec_.end.loc = xml_.loc(node);
    xml_.for_each_child(node, [&](pugi::xml_node child) {
      std::string_view tag = child.name();
      if (tag == "threat") {
        auto t = token(child, true, true);
        if (t.place != kNone && t.value) rec_.end.threats.push_back(t);
      } else if (tag == "annotation") {
        return;
      } else if (tag == "loss") {
        leaf(child, {"region", "colour", "points"});
        auto r = region(child);
        auto c = colour(child, "colour", true);
        auto p = points(child, "points");
        if (r && c && p) rec_.end.losses.push_back({*r, *c, *p, xml_.loc(child)});
      } else if (tag == "event") {
        leaf(child, {"card", "colour", "points"});
        auto text = xml_.required(child, "card");
        std::optional<EventCard> e;
        if (text) {
          e = parse_event(*text);
          if (!e)
            xml_.error(rec::bad_value, xml_.value_loc(child, "card"),
                       fmt::format("unknown event card \"{}\" (diplomacy, dominance, "
                                   "imperial-reward, observation)",
                                   *text));
        }
        auto c = colour(child, "colour", true);
        auto p = points(child, "points");
        if (e && c && p) rec_.end.events.push_back({*e, *c, *p, xml_.loc(child)});
      } else if (tag == "final") {
        leaf(child, {"colour", "points"});
        auto c = colour(child, "colour", true);
        auto p = points(child, "points");
        if (c && p) rec_.end.finals.push_back({*c, *p, xml_.loc(child)});
      } else {
        xml_.unknown_element(child, node);
      }
    });
  }

  const XmlDocument& doc_;
  const BoardCatalogue& catalogue_;
  const FileLoader& loader_;
  Diagnostics& out_;
  XmlChecker xml_;
  Record rec_;
  std::shared_ptr<const BoardSet> set_;
  bool boards_done_ = false;
  std::size_t max_turns_;
};

}  // namespace

std::optional<Record> read_record(const XmlDocument& doc, const BoardCatalogue& catalogue,
                                  const FileLoader& loader, Diagnostics& out,
                                  std::size_t max_turns) {
  return Reader(doc, catalogue, loader, out, max_turns).run();
}

}  // namespace wallaudit::cc
