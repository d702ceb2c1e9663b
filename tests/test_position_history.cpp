// Position's game history (play) and its stack of boards (do_move): long games through play() agree
// with a plain record of the game on repetitions, the fifty-move rule and the move counters, also when
// a repetition reaches from the stack back into the game; references to boards stay put; the stack's
// capacity is asserted; the engine takes a "position startpos moves" of hundreds of plies.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine_process.h"
#include "movegen/position.h"

using namespace vireo;

namespace {

bool quiet_piece_move(const Board& b, Move m) {
    return m.kind() == Move::NORMAL && b.piece_on(m.to()) == NO_PIECE && type_of(b.piece_on(m.from())) != PAWN;
}

bool contains(const MoveList& moves, Move m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); }

// The rules written out from the keys of every position of the game (keys.back() is the current one).
bool reference_draw(const Position& pos, const std::vector<Key>& keys, int searchPly) {
    const Board& b = pos.board();
    if (b.rule50 >= 100 && (!b.checkers() || !pos.legal_moves().empty())) return true;
    const int last = int(keys.size()) - 1;
    const int reach = std::min({int(b.rule50), int(b.pliesFromNull), last});
    int seen = 0;
    for (int back = 1; back <= reach; ++back) {
        if (keys[std::size_t(last - back)] != keys.back()) continue;
        if (back < searchPly || ++seen == 2) return true;
    }
    return false;
}

// Whether a position since the last reset of the fifty-move or null-move counter occurs twice among the
// keys (has_repeated written out).
bool reference_repeated(const Position& pos, const std::vector<Key>& keys) {
    const Board& b = pos.board();
    const int last = int(keys.size()) - 1;
    const int reach = std::min({int(b.rule50), int(b.pliesFromNull), last});
    std::vector<Key> window(keys.end() - 1 - reach, keys.end());
    std::sort(window.begin(), window.end());
    return std::adjacent_find(window.begin(), window.end()) != window.end();
}

// Four plies that come back to the current position (both sides move a piece out and back), or none.
std::vector<Move> find_shuffle(Position& pos) {
    const Key start = pos.key();
    for (Move a : pos.legal_moves()) {
        if (!quiet_piece_move(pos.board(), a)) continue;
        pos.do_move(a);
        for (Move b : pos.legal_moves()) {
            if (!quiet_piece_move(pos.board(), b)) continue;
            pos.do_move(b);
            const Move backA(a.to(), a.from()), backB(b.to(), b.from());
            bool found = false;
            if (contains(pos.legal_moves(), backA)) {
                pos.do_move(backA);
                if (contains(pos.legal_moves(), backB)) {
                    pos.do_move(backB);
                    found = pos.key() == start;
                    pos.undo_move();
                }
                pos.undo_move();
            }
            pos.undo_move();
            if (found) {
                pos.undo_move();
                return {a, b, backA, backB};
            }
        }
        pos.undo_move();
    }
    return {};
}

// Whether a move keeps the game going: a legal reply, no draw by the rules, mating material left.
bool keeps_going(Position& pos, Move m) {
    pos.do_move(m);
    const bool ok = !pos.legal_moves().empty() && !pos.is_draw(0) && !pos.insufficient_material();
    pos.undo_move();
    return ok;
}

// A legal game from the start position that has not ended after `plies` plies, picked with a seeded
// random generator: mostly quiet moves (pawn moves and captures when the fifty-move counter runs
// high), and now and then four plies out and back, so that positions repeat.
std::vector<Move> random_game(std::uint32_t seed, int plies) {
    std::mt19937 rng(seed);
    Position pos;
    std::vector<Move> game;
    while (int(game.size()) < plies) {
        if (game.size() % 37 == 20 && int(game.size()) + 4 <= plies && pos.board().rule50 < 90) {
            const std::vector<Move> shuffle = find_shuffle(pos);
            if (!shuffle.empty() && !pos.is_draw(0)) {
                for (Move m : shuffle) pos.play(m), game.push_back(m);
                if (!pos.is_draw(0)) continue;
                REQUIRE(false);  // a third occurrence: pick another seed
            }
        }
        const Board& b = pos.board();
        std::vector<Move> preferred, other;
        for (Move m : pos.legal_moves()) {
            if (!keeps_going(pos, m)) continue;
            const bool resets = type_of(b.piece_on(m.from())) == PAWN || b.piece_on(m.to()) != NO_PIECE;
            const bool wanted = b.rule50 >= 70 ? resets : m.kind() == Move::NORMAL && b.piece_on(m.to()) == NO_PIECE;
            (wanted ? preferred : other).push_back(m);
        }
        const std::vector<Move>& from = preferred.empty() ? other : preferred;
        REQUIRE_MESSAGE(!from.empty(), "the random game ended at ply " << game.size() << ": pick another seed");
        const Move m = from[rng() % from.size()];
        pos.play(m);
        game.push_back(m);
    }
    return game;
}

