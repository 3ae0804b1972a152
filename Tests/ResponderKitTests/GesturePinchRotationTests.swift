import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

// PinchGestureRecognizer and RotationGestureRecognizer with two fingers (thresholds, scale,
// rotation across the ±π seam, velocity, settable values), together (they exclude each other
// unless a delegate allows both), and driven by a touchpad pinch under the cursor.

@MainActor
@Suite("Gestures: pinch and rotation")
struct GesturePinchRotationTests {
    func setUp() -> (Harness, RecordingView) {
        let h = Harness(log: Log())
        let pad = h.pad(frame: Rect(0, 0, 400, 400))
        pad.isMultipleTouchEnabled = true
        return (h, pad)
    }

    func twoDown(_ h: Harness, _ a: Point, _ b: Point) {
        h.driver.frame(in: h.window) {
            $0.down(0, at: a); $0.down(1, at: b)
        }
    }

    func moveSecond(_ h: Harness, to p: Point) { h.move(1, p.x, p.y) }

    /// The distance must change by more than 8 pt; scale is distance over the starting distance,
    /// rebased when the app sets it; velocity is its change per second.
    @Test func pinch() {
        let (h, pad) = setUp()
        let pinch = logActions(PinchGestureRecognizer(), "Pinch", h.log)
        pad.addGestureRecognizer(pinch)
        twoDown(h, Point(100, 100), Point(200, 100))
        h.advance(0.01)
        moveSecond(h, to: Point(208, 100))
        #expect(pinch.state == .possible)
        h.advance(0.01)
        moveSecond(h, to: Point(208.5, 100))
        #expect(pinch.state == .began)
        #expect(abs(pinch.scale - 1.085) < 1e-12)
        h.advance(0.01)
        moveSecond(h, to: Point(300, 100))
        #expect(abs(pinch.scale - 2) < 1e-12)
        #expect(pinch.velocity > 0)
        pinch.scale = 1
        h.advance(0.01)
        moveSecond(h, to: Point(320, 100))
        #expect(abs(pinch.scale - 1.1) < 1e-12)
        let messages = collectDiagnostics { pinch.scale = -1 }
        #expect(messages.count == 1 && abs(pinch.scale - 1.1) < 1e-12)
        h.up(1)
        h.up(0)
        #expect(h.log.entries.filter { $0.hasPrefix("Pinch") } == ["Pinch.began", "Pinch.changed", "Pinch.changed", "Pinch.ended"])
        #expect(h.driver.isClean)
    }

    /// The line through the fingers must turn by more than 0.05 rad; rotation is clockwise
    /// positive and unwraps across ±π.
    @Test func rotation() {
        let (h, pad) = setUp()
        let rotation = logActions(RotationGestureRecognizer(), "Rotation", h.log)
        pad.addGestureRecognizer(rotation)
        let center = Point(200, 200)
        func at(_ angle: Double) -> Point { Point(center.x + 100 * cos(angle), center.y + 100 * sin(angle)) }
        twoDown(h, center, at(0))
        moveSecond(h, to: at(0.049))
        #expect(rotation.state == .possible)
        moveSecond(h, to: at(0.051))
        #expect(rotation.state == .began)
        moveSecond(h, to: at(Double.pi / 2))
        #expect(abs(rotation.rotation - Double.pi / 2) < 1e-9)
        moveSecond(h, to: at(3))
        moveSecond(h, to: at(-3))  // past the seam: 2π − 6 more
        #expect(abs(rotation.rotation - (2 * Double.pi - 3)) < 1e-9)
        rotation.rotation = 0
        moveSecond(h, to: at(-2.9))
        #expect(abs(rotation.rotation - 0.1) < 1e-9)
        h.up(0)
        h.up(1)
        #expect(h.log.entries.filter { $0.hasPrefix("Rotation") }.last == "Rotation.ended")
        #expect(h.driver.isClean)
    }

    /// Pinch and rotation on the same fingers: the first to begin wins unless a delegate allows
    /// both.
    @Test func pinchAndRotationTogether() {
        let (h, pad) = setUp()
        let pinch = logActions(PinchGestureRecognizer(), "Pinch", h.log)
        let rotation = logActions(RotationGestureRecognizer(), "Rotation", h.log)
        pad.addGestureRecognizer(pinch)
        pad.addGestureRecognizer(rotation)
        twoDown(h, Point(100, 100), Point(200, 100))
        moveSecond(h, to: Point(250, 160))  // farther apart and turned
        #expect(pinch.state == .began && rotation.state == .failed)
        h.up(0)
        h.up(1)
        let delegate = RuleDelegate()
        delegate.simultaneous = [(pinch, rotation)]
        pinch.delegate = delegate
        h.advance(1)
        twoDown(h, Point(100, 100), Point(200, 100))
        moveSecond(h, to: Point(250, 160))
        #expect(pinch.state == .began && rotation.state == .began)
        h.up(0)
        h.up(1)
        #expect(h.driver.isClean)
    }

    /// A touchpad pinch under the cursor drives pinch (libinput's absolute scale) and rotation
    /// (its clockwise angle delta in degrees) recognizers of that view; nothing reaches the view.
    @Test func touchpadPinch() {
        let (h, pad) = setUp()
        let pinch = logActions(PinchGestureRecognizer(), "Pinch", h.log)
        let rotation = logActions(RotationGestureRecognizer(), "Rotation", h.log)
        let delegate = RuleDelegate()
        delegate.simultaneous = [(rotation, pinch)]
        rotation.delegate = delegate
        pad.addGestureRecognizer(pinch)
        pad.addGestureRecognizer(rotation)
        h.driver.pointerMove(to: Point(50, 50), in: h.window)
        h.log.clear()
        var seen: (scale: Double, rotation: Double) = (0, 0)
        pinch.addTarget(retained(ActionClosure { _ in seen = (pinch.scale, rotation.rotation) }), action: "probe:")
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .pinch, phase: .began, fingers: 2)), in: h.window)
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .pinch, phase: .changed, fingers: 2, scale: 1.5, rotation: 10)), in: h.window)
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .pinch, phase: .changed, fingers: 2, scale: 1.8, rotation: 5)), in: h.window)
        h.driver.inject(.touchpadGesture(TouchpadGesture(kind: .pinch, phase: .ended, fingers: 2, scale: 1.8)), in: h.window)
        #expect(h.log.entries == ["Pinch.began", "Rotation.began", "Pinch.changed", "Rotation.changed", "Pinch.ended", "Rotation.ended"])
        #expect(abs(seen.scale - 1.8) < 1e-12)
        #expect(abs(seen.rotation - 15 * Double.pi / 180) < 1e-12)
        #expect(h.driver.isClean)
        #expect(pinch.location(in: nil) == .zero, "reset: no input left")
    }
}

/// An action target that runs a closure.
@MainActor
final class ActionClosure: ActionTarget {
    let body: @MainActor (Any?) -> Void
    init(_ body: @escaping @MainActor (Any?) -> Void) { self.body = body }
    func responds(to action: Selector) -> Bool { true }
    func perform(_ action: Selector, with sender: Any?) -> Bool {
        body(sender)
        return true
    }
}
