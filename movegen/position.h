// Position: a game from a FEN onwards - the current Board, the Boards before it (copy-make: undo is
// a pop), the castling rules of the game, and FEN and move text in and out.
#pragma once

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

    const Board& board() const { return states[current]; }
    const CastlingRules& rules() const { return castlingRules; }
    Color side_to_move() const { return board().side; }
    Key key() const { return board().key; }
    bool chess960() const { return castlingRules.chess960; }
    bool in_check() const { return board().checkers() != 0; }
    // Plies since the start of the game (from the FEN's move number).
    int game_ply() const { return startPly + current; }
    // Plies played since set().
    int plies_played() const { return current; }

    void do_move(Move m);  // m must be legal
    // Makes room for this many more plies, so that later do_move calls keep references to earlier
    // boards valid.
    void reserve_plies(int plies) { states.reserve(std::size_t(current + plies + 1)); }
    void undo_move();
    void do_null_move();  // not when in check
    void undo_null_move() { undo_move(); }

    // Draw by the fifty-move rule, or by repetition: one repetition of a position reached after the
    // last `searchRoot` plies counts, otherwise it must have occurred twice before.
    bool is_draw(int searchPly) const;
    bool insufficient_material() const;

    // Move text in UCI form: e2e4, e7e8q; castling e1g1, or king takes rook (e1h1) in Chess960.
    std::string to_uci(Move m) const;
    // The legal move with this text, or Move::none(). Accepts both castling forms.
    Move parse_move(std::string_view text) const;

    // The legal move written in standard algebraic notation (Nf3, exd5, O-O, e8=Q, Rad1+), or
    // Move::none(). Check and annotation marks (+ # ! ?) are ignored.
    Move parse_san(std::string_view san) const;

    // A board diagram followed by Fen:, Key: and Checkers: lines.
    std::string pretty() const;

    MoveList legal_moves() const {
        MoveList list;
        generate<ALL>(board(), castlingRules, list);
        return list;
    }

private:
    std::vector<Board> states;
    int current = 0;
    int startPly = 0;
    CastlingRules castlingRules;
    bool shredderFen = false;  // write castling rights as file letters (as they came in)
};

std::string square_name(Square s);
std::string move_to_uci(Move m, bool chess960);

}  // namespace vireo
