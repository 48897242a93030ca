// Owns: the implementation of the judge file helpers (see judge_io.h).
#include "common/judge_io.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/errors.h"
#include "common/line_reader.h"
#include "common/seconds_text.h"

namespace pursuit {

std::string read_file(const std::string& path, std::size_t max_bytes, const std::string& too_big) {
    std::error_code ec;
    // A directory opens as a stream and reads as an empty file: say what it is instead.
    if (std::filesystem::is_directory(path, ec)) throw InputError("cannot read " + path + ": it is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot read " + path + ": " + std::strerror(errno));
    std::string text;
    std::vector<char> buf(65536);
    while (in) {
        in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
        text.append(buf.data(), static_cast<std::size_t>(in.gcount()));
        if (text.size() > max_bytes) throw InputError(path + ": more than " + std::to_string(max_bytes) + " bytes, " + too_big);
    }
    if (in.bad()) throw InputError("cannot read " + path + ": " + std::strerror(errno));
    return text;
}

void refuse_folder_on_stdin() {
    struct stat st {};
    if (fstat(0, &st) == 0 && S_ISDIR(st.st_mode)) throw InputError("cannot read standard input: it is a directory");
}

std::string read_stdin(std::size_t max_bytes, const std::string& too_big) {
    refuse_folder_on_stdin();
    std::string text;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(0, buf, sizeof buf);
        if (n > 0) text.append(buf, static_cast<std::size_t>(n));
        else if (n == 0) return text;
        else if (errno != EINTR) throw InputError(std::string("cannot read standard input: ") + std::strerror(errno));
        if (text.size() > max_bytes) throw InputError("standard input: more than " + std::to_string(max_bytes) + " bytes, " + too_big);
    }
}

// "option --seed" for an option, "argument COLS" for a positional word (it said "option COLS").
static std::string named(const std::string& option) { return (option.rfind('-', 0) == 0 ? "option " : "argument ") + option; }

long long option_int(const std::string& option, const std::string& text, long long lo, long long hi) {
    long long v;
    if (!parse_int(text, v) || v < lo || v > hi)
        throw UsageError(named(option) + ": expected an integer " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + quoted_excerpt(text));
    return v;
}

std::string wrote_line(const std::vector<std::string>& files, const std::vector<std::string>& replays) {
    std::vector<std::string> parts = files;
    if (replays.size() <= 2) parts.insert(parts.end(), replays.begin(), replays.end());
    else parts.push_back(std::to_string(replays.size()) + " replays " + replays.front() + " ... " + replays.back());
    // Two outputs on the standard output are named once ("wrote the standard output and the
    // standard output" said it twice); two files of one name are refused before a game.
    std::vector<std::string> names;
    for (const std::string& part : parts)
        if (std::find(names.begin(), names.end(), output_name(part)) == names.end()) names.push_back(output_name(part));
    std::string line;
    for (std::size_t i = 0; i < names.size(); ++i)
        line += (i == 0 ? "wrote " : i + 1 == names.size() ? " and " : ", ") + names[i];
    return line;
}

bool write_each(const char* program, const std::vector<std::pair<std::string, const Json*>>& files, std::FILE* line_to) {
    std::vector<std::string> written;
    bool all = true;
    for (const auto& [path, json] : files) {
        if (path.empty()) continue;
        try {
            write_json_file(path, *json);
            written.push_back(path);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "%s: %s\n", program, e.what());
            all = false;
        }
    }
    if (!written.empty()) std::fprintf(line_to, "%s\n", wrote_line(written).c_str());
    return all;
}

void SeriesFiles::write(const std::string& path, const Json& json, std::vector<std::string>& into, bool mid_series) {
    try {
        write_json_file(path, json);
    } catch (const std::exception&) {
        if (mid_series) std::fprintf(stderr, "\n");
        if (!files_.empty() || !replays_.empty()) {
            std::printf("%s\n", line().c_str());
            std::fflush(stdout);
        }
        throw;
    }
    into.push_back(path);
}

