import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Logs its appearance callbacks with their `animated` argument and whether it is being
/// presented or dismissed at that moment ("A.viewDidAppear(true) presented"); its view is a
/// `RecordingView` of the same name, so touches that reach it are logged too.
final class TransitionLoggingController: ViewController {
    let log: Log
    let name: String
    init(_ name: String, log: Log, style: ModalTransitionStyle = .coverVertical) {
        self.log = log
        self.name = name
        super.init()
        modalTransitionStyle = style
    }
    override func loadView() { view = RecordingView(name, log: log) }
    private func record(_ callback: String, _ animated: Bool) {
        let flags = (isBeingPresented ? " presented" : "") + (isBeingDismissed ? " dismissed" : "")
        log.add("\(name).\(callback)(\(animated))\(flags)")
    }
    override func viewWillAppear(_ animated: Bool) { record("viewWillAppear", animated) }
    override func viewDidAppear(_ animated: Bool) { record("viewDidAppear", animated) }
    override func viewWillDisappear(_ animated: Bool) { record("viewWillDisappear", animated) }
    override func viewDidDisappear(_ animated: Bool) {
        record("viewDidDisappear", animated)
        onDidDisappear?()
    }
    /// Runs at the end of `viewDidDisappear`.
    var onDidDisappear: (() -> Void)?
}

/// UIKit's animated modal presentation: `present(_:animated: true, completion:)` slides the view
/// up from below the window (`.coverVertical`) or fades it in (`.crossDissolve`) over
/// `ModalTransitionStyle.duration` (0.4 s, ease-in-out) on the frame clock, with `viewWillAppear`
/// before and `viewDidAppear` then the completion at the frame it ends; dismissal the same way
/// down. No touch that begins during a transition reaches anything. Overlapping transitions,
/// chains and a window going away end every transition once. Time is the manual clock; a frame
/// is `Animator.tick` at its time.
@MainActor
@Suite("Modal transitions: animated present and dismiss")
struct ModalTransitionTests {
    /// A 400×800 window whose root controller's view is a `RecordingView` named Root; the log is
    /// cleared after the root appeared.
    func stage() -> (Harness, TransitionLoggingController) {
        let log = Log()
        let root = TransitionLoggingController("Root", log: log)
        let h = Harness(root: root, log: log)
        log.clear()
        return (h, root)
    }

    /// Moves the manual clock to `time` and draws a frame there (the animator's tick).
    func frame(at time: Double, _ h: Harness) {
        h.driver.advance(by: max(0, time - h.driver.now))
        h.app.animator.tick(now: h.driver.now)
    }

    /// The log without the app delegate's entries (the end of every chain walk).
    func reached(_ log: Log) -> [String] { log.entries.filter { !$0.hasPrefix("AppDelegate.") } }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    let duration = ModalTransitionStyle.coverVertical.duration
    let bounds = Rect(x: 0, y: 0, width: 400, height: 800)
    let below = Rect(x: 0, y: 800, width: 400, height: 800)

    // MARK: Timing

    /// The documented duration: 0.4 s for both styles.
    @Test func theDurationIsFourTenthsOfASecond() {
        #expect(ModalTransitionStyle.coverVertical.duration == 0.4)
        #expect(ModalTransitionStyle.crossDissolve.duration == 0.4)
        #expect(ViewController().modalTransitionStyle == .coverVertical, "UIKit's default")
    }

