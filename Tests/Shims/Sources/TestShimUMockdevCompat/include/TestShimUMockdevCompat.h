#pragma once
// Test and emulation only: libTestShimUMockdevCompat.so is loaded with LD_PRELOAD (before
// libumockdev-preload.so.0) by the tests, input-trace --evemu and inputbench; it has no API and is
// never linked. See umockdev_compat.c for what it fixes in umockdev 0.17.
