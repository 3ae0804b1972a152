import ResponderKit

/// Key repeat on the core's timers: after `delay` seconds held, the key is sent again every
/// `1/rate` seconds as `.key(…, isRepeat: true)` until released (a text field types it again).
/// Only the most recently pressed repeating key repeats, as on every desktop. Driven by
/// `application.timers` and `application.clock`, so tests use the manual clock and the run loop
/// its timerfd.
@MainActor
public final class KeyRepeater {
    /// Seconds before the first repeat (X11 and Weston default 0.6 s; Wayland's `repeat_info` sets it).
    public var delay: Double
    /// Repeats per second; 0 turns repeat off.
    public var rate: Double

    private let application: Application
    private var timer: TimerQueue.Timer?
    private var repeating: (keyCode: Int, device: InputDeviceID)?

    /// A repeater that sends repeats to `application`, after `delay` seconds, `rate` times per second.
    public init(application: Application, delay: Double = 0.6, rate: Double = 25) {
        self.application = application
        self.delay = delay
        self.rate = rate
    }

    /// The key that repeats now, if any.
    public var repeatingKeyCode: Int? { repeating?.keyCode }

    /// A key went down: starts repeating it when `repeats` (the keymap says so), replacing any
    /// key repeating before. A key that does not repeat (a modifier) leaves the current repeat alone.
    public func pressed(_ key: Key, repeats: Bool, device: InputDeviceID, window: Window?) {
        guard repeats else { return }
        stop()
        guard rate > 0, rate.isFinite, delay >= 0, delay.isFinite else { return }
        repeating = (key.keyCode, device)
        let start = application.clock.now + delay
        timer = application.timers.schedule(at: start, repeating: 1 / rate) { [weak self, application] timer in
            guard self != nil else { timer.cancel(); return }
            application.handle(
                InputEvent(
                    .key(key, pressed: true, isRepeat: true), timestamp: application.clock.now,
                    device: device, window: window))
        }
    }

    /// A key went up: stops the repeat when it was that key.
    public func released(keyCode: Int, device: InputDeviceID) {
        if let r = repeating, r.keyCode == keyCode, r.device == device { stop() }
    }

    /// The device went away (or the keyboard left the window): stops its repeat.
    public func cancel(device: InputDeviceID) {
        if let r = repeating, r.device == device { stop() }
    }

    /// Stops any repeat.
    public func stop() {
        timer?.cancel()
        timer = nil
        repeating = nil
    }
}
