// Owns: OUT/report.html, a self-contained page (inline CSS and SVG, no scripts or external
// resources, opens from file://): ratings with interval bars, pairings, per-map results
// (stacked bars), move-time distribution per bot, faults and failed games, replay links.
#pragma once
#include <string>

#include "arena/summary.h"

namespace pursuit::arena {

std::string html_report(const Summary& s, const Json& run_info);
std::string html_escape(const std::string& text);

}  // namespace pursuit::arena
