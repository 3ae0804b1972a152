#!/usr/bin/env bash
# Installs what is missing, builds everything (debug and the release tools) and runs all tests.
set -euo pipefail
cd "$(dirname "$0")/.."
Tools/setup.sh
swift build --build-tests
swift build -c release
# The demo's default script and the shipped example scripts must run clean.
.build/release/puzzle-demo >/dev/null
for script in Tools/puzzle-demo/scripts/*.puzzle; do .build/release/puzzle-demo "$script" >/dev/null; done
swift test
# Allocation counts are only meaningful optimized: run that suite again in release.
swift test -c release --filter ZeroAllocationTests
