// vireo-tune: fits the evaluation weights to the results of games (Texel's method); see tuner.h.
//
//   vireo-tune [options] GAMES.pgn|DATA-FOLDER|CHUNK.vdat...
//
// Prints the data, the errors before and after on the training positions and on held-out ones, and
// every weight the tuning changed as `name = S(mg, eg)` beside its current value; --write puts them
// into eval/weights.h.
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "eval/tuner/tuner.h"

namespace po = boost::program_options;
using namespace vireo;

namespace {

// What the command line asks for.
struct Settings {
    int epochs = 0, minPly = 0, report = 0, threads = 0;
    double rate = 0, holdout = 0, l2 = 0, lambda = 0, smooth = 0, rare = 0;
    std::string write;
    unsigned seed = 0;
    bool skipWinning = false, noMonotone = false;
    std::vector<std::string> freeze;
    std::vector<std::string> inputs;  // PGN files, datagen folders and chunk files
};

// Reads the command line into s. An exit status when the program is to stop here (help, an error).
std::optional<int> parse_command_line(int argc, char** argv, Settings& s) {
    po::options_description opts("vireo-tune [options] GAMES.pgn|DATA-FOLDER|CHUNK.vdat...");
    opts.add_options()("help,h", "this help")("epochs", po::value(&s.epochs)->default_value(2000),
                                              "full passes of gradient descent")(
        "rate", po::value(&s.rate)->default_value(1.0), "Adam step size, in centipawns")(
        "l2", po::value(&s.l2)->default_value(0.0),
        "penalty on the squared distance (in pawns) from the current weights")(
        "smooth", po::value(&s.smooth)->default_value(1e-5, "1e-5"),
        "penalty on the squared difference (in pawns) of neighbouring entries of the mobility tables and the pawn "
        "tables by rank")(
        "no-monotone", po::bool_switch(&s.noMonotone),
        "let a mobility table fall with more squares (by default each step keeps them non-decreasing)")(
        "rare", po::value(&s.rare)->default_value(0.001, "0.001"),
        "name the weights whose coefficient is not zero in fewer than this share of the training positions")(
        "holdout", po::value(&s.holdout)->default_value(0.1, "0.1"),
        "share of positions kept out of training to measure on")("min-ply", po::value(&s.minPly)->default_value(16),
                                                                 "skip positions before this ply (the opening book's)")(
        "skip-winning-captures", po::bool_switch(&s.skipWinning),
        "skip positions where the side to move can win material at once (a hanging piece, or one worth more than its "
        "attacker)")(
        "freeze", po::value(&s.freeze)->composing(),
        "a weight to keep as it is, by name or name prefix; repeatable (--freeze pieceValue --freeze tempo)")(
        "seed", po::value(&s.seed)->default_value(1), "shuffle seed (which positions are held out)")(
        "report", po::value(&s.report)->default_value(100), "print the error every this many epochs")(
        "threads", po::value(&s.threads)->default_value(2), "threads for the coefficients and the gradient")(
        "score-weight", po::value(&s.lambda)->default_value(0.0),
        "fit to this blend of the search score (datagen data) and the game result: 0 result only, 1 score only")(
        "write", po::value(&s.write), "rewrite the WEIGHTS block of this file (eval/weights.h) with the tuned weights");
    po::options_description hidden;
    hidden.add_options()("pgn", po::value<std::vector<std::string>>(), "games");
    po::options_description all;
    all.add(opts).add(hidden);
    po::positional_options_description pos;
    pos.add("pgn", -1);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(all).positional(pos).run(), vm);
        po::notify(vm);
    } catch (const std::exception& e) {
        std::cerr << "vireo-tune: " << e.what() << "\n" << opts;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << opts;
        return 0;
    }
    if (!vm.count("pgn")) {
        std::cerr << "vireo-tune: no input: name a PGN file, a datagen folder or a chunk file\n" << opts;
        return 2;
    }
    // Values the tuning cannot use (a zero --report would divide by zero, a --holdout of 1 or more
    // leave nothing to train on): named before any data is read.
    const char* bad = s.epochs < 0                         ? "--epochs must not be negative"
                      : !(s.rate > 0)                      ? "--rate must be positive"
                      : !(s.l2 >= 0)                       ? "--l2 must not be negative"
                      : !(s.smooth >= 0)                   ? "--smooth must not be negative"
                      : !(s.rare >= 0 && s.rare < 1)       ? "--rare must be from 0 to below 1"
                      : !(s.holdout >= 0 && s.holdout < 1) ? "--holdout must be from 0 to below 1"
                      : s.minPly < 0                       ? "--min-ply must not be negative"
                      : s.report < 1                       ? "--report must be positive"
                      : s.threads < 1                      ? "--threads must be positive"
                      : !(s.lambda >= 0 && s.lambda <= 1)  ? "--score-weight must be from 0 to 1"
                                                           : nullptr;
    if (bad) {
        std::cerr << "vireo-tune: " << bad << "\n";
        return 2;
    }
    s.inputs = vm["pgn"].as<std::vector<std::string>>();
    return std::nullopt;
}

