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
        /// It came back: the mode is set again and the whole window drawn at the next frame.
        case replugged
    }

    /// Reads the queued udev events (`hotplugFileDescriptor` was readable) and, when one was a
    /// card's change event, probes the connector again (`reprobe()`).
    public func handleHotplug() -> ConnectorChange {
        guard hotplug?.drain() == true else { return .unchanged }
        return reprobe()
    }

    /// Probes the output's connector again (`drmModeGetConnector`) after a udev `drm` change
    /// event. Unplugged: frames stop (`isReadyForFrame` is false, so the host neither draws nor
    /// arms a timer: no busy loop). Plugged back: the same mode when it is still offered, else
    /// the chosen one by the options; buffers are remade when the size changed.
    public func reprobe() -> ConnectorChange {
        guard !isClosed, let probed = device.connector(scanout.connector.id) else { return .unchanged }
        let connected = probed.connector.isConnected && !probed.connector.modes.isEmpty
        if !connected {
            guard isConnected else { return .unchanged }
            isConnected = false
            isFlipPending = false
            return .unplugged
        }
        guard !isConnected else { return .unchanged }
        let modes = probed.connector.modes
        let same = modes.first { $0.width == scanout.mode.width && $0.height == scanout.mode.height }
        guard let mode = same ?? DRMMode.choose(options.mode, among: modes) else { return .unchanged }
        scanout.connector = probed.connector
        scanout.mode = mode
        scanout.rawMode = probed.modes[mode.index]
        if same == nil {
            let transform = Self.layout(scanout, rotation: options.rotation, hardware: rotatesInHardware).transform
            do throws(DRMError) { try rebuild(transform) } catch {
                warn("\(device.node): \(scanout.connector.name) came back at \(mode), but \(error)")
                return .unchanged
            }
        }
        isConnected = true
        invalidate()
        return .replugged
    }
}
