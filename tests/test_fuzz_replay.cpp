// Replays the fuzz targets' seed corpora and regression inputs (tests/fuzz/corpus/<target>/ and
// tests/fuzz/regressions/<target>/) through their harnesses, in every build that runs the test
// suite: an input that once broke the engine keeps being tried. A harness check that fails aborts
// the test binary with the reason on stderr. Each target must have both folders, the regressions one
// with at least one input (known-tricky ones to start with): a folder that went missing (renamed,
// not checked in) fails the test instead of shrinking the replay to nothing.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/harness.h"

namespace fs = std::filesystem;

namespace {

// The inputs of one target's folder, sorted; README files are notes, not inputs.
std::vector<fs::path> inputs(const std::string& folder) {
    std::vector<fs::path> files;
    const fs::path dir = fs::path(VIREO_FUZZ_DIR) / folder;
    REQUIRE_MESSAGE(fs::is_directory(dir), dir.string() << " is missing");
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.is_regular_file() && entry.path().filename().string().rfind("README", 0) != 0)
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

void replay(const std::string& target, int (*harness)(const std::uint8_t*, std::size_t)) {
    const auto seeds = inputs("corpus/" + target), regressions = inputs("regressions/" + target);
    CHECK_MESSAGE(seeds.size() >= 10, "tests/fuzz/corpus/" << target << " has " << seeds.size() << " seeds");
    CHECK_MESSAGE(regressions.size() >= 1, "tests/fuzz/regressions/" << target << " has no inputs");
    for (const auto* list : {&seeds, &regressions}) {
        for (const fs::path& file : *list) {
            INFO(file.string());
            std::ifstream in(file, std::ios::binary);
            REQUIRE(in);
            const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            CHECK(harness(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()) == 0);
        }
    }
    MESSAGE(target << ": " << seeds.size() << " seeds and " << regressions.size() << " regression inputs replayed");
}

}  // namespace

TEST_CASE("fuzz inputs replayed: FEN parser") { replay("fen", vireo_fuzz::fen_input); }
TEST_CASE("fuzz inputs replayed: move text") { replay("move", vireo_fuzz::move_input); }
TEST_CASE("fuzz inputs replayed: training-data chunks") { replay("chunk", vireo_fuzz::chunk_input); }
TEST_CASE("fuzz inputs replayed: UCI handler" * doctest::test_suite("threads")) {
    replay("uci", vireo_fuzz::uci_input);
}
