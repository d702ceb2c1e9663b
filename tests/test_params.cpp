// The search parameters (search/params.h) as a tuner uses them: every parameter a UCI spin option
// that sets the value the search reads, out-of-range values refused (the value kept, with an info string),
// and the SPSA input that `vireo spsa` prints. The option plumbing is checked with the tunable type
// in every build; a tuning build (make test-tune) also checks each option through the engine, up to
// the settings a search ran with.
#include <doctest/doctest.h>

#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/options.h"
#include "engine/output.h"
#include "engine/uci.h"
#include "search/params.h"
#include "search/search.h"

using namespace vireo;

namespace {

// The value of parameter `name` in p (the tunable type), or -1 when there is none.
int value_of(TunableSearchParams& p, std::string_view name) {
    int found = -1;
    params::for_each(p, [&](const params::ParamInfo& info, int& v) {
        if (info.name == name) found = v;
    });
    return found;
}

// Every value of p, in the order of SEARCH_PARAMS.
std::vector<int> values(TunableSearchParams& p) {
    std::vector<int> all;
    params::for_each(p, [&](const params::ParamInfo&, int& v) { all.push_back(v); });
    return all;
}

// A value in range other than the default.
int other_value(const params::ParamInfo& info) { return info.value < info.max ? info.value + 1 : info.value - 1; }

}  // namespace

TEST_CASE("search parameters: the normal build reads constants, the tunable type starts at the same values") {
    // No speed cost: in a normal build SearchParams holds nothing at run time.
    if (!TUNE_BUILD) CHECK(std::is_empty_v<SearchParams>);
    TunableSearchParams p;
    std::size_t visited = 0;
    params::for_each(p, [&](const params::ParamInfo& info, int& v) {
        CAPTURE(info.name);
        CHECK(&info == &params::SEARCH_PARAMS[visited]);
        CHECK(v == info.value);
        ++visited;
    });
    CHECK(visited == params::SEARCH_PARAMS.size());
    // The constants, and the build's parameters as the search reads them, are the listed values (a few
    // by name, one of each kind; a retune that moves them updates these).
    const SearchParams read{};
    CHECK(BasicSearchParams<false>::lmrTableBase == 76);
    CHECK(read.lmrTableBase == 76);
    CHECK(BasicSearchParams<false>::tmMovesToGo == 25);
    CHECK(read.tmMovesToGo == 25);
    CHECK(BasicSearchParams<false>::historyBonusMax == 1650);
    CHECK(read.historyBonusMax == 1650);
}

TEST_CASE("search parameters: each spin option sets its own value, and out of range is refused with a note") {
    TunableSearchParams p;
    Options opts;
    UCIEngine::add_param_options(opts, p);
    const std::vector<std::string> lines = opts.uci_lines();
    REQUIRE(lines.size() == params::SEARCH_PARAMS.size());
    for (std::size_t i = 0; i < params::SEARCH_PARAMS.size(); ++i) {
        const params::ParamInfo& info = params::SEARCH_PARAMS[i];
        CAPTURE(info.name);
        const std::string name(info.name);
        CHECK(lines[i] == "option name " + name + " type spin default " + std::to_string(info.value) + " min " +
                              std::to_string(info.min) + " max " + std::to_string(info.max));
        // A value in range: taken silently, and no other parameter moves.
        const std::vector<int> before = values(p);
        CHECK(opts.set(name, std::to_string(other_value(info))) == "");
        CHECK(value_of(p, info.name) == other_value(info));
        std::vector<int> expected = before;
        expected[i] = other_value(info);
        CHECK(values(p) == expected);
        // The bounds themselves are values in range.
        CHECK(opts.set(name, std::to_string(info.min)) == "");
        CHECK(value_of(p, info.name) == info.min);
        CHECK(opts.set(name, std::to_string(info.max)) == "");
        CHECK(value_of(p, info.name) == info.max);
        // Out of range, or not a number: refused with a note for the user, and the value is kept (not
        // clamped to the nearest bound).
        CHECK(opts.set(name, std::to_string(other_value(info))) == "");
        const std::string above = opts.set(name, std::to_string(info.max + 1));
        CHECK(above.find("out of range") != std::string::npos);
        CHECK(value_of(p, info.name) == other_value(info));
        const std::string below = opts.set(name, std::to_string(info.min - 1));
        CHECK(below.find("out of range") != std::string::npos);
        CHECK(value_of(p, info.name) == other_value(info));
        CHECK(opts.set(name, "many") != "");
        CHECK(value_of(p, info.name) == other_value(info));
        // Back to the default for the next parameter's check.
        CHECK(opts.set(name, std::to_string(info.value)) == "");
    }
}

