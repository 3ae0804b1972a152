#!/usr/bin/env bash
# Touch scrolling against Qt and GTK (issue 27 §4): the same 10,000-row list as ours
# (`scroll-list`, a TableView), Qt 6 (qt_list.cpp: QListView + QScroller) and GTK 4 (gtk_list.c:
# GtkListView in a kinetic GtkScrolledWindow), each fullscreen in turn under one headless sway
# whose own libinput reads an emulated touchscreen (`scrolltouch`: real libinput under umockdev),
# the same scripted drag and fling for all, measured by scrollpeers.py from each app's
# WAYLAND_DEBUG log and /proc. Rounds interleave the apps; the table gives ranges over runs.
#
#   Tools/Benchmarks/scroll-peers/run.sh            (from the package root, as root or a user)
#
# Environment (all optional):
#   OUT=DIR      logs, results.jsonl and the peers' binaries (default: $TMPDIR/scroll-peers)
#   RUNS=N       rounds (default 3); DRAGS=N drags per app and round (default 3)
#   PEERS="..."  peers to run beside ours (default "qt6 qt6-noegl gtk4")
#   SIZE=WxH     the headless output (default 1280x800)
#   NO_INSTALL=1 never call apt-get; NO_BUILD=1 use the release build as it is
# The peers are never part of the library: they are built here, into OUT, with the Qt and GTK
# development packages (installed with apt-get when missing and run as root). sway refuses
# root, so as root the measuring runs as nobody.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
HERE=Tools/Benchmarks/scroll-peers
OUT="${OUT:-${TMPDIR:-/tmp}/scroll-peers}"
RUNS="${RUNS:-3}"
DRAGS="${DRAGS:-3}"
PEERS="${PEERS-qt6 qt6-noegl gtk4}"
SIZE="${SIZE:-1280x800}"
say() { printf '== %s\n' "$*" >&2; }

PKGS=(build-essential pkg-config qt6-base-dev qt6-wayland libgtk-4-dev sway umockdev fonts-dejavu-core)
missing=()
for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    [ "${NO_INSTALL:-0}" = 1 ] && { echo "missing packages: ${missing[*]} (NO_INSTALL=1)" >&2; exit 1; }
    say "installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "$OUT/bin" "$OUT/logs" "$OUT/home"
say "building the peers into $OUT/bin"
g++ -O2 -Wall -std=c++17 -fPIC "$HERE/qt_list.cpp" -o "$OUT/bin/qt_list" $(pkg-config --cflags --libs Qt6Widgets)
gcc -O2 -Wall -std=gnu11 "$HERE/gtk_list.c" -o "$OUT/bin/gtk_list" $(pkg-config --cflags --libs gtk4)
if [ "${NO_BUILD:-0}" != 1 ]; then
    say "building scroll-list, scrolltouch and the preload shims (release)"
    swift build -c release --product scroll-list
    swift build -c release --product scrolltouch
    swift build --package-path Tests/Shims --scratch-path .build/shims -c release
fi
BIN="$(swift build -c release --show-bin-path)"
for tool in scroll-list scrolltouch; do
    [ -x "$BIN/$tool" ] || { echo "$BIN/$tool is not built (run without NO_BUILD)" >&2; exit 1; }
done

APPS=("ours=$BIN/scroll-list")
for peer in $PEERS; do
    case "$peer" in
        qt6)       APPS+=("qt6=QT_QPA_PLATFORM=wayland $OUT/bin/qt_list") ;;
        # Qt's Wayland plugin without its wayland-egl buffer integration (Mesa), as the kiosk bench's qt6-noegl.
        qt6-noegl) APPS+=("qt6-noegl=QT_QPA_PLATFORM=wayland QT_WAYLAND_CLIENT_BUFFER_INTEGRATION=none $OUT/bin/qt_list") ;;
        gtk4)      APPS+=("gtk4=GDK_BACKEND=wayland GSK_RENDERER=cairo $OUT/bin/gtk_list") ;;
        *)         echo "unknown peer $peer (known: qt6 qt6-noegl gtk4)" >&2; exit 2 ;;
    esac
done

AS_USER=()
if [ "$(id -u)" = 0 ]; then
    chown -R 65534:65534 "$OUT"
    AS_USER=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
say "measuring ${#APPS[@]} apps, $RUNS rounds of $DRAGS drags (load now: $(cut -d' ' -f1-3 /proc/loadavg))"
"${AS_USER[@]}" env -i PATH=/usr/bin:/bin HOME="$OUT/home" TMPDIR="${TMPDIR:-/tmp}" \
    /usr/bin/python3 "$HERE/scrollpeers.py" --rig "$BIN/scrolltouch" --out "$OUT" --home "$OUT/home" \
    --size "$SIZE" --runs "$RUNS" --drags "$DRAGS" "${APPS[@]}"
