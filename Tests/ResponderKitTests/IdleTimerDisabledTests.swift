import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// `Application.isIdleTimerDisabled` on the manual clock: the screen blanker never blanks while it
/// is true, wakes a blanked screen when it becomes true, and counts a fresh idle stretch from the
/// moment it becomes false again; observers (the Wayland backend's idle inhibitor) hear each change.
@MainActor
@Suite struct IdleTimerDisabledTests {
    @MainActor final class Calls { var entries: [String] = [] }

    @Test func theBlankerDoesNotBlankWhileDisabledAndRestartsItsStretchAfter() {
        let h = Harness()
        let calls = Calls()
        let blanker = ScreenBlanker(application: h.app, after: 30) { calls.entries.append($0 ? "blank" : "unblank") }
        h.app.isIdleTimerDisabled = true
        h.driver.advance(by: 100)
        #expect(!blanker.isBlanked && calls.entries.isEmpty)
        // Enabled again at t = 100: the screen blanks 30 s later, not at once.
        h.app.isIdleTimerDisabled = false
        h.driver.advance(by: 29.99)
        #expect(!blanker.isBlanked)
        h.driver.advance(by: 0.02)
        #expect(blanker.isBlanked)
        #expect(calls.entries == ["blank"])
        blanker.stop()
        #expect(h.driver.isClean)
    }

    @Test func disablingWakesABlankedScreenAndTheNextTapIsDelivered() {
        let h = Harness()
        let button = Button(frame: Rect(100, 100, 100, 40))
        var upInside = 0
        button.addAction(for: .touchUpInside) { _ in upInside += 1 }
        h.window.addSubview(button)
        let calls = Calls()
        let blanker = ScreenBlanker(application: h.app, after: 5) { calls.entries.append($0 ? "blank" : "unblank") }
        h.driver.advance(by: 5.01)
        #expect(blanker.isBlanked)
        h.app.isIdleTimerDisabled = true
        #expect(!blanker.isBlanked)
        #expect(calls.entries == ["blank", "unblank"])
        #expect(blanker.wakeCount == 1)
        // Awake by the app's wish: the next tap is the app's, nothing is swallowed.
        h.tap(Point(150, 120))
        #expect(upInside == 1)
        #expect(blanker.swallowedEventCount == 0)
        blanker.stop()
        #expect(h.driver.isClean)
    }

    @Test func observersHearEachChangeOnce() {
        let h = Harness()
        var seen: [Bool] = []
        h.app.addIdleTimerObserver { seen.append($0) }
        h.app.isIdleTimerDisabled = true
        h.app.isIdleTimerDisabled = true
        h.app.isIdleTimerDisabled = false
        #expect(seen == [true, false])
    }
}
