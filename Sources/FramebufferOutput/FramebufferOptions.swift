import ResponderKit

/// How to open the framebuffer: which node, how the panel is turned, whether to page-flip, and
/// which console to take over.
public struct FramebufferOptions: Sendable, Equatable {
    /// Page flipping between two screens stacked in the virtual screen.
    public enum Panning: Sendable, Equatable {
        /// Flip with `FBIOPAN_DISPLAY` when the driver offers room for two pages
        /// (`yres_virtual >= 2 * yres` and a non-zero `ypanstep`); copy into the shown page otherwise.
        case automatic
        /// Always copy into the page on screen (tearing possible, half the memory traffic).
        case off
    }

    /// The text console that would otherwise draw its text and cursor over our pixels.
    public enum Console: Sendable, Equatable {
        /// The controlling terminal when it is a virtual terminal, else `/dev/tty0` (the active one);
        /// nothing when neither opens or answers `KDGETMODE` (no VT, no permission: silently).
        case automatic
        /// Leave the console alone (tests, or a host that manages the VT itself).
        case none
        /// This terminal device, when it opens and answers `KDGETMODE`.
        case terminal(String)
    }

    /// The framebuffer device node.
    public var node: String
    /// How the UI is turned on the panel; the same value goes to the touch input
    /// (`LibinputConfiguration.rotation`) so a finger lands on what is drawn under it.
    public var rotation: DisplayRotation
    /// Whether frames flip between two pages (`FBIOPAN_DISPLAY`) or are copied into the shown one.
    public var panning: Panning
    /// Which text console is put in graphics mode while the output is open.
    public var console: Console
    /// Waits for the vertical blank (`FBIO_WAITFORVSYNC`) before showing a frame; stops trying
    /// after the first refusal (most fbdev drivers do not implement it). Blocks the main thread
    /// for up to one refresh period per frame.
    public var waitForVSync: Bool
    /// Whether the VT can be left while the output is open: `.unmanaged` (the default, the
    /// kernel's behaviour), `.locked` (VT lockdown) or `.cooperative`. See `TerminalSwitching`.
    public var terminalSwitching: TerminalSwitching = .unmanaged

    /// Options with the usual defaults: `/dev/fb0`, not turned, automatic panning and console, no vsync wait.
    public init(
        node: String = "/dev/fb0", rotation: DisplayRotation = .none, panning: Panning = .automatic,
        console: Console = .automatic, waitForVSync: Bool = false
    ) {
        self.node = node
        self.rotation = rotation
        self.panning = panning
        self.console = console
        self.waitForVSync = waitForVSync
    }
}
