// Owns: the small file and timing helpers every native judge needs: read a whole file, write
// one (creating parent directories, atomically), write JSON, make a fresh temporary
// directory, and a steady-clock Stopwatch. Native only (files and clocks stay out of core/).
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "common/errors.h"
#include "common/json.h"

namespace pursuit {

// No limit on what read_file / read_stdin read.
inline constexpr std::size_t kUnlimitedBytes = static_cast<std::size_t>(-1);
// The whole file. Throws InputError "cannot read <path>: <reason>". With `max_bytes`, reading
// stops past it (a huge file or /dev/zero was read whole until memory ran out): more is an
// InputError "<path>: more than <max_bytes> bytes, <too_big>", e.g. too_big = "larger than any map".
std::string read_file(const std::string& path, std::size_t max_bytes = kUnlimitedBytes, const std::string& too_big = "");
// All of standard input (file descriptor 0). Throws InputError "cannot read standard input:
// <reason>" ("it is a directory" for `prog < somefolder`, where a stream would throw an
// uncaught std::ios_base::failure or read as empty); past `max_bytes` "standard input: more
// than <max_bytes> bytes, <too_big>".
std::string read_stdin(std::size_t max_bytes = kUnlimitedBytes, const std::string& too_big = "");
// Throws that InputError "cannot read standard input: it is a directory" for `prog < somefolder`:
// for a program that looks at standard input before it reads it whole (searchparty-solver).
void refuse_folder_on_stdin();
// The program's standard output or error (1 or 2) when `path` names it: "-", /dev/stdout,
// /proc/self/fd/1, or the very file stdout is redirected to; -1 otherwise.
int standard_stream_named(const std::string& path);
// An output path as a message names it: "the standard output" for "-", else the path.
std::string output_name(const std::string& path);
// Whether two output paths name one file, so the second write would replace the first (another
// spelling, a link; missing files too). Never for the standard output or error, where the second
// comes after the first.
bool same_output_file(const std::string& a, const std::string& b);
// Replaces `path` with `text` (via a temporary file + rename, so readers never see half a
// file); creates missing parent directories. A link to a file is written through (the file
// replaced, the link kept), a dangling one to the missing file at its end (one to a closed
// descriptor, /dev/stdout with stdout closed, is refused); a device, pipe or terminal
// (/dev/null) is written in place, never replaced. "-" is the standard output; a path naming
// the standard output or error (/dev/stdout, or the file stdout is redirected to) is written
// through that stream, after what the program printed there. Refused: "-/x" (a folder option
// given "-") and the standard input (`--replay /dev/stdin < file`). A named pipe with no
// process reading it is waited for `pipe_wait_ms`, then refused (a run's replay written to a
// pipe nobody opened hung at its end, its other files not written). Throws
// std::runtime_error "cannot write ...".
inline constexpr int kPipeReaderWaitMs = 10000;
void write_file(const std::string& path, const std::string& text, int pipe_wait_ms = kPipeReaderWaitMs);
// write_file of json_text(json, 1) plus a final newline.
void write_json_file(const std::string& path, const Json& json);
// std::filesystem::create_directories, but a link to a missing folder makes the folder it points
// to (as writing through a link to a missing file makes the file); `ec` as create_directories'.
void make_folders(const std::string& dir, std::error_code& ec);
// Checks, before a game starts, that write_file(path, ...) will be able to write there:
// creates missing parent directories and creates + removes a temporary file beside `path`
// (nothing for "-" and the standard streams).
// Throws std::runtime_error "cannot write <path>: <reason>" (so a judge refuses to start
// instead of losing a finished game's result to a typo in --out).
void check_writable(const std::string& path);
// Throws when `output` names the same file as `input` (another spelling, a link): a replay
// written over the map it was played on. `what` names the input ("map file").
void check_not_input(const std::string& output, const std::string& input, const std::string& what);
// The line a program prints after writing files, as every judge words it: "wrote A", "wrote A
// and B"; `files` are named one by one, then the `replays`: named when one or two, else
// "N replays FIRST ... LAST". "" when nothing was written.
std::string wrote_line(const std::vector<std::string>& files, const std::vector<std::string>& replays = {});
// A single game's files (result, replay): each (path, json) with a path is written, every one
// tried so a failing write loses nothing else; a failure is named on stderr as "PROGRAM: ...",
// and the wrote_line() of those written is printed on `line_to` (nothing when none). True when
// every file was written.
bool write_each(const char* program, const std::vector<std::pair<std::string, const Json*>>& files, std::FILE* line_to = stdout);
// The files a series writes (a replay per game, then a summary), named by wrote_line(). A write
// that fails prints the 'wrote ...' line of the files already written on stdout (nothing when
// none) before the write_json_file error goes on, so a run that ends there still says which.
// A replay's failure first ends the series' progress line on stderr ("\r[k/N] ..."), as the
// series does after its last game, so the error and the line do not run on after it.
class SeriesFiles {
public:
    void replay(const std::string& path, const Json& json) { write(path, json, replays_, true); }
    void file(const std::string& path, const Json& json) { write(path, json, files_, false); }  // named first
    std::string line() const { return wrote_line(files_, replays_); }

private:
    void write(const std::string& path, const Json& json, std::vector<std::string>& into, bool mid_series);
    std::vector<std::string> files_, replays_;
};
// A new empty directory $TMPDIR/<prefix>XXXXXX (TMPDIR defaults to /tmp); returns its path.
// Throws std::runtime_error on failure. The caller removes it when done.
std::string make_temp_dir(const std::string& prefix);

// A bad command line (an unknown option, a missing or bad value, options of another mode),
// as against bad input data (a map, a file): programs exit with status 2 for it, 1 for data.
struct UsageError : InputError {
    using InputError::InputError;
};

// The value of a numeric command-line option: the whole text must be a number in lo..hi.
// Throws UsageError naming the option, e.g. "option --seed: expected an integer 0..100, got 'abc'"
// (std::stoi / atoi said "stoi" or took "abc" as 0); a name without a leading '-' is a positional
// word: "argument COLS: …".
long long option_int(const std::string& option, const std::string& text, long long lo, long long hi);
double option_number(const std::string& option, const std::string& text, double lo, double hi);
// A program's exit status once its standard output is flushed: `status`, or 1 (with a line on
// stderr naming the program) when the output could not all be written (a full disk, a closed
// pipe): a truncated map or solution must not look like a success.
int exit_after_stdout(const char* program, int status);

// A seed: an integer 0..2^62 (option_int's rules and message).
std::uint64_t option_seed(const std::string& option, const std::string& text);

// Wall-clock time since construction or the last restart(), on the steady clock.
class Stopwatch {
public:
    Stopwatch() : start_(std::chrono::steady_clock::now()) {}
    void restart() { start_ = std::chrono::steady_clock::now(); }
    std::chrono::nanoseconds elapsed() const { return std::chrono::steady_clock::now() - start_; }
    double elapsed_ms() const { return std::chrono::duration<double, std::milli>(elapsed()).count(); }
    double elapsed_s() const { return std::chrono::duration<double>(elapsed()).count(); }

private:
    std::chrono::steady_clock::time_point start_;
};

}  // namespace pursuit
