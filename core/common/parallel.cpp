// Owns: parallel_for (see parallel.h).
#include "common/parallel.h"

#include "common/stop_check.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <vector>

#ifndef __EMSCRIPTEN__
#include <system_error>
#include <thread>
#endif

namespace pursuit {

namespace {

std::atomic<int> chosen_threads{0};
// Set inside a body: a parallel_for within one runs in its own thread, so nested loops do not
// multiply the threads.
thread_local bool inside_body = false;

#ifndef __EMSCRIPTEN__  // (the wasm build is single-threaded: parallel_threads() is 1 there)
int default_threads() {
    const unsigned cores = std::thread::hardware_concurrency();
    return static_cast<int>(std::clamp(cores, 1u, 8u));
}
#endif

}  // namespace

int parallel_threads() {
#ifdef __EMSCRIPTEN__
    return 1;
#else
    const int chosen = chosen_threads.load();
    return chosen > 0 ? chosen : default_threads();
#endif
}

void set_parallel_threads(int threads) { chosen_threads.store(std::max(threads, 0)); }

void parallel_for(std::size_t n, const std::function<void(std::size_t)>& body) {
    std::vector<std::exception_ptr> errors(n);
    std::atomic<std::size_t> next{0};
    const StopCheck* stop = current_stop();
    // Each worker takes the next index until none is left: the order work is taken in varies,
    // the slot each result lands in does not. Every worker works under the caller's stop check.
    auto work = [&] {
        const StopScope caller_stop(stop);
        const bool was_inside = inside_body;
        inside_body = true;
        for (std::size_t i = next++; i < n; i = next++) {
            try {
                body(i);
            } catch (...) {
                errors[i] = std::current_exception();
            }
        }
        inside_body = was_inside;
    };
    const std::size_t threads_wanted = inside_body ? 1 : static_cast<std::size_t>(parallel_threads());
    const std::size_t helpers = std::min(n, threads_wanted) - (n > 0 ? 1 : 0);
#ifndef __EMSCRIPTEN__
    std::vector<std::thread> threads;
    threads.reserve(helpers);
    for (std::size_t t = 0; t < helpers; ++t) {
        try {
            threads.emplace_back(work);
        } catch (...) {  // no thread to be had (system_error, bad_alloc): the others do the work
            break;
        }
    }
    work();
    for (std::thread& t : threads) t.join();
#else
    (void)helpers;
    work();
#endif
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
}

std::vector<char> parallel_for_while(std::size_t n, std::size_t always, const std::function<bool()>& may_start,
                                     const std::function<void(std::size_t)>& body) {
    std::vector<char> ran(n, 0);
    parallel_for(n, [&](std::size_t i) {
        if (i >= always && may_start && !may_start()) return;
        body(i);
        ran[i] = 1;
    });
    return ran;
}

}  // namespace pursuit
