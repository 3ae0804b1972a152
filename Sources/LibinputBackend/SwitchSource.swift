import CLinux
import KioskLoop
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// Reads evdev switches libinput does not expose — the headphone jack's `SW_HEADPHONE_INSERT`
/// (libinput reports only lid and tablet-mode switches) — and routes each change as an
/// `InputEvent.Kind.switchToggled`, so the screen reader can start when a headset goes in.
///
/// It reads the nodes itself (`open(2)` non-blocking, `read(2)` of `struct input_event`), at start
/// reports the jack's state (`EVIOCGSW`) when the kernel gives it, and stamps events with the
/// application's clock (the evdev clock of a node nobody set with `EVIOCSCLOCKID` is wall time).
@MainActor
public final class SwitchSource: MainLoopSource {
    /// The application the changes go to.
    public let application: Application
    /// Where each change goes; `application.handle` by default.
    public var deliver: @MainActor (InputEvent) -> Void
    /// Set by the main loop; never called: a switch node that goes away only stops reporting.
    public var onSourceFailed: (@MainActor () -> Void)?
    /// The nodes open, by file descriptor. Closed in deinit, used only on the main actor otherwise.
    public nonisolated(unsafe) private(set) var nodes: [Int32: String] = [:]
    /// The device id the switch events carry.
    public static let device = InputDeviceID(rawValue: 0x5357)

    /// Opens `nodes` (evdev device paths). A node that cannot be opened is skipped and named in
    /// `openFailures`.
    public init(application: Application, nodes paths: [String]) {
        self.application = application
        self.deliver = { [unowned application] in application.handle($0) }
        for path in paths {
            let fd = clinux_open(path, O_RDONLY | clinux_device_open_flags())
            if fd >= 0 { nodes[fd] = path } else { openFailures.append("\(path): \(String(cString: strerror(errno)))") }
        }
    }

    /// The nodes that could not be opened, with the reason.
    public private(set) var openFailures: [String] = []

    deinit {
        for fd in nodes.keys { close(fd) }
    }

    /// The evdev nodes under `sysfs` (`/sys/class/input`) whose switch capabilities include
    /// `SW_HEADPHONE_INSERT` (bit 2 of `device/capabilities/sw`), as `/dev/input/eventN` paths.
    public static func headphoneJackNodes(sysfs: String = "/sys/class/input") -> [String] {
        guard let dir = opendir(sysfs) else { return [] }
        defer { closedir(dir) }
        var found: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            guard name.hasPrefix("event") else { continue }
            if let mask = readSmallFile("\(sysfs)/\(name)/device/capabilities/sw"), hasHeadphoneBit(mask) {
                found.append("/dev/input/\(name)")
            }
        }
        return found.sorted()
    }

    /// Whether a sysfs capability mask (hex words, most significant first) has bit
    /// `SW_HEADPHONE_INSERT` set.
    public static func hasHeadphoneBit(_ mask: String) -> Bool {
        let words = mask.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard let last = words.last, let low = UInt64(last, radix: 16) else { return false }
        return low & (1 << UInt64(InputSwitch.headphoneInsert.rawValue)) != 0
    }

    private static func readSmallFile(_ path: String) -> String? {
        let fd = clinux_open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// Reports each node's headphone jack state as it is now (`EVIOCGSW`), when it is in: the
    /// reader of `--screen-reader auto` starts with a headset already plugged in.
    public func reportInitialState() {
        for fd in nodes.keys.sorted() {
            var bits = [UInt8](repeating: 0, count: 8)
            let result = bits.withUnsafeMutableBufferPointer { clinux_evdev_switch_state(fd, $0.baseAddress, Int32($0.count)) }
            guard result >= 0 else { continue }
            let bit = InputSwitch.headphoneInsert.rawValue
            if bits[bit / 8] & UInt8(1 << (bit % 8)) != 0 { send(.headphoneInsert, isOn: true) }
        }
    }

    /// The open nodes' descriptors.
    public var fileDescriptors: [Int32] { nodes.keys.sorted() }

    /// Reads what `fd` has and routes its switch changes.
    public func dispatch(fileDescriptor fd: Int32) {
        let size = MemoryLayout<input_event>.stride
        var events = [input_event](repeating: input_event(), count: 32)
        while true {
            let count = events.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count >= size else { return }
            for event in events.prefix(count / size) where event.type == UInt16(EV_SW) {
                send(InputSwitch(rawValue: Int(event.code)), isOn: event.value != 0)
            }
            if count < events.count * size { return }
        }
    }

    /// Nothing to do between wake-ups.
    public func beforeWaiting() {}

    private func send(_ inputSwitch: InputSwitch, isOn: Bool) {
        deliver(InputEvent(.switchToggled(inputSwitch, isOn: isOn), timestamp: application.clock.now, device: SwitchSource.device))
    }
}
