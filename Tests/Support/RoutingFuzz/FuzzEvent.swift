import ResponderKit

/// One generated input, replayable without the objects of a particular run: the window is an index
/// into the windows the world has made so far (closed ones included), and the time is a rule
/// relative to the manual clock. `FuzzRun` turns it into an `InputEvent` for `Application.handle`.
public struct FuzzEvent: Sendable, CustomStringConvertible {
    /// How the event is stamped.
    public enum Time: Sendable {
        /// The clock advances by this many seconds (≥ 0), then the event carries the clock's time.
        case advance(Double)
        /// The clock stays; the event claims a time this far in the past.
        case backwards(Double)
        /// A non-finite timestamp.
        case nan, infinity
    }

    public var kind: InputEvent.Kind
    public var time: Time
    public var device: Int
    /// Index into `FuzzWorld.windowsEverMade` (modulo its count); nil means "no window" (the key window).
    public var window: Int?

    public init(kind: InputEvent.Kind, time: Time, device: Int, window: Int?) {
        self.kind = kind
        self.time = time
        self.device = device
        self.window = window
    }

    public var description: String {
        let when: String
        switch time {
        case let .advance(dt): when = "+\(dt)s"
        case let .backwards(dt): when = "-\(dt)s (backwards)"
        case .nan: when = "t=nan"
        case .infinity: when = "t=inf"
        }
        return "\(kind) device \(device) window \(window.map { "#\($0)" } ?? "key") \(when)"
    }
}
