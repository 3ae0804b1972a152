import CDRM

#if canImport(Glibc)
import Glibc
#endif

/// An open DRM card: its fd and the KMS objects the output needs, read through libdrm. Every
/// `drmMode*` result is copied into Swift values and freed in the same call, so no libdrm pointer
/// outlives the function that got it.
final class DRMDevice {
    let node: String
    let fd: Int32
    /// Closes the fd (through the seat when it came from one).
    private let closer: (Int32) -> Void

    /// Takes over an fd opened on `node` (directly or through the seat); `closer` releases it.
    init(node: String, fd: Int32, closer: @escaping (Int32) -> Void) {
        self.node = node
        self.fd = fd
        self.closer = closer
    }

    deinit { closer(fd) }

    /// The driver's name (`drmGetVersion`), e.g. "bochs-drm", "virtio_gpu", "vc4".
    var driverName: String {
        guard let version = drmGetVersion(fd) else { return "unknown" }
        defer { drmFreeVersion(version) }
        return version.pointee.name.map { String(cString: $0) } ?? "unknown"
    }

    /// Asks for a client capability (`drmSetClientCap`); false when refused.
    func setClientCapability(_ capability: Int32, _ value: UInt64) -> Bool {
        drmSetClientCap(fd, UInt64(capability), value) == 0
    }

