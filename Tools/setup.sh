#!/usr/bin/env bash
# Installs the Debian packages ResponderKit needs that are missing (apt-get; run as root on a fresh
# Debian 12 machine). Idempotent: it does nothing when everything is there.
#   Tools/setup.sh [--quiet] [--main]
# --main installs only what building and running the main command needs (Tools/demo.sh); without
# it, everything the tests use too (compositors, emulated devices, seatd).
set -euo pipefail
quiet=""
main_only=""
for arg in "$@"; do
  case "$arg" in
    --quiet) quiet=--quiet ;;
    --main) main_only=1 ;;
    *) echo "setup: unknown option '$arg' (use --quiet and/or --main)" >&2; exit 2 ;;
  esac
done

# Build: pkg-config finds the C libraries the backends wrap.
packages=(pkg-config python3)
# Real input (issue 4): libinput + udev, xkbcommon keymaps with the XKB data and the X11 compose
# tables (dead keys), and umockdev (emulated evdev devices for the tests, input-trace --evemu and
# inputbench; the package ships libumockdev-preload.so.0, and libumockdev0 the library the
# EmulatedInput module loads with dlopen — nothing links it, so no -dev package is needed).
packages+=(libinput-dev libudev-dev libxkbcommon-dev xkb-data libx11-data umockdev libumockdev0)
# Seat access without root (issue 4): libseat (dlopen'ed at run time, never linked) and seatd, which
# the SeatSession tests start on a private socket.
packages+=(libseat-dev seatd)
# setpriv and unshare (tests that run a child as nobody, seatd in a private mount namespace).
packages+=(util-linux)
# Wayland (issue 5): libwayland-client/-server/-cursor headers, wayland-scanner (Tools/regen-protocols.sh),
# the xdg-shell XML, and for the end-to-end tests a real compositor (sway, headless) and grim.
packages+=(libwayland-dev libwayland-bin wayland-protocols sway grim)
# Pixels (issue 8): Cairo for drawing, Pango (pangocairo, fontconfig) for text, DejaVu as the pinned
# default font so rendered text is the same everywhere; cage (the kiosk compositor, which refuses to
# start without Xwayland installed) for the end-to-end tests.
packages+=(libcairo2-dev libpango1.0-dev fonts-dejavu-core cage xwayland)
# Deployment (issue 11): systemd-analyze and systemd-sysusers check the kiosk units and files in
# Tools/deploy (a container image may lack systemd).
packages+=(systemd)
# Issue 28: systemd-nspawn boots the real systemd in a container over this root (read-only, with an
# overlay), where a test installs the kiosk unit and sees the watchdog restart a frozen kiosk.
packages+=(systemd-container)
# Auto Layout (issue 23): kiwisolver, the independent Cassowary the solver's agreement test compares with.
packages+=(python3-kiwisolver)

# The real-kernel test tier (issue 25 §2, Tools/vm-test.sh): QEMU, Debian's distro kernel (booted
# over this root filesystem), busybox-static (the VM's initramfs), python3-evdev (uinput touchscreens
# and keyboards in the VM), socat (QEMU's monitor socket, for screendumps) and python3-venv (the venv
# virtme-ng is installed into, below).
packages+=(qemu-system-x86 linux-image-amd64 busybox-static python3-evdev socat python3-venv)
# The DRM/KMS output (Sources/DRMOutput, its CDRM C module): its headers; the host opens libdrm at first use.
packages+=(libdrm-dev)
# Speech (issue 26 §3): libspeechd (the speech-dispatcher client the Speech module opens at the first word) and
# libespeak-ng (its fallback voice); the daemon with its espeak-ng module and espeak-ng itself (a
# kiosk's voice, and the speech tests' private daemon, whose generic module runs the espeak-ng
# command); sox measures the audio the tests produce.
packages+=(libspeechd-dev libespeak-ng-dev speech-dispatcher speech-dispatcher-espeak-ng espeak-ng sox)
# AT-SPI2 (issue 26 §4): libdbus-1 (the ATSPI module links it); dbus for the tests' private session
# bus, at-spi2-core's bus launcher and registry, and pyatspi, the tests' AT client (as Orca's).
packages+=(libdbus-1-dev dbus at-spi2-core python3-pyatspi)

# The main command (puzzle-demo, any kiosk app) builds against these and runs with them.
main_packages=(pkg-config libinput-dev libudev-dev libxkbcommon-dev xkb-data libx11-data libwayland-dev
               libcairo2-dev libpango1.0-dev fonts-dejavu-core libdrm-dev libspeechd-dev libespeak-ng-dev
               speech-dispatcher speech-dispatcher-espeak-ng espeak-ng libdbus-1-dev)
[ -n "$main_only" ] && packages=("${main_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  [ "$quiet" = "--quiet" ] || echo "setup: all packages present"
elif [ "$(id -u)" != 0 ]; then
  echo "setup: missing packages: ${missing[*]} — run as root (or: sudo apt-get install ${missing[*]})" >&2
  exit 1
else
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The real-kernel test tier: virtme-ng (PyPI, not packaged by Debian 12) boots the distro kernel over
# this root filesystem. It goes into a venv under the git-ignored .build, never system-wide.
if [ -z "$main_only" ]; then
  venv="$(cd "$(dirname "$0")/.." && pwd)/.build/vm-venv"
  if [ ! -x "$venv/bin/vng" ]; then
    [ "$quiet" = "--quiet" ] || echo "setup: installing virtme-ng into .build/vm-venv"
    python3 -m venv "$venv" && "$venv/bin/pip" install --quiet virtme-ng
  fi
fi
