// Fuzz harness: the chunk reader of the training data (eval/datafile.h; see harness.h).
#include <algorithm>

#include "eval/datafile.h"
#include "eval/evaluate.h"
#include "harness.h"
#include "movegen/position.h"

namespace vireo_fuzz {

namespace {

using namespace vireo;

// One record: refused with a reason, or unpacked into a sound position that packs and unpacks to
// itself.
void check_record(const PackedRecord& r) {
    Position pos;
    RecordInfo info;
    std::string fen;
    const auto fenErr = record_fen(r, fen);
    const auto err = unpack_record(r, pos, info);
    if (err) {
        FUZZ_CHECK(!err->empty(), "empty error message");
        return;
    }
    FUZZ_CHECK(!fenErr, "unpacked, though its FEN was refused: " + fenErr.value_or(""));
    const Board& b = pos.board();
    const std::string where = "record of " + fen + " read as " + pos.fen();
    FUZZ_CHECK(b.key == b.compute_key(), where);
    FUZZ_CHECK(b.pawnKey == b.compute_pawn_key(), where);
    FUZZ_CHECK(!pos.chess960(), where);
    FUZZ_CHECK(info.result <= WHITE_WINS, where);
    FUZZ_CHECK(info.score >= -32768 && info.score <= 32767, where);
    FUZZ_CHECK(info.ply >= 0 && info.ply <= 65535, where);
    // What the reader made of it is a position: it packs again and comes back the same.
    const PackedRecord again = pack_record(pos, info);
    Position back;
    RecordInfo backInfo;
    const auto backErr = unpack_record(again, back, backInfo);
    FUZZ_CHECK(!backErr, where + ": its own packing refused: " + backErr.value_or(""));
    FUZZ_CHECK(back.fen() == pos.fen(), where + " came back as " + back.fen());
    FUZZ_CHECK(back.key() == pos.key(), where);
    FUZZ_CHECK(backInfo.result == info.result && backInfo.ply == info.ply && backInfo.firstOfGame == info.firstOfGame,
               where);
    FUZZ_CHECK(backInfo.score == std::clamp(info.score, -32767, 32767), where);
    // The tuner evaluates it and the engine may search it: neither must trip over it.
    (void)evaluate(b);
    EvalCoefficients c;
    (void)WeightedEval(WEIGHTS).coefficients(b, c);
    (void)pos.legal_moves();
}

}  // namespace

int chunk_input(const std::uint8_t* data, std::size_t size) {
    ChunkHeader h;
    std::vector<PackedRecord> records;
    const auto err = parse_chunk(data, size, h, records);
    if (err) {
        FUZZ_CHECK(!err->empty(), "empty error message");
    } else {
        FUZZ_CHECK(size == DATA_HEADER_SIZE + std::size_t(h.count) * DATA_RECORD_SIZE,
                   "accepted a chunk whose size does not match its count");
        FUZZ_CHECK(records.size() == h.count, "records read != count");
        FUZZ_CHECK(h.version == DATA_VERSION, "accepted another version");
        for (std::size_t i = 0; i < records.size(); ++i)
            FUZZ_CHECK(std::equal(records[i].begin(), records[i].end(), data + DATA_HEADER_SIZE + i * DATA_RECORD_SIZE),
                       "record " + std::to_string(i) + " not the bytes of the file");
    }
    // Every whole record after the header goes through the record reader, whether or not the
    // header was accepted (so that the fuzzer need not find a sound header first).
    for (std::size_t at = DATA_HEADER_SIZE; at + DATA_RECORD_SIZE <= size; at += DATA_RECORD_SIZE) {
        PackedRecord r;
        std::copy(data + at, data + at + DATA_RECORD_SIZE, r.begin());
        check_record(r);
    }
    return 0;
}

}  // namespace vireo_fuzz
