import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// Prints one line per routed `InputEvent` with the hit view and the responder chain it travelled
/// (collected from `ChainTrace.observer` while the event was routed), keeps the summary counts and
/// the latency samples (kernel event time → after routing).
@MainActor
final class TracePrinter {
    var deviceNames: [InputDeviceID: String] = [:]
    var measureLatency = false
    private var steps: [ChainTrace.Step] = []
    private var openSlots: [InputDeviceID: Set<Int>] = [:]
    private(set) var downs = 0, motions = 0, ups = 0, cancels = 0, keys = 0, buttons = 0
    /// Touch downs and motions libinput delivered at a non-finite location, which the core drops
    /// (they are not counted as downs or motions).
    private(set) var droppedDowns = 0, droppedMotions = 0
    /// Every input event libinput delivered, device hotplug aside.
    private(set) var delivered = 0
    private(set) var latencies: [Double] = []
    private let clock = MonotonicClock()

    func install(on application: Application) {
        ChainTrace.observer = { [unowned self] step in steps.append(step) }
        application.addInputObserver { [unowned self] event in self.routed(event) }
    }

    private func routed(_ event: InputEvent) {
        let now = clock.now
        defer { steps.removeAll(keepingCapacity: true) }
        count(event)
        var line = "\(fixed(event.timestamp, 6)) \(deviceLabel(event.device)) \(describe(event.kind))"
        if let chain = chainText() { line += "  " + chain }
        print(line)
        if measureLatency, hasKernelTime(event.kind) { latencies.append(now - event.timestamp) }
    }

    private func count(_ event: InputEvent) {
        switch event.kind {
        case .deviceAdded, .deviceRemoved: break
        default: delivered += 1
        }
        switch event.kind {
        case let .touchDown(_, location, _) where !location.isFinite: droppedDowns += 1
        case let .touchMotion(_, location, _) where !location.isFinite: droppedMotions += 1
        case let .touchDown(slot, _, _): downs += 1; openSlots[event.device, default: []].insert(slot)
        case .touchMotion: motions += 1
        case let .touchUp(slot): if openSlots[event.device]?.remove(slot) != nil { ups += 1 }
        case let .touchCancel(slot):
            if let slot {
                if openSlots[event.device]?.remove(slot) != nil { cancels += 1 }
            } else {
                cancels += openSlots[event.device]?.count ?? 0; openSlots[event.device] = []
            }
        case .deviceRemoved(let id):
            cancels += openSlots[id]?.count ?? 0
            openSlots[id] = nil
        case let .key(_, pressed, isRepeat): if pressed && !isRepeat { keys += 1 }
        case let .pointerButton(_, pressed): if pressed { buttons += 1 }
        case .deviceAdded(let device): deviceNames[device.id] = device.name
        default: break
        }
    }

    var summary: String {
        let dropped = droppedDowns + droppedMotions
        return "touches: \(downs) down, \(motions) motion, \(ups) up, \(cancels) cancelled; keys: \(keys); buttons: \(buttons)"
            + (dropped > 0 ? "; dropped at a non-finite location: \(droppedDowns) down, \(droppedMotions) motion" : "")
    }

