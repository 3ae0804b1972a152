import CLibinput
import LibinputBackend

/// What identifies a touchscreen to udev and to sway: its name and USB-style ids (the parent
/// input device's `name`, `id/vendor`, `id/product` sysfs attributes), and the calibration udev
/// already gives it (`LIBINPUT_CALIBRATION_MATRIX`, the matrix libinput applies by default).
public struct TouchDeviceIdentity: Hashable, Sendable {
    public var name: String
    public var vendor: UInt16
    public var product: UInt16
    /// The event node (`/dev/input/eventN`), when known.
    public var node: String?
    /// The device's `LIBINPUT_CALIBRATION_MATRIX` udev property, parsed (nil: none, or unparsable).
    public var udevCalibration: CalibrationMatrix?

    public init(name: String, vendor: UInt16, product: UInt16, node: String? = nil, udevCalibration: CalibrationMatrix? = nil) {
        self.name = name
        self.vendor = vendor
        self.product = product
        self.node = node
        self.udevCalibration = udevCalibration
    }

    /// The udev touchscreens (`ID_INPUT_TOUCHSCREEN=1` event nodes), through libudev's enumeration
    /// (`udev_enumerate_scan_devices`): the one at `node`, else the first named `name`, else —
    /// when neither is given — the only one (nil when there are several). Nil when none matches
    /// or udev cannot be read.
    public static func find(name: String? = nil, node: String? = nil) -> TouchDeviceIdentity? {
        guard let udev = udev_new() else { return nil }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { return nil }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_add_match_property(enumerate, "ID_INPUT_TOUCHSCREEN", "1")
        udev_enumerate_scan_devices(enumerate)
        var candidates: [TouchDeviceIdentity] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            defer { entry = udev_list_entry_get_next(current) }
            guard let path = udev_list_entry_get_name(current), let device = udev_device_new_from_syspath(udev, path) else { continue }
            defer { udev_device_unref(device) }
            guard let sysname = udev_device_get_sysname(device), String(cString: sysname).hasPrefix("event"),
                let parent = udev_device_get_parent_with_subsystem_devtype(device, "input", nil)
            else { continue }
            func attribute(_ key: String) -> String? {
                udev_device_get_sysattr_value(parent, key).map { String(cString: $0).trimmingSpaces }
            }
            let identity = TouchDeviceIdentity(
                name: attribute("name") ?? "",
                vendor: attribute("id/vendor").flatMap { UInt16($0, radix: 16) } ?? 0,
                product: attribute("id/product").flatMap { UInt16($0, radix: 16) } ?? 0,
                node: udev_device_get_devnode(device).map { String(cString: $0) },
                udevCalibration: udev_device_get_property_value(device, "LIBINPUT_CALIBRATION_MATRIX")
                    .flatMap { CalibrationMatrix(parsing: String(cString: $0)) })
            candidates.append(identity)
        }
        if let node { return candidates.first { $0.node == node } }
        if let name { return candidates.first { $0.name == name } }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// The machine's touchscreen when udev lists exactly one (nil for none or several: which one
    /// was touched cannot be told then).
    public static func onlyTouchscreen() -> TouchDeviceIdentity? { find() }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
