// `vireo datagen` (engine/datagen.h) and its data format (eval/datafile.h): records round-trip,
// runs are deterministic whatever the thread count, an interrupted run resumes to the same files,
// what is written is quiet, legal and read back by the tuner, and its results and scores mean what
// they say (a side far ahead wins, with scores for it from White's point of view). Hostile data (bad
// chunks, a malformed record) is reported and skipped by the reader and made again on resume.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "engine/datagen.h"
#include "eval/datafile.h"
#include "eval/tuner/tuner.h"
#include "perft_suite.h"
#include "search/search.h"

using namespace vireo;
namespace fs = std::filesystem;

namespace {

// A fresh folder under the system's temporary one, removed with the object.
struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& name) {
        static int counter = 0;
        path = fs::temp_directory_path() /
               ("vireo-datagen-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string str() const { return path.string(); }
};

std::string file_bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// name -> bytes of every file in a folder.
std::map<std::string, std::string> folder_bytes(const fs::path& dir) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out[e.path().filename().string()] = file_bytes(e.path());
    return out;
}

// Two tiny games of 300 nodes a move, one per chunk.
DatagenConfig tiny(const std::string& dir, int threads) {
    DatagenConfig c;
    c.outDir = dir;
    c.seed = 7;
    c.nodes = 300;
    c.randomPlies = 8;
    c.threads = threads;
    c.hashMB = 1;
    c.gamesPerChunk = 1;
    c.games = 2;
    return c;
}

DatagenResult run(const DatagenConfig& c) {
    std::ostringstream log;
    DatagenResult r = run_datagen(c, log);
    INFO(log.str());
    REQUIRE_FALSE(r.error);
    return r;
}

}  // namespace

TEST_CASE("datagen records round-trip: the same FEN, key, score, result and ply") {
    const vireo_test::PerftSuite suite = vireo_test::load_perft_suite("standard.epd");
    std::mt19937 rng(11);
    std::vector<PackedRecord> records;
    std::vector<std::string> fens;
    std::vector<RecordInfo> infos;
    for (const auto& line : suite.lines) {
        Position p;
        REQUIRE_FALSE(p.set(line.fen));
        for (int ply = 0; ply < 10; ++ply) {
            RecordInfo info;
            info.score = int(rng() % 4001) - 2000;
            info.result = DataResult(rng() % 3);
            info.ply = p.game_ply();
            info.firstOfGame = ply == 0;
            records.push_back(pack_record(p, info));
            fens.push_back(p.fen());
            infos.push_back(info);
            const MoveList moves = p.legal_moves();
            if (moves.empty()) break;
            p.play(moves.moves[rng() % moves.size()]);
        }
    }
    REQUIRE(records.size() > 1000);

    // Through a chunk file and back.
    TempDir dir("roundtrip");
    const std::string file = (dir.path / chunk_file_name(3)).string();
    ChunkHeader h;
    h.seed = 99;
    h.nodes = 1234;
    h.chunkIndex = 3;
    h.games = 5;
    h.randomPlies = 6;
    h.bookChecksum = 0xABCDEF01u;
    h.gamesPerChunk = 5;
    REQUIRE_FALSE(write_chunk(file, h, records));
    CHECK_FALSE(fs::exists(file + ".tmp"));
    CHECK(fs::file_size(file) == DATA_HEADER_SIZE + records.size() * DATA_RECORD_SIZE);
    ChunkHeader back;
    std::vector<PackedRecord> read;
    REQUIRE_FALSE(read_chunk(file, back, read));
    CHECK(back.count == records.size());
    CHECK(back.seed == 99);
    CHECK(back.nodes == 1234);
    CHECK(back.chunkIndex == 3);
    CHECK(back.games == 5);
    CHECK(back.randomPlies == 6);
    CHECK(back.bookChecksum == 0xABCDEF01u);
    CHECK(back.gamesPerChunk == 5);
    REQUIRE(read.size() == records.size());
    Position pos;
    for (std::size_t i = 0; i < read.size(); ++i) {
        RecordInfo info;
        const auto err = unpack_record(read[i], pos, info);
        INFO(fens[i]);
        REQUIRE_FALSE(err);
        CHECK(pos.fen() == fens[i]);
        Position original;
        REQUIRE_FALSE(original.set(fens[i]));
        CHECK(pos.key() == original.key());
        CHECK(info.score == infos[i].score);
        CHECK(info.result == infos[i].result);
        CHECK(info.ply == infos[i].ply);
        CHECK(info.firstOfGame == infos[i].firstOfGame);
    }

    // Malformed records and files are refused, not misread.
    RecordInfo junk;
    PackedRecord bad = records[0];
    bad[8] = 0x77;  // piece code 7: no piece
    CHECK(unpack_record(bad, pos, junk));
    bad = records[0];
    bad[27] = 3;  // no such result
    CHECK(unpack_record(bad, pos, junk));
    bad = records[0];
    bad[24] |= 0x80;  // an unknown flag
    CHECK(unpack_record(bad, pos, junk));
    fs::resize_file(file, fs::file_size(file) - 1);
    CHECK(read_chunk(file, back, read));
    CHECK(chunk_index_of("chunk-000042.vdat") == std::optional<std::uint32_t>(42));
    CHECK(chunk_index_of("chunk-1234567.vdat") == std::optional<std::uint32_t>(1234567));
    CHECK_FALSE(chunk_index_of("chunk-42.vdat"));
    CHECK_FALSE(chunk_index_of("chunk-000042.vdat.tmp"));
}

