// Position: a game from a FEN onwards - the keys of the game's earlier positions, a stack of Boards
// for the moves that are taken back (copy-make: undo is a pop), the castling rules of the game, and
// FEN and move text in and out.
//
// Two ways to move:
//   - play(m): a game move that stays (UCI "position ... moves", replaying a game). The current
//     board becomes the base of the stack; earlier positions keep only their keys (for repetitions).
//     Any number of plies.
//   - do_move(m) / do_null_move() ... undo_move(): search and other walks that come back. The boards
//     live in a fixed array inside the Position, so a reference from board() stays valid (and keeps
//     its board) across later do_move calls until that board is undone. At most STACK_CAPACITY - 1
//     boards above the base: a search starts with (almost) nothing on the stack and goes less than
//     MAX_PLY plies deep, which leaves STACK_CAPACITY - MAX_PLY spare for moves done before it.
#pragma once

#include <array>
#include <cassert>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "movegen.h"

namespace vireo {

inline constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class Position {
public:
    Position();  // the start position

    // Sets up a FEN (standard, X-FEN or Shredder-FEN castling). On error returns the reason and leaves
    // the position as it was.
    [[nodiscard]] std::optional<std::string> set(std::string_view fen, bool chess960 = false);
    std::string fen() const;

    // Stays valid across do_move (the board is not moved) until it is undone, set() or play().
    const Board& board() const { return stack[top]; }
    const CastlingRules& rules() const { return castlingRules; }
    Color side_to_move() const { return board().side; }
    Key key() const { return board().key; }
    bool chess960() const { return castlingRules.chess960; }
    bool in_check() const { return board().checkers() != 0; }
    // Plies since the start of the game (from the FEN's move number).
    int game_ply() const { return startPly + plies_played(); }
    // Plies played since set() (by play and by do_move / do_null_move not yet undone).
    int plies_played() const { return int(history.size()) + top; }
    // Boards above the base of the stack: the do_move / do_null_move calls not yet undone.
    int stack_depth() const { return top; }

    // Room for the base board and STACK_CAPACITY - 1 boards above it: a search of MAX_PLY plies
    // from a root with up to STACK_CAPACITY - 1 - MAX_PLY (9) boards on the stack.
    static constexpr int STACK_CAPACITY = MAX_PLY + 10;

    // A game move (legal) that is not taken back: the earlier positions keep only their keys.
    void play(Move m);
    // m must be legal, and stack_depth() < STACK_CAPACITY - 1 (asserted).
    void do_move(Move m) {
        assert(top + 1 < STACK_CAPACITY && "do_move beyond the stack: use play() for game moves");
        stack[top + 1] = stack[top];
        stack[++top].play(m, castlingRules);
    }
    void undo_move() {  // nothing at the base of the stack (moves made by play() stay)
        if (top > 0) --top;
    }
    void do_null_move() {  // not when in check; the same capacity as do_move
        assert(top + 1 < STACK_CAPACITY && "do_null_move beyond the stack");
        stack[top + 1] = stack[top];
        stack[++top].play_null();
    }
    void undo_null_move() { undo_move(); }

    // Draw by the fifty-move rule, or by repetition: one repetition of a position reached after the
    // last `searchPly` plies counts, otherwise it must have occurred twice before. Repetitions reach
    // back through the game (play) and the stack alike, within the fifty-move and null-move counters.
    bool is_draw(int searchPly) const;
    // Whether the side to move has a reversible move to a position of the game that is a draw to reach
    // (cuckoo tables, movegen/cuckoo.h): one reached after the last `searchPly` plies, or an earlier one
    // that had itself occurred before (as is_draw counts). Also true when the opponent could have moved
    // straight to this position, inside the last searchPly plies (Stockfish's has_game_cycle). Within
    // the fifty-move and null-move counters.
    bool has_upcoming_repetition(int searchPly) const;
    bool insufficient_material() const;
    // Whether a position since the last capture, pawn move or null move occurred twice, in the game
    // or on the stack (the game has gone round in a circle): Stockfish's has_repeated, which the
    // root ranking of the tablebases asks.
    bool has_repeated() const;

    // Move text in UCI form: e2e4, e7e8q; castling e1g1, or king takes rook (e1h1) in Chess960.
    std::string to_uci(Move m) const;
    // The legal move with this text, or Move::none(). Accepts both castling forms.
    Move parse_move(std::string_view text) const;

    // The legal move written in standard algebraic notation (Nf3, exd5, O-O, e8=Q, Rad1+), or
    // Move::none(). Check and annotation marks (+ # ! ?) are ignored.
    Move parse_san(std::string_view san) const;

    // A board diagram followed by Fen:, Key: and Checkers: lines.
    std::string pretty() const;

    Position(const Position& other) { *this = other; }
    Position& operator=(const Position& other);  // copies only the used part of the stack

    MoveList legal_moves() const {
        MoveList list;
        generate<ALL>(board(), castlingRules, list);
        return list;
    }

private:
    std::vector<Key> history;  // keys of the positions before stack[0], oldest first
    std::array<Board, STACK_CAPACITY> stack;
    int top = 0;  // the current board is stack[top]
    int startPly = 0;
    CastlingRules castlingRules;
    bool shredderFen = false;  // write castling rights as file letters (as they came in)
};

std::string square_name(Square s);
std::string move_to_uci(Move m, bool chess960);

}  // namespace vireo
