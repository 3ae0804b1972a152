import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Idle reset (`Application.addIdleHandler(after:_:)`) on the manual clock: the callback runs once
/// at exactly the timeout after the last input, every kind of user input re-arms it, and nothing is
/// pending when it is off.
@MainActor
@Suite struct IdleResetTests {
    /// A harness with an idle handler of `timeout` seconds counting its calls.
    func armed(_ timeout: Double) -> (Harness, IdleHandler, () -> Int) {
        let h = Harness()
        var calls = 0
        let handler = h.app.addIdleHandler(after: timeout) { calls += 1 }
        return (h, handler, { calls })
    }

    @Test func firesOnceAtExactlyTheTimeout() {
        let (h, handler, calls) = armed(60)
        h.driver.advance(by: 59.99)
        #expect(calls() == 0)
        #expect(handler.isArmed)
        h.driver.advance(by: 0.02)
        #expect(calls() == 1)
        #expect(handler.hasFired && !handler.isArmed)
        // Once per idle stretch: nothing is pending afterwards, however long it stays idle.
        #expect(h.app.timers.isEmpty)
        h.driver.advance(by: 600)
        #expect(calls() == 1)
        #expect(h.driver.isClean)
    }

    @Test func aTapReArmsFromTheLastInput() {
        let (h, _, calls) = armed(10)
        h.driver.advance(by: 7)
        h.tap(Point(10, 10))  // last input at t = 7
        h.driver.advance(by: 9.99)  // t = 16.99: 3 s past the first deadline, 9.99 s after the tap
        #expect(calls() == 0)
        h.driver.advance(by: 0.02)  // t = 17.01
        #expect(calls() == 1)
    }

    /// Input after the callback ran starts a new stretch: a second call exactly one timeout later.
    @Test func inputAfterTheCallbackStartsANewStretch() {
        let (h, handler, calls) = armed(5)
        h.driver.advance(by: 5.01)
        #expect(calls() == 1)
        h.driver.advance(by: 100)
        h.tap(Point(10, 10))
        #expect(handler.isArmed)
        h.driver.advance(by: 4.99)
        #expect(calls() == 1)
        h.driver.advance(by: 0.02)
        #expect(calls() == 2)
    }

    /// Touch, key, pointer motion, click and scroll each re-arm it.
    @Test(arguments: ["touch", "key", "pointer", "click", "scroll"])
    func eachInputKindReArms(_ kind: String) {
        let (h, _, calls) = armed(2)
        h.driver.advance(by: 1.5)
        switch kind {
        case "touch": h.tap(Point(10, 10))
        case "key": h.driver.type(Key(keyCode: 30, characters: "a"), in: h.window)
        case "pointer": h.driver.pointerMove(to: Point(20, 20), in: h.window)
        case "click": h.driver.click(at: Point(20, 20), in: h.window)
        default: h.driver.scroll(dy: 3, in: h.window)
        }
        h.driver.advance(by: 1.99)  // 3.49 s: past the first deadline, 1.99 s after the input
        #expect(calls() == 0)
        h.driver.advance(by: 0.02)
        #expect(calls() == 1)
    }

    /// Hot-plug is not someone at the screen: it does not re-arm.
    @Test func deviceChangesDoNotCountAsInput() {
        let (h, _, calls) = armed(2)
        h.driver.advance(by: 1.5)
        h.driver.removeDevice(InputDeviceID(rawValue: 7))
        h.driver.advance(by: 0.51)
        #expect(calls() == 1)
    }

    /// Busy input does not touch the timer queue: one pending timer however many events came.
    @Test func manyEventsKeepOneTimer() {
        let (h, _, calls) = armed(1)
        for step in 0..<200 {
            h.driver.advance(by: 0.1)
            h.driver.pointerMove(to: Point(Double(step % 50), 5), in: h.window)
            #expect(h.app.timers.count == 1)
        }
        h.driver.advance(by: 0.99)
        #expect(calls() == 0)
        h.driver.advance(by: 0.02)
        #expect(calls() == 1)
    }

    @Test func disabledMeansNothingPending() {
        let h = Harness()
        h.tap(Point(10, 10))
        h.driver.advance(by: 1000)
        #expect(h.app.timers.isEmpty)
        #expect(h.app.armedIdleHandlerCount == 0)
        #expect(h.driver.isClean)
        // Cancelled: its timer goes at once and it never runs.
        var calls = 0
        let handler = h.app.addIdleHandler(after: 3) { calls += 1 }
        #expect(h.app.timers.count == 1)
        #expect(h.driver.isClean)  // an armed idle handler is configuration, not open input
        handler.cancel()
        #expect(h.app.timers.isEmpty)
        h.driver.advance(by: 10)
        #expect(calls == 0)
        #expect(h.driver.isClean)
    }

    /// An idle handler does not hide a real leftover: an open touch still makes the run unclean.
    @Test func isCleanStillSeesOpenInput() {
        let (h, _, _) = armed(30)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        #expect(!h.driver.isClean)
        h.driver.touchUp(0, in: h.window)
        #expect(h.driver.isClean)
    }
}
