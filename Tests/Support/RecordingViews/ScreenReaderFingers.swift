import ResponderKit
import ResponderKitTesting

/// VoiceOver's gestures made with `InputDriver` fingers on the manual clock: what a blind user does
/// on the glass, for the screen reader tests. Points are in `window`'s coordinates; each gesture
/// ends with the time a user would leave before the next (so a tap is not counted into a
/// double-tap by accident).
@MainActor
public struct ScreenReaderFingers {
    /// The driver the fingers go through.
    public let driver: InputDriver
    /// The window the fingers touch.
    public let window: Window

    /// Fingers on `window` through `driver`.
    public init(driver: InputDriver, window: Window) {
        self.driver = driver
        self.window = window
    }

    /// The middle of the screen, where the swipes go.
    public var middle: Point { Point(x: window.bounds.midX, y: window.bounds.midY) }

    /// One finger rests on `point` long enough to explore (the element under it is spoken), then lifts.
    public func touch(_ point: Point) {
        driver.touchDown(0, at: point, in: window)
        driver.advance(by: 0.2)
        driver.touchUp(0, in: window)
        driver.advance(by: 0.5)
    }

    /// One finger slides through `points`, exploring each.
    public func slide(through points: [Point]) {
        guard let first = points.first else { return }
        driver.touchDown(0, at: first, in: window)
        driver.advance(by: 0.2)
        for point in points.dropFirst() {
            driver.touchMove(0, to: point, in: window)
            driver.advance(by: 0.1)
        }
        driver.touchUp(0, in: window)
        driver.advance(by: 0.5)
    }

    /// A swipe of `fingers` fingers by (`dx`, `dy`) points, quick.
    public func swipe(dx: Double, dy: Double, fingers: Int = 1, from start: Point? = nil) {
        let origin = start ?? middle
        let ids = Array(0..<fingers)
        driver.frame(in: window) { frame in
            for id in ids { frame.down(id, at: Point(x: origin.x + Double(id) * 40, y: origin.y)) }
        }
        for step in 1...4 {
            driver.advance(by: 0.03)
            let f = Double(step) / 4
            driver.frame(in: window) { frame in
                for id in ids { frame.move(id, to: Point(x: origin.x + Double(id) * 40 + dx * f, y: origin.y + dy * f)) }
            }
        }
        driver.frame(in: window) { frame in for id in ids { frame.up(id) } }
        driver.advance(by: 0.5)
    }

    /// Swipe right: the next element.
    public func next() { swipe(dx: 150, dy: 0) }
    /// Swipe left: the previous element.
    public func previous() { swipe(dx: -150, dy: 0) }

    /// A tap of `fingers` fingers at `point` (the middle by default), without the pause after it.
    public func quickTap(fingers: Int = 1, at point: Point? = nil) {
        let origin = point ?? middle
        let ids = Array(0..<fingers)
        driver.frame(in: window) { frame in
            for id in ids { frame.down(id, at: Point(x: origin.x + Double(id) * 40, y: origin.y)) }
        }
        driver.advance(by: 0.05)
        driver.frame(in: window) { frame in for id in ids { frame.up(id) } }
    }

    /// Double-tap anywhere: activates the focused element.
    public func doubleTap(at point: Point? = nil) {
        quickTap(at: point)
        driver.advance(by: 0.1)
        quickTap(at: point)
        driver.advance(by: 0.5)
    }

    /// Three fingers tap three times: toggles the reader.
    public func threeFingerTripleTap() {
        for index in 0..<3 {
            if index > 0 { driver.advance(by: 0.1) }
            quickTap(fingers: 3)
        }
        driver.advance(by: 0.5)
    }

    /// Two fingers tap once: pauses or resumes speech.
    public func twoFingerTap() {
        quickTap(fingers: 2)
        driver.advance(by: 0.5)
    }

    /// One finger holds `point` while another taps: activates the focused element.
    public func splitTap(holding point: Point, tapping other: Point) {
        driver.touchDown(0, at: point, in: window)
        driver.advance(by: 0.2)
        driver.touchDown(1, at: other, in: window)
        driver.advance(by: 0.05)
        driver.touchUp(1, in: window)
        driver.advance(by: 0.1)
        driver.touchUp(0, in: window)
        driver.advance(by: 0.5)
    }
}
