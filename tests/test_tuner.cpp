// The evaluation tuner (eval/tuner): the PGN reader, the linear model of the evaluation, the fit, the
// gradient of the loss against central differences of the dataset error, and the blended targets.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "eval/endgame.h"
#include "eval/tuner/tuner.h"
#include "perft_suite.h"

using namespace vireo;

namespace {

// Positions from the standard perft suite, each walked a few random plies further.
std::vector<tuner::Sample> suite_samples() {
    std::vector<tuner::Sample> out;
    std::mt19937 rng(7);
    const vireo_test::PerftSuite suite = vireo_test::load_perft_suite("standard.epd");
    for (const auto& line : suite.lines) {
        Position p;
        REQUIRE_FALSE(p.set(line.fen));
        for (int ply = 0; ply < 12; ++ply) {
            // The tuner's readers leave out the specialised endings (scored by rule, not by weights).
            if (!endgame::known_ending(p.board())) out.push_back({p.board(), 0.5f});
            const MoveList moves = p.legal_moves();
            if (moves.empty()) break;
            p.play(moves.moves[rng() % moves.size()]);
        }
    }
    return out;
}

int white_eval(const WeightedEval& e, const Board& b) { return b.side == WHITE ? e(b) : -e(b); }

// What the tuner's PGN reader takes from a text of games, a fresh set of seen positions each time.
struct PgnRead {
    tuner::PgnStats stats;
    std::vector<tuner::Sample> samples;
};
PgnRead read_pgn_text(const std::string& text, int minPly = 0) {
    std::istringstream in(text);
    PgnRead r;
    std::unordered_set<Key> seen;
    r.stats = tuner::read_pgn(in, tuner::PgnFilter{minPly}, r.samples, seen);
    return r;
}

}  // namespace

TEST_CASE("the tuner's PGN reader keeps the quiet positions of complete games") {
    const std::string pgn =
        "[Event \"one\"]\n[Result \"1-0\"]\n\n"
        "1. e4 {book, with spaces} e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 1-0\n\n"
        "[Event \"two\"]\n[FEN \"4k3/p7/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1/2-1/2\"]\n\n"
        "1. e4 $1 (1. e3 Kd7 (1... Ke7)) 1... Kd7 ; a comment to the end of the line\n"
        "2. e5 Ke6 1/2-1/2\n\n"
        "[Event \"illegal\"]\n[Result \"0-1\"]\n\n1. e5 e5 0-1\n\n"
        "[Event \"unfinished\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n"
        "[Event \"again\"]\n[Result \"0-1\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.d3 0-1\n";
    const auto [st, out] = read_pgn_text(pgn);
    CHECK(st.games == 3);
    CHECK(st.skippedGames == 2);
    // Game one: six quiet moves (the two captures are not); game two: four; the last game repeats
    // game one's six and adds the position before 5.d3.
    CHECK(st.duplicates == 6);
    CHECK(st.positions == 6 + 4 + 1);
    REQUIRE(out.size() == 11);
    CHECK(out[0].result == 1.0f);
    CHECK(out[6].result == 0.5f);
    CHECK(out[10].result == 0.0f);
    Position start;
    CHECK(out[0].board.key == start.board().key);
    Position endgame;
    REQUIRE_FALSE(endgame.set("4k3/p7/8/8/8/8/4P3/4K3 w - - 0 1"));
    CHECK(out[6].board.key == endgame.board().key);

    // The opening plies are skipped on request.
    CHECK(read_pgn_text(pgn, 4).stats.positions == 2 + 0 + 1);
}

TEST_CASE("the tuner's readers leave out the specialised endings") {
    // King and pawn against king: every position is KPK (eval/endgame.h), scored by the bitbase.
    const std::string pgn =
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1/2-1/2\"]\n\n"
        "1. e4 Kd7 2. e5 Ke6 3. Ke2 Kxe5 1/2-1/2\n";
    const auto [st, out] = read_pgn_text(pgn);
    CHECK(st.games == 1);
    CHECK(out.empty());
    // With a black pawn added, the same game is kept (five positions: 3... Kxe5 is a capture).
    std::string withPawn = pgn;
    const std::string bare = "[FEN \"4k3/8/";
    withPawn.replace(withPawn.find(bare), bare.size(), "[FEN \"4k3/p7/");
    const auto [st2, out2] = read_pgn_text(withPawn);
    CAPTURE(withPawn);
    CHECK(st2.games == 1);
    CHECK(out2.size() == 5);
}

