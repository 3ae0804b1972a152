/// How a text field lays out and draws its text (through `Drawing.textEngine`, so the caret sits
/// exactly between the glyphs Pango draws).
extension TextField {
    /// The caret's width in points (UIKit's).
    public static let caretWidth = 2.0
    /// The placeholder's colour: a 70 % grey in light appearance, UIKit's `placeholderText` in
    /// dark. The caret and the selection are drawn in the inherited `tintColor`.
    public static let placeholderColor = Color(light: Color(white: 0.7), dark: .placeholderText)
    /// The rounded style's border colour.
    public static let roundedBorderColor = Color(light: Color(white: 0.8), dark: .opaqueSeparator)
    /// The rounded style's corner radius.
    public static let roundedCornerRadius = 5.0
    /// The clear button's diameter and its gap to the text (UIKit's 19 pt circle).
    public static let clearButtonSize = 19.0
    /// The gap in points between the text and the clear button.
    public static let clearButtonGap = 6.0
    /// The thickness of the line under marked (preedit) text, in points.
    public static let markedTextUnderline = 1.0
    /// What secure text shows per character.
    public static let secureBullet: Character = "\u{2022}"

    /// Draws the border style, the selection, the text (or bullets, or the placeholder) with the
    /// marked text underlined, the caret and the clear button (`draw(_:)`).
    func drawField(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        switch borderStyle {
        case .none: break
        case .line:
            context.setStrokeColor(.label)
            context.setLineWidth(1)
            context.stroke(bounds.insetBy(dx: 0.5, dy: 0.5))
        case .roundedRect:
            context.setFillColor(.tertiarySystemBackground)
            context.fill(BezierPath(roundedRect: bounds, cornerRadius: TextField.roundedCornerRadius))
            context.setStrokeColor(TextField.roundedBorderColor)
            context.setLineWidth(1)
            context.stroke(BezierPath(roundedRect: bounds.insetBy(dx: 0.5, dy: 0.5), cornerRadius: TextField.roundedCornerRadius - 0.5))
        }
        if isClearButtonVisible { drawClearButton(in: context) }

        scrollCaretToVisible()
        let area = textRect(forBounds: bounds)
        guard area.width > 0, area.height > 0 else { return }
        let engine = Drawing.textEngine
        let lineHeight = engine.lineHeight(of: font)
        let top = area.minY + ((area.height - lineHeight) / 2).rounded()
        let shown = displayText
        let line = textLine
        let editing = isFirstResponder
        context.saveGState()
        context.clip(to: area)
        if shown.isEmpty {
            if let attributed = attributedPlaceholderStorage {
                drawAttributedPlaceholder(attributed, in: area, top: top, context: context)
            } else if let placeholder, !placeholder.isEmpty {
                var attributes = textAttributes
                attributes.color = TextField.placeholderColor
                let width = engine.size(of: placeholder, attributes: attributes, width: nil).width
                context.draw(placeholder, at: Point(x: area.minX + alignmentOffset(forTextWidth: width, in: area), y: top), attributes: attributes)
            }
        } else {
            let range = selectedRange
            let origin = area.minX + alignmentOffset(in: area) - textScrollOffset
            if editing, !range.isEmpty {
                // In mixed-direction text a logical range is several pieces on screen.
                context.setFillColor(tintColor.withAlphaComponent(tintColor.alpha * 0.25))
                for span in line.spans(of: range) {
                    context.fill(Rect(x: origin + span.lowerBound, y: top, width: span.upperBound - span.lowerBound, height: lineHeight))
                }
            }
            if let attributed = line.attributed {
                // Runs in their fonts and colours (Pango attributes), on the layout the caret
                // is measured on; runs without a font or colour take the field's. A run in a
                // larger font makes the line taller: it is centred in the text area as a whole.
                let height = engine.measure(attributed, attributes: textAttributes, width: nil).height
                let y = area.minY + ((area.height - height) / 2).rounded()
                let size = Size(width: line.width + TextField.caretWidth, height: max(height, area.height))
                context.draw(attributed, in: Rect(origin: Point(x: origin, y: y), size: size), attributes: textAttributes)
            } else {
                context.draw(shown, at: Point(x: origin, y: top), attributes: textAttributes)
            }
            if editing, let marked = markedRange, !marked.isEmpty {
                // An input method's marked (preedit) text: underlined in the text colour, on a
                // whole-point row so the line is crisp.
                context.setFillColor(textColor)
                for span in line.spans(of: marked) {
                    context.fill(
                        Rect(
                            x: origin + span.lowerBound, y: (top + lineHeight).rounded(.down) - TextField.markedTextUnderline - 1,
                            width: span.upperBound - span.lowerBound, height: TextField.markedTextUnderline))
                }
            }
        }
        if editing, selectedRange.isEmpty {
            context.setFillColor(tintColor)
            context.fill(caretRect(at: selectedRange.lowerBound))
        }
        context.restoreGState()
    }

