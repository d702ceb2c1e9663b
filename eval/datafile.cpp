#include "datafile.h"

#include <fcntl.h>
#include <unistd.h>
#ifdef _WIN32
#include <io.h>  // _commit
#endif

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace vireo {

namespace {

constexpr char MAGIC[8] = {'V', 'I', 'R', 'E', 'O', 'D', 'A', 'T'};
constexpr std::uint8_t NO_EP = 255;

#ifdef _WIN32
// Windows opens files in text mode unless told (LF would become CRLF); fsync is _commit there.
constexpr int OPEN_BINARY = O_BINARY;
int sync_file(int fd) { return _commit(fd); }
#else
constexpr int OPEN_BINARY = 0;
int sync_file(int fd) { return ::fsync(fd); }
#endif

template <class T>
void put_le(std::uint8_t* p, T v) {
    for (std::size_t i = 0; i < sizeof(T); ++i) p[i] = std::uint8_t(std::uint64_t(v) >> (8 * i));
}
template <class T>
T get_le(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v |= std::uint64_t(p[i]) << (8 * i);
    return T(v);
}

std::array<std::uint8_t, DATA_HEADER_SIZE> pack_header(const ChunkHeader& h) {
    std::array<std::uint8_t, DATA_HEADER_SIZE> b{};
    std::memcpy(b.data(), MAGIC, 8);
    put_le(b.data() + 8, h.version);
    put_le(b.data() + 12, h.count);
    put_le(b.data() + 16, h.seed);
    put_le(b.data() + 24, h.nodes);
    put_le(b.data() + 32, h.chunkIndex);
    put_le(b.data() + 36, h.games);
    put_le(b.data() + 38, h.randomPlies);
    put_le(b.data() + 40, h.bookChecksum);
    put_le(b.data() + 44, h.gamesPerChunk);
    return b;
}

std::optional<std::string> unpack_header(const std::uint8_t* b, ChunkHeader& h) {
    if (std::memcmp(b, MAGIC, 8) != 0) return "not a Vireo data chunk (bad magic)";
    h.version = get_le<std::uint32_t>(b + 8);
    if (h.version != DATA_VERSION)
        return "data format version " + std::to_string(h.version) + ", this build reads " +
               std::to_string(DATA_VERSION);
    h.count = get_le<std::uint32_t>(b + 12);
    h.seed = get_le<std::uint64_t>(b + 16);
    h.nodes = get_le<std::uint64_t>(b + 24);
    h.chunkIndex = get_le<std::uint32_t>(b + 32);
    h.games = get_le<std::uint16_t>(b + 36);
    h.randomPlies = get_le<std::uint16_t>(b + 38);
    h.bookChecksum = get_le<std::uint32_t>(b + 40);
    h.gamesPerChunk = get_le<std::uint32_t>(b + 44);
    return std::nullopt;
}

constexpr const char* PIECE_CHARS = "PNBRQK??pnbrqk??";

}  // namespace

PackedRecord pack_record(const Position& pos, const RecordInfo& info) {
    const Board& b = pos.board();
    PackedRecord r{};
    const Bitboard occ = b.occupied();
    put_le(r.data(), occ);
    int i = 0;
    for (Bitboard o = occ; o && i < 32; ++i) {
        const Square s = pop_lsb(o);
        r[8 + i / 2] |= std::uint8_t((b.piece_on(s) & 15) << (4 * (i % 2)));
    }
    r[24] = std::uint8_t((b.side == BLACK ? 1 : 0) | ((b.castling & 15) << 1) | (info.firstOfGame ? 1 << 5 : 0));
    r[25] = b.ep == NO_SQUARE ? NO_EP : std::uint8_t(b.ep);
    r[26] = std::uint8_t(std::min<int>(b.rule50, 255));
    r[27] = info.result;
    put_le(r.data() + 28, std::int16_t(std::clamp(info.score, -32767, 32767)));
    put_le(r.data() + 30, std::uint16_t(std::clamp(info.ply, 0, 65535)));
    return r;
}

std::optional<std::string> record_fen(const PackedRecord& r, std::string& fen) {
    const Bitboard occ = get_le<std::uint64_t>(r.data());
    if (popcount(occ) > 32) return "more than 32 pieces";
    std::array<char, 64> board;
    board.fill(0);
    int i = 0;
    for (Bitboard o = occ; o; ++i) {
        const Square s = pop_lsb(o);
        const int code = (r[8 + i / 2] >> (4 * (i % 2))) & 15;
        if (PIECE_CHARS[code] == '?') return "bad piece code " + std::to_string(code);
        board[s] = PIECE_CHARS[code];
    }
    for (; i < 32; ++i)
        if ((r[8 + i / 2] >> (4 * (i % 2))) & 15) return "data after the last piece";
    const std::uint8_t flags = r[24];
    if (flags >> 6) return "unknown flag bits";
    if (r[27] > 2) return "bad result " + std::to_string(r[27]);
    if (r[25] != NO_EP && r[25] > 63) return "bad en-passant square";
    fen.clear();
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char c = board[rank * 8 + file];
            if (!c) {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty), empty = 0;
            fen += c;
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    fen += flags & 1 ? " b " : " w ";
    const int castling = (flags >> 1) & 15;
    if (!castling) fen += '-';
    for (int k = 0; k < 4; ++k)
        if (castling & (1 << k)) fen += "KQkq"[k];
    fen += ' ';
    fen += r[25] == NO_EP ? std::string("-") : square_name(Square(r[25]));
    const int ply = get_le<std::uint16_t>(r.data() + 30);
    fen += ' ' + std::to_string(r[26]) + ' ' + std::to_string(1 + ply / 2);
    return std::nullopt;
}

std::optional<std::string> unpack_record(const PackedRecord& r, Position& pos, RecordInfo& info) {
    std::string fen;
    if (auto err = record_fen(r, fen)) return err;
    if (auto err = pos.set(fen)) return "bad position " + fen + ": " + *err;
    info.score = get_le<std::int16_t>(r.data() + 28);
    info.result = DataResult(r[27]);
    info.ply = get_le<std::uint16_t>(r.data() + 30);
    info.firstOfGame = (r[24] >> 5) & 1;
    return std::nullopt;
}

std::string chunk_file_name(std::uint32_t index) {
    char name[32];
    std::snprintf(name, sizeof name, "chunk-%06u.vdat", index);
    return name;
}

std::optional<std::uint32_t> chunk_index_of(const std::string& name) {
    constexpr std::string_view prefix = "chunk-", suffix = ".vdat";
    if (name.size() < prefix.size() + 6 + suffix.size() || name.rfind(prefix, 0) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        return std::nullopt;
    const std::string digits = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    if (digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    const auto index = std::uint32_t(std::stoul(digits));
    if (chunk_file_name(index) != name) return std::nullopt;  // one spelling per index
    return index;
}

std::optional<std::string> write_chunk(const std::string& path, const ChunkHeader& h,
                                       const std::vector<PackedRecord>& records) {
    ChunkHeader head = h;
    head.count = std::uint32_t(records.size());
    std::vector<std::uint8_t> bytes(DATA_HEADER_SIZE + records.size() * DATA_RECORD_SIZE);
    const auto hb = pack_header(head);
    std::copy(hb.begin(), hb.end(), bytes.begin());
    for (std::size_t i = 0; i < records.size(); ++i)
        std::copy(records[i].begin(), records[i].end(),
                  bytes.begin() + std::ptrdiff_t(DATA_HEADER_SIZE + i * DATA_RECORD_SIZE));

    const std::string tmp = path + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | OPEN_BINARY, 0644);
    if (fd < 0) return "cannot write " + tmp + ": " + std::strerror(errno);
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const std::string err = std::strerror(errno);
            ::close(fd);
            ::unlink(tmp.c_str());
            return "cannot write " + tmp + ": " + err;
        }
        done += std::size_t(n);
    }
    if (sync_file(fd) != 0 || ::close(fd) != 0) {
        ::unlink(tmp.c_str());
        return "cannot write " + tmp + ": " + std::strerror(errno);
    }
    // std::filesystem::rename replaces an existing file on Windows too (std::rename does not there).
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        ::unlink(tmp.c_str());
        return "cannot rename " + tmp + ": " + ec.message();
    }
    return std::nullopt;
}

