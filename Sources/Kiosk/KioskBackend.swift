import Keymap
import KioskLoop
import Rendering
import ResponderKit

/// What a target gives the host, and nothing else: an output (buffers, damage, frame clock, size,
/// scale, and the rotation it applies) and the input sources the host's main loop watches — the
/// shape of a wlroots backend. The host (`KioskSession`) builds the scene, the window, the
/// presenter, the latency overlay and the hit dumper once for every target, and drives each
/// frame: input (the sources' `dispatch`) → timers → layout and drawing into `output` (the
/// presenter) → commit (the sources' `beforeWaiting`, after drawing). A backend never draws and
/// never decides when a frame is drawn.
///
/// A new output (a DRM/KMS one, say) plugs in by conforming to this protocol and giving the main
/// command a `KioskBackendProvider` that opens it; the host does not change. Everything but
/// `output` and `inputSources` has a default.
@MainActor
public protocol KioskBackend: AnyObject {
    /// Where the frames go.
    var output: any Output { get }
    /// The rotation the output turns the picture by (input is turned with it); reported at start.
    var rotation: DisplayRotation { get }
    /// What the host's main loop watches (libinput's fd, a compositor connection). Their
    /// `beforeWaiting` runs at the end of each host frame, after drawing: commit and flush there.
    var inputSources: [any MainLoopSource] { get }
    /// The keymap the input reads keys with (the on-screen keyboard shows its keys); nil: the
    /// host uses `--layout` (or `XKB_DEFAULT_*`).
    var keymap: Keymap? { get }
    /// Whether input events carry the kernel's time, so the latency overlay measures from it.
    var inputHasKernelTime: Bool { get }
    /// How `--blank-after` turns the screen off and on.
    var screenPower: KioskScreenPower { get }
    /// What the host prints after the app's name when it starts ("on /dev/fb0 …"); nil: nothing.
    var startMessage: String? { get }
    /// The session the host built for this backend: a backend that stamps input with its window
    /// (a compositor's surface) keeps it here, and tells the session when its output is gone
    /// (`KioskSession.outputClosed()`).
    func attach(_ session: KioskSession)
    /// The host's main loop is about to run: a backend that can end the run (a compositor's
    /// close request) or watches frames keeps `loop`.
    func start(on loop: MainLoop) throws
    /// The run ended: the exit status (and any closing line); 0 when all went well.
    func finish(appName: String) -> Int32
    /// Releases the output and the input (the console back to text mode, the connection closed).
    func close()
}

extension KioskBackend {
    /// The default: no rotation.
    public var rotation: DisplayRotation { .none }
    /// The default: no keymap of the backend's own.
    public var keymap: Keymap? { nil }
    /// The default: events carry the kernel's time.
    public var inputHasKernelTime: Bool { true }
    /// The default: the backend cannot blank its screen.
    public var screenPower: KioskScreenPower { .unsupported(reason: "on this target") }
    /// The default: no start line.
    public var startMessage: String? { nil }
    /// The default: nothing to keep.
    public func attach(_ session: KioskSession) {}
    /// The default: nothing to watch.
    public func start(on loop: MainLoop) throws {}
    /// The default: success.
    public func finish(appName: String) -> Int32 { 0 }
    /// The default: nothing to release.
    public func close() {}
}

/// How a backend powers its screen for `--blank-after`.
public enum KioskScreenPower {
    /// Turns the screen off (true) and on (false), e.g. `FBIOBLANK`.
    case switchable(@MainActor (_ blanked: Bool) -> Void)
    /// The backend cannot; `reason` completes "--blank-after is ignored …".
    case unsupported(reason: String)
}
