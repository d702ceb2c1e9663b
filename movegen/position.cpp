#include "position.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

#include "cuckoo.h"
#include "text.h"

namespace vireo {

namespace {

constexpr std::string_view PIECE_LETTERS = "PNBRQK  pnbrqk";

std::string quoted(std::string_view s) {
    std::string q(1, '\'');
    q.append(s);
    q.push_back('\'');
    return q;
}

}  // namespace

std::string square_name(Square s) {
    if (s >= SQUARE_NB) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

namespace {

// The UCI text of a move on the board, in place: the from and to squares (castling as the king's
// two-step, or king takes rook in Chess960), then the promotion piece. move_to_uci makes it a string;
// parse_move compares it with its input for every legal move, without building strings.
struct UciText {
    char chars[5];
    std::size_t size;
    std::string_view view() const { return {chars, size}; }
};
UciText uci_text(Move m, bool chess960) {
    Square to = m.to();
    if (m.kind() == Move::CASTLING && !chess960)
        to = CastlingRules::king_to(rank_of(m.from()) == 0 ? WHITE : BLACK, m.to() > m.from());
    UciText t{{char('a' + file_of(m.from())), char('1' + rank_of(m.from())), char('a' + file_of(to)),
               char('1' + rank_of(to)), 0},
              4};
    if (m.kind() == Move::PROMOTION) t.chars[t.size++] = " nbrq"[m.promotion()];
    return t;
}

}  // namespace

std::string move_to_uci(Move m, bool chess960) {
    if (m == Move::none()) return "(none)";
    if (m == Move::null()) return "0000";
    return std::string(uci_text(m, chess960).view());
}

Position::Position() {
    auto error = set(START_FEN);
    (void)error;  // the start position is valid
}

std::optional<std::string> Position::set(std::string_view fen, bool chess960) {
    const auto fields = tokenize(fen);
    if (fields.size() < 4 || fields.size() > 6)
        return "a FEN has 6 fields (or 4 without the move counters), found " + std::to_string(fields.size());

    Board b;
    b.squares.fill(NO_PIECE);

    // 1. Piece placement, from rank 8 down to rank 1.
    {
        int rank = 7, file = 0, ranks = 1;
        for (char c : fields[0]) {
            if (c == '/') {
                if (file != 8)
                    return "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 8";
                if (++ranks > 8) return "the board has more than 8 ranks";
                --rank, file = 0;
            } else if (c >= '1' && c <= '8') {
                file += c - '0';
                if (file > 8) return "rank " + std::to_string(rank + 1) + " has more than 8 squares";
            } else {
                std::size_t idx = PIECE_LETTERS.find(c);
                if (c == ' ' || idx == std::string_view::npos) return "bad piece letter " + quoted(std::string(1, c));
                if (file >= 8) return "rank " + std::to_string(rank + 1) + " has more than 8 squares";
                b.put(Piece(idx), make_square(file, rank));
                ++file;
            }
        }
        if (file != 8) return "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 8";
        if (ranks != 8) return "the board has " + std::to_string(ranks) + " ranks, not 8";
    }
    for (Color c : {WHITE, BLACK})
        if (popcount(b.pieces(c, KING)) != 1)
            return std::string(c == WHITE ? "white" : "black") + " must have exactly one king, has " +
                   std::to_string(popcount(b.pieces(c, KING)));
    if (b.pieces(PAWN) & (RANK_1 | RANK_8)) return "a pawn stands on the first or last rank";

    // 2. Side to move.
    if (fields[1] == "w") b.side = WHITE;
    else if (fields[1] == "b") b.side = BLACK;
    else return "the side to move must be 'w' or 'b', not " + quoted(fields[1]);
    if (b.attackers(b.side, b.king(~b.side), b.occupied()))
        return std::string("the side not to move (") + (b.side == WHITE ? "black" : "white") + ") is in check";

    // 3. Castling: KQkq (X-FEN: the outermost rook on that side) or rook files (Shredder-FEN).
    CastlingRules rules;
    rules.chess960 = chess960;
    bool shredder = false;
    if (fields[2] != "-") {
        for (char c : fields[2]) {
            const Color color = std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK;
            const char lower = char(std::tolower(static_cast<unsigned char>(c)));
            const Square king = b.king(color);
            const Bitboard backRank = rank_bb(relative_rank(color, 0));
            const Bitboard rooks = b.pieces(color, ROOK) & backRank;
            const std::string right = quoted(std::string(1, c));
            if (!(bb(king) & backRank)) return "castling right " + right + " but the king is not on its first rank";
            Square rook = NO_SQUARE;
            if (lower == 'k' || lower == 'q') {
                const Bitboard side = lower == 'k' ? rooks & ~(bb(king) * 2 - 1) : rooks & (bb(king) - 1);
                if (side) rook = lower == 'k' ? msb(side) : lsb(side);
            } else if (lower >= 'a' && lower <= 'h') {
                shredder = true;
                const Square s = make_square(lower - 'a', relative_rank(color, 0));
                if (rooks & bb(s)) rook = s;
            } else {
                return "bad castling letter " + right;
            }
            if (rook == NO_SQUARE) return "castling right " + right + " has no rook in place";
            if (!chess960 && (file_of(king) != 4 || (file_of(rook) != 0 && file_of(rook) != 7)))
                return "castling right " + right +
                       " needs the king on the e-file and the rook in the corner (set UCI_Chess960 for Chess960)";
            const int i = castling_index(color, rook > king);
            if (b.castling & (1 << i)) return "castling right " + right + " is given twice";
            if (rules.kingFrom[color] != NO_SQUARE && rules.kingFrom[color] != king)
                return "castling rights " + right + " disagree on the king";
            rules.add(color, king, rook);
            b.castling |= std::uint8_t(1 << i);
        }
    }

    // 4. En passant: the square a pawn of the other side just skipped with a double push.
    if (fields[3] != "-") {
        const auto f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
            return "bad en-passant square " + quoted(f);
        const Square s = make_square(f[0] - 'a', f[1] - '1');
        const Color them = ~b.side;
        const int up = b.side == WHITE ? 8 : -8;
        const bool possible = rank_of(s) == relative_rank(b.side, 5) && b.piece_on(s) == NO_PIECE &&
                              b.piece_on(Square(s + up)) == NO_PIECE &&
                              b.piece_on(Square(s - up)) == make_piece(them, PAWN);
        if (!possible) return "en-passant square " + quoted(f) + " cannot follow a double pawn push";
        if (PAWN_ATTACKS[them][s] & b.pieces(b.side, PAWN)) b.ep = s;
    }

    // 5. and 6. Move counters.
    int fullmove = 1;
    if (fields.size() >= 5) {
        const IntReading half = read_int(fields[4], 0, 10000);
        if (!half) return "the halfmove clock must be a number from 0 to 10000, not " + quoted(fields[4]);
        b.rule50 = std::uint16_t(half.value);
    }
    if (fields.size() == 6) {
        const IntReading full = read_int(fields[5], 0, 100000);
        if (!full) return "the move number must be a number from 1 to 100000, not " + quoted(fields[5]);
        fullmove = std::max(1, int(full.value));
    }

    b.key = b.compute_key();
    b.pawnKey = b.compute_pawn_key();

    history.clear();
    stack[0] = b;
    top = 0;
    startPly = 2 * (fullmove - 1) + (b.side == BLACK);
    castlingRules = rules;
    shredderFen = shredder;
    return std::nullopt;
}

std::string Position::fen() const {
    const Board& b = board();
    std::string s;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = b.piece_on(make_square(file, rank));
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty), empty = 0;
            s += PIECE_LETTERS[p];
        }
        if (empty) s += char('0' + empty);
        if (rank) s += '/';
    }
    s += b.side == WHITE ? " w " : " b ";
    if (!b.castling) s += '-';
    for (int i = 0; i < 4; ++i) {
        if (!(b.castling & (1 << i))) continue;
        const Color c = Color(i / 2);
        const bool kingSide = i % 2 == 0;
        const Square rook = castlingRules.rookFrom[i];
        // X-FEN writes K/Q when the rook is the outermost one on its side, else its file.
        const Bitboard rooks = b.pieces(c, ROOK) & rank_bb(relative_rank(c, 0));
        const Square king = castlingRules.kingFrom[c];
        const Bitboard outer = kingSide ? rooks & ~(bb(king) * 2 - 1) : rooks & (bb(king) - 1);
        const bool outermost = outer && rook == (kingSide ? msb(outer) : lsb(outer));
        char letter = shredderFen || !outermost ? char('a' + file_of(rook)) : (kingSide ? 'k' : 'q');
        s += c == WHITE ? char(std::toupper(letter)) : letter;
    }
    s += ' ' + square_name(b.ep);
    s += ' ' + std::to_string(b.rule50) + ' ' + std::to_string(1 + game_ply() / 2);
    return s;
}

