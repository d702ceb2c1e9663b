// Fuzz harness: the UCI command handler (see harness.h).
//
// Each input is a session: its lines go to a fresh UCIEngine object in turn, as the engine's input loop
// would hand them over. A few commands are tamed first, so that an input costs milliseconds and
// touches nothing outside the process:
//   go ...              becomes "go depth 3 nodes 2000 ..."; when the rest names depth or nodes
//                       again (a large value, a value past 64 bits, 0), it stays as it is and a
//                       `stop` follows the go at once, so a search to any depth or node count
//                       starts and is stopped, as a GUI's would be;
//   go perft N          N at most 3;
//   setoption Hash or Threads with a number: at most 2;
//   setoption of anything with "log" in it (Debug Log File, which writes a file): its value is
//                       kept when it is <empty> (no log) and otherwise becomes UNWRITABLE_LOG, a
//                       path no process can open for writing, so the engine's refusal is tried
//                       and no file fills up;
//   setoption SyzygyPath: kept as it is (the dictionary offers tests/data/syzygy, which the fuzz
//                       runs from the source tree find, a missing folder and <empty>);
//   bench with a valid depth or none: dropped (a run of every bench position; the test suite
//                       covers it), its error paths kept.
// At the end any search still running (infinite, ponder) is stopped and joined. Every search must
// have ended with exactly one bestmove line, a legal move of its position or "(none)" when there is
// none.
#include <algorithm>
#include <cctype>
#include <limits>
#include <sstream>
#include <string_view>
#include <vector>

#include "engine/uci.h"
#include "harness.h"
#include "movegen/text.h"

namespace vireo_fuzz {

namespace {

using namespace vireo;

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

// A log file path that cannot be opened for writing, by root too: below a file, not a folder.
constexpr std::string_view UNWRITABLE_LOG = "/dev/null/vireo-fuzz.log";

// The line as it will be executed, or an empty result to skip it. `search` tells whether it starts
// a search (a go that is not go perft), `stopAfter` whether a stop must follow it at once.
std::optional<std::string> tame(const std::string& line, bool& search, bool& stopAfter) {
    search = stopAfter = false;
    // The engine's own tokenizer: the harness sees the words the handler will see.
    const std::vector<std::string_view> t = tokenize(line);
    if (t.empty()) return line;
    const std::string_view cmd = t[0];
    auto offset = [&](std::string_view token) { return std::size_t(token.data() - line.data()); };

    if (cmd == "setoption") {
        std::string lower(line);
        for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (lower.find("log") != std::string::npos) {
            const auto value = std::size_t(std::find(t.begin(), t.end(), "value") - t.begin());
            if (value == t.size()) return line;  // no value: the option parser's own refusal
            if (value + 2 == t.size() && t[value + 1] == "<empty>") return line;
            return line.substr(0, offset(t[value])) + "value " + std::string(UNWRITABLE_LOG);
        }
        const bool big = std::any_of(t.begin(), t.end(),
                                     [](std::string_view w) { return iequals(w, "hash") || iequals(w, "threads"); });
        // A single word after "value": the number the option parser will read, made 2 when above 2
        // (or past 64 bits).
        if (big && t.size() >= 2 && t[t.size() - 2] == "value" &&
            read_int(t.back(), std::numeric_limits<std::int64_t>::min(), 2).status == IntReading::ABOVE) {
            const std::string_view value = t.back();
            return line.substr(0, offset(value)) + "2" + line.substr(offset(value) + value.size());
        }
        return line;
    }
    if (cmd == "go") {
        if (t.size() >= 2 && t[1] == "perft") {
            if (const IntReading depth = t.size() >= 3 ? read_int(t[2]) : IntReading{}; depth && depth.value > 3)
                return line.substr(0, offset(t[2])) + "3" + line.substr(offset(t[2]) + t[2].size());
            return line;
        }
        search = true;
        std::string tamed = "go depth 3 nodes 2000";
        for (std::size_t i = 1; i < t.size(); ++i) {
            tamed += ' ';
            tamed += t[i];
            stopAfter |= t[i] == "depth" || t[i] == "nodes";
        }
        return tamed;
    }
    if (cmd == "bench") {
        if (t.size() == 1 || read_int(t[1], BENCH_MIN_DEPTH, BENCH_MAX_DEPTH)) return std::nullopt;
        return line;
    }
    return line;
}

std::vector<std::string> legal_texts(const Position& pos) {
    std::vector<std::string> texts;
    for (Move m : pos.legal_moves()) texts.push_back(pos.to_uci(m));
    return texts;
}

}  // namespace

int uci_input(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    std::ostringstream text;
    std::vector<std::vector<std::string>> searches;  // the legal moves at each search's start
    {
        Output out(text);
        UCIEngine uci(out);
        uci.execute("setoption name Hash value 1");
        std::string line;
        while (read_line(in, line)) {
            bool search = false, stopAfter = false;
            const auto tamed = tame(line, search, stopAfter);
            if (!tamed) continue;
            if (search) searches.push_back(legal_texts(uci.engine().position()));
            if (!uci.execute(*tamed)) break;
            if (stopAfter) uci.execute("stop");
        }
        uci.engine().stop();
        uci.engine().wait();
    }

    std::istringstream lines(text.str());
    std::size_t bestmoves = 0;
    for (std::string l; std::getline(lines, l);) {
        if (l.rfind("bestmove ", 0) != 0) continue;
        FUZZ_CHECK(bestmoves < searches.size(), "more bestmove lines than searches: " + l);
        std::istringstream words(l);
        std::string word, move;
        words >> word >> move;
        const auto& legal = searches[bestmoves++];
        if (legal.empty()) FUZZ_CHECK(move == "(none)", "no legal move, yet " + l);
        else FUZZ_CHECK(std::find(legal.begin(), legal.end(), move) != legal.end(), "illegal " + l);
    }
    FUZZ_CHECK(bestmoves == searches.size(),
               std::to_string(searches.size()) + " searches, " + std::to_string(bestmoves) + " bestmove lines");
    return 0;
}

}  // namespace vireo_fuzz
