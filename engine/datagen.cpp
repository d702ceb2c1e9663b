#include "datagen.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "engine/engine.h"
#include "eval/datafile.h"
#include "movegen/pgn.h"
#include "movegen/random.h"

namespace vireo {

namespace {

// SplitMix64 (movegen/random.h): the same on every platform (the standard library's distributions
// are not), which the reproducibility of the data needs.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : state(seed) {}
    std::uint64_t next() { return splitmix64(state); }
    // Uniform in [0, n), n > 0.
    std::uint64_t below(std::uint64_t n) { return std::uint64_t((unsigned __int128)next() * n >> 64); }

private:
    std::uint64_t state;
};

// The generator of game `index`: its own stream, whatever the other games drew.
Rng game_rng(std::uint64_t seed, std::uint64_t index) {
    Rng mix(seed);
    const std::uint64_t a = mix.next();
    Rng mix2(index ^ 0xD1B54A32D192ED03ULL);
    return Rng(a ^ mix2.next());
}

std::uint32_t fnv1a(std::uint32_t h, const std::string& s) {
    for (unsigned char c : s) h = (h ^ c) * 16777619u;
    return h;
}

bool game_over(const Position& pos) {
    return pos.legal_moves().empty() || pos.is_draw(0) || pos.insufficient_material();
}

struct SearchOut {
    Move best = Move::none();
    int score = 0;  // for the side to move
};

// One game player: an engine (one search thread, its own table) and what its callbacks report.
class Player {
public:
    Player(int hashMB, std::uint64_t nodes) : nodes(nodes) {
        SearchCallbacks cb;
        cb.info = [this](const SearchReport& r) {
            if (r.multiPV == 1) lastScore = r.score;
        };
        cb.bestmove = [this](Move best, Move) { lastBest = best; };
        engine.set_callbacks(cb);
        engine.set_threads(1);
        engine.set_hash(std::size_t(hashMB));
    }
    void new_game() { engine.new_game(); }
    SearchOut think(const Position& pos) {
        lastScore = 0;
        lastBest = Move::none();
        engine.set_position(pos);
        SearchLimits limits;
        limits.nodes = nodes;
        engine.go(limits);
        engine.wait();  // joins the search thread: its writes to lastScore and lastBest are seen
        return {lastBest, lastScore};
    }

private:
    Engine engine;
    const std::uint64_t nodes;
    int lastScore = 0;
    Move lastBest = Move::none();
};

struct GameOutcome {
    std::vector<PackedRecord> records;
    bool dropped = false;
};

Position opening(const Openings& book, int randomPlies, Rng& rng) {
    Position pos;
    for (int attempt = 0;; ++attempt) {
        pos = Position();
        if (!book.fens.empty()) (void)pos.set(book.fens[rng.below(book.fens.size())]);  // read once already
        bool ended = false;
        for (int p = 0; p < randomPlies && !ended; ++p) {
            const MoveList moves = pos.legal_moves();
            if (moves.empty()) ended = true;
            else pos.play(moves.moves[rng.below(moves.size())]);
        }
        if ((!ended && !game_over(pos)) || attempt >= OPENING_TRIES) return pos;
    }
}

GameOutcome play_game(Player& player, const Openings& book, const DatagenConfig& cfg, std::uint64_t index) {
    Rng rng = game_rng(cfg.seed, index);
    GameOutcome out;
    Position pos;
    SearchOut s;
    for (int attempt = 0;; ++attempt) {
        pos = opening(book, cfg.randomPlies, rng);
        if (game_over(pos)) {  // a book position that is already over, OPENING_TRIES times
            out.dropped = true;
            return out;
        }
        player.new_game();
        s = player.think(pos);
        if (std::abs(s.score) <= OPENING_MAX_SCORE || attempt + 1 >= OPENING_TRIES) break;
    }
    int winCount = 0, winSign = 0, drawCount = 0;
    DataResult result = DRAWN;
    for (;;) {
        const int white = pos.side_to_move() == WHITE ? s.score : -s.score;
        if (!pos.in_check() && is_quiet(pos.board(), s.best) && !is_mate_score(s.score))
            out.records.push_back(pack_record(pos, RecordInfo{white, DRAWN, pos.game_ply(), out.records.empty()}));
        if (std::abs(white) >= WIN_SCORE) {
            const int sign = white > 0 ? 1 : -1;
            winCount = sign == winSign ? winCount + 1 : 1;
            winSign = sign;
        } else {
            winCount = 0;
        }
        if (winCount >= WIN_PLIES) {
            result = winSign > 0 ? WHITE_WINS : BLACK_WINS;
            break;
        }
        drawCount = pos.game_ply() >= DRAW_MIN_PLY && std::abs(white) <= DRAW_SCORE ? drawCount + 1 : 0;
        if (drawCount >= DRAW_PLIES) break;

        pos.play(s.best);
        if (pos.legal_moves().empty()) {
            if (pos.in_check()) result = pos.side_to_move() == WHITE ? BLACK_WINS : WHITE_WINS;
            break;
        }
        if (pos.is_draw(0) || pos.insufficient_material()) break;
        if (pos.game_ply() >= MAX_PLIES) {
            out.dropped = true;
            out.records.clear();
            return out;
        }
        s = player.think(pos);
    }
    for (PackedRecord& r : out.records) r[27] = result;
    return out;
}

// Which chunks are complete, which to make next, and when to stop: shared by the threads.
class Schedule {
public:
    Schedule(std::uint64_t positions, std::uint64_t chunkLimit) : positionsWanted(positions), limit(chunkLimit) {}

