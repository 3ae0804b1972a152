/// Exact bounds for the index. The reference hit test maps a point into a view with floating
/// point steps, `local = fl(fl(p - frameOrigin) + boundsOrigin)` per axis and level. Each step is
/// monotone non-decreasing in `p` (IEEE rounding is monotone), so the set of points a view's
/// half-open test `minX <= local < maxX` accepts is an interval of doubles, and so is the set for
/// a whole ancestor chain. These functions find that interval's ends exactly: a guess from exact
/// arithmetic, then a walk of a few ulps (or a binary search over the ordered doubles), checked
/// against the very same floating operations the reference performs. The index then compares
/// window-space points against those ends, which gives bit-for-bit the reference's answer.
enum MonotoneInverse {
    /// One step of the reference's conversion into a view (identity transform).
    @inline(__always)
    static func step(_ y: Double, frameOrigin a: Double, boundsOrigin b: Double) -> Double {
        (y - a) + b
    }

    /// The smallest `y` with `step(y) >= t`.
    static func lowest(atLeast t: Double, frameOrigin a: Double, boundsOrigin b: Double) -> Double {
        if t == -.infinity { return -.infinity }
        return boundary(guess: (t - b) + a) { step($0, frameOrigin: a, boundsOrigin: b) >= t }
    }

    /// The largest `y` with `step(y) < t`.
    static func highest(below t: Double, frameOrigin a: Double, boundsOrigin b: Double) -> Double {
        let first = boundary(guess: (t - b) + a) { step($0, frameOrigin: a, boundsOrigin: b) >= t }
        return first == -.infinity ? -.infinity : first.nextDown
    }

    /// The largest `y` with `step(y) <= t`.
    static func highest(atMost t: Double, frameOrigin a: Double, boundsOrigin b: Double) -> Double {
        let first = boundary(guess: (t - b) + a) { step($0, frameOrigin: a, boundsOrigin: b) > t }
        return first == -.infinity ? -.infinity : first.nextDown
    }

    /// The smallest double for which the monotone predicate holds (+∞ if it holds only there or
    /// nowhere: callers only ask where it holds at +∞). Starts from `guess` and walks a few ulps;
    /// falls back to a binary search over the ordered bit patterns.
    static func boundary(guess: Double, _ holds: (Double) -> Bool) -> Double {
        var g = guess.isNaN ? 0 : guess
        if holds(g) {
            for _ in 0..<8 {
                let down = g.nextDown
                if down.isNaN || !holds(down) { return g }
                g = down
            }
            return search(low: -.infinity, high: g, holds)
        } else {
            for _ in 0..<8 {
                let up = g.nextUp
                if holds(up) { return up }
                if up == .infinity { return .infinity }
                g = up
            }
            return search(low: g, high: .infinity, holds)
        }
    }

    /// Binary search for the first double in (low, high] where `holds` is true, knowing it holds at
    /// `high` (or `high` is +∞) and not at `low` (unless `low` is -∞, where it is tested).
    private static func search(low: Double, high: Double, _ holds: (Double) -> Bool) -> Double {
        if low == -.infinity, holds(-.infinity) { return -.infinity }
        var lo = orderedKey(low), hi = orderedKey(high)
        while lo < hi - 1 {
            var mid = lo / 2 + hi / 2  // no overflow across the whole range
            if mid <= lo { mid = lo + 1 } else if mid >= hi { mid = hi - 1 }
            if holds(double(fromKey: mid)) { hi = mid } else { lo = mid }
        }
        return double(fromKey: hi)
    }

    /// Doubles ordered as integers: -∞ < … < -0 = +0 < … < +∞ (NaNs excluded by callers).
    static func orderedKey(_ d: Double) -> Int64 {
        let bits = Int64(bitPattern: d.bitPattern)
        return bits >= 0 ? bits : Int64.min - bits
    }

    static func double(fromKey k: Int64) -> Double {
        let bits = k >= 0 ? k : Int64.min - k
        return Double(bitPattern: UInt64(bitPattern: bits))
    }
}
