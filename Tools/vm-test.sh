#!/usr/bin/env bash
# The real-kernel test tier (issue 25 §2): boots Debian's distro kernel under QEMU over this
# machine's root filesystem (virtme-ng, installed by Tools/setup.sh into .build/vm-venv), with
# QEMU's bochs display (the bochs KMS driver and its fbdev emulation, /dev/fb0), uinput and udev,
# and runs Tests/VirtualMachine/guest.py inside: the puzzle on the framebuffer driven by uinput
# taps through real udev and libinput, a VT switch away and back, VT lockdown, a touchscreen
# unplugged mid-touch and plugged in again, and the console after SIGTERM; then the same app on
# DRM/KMS (/dev/dri/card0): taps, flips paced by flip events, a VT switch away and back, SIGTERM,
# and --rotation 90 and 270 with taps at the turned tiles; SIGKILL and the documented recovery
# (`--restore-console`); then a second display, virtio-gpu (/dev/dri/card1), resized from here
# through QEMU's VNC server (an RFB SetDesktopSize, Tests/VirtualMachine/rfb.py) while the kiosk
# runs on it, and --blank-after there; and renderbench into a dumb buffer against shm (figures).
# Pixels are QEMU's own screendumps of the emulated displays, taken from here while the guest
# waits, and compared with the headless target's PNGs of the same states
# (Tests/VirtualMachine/images.py).
#   Tools/vm-test.sh [--keep] [--bench] [--debug]   (after `swift build -c release`, or with --debug after
#   `swift build --build-tests`: the apps of .build/debug; needs root for the guest's modprobe)
# --bench adds the benchmark: 30 uinput taps each on fbdev and on DRM with the latency overlay, input
# → pixels p50/p99 and the DRM/fbdev ratio ("BENCH" lines; about a minute more of TCG).
# One boot per run; KVM when /dev/kvm works, else TCG. The VM writes only to its own temporary
# folder (--rwdir), removed afterwards unless --keep (or a check failed). The last line is
# "vm-test: N passed, N failed, N skipped"; the exit status is 1 when a check failed, or when the
# tier could not run under CI (everything it needs comes from Tools/setup.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
keep=""
bench=()
build=release
for arg in "$@"; do
  case "$arg" in
    --keep) keep=1 ;;
    --bench) bench=(--bench) ;;
    --debug) build=debug ;;
    *) echo "vm-test: unknown option '$arg' (use --keep, --bench or --debug)" >&2; exit 2 ;;
  esac
done
started=$SECONDS

# A prerequisite missing: skipped with the reason, or under CI (where Tools/setup.sh ran and the
# job runs as root) a failure.
skip_all() {
  if [ -n "${CI:-}" ]; then
    echo "FAIL real-kernel tier: $1 (CI is set: Tools/setup.sh provides this)"
    echo "vm-test: 0 passed, 1 failed, 0 skipped"
    exit 1
  fi
  echo "SKIP real-kernel tier: $1"
  echo "vm-test: 0 passed, 0 failed, 1 skipped"
  exit 0
}

vng=.build/vm-venv/bin/vng
kernel=$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -1)
[ -x "$vng" ] || skip_all "no virtme-ng in .build/vm-venv (run Tools/setup.sh)"
[ -n "$kernel" ] || skip_all "no kernel in /boot (Tools/setup.sh installs linux-image-amd64)"
command -v qemu-system-x86_64 >/dev/null || skip_all "no qemu-system-x86_64 (Tools/setup.sh installs qemu-system-x86)"
command -v socat >/dev/null || skip_all "no socat (Tools/setup.sh installs it)"
[ -x /bin/busybox ] || skip_all "no busybox (Tools/setup.sh installs busybox-static)"
/usr/bin/python3 -c "import evdev" 2>/dev/null || skip_all "no python3-evdev (Tools/setup.sh installs it)"
[ "$(id -u)" = 0 ] || skip_all "needs root: the guest loads modules and creates uinput devices as the invoking user"
for binary in kiosk-demo; do
  [ -x ".build/$build/$binary" ] || skip_all "no .build/$build/$binary (swift build -c $build first)"
done

out=$(mktemp -d "${TMPDIR:-/tmp}/vm-test.XXXXXX")
chmod 755 "$out"

# The headless target's pictures of the states the guest reaches: the first board, two taps
# that swap tiles 1 and 2, two more that solve it.
cat > "$out/states.puzzle" <<'SCRIPT'
snapshot start
tap-at 458 218
tap-at 640 218
settle
snapshot swap-1
tap-at 640 400
tap-at 820 400
settle
snapshot solved
SCRIPT
# The same app on the 800x1280 window a quarter-turned panel gives (--rotation 90 and 270 on DRM).
cat > "$out/portrait.puzzle" <<'SCRIPT'
tap-at 155 290
tap-at 400 290
settle
snapshot swap-portrait
SCRIPT
# The virtio-gpu display: its first size, then 800x600 after the resize, with taps there.
cat > "$out/virtio-first.puzzle" <<'SCRIPT'
snapshot start-1024x768
SCRIPT
cat > "$out/virtio-resized.puzzle" <<'SCRIPT'
snapshot start-800x600
tap-at 264 164
tap-at 400 164
settle
snapshot swap-800x600
tap-at 400 300
tap-at 536 300
settle
snapshot solved-800x600
SCRIPT
if ! ".build/$build/kiosk-demo" puzzle --target headless --size 1280x800 --script "$out/states.puzzle" --output "$out" > "$out/headless.log" 2>&1 \
   || ! ".build/$build/kiosk-demo" puzzle --target headless --size 800x1280 --script "$out/portrait.puzzle" --output "$out" >> "$out/headless.log" 2>&1 \
   || ! ".build/$build/kiosk-demo" puzzle --target headless --size 1024x768 --script "$out/virtio-first.puzzle" --output "$out" >> "$out/headless.log" 2>&1 \
   || ! ".build/$build/kiosk-demo" puzzle --target headless --size 800x600 --script "$out/virtio-resized.puzzle" --output "$out" >> "$out/headless.log" 2>&1; then
  echo "FAIL headless-references: $(tail -3 "$out/headless.log")"
  echo "vm-test: 0 passed, 1 failed, 0 skipped"; exit 1
