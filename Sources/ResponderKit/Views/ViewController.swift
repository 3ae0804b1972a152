/// Manages a view hierarchy (UIKit's `UIViewController`): a lazily loaded root view, appearance
/// callbacks, children and modal presentation. In the chain it sits between its root view and that
/// view's superview.
@MainActor
open class ViewController: Responder {
    private var viewStorage: View?
    /// The container controller this controller is a child of (`addChild(_:)`).
    public private(set) weak var parent: ViewController?
    /// The child controllers, in the order they were added.
    public private(set) var children: [ViewController] = []
    /// The controller that presented this one (`present(_:animated:completion:)`): set when
    /// `present` is called, cleared when the dismissal has ended.
    public private(set) weak var presentingViewController: ViewController?
    /// The controller this one presents, if any: set when `present` is called, cleared when the
    /// dismissal has ended (during a dismissal's animation it is still set).
    public private(set) var presentedViewController: ViewController?
    /// A title for the screen (shown by containers and tools).
    public var title: String?

    /// Where the controller is in its appearance cycle.
    public enum AppearanceState: Sendable, Equatable {
        /// Not shown.
        case disappeared
        /// Between `viewWillAppear` and `viewDidAppear`.
        case appearing
        /// Shown.
        case appeared
        /// Between `viewWillDisappear` and `viewDidDisappear`.
        case disappearing
    }
    /// Where the view is in its appearance cycle.
    public private(set) var appearanceState: AppearanceState = .disappeared

    /// Makes a controller whose view is loaded on first use (`loadView()`, then `viewDidLoad()`).
    public override init() { super.init() }

    // MARK: The view

    /// The root view, created on first access by `loadView()` followed by `viewDidLoad()`.
    public var view: View {
        get {
            if viewStorage == nil { loadViewIfNeeded() }
            return viewStorage!
        }
        set { install(newValue) }
    }

    /// The view if it was loaded, without loading it.
    public var viewIfLoaded: View? { viewStorage }
    /// Whether the view was loaded.
    public var isViewLoaded: Bool { viewStorage != nil }

    /// Loads the view now if it was not loaded yet.
    public func loadViewIfNeeded() {
        guard viewStorage == nil else { return }
        loadView()
        if viewStorage == nil { install(View(frame: .zero)) }
        viewDidLoad()
    }

    /// Creates the root view; the default makes a plain `View`. Overrides assign `self.view`.
    open func loadView() { install(View(frame: .zero)) }

    /// Called once after the view is loaded. The view is not in a window yet, so
    /// `becomeFirstResponder()` on anything in it fails here; use `viewDidAppear(_:)`.
    open func viewDidLoad() {}
    /// Called before the view is added to a window (also by `makeKeyAndVisible()` and `present`).
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view is in a window; the place to make a field first responder.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view is removed from its window (a dismissal).
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view was removed from its window.
    open func viewDidDisappear(_ animated: Bool) {}

    private func install(_ newView: View) {
        viewStorage?.owningViewController = nil
        viewStorage?.setControllerUserInterfaceStyle(.unspecified)
        newView.owningViewController?.viewStorage = nil
        newView.owningViewController = self
        viewStorage = newView
        newView.setControllerUserInterfaceStyle(overrideUserInterfaceStyle, notify: newView.window != nil)
    }

    // MARK: Traits (UIKit's)

    /// Forces light or dark appearance on this controller's view and everything in it (UIKit's
    /// `overrideUserInterfaceStyle`); `.unspecified` (the default) inherits. A view's own
    /// override wins over its controller's.
    public var overrideUserInterfaceStyle: UserInterfaceStyle = .unspecified {
        didSet { if oldValue != overrideUserInterfaceStyle { viewStorage?.setControllerUserInterfaceStyle(overrideUserInterfaceStyle) } }
    }

    /// The traits the controller's view draws with (its override, else what the view inherits;
    /// light before the view is loaded and without an override).
    public var traitCollection: TraitCollection {
        if let view = viewStorage { return view.traitCollection }
        return TraitCollection(userInterfaceStyle: overrideUserInterfaceStyle == .dark ? .dark : .light)
    }

    /// Called when the traits of the controller's view changed (see `View`'s); the default does
    /// nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    // MARK: Chain

    /// Its view's superview; when the view is not in a hierarchy, the presenting controller (or the
    /// parent, for a child whose view was not added).
    open override var next: Responder? {
        if let superview = viewStorage?.superview { return superview }
        return presentingViewController ?? parent
    }

    open override var firstResponderWindow: Window? { viewStorage?.window }

    // MARK: Appearance

    func beginAppearance(_ appearing: Bool, animated: Bool) {
        if appearing {
            guard appearanceState == .disappeared || appearanceState == .disappearing else { return }
            appearanceState = .appearing
            viewWillAppear(animated)
        } else {
            guard appearanceState == .appeared || appearanceState == .appearing else { return }
            appearanceState = .disappearing
            viewWillDisappear(animated)
        }
        for child in children where child.isViewLoaded && (!appearing || child.view.isDescendant(of: view)) {
            child.beginAppearance(appearing, animated: animated)
        }
    }

