import ResponderKit

/// A button (the control's own tracking runs) whose touches the ledger checks.
@MainActor
final class FuzzButton: Button {
    weak var world: FuzzWorld?
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        world?.record(.began, touches, at: self)
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        world?.record(.moved, touches, at: self)
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        world?.record(.ended, touches, at: self)
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        world?.record(.cancelled, touches, at: self)
        super.touchesCancelled(touches, with: event)
    }
}
