#pragma once
// Linux APIs that Swift's Glibc module does not export: epoll, timerfd, signalfd, eventfd, the
// evdev event struct the emulated devices are written with, and the framebuffer/console ioctls.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <signal.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <spawn.h>
#include <sys/wait.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/vt.h>

/// open(2) without the variadic mode argument Swift cannot call directly on every platform.
static inline int clinux_open(const char *path, int flags) { return open(path, flags); }

/// The flags every input device is opened with, on top of what libinput asks for.
static inline int clinux_device_open_flags(void) { return O_CLOEXEC | O_NONBLOCK; }

/// Fills one `struct input_event` (the timeval layout differs between ABIs; C knows it).
static inline struct input_event clinux_input_event(long sec, long usec, unsigned short type,
                                                    unsigned short code, int value) {
    struct input_event e;
    e.time.tv_sec = sec;
    e.time.tv_usec = usec;
    e.type = type;
    e.code = code;
    e.value = value;
    return e;
}

/// pipe2(O_CLOEXEC | O_NONBLOCK) without _GNU_SOURCE (the raw syscall): a pipe whose ends close on
/// exec — atomically, so a thread spawning meanwhile never inherits them — and never block.
static inline int clinux_pipe_nonblocking(int fds[2]) {
    return (int)syscall(SYS_pipe2, fds, O_CLOEXEC | O_NONBLOCK);
}

// ioctl(2) is variadic: Swift cannot call it with a struct pointer portably, so each framebuffer and
// console request the framebuffer output makes gets a typed wrapper. Each returns ioctl's result
// (-1 with errno set on failure).

/// `FBIOGET_VSCREENINFO`: the variable screen information (resolution, virtual size, pan offsets,
/// bits per pixel, channel bitfields).
static inline int clinux_fb_get_variable(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOGET_VSCREENINFO, info);
}

/// `FBIOGET_FSCREENINFO`: the fixed screen information (memory length, line length, type, visual).
static inline int clinux_fb_get_fixed(int fd, struct fb_fix_screeninfo *info) {
    return ioctl(fd, FBIOGET_FSCREENINFO, info);
}

/// `FBIOPUT_VSCREENINFO`: sets the variable screen information (used to put back the original).
static inline int clinux_fb_put_variable(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOPUT_VSCREENINFO, info);
}

/// `FBIOPAN_DISPLAY`: shows the part of the virtual screen at `info->xoffset`, `info->yoffset`.
static inline int clinux_fb_pan(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOPAN_DISPLAY, info);
}

/// `FBIOBLANK`: `level` is one of `FB_BLANK_UNBLANK` … `FB_BLANK_POWERDOWN`, passed by value.
static inline int clinux_fb_blank(int fd, int level) {
    return ioctl(fd, FBIOBLANK, (unsigned long)level);
}

/// `FBIO_WAITFORVSYNC` on the first CRTC: returns after the next vertical blank (few drivers answer).
static inline int clinux_fb_wait_for_vsync(int fd) {
    __u32 crtc = 0;
    return ioctl(fd, FBIO_WAITFORVSYNC, &crtc);
}

/// `KDGETMODE`: the console's mode (`KD_TEXT` or `KD_GRAPHICS`); fails unless `fd` is a virtual terminal.
static inline int clinux_kd_get_mode(int fd, int *mode) {
    return ioctl(fd, KDGETMODE, mode);
}

/// `KDSETMODE`: `KD_GRAPHICS` stops the kernel drawing the text console (and its cursor) over the
/// framebuffer; `KD_TEXT` gives the screen back. The mode is passed by value.
static inline int clinux_kd_set_mode(int fd, int mode) {
    return ioctl(fd, KDSETMODE, (unsigned long)mode);
}

/// `KDGKBMODE`: the console keyboard's mode (`K_XLATE`, `K_UNICODE`, `K_RAW`, `K_MEDIUMRAW`, `K_OFF`).
static inline int clinux_kd_get_keyboard_mode(int fd, int *mode) {
    return ioctl(fd, KDGKBMODE, mode);
}

/// `KDSKBMODE`: `K_OFF` stops the kernel turning keys into console input and console switches
/// (Ctrl+Alt+Fn); the mode is passed by value.
static inline int clinux_kd_set_keyboard_mode(int fd, int mode) {
    return ioctl(fd, KDSKBMODE, (unsigned long)mode);
}

/// `VT_SETMODE`: `VT_PROCESS` makes a switch away (`relsig`) and back (`acqsig`) wait for the
/// process to answer with `VT_RELDISP`; `VT_AUTO` gives switching back to the kernel.
static inline int clinux_vt_set_mode(int fd, char mode, short release_signal, short acquire_signal) {
    struct vt_mode vt = {0};
    vt.mode = mode;
    vt.relsig = release_signal;
    vt.acqsig = acquire_signal;
    return ioctl(fd, VT_SETMODE, &vt);
}

/// `VT_RELDISP`: 1 allows the pending switch away, 0 refuses it, `VT_ACKACQ` acknowledges the
/// switch back. The answer is passed by value.
static inline int clinux_vt_release_display(int fd, int answer) {
    return ioctl(fd, VT_RELDISP, (unsigned long)answer);
}

/// The `VT_ACKACQ` answer for `clinux_vt_release_display` (a macro Swift does not import as a value of the right type).
static inline int clinux_vt_acknowledge_acquire(void) { return VT_ACKACQ; }

/// `EVIOCGSW`: the current state of an evdev device's switches, one bit per `SW_*` code (the
/// headphone jack's `SW_HEADPHONE_INSERT` at start).
static inline int clinux_evdev_switch_state(int fd, unsigned char *bits, int size) {
    return ioctl(fd, EVIOCGSW(size), bits);
}
