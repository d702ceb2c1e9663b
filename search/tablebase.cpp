#include "search/tablebase.h"

#include <tbprobe.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <set>

#include "search/search.h"
#include "search/tablebase_file.h"

#ifndef _WIN32
#include <fcntl.h>
#include <unistd.h>
#endif

namespace vireo {

namespace {

#ifdef _WIN32
constexpr char PATH_SEPARATOR = ';';
#else
constexpr char PATH_SEPARATOR = ':';
#endif

// Fathom's check at load time (the size of a complete table file is 16 more than a multiple of 64),
// the magic number it checks only at the first probe, and the header it then trusts
// (search/tablebase_file.h). Empty: none found; `corrupt`: Fathom would still read the file.
std::string table_file_problem(const std::filesystem::path& file, const TableMaterial& material, bool wdl,
                               bool& corrupt) {
    corrupt = false;
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) return "cannot be read";
    if (size % 64 != 16) return "is incomplete (" + std::to_string(size) + " bytes)";
    std::ifstream in(file, std::ios::binary);
    unsigned char m[4] = {};
    if (!in.read(reinterpret_cast<char*>(m), 4)) return "cannot be read";
    corrupt = true;
    const std::uint32_t magic =
        std::uint32_t(m[0]) | std::uint32_t(m[1]) << 8 | std::uint32_t(m[2]) << 16 | std::uint32_t(m[3]) << 24;
    if (magic != (wdl ? 0x5d23e871u : 0xa50c66d7u)) return "is not a Syzygy table (wrong magic number)";
    if (const std::string problem = table_header_problem(file, size, material, wdl); !problem.empty())
        return "is corrupted (" + problem + ")";
    corrupt = false;
    return "";
}

// Fathom's tb_init: unloads the tables loaded before, then finds those of `path`. This snapshot's
// unmap_file (tbprobe.c, POSIX) calls perror("munmap") when munmap succeeds, so unloading each table
// a probe has mapped would print "munmap: <a stale errno>" on standard error, which GUIs log as a
// fault; Debian's library is not ours to mend. Standard error points at /dev/null for the call (and
// Fathom's other words there are its "Incomplete tablebase file", which load() reports itself, and
// "Out of memory", after which tb_init fails and load() says so). Safe: tables load only while no
// search runs (Engine::apply_syzygy_path), so no other thread of the engine writes to standard error
// meanwhile, and the debug log writes to its own file. Windows' unmap reports real failures only.
bool init_fathom(const char* path) {
#ifdef _WIN32
    return tb_init(path);
#else
    std::fflush(stderr);
    const int saved = dup(STDERR_FILENO);
    const int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    const bool quiet = saved >= 0 && null >= 0 && dup2(null, STDERR_FILENO) >= 0;
    const bool ok = tb_init(path);
    if (quiet) {
        std::fflush(stderr);
        dup2(saved, STDERR_FILENO);
    }
    if (null >= 0) close(null);
    if (saved >= 0) close(saved);
    return ok;
#endif
}

// Unloads Fathom's tables. Never tb_free: this snapshot's tb_free frees its tables' index without
// forgetting it, and the next tb_init writes into the freed memory; tb_init("") unloads cleanly.
void unload_fathom() { init_fathom(""); }

struct FathomBoard {
    std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
    unsigned rule50, castling, ep;
    bool turn;
};
FathomBoard fathom_board(const Board& b) {
    return {b.pieces(WHITE),
            b.pieces(BLACK),
            b.pieces(KING),
            b.pieces(QUEEN),
            b.pieces(ROOK),
            b.pieces(BISHOP),
            b.pieces(KNIGHT),
            b.pieces(PAWN),
            b.rule50,
            unsigned(b.castling),
            b.ep == NO_SQUARE ? 0u : unsigned(b.ep),
            b.side == WHITE};
}

Move find_move(const std::vector<Move>& legal, TbMove tm) {
    static constexpr PieceType PROMOTION[] = {PAWN, QUEEN, ROOK, BISHOP, KNIGHT};
    const Square from = Square(TB_MOVE_FROM(tm)), to = Square(TB_MOVE_TO(tm));
    const unsigned promotes = TB_MOVE_PROMOTES(tm);
    for (Move m : legal) {
        if (m.from() != from || m.to() != to) continue;
        const bool promotion = m.kind() == Move::PROMOTION;
        if (promotion != (promotes != 0)) continue;
        if (promotion && (promotes > 4 || m.promotion() != PROMOTION[promotes])) continue;
        return m;
    }
    return Move::none();
}

}  // namespace

