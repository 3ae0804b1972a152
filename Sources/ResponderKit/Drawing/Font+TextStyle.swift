/// Dynamic Type: fonts by text style, sized by the user's `ContentSizeCategory` (UIKit's
/// `UIFont.TextStyle` and `UIFont.preferredFont(forTextStyle:)`).
extension Font {
    /// The semantic text styles (UIKit's `UIFont.TextStyle`).
    public enum TextStyle: String, CaseIterable, Hashable, Sendable {
        /// The largest title (34 pt at the default size).
        case largeTitle
        /// The first-level title (28 pt).
        case title1
        /// The second-level title (22 pt).
        case title2
        /// The third-level title (20 pt).
        case title3
        /// Headings, semibold (17 pt).
        case headline
        /// Subheadings (15 pt).
        case subheadline
        /// Body text (17 pt).
        case body
        /// Callouts (16 pt).
        case callout
        /// Footnotes (13 pt).
        case footnote
        /// Captions (12 pt).
        case caption1
        /// Secondary captions (11 pt).
        case caption2

        /// The point sizes for the twelve sizes from `extraSmall` to
        /// `accessibilityExtraExtraExtraLarge`: Apple's Dynamic Type table for iOS (Human Interface
        /// Guidelines, "Typography"), which UIKit's preferred fonts follow.
        var pointSizes: [Double] {
            switch self {
            case .largeTitle: return [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
            case .title1: return [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .title2: return [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
            case .title3: return [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
            case .headline, .body: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .callout: return [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption1: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: return [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
            }
        }

        /// The style's own weight: semibold for `headline`, regular for the others.
        var weight: Weight { self == .headline ? .semibold : .regular }

        /// The point size at `category` (`unspecified` is `large`).
        /// - Complexity: O(1).
        public func pointSize(for category: ContentSizeCategory) -> Double {
            let index = category == .unspecified ? ContentSizeCategory.large.rawValue - 1 : category.rawValue - 1
            return pointSizes[index]
        }
    }

    /// The system font for `style` at the app's text size and bold-text setting (UIKit's
    /// `preferredFont(forTextStyle:)`). The font remembers its style (`textStyle`), so a label or
    /// text field with `adjustsFontForContentSizeCategory` follows later changes.
    /// - Complexity: O(1).
    public static func preferredFont(forTextStyle style: TextStyle) -> Font {
        let settings = VisualSettings.current
        return preferredFont(forTextStyle: style, category: settings.contentSizeCategory, bold: settings.isBoldTextEnabled)
    }

    /// The system font for `style` with the size and weight of `traitCollection`
    /// (`preferredContentSizeCategory`, `legibilityWeight`), as UIKit's
    /// `preferredFont(forTextStyle:compatibleWith:)`.
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: TraitCollection?) -> Font {
        guard let traits = traitCollection else { return preferredFont(forTextStyle: style) }
        return preferredFont(forTextStyle: style, category: traits.preferredContentSizeCategory, bold: traits.legibilityWeight == .bold)
    }

    /// The font for `style` at `category`; `bold` (the bold-text setting) makes regular text bold
    /// and semibold text heavy, as iOS does.
    static func preferredFont(forTextStyle style: TextStyle, category: ContentSizeCategory, bold: Bool) -> Font {
        let weight: Weight = bold ? (style.weight == .regular ? .bold : .heavy) : style.weight
        var font = Font.systemFont(ofSize: style.pointSize(for: category), weight: weight)
        font.textStyle = style
        return font
    }

    /// This preferred font remade at the current text size and bold-text setting; nil when it has
    /// no text style or is already current (what a Dynamic Type view does on a settings change).
    var adjustedToCurrentSettings: Font? {
        guard let style = textStyle else { return nil }
        let adjusted = Font.preferredFont(forTextStyle: style)
        return adjusted == self ? nil : adjusted
    }
}
