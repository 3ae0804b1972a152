/// A key of a string-attributes dictionary (UIKit's `NSAttributedString.Key`), as
/// `SegmentedControl.setTitleTextAttributes(_:for:)` takes it:
/// `[.font: Font.systemFont(ofSize: 18), .foregroundColor: Color.systemRed]`.
///
/// Named apart from Foundation's `AttributedString`/`AttributedStringKey`, so an app importing
/// both modules writes the same dictionary literal without ambiguity.
public struct StringAttributeKey: RawRepresentable, Hashable, Sendable {
    /// The key's name (UIKit's raw values: `NSFont`, `NSColor`).
    public let rawValue: String
    /// Makes a key from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The text's font; the value is a `Font`.
    public static let font = StringAttributeKey(rawValue: "NSFont")
    /// The text's colour; the value is a `Color`.
    public static let foregroundColor = StringAttributeKey(rawValue: "NSColor")
}
