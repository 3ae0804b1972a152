import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md "Rules of the mirror" (geometry value types) and "View…" (frame, bounds, center,
// transform, convert between views).

func close(_ a: Point, _ b: Point, _ eps: Double = 1e-9) -> Bool { abs(a.x - b.x) < eps && abs(a.y - b.y) < eps }
func close(_ a: Rect, _ b: Rect, _ eps: Double = 1e-9) -> Bool {
    close(a.origin, b.origin, eps) && abs(a.width - b.width) < eps && abs(a.height - b.height) < eps
}

@MainActor
@Suite("Geometry: value types and view coordinate spaces")
struct GeometryTests {
    /// API.md geometry helpers: contains (half-open), insetBy, offsetBy, intersection, union.
    @Test func rectHelpers() {
        let r = Rect(10, 20, 100, 50)
        #expect(r.minX == 10 && r.maxX == 110 && r.minY == 20 && r.maxY == 70 && r.midX == 60 && r.midY == 45)
        #expect(r.insetBy(dx: 10, dy: 5) == Rect(20, 25, 80, 40))
        #expect(r.insetBy(dx: -5, dy: -5) == Rect(5, 15, 110, 60))
        #expect(r.offsetBy(dx: 5, dy: -5) == Rect(15, 15, 100, 50))
        #expect(r.intersection(Rect(100, 60, 50, 50)) == Rect(100, 60, 10, 10))
        #expect(r.intersection(Rect(500, 500, 1, 1)).isNull)
        #expect(r.union(Rect(0, 0, 5, 5)) == Rect(0, 0, 110, 70))
        #expect(Rect(10, 10, -10, -10).standardized == Rect(0, 0, 10, 10))
        #expect(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(12, 21, 94, 46))
        #expect(!r.contains(Point(.nan, 30)))
        #expect(r.contains(Rect(20, 30, 10, 10)))
        #expect(r.intersects(Rect(105, 65, 10, 10)))
        #expect(!r.intersects(Rect(110, 20, 10, 10)), "touching edges do not overlap")
    }

    /// API.md geometry helpers: AffineTransform applying, concatenating, inverted; rotation (libm's
    /// sin and cos) is accurate.
    @Test func affineTransforms() {
        let t = AffineTransform(translationX: 10, y: 20).concatenating(AffineTransform(scaleX: 2, y: 3))
        #expect(Point(1, 1).applying(t) == Point(22, 63))
        #expect(close(Point(22, 63).applying(t.inverted()), Point(1, 1)))
        let r = AffineTransform(rotationAngle: .pi / 2)
        #expect(close(Point(1, 0).applying(r), Point(0, 1)))
        let r30 = AffineTransform(rotationAngle: .pi / 6)
        #expect(abs(r30.a - 0.8660254037844387) < 1e-15 && abs(r30.b - 0.5) < 1e-15)
        #expect(AffineTransform(scaleX: 0, y: 1).isInvertible == false)
        #expect(AffineTransform.identity.isIdentity)
        #expect(close(Rect(0, 0, 10, 20).applying(r), Rect(-20, 0, 20, 10)))
        let rotatedScaled = AffineTransform.identity.scaledBy(x: 2, y: 2).rotated(by: .pi)
        #expect(close(Point(1, 0).applying(rotatedScaled), Point(-2, 0)))
    }

    /// API.md "View": frame, bounds and center agree; changing the bounds size keeps the centre;
    /// the frame of a transformed view is the bounding box of its transformed bounds.
    @Test func frameBoundsAndCenter() {
        let v = View(frame: Rect(10, 20, 100, 50))
        #expect(v.bounds == Rect(0, 0, 100, 50))
        #expect(v.center == Point(60, 45))
        v.center = Point(100, 100)
        #expect(v.frame == Rect(50, 75, 100, 50))
        v.bounds = Rect(0, 0, 50, 50)
        #expect(v.center == Point(100, 100))
        #expect(v.frame == Rect(75, 75, 50, 50))
        v.bounds.origin = Point(10, 10)
        #expect(v.frame == Rect(75, 75, 50, 50), "a bounds origin does not move the view")
        v.transform = AffineTransform(rotationAngle: .pi / 4)
        let side = 50 * 2.0.squareRoot()
        #expect(close(v.frame, Rect(100 - side / 2, 100 - side / 2, side, side)))
        #expect(v.center == Point(100, 100))
        v.transform = .identity
        #expect(v.frame == Rect(75, 75, 50, 50))
    }

    /// API.md "View": convert(_:to:) and convert(_:from:) between any two views of a window —
    /// siblings, nested views, a scrolled container, and nil meaning the window.
    @Test func convertPointsBetweenViews() {
        let h = Harness(log: Log())
        let a = View(frame: Rect(10, 10, 100, 100))
        let a1 = View(frame: Rect(20, 30, 50, 50))
        a.addSubview(a1)
        let scroller = View(frame: Rect(200, 0, 100, 300))
        scroller.bounds.origin = Point(0, 100)
        let b1 = View(frame: Rect(5, 150, 20, 20))
        scroller.addSubview(b1)
        h.window.addSubview(a)
        h.window.addSubview(scroller)
        #expect(a1.convert(Point(0, 0), to: h.window) == Point(30, 40))
        #expect(a1.convert(Point(0, 0), to: nil) == Point(30, 40))
        #expect(a1.convert(Point(30, 40), from: nil) == Point(0, 0))
        #expect(b1.convert(Point(0, 0), to: h.window) == Point(205, 50))
        #expect(a1.convert(Point(1, 2), to: b1) == Point(31 - 205, 42 - 50))
        #expect(b1.convert(Point(31 - 205, 42 - 50), to: a1) == Point(1, 2))
        #expect(a1.convert(Point(1, 2), from: b1) == b1.convert(Point(1, 2), to: a1))
        #expect(a.convert(Point(20, 30), to: a1) == Point(0, 0))
        // Rectangles: the bounding box of the converted corners.
        #expect(a1.convert(Rect(0, 0, 10, 10), to: h.window) == Rect(30, 40, 10, 10))
        #expect(a1.convert(Rect(30, 40, 10, 10), from: nil) == Rect(0, 0, 10, 10))
        #expect(b1.convert(Rect(0, 0, 20, 20), to: a) == Rect(195, 40, 20, 20))
        #expect(a.convert(Rect(0, 0, 20, 20), from: b1) == Rect(195, 40, 20, 20))
    }

    /// API.md "View": conversions honour transforms in both directions and round-trip.
    @Test func convertThroughTransforms() {
        let h = Harness(log: Log())
        let outer = View(frame: Rect(100, 100, 200, 200))
        outer.transform = AffineTransform(rotationAngle: .pi / 2)
        let inner = View(frame: Rect(0, 0, 100, 100))
        inner.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        outer.addSubview(inner)
        h.window.addSubview(outer)
        // outer's top-left (0,0) ends at the top-right of the rotated square: (300, 100).
        #expect(close(outer.convert(Point(0, 0), to: nil), Point(300, 100)))
        for p in [Point(0, 0), Point(13, 77), Point(99, 1)] {
            let inWindow = inner.convert(p, to: nil)
            #expect(close(inner.convert(inWindow, from: nil), p))
        }
        // inner's centre stays at its untransformed centre (50, 50) in outer.
        #expect(close(inner.convert(Point(50, 50), to: outer), Point(50, 50)))
        #expect(close(inner.convert(Point(0, 0), to: outer), Point(25, 25)))
    }

    /// Windows are placed on the screen by their frames: converting between two windows goes through
    /// screen coordinates.
    @Test func convertBetweenWindows() {
        let app = retained(Application())
        let scene = WindowScene(application: app, screenBounds: Rect(0, 0, 1000, 1000))
        let w1 = Window(windowScene: scene, frame: Rect(0, 0, 500, 500))
        let w2 = Window(windowScene: scene, frame: Rect(500, 100, 500, 500))
        let v = View(frame: Rect(10, 10, 10, 10))
        w2.addSubview(v)
        #expect(v.convert(Point(0, 0), to: w1) == Point(510, 110))
        #expect(w1.convert(Point(510, 110), to: v) == Point(0, 0))
    }

    /// Touch.location(in:) and previousLocation(in:) are the window location converted into a view.
    @Test func touchLocationsConvertIntoViews() throws {
        let h = Harness(log: Log())
        let view = RecordingView("V", frame: Rect(100, 100, 100, 100), log: h.log)
        view.bounds.origin = Point(10, 0)
        view.forwards = false
        h.window.addSubview(view)
        h.driver.touchDown(0, at: Point(150, 150), in: h.window)
        h.driver.touchMove(0, to: Point(160, 170), in: h.window)
        let touch = try #require(view.lastTouches.first)
        #expect(touch.location(in: view) == Point(70, 70))
        #expect(touch.previousLocation(in: view) == Point(60, 50))
        #expect(touch.location(in: nil) == Point(160, 170))
        h.driver.touchUp(0, in: h.window)
    }
}
