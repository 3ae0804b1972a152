import ResponderKit

/// How a Wayland window presents itself (`xdg_toplevel.set_title`, `set_app_id`, `set_fullscreen`).
public struct WindowOptions: Sendable {
    /// The window title (`xdg_toplevel.set_title`).
    public var title: String
    /// The desktop-file id compositors match rules on (sway's `app_id`).
    public var appID: String
    /// Kiosks run fullscreen; `false` asks for a normal window of `size`.
    public var fullscreen: Bool
    /// The size in logical points used until (or unless) the compositor picks one.
    public var size: Size

    /// Options with the defaults: title "ResponderKit", app id "responderkit", fullscreen, 1280 × 800 points.
    public init(
        title: String = "ResponderKit", appID: String = "responderkit", fullscreen: Bool = true,
        size: Size = Size(width: 1280, height: 800)
    ) {
        self.title = title
        self.appID = appID
        self.fullscreen = fullscreen
        self.size = size
    }
}
