/// How the built-in keyboard looks (UIKit's light keyboard): a grey tray, white letter keys,
/// darker function keys, a white shift key while shift is on, labels in the system font.
extension KeyboardView {
    func drawKeys(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        for key in keys where key.frame.intersects(rect) && key.kind != .spacer {
            let isFunction: Bool
            switch key.kind {
            case .text, .space: isFunction = false
            case .shift: isFunction = shiftState == .off
            default: isFunction = true
            }
            context.setFillColor(Color(white: 0.55, alpha: 0.5))
            context.fill(BezierPath(roundedRect: key.frame.offsetBy(dx: 0, dy: 1), cornerRadius: 5))
            context.setFillColor(isFunction ? Self.functionGray : .white)
            context.fill(BezierPath(roundedRect: key.frame, cornerRadius: 5))
            let size: Double
            switch key.kind {
            case .text: size = 22
            case .shift, .backspace: size = 20
            default: size = 16
            }
            let font = Font.systemFont(ofSize: size)
            let attributes = TextAttributes(font: font, color: .black, alignment: .center, lineBreakMode: .byClipping, numberOfLines: 1)
            let lineHeight = Drawing.textEngine.lineHeight(of: font)
            let labelRect = Rect(x: key.frame.minX, y: key.frame.midY - lineHeight / 2, width: key.frame.width, height: lineHeight)
            context.draw(key.label, in: labelRect, attributes: attributes)
        }
    }

    static let functionGray = Color(red: 0.67, green: 0.69, blue: 0.73)
}

/// The enlarged key shown above a finger on a key (UIKit's key preview).
@MainActor
final class KeyPreviewView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { KeyPreviewView.self }

    var label = "" { didSet { if oldValue != label { setNeedsDisplay() } } }

    override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    convenience init() { self.init(frame: .zero) }

    override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current else { return }
        context.setFillColor(Color(white: 0.4, alpha: 0.5))
        context.fill(BezierPath(roundedRect: bounds.offsetBy(dx: 0, dy: 1), cornerRadius: 8))
        context.setFillColor(.white)
        context.fill(BezierPath(roundedRect: bounds, cornerRadius: 8))
        let font = Font.systemFont(ofSize: 32)
        let lineHeight = Drawing.textEngine.lineHeight(of: font)
        context.draw(
            label, in: Rect(x: 0, y: (bounds.height - lineHeight) / 2, width: bounds.width, height: lineHeight),
            attributes: TextAttributes(font: font, color: .black, alignment: .center, lineBreakMode: .byClipping, numberOfLines: 1))
    }
}

/// The row of accented variants a long press opens; the selected one is highlighted.
@MainActor
final class KeyVariantsView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { KeyVariantsView.self }

    var variants: [String] = [] { didSet { if oldValue != variants { setNeedsDisplay() } } }
    var selectedIndex: Int? { didSet { if oldValue != selectedIndex { setNeedsDisplay() } } }

    override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    convenience init() { self.init(frame: .zero) }

    /// The variant under `point` (this view's coordinates), clamped to the ends; nil well above
    /// or below the row.
    func variantIndex(at point: Point) -> Int? {
        guard !variants.isEmpty, point.y > -bounds.height, point.y < bounds.height * 2 else { return nil }
        let cell = bounds.width / Double(variants.count)
        return Int.clamped(point.x / cell, rounding: .down, to: 0...(variants.count - 1))
    }

    override func draw(_ rect: Rect) {
        guard let context = GraphicsContext.current, !variants.isEmpty else { return }
        context.setFillColor(Color(white: 0.4, alpha: 0.5))
        context.fill(BezierPath(roundedRect: bounds.offsetBy(dx: 0, dy: 1), cornerRadius: 8))
        context.setFillColor(.white)
        context.fill(BezierPath(roundedRect: bounds, cornerRadius: 8))
        let cell = bounds.width / Double(variants.count)
        let font = Font.systemFont(ofSize: 24)
        let lineHeight = Drawing.textEngine.lineHeight(of: font)
        for (i, variant) in variants.enumerated() {
            let box = Rect(x: Double(i) * cell, y: 0, width: cell, height: bounds.height)
            let selected = i == selectedIndex
            if selected {
                context.setFillColor(.systemBlue)
                context.fill(BezierPath(roundedRect: box.insetBy(dx: 3, dy: 3), cornerRadius: 6))
            }
            context.draw(
                variant, in: Rect(x: box.minX, y: (bounds.height - lineHeight) / 2, width: cell, height: lineHeight),
                attributes: TextAttributes(
                    font: font, color: selected ? .white : .black, alignment: .center,
                    lineBreakMode: .byClipping, numberOfLines: 1))
        }
    }
}
