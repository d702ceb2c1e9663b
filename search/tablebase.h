// Syzygy endgame tablebases, probed through Fathom (Debian's libfathom-dev; the Windows and static
// builds compile the same snapshot's sources): loading a SyzygyPath, the WDL probe of the search's
// nodes, and the ranking of the root moves by DTZ (or WDL when the DTZ tables are missing).
//
// Fathom keeps its tables in its own process-wide state (its globals, not ours): tb_init replaces
// them and must not run while anything probes, and its root probe is not thread-safe. This object
// is the one door to that state: the Engine owns it, loads a path only while no search runs, and
// hands it to the Search, whose threads only call the thread-safe probe_wdl (the main thread alone
// ranks the root, before the helpers start). What it knows of the tables (the path, how many, the
// largest) is its own, so a second Engine in the same process (tests) that loaded nothing probes
// nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "movegen/position.h"
#include "search/tablebase_file.h"

namespace vireo {

// A root move as the tables rank it: a higher rank is a better result (Fathom's ranks: 1000 a win
// within the fifty-move rule, 0 a draw, -1000 a loss), and the score the GUI is shown for it.
struct TbRankedMove {
    Move move;
    int rank = 0;
    int score = 0;
};

// The root of a search by the tables (Tablebases::keep_best_root_moves).
struct TbRoot {
    std::vector<int> scores;  // the score shown for each move kept; empty: the root is left alone
    int treeProbeLimit = 0;   // pieces up to which the search probes the tables below the root (0: never)
    std::uint64_t hits = 0;   // the root's probes
};

class Tablebases {
public:
    Tablebases() = default;
    ~Tablebases();
    Tablebases(const Tablebases&) = delete;
    Tablebases& operator=(const Tablebases&) = delete;

    // Loads the tables found in `path` (folders separated by ':', ';' on Windows; empty:
    // none). Returns the lines to tell the user: what was found, each missing folder, each file that
    // is not a table and each whose header is corrupted (tablebase_file.h: that table, and every
    // position whose probe could reach it, is then not probed). A path with no table at all keeps the
    // tables loaded before.
    std::vector<std::string> load(const std::string& path);
    const std::string& path() const { return loadedPath; }
    int count() const { return tables; }
    // The most pieces of a loaded table; 0: none loaded.
    int largest() const { return maxPieces; }

    // The position's result for the side to move from the WDL tables: -2 loss, -1 loss saved by the
    // fifty-move rule, 0 draw, 1 win spoilt by the fifty-move rule, 2 win; nothing when the position
    // is not in the tables or has castling rights or a non-zero fifty-move counter. Thread-safe.
    std::optional<int> probe_wdl(const Board& b) const;

    // The position's result (as probe_wdl, any fifty-move counter) and its distance to zeroing in
    // plies (DTZ) from the DTZ tables; nothing when it is not in the tables, or is checkmate or
    // stalemate. Not thread-safe (Fathom's root probe): the root only, never during a search.
    struct Dtz {
        int wdl = 0;
        int dtz = 0;
    };
    std::optional<Dtz> probe_dtz(const Board& b) const;

    // Ranks the root moves of `pos` by the DTZ tables, or by the WDL tables when that fails (dtz
    // says which); empty when the position is not in the tables. By DTZ, every win within the
    // fifty-move rule ranks the same until the game has repeated a position since the last capture
    // or pawn move (Position::has_repeated); from then on the faster win ranks higher, so that a game
    // going round in circles is driven to the capture or mate (as Stockfish ranks them). Not thread-safe (Fathom's root
    // probe): one caller at a time, while no other thread probes the root.
    std::vector<TbRankedMove> rank_root(const Position& pos, bool rule50, bool& dtz) const;

    // The root moves a search tries: of `moves` (the legal ones, or those of searchmoves), those that
    // keep the best result the tables promise (among them the search chooses the most natural), with
    // the tables' verdict to show for each. The root is left alone (no scores) when it is not in the
    // tables (probeLimit: at most this many pieces; 0: never probed), has castling rights, or has a
    // move the tables did not rank. treeProbeLimit is where the search below probes: probeLimit (at
    // most largest()), or 0 once DTZ has ranked the root or the root is not won. Not thread-safe
    // (rank_root).
    TbRoot keep_best_root_moves(const Position& pos, std::vector<Move>& moves, int probeLimit, bool rule50) const;

private:
    // Whether probing `b` could read a table whose file is corrupted.
    bool reaches_corrupt(const Board& b) const;

    std::string loadedPath;
    int tables = 0;
    int maxPieces = 0;
    std::vector<TableMaterial> corrupt;  // tables whose files Fathom would read but must not (tablebase_file.h)
};

}  // namespace vireo
