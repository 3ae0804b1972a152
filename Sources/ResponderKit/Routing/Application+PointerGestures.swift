/// Indirect input for recognizers, as UIKit gives it on iPad with a mouse or trackpad: scrolling
/// drives pan recognizers whose `allowedScrollTypesMask` accepts it (a wheel is `.discrete`, a
/// touchpad or other continuous source `.continuous`); a touchpad pinch drives pinch and rotation
/// recognizers and a multi-finger touchpad swipe drives pans, on the view under the cursor; the
/// cursor hovering drives hover recognizers of the view under it and its ancestors. Each runs
/// inside the gesture pass `deliverPointerEvent` opens, so the arena settles after it.
extension Application {
    /// Hands one hover, scroll or transform event to its recognizers; returns the stream it fed.
    func pointerEventToRecognizers(_ event: Event, in window: Window) -> IndirectGestureSession? {
        let gestures =
            pointerGestures[event.device]
            ?? {
                let created = PointerGestures()
                pointerGestures[event.device] = created
                return created
            }()
        switch event.type {
        case .scroll: return scrollToRecognizers(event, gestures, in: window)
        case .transform: return touchpadToRecognizers(event, gestures, in: window)
        case .hover: hoverToRecognizers(event, gestures, in: window)
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
        device: InputDeviceID, in window: Window, at location: Point, time: Double
    ) -> IndirectGestureSession {
        let session = IndirectGestureSession(kind: kind, device: device, window: window, recognizers: recognizers)
        for recognizer in recognizers {
            recognizer.indirectSession = session
            recognizer.inputWindow = window
            recognizer.indirectLocation = location
            gestureArena.join(recognizer)
            recognizer.indirectBegan(input, at: time)
        }
        return session
    }

    // MARK: Scroll

    private func scrollToRecognizers(_ event: Event, _ gestures: PointerGestures, in window: Window) -> IndirectGestureSession? {
        guard let info = event.scroll else { return nil }
        let time = event.timestamp
        let input = IndirectInput.scroll(info)
        // libinput ends a finger (or continuous) scroll with a zero-length event; the Wayland
        // backend turns `axis_stop` into the same.
        let isStop = (info.source == .finger || info.source == .continuous) && info.dx == 0 && info.dy == 0
        if let session = gestures.scroll, session.window !== window || !session.isLive {
            finishStream(session, cancelled: false, time: time)
            gestures.scroll = nil
        }
        if gestures.scroll == nil {
            guard !isStop else { return nil }
            let found = recognizers(for: input, from: event.pointerTarget)
            guard !found.isEmpty else { return nil }
            gestures.scroll = open(
                .scroll, input, for: found, device: event.device, in: window,
                at: info.locationInWindow, time: time)
        }
        guard let session = gestures.scroll else { return nil }
        for recognizer in session.followers {
            recognizer.indirectLocation = info.locationInWindow
            if !isStop { recognizer.indirectChanged(input, at: time) }
        }
        if isStop {
            finishStream(session, cancelled: false, time: time)
            gestures.scroll = nil
        } else {
            session.endTimer?.cancel()
            let device = event.device
            session.endTimer = timers.schedule(at: time + IndirectGestureSession.quietPeriod(for: info.source)) { [weak self, weak session] _ in
                guard let self, let session else { return }
                self.updateGestures {
                    self.finishStream(session, cancelled: false, time: self.clock.now)
                    if self.pointerGestures[device]?.scroll === session { self.pointerGestures[device]?.scroll = nil }
                }
            }
        }
        return session
    }

    /// Ends a stream for the recognizers still following it, then lets go of them.
    private func finishStream(_ session: IndirectGestureSession, cancelled: Bool, time: Double) {
        for recognizer in session.followers { recognizer.indirectEnded(cancelled: cancelled, at: time) }
        session.close()
    }

    // MARK: Touchpad gestures

    private func touchpadToRecognizers(_ event: Event, _ gestures: PointerGestures, in window: Window) -> IndirectGestureSession? {
        guard let gesture = event.touchpadGesture else { return nil }
        let time = event.timestamp
        let input = IndirectInput.touchpad(gesture)
        switch gesture.phase {
        case .began:
            if let previous = gestures.touchpad {
                finishStream(previous, cancelled: true, time: time)
                gestures.touchpad = nil
            }
            let found = recognizers(for: input, from: event.pointerTarget)
            guard !found.isEmpty else { return nil }
            let session = open(
                .touchpad, input, for: found, device: event.device, in: window,
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
            finishStream(session, cancelled: gesture.phase == .cancelled, time: time)
            gestures.touchpad = nil
            return session
        }
    }

    // MARK: Hover

    /// Hover recognizers of the view under the cursor and its ancestors: those newly under it
    /// begin, those still under it change, those it left end. An exit names the view the cursor
    /// moved onto, so a common ancestor's recognizer keeps hovering across children.
    private func hoverToRecognizers(_ event: Event, _ gestures: PointerGestures, in window: Window) {
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
                    .hover, input, for: [recognizer], device: event.device, in: window,
                    at: hover.locationInWindow, time: time)
                recognizer.indirectChanged(input, at: time)
                gestures.hovering.append(recognizer)
            }
        }
    }

    /// The pointer device went away: its streams end as cancelled, its hovering ends.
    func endPointerGestures(device: InputDeviceID, time: Double) {
        guard let gestures = pointerGestures.removeValue(forKey: device) else { return }
        updateGestures {
            if let scroll = gestures.scroll { finishStream(scroll, cancelled: true, time: time) }
            if let touchpad = gestures.touchpad { finishStream(touchpad, cancelled: true, time: time) }
            for recognizer in gestures.hovering {
                guard let session = recognizer.indirectSession else { continue }
                recognizer.indirectEnded(cancelled: true, at: time)
                session.close()
            }
        }
    }
}
