/// The keys `AttributedText` understands besides `font` and `foregroundColor` (UIKit's names and
/// raw values).
extension StringAttributeKey {
    /// The colour behind the text; the value is a `Color`.
    public static let backgroundColor = StringAttributeKey(rawValue: "NSBackgroundColor")
    /// A line under the text; the value is an `UnderlineStyle` (or its raw `Int`).
    public static let underlineStyle = StringAttributeKey(rawValue: "NSUnderline")
    /// A line through the text; the value is an `UnderlineStyle` (or its raw `Int`).
    public static let strikethroughStyle = StringAttributeKey(rawValue: "NSStrikethrough")
    /// Extra space after each character in points; the value is a `Double`.
    public static let kern = StringAttributeKey(rawValue: "NSKern")
    /// The paragraph's layout; the value is a `ParagraphStyle`.
    public static let paragraphStyle = StringAttributeKey(rawValue: "NSParagraphStyle")
}
