#include "search/tablebase_file.h"

#include <algorithm>
#include <fstream>
#include <string_view>
#include <vector>

namespace vireo {

namespace {

constexpr std::string_view PIECE_LETTERS = "PNBRQK";  // by PieceType
constexpr std::uint32_t MAX_SYMBOLS = 4096;           // Fathom's TB_MAX_SYMS

// The first bytes of a file, read as far as the check asks (a header is a few KB; a table can be
// gigabytes).
class HeaderReader {
public:
    HeaderReader(const std::filesystem::path& file, std::uint64_t size) : in(file, std::ios::binary), size(size) {}
    // Whether the bytes up to `end` are in the file (and read).
    bool has(std::uint64_t end) {
        if (end > size) return false;
        if (end <= bytes.size()) return true;
        const std::size_t old = bytes.size(), want = std::size_t(std::min<std::uint64_t>(size, std::max(end, 2 * old)));
        bytes.resize(want);
        in.read(reinterpret_cast<char*>(bytes.data() + old), std::streamsize(want - old));
        if (std::size_t(in.gcount()) != want - old) {
            bytes.resize(old);
            return false;
        }
        return true;
    }
    // Little-endian numbers at `at` (within what has() allowed).
    std::uint32_t u8(std::uint64_t at) const { return bytes[at]; }
    std::uint32_t u16(std::uint64_t at) const { return bytes[at] | bytes[at + 1] << 8; }
    std::uint32_t u32(std::uint64_t at) const { return u16(at) | u16(at + 2) << 16; }

private:
    std::ifstream in;
    std::uint64_t size;
    std::vector<std::uint8_t> bytes;
};

// What a table's compressed data needs beyond its header.
struct Blocks {
    std::uint64_t sizeTable = 0, data = 0;
    std::uint32_t flags = 0;
};

// The symbol tree of a pairs header: every symbol a leaf or a pair of earlier-built symbols, with
// no cycle (Fathom's calc_symLen recurses through it).
bool symbols_ok(HeaderReader& r, std::uint64_t at, std::uint32_t count) {
    std::vector<std::uint8_t> state(count, 0);  // 0 unseen, 1 in progress, 2 done
    for (std::uint32_t start = 0; start < count; ++start) {
        std::vector<std::uint32_t> stack = {start};
        while (!stack.empty()) {
            const std::uint32_t s = stack.back();
            if (state[s] == 2) {
                stack.pop_back();
                continue;
            }
            const std::uint64_t w = at + 3ull * s;
            const std::uint32_t s2 = r.u8(w + 2) << 4 | r.u8(w + 1) >> 4, s1 = (r.u8(w + 1) & 0xf) << 8 | r.u8(w);
            if (s2 == 0xfff || state[s] == 1) {
                if (s2 != 0xfff && (state[s1] != 2 || state[s2] != 2)) return false;  // a cycle
                state[s] = 2;
                stack.pop_back();
                continue;
            }
            if (s1 >= count || s2 >= count) return false;
            state[s] = 1;
            for (std::uint32_t c : {s1, s2})
                if (state[c] == 1) return false;
                else if (state[c] == 0) stack.push_back(c);
        }
    }
    return true;
}

// One pairs header (Fathom's setup_pairs) at `at`, moved past it; empty when it is sound.
std::string pairs_problem(HeaderReader& r, std::uint64_t& at, Blocks& blocks) {
    if (!r.has(at + 1)) return "header past the end of the file";
    blocks.flags = r.u8(at);
    if (blocks.flags & 0x80) {  // a single value: no data
        at += 2;
        return r.has(at) ? "" : "header past the end of the file";
    }
    if (!r.has(at + 12)) return "header past the end of the file";
    const std::uint64_t start = at;
    const std::uint32_t blockSize = r.u8(at + 1), idxBits = r.u8(at + 2), realBlocks = r.u32(at + 4);
    const std::uint32_t maxLen = r.u8(at + 8), minLen = r.u8(at + 9);
    if (blockSize > 31 || idxBits == 0 || idxBits > 31) return "bad block or index size";
    if (minLen == 0 || maxLen < minLen || maxLen > 64) return "bad code lengths";
    const std::uint64_t h = maxLen - minLen + 1;
    if (!r.has(at + 12 + 2 * h)) return "header past the end of the file";
    const std::uint32_t symbols = r.u16(at + 10 + 2 * h);
    if (symbols == 0 || symbols >= MAX_SYMBOLS) return "bad symbol count";
    const std::uint64_t symbolsAt = at + 12 + 2 * h;
    at = symbolsAt + 3ull * symbols + (symbols & 1);
    if (!r.has(at)) return "header past the end of the file";
    if (!symbols_ok(r, symbolsAt, symbols)) return "bad symbol tree";
    blocks.sizeTable += 2 * (std::uint64_t(realBlocks) + r.u8(start + 3));
    blocks.data += std::uint64_t(realBlocks) << blockSize;
    return "";
}

}  // namespace

bool table_material(const std::string& name, TableMaterial& material) {
    const std::size_t v = name.find('v');
    if (v == std::string::npos || name.size() < 4 || name[0] != 'K' || v + 1 >= name.size() || name[v + 1] != 'K' ||
        name.size() - 1 > 7)
        return false;
    material = {};
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (i == v) continue;
        const std::size_t type = PIECE_LETTERS.find(name[i]);
        if (type == std::string_view::npos || (name[i] == 'K') != (i == 0 || i == v + 1)) return false;
        ++material[i > v][type];
    }
    return true;
}

