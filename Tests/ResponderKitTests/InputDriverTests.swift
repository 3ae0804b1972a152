import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md "Module ResponderKitTesting" and DESIGN.md "Conventions" (EmbeddedChannel's virtual
// clock): the manual clock, advance(by:) firing timers in order ("49 ms: nothing; 1 ms more:
// fires"), every call going through Application.handle, and isClean.

@MainActor
@Suite("InputDriver: manual clock, timers, isClean")
struct InputDriverTests {
    /// DESIGN.md: a 50 ms timer — advancing 49 ms fires nothing, 1 ms more fires it — from time 0
    /// and from awkward start times whose float sums differ in the last bit (0.1 + 0.05 is
    /// 0.15000000000000002, while 0.1 + 0.049 + 0.001 is 0.15).
    @Test(arguments: [0.0, 0.1, 0.3, 1.7, 12.34])
    func fortyNineMillisecondsNothingOneMoreFires(start: Double) {
        let h = Harness(log: Log())
        h.driver.advance(by: start)
        var fired: [Double] = []
        h.app.timers.schedule(at: h.driver.now + 0.05) { _ in fired.append(h.driver.now) }
        h.driver.advance(by: 0.049)
        #expect(fired.isEmpty)
        #expect(!h.driver.isClean, "a timer is pending")
        h.driver.advance(by: 0.001)
        #expect(fired.count == 1)
        #expect(h.driver.isClean)
    }

    /// While the animator runs, advance(by:) brings frames too (60 a second on a grid from 0, in
    /// time order with the timers), so an animated present finishes as time passes: viewDidAppear
    /// and the completion at the first frame past its 0.4 s, the window taking touches again.
    /// With `framesPerSecond = 0` nothing moves until the test ticks the animator itself.
    @Test func animationsRunOnTheDriversFrames() {
        let log = Log()
        let root = TransitionLoggingController("Root", log: log)
        let h = Harness(root: root, log: log)
        log.clear()
        var ticks: [Double] = []
        var completed: Double?
        h.app.animator.addFrameClient(
            FrameRecorder {
                ticks.append(h.driver.now)
                return completed == nil
            })
        h.driver.advance(by: 0.005)
        root.present(TransitionLoggingController("Modal", log: log), animated: true) { completed = h.driver.now }
        #expect(log.entries == ["Modal.viewWillAppear(true) presented"])
        h.driver.advance(by: 0.3)
        #expect(log.entries.count == 1, "still sliding at 0.305 s: \(log.entries)")
        h.tap(200, 400)
        #expect(log.entries.count == 1, "no touch during the transition")
        h.driver.advance(by: 0.2)
        #expect(log.entries.last == "Modal.viewDidAppear(true) presented")
        let end = 0.005 + ModalTransitionStyle.coverVertical.duration
        #expect(completed.map { $0 >= end && $0 < end + 1.0 / 60 + 1e-9 } == true, "completion at the first frame past the slide: \(completed ?? -1)")
        #expect(ticks.count >= 2 && zip(ticks, ticks.dropFirst()).allSatisfy { abs($1 - $0 - 1.0 / 60) < 1e-9 }, "60 Hz: \(ticks.prefix(4))")
        h.tap(200, 400)
        #expect(log.entries.contains { $0.hasPrefix("Modal") && $0.contains("touchesBegan") }, "the presented view takes touches: \(log.entries)")
        #expect(h.driver.isClean)

        let still = Harness(root: TransitionLoggingController("Root", log: Log()), log: Log())
        still.driver.framesPerSecond = 0
        let modal = TransitionLoggingController("Modal", log: still.log)
        (still.window.rootViewController!).present(modal, animated: true)
        still.driver.advance(by: 2)
        #expect(modal.isBeingPresented, "no frames: the slide waits for the test's ticks")
        still.app.animator.tick(now: still.driver.now)
        #expect(!modal.isBeingPresented)
    }

    /// advance(by:) runs every timer due by then in deadline order (ties in scheduling order), each
    /// seeing `now` at its own deadline, including timers that bodies schedule.
    @Test func timersFireInDeadlineOrder() {
        let h = Harness(log: Log())
        var order: [String] = []
        h.app.timers.schedule(at: 0.3) { _ in order.append("c@\(h.driver.now)") }
        h.app.timers.schedule(at: 0.1) { _ in
            order.append("a@\(h.driver.now)")
            h.app.timers.schedule(at: 0.2) { _ in order.append("nested@\(h.driver.now)") }
        }
        h.app.timers.schedule(at: 0.1) { _ in order.append("b@\(h.driver.now)") }
        h.app.timers.schedule(at: 5) { _ in order.append("late") }
        h.driver.advance(by: 1)
        #expect(order == ["a@0.1", "b@0.1", "nested@0.2", "c@0.3"])
        #expect(h.driver.now == 1)
        #expect(h.app.timers.count == 1)
    }

    /// Repeating timers fire every interval until cancelled; a cancelled timer never fires.
    @Test func repeatingAndCancelledTimers() {
        let h = Harness(log: Log())
        var ticks = 0
        let repeating = h.app.timers.schedule(at: 0.5, repeating: 0.5) { _ in ticks += 1 }
        let cancelled = h.app.timers.schedule(at: 0.2) { _ in Issue.record("cancelled timer fired") }
        cancelled.cancel()
        h.driver.advance(by: 2.2)
        #expect(ticks == 4)
        repeating.cancel()
        h.driver.advance(by: 10)
        #expect(ticks == 4)
        #expect(h.driver.isClean)
    }

    /// The clock starts at 0 and moves only with advance(by:); events are stamped with it.
    @Test func theManualClock() {
        let h = Harness(log: Log())
        #expect(h.driver.now == 0)
        #expect(h.app.clock.now == 0)
        h.driver.advance(by: 1.25)
        #expect(h.app.clock.now == 1.25)
        h.tap(1, 1)
        #expect(h.driver.injected.allSatisfy { $0.timestamp == 1.25 })
    }

    /// API.md: "Each call goes through the same InputEvent entry point the real backends use" — an
    /// observer on the application sees exactly the events the driver injected.
    @Test func everyCallGoesThroughHandle() {
        let h = Harness(log: Log())
        var seen: [String] = []
        h.app.addInputObserver { seen.append("\($0.kind)") }
        h.tap(10, 10)
        h.driver.type("a", in: h.window)
        h.driver.shake()
        h.driver.click(at: Point(5, 5), in: h.window)
        #expect(seen.count == h.driver.injected.count)
        #expect(seen == h.driver.injected.map { "\($0.kind)" })
        #expect(seen.count == 4 + 2 + 2 + 3)
    }

    /// isClean: false while a touch, a press or a pointer button is open, or a touch change waits
    /// for its frame; true when all are closed.
    @Test func isCleanTracksOpenInput() {
        let h = Harness(log: Log())
        #expect(h.driver.isClean)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        #expect(!h.driver.isClean)
        h.driver.touchUp(0, in: h.window)
        #expect(h.driver.isClean)
        h.driver.inject(.touchDown(slot: 1, location: Point(10, 10), majorRadius: nil), in: h.window)
        #expect(!h.driver.isClean, "staged, waiting for a frame")
        h.driver.inject(.touchFrame, in: h.window)
        h.driver.touchUp(1, in: h.window)
        h.driver.press(USKeyboard.key(for: "q")!, in: h.window)
        #expect(!h.driver.isClean)
        h.driver.release(USKeyboard.key(for: "q")!, in: h.window)
        h.driver.pointerButton(pressed: true, in: h.window)
        #expect(!h.driver.isClean)
        h.driver.pointerButton(pressed: false, in: h.window)
        #expect(h.driver.isClean)
    }

    /// Input fed from inside a handler is queued and handled right after the current delivery, so
    /// delivery is never re-entered.
    @Test func inputDuringDeliveryIsDeferred() {
        final class Feeder: RecordingView {
            var driver: InputDriver?
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                log.add("Feeder.touchesBegan.start")
                driver?.touchUp(0, in: window!)
                log.add("Feeder.touchesBegan.end")
            }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.add("Feeder.touchesEnded") }
        }
        let h = Harness(log: Log())
        let view = Feeder("Feeder", frame: Rect(0, 0, 100, 100), log: h.log)
        view.driver = h.driver
        h.window.addSubview(view)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        #expect(h.log.entries == ["Feeder.touchesBegan.start", "Feeder.touchesBegan.end", "Feeder.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// USKeyboard maps characters to evdev codes with shift where needed.
    @Test func usKeyboardLayout() {
        #expect(USKeyboard.key(for: "a")?.keyCode == 30)
        #expect(USKeyboard.key(for: "A")?.modifierFlags == .shift)
        #expect(USKeyboard.key(for: "!")?.keyCode == 2)
        #expect(USKeyboard.key(for: " ")?.keyCode == KeyCode.space)
        #expect(USKeyboard.key(for: "é") == nil)
    }
}

/// A frame client that runs `body` at each tick, for as long as it returns true.
@MainActor
final class FrameRecorder: FrameStepping {
    let body: () -> Bool
    init(_ body: @escaping () -> Bool) { self.body = body }
    func stepFrame(now: Double) -> Bool { body() }
}
