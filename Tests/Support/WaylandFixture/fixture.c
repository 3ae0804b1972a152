// The fixture compositor (see WaylandFixture.h). One client, one toplevel, one seat, a serving
// thread; every event is sent only when the test asks. Written for determinism, not for completeness:
// requests it does not care about are accepted and ignored.
#define _GNU_SOURCE
#include "WaylandFixture.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <poll.h>
#include <stdatomic.h>
#include <pthread.h>
#include <wayland-server.h>
#include "../protocol/xdg-shell-server-protocol.h"
#include "../protocol/pointer-gestures-unstable-v1-server-protocol.h"
#include "../protocol/text-input-unstable-v3-server-protocol.h"
#include "../protocol/idle-inhibit-unstable-v1-server-protocol.h"

#define MAX_OUTPUTS 8
#define MAX_FRAMES 32
#define MAX_BUFFERS 64

struct wfx {
    pthread_mutex_t lock;     // recursive: the compositor thread and the test's calls take turns
    pthread_t thread;
    atomic_int running;       // cleared by wfx_destroy to stop the thread
    unsigned flags;
    int seat_version;
    struct wl_display *display;
    struct wl_event_loop *loop;
    struct wl_client *client;
    struct wl_global *outputs[MAX_OUTPUTS];
    struct wl_resource *output_res[MAX_OUTPUTS];
    int output_scale[MAX_OUTPUTS], output_w[MAX_OUTPUTS], output_h[MAX_OUTPUTS];
    struct wl_resource *wm, *seat, *touch, *pointer, *keyboard;
    struct wl_resource *swipe, *pinch, *hold;   // the gesture objects of the client's pointer
    struct wl_resource *text_input;             // the client's latest zwp_text_input_v3
    // The text input's pending (uncommitted) state: 1 enable, 2 disable, 0 neither.
    int ti_pending_enable, ti_pending_surrounding, ti_pending_content, ti_pending_rect, ti_pending_cause;
    char ti_p_text[512];
    int ti_p_cursor, ti_p_anchor, ti_p_cause, ti_p_x, ti_p_y, ti_p_w, ti_p_h, ti_p_bytes;
    uint32_t ti_p_hint, ti_p_purpose;
    struct wl_resource *surface, *xdg_surface, *toplevel, *cursor_surface, *other_with_buffer;
    struct wl_resource *pending_buffer, *held_buffer;
    struct wl_listener pending_gone, held_gone, client_gone;   // buffers the client destroys while we point at them
    struct wl_resource *frames[MAX_FRAMES];
    int nframes;
    struct wl_resource *seen_buffers[MAX_BUFFERS];
    int dmg_x0, dmg_y0, dmg_x1, dmg_y1, dmg_any, pending_scale;
    int dmg_count, dmg_buffer_requests;
    struct wfx_rect dmg_rects[WFX_MAX_DAMAGE];
    unsigned caps;
    char *keymap;
    uint32_t *shot;
    struct wfx_state st;
};

#define LOCK(f) pthread_mutex_lock(&(f)->lock)
#define UNLOCK(f) pthread_mutex_unlock(&(f)->lock)

static uint32_t now_ms(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}
static uint32_t serial(wfx *f) { return wl_display_next_serial(f->display); }
static wfx *F(struct wl_resource *r) { return wl_resource_get_user_data(r); }
static void destroy_req(struct wl_client *c, struct wl_resource *r) { (void)c; wl_resource_destroy(r); }

/* ---- buffer references that survive the client destroying the buffer ---- */
static void pending_destroyed(struct wl_listener *l, void *d) { (void)d; wfx *f = wl_container_of(l, f, pending_gone); f->pending_buffer = NULL; wl_list_remove(&l->link); wl_list_init(&l->link); }
static void held_destroyed(struct wl_listener *l, void *d) { (void)d; wfx *f = wl_container_of(l, f, held_gone); f->held_buffer = NULL; wl_list_remove(&l->link); wl_list_init(&l->link); }
static void track(struct wl_resource **slot, struct wl_listener *l, struct wl_resource *b) {
    wl_list_remove(&l->link); wl_list_init(&l->link);
    *slot = b;
    if (b) wl_resource_add_destroy_listener(b, l);
}

static void frame_gone(struct wl_resource *r);

