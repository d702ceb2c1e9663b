// `vireo datagen`: training data for the evaluation tuner, made by Vireo playing itself.
//
// Game i (0, 1, 2, ...) draws everything random from its own generator, seeded from (seed, i): a
// line of the opening book (or the start position when there is none), then `randomPlies` uniformly
// random legal plies. An opening that ends the game, or whose first search says one side is ahead by
// more than OPENING_MAX_SCORE, is drawn again. Then both sides search `nodes` nodes per move (one
// search thread, a table of hashMB MB; table and statistics cleared at the start of each game), so a
// game depends only on (seed, i, nodes, randomPlies, book) and this build of the search, never on
// the thread that plays it.
//
// A game ends by checkmate, stalemate, threefold repetition, the fifty-move rule or insufficient
// material, or is adjudicated: won when the score is at least WIN_SCORE for the same side in
// WIN_PLIES consecutive searches (mate scores included); drawn when from ply DRAW_MIN_PLY on the score
// stays within +-DRAW_SCORE for DRAW_PLIES consecutive searches. A game still running at MAX_PLIES
// is dropped (its positions are not written).
//
// Every searched position is written (eval/datafile.h) unless it is in check, its best move
// captures or promotes, or its score is a mate score; the score is the search's, from White's view,
// and the result the game's.
//
// Games are grouped in chunks of n = gamesPerChunk: chunk c holds games c*n ... c*n+n-1 in order, and is
// written as a whole (under a temporary name, then renamed). Threads take whole chunks, lowest index
// first. A run skips the chunks already complete in its folder (every record readable:
// check_chunk; a corrupt chunk is made again), so an interrupted run, started again with the same
// settings, carries on and ends with the same files as an uninterrupted one. It stops when the
// chunks from 0 on hold at least `positions` positions, or after `games` games.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "search/tt.h"

namespace vireo {

inline constexpr int WIN_SCORE = 2000, WIN_PLIES = 4;
inline constexpr int DRAW_SCORE = 10, DRAW_PLIES = 10, DRAW_MIN_PLY = 80;
inline constexpr int MAX_PLIES = 600;
inline constexpr int OPENING_MAX_SCORE = 300, OPENING_TRIES = 100;

struct DatagenConfig {
    std::string outDir;
    std::string bookPath;  // PGN (.pgn) or one FEN/EPD a line; empty: no book
    std::uint64_t seed = 1;
    std::uint64_t nodes = 5000;
    int randomPlies = 8;
    int threads = 2;
    int hashMB = int(DEFAULT_HASH_MB);
    int gamesPerChunk = 100;
    std::uint64_t positions = 0;  // 0: no limit
    std::uint64_t games = 0;      // 0: no limit
    double progressSeconds = 10;  // between progress lines on the log
};

struct DatagenResult {
    std::optional<std::string> error;
    std::uint64_t chunksKept = 0, chunksMade = 0;
    std::uint64_t positionsKept = 0, positionsMade = 0;  // in the chunks kept and made
    std::uint64_t gamesMade = 0;
    double seconds = 0;
};

// Runs the generator; progress and messages go to `log`.
DatagenResult run_datagen(const DatagenConfig& config, std::ostream& log);

// The starting positions of an opening book, as FENs.
struct Openings {
    std::vector<std::string> fens;
    std::uint32_t checksum = 0;  // FNV-1a of the FENs (0 when there are none)
    int skipped = 0;             // games or lines that could not be read
};
// Reads a PGN book (every game's position after its last move; a file ending in .pgn) or a file of
// FEN/EPD lines.
std::optional<std::string> load_openings(const std::string& path, Openings& out);

// Counts the chunks, games, positions and results of a data folder (or one chunk) for `vireo
// datagen --stats`; returns an error when nothing could be read.
std::optional<std::string> data_stats(const std::string& path, std::ostream& out);

}  // namespace vireo
