import ResponderKit
import Testing

@testable import Rendering

/// Culling by a subtree's cached drawing extent (`View.drawingExtent`): off-screen rows of a long
/// list cost one test each, yet a subview that overflows a non-clipping parent is still drawn,
/// and the cache follows every change that moves what a subtree draws.
@MainActor
@Suite("Renderer: culling by drawing extent")
struct ExtentCullingTests {
    /// A row (no clipping) at the top left with a child that sticks out 30 pt below it.
    func overflowing() -> (Window, View, View, SentinelBuffer, Renderer) {
        let window = makeWindow(120, 120, background: Color(white: 0.9))
        let row = addView(window, 0, 0, 60, 20, .blue)
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 40))
        child.backgroundColor = .red
        row.addSubview(child)
        let buffer = SentinelBuffer(width: 120, height: 120)
        let renderer = Renderer()
        window.layoutIfNeeded()
        _ = window.takeDamage()
        buffer.render(window, renderer, repaint: region(window.bounds))
        return (window, row, child, buffer, renderer)
    }

    @Test func anOverflowingSubviewOutsideItsParentIsStillDrawn() {
        let (window, row, _, buffer, renderer) = overflowing()
        #expect(row.drawingExtent == Rect(x: 0, y: 0, width: 60, height: 50))
        buffer.fill()
        // Repaint only where the child overflows the row: the row is culled by its own rect but
        // not by its extent, so the child is drawn there.
        buffer.render(window, renderer, repaint: region(Rect(x: 0, y: 30, width: 60, height: 20)))
        #expect(buffer[15, 40] == argb(255, 0, 0))
        _ = window
    }

    @Test func theExtentFollowsMovesHidingAndRemoval() {
        let (window, row, child, buffer, renderer) = overflowing()
        _ = row.drawingExtent
        child.frame = Rect(x: 10, y: 2, width: 20, height: 10)  // back inside the row
        #expect(row.drawingExtent == Rect(x: 0, y: 0, width: 60, height: 20))
        child.frame = Rect(x: 70, y: 0, width: 20, height: 10)  // out to the right
        #expect(row.drawingExtent == Rect(x: 0, y: 0, width: 90, height: 20))
        child.isHidden = true
        #expect(row.drawingExtent == Rect(x: 0, y: 0, width: 60, height: 20))
        child.isHidden = false
        child.transform = AffineTransform(scaleX: 2, y: 2)  // about its centre (80, 5)
        #expect(row.drawingExtent == Rect(x: 0, y: -5, width: 100, height: 25))
        child.removeFromSuperview()
        #expect(row.drawingExtent == Rect(x: 0, y: 0, width: 60, height: 20))
        let grandchild = View(frame: Rect(x: 0, y: 100, width: 5, height: 5))
        child.transform = .identity
        child.addSubview(grandchild)
        row.addSubview(child)
        #expect(row.drawingExtent == Rect(x: 0, y: 0, width: 90, height: 105), "a grandchild's overflow reaches the row")
        row.clipsToBounds = true
        #expect(row.drawingExtent == Rect(x: 0, y: 0, width: 60, height: 20))
        row.clipsToBounds = false
        row.bounds.origin = Point(x: 0, y: 50)  // scrolled: the bounds move over the children
        #expect(row.drawingExtent == Rect(x: 0, y: 0, width: 90, height: 105))
        // Every step above rendered after the change equals a full render.
        buffer.fill()
        buffer.render(window, renderer, repaint: region(window.bounds))
        let full = buffer.pixels
        buffer.fill()
        buffer.render(window, renderer, repaint: region(Rect(x: 0, y: 0, width: 120, height: 60)))
        for y in 0..<60 { for x in 0..<120 { #expect(buffer[x, y] == full[y * 120 + x]) } }
    }

    @Test func aViewUnderAnimationHasNoCachedExtent() {
        let (window, row, child, _, _) = overflowing()
        #expect(row.drawingExtent != nil)
        View.animate(withDuration: 1) { child.center = Point(x: 100, y: 100) }
        #expect(child.hasAnimations)
        #expect(row.drawingExtent == nil, "the presentation is somewhere between: no culling by the model")
    }

    /// 10,000 rows in a clipping list: a repaint of the visible part visits the rows once each and
    /// draws only the visible ones (their labels included).
    @Test func offScreenRowsOfALongListCostOneVisitEach() {
        let window = makeWindow(200, 300, background: .white)
        let list = addView(window, 0, 0, 200, 300, .white)
        list.clipsToBounds = true
        for i in 0..<10_000 {
            let row = View(frame: Rect(x: 0, y: Double(i) * 30, width: 200, height: 30))
            let label = Label(frame: Rect(x: 8, y: 4, width: 150, height: 22))
            label.text = "Row \(i)"
            row.addSubview(label)
            list.addSubview(row)
        }
        let buffer = SentinelBuffer(width: 200, height: 300)
        let renderer = Renderer()
        window.layoutIfNeeded()
        buffer.render(window, renderer, repaint: region(window.bounds))
        list.bounds.origin = Point(x: 0, y: 150_000)
        buffer.render(window, renderer, repaint: region(window.bounds))
        let stats = renderer.lastFrameStatistics
        #expect(stats.viewsVisited < 10_000 + 40, "each row once, the ten visible rows' labels, the list and the window: \(stats.viewsVisited)")
        #expect(stats.viewsDrawn <= 2 + 2 * 11)
    }
}