/* ---- wl_surface ---- */
static void s_attach(struct wl_client *c, struct wl_resource *r, struct wl_resource *b, int32_t x, int32_t y) {
    (void)c; (void)x; (void)y; if (r == F(r)->surface) track(&F(r)->pending_buffer, &F(r)->pending_gone, b);
    else if (b) F(r)->other_with_buffer = r;   /* a cursor surface gets its buffer before set_cursor */
}
static uint64_t now_ns(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
static void add_damage(wfx *f, int x, int y, int w, int h) {
    if (f->dmg_count < WFX_MAX_DAMAGE) f->dmg_rects[f->dmg_count] = (struct wfx_rect){ x, y, w, h };
    f->dmg_count++;
    if (!f->dmg_any) { f->dmg_x0 = x; f->dmg_y0 = y; f->dmg_x1 = x + w; f->dmg_y1 = y + h; f->dmg_any = 1; return; }
    if (x < f->dmg_x0) f->dmg_x0 = x; if (y < f->dmg_y0) f->dmg_y0 = y;
    if (x + w > f->dmg_x1) f->dmg_x1 = x + w; if (y + h > f->dmg_y1) f->dmg_y1 = y + h;
}
static void s_damage(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)c; wfx *f = F(r); if (r != f->surface) return;
    int s = f->pending_scale ? f->pending_scale : (f->st.buffer_scale ? f->st.buffer_scale : 1);
    add_damage(f, x * s, y * s, w * s, h * s);
}
static void s_damage_buffer(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)c; if (r != F(r)->surface) return;
    F(r)->dmg_buffer_requests++;
    add_damage(F(r), x, y, w, h);
}
static void s_frame(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    wfx *f = F(r);
    struct wl_resource *cb = wl_resource_create(c, &wl_callback_interface, 1, id);
    wl_resource_set_implementation(cb, NULL, f, frame_gone);
    if (r != f->surface || f->nframes == MAX_FRAMES) { wl_callback_send_done(cb, now_ms()); wl_resource_destroy(cb); return; }
    f->frames[f->nframes++] = cb;
    f->st.frame_requests++;
}
static void s_region(struct wl_client *c, struct wl_resource *r, struct wl_resource *g) { (void)c; (void)r; (void)g; }
static void s_transform(struct wl_client *c, struct wl_resource *r, int32_t t) { (void)c; (void)r; (void)t; }
static void s_scale(struct wl_client *c, struct wl_resource *r, int32_t s) { (void)c; if (r == F(r)->surface) F(r)->pending_scale = s; }
static void configure_now(wfx *f, int w, int h, int fullscreen);
static void s_commit(struct wl_client *c, struct wl_resource *r) {
    (void)c; wfx *f = F(r);
    if (r != f->surface) return;
    f->st.last_commit_ns = now_ns();
    f->st.commits++;
    f->st.applied_serial = f->st.acked_serial;
    f->st.last_commit_attached = f->pending_buffer != NULL;
    if (f->pending_scale) { f->st.buffer_scale = f->pending_scale; f->pending_scale = 0; }
    if (f->pending_buffer) {
        struct wl_shm_buffer *b = wl_shm_buffer_get(f->pending_buffer);
        if (b) {
            int w = wl_shm_buffer_get_width(b), h = wl_shm_buffer_get_height(b), stride = wl_shm_buffer_get_stride(b);
            f->shot = realloc(f->shot, (size_t)w * h * 4);
            f->st.buffer_w = w; f->st.buffer_h = h;
            wl_shm_buffer_begin_access(b);
            for (int y = 0; y < h; y++) memcpy(f->shot + (size_t)y * w, (char *)wl_shm_buffer_get_data(b) + (size_t)y * stride, (size_t)w * 4);
            wl_shm_buffer_end_access(b);
        }
        int known = 0;
        for (int i = 0; i < f->st.distinct_buffers && i < MAX_BUFFERS; i++) if (f->seen_buffers[i] == f->pending_buffer) known = 1;
        if (!known && f->st.distinct_buffers < MAX_BUFFERS) f->seen_buffers[f->st.distinct_buffers++] = f->pending_buffer;
        // Like a real compositor: the previous buffer is released once a new one replaces it.
        if (f->held_buffer && f->held_buffer != f->pending_buffer) wl_buffer_send_release(f->held_buffer);
        track(&f->held_buffer, &f->held_gone, f->pending_buffer);
        track(&f->pending_buffer, &f->pending_gone, NULL);
        if (f->toplevel) f->st.mapped = 1;
    } else if (f->xdg_surface && !f->st.mapped && !f->st.configure_serial && !(f->flags & WFX_NO_INITIAL_CONFIGURE)) {
        configure_now(f, 0, 0, f->st.fullscreen_requested);   // the initial commit: "pick your size"
    }
    if (f->dmg_any) {
        f->st.damage_x = f->dmg_x0; f->st.damage_y = f->dmg_y0;
        f->st.damage_w = f->dmg_x1 - f->dmg_x0; f->st.damage_h = f->dmg_y1 - f->dmg_y0;
        f->dmg_any = 0;
    } else { f->st.damage_x = f->st.damage_y = f->st.damage_w = f->st.damage_h = 0; }
    f->st.damage_count = f->dmg_count;
    f->st.damage_buffer_requests = f->dmg_buffer_requests;
    memcpy(f->st.damage_rects, f->dmg_rects, sizeof f->dmg_rects);
    f->dmg_count = f->dmg_buffer_requests = 0;
    if (f->flags & WFX_AUTO_FRAMES) wfx_frame_done(f);
}
static const struct wl_surface_interface surface_impl = {
    destroy_req, s_attach, s_damage, s_frame, s_region, s_region, s_commit, s_transform, s_scale, s_damage_buffer, NULL };
static void surface_gone(struct wl_resource *r) {
    wfx *f = F(r);
    if (r == f->surface) { f->surface = NULL; f->nframes = 0; }
    if (r == f->cursor_surface) f->cursor_surface = NULL;
    if (r == f->other_with_buffer) f->other_with_buffer = NULL;
}
static void frame_gone(struct wl_resource *r) {
    wfx *f = F(r);
    for (int i = 0; i < f->nframes; i++) if (f->frames[i] == r) { f->frames[i] = f->frames[--f->nframes]; break; }
}

