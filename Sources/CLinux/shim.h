#pragma once
// Linux APIs that Swift's Glibc module does not export: epoll, timerfd, signalfd, eventfd, and the
// evdev event struct the emulated devices are written with.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <signal.h>
#include <fcntl.h>
#include <unistd.h>
#include <spawn.h>
#include <sys/wait.h>
#include <linux/input.h>

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

/// pipe2(O_CLOEXEC | O_NONBLOCK) without _GNU_SOURCE: a pipe whose ends close on exec and never block.
static inline int clinux_pipe_nonblocking(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    return 0;
}
