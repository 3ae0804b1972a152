import CLinux
import CUmockdevLoader

#if canImport(Glibc)
import Glibc
#endif

/// An umockdev testbed holding emulated evdev devices that real libinput opens and reads.
///
/// The process must run under `Preload` (libumockdev-preload plus the project's compat shim).
/// Create the devices, then the libinput context, THEN write frames: libinput drains what is
/// pending when it opens a node, so earlier events are lost. One testbed per process at a time.
/// The corresponding C object is `UMockdevTestbed` (`umockdev_testbed_new`); libumockdev.so.0 is
/// loaded at run time (`CUmockdevLoader`), so programs using this module start without it.
public final class Testbed {
    /// A device in the testbed.
    public struct Device: Hashable, Sendable {
        public let number: Int
        public var node: String { "/dev/input/event\(number)" }
        public var sysfsPath: String { UMockdevRecord.sysfsPath(event: number) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    private let testbed: OpaquePointer
    /// The testbed's private root (`$UMOCKDEV_DIR`), removed when the testbed goes away.
    public let root: String
    private var fds: [Int: Int32] = [:]

    public init() throws {
        guard Preload.isActive else {
            throw Failure(message: "the umockdev preload is not active (LD_PRELOAD needs libumockdev-preload.so.0); use Preload.relaunch")
        }
        guard cumockdev_load() != 0 else {
            let reason = cumockdev_load_error().map { String(cString: $0) } ?? "unknown error"
            throw Failure(message: "libumockdev.so.0 cannot be loaded (\(reason)): run Tools/setup.sh (apt-get install umockdev)")
        }
        guard let testbed = cumockdev_testbed_new() else { throw Failure(message: "umockdev_testbed_new failed") }
        guard let rootText = cumockdev_testbed_root(testbed) else {
            cumockdev_testbed_free(testbed)
            throw Failure(message: "the umockdev testbed has no root folder")
        }
        defer { free(rootText) }
        self.testbed = testbed
        root = String(cString: rootText)
        for folder in ["/run", "/run/udev", "/run/udev/data"] { mkdir(root + folder, 0o755) }
    }

    /// Removes the testbed's root; the device fds belong to umockdev and close with it.
    deinit {
        cumockdev_testbed_free(testbed)
    }

    /// Adds `/dev/input/event<number>` described by `spec`; with a udev libinput context this is a
    /// hotplug "add". The ioctl record is loaded before the node appears, so libinput never opens a
    /// node that cannot answer (`umockdev_testbed_load_ioctl`, `umockdev_testbed_add_from_string`).
    @discardableResult
    public func add(_ spec: EvdevDeviceSpec, event number: Int) throws -> Device {
        // umockdev aborts the process on a uevent property beyond its buffer: refuse first.
        guard spec.name.utf8.count <= EvemuDescription.Limits.nameBytes else {
            throw Failure(message: "the device name is \(spec.name.utf8.count) bytes; an evdev name is at most \(EvemuDescription.Limits.nameBytes)")
        }
        let device = Device(number: number)
        let ioctlPath = root + "/event\(number).ioctl"
        try write(UMockdevRecord.ioctls(of: spec, event: number), to: ioctlPath)
        // libudev's "initialized" marker, read through the compat shim's /run/udev/data redirect.
        try write("I:1\n", to: root + "/run/udev/data/c13:\(64 + number)")
        var error: UnsafeMutablePointer<CChar>?
        guard cumockdev_testbed_load_ioctl(testbed, device.node, ioctlPath, &error) != 0 else {
            throw Failure(message: "umockdev could not load the ioctl record for \(device.node): \(message(error))")
        }
        guard cumockdev_testbed_add_from_string(testbed, UMockdevRecord.description(of: spec, event: number), &error) != 0 else {
            throw Failure(message: "umockdev could not add \(spec.name) as \(device.node): \(message(error))")
        }
        return device
    }

    /// Unplugs `device`: a udev "remove" event, then the node and sysfs entry go away.
    public func remove(_ device: Device) {
        cumockdev_testbed_uevent(testbed, device.sysfsPath, "remove")
        cumockdev_testbed_remove_device(testbed, device.sysfsPath)
        fds[device.number] = nil
    }

    /// Writes one frame to the device, stamped with the current `CLOCK_MONOTONIC` time, in one
    /// `write(2)` (the node is a pty with ~4 KB of buffer: write whole frames, and let libinput read
    /// every ~170 events). Throws when the node is gone or the write fails.
    /// - Complexity: O(events) plus one syscall.
    public func write(_ events: [EvdevEvent], to device: Device) throws {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let records = events.map {
            clinux_input_event(now.tv_sec, now.tv_nsec / 1000, $0.type, $0.code, $0.value)
        }
        let fd = try descriptor(device)
        let written = records.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == records.count * MemoryLayout<input_event>.size else {
            throw Failure(message: "writing \(events.count) events to \(device.node) failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Writes as much of `records` as the pty takes now, without blocking (`write(2)` with
    /// `O_NONBLOCK` set for the call, so a full pty answers `EAGAIN` instead of stopping the
    /// thread that must also let libinput read). Returns the number of bytes written (0 when the
    /// pty is full); throws when the node is gone or the write fails otherwise.
    /// - Complexity: one `fcntl` pair and one `write(2)`.
    public func writeIfRoom(_ bytes: UnsafeRawBufferPointer, to device: Device) throws -> Int {
        let fd = try descriptor(device)
        let flags = fcntl(fd, F_GETFL)
        if flags & O_NONBLOCK == 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        defer { if flags & O_NONBLOCK == 0 { _ = fcntl(fd, F_SETFL, flags) } }
        let written = Glibc.write(fd, bytes.baseAddress, bytes.count)
        if written >= 0 { return written }
        if errno == EAGAIN || errno == EINTR { return 0 }
        throw Failure(message: "writing to \(device.node) failed: \(String(cString: strerror(errno)))")
    }

    /// The pty master behind `device` (`umockdev_testbed_get_dev_fd`), for a writer on another
    /// thread (the latency bench); owned by the testbed.
    public func fileDescriptor(for device: Device) throws -> Int32 { try descriptor(device) }

    private func descriptor(_ device: Device) throws -> Int32 {
        if let fd = fds[device.number] { return fd }
        let fd = cumockdev_testbed_dev_fd(testbed, device.node)
        guard fd >= 0 else { throw Failure(message: "\(device.node) is not an emulated device of this testbed") }
        fds[device.number] = fd
        return fd
    }

    private func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "we") else { throw Failure(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        fputs(text, file)
    }

    private func message(_ error: UnsafeMutablePointer<CChar>?) -> String {
        defer { free(error) }
        guard let error else { return "unknown error" }
        return String(cString: error)
    }
}
