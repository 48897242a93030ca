// Owns: typed reads of optional fields of a JSON config or tool arguments, with InputError
// messages that name the field ("config.robots: expected an integer in 1..50, got \"x\"").
// nlohmann's own value()/at() throw type errors that name nothing; engines use these instead.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "common/json.h"

namespace pursuit {

long long config_int(const Json& object, const std::string& key, long long fallback, long long lo, long long hi,
                     const std::string& where = "config");
std::uint64_t config_seed(const Json& object, const std::string& where = "config");  // "seed", default 1
std::string config_string(const Json& object, const std::string& key, const std::string& where = "config");  // required

// Refuses a key of `object` that is not in `keys`: "<where>.<key>: unknown key (<taker> takes
// a, b and c)". A misspelt key was passed over, and its default used without a word.
void check_known_keys(const Json& object, const std::string& where, const std::vector<std::string>& keys,
                      const std::string& taker);

// "a", "a and b", "a, b and c" (`last` joins the last two): the lists error messages name.
std::string listed(const std::vector<std::string>& items, const std::string& last);

// A caller's value or text as error messages quote it: as JSON (invalid UTF-8 shown as U+FFFD,
// so the message stays valid JSON text), at most 60 bytes, never cut inside a UTF-8 character.
std::string shown_json(const Json& value);
std::string shown_text(const std::string& text);  // the same, without the quotes of a JSON string

}  // namespace pursuit
