/// The touch phases a view is owed for one touch: set when the touch table applies a frame,
/// cleared as the delivery calls the view. A recognizer that delays touches leaves bits set until
/// it decides; one that takes the touch replaces them with `cancelled` (or nothing, when the view
/// never saw the touch begin).
struct ViewPhases: OptionSet, Sendable {
    let rawValue: UInt8
    static let began = ViewPhases(rawValue: 1 << 0)
    static let moved = ViewPhases(rawValue: 1 << 1)
    static let ended = ViewPhases(rawValue: 1 << 2)
    static let cancelled = ViewPhases(rawValue: 1 << 3)

    /// The bit for a touch phase (`.stationary` has none).
    @inline(__always)
    init(_ phase: Touch.Phase) {
        switch phase {
        case .began: self = .began
        case .moved: self = .moved
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        case .stationary: self = []
        }
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }
}
