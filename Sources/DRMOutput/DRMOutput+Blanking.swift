import CDRM
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

extension DRMOutput {
    /// Turns the panel off (true) or on again (false), for a kiosk's idle screen
    /// (`--blank-after`). Off: on the atomic path a commit of the CRTC's `ACTIVE` property to 0
    /// (`drmModeAtomicCommit` with `DRM_MODE_ATOMIC_ALLOW_MODESET`: the mode is kept, the pipe
    /// and the panel's signal stop — DPMS off); on the legacy path the connector's `DPMS`
    /// property set to off (`drmModeConnectorSetProperty`). Nothing is drawn while blanked.
    /// On: the next frame sets the mode again (`ACTIVE` 1; legacy: `DPMS` on, then
    /// `drmModeSetCrtc`) and draws the whole window, as after a VT switch back. While another VT
    /// has the display or the connector is unplugged, only the state is kept. Returns false when
    /// the driver refused or the output is closed.
    @discardableResult
    public func setBlanked(_ blanked: Bool) -> Bool {
        guard !isClosed else { return false }
        guard blanked != isBlanked else { return true }
        isBlanked = blanked
        guard isConnected, !isSuspended, device.isMaster else {
            if !blanked { invalidate() }
            return true
        }
        if blanked { return isAtomic ? deactivateCRTC() == 0 : setConnectorPower(UInt64(DRM_MODE_DPMS_OFF)) == 0 }
        let powered = isAtomic || setConnectorPower(UInt64(DRM_MODE_DPMS_ON)) == 0
        invalidate()
        return powered
    }

    /// `ACTIVE` 0 on the CRTC in a blocking atomic commit (it waits for a pending flip). 0 or -errno.
    private func deactivateCRTC() -> Int32 {
        guard let active = scanout.crtcProperties["ACTIVE"] else { return -EINVAL }
        guard let request = drmModeAtomicAlloc() else { return -ENOMEM }
        defer { drmModeAtomicFree(request) }
        drmModeAtomicAddProperty(request, scanout.crtc, active, 0)
        return drmModeAtomicCommit(device.fd, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0 ? 0 : -errno
    }

    /// The connector's `DPMS` property (`drmModeConnectorSetProperty`). 0 or -errno.
    private func setConnectorPower(_ state: UInt64) -> Int32 {
        guard let dpms = device.properties(of: scanout.connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))["DPMS"] else { return -EINVAL }
        return drmModeConnectorSetProperty(device.fd, scanout.connector.id, dpms.id, state) == 0 ? 0 : -errno
    }
}
