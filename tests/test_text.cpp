// Words and whole decimal numbers read from text (movegen/text.h): what the FEN parser, the UCI
// commands and options, and the command line accept and refuse.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "movegen/text.h"

using namespace vireo;

namespace {

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    for (std::string_view w : tokenize(text)) out.emplace_back(w);
    return out;
}

}  // namespace

TEST_CASE("tokenize: words between spaces, tabs, line ends and NUL bytes, none empty") {
    using W = std::vector<std::string>;
    CHECK(words("") == W{});
    CHECK(words(" \t\r\n\v\f") == W{});
    CHECK(words("go") == W{"go"});
    CHECK(words("  go  depth\t5\r\n") == W{"go", "depth", "5"});
    CHECK(words(std::string("is\0ready", 8)) == W{"is", "ready"});
    CHECK(words("8/8/8/8/8/8/8/K6k w - - 0 1") == W{"8/8/8/8/8/8/8/K6k", "w", "-", "-", "0", "1"});
    // Views into the text itself, not copies.
    const std::string_view text = "a bc";
    const auto t = tokenize(text);
    REQUIRE(t.size() == 2);
    CHECK(t[1].data() == text.data() + 2);
}

TEST_CASE("read_int: whole decimal numbers in range") {
    CHECK(read_int("0").value == 0);
    CHECK(read_int("0").status == IntReading::OK);
    CHECK(read_int("42").value == 42);
    CHECK(read_int("-42").value == -42);
    CHECK(read_int("007").value == 7);
    CHECK(read_int("-0").value == 0);
    CHECK(read_int("9223372036854775807").value == INT64_MAX);
    CHECK(read_int("-9223372036854775808").value == INT64_MIN);
    CHECK(bool(read_int("5", 5, 5)));
    CHECK(read_int("5", 5, 5).value == 5);
}

TEST_CASE("read_int: not a number (empty, a sign alone or '+', spaces, trailing or other characters)") {
    for (const char* text : {"", "-", "+", "+5", " 5", "5 ", "5x", "x5", "--5", "5-", "1.5", "1e3", "0x10", "five",
                             "99999999999999999999x", "-99999999999999999999 "}) {
        const IntReading r = read_int(text, 0, 100);
        CHECK_MESSAGE(r.status == IntReading::NOT_A_NUMBER, '"', text, '"');
        CHECK_MESSAGE(!r, '"', text, '"');
        CHECK_MESSAGE(r.value == 0, '"', text, '"');
    }
}

TEST_CASE("read_int: out of range, 64-bit overflow included, reports the bound passed") {
    const IntReading below = read_int("0", 1, 64), above = read_int("65", 1, 64);
    CHECK(below.status == IntReading::BELOW);
    CHECK(below.value == 1);
    CHECK_FALSE(below);
    CHECK(above.status == IntReading::ABOVE);
    CHECK(above.value == 64);
    CHECK_FALSE(above);
    CHECK(read_int("-1", 0, 10).status == IntReading::BELOW);
    CHECK(read_int("11", 0, 10).status == IntReading::ABOVE);
    // Past 64 bits: still a number, on the side its sign says.
    const IntReading huge = read_int("99999999999999999999", 1, 64), tiny = read_int("-99999999999999999999", 1, 64);
    CHECK(huge.status == IntReading::ABOVE);
    CHECK(huge.value == 64);
    CHECK(tiny.status == IntReading::BELOW);
    CHECK(tiny.value == 1);
    CHECK(read_int("9223372036854775808").status == IntReading::ABOVE);
    CHECK(read_int("-9223372036854775809").status == IntReading::BELOW);
}
