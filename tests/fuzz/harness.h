// The fuzz targets' harnesses: each takes one input of bytes, drives a part of the engine with it,
// and checks what must hold whatever the input. A broken check prints why and aborts, which
// libFuzzer reports as a crash (and the replay test in tests/test_fuzz_replay.cpp as a failure).
//
// Built twice: into the libFuzzer binaries fuzz_<target> (tests/fuzz/main.cpp, make fuzz), and into
// the test suite, which replays the seed corpora and the regression inputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace vireo_fuzz {

// FEN text: Position::set with Chess960 off and on; an accepted FEN must round-trip through fen()
// and give a consistent position whose legal moves can be played and counted.
int fen_input(const std::uint8_t* data, std::size_t size);

// Move text: the first byte picks one of a few fixed positions or a FEN given on the first line;
// every further line goes through parse_move and parse_san, and whatever they return must be legal
// (and is played, so that the lines walk a game).
int move_input(const std::uint8_t* data, std::size_t size);

// UCI command lines fed to the command handler in-process, output to a string. Searches are kept
// tiny (depth 3, 2000 nodes), tables small and no log file is opened; every search must end with
// one legal bestmove.
int uci_input(const std::uint8_t* data, std::size_t size);

// A chunk of training data (eval/datafile.h) in memory: parse_chunk must refuse it with a reason,
// or accept it only when its size matches its count; every 32-byte record after the header (accepted
// or not) is unpacked, and one that is accepted must be a sound position that packs back to itself,
// and be evaluated without harm.
int chunk_input(const std::uint8_t* data, std::size_t size);

[[noreturn]] inline void fail(const char* file, int line, const char* condition, const std::string& detail) {
    std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n  %s\n", file, line, condition, detail.c_str());
    std::fflush(stderr);
    std::abort();
}

}  // namespace vireo_fuzz

#define FUZZ_CHECK(condition, detail)                                                   \
    do {                                                                                \
        if (!(condition)) ::vireo_fuzz::fail(__FILE__, __LINE__, #condition, (detail)); \
    } while (0)
