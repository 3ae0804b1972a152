#!/usr/bin/env bash
# Runs the test suite under the sanitizers, each in its own build folder (.build/sanitize-address,
# .build/sanitize-thread), and prints one summary line per run. Exit status 0 only when every run
# passes with no sanitizer report.
#   Tools/sanitize.sh [address|thread]    (default: both)
#
# What runs:
#   address  1. the whole suite under AddressSanitizer (use after free, overflows, double frees),
#               leak detection off: the tests start instrumented tools and children whose own
#               leak reports at exit would be mixed into the output the tests check;
#            2. the core suites (ResponderKitTests, HitIndexTests — routing, hit index, fuzzing)
#               again with LeakSanitizer on, suppressions in Tools/sanitize-leaks.supp (Swift's
#               weak-reference side tables, which a conservative scan cannot see, and XCTest's
#               runner objects).
#   thread   3. the whole suite under ThreadSanitizer.
# In every run: the tests that re-run themselves in a child (umockdev's preload, sway as nobody)
# run their child from the same sanitized binary; the LD_PRELOAD shims are built without
# instrumentation (Package.swift), so sh, setpriv, sway and cage load them; the compositor
# end-to-end tests that declare `.uninstrumentedBuild` still show as skipped; SoakTests' 30 s run
# is skipped (its latency and memory bounds would measure the sanitizer; the 5 s run stays);
# ZeroAllocationTests and IndexMemoryTests are skipped (the sanitizer owns
# malloc, so allocations are not counted); CycleTests' stack bound for the cycle backstop is 6 MB
# instead of 4 MB (sanitized frames are larger; the main thread has 8 MB).
set -uo pipefail
cd "$(dirname "$0")/.."
read -r -a sanitizers <<<"${*:-address thread}"
status=0
summary=()

# run NAME SANITIZER FILTER OPTIONS: one swift test run, its log, its summary line.
run() {
  local name=$1 sanitizer=$2 filter=$3 options=$4
  local scratch=".build/sanitize-$sanitizer" log=".build/sanitize-$name.log"
  local filter_args=()
  [ -n "$filter" ] && filter_args=(--filter "$filter")
  echo "sanitize.sh: $name (log: $log)"
  env ASAN_OPTIONS="$options" TSAN_OPTIONS="$options" LSAN_OPTIONS="suppressions=$PWD/Tools/sanitize-leaks.supp:print_suppressions=0" \
    swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "${filter_args[@]}" >"$log" 2>&1
  local rc=$?
  local reports result
  reports=$(grep -c -E "ERROR: AddressSanitizer|ERROR: LeakSanitizer|WARNING: ThreadSanitizer|ERROR: ThreadSanitizer" "$log")
  result=$(grep -E "Test run with [0-9]+ tests" "$log" | tail -1 | sed 's/^[^T]*//')
  if [ $rc -ne 0 ] || [ "$reports" != 0 ]; then
    status=1
    summary+=("$name: FAILED (exit $rc, $reports sanitizer reports) ${result:-}")
    grep -E -A14 "ERROR: AddressSanitizer|ERROR: LeakSanitizer|WARNING: ThreadSanitizer|✘ Test" "$log" | head -80 >&2
  else
    summary+=("$name: ${result:-no summary line}, no sanitizer report")
  fi
}

for sanitizer in "${sanitizers[@]}"; do
  case "$sanitizer" in address|thread) ;; *) echo "sanitize.sh: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;; esac
  scratch=".build/sanitize-$sanitizer"
  echo "sanitize.sh: building with --sanitize=$sanitizer"
  if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" >"$scratch.build.log" 2>&1; then
    tail -30 "$scratch.build.log" >&2
    summary+=("$sanitizer: BUILD FAILED (log: $scratch.build.log)")
    status=1
    continue
  fi
  # The preload shims, never instrumented (they are loaded into programs without a sanitizer
  # runtime): their own package, built plainly beside this scratch folder's configuration.
  if ! swift build --package-path Tests/Shims --scratch-path "$scratch/shims" >>"$scratch.build.log" 2>&1; then
    tail -30 "$scratch.build.log" >&2
    summary+=("$sanitizer: SHIMS BUILD FAILED (log: $scratch.build.log)")
    status=1
    continue
  fi
  if [ "$sanitizer" = address ]; then
    run address address "" "halt_on_error=1:detect_leaks=0"
    run address-leaks address "ResponderKitTests|HitIndexTests" "halt_on_error=1:detect_leaks=1"
  else
    run thread thread "" "halt_on_error=1"
  fi
done
printf 'sanitize.sh: %s\n' "${summary[@]}"
exit $status