TEST_CASE("datagen reads opening books: PGN lines and FEN/EPD lines") {
    TempDir dir("book");
    const fs::path pgn = dir.path / "book.pgn", epd = dir.path / "book.epd";
    std::ofstream(pgn) << "[Event \"a\"]\n[Result \"1/2-1/2\"]\n\n1. e4 {comment} e5 2. Nf3 (2. f4) Nc6 1/2-1/2\n\n"
                       << "[Event \"bad\"]\n\n1. e4 e4 *\n\n"
                       << "[Event \"b\"]\n\n1.d4 d5 2.c4 *\n";
    std::ofstream(epd) << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";\n"
                       << "# a comment\n\n"
                       << "4k3/8/8/8/8/8/4P3/4K3 w - - 3 40\n"
                       << "not a fen\n";
    Openings book;
    REQUIRE_FALSE(load_openings(pgn.string(), book));
    REQUIRE(book.fens.size() == 2);
    CHECK(book.skipped == 1);
    CHECK(book.fens[0] == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    CHECK(book.fens[1] == "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2");
    CHECK(book.checksum != 0);
    Openings lines;
    REQUIRE_FALSE(load_openings(epd.string(), lines));
    REQUIRE(lines.fens.size() == 2);
    CHECK(lines.skipped == 1);
    CHECK(lines.fens[1] == "4k3/8/8/8/8/8/4P3/4K3 w - - 3 40");
    CHECK(lines.checksum != book.checksum);
    CHECK(load_openings((dir.path / "missing.pgn").string(), lines));
}

TEST_CASE("datagen writes quiet, legal positions with consistent results, which the tuner reads") {
    TempDir dir("quiet");
    DatagenConfig c = tiny(dir.str(), 1);
    c.games = 3;
    c.gamesPerChunk = 2;
    const DatagenResult r = run(c);
    CHECK(r.chunksMade == 2);
    CHECK(r.gamesMade == 3);
    REQUIRE(r.positionsMade > 20);
    const auto files = chunk_files(dir.str());
    REQUIRE(files.size() == 2);
    std::uint64_t total = 0;
    int gamesSeen = 0;
    for (std::size_t f = 0; f < files.size(); ++f) {
        ChunkHeader h;
        std::vector<PackedRecord> records;
        REQUIRE_FALSE(read_chunk(files[f], h, records));
        CHECK(h.chunkIndex == f);
        CHECK(h.games == (f == 0 ? 2 : 1));
        CHECK(h.seed == 7);
        CHECK(h.nodes == 300);
        total += records.size();
        Position pos;
        int lastPly = -1;
        DataResult gameResult = DRAWN;
        for (const PackedRecord& rec : records) {
            RecordInfo info;
            REQUIRE_FALSE(unpack_record(rec, pos, info));
            CHECK_FALSE(pos.in_check());
            CHECK_FALSE(pos.legal_moves().empty());
            CHECK(std::abs(info.score) < VALUE_MATE_IN_MAX_PLY);
            if (info.firstOfGame) {
                ++gamesSeen;
                gameResult = info.result;
                CHECK(info.ply >= c.randomPlies);
            } else {
                CHECK(info.ply > lastPly);  // a game's positions in the order played
                CHECK(info.result == gameResult);
            }
            lastPly = info.ply;
        }
    }
    CHECK(total == r.positionsMade);
    CHECK(gamesSeen == 3);

    // The tuner reads the folder as it reads PGN: the same positions (less repeats), with results
    // and scores.
    std::vector<tuner::Sample> samples;
    std::unordered_set<Key> seen;
    const tuner::DataStats st = tuner::read_data(dir.str(), tuner::PgnFilter{0}, samples, seen);
    CHECK(st.chunks == 2);
    CHECK(st.badChunks == 0);
    CHECK(st.badRecords == 0);
    // Every record is kept, a repeat, or a specialised ending the tuner leaves out (eval/endgame.h).
    CHECK(std::uint64_t(st.positions + st.duplicates + st.endings) == total);
    REQUIRE(samples.size() == std::size_t(st.positions));
    for (const auto& s : samples) {
        CHECK((s.result == 0.0f || s.result == 0.5f || s.result == 1.0f));
        CHECK(s.score != tuner::Sample::NO_SCORE);
    }
    std::ostringstream stats;
    REQUIRE_FALSE(data_stats(dir.str(), stats));
    CHECK(stats.str().find("positions " + std::to_string(total) + " ") != std::string::npos);
}

TEST_SUITE_BEGIN("threads");

TEST_CASE("datagen is deterministic with 1 and 2 threads, and resumes to the same files") {
    TempDir one("one"), two("two"), other("other");
    const DatagenResult r1 = run(tiny(one.str(), 1));
    const DatagenResult r2 = run(tiny(two.str(), 2));
    CHECK(r1.chunksMade == 2);
    CHECK(r2.chunksMade == 2);
    const auto a = folder_bytes(one.path), b = folder_bytes(two.path);
    REQUIRE(a.size() == 2);
    CHECK(a.count(chunk_file_name(0)) == 1);
    CHECK(a.count(chunk_file_name(1)) == 1);
    CHECK(a == b);
    CHECK(a.at(chunk_file_name(0)).size() > DATA_HEADER_SIZE);
    CHECK(a.at(chunk_file_name(0)).substr(DATA_HEADER_SIZE) != a.at(chunk_file_name(1)).substr(DATA_HEADER_SIZE));

    // Another seed, other games.
    DatagenConfig c = tiny(other.str(), 2);
    c.seed = 8;
    run(c);
    CHECK(folder_bytes(other.path) != a);

    // An interrupted run: a chunk missing, a stale temporary file. The rerun makes only that chunk,
    // the same bytes.
    fs::remove(two.path / chunk_file_name(1));
    std::ofstream(two.path / (chunk_file_name(1) + ".tmp")) << "half a chunk";
    const DatagenResult again = run(tiny(two.str(), 2));
    CHECK(again.chunksKept == 1);
    CHECK(again.chunksMade == 1);
    CHECK(again.gamesMade == 1);
    CHECK(folder_bytes(two.path) == a);

    // Nothing missing: nothing played.
    const DatagenResult nothing = run(tiny(two.str(), 2));
    CHECK(nothing.chunksKept == 2);
    CHECK(nothing.gamesMade == 0);

    // A folder made with other settings is refused.
    DatagenConfig changed = tiny(two.str(), 1);
    changed.nodes = 301;
    std::ostringstream log;
    CHECK(run_datagen(changed, log).error);
    CHECK(folder_bytes(two.path) == a);
}

TEST_CASE("datagen stops at --positions: the chunks from 0 on that first hold enough") {
    TempDir dir("positions");
    DatagenConfig c = tiny(dir.str(), 2);
    c.games = 0;
    c.positions = 1;  // chunk 0 holds enough: chunk 1, begun by the other thread, is abandoned
    const DatagenResult r = run(c);
    CHECK(r.chunksMade == 1);
    const auto files = folder_bytes(dir.path);
    CHECK(files.size() == 1);
    CHECK(files.count(chunk_file_name(0)) == 1);
    // The same chunk as a run limited by games.
    TempDir ref("positions-ref");
    DatagenConfig g = tiny(ref.str(), 1);
    g.games = 1;
    run(g);
    CHECK(folder_bytes(ref.path) == files);
}

TEST_SUITE_END();

namespace {

// A run of `games` games, one chunk, from a book of the one position `fen`, no random plies.
DatagenConfig from_book(const TempDir& dir, const std::string& fen, int games) {
    const fs::path book = dir.path / "book.epd";
    std::ofstream(book) << fen << "\n";
    DatagenConfig c = tiny((dir.path / "data").string(), 1);
    c.bookPath = book.string();
    c.randomPlies = 0;
    c.games = std::uint64_t(games);
    c.gamesPerChunk = games;
    return c;
}

// Every record of a data folder, unpacked: the FEN and what the record says.
std::vector<std::pair<std::string, RecordInfo>> records_of(const std::string& dir) {
    std::vector<std::pair<std::string, RecordInfo>> out;
    for (const std::string& file : chunk_files(dir)) {
        ChunkHeader h;
        std::vector<PackedRecord> records;
        REQUIRE_FALSE(read_chunk(file, h, records));
        Position pos;
        for (const PackedRecord& r : records) {
            RecordInfo info;
            REQUIRE_FALSE(unpack_record(r, pos, info));
            out.emplace_back(pos.fen(), info);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("datagen's labels: a side far ahead wins, and its scores are positive from White's point of view") {
    // White a queen, two rooks and two knights up, with White to move; then the same position with
    // the colours swapped (Black to move and far ahead). Records hold the score from White's point
    // of view (eval/datafile.h), whichever side is to move, and the game's result.
    struct Case {
        const char* fen;
        DataResult result;
        int sign;  // of every score, White's view
    };
    for (const Case& k : {Case{"2b1kb2/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", WHITE_WINS, +1},
                          Case{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 b kq - 0 1", BLACK_WINS, -1}}) {
        CAPTURE(k.fen);
        TempDir dir("labels");
        const DatagenConfig c = from_book(dir, k.fen, 2);
        const DatagenResult r = run(c);
        CHECK(r.gamesMade == 2);
        const auto records = records_of(c.outDir);
        REQUIRE(records.size() >= 2);
        int whiteToMove = 0, blackToMove = 0, firsts = 0;
        for (const auto& record : records) {
            const std::string& fen = record.first;  // a named variable: clang 14 cannot capture a binding
            const auto& info = record.second;
            CAPTURE(fen);
            CHECK(info.result == k.result);
            CHECK(info.score * k.sign > 300);  // far ahead, not a few centipawns either way
            if (fen.find(" w ") != std::string::npos) ++whiteToMove;
            else ++blackToMove;
            if (info.firstOfGame) {
                ++firsts;
                CHECK(fen == k.fen);  // the book position, as no random plies follow it
            }
        }
        CHECK(firsts == 2);
        // Both sides' searches are written: the score's point of view is tried both ways.
        CHECK(whiteToMove > 0);
        CHECK(blackToMove > 0);

        // The tuner reads the result for White: 1 when White won, 0 when Black did, and the score too.
        std::vector<tuner::Sample> samples;
        std::unordered_set<Key> seen;
        const tuner::DataStats st = tuner::read_data(c.outDir, tuner::PgnFilter{0}, samples, seen);
        CHECK(st.badRecords == 0);
        REQUIRE_FALSE(samples.empty());
        for (const auto& s : samples) {
            CHECK(s.result == (k.result == WHITE_WINS ? 1.0f : 0.0f));
            CHECK(s.score * k.sign > 300);
        }
    }
}

namespace {

void patch(const fs::path& file, std::size_t offset, const std::string& bytes) {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    REQUIRE(f);
    f.seekp(std::streamoff(offset));
    f.write(bytes.data(), std::streamsize(bytes.size()));
    REQUIRE(f);
}

std::string le32(std::uint32_t v) {
    std::string s;
    for (int i = 0; i < 4; ++i) s += char((v >> (8 * i)) & 0xFF);
    return s;
}

}  // namespace

TEST_CASE("hostile training data: bad chunks are reported and skipped, good records kept, and remade on resume") {
    // Five chunks of one game each (a side far ahead: short games), then four of them spoilt.
    TempDir dir("hostile");
    DatagenConfig c = from_book(dir, "2b1kb2/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", 5);
    c.gamesPerChunk = 1;
    c.randomPlies = 2;  // five different games
    run(c);
    const fs::path folder = c.outDir;
    const auto made = folder_bytes(folder);
    REQUIRE(made.size() == 5);
    auto chunk = [&](int i) { return folder / chunk_file_name(std::uint32_t(i)); };
    std::vector<std::vector<PackedRecord>> records(5);
    for (int i = 0; i < 5; ++i) {
        ChunkHeader h;
        REQUIRE_FALSE(read_chunk(chunk(i).string(), h, records[std::size_t(i)]));
        REQUIRE(records[std::size_t(i)].size() >= 2);
    }

    patch(chunk(1), 0, "X");                                          // bad magic
    patch(chunk(2), 8, le32(DATA_VERSION + 1));                       // another version
    patch(chunk(3), 12, le32(std::uint32_t(records[3].size() + 1)));  // count != size
    // Chunk 4 keeps its size, but its second record's first piece that is not a king becomes a
    // white king: three kings.
    PackedRecord& bad = records[4][1];
    Bitboard occupied = 0;
    for (int i = 0; i < 8; ++i) occupied |= Bitboard(bad[std::size_t(i)]) << (8 * i);
    const int pieces = popcount(occupied);
    bool spoilt = false;
    for (int i = 0; i < pieces && !spoilt; ++i) {
        std::uint8_t& byte = bad[std::size_t(8 + i / 2)];
        const int shift = 4 * (i % 2), code = (byte >> shift) & 15;
        if ((code & 7) == KING) continue;
        byte = std::uint8_t((byte & ~(15 << shift)) | (KING << shift));
        spoilt = true;
    }
    REQUIRE(spoilt);
    {
        Position pos;
        RecordInfo info;
        const auto err = unpack_record(bad, pos, info);
        REQUIRE(err);
        CHECK(err->find("king") != std::string::npos);
    }
    patch(chunk(4), DATA_HEADER_SIZE + DATA_RECORD_SIZE, std::string(bad.begin(), bad.end()));
    CHECK(fs::file_size(chunk(4)) == made.at(chunk_file_name(4)).size());

    // The tuner's reader: three chunks refused, each named with its fault; one record refused; the
    // records of chunk 0 and the other records of chunk 4 kept.
    std::vector<tuner::Sample> samples;
    std::unordered_set<Key> seen;
    const tuner::DataStats st = tuner::read_data(folder.string(), tuner::PgnFilter{0}, samples, seen);
    CHECK(st.chunks == 2);
    CHECK(st.badChunks == 3);
    CHECK(st.badRecords == 1);
    REQUIRE(st.errors.size() == 3);
    const char* faults[] = {"bad magic", "data format version", "size does not match"};
    for (int i = 0; i < 3; ++i) {
        CAPTURE(st.errors[std::size_t(i)]);
        CHECK(st.errors[std::size_t(i)].find(chunk_file_name(std::uint32_t(i + 1))) != std::string::npos);
        CHECK(st.errors[std::size_t(i)].find(faults[i]) != std::string::npos);
    }
    std::unordered_set<Key> good;
    for (int i : {0, 4})
        for (std::size_t j = 0; j < records[std::size_t(i)].size(); ++j) {
            if (i == 4 && j == 1) continue;
            Position pos;
            RecordInfo info;
            REQUIRE_FALSE(unpack_record(records[std::size_t(i)][j], pos, info));
            good.insert(pos.key());
        }
    CHECK(std::size_t(st.positions + st.duplicates + st.endings) == records[0].size() + records[4].size() - 1);
    CHECK(samples.size() == good.size());
    for (const auto& s : samples) CHECK(good.count(s.board.key) == 1);

    // `vireo datagen --stats` says the same.
    std::ostringstream stats;
    REQUIRE_FALSE(data_stats(folder.string(), stats));
    CHECK(stats.str().find("chunks 2 (3 unreadable)") != std::string::npos);
    CHECK(stats.str().find("(1 malformed)") != std::string::npos);

    // A resumed run keeps only the sound chunk and makes the four others again, as they were.
    const DatagenResult again = run(c);
    CHECK(again.chunksKept == 1);
    CHECK(again.chunksMade == 4);
    CHECK(folder_bytes(folder) == made);
}
