import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md "Events" and issue 2 "Events and routing": touches through Application.handle — frames,
// phases, multi-touch, isMultipleTouchEnabled / isExclusiveTouch, cancel, tap counts, id reuse,
// views and scenes going away mid-touch, device removal and bad coordinates.

/// A view that removes itself (or another view) from the hierarchy when a touch begins.
final class SelfRemovingView: RecordingView {
    weak var toRemove: View?
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        (toRemove ?? self).removeFromSuperview()
    }
}

/// A view that disconnects its window's scene when a touch begins.
final class SceneKillerView: RecordingView {
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        window?.windowScene?.disconnect()
    }
}

@MainActor
@Suite("Touch routing")
struct TouchRoutingTests {
    func pad(_ h: Harness, _ name: String = "Pad", _ frame: Rect = Rect(0, 0, 200, 200)) -> RecordingView {
        let view = RecordingView(name, frame: frame, log: h.log)
        view.forwards = false
        h.window.addSubview(view)
        return view
    }

    /// Issue 2: two fingers down in one frame on a view with isMultipleTouchEnabled arrive in one
    /// touchesBegan with both touches; Event.allTouches holds both.
    @Test func twoFingersInOneFrameArriveTogether() throws {
        let h = Harness(log: Log())
        let view = pad(h)
        view.isMultipleTouchEnabled = true
        h.driver.frame(in: h.window) {
            $0.down(0, at: Point(10, 10)); $0.down(1, at: Point(50, 50))
        }
        #expect(h.log.entries == ["Pad.touchesBegan"])
        #expect(view.lastTouches.count == 2)
        let event = try #require(view.lastEvent)
        #expect(event.allTouches?.count == 2)
        // Moving one finger: the other is stationary and still in allTouches.
        h.driver.touchMove(1, to: Point(60, 60), in: h.window)
        #expect(view.lastTouches.count == 1)
        #expect(event.allTouches?.count == 2)
        let phases = Set(event.allTouches!.map(\.phase))
        #expect(phases == [.moved, .stationary])
        h.driver.frame(in: h.window) {
            $0.up(0); $0.up(1)
        }
        #expect(view.lastTouches.count == 2)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesMoved", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// API.md isMultipleTouchEnabled (default false): the view receives only the first of several
    /// touches; the second is tracked but delivered to nobody until it ends.
    @Test func isMultipleTouchEnabledFalseBlocksTheSecondTouch() {
        let h = Harness(log: Log())
        let view = pad(h)
        #expect(view.isMultipleTouchEnabled == false)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchDown(1, at: Point(50, 50), in: h.window)
        h.driver.touchMove(1, to: Point(60, 60), in: h.window)
        h.driver.touchUp(1, in: h.window)
        #expect(h.log.entries == ["Pad.touchesBegan"])
        #expect(!h.driver.isClean)
        h.driver.touchUp(0, in: h.window)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
        // In one frame too: only one touch reaches the view.
        h.driver.frame(in: h.window) {
            $0.down(0, at: Point(10, 10)); $0.down(1, at: Point(50, 50))
        }
        #expect(view.lastTouches.count == 1)
        h.driver.frame(in: h.window) {
            $0.up(0); $0.up(1)
        }
    }

    /// API.md isExclusiveTouch: a touch in an exclusive view blocks touches to other views of the
    /// window, and an exclusive view gets no touch while other views are being touched.
    @Test func isExclusiveTouchBlocksOtherViews() {
        let h = Harness(log: Log())
        let exclusive = pad(h, "Exclusive", Rect(0, 0, 100, 100))
        exclusive.isExclusiveTouch = true
        let other = pad(h, "Other", Rect(200, 0, 100, 100))
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchDown(1, at: Point(210, 10), in: h.window)
        h.driver.touchUp(1, in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(h.log.entries == ["Exclusive.touchesBegan", "Exclusive.touchesEnded"])
        h.log.clear()
        h.driver.touchDown(1, at: Point(210, 10), in: h.window)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchUp(0, in: h.window)
        h.driver.touchUp(1, in: h.window)
        #expect(h.log.entries == ["Other.touchesBegan", "Other.touchesEnded"])
        _ = other
        #expect(h.driver.isClean)
    }

    /// API.md cancelTouches / issue 2: "a cancel ends every open touch with touchesCancelled".
    @Test func cancelEndsEveryOpenTouch() {
        let h = Harness(log: Log())
        let left = pad(h, "Left", Rect(0, 0, 100, 100))
        let right = pad(h, "Right", Rect(100, 0, 100, 100))
        right.isMultipleTouchEnabled = true
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchDown(1, at: Point(110, 10), in: h.window)
        h.driver.touchDown(2, at: Point(150, 10), in: h.window)
        h.log.clear()
        h.driver.cancelTouches(in: h.window)
        #expect(h.log.entries.sorted() == ["Left.touchesCancelled", "Right.touchesCancelled"])
        #expect(right.lastTouches.count == 2)
        #expect(left.lastTouches.allSatisfy { $0.phase == .cancelled })
        #expect(h.driver.isClean)
        // Ups for the cancelled ids are stale; they reach nobody.
        h.log.clear()
        _ = collectDiagnostics { h.driver.touchUp(0, in: h.window) }
        #expect(h.log.entries.isEmpty)
    }

    /// API.md tapCount: a second tap within 0.35 s and 45 pt of the first on the same view counts 2
    /// (a third, 3); slower or farther counts 1 again.
    @Test func tapCountsNeedTimeAndDistanceWindows() throws {
        let h = Harness(log: Log())
        let view = pad(h, "Pad", Rect(0, 0, 300, 300))
        func tapCount(at p: Point) throws -> Int {
            h.driver.tap(at: p, in: h.window)
            return try #require(view.lastTouches.first).tapCount
        }
        #expect(try tapCount(at: Point(100, 100)) == 1)
        h.driver.advance(by: 0.2)
        #expect(try tapCount(at: Point(110, 110)) == 2)
        h.driver.advance(by: 0.349)
        #expect(try tapCount(at: Point(110, 110)) == 3, "just inside 0.35 s")
        h.driver.advance(by: 0.36)
        #expect(try tapCount(at: Point(110, 110)) == 1, "too slow")
        h.driver.advance(by: 0.1)
        #expect(try tapCount(at: Point(200, 110)) == 1, "90 pt away")
        h.driver.advance(by: 0.1)
        #expect(try tapCount(at: Point(200, 155)) == 2, "45 pt away still counts")
    }

    /// API.md tapCount: the count is fixed at touch-down and counts on the touch's own view only.
    @Test func tapCountIsPerView() throws {
        let h = Harness(log: Log())
        let a = pad(h, "A", Rect(0, 0, 50, 50))
        let b = pad(h, "B", Rect(50, 0, 50, 50))
        h.driver.tap(at: Point(45, 10), in: h.window)
        h.driver.advance(by: 0.1)
        h.driver.tap(at: Point(55, 10), in: h.window)
        #expect(try #require(a.lastTouches.first).tapCount == 1)
        #expect(try #require(b.lastTouches.first).tapCount == 1)
    }

    /// Issue 2: "touch ids reused after up are new touches" — a Touch is the finger for its life.
    @Test func reusedIdsAreNewTouchObjects() throws {
        let h = Harness(log: Log())
        let view = pad(h)
        h.driver.touchDown(7, at: Point(10, 10), in: h.window)
        let first = try #require(view.lastTouches.first)
        h.driver.touchMove(7, to: Point(20, 20), in: h.window)
        #expect(view.lastTouches.first === first, "the same object for the whole life")
        h.driver.touchUp(7, in: h.window)
        #expect(first.phase == .ended)
        h.driver.advance(by: 1)
        h.driver.touchDown(7, at: Point(30, 30), in: h.window)
        let second = try #require(view.lastTouches.first)
        #expect(second !== first)
        #expect(second.phase == .began)
        #expect(first.phase == .ended, "the old touch is left alone")
        #expect(second.identifier == first.identifier)
        h.driver.touchUp(7, in: h.window)
    }

    /// DESIGN.md "touch ids … ended twice": an id that goes down again while open ends the old touch
    /// first (with a diagnostic) and starts a new one; an up for an id that is not down is dropped.
    @Test func doubleDownAndDoubleUpAreSurvived() throws {
        let h = Harness(log: Log())
        let view = pad(h)
        let messages = collectDiagnostics {
            h.driver.touchDown(0, at: Point(10, 10), in: h.window)
            h.driver.touchDown(0, at: Point(20, 20), in: h.window)
            h.driver.touchUp(0, in: h.window)
            h.driver.touchUp(0, in: h.window)
            h.driver.touchMove(5, to: Point(1, 1), in: h.window)
        }
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded", "Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(messages.count == 3)
        #expect(h.driver.isClean)
        _ = view
    }

    /// DESIGN.md "views removed … during delivery": a view that removes itself in touchesBegan gets
    /// touchesCancelled for that touch after the delivery; nothing leaks and the later up is harmless.
    @Test func viewRemovedDuringTouchesBeganGetsCancelled() {
        let h = Harness(log: Log())
        let parent = RecordingView("Parent", frame: Rect(0, 0, 300, 300), log: h.log)
        parent.forwards = false
        let view = SelfRemovingView("Removed", frame: Rect(0, 0, 100, 100), log: h.log)
        parent.addSubview(view)
        h.window.addSubview(parent)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        #expect(view.superview == nil)
        #expect(h.log.entries == ["Removed.touchesBegan", "Parent.touchesBegan", "Removed.touchesCancelled"])
        #expect(h.driver.isClean, "the touch is closed, not leaked")
        h.log.clear()
        _ = collectDiagnostics { h.driver.touchUp(0, in: h.window) }
        #expect(h.log.entries.isEmpty)
        #expect(h.driver.isClean)
    }

    /// DESIGN.md "views removed … during delivery": removing the touched view between events (not
    /// during delivery) cancels its touch at once.
    @Test func viewRemovedBetweenEventsGetsCancelled() {
        let h = Harness(log: Log())
        let view = pad(h)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        view.removeFromSuperview()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesCancelled"])
        #expect(h.driver.isClean)
    }

    /// Removing another view's ancestor during delivery cancels the touches on views inside it.
    @Test func ancestorRemovedDuringDeliveryCancelsTouchesInside() {
        let h = Harness(log: Log())
        let container = View(frame: Rect(100, 0, 100, 100))
        let victim = RecordingView("Victim", frame: Rect(0, 0, 100, 100), log: h.log)
        victim.forwards = false
        container.addSubview(victim)
        h.window.addSubview(container)
        let remover = SelfRemovingView("Remover", frame: Rect(0, 0, 100, 100), log: h.log)
        remover.forwards = false
        remover.toRemove = container
        h.driver.touchDown(0, at: Point(110, 10), in: h.window)
        h.window.addSubview(remover)
        h.driver.touchDown(1, at: Point(10, 10), in: h.window)
        #expect(h.log.entries == ["Victim.touchesBegan", "Remover.touchesBegan", "Victim.touchesCancelled"])
        h.driver.touchUp(1, in: h.window)
        #expect(h.driver.isClean)
    }

    /// DESIGN.md "views removed … during delivery", the everyday case: a Close button whose action
    /// dismisses the modal it sits in, during touchesEnded. The ended touch is not cancelled as
    /// well; another finger on the modal is cancelled; nothing leaks.
    @Test func closeButtonDismissingItsModalDuringTouchesEnded() {
        let log = Log()
        let root = RecordingViewController(log: log)
        let h = Harness(root: root, log: log)
        let modal = RecordingViewController(log: log)
        modal.name = "Modal"
        root.present(modal, animated: false)
        let close = Button(frame: Rect(10, 10, 80, 44))
        var events: [String] = []
        close.addAction(for: .touchUpInside) { _ in
            events.append("upInside"); modal.dismiss(animated: false)
        }
        close.addAction(for: .touchCancel) { _ in events.append("cancel") }
        modal.view.addSubview(close)
        let other = RecordingView("Other", frame: Rect(0, 200, 400, 200), log: log)
        other.forwards = false
        modal.view.addSubview(other)
        h.driver.touchDown(1, at: Point(10, 300), in: h.window)
        h.driver.touchDown(0, at: Point(20, 20), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(events == ["upInside"])
        #expect(modal.view.window == nil)
        #expect(log.entries == ["Other.touchesBegan", "Other.touchesCancelled"])
        #expect(h.driver.isClean)
    }

    /// A device can cancel one slot (libinput's per-touch cancel): only that touch is cancelled.
    @Test func cancellingOneSlot() {
        let h = Harness(log: Log())
        let view = pad(h)
        view.isMultipleTouchEnabled = true
        h.driver.frame(in: h.window) {
            $0.down(0, at: Point(10, 10)); $0.down(1, at: Point(20, 20))
        }
        h.driver.inject(.touchCancel(slot: 1), in: h.window)
        h.driver.inject(.touchFrame, in: h.window)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesCancelled"])
        #expect(view.lastTouches.count == 1)
        #expect(view.lastTouches.first?.identifier.slot == 1)
        h.driver.touchUp(0, in: h.window)
        #expect(h.log.entries.last == "Pad.touchesEnded")
        #expect(h.driver.isClean)
    }

    /// DESIGN.md "windows closed during delivery": a window whose scene is disconnected mid-touch
    /// cancels its open touches; later input for that window is dropped with a diagnostic.
    @Test func sceneDisconnectedMidTouchCancelsItsTouches() {
        let h = Harness(log: Log())
        _ = pad(h)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.scene.disconnect()
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesCancelled"])
        #expect(h.app.connectedScenes.isEmpty)
        #expect(h.app.keyWindow == nil)
        let messages = collectDiagnostics {
            h.driver.touchUp(0, in: h.window)
            h.driver.touchDown(1, at: Point(10, 10), in: h.window)
        }
        #expect(messages.count >= 1)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesCancelled"])
        #expect(h.driver.isClean)
    }

    /// DESIGN.md "windows closed during delivery": the scene disconnected from inside touchesBegan.
    @Test func sceneDisconnectedDuringDelivery() {
        let h = Harness(log: Log())
        let view = SceneKillerView("Killer", frame: Rect(0, 0, 100, 100), log: h.log)
        view.forwards = false
        h.window.addSubview(view)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        #expect(h.log.entries == ["Killer.touchesBegan", "Killer.touchesCancelled"])
        #expect(!h.window.touchRouter.hasOpenTouches)
        #expect(h.driver.isClean)
    }

    /// A window removed from its scene (windowScene = nil) cancels its touches.
    @Test func windowLeavingItsSceneCancelsTouches() {
        let h = Harness(log: Log())
        _ = pad(h)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.window.windowScene = nil
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesCancelled"])
        #expect(h.driver.isClean)
    }

    /// DESIGN.md "a device unplugged mid-touch (its touches are cancelled)": deviceRemoved cancels
    /// that device's touches and its held keys.
    @Test func deviceRemovalCancelsTouchesAndPresses() {
        let log = Log()
        let h = Harness(log: log)
        let field = FocusableView("Focus", frame: Rect(300, 0, 50, 50), log: log)
        field.forwards = false
        h.window.addSubview(field)
        _ = pad(h)
        h.driver.addDevice(InputDevice(id: .main, name: "panel", capabilities: [.touch, .keyboard]))
        #expect(h.app.devices[.main]?.name == "panel")
        #expect(field.becomeFirstResponder())
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.press(USKeyboard.key(for: "a")!, in: h.window)
        #expect(!h.driver.isClean)
        h.driver.removeDevice(.main)
        #expect(log.entries == ["Pad.touchesBegan", "Focus.pressesBegan", "Pad.touchesCancelled", "Focus.pressesCancelled"])
        #expect(h.app.devices[.main] == nil)
        #expect(h.driver.isClean)
    }

    /// Touches of other devices survive a device's removal.
    @Test func removalOnlyCancelsThatDevicesTouches() {
        let h = Harness(log: Log())
        let view = pad(h)
        view.isMultipleTouchEnabled = true
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.device = InputDeviceID(rawValue: 2)
        h.driver.touchDown(0, at: Point(20, 20), in: h.window)
        h.log.clear()
        h.driver.removeDevice(InputDeviceID(rawValue: 2))
        #expect(h.log.entries == ["Pad.touchesCancelled"])
        #expect(view.lastTouches.first?.identifier.device == InputDeviceID(rawValue: 2))
        h.driver.device = .main
        h.driver.touchUp(0, in: h.window)
        #expect(h.log.entries == ["Pad.touchesCancelled", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }

    /// DESIGN.md "NaN/inf/huge coordinates": a NaN or infinite touch is dropped with a diagnostic;
    /// nothing is delivered and nothing stays open.
    @Test func nonFiniteCoordinatesAreDroppedWithADiagnostic() {
        let h = Harness(log: Log())
        _ = pad(h)
        let messages = collectDiagnostics {
            h.driver.touchDown(0, at: Point(.nan, 10), in: h.window)
            h.driver.touchDown(1, at: Point(10, .infinity), in: h.window)
            h.driver.touchDown(2, at: Point(10, 10), in: h.window)
            h.driver.touchMove(2, to: Point(.nan, .nan), in: h.window)
            h.driver.touchUp(2, in: h.window)
            h.driver.pointerMove(to: Point(-.infinity, 0), in: h.window)
        }
        #expect(messages.filter { $0.contains("non-finite") }.count == 4)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
        // Huge but finite coordinates are simply outside every view.
        h.tap(1e300, -1e300)
        #expect(h.log.entries.count == 2)
        #expect(h.driver.isClean)
    }

    /// API.md Touch: phase, timestamp, type .direct for touchscreens, window, view, majorRadius.
    @Test func touchPropertiesFromTheDriver() throws {
        let h = Harness(log: Log())
        let view = pad(h)
        h.driver.advance(by: 2.5)
        h.driver.inject(.touchDown(slot: 3, location: Point(10, 10), majorRadius: 6), in: h.window)
        h.driver.inject(.touchFrame, in: h.window)
        let touch = try #require(view.lastTouches.first)
        #expect(touch.type == .direct)
        #expect(touch.timestamp == 2.5)
        #expect(touch.majorRadius == 6)
        #expect(touch.window === h.window)
        #expect(touch.view === view)
        #expect(touch.phase == .began)
        #expect(view.lastEvent?.timestamp == 2.5)
        h.driver.advance(by: 0.5)
        h.driver.touchUp(3, in: h.window)
        #expect(touch.phase == .ended)
        #expect(touch.timestamp == 3)
    }

    /// Input with no window named goes to the key window.
    @Test func inputWithoutAWindowGoesToTheKeyWindow() {
        let h = Harness(log: Log())
        _ = pad(h)
        h.driver.inject(.touchDown(slot: 0, location: Point(10, 10), majorRadius: nil))
        h.driver.inject(.touchFrame)
        h.driver.inject(.touchUp(slot: 0))
        h.driver.inject(.touchFrame)
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
    }

    /// A down and up of one touch inside one frame are routed as two events (began, then ended),
    /// never as a touch that begins and ends in one event.
    @Test func downAndUpInOneFrameStillBeginThenEnd() {
        let h = Harness(log: Log())
        _ = pad(h)
        h.driver.frame(in: h.window) {
            $0.down(0, at: Point(10, 10)); $0.up(0)
        }
        #expect(h.log.entries == ["Pad.touchesBegan", "Pad.touchesEnded"])
        #expect(h.driver.isClean)
    }
}
