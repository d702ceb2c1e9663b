#include <chrono>

#include "engine.h"

namespace vireo {

namespace {

// Openings, middlegames with tactics (from the Win at Chess suite and the perft suites of the
// Chess Programming Wiki), mates and endgames.
constexpr const char* BENCH_POSITIONS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r3r1k1/5pp1/p1p4p/2Pp4/8/q1NQP1BP/5PP1/4K2R b K - 0 1",
    "r2q3r/ppp2k2/4nbp1/5Q1p/2P1NB2/8/PP3P1P/3RR1K1 w - - 0 1",
    "r4rk1/5ppp/p3q1n1/2p2NQ1/4n3/P3P3/1B3PPP/1R3RK1 w - - 0 1",
    "3R1rk1/8/5Qpp/2p5/2P1p1q1/P3P3/1P2PK2/8 b - - 0 1",
    "4k3/p4prp/1p6/2b5/8/2Q3P1/P2R1PKP/4q3 w - - 0 1",
    "r1b2rk1/1p1n1ppp/p1p2q2/4p3/P1B1Pn2/1QN2N2/1P3PPP/3R1RK1 b - - 0 1",
    "2b3k1/4rrpp/p2p4/2pP2RQ/1pP1Pp1N/1P3P1P/1q6/6RK w - - 0 1",
    "3RNbk1/pp3p2/4rQpp/8/1qr5/7P/P4P2/3R2K1 w - - 0 1",
    "1n2rr2/1pk3pp/pNn2p2/2N1p3/8/6P1/PP2PPKP/2RR4 w - - 0 1",
    "1r3r2/4q1kp/b1pp2p1/5p2/pPn1N3/6P1/P3PPBP/2QRR1K1 w - - 0 1",
    "2r2b1r/p1Nk2pp/3p1p2/N2Qn3/4P3/q6P/P4PP1/1R3K1R w - - 0 1",
    "2kr4/bp3p2/p2p2b1/P7/2q5/1N4B1/1PPQ2P1/2KR4 b - - 0 1",
    "r2qkb1r/1ppb1ppp/p7/4p3/P1Q1P3/2P5/5PPP/R1B2KNR b kq - 0 1",
    "7k/2p1b1pp/8/1p2P3/1P3r2/2P3Q1/1P5P/R4qBK b - - 0 1",
    "r1bqk2r/pp3ppp/5n2/8/1b1npB2/2N5/PP1Q2PP/1K2RBNR w kq - 0 1",
    "3r2k1/pb1q1pp1/1p2pb1p/8/3N4/P2QB3/1P3PPP/1Br1R1K1 w - - 0 1",
    "3r4/2p1rk2/1pQq1pp1/7p/1P1P4/P4P2/6PP/R1R3K1 b - - 0 1",
    "6k1/3r4/2R5/P5P1/1P4p1/8/4rB2/6K1 b - - 0 1",
    "r1b2rk1/pp2bppp/2n1pn2/q5B1/2BP4/2N2N2/PP2QPPP/2R2RK1 b - - 0 1",
    "3q1rk1/4bp1p/1n2P2Q/3p1p2/6r1/Pp2R2N/1B4PP/7K w - - 0 1",
    "6k1/pp5p/2p3q1/6BP/2nPr1Q1/8/PP3R1K/8 w - - 0 1",
    "rb3qk1/pQ3ppp/4p3/3P4/8/1P3N2/1P3PPP/3R2K1 w - - 0 1",
    "2k2r2/2p5/1pq5/p1p1n3/P1P2n1B/1R4Pp/2QR4/6K1 b - - 0 1",
    "8/6pp/3q1p2/3n1k2/1P6/3NQ2P/5PP1/6K1 w - - 0 1",
    "4N2k/5rpp/1Q6/p3q3/8/P5P1/1P3P1P/5K2 w - - 0 1",
    "6k1/p4p1p/1p3np1/2q5/4p3/4P1N1/PP3PPP/3Q2K1 w - - 0 1",
    "3r4/1p2k2p/p1b1p1p1/4Q1Pn/2B3KP/4pP2/PP2R1N1/6q1 b - - 0 1",
    "b2b1r1k/3R1ppp/4qP2/4p1PQ/4P3/5B2/4N1K1/8 w - - 0 1",
    "6bk/1p2R1Rp/r1q5/p2p1p2/2pP4/2P2Q2/2PK3P/8 w - - 0 1",
    "r2q1nr1/1b5k/p5p1/2pP1BPp/8/1P3N1Q/PB5P/4R1K1 w - - 0 1",
    "r3k1nr/p1p2p1p/2pP4/8/7q/7b/PPPP3P/RNBQ2KR b kq - 0 1",
    "r2q1bnr/pp1bk1pp/4p3/3pPp1B/3n4/6Q1/PPP2PPP/R1B1K2R w KQ - 0 1",
    "4q2k/p4p1p/1p5P/4b3/1R2R3/1P4Q1/KP3r1r/8 w - - 0 1",
    "8/1kp4R/1P6/PK1np3/1P1p4/5P2/8/8 w - - 0 1",
    "8/8/8/8/8/7K/7P/7k b - - 0 1",
    "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
    "k7/7p/8/8/8/8/6P1/K7 b - - 0 1",
    "4k3/4p3/4K3/8/8/8/8/8 b - - 0 1",
    "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
    "6KQ/8/8/8/8/8/8/7k b - - 0 1",
    "8/8/8/8/1k6/8/K1p5/8 b - - 0 1",
    "k7/8/8/3p4/4p3/8/8/7K w - - 0 1",
    "7k/RR6/8/8/8/8/rr6/7K w - - 0 1",
    "k7/8/8/7p/6P1/8/8/K7 b - - 0 1",
};

}  // namespace

BenchResult Engine::bench(int depth, int threads, const std::function<void(const BenchPosition&)>& onPosition) {
    search.stop();
    search.wait();
    BenchResult result;
    const auto start = std::chrono::steady_clock::now();
    // The table of bench is BENCH_HASH_MB whatever the Hash setting: the next search (or isready)
    // allocates the configured size again.
    if (tt.size_mb() != BENCH_HASH_MB) (void)tt.resize(BENCH_HASH_MB);
    search.set_threads(threads);
    SearchLimits limits;
    limits.depth = depth;
    int index = 0;
    constexpr int count = int(sizeof(BENCH_POSITIONS) / sizeof(BENCH_POSITIONS[0]));
    for (const char* fen : BENCH_POSITIONS) {
        Position root;
        if (auto err = root.set(fen)) {
            message(std::string("bad bench position ") + fen + ": " + *err);
            continue;
        }
        tt.clear();
        search.clear();
        const PawnTableStats pawnsBefore = search.pawn_table_stats();
        BenchPosition r;
        r.best = search_quietly(root, limits, SearchSettings{});
        const PawnTableStats pawnsAfter = search.pawn_table_stats();
        result.pawnProbes += pawnsAfter.probes - pawnsBefore.probes;
        result.pawnHits += pawnsAfter.hits - pawnsBefore.hits;
        r.index = ++index;
        r.count = count;
        r.fen = fen;
        r.nodes = search.nodes();
        result.nodes += r.nodes;
        onPosition(r);
    }
    result.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    tt.clear();
    search.clear();
    return result;
}

}  // namespace vireo
