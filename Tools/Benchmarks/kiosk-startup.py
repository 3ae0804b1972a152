#!/usr/bin/env python3
"""Alternating starts of kiosk commands under one headless sway: exec -> on screen and its cost.

Issue 27 (exec -> on screen): each start runs the command with WAYLAND_DEBUG=client under the same
headless sway (pixman, as ../shared/bench/kiosk does), stamps exec on libwayland's clock and waits
for the toplevel surface's first `wl_surface.enter` in the log (kiosk-onscreen.py's parser). At
that moment it reads the process's CPU time so far (the sum of /proc/PID/task/*/schedstat: on-CPU
ns, not 10 ms ticks) and counts the shared objects in /proc/PID/maps, then stops it. The commands
take turns (A B A B ...), so a burst of load from the other users of the machine hits each alike,
and every figure comes with the 1-minute load over the run.

    kiosk-startup.py [--runs N] [--out DIR] NAME=COMMAND [NAME=COMMAND ...]

e.g. kiosk-startup.py --runs 30 'before=old/kiosk-demo puzzle' 'after=.build/release/kiosk-demo puzzle'
Run as root (sway runs as nobody, as in the bench) with sway installed (Tools/setup.sh).
"""
import argparse
import importlib.util
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('onscreen', os.path.join(HERE, 'kiosk-onscreen.py'))
onscreen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(onscreen)
NOBODY = 65534


