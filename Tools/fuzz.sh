#!/usr/bin/env bash
# Fuzzes the project's text parsers with libFuzzer (`swiftc -sanitize=fuzzer`): the evemu
# description and events readers, the `.vtree`, `.points` and `.hits` readers and the headless
# script's parse step (all through the shared reading layer's CRLF handling) and the
# calibration-matrix validation. Each target is one file under Tests/Fuzz compiled with the
# sources it exercises; a parser that imports a module gets that module built from only the files
# it needs (the core's geometry and key types as `ResponderKit`, the US layout as
# `ScriptedInput`), instrumented too. Seeds are the project's fixtures and scripts and, when the
# shared folder is beside the clone, ../shared/recordings and trees made by
# ../shared/bench/gen_trees.py. A crash, a trap, a leak-free but unbounded allocation
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
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
case "$seconds" in ''|*[!0-9]*) echo "fuzz.sh: --seconds wants a whole number, got '$seconds'" >&2; exit 2 ;; esac
[ ${#targets[@]} -gt 0 ] || targets=(evemu-description evemu-events calibration-matrix vtree points hits headless-script)

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

# The modules a target imports, each built from only the files the parser needs.
module_sources() {
  local core=Sources/ResponderKit
  case "$1" in
    ResponderKit) echo $core/Geometry/*.swift $core/Views/TraitCollection.swift $core/Layout/UserInterfaceLayoutDirection.swift \
      $core/Accessibility/ContentSizeCategory.swift $core/Accessibility/VisualSettings.swift \
      $core/Accessibility/HighContrastPalette.swift $core/Events/Key.swift \
      $core/Events/KeyModifierFlags.swift ;;
    ScriptedInput) echo Sources/ScriptedInput/USKeyboard.swift ;;
  esac
}

modules() {
  case "$1" in
    vtree|points|hits) echo ResponderKit ;;
    headless-script) echo ResponderKit ScriptedInput ;;
  esac
}

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
    vtree) echo Tests/Fuzz/FuzzVTree.swift Sources/HitTestFiles/VTree.swift $text ;;
    points) echo Tests/Fuzz/FuzzVTreePoints.swift Sources/HitTestFiles/VTree.swift $text ;;
    hits) echo Tests/Fuzz/FuzzVTreeHits.swift Sources/HitTestFiles/VTree.swift $text ;;
    headless-script)
      echo Tests/Fuzz/FuzzHeadlessScript.swift Sources/Kiosk/ScriptCommand.swift Sources/Kiosk/ScriptError.swift \
        Sources/Kiosk/ScriptKeys.swift $text ;;
    *) echo "fuzz.sh: unknown target '$1' (evemu-description, evemu-events, calibration-matrix, vtree, points, hits, headless-script)" >&2
       exit 2 ;;
  esac
}

# Builds module $1 (instrumented) into $out/modules, once per run of this script.
build_module() {
  local name=$1
  [ -f "$out/modules/$name.o" ] && return 0
  mkdir -p "$out/modules"
  # shellcheck disable=SC2046
  swiftc -O -sanitize=fuzzer -parse-as-library -wmo -module-name "$name" -emit-module \
    -emit-module-path "$out/modules/$name.swiftmodule" -I "$out/modules" -c $(module_sources "$name") -o "$out/modules/$name.o"
}

# Trees from the shared generator (small: 200 points a shape), made once and kept in .build/fuzz,
# when it is beside the clone; seed() cuts each file to its first 400 lines, within -max_len.
bench_trees() {
  local folder="$out/bench-trees" generator=../shared/bench/gen_trees.py
  [ -f "$generator" ] || return 0
  if [ ! -d "$folder" ]; then
    mkdir -p "$folder.part"
    python3 "$generator" "$folder.part" --points 200 --check-sample 20 >"$out/gen_trees.log" 2>&1 || return 0
    mv "$folder.part" "$folder"
  fi
  echo "$folder"
}

seed() {
  local target=$1 folder=$2
  mkdir -p "$folder"
  case "$target" in
    evemu-description) pattern='*.desc' ;;
    evemu-events) pattern='*.events' ;;
    vtree) pattern='*.vtree' ;;
    points) pattern='*.points' ;;
    hits) pattern='*.hits' ;;
    headless-script) pattern='*.puzzle' ;;
    calibration-matrix)
      printf '1 0 0 0 1 0' >"$folder/identity"
      printf '0 1 0 -1 0 1' >"$folder/rotated"
      printf '1.02,0,-0.01,0,0.98,0.02' >"$folder/commas"
      printf '1e13 0 0 0 1 0' >"$folder/huge"
      return ;;
  esac
  local roots=(Tests/LibinputTests/Devices ../shared/recordings)
  case "$target" in
    vtree|points|hits) roots+=("$(bench_trees)") ;;
    headless-script) roots=(Tools/Examples/puzzle-demo/scripts Tools/Examples/kiosk-demo/scripts) ;;
  esac
  [ "$target" = headless-script ] && pattern='*'
  local i=0
  for root in "${roots[@]}"; do
    [ -n "$root" ] && [ -d "$root" ] || continue
    while IFS= read -r -d '' file; do
      i=$((i + 1))
      head -n 400 "$file" >"$folder/$i-$(basename "$file")"
    done < <(find "$root" -type f -name "$pattern" -print0)
  done
  # A point file's and a hit file's own fixtures come with the trees; the project's tree has none.
  if [ "$target" = points ]; then printf 'points 1\r\n10 20\r\n-1e6 0.5\r\n' >"$folder/crlf"; fi
  if [ "$target" = hits ]; then printf '0\r\n-1\r\n3\r\n' >"$folder/crlf"; fi
}

rm -rf "$out/modules"
status=0
for target in "${targets[@]}"; do
  files=$(sources "$target")
  objects=()
  for module in $(modules "$target"); do
    build_module "$module"
    objects+=("$out/modules/$module.o")
  done
  binary="$out/$target"
  # shellcheck disable=SC2086
  swiftc -O -sanitize=fuzzer -parse-as-library -module-name Fuzz -I "$out/modules" $files "${objects[@]}" -o "$binary"
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
