#include "pgn.h"

#include <algorithm>
#include <cctype>

#include "movegen/position.h"

namespace vireo::pgn {

Movetext split_movetext(const std::string& text) {
    Movetext mt;
    std::string token;
    int depth = 0;  // inside variations
    auto flush = [&] {
        // A move number ("12." or "12...") in front of a move is dropped, and so is a bare one.
        std::size_t i = 0;
        while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) ++i;
        if (i < token.size() && token[i] == '.') {
            while (i < token.size() && token[i] == '.') ++i;
            token = token.substr(i);
        } else if (i == token.size()) {
            token.clear();
        }
        if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") mt.result = token;
        else if (!token.empty() && token[0] != '$' && token.find_first_not_of('.') != std::string::npos)
            mt.moves.push_back(token);
        token.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '{' || c == ';') {
            flush();
            const auto end = text.find(c == '{' ? '}' : '\n', i);
            i = end == std::string::npos ? text.size() : end;
        } else if (c == '(') {
            flush();
            ++depth;
        } else if (c == ')') {
            flush();
            depth = std::max(0, depth - 1);
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            flush();
        } else if (depth == 0) {
            token += c;
        }
    }
    flush();
    return mt;
}

std::string tag_value(const std::string& line) {
    const auto a = line.find('"'), b = line.rfind('"');
    return a == std::string::npos || b <= a ? std::string() : line.substr(a + 1, b - a - 1);
}

void for_each_game(std::istream& in, const std::function<void(const Game&)>& on_game) {
    Game game{std::string(START_FEN), {}, {}};
    bool inGame = false, inMovetext = false;
    auto finish = [&] {
        if (inGame) on_game(game);
        game = Game{std::string(START_FEN), {}, {}};
        inGame = inMovetext = false;
    };
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line[0] == '[') {
            if (inMovetext) finish();  // the tags of the next game
            inGame = true;
            if (line.rfind("[FEN ", 0) == 0) game.fen = tag_value(line);
            else if (line.rfind("[Variant ", 0) == 0) game.variant = tag_value(line);
            continue;
        }
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        inGame = inMovetext = true;
        game.movetext += line;
        game.movetext += '\n';
    }
    finish();
}

}  // namespace vireo::pgn
