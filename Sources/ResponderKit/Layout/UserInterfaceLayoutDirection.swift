/// The direction a view's content is laid out in (UIKit's `UIUserInterfaceLayoutDirection`):
/// where leading and trailing are, which way a horizontal stack runs, and where natural-aligned
/// text sits.
public enum UserInterfaceLayoutDirection: Int, Sendable, Hashable, CaseIterable {
    /// Leading is left (English, German, …).
    case leftToRight
    /// Leading is right (Arabic, Hebrew, Persian, Urdu).
    case rightToLeft
}

/// The layout direction a trait collection carries (UIKit's `UITraitEnvironmentLayoutDirection`):
/// `.unspecified` in a scene means "follow the app's language" (`Localization.layoutDirection`).
public enum TraitEnvironmentLayoutDirection: Int, Sendable, Hashable, CaseIterable {
    /// No preference: inherit.
    case unspecified = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1

    /// The direction this trait stands for, `fallback` when unspecified.
    public func resolved(or fallback: UserInterfaceLayoutDirection) -> UserInterfaceLayoutDirection {
        switch self {
        case .unspecified: return fallback
        case .leftToRight: return .leftToRight
        case .rightToLeft: return .rightToLeft
        }
    }

    /// The trait for `direction`.
    public init(_ direction: UserInterfaceLayoutDirection) {
        self = direction == .leftToRight ? .leftToRight : .rightToLeft
    }
}

/// What a view's content means, which decides whether it flips in right-to-left layout (UIKit's
/// `UISemanticContentAttribute`). A view whose attribute is not `.unspecified` fixes the direction
/// of itself and of the views below it that leave theirs unspecified.
public enum SemanticContentAttribute: Int, Sendable, Hashable, CaseIterable {
    /// Follows the app's direction (flips in right-to-left languages): the default.
    case unspecified
    /// Media playback controls (play, pause, rewind): never flipped, always left to right.
    case playback
    /// Directional controls (a d-pad, alignment buttons): never flipped.
    case spatial
    /// Always left to right (a phone number field, a map).
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft

    /// The direction the attribute fixes; nil for `.unspecified`, which inherits.
    var fixedDirection: UserInterfaceLayoutDirection? {
        switch self {
        case .unspecified: return nil
        case .playback, .spatial, .forceLeftToRight: return .leftToRight
        case .forceRightToLeft: return .rightToLeft
        }
    }
}
