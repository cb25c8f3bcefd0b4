// Every rule id of Great Wall of China that the engine enforces, named once. An id the
// catalogue (data/rules.txt) lists as descriptive defines a term no record can break and has
// no constant.
#pragma once

#include "core/engine.hpp"

namespace wallaudit::gw::rule {

inline constexpr RuleId GW_101 = "GW-101";
inline constexpr RuleId GW_102 = "GW-102";
inline constexpr RuleId GW_103 = "GW-103";
inline constexpr RuleId GW_201 = "GW-201";
inline constexpr RuleId GW_202 = "GW-202";
inline constexpr RuleId GW_203 = "GW-203";
inline constexpr RuleId GW_204 = "GW-204";
inline constexpr RuleId GW_301 = "GW-301";
inline constexpr RuleId GW_302 = "GW-302";
inline constexpr RuleId GW_303 = "GW-303";
inline constexpr RuleId GW_304 = "GW-304";
inline constexpr RuleId GW_305 = "GW-305";
inline constexpr RuleId GW_306 = "GW-306";
inline constexpr RuleId GW_404 = "GW-404";
inline constexpr RuleId GW_501 = "GW-501";
inline constexpr RuleId GW_502 = "GW-502";
inline constexpr RuleId GW_601 = "GW-601";
inline constexpr RuleId GW_602 = "GW-602";
inline constexpr RuleId GW_604 = "GW-604";

}  // namespace wallaudit::gw::rule
