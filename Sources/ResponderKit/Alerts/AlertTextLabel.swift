/// The title or message of an alert: a wrapping label whose intrinsic height is measured at the
/// width its card gives it (`wrapWidth`), so Auto Layout sizes the card to the wrapped text (the
/// layout engine asks a label its size before it knows its width).
@MainActor
final class AlertTextLabel: Label {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { AlertTextLabel.self }

    /// The width the text wraps at; nil: unwrapped.
    var wrapWidth: Double? { didSet { if oldValue != wrapWidth { invalidateIntrinsicContentSize() } } }

    override init(frame: Rect) {
        super.init(frame: frame)
        numberOfLines = 0
        lineBreakMode = .byWordWrapping
        textAlignment = .center
    }

    /// The text wrapped at `wrapWidth`.
    override var intrinsicContentSize: Size { sizeThatFits(Size(width: wrapWidth ?? .infinity, height: .infinity)) }
}
