/// The app object (UIKit's `UIApplication`): the single entry point for input (`handle(_:)`), the
/// key window, action sending, timers and the clock. Its `next` is its delegate only when the
/// delegate is a `Responder` that is not a view, a view controller or an application.
@MainActor
open class Application: Responder {
    /// The application of the running app, by an explicit rule: the one the host installed with
    /// `Application.shared = app` (before it makes windows without a scene), else one created at
    /// the first read of `shared` and kept. Creating an `Application` never installs it, so tests
    /// and tools may make as many as they like without one of them silently becoming the app that
    /// scene-less windows and controls outside a window fall back to.
    public static var shared: Application {
        get {
            if let app = sharedStorage { return app }
            let app = Application()
            sharedStorage = app
            return app
        }
        set { sharedStorage = newValue }
    }
    private static var sharedStorage: Application?

    /// The app delegate, kept by the application.
    public var delegate: ApplicationDelegate? {
        get { delegateStorage }
        set { delegateStorage = newValue }
    }
    /// The scenes connected to the application, in the order they connected.
    public private(set) var connectedScenes: [WindowScene] {
        get { connectedScenesStorage }
        _modify { yield &connectedScenesStorage }
    }
    // `delegateStorage` and `connectedScenesStorage` skip Swift's dynamic exclusivity check: a
    // routed move reads each (the chain walk's `next` reaches the application, the window checks
    // it is in a connected scene), ~80 instructions per check under callgrind on `hitbench
    // --dispatch-only`. Invariant of both: touched only on the main actor (the class is
    // `@MainActor`; `Application.handle` asserts it in debug builds) and never accessed
    // overlappingly — internal storage reached through the properties above; no `inout` access
    // spans a call out of the core (loops iterate over a copy).
    @exclusivity(unchecked) private var delegateStorage: ApplicationDelegate?
    @exclusivity(unchecked) private var connectedScenesStorage: [WindowScene] = []
    /// The window keys and nil-targeted actions go to.
    public var keyWindow: Window? { keyWindowRef?.value }
    private var keyWindowRef: WindowRef?

    /// Where time comes from: the monotonic clock, or a manual clock under test.
    public var clock: any ApplicationClock = MonotonicClock()
    /// Timers for gestures, key repeat and app code; the run loop fires them when due.
    public let timers = TimerQueue()
    /// The view animations of this application's windows (`View.animate`), advanced by the host's
    /// frame clock (`WindowPresenter.update()`); hosts draw frames while it `isRunning`.
    public let animator = Animator()
    /// Tap counting: a down within this many seconds of the previous tap's up…
    public var multiTapInterval: Double = 0.35
    /// …and within this distance (points) of it, on the same view, counts as the next tap.
    public var multiTapDistance: Double = 45

    // Each concern has its owner, as UIKit splits application, scene, screen and keyboard; the
    // application keeps the entry point (`handle(_:)`), the scenes, the key window, time and
    // actions, and its public API forwards to these.

    /// The routing state between an input event and its windows (`InputRouting`).
    let routing = InputRouting()
    /// The pointer devices: cursors and their gesture streams (`PointerTracker`).
    let pointerTracker = PointerTracker()
    /// Idle handlers, the screen blanker and `isIdleTimerDisabled` (`IdleController`).
    let idle = IdleController()
    /// The touch screen reader (`ScreenReader`): off until started; it sees every input event
    /// before routing.
    public private(set) lazy var screenReader = ScreenReader(application: self)
    /// Decides between the gesture recognizers of every window (UIKit's gesture environment).
    let gestureArena = GestureArena()
    /// The built-in on-screen keyboard and when text fields get it (`OnScreenKeyboard`), with the
    /// system input method's availability and the text input observers.
    public private(set) lazy var onScreenKeyboard = OnScreenKeyboard(application: self)

