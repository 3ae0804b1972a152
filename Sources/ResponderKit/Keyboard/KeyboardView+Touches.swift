/// The built-in keyboard's touches and the key events they send.
///
/// Text keys, space, Return, shift and page keys act when the finger lifts (a finger that slides
/// moves to the key it is over, as on a phone); backspace acts at once and repeats while held.
/// Every finger is tracked on its own, so a second key can be hit before the first lifts.
extension KeyboardView {
    func keyTouchesBegan(_ touches: Set<Touch>) {
        for touch in touches {
            let index = keyIndex(at: touch.location(in: self))
            let active = ActiveKeyTouch(touch: touch, keyIndex: index)
            activeTouches.append(active)
            guard let index else { continue }
            switch keys[index].kind {
            case .backspace:
                let key = Key(keyCode: KeyCode.backspace, characters: layout.backspaceText)
                active.backspaceKey = key
                send(key, pressed: true, isRepeat: false, time: touch.timestamp)
                startRepeat(of: key, for: active)
            case .text:
                showPreview(for: keys[index])
                startLongPress(for: active)
            default:
                break
            }
        }
    }

    func keyTouchesMoved(_ touches: Set<Touch>) {
        for touch in touches {
            guard let active = activeTouches.first(where: { $0.touch === touch }) else { continue }
            let point = touch.location(in: self)
            if !active.variants.isEmpty {
                active.selectedVariant = variantsPopup.variantIndex(at: convert(point, to: variantsPopup))
                variantsPopup.selectedIndex = active.selectedVariant
                continue
            }
            guard active.backspaceKey == nil else { continue }
            let index = keyIndex(at: point)
            guard index != active.keyIndex else { continue }
            active.keyIndex = index
            active.timer?.cancel()
            active.timer = nil
            if let index, case .text = keys[index].kind {
                showPreview(for: keys[index])
                startLongPress(for: active)
            } else {
                hidePreview()
            }
        }
    }

    func keyTouchesEnded(_ touches: Set<Touch>) {
        for touch in touches {
            guard let active = removeActive(touch) else { continue }
            active.timer?.cancel()
            if let key = active.backspaceKey {
                send(key, pressed: false, isRepeat: false, time: touch.timestamp)
                continue
            }
            if !active.variants.isEmpty {
                closeVariants()
                if let chosen = active.selectedVariant { typeVariant(active.variants[chosen], time: touch.timestamp) }
                continue
            }
            hidePreview()
            guard let index = active.keyIndex, index < keys.count else { continue }
            activate(keys[index], time: touch.timestamp)
        }
    }

    func keyTouchesCancelled(_ touches: Set<Touch>) {
        for touch in touches {
            guard let active = removeActive(touch) else { continue }
            finish(active, time: touch.timestamp)
        }
    }

    /// Ends every finger's key without acting (the keyboard is being reconfigured or hidden).
    func cancelActiveTouches() {
        let all = activeTouches
        activeTouches.removeAll()
        let time = typingWindow?.application.clock.now ?? 0
        for active in all { finish(active, time: time) }
    }

    private func finish(_ active: ActiveKeyTouch, time: Double) {
        active.timer?.cancel()
        active.timer = nil
        if let key = active.backspaceKey {
            active.backspaceKey = nil
            send(key, pressed: false, isRepeat: false, time: time)
        }
        if !active.variants.isEmpty { closeVariants() }
        hidePreview()
    }

    private func removeActive(_ touch: Touch) -> ActiveKeyTouch? {
        guard let i = activeTouches.firstIndex(where: { $0.touch === touch }) else { return nil }
        return activeTouches.remove(at: i)
    }

    // MARK: Acting

    /// What a key does when the finger lifts on it.
    func activate(_ key: KeyboardKey, time: Double) {
        switch key.kind {
        case let .text(slot, level):
            let key = layout.key(slot, level: level, capsLock: shiftState == .locked)
            type(key, time: time)
            noteTyped(key.characters)
            if shiftState == .once, page == .letters { consumeOneLetterShift() }
        case .space:
            type(Key(keyCode: KeyCode.space, characters: layout.spaceText), time: time)
            returnToLettersAfterSpace()
        case .return:
            type(Key(keyCode: KeyCode.enter, characters: layout.returnText), time: time)
        case .backspace, .spacer:
            break
        case .shift:
            let doubleTap = time - lastShiftTap <= shiftLockInterval && shiftState == .once
            lastShiftTap = time
            switch shiftState {
            case .off: setShiftState(.once)
            case .once: setShiftState(doubleTap ? .locked : .off)
            case .locked: setShiftState(.off)
            }
        case let .page(page):
            show(page)
        }
    }

