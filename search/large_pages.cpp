#include "large_pages.h"

#include <cstdlib>

#ifdef _WIN32
#include <malloc.h>  // _aligned_malloc
#else
#include <sys/mman.h>  // madvise
#endif

namespace vireo {

void* alloc_large(std::size_t bytes) {
#ifdef _WIN32
    return _aligned_malloc(bytes, 64);
#else
    constexpr std::size_t HugePage = std::size_t(2) << 20;
    const std::size_t alignment = bytes >= HugePage ? HugePage : 64;
    // aligned_alloc wants a multiple of the alignment.
    void* p = std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (p && alignment == HugePage) madvise(p, bytes, MADV_HUGEPAGE);  // a hint: failure is harmless
#endif
    return p;
#endif
}

void free_large(void* p) {
#ifdef _WIN32
    _aligned_free(p);
#else
    std::free(p);
#endif
}

}  // namespace vireo
