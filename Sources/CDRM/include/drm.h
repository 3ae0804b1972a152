#pragma once
// xf86drm.h includes <drm.h>, which libdrm installs under <libdrm/> (pkg-config adds that folder
// to the search path). CDRM is a C target without pkg-config, so this forwards to it.
#include <libdrm/drm.h>
