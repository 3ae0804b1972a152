#!/usr/bin/env python3
"""exec -> on screen, from a ../shared/bench/kiosk run's output folder.

bench.py measures exec -> first frame (the first commit with a buffer). A person sees the window
only when the compositor maps it, which a client learns from `wl_surface.enter` on its toplevel
surface: sway 1.7 holds a new window until the configure it sent is applied by a commit, for up
to 200 ms. This reads each run's WAYLAND_DEBUG log (`logs/NAME.runN.wayland.log`) next to
`results.jsonl` and prints, per app, exec -> first frame and exec -> on screen as medians and
ranges, and the gap between the last ack_configure and the next commit. When the runs clicked
(bench.py's `clicks`), a second table sets each run's first click against the later ones: press ->
commit and release -> commit of click 1 (median and range over runs), and the p50 / p99 / max of
clicks 2..N over all runs (issue 27: the first touch as fast as the hundredth).

    kiosk-onscreen.py OUT            # OUT: the bench's output folder (its OUT variable)
"""
import json
import os
import re
import statistics
import sys

LINE = re.compile(r'^\[\s*(\d+)\.(\d+)\]\s+(->\s+)?(\w+)@(\d+)\.(\w+)\((.*)\)')


def stamps(path):
    """(us, is_request, interface, id, message, args) for each protocol line of a log."""
    with open(path, errors='replace') as f:
        for raw in f:
            m = LINE.match(raw.strip())
            if m:
                us = int(m.group(1)) * 1000 + int(m.group(2))
                yield us, bool(m.group(3)), m.group(4), int(m.group(5)), m.group(6), m.group(7)


def on_screen(path):
    """(first frame us, enter us, worst ack -> commit gap ms or None) of the toplevel surface."""
    toplevel = None
    attached = set()
    first = enter = None
    pending_ack = None
    worst_gap = None
    for us, request, iface, oid, msg, args in stamps(path):
        if request and iface == 'xdg_wm_base' and msg == 'get_xdg_surface' and toplevel is None:
            m = re.search(r'wl_surface@(\d+)', args)
            toplevel = int(m.group(1)) if m else None
        if toplevel is None:
            continue
        if request and iface == 'wl_surface' and oid == toplevel:
            if msg == 'attach' and 'nil' not in args:
                attached.add(oid)
            elif msg == 'commit':
                if first is None and oid in attached:
                    first = us
                if pending_ack is not None:
                    gap = ((us - pending_ack) % (1 << 32)) / 1000.0
                    worst_gap = gap if worst_gap is None else max(worst_gap, gap)
                    pending_ack = None
        elif request and iface == 'xdg_surface' and msg == 'ack_configure':
            pending_ack = us
        elif not request and iface == 'wl_surface' and oid == toplevel and msg == 'enter' and enter is None:
            enter = us
    return first, enter, worst_gap


def fmt(values):
    if not values:
        return '—'
    return '%.0f (%.0f–%.0f)' % (statistics.median(values), min(values), max(values))


def fmt1(values):
    if not values:
        return '—'
    return '%.1f (%.1f–%.1f)' % (statistics.median(values), min(values), max(values))


def tail(values):
    """p50 / p99 / max of a pooled sample (nearest rank)."""
    if not values:
        return '—'
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return '%.1f / %.1f / %.1f' % (statistics.median(ordered), p99, ordered[-1])


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ('-h', '--help'):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out = sys.argv[1]
    results = os.path.join(out, 'results.jsonl')
    if not os.path.isfile(results):
        print(f'kiosk-onscreen: no results.jsonl in {out!r} (run ../shared/bench/kiosk/run.sh with OUT={out} first)',
              file=sys.stderr)
        return 2
    rows = {}
    with open(results) as f:
        for line in f:
            r = json.loads(line)
            if 'first_frame_ms' not in r:
                continue
            log = os.path.join(out, 'logs', f"{r['app']}.{r['run']}.wayland.log")
            if not os.path.isfile(log):
                continue
            first, enter, gap = on_screen(log)
            row = rows.setdefault(r['app'], {'frame': [], 'screen': [], 'gap': [], 'unseen': 0,
                                             'first': {'press_ms': [], 'release_ms': []},
                                             'later': {'press_ms': [], 'release_ms': []}})
            for index, click in enumerate(r.get('clicks') or []):
                for key in ('press_ms', 'release_ms'):
                    if click.get(key) is not None:
                        row['first' if index == 0 else 'later'][key].append(click[key])
            row['frame'].append(r['first_frame_ms'])
            if first is None or enter is None:
                row['unseen'] += 1
            else:
                # libwayland's stamps are 32-bit microseconds (they wrap every 71.6 min).
                row['screen'].append(r['first_frame_ms'] + ((enter - first) % (1 << 32)) / 1000.0)
            if gap is not None:
                row['gap'].append(gap)
    print('| app | exec → first frame ms, median (min–max) | exec → on screen (`wl_surface.enter`) ms | '
          'worst ack_configure → commit ms | runs without enter |')
    print('|---|---|---|---|---|')
    for app, row in rows.items():
        gaps = '%.1f (max)' % max(row['gap']) if row['gap'] else '—'
        print(f"| {app} | {fmt(row['frame'])} | {fmt(row['screen'])} | {gaps} | {row['unseen']} |")
    clicked = {app: row for app, row in rows.items() if row['first']['press_ms'] or row['first']['release_ms']
               or row['later']['press_ms'] or row['later']['release_ms']}
    if clicked:
        print()
        print('| app | first click: press → commit ms, median (min–max) | first click: release → commit ms | '
              'clicks 2..N: press → commit p50 / p99 / max | clicks 2..N: release → commit p50 / p99 / max |')
        print('|---|---|---|---|---|')
        for app, row in clicked.items():
            print(f"| {app} | {fmt1(row['first']['press_ms'])} | {fmt1(row['first']['release_ms'])} | "
                  f"{tail(row['later']['press_ms'])} | {tail(row['later']['release_ms'])} |")
    return 0


if __name__ == '__main__':
    sys.exit(main())
