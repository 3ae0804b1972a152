#include "lazy_library.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

const char *lazy_library_open(lazy_library *library) {
    if (atomic_load_explicit(&library->handle, memory_order_acquire)) return NULL;
    // Two threads may both get here: dlopen of the same soname returns the same handle and only
    // counts a reference, so the race costs nothing but that count.
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(library->error, sizeof library->error, "%s", reason ? reason : "dlopen failed");
        return library->error;
    }
    atomic_store_explicit(&library->handle, handle, memory_order_release);
    return NULL;
}

void *lazy_library_symbol(lazy_library *library, void *_Atomic *slot, const char *name) {
    void *function = atomic_load_explicit(slot, memory_order_acquire);
    if (function) return function;
    const char *failure = lazy_library_open(library);
    if (failure) {
        fprintf(stderr, "ResponderKit: cannot load %s, needed for %s: %s\n", library->soname, name, failure);
        exit(127);
    }
    function = dlsym(atomic_load_explicit(&library->handle, memory_order_acquire), name);
    if (!function) {
        fprintf(stderr, "ResponderKit: %s has no %s: %s\n", library->soname, name, dlerror());
        exit(127);
    }
    atomic_store_explicit(slot, function, memory_order_release);
    return function;
}
