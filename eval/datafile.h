// The training-data format of `vireo datagen` (engine/datagen.h) and of the tuner's reader: chunk
// files of fixed-size records, one per quiet position, with its search score and its game's result.
//
// A chunk file (chunk-NNNNNN.vdat, NNNNNN its index, six digits or more) is a 48-byte header
// followed by `count` records of 32 bytes. All integers are little-endian.
//
// Header (48 bytes):
//   0   8  magic "VIREODAT"
//   8   4  format version (DATA_VERSION = 1)
//   12  4  count: records that follow
//   16  8  seed of the run
//   24  8  nodes per move
//   32  4  chunk index (its first game is chunkIndex * gamesPerChunk)
//   36  2  games in this chunk
//   38  2  random plies after the book line
//   40  4  book checksum (FNV-1a of the book's positions; 0: no book)
//   44  4  games per chunk of the run
//
// Record (32 bytes):
//   0   8  occupancy: bit s set when square s (a1 = 0, b1 = 1, ..., h8 = 63) holds a piece
//   8  16  the pieces of the occupied squares in ascending square order, 4 bits each, the first in
//          the low half of byte 8: colour << 3 | type (0-5 white pawn, knight, bishop, rook, queen,
//          king; 8-13 black); the nibbles after the last piece are zero (at most 32 pieces)
//   24  1  bit 0 side to move (1: black); bits 1-4 castling rights (white O-O, white O-O-O, black
//          O-O, black O-O-O; rooks on their corner squares, standard chess only); bit 5: the first
//          record of its game; bits 6-7 zero
//   25  1  en-passant square (0-63) when a pawn of the side to move attacks it, else 255
//   26  1  halfmove clock (plies since the last capture or pawn move), at most 255
//   27  1  the game's result: 0 black won, 1 draw, 2 white won
//   28  2  search score, signed, in centipawns from White's point of view (never a mate score)
//   30  2  game ply (0: White's first move from the standard start; fullmove = ply / 2 + 1)
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "movegen/position.h"

namespace vireo {

inline constexpr std::uint32_t DATA_VERSION = 1;
inline constexpr std::size_t DATA_HEADER_SIZE = 48;
inline constexpr std::size_t DATA_RECORD_SIZE = 32;

using PackedRecord = std::array<std::uint8_t, DATA_RECORD_SIZE>;

enum DataResult : std::uint8_t { BLACK_WINS = 0, DRAWN = 1, WHITE_WINS = 2 };

// What a record says besides the board.
struct RecordInfo {
    int score = 0;  // centipawns, White's view
    DataResult result = DRAWN;
    int ply = 0;
    bool firstOfGame = false;
};

// Packs the current board of `pos` (standard chess) with its score and result.
PackedRecord pack_record(const Position& pos, const RecordInfo& info);
// The FEN of a record, or an error when the record is malformed.
std::optional<std::string> record_fen(const PackedRecord& r, std::string& fen);
// Unpacks a record into `pos` and `info`; an error leaves them unspecified.
std::optional<std::string> unpack_record(const PackedRecord& r, Position& pos, RecordInfo& info);

struct ChunkHeader {
    std::uint32_t version = DATA_VERSION;
    std::uint32_t count = 0;
    std::uint64_t seed = 0;
    std::uint64_t nodes = 0;
    std::uint32_t chunkIndex = 0;
    std::uint16_t games = 0;
    std::uint16_t randomPlies = 0;
    std::uint32_t bookChecksum = 0;
    std::uint32_t gamesPerChunk = 0;
};

// "chunk-000042.vdat" for index 42.
std::string chunk_file_name(std::uint32_t index);
// The index of a chunk file name (no folder), or nothing if it is not one.
std::optional<std::uint32_t> chunk_index_of(const std::string& fileName);

// Writes a complete chunk: to `path`.tmp, flushed to disk, then renamed to `path`, so that `path`
// exists only complete. Returns an error or nothing.
std::optional<std::string> write_chunk(const std::string& path, const ChunkHeader& h,
                                       const std::vector<PackedRecord>& records);
// A whole chunk of `size` bytes in memory: its header, checked (the magic, the version, a count of
// records that fills exactly the rest), and its records, not unpacked.
std::optional<std::string> parse_chunk(const std::uint8_t* data, std::size_t size, ChunkHeader& h,
                                       std::vector<PackedRecord>& records);
// Reads a chunk file and parses it as parse_chunk does; an error names the file.
std::optional<std::string> read_chunk(const std::string& path, ChunkHeader& h, std::vector<PackedRecord>& records);
// Reads a whole chunk and unpacks every record: an error names the first fault, in the header or a
// malformed record. What a resumed `vireo datagen` checks before it keeps a chunk.
std::optional<std::string> check_chunk(const std::string& path, ChunkHeader& h);
// The chunk files of a folder (or the one file named), in index order.
std::vector<std::string> chunk_files(const std::string& path);

}  // namespace vireo
