#include "catan_great_wall/action.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstdlib>

#include "core/text.hpp"

namespace wallaudit::ct {

namespace {

constexpr std::array<std::string_view, 24> kKindNames = {
    "fort",  "found",  "gain",  "turn", "special",    "roll",  "discard",    "pirate",
    "steal", "trade",  "bank",  "road", "settlement", "city",  "wall-piece", "buy-card",
    "play",  "reveal", "claim", "end",  "end-reveal", "final", "outcome",    "seats"};

std::optional<Move::Kind> parse_kind(std::string_view s) {
  for (std::size_t i = 0; i < kKindNames.size(); ++i)
    if (kKindNames[i] == s) return static_cast<Move::Kind>(i);
  return std::nullopt;
}

// The segments of a text, split at ", ".
std::vector<std::string_view> segments(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    std::size_t at = s.find(", ", start);
    out.push_back(s.substr(start, at == std::string_view::npos ? at : at - start));
    if (at == std::string_view::npos) break;
    start = at + 2;
  }
  return out;
}

// Reads and writes the parts of an action over one board.
class Names {
 public:
  explicit Names(const Board& board) : board_(board) {}

  std::string hex(int h) const { return board_.hexes[ix(h)].id; }
  std::string place(const PlaceName& p, bool vertex) const {
    return fmt::format("{}.{}", hex(p.hex), vertex ? corner_name(p.part) : side_name(p.part));
  }

  std::optional<int> parse_hex(std::string_view s) const {
    int h = board_.find_hex(s);
    if (h < 0) return std::nullopt;
    return h;
  }
  std::optional<PlaceName> parse_place(std::string_view s, bool vertex) const {
    std::size_t dot = s.rfind('.');
    if (dot == std::string_view::npos) return std::nullopt;
    auto h = parse_hex(s.substr(0, dot));
    auto part = vertex ? parse_corner(s.substr(dot + 1)) : parse_side(s.substr(dot + 1));
    if (!h || !part) return std::nullopt;
    return PlaceName{*h, *part};
  }
  std::optional<int> parse_wall(std::string_view s) const {
    int w = board_.find_wall(s);
    if (w < 0) return std::nullopt;
    return w;
  }
  std::optional<int> parse_field(std::string_view s) const {
    int f = board_.find_field(s);
    if (f < 0) return std::nullopt;
    return f;
  }

