import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// `ScreenBlanker` on the manual clock: it blanks at exactly the timeout, the input that wakes the
/// screen (its whole sequence) never reaches the app, and the next input does.
@MainActor
@Suite struct ScreenBlankerTests {
    /// A harness with a 100×40 button at (100, 100) counting touchUpInside, and a blanker of
    /// `timeout` seconds logging its blank calls.
    @MainActor
    final class Fixture {
        let h = Harness()
        let button = Button(frame: Rect(100, 100, 100, 40))
        var upInside = 0
        let calls = CallLog()
        var blanker: ScreenBlanker!

        init(timeout: Double) {
            h.window.addSubview(button)
            button.addAction(for: .touchUpInside) { [unowned self] _ in self.upInside += 1 }
            let calls = calls
            blanker = ScreenBlanker(application: h.app, after: timeout) { calls.entries.append($0 ? "blank" : "unblank") }
        }
    }

    @MainActor final class CallLog { var entries: [String] = [] }

    @Test func blanksAtExactlyTheTimeout() {
        let f = Fixture(timeout: 30)
        f.h.driver.advance(by: 29.99)
        #expect(!f.blanker.isBlanked && f.calls.entries.isEmpty)
        f.h.driver.advance(by: 0.02)
        #expect(f.blanker.isBlanked)
        #expect(f.calls.entries == ["blank"])
        // Blanked: nothing pending, so an idle kiosk sleeps.
        #expect(f.h.app.timers.isEmpty)
        #expect(f.h.driver.isClean)
    }

    @Test func theWakingTapNeverReachesTheButtonTheNextOneDoes() {
        let f = Fixture(timeout: 30)
        f.h.driver.advance(by: 30.01)
        f.h.tap(Point(150, 120))
        #expect(f.upInside == 0)
        #expect(!f.blanker.isBlanked)
        #expect(f.calls.entries == ["blank", "unblank"])
        #expect(f.blanker.swallowedEventCount == 4)  // down, its frame, up, its frame
        #expect(!f.button.isHighlighted && !f.button.isTracking)
        f.h.tap(Point(150, 120))
        #expect(f.upInside == 1)
        #expect(f.h.driver.isClean)
    }

    /// The waking finger stays swallowed while it moves and rests; a second finger that goes
    /// down meanwhile is the app's.
    @Test func theWholeWakingSequenceIsSwallowedButNotAnotherFinger() {
        let f = Fixture(timeout: 5)
        f.h.driver.advance(by: 5)
        f.h.driver.touchDown(0, at: Point(150, 120), in: f.h.window)
        f.h.driver.advance(by: 2)
        f.h.driver.touchMove(0, to: Point(160, 125), in: f.h.window)
        #expect(!f.button.isTracking)
        f.h.driver.touchDown(1, at: Point(120, 110), in: f.h.window)
        #expect(f.button.isTracking)
        f.h.driver.touchUp(1, in: f.h.window)
        #expect(f.upInside == 1)
        f.h.driver.touchUp(0, in: f.h.window)
        #expect(f.upInside == 1)
        #expect(f.h.driver.isClean)
    }

    /// A key wakes it too; its repeats and release are swallowed, the next key is delivered.
    @Test func aWakingKeyIsSwallowedWithItsRelease() {
        let f = Fixture(timeout: 5)
        let field = TextField(frame: Rect(0, 0, 200, 40))
        f.h.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        f.h.driver.advance(by: 5)
        #expect(f.blanker.isBlanked)
        let a = Key(keyCode: 30, characters: "a")
        f.h.driver.press(a, in: f.h.window)
        f.h.driver.repeat(a, in: f.h.window)
        f.h.driver.release(a, in: f.h.window)
        #expect(field.text == "")
        #expect(!f.blanker.isBlanked)
        f.h.driver.type(a, in: f.h.window)
        #expect(field.text == "a")
    }

    /// A click on a dark screen presses nothing either.
    @Test func aWakingClickIsSwallowed() {
        let f = Fixture(timeout: 5)
        f.h.driver.advance(by: 6)
        f.h.driver.click(at: Point(150, 120), in: f.h.window)
        #expect(f.upInside == 0 && !f.blanker.isBlanked)
        f.h.driver.click(at: Point(150, 120), in: f.h.window)
        #expect(f.upInside == 1)
    }

    /// After waking, it blanks again one timeout after the last input — the waking tap counts.
    @Test func blanksAgainATimeoutAfterTheWakingInput() {
        let f = Fixture(timeout: 10)
        f.h.driver.advance(by: 10)
        f.h.driver.advance(by: 50)
        f.h.tap(Point(150, 120))  // wakes at t = 60
        f.h.driver.advance(by: 9.99)
        #expect(!f.blanker.isBlanked)
        f.h.driver.advance(by: 0.02)
        #expect(f.blanker.isBlanked)
        #expect(f.calls.entries == ["blank", "unblank", "blank"])
        #expect(f.blanker.blankCount == 2 && f.blanker.wakeCount == 1)
    }

    /// The waking tap resets an app's idle-reset handler too: somebody is there.
    @Test func theWakingTapCountsForIdleReset() {
        let f = Fixture(timeout: 10)
        var resets = 0
        f.h.app.addIdleHandler(after: 15) { resets += 1 }
        f.h.driver.advance(by: 12)  // blanked at 10
        f.h.tap(Point(150, 120))  // t = 12
        f.h.driver.advance(by: 14.99)
        #expect(resets == 0)
        f.h.driver.advance(by: 0.02)
        #expect(resets == 1)
    }

    @Test func stopUnblanksAndLeavesNothingPending() {
        let f = Fixture(timeout: 1)
        f.h.driver.advance(by: 1)
        f.blanker.stop()
        #expect(f.calls.entries == ["blank", "unblank"])
        #expect(f.h.app.screenBlanker == nil)
        #expect(f.h.app.timers.isEmpty)
        f.h.tap(Point(150, 120))
        #expect(f.upInside == 1)
    }
}
