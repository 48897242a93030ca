// Owns: check_options and the option kinds (see header).
#include "common/options.h"

#include "common/errors.h"

namespace pursuit {
namespace {

// A caller's value or text in a message: as JSON (invalid UTF-8 shown as U+FFFD, so the message
// stays valid JSON text), at most 60 bytes, never cut inside a UTF-8 character.
std::string clip(std::string s) {
    if (s.size() <= 60) return s;
    std::size_t n = 57;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    return s.substr(0, n) + "...";
}
std::string shown(const Json& v) { return clip(v.dump(-1, ' ', false, Json::error_handler_t::replace)); }
std::string shown_text(const std::string& text) {
    const std::string s = Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
    return clip(s.substr(1, s.size() - 2));  // without the quotes
}
// A value as the messages quote it: a string in single quotes, anything else as JSON.
std::string quoted(const Json& v) { return v.is_string() ? "'" + shown_text(v.get<std::string>()) + "'" : shown(v); }

// "a", "a and b", "a, b and c" (`last` joins the last two).
std::string listed(const std::vector<std::string>& items, const std::string& last) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += i + 1 == items.size() ? " " + last + " " : ", ";
        out += items[i];
    }
    return out;
}

}  // namespace

OptionKey choice_option(std::string name, std::vector<std::string> choices) {
    OptionKey k;
    k.name = std::move(name);
    k.kind = OptionKey::Kind::Choice;
    k.choices = std::move(choices);
    return k;
}

OptionKey seed_option() {
    OptionKey k;
    k.name = "seed";
    k.kind = OptionKey::Kind::Seed;
    return k;
}

OptionKey text_option(std::string name, std::string expected) {
    OptionKey k;
    k.name = std::move(name);
    k.kind = OptionKey::Kind::Text;
    k.expected = std::move(expected);
    return k;
}

std::vector<std::string> standard_levels() { return {"easy", "medium", "hard", "best"}; }

void check_options(const Json& options, const std::string& game, const std::vector<OptionKey>& keys) {
    if (!options.is_object()) throw InputError("options: expected a JSON object, got " + shown(options));
    for (auto it = options.begin(); it != options.end(); ++it) {
        const Json& v = it.value();
        const OptionKey* key = nullptr;
        for (const OptionKey& k : keys)
            if (k.name == it.key()) key = &k;
        if (!key) {
            std::vector<std::string> names;
            for (const OptionKey& k : keys) names.push_back(k.name);
            throw InputError("options." + shown_text(it.key()) + ": unknown option (" + game + " takes " +
                             listed(names, "and") + ")");
        }
        const std::string where = "options." + key->name + ": expected ";
        switch (key->kind) {
            case OptionKey::Kind::Choice: {
                bool known = false;
                for (const std::string& c : key->choices) known = known || (v.is_string() && v.get<std::string>() == c);
                if (!known) throw InputError(where + listed(key->choices, "or") + ", got " + quoted(v));
                break;
            }
            case OptionKey::Kind::Seed:
                if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<long long>() >= 0))
                    throw InputError(where + "a non-negative integer, got " + shown(v));
                break;
            case OptionKey::Kind::Text:
                if (!v.is_string()) throw InputError(where + key->expected + ", got " + shown(v));
                break;
        }
    }
}

}  // namespace pursuit
