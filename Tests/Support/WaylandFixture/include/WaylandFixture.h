#pragma once
// A scripted Wayland compositor on libwayland-server for tests and benchmarks: wl_compositor,
// wl_shm, xdg_wm_base, one wl_seat (touch, pointer, keyboard), zwp_pointer_gestures_v1 (version 3:
// swipe, pinch, hold on the seat's pointer), zwp_text_input_manager_v3 (the text input's requests
// recorded as committed state; enter/leave/preedit/commit/delete/done sent when the test asks),
// zwp_idle_inhibit_manager_v1 (inhibitors counted) and wl_outputs, serving ONE client
// over a socketpair in the same process. Its own thread serves the client's requests as they come
// (so the client may block in a round trip); no input event is sent unless the test calls for it
// (wfx_touch_down, wfx_configure, ...), each sent and flushed at once. Every call takes the
// compositor's lock, so tests call from any thread. Committed buffers of the toplevel surface are
// copied, so tests read back the pixels; a committed buffer is released when the next replaces it.
#include <stdint.h>

typedef struct wfx wfx;

enum {
    WFX_NO_WM_BASE = 1,      // do not advertise xdg_wm_base (the client must refuse to start)
    WFX_NO_SEAT = 2,         // do not advertise wl_seat
    WFX_AUTO_FRAMES = 4,     // answer frame callbacks at commit (benchmarks)
    WFX_NO_INITIAL_CONFIGURE = 8, // do not configure at the first commit (wfx_configure does)
    WFX_NO_POINTER_GESTURES = 16, // do not advertise zwp_pointer_gestures_v1
    WFX_POINTER_GESTURES_V1 = 32, // advertise zwp_pointer_gestures_v1 at version 1 (no hold, no release)
    WFX_NO_TEXT_INPUT = 64,       // do not advertise zwp_text_input_manager_v3
    WFX_NO_IDLE_INHIBIT = 128,    // do not advertise zwp_idle_inhibit_manager_v1
};
enum { WFX_CAP_POINTER = 1, WFX_CAP_KEYBOARD = 2, WFX_CAP_TOUCH = 4 };
enum { WFX_MAX_DAMAGE = 32 };

/// A rectangle in buffer pixels.
struct wfx_rect { int x, y, w, h; };

struct wfx_state {
    int mapped, commits, buffer_w, buffer_h, buffer_scale, distinct_buffers;
    int damage_x, damage_y, damage_w, damage_h;   // bounding box of the last commit's damage (buffer px)
    // Every damage request of the last commit, in order, in buffer pixels (wl_surface.damage scaled
    // by the buffer scale); damage_count may exceed WFX_MAX_DAMAGE (only the first ones are kept).
    int damage_count, damage_buffer_requests;
    struct wfx_rect damage_rects[WFX_MAX_DAMAGE];
    int pending_frames;                           // frame callbacks requested and not yet answered
    int last_commit_attached;                     // the last commit carried a new buffer
    uint64_t last_commit_ns;                      // CLOCK_MONOTONIC when the last commit arrived
    uint64_t last_touch_down_ns;                  // CLOCK_MONOTONIC when the last wl_touch.down was flushed
    uint32_t configure_serial, acked_serial, last_pong;
    // The acked serial as of the last commit: the configure that commit applied (xdg-shell applies
    // an acknowledged configure only at the next wl_surface.commit, and a compositor such as sway
    // holds its transaction, up to 200 ms, until then).
    uint32_t applied_serial;
    int fullscreen_requested, unset_fullscreen_requested, toplevel_destroyed;
    int cursor_sets, cursor_has_buffer, frame_requests;
    int keyboard_bound, pointer_bound, touch_bound, seat_version;
    // zwp_pointer_gestures_v1: the bound version (0: not bound), the swipe/pinch/hold objects the
    // client holds now and has created in all, and whether it released the global.
    int gestures_version, gesture_objects, gesture_objects_created, gestures_released;
    char title[128], app_id[128];
    // zwp_text_input_v3: whether the manager is bound, the text input objects alive and created,
    // and the state as of the client's last commit (double-buffered as the protocol says; enable
    // resets it). Byte offsets and surface coordinates as sent.
    int text_input_bound, text_inputs, text_inputs_created;
    int ti_enabled, ti_enables, ti_disables, ti_commits, ti_surrounding_sets, ti_content_type_sets, ti_cursor_rect_sets;
    char ti_surrounding[512];       // the first 511 bytes; ti_surrounding_bytes is the whole length
    int ti_surrounding_bytes;
    int ti_cursor, ti_anchor, ti_change_cause;
    uint32_t ti_hint, ti_purpose;
    int ti_rect_x, ti_rect_y, ti_rect_w, ti_rect_h;
    // zwp_idle_inhibit_manager_v1: bound, inhibitors alive, created in all, and how many of the
    // alive ones are on the toplevel's surface.
    int idle_inhibit_bound, inhibitors, inhibitors_created, inhibitors_on_toplevel;
    // wl_compositor.create_surface requests in all, and those that came after the toplevel was
    // destroyed (a client shutting down should create nothing more).
    int surfaces_created, surfaces_created_after_toplevel_destroyed;
};

