// Owns: tests of the judge file helpers (judge_io.h) on a real temporary directory.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <thread>

#include "common/errors.h"
#include "common/judge_io.h"
#include "common/seconds_text.h"

using namespace pursuit;

// The one duration formatter behind "no reply within 0.300 s" and "(waited 0.3 s)": fixed
// point with the decimals asked for, so a 100 s wait is "100.0 s" (a 4-character cut gave "100.").
TEST(JudgeIo, SecondsTextHasTheDecimalsAskedForAndTheUnit) {
    using namespace std::chrono_literals;
    EXPECT_EQ(seconds_text(300ms, 3), "0.300 s");
    EXPECT_EQ(seconds_text(1200ms, 3), "1.200 s");
    EXPECT_EQ(seconds_text(300ms, 1), "0.3 s");
    EXPECT_EQ(seconds_text(100s, 1), "100.0 s");
    EXPECT_EQ(seconds_text(2500us, 3), "0.003 s");  // rounded, as printf rounds
}

TEST(JudgeIo, WritesCreatingDirectoriesAndReadsBack) {
    std::string dir = make_temp_dir("pursuit-io-");
    ASSERT_TRUE(std::filesystem::is_directory(dir));
    std::string path = dir + "/a/b/out.txt";
    write_file(path, std::string("line 1\n\0binary", 14));
    EXPECT_EQ(read_file(path), std::string("line 1\n\0binary", 14));
    write_file(path, "shorter");  // replaced, not appended
    EXPECT_EQ(read_file(path), "shorter");

    write_json_file(dir + "/r.json", Json{{"winner", "cop"}, {"moves", {1, 2}}});
    Json back = Json::parse(read_file(dir + "/r.json"));
    EXPECT_EQ(back["winner"], "cop");
    EXPECT_EQ(back["moves"].size(), 2u);
    EXPECT_EQ(read_file(dir + "/r.json").back(), '\n');

    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir + "/a/b"), {}), 1);  // no temp left
    std::filesystem::remove_all(dir);
}

// `--replay /dev/null` run as root made /dev/null a regular file (a temporary file renamed over
// it), and a link to a replay was replaced by a file. Now a device or pipe is written in place and
// a link is written through. (A pipe stands in for /dev/null here: the old code on /dev/null
// would break the machine's.)
TEST(JudgeIo, APipeIsWrittenInPlaceAndALinkThrough) {
    namespace fs = std::filesystem;
    const std::string dir = make_temp_dir("pursuit-io-");
    const std::string pipe = dir + "/pipe";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    EXPECT_NO_THROW(check_writable(pipe)) << "a pipe without a reader is not opened (it would block)";
    const int reader = ::open(pipe.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    write_file(pipe, "{\"replay\": 1}\n");
    EXPECT_TRUE(fs::is_fifo(pipe)) << "the pipe was replaced";
    char buf[64] = {};
    EXPECT_EQ(::read(reader, buf, sizeof buf - 1), 14);
    EXPECT_STREQ(buf, "{\"replay\": 1}\n");
    ::close(reader);

    write_file(dir + "/real.json", "old");
    fs::create_symlink("real.json", dir + "/link.json");
    check_writable(dir + "/link.json");
    write_file(dir + "/link.json", "new");
    EXPECT_TRUE(fs::is_symlink(dir + "/link.json")) << "the link was replaced";
    EXPECT_EQ(read_file(dir + "/real.json"), "new");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), {}), 3) << "no temporary file left";
    fs::remove_all(dir);
}

// "-", /dev/stdout and the very file stdout is redirected to are the standard output: the
// text comes after what the program printed and before what it prints next. Written as files,
// `--replay /dev/stdout > out.txt` replaced out.txt through the link, losing the lines before.
TEST(JudgeIo, TheStandardOutputNamedAsAFileIsWrittenInTurn) {
    const std::string dir = make_temp_dir("pursuit-io-");
    const std::string out = dir + "/out.txt";
    std::fflush(stdout);
    const int saved = ::dup(STDOUT_FILENO);
    const int file = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ASSERT_GE(file, 0);
    ::dup2(file, STDOUT_FILENO);
    ::close(file);
    std::string refused;
    try {
        std::cout << "printed 1\n";
        for (const std::string& name : {std::string("-"), std::string("/dev/stdout"), out}) {
            check_writable(name);
            write_file(name, "written as " + name + "\n");
            std::printf("printed after %s\n", name.c_str());
        }
    } catch (const std::exception& e) {
        refused = e.what();
    }
    std::fflush(stdout);
    ::dup2(saved, STDOUT_FILENO);
    ::close(saved);
    EXPECT_EQ(refused, "");
    EXPECT_EQ(read_file(out), "printed 1\nwritten as -\nprinted after -\nwritten as /dev/stdout\nprinted after /dev/stdout\n"
                              "written as " + out + "\nprinted after " + out + "\n");
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1) << "no temporary file left";
    std::filesystem::remove_all(dir);
}

