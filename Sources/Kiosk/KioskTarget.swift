/// Where a kiosk app shows itself. `automatic` picks the best one the machine has: a Wayland window
/// when a compositor is announced (`WAYLAND_DISPLAY`/`WAYLAND_SOCKET`), else the Linux framebuffer
/// with libinput input when both can be opened, else headless (frames in memory, PNGs on request).
public enum KioskTarget: String, Sendable, CaseIterable {
    case automatic, wayland, framebuffer, headless

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
