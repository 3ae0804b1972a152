/// A scene: one output's worth of windows (UIKit's `UIWindowScene`). Its `next` is the application;
/// its delegate is never in the chain (subclass and override `next` to splice it in).
@MainActor
open class WindowScene: Responder {
    /// The application (kept: a scene never outlives what it forwards to; `disconnect()` lets go).
    public let application: Application
    /// The scene's windows, in the order they were added.
    public private(set) var windows: [Window] = []
    var keyWindowStorage: WindowRef?
    /// The scene's delegate (kept, as UIKit keeps it); not part of the responder chain.
    public var delegate: WindowSceneDelegate?
    /// The size of the output the scene shows on; new windows take it as their frame.
    public var screenBounds: Rect
    /// The traits of the output the scene shows on (UIKit's screen and scene `traitCollection`,
    /// settable here: the host sets the kiosk's appearance). Its windows' views inherit its
    /// style unless they override it; changing it redraws them and calls their
    /// `traitCollectionDidChange(_:)`. Its `layoutDirection` (unspecified: the language's, see
    /// `Localization.layoutDirection`) is the windows' direction; changing it lays them out again.
    public var traitCollection = TraitCollection(userInterfaceStyle: .light) {
        didSet {
            if oldValue.layoutDirection != traitCollection.layoutDirection {
                let old = oldValue.layoutDirection.resolved(or: Localization.layoutDirection)
                for window in windows { window.layoutDirectionMayHaveChanged(from: old) }
            }
            guard oldValue.hasDifferentColorAppearance(comparedTo: traitCollection) else { return }
            if traitCollection.userInterfaceStyle == .dark { ViewAppearanceState.isInUse = true }
            let old: UserInterfaceStyle = oldValue.userInterfaceStyle == .dark ? .dark : .light
            for window in windows {
                // A window resolves its style with the scene's now; compare with the old one.
                if (window.appearanceState?.ownStyle ?? .unspecified) == .unspecified { window.styleMayHaveChanged(from: old) }
            }
        }
    }
    /// The window input views dock in for windows smaller than the screen (`InputViewWindow`).
    var inputViewWindowStorage: InputViewWindow?

    /// Makes a scene and connects it to `application`; `screenBounds` is the output's size.
    public init(application: Application, screenBounds: Rect = Rect(x: 0, y: 0, width: 1280, height: 800)) {
        self.application = application
        self.screenBounds = screenBounds
        super.init()
        application.connect(self)
        Localization.register(self)
        SceneRegistry.register(self)
        LiveObjects.born(self)
    }

    open override var next: Responder? { application }

    isolated deinit {
        for window in windows where window.windowSceneStorage === self { window.windowSceneStorage = nil }
        LiveObjects.died(self)
    }

    /// The scene's key window: the one made key most recently, if still in the scene.
    public var keyWindow: Window? {
        if let w = keyWindowStorage?.value, windows.containsIdentical(w) { return w }
        return nil
    }

    func addWindow(_ window: Window) {
        guard !windows.containsIdentical(window) else { return }
        windows.append(window)
    }

    func removeWindow(_ window: Window) {
        windows.removeAll { $0 === window }
        if keyWindowStorage?.refers(to: window) == true { keyWindowStorage = nil }
        if application.keyWindow === window { application.setKeyWindow(nil) }
        if window.windowSceneStorage === self { window.windowSceneStorage = nil }
        application.cancelAllTouches(in: window, time: application.clock.now)
        application.cancelAllPresses(in: window, time: application.clock.now)
    }

    /// Removes the scene from its application: its windows' touches and held keys are cancelled.
    public func disconnect() {
        for window in windows {
            application.cancelAllTouches(in: window, time: application.clock.now)
            application.cancelAllPresses(in: window, time: application.clock.now)
        }
        application.disconnect(self)
    }
}

/// The scene delegate (UIKit's `UIWindowSceneDelegate`).
@MainActor
public protocol WindowSceneDelegate: AnyObject {
    /// The scene's main window.
    var window: Window? { get set }
}
