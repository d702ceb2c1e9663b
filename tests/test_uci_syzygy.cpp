// SyzygyPath over UCI as a GUI sets it, on the engine process: several folders (':' between them,
// ';' on Windows, where scripts/test-windows gives Wine a drive D: so that the path reads
// C:\...;D:\...), a folder whose name holds spaces, and a standard error left empty by probes, path
// changes and quit. scripts/test-windows runs these on vireo.exe under Wine (test_uci*).
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine_process.h"
#include "search/search.h"
#include "uci_helpers.h"

using namespace vireo_test;

namespace {

const std::string TABLES = std::string(VIREO_TEST_DATA) + "/syzygy";

// A fresh folder holding copies of these test tables, named as the engine writes it and as this
// process reaches it: /tmp/vireo-syzygy-<name>, or C:\vireo-tests\vireo-syzygy-<name> for a Windows
// build (on D: when `driveD` and scripts/test-windows named Wine's drive D: in VIREO_TEST_WINDOWS_D).
EnginePath table_folder(const std::string& name, bool driveD, const std::vector<std::string>& tables) {
    const std::string folder = "vireo-syzygy-" + name;
    EnginePath p = engine_temp_path(folder);
    const char* d = std::getenv("VIREO_TEST_WINDOWS_D");
    if (driveD && p.engine != p.host && d && *d)
        p = {"D:\\vireo-tests\\" + folder, std::string(d) + "/vireo-tests/" + folder};
    std::filesystem::remove_all(p.host);
    std::filesystem::create_directories(p.host);
    for (const std::string& t : tables)
        for (const char* ext : {".rtbw", ".rtbz"})
            std::filesystem::copy_file(TABLES + "/" + t + ext, p.host + "/" + t + ext);
    return p;
}

struct Result {
    std::string best;
    int score = 0;  // of the last info line with a score (cp; a mate is out of range)
};

// position fen, go depth; the bestmove and the last score shown.
Result search(EngineProcess& e, const std::string& fen, int depth) {
    e.lines.clear();
    e.send("position fen " + fen);
    e.send("go depth " + std::to_string(depth));
    const auto best = e.wait_for("bestmove", 10000);
    REQUIRE(best);
    Result r;
    r.best = split_words(*best).at(1);
    for (const auto& l : e.lines) {
        const auto w = split_words(l);
        for (std::size_t i = 0; i + 2 < w.size(); ++i)
            if (w[i] == "score") r.score = w[i + 1] == "cp" ? std::stoi(w[i + 2]) : vireo::VALUE_MATE;
    }
    return r;
}

constexpr const char* KQKR = "K5r1/3Q4/8/8/8/8/7k/8 w - - 0 1";  // fathom: Ka7 and Kb7 win, Qc8-Qe8 lose
const std::set<std::string> KQKR_WINS = {"a8a7", "a8b7"};
constexpr const char* KPK = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";  // fathom: Kd2 and Kf2 win
const std::set<std::string> KPK_WINS = {"e1d2", "e1f2"};

bool tb_win(int score) { return score >= vireo::VALUE_TB_WIN_IN_MAX_PLY && score < vireo::VALUE_MATE_IN_MAX_PLY; }

}  // namespace

TEST_CASE("SyzygyPath over UCI: two folders holding the tables of one probe, and a folder name with spaces") {
    const char sep = engine_under_test().windows() ? ';' : ':';
    // KQvKR in one folder; in the other the tables its probes reach by a capture (KQvK, KRvK).
    const EnginePath a = table_folder("a", false, {"KQvKR"});
    const EnginePath b = table_folder("b", true, {"KQvK", "KRvK"});
    const EnginePath spaces = table_folder("with spaces", false, {"KPvK"});
    EngineProcess e(engine_under_test());
    handshake(e);

    // The first folder alone: KQvKR is found, but ranking the root needs the others. At depth 1 only
    // the tables can show a win, so the score there says whether the probe succeeded.
    e.send("setoption name SyzygyPath value " + a.engine);
    REQUIRE(e.wait_for("info string Syzygy: 1 tables (up to 4 pieces) in " + a.engine, 5000));
    Result r = search(e, KQKR, 1);
    CHECK_FALSE(tb_win(r.score));

    const std::string both = a.engine + sep + b.engine;
    e.send("setoption name SyzygyPath value " + both);
    REQUIRE(e.wait_for("info string Syzygy: 3 tables (up to 4 pieces) in " + both, 5000));
    for (int depth : {1, 6}) {
        CAPTURE(depth);
        r = search(e, KQKR, depth);
        CHECK(KQKR_WINS.count(r.best));
        CHECK(tb_win(r.score));
    }

    e.send("setoption name SyzygyPath value " + spaces.engine);
    REQUIRE(e.wait_for("info string Syzygy: 1 tables (up to 3 pieces) in " + spaces.engine, 5000));
    r = search(e, KPK, 1);
    CHECK(KPK_WINS.count(r.best));
    CHECK(tb_win(r.score));
    e.send("quit");
    CHECK(e.wait_exit(5000));
    for (const EnginePath* p : {&a, &b, &spaces}) std::filesystem::remove_all(p->host);
}

TEST_CASE("SyzygyPath over UCI: probes, path changes and quit leave standard error empty") {
    // Fathom's unmap_file (POSIX) calls perror("munmap") when munmap succeeds: unloading a table a
    // probe had mapped printed "munmap: No such file or directory" (or "Invalid argument") on standard
    // error, at a path change and at quit. The engine's standard error goes to a file here: the child
    // inherits this process's descriptor 2 when it starts.
    const EnginePath kpk = table_folder("kpk", false, {"KPvK"});
    const EnginePath all = table_folder("all", false, {"KQvKR", "KQvK", "KRvK", "KPvK"});
    const std::string errFile = std::filesystem::temp_directory_path() / "vireo-syzygy-stderr.txt";
    std::fflush(stderr);
    const int saved = dup(STDERR_FILENO), errFd = open(errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    REQUIRE(saved >= 0);
    REQUIRE(errFd >= 0);
    dup2(errFd, STDERR_FILENO);
    auto e = std::make_unique<EngineProcess>(engine_under_test());
    dup2(saved, STDERR_FILENO);
    close(saved);
    close(errFd);

    handshake(*e);
    auto load = [&](const EnginePath& p, const std::string& said) {
        e->send("setoption name SyzygyPath value " + p.engine);
        REQUIRE(e->wait_for("info string Syzygy: " + said + " in " + p.engine, 5000));
    };
    load(all, "4 tables (up to 4 pieces)");
    CHECK(search(*e, "6k1/r7/8/3n4/3Q4/8/8/1K6 w - - 0 1", 6).best == "d4d5");  // the tree probes KQvKR
    CHECK(tb_win(search(*e, KPK, 4).score));                                    // the root probes KPvK
    load(kpk, "1 tables (up to 3 pieces)");
    CHECK(tb_win(search(*e, KPK, 4).score));
    e->send("setoption name SyzygyPath value <empty>");
    REQUIRE(e->wait_for("info string Syzygy: tables unloaded", 5000));
    load(all, "4 tables (up to 4 pieces)");
    CHECK(tb_win(search(*e, KQKR, 4).score));
    e->send("quit");
    CHECK(e->wait_exit(5000));
    CHECK(e->exited_cleanly());
    e.reset();

    std::ifstream in(errFile);
    const std::string err((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK_MESSAGE(err.empty(), "standard error: " << err);
    std::remove(errFile.c_str());
    std::filesystem::remove_all(kpk.host);
    std::filesystem::remove_all(all.host);
}