    /// UIKit's order and times: viewWillAppear(true) at once (being presented, links set, the
    /// model frame already final, drawn below the window); half way in time the view is drawn
    /// half way up (ease-in-out is symmetric); a microsecond before the end nothing more; at the
    /// end viewDidAppear(true) (still being presented inside it), then the completion. Dismissal
    /// mirrors it, and the links are cleared only when it ends.
    @Test func coverVerticalCallbacksAtUIKitsTimes() {
        let (h, root) = stage()
        let log = h.log
        let modal = TransitionLoggingController("Modal", log: log)
        root.present(modal, animated: true) { log.add("presented") }
        #expect(log.entries == ["Modal.viewWillAppear(true) presented"])
        #expect(modal.isBeingPresented && !modal.isBeingDismissed)
        #expect(root.presentedViewController === modal && modal.presentingViewController === root, "set at once")
        #expect(modal.view.window === h.window)
        #expect(modal.view.frame == bounds, "the model is the final place")
        #expect(modal.view.presentation.frame == below, "drawn below the bottom edge")
        #expect(modal.appearanceState == .appearing)

        frame(at: duration / 2, h)
        #expect(close(modal.view.presentation.frame.minY, 400), "half way up at half the time: \(modal.view.presentation.frame)")
        frame(at: duration - 1e-6, h)
        #expect(log.entries == ["Modal.viewWillAppear(true) presented"], "not yet")
        #expect(modal.view.presentation.frame.minY > 0)
        frame(at: duration, h)
        #expect(log.entries == ["Modal.viewWillAppear(true) presented", "Modal.viewDidAppear(true) presented", "presented"])
        #expect(!modal.isBeingPresented)
        #expect(modal.appearanceState == .appeared)
        #expect(modal.view.presentation.frame == bounds && !modal.view.hasAnimations)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === modal.view)
        #expect(!h.app.animator.isRunning)

        log.clear()
        // Dismissed at the frame it appeared (times that add up exactly in binary: 0.4 + 0.4).
        modal.dismiss(animated: true) { log.add("dismissed") }
        #expect(log.entries == ["Modal.viewWillDisappear(true) dismissed"])
        #expect(modal.isBeingDismissed && !modal.isBeingPresented)
        #expect(root.presentedViewController === modal && modal.presentingViewController === root, "still linked while it slides")
        #expect(modal.view.window === h.window)
        #expect(modal.view.frame == below, "the model is below at once")
        #expect(modal.view.presentation.frame == bounds, "drawn where it was")
        frame(at: duration * 1.5, h)
        #expect(close(modal.view.presentation.frame.minY, 400))
        frame(at: duration * 2 - 1e-6, h)
        #expect(log.entries == ["Modal.viewWillDisappear(true) dismissed"])
        #expect(modal.view.window === h.window)
        frame(at: duration * 2, h)
        #expect(log.entries == ["Modal.viewWillDisappear(true) dismissed", "Modal.viewDidDisappear(true) dismissed", "dismissed"])
        #expect(modal.view.window == nil)
        #expect(root.presentedViewController == nil && modal.presentingViewController == nil)
        #expect(!modal.isBeingDismissed)
        #expect(modal.appearanceState == .disappeared)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === root.view)
        #expect(!h.app.animator.isRunning)
        #expect(h.driver.isClean)
    }

    /// A quarter of the time in, the ease-in-out curve has moved the view 12.9 % of the way.
    @Test func theSlideEasesInAndOut() {
        let (h, root) = stage()
        let modal = TransitionLoggingController("Modal", log: h.log)
        root.present(modal, animated: true)
        frame(at: duration / 4, h)
        #expect(close(modal.view.presentation.frame.minY, 800 * (1 - 0.12916193104731982), 1e-6), "\(modal.view.presentation.frame)")
        frame(at: duration, h)
        #expect(h.driver.isClean)
    }

    /// `.crossDissolve`: drawn at alpha 0 at once (the model alpha is 1, the frame final), half
    /// way at half the time, 1 at the end; dismissal fades to 0, and once the view has left the
    /// window its alpha is given back (a later presentation fades in to it again).
    @Test func crossDissolveFadesTheAlpha() {
        let (h, root) = stage()
        let log = h.log
        let modal = TransitionLoggingController("Modal", log: log, style: .crossDissolve)
        root.present(modal, animated: true) { log.add("presented") }
        #expect(modal.view.frame == bounds && modal.view.presentation.frame == bounds, "no slide")
        #expect(modal.view.alpha == 1)
        #expect(modal.view.presentation.alpha == 0)
        frame(at: duration / 4, h)
        #expect(close(modal.view.presentation.alpha, 0.12916193104731982))
        frame(at: duration / 2, h)
        #expect(close(modal.view.presentation.alpha, 0.5))
        frame(at: duration, h)
        #expect(modal.view.presentation.alpha == 1)
        #expect(log.entries.last == "presented")

        log.clear()
        modal.dismiss(animated: true) { log.add("dismissed") }
        #expect(modal.view.alpha == 0, "the model fades out at once")
        #expect(h.window.hitTest(Point(10, 10), with: nil) == nil)
        frame(at: duration * 1.5, h)
        #expect(close(modal.view.presentation.alpha, 0.5))
        #expect(modal.view.window === h.window)
        frame(at: duration * 2, h)
        #expect(log.entries == ["Modal.viewWillDisappear(true) dismissed", "Modal.viewDidDisappear(true) dismissed", "dismissed"])
        #expect(modal.view.window == nil)
        #expect(modal.view.alpha == 1, "given back after it left")

        log.clear()
        root.present(modal, animated: true)
        #expect(modal.view.presentation.alpha == 0)
        frame(at: duration * 3, h)
        #expect(modal.view.presentation.alpha == 1 && modal.view.alpha == 1)
        #expect(h.driver.isClean)
    }

