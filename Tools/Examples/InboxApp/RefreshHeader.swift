import ResponderKit

/// The strip above the first message that a pull reveals: "Pull to refresh", "Release to
/// refresh", then "Refreshing…" while new mail is fetched.
public final class RefreshHeader: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { RefreshHeader.self }

    public enum State: Equatable { case pull, release, refreshing }
    public static let height = 60.0
    private let label = Label(frame: .zero)

    public var state: State = .pull {
        didSet {
            guard state != oldValue else { return }
            switch state {
            case .pull: label.text = "Pull to refresh"
            case .release: label.text = "Release to refresh"
            case .refreshing: label.text = "Refreshing…"
            }
        }
    }
    public var isRefreshing: Bool { state == .refreshing }

    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        label.text = "Pull to refresh"
        label.textAlignment = .center
        label.textColor = InboxPalette.refresh
        label.font = .systemFont(ofSize: 15, weight: .medium)
        addSubview(label)
    }

    public override func layoutSubviews() { label.frame = bounds }
}
