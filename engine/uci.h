// The UCI front end: parses commands, keeps the position and options, prints answers.
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "engine/output.h"
#include "movegen/position.h"

namespace vireo {

class Uci {
public:
    explicit Uci(Output& out);
    ~Uci();

    // Reads commands until `quit`, end of input or a failed write (the GUI has gone); a running
    // search is stopped first.
    void loop(std::istream& in);
    // Executes one command line; returns false for `quit`.
    bool execute(std::string_view line);

    const Position& position() const { return pos; }
    Options& options() { return engine.options(); }
    Engine& get_engine() { return engine; }

    // `bench [depth]`: prints one line per position and, last, "<nodes> nodes <nps> nps".
    void bench(int depth, int threads);

    // `go perft N` and the command line's `perft`: divide by root move, then the total. Uses the
    // Threads option and a hash table of hashMB megabytes (0: none).
    void perft(int depth, std::size_t hashMB);

private:
    void cmd_uci();
    void cmd_position(const std::vector<std::string_view>& args);
    void cmd_setoption(std::string_view line);
    void cmd_go(const std::vector<std::string_view>& args);

    Output& out;
    Engine engine;
    Position pos;
};

std::vector<std::string_view> tokenize(std::string_view line);

}  // namespace vireo
