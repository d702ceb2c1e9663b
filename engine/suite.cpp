#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "engine.h"

namespace vireo {

namespace {

// The SAN moves of an EPD operation such as `bm Qg6 Rxf7;`.
std::vector<std::string> operands(const std::string& line, const std::string& opcode) {
    std::vector<std::string> out;
    const auto at = line.find(" " + opcode + " ");
    if (at == std::string::npos) return out;
    const auto end = line.find(';', at);
    std::istringstream is(line.substr(at + opcode.size() + 2,
                                      end == std::string::npos ? std::string::npos : end - at - opcode.size() - 2));
    for (std::string w; is >> w;) out.push_back(w);
    return out;
}

std::string epd_id(const std::string& line) {
    const auto at = line.find("id \"");
    if (at == std::string::npos) return "?";
    const auto end = line.find('"', at + 4);
    return line.substr(at + 4, end == std::string::npos ? std::string::npos : end - at - 4);
}

}  // namespace

SuiteResult Engine::epd_suite(const std::string& path, const SearchLimits& limits,
                              const std::function<void(const std::string&)>& print) {
    search.stop();
    search.wait();
    SuiteResult result;
    std::ifstream in(path);
    if (!in) {
        print("cannot open " + path);
        return result;
    }
    ensure_hash();
    if (search.threads() != config.threads) search.set_threads(config.threads);
    int lineNumber = 0;
    for (std::string line; std::getline(in, line);) {
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.pop_back();  // a file with Windows line ends
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        const auto skip = [&](const std::string& why) {
            print("skipped line " + std::to_string(lineNumber) + " (" + why + "): " + line.substr(0, 200));
            ++result.skipped;
        };
        std::istringstream is(line);
        std::string fields[4];
        for (auto& f : fields) is >> f;
        Position root;
        if (auto err = root.set(fields[0] + ' ' + fields[1] + ' ' + fields[2] + ' ' + fields[3])) {
            skip("bad FEN: " + *err);
            continue;
        }
        std::vector<Move> best, avoid;
        for (const auto& san : operands(line, "bm")) best.push_back(root.parse_san(san));
        for (const auto& san : operands(line, "am")) avoid.push_back(root.parse_san(san));
        if (std::find(best.begin(), best.end(), Move::none()) != best.end() ||
            std::find(avoid.begin(), avoid.end(), Move::none()) != avoid.end()) {
            skip("a bm/am move is not legal SAN here");
            continue;
        }
        if (best.empty() && avoid.empty()) {
            skip("no bm or am move");
            continue;
        }
        ++result.positions;
        tt.clear();
        search.clear();
        SearchSettings settings;
        settings.moveOverhead = 0;
        const Move chosen = search_quietly(root, limits, settings);
        const bool good = (best.empty() || std::find(best.begin(), best.end(), chosen) != best.end()) &&
                          std::find(avoid.begin(), avoid.end(), chosen) == avoid.end();
        result.solved += good;
        print(std::string(good ? "solved " : "missed ") + epd_id(line) + " played " + root.to_uci(chosen) + " (" +
              std::to_string(result.solved) + "/" + std::to_string(result.positions) + ")");
    }
    print("solved " + std::to_string(result.solved) + " of " + std::to_string(result.positions) +
          (result.skipped ? " (" + std::to_string(result.skipped) + " lines skipped)" : ""));
    return result;
}

}  // namespace vireo