    void mark_complete(std::uint32_t c, std::uint64_t count) {
        std::lock_guard<std::mutex> lock(m);
        complete_locked(c, count);
    }
    // The next chunk to make, or nothing when no more are wanted.
    std::optional<std::uint32_t> take() {
        std::lock_guard<std::mutex> lock(m);
        while (next < limit && done.count(next)) ++next;
        if (next >= limit || failed) return std::nullopt;
        return next++;
    }
    bool wanted(std::uint32_t c) {
        std::lock_guard<std::mutex> lock(m);
        return c < limit && !failed;
    }
    void fail() {
        std::lock_guard<std::mutex> lock(m);
        failed = true;
    }
    // Positions in the complete chunks that are wanted.
    std::uint64_t positions_in_wanted() {
        std::lock_guard<std::mutex> lock(m);
        std::uint64_t n = 0;
        for (const auto& [c, count] : done)
            if (c < limit) n += count;
        return n;
    }
    std::uint64_t chunk_limit() {
        std::lock_guard<std::mutex> lock(m);
        return limit;
    }

private:
    void complete_locked(std::uint32_t c, std::uint64_t count) {
        done[c] = count;
        // The chunks from 0 on that are complete: once they hold enough positions, later ones are not needed.
        while (done.count(prefixEnd) && prefixEnd < limit) {
            prefixPositions += done[prefixEnd++];
            if (positionsWanted && prefixPositions >= positionsWanted) limit = prefixEnd;
        }
    }

    std::mutex m;
    std::map<std::uint32_t, std::uint64_t> done;
    const std::uint64_t positionsWanted;
    std::uint64_t limit;
    std::uint32_t next = 0, prefixEnd = 0;
    std::uint64_t prefixPositions = 0;
    bool failed = false;
};

std::string duration_text(double seconds) {
    const long s = long(std::lround(std::max(0.0, seconds)));
    char text[32];
    if (s >= 3600) std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, s / 60 % 60);
    else std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
    return text;
}

// The phases of run_datagen, in order.

