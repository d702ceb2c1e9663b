// Test helper: the perft suites of tests/data/perft (FEN, then " ;Dn count" per depth).
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

struct PerftCase {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, leaf count)
};

inline std::vector<PerftCase> load_perft_suite(const std::string& name) {
    std::vector<PerftCase> cases;
    std::ifstream in(std::string(VIREO_TEST_DATA) + "/perft/" + name);
    for (std::string line; std::getline(in, line);) {
        const auto semi = line.find(';');
        if (semi == std::string::npos) continue;
        PerftCase c;
        c.fen = line.substr(0, semi);
        while (!c.fen.empty() && c.fen.back() == ' ') c.fen.pop_back();
        std::istringstream rest(line.substr(semi));
        for (std::string tok; rest >> tok;) {
            if (tok[0] == ';') tok.erase(0, 1);
            if (tok.size() < 2 || tok[0] != 'D') continue;
            std::uint64_t n = 0;
            rest >> n;
            c.counts.emplace_back(std::stoi(tok.substr(1)), n);
        }
        cases.push_back(std::move(c));
    }
    return cases;
}

inline bool is_chess960_suite(const std::string& name) { return name.rfind("fischer", 0) == 0; }

inline const char* const PERFT_SUITES[] = {"standard.epd", "cpw.epd", "special.epd", "fischer.epd", "fischer_xfen.epd"};
