import ResponderKitTesting
import SeededGenerators
import Testing

@testable import ResponderKit

/// Issue 12, "benchmark your own app": a live window written as `.vtree`/`.points`/`.hits` reads
/// back with the benchmark's parser, the written answers are the format's reference rule and
/// agree with the live window wherever the format can describe it, and the tree `hitbench` builds
/// from the dump gives the same answers through the index — with the app's custom hit-testing
/// views marked and treated as black boxes.
@MainActor
@Suite("Hit-test dump")
struct HitTestDumpTests {
    /// A kiosk-like window: a scrolled list (bounds origin moved), a hidden and a disabled view,
    /// a transparent veil, a clipped cell with an overhanging badge, and a custom view that
    /// narrows its hit area (marked, and answered by the rule in the dump).
    func makeWindow() -> (Window, custom: View, list: View) {
        let app = Application()
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 800, height: 600))
        let window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        let list = View(frame: Rect(x: 20, y: 60, width: 360, height: 500))
        list.clipsToBounds = true
        window.addSubview(list)
        for row in 0..<30 {
            let cell = View(frame: Rect(x: 0, y: Double(row) * 44, width: 360, height: 44))
            let label = View(frame: Rect(x: 10, y: 4, width: 200, height: 36))
            label.isUserInteractionEnabled = false
            let badge = View(frame: Rect(x: 340, y: -6, width: 30, height: 20))
            cell.addSubview(label)
            cell.addSubview(badge)
            list.addSubview(cell)
        }
        list.bounds.origin = Point(x: 0, y: 301.5)  // scrolled, by a fraction
        let hidden = View(frame: Rect(x: 400, y: 60, width: 300, height: 300))
        hidden.isHidden = true
        window.addSubview(hidden)
        let disabled = View(frame: Rect(x: 450, y: 100, width: 100, height: 100))
        disabled.isUserInteractionEnabled = false
        window.addSubview(disabled)
        let custom = LeftHalfView(frame: Rect(x: 420, y: 380, width: 200, height: 120))
        custom.addSubview(View(frame: Rect(x: 10, y: 10, width: 40, height: 40)))
        window.addSubview(custom)
        let veil = View(frame: Rect(x: 0, y: 0, width: 800, height: 40))
        veil.alpha = 0
        window.addSubview(veil)
        return (window, custom, list)
    }

    func points(_ count: Int, seed: UInt64) -> [Point] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in Point(x: rng.coordinate(800), y: rng.coordinate(600)) }
    }

    @Test func theDumpReadsBackAndItsAnswersAreTheReferenceRule() throws {
        let (window, custom, _) = makeWindow()
        let queries = points(4000, seed: 12)
        let dump = HitTestDump(window: window, points: queries)
        #expect(dump.customViews == 1)
        let tree = try VTree(parsing: dump.vtree, file: "dump.vtree")
        #expect(tree.nodes.count == dump.nodes.count)
        let parsedPoints = try VTree.parsePoints(dump.pointsText)
        #expect(parsedPoints == queries, "points round-trip exactly")
        let hits = try VTree.parseHits(dump.hitsText)
        #expect(hits == dump.answers())

        // Pre-order ids back to the live views, to compare with the live window.
        var live: [View] = [window]
        func walk(_ v: View) { for s in v.subviews { live.append(s); walk(s) } }
        walk(window)
        #expect(live.count == tree.nodes.count)
        let customID = live.firstIndex { $0 === custom }!
        #expect(tree.nodes[customID].hasCustomHitTesting && tree.nodes.filter(\.hasCustomHitTesting).count == 1)
        // Wherever the live answer does not involve the custom view's own rule, the dump's
        // reference answer is the live window's.
        var compared = 0
        for (p, id) in zip(queries, hits) {
            let hit = window.hitTest(p, with: nil)
            let liveID = hit.flatMap { h in live.firstIndex { $0 === h } } ?? -1
            if custom.frame.contains(p) { continue }
            #expect(liveID == id, "at \(p): live \(liveID), dump \(id)")
            compared += 1
        }
        #expect(compared > 3000)
    }

    @Test func theIndexOnTheRebuiltTreeAgreesWithTheDumpsAnswers() throws {
        let (window, _, _) = makeWindow()
        let dump = HitTestDump(window: window, points: points(4000, seed: 99))
        let tree = try VTree(parsing: dump.vtree)
        let rebuilt = tree.makeWindow()
        let custom = rebuilt.views.filter { $0 is CustomHitTestingView }
        #expect(custom.count == 1, "the marked view is rebuilt as a custom hit-testing class")
        #expect(HitTestOverrides.isCustom(CustomHitTestingView.self), "…which the index treats as a black box")
        let answers = dump.answers()
        for (p, id) in zip(dump.points, answers) {
            // View 0 (the dumped window) is rebuilt as the root view filling the new window.
            #expect(rebuilt.answer(for: rebuilt.window.hitTest(p, with: nil)) == id, "at \(p)")
        }
    }

    @Test func transformedViewsAreMarkedAndBadGeometryIsWrittenSafely() throws {
        let app = Application()
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 300, height: 300))
        let window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        let turned = View(frame: Rect(x: 50, y: 50, width: 100, height: 40))
        turned.transform = AffineTransform(rotationAngle: 0.3)
        window.addSubview(turned)
        let odd = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        odd.alpha = 1.7
        window.addSubview(odd)
        let dump = HitTestDump(window: window, points: [Point(x: 15, y: 15)])
        #expect(dump.customViews == 1)
        let tree = try VTree(parsing: dump.vtree)
        #expect(tree.nodes[1].hasCustomHitTesting)
        #expect(tree.nodes[2].alpha == 1, "alpha is clamped into the format's range")
        #expect(dump.answers() == [2])
    }

    @Test func theRecorderKeepsTouchDownsAndButtonPressesOfItsWindowOnly() {
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 300, height: 300))
        let window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        let recorder = HitPointRecorder(window: window, capacity: 3)
        driver.touchDown(0, at: Point(x: 10, y: 20), in: window)
        driver.touchMove(0, to: Point(x: 30, y: 20), in: window)
        driver.touchUp(0, in: window)
        app.handle(InputEvent(.pointerMotion(location: Point(x: 100, y: 110)), timestamp: driver.now, device: InputDeviceID(rawValue: 7), window: window))
        app.handle(InputEvent(.pointerButton(button: 0x110, pressed: true), timestamp: driver.now, device: InputDeviceID(rawValue: 7), window: window))
        app.handle(InputEvent(.pointerButton(button: 0x110, pressed: false), timestamp: driver.now, device: InputDeviceID(rawValue: 7), window: window))
        #expect(recorder.points == [Point(x: 10, y: 20), Point(x: 100, y: 110)])
        // Beyond capacity the oldest go first.
        driver.tap(at: Point(x: 1, y: 1), in: window)
        driver.tap(at: Point(x: 2, y: 2), in: window)
        #expect(recorder.points == [Point(x: 100, y: 110), Point(x: 1, y: 1), Point(x: 2, y: 2)])
        // A window of another scene is not recorded.
        let other = Window(windowScene: WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 300, height: 300)))
        app.handle(InputEvent(.touchDown(slot: 5, location: Point(x: 9, y: 9), majorRadius: nil), timestamp: driver.now, window: other))
        app.handle(InputEvent(.touchUp(slot: 5), timestamp: driver.now, window: other))
        app.handle(InputEvent(.touchFrame, timestamp: driver.now, window: other))
        #expect(recorder.points.count == 3 && !recorder.points.contains(Point(x: 9, y: 9)))
    }
}
