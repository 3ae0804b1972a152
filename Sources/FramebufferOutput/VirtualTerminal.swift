import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// The text console under the framebuffer: while we draw, its mode is `KD_GRAPHICS` (the kernel
/// stops drawing text and the blinking cursor over our pixels) and the cursor is hidden; `restore()`
/// puts back the mode found and shows the cursor. `restore()` may run on any thread.
/// With `TerminalSwitching` other than `.unmanaged`, it also answers switch requests
/// (`VirtualTerminal+Switching.swift`).
package final class VirtualTerminal: @unchecked Sendable {
    package let path: String
    let fd: Int32
    private let originalMode: Int32
    // Set once on the main actor by `takeSwitching(_:)` before any switch request or `restore()`;
    // `restore()` only reads them.
    var switching = TerminalSwitching.unmanaged
    var originalKeyboardMode: Int32?
    /// Whether the VT is on screen (false between an allowed switch away and the switch back).
    package var isForeground = true

    static let hideCursor: StaticString = "\u{1B}[?25l"
    static let showCursor: StaticString = "\u{1B}[?25h"

    /// The terminal `console` names, when one opens and is a virtual terminal (`KDGETMODE`
    /// answers); nil otherwise, silently (no VT in a container, a pty, no permission).
    package static func open(_ console: FramebufferOptions.Console) -> VirtualTerminal? {
        switch console {
        case .none: return nil
        case .terminal(let path): return VirtualTerminal(path: path)
        // The controlling terminal when started on a VT, else the VT in front.
        case .automatic: return VirtualTerminal(path: "/dev/tty") ?? VirtualTerminal(path: "/dev/tty0")
        }
    }

    private init?(path: String) {
        let fd = clinux_open(path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var mode: Int32 = 0
        guard clinux_kd_get_mode(fd, &mode) == 0 else { Glibc.close(fd); return nil }
        self.path = path
        self.fd = fd
        originalMode = mode
    }

    deinit { Glibc.close(fd) }

    /// Hides the cursor (an escape sequence written to the terminal) and switches to graphics
    /// mode. The corresponding ioctl is `KDSETMODE` with `KD_GRAPHICS`.
    package func enterGraphicsMode() {
        write(Self.hideCursor)
        _ = clinux_kd_set_mode(fd, Int32(KD_GRAPHICS))
    }

    /// Puts back the mode found at open (normally `KD_TEXT`, which makes the kernel redraw the
    /// console) and shows the cursor, after giving switching and the keyboard back. The corresponding
    /// ioctls are `VT_SETMODE`, `KDSKBMODE` and `KDSETMODE`; no allocation, no lock.
    package func restore() {
        giveSwitchingBack()
        _ = clinux_kd_set_mode(fd, originalMode)
        write(Self.showCursor)
    }

    private func write(_ text: StaticString) {
        _ = Glibc.write(fd, text.utf8Start, text.utf8CodeUnitCount)
    }
}