int fen_move_number(const Position& pos) {
    std::istringstream is(pos.fen());
    std::string field;
    for (int i = 0; i < 6; ++i) is >> field;
    return std::stoi(field);
}

// Compares is_draw with the reference for several search plies, and the move counters with the game.
void check_rules(const Position& pos, const std::vector<Key>& keys, int startPly, int& repetitions, int& repeated) {
    REQUIRE(pos.key() == keys.back());
    const int played = int(keys.size()) - 1;
    CHECK(pos.plies_played() == played);
    CHECK(pos.game_ply() == startPly + played);
    CHECK(fen_move_number(pos) == 1 + (startPly + played) / 2);
    for (int searchPly : {0, 1, 4, 5, 8, 9, 30, 1000})
        CHECK_MESSAGE(pos.is_draw(searchPly) == reference_draw(pos, keys, searchPly),
                      "ply " << played << " (stack " << pos.stack_depth() << "), searchPly " << searchPly);
    if (pos.is_draw(1000) && !pos.is_draw(0)) ++repetitions;
    CHECK_MESSAGE(pos.has_repeated() == reference_repeated(pos, keys),
                  "ply " << played << " (stack " << pos.stack_depth() << ")");
    if (pos.has_repeated()) ++repeated;
}

}  // namespace

TEST_CASE("a long game through play(): repetitions and counters across the game and the stack") {
    const std::vector<Move> game = random_game(2024, 600);
    Position pos;
    std::vector<Key> keys = {pos.key()};
    std::vector<Move> line;  // every move to the current position
    int repetitions = 0, stackRepetitions = 0, repeated = 0;
    std::mt19937 rng(99);
    for (std::size_t ply = 0; ply <= game.size(); ++ply) {
        check_rules(pos, keys, 0, repetitions, repeated);
        CHECK(pos.stack_depth() == 0);
        // Up to 6 plies on the stack above the game: a repetition may reach back into the game.
        const Key before = pos.key();
        const int depth = int(rng() % 7);
        for (int d = 0; d < depth; ++d) {
            const MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            // Half of the time the own move before last taken back, when legal: positions repeat.
            Move m = moves.moves[rng() % moves.size()];
            if (line.size() >= 2 && rng() % 2) {
                const Move old = line[line.size() - 2];
                if (contains(moves, Move(old.to(), old.from()))) m = Move(old.to(), old.from());
            }
            pos.do_move(m);
            line.push_back(m);
            keys.push_back(pos.key());
            int r = 0;
            check_rules(pos, keys, 0, r, repeated);
            stackRepetitions += r;
            CHECK(pos.stack_depth() == d + 1);
        }
        for (int d = pos.stack_depth(); d > 0; --d) pos.undo_move(), keys.pop_back(), line.pop_back();
        REQUIRE(pos.key() == before);
        if (ply == game.size()) break;
        pos.play(game[ply]);
        line.push_back(game[ply]);
        keys.push_back(pos.key());
    }
    CHECK(pos.plies_played() == 600);
    CHECK(repetitions > 0);       // the game's own repetitions were checked
    CHECK(stackRepetitions > 0);  // and some from the stack
    CHECK(repeated > 0);          // has_repeated was true somewhere
    // undo_move does not take back game moves.
    pos.undo_move();
    CHECK(pos.key() == keys.back());
    CHECK(pos.plies_played() == 600);
}