def wayland_clock_us():
    """Now on libwayland's WAYLAND_DEBUG scale: CLOCK_REALTIME in µs, as unsigned 32 bits."""
    ns = time.clock_gettime_ns(time.CLOCK_REALTIME)
    return (ns // 1000) % (1 << 32)


def cpu_ns(pid):
    """On-CPU time of every thread of `pid` so far (schedstat's first field)."""
    total = 0
    try:
        for task in os.listdir(f'/proc/{pid}/task'):
            try:
                with open(f'/proc/{pid}/task/{task}/schedstat') as f:
                    total += int(f.read().split()[0])
            except (FileNotFoundError, ProcessLookupError):
                pass
    except FileNotFoundError:
        return None
    return total


def mapped_objects(pid):
    """The shared objects mapped into `pid` (basenames of mapped files named *.so*)."""
    names = set()
    with open(f'/proc/{pid}/maps') as f:
        for line in f:
            path = line.split(maxsplit=5)[5].strip() if len(line.split(maxsplit=5)) == 6 else ''
            base = os.path.basename(path)
            if '.so' in base:
                names.add(base)
    return names


def start_sway(folder, size):
    run = os.path.join(folder, 'run')
    app = os.path.join(folder, 'app')
    os.mkdir(run, 0o700)
    os.mkdir(app, 0o700)
    os.chmod(folder, 0o755)
    config = os.path.join(folder, 'sway.conf')
    with open(config, 'w') as f:
        f.write(f'output HEADLESS-1 resolution {size}\ndefault_border none\nxwayland disable\n')
    os.chmod(config, 0o644)
    prefix = []
    if os.getuid() == 0:
        os.chown(run, NOBODY, NOBODY)
        prefix = ['setpriv', f'--reuid={NOBODY}', f'--regid={NOBODY}', '--clear-groups']
    env = {'PATH': os.environ['PATH'], 'HOME': folder, 'XDG_RUNTIME_DIR': run, 'WLR_BACKENDS': 'headless',
           'WLR_RENDERER': 'pixman', 'WLR_LIBINPUT_NO_DEVICES': '1'}
    log = open(os.path.join(folder, 'sway.log'), 'w')
    sway = subprocess.Popen(prefix + ['sway', '-c', config], env=env, stdout=log, stderr=log)
    socket = os.path.join(run, 'wayland-1')
    for _ in range(500):
        if os.path.exists(socket):
            break
        if sway.poll() is not None:
            sys.exit('kiosk-startup: sway exited; see ' + log.name)
        time.sleep(0.02)
    else:
        sway.terminate()
        sys.exit('kiosk-startup: sway made no socket')
    os.symlink(socket, os.path.join(app, 'wayland-1'))
    return sway, app


def one_start(command, app_dir, log_path, timeout=10.0):
    """(exec -> first frame ms, exec -> enter ms, CPU ms at enter, shared objects, detection lag ms)."""
    env = {'PATH': os.environ['PATH'], 'HOME': app_dir, 'LANG': 'C.UTF-8', 'XDG_RUNTIME_DIR': app_dir,
           'WAYLAND_DISPLAY': 'wayland-1', 'WAYLAND_DEBUG': 'client'}
    words = shlex.split(command)
    while words and '=' in words[0] and not words[0].startswith('/'):
        key, value = words.pop(0).split('=', 1)
        env[key] = value
    log = open(log_path, 'w')
    exec_us = wayland_clock_us()
    child = subprocess.Popen(words, env=env, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
    deadline = time.monotonic() + timeout
    result = None
    while time.monotonic() < deadline and child.poll() is None:
        first, enter, _ = onscreen.on_screen(log_path)
        if enter is not None:
            cpu = cpu_ns(child.pid)
            objects = mapped_objects(child.pid)
            lag = ((wayland_clock_us() - enter) % (1 << 32)) / 1000.0
            result = (((first - exec_us) % (1 << 32)) / 1000.0, ((enter - exec_us) % (1 << 32)) / 1000.0,
                      cpu / 1e6 if cpu is not None else None, objects, lag)
            break
        time.sleep(0.0005)
    try:
        os.killpg(child.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        child.wait(5)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
    log.close()
    return result


def fmt(values, digits=1):
    if not values:
        return '—'
    return f'{statistics.median(values):.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})'


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--runs', type=int, default=30)
    parser.add_argument('--size', default='1280x800')
    parser.add_argument('--out', default=None, help='keep the logs here (default: a temporary folder)')
    parser.add_argument('apps', nargs='+', metavar='NAME=COMMAND')
    args = parser.parse_args()
    apps = []
    for item in args.apps:
        if '=' not in item:
            parser.error(f'{item!r} is not NAME=COMMAND')
        apps.append(item.split('=', 1))
    folder = tempfile.mkdtemp(prefix='kiosk-startup.')
    out = args.out or folder
    os.makedirs(out, exist_ok=True)
    sway, app_dir = start_sway(folder, args.size)
    rows = {name: {'frame': [], 'screen': [], 'cpu': [], 'objects': [], 'lag': [], 'missed': 0} for name, _ in apps}
    loads = [os.getloadavg()[0]]
    try:
        for name, command in apps:  # one untimed start each: page cache, fontconfig cache
            one_start(command, app_dir, os.path.join(out, f'{name}.warmup.log'))
        for run in range(args.runs):
            for name, command in apps:
                r = one_start(command, app_dir, os.path.join(out, f'{name}.{run}.log'))
                row = rows[name]
                if r is None:
                    row['missed'] += 1
                    continue
                row['frame'].append(r[0])
                row['screen'].append(r[1])
                if r[2] is not None:
                    row['cpu'].append(r[2])
                row['objects'].append(len(r[3]))
                row['lag'].append(r[4])
                row['names'] = r[3]
            loads.append(os.getloadavg()[0])
    finally:
        sway.terminate()
        sway.wait(5)
    print(f'{args.runs} alternating starts each under headless sway (pixman, {args.size}); '
          f'1-minute load {min(loads):.1f}–{max(loads):.1f} (median {statistics.median(loads):.1f})')
    print()
    print('| app | exec → first frame ms | exec → on screen ms | CPU to on screen ms | shared objects mapped | '
          'detection lag ms | starts without enter |')
    print('|---|---|---|---|---|---|---|')
    for name, _ in apps:
        row = rows[name]
        print(f"| {name} | {fmt(row['frame'])} | {fmt(row['screen'])} | {fmt(row['cpu'])} | "
              f"{fmt(row['objects'], 0)} | {fmt(row['lag'])} | {row['missed']} |")
    for name, _ in apps:
        if 'names' in rows[name]:
            print(f"\n{name} maps: {' '.join(sorted(rows[name]['names']))}")
    return 0


if __name__ == '__main__':
    sys.exit(main())
