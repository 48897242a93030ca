// Owns: OUT/games.jsonl, the tournament's durable state: one JSON record per finished game,
// each appended with a single write(2) on an O_APPEND descriptor and fsync'ed, so a killed
// arena leaves at most one torn last line, which load_game_log() drops (and trims away)
// before a --resume appends again.
#pragma once
#include <mutex>
#include <string>
#include <vector>

#include "common/json.h"

namespace pursuit::arena {

// Complete records of the log (missing file = none). A torn or non-JSON last line is cut
// off the file; a bad line in the middle throws InputError naming the line.
std::vector<Json> load_game_log(const std::string& path);

class GameLog {
public:
    explicit GameLog(std::string path);
    ~GameLog();
    GameLog(const GameLog&) = delete;
    GameLog& operator=(const GameLog&) = delete;
    void append(const Json& record);  // thread-safe; throws std::runtime_error on I/O failure

private:
    std::string path_;
    int fd_ = -1;
    std::mutex mutex_;
};

}  // namespace pursuit::arena