std::uint64_t option_seed(const std::string& option, const std::string& text) {
    return static_cast<std::uint64_t>(option_int(option, text, 0, 1LL << 62));
}

// Digits with an optional sign, point and exponent ("0.5", "5.", ".5", "1e-3"): what strtod
// reads and more (" 5", "0x10", "inf") is not a number a person writes for a time.
static bool plain_decimal(const std::string& text) {
    std::size_t i = 0, digits = 0;
    const auto run = [&] {
        std::size_t n = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i, ++n;
        return n;
    };
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    digits += run();
    if (i < text.size() && text[i] == '.') ++i, digits += run();
    if (digits == 0) return false;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
        if (run() == 0) return false;
    }
    return i == text.size();
}

double option_number(const std::string& option, const std::string& text, double lo, double hi) {
    char* end = nullptr;
    errno = 0;
    const bool plain = plain_decimal(text);
    const double v = plain ? std::strtod(text.c_str(), &end) : 0;
    if (!plain || *end != '\0' || errno == ERANGE || !(v >= lo && v <= hi)) {
        std::ostringstream range;
        range << lo << ".." << hi;
        throw UsageError(named(option) + ": expected a number " + range.str() + ", got " + quoted_excerpt(text));
    }
    return v;
}

namespace {

std::string through_links(const std::string& path);

}  // namespace

void make_folders(const std::string& dir, std::error_code& ec) {
    namespace fs = std::filesystem;
    fs::create_directories(dir, ec);
    if (!ec) return;
    // A link to a folder not made yet (`ln -s ../runs out`, then `--out out`): made where the
    // link points, as a link to a missing file is written through. create_directories said "File
    // exists" (the link), for every --out, --replays and --set.
    std::error_code look;
    if (!fs::is_symlink(dir, look) || fs::exists(dir, look)) return;
    std::error_code again;
    fs::create_directories(through_links(dir), again);
    if (!again && fs::is_directory(dir, look)) ec.clear();
}

namespace {

// Makes the parent folders of `path` and names the temporary file beside it that write_file
// renames into place: the same directory, so rename() is atomic; the pid keeps parallel
// writers apart. check_writable tries the same steps before a game.
std::string temp_beside(const std::string& path) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    std::error_code ec;
    // "x/..", "x/." or "x/" name a folder even when it does not exist yet: the check before a
    // run made x, passed, and the write after it failed (rename: "Device or resource busy").
    const std::string name = target.filename().string();
    if (name.empty() || name == "." || name == "..")
        throw std::runtime_error("cannot write " + path + ": it names a folder, not a file");
    if (target.has_parent_path()) {
        make_folders(target.parent_path().string(), ec);
        if (ec) throw std::runtime_error("cannot write " + path + ": " + ec.message());
    }
    return path + ".tmp" + std::to_string(::getpid());
}

}  // namespace

namespace {

// An existing target that is not a regular file (a device such as /dev/null, a pipe, a
// terminal, /dev/stdout): written in place, never replaced. The temporary file + rename made
// `--replay /dev/null` (as root) a regular file in /dev; `--replay /dev/stdout` could not be used.
bool is_special_target(const std::string& path) {
    std::error_code ec;
    const auto st = std::filesystem::status(path, ec);  // follows links
    return !ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st) && !std::filesystem::is_directory(st);
}

// Where `path` leads, as open() follows it: a link to a file is written through (the file it
// names replaced, the link kept), a dangling link at the missing file at the end of its chain
// (created there, as `> link` creates it). A dangling link was replaced by a file: `--replay
// /dev/stdout` with the standard output closed made /dev/stdout, as root, a regular file.
std::string through_links(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_symlink(path, ec)) return path;
    fs::path at = path;
    for (int hops = 0; hops < 40 && fs::is_symlink(at, ec); ++hops) {  // (40: the kernel's own limit)
        const fs::path target = fs::read_symlink(at, ec);
        if (ec) break;
        at = target.is_absolute() ? target : at.parent_path() / target;
    }
    const auto real = fs::canonical(at, ec);
    return ec ? at.string() : real.string();
}

