/// Docks the first responder's input views at the bottom of its window, UIKit's way: when a
/// responder becomes first responder its `inputView` (or the built-in keyboard for a text
/// responder, see `OnScreenKeyboard`) and its `inputAccessoryView` slide up from the bottom edge;
/// when it resigns (and the next first responder has none) they slide down and leave the window.
/// A window that does not fill its scene's screen (a dialog window) has them docked at the
/// screen's bottom instead, in the scene's `InputViewWindow` above every window; frames given
/// out (`Window.keyboardFrame`, the notifications, the scroll views) are still in this window's
/// coordinates.
/// Each change posts the keyboard notifications (`Responder.keyboardWillShowNotification`, …)
/// with begin and end frames, and the scroll views around the first responder keep it visible
/// (`ScrollView.keyboardFrameChanged`).
///
/// The slide runs on the application's `Animator` (ease-out in, ease-in out, `slideDuration`
/// seconds) like any `View.animate`, so it plays on the host's frame clock and, in tests, on the
/// manual clock as the test ticks the animator. The will-notifications are posted before the
/// slide starts, the did-notifications from the animation's completion (at the frame after it
/// ended); a change with nothing to move posts both at once. A newer change supersedes a slide
/// in flight (it starts from where the slide is drawn); the superseded slide posts nothing more.
@MainActor
final class InputViewPresenter {
    /// Seconds of the slide (UIKit's keyboard takes 0.25 s).
    static let slideDuration = 0.25

    unowned let window: Window
    /// The view that holds the accessory bar above the input view; a subview of the host window
    /// (in front of everything) while anything is shown or sliding out.
    let container = InputViewContainer()
    /// The frame the container is docked at (model value, in the host's coordinates) while
    /// shown; nil while hidden.
    private var hostDockedFrame: Rect?
    /// Where the container is docked: the window itself, or its scene's `InputViewWindow`
    /// (weak: the window owns this presenter, and its scene owns the keyboard's window).
    private weak var hostStorage: Window?
    private var host: Window {
        get { hostStorage ?? window }
        set { hostStorage = newValue === window ? nil : newValue }
    }

    /// The docked frame in the window's coordinates while shown; nil while hidden.
    var dockedFrame: Rect? { hostDockedFrame.map(inWindow) }
    /// Which views the container holds.
    private(set) var inputView: View?
    private(set) var accessoryView: View?
    /// Counts changes, so the completion of a superseded slide does nothing.
    private var generation = 0

    init(window: Window) {
        self.window = window
        container.owner = window
    }

    /// The host the input views dock in now: the window when it fills its scene's screen (or
    /// has no scene), else the scene's `InputViewWindow`.
    private func currentHost() -> Window {
        guard let scene = window.windowScene, !(window is InputViewWindow), !window.frame.contains(scene.screenBounds) else {
            return window
        }
        let keyboardWindow = scene.inputViewWindow
        keyboardWindow.frame = scene.screenBounds
        return keyboardWindow
    }

    /// A rect in the host's coordinates in the window's (the two share the scene's screen
    /// through their frames).
    private func inWindow(_ r: Rect) -> Rect {
        guard host !== window else { return r }
        return r.offsetBy(
            dx: host.frame.minX - host.bounds.minX - window.frame.minX + window.bounds.minX,
            dy: host.frame.minY - host.bounds.minY - window.frame.minY + window.bounds.minY)
    }

    /// While positive, `update()` only notes that it is due (focus moving between responders).
    private var deferring = 0
    private var updateDue = false

    func beginDeferringUpdates() { deferring += 1 }

    func endDeferringUpdates() {
        deferring -= 1
        if deferring == 0, updateDue {
            updateDue = false
            update()
        }
    }

    /// Shows the current first responder's input views, or hides them when it has none.
    func update() {
        if deferring > 0 { updateDue = true; return }
        let responder = window.firstResponder
        let input = responder.flatMap(resolvedInputView(for:))
        let accessory = responder?.inputAccessoryView
        if input == nil && accessory == nil {
            hide()
        } else {
            show(input: input, accessory: accessory, for: responder!)
        }
    }

