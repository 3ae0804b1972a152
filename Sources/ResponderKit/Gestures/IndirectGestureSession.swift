/// One stream of indirect input that recognizers follow together: a scroll sequence, a touchpad
/// pinch or swipe, or one hover recognizer's hovering. Recognizers in the same session share their
/// input the way recognizers on the same touch do, so the arena's exclusion applies between them
/// (the innermost pan that begins on a scroll wins it).
@MainActor
final class IndirectGestureSession {
    enum Kind { case scroll, touchpad, hover }

    let kind: Kind
    let device: InputDeviceID
    weak var window: Window?
    /// The recognizers that started with the stream, deepest view first.
    let recognizers: [GestureRecognizer]
    /// Ends a scroll stream after a quiet period (wheels send no end).
    var endTimer: TimerQueue.Timer?
    /// A recognizer that cancels touches in view recognized on this stream: its events are the
    /// recognizer's from then on, not the view's.
    private(set) var taken = false

    /// How long a scroll stream may stay quiet before its recognizers end (seconds). A wheel never
    /// says it stopped, and a continuous source may not.
    static let scrollQuietPeriod = 0.1
    /// The same for a finger (touchpad) scroll, which ends at its stop — libinput's zero-length
    /// event, Wayland's `axis_stop` — when the fingers lift: only a guard against a source that
    /// never sends one, long enough that fingers resting mid-scroll do not end the stream.
    static let fingerScrollQuietPeriod = 1.0

    /// The quiet period of a stream from `source`.
    static func quietPeriod(for source: ScrollInfo.Source) -> Double {
        source == .finger ? fingerScrollQuietPeriod : scrollQuietPeriod
    }

    init(kind: Kind, device: InputDeviceID, window: Window, recognizers: [GestureRecognizer]) {
        self.kind = kind
        self.device = device
        self.window = window
        self.recognizers = recognizers
    }

    /// Recognizers still following this stream.
    var followers: [GestureRecognizer] {
        recognizers.filter { $0.indirectSession === self && $0.isEnabled && ($0.stage.isUndecided || $0.stage.isActive) }
    }

    var isLive: Bool { !followers.isEmpty }

    /// Called after each event's gesture pass.
    func noteTaken() {
        guard !taken else { return }
        taken = recognizers.contains { $0.cancelsTouchesInView && ($0.stage.hasRecognized || $0.stage == .cancelled) }
    }

    /// Ends the stream for the recognizers still following it, then lets go of them.
    func finish(cancelled: Bool, time: Double) {
        for recognizer in followers { recognizer.indirectEnded(cancelled: cancelled, at: time) }
        close()
    }

    /// The stream is over: its recognizers stop following it (and can reset once decided).
    func close() {
        endTimer?.cancel()
        endTimer = nil
        for recognizer in recognizers where recognizer.indirectSession === self { recognizer.indirectSession = nil }
    }
}

/// A pointer device's gesture streams: the scroll and touchpad sessions in progress, and the hover
/// recognizers the cursor is over. A class, so routing code that holds a copy of the device's
/// `PointerState` cannot overwrite it.
@MainActor
final class PointerGestures {
    var scroll: IndirectGestureSession?
    var touchpad: IndirectGestureSession?
    var hovering: [GestureRecognizer] = []
}