// Fathom's tables stay loaded: at exit the operating system frees their mappings, and the next
// load (a later Engine's, in the tests) unloads them first.
Tablebases::~Tablebases() = default;

std::vector<std::string> Tablebases::load(const std::string& path) {
    std::vector<std::string> notes;
    if (path.empty()) {
        if (maxPieces) unload_fathom();
        const bool had = maxPieces > 0;
        loadedPath.clear();
        tables = maxPieces = 0;
        corrupt.clear();
        if (had) notes.push_back("Syzygy: tables unloaded");
        return notes;
    }

    // What the folders hold, as Fathom will see it: the WDL files of complete tables (a table found
    // in two folders counts once).
    std::set<std::string> found;
    std::vector<TableMaterial> badTables;
    int largestFound = 0;
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = path.find(PATH_SEPARATOR, start);
        const std::string dir = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!dir.empty()) {
            std::error_code ec;
            if (!std::filesystem::is_directory(dir, ec)) {
                notes.push_back("Syzygy: no folder " + dir);
            } else {
                for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
                    const std::filesystem::path& file = entry.path();
                    const std::string ext = file.extension().string();
                    if (ext != ".rtbw" && ext != ".rtbz") continue;
                    TableMaterial material;
                    if (!table_material(file.stem().string(), material)) continue;
                    int pieces = 0;
                    for (const auto& side : material)
                        for (int n : side) pieces += n;
                    bool bad = false;
                    if (const std::string problem = table_file_problem(file, material, ext == ".rtbw", bad);
                        !problem.empty()) {
                        notes.push_back("Syzygy: " + file.string() + " " + problem +
                                        (bad ? "; positions that reach its table are not probed" : "; skipped"));
                        if (bad) badTables.push_back(material);
                        continue;
                    }
                    if (ext == ".rtbw") {
                        found.insert(file.stem().string());
                        largestFound = std::max(largestFound, pieces);
                    }
                }
            }
        }
        if (end == std::string::npos) break;
        start = end + 1;
    }

    if (found.empty()) {
        notes.push_back("Syzygy: no tables in " + path +
                        (maxPieces ? "; keeping the " + std::to_string(tables) + " tables of " + loadedPath
                                   : std::string("; none loaded")));
        return notes;
    }
    if (!init_fathom(path.c_str()) || TB_LARGEST == 0) {
        unload_fathom();
        loadedPath.clear();
        tables = maxPieces = 0;
        corrupt.clear();
        notes.push_back("Syzygy: Fathom could not load the tables in " + path);
        return notes;
    }
    loadedPath = path;
    corrupt = std::move(badTables);
    tables = int(found.size());
    // The largest of the tables we checked: a file Fathom accepted that is not a table is never probed.
    maxPieces = std::min(int(TB_LARGEST), largestFound);
    notes.push_back("Syzygy: " + std::to_string(tables) + " tables (up to " + std::to_string(maxPieces) +
                    " pieces) in " + path);
    return notes;
}

bool Tablebases::reaches_corrupt(const Board& b) const {
    // A probe of a position reads the tables of the positions its captures lead to, and a pawn may
    // capture into a piece: a table is reached when each side has at least its pawns, and pawns to
    // spare for the pieces it has more of.
    auto reaches = [&](const std::array<int, 6>& table, Color c) {
        const int pawns = popcount(b.pieces(c, PAWN));
        if (table[PAWN] > pawns) return false;
        int extra = 0;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) extra += std::max(0, table[pt] - popcount(b.pieces(c, pt)));
        return extra <= pawns - table[PAWN];
    };
    for (const TableMaterial& t : corrupt)
        if ((reaches(t[0], WHITE) && reaches(t[1], BLACK)) || (reaches(t[0], BLACK) && reaches(t[1], WHITE)))
            return true;
    return false;
}

std::optional<int> Tablebases::probe_wdl(const Board& b) const {
    if (!maxPieces || (!corrupt.empty() && reaches_corrupt(b))) return std::nullopt;
    const FathomBoard f = fathom_board(b);
    const unsigned r = tb_probe_wdl(f.white, f.black, f.kings, f.queens, f.rooks, f.bishops, f.knights, f.pawns,
                                    f.rule50, f.castling, f.ep, f.turn);
    if (r == TB_RESULT_FAILED) return std::nullopt;
    return int(r) - 2;
}