TEST_CASE("a repetition and the fifty-move rule reached from the stack back into the game") {
    Position pos;
    REQUIRE_FALSE(pos.set("7k/8/8/8/8/8/8/KR6 w - - 90 150"));
    CHECK(pos.game_ply() == 298);
    auto move = [&](const char* text) {
        const Move m = pos.parse_move(text);
        REQUIRE_MESSAGE(m, text);
        pos.do_move(m);
    };
    // The rook goes b1-b2 and back, the black king h8-h7 and back: two game moves, then the stack.
    for (const char* m : {"b1b2", "h8h7"}) pos.play(pos.parse_move(m));
    CHECK(pos.plies_played() == 2);
    CHECK_FALSE(pos.has_repeated());
    CHECK(pos.game_ply() == 300);
    move("b2b1");
    CHECK_FALSE(pos.is_draw(0));
    move("h7h8");  // the FEN's position again: 2 plies in the game, 2 on the stack
    CHECK(pos.stack_depth() == 2);
    CHECK(pos.game_ply() == 302);
    CHECK(pos.fen() == "7k/8/8/8/8/8/8/KR6 w - - 94 152");
    CHECK(pos.is_draw(5));        // a repetition inside the search
    CHECK_FALSE(pos.is_draw(4));  // reached before the search: once is not enough
    CHECK_FALSE(pos.is_draw(0));
    CHECK(pos.has_repeated());  // the game has gone round once
    for (const char* m : {"b1b2", "h8h7", "b2b1", "h7h8"}) move(m);
    CHECK(pos.board().rule50 == 98);
    CHECK(pos.is_draw(0));  // the third time
    pos.undo_move();
    CHECK_FALSE(pos.is_draw(0));
    move("h7g8");
    move("b1b3");
    CHECK(pos.board().rule50 == 99);
    CHECK_FALSE(pos.is_draw(0));
    move("g8h8");
    CHECK(pos.board().rule50 == 100);
    CHECK(pos.is_draw(0));  // fifty moves
    CHECK(pos.stack_depth() == 8);
    // A copy carries the stack and the game: it undoes to the same positions and knows the repetitions.
    Position copy = pos;
    CHECK(copy.fen() == pos.fen());
    CHECK(copy.stack_depth() == 8);
    CHECK(copy.is_draw(0));
    for (int i = 0; i < 3; ++i) copy.undo_move();
    CHECK(copy.fen() == "8/7k/8/8/8/8/8/KR6 b - - 97 153");
    CHECK_FALSE(copy.is_draw(0));
    CHECK(copy.is_draw(8));
    // play() on top of the stack: the stack becomes game history.
    copy.play(copy.parse_move("h7h8"));
    CHECK(copy.stack_depth() == 0);
    CHECK(copy.plies_played() == 8);
    CHECK(copy.game_ply() == 306);
    CHECK(copy.fen() == "7k/8/8/8/8/8/8/KR6 w - - 98 154");
    CHECK(copy.is_draw(0));  // the third time, two of them in the game history now
    CHECK(pos.stack_depth() == 8);
    CHECK(pos.board().rule50 == 100);
}

TEST_CASE("boards on the stack stay where they are, and the stack holds a full-depth search") {
    const std::vector<Move> game = random_game(7, 200);
    Position pos;
    for (Move m : game) pos.play(m);
    std::vector<const Board*> refs;
    std::vector<Board> copies;
    std::mt19937 rng(5);
    // A search from the game's position goes at most MAX_PLY plies deep; the stack has room beyond that.
    static_assert(Position::STACK_CAPACITY > MAX_PLY);
    for (int d = 0; d + 1 < Position::STACK_CAPACITY; ++d) {
        refs.push_back(&pos.board());
        copies.push_back(pos.board());
        MoveList moves = pos.legal_moves();
        REQUIRE(moves.size() > 0);
        std::shuffle(moves.begin(), moves.end(), rng);
        bool done = false;
        for (Move m : moves) {  // a move that leaves the other side a move
            pos.do_move(m);
            if ((done = !pos.legal_moves().empty())) break;
            pos.undo_move();
        }
        REQUIRE(done);
    }
    CHECK(pos.stack_depth() == Position::STACK_CAPACITY - 1);
    CHECK(pos.plies_played() == 200 + Position::STACK_CAPACITY - 1);
    for (std::size_t i = 0; i < refs.size(); ++i) {
        CHECK(refs[i]->key == copies[i].key);
        CHECK(refs[i]->squares == copies[i].squares);
    }
    for (std::size_t i = refs.size(); i-- > 0;) {
        pos.undo_move();
        CHECK(&pos.board() == refs[i]);
    }
    CHECK(pos.plies_played() == 200);
}

#ifndef NDEBUG
TEST_CASE("do_move beyond the stack's capacity is caught by an assertion") {
    std::fflush(nullptr);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        std::freopen("/dev/null", "w", stderr);
        Position pos;
        const char* shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
        for (int i = 0; i < Position::STACK_CAPACITY; ++i) pos.do_move(pos.parse_move(shuffle[i % 4]));
        _exit(0);  // not reached
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGABRT);
}
#endif

TEST_SUITE_BEGIN("threads");

TEST_CASE("uci: position startpos moves with a game of hundreds of plies, then go depth 6") {
    const std::vector<Move> game = random_game(31337, 340);
    Position pos;
    std::string command = "position startpos moves";
    for (Move m : game) {
        command += ' ' + pos.to_uci(m);
        pos.play(m);
    }
    EngineProcess e(vireo_test::engine_under_test());
    e.send(command);
    e.send("d");
    const auto fen = e.wait_for("Fen: ", 5000);
    REQUIRE(fen);
    CHECK(fen->substr(5) == pos.fen());
    e.send("go depth 6");
    const auto best = e.wait_for("bestmove", 60000);
    REQUIRE(best);
    std::istringstream is(*best);
    std::string word, move;
    is >> word >> move;
    CHECK_MESSAGE(pos.parse_move(move), "illegal bestmove " << move << " in " << pos.fen());
    e.send("quit");
    CHECK(e.wait_exit(5000));
}

TEST_SUITE_END();
