import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// Gives a virtual terminal back after a kiosk died without restoring it (SIGKILL, a crash, the
/// OOM killer): the kernel leaves the VT as the kiosk set it — `KD_GRAPHICS`, so the console draws
/// no text; the keyboard `K_OFF` under VT lockdown, so nothing can be typed; `VT_PROCESS`
/// switching owned by a dead process. A DRM kiosk's CRTC comes back by itself (closing the last
/// DRM fd makes the kernel's fbdev emulation restore the console's mode), but the text does not
/// until the VT is in text mode again.
///
/// `restore(terminal:)` puts the VT back as a fresh boot has it: `VT_SETMODE` `VT_AUTO`, the
/// keyboard in the console's default mode (`KDSKBMODE` `K_UNICODE`, or `K_XLATE` when the `vt`
/// module's `default_utf8` is 0) and `KDSETMODE` `KD_TEXT` (the kernel then unblanks and redraws
/// the text), and shows the cursor. Every kiosk built on the host runs it as
/// `APP --restore-console /dev/tty1`: the deployment units call it from `ExecStopPost=`.
public enum ConsoleRecovery {
    /// Restores the VT at `path` (`/dev/tty1`). Returns what it did ("… back in text mode …"), or
    /// throws when the path is no virtual terminal or an ioctl is refused.
    public static func restore(terminal path: String) throws(ConsoleRecovery.Failure) -> String {
        let fd = clinux_open(path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw Failure(path: path, call: "open", errno: errno) }
        defer { close(fd) }
        var found: Int32 = 0
        guard clinux_kd_get_mode(fd, &found) == 0 else { throw Failure(path: path, call: "KDGETMODE (not a virtual terminal)", errno: errno) }
        var keyboard: Int32 = 0
        _ = clinux_kd_get_keyboard_mode(fd, &keyboard)
        guard clinux_vt_set_mode(fd, CChar(VT_AUTO), 0, 0) == 0 else { throw Failure(path: path, call: "VT_SETMODE", errno: errno) }
        let wanted = defaultKeyboardMode
        guard clinux_kd_set_keyboard_mode(fd, wanted) == 0 else { throw Failure(path: path, call: "KDSKBMODE", errno: errno) }
        guard clinux_kd_set_mode(fd, Int32(KD_TEXT)) == 0 else { throw Failure(path: path, call: "KDSETMODE", errno: errno) }
        let show: StaticString = "\u{1B}[?25h"
        _ = write(fd, show.utf8Start, show.utf8CodeUnitCount)
        let was = found == Int32(KD_GRAPHICS) ? "graphics" : "text"
        return "\(path): back in text mode (was \(was)), keyboard mode \(keyboard) → \(wanted), VT switching automatic"
    }

    /// Why a VT could not be restored: the path, the call refused and its errno.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The terminal asked for.
        public let path: String
        /// What was refused (`open`, `KDGETMODE`, `VT_SETMODE`, `KDSKBMODE`, `KDSETMODE`).
        public let call: String
        /// The errno it failed with.
        public let errno: Int32

        /// "cannot restore /dev/tty9: KDSETMODE: Operation not permitted (run it as root, …)".
        public var description: String {
            "cannot restore \(path): \(call): \(String(cString: strerror(errno))) (give the virtual terminal, e.g. /dev/tty1, and run it as root or as the terminal's owner)"
        }
    }

    /// `K_UNICODE` unless `/sys/module/vt/parameters/default_utf8` says 0 (then `K_XLATE`): what
    /// the kernel gives a VT it opens.
    static var defaultKeyboardMode: Int32 {
        let fd = open("/sys/module/vt/parameters/default_utf8", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return Int32(K_UNICODE) }
        defer { close(fd) }
        var byte: UInt8 = 0
        return read(fd, &byte, 1) == 1 && byte == UInt8(ascii: "0") ? Int32(K_XLATE) : Int32(K_UNICODE)
    }
}
