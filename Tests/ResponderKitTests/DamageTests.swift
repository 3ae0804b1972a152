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

    @Test func aResizedWindowIsDamagedWhole() {
        let (h, _, _) = scene()
        h.window.frame = Rect(0, 0, 500, 300)
        // What the renderer is handed is limited to the window as it is now.
        #expect(h.window.takeDamage().bounds == Rect(0, 0, 500, 300))
    }
}