    func endAppearance(_ appearing: Bool, animated: Bool) {
        if appearing {
            guard appearanceState == .appearing else { return }
            appearanceState = .appeared
            viewDidAppear(animated)
        } else {
            guard appearanceState == .disappearing else { return }
            appearanceState = .disappeared
            viewDidDisappear(animated)
        }
        for child in children { child.endAppearance(appearing, animated: animated) }
    }

    // MARK: Children

    /// Adds a child controller (the container adds the child's view to its own hierarchy).
    public func addChild(_ child: ViewController) {
        guard child !== self, child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent.
    public func removeFromParent() {
        guard let parent else { return }
        if let i = parent.children.firstIndex(where: { $0 === self }) { parent.children.remove(at: i) }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a parent (nil).
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to or removed from a parent (nil).
    open func didMove(toParent parent: ViewController?) {}

    // MARK: Presentation

    /// How this controller's view comes and goes when it is presented or dismissed with
    /// animation (UIKit's `modalTransitionStyle`); set it before presenting. `.coverVertical`
    /// by default.
    public var modalTransitionStyle: ModalTransitionStyle = .coverVertical

    /// The presentation or dismissal this controller takes part in, while it runs.
    var modalTransition: ModalTransition?

    /// True while this controller is being presented: from `present(_:animated:completion:)`
    /// through `viewWillAppear` and the slide to the end of `viewDidAppear` (UIKit's
    /// `isBeingPresented`), false again when the presentation's completion runs.
    public var isBeingPresented: Bool { modalTransition?.kind == .presentation }

    /// True while this controller is being dismissed (it, or a controller below it in the stack
    /// of presented controllers, was asked to go): from `dismiss(animated:completion:)` through
    /// `viewWillDisappear` and the slide to the end of `viewDidDisappear` (UIKit's
    /// `isBeingDismissed`).
    public var isBeingDismissed: Bool { modalTransition?.kind == .dismissal }

    /// Presents `controller` over this one, covering the window (its view is added to the window
    /// on top, sized to the window's bounds). A controller that already presents passes the call
    /// up to the top of its stack of presented controllers.
    ///
    /// `presentedViewController`/`presentingViewController` are set at once. Without animation
    /// `viewWillAppear(false)`, the view's arrival, `viewDidAppear(false)` and `completion` all run
    /// before this returns. With animation (UIKit's timing): `viewWillAppear(true)` runs now, the
    /// view then slides up from below the window's bottom edge (or fades in: the controller's
    /// `modalTransitionStyle`) for `ModalTransitionStyle.duration` seconds on the application's
    /// frame clock, and `viewDidAppear(true)` then `completion` run at the frame the animation
    /// ends. The view's model frame is its final place from the start (what `view.frame` returns
    /// and hit testing uses; the drawing is `view.presentation`), and while the transition runs
    /// the window takes no new touch: a touch that begins meanwhile reaches no view and no
    /// gesture recognizer (UIKit ignores interaction during a transition).
    ///
    /// A transition still running where this one starts does not wait: a dismissal of the
    /// controller this one presents, or a presentation of this controller, ends at once (its view
    /// jumps to its end, its did-callbacks and completion run), with a `ResponderDiagnostics`
    /// note, as UIKit warns. Presenting a controller that is already presented, or this one, is
    /// refused with a diagnostic (and `completion` is not called), as is presenting from a
    /// controller that is not in a window.
    public func present(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        var top = presentedViewController
        if let presented = top, let leaving = presented.modalTransition, leaving.kind == .dismissal {
            if !leaving.isFinished {
                ResponderDiagnostics.report(
                    .presentation(
                        "present: \(type(of: controller)) while \(type(of: presented)) is being dismissed; the dismissal ends at once first"))
                leaving.finish()
            }
            top = presentedViewController
            // Still linked: its dismissal is ending (this call comes from its viewDidDisappear or
            // completion). It is going, so the new controller is presented from here.
            if top === presented { top = nil }
        }
        if let top {
            top.present(controller, animated: animated, completion: completion)
            return
        }
        guard controller.presentingViewController == nil, controller !== self else {
            ResponderDiagnostics.report(.presentation("present: \(type(of: controller)) is already presented (or is the presenter); refused"))
            return
        }
        if let running = modalTransition, !running.isFinished {
            ResponderDiagnostics.report(
                .presentation(
                    "present: \(type(of: self)) is being \(running.kind == .presentation ? "presented" : "dismissed"); that transition ends at once first"))
            running.finish()
        }
        guard let window = viewStorage?.window ?? presentingViewController?.viewStorage?.window else {
            ResponderDiagnostics.report(.droppedInput("present: \(type(of: self)) is not in a window; \(type(of: controller)) not presented"))
            return
        }
        presentedViewController = controller
        controller.presentingViewController = self
        let transition = ModalTransition(kind: .presentation, controllers: [controller], animated: animated, completion: completion)
        controller.beginAppearance(true, animated: animated)
        // viewWillAppear may have dismissed it again (which ended this transition).
        guard !transition.isFinished, presentedViewController === controller else { return }
        let presentedView = controller.view
        guard animated, presentedView.superview !== window else {
            presentedView.frame = window.bounds
            window.addSubview(presentedView)
            transition.finish()
            return
        }
        let style = controller.modalTransitionStyle
        let targetAlpha = presentedView.alpha
        View.performWithoutAnimation {
            presentedView.removeAllAnimations()
            switch style {
            case .coverVertical: presentedView.frame = ModalTransition.offscreenFrame(in: window)
            case .crossDissolve:
                presentedView.frame = window.bounds
                presentedView.alpha = 0
            }
            window.addSubview(presentedView)
        }
        transition.animateIn(presentedView, in: window, style: style, targetAlpha: targetAlpha)
    }

    /// Dismisses the controller this one presented (or this one, when it was presented), with
    /// every controller it presents in turn: the whole stack above this one goes.
    ///
    /// Without animation each goes at once, top first (`viewWillDisappear(false)`, its view
    /// leaves, `viewDidDisappear(false)`), and `completion` runs before this returns. With
    /// animation (UIKit's timing): `viewWillDisappear(true)` runs now for each of them (top
    /// first), the views between the dismissed one and the top leave at once, the top one slides
    /// down below the window's bottom edge (or fades out) for `ModalTransitionStyle.duration`
    /// seconds — the window taking no new touch meanwhile, and a first responder in it resigning
    /// as the slide starts (its keyboard leaves with it) — and at the frame it ends the views
    /// leave, `viewDidDisappear(true)` runs (top first), `presentedViewController` and
    /// `presentingViewController` are cleared, then `completion` runs.
    ///
    /// A presentation still sliding in is cut short (`viewDidAppear` and its completion run
    /// now) and the dismissal slides back from where the view is drawn. Dismissing what is
    /// already being dismissed joins that dismissal (`completion` runs when it ends; without
    /// animation it ends at once), with a `ResponderDiagnostics` note. With nothing to dismiss,
    /// `completion` runs at once.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let target: ViewController
        if let presentedViewController {
            target = presentedViewController
        } else if presentingViewController != nil {
            target = self
        } else {
            completion?(); return
        }
        if let leaving = target.modalTransition, leaving.kind == .dismissal {
            if !leaving.isFinished {
                ResponderDiagnostics.report(.presentation("dismiss: \(type(of: target)) is already being dismissed; joining that dismissal"))
            }
            if !animated { leaving.finish() }
            leaving.addCompletion(completion)
            return
        }
        // Transitions in flight in the stack end first: presentations complete, dismissals of
        // controllers above end (unlinking them).
        var current: ViewController? = target
        while let controller = current {
            controller.modalTransition?.finish()
            current = controller.presentedViewController
        }
        guard target.presentingViewController != nil else { completion?(); return }
        var chain = [target]
        while let next = chain.last!.presentedViewController { chain.append(next) }
        let top = chain.last!
        guard animated, let window = top.viewIfLoaded?.window else {
            dismissAtOnce(target, animated: animated, completion: completion)
            return
        }
        let transition = ModalTransition(kind: .dismissal, controllers: chain, animated: true, completion: completion)
        for controller in chain.reversed() { controller.beginAppearance(false, animated: true) }
        guard !transition.isFinished else { return }
        View.performWithoutAnimation {
            for controller in chain.dropLast() { controller.viewIfLoaded?.removeFromSuperview() }
        }
        guard let topView = top.viewIfLoaded, topView.window === window else {
            transition.finish()
            return
        }
        // UIKit ends editing as a dismissal starts: a first responder in the leaving view resigns
        // now, so its keyboard slides down beside the view instead of after it.
        window.subtreeWillLeave(topView)
        transition.animateOut(topView, in: window, style: top.modalTransitionStyle)
    }

    /// The dismissal without animation: the stack above `target` first, then `target`, each
    /// disappearing synchronously; `completion` last.
    private func dismissAtOnce(_ target: ViewController, animated: Bool, completion: (() -> Void)?) {
        if let further = target.presentedViewController { further.dismiss(animated: animated) }
        let transition = ModalTransition(kind: .dismissal, controllers: [target], animated: animated, completion: completion)
        target.beginAppearance(false, animated: animated)
        transition.finish()
    }

    /// The end of a dismissal: this controller no longer presents or is presented.
    func unlinkFromPresenter() {
        if let presenter = presentingViewController, presenter.presentedViewController === self {
            presenter.presentedViewController = nil
        }
        presentingViewController = nil
    }
}