TEST_CASE("the tuner can skip positions where the side to move wins material at once") {
    auto winning = [](const char* fen) {
        Position pos;
        REQUIRE_FALSE(pos.set(fen));
        return tuner::has_winning_capture(pos.board());
    };
    CHECK_FALSE(winning("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    CHECK(winning("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1"));          // an undefended knight
    CHECK_FALSE(winning("4k3/4p3/3n4/8/8/8/8/3RK3 w - - 0 1"));  // defended, and worth less than the rook
    CHECK(winning("4k3/4p3/3n4/2P5/8/8/8/4K3 w - - 0 1"));       // defended, but a pawn takes it
    CHECK_FALSE(winning("4k3/8/8/8/8/8/3n4/1n2K3 w - - 0 1"));   // the king cannot take a defended knight
    CHECK(winning("4k3/8/8/8/8/8/8/3nK3 w - - 0 1"));            // ... but an undefended one
    CHECK(winning("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1"));           // the rook takes the defended queen ...
    CHECK_FALSE(winning("3qk3/8/8/8/8/8/8/3RK3 b - - 0 1"));     // ... the queen, the defended rook: no gain

    // The reader applies it. After 1... e5 white could take an undefended pawn and played 2. Nf3
    // instead: that position is dropped; the other four are quiet (2... Nc6 defends e5).
    const std::string pgn = "[Result \"1-0\"]\n\n1. d4 e5 2. Nf3 Nc6 3. Nc3 1-0\n";
    std::vector<tuner::Sample> all, quiet;
    std::unordered_set<Key> seen, seen2;
    std::istringstream in1(pgn), in2(pgn);
    tuner::read_pgn(in1, tuner::PgnFilter{0, false}, all, seen);
    tuner::read_pgn(in2, tuner::PgnFilter{0, true}, quiet, seen2);
    CHECK(all.size() == 5);
    CHECK(quiet.size() == 4);
    for (const auto& s : quiet) CHECK_FALSE(tuner::has_winning_capture(s.board));
}

TEST_CASE("the tuner's linear model reproduces the evaluation under any weights") {
    const std::vector<tuner::Sample> samples = suite_samples();
    REQUIRE(samples.size() > 1000);
    const tuner::Dataset data(samples, WEIGHTS);
    CHECK(data.parameter_count() == int(tuner::to_vector(WEIGHTS).size() / 2));

    // Other weights: every tuned pair moved by a different amount.
    std::vector<double> other = tuner::to_vector(WEIGHTS);
    for (std::size_t d = 0; d < other.size(); ++d) other[d] += double(int(d * 37 % 41) - 20);
    const Weights otherWeights = tuner::from_vector(other);
    const WeightedEval engine(WEIGHTS), moved(otherWeights);
    const std::vector<double> base = tuner::to_vector(WEIGHTS);
    double worstBase = 0, worstMoved = 0, moves = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const Board& b = samples[i].board;
        CHECK(white_eval(engine, b) == (b.side == WHITE ? evaluate(b) : -evaluate(b)));
        worstBase = std::max(worstBase, std::abs(data.evaluate(i, base) - white_eval(engine, b)));
        worstMoved = std::max(worstMoved, std::abs(data.evaluate(i, other) - white_eval(moved, b)));
        moves += std::abs(white_eval(moved, b) - white_eval(engine, b));
    }
    // Only the engine's integer rounding (the king-danger curve of each side and the blend) separates the two.
    CHECK(worstBase <= 3.0);
    CHECK(worstMoved <= 3.0);
    CHECK(moves / double(samples.size()) > 20);  // the other weights really are different
}

TEST_CASE("the tuner fits weights that predict results made by other weights") {
    std::vector<tuner::Sample> samples = suite_samples();
    // Results as a sigmoid of the evaluation under "true" weights: a knight worth 60 more, no tempo,
    // passed pawns worth twice as much.
    Weights truth = WEIGHTS;
    truth.pieceValue[KNIGHT] += S(60, 60);
    truth.tempo = S(0, 0);
    for (S& s : truth.passedPawn) s = s * 2;
    const WeightedEval trueEval(truth);
    const double k = 1.0;
    for (auto& s : samples) s.result = float(1.0 / (1.0 + std::pow(10.0, -k * white_eval(trueEval, s.board) / 400.0)));
    const tuner::Dataset data(samples, WEIGHTS);
    const std::size_t n = data.size();

    std::vector<double> theta = tuner::to_vector(WEIGHTS);
    auto distance = [&](const std::vector<double>& t) {
        double sum = 0;
        for (std::size_t i = 0; i < n; ++i)
            sum += std::abs(data.evaluate(i, t) - white_eval(trueEval, samples[i].board));
        return sum / double(n);
    };
    const double before = data.error(theta, k, 0, n), distBefore = distance(theta);
    int logged = 0;
    data.optimise(theta, k, 0, n, 400, 2.0, 0.0, [&](int, double) { ++logged; });
    const double after = data.error(theta, k, 0, n), distAfter = distance(theta);
    MESSAGE("error ", before, " -> ", after, ", mean distance to the true evaluation ", distBefore, " -> ", distAfter,
            " cp");
    CHECK(logged == 400);
    CHECK(after < before / 4);
    CHECK(distAfter < distBefore / 3);
    // A strong penalty keeps the weights near where they started.
    std::vector<double> held = tuner::to_vector(WEIGHTS);
    data.optimise(held, k, 0, n, 400, 2.0, 1.0);
    double moved = 0, movedFree = 0;
    const std::vector<double> start = tuner::to_vector(WEIGHTS);
    for (std::size_t d = 0; d < start.size(); ++d)
        moved += std::abs(held[d] - start[d]), movedFree += std::abs(theta[d] - start[d]);
    CHECK(moved < movedFree / 4);
    // Frozen numbers keep their value while the others still move: the knight's material frozen.
    std::vector<bool> fixed(start.size(), false);
    fixed[2 * KNIGHT] = fixed[2 * KNIGHT + 1] = true;
    std::vector<double> partly = tuner::to_vector(WEIGHTS);
    data.optimise(partly, k, 0, n, 100, 2.0, 0.0, {}, fixed);
    CHECK(partly[2 * KNIGHT] == start[2 * KNIGHT]);
    CHECK(partly[2 * KNIGHT + 1] == start[2 * KNIGHT + 1]);
    CHECK(data.error(partly, k, 0, n) < before / 2);
    // K is found again from the true weights' own results.
    CHECK(data.fit_k(tuner::to_vector(truth), 0, n) == doctest::Approx(k).epsilon(0.05));
}

TEST_CASE("the tuner's gradient matches finite differences, king-danger curve and complexity included") {
    const std::vector<tuner::Sample> samples = suite_samples();
    const tuner::Dataset data(samples, WEIGHTS);
    const std::vector<double> theta = tuner::to_vector(WEIGHTS);
    // Weights to probe: a material value, a square of a table, a mobility count, a threat, and the
    // king-danger weights (through their curve).
    Weights names = WEIGHTS;
    const auto params = tuner::parameters(names);
    std::vector<std::size_t> probe;
    for (std::size_t j = 0; j < params.size(); ++j) {
        const std::string& n = params[j].name;
        if (n == "pieceValue[1]" || n == "psqt[knight][21]" || n == "knightMobility[4]" || n == "threatByPawn[1]" ||
            n.rfind("kingAttacker", 0) == 0 || n == "kingZoneAttack" || n == "safeCheck[3]" || n == "dangerOffset" ||
            n == "tempo" || n == "unsafeCheck" || n == "flankAttack" || n.rfind("complexity", 0) == 0)
            probe.push_back(j);
    }
    REQUIRE(probe.size() >= 22);
    int compared = 0, dangerCompared = 0, complexityCompared = 0, atKink = 0;
    for (std::size_t i = 0; i < data.size(); ++i) {
        std::vector<double> grad(theta.size(), 0.0);
        data.add_gradient(i, theta, 1.0, grad);
        const double mid = data.evaluate(i, theta);
        for (std::size_t j : probe)
            for (std::size_t d : {2 * j, 2 * j + 1}) {
                std::vector<double> up = theta, down = theta;
                up[d] += 0.01, down[d] -= 0.01;
                const double hi = data.evaluate(i, up), lo = data.evaluate(i, down);
                const double numeric = (hi - lo) / 0.02;
                if (numeric == 0 && grad[d] == 0) continue;
                // A central difference is exact for the linear and the squared parts, but not across
                // the curve's kink at zero danger: where the slopes on the two sides differ (by more
                // than a square's curvature makes them), the danger sits on the kink (tuned weights
                // can put it exactly there) and has no gradient to check.
                // Nor where the endgame sum sits at zero with a positive complexity: the score jumps
                // from +c to -c there (the engine's too), which a difference ten times narrower shows.
                std::vector<double> up2 = theta, down2 = theta;
                up2[d] += 0.001, down2[d] -= 0.001;
                const double narrow = (data.evaluate(i, up2) - data.evaluate(i, down2)) / 0.002;
                if (std::abs((hi - mid) - (mid - lo)) > 0.01 * (std::abs(hi - mid) + std::abs(mid - lo)) + 1e-9 ||
                    std::abs(narrow - numeric) > 1e-3 * (1 + std::abs(numeric))) {
                    ++atKink;
                    continue;
                }
                CHECK_MESSAGE(std::abs(grad[d] - numeric) <= 1e-4 * (1 + std::abs(numeric)),
                              params[j].name << (d % 2 ? " eg" : " mg") << " in sample " << i);
                ++compared;
                if (int(j) >= DANGER_FIRST && int(j) < DANGER_END) ++dangerCompared;
                if (int(j) >= COMPLEXITY_FIRST && int(j) < COMPLEXITY_END) ++complexityCompared;
            }
    }
    CHECK(compared > 1000);
    CHECK(dangerCompared > 50);      // positions with an attack on a king are among them
    CHECK(complexityCompared > 50);  // and positions whose complexity applies (its endgame parts)
    CHECK(atKink < compared / 20);   // the kink is rare: the skip cannot hide a wrong gradient
}

TEST_CASE("the tuner writes eval/weights.h: the file's block is what it writes for the engine's weights") {
    std::ifstream in(std::string(VIREO_TEST_DATA) + "/../../eval/weights.h");
    REQUIRE(in);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    const std::string begin = "// BEGIN WEIGHTS\n";
    const auto b = text.find(begin), e = text.find("// END WEIGHTS");
    REQUIRE(b != std::string::npos);
    REQUIRE(e != std::string::npos);
    CHECK(text.substr(b + begin.size(), e - b - begin.size()) == tuner::weights_block(WEIGHTS));
    // Written to a copy with other weights, the block reads back as those weights' block.
    Weights other = WEIGHTS;
    other.knightMobility[3] = S(-7, 11);
    other.psqt[ROOK][50] = S(33, -2);
    const std::string path = "weights-write-test.h";
    {
        std::ofstream out(path);
        out << text;
    }
    std::string error;
    REQUIRE(tuner::write_weights(path, other, error));
    std::ifstream back(path);
    std::stringstream bs;
    bs << back.rdbuf();
    const std::string written = bs.str();
    CHECK(written.find(tuner::weights_block(other)) != std::string::npos);
    CHECK(written.substr(0, b) == text.substr(0, b));
    CHECK(written.find("S(-7, 11)") != std::string::npos);
    std::remove(path.c_str());
    CHECK_FALSE(tuner::write_weights("no-such-dir/weights.h", other, error));
    CHECK_FALSE(error.empty());
}

namespace {

// The suite's positions with results and scores that vary (a third without a score), and a few
// positions that bring in the weights the suite rarely reaches: attacks on a king with safe checks,
// passed pawns with a rook behind them, outposts, pawn pushes that threaten, doubled pawns.
std::vector<tuner::Sample> varied_samples() {
    std::vector<tuner::Sample> out = suite_samples();
    for (const char* fen :
         {"r1bq1rk1/ppp2ppp/2n5/3p2NQ/8/8/PPP2PPP/R1B1R1K1 w - - 0 1", "6k1/5ppp/8/8/8/8/3Q1PPP/2R3K1 w - - 0 1",
          "6k1/5ppp/4q3/8/1r6/8/5PPP/6K1 b - - 0 1", "4k3/pp6/8/3KP3/8/8/P7/4R3 w - - 0 1",
          "1r4k1/6pp/8/8/8/p7/8/R5K1 b - - 0 1", "6k1/6pp/2p5/8/4N3/3P4/6PP/6K1 w - - 0 1",
          "6k1/6pp/2p5/8/4B3/3P4/6PP/6K1 b - - 0 1", "4k3/8/2n5/8/3P4/8/8/4K3 w - - 0 1",
          "4k3/8/8/3b4/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/P7/P1P5/4K3 w - - 0 1", "4k3/8/8/8/4P3/2N5/8/4K3 w - - 0 1",
          "6k1/5ppp/8/8/3P4/8/3r1PPP/6K1 w - - 0 1"}) {
        Position p;
        REQUIRE_MESSAGE(!p.set(fen), fen);
        out.push_back({p.board(), 0.5f});
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].result = float(i % 3) / 2;
        out[i].score = i % 3 == 1 ? tuner::Sample::NO_SCORE : int(i * 37 % 801) - 400;
    }
    return out;
}

}  // namespace