    /// The view `responder` shows as its input view: its own, else the application's built-in
    /// keyboard when it takes text and the keyboard is enabled.
    private func resolvedInputView(for responder: Responder) -> View? {
        if let own = responder.inputView { return own }
        let keyboard = window.application.onScreenKeyboard
        guard responder is KeyInput, keyboard.isEnabled else { return nil }
        let view = keyboard.keyboardView
        view.configure(for: responder as? TextInputTraits)
        OnScreenKeyboard.announceDevice(to: window.application)
        return view
    }

    /// Keeps the docked views at the bottom when the window's size changed.
    func layout() {
        guard let docked = hostDockedFrame else { return }
        let frame = dockFrame(height: docked.height)
        guard frame != docked else { return }
        View.performWithoutAnimation {
            container.frame = frame
            layoutContainer()
        }
        hostDockedFrame = frame
        // Inside a layout pass: the guides follow in its last step (or the window's next pass).
        if window.usesKeyboardLayoutGuide { window.setNeedsLayout() }
        notifyScrollViews()
    }

    // MARK: Showing and hiding

    private func show(input: View?, accessory: View?, for responder: Responder) {
        generation += 1
        let mine = generation
        if hostDockedFrame == nil {
            let newHost = currentHost()
            if newHost !== host, container.superview === host {
                View.performWithoutAnimation { container.removeFromSuperview() }
                (host as? InputViewWindow)?.updateVisibility()
            }
            host = newHost
        }
        let width = host.bounds.width
        let accessoryHeight = accessory.map { height(of: $0, width: width) } ?? 0
        let inputHeight = input.map { height(of: $0, width: width) } ?? 0
        let end = dockFrame(height: accessoryHeight + inputHeight)
        let wasShown = hostDockedFrame != nil
        let begin = wasShown ? container.presentation.frame : offscreenFrame(height: end.height)

        View.performWithoutAnimation {
            for view in container.subviews where view !== input && view !== accessory { view.removeFromSuperview() }
            if let accessory, accessory.superview !== container { container.addSubview(accessory) }
            if let input, input.superview !== container { container.addSubview(input) }
            inputView = input
            accessoryView = accessory
            if container.superview !== host { host.addSubview(container) } else { host.bringSubviewToFront(container) }
            (host as? InputViewWindow)?.updateVisibility()
            if !wasShown { container.frame = begin }
        }
        let moves = begin != end || container.frame != end
        let duration = moves ? Self.slideDuration : 0
        window.layoutBeforeKeyboardMoves()
        hostDockedFrame = end
        let info = userInfo(begin: begin, end: end, duration: duration, curve: .easeOut)
        let center = NotificationCenter.default
        // UIKit's order: the frame change, then the show (and the same for the did-pair).
        let changes = begin != end
        if changes { center.post(name: Responder.keyboardWillChangeFrameNotification, object: window, userInfo: info) }
        center.post(name: Responder.keyboardWillShowNotification, object: window, userInfo: info)
        container.heights = (accessoryHeight, inputHeight)
        if moves {
            View.animate(
                withDuration: duration, delay: 0, options: [.curveEaseOut, .beginFromCurrentState],
                animations: {
                    container.frame = end
                    layoutContainer()
                },
                completion: { [weak self] _ in
                    guard let self, self.generation == mine else { return }
                    self.postDidShow(info, changed: changes)
                })
        } else {
            View.performWithoutAnimation { layoutContainer() }
            postDidShow(info, changed: changes)
        }
        window.layoutFollowingKeyboard(duration: duration, options: .curveEaseOut)
        notifyScrollViews()
    }

    private func postDidShow(_ info: [String: Any], changed: Bool) {
        if changed { NotificationCenter.default.post(name: Responder.keyboardDidChangeFrameNotification, object: window, userInfo: info) }
        NotificationCenter.default.post(name: Responder.keyboardDidShowNotification, object: window, userInfo: info)
    }

