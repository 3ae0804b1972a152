/// A text field's attributed placeholder (UIKit's `attributedPlaceholder`).
extension TextField {
    /// The placeholder with runs of fonts, colours and underlines (UIKit's
    /// `attributedPlaceholder`). Setting it sets `placeholder` to its string; setting
    /// `placeholder` afterwards drops the runs. Runs without a colour are drawn in
    /// `TextField.placeholderColor`, runs without a font in the field's `font`. Reading it for a
    /// plain placeholder gives the placeholder in that font and colour.
    public var attributedPlaceholder: AttributedText? {
        get {
            if let attributedPlaceholderStorage { return attributedPlaceholderStorage }
            return placeholder.map { AttributedText($0, attributes: TextRunAttributes(font: font, foregroundColor: TextField.placeholderColor)) }
        }
        set {
            placeholder = newValue?.string
            attributedPlaceholderStorage = newValue
        }
    }

    /// The attributes the placeholder's runs fall back to: the field's, one unwrapped line, in
    /// the placeholder colour.
    var placeholderAttributes: TextAttributes {
        var attributes = textAttributes
        attributes.color = TextField.placeholderColor
        attributes.numberOfLines = 1
        attributes.lineBreakMode = .byClipping
        return attributes
    }

    /// The attributed placeholder's size on one line.
    func attributedPlaceholderSize(_ placeholder: AttributedText) -> Size {
        Drawing.textEngine.measure(placeholder, attributes: placeholderAttributes, width: nil)
    }

    /// Draws the attributed placeholder on one line from `top`, aligned in `area` as the
    /// plain placeholder is.
    func drawAttributedPlaceholder(_ placeholder: AttributedText, in area: Rect, top: Double, context: GraphicsContext) {
        guard placeholder.length > 0 else { return }
        let size = attributedPlaceholderSize(placeholder)
        let origin = Point(x: area.minX + alignmentOffset(forTextWidth: size.width, in: area), y: top)
        context.draw(placeholder, in: Rect(origin: origin, size: size), attributes: placeholderAttributes)
    }
}

/// A text field's attributed text (UIKit's `attributedText` and `typingAttributes`): runs of
/// fonts, colours and underlines drawn through Pango attributes, kept through editing.
extension TextField {
    /// The text with its runs (UIKit's `attributedText`). Setting it sets `text` to its string
    /// and puts the caret at its end; runs without a font use `font`, without a colour
    /// `textColor`. Setting `text` afterwards makes the text plain again. Reading it for plain
    /// text gives the text in the field's font and colour.
    public var attributedText: AttributedText? {
        get {
            if let attributedTextStorage { return attributedTextStorage }
            return AttributedText(text, attributes: TextRunAttributes(font: font, foregroundColor: textColor))
        }
        set {
            text = newValue?.string ?? ""
            attributedTextStorage = newValue.flatMap { $0.length > 0 ? $0 : nil }
        }
    }

    /// The attributes typed text gets (UIKit's `typingAttributes`): those of the character
    /// before the caret (the first character's at the start, none in an empty field), so
    /// typing inside a bold word types bold. Setting them applies to what is typed next, until
    /// the selection moves (then they are read from the text again, as UIKit resets them).
    public var typingAttributes: TextRunAttributes {
        get {
            if let typingAttributesOverride { return typingAttributesOverride }
            guard let attributedTextStorage, attributedTextStorage.length > 0 else { return TextRunAttributes() }
            let caret = selection.lowerBound
            return attributedTextStorage.attributes(at: caret > 0 ? caret - 1 : 0)
        }
        set {
            if attributedTextStorage == nil { attributedTextStorage = AttributedText(text) }
            typingAttributesOverride = newValue
        }
    }

    /// The one way the characters change: `range` becomes `inserted`, which takes
    /// `typingAttributes` when the text has runs (read before the change, at the caret).
    /// - Complexity: O(text length + runs).
    func replaceCharacters(_ range: Range<Int>, with inserted: [Character]) {
        if var attributed = attributedTextStorage {
            let typed = AttributedText(String(inserted), attributes: typingAttributes)
            attributed.replaceCharacters(in: range, with: typed)
            attributedTextStorage = attributed
        }
        characters.replaceSubrange(range, with: inserted)
    }

    /// The shown line as the engine lays it out: the runs unless the text is secure.
    var textLine: TextLine {
        TextLine(text: displayText, attributed: isSecureTextEntry ? nil : attributedTextStorage, font: font, engine: Drawing.textEngine)
    }
}
