// Owns: StopScope and stop_requested (see stop_check.h).
#include "common/stop_check.h"

namespace pursuit {
namespace {
thread_local const StopCheck* in_force = nullptr;
}  // namespace

StopScope::StopScope(const StopCheck* stop) : outer_(in_force) {
    if (stop) in_force = stop;
}

StopScope::~StopScope() { in_force = outer_; }

bool stop_requested() { return in_force && (*in_force)(); }

const StopCheck* current_stop() { return in_force; }

}  // namespace pursuit
