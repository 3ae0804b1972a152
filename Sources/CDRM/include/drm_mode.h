#pragma once
// xf86drmMode.h includes <drm_mode.h>, installed under <libdrm/>: see drm.h beside it.
#include <libdrm/drm_mode.h>