    /// A grey circle with a white cross.
    private func drawClearButton(in context: GraphicsContext) {
        let r = clearButtonRect(forBounds: bounds)
        context.setFillColor(Color(white: 0.7))
        context.fillEllipse(in: r)
        let cross = BezierPath()
        let d = r.width * 0.25
        cross.move(to: Point(x: r.midX - d, y: r.midY - d))
        cross.addLine(to: Point(x: r.midX + d, y: r.midY + d))
        cross.move(to: Point(x: r.midX + d, y: r.midY - d))
        cross.addLine(to: Point(x: r.midX - d, y: r.midY + d))
        context.setStrokeColor(.white)
        context.setLineWidth(1.5)
        context.stroke(cross)
    }

    /// The text (or, when empty, the placeholder) on one line plus `textInsets` and the caret,
    /// rounded up to whole points (`sizeThatFits(_:)`).
    /// - Complexity: O(1) for text measured before, else O(text length).
    func fittingSize() -> Size {
        let engine = Drawing.textEngine
        let shown = characters.isEmpty ? (placeholder ?? "") : displayText
        var width = shown.isEmpty ? 0 : engine.size(of: shown, attributes: textAttributes, width: nil).width
        if !characters.isEmpty, let attributed = textLine.attributed { width = engine.measure(attributed, attributes: textAttributes, width: nil).width }
        if characters.isEmpty, let attributed = attributedPlaceholderStorage { width = attributedPlaceholderSize(attributed).width }
        let insets = textInsets
        return Size(
            width: (width + TextField.caretWidth + insets.left + insets.right).rounded(.up),
            height: (engine.lineHeight(of: font) + insets.top + insets.bottom).rounded(.up))
    }

    /// What is drawn and measured: the text, or one bullet per character when secure.
    public var displayText: String {
        isSecureTextEntry ? String(repeating: TextField.secureBullet, count: characters.count) : text
    }

    /// The space between the bounds and the text for the border style (the rounded style's
    /// gives a 17 pt field UIKit's 34 pt height).
    public var textInsets: EdgeInsets {
        switch borderStyle {
        case .none: return .zero
        case .line: return EdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
        case .roundedRect: return EdgeInsets(top: 7, left: 7, bottom: 7, right: 7)
        }
    }

