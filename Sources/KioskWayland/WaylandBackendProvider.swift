import Kiosk
import ResponderKit
import WaylandBackend

extension KioskBackendProvider {
    /// The Wayland target: one xdg toplevel (fullscreen unless `--windowed`) on the compositor
    /// named by the environment. Automatic selection tries it when a compositor is announced
    /// (`WAYLAND_DISPLAY` or `WAYLAND_SOCKET`); a failure to connect is refused with the
    /// `WaylandError`'s exit status.
    public static var wayland: KioskBackendProvider {
        KioskBackendProvider(
            target: .wayland,
            skipReason: {
                let announced =
                    !(ProcessEnvironment.value("WAYLAND_DISPLAY") ?? "").isEmpty
                    || !(ProcessEnvironment.value("WAYLAND_SOCKET") ?? "").isEmpty
                return announced ? nil : "Wayland: no compositor announced (WAYLAND_DISPLAY and WAYLAND_SOCKET are unset)"
            },
            open: { app, options in
                let display: WaylandDisplay
                do throws(WaylandError) { display = try WaylandDisplay(application: Application.shared) } catch {
                    return .failure(KioskRefusal("Wayland: \(error)", exitCode: error.exitCode))
                }
                let backend = WaylandKioskBackend(
                    display: display,
                    window: WindowOptions(title: app.name, appID: "responderkit-" + app.name, fullscreen: options.fullscreen, size: options.size),
                    options: options)
                return .success(backend)
            })
    }
}
