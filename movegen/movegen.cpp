#include "movegen.h"

namespace vireo {

namespace {

template <Color Us>
bool is_legal_for(const Board& b, const CastlingRules& cr, Move m) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == WHITE ? 8 : -8;
    constexpr std::uint16_t PROMO_BITS = 0x3000;
    const Square from = m.from(), to = m.to();
    const Piece pc = b.piece_on(from);
    if (!m.is_ok() || pc == NO_PIECE || color_of(pc) != Us) return false;

    const CheckInfo ci = check_info<Us>(b);
    const Bitboard occ = b.occupied();

    switch (m.kind()) {
    case Move::CASTLING:
        if (type_of(pc) != KING || ci.checkers || (m.raw() & PROMO_BITS)) return false;
        for (bool kingSide : {true, false}) {
            const int i = castling_index(Us, kingSide);
            if ((b.castling & (1 << i)) && cr.rookFrom[i] == to) return detail::castling_legal<Us>(b, cr, i);
        }
        return false;

    case Move::EN_PASSANT:
        if (type_of(pc) != PAWN || to != b.ep || (m.raw() & PROMO_BITS) || !(PAWN_ATTACKS[Us][from] & bb(to)))
            return false;
        return !more_than_one(ci.checkers) && detail::en_passant_legal<Us>(b, ci, from);

    default: {
        const bool promotion = m.kind() == Move::PROMOTION;
        if ((!promotion && (m.raw() & PROMO_BITS)) || (bb(to) & b.pieces(Us))) return false;
        if (type_of(pc) == PAWN) {
            if (promotion != (relative_rank(Us, rank_of(to)) == 7)) return false;
            const bool capture = PAWN_ATTACKS[Us][from] & b.pieces(Them) & bb(to);
            const bool push = to == from + Up && !(occ & bb(to));
            const bool doublePush = relative_rank(Us, rank_of(from)) == 1 && to == from + 2 * Up &&
                                    !(occ & (bb(to) | bb(Square(from + Up))));
            if (!capture && !push && !doublePush) return false;
        } else if (promotion || !(attacks(type_of(pc), from, occ) & bb(to))) {
            return false;
        }
        if (type_of(pc) == KING) return !detail::is_attacked<Them>(b, to, occ ^ bb(from));
        if (more_than_one(ci.checkers) || !(ci.checkmask & bb(to))) return false;
        if ((ci.pinHV | ci.pinD) & bb(from)) return aligned(ci.king, from, to);
        return true;
    }
    }
}

}  // namespace

bool is_legal(const Board& b, const CastlingRules& cr, Move m) {
    return b.side == WHITE ? is_legal_for<WHITE>(b, cr, m) : is_legal_for<BLACK>(b, cr, m);
}

}  // namespace vireo
