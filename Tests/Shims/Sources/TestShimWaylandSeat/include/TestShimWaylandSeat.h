#pragma once
// Test only: libTestShimWaylandSeat.so is an LD_PRELOAD stand-in for libseat 0.7 that lets sway
// (as nobody, under umockdev) open the emulated devices in the end-to-end tests (see
// seat_shim.c). Nothing to call from Swift; never linked.
