/// Where a kiosk app shows itself. `automatic` picks the best one the machine has: a Wayland window
/// when a compositor is announced (`WAYLAND_DISPLAY`/`WAYLAND_SOCKET`), else the Linux framebuffer
/// with libinput input when both can be opened, else headless (frames in memory, PNGs on request).
public enum KioskTarget: String, Sendable, CaseIterable {
    /// Wayland when a compositor is announced, else the framebuffer with libinput, else headless.
    case automatic
    /// An xdg toplevel on the compositor named by `WAYLAND_DISPLAY`/`WAYLAND_SOCKET`.
    case wayland
    /// The Linux framebuffer with libinput input (a panel without a compositor).
    case framebuffer
    /// Frames in memory and a scripted session (PNGs on request): build machines and CI.
    case headless

    /// The environment variable that forces a target (same words as `--target`).
    public static let environmentVariable = "RK_TARGET"

    /// Parses "auto"/"automatic", "wayland", "framebuffer"/"fb" or "headless".
    public init?(argument: String) {
        switch argument.lowercased() {
        case "auto", "automatic": self = .automatic
        case "wayland": self = .wayland
        case "framebuffer", "fb": self = .framebuffer
        case "headless": self = .headless
        default: return nil
        }
    }
}
