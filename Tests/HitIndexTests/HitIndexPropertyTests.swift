import ResponderKitTesting
import SeededGenerators
import Testing

@testable import ResponderKit

/// Issue 3's exactness tests: the index (`Window.hitTest`) against the reference recursion
/// (`referenceHitTest`) on random trees — depths, fan-outs, overlaps, transforms, overridden
/// `hitTest`/`point(inside:)`, enlarged areas, hidden/alpha/disabled mixes, scrolled bounds — and
/// after every step of random mutation sequences, on a thousand points each time (uniform, whole,
/// and exactly on or one ulp off view edges).
@MainActor
@Suite struct HitIndexPropertyTests {
    func expectAgreement(_ window: Window, _ points: [Point], _ context: @autoclosure () -> String) {
        var mismatches = 0
        var first = ""
        for p in points {
            let fast = window.hitTest(p, with: nil)
            let reference = window.referenceHitTest(p, with: nil)
            if fast !== reference {
                mismatches += 1
                if first.isEmpty {
                    first =
                        "at \(p): index \(fast.map { "\(type(of: $0))#\($0.tag)" } ?? "nil"), reference \(reference.map { "\(type(of: $0))#\($0.tag)" } ?? "nil")"
                }
            }
        }
        #expect(mismatches == 0, "\(context()): \(mismatches) of \(points.count) points differ; first \(first)")
    }

    @Test(arguments: 0..<10)
    func randomTreesAgree(seed: Int) {
        let (window, views) = RandomTrees.make(seed: UInt64(seed), size: 60 + seed * 12)
        for (i, v) in views.enumerated() { v.tag = i + 1 }
        var rng = SplitMix64(seed: UInt64(seed) + 1000)
        let points = RandomTrees.points(&rng, window: window, views: views, count: 3000)
        expectAgreement(window, points, "seed \(seed), fresh tree")
    }

    @Test(arguments: 0..<8)
    func mutationSequencesAgree(seed: Int) {
        let (window, initial) = RandomTrees.make(seed: UInt64(seed) + 77, size: 50)
        var views = initial
        for (i, v) in views.enumerated() { v.tag = i + 1 }
        var rng = SplitMix64(seed: UInt64(seed) + 5000)
        _ = window.hitTest(Point(x: 1, y: 1), with: nil)  // build the index first: updates are incremental
        var log: [String] = []
        for step in 0..<40 {
            log.append(RandomTrees.mutate(&rng, window: window, views: &views))
            for (i, v) in views.enumerated() where v.tag == 0 { v.tag = i + 1 }
            let points = RandomTrees.points(&rng, window: window, views: views, count: 1000)
            expectAgreement(window, points, "seed \(seed) after step \(step) (\(log.suffix(3).joined(separator: ", ")))")
        }
    }

    @Test func incrementalUpdatesAvoidFullRebuilds() {
        let (window, views) = RandomTrees.make(seed: 3, size: 200)
        window.buildHitIndex()
        let builds = HitIndex.fullBuilds
        // Leaf moves and flag flips patch entries in place.
        let leaves = views.filter { $0.subviews.isEmpty && $0.hitSpace != nil }
        for leaf in leaves.prefix(20) {
            leaf.frame = leaf.frame.offsetBy(dx: 1, dy: 0)
            leaf.isHidden.toggle()
            _ = window.hitTest(Point(x: 10, y: 10), with: nil)
        }
        #expect(HitIndex.fullBuilds == builds)
    }