std::string table_header_problem(const std::filesystem::path& file, std::uint64_t size, const TableMaterial& material,
                                 bool wdl) {
    HeaderReader r(file, size);
    if (!r.has(5)) return "header past the end of the file";
    // The layout as Fathom's init_tb and init_table read it.
    int pieces = 0;
    for (const auto& side : material)
        for (int n : side) pieces += n;
    int pawns[2] = {material[0][0], material[1][0]};
    if (pawns[1] && (!pawns[0] || pawns[0] > pawns[1])) std::swap(pawns[0], pawns[1]);
    const bool hasPawns = pawns[0] + pawns[1] > 0, split = wdl && (r.u8(4) & 1);
    const int tables = hasPawns ? 4 : 1, morePawns = hasPawns && pawns[1] > 0;
    std::uint64_t at = 5;
    // Each table's encoding: an order byte (two with pawns on both sides), then a piece code per piece
    // (colour << 3 | type + 1; the high nibble for the other side to move), which must be the pieces
    // of the name.
    for (int t = 0; t < tables; ++t) {
        if (!r.has(at + 1 + morePawns + pieces)) return "header past the end of the file";
        for (int shift : {0, 4}) {
            if (shift && !split) continue;
            std::array<int, 6> types = {};
            for (int i = 0; i < pieces; ++i) {
                const std::uint32_t code = r.u8(at + 1 + morePawns + i) >> shift & 0xf;
                if ((code & 7) == 0 || (code & 7) > 6) return "bad piece code";
                ++types[(code & 7) - 1];
            }
            for (int type = 0; type < 6; ++type)
                if (types[type] != material[0][type] + material[1][type]) return "pieces unlike its name";
        }
        at += 1 + morePawns + pieces;
    }
    at += at & 1;
    std::vector<Blocks> blocks(std::size_t(tables) * (split ? 2 : 1));
    for (int t = 0; t < tables; ++t)
        for (int s = 0; s < (split ? 2 : 1); ++s)
            if (std::string problem = pairs_problem(r, at, blocks[std::size_t(t) * (split ? 2 : 1) + s]);
                !problem.empty())
                return problem;
    if (!wdl) {  // the DTZ tables' value maps
        for (int t = 0; t < tables; ++t) {
            const std::uint32_t flags = blocks[std::size_t(t)].flags;
            if (!(flags & 2)) continue;
            if (flags & 16) at += at & 1;
            for (int i = 0; i < 4; ++i) {
                if (!r.has(at + 2)) return "header past the end of the file";
                at += flags & 16 ? 2 + 2ull * r.u16(at) : 1 + r.u8(at);
            }
        }
        at += at & 1;
    }
    // The block sizes and the blocks themselves follow the index (of a size this check does not
    // know): together they must fit in the file.
    std::uint64_t need = at;
    for (const Blocks& b : blocks) need += b.sizeTable + b.data;
    if (need > size) return "blocks past the end of the file";
    return "";
}

}  // namespace vireo
