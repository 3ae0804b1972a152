/// The on-screen half of a time limit's warning: a banner at the top of the key window with the
/// spoken words ("30 seconds left, tap to extend"). A tap on it, or the screen reader's
/// double-tap, extends the limit.
@MainActor
public final class TimeLimitWarningView: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { TimeLimitWarningView.self }
    /// The words shown.
    public let label = Label(frame: .zero)
    private unowned let timeLimit: TimeLimit

    init(timeLimit: TimeLimit, text: String) {
        self.timeLimit = timeLimit
        super.init(frame: .zero)
        backgroundColor = Color(red: 0.55, green: 0.1, blue: 0.05)
        label.text = text
        label.textColor = .white
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 24, weight: .bold)
        addSubview(label)
        isAccessibilityElement = true
        accessibilityLabel = text
        accessibilityTraits = .button
    }

    /// Keeps the words centred in the banner.
    public override func layoutSubviews() { label.frame = bounds }

    /// A tap on the banner extends the limit.
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { timeLimit.extend() }

    /// The screen reader's double-tap extends the limit.
    public override func accessibilityActivate() -> Bool {
        timeLimit.extend()
        return true
    }
}
