/// Live latency figures of a running app, for the on-screen overlay (`LatencyOverlayView`) and
/// for tools: how long input waited between the kernel stamping it and the application having
/// routed it, how long each touch-down's hit test took, how long frames took to draw, and — on
/// outputs that report presentation — how long from the first input a frame answered to its
/// pixels being shown.
///
/// Opt-in: install it with `Application.latencyMonitor` (the host does it for its
/// `--latency-overlay` option). Every `record…` call is O(1) and allocates nothing, so routed
/// moves stay allocation-free with the monitor installed; with none installed, routing pays one
/// nil test per event.
@MainActor
public final class LatencyMonitor {
    /// Kernel event time (`InputEvent.timestamp`, `CLOCK_MONOTONIC`) → the application finished
    /// routing the event to its handlers. Touch, pointer, scroll and key events only.
    public private(set) var input = LatencyHistogram()
    /// The hit test of each touch down (`Window.hitTest` in the router).
    public private(set) var hitTest = LatencyHistogram()
    /// Drawing one frame (layout excluded; the renderer's repaint of the damage).
    public private(set) var frame = LatencyHistogram()
    /// Kernel time of the first input since the previous frame → the output reporting that the
    /// frame drawn after it was presented. Empty on outputs that do not report presentation.
    public private(set) var toPixels = LatencyHistogram()
    /// Bumped by every recording, so a display can tell cheaply whether the figures changed.
    public private(set) var changeCount = 0

    /// The earliest input timestamp not yet answered by a drawn frame (+∞ when none).
    private var earliestUnanswered = Double.infinity
    /// The earliest input timestamp answered by the frame in flight, waiting for its
    /// presentation (+∞ when none).
    private var earliestInFlight = Double.infinity

    /// Makes a monitor with empty histograms.
    public init() {}

    /// Notes that an input event stamped `timestamp` was routed by `handledAt` (same clock).
    /// - Complexity: O(1), no allocation.
    public func recordInput(timestamp: Double, handledAt: Double) {
        guard timestamp.isFinite else { return }
        input.record(handledAt - timestamp)
        if timestamp < earliestUnanswered { earliestUnanswered = timestamp }
        changeCount &+= 1
    }

    /// Notes one touch-down hit test's duration.
    /// - Complexity: O(1), no allocation.
    public func recordHitTest(_ seconds: Double) {
        hitTest.record(seconds)
        changeCount &+= 1
    }

    /// Notes that a frame took `seconds` to draw and was handed to the output: the input waiting
    /// for an answer is now answered by this frame. With `answersInput` false (a frame that only
    /// redrew the overlay itself) nothing is recorded and the waiting input is dropped: it
    /// changed nothing on screen, so it has no pixels to measure.
    /// - Complexity: O(1), no allocation.
    public func recordFrame(_ seconds: Double, answersInput: Bool = true) {
        guard answersInput else {
            earliestUnanswered = .infinity
            return
        }
        frame.record(seconds)
        if earliestUnanswered < earliestInFlight { earliestInFlight = earliestUnanswered }
        earliestUnanswered = .infinity
        changeCount &+= 1
    }

    /// Notes that the output showed the last handed-over frame at `time` (same clock as input).
    /// - Complexity: O(1), no allocation.
    public func recordPresentation(at time: Double) {
        guard earliestInFlight.isFinite else { return }
        toPixels.record(time - earliestInFlight)
        earliestInFlight = .infinity
        changeCount &+= 1
    }

    /// One line with every figure (count, median, 99th percentile), as hosts print it at exit.
    public var summary: String { summary(inputNote: nil, pixelsNote: nil) }

    /// `summary`, with the input latency replaced by `inputNote` (its count stays) when the
    /// input's times cannot give one (`LatencyOverlayView.inputHasKernelTime`), and the input →
    /// pixels figure by `pixelsNote` when the output reports no presentation.
    public func summary(inputNote: String?, pixelsNote: String?) -> String {
        func figure(_ name: String, _ h: LatencyHistogram) -> String {
            h.count == 0
                ? "\(name) —" : "\(name) n=\(h.count) p50 \(LatencyOverlayView.format(h.percentile(0.5))) p99 \(LatencyOverlayView.format(h.percentile(0.99)))"
        }
        let inputFigure = inputNote.map { "input n=\(input.count) \($0)" } ?? figure("input", input)
        let pixelsFigure = pixelsNote.map { "→ pixels \($0)" } ?? figure("→ pixels", toPixels)
        return [inputFigure, figure("hit test", hitTest), figure("frame", frame), pixelsFigure]
            .joined(separator: "; ")
    }

    /// Forgets every figure.
    public func reset() {
        input.reset()
        hitTest.reset()
        frame.reset()
        toPixels.reset()
        earliestUnanswered = .infinity
        earliestInFlight = .infinity
        changeCount &+= 1
    }
}

extension InputEvent {
    /// Whether this is input a person made that the router delivers — what the input latency
    /// counts: a touch frame (touch changes are delivered per frame), pointer motion and buttons,
    /// scrolling and keys. Device lifecycle, leave and modifier-only events are not counted.
    public var isRoutedUserInput: Bool {
        switch kind {
        case .touchFrame, .pointerMotion, .pointerButton, .scroll, .key, .touchpadGesture: true
        default: false
        }
    }
}