    @Test func scrollingAContainerDoesNotTouchItsDescendants() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        window.isHidden = false
        let scroller = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(scroller)
        var rows: [View] = []
        for i in 0..<500 {
            let row = View(frame: Rect(x: 0, y: Double(i) * 20, width: 300, height: 20))
            row.tag = i + 1
            row.addSubview(View(frame: Rect(x: 4, y: 2, width: 40, height: 16)))
            scroller.addSubview(row)
            rows.append(row)
        }
        window.buildHitIndex()
        scroller.bounds.origin = Point(x: 0, y: 1)  // the first scroll promotes the container once
        #expect(window.hitTest(Point(x: 100, y: 10), with: nil) === rows[0])
        let inner = scroller.ownSpace
        #expect(inner != nil)
        let updates = HitIndex.memberUpdates, builds = HitIndex.fullBuilds
        for step in 1...300 {
            scroller.bounds.origin = Point(x: 0, y: Double(step * 7))
            let p = Point(x: 100, y: 5)
            #expect(window.hitTest(p, with: nil) === window.referenceHitTest(p, with: nil))
        }
        #expect(HitIndex.memberUpdates == updates, "a scroll step must not update any entry")
        #expect(HitIndex.fullBuilds == builds, "a scroll step must not rebuild")
        #expect(scroller.ownSpace === inner)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === rows[(300 * 7 + 10) / 20].subviews[0])
    }

    /// Nested chains are searched from a guess (the point's distance to the innermost box in the
    /// next box's inset), and a chain whose outermost box covers a grid cell is entered without
    /// reading that box. Uneven insets (zero on some sides, up to 9 pt on others), decoys on top,
    /// and chains that stop short of covering any cell must still give the reference's answer.
    @Test(arguments: 0..<6)
    func unevenNestedChainsAgree(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 77)
        let window = Window(frame: Rect(x: 0, y: 0, width: 600, height: 600))
        window.isHidden = false
        var views: [View] = []
        for chain in 0..<3 {
            var parent: View = window
            var size = Size(width: 600 - Double(chain) * 150, height: 600 - Double(chain) * 120)
            var origin = Point(x: Double(chain) * 40, y: Double(chain) * 30)
            for _ in 0..<(40 + seed * 10) {
                let view = View(frame: Rect(origin: origin, size: size))
                parent.addSubview(view)
                views.append(view)
                let left = Double(rng.int(0...9)), top = Double(rng.int(0...9))
                let right = Double(rng.int(0...9)), bottom = Double(rng.int(0...9))
                origin = Point(x: left, y: top)
                size = Size(width: max(1, size.width - left - right), height: max(1, size.height - top - bottom))
                parent = view
            }
            for _ in 0..<20 {  // decoys over the chain, some of them hidden or disabled
                let decoy = View(frame: Rect(x: rng.unit() * 560, y: rng.unit() * 560, width: 4 + rng.unit() * 30, height: 4 + rng.unit() * 30))
                decoy.isHidden = rng.int(0...9) == 0
                decoy.isUserInteractionEnabled = rng.int(0...9) != 0
                window.addSubview(decoy)
                views.append(decoy)
            }
        }
        for (i, v) in views.enumerated() { v.tag = i + 1 }
        var points: [Point] = []
        for _ in 0..<4000 { points.append(Point(x: rng.unit() * 620 - 10, y: rng.unit() * 620 - 10)) }
        for v in views.prefix(200) {  // exactly on, and one ulp inside, every chain link's ends
            let r = v.convert(v.bounds, to: window)
            points += [Point(x: r.minX, y: r.midY), Point(x: r.maxX, y: r.midY), Point(x: r.midX, y: r.maxY.nextDown)]
        }
        expectAgreement(window, points, "seed \(seed), uneven nested chains")
    }

    /// Issue 22, item 4: a class is standard (answered from geometry) exactly when its
    /// `standardHitTestingClass` names the class itself; everything else is asked through its own
    /// `hitTest`, so every override is honoured.
    @Test func onlyAClassThatDeclaresItselfIsStandard() {
        // The framework's own classes declare themselves.
        #expect(HitTestOverrides.isStandard(View.self))
        #expect(HitTestOverrides.isStandard(Window.self))
        #expect(HitTestOverrides.isStandard(Button.self))
        #expect(HitTestOverrides.isStandard(Label.self))
        #expect(HitTestOverrides.isStandard(ScrollView.self))
        // …except the one that overrides `hitTest`.
        #expect(HitTestOverrides.isCustom(InputViewWindow.self))
        // Declared → standard.
        #expect(HitTestOverrides.isStandard(PlainSubclassView.self))
        // Undeclared → custom, whether it overrides anything or not.
        #expect(HitTestOverrides.isCustom(UndeclaredPlainView.self))
        #expect(HitTestOverrides.isCustom(EnlargedView.self))
        #expect(HitTestOverrides.isCustom(LeftHalfView.self))
        #expect(HitTestOverrides.isCustom(RedirectingView.self))
        #expect(HitTestOverrides.isCustom(PassThroughView.self))
        // A subclass of a declared class inherits a declaration that names its parent → custom.
        #expect(HitTestOverrides.isCustom(UndeclaredSubclassView.self))
        #expect(HitTestOverrides.isCustom(NarrowedPlainSubclassView.self))
    }

    /// Undeclared classes are delegates (each asked through its own `hitTest`); declared ones are
    /// plain entries.
    @Test func undeclaredClassesAreDelegatesOfTheIndex() {
        func delegates(_ make: (Rect) -> View) -> Int {
            let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            window.isHidden = false
            for i in 0..<10 { window.addSubview(make(Rect(x: Double(i) * 20, y: 0, width: 20, height: 20))) }
            return window.buildHitIndex().delegates
        }
        #expect(delegates { PlainSubclassView(frame: $0) } == 0)
        #expect(delegates { Button(frame: $0) } == 0)
        #expect(delegates { UndeclaredPlainView(frame: $0) } == 10)
        #expect(delegates { UndeclaredSubclassView(frame: $0) } == 10)
    }

    /// A subclass of a declared class that overrides `hitTest` is asked by the window's hit test:
    /// its override decides, even where the geometry alone would answer something else.
    @Test func anOverrideInASubclassOfADeclaredClassIsCalled() {
        final class Redirecting: PlainSubclassView {
            var calls = 0
            weak var target: View?
            override func hitTest(_ point: Point, with event: Event?) -> View? {
                calls += 1
                guard bounds.contains(point) else { return nil }
                return point.x < bounds.midX ? target : nil  // the right half passes through
            }
        }
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        window.isHidden = false
        let behind = PlainSubclassView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let target = PlainSubclassView(frame: Rect(x: 250, y: 150, width: 20, height: 20))
        let redirecting = Redirecting(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        redirecting.target = target
        redirecting.addSubview(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))  // never answered
        window.addSubview(behind)
        window.addSubview(target)
        window.addSubview(redirecting)
        #expect(HitTestOverrides.isCustom(Redirecting.self))
        #expect(window.hitTest(Point(x: 60, y: 60), with: nil) === target)  // redirected
        #expect(window.hitTest(Point(x: 140, y: 60), with: nil) === behind)  // passed through
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === behind)
        #expect(redirecting.calls >= 2)
        for x in stride(from: 0.0, through: 300, by: 7) {
            for y in stride(from: 0.0, through: 200, by: 7) {
                let p = Point(x: x, y: y)
                #expect(window.hitTest(p, with: nil) === window.referenceHitTest(p, with: nil))
            }
        }
    }

    /// The seed's CloseButton: a 20x20 button whose touch area is enlarged to 44x44; the index
    /// must find it outside its bounds (but inside its parent).
    @Test func enlargedCloseButtonIsFoundOutsideItsBounds() {
        final class CloseButton: Button {
            override func point(inside point: Point, with event: Event?) -> Bool {
                let dx = min(0, bounds.width - 44) / 2, dy = min(0, bounds.height - 44) / 2
                return bounds.insetBy(dx: dx, dy: dy).contains(point)
            }
        }
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.isHidden = false
        let panel = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        let close = CloseButton(frame: Rect(x: 70, y: 10, width: 20, height: 20))
        window.addSubview(panel)
        panel.addSubview(close)
        for x in stride(from: 110.0, through: 150, by: 1) {
            for y in stride(from: 50.0, through: 90, by: 1) {
                let p = Point(x: x, y: y)
                #expect(window.hitTest(p, with: nil) === window.referenceHitTest(p, with: nil))
            }
        }
        #expect(window.hitTest(Point(x: 118, y: 52), with: nil) === close)  // 2 pt outside its bounds
        #expect(window.hitTest(Point(x: 149, y: 52), with: nil) === close)  // 12 pt out on each side
        #expect(window.hitTest(Point(x: 55, y: 52), with: nil) === panel)
    }

    @Test func alphaBoundaryAndHalfOpenEdges() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.isHidden = false
        let a = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
        a.alpha = 0.01
        let b = View(frame: Rect(x: 50, y: 10, width: 30, height: 30))
        b.alpha = 0.009
        window.addSubview(a)
        window.addSubview(b)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === a)
        #expect(window.hitTest(Point(x: 40, y: 20), with: nil) === window)
        #expect(window.hitTest(Point(x: 39.999999, y: 20), with: nil) === a)
        #expect(window.hitTest(Point(x: 60, y: 20), with: nil) === window)
        #expect(window.hitTest(Point(x: .nan, y: 20), with: nil) == nil)
    }
}
