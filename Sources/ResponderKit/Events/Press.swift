/// A physical key held down, for its whole life (UIKit's `UIPress`).
@MainActor
public final class Press: Hashable, @MainActor CustomStringConvertible {
    public enum Phase: Sendable, Equatable {
        case began, changed, stationary, ended, cancelled
    }

    public internal(set) var phase: Phase
    public internal(set) var key: Key?
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
