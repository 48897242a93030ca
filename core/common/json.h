// Owns: the one JSON type of the project (nlohmann/json from Debian's nlohmann-json3-dev).
#pragma once
#include <nlohmann/json.hpp>

namespace pursuit {
using Json = nlohmann::json;
}