 private:
  const Board& board_;
};

std::optional<int> parse_int(std::string_view s) {
  int v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// "brick brick ore"; empty for no card.
std::string cards_text(const Cards& cards) {
  std::string out;
  for (int r = 0; r < kResources; ++r)
    for (int k = 0; k < cards[ix(r)]; ++k)
      out += fmt::format("{}{}", out.empty() ? "" : " ", name(static_cast<Resource>(r)));
  return out;
}

std::optional<Cards> parse_cards(const std::vector<std::string_view>& ws, std::size_t from,
                                 std::size_t to) {
  Cards c{};
  for (std::size_t i = from; i < to; ++i) {
    auto r = parse_resource(ws[i]);
    if (!r) return std::nullopt;
    ++c[static_cast<std::size_t>(*r)];
  }
  return c;
}

std::string draws_text(const std::vector<int>& draws) {
  std::string out;
  for (int n : draws)
    out += fmt::format(" hun {}", numeral_name(n));
  return out;
}

// Reads " hun N" pairs from ws[from…]; false when anything else is there.
bool parse_draws(const std::vector<std::string_view>& ws, std::size_t from, std::vector<int>& out) {
  if ((ws.size() - from) % 2 != 0) return false;
  for (std::size_t i = from; i < ws.size(); i += 2) {
    auto n = parse_numeral(ws[i + 1]);
    if (ws[i] != "hun" || !n) return false;
    out.push_back(*n);
  }
  return true;
}

}  // namespace

std::string_view kind_name(Move::Kind kind) {
  return kKindNames[static_cast<std::size_t>(kind)];
}

std::string Move::actor() const {
  return colour ? std::string(name(*colour)) : std::string(kChance);
}

std::string_view Move::kind() const {
  return kind_name(what);
}

std::string Move::text() const {
  Names names(*board_);
  std::string out = fmt::format("{}: {}", actor(), kind());
  auto add = [&](std::string_view s) {
    if (!s.empty()) out += fmt::format(" {}", s);
  };
  switch (what) {
    case Kind::fort:
      add(board_->walls[ix(wall)].id);
      break;
    case Kind::found:
      add(names.place(place, true));
      add("road");
      add(names.place(road, false));
      out += draws_text(draws);
      break;
    case Kind::gain:
    case Kind::discard:
      add(cards_text(cards));
      break;
    case Kind::turn:
    case Kind::special:
    case Kind::end:
      break;
    case Kind::roll:
      out += fmt::format(" {} {}", d1, d2);
      for (const RollEcho& e : echoes) {
        switch (e.kind) {
          case Echo::Kind::advance:
            out += fmt::format(", advance {} {}", numeral_name(e.from),
                               board_->fields[ix(e.field)].id);
            break;
          case Echo::Kind::breach:
            out += fmt::format(", breach {}", board_->fields[ix(e.field)].id);
            if (!e.occupies.empty()) out += " occupy";
            for (int h : e.occupies)
              out += fmt::format(" {}", names.hex(h));
            break;
          case Echo::Kind::produce:
            out += fmt::format(", produce {}", name(e.colour));
            if (total(e.cards) > 0) out += fmt::format(" {}", cards_text(e.cards));
            break;
        }
      }
      break;
    case Kind::pirate:
      add(names.hex(hex));
      break;
    case Kind::steal:
      out += fmt::format(" {} {}", name(other), name(card));
      break;
    case Kind::trade:
      add(name(other));
      [[fallthrough]];
    case Kind::bank:
      out += " give";
      add(cards_text(cards));
      out += " get";
      add(cards_text(get));
      break;
    case Kind::road:
      add(names.place(place, false));
      break;
    case Kind::settlement:
    case Kind::city:
      add(names.place(place, true));
      out += draws_text(draws);
      break;
    case Kind::wall_piece:
    case Kind::claim:
    case Kind::final_vp:
      out += fmt::format(" {}", number);
      break;
    case Kind::buy_card:
      if (dev) add(name(*dev));
      break;
    case Kind::play_card:
      add(name(*dev));
      if (*dev == DevCard::knight) {
        for (const KnightMove& k : knight) {
          switch (k.kind) {
            case KnightAction::Kind::move_hun:
              out += fmt::format(", move-hun {} {}", numeral_name(k.from), numeral_name(k.to));
              break;
            case KnightAction::Kind::chase_hun:
              out += fmt::format(", chase-hun {} {}", names.hex(k.hex), numeral_name(k.numeral));
              break;
            case KnightAction::Kind::pirate:
              out += fmt::format(", pirate {}", names.hex(k.hex));
              break;
            case KnightAction::Kind::steal:
              out += fmt::format(", steal {} {}", name(k.colour), name(k.card));
              break;
          }
        }
      } else if (*dev == DevCard::road_building) {
        for (const PlaceName& r : roads)
          add(names.place(r, false));
      } else if (*dev == DevCard::year_of_plenty) {
        for (Resource r : take)
          add(name(r));
      } else if (*dev == DevCard::monopoly) {
        add(name(card));
        for (const auto& [c, n] : gives)
          out += fmt::format(", give {} {}", name(c), n);
      }
      break;
    case Kind::reveal:
    case Kind::end_reveal:
      add(name(*dev));
      break;
    case Kind::outcome:
      add(huns ? std::string_view("huns") : name(other));
      break;
    case Kind::seats:
      for (Colour c : seats)
        add(name(c));
      break;
  }
  return out;
}

namespace {

int hex_steps(const Board& b, int x, int y) {
  if (x < 0 || y < 0) return x == y ? 0 : 10;
  int dq = b.hexes[ix(x)].q - b.hexes[ix(y)].q;
  int dr = b.hexes[ix(x)].r - b.hexes[ix(y)].r;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

// How far one knight action lies from another: the same kind of action (move-hun, chase-hun,
// pirate, steal) before any other kind, then by the places' numerals, the hexes' steps, the
// numeral, the victim and the card; an action one play has and the other lacks lies between.
constexpr int kOtherKnightAction = 64;
constexpr int kKnightActionMissing = 32;

int knight_steps(const Board& b, const KnightMove& x, const KnightMove& y) {
  if (x.kind != y.kind) return kOtherKnightAction;
  switch (x.kind) {
    case KnightAction::Kind::move_hun:
      return std::abs(x.from - y.from) + std::abs(x.to - y.to);
    case KnightAction::Kind::chase_hun:
      return 2 * hex_steps(b, x.hex, y.hex) + (x.numeral != y.numeral ? 1 : 0);
    case KnightAction::Kind::pirate:
      return hex_steps(b, x.hex, y.hex);
    case KnightAction::Kind::steal:
      return (x.colour != y.colour ? 2 : 0) + (x.card != y.card ? 1 : 0);
  }
  return kOtherKnightAction;
}

int card_steps(const Cards& a, const Cards& b) {
  int d = 0;
  for (int r = 0; r < kResources; ++r)
    d += std::abs(a[ix(r)] - b[ix(r)]);
  return d;
}

}  // namespace

int Move::apart(const wallaudit::Action& that) const {
  const auto* m = dynamic_cast<const Move*>(&that);
  if (!m || m->what != what) return wallaudit::Action::apart(that);
  const Board& b = *board_;
  int d = 0;
  auto place_steps = [&](const PlaceName& x, const PlaceName& y) {
    return 2 * hex_steps(b, x.hex, y.hex) + (x.part != y.part ? 1 : 0);
  };
  d += place_steps(place, m->place) + place_steps(road, m->road);
  d += draws != m->draws ? 1 : 0;
  d += hex_steps(b, hex, m->hex);
  d += card_steps(cards, m->cards) + card_steps(get, m->get);
  d += std::abs(number - m->number);
  // Other dice are farther than the same dice with other echoes.
  d += 2 * (std::abs(d1 - m->d1) + std::abs(d2 - m->d2)) + (echoes != m->echoes ? 1 : 0);
  for (std::size_t i = 0; i < std::max(roads.size(), m->roads.size()); ++i)
    d += i < roads.size() && i < m->roads.size() ? place_steps(roads[i], m->roads[i]) : 2;
  // A knight's actions, position by position; a card of another type lies farther than any
  // knight.
  for (std::size_t i = 0; i < std::max(knight.size(), m->knight.size()); ++i)
    d += i < knight.size() && i < m->knight.size() ? knight_steps(b, knight[i], m->knight[i])
                                                   : kKnightActionMissing;
  if (what == Kind::play_card && dev != m->dev) d += 4 * kOtherKnightAction;
  d += take != m->take ? 1 : 0;
  d += gives != m->gives ? 1 : 0;
  d += other != m->other ? 1 : 0;
  d += card != m->card ? 1 : 0;
  d += dev != m->dev ? 1 : 0;
  d += wall != m->wall ? 1 : 0;
  d += seats != m->seats ? 1 : 0;
  return std::max(d, 1);
}

std::optional<Move> parse_move(std::string_view text, const std::shared_ptr<const Board>& board,
                               std::string& error) {
  auto fail = [&](std::string message) -> std::optional<Move> {
    error = std::move(message);
    return std::nullopt;
  };
  std::size_t colon = text.find(": ");
  if (colon == std::string_view::npos)
    return fail(fmt::format("\"{}\" is not an action (ACTOR: KIND …)", text));
  std::string_view who = text.substr(0, colon);
  std::optional<Colour> actor;
  if (who != kChance) {
    actor = parse_colour(who);
    if (!actor) return fail(fmt::format("\"{}\" is neither a colour nor \"chance\"", who));
  }
  std::vector<std::string_view> parts = segments(text.substr(colon + 2));
  std::vector<std::string_view> ws = split_words(parts.front());
  if (ws.empty()) return fail(fmt::format("\"{}\" names no kind of action", text));
  auto kind = parse_kind(ws[0]);
  if (!kind) return fail(fmt::format("\"{}\" is not a kind of action of The Great Wall", ws[0]));
  Move m(board, actor, *kind);
  Names names(*board);
  auto bad = [&] {
    return fail(fmt::format("\"{}\" is not a well-formed {} action", text, ws[0]));
  };
  bool chance_ok = *kind == Move::Kind::outcome || *kind == Move::Kind::seats;
  if (!actor && !chance_ok)
    return fail(fmt::format("a {} is taken by a colour, not by chance", ws[0]));
  if (actor && chance_ok)
    return fail(*kind == Move::Kind::seats ? "the seats are chance's, not a colour's"
                                           : "an outcome is claimed by chance, not by a colour");
  if (parts.size() > 1 && *kind != Move::Kind::roll && *kind != Move::Kind::play_card) return bad();
  switch (*kind) {
    case Move::Kind::fort: {
      if (ws.size() != 2) return bad();
      auto w = names.parse_wall(ws[1]);
      if (!w) return bad();
      m.wall = *w;
      break;
    }
    case Move::Kind::found: {
      if (ws.size() < 4 || ws[2] != "road") return bad();
      auto v = names.parse_place(ws[1], true);
      auto e = names.parse_place(ws[3], false);
      if (!v || !e || !parse_draws(ws, 4, m.draws)) return bad();
      m.place = *v;
      m.road = *e;
      break;
    }
    case Move::Kind::gain:
    case Move::Kind::discard: {
      auto c = parse_cards(ws, 1, ws.size());
      if (!c) return bad();
      m.cards = *c;
      break;
    }
    case Move::Kind::turn:
    case Move::Kind::special:
    case Move::Kind::end:
      if (ws.size() != 1) return bad();
      break;
    case Move::Kind::roll: {
      if (ws.size() != 3) return bad();
      auto a = parse_int(ws[1]), b = parse_int(ws[2]);
      if (!a || !b || *a < 1 || *a > 6 || *b < 1 || *b > 6) return bad();
      m.d1 = *a;
      m.d2 = *b;
      for (std::size_t i = 1; i < parts.size(); ++i) {
        auto e = split_words(parts[i]);
        RollEcho echo;
        if (e.size() == 3 && e[0] == "advance") {
          auto n = parse_numeral(e[1]);
          auto f = names.parse_field(e[2]);
          if (!n || !f) return bad();
          echo.kind = Echo::Kind::advance;
          echo.from = *n;
          echo.field = *f;
        } else if (e.size() >= 2 && e[0] == "breach") {
          auto f = names.parse_field(e[1]);
          if (!f || e.size() == 3 || (e.size() > 3 && e[2] != "occupy")) return bad();
          echo.kind = Echo::Kind::breach;
          echo.field = *f;
          for (std::size_t k = 3; k < e.size(); ++k) {
            auto h = names.parse_hex(e[k]);
            if (!h) return bad();
            echo.occupies.push_back(*h);
          }
        } else if (e.size() >= 2 && e[0] == "produce") {
          auto c = parse_colour(e[1]);
          auto cs = parse_cards(e, 2, e.size());
          if (!c || !cs) return bad();
          echo.kind = Echo::Kind::produce;
          echo.colour = *c;
          echo.cards = *cs;
        } else {
          return bad();
        }
        m.echoes.push_back(std::move(echo));
      }
      break;
    }
    case Move::Kind::pirate: {
      if (ws.size() != 2) return bad();
      auto h = names.parse_hex(ws[1]);
      if (!h) return bad();
      m.hex = *h;
      break;
    }
    case Move::Kind::steal: {
      if (ws.size() != 3) return bad();
      auto c = parse_colour(ws[1]);
      auto r = parse_resource(ws[2]);
      if (!c || !r) return bad();
      m.other = *c;
      m.card = *r;
      break;
    }
    case Move::Kind::trade:
    case Move::Kind::bank: {
      std::size_t i = 1;
      if (*kind == Move::Kind::trade) {
        if (ws.size() < 2) return bad();
        auto c = parse_colour(ws[1]);
        if (!c) return bad();
        m.other = *c;
        i = 2;
      }
      std::size_t at_get = i;
      while (at_get < ws.size() && ws[at_get] != "get")
        ++at_get;
      if (i >= ws.size() || ws[i] != "give" || at_get == ws.size()) return bad();
      auto g = parse_cards(ws, i + 1, at_get);
      auto t = parse_cards(ws, at_get + 1, ws.size());
      if (!g || !t) return bad();
      m.cards = *g;
      m.get = *t;
      break;
    }
    case Move::Kind::road: {
      if (ws.size() != 2) return bad();
      auto e = names.parse_place(ws[1], false);
      if (!e) return bad();
      m.place = *e;
      break;
    }
    case Move::Kind::settlement:
    case Move::Kind::city: {
      if (ws.size() < 2) return bad();
      auto v = names.parse_place(ws[1], true);
      if (!v || !parse_draws(ws, 2, m.draws)) return bad();
      m.place = *v;
      break;
    }
    case Move::Kind::wall_piece:
    case Move::Kind::claim:
    case Move::Kind::final_vp: {
      if (ws.size() != 2) return bad();
      auto n = parse_int(ws[1]);
      if (!n || *n < 0) return bad();
      m.number = *n;
      break;
    }
    case Move::Kind::buy_card:
      if (ws.size() > 2) return bad();
      if (ws.size() == 2) {
        m.dev = parse_dev_card(ws[1]);
        if (!m.dev) return bad();
      }
      break;
    case Move::Kind::play_card: {
      if (ws.size() < 2) return bad();
      m.dev = parse_dev_card(ws[1]);
      if (!m.dev) return bad();
      DevCard d = *m.dev;
      if (d != DevCard::knight && d != DevCard::monopoly && parts.size() > 1) return bad();
      if (d == DevCard::road_building) {
        for (std::size_t i = 2; i < ws.size(); ++i) {
          auto e = names.parse_place(ws[i], false);
          if (!e) return bad();
          m.roads.push_back(*e);
        }
      } else if (d == DevCard::year_of_plenty) {
        for (std::size_t i = 2; i < ws.size(); ++i) {
          auto r = parse_resource(ws[i]);
          if (!r) return bad();
          m.take.push_back(*r);
        }
      } else if (d == DevCard::monopoly) {
        if (ws.size() != 3) return bad();
        auto r = parse_resource(ws[2]);
        if (!r) return bad();
        m.card = *r;
        for (std::size_t i = 1; i < parts.size(); ++i) {
          auto g = split_words(parts[i]);
          auto c = g.size() == 3 && g[0] == "give" ? parse_colour(g[1]) : std::nullopt;
          auto n = g.size() == 3 ? parse_int(g[2]) : std::nullopt;
          if (!c || !n || *n < 1) return bad();
          m.gives.emplace_back(*c, *n);
        }
      } else {
        if (ws.size() != 2) return bad();
        for (std::size_t i = 1; i < parts.size(); ++i) {
          auto k = split_words(parts[i]);
          KnightMove km;
          if (k.size() == 3 && k[0] == "move-hun") {
            auto f = parse_numeral(k[1]), t = parse_numeral(k[2]);
            if (!f || !t) return bad();
            km.kind = KnightAction::Kind::move_hun;
            km.from = *f;
            km.to = *t;
          } else if (k.size() == 3 && k[0] == "chase-hun") {
            auto h = names.parse_hex(k[1]);
            auto n = parse_numeral(k[2]);
            if (!h || !n) return bad();
            km.kind = KnightAction::Kind::chase_hun;
            km.hex = *h;
            km.numeral = *n;
          } else if (k.size() == 2 && k[0] == "pirate") {
            auto h = names.parse_hex(k[1]);
            if (!h) return bad();
            km.kind = KnightAction::Kind::pirate;
            km.hex = *h;
          } else if (k.size() == 3 && k[0] == "steal") {
            auto c = parse_colour(k[1]);
            auto r = parse_resource(k[2]);
            if (!c || !r) return bad();
            km.kind = KnightAction::Kind::steal;
            km.colour = *c;
            km.card = *r;
          } else {
            return bad();
          }
          m.knight.push_back(km);
        }
      }
      if (d != DevCard::road_building && d != DevCard::year_of_plenty && d != DevCard::monopoly &&
          ws.size() != 2)
        return bad();
      break;
    }
    case Move::Kind::reveal:
    case Move::Kind::end_reveal:
      if (ws.size() != 2) return bad();
      m.dev = parse_dev_card(ws[1]);
      if (!m.dev) return bad();
      break;
    case Move::Kind::outcome: {
      if (ws.size() != 2) return bad();
      if (ws[1] == "huns") {
        m.huns = true;
      } else {
        auto c = parse_colour(ws[1]);
        if (!c) return bad();
        m.other = *c;
      }
      break;
    }
    case Move::Kind::seats: {
      if (ws.size() < 2) return bad();
      for (std::size_t i = 1; i < ws.size(); ++i) {
        auto c = parse_colour(ws[i]);
        if (!c) return bad();
        m.seats.push_back(*c);
      }
      break;
    }
  }
  return m;
}

namespace {

PlaceName place_name(const PlaceRef& ref, bool vertex) {
  std::size_t dot = ref.text.rfind('.');
  std::string_view part = std::string_view(ref.text).substr(dot + 1);
  auto p = vertex ? parse_corner(part) : parse_side(part);
  return PlaceName{ref.hex, p ? *p : -1};
}

std::vector<int> numerals(const std::vector<HunDraw>& huns) {
  std::vector<int> out;
  for (const HunDraw& h : huns)
    out.push_back(h.numeral);
  return out;
}

class Collector {
 public:
  // Every action has its room at once: in the record's block, and in the list.
  explicit Collector(const Record& rec) : rec_(rec), store_(count(rec), rec.board) {
    out_.reserve(count(rec));
  }

