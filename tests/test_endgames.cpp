// Specialised endings (eval/endgame.h, eval/kpk.h): the KPK bitbase against the Syzygy KPvK table on
// every legal position, and the scores by rule (known wins, the corner of KBNK, stalemate, no mating
// material, the fifty-move pull, the wrong bishop), and a search that does not take a bare king's
// known loss for one when the king can take the last piece. The games that show Vireo mates KRK and KBNK
// without tables are in test_syzygy_games.cpp.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "engine_process.h"
#include "eval/endgame.h"
#include "eval/evaluate.h"
#include "eval/kpk.h"
#include "movegen/position.h"
#include "search/tablebase.h"
#include "uci_helpers.h"

using namespace vireo;

namespace {

const std::string TABLES = std::string(VIREO_TEST_DATA) + "/syzygy";

// A FEN with the given pieces ('K', 'P', 'k', 'p' ...) on the given squares.
std::string fen_of(const std::vector<std::pair<char, int>>& pieces, bool whiteToMove) {
    char board[64];
    std::fill(std::begin(board), std::end(board), '.');
    for (const auto& [piece, square] : pieces) board[square] = piece;
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char c = board[rank * 8 + file];
            if (c == '.') ++empty;
            else {
                if (empty) fen += char('0' + empty), empty = 0;
                fen += c;
            }
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    return fen + (whiteToMove ? " w - - 0 1" : " b - - 0 1");
}

int score(const std::string& fen) { return endgame::known_ending(vireo_test::position_from(fen).board())->score; }

}  // namespace

TEST_CASE("KPK bitbase: the same result as the Syzygy KPvK table on every legal position, for either colour") {
    Tablebases tb;
    tb.load(TABLES);
    REQUIRE(tb.largest() == 4);
    int compared = 0, wins = 0, wrong = 0;
    for (const bool whiteStrong : {true, false})
        for (int pawn = 8; pawn < 56; ++pawn)
            for (int strongKing = 0; strongKing < 64; ++strongKing)
                for (int weakKing = 0; weakKing < 64; ++weakKing)
                    for (const bool strongToMove : {true, false}) {
                        if (strongKing == pawn || weakKing == pawn || strongKing == weakKing) continue;
                        // Black's pieces stand mirrored top to bottom (s ^ 56).
                        const int flip = whiteStrong ? 0 : 56;
                        const std::string fen = fen_of({{whiteStrong ? 'K' : 'k', strongKing ^ flip},
                                                        {whiteStrong ? 'P' : 'p', pawn ^ flip},
                                                        {whiteStrong ? 'k' : 'K', weakKing ^ flip}},
                                                       strongToMove == whiteStrong);
                        Position pos;
                        if (pos.set(fen)) continue;  // not legal: kings touching, the side not to move in check
                        const auto wdl = tb.probe_wdl(pos.board());
                        REQUIRE_MESSAGE(wdl, fen);
                        const bool tableWin = strongToMove ? *wdl > 0 : *wdl < 0;  // a win for the pawn's side
                        const bool bitbaseWin =
                            kpk::wins(Square(strongKing), Square(pawn), Square(weakKing), strongToMove);
                        // And the evaluation by rule says the same, with the pawn's side's sign.
                        const int eval = evaluate(pos.board());
                        const int strongEval = strongToMove ? eval : -eval;
                        if (tableWin != bitbaseWin || (strongEval >= endgame::KNOWN_WIN) != tableWin ||
                            (!tableWin && strongEval != 0)) {
                            if (++wrong <= 10)
                                MESSAGE(fen << ": Syzygy " << *wdl << ", bitbase " << bitbaseWin << ", eval " << eval);
                        }
                        ++compared;
                        wins += tableWin;
                    }
    MESSAGE("KPK: " << compared << " legal positions compared, " << wins << " won by the pawn's side");
    CHECK(wrong == 0);
    // 2 colours x 48 pawn squares x 64 x 64 kings x 2 sides to move, less the illegal ones.
    CHECK(compared == 662704);
    CHECK(wins > compared / 2);  // most KPK positions are won
}

