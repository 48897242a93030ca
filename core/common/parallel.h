// Owns: the core's only use of threads — running independent pieces of work side by side and
// collecting their results in a fixed order, so a result never depends on the thread count.
// Natively, up to `parallel_threads()` threads (by default the machine's cores, at most 8);
// in WebAssembly (built without pthreads, so the module works on any static host) always
// one, in the calling thread.
#pragma once
#include <cstddef>
#include <functional>
#include <vector>

namespace pursuit {

// Threads parallel_for may use (1 in wasm). Set 0 for the default.
int parallel_threads();
void set_parallel_threads(int threads);

// Calls body(i) for every i in [0, n), each exactly once, on up to parallel_threads()
// threads, and returns when all are done. Bodies must not share mutable state: each writes
// its own slot of a result the caller reads afterwards. If bodies throw, the exception of
// the lowest index is rethrown here (after every started body has finished). The bodies run
// under the calling thread's stop check (stop_check.h), whichever thread runs them.
void parallel_for(std::size_t n, const std::function<void(std::size_t)>& body);

// parallel_for for the steps of a loop under a time limit: body(i) for i >= `always` starts
// only while may_start() (when given) says so. Returns which ran (1) and which did not (0).
std::vector<char> parallel_for_while(std::size_t n, std::size_t always, const std::function<bool()>& may_start,
                                     const std::function<void(std::size_t)>& body);

}  // namespace pursuit