    /// `animated: false` is synchronous, as before: everything has happened when the call
    /// returns, nothing animates, the window takes touches at once; the flags are set inside the
    /// callbacks only.
    @Test func withoutAnimationEverythingHappensAtOnce() {
        let (h, root) = stage()
        let log = h.log
        let modal = TransitionLoggingController("Modal", log: log)
        root.present(modal, animated: false) { log.add("presented") }
        #expect(log.entries == ["Modal.viewWillAppear(false) presented", "Modal.viewDidAppear(false) presented", "presented"])
        #expect(!modal.isBeingPresented && !modal.view.hasAnimations && !h.app.animator.isRunning)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === modal.view)
        log.clear()
        modal.dismiss(animated: false) { log.add("dismissed") }
        #expect(log.entries == ["Modal.viewWillDisappear(false) dismissed", "Modal.viewDidDisappear(false) dismissed", "dismissed"])
        #expect(root.presentedViewController == nil && modal.view.window == nil)
        #expect(h.driver.isClean)
    }

    // MARK: Touches

    /// UIKit ignores interaction during a transition: a touch that begins while the modal slides
    /// in reaches nothing — not the view it slides over, not that view's gesture recognizer, not
    /// the sliding view (hit testing skips the whole window; the model-vs-presentation rule
    /// would skip the sliding view anyway, as it animates without `.allowUserInteraction`),
    /// even when it ends after the slide. A touch that began before goes on to its view. From
    /// the frame the slide ends, touches reach the modal at its model place.
    @Test func touchesThatBeginDuringATransitionReachNothing() {
        let (h, root) = stage()
        let log = h.log
        let recognizer = RecordingRecognizer("RootRecognizer", log: log)
        root.view.addGestureRecognizer(recognizer)
        let modal = TransitionLoggingController("Modal", log: log)

        h.driver.touchDown(1, at: Point(300, 300), in: h.window)
        #expect(reached(log) == ["RootRecognizer.touchesBegan", "Root.touchesBegan"])
        log.clear()
        root.present(modal, animated: true)
        log.clear()
        frame(at: 0.1, h)
        #expect(h.window.hitTest(Point(10, 10), with: nil) == nil)
        #expect(h.window.referenceHitTest(Point(10, 10), with: nil) == nil, "the index agrees with the recursion")
        #expect(!modal.view.isHitTestable, "animating without .allowUserInteraction")
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchMove(0, to: Point(20, 20), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(log.entries.isEmpty, "a tap during the slide reaches nothing: \(log.entries)")
        h.driver.touchUp(1, in: h.window)
        #expect(reached(log) == ["RootRecognizer.touchesEnded", "Root.touchesEnded"], "a touch from before goes on")
        log.clear()

        frame(at: 0.3, h)
        h.driver.touchDown(0, at: Point(10, 700), in: h.window)
        frame(at: duration - 1e-6, h)
        h.driver.touchUp(0, in: h.window)
        #expect(log.entries.isEmpty, "begun during the slide: nothing, even at its end")
        frame(at: duration, h)
        log.clear()
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(reached(log) == ["Modal.touchesBegan", "Modal.touchesEnded"])
        #expect(modal.view.isHitTestable)

        log.clear()
        modal.dismiss(animated: true)
        log.clear()
        frame(at: duration + 0.2, h)
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(log.entries.isEmpty, "nor during the dismissal: \(log.entries)")
        frame(at: 2 * duration, h)
        log.clear()
        h.driver.touchDown(0, at: Point(10, 10), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(reached(log) == ["RootRecognizer.touchesBegan", "Root.touchesBegan", "RootRecognizer.touchesEnded", "Root.touchesEnded"])
        #expect(h.window.modalTransitionsRunning == 0)
        #expect(h.driver.isClean)
    }

    /// The window's own animation (without `.allowUserInteraction`) ending during a transition
    /// does not give touches back early, and the transition ending during the window's own
    /// animation leaves the window blocked until that ends.
    @Test func theWindowsOwnAnimationAndATransitionBlockTogether() {
        let (h, root) = stage()
        let modal = TransitionLoggingController("Modal", log: h.log)
        View.animate(withDuration: 0.1) { h.window.backgroundColor = .red }
        root.present(modal, animated: true)
        frame(at: 0.2, h)
        #expect(!h.window.hasAnimations)
        #expect(h.window.hitTest(Point(10, 10), with: nil) == nil, "the transition still runs")
        View.animate(withDuration: 0.5) { h.window.backgroundColor = .blue }
        frame(at: duration, h)
        #expect(!modal.isBeingPresented)
        #expect(h.window.hitTest(Point(10, 10), with: nil) == nil, "the window's own animation still runs")
        frame(at: 0.75, h)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === modal.view)
        #expect(h.driver.isClean)
    }

    // MARK: Overlaps

    /// Dismissing while the presentation slides in: the presentation ends at once
    /// (viewDidAppear, its completion), the dismissal slides down from where the view is drawn,
    /// and each completion runs once.
    @Test func dismissWhileThePresentationAnimates() {
        let (h, root) = stage()
        let log = h.log
        let modal = TransitionLoggingController("Modal", log: log)
        var presented = 0
        var dismissed = 0
        root.present(modal, animated: true) { presented += 1 }
        frame(at: duration / 2, h)
        let drawn = modal.view.presentation.frame
        log.clear()
        modal.dismiss(animated: true) { dismissed += 1 }
        #expect(log.entries == ["Modal.viewDidAppear(true) presented", "Modal.viewWillDisappear(true) dismissed"])
        #expect(presented == 1 && dismissed == 0)
        #expect(modal.view.presentation.frame == drawn, "it turns back from where it is drawn")
        frame(at: duration / 2 + 0.01, h)
        #expect(modal.view.presentation.frame.minY > drawn.minY, "going down")
        frame(at: duration * 1.5, h)
        #expect(log.entries.suffix(1) == ["Modal.viewDidDisappear(true) dismissed"])
        #expect(presented == 1 && dismissed == 1)
        #expect(root.presentedViewController == nil && modal.view.window == nil)
        frame(at: 5, h)
        #expect(presented == 1 && dismissed == 1, "exactly once")
        #expect(h.window.hitTest(Point(10, 10), with: nil) === root.view)
        #expect(h.driver.isClean)
    }

    /// Presenting while a dismissal slides out: the dismissal ends at once (its view leaves,
    /// viewDidDisappear, its completion), with a diagnostic, then the new presentation runs.
    @Test func presentWhileADismissalAnimates() {
        let (h, root) = stage()
        let log = h.log
        let a = TransitionLoggingController("A", log: log)
        let b = TransitionLoggingController("B", log: log)
        var completions: [String] = []
        root.present(a, animated: false)
        a.dismiss(animated: true) { completions.append("A dismissed") }
        frame(at: 0.1, h)
        log.clear()
        let messages = collectDiagnostics { root.present(b, animated: true) { completions.append("B presented") } }
        #expect(messages.count == 1 && messages[0].contains("being dismissed"), "\(messages)")
        #expect(log.entries == ["A.viewDidDisappear(true) dismissed", "B.viewWillAppear(true) presented"])
        #expect(completions == ["A dismissed"])
        #expect(a.view.window == nil && a.presentingViewController == nil)
        #expect(root.presentedViewController === b && b.presentingViewController === root)
        frame(at: 0.1 + duration, h)
        #expect(completions == ["A dismissed", "B presented"])
        frame(at: 3, h)
        #expect(completions == ["A dismissed", "B presented"])
        #expect(h.window.hitTest(Point(10, 10), with: nil) === b.view)
        #expect(h.driver.isClean)
    }

    /// The usual chaining — present the next screen from the dismissal's completion, or from
    /// viewDidDisappear while the dismissal is ending — presents from the presenter: the new
    /// controller is linked to it (not to the leaving one), slides in, and no diagnostic is
    /// reported.
    @Test func presentingWhenADismissalEnds() {
        let (h, root) = stage()
        let log = h.log
        let a = TransitionLoggingController("A", log: log)
        let b = TransitionLoggingController("B", log: log)
        let c = TransitionLoggingController("C", log: log)
        var completions: [String] = []
        let messages = collectDiagnostics {
            root.present(a, animated: false)
            a.dismiss(animated: true) {
                root.present(b, animated: true) { completions.append("B presented") }
            }
            frame(at: duration, h)
            #expect(root.presentedViewController === b && b.presentingViewController === root && b.isBeingPresented)
            #expect(a.presentingViewController == nil && a.presentedViewController == nil)
            frame(at: duration * 2, h)
            #expect(completions == ["B presented"])

            b.onDidDisappear = { root.present(c, animated: true) { completions.append("C presented") } }
            b.dismiss(animated: true) { completions.append("B dismissed") }
            frame(at: duration * 3, h)
            #expect(completions == ["B presented", "B dismissed"])
            #expect(root.presentedViewController === c && c.presentingViewController === root)
            #expect(b.presentingViewController == nil && b.presentedViewController == nil && b.view.window == nil)
            #expect(c.isBeingPresented && c.view.window === h.window)
            frame(at: 2, h)
        }
        #expect(messages.isEmpty, "\(messages)")
        #expect(completions == ["B presented", "B dismissed", "C presented"])
        #expect(h.window.hitTest(Point(10, 10), with: nil) === c.view)
        #expect(h.driver.isClean)
    }

    /// Presenting from a controller that already presents goes to the top of the stack, as
    /// without animation; presenting there while the top still slides in ends that slide first.
    @Test func presentingFromAPresenterChainsToTheTop() {
        let (h, root) = stage()
        let log = h.log
        let a = TransitionLoggingController("A", log: log)
        let b = TransitionLoggingController("B", log: log)
        var completions: [String] = []
        root.present(a, animated: true) { completions.append("A") }
        frame(at: 0.1, h)
        log.clear()
        let messages = collectDiagnostics { root.present(b, animated: true) { completions.append("B") } }
        #expect(messages.count == 1 && messages[0].contains("being presented"), "\(messages)")
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(log.entries == ["A.viewDidAppear(true) presented", "B.viewWillAppear(true) presented"])
        #expect(completions == ["A"])
        #expect(h.window.subviews.last === b.view, "on top")
        frame(at: 0.1 + duration, h)
        #expect(completions == ["A", "B"])
        #expect(!a.isBeingPresented && !b.isBeingPresented)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === b.view)
        #expect(h.driver.isClean)
    }

    /// Dismissing a stack: every controller in it gets viewWillDisappear(true) at once (top
    /// first) and is being dismissed; the ones in between leave the window at once, only the top
    /// slides down; at the end all get viewDidDisappear(true), the links go, the completion runs
    /// once.
    @Test func dismissingAStackAnimatesOnlyTheTop() {
        let (h, root) = stage()
        let log = h.log
        let a = TransitionLoggingController("A", log: log)
        let b = TransitionLoggingController("B", log: log)
        root.present(a, animated: false)
        a.present(b, animated: false)
        log.clear()
        var dismissed = 0
        root.dismiss(animated: true) { dismissed += 1 }
        #expect(log.entries == ["B.viewWillDisappear(true) dismissed", "A.viewWillDisappear(true) dismissed"])
        #expect(a.isBeingDismissed && b.isBeingDismissed)
        #expect(a.view.window == nil, "the one in between leaves at once")
        #expect(b.view.window === h.window && b.view.hasAnimations)
        #expect(root.presentedViewController === a && a.presentedViewController === b, "linked until the end")
        frame(at: duration / 2, h)
        #expect(close(b.view.presentation.frame.minY, 400))
        frame(at: duration, h)
        #expect(
            log.entries.suffix(2) == ["B.viewDidDisappear(true) dismissed", "A.viewDidDisappear(true) dismissed"])
        #expect(dismissed == 1)
        #expect(root.presentedViewController == nil && a.presentedViewController == nil)
        #expect(a.presentingViewController == nil && b.presentingViewController == nil)
        #expect(b.view.window == nil && !a.isBeingDismissed && !b.isBeingDismissed)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === root.view)
        #expect(h.driver.isClean)
    }

