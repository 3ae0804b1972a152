import CLibinput
import CUdev
import Keymap
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// Input from evdev devices through libinput: a udev seat (with hotplug) or explicit device
/// paths. Owns the libinput context; the run loop watches `fileDescriptor` and calls `dispatch()`
/// when it is readable. Each libinput event becomes zero or more `InputEvent`s handed to
/// `deliver` (by default `application.handle`); the C event is destroyed at once and no C pointer
/// leaves this module. The corresponding C object is `struct libinput`.
///
/// When devices are opened through libseat (`configuration.seatAccess`; by default when not
/// root), the run loop also watches `seatFileDescriptor` and calls `dispatchSeat()`: losing the
/// seat suspends libinput (`libinput_suspend`, then `libseat_disable_seat`), regaining it resumes
/// (`libinput_resume`).
@MainActor
public final class LibinputSource {
    /// The application whose `handle` receives the events by default.
    public let application: Application
    /// What was opened and how input is mapped, as given at creation (the output size follows
    /// `setOutputSize(_:)`).
    public private(set) var configuration: LibinputConfiguration
    /// Where translated events go; defaults to `application.handle`.
    public var deliver: @MainActor (InputEvent) -> Void
    /// Set by the main loop this source runs on (`MainLoopSource`); libinput itself never fails
    /// once created (devices come and go).
    public var onSourceFailed: (@MainActor () -> Void)?
    /// Key state, compose and key repeat for every keyboard of this source.
    public let keyboards: KeyboardInput
    /// Devices present now, by the id they have in `InputEvent`s.
    public internal(set) var devices: [InputDeviceID: InputDevice] = [:]
    /// Devices that could not be opened (path and errno text), for a tool to report.
    public var openFailures: [String] {
        opener.failures.map { "\($0.path): \(String(cString: strerror($0.errno)))" }
    }

    // Released in deinit, used only on the main actor otherwise.
    nonisolated(unsafe) let context: OpaquePointer
    private let openerBox: Unmanaged<DeviceOpener>
    let opener: DeviceOpener
    /// The libseat session devices are opened through; nil when they are opened directly.
    public var seat: SeatSession? { opener.session }
    var cursor: PointerCursor
    private var nextDeviceID = 1
    /// The libinput device behind each id, for LED updates; valid until its DEVICE_REMOVED.
    var handles: [InputDeviceID: OpaquePointer] = [:]

    /// The output changed size (a DRM mode change, a replugged panel of another size): touches
    /// and absolute pointers map onto `size` from now on (their 0…1 coordinates scale to it,
    /// turned by the rotation), and the relative pointer's cursor is kept inside it.
    public func setOutputSize(_ size: Size) {
        guard size != configuration.outputSize, size.width > 0, size.height > 0 else { return }
        configuration.outputSize = size
        cursor.bounds = size
        _ = cursor.set(cursor.location)
    }

