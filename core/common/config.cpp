// Owns: config_int / config_seed / config_string (see header).
#include "common/config.h"

#include "common/errors.h"

namespace pursuit {
namespace {

std::string clip(std::string s) {
    if (s.size() <= 60) return s;
    std::size_t n = 57;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    return s.substr(0, n) + "...";
}

}  // namespace

std::string shown_json(const Json& v) { return clip(v.dump(-1, ' ', false, Json::error_handler_t::replace)); }

std::string shown_text(const std::string& text) {
    const std::string s = Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
    return clip(s.substr(1, s.size() - 2));  // without the quotes
}

long long config_int(const Json& object, const std::string& key, long long fallback, long long lo, long long hi,
                     const std::string& where) {
    if (!object.is_object() || !object.contains(key)) return fallback;
    const Json& v = object[key];
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
        throw InputError(where + "." + key + ": expected an integer in " + std::to_string(lo) + ".." + std::to_string(hi) +
                         ", got " + shown_json(v));
    return v.get<long long>();
}

std::uint64_t config_seed(const Json& object, const std::string& where) {
    if (!object.is_object() || !object.contains("seed")) return 1;
    const Json& v = object["seed"];
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<long long>() >= 0) return static_cast<std::uint64_t>(v.get<long long>());
    throw InputError(where + ".seed: expected a non-negative integer, got " + shown_json(v));
}

std::string config_string(const Json& object, const std::string& key, const std::string& where) {
    if (!object.is_object() || !object.contains(key) || !object[key].is_string())
        throw InputError(where + ": missing string field \"" + key + "\"");
    return object[key].get<std::string>();
}

std::string listed(const std::vector<std::string>& items, const std::string& last) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += i + 1 == items.size() ? " " + last + " " : ", ";
        out += items[i];
    }
    return out;
}

void check_known_keys(const Json& object, const std::string& where, const std::vector<std::string>& keys,
                      const std::string& taker) {
    if (!object.is_object()) return;
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool known = false;
        for (const std::string& k : keys) known = known || k == it.key();
        if (!known) throw InputError(where + "." + shown_text(it.key()) + ": unknown key (" + taker + " takes " + listed(keys, "and") + ")");
    }
}

}  // namespace pursuit
