// `vireo epd FILE`: a tactical test suite (EPD with bm/am operations), one timed search per position
// (Engine::epd_suite, engine/suite.cpp).
#pragma once

namespace vireo {

struct SuiteResult {
    int positions = 0, solved = 0, skipped = 0;
};

}  // namespace vireo
