import ResponderKit

/// The "Welcome" message after a check-in, which dismisses itself after `duration` seconds on
/// the application's timers (a later version moves this to an alert controller). It is an
/// arranged subview of the list's column: hidden, it takes no room (the stack collapses it).
@MainActor
final class ConfirmationBanner: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { ConfirmationBanner.self }

    let label = Label(frame: .zero)
    /// Seconds the banner stays.
    static let duration = 3.0
    private var timer: TimerQueue.Timer?

    override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = CheckInPalette.confirmation
        layer.cornerRadius = 8
        label.textColor = CheckInPalette.confirmationText
        label.font = .systemFont(ofSize: 16, weight: .semibold)
        label.numberOfLines = 2
        addSubview(label)
        label.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -10),
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 14),
            label.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -14)
        ])
        isHidden = true
    }

    /// Whether the banner is up.
    var isShowing: Bool { !isHidden }

    /// Shows `message` for `duration` seconds (a new message restarts the time). The timer is
    /// `Application.shared`'s, as an app written UIKit's way would use; under a test's
    /// `InputDriver` it fires on the driver's clock.
    func show(_ message: String) {
        label.text = message
        isHidden = false
        timer?.cancel()
        let application = Application.shared
        timer = application.timers.schedule(at: application.clock.now + Self.duration) { [weak self] _ in
            self?.timer = nil
            self?.isHidden = true
        }
    }
}
