/// Indirect input for recognizers, as UIKit gives it on iPad with a mouse or trackpad: scrolling
/// drives pan recognizers whose `allowedScrollTypesMask` accepts it (a wheel is `.discrete`, a
/// touchpad or other continuous source `.continuous`); a touchpad pinch drives pinch and rotation
/// recognizers and a multi-finger touchpad swipe drives pans, on the view under the cursor; the
/// cursor hovering drives hover recognizers of the view under it and its ancestors. Each runs
/// inside the gesture pass `deliverPointerEvent` opens, so the arena settles after it. The device's
/// streams live in the application's `PointerTracker`; the window reads and advances them.
extension Window {
    /// `sendEvent` for hover, scroll and touchpad transforms: first the recognizers that follow
    /// them (one gesture pass), then — for hover, and for a scroll no recognizer took — the view
    /// under the cursor, walking `next` from there.
    func deliverPointerEvent(_ event: Event) {
        let application = self.application
        var session: IndirectGestureSession?
        application.gestureArena.pass { session = pointerEventToRecognizers(event, application: application) }
        session?.noteTaken()
        // A transform has no view method; a scroll a pan took is the pan's (as in UIKit, where
        // scrolling reaches views only through recognizers).
        if event.type == .transform || (event.type == .scroll && session?.taken == true) { return }
        guard let view = event.pointerTarget else { return }
        ChainWalk.begin(at: view) {
            if let hover = event.hover { view.hoverChanged(hover, with: event) }
            if let scroll = event.scroll { view.scrollWheel(scroll, with: event) }
        }
    }

    /// Hands one hover, scroll or transform event to its recognizers; returns the stream it fed.
    private func pointerEventToRecognizers(_ event: Event, application: Application) -> IndirectGestureSession? {
        let gestures = application.pointerTracker.streams(of: event.device)
        switch event.type {
        case .scroll: return scrollToRecognizers(event, gestures, application: application)
        case .transform: return touchpadToRecognizers(event, gestures, application: application)
        case .hover: hoverToRecognizers(event, gestures, application: application)
        default: break
        }
        return nil
    }