// A folder given as a link to a folder not made yet (`ln -s ../runs out`, then `--out out`): the
// folder is made where the link points, as for a file. Every --out said "File exists".
TEST(JudgeIo, AFolderThatIsALinkToAMissingFolderIsMadeWhereItPoints) {
    namespace fs = std::filesystem;
    const std::string dir = make_temp_dir("pursuit-io-");
    fs::create_symlink("runs/today", dir + "/out");
    check_writable(dir + "/out/result.json");
    write_file(dir + "/out/replay.json", "through");
    EXPECT_TRUE(fs::is_symlink(dir + "/out")) << "the link was replaced";
    EXPECT_EQ(read_file(dir + "/runs/today/replay.json"), "through");
    std::error_code ec;
    fs::create_symlink("more", dir + "/arena");
    make_folders(dir + "/arena", ec);
    EXPECT_FALSE(ec) << ec.message();
    EXPECT_TRUE(fs::is_directory(dir + "/more"));
    // A link to a file is not a folder: still refused.
    fs::create_symlink("runs/today/replay.json", dir + "/file-link");
    make_folders(dir + "/file-link", ec);
    EXPECT_TRUE(ec);
    fs::remove_all(dir);
}

// A dangling link is followed as open() follows it: the missing file at its end is made, the link
// kept (it was replaced by a file). One to a descriptor that is not open, as /dev/stdout with the
// standard output closed, is refused: as root the write made /dev/stdout a regular file.
TEST(JudgeIo, ADanglingLinkIsWrittenThroughAndOneToAClosedDescriptorRefused) {
    namespace fs = std::filesystem;
    const std::string dir = make_temp_dir("pursuit-io-");
    fs::create_symlink("sub/target.json", dir + "/dangling");
    check_writable(dir + "/dangling");
    write_file(dir + "/dangling", "through");
    EXPECT_TRUE(fs::is_symlink(dir + "/dangling")) << "the link was replaced";
    EXPECT_EQ(read_file(dir + "/sub/target.json"), "through");

    const int unused = 987;  // (not open in this test: fcntl says so)
    ASSERT_EQ(::fcntl(unused, F_GETFD), -1);
    fs::create_symlink("/proc/self/fd/" + std::to_string(unused), dir + "/closed");
    for (const std::string& path : {dir + "/closed", "/dev/fd/" + std::to_string(unused)}) {
        const std::string said = "cannot write " + path + ": file descriptor 987 is not open";
        try {
            check_writable(path);
            ADD_FAILURE() << path << ": the check passed";
        } catch (const std::runtime_error& e) { EXPECT_EQ(std::string(e.what()), said); }
        try {
            write_file(path, "lost");
            ADD_FAILURE() << path << ": written";
        } catch (const std::runtime_error& e) { EXPECT_EQ(std::string(e.what()), said); }
    }
    EXPECT_TRUE(fs::is_symlink(dir + "/closed")) << "the link was replaced";
    fs::remove_all(dir);
}

// What the program reads is no output (`--replay /dev/stdin < solution.txt` replaced the
// solution); "-/x" is a folder option given "-", which names the standard output.
TEST(JudgeIo, TheStandardInputAndADashFolderAreRefused) {
    namespace fs = std::filesystem;
    const std::string dir = make_temp_dir("pursuit-io-");
    write_file(dir + "/input.txt", "read me");
    const int saved = ::dup(STDIN_FILENO);
    const int file = ::open((dir + "/input.txt").c_str(), O_RDONLY);
    ASSERT_GE(file, 0);
    ::dup2(file, STDIN_FILENO);
    ::close(file);
    std::string said;
    try { check_writable("/dev/stdin"); } catch (const std::runtime_error& e) { said = e.what(); }
    ::dup2(saved, STDIN_FILENO);
    ::close(saved);
    EXPECT_EQ(said, "cannot write /dev/stdin: it is the standard input, which this program reads");
    EXPECT_EQ(read_file(dir + "/input.txt"), "read me");
    said.clear();
    try { write_file("-/replay.json", "{}"); } catch (const std::runtime_error& e) { said = e.what(); }
    EXPECT_EQ(said, "cannot write -/replay.json: \"-\" is the standard output, not a folder (give a folder's name)");
    EXPECT_FALSE(fs::exists("-"));
    fs::remove_all(dir);
}