  std::vector<PlacedAction> run() {
    Parts parts;
    Move& seats = add(std::nullopt, Move::Kind::seats, rec_.players_loc, 0);
    for (const PlayerDecl& p : rec_.players) {
      seats.seats.push_back(p.colour);
      parts.push_back(p.loc);
    }
    out_.back().parts = std::move(parts);
    for (const SetupItem& item : rec_.setup)
      setup(item);
    for (const TurnElem& e : rec_.elements)
      element(e);
    for (const EndItem& item : rec_.end)
      end(item);
    assert(out_.size() == count(rec_));
    return std::move(out_);
  }

 private:
  // How many actions the record makes: seats, one per setup and end item, and a start and an
  // end around each turn's steps.
  static std::size_t count(const Record& rec) {
    std::size_t n = 1 + rec.setup.size() + rec.end.size();
    for (const TurnElem& e : rec.elements)
      n += 2 + e.steps.size();
    return n;
  }

  // A move built where it stays, at the end of the list; it points at the record's board, which
  // store_ holds.
  Move& add(std::optional<Colour> c, Move::Kind kind, SourceLoc loc, int turn, Parts parts = {}) {
    PlacedAction& p = out_.emplace_back();
    std::shared_ptr<Move> m = store_.make(SharedRef<Board>::borrowed(rec_.board.get()), c, kind);
    Move& ref = *m;
    p.action = std::move(m);
    p.loc = loc;
    p.parts = std::move(parts);
    p.turn = turn;
    return ref;
  }

