"""The guest side of the real-kernel tier (Tools/vm-test.sh): runs inside the VM as root, on the
distro kernel with the bochs display (/dev/fb0 is bochs-drmdrmfb), uinput and udev.

Usage: python3 guest.py OUT REPO BUILD [--bench]
BUILD is the folder of .build the apps come from: release (Tools/test.sh) or debug (vm-test.sh --debug).
With --bench it also measures input → pixels on fbdev and on DRM ("BENCH" lines in OUT/results).
OUT is the only folder the VM may write (--rwdir). Screendumps are taken by the host: the guest
writes OUT/request-NAME and waits for OUT/NAME.ppm.ready. Each check appends a line to
OUT/results: "PASS name: detail", "FAIL name: detail", "SKIP name: reason", or
"COMPARE name SHOT REFERENCE same|differ" for a pixel comparison the host makes afterwards
(REFERENCE is a headless PNG of the same state, or another shot).
"""
import fcntl, grp, os, shutil, signal, struct, subprocess, sys, tempfile, time
from evdev import UInput, AbsInfo, ecodes as e

OUT, REPO, BUILD = sys.argv[1], sys.argv[2], sys.argv[3]
BENCH = "--bench" in sys.argv[4:]
APP = os.path.join(REPO, f".build/{BUILD}/kiosk-demo")
WIDTH, HEIGHT = 1280, 800
# Tile centres of the puzzle's 3x3 board on a 1280x800 screen (column, row).
COLUMNS, ROWS = (458, 640, 820), (218, 400, 580)

KDGETMODE, KDGKBMODE, VT_GETMODE, VT_GETSTATE = 0x4B3B, 0x4B44, 0x5601, 0x5603
KD_TEXT, VT_AUTO = 0, 0


def log(text):
    print(f"[guest {time.monotonic():7.1f}] {text}", flush=True)


def result(line):
    log(line)
    with open(os.path.join(OUT, "results"), "a") as f:
        f.write(line + "\n")


def check(name, ok, detail):
    result(f"{'PASS' if ok else 'FAIL'} {name}: {detail}")


def ask_host(name, request, ready):
    """Writes OUT/request-NAME with `request` for the host and waits for OUT/`ready`."""
    with open(os.path.join(OUT, "request-" + name), "w") as f:
        f.write(request)
    deadline = time.monotonic() + 90
    while not os.path.exists(os.path.join(OUT, ready)):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the host did not answer the request '{name}' ({request or 'screendump'}) within 90 s")
        time.sleep(0.2)


def shot(name, display=""):
    """Asks the host for a screendump of the emulated display (the bochs one, or the QEMU device
    id `display`) and waits for it."""
    ask_host(name, f"display {display}" if display else "", name + ".ppm.ready")
    return name + ".ppm"


def resize_virtual_display(name, width, height):
    """Asks the host to resize the virtio-gpu display through QEMU's VNC server (an RFB
    SetDesktopSize from Tests/VirtualMachine/rfb.py); returns the client's output."""
    ask_host(name, f"resize {width} {height}", name + ".ready")
    return open(os.path.join(OUT, name + ".rfb")).read().strip()


def console_state():
    """(foreground VT, KDGETMODE, KDGKBMODE, VT_GETMODE mode) of VT 1, read with ioctls."""
    # O_NOCTTY: a VT opened here must not become this process's (and the app's) controlling tty.
    tty0 = os.open("/dev/tty0", os.O_RDONLY | os.O_NOCTTY)
    tty1 = os.open("/dev/tty1", os.O_RDONLY | os.O_NOCTTY)
    try:
        # The kernel's own view as well: /sys/class/tty/tty0/active names the foreground VT.
        active = struct.unpack("HHH", fcntl.ioctl(tty0, VT_GETSTATE, bytes(6)))[0]
        named = open("/sys/class/tty/tty0/active").read().strip()
        if named != f"tty{active}":
            log(f"VT_GETSTATE says VT {active}, sysfs says {named}")
        mode = struct.unpack("i", fcntl.ioctl(tty1, KDGETMODE, bytes(4)))[0]
        keyboard = struct.unpack("i", fcntl.ioctl(tty1, KDGKBMODE, bytes(4)))[0]
        vt_mode = struct.unpack("bbhhh", fcntl.ioctl(tty1, VT_GETMODE, bytes(8)))[0]
    finally:
        os.close(tty0)
        os.close(tty1)
    return active, mode, keyboard, vt_mode


class Touchscreen:
    """A uinput multitouch screen covering the display (INPUT_PROP_DIRECT): libinput's udev seat
    sees it as a touchscreen. close() destroys the device: an unplug."""
    count = 0

    def __init__(self):
        Touchscreen.count += 1
        axis = lambda hi: AbsInfo(0, 0, hi, 0, 0, 10)
        caps = {e.EV_KEY: [e.BTN_TOUCH],
                e.EV_ABS: [(e.ABS_X, axis(WIDTH - 1)), (e.ABS_Y, axis(HEIGHT - 1)),
                           (e.ABS_MT_SLOT, AbsInfo(0, 0, 9, 0, 0, 0)),
                           (e.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0)),
                           (e.ABS_MT_POSITION_X, axis(WIDTH - 1)), (e.ABS_MT_POSITION_Y, axis(HEIGHT - 1))]}
        self.device = UInput(caps, name=f"vm-touchscreen-{Touchscreen.count}", input_props=[e.INPUT_PROP_DIRECT])
        self.tracking = 0

    def down(self, x, y):
        self.tracking += 1
        for event in [(e.EV_ABS, e.ABS_MT_SLOT, 0), (e.EV_ABS, e.ABS_MT_TRACKING_ID, self.tracking),
                      (e.EV_ABS, e.ABS_MT_POSITION_X, x), (e.EV_ABS, e.ABS_MT_POSITION_Y, y),
                      (e.EV_KEY, e.BTN_TOUCH, 1), (e.EV_ABS, e.ABS_X, x), (e.EV_ABS, e.ABS_Y, y)]:
            self.device.write(*event)
        self.device.syn()

    def up(self):
        self.device.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
        self.device.write(e.EV_KEY, e.BTN_TOUCH, 0)
        self.device.syn()

    def tap(self, column, row, pause=1.5):
        self.down(COLUMNS[column], ROWS[row])
        time.sleep(0.08)
        self.up()
        time.sleep(pause)

    def tap_at(self, x, y, size, pause=1.5):
        """A tap at (x, y) of an output of `size` (width, height): libinput scales the device's
        range onto the output, so the device coordinate is the same fraction of its range."""
        self.down(round(x * WIDTH / size[0]), round(y * HEIGHT / size[1]))
        time.sleep(0.08)
        self.up()
        time.sleep(pause)

    def close(self):
        self.device.close()


