#include "tuner.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <stdexcept>

#include "eval/datafile.h"
#include "eval/piece_values.h"
#include "movegen/pgn.h"

namespace vireo::tuner {

namespace {

// The probability of a white win (a draw counting half) that an evaluation predicts.
double sigmoid(double k, double eval) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

// A move that captures nothing and promotes nothing (castling is quiet).
bool quiet(const Board& b, Move m) {
    if (m.kind() == Move::PROMOTION || m.kind() == Move::EN_PASSANT) return false;
    if (m.kind() == Move::CASTLING) return true;
    return b.piece_on(m.to()) == NO_PIECE;
}

// Replays one game; returns false when it cannot be used.
bool replay(const std::string& fen, bool chess960, const pgn::Movetext& mt, const PgnFilter& filter,
            std::vector<Sample>& out, std::unordered_set<Key>& seen, PgnStats& stats) {
    float result;
    if (mt.result == "1-0") result = 1.0f;
    else if (mt.result == "0-1") result = 0.0f;
    else if (mt.result == "1/2-1/2") result = 0.5f;
    else return false;
    Position pos;
    if (pos.set(fen, chess960)) return false;
    std::vector<Sample> kept;
    for (std::size_t ply = 0; ply < mt.moves.size(); ++ply) {
        const Move m = pos.parse_san(mt.moves[ply]);
        if (!m) return false;
        if (int(ply) >= filter.minPly && !pos.in_check() && quiet(pos.board(), m) &&
            !(filter.skipWinningCaptures && has_winning_capture(pos.board())))
            kept.push_back({pos.board(), result});
        pos.play(m);
    }
    for (const Sample& s : kept) {
        if (seen.insert(s.board.key).second) out.push_back(s), ++stats.positions;
        else ++stats.duplicates;
    }
    return true;
}

}  // namespace

bool has_winning_capture(const Board& b) {
    const Color us = b.side, them = ~us;
    const Bitboard occ = b.occupied();
    for (Bitboard targets = b.pieces(them) & ~b.pieces(them, KING); targets;) {
        const Square s = pop_lsb(targets);
        const Bitboard attackers = b.attackers(us, s, occ);
        if (!attackers) continue;
        if (!b.attackers(them, s, occ)) return true;
        // A defended piece: the king cannot take it, other attackers gain if cheaper than the victim.
        int cheapest = INT_MAX;
        for (Bitboard a = attackers & ~b.pieces(us, KING); a;)
            cheapest = std::min(cheapest, PIECE_VALUE[type_of(b.piece_on(pop_lsb(a)))]);
        if (cheapest < PIECE_VALUE[type_of(b.piece_on(s))]) return true;
    }
    return false;
}

PgnStats read_pgn(std::istream& in, const PgnFilter& filter, std::vector<Sample>& out, std::unordered_set<Key>& seen) {
    PgnStats stats;
    pgn::for_each_game(in, [&](const pgn::Game& g) {
        const bool chess960 =
            g.variant.find("960") != std::string::npos || g.variant.find("ischer") != std::string::npos;
        // replay() adds nothing unless the whole game replays.
        if (replay(g.fen, chess960, pgn::split_movetext(g.movetext), filter, out, seen, stats)) ++stats.games;
        else ++stats.skippedGames;
    });
    return stats;
}

DataStats read_data(const std::string& path, const PgnFilter& filter, std::vector<Sample>& out,
                    std::unordered_set<Key>& seen) {
    DataStats stats;
    std::vector<PackedRecord> records;
    Position pos;
    for (const std::string& file : chunk_files(path)) {
        ChunkHeader h;
        if (auto err = read_chunk(file, h, records)) {
            stats.errors.push_back(*err);
            ++stats.badChunks;
            continue;
        }
        ++stats.chunks;
        for (const PackedRecord& r : records) {
            RecordInfo info;
            if (unpack_record(r, pos, info)) {
                ++stats.badRecords;
                continue;
            }
            if (info.ply < filter.minPly || (filter.skipWinningCaptures && has_winning_capture(pos.board()))) continue;
            if (!seen.insert(pos.key()).second) {
                ++stats.duplicates;
                continue;
            }
            const float result = info.result == WHITE_WINS ? 1.0f : info.result == BLACK_WINS ? 0.0f : 0.5f;
            out.push_back({pos.board(), result, info.score});
            ++stats.positions;
        }
    }
    return stats;
}

std::vector<Parameter> parameters(Weights& w) {
    std::vector<Parameter> out;
    for_each_weight(w, [&out](const char* name, int index, S& s) {
        out.push_back({index < 0 ? std::string(name) : std::string(name) + "[" + std::to_string(index) + "]", &s});
    });
    return out;
}

std::vector<double> to_vector(const Weights& w) {
    Weights copy = w;
    std::vector<double> theta;
    for (const Parameter& p : parameters(copy)) {
        theta.push_back(p.weight->mg);
        theta.push_back(p.weight->eg);
    }
    return theta;
}

Weights from_vector(const std::vector<double>& theta) {
    Weights w;
    const auto ps = parameters(w);
    if (theta.size() != 2 * ps.size()) throw std::invalid_argument("weight vector of the wrong size");
    for (std::size_t j = 0; j < ps.size(); ++j)
        *ps[j].weight = S(int(std::lround(theta[2 * j])), int(std::lround(theta[2 * j + 1])));
    return w;
}

Dataset::Dataset(const std::vector<Sample>& samples, const Weights& base) {
    Weights probe = base;
    const auto ps = parameters(probe);
    params = int(ps.size());
    const std::size_t n = samples.size();
    coef.assign(n * std::size_t(params), 0.0f);
    restMg.resize(n);
    restEg.resize(n);
    phase.resize(n);
    results.resize(n);

    // The unblended sums under the base weights.
    const WeightedEval baseEval(base);
    std::vector<S> baseSum(n);
    for (std::size_t i = 0; i < n; ++i) {
        int ph;
        baseSum[i] = baseEval.unblended(samples[i].board, ph);
        phase[i] = float(ph) / weights::PHASE_MAX;
        results[i] = samples[i].result;
    }
    // Each weight in turn moved by a large step: the change of the sum over the step is the weight's
    // count in the position (a large step keeps halved weights, such as pawnCentre on the c and f
    // files, exact). The tempo is not in the unblended sum: it counts +1 for white to move, -1 for black.
    constexpr int STEP = 1024;
    for (int j = 0; j < params; ++j) {
        S& weight = *ps[std::size_t(j)].weight;
        const bool isTempo = &weight == &probe.tempo;
        const S saved = weight;
        weight = saved + S(STEP, STEP);
        const WeightedEval moved(probe);
        weight = saved;
        for (std::size_t i = 0; i < n; ++i) {
            float c;
            if (isTempo) {
                c = samples[i].board.side == WHITE ? 1.0f : -1.0f;
            } else {
                int ph;
                const S d = moved.unblended(samples[i].board, ph) - baseSum[i];
                if (d.mg != d.eg) throw std::logic_error("evaluation not linear in " + ps[std::size_t(j)].name);
                c = float(d.mg) / STEP;
            }
            coef[i * std::size_t(params) + std::size_t(j)] = c;
        }
    }
    // What no tuned weight explains (the king-attack curve): the base sum minus the linear part.
    const std::vector<double> theta = to_vector(base);
    for (std::size_t i = 0; i < n; ++i) {
        double mg = baseSum[i].mg, eg = baseSum[i].eg;
        for (int j = 0; j < params; ++j) {
            const double c = coef[i * std::size_t(params) + std::size_t(j)];
            if (ps[std::size_t(j)].weight == &probe.tempo) continue;  // not in the unblended sum
            mg -= c * theta[2 * std::size_t(j)];
            eg -= c * theta[2 * std::size_t(j) + 1];
        }
        restMg[i] = float(mg);
        restEg[i] = float(eg);
    }
}

double Dataset::evaluate(std::size_t i, const std::vector<double>& theta) const {
    double mg = restMg[i], eg = restEg[i];
    const float* c = &coef[i * std::size_t(params)];
    for (int j = 0; j < params; ++j) {
        mg += c[j] * theta[2 * std::size_t(j)];
        eg += c[j] * theta[2 * std::size_t(j) + 1];
    }
    return mg * phase[i] + eg * (1.0 - phase[i]);
}

double Dataset::error(const std::vector<double>& theta, double k, std::size_t begin, std::size_t end) const {
    double sum = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const double d = results[i] - sigmoid(k, evaluate(i, theta));
        sum += d * d;
    }
    return end > begin ? sum / double(end - begin) : 0.0;
}

