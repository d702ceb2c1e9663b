#include "tuner.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "eval/datafile.h"
#include "eval/endgame.h"
#include "eval/piece_values.h"
#include "movegen/pgn.h"

namespace vireo::tuner {

namespace {

// The probability of a white win (a draw counting half) that an evaluation predicts.
double sigmoid(double k, double eval) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

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
        if (int(ply) >= filter.minPly && !pos.in_check() && is_quiet(pos.board(), m) &&
            !(filter.skipWinningCaptures && has_winning_capture(pos.board())) && !endgame::known_ending(pos.board()))
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
            if (endgame::known_ending(pos.board())) {
                ++stats.endings;
                continue;
            }
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
    for_each_table(w, [&out](const char* name, S* first, int count, int row, const char* const* rows) {
        for (int i = 0; i < count; ++i) {
            char n[64];
            if (count > 1 && row) std::snprintf(n, sizeof n, "%s[%s][%d]", name, rows[i / row], i % row);
            else if (count > 1) std::snprintf(n, sizeof n, "%s[%d]", name, i);
            else std::snprintf(n, sizeof n, "%s", name);
            out.push_back({n, first + i});
        }
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

std::string weights_block(const Weights& w) {
    Weights copy = w;
    std::string out = "// clang-format off\ninline constexpr Weights WEIGHTS{\n";
    auto pair = [](const S& s) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "S(%d, %d)", s.mg, s.eg);
        return std::string(buf);
    };
    auto line = [&](const S* first, int count, const std::string& indent) {
        for (int i = 0; i < count; i += 8) {
            out += indent;
            for (int k = i; k < std::min(count, i + 8); ++k) out += (k > i ? ", " : "") + pair(first[k]);
            out += ",\n";
        }
    };
    for_each_table(copy, [&](const char* name, S* first, int count, int row, const char* const* rows) {
        if (count == 1) {
            out += "    ." + std::string(name) + " = " + pair(*first) + ",\n";
            return;
        }
        out += "    ." + std::string(name) + " = {\n";
        if (row) {
            for (int r = 0; r < count / row; ++r) {
                out += "        {  // " + std::string(rows[r]) + "\n";
                line(first + r * row, row, "            ");
                out += "        },\n";
            }
        } else {
            line(first, count, "        ");
        }
        out += "    },\n";
    });
    return out + "};\n// clang-format on\n";
}

bool write_weights(const std::string& path, const Weights& w, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot read " + path;
        return false;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    const std::string begin = "// BEGIN WEIGHTS\n", end = "// END WEIGHTS";
    const auto b = text.find(begin), e = text.find(end);
    if (b == std::string::npos || e == std::string::npos || e < b) {
        error = path + " has no '// BEGIN WEIGHTS' ... '// END WEIGHTS' block";
        return false;
    }
    text = text.substr(0, b + begin.size()) + weights_block(w) + text.substr(e);
    std::ofstream out(path);
    if (!(out << text)) {
        error = "cannot write " + path;
        return false;
    }
    return true;
}

std::vector<ShapedTable> shaped_tables() {
    std::vector<ShapedTable> out;
    std::size_t first = 0;
    Weights w;
    for_each_table(w, [&](const char* name, S*, int count, int, const char* const*) {
        const std::string n = name;
        if (n.size() > 8 && n.compare(n.size() - 8, 8, "Mobility") == 0) out.push_back({n, first, count, true});
        else if (n == "connectedPawn" || n == "passedPawn" || n == "candidatePasser" || n == "passedCanAdvance" ||
                 n == "passedSafeAdvance" || n == "pawnPhalanx" || n == "passedFreePath" || n == "passedSafePath" ||
                 n == "passedSafeSpan" || n == "passedStopDefended")
            out.push_back({n, first + 1, count - 2, false});
        first += std::size_t(count);
    });
    return out;
}

double smoothness(const std::vector<double>& theta, const std::vector<ShapedTable>& tables, double lambda,
                  std::vector<double>* grad) {
    double sum = 0;
    for (const ShapedTable& t : tables)
        for (std::size_t j = t.first; j + 1 < t.first + std::size_t(t.count); ++j)
            for (std::size_t part = 0; part < 2; ++part) {
                const std::size_t a = 2 * j + part, b = 2 * (j + 1) + part;
                const double d = (theta[b] - theta[a]) / 100.0;
                sum += d * d;
                if (grad) (*grad)[b] += lambda * 2 * d / 100.0, (*grad)[a] -= lambda * 2 * d / 100.0;
            }
    return lambda * sum;
}

void make_nondecreasing(std::vector<double>& x) {
    // Blocks of equal values: each the mean of the entries it pools, merged while one exceeds the next.
    std::vector<double> mean;
    std::vector<std::size_t> size;
    for (double v : x) {
        mean.push_back(v), size.push_back(1);
        while (mean.size() > 1 && mean[mean.size() - 2] > mean.back()) {
            const std::size_t n = size.back() + size[size.size() - 2];
            const double m =
                (mean.back() * double(size.back()) + mean[mean.size() - 2] * double(size[size.size() - 2])) / double(n);
            mean.pop_back(), size.pop_back();
            mean.back() = m, size.back() = n;
        }
    }
    std::size_t i = 0;
    for (std::size_t b = 0; b < mean.size(); ++b)
        for (std::size_t k = 0; k < size[b]; ++k) x[i++] = mean[b];
}

void project_monotone(std::vector<double>& theta, const std::vector<ShapedTable>& tables,
                      const std::vector<bool>& fixed) {
    for (const ShapedTable& t : tables) {
        if (!t.monotone) continue;
        const std::size_t from = 2 * t.first, to = 2 * (t.first + std::size_t(t.count));
        if (!fixed.empty() &&
            std::any_of(fixed.begin() + long(from), fixed.begin() + long(to), [](bool f) { return f; }))
            continue;
        for (std::size_t part = 0; part < 2; ++part) {
            std::vector<double> x;
            for (std::size_t d = from + part; d < to; d += 2) x.push_back(theta[d]);
            make_nondecreasing(x);
            for (std::size_t d = from + part, i = 0; d < to; d += 2) theta[d] = x[i++];
        }
    }
}

template <class F>
void Dataset::parallel(std::size_t begin, std::size_t end, F&& f) const {
    const std::size_t n = end > begin ? end - begin : 0;
    const int t = int(std::min<std::size_t>(std::size_t(std::max(threads, 1)), std::max<std::size_t>(n / 1024, 1)));
    if (t <= 1) {
        f(begin, end, 0);
        return;
    }
    std::vector<std::thread> pool;
    for (int i = 0; i < t; ++i)
        pool.emplace_back([&, i] {
            f(begin + n * std::size_t(i) / std::size_t(t), begin + n * std::size_t(i + 1) / std::size_t(t), i);
        });
    for (auto& th : pool) th.join();
}

Dataset::Dataset(const std::vector<Sample>& samples, const Weights& base, int threadCount) : threads(threadCount) {
    const std::size_t n = samples.size();
    info.resize(n);
    // Each thread traces its share into its own entry list; the lists are joined in order.
    const int t = std::max(1, threads);
    std::vector<std::vector<Entry>> parts(static_cast<std::size_t>(t));
    std::vector<std::pair<std::size_t, std::size_t>> ranges(std::size_t(t), {0, 0});
    const WeightedEval eval(base);
    parallel(0, n, [&](std::size_t from, std::size_t to, int part) {
        ranges[std::size_t(part)] = {from, to};
        std::vector<Entry>& out = parts[std::size_t(part)];
        EvalCoefficients c;
        for (std::size_t i = from; i < to; ++i) {
            eval.coefficients(samples[i].board, c);
            Info& in = info[i];
            in.begin = std::uint32_t(out.size());  // within the part; made absolute below
            in.linear = 0;
            for (int j = 0; j < WEIGHT_COUNT; ++j) {
                if ((j >= DANGER_FIRST && j < DANGER_END) || (j >= COMPLEXITY_FIRST && j < COMPLEXITY_END)) continue;
                const int d = c.count[WHITE][std::size_t(j)] - c.count[BLACK][std::size_t(j)];
                if (d) out.push_back({std::uint16_t(j), std::int16_t(d)}), ++in.linear;
            }
            for (Color col : {WHITE, BLACK}) {
                in.danger[col] = 0;
                for (int j = DANGER_FIRST; j < DANGER_END; ++j)
                    if (const int d = c.count[col][std::size_t(j)])
                        out.push_back({std::uint16_t(j), std::int16_t(d)}), ++in.danger[col];
            }
            in.complexity = 0;
            for (int j = COMPLEXITY_FIRST; j < COMPLEXITY_END; ++j)
                if (const int d = c.count[WHITE][std::size_t(j)])
                    out.push_back({std::uint16_t(j), std::int16_t(d)}), ++in.complexity;
            in.phase = float(c.phase) / weights::PHASE_MAX;
            in.scale[WHITE] = float(c.scale[WHITE]) / weights::SCALE_NORMAL;
            in.scale[BLACK] = float(c.scale[BLACK]) / weights::SCALE_NORMAL;
            in.rule50 = float(weights::RULE50_SPAN - c.rule50) / weights::RULE50_SPAN;
            in.target = samples[i].result;
        }
    });
    // Join the parts in order.
    for (std::size_t p = 0; p < parts.size(); ++p) {
        if (entries.size() + parts[p].size() >= (std::size_t(1) << 32)) throw std::invalid_argument("too many entries");
        for (std::size_t i = ranges[p].first; i < ranges[p].second; ++i) info[i].begin += std::uint32_t(entries.size());
        entries.insert(entries.end(), parts[p].begin(), parts[p].end());
        std::vector<Entry>().swap(parts[p]);
    }
}

void Dataset::set_targets(const std::vector<Sample>& samples, double lambda, double k) {
    for (std::size_t i = 0; i < info.size(); ++i)
        info[i].target = samples[i].score == Sample::NO_SCORE
                             ? samples[i].result
                             : float(lambda * sigmoid(k, samples[i].score) + (1 - lambda) * samples[i].result);
}

namespace {

// The danger curve in real numbers (the engine's integer divisions aside) and its slope.
double danger_mg(double d) { return d > 0 ? d * d / weights::DANGER_MG_DIVISOR : 0; }
double danger_eg(double d) { return d > 0 ? d / weights::DANGER_EG_DIVISOR : 0; }
double danger_mg_slope(double d) { return d > 0 ? 2 * d / weights::DANGER_MG_DIVISOR : 0; }
double danger_eg_slope(double d) { return d > 0 ? 1.0 / weights::DANGER_EG_DIVISOR : 0; }

}  // namespace

Dataset::Sums Dataset::sums(std::size_t i, const std::vector<double>& theta) const {
    const Info& in = info[i];
    const Entry* e = &entries[in.begin];
    Sums s;
    for (int k = 0; k < in.linear; ++k, ++e) {
        s.mg += e->count * theta[2 * std::size_t(e->index)];
        s.eg += e->count * theta[2 * std::size_t(e->index) + 1];
    }
    for (Color c : {WHITE, BLACK})
        for (int k = 0; k < in.danger[c]; ++k, ++e) {
            s.dangerMg[c] += e->count * theta[2 * std::size_t(e->index)];
            s.dangerEg[c] += e->count * theta[2 * std::size_t(e->index) + 1];
        }
    // The danger of each side, through the curve, counts for white when white attacks.
    for (Color c : {WHITE, BLACK})
        if (in.danger[c]) {
            const double sign = c == WHITE ? 1.0 : -1.0;
            s.mg += sign * danger_mg(s.dangerMg[c]);
            s.eg += sign * danger_eg(s.dangerEg[c]);
        }
    // The complexity: only its endgame parts; e + sign(e) * max(c, -|e|).
    for (int k = 0; k < in.complexity; ++k, ++e) s.complexity += e->count * theta[2 * std::size_t(e->index) + 1];
    s.egSign = double((s.eg > 0) - (s.eg < 0));
    s.complexityOn = s.complexity > -std::abs(s.eg);
    s.eg += s.egSign * (s.complexityOn ? s.complexity : -std::abs(s.eg));
    return s;
}

double Dataset::evaluate(std::size_t i, const std::vector<double>& theta) const {
    const Info& in = info[i];
    const Sums s = sums(i, theta);
    return (s.mg * in.phase + s.eg * in.scale[s.eg >= 0 ? WHITE : BLACK] * (1.0 - in.phase)) * in.rule50;
}

void Dataset::add_gradient(std::size_t i, const std::vector<double>& theta, double scale,
                           std::vector<double>& grad) const {
    const Info& in = info[i];
    const Sums s = sums(i, theta);
    // d(evaluation)/d(mg sum) and d(evaluation)/d(eg sum), times `scale`; the complexity passes the
    // endgame sum on while it applies (and zeroes it when not), and counts with its sign.
    const double gm = scale * in.phase * in.rule50,
                 geOut = scale * in.scale[s.eg >= 0 ? WHITE : BLACK] * (1.0 - in.phase) * in.rule50,
                 ge = s.complexityOn ? geOut : 0.0, gc = s.complexityOn ? geOut * s.egSign : 0.0;
    const Entry* e = &entries[in.begin];
    for (int k = 0; k < in.linear; ++k, ++e) {
        grad[2 * std::size_t(e->index)] += gm * e->count;
        grad[2 * std::size_t(e->index) + 1] += ge * e->count;
    }
    for (Color c : {WHITE, BLACK}) {
        const double sign = c == WHITE ? 1.0 : -1.0;
        const double sm = sign * gm * danger_mg_slope(s.dangerMg[c]), se = sign * ge * danger_eg_slope(s.dangerEg[c]);
        for (int k = 0; k < in.danger[c]; ++k, ++e) {
            grad[2 * std::size_t(e->index)] += sm * e->count;
            grad[2 * std::size_t(e->index) + 1] += se * e->count;
        }
    }
    for (int k = 0; k < in.complexity; ++k, ++e) grad[2 * std::size_t(e->index) + 1] += gc * e->count;
}

double Dataset::error(const std::vector<double>& theta, double k, std::size_t begin, std::size_t end) const {
    std::vector<double> sums(std::size_t(std::max(threads, 1)), 0.0);
    parallel(begin, end, [&](std::size_t from, std::size_t to, int t) {
        double sum = 0;
        for (std::size_t i = from; i < to; ++i) {
            const double d = info[i].target - sigmoid(k, evaluate(i, theta));
            sum += d * d;
        }
        sums[std::size_t(t)] = sum;
    });
    double sum = 0;
    for (double s : sums) sum += s;
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

double Dataset::gradient(const std::vector<double>& theta, double k, std::size_t begin, std::size_t end,
                         std::vector<double>& grad) const {
    const std::size_t dims = theta.size(), t = std::size_t(std::max(threads, 1));
    grad.assign(dims, 0.0);
    if (end <= begin) return 0.0;
    std::vector<std::vector<double>> grads(t, std::vector<double>(dims, 0.0));
    std::vector<double> sums(t, 0.0);
    // d(sigmoid)/d(eval) = scale * p * (1 - p).
    const double scale = k * std::log(10.0) / 400.0;
    parallel(begin, end, [&](std::size_t from, std::size_t to, int th) {
        std::vector<double>& g = grads[std::size_t(th)];
        double sum = 0;
        for (std::size_t i = from; i < to; ++i) {
            const double p = sigmoid(k, evaluate(i, theta));
            const double d = p - info[i].target;
            sum += d * d;
            // d(error)/d(eval) for this sample, times d(eval)/d(theta).
            add_gradient(i, theta, 2 * d * p * (1 - p) * scale, g);
        }
        sums[std::size_t(th)] = sum;
    });
    double sum = 0;
    for (std::size_t th = 0; th < t; ++th) {
        for (std::size_t d = 0; d < dims; ++d) grad[d] += grads[th][d];
        sum += sums[th];
    }
    const double count = double(end - begin);
    for (double& g : grad) g /= count;
    return sum / count;
}

void Dataset::optimise(std::vector<double>& theta, double k, std::size_t begin, std::size_t end, int epochs,
                       double rate, double l2, const std::function<void(int, double)>& log,
                       const std::vector<bool>& fixed, const Shape& shape) const {
    const std::size_t dims = theta.size();
    const std::vector<double> start = theta;
    std::vector<double> m(dims, 0.0), v(dims, 0.0), grad(dims);
    constexpr double B1 = 0.9, B2 = 0.999, EPS = 1e-8;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        const double err = gradient(theta, k, begin, end, grad);
        if (log) log(epoch, err);
        if (shape.smooth > 0) smoothness(theta, shape.tables, shape.smooth, &grad);
        for (std::size_t d = 0; d < dims; ++d) {
            if (!fixed.empty() && fixed[d]) continue;
            const double gd = grad[d] + l2 * 2 * (theta[d] - start[d]) / (100.0 * 100.0);
            m[d] = B1 * m[d] + (1 - B1) * gd;
            v[d] = B2 * v[d] + (1 - B2) * gd * gd;
            const double mh = m[d] / (1 - std::pow(B1, epoch)), vh = v[d] / (1 - std::pow(B2, epoch));
            theta[d] -= rate * mh / (std::sqrt(vh) + EPS);
        }
        if (shape.monotone) project_monotone(theta, shape.tables, fixed);
    }
}

std::vector<std::size_t> Dataset::sample_counts(std::size_t begin, std::size_t end) const {
    std::vector<std::size_t> count(std::size_t(WEIGHT_COUNT), 0), last(std::size_t(WEIGHT_COUNT), SIZE_MAX);
    for (std::size_t i = begin; i < end && i < info.size(); ++i) {
        const Info& in = info[i];
        const std::size_t n = std::size_t(in.linear) + in.danger[WHITE] + in.danger[BLACK] + in.complexity;
        for (std::size_t e = in.begin; e < in.begin + n; ++e)
            if (last[entries[e].index] != i) last[entries[e].index] = i, ++count[entries[e].index];
    }
    return count;
}

}  // namespace vireo::tuner
