#pragma once
// libespeak-ng (1.51, Debian's libespeak-ng-dev) through its eSpeak-compatible API, wrapped by the
// Speech module only: the fallback voice where no speech-dispatcher runs.
// libespeak-ng.so.1 is opened at the first call (lazy_espeak.c), so a kiosk that never speaks never
// maps it.
#include <espeak-ng/speak_lib.h>

/// Opens libespeak-ng.so.1 now (`dlopen`); NULL when it is open, else why not (`dlerror` text).
const char *cespeakng_open_library(void);
