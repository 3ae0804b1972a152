#!/usr/bin/env bash
# Regenerates the committed wayland-scanner glue from Protocols/*.xml:
#   client header + private code  -> Sources/CXdgShell (the client's protocol glue)
#   server header                 -> Tests/Support/WaylandFixture/protocol (the test compositor)
# and, for the tests only, Tests/Support/InputMethodClient/protocol/*.xml (input-method-unstable-v2,
# a copy of wlroots' file) -> client header + private code in Tests/Support/InputMethodClient.
#   Tools/regen-protocols.sh          rewrite the committed files
#   Tools/regen-protocols.sh --check  regenerate into a temporary folder and fail when the
#                                     committed files differ (Tools/test.sh runs this)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
command -v wayland-scanner >/dev/null || { echo "regen-protocols: wayland-scanner missing (apt-get install libwayland-bin)" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for xml in Protocols/*.xml; do
  base=$(basename "$xml" .xml)
  wayland-scanner client-header "$xml" "$out/$base-client-protocol.h"
  wayland-scanner private-code  "$xml" "$out/$base-protocol.c"
  wayland-scanner server-header "$xml" "$out/$base-server-protocol.h"
done
for xml in Tests/Support/InputMethodClient/protocol/*.xml; do
  base=$(basename "$xml" .xml)
  wayland-scanner client-header "$xml" "$out/$base-client-protocol.h"
  wayland-scanner private-code  "$xml" "$out/$base-protocol.c"
done
status=0
for xml in Protocols/*.xml; do
  base=$(basename "$xml" .xml)
  for pair in "$base-client-protocol.h:Sources/CXdgShell/include" "$base-protocol.c:Sources/CXdgShell" \
              "$base-server-protocol.h:Tests/Support/WaylandFixture/protocol"; do
    file=${pair%%:*}; dir=${pair#*:}
    if [ "$mode" = "--check" ]; then
      if ! cmp -s "$out/$file" "$dir/$file"; then echo "regen-protocols: $dir/$file is stale (run Tools/regen-protocols.sh)" >&2; status=1; fi
    else
      cp "$out/$file" "$dir/$file"
    fi
  done
done
for xml in Tests/Support/InputMethodClient/protocol/*.xml; do
  base=$(basename "$xml" .xml)
  for pair in "$base-client-protocol.h:Tests/Support/InputMethodClient/include" "$base-protocol.c:Tests/Support/InputMethodClient"; do
    file=${pair%%:*}; dir=${pair#*:}
    if [ "$mode" = "--check" ]; then
      if ! cmp -s "$out/$file" "$dir/$file"; then echo "regen-protocols: $dir/$file is stale (run Tools/regen-protocols.sh)" >&2; status=1; fi
    else
      cp "$out/$file" "$dir/$file"
    fi
  done
done
[ "$mode" = "--check" ] || echo "regen-protocols: wayland-scanner $(wayland-scanner --version 2>&1 | awk '{print $2}') regenerated the glue"
exit $status
