import CDRM
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// The KMS objects one output drives — connector, CRTC, primary plane — with the mode, the
/// format and the property ids the atomic commits set. Found once at open (`Scanout.find`) and
/// again when the connector comes back after an unplug.
struct Scanout {
    var connector: DRMConnector
    let crtc: UInt32
    let plane: UInt32
    var mode: DRMMode
    var rawMode: drmModeModeInfo
    let format: DRMPixelFormat
    /// Property ids by object (connector, CRTC, plane) and name: empty on the legacy path.
    var connectorProperties: [String: UInt32] = [:]
    var crtcProperties: [String: UInt32] = [:]
    var planeProperties: [String: UInt32] = [:]
    /// The plane's `rotation` bits by name ("rotate-90" → 1), empty when it has none.
    var rotationBits: [String: UInt64] = [:]

    /// The value of the plane's `rotation` property that turns the picture by `rotation`, nil when
    /// the plane cannot. DRM's angles are counter-clockwise, `DisplayRotation`'s clockwise.
    func hardwareRotation(_ rotation: DisplayRotation) -> UInt64? {
        guard planeProperties["rotation"] != nil else { return nil }
        let name: String
        switch rotation {
        case .none: name = "rotate-0"
        case .clockwise90: name = "rotate-270"
        case .upsideDown: name = "rotate-180"
        case .clockwise270: name = "rotate-90"
        }
        return rotationBits[name].map { 1 << $0 }
    }

    /// Chooses the connector (`DRMConnector.choose`), its mode (`DRMMode.choose`), a CRTC it can
    /// use (the one it is on, else the first possible) and that CRTC's primary plane with a format
    /// the output writes. `atomic` reads the property ids too.
    static func find(on device: DRMDevice, options: DRMOptions, atomic: Bool) throws(DRMError) -> (Scanout, SavedCRTC?) {
        guard let resources = device.resources() else { throw .notModesetting(node: device.node, errno: errno) }
        var probed: [(connector: DRMConnector, modes: [drmModeModeInfo], possible: UInt32, encoder: UInt32)] = []
        for id in resources.connectors {
            if let c = device.connector(id) { probed.append((c.connector, c.modes, c.possibleCRTCs, c.currentEncoder)) }
        }
        let all = probed.map(\.connector)
        let names = all.map { "\($0.name) (\($0.isConnected ? "connected" : "disconnected"))" }
        guard let chosen = DRMConnector.choose(options.connector, among: all), chosen.isConnected, !chosen.modes.isEmpty,
            let entry = probed.first(where: { $0.connector.id == chosen.id })
        else { throw .noConnector(node: device.node, asked: options.connector, available: names) }
        guard let mode = DRMMode.choose(options.mode, among: chosen.modes) else {
            throw .noSuchMode(
                node: device.node, connector: chosen.name, asked: options.mode?.description ?? "preferred",
                available: chosen.modes.map(\.description))
        }
        // The CRTC the connector is on now (the console's), else the first one it can use.
        let current = device.crtc(ofEncoder: entry.encoder)
        var candidates = resources.crtcs.enumerated().filter { entry.possible & (1 << UInt32($0.offset)) != 0 }
        if let at = candidates.firstIndex(where: { $0.element == current }) { candidates.insert(candidates.remove(at: at), at: 0) }
        let planes = device.planes()
        for (index, crtc) in candidates {
            for plane in planes where plane.possibleCRTCs & (1 << UInt32(index)) != 0 {
                let properties = device.properties(of: plane.id, type: UInt32(DRM_MODE_OBJECT_PLANE))
                // The primary plane (universal planes are on): type 1 is DRM_PLANE_TYPE_PRIMARY.
                guard properties["type"]?.value == UInt64(DRM_PLANE_TYPE_PRIMARY) else { continue }
                guard let format = DRMPixelFormat.choose(from: plane.formats) else {
                    throw .unsupportedFormats(node: device.node, offered: plane.formats.map(DRMPixelFormat.fourcc))
                }
                var scanout = Scanout(
                    connector: chosen, crtc: crtc, plane: plane.id, mode: mode, rawMode: entry.modes[mode.index], format: format)
                scanout.planeProperties = properties.mapValues(\.id)
                if atomic {
                    scanout.connectorProperties = device.properties(of: chosen.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR)).mapValues(\.id)
                    scanout.crtcProperties = device.properties(of: crtc, type: UInt32(DRM_MODE_OBJECT_CRTC)).mapValues(\.id)
                }
                if let rotation = properties["rotation"] { scanout.rotationBits = device.enumValues(ofProperty: rotation.id) }
                return (scanout, device.savedCRTC(crtc))
            }
        }
        throw .noCRTC(node: device.node, connector: chosen.name)
    }
}
