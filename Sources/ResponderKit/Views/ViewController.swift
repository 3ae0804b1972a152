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
    /// The controller that presented this one (`present(_:animated:completion:)`).
    public private(set) weak var presentingViewController: ViewController?
    /// The controller this one presents, if any.
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
        newView.owningViewController?.viewStorage = nil
        newView.owningViewController = self
        viewStorage = newView
    }

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

    /// Presents `controller` over this one: its view covers the window (added to the window on top)
    /// and its appearance callbacks run synchronously; nothing waits for an animation.
    public func present(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        if let presentedViewController {
            presentedViewController.present(controller, animated: animated, completion: completion)
            return
        }
        guard controller.presentingViewController == nil, controller !== self else { return }
        guard let window = viewStorage?.window ?? presentingViewController?.viewStorage?.window else {
            ResponderDiagnostics.report(.droppedInput("present: \(type(of: self)) is not in a window; \(type(of: controller)) not presented"))
            return
        }
        presentedViewController = controller
        controller.presentingViewController = self
        controller.beginAppearance(true, animated: animated)
        let presentedView = controller.view
        presentedView.frame = window.bounds
        window.addSubview(presentedView)
        controller.endAppearance(true, animated: animated)
        completion?()
    }

    /// Dismisses the controller this one presented (or this one, when it was presented).
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let target: ViewController
        if let presentedViewController {
            target = presentedViewController
        } else if presentingViewController != nil {
            target = self
        } else {
            completion?(); return
        }
        if let further = target.presentedViewController { further.dismiss(animated: animated) }
        target.beginAppearance(false, animated: animated)
        target.viewStorage?.removeFromSuperview()
        target.endAppearance(false, animated: animated)
        target.presentingViewController?.presentedViewController = nil
        target.presentingViewController = nil
        completion?()
    }
}
