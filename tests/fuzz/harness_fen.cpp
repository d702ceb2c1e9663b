// Fuzz harness: FEN parsing (see harness.h).
#include <algorithm>
#include <string_view>
#include <vector>

#include "eval/evaluate.h"
#include "harness.h"
#include "movegen/perft.h"
#include "movegen/position.h"

namespace vireo_fuzz {

namespace {

using namespace vireo;

std::vector<std::uint16_t> sorted_raw(const MoveList& list) {
    std::vector<std::uint16_t> raw;
    for (Move m : list) raw.push_back(m.raw());
    std::sort(raw.begin(), raw.end());
    return raw;
}

// Everything that must hold of a position set up from an accepted FEN.
void check_accepted(const Position& pos, bool chess960) {
    const std::string fen = pos.fen();
    const Board& b = pos.board();
    FUZZ_CHECK(b.key == b.compute_key(), fen);
    FUZZ_CHECK(b.pawnKey == b.compute_pawn_key(), fen);
    FUZZ_CHECK(pos.chess960() == chess960, fen);

    // fen(set(fen(x))) == fen(x), and the same position (key) comes back.
    Position again;
    const auto err = again.set(fen, chess960);
    FUZZ_CHECK(!err, "fen() output rejected: " + fen + ": " + err.value_or(""));
    FUZZ_CHECK(again.fen() == fen, fen + " came back as " + again.fen());
    FUZZ_CHECK(again.key() == pos.key(), fen);

    // Every legal move can be played; it leaves no own king attacked, keeps the keys right and
    // survives its own text. Perft's bulk counting agrees with playing the moves out.
    const MoveList moves = pos.legal_moves();
    std::uint64_t grandchildren = 0;
    for (Move m : moves) {
        const std::string text = pos.to_uci(m);
        FUZZ_CHECK(pos.parse_move(text) == m, fen + ": " + text);
        Position next = pos;
        next.do_move(m);
        const Board& nb = next.board();
        FUZZ_CHECK(nb.key == nb.compute_key(), fen + " after " + text);
        FUZZ_CHECK(nb.pawnKey == nb.compute_pawn_key(), fen + " after " + text);
        FUZZ_CHECK(!nb.attackers(nb.side, nb.king(~nb.side), nb.occupied()),
                   fen + ": " + text + " leaves the king attacked");
        grandchildren += std::uint64_t(next.legal_moves().size());
    }
    FUZZ_CHECK(perft(pos, 1) == std::uint64_t(moves.size()), fen);
    FUZZ_CHECK(perft(pos, 2) == grandchildren, fen);

    // The rest of what reads a position must not trip over it.
    (void)evaluate(b);
    (void)eval_trace(b);
    (void)pos.pretty();
    (void)pos.is_draw(0);
    (void)pos.insufficient_material();
}

}  // namespace

int fen_input(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string standardFen;
    std::vector<std::uint16_t> standardMoves;
    for (bool chess960 : {false, true}) {
        Position pos;
        const std::string before = pos.fen();
        const auto err = pos.set(text, chess960);
        if (err) {
            FUZZ_CHECK(!err->empty(), "empty error message");
            FUZZ_CHECK(pos.fen() == before, "a rejected FEN changed the position to " + pos.fen());
            // What standard chess accepts, Chess960 accepts too (it only drops the e-file and
            // corner requirements of castling).
            FUZZ_CHECK(!chess960 || standardFen.empty(),
                       "accepted in standard chess only: " + standardFen + ": " + *err);
            continue;
        }
        check_accepted(pos, chess960);
        if (!chess960) {
            standardFen = pos.fen();
            standardMoves = sorted_raw(pos.legal_moves());
        } else if (!standardFen.empty()) {
            FUZZ_CHECK(pos.fen() == standardFen, standardFen + " vs " + pos.fen());
            FUZZ_CHECK(sorted_raw(pos.legal_moves()) == standardMoves, "moves differ with Chess960 on: " + standardFen);
        }
    }
    return 0;
}

}  // namespace vireo_fuzz