TEST_CASE("search parameters: the SPSA input lists each parameter once, in OpenBench's form") {
    const std::vector<std::string> lines = UCIEngine::format_spsa_input();
    REQUIRE(lines.size() == params::SEARCH_PARAMS.size());
    std::set<std::string> names;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const params::ParamInfo& info = params::SEARCH_PARAMS[i];
        CAPTURE(lines[i]);
        std::istringstream in(lines[i]);
        std::vector<std::string> fields;
        for (std::string f; std::getline(in, f, ',');) fields.push_back(f.substr(f.find_first_not_of(' ')));
        REQUIRE(fields.size() == 7);
        CHECK(fields[0] == info.name);
        CHECK(names.insert(fields[0]).second);
        CHECK(fields[1] == "int");
        CHECK(std::stoi(fields[2]) == info.value);
        CHECK(std::stoi(fields[3]) == info.min);
        CHECK(std::stoi(fields[4]) == info.max);
        const double step = std::stod(fields[5]);
        CHECK(step >= 0.5);
        CHECK(step == doctest::Approx(std::max(0.5, (info.max - info.min) / 20.0)));
        CHECK(fields[6] == "0.002");
    }
}

#ifdef VIREO_TUNE
TEST_CASE("search parameters (tuning build): each UCI option reaches the settings the search reads") {
    std::ostringstream text;
    Output out(text);
    UCIEngine uci(out);
    uci.execute("uci");
    for (const params::ParamInfo& info : params::SEARCH_PARAMS)
        CHECK_MESSAGE(text.str().find("option name " + std::string(info.name) + " type spin default " +
                                      std::to_string(info.value) + " min " + std::to_string(info.min) + " max " +
                                      std::to_string(info.max)) != std::string::npos,
                      info.name);
    for (const params::ParamInfo& info : params::SEARCH_PARAMS) {
        CAPTURE(info.name);
        const std::string name(info.name);
        text.str("");
        uci.execute("setoption name " + name + " value " + std::to_string(other_value(info)));
        CHECK(text.str().find("info string") == std::string::npos);
        CHECK(value_of(uci.engine().settings().params, info.name) == other_value(info));
        // A search started now reads the new value (the settings it started with).
        uci.execute("go depth 1");
        uci.engine().wait();
        TunableSearchParams searched = uci.engine().search_settings().params;
        CHECK(value_of(searched, info.name) == other_value(info));
        // Out of range: an info string, and the value is kept.
        text.str("");
        uci.execute("setoption name " + name + " value " + std::to_string(info.max + 1));
        CHECK(text.str().find("info string option " + name + " value " + std::to_string(info.max + 1) +
                              " is out of range " + std::to_string(info.min) + " to " + std::to_string(info.max) +
                              "; unchanged") != std::string::npos);
        CHECK(value_of(uci.engine().settings().params, info.name) == other_value(info));
        uci.execute("setoption name " + name + " value " + std::to_string(info.value));
        CHECK(value_of(uci.engine().settings().params, info.name) == info.value);
    }
}

TEST_CASE("search parameters (tuning build): the time options and the search's numbers reach the threads") {
    // The search threads read the parameters of the settings the search started with (Search::start).
    // Dropped on the way there, every option would still be taken and reported by the engine's
    // settings, and the search would run on the defaults: the time options would do nothing.
    std::ostringstream text;
    Output out(text);
    UCIEngine uci(out);
    Engine& engine = uci.engine();
    uci.execute("position startpos moves e2e4 c7c5");
    // The time plan of the search: from tmMovesToGo 60 and tmIncPercent 40 (25 and 75 by default).
    uci.execute("setoption name tmMovesToGo value 60");
    uci.execute("setoption name tmIncPercent value 40");
    uci.execute("go wtime 60000 btime 60000 winc 1000 binc 1000 depth 1");
    engine.wait();
    SearchLimits clock;
    clock.time[WHITE] = clock.time[BLACK] = 60000;
    clock.inc[WHITE] = clock.inc[BLACK] = 1000;
    TunableSearchParams set;
    set.tmMovesToGo = 60;
    set.tmIncPercent = 40;
    const TimePlan want = plan_time(clock, WHITE, engine.settings().moveOverhead, set);
    const TimePlan byDefault = plan_time(clock, WHITE, engine.settings().moveOverhead, TunableSearchParams{});
    REQUIRE(want.soft != byDefault.soft);
    CHECK(engine.time_plan().soft == want.soft);
    CHECK(engine.time_plan().hard == want.hard);
    uci.execute("setoption name tmMovesToGo value " + std::to_string(TunableSearchParams{}.tmMovesToGo));
    uci.execute("setoption name tmIncPercent value " + std::to_string(TunableSearchParams{}.tmIncPercent));
    // The numbers the threads read as they search: a depth-8 search from a new game searches other
    // nodes with another reverse futility margin, and the same again with the default.
    auto nodes = [&] {
        uci.execute("ucinewgame");
        uci.execute("go depth 8");
        engine.wait();
        std::uint64_t sum = 0;
        for (const std::uint64_t n : engine.thread_nodes()) sum += n;
        return sum;
    };
    const std::uint64_t before = nodes();
    uci.execute("setoption name rfpMargin value 40");
    const std::uint64_t changed = nodes();
    uci.execute("setoption name rfpMargin value " + std::to_string(TunableSearchParams{}.rfpMargin));
    CHECK(nodes() == before);
    CHECK(changed != before);
}
#endif
