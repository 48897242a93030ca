// Owns: the message a call throws, so that a test compares an error's text in one line
// (several suites had a copy of this try/catch of their own).
#pragma once

#include <functional>
#include <string>

namespace pursuit::test {

// what() of the Error that `call` throws, or `none` when it returns; any other exception
// passes through (and fails the test as an unexpected one).
template <class Error>
std::string thrown_text(const std::function<void()>& call, const std::string& none = "(no error)") {
    try {
        call();
    } catch (const Error& e) {
        return e.what();
    }
    return none;
}

}  // namespace pursuit::test
