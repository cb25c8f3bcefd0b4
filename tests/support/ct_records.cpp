#include "support/ct_records.hpp"

#include <stdexcept>

namespace wallaudit::test {

const char* const kCtPlayers4 =
    R"(<player colour="red" name="Ana"/><player colour="blue" name="Ben"/>)"
    R"(<player colour="white" name="Cleo"/><player colour="orange" name="Dan"/>)";

const char* const kCtSetup4 = R"(
    <fort colour="red" wall="W4"/>
    <fort colour="blue" wall="W5"/>
    <fort colour="white" wall="W6"/>
    <fort colour="orange" wall="W3"/>
    <settlement colour="orange" vertex="C6.N" road="C6.NW"/>
    <settlement colour="red" vertex="B8.S" road="B8.SW"/>
    <settlement colour="blue" vertex="C10.N" road="C10.NW"/>
    <settlement colour="white" vertex="C12.S" road="C12.SW"/>
    <settlement colour="white" vertex="C7.S" road="C7.SE"/>
    <gain colour="white" cards="brick brick ore"/>
    <settlement colour="blue" vertex="D9.N" road="D9.NE"/>
    <gain colour="blue" cards="grain wool lumber"/>
    <settlement colour="red" vertex="C8.S" road="C8.SW"/>
    <gain colour="red" cards="grain ore lumber"/>
    <settlement colour="orange" vertex="D5.N" road="D5.NE"/>
    <gain colour="orange" cards="wool grain lumber"/>
  )";

const char* const kCtPlayers6 =
    R"(<player colour="red"/><player colour="blue"/><player colour="white"/>)"
    R"(<player colour="orange"/><player colour="green"/><player colour="brown"/>)";

const char* const kCtSetup6 = R"(
    <fort colour="red" wall="W1"/><fort colour="blue" wall="W2"/><fort colour="white" wall="W3"/>
    <fort colour="orange" wall="W4"/><fort colour="green" wall="W5"/><fort colour="brown" wall="W6"/>
    <settlement colour="brown" vertex="B10.S" road="B10.SW"/>
    <settlement colour="red" vertex="B1.S" road="B1.SE"/>
    <settlement colour="blue" vertex="B3.S" road="B3.SW"/>
    <settlement colour="white" vertex="B5.S" road="B5.SW"/>
    <settlement colour="orange" vertex="B7.S" road="B7.SW"/>
    <settlement colour="green" vertex="B9.S" road="B9.SW"/>
    <settlement colour="green" vertex="D9.S" road="D9.SW"/>
    <settlement colour="orange" vertex="D7.S" road="D7.SW"/>
    <settlement colour="white" vertex="D5.S" road="D5.SW"/>
    <settlement colour="blue" vertex="D3.S" road="D3.SW"/>
    <settlement colour="red" vertex="D1.S" road="D1.SE"/>
    <settlement colour="brown" vertex="D11.S" road="D11.SW"/>
  )";

CtTurns ct_doc_turns() {
  return {
      R"(<turn colour="red" n="1">
      <roll d1="1" d2="3">
        <produce colour="red" cards="ore"/>
        <produce colour="blue" cards="ore"/>
        <produce colour="orange" cards="lumber lumber"/>
      </roll>
      <trade with="white" give="ore" get="brick"/>
      <wall-piece level="1"/>
    </turn>)",
      R"(<turn colour="blue" n="2">
      <roll d1="3" d2="4"/>
      <pirate to="E8"/>
      <steal from="white" card="ore"/>
    </turn>)",
      R"(<turn colour="white" n="3">
      <roll d1="2" d2="4"/>
    </turn>)",
      R"(<turn colour="orange" n="4">
      <roll d1="4" d2="1"/>
      <trade with="white" give="wool" get="brick"/>
      <road edge="D5.E"/>
      <settlement vertex="D5.SE"><hun numeral="I"/></settlement>
    </turn>)",
      R"(<turn colour="red" n="5">
      <roll d1="5" d2="3">
        <advance from="I" to="F6"/>
        <breach field="F6"><occupy hex="A12"/></breach>
      </roll>
      <claim colour="white" vp="2"/>
    </turn>)",
  };
}

CtTurns ct_turns9() {
  CtTurns t = ct_doc_turns();
  t.push_back(R"(<turn colour="blue"><roll d1="1" d2="2"/><buy-card card="knight"/></turn>)");
  t.push_back(R"(<turn colour="white"><roll d1="4" d2="5"/></turn>)");
  t.push_back(R"(<turn colour="orange"><roll d1="4" d2="6"/></turn>)");
  t.push_back(R"(<turn colour="red"><roll d1="5" d2="6"/></turn>)");
  return t;
}

std::string CtRecord::str() const {
  std::string out = "<record game=\"catan-great-wall\" format=\"1\">\n";
  if (!rules.empty()) out += "  <rules>" + rules + "</rules>\n";
  out += "  " + board + "\n";
  out += "  <players>" + players + "</players>\n";
  out += "  <setup>" + setup + "</setup>\n";
  out += "  <play>\n";
  for (const auto& t : turns)
    out += "    " + t + "\n";
  out += "  </play>\n";
  if (!end.empty()) out += "  <end>" + end + "</end>\n";
  return out + "</record>\n";
}

CtTurns ct_with(CtTurns turns, std::size_t n, std::string text) {
  turns.at(n - 1) = std::move(text);
  return turns;
}

CtTurns ct_upto(CtTurns turns, std::size_t count) {
  turns.resize(count);
  return turns;
}

CtTurns ct_plus(CtTurns turns, std::string text) {
  turns.push_back(std::move(text));
  return turns;
}

std::string ct_replace(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  if (at == std::string::npos) throw std::logic_error("not in the text: " + from);
  text.replace(at, from.size(), to);
  return text;
}

}  // namespace wallaudit::test