  void setup(const SetupItem& item) {
    switch (item.kind) {
      case SetupItem::Kind::fort: {
        Move& m = add(item.colour, Move::Kind::fort, item.loc, 0,
                      {item.colour_loc, item.wall_loc, founded_});
        m.wall = item.wall;
        break;
      }
      case SetupItem::Kind::settlement: {
        Parts parts{item.colour_loc, item.vertex.loc, item.road.loc};
        for (const HunDraw& h : item.huns)
          parts.push_back(h.loc);
        parts.push_back(founded_);
        Move& m = add(item.colour, Move::Kind::found, item.loc, 0, std::move(parts));
        m.place = place_name(item.vertex, true);
        m.road = place_name(item.road, false);
        m.draws = numerals(item.huns);
        founded_ = item.loc;
        break;
      }
      case SetupItem::Kind::gain: {
        Move& m = add(item.colour, Move::Kind::gain, item.loc, 0, {item.colour_loc, founded_});
        m.cards = item.cards.cards;
        break;
      }
    }
  }

  void element(const TurnElem& e) {
    add(e.colour, e.special ? Move::Kind::special : Move::Kind::turn, e.loc, e.turn,
        {e.colour_loc, founded_});
    SourceLoc roll, pirate;
    for (const Step& s : e.steps) {
      step(e, s);
      if (s.kind == StepKind::roll) roll = s.loc;
      if (s.kind == StepKind::pirate) pirate = s.loc;
    }
    add(e.colour, Move::Kind::end, e.loc, e.turn, {roll, pirate});
  }

