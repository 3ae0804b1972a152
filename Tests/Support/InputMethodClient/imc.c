// TEST ONLY — see InputMethodClient.h.
#define _GNU_SOURCE
#include "InputMethodClient.h"
#include "input-method-unstable-v2-client-protocol.h"
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

struct imc {
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_seat *seat;
    struct zwp_input_method_manager_v2 *manager;
    struct zwp_input_method_v2 *im;
    struct imc_state current, pending;
};

static void on_global(void *data, struct wl_registry *r, uint32_t name, const char *interface, uint32_t version) {
    imc *c = data;
    if (!c->seat && strcmp(interface, "wl_seat") == 0)
        c->seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
    else if (!c->manager && strcmp(interface, "zwp_input_method_manager_v2") == 0)
        c->manager = wl_registry_bind(r, name, &zwp_input_method_manager_v2_interface, 1);
    (void)version;
}
static void on_global_remove(void *data, struct wl_registry *r, uint32_t name) { (void)data; (void)r; (void)name; }
static const struct wl_registry_listener registry_listener = { on_global, on_global_remove };

static void im_activate(void *data, struct zwp_input_method_v2 *im) {
    (void)im; imc *c = data;
    // activate resets the state the text input had (the protocol: a fresh session).
    c->pending.active = 1;
    c->pending.surrounding[0] = 0; c->pending.cursor = c->pending.anchor = 0;
    c->pending.hint = c->pending.purpose = 0; c->pending.change_cause = 0;
}
static void im_deactivate(void *data, struct zwp_input_method_v2 *im) { (void)im; ((imc *)data)->pending.active = 0; }
static void im_surrounding(void *data, struct zwp_input_method_v2 *im, const char *text, uint32_t cursor, uint32_t anchor) {
    (void)im; imc *c = data;
    snprintf(c->pending.surrounding, sizeof c->pending.surrounding, "%s", text ? text : "");
    c->pending.cursor = cursor; c->pending.anchor = anchor;
}
static void im_cause(void *data, struct zwp_input_method_v2 *im, uint32_t cause) { (void)im; ((imc *)data)->pending.change_cause = cause; }
static void im_content(void *data, struct zwp_input_method_v2 *im, uint32_t hint, uint32_t purpose) {
    (void)im; imc *c = data; c->pending.hint = hint; c->pending.purpose = purpose;
}
static void im_done(void *data, struct zwp_input_method_v2 *im) {
    (void)im; imc *c = data;
    if (c->pending.active && !c->current.active) c->pending.activations = c->current.activations + 1;
    else c->pending.activations = c->current.activations;
    if (!c->pending.active && c->current.active) c->pending.deactivations = c->current.deactivations + 1;
    else c->pending.deactivations = c->current.deactivations;
    c->pending.done_count = c->current.done_count + 1;
    c->pending.unavailable = c->current.unavailable;
    c->current = c->pending;
}
static void im_unavailable(void *data, struct zwp_input_method_v2 *im) { (void)im; imc *c = data; c->current.unavailable = c->pending.unavailable = 1; }
static const struct zwp_input_method_v2_listener im_listener = {
    im_activate, im_deactivate, im_surrounding, im_cause, im_content, im_done, im_unavailable };

imc *imc_connect(const char *path, const char **why) {
    imc *c = calloc(1, sizeof *c);
    c->display = wl_display_connect(path);
    if (!c->display) { *why = "cannot connect"; free(c); return NULL; }
    c->registry = wl_display_get_registry(c->display);
    wl_registry_add_listener(c->registry, &registry_listener, c);
    wl_display_roundtrip(c->display);
    if (!c->seat || !c->manager) { *why = c->seat ? "no zwp_input_method_manager_v2" : "no wl_seat"; imc_destroy(c); return NULL; }
    c->im = zwp_input_method_manager_v2_get_input_method(c->manager, c->seat);
    zwp_input_method_v2_add_listener(c->im, &im_listener, c);
    wl_display_roundtrip(c->display);
    return c;
}

void imc_destroy(imc *c) {
    if (!c) return;
    if (c->im) zwp_input_method_v2_destroy(c->im);
    if (c->manager) zwp_input_method_manager_v2_destroy(c->manager);
    if (c->seat) wl_seat_destroy(c->seat);
    if (c->registry) wl_registry_destroy(c->registry);
    wl_display_flush(c->display);
    wl_display_disconnect(c->display);
    free(c);
}

int imc_dispatch(imc *c, int timeout_ms) {
    while (wl_display_prepare_read(c->display) != 0)
        if (wl_display_dispatch_pending(c->display) < 0) return -1;
    wl_display_flush(c->display);
    struct pollfd p = { wl_display_get_fd(c->display), POLLIN, 0 };
    if (poll(&p, 1, timeout_ms) > 0) {
        if (wl_display_read_events(c->display) < 0) return -1;
    } else {
        wl_display_cancel_read(c->display);
    }
    return wl_display_dispatch_pending(c->display) < 0 ? -1 : 0;
}

void imc_get_state(imc *c, struct imc_state *out) { *out = c->current; }
void imc_commit_string(imc *c, const char *text) { zwp_input_method_v2_commit_string(c->im, text); }
void imc_preedit(imc *c, const char *text, int32_t b, int32_t e) { zwp_input_method_v2_set_preedit_string(c->im, text, b, e); }
void imc_delete_surrounding(imc *c, uint32_t before, uint32_t after) { zwp_input_method_v2_delete_surrounding_text(c->im, before, after); }
void imc_commit(imc *c) { zwp_input_method_v2_commit(c->im, (uint32_t)c->current.done_count); wl_display_flush(c->display); }
