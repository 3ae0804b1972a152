/// A vector path (UIKit's `UIBezierPath`): lines, curves, arcs, rectangles, rounded rectangles and
/// ovals, filled or stroked into the current `GraphicsContext`.
@MainActor
public final class BezierPath {
    /// One segment of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(Point)
        /// A straight line to a point.
        case line(Point)
        /// A cubic Bézier curve to a point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A circular arc (angles in radians).
        case arc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool)
        /// Closes the subpath with a line to its start.
        case close
    }

    /// The segments, in order.
    public private(set) var elements: [Element] = []
    /// The width used when the path is stroked by itself.
    public var lineWidth: Double = 1
    /// Fill with the even-odd rule instead of non-zero winding.
    public var usesEvenOddFillRule = false

    /// Makes an empty path.
    public init() {}

    /// Makes a closed path around `rect`.
    public convenience init(rect: Rect) {
        self.init()
        let r = rect.standardized
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        close()
    }

    /// A rectangle with circular corners; the radius is clamped to half the shorter side.
    public convenience init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = rect.standardized
        let radius = min(max(0, cornerRadius), r.width / 2, r.height / 2)
        guard radius > 0 else { self.init(rect: r); return }
        self.init()
        let halfPi = Double.pi / 2
        move(to: Point(x: r.minX + radius, y: r.minY))
        addArc(withCenter: Point(x: r.maxX - radius, y: r.minY + radius), radius: radius, startAngle: -halfPi, endAngle: 0, clockwise: true)
        addArc(withCenter: Point(x: r.maxX - radius, y: r.maxY - radius), radius: radius, startAngle: 0, endAngle: halfPi, clockwise: true)
        addArc(withCenter: Point(x: r.minX + radius, y: r.maxY - radius), radius: radius, startAngle: halfPi, endAngle: .pi, clockwise: true)
        addArc(withCenter: Point(x: r.minX + radius, y: r.minY + radius), radius: radius, startAngle: .pi, endAngle: 3 * halfPi, clockwise: true)
        close()
    }

    /// The ellipse inscribed in `rect` (four cubic Béziers).
    public convenience init(ovalIn rect: Rect) {
        self.init()
        let r = rect.standardized
        let k = 0.5522847498307936
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), controlPoint1: Point(x: cx + rx, y: cy + k * ry), controlPoint2: Point(x: cx + k * rx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), controlPoint1: Point(x: cx - k * rx, y: cy + ry), controlPoint2: Point(x: cx - rx, y: cy + k * ry))
        addCurve(to: Point(x: cx, y: cy - ry), controlPoint1: Point(x: cx - rx, y: cy - k * ry), controlPoint2: Point(x: cx - k * rx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), controlPoint1: Point(x: cx + k * rx, y: cy - ry), controlPoint2: Point(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// Starts a new subpath at `point`.
    public func move(to point: Point) { elements.append(.move(point)) }
    /// Adds a straight line to `point`.
    public func addLine(to point: Point) { elements.append(.line(point)) }
    /// Adds a cubic Bézier curve to `point`.
    public func addCurve(to point: Point, controlPoint1: Point, controlPoint2: Point) {
        elements.append(.curve(to: point, control1: controlPoint1, control2: controlPoint2))
    }
    /// A quadratic curve, stored as the equivalent cubic.
    public func addQuadCurve(to point: Point, controlPoint: Point) {
        let start = currentPoint ?? point
        let c1 = Point(x: start.x + 2.0 / 3.0 * (controlPoint.x - start.x), y: start.y + 2.0 / 3.0 * (controlPoint.y - start.y))
        let c2 = Point(x: point.x + 2.0 / 3.0 * (controlPoint.x - point.x), y: point.y + 2.0 / 3.0 * (controlPoint.y - point.y))
        addCurve(to: point, controlPoint1: c1, controlPoint2: c2)
    }
    /// Angles in radians, 0 along +x; `clockwise` on screen (y grows downwards), as in UIKit.
    public func addArc(withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise))
    }
    /// Closes the current subpath.
    public func close() { elements.append(.close) }
    /// Removes every segment.
    public func removeAllPoints() { elements.removeAll() }
    /// Whether the path has no segment.
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the next element starts.
    public var currentPoint: Point? {
        var start: Point?
        var current: Point?
        for element in elements {
            switch element {
            case let .move(p): start = p; current = p
            case let .line(p): current = p
            case let .curve(p, _, _): current = p
            case let .arc(c, r, _, end, _): current = Point(x: c.x + r * cos(end), y: c.y + r * sin(end))
            case .close: current = start
            }
        }
        return current
    }

    /// Fills with the context's fill colour (UIKit's `fill()`); nothing outside `draw(_:)`.
    public func fill() { GraphicsContext.current?.fill(self) }
    /// Strokes with the context's stroke colour and this path's `lineWidth`.
    public func stroke() {
        guard let context = GraphicsContext.current else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.stroke(self)
        context.restoreGState()
    }
    /// Intersects the context's clip with this path.
    public func addClip() { GraphicsContext.current?.clip(to: self) }
}

#if canImport(Glibc)
import Glibc
#endif
