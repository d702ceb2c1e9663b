// The UCI front end: parses command lines, owns the registry of UCI options (their names are
// protocol) which sets the engine's typed settings, drives the Engine, and formats every line it
// prints. The formatting functions are shared with the command line (engine/main.cpp).
#pragma once

#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "engine/options.h"
#include "engine/output.h"
#include "movegen/position.h"

namespace vireo {

class UCIEngine {
public:
    explicit UCIEngine(Output& out);
    ~UCIEngine();

    // Reads commands until `quit`, end of input or a failed write (the GUI has gone); a running
    // search is stopped first.
    void loop(std::istream& in);
    // Executes one command line; returns false for `quit`.
    bool execute(std::string_view line);

    Engine& engine() { return eng; }
    Options& options() { return opts; }

    // The lines UCIEngine prints, one place each.
    // The info line of a report, e.g. "info depth 5 seldepth 7 multipv 1 score cp 31 nodes ..."; with
    // showWDL, "wdl W D L" by the model of engine/wdl.h for the root position's material.
    static std::string format_info(const SearchReport& r, bool chess960, bool showWDL, int material);
    // "bestmove e2e4 ponder e7e5" ("bestmove (none)" without a legal move).
    static std::string format_bestmove(Move best, Move ponder, bool chess960);
    // `perft`: "<move>: <count>" per root move (each printed as soon as it is counted), then an empty
    // line, "Nodes searched: N", an empty line, and an info string with the time taken.
    static std::string format_perft_move(const Position& pos, Move m, std::uint64_t count);
    static std::vector<std::string> format_perft_end(std::uint64_t total, double seconds);
    // `bench`: an info string per position; the totals, last "<nodes> nodes <nps> nps".
    static std::string format_bench_position(const BenchPosition& r);
    static std::vector<std::string> format_bench_result(const BenchResult& r);
    // `vireo spsa`: one line per search parameter in OpenBench's SPSA input form,
    // "name, int, value, min, max, step, 0.002" (search/params.h).
    static std::vector<std::string> format_spsa_input();

    // The search parameters as spin options of the same names (search/params.h), each setting its
    // member of `params`: what the tune build registers, with the engine's settings().params.
    static void add_param_options(Options& opts, TunableSearchParams& params);

    // Told of each root move of a perft as it is counted; `print` prints its line. The command line
    // uses it to keep its progress line on a terminal out of the way (engine/perft_progress.h).
    class PerftObserver {
    public:
        virtual ~PerftObserver() = default;
        virtual void root_move(std::uint64_t nodesSoFar, std::size_t movesDone, const std::function<void()>& print) = 0;
        // Before the closing lines ("Nodes searched: N").
        virtual void all_counted() = 0;
    };
    // `go perft N` and the command line's `perft`: prints the counts of the engine's position.
    static void perft(Engine& engine, Output& out, int depth, std::size_t hashMB, PerftObserver* observer = nullptr);
    // `bench [depth]` and the command line's `bench`: prints one line per position, then the totals.
    static void bench(Engine& engine, Output& out, int depth, int threads);

private:
    void register_options();
    void cmd_uci();
    void cmd_position(const std::vector<std::string_view>& args);
    void cmd_setoption(std::string_view line);
    void cmd_go(const std::vector<std::string_view>& args);

    Output& out;
    Options opts;
    Engine eng;
};

}  // namespace vireo
