/// How the display shows the UI relative to the panel's native orientation: the UI is rotated
/// clockwise by this angle. One setting turns both the picture and the touch coordinates, so a
/// finger lands on what is drawn under it.
public enum DisplayRotation: Int, Sendable, CaseIterable {
    /// The panel's rotation clockwise in degrees: none, a quarter turn, upside down, three quarters.
    case none = 0, clockwise90 = 90, upsideDown = 180, clockwise270 = 270

    /// Maps a point in the panel's normalized space (0…1 across and down the native panel, what
    /// libinput's `*_transformed(…, 1)` calls return) to window coordinates of a window of `size`
    /// (the rotated, logical size).
    /// - Complexity: O(1).
    @inline(__always)
    public func map(u: Double, v: Double, into size: Size) -> Point {
        switch self {
        case .none: return Point(x: u * size.width, y: v * size.height)
        // The panel's top-right corner shows the UI's top-left.
        case .clockwise90: return Point(x: v * size.width, y: (1 - u) * size.height)
        case .upsideDown: return Point(x: (1 - u) * size.width, y: (1 - v) * size.height)
        case .clockwise270: return Point(x: (1 - v) * size.width, y: u * size.height)
        }
    }

    /// Parses "0", "90", "180" or "270".
    public init?(degrees: String) {
        guard let value = Int(degrees), let rotation = DisplayRotation(rawValue: value) else { return nil }
        self = rotation
    }
}
