// Owns: the append-only games.jsonl (game_log.h).
#include "arena/game_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "common/errors.h"
#include "common/judge_io.h"

namespace pursuit::arena {

std::vector<Json> load_game_log(const std::string& path) {
    std::vector<Json> out;
    if (!std::filesystem::exists(path)) return out;
    const std::string text = read_file(path);
    std::size_t pos = 0, good_end = 0;
    int line_no = 0;
    while (pos < text.size()) {
        const std::size_t nl = text.find('\n', pos);
        ++line_no;
        const bool last = nl == std::string::npos || nl + 1 >= text.size();
        const std::string line = text.substr(pos, (nl == std::string::npos ? text.size() : nl) - pos);
        Json rec;
        bool ok = nl != std::string::npos;  // a line without its newline was torn by a kill
        if (ok) {
            try {
                rec = Json::parse(line);
                ok = rec.is_object() && rec.contains("key");
            } catch (const Json::exception&) {
                ok = false;
            }
        }
        if (!ok) {
            if (!last) throw InputError(path + " line " + std::to_string(line_no) + ": not a game record");
            break;
        }
        out.push_back(std::move(rec));
        pos = nl + 1;
        good_end = pos;
    }
    if (good_end < text.size()) {
        if (truncate(path.c_str(), static_cast<off_t>(good_end)) != 0)
            throw std::runtime_error("cannot trim the torn last line of " + path + ": " + std::strerror(errno));
    }
    return out;
}

GameLog::GameLog(std::string path) : path_(std::move(path)) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot open " + path_ + ": " + std::strerror(errno));
}

GameLog::~GameLog() {
    if (fd_ >= 0) ::close(fd_);
}

void GameLog::append(const Json& record) {
    const std::string line = record.dump() + "\n";
    std::lock_guard<std::mutex> lock(mutex_);
    const ssize_t n = ::write(fd_, line.data(), line.size());
    if (n != static_cast<ssize_t>(line.size()))
        throw std::runtime_error("cannot append to " + path_ + ": " + (n < 0 ? std::strerror(errno) : "short write"));
    ::fdatasync(fd_);
}

}  // namespace pursuit::arena