    /// Devices the sources announced (`deviceAdded`), by id.
    public internal(set) var devices: [InputDeviceID: InputDevice] {
        get { routing.devices }
        set { routing.devices = newValue }
    }
    /// Whether the compositor's input method serves text fields (Wayland `zwp_text_input_v3` with
    /// an input method behind it). The Wayland backend sets it; while it is true the built-in
    /// on-screen keyboard steps aside, unless the app forces it on.
    public var systemInputMethodAvailable: Bool {
        get { onScreenKeyboard.systemInputMethodAvailable }
        set { onScreenKeyboard.systemInputMethodAvailable = newValue }
    }
    /// Keeps the screen awake while true (UIKit's name): the screen blanker does not blank and the
    /// Wayland backend holds an idle inhibitor on its surfaces (see Idle/Application+Idle.swift).
    public var isIdleTimerDisabled: Bool {
        get { idle.isIdleTimerDisabled }
        set { idle.setIdleTimerDisabled(newValue) }
    }
    /// Modifier keys currently held, as the last key or modifier event said.
    public internal(set) var modifierFlags: KeyModifierFlags {
        get { routing.modifierFlags }
        set { routing.modifierFlags = newValue }
    }
    /// The latest touchpad gesture a source passed on (recognizers of the gestures issue use it).
    public internal(set) var lastTouchpadGesture: TouchpadGesture? {
        get { routing.lastTouchpadGesture }
        set { routing.lastTouchpadGesture = newValue }
    }
    /// When the last input arrived, in seconds of the application's clock (−∞ before any).
    public var lastInputTime: Double { idle.lastInputTime }
    /// The host's screen blanker: it sees every event before routing and swallows the one that
    /// wakes a blanked screen (see `ScreenBlanker`); nil when the screen never blanks.
    public internal(set) var screenBlanker: ScreenBlanker? {
        get { idle.screenBlanker }
        set { idle.screenBlanker = newValue }
    }
    /// Live latency figures (`LatencyMonitor`), recorded while one is installed: the host's
    /// `--latency-overlay` installs one.
    public var latencyMonitor: LatencyMonitor? {
        get { routing.latencyMonitor }
        set { routing.latencyMonitor = newValue }
    }

    /// A new application; it is not `shared` unless the host makes it so.
    public override init() {
        super.init()
    }

    /// Whether this is `Application.shared` (installed by the host or created by that property).
    public var isShared: Bool { Application.sharedStorage === self }

    open override var next: Responder? {
        guard let delegate = delegate as? Responder else { return nil }
        if delegate is View || delegate is ViewController || delegate is Application { return nil }
        return delegate
    }

    func connect(_ scene: WindowScene) {
        guard !connectedScenes.contains(where: { $0 === scene }) else { return }
        connectedScenes.append(scene)
    }

    func disconnect(_ scene: WindowScene) {
        connectedScenes.removeAll { $0 === scene }
        if let key = keyWindow, key.windowScene === scene { keyWindowRef = nil }
    }

    func setKeyWindow(_ window: Window?) { keyWindowRef = window.map(WindowRef.init) }

    /// Every window of every connected scene, in scene order.
    public var windows: [Window] { connectedScenes.flatMap(\.windows) }

    // MARK: Actions

    /// Sends `action` to `target` directly when given; with a nil target, to the first responder
    /// of the key window (or the key window when nothing is focused) and along `next` until a
    /// responder can perform it. Returns false when nobody handled it.
    @discardableResult
    open func sendAction(_ action: Selector, to target: AnyObject?, from sender: Any?, for event: Event?) -> Bool {
        if let target {
            guard let actionTarget = target as? ActionTarget else {
                ResponderDiagnostics.report(.unhandledAction(action, target: "\(type(of: target))"))
                return false
            }
            guard actionTarget.responds(to: action) else {
                ResponderDiagnostics.report(.unhandledAction(action, target: "\(type(of: target))"))
                return false
            }
            return actionTarget.perform(action, with: sender)
        }
        guard let window = keyWindow else { return false }
        let start: Responder = window.firstResponder ?? window
        let handler = ChainWalk.begin(at: start) { start.target(forAction: action, withSender: sender) }
        guard let handler else { return false }
        return handler.perform(action, with: sender)
    }

    /// Routes an event to its window's `sendEvent(_:)`. Override to observe every event.
    open func sendEvent(_ event: Event) {
        guard let window = event.window else { return }
        window.sendEvent(event)
    }

    /// Adds an observer that sees every `InputEvent` after it was routed.
    public func addInputObserver(_ observer: @escaping @MainActor (InputEvent) -> Void) {
        routing.inputObservers.append(observer)
    }
}

/// The app delegate (UIKit's `UIApplicationDelegate`). Make it a `Responder` subclass to have it
/// be the last link of the responder chain, as the UIKit template does.
@MainActor
public protocol ApplicationDelegate: AnyObject {}
