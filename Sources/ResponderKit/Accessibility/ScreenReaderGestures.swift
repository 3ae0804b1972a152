/// The screen reader's touch mode: VoiceOver's gestures recognized from raw touch events before
/// any window sees them (`Application.handle` asks `ScreenReader.intercepts(_:)` first).
///
/// A finger that goes down while the reader is off belongs to the app to its end, and one that
/// goes down while it runs belongs to the reader to its end, so turning it on or off mid-gesture
/// never leaves a touch open in a window. While off, only the three-finger triple tap (which
/// turns it on) is watched; those taps still reach the app.
@MainActor
final class ScreenReaderGestures {
    /// The device the reader's synthesized taps come from.
    static let syntheticDevice = InputDeviceID(rawValue: -0x5352)
    /// A touch that moves less than this (points) and lifts within `tapDuration` is a tap.
    static let tapSlop = 20.0
    /// Seconds a tap may last.
    static let tapDuration = 0.3
    /// A finger held this long (seconds) without being a swipe explores.
    static let exploreDelay = 0.15
    /// How far (points) fingers must travel for a swipe…
    static let swipeDistance = 40.0
    /// …within this many seconds.
    static let swipeDuration = 0.6

    struct Finger {
        var start: Point
        var last: Point
        var startTime: Double
    }
    struct FingerKey: Hashable {
        var device: InputDeviceID
        var slot: Int
    }

    /// True while the reader taps through the routing itself.
    var isSynthesizing = false
    private var fingers: [FingerKey: Finger] = [:]
    private var appFingers: Set<FingerKey> = []
    private var appFrameDirty = false
    /// The current sequence (first finger down to last finger up).
    private var sequenceStart = 0.0
    private var sequenceFingers = 0
    private var sequenceTravel = (dx: 0.0, dy: 0.0)
    private var exploring = false
    /// Whether the sequence began while the reader was off: its fingers are the app's, and only
    /// the triple tap that starts the reader counts.
    private var sequenceBeganOff = false
    private var exploreKey: FingerKey?
    private var exploreTimer: TimerQueue.Timer?
    private var splitTapStart: [FingerKey: Double] = [:]
    /// The taps counted toward a multi-tap: when the last ended, with how many fingers, how many.
    private var lastTap: (time: Double, fingers: Int, count: Int, point: Point)?
    private var singleTapTimer: TimerQueue.Timer?

    /// Whether a gesture waits on the clock: a finger resting before it explores, or a single tap
    /// waiting out the double-tap interval before it focuses.
    var hasPendingTimers: Bool { exploreTimer != nil || singleTapTimer != nil }

    /// Forgets every gesture in progress.
    func reset(application: Application) {
        fingers.removeAll()
        exploring = false
        exploreKey = nil
        exploreTimer?.cancel(); exploreTimer = nil
        singleTapTimer?.cancel(); singleTapTimer = nil
        splitTapStart.removeAll()
        lastTap = nil
    }

