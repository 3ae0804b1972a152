import Testing

@testable import ResponderKit

/// StackView inside `View.animate { …; layoutIfNeeded() }`, as UIKit animates it: the frames the
/// new arrangement gives move from the old ones to the new ones on the frame clock. A hidden
/// arranged subview collapses in place and stays drawn until its collapse ends (its `isHidden`
/// is true at once, for the model and hit testing); its alpha is left alone, as UIKit leaves it,
/// so an app that wants a fade sets `alpha` in the same block. Time is a manual clock; a frame is
/// `Animator.tick` at its time, with a linear curve so mid-animation values are exact.
@MainActor
@Suite("Stack view: changes inside animations")
struct StackViewAnimationTests {
    final class SizedView: View {
        let size: Size
        init(_ width: Double, _ height: Double) {
            size = Size(width: width, height: height)
            super.init(frame: .zero)
        }
        override var intrinsicContentSize: Size { size }
    }

    /// A visible window of a fresh application on a manual clock at 0, holding `stack` pinned at
    /// (0, 0) with a 300×100 size whose width constraint is returned.
    func stage(_ stack: StackView) -> (Application, ManualClock, Window, LayoutConstraint) {
        let app = Application()
        let clock = ManualClock(now: 0)
        app.clock = clock
        let window = Window(windowScene: WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 400, height: 400)))
        window.makeKeyAndVisible()
        window.addSubview(stack)
        let width = stack.widthAnchor.constraint(equalToConstant: 300)
        LayoutConstraint.activate([
            stack.leftAnchor.constraint(equalTo: window.leftAnchor), stack.topAnchor.constraint(equalTo: window.topAnchor),
            width, stack.heightAnchor.constraint(equalToConstant: 100)
        ])
        window.layoutIfNeeded()
        return (app, clock, window, width)
    }

    /// Moves the clock to `time` and ticks the animator there (one frame).
    func frame(at time: Double, _ clock: ManualClock, _ app: Application) {
        clock.now = time
        app.animator.tick(now: time)
    }

    /// `view`'s frame as drawn now (its presentation's centre and bounds size).
    func drawnFrame(_ view: View) -> Rect {
        let drawn = view.presentation
        return Rect(
            x: drawn.center.x - drawn.bounds.width / 2, y: drawn.center.y - drawn.bounds.height / 2, width: drawn.bounds.width,
            height: drawn.bounds.height)
    }

    func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-6) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.width - b.width) <= tolerance
            && abs(a.height - b.height) <= tolerance
    }

    /// Half way between two frames.
    func midway(_ a: Rect, _ b: Rect) -> Rect {
        Rect(x: (a.minX + b.minX) / 2, y: (a.minY + b.minY) / 2, width: (a.width + b.width) / 2, height: (a.height + b.height) / 2)
    }

    func threeViews() -> ([View], StackView) {
        let views = [SizedView(10, 10), SizedView(50, 10), SizedView(20, 10)]
        let stack = StackView(arrangedSubviews: views)
        stack.distribution = .fillEqually
        stack.spacing = 10
        return (views, stack)
    }

    /// Hiding the middle view: it shrinks to zero width where it stands while its neighbours
    /// widen; it is drawn for the whole collapse, hidden in the model and to touches at once.
    @Test func hidingAnArrangedSubviewCollapsesItSmoothly() {
        let (views, stack) = threeViews()
        let (app, clock, window, _) = stage(stack)
        let before = views.map(\.frame)
        #expect(close(before[1], Rect(x: 280.0 / 3 + 10, y: 0, width: 280.0 / 3, height: 100)))
        // Touches allowed during the animation, so hit testing shows the model alone.
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear, .allowUserInteraction]) {
            views[1].isHidden = true
            window.layoutIfNeeded()
        }
        // The model is final at once.
        #expect(views[1].isHidden)
        #expect(views[0].frame == Rect(x: 0, y: 0, width: 145, height: 100))
        #expect(views[2].frame == Rect(x: 155, y: 0, width: 145, height: 100))
        #expect(views[1].frame == Rect(x: 145, y: 0, width: 0, height: 100), "it collapses in place, after the view before it")
        #expect(window.hitTest(Point(x: 140, y: 50), with: nil) === views[0])
        // Drawn: the old frames at the start, half way at half the time, the new ones at the end.
        frame(at: 0, clock, app)
        for (view, old) in zip(views, before) { #expect(close(drawnFrame(view), old)) }
        #expect(!views[1].isDrawnHidden, "a collapsing view is drawn")
        frame(at: 0.5, clock, app)
        let after = views.map(\.frame)
        for index in views.indices {
            #expect(close(drawnFrame(views[index]), midway(before[index], after[index])), "view \(index) at half time")
        }
        #expect(!views[1].isDrawnHidden)
        #expect(views[1].presentation.alpha == 1, "UIKit does not fade a collapsing view")
        #expect(window.hitTest(Point(x: drawnFrame(views[1]).midX, y: 50), with: nil) !== views[1], "hidden to touches while drawn")
        frame(at: 1, clock, app)
        #expect(!views[1].hasAnimations)
        #expect(views[1].isDrawnHidden, "hidden once collapsed")
        for (view, new) in zip(views, after) { #expect(close(drawnFrame(view), new)) }
    }

    /// Showing it again: drawn at once from its collapsed frame, growing back; an app's own
    /// alpha change in the same block fades it in alongside.
    @Test func showingAnArrangedSubviewGrowsItAndAlphaFadesAsTheAppAsks() {
        let (views, stack) = threeViews()
        let (app, clock, window, _) = stage(stack)
        let shown = views.map(\.frame)
        views[1].isHidden = true
        views[1].alpha = 0
        window.layoutIfNeeded()
        let hidden = views.map(\.frame)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            views[1].isHidden = false
            views[1].alpha = 1
            window.layoutIfNeeded()
        }
        #expect(!views[1].isDrawnHidden)
        frame(at: 0.25, clock, app)
        for index in views.indices {
            let expected = Rect(
                x: hidden[index].minX + (shown[index].minX - hidden[index].minX) / 4, y: 0,
                width: hidden[index].width + (shown[index].width - hidden[index].width) / 4, height: 100)
            #expect(close(drawnFrame(views[index]), expected), "view \(index) at a quarter")
        }
        #expect(abs(views[1].presentation.alpha - 0.25) < 1e-9)
        frame(at: 1, clock, app)
        for (view, new) in zip(views, shown) { #expect(close(drawnFrame(view), new)) }
    }

    /// A view hidden outside an animation is hidden in the drawing at once, even if it was
    /// collapsing in an animation that still runs.
    @Test func hidingOutsideAnAnimationStopsTheDrawingAtOnce() {
        let (views, stack) = threeViews()
        let (app, clock, window, _) = stage(stack)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            views[1].isHidden = true
            window.layoutIfNeeded()
        }
        frame(at: 0.5, clock, app)
        #expect(!views[1].isDrawnHidden)
        views[1].isHidden = false
        views[1].isHidden = true
        #expect(views[1].isDrawnHidden)
    }

    /// `spacing` changed in the block: the views glide to the new gaps.
    @Test func spacingAnimates() {
        let (views, stack) = threeViews()
        let (app, clock, window, _) = stage(stack)
        let before = views.map(\.frame)
        View.animate(withDuration: 0.4, delay: 0, options: .curveLinear) {
            stack.spacing = 40
            window.layoutIfNeeded()
        }
        let after = views.map(\.frame)
        #expect(close(after[2], Rect(x: 220.0 / 3 * 2 + 80, y: 0, width: 220.0 / 3, height: 100)))
        frame(at: 0.2, clock, app)
        for index in views.indices { #expect(close(drawnFrame(views[index]), midway(before[index], after[index]))) }
        frame(at: 0.4, clock, app)
        for (view, new) in zip(views, after) { #expect(close(drawnFrame(view), new)) }
    }

    /// `axis` changed in the block: the row turns into a column, every frame interpolated.
    @Test func axisAnimates() {
        let (views, stack) = threeViews()
        let (app, clock, window, _) = stage(stack)
        let before = views.map(\.frame)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            stack.axis = .vertical
            window.layoutIfNeeded()
        }
        let after = views.map(\.frame)
        #expect(close(after[1], Rect(x: 0, y: 80.0 / 3 + 10, width: 300, height: 80.0 / 3)))
        frame(at: 0.5, clock, app)
        for index in views.indices { #expect(close(drawnFrame(views[index]), midway(before[index], after[index]))) }
        frame(at: 1, clock, app)
        for (view, new) in zip(views, after) { #expect(close(drawnFrame(view), new)) }
    }

    /// A constraint's constant changed in the block (the stack's width): the stack and its
    /// arranged views follow it smoothly.
    @Test func aConstraintConstantAnimatesTheStackAndItsViews() {
        let (views, stack) = threeViews()
        let (app, clock, window, width) = stage(stack)
        let before = views.map(\.frame) + [stack.frame]
        View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            width.constant = 150
            window.layoutIfNeeded()
        }
        let after = views.map(\.frame) + [stack.frame]
        #expect(close(after[3], Rect(x: 0, y: 0, width: 150, height: 100)))
        #expect(close(after[2], Rect(x: 320.0 / 3, y: 0, width: 130.0 / 3, height: 100)))
        frame(at: 0.5, clock, app)
        for (index, view) in (views + [stack]).enumerated() {
            #expect(close(drawnFrame(view), midway(before[index], after[index])), "view \(index) at half time")
        }
    }
}