Position& Position::operator=(const Position& other) {
    if (this == &other) return *this;
    history = other.history;
    std::copy_n(other.stack.begin(), other.top + 1, stack.begin());
    top = other.top;
    startPly = other.startPly;
    castlingRules = other.castlingRules;
    shredderFen = other.shredderFen;
    return *this;
}

void Position::play(Move m) {
    // The boards on the stack become game history: their keys stay, the current board is the new base.
    for (int i = 0; i <= top; ++i) history.push_back(stack[i].key);
    if (top) stack[0] = stack[top];
    top = 0;
    stack[0].play(m, castlingRules);
}

bool Position::is_draw(int searchPly) const {
    const Board& b = board();
    if (b.rule50 >= 100 && (!b.checkers() || has_legal_move(b, castlingRules))) return true;
    const int reach = std::min<int>(std::min<int>(b.rule50, b.pliesFromNull), plies_played());
    int seen = 0;
    int back = 4;
    for (; back <= std::min(reach, top); back += 2) {  // on the stack
        if (stack[top - back].key != b.key) continue;
        if (back < searchPly || ++seen == 2) return true;
    }
    // In the game before the stack: history.back() is the position just before stack[0].
    for (const std::size_t end = history.size() + std::size_t(top); back <= reach; back += 2) {
        if (history[end - std::size_t(back)] != b.key) continue;
        if (back < searchPly || ++seen == 2) return true;
    }
    return false;
}

