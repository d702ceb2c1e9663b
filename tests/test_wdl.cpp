// The UCI_ShowWDL model (engine/wdl.h): per mille that sum to 1000, from the side to move's view
// (a score and its negation swap win and loss), rising with the score, a win as likely as not at
// the fitted "even" score, certain at a mate, and the material count it reads. The order of W and L
// in the `info` line is the UCI tests' (test_uci.cpp).
#include <doctest/doctest.h>

#include <cmath>
#include <sstream>
#include <string>

#include "engine/output.h"
#include "engine/uci.h"
#include "engine/wdl.h"
#include "movegen/position.h"
#include "search/search.h"

using namespace vireo;

namespace {

int material_of(const std::string& fen) {
    Position p;
    REQUIRE_FALSE(p.set(fen));
    return wdl_material(p.board());
}

}  // namespace

TEST_CASE("wdl: the model's shape at every material") {
    for (int m : {0, 10, 17, 30, 46, 62, 78, 90}) {
        CAPTURE(m);
        WinDrawLoss prev = win_draw_loss(-3000, m);
        CHECK(prev.loss == 1000);
        for (int s = -3000; s <= 3000; ++s) {
            const WinDrawLoss p = win_draw_loss(s, m), q = win_draw_loss(-s, m);
            CAPTURE(s);
            REQUIRE(p.win + p.draw + p.loss == 1000);
            REQUIRE((p.win >= 0 && p.draw >= 0 && p.loss >= 0));
            REQUIRE((p.win == q.loss && p.loss == q.win));  // the side to move's view: W(s) = L(-s)
            REQUIRE((p.win >= prev.win && p.loss <= prev.loss));
            prev = p;
        }
        CHECK(prev.win == 1000);
        // At the fitted even score a win is as likely as not; a draw is likeliest at 0.
        const int even = int(std::lround(wdl_even_cp(m)));
        CHECK(std::abs(win_draw_loss(even, m).win - 500) <= 3);
        CHECK(win_draw_loss(0, m).draw > win_draw_loss(even, m).draw);
        CHECK(win_draw_loss(0, m).win < 500);
    }
    // Material matters as the games say: a score wins more often with more material on the board.
    CHECK(win_draw_loss(150, 78).win > win_draw_loss(150, 40).win);
    CHECK(win_draw_loss(150, 40).win > win_draw_loss(150, 17).win);
    CHECK(win_draw_loss(150, 78).win > win_draw_loss(150, 17).win + 50);
    // Outside 17..78 the model is that of the nearest end.
    CHECK(win_draw_loss(200, 5).win == win_draw_loss(200, 17).win);
    CHECK(win_draw_loss(200, 100).win == win_draw_loss(200, 78).win);
}

TEST_CASE("wdl: mate scores are certain, the largest other scores nearly so") {
    const WinDrawLoss win = win_draw_loss(mate_in(5), 30), loss = win_draw_loss(mated_in(4), 30);
    CHECK((win.win == 1000 && win.draw == 0 && win.loss == 0));
    CHECK((loss.win == 0 && loss.draw == 0 && loss.loss == 1000));
    const WinDrawLoss tb = win_draw_loss(VALUE_TB - 10, 10);  // a tablebase win
    CHECK(tb.win == 1000);
}

TEST_CASE("wdl: the material count") {
    CHECK(material_of(std::string(START_FEN)) == 78);
    CHECK(material_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1") == 0);
    CHECK(material_of("r3k3/1q6/8/3b4/2B5/8/PP6/4K3 b - - 0 1") == 5 + 9 + 3 + 3 + 2);
    CHECK(material_of("4k3/8/8/3n4/8/8/8/R3K2Q w - - 0 1") == 3 + 5 + 9);
}

TEST_CASE("wdl: the info line reads the model at the root position's material") {
    // A pawn ending (material 2): its `wdl` is the model's at 2 (as at 17), not the start's 78. An
    // engine that kept the start's material would show a win twice as likely or more for this score.
    const std::string fen = "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1";
    std::ostringstream text;
    Output out(text);
    UCIEngine uci(out);
    REQUIRE(uci.execute("setoption name UCI_ShowWDL value true"));
    REQUIRE(uci.execute("position fen " + fen));
    REQUIRE(uci.execute("go depth 6"));
    uci.engine().wait();
    std::istringstream lines(text.str());
    int checked = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("info depth", 0) != 0) continue;
        CAPTURE(line);
        std::istringstream words(line.substr(line.find(" score cp ") + 10));
        int score = 0, w = -1, d = -1, l = -1;
        std::string word;
        REQUIRE(bool(words >> score >> word));
        if (word == "lowerbound" || word == "upperbound") words >> word;
        REQUIRE(word == "wdl");
        REQUIRE(bool(words >> w >> d >> l));
        const WinDrawLoss model = win_draw_loss(score, material_of(fen));
        CHECK((w == model.win && d == model.draw && l == model.loss));
        CHECK(model.win != win_draw_loss(score, 78).win);
        ++checked;
    }
    CHECK(checked >= 6);
}
