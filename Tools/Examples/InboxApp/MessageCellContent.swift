import ResponderKit

/// The sliding part of a message cell, which shows the row pressed. The touches are the table's
/// (`TableViewCell`): inside the list the scroll view's content-touch rules decide whether the
/// row sees a touch at all, as in UIKit (`ScrollView.delaysContentTouches`): a touch that becomes
/// a scroll never presses the row, a touch held still presses it after the 150 ms delay, and a
/// quick tap (began and ended arrive together at the lift) shows the press for
/// `minimumPressDuration` while the row acts at once.
public final class MessageCellContent: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { MessageCellContent.self }

    /// Shown pressed (the pressed background).
    public private(set) var isPressed = false { didSet { updateBackground() } }
    /// Shown selected while its cell is first responder (the edit menu is for it).
    var isSelected = false { didSet { updateBackground() } }

    /// The shortest time a press shows, so a quick tap's press is drawn at all (its began and
    /// ended come in the same turn of the loop, released together by the scroll view's delay).
    public static let minimumPressDuration = 0.1
    /// When the current press began (the application clock), and the timer ending a quick tap's.
    private var pressedAt = 0.0
    private var unpressTimer: TimerQueue.Timer?

    private func updateBackground() { backgroundColor = isPressed || isSelected ? InboxPalette.cellPressed : InboxPalette.cell }

    init() { super.init(frame: .zero) }

    /// The row's highlight began.
    func press() {
        unpressTimer?.cancel()
        unpressTimer = nil
        pressedAt = window?.application.clock.now ?? 0
        isPressed = true
    }

    /// The row's highlight ended: unpresses now, or — for a tap whose press has not shown
    /// `minimumPressDuration` yet — when it has (one timer, on the application's queue).
    func release() {
        unpressTimer?.cancel()
        unpressTimer = nil
        guard isPressed, let application = window?.application else {
            isPressed = false
            return
        }
        let until = pressedAt + Self.minimumPressDuration
        guard application.clock.now < until else {
            isPressed = false
            return
        }
        unpressTimer = application.timers.schedule(at: until) { [weak self] _ in
            self?.isPressed = false
            self?.unpressTimer = nil
        }
    }

    /// Back to unpressed and unselected at once (a reused cell).
    func reset() {
        unpressTimer?.cancel()
        unpressTimer = nil
        isPressed = false
        isSelected = false
    }
}
