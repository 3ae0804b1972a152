#pragma once
// libinput (1.22) and libudev, wrapped by the LibinputBackend module only. libinput.so.10 is opened
// at the first call (lazy_libinput.c; libudev's functions are CUdev's), so a kiosk under Wayland
// never maps it.
#include <libudev.h>
#include <libinput.h>

/// Opens libinput.so.10 now (`dlopen`); NULL when it is open, else why not (`dlerror` text).
const char *clibinput_open_library(void);
