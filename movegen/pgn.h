// PGN read game by game: the tags its readers need (FEN, Variant) and the main line's moves as SAN
// tokens, without replaying them (the caller does, with Position::parse_san). Used by the tuner
// (games with results) and by `vireo datagen` (opening books).
#pragma once

#include <functional>
#include <istream>
#include <string>
#include <vector>

namespace vireo::pgn {

// The movetext of one game: the main line's move tokens as written, and its result token.
struct Movetext {
    std::vector<std::string> moves;
    std::string result;  // "1-0", "0-1", "1/2-1/2", "*", or empty when the movetext has none
};

// Comments ({...} and ; to the end of the line), variations, NAGs and move numbers are dropped.
Movetext split_movetext(const std::string& text);

// The quoted value of a tag line: [Name "value"] gives value.
std::string tag_value(const std::string& line);

struct Game {
    std::string fen;       // the FEN tag, or the start position
    std::string variant;   // the Variant tag, or empty
    std::string movetext;  // the movetext lines, each ending in '\n'
};

// Calls `on_game` for each game of `in`, in order (CRLF line ends are accepted).
void for_each_game(std::istream& in, const std::function<void(const Game&)>& on_game);

}  // namespace vireo::pgn
