/// The root of a view hierarchy on one output surface (UIKit's `UIWindow`). It owns the touches
/// that went down in it (the per-window touch table), the first responder, and the layout and
/// display passes. Windows start hidden, as in UIKit: `makeKeyAndVisible()` shows one.
@MainActor
open class Window: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    open override class var standardHitTestingClass: View.Type { Window.self }

    /// The scene this window belongs to; setting it moves the window between scenes. Held without
    /// a reference count and without `weak` (see `WindowRef`); a scene going away clears it.
    public var windowScene: WindowScene? {
        get {
            assert(LiveObjects.isLive(windowSceneStorage), "the window's scene was freed while still referenced")
            return windowSceneStorage
        }
        set {
            guard newValue !== windowSceneStorage else { return }
            let old = windowSceneStorage
            windowSceneStorage = newValue
            old?.removeWindow(self)
            newValue?.addWindow(self)
        }
    }
    /// Invariant (unowned(unsafe)): nil, or the live scene whose `windows` holds this window; set
    /// through `windowScene`, cleared by `WindowScene.removeWindow` and by the scene's deinit.
    unowned(unsafe) var windowSceneStorage: WindowScene?

    /// Identifies this window for `WindowRef`s while it is alive.
    let serial: UInt64
    static var liveSerials: Set<UInt64> = []
    private static var nextSerial: UInt64 = 0
    private static func makeSerial() -> UInt64 {
        nextSerial += 1
        liveSerials.insert(nextSerial)
        return nextSerial
    }

    /// Where the window stacks among its scene's shown windows; higher is in front (UIKit's).
    /// Within a level, the window shown (or made key and visible) last is in front. The hosts draw
    /// a scene's shown windows in this order (`WindowScene.stackedWindows`), and a touch or the
    /// cursor lands in the frontmost window whose `hitTest` answers (see `Window+Stacking`).
    public var windowLevel: WindowLevel = .normal

    /// The order among windows of the same level: the last one shown is in front. Set by
    /// `orderFront()` when the window is shown or made key and visible.
    var stackOrder: UInt64 = 0

    /// The controller whose view fills the window (installed by `makeKeyAndVisible()`).
    public var rootViewController: ViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let oldValue, oldValue.viewIfLoaded?.superview === self {
                oldValue.beginAppearance(false, animated: false)
                oldValue.view.removeFromSuperview()
                oldValue.endAppearance(false, animated: false)
            }
            if !isHidden { installRootView() }
        }
    }

    /// The responder that receives keys and nil-targeted actions in this window.
    public private(set) weak var firstResponder: Responder?

    /// The touches that went down in this window (the table).
    let touchRouter = TouchRouter()
    /// Their delivery to gesture recognizers and views.
    let touchDelivery = TouchDelivery()
    /// The keys held in this window (the press table).
    let pressTable = PressTable()
    /// The presses held in this window, in the order they went down.
    var openPresses: [Press] { pressTable.open }
    /// Docks the first responder's input views (the on-screen keyboard) at the bottom; made on
    /// first use.
    var inputViewPresenterStorage: InputViewPresenter?
    var inputViewPresenter: InputViewPresenter {
        if let presenter = inputViewPresenterStorage { return presenter }
        let presenter = InputViewPresenter(window: self)
        inputViewPresenterStorage = presenter
        return presenter
    }
    /// Where the input views (the keyboard and its accessory bar) are docked, in window
    /// coordinates, while shown; nil while hidden. The model value: during the slide it is
    /// already the final frame, as the keyboard notifications' end frame.
    public var keyboardFrame: Rect? { inputViewPresenterStorage?.dockedFrame }

    /// What shows this window on an output and runs its frames (the host's session, or a
    /// `WindowPresenter` on its own), registered by it; nil when nothing draws the window (a test
    /// without a renderer). `Application.runFrame(including:)` runs its frame. Held weakly: the
    /// host owns it.
    public weak var display: (any WindowDisplay)?

    /// Something asked for `layoutSubviews()`; the run loop's layout pass clears it.
    public internal(set) var layoutPassRequested = true
    /// Something asked to be redrawn; the renderer clears it.
    public internal(set) var displayPassRequested = true
    /// What must be repainted, in window coordinates (see `View.setNeedsDisplay(_:)`).
    public private(set) var damage = DamageRegion()

    /// Set while a layout pass moves many views at once (`LayoutEngine`): the whole window is
    /// damaged before and after, and the views skip their own damage walks (two per moved view,
    /// each over its subtree, were most of the pass).
    var damagesWholeWindow = false

    /// Damages the whole window and lets views skip their damage walks until
    /// `endWholeWindowDamage()`.
    func beginWholeWindowDamage() {
        addDamage(bounds)
        damagesWholeWindow = true
    }

    /// Ends `beginWholeWindowDamage()`, damaging the whole window once more (the views' new places).
    func endWholeWindowDamage() {
        damagesWholeWindow = false
        addDamage(bounds)
    }

    /// Adds `rect` (window coordinates) to the area the next display pass repaints.
    /// - Complexity: O(1) amortized (a few rectangles are kept).
    public func addDamage(_ rect: Rect) {
        let visible = rect.intersection(bounds)
        guard !visible.isEmpty else { return }
        damage.add(visible)
        displayPassRequested = true
    }

    /// Hands the pending damage to the renderer and starts collecting afresh.
    public func takeDamage() -> DamageRegion {
        var taken = damage
        taken.clip(to: bounds)
        damage.removeAll()
        displayPassRequested = false
        return taken
    }

    /// A window on its own (no scene): its `next` is the shared application.
    public override init(frame: Rect) {
        serial = Window.makeSerial()
        super.init(frame: frame)
        isHidden = true
        isIndexRoot = true
        touchRouter.window = self
        touchDelivery.window = self
        touchDelivery.router = touchRouter
    }

    /// A window in `windowScene`, sized to the scene's screen when the app gives no frame.
    public init(windowScene: WindowScene) {
        serial = Window.makeSerial()
        super.init(frame: windowScene.screenBounds)
        isHidden = true
        isIndexRoot = true
        touchRouter.window = self
        touchDelivery.window = self
        touchDelivery.router = touchRouter
        self.windowScene = windowScene
    }

    isolated deinit {
        Window.liveSerials.remove(serial)
        clearWindowReferences(in: self)
        touchRouter.windowWillGo()
    }

    /// Views that outlive their window must not point at it.
    private func clearWindowReferences(in view: View) {
        for subview in view.subviews {
            if subview.windowStorage === self { subview.windowStorage = nil }
            clearWindowReferences(in: subview)
        }
    }

    /// Makes a window in `windowScene` with `frame`.
    public convenience init(windowScene: WindowScene, frame: Rect) {
        self.init(windowScene: windowScene)
        self.frame = frame
    }

    open override var window: Window? { self }

    /// Its scene; the application when it has none.
    open override var next: Responder? { windowScene ?? application }

    /// The application this window's input comes from.
    public var application: Application { windowScene?.application ?? Application.shared }

    /// Whether the window is in a scene `application` has connected: only then does input reach
    /// it (a closed window's touches and presses are cancelled, and nothing could end new ones).
    func isInConnectedScene(of application: Application) -> Bool {
        guard let scene = windowScene, scene.application === application else { return false }
        return application.connectedScenes.containsIdentical(scene)
    }

    /// Whether this is the application's key window (keys go to its first responder).
    public var isKeyWindow: Bool { application.keyWindow === self }

    // MARK: Showing

    /// Shows the window in front of the shown windows of its level, makes it key, installs the root controller's view sized to the window and
    /// runs its appearance callbacks synchronously (`viewWillAppear` then `viewDidAppear`).
    public func makeKeyAndVisible() {
        makeKey()
        orderFront()
        if isHidden {
            isHidden = false
            installRootView()
        }
    }

    /// Makes this the key window (keys and nil-targeted actions start here) without showing it.
    public func makeKey() {
        let app = application
        guard app.keyWindow !== self else { return }
        let previous = app.keyWindow
        app.setKeyWindow(self)
        windowScene?.keyWindowStorage = WindowRef(self)
        previous?.resignKey()
        becomeKey()
    }

    /// Called when the window becomes the key window.
    open func becomeKey() {}
    /// Called when the window stops being the key window.
    open func resignKey() {}

    private func installRootView() {
        guard let controller = rootViewController else { return }
        let rootView = controller.view
        guard rootView.superview !== self else { return }
        controller.beginAppearance(true, animated: false)
        rootView.frame = bounds
        insertSubview(rootView, at: 0)
        controller.endAppearance(true, animated: false)
    }

    /// Keeps the root controller's view sized to the window.
    open override func layoutSubviews() {
        if let root = rootViewController?.viewIfLoaded, root.superview === self { root.frame = bounds }
        inputViewPresenterStorage?.layout()
    }

    // MARK: Modal transitions

    /// Modal presentations and dismissals animating in this window (`ModalTransition`).
    private(set) var modalTransitionsRunning = 0

    /// A modal transition started animating here: from now until it ends, hit testing skips the
    /// window (UIKit ignores interaction events during a transition), so a touch that begins
    /// meanwhile hits nothing and reaches no view and no gesture recognizer (nor does a pointer's
    /// hover or scroll, which are hit-tested the same way); touches that began before go on to
    /// their views, and keys still go to the first responder.
    func modalTransitionBegan() {
        modalTransitionsRunning += 1
        updateTransitionBlock()
    }

    /// A modal transition of this window ended (touches are hit-tested again once none runs).
    func modalTransitionEnded() {
        modalTransitionsRunning = max(0, modalTransitionsRunning - 1)
        updateTransitionBlock()
    }

    /// Folds the transitions into the hit-testing flag the animator keeps for the window's own
    /// animations (it ORs `transitionBlocksInteraction` in when they change).
    private func updateTransitionBlock() {
        transitionBlocksInteraction = modalTransitionsRunning > 0
        let blocks = transitionBlocksInteraction || (animationState?.blocksInteraction ?? false)
        guard animationBlocksInteraction != blocks else { return }
        animationBlocksInteraction = blocks
        hitGeometryChanged()
    }

    // MARK: Events

    /// Delivers an event of this window: touches to gesture recognizers then their views; hover
    /// and scroll to the recognizers that follow them (hover, pans accepting scrolls) then the
    /// view under the pointer; touchpad transforms to pinch, rotation and pan recognizers; presses,
    /// motion and remote control to the first responder's chain. Override to observe or filter.
    open func sendEvent(_ event: Event) {
        switch event.type {
        case .touches: touchDelivery.deliver(event)
        case .presses: deliverPresses(event)
        case .motion: deliverMotion(event)
        case .remoteControl:
            let start = firstResponder ?? self
            ChainWalk.begin(at: start) { start.remoteControlReceived(with: event) }
        case .hover, .scroll, .transform: deliverPointerEvent(event)
        }
    }

    // MARK: First responder bookkeeping

    func setFirstResponder(_ responder: Responder?) {
        let changed = firstResponder !== responder
        firstResponder = responder
        if changed, responder != nil || inputViewPresenterStorage != nil { inputViewPresenter.update() }
        windowScene?.application.textInputDidChange(in: self)
    }

    /// A subtree (or this window's content) is about to leave: a first responder inside it
    /// resigns while it is still in this window.
    func subtreeWillLeave(_ root: View) {
        if let current = firstResponder {
            let owner = (current as? View) ?? (current as? ViewController)?.viewIfLoaded
            if let owner, owner.isDescendant(of: root) {
                _ = current.resignFirstResponder()
                if firstResponder === current {
                    firstResponder = nil
                    inputViewPresenterStorage?.update()
                }
            }
        }
    }

    /// A subtree left (its views no longer report this window): touches whose views were inside
    /// are cancelled.
    func subtreeDidLeave(_ root: View) {
        application.viewsDidLeave(self)
    }

    func subtreeDidJoin(_ root: View) {}
}
