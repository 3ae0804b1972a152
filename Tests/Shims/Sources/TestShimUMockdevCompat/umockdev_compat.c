/*
 * Test and emulation only. LD_PRELOAD companion for umockdev 0.17 (Debian 12), so that real libinput accepts emulated
 * evdev devices. Load it BEFORE libumockdev-preload.so.0 in LD_PRELOAD.
 *
 *  1. fstat() on an emulated /dev/input/eventN (a pty underneath) reports the pty's device
 *     number; libinput compares it with the udev device's and silently drops the device. We
 *     report the emulated major:minor that umockdev records in $UMOCKDEV_DIR/dev/.ptymap/
 *     (umockdev >= 0.19.2 does this itself).
 *  2. libudev reads /run/udev/data/cMAJ:MIN to decide a device is initialized; we redirect that
 *     folder into the testbed ($UMOCKDEV_DIR/run/udev/data, written by the harness), so the real
 *     /run is never read or written (umockdev >= 0.17.18 does this itself).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define NEXT(fn) static __typeof__(fn) *next_##fn; if (!next_##fn) next_##fn = dlsym(RTLD_NEXT, #fn)

static const char udev_data[] = "/run/udev/data/";

/* Maps the pty behind `fd` back to the emulated device number, when umockdev created it. */
static void emulated_rdev(int fd, struct stat *st) {
    const char *root = getenv("UMOCKDEV_DIR");
    if (root == NULL || !S_ISCHR(st->st_mode)) return;
    char link[64], target[PATH_MAX], entry[PATH_MAX], devnum[32];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (n <= 0) return;
    target[n] = '\0';
    for (char *c = target; *c; c++) if (*c == '/') *c = '_';
    snprintf(entry, sizeof entry, "%s/dev/.ptymap/%s", root, target);
    n = readlink(entry, devnum, sizeof devnum - 1);
    if (n <= 0) return;
    devnum[n] = '\0';
    unsigned major_number, minor_number;
    if (sscanf(devnum, "%u:%u", &major_number, &minor_number) == 2)
        st->st_rdev = makedev(major_number, minor_number);
}

int fstat(int fd, struct stat *st) {
    NEXT(fstat);
    int r = next_fstat(fd, st);
    if (r == 0) emulated_rdev(fd, st);
    return r;
}

int fstat64(int fd, struct stat64 *st) {
    NEXT(fstat64);
    int r = next_fstat64(fd, st);
    if (r == 0) emulated_rdev(fd, (struct stat *)st); /* same layout on LP64 */
    return r;
}

/* The testbed's copy of a /run/udev/data/ path, or the path unchanged. */
static const char *redirect(const char *path, char *buffer, size_t size) {
    const char *root = getenv("UMOCKDEV_DIR");
    if (root == NULL || path == NULL || strncmp(path, udev_data, sizeof udev_data - 1) != 0) return path;
    snprintf(buffer, size, "%s%s", root, path);
    return buffer;
}

static mode_t mode_argument(int flags, va_list args) {
    return (flags & (O_CREAT | O_TMPFILE)) ? va_arg(args, mode_t) : 0;
}

int open(const char *path, int flags, ...) {
    NEXT(open);
    va_list args; va_start(args, flags); mode_t mode = mode_argument(flags, args); va_end(args);
    char buffer[PATH_MAX];
    return next_open(redirect(path, buffer, sizeof buffer), flags, mode);
}

int open64(const char *path, int flags, ...) {
    NEXT(open64);
    va_list args; va_start(args, flags); mode_t mode = mode_argument(flags, args); va_end(args);
    char buffer[PATH_MAX];
    return next_open64(redirect(path, buffer, sizeof buffer), flags, mode);
}

int openat(int dir, const char *path, int flags, ...) {
    NEXT(openat);
    va_list args; va_start(args, flags); mode_t mode = mode_argument(flags, args); va_end(args);
    char buffer[PATH_MAX];
    return next_openat(dir, redirect(path, buffer, sizeof buffer), flags, mode);
}

int openat64(int dir, const char *path, int flags, ...) {
    NEXT(openat64);
    va_list args; va_start(args, flags); mode_t mode = mode_argument(flags, args); va_end(args);
    char buffer[PATH_MAX];
    return next_openat64(dir, redirect(path, buffer, sizeof buffer), flags, mode);
}

FILE *fopen(const char *path, const char *mode) {
    NEXT(fopen);
    char buffer[PATH_MAX];
    return next_fopen(redirect(path, buffer, sizeof buffer), mode);
}

FILE *fopen64(const char *path, const char *mode) {
    NEXT(fopen64);
    char buffer[PATH_MAX];
    return next_fopen64(redirect(path, buffer, sizeof buffer), mode);
}
