#pragma once
// libseat (seatd / systemd-logind seat access), loaded at run time with dlopen("libseat.so.1") so the
// package builds and runs where libseat is not installed. Tiny wrappers over libseat_open_seat,
// libseat_get_fd, libseat_dispatch, libseat_open_device, libseat_close_device,
// libseat_disable_seat, libseat_seat_name and libseat_close_seat; no libseat header is needed.

/// An open seat plus the listener libseat keeps a pointer to (`struct libseat` inside).
typedef struct cseat cseat;

/// Called (from `cseat_dispatch`) when the seat is enabled or disabled; `userdata` as given to `cseat_open`.
typedef void (*cseat_callback)(void *userdata);

/// Loads libseat.so.1 and its symbols once (`dlopen`, `dlsym`). 1 when usable, 0 otherwise.
int cseat_load(void);

/// Why `cseat_load` failed (`dlerror` text, or the missing symbol); NULL when it succeeded.
const char *cseat_load_error(void);

/// libseat's own log level (`libseat_set_log_level`): 0 silent, 1 error, 2 info, 3 debug.
void cseat_set_log_level(int level);

/// Opens a seat (`libseat_open_seat`); NULL with errno set when no seat provider answers
/// (no seatd socket, no logind session) or libseat is not loaded.
cseat *cseat_open(cseat_callback enable, cseat_callback disable, void *userdata);

/// The fd to poll for readability (`libseat_get_fd`).
int cseat_fd(cseat *seat);

/// Reads and handles seat events, waiting up to `timeout_ms` (-1 forever) (`libseat_dispatch`).
/// Calls the enable/disable callbacks. Returns >= 0, or -1 with errno set.
int cseat_dispatch(cseat *seat, int timeout_ms);

/// Opens a device node through the seat (`libseat_open_device`), then makes the fd
/// `O_CLOEXEC | O_NONBLOCK`. Returns the device id and stores the fd, or -1 with errno set.
int cseat_open_device(cseat *seat, const char *path, int *fd);

/// Releases a device id (`libseat_close_device`); the caller still closes the fd.
int cseat_close_device(cseat *seat, int device_id);

/// Acknowledges a disable request (`libseat_disable_seat`); devices must be closed first.
int cseat_disable(cseat *seat);

/// The seat's name, e.g. "seat0" (`libseat_seat_name`).
const char *cseat_name(cseat *seat);

/// Closes the seat and frees the handle (`libseat_close_seat`).
void cseat_close(cseat *seat);
