/// The window the input views (the on-screen keyboard and its accessory bar) are docked in when
/// the first responder's window does not fill its scene's screen — a dialog window over the app.
/// UIKit keeps its keyboard in a window of its own above the app's for the same reason: the
/// keyboard spans the screen's bottom edge whatever window is being typed in.
///
/// One per scene (`WindowScene.inputViewWindow`), made on first use. It fills the screen, stacks
/// above every other level, is shown only while input views are docked in it, never becomes
/// key, and takes no touch outside them: its `hitTest` answers nil where only the window itself
/// would be hit, so touches fall through to the windows below (see `Application+WindowStack`).
@MainActor
final class InputViewWindow: Window {
    /// Above every level an app uses (UIKit's keyboard window sits at 10,000,000 too).
    static let level = WindowLevel(10_000_000)

    override init(windowScene: WindowScene) {
        super.init(windowScene: windowScene)
        windowLevel = InputViewWindow.level
    }

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }

    /// The docked views follow the screen's size (the owners' presenters place them).
    override func layoutSubviews() {
        super.layoutSubviews()
        for case let container as InputViewContainer in subviews { container.owner?.inputViewPresenterStorage?.layout() }
    }

    /// Shown while something is docked in it.
    func updateVisibility() {
        isHidden = !subviews.contains { $0 is InputViewContainer }
    }
}

extension WindowScene {
    /// The scene's window for input views (see `InputViewWindow`), made on first use.
    var inputViewWindow: InputViewWindow {
        if let window = inputViewWindowStorage, window.windowScene === self { return window }
        let window = InputViewWindow(windowScene: self)
        window.frame = screenBounds
        inputViewWindowStorage = window
        return window
    }
}
