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
namespace {

bool all_of(const Json& a, bool (Json::*is)() const noexcept) {
    for (const auto& x : a)
        if (!(x.*is)()) return false;
    return true;
}

bool null_or_string(const Json& x) { return x.is_null() || x.is_string(); }
bool null_or_number(const Json& x) { return x.is_null() || x.is_number(); }

// What makes `r` not a record the summary can read ("" = fine): the shapes match_runner
// writes. Missing optional fields become null ("reason": ""), so readers may index them. (Found by fuzzing:
// a hand-edited or foreign games.jsonl reached undefined behaviour on --resume.)
std::string record_problem(Json& r) {
    if (!r.is_object()) return "not an object";
    if (!r.contains("key") || !r["key"].is_string()) return "no \"key\" string";
    if (!r.contains("index") || !r["index"].is_number_integer()) return "no \"index\" integer";
    if (!r.contains("status") || !r["status"].is_string()) return "no \"status\" string";
    if (!r.contains("map") || !r["map"].is_string()) return "no \"map\" string";
    if (!r.contains("seed")) return "no \"seed\"";
    const Json& bots = r.contains("bots") ? r["bots"] : Json();
    if (!bots.is_array() || bots.empty() || bots.size() > 2 || !all_of(bots, &Json::is_string))
        return "\"bots\" is not 1 or 2 names";
    const auto sides = static_cast<std::int64_t>(bots.size());
    for (const char* field : {"winner", "scores", "faults", "move_times_ms", "captures"})
        if (!r.contains(field)) r[field] = nullptr;
    if (!r.contains("reason") || r["reason"].is_null()) r["reason"] = "";  // read with value(.., string)
    const Json& w = r["winner"];
    if (!w.is_null() && !(w.is_number_integer() && w.get<std::int64_t>() >= -1 && w.get<std::int64_t>() < sides))
        return "\"winner\" is not -1, null or a side";
    for (const char* field : {"scores", "faults", "move_times_ms"})
        if (!r[field].is_null() && !(r[field].is_array() && static_cast<std::int64_t>(r[field].size()) <= sides))
            return std::string("\"") + field + "\" is not one entry per side";
    if (r["scores"].is_array())
        for (const auto& x : r["scores"])
            if (!null_or_number(x)) return "a score is not a number";
    if (r["faults"].is_array())
        for (const auto& x : r["faults"])
            if (!null_or_string(x)) return "a fault is not a string";
    if (r["move_times_ms"].is_array())
        for (const auto& times : r["move_times_ms"])
            if (!times.is_array() || !all_of(times, &Json::is_number)) return "\"move_times_ms\" is not arrays of numbers";
    if (!null_or_number(r["captures"])) return "\"captures\" is not a number";
    if (r.contains("tiebreaks") && !r["tiebreaks"].is_null() &&
        !(r["tiebreaks"].is_array() && all_of(r["tiebreaks"], &Json::is_number)))
        return "\"tiebreaks\" is not an array of numbers";
    if (!r["reason"].is_string()) return "\"reason\" is not a string";
    return "";
}

}  // namespace

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
        std::string problem = "not JSON";
        if (ok) {
            rec = Json::parse(line, nullptr, /*allow_exceptions=*/false);
            problem = rec.is_discarded() ? "not JSON" : record_problem(rec);
            ok = problem.empty();
        }
        if (!ok) {
            if (!last) throw InputError(path + " line " + std::to_string(line_no) + ": not a game record (" + problem + ")");
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
    const std::string line = json_text(record) + "\n";
    std::lock_guard<std::mutex> lock(mutex_);
    const ssize_t n = ::write(fd_, line.data(), line.size());
    if (n != static_cast<ssize_t>(line.size()))
        throw std::runtime_error("cannot append to " + path_ + ": " + (n < 0 ? std::strerror(errno) : "short write"));
    ::fdatasync(fd_);
}

}  // namespace pursuit::arena
