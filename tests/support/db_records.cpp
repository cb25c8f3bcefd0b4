#include "support/db_records.hpp"

#include <fmt/format.h>

namespace wallaudit::test {

const char* const kDbPlayers =
    R"(<player colour="red" name="Anna"/><player colour="blue" name="Bo"/><player colour="green" name="Cy"/>)";

const char* const kDbSetup =
    R"(<camp colour="green" space="12"/><camp colour="blue" space="17"/><camp colour="red" space="01"/>
<territory space="02" card="village"/><territory space="03" card="rice-field"/>
<territory space="04" card="forest"/><territory space="05" card="city"/>
<territory space="06" card="steppe-1"/><territory space="07" card="diamond-field"/>
<territory space="08" card="rice-field"/><territory space="09" card="village"/>
<territory space="10" card="city"/><territory space="11" card="forest"/>
<territory space="13" card="steppe-2"/><territory space="14" card="diamond-field"/>
<territory space="15" card="village"/><territory space="16" card="steppe-3"/>
<territory space="18" card="rice-field"/><territory space="19" card="forest"/>
<hand colour="red" beans="soy soy chili red blue"/>)";

DbTurns db_opening() {
  return {
      // 1 red: fields soy x3 | red; hand chili red blue ? ? ?
      R"(<turn colour="red"><plant bean="soy" field="1"/><plant bean="soy" field="1"/><turn-up beans="soy red"/><plant bean="soy" field="1"/><plant bean="red" field="2"/><draw count="3"/></turn>)",
      // 2 blue: chili x2 | stink x2
      R"(<turn colour="blue"><plant bean="chili" field="1"/><plant bean="stink" field="2"/><turn-up beans="chili stink"/><plant bean="chili" field="1"/><plant bean="stink" field="2"/><draw count="3"/></turn>)",
      // 3 green: garden x2 | black-eyed
      R"(<turn colour="green"><plant bean="garden" field="1"/><turn-up beans="garden black-eyed"/><plant bean="garden" field="1"/><plant bean="black-eyed" field="2"/><draw count="3"/></turn>)",
      // 4 red: harvests soy (1) and red (1), takes the village 02 with a blue from his hand
      R"(<turn colour="red"><harvest field="1" coins="1"/><plant bean="chili" field="1"/><plant bean="red" field="2"/><turn-up beans="blue garden"/><donate to="green"><card source="turned-up" bean="garden"/></donate><plant colour="green" bean="garden" field="1"/><harvest field="2" coins="1"/><plant bean="blue" field="2"/><battle target="02" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="green"/></round></battle><draw count="4"/></turn>)",
      // 5 blue: harvests stink (1), takes steppe-2 (13) and with it cavalry 2
      R"(<turn colour="blue"><plant bean="stink" field="2"/><plant bean="chili" field="1"/><turn-up beans="soy chili"/><plant bean="chili" field="1"/><harvest field="2" coins="1"/><plant bean="soy" field="2"/><battle target="13" result="captured"><round><attack source="hand" bean="chili"/><defend source="deck" bean="red"/></round></battle><draw count="3"/></turn>)",
      // 6 green: 3 garden thalers; takes 16 (cavalry 3), 15 with the cavalry, and 07 in a
      // second round after the cavalry lost the first
      R"(<turn colour="green"><harvest field="1" coins="3"/><plant bean="black-eyed" field="2"/><turn-up beans="stink green"/><trade partner="red"><give source="turned-up" bean="green"/><get bean="black-eyed"/></trade><plant bean="stink" field="1"/><harvest colour="red" field="1"/><plant colour="red" bean="green" field="1"/><plant bean="black-eyed" field="2"/><battle target="16" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="soy"/></round></battle><battle target="15" result="captured"><round><attack source="cavalry" cavalry="3"/><defend source="deck" bean="stink"/></round></battle><battle target="07" result="captured"><round><attack source="cavalry" cavalry="3"/><defend source="deck" bean="chili"/></round><round><attack source="deck" bean="blue"/><defend source="deck" bean="garden"/></round></battle><draw count="4"/></turn>)",
      // 7 red: takes the forest 04 (blue 20 against soy raised to 17)
      R"(<turn colour="red"><plant bean="green" field="1"/><turn-up beans="green red"/><plant bean="green" field="1"/><harvest field="1" coins="1"/><plant bean="red" field="1"/><battle target="04" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="soy"/></round></battle><draw count="4"/></turn>)",
      // 8 blue: donations, a chili harvest, cavalry 2 takes the diamond field 14
      R"(<turn colour="blue"><plant bean="chili" field="1"/><turn-up beans="black-eyed red"/><donate to="green"><card source="turned-up" bean="black-eyed"/></donate><donate to="red"><card source="turned-up" bean="red"/></donate><plant colour="green" bean="black-eyed" field="2"/><plant colour="red" bean="red" field="1"/><harvest field="1" coins="1"/><battle target="14" result="captured"><round><attack source="cavalry" cavalry="2"/><defend source="deck" bean="green"/></round></battle><draw count="3"/></turn>)",
  };
}

DbTurns db_middle() {
  return {
      R"(<turn colour="green"><diamond bean="soy"/><plant bean="stink" field="1"/><turn-up beans="stink garden"/><donate to="blue"><card source="turned-up" bean="garden"/></donate><plant bean="stink" field="1"/><plant colour="blue" bean="garden" field="1"/><harvest field="2" coins="2"/><battle target="14" result="captured"><round><attack source="cavalry" cavalry="3"/><defend source="hand" bean="blue"/></round><round><attack source="hand" bean="chili"/><defend source="deck" bean="red"/></round></battle><draw count="4"/></turn>)",
      R"(<turn colour="red"><plant bean="red" field="1"/><turn-up beans="red soy"/><plant bean="red" field="1"/><harvest field="1" coins="3"/><plant bean="soy" field="1"/><buy-cart pay="red red red"/><battle target="03" result="captured"><round><attack source="hand" bean="blue"/><defend source="deck" bean="green"/></round></battle><load count="4"/><take count="4"/></turn>)",
      R"(<turn colour="blue"><plant bean="garden" field="1"/><turn-up beans="soy soy"/><plant bean="soy" field="2"/><plant bean="soy" field="2"/><draw count="3"/></turn>)",
      R"(<turn colour="green"><diamond bean="black-eyed"/><diamond bean="chili"/><plant bean="stink" field="1"/><turn-up beans="green green"/><plant bean="green" field="2"/><plant bean="green" field="2"/><draw count="4"/></turn>)",
  };
}

std::string db_join(const DbTurns& turns) {
  std::string out;
  for (const auto& t : turns)
    out += t + "\n";
  return out;
}

DbRecord db_record(const DbTurns& turns, std::string rules, std::string end) {
  DbRecord r;
  r.play = db_join(turns);
  r.rules = std::move(rules);
  r.end = std::move(end);
  return r;
}

std::string DbRecord::str() const {
  return fmt::format(
      "<record game=\"dschingis-bohn\" format=\"1\">\n{}{}<players>{}</players>\n<setup>\n{}\n"
      "</setup>\n<play>\n{}</play>\n{}</record>\n",
      rules.empty() ? "" : "<rules>" + rules + "</rules>\n", map.empty() ? "" : map + "\n", players,
      setup, play, end.empty() ? "" : end + "\n");
}

}  // namespace wallaudit::test
