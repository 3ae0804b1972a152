#pragma once
// TEST ONLY: a minimal input method (input-method-unstable-v2, the protocol sway relays
// text-input-v3 to) on its own Wayland connection, so an end-to-end test can commit text into
// the app's focused field through a real compositor. Its protocol glue is generated from
// protocol/input-method-unstable-v2.xml (a copy of wlroots' file) by Tools/regen-protocols.sh.
#include <stdint.h>

typedef struct imc imc;

/// What the compositor told the input method, as of its last `done` (double-buffered).
struct imc_state {
    int active;                 // activated and not deactivated
    int unavailable;            // another input method is already bound
    int done_count;             // `done` events received (the serial `commit` must carry)
    int activations, deactivations;
    char surrounding[512];
    uint32_t cursor, anchor, change_cause, hint, purpose;
};

/// Connects to the compositor socket `path` (absolute, or a name in $XDG_RUNTIME_DIR), binds the
/// first seat and zwp_input_method_manager_v2 and gets the seat's input method. NULL on failure
/// (no compositor, no input method manager: `*why` says which).
imc *imc_connect(const char *path, const char **why);
void imc_destroy(imc *c);
/// Flushes, waits up to `timeout_ms` for events and dispatches them; -1 once the connection broke.
int imc_dispatch(imc *c, int timeout_ms);
void imc_get_state(imc *c, struct imc_state *out);
/// Requests, applied by the compositor at the next `imc_commit` (which sends the done count as
/// serial and flushes).
void imc_commit_string(imc *c, const char *text);
void imc_preedit(imc *c, const char *text, int32_t cursor_begin, int32_t cursor_end);
void imc_delete_surrounding(imc *c, uint32_t before, uint32_t after);
void imc_commit(imc *c);
