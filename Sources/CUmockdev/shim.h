#pragma once
// umockdev's testbed (emulated sysfs + /dev nodes), for the tests, input-trace --evemu and the bench.
#include <umockdev.h>
#include <glib-object.h>

/// The testbed as the GObject the generic calls take.
static inline void cumockdev_unref(UMockdevTestbed *tb) { g_object_unref(tb); }
/// Frees a GError's message and the error.
static inline void cumockdev_error_free(GError *e) { if (e) g_error_free(e); }
