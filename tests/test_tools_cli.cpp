// The command lines of the tools beside the UCI loop: `vireo epd` on a suite with malformed lines
// (each named, the rest still searched), its fixed node count (the same answers on every run), and
// vireo-tune's options (help, a bad option or value, a missing file: a clear message and the exit
// status a script can test).
#include <doctest/doctest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "run_program.h"

using namespace vireo_test;

namespace {

// A file in the temporary folder holding text, removed with the object.
struct TempFile {
    std::string path;
    TempFile(const std::string& name, const std::string& text)
        : path((std::filesystem::temp_directory_path() / (name + "-" + std::to_string(getpid()))).string()) {
        std::ofstream(path, std::ios::binary) << text;
    }
    ~TempFile() { std::filesystem::remove(path); }
};

// Lines of out that start with prefix.
int count_lines(const std::string& out, const std::string& prefix) {
    int n = 0;
    for (std::size_t at = 0; at < out.size();) {
        n += out.compare(at, prefix.size(), prefix) == 0;
        const auto nl = out.find('\n', at);
        if (nl == std::string::npos) break;
        at = nl + 1;
    }
    return n;
}

Run tune(const std::vector<std::string>& args) { return run_program({}, VIREO_TUNE_BINARY, args); }

}  // namespace

TEST_CASE("vireo epd: malformed lines are each named and skipped, the good ones around them searched") {
    // Two good positions (a mate in one each, the first with CRLF) around every kind of bad line.
    const TempFile suite("vireo-epd-malformed.epd",
                         "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"good.1\";\r\n"
                         "\r\n"
                         "   \n"
                         "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - id \"no.bm\";\n"
                         "6k1/5ppp/8/8/8/9/5PPP/3R2K1 w - - bm Rd8#; id \"bad.fen\";\n"
                         "6k1/5ppp/8/8 w\n"
                         "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Qd8#; id \"bad.bm\";\n"
                         "7k/6Q1/6K1/8/8/8/8/8 b - - bm Kh7; id \"mated\";\n"
                         "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id \"good.2\";");
    const Run r = run({"epd", suite.path, "--nodes", "5000"});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK_MESSAGE(has(r.out, "solved good.1 played d1d8 (1/1)\n"), r.out);
    CHECK_MESSAGE(has(r.out, "solved good.2 played h5f7 (2/2)\n"), r.out);
    CHECK_MESSAGE(has(r.out, "skipped line 4 (no bm or am move): "), r.out);
    CHECK_MESSAGE(has(r.out, "skipped line 5 (bad FEN: "), r.out);
    CHECK_MESSAGE(has(r.out, "skipped line 6 (bad FEN: "), r.out);
    CHECK_MESSAGE(has(r.out, "skipped line 7 (a bm/am move is not legal SAN here): "), r.out);
    CHECK_MESSAGE(has(r.out, "skipped line 8 (a bm/am move is not legal SAN here): "), r.out);
    CHECK(count_lines(r.out, "skipped line ") == 5);
    CHECK_MESSAGE(has(r.out, "\nsolved 2 of 2 (5 lines skipped)\n"), r.out);
    CHECK(r.out.find('\r') == std::string::npos);
}

TEST_CASE("vireo epd: a missing file, no good line, or --nodes with threads fails with a message") {
    Run r = run({"epd", "/nonexistent/suite.epd", "--movetime", "10"});
    CHECK(r.status == 1);
    CHECK(has(r.out, "cannot open /nonexistent/suite.epd"));
    const TempFile empty("vireo-epd-empty.epd", "\n\nnot a position\n");
    r = run({"epd", empty.path, "--nodes", "100"});
    CHECK(r.status == 1);
    CHECK(has(r.out, "solved 0 of 0 (1 lines skipped)"));
    const TempFile one("vireo-epd-one.epd", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"one\";\n");
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"--nodes", "100", "--threads", "2"}, {"--nodes", "100", "--movetime", "50"}, {"--nodes", "0"}}) {
        std::vector<std::string> all{"epd", one.path};
        all.insert(all.end(), args.begin(), args.end());
        r = run(all);
        CHECK(r.status == 2);
        CHECK_MESSAGE(has(r.err, "vireo: epd: --nodes must be positive and searches on one thread"), r.err);
    }
}

TEST_CASE("vireo epd --nodes: the same moves on every run") {
    // Ten Win at Chess positions at a node count where some are missed: the run's moves, twice.
    std::ifstream wac(std::string(VIREO_TEST_DATA) + "/tactics/wac.epd");
    std::string text;
    for (std::string line; text.size() < 4000 && std::getline(wac, line);) text += line + "\n";
    const TempFile suite("vireo-epd-repeat.epd", text);
    const Run a = run({"epd", suite.path, "--nodes", "3000"}), b = run({"epd", suite.path, "--nodes", "3000"});
    CHECK(a.status == 0);
    CHECK(count_lines(a.out, "solved ") + count_lines(a.out, "missed ") > 10);
    CHECK(a.out == b.out);
}

TEST_CASE("vireo-tune: --help, a bad option, a bad value, no input and a missing file") {
    Run r = tune({"--help"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "vireo-tune [options]"));
    CHECK(has(r.out, "--epochs"));
    CHECK(r.err.empty());
    r = tune({"--bogus", "games.pgn"});
    CHECK(r.status == 2);
    CHECK_MESSAGE(has(r.err, "vireo-tune: unrecognised option '--bogus'"), r.err);
    r = tune({"--epochs", "many", "games.pgn"});
    CHECK(r.status == 2);
    CHECK_MESSAGE(has(r.err, "vireo-tune: "), r.err);
    CHECK_MESSAGE(has(r.err, "epochs"), r.err);
    r = tune({});
    CHECK(r.status == 2);
    CHECK_MESSAGE(has(r.err, "vireo-tune: no input"), r.err);
    // Named copies, not a structured binding: clang (the sanitizer builds) cannot capture a binding in
    // CHECK_MESSAGE's lambda.
    for (const std::array<std::string, 3>& bad :
         std::vector<std::array<std::string, 3>>{{"--report", "0", "--report must be positive"},
                                                 {"--threads", "0", "--threads must be positive"},
                                                 {"--holdout", "1", "--holdout must be from 0 to below 1"},
                                                 {"--epochs", "-1", "--epochs must not be negative"},
                                                 {"--score-weight", "2", "--score-weight must be from 0 to 1"},
                                                 {"--rate", "0", "--rate must be positive"}}) {
        const std::string option = bad[0], value = bad[1], message = bad[2];
        r = tune({option, value, "games.pgn"});
        CHECK(r.status == 2);
        CHECK_MESSAGE(has(r.err, "vireo-tune: " + message), option << " " << value << ": " << r.err);
    }
    r = tune({"/nonexistent/games.pgn"});
    CHECK(r.status == 1);
    CHECK_MESSAGE(has(r.err, "vireo-tune: cannot open /nonexistent/games.pgn"), r.err);
    r = tune({"/nonexistent/chunk.vdat"});
    CHECK(r.status == 1);
    CHECK_MESSAGE(has(r.err, "vireo-tune: "), r.err);
}