    /// Dismissing what is already being dismissed joins that dismissal (a diagnostic; both
    /// completions at its end, once); without animation it ends the running one at once.
    @Test func dismissingTwiceJoinsTheRunningDismissal() {
        let (h, root) = stage()
        let modal = TransitionLoggingController("Modal", log: h.log)
        var completions: [String] = []
        root.present(modal, animated: false)
        modal.dismiss(animated: true) { completions.append("first") }
        let messages = collectDiagnostics { root.dismiss(animated: true) { completions.append("second") } }
        #expect(messages.count == 1 && messages[0].contains("already being dismissed"))
        frame(at: duration, h)
        #expect(completions == ["first", "second"])

        root.present(modal, animated: false)
        modal.dismiss(animated: true) { completions.append("third") }
        frame(at: duration + 0.1, h)
        _ = collectDiagnostics { modal.dismiss(animated: false) { completions.append("fourth") } }
        #expect(completions == ["first", "second", "third", "fourth"])
        #expect(modal.view.window == nil && root.presentedViewController == nil)
        frame(at: 5, h)
        #expect(completions == ["first", "second", "third", "fourth"], "each once")
        var nothing = 0
        root.dismiss(animated: true) { nothing += 1 }
        #expect(nothing == 1, "nothing to dismiss: the completion runs at once")
        #expect(h.driver.isClean)
    }

