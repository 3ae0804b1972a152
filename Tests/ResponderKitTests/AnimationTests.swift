import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 9: `View.animate` — UIKit's curves at exact times, the model changing at once while the
/// presentation moves with the frame clock, completions (`true` at the end, `false` when
/// interrupted), `.beginFromCurrentState`, delays, repeats, and hit testing during an animation
/// (the model, and no interaction without `.allowUserInteraction`), the index checked against
/// the reference recursion. Time is a manual clock; a "frame" is `Animator.tick` at its time.
@MainActor
@Suite("Animation: View.animate on the frame clock")
struct AnimationTests {
    /// A visible 400×300 window of a fresh application on a manual clock at 0.
    func stage() -> (Application, InputDriver, Window) {
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        _ = window.takeDamage()
        return (app, driver, window)
    }

    /// Moves the clock to `time` and draws a frame there (the animator's tick).
    func frame(at time: Double, _ driver: InputDriver, _ app: Application) {
        driver.advance(by: time - driver.now)
        app.animator.tick(now: driver.now)
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    // MARK: Curves

    /// Core Animation's timing functions, against values solved independently (exact rational
    /// bisection of the same Bézier curves): ease-in-out (0.42, 0, 0.58, 1), ease-in
    /// (0.42, 0, 1, 1), ease-out (0, 0, 0.58, 1). Ends are exact; linear is the identity.
    @Test func curvesAreCoreAnimationsTimingFunctions() {
        let times = [0.1, 0.25, 0.5, 0.75, 0.9]
        let expected: [(View.AnimationCurve, [Double])] = [
            (.easeInOut, [0.019722453548311196, 0.12916193104731982, 0.5, 0.8708380689526802, 0.9802775464516889]),
            (.easeIn, [0.01702660965156294, 0.09346465071882486, 0.3153568125725393, 0.6218618691748902, 0.8394278457624665]),
            (.easeOut, [0.16057215423753346, 0.3781381308251098, 0.6846431874274607, 0.9065353492811752, 0.982973390348437])
        ]
        for (curve, values) in expected {
            for (time, value) in zip(times, values) {
                #expect(close(curve.progress(at: time), value), "\(curve) at \(time): \(curve.progress(at: time)), expected \(value)")
            }
            #expect(curve.progress(at: 0) == 0 && curve.progress(at: 1) == 1)
            #expect(curve.progress(at: -1) == 0 && curve.progress(at: 2) == 1)
            var previous = 0.0
            for step in 1...1000 {
                let p = curve.progress(at: Double(step) / 1000)
                #expect(p >= previous, "\(curve) is not monotone at \(step)")
                previous = p
            }
        }
        for time in times { #expect(View.AnimationCurve.linear.progress(at: time) == time) }
        #expect(View.AnimationOptions().curve == .easeInOut)
        #expect(View.AnimationOptions.curveEaseIn.curve == .easeIn)
        #expect(View.AnimationOptions.curveEaseOut.curve == .easeOut)
        #expect(View.AnimationOptions([.curveLinear, .allowUserInteraction]).curve == .linear)
    }

    /// The default curve is ease-in-out: a quarter of the way in time is 12.9 % of the way.
    @Test func theDefaultCurveIsEaseInOut() {
        let (app, driver, window) = stage()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        View.animate(withDuration: 1) { view.alpha = 0 }
        frame(at: 0.25, driver, app)
        #expect(close(view.presentation.alpha, 1 - 0.12916193104731982))
        frame(at: 0.5, driver, app)
        #expect(close(view.presentation.alpha, 0.5))
    }

    // MARK: Model and presentation

    /// Inside the block the model changes at once (frame, centre read the final values), while
    /// what is drawn starts at the old place and moves with the clock: linear, exactly half way at
    /// half the duration; at the end the drawing is the model and nothing animates.
    @Test func theModelChangesAtOnceThePresentationMovesWithTheClock() {
        let (app, driver, window) = stage()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        window.addSubview(view)
        var frameInsideTheBlock = Rect.null
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            view.frame = Rect(x: 200, y: 100, width: 100, height: 50)
            frameInsideTheBlock = view.frame
        }
        #expect(frameInsideTheBlock == Rect(x: 200, y: 100, width: 100, height: 50))
        #expect(view.frame == Rect(x: 200, y: 100, width: 100, height: 50))
        #expect(view.center == Point(x: 250, y: 125))
        #expect(view.hasAnimations)
        #expect(view.layer.animationKeys() == ["position"], "the size did not change: only the position animates")
        #expect(view.presentation.center == Point(x: 50, y: 25), "nothing was drawn elsewhere yet")
        frame(at: 0.25, driver, app)
        #expect(view.presentation.center == Point(x: 100, y: 50))
        #expect(view.presentation.frame == Rect(x: 50, y: 25, width: 100, height: 50))
        frame(at: 0.5, driver, app)
        #expect(view.presentation.center == Point(x: 150, y: 75))
        #expect(view.frame == Rect(x: 200, y: 100, width: 100, height: 50), "the model never moves")
        frame(at: 1, driver, app)
        #expect(!view.hasAnimations)
        #expect(view.layer.animationKeys() == nil)
        #expect(view.presentation.center == view.center)
        #expect(!app.animator.isRunning)
    }

    /// Alpha, background colour, transform and bounds interpolate; a nil background fades as its
    /// colour at alpha 0; a half turn rotates (a quarter turn at half way, scale kept) instead of
    /// collapsing through a zero scale.
    @Test func everyAnimatablePropertyInterpolates() {
        let (app, driver, window) = stage()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        let fading = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        window.addSubview(view)
        window.addSubview(fading)
        View.animate(withDuration: 2, delay: 0, options: .curveLinear) {
            view.alpha = 0.5
            view.backgroundColor = .blue
            view.transform = AffineTransform(rotationAngle: .pi)
            view.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
            fading.backgroundColor = .green
        }
        #expect(Set(view.layer.animationKeys() ?? []) == ["opacity", "backgroundColor", "transform", "bounds"])
        #expect(view.bounds.size == Size(width: 200, height: 100) && view.alpha == 0.5 && view.backgroundColor == .blue)
        frame(at: 1, driver, app)
        let drawn = view.presentation
        #expect(close(drawn.alpha, 0.75))
        #expect(drawn.backgroundColor == Color(red: 0.5, green: 0, blue: 0.5))
        #expect(
            close(drawn.transform.a, 0, 1e-12) && close(drawn.transform.b, 1, 1e-12)
                && close(drawn.transform.c, -1, 1e-12) && close(drawn.transform.d, 0, 1e-12), "\(drawn.transform)")
        #expect(drawn.bounds == Rect(x: 0, y: 0, width: 150, height: 75))
        #expect(drawn.center == view.center, "a bounds change keeps the centre")
        #expect(fading.presentation.backgroundColor == Color(red: 0, green: 1, blue: 0, alpha: 0.5))
        frame(at: 2, driver, app)
        #expect(
            view.presentation
                == ViewPresentation(
                    center: view.center, bounds: view.bounds, transform: view.transform,
                    alpha: 0.5, backgroundColor: .blue))
        #expect(fading.presentation.backgroundColor == .green)
    }

    /// `performWithoutAnimation` inside a block, and a block that changes nothing animatable:
    /// no animation; the completion still comes, at the next frame, with `true`.
    @Test func changesWithoutAnimationAreDrawnAtOnce() {
        let (app, driver, window) = stage()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        var finished: [Bool] = []
        View.animate(
            withDuration: 1,
            animations: {
                View.performWithoutAnimation { view.center = Point(x: 100, y: 100) }
                view.tag = 7
            }, completion: { finished.append($0) })
        #expect(!view.hasAnimations)
        #expect(view.presentation.center == Point(x: 100, y: 100))
        #expect(finished.isEmpty, "never called from inside animate")
        frame(at: 0, driver, app)
        #expect(finished == [true])
        // A zero duration is no animation either.
        View.animate(withDuration: 0, animations: { view.alpha = 0.3 }, completion: { finished.append($0) })
        #expect(!view.hasAnimations && view.presentation.alpha == 0.3)
        frame(at: 0, driver, app)
        #expect(finished == [true, true])
    }

    /// A view in no window is not drawn: it changes at once, and nothing is left running (a
    /// block without completion leaves nothing to deliver, so no animator asks for frames).
    @Test func aViewOutsideAWindowChangesAtOnce() {
        let (app, _, _) = stage()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        View.animate(withDuration: 1) { view.center = Point(x: 50, y: 50) }
        #expect(!view.hasAnimations)
        #expect(view.presentation.center == Point(x: 50, y: 50))
        #expect(!app.animator.isRunning)
    }

    // MARK: Completions

    /// `true` at the frame the last animation of the block ends, once; not before.
    @Test func theCompletionGetsTrueWhenTheAnimationRanToItsEnd() {
        let (app, driver, window) = stage()
        let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = View(frame: Rect(x: 0, y: 20, width: 10, height: 10))
        window.addSubview(a)
        window.addSubview(b)
        var calls: [Bool] = []
        View.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: {
                a.center.x += 100
                b.alpha = 0.2
            }, completion: { calls.append($0) })
        frame(at: 0.5, driver, app)
        frame(at: 0.99, driver, app)
        #expect(calls.isEmpty)
        frame(at: 1, driver, app)
        #expect(calls == [true])
        frame(at: 2, driver, app)
        #expect(calls == [true])
        #expect(!app.animator.isRunning)
    }

    /// Interruptions give `false`: a new animation of the property (without
    /// `.beginFromCurrentState`), the view leaving its window, `layer.removeAllAnimations()`, and a
    /// change of the property outside a block (drawn at once).
    @Test func theCompletionGetsFalseWhenInterrupted() {
        let (app, driver, window) = stage()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        var log: [String] = []

        View.animate(withDuration: 1, animations: { view.center.x = 100 }, completion: { log.append("first \($0)") })
        frame(at: 0.5, driver, app)
        View.animate(withDuration: 1, animations: { view.center.x = 200 }, completion: { log.append("second \($0)") })
        frame(at: 0.6, driver, app)
        #expect(log == ["first false"])
        frame(at: 1.5, driver, app)
        #expect(log == ["first false", "second true"])

        View.animate(withDuration: 1, animations: { view.center.x = 0 }, completion: { log.append("removed \($0)") })
        frame(at: 1.7, driver, app)
        view.removeFromSuperview()
        #expect(!view.hasAnimations && view.presentation.center.x == 0)
        frame(at: 1.8, driver, app)
        #expect(log.last == "removed false")

        window.addSubview(view)
        View.animate(withDuration: 1, animations: { view.alpha = 0.5 }, completion: { log.append("layer \($0)") })
        view.layer.removeAllAnimations()
        #expect(view.presentation.alpha == 0.5)
        frame(at: 1.9, driver, app)
        #expect(log.last == "layer false")

        View.animate(
            withDuration: 1,
            animations: {
                view.center.y = 150; view.alpha = 1
            }, completion: { log.append("set \($0)") })
        frame(at: 2, driver, app)
        view.center.y = 50  // outside a block: the position animation ends, the alpha one goes on
        #expect(view.presentation.center.y == 50)
        #expect(view.layer.animationKeys() == ["opacity"])
        frame(at: 3, driver, app)
        #expect(log.last == "set false", "one of the block's animations was cut short")
        #expect(log.count == 5)
    }

    // MARK: Starting over a running animation

    /// With `.beginFromCurrentState` the new animation starts where the view is drawn; without
    /// it, from the model value (the old target), as UIKit does.
    @Test func beginFromCurrentStateStartsFromWhatIsDrawn() {
        for fromCurrent in [true, false] {
            let (app, driver, window) = stage()
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(view)
            View.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center = Point(x: 105, y: 5) }
            frame(at: 0.5, driver, app)
            #expect(view.presentation.center.x == 55)
            View.animate(withDuration: 1, delay: 0, options: fromCurrent ? [.curveLinear, .beginFromCurrentState] : .curveLinear) {
                view.center = Point(x: 205, y: 5)
            }
            #expect(view.presentation.center.x == (fromCurrent ? 55 : 105), "starts from \(fromCurrent ? "what is drawn" : "the model")")
            frame(at: 1, driver, app)
            #expect(view.presentation.center.x == (fromCurrent ? 130 : 155))
            frame(at: 1.5, driver, app)
            #expect(view.presentation.center.x == 205 && !view.hasAnimations)
        }
    }

    /// During the delay the old value is drawn (and the view is already animating); then the
    /// duration runs from the end of the delay.
    @Test func aDelayHoldsTheStartValue() {
        let (app, driver, window) = stage()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        var done: Bool?
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 }, completion: { done = $0 })
        #expect(view.alpha == 0 && view.presentation.alpha == 1)
        frame(at: 0.25, driver, app)
        #expect(view.presentation.alpha == 1 && view.hasAnimations)
        frame(at: 1, driver, app)
        #expect(view.presentation.alpha == 0.5)
        frame(at: 1.5, driver, app)
        #expect(view.presentation.alpha == 0 && done == true)
    }

    /// `.autoreverse` goes there and back, then shows the model value (UIKit's snap); `.repeat`
    /// never ends by itself, and ends unfinished when removed.
    @Test func autoreverseAndRepeat() {
        let (app, driver, window) = stage()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        var log: [Bool] = []
        View.animate(
            withDuration: 1, delay: 0, options: [.curveLinear, .autoreverse], animations: { view.center.x = 105 },
            completion: { log.append($0) })
        frame(at: 0.5, driver, app)
        #expect(view.presentation.center.x == 55)
        frame(at: 1.5, driver, app)
        #expect(view.presentation.center.x == 55, "on the way back")
        frame(at: 2, driver, app)
        #expect(view.presentation.center.x == 105 && log == [true], "ends showing the model value")

        View.animate(
            withDuration: 1, delay: 0, options: [.curveLinear, .repeat], animations: { view.center.x = 205 },
            completion: { log.append($0) })
        frame(at: 2.25, driver, app)
        #expect(view.presentation.center.x == 130)
        frame(at: 5.5, driver, app)
        #expect(view.presentation.center.x == 155 && view.hasAnimations)
        view.layer.removeAllAnimations()
        frame(at: 5.6, driver, app)
        #expect(log == [true, false])
        #expect(!app.animator.isRunning)
    }

    // MARK: Damage

    /// Each frame damages where the view was drawn and where it is drawn now (its subviews
    /// with it), nothing after the end.
    @Test func eachFrameDamagesTheOldAndNewDrawnRects() {
        let (app, driver, window) = stage()
        let view = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let child = View(frame: Rect(x: 20, y: 0, width: 10, height: 10))  // outside its parent, unclipped
        view.addSubview(child)
        window.addSubview(view)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center.x += 100 }
        _ = window.takeDamage()
        frame(at: 0.5, driver, app)
        let damage = window.takeDamage()
        for expected in [Rect(x: 0, y: 0, width: 30, height: 20), Rect(x: 50, y: 0, width: 30, height: 20)] {
            #expect(damage.rects.contains { $0.contains(expected) }, "\(expected) not in \(damage.rects)")
        }
        frame(at: 1, driver, app)
        let last = window.takeDamage()
        for expected in [Rect(x: 50, y: 0, width: 30, height: 20), Rect(x: 100, y: 0, width: 30, height: 20)] {
            #expect(last.rects.contains { $0.contains(expected) }, "\(expected) not in \(last.rects)")
        }
        frame(at: 2, driver, app)
        #expect(window.takeDamage().isEmpty)
        // A redraw request of a moving view is where it is drawn.
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center.x -= 100 }
        frame(at: 2.5, driver, app)
        _ = window.takeDamage()
        view.setNeedsDisplay()
        #expect(window.takeDamage().rects == [Rect(x: 50, y: 0, width: 20, height: 20)])
    }

    // MARK: Hit testing

    /// UIKit's rule, exactly: hit testing uses the model (the final place), and a view animating
    /// without `.allowUserInteraction` is skipped with its subtree (touches go to what is behind
    /// it), from the `animate` call to the frame it ends; with the option it is hit at its model
    /// place, never where it is drawn. The index answers what the reference recursion answers at
    /// every point of a grid, before, during and after.
    @Test(arguments: [false, true])
    func hitTestingDuringAnAnimationUsesTheModel(allowUserInteraction: Bool) {
        let (app, driver, window) = stage()
        let behind = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let mover = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        mover.addSubview(child)
        window.addSubview(behind)
        window.addSubview(mover)
        func expectIndexMatchesReference(_ when: String) {
            var checked = 0
            for y in stride(from: -5.0, through: 305, by: 5) {
                for x in stride(from: -5.0, through: 405, by: 5) {
                    let p = Point(x: x, y: y)
                    #expect(window.hitTest(p, with: nil) === window.referenceHitTest(p, with: nil), "\(when): \(p)")
                    checked += 1
                }
            }
            #expect(checked > 5000)
        }
        expectIndexMatchesReference("before")
        #expect(window.hitTest(Point(x: 5, y: 5), with: nil) === mover)

        let options: View.AnimationOptions = allowUserInteraction ? [.curveLinear, .allowUserInteraction] : .curveLinear
        View.animate(withDuration: 1, delay: 0, options: options) { mover.center.x += 200 }
        let model = Point(x: 205, y: 5), modelChild = Point(x: 220, y: 20), drawn = Point(x: 5, y: 5)
        #expect(mover.isUserInteractionEnabled, "the public flag is the app's; the animation does not touch it")
        for time in [0.0, 0.5] {
            frame(at: time, driver, app)
            expectIndexMatchesReference("t=\(time)")
            #expect(window.hitTest(model, with: nil) === (allowUserInteraction ? mover : behind))
            #expect(window.hitTest(modelChild, with: nil) === (allowUserInteraction ? child : behind))
            #expect(window.hitTest(drawn, with: nil) === behind, "never where it is drawn")
        }
        #expect(window.hitTest(Point(x: 105, y: 5), with: nil) === behind, "drawn here at t=0.5")
        frame(at: 1, driver, app)
        expectIndexMatchesReference("after")
        #expect(window.hitTest(model, with: nil) === mover)
        #expect(window.hitTest(modelChild, with: nil) === child)
    }

    /// A delayed animation blocks touches from the start (UIKit counts the delay as animating);
    /// an interrupted one gives them back at once.
    @Test func interactionComesBackWhenTheAnimationEndsOrIsRemoved() {
        let (app, driver, window) = stage()
        let mover = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(mover)
        View.animate(withDuration: 1, delay: 1, options: []) { mover.alpha = 0.5 }
        frame(at: 0.5, driver, app)
        #expect(window.hitTest(Point(x: 5, y: 5), with: nil) === window)
        #expect(window.referenceHitTest(Point(x: 5, y: 5), with: nil) === window)
        mover.layer.removeAllAnimations()
        #expect(window.hitTest(Point(x: 5, y: 5), with: nil) === mover)
        #expect(window.referenceHitTest(Point(x: 5, y: 5), with: nil) === mover)
    }
}