TEST_CASE("the tuner's loss gradient matches central differences of the dataset error, for every weight") {
    const std::vector<tuner::Sample> samples = varied_samples();
    tuner::Dataset data(samples, WEIGHTS);
    const double k = 1.2;
    data.set_targets(samples, 0.5, k);
    const std::size_t n = data.size();
    // Off the integer lattice of the tuned weights, so that no sample's king danger or endgame sum
    // sits on a kink of the curve or of the scale (where the error has no derivative).
    std::vector<double> theta = tuner::to_vector(WEIGHTS);
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> noise(-0.45, 0.45);
    for (double& t : theta) t += noise(rng);

    std::vector<double> grad;
    const double err = data.gradient(theta, k, 0, n, grad);
    CHECK(err == doctest::Approx(data.error(theta, k, 0, n)).epsilon(1e-12));
    REQUIRE(grad.size() == theta.size());
    double largest = 0;
    for (double g : grad) largest = std::max(largest, std::abs(g));
    REQUIRE(largest > 0);

    Weights names = WEIGHTS;
    const auto params = tuner::parameters(names);
    REQUIRE(params.size() * 2 == theta.size());
    // The weights of each table (eval/weights.h) that the data reach, and those checked.
    std::map<std::string, int> reached, total;
    int mismatches = 0;
    const double h = 1e-3;
    for (std::size_t d = 0; d < theta.size(); ++d) {
        const std::string& name = params[d / 2].name;
        const std::string table = name.substr(0, name.find('['));
        ++total[table];
        std::vector<double> up = theta, down = theta;
        up[d] += h, down[d] -= h;
        const double numeric = (data.error(up, k, 0, n) - data.error(down, k, 0, n)) / (2 * h);
        if (numeric != 0) ++reached[table];
        // Exact up to rounding: the error's sum is smooth off the kinks.
        const bool close = std::abs(grad[d] - numeric) <= 1e-5 * std::abs(numeric) + 1e-9 * largest;
        if (!close && ++mismatches <= 20)
            CHECK_MESSAGE(close, name << (d % 2 ? " eg" : " mg") << ": gradient " << grad[d] << ", central difference "
                                      << numeric);
    }
    CHECK(mismatches == 0);
    // Every table of weights is reached by the data, so that each has its gradient checked.
    std::string unreached;
    for (const auto& [table, count] : total)
        if (!reached.count(table)) unreached += table + " ";
    CHECK_MESSAGE(unreached.empty(), "no sample reaches " << unreached);
    int reachedAll = 0;
    for (const auto& [table, count] : reached) reachedAll += count;
    MESSAGE(theta.size() << " numbers checked against central differences, " << reachedAll << " of them reached by "
                         << n << " samples");
    CHECK(reachedAll > int(theta.size()) / 2);
}

