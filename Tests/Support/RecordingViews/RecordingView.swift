import ResponderKit

/// A view that logs each event method it receives as "Name.method" and then forwards it along
/// `next` by calling `super` — unless `forwards` is false, which is the seed's "override without
/// super" (the chain ends here).
@MainActor
open class RecordingView: View {
    /// Declares the standard hit-testing rule (no `hitTest`/`point(inside:)` override), as the plain
    /// app views it stands for would: the index answers for it from geometry.
    open override class var standardHitTestingClass: View.Type { RecordingView.self }

    public let log: Log
    public var name = ""
    public var forwards = true
    /// The touches of the latest touch callback, and the event it came with.
    public var lastTouches: Set<Touch> = []
    public var lastEvent: Event?
    public var lastHover: HoverInfo?
    public var lastScroll: ScrollInfo?

    public init(_ name: String? = nil, frame: Rect = .zero, log: Log) {
        self.log = log
        super.init(frame: frame)
        self.name = name ?? "\(type(of: self))"
    }

    private func record(_ method: String, _ touches: Set<Touch>, _ event: Event?) {
        log.add("\(name).\(method)")
        lastTouches = touches
        lastEvent = event
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        record("touchesBegan", touches, event)
        if forwards { super.touchesBegan(touches, with: event) }
    }
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        record("touchesMoved", touches, event)
        if forwards { super.touchesMoved(touches, with: event) }
    }
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        record("touchesEnded", touches, event)
        if forwards { super.touchesEnded(touches, with: event) }
    }
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        record("touchesCancelled", touches, event)
        if forwards { super.touchesCancelled(touches, with: event) }
    }
    open override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        log.add("\(name).pressesBegan")
        if forwards { super.pressesBegan(presses, with: event) }
    }
    open override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        log.add("\(name).pressesEnded")
        if forwards { super.pressesEnded(presses, with: event) }
    }
    open override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        log.add("\(name).pressesCancelled")
        if forwards { super.pressesCancelled(presses, with: event) }
    }
    open override func motionBegan(_ motion: Event.EventSubtype, with event: Event?) {
        log.add("\(name).motionBegan")
        if forwards { super.motionBegan(motion, with: event) }
    }
    open override func motionEnded(_ motion: Event.EventSubtype, with event: Event?) {
        log.add("\(name).motionEnded")
        if forwards { super.motionEnded(motion, with: event) }
    }
    open override func remoteControlReceived(with event: Event?) {
        log.add("\(name).remoteControlReceived")
        if forwards { super.remoteControlReceived(with: event) }
    }
    open override func hoverChanged(_ hover: HoverInfo, with event: Event?) {
        log.add("\(name).hover.\(hover.phase)")
        lastHover = hover
        if forwards { super.hoverChanged(hover, with: event) }
    }
    open override func scrollWheel(_ scroll: ScrollInfo, with event: Event?) {
        log.add("\(name).scrollWheel")
        lastScroll = scroll
        if forwards { super.scrollWheel(scroll, with: event) }
    }
}
