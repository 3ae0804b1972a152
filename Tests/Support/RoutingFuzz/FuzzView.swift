import ResponderKit

/// The world's views: each reports every touch callback to the `TouchLedger`, may change the world
/// while it is being delivered to (`FuzzWorld.handlerRan`), and either forwards along `next` or
/// ends the walk, as fixed when it was made.
@MainActor
final class FuzzView: View {
    weak var world: FuzzWorld?
    var forwards = true
    var acceptsFocus = false

    override var canBecomeFirstResponder: Bool { acceptsFocus }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        world?.record(.began, touches, at: self)
        if forwards { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        world?.record(.moved, touches, at: self)
        if forwards { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        world?.record(.ended, touches, at: self)
        if forwards { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        world?.record(.cancelled, touches, at: self)
        if forwards { super.touchesCancelled(touches, with: event) }
    }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        world?.handlerRan()
        if forwards { super.pressesBegan(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        world?.handlerRan()
        if forwards { super.pressesEnded(presses, with: event) }
    }
    override func hoverChanged(_ hover: HoverInfo, with event: Event?) {
        world?.handlerRan()
        if forwards { super.hoverChanged(hover, with: event) }
    }
}
