import KioskLoop
import Rendering
import ResponderKit

/// The headless target's backend: an output whose frames stay in memory (`HeadlessOutput`) and
/// no input source — a script's `InputDriver` hands events to the application, stamped by its
/// own manual clock.
@MainActor
public final class HeadlessBackend: KioskBackend {
    /// The in-memory frame.
    public let headless: HeadlessOutput
    /// The in-memory frame, as the host draws into it.
    public var output: any Output { headless }
    /// None: the script drives input.
    public var inputSources: [any MainLoopSource] { [] }
    /// False: a script's events are stamped by its own clock, no kernel time to measure from.
    public var inputHasKernelTime: Bool { false }

    /// A `size` window (points) at `scale` pixels per point.
    public init(size: Size, scale: Double = 1) {
        headless = HeadlessOutput(size: size, scale: scale)
    }
}
