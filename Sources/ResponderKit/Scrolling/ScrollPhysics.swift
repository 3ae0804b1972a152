import Glibc

/// The numbers behind a scroll view's feel, as UIKit's are commonly measured: rubber-band
/// resistance past an edge, the exponential deceleration per millisecond with its projected
/// distance, and the critically damped spring that brings an overscrolled view back.
enum ScrollPhysics {
    /// UIKit's rubber-band constant: a finger `x` points past the edge shows the content
    /// `(1 - 1 / (x * c / d + 1)) * d` points past it, `d` the visible length on that axis.
    static let rubberBandConstant = 0.55
    /// Stiffness of the spring back (1/s): critically damped, it settles under 0.5 pt within
    /// 0.5 s from any overscroll a finger or a fling can produce.
    static let springOmega = 20.0
    /// A motion closer than this to its rest point snaps there and stops (points).
    static let restDistance = 0.5
    /// Paging moves with UIKit's fast rate whatever `decelerationRate` says.
    static let pagingRate = 0.99
    /// Below this release speed (points per second) paging rounds to the nearest page instead of
    /// following the direction of the fling.
    static let pagingFlickSpeed = 200.0

    /// How far past an edge the content shows when the finger is `overscroll` points past it.
    /// - Complexity: O(1).
    static func rubberBand(_ overscroll: Double, dimension: Double) -> Double {
        guard overscroll > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overscroll * rubberBandConstant / dimension + 1)) * dimension
    }

    /// The finger overscroll that shows `shown` points past the edge (inverse of `rubberBand`);
    /// a drag that catches an overscrolled view continues from there without a jump.
    static func inverseRubberBand(_ shown: Double, dimension: Double) -> Double {
        guard shown > 0, dimension > 0 else { return 0 }
        let fraction = min(shown / dimension, 0.999_999)
        return (1 / (1 - fraction) - 1) * dimension / rubberBandConstant
    }

    /// The distance a release at `velocity` points per second travels with `rate` per
    /// millisecond: the sum of the per-millisecond steps `v/1000 · rᵏ`, `v · r / (1 - r) / 1000`.
    static func projectedDistance(velocity: Double, rate: Double) -> Double {
        guard rate > 0, rate < 1 else { return 0 }
        return velocity * rate / (1 - rate) / 1000
    }

    /// The velocity (points per second) of a decay covering `distance` with `rate`, at its start.
    static func decayVelocity(distance: Double, rate: Double) -> Double {
        guard rate > 0, rate < 1 else { return 0 }
        return distance * (1 - rate) / rate * 1000
    }
}

/// One axis of a scroll view's motion after release: an exponential decay toward a target
/// (`x(t) = x₀ + D·(1 − rⁿ)`, n the milliseconds since release, so a release at `v` points per
/// second travels `v·r/(1−r)/1000` in all), and, when that target lies past an edge of a view that
/// bounces, a critically damped spring back to the edge from the moment the decay crosses it.
/// Positions are pure functions of time, so the frame rate does not change the path.
struct AxisMotion {
    enum Phase: Equatable { case decay, spring, rest }
    private(set) var phase: Phase
    private var start: Double
    private var distance: Double
    /// Where the decay ends (kept exactly, not recomputed as `start + distance`).
    private var target: Double
    private var rate: Double
    private var startTime: Double
    private var edge: Double = 0
    private var springA: Double = 0
    private var springB: Double = 0

    /// At rest at `position`.
    init(restingAt position: Double) {
        phase = .rest
        start = position
        distance = 0
        target = position
        rate = 0.5
        startTime = 0
    }

    /// A decay from `position` to `target` (already within the range, or with a bounce handled
    /// by `crossing`), starting at `time`.
    init(decayFrom position: Double, to target: Double, rate: Double, at time: Double, bounceEdge: Double? = nil) {
        start = position
        distance = target - position
        self.target = target
        self.rate = rate
        startTime = time
        phase = abs(distance) < ScrollPhysics.restDistance ? .rest : .decay
        if phase == .rest { start = target; distance = 0 }
        if let bounceEdge { edge = bounceEdge; crossesEdge = true }
    }

    /// A spring from `position` (moving at `velocity` points per second) back to `edge`.
    init(springFrom position: Double, velocity: Double, to edge: Double, at time: Double) {
        start = position
        distance = 0
        target = edge
        rate = 0.5
        startTime = time
        self.edge = edge
        springA = position - edge
        springB = velocity + ScrollPhysics.springOmega * springA
        phase = .spring
    }

    /// The decay's target lies past `edge`: it turns into a spring where it crosses it.
    private var crossesEdge = false

    /// Where the axis is at `time`, moving the phase on (decay → spring → rest).
    /// - Complexity: O(1).
    mutating func position(at time: Double) -> Double {
        switch phase {
        case .rest:
            return target
        case .decay:
            let n = max(0, (time - startTime) * 1000)
            if crossesEdge {
                // r^n at the crossing: start + D(1 - r^n) = edge.
                let remaining = 1 - (edge - start) / distance
                if remaining > 0, remaining < 1 {
                    let crossing = log(remaining) / log(rate)
                    if n >= crossing {
                        let velocity = distance * (-log(rate)) * remaining * 1000
                        self = AxisMotion(
                            springFrom: edge, velocity: velocity, to: edge,
                            at: startTime + crossing / 1000)
                        return position(at: time)
                    }
                }
            }
            let left = distance * pow(rate, n)
            if abs(left) < ScrollPhysics.restDistance {
                let rest = target
                self = AxisMotion(restingAt: rest)
                return rest
            }
            return start + distance - left
        case .spring:
            let t = max(0, time - startTime)
            let decay = exp(-ScrollPhysics.springOmega * t)
            let offset = (springA + springB * t) * decay
            let velocity = (springB - ScrollPhysics.springOmega * (springA + springB * t)) * decay
            if abs(offset) < ScrollPhysics.restDistance / 2, abs(velocity) < 20 {
                let rest = edge
                self = AxisMotion(restingAt: rest)
                return rest
            }
            return edge + offset
        }
    }

    var isResting: Bool { phase == .rest }
}
