#!/usr/bin/env bash
# Builds the API documentation of the public modules as static HTML (DocC) and checks it:
#   Tools/docs.sh [--no-build] [--output DIR]     (default DIR: docs-site, ignored by git)
# 1. builds the modules (debug; `--no-build` reuses a build that is already there),
# 2. extracts each module's symbol graph with swift-symbolgraph-extract (public symbols),
# 3. counts public symbols with and without a doc comment — every public symbol of every module
#    listed must have one,
# 4. renders each module with `docc convert --transform-for-static-hosting --warnings-as-errors`,
#    so a broken symbol link or a malformed article fails.
# Open DIR/index.html, or serve DIR and browse /ResponderKit/documentation/responderkit/.
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
output=docs-site
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --output) output="${2:?--output needs a folder}"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "docs.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

# The documented modules: the core first, then the testing module, the host, rendering and backends.
modules=(ResponderKit ResponderKitTesting ScriptedInput HitTestFiles Kiosk KioskWayland KioskLoop Rendering LibinputBackend Keymap WaylandBackend FramebufferOutput DRMOutput Speech ATSPI)

toolchain="$(dirname "$(command -v swift)")"
docc="$toolchain/docc"
extract="$toolchain/swift-symbolgraph-extract"
for tool in "$docc" "$extract"; do
  [ -x "$tool" ] || { echo "docs.sh: $tool is missing: the Swift toolchain ships docc and swift-symbolgraph-extract beside swift" >&2; exit 1; }
done

if [ "$build" = 1 ]; then
  for module in "${modules[@]}"; do swift build --quiet --target "$module"; done
fi
bin="$(swift build --show-bin-path)"
[ -d "$bin/Modules" ] || { echo "docs.sh: no built modules in $bin (run without --no-build)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The C modules the Swift modules import: their module maps are found through -I.
cflags=()
for dir in Sources/C*/ Sources/C*/include/; do cflags+=(-Xcc "-I$dir"); done
for map in "$bin"/*.build/module.modulemap; do if [ -f "$map" ]; then cflags+=(-Xcc "-fmodule-map-file=$map"); fi; done
# …and the headers of the system libraries they wrap (the pkg-config names of Package.swift).
packages=$(sed -n 's/.*pkgConfig: "\([^"]*\)".*/\1/p' Package.swift | sort -u)
for flag in $(pkg-config --cflags $packages); do cflags+=(-Xcc "$flag"); done

triple="$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')"
for module in "${modules[@]}"; do
  mkdir -p "$work/graphs/$module"
  "$extract" -module-name "$module" -target "$triple" -I "$bin/Modules" "${cflags[@]}" \
    -module-cache-path "$work/module-cache" -minimum-access-level public \
    -output-dir "$work/graphs/$module"
done

# Doc comment coverage from the symbol graphs: a symbol counts when it is declared in this module
# (not a synthesized member) and has a doc comment.
python3 - "$work/graphs" "${modules[@]}" <<'PY'
import json, os, sys
root, modules = sys.argv[1], sys.argv[2:]
failed = False
for module in modules:
    folder = os.path.join(root, module)
    total, inherited, missing = 0, 0, []
    for name in sorted(os.listdir(folder)):
        # Module.symbols.json holds the module's own symbols; Module@Other.symbols.json its
        # extensions of another module's types (members it adds there are its own too).
        graph = json.load(open(os.path.join(folder, name)))
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            # Members SwiftPM synthesizes (Equatable's ==, Hashable's hash(into:), …) and members a
            # type only inherits or gets from a protocol extension are documented at their origin.
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            location = symbol.get("location", {}).get("uri", "")
            if not location:
                continue
            total += 1
            comment = symbol.get("docComment", {})
            doc = comment.get("lines", [])
            # An override or a protocol requirement's implementation without a comment of its own
            # shows (and is counted with) the comment of what it overrides or implements.
            if any(line["text"].strip() for line in doc) and (comment.get("uri", location) != location or comment.get("module", module) != module):
                inherited += 1
            if not any(line["text"].strip() for line in doc):
                where = location.split("/Sources/", 1)[-1]
                line = symbol["location"]["position"]["line"] + 1
                missing.append(f"{module}: {'.'.join(symbol['pathComponents'])} (Sources/{where}:{line})")
    print(f"docs.sh: {module}: {total - len(missing)} of {total} public symbols have a doc comment"
          f" ({inherited} of them the comment of what they override or implement)")
    if missing:
        failed = True
        for entry in missing:
            print(f"  undocumented: {entry}", file=sys.stderr)
if failed:
    print("docs.sh: every public symbol of the documented modules needs a doc comment (///)", file=sys.stderr)
    sys.exit(1)
PY

# Render: one archive per module (with its catalog when it has one), then a small index page.
rm -rf "$output"
mkdir -p "$output"
for module in "${modules[@]}"; do
  catalog=()
  [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
  lower="$(tr '[:upper:]' '[:lower:]' <<<"$module")"
  if ! "$docc" convert "${catalog[@]}" --additional-symbol-graph-dir "$work/graphs/$module" \
      --fallback-display-name "$module" --fallback-bundle-identifier "org.responderkit.$lower" \
      --transform-for-static-hosting --hosting-base-path "$module" --warnings-as-errors \
      --output-path "$output/$module" >"$work/docc-$module.log" 2>&1; then
    cat "$work/docc-$module.log" >&2
    echo "docs.sh: docc found problems in $module (above)" >&2
    exit 1
  fi
  # DocC prints its diagnostics even when they are not warnings; show any that are there.
  if grep -qE "warning:|error:" "$work/docc-$module.log"; then
    cat "$work/docc-$module.log" >&2
    echo "docs.sh: docc reported warnings for $module (above)" >&2
    exit 1
  fi
done
{
  echo '<!doctype html><meta charset="utf-8"><title>ResponderKit documentation</title><h1>ResponderKit documentation</h1><ul>'
  for module in "${modules[@]}"; do
    lower="$(tr '[:upper:]' '[:lower:]' <<<"$module")"
    echo "<li><a href=\"$module/documentation/$lower/\">$module</a></li>"
  done
  echo '</ul>'
} >"$output/index.html"
echo "docs.sh: wrote $output/ (serve it, e.g. python3 -m http.server -d $output, and open /)"
