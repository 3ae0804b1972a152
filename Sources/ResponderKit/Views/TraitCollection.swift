/// Whether the interface is drawn light or dark (UIKit's `UIUserInterfaceStyle`).
public enum UserInterfaceStyle: Int, Sendable, Hashable, CaseIterable {
    /// No preference: inherit (as an override), drawn as light (as a resolved trait).
    case unspecified
    /// The light appearance (dark text on light backgrounds).
    case light
    /// The dark appearance (light text on dark backgrounds).
    case dark
}

/// The traits a view or view controller is drawn with (UIKit's `UITraitCollection`, reduced to
/// the traits a kiosk varies: `userInterfaceStyle` and `layoutDirection`).
///
/// A view's `traitCollection` comes from the nearest `overrideUserInterfaceStyle` on it, its
/// ancestors or their view controllers, and at the top from its window's scene
/// (`WindowScene.traitCollection`, which the host sets); dynamic colours resolve with it. Its
/// `layoutDirection` is the view's `effectiveUserInterfaceLayoutDirection`.
public struct TraitCollection: Hashable, Sendable {
    /// Light or dark.
    public var userInterfaceStyle: UserInterfaceStyle
    /// Left to right or right to left; `.unspecified` in a scene follows the app's language
    /// (`Localization.layoutDirection`).
    public var layoutDirection: TraitEnvironmentLayoutDirection
    /// The text size (UIKit's `preferredContentSizeCategory`): the app's setting
    /// (`Accessibility.visualSettings`) when the collection was made.
    public var preferredContentSizeCategory = VisualSettings.current.contentSizeCategory
    /// Normal or high contrast (UIKit's `accessibilityContrast`), from the high-contrast setting.
    public var accessibilityContrast: AccessibilityContrast = VisualSettings.current.isHighContrastEnabled ? .high : .normal
    /// Regular or bold text (UIKit's `legibilityWeight`), from the bold-text setting.
    public var legibilityWeight: LegibilityWeight = VisualSettings.current.isBoldTextEnabled ? .bold : .regular

    /// A collection with no preference (`.unspecified`).
    public init() {
        userInterfaceStyle = .unspecified
        layoutDirection = .unspecified
    }

    /// A collection with `userInterfaceStyle` and `layoutDirection`.
    public init(userInterfaceStyle: UserInterfaceStyle, layoutDirection: TraitEnvironmentLayoutDirection = .unspecified) {
        self.userInterfaceStyle = userInterfaceStyle
        self.layoutDirection = layoutDirection
    }

    /// A collection with `layoutDirection` and no style preference (UIKit's
    /// `UITraitCollection(layoutDirection:)`).
    public init(layoutDirection: TraitEnvironmentLayoutDirection) {
        self.userInterfaceStyle = .unspecified
        self.layoutDirection = layoutDirection
    }

    /// The traits of the view being drawn while the renderer runs its `draw(_:)` (UIKit's
    /// `UITraitCollection.current`); light otherwise.
    @MainActor public static var current = TraitCollection(userInterfaceStyle: .light)

    /// Whether colours resolved with `self` and with `other` may differ (UIKit's
    /// `hasDifferentColorAppearance(comparedTo:)`): unspecified and light look the same, and so
    /// do unspecified and normal contrast.
    public func hasDifferentColorAppearance(comparedTo other: TraitCollection?) -> Bool {
        (userInterfaceStyle == .dark) != (other?.userInterfaceStyle == .dark)
            || (accessibilityContrast == .high) != (other?.accessibilityContrast == .high)
    }
}
