import ResponderKit

/// The sliding part of a message cell. A plain view that handles its own touches, as a table
/// view cell does: pressed while a finger is on it, "tapped" when the finger lifts inside. Inside
/// the list, the scroll view's content-touch rules decide whether it sees a touch at all (a drag
/// that turns into a scroll cancels it).
public final class MessageCellContent: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { MessageCellContent.self }

    /// What a tap does (set by the cell).
    var onTap: () -> Void = {}
    private(set) var isPressed = false { didSet { updateBackground() } }
    /// Shown selected while its cell is first responder (the edit menu is for it).
    var isSelected = false { didSet { updateBackground() } }

    private func updateBackground() { backgroundColor = isPressed || isSelected ? InboxPalette.cellPressed : InboxPalette.cell }

    init() { super.init(frame: .zero) }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { isPressed = true }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        isPressed = bounds.contains(touch.location(in: self))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        let inside = touches.first.map { bounds.contains($0.location(in: self)) } ?? false
        isPressed = false
        if inside { onTap() }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { isPressed = false }
}
