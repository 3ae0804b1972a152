import CLibinput
import EmulatedInput
import LibinputBackend
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// Real libinput (path backend) on one emulated node of the caller's testbed, reading back where
/// it puts a touch: the check that a matrix, given through the config API or as the device's
/// udev property, really makes libinput report touches where they belong.
final class LibinputProbe {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// libinput keeps the interface pointer: one for the process, never freed.
    nonisolated(unsafe) private static let interface: UnsafeMutablePointer<libinput_interface> = {
        let pointer = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        pointer.initialize(
            to: libinput_interface(
                open_restricted: { path, flags, _ in
                    guard let path else { return -EINVAL }
                    let fd = open(path, flags | O_CLOEXEC)
                    return fd < 0 ? -errno : fd
                },
                close_restricted: { fd, _ in close(fd) }))
        return pointer
    }()

    private let context: OpaquePointer
    let device: OpaquePointer
    private let testbed: Testbed
    private let node: Testbed.Device
    private var trackingID: Int32 = 100

    init(testbed: Testbed, node: Testbed.Device) throws {
        guard let context = libinput_path_create_context(Self.interface, nil) else { throw Failure("libinput_path_create_context failed") }
        self.context = context
        guard let device = libinput_path_add_device(context, node.node) else {
            libinput_unref(context)
            throw Failure("libinput did not take \(node.node) (libinput_path_add_device)")
        }
        self.device = libinput_device_ref(device)
        self.testbed = testbed
        self.node = node
        drain()
    }

    deinit {
        libinput_device_unref(device)
        libinput_unref(context)
    }

    /// The matrix libinput applies now (`libinput_device_config_calibration_get_matrix`).
    var matrix: CalibrationMatrix {
        var values = [Float](repeating: 0, count: 6)
        _ = libinput_device_config_calibration_get_matrix(device, &values)
        return CalibrationMatrix(values[0], values[1], values[2], values[3], values[4], values[5])
    }

    /// The default matrix: the udev property's, when the device has one
    /// (`libinput_device_config_calibration_get_default_matrix`).
    var defaultMatrix: CalibrationMatrix {
        var values = [Float](repeating: 0, count: 6)
        _ = libinput_device_config_calibration_get_default_matrix(device, &values)
        return CalibrationMatrix(values[0], values[1], values[2], values[3], values[4], values[5])
    }

    func setMatrix(_ matrix: CalibrationMatrix) throws {
        var values = matrix.values
        guard libinput_device_config_calibration_set_matrix(device, &values) == LIBINPUT_CONFIG_STATUS_SUCCESS else {
            throw Failure("libinput refused the matrix \(matrix)")
        }
    }

    /// Taps at device coordinates (`x`, `y`) and returns where libinput puts the touch down, in
    /// the panel's normalized space (`libinput_event_touch_get_x_transformed(…, 1)`).
    func tap(x: Int32, y: Int32) throws -> Point {
        trackingID += 1
        let (down, up) = Frames.tap(x: x, y: y, trackingID: trackingID)
        try testbed.write(down, to: node)
        try testbed.write(up, to: node)
        var found: Point?
        var sawUp = false
        let deadline = Self.now() + 2
        while found == nil || !sawUp {
            guard Self.now() < deadline else { throw Failure("libinput reported no touch down and up for a tap at \(x), \(y)") }
            var descriptor = pollfd(fd: libinput_get_fd(context), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            libinput_dispatch(context)
            while let event = libinput_get_event(context) {
                defer { libinput_event_destroy(event) }
                switch libinput_event_get_type(event) {
                case LIBINPUT_EVENT_TOUCH_DOWN:
                    let touch = libinput_event_get_touch_event(event)
                    found = Point(x: libinput_event_touch_get_x_transformed(touch, 1), y: libinput_event_touch_get_y_transformed(touch, 1))
                case LIBINPUT_EVENT_TOUCH_UP:
                    sawUp = true
                default:
                    break
                }
            }
        }
        return found!
    }

    private func drain() {
        libinput_dispatch(context)
        while let event = libinput_get_event(context) { libinput_event_destroy(event) }
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// A touchscreen driver's frames for one finger, each ending in SYN_REPORT.
enum Frames {
    static func tap(x: Int32, y: Int32, trackingID: Int32) -> (down: [EvdevEvent], up: [EvdevEvent]) {
        let (abs, key) = (EvdevCode.EV_ABS, EvdevCode.EV_KEY)
        let syn = EvdevEvent(type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0)
        let down = [
            EvdevEvent(type: abs, code: EvdevCode.ABS_MT_SLOT, value: 0),
            EvdevEvent(type: abs, code: EvdevCode.ABS_MT_TRACKING_ID, value: trackingID),
            EvdevEvent(type: abs, code: EvdevCode.ABS_MT_POSITION_X, value: x),
            EvdevEvent(type: abs, code: EvdevCode.ABS_MT_POSITION_Y, value: y),
            EvdevEvent(type: key, code: EvdevCode.BTN_TOUCH, value: 1),
            EvdevEvent(type: abs, code: EvdevCode.ABS_X, value: x),
            EvdevEvent(type: abs, code: EvdevCode.ABS_Y, value: y), syn
        ]
        let up = [
            EvdevEvent(type: abs, code: EvdevCode.ABS_MT_TRACKING_ID, value: -1),
            EvdevEvent(type: key, code: EvdevCode.BTN_TOUCH, value: 0), syn
        ]
        return (down, up)
    }
}