TEST_CASE("set_targets blends the search score and the result: lambda 0, 0.5, 1, and samples without a score") {
    std::vector<tuner::Sample> samples = suite_samples();
    samples.resize(60);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        samples[i].result = float(i % 3) / 2;
        samples[i].score = i % 4 == 3 ? tuner::Sample::NO_SCORE : int(i * 53 % 1201) - 600;
    }
    tuner::Dataset data(samples, WEIGHTS);
    // Before set_targets: the results.
    for (std::size_t i = 0; i < samples.size(); ++i) CHECK(data.target(i) == samples[i].result);
    const double k = 0.9;
    auto sigmoid = [k](int score) { return 1.0 / (1.0 + std::pow(10.0, -k * score / 400.0)); };
    for (double lambda : {0.0, 0.5, 1.0}) {
        CAPTURE(lambda);
        data.set_targets(samples, lambda, k);
        int scored = 0;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            CAPTURE(i);
            const tuner::Sample& s = samples[i];
            if (s.score == tuner::Sample::NO_SCORE) {
                CHECK(data.target(i) == s.result);  // no score: the result, whatever lambda
                continue;
            }
            ++scored;
            const double want = lambda * sigmoid(s.score) + (1 - lambda) * s.result;
            CHECK(data.target(i) == doctest::Approx(want).epsilon(1e-6));
            if (lambda == 0.0) CHECK(data.target(i) == s.result);
        }
        CHECK(scored >= 40);
    }
    // The score's side: a score for White of +400 at k 1 is a target of 10/11 for White.
    std::vector<tuner::Sample> one = {samples[0]};
    one[0].score = 400;
    one[0].result = 0.0f;
    tuner::Dataset single(one, WEIGHTS);
    single.set_targets(one, 1.0, 1.0);
    CHECK(single.target(0) == doctest::Approx(10.0 / 11.0).epsilon(1e-6));
    // And the error measures against the targets.
    const std::vector<double> theta = tuner::to_vector(WEIGHTS);
    const double p = 1.0 / (1.0 + std::pow(10.0, -single.evaluate(0, theta) / 400.0));
    CHECK(single.error(theta, 1.0, 0, 1) == doctest::Approx((10.0 / 11.0 - p) * (10.0 / 11.0 - p)).epsilon(1e-6));
}

