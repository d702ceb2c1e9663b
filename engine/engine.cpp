#include "engine.h"

#include <algorithm>
#include <cmath>

namespace vireo {

namespace {

// Win/draw/loss per mille from a centipawn score: a logistic model, symmetric in the score.
void wdl(int score, int& w, int& d, int& l) {
    if (is_mate_score(score)) {
        w = score > 0 ? 1000 : 0;
        l = score > 0 ? 0 : 1000;
        d = 0;
        return;
    }
    auto p = [](double x) { return 1000.0 / (1.0 + std::exp((150.0 - x) / 60.0)); };
    w = int(std::lround(p(score)));
    l = int(std::lround(p(-score)));
    d = 1000 - w - l;
}

}  // namespace

Engine::Engine(Output& o) : out(o), search(tt) {
    // Nobody reads the output any more: the search is wasted work.
    out.on_disconnect([this] { search.stop(); });
    opts.add_spin("Threads", 1, 1, 256, [this](const Options::Option& opt) {
        if (searching()) return out.info_string("Threads takes effect after the current search");
        search.set_threads(int(std::stoll(opt.value)));
    });
    opts.add_spin("Hash", 16, 1, 1 << 20, [this](const Options::Option& opt) {
        hashWanted = std::size_t(std::stoll(opt.value));
        if (!searching()) ensure_hash();
    });
    opts.add_button("Clear Hash", [this](const Options::Option&) {
        if (searching()) return out.info_string("Clear Hash ignored during a search");
        tt.clear();
    });
    opts.add_spin("MultiPV", 1, 1, 256);
    opts.add_spin("Move Overhead", 10, 0, 5000);
    opts.add_check("Ponder", false);
    opts.add_check("UCI_Chess960", false);
    opts.add_check("UCI_ShowWDL", false);
    opts.add_string("Debug Log File", "", [this](const Options::Option& opt) {
        if (auto err = out.set_log_file(opt.value); !err.empty()) out.info_string(err);
    });
}

Engine::~Engine() {
    out.on_disconnect({});
    search.stop();
    search.wait();
}

void Engine::ensure_hash() {
    if (searching() || tt.size_mb() == hashWanted) return;
    if (auto err = tt.resize(hashWanted); !err.empty()) {
        // Keep what we had, or the default size if nothing was allocated yet.
        hashWanted = tt.size_mb() ? tt.size_mb() : 16;
        if (!tt.size_mb()) (void)tt.resize(hashWanted);
        out.info_string(err + "; the hash table has " + std::to_string(tt.size_mb()) + " MB");
    }
}

void Engine::new_game() {
    if (searching()) {
        search.stop();
        search.wait();
    }
    ensure_hash();
    tt.clear();
    search.clear();
}

void Engine::go(const Position& pos, const SearchLimits& limits) {
    search.stop();
    search.wait();
    ensure_hash();
    if (search.threads() != int(opts.spin("Threads"))) search.set_threads(int(opts.spin("Threads")));
    SearchSettings settings;
    settings.multiPV = int(opts.spin("MultiPV"));
    settings.moveOverhead = opts.spin("Move Overhead");
    const Position root = pos;
    SearchCallbacks callbacks;
    // The callbacks run on the search thread: they use copies of what they need, never the options,
    // which a setoption may change meanwhile (a change takes effect with the next search).
    callbacks.info = [this, root, showWDL = opts.check("UCI_ShowWDL")](const SearchReport& r) {
        out.line(info_line(r, root, showWDL));
    };
    callbacks.bestmove = [this, chess960 = pos.chess960()](Move best, Move ponder) {
        std::string line = "bestmove " + move_to_uci(best, chess960);
        if (ponder) line += " ponder " + move_to_uci(ponder, chess960);
        out.line(line);
    };
    search.start(pos, limits, settings, std::move(callbacks));
}

std::string Engine::info_line(const SearchReport& r, const Position& root, bool showWDL) {
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
        int w, d, l;
        wdl(r.score, w, d, l);
        s += " wdl " + std::to_string(w) + ' ' + std::to_string(d) + ' ' + std::to_string(l);
    }
    const std::int64_t ms = std::max<std::int64_t>(r.timeMs, 0);
    s += " nodes " + std::to_string(r.nodes) + " nps " + std::to_string(r.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(ms, 1))) +
         " hashfull " + std::to_string(r.hashfull) + " time " + std::to_string(ms);
    if (!r.pv.empty()) {
        s += " pv";
        for (Move m : r.pv) s += ' ' + move_to_uci(m, root.chess960());
    }
    return s;
}

}  // namespace vireo