  void step(const TurnElem& e, const Step& s) {
    Colour c = e.colour;
    Parts parts;
    auto with = [&](Move::Kind k) { return &add(c, k, s.loc, e.turn); };
    Move* m = nullptr;
    switch (s.kind) {
      case StepKind::roll:
        m = with(Move::Kind::roll);
        m->d1 = s.d1;
        m->d2 = s.d2;
        for (const Echo& echo : s.echoes) {
          RollEcho r;
          r.kind = echo.kind;
          r.from = echo.from;
          r.field = echo.field;
          for (const auto& [hex, loc] : echo.occupies)
            r.occupies.push_back(hex);
          r.colour = echo.colour;
          r.cards = echo.cards.cards;
          m->echoes.push_back(std::move(r));
          parts.push_back(echo.loc);
        }
        for (const Echo& echo : s.echoes)
          for (const auto& [hex, loc] : echo.occupies)
            parts.push_back(loc);
        break;
      case StepKind::discard:
        m = &add(s.colour, Move::Kind::discard, s.loc, e.turn);
        m->cards = s.cards.cards;
        break;
      case StepKind::pirate:
        m = with(Move::Kind::pirate);
        m->hex = s.hex;
        parts.push_back(s.hex_loc);
        break;
      case StepKind::steal:
        m = with(Move::Kind::steal);
        m->other = s.colour;
        m->card = s.card;
        break;
      case StepKind::trade:
        m = with(Move::Kind::trade);
        m->other = s.colour;
        m->cards = s.cards.cards;
        m->get = s.get.cards;
        break;
      case StepKind::bank:
        m = with(Move::Kind::bank);
        m->cards = s.cards.cards;
        m->get = s.get.cards;
        break;
      case StepKind::road:
        m = with(Move::Kind::road);
        m->place = place_name(s.place, false);
        parts.push_back(s.place.loc);
        break;
      case StepKind::settlement:
      case StepKind::city:
        m = with(s.kind == StepKind::city ? Move::Kind::city : Move::Kind::settlement);
        m->place = place_name(s.place, true);
        m->draws = numerals(s.huns);
        parts.push_back(s.place.loc);
        for (const HunDraw& h : s.huns)
          parts.push_back(h.loc);
        break;
      case StepKind::wall_piece:
        m = with(Move::Kind::wall_piece);
        m->number = s.level;
        break;
      case StepKind::buy_card:
        m = with(Move::Kind::buy_card);
        m->dev = s.dev;
        break;
      case StepKind::play_card:
        m = with(Move::Kind::play_card);
        m->dev = s.dev;
        for (const KnightAction& a : s.actions) {
          m->knight.push_back({a.kind, a.from, a.to, a.hex, a.numeral, a.colour, a.card});
          parts.push_back(a.loc);
        }
        for (const PlaceRef& r : s.roads) {
          m->roads.push_back(place_name(r, false));
          parts.push_back(r.loc);
        }
        if (s.dev == DevCard::year_of_plenty) m->take = s.take.order;
        if (s.dev == DevCard::monopoly) m->card = s.resource;
        for (const MonopolyGive& g : s.gives) {
          m->gives.emplace_back(g.colour, g.count);
          parts.push_back(g.loc);
        }
        break;
      case StepKind::reveal:
        m = with(Move::Kind::reveal);
        m->dev = s.dev;
        break;
      case StepKind::claim:
        m = &add(s.colour, Move::Kind::claim, s.loc, e.turn);
        m->number = s.vp;
        break;
    }
    assert(m != nullptr);
    out_.back().parts = std::move(parts);
  }

  void end(const EndItem& item) {
    switch (item.kind) {
      case EndItem::Kind::reveal:
        add(item.colour, Move::Kind::end_reveal, item.loc, 0, {founded_}).dev = item.card;
        break;
      case EndItem::Kind::final_vp:
        add(item.colour, Move::Kind::final_vp, item.loc, 0, {founded_}).number = item.vp;
        break;
      case EndItem::Kind::outcome: {
        Move& m = add(std::nullopt, Move::Kind::outcome, item.loc, 0, {founded_});
        m.huns = item.huns;
        m.other = item.colour;
        break;
      }
    }
  }

  const Record& rec_;
  ActionStore<Move> store_;
  std::vector<PlacedAction> out_;
  SourceLoc founded_;  // the last founding settlement so far
};

}  // namespace

std::vector<PlacedAction> record_actions(const Record& record) {
  return Collector(record).run();
}

}  // namespace wallaudit::ct
