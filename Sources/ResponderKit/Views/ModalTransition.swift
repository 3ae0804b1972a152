/// One modal presentation or dismissal while it runs (UIKit's transition context): the
/// controllers it moves, the completions waiting for its end, and the window it keeps from
/// taking new touches.
///
/// An animated transition is a `View.animate` of the moving view's frame (`.coverVertical`) or
/// alpha (`.crossDissolve`) on the application's `Animator`, without `.allowUserInteraction`;
/// its animation completion ends the transition (`finish()`), whether the animation ran to its
/// end or was cut short (the view left its window, another animation replaced it). `finish()` may
/// also be called earlier, when a new present or dismiss must not wait (see
/// `ViewController.present(_:animated:completion:)`); it does its work once, so every completion
/// runs exactly once and the later animation completion does nothing.
@MainActor
final class ModalTransition {
    /// Which way the controllers go.
    enum Kind { case presentation, dismissal }

    let kind: Kind
    /// A presentation: the presented controller. A dismissal: the dismissed chain, from the
    /// controller being dismissed (bottom) to the top of the stack, the one that animates.
    let controllers: [ViewController]
    /// Whether the appearance callbacks say `animated` (true even when cut short).
    let animated: Bool
    /// The window whose touches are held off (nil when the transition does not animate).
    private var blockedWindow: WindowRef?
    private var completions: [() -> Void] = []
    /// `.crossDissolve` dismissal: the alpha the top view had; given back once it left the
    /// window, so a later presentation fades in to it again.
    var alphaToRestore: Double?
    /// Set by `finish()`.
    private(set) var isFinished = false

    init(kind: Kind, controllers: [ViewController], animated: Bool, completion: (() -> Void)?) {
        self.kind = kind
        self.controllers = controllers
        self.animated = animated
        if let completion { completions.append(completion) }
        for controller in controllers { controller.modalTransition = self }
    }

    /// Runs `completion` too when the transition ends (a second dismiss of a controller that is
    /// already being dismissed).
    func addCompletion(_ completion: (() -> Void)?) {
        guard let completion else { return }
        if isFinished { completion() } else { completions.append(completion) }
    }

    // MARK: Animating

    /// Where a `.coverVertical` view waits below the window's bottom edge: the window's bounds
    /// moved down by their height.
    static func offscreenFrame(in window: Window) -> Rect {
        let b = window.bounds
        return Rect(x: b.minX, y: b.maxY, width: b.width, height: b.height)
    }

    /// Slides or fades `view` (already in `window`, drawn at its start) in to the window's
    /// bounds and its own alpha, then finishes the transition.
    func animateIn(_ view: View, in window: Window, style: ModalTransitionStyle, targetAlpha: Double) {
        blockInteraction(in: window)
        let finalFrame = window.bounds
        View.animate(
            withDuration: style.duration, delay: 0, options: Self.options(style),
            animations: {
                switch style {
                case .coverVertical: view.frame = finalFrame
                case .crossDissolve: view.alpha = targetAlpha
                }
            },
            completion: { [self] _ in finish() })
    }

    /// Slides `view` down below the window's bottom edge or fades it out, from where it is drawn
    /// now (a presentation cut short reverses from its current place), then finishes.
    func animateOut(_ view: View, in window: Window, style: ModalTransitionStyle) {
        blockInteraction(in: window)
        let offscreen = Self.offscreenFrame(in: window)
        if style == .crossDissolve { alphaToRestore = view.alpha }
        View.animate(
            withDuration: style.duration, delay: 0, options: Self.options(style).union(.beginFromCurrentState),
            animations: {
                switch style {
                case .coverVertical: view.frame = offscreen
                case .crossDissolve: view.alpha = 0
                }
            },
            completion: { [self] _ in finish() })
    }

    /// Both styles ease in and out (`ModalTransitionStyle.duration`).
    private static func options(_ style: ModalTransitionStyle) -> View.AnimationOptions { .curveEaseInOut }

    private func blockInteraction(in window: Window) {
        guard blockedWindow == nil else { return }
        blockedWindow = WindowRef(window)
        window.modalTransitionBegan()
    }

    // MARK: Ending

    /// Ends the transition now, once: touches reach the window again; a presentation calls
    /// `viewDidAppear`; a dismissal removes the chain's views, calls `viewDidDisappear` (top
    /// first) and unlinks the chain; then `isBeingPresented`/`isBeingDismissed` turn false and
    /// the completions run.
    func finish() {
        guard !isFinished else { return }
        isFinished = true
        if let window = blockedWindow?.value { window.modalTransitionEnded() }
        blockedWindow = nil
        switch kind {
        case .presentation:
            for controller in controllers { controller.endAppearance(true, animated: animated) }
        case .dismissal:
            let topDown = controllers.reversed()
            View.performWithoutAnimation {
                for controller in topDown { controller.viewIfLoaded?.removeFromSuperview() }
                if let alpha = alphaToRestore, let top = controllers.last?.viewIfLoaded { top.alpha = alpha }
            }
            for controller in topDown { controller.endAppearance(false, animated: animated) }
            for controller in topDown { controller.unlinkFromPresenter() }
        }
        for controller in controllers where controller.modalTransition === self { controller.modalTransition = nil }
        let due = completions
        completions.removeAll()
        for completion in due { completion() }
    }
}
