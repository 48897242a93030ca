// Owns: `hostile-player MODE TAG [-- GOOD_COMMAND]`, the misbehaving contestant of the
// hostile-program matrix (hostile_matrix_test.cpp). TAG only marks the process (the test
// finds leftovers by it). Modes:
//   sleep        never reads, never writes
//   exit         exits at once
//   crash        plays like GOOD_COMMAND for 2 reply lines, then dies of SIGSEGV
//   garbage      writes a line of binary bytes, then waits
//   flood        writes a gigabyte without a newline
//   deaf         plays GOOD_COMMAND's first reply line, then never reads nor writes again
//   fork         forks a child that keeps stdout open and sleeps; the parent exits
//   ignore-quit  plays like GOOD_COMMAND; after "Quit" or end of input it ignores SIGTERM
//                and sleeps (the judge must kill it)
//   crlf         plays like GOOD_COMMAND but ends every line with " \t\r\n" (a Windows-built
//                bot with a sloppy formatter): every judge must accept it as the same line
// "Plays like GOOD_COMMAND" = runs it as a child and relays lines both ways, so one hostile
// program fits every judge's protocol.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

// A real crash even under a sanitizer runtime (which would otherwise catch SIGSEGV and exit).
[[noreturn]] void die_of_segv() {
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
    std::abort();
}

[[noreturn]] void sleep_forever() {
    for (;;) pause();
}

bool write_all(int fd, const char* data, std::size_t n) {
    while (n > 0) {
        const ssize_t w = write(fd, data, n);
        if (w <= 0) return false;
        data += w;
        n -= static_cast<std::size_t>(w);
    }
    return true;
}

struct Child {
    pid_t pid = -1;
    int in = -1, out = -1;  // our ends: write to its stdin, read its stdout
};

Child start(const std::string& command) {
    int to[2], from[2];
    if (pipe(to) != 0 || pipe(from) != 0) std::exit(3);
    Child c;
    c.pid = fork();
    if (c.pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(to[0]), close(from[1]);
    c.in = to[1];
    c.out = from[0];
    return c;
}

bool is_quit(const std::string& line) {
    std::string l;
    for (char ch : line)
        if (ch != '\r' && ch != ' ') l += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return l == "quit";
}

// Relays judge <-> good program. Calls on_reply(count) after each reply line it forwarded
// (it may not return). Returns when the judge's input ends or says Quit. A non-null `ending`
// replaces the end of every reply line ("\n" or "\r\n").
template <class OnReply>
void relay(Child& c, OnReply on_reply, const char* ending = nullptr) {
    std::string from_judge, from_child;
    int replies = 0;
    bool judge_open = true;
    while (judge_open) {
        pollfd fds[2] = {{0, POLLIN, 0}, {c.out, POLLIN, 0}};
        if (poll(fds, 2, -1) < 0) continue;
        char buf[65536];
        if (fds[0].revents & (POLLIN | POLLHUP)) {
            const ssize_t n = read(0, buf, sizeof buf);
            if (n <= 0) break;
            from_judge.append(buf, static_cast<std::size_t>(n));
            std::size_t nl;
            while ((nl = from_judge.find('\n')) != std::string::npos) {
                const std::string line = from_judge.substr(0, nl + 1);
                from_judge.erase(0, nl + 1);
                if (is_quit(line.substr(0, nl))) {
                    judge_open = false;
                    break;
                }
                write_all(c.in, line.data(), line.size());
            }
        }
        if (fds[1].revents & (POLLIN | POLLHUP)) {
            const ssize_t n = read(c.out, buf, sizeof buf);
            if (n <= 0) break;  // the good program ended: so do we
            from_child.append(buf, static_cast<std::size_t>(n));
            std::size_t nl;
            while ((nl = from_child.find('\n')) != std::string::npos) {
                std::string line = from_child.substr(0, nl + 1);
                if (ending) {
                    line.pop_back();
                    if (!line.empty() && line.back() == '\r') line.pop_back();
                    line += ending;
                }
                if (!write_all(1, line.data(), line.size())) return;
                from_child.erase(0, nl + 1);
                on_reply(++replies);
            }
        }
    }
}

int usage() {
    std::fputs("usage: hostile-player sleep|exit|crash|garbage|flood|deaf|fork|ignore-quit|crlf TAG [-- GOOD_COMMAND]\n", stderr);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) return usage();
    const std::string mode = argv[1];
    std::string good;
    for (int i = 3; i < argc; ++i)
        if (std::strcmp(argv[i], "--") != 0) good += (good.empty() ? "" : " ") + std::string(argv[i]);
    signal(SIGPIPE, SIG_IGN);
    if (mode == "sleep") sleep_forever();
    if (mode == "exit") return 0;
    if (mode == "garbage") {
        const char junk[] = "\x01\x02\xff\xfe\x00\x7f\x1b[2J\x80\x81garbage\x00\n";
        write_all(1, junk, sizeof junk - 1);
        sleep_forever();
    }
    if (mode == "flood") {
        static char block[1 << 20];
        std::memset(block, 'A', sizeof block);
        for (int i = 0; i < 1024; ++i)
            if (!write_all(1, block, sizeof block)) return 0;
        sleep_forever();
    }
    if (mode == "fork") {
        if (fork() == 0) sleep_forever();  // keeps stdin/stdout/stderr open
        return 0;
    }
    if (good.empty()) return usage();
    Child c = start(good);
    if (mode == "crash") {
        relay(c, [](int replies) {
            if (replies >= 2) die_of_segv();
        });
        die_of_segv();
    }
    if (mode == "deaf") {
        relay(c, [](int) { sleep_forever(); });
        sleep_forever();
    }
    if (mode == "ignore-quit") {
        relay(c, [](int) {});
        close(c.in);
        signal(SIGTERM, SIG_IGN);
        signal(SIGINT, SIG_IGN);
        signal(SIGHUP, SIG_IGN);
        sleep_forever();
    }
    if (mode == "crlf") {
        relay(c, [](int) {}, " \t\r\n");
        close(c.in);  // the good program sees the end of its input and exits
        waitpid(c.pid, nullptr, 0);
        return 0;
    }
    return usage();
}
