// Owns: the table of fuzz entries (see entries.h).
#include "entries.h"

namespace pursuit::fuzz {

const std::vector<NamedEntry>& all_entries() {
    static const std::vector<NamedEntry> entries{
        {"create", &fuzz_create}, {"replay", &fuzz_replay},           {"moves", &fuzz_moves},
        {"text", &fuzz_text},     {"line_reader", &fuzz_line_reader}, {"tool", &fuzz_tool},
        {"protocol", &fuzz_protocol}, {"arena", &fuzz_arena},
    };
    return entries;
}

}  // namespace pursuit::fuzz
