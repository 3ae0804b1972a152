#pragma once
// libwayland-client for Swift: the client API plus accessors for the core protocol's interface
// structs. Swift imports `extern const struct wl_interface wl_X_interface` as a value; taking its
// address from Swift may give a copy (optimized builds), and libwayland stores the address in
// the proxy. These accessors return the real one.
#include <wayland-client.h>
#include <sys/syscall.h>
#include <unistd.h>

#define CWL_IFACE(n) static inline const struct wl_interface *cwl_##n##_interface(void) { return &wl_##n##_interface; }
CWL_IFACE(compositor) CWL_IFACE(surface) CWL_IFACE(region) CWL_IFACE(shm) CWL_IFACE(shm_pool)
CWL_IFACE(buffer) CWL_IFACE(seat) CWL_IFACE(pointer) CWL_IFACE(keyboard) CWL_IFACE(touch)
CWL_IFACE(output) CWL_IFACE(callback) CWL_IFACE(registry)
#undef CWL_IFACE

/// memfd_create(name, MFD_CLOEXEC): Swift's Glibc module is built without _GNU_SOURCE.
static inline int cwl_memfd_create(const char *name) { return (int)syscall(SYS_memfd_create, name, 1u); }
