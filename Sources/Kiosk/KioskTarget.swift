/// Where a kiosk app shows itself. `automatic` picks the best one the machine has: a Wayland window
/// when a compositor is announced (`WAYLAND_DISPLAY`/`WAYLAND_SOCKET`), else DRM/KMS with libinput
/// input, else the Linux framebuffer with libinput, when they can be opened, else headless (frames
/// in memory, PNGs on request).
public enum KioskTarget: String, Sendable, CaseIterable {
    /// Wayland when a compositor is announced, else DRM/KMS, else the framebuffer (both with
    /// libinput), else headless.
    case automatic
    /// An xdg toplevel on the compositor named by `WAYLAND_DISPLAY`/`WAYLAND_SOCKET`.
    case wayland
    /// DRM/KMS with libinput input: a connector with vblank-paced page flips (`DRMBackend`).
    case drm
    /// The Linux framebuffer with libinput input (a panel without a compositor).
    case framebuffer
    /// Frames in memory and a scripted session (PNGs on request): build machines and CI.
    case headless

    /// The environment variable that forces a target (same words as `--target`).
    public static let environmentVariable = "RK_TARGET"

    /// Parses "auto"/"automatic", "wayland", "drm"/"kms", "framebuffer"/"fb" or "headless".
    public init?(argument: String) {
        switch argument.lowercased() {
        case "auto", "automatic": self = .automatic
        case "wayland": self = .wayland
        case "drm", "kms": self = .drm
        case "framebuffer", "fb": self = .framebuffer
        case "headless": self = .headless
        default: return nil
        }
    }
}
