import RecordingViews
import ResponderKitTesting
import SeededGenerators
import Testing

@testable import ResponderKit

// The reference hit test (API.md "View…", DESIGN.md "Hit testing"): UIKit's skip rules with their
// exact boundaries, front-to-back order, overrides, transforms and bounds origins, and a property
// check of the recursion against the flattened rule DESIGN.md states ("the LAST view in pre-order
// whose hittable region contains the point").

/// A view whose hitTest is overridden to return a fixed view (or swallow its subviews).
final class RedirectingView: View {
    weak var redirect: View?
    var swallowsSubviews = false
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard let hit = super.hitTest(point, with: event) else { return nil }
        if let redirect { return redirect }
        return swallowsSubviews ? self : hit
    }
}

@MainActor
@Suite("Hit testing: skip rules, order, overrides, transforms")
struct HitTestSkipRuleTests {
    func window() -> (Harness, View) {
        let h = Harness(log: Log())
        let back = View(frame: h.window.bounds)
        h.window.addSubview(back)
        return (h, back)
    }

    /// Seed 001 §5 skip rule "alpha below 0.01": alpha exactly 0.01 is still hit; 0.009 is skipped.
    @Test func alphaBoundaryIsOneHundredth() {
        let (h, back) = window()
        let view = View(frame: Rect(0, 0, 100, 100))
        h.window.addSubview(view)
        view.alpha = 0.01
        #expect(h.window.hitTest(Point(50, 50), with: nil) === view)
        view.alpha = 0.009
        #expect(h.window.hitTest(Point(50, 50), with: nil) === back)
        view.alpha = 0
        #expect(h.window.hitTest(Point(50, 50), with: nil) === back)
        #expect(!view.isHitTestable)
    }

    /// Seed 001 §5 "outside its bounds", with Rect's half-open containment: x == minX hits,
    /// x == maxX misses (same for y), so two abutting views never both claim an edge.
    @Test func edgesAreHalfOpen() {
        let (h, back) = window()
        let left = View(frame: Rect(100, 100, 50, 50))
        let right = View(frame: Rect(150, 100, 50, 50))
        h.window.addSubview(left)
        h.window.addSubview(right)
        #expect(h.window.hitTest(Point(100, 100), with: nil) === left)  // minX, minY
        #expect(h.window.hitTest(Point(149.999, 149.999), with: nil) === left)
        #expect(h.window.hitTest(Point(150, 120), with: nil) === right)  // left.maxX is right.minX
        #expect(h.window.hitTest(Point(200, 120), with: nil) === back)  // right.maxX misses
        #expect(h.window.hitTest(Point(120, 150), with: nil) === back)  // maxY misses
        #expect(h.window.hitTest(Point(99.999, 120), with: nil) === back)
        #expect(Rect(0, 0, 10, 10).contains(Point(0, 0)))
        #expect(!Rect(0, 0, 10, 10).contains(Point(10, 5)))
        #expect(!Rect(0, 0, 10, 10).contains(Point(5, 10)))
    }

    /// API.md: hidden, alpha < 0.01 or interaction disabled skips the view *and its subtree*.
    @Test func skippingAViewSkipsItsSubtree() {
        let (h, back) = window()
        let parent = View(frame: Rect(0, 0, 200, 200))
        let child = View(frame: Rect(10, 10, 50, 50))
        parent.addSubview(child)
        h.window.addSubview(parent)
        let p = Point(20, 20)
        #expect(h.window.hitTest(p, with: nil) === child)
        for skip in [{ parent.isHidden = true }, { parent.alpha = 0.001 }, { parent.isUserInteractionEnabled = false }] {
            parent.isHidden = false; parent.alpha = 1; parent.isUserInteractionEnabled = true
            skip()
            #expect(h.window.hitTest(p, with: nil) === back)
        }
    }

    /// API.md: a child outside its parent's bounds is never hit, even when drawn (clipsToBounds
    /// false); a child straddling the edge is hit only on the inside part.
    @Test func childOutsideParentBoundsIsNeverHit() {
        let (h, back) = window()
        let parent = View(frame: Rect(100, 100, 100, 100))
        parent.clipsToBounds = false
        let straddling = View(frame: Rect(50, 50, 100, 100))  // window (150,150)…(250,250)
        let outside = View(frame: Rect(-60, 0, 50, 50))  // window (40,100)…(90,150)
        parent.addSubview(straddling)
        parent.addSubview(outside)
        h.window.addSubview(parent)
        #expect(h.window.hitTest(Point(160, 160), with: nil) === straddling)
        #expect(h.window.hitTest(Point(210, 160), with: nil) === back)
        #expect(h.window.hitTest(Point(60, 120), with: nil) === back)
        parent.clipsToBounds = true
        #expect(h.window.hitTest(Point(160, 160), with: nil) === straddling)
    }

