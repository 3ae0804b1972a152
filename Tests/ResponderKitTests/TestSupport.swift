import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Shared fixtures for the suite. Everything here is main-actor state built fresh per test: each test
// makes its own `Application`, so tests never share a window, a first responder or a touch table.

/// The app delegate of the UIKit template: a `Responder`, so it is the last link of the chain.
/// It logs what reaches it.
@MainActor
final class AppDelegate: Responder, ApplicationDelegate {
    let log: Log
    init(log: Log) { self.log = log }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.add("AppDelegate.touchesBegan")
        super.touchesBegan(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        log.add("AppDelegate.touchesEnded")
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        log.add("AppDelegate.touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        log.add("AppDelegate.pressesBegan")
        super.pressesBegan(presses, with: event)
    }
    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        log.add("AppDelegate.pressesEnded")
        super.pressesEnded(presses, with: event)
    }
    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        log.add("AppDelegate.pressesCancelled")
        super.pressesCancelled(presses, with: event)
    }
    override func motionBegan(_ motion: Event.EventSubtype, with event: Event?) {
        log.add("AppDelegate.motionBegan")
        super.motionBegan(motion, with: event)
    }
    override func motionEnded(_ motion: Event.EventSubtype, with event: Event?) {
        log.add("AppDelegate.motionEnded")
        super.motionEnded(motion, with: event)
    }
    override func remoteControlReceived(with event: Event?) {
        log.add("AppDelegate.remoteControlReceived")
        super.remoteControlReceived(with: event)
    }
    override func hoverChanged(_ hover: HoverInfo, with event: Event?) {
        log.add("AppDelegate.hover.\(hover.phase)")
        super.hoverChanged(hover, with: event)
    }
}

/// The Xcode template's scene delegate: a `Responder`, yet never in the chain.
@MainActor
final class SceneDelegate: Responder, WindowSceneDelegate {
    var window: Window?
}

/// A controller whose root view is a `RecordingView` named "Root" (so its touches are logged), and
/// which logs its appearance callbacks.
@MainActor
class HostViewController: RecordingViewController {
    override func loadView() { view = RecordingView("Root", log: log) }
    var root: RecordingView { view as! RecordingView }
}

/// Application + scene + key window + input driver, the way every app starts:
/// `Application()`, `WindowScene(application:)`, `Window(windowScene:)`, `makeKeyAndVisible()`.
@MainActor
struct Harness {
    let log: Log
    let app: Application
    let delegate: AppDelegate
    let scene: WindowScene
    let window: Window
    let driver: InputDriver

    /// The window is `size` big at the origin of the scene's screen; `root` (if any) becomes the
    /// window's root view controller before `makeKeyAndVisible()` installs it.
    init(
        root: ViewController? = nil, size: Size = Size(width: 400, height: 800), log: Log = Log(),
        application: Application? = nil, scene: WindowScene? = nil, window: Window? = nil
    ) {
        self.log = log
        let app = retained(application ?? Application())
        self.app = app
        delegate = AppDelegate(log: log)
        app.delegate = delegate
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let scene = scene ?? WindowScene(application: app, screenBounds: screen)
        self.scene = scene
        let window = window ?? Window(windowScene: scene)
        self.window = window
        driver = InputDriver(application: app)
        window.rootViewController = root
        window.makeKeyAndVisible()
    }

    /// Taps `point` (window coordinates) with finger 0.
    func tap(_ point: Point) { driver.tap(at: point, in: window) }
    func tap(_ x: Double, _ y: Double) { tap(Point(x: x, y: y)) }
}

/// Objects the suite keeps for the rest of the run. An `Application` owns its scenes, windows and
/// views, and scenes hold their application unowned; keeping each test's application alive means
/// no hierarchy is torn down in the middle of a test, whatever the optimizer does with lifetimes.
@MainActor
enum KeepAlive { static var objects: [AnyObject] = [] }

/// Returns `object`, kept alive for the rest of the test run.
@MainActor
func retained<T: AnyObject>(_ object: T) -> T {
    KeepAlive.objects.append(object)
    return object
}

/// Runs `body` with `ResponderDiagnostics.handler` replaced by a collector and returns what was
/// reported (the default handler is restored afterwards).
@MainActor
func collectDiagnostics(_ body: () throws -> Void) rethrows -> [String] {
    let saved = ResponderDiagnostics.handler
    var messages: [String] = []
    ResponderDiagnostics.handler = { messages.append($0.description) }
    defer { ResponderDiagnostics.handler = saved }
    try body()
    return messages
}

/// The cycle diagnostics among `messages`.
func cycles(_ messages: [String]) -> [String] { messages.filter { $0.contains("cycle") } }

extension Point {
    init(_ x: Double, _ y: Double) { self.init(x: x, y: y) }
}

extension Rect {
    init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
}

/// An object that records which actions it received (an `ActionTarget` that is not a responder).
@MainActor
final class ActionRecorder: ActionTarget {
    private(set) var received: [Selector] = []
    private(set) var senders: [Any?] = []
    let handles: Set<Selector>
    init(handles: Set<Selector>) { self.handles = handles }
    func responds(to action: Selector) -> Bool { handles.contains(action) }
    func perform(_ action: Selector, with sender: Any?) -> Bool {
        guard handles.contains(action) else { return false }
        received.append(action)
        senders.append(sender)
        return true
    }
}

/// A gesture recognizer that logs the touches it sees ("Name.touchesBegan") and, when told to,
/// recognizes at a given phase.
@MainActor
final class RecordingRecognizer: GestureRecognizer {
    let log: Log
    /// The name its log entries start with.
    let label: String
    /// Recognize (`.began`) when a touch begins / moves; end (`.ended`) when it ends.
    var recognizeOnBegan = false
    var recognizeOnMove = false
    var endOnEnded = false

    init(_ name: String, log: Log) {
        self.log = log
        self.label = name
        super.init(target: nil, action: nil)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log.add("\(label).touchesBegan")
        if recognizeOnBegan { state = .began }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        log.add("\(label).touchesMoved")
        if recognizeOnMove, state == .possible { state = .began } else if state == .began { state = .changed }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        log.add("\(label).touchesEnded")
        if endOnEnded { state = .ended } else if state == .possible { state = .failed }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        log.add("\(label).touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }
}
