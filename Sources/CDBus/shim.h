#pragma once
// libdbus-1 (Debian's libdbus-1-dev), wrapped by the ATSPI module only: the reference D-Bus
// client library. The module pops messages itself (no watch or timeout callbacks), so the main
// loop watches one fd and libdbus never calls into Swift.
#include <dbus/dbus.h>
