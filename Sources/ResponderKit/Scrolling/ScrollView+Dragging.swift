/// Dragging: the pan moves the content 1:1 with the finger from where it began (rubber-banded
/// past the edges), and its release starts the deceleration.
extension ScrollView {
    /// Whether a drag (or scroll) pointing along `translation` is one this scroll view takes:
    /// any direction when it scrolls both ways, else only mostly along its one axis.
    func acceptsDrag(along translation: Point) -> Bool {
        let h = scrollsHorizontally, v = scrollsVertically
        switch (h, v) {
        case (true, true): return true
        case (false, true): return abs(translation.y) >= abs(translation.x)
        case (true, false): return abs(translation.x) >= abs(translation.y)
        case (false, false): return false
        }
    }

    /// A finger went down on the scroll view.
    func fingerDown() { isTracking = true }

    /// The last finger lifted: a view caught past its edge (without dragging) springs back.
    func fingersLifted(dragging: Bool) {
        isTracking = false
        if !dragging, !isDragging, motion == nil, isOverscrolled { release(velocity: .zero) }
    }

    /// The pan's actions.
    func panChanged() {
        switch scrollPan.state {
        case .began:
            stopMotion()
            isDragging = true
            dragOrigin = fingerOffset(for: contentOffset)
            showIndicators()
            if scrollPan.numberOfTouches > 0 {
                // Touches: the content starts following where the slop was crossed (no jump).
                isTracking = true
                scrollPan.setTranslation(.zero, in: self)
                delegate?.scrollViewWillBeginDragging(self)
                return
            }
            // A continuous scroll begins with its first movement, which counts.
            delegate?.scrollViewWillBeginDragging(self)
            followPan()
        case .changed:
            followPan()
        case .ended, .cancelled:
            isDragging = false
            if scrollPan.numberOfTouches == 0 { isTracking = false }
            let v = scrollPan.velocity(in: self)
            release(velocity: Point(x: scrollsHorizontally ? -v.x : 0, y: scrollsVertically ? -v.y : 0), fromDrag: true)
        default:
            break
        }
    }

    /// Moves the content with the pan's translation since it began.
    private func followPan() {
        let t = scrollPan.translation(in: self)
        var finger = dragOrigin
        if scrollsHorizontally { finger.x -= t.x }
        if scrollsVertically { finger.y -= t.y }
        showIndicators()
        applyOffset(rubberBanded(finger))
    }

    /// The offset the finger is at for a shown `offset` (undoes the rubber band past an edge).
    func fingerOffset(for offset: Point) -> Point {
        let lo = minimumOffset, hi = maximumOffset
        func axis(_ value: Double, _ lo: Double, _ hi: Double, _ d: Double) -> Double {
            if value < lo { return lo - ScrollPhysics.inverseRubberBand(lo - value, dimension: d) }
            if value > hi { return hi + ScrollPhysics.inverseRubberBand(value - hi, dimension: d) }
            return value
        }
        return Point(x: axis(offset.x, lo.x, hi.x, bounds.width), y: axis(offset.y, lo.y, hi.y, bounds.height))
    }

    /// The shown offset for the finger at `finger`: rubber-banded past the edges when `bounces`,
    /// clamped otherwise.
    func rubberBanded(_ finger: Point) -> Point {
        let lo = minimumOffset, hi = maximumOffset
        func axis(_ value: Double, _ lo: Double, _ hi: Double, _ d: Double) -> Double {
            if value < lo { return bounces ? lo - ScrollPhysics.rubberBand(lo - value, dimension: d) : lo }
            if value > hi { return bounces ? hi + ScrollPhysics.rubberBand(value - hi, dimension: d) : hi }
            return value
        }
        return Point(x: axis(finger.x, lo.x, hi.x, bounds.width), y: axis(finger.y, lo.y, hi.y, bounds.height))
    }

    /// The end of a drag (or a caught bounce let go) at `velocity` (offset points per second):
    /// the delegate hears the target, then the view decelerates (or pages, or springs back).
    func release(velocity: Point, fromDrag: Bool = false) {
        let start = contentOffset
        let lo = minimumOffset, hi = maximumOffset
        let rate = decelerationRate.rawValue
        // The natural target of each axis, before the delegate's say.
        func target(_ x: Double, _ v: Double, _ lo: Double, _ hi: Double, _ page: Double) -> Double {
            if isPagingEnabled, page > 0 { return pageTarget(x, v, lo, hi, page) }
            return min(max(x + ScrollPhysics.projectedDistance(velocity: v, rate: rate), lo), hi)
        }
        let natural = Point(
            x: target(start.x, velocity.x, lo.x, hi.x, bounds.width),
            y: target(start.y, velocity.y, lo.y, hi.y, bounds.height))
        var proposed = natural
        if fromDrag {
            delegate?.scrollViewWillEndDragging(
                self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000),
                targetContentOffset: &proposed)
            if !proposed.isFinite { proposed = natural }
        }
        let changed = proposed != natural
        func axis(_ x: Double, _ v: Double, _ lo: Double, _ hi: Double, _ target: Double, _ now: Double) -> AxisMotion {
            if x < lo || x > hi {
                // Past an edge: spring back (a paging or delegate target inside wins).
                if isPagingEnabled || changed { return AxisMotion(decayFrom: x, to: target, rate: ScrollPhysics.pagingRate, at: now) }
                return AxisMotion(springFrom: x, velocity: v, to: x < lo ? lo : hi, at: now)
            }
            if isPagingEnabled { return AxisMotion(decayFrom: x, to: target, rate: ScrollPhysics.pagingRate, at: now) }
            if changed { return AxisMotion(decayFrom: x, to: target, rate: rate, at: now) }
            let projected = x + ScrollPhysics.projectedDistance(velocity: v, rate: rate)
            if bounces, projected < lo { return AxisMotion(decayFrom: x, to: projected, rate: rate, at: now, bounceEdge: lo) }
            if bounces, projected > hi { return AxisMotion(decayFrom: x, to: projected, rate: rate, at: now, bounceEdge: hi) }
            return AxisMotion(decayFrom: x, to: target, rate: rate, at: now)
        }
        let now = window?.application.clock.now ?? 0
        let x = axis(start.x, velocity.x, lo.x, hi.x, proposed.x, now)
        let y = axis(start.y, velocity.y, lo.y, hi.y, proposed.y, now)
        let decelerates = !(x.isResting && y.isResting)
        if fromDrag { delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates) }
        guard decelerates, let animator = window?.application.animator else {
            if decelerates { applyOffset(proposed) }
            scrollingStopped(at: now)
            return
        }
        delegate?.scrollViewWillBeginDecelerating(self)
        startMotion(.deceleration(x: x, y: y), on: animator)
    }

    /// Paging: the page the release lands on — the next one in the fling's direction when it is
    /// fast enough, the nearest one otherwise — at most one page from where it is.
    private func pageTarget(_ x: Double, _ v: Double, _ lo: Double, _ hi: Double, _ page: Double) -> Double {
        let position = (x - lo) / page
        let index: Double
        if abs(v) >= ScrollPhysics.pagingFlickSpeed {
            index = v > 0 ? (position).rounded(.down) + 1 : (position).rounded(.up) - 1
        } else {
            index = position.rounded()
        }
        let lastPage = ((hi - lo) / page).rounded(.up)
        return min(max(lo + min(max(index, 0), lastPage) * page, lo), hi)
    }
}