// Two outputs are one file when the second would replace the first; on the standard output the
// second comes after the first.
TEST(JudgeIo, SameOutputFileByAnySpellingButNotTheStandardOutput) {
    namespace fs = std::filesystem;
    const std::string dir = make_temp_dir("pursuit-io-");
    EXPECT_TRUE(same_output_file(dir + "/new/x.json", dir + "/new/../new/./x.json")) << "missing files, spelled two ways";
    write_file(dir + "/real.json", "{}");
    fs::create_symlink("real.json", dir + "/link.json");
    EXPECT_TRUE(same_output_file(dir + "/real.json", dir + "/link.json"));
    EXPECT_FALSE(same_output_file(dir + "/real.json", dir + "/other.json"));
    EXPECT_FALSE(same_output_file("-", "-"));
    EXPECT_FALSE(same_output_file("-", "/dev/stdout"));
    fs::remove_all(dir);
}

// A named pipe nobody reads: the open blocked for ever, so a controller's run hung at its end
// with `--replay FIFO`. Now it waits for a reader, then says so; a reader that opens within the
// wait gets the text; a reader that goes away is an error, not a SIGPIPE that kills the judge.
TEST(JudgeIo, APipeNobodyReadsIsRefusedAfterAWait) {
    namespace fs = std::filesystem;
    const std::string dir = make_temp_dir("pursuit-io-");
    const std::string pipe = dir + "/pipe";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    const auto started = std::chrono::steady_clock::now();
    try {
        write_file(pipe, "{}\n", 300);
        FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("cannot write " + pipe + ": it is a named pipe and no process opened it to read (waited 0.3 s)"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_GE(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(300));

    // A reader that comes during the wait gets the whole text.
    std::string got;
    std::thread late_reader([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        got = read_file(pipe);
    });
    write_file(pipe, std::string(200000, 'x'), 5000);
    late_reader.join();
    EXPECT_EQ(got.size(), 200000u);

    // A reader that closes before reading: EPIPE named, and this process is still here.
    std::thread quitter([&] { ::close(::open(pipe.c_str(), O_RDONLY)); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::string error;
    for (int attempt = 0; attempt < 2 && error.empty(); ++attempt) {
        try {
            write_file(pipe, std::string(200000, 'x'), 2000);
        } catch (const std::runtime_error& e) {
            error = e.what();
        }
    }
    quitter.join();
    EXPECT_NE(error.find("cannot write " + pipe + ": "), std::string::npos) << error;
    EXPECT_TRUE(fs::is_fifo(pipe));
    fs::remove_all(dir);
}

// A path that names a folder by its spelling ("x/..", "x/.", "x/") passed the check before a run
// (which made x) and the write after it failed: the run's replay was lost. Refused at the check,
// and nothing made.
TEST(JudgeIo, APathSpelledAsAFolderIsRefusedAtTheCheck) {
    namespace fs = std::filesystem;
    const std::string dir = make_temp_dir("pursuit-io-");
    for (const std::string& path : {dir + "/x/..", dir + "/x/.", dir + "/x/"}) {
        try {
            check_writable(path);
            ADD_FAILURE() << path << ": no exception";
        } catch (const std::runtime_error& e) {
            EXPECT_EQ(std::string(e.what()), "cannot write " + path + ": it names a folder, not a file");
        }
        EXPECT_FALSE(fs::exists(dir + "/x")) << path;
        EXPECT_THROW(write_file(path, "{}"), std::runtime_error) << path;
    }
    fs::remove_all(dir);
}

TEST(JudgeIo, MissingFileNamesPathAndReason) {
    try {
        read_file("/nonexistent/pursuit/case.txt");
        FAIL() << "no exception";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("cannot read /nonexistent/pursuit/case.txt: No such file"), std::string::npos)
            << e.what();
    }
}

TEST(JudgeIo, ADirectoryIsNotReadAsAnEmptyFile) {
    // A map path that is a folder used to read as "" and every reader then said "empty map".
    const std::string dir = make_temp_dir("pursuit-io-");
    try {
        read_file(dir);
        FAIL() << "no exception";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), "cannot read " + dir + ": it is a directory");
    }
    std::filesystem::remove(dir);
}

TEST(JudgeIo, NumericOptionsNameTheOptionAndTheText) {
    EXPECT_EQ(option_int("--seed", "42", 0, 100), 42);
    EXPECT_EQ(option_number("--time-limit", "0.5", 0, 10), 0.5);
    // std::stoi said only "stoi"; atoi took "abc" as 0 and "5x" as 5.
    for (const char* bad : {"abc", "", "5x", "101", "-1", " 7"}) {
        try {
            option_int("--seed", bad, 0, 100);
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()), std::string("option --seed: expected an integer 0..100, got '") + bad + "'");
        }
    }
    EXPECT_EQ(option_number("--time-limit", "5.", 0, 10), 5.0);
    EXPECT_EQ(option_number("--time-limit", ".5", 0, 10), 0.5);
    EXPECT_EQ(option_number("--time-limit", "1e-3", 0, 10), 0.001);
    EXPECT_EQ(option_number("--time-limit", "+2E0", 0, 10), 2.0);
    // strtod's other forms were taken too: hexadecimal, a leading blank, infinity.
    for (const char* bad : {"abc", "", "1e", "nan", "11", "-0.5", "0x10", " 5", "5 ", "inf", ".", "1e+", "--1"}) {
        try {
            option_number("--time-limit", bad, 0, 10);
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()), std::string("option --time-limit: expected a number 0..10, got '") + bad + "'");
        }
    }
}

