// The evaluation: colour symmetry over many positions, a few sanity checks, the trace adding up,
// and the direction of each term (a feature raises its side's score).
#include <doctest/doctest.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "eval/endgame.h"
#include "eval/evaluate.h"
#include "movegen/position.h"
#include "perft_suite.h"

using namespace vireo;

namespace {

// The same position with colours swapped and the board mirrored top to bottom.
std::string flip_fen(const std::string& fen) {
    std::istringstream is(fen);
    std::string board, side, castling, ep, half = "0", full = "1";
    is >> board >> side >> castling >> ep >> half >> full;
    std::vector<std::string> ranks;
    std::stringstream bs(board);
    for (std::string r; std::getline(bs, r, '/');) ranks.push_back(r);
    std::string flipped;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        for (char c : *it)
            flipped += std::isalpha(static_cast<unsigned char>(c))
                           ? char(std::isupper(c) ? std::tolower(c) : std::toupper(c))
                           : c;
        if (it + 1 != ranks.rend()) flipped += '/';
    }
    std::string cr;
    for (char c : castling) cr += c == '-' ? c : char(std::isupper(c) ? std::tolower(c) : std::toupper(c));
    if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
    return flipped + (side == "w" ? " b " : " w ") + cr + " " + ep + " " + half + " " + full;
}

int eval_of(const std::string& fen, bool chess960 = false) {
    Position p;
    const auto err = p.set(fen, chess960);
    REQUIRE_MESSAGE(!err, fen);
    return evaluate(p.board());
}

}  // namespace

TEST_CASE("a position and its colour-flipped mirror evaluate the same for the side to move") {
    int count = 0;
    for (const std::string& name : vireo_test::perft_suite_names()) {
        const vireo_test::PerftSuite suite = vireo_test::load_perft_suite(name);
        const bool chess960 = suite.chess960;
        for (const auto& c : suite.lines) {
            // Walk a few plies into each position too, for less tidy structures.
            Position p;
            REQUIRE_FALSE(p.set(c.fen, chess960));
            for (int ply = 0; ply < 4; ++ply) {
                const std::string fen = p.fen();
                const std::string mirror = flip_fen(fen);
                CHECK_MESSAGE(eval_of(fen, chess960) == eval_of(mirror, chess960), fen << " vs " << mirror);
                ++count;
                const MoveList moves = p.legal_moves();
                if (moves.empty()) break;
                p.do_move(moves.moves[(ply * 7 + count) % moves.size()]);
            }
        }
    }
    CHECK(count > 4000);
}

