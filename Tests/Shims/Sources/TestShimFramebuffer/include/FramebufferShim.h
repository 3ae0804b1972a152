#pragma once
// FramebufferShim (product TestShimFramebuffer) is loaded with LD_PRELOAD by FramebufferTests only;
// it has no API. See framebuffer_shim.c for the environment variables it reads.
