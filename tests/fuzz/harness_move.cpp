// Fuzz harness: move text, UCI and SAN (see harness.h).
#include <algorithm>
#include <iterator>
#include <string_view>

#include "harness.h"
#include "movegen/position.h"

namespace vireo_fuzz {

namespace {

using namespace vireo;

struct Start {
    const char* fen;
    bool chess960;
};

// Castling both ways, en passant, promotions with and without capture, SAN that needs a file or a
// rank to tell two pieces apart, and Chess960 castling (king takes rook).
constexpr Start STARTS[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false},
    {"1r2k2r/P6P/8/2N1N3/8/2N5/p6p/R3K2R b KQk - 0 1", false},
    {"4k3/8/8/3R4/8/8/8/R2QK2Q w - - 0 1", false},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", true},
    {"1r1k2r1/8/8/8/8/8/8/1R1K2R1 w GBgb - 0 1", true},
};
constexpr std::size_t START_COUNT = std::size(STARTS);

// A move a parser returned must be one the generator lists, pass is_legal, leave no own king
// attacked, and read back from its UCI text.
void check_legal(const Position& pos, Move m, std::string_view text, const char* parser) {
    const std::string where = pos.fen() + ": " + parser + "('" + std::string(text) + "')";
    const MoveList moves = pos.legal_moves();
    FUZZ_CHECK(std::find(moves.begin(), moves.end(), m) != moves.end(), where + " is not a legal move");
    FUZZ_CHECK(is_legal(pos.board(), pos.rules(), m), where);
    FUZZ_CHECK(pos.parse_move(pos.to_uci(m)) == m, where + " -> " + pos.to_uci(m));
    Position next = pos;
    next.do_move(m);
    const Board& nb = next.board();
    FUZZ_CHECK(!nb.attackers(nb.side, nb.king(~nb.side), nb.occupied()), where + " leaves the king attacked");
    FUZZ_CHECK(nb.key == nb.compute_key(), where);
}

}  // namespace

int move_input(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint8_t selector = data[0];
    std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    Position pos;
    const std::size_t which = selector % (START_COUNT + 1);
    if (which < START_COUNT) {
        const auto err = pos.set(STARTS[which].fen, STARTS[which].chess960);
        FUZZ_CHECK(!err, STARTS[which].fen);
    } else {
        // The first line is a FEN; bit 7 of the selector turns Chess960 on.
        const std::size_t nl = rest.find('\n');
        const std::string_view fen = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        if (pos.set(fen, (selector & 0x80) != 0)) return 0;
    }
    // One move text per line; a move either parser finds is played (UCI first).
    for (int plies = 0; !rest.empty() && plies < 300;) {
        const std::size_t nl = rest.find('\n');
        const std::string_view text = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        const Move uci = pos.parse_move(text);
        const Move san = pos.parse_san(text);
        if (uci) check_legal(pos, uci, text, "parse_move");
        if (san) check_legal(pos, san, text, "parse_san");
        if (const Move m = uci ? uci : san) {
            pos.play(m);  // up to 300 plies: game moves
            ++plies;
        }
    }
    return 0;
}

}  // namespace vireo_fuzz
