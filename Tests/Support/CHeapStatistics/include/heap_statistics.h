#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H
#include <malloc.h>
#include <stddef.h>

/// Bytes handed out by glibc's malloc and not yet freed: `mallinfo2()`'s in-use bytes of the arenas
/// (`uordblks`) plus its mmap'ed blocks (`hblkhd`). Glibc's module for Swift does not export
/// <malloc.h>, hence this header. Under a sanitizer, which owns malloc, it reports glibc's arenas only.
static inline size_t heap_statistics_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

#endif
