import KioskLoop
import Rendering
import ResponderKit

/// The host's one setup, for every target: the scene, the window with the app's root view
/// controller, the presenter drawing it into the backend's output, the latency overlay and the
/// hit dumper. Then `frame()` is the host's frame: layout and drawing (the presenter), then the
/// backend's commit (its sources' `beforeWaiting`). The main loop runs it at the end of every
/// wake-up, after input and timers; the headless script player after every step.
@MainActor
public final class KioskSession {
    /// The target's output and input.
    public let backend: any KioskBackend
    /// The application the window belongs to.
    public let application: Application
    /// The scene of the output; its screen bounds follow the output's size.
    public let scene: WindowScene
    /// The app's window.
    public let window: Window
    /// Draws the window into `backend.output`.
    public let presenter: WindowPresenter
    /// Writes hit-test dumps of the window (`--hit-dump`), or nil.
    public let hitTestDumper: HitTestDumper?
    /// `backend.inputSources`, read once (the frame walks it without building an array).
    private let sources: [any MainLoopSource]

    /// Builds the scene at the output's size in `userInterfaceStyle` and `layoutDirection` (its
    /// `traitCollection`; an unspecified direction follows the language), the
    /// window showing `rootViewController` (made key and visible), the presenter (with
    /// `latencyOverlay` when given) and, with `hitDumpFolder`, a dumper naming its files after
    /// `appName`; then attaches itself to the backend.
    public init(
        backend: any KioskBackend, application: Application = .shared, rootViewController: ViewController,
        latencyOverlay: LatencyOverlayView? = nil, hitDumpFolder: String? = nil, appName: String = "app",
        userInterfaceStyle: UserInterfaceStyle = .light, layoutDirection: TraitEnvironmentLayoutDirection = .unspecified
    ) {
        self.backend = backend
        self.application = application
        let output = backend.output
        scene = WindowScene(application: application, screenBounds: Rect(origin: .zero, size: output.size))
        scene.traitCollection = TraitCollection(userInterfaceStyle: userInterfaceStyle, layoutDirection: layoutDirection)
        window = Window(windowScene: scene)
        window.rootViewController = rootViewController
        window.makeKeyAndVisible()
        presenter = WindowPresenter(window: window, output: output)
        if let latencyOverlay { presenter.latencyOverlay = latencyOverlay }
        let window = window
        hitTestDumper = hitDumpFolder.map { HitTestDumper(window: window, folder: $0, appName: appName) }
        sources = backend.inputSources
        backend.attach(self)
        // Frames run outside the loop (InputDriver, before each event) are this one.
        window.display = self
    }

    /// The session of `app` with the host's options (overlay, hit dump, visual settings).
    convenience init(app: KioskApp, backend: any KioskBackend, options: KioskOptions) {
        // Before the app builds its views, so preferred fonts and colours start at the settings.
        Accessibility.visualSettings = options.visualSettings
        self.init(
            backend: backend, rootViewController: app.makeRootViewController(),
            latencyOverlay: options.makeLatencyOverlay(inputHasKernelTime: backend.inputHasKernelTime),
            hitDumpFolder: options.hitDumpFolder, appName: app.name, userInterfaceStyle: options.userInterfaceStyle,
            layoutDirection: options.layoutDirection)
    }

    /// One frame: the presenter's update (animations, layout, and a frame into the output when
    /// something changed and the output is ready) — nothing while the screen blanker has the
    /// screen dark — then each input source's end of frame (commit, flush).
    /// - Complexity: the presenter's update, plus O(sources); allocates nothing of its own.
    public func frame() {
        if application.screenBlanker?.isBlanked != true { presenter.update() }
        for source in sources { source.beforeWaiting() }
    }

    /// The backend's output is gone (a compositor closed the toplevel): the window is hidden and
    /// the scene disconnected (its touches are cancelled).
    public func outputClosed() {
        window.isHidden = true
        scene.disconnect()
    }
}

extension KioskSession: WindowDisplay {
    /// The host's frame (`frame()`), for frames run outside the main loop: `InputDriver` runs it
    /// before each event of a headless script.
    public func displayFrame() { frame() }
}
