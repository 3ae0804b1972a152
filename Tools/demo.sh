#!/usr/bin/env bash
# The main job: the puzzle demo (pure Swift: no devices, no compositor, no C libraries needed).
# Any arguments go to the demo:
#   Tools/demo.sh                 run the embedded default tap session
#   Tools/demo.sh my.puzzle       run your own script (see Tools/puzzle-demo/scripts/)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product puzzle-demo >&2
exec .build/release/puzzle-demo "$@"
