#!/usr/bin/env bash
# The main job: the first seed's puzzle as a kiosk app with pixels, on the best target this machine
# has: a fullscreen Wayland window inside a Wayland session, the framebuffer with libinput on a
# console with a touchscreen, else headless — playing its tap session, printing each tap's hit view
# and responder chain, and writing PNG frames to out/puzzle/. Any arguments go to the app:
#   Tools/demo.sh                          the best target (headless here: the embedded session)
#   Tools/demo.sh my.puzzle                play your own script headless (Tools/puzzle-demo/scripts/)
#   Tools/demo.sh --target headless --size 800x1280 --output frames
#   Tools/demo.sh --help                   every option
set -euo pipefail
cd "$(dirname "$0")/.."
Tools/setup.sh --quiet --main >&2
swift build -c release --product puzzle-demo >&2
exec .build/release/puzzle-demo "$@"
