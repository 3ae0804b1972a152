#pragma once
// UMockdevCompat is loaded with LD_PRELOAD only (before libumockdev-preload.so.0); it has no API.
// See umockdev_compat.c for what it fixes in umockdev 0.17.
