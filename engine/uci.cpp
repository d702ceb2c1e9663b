#include "uci.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "engine/cpu_check.h"
#include "engine/wdl.h"
#include "eval/evaluate.h"
#include "movegen/perft.h"
#include "movegen/text.h"

namespace vireo {

namespace {

// Longest input line kept; the rest of a longer line is dropped with a message.
constexpr std::size_t MAX_LINE = 64 * 1024 * 1024;

}  // namespace

UCIEngine::UCIEngine(Output& o) : out(o) {
    SearchCallbacks callbacks;
    // On the search thread: formatted with the settings the search started with.
    callbacks.info = [this](const SearchReport& r) {
        const EngineSettings& s = eng.search_settings();
        out.line(format_info(r, s.chess960, s.showWDL, s.rootMaterial));
    };
    callbacks.bestmove = [this](Move best, Move ponder) {
        out.line(format_bestmove(best, ponder, eng.search_settings().chess960));
    };
    callbacks.message = [this](const std::string& text) { out.info_string(text); };
    eng.set_callbacks(std::move(callbacks));
    // Nobody reads the output any more: the search is wasted work.
    out.on_disconnect([this] { eng.stop(); });
    register_options();
}

UCIEngine::~UCIEngine() {
    out.on_disconnect({});
    eng.stop();
    eng.wait();
}

void UCIEngine::register_options() {
    const EngineSettings defaults;
    opts.add_spin("Threads", defaults.threads, 1, MAX_THREADS, [this](std::int64_t v) { eng.set_threads(int(v)); });
    opts.add_spin("Hash", std::int64_t(defaults.hashMB), 1, 1 << 20,
                  [this](std::int64_t v) { eng.set_hash(std::size_t(v)); });
    opts.add_button("Clear Hash", [this] { eng.clear_hash(); });
    opts.add_spin("MultiPV", defaults.multiPV, 1, 256, [this](std::int64_t v) { eng.settings().multiPV = int(v); });
    opts.add_spin("Move Overhead", defaults.moveOverhead, 0, 5000,
                  [this](std::int64_t v) { eng.settings().moveOverhead = v; });
    opts.add_check("Ponder", defaults.ponder, [this](bool v) { eng.settings().ponder = v; });
    opts.add_check("UCI_Chess960", defaults.chess960, [this](bool v) { eng.settings().chess960 = v; });
    opts.add_check("UCI_ShowWDL", defaults.showWDL, [this](bool v) { eng.settings().showWDL = v; });
    opts.add_check("UCI_LimitStrength", defaults.limitStrength, [this](bool v) { eng.settings().limitStrength = v; });
    opts.add_spin("UCI_Elo", defaults.elo, STRENGTH.eloMin, STRENGTH.eloMax,
                  [this](std::int64_t v) { eng.settings().elo = int(v); });
    opts.add_spin("Strength Seed", std::int64_t(defaults.strengthSeed), 0, 2147483647,
                  [this](std::int64_t v) { eng.set_strength_seed(std::uint64_t(v)); });
    opts.add_string("SyzygyPath", defaults.syzygyPath, [this](const std::string& path) { eng.set_syzygy_path(path); });
    opts.add_spin("SyzygyProbeDepth", defaults.syzygyProbeDepth, 1, 100,
                  [this](std::int64_t v) { eng.settings().syzygyProbeDepth = int(v); });
    opts.add_check("Syzygy50MoveRule", defaults.syzygy50MoveRule,
                   [this](bool v) { eng.settings().syzygy50MoveRule = v; });
    opts.add_spin("SyzygyProbeLimit", defaults.syzygyProbeLimit, 0, 7,
                  [this](std::int64_t v) { eng.settings().syzygyProbeLimit = int(v); });
    opts.add_check("PerftHash", defaults.perftHash, [this](bool v) { eng.settings().perftHash = v; });
    opts.add_string("Debug Log File", defaults.debugLogFile, [this](const std::string& path) {
        eng.settings().debugLogFile = path;
        if (auto err = out.set_log_file(path); !err.empty()) out.info_string(err);
    });
#ifdef VIREO_TUNE
    add_param_options(opts, eng.settings().params);
#endif
}

void UCIEngine::add_param_options(Options& opts, TunableSearchParams& params) {
    params::for_each(params, [&opts](const params::ParamInfo& p, int& value) {
        opts.add_spin(std::string(p.name), p.value, p.min, p.max, [&value](std::int64_t v) { value = int(v); });
    });
}

void UCIEngine::loop(std::istream& in) {
    std::string line;
    while (read_line(in, line)) {
        if (line.size() > MAX_LINE) {
            out.info_string("input line of " + std::to_string(line.size()) + " bytes ignored (longer than " +
                            std::to_string(MAX_LINE) + ")");
            continue;
        }
        if (!execute(line) || !out.connected()) break;
    }
    eng.stop();
    eng.wait();
}

bool UCIEngine::execute(std::string_view line) {
    out.log_input(line);
    const auto tokens = tokenize(line);
    if (tokens.empty()) return true;
    const std::string_view cmd = tokens[0];
    const std::vector<std::string_view> args(tokens.begin() + 1, tokens.end());

    if (cmd == "quit") return false;
    if (cmd == "uci") cmd_uci();
    else if (cmd == "isready") {
        eng.ensure_hash();
        out.line("readyok");
    } else if (cmd == "ucinewgame") eng.new_game();
    else if (cmd == "position") cmd_position(args);
    else if (cmd == "setoption") cmd_setoption(line);
    else if (cmd == "go") cmd_go(args);
    else if (cmd == "stop") eng.stop();
    else if (cmd == "ponderhit") eng.ponderhit();
    else if (cmd == "debug") {
        // accepted; the Debug Log File option is the way to trace
    } else if (cmd == "eval") {
        const std::string text = eval_trace(eng.position().board());
        std::size_t start = 0;
        for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
            out.line(std::string_view(text).substr(start, nl - start));
        if (start < text.size()) out.line(std::string_view(text).substr(start));
    } else if (cmd == "bench") {
        const IntReading depth = args.empty() ? IntReading{IntReading::OK, BENCH_DEPTH}
                                              : read_int(args[0], BENCH_MIN_DEPTH, BENCH_MAX_DEPTH);
        if (!depth)
            return out.info_string("usage: bench [depth " + std::to_string(BENCH_MIN_DEPTH) + ".." +
                                   std::to_string(BENCH_MAX_DEPTH) + "]"),
                   true;
        bench(eng, out, int(depth.value), 1);
    } else if (cmd == "d") {
        const std::string board = eng.position().pretty();
        std::size_t start = 0;
        for (std::size_t nl; (nl = board.find('\n', start)) != std::string::npos; start = nl + 1)
            out.line(std::string_view(board).substr(start, nl - start));
    } else {
        std::string shown(cmd.substr(0, 64));
        out.info_string("Unknown command: '" + shown + (cmd.size() > 64 ? "...'" : "'") +
                        ". Type 'uci' for the protocol.");
    }
    return true;
}

void UCIEngine::cmd_uci() {
    out.line(std::string("id name Vireo ") + VIREO_VERSION + " " + build_variant());
    out.line("id author the Vireo developers");
    for (const std::string& l : opts.uci_lines()) out.line(l);
    out.line("uciok");
}

// position startpos|fen <fen> [moves m1 m2 ...]: rebuilt from scratch; on any error the position stays
// as it was before the command.
void UCIEngine::cmd_position(const std::vector<std::string_view>& args) {
    if (args.empty()) return out.info_string("position needs 'startpos' or 'fen <FEN>'");
    const bool chess960 = eng.settings().chess960;
    std::size_t i = 1;
    std::string fen;
    if (args[0] == "startpos") {
        fen = START_FEN;
    } else if (args[0] == "fen") {
        for (; i < args.size() && args[i] != "moves"; ++i) fen += std::string(args[i]) + ' ';
    } else {
        return out.info_string("position needs 'startpos' or 'fen <FEN>', not '" + std::string(args[0].substr(0, 64)) +
                               "'");
    }
    Position next;
    if (auto error = next.set(fen, chess960)) return out.info_string("bad FEN: " + *error + "; position unchanged");
    if (i < args.size() && args[i] != "moves")
        return out.info_string("unexpected '" + std::string(args[i].substr(0, 64)) +
                               "' in position; position unchanged");
    for (++i; i < args.size(); ++i) {
        const Move m = next.parse_move(args[i]);
        if (!m) {
            return out.info_string("illegal move '" + std::string(args[i].substr(0, 16)) + "' at ply " +
                                   std::to_string(next.plies_played() + 1) + " in " + next.fen() +
                                   "; position unchanged");
        }
        next.play(m);
    }
    eng.set_position(std::move(next));
}

// setoption name <name, may have spaces> [value <value, may have spaces>]
void UCIEngine::cmd_setoption(std::string_view line) {
    const auto tokens = tokenize(line);
    if (tokens.size() < 3 || tokens[1] != "name")
        return out.info_string("usage: setoption name <name> [value <value>]");
    std::size_t valueAt = tokens.size();
    for (std::size_t i = 3; i < tokens.size(); ++i)
        if (tokens[i] == "value") {
            valueAt = i;
            break;
        }
    const char* nameBegin = tokens[2].data();
    const char* nameEnd = tokens[valueAt - 1].data() + tokens[valueAt - 1].size();
    std::string_view name(nameBegin, std::size_t(nameEnd - nameBegin));
    std::string_view value;
    if (valueAt + 1 < tokens.size()) {
        const char* vBegin = tokens[valueAt + 1].data();
        const char* vEnd = tokens.back().data() + tokens.back().size();
        value = std::string_view(vBegin, std::size_t(vEnd - vBegin));
    }
    const std::string note = opts.set(name, value);
    if (!note.empty()) out.info_string(note);
}

void UCIEngine::cmd_go(const std::vector<std::string_view>& args) {
    if (!args.empty() && args[0] == "perft") {
        const IntReading depth = args.size() < 2 ? IntReading{} : read_int(args[1], PERFT_MIN_DEPTH, PERFT_MAX_DEPTH);
        if (!depth)
            return out.info_string("usage: go perft <depth " + std::to_string(PERFT_MIN_DEPTH) + ".." +
                                   std::to_string(PERFT_MAX_DEPTH) + "> [nohash]");
        bool hashed = eng.settings().perftHash;
        for (std::size_t i = 2; i < args.size(); ++i) {
            if (args[i] == "nohash") hashed = false;
            else out.info_string("go perft: unknown parameter '" + std::string(args[i].substr(0, 32)) + "' ignored");
        }
        // The hash pays only for deep trees; small ones would spend longer clearing it than counting.
        return perft(eng, out, int(depth.value), hashed && depth.value >= 6 ? eng.settings().hashMB : 0);
    }
    SearchLimits limits;
    // Reads the number after a keyword; a missing or bad one is reported and the limit ignored.
    // The word after it is taken either way.
    auto number = [&](std::size_t& i, std::int64_t& value) {
        const IntReading r = i + 1 < args.size() ? read_int(args[i + 1]) : IntReading{};
        if (r) value = r.value;
        else out.info_string("go: '" + std::string(args[i]) + "' needs a number; ignored");
        if (i + 1 < args.size()) ++i;
        return bool(r);
    };
    // A number kept within lo..hi; one outside is searched as the nearest bound, and the GUI is told.
    auto within = [&](std::string_view key, std::int64_t value, std::int64_t lo, std::int64_t hi) {
        const std::int64_t kept = std::clamp(value, lo, hi);
        if (kept != value)
            out.info_string("go: " + std::string(key) + ' ' + std::to_string(value) + " is outside " +
                            std::to_string(lo) + ".." + std::to_string(hi) + "; searched as " + std::to_string(kept));
        return int(kept);
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        std::int64_t v = 0;
        if (a == "infinite") limits.infinite = true;
        else if (a == "ponder") limits.ponder = true;
        else if (a == "wtime") {
            if (number(i, v)) limits.time[WHITE] = std::max<std::int64_t>(v, 0);
        } else if (a == "btime") {
            if (number(i, v)) limits.time[BLACK] = std::max<std::int64_t>(v, 0);
        } else if (a == "winc") {
            if (number(i, v)) limits.inc[WHITE] = std::max<std::int64_t>(v, 0);
        } else if (a == "binc") {
            if (number(i, v)) limits.inc[BLACK] = std::max<std::int64_t>(v, 0);
        } else if (a == "movestogo") {
            if (number(i, v)) limits.movesToGo = int(std::clamp<std::int64_t>(v, 0, 1000));
        } else if (a == "depth") {
            if (number(i, v)) limits.depth = within("depth", v, 1, MAX_SEARCH_DEPTH);
        } else if (a == "nodes") {
            if (number(i, v)) limits.nodes = std::uint64_t(std::max<std::int64_t>(v, 1));
        } else if (a == "mate") {
            if (number(i, v)) limits.mate = within("mate", v, 1, MAX_PLY / 2 - 2);
        } else if (a == "movetime") {
            if (number(i, v)) limits.moveTime = std::max<std::int64_t>(v, 1);
        } else if (a == "searchmoves") {
            for (++i; i < args.size(); ++i) {
                const Move m = eng.position().parse_move(args[i]);
                if (m) limits.searchMoves.push_back(m);
                else
                    out.info_string("searchmoves: '" + std::string(args[i].substr(0, 16)) +
                                    "' is not legal here; ignored");
            }
        } else {
            out.info_string("go: unknown parameter '" + std::string(a.substr(0, 32)) + "' ignored");
        }
    }
    eng.go(limits);
}

std::string UCIEngine::format_info(const SearchReport& r, bool chess960, bool showWDL, int material) {
    std::string s = "info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(r.selDepth) + " multipv " +
                    std::to_string(r.multiPV);
    if (is_mate_score(r.score)) {
        const int moves = r.score > 0 ? (VALUE_MATE - r.score + 1) / 2 : -(VALUE_MATE + r.score) / 2;
        s += " score mate " + std::to_string(moves);
    } else {
        s += " score cp " + std::to_string(r.score);
    }
    if (r.bound == BOUND_LOWER) s += " lowerbound";
    if (r.bound == BOUND_UPPER) s += " upperbound";
    if (showWDL) {
        const WinDrawLoss p = win_draw_loss(r.score, material);
        s += " wdl " + std::to_string(p.win) + ' ' + std::to_string(p.draw) + ' ' + std::to_string(p.loss);
    }
    const std::int64_t ms = std::max<std::int64_t>(r.timeMs, 0);
    s += " nodes " + std::to_string(r.nodes) + " nps " +
         std::to_string(r.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(ms, 1))) + " hashfull " +
         std::to_string(r.hashfull) + " tbhits " + std::to_string(r.tbHits) + " time " + std::to_string(ms);
    if (!r.pv.empty()) {
        s += " pv";
        for (Move m : r.pv) s += ' ' + move_to_uci(m, chess960);
    }
    return s;
}

