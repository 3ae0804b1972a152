/// The system pasteboard the edit actions use (UIKit's `UIPasteboard`), in-process: a kiosk has no
/// other app to share with. `general` is the one text fields use.
@MainActor
public final class Pasteboard {
    /// The pasteboard the edit actions use (in-process: there is no system clipboard).
    public static let general = Pasteboard()

    /// Makes an empty pasteboard.
    public init() {}

    /// The items, each a string.
    public var strings: [String]? {
        didSet { if strings?.isEmpty == true { strings = nil }; changeCount += 1 }
    }

    /// The first item; setting replaces everything (nil clears).
    public var string: String? {
        get { strings?.first }
        set { strings = newValue.map { [$0] } }
    }

    /// Whether the pasteboard holds at least one string (Paste is offered only then).
    public var hasStrings: Bool { !(strings?.isEmpty ?? true) }
    /// How many items the pasteboard holds.
    public var numberOfItems: Int { strings?.count ?? 0 }
    /// Bumped on every change.
    public private(set) var changeCount = 0
}
