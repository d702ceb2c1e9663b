// Memory for the search's big tables (the transposition table, each thread's histories) on large
// pages where the system offers them, to spare the processor's address translations: at 4 KB pages a
// 16 MB table spans 4,096 pages, far more than the translation cache holds, so nearly every probe of
// a random bucket also misses there. On Linux the block is aligned to 2 MB and marked for transparent
// huge pages (madvise, which the kernel honours in its "always" and "madvise" modes); elsewhere it is
// only aligned to a cache line. Stockfish allocates its table the same way.
#pragma once

#include <cstddef>

namespace vireo {

// At least `bytes`, aligned to 64 bytes (2 MB on Linux when bytes >= 2 MB); null when out of memory.
// Not zeroed. Give it back with free_large().
void* alloc_large(std::size_t bytes);
void free_large(void* p);

}  // namespace vireo
