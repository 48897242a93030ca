// Owns: config_int / config_seed / config_string (see header).
#include "common/config.h"

#include "common/errors.h"

namespace pursuit {

long long config_int(const Json& object, const std::string& key, long long fallback, long long lo, long long hi,
                     const std::string& where) {
    if (!object.is_object() || !object.contains(key)) return fallback;
    const Json& v = object[key];
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
        throw InputError(where + "." + key + ": expected an integer in " + std::to_string(lo) + ".." + std::to_string(hi) +
                         ", got " + v.dump(-1, ' ', false, Json::error_handler_t::replace).substr(0, 60));
    return v.get<long long>();
}

std::uint64_t config_seed(const Json& object, const std::string& where) {
    if (!object.is_object() || !object.contains("seed")) return 1;
    const Json& v = object["seed"];
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<long long>() >= 0) return static_cast<std::uint64_t>(v.get<long long>());
    throw InputError(where + ".seed: expected a non-negative integer, got " +
                     v.dump(-1, ' ', false, Json::error_handler_t::replace).substr(0, 60));
}

std::string config_string(const Json& object, const std::string& key, const std::string& where) {
    if (!object.is_object() || !object.contains(key) || !object[key].is_string())
        throw InputError(where + ": missing string field \"" + key + "\"");
    return object[key].get<std::string>();
}

}  // namespace pursuit
