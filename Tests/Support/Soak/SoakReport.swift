/// One reporting window of a soak run: the touch frames the app handled in it.
public struct SoakWindow: Sendable {
    public var index: Int
    /// When the window's first and last frames were handled, seconds since the schedule began.
    public var from: Double, to: Double
    /// Touch frames handled in the window.
    public var frames: Int
    /// Kernel event time (the frame's evdev timestamp) → the app handled the frame (routing and
    /// the puzzle's handlers returned), milliseconds.
    public var p50: Double, p99: Double, max: Double
    /// Frames due by the schedule but not yet handled, at the window's end and at most during it.
    public var backlogAtEnd: Int, backlogMax: Int
    /// Memory at the window's end.
    public var memory: ProcessMemory
    /// Frames the app drew in the window (the puzzle redraws selections and swap glides).
    public var presentedFrames: Int
    /// The app thread's own CPU time (`CLOCK_THREAD_CPUTIME_ID`) in the window, outside drawing,
    /// per frame handled, microseconds: reading libinput, translating, routing, the puzzle's
    /// handlers and the main loop. Time spent waiting for the CPU (other processes, the machine's
    /// stalls) is not in it, so unlike the latency it shows the app's own cost.
    public var handlingCPU: Double = 0
    /// The app thread's CPU time in `WindowPresenter.update` per frame drawn, milliseconds
    /// (layout, drawing the damage, presenting; updates with nothing to draw count in the total).
    public var drawingCPU: Double = 0
    /// The rest of the machine in the window (`MachineLoad`): CPU busy outside this process, in
    /// cores, and CPU time the hypervisor stole, in cores. The latency depends on them; the app's
    /// CPU per frame does not.
    public var otherCores: Double = 0, stolenCores: Double = 0
}

/// What a soak run measured.
public struct SoakReport: Sendable {
    public var configuration: SoakConfiguration
    /// Memory when the run began (before the app, libinput and the testbed existed), after the set-up
    /// (the first frame drawn, libinput reading the device), and at the end.
    public var memoryAtLaunch: ProcessMemory, memoryAfterSetup: ProcessMemory, memoryAtEnd: ProcessMemory
    public var windows: [SoakWindow]
    /// Frames the writer wrote and the app handled as touch frames (they must be equal).
    public var framesWritten: Int, framesHandled: Int
    /// Fingers that landed and lifted (written), and the touch downs and ups libinput routed.
    public var downsWritten: Int, upsWritten: Int, downsRouted: Int, upsRouted: Int, cancelsRouted: Int
    /// True when the application still had a touch (or anything else) open at the end.
    public var hasOpenInput: Bool
    /// The puzzle's swaps (the fingers' lifts are taps on its tiles).
    public var swaps: Int
    /// The writer's failure, or a drain that did not finish.
    public var failure: String?
    /// Seconds from the first frame's schedule to the last frame handled.
    public var elapsed: Double

    /// Touches libinput began that it neither ended nor cancelled.
    public var openTouches: Int { downsRouted - upsRouted - cancelsRouted }

    /// The window lines and the summary, as the tool prints them.
    public var summary: String {
        var lines = [
            "soak: \(configuration.fingers) fingers at \(Self.f(configuration.rate, 0)) Hz for \(Self.f(configuration.seconds, 0)) s"
                + " → real libinput (umockdev) → the puzzle; \(framesWritten) frames written, \(framesHandled) handled in \(Self.f(elapsed, 1)) s"
        ]
        lines.append(
            "  memory at launch: RSS \(ProcessMemory.megabytes(memoryAtLaunch.resident)), after set-up: RSS \(ProcessMemory.megabytes(memoryAfterSetup.resident))"
                + " (anon \(ProcessMemory.megabytes(memoryAfterSetup.residentAnonymous)), heap in use \(ProcessMemory.megabytes(memoryAfterSetup.heapInUse)))")
        for w in windows { lines.append(Self.line(w)) }
        if let first = windows.first {
            let e = memoryAtEnd
            lines.append(
                "  memory at end: RSS \(ProcessMemory.megabytes(e.resident)) (\(ProcessMemory.signedMegabytes(e.resident - first.memory.resident)) since window 1),"
                    + " anon \(ProcessMemory.megabytes(e.residentAnonymous)) (\(ProcessMemory.signedMegabytes(e.residentAnonymous - first.memory.residentAnonymous))),"
                    + " heap in use \(ProcessMemory.megabytes(e.heapInUse)) (\(ProcessMemory.signedMegabytes(e.heapInUse - first.memory.heapInUse)))")
        }
        lines.append(
            "  touches: \(downsWritten) landings written, \(downsRouted) began / \(upsRouted) ended / \(cancelsRouted) cancelled;"
                + " open at end: \(openTouches) (application has open input: \(hasOpenInput)); puzzle swaps: \(swaps)")
        if let failure { lines.append("  FAILED: \(failure)") }
        return lines.joined(separator: "\n")
    }

    public static func line(_ w: SoakWindow) -> String {
        "  window \(w.index + 1) (\(f(w.from, 1))–\(f(w.to, 1)) s): \(w.frames) frames, latency p50 \(f(w.p50, 3)) ms p99 \(f(w.p99, 3)) ms"
            + " max \(f(w.max, 3)) ms; backlog \(w.backlogAtEnd) (max \(w.backlogMax)) frames; RSS \(ProcessMemory.megabytes(w.memory.resident)),"
            + " heap in use \(ProcessMemory.megabytes(w.memory.heapInUse)); \(w.presentedFrames) frames drawn;"
            + " CPU \(f(w.handlingCPU, 1)) µs a frame handled, \(f(w.drawingCPU, 3)) ms a frame drawn;"
            + " the machine's other work \(f(w.otherCores, 2)) cores, stolen \(f(w.stolenCores, 2)) cores"
    }

    static func f(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let text = String((value * scale).rounded() / scale)
        return decimals == 0 && text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