// The settings' ranges; an error names the option.
std::optional<std::string> check_config(const DatagenConfig& cfg) {
    if (cfg.nodes < 1) return "--nodes must be at least 1";
    if (cfg.randomPlies < 0 || cfg.randomPlies > 65535) return "--random-plies must be 0 to 65535";
    if (cfg.gamesPerChunk < 1 || cfg.gamesPerChunk > 65535) return "--games-per-chunk must be 1 to 65535";
    if (cfg.threads < 1 || cfg.threads > MAX_THREADS) return "--threads must be 1 to " + std::to_string(MAX_THREADS);
    if (cfg.hashMB < 1) return "--hash must be at least 1 MB";
    return std::nullopt;
}

// The book (none without --book) and the output folder, made if needed.
std::optional<std::string> prepare(const DatagenConfig& cfg, Openings& book, std::ostream& log) {
    if (!cfg.bookPath.empty()) {
        if (auto err = load_openings(cfg.bookPath, book)) return err;
        log << "datagen: book " << cfg.bookPath << ": " << book.fens.size() << " openings (" << book.skipped
            << " skipped), checksum " << book.checksum << std::endl;
    }
    std::error_code ec;
    std::filesystem::create_directories(cfg.outDir, ec);
    if (!std::filesystem::is_directory(cfg.outDir, ec)) return "cannot make the folder " + cfg.outDir;
    return std::nullopt;
}

// Which games each chunk holds, how many chunks there can be, and the header they all carry.
struct ChunkPlan {
    std::uint64_t gamesPerChunk = 0;
    std::uint64_t games = 0;  // in all; 0: no limit
    std::uint64_t chunkLimit = 0;
    ChunkHeader header;  // its index, count and games aside

    std::uint64_t first_game(std::uint64_t c) const { return c * gamesPerChunk; }
    std::uint64_t games_in(std::uint64_t c) const {
        return games ? std::min<std::uint64_t>(gamesPerChunk, games - c * gamesPerChunk) : gamesPerChunk;
    }
};

ChunkPlan plan_chunks(const DatagenConfig& cfg, const Openings& book) {
    ChunkPlan plan;
    plan.gamesPerChunk = std::uint64_t(cfg.gamesPerChunk);
    plan.games = cfg.games;
    const std::uint64_t maxChunks = std::uint64_t(UINT32_MAX);
    plan.chunkLimit =
        cfg.games ? std::min(maxChunks, (cfg.games + plan.gamesPerChunk - 1) / plan.gamesPerChunk) : maxChunks;
    plan.header.seed = cfg.seed;
    plan.header.nodes = cfg.nodes;
    plan.header.randomPlies = std::uint16_t(cfg.randomPlies);
    plan.header.bookChecksum = book.checksum;
    plan.header.gamesPerChunk = std::uint32_t(plan.gamesPerChunk);
    return plan;
}

// Resuming: the chunks of the folder already made with these settings count as done (an unreadable
// one is made again); a chunk made with other settings is an error.
std::optional<std::string> keep_complete_chunks(const std::string& outDir, const ChunkPlan& plan, Schedule& schedule,
                                                DatagenResult& result, std::ostream& log) {
    const ChunkHeader& want = plan.header;
    for (const std::string& file : chunk_files(outDir)) {
        const auto index = chunk_index_of(std::filesystem::path(file).filename().string());
        ChunkHeader h;
        if (auto err = check_chunk(file, h)) {
            log << "datagen: " << *err << ": it will be made again" << std::endl;
            continue;
        }
        if (h.seed != want.seed || h.nodes != want.nodes || h.randomPlies != want.randomPlies ||
            h.bookChecksum != want.bookChecksum || h.gamesPerChunk != want.gamesPerChunk)
            return file + " was made with other settings (seed " + std::to_string(h.seed) + ", nodes " +
                   std::to_string(h.nodes) + ", random plies " + std::to_string(h.randomPlies) + ", book checksum " +
                   std::to_string(h.bookChecksum) + ", games per chunk " + std::to_string(h.gamesPerChunk) +
                   "): use another folder";
        if (h.chunkIndex != *index || *index >= plan.chunkLimit || h.games != plan.games_in(*index)) continue;
        schedule.mark_complete(*index, h.count);
        ++result.chunksKept;
    }
    result.positionsKept = schedule.positions_in_wanted();
    if (result.chunksKept)
        log << "datagen: " << result.chunksKept << " complete chunks kept, " << result.positionsKept << " positions"
            << std::endl;
    return std::nullopt;
}