double Dataset::fit_k(const std::vector<double>& theta, std::size_t begin, std::size_t end) const {
    // The error is unimodal in K over any sane range: golden-section search.
    double lo = 0.1, hi = 3.0;
    const double g = (std::sqrt(5.0) - 1) / 2;
    double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    double fa = error(theta, a, begin, end), fb = error(theta, b, begin, end);
    for (int it = 0; it < 40; ++it) {
        if (fa < fb) hi = b, b = a, fb = fa, a = hi - g * (hi - lo), fa = error(theta, a, begin, end);
        else lo = a, a = b, fa = fb, b = lo + g * (hi - lo), fb = error(theta, b, begin, end);
    }
    return (lo + hi) / 2;
}

void Dataset::optimise(std::vector<double>& theta, double k, std::size_t begin, std::size_t end, int epochs,
                       double rate, double l2, const std::function<void(int, double)>& log,
                       const std::vector<bool>& fixed) const {
    const std::size_t dims = theta.size();
    const std::vector<double> start = theta;
    std::vector<double> m(dims, 0.0), v(dims, 0.0), grad(dims);
    constexpr double B1 = 0.9, B2 = 0.999, EPS = 1e-8;
    const double scale = k * std::log(10.0) / 400.0;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        std::fill(grad.begin(), grad.end(), 0.0);
        double sum = 0;
        for (std::size_t i = begin; i < end; ++i) {
            const double p = sigmoid(k, evaluate(i, theta));
            const double d = p - results[i];
            sum += d * d;
            // d(error)/d(eval) for this sample, then split by phase onto mg and eg.
            const double de = 2 * d * p * (1 - p) * scale;
            const double gm = de * phase[i], ge = de * (1.0 - phase[i]);
            const float* c = &coef[i * std::size_t(params)];
            for (int j = 0; j < params; ++j) {
                if (c[j] == 0.0f) continue;
                grad[2 * std::size_t(j)] += gm * c[j];
                grad[2 * std::size_t(j) + 1] += ge * c[j];
            }
        }
        const double count = double(end - begin);
        if (log) log(epoch, sum / count);
        for (std::size_t d = 0; d < dims; ++d) {
            if (!fixed.empty() && fixed[d]) continue;
            const double gd = grad[d] / count + l2 * 2 * (theta[d] - start[d]) / (100.0 * 100.0);
            m[d] = B1 * m[d] + (1 - B1) * gd;
            v[d] = B2 * v[d] + (1 - B2) * gd * gd;
            const double mh = m[d] / (1 - std::pow(B1, epoch)), vh = v[d] / (1 - std::pow(B2, epoch));
            theta[d] -= rate * mh / (std::sqrt(vh) + EPS);
        }
    }
}

}  // namespace vireo::tuner