    /// A histogram of kernel event time → routed, in milliseconds.
    var latencyReport: String {
        guard !latencies.isEmpty else { return "latency: no timed events" }
        let sorted = latencies.sorted()
        func pct(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000 }
        let edges = [0.1, 0.25, 0.5, 1, 2, 5, 10, 50]
        var lines = [
            "latency (kernel event time → routed), \(sorted.count) events: p50 \(fixed(pct(0.5), 3)) ms, p99 \(fixed(pct(0.99), 3)) ms, max \(fixed(sorted.last! * 1000, 3)) ms"
        ]
        var lower = 0.0
        for edge in edges + [Double.infinity] {
            let n = sorted.filter { $0 * 1000 >= lower && $0 * 1000 < edge }.count
            let label = edge.isFinite ? "< \(fixed(edge, 2)) ms" : ">= \(fixed(lower, 2)) ms"
            let bar = String(repeating: "#", count: Int((Double(n) / Double(sorted.count) * 50).rounded(.up)))
            lines.append("  \(label.padding(12)) \(String(n).padding(6)) \(bar)")
            lower = edge
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Formatting

    private func deviceLabel(_ id: InputDeviceID) -> String {
        "[\(deviceNames[id].map { "\(id.rawValue) \($0)" } ?? "\(id.rawValue)")]"
    }

    private func describe(_ kind: InputEvent.Kind) -> String {
        switch kind {
        case let .touchDown(slot, p, _): return "touch-down slot \(slot) \(point(p))"
        case let .touchMotion(slot, p, _): return "touch-motion slot \(slot) \(point(p))"
        case let .touchUp(slot): return "touch-up slot \(slot)"
        case let .touchCancel(slot): return "touch-cancel slot \(slot.map(String.init) ?? "all")"
        case .touchFrame: return "touch-frame"
        case let .pointerMotion(p): return "pointer-motion \(point(p))"
        case let .pointerButton(button, pressed): return "pointer-button \(button) \(pressed ? "pressed" : "released")"
        case .pointerLeave: return "pointer-leave"
        case let .scroll(info):
            return
                "scroll \(info.source) dx \(fixed(info.dx, 2)) dy \(fixed(info.dy, 2)) v120 \(info.value120X),\(info.value120Y) \(point(info.locationInWindow))"
        case let .key(key, pressed, isRepeat):
            return "key \(key.keyCode) \(pressed ? (isRepeat ? "repeat" : "pressed") : "released") \(key.characters.debugDescription) \(key.modifierFlags)"
        case let .modifiers(flags): return "modifiers \(flags)"
        case .keyboardLeave: return "keyboard-leave"
        case let .motion(subtype, phase): return "motion \(subtype) \(phase)"
        case let .remoteControl(subtype): return "remote-control \(subtype)"
        case let .touchpadGesture(g):
            return "gesture \(g.kind) \(g.phase) fingers \(g.fingers) d \(fixed(g.dx, 2)),\(fixed(g.dy, 2)) scale \(fixed(g.scale, 3))"
        case let .textInput(change): return "text-input \(change)"
        case let .deviceAdded(device): return "device-added \"\(device.name)\" \(capabilities(device.capabilities))"
        case .deviceRemoved: return "device-removed"
        case let .switchToggled(inputSwitch, isOn): return "switch \(inputSwitch.rawValue) \(isOn ? "on" : "off")"
        }
    }

    /// "hit View#3 chain View#3 > Window > Application", from the walk steps of this event.
    private func chainText() -> String? {
        guard !steps.isEmpty else { return nil }
        var walks: [[Responder]] = []
        for step in steps {
            switch step {
            case .start(let r): walks.append([r])
            case .forward(_, let to): if walks.isEmpty { walks.append([to]) } else { walks[walks.count - 1].append(to) }
            }
        }
        return walks.map { walk in
            "hit \(name(walk[0])) chain " + walk.map(name).joined(separator: " > ")
        }.joined(separator: "; ")
    }

    private func name(_ r: Responder) -> String {
        let type = String(describing: Swift.type(of: r))
        if let view = r as? View, !(view is Window), view.tag != 0 || view.superview is Window { return "\(type)#\(view.tag)" }
        return type
    }

    private func capabilities(_ c: InputDevice.Capabilities) -> String {
        var names: [String] = []
        if c.contains(.touch) { names.append("touch") }
        if c.contains(.pointer) { names.append("pointer") }
        if c.contains(.keyboard) { names.append("keyboard") }
        if c.contains(.touchpadGestures) { names.append("gestures") }
        return "[" + names.joined(separator: ",") + "]"
    }

    private func hasKernelTime(_ kind: InputEvent.Kind) -> Bool {
        switch kind {
        case .deviceAdded, .deviceRemoved, .textInput: return false  // text input: stamped when the input method was done
        default: return true
        }
    }

    private func point(_ p: Point) -> String { "(\(fixed(p.x, 1)), \(fixed(p.y, 1)))" }
}

/// `value` with `digits` decimals (no Foundation).
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    let whole = Int(rounded / scale)
    var frac = String(Int(rounded.truncatingRemainder(dividingBy: scale)))
    while frac.count < digits { frac = "0" + frac }
    return (value < 0 && rounded > 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + frac : "")
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
