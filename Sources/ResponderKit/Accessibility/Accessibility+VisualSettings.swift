/// The visual settings (issue 26 §5) under UIKit's names, readable and changeable at run time.
///
/// A change applies at once: fonts of labels and text fields with
/// `adjustsFontForContentSizeCategory` are remade at the new size (they grow, relayout and wrap),
/// every view of every scene is redrawn and told `traitCollectionDidChange(_:)`, and the matching
/// notification is posted on `NotificationCenter.default`.
@MainActor
extension Accessibility {
    /// All the visual settings at once (the host sets them from its options).
    public static var visualSettings: VisualSettings {
        get { VisualSettings.current }
        set {
            let old = VisualSettings.current
            guard newValue != old else { return }
            let previous = TraitCollection(userInterfaceStyle: .light)
            VisualSettings.current = newValue
            if newValue.contentSizeCategory != old.contentSizeCategory || newValue.isBoldTextEnabled != old.isBoldTextEnabled {
                DynamicTypeRegistry.adjustFonts()
            }
            SceneRegistry.traitsDidChange(previous: previous)
            let center = NotificationCenter.default
            if newValue.contentSizeCategory != old.contentSizeCategory {
                center.post(
                    name: ContentSizeCategory.didChangeNotification, object: nil,
                    userInfo: [ContentSizeCategory.newValueUserInfoKey: newValue.contentSizeCategory])
            }
            if newValue.isBoldTextEnabled != old.isBoldTextEnabled { center.post(name: boldTextStatusDidChangeNotification, object: nil) }
            if newValue.isHighContrastEnabled != old.isHighContrastEnabled {
                center.post(name: darkerSystemColorsStatusDidChangeNotification, object: nil)
            }
            if newValue.isReduceMotionEnabled != old.isReduceMotionEnabled {
                center.post(name: reduceMotionStatusDidChangeNotification, object: nil)
            }
        }
    }

    /// Whether text is drawn bold (UIKit's `isBoldTextEnabled`); settable here, the kiosk being its
    /// own settings app.
    public static var isBoldTextEnabled: Bool {
        get { visualSettings.isBoldTextEnabled }
        set { visualSettings.isBoldTextEnabled = newValue }
    }

    /// Whether the high-contrast palette is on (UIKit's `isDarkerSystemColorsEnabled`, "Increase
    /// Contrast").
    public static var isDarkerSystemColorsEnabled: Bool {
        get { visualSettings.isHighContrastEnabled }
        set { visualSettings.isHighContrastEnabled = newValue }
    }

    /// Whether animations of position, size and transform become short cross-fades (UIKit's
    /// `isReduceMotionEnabled`).
    public static var isReduceMotionEnabled: Bool {
        get { visualSettings.isReduceMotionEnabled }
        set { visualSettings.isReduceMotionEnabled = newValue }
    }

    /// Posted after bold text was turned on or off (UIKit's `boldTextStatusDidChangeNotification`).
    public static let boldTextStatusDidChangeNotification = Notification.Name("AccessibilityBoldTextStatusDidChangeNotification")
    /// Posted after high contrast was turned on or off (UIKit's
    /// `darkerSystemColorsStatusDidChangeNotification`).
    public static let darkerSystemColorsStatusDidChangeNotification = Notification.Name(
        "AccessibilityDarkerSystemColorsStatusDidChangeNotification")
    /// Posted after reduce motion was turned on or off (UIKit's
    /// `reduceMotionStatusDidChangeNotification`).
    public static let reduceMotionStatusDidChangeNotification = Notification.Name("AccessibilityReduceMotionStatusDidChangeNotification")
}

@MainActor
extension Application {
    /// The text size the app's preferred fonts use (UIKit's `preferredContentSizeCategory`;
    /// settable here). Setting it is setting `Accessibility.visualSettings.contentSizeCategory`.
    public var preferredContentSizeCategory: ContentSizeCategory {
        get { Accessibility.visualSettings.contentSizeCategory }
        set { Accessibility.visualSettings.contentSizeCategory = newValue }
    }
}

/// The live scenes, so a settings change redraws every one (weakly held).
@MainActor
enum SceneRegistry {
    private final class Entry {
        weak var scene: WindowScene?
        init(_ scene: WindowScene) { self.scene = scene }
    }

    private static var entries: [Entry] = []

    /// Remembers `scene` (from `WindowScene.init`).
    static func register(_ scene: WindowScene) {
        entries.removeAll { $0.scene == nil }
        entries.append(Entry(scene))
    }

    /// Redraws every view of every live scene and tells it (and its controller) the traits changed.
    /// - Complexity: O(views in every scene).
    static func traitsDidChange(previous: TraitCollection) {
        entries.removeAll { $0.scene == nil }
        for entry in entries {
            guard let scene = entry.scene else { continue }
            for window in scene.windows { visit(window, previous) }
        }
    }

    private static func visit(_ view: View, _ previous: TraitCollection) {
        view.setNeedsDisplay()
        view.setNeedsLayout()
        view.traitCollectionDidChange(previous)
        view.owningViewController?.traitCollectionDidChange(previous)
        for subview in view.subviews { visit(subview, previous) }
    }
}
