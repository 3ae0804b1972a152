#!/usr/bin/env python3
"""Touch scrolling against Qt and GTK (issue 27 §4): the same 10,000-row list in each toolkit,
fullscreen under one headless sway whose own libinput reads an emulated touchscreen (real
libinput under umockdev: the `scrolltouch` tool), the same scripted drag and fling for each, and
four measures from each app's WAYLAND_DEBUG log and /proc. Started by run.sh, which builds
everything; `scrollpeers.py --parse LOG` prints the measures of one recorded log.

Per drag (a finger down, STEPS moves over MS milliseconds, lifted at speed), from the client's log:
  first scroll  ms from wl_touch.down to the first commit of the toplevel with a buffer and
                damage covering at least half of it (the list's content moved: a scrolled list
                repaints its whole viewport) after the first wl_touch.motion more than SLOP px
                from the down point. A highlight of the touched row does not count.
  fling frames  the toplevel's scrolled commits from the last one at or before wl_touch.up to the
                last one before a pause of QUIET ms (the list came to rest); their intervals,
                against the output's refresh (wl_output.mode): intervals > 1.5x the refresh
                period are dropped frames (each counts round(interval / period) - 1), and the
                p99 of the intervals is the p99 frame time. Against the frame callbacks
                (wl_callback.done for wl_surface.frame) in the fling: a callback with no commit
                before the next one is a missed callback (the compositor was ready, the app was
                not); commits beyond one per callback are unpaced (never shown).
  CPU / frame   the client's CPU time over the gesture (the sum of /proc/PID/task/*/schedstat
                run times, ns; /proc/PID/stat utime+stime in clock ticks beside it) from just
                before the touch-down to WINDOW s later, divided by the commits with damage in
                that span.
  bytes / frame the damage rectangles of those commits (wl_surface.damage / damage_buffer,
                clipped to the buffer) x 4 bytes, divided by the commits.
"""
import argparse
import json
import math
import os
import re
import shlex
import signal
import statistics
import subprocess
import sys
import time

WRAP = 1 << 32  # libwayland prints CLOCK_REALTIME in us truncated to 32 bits, as ms.us
LINE = re.compile(r'^\[\s*(\d+)\.(\d{3})\]\s+(?:discarded\s+)?(->\s+)?'
                  r'([A-Za-z0-9_]+)[@#](\d+)\.([A-Za-z0-9_]+)\((.*)\)\s*$')
OBJ = re.compile(r'([A-Za-z0-9_]+)[@#](\d+)')
SLOP = 10.0         # px from the down point before a move counts as scrolling
QUIET = 0.5         # s without a scrolled commit: the fling is over
SCROLLED_SHARE = 0.5  # damage over this share of the buffer: the content moved