    /// Whether the reader takes `input` (the app never sees it). Watches the off-state gesture too.
    /// - Complexity: O(1) per event while off; O(elements) when a gesture completes.
    func intercepts(_ input: InputEvent, reader: ScreenReader) -> Bool {
        if isSynthesizing || input.device == ScreenReaderGestures.syntheticDevice { return false }
        switch input.kind {
        case let .touchDown(slot, location, _):
            let key = FingerKey(device: input.device, slot: slot)
            if !reader.isRunning {
                appFingers.insert(key)
                appFrameDirty = true
                track(down: key, at: location, input: input, reader: reader)
                return false
            }
            track(down: key, at: location, input: input, reader: reader)
            return true
        case let .touchMotion(slot, location, _):
            // The routed-move fast path while off: no finger is the reader's and fewer than three
            // are down, so the move is the app's and no gesture of the reader's can be under way.
            if !reader.isRunning, sequenceFingers < 3, fingers.count == appFingers.count { return false }
            let key = FingerKey(device: input.device, slot: slot)
            moved(key, to: location, input: input, reader: reader)
            return consume(key)
        case let .touchUp(slot):
            let key = FingerKey(device: input.device, slot: slot)
            let consumed = consume(key)
            appFingers.remove(key)
            lifted(key, input: input, reader: reader)
            return consumed
        case let .touchCancel(slot):
            if let slot {
                let key = FingerKey(device: input.device, slot: slot)
                let consumed = consume(key)
                appFingers.remove(key)
                fingers[key] = nil
                if fingers.isEmpty { endSequenceWithoutGesture() }
                return consumed
            }
            appFingers = appFingers.filter { $0.device != input.device }
            fingers = fingers.filter { $0.key.device != input.device }
            if fingers.isEmpty { endSequenceWithoutGesture() }
            return false
        case .touchFrame:
            let wasRunning = reader.isRunning
            let passes = appFrameDirty || !wasRunning
            appFrameDirty = false
            completeSequenceIfEnded(input: input, reader: reader)
            return !passes
        case let .key(key, pressed, _):
            guard let code = reader.toggleKeyCode, key.keyCode == code else { return false }
            if pressed { reader.toggle() }
            return true
        default:
            return false
        }
    }

    /// Whether the reader takes an event of `key`'s finger: not when it went down while off.
    private func consume(_ key: FingerKey) -> Bool {
        if appFingers.contains(key) {
            appFrameDirty = true
            return false
        }
        return fingers[key] != nil
    }

    private func track(down key: FingerKey, at location: Point, input: InputEvent, reader: ScreenReader) {
        let point = screenPoint(location, input, reader)
        let time = input.timestamp
        if fingers.isEmpty {
            sequenceBeganOff = !reader.isRunning
            sequenceStart = time
            sequenceFingers = 0
            sequenceTravel = (0, 0)
        }
        fingers[key] = Finger(start: point, last: point, startTime: time)
        sequenceFingers = max(sequenceFingers, fingers.count)
        guard reader.isRunning else { return }
        if exploring {
            splitTapStart[key] = time
        } else if fingers.count == 1 {
            exploreTimer?.cancel()
            exploreTimer = reader.application.timers.schedule(at: reader.application.clock.now + ScreenReaderGestures.exploreDelay) {
                [unowned self, unowned reader] _ in
                self.exploreTimer = nil
                self.beginExploring(key, reader: reader)
            }
        } else {
            exploreTimer?.cancel(); exploreTimer = nil
        }
    }

    private func moved(_ key: FingerKey, to location: Point, input: InputEvent, reader: ScreenReader) {
        guard var finger = fingers[key] else { return }
        finger.last = screenPoint(location, input, reader)
        fingers[key] = finger
        guard reader.isRunning else { return }
        if exploring, key == exploreKey {
            let node = reader.element(at: finger.last)
            if let node, node !== reader.focusedElement { reader.focus(node) }
        } else if !exploring, fingers.count == 1, sequenceFingers == 1,
            input.timestamp - finger.startTime >= ScreenReaderGestures.exploreDelay,
            distance(finger) < ScreenReaderGestures.swipeDistance
        {
            beginExploring(key, reader: reader)
        }
    }

    private func beginExploring(_ key: FingerKey, reader: ScreenReader) {
        guard reader.isRunning, fingers.count == 1, sequenceFingers == 1, let finger = fingers[key] else { return }
        exploring = true
        exploreKey = key
        singleTapTimer?.cancel(); singleTapTimer = nil
        lastTap = nil
        let node = reader.element(at: finger.last)
        if let node, node !== reader.focusedElement { reader.focus(node) } else if let node { reader.focus(node) }
    }