fi

# KVM only when it really runs a guest: a kernel with no root filesystem boots to its panic in
# seconds under KVM; nested KVM on some hosts aborts at once (MSR 0x10a) or hangs.
accel=(--disable-kvm)
if [ -w /dev/kvm ] && timeout 20 qemu-system-x86_64 -accel kvm -cpu host -m 256 -nodefaults -display none \
     -no-reboot -serial stdio -kernel "$kernel" -append "console=ttyS0 panic=-1" 2>/dev/null | grep -q "Kernel panic"; then
  accel=()
fi
echo "vm-test: booting $(basename "$kernel") with ${accel[*]:-KVM}${accel:+ (TCG: no working KVM)} into $out"

# virtio_gpu is kept from loading at boot (udev's coldplug loads it by alias, and when it probes
# before bochs it takes card0, /dev/fb0 and the console, while QEMU's screendump shows bochs):
# the guest loads bochs first and virtio_gpu after it, by name, so the order is always the same.
boot_started=$SECONDS
PATH="$repo/.build/vm-venv/bin:$PATH" timeout 1200 "$vng" "${accel[@]}" -r "$kernel" --memory 2G --rwdir "$out" --append modprobe.blacklist=virtio_gpu \
  --qemu-opts="-device bochs-display -device virtio-gpu-pci,id=gpu1,xres=1024,yres=768 -vnc unix:$out/vnc.sock,display=gpu1 -monitor unix:$out/monitor.sock,server,nowait" \
  -- /usr/bin/python3 "$repo/Tests/VirtualMachine/guest.py" "$out" "$repo" "$build" "${bench[@]}" > "$out/vm.log" 2>&1 &
vm=$!

# The guest's requests, OUT/request-NAME: empty, a screendump of the bochs display → OUT/NAME.ppm,
# then OUT/NAME.ppm.ready; "display ID", the same of QEMU's display device ID; "resize W H", the
# virtio-gpu display resized through the VNC server → OUT/NAME.rfb (the client's output), then
# OUT/NAME.ready.
first_request=""
while kill -0 "$vm" 2>/dev/null; do
  for request in "$out"/request-*; do
    [ -e "$request" ] || continue
    name=${request##*/request-}
    read -r kind first second < "$request" || true
    [ -n "$first_request" ] || first_request=$((SECONDS - boot_started))
    if [ "${kind:-}" = resize ]; then
      python3 Tests/VirtualMachine/rfb.py "$out/vnc.sock" "$first" "$second" > "$out/$name.rfb" 2>&1
      rm -f "$request"; touch "$out/$name.ready"
      continue
    fi
    display=""
    [ "${kind:-}" = display ] && display=$first
    echo "screendump $out/$name.ppm $display" | socat -t 2 - "UNIX-CONNECT:$out/monitor.sock" > /dev/null
    # QEMU writes the file while answering; wait until its size stops changing.
    size=-1
    for _ in $(seq 50); do
      now=$(stat -c %s "$out/$name.ppm" 2>/dev/null || echo 0)
      [ "$now" -gt 0 ] && [ "$now" = "$size" ] && break
      size=$now; sleep 0.2
    done
    rm -f "$request"; touch "$out/$name.ppm.ready"
  done
  sleep 0.3
done
wait "$vm"; vm_status=$?
vm_seconds=$((SECONDS - boot_started))

[ -f "$out/results" ] || echo "FAIL guest: no results (VM exit status $vm_status); $(tail -5 "$out/vm.log" | tr '\n' ' ')" >> "$out/results"
[ -f "$out/guest-done" ] || echo "FAIL guest-finished: the guest did not finish (VM exit status $vm_status; see vm.log)" >> "$out/results"
python3 Tests/VirtualMachine/images.py "$out" > "$out/comparisons" 2>&1 || echo "FAIL image-comparison: $(tail -1 "$out/comparisons")" >> "$out/comparisons"
lines=$(grep -hE '^(PASS|FAIL|SKIP) ' "$out/results" "$out/comparisons")
echo "$lines"
grep -h '^BENCH \|^NOTE ' "$out/results"
passed=$(grep -c '^PASS ' <<<"$lines"); failed=$(grep -c '^FAIL ' <<<"$lines"); skipped=$(grep -c '^SKIP ' <<<"$lines")
echo "vm-test: first screendump request ${first_request:-never} s after the boot started; VM ${vm_seconds} s; total $((SECONDS - started)) s"
if [ "$failed" -gt 0 ] || [ -n "$keep" ]; then echo "vm-test: logs and screendumps (PNG beside each PPM) kept in $out"; else rm -rf "$out"; fi
echo "vm-test: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
