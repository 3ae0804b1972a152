/// The pointer's movement over a view while no button is held (see `Responder.hoverChanged`).
public struct HoverInfo: Hashable, Sendable {
    /// Whether the cursor entered, moved over or left a view.
    public enum Phase: Sendable, Equatable {
        /// The cursor came over the view.
        case entered
        /// The cursor moved over the view.
        case moved
        /// The cursor left the view.
        case exited
    }
    /// Whether the cursor entered, moved over or left the view.
    public var phase: Phase
    /// The cursor in window coordinates.
    public var locationInWindow: Point
    /// Makes hover information.
    public init(phase: Phase, locationInWindow: Point) {
        self.phase = phase
        self.locationInWindow = locationInWindow
    }
}

/// One scroll step from a wheel, a touchpad or a continuous device (see `Responder.scrollWheel`).
public struct ScrollInfo: Hashable, Sendable {
    /// What kind of device scrolled: it decides how the step is turned into motion.
    public enum Source: Sendable, Equatable {
        /// A mouse wheel's vertical clicks.
        case wheel
        /// Fingers on a touchpad; the stream ends with a zero-length scroll.
        case finger
        /// A continuous device (a trackball's scroll button).
        case continuous
        /// A wheel tilted sideways.
        case wheelTilt
    }
    /// Scroll distance in points; positive `dy` scrolls content up (the wheel turned toward the user).
    public var dx: Double
    /// Vertical scroll distance in points; see `dx`.
    public var dy: Double
    /// The kind of device that scrolled.
    public var source: Source
    /// Wheel clicks in 1/120 units (libinput's and Wayland's `value120`), 0 when not a wheel.
    public var value120X: Int
    /// Vertical wheel clicks in 1/120 units, 0 when not a wheel.
    public var value120Y: Int
    /// The cursor in window coordinates.
    public var locationInWindow: Point
    /// Makes a scroll step.
    public init(
        dx: Double, dy: Double, source: Source, value120X: Int = 0, value120Y: Int = 0,
        locationInWindow: Point = .zero
    ) {
        self.dx = dx; self.dy = dy; self.source = source
        self.value120X = value120X; self.value120Y = value120Y
        self.locationInWindow = locationInWindow
    }
}
