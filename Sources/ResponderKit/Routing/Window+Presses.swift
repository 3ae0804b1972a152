extension Window {
    /// A key went down in this window. Key commands are matched first, from the first responder
    /// outward (the first responder's chain wins over responders behind it); a match sends the
    /// command's action and swallows the key. Otherwise the key becomes a `Press` delivered with
    /// `pressesBegan` to the first responder (the window when nothing is focused) and walks `next`.
    /// Key repeat re-fires a matching command, or reaches the press's responder as
    /// `pressesChanged` with `Press.isRepeat` set (a text field types the character again).
    ///
    /// The application applies the key here and sends the answered event (`sendEvent` →
    /// `Window.sendEvent` → `deliverPresses`); nil when nothing is to be delivered.
    func keyDown(_ key: Key, device: InputDeviceID, isRepeat: Bool, time: Double) -> PressesEvent? {
        // An edit menu on screen takes its keys (arrows, Return, Escape) first; the press is
        // swallowed like a key command's, release included.
        if let menu = EditMenuView.presented(in: self), menu.handleKey(key) {
            if !pressTable.holds(device: device, keyCode: key.keyCode) {
                let press = Press(key: key, device: device, timestamp: time)
                press.consumedByKeyCommand = true
                pressTable.add(press)
            }
            return nil
        }
        let start = keyResponder
        if let (owner, command) = matchKeyCommand(key, from: start) {
            let target = ChainWalk.begin(at: owner) { owner.target(forAction: command.action, withSender: command) }
            if let target {
                if !isRepeat, !pressTable.holds(device: device, keyCode: key.keyCode) {
                    let press = Press(key: key, device: device, timestamp: time)
                    press.consumedByKeyCommand = true
                    pressTable.add(press)
                }
                target.perform(command.action, with: command)
                return nil
            }
        }
        if let existing = pressTable.press(device: device, keyCode: key.keyCode) {
            if existing.consumedByKeyCommand { return nil }
            existing.key = key
            existing.timestamp = time
            if isRepeat {
                existing.phase = .changed
                existing.isRepeat = true
            } else {
                // Down twice without an up: the device lost an event. Treat it as a repeat.
                existing.phase = .changed
                existing.isRepeat = false
            }
            return pressTable.event(changing: [existing], in: self, time: time)
        }
        let press = Press(key: key, device: device, timestamp: time)
        press.responder = start
        pressTable.add(press)
        return pressTable.event(changing: [press], in: self, time: time)
    }

    /// A key went up: its press ends and leaves the table. Answers the event to send (nil for a
    /// press a key command consumed, or a key that was not down).
    func keyUp(_ key: Key, device: InputDeviceID, time: Double) -> PressesEvent? {
        guard let press = pressTable.press(device: device, keyCode: key.keyCode) else {
            ResponderDiagnostics.report(.droppedInput("key \(key.keyCode) released but not pressed"))
            return nil
        }
        press.timestamp = time
        press.phase = .ended
        if press.consumedByKeyCommand {
            pressTable.remove(press)
            return nil
        }
        press.key = Key(
            keyCode: key.keyCode, characters: press.key?.characters ?? key.characters,
            charactersIgnoringModifiers: press.key?.charactersIgnoringModifiers ?? key.charactersIgnoringModifiers,
            modifierFlags: key.modifierFlags)
        let event = pressTable.event(changing: [press], in: self, time: time)
        pressTable.remove(press)
        return event
    }

    /// Where keys start: the first responder while it may take them — a view must be in this
    /// window, shown (it and its ancestors not hidden, alpha ≥ 0.01) and interactive — else the
    /// window. A focused text field that is hidden or disabled never receives keystrokes.
    /// - Complexity: O(depth of the first responder).
    var keyResponder: Responder {
        guard let responder = firstResponder else { return self }
        if let view = responder as? View, !view.canTakeKeys(in: self) { return self }
        return responder
    }

    /// Cancels the held keys of `device` (it went away, or the keyboard left the window): they
    /// leave the table; answers the event to send (nil when none of them is delivered).
    func cancelPresses(device: InputDeviceID, time: Double) -> PressesEvent? {
        let cancelled = pressTable.open.filter { $0.device == device }
        guard !cancelled.isEmpty else { return nil }
        for press in cancelled { press.phase = .cancelled; press.timestamp = time }
        let delivered = cancelled.filter { !$0.consumedByKeyCommand }
        let event = delivered.isEmpty ? nil : pressTable.event(changing: delivered, in: self, time: time)
        pressTable.removeAll(of: device)
        return event
    }

    /// The devices holding keys here, in the order of their first held press.
    var devicesHoldingPresses: [InputDeviceID] {
        var devices: [InputDeviceID] = []
        for press in pressTable.open where !devices.contains(press.device) { devices.append(press.device) }
        return devices
    }

    /// `sendEvent` for presses: each changed press goes to the responder it began at (or the
    /// current first responder if that one left the window), walking `next` from there.
    func deliverPresses(_ event: Event) {
        guard let event = event as? PressesEvent else { return }
        for press in event.changedPresses {
            var responder: Responder = press.responder ?? keyResponder
            if let view = responder as? View, !view.canTakeKeys(in: self) { responder = keyResponder }
            let presses: Set<Press> = [press]
            ChainWalk.begin(at: responder) {
                switch press.phase {
                case .began: responder.pressesBegan(presses, with: event)
                case .changed: responder.pressesChanged(presses, with: event)
                case .ended: responder.pressesEnded(presses, with: event)
                case .cancelled: responder.pressesCancelled(presses, with: event)
                case .stationary: break
                }
            }
        }
    }

    /// `sendEvent` for shake: the first responder's chain (the window when nothing is focused).
    func deliverMotion(_ event: Event) {
        let start: Responder = firstResponder ?? self
        ChainWalk.begin(at: start) {
            switch event.motionPhase {
            case .began: start.motionBegan(event.subtype, with: event)
            case .ended: start.motionEnded(event.subtype, with: event)
            case .cancelled: start.motionCancelled(event.subtype, with: event)
            }
        }
    }

    /// The first key command along the chain from `start` that matches `key`, with its owner.
    func matchKeyCommand(_ key: Key, from start: Responder) -> (Responder, KeyCommand)? {
        for responder in start.responderChain {
            guard let commands = responder.keyCommands else { continue }
            for command in commands where command.matches(key) { return (responder, command) }
        }
        return nil
    }
}
