#!/usr/bin/env bash
# Fuzzes the project's text parsers with libFuzzer (`swiftc -sanitize=fuzzer`): the evemu
# description and events readers (through the shared reading layer's CRLF handling) and the
# calibration-matrix validation. Each target is one file under Tests/Fuzz compiled with the
# sources it exercises; seeds are the project's fixtures and, when the shared folder is beside
# the clone, ../shared/recordings. A crash, a trap, a leak-free but unbounded allocation
# (-malloc_limit_mb) or a hang (-timeout) is a finding; libFuzzer writes the input to
# .build/fuzz/crash-* and this script exits non-zero.
#
#   Tools/fuzz.sh                 every target for 3 seconds (what Tools/test.sh runs)
#   Tools/fuzz.sh --seconds 600   every target for 10 minutes
#   Tools/fuzz.sh --seconds 60 evemu-events
#
# Without the fuzzer runtime (a toolchain built without compiler-rt's libFuzzer) the run is
# skipped with the reason; with CI set that is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=3
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
case "$seconds" in ''|*[!0-9]*) echo "fuzz.sh: --seconds wants a whole number, got '$seconds'" >&2; exit 2 ;; esac
[ ${#targets[@]} -gt 0 ] || targets=(evemu-description evemu-events calibration-matrix)

out=.build/fuzz
mkdir -p "$out"
probe="$out/probe.swift"
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>, _ n: Int) -> CInt { 0 }\n' >"$probe"
if ! swiftc -sanitize=fuzzer -parse-as-library "$probe" -o "$out/probe" 2>"$out/probe.log"; then
  reason="swiftc -sanitize=fuzzer fails here: $(head -1 "$out/probe.log")"
  if [ -n "${CI:-}" ]; then echo "fuzz.sh: $reason" >&2; exit 1; fi
  echo "fuzz.sh: skipped: $reason"
  exit 0
fi

sources() {
  local emulated=Sources/EmulatedInput text=Sources/HitTestFiles/TextFile.swift
  case "$1" in
    evemu-description)
      echo Tests/Fuzz/FuzzEvemuDescription.swift $emulated/EvemuDescription.swift $emulated/EvdevDeviceSpec.swift \
        $emulated/UMockdevRecord.swift $text ;;
    evemu-events)
      echo Tests/Fuzz/FuzzEvemuRecording.swift $emulated/EvemuRecording.swift $emulated/EvemuDescription.swift \
        $emulated/EvdevDeviceSpec.swift $emulated/UMockdevRecord.swift $emulated/EvdevTally.swift $text ;;
    calibration-matrix)
      echo Tests/Fuzz/FuzzCalibrationMatrix.swift Sources/LibinputBackend/CalibrationMatrix.swift ;;
    *) echo "fuzz.sh: unknown target '$1' (evemu-description, evemu-events, calibration-matrix)" >&2; exit 2 ;;
  esac
}

seed() {
  local target=$1 folder=$2
  mkdir -p "$folder"
  case "$target" in
    evemu-description) pattern='*.desc' ;;
    evemu-events) pattern='*.events' ;;
    calibration-matrix)
      printf '1 0 0 0 1 0' >"$folder/identity"
      printf '0 1 0 -1 0 1' >"$folder/rotated"
      printf '1.02,0,-0.01,0,0.98,0.02' >"$folder/commas"
      printf '1e13 0 0 0 1 0' >"$folder/huge"
      return ;;
  esac
  for root in Tests/LibinputTests/Devices ../shared/recordings; do
    [ -d "$root" ] || continue
    i=0
    while IFS= read -r -d '' file; do i=$((i + 1)); cp "$file" "$folder/$(basename "$root")-$i"; done \
      < <(find "$root" -name "$pattern" -print0)
  done
}

status=0
for target in "${targets[@]}"; do
  files=$(sources "$target")
  binary="$out/$target"
  # shellcheck disable=SC2086
  swiftc -O -sanitize=fuzzer -parse-as-library -module-name Fuzz $files -o "$binary"
  corpus="$out/corpus-$target" seeds="$out/seeds-$target"
  rm -rf "$seeds"
  seed "$target" "$seeds"
  mkdir -p "$corpus"
  echo "fuzz.sh: $target for ${seconds} s"
  if ! (cd "$out" && "./$target" "corpus-$target" "seeds-$target" -max_total_time="$seconds" -max_len=65536 \
      -timeout=10 -malloc_limit_mb=512 -rss_limit_mb=2048 -print_final_stats=1 >"$target.log" 2>&1); then
    echo "fuzz.sh: $target found a problem; see $out/$target.log and $out/crash-*" >&2
    tail -20 "$out/$target.log" >&2
    status=1
  else
    grep -E "^stat::number_of_executed_units|^#[0-9]+.*DONE" "$out/$target.log" | tail -2 | sed "s/^/  /"
  fi
done
exit $status