    /// Misuse is refused with a diagnostic, not a trap: presenting a controller that is already
    /// presented, presenting a controller on itself. Nothing changes; the completion is not called.
    @Test func misuseIsRefusedWithADiagnostic() {
        let (h, root) = stage()
        let modal = TransitionLoggingController("Modal", log: h.log)
        var called = 0
        root.present(modal, animated: true)
        var messages = collectDiagnostics { root.present(modal, animated: true) { called += 1 } }
        #expect(messages.count == 1 && messages[0].hasPrefix("presentation: present:"), "\(messages)")
        messages = collectDiagnostics { modal.present(modal, animated: true) { called += 1 } }
        #expect(messages.count == 1)
        #expect(called == 0)
        #expect(root.presentedViewController === modal && modal.presentedViewController == nil)
        frame(at: duration, h)
        #expect(!modal.isBeingPresented)
        #expect(h.driver.isClean)
    }

    // MARK: Going away

    /// The presented view taken out of the window mid-slide: its animation ends unfinished, the
    /// transition ends at that frame (viewDidAppear and the completion once) and the window takes
    /// touches again — nothing stays stuck.
    @Test func thePresentedViewRemovedMidSlide() {
        let (h, root) = stage()
        let modal = TransitionLoggingController("Modal", log: h.log)
        var presented = 0
        root.present(modal, animated: true) { presented += 1 }
        frame(at: 0.1, h)
        modal.view.removeFromSuperview()
        frame(at: 0.12, h)
        #expect(presented == 1)
        #expect(!modal.isBeingPresented && modal.appearanceState == .appeared)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === root.view)
        var dismissed = 0
        modal.dismiss(animated: true) { dismissed += 1 }
        #expect(dismissed == 1, "its view is in no window: it goes at once")
        #expect(root.presentedViewController == nil && modal.appearanceState == .disappeared)
        frame(at: 2, h)
        #expect(presented == 1 && dismissed == 1)
        #expect(h.driver.isClean)
    }