// What the threads of a run share besides the schedule: the counts of the progress lines and the
// summary, the chunks written, the first error, and how many threads still run.
struct RunState {
    std::atomic<std::uint64_t> positionsMade{0}, gamesMade{0}, chunksMade{0}, gamesDropped{0};
    std::mutex logMutex;                                           // guards the log, `written` and `error`
    std::vector<std::pair<std::uint32_t, std::uint64_t>> written;  // chunks written by this run, positions
    std::optional<std::string> error;
    std::mutex doneMutex;  // guards `running`
    std::condition_variable doneCv;
    int running = 0;
};

// Plays chunk c's games in order; nothing when the chunk stops being wanted meanwhile.
std::optional<std::vector<PackedRecord>> play_chunk(Player& player, const Openings& book, const DatagenConfig& cfg,
                                                    const ChunkPlan& plan, Schedule& schedule, std::uint32_t c,
                                                    RunState& run) {
    std::vector<PackedRecord> records;
    const std::uint64_t first = plan.first_game(c), count = plan.games_in(c);
    for (std::uint64_t g = first; g < first + count; ++g) {
        if (!schedule.wanted(c)) return std::nullopt;
        GameOutcome game = play_game(player, book, cfg, g);
        if (game.dropped) ++run.gamesDropped;
        records.insert(records.end(), game.records.begin(), game.records.end());
        run.positionsMade += game.records.size();
        ++run.gamesMade;
    }
    return records;
}

std::optional<std::string> write_chunk_file(const std::string& outDir, const ChunkPlan& plan, std::uint32_t c,
                                            const std::vector<PackedRecord>& records) {
    ChunkHeader h = plan.header;
    h.chunkIndex = c;
    h.games = std::uint16_t(plan.games_in(c));
    return write_chunk((std::filesystem::path(outDir) / chunk_file_name(c)).string(), h, records);
}

// One thread of the run: takes the lowest chunk still to make, plays and writes it, until no more is
// wanted or a write fails (which stops every thread).
void make_chunks(const DatagenConfig& cfg, const Openings& book, const ChunkPlan& plan, Schedule& schedule,
                 RunState& run) {
    Player player(cfg.hashMB, cfg.nodes);
    while (auto c = schedule.take()) {
        const auto records = play_chunk(player, book, cfg, plan, schedule, *c, run);
        if (!records || !schedule.wanted(*c)) continue;
        if (auto err = write_chunk_file(cfg.outDir, plan, *c, *records)) {
            std::lock_guard<std::mutex> lock(run.logMutex);
            if (!run.error) run.error = *err;
            schedule.fail();
            break;
        }
        ++run.chunksMade;
        {
            std::lock_guard<std::mutex> lock(run.logMutex);
            run.written.emplace_back(*c, records->size());
        }
        schedule.mark_complete(*c, records->size());
    }
    std::lock_guard<std::mutex> lock(run.doneMutex);
    --run.running;
    run.doneCv.notify_all();
}

// A progress line on the log every cfg.progressSeconds (at least 0.1 s) until the threads are done.
void report_progress(const DatagenConfig& cfg, const ChunkPlan& plan, const DatagenResult& kept,
                     std::chrono::steady_clock::time_point start, RunState& run, std::ostream& log) {
    const auto period = std::chrono::milliseconds(std::max<long>(100, long(cfg.progressSeconds * 1000)));
    for (;;) {
        std::unique_lock<std::mutex> lock(run.doneMutex);
        if (run.doneCv.wait_for(lock, period, [&run] { return run.running == 0; })) break;
        lock.unlock();
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::uint64_t made = run.positionsMade.load(), total = kept.positionsKept + made;
        const double rate = elapsed > 0 ? double(made) / elapsed : 0;
        std::string eta;
        if (cfg.positions && rate > 0)
            eta =
                ", about " + duration_text(double(cfg.positions > total ? cfg.positions - total : 0) / rate) + " left";
        else if (cfg.games && run.gamesMade.load() > 0) {
            const double done = double(run.gamesMade.load()) + double(kept.chunksKept * plan.gamesPerChunk);
            eta = ", about " +
                  duration_text(std::max(0.0, double(cfg.games) - done) * elapsed / double(run.gamesMade.load())) +
                  " left";
        }
        std::lock_guard<std::mutex> logLock(run.logMutex);
        log << "datagen: " << total << " positions (" << made << " this run), " << run.gamesMade.load() << " games, "
            << long(rate) << " positions/s" << eta << std::endl;
    }
}