/// Creates the compositor; *client_fd receives the client's end of the socket. NULL on failure.
wfx *wfx_create(unsigned flags, int seat_version, int *client_fd);
void wfx_destroy(wfx *f);
/// The compositor's event loop fd (poll it for client requests).
int wfx_fd(wfx *f);
/// Serves every pending request now (the thread does it within ~2 ms anyway) and flushes.
void wfx_dispatch(wfx *f);
/// Drops the client connection (the client sees the compositor go away).
void wfx_disconnect_client(wfx *f);
void wfx_state(wfx *f, struct wfx_state *out);
/// A pixel of the last committed buffer (ARGB8888), 0 outside it.
uint32_t wfx_pixel(wfx *f, int x, int y);
/// Copies the last committed buffer (buffer_w × buffer_h ARGB8888, rows packed) into `out`, which
/// holds `capacity` pixels; returns the pixel count copied (0 when nothing was committed or it
/// does not fit).
int wfx_copy_pixels(wfx *f, uint32_t *out, int capacity);

void wfx_set_capabilities(wfx *f, unsigned caps);
/// The XKB v1 keymap text sent with wl_keyboard.keymap (set before the client binds a keyboard).
void wfx_set_keymap(wfx *f, const char *text);

void wfx_configure(wfx *f, int width, int height, int fullscreen);
void wfx_close(wfx *f);
void wfx_ping(wfx *f, uint32_t serial);
/// Posts a protocol error on the toplevel's wl_surface.
void wfx_post_error(wfx *f, uint32_t code, const char *message);
int wfx_output_add(wfx *f, int scale, int width, int height);
void wfx_output_remove(wfx *f, int index);
void wfx_surface_enter(wfx *f, int output_index);
/// Answers every pending frame callback of the toplevel surface.
void wfx_frame_done(wfx *f);

void wfx_touch_down(wfx *f, int id, double x, double y);
void wfx_touch_motion(wfx *f, int id, double x, double y);
void wfx_touch_up(wfx *f, int id);
void wfx_touch_frame(wfx *f);
void wfx_touch_cancel(wfx *f);
void wfx_touch_shape(wfx *f, int id, double major, double minor);
void wfx_touch_orientation(wfx *f, int id, double degrees);

void wfx_pointer_enter(wfx *f, double x, double y);
void wfx_pointer_leave(wfx *f);
void wfx_pointer_motion(wfx *f, double x, double y);
void wfx_pointer_button(wfx *f, uint32_t code, int pressed);
void wfx_pointer_axis(wfx *f, int axis, double value);
void wfx_pointer_axis_source(wfx *f, int source);
void wfx_pointer_axis_discrete(wfx *f, int axis, int steps);
void wfx_pointer_axis_value120(wfx *f, int axis, int value120);
void wfx_pointer_axis_stop(wfx *f, int axis);
void wfx_pointer_frame(wfx *f);

void wfx_keyboard_enter(wfx *f, const uint32_t *keys, int count);
void wfx_keyboard_leave(wfx *f);
void wfx_keyboard_key(wfx *f, uint32_t code, int pressed);
void wfx_keyboard_modifiers(wfx *f, uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group);
void wfx_keyboard_repeat_info(wfx *f, int rate, int delay);

// Touchpad gestures on the seat's pointer (zwp_pointer_gesture_{swipe,pinch,hold}_v1), sent to
// the toplevel surface when the client created the object; `cancelled` is 0 or 1.
void wfx_swipe_begin(wfx *f, int fingers);
void wfx_swipe_update(wfx *f, double dx, double dy);
void wfx_swipe_end(wfx *f, int cancelled);
/// `scale` is absolute since begin, `rotation` degrees clockwise since the previous update.
void wfx_pinch_begin(wfx *f, int fingers);
void wfx_pinch_update(wfx *f, double dx, double dy, double scale, double rotation);
void wfx_pinch_end(wfx *f, int cancelled);
void wfx_hold_begin(wfx *f, int fingers);
void wfx_hold_end(wfx *f, int cancelled);

// zwp_text_input_v3 events to the client's text input (the last one created), each flushed at once.
// `enter`/`leave` name the toplevel's surface; `done` carries the number of commits received.
void wfx_text_input_enter(wfx *f);
void wfx_text_input_leave(wfx *f);
void wfx_text_input_preedit(wfx *f, const char *text, int cursor_begin, int cursor_end);
void wfx_text_input_commit_string(wfx *f, const char *text);
void wfx_text_input_delete_surrounding(wfx *f, uint32_t before, uint32_t after);
void wfx_text_input_done(wfx *f);