    /// The window leaves its scene and is released mid-slide (and mid-dismissal): the frames go
    /// on, the transitions end at their time without a crash, completions once; a dismissal
    /// started when the window is gone happens at once.
    @Test func theWindowGoingAwayMidTransition() {
        let app = retained(Application())
        let driver = InputDriver(application: app)
        let scene = retained(WindowScene(application: app, screenBounds: Rect(0, 0, 300, 200)))
        let log = Log()
        let root = TransitionLoggingController("Root", log: log)
        let modal = TransitionLoggingController("Modal", log: log)
        let other = TransitionLoggingController("Other", log: log)
        var completions: [String] = []
        do {
            let window = Window(windowScene: scene)
            window.rootViewController = root
            window.makeKeyAndVisible()
            root.present(modal, animated: true) { completions.append("modal presented") }
            driver.advance(by: 0.1)
            app.animator.tick(now: driver.now)
            window.windowScene = nil
            window.rootViewController = nil
        }
        #expect(root.view.window == nil && modal.view.window == nil, "the window was released")
        driver.advance(by: 0.4)
        app.animator.tick(now: driver.now)
        #expect(completions == ["modal presented"])
        #expect(!modal.isBeingPresented)
        modal.dismiss(animated: true) { completions.append("modal dismissed") }
        #expect(completions == ["modal presented", "modal dismissed"], "no window: at once")
        #expect(root.presentedViewController == nil)

        // Mid-dismissal.
        do {
            let window = Window(windowScene: scene)
            window.rootViewController = root
            window.makeKeyAndVisible()
            root.present(other, animated: false)
            other.dismiss(animated: true) { completions.append("other dismissed") }
            driver.advance(by: 0.1)
            app.animator.tick(now: driver.now)
            window.windowScene = nil
            window.rootViewController = nil
        }
        driver.advance(by: 0.4)
        app.animator.tick(now: driver.now)
        #expect(completions == ["modal presented", "modal dismissed", "other dismissed"])
        #expect(root.presentedViewController == nil && other.presentingViewController == nil)
        #expect(!app.animator.isRunning)
        #expect(driver.isClean)
    }

