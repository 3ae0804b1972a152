/// What the framebuffer output does about leaving its virtual terminal (Ctrl+Alt+Fn, `chvt`).
/// Without management, the kernel switches to another console while the kiosk keeps drawing, and
/// the two fight over the same pixels.
public enum TerminalSwitching: Sendable, Equatable {
    /// The kernel's default (`VT_AUTO`), for tests and for hosts that manage the VT themselves.
    case unmanaged
    /// VT lockdown: the console keyboard off (`KDSKBMODE` `K_OFF`, so Ctrl+Alt+Fn does nothing and
    /// keys never reach the console) and `VT_SETMODE` `VT_PROCESS`, with every switch away
    /// refused (`VT_RELDISP` 0). The kiosk cannot be left from the keyboard.
    case locked
    /// Switching allowed, in turn: `VT_SETMODE` `VT_PROCESS`; on a switch away the output stops
    /// drawing and gives the display up (`VT_RELDISP` 1), the host suspends its input; on the
    /// way back it acknowledges (`VT_ACKACQ`) and puts the whole picture back. The console
    /// keyboard mode is left as found, so the kernel's Ctrl+Alt+Fn still works.
    case cooperative
}