/* ---- wl_region, wl_compositor ---- */
static void rg_op(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) { (void)c; (void)r; (void)x; (void)y; (void)w; (void)h; }
static const struct wl_region_interface region_impl = { destroy_req, rg_op, rg_op };
static void c_create_surface(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    struct wl_resource *s = wl_resource_create(c, &wl_surface_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(s, &surface_impl, F(r), surface_gone);
    F(r)->st.surfaces_created++;
    if (F(r)->st.toplevel_destroyed) F(r)->st.surfaces_created_after_toplevel_destroyed++;
}
static void c_create_region(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    wl_resource_set_implementation(wl_resource_create(c, &wl_region_interface, 1, id), &region_impl, F(r), NULL);
}
static const struct wl_compositor_interface compositor_impl = { c_create_surface, c_create_region };
static void bind_compositor(struct wl_client *c, void *d, uint32_t v, uint32_t id) {
    wl_resource_set_implementation(wl_resource_create(c, &wl_compositor_interface, (int)v, id), &compositor_impl, d, NULL);
}

/* ---- xdg_toplevel / xdg_surface / xdg_wm_base ---- */
static void tl_title(struct wl_client *c, struct wl_resource *r, const char *s) { (void)c; strncpy(F(r)->st.title, s, 127); }
static void tl_app_id(struct wl_client *c, struct wl_resource *r, const char *s) { (void)c; strncpy(F(r)->st.app_id, s, 127); }
static void tl_parent(struct wl_client *c, struct wl_resource *r, struct wl_resource *p) { (void)c; (void)r; (void)p; }
static void tl_menu(struct wl_client *c, struct wl_resource *r, struct wl_resource *s, uint32_t a, int32_t x, int32_t y) { (void)c; (void)r; (void)s; (void)a; (void)x; (void)y; }
static void tl_move(struct wl_client *c, struct wl_resource *r, struct wl_resource *s, uint32_t a) { (void)c; (void)r; (void)s; (void)a; }
static void tl_resize(struct wl_client *c, struct wl_resource *r, struct wl_resource *s, uint32_t a, uint32_t e) { (void)c; (void)r; (void)s; (void)a; (void)e; }
static void tl_size(struct wl_client *c, struct wl_resource *r, int32_t w, int32_t h) { (void)c; (void)r; (void)w; (void)h; }
static void tl_noop(struct wl_client *c, struct wl_resource *r) { (void)c; (void)r; }
static void tl_fs(struct wl_client *c, struct wl_resource *r, struct wl_resource *o) { (void)c; (void)o; F(r)->st.fullscreen_requested = 1; }
static void tl_unfs(struct wl_client *c, struct wl_resource *r) { (void)c; F(r)->st.fullscreen_requested = 0; F(r)->st.unset_fullscreen_requested = 1; }
static const struct xdg_toplevel_interface toplevel_impl = {
    destroy_req, tl_parent, tl_title, tl_app_id, tl_menu, tl_move, tl_resize, tl_size, tl_size,
    tl_noop, tl_noop, tl_fs, tl_unfs, tl_noop };
static void toplevel_gone(struct wl_resource *r) { wfx *f = F(r); if (r == f->toplevel) { f->toplevel = NULL; f->st.toplevel_destroyed = 1; } }
static void xs_get_toplevel(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    wfx *f = F(r);
    f->toplevel = wl_resource_create(c, &xdg_toplevel_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(f->toplevel, &toplevel_impl, f, toplevel_gone);
}
static void xs_get_popup(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *p, struct wl_resource *pos) {
    (void)c; (void)id; (void)p; (void)pos; wl_resource_post_error(r, 0, "the fixture has no popups");
}
static void xs_geom(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) { (void)c; (void)r; (void)x; (void)y; (void)w; (void)h; }
static void xs_ack(struct wl_client *c, struct wl_resource *r, uint32_t s) { (void)c; F(r)->st.acked_serial = s; }
static const struct xdg_surface_interface xdg_surface_impl = { destroy_req, xs_get_toplevel, xs_get_popup, xs_geom, xs_ack };
static void xdg_surface_gone(struct wl_resource *r) { wfx *f = F(r); if (r == f->xdg_surface) f->xdg_surface = NULL; }
static void wm_positioner(struct wl_client *c, struct wl_resource *r, uint32_t id) { (void)c; (void)id; wl_resource_post_error(r, 0, "no positioners"); }
static void wm_get_xdg_surface(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *s) {
    wfx *f = F(r);
    f->surface = s;
    f->xdg_surface = wl_resource_create(c, &xdg_surface_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(f->xdg_surface, &xdg_surface_impl, f, xdg_surface_gone);
}
static void wm_pong(struct wl_client *c, struct wl_resource *r, uint32_t s) { (void)c; F(r)->st.last_pong = s; }
static void wm_gone(struct wl_resource *r) { if (F(r)->wm == r) F(r)->wm = NULL; }
static const struct xdg_wm_base_interface wm_impl = { destroy_req, wm_positioner, wm_get_xdg_surface, wm_pong };
static void bind_wm(struct wl_client *c, void *d, uint32_t v, uint32_t id) {
    wfx *f = d;
    f->wm = wl_resource_create(c, &xdg_wm_base_interface, (int)v, id);
    wl_resource_set_implementation(f->wm, &wm_impl, d, wm_gone);
}

/* ---- wl_output ---- */
static const struct wl_output_interface output_impl = { destroy_req };
static void output_gone(struct wl_resource *r) { wfx *f = F(r); for (int i = 0; i < MAX_OUTPUTS; i++) if (f->output_res[i] == r) f->output_res[i] = NULL; }
static void bind_output(struct wl_client *c, void *d, uint32_t v, uint32_t id) {
    wfx *f = d; int i;
    for (i = 0; i < MAX_OUTPUTS; i++) if (f->outputs[i] && wl_global_get_user_data(f->outputs[i]) == d && !f->output_res[i]) break;
    struct wl_resource *r = wl_resource_create(c, &wl_output_interface, (int)v, id);
    wl_resource_set_implementation(r, &output_impl, f, output_gone);
    if (i == MAX_OUTPUTS) return;
    f->output_res[i] = r;
    wl_output_send_geometry(r, 0, 0, 300, 200, WL_OUTPUT_SUBPIXEL_UNKNOWN, "fixture", "output", WL_OUTPUT_TRANSFORM_NORMAL);
    wl_output_send_mode(r, WL_OUTPUT_MODE_CURRENT, f->output_w[i], f->output_h[i], 60000);
    if (v >= 2) wl_output_send_scale(r, f->output_scale[i]);
    if (v >= 4) wl_output_send_name(r, "FIXTURE-1");
    if (v >= 2) wl_output_send_done(r);
}

/* ---- wl_seat ---- */
static void clear_input(struct wl_resource *r) {
    wfx *f = F(r);
    if (r == f->touch) f->touch = NULL;
    if (r == f->pointer) f->pointer = NULL;
    if (r == f->keyboard) f->keyboard = NULL;
}
static void p_set_cursor(struct wl_client *c, struct wl_resource *r, uint32_t s, struct wl_resource *sf, int32_t x, int32_t y) {
    (void)c; (void)s; (void)x; (void)y; wfx *f = F(r); f->st.cursor_sets++; if (sf) { f->cursor_surface = sf; f->st.cursor_has_buffer = sf == f->other_with_buffer; }
}
static const struct wl_pointer_interface pointer_impl = { p_set_cursor, destroy_req };
static const struct wl_keyboard_interface keyboard_impl = { destroy_req };
static const struct wl_touch_interface touch_impl = { destroy_req };
static void send_keymap(wfx *f) {
    if (!f->keyboard || !f->keymap) return;
    size_t len = strlen(f->keymap) + 1;
    int fd = memfd_create("fixture-keymap", MFD_CLOEXEC);
    if (fd < 0) return;
    if (write(fd, f->keymap, len) == (ssize_t)len) wl_keyboard_send_keymap(f->keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)len);
    close(fd);
}
static void seat_get_pointer(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    wfx *f = F(r);
    f->pointer = wl_resource_create(c, &wl_pointer_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(f->pointer, &pointer_impl, f, clear_input);
    f->st.pointer_bound++;
}
static void seat_get_keyboard(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    wfx *f = F(r);
    f->keyboard = wl_resource_create(c, &wl_keyboard_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(f->keyboard, &keyboard_impl, f, clear_input);
    f->st.keyboard_bound++;
    send_keymap(f);
}
static void seat_get_touch(struct wl_client *c, struct wl_resource *r, uint32_t id) {
    wfx *f = F(r);
    f->touch = wl_resource_create(c, &wl_touch_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(f->touch, &touch_impl, f, clear_input);
    f->st.touch_bound++;
}
static const struct wl_seat_interface seat_impl = { seat_get_pointer, seat_get_keyboard, seat_get_touch, destroy_req };
static void seat_gone(struct wl_resource *r) { if (F(r)->seat == r) F(r)->seat = NULL; }
static void bind_seat(struct wl_client *c, void *d, uint32_t v, uint32_t id) {
    wfx *f = d;
    f->seat = wl_resource_create(c, &wl_seat_interface, (int)v, id);
    wl_resource_set_implementation(f->seat, &seat_impl, f, seat_gone);
    f->st.seat_version = (int)v;
    wl_seat_send_capabilities(f->seat, f->caps);
    if (v >= 2) wl_seat_send_name(f->seat, "fixture-seat");
}

/* ---- zwp_pointer_gestures_v1 ---- */
static void gesture_gone(struct wl_resource *r) {
    wfx *f = F(r);
    if (r == f->swipe) f->swipe = NULL;
    if (r == f->pinch) f->pinch = NULL;
    if (r == f->hold) f->hold = NULL;
    f->st.gesture_objects--;
}
static const struct zwp_pointer_gesture_swipe_v1_interface swipe_impl = { destroy_req };
static const struct zwp_pointer_gesture_pinch_v1_interface pinch_impl = { destroy_req };
static const struct zwp_pointer_gesture_hold_v1_interface hold_impl = { destroy_req };
static struct wl_resource *make_gesture(struct wl_client *c, struct wl_resource *r, const struct wl_interface *iface,
                                        const void *impl, uint32_t id, struct wl_resource *pointer) {
    wfx *f = F(r);
    struct wl_resource *g = wl_resource_create(c, iface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(g, impl, f, gesture_gone);
    f->st.gesture_objects++;
    f->st.gesture_objects_created++;
    return pointer == f->pointer ? g : NULL;   // only the seat pointer's gestures are driven
}
static void pg_swipe(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *p) {
    struct wl_resource *g = make_gesture(c, r, &zwp_pointer_gesture_swipe_v1_interface, &swipe_impl, id, p); if (g) F(r)->swipe = g;
}
static void pg_pinch(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *p) {
    struct wl_resource *g = make_gesture(c, r, &zwp_pointer_gesture_pinch_v1_interface, &pinch_impl, id, p); if (g) F(r)->pinch = g;
}
static void pg_hold(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *p) {
    struct wl_resource *g = make_gesture(c, r, &zwp_pointer_gesture_hold_v1_interface, &hold_impl, id, p); if (g) F(r)->hold = g;
}
static void pg_release(struct wl_client *c, struct wl_resource *r) { F(r)->st.gestures_released++; destroy_req(c, r); }
static const struct zwp_pointer_gestures_v1_interface gestures_impl = { pg_swipe, pg_pinch, pg_release, pg_hold };
static void bind_gestures(struct wl_client *c, void *d, uint32_t v, uint32_t id) {
    wfx *f = d;
    struct wl_resource *r = wl_resource_create(c, &zwp_pointer_gestures_v1_interface, (int)v, id);
    wl_resource_set_implementation(r, &gestures_impl, f, NULL);
    f->st.gestures_version = (int)v;
}

/* ---- zwp_text_input_manager_v3 ---- */
static void ti_gone(struct wl_resource *r) {
    wfx *f = F(r);
    if (r == f->text_input) f->text_input = NULL;
    f->st.text_inputs--;
}
static void ti_enable(struct wl_client *c, struct wl_resource *r) { (void)c; F(r)->ti_pending_enable = 1; }
static void ti_disable(struct wl_client *c, struct wl_resource *r) { (void)c; F(r)->ti_pending_enable = 2; }
static void ti_surrounding(struct wl_client *c, struct wl_resource *r, const char *text, int32_t cursor, int32_t anchor) {
    (void)c; wfx *f = F(r);
    snprintf(f->ti_p_text, sizeof f->ti_p_text, "%s", text ? text : "");
    f->ti_p_bytes = text ? (int)strlen(text) : 0;
    f->ti_p_cursor = cursor; f->ti_p_anchor = anchor; f->ti_pending_surrounding = 1;
}
static void ti_cause(struct wl_client *c, struct wl_resource *r, uint32_t cause) { (void)c; F(r)->ti_p_cause = (int)cause; F(r)->ti_pending_cause = 1; }
static void ti_content(struct wl_client *c, struct wl_resource *r, uint32_t hint, uint32_t purpose) {
    (void)c; wfx *f = F(r); f->ti_p_hint = hint; f->ti_p_purpose = purpose; f->ti_pending_content = 1;
}
static void ti_rect(struct wl_client *c, struct wl_resource *r, int32_t x, int32_t y, int32_t w, int32_t h) {
    (void)c; wfx *f = F(r); f->ti_p_x = x; f->ti_p_y = y; f->ti_p_w = w; f->ti_p_h = h; f->ti_pending_rect = 1;
}
static void ti_commit(struct wl_client *c, struct wl_resource *r) {
    (void)c; wfx *f = F(r);
    if (r != f->text_input) return;
    struct wfx_state *s = &f->st;
    if (f->ti_pending_enable == 1) {   // enable resets the state to its initial values
        s->ti_enabled = 1; s->ti_enables++;
        s->ti_surrounding[0] = 0; s->ti_surrounding_bytes = 0; s->ti_cursor = s->ti_anchor = 0; s->ti_change_cause = 0;
        s->ti_hint = s->ti_purpose = 0; s->ti_rect_x = s->ti_rect_y = s->ti_rect_w = s->ti_rect_h = 0;
    } else if (f->ti_pending_enable == 2) { s->ti_enabled = 0; s->ti_disables++; }
    if (f->ti_pending_surrounding) {
        memcpy(s->ti_surrounding, f->ti_p_text, sizeof s->ti_surrounding);
        s->ti_cursor = f->ti_p_cursor; s->ti_anchor = f->ti_p_anchor; s->ti_surrounding_sets++;
        s->ti_surrounding_bytes = f->ti_p_bytes;
    }
    if (f->ti_pending_cause) s->ti_change_cause = f->ti_p_cause;
    if (f->ti_pending_content) { s->ti_hint = f->ti_p_hint; s->ti_purpose = f->ti_p_purpose; s->ti_content_type_sets++; }
    if (f->ti_pending_rect) { s->ti_rect_x = f->ti_p_x; s->ti_rect_y = f->ti_p_y; s->ti_rect_w = f->ti_p_w; s->ti_rect_h = f->ti_p_h; s->ti_cursor_rect_sets++; }
    f->ti_pending_enable = f->ti_pending_surrounding = f->ti_pending_content = f->ti_pending_rect = f->ti_pending_cause = 0;
    s->ti_commits++;
}
static const struct zwp_text_input_v3_interface text_input_impl = {
    destroy_req, ti_enable, ti_disable, ti_surrounding, ti_cause, ti_content, ti_rect, ti_commit };
static void tim_get(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *seat) {
    (void)seat; wfx *f = F(r);
    struct wl_resource *t = wl_resource_create(c, &zwp_text_input_v3_interface, wl_resource_get_version(r), id);
    wl_resource_set_implementation(t, &text_input_impl, f, ti_gone);
    f->text_input = t;
    f->st.text_inputs++; f->st.text_inputs_created++;
    f->st.ti_commits = 0; f->st.ti_enabled = 0;
}
static const struct zwp_text_input_manager_v3_interface text_input_manager_impl = { destroy_req, tim_get };
static void bind_text_input(struct wl_client *c, void *d, uint32_t v, uint32_t id) {
    wfx *f = d;
    struct wl_resource *r = wl_resource_create(c, &zwp_text_input_manager_v3_interface, (int)v, id);
    wl_resource_set_implementation(r, &text_input_manager_impl, f, NULL);
    f->st.text_input_bound = 1;
}

/* ---- zwp_idle_inhibit_manager_v1 ---- */
struct inhibitor { wfx *f; int on_toplevel; };
static void inhibitor_destroyed(struct wl_resource *r) {
    struct inhibitor *i = wl_resource_get_user_data(r);
    i->f->st.inhibitors--;
    if (i->on_toplevel) i->f->st.inhibitors_on_toplevel--;
    free(i);
}
static const struct zwp_idle_inhibitor_v1_interface inhibitor_impl = { destroy_req };
static void iim_create(struct wl_client *c, struct wl_resource *r, uint32_t id, struct wl_resource *surface) {
    wfx *f = F(r);
    struct inhibitor *i = calloc(1, sizeof *i);
    i->f = f; i->on_toplevel = surface != NULL && surface == f->surface;
    struct wl_resource *res = wl_resource_create(c, &zwp_idle_inhibitor_v1_interface, 1, id);
    wl_resource_set_implementation(res, &inhibitor_impl, i, inhibitor_destroyed);
    f->st.inhibitors++; f->st.inhibitors_created++;
    if (i->on_toplevel) f->st.inhibitors_on_toplevel++;
}
static const struct zwp_idle_inhibit_manager_v1_interface idle_inhibit_impl = { destroy_req, iim_create };
static void bind_idle_inhibit(struct wl_client *c, void *d, uint32_t v, uint32_t id) {
    wfx *f = d;
    struct wl_resource *r = wl_resource_create(c, &zwp_idle_inhibit_manager_v1_interface, (int)v, id);
    wl_resource_set_implementation(r, &idle_inhibit_impl, f, NULL);
    f->st.idle_inhibit_bound = 1;
}

/* ---- the test's API ---- */

static void client_destroyed(struct wl_listener *l, void *data) {
    (void)data; wfx *f = wl_container_of(l, f, client_gone);
    f->client = NULL;
}
/* The compositor thread: serve requests as they arrive, under the lock the test's calls take too. */
static void *serve(void *arg) {
    wfx *f = arg;
    struct pollfd p = { wl_event_loop_get_fd(f->loop), POLLIN, 0 };
    while (atomic_load(&f->running)) {
        poll(&p, 1, 2);
        LOCK(f);
        wl_event_loop_dispatch(f->loop, 0);
        wl_display_flush_clients(f->display);
        UNLOCK(f);
    }
    return NULL;
}

wfx *wfx_create(unsigned flags, int seat_version, int *client_fd) {
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) return NULL;
    wfx *f = calloc(1, sizeof *f);
    f->flags = flags;
    f->seat_version = seat_version > 0 ? seat_version : wl_seat_interface.version;
    f->caps = WFX_CAP_POINTER | WFX_CAP_KEYBOARD | WFX_CAP_TOUCH;
    f->pending_gone.notify = pending_destroyed; wl_list_init(&f->pending_gone.link);
    f->held_gone.notify = held_destroyed; wl_list_init(&f->held_gone.link);
    f->display = wl_display_create();
    f->loop = wl_display_get_event_loop(f->display);
    wl_display_init_shm(f->display);
    wl_global_create(f->display, &wl_compositor_interface, 4, f, bind_compositor);
    if (!(flags & WFX_NO_WM_BASE)) wl_global_create(f->display, &xdg_wm_base_interface, xdg_wm_base_interface.version, f, bind_wm);
    if (!(flags & WFX_NO_SEAT)) wl_global_create(f->display, &wl_seat_interface, f->seat_version, f, bind_seat);
    if (!(flags & WFX_NO_POINTER_GESTURES))
        wl_global_create(f->display, &zwp_pointer_gestures_v1_interface, (flags & WFX_POINTER_GESTURES_V1) ? 1 : 3, f, bind_gestures);
    if (!(flags & WFX_NO_TEXT_INPUT)) wl_global_create(f->display, &zwp_text_input_manager_v3_interface, 1, f, bind_text_input);
    if (!(flags & WFX_NO_IDLE_INHIBIT)) wl_global_create(f->display, &zwp_idle_inhibit_manager_v1_interface, 1, f, bind_idle_inhibit);
    f->client = wl_client_create(f->display, sv[0]);
    if (!f->client) { close(sv[0]); close(sv[1]); wl_display_destroy(f->display); free(f); return NULL; }
    f->client_gone.notify = client_destroyed;
    wl_client_add_destroy_listener(f->client, &f->client_gone);
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&f->lock, &attr);
    pthread_mutexattr_destroy(&attr);
    atomic_store(&f->running, 1);
    if (pthread_create(&f->thread, NULL, serve, f) != 0) { wl_display_destroy(f->display); free(f); close(sv[1]); return NULL; }
    *client_fd = sv[1];
    return f;
}

void wfx_destroy(wfx *f) {
    if (!f) return;
    atomic_store(&f->running, 0);
    pthread_join(f->thread, NULL);
    track(&f->held_buffer, &f->held_gone, NULL); track(&f->pending_buffer, &f->pending_gone, NULL);
    if (f->client) wl_client_destroy(f->client);
    wl_display_destroy(f->display);
    pthread_mutex_destroy(&f->lock);
    free(f->shot); free(f->keymap); free(f);
}
int wfx_fd(wfx *f) { return wl_event_loop_get_fd(f->loop); }
void wfx_dispatch(wfx *f) { LOCK(f); wl_event_loop_dispatch(f->loop, 0); wl_display_flush_clients(f->display); UNLOCK(f); }
static void wfx_disconnect_client_locked(wfx *f) {
    track(&f->held_buffer, &f->held_gone, NULL); track(&f->pending_buffer, &f->pending_gone, NULL);
    if (f->client) { wl_client_destroy(f->client); f->client = NULL; }
    f->surface = f->xdg_surface = f->toplevel = f->cursor_surface = f->other_with_buffer = NULL;
    f->touch = f->pointer = f->keyboard = f->seat = f->wm = NULL;
    f->swipe = f->pinch = f->hold = NULL;
    f->text_input = NULL;
    f->nframes = 0;
}
void wfx_disconnect_client(wfx *f) { LOCK(f); wfx_disconnect_client_locked(f); UNLOCK(f); }
void wfx_state(wfx *f, struct wfx_state *out) { LOCK(f); f->st.pending_frames = f->nframes; *out = f->st; UNLOCK(f); }
static uint32_t wfx_pixel_locked(wfx *f, int x, int y) {
    if (!f->shot || x < 0 || y < 0 || x >= f->st.buffer_w || y >= f->st.buffer_h) return 0;
    return f->shot[(size_t)y * f->st.buffer_w + x];
}
uint32_t wfx_pixel(wfx *f, int x, int y) { LOCK(f); uint32_t r = wfx_pixel_locked(f, x, y); UNLOCK(f); return r; }
int wfx_copy_pixels(wfx *f, uint32_t *out, int capacity) {
    LOCK(f);
    long n = f->shot ? (long)f->st.buffer_w * f->st.buffer_h : 0;
    if (n > capacity || !out) n = 0;
    if (n > 0) memcpy(out, f->shot, (size_t)n * 4);
    UNLOCK(f);
    return (int)n;
}
static void wfx_set_capabilities_locked(wfx *f, unsigned caps) {
    f->caps = caps;
    if (f->seat) wl_seat_send_capabilities(f->seat, caps);
    wl_display_flush_clients(f->display);
}
void wfx_set_capabilities(wfx *f, unsigned caps) { LOCK(f); wfx_set_capabilities_locked(f, caps); UNLOCK(f); }
void wfx_set_keymap(wfx *f, const char *text) { LOCK(f); free(f->keymap); f->keymap = strdup(text); send_keymap(f); UNLOCK(f); }

static void configure_now(wfx *f, int w, int h, int fullscreen) {
    if (!f->xdg_surface) return;
    struct wl_array states; wl_array_init(&states);
    *(uint32_t *)wl_array_add(&states, 4) = XDG_TOPLEVEL_STATE_ACTIVATED;
    if (fullscreen) *(uint32_t *)wl_array_add(&states, 4) = XDG_TOPLEVEL_STATE_FULLSCREEN;
    if (f->toplevel) xdg_toplevel_send_configure(f->toplevel, w, h, &states);
    f->st.configure_serial = serial(f);
    xdg_surface_send_configure(f->xdg_surface, f->st.configure_serial);
    wl_array_release(&states);
}
void wfx_configure(wfx *f, int w, int h, int fullscreen) { LOCK(f); configure_now(f, w, h, fullscreen); wl_display_flush_clients(f->display); UNLOCK(f); }
void wfx_close(wfx *f) { LOCK(f); if (f->toplevel) xdg_toplevel_send_close(f->toplevel); wl_display_flush_clients(f->display); UNLOCK(f); }
void wfx_ping(wfx *f, uint32_t s) { LOCK(f); if (f->wm) xdg_wm_base_send_ping(f->wm, s); wl_display_flush_clients(f->display); UNLOCK(f); }
void wfx_post_error(wfx *f, uint32_t code, const char *m) { LOCK(f); if (f->surface) wl_resource_post_error(f->surface, code, "%s", m); wl_display_flush_clients(f->display); UNLOCK(f); }
static int wfx_output_add_locked(wfx *f, int scale, int w, int h) {
    for (int i = 0; i < MAX_OUTPUTS; i++) if (!f->outputs[i]) {
        f->output_scale[i] = scale; f->output_w[i] = w; f->output_h[i] = h; f->output_res[i] = NULL;
        f->outputs[i] = wl_global_create(f->display, &wl_output_interface, 4, f, bind_output);
        wl_display_flush_clients(f->display);
        return i;
    }
    return -1;
}
int wfx_output_add(wfx *f, int scale, int w, int h) { LOCK(f); int r = wfx_output_add_locked(f, scale, w, h); UNLOCK(f); return r; }
static void wfx_output_remove_locked(wfx *f, int i) {
    if (i < 0 || i >= MAX_OUTPUTS || !f->outputs[i]) return;
    if (f->output_res[i] && f->surface) wl_surface_send_leave(f->surface, f->output_res[i]);
    wl_global_destroy(f->outputs[i]);
    f->outputs[i] = NULL; f->output_res[i] = NULL;
    wl_display_flush_clients(f->display);
}
void wfx_output_remove(wfx *f, int i) { LOCK(f); wfx_output_remove_locked(f, i); UNLOCK(f); }
static void wfx_surface_enter_locked(wfx *f, int i) {
    if (i >= 0 && i < MAX_OUTPUTS && f->output_res[i] && f->surface) wl_surface_send_enter(f->surface, f->output_res[i]);
    wl_display_flush_clients(f->display);
}
void wfx_surface_enter(wfx *f, int i) { LOCK(f); wfx_surface_enter_locked(f, i); UNLOCK(f); }
static void wfx_frame_done_locked(wfx *f) {
    uint32_t t = now_ms();
    while (f->nframes > 0) { struct wl_resource *cb = f->frames[--f->nframes]; wl_callback_send_done(cb, t); wl_resource_destroy(cb); }
    wl_display_flush_clients(f->display);
}
void wfx_frame_done(wfx *f) { LOCK(f); wfx_frame_done_locked(f); UNLOCK(f); }

#define FLUSH wl_display_flush_clients(f->display)
#define FX(v) wl_fixed_from_double(v)
void wfx_touch_down(wfx *f, int id, double x, double y) { LOCK(f); if (f->touch && f->surface) wl_touch_send_down(f->touch, serial(f), now_ms(), f->surface, id, FX(x), FX(y)); FLUSH; f->st.last_touch_down_ns = now_ns(); UNLOCK(f); }
void wfx_touch_motion(wfx *f, int id, double x, double y) { LOCK(f); if (f->touch) wl_touch_send_motion(f->touch, now_ms(), id, FX(x), FX(y)); FLUSH; UNLOCK(f); }
void wfx_touch_up(wfx *f, int id) { LOCK(f); if (f->touch) wl_touch_send_up(f->touch, serial(f), now_ms(), id); FLUSH; UNLOCK(f); }
void wfx_touch_frame(wfx *f) { LOCK(f); if (f->touch) wl_touch_send_frame(f->touch); FLUSH; UNLOCK(f); }
void wfx_touch_cancel(wfx *f) { LOCK(f); if (f->touch) wl_touch_send_cancel(f->touch); FLUSH; UNLOCK(f); }
void wfx_touch_shape(wfx *f, int id, double a, double b) { LOCK(f); if (f->touch && wl_resource_get_version(f->touch) >= 6) wl_touch_send_shape(f->touch, id, FX(a), FX(b)); FLUSH; UNLOCK(f); }
void wfx_touch_orientation(wfx *f, int id, double d) { LOCK(f); if (f->touch && wl_resource_get_version(f->touch) >= 6) wl_touch_send_orientation(f->touch, id, FX(d)); FLUSH; UNLOCK(f); }

void wfx_pointer_enter(wfx *f, double x, double y) { LOCK(f); if (f->pointer && f->surface) wl_pointer_send_enter(f->pointer, serial(f), f->surface, FX(x), FX(y)); FLUSH; UNLOCK(f); }
void wfx_pointer_leave(wfx *f) { LOCK(f); if (f->pointer && f->surface) wl_pointer_send_leave(f->pointer, serial(f), f->surface); FLUSH; UNLOCK(f); }
void wfx_pointer_motion(wfx *f, double x, double y) { LOCK(f); if (f->pointer) wl_pointer_send_motion(f->pointer, now_ms(), FX(x), FX(y)); FLUSH; UNLOCK(f); }
void wfx_pointer_button(wfx *f, uint32_t code, int p) { LOCK(f); if (f->pointer) wl_pointer_send_button(f->pointer, serial(f), now_ms(), code, p ? 1 : 0); FLUSH; UNLOCK(f); }
void wfx_pointer_axis(wfx *f, int axis, double v) { LOCK(f); if (f->pointer) wl_pointer_send_axis(f->pointer, now_ms(), (uint32_t)axis, FX(v)); FLUSH; UNLOCK(f); }
void wfx_pointer_axis_source(wfx *f, int s) { LOCK(f); if (f->pointer && wl_resource_get_version(f->pointer) >= 5) wl_pointer_send_axis_source(f->pointer, (uint32_t)s); FLUSH; UNLOCK(f); }
void wfx_pointer_axis_discrete(wfx *f, int axis, int n) { LOCK(f); if (f->pointer && wl_resource_get_version(f->pointer) >= 5 && wl_resource_get_version(f->pointer) < 8) wl_pointer_send_axis_discrete(f->pointer, (uint32_t)axis, n); FLUSH; UNLOCK(f); }
void wfx_pointer_axis_value120(wfx *f, int axis, int v) { LOCK(f); if (f->pointer && wl_resource_get_version(f->pointer) >= 8) wl_pointer_send_axis_value120(f->pointer, (uint32_t)axis, v); FLUSH; UNLOCK(f); }
void wfx_pointer_axis_stop(wfx *f, int axis) { LOCK(f); if (f->pointer && wl_resource_get_version(f->pointer) >= 5) wl_pointer_send_axis_stop(f->pointer, now_ms(), (uint32_t)axis); FLUSH; UNLOCK(f); }
void wfx_pointer_frame(wfx *f) { LOCK(f); if (f->pointer && wl_resource_get_version(f->pointer) >= 5) wl_pointer_send_frame(f->pointer); FLUSH; UNLOCK(f); }

static void wfx_keyboard_enter_locked(wfx *f, const uint32_t *keys, int n) {
    if (!f->keyboard || !f->surface) return;
    struct wl_array a; wl_array_init(&a);
    for (int i = 0; i < n; i++) *(uint32_t *)wl_array_add(&a, 4) = keys[i];
    wl_keyboard_send_enter(f->keyboard, serial(f), f->surface, &a);
    wl_array_release(&a); FLUSH;
}
void wfx_keyboard_enter(wfx *f, const uint32_t *keys, int n) { LOCK(f); wfx_keyboard_enter_locked(f, keys, n); UNLOCK(f); }
void wfx_keyboard_leave(wfx *f) { LOCK(f); if (f->keyboard && f->surface) wl_keyboard_send_leave(f->keyboard, serial(f), f->surface); FLUSH; UNLOCK(f); }
void wfx_keyboard_key(wfx *f, uint32_t code, int p) { LOCK(f); if (f->keyboard) wl_keyboard_send_key(f->keyboard, serial(f), now_ms(), code, p ? 1 : 0); FLUSH; UNLOCK(f); }
void wfx_keyboard_modifiers(wfx *f, uint32_t d, uint32_t l, uint32_t k, uint32_t g) { LOCK(f); if (f->keyboard) wl_keyboard_send_modifiers(f->keyboard, serial(f), d, l, k, g); FLUSH; UNLOCK(f); }
void wfx_keyboard_repeat_info(wfx *f, int rate, int delay) { LOCK(f); if (f->keyboard && wl_resource_get_version(f->keyboard) >= 4) wl_keyboard_send_repeat_info(f->keyboard, rate, delay); FLUSH; UNLOCK(f); }

void wfx_swipe_begin(wfx *f, int n) { LOCK(f); if (f->swipe && f->surface) zwp_pointer_gesture_swipe_v1_send_begin(f->swipe, serial(f), now_ms(), f->surface, (uint32_t)n); FLUSH; UNLOCK(f); }
void wfx_swipe_update(wfx *f, double dx, double dy) { LOCK(f); if (f->swipe) zwp_pointer_gesture_swipe_v1_send_update(f->swipe, now_ms(), FX(dx), FX(dy)); FLUSH; UNLOCK(f); }
void wfx_swipe_end(wfx *f, int c) { LOCK(f); if (f->swipe) zwp_pointer_gesture_swipe_v1_send_end(f->swipe, serial(f), now_ms(), c ? 1 : 0); FLUSH; UNLOCK(f); }
void wfx_pinch_begin(wfx *f, int n) { LOCK(f); if (f->pinch && f->surface) zwp_pointer_gesture_pinch_v1_send_begin(f->pinch, serial(f), now_ms(), f->surface, (uint32_t)n); FLUSH; UNLOCK(f); }
void wfx_pinch_update(wfx *f, double dx, double dy, double scale, double rotation) {
    LOCK(f); if (f->pinch) zwp_pointer_gesture_pinch_v1_send_update(f->pinch, now_ms(), FX(dx), FX(dy), FX(scale), FX(rotation)); FLUSH; UNLOCK(f);
}
void wfx_pinch_end(wfx *f, int c) { LOCK(f); if (f->pinch) zwp_pointer_gesture_pinch_v1_send_end(f->pinch, serial(f), now_ms(), c ? 1 : 0); FLUSH; UNLOCK(f); }
void wfx_hold_begin(wfx *f, int n) { LOCK(f); if (f->hold && f->surface) zwp_pointer_gesture_hold_v1_send_begin(f->hold, serial(f), now_ms(), f->surface, (uint32_t)n); FLUSH; UNLOCK(f); }
void wfx_hold_end(wfx *f, int c) { LOCK(f); if (f->hold) zwp_pointer_gesture_hold_v1_send_end(f->hold, serial(f), now_ms(), c ? 1 : 0); FLUSH; UNLOCK(f); }

#define TI(body) LOCK(f); if (f->text_input) { body; } FLUSH; UNLOCK(f)
void wfx_text_input_enter(wfx *f) { TI(if (f->surface) zwp_text_input_v3_send_enter(f->text_input, f->surface)); }
void wfx_text_input_leave(wfx *f) { TI(if (f->surface) zwp_text_input_v3_send_leave(f->text_input, f->surface)); }
void wfx_text_input_preedit(wfx *f, const char *t, int b, int e) { TI(zwp_text_input_v3_send_preedit_string(f->text_input, t, b, e)); }
void wfx_text_input_commit_string(wfx *f, const char *t) { TI(zwp_text_input_v3_send_commit_string(f->text_input, t)); }
void wfx_text_input_delete_surrounding(wfx *f, uint32_t b, uint32_t a) { TI(zwp_text_input_v3_send_delete_surrounding_text(f->text_input, b, a)); }
void wfx_text_input_done(wfx *f) { TI(zwp_text_input_v3_send_done(f->text_input, (uint32_t)f->st.ti_commits)); }
