#!/usr/bin/env bash
# Installs what is missing, builds everything (debug and the release tools) and runs all tests.
set -euo pipefail
cd "$(dirname "$0")/.."
Tools/setup.sh
# The committed wayland-scanner glue matches Protocols/*.xml.
Tools/regen-protocols.sh --check
Tools/regen-lazy-libraries.sh --check
# The code is formatted by the toolchain's formatter (.swift-format): `swift format -i -r Sources
# Tests Tools` fixes what this reports.
swift format lint --strict -r Sources Tests Tools
Tools/check-unsafe-budget.sh >/dev/null  # the core's unchecked fields and unsafe constructs stay in budget
swift build --build-tests
swift build -c release
# The LD_PRELOAD shims (test and emulation only) are a package of their own, so that ResponderKit's
# products stay what a dependent may link; they land beside each configuration's build folder.
swift build --package-path Tests/Shims --scratch-path .build/shims
swift build --package-path Tests/Shims --scratch-path .build/shims -c release
# The demo's default script and the shipped example scripts must run clean.
.build/release/puzzle-demo --target headless --output "$(mktemp -d)" >/dev/null
for script in Tools/Examples/puzzle-demo/scripts/*.puzzle; do .build/release/puzzle-demo "$script" --target headless --output "$(mktemp -d)" >/dev/null; done
.build/release/kiosk-demo inbox --target headless --output "$(mktemp -d)" >/dev/null
for script in Tools/Examples/kiosk-demo/scripts/*; do .build/release/kiosk-demo "$script" --target headless --output "$(mktemp -d)" >/dev/null; done
# Real input tools: bad input fails cleanly; the latency bench and a shared recording (when the
# shared folder is beside the clone) run through real libinput under umockdev.
if .build/release/input-trace --device /dev/input/no-such-device 2>/dev/null; then
  echo "test.sh: input-trace accepted a missing device" >&2; exit 1
fi
.build/release/inputbench 200 >/dev/null
# The Wayland client against the in-process fixture compositor: latency and frame-time bench.
.build/release/waylandbench 200 >/dev/null
# The framebuffer output's conversion + copy cost, the puzzle screen's drawing cost, and touch →
# pixels of the main command on a fake panel through real libinput (a few samples: that they run).
.build/release/fbbench 5 >/dev/null
.build/release/renderbench 20 >/dev/null
# A 10,000-row list: scroll step, hit after scroll (exit 1 if the index disagrees), partial redraw.
.build/release/scrollbench 100 >/dev/null
.build/release/fbtouchbench 10 >/dev/null
atmel="../shared/recordings/touchscreens/Atmel maXTouch Touchscreen"
if [ -f "$atmel.desc" ]; then
  trace=$(.build/release/input-trace --evemu "$atmel.desc" "$atmel.2-fingers-touch-release.events" --speed 0)
  grep -q "^touches: 2 down, [0-9]* motion, 2 up, 0 cancelled; keys: 0; buttons: 0$" <<<"$trace"
fi
# The touch-scrolling comparison's log parser (Tools/Benchmarks/scroll-peers) against a fixture.
/usr/bin/python3 Tests/BenchmarkScripts/test_scrollpeers.py
# Typing into the inbox's search: the incremental filter keeps each keystroke linear.
.build/release/typingbench 200 >/dev/null
# The parsers under libFuzzer, 3 seconds a target (skipped with the reason when the toolchain has
# no fuzzer runtime; under CI that fails). `Tools/fuzz.sh --seconds 600` fuzzes longer.
Tools/fuzz.sh
# Everything but the 30-second soak and the on-screen keyboard's tap latency, whose figures need
# the machine to themselves (beside the parallel suite they measure it); then each alone.
swift test
swift test --skip-build --filter tenFingersFor30SecondsStayFlat
swift test --skip-build --filter typingASentenceByTappingKeysFillsTheField
# The real-kernel tier: one VM boot (Debian's kernel in QEMU, bochs display, uinput, udev) runs the
# kiosk on /dev/fb0 and on DRM/KMS (/dev/dri/card0), and calibrate, against uinput devices and
# compares QEMU's screendumps with the headless pictures; about 4–7 minutes under TCG on a shared
# machine. A missing prerequisite fails under CI.
Tools/vm-test.sh
# API documentation: DocC builds with no warning (a broken symbol link fails) and every public
# ResponderKit symbol has a doc comment.
Tools/docs.sh --no-build
# Allocation counts are only meaningful optimized: run that suite again in release.
swift test -c release --filter ZeroAllocationTests
