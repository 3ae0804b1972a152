import CDRM
import FramebufferOutput
import ResponderKit

extension DRMOutput {
    /// What a hotplug re-probe found for the output's connector.
    public enum ConnectorChange: Sendable, Equatable {
        /// Nothing changed for it.
        case unchanged
        /// It was unplugged: nothing is drawn (and nothing polled) until it comes back.
        case unplugged
        /// It came back: the mode is set again and the whole window drawn at the next frame
        /// (at a new `size` when the panel now wants another mode).
        case replugged
        /// It stayed plugged in but now wants another mode (a monitor swapped for one of another
        /// size, a virtual display reconfigured by its host): new buffers at the new `size`, the
        /// mode set and the whole window drawn at the next frame.
        case modeChanged
    }

    /// Reads the queued udev events (`hotplugFileDescriptor` was readable) and, when one was a
    /// card's change event, probes the connector again (`reprobe()`).
    public func handleHotplug() -> ConnectorChange {
        guard hotplug?.drain() == true else { return .unchanged }
        return reprobe()
    }

    /// Probes the output's connector again (`drmModeGetConnector`) after a udev `drm` change
    /// event. Unplugged: frames stop (`isReadyForFrame` is false, so the host neither draws nor
    /// arms a timer: no busy loop). Plugged in: the mode `options.mode` asks for when offered,
    /// else the connector's preferred one; when that is not the mode on screen, the shadow,
    /// the converter and the buffers are made again at its size (`size` changes: the host lays
    /// the window out again and maps touch to the new size).
    public func reprobe() -> ConnectorChange {
        guard !isClosed, let probed = device.connector(scanout.connector.id) else { return .unchanged }
        let connected = probed.connector.isConnected && !probed.connector.modes.isEmpty
        if !connected {
            guard isConnected else { return .unchanged }
            isConnected = false
            isFlipPending = false
            return .unplugged
        }
        let modes = probed.connector.modes
        guard let mode = Self.mode(for: options.mode, among: modes) else { return .unchanged }
        let sameMode =
            mode.width == scanout.mode.width && mode.height == scanout.mode.height
            && mode.refreshMillihertz == scanout.mode.refreshMillihertz
        if isConnected && sameMode { return .unchanged }
        let wasConnected = isConnected
        let resized = mode.width != scanout.mode.width || mode.height != scanout.mode.height
        scanout.connector = probed.connector
        scanout.mode = mode
        scanout.rawMode = probed.modes[mode.index]
        if resized {
            let transform = Self.layout(scanout, rotation: options.rotation, hardware: rotatesInHardware).transform
            do throws(DRMError) { try rebuild(transform) } catch {
                warn("\(device.node): \(scanout.connector.name) now wants \(mode), but \(error)")
                isConnected = false
                return .unplugged
            }
        }
        isConnected = true
        invalidate()
        return wasConnected ? .modeChanged : .replugged
    }

    /// The mode to show among `modes`: the one asked for when offered, else the preferred one
    /// (else the first).
    public nonisolated static func mode(for request: DRMModeRequest?, among modes: [DRMMode]) -> DRMMode? {
        DRMMode.choose(request, among: modes) ?? DRMMode.choose(nil, among: modes)
    }
}
