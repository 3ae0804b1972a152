import ResponderKit
import Testing

@testable import Rendering

/// The renderer's view properties: background, alpha groups, hidden, clipping, transforms,
/// bounds origin, rounded corners, borders; golden images plus exact pixel probes.
@MainActor
@Suite("Renderer: view properties")
struct ViewDrawingTests {
    static let white = argb(255, 255, 255), black = argb(0, 0, 0)
    static let red = argb(255, 0, 0), blue = argb(0, 0, 255), green = argb(0, 255, 0)

    @Test func windowWithoutBackgroundIsOpaqueBlack() {
        let window = makeWindow(20, 10, background: nil)
        let image = window.snapshot()
        #expect(image.width == 20 && image.height == 10)
        expectPixel(image, 0, 0, Self.black)
        expectPixel(image, 19, 9, Self.black)
        window.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        expectPixel(window.snapshot(), 5, 5, argb(128, 0, 0), tolerance: 1, "a translucent window background is composited over black")
    }

    @Test func backgroundsBackToFront() {
        let window = makeWindow(100, 60)
        addView(window, 10, 10, 40, 30, .red)
        addView(window, 30, 20, 40, 30, .blue)
        let hidden = addView(window, 0, 0, 100, 60, .green)
        hidden.isHidden = true
        let invisible = addView(window, 0, 0, 100, 60, .green)
        invisible.alpha = 0.009
        addView(invisible, 0, 0, 10, 10, .black)
        let image = window.snapshot()
        expectPixel(image, 15, 15, Self.red)
        expectPixel(image, 35, 25, Self.blue, "the later sibling is on top")
        expectPixel(image, 65, 45, Self.blue)
        expectPixel(image, 5, 5, Self.white, "hidden and alpha < 0.01 subtrees are skipped")
        expectPixel(image, 9, 10, Self.white)
        expectPixel(image, 10, 10, Self.red, "edges on whole points are crisp")
        expectGolden(image, "backgrounds")
    }

    /// alpha < 1 composites the view and its subtree as one group: overlapping children do not
    /// show through each other; nested alphas multiply.
    @Test func alphaIsAGroupOverTheSubtree() {
        let window = makeWindow(120, 60)
        let group = addView(window, 10, 10, 50, 40, nil)
        group.alpha = 0.5
        addView(group, 0, 0, 30, 30, .red)
        addView(group, 15, 10, 30, 30, .blue)
        let outer = addView(window, 70, 10, 40, 40, .green)
        outer.alpha = 0.5
        let inner = addView(outer, 10, 10, 20, 20, .red)
        inner.alpha = 0.5
        let image = window.snapshot()
        expectPixel(image, 12, 12, argb(255, 128, 128), tolerance: 1, "red at half over white")
        expectPixel(image, 30, 25, argb(128, 128, 255), tolerance: 1, "the overlap is blue at half, not darker")
        expectPixel(image, 50, 45, argb(128, 128, 255), tolerance: 1)
        // Green at 0.5 over white, then (red at 0.5 over green) inside: ((255,0,0)+(0,255,0))/2 at half over white.
        expectPixel(image, 72, 12, argb(128, 255, 128), tolerance: 1)
        expectPixel(image, 90, 30, argb(192, 192, 128), tolerance: 2, "nested alpha: the inner view at 0.5 inside the outer group at 0.5")
        expectGolden(image, "alpha-groups")
    }

    @Test func clipsToBoundsClipsSubviewsNotTheViewItself() {
        let window = makeWindow(100, 50)
        let clipping = addView(window, 10, 10, 30, 30, .blue)
        clipping.clipsToBounds = true
        addView(clipping, 20, 20, 30, 30, .red)
        let open = addView(window, 60, 10, 30, 30, .blue)
        addView(open, 20, 20, 30, 30, .red)
        let image = window.snapshot()
        expectPixel(image, 35, 35, Self.red)
        expectPixel(image, 45, 45, Self.white, "cut at the clipping parent's edge")
        expectPixel(image, 85, 45, Self.red, "drawn outside a parent that does not clip")
    }

    /// Transforms apply about the centre; a clipping rotated parent clips to its rotated square.
    @Test func transformsAndClippingRotatedParents() {
        let window = makeWindow(160, 80)
        let scaled = addView(window, 20, 30, 20, 20, .red)
        scaled.transform = AffineTransform(scaleX: 2, y: 1.5)  // covers 10…50 × 25…55
        let rotated = addView(window, 100, 20, 40, 40, .blue)
        rotated.transform = AffineTransform(rotationAngle: .pi / 4)
        rotated.clipsToBounds = true
        addView(rotated, 20, 20, 60, 60, .green)  // the lower right quarter, clipped
        let image = window.snapshot()
        expectPixel(image, 11, 26, Self.red)
        expectPixel(image, 48, 53, Self.red)
        expectPixel(image, 8, 40, Self.white)
        expectPixel(image, 52, 40, Self.white)
        // The rotated square is a diamond around (120, 40) with half-diagonal 28.3.
        expectPixel(image, 120, 40 - 20, Self.blue, "the top corner of the diamond is the parent's")
        expectPixel(image, 120, 40 + 20, Self.green, "the child covers the bottom corner")
        expectPixel(image, 145, 65, Self.white, "the child is clipped to the diamond")
        expectPixel(image, 120, 5, Self.white)
        expectGolden(image, "transforms")
    }