def wire_now():
    """CLOCK_REALTIME on the log's truncated 32-bit us scale."""
    return (time.time_ns() // 1000) % WRAP


def wire_diff_ms(later, earlier):
    """ms from `earlier` to `later` on the wrapping scale, negative when `later` is before it."""
    return ((later - earlier + WRAP // 2) % WRAP - WRAP // 2) / 1000.0


class LogParser:
    """Follows one client's WAYLAND_DEBUG=client log: the toplevel's commits with their damage,
    the touch events, the frame callbacks and the output's refresh."""

    def __init__(self):
        self.xdg_surface_of = {}        # xdg_surface id -> wl_surface id
        self.toplevels = set()
        self.buffer_size = {}           # wl_buffer id -> (w, h)
        self.pending = {}               # wl_surface id -> size of the attached buffer
        self.damage = {}                # wl_surface id -> rects since its last commit
        self.attached = set()
        self.callbacks = set()          # wl_callback ids from wl_surface.frame on a toplevel
        self.refresh_mhz = None
        self.enter_us = None
        # In log order: (us, kind, value): ('commit', (damaged px, buffer px)),
        # ('down', (x, y)), ('motion', (x, y)), ('up', None), ('done', None).
        self.timeline = []

    def feed(self, line):
        m = LINE.match(line.strip())
        if not m:
            return
        us = int(m.group(1)) * 1000 + int(m.group(2))
        iface, oid, msg, args = m.group(4), int(m.group(5)), m.group(6), m.group(7)
        objs = OBJ.findall(args)
        nums = [a.strip() for a in args.split(',')]
        if not m.group(3):              # an event
            if iface == 'wl_touch' and msg == 'down':      # (serial, time, surface, id, x, y)
                self.timeline.append((us, 'down', (float(nums[4]), float(nums[5]))))
            elif iface == 'wl_touch' and msg == 'motion':  # (time, id, x, y)
                self.timeline.append((us, 'motion', (float(nums[2]), float(nums[3]))))
            elif iface == 'wl_touch' and msg == 'up':
                self.timeline.append((us, 'up', None))
            elif iface == 'wl_callback' and msg == 'done' and oid in self.callbacks:
                self.callbacks.discard(oid)
                self.timeline.append((us, 'done', None))
            elif iface == 'wl_output' and msg == 'mode' and len(nums) >= 4:
                self.refresh_mhz = int(nums[3])          # (flags, w, h, refresh mHz)
            elif iface == 'wl_surface' and msg == 'enter' and oid in self.toplevels and self.enter_us is None:
                self.enter_us = us
            return
        if msg == 'get_xdg_surface' and len(objs) >= 2:
            self.xdg_surface_of[int(objs[0][1])] = int(objs[1][1])
        elif msg == 'get_toplevel' and oid in self.xdg_surface_of:
            self.toplevels.add(self.xdg_surface_of[oid])
        elif msg in ('create_buffer', 'create_immed') and objs and objs[0][0] == 'wl_buffer':
            w, h = (nums[2], nums[3]) if msg == 'create_buffer' else (nums[1], nums[2])
            self.buffer_size[int(objs[0][1])] = (int(w), int(h))
        elif iface == 'wl_surface' and msg in ('damage', 'damage_buffer'):
            self.damage.setdefault(oid, []).append(tuple(int(n) for n in nums[:4]))
        elif iface == 'wl_surface' and msg == 'frame' and oid in self.toplevels and objs:
            self.callbacks.add(int(objs[0][1]))
        elif iface == 'wl_surface' and msg == 'attach':
            self.attached.add(oid)
            if args.startswith('nil'):
                self.pending[oid] = None
            elif objs:
                self.pending[oid] = self.buffer_size.get(int(objs[0][1]), (0, 0))
        elif iface == 'wl_surface' and msg == 'commit':
            size = self.pending.get(oid)
            rects, fresh = self.damage.pop(oid, []), oid in self.attached
            self.attached.discard(oid)
            if size and rects and fresh and oid in self.toplevels:
                self.timeline.append((us, 'commit', (damaged_px(rects, size), size[0] * size[1])))


def damaged_px(rects, size):
    """Pixels in the damage rectangles, each clipped to the buffer (overlaps count twice, as
    the compositor copies them twice)."""
    w, h = size
    return sum(max(0, min(x + dw, w) - max(x, 0)) * max(0, min(y + dh, h) - max(y, 0))
               for x, y, dw, dh in rects)


def parse_log(path):
    parser = LogParser()
    with open(path, errors='replace') as f:
        for line in f:
            parser.feed(line)
    return parser


def percentile(values, p):
    """Nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


def gestures(parser, window_s):
    """The measures of each touch gesture (down … up) in the log, over `window_s` seconds from
    its down (or up to the next down). CPU is added by the caller from its /proc samples."""
    period_ms = 1e6 / parser.refresh_mhz if parser.refresh_mhz else 1000 / 60
    downs = [i for i, (_, kind, _) in enumerate(parser.timeline) if kind == 'down']
    out = []
    for n, start in enumerate(downs):
        down_us, _, origin = parser.timeline[start]
        end = downs[n + 1] if n + 1 < len(downs) else len(parser.timeline)
        events = [e for e in parser.timeline[start:end] if wire_diff_ms(e[0], down_us) <= window_s * 1000]
        up_us = next((us for us, kind, _ in events if kind == 'up'), None)
        commits = [(us, val) for us, kind, val in events if kind == 'commit']
        scrolled = [us for us, val in commits if val[0] >= SCROLLED_SHARE * val[1]]
        # Touch-down to the first scrolled commit after a move beyond the slop.
        beyond = next((us for us, kind, val in events if kind == 'motion'
                       and math.hypot(val[0] - origin[0], val[1] - origin[1]) > SLOP), None)
        first = next((us for us in scrolled if beyond is not None and wire_diff_ms(us, beyond) >= 0), None)
        # The fling: from the last scrolled commit at or before the up to the last before a
        # pause of QUIET.
        fling = []
        if up_us is not None:
            before = [us for us in scrolled if wire_diff_ms(us, up_us) <= 0]
            after = [us for us in scrolled if wire_diff_ms(us, up_us) > 0]
            fling = before[-1:]
            for us in after:
                if fling and wire_diff_ms(us, fling[-1]) > QUIET * 1000:
                    break
                fling.append(us)
        intervals = [wire_diff_ms(b, a) for a, b in zip(fling, fling[1:])]
        dropped = sum(max(0, round(i / period_ms) - 1) for i in intervals if i > 1.5 * period_ms)
        # Against the frame callbacks: a callback in the fling that the app let pass without a
        # new frame before the next callback is a missed frame (the compositor was ready, the
        # app was not); commits beyond one per callback are frames the compositor never shows.
        callbacks = missed = unpaced = 0
        done_intervals = []
        if len(fling) >= 2:
            dones = [us for us, kind, _ in events if kind == 'done']
            commit_times = [us for us, _ in commits]
            inside = [d for d in dones if wire_diff_ms(d, fling[0]) > 0 and wire_diff_ms(d, fling[-1]) <= 0]
            done_intervals = [wire_diff_ms(b, a) for a, b in zip(inside, inside[1:])]
            for i, d in enumerate(dones):
                if not (wire_diff_ms(d, fling[0]) > 0 and wire_diff_ms(d, fling[-1]) <= 0):
                    continue
                callbacks += 1
                if i + 1 == len(dones):
                    continue
                answered = sum(1 for c in commit_times if wire_diff_ms(c, d) > 0 and wire_diff_ms(c, dones[i + 1]) <= 0)
                missed += answered == 0
                unpaced += max(0, answered - 1)
        out.append({
            'down_us': down_us,
            'first_scroll_ms': wire_diff_ms(first, down_us) if first is not None else None,
            'fling_frames': len(fling),
            'fling_ms': wire_diff_ms(fling[-1], fling[0]) if len(fling) >= 2 else 0.0,
            'intervals_ms': intervals,
            'dropped': dropped,
            'p99_frame_ms': percentile(intervals, 99) if intervals else None,
            'callbacks': callbacks,
            'missed_callbacks': missed,
            # The compositor's pace for this app: ms between its frame callbacks in the fling.
            'callback_interval_p50_ms': statistics.median(done_intervals) if done_intervals else None,
            'unpaced_commits': unpaced,
            'frames': len(commits),
            'damage_bytes': sum(val[0] for _, val in commits) * 4,
            'bytes_per_frame': sum(val[0] for _, val in commits) * 4 / len(commits) if commits else None,
            'refresh_ms': period_ms,
        })
    return out


def cpu_per_frame_ms(cpu_ns_before, cpu_ns_after, frames):
    """ms of CPU per committed frame; None without frames."""
    return (cpu_ns_after - cpu_ns_before) / 1e6 / frames if frames else None


def cpu_ns(pid):
    """(ns on CPU summed over the process's threads from schedstat, utime+stime ticks from
    stat). A thread that ended meanwhile is lost from the sum, which the apps here never do
    while scrolling."""
    total = 0
    try:
        for tid in os.listdir(f'/proc/{pid}/task'):
            try:
                with open(f'/proc/{pid}/task/{tid}/schedstat') as f:
                    total += int(f.read().split()[0])
            except OSError:
                pass
        with open(f'/proc/{pid}/stat') as f:
            fields = f.read().rsplit(')', 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])   # utime, stime (fields 14 and 15)
    except OSError:
        return None, None
    return total, ticks


# ---------------------------------------------------------------------------- running
class Rig:
    """The scrolltouch tool: sway with the emulated touchscreen, and the finger."""

    def __init__(self, exe, size, log_path):
        self.log = open(log_path, 'w')
        self.proc = subprocess.Popen([exe, '--size', size], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log, text=True, bufsize=1)
        line = self.proc.stdout.readline().split()
        if len(line) != 3 or line[0] != 'socket':
            self.proc.kill()
            raise SystemExit(f'scrolltouch did not start sway (see {log_path})')
        self.runtime_dir, self.socket = line[1], line[2]

    def drag(self, x, y, dx, dy, ms, steps):
        self.proc.stdin.write(f'drag {x} {y} {dx} {dy} {ms} {steps}\n')
        reply = self.proc.stdout.readline().split()
        if not reply or reply[0] != 'ok':
            raise RuntimeError(f'scrolltouch: {" ".join(reply)}')

    def close(self):
        try:
            self.proc.stdin.write('quit\n')
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
        self.log.close()


def launch(app_env, argv, rig, log_path, home):
    env = {'PATH': '/usr/bin:/bin', 'HOME': home, 'LANG': 'C.UTF-8', 'XDG_RUNTIME_DIR': rig.runtime_dir,
           'WAYLAND_DISPLAY': rig.socket, 'XDG_SESSION_TYPE': 'wayland', 'WAYLAND_DEBUG': 'client'}
    env.update(app_env)
    err = open(log_path, 'w')
    proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                            start_new_session=True)
    err.close()
    return proc


def stop(proc):
    for sig, grace in ((signal.SIGTERM, 2.0), (signal.SIGKILL, 2.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=grace)
            return
        except subprocess.TimeoutExpired:
            pass


def wait_on_screen(log_path, proc, size, timeout=30.0):
    """Waits for a full-size commit and wl_surface.enter of the toplevel; False on timeout."""
    w, h = map(int, size.split('x'))
    end = time.monotonic() + timeout
    while time.monotonic() < end and proc.poll() is None:
        parser = parse_log(log_path)
        full = any(kind == 'commit' and val[1] >= w * h for _, kind, val in parser.timeline)
        if full and parser.enter_us is not None:
            return True
        time.sleep(0.1)
    return False


def load1():
    with open('/proc/loadavg') as f:
        return float(f.read().split()[0])


def run_app(name, app_env, argv, rig, args, run):
    log_path = os.path.join(args.out, 'logs', f'{name}.run{run}.wayland.log')
    proc = launch(app_env, argv, rig, log_path, args.home)
    try:
        if not wait_on_screen(log_path, proc, args.size):
            return {'app': name, 'run': run, 'error': f'not on screen in 30 s (see {log_path})'}
        time.sleep(1.0)                 # past start-up: the first frames and warm caches
        samples, load = [], load1()
        w, h = map(int, args.size.split('x'))
        for _ in range(args.drags):
            before = cpu_ns(proc.pid)
            rig.drag(w // 2, int(h * 0.75), 0, -args.distance, args.ms, args.steps)
            time.sleep(args.window)
            samples.append((before, cpu_ns(proc.pid)))
    finally:
        stop(proc)
    parser = parse_log(log_path)
    found = gestures(parser, args.window)
    if len(found) != args.drags:
        return {'app': name, 'run': run, 'error': f'{len(found)} touch gestures in the log, {args.drags} sent ({log_path})'}
    for g, (before, after) in zip(found, samples):
        g['cpu_ms_per_frame'] = cpu_per_frame_ms(before[0], after[0], g['frames']) if before[0] is not None and after[0] is not None else None
        g['cpu_ticks'] = after[1] - before[1] if before[1] is not None and after[1] is not None else None
    return {'app': name, 'run': run, 'load1': load, 'gestures': found}


def summarize(result):
    """One run's figures: medians over its gestures, dropped frames summed, p99 pooled."""
    gs = result['gestures']

    def med(key):
        vals = [g[key] for g in gs if g[key] is not None]
        return statistics.median(vals) if vals else None
    intervals = [i for g in gs for i in g['intervals_ms']]
    return {
        'first_scroll_ms': med('first_scroll_ms'),
        'dropped': sum(g['dropped'] for g in gs),
        'fling_frames': sum(g['fling_frames'] for g in gs),
        'missed_callbacks': sum(g['missed_callbacks'] for g in gs),
        'callbacks': sum(g['callbacks'] for g in gs),
        'unpaced_commits': sum(g['unpaced_commits'] for g in gs),
        'callback_interval_p50_ms': med('callback_interval_p50_ms'),
        'p99_frame_ms': percentile(intervals, 99) if intervals else None,
        'cpu_ms_per_frame': med('cpu_ms_per_frame'),
        'bytes_per_frame': med('bytes_per_frame'),
        'load1': result['load1'],
    }


def fmt_range(vals, digits=1, scale=1.0):
    vals = [v * scale for v in vals if v is not None]
    if not vals:
        return '—'
    lo, hi = min(vals), max(vals)
    f = f'%.{digits}f'
    return f % lo if f % lo == f % hi else f'{f % lo}–{f % hi}'


def table(results, names):
    rows = ['| app | touch-down → first scrolled commit | fling frames (dropped) | p99 frame interval '
            '| callback interval p50 | callbacks missed / commits unpaced | CPU per frame | damage per frame | load (1 min) |',
            '|---|---|---|---|---|---|---|---|---|']
    for name in names:
        runs = [summarize(r) for r in results if r['app'] == name and 'error' not in r]
        if not runs:
            rows.append(f'| {name} | failed | | | | | | | |')
            continue
        rows.append('| %s | %s ms | %s (%s) | %s ms | %s ms | %s / %s | %s ms | %s MiB | %s |' % (
            name, fmt_range([r['first_scroll_ms'] for r in runs]),
            fmt_range([r['fling_frames'] for r in runs], 0), fmt_range([r['dropped'] for r in runs], 0),
            fmt_range([r['p99_frame_ms'] for r in runs]), fmt_range([r['callback_interval_p50_ms'] for r in runs]),
            fmt_range([r['missed_callbacks'] for r in runs], 0), fmt_range([r['unpaced_commits'] for r in runs], 0),
            fmt_range([r['cpu_ms_per_frame'] for r in runs], 2),
            fmt_range([r['bytes_per_frame'] for r in runs], 2, 1 / 1048576),
            fmt_range([r['load1'] for r in runs])))
    return '\n'.join(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--parse', metavar='LOG', help='print the measures of one recorded log and exit')
    ap.add_argument('--table', metavar='OUT', help="print the table of a finished run's OUT folder again, its logs re-read")
    ap.add_argument('--rig', help='the scrolltouch executable')
    ap.add_argument('--out', help='logs and results.jsonl go here')
    ap.add_argument('--home', help="the apps' HOME (writable)")
    ap.add_argument('--size', default='1280x800')
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--drags', type=int, default=3, help='drags per run')
    ap.add_argument('--distance', type=int, default=300, help='px the finger moves (upward)')
    ap.add_argument('--ms', type=float, default=150, help='ms the move takes')
    ap.add_argument('--steps', type=int, default=15, help='moves in it (every ms/steps ms)')
    ap.add_argument('--window', type=float, default=6.0, help='s measured after each touch-down')
    ap.add_argument('apps', nargs='*', help='NAME=[VAR=value ...] COMMAND ...')
    args = ap.parse_args()
    for path in (args.parse, args.table and os.path.join(args.table, 'results.jsonl')):
        if path and not os.path.isfile(path):
            ap.error(f'{path}: no such file')
    if args.parse:
        parser = parse_log(args.parse)
        for g in gestures(parser, args.window):
            g.pop('intervals_ms')
            print(json.dumps(g))
        return 0
    if args.table:
        results = [json.loads(line) for line in open(os.path.join(args.table, 'results.jsonl'))]
        names = list(dict.fromkeys(r['app'] for r in results))
        for r in results:                     # re-read: the measures as this parser makes them
            if 'error' in r:
                continue
            path = os.path.join(args.table, 'logs', f"{r['app']}.run{r['run']}.wayland.log")
            fresh = gestures(parse_log(path), args.window)
            for old, new in zip(r['gestures'], fresh):
                new['cpu_ms_per_frame'] = cpu_per_frame_ms(0, old['cpu_ms_per_frame'] * old['frames'] * 1e6, new['frames']) \
                    if old.get('cpu_ms_per_frame') is not None else None
            r['gestures'] = fresh
        print(table(results, names))
        return 0
    if not (args.rig and args.out and args.home and args.apps):
        ap.error('--rig, --out, --home and at least one app are needed (or --parse LOG)')
    apps = []
    for spec in args.apps:
        name, sep, cmd = spec.partition('=')
        words = shlex.split(cmd)
        env = {}
        while words and re.fullmatch(r'[A-Za-z_][A-Za-z0-9_]*=.*', words[0]):
            k, _, v = words.pop(0).partition('=')
            env[k] = v
        if not sep or not words:
            ap.error(f'bad app {spec!r}: want NAME=[VAR=value ...] COMMAND')
        apps.append((name, env, words))
    os.makedirs(os.path.join(args.out, 'logs'), exist_ok=True)
    rig = Rig(args.rig, args.size, os.path.join(args.out, 'logs', 'scrolltouch.log'))
    results = []
    try:
        with open(os.path.join(args.out, 'results.jsonl'), 'w') as out:
            for run in range(1, args.runs + 1):       # interleaved: every app once per round
                for name, env, argv in apps:
                    r = run_app(name, env, argv, rig, args, run)
                    results.append(r)
                    out.write(json.dumps(r) + '\n')
                    out.flush()
                    brief = r.get('error') or json.dumps({k: (round(v, 3) if isinstance(v, float) else v)
                                                          for k, v in summarize(r).items()})
                    print(f'== run {run} {name}: {brief}', file=sys.stderr)
    finally:
        rig.close()
    print(f'{args.runs} runs x {args.drags} drags of {args.distance} px over {args.ms:g} ms '
          f'({args.steps} moves), {args.size}; ranges over runs')
    print(table(results, [a[0] for a in apps]))
    return 0


if __name__ == '__main__':
    sys.exit(main())
