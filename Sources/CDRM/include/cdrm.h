#pragma once
// libdrm (2.4.114: xf86drm.h, xf86drmMode.h) and libudev's monitor, wrapped by the DRMOutput module
// only. The dumb-buffer ioctls are function-like macros Swift cannot import, so they get small
// inline wrappers here; the page-flip handler is a C function writing into a record the output
// owns, so no Swift closure crosses into libdrm. libdrm.so.2 is opened at the first call
// (lazy_drm.c; libudev's functions are CUdev's), so a kiosk under Wayland never maps it.
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <libudev.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

/// Opens libdrm.so.2 now (`dlopen`); NULL when it is open, else why not (`dlerror` text).
const char *cdrm_open_library(void);

/// What the kernel said about the last completed flip: `drmHandleEvent`'s page-flip handler fills
/// it in (the commit passed its address as user data).
typedef struct cdrm_flip {
    /// Completed flips so far.
    uint64_t completed;
    /// The vblank counter of the last one (0 on drivers without vblank interrupts).
    unsigned int sequence;
    /// Its CLOCK_MONOTONIC timestamp.
    unsigned int seconds, microseconds;
} cdrm_flip;

static void cdrm_flip_handler(int fd, unsigned int sequence, unsigned int seconds, unsigned int microseconds, void *data) {
    (void)fd;
    cdrm_flip *flip = (cdrm_flip *)data;
    if (!flip) return;
    flip->completed += 1;
    flip->sequence = sequence;
    flip->seconds = seconds;
    flip->microseconds = microseconds;
}

/// Reads the pending DRM events on `fd` (`drmHandleEvent`, version 2: page flips and vblanks);
/// each completed flip updates the `cdrm_flip` its commit named. 0, or -1 with errno set.
static inline int cdrm_handle_events(int fd) {
    drmEventContext context;
    memset(&context, 0, sizeof context);
    context.version = 2;
    context.page_flip_handler = cdrm_flip_handler;
    return drmHandleEvent(fd, &context);
}

/// `DRM_IOCTL_MODE_CREATE_DUMB`: a CPU-mapped buffer of `width` × `height` at `bpp` bits.
/// 0 with the handle, pitch and size stored, or -errno.
static inline int cdrm_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t bpp,
                                   uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb request;
    memset(&request, 0, sizeof request);
    request.width = width;
    request.height = height;
    request.bpp = bpp;
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &request) != 0) return -errno;
    *handle = request.handle;
    *pitch = request.pitch;
    *size = request.size;
    return 0;
}

/// `DRM_IOCTL_MODE_MAP_DUMB`: the offset to pass to `mmap` on the DRM fd. 0 or -errno.
static inline int cdrm_map_dumb(int fd, uint32_t handle, uint64_t *offset) {
    struct drm_mode_map_dumb request;
    memset(&request, 0, sizeof request);
    request.handle = handle;
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &request) != 0) return -errno;
    *offset = request.offset;
    return 0;
}

/// `DRM_IOCTL_MODE_DESTROY_DUMB`. 0 or -errno.
static inline int cdrm_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb request;
    memset(&request, 0, sizeof request);
    request.handle = handle;
    return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &request) != 0 ? -errno : 0;
}

/// `drmModeAddFB2` for a single-plane format: one handle, one pitch, offset 0.
static inline int cdrm_add_framebuffer(int fd, uint32_t width, uint32_t height, uint32_t format,
                                       uint32_t handle, uint32_t pitch, uint32_t *framebuffer) {
    uint32_t handles[4] = {handle, 0, 0, 0}, pitches[4] = {pitch, 0, 0, 0}, offsets[4] = {0, 0, 0, 0};
    return drmModeAddFB2(fd, width, height, format, handles, pitches, offsets, framebuffer, 0);
}

/// `mmap` of a dumb buffer (shared, read-write); NULL on failure with errno set.
static inline void *cdrm_map(int fd, uint64_t size, uint64_t offset) {
    void *memory = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)offset);
    return memory == MAP_FAILED ? NULL : memory;
}
