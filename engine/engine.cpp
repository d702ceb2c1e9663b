#include "engine.h"

#include <random>

#include "engine/wdl.h"
#include "movegen/perft.h"

namespace vireo {

Engine::Engine() : search(tt, tb) { set_strength_seed(0); }

void Engine::set_strength_seed(std::uint64_t seed) {
    config.strengthSeed = seed;
    if (seed) {
        search.seed_strength(seed);
    } else {
        std::random_device device;
        search.seed_strength((std::uint64_t(device()) << 32) ^ device());
    }
}

Engine::~Engine() {
    search.stop();
    search.wait();
}

bool Engine::idle() {
    if (search.bestmove_decided()) search.wait();
    return !search.running();
}

void Engine::set_threads(int n) {
    config.threads = n;
    if (!idle()) return message("Threads takes effect after the current search");
    search.set_threads(n);
}

void Engine::set_hash(std::size_t mb) {
    config.hashMB = mb;
    if (idle()) ensure_hash();
}

void Engine::set_syzygy_path(const std::string& path) {
    config.syzygyPath = path;
    if (!idle()) return message("SyzygyPath takes effect after the current search");
    apply_syzygy_path();
}

void Engine::apply_syzygy_path() {
    if (!idle() || config.syzygyPath == loadedSyzygyPath) return;
    loadedSyzygyPath = config.syzygyPath;
    for (const std::string& note : tb.load(config.syzygyPath)) message(note);
}

void Engine::clear_hash() {
    if (!idle()) return message("Clear Hash ignored during a search");
    tt.clear();
}

void Engine::ensure_hash() {
    if (!idle() || tt.size_mb() == config.hashMB) return;
    if (auto err = tt.resize(config.hashMB); !err.empty()) {
        // Keep what we had, or the default size if nothing was allocated yet.
        config.hashMB = tt.size_mb() ? tt.size_mb() : DEFAULT_HASH_MB;
        if (!tt.size_mb()) (void)tt.resize(config.hashMB);
        message(err + "; the hash table has " + std::to_string(tt.size_mb()) + " MB");
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
    if (config.strengthSeed) search.seed_strength(config.strengthSeed);
}

void Engine::go(const SearchLimits& limits) {
    search.stop();
    search.wait();
    ensure_hash();
    apply_syzygy_path();
    if (search.threads() != config.threads) search.set_threads(config.threads);
    // The callbacks read `running` (search_settings()) on the search thread, never `config`, which a
    // setoption may change meanwhile; the search keeps its own copy of the SearchSettings part.
    running = config;
    running.chess960 = pos.chess960();
    running.rootMaterial = wdl_material(pos.board());
    search.start(pos, limits, running, callbacks);
}

PerftDivide Engine::perft(int depth, std::size_t hashMB,
                          std::function<void(std::size_t index, Move move, std::uint64_t count)> onRootMove) {
    search.stop();  // a search still running ends first, with its bestmove
    search.wait();
    PerftSettings settings;
    settings.threads = config.threads;
    settings.hashMB = hashMB;
    settings.onRootMove = std::move(onRootMove);
    return perft_divide(pos, depth, settings);
}

Move Engine::search_quietly(const Position& root, const SearchLimits& limits, const SearchSettings& s) {
    Move best = Move::none();
    SearchCallbacks cb;
    cb.bestmove = [&best](Move m, Move) { best = m; };
    search.start(root, limits, s, std::move(cb));
    search.wait();
    return best;
}

}  // namespace vireo
