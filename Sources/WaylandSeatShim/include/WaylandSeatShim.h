#pragma once
// LD_PRELOAD stand-in for libseat 0.7 (see seat_shim.c); nothing to call from Swift.
