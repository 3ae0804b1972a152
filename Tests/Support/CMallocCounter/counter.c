// Test and benchmark support only. Counts heap allocations by interposing glibc's allocator for
// the executable that links this target: the executable's definitions of malloc & co. win symbol
// lookup over libc.so's, and each forwards to glibc's __libc_* entry point. mallinfo cannot do this
// (it does not see churn). Every suite of the test binary goes through it (one thread-local
// increment and one relaxed atomic add per allocation). Under AddressSanitizer or ThreadSanitizer
// the sanitizer owns malloc, so nothing is interposed and mc_available() says so.
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include "CMallocCounter.h"

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#    define MC_SANITIZED 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define MC_SANITIZED 1
#endif

#ifndef MC_SANITIZED

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static __thread uint64_t thread_allocs;
static __thread uint64_t thread_frees;
static uint64_t total_allocs;

static inline void count(void) {
    thread_allocs++;
    __atomic_fetch_add(&total_allocs, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t n) { count(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { count(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { count(); return __libc_realloc(p, n); }
void free(void *p) {
    if (p) thread_frees++;
    __libc_free(p);
}
void *aligned_alloc(size_t alignment, size_t n) { count(); return __libc_memalign(alignment, n); }
void *memalign(size_t alignment, size_t n) { count(); return __libc_memalign(alignment, n); }
int posix_memalign(void **out, size_t alignment, size_t n) {
    count();
    void *p = __libc_memalign(alignment, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

uint64_t mc_thread_allocs(void) { return thread_allocs; }
uint64_t mc_thread_frees(void) { return thread_frees; }
uint64_t mc_total_allocs(void) { return __atomic_load_n(&total_allocs, __ATOMIC_RELAXED); }
int mc_available(void) { return 1; }

#else

uint64_t mc_thread_allocs(void) { return 0; }
uint64_t mc_thread_frees(void) { return 0; }
uint64_t mc_total_allocs(void) { return 0; }
int mc_available(void) { return 0; }

#endif
