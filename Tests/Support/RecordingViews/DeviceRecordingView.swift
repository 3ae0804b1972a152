import ResponderKit

/// A view that records what real devices (libinput, a Wayland seat) delivered to it, as short
/// strings: "began X,Y" (the touch in the view's coordinates, truncated), "moved", "ended",
/// "cancelled", "press C", "release C", "cancel C". It can become first responder, so keys reach it.
@MainActor
public final class DeviceRecordingView: View {
    /// Declares the standard hit-testing rule (no `hitTest`/`point(inside:)` override), as the plain
    /// app views it stands for would: the index answers for it from geometry.
    public override class var standardHitTestingClass: View.Type { DeviceRecordingView.self }

    public private(set) var log: [String] = []
    /// Every touch that began here, its type, location (in this view) and major radius.
    public private(set) var began: [Touch] = []
    public private(set) var touchTypes: [Touch.TouchType] = []
    public private(set) var locations: [Point] = []
    public private(set) var radii: [Double] = []

    public override var canBecomeFirstResponder: Bool { true }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for t in touches {
            let p = t.location(in: self)
            log.append("began \(Int(p.x)),\(Int(p.y))")
            began.append(t)
            touchTypes.append(t.type)
            locations.append(p)
            radii.append(t.majorRadius)
        }
    }
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { for _ in touches { log.append("moved") } }
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { for _ in touches { log.append("ended") } }
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { for _ in touches { log.append("cancelled") } }
    public override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        for p in presses { log.append("press \(p.key?.characters ?? "?")") }
    }
    public override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        for p in presses { log.append("release \(p.key?.characters ?? "?")") }
    }
    public override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        for p in presses { log.append("cancel \(p.key?.characters ?? "?")") }
    }

    /// The touch phases in order, without locations ("began", "moved", "ended", "cancelled").
    public var touchPhases: [String] {
        log.compactMap { entry in
            let word = String(entry.prefix { $0 != " " })
            return ["began", "moved", "ended", "cancelled"].contains(word) ? word : nil
        }
    }

    /// How many entries start with `prefix` ("began" counts every touch that began).
    public func count(_ prefix: String) -> Int { log.filter { $0.hasPrefix(prefix) }.count }
}