    /// A chosen variant: the layout's key for it when it has one, else a key with code 0.
    func typeVariant(_ text: String, time: Double) {
        if let (slot, level) = layout.location(of: text) {
            type(layout.key(slot, level: level), time: time)
        } else {
            type(Key(keyCode: 0, characters: text, charactersIgnoringModifiers: text), time: time)
        }
        noteTyped(text)
        if shiftState == .once { consumeOneLetterShift() }
    }

    /// A press and its release, as a hardware keyboard reports a tap.
    func type(_ key: Key, time: Double) {
        send(key, pressed: true, isRepeat: false, time: time)
        send(key, pressed: false, isRepeat: false, time: time)
    }

    /// Hands one key event of the synthetic device to the application (the hardware path).
    func send(_ key: Key, pressed: Bool, isRepeat: Bool, time: Double) {
        guard let window = typingWindow else { return }
        let app = window.application
        OnScreenKeyboard.announceDevice(to: app)
        app.handle(
            InputEvent(
                .key(key, pressed: pressed, isRepeat: isRepeat), timestamp: time,
                device: .onScreenKeyboard, window: window))
        // The text it typed or deleted may call for a capital next, or no longer.
        if pressed { updateAutomaticShift() }
    }

    // MARK: Timers

    private func startRepeat(of key: Key, for active: ActiveKeyTouch) {
        guard let app = typingWindow?.application, repeatRate > 0, repeatRate.isFinite, repeatDelay >= 0, repeatDelay.isFinite else { return }
        active.timer = app.timers.schedule(at: app.clock.now + repeatDelay, repeating: 1 / repeatRate) { [weak self, weak active] timer in
            guard let self, let active, active.backspaceKey != nil else { timer.cancel(); return }
            self.send(key, pressed: true, isRepeat: true, time: app.clock.now)
        }
    }

    private func startLongPress(for active: ActiveKeyTouch) {
        guard let app = typingWindow?.application, let index = active.keyIndex else { return }
        let variants = KeyVariants.variants(of: keys[index].text)
        guard !variants.isEmpty else { return }
        active.timer = app.timers.schedule(at: app.clock.now + longPressDuration) { [weak self, weak active] _ in
            guard let self, let active, let index = active.keyIndex, index < self.keys.count else { return }
            active.timer = nil
            active.variants = variants
            active.selectedVariant = 0
            self.hidePreview()
            self.openVariants(variants, over: self.keys[index].frame)
        }
    }

    // MARK: Popups

    func showPreview(for key: KeyboardKey) {
        let f = key.frame
        let width = max(f.width * 1.4, 56), height = f.height * 1.25
        preview.label = key.label
        preview.frame = Rect(x: f.midX - width / 2, y: f.minY - height - 4, width: width, height: height)
        preview.isHidden = false
        bringSubviewToFront(preview)
    }

    func hidePreview() {
        guard !preview.isHidden else { return }
        preview.isHidden = true
    }

    private func openVariants(_ variants: [String], over frame: Rect) {
        let cell = max(frame.width, 44)
        let width = cell * Double(variants.count)
        var x = frame.midX - cell / 2
        x = min(max(bounds.minX, x), bounds.maxX - width)
        variantsPopup.variants = variants
        variantsPopup.selectedIndex = 0
        variantsPopup.frame = Rect(x: x, y: frame.minY - frame.height * 1.25 - 4, width: width, height: frame.height * 1.25)
        variantsPopup.isHidden = false
        bringSubviewToFront(variantsPopup)
    }

    private func closeVariants() {
        variantsPopup.isHidden = true
        variantsPopup.variants = []
    }
}

extension KeyboardView {
    /// The window the keyboard types into: the one whose first responder it is docked for (its
    /// container's owner), which is its own window unless it is docked in an `InputViewWindow`.
    var typingWindow: Window? { (superview as? InputViewContainer)?.owner ?? window }
}