    // MARK: First responder and keyboard

    /// A field that becomes first responder in viewDidAppear (the seed's place for it) does so at
    /// the end of the slide, and its input view then slides up with the keyboard notifications,
    /// as without a transition. Dismissing resigns it as the slide down starts (UIKit ends
    /// editing then), so the keyboard leaves beside the view, not after it.
    @Test func aFieldFocusedInViewDidAppearGetsItsKeyboard() {
        final class FormController: ViewController {
            let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
            var focusedAt: Double?
            override func viewDidLoad() {
                field.inputView = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
                view.addSubview(field)
            }
            override func viewDidAppear(_ animated: Bool) { _ = field.becomeFirstResponder() }
        }
        let (h, root) = stage()
        var notes: [(String, Double)] = []
        let names = [
            (Responder.keyboardWillShowNotification, "willShow"), (Responder.keyboardDidShowNotification, "didShow"),
            (Responder.keyboardWillHideNotification, "willHide"), (Responder.keyboardDidHideNotification, "didHide")
        ]
        let tokens = names.map { name, label in
            NotificationCenter.default.addObserver(forName: name, object: h.window) { _ in notes.append((label, h.driver.now)) }
        }
        defer { for token in tokens { NotificationCenter.default.removeObserver(token) } }
        let form = FormController()
        root.present(form, animated: true)
        frame(at: duration - 1e-6, h)
        #expect(!form.field.isFirstResponder && notes.isEmpty)
        frame(at: duration, h)
        #expect(form.field.isFirstResponder && h.window.firstResponder === form.field)
        #expect(notes.map(\.0) == ["willShow"])
        #expect(h.window.keyboardFrame == Rect(x: 0, y: 600, width: 400, height: 200))
        frame(at: duration + InputViewPresenter.slideDuration, h)
        #expect(notes.map(\.0) == ["willShow", "didShow"])
        h.driver.type("hi", in: h.window)
        #expect(form.field.text == "hi")
        let dismissedAt = h.driver.now
        form.dismiss(animated: true)
        #expect(!form.field.isFirstResponder && h.window.firstResponder == nil, "resigned as the dismissal starts")
        #expect(notes.map(\.0) == ["willShow", "didShow", "willHide"])
        #expect(notes.last?.1 == dismissedAt)
        frame(at: dismissedAt + InputViewPresenter.slideDuration + 0.01, h)
        #expect(notes.map(\.0) == ["willShow", "didShow", "willHide", "didHide"], "the keyboard is down before the view")
        #expect(form.isBeingDismissed && form.view.window === h.window)
        frame(at: dismissedAt + duration, h)
        #expect(form.view.window == nil && h.window.keyboardFrame == nil)
        #expect(h.driver.isClean)
    }
}