namespace {

// The header of a chunk of `size` bytes (at least its first DATA_HEADER_SIZE of them in `data`).
std::optional<std::string> check_header(const std::uint8_t* data, std::uint64_t size, ChunkHeader& h) {
    if (size < DATA_HEADER_SIZE) return "too short";
    if (auto err = unpack_header(data, h)) return err;
    if (size != DATA_HEADER_SIZE + std::uint64_t(h.count) * DATA_RECORD_SIZE)
        return "size does not match its " + std::to_string(h.count) + " records";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> parse_chunk(const std::uint8_t* data, std::size_t size, ChunkHeader& h,
                                       std::vector<PackedRecord>& records) {
    if (auto err = check_header(data, size, h)) return err;
    records.resize(h.count);
    for (std::size_t i = 0; i < records.size(); ++i)
        std::memcpy(records[i].data(), data + DATA_HEADER_SIZE + i * DATA_RECORD_SIZE, DATA_RECORD_SIZE);
    return std::nullopt;
}

std::optional<std::string> read_chunk(const std::string& path, ChunkHeader& h, std::vector<PackedRecord>& records) {
    std::ifstream in(path, std::ios::binary);
    std::error_code ec;
    const std::uint64_t size = std::filesystem::file_size(path, ec);
    if (!in || ec) return "cannot open " + path;
    // The header first, so that a file of another kind is not read whole.
    std::vector<std::uint8_t> bytes(std::size_t(std::min<std::uint64_t>(size, DATA_HEADER_SIZE)));
    if (!in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()))) return path + ": cannot read";
    if (auto err = check_header(bytes.data(), size, h)) return path + ": " + *err;
    bytes.resize(std::size_t(size));
    if (!in.read(reinterpret_cast<char*>(bytes.data() + DATA_HEADER_SIZE), std::streamsize(size - DATA_HEADER_SIZE)))
        return path + ": cannot read";
    if (auto err = parse_chunk(bytes.data(), bytes.size(), h, records)) return path + ": " + *err;
    return std::nullopt;
}

std::optional<std::string> check_chunk(const std::string& path, ChunkHeader& h) {
    std::vector<PackedRecord> records;
    if (auto err = read_chunk(path, h, records)) return err;
    Position pos;
    RecordInfo info;
    for (std::size_t i = 0; i < records.size(); ++i)
        if (auto err = unpack_record(records[i], pos, info))
            return path + ": record " + std::to_string(i) + ": " + *err;
    return std::nullopt;
}

std::vector<std::string> chunk_files(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(path, ec)) return {path};
    std::vector<std::pair<std::uint32_t, std::string>> found;
    for (const auto& entry : fs::directory_iterator(path, ec)) {
        const std::string name = entry.path().filename().string();
        if (auto index = chunk_index_of(name)) found.emplace_back(*index, entry.path().string());
    }
    std::sort(found.begin(), found.end());
    std::vector<std::string> out;
    for (auto& f : found) out.push_back(std::move(f.second));
    return out;
}

}  // namespace vireo