bool Position::has_repeated() const {
    const Board& b = board();
    const int reach = std::min<int>(std::min<int>(b.rule50, b.pliesFromNull), plies_played());
    // The key of the position `back` plies ago: on the stack, or in the game before it.
    auto key = [&](int back) {
        return back <= top ? stack[top - back].key : history[history.size() + std::size_t(top) - std::size_t(back)];
    };
    for (int ago = 0; ago + 4 <= reach; ++ago)
        for (int back = ago + 4; back <= reach; back += 2)
            if (key(back) == key(ago)) return true;
    return false;
}

bool Position::has_upcoming_repetition(int searchPly) const {
    const Board& b = board();
    const int reach = std::min<int>(std::min<int>(b.rule50, b.pliesFromNull), plies_played());
    if (reach < 3) return false;
    // The key of the position `back` plies ago (back <= plies_played()).
    auto keyBack = [&](int back) {
        return back <= top ? stack[top - back].key : history[history.size() + std::size_t(top) - std::size_t(back)];
    };
    // Positions an odd number of plies back have the other side to move: one move of ours can lead there.
    for (int back = 3; back <= reach; back += 2) {
        const Key diff = b.key ^ keyBack(back);
        const int slot = CUCKOO.find(diff);
        if (slot < 0) continue;
        const Move m = CUCKOO.move[slot];
        if (between_bb(m.from(), m.to()) & b.occupied()) continue;
        if (back < searchPly) return true;
        // Before the root: the move must be ours, and the position it reaches must have occurred before.
        const Square s = b.piece_on(m.from()) != NO_PIECE ? m.from() : m.to();
        if (color_of(b.piece_on(s)) != b.side) continue;
        for (int earlier = back + 4; earlier <= reach; earlier += 2)
            if (keyBack(earlier) == keyBack(back)) return true;
    }
    return false;
}

bool Position::insufficient_material() const {
    const Board& b = board();
    if (b.pieces(PAWN) | b.pieces(ROOK) | b.pieces(QUEEN)) return false;
    const Bitboard minors = b.pieces(KNIGHT) | b.pieces(BISHOP);
    if (!more_than_one(minors)) return true;  // K v K, K+minor v K
    // Only bishops, all on squares of one colour.
    if (!b.pieces(KNIGHT)) return !(b.pieces(BISHOP) & DARK_SQUARES) || !(b.pieces(BISHOP) & ~DARK_SQUARES);
    return false;
}

std::string Position::to_uci(Move m) const { return move_to_uci(m, castlingRules.chess960); }