TEST(JudgeIo, TempDirsAreDistinct) {
    std::string a = make_temp_dir("pursuit-io-"), b = make_temp_dir("pursuit-io-");
    EXPECT_NE(a, b);
    std::filesystem::remove(a);
    std::filesystem::remove(b);
}

TEST(JudgeIo, StopwatchMeasuresWallTime) {
    Stopwatch w;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_GE(w.elapsed_ms(), 49);
    EXPECT_LT(w.elapsed_s(), 2.0);
    // restart() starts from now: less has passed since than before it (a comparison within the
    // test; a fixed 40 ms bound could fail on a loaded machine).
    const double before_restart = w.elapsed_ms();
    w.restart();
    EXPECT_LT(w.elapsed_ms(), before_restart);
}

// judge_io.h: with max_bytes a file of exactly that size is read; one byte more is the
// InputError naming the path, the limit and what it is larger than.
TEST(JudgeIo, ReadFileLimitAllowsExactlyMaxBytes) {
    const std::string dir = make_temp_dir("pursuit-io-");
    write_file(dir + "/ten", "0123456789");
    EXPECT_EQ(read_file(dir + "/ten", 10, "larger than any map"), "0123456789");
    try {
        read_file(dir + "/ten", 9, "larger than any map");
        ADD_FAILURE() << "no exception";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), dir + "/ten: more than 9 bytes, larger than any map");
    }
    std::filesystem::remove_all(dir);
}

// A numeric option's range is inclusive at both ends; a seed is 0..2^62.
TEST(JudgeIo, OptionRangesIncludeBothEnds) {
    EXPECT_EQ(option_int("--seed", "100", 0, 100), 100);
    EXPECT_EQ(option_int("--seed", "0", 0, 100), 0);
    EXPECT_EQ(option_int("COLS", "-5", -5, 5), -5);
    EXPECT_EQ(option_seed("--seed", "4611686018427387904"), 1ULL << 62);
    EXPECT_THROW(option_seed("--seed", "4611686018427387905"), UsageError);
    try {
        option_int("COLS", "x", 1, 9);
        ADD_FAILURE() << "no exception";
    } catch (const UsageError& e) {
        EXPECT_STREQ(e.what(), "argument COLS: expected an integer 1..9, got 'x'");
    }
}

// The 'wrote ...' line (judge_io.h): files one by one, replays named when one or two, else
// "N replays FIRST ... LAST"; the standard output named once; "" when nothing was written.
TEST(JudgeIo, WroteLineNamesOneOrTwoReplaysAndCountsMore) {
    EXPECT_EQ(wrote_line({}), "");
    EXPECT_EQ(wrote_line({"result.json"}), "wrote result.json");
    EXPECT_EQ(wrote_line({}, {"r1.json", "r2.json"}), "wrote r1.json and r2.json");
    EXPECT_EQ(wrote_line({"s.json"}, {"r1.json"}), "wrote s.json and r1.json");
    EXPECT_EQ(wrote_line({"s.json"}, {"r1.json", "r2.json", "r3.json"}), "wrote s.json and 3 replays r1.json ... r3.json");
    EXPECT_EQ(wrote_line({"a", "b", "c"}), "wrote a, b and c");
    EXPECT_EQ(wrote_line({"-", "-"}), "wrote the standard output");
}
