#pragma once
// umockdev's testbed (emulated sysfs + /dev nodes), loaded at run time with
// dlopen("libumockdev.so.0") like CSeat loads libseat: linking nothing keeps every program that
// merely can replay (input-trace, which also reads real devices) free of a umockdev dependency,
// and the package builds without libumockdev-dev. Tiny wrappers over umockdev_testbed_new,
// _get_root_dir, _load_ioctl, _add_from_string, _uevent, _remove_device, _get_dev_fd and
// g_object_unref / g_error_free; no umockdev or GLib header is needed.

/// An umockdev testbed (`UMockdevTestbed *`).
typedef struct cumockdev_testbed cumockdev_testbed;

/// Loads libumockdev.so.0 and its symbols once (`dlopen`, `dlsym`). 1 when usable, 0 otherwise.
int cumockdev_load(void);

/// Why `cumockdev_load` failed (`dlerror` text, or the missing symbol); NULL when it succeeded.
const char *cumockdev_load_error(void);

/// A new testbed (`umockdev_testbed_new`); NULL when libumockdev is not loaded.
cumockdev_testbed *cumockdev_testbed_new(void);

/// The testbed's root folder (`$UMOCKDEV_DIR`), malloc'ed; the caller frees it.
char *cumockdev_testbed_root(cumockdev_testbed *testbed);

/// Releases the testbed (`g_object_unref`), which removes its root folder.
void cumockdev_testbed_free(cumockdev_testbed *testbed);

/// `umockdev_testbed_load_ioctl`: 1 on success, else 0 with `*message` a malloc'ed reason.
int cumockdev_testbed_load_ioctl(cumockdev_testbed *testbed, const char *node, const char *record, char **message);

/// `umockdev_testbed_add_from_string`: 1 on success, else 0 with `*message` a malloc'ed reason.
int cumockdev_testbed_add_from_string(cumockdev_testbed *testbed, const char *description, char **message);

/// Sends a uevent (`umockdev_testbed_uevent`), e.g. "remove".
void cumockdev_testbed_uevent(cumockdev_testbed *testbed, const char *syspath, const char *action);

/// Removes a device and its node (`umockdev_testbed_remove_device`).
void cumockdev_testbed_remove_device(cumockdev_testbed *testbed, const char *syspath);

/// The pty master behind an emulated node (`umockdev_testbed_get_dev_fd`), or -1.
int cumockdev_testbed_dev_fd(cumockdev_testbed *testbed, const char *node);
