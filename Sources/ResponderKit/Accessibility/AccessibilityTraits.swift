/// What an accessibility element is and how it behaves (UIKit's `UIAccessibilityTraits`): the
/// screen reader speaks them after the label and value ("Next, button") and acts on them (an
/// `adjustable` element takes swipe up and down).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The bits, as UIKit numbers them (an app that stores traits keeps its values).
    public let rawValue: UInt64
    /// Makes traits from their bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// No trait.
    public static let none: AccessibilityTraits = []
    /// Acts when activated (spoken "button").
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Opens a link (spoken "link").
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// A heading that divides content (spoken "heading").
    public static let header = AccessibilityTraits(rawValue: 1 << 16)
    /// A search field (spoken "search field").
    public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
    /// A picture (spoken "image").
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// The element is selected, as a chosen segment or tab (spoken "selected" first).
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// Plays its own sound when activated.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 4)
    /// A key of a keyboard: activating it types.
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 5)
    /// Text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    /// A summary of the screen, spoken when the screen appears.
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 7)
    /// The element does not respond now (spoken "dimmed").
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
    /// The value changes often (a clock); the reader does not announce each change.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// Activating starts media, so the reader says nothing after the activation.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// The value changes by swipe up and down (`accessibilityIncrement()`, spoken "adjustable").
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
    /// Touches go straight to the element while the reader is on (a drawing surface).
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
    /// Reading everything turns the page when it reaches the element's end.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
    /// A tab bar (spoken "tab bar").
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 15)
}