TEST_CASE("pool adjacent violators: the nearest non-decreasing sequence, and the monotone tables projected") {
    std::vector<double> x{1, 3, 2, 4, 0, 5};
    tuner::make_nondecreasing(x);
    // 3, 2 pool to 2.5; 4, 0 to 2; then 2.5 > 2 pools the four to 2.25.
    const std::vector<double> want{1, 2.25, 2.25, 2.25, 2.25, 5};
    REQUIRE(x.size() == want.size());
    for (std::size_t i = 0; i < x.size(); ++i) CHECK(x[i] == doctest::Approx(want[i]));
    std::vector<double> sorted{-2, -2, 0, 7};
    tuner::make_nondecreasing(sorted);
    CHECK(sorted == std::vector<double>{-2, -2, 0, 7});

    // The engine's weights projected: every mobility table non-decreasing, mg and eg apart; nothing
    // else moves; a table with a frozen number is left as it is.
    const auto tables = tuner::shaped_tables();
    std::vector<std::string> names;
    for (const auto& t : tables) names.push_back(t.name + (t.monotone ? "+" : ""));
    CHECK(names == std::vector<std::string>{"knightMobility+", "bishopMobility+", "rookMobility+", "queenMobility+",
                                            "connectedPawn", "pawnPhalanx", "passedPawn", "passedFreePath",
                                            "passedSafePath", "candidatePasser", "passedCanAdvance",
                                            "passedSafeAdvance", "passedSafeSpan", "passedStopDefended"});
    const std::vector<double> start = tuner::to_vector(WEIGHTS);
    std::vector<double> theta = start;
    std::vector<bool> fixed(start.size(), false);
    const auto& queen = tables[3];
    fixed[2 * tables[0].first + 5] = true;  // one number of knightMobility
    tuner::project_monotone(theta, tables, fixed);
    // The projected numbers: those of bishop, rook and queen mobility (the knight's has a frozen one).
    const std::size_t from = 2 * tables[1].first, to = 2 * (queen.first + std::size_t(queen.count));
    for (std::size_t d = 0; d < start.size(); ++d)
        if (d < from || d >= to) CHECK(theta[d] == start[d]);
    for (std::size_t d = from; d + 2 < to; ++d)
        if (d / 2 + 1 != tables[2].first && d / 2 + 1 != queen.first) CHECK(theta[d] <= theta[d + 2] + 1e-9);
    // queenMobility[26] and [27] eg (-36, -410) pool with what comes before: the last two are equal.
    const std::size_t last = queen.first + std::size_t(queen.count) - 1;
    CHECK(theta[2 * last + 1] == doctest::Approx(theta[2 * last - 1]));
    CHECK(theta[2 * last + 1] > -36);
}

