/// The pointer's movement over a view while no button is held (see `Responder.hoverChanged`).
public struct HoverInfo: Hashable, Sendable {
    public enum Phase: Sendable, Equatable { case entered, moved, exited }
    public var phase: Phase
    /// The cursor in window coordinates.
    public var locationInWindow: Point
    public init(phase: Phase, locationInWindow: Point) {
        self.phase = phase
        self.locationInWindow = locationInWindow
    }
}

/// One scroll step from a wheel, a touchpad or a continuous device (see `Responder.scrollWheel`).
public struct ScrollInfo: Hashable, Sendable {
    public enum Source: Sendable, Equatable { case wheel, finger, continuous, wheelTilt }
    /// Scroll distance in points; positive `dy` scrolls content up (the wheel turned toward the user).
    public var dx: Double
    public var dy: Double
    public var source: Source
    /// Wheel clicks in 1/120 units (libinput's and Wayland's `value120`), 0 when not a wheel.
    public var value120X: Int
    public var value120Y: Int
    /// The cursor in window coordinates.
    public var locationInWindow: Point
    public init(dx: Double, dy: Double, source: Source, value120X: Int = 0, value120Y: Int = 0,
                locationInWindow: Point = .zero) {
        self.dx = dx; self.dy = dy; self.source = source
        self.value120X = value120X; self.value120Y = value120Y
        self.locationInWindow = locationInWindow
    }
}