    /// Whether the clear button shows now (`clearButtonMode`, and never for an empty text).
    public var isClearButtonVisible: Bool {
        guard !characters.isEmpty else { return false }
        switch clearButtonMode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    /// Where the clear button goes (UIKit's `clearButtonRect(forBounds:)`): a circle at the right
    /// end of the text area, vertically centred.
    public func clearButtonRect(forBounds bounds: Rect) -> Rect {
        let r = bounds.inset(by: textInsets)
        let size = TextField.clearButtonSize
        return Rect(x: r.maxX - size, y: (r.midY - size / 2).rounded(), width: size, height: size)
    }

    /// Where the text goes (UIKit's `textRect(forBounds:)`): the bounds inside `textInsets`, less
    /// the clear button while it shows.
    public func textRect(forBounds bounds: Rect) -> Rect {
        var r = bounds.inset(by: textInsets)
        if isClearButtonVisible { r.size.width -= TextField.clearButtonSize + TextField.clearButtonGap }
        return Rect(x: r.minX, y: r.minY, width: max(0, r.width), height: max(0, r.height))
    }

    var textAttributes: TextAttributes {
        TextAttributes(font: font, color: textColor, alignment: .left, lineBreakMode: .byClipping, numberOfLines: 1)
    }

    /// How far `textAlignment` moves a line `width` wide inside `area` (0 when it does not fit);
    /// `.natural` is right in right-to-left layout.
    func alignmentOffset(forTextWidth width: Double, in area: Rect) -> Double {
        let free = area.width - TextField.caretWidth - width
        guard free > 0 else { return 0 }
        switch textAlignment.resolved(for: effectiveUserInterfaceLayoutDirection) {
        case .center: return (free / 2).rounded()
        case .right: return free
        case .left, .natural, .justified: return 0
        }
    }

    /// The alignment offset of the shown text.
    func alignmentOffset(in area: Rect) -> Double {
        let alignment = textAlignment.resolved(for: effectiveUserInterfaceLayoutDirection)
        guard alignment == .center || alignment == .right else { return 0 }
        // The line's width is its widest caret offset: at the end of left-to-right text, at the
        // start of right-to-left text (Pango places carets visually).
        return alignmentOffset(forTextWidth: textLine.width, in: area)
    }

    /// The caret before character `index` (clamped to the text), in the field's bounds
    /// coordinates: `caretWidth` wide, one line high, with the alignment and scrolling applied.
    /// - Complexity: O(index) plus the text's layout (cached by the engine).
    public func caretRect(at index: Int) -> Rect {
        let area = textRect(forBounds: bounds)
        let engine = Drawing.textEngine
        let lineHeight = engine.lineHeight(of: font)
        let x = area.minX + alignmentOffset(in: area) + textLine.caretOffset(at: index) - textScrollOffset
        return Rect(x: x, y: area.minY + ((area.height - lineHeight) / 2).rounded(), width: TextField.caretWidth, height: lineHeight)
    }

    /// The character boundary nearest to `point` (bounds coordinates; UIKit's
    /// `closestPosition(to:)`), from 0 (before the first character) to `text.count`.
    /// - Complexity: O(text length) plus the text's layout (cached by the engine).
    public func characterIndex(closestTo point: Point) -> Int {
        let area = textRect(forBounds: bounds)
        let x = point.x - area.minX - alignmentOffset(in: area) + textScrollOffset
        return textLine.characterIndex(nearestTo: x)
    }

    /// Scrolls the text so the caret (the moving end of the selection) is inside the text area,
    /// moving it as little as possible, never past the end of the text; none when not editing.
    /// - Complexity: O(text length) plus the text's layout (cached by the engine).
    func scrollCaretToVisible() {
        let available = textRect(forBounds: bounds).width - TextField.caretWidth
        let current = displayText
        guard isFirstResponder, !current.isEmpty, available > 0 else { textScrollOffset = 0; return }
        let line = textLine
        let fullWidth = line.width  // the start of right-to-left text is its right end
        guard fullWidth > available else { textScrollOffset = 0; return }
        let range = selectedRange
        let caret = line.caretOffset(at: range.isEmpty ? range.lowerBound : selectionFocus)
        var offset = textScrollOffset.isFinite ? textScrollOffset : 0
        if caret - offset > available { offset = caret - available }
        if caret - offset < 0 { offset = caret }
        textScrollOffset = min(max(0, offset), fullWidth - available)
    }
}