// Reads every input into samples, each position once. False on an input that cannot be read.
bool load_samples(const Settings& s, std::vector<tuner::Sample>& samples) {
    std::unordered_set<Key> seen;
    for (const auto& file : s.inputs) {
        // A folder, or a chunk file, of `vireo datagen`.
        std::error_code ec;
        if (std::filesystem::is_directory(file, ec) ||
            (file.size() > 5 && file.compare(file.size() - 5, 5, ".vdat") == 0)) {
            const auto st = tuner::read_data(file, tuner::PgnFilter{s.minPly, s.skipWinning}, samples, seen);
            for (const auto& e : st.errors) std::cerr << "vireo-tune: " << e << "\n";
            std::printf(
                "%s: %d chunks (%d unreadable), %d positions kept, %d duplicates dropped, %d specialised endings "
                "left out, %d malformed\n",
                file.c_str(), st.chunks, st.badChunks, st.positions, st.duplicates, st.endings, st.badRecords);
            if (!st.chunks) return false;
            continue;
        }
        std::ifstream in(file);
        if (!in) {
            std::cerr << "vireo-tune: cannot open " << file << "\n";
            return false;
        }
        const auto st = tuner::read_pgn(in, tuner::PgnFilter{s.minPly, s.skipWinning}, samples, seen);
        std::printf("%s: %d games (%d skipped), %d positions kept, %d duplicates dropped\n", file.c_str(), st.games,
                    st.skippedGames, st.positions, st.duplicates);
    }
    return true;
}

// The largest difference, in centipawns, between the linear model at theta and the engine's
// evaluation over the first 10,000 samples, and how many differ by more than 3 cp: the model must
// reproduce the evaluation up to its integer rounding, but for the complexity's jump where the
// endgame sum is zero (the engine's rounded sum and the model's unrounded one can fall on either
// side of it), which a few positions in a thousand may show.
struct ModelError {
    double worst = 0;
    int over = 0, checked = 0;
};
ModelError model_error(const tuner::Dataset& data, const std::vector<tuner::Sample>& samples,
                       const std::vector<double>& theta) {
    ModelError m;
    for (std::size_t i = 0; i < std::min<std::size_t>(data.size(), 10000); ++i, ++m.checked) {
        const int engine = evaluate(samples[i].board);
        const double d = std::abs(data.evaluate(i, theta) - (samples[i].board.side == WHITE ? engine : -engine));
        m.worst = std::max(m.worst, d);
        m.over += d > 3.0;
    }
    return m;
}

// Which numbers of the weight vector stay as they are: both numbers of every parameter whose name
// starts with a --freeze entry. Nothing when an entry names no weight.
std::optional<std::vector<bool>> frozen_numbers(const std::vector<std::string>& freeze, std::size_t numbers) {
    Weights names = WEIGHTS;
    const auto params = tuner::parameters(names);
    std::vector<bool> fixed(numbers, false);
    for (const std::string& f : freeze) {
        bool any = false;
        for (std::size_t j = 0; j < params.size(); ++j)
            if (params[j].name.rfind(f, 0) == 0) fixed[2 * j] = fixed[2 * j + 1] = any = true;
        if (!any) {
            std::cerr << "vireo-tune: --freeze " << f << ": no such weight\n";
            return std::nullopt;
        }
    }
    return fixed;
}

// Names the weights whose coefficient is not zero in fewer than `share` of the training positions
// [0, train): the data barely touches them, so their fit is noise (the shaped tables' smoothness and
// monotony hold them to their neighbours).
void report_rare(const tuner::Dataset& data, std::size_t train, double share) {
    Weights names = WEIGHTS;
    const auto params = tuner::parameters(names);
    const auto counts = data.sample_counts(0, train);
    std::string rare;
    int n = 0, never = 0;
    for (std::size_t j = 0; j < params.size(); ++j)
        if (!counts[j]) ++never;
        else if (double(counts[j]) < share * double(train))
            rare += (n++ % 5 ? "  " : "\n  ") + params[j].name + " " + std::to_string(counts[j]);
    std::printf("weights never used: %d; in fewer than %g of the %zu training positions: %d%s\n", never, share, train,
                n, rare.c_str());
}