// A file descriptor's entry that is not open (/proc/self/fd/1, /dev/fd/1, where /dev/stdout leads
// with the standard output closed): nothing to write to, and no file can be made there.
void refuse_closed_descriptor(const std::string& given, const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(fs::symlink_status(path, ec))) return;
    const fs::path parent = fs::weakly_canonical(fs::path(path).parent_path(), ec);
    const std::string name = fs::path(path).filename().string();
    static const std::regex descriptor_folder(R"(/proc/(\d+|self|thread-self)(/task/\d+)?/fd)");
    if (ec || !std::regex_match(parent.string(), descriptor_folder) || name.empty() || name.size() > 9 ||
        name.find_first_not_of("0123456789") != std::string::npos)
        return;
    static const char* const kStreams[] = {"the standard input", "the standard output", "the standard error"};
    const int fd = std::stoi(name);
    throw std::runtime_error("cannot write " + given + ": " + (fd <= 2 ? std::string(kStreams[fd]) + " (file descriptor " + name + ")"
                                                                       : "file descriptor " + name) + " is not open");
}

// "-/x": a folder option given "-" (`--out -`), which names the standard output, not a folder; a
// folder named "-" was made, and "wrote -/result.json" said nothing was wrong ("./-" still makes one).
void refuse_dash_folder(const std::string& path) {
    if (path.rfind("-/", 0) == 0)
        throw std::runtime_error("cannot write " + path + ": \"-\" is the standard output, not a folder (give a folder's name)");
}

// The standard input named as an output (`--replay /dev/stdin < file`): the file or pipe the
// program reads. (A terminal is both ends of a session: written as any device.)
void refuse_standard_input(const std::string& path) {
    struct stat target {}, input {};
    if (::stat(path.c_str(), &target) != 0 || ::fstat(STDIN_FILENO, &input) != 0 || S_ISCHR(input.st_mode)) return;
    if (target.st_dev == input.st_dev && target.st_ino == input.st_ino)
        throw std::runtime_error("cannot write " + path + ": it is the standard input, which this program reads");
}

// Every refusal before a write or its check: the path cannot be an output.
std::string output_target(const std::string& given) {
    refuse_dash_folder(given);
    refuse_standard_input(given);
    const std::string path = through_links(given);
    refuse_closed_descriptor(given, path);
    return path;
}

// Opens a named pipe for writing once a process reads it, waiting at most `wait_ms` (opened
// plainly, the open blocks until one does, for ever when none will).
int open_pipe_when_read(const std::string& path, int wait_ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
    for (;;) {
        const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0) {
            ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);  // the writes may wait for the reader
            return fd;
        }
        if (errno != ENXIO) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        if (std::chrono::steady_clock::now() >= until)
            throw std::runtime_error("cannot write " + path + ": it is a named pipe and no process opened it to read (waited " +
                                     seconds_text(std::chrono::milliseconds(wait_ms), 1) + ")");
        ::usleep(20000);
    }
}

// All of `text` to `fd`; a reader that goes away is an error, not a SIGPIPE that kills the
// program (judges that run no player do not ignore it).
void write_all(const std::string& path, int fd, const std::string& text) {
    sigset_t pipe_signal, old_mask;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &old_mask);
    int err = 0;
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t k = ::write(fd, text.data() + done, text.size() - done);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) {
            err = errno;
            break;
        }
        done += static_cast<std::size_t>(k);
    }
    if (err == EPIPE) {  // the SIGPIPE it raised is pending while blocked: taken here, not later
        const timespec now{0, 0};
        sigtimedwait(&pipe_signal, nullptr, &now);
    }
    pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
    if (err) throw std::runtime_error("cannot write " + path + ": " + std::strerror(err));
}

