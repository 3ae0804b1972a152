extension Application {
    /// The one entry point for input. Every source — libinput, a Wayland seat, a replayed
    /// recording, the test driver — translates its events into `InputEvent`s and calls this.
    ///
    /// Touch changes are collected per window and routed when `touchFrame` arrives (one `Event` per
    /// frame); pointer, key, motion and remote-control input is routed at once. Input that arrives
    /// while an event is being delivered (a handler feeding input) is queued and handled right after,
    /// so delivery is never re-entered. Bad input (NaN coordinates, unknown touch ids, a window that
    /// left its scene) is dropped with a diagnostic; it never traps.
    /// - Complexity: O(1) per event plus hit testing at touch-down and the responders called.
    public func handle(_ input: InputEvent) {
        assert(LiveObjects.onMainActor(), "Application.handle must run on the main actor")
        let routing = self.routing
        idle.noteInputActivity(input) { clock.now }
        if let blanker = idle.screenBlanker, blanker.swallows(input) { return }
        if screenReader.intercepts(input) { return }
        if routing.isHandlingInput {
            routing.deferredInput.append(input)
            return
        }
        routing.isHandlingInput = true
        route(input)
        while !routing.deferredInput.isEmpty {
            let next = routing.deferredInput.removeFirst()
            route(next)
        }
        routing.isHandlingInput = false
        if let monitor = routing.latencyMonitor, input.isRoutedUserInput {
            monitor.recordInput(timestamp: input.timestamp, handledAt: clock.now)
        }
    }

    private func route(_ input: InputEvent) {
        let time = input.timestamp.isFinite ? input.timestamp : clock.now
        defer { for observer in routing.inputObservers { observer(input) } }
        switch input.kind {
        case let .touchDown(slot, location, radius):
            guard let named = targetWindow(input), checked(location, "touch down") else { return }
            let (window, location) = frontWindow(at: location, over: named)
            let id = TouchIdentifier(device: input.device, slot: slot)
            if let owner = windowOwning(id), owner !== window {
                // The id is still down in another window (its up was lost): that touch ends
                // first, in a frame of its own, as a reused id does within one window.
                ResponderDiagnostics.report(.droppedInput("touch \(slot) went down in another window while open there; the old touch ends first"))
                stageTouch(owner, id, .up, time: time, collect: false)
                commitTouchFrame(owner, time: time)
            }
            stageTouch(window, id, .down(location, majorRadius: radius ?? 0, type: .direct), time: time)
        case let .touchMotion(slot, location, radius):
            // Motion and up belong to the window the touch went down in, whatever window the
            // event names (the named one, checked first, is the usual answer).
            guard checked(location, "touch motion") else { return }
            let id = TouchIdentifier(device: input.device, slot: slot)
            guard let window = windowOwning(id, preferring: input.window) ?? targetWindow(input) else { return }
            // The location is in the named window's coordinates; a touch that landed in a window
            // stacked over it (another frame) moves in that window's.
            let located = input.window.map { Application.convert(location, from: $0, to: window) } ?? location
            stageTouch(window, id, .move(located, majorRadius: radius), time: time)
        case let .touchUp(slot):
            let id = TouchIdentifier(device: input.device, slot: slot)
            guard let window = windowOwning(id, preferring: input.window) ?? targetWindow(input) else { return }
            stageTouch(window, id, .up, time: time)
        case let .touchCancel(slot):
            if let slot {
                let id = TouchIdentifier(device: input.device, slot: slot)
                guard let window = windowOwning(id) else { return }
                stageTouch(window, id, .cancel, time: time)
            } else {
                commitTouchFrames(time: time)
                for window in windows { cancelTouches(of: input.device, in: window, time: time) }
            }
        case .touchFrame:
            commitTouchFrames(time: time)
        case let .pointerMotion(location):
            guard let named = targetWindow(input), checked(location, "pointer motion") else { return }
            let (window, location) = frontWindow(at: location, over: named)
            pointerMoved(device: input.device, to: location, in: window, time: time)
        case let .pointerButton(button, pressed):
            guard let window = pointerWindow(input) else { return }
            pointerButton(device: input.device, button: button, pressed: pressed, in: window, time: time)
        case .pointerLeave:
            pointerLeft(device: input.device, time: time)
        case let .scroll(info):
            guard let window = pointerWindow(input) else { return }
            pointerScrolled(device: input.device, info, in: window, time: time)
        case let .key(key, pressed, isRepeat):
            routing.modifierFlags = key.modifierFlags
            // A held key's repeat and release go where its press went, even if the key window
            // changed since (or the event names another window).
            guard let window = windowHoldingPress(device: input.device, keyCode: key.keyCode) ?? keyTargetWindow(input) else { return }
            let event =
                pressed
                ? window.keyDown(key, device: input.device, isRepeat: isRepeat, time: time)
                : window.keyUp(key, device: input.device, time: time)
            if let event { sendEvent(event) }
        case let .modifiers(flags):
            routing.modifierFlags = flags
        case .keyboardLeave:
            for window in windows { cancelPresses(of: input.device, in: window, time: time) }
        case let .motion(subtype, phase):
            guard let window = targetWindow(input) else { return }
            let event = Event(type: .motion, subtype: subtype, timestamp: time)
            event.window = window
            event.motionPhase = phase
            sendEvent(event)
        case let .remoteControl(subtype):
            guard let window = targetWindow(input) else { return }
            let event = Event(type: .remoteControl, subtype: subtype, timestamp: time)
            event.window = window
            sendEvent(event)
        case let .touchpadGesture(gesture):
            routing.lastTouchpadGesture = gesture
            guard let window = pointerWindow(input) else { return }
            pointerGesture(device: input.device, gesture, in: window, time: time)
        case let .textInput(change):
            deliverTextInput(change, input)
        case .switchToggled:
            break  // the screen reader and observers hear of it; no window does
        case let .deviceAdded(device):
            let keyboardWasEnabled = onScreenKeyboard.isEnabled
            routing.devices[device.id] = device
            onScreenKeyboard.devicesChanged(wasEnabled: keyboardWasEnabled)
        case let .deviceRemoved(id):
            let keyboardWasEnabled = onScreenKeyboard.isEnabled
            routing.devices[id] = nil
            onScreenKeyboard.devicesChanged(wasEnabled: keyboardWasEnabled)
            commitTouchFrames(time: time)
            for window in windows {
                cancelTouches(of: id, in: window, time: time)
                cancelPresses(of: id, in: window, time: time)
            }
            pointerRemoved(device: id, time: time)
        }
    }

    /// The window an event is for: the one it names, else the key window — only while it is in a
    /// connected scene of this application. A window that was closed (taken out of its scene, or
    /// its scene disconnected) or never shown in a scene gets no input: nothing could end a touch
    /// or press opened there.
    func targetWindow(_ input: InputEvent) -> Window? {
        if let window = input.window {
            if window.isInConnectedScene(of: self) { return window }
            ResponderDiagnostics.report(.droppedInput("\(input.kind) for a window that is not in a connected scene of this application"))
            return nil
        }
        if let key = keyWindow, key.isInConnectedScene(of: self) { return key }
        ResponderDiagnostics.report(.droppedInput("\(input.kind) with no target window and no key window"))
        return nil
    }

    private func checked(_ p: Point, _ what: String) -> Bool {
        if p.isFinite { return true }
        ResponderDiagnostics.report(.droppedInput("\(what) at a non-finite location \(p)"))
        return false
    }

    /// The window whose touch table has `id` open or staged: `preferred` (the window the event
    /// names) first, then the windows with staged changes, then every connected window.
    /// - Complexity: O(1) when `preferred` owns it, else O(windows); no allocation.
    private func windowOwning(_ id: TouchIdentifier, preferring preferred: Window? = nil) -> Window? {
        if let preferred, preferred.touchRouter.owns(id), preferred.isInConnectedScene(of: self) { return preferred }
        for window in routing.windowsWithStagedTouches where window.touchRouter.owns(id) { return window }
        for scene in connectedScenes {
            for window in scene.windows where window.touchRouter.owns(id) { return window }
        }
        return nil
    }

    /// The connected window holding an open press of `keyCode` from `device`, if any.
    /// - Complexity: O(windows + their open presses); no allocation.
    private func windowHoldingPress(device: InputDeviceID, keyCode: Int) -> Window? {
        for scene in connectedScenes {
            for window in scene.windows where window.pressTable.holds(device: device, keyCode: keyCode) {
                return window
            }
        }
        return nil
    }

    /// Cancels the held keys of `device` in `window` and sends what they owe their responders.
    func cancelPresses(of device: InputDeviceID, in window: Window, time: Double) {
        if let event = window.cancelPresses(device: device, time: time) { sendEvent(event) }
    }

    /// Cancels every held key of every device in `window` (it is closing).
    func cancelAllPresses(in window: Window, time: Double) {
        for device in window.devicesHoldingPresses { cancelPresses(of: device, in: window, time: time) }
    }

    /// Stages a touch change in `window`'s table, committing first when the table says the change
    /// cannot join the frame being collected. `collect` lists the window for the next
    /// `touchFrame` (input from a device); the core's own changes commit at once instead.
    func stageTouch(
        _ window: Window, _ id: TouchIdentifier, _ change: TouchRouter.Change, time: Double,
        collect: Bool = true
    ) {
        if collect, !routing.windowsWithStagedTouches.containsIdentical(window) { routing.windowsWithStagedTouches.append(window) }
        let router = window.touchRouter
        var attempts = 0
        while attempts < 3 {
            attempts += 1
            switch router.stage(id, change, time: time) {
            case .staged, .dropped:
                return
            case .commitFirst:
                commitTouchFrame(window, time: router.stagedTime)
            case .endOpenTouchFirst:
                _ = router.stage(id, .up, time: time)
                commitTouchFrame(window, time: time)
            }
        }
    }

    private func commitTouchFrames(time: Double) {
        while !routing.windowsWithStagedTouches.isEmpty {
            let window = routing.windowsWithStagedTouches.removeFirst()
            commitTouchFrame(window, time: time)
        }
    }

    /// Applies `window`'s staged touch changes as one frame, then sends its event the UIKit way
    /// (`sendEvent` → `Window.sendEvent` → recognizers and views), then retires the touches that
    /// finished. Data goes one way: the table updates, the event is delivered, nothing calls back.
    /// - Complexity: O(changes + open touches) plus delivery; no allocation for a routed move.
    func commitTouchFrame(_ window: Window, time: Double) {
        let router = window.touchRouter
        guard let event = router.applyStaged(time: time) else { return }
        let frame = router.frameNumber
        event.application = self
        sendEvent(event)
        window.touchDelivery.sweepIfUndelivered(frame: frame)
        router.finishFrame(frame, time: time)
        if router.detachedCheckPending, !window.touchDelivery.isDelivering, !router.hasStagedChanges {
            cancelDetachedTouches(in: window, time: time)
        }
        if router.cancelAllPending, !window.touchDelivery.isDelivering { cancelAllTouches(in: window, time: time) }
    }

    /// True when a touch, press or pointer button is open, a touch change waits for a frame, a
    /// view still waits for a touch phase a recognizer delays, or a scroll or touchpad gesture
    /// stream is still going.
    public var hasOpenInput: Bool {
        for window in windows {
            if window.touchRouter.hasOpenTouches || window.touchRouter.hasStagedChanges || !window.openPresses.isEmpty
                || !window.touchDelivery.held.isEmpty
            {
                return true
            }
        }
        return pointerTracker.hasOpenInput
    }
}