// A thread may have finished a chunk past the last one needed (before the lower ones were done): it
// goes, so that the folder holds the same chunks however the threads were timed. The others count as
// made.
void drop_chunks_past_limit(const std::string& outDir, Schedule& schedule, RunState& run, DatagenResult& result) {
    std::error_code ec;
    for (const auto& [c, count] : run.written) {
        if (c < schedule.chunk_limit()) {
            result.positionsMade += count;
            continue;
        }
        std::filesystem::remove(std::filesystem::path(outDir) / chunk_file_name(c), ec);
        --run.chunksMade;
    }
}

void log_summary(const DatagenResult& result, std::uint64_t positionsInWanted, std::uint64_t gamesDropped,
                 std::ostream& log) {
    log << "datagen: done: " << result.chunksKept + result.chunksMade << " chunks (" << result.chunksMade << " made), "
        << positionsInWanted << " positions (" << result.positionsMade << " made in " << duration_text(result.seconds)
        << ", " << long(double(result.positionsMade) / std::max(result.seconds, 1e-3)) << " positions/s), "
        << result.gamesMade << " games played (" << gamesDropped << " dropped at " << MAX_PLIES << " plies)"
        << std::endl;
}

}  // namespace

std::optional<std::string> load_openings(const std::string& path, Openings& out) {
    std::ifstream in(path);
    if (!in) return "cannot open the book " + path;
    out = Openings{};
    const bool pgn = path.size() >= 4 && path.compare(path.size() - 4, 4, ".pgn") == 0;
    auto add = [&out](const Position& pos) {
        out.fens.push_back(pos.fen());
        out.checksum = fnv1a(out.checksum ? out.checksum : 2166136261u, out.fens.back() + "\n");
    };
    if (!pgn) {
        for (std::string line; std::getline(in, line);) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
            // EPD: four fields, then operations; a FEN's counters are kept when present.
            std::istringstream words(line);
            std::string fen, w;
            for (int i = 0; i < 6 && words >> w; ++i) {
                if (i >= 4 && (w.find_first_not_of("0123456789") != std::string::npos)) break;
                fen += (i ? " " : "") + w;
            }
            Position pos;
            if (pos.set(fen) || pos.chess960() || game_over(pos)) ++out.skipped;
            else add(pos);
        }
    } else {
        pgn::for_each_game(in, [&](const pgn::Game& g) {
            Position pos;
            bool ok = (g.variant.empty() || g.variant == "Standard" || g.variant == "standard") && !pos.set(g.fen);
            for (const std::string& san : pgn::split_movetext(g.movetext).moves) {
                if (!ok) break;
                const Move m = pos.parse_san(san);
                if (m) pos.play(m);
                else ok = false;
            }
            if (ok && !game_over(pos)) add(pos);
            else ++out.skipped;
        });
    }
    if (out.fens.empty()) return "no usable opening in " + path;
    return std::nullopt;
}

