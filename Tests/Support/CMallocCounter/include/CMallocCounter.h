#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H
#include <stdint.h>

/// Heap allocations made by the calling thread since it started (malloc, calloc, realloc,
/// aligned allocations). Linking this target interposes the allocator of the whole process.
uint64_t mc_thread_allocs(void);
/// Non-null frees made by the calling thread since it started (allocations minus frees over a
/// stretch of work is what it kept).
uint64_t mc_thread_frees(void);
/// Heap allocations made by every thread.
uint64_t mc_total_allocs(void);
/// 1 when allocations are counted; 0 in a sanitizer build (the sanitizer owns malloc, the
/// counters stay 0).
int mc_available(void);

#endif
