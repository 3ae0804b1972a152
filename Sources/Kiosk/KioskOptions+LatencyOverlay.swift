import ResponderKit

extension KioskOptions {
    /// The latency overlay these options ask for (`latencyOverlay`, in `latencyOverlayCorner`),
    /// or nil when it is off; each host hands it to its presenter. `inputHasKernelTime` is false
    /// for a host whose events its own clock stamps (the headless script's), see
    /// `LatencyOverlayView.inputHasKernelTime`.
    @MainActor
    func makeLatencyOverlay(inputHasKernelTime: Bool = true) -> LatencyOverlayView? {
        guard latencyOverlay else { return nil }
        let overlay = LatencyOverlayView(monitor: LatencyMonitor())
        overlay.corner = latencyOverlayCorner
        overlay.inputHasKernelTime = inputHasKernelTime
        return overlay
    }
}