DatagenResult run_datagen(const DatagenConfig& cfg, std::ostream& log) {
    DatagenResult result;
    const auto start = std::chrono::steady_clock::now();
    auto fail = [&result](std::string e) {
        result.error = std::move(e);
        return result;
    };
    if (auto err = check_config(cfg)) return fail(*err);
    Openings book;
    if (auto err = prepare(cfg, book, log)) return fail(*err);

    const ChunkPlan plan = plan_chunks(cfg, book);
    Schedule schedule(cfg.positions, plan.chunkLimit);
    if (auto err = keep_complete_chunks(cfg.outDir, plan, schedule, result, log)) return fail(*err);

    RunState run;
    run.running = cfg.threads;
    std::vector<std::thread> threads;
    for (int i = 0; i < cfg.threads; ++i) threads.emplace_back([&] { make_chunks(cfg, book, plan, schedule, run); });
    report_progress(cfg, plan, result, start, run, log);
    for (auto& t : threads) t.join();
    drop_chunks_past_limit(cfg.outDir, schedule, run, result);

    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.chunksMade = run.chunksMade.load();
    result.gamesMade = run.gamesMade.load();
    const std::uint64_t inWanted = schedule.positions_in_wanted();
    if (run.error) return fail(*run.error);
    log_summary(result, inWanted, run.gamesDropped.load(), log);
    return result;
}

std::optional<std::string> data_stats(const std::string& path, std::ostream& out) {
    const std::vector<std::string> files = chunk_files(path);
    std::uint64_t chunks = 0, bad = 0, games = 0, records = 0, badRecords = 0, started = 0;
    std::uint64_t positionsBy[3] = {0, 0, 0}, gamesBy[3] = {0, 0, 0}, plySum = 0;
    std::map<std::string, std::uint64_t> settings;  // "seed .. nodes .." -> chunks
    std::vector<PackedRecord> data;
    Position pos;
    for (const std::string& file : files) {
        ChunkHeader h;
        if (auto err = read_chunk(file, h, data)) {
            out << "bad chunk: " << *err << "\n";
            ++bad;
            continue;
        }
        ++chunks;
        games += h.games;
        ++settings["seed " + std::to_string(h.seed) + ", nodes " + std::to_string(h.nodes) + ", random plies " +
                   std::to_string(h.randomPlies) + ", book checksum " + std::to_string(h.bookChecksum) +
                   ", games per chunk " + std::to_string(h.gamesPerChunk)];
        for (const PackedRecord& r : data) {
            RecordInfo info;
            if (unpack_record(r, pos, info)) {
                ++badRecords;
                continue;
            }
            ++records;
            ++positionsBy[info.result];
            plySum += std::uint64_t(info.ply);
            if (info.firstOfGame) ++started, ++gamesBy[info.result];
        }
    }
    if (!chunks) return "no data chunk in " + path;
    for (const auto& [text, n] : settings) out << n << " chunks made with " << text << "\n";
    auto share = [](std::uint64_t a, std::uint64_t b) { return b ? 100.0 * double(a) / double(b) : 0.0; };
    char line[256];
    std::snprintf(line, sizeof line, "chunks %llu (%llu unreadable), games %llu (%llu with positions)\n",
                  (unsigned long long)chunks, (unsigned long long)bad, (unsigned long long)games,
                  (unsigned long long)started);
    out << line;
    std::snprintf(line, sizeof line, "positions %llu (%llu malformed), %.1f per game, mean ply %.1f\n",
                  (unsigned long long)records, (unsigned long long)badRecords,
                  started ? double(records) / double(started) : 0.0, records ? double(plySum) / double(records) : 0.0);
    out << line;
    std::snprintf(line, sizeof line, "results of games:     white %.1f%%  draw %.1f%%  black %.1f%%\n",
                  share(gamesBy[WHITE_WINS], started), share(gamesBy[DRAWN], started),
                  share(gamesBy[BLACK_WINS], started));
    out << line;
    std::snprintf(line, sizeof line, "results of positions: white %.1f%%  draw %.1f%%  black %.1f%%\n",
                  share(positionsBy[WHITE_WINS], records), share(positionsBy[DRAWN], records),
                  share(positionsBy[BLACK_WINS], records));
    out << line;
    return std::nullopt;
}

}  // namespace vireo