void write_to_pipe(const std::string& path, int fd, const std::string& text) {
    try {
        write_all(path, fd, text);
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
}

// Written after whatever the program printed there so far, through the stream's own
// descriptor, so the file or pipe behind it keeps the lines before and after.
void write_to_standard_stream(const std::string& path, int fd, const std::string& text) {
    std::cout.flush();
    std::cerr.flush();
    std::fflush(stdout);
    std::fflush(stderr);
    write_all(output_name(path), fd, text);
}

void write_in_place(const std::string& path, const std::string& text, int pipe_wait_ms) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode)) return write_to_pipe(path, open_pipe_when_read(path, pipe_wait_ms), text);
    std::ofstream out(path, std::ios::binary | std::ios::out);
    if (!out) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
    out << text;
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

}  // namespace

int standard_stream_named(const std::string& path) {
    if (path == "-") return STDOUT_FILENO;
    struct stat target {};
    if (::stat(path.c_str(), &target) != 0) return -1;
    for (const int fd : {STDOUT_FILENO, STDERR_FILENO}) {
        struct stat stream {};
        if (::fstat(fd, &stream) == 0 && stream.st_dev == target.st_dev && stream.st_ino == target.st_ino) return fd;
    }
    return -1;
}

std::string output_name(const std::string& path) { return path == "-" ? "the standard output" : path; }

bool same_output_file(const std::string& a, const std::string& b) {
    namespace fs = std::filesystem;
    if (standard_stream_named(a) >= 0 || standard_stream_named(b) >= 0) return false;
    std::error_code ec_a, ec_b;
    if (fs::equivalent(a, b, ec_a)) return true;
    const fs::path where_a = fs::weakly_canonical(fs::absolute(through_links(a)), ec_a);
    const fs::path where_b = fs::weakly_canonical(fs::absolute(through_links(b)), ec_b);
    return !ec_a && !ec_b && where_a == where_b;
}

void write_file(const std::string& given, const std::string& text, int pipe_wait_ms) {
    namespace fs = std::filesystem;
    if (const int fd = standard_stream_named(given); fd >= 0) return write_to_standard_stream(given, fd, text);
    const std::string path = output_target(given);
    if (is_special_target(given)) return write_in_place(given, text, pipe_wait_ms);
    const fs::path target(path);
    std::error_code ec;
    const std::string temp = temp_beside(path);
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        out << text;
        out.flush();
        if (!out) {
            int err = errno;
            fs::remove(temp, ec);
            throw std::runtime_error("cannot write " + path + ": " + std::strerror(err));
        }
    }
    fs::rename(temp, target, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(temp, ignored);
        throw std::runtime_error("cannot write " + path + ": " + ec.message());
    }
}

void check_writable(const std::string& given) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (standard_stream_named(given) >= 0) return;
    if (fs::is_directory(given, ec)) throw std::runtime_error("cannot write " + given + ": it is a directory");
    const std::string path = output_target(given);
    if (is_special_target(given)) {  // not opened: a pipe without a reader would block here
        if (::access(given.c_str(), W_OK) != 0) throw std::runtime_error("cannot write " + given + ": " + std::strerror(errno));
        return;
    }
    const std::string temp = temp_beside(path);
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
    }
    fs::remove(temp, ec);
}

void check_not_input(const std::string& output, const std::string& input, const std::string& what) {
    std::error_code ec;
    if (std::filesystem::equivalent(output, input, ec))
        throw std::runtime_error("cannot write " + output + ": it is the " + what + " (" + input + "), which it would replace");
}

void write_json_file(const std::string& path, const Json& json) { write_file(path, json_text(json, 1) + "\n"); }

std::string make_temp_dir(const std::string& prefix) {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/" + prefix + "XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (!::mkdtemp(buf.data())) throw std::runtime_error("cannot create a temporary directory " + pattern + ": " + std::strerror(errno));
    return buf.data();
}

int exit_after_stdout(const char* program, int status) {
    std::cout.flush();
    errno = 0;
    const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
    if (!failed) return status;
    const int err = errno;
    std::fprintf(stderr, "%s: cannot write the standard output%s%s\n", program, err ? ": " : "", err ? std::strerror(err) : "");
    return status == 0 ? 1 : status;
}

}  // namespace pursuit
