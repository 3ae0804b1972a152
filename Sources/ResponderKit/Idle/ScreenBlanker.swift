/// Blanks the screen after a stretch without input and swallows the input that wakes it: a tap on
/// a dark screen must not press a button. The host makes one with its output's blank call
/// (framebuffer: `FBIOBLANK`) and installs it as `Application.screenBlanker`; `Application.handle`
/// asks it about every event before routing, so every source (libinput, a Wayland seat, the test
/// driver) goes through the same gate.
///
/// What is swallowed: while blanked, the first user event wakes the screen (`setBlanked(false)`)
/// and is never delivered. When it starts a sequence, the whole sequence is swallowed — the waking
/// finger's touch from down to up or cancel (and the touch frames that carry only it), the waking
/// key's repeats and release, the waking pointer button's release. Other input after the wake
/// is delivered as usual. The waking event still counts as activity for the idle handlers.
///
/// While `Application.isIdleTimerDisabled` is true (a video, a payment) it never blanks.
@MainActor
public final class ScreenBlanker {
    /// Seconds without input before the screen blanks.
    public let timeout: Double
    /// Whether the screen is blanked now.
    public private(set) var isBlanked = false
    /// How many times it blanked and woke, and how many events it swallowed (for logs and tests).
    public private(set) var blankCount = 0
    /// How many times input woke the screen.
    public private(set) var wakeCount = 0
    /// How many events were swallowed while waking the screen.
    public private(set) var swallowedEventCount = 0

    private let setBlanked: @MainActor (Bool) -> Void
    private var idleHandler: IdleHandler?
    private unowned let application: Application
    /// Sequences the waking event started, swallowed until they end.
    private var heldTouches: [(device: InputDeviceID, slot: Int)] = []
    private var heldKeys: [(device: InputDeviceID, keyCode: Int)] = []
    private var heldButtons: [(device: InputDeviceID, button: Int)] = []
    /// Touch changes since the last `touchFrame`: a frame that carries only swallowed ones is
    /// swallowed too.
    private var swallowedSinceFrame = false
    private var admittedSinceFrame = false

    /// Installs a blanker on `application` (replacing and stopping any earlier one): after
    /// `seconds` without input it calls `setBlanked(true)`; the waking input calls
    /// `setBlanked(false)`. `seconds` must be positive and finite.
    public init(application: Application, after seconds: Double, setBlanked: @escaping @MainActor (Bool) -> Void) {
        self.application = application
        self.timeout = seconds
        self.setBlanked = setBlanked
        application.screenBlanker?.stop()
        idleHandler = application.addIdleHandler(after: seconds) { [unowned self] in self.blank() }
        application.screenBlanker = self
    }

    /// Uninstalls it: the screen is unblanked if blanked, the idle timer removed.
    public func stop() {
        idleHandler?.cancel()
        idleHandler = nil
        if isBlanked {
            isBlanked = false
            setBlanked(false)
        }
        if application.screenBlanker === self { application.screenBlanker = nil }
    }

    /// `Application.isIdleTimerDisabled` changed. Disabled: a blanked screen wakes (the app must
    /// be seen now) and it does not blank while disabled. Enabled again: the idle stretch starts
    /// afresh from now, as UIKit's idle timer does.
    func idleTimerDisabledChanged(_ disabled: Bool) {
        if disabled {
            guard isBlanked else { return }
            isBlanked = false
            wakeCount += 1
            setBlanked(false)
        } else {
            idleHandler?.cancel()
            idleHandler = application.addIdleHandler(after: timeout) { [unowned self] in self.blank() }
        }
    }

    private func blank() {
        guard !isBlanked, !application.isIdleTimerDisabled else { return }
        isBlanked = true
        blankCount += 1
        setBlanked(true)
    }

    /// Whether `input` is swallowed (the waking event or part of a sequence it started).
    /// - Complexity: O(1) and no allocation while awake with nothing held (the routed-move path);
    ///   O(held sequences) otherwise.
    func swallows(_ input: InputEvent) -> Bool {
        if isBlanked {
            guard input.kind.isUserActivity else { return false }
            if wakes(input) {
                isBlanked = false
                wakeCount += 1
                setBlanked(false)
                swallowedEventCount += 1
                return true
            }
            return false
        }
        guard !heldTouches.isEmpty || !heldKeys.isEmpty || !heldButtons.isEmpty || swallowedSinceFrame else { return false }
        let swallowed = continuesHeldSequence(input)
        if swallowed { swallowedEventCount += 1 }
        return swallowed
    }

    /// Wakes on an event that starts something (a touch down, a press, a motion); holds the
    /// sequence it starts. Moves and lifts of a touch the app already had open (a finger resting
    /// through the timeout) are the app's: they wake nothing and pass.
    private func wakes(_ input: InputEvent) -> Bool {
        switch input.kind {
        case let .touchDown(slot, _, _):
            heldTouches.append((input.device, slot))
            swallowedSinceFrame = true
            return true
        case let .key(key, pressed, _):
            guard pressed else { return false }
            heldKeys.append((input.device, key.keyCode))
            return true
        case let .pointerButton(button, pressed):
            guard pressed else { return false }
            heldButtons.append((input.device, button))
            return true
        case .pointerMotion, .scroll, .motion, .remoteControl, .touchpadGesture:
            return true
        case .textInput:
            // Like a key press: text typed on a dark screen only wakes it.
            return true
        case .touchMotion, .touchUp, .touchFrame, .modifiers, .touchCancel, .pointerLeave, .keyboardLeave,
            .deviceAdded, .deviceRemoved:
            return false
        case .switchToggled:
            // A headset plugged in passes on to the screen reader (which speaks on a dark screen);
            // the first touch wakes the screen.
            return false
        }
    }

    private func continuesHeldSequence(_ input: InputEvent) -> Bool {
        let device = input.device
        switch input.kind {
        case let .touchMotion(slot, _, _):
            return touchChange(device, slot, ends: false)
        case let .touchUp(slot):
            return touchChange(device, slot, ends: true)
        case let .touchCancel(slot):
            if let slot { return touchChange(device, slot, ends: true) }
            heldTouches.removeAll { $0.device == device }
            return false
        case .touchDown:
            admittedSinceFrame = true
            return false
        case .touchFrame:
            let swallow = swallowedSinceFrame && !admittedSinceFrame
            swallowedSinceFrame = false
            admittedSinceFrame = false
            return swallow
        case let .key(key, pressed, _):
            guard let i = heldKeys.firstIndex(where: { $0.device == device && $0.keyCode == key.keyCode }) else { return false }
            if !pressed { heldKeys.remove(at: i) }
            return true
        case let .pointerButton(button, pressed):
            guard !pressed, let i = heldButtons.firstIndex(where: { $0.device == device && $0.button == button }) else { return false }
            heldButtons.remove(at: i)
            return true
        case let .deviceRemoved(id):
            heldTouches.removeAll { $0.device == id }
            heldKeys.removeAll { $0.device == id }
            heldButtons.removeAll { $0.device == id }
            return false
        case .keyboardLeave:
            heldKeys.removeAll { $0.device == device }
            return false
        default:
            return false
        }
    }

    private func touchChange(_ device: InputDeviceID, _ slot: Int, ends: Bool) -> Bool {
        guard let i = heldTouches.firstIndex(where: { $0.device == device && $0.slot == slot }) else {
            admittedSinceFrame = true
            return false
        }
        if ends { heldTouches.remove(at: i) }
        swallowedSinceFrame = true
        return true
    }
}
