// Differential perft against Debian's Stockfish (/usr/games/stockfish, the test oracle that
// `make test` installs): about 200 positions reached by seeded random play from the start position
// and from suite positions (Chess960 ones with UCI_Chess960 on) are divided at depth 3 by both
// programs, and the sets of "<uci move>: <count>" lines must be equal.
//
// Missing Stockfish is a failure, not a skip. scripts/perft-diff runs the same comparison on
// thousands of positions.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine_process.h"
#include "movegen/perft.h"
#include "perft_suite.h"
#include "uci_helpers.h"

using namespace vireo;

namespace {

// The oracle; VIREO_STOCKFISH in the environment names another binary (to try a missing one, say).
const std::string STOCKFISH = std::getenv("VIREO_STOCKFISH") ? std::getenv("VIREO_STOCKFISH") : "/usr/games/stockfish";
constexpr int DEPTH = 3;
constexpr int TIMEOUT_MS = 20000;

// A "<move>: <count>" line of a perft divide.
bool is_divide_line(const std::string& line) {
    const auto colon = line.find(": ");
    if (colon != 4 && colon != 5) return false;
    for (std::size_t i = 0; i < colon; ++i)
        if (!std::isalnum(static_cast<unsigned char>(line[i]))) return false;
    const std::string count = line.substr(colon + 2);
    return !count.empty() && count.find_first_not_of("0123456789") == std::string::npos;
}

class Stockfish {
public:
    Stockfish() : process(STOCKFISH) {
        process.send("uci");
        REQUIRE_MESSAGE(process.wait_for("uciok", TIMEOUT_MS), "Stockfish did not answer 'uci' with 'uciok'");
        process.send("setoption name Threads value 1");
        sync();
    }
    ~Stockfish() { process.send("quit"); }

    void set_chess960(bool on) {
        if (on == chess960) return;
        process.send(std::string("setoption name UCI_Chess960 value ") + (on ? "true" : "false"));
        sync();
        chess960 = on;
    }

    // The divide lines of `go perft depth` and the total it reports.
    std::set<std::string> divide(const std::string& fen, int depth, std::uint64_t& total) {
        process.send("position fen " + fen);
        process.send("go perft " + std::to_string(depth));
        std::set<std::string> lines;
        for (;;) {
            const auto line = process.read_line(TIMEOUT_MS);
            REQUIRE_MESSAGE(line.has_value(), "Stockfish gave no complete perft answer for " << fen);
            if (line->rfind("Nodes searched: ", 0) == 0) {
                total = std::stoull(line->substr(16));
                return lines;
            }
            if (is_divide_line(*line)) lines.insert(*line);
        }
    }

private:
    EngineProcess process;
    bool chess960 = false;

    void sync() { vireo_test::require_ready(process, TIMEOUT_MS, "Stockfish"); }
};

std::set<std::string> vireo_divide(const Position& pos, int depth, std::uint64_t& total) {
    std::set<std::string> lines;
    total = 0;
    for (const auto& [move, nodes] : perft_divide(pos, depth)) {
        lines.insert(pos.to_uci(move) + ": " + std::to_string(nodes));
        total += nodes;
    }
    return lines;
}

std::string difference(const std::set<std::string>& a, const std::set<std::string>& b) {
    std::string out;
    for (const auto& line : a)
        if (!b.count(line)) out += "  " + line + "\n";
    return out.empty() ? "  (none)\n" : out;
}

struct Start {
    std::string fen;
    bool chess960;
    int games;     // random walks from this start
    int maxPlies;  // each of random length 0..maxPlies
};

}  // namespace

TEST_CASE("perft divide at depth 3 agrees with Stockfish on ~200 positions from random play") {
    REQUIRE_MESSAGE(
        access(STOCKFISH.c_str(), X_OK) == 0,
        "Stockfish is missing at "
            << STOCKFISH
            << ": this differential test needs it. Install the Debian "
               "package 'stockfish' (make test does it through scripts/install-deps with VIREO_TEST_DEPS=1).");
    const auto t0 = std::chrono::steady_clock::now();

    // Where the random walks start.
    std::vector<Start> starts;
    starts.push_back({std::string(START_FEN), false, 60, 80});
    for (const auto& line : vireo_test::load_perft_suite("cpw.epd").lines) starts.push_back({line.fen, false, 4, 30});
    const auto standard = vireo_test::load_perft_suite("standard.epd");
    for (std::size_t i = 0; i < standard.lines.size(); i += 8) starts.push_back({standard.lines[i].fen, false, 2, 20});
    const auto special = vireo_test::load_perft_suite("special.epd");
    for (std::size_t i = 0; i < special.lines.size(); i += 9) starts.push_back({special.lines[i].fen, false, 2, 20});
    // Standard chess read in Chess960 mode (castling as king takes rook on both sides).
    starts.push_back({std::string(START_FEN), true, 6, 40});
    starts.push_back({"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", true, 4, 10});
    const auto fischer = vireo_test::load_perft_suite("fischer.epd");
    for (std::size_t i = 0; i < fischer.lines.size(); i += 48) starts.push_back({fischer.lines[i].fen, true, 1, 30});
    const auto xfen = vireo_test::load_perft_suite("fischer_xfen.epd");
    for (std::size_t i = 0; i < xfen.lines.size(); i += 4) starts.push_back({xfen.lines[i].fen, true, 1, 30});

    Stockfish sf;
    std::mt19937_64 rng(0xD1FFu);  // fixed seed; raw outputs only, so every library gives the same walks
    int compared = 0, chess960Compared = 0, mismatches = 0;
    std::uint64_t leaves = 0;
    for (const Start& start : starts) {
        for (int g = 0; g < start.games; ++g) {
            Position walk;
            REQUIRE_MESSAGE(!walk.set(start.fen, start.chess960), start.fen);
            const int plies = int(rng() % std::uint64_t(start.maxPlies + 1));
            for (int p = 0; p < plies; ++p) {
                const MoveList moves = walk.legal_moves();
                if (moves.empty()) break;
                walk.play(moves.moves[rng() % std::uint64_t(moves.size())]);
            }
            // Compare from the FEN, as Stockfish sees it.
            const std::string fen = walk.fen();
            Position pos;
            const auto err = pos.set(fen, start.chess960);
            REQUIRE_MESSAGE(!err, fen << ": " << *err);

            std::uint64_t ourTotal = 0, theirTotal = 0;
            const auto ours = vireo_divide(pos, DEPTH, ourTotal);
            sf.set_chess960(start.chess960);
            const auto theirs = sf.divide(fen, DEPTH, theirTotal);
            if (ours != theirs || ourTotal != theirTotal) {
                ++mismatches;
                FAIL_CHECK("perft " << DEPTH << " differs from Stockfish (UCI_Chess960 " << start.chess960 << ")\n"
                                    << "position fen " << fen << "\nVireo total " << ourTotal << ", Stockfish total "
                                    << theirTotal << "\nonly in Vireo:\n"
                                    << difference(ours, theirs) << "only in Stockfish:\n"
                                    << difference(theirs, ours));
                REQUIRE_MESSAGE(mismatches < 10, "too many mismatches, stopping");
            }
            ++compared;
            chess960Compared += start.chess960;
            leaves += ourTotal;
        }
    }
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    MESSAGE(compared << " positions compared (" << chess960Compared << " in Chess960 mode), " << leaves << " leaves, "
                     << ms << " ms");
    CHECK(compared >= 190);
    CHECK(chess960Compared >= 30);
}