TEST_CASE("a rare bucket with extreme results runs away without the shape, and stays between its neighbours with it") {
    std::vector<tuner::Sample> samples = suite_samples();
    // The rarest queen-mobility bucket with both neighbours in the table, among those that move some
    // position's evaluation (a bucket both queens stand in cancels out there) and that two positions
    // or more reach (one position alone can sit where the sigmoid is flat, with nothing to run on).
    tuner::Dataset probe(samples, WEIGHTS);
    const auto counts = probe.sample_counts(0, probe.size());
    const auto tables = tuner::shaped_tables();
    const tuner::ShapedTable& queen = tables[3];
    REQUIRE(queen.name == "queenMobility");
    const std::vector<double> start = tuner::to_vector(WEIGHTS);
    const auto moves_some = [&](std::size_t j) {
        std::vector<double> up = start;
        up[2 * j] += 100, up[2 * j + 1] += 100;
        for (std::size_t i = 0; i < probe.size(); ++i)
            if (std::abs(probe.evaluate(i, up) - probe.evaluate(i, start)) > 0.5) return true;
        return false;
    };
    std::size_t rare = 0;
    for (std::size_t j = queen.first + 1; j + 1 < queen.first + std::size_t(queen.count); ++j)
        if (counts[j] >= 2 && (!rare || counts[j] < counts[rare]) && moves_some(j)) rare = j;
    REQUIRE(rare);
    MESSAGE("rarest bucket queenMobility[", rare - queen.first, "] in ", counts[rare], " of ", probe.size(),
            " positions");
    REQUIRE(counts[rare] * 100 < probe.size());

    // Truth: a smooth rising queen mobility; results from it, but every position with a queen in the
    // rare bucket lost by the queen's side (a noisy label the data cannot outvote).
    Weights truth = WEIGHTS;
    for (int i = 0; i < queen.count; ++i) truth.queenMobility[i] = S(-100 + 5 * i, -100 + 10 * i);
    std::vector<double> t = tuner::to_vector(truth), bumped = t;
    bumped[2 * rare] += 100, bumped[2 * rare + 1] += 100;
    const WeightedEval trueEval(truth);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const double side = probe.evaluate(i, bumped) - probe.evaluate(i, t);
        samples[i].result = side > 0.5 ? 0.0f
                            : side < -0.5
                                ? 1.0f
                                : float(1.0 / (1.0 + std::pow(10.0, -white_eval(trueEval, samples[i].board) / 400.0)));
    }
    const tuner::Dataset data(samples, truth);
    // Only the queen's mobility is fitted.
    std::vector<bool> fixed(t.size(), true);
    for (std::size_t d = 2 * queen.first; d < 2 * (queen.first + std::size_t(queen.count)); ++d) fixed[d] = false;
    auto fit = [&](const tuner::Shape& shape) {
        std::vector<double> theta = t;
        data.optimise(theta, 1.0, 0, data.size(), 300, 5.0, 0.0, {}, fixed, shape);
        return theta;
    };
    // How far (cp) the rare entry lies outside the range of its two neighbours, the worse of mg and eg.
    auto outside = [&](const std::vector<double>& theta) {
        double worst = 0;
        for (std::size_t part = 0; part < 2; ++part) {
            const double a = theta[2 * (rare - 1) + part], b = theta[2 * (rare + 1) + part], x = theta[2 * rare + part];
            worst = std::max({worst, std::min(a, b) - x, x - std::max(a, b)});
        }
        return worst;
    };
    const double free = outside(fit({tables, 0, false})), smooth = outside(fit({tables, 1e-3, false})),
                 monotone = outside(fit({tables, 0, true}));
    MESSAGE("outside its neighbours by ", free, " cp free, ", smooth, " cp smoothed, ", monotone, " cp monotone");
    CHECK(free > 200);
    CHECK(smooth < 20);
    CHECK(monotone < 1e-9);
}
