/// How a line under or through text is drawn (UIKit's `NSUnderlineStyle`, with its raw values).
public struct UnderlineStyle: OptionSet, Hashable, Sendable {
    /// UIKit's raw value.
    public let rawValue: Int
    /// Makes a style from UIKit's raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One thin line (`PANGO_UNDERLINE_SINGLE`).
    public static let single = UnderlineStyle(rawValue: 0x01)
    /// One thick line; Pango has no thick underline, so it draws a single one.
    public static let thick = UnderlineStyle(rawValue: 0x02)
    /// Two thin lines (`PANGO_UNDERLINE_DOUBLE`).
    public static let double = UnderlineStyle(rawValue: 0x09)
}

/// The attributes of a run of an `AttributedText`, typed (UIKit keeps them in a
/// `[NSAttributedString.Key: Any]`; `init(_:)` reads that form). A nil field takes the value of
/// the view drawing the text (a label's `font` and `textColor`, no underline).
public struct TextRunAttributes: Hashable, Sendable {
    /// The run's font (`StringAttributeKey.font`; Pango: `pango_attr_font_desc_new`).
    public var font: Font?
    /// The glyphs' colour (`.foregroundColor`; `pango_attr_foreground_new` and, below full
    /// opacity, `pango_attr_foreground_alpha_new`).
    public var foregroundColor: Color?
    /// The colour filled behind the run (`.backgroundColor`; `pango_attr_background_new`,
    /// `pango_attr_background_alpha_new`).
    public var backgroundColor: Color?
    /// A line under the run (`.underlineStyle`; `pango_attr_underline_new`).
    public var underlineStyle: UnderlineStyle?
    /// A line through the run (`.strikethroughStyle`; `pango_attr_strikethrough_new`).
    public var strikethroughStyle: UnderlineStyle?
    /// Extra space after each character, in points (`.kern`; `pango_attr_letter_spacing_new`).
    public var kern: Double?
    /// The paragraph's layout (`.paragraphStyle`; see `ParagraphStyle` for its Pango calls).
    public var paragraphStyle: ParagraphStyle?

    /// Makes attributes; nil fields are unset.
    public init(
        font: Font? = nil, foregroundColor: Color? = nil, backgroundColor: Color? = nil, underlineStyle: UnderlineStyle? = nil,
        strikethroughStyle: UnderlineStyle? = nil, kern: Double? = nil, paragraphStyle: ParagraphStyle? = nil
    ) {
        self.font = font
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underlineStyle = underlineStyle
        self.strikethroughStyle = strikethroughStyle
        self.kern = kern.flatMap { $0.isFinite ? $0 : nil }
        self.paragraphStyle = paragraphStyle
    }

    /// Reads UIKit's dictionary form. A value of the wrong type, or a key this type does not
    /// know, is left out with a `ResponderDiagnostics` note naming the key.
    @MainActor
    public init(_ dictionary: [StringAttributeKey: Any]) {
        self.init()
        for (key, value) in dictionary {
            var understood = true
            switch key {
            case .font: if let value = value as? Font { font = value } else { understood = false }
            case .foregroundColor: if let value = value as? Color { foregroundColor = value } else { understood = false }
            case .backgroundColor: if let value = value as? Color { backgroundColor = value } else { understood = false }
            case .underlineStyle: if let style = Self.lineStyle(value) { underlineStyle = style } else { understood = false }
            case .strikethroughStyle: if let style = Self.lineStyle(value) { strikethroughStyle = style } else { understood = false }
            case .kern:
                if let value = value as? Double, value.isFinite {
                    kern = value
                } else if let value = value as? Int {
                    kern = Double(value)
                } else {
                    understood = false
                }
            case .paragraphStyle: if let value = value as? ParagraphStyle { paragraphStyle = value } else { understood = false }
            default: understood = false
            }
            if !understood {
                ResponderDiagnostics.report(
                    .drawing("AttributedText: attribute '\(key.rawValue)' with a value of type \(type(of: value)) is not understood; ignored"))
            }
        }
    }

    /// An underline or strikethrough value: an `UnderlineStyle` or its raw `Int` (UIKit code
    /// often writes `NSUnderlineStyle.single.rawValue`).
    private static func lineStyle(_ value: Any) -> UnderlineStyle? {
        if let style = value as? UnderlineStyle { return style }
        if let raw = value as? Int { return UnderlineStyle(rawValue: raw) }
        return nil
    }

    /// The attributes as UIKit's dictionary.
    public var dictionary: [StringAttributeKey: Any] {
        var result: [StringAttributeKey: Any] = [:]
        if let font { result[.font] = font }
        if let foregroundColor { result[.foregroundColor] = foregroundColor }
        if let backgroundColor { result[.backgroundColor] = backgroundColor }
        if let underlineStyle { result[.underlineStyle] = underlineStyle }
        if let strikethroughStyle { result[.strikethroughStyle] = strikethroughStyle }
        if let kern { result[.kern] = kern }
        if let paragraphStyle { result[.paragraphStyle] = paragraphStyle }
        return result
    }

    /// These attributes with `other`'s set fields on top (UIKit's `addAttributes`).
    public func merging(_ other: TextRunAttributes) -> TextRunAttributes {
        TextRunAttributes(
            font: other.font ?? font, foregroundColor: other.foregroundColor ?? foregroundColor,
            backgroundColor: other.backgroundColor ?? backgroundColor, underlineStyle: other.underlineStyle ?? underlineStyle,
            strikethroughStyle: other.strikethroughStyle ?? strikethroughStyle, kern: other.kern ?? kern,
            paragraphStyle: other.paragraphStyle ?? paragraphStyle)
    }
}
