// Owns: check_options and the option kinds (see header).
#include "common/options.h"

#include "common/config.h"
#include "common/errors.h"

namespace pursuit {
namespace {

// A value as the messages quote it: a string in single quotes, anything else as JSON.
std::string quoted(const Json& v) { return v.is_string() ? "'" + shown_text(v.get<std::string>()) + "'" : shown_json(v); }

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
    if (!options.is_object()) throw InputError("options: expected a JSON object, got " + shown_json(options));
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
                config_seed(options, "options");  // throws "options.seed: expected a non-negative integer, ..."
                break;
            case OptionKey::Kind::Text:
                if (!v.is_string()) throw InputError(where + key->expected + ", got " + shown_json(v));
                break;
        }
    }
}

}  // namespace pursuit