    private func lifted(_ key: FingerKey, input: InputEvent, reader: ScreenReader) {
        guard let finger = fingers.removeValue(forKey: key) else { return }
        lastLiftedPoint = finger.last
        sequenceTravel.dx += (finger.last.x - finger.start.x) / Double(max(1, sequenceFingers))
        sequenceTravel.dy += (finger.last.y - finger.start.y) / Double(max(1, sequenceFingers))
        guard reader.isRunning else { return }
        if exploring, key != exploreKey, let start = splitTapStart.removeValue(forKey: key) {
            // A split tap: one finger rests on the element, another taps.
            if input.timestamp - start <= ScreenReaderGestures.tapDuration, distance(finger) < ScreenReaderGestures.tapSlop {
                reader.activateFocused()
            }
        }
    }

    /// At the frame that ends a sequence (every finger up), says what it was.
    private func completeSequenceIfEnded(input: InputEvent, reader: ScreenReader) {
        guard fingers.isEmpty, sequenceFingers > 0 else { return }
        let count = sequenceFingers
        sequenceFingers = 0
        let wasExploring = exploring
        exploring = false
        exploreKey = nil
        splitTapStart.removeAll()
        exploreTimer?.cancel(); exploreTimer = nil
        if wasExploring { return }
        let duration = input.timestamp - sequenceStart
        let travel = (sequenceTravel.dx * sequenceTravel.dx + sequenceTravel.dy * sequenceTravel.dy).squareRoot()
        if travel < ScreenReaderGestures.tapSlop, duration <= ScreenReaderGestures.tapDuration {
            tapped(fingers: count, input: input, reader: reader)
        } else if travel >= ScreenReaderGestures.swipeDistance, duration <= ScreenReaderGestures.swipeDuration, reader.isRunning,
            !sequenceBeganOff
        {
            lastTap = nil
            swiped(fingers: count, reader: reader)
        } else {
            lastTap = nil
        }
    }

    private func tapped(fingers count: Int, input: InputEvent, reader: ScreenReader) {
        let time = input.timestamp
        let application = reader.application
        var taps = 1
        if let last = lastTap, last.fingers == count, time - last.time <= application.multiTapInterval { taps = last.count + 1 }
        lastTap = (time, count, taps, lastTapPoint)
        if count == 3, taps == 3 {
            lastTap = nil
            reader.toggle()
            return
        }
        guard reader.isRunning, !sequenceBeganOff else { return }
        switch (count, taps) {
        case (1, 1):
            let point = lastTapPoint
            singleTapTimer?.cancel()
            singleTapTimer = application.timers.schedule(at: application.clock.now + application.multiTapInterval) {
                [unowned self, unowned reader] _ in
                self.singleTapTimer = nil
                reader.focus(reader.element(at: point))
            }
        case (1, 2):
            singleTapTimer?.cancel(); singleTapTimer = nil
            lastTap = nil
            reader.activateFocused()
        case (2, 1):
            reader.togglePause()
        default:
            break
        }
    }

    private func swiped(fingers count: Int, reader: ScreenReader) {
        let (dx, dy) = sequenceTravel
        let horizontal = abs(dx) > abs(dy)
        switch count {
        case 1:
            if horizontal { reader.moveFocus(by: dx > 0 ? 1 : -1) } else { reader.adjustFocused(up: dy < 0) }
        case 2:
            if !horizontal { reader.readAll(fromTop: dy < 0) }
        case 3:
            reader.scroll(horizontal ? (dx < 0 ? .left : .right) : (dy < 0 ? .up : .down))
        default:
            break
        }
    }

    private var lastLiftedPoint = Point(x: 0, y: 0)
    private var lastTapPoint: Point { lastLiftedPoint }

    private func endSequenceWithoutGesture() {
        sequenceFingers = 0
        exploring = false
        exploreKey = nil
        exploreTimer?.cancel(); exploreTimer = nil
        splitTapStart.removeAll()
    }

    private func distance(_ finger: Finger) -> Double {
        let dx = finger.last.x - finger.start.x, dy = finger.last.y - finger.start.y
        return (dx * dx + dy * dy).squareRoot()
    }

    private func screenPoint(_ location: Point, _ input: InputEvent, _ reader: ScreenReader) -> Point {
        guard let window = input.window ?? reader.application.keyWindow else { return location }
        return window.convertToSuperview(location)
    }
}