    /// Creates the context and opens the devices; through `seat` when given (a host that opened
    /// the seat for its display too: one libseat session per process), else as
    /// `configuration.seatAccess` says.
    /// - Throws: `LibinputError` (a bad keymap throws `KeymapError`) naming the device and the fix.
    public init(application: Application, configuration: LibinputConfiguration, seat: SeatSession? = nil) throws {
        self.application = application
        self.configuration = configuration
        // libinput and libudev are opened here, by the first source, not at exec (CLibinput's and
        // CUdev's lazy stubs): a kiosk under Wayland never maps them.
        if let failure = clibinput_open_library() ?? cudev_open_library() {
            throw LibinputError.libraryUnavailable(String(cString: failure))
        }
        let keymap = try Keymap(configuration: configuration.keymap)
        keyboards = KeyboardInput(
            keymap: keymap, application: application, composeLocale: configuration.composeLocale,
            repeatDelay: configuration.repeatDelay, repeatRate: configuration.repeatRate)
        deliver = { [unowned application] in application.handle($0) }
        cursor = PointerCursor(bounds: configuration.outputSize)
        let opener = DeviceOpener(session: try seat ?? Self.openSeat(configuration))
        self.opener = opener
        openerBox = Unmanaged.passRetained(opener)
        let data = openerBox.toOpaque()
        switch configuration.devices {
        case .seat(let seat):
            guard let udev = udev_new() else { openerBox.release(); throw LibinputError.udevUnavailable }
            defer { udev_unref(udev) }
            guard let li = libinput_udev_create_context(DeviceOpener.interface, data, udev) else {
                openerBox.release(); throw LibinputError.contextFailed
            }
            context = li
            if configuration.verboseLibinputLog { LibinputLog.enableVerbose(li) }
            guard libinput_udev_assign_seat(li, seat) == 0 else { throw LibinputError.seatUnavailable(seat) }
            // Every device of the seat failed to open for lack of permission: say so now, rather
            // than waiting silently for input that cannot come.
            if opener.opened == 0, let denied = opener.failures.first(where: { $0.errno == EACCES || $0.errno == EPERM }) {
                throw LibinputError.permissionDenied(path: denied.path)
            }
        case .paths(let paths):
            guard let li = libinput_path_create_context(DeviceOpener.interface, data) else {
                openerBox.release(); throw LibinputError.contextFailed
            }
            context = li
            if configuration.verboseLibinputLog { LibinputLog.enableVerbose(li) }
            for path in paths {
                // Our own open first: libinput reports a missing or forbidden node only in its log.
                if let problem = opener.check(path) { throw problem }
                if libinput_path_add_device(li, path) == nil { throw opener.error(for: path) }
            }
        }
        if let seat = opener.session {
            seat.onDisable = { [context] in libinput_suspend(context) }
            seat.onEnable = { [context] in _ = libinput_resume(context) }
        }
    }

    deinit {
        // Closes every device (close_restricted) while the opener and its seat are still alive.
        libinput_unref(context)
        openerBox.release()
    }

    /// The libseat session `configuration.seatAccess` asks for: `.direct` none; `.libseat` one or
    /// an error; `.automatic` one when not root (`geteuid() != 0`) and libseat opens a seat, else
    /// none (direct opening, whose permission errors name the device and the fix).
    static func openSeat(_ configuration: LibinputConfiguration) throws(LibinputError) -> SeatSession? {
        switch configuration.seatAccess {
        case .direct:
            return nil
        case .libseat:
            return try SeatSession(timeout: configuration.seatTimeout, verbose: configuration.verboseLibinputLog)
        case .automatic:
            guard geteuid() != 0, SeatSession.isAvailable else { return nil }
            return try? SeatSession(timeout: configuration.seatTimeout, verbose: configuration.verboseLibinputLog)
        }
    }

    /// The libseat fd to watch for readability, when devices go through libseat (`libseat_get_fd`).
    public var seatFileDescriptor: Int32? { opener.session?.fileDescriptor }

    /// Handles seat events (`libseat_dispatch`): disable suspends libinput, enable resumes it.
    public func dispatchSeat() { opener.session?.dispatch() }

    /// The fd to watch for readability (`libinput_get_fd`).
    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// Reads what the kernel has for us and delivers the translated events, in order
    /// (`libinput_dispatch`, `libinput_get_event`). Returns how many libinput events it handled.
    /// - Complexity: O(events pending).
    @discardableResult
    public func dispatch() -> Int {
        libinput_dispatch(context)
        var count = 0
        while let event = libinput_get_event(context) {
            translate(event)
            libinput_event_destroy(event)
            count += 1
        }
        return count
    }

    /// Where the pointer cursor is, in window coordinates.
    public var cursorLocation: Point { cursor.location }

    /// A new id for a device that appeared, stored as the libinput device's user data.
    func register(_ device: OpaquePointer) -> InputDeviceID {
        let id = InputDeviceID(rawValue: nextDeviceID)
        nextDeviceID += 1
        libinput_device_set_user_data(device, UnsafeMutableRawPointer(bitPattern: id.rawValue))
        handles[id] = device
        return id
    }

    /// The id `register` gave the device of `event`.
    func deviceID(_ event: OpaquePointer) -> InputDeviceID {
        let device = libinput_event_get_device(event)
        let raw = libinput_device_get_user_data(device).map { Int(bitPattern: $0) } ?? 0
        return InputDeviceID(rawValue: raw)
    }
}
