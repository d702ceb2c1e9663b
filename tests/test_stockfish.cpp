// Differential perft against Debian's Stockfish: positions reached by random play, divided at
// depth 3, compared move by move. scripts/perft-diff runs thousands; CI runs a bounded number.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <random>

#include "engine_process.h"
#include "movegen/perft.h"
#include "suite_data.h"

using namespace vireo;

namespace {

const char* STOCKFISH = "/usr/games/stockfish";

std::map<std::string, std::uint64_t> stockfish_divide(EngineProcess& sf, const std::string& fen, int depth) {
    sf.send("position fen " + fen);
    sf.send("go perft " + std::to_string(depth));
    std::map<std::string, std::uint64_t> out;
    for (;;) {
        auto line = sf.read_line(20000);
        REQUIRE_MESSAGE(line, "no answer from stockfish for " << fen);
        if (line->rfind("Nodes searched", 0) == 0) break;
        const auto colon = line->find(": ");
        if (colon != std::string::npos) out[line->substr(0, colon)] = std::stoull(line->substr(colon + 2));
    }
    return out;
}

}  // namespace

TEST_CASE("perft divide agrees with Stockfish on positions from random play") {
    REQUIRE_MESSAGE(std::filesystem::exists(STOCKFISH), "Stockfish is needed: apt-get install stockfish (make test does it)");
    EngineProcess sf(STOCKFISH);
    std::mt19937 rng(12345);
    int positions = 0;

    auto run_from = [&](const std::string& startFen, bool chess960, int games, int maxPlies) {
        sf.send(std::string("setoption name UCI_Chess960 value ") + (chess960 ? "true" : "false"));
        for (int g = 0; g < games; ++g) {
            Position pos;
            REQUIRE_FALSE(pos.set(startFen, chess960));
            const int plies = int(rng() % maxPlies);
            for (int i = 0; i < plies; ++i) {
                const MoveList moves = pos.legal_moves();
                if (moves.empty()) break;
                pos.do_move(moves.moves[rng() % moves.size()]);
            }
            if (pos.legal_moves().empty()) continue;
            Position root;
            REQUIRE_FALSE(root.set(pos.fen(), chess960));
            std::map<std::string, std::uint64_t> ours;
            for (const auto& [m, n] : perft_divide(root, 3)) ours[root.to_uci(m)] = n;
            const auto theirs = stockfish_divide(sf, root.fen(), 3);
            CHECK_MESSAGE(ours == theirs, "divide differs at " << root.fen());
            ++positions;
        }
    };
    run_from(std::string(START_FEN), false, 80, 60);
    for (const char* suite : {"cpw.epd", "special.epd"}) {
        const auto cases = load_perft_suite(suite);
        for (std::size_t i = 0; i < cases.size(); i += std::max<std::size_t>(1, cases.size() / 12))
            run_from(cases[i].fen, false, 4, 30);
    }
    const auto frc = load_perft_suite("fischer.epd");
    for (std::size_t i = 0; i < frc.size(); i += 48) run_from(frc[i].fen, true, 2, 30);
    MESSAGE(positions << " positions compared with Stockfish");
    CHECK(positions >= 150);
    sf.send("quit");
}
