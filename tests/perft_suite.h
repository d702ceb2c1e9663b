// Shared by the tests: reads the perft suites of tests/data/perft.
//
// A suite line is a FEN with six fields followed by " ;Dn count" items, for example
//     4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197
// A malformed line or a missing file throws, so that a broken data file fails the test that reads it
// instead of silently shrinking it.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_env.h"  // split_words

namespace vireo_test {

struct PerftDepth {
    int depth = 0;
    std::uint64_t nodes = 0;
};

struct PerftLine {
    int lineNumber = 0;  // 1-based, for messages
    std::string fen;     // the six FEN fields, single spaces
    std::vector<PerftDepth> depths;
};

struct PerftSuite {
    std::string name;  // file name, e.g. "cpw.epd"
    bool chess960 = false;
    std::vector<PerftLine> lines;
};

// Every suite file, in the order the tests run them.
inline const std::vector<std::string>& perft_suite_names() {
    static const std::vector<std::string> names = {"cpw.epd", "standard.epd", "special.epd", "fischer.epd",
                                                   "fischer_xfen.epd"};
    return names;
}

// The Chess960 suites are the "fischer" files.
inline bool suite_is_chess960(const std::string& name) { return name.rfind("fischer", 0) == 0; }

inline std::string suite_path(const std::string& name) { return std::string(VIREO_TEST_DATA) + "/perft/" + name; }

inline PerftLine parse_perft_line(const std::string& text, int lineNumber, const std::string& where) {
    PerftLine line;
    line.lineNumber = lineNumber;
    auto fail = [&](const std::string& why) {
        throw std::runtime_error(where + ":" + std::to_string(lineNumber) + ": " + why + ": " + text);
    };
    std::size_t pos = text.find(';');
    if (pos == std::string::npos) fail("no ;Dn items");
    const std::vector<std::string> fenFields = split_words(text.substr(0, pos));
    if (fenFields.size() != 6) fail("the FEN does not have six fields");
    for (const std::string& f : fenFields) line.fen += (line.fen.empty() ? "" : " ") + f;

    while (pos != std::string::npos) {
        const std::size_t next = text.find(';', pos + 1);
        const std::vector<std::string> item =
            split_words(text.substr(pos + 1, next == std::string::npos ? std::string::npos : next - pos - 1));
        pos = next;
        if (item.size() != 2 || item[0].size() < 2 || item[0][0] != 'D') fail("bad item (want ';Dn count')");
        const std::string depthText = item[0].substr(1);
        if (depthText.find_first_not_of("0123456789") != std::string::npos ||
            item[1].find_first_not_of("0123456789") != std::string::npos)
            fail("bad depth or count");
        PerftDepth d;
        d.depth = std::stoi(depthText);
        d.nodes = std::stoull(item[1]);
        if (d.depth < 1 || (!line.depths.empty() && d.depth <= line.depths.back().depth))
            fail("depths must be positive and increasing");
        line.depths.push_back(d);
    }
    return line;
}

inline PerftSuite load_perft_suite(const std::string& name) {
    PerftSuite suite;
    suite.name = name;
    suite.chess960 = suite_is_chess960(name);
    const std::string path = suite_path(name);
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    int number = 0;
    for (std::string text; std::getline(in, text);) {
        ++number;
        if (!text.empty() && text.back() == '\r') text.pop_back();
        if (text.find_first_not_of(" \t") == std::string::npos) continue;  // blank line
        suite.lines.push_back(parse_perft_line(text, number, path));
    }
    if (suite.lines.empty()) throw std::runtime_error(path + " has no positions");
    return suite;
}

}  // namespace vireo_test
