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

#include <fcntl.h>

/// memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING): Swift's Glibc module is built without
/// _GNU_SOURCE. The fd closes on exec; its size can be sealed (`cwl_seal_size`).
static inline int cwl_memfd_create(const char *name) { return (int)syscall(SYS_memfd_create, name, 0x0001u | 0x0002u); }

/// fcntl(F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) on a memfd: its size is final, so
/// the compositor that maps it can never be made to fault by a shrink (wl_shm's SIGBUS case), and
/// no one can change the seals. Returns fcntl's result (-1 with errno set on failure).
static inline int cwl_seal_size(int fd) {
    return fcntl(fd, 1033 /* F_ADD_SEALS */, 0x0002 /* F_SEAL_SHRINK */ | 0x0004 /* F_SEAL_GROW */ | 0x0001 /* F_SEAL_SEAL */);
}

/// The seals of a memfd (fcntl F_GET_SEALS), or -1.
static inline int cwl_seals(int fd) { return fcntl(fd, 1034 /* F_GET_SEALS */); }
