#pragma once
// libudev (systemd 252), shared by the LibinputBackend (seat enumeration, hotplug) and DRMOutput
// (the connector monitor). libudev.so.1 is opened at the first call (lazy_udev.c), so a kiosk under
// Wayland never maps it.
#include <libudev.h>

/// Opens libudev.so.1 now (`dlopen`); NULL when it is open, else why not (`dlerror` text).
const char *cudev_open_library(void);