TEST_CASE("evaluation sanity") {
    // The start position is nearly level (the side to move gets a tempo).
    CHECK(std::abs(eval_of(std::string(START_FEN))) < 50);
    // A queen up is a lot, from either side's point of view.
    CHECK(eval_of("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 700);
    CHECK(eval_of("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -700);
    // A passed pawn on the sixth is worth more than one on the third. (Not the seventh: the training
    // data leave out positions whose best move promotes, so the tuned weights see a pawn on the
    // seventh mostly where it cannot promote at once; the search sees the promotions.)
    CHECK(eval_of("4k3/8/P7/8/8/8/8/4K3 w - - 0 1") > eval_of("4k3/8/8/8/8/P7/8/4K3 w - - 0 1") + 50);
    // Doubled and isolated pawns cost something.
    CHECK(eval_of("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1") > eval_of("4k3/8/8/8/8/P7/P1P5/4K3 w - - 0 1"));
    // Material that cannot win is scaled to (nearly) nothing in the endgame: a lone knight, a rook
    // against a bishop without pawns; opposite-coloured bishops halve a pawn up.
    CHECK(std::abs(eval_of("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")) < 30);
    CHECK(std::abs(eval_of("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")) < std::abs(eval_of("4k3/8/8/8/8/8/P7/3NK3 w - - 0 1")));
    CHECK(eval_of("4kb2/8/8/8/8/8/8/3RK3 w - - 0 1") < eval_of("4k3/p7/8/8/8/8/8/3RK3 w - - 0 1"));
    // The fifty-move counter pulls the score towards a draw.
    CHECK(eval_of("4k3/8/8/8/8/8/8/3QK3 w - - 80 100") < eval_of("4k3/8/8/8/8/8/8/3QK3 w - - 0 100"));
    CHECK(eval_of("4k3/8/8/8/8/8/8/3QK3 w - - 80 100") > 0);
    // The trace names its terms and ends with the total.
    Position p;
    const std::string trace = eval_trace(p.board());
    for (const char* term : {"Material", "Placement", "Mobility", "Pawn structure", "Passed pawns", "King safety",
                             "Threats", "Pieces", "Tempo", "endgame scale", "fifty-move factor", "Final evaluation"})
        CHECK_MESSAGE(trace.find(term) != std::string::npos, term);
}

TEST_CASE("the evaluation's trace adds up to the evaluation") {
    int checked = 0, specialised = 0;
    const vireo_test::PerftSuite suite = vireo_test::load_perft_suite("standard.epd");
    for (const auto& c : suite.lines) {
        Position p;
        REQUIRE_FALSE(p.set(c.fen));
        const std::string trace = eval_trace(p.board());
        if (endgame::known_ending(p.board())) {  // scored by rule: one line and the final score
            CHECK(trace.find("Specialised ending") != std::string::npos);
            ++specialised;
            continue;
        }
        // Each term's total column (white minus black, in pawns with two decimals) sums to the Total line.
        std::istringstream in(trace);
        double mg = 0, eg = 0, totalMg = 1e9, totalEg = 1e9, final = 1e9;
        for (std::string line; std::getline(in, line);) {
            std::vector<std::string> cols;
            std::stringstream ls(line);
            for (std::string col; std::getline(ls, col, '|');) cols.push_back(col);
            if (cols.size() == 4 && line.find("Term") == std::string::npos && line.find("MG") == std::string::npos) {
                std::istringstream t(cols[3]);
                double m, e;
                if (!(t >> m >> e)) continue;
                if (line.find("Total") != std::string::npos) totalMg = m, totalEg = e;
                else mg += m, eg += e;
            }
            if (line.rfind("Final evaluation", 0) == 0) final = std::stod(line.substr(17));
        }
        CHECK(std::abs(mg - totalMg) < 0.05);
        CHECK(std::abs(eg - totalEg) < 0.05);
        const int white = p.side_to_move() == WHITE ? evaluate(p.board()) : -evaluate(p.board());
        CHECK(final == doctest::Approx(white / 100.0));
        ++checked;
    }
    CHECK(checked + specialised == int(suite.lines.size()));
    CHECK(checked > 80);
    CHECK(specialised > 0);  // the suite's bare-king endings (eval/endgame.h)
}

namespace {

// One row of eval_trace: a term's white, black and total (white minus black) columns, in centipawns.
struct TraceRow {
    S white, black, total;
};
struct Trace {
    std::map<std::string, TraceRow> rows;
    int phase = -1, scale = -1;
    // A pair of the trace blended as the evaluation blends the total: by the phase, the endgame
    // part scaled (the fifty-move factor aside).
    double blend(S s) const {
        return (double(s.mg) * phase * weights::SCALE_NORMAL + double(s.eg) * scale * (weights::PHASE_MAX - phase)) /
               (weights::PHASE_MAX * weights::SCALE_NORMAL);
    }
    const TraceRow& row(const std::string& term) const {
        const auto it = rows.find(term);
        REQUIRE_MESSAGE(it != rows.end(), "no row " << term);
        return it->second;
    }
};

Trace trace_of(const std::string& fen) {
    Position p;
    REQUIRE_MESSAGE(!p.set(fen), fen);
    Trace t;
    std::istringstream in(eval_trace(p.board()));
    auto cp = [](double pawns) { return int(std::lround(pawns * 100)); };
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> cols;
        std::stringstream ls(line);
        for (std::string col; std::getline(ls, col, '|');) cols.push_back(col);
        double v[6];
        if (cols.size() == 4) {
            std::istringstream w(cols[1]), b(cols[2]), s(cols[3]);
            if (w >> v[0] >> v[1] && b >> v[2] >> v[3] && s >> v[4] >> v[5]) {
                std::string name = cols[0];
                name.erase(0, name.find_first_not_of(' '));
                name.erase(name.find_last_not_of(' ') + 1);
                t.rows[name] = {S(cp(v[0]), cp(v[1])), S(cp(v[2]), cp(v[3])), S(cp(v[4]), cp(v[5]))};
            }
        }
        if (line.rfind("Phase ", 0) == 0)
            REQUIRE(std::sscanf(line.c_str(), "Phase %d/%*d (middlegame share), endgame scale %d", &t.phase,
                                &t.scale) == 2);
    }
    REQUIRE(t.phase >= 0);
    REQUIRE(t.rows.size() >= 9);
    return t;
}

int white_eval_of(const std::string& fen) {
    Position p;
    REQUIRE_MESSAGE(!p.set(fen), fen);
    return p.side_to_move() == WHITE ? evaluate(p.board()) : -evaluate(p.board());
}

}  // namespace

TEST_CASE("each evaluation term points the right way: a feature for White raises its row and the evaluation") {
    // Pairs of positions that differ in one feature, which White has in the first and not in the
    // second; the term's row of the trace (white minus black, blended by the phase) must be higher
    // in the first, and so must the evaluation from White's point of view. The same pairs with the
    // colours swapped give the feature to Black: both must be lower. A term whose sign is flipped
    // for both colours passes the symmetry and add-up tests, and fails this one.
    struct Pair {
        const char* feature;
        const char* term;  // the row of eval_trace
        const char* with;
        const char* without;
    };
    const Pair pairs[] = {
        // A queen and a knight at the black king (g5, h5) or away from it (c3, e2).
        {"king danger", "King safety", "r1bq1rk1/ppp2ppp/2n5/3p2NQ/8/8/PPP2PPP/R1B1R1K1 w - - 0 1",
         "r1bq1rk1/ppp2ppp/2n5/3p4/8/2N5/PPP1QPPP/R1B1R1K1 w - - 0 1"},
        // The bishop's diagonal open past c4, or shut by the pawn on c3.
        {"mobility", "Mobility", "4k3/2p5/8/8/2P5/8/1B6/4K3 w - - 0 1", "4k3/2p5/8/8/8/2P5/1B6/4K3 w - - 0 1"},
        // The knight on d6, attacked by the rook: undefended (pawn e6) or defended (pawn e7).
        {"hanging piece", "Threats", "6k1/pp6/3np3/8/8/8/PP6/3R2K1 w - - 0 1",
         "6k1/pp2p3/3n4/8/8/8/PP6/3R2K1 w - - 0 1"},
        // The king's g-pawn at home, or pushed two squares away from it.
        {"king shelter", "King safety", "r2q1rk1/pp3ppp/8/8/8/8/PP3PPP/R2Q1RK1 w - - 0 1",
         "r2q1rk1/pp3ppp/8/8/6P1/8/PP3P1P/R2Q1RK1 w - - 0 1"},
        // The e5 pawn passed (black pawns on a7, b7), or not (a7, f7).
        {"passed pawn", "Passed pawns", "4k3/pp6/8/3KP3/8/8/P7/8 w - - 0 1", "4k3/p4p2/8/3KP3/8/8/P7/8 w - - 0 1"},
        // A defended knight on d5 attacked by the pawn on e4, or not (the pawn on e3).
        {"threat by a pawn", "Threats", "4k3/4p3/2p5/3n4/4P3/8/8/4K3 w - - 0 1",
         "4k3/4p3/2p5/3n4/8/4P3/8/4K3 w - - 0 1"},
        // The knight on e4 defended by the pawn on d3, no black pawn able to chase it: an outpost; or
        // the pawn on c3, on the same rank but not defending it (the pawn's rank would move its own
        // placement score too: with d2 the seed-4 weights put the evaluation 12 cp above the outpost).
        {"knight outpost", "Pieces", "6k1/6pp/2p5/8/4N3/3P4/6PP/6K1 w - - 0 1",
         "6k1/6pp/2p5/8/4N3/2P5/6PP/6K1 w - - 0 1"},
    };
    for (const Pair& p : pairs) {
        for (bool flipped : {false, true}) {
            const std::string with = flipped ? flip_fen(p.with) : p.with;
            const std::string without = flipped ? flip_fen(p.without) : p.without;
            const std::string feature = p.feature, term = p.term;
            CAPTURE(feature);
            CAPTURE(with);
            CAPTURE(without);
            const Trace a = trace_of(with), b = trace_of(without);
            // The feature's side: +1 White, -1 Black; what it gains in the term, White's view.
            const int side = flipped ? -1 : 1;
            const double gain = side * (a.blend(a.row(p.term).total) - b.blend(b.row(p.term).total));
            MESSAGE(feature << (flipped ? " (black)" : " (white)") << ": " << term << " row " << gain
                            << " cp, evaluation " << white_eval_of(with) << " vs " << white_eval_of(without));
            CHECK(gain >= 5);  // clearly, not by rounding
            // The feature's side's own column moved, not the other's alone.
            const S own =
                flipped ? a.row(p.term).black - b.row(p.term).black : a.row(p.term).white - b.row(p.term).white;
            CHECK(a.blend(own) > 0);
            CHECK(side * (white_eval_of(with) - white_eval_of(without)) > 0);
        }
    }
}

TEST_CASE("the endgame scale of hard-to-win material (Ethereal 12.75's rules), from either side") {
    struct Case {
        const char* what;
        const char* fen;
        int scale;
    };
    const Case cases[] = {
        // White a pawn or more up, pawns on both wings (so that the complexity cannot take the
        // endgame score to zero, where the side ahead, and so the scale, is not defined).
        {"opposite bishops and a knight each", "4k3/p1n2ppp/3b4/8/8/8/PP1N1PPP/5BK1 w - - 0 1",
         weights::SCALE_OCB_KNIGHTS},
        {"opposite bishops and a rook each", "r3k3/p4ppp/3b4/8/8/8/PP3PPP/R4BK1 w - - 0 1", weights::SCALE_OCB_ROOKS},
        {"a lone queen against a rook and a bishop", "1r2kb2/p4ppp/8/8/8/8/PP3PPP/3QK3 w - - 0 1",
         weights::SCALE_LONE_QUEEN},
        {"a rook each, three pawns up", "4k3/pp6/8/8/8/8/PPPPP3/3RK2r w - - 0 1", weights::SCALE_LARGE_PAWN_EDGE},
        {"two pawns each", "4k3/pp6/8/8/8/8/PP6/3RK2r w - - 0 1",
         weights::SCALE_PAWN_BASE + 2 * weights::SCALE_PER_PAWN},
        {"the start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", weights::SCALE_NORMAL},
    };
    for (const Case& c : cases)
        for (bool flipped : {false, true}) {
            const std::string fen = flipped ? flip_fen(c.fen) : c.fen;
            CAPTURE(fen);
            CHECK_MESSAGE(trace_of(fen).scale == c.scale, c.what);
        }
}

TEST_CASE("the complexity moves the endgame score towards zero at most to zero, never past it") {
    int moved = 0, zeroed = 0, count = 0;
    for (const std::string& name : vireo_test::perft_suite_names()) {
        const vireo_test::PerftSuite suite = vireo_test::load_perft_suite(name);
        for (const auto& c : suite.lines) {
            if (suite.chess960) continue;
            Position p;
            REQUIRE_FALSE(p.set(c.fen));
            if (endgame::known_ending(p.board())) continue;  // scored by rule, no complexity
            const Trace t = trace_of(c.fen);
            int after = 0;  // the Total line: the sum of the rows, the complexity's with them
            for (const auto& [term, row] : t.rows) after += row.total.eg;
            const int adjustment = t.row("Complexity").total.eg;
            const int before = after - adjustment;
            CAPTURE(c.fen);
            CHECK(t.row("Complexity").white.mg == 0);
            // Never across zero: the same sign, or zero.
            CHECK((after == 0 || (after > 0) == (before > 0)));
            CHECK((before != 0 || adjustment == 0));
            moved += adjustment != 0;
            zeroed += after == 0 && before != 0;
            ++count;
        }
    }
    MESSAGE(count << " positions, the complexity moved " << moved << ", took " << zeroed << " to zero");
    CHECK(count > 100);
    CHECK(moved > count / 2);
}

namespace {

// How many times the evaluation counts a weight table's entry `at` for colour c in a position (the
// tuner's coefficients): whatever the weights' values, a feature is counted where it stands.
int count_of(const std::string& fen, const std::string& table, int at, Color c) {
    Position p;
    REQUIRE_MESSAGE(!p.set(fen), fen);
    EvalCoefficients coefs;
    WeightedEval(WEIGHTS).coefficients(p.board(), coefs);
    int index = -1;
    Weights w{};
    for_each_table(w, [&](const char* name, S* first, int count, int, const char* const*) {
        if (table == name) {
            REQUIRE(at < count);
            index = int(first - reinterpret_cast<S*>(&w)) + at;
        }
    });
    REQUIRE_MESSAGE(index >= 0, "no table " << table);
    return coefs.count[c][std::size_t(index)];
}

// A feature White has `count` times in `fen` at entry `at` of `table` (Black, in the flipped position).
struct CountCase {
    const char* what;
    const char* fen;
    const char* table;
    int at;
    int count;
};

// Each case counted where it stands, for White and, flipped, for Black.
template <std::size_t N>
void check_counts(const CountCase (&cases)[N]) {
    for (const CountCase& c : cases) {
        const std::string what = c.what;
        CAPTURE(what);
        CAPTURE(c.fen);
        CHECK(count_of(c.fen, c.table, c.at, WHITE) == c.count);
        CHECK(count_of(flip_fen(c.fen), c.table, c.at, BLACK) == c.count);
    }
}

}  // namespace

TEST_CASE("evaluation bundle 2's features are counted where they stand, for either colour") {
    const CountCase cases[] = {
        // The rook on h1 reaches g1 only; the king on f1 shuts it in; no castling right: twice.
        {"trapped rook, no rights", "4k3/8/8/8/8/8/6PP/5K1R w - - 0 1", "trappedRook", 0, 2},
        {"trapped rook, castling right kept", "4k3/8/8/8/8/8/6PP/4K2R w K - 0 1", "trappedRook", 0, 1},
        {"rook on the far wing", "4k3/8/8/8/8/8/6PP/R5K1 w - - 0 1", "trappedRook", 0, 0},
        // The knight on d2 alone between the queen on d1 and the rook on d8.
        {"pinnable queen", "3rk3/8/8/8/8/8/3N4/3QK3 w - - 0 1", "weakQueen", 0, 1},
        {"queen behind two pieces", "3rk3/8/8/8/8/3P4/3N4/3QK3 w - - 0 1", "weakQueen", 0, 0},
        {"pinnable queen, diagonal", "4k3/4p3/8/b7/8/8/3P4/4QK2 w - - 0 1", "weakQueen", 0, 1},
        // The king on g1, pawns on the a-file only: a pawnless wing, six files from the nearest pawn.
        {"pawnless flank", "4k3/p7/8/8/8/8/P7/6K1 w - - 0 1", "pawnlessFlank", 0, 1},
        {"king six files from the pawns", "4k3/p7/8/8/8/8/P7/6K1 w - - 0 1", "kingPawnFileDistance", 6, 1},
        {"pawns on the king's wing", "4k3/p7/8/8/8/8/P5P1/6K1 w - - 0 1", "pawnlessFlank", 0, 0},
        // The king on e6 attacks the lone pawn on d5; defended by c6, it is held strongly.
        {"threat by the king", "8/8/4K3/3p4/8/8/8/4k3 w - - 0 1", "threatByKing", 0, 1},
        {"a defended pawn", "8/8/2p1K3/3p4/8/8/8/4k3 w - - 0 1", "threatByKing", 0, 0},
        // d5 is held by the pawn on e4 and no black pawn can chase a piece from it.
        {"knight a move from an outpost", "4k3/8/8/8/4P3/2N5/8/4K3 w - - 0 1", "knightReachableOutpost", 0, 1},
        {"knight on the outpost", "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", "knightReachableOutpost", 0, 0},
        {"knight on the outpost", "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", "knightOutpost", 0, 1},
        // The passer on d5 (relative rank index 4): d6 empty and unattacked; then the king on e7 attacks it.
        {"passer free to advance", "8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", "passedCanAdvance", 4, 1},
        {"passer's stop attacked", "8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", "passedSafeAdvance", 4, 0},
        {"passer's stop safe", "8/8/6k1/8/3P4/8/8/4K3 w - - 0 1", "passedSafeAdvance", 3, 1},
        {"passer blocked", "8/8/3n4/3P4/4k3/8/8/4K3 w - - 0 1", "passedCanAdvance", 4, 0},
        // The start: 16 pawns, none rammed, no open file: closedness 16 / 3 = 5; two knights, two rooks.
        {"closedness at the start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "knightClosedness", 5,
         2},
        {"closedness at the start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rookClosedness", 5, 2},
        // Eight rammed pairs on the fourth and fifth ranks: (16 + 24) / 3 = 13, at most 8.
        {"closed", "4k3/8/8/pppppppp/PPPPPPPP/8/8/1N2K3 w - - 0 1", "knightClosedness", 8, 1},
        // One pawn each, seven open files: below zero, 0.
        {"open", "4k3/p7/8/8/8/8/P7/1N2K3 w - - 0 1", "knightClosedness", 0, 1},
    };
    check_counts(cases);
}

TEST_CASE(
    "the pawn bundle's features (phalanx, supporters, weak levers, weak unopposed pawns, a passer's path by rank, "
    "a threat by a safe pawn) are counted where they stand, for either colour") {
    const CountCase cases[] = {
        // d4 and e4 side by side on the fourth rank (relative rank index 3): each has a phalanx.
        {"a phalanx", "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", "pawnPhalanx", 3, 2},
        {"no phalanx", "4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1", "pawnPhalanx", 2, 0},
        // d4 is defended by c3 and e3; those two by nothing.
        {"two supporters", "4k3/8/8/8/3P4/2P1P3/8/4K3 w - - 0 1", "pawnSupporters", 0, 2},
        {"no supporter", "4k3/8/8/8/3P4/8/2P1P3/4K3 w - - 0 1", "pawnSupporters", 0, 0},
        // d4 attacked by c5 and e5 and defended by no pawn; then defended by c3.
        {"a weak lever", "4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1", "weakLever", 0, 1},
        {"a defended lever", "4k3/8/8/2p1p3/3P4/2P5/8/4K3 w - - 0 1", "weakLever", 0, 0},
        {"attacked once", "4k3/8/8/2p5/3P4/8/8/4K3 w - - 0 1", "weakLever", 0, 0},
        // The isolated a2 with no black pawn on the a-file; then opposed by a7.
        {"weak and unopposed", "4k3/7p/8/8/8/8/P7/4K3 w - - 0 1", "weakUnopposed", 0, 1},
        {"weak but opposed", "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", "weakUnopposed", 0, 0},
        {"connected, unopposed", "4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", "weakUnopposed", 0, 0},
        // The passer on d5 (relative rank index 4): d6 to d8 empty; with the king on e7 they are attacked.
        {"free and safe path", "8/8/6k1/3P4/8/8/8/4K3 w - - 0 1", "passedFreePath", 4, 1},
        {"free and safe path", "8/8/6k1/3P4/8/8/8/4K3 w - - 0 1", "passedSafePath", 4, 1},
        {"free path, attacked", "8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", "passedFreePath", 4, 1},
        {"free path, attacked", "8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", "passedSafePath", 4, 0},
        {"path blocked", "3n4/4k3/8/3P4/8/8/8/4K3 w - - 0 1", "passedFreePath", 4, 0},
        // The pawn on d4 attacks the knight on e5: defended by c3, a safe pawn; then undefended and
        // attacked by the pawn on c5, not safe.
        {"a threat by a safe pawn", "4k3/8/8/4n3/3P4/2P5/8/4K3 w - - 0 1", "threatBySafePawn", 0, 1},
        {"a threat by a pawn en prise", "4k3/8/8/2p1n3/3P4/8/8/4K3 w - - 0 1", "threatBySafePawn", 0, 0},
        {"a threat by a pawn en prise", "4k3/8/8/2p1n3/3P4/8/8/4K3 w - - 0 1", "threatByPawn", KNIGHT, 1},
    };
    check_counts(cases);
}

TEST_CASE(
    "mobility counts x-rays (bishops through queens, rooks through queens and own rooks) and a pinned piece "
    "only along its pin, for either colour") {
    const CountCase cases[] = {
        // The bishop on e2 reaches d1, f1, d3-a6 and f3-h5: 9 squares; pinned by the rook on e8, none.
        {"a free bishop", "4k3/8/8/8/8/8/4B3/4K3 w - - 0 1", "bishopMobility", 9, 1},
        {"a pinned bishop", "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", "bishopMobility", 0, 1},
        // A rook pinned on its file still moves along it: e2 reaches e3-e8, 6 squares.
        {"a rook pinned on its file", "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1", "rookMobility", 6, 1},
        // The rook on a1 reaches b1-d1 and, through the rook on a2, a2-a8: 10 squares.
        {"a rook through its own rook", "4k3/8/8/8/8/8/R7/R3K3 w - - 0 1", "rookMobility", 10, 1},
        // The bishop on b2 reaches a1, a3, c1 and, through the queen on c3, d4-h8 (the own queen's square
        // is outside the mobility area): 8 squares; without the x-ray it would be 3.
        {"a bishop through a queen", "6k1/8/8/8/8/2Q5/1B6/4K3 w - - 0 1", "bishopMobility", 8, 1},
    };
    check_counts(cases);
}

TEST_CASE(
    "the passers' span, defended stop square, heavy piece behind and own pawn ahead, and the shelter where "
    "castling would put the king, are counted where they stand, for either colour") {
    const CountCase cases[] = {
        // The passer on d5 (relative rank index 4). With the black king on g6 nothing attacks c6-e8;
        // on f7 it attacks e6-e8 (the span) but not d6-d8 (the path).
        {"a safe span", "8/8/6k1/3P4/8/8/8/4K3 w - - 0 1", "passedSafeSpan", 4, 1},
        {"an attacked span", "8/5k2/8/3P4/8/8/8/4K3 w - - 0 1", "passedSafeSpan", 4, 0},
        {"an attacked span, a safe path", "8/5k2/8/3P4/8/8/8/4K3 w - - 0 1", "passedSafePath", 4, 1},
        {"a blocked passer's span", "3n4/8/3n2k1/3P4/8/8/8/4K3 w - - 0 1", "passedSafeSpan", 4, 0},
        // The black rook on d1 behind the passer on d4: its path counts as attacked.
        {"an enemy rook behind", "6k1/8/8/8/3P4/8/7K/3r4 w - - 0 1", "passedEnemyBehind", 0, 1},
        {"an enemy rook behind", "6k1/8/8/8/3P4/8/7K/3r4 w - - 0 1", "passedSafePath", 3, 0},
        {"an enemy rook behind", "6k1/8/8/8/3P4/8/7K/3r4 w - - 0 1", "passedFreePath", 3, 1},
        {"an enemy rook shut out", "6k1/8/8/8/3P4/3N4/7K/3r4 w - - 0 1", "passedEnemyBehind", 0, 0},
        {"an enemy rook shut out", "6k1/8/8/8/3P4/3N4/7K/3r4 w - - 0 1", "passedSafePath", 3, 1},
        // The stop square d6 held by the knight on c4; by the rook on d1 behind; by nothing.
        {"a stop square held by a knight", "6k1/8/8/3P4/2N5/8/8/4K3 w - - 0 1", "passedStopDefended", 4, 1},
        {"a rook behind", "6k1/8/8/3P4/8/8/8/3RK3 w - - 0 1", "passedStopDefended", 4, 1},
        {"a stop square held by nothing", "6k1/8/8/3P4/8/8/8/4K3 w - - 0 1", "passedStopDefended", 4, 0},
        // Doubled passers on d4 and d5: the rear one has an own pawn ahead.
        {"doubled passers", "6k1/8/8/3P4/3P4/8/8/4K3 w - - 0 1", "passedOwnPawnAhead", 0, 1},
        {"one passer", "6k1/8/8/3P4/8/8/8/4K3 w - - 0 1", "passedOwnPawnAhead", 0, 0},
        // The king on e1 with f2-h2 in front of g1: its shelter is read on g1 while it may castle short.
        {"may castle", "4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1", "kingCastleShelter", 0, 1},
        {"may not castle", "4k3/8/8/8/8/8/5PPP/4K2R w - - 0 1", "kingCastleShelter", 0, 0},
        {"castled already", "4k3/8/8/8/8/8/5PPP/5RK1 w - - 0 1", "kingCastleShelter", 0, 0},
    };
    check_counts(cases);
}