// Prints every weight the tuning changed beside its current value, and writes them into `write`
// if it is named. The exit status.
int report_weights(const Weights& tuned, const std::string& write) {
    Weights current = WEIGHTS, result = tuned;
    const auto was = tuner::parameters(current), now = tuner::parameters(result);
    for (std::size_t j = 0; j < now.size(); ++j)
        if (!(*now[j].weight == *was[j].weight))
            std::printf("%-32s = S(%d, %d)    was S(%d, %d)\n", now[j].name.c_str(), now[j].weight->mg,
                        now[j].weight->eg, was[j].weight->mg, was[j].weight->eg);
    if (!write.empty()) {
        std::string error;
        if (!tuner::write_weights(write, tuned, error)) {
            std::cerr << "vireo-tune: " << error << "\n";
            return 1;
        }
        std::printf("wrote the weights to %s\n", write.c_str());
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    Settings s;
    if (const auto status = parse_command_line(argc, argv, s)) return *status;

    std::vector<tuner::Sample> samples;
    if (!load_samples(s, samples)) return 1;
    if (samples.size() < 100) {
        std::cerr << "vireo-tune: too few positions (" << samples.size() << ")\n";
        return 1;
    }
    std::mt19937_64 rng(s.seed);
    std::shuffle(samples.begin(), samples.end(), rng);

    const auto started = std::chrono::steady_clock::now();
    tuner::Dataset data(samples, WEIGHTS, s.threads);
    const double extractSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::size_t n = data.size(), train = n - std::size_t(double(n) * s.holdout);
    std::vector<double> theta = tuner::to_vector(WEIGHTS);

    const ModelError model = model_error(data, samples, theta);
    std::printf("positions %zu: %zu to train on, %zu held out; %d weights (%d numbers)\n", n, train, n - train,
                data.parameter_count(), 2 * data.parameter_count());
    std::printf("coefficients traced in %.1f s on %d threads\n", extractSeconds, s.threads);
    std::printf("model vs engine evaluation: largest difference %.2f cp over %d positions, %d over 3 cp\n", model.worst,
                model.checked, model.over);
    if (model.over * 500 > model.checked) {
        std::cerr << "vireo-tune: the model does not match the evaluation\n";
        return 1;
    }

    const auto fixed = frozen_numbers(s.freeze, theta.size());
    if (!fixed) return 2;
    if (!s.freeze.empty())
        std::printf("frozen: %zu of %zu numbers\n", std::size_t(std::count(fixed->begin(), fixed->end(), true)),
                    fixed->size());

    report_rare(data, train, s.rare);
    const tuner::Shape shape{tuner::shaped_tables(), s.smooth, !s.noMonotone};
    std::printf("shaped tables:");
    for (const auto& t : shape.tables) std::printf(" %s%s", t.name.c_str(), t.monotone ? " (monotone)" : "");
    std::printf("\nsmoothness %g, monotone mobility %s; the penalty now %.6f\n", s.smooth, s.noMonotone ? "off" : "on",
                tuner::smoothness(theta, shape.tables, s.smooth));

    const double k = data.fit_k(theta, 0, train);
    std::printf("K = %.4f\n", k);
    if (s.lambda > 0) {
        data.set_targets(samples, s.lambda, k);
        std::printf("targets: %.2f x sigmoid(K x search score) + %.2f x result\n", s.lambda, 1 - s.lambda);
    }
    std::printf("before: train error %.6f, held-out error %.6f\n", data.error(theta, k, 0, train),
                data.error(theta, k, train, n));
    std::fflush(stdout);
    const auto tuneStart = std::chrono::steady_clock::now();
    data.optimise(
        theta, k, 0, train, s.epochs, s.rate, s.l2,
        [&](int epoch, double err) {
            if (epoch % s.report == 0 || epoch == 1) {
                std::printf("epoch %5d  train error %.6f\n", epoch, err);
                std::fflush(stdout);
            }
        },
        *fixed, shape);
    std::printf("%d epochs in %.1f s\n", s.epochs,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - tuneStart).count());
    const Weights tuned = tuner::from_vector(theta);
    const std::vector<double> rounded = tuner::to_vector(tuned);
    std::printf("after:  train error %.6f, held-out error %.6f (weights rounded to whole centipawns)\n",
                data.error(rounded, k, 0, train), data.error(rounded, k, train, n));
    return report_weights(tuned, s.write);
}
