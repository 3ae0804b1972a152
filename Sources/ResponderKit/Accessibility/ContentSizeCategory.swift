/// The text size the user chose (UIKit's `UIContentSizeCategory`, Dynamic Type): seven standard
/// sizes from extra small to extra-extra-extra large, `large` being the default, then five larger
/// accessibility sizes.
///
/// Fonts made with `Font.preferredFont(forTextStyle:)` take their point size from it, and labels
/// and text fields with `adjustsFontForContentSizeCategory` follow it when it changes
/// (`Application.preferredContentSizeCategory`, `--text-size` on the host).
public enum ContentSizeCategory: Int, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    /// No preference: text is drawn at `large`.
    case unspecified = 0
    /// The smallest standard size (body text 14 pt).
    case extraSmall
    /// Small (body 15 pt).
    case small
    /// Medium (body 16 pt).
    case medium
    /// Large, the default (body 17 pt).
    case large
    /// Extra large (body 19 pt).
    case extraLarge
    /// Extra-extra large (body 21 pt).
    case extraExtraLarge
    /// The largest standard size (body 23 pt).
    case extraExtraExtraLarge
    /// The first accessibility size (body 28 pt).
    case accessibilityMedium
    /// Accessibility large (body 33 pt).
    case accessibilityLarge
    /// Accessibility extra large (body 40 pt).
    case accessibilityExtraLarge
    /// Accessibility extra-extra large (body 47 pt).
    case accessibilityExtraExtraLarge
    /// The largest size of all (body 53 pt).
    case accessibilityExtraExtraExtraLarge

    /// Whether this is one of the five accessibility sizes (UIKit's `isAccessibilityCategory`),
    /// where layouts usually stack what sat side by side.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Orders the sizes from the smallest to the largest (`unspecified` first).
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The short names the host's `--text-size` takes: xs, s, m, l, xl, xxl, xxxl, ax1 … ax5.
    public var shortName: String {
        switch self {
        case .unspecified: return "unspecified"
        case .extraSmall: return "xs"
        case .small: return "s"
        case .medium: return "m"
        case .large: return "l"
        case .extraLarge: return "xl"
        case .extraExtraLarge: return "xxl"
        case .extraExtraExtraLarge: return "xxxl"
        case .accessibilityMedium: return "ax1"
        case .accessibilityLarge: return "ax2"
        case .accessibilityExtraLarge: return "ax3"
        case .accessibilityExtraExtraLarge: return "ax4"
        case .accessibilityExtraExtraExtraLarge: return "ax5"
        }
    }

    /// The size a short name (`shortName`) or a case name (`extraLarge`) stands for; nil otherwise.
    public init?(name: String) {
        guard let match = ContentSizeCategory.allCases.first(where: { $0.shortName == name || $0.description == name }) else { return nil }
        self = match
    }

    /// The case name, as in UIKit (`extraLarge`, `accessibilityMedium`).
    public var description: String {
        switch self {
        case .unspecified: return "unspecified"
        case .extraSmall: return "extraSmall"
        case .small: return "small"
        case .medium: return "medium"
        case .large: return "large"
        case .extraLarge: return "extraLarge"
        case .extraExtraLarge: return "extraExtraLarge"
        case .extraExtraExtraLarge: return "extraExtraExtraLarge"
        case .accessibilityMedium: return "accessibilityMedium"
        case .accessibilityLarge: return "accessibilityLarge"
        case .accessibilityExtraLarge: return "accessibilityExtraLarge"
        case .accessibilityExtraExtraLarge: return "accessibilityExtraExtraLarge"
        case .accessibilityExtraExtraExtraLarge: return "accessibilityExtraExtraExtraLarge"
        }
    }

}

/// Normal or increased contrast (UIKit's `UIAccessibilityContrast`).
public enum AccessibilityContrast: Int, Hashable, Sendable {
    /// No preference (drawn as normal).
    case unspecified = -1
    /// The normal palette.
    case normal = 0
    /// The high-contrast palette: the system colours' increased-contrast variants.
    case high = 1
}

/// Regular or bold text (UIKit's `UILegibilityWeight`, from the bold-text setting).
public enum LegibilityWeight: Int, Hashable, Sendable {
    /// No preference (drawn as regular).
    case unspecified = -1
    /// Text at its own weight.
    case regular = 0
    /// Bold text is on: preferred fonts are drawn heavier.
    case bold = 1
}
