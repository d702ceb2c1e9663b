// `bench`: a fixed-depth search of a fixed set of positions (Engine::bench, engine/bench.cpp). Its
// node count is the engine's signature: any change of search or evaluation behaviour changes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "movegen/types.h"

namespace vireo {

// One searched position.
struct BenchPosition {
    int index = 0, count = 0;  // 1-based
    std::string fen;
    Move best = Move::none();
    std::uint64_t nodes = 0;
};

struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t ms = 0;
    std::uint64_t pawnProbes = 0, pawnHits = 0;  // the evaluation's pawn tables, all positions together
};

inline constexpr int BENCH_DEPTH = 13;
// The depths `bench [depth]` accepts (the UCI command and `vireo bench`).
inline constexpr int BENCH_MIN_DEPTH = 1, BENCH_MAX_DEPTH = 64;
// The table of every bench search, whatever the Hash setting: part of the signature, so apart from
// the Hash option's default (DEFAULT_HASH_MB, search/tt.h), which may change without changing it.
inline constexpr std::size_t BENCH_HASH_MB = 16;

}  // namespace vireo
