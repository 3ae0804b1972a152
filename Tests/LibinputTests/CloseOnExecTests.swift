import EmulatedInput
import Kiosk
import LibinputBackend
import Prerequisites
import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every file descriptor the host opens closes on exec: a program the kiosk starts (a helper, a
/// browser, a shell a misconfiguration reaches) must not inherit input devices, the event loop or
/// the signal pipe. Checked by listing /proc/self/fd and reading each new fd's flags
/// (`fcntl(F_GETFD)`) after the main loop and a libinput source on real devices are running.
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct CloseOnExecTests {
    static let suite = "CloseOnExecTests"

    /// The process's open fds (`/proc/self/fd`), the directory's own fd excluded.
    static func openDescriptors() -> Set<Int32> {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var fds: Set<Int32> = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd != own { fds.insert(fd) }
        }
        return fds
    }

    /// What `fd` is (its /proc/self/fd link), for the failure message.
    static func target(_ fd: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        return n > 0 ? String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }

    /// The main loop (epoll, timerfd, signalfd, the signal pipe) and libinput on a touchscreen and a
    /// keyboard (opened through `DeviceOpener`): no new fd lacks FD_CLOEXEC.
    @Test func theLoopAndInputDevicesCloseOnExec() throws {
        try UmockdevProcess.run(Self.suite, "theLoopAndInputDevicesCloseOnExec") {
            let session = try EmulatedSession()
            let touch = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 4)
            let keyboard = try session.testbed.add(UmockdevProcess.device("keyboard.desc"), event: 5)
            let before = Self.openDescriptors()
            let loop = try MainLoop(application: session.application)
            try session.start { $0.devices = .paths([touch.node, keyboard.node]) }
            try loop.addSource(session.source.fileDescriptor) {}
            let opened = Self.openDescriptors().subtracting(before)
            // The loop's epoll, timerfd, signalfd and signal pipe; libinput's epoll and timerfd; the two nodes.
            #expect(opened.filter { !Self.target($0).hasPrefix("socket:") }.count >= 8, "\(opened.sorted().map { "\($0) \(Self.target($0))" })")
            for fd in opened.sorted() {
                // umockdev's preload (the emulation, absent on a real machine) opens a unix socket
                // per emulated node for its ioctl handler, without FD_CLOEXEC; with device paths
                // given, the host itself opens no socket here (no udev monitor).
                if Self.target(fd).hasPrefix("socket:") { continue }
                let flags = fcntl(fd, F_GETFD)
                #expect(flags >= 0 && flags & FD_CLOEXEC != 0, "fd \(fd) (\(Self.target(fd))) does not close on exec")
            }
            withExtendedLifetime(loop) {}
        }
    }
}