    /// API.md: subviews are tried front to back — the last subview wins where siblings overlap,
    /// and reordering changes the winner.
    @Test func subviewsAreTriedFrontToBack() {
        let (h, _) = window()
        let a = View(frame: Rect(0, 0, 100, 100))
        let b = View(frame: Rect(50, 50, 100, 100))
        h.window.addSubview(a)
        h.window.addSubview(b)
        #expect(h.window.hitTest(Point(75, 75), with: nil) === b)
        h.window.bringSubviewToFront(a)
        #expect(h.window.hitTest(Point(75, 75), with: nil) === a)
        h.window.sendSubviewToBack(a)
        #expect(h.window.hitTest(Point(75, 75), with: nil) === b)
        h.window.insertSubview(a, aboveSubview: b)
        #expect(h.window.hitTest(Point(75, 75), with: nil) === a)
        h.window.exchangeSubview(at: h.window.subviews.count - 1, withSubviewAt: h.window.subviews.count - 2)
        #expect(h.window.hitTest(Point(75, 75), with: nil) === b)
    }

    /// API.md: overriding hitTest is honoured — to swallow subviews or to redirect to another view —
    /// and the window's touch delivery uses the override.
    @Test func overriddenHitTestIsHonoured() {
        let h = Harness(log: Log())
        let container = RedirectingView(frame: Rect(0, 0, 200, 200))
        let inner = View(frame: Rect(10, 10, 50, 50))
        let target = RecordingView("Target", frame: Rect(300, 300, 10, 10), log: h.log)
        target.forwards = false
        container.addSubview(inner)
        h.window.addSubview(container)
        h.window.addSubview(target)
        #expect(h.window.hitTest(Point(20, 20), with: nil) === inner)
        container.swallowsSubviews = true
        #expect(h.window.hitTest(Point(20, 20), with: nil) === container)
        container.redirect = target
        #expect(h.window.hitTest(Point(20, 20), with: nil) === target)
        h.tap(20, 20)
        #expect(h.log.entries == ["Target.touchesBegan", "Target.touchesEnded"])
        // Outside the container the override is never asked to redirect.
        #expect(h.window.hitTest(Point(250, 250), with: nil) === h.window)
    }

    /// API.md: overriding point(inside:with:) to shrink the area is honoured too.
    @Test func shrunkPointInsideIsHonoured() {
        final class RoundView: View {
            override func point(inside point: Point, with event: Event?) -> Bool {
                let c = Point(bounds.midX, bounds.midY)
                return point.distance(to: c) < bounds.width / 2
            }
        }
        let (h, back) = window()
        let round = RoundView(frame: Rect(0, 0, 100, 100))
        h.window.addSubview(round)
        #expect(h.window.hitTest(Point(50, 50), with: nil) === round)
        #expect(h.window.hitTest(Point(5, 5), with: nil) === back)
    }

