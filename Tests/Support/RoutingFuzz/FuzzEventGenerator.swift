import ResponderKit
import SeededGenerators

/// Generates hostile but plausible input from a seed: mostly well-formed touch frames, keys and
/// pointer use, mixed with what broken devices and drivers send — unknown and reused touch ids,
/// motion and up without down, duplicate downs, cancels anywhere, frames out of order or missing,
/// NaN / ±infinity / huge coordinates, timestamps going backwards, keys released twice, unknown
/// key codes, input for windows that closed, devices vanishing mid-gesture.
public struct FuzzEventGenerator {
    private var rng: SplitMix64
    /// Slots currently down per device as the generator believes (so most input is sensible).
    private var down: [Int: Set<Int>] = [:]
    private var heldKeys: [Int: Set<Int>] = [:]

    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    public mutating func next() -> FuzzEvent {
        let device = rng.chance(0.85) ? 1 : rng.int(0...3)
        let window: Int? = rng.chance(0.8) ? rng.int(0...7) : nil
        return FuzzEvent(kind: kind(device: device), time: time(), device: device, window: window)
    }

    private mutating func time() -> FuzzEvent.Time {
        switch rng.int(0...99) {
        case 0: return .nan
        case 1: return .infinity
        case 2...4: return .backwards(rng.pick([0.001, 0.5, 10, 1e9]))
        case 5...60: return .advance(0)
        default: return .advance(rng.pick([0.001, 0.008, 0.016, 0.2, 0.4, 2]))
        }
    }

    private mutating func location() -> Point {
        switch rng.int(0...49) {
        case 0: return Point(x: .nan, y: 10)
        case 1: return Point(x: 10, y: -.infinity)
        case 2: return Point(x: .infinity, y: .nan)
        case 3: return Point(x: 1e300, y: -1e300)
        case 4: return Point(x: -0.0, y: .leastNonzeroMagnitude)
        case 5: return Point(x: Double(Int32.max), y: -Double(Int32.max))
        default: return Point(x: rng.unit() * 440 - 20, y: rng.unit() * 340 - 20)
        }
    }

    private mutating func slot(device: Int, preferDown: Bool) -> Int {
        if preferDown, let open = down[device], !open.isEmpty, rng.chance(0.85) { return rng.pick(Array(open).sorted()) }
        switch rng.int(0...29) {
        case 0: return Int.max
        case 1: return Int.min
        case 2: return -1  // the slot the core uses for pointer touches
        case 3: return rng.int(1000...100_000)
        default: return rng.int(0...5)
        }
    }

    private mutating func kind(device: Int) -> InputEvent.Kind {
        switch rng.int(0...99) {
        case 0...13:
            let s = slot(device: device, preferDown: rng.chance(0.1))  // sometimes a duplicate down
            down[device, default: []].insert(s)
            return .touchDown(slot: s, location: location(), majorRadius: rng.chance(0.2) ? rng.pick([0, 3, .nan, -1, 1e9]) : nil)
        case 14...35:
            return .touchMotion(
                slot: slot(device: device, preferDown: true), location: location(),
                majorRadius: rng.chance(0.1) ? rng.pick([2, .infinity]) : nil)
        case 36...47:
            let s = slot(device: device, preferDown: true)
            down[device]?.remove(s)
            return .touchUp(slot: s)
        case 48...50:
            if rng.chance(0.5) { down[device] = nil; return .touchCancel(slot: nil) }
            let s = slot(device: device, preferDown: true)
            down[device]?.remove(s)
            return .touchCancel(slot: s)
        case 51...68: return .touchFrame
        case 69...73: return .pointerMotion(location: location())
        case 74...77:
            return .pointerButton(
                button: rng.pick([PointerButton.left, PointerButton.left, PointerButton.right, 0, -5]),
                pressed: rng.chance(0.55))
        case 78: return .pointerLeave
        case 79: return .scroll(ScrollInfo(dx: rng.pick([0, 1, .nan]), dy: rng.pick([-3, 15, .infinity]), source: .wheel))
        case 80...89:
            let held = heldKeys[device] ?? []
            let code: Int
            if !held.isEmpty, rng.chance(0.5) {
                code = rng.pick(Array(held).sorted())
            } else {
                code = rng.pick([
                    30, 31, 48, KeyCode.enter, KeyCode.backspace, KeyCode.leftShift, KeyCode.tab, KeyCode.left,
                    rng.int(0...1000), -7, Int.max
                ])
            }
            let pressed = rng.chance(held.contains(code) ? 0.3 : 0.7)  // releases twice, presses twice
            if pressed { heldKeys[device, default: []].insert(code) } else { heldKeys[device]?.remove(code) }
            let characters = code == 30 ? "a" : code == 31 ? "s" : code == 48 ? "b" : rng.pick(["", "x", "\u{0}", "é"])
            let flags: KeyModifierFlags = rng.chance(0.2) ? [.shift] : rng.chance(0.05) ? [.command, .control] : []
            return .key(Key(keyCode: code, characters: characters, modifierFlags: flags), pressed: pressed, isRepeat: pressed && rng.chance(0.15))
        case 90: return .modifiers(rng.chance(0.5) ? [] : [.shift, .alternate])
        case 91: heldKeys[device] = nil; return .keyboardLeave
        case 92: return .motion(.motionShake, phase: rng.pick([.began, .ended, .cancelled]))
        case 93: return .remoteControl(rng.pick([.remoteControlPlay, .remoteControlTogglePlayPause, .none]))
        case 94: return .touchpadGesture(TouchpadGesture(kind: .swipe, phase: .began, fingers: rng.int(0...5), dx: .nan))
        case 95:
            // An input method's edit with hostile counts and ranges (no focused text input, a
            // preedit cursor outside its text, deletions past both ends).
            let start = rng.int(-3...5)
            let preedit = rng.chance(0.5) ? MarkedText(rng.pick(["", "ka", "\u{0}", "日本"]), selectedRange: start..<(start + rng.int(0...6))) : nil
            return .textInput(
                TextInputChange(
                    commit: rng.chance(0.5) ? rng.pick(["a", "", "é\u{301}", "\u{0}"]) : nil, preedit: preedit,
                    deleteBefore: rng.pick([0, 1, 3, Int.max, -5]), deleteAfter: rng.pick([0, 2, Int.max])))
        case 96:
            return .deviceAdded(
                InputDevice(
                    id: InputDeviceID(rawValue: device), name: "fuzz \(device)",
                    capabilities: [.touch, .pointer, .keyboard]))
        default:
            down[device] = nil
            heldKeys[device] = nil
            return .deviceRemoved(InputDeviceID(rawValue: device))
        }
    }
}
