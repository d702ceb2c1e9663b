// The UCI front end: parses command lines, owns the registry of UCI options (their names are
// protocol) which sets the engine's typed settings, drives the Engine, and formats every line it
// prints. The formatting functions are shared with the command line (engine/main.cpp).
#pragma once

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
    // The info line of a report, e.g. "info depth 5 seldepth 7 multipv 1 score cp 31 nodes ...".
    static std::string format_info(const SearchReport& r, bool chess960, bool showWDL);
    // "bestmove e2e4 ponder e7e5" ("bestmove (none)" without a legal move).
    static std::string format_bestmove(Move best, Move ponder, bool chess960);
    // `perft`: "<move>: <count>" per root move, an empty line, "Nodes searched: N", an empty line,
    // and an info string with the time taken.
    static std::vector<std::string> format_perft(const Position& pos, int depth, const PerftDivide& divide,
                                                 double seconds);
    // `bench`: an info string per position; the totals, last "<nodes> nodes <nps> nps".
    static std::string format_bench_position(const BenchPosition& r);
    static std::vector<std::string> format_bench_result(const BenchResult& r);

    // `go perft N` and the command line's `perft`: prints the counts of the engine's position.
    static void perft(Engine& engine, Output& out, int depth, std::size_t hashMB);
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

std::vector<std::string_view> tokenize(std::string_view line);

}  // namespace vireo