    /// The enabled recognizers of `view` and its ancestors (deepest first) that want `input` and
    /// are free to start following a stream.
    private func recognizers(for input: IndirectInput, from view: View?) -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        var current = view
        while let v = current {
            if let list = v.gestureRecognizers {
                for recognizer in list
                where recognizer.isEnabled && recognizer.stage == .possible
                    && recognizer.indirectSession == nil && recognizer.accepts(input)
                {
                    found.append(recognizer)
                }
            }
            current = v.superview
        }
        return found
    }

    /// Starts a stream: its recognizers join the arena and hear that it began.
    private func open(
        _ kind: IndirectGestureSession.Kind, _ input: IndirectInput, for recognizers: [GestureRecognizer],
        device: InputDeviceID, arena: GestureArena, at location: Point, time: Double
    ) -> IndirectGestureSession {
        let session = IndirectGestureSession(kind: kind, device: device, window: self, recognizers: recognizers)
        for recognizer in recognizers {
            recognizer.indirectSession = session
            recognizer.inputWindow = self
            recognizer.indirectLocation = location
            arena.join(recognizer)
            recognizer.indirectBegan(input, at: time)
        }
        return session
    }

    // MARK: Scroll

    private func scrollToRecognizers(_ event: Event, _ gestures: PointerGestures, application: Application) -> IndirectGestureSession? {
        guard let info = event.scroll else { return nil }
        let time = event.timestamp
        let input = IndirectInput.scroll(info)
        // libinput ends a finger (or continuous) scroll with a zero-length event; the Wayland
        // backend turns `axis_stop` into the same.
        let isStop = (info.source == .finger || info.source == .continuous) && info.dx == 0 && info.dy == 0
        if let session = gestures.scroll, session.window !== self || !session.isLive {
            session.finish(cancelled: false, time: time)
            gestures.scroll = nil
        }
        if gestures.scroll == nil {
            guard !isStop else { return nil }
            let found = recognizers(for: input, from: event.pointerTarget)
            guard !found.isEmpty else { return nil }
            gestures.scroll = open(
                .scroll, input, for: found, device: event.device, arena: application.gestureArena,
                at: info.locationInWindow, time: time)
        }
        guard let session = gestures.scroll else { return nil }
        for recognizer in session.followers {
            recognizer.indirectLocation = info.locationInWindow
            if !isStop { recognizer.indirectChanged(input, at: time) }
        }
        if isStop {
            session.finish(cancelled: false, time: time)
            gestures.scroll = nil
        } else {
            session.endTimer?.cancel()
            let device = event.device
            let deadline = time + IndirectGestureSession.quietPeriod(for: info.source)
            session.endTimer = application.timers.schedule(at: deadline) { [weak application, weak session] _ in
                guard let application, let session else { return }
                application.gestureArena.pass {
                    session.finish(cancelled: false, time: application.clock.now)
                    application.pointerTracker.streamEnded(session, device: device)
                }
            }
        }
        return session
    }

    // MARK: Touchpad gestures

    private func touchpadToRecognizers(_ event: Event, _ gestures: PointerGestures, application: Application) -> IndirectGestureSession? {
        guard let gesture = event.touchpadGesture else { return nil }
        let time = event.timestamp
        let input = IndirectInput.touchpad(gesture)
        switch gesture.phase {
        case .began:
            if let previous = gestures.touchpad {
                previous.finish(cancelled: true, time: time)
                gestures.touchpad = nil
            }
            let found = recognizers(for: input, from: event.pointerTarget)
            guard !found.isEmpty else { return nil }
            let session = open(
                .touchpad, input, for: found, device: event.device, arena: application.gestureArena,
                at: event.pointerLocation, time: time)
            gestures.touchpad = session
            return session
        case .changed:
            guard let session = gestures.touchpad else { return nil }
            for recognizer in session.followers {
                recognizer.indirectLocation = event.pointerLocation
                recognizer.indirectChanged(input, at: time)
            }
            return session
        case .ended, .cancelled:
            guard let session = gestures.touchpad else { return nil }
            session.finish(cancelled: gesture.phase == .cancelled, time: time)
            gestures.touchpad = nil
            return session
        }
    }

    // MARK: Hover

    /// Hover recognizers of the view under the cursor and its ancestors: those newly under it
    /// begin, those still under it change, those it left end. An exit names the view the cursor
    /// moved onto, so a common ancestor's recognizer keeps hovering across children.
    private func hoverToRecognizers(_ event: Event, _ gestures: PointerGestures, application: Application) {
        guard let hover = event.hover else { return }
        let time = event.timestamp
        let input = IndirectInput.hover(hover)
        var under: [GestureRecognizer] = []
        var current: View? = hover.phase == .exited ? event.hoverSuccessor : event.pointerTarget
        while let view = current {
            if let list = view.gestureRecognizers {
                for recognizer in list where recognizer.isEnabled && recognizer.accepts(input) { under.append(recognizer) }
            }
            current = view.superview
        }
        var still: [GestureRecognizer] = []
        for recognizer in gestures.hovering {
            if under.containsIdentical(recognizer), recognizer.indirectSession != nil {
                still.append(recognizer)
            } else if let session = recognizer.indirectSession {
                recognizer.indirectLocation = hover.locationInWindow
                recognizer.indirectEnded(cancelled: false, at: time)
                session.close()
            }
        }
        gestures.hovering = still
        guard hover.phase != .exited else { return }
        for recognizer in under {
            recognizer.indirectLocation = hover.locationInWindow
            if gestures.hovering.containsIdentical(recognizer) {
                recognizer.indirectChanged(input, at: time)
            } else if recognizer.stage == .possible, recognizer.indirectSession == nil {
                // Each hover recognizer follows its own stream: hovering never excludes.
                _ = open(
                    .hover, input, for: [recognizer], device: event.device, arena: application.gestureArena,
                    at: hover.locationInWindow, time: time)
                recognizer.indirectChanged(input, at: time)
                gestures.hovering.append(recognizer)
            }
        }
    }
}