    private func hide() {
        guard hostDockedFrame != nil else { return }
        generation += 1
        let mine = generation
        let begin = container.presentation.frame
        let end = offscreenFrame(height: container.frame.height)
        window.layoutBeforeKeyboardMoves()
        hostDockedFrame = nil
        let info = userInfo(begin: begin, end: end, duration: Self.slideDuration, curve: .easeIn)
        NotificationCenter.default.post(name: Responder.keyboardWillChangeFrameNotification, object: window, userInfo: info)
        NotificationCenter.default.post(name: Responder.keyboardWillHideNotification, object: window, userInfo: info)
        window.layoutFollowingKeyboard(duration: Self.slideDuration, options: .curveEaseIn)
        notifyScrollViews()
        View.animate(
            withDuration: Self.slideDuration, delay: 0, options: [.curveEaseIn, .beginFromCurrentState],
            animations: {
                container.frame = end
            },
            completion: { [weak self] _ in
                guard let self, self.generation == mine else { return }
                View.performWithoutAnimation {
                    for view in self.container.subviews { view.removeFromSuperview() }
                    self.container.removeFromSuperview()
                }
                (self.host as? InputViewWindow)?.updateVisibility()
                self.inputView = nil
                self.accessoryView = nil
                NotificationCenter.default.post(name: Responder.keyboardDidChangeFrameNotification, object: self.window, userInfo: info)
                NotificationCenter.default.post(name: Responder.keyboardDidHideNotification, object: self.window, userInfo: info)
            })
    }

    // MARK: Geometry

    private func dockFrame(height: Double) -> Rect {
        let b = host.bounds
        return Rect(x: b.minX, y: b.maxY - height, width: b.width, height: height)
    }

    private func offscreenFrame(height: Double) -> Rect {
        let b = host.bounds
        return Rect(x: b.minX, y: b.maxY, width: b.width, height: height)
    }

    /// A docked view's height: its frame's, else what it says fits the window's width.
    private func height(of view: View, width: Double) -> Double {
        if view.frame.height > 0 { return view.frame.height }
        let fitting = view.sizeThatFits(Size(width: width, height: host.bounds.height)).height
        return fitting.isFinite ? max(0, fitting) : 0
    }

    /// Accessory on top, input view below it, both as wide as the window.
    private func layoutContainer() {
        let width = container.bounds.width
        let (accessoryHeight, inputHeight) = container.heights
        accessoryView?.frame = Rect(x: 0, y: 0, width: width, height: accessoryHeight)
        inputView?.frame = Rect(x: 0, y: accessoryHeight, width: width, height: inputHeight)
        // Lay the docked views out now, not at the next frame: a touch may reach them first.
        accessoryView?.layoutIfNeeded()
        inputView?.layoutIfNeeded()
    }

    /// The notifications' user info; `begin` and `end` in the host's coordinates, given out in
    /// the window's.
    private func userInfo(begin: Rect, end: Rect, duration: Double, curve: View.AnimationCurve) -> [String: Any] {
        [
            Responder.keyboardFrameBeginUserInfoKey: inWindow(begin),
            Responder.keyboardFrameEndUserInfoKey: inWindow(end),
            Responder.keyboardAnimationDurationUserInfoKey: duration,
            Responder.keyboardAnimationCurveUserInfoKey: curve,
            Responder.keyboardIsLocalUserInfoKey: true
        ]
    }

    /// Tells the scroll views around the first responder where the keyboard now covers them, and
    /// the ones adjusted before (around an earlier first responder) that it covers them no more.
    private func notifyScrollViews() {
        let focused = window.firstResponder as? View ?? (window.firstResponder as? ViewController)?.viewIfLoaded
        var around: [ScrollView] = []
        var view = focused?.superview
        while let current = view {
            if let scrollView = current as? ScrollView { around.append(scrollView) }
            view = current.superview
        }
        for old in adjustedScrollViews.compactMap(\.value) where !around.contains(where: { $0 === old }) {
            old.keyboardFrameChanged(nil, focusedView: nil)
        }
        for scrollView in around { scrollView.keyboardFrameChanged(dockedFrame, focusedView: focused) }
        adjustedScrollViews = dockedFrame == nil ? [] : around.map(WeakScrollView.init)
    }

    /// The scroll views the keyboard's frame was last given to.
    private var adjustedScrollViews: [WeakScrollView] = []

    private struct WeakScrollView {
        weak var value: ScrollView?
        init(_ value: ScrollView) { self.value = value }
    }
}

/// The view the input views are docked in: an opaque-less bar across the window's bottom.
@MainActor
final class InputViewContainer: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { InputViewContainer.self }

    /// The window whose first responder the docked views serve (the keyboard types into it),
    /// which is not the container's own window when it is docked in an `InputViewWindow`.
    weak var owner: Window?

    /// The accessory's and the input view's heights, stacked top to bottom.
    var heights: (accessory: Double, input: Double) = (0, 0)
}
