// Owns: the cooperative stop of long computations under a time limit. A caller with a limit
// opens a StopScope; code deep inside that can run long (a walk table, a play-out turn by turn)
// asks stop_requested() as it goes and winds down early. Its result is then unfinished, and
// whoever opened the scope must treat every result made after the stop as unusable or compare
// it as it would any other (the Search Party solver keeps a plan only when it is complete and
// better). Without a scope nothing ever stops, so results do not depend on the machine's speed.
// parallel_for (parallel.h) carries the calling thread's scope into its workers.
#pragma once
#include <functional>

namespace pursuit {

// True once the work should end.
using StopCheck = std::function<bool()>;

class StopScope {
public:
    // `stop` is not owned (it must outlive the scope); nullptr opens no scope (the one around
    // it, if any, stays in force).
    explicit StopScope(const StopCheck* stop);
    ~StopScope();
    StopScope(const StopScope&) = delete;
    StopScope& operator=(const StopScope&) = delete;

private:
    const StopCheck* outer_;
};

// Whether the scope in force on this thread says stop (false with none).
bool stop_requested();
// The scope in force on this thread (nullptr: none), to open in a worker thread.
const StopCheck* current_stop();

}  // namespace pursuit
