// Owns: reading JSON text from outside the program (depth limit, readable errors).
#include "common/json.h"

#include "common/errors.h"
#include "common/line_reader.h"

namespace pursuit {

std::string readable_json_error(std::string message) {
    for (std::size_t at; (at = message.find("[json.exception.")) != std::string::npos;) {
        const std::size_t end = message.find("] ", at);
        if (end == std::string::npos) break;
        message.erase(at, end + 2 - at);
    }
    // The parser quotes the bytes it read last as they are: a binary file or bad UTF-8 wrote raw
    // bytes to the terminal ("last read: '\xff'" came out as the byte itself).
    if (first_non_text_byte(message) != std::string::npos) {
        const std::string marker = "last read: '";
        const std::size_t from = message.find(marker);
        const std::size_t start = from == std::string::npos ? 0 : from + marker.size();
        const std::size_t quote = message.rfind('\'');
        const std::size_t stop = from != std::string::npos && quote >= start ? quote : message.size();
        message = message.substr(0, start) + escaped_excerpt(std::string_view(message).substr(start, stop - start), 200) +
                  message.substr(stop);
    }
    return message;
}

Json parse_json_text(const std::string& text, const std::string& what) {
    // The depth is counted on the text before parsing: the parser itself is iterative, but the
    // value it builds is not (copies and the destructor recurse).
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                throw InputError(what + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels (at character " +
                                 std::to_string(i + 1) + ")");
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    try {
        return Json::parse(text);
    } catch (const Json::parse_error& e) {
        throw InputError(what + ": invalid JSON: " + readable_json_error(e.what()));
    }
}

}  // namespace pursuit
