/// What a soak run does: how long, how many fingers, how fast, and how its figures are grouped.
public struct SoakConfiguration: Sendable {
    /// How long the fingers play, in seconds (the final lift and the drain come after).
    public var seconds: Double
    /// Fingers on the glass, 1…10 (the emulated touchscreen has 10 slots).
    public var fingers: Int
    /// Evdev frames per second (a fast touch controller reports at 240 Hz).
    public var rate: Double
    /// The length of one reporting window, in seconds (latency percentiles, backlog, memory).
    public var window: Double
    /// Frames a finger stays down before it lifts (and, one frame later, lands again elsewhere).
    public var holdFrames: Int
    /// Frames per second the display shows at most (the headless output has no refresh of its own).
    public var displayRate: Double = 60
    /// Runs the app and the fingers at nice −20 (`setpriority`; root only), as a kiosk may run its
    /// one app: on a machine shared with other work the figures then show the app, not the load.
    public var raisePriority = false

    public init(seconds: Double = 30, fingers: Int = 10, rate: Double = 240, window: Double = 10, holdFrames: Int = 120) {
        self.seconds = seconds
        self.fingers = fingers
        self.rate = rate
        self.window = window
        self.holdFrames = holdFrames
    }

    /// Why the configuration cannot run, or nil.
    public var problem: String? {
        if !(seconds.isFinite && seconds >= 1 && seconds <= 86_400) { return "the duration must be 1…86400 seconds" }
        if !(1...10).contains(fingers) { return "fingers must be 1…10 (the emulated touchscreen has 10 slots)" }
        if !(rate.isFinite && rate >= 1 && rate <= 1_000) { return "the rate must be 1…1000 frames per second" }
        if !(window.isFinite && window >= 1 && window <= seconds) { return "the window must be 1 second…the duration" }
        if !(2...100_000).contains(holdFrames) { return "a finger must stay down 2…100000 frames" }
        return nil
    }

    /// Frames the fingers play (the final lift frame comes on top).
    public var playedFrames: Int { Int((seconds * rate).rounded(.down)) }
}
