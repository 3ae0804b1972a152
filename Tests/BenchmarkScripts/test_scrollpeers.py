#!/usr/bin/env python3
"""The log parser of Tools/Benchmarks/scroll-peers/scrollpeers.py against a small WAYLAND_DEBUG
fixture whose four measures are worked out by hand (not timed: it reads a file). Run by
Tools/test.sh: `python3 Tests/BenchmarkScripts/test_scrollpeers.py`.

Fixtures/scroll-gesture.wayland.log is one touch gesture in libwayland 1.21's format on a 100x100
toplevel at 60 Hz: a down at 1000 ms, a 5 px move (inside the slop), a highlight commit of 10x10,
a 20 px move, a commit with damage but no new buffer (not a frame), scrolled commits at 1030 and
1046.667, the up at 1050, then 1063.333, 1080, a frame callback with no commit (1096: a dropped
frame), 1113.333 and 1130 (damage hanging 40 rows off the buffer), a commit 570 ms later (after
the fling has come to rest, still inside the 3 s window) and one at 4500 (outside it).
"""
import math
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'Tools', 'Benchmarks', 'scroll-peers'))
import scrollpeers  # noqa: E402

FIXTURE = os.path.join(HERE, 'Fixtures', 'scroll-gesture.wayland.log')


class ScrollPeersParserTests(unittest.TestCase):
    def setUp(self):
        self.parser = scrollpeers.parse_log(FIXTURE)
        self.gestures = scrollpeers.gestures(self.parser, window_s=3.0)

    def test_one_gesture_at_the_outputs_refresh(self):
        self.assertEqual(len(self.gestures), 1)
        self.assertEqual(self.parser.refresh_mhz, 60000)
        self.assertAlmostEqual(self.gestures[0]['refresh_ms'], 1000 / 60, places=6)

    def test_touch_down_to_first_scrolled_commit(self):
        # Not the highlight at 1012 (small damage, before the move beyond the slop), not the
        # commit at 1021 (no buffer attached): the full-damage commit at 1030.
        self.assertAlmostEqual(self.gestures[0]['first_scroll_ms'], 30.030, places=3)   # commit() at 1030.030

    def test_fling_frames_dropped_and_p99(self):
        g = self.gestures[0]
        # The commit() lines at 1046.680 (last at or before the up), 1063.350, 1080.015, 1113.350
        # and 1130.015; 1700.010 comes after a 570 ms pause: the list was at rest.
        self.assertEqual(g['fling_frames'], 5)
        expected = [16.670, 16.665, 33.335, 16.665]
        self.assertEqual(len(g['intervals_ms']), 4)
        for got, want in zip(g['intervals_ms'], expected):
            self.assertAlmostEqual(got, want, places=3)
        self.assertEqual(g['dropped'], 1)              # 33.335 ms is two refresh periods
        self.assertAlmostEqual(g['p99_frame_ms'], 33.335, places=3)
        self.assertAlmostEqual(g['fling_ms'], 83.335, places=3)
        # Frame callbacks done after 1046.667 up to 1130 (1062, 1079, 1096, 1112, 1129); the
        # wl_display.sync callback (1064.5) is not a frame callback.
        self.assertEqual(g['callbacks'], 5)
        # The callback at 1096 saw no new frame before the next (1112): one missed; every other
        # callback got exactly one commit before the next, so none unpaced.
        self.assertEqual(g['missed_callbacks'], 1)
        self.assertEqual(g['unpaced_commits'], 0)
        # Callbacks at 1062, 1079, 1096, 1112, 1129: intervals 17, 17, 16, 17.
        self.assertAlmostEqual(g['callback_interval_p50_ms'], 17.0)

    def test_damage_per_frame(self):
        g = self.gestures[0]
        # 8 commits with a new buffer and damage in the 3 s window: 10x10, six of 100x100, and
        # (0, 40, 100, 100) clipped to 100x60.
        self.assertEqual(g['frames'], 8)
        px = 100 + 6 * 10000 + 6000
        self.assertEqual(g['damage_bytes'], px * 4)
        self.assertAlmostEqual(g['bytes_per_frame'], px * 4 / 8)

    def test_cpu_per_frame(self):
        # 8 ms of CPU over the 8 frames (schedstat ns before and after).
        self.assertAlmostEqual(scrollpeers.cpu_per_frame_ms(1_000_000, 9_000_000, 8), 1.0)
        self.assertIsNone(scrollpeers.cpu_per_frame_ms(0, 5, 0))

    def test_cpu_of_this_process_reads_proc(self):
        ns, ticks = scrollpeers.cpu_ns(os.getpid())
        self.assertGreater(ns, 0)
        self.assertGreaterEqual(ticks, 0)

    def test_timestamps_wrap_at_32_bits(self):
        # libwayland prints CLOCK_REALTIME µs truncated to 32 bits: 4294967.000 ms is followed by 0.5.
        self.assertAlmostEqual(scrollpeers.wire_diff_ms(500, (1 << 32) - 1000), 1.5)
        self.assertAlmostEqual(scrollpeers.wire_diff_ms((1 << 32) - 1000, 500), -1.5)

    def test_nearest_rank_percentile(self):
        values = list(range(1, 101))
        self.assertEqual(scrollpeers.percentile(values, 99), 99)
        self.assertEqual(scrollpeers.percentile([5.0], 99), 5.0)
        self.assertTrue(math.isclose(scrollpeers.percentile([1.0, 2.0], 50), 1.0))


if __name__ == '__main__':
    unittest.main()