    /// API.md: transforms are honoured — a view scaled 2× about its centre is hit over its visual
    /// extent, and locations convert back into its own coordinates.
    @Test func scaledViewIsHitOverItsVisualExtent() {
        let (h, back) = window()
        let view = View(frame: Rect(100, 100, 100, 100))
        h.window.addSubview(view)
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == Rect(50, 50, 200, 200))
        #expect(h.window.hitTest(Point(60, 60), with: nil) === view)
        #expect(h.window.hitTest(Point(249, 249), with: nil) === view)
        #expect(h.window.hitTest(Point(251, 150), with: nil) === back)
        #expect(view.convert(Point(60, 60), from: h.window) == Point(5, 5))
        view.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        #expect(h.window.hitTest(Point(110, 110), with: nil) === back)
        #expect(h.window.hitTest(Point(130, 130), with: nil) === view)
    }

    /// API.md: a rotation is honoured — a 200×50 bar rotated 90° about its centre stands upright.
    @Test func rotatedViewIsHitWhereItIsDrawn() {
        let (h, back) = window()
        let bar = View(frame: Rect(100, 175, 200, 50))  // centre (200, 200)
        h.window.addSubview(bar)
        bar.transform = AffineTransform(rotationAngle: .pi / 2)
        #expect(h.window.hitTest(Point(200, 110), with: nil) === bar)
        #expect(h.window.hitTest(Point(200, 290), with: nil) === bar)
        #expect(h.window.hitTest(Point(110, 200), with: nil) === back)
        #expect(h.window.hitTest(Point(290, 200), with: nil) === back)
        let local = bar.convert(Point(200, 110), from: h.window)
        #expect(abs(local.x - 10) < 1e-9 && abs(local.y - 25) < 1e-9)
    }

    /// API.md: a translation transform moves the hit area with the drawing; identity restores it.
    @Test func translatedViewIsHitAtItsNewPlace() {
        let (h, back) = window()
        let view = View(frame: Rect(0, 0, 50, 50))
        h.window.addSubview(view)
        view.transform = AffineTransform(translationX: 100, y: 0)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === back)
        #expect(h.window.hitTest(Point(110, 10), with: nil) === view)
        view.transform = .identity
        #expect(h.window.hitTest(Point(10, 10), with: nil) === view)
    }

    /// A singular transform (scale 0) makes the view unhittable rather than crashing.
    @Test func singularTransformIsNeverHit() {
        let (h, back) = window()
        let view = View(frame: Rect(0, 0, 50, 50))
        h.window.addSubview(view)
        view.transform = AffineTransform(scaleX: 0, y: 0)
        #expect(h.window.hitTest(Point(25, 25), with: nil) === back)
    }

    /// API.md: `bounds` origin shifts the content, as in scroll views — after scrolling by 300 the
    /// row that was at 300…350 is under the top of the scroller, and rows scrolled out of the
    /// scroller's bounds are not hit.
    @Test func boundsOriginScrollsTheContent() {
        let (h, _) = window()
        let scroller = View(frame: Rect(0, 100, 400, 200))
        var rows: [View] = []
        for i in 0..<20 {
            let row = View(frame: Rect(0, Double(i) * 50, 400, 50))
            row.tag = i
            scroller.addSubview(row)
            rows.append(row)
        }
        h.window.addSubview(scroller)
        #expect(h.window.hitTest(Point(10, 110), with: nil) === rows[0])
        scroller.bounds.origin = Point(0, 300)
        #expect(scroller.frame == Rect(0, 100, 400, 200), "scrolling does not move the scroller")
        #expect(h.window.hitTest(Point(10, 110), with: nil) === rows[6])
        #expect(h.window.hitTest(Point(10, 299), with: nil) === rows[9])
        #expect(h.window.hitTest(Point(10, 300), with: nil) !== rows[10], "row 10 is scrolled below the bounds")
        #expect(rows[6].convert(Point(0, 0), to: h.window) == Point(0, 100))
    }

    /// A hidden window (before makeKeyAndVisible) hits nothing; a NaN point hits nothing.
    @Test func hiddenWindowAndNaNHitNothing() {
        let app = retained(Application())
        let scene = WindowScene(application: app)
        let window = Window(windowScene: scene)
        window.addSubview(View(frame: Rect(0, 0, 100, 100)))
        #expect(window.isHidden)
        #expect(window.hitTest(Point(10, 10), with: nil) == nil)
        window.makeKeyAndVisible()
        #expect(window.hitTest(Point(10, 10), with: nil) != nil)
        #expect(window.hitTest(Point(.nan, 10), with: nil) == nil)
    }

    /// DESIGN.md "Hit testing": with children back to front and the tree in pre-order, the reference
    /// recursion returns the LAST view in pre-order whose hittable region (its rect ∩ every
    /// ancestor's, in window space; a skipped view skips its subtree) contains the point. Checked
    /// on random trees with random flags and bounds origins, including every edge coordinate.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func recursionAgreesWithTheFlattenedRule(seed: UInt64) {
        var rng = SplitMix64(state: seed)
        let (h, _) = window()
        let root = h.window.subviews[0]
        var all: [View] = [root]
        for _ in 0..<60 {
            let parent = all.randomElement(using: &rng)!
            let x = Double(Int.random(in: -20...200, using: &rng))
            let y = Double(Int.random(in: -20...200, using: &rng))
            let v = View(
                frame: Rect(
                    x, y, Double(Int.random(in: 0...150, using: &rng)),
                    Double(Int.random(in: 0...150, using: &rng))))
            if Int.random(in: 0..<8, using: &rng) == 0 { v.isHidden = true }
            if Int.random(in: 0..<8, using: &rng) == 0 { v.alpha = [0, 0.009, 0.01, 0.5].randomElement(using: &rng)! }
            if Int.random(in: 0..<10, using: &rng) == 0 { v.isUserInteractionEnabled = false }
            if Int.random(in: 0..<6, using: &rng) == 0 {
                v.bounds.origin = Point(Double(Int.random(in: -30...30, using: &rng)), Double(Int.random(in: -30...30, using: &rng)))
            }
            parent.insertSubview(v, at: Int.random(in: 0...parent.subviews.count, using: &rng))
            all.append(v)
        }
        // Pre-order flattening with each view's hittable region in window space.
        var flattened: [(View, Rect)] = []
        func visit(_ v: View, clip: Rect) {
            guard v.isHitTestable else { return }
            let region = v.convert(v.bounds, to: h.window).intersection(clip)
            if region.isNull { return }
            flattened.append((v, region))
            for s in v.subviews { visit(s, clip: region) }
        }
        visit(h.window, clip: h.window.frame)
        // Probe random points and every edge of every view.
        var probes: [Point] = (0..<300).map { _ in
            Point(Double(Int.random(in: -10...420, using: &rng)), Double(Int.random(in: -10...420, using: &rng)))
        }
        for v in all {
            let r = v.convert(v.bounds, to: h.window)
            probes += [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX - 0.5, r.maxY - 0.5)]
        }
        for p in probes {
            let expected = flattened.last { $0.1.contains(p) }?.0
            #expect(h.window.hitTest(p, with: nil) === expected, "point \(p)")
            #expect(h.window.referenceHitTest(p, with: nil) === expected, "point \(p)")
        }
    }
}
