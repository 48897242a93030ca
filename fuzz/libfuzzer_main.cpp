// Owns: the libFuzzer wrapper; compiled once per entry with PURSUIT_FUZZ_ENTRY=fuzz_<name>.
#include "entries.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return pursuit::fuzz::PURSUIT_FUZZ_ENTRY(data, size);
}
