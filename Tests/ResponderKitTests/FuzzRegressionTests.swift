import RecordingViews
import ResponderKitTesting
import Testing

@_spi(Diagnostics) @testable import ResponderKit

/// Bugs `fuzz-routing` found, each as the smallest scenario that showed it, driven through
/// `Application.handle` on the manual clock. Every test ends with the run clean: no touch,
/// press or button left open.
@MainActor
@Suite struct FuzzRegressionTests {
    /// A recording view that can take the focus (so keys reach it).
    final class Focusable: RecordingView {
        override var canBecomeFirstResponder: Bool { true }
    }

    /// Two windows of one scene, each filled by one recording view that has the focus there;
    /// window A is the key window.
    @MainActor
    struct TwoWindows {
        let log = Log()
        let app = retained(Application())
        let driver: InputDriver
        let scene: WindowScene
        let a: Window, b: Window
        let viewA: RecordingView, viewB: RecordingView

        init() {
            driver = InputDriver(application: app)
            scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300))
            a = Window(windowScene: scene)
            b = Window(windowScene: scene)
            viewA = Focusable("A", frame: a.bounds, log: log)
            viewB = Focusable("B", frame: b.bounds, log: log)
            viewA.forwards = false
            viewB.forwards = false
            a.addSubview(viewA)
            b.addSubview(viewB)
            b.makeKeyAndVisible()
            a.makeKeyAndVisible()
            viewA.becomeFirstResponder()
            viewB.becomeFirstResponder()
        }

        func send(_ kind: InputEvent.Kind, to window: Window? = nil) {
            app.handle(InputEvent(kind, timestamp: driver.now, window: window))
        }
    }

    /// Seed 1: a touch id that went down in one window went down again in another before its up
    /// (the up was lost): the first touch stayed open forever.
    @Test func aTouchIdDownAgainInAnotherWindowEndsTheOldTouch() {
        let w = TwoWindows()
        // B beside A and stacked above it, so each down lands in the window it names (a touch
        // lands in the frontmost window under it, see WindowStackingTests).
        w.b.frame = Rect(x: 200, y: 0, width: 200, height: 300)
        w.b.windowLevel = .statusBar
        w.send(.touchDown(slot: 3, location: Point(x: 10, y: 10), majorRadius: nil), to: w.a)
        w.send(.touchDown(slot: 3, location: Point(x: 20, y: 20), majorRadius: nil), to: w.b)
        w.send(.touchFrame)
        w.send(.touchUp(slot: 3))
        w.send(.touchFrame)
        #expect(w.log.entries == ["A.touchesBegan", "A.touchesEnded", "B.touchesBegan", "B.touchesEnded"])
        #expect(w.driver.isClean)
    }

    /// Seed 1 (after the fix above): the primary button went down in one window and the cursor
    /// moved on to another; the motion and the release went to the new window, whose router did
    /// not own the touch, so the pointer touch never ended.
    @Test func aPointerTouchEndsInTheWindowItBeganIn() {
        let w = TwoWindows()
        w.send(.pointerMotion(location: Point(x: 50, y: 50)), to: w.a)
        w.send(.pointerButton(button: PointerButton.left, pressed: true), to: w.a)
        w.send(.pointerMotion(location: Point(x: 60, y: 60)), to: w.b)
        w.send(.pointerButton(button: PointerButton.left, pressed: false))
        #expect(w.log.entries(endingWith: "touchesBegan") == ["A.touchesBegan"])
        #expect(w.log.entries(endingWith: "touchesMoved") == ["A.touchesMoved"])
        #expect(w.log.entries(endingWith: "touchesEnded") == ["A.touchesEnded"])
        #expect(w.driver.isClean)
    }

    /// Seeds 1 and 2: input naming a window that was closed (taken out of its scene) opened
    /// touches there that nothing could end.
    @Test func inputForAClosedWindowIsDropped() {
        let w = TwoWindows()
        w.b.windowScene = nil
        let dropped = collectDiagnostics {
            w.send(.touchDown(slot: 0, location: Point(x: 10, y: 10), majorRadius: nil), to: w.b)
            w.send(.touchFrame, to: w.b)
            w.send(.pointerButton(button: PointerButton.left, pressed: true), to: w.b)
            w.send(.key(Key(keyCode: 30, characters: "a"), pressed: true, isRepeat: false), to: w.b)
        }
        #expect(w.log.entries.isEmpty)
        #expect(dropped.count == 3, "\(dropped)")  // down, button and key (a frame alone is no input for a window)
        #expect(!w.b.touchRouter.hasOpenTouches && w.b.openPresses.isEmpty)
        w.send(.pointerButton(button: PointerButton.left, pressed: false))
        #expect(w.driver.isClean)
    }

    /// Seed 3: a handler closed its window while a frame was being delivered; the nested cancel
    /// frame reset the finishing touch to "stationary", so it stayed open and was cancelled again
    /// later (touchesCancelled twice).
    @Test func closingTheWindowFromAHandlerEndsEachTouchOnce() {
        let w = TwoWindows()
        final class Closer: View {
            let log: Log
            init(frame: Rect, log: Log) { self.log = log; super.init(frame: frame) }
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.add("Closer.touchesBegan") }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
                log.add("Closer.touchesEnded")
                window?.windowScene = nil
            }
            override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log.add("Closer.touchesCancelled") }
        }
        let closer = Closer(frame: Rect(x: 0, y: 0, width: 100, height: 100), log: w.log)
        w.viewA.addSubview(closer)
        w.send(.touchDown(slot: 0, location: Point(x: 10, y: 10), majorRadius: nil), to: w.a)
        w.send(.touchDown(slot: 1, location: Point(x: 200, y: 200), majorRadius: nil), to: w.a)
        w.send(.touchFrame)
        w.send(.touchUp(slot: 0))
        w.send(.touchFrame)  // Closer.touchesEnded closes the window: touch 1 is cancelled
        #expect(
            w.log.entries == ["Closer.touchesBegan", "A.touchesBegan", "Closer.touchesEnded", "A.touchesCancelled"],
            "\(w.log.entries)")
        w.send(.touchUp(slot: 1))
        w.send(.touchCancel(slot: 1))
        w.send(.touchFrame)
        #expect(w.log.entries(endingWith: "touchesCancelled").count == 1)
        #expect(!w.a.touchRouter.hasOpenTouches)
        #expect(w.driver.isClean)
    }

    /// Seed 3 (variant): when the nested cancel frame comes before a touch's began was delivered,
    /// its view hears nothing of it — never a cancel without a began.
    @Test func aTouchCancelledBeforeItsViewSawItsBeganIsNotCancelledThere() {
        let w = TwoWindows()
        final class ClosingOnBegan: View {
            let log: Log
            init(frame: Rect, log: Log) { self.log = log; super.init(frame: frame) }
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                log.add("Closer.touchesBegan")
                window?.windowScene = nil
            }
            override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log.add("Closer.touchesCancelled") }
        }
        let closer = ClosingOnBegan(frame: Rect(x: 0, y: 0, width: 100, height: 100), log: w.log)
        w.viewA.addSubview(closer)
        w.send(.touchDown(slot: 0, location: Point(x: 10, y: 10), majorRadius: nil), to: w.a)
        w.send(.touchDown(slot: 1, location: Point(x: 200, y: 200), majorRadius: nil), to: w.a)
        w.send(.touchFrame)
        // The closer saw its began and gets its cancel; A never saw touch 1 begin, so gets nothing.
        #expect(w.log.entries == ["Closer.touchesBegan", "Closer.touchesCancelled"], "\(w.log.entries)")
        w.send(.touchUp(slot: 0))
        w.send(.touchUp(slot: 1))
        w.send(.touchFrame)
        #expect(w.driver.isClean)
    }

    /// Seed 5: a button tracking a touch forwarded from its subview never heard the touch end
    /// (the subview moved away meanwhile); it kept the touch, and through it the window, alive
    /// and stayed highlighted.
    @Test func aControlForgetsAForwardedTouchThatEndedElsewhere() {
        weak var weakWindow: Window?
        let button = Button(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        do {
            let w = TwoWindows()
            weakWindow = w.a
            let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            w.viewA.addSubview(button)
            button.addSubview(child)
            w.send(.touchDown(slot: 0, location: Point(x: 10, y: 10), majorRadius: nil), to: w.a)
            w.send(.touchFrame)
            #expect(button.isHighlighted)
            w.viewB.addSubview(child)  // the chain changes: the end reaches B's views, not the button
            w.send(.touchUp(slot: 0))
            w.send(.touchFrame)
            button.removeFromSuperview()
            #expect(w.driver.isClean)
            w.a.windowScene = nil
            w.b.windowScene = nil
            KeepAlive.objects.removeAll { $0 === w.app }
        }
        #expect(weakWindow == nil, "the control kept the finished touch and its window alive")
        // A new touch is tracked normally.
        let app = retained(Application())
        let driver = InputDriver(application: app)
        let window = Window(windowScene: WindowScene(application: app))
        window.addSubview(button)
        window.makeKeyAndVisible()
        var taps = 0
        button.addAction(for: .touchUpInside) { _ in taps += 1 }
        driver.tap(at: Point(x: 100, y: 100), in: window)
        #expect(taps == 1 && !button.isHighlighted)
    }

    /// Seeds 1–4 (strict teardown): a key pressed in a window that is not key was released with
    /// no window named (as libinput does); the release went to the key window and the press
    /// stayed open.
    @Test func aKeyReleaseGoesToTheWindowThatHasThePress() {
        let w = TwoWindows()
        // B stacked above the key window A, so the press stays in B (a key window stacked above
        // the named one would take it, see WindowStackingTests).
        w.b.windowLevel = .statusBar
        w.send(.key(Key(keyCode: 30, characters: "a"), pressed: true, isRepeat: false), to: w.b)
        w.send(.key(Key(keyCode: 30, characters: "a"), pressed: false, isRepeat: false))
        #expect(w.log.entries == ["B.pressesBegan", "B.pressesEnded"], "\(w.log.entries)")
        #expect(w.driver.isClean)
    }

    /// Closing a window cancels its held keys as it cancels its touches.
    @Test func closingAWindowCancelsItsHeldKeys() {
        let w = TwoWindows()
        // B stacked above the key window A, so the press stays in B (a key window stacked above
        // the named one would take it, see WindowStackingTests).
        w.b.windowLevel = .statusBar
        w.send(.key(Key(keyCode: 30, characters: "a"), pressed: true, isRepeat: false), to: w.b)
        w.b.windowScene = nil
        #expect(w.log.entries == ["B.pressesBegan", "B.pressesCancelled"], "\(w.log.entries)")
        #expect(w.b.openPresses.isEmpty)
        w.send(.key(Key(keyCode: 30, characters: "a"), pressed: false, isRepeat: false))
        #expect(w.driver.isClean)
    }

    /// A view that closes its window (takes it out of its scene) from `touchesBegan`, then
    /// forwards the touch along `next` as the default does.
    final class ClosesItsWindow: View {
        let log: Log
        init(frame: Rect, log: Log) {
            self.log = log
            super.init(frame: frame)
        }
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            log.add("Child.touchesBegan")
            window?.windowScene = nil
            super.touchesBegan(touches, with: event)
        }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
            log.add("Child.touchesCancelled")
            super.touchesCancelled(touches, with: event)
        }
    }

    /// Seeds 4, 8, 11, 12 at 200,000 events (once touches landed in the frontmost window): a
    /// handler closed its window in the middle of delivering `touchesBegan`; the touch was
    /// cancelled right there, inside the handler, so its `super` call then forwarded a began to
    /// the parent after the parent had been told the touch was cancelled. The cancel now comes
    /// once the frame is delivered, as UIKit cancels after the event.
    @Test func aWindowClosedInsideAHandlerCancelsItsTouchesAfterTheFrame() {
        let log = Log()
        let app = retained(Application())
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let window = Window(windowScene: scene)
        let parent = RecordingView("Parent", frame: window.bounds, log: log)
        let child = ClosesItsWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        parent.addSubview(child)
        window.addSubview(parent)
        window.makeKeyAndVisible()
        driver.touchDown(1, at: Point(x: 10, y: 10), in: window)
        #expect(log.entries == ["Child.touchesBegan", "Parent.touchesBegan", "Child.touchesCancelled", "Parent.touchesCancelled"])
        #expect(window.windowScene == nil)
        #expect(driver.isClean, "the touch ended with the frame")
    }

    /// Seeds 13, 36 and 38: a pan followed a touchpad swipe and a touch at once, and ended when
    /// the touch lifted. It resets when the swipe ends too, as it waits for all its touches (the
    /// fuzzer's check had looked at the touches only, and its end never ended the swipe).
    @Test func aPanOnATouchAndATouchpadSwipeResetsOnceBothEnded() {
        let w = TwoWindows()
        var trace: [String] = []
        GestureTrace.observer = { trace.append("\($0)") }
        defer { GestureTrace.observer = nil }
        let pan = PanGestureRecognizer { _ in }
        w.viewA.addGestureRecognizer(pan)
        w.send(.pointerMotion(location: Point(x: 50, y: 50)), to: w.a)
        w.send(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .began, fingers: 2)), to: w.a)
        w.send(.touchDown(slot: 2, location: Point(x: 10, y: 10), majorRadius: nil), to: w.a)
        w.send(.touchFrame)
        w.driver.advance(by: 0.016)
        w.send(.touchMotion(slot: 2, location: Point(x: 60, y: 60), majorRadius: nil), to: w.a)
        w.send(.touchFrame)
        w.send(.touchUp(slot: 2), to: w.a)
        w.send(.touchFrame)
        #expect(trace == ["Pan possible → began", "Pan began → ended"])
        #expect(pan.stage == .ended && pan.numberOfTouches == 0 && pan.isFollowingIndirectInput)
        // The swipe goes on: an ended pan does not follow it.
        w.send(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .changed, fingers: 2, dx: 30)), to: w.a)
        #expect(pan.stage == .ended)
        w.send(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .ended, fingers: 2)), to: w.a)
        #expect(trace == ["Pan possible → began", "Pan began → ended", "Pan ended → possible"])
        #expect(!pan.isFollowingIndirectInput)
        #expect(w.driver.isClean)
    }

    /// Seed 181 (100,000 events): a text field tracked a touch moved to a huge finite x, and the
    /// estimated text engine's `Int(_:)` of the character offset trapped. Indices computed from a
    /// coordinate now clamp before converting: the text field's caret position, the segment
    /// under a touch and the accent variant under a finger.
    @Test func indicesFromHugeCoordinatesClampInsteadOfTrapping() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        field.text = "hello"
        #expect(field.characterIndex(closestTo: Point(x: 1e308, y: 10)) == 5)
        #expect(field.characterIndex(closestTo: Point(x: -1e308, y: 10)) == 0)
        #expect(field.characterIndex(closestTo: Point(x: .nan, y: 10)) == 0)

        let variants = KeyVariantsView(frame: Rect(x: 0, y: 0, width: 90, height: 40))
        variants.variants = ["à", "á", "â"]
        #expect(variants.variantIndex(at: Point(x: 1e308, y: 10)) == 2)
        #expect(variants.variantIndex(at: Point(x: -1e308, y: 10)) == 0)
        #expect(variants.variantIndex(at: Point(x: .nan, y: 10)) == 0)

        let w = TwoWindows()
        let control = SegmentedControl(items: ["a", "b"])
        control.frame = Rect(x: 0, y: 0, width: 1e-300, height: 40)
        w.a.addSubview(control)
        w.send(.touchDown(slot: 1, location: Point(x: 0, y: 10), majorRadius: nil), to: w.a)
        w.send(.touchFrame)
        w.send(.touchMotion(slot: 1, location: Point(x: 20, y: 10), majorRadius: nil), to: w.a)
        w.send(.touchFrame)
        #expect(control.highlightedSegmentIndex == 1, "a segment past the last one's end is the last")
        w.send(.touchUp(slot: 1), to: w.a)
        w.send(.touchFrame)
        #expect(w.driver.isClean)
    }
}