class Keyboard:
    """A uinput keyboard: the kernel's console keyboard handler sees it at once (no udev needed)."""

    def __init__(self):
        self.device = UInput({e.EV_KEY: [e.KEY_LEFTCTRL, e.KEY_LEFTALT, e.KEY_F1, e.KEY_F2, e.KEY_A]},
                             name="vm-keyboard")

    def chord(self, *keys):
        for key in keys:
            self.device.write(e.EV_KEY, key, 1); self.device.syn(); time.sleep(0.05)
        for key in reversed(keys):
            self.device.write(e.EV_KEY, key, 0); self.device.syn(); time.sleep(0.05)


def start_app(name, *flags, target=("--target", "framebuffer", "--fb", "/dev/fb0"), node="/dev/fb0", app_path=None, **user):
    log_path = os.path.join(OUT, name + ".log")
    app = subprocess.Popen([app_path or APP, "puzzle", *target, *flags],
                           stdout=open(log_path, "w"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, **user)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and app.poll() is None:
        if "on " + node in open(log_path).read():
            time.sleep(3)  # the first frame, and libinput's first dispatch
            return app, log_path
        time.sleep(0.3)
    app.kill()
    raise RuntimeError(f"{name}: the app did not come up on {node}: {open(log_path).read()[-400:]}")


# The two DRM devices by driver, not by number: which one probes first (card0) varies from boot
# to boot. main() finds them in sysfs once the modules are loaded (`drm_cards`).
BOCHS_CARD, VIRTIO_CARD = "card0", "card1"
BOCHS_NODE, VIRTIO_NODE = "/dev/dri/card0", "/dev/dri/card1"
DRM = ("--target", "drm", "--drm", BOCHS_NODE)
# Tile centres of the puzzle on the 800x1280 window a quarter-turned 1280x800 panel gives.
PORTRAIT_COLUMNS, PORTRAIT_ROWS = (155, 400, 645), (290, 533, 778)


def flip_figures(log_path):
    """The numbers of the host's closing "drm: commits N, flip events N, commits while a flip was
    pending N, EBUSY N, …" line, or None."""
    for line in open(log_path).read().splitlines():
        if ": drm: commits " in line:
            words = line.replace(",", "").split()
            number = lambda after: int(words[words.index(after) + 1])
            return {"commits": number("commits"), "flips": number("events"), "pending": number("pending"),
                    "busy": number("EBUSY"), "line": line.split(": drm: ", 1)[1]}
    return None


def drm_run(initial):
    """DRM/KMS on the bochs card: taps, a VT switch away and back, flip pacing, SIGTERM."""
    touch, keyboard = Touchscreen(), Keyboard()
    settle_udev()
    app, log_path = start_app("drm", "--allow-vt-switch", target=DRM, node=BOCHS_NODE)
    touch.tap(0, 0); touch.tap(1, 0)
    result(f"COMPARE drm-puzzle-taps {shot('drm-puzzle')} swap-1.png same")
    chvt(2, 20)
    time.sleep(2)
    check("drm-vt-switch-away", console_state()[0] == 2, f"foreground VT after chvt 2: {console_state()[0]} (want 2)")
    away = shot("drm-away")
    touch.tap(1, 1); touch.tap(2, 1)  # would solve the puzzle if delivered
    result(f"COMPARE drm-vt-nothing-drawn-while-away {shot('drm-away-2')} {away} same")
    result(f"COMPARE drm-vt-console-shown-while-away {away} swap-1.png differ")
    chvt(1, 20)
    time.sleep(2)
    check("drm-vt-switch-back", console_state()[0] == 1, f"foreground VT after chvt 1: {console_state()[0]} (want 1)")
    result(f"COMPARE drm-vt-back-full-picture-touches-dropped {shot('drm-back')} swap-1.png same")
    touch.tap(1, 1); touch.tap(2, 1)
    result(f"COMPARE drm-solved-by-taps {shot('drm-solved')} solved.png same")
    connector_change(app, log_path)
    status = stop_app(app)
    active, mode, keyboard_mode, vt_mode = console_state()
    check("drm-sigterm-exit", status == 0, f"exit status {status}")
    check("drm-sigterm-console-usable",
          (active, mode, keyboard_mode, vt_mode) == (1, KD_TEXT, initial[2], VT_AUTO),
          f"VT {active}, KDGETMODE {mode} (want {KD_TEXT}), KDGKBMODE {keyboard_mode} (want {initial[2]}), "
          f"VT_GETMODE {vt_mode} (want VT_AUTO {VT_AUTO})")
    time.sleep(1)
    console = shot("drm-console")
    result(f"COMPARE drm-sigterm-console-back {console} solved.png differ")
    # The console really draws again on the CRTC given back: text written to VT 1 shows.
    with open("/dev/tty1", "w") as tty:
        tty.write("\033[2J\033[H" + ("#" * 100 + "\n") * 30)
    time.sleep(1)
    result(f"COMPARE drm-sigterm-console-draws-text {shot('drm-console-text')} {console} differ")
    figures = flip_figures(log_path)
    check("drm-flips-paced-by-flip-events",
          figures is not None and figures["flips"] > 0 and figures["pending"] == 0 and figures["busy"] == 0
          and figures["commits"] - figures["flips"] <= 1,
          figures["line"] if figures else "no 'drm: commits' line in the app's log")
    touch.close(); keyboard.device.close()
    log(open(log_path).read()[-800:])


def cpu_seconds(pid):
    """User + system CPU time of a process so far (/proc/PID/stat, clock ticks)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def announce_hotplug():
    """The card's "change" uevent, as the kernel's output poll sends it after a connector changes.
    bochs does not enable output polling (no drm_kms_helper_poll_init), so a forced status changes
    the connector without an event; the guest writes the event into the card's sysfs `uevent`."""
    with open(f"/sys/class/drm/{BOCHS_CARD}/uevent", "w") as f:
        f.write("change")


def connector_change(app, log_path):
    """A connector change on the real driver: the connector's sysfs `status` forced "off" (the
    kernel then reports it disconnected, without modes), announced by the card's change uevent,
    then "detect" again. Unplugged, the app stops drawing without spinning; back, it shows the
    whole picture again."""
    status_files = [os.path.join("/sys/class/drm", name, "status") for name in sorted(os.listdir("/sys/class/drm"))
                    if name.startswith(f"{BOCHS_CARD}-")]
    if not status_files:
        result(f"SKIP drm-connector-change: no /sys/class/drm/{BOCHS_CARD}-*/status")
        return
    status_file = status_files[0]
    with open(status_file, "w") as f:
        f.write("off")
    announce_hotplug()
    time.sleep(2)
    before = cpu_seconds(app.pid)
    time.sleep(3)
    spent = cpu_seconds(app.pid) - before
    text = open(log_path).read()
    check("drm-unplug-stops-drawing", "connector unplugged" in text and spent < 0.5,
          f"{status_file} = off: {'noticed' if 'connector unplugged' in text else 'not noticed'}; "
          f"CPU over 3 s while unplugged: {spent:.2f} s (want < 0.5)")
    with open(status_file, "w") as f:
        f.write("detect")
    announce_hotplug()
    time.sleep(3)
    text = open(log_path).read()
    check("drm-replug-noticed", "plugged in again" in text, f"{status_file} = detect: log says "
          + ("'plugged in again'" if "plugged in again" in text else "nothing"))
    result(f"COMPARE drm-replug-whole-picture {shot('drm-replugged')} solved.png same")


def seconds_of(text):
    """'4.21 ms' / '850 µs' / '1.20 s' → seconds."""
    value, unit = text.split()
    return float(value) * {"µs": 1e-6, "ms": 1e-3, "s": 1.0}[unit]


def latency_run(name, target, node):
    """The benchmark: 30 uinput taps on the puzzle with the latency overlay on; the host's closing
    "latency:" line gives input (the kernel's event time) → pixels (the output's presentation: the
    flip event's timestamp on DRM, the end of the copy on fbdev), p50 and p99."""
    touch = Touchscreen()
    settle_udev()
    app, log_path = start_app(f"latency-{name}", "--latency-overlay", target=target, node=node)
    for i in range(30):
        touch.down(COLUMNS[i % 2], ROWS[2]); time.sleep(0.05); touch.up(); time.sleep(0.35)
    time.sleep(1)
    stop_app(app)
    touch.close()
    line = next((l for l in open(log_path).read().splitlines() if ": latency: " in l), None)
    pixels = line.split("→ pixels ", 1)[1] if line and "→ pixels n=" in line else None
    if pixels is None:
        result(f"FAIL latency-{name}: no input → pixels figure in the app's log: {line}")
        return None
    words = pixels.replace(";", "").split()
    p50, p99 = seconds_of(" ".join(words[2:4])), seconds_of(" ".join(words[5:7]))
    result(f"BENCH latency-{name}: input → pixels {pixels.strip()} ({line.split(': latency: ', 1)[1]})")
    return p50, p99


def copy_for_anyone(path):
    """A copy of `path` that a user without access to the checkout can run. A clone in a private
    (0700) folder hides `.build` from nobody; the copy lives in the guest's /run, a tmpfs in the
    VM's own memory (the host's root is read-only in the guest), so nothing outside OUT is written.
    Its libraries resolve from the toolchain and the system (RUNPATH), not from beside it."""
    folder = tempfile.mkdtemp(prefix="kiosk-", dir="/run")
    os.chmod(folder, 0o755)
    copy = os.path.join(folder, os.path.basename(path))
    shutil.copy2(path, copy)
    os.chmod(copy, 0o755)
    return copy


def seat_run(initial):
    """DRM through a seat manager: seatd runs, the kiosk runs as nobody (no device group), and
    libseat opens the card (with DRM master) and the input devices for it."""
    if not os.access("/usr/sbin/seatd", os.X_OK):
        result("SKIP drm-through-seatd: no /usr/sbin/seatd (Debian's seatd package)")
        return
    seatd = subprocess.Popen(["/usr/sbin/seatd", "-g", "video"], stdout=open(os.path.join(OUT, "seatd.log"), "w"),
                             stderr=subprocess.STDOUT)
    try:
        for _ in range(50):
            if os.path.exists("/run/seatd.sock"):
                break
            time.sleep(0.2)
        touch = Touchscreen()
        settle_udev()
        nobody = {"user": 65534, "group": 65534, "extra_groups": [grp.getgrnam("video").gr_gid],
                  "cwd": "/", "env": {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "LIBSEAT_BACKEND": "seatd"}}
        app, log_path = start_app("seatd", target=DRM, node=BOCHS_NODE, app_path=copy_for_anyone(APP), **nobody)
        text = open(log_path).read()
        check("drm-through-seatd-opened", "through the seat seat0" in text, text.splitlines()[0] if text else "no output")
        touch.tap(0, 0); touch.tap(1, 0)
        result(f"COMPARE drm-through-seatd-taps {shot('drm-seatd')} swap-1.png same")
        status = stop_app(app)
        time.sleep(1)
        active, mode, keyboard_mode, vt_mode = console_state()
        check("drm-through-seatd-sigterm", status == 0 and (active, mode) == (1, KD_TEXT),
              f"exit status {status}; VT {active}, KDGETMODE {mode} (want {KD_TEXT}) after seatd's session ended")
        touch.close()
        log(open(log_path).read()[-400:])
    finally:
        seatd.terminate()
        seatd.wait(10)


# A touchscreen that reports a known skew: a touch at (x, y) comes out at D(x, y).
SKEW = ((0.9, 0.05, 30.0), (-0.03, 0.85, 25.0))


def expected_calibration():
    """The matrix calibrate should find: D's inverse in libinput's normalized space
    (diag(1/W, 1/H) · D⁻¹ · diag(W, H)), as its six values."""
    (a, b, c), (d, e, f) = SKEW
    det = a * e - b * d
    ia, ib, id_, ie = e / det, -b / det, -d / det, a / det
    ic, if_ = -(ia * c + ib * f), -(id_ * c + ie * f)
    return (ia, ib * HEIGHT / WIDTH, ic / WIDTH, id_ * WIDTH / HEIGHT, ie, if_ / HEIGHT)


def calibrate_run():
    """The calibrate tool on DRM against a uinput touchscreen with a known skew: five taps where the
    skewed panel reports the five targets; the matrix it prints must undo the skew."""
    tool = os.path.join(REPO, f".build/{BUILD}/calibrate")
    if not os.access(tool, os.X_OK):
        result(f"SKIP calibrate-known-skew: no .build/{BUILD}/calibrate (swift build -c {BUILD} --product calibrate)")
        return
    touch = Touchscreen()
    settle_udev()
    log_path = os.path.join(OUT, "calibrate.log")
    app = subprocess.Popen([tool, *DRM, "--no-check"], stdout=open(log_path, "w"), stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and app.poll() is None and f"on {BOCHS_NODE}" not in open(log_path).read():
        time.sleep(0.3)
    time.sleep(3)
    (a, b, c), (d, e, f) = SKEW
    for x, y in ((0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9), (0.5, 0.5)):
        x, y = x * WIDTH, y * HEIGHT
        touch.down(round(a * x + b * y + c), round(d * x + e * y + f)); time.sleep(0.1); touch.up(); time.sleep(1.5)
    try:
        status = app.wait(60)
    except subprocess.TimeoutExpired:
        app.kill()
        status = None
    touch.close()
    text = open(log_path).read()
    line = next((l for l in text.splitlines() if l.startswith("LIBINPUT_CALIBRATION_MATRIX=")), None)
    if line is None:
        result(f"FAIL calibrate-known-skew: exit status {status}, no matrix printed: {text[-300:]!r}")
        return
    found = [float(v) for v in line.split('"')[1].split()]
    want = expected_calibration()
    error = max(abs(x - y) for x, y in zip(found, want))
    check("calibrate-known-skew", status == 0 and error < 0.005,
          f"exit status {status}; printed {' '.join(f'{v:.4f}' for v in found)}, "
          f"want {' '.join(f'{v:.4f}' for v in want)} (largest difference {error:.4f}, want < 0.005)")


def legacy_run():
    """--drm-legacy: the same taps through drmModeSetCrtc + drmModePageFlip (bochs offers atomic,
    so the default run takes the atomic path), flips still paced by their events."""
    touch = Touchscreen()
    settle_udev()
    app, log_path = start_app("drm-legacy", "--drm-legacy", target=DRM, node=BOCHS_NODE)
    text = open(log_path).read()
    check("drm-legacy-path", ", legacy with" in text, text.splitlines()[0] if text else "no output")
    touch.tap(0, 0); touch.tap(1, 0)
    result(f"COMPARE drm-legacy-taps {shot('drm-legacy')} swap-1.png same")
    status = stop_app(app)
    figures = flip_figures(log_path)
    check("drm-legacy-flips-paced", status == 0 and figures is not None and figures["flips"] > 0
          and figures["pending"] == 0 and figures["busy"] == 0 and figures["commits"] == figures["flips"],
          f"exit status {status}; " + (figures["line"] if figures else "no 'drm: commits' line"))
    touch.close()


def drm_rotation_run(degrees):
    """--rotation 90/270 on DRM: the picture turned on the panel, and taps (in panel coordinates)
    land on the tiles drawn under them."""
    touch = Touchscreen()
    settle_udev()
    app, log_path = start_app(f"drm-rotation-{degrees}", "--rotation", str(degrees), target=DRM, node=BOCHS_NODE)
    for column in (0, 1):
        lx, ly = PORTRAIT_COLUMNS[column], PORTRAIT_ROWS[0]
        px, py = (WIDTH - 1 - ly, lx) if degrees == 90 else (ly, HEIGHT - 1 - lx)
        touch.down(px, py); time.sleep(0.08); touch.up(); time.sleep(1.5)
    time.sleep(2)  # the swap glides: on a loaded host TCG may still be drawing it 1.5 s after the tap
    result(f"COMPARE drm-rotation-{degrees}-picture-and-touch {shot(f'drm-rotation-{degrees}')} swap-portrait.png@{degrees} same")
    status = stop_app(app)
    check(f"drm-rotation-{degrees}-exit", status == 0, f"exit status {status}")
    touch.close()
    log(open(log_path).read()[-600:])


def stop_app(app):
    app.send_signal(signal.SIGTERM)
    try:
        return app.wait(30)
    except subprocess.TimeoutExpired:
        app.kill()
        return None


def chvt(number, seconds):
    """busybox chvt under a timeout: a locked VT refuses, and chvt then waits in VT_WAITACTIVE."""
    done = subprocess.run(["timeout", str(seconds), "busybox", "chvt", str(number)], capture_output=True, text=True)
    log(f"chvt {number}: status {done.returncode} {done.stdout.strip()} {done.stderr.strip()}")


def settle_udev():
    subprocess.run(["udevadm", "settle", "--timeout=20"], check=False)


def cooperative_run(initial):
    """--allow-vt-switch: taps, a VT switch away and back, an unplug mid-touch, SIGTERM."""
    touch, keyboard = Touchscreen(), Keyboard()
    settle_udev()
    app, log_path = start_app("cooperative", "--allow-vt-switch")
    touch.tap(0, 0); touch.tap(1, 0)
    result(f"COMPARE puzzle-taps {shot('puzzle')} swap-1.png same")

    # Away: Ctrl+Alt+F2 from the uinput keyboard (the kernel switches; the app releases the VT).
    keyboard.chord(e.KEY_LEFTCTRL, e.KEY_LEFTALT, e.KEY_F2)
    time.sleep(2)
    check("vt-switch-away-ctrl-alt-f2", console_state()[0] == 2, f"foreground VT after Ctrl+Alt+F2: {console_state()[0]} (want 2)")
    if console_state()[0] != 2:
        chvt(2, 20)  # the rest of the checks still need the switch away
        time.sleep(2)
        check("vt-switch-away-chvt", console_state()[0] == 2, f"foreground VT after chvt 2: {console_state()[0]} (want 2)")
    away = shot("away-1")
    touch.tap(1, 1); touch.tap(2, 1)  # would solve the puzzle if delivered
    result(f"COMPARE vt-nothing-drawn-while-away {shot('away-2')} {away} same")
    result(f"COMPARE vt-console-shown-while-away {away} swap-1.png differ")
    chvt(1, 20)
    time.sleep(2)
    check("vt-switch-back", console_state()[0] == 1, f"foreground VT after chvt 1: {console_state()[0]} (want 1)")
    result(f"COMPARE vt-back-full-picture-touches-dropped {shot('back')} swap-1.png same")

    # Unplug mid-touch: a finger down on tile 6, the device destroyed, a new one plugged in.
    touch.down(COLUMNS[1], ROWS[1]); time.sleep(0.5)
    touch.close(); time.sleep(1.5)
    result(f"COMPARE unplug-cancels-touch {shot('unplugged')} swap-1.png same")
    replugged = Touchscreen(); settle_udev(); time.sleep(2)
    replugged.tap(1, 1); replugged.tap(2, 1)
    result(f"COMPARE replugged-device-solves {shot('replugged')} solved.png same")

    status = stop_app(app)
    active, mode, keyboard_mode, vt_mode = console_state()
    check("sigterm-exit", status == 0, f"exit status {status}")
    check("sigterm-console-usable",
          (active, mode, keyboard_mode, vt_mode) == (1, KD_TEXT, initial[2], VT_AUTO),
          f"VT {active}, KDGETMODE {mode} (want {KD_TEXT}), KDGKBMODE {keyboard_mode} (want {initial[2]}), "
          f"VT_GETMODE {vt_mode} (want VT_AUTO {VT_AUTO})")
    time.sleep(1)
    result(f"COMPARE sigterm-kiosk-picture-gone {shot('console')} solved.png differ")
    replugged.close(); keyboard.device.close()
    log(open(log_path).read()[-600:])


def locked_run(initial):
    """The default, VT lockdown: Ctrl+Alt+F2 and chvt leave the kiosk on screen."""
    touch, keyboard = Touchscreen(), Keyboard()
    settle_udev()
    app, log_path = start_app("locked")
    state = console_state()
    check("lockdown-keyboard-off", state[2] == 4 and state[3] == 1,
          f"KDGKBMODE {state[2]} (want K_OFF 4), VT_GETMODE {state[3]} (want VT_PROCESS 1)")
    keyboard.chord(e.KEY_LEFTCTRL, e.KEY_LEFTALT, e.KEY_F2)
    time.sleep(2)
    check("lockdown-ctrl-alt-f2", console_state()[0] == 1, f"foreground VT after Ctrl+Alt+F2: {console_state()[0]} (want 1)")
    chvt(2, 10)
    check("lockdown-chvt-refused", console_state()[0] == 1, f"foreground VT after chvt 2: {console_state()[0]} (want 1)")
    result(f"COMPARE lockdown-kiosk-still-shown {shot('locked')} start.png same")
    status = stop_app(app)
    active, mode, keyboard_mode, vt_mode = console_state()
    check("lockdown-sigterm-restores-keyboard",
          status == 0 and (mode, keyboard_mode, vt_mode) == (KD_TEXT, initial[2], VT_AUTO),
          f"exit status {status}, KDGETMODE {mode}, KDGKBMODE {keyboard_mode} (want {initial[2]}), VT_GETMODE {vt_mode}")
    touch.close(); keyboard.device.close()
    log(open(log_path).read()[-600:])


def write_console(text):
    with open("/dev/tty1", "w") as tty:
        tty.write(text)


# What the recovery check writes on VT 1: the screen cleared, the cursor hidden (it blinks), rows
# of text. Written before the kiosk starts, the console's own rendering of it is the reference.
CONSOLE_PATTERN = "\033[2J\033[H\033[?25l" + "".join(f"{row:02d} the console is back after SIGKILL\n" for row in range(24))


def sigkill_run(initial):
    """SIGKILL on the DRM kiosk: nothing in it runs, so the VT stays in graphics mode (the text
    written to it does not show) with the keyboard off. The documented recovery — the deployment
    units' ExecStopPost, `APP --restore-console /dev/tty1` — gives a console that draws text."""
    write_console(CONSOLE_PATTERN)
    time.sleep(1)
    reference = shot("sigkill-console-reference")
    write_console("\033[2J\033[H" + "the console before the kiosk\n")  # other text under the kiosk
    touch = Touchscreen()
    settle_udev()
    app, log_path = start_app("drm-sigkill", target=DRM, node=BOCHS_NODE)  # VT lockdown: keyboard off
    touch.tap(0, 0); touch.tap(1, 0)
    result(f"COMPARE drm-sigkill-kiosk-shown {shot('sigkill-kiosk')} swap-1.png same")
    app.kill()
    app.wait(30)
    time.sleep(2)
    active, mode, keyboard_mode, vt_mode = console_state()
    log(f"after SIGKILL: VT {active}, KDGETMODE {mode}, KDGKBMODE {keyboard_mode}, VT_GETMODE {vt_mode}")
    check("drm-sigkill-leaves-graphics-mode", mode != KD_TEXT,
          f"KDGETMODE {mode} (KD_GRAPHICS 1 expected: the kiosk could not restore it)")
    write_console(CONSOLE_PATTERN)
    time.sleep(1)
    result(f"COMPARE drm-sigkill-console-dead-before-recovery {shot('sigkill-dead')} {reference} differ")
    recovery = subprocess.run([APP, "--restore-console", "/dev/tty1"], capture_output=True, text=True, timeout=60)
    active, mode, keyboard_mode, vt_mode = console_state()
    check("drm-sigkill-restore-console",
          recovery.returncode == 0 and (active, mode, keyboard_mode, vt_mode) == (1, KD_TEXT, initial[2], VT_AUTO),
          f"`kiosk-demo --restore-console /dev/tty1`: status {recovery.returncode} ({(recovery.stdout + recovery.stderr).strip()}); "
          f"VT {active}, KDGETMODE {mode} (want {KD_TEXT}), KDGKBMODE {keyboard_mode} (want {initial[2]}), VT_GETMODE {vt_mode} (want {VT_AUTO})")
    write_console(CONSOLE_PATTERN)
    time.sleep(1)
    result(f"COMPARE drm-sigkill-recovered-console-draws-text {shot('sigkill-recovered')} {reference} same")
    touch.close()


def crtc_active(card):
    """The first CRTC's `active` in the kernel's atomic state (debugfs), or None."""
    if not os.path.isdir("/sys/kernel/debug/dri"):
        subprocess.run(["mount", "-t", "debugfs", "debugfs", "/sys/kernel/debug"], capture_output=True)
    try:
        for line in open(f"/sys/kernel/debug/dri/{card}/state").read().splitlines():
            if line.strip().startswith("active="):
                return int(line.strip().split("=")[1])
    except OSError:
        return None
    return None


VIRTIO = ("--target", "drm", "--drm", VIRTIO_NODE)
# The puzzle's tile centres at 800x600 (column, row): the virtio-gpu display after the resize.
SMALL = (800, 600)
SMALL_COLUMNS, SMALL_ROWS = (264, 400, 536), (164, 300, 436)


def virtio_run():
    """virtio-gpu (the second display, /dev/dri/card1): QEMU's VNC server turns an RFB
    SetDesktopSize into a display reconfiguration; the kernel reports the connector's new
    preferred mode with a udev change event; the kiosk re-probes, makes its buffers at the new
    size and lays out again, and touch maps onto the new size. Then --blank-after: the CRTC off
    (QEMU shows its "Display output is not active" placeholder), a tap wakes it, and is not
    delivered."""
    if not os.path.exists(VIRTIO_NODE):
        result(f"SKIP virtio-gpu: no {VIRTIO_NODE} (QEMU's -device virtio-gpu-pci and the virtio_gpu module)")
        return
    connectors = [n for n in sorted(os.listdir("/sys/class/drm")) if n.startswith(f"{VIRTIO_CARD}-")]
    status_path = os.path.join("/sys/class/drm", connectors[0]) if connectors else None
    modes = lambda: open(os.path.join(status_path, "modes")).read().split() if status_path else []
    log(f"virtio-gpu connector {connectors}: modes {modes()[:4]}")
    touch = Touchscreen()
    settle_udev()
    monitor = subprocess.Popen(["udevadm", "monitor", "--kernel", "--subsystem-match=drm"],
                               stdout=open(os.path.join(OUT, "udev-drm.log"), "w"), stderr=subprocess.STDOUT)
    app, log_path = start_app("virtio", "--blank-after", "25", target=VIRTIO, node=VIRTIO_NODE)
    first = open(log_path).read().splitlines()[0]
    check("virtio-gpu-kiosk-1024x768", "1024x768" in first, first)
    result(f"COMPARE virtio-gpu-picture {shot('virtio-start', 'gpu1')} start-1024x768.png same")
    answer = resize_virtual_display("virtio-resize", *SMALL)
    log(f"rfb: {answer}")
    time.sleep(5)
    events = open(os.path.join(OUT, "udev-drm.log")).read()
    check("virtio-gpu-reconfigured-by-vnc", f"{SMALL[0]}x{SMALL[1]}" in modes()[:1] and "change" in events,
          f"RFB SetDesktopSize {SMALL[0]}x{SMALL[1]}: {answer.splitlines()[-1] if answer else 'no answer'}; "
          f"kernel uevents: {' | '.join(l.strip() for l in events.splitlines() if 'change' in l) or 'none'}; "
          f"preferred mode now {modes()[:1]}")
    text = open(log_path).read()
    check("virtio-gpu-kiosk-follows-mode", "changed mode" in text and "800x600" in text,
          next((l for l in text.splitlines() if "changed mode" in l), "the app logged no mode change"))
    result(f"COMPARE virtio-gpu-relaid-out-at-new-size {shot('virtio-resized', 'gpu1')} start-800x600.png same")
    for column in (0, 1):
        touch.tap_at(SMALL_COLUMNS[column], SMALL_ROWS[0], SMALL)
    result(f"COMPARE virtio-gpu-touch-at-new-size {shot('virtio-swapped', 'gpu1')} swap-800x600.png same")
    # --blank-after 25: no input for 25 s blanks the display.
    time.sleep(32)
    virtio_minor = VIRTIO_CARD[len("card"):]  # debugfs names a card by its minor
    active = crtc_active(virtio_minor)
    blanked = shot("virtio-blanked", "gpu1")
    check("drm-blank-after-crtc-off", active == 0, f"the CRTC's active in /sys/kernel/debug/dri/{virtio_minor}/state: {active} (want 0)")
    result(f"COMPARE drm-blank-after-screen-dark {blanked} black same")
    touch.tap_at(SMALL_COLUMNS[1], SMALL_ROWS[1], SMALL)  # wakes; would select the middle tile if delivered
    time.sleep(1)
    check("drm-blank-after-woken", crtc_active(virtio_minor) == 1, f"the CRTC's active after a tap: {crtc_active(virtio_minor)} (want 1)")
    result(f"COMPARE drm-blank-wake-full-picture-tap-swallowed {shot('virtio-woken', 'gpu1')} swap-800x600.png same")
    touch.tap_at(SMALL_COLUMNS[1], SMALL_ROWS[1], SMALL); touch.tap_at(SMALL_COLUMNS[2], SMALL_ROWS[1], SMALL)
    result(f"COMPARE drm-blank-after-taps-delivered-again {shot('virtio-solved', 'gpu1')} solved-800x600.png same")
    status = stop_app(app)
    check("virtio-gpu-sigterm", status == 0, f"exit status {status}")
    monitor.terminate()
    touch.close()
    log(open(log_path).read()[-600:])


def plane_capabilities():
    """What each card's planes offer (libdrm through ctypes): formats and property names — to say
    which of RGB565, plane rotation and vblank a driver here could exercise."""
    import ctypes, glob
    drm = ctypes.CDLL("libdrm.so.2")

    class PlaneResources(ctypes.Structure):
        _fields_ = [("count", ctypes.c_uint32), ("planes", ctypes.POINTER(ctypes.c_uint32))]

    class Plane(ctypes.Structure):
        _fields_ = [("count_formats", ctypes.c_uint32), ("formats", ctypes.POINTER(ctypes.c_uint32))] + \
                   [(name, ctypes.c_uint32) for name in ("id", "crtc", "fb", "crtc_x", "crtc_y", "x", "y", "crtcs", "gamma")]

    class Properties(ctypes.Structure):
        _fields_ = [("count", ctypes.c_uint32), ("ids", ctypes.POINTER(ctypes.c_uint32)), ("values", ctypes.POINTER(ctypes.c_uint64))]

    class Property(ctypes.Structure):
        _fields_ = [("id", ctypes.c_uint32), ("flags", ctypes.c_uint32), ("name", ctypes.c_char * 32)]

    drm.drmModeGetPlaneResources.restype = ctypes.POINTER(PlaneResources)
    drm.drmModeGetPlane.restype = ctypes.POINTER(Plane)
    drm.drmModeObjectGetProperties.restype = ctypes.POINTER(Properties)
    drm.drmModeGetProperty.restype = ctypes.POINTER(Property)
    for card in sorted(glob.glob("/dev/dri/card*")):
        fd = os.open(card, os.O_RDWR)
        try:
            drm.drmSetClientCap(fd, 2, 1)  # DRM_CLIENT_CAP_UNIVERSAL_PLANES
            drm.drmSetClientCap(fd, 3, 1)  # DRM_CLIENT_CAP_ATOMIC: the atomic-only properties too
            driver = os.path.basename(os.readlink(f"/sys/class/drm/{os.path.basename(card)}/device/driver"))
            resources = drm.drmModeGetPlaneResources(fd).contents
            for i in range(resources.count):
                plane = drm.drmModeGetPlane(fd, resources.planes[i]).contents
                formats = [plane.formats[j].to_bytes(4, "little").decode() for j in range(plane.count_formats)]
                properties = drm.drmModeObjectGetProperties(fd, plane.id, 0xEEEEEEEE).contents
                names = [drm.drmModeGetProperty(fd, properties.ids[j]).contents.name.decode() for j in range(properties.count)]
                result(f"NOTE {card} ({driver}) plane {plane.id}: formats {' '.join(formats)}; properties {' '.join(names)}")
        finally:
            os.close(fd)


def renderbench():
    """Tools/Benchmarks/renderbench into a dumb buffer of the bochs card against a shm buffer:
    figures for the log (BENCH lines), not a timed check."""
    bench = os.path.join(REPO, f".build/{BUILD}/renderbench")
    if not os.access(bench, os.X_OK):
        result(f"SKIP renderbench-dumb-vs-shm: no .build/{BUILD}/renderbench (swift build -c {BUILD} --product renderbench)")
        return
    done = subprocess.run([bench, "--drm", BOCHS_NODE, "30"], capture_output=True, text=True, timeout=300)
    for line in done.stdout.splitlines():
        result(f"BENCH renderbench {line}")
    if done.returncode != 0:
        result(f"FAIL renderbench-dumb-vs-shm: status {done.returncode}: {(done.stdout + done.stderr)[-300:]}")


def drm_cards():
    """Points BOCHS_*/VIRTIO_* and the DRM/VIRTIO targets at the cards whose driver is bochs-drm
    and virtio_gpu (/sys/class/drm/cardN/device/driver): the numbers follow the probe order."""
    global BOCHS_CARD, VIRTIO_CARD, BOCHS_NODE, VIRTIO_NODE, DRM, VIRTIO
    for _ in range(50):
        drivers = {}
        for name in sorted(os.listdir("/sys/class/drm")):
            link = f"/sys/class/drm/{name}/device/driver"
            if name.startswith("card") and "-" not in name and os.path.exists(link):
                driver = os.path.basename(os.readlink(link))
                # A virtio GPU's device is the virtio-pci function (driver virtio-pci), or the
                # virtio device itself (virtio_gpu), depending on the kernel's sysfs layout.
                drivers["virtio_gpu" if driver.startswith("virtio") else driver] = name
        if "bochs-drm" in drivers and "virtio_gpu" in drivers:
            break
        time.sleep(0.2)
    log(f"DRM cards by driver: {drivers}")
    BOCHS_CARD = drivers.get("bochs-drm", "card0")
    VIRTIO_CARD = drivers.get("virtio_gpu", "card1")
    BOCHS_NODE, VIRTIO_NODE = f"/dev/dri/{BOCHS_CARD}", f"/dev/dri/{VIRTIO_CARD}"
    DRM = ("--target", "drm", "--drm", BOCHS_NODE)
    VIRTIO = ("--target", "drm", "--drm", VIRTIO_NODE)


def main():
    # bochs must be fb0, the console's framebuffer, which QEMU's screendump shows: the host keeps
    # virtio_gpu from loading at boot (modprobe.blacklist, which binds udev's loads by alias but
    # not a load by name), so it is loaded here after bochs. drm_cards() still finds each card by
    # its driver.
    subprocess.run(["modprobe", "bochs"], check=True)
    for _ in range(50):
        if os.path.exists("/dev/fb0"):
            break
        time.sleep(0.2)
    for module in ("uinput", "virtio_gpu"):
        subprocess.run(["modprobe", module], check=True)
    if subprocess.run(["pgrep", "-x", "systemd-udevd"], capture_output=True).returncode != 0:
        subprocess.run(["/lib/systemd/systemd-udevd", "--daemon"], check=True)
        subprocess.run(["udevadm", "trigger"], check=False)
    settle_udev()
    for _ in range(50):
        if os.path.exists("/dev/fb0"):
            break
        time.sleep(0.2)
    framebuffers = open("/proc/fb").read().strip()
    log("framebuffers: " + framebuffers)
    if not framebuffers.startswith("0 bochs"):
        result(f"FAIL fb0-is-bochs: /proc/fb says {framebuffers!r}: the framebuffer and console checks would read the wrong screen")
    drm_cards()
    # Opening VT 2 allocates it: the kernel ignores Ctrl+Alt+F2 towards a VT that does not exist
    # (set_console), and nothing in the VM (no getty) opens it otherwise.
    os.close(os.open("/dev/tty2", os.O_RDWR | os.O_NOCTTY))
    initial = console_state()
    log(f"console at start: VT {initial[0]}, KDGETMODE {initial[1]}, KDGKBMODE {initial[2]}, VT_GETMODE {initial[3]}")
    runs = [("cooperative_run", lambda: cooperative_run(initial)), ("locked_run", lambda: locked_run(initial)),
            ("drm_run", lambda: drm_run(initial)), ("drm_rotation_90", lambda: drm_rotation_run(90)),
            ("drm_rotation_270", lambda: drm_rotation_run(270)), ("legacy_run", legacy_run), ("seat_run", lambda: seat_run(initial)), ("calibrate_run", calibrate_run),
            ("sigkill_run", lambda: sigkill_run(initial)), ("virtio_run", virtio_run), ("plane_capabilities", plane_capabilities),
            ("renderbench", renderbench)]
    for name, run in runs:
        try:
            run()
        except Exception as error:  # one broken run must not hide the others' results
            result(f"FAIL {name}: {error!r}")
    if not BENCH:
        return
    try:
        fbdev = latency_run("fbdev", ("--target", "framebuffer", "--fb", "/dev/fb0"), "/dev/fb0")
        drm = latency_run("drm", DRM, BOCHS_NODE)
        if fbdev and drm:
            result(f"BENCH latency-ratio: DRM/fbdev input → pixels p50 {drm[0] / fbdev[0]:.2f}, p99 {drm[1] / fbdev[1]:.2f}")
    except Exception as error:
        result(f"FAIL latency_run: {error!r}")


if __name__ == "__main__":
    main()
    open(os.path.join(OUT, "guest-done"), "w").close()
