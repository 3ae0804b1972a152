#include "cseat.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>

// The slice of <libseat.h> we use, declared here so libseat-dev is not needed to build.
struct libseat;
struct libseat_seat_listener {
    void (*enable_seat)(struct libseat *seat, void *userdata);
    void (*disable_seat)(struct libseat *seat, void *userdata);
};

static struct {
    struct libseat *(*open_seat)(const struct libseat_seat_listener *, void *);
    int (*disable_seat)(struct libseat *);
    int (*close_seat)(struct libseat *);
    int (*open_device)(struct libseat *, const char *, int *);
    int (*close_device)(struct libseat *, int);
    const char *(*seat_name)(struct libseat *);
    int (*get_fd)(struct libseat *);
    int (*dispatch)(struct libseat *, int);
    void (*set_log_level)(int);
} api;

static int loaded;
static const char *load_error;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

struct cseat {
    struct libseat *seat;
    // libseat keeps a pointer to the listener for the seat's life: it lives here.
    struct libseat_seat_listener listener;
    cseat_callback enable, disable;
    void *userdata;
};

static void load(void) {
    void *lib = dlopen("libseat.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) { load_error = dlerror(); return; }
#define SYM(field, name) \
    if (!(*(void **)&api.field = dlsym(lib, name))) { load_error = "libseat.so.1 lacks " name; return; }
    SYM(open_seat, "libseat_open_seat")
    SYM(disable_seat, "libseat_disable_seat")
    SYM(close_seat, "libseat_close_seat")
    SYM(open_device, "libseat_open_device")
    SYM(close_device, "libseat_close_device")
    SYM(seat_name, "libseat_seat_name")
    SYM(get_fd, "libseat_get_fd")
    SYM(dispatch, "libseat_dispatch")
    SYM(set_log_level, "libseat_set_log_level")
#undef SYM
    loaded = 1;
}

int cseat_load(void) {
    pthread_once(&load_once, load);
    return loaded;
}

const char *cseat_load_error(void) { return cseat_load() ? NULL : load_error; }

void cseat_set_log_level(int level) {
    if (cseat_load()) api.set_log_level(level);
}

static void on_enable(struct libseat *seat, void *userdata) {
    (void)seat;
    cseat *s = userdata;
    if (s->enable) s->enable(s->userdata);
}

static void on_disable(struct libseat *seat, void *userdata) {
    (void)seat;
    cseat *s = userdata;
    if (s->disable) s->disable(s->userdata);
}

cseat *cseat_open(cseat_callback enable, cseat_callback disable, void *userdata) {
    if (!cseat_load()) { errno = ENOSYS; return NULL; }
    cseat *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->listener.enable_seat = on_enable;
    s->listener.disable_seat = on_disable;
    s->enable = enable;
    s->disable = disable;
    s->userdata = userdata;
    s->seat = api.open_seat(&s->listener, s);
    if (!s->seat) {
        int saved = errno;
        free(s);
        errno = saved ? saved : ENOENT;
        return NULL;
    }
    return s;
}

int cseat_fd(cseat *s) { return api.get_fd(s->seat); }

int cseat_dispatch(cseat *s, int timeout_ms) { return api.dispatch(s->seat, timeout_ms); }

int cseat_open_device(cseat *s, const char *path, int *fd) {
    int id = api.open_device(s->seat, path, fd);
    if (id < 0) {
        if (errno == 0) errno = EIO;
        return -1;
    }
    // The fd arrives over the seat socket: make sure it never leaks into children or blocks.
    fcntl(*fd, F_SETFD, fcntl(*fd, F_GETFD) | FD_CLOEXEC);
    fcntl(*fd, F_SETFL, fcntl(*fd, F_GETFL) | O_NONBLOCK);
    return id;
}

int cseat_close_device(cseat *s, int device_id) { return api.close_device(s->seat, device_id); }

int cseat_disable(cseat *s) { return api.disable_seat(s->seat); }

const char *cseat_name(cseat *s) { return api.seat_name(s->seat); }

void cseat_close(cseat *s) {
    if (!s) return;
    api.close_seat(s->seat);
    free(s);
}
