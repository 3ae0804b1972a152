#pragma once
// libinput (1.22) and libudev, wrapped by the LibinputBackend module only.
#include <libudev.h>
#include <libinput.h>
