#!/usr/bin/env bash
# Regenerates the committed lazy-loading stubs (Sources/C*/lazy_*.c) of libudev, libinput, libdrm,
# libspeechd and libespeak-ng from the installed headers (Tools/lazy-libraries.py; clang's AST):
# every function of those libraries that the package names, defined under its own name, opens its
# library at the first call. Run it after calling a new function of one of them.
#   Tools/regen-lazy-libraries.sh          rewrite the committed files
#   Tools/regen-lazy-libraries.sh --check  regenerate into a temporary folder and fail when the
#                                          committed files differ
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang >/dev/null || { echo "regen-lazy-libraries: clang missing (it comes with the Swift toolchain)" >&2; exit 1; }
if [[ ${1:-} == --check ]]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
  /usr/bin/env python3 Tools/lazy-libraries.py "$out" >/dev/null
  status=0
  for generated in "$out"/*/lazy_*.c; do
    committed=Sources/${generated#"$out"/}
    cmp -s "$generated" "$committed" || { echo "regen-lazy-libraries: $committed is stale (run Tools/regen-lazy-libraries.sh)" >&2; status=1; }
  done
  exit $status
fi
/usr/bin/env python3 Tools/lazy-libraries.py Sources
