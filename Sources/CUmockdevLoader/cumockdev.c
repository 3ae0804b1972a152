#include "cumockdev.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// The slice of GLib and <umockdev.h> we use, declared here so no -dev package is needed to build.
typedef struct { unsigned int domain; int code; char *message; } gerror;

static struct {
    cumockdev_testbed *(*testbed_new)(void);
    char *(*get_root_dir)(cumockdev_testbed *);
    int (*load_ioctl)(cumockdev_testbed *, const char *, const char *, gerror **);
    int (*add_from_string)(cumockdev_testbed *, const char *, gerror **);
    void (*uevent)(cumockdev_testbed *, const char *, const char *);
    void (*remove_device)(cumockdev_testbed *, const char *);
    int (*get_dev_fd)(cumockdev_testbed *, const char *);
    void (*object_unref)(void *);
    void (*error_free)(gerror *);
    void (*free)(void *);
} api;

static int loaded;
static const char *load_error;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *lib = dlopen("libumockdev.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) { load_error = dlerror(); return; }
    // GLib's functions come from libumockdev's own dependencies (dlsym searches them too).
#define SYM(field, name) \
    if (!(*(void **)&api.field = dlsym(lib, name))) { load_error = "libumockdev.so.0 lacks " name; return; }
    SYM(testbed_new, "umockdev_testbed_new")
    SYM(get_root_dir, "umockdev_testbed_get_root_dir")
    SYM(load_ioctl, "umockdev_testbed_load_ioctl")
    SYM(add_from_string, "umockdev_testbed_add_from_string")
    SYM(uevent, "umockdev_testbed_uevent")
    SYM(remove_device, "umockdev_testbed_remove_device")
    SYM(get_dev_fd, "umockdev_testbed_get_dev_fd")
    SYM(object_unref, "g_object_unref")
    SYM(error_free, "g_error_free")
    SYM(free, "g_free")
#undef SYM
    loaded = 1;
}

int cumockdev_load(void) {
    pthread_once(&load_once, load);
    return loaded;
}

const char *cumockdev_load_error(void) { return cumockdev_load() ? NULL : load_error; }

cumockdev_testbed *cumockdev_testbed_new(void) { return cumockdev_load() ? api.testbed_new() : NULL; }

char *cumockdev_testbed_root(cumockdev_testbed *testbed) {
    char *owned = api.get_root_dir(testbed);
    char *copy = owned ? strdup(owned) : NULL;
    api.free(owned);
    return copy;
}

void cumockdev_testbed_free(cumockdev_testbed *testbed) {
    if (testbed) api.object_unref(testbed);
}

/// Hands a GError's message over as a malloc'ed string and frees the error.
static int result(int ok, gerror *error, char **message) {
    if (ok) return 1;
    if (message) *message = strdup(error && error->message ? error->message : "unknown error");
    if (error) api.error_free(error);
    return 0;
}

int cumockdev_testbed_load_ioctl(cumockdev_testbed *testbed, const char *node, const char *record, char **message) {
    gerror *error = NULL;
    return result(api.load_ioctl(testbed, node, record, &error), error, message);
}

int cumockdev_testbed_add_from_string(cumockdev_testbed *testbed, const char *description, char **message) {
    gerror *error = NULL;
    return result(api.add_from_string(testbed, description, &error), error, message);
}

void cumockdev_testbed_uevent(cumockdev_testbed *testbed, const char *syspath, const char *action) {
    api.uevent(testbed, syspath, action);
}

void cumockdev_testbed_remove_device(cumockdev_testbed *testbed, const char *syspath) {
    api.remove_device(testbed, syspath);
}

int cumockdev_testbed_dev_fd(cumockdev_testbed *testbed, const char *node) {
    return api.get_dev_fd(testbed, node);
}