std::optional<Tablebases::Dtz> Tablebases::probe_dtz(const Board& b) const {
    if (!maxPieces || popcount(b.occupied()) > maxPieces || (!corrupt.empty() && reaches_corrupt(b)))
        return std::nullopt;
    const FathomBoard f = fathom_board(b);
    const unsigned r = tb_probe_root(f.white, f.black, f.kings, f.queens, f.rooks, f.bishops, f.knights, f.pawns,
                                     f.rule50, f.castling, f.ep, f.turn, nullptr);
    if (r == TB_RESULT_FAILED || r == TB_RESULT_CHECKMATE || r == TB_RESULT_STALEMATE) return std::nullopt;
    return Dtz{int(TB_GET_WDL(r)) - 2, int(TB_GET_DTZ(r))};
}

std::vector<TbRankedMove> Tablebases::rank_root(const Position& pos, bool rule50, bool& dtz) const {
    std::vector<TbRankedMove> ranked;
    dtz = false;
    const Board& b = pos.board();
    if (!maxPieces || popcount(b.occupied()) > maxPieces || b.castling != NO_CASTLING ||
        (!corrupt.empty() && reaches_corrupt(b)))
        return ranked;
    const FathomBoard f = fathom_board(b);
    auto results = std::make_unique<TbRootMoves>();
    dtz = tb_probe_root_dtz(f.white, f.black, f.kings, f.queens, f.rooks, f.bishops, f.knights, f.pawns, f.rule50,
                            f.castling, f.ep, f.turn, pos.has_repeated(), rule50, results.get()) != 0;
    if (!dtz && !tb_probe_root_wdl(f.white, f.black, f.kings, f.queens, f.rooks, f.bishops, f.knights, f.pawns,
                                   f.rule50, f.castling, f.ep, f.turn, rule50, results.get()))
        return ranked;
    const MoveList list = pos.legal_moves();
    const std::vector<Move> legal(list.begin(), list.end());
    for (unsigned i = 0; i < results->size; ++i) {
        const TbRootMove& r = results->moves[i];
        const Move m = find_move(legal, r.move);
        if (!m) return {};  // cannot happen: Fathom's legal moves are ours
        // The score shown, from the rank as Stockfish computes it: a win (a tablebase win one ply
        // from the root), a win the fifty-move rule spoils (3 to 49 cp, growing as it nears a real
        // win), a draw, and the same for losses. Not Fathom's tbScore: this snapshot's max() macro
        // makes it r - 400 for a cursed win.
        const int rank = int(r.tbRank), bound = rule50 ? 900 : 1;
        const int score = rank >= bound   ? VALUE_TB - 1
                          : rank > 0      ? std::max(3, rank - 800) * 100 / 200
                          : rank == 0     ? VALUE_DRAW
                          : rank > -bound ? std::min(-3, rank + 800) * 100 / 200
                                          : -VALUE_TB + 1;
        ranked.push_back({m, rank, score});
    }
    return ranked;
}

TbRoot Tablebases::keep_best_root_moves(const Position& pos, std::vector<Move>& moves, int probeLimit,
                                        bool rule50) const {
    TbRoot root;
    const int limit = std::min(probeLimit, largest());
    root.treeProbeLimit = limit;
    const Board& b = pos.board();
    if (!limit || popcount(b.occupied()) > limit || b.castling != NO_CASTLING || moves.empty()) return root;
    bool dtz = false;
    const std::vector<TbRankedMove> ranked = rank_root(pos, rule50, dtz);
    if (ranked.empty()) return root;
    root.hits = ranked.size();
    // The best rank among the moves to search (searchmoves may leave some out).
    std::vector<int>& scores = root.scores;
    int best = std::numeric_limits<int>::min();
    std::vector<int> rank(moves.size(), best);
    for (std::size_t i = 0; i < moves.size(); ++i)
        for (const TbRankedMove& r : ranked)
            if (r.move == moves[i]) {
                rank[i] = r.rank;
                scores.push_back(r.score);
                best = std::max(best, r.rank);
            }
    if (scores.size() != moves.size()) {  // a move the tables did not rank: leave the root alone
        scores.clear();
        return root;
    }
    std::vector<Move> keep;
    std::vector<int> keepScores;
    for (std::size_t i = 0; i < moves.size(); ++i)
        if (rank[i] == best) {
            keep.push_back(moves[i]);
            keepScores.push_back(scores[i]);
        }
    moves = std::move(keep);
    scores = std::move(keepScores);
    // Probing below is no use once DTZ has ranked the root (every kept move holds the result, and
    // tablebase scores in the tree would hide the way to mate), nor when the root is not won; with
    // WDL alone, a won root probes to tell the winning lines from the others (as Stockfish does).
    if (dtz || best <= 0) root.treeProbeLimit = 0;
    return root;
}

}  // namespace vireo
