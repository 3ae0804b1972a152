import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Every change that alters what is drawn adds damage to the window in window coordinates, and
/// only where it is drawn (issue 8 §1).
@MainActor
@Suite("Damage")
struct DamageTests {
    /// A window with a container at (100, 100) holding a 50×50 child at (10, 10).
    func scene() -> (Harness, View, View) {
        let h = Harness(root: ViewController(), size: Size(width: 400, height: 400))
        let container = View(frame: Rect(100, 100, 200, 200))
        let child = View(frame: Rect(10, 10, 50, 50))
        container.addSubview(child)
        h.window.rootViewController!.view.addSubview(container)
        h.window.layoutIfNeeded()
        _ = h.window.takeDamage()
        return (h, container, child)
    }

    @Test func aColourChangeDamagesOnlyThatView() {
        let (h, _, child) = scene()
        child.backgroundColor = .red
        #expect(h.window.damage.rects == [Rect(110, 110, 50, 50)])
        #expect(h.window.displayPassRequested)
    }

    @Test func setNeedsDisplayOfAPartDamagesThatPart() {
        let (h, _, child) = scene()
        child.didDisplay()  // as the renderer does after drawing it
        child.setNeedsDisplay(Rect(5, 5, 10, 10))
        #expect(h.window.damage.rects == [Rect(115, 115, 10, 10)])
        #expect(child.dirtyRect == Rect(5, 5, 10, 10))
    }

    @Test func aMoveDamagesTheOldAndTheNewPlace() {
        let (h, _, child) = scene()
        child.frame = Rect(140, 140, 50, 50)
        #expect(Set(h.window.damage.rects.map(\.description)) == Set([Rect(110, 110, 50, 50), Rect(240, 240, 50, 50)].map(\.description)))
    }

    @Test func hidingAndRemovingDamageWhereTheViewWas() {
        let (h, _, child) = scene()
        child.isHidden = true
        #expect(h.window.damage.rects == [Rect(110, 110, 50, 50)])
        _ = h.window.takeDamage()
        child.isHidden = false
        child.removeFromSuperview()
        #expect(h.window.damage.rects == [Rect(110, 110, 50, 50)])
    }

    @Test func aClippingAncestorLimitsTheDamage() {
        let (h, container, child) = scene()
        container.clipsToBounds = true
        _ = h.window.takeDamage()
        child.frame = Rect(180, 10, 50, 50)  // half outside the container
        #expect(h.window.damage.bounds == Rect(110, 110, 190, 50))
    }

    @Test func aMovedSubtreeDamagesItsChildrenOutsideIt() {
        let (h, container, _) = scene()
        let outside = View(frame: Rect(250, 0, 20, 20))  // sticks out of the container (200 wide)
        container.addSubview(outside)
        _ = h.window.takeDamage()
        container.center = Point(x: 210, y: 200)
        #expect(h.window.damage.rects.contains { $0.contains(Rect(350, 100, 20, 20)) })
        #expect(h.window.damage.rects.contains { $0.contains(Rect(360, 100, 20, 20).intersection(h.window.bounds)) })
    }

    @Test func nothingHiddenDamages() {
        let (h, container, child) = scene()
        container.isHidden = true
        _ = h.window.takeDamage()
        child.backgroundColor = .blue
        #expect(h.window.damage.isEmpty)
    }

    @Test func theRegionMergesOverlapsAndStaysSmall() {
        var region = DamageRegion(limit: 4)
        region.add(Rect(0, 0, 10, 10))
        region.add(Rect(5, 5, 10, 10))
        #expect(region.rects == [Rect(0, 0, 15, 15)])
        for i in 0..<10 { region.add(Rect(Double(i) * 40, 100, 5, 5)) }
        #expect(region.rects.count <= 4)
        for i in 0..<10 { #expect(region.intersects(Rect(Double(i) * 40 + 1, 101, 1, 1))) }
        region.add(Rect(.nan, 0, 1, 1))
        region.add(Rect(0, 0, 0, 5))
        #expect(region.rects.count <= 4)
    }

    /// The extent is carried up one level at a time: a subtree 200 levels deep, whose innermost
    /// view sticks out of every ancestor, damages exactly where that view is drawn, before and
    /// after its top moves.
    @Test func aDeepSubtreeDamagesItsInnermostViewThroughEveryLevel() {
        let (h, container, _) = scene()
        let top = View(frame: Rect(0, 0, 100, 100))
        var link = top
        for _ in 0..<200 {  // within the walk's budget
            let next = View(frame: Rect(0.25, 0.25, 100, 100))
            link.addSubview(next)
            link = next
        }
        link.addSubview(View(frame: Rect(150, 0, 10, 10)))  // at 100 + 50 + 150 = 300 in the window
        container.addSubview(top)
        _ = h.window.takeDamage()
        top.frame.origin = Point(x: 20, y: 0)
        let rects = h.window.damage.rects
        #expect(rects.contains { $0.contains(Rect(300, 150, 10, 10)) })
        #expect(rects.contains { $0.contains(Rect(320, 150, 10, 10)) })
        #expect(h.window.damage.bounds.maxX == 330)
    }

    /// Clipping ancestors limit the damage in their own coordinates, scrolled ones included.
    @Test func nestedScrolledClipsLimitTheDamageWhereTheyAreDrawn() {
        let (h, container, _) = scene()
        container.clipsToBounds = true
        let inner = View(frame: Rect(20, 20, 100, 100))
        inner.clipsToBounds = true
        inner.bounds.origin = Point(x: 0, y: 30)  // scrolled down by 30
        container.addSubview(inner)
        let leaf = View(frame: Rect(50, 0, 200, 200))  // spills over both clips
        inner.addSubview(leaf)
        _ = h.window.takeDamage()
        leaf.backgroundColor = .red
        // inner is drawn at (120, 120, 100, 100); the leaf's visible part is x 170…220, y 120…220.
        #expect(h.window.damage.bounds == Rect(170, 120, 50, 100))
    }

    /// Under a rotated clipping ancestor the damage is a bounding box: never smaller than what is
    /// drawn.
    @Test func aRotatedClipDamagesAtLeastWhatIsDrawn() {
        let (h, container, child) = scene()
        container.clipsToBounds = true
        container.transform = AffineTransform(rotationAngle: .pi / 6)
        _ = h.window.takeDamage()
        child.backgroundColor = .green
        let drawn = child.bounds.applying(AffineTransform(translationX: 10 - 100, y: 10 - 100))
            .applying(AffineTransform(rotationAngle: .pi / 6))
            .applying(AffineTransform(translationX: 200, y: 200))
        #expect(h.window.damage.bounds.insetBy(dx: -1e-9, dy: -1e-9).contains(drawn))
    }

    @Test func aResizedWindowIsDamagedWhole() {
        let (h, _, _) = scene()
        h.window.frame = Rect(0, 0, 500, 300)
        // What the renderer is handed is limited to the window as it is now.
        #expect(h.window.takeDamage().bounds == Rect(0, 0, 500, 300))
    }
}