TEST_CASE("Specialised endings: known wins, the right corner, stalemate, no mating material") {
    // Known wins for the side with the material, with either side to move, and the score by rule.
    for (const char* fen :
         {"8/8/8/3k4/8/8/8/R3K3 w - - 0 1", "8/8/8/3k4/8/8/8/Q3K3 w - - 0 1", "8/8/8/3k4/8/8/8/1BN1K3 w - - 0 1",
          "8/8/8/3k4/8/8/8/2BBK3 w - - 0 1", "8/8/8/3k4/8/8/PP6/R3K3 w - - 0 1"}) {
        CAPTURE(fen);
        CHECK(score(fen) >= endgame::KNOWN_WIN);
        std::string black = fen;
        black[black.find(" w ") + 1] = 'b';
        CHECK(score(black) <= -endgame::KNOWN_WIN);
        CHECK(evaluate(vireo_test::position_from(fen).board()) == score(fen));
    }
    // KXK: the bare king nearer the edge, and the kings closer, score more.
    CHECK(score("8/8/8/8/8/8/8/k1K1R3 w - - 0 1") > score("8/8/8/8/3k4/8/8/2K1R3 w - - 0 1"));
    CHECK(score("8/8/8/8/3k4/8/3K4/4R3 w - - 0 1") > score("8/8/8/8/3k4/8/8/R6K w - - 0 1"));
    // KBNK: a dark-squared bishop mates in a1 or h8, a light-squared one in a8 or h1.
    // (d6 is dark, e6 light; the bare king in a1 or a8, the kings two squares apart.)
    CHECK(score("8/8/3B4/8/4N3/8/2K5/k7 w - - 0 1") > score("k7/2K5/3B4/8/4N3/8/8/8 w - - 0 1"));
    CHECK(score("8/8/4B3/8/4N3/8/2K5/k7 w - - 0 1") < score("k7/2K5/4B3/8/4N3/8/8/8 w - - 0 1"));
    // Stalemate: the bare king to move has no move, so a draw, queen or not.
    CHECK(score("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1") == 0);
    CHECK(score("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1") >= endgame::KNOWN_WIN);
    // No mating material: two knights, or bishops on one colour.
    CHECK(score("8/8/8/3k4/8/8/8/1NN1K3 w - - 0 1") == 0);
    CHECK(score("8/8/8/3k4/8/4B3/8/2B1K3 b - - 0 1") == 0);                   // c1 and e3: both dark
    CHECK(score("8/8/8/3k4/8/4B3/8/3BK3 b - - 0 1") <= -endgame::KNOWN_WIN);  // d1 is light
    // Not specialised: both sides have material, or a minor and pawns.
    CHECK_FALSE(endgame::known_ending(vireo_test::position_from("8/8/8/3k4/8/6p1/8/R3K3 w - - 0 1").board()));
    CHECK_FALSE(endgame::known_ending(vireo_test::position_from("8/8/8/3k4/8/8/5PP1/2B1K3 w - - 0 1").board()));
    CHECK_FALSE(endgame::known_ending(vireo_test::position_from("8/8/8/3k4/8/8/8/4K3 w - - 0 1").board()));
}

TEST_CASE("Specialised endings: the fifty-move counter pulls the part above the known win, not the win") {
    const int fresh = score("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
    const int late = score("8/8/8/3k4/8/8/8/R3K3 w - - 90 60");
    const int last = score("8/8/8/3k4/8/8/8/R3K3 w - - 99 60");
    CHECK(fresh > late);
    CHECK(late > last);
    CHECK(last >= endgame::KNOWN_WIN);
}

TEST_CASE("Specialised endings: a bishop that cannot promote its rook's pawns does not win") {
    // a8 is light: a dark-squared bishop (c1) cannot drive the king from it.
    const Board wrong = vireo_test::position_from("k7/8/8/8/P7/P7/8/2B1K3 w - - 0 1").board();
    const Board right = vireo_test::position_from("k7/8/8/8/P7/P7/8/3BK3 w - - 0 1").board();
    CHECK(endgame::wrong_bishop_rook_pawns(wrong, WHITE));
    CHECK_FALSE(endgame::wrong_bishop_rook_pawns(right, WHITE));
    CHECK_FALSE(endgame::wrong_bishop_rook_pawns(wrong, BLACK));
    // The king away from the corner: the rule does not apply.
    CHECK_FALSE(endgame::wrong_bishop_rook_pawns(vireo_test::position_from("8/8/8/4k3/P7/P7/8/2B1K3 w - - 0 1").board(),
                                                 WHITE));
    // A pawn off the rook's file: the rule does not apply.
    CHECK_FALSE(endgame::wrong_bishop_rook_pawns(vireo_test::position_from("k7/8/8/8/P7/1P6/8/2B1K3 w - - 0 1").board(),
                                                 WHITE));
    // Black's pawns on the h-file promote on h1 (light): a dark-squared bishop is wrong there too.
    CHECK(endgame::wrong_bishop_rook_pawns(vireo_test::position_from("4kb2/8/8/8/7p/8/8/7K w - - 0 1").board(), BLACK));
    const int wrongEval = evaluate(wrong), rightEval = evaluate(right);
    MESSAGE("two a-pawns and a bishop against a king in the corner: wrong bishop " << wrongEval << ", right bishop "
                                                                                   << rightEval);
    CHECK(std::abs(wrongEval) < 60);  // the middlegame part of one bishop's phase is all that is left
    CHECK(rightEval > 300);
}

TEST_CASE("Specialised endings: the search sees a bare king take the last piece, however lost it stood") {
    // From a game of the endings' first SPRT (game 380): Black's pawn on a2 queens with check, but White's
    // king on b2 takes the new queen at once, and the bishop alone cannot win; Black has nothing else.
    // Quiescence used to prune that capture (delta pruning and futility: "a queen's value cannot lift
    // a known loss to alpha"), and the search reported a won ending (scores above 10,000) at depths 6 to 10.
    EngineProcess e(vireo_test::engine_under_test());
    e.send("uci");
    REQUIRE(e.wait_for("uciok", 5000));
    e.send("position fen 8/5b2/7k/8/8/8/pK6/8 b - - 93 152");
    e.send("go depth 12");
    int depths = 0;
    for (;;) {
        const auto line = e.read_line(20000);
        REQUIRE(line);
        if (line->rfind("bestmove", 0) == 0) break;
        const auto words = vireo_test::split_words(*line);
        for (std::size_t i = 0; i + 2 < words.size(); ++i)
            if (words[i] == "score" && words[i + 1] == "cp") {
                ++depths;
                CHECK_MESSAGE(std::abs(std::stoi(words[i + 2])) < endgame::KNOWN_WIN / 2, *line);
            }
    }
    CHECK(depths >= 12);
    e.send("quit");
    CHECK(e.wait_exit(2000));
}
