#pragma once
// libspeechd (speech-dispatcher 0.11, Debian's libspeechd-dev), wrapped by the Speech module only:
// the SSIP client that talks to the speech-dispatcher daemon over its socket.
// libspeechd.so.2 is opened at the first call (lazy_speechd.c), so a kiosk that never speaks never
// maps it.
#include <speech-dispatcher/libspeechd.h>

/// Opens libspeechd.so.2 now (`dlopen`); NULL when it is open, else why not (`dlerror` text).
const char *cspeechd_open_library(void);
