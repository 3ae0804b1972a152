/*
 * Test only. LD_PRELOAD stand-in for libseat, for running a real wlroots compositor (sway) with
 * WLR_BACKENDS=headless,libinput as an unprivileged user under umockdev in the tests.
 * libseat 0.7's "noop" backend never enables the seat, and its builtin backend forks a seatd
 * that dies under umockdev. This one enables the seat at the first dispatch and opens devices
 * with plain open(), which umockdev's preload redirects to the emulated nodes. Seat "seat0".
 * Load it before the compat shim and libumockdev-preload.so.0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

struct libseat;
struct libseat_seat_listener {
    void (*enable_seat)(struct libseat *seat, void *userdata);
    void (*disable_seat)(struct libseat *seat, void *userdata);
};
struct libseat {
    const struct libseat_seat_listener *listener;
    void *userdata;
    int fds[2];
    int enabled;
};

struct libseat *libseat_open_seat(const struct libseat_seat_listener *listener, void *userdata) {
    struct libseat *seat = calloc(1, sizeof *seat);
    if (!seat) return NULL;
    seat->listener = listener;
    seat->userdata = userdata;
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, seat->fds) != 0) { free(seat); return NULL; }
    /* Readable at once: the compositor's event loop calls libseat_dispatch, which enables. */
    if (write(seat->fds[1], "x", 1) != 1) { close(seat->fds[0]); close(seat->fds[1]); free(seat); return NULL; }
    return seat;
}

int libseat_dispatch(struct libseat *seat, int timeout) {
    (void)timeout;
    if (!seat->enabled) {
        char c;
        if (read(seat->fds[0], &c, 1) < 0) return -1;
        seat->enabled = 1;
        seat->listener->enable_seat(seat, seat->userdata);
    }
    return 0;
}

int libseat_get_fd(struct libseat *seat) { return seat->fds[0]; }
const char *libseat_seat_name(struct libseat *seat) { (void)seat; return "seat0"; }

int libseat_open_device(struct libseat *seat, const char *path, int *fd) {
    (void)seat;
    int f = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (f < 0) return -1;
    *fd = f;
    return f; /* the device id is the fd */
}

int libseat_close_device(struct libseat *seat, int device_id) { (void)seat; (void)device_id; return 0; }
int libseat_disable_seat(struct libseat *seat) { (void)seat; return 0; }
int libseat_switch_session(struct libseat *seat, int session) { (void)seat; (void)session; errno = EOPNOTSUPP; return -1; }
int libseat_close_seat(struct libseat *seat) {
    close(seat->fds[0]);
    close(seat->fds[1]);
    free(seat);
    return 0;
}
void libseat_set_log_handler(void *handler) { (void)handler; }
void libseat_set_log_level(int level) { (void)level; }
