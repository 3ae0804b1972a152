/// Read-only text (UIKit's `UILabel`). Like UIKit's, it ignores touches by default
/// (`isUserInteractionEnabled` is false), so taps fall through to what is behind it.
@MainActor
open class Label: View {
    public enum Alignment: Sendable { case left, center, right }

    public var text: String? { didSet { setNeedsDisplay() } }
    public var textColor: Color = .black { didSet { setNeedsDisplay() } }
    public var fontSize: Double = 17 { didSet { setNeedsDisplay() } }
    public var textAlignment: Alignment = .left { didSet { setNeedsDisplay() } }

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}