    /// `bounds.origin` shifts the content, as a scroll view's does.
    @Test func boundsOriginShiftsSubviews() {
        let window = makeWindow(100, 40)
        let scroller = addView(window, 10, 10, 60, 20, .blue)
        scroller.clipsToBounds = true
        addView(scroller, 30, 0, 10, 20, .red)
        scroller.bounds.origin = Point(x: 25, y: 0)
        let image = window.snapshot()
        expectPixel(image, 10 + 5, 15, Self.red, "content x 30 shows at 30 - 25 = 5")
        expectPixel(image, 10 + 14, 15, Self.red)
        expectPixel(image, 10 + 15, 15, Self.blue)
        expectPixel(image, 10 + 4, 15, Self.blue)
    }

    @Test func roundedCornersAndBordersOverSubviews() {
        let window = makeWindow(140, 70)
        let card = addView(window, 10, 10, 50, 50, .blue)
        card.layer.cornerRadius = 12
        let clipped = addView(window, 80, 10, 50, 50, .blue)
        clipped.layer.cornerRadius = 12
        clipped.clipsToBounds = true
        addView(clipped, 0, 0, 50, 50, .red)  // fills it: only the rounded shape shows
        clipped.layer.borderWidth = 4
        clipped.layer.borderColor = .green
        let image = window.snapshot()
        expectPixel(image, 11, 11, Self.white, "the corner is cut")
        expectPixel(image, 35, 35, Self.blue)
        expectPixel(image, 35, 10, Self.blue, "the straight edge is full")
        expectPixel(image, 81, 11, Self.white, "the subview is clipped to the rounded shape")
        expectPixel(image, 105, 35, Self.red)
        expectPixel(image, 105, 11, Self.green, "the border is drawn over the subview, inside the bounds")
        expectPixel(image, 81, 35, Self.green)
        expectPixel(image, 85, 35, Self.red, "the border is 4 points wide")
        expectPixel(image, 79, 35, Self.white, "nothing outside the bounds")
        expectGolden(image, "corners-borders")
    }

    @Test func snapshotAtScale2() {
        let window = makeWindow(30, 20)
        addView(window, 10, 5, 10, 10, .red)
        let image = window.snapshot(scale: 2)
        #expect(image.width == 60 && image.height == 40 && image.scale == 2)
        #expect(image.size == Size(width: 30, height: 20))
        expectPixel(image, 20, 10, Self.red)
        expectPixel(image, 19, 10, Self.white)
        expectPixel(image, 39, 29, Self.red)
        expectPixel(image, 40, 29, Self.white)
    }

    /// Custom drawing through GraphicsContext: clockwise arcs on a y-down screen, the even-odd
    /// rule, strokes, clipping to the bounds, transparency layers.
    @Test func customDrawThroughGraphicsContext() {
        final class Drawn: View {
            override func draw(_ rect: Rect) {
                guard let context = GraphicsContext.current else { return }
                // A quarter disc from 0 to π/2 clockwise: the lower right quadrant on screen.
                let wedge = BezierPath()
                wedge.move(to: Point(x: 20, y: 20))
                wedge.addArc(withCenter: Point(x: 20, y: 20), radius: 15, startAngle: 0, endAngle: .pi / 2, clockwise: true)
                wedge.close()
                context.setFillColor(.red)
                context.fill(wedge)
                // A ring: two nested squares with the even-odd rule.
                let ring = BezierPath(rect: Rect(50, 5, 30, 30))
                ring.move(to: Point(x: 60, y: 15)); ring.addLine(to: Point(x: 70, y: 15)); ring.addLine(to: Point(x: 70, y: 25));
                ring.addLine(to: Point(x: 60, y: 25)); ring.close()
                ring.usesEvenOddFillRule = true
                context.setFillColor(.blue)
                context.fill(ring)
                // Two overlapping squares in a layer at 0.5: the overlap is not darker.
                context.beginTransparencyLayer(alpha: 0.5)
                context.setFillColor(.black)
                context.fill(Rect(90, 5, 20, 20))
                context.fill(Rect(100, 15, 20, 20))
                context.endTransparencyLayer()
                // Drawing past the bounds is cut (the bounds are 130 × 40).
                context.setFillColor(.green)
                context.fill(Rect(120, 30, 40, 40))
            }
        }
        let window = makeWindow(170, 60)
        let view = Drawn(frame: Rect(0, 0, 130, 40))
        window.addSubview(view)
        let image = window.snapshot()
        expectPixel(image, 28, 28, Self.red, "clockwise from 0 to π/2 is the lower right quadrant")
        expectPixel(image, 28, 12, Self.white)
        expectPixel(image, 12, 28, Self.white)
        expectPixel(image, 52, 20, Self.blue)
        expectPixel(image, 65, 20, Self.white, "even-odd leaves the hole")
        expectPixel(image, 95, 10, argb(128, 128, 128), tolerance: 1)
        expectPixel(image, 105, 20, argb(128, 128, 128), tolerance: 1, "the layer is composited once")
        expectPixel(image, 125, 35, Self.green)
        expectPixel(image, 135, 35, Self.white, "draw(_:) is clipped to the bounds")
        expectPixel(image, 125, 45, Self.white)
    }

    @Test func renderedViewsAreMarkedDisplayed() {
        let window = makeWindow(50, 50)
        let view = addView(window, 0, 0, 10, 10, .red)
        view.setNeedsDisplay()
        #expect(!view.dirtyRect.isNull)
        _ = window.snapshot()
        #expect(view.dirtyRect.isNull)
    }
}
