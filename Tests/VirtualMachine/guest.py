"""The guest side of the real-kernel tier (Tools/vm-test.sh): runs inside the VM as root, on the
distro kernel with the bochs display (/dev/fb0 is bochs-drmdrmfb), uinput and udev.

Usage: python3 guest.py OUT REPO
OUT is the only folder the VM may write (--rwdir). Screendumps are taken by the host: the guest
writes OUT/request-NAME and waits for OUT/NAME.ppm.ready. Each check appends a line to
OUT/results: "PASS name: detail", "FAIL name: detail", "SKIP name: reason", or
"COMPARE name SHOT REFERENCE same|differ" for a pixel comparison the host makes afterwards
(REFERENCE is a headless PNG of the same state, or another shot).
"""
import fcntl, os, signal, struct, subprocess, sys, time
from evdev import UInput, AbsInfo, ecodes as e

OUT, REPO = sys.argv[1], sys.argv[2]
APP = os.path.join(REPO, ".build/release/kiosk-demo")
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


def shot(name):
    """Asks the host for a screendump of the emulated display and waits for it."""
    ready = os.path.join(OUT, name + ".ppm.ready")
    open(os.path.join(OUT, "request-" + name), "w").close()
    deadline = time.monotonic() + 60
    while not os.path.exists(ready):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the host took no screendump '{name}' within 60 s")
        time.sleep(0.2)
    return name + ".ppm"


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


def start_app(name, *flags):
    log_path = os.path.join(OUT, name + ".log")
    app = subprocess.Popen([APP, "puzzle", "--target", "framebuffer", "--fb", "/dev/fb0", *flags],
                           stdout=open(log_path, "w"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and app.poll() is None:
        if "on /dev/fb0" in open(log_path).read():
            time.sleep(3)  # the first frame, and libinput's first dispatch
            return app, log_path
        time.sleep(0.3)
    app.kill()
    raise RuntimeError(f"{name}: the app did not come up on /dev/fb0: {open(log_path).read()[-400:]}")


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


def main():
    for module in ("bochs", "uinput"):
        subprocess.run(["modprobe", module], check=True)
    if subprocess.run(["pgrep", "-x", "systemd-udevd"], capture_output=True).returncode != 0:
        subprocess.run(["/lib/systemd/systemd-udevd", "--daemon"], check=True)
        subprocess.run(["udevadm", "trigger"], check=False)
    settle_udev()
    for _ in range(50):
        if os.path.exists("/dev/fb0"):
            break
        time.sleep(0.2)
    log("framebuffers: " + open("/proc/fb").read().strip())
    # Opening VT 2 allocates it: the kernel ignores Ctrl+Alt+F2 towards a VT that does not exist
    # (set_console), and nothing in the VM (no getty) opens it otherwise.
    os.close(os.open("/dev/tty2", os.O_RDWR | os.O_NOCTTY))
    initial = console_state()
    log(f"console at start: VT {initial[0]}, KDGETMODE {initial[1]}, KDGKBMODE {initial[2]}, VT_GETMODE {initial[3]}")
    for run in (cooperative_run, locked_run):
        try:
            run(initial)
        except Exception as error:  # one broken run must not hide the other's results
            result(f"FAIL {run.__name__}: {error!r}")


if __name__ == "__main__":
    main()
    open(os.path.join(OUT, "guest-done"), "w").close()
