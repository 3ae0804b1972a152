/// What a recognizer keeps about its input between hooks: the touches it tracks, the indirect
/// stream it follows, its timers on the application's clock, and where its input is.
extension GestureRecognizer {
    // MARK: Location

    /// How many touches the recognizer is tracking.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in `view`'s coordinates (the window's when nil); the
    /// pointer's location for indirect input (scroll, touchpad, hover); the last known location
    /// once the touches ended.
    public func location(in view: View?) -> Point {
        let inWindow: Point
        if !trackedTouches.isEmpty {
            var x = 0.0, y = 0.0
            for touch in trackedTouches { x += touch.locationInWindow.x; y += touch.locationInWindow.y }
            inWindow = Point(x: x / Double(trackedTouches.count), y: y / Double(trackedTouches.count))
        } else if let pointer = indirectLocation {
            inWindow = pointer
        } else if let last = lastLocation {
            inWindow = last
        } else {
            return .zero
        }
        return view?.convert(inWindow, from: nil) ?? inWindow
    }

    /// The location of the `index`th tracked touch in `view`'s coordinates; `.zero` (and a
    /// diagnostic) for an index out of range, where UIKit would throw.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard trackedTouches.indices.contains(index) else {
            ResponderDiagnostics.report(.gesture("\(displayName): location(ofTouch: \(index)) with \(trackedTouches.count) touches"))
            return .zero
        }
        return trackedTouches[index].location(in: view)
    }

    // MARK: Touches

    func tracks(_ touch: Touch) -> Bool {
        var i = 0
        while i < trackedTouches.count {
            if trackedTouches[i] === touch { return true }
            i += 1
        }
        return false
    }

    /// The touch ended or was ignored: stop tracking it.
    func forget(_ touch: Touch) {
        guard let index = trackedTouches.firstIndex(where: { $0 === touch }) else { return }
        lastLocation = touch.locationInWindow
        trackedTouches.remove(at: index)
    }

    /// Whether the recognizer follows an indirect stream (a scroll sequence, a touchpad pinch,
    /// rotation or swipe, or hovering): the indirect counterpart of `numberOfTouches`. A finished
    /// recognizer resets only once its touches have lifted and its stream has ended, as a swipe
    /// that ended on the touchscreen waits for a touchpad swipe it also follows. For tools that
    /// check the gesture arena from outside (`fuzz-routing`).
    @_spi(Diagnostics) public var isFollowingIndirectInput: Bool { indirectSession != nil }

    /// Tracked touches, an indirect stream, or a timer still give it a reason to wait.
    var hasInput: Bool { !trackedTouches.isEmpty || indirectSession != nil }
    var hasTimers: Bool { !timers.isEmpty }

    /// Taking part and not decided: it holds touches that it delays, and recognizers that require
    /// it to fail wait for it.
    var isUndecided: Bool { isInArena && isEnabled && stage.isUndecided }

    // MARK: Timers

    /// Runs `body` at `deadline` on the application's clock (`application.timers`, so tests drive
    /// it with `InputDriver.advance(by:)`), then lets the arena decide on what it changed. Timers
    /// are cancelled when the recognizer finishes or resets.
    func schedule(at deadline: Double, _ body: @escaping @MainActor (GestureRecognizer) -> Void) {
        guard let application = (inputWindow ?? view?.window)?.application else { return }
        let timer = application.timers.schedule(at: deadline) { [weak self, weak application] timer in
            guard let self, let application else { return }
            self.timers.removeAll { $0 === timer }
            application.gestureArena.pass { body(self) }
        }
        timers.append(timer)
    }

    func cancelTimers() {
        guard !timers.isEmpty else { return }
        for timer in timers { timer.cancel() }
        timers.removeAll()
    }
}

/// One piece of indirect input a recognizer can follow.
enum IndirectInput {
    case scroll(ScrollInfo)
    case touchpad(TouchpadGesture)
    case hover(HoverInfo)
}

// MARK: Vectors between coordinate spaces

extension GestureRecognizer {
    /// A displacement measured in window coordinates, expressed in `view`'s (the window's when
    /// nil): the difference of the two converted end points, so a view's transform turns it too.
    func vector(_ v: Point, fromWindowTo view: View?) -> Point {
        guard let view else { return v }
        let a = view.convert(v, from: nil), o = view.convert(Point.zero, from: nil)
        return Point(x: a.x - o.x, y: a.y - o.y)
    }

    /// A displacement measured in `view`'s coordinates, expressed in window coordinates.
    func vector(_ v: Point, from view: View?) -> Point {
        guard let view else { return v }
        let a = view.convert(v, to: nil), o = view.convert(Point.zero, to: nil)
        return Point(x: a.x - o.x, y: a.y - o.y)
    }

    /// The centroid of the tracked touches in window coordinates (nil with none).
    var touchCentroid: Point? {
        guard !trackedTouches.isEmpty else { return nil }
        var x = 0.0, y = 0.0
        for touch in trackedTouches { x += touch.locationInWindow.x; y += touch.locationInWindow.y }
        return Point(x: x / Double(trackedTouches.count), y: y / Double(trackedTouches.count))
    }
}

extension GestureRecognizer {
    /// Its view let go of it (`removeGestureRecognizer`, or another view took it): a gesture in
    /// progress is cancelled, an undecided one fails, and touches it delayed are released.
    func detachedFromView() {
        guard isInArena else { return }
        arena?.abandon(self)
    }
}
