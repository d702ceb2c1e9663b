// Vireo's command line: with no command it speaks UCI on stdin/stdout; `perft`, `bench` and `epd` call the
// Engine directly, print with the UCI front end's formatting functions, and exit; `datagen` makes
// training data (engine/datagen.h).
#include <unistd.h>
#ifdef _WIN32
#include <fcntl.h>  // _O_BINARY
#include <io.h>     // _setmode
#endif

#include <algorithm>
#include <boost/program_options.hpp>
#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "engine/cpu_check.h"
#include "engine/datagen.h"
#include "engine/engine.h"
#include "engine/perft_progress.h"
#include "engine/uci.h"
#include "movegen/attacks.h"
#include "movegen/perft.h"
#include "movegen/text.h"

namespace po = boost::program_options;

namespace {

using Args = std::vector<std::string>;  // the command and its arguments

// The options `vireo --help` lists.
po::options_description visible_options() {
    const std::string defaultHash = std::to_string(vireo::DEFAULT_HASH_MB);
    const std::string hashHelp = "hash table for perft and epd in MB (0: none; epd: " + defaultHash +
                                 "), or per datagen game (0: " + defaultHash + ")";
    po::options_description visible(
        "Usage: vireo [command] [arguments] [options]\n\n"
        "Commands:\n"
        "  (none)            speak UCI on standard input and output\n"
        "  bench [depth]     search a fixed set of positions; the last line is '<nodes> nodes <nps> nps'\n"
        "  perft <depth>     count the leaf nodes of the legal move tree (Stockfish's 'go perft' format)\n"
        "  epd <file>        run a test suite (EPD with bm/am), --movetime ms or --nodes per position\n"
        "  spsa              a tuning build (make TUNE=1): print the search parameters as OpenBench's SPSA\n"
        "                    input (name, int, value, min, max, step, 0.002)\n"
        "  datagen <dir>     play Vireo against itself and write quiet positions with scores and results to\n"
        "                    numbered chunk files in <dir> (training data; a rerun resumes); with --stats,\n"
        "                    count what <dir> holds\n\n"
        "Options");
    // clang-format off
    visible.add_options()
        ("help,h", "show this help and exit")
        ("version,v", "show the version and exit")
        ("fen", po::value<std::string>(), "position for perft (default: the start position)")
        ("chess960", "read the FEN and write castling moves as Chess960 (king takes rook)")
        ("threads", po::value<int>(), "threads for perft, bench (time to depth) and epd (default 1), and games "
                                       "played at once by datagen (default 2)")
        ("hash", po::value<int>()->default_value(0), hashHelp.c_str())
        ("movetime", po::value<int>()->default_value(1000), "ms per position for epd")
        ("log", po::value<std::string>(), "write every UCI line in and out to this file")
        ("nodes", po::value<long long>()->default_value(5000),
         "datagen: nodes searched per move; epd: nodes per position instead of --movetime, on one thread "
         "(the same score on every run)")
        ("positions", po::value<long long>()->default_value(0),
         "datagen: stop when the chunks hold this many positions (0: no limit)")
        ("games", po::value<long long>()->default_value(0), "datagen: stop after this many games (0: no limit)")
        ("seed", po::value<unsigned long long>()->default_value(1), "datagen: seed of the random openings")
        ("random-plies", po::value<int>()->default_value(8), "datagen: random legal plies after the book line")
        ("book", po::value<std::string>(), "datagen: openings, PGN (*.pgn) or one FEN/EPD a line (none: the start position)")
        ("games-per-chunk", po::value<int>()->default_value(100), "datagen: games in each chunk file")
        ("stats", "datagen: count the chunks, games, positions and results of <dir> instead");
    // clang-format on
    return visible;
}

// --threads if given, else the command's default.
int threads_or(const po::variables_map& vm, int fallback) {
    return vm.count("threads") ? vm["threads"].as<int>() : fallback;
}

// No command: UCI on standard input and output.
int command_uci(vireo::Output& out) {
    // A GUI that dies closes our output: the failed write is reported to Output (which stops
    // the search and ends the loop), instead of killing the engine with SIGPIPE.
#ifdef SIGPIPE
    std::signal(SIGPIPE, SIG_IGN);  // (Windows has no SIGPIPE: a write to a closed pipe fails)
#endif
    vireo::InputBuffer input(STDIN_FILENO, STDOUT_FILENO, out);
    std::istream in(&input);
    vireo::UCIEngine uci(out);
    uci.loop(in);
    return 0;
}

// vireo perft <depth> [--fen F] [--chess960] [--threads T] [--hash MB]
int command_perft(const Args& command, const po::variables_map& vm, vireo::Engine& engine, vireo::Output& out) {
    const vireo::IntReading depth = command.size() == 2
                                        ? vireo::read_int(command[1], vireo::PERFT_MIN_DEPTH, vireo::PERFT_MAX_DEPTH)
                                        : vireo::IntReading{};
    if (!depth) {
        std::cerr << "vireo: perft needs one depth from " << vireo::PERFT_MIN_DEPTH << " to " << vireo::PERFT_MAX_DEPTH
                  << "\n";
        return 2;
    }
    // The range of the Threads option, with its message.
    const int threads = threads_or(vm, 1), used = std::clamp(threads, 1, vireo::MAX_THREADS);
    if (used != threads)
        out.info_string("option Threads value " + std::to_string(threads) + " is out of range, set to " +
                        std::to_string(used));
    engine.set_threads(used);
    if (vm.count("fen")) {
        vireo::Position pos;
        if (auto err = pos.set(vm["fen"].as<std::string>(), vm.count("chess960") > 0)) {
            std::cerr << "vireo: bad FEN: " << *err << "\n";
            return 2;
        }
        engine.set_position(std::move(pos));
    }
    const std::size_t hashMB = std::size_t(std::max(0, vm["hash"].as<int>()));
    // On a terminal, long runs show their progress on standard error.
    if (isatty(STDERR_FILENO)) {
        vireo::PerftProgress progress(stderr, std::size_t(engine.position().legal_moves().size()));
        vireo::UCIEngine::perft(engine, out, int(depth.value), hashMB, &progress);
    } else {
        vireo::UCIEngine::perft(engine, out, int(depth.value), hashMB);
    }
    return 0;
}

// vireo epd <file> [--movetime ms | --nodes N] [--threads T] [--hash MB]
int command_epd(const Args& command, const po::variables_map& vm, vireo::Engine& engine,
                vireo::SearchCallbacks& callbacks) {
    if (command.size() != 2) {
        std::cerr << "vireo: epd needs one file\n";
        return 2;
    }
    // --nodes (given, not its datagen default): a fixed node count, deterministic on one thread.
    vireo::SearchLimits limits;
    if (!vm["nodes"].defaulted()) {
        if (!vm["movetime"].defaulted() || threads_or(vm, 1) != 1 || vm["nodes"].as<long long>() < 1) {
            std::cerr << "vireo: epd: --nodes must be positive and searches on one thread, without --movetime\n";
            return 2;
        }
        limits.nodes = std::uint64_t(vm["nodes"].as<long long>());
    } else {
        limits.moveTime = std::max(1, vm["movetime"].as<int>());
    }
    const int hash = vm["hash"].as<int>();
    const auto print = [](const std::string& l) { std::cout << l << std::endl; };
    callbacks.message = print;
    engine.set_callbacks(callbacks);
    engine.set_threads(std::max(1, threads_or(vm, 1)));
    engine.set_hash(hash > 0 ? std::size_t(hash) : vireo::DEFAULT_HASH_MB);
    const auto r = engine.epd_suite(command[1], limits, print);
    return r.positions > 0 ? 0 : 1;
}

// vireo bench [depth] [--threads T]
int command_bench(const Args& command, const po::variables_map& vm, vireo::Engine& engine, vireo::Output& out) {
    const vireo::IntReading depth = command.size() == 1 ? vireo::IntReading{vireo::IntReading::OK, vireo::BENCH_DEPTH}
                                    : command.size() == 2
                                        ? vireo::read_int(command[1], vireo::BENCH_MIN_DEPTH, vireo::BENCH_MAX_DEPTH)
                                        : vireo::IntReading{};
    if (!depth) {
        std::cerr << "vireo: bench takes an optional depth from " << vireo::BENCH_MIN_DEPTH << " to "
                  << vireo::BENCH_MAX_DEPTH << "\n";
        return 2;
    }
    vireo::UCIEngine::bench(engine, out, int(depth.value), std::max(1, threads_or(vm, 1)));
    return 0;
}

// vireo spsa: the search parameters as OpenBench's SPSA input, in a tuning build (whose UCI
// options they are).
int command_spsa(const Args& command) {
    if (command.size() != 1) {
        std::cerr << "vireo: spsa takes no arguments\n";
        return 2;
    }
    if (!vireo::TUNE_BUILD) {
        std::cerr << "vireo: spsa needs a tuning build (make TUNE=1): in this one the search parameters are "
                     "constants, not UCI options\n";
        return 2;
    }
    for (const std::string& l : vireo::UCIEngine::format_spsa_input()) std::cout << l << "\n";
    return 0;
}

// vireo datagen <dir> [...], or --stats <dir>
int command_datagen(const Args& command, const po::variables_map& vm) {
    if (command.size() != 2) {
        std::cerr << "vireo: datagen needs one folder\n";
        return 2;
    }
    if (vm.count("stats")) {
        if (auto err = vireo::data_stats(command[1], std::cout)) {
            std::cerr << "vireo: " << *err << "\n";
            return 1;
        }
        return 0;
    }
    vireo::DatagenConfig config;
    config.outDir = command[1];
    if (vm.count("book")) config.bookPath = vm["book"].as<std::string>();
    const long long nodes = vm["nodes"].as<long long>(), positions = vm["positions"].as<long long>(),
                    games = vm["games"].as<long long>();
    if (nodes < 1 || positions < 0 || games < 0) {
        std::cerr << "vireo: datagen: --nodes must be positive, --positions and --games not negative\n";
        return 2;
    }
    config.seed = vm["seed"].as<unsigned long long>();
    config.nodes = std::uint64_t(nodes);
    config.positions = std::uint64_t(positions);
    config.games = std::uint64_t(games);
    config.randomPlies = vm["random-plies"].as<int>();
    config.gamesPerChunk = vm["games-per-chunk"].as<int>();
    config.threads = threads_or(vm, 2);
    config.hashMB = vm["hash"].as<int>() > 0 ? vm["hash"].as<int>() : int(vireo::DEFAULT_HASH_MB);
    const auto r = vireo::run_datagen(config, std::cerr);
    if (r.error) {
        std::cerr << "vireo: datagen: " << *r.error << "\n";
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
#ifdef _WIN32
    // Lines end in LF on Windows too: GUIs on Windows accept it (as they do from engines written in
    // Rust or Go, which never write CR), and programs that run the Windows build elsewhere - fastchess
    // or a test under Wine - read exactly what the protocol says. Text mode would write CRLF.
    _setmode(_fileno(stdout), _O_BINARY);
#endif
    const po::options_description visible = visible_options();
    po::options_description hidden;
    hidden.add_options()("command", po::value<std::vector<std::string>>(), "command and its arguments");
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("command", -1);

    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
        po::notify(vm);
    } catch (const std::exception& e) {
        std::cerr << "vireo: " << e.what() << "\n\n" << visible << "\n";
        return 2;
    }
    if (vm.count("help")) {
        std::cout << visible << "\n";
        return 0;
    }
    if (vm.count("version")) {
        std::cout << "Vireo " << VIREO_VERSION << " " << vireo::build_variant()
                  << " (sliders: " << vireo::SLIDER_BACKEND << ")\n";
        char features[160];
        vireo::required_features(features, sizeof features);
        std::cout << "CPU extensions needed: " << (features[0] ? features : "none beyond x86-64") << "\n";
        std::cout << "Licence GPL-3.0-or-later <https://www.gnu.org/licenses/gpl-3.0.html>: "
                     "you may share and change it.\n"
                     "There is NO WARRANTY, to the extent permitted by law.\n";
        return 0;
    }

    vireo::Output out(std::cout);
    if (vm.count("log")) {
        if (auto err = out.set_log_file(vm["log"].as<std::string>()); !err.empty())
            std::cerr << "vireo: " << err << "\n";
    }
    const auto command =
        vm.count("command") ? vm["command"].as<std::vector<std::string>>() : std::vector<std::string>{};

    if (command.empty()) return command_uci(out);

    vireo::Engine engine;
    vireo::SearchCallbacks callbacks;
    callbacks.message = [&out](const std::string& text) { out.info_string(text); };
    engine.set_callbacks(callbacks);
    if (command[0] == "perft") return command_perft(command, vm, engine, out);
    if (command[0] == "epd") return command_epd(command, vm, engine, callbacks);
    if (command[0] == "bench") return command_bench(command, vm, engine, out);
    if (command[0] == "datagen") return command_datagen(command, vm);
    if (command[0] == "spsa") return command_spsa(command);
    std::cerr << "vireo: unknown command '" << command[0] << "'\n\n" << visible << "\n";
    return 2;
}
