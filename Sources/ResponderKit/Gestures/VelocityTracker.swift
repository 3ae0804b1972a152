/// A velocity from the recent samples of a position (units per second): the least-squares slope
/// over the samples of the last `horizon` seconds, so one jittery sample does not dominate and a
/// finger that rested before lifting reports (close to) zero. Fixed storage: adding a sample
/// allocates nothing once the first one was stored.
struct VelocityTracker {
    /// Samples kept (older ones are overwritten).
    static let capacity = 20
    /// How far back samples count, in seconds (Flutter uses the same 100 ms horizon).
    static let horizon = 0.1

    private var times: [Double] = []
    private var xs: [Double] = []
    private var ys: [Double] = []
    private var next = 0

    mutating func add(_ point: Point, at time: Double) {
        guard time.isFinite, point.isFinite else { return }
        if times.count < VelocityTracker.capacity {
            times.append(time)
            xs.append(point.x)
            ys.append(point.y)
        } else {
            times[next] = time
            xs[next] = point.x
            ys[next] = point.y
        }
        next = (next + 1) % VelocityTracker.capacity
    }

    mutating func clear() {
        times.removeAll(keepingCapacity: true)
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
        next = 0
    }

    /// The velocity at the latest sample; zero with fewer than two samples inside the horizon.
    /// - Complexity: O(capacity).
    func velocity() -> Point {
        guard let latest = times.max() else { return .zero }
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0
        for i in times.indices where times[i] >= latest - VelocityTracker.horizon {
            n += 1; st += times[i]; sx += xs[i]; sy += ys[i]
        }
        guard n >= 2 else { return .zero }
        let mt = st / n, mx = sx / n, my = sy / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for i in times.indices where times[i] >= latest - VelocityTracker.horizon {
            let dt = times[i] - mt
            stt += dt * dt; stx += dt * (xs[i] - mx); sty += dt * (ys[i] - my)
        }
        guard stt > 1e-12 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }
}
