import ResponderKit

/// A view whose touch area is larger than its bounds (it answers `point(inside:)` itself, so the
/// hit index treats it as a delegate).
@MainActor
final class EnlargedFuzzView: View {
    weak var world: FuzzWorld?
    override func point(inside point: Point, with event: Event?) -> Bool {
        bounds.insetBy(dx: -8, dy: -8).contains(point)
    }
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
