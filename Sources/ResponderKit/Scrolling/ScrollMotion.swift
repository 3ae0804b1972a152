/// What moves a scroll view without a finger: the deceleration after a release (per axis: decay,
/// spring back past an edge, paging) or an animated `setContentOffset` (0.3 s ease-out).
enum ScrollMotion {
    case deceleration(x: AxisMotion, y: AxisMotion)
    case animation(from: Point, to: Point, start: Double, duration: Double)

    /// UIKit's animated `setContentOffset` duration.
    static let animationDuration = 0.3

    var isAnimation: Bool {
        if case .animation = self { return true }
        return false
    }

    /// The offset at `now`, and whether the motion is over.
    /// - Complexity: O(1).
    mutating func step(now: Double) -> (Point, finished: Bool) {
        switch self {
        case var .deceleration(x, y):
            let p = Point(x: x.position(at: now), y: y.position(at: now))
            self = .deceleration(x: x, y: y)
            return (p, x.isResting && y.isResting)
        case let .animation(from, to, start, duration):
            let fraction = duration > 0 ? min(1, max(0, (now - start) / duration)) : 1
            if fraction >= 1 { return (to, true) }
            let k = View.AnimationCurve.easeOut.progress(at: fraction)
            return (Point(x: from.x + (to.x - from.x) * k, y: from.y + (to.y - from.y) * k), false)
        }
    }
}

extension ScrollView: FrameStepping {
    /// Starts `new`, replacing a motion in progress (its end is not reported, as in UIKit when
    /// an animation is superseded).
    func startMotion(_ new: ScrollMotion, on animator: Animator) {
        motion = new
        isDecelerating = !new.isAnimation
        animator.addFrameClient(self)
    }

    /// Stops the motion where it is, without delegate calls.
    func stopMotion() {
        guard motion != nil else { return }
        motion = nil
        isDecelerating = false
        window?.application.animator.removeFrameClient(self)
    }

    /// A frame: moves to where the motion is at `now`; at its end reports it and fades the
    /// indicators. Returns whether another frame is needed.
    func stepFrame(now: Double) -> Bool {
        guard var current = motion else { return stepIndicatorFade(now: now) }
        guard window != nil else {
            motion = nil
            isDecelerating = false
            return false
        }
        let (offset, finished) = current.step(now: now)
        motion = finished ? nil : current
        showIndicators()
        applyOffset(offset)
        guard finished else { return true }
        let wasDecelerating = !current.isAnimation
        isDecelerating = false
        scrollingStopped(at: now)
        if wasDecelerating {
            delegate?.scrollViewDidEndDecelerating(self)
        } else {
            delegate?.scrollViewDidEndScrollingAnimation(self)
        }
        return motion != nil || indicatorsNeedFrames
    }

    /// A finger went down: a motion in progress stops at once. Returns whether one did (that
    /// touch then does not reach the content).
    func stopMotionForTouch() -> Bool {
        guard motion != nil else { return false }
        stopMotion()
        return true
    }
}
