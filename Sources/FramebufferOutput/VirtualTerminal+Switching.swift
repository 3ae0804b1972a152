import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// What answering the switch requests did, for the host to follow with its input.
public enum TerminalSwitchEvent: Sendable, Equatable {
    /// The display was given up (`VT_RELDISP` 1): another VT is on screen.
    case released
    /// The VT is back (`VT_RELDISP` `VT_ACKACQ`).
    case acquired
    /// A switch away was refused (`VT_RELDISP` 0): the VT is locked.
    case refused
}

extension VirtualTerminal {
    /// Takes control of switching: for `.locked`, the console keyboard off (`KDGKBMODE` keeps
    /// the mode to put back, `KDSKBMODE` `K_OFF`); for `.locked` and `.cooperative`,
    /// `VT_SETMODE` `VT_PROCESS` with `TerminalSwitchSignal` as both signals. False, leaving
    /// everything as it was, when the terminal refuses `VT_SETMODE` or the pipe cannot be made.
    package func takeSwitching(_ switching: TerminalSwitching) -> Bool {
        guard switching != .unmanaged, TerminalSwitchSignal.install() else { return switching == .unmanaged }
        let number = Int16(TerminalSwitchSignal.number)
        guard clinux_vt_set_mode(fd, CChar(VT_PROCESS), number, number) == 0 else { return false }
        self.switching = switching
        if switching == .locked {
            var mode: Int32 = 0
            if clinux_kd_get_keyboard_mode(fd, &mode) == 0, clinux_kd_set_keyboard_mode(fd, K_OFF) == 0 {
                originalKeyboardMode = mode
            }
        }
        return true
    }

    /// The fd that turns readable when a switch request is pending; nil when switching is unmanaged.
    package var switchRequests: Int32? { switching == .unmanaged ? nil : TerminalSwitchSignal.readEnd }

    /// Answers every pending request in order: a switch away is refused when locked; otherwise
    /// `willRelease` runs (stop drawing) and the display is given up (`VT_RELDISP` 1). The switch
    /// back is acknowledged (`VT_RELDISP` `VT_ACKACQ`). Returns what the last request did, nil
    /// when none was pending.
    package func answerSwitchRequests(willRelease: () -> Void) -> TerminalSwitchEvent? {
        guard switching != .unmanaged else { return nil }
        var last: TerminalSwitchEvent?
        for _ in 0..<TerminalSwitchSignal.drain() {
            if !isForeground {
                _ = clinux_vt_release_display(fd, clinux_vt_acknowledge_acquire())
                isForeground = true
                last = .acquired
            } else if switching == .locked {
                _ = clinux_vt_release_display(fd, 0)
                last = .refused
            } else {
                willRelease()
                _ = clinux_vt_release_display(fd, 1)
                isForeground = false
                last = .released
            }
        }
        return last
    }

    /// Switching and the keyboard back to the kernel (`VT_SETMODE` `VT_AUTO`, `KDSKBMODE` with
    /// the mode found). Async-signal-safe: ioctls only.
    func giveSwitchingBack() {
        guard switching != .unmanaged else { return }
        _ = clinux_vt_set_mode(fd, CChar(VT_AUTO), 0, 0)
        if let originalKeyboardMode { _ = clinux_kd_set_keyboard_mode(fd, originalKeyboardMode) }
    }
}
