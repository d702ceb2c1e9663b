// movegen/pgn.h: PGN split into games and move tokens, as the tuner and `vireo datagen` read it.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "movegen/pgn.h"
#include "movegen/position.h"

using namespace vireo;

TEST_CASE("PGN movetext: comments, variations, NAGs and move numbers dropped, the result kept") {
    const pgn::Movetext mt = pgn::split_movetext(
        "1. e4 {best by test} e5 2.Nf3 $1 (2. f4 exf4 (2... d5) 3. Nf3) Nc6 ; a line comment 3. Bb5\n"
        "3... a6 4 . Ba4 1/2-1/2\n");
    CHECK(mt.moves == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "a6", "Ba4"});
    CHECK(mt.result == "1/2-1/2");
    CHECK(pgn::split_movetext("1. d4 d5 *").result == "*");
    CHECK(pgn::split_movetext("1. d4 d5").result.empty());
}

TEST_CASE("PGN games: tags, several games, CRLF line ends, movetext without tags") {
    std::istringstream in(
        "[Event \"one\"]\r\n[Variant \"Standard\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n"
        "[Event \"two\"]\n[FEN \"8/8/8/4k3/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd4 0-1\n\n");
    std::vector<pgn::Game> games;
    pgn::for_each_game(in, [&games](const pgn::Game& g) { games.push_back(g); });
    REQUIRE(games.size() == 2);
    CHECK(games[0].fen == START_FEN);
    CHECK(games[0].variant == "Standard");
    CHECK(pgn::split_movetext(games[0].movetext).moves == std::vector<std::string>{"e4", "e5"});
    CHECK(games[1].fen == "8/8/8/4k3/8/8/8/4K2R w K - 0 1");
    CHECK(games[1].variant.empty());
    CHECK(pgn::split_movetext(games[1].movetext).result == "0-1");
    // Movetext alone (no tags) is one game from the start position.
    std::istringstream bare("1. d4 *\n");
    games.clear();
    pgn::for_each_game(bare, [&games](const pgn::Game& g) { games.push_back(g); });
    REQUIRE(games.size() == 1);
    CHECK(games[0].fen == START_FEN);
    CHECK(games[0].movetext == "1. d4 *\n");
    std::istringstream empty("");
    games.clear();
    pgn::for_each_game(empty, [&games](const pgn::Game& g) { games.push_back(g); });
    CHECK(games.empty());
    CHECK(pgn::tag_value("[White \"A \\\"B\\\" C\"]") == "A \\\"B\\\" C");
}
