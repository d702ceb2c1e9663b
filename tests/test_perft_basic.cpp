#include <doctest/doctest.h>

#include "movegen/perft.h"

using namespace vireo;

TEST_CASE("perft of the start position") {
    Position pos;
    CHECK(perft(pos, 1) == 20);
    CHECK(perft(pos, 2) == 400);
    CHECK(perft(pos, 3) == 8902);
    CHECK(perft(pos, 4) == 197281);
}