    /// The card's connectors, CRTCs and encoders (`drmModeGetResources`); nil with errno when
    /// the node does not do modesetting.
    func resources() -> (connectors: [UInt32], crtcs: [UInt32], encoders: [UInt32])? {
        guard let resources = drmModeGetResources(fd) else { return nil }
        defer { drmModeFreeResources(resources) }
        let r = resources.pointee
        func ids(_ pointer: UnsafeMutablePointer<UInt32>?, _ count: Int32) -> [UInt32] {
            guard let pointer, count > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: pointer, count: Int(count)))
        }
        return (ids(r.connectors, r.count_connectors), ids(r.crtcs, r.count_crtcs), ids(r.encoders, r.count_encoders))
    }

    /// One connector's state and modes (`drmModeGetConnector`, which probes it), with the raw
    /// mode structures the mode set needs, and the CRTCs it can use (its encoders'
    /// `possible_crtcs`, as a bit mask over the resources' CRTC list).
    func connector(_ id: UInt32) -> (connector: DRMConnector, modes: [drmModeModeInfo], possibleCRTCs: UInt32, currentEncoder: UInt32)? {
        guard let pointer = drmModeGetConnector(fd, id) else { return nil }
        defer { drmModeFreeConnector(pointer) }
        let c = pointer.pointee
        var raw: [drmModeModeInfo] = []
        var modes: [DRMMode] = []
        if let list = c.modes, c.count_modes > 0 {
            for index in 0..<Int(c.count_modes) {
                let mode = list[index]
                raw.append(mode)
                let total = Int(mode.htotal) * Int(mode.vtotal)
                let millihertz = total > 0 ? Int((UInt64(mode.clock) * 1_000_000 + UInt64(total / 2)) / UInt64(total)) : Int(mode.vrefresh) * 1000
                modes.append(
                    DRMMode(
                        width: Int(mode.hdisplay), height: Int(mode.vdisplay), refreshMillihertz: millihertz,
                        isPreferred: mode.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0, index: index))
            }
        }
        var possible: UInt32 = 0
        if let encoders = c.encoders, c.count_encoders > 0 {
            for index in 0..<Int(c.count_encoders) {
                guard let encoder = drmModeGetEncoder(fd, encoders[index]) else { continue }
                possible |= encoder.pointee.possible_crtcs
                drmModeFreeEncoder(encoder)
            }
        }
        let connector = DRMConnector(
            id: c.connector_id, typeName: DRMConnector.typeName(c.connector_type), typeIndex: c.connector_type_id,
            isConnected: c.connection == DRM_MODE_CONNECTED, modes: modes)
        return (connector, raw, possible, c.encoder_id)
    }

    /// The CRTC an encoder drives now (`drmModeGetEncoder`), 0 when none.
    func crtc(ofEncoder id: UInt32) -> UInt32 {
        guard id != 0, let encoder = drmModeGetEncoder(fd, id) else { return 0 }
        defer { drmModeFreeEncoder(encoder) }
        return encoder.pointee.crtc_id
    }

    /// A CRTC's current configuration (`drmModeGetCrtc`): what `restore` puts back on exit.
    func savedCRTC(_ id: UInt32) -> SavedCRTC? {
        guard let crtc = drmModeGetCrtc(fd, id) else { return nil }
        defer { drmModeFreeCrtc(crtc) }
        let c = crtc.pointee
        return SavedCRTC(id: c.crtc_id, framebuffer: c.buffer_id, x: c.x, y: c.y, mode: c.mode_valid != 0 ? c.mode : nil)
    }

    /// Every plane of the card (`drmModeGetPlaneResources`, `drmModeGetPlane`), with its formats
    /// and the CRTCs it can be on (a bit mask over the resources' CRTC list).
    func planes() -> [(id: UInt32, possibleCRTCs: UInt32, formats: [UInt32])] {
        guard let resources = drmModeGetPlaneResources(fd) else { return [] }
        defer { drmModeFreePlaneResources(resources) }
        var planes: [(id: UInt32, possibleCRTCs: UInt32, formats: [UInt32])] = []
        guard let ids = resources.pointee.planes else { return [] }
        for index in 0..<Int(resources.pointee.count_planes) {
            guard let plane = drmModeGetPlane(fd, ids[index]) else { continue }
            let p = plane.pointee
            let formats = p.formats.map { Array(UnsafeBufferPointer(start: $0, count: Int(p.count_formats))) } ?? []
            planes.append((p.plane_id, p.possible_crtcs, formats))
            drmModeFreePlane(plane)
        }
        return planes
    }

    /// An object's properties by name, with their current values (`drmModeObjectGetProperties`,
    /// `drmModeGetProperty`); `objectType` is `DRM_MODE_OBJECT_CONNECTOR`, `_CRTC` or `_PLANE`.
    func properties(of object: UInt32, type objectType: UInt32) -> [String: (id: UInt32, value: UInt64)] {
        guard let list = drmModeObjectGetProperties(fd, object, objectType) else { return [:] }
        defer { drmModeFreeObjectProperties(list) }
        var result: [String: (id: UInt32, value: UInt64)] = [:]
        for index in 0..<Int(list.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, list.pointee.props[index]) else { continue }
            let name = withUnsafeBytes(of: property.pointee.name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            result[name] = (property.pointee.prop_id, list.pointee.prop_values[index])
            drmModeFreeProperty(property)
        }
        return result
    }

    /// The names and values of an enum or bitmask property (`drmModeGetProperty`'s `enums`),
    /// e.g. "rotate-0" → 0 for a plane's `rotation` (a bit number, for a bitmask).
    func enumValues(ofProperty id: UInt32) -> [String: UInt64] {
        guard let property = drmModeGetProperty(fd, id) else { return [:] }
        defer { drmModeFreeProperty(property) }
        var values: [String: UInt64] = [:]
        guard let enums = property.pointee.enums else { return [:] }
        for index in 0..<Int(property.pointee.count_enums) {
            let name = withUnsafeBytes(of: enums[index].name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            values[name] = enums[index].value
        }
        return values
    }

    /// Whether this fd is DRM master (`drmIsMaster`).
    var isMaster: Bool { drmIsMaster(fd) != 0 }
    /// Becomes DRM master (`drmSetMaster`); false when another fd is.
    @discardableResult func becomeMaster() -> Bool { drmSetMaster(fd) == 0 }
    /// Gives DRM master up (`drmDropMaster`), e.g. on a VT switch away.
    @discardableResult func dropMaster() -> Bool { drmDropMaster(fd) == 0 }
}

/// A CRTC's configuration before the output took it over (`drmModeGetCrtc`), to put back with
/// `drmModeSetCrtc` on exit: usually the console's framebuffer (fbcon) at its mode.
struct SavedCRTC {
    let id: UInt32
    let framebuffer: UInt32
    let x: UInt32, y: UInt32
    let mode: drmModeModeInfo?
}
