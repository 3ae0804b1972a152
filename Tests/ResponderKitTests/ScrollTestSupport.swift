import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// A window with a scroll view on a manual clock, for the scroll tests. A "frame" is the
/// animator's tick at the clock's time, as the host's presenter does it (60 Hz here).
@MainActor
final class ScrollStage {
    let app = Application()
    let driver: InputDriver
    let window: Window
    let scroll: ScrollView
    let log = Log()
    let recorder: ScrollDelegateRecorder

    init(
        scrollView: ScrollView? = nil, frame: Rect = Rect(x: 0, y: 0, width: 200, height: 300),
        content: Size = Size(width: 200, height: 3000), screen: Size = Size(width: 400, height: 400)
    ) {
        driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: screen.width, height: screen.height))
        window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        scroll = scrollView ?? ScrollView(frame: frame)
        scroll.frame = frame
        scroll.contentSize = content
        recorder = ScrollDelegateRecorder(log: log)
        scroll.delegate = recorder
        window.addSubview(scroll)
        window.layoutIfNeeded()
    }

    static let frameInterval = 1.0 / 60

    func frame() {
        driver.advance(by: ScrollStage.frameInterval)
        app.animator.tick(now: driver.now)
    }

    /// Frames until nothing animates (at most `limit` seconds); returns the time it took.
    @discardableResult
    func settle(limit: Double = 10) -> Double {
        let start = driver.now
        while app.animator.isRunning, driver.now - start < limit { frame() }
        return driver.now - start
    }

    func down(_ x: Double, _ y: Double, id: Int = 0) { driver.touchDown(id, at: Point(x: x, y: y), in: window) }
    func move(_ x: Double, _ y: Double, id: Int = 0) { driver.touchMove(id, to: Point(x: x, y: y), in: window) }
    func up(id: Int = 0) { driver.touchUp(id, in: window) }
    func wait(_ seconds: Double) { driver.advance(by: seconds) }

    /// A drag from (x, y) by (dx, dy) in `steps` moves `interval` apart, lifting right after the
    /// last move (so the release velocity is the drag's), or after `rest` seconds of rest.
    func drag(
        from x: Double, _ y: Double, by dx: Double, _ dy: Double, steps: Int = 10, interval: Double = 0.01,
        rest: Double? = nil
    ) {
        down(x, y)
        for i in 1...steps {
            wait(interval)
            move(x + dx * Double(i) / Double(steps), y + dy * Double(i) / Double(steps))
        }
        if let rest { wait(rest) }
        up()
    }

    /// The delegate calls other than `didScroll`.
    var calls: [String] { log.entries.filter { $0 != "didScroll" } }

    /// Every view in the window hit-tests as the reference recursion does, on a grid.
    func hitTestsMatchReference(step: Double = 7) -> Bool {
        var y = -5.0
        while y < window.bounds.height + 5 {
            var x = -5.0
            while x < window.bounds.width + 5 {
                let p = Point(x: x, y: y)
                if window.hitTest(p, with: nil) !== window.referenceHitTest(p, with: nil) { return false }
                x += step
            }
            y += step
        }
        return true
    }
}

/// Records the delegate calls in order ("didScroll", "willEndDragging v=(…) target=(…)", …).
@MainActor
final class ScrollDelegateRecorder: ScrollViewDelegate {
    let log: Log
    var velocities: [Point] = []
    var targets: [Point] = []
    /// When set, `scrollViewWillEndDragging` replaces the target with it.
    var overrideTarget: Point?
    init(log: Log) { self.log = log }

    func scrollViewDidScroll(_ scrollView: ScrollView) { log.add("didScroll") }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { log.add("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        log.add("willEndDragging")
        velocities.append(velocity)
        targets.append(targetContentOffset)
        if let overrideTarget { targetContentOffset = overrideTarget }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        log.add("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { log.add("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { log.add("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { log.add("didEndScrollingAnimation") }
}

/// A list of `count` rows (`rowHeight` tall) of recording views, each with a button on its right.
@MainActor
func addRows(
    _ count: Int, rowHeight: Double = 44, width: Double = 200, to scroll: ScrollView, log: Log,
    buttons: Bool = false
) -> [View] {
    var rows: [View] = []
    rows.reserveCapacity(count)
    for i in 0..<count {
        let row = RecordingView("row\(i)", frame: Rect(x: 0, y: Double(i) * rowHeight, width: width, height: rowHeight), log: log)
        if buttons {
            let button = Button(frame: Rect(x: width - 80, y: 4, width: 72, height: rowHeight - 8))
            button.tag = i
            row.addSubview(button)
        }
        scroll.addSubview(row)
        rows.append(row)
    }
    scroll.contentSize = Size(width: width, height: Double(count) * rowHeight)
    return rows
}