std::string UCIEngine::format_bestmove(Move best, Move ponder, bool chess960) {
    std::string line = "bestmove " + move_to_uci(best, chess960);
    if (ponder) line += " ponder " + move_to_uci(ponder, chess960);
    return line;
}

std::string UCIEngine::format_perft_move(const Position& pos, Move m, std::uint64_t count) {
    return pos.to_uci(m) + ": " + std::to_string(count);
}

std::vector<std::string> UCIEngine::format_perft_end(std::uint64_t total, double seconds) {
    std::vector<std::string> lines;
    lines.push_back("");
    lines.push_back("Nodes searched: " + std::to_string(total));
    lines.push_back("");
    lines.push_back("info string perft time " + std::to_string(std::int64_t(seconds * 1000)) + " ms, " +
                    std::to_string(std::uint64_t(double(total) / std::max(seconds, 1e-9))) + " nps");
    return lines;
}

std::string UCIEngine::format_bench_position(const BenchPosition& r) {
    return "info string Position " + std::to_string(r.index) + "/" + std::to_string(r.count) + " " + r.fen +
           " bestmove " + move_to_uci(r.best, false) + " nodes " + std::to_string(r.nodes);
}

std::vector<std::string> UCIEngine::format_bench_result(const BenchResult& r) {
    const std::uint64_t nps = r.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(r.ms, 1));
    char hits[96];
    std::snprintf(hits, sizeof hits, "Pawn table hits : %.2f%% of %llu probes",
                  r.pawnProbes ? 100.0 * double(r.pawnHits) / double(r.pawnProbes) : 0.0,
                  static_cast<unsigned long long>(r.pawnProbes));
    return {"Total time (ms) : " + std::to_string(r.ms), "Nodes searched  : " + std::to_string(r.nodes),
            "Nodes/second    : " + std::to_string(nps), hits,
            std::to_string(r.nodes) + " nodes " + std::to_string(nps) + " nps"};
}

