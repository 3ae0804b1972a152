#!/usr/bin/env bash
# The main job: the demo apps as kiosk apps with pixels, on the best target this machine has: a
# fullscreen Wayland window inside a Wayland session, the framebuffer with libinput on a console
# with a touchscreen, else headless — playing the app's scripted session, printing each step's hit
# view and responder chain, and writing PNG frames to out/APP/. The first argument may name the app
# (puzzle, the default, or inbox); the rest go to it:
#   Tools/demo.sh                          the puzzle on the best target (headless here)
#   Tools/demo.sh inbox                    the second seed's inbox: scrolling, swipe, menu, modal
#   Tools/demo.sh my.puzzle                play your own script headless (Tools/Examples/puzzle-demo/scripts/)
#   Tools/demo.sh inbox --target headless --size 800x1280 --output frames
#   Tools/demo.sh --help                   every option
set -euo pipefail
cd "$(dirname "$0")/.."
Tools/setup.sh --quiet --main >&2
swift build -c release --product kiosk-demo >&2
exec .build/release/kiosk-demo "$@"
