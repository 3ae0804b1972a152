import ResponderKit

/// One target a main command can run on, as `Kiosk.run` tries it: which `--target` it answers,
/// whether automatic selection should try it here, and how it opens its backend. The host has
/// the DRM/KMS one (`.drm`) and the framebuffer one (`.framebuffer`); the KioskWayland module adds
/// `.wayland`; headless is the host's own fallback. A main command lists the providers it links,
/// best first: `[.wayland, .drm, .framebuffer]`.
@MainActor
public struct KioskBackendProvider {
    /// The `--target` this provider answers.
    public var target: KioskTarget
    /// For automatic selection: nil to try this target, or why it is skipped here ("no
    /// compositor announced").
    public var skipReason: @MainActor () -> String?
    /// Opens the backend for `app` with `options`, or says why it cannot (closing what it opened).
    public var open: @MainActor (_ app: KioskApp, _ options: KioskOptions) -> Result<any KioskBackend, KioskRefusal>

    /// A provider for `target`.
    public init(
        target: KioskTarget, skipReason: @escaping @MainActor () -> String? = { nil },
        open: @escaping @MainActor (_ app: KioskApp, _ options: KioskOptions) -> Result<any KioskBackend, KioskRefusal>
    ) {
        self.target = target
        self.skipReason = skipReason
        self.open = open
    }

    /// DRM/KMS with libinput input (`DRMBackend`): tried before the framebuffer, whose
    /// `/dev/fb0` is usually DRM's own emulation without page flips or vblank.
    public static var drm: KioskBackendProvider {
        KioskBackendProvider(target: .drm) { _, options in
            DRMBackend.open(options).map { $0 as any KioskBackend }
        }
    }

    /// The Linux framebuffer with libinput input (`FramebufferBackend`).
    public static var framebuffer: KioskBackendProvider {
        KioskBackendProvider(target: .framebuffer) { _, options in
            FramebufferBackend.open(options).map { $0 as any KioskBackend }
        }
    }
}

/// Why a target cannot run here, and the exit status when it was forced.
public struct KioskRefusal: Error, CustomStringConvertible {
    /// The reason, as printed ("framebuffer: …", "Wayland: …").
    public var description: String
    /// The exit status when the target was forced (`--target`): 69 when it is unavailable.
    public var exitCode: Int32
    /// A refusal saying `description`, exiting with `exitCode` when forced.
    public init(_ description: String, exitCode: Int32 = 69) {
        self.description = description
        self.exitCode = exitCode
    }
}