std::vector<std::string> UCIEngine::format_spsa_input() {
    std::vector<std::string> lines;
    for (const params::ParamInfo& p : params::SEARCH_PARAMS) {
        char step[32];
        std::snprintf(step, sizeof step, "%g", p.step());
        std::string l(p.name);
        l.append(", int, ").append(std::to_string(p.value)).append(", ").append(std::to_string(p.min));
        l.append(", ").append(std::to_string(p.max)).append(", ").append(step).append(", 0.002");
        lines.push_back(std::move(l));
    }
    return lines;
}

void UCIEngine::perft(Engine& engine, Output& out, int depth, std::size_t hashMB, PerftObserver* observer) {
    engine.stop();  // a search still running ends first, with its bestmove
    engine.wait();
    const Position& pos = engine.position();
    const auto start = std::chrono::steady_clock::now();
    // Called once per root move, never two at a time (PerftSettings::onRootMove).
    std::uint64_t total = 0;
    std::size_t done = 0;
    engine.perft(depth, hashMB, [&](std::size_t, Move m, std::uint64_t n) {
        total += n;
        ++done;
        const auto print = [&] { out.line(format_perft_move(pos, m, n)); };
        if (observer) observer->root_move(total, done, print);
        else print();
    });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (observer) observer->all_counted();
    for (const std::string& l : format_perft_end(depth == 0 ? 1 : total, seconds)) out.line(l);
}

void UCIEngine::bench(Engine& engine, Output& out, int depth, int threads) {
    const BenchResult r =
        engine.bench(depth, threads, [&out](const BenchPosition& p) { out.line(format_bench_position(p)); });
    for (const std::string& l : format_bench_result(r)) out.line(l);
}

}  // namespace vireo
