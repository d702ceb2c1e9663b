#include "tt.h"

#include "search/large_pages.h"

#ifdef _WIN32
#include <windows.h>  // GlobalMemoryStatusEx
#else
#include <unistd.h>
#endif

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

namespace vireo {

namespace {

constexpr std::size_t MB = 1024 * 1024;

// The machine's memory in MB (0 if unknown).
std::size_t physical_memory_mb() {
#ifdef _WIN32
    MEMORYSTATUSEX status{};
    status.dwLength = sizeof status;
    return GlobalMemoryStatusEx(&status) ? std::size_t(status.ullTotalPhys / MB) : 0;
#else
    const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    return pages > 0 && pageSize > 0 ? std::size_t(pages) / 1024 * std::size_t(pageSize) / 1024 : 0;
#endif
}

// hashfull() counts the entries of the first buckets, about this many.
constexpr std::size_t HASHFULL_SAMPLE = 1000;

}  // namespace

void TranspositionTable::FreeDeleter::operator()(Bucket* p) const { free_large(p); }

std::string TranspositionTable::resize(std::size_t mb) {
    if (mb == megabytes && table) return {};
    // More than the machine's memory would only be swapped or killed (with overcommit the
    // allocation itself may succeed): refuse it up front.
    if (const std::size_t physical = physical_memory_mb(); physical > 0 && mb > physical)
        return "cannot allocate " + std::to_string(mb) + " MB for the hash table (more than this machine's memory)";
    const std::size_t count = mb * MB / sizeof(Bucket);
    // Drop the old table first when it is replaced anyway, so both need not fit at once;
    // if the new one cannot be had, a table of the old size is taken again.
    const std::size_t oldMb = megabytes;
    table.reset();
    buckets = 0;
    void* mem = alloc_large(count * sizeof(Bucket));
    if (!mem) {
        void* again = oldMb ? alloc_large(oldMb * MB / sizeof(Bucket) * sizeof(Bucket)) : nullptr;
        if (again) {
            table.reset(static_cast<Bucket*>(again));
            buckets = oldMb * MB / sizeof(Bucket);
            clear();
        } else {
            megabytes = 0;
        }
        return "cannot allocate " + std::to_string(mb) + " MB for the hash table";
    }
    table.reset(static_cast<Bucket*>(mem));
    buckets = count;
    megabytes = mb;
    clear();
    return {};
}

void TranspositionTable::clear() {
    if (table) std::memset(static_cast<void*>(table.get()), 0, buckets * sizeof(Bucket));
    generation = 0;
}

namespace {

// All search threads read and write the table at once, without locks. Each field of an entry is
// read and written as a relaxed atomic (the same plain loads and stores on x86-64), which makes the
// races between threads defined behaviour: at worst an entry mixes the fields of two writes, the
// torn entry that tt.h describes and the search tolerates.
template <class T>
T load(const T& field) {
    return std::atomic_ref<T>(const_cast<T&>(field)).load(std::memory_order_relaxed);
}
template <class T>
void save(T& field, T value) {
    std::atomic_ref<T>(field).store(value, std::memory_order_relaxed);
}

}  // namespace

TranspositionTable::Entry TranspositionTable::read(const Entry& e) {
    return Entry{load(e.key16), load(e.move), load(e.score), load(e.eval), load(e.depth8), load(e.genBound)};
}

void TranspositionTable::write(Entry& e, const Entry& v) {
    save(e.key16, v.key16);
    save(e.move, v.move);
    save(e.score, v.score);
    save(e.eval, v.eval);
    save(e.depth8, v.depth8);
    save(e.genBound, v.genBound);
}

bool TranspositionTable::probe(Key key, TTData& out) const {
    if (!table) return false;
    const Bucket* b = bucket(key);
    const std::uint16_t key16 = std::uint16_t(key);  // the low bits: the high ones chose the bucket
    for (const Entry& slot : b->entries) {
        const Entry e = read(slot);
        if (e.key16 == key16 && (e.genBound & BOUND_MASK)) {
            out.move = Move(e.move);
            out.score = e.score;
            out.eval = e.eval;
            out.depth = int(e.depth8) - DEPTH_OFFSET;
            out.bound = Bound(e.genBound & BOUND_MASK);
            out.pv = e.genBound & PV_FLAG;
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(Key key, int score, int eval, Bound bound, int depth, Move move, bool pv) {
    if (!table) return;
    Bucket* b = bucket(key);
    const std::uint16_t key16 = std::uint16_t(key);  // the low bits: the high ones chose the bucket
    Entry entries[ENTRIES_PER_BUCKET];
    for (int i = 0; i < ENTRIES_PER_BUCKET; ++i) entries[i] = read(b->entries[i]);
    int replace = 0;
    for (int i = 0; i < ENTRIES_PER_BUCKET; ++i) {
        const Entry& e = entries[i];
        if (e.key16 == key16 || !(e.genBound & BOUND_MASK)) {
            replace = i;
            break;
        }
        // Worth: depth, less AGE_PENALTY per generation of age.
        auto worth = [&](const Entry& x) {
            const int age = std::uint8_t(generation - (x.genBound & GENERATION_MASK)) / GENERATION_STEP;
            return int(x.depth8) - AGE_PENALTY * age;
        };
        if (worth(e) < worth(entries[replace])) replace = i;
    }
    Entry e = entries[replace];
    if (e.key16 == key16 && bound != BOUND_EXACT && depth + DEPTH_OFFSET + KEEP_DEEPER_MARGIN < e.depth8 &&
        (e.genBound & GENERATION_MASK) == generation) {
        return;  // keep the deeper entry of this search
    }
    if (move || e.key16 != key16) e.move = move.raw();
    e.key16 = key16;
    e.score = std::int16_t(score);
    e.eval = std::int16_t(eval);
    e.depth8 = std::uint8_t(std::max(0, depth + DEPTH_OFFSET));
    e.genBound = std::uint8_t(generation | (pv ? PV_FLAG : 0) | bound);
    write(b->entries[replace], e);
}

int TranspositionTable::hashfull() const {
    if (!table) return 0;
    const std::size_t sample = std::min<std::size_t>(buckets, HASHFULL_SAMPLE / ENTRIES_PER_BUCKET + 1);
    int used = 0, total = 0;
    for (std::size_t i = 0; i < sample; ++i)
        for (const Entry& e : table[i].entries) {
            ++total;
            const std::uint8_t genBound = load(e.genBound);
            used += (genBound & BOUND_MASK) && (genBound & GENERATION_MASK) == generation;
        }
    return total ? used * 1000 / total : 0;
}

}  // namespace vireo
