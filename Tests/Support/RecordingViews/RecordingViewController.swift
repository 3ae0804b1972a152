import ResponderKit

/// A view controller that logs the touch and key callbacks that reach it along the chain.
@MainActor
open class RecordingViewController: ViewController {
    public let log: Log
    public var name = ""
    public var forwards = true

    public init(log: Log) {
        self.log = log
        super.init()
        name = "\(type(of: self))"
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name).touchesBegan")
        if forwards { super.touchesBegan(touches, with: event) }
    }
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name).touchesEnded")
        if forwards { super.touchesEnded(touches, with: event) }
    }
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name).touchesCancelled")
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
}
