/// A physical key held down, for its whole life (UIKit's `UIPress`).
@MainActor
public final class Press: Hashable, @MainActor CustomStringConvertible {
    /// Where a key press is in its life.
    public enum Phase: Sendable, Equatable {
        /// The key went down, repeated, stayed held while another changed, was released, or was cancelled.
        case began, changed, stationary, ended, cancelled
    }

    /// The press's phase in the event being delivered.
    public internal(set) var phase: Phase
    /// The key as the keymap interprets it.
    public internal(set) var key: Key?
    /// When the press last changed, in seconds of the application's clock.
    public internal(set) var timestamp: Double
    /// True on a `pressesChanged` produced by key repeat.
    public internal(set) var isRepeat = false
    /// The device that reported the key (its held keys are cancelled when it goes away).
    public let device: InputDeviceID
    /// The responder the press began at; later phases go to the same place.
    weak var responder: Responder?
    /// Taken by a key command: no presses* method sees any of its phases.
    var consumedByKeyCommand = false

    init(key: Key, device: InputDeviceID, timestamp: Double) {
        self.phase = .began
        self.key = key
        self.device = device
        self.timestamp = timestamp
    }

    nonisolated public static func == (a: Press, b: Press) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String { "Press(\(key.map(\.description) ?? "none") \(phase))" }
}