Move Position::parse_move(std::string_view text) const {
    if (text.size() < 4 || text.size() > 5) return Move::none();
    char lower[5];
    for (std::size_t i = 0; i < text.size(); ++i) lower[i] = char(std::tolower(static_cast<unsigned char>(text[i])));
    const std::string_view t(lower, text.size());
    const MoveList moves = legal_moves();
    for (Move m : moves) {
        if (uci_text(m, castlingRules.chess960).view() == t) return m;
    }
    // The other castling notation, when it names no other legal move.
    for (Move m : moves) {
        if (m.kind() == Move::CASTLING && uci_text(m, !castlingRules.chess960).view() == t) return m;
    }
    return Move::none();
}

Move Position::parse_san(std::string_view text) const {
    std::string san;
    for (char c : text)
        if (c != '+' && c != '#' && c != '!' && c != '?') san += c;
    const MoveList moves = legal_moves();
    if (san == "O-O" || san == "0-0" || san == "O-O-O" || san == "0-0-0") {
        const bool kingSide = san.size() == 3;
        for (Move m : moves)
            if (m.kind() == Move::CASTLING && (m.to() > m.from()) == kingSide) return m;
        return Move::none();
    }
    if (san.empty()) return Move::none();
    // Piece letter, optional disambiguation file/rank, optional 'x', destination, optional =Promotion.
    PieceType piece = PAWN;
    std::size_t i = 0;
    if (const auto p = std::string_view("NBRQK").find(san[0]); p != std::string_view::npos) {
        piece = PieceType(KNIGHT + p);
        i = 1;
    }
    PieceType promo = PIECE_TYPE_NB;
    if (const auto eq = san.find('='); eq != std::string::npos) {
        if (eq + 1 >= san.size()) return Move::none();
        const auto p = std::string_view("NBRQ").find(san[eq + 1]);
        if (p == std::string_view::npos) return Move::none();
        promo = PieceType(KNIGHT + p);
        san.erase(eq);
    } else if (piece == PAWN && san.size() >= 3 &&
               std::string_view("NBRQ").find(san.back()) != std::string_view::npos &&
               std::isdigit(static_cast<unsigned char>(san[san.size() - 2]))) {
        promo = PieceType(KNIGHT + std::string_view("NBRQ").find(san.back()));  // e8Q
        san.pop_back();
    }
    if (san.size() < i + 2) return Move::none();
    const char toFile = san[san.size() - 2], toRank = san[san.size() - 1];
    if (toFile < 'a' || toFile > 'h' || toRank < '1' || toRank > '8') return Move::none();
    const Square to = make_square(toFile - 'a', toRank - '1');
    int fromFile = -1, fromRank = -1;
    for (std::size_t k = i; k + 2 < san.size(); ++k) {
        const char c = san[k];
        if (c >= 'a' && c <= 'h') fromFile = c - 'a';
        else if (c >= '1' && c <= '8') fromRank = c - '1';
        else if (c != 'x' && c != ':' && c != '-') return Move::none();
    }
    Move found = Move::none();
    for (Move m : moves) {
        if (m.kind() == Move::CASTLING) continue;
        const Piece pc = board().piece_on(m.from());
        if (type_of(pc) != piece || m.to() != to) continue;
        if (fromFile >= 0 && file_of(m.from()) != fromFile) continue;
        if (fromRank >= 0 && rank_of(m.from()) != fromRank) continue;
        if ((m.kind() == Move::PROMOTION) != (promo != PIECE_TYPE_NB)) continue;
        if (m.kind() == Move::PROMOTION && m.promotion() != promo) continue;
        if (found) return Move::none();  // ambiguous
        found = m;
    }
    return found;
}

std::string Position::pretty() const {
    const Board& b = board();
    std::ostringstream os;
    os << "\n +---+---+---+---+---+---+---+---+\n";
    for (int rank = 7; rank >= 0; --rank) {
        for (int file = 0; file < 8; ++file) {
            Piece p = b.piece_on(make_square(file, rank));
            os << " | " << (p == NO_PIECE ? ' ' : PIECE_LETTERS[p]);
        }
        os << " | " << rank + 1 << "\n +---+---+---+---+---+---+---+---+\n";
    }
    os << "   a   b   c   d   e   f   g   h\n\nFen: " << fen() << "\n";
    char key[17];
    std::snprintf(key, sizeof key, "%016llX", static_cast<unsigned long long>(b.key));
    os << "Key: " << key << "\nCheckers:";
    for (Bitboard c = b.checkers(); c;) os << ' ' << square_name(pop_lsb(c));
    os << "\n";
    return os.str();
}

}  // namespace vireo
