import ResponderKit
import SeededGenerators

/// Runs generated input through `Application.handle` in a `FuzzWorld` and checks, after every
/// event: no trap (the process is still here), the touch lifecycle (`TouchLedger`), no gesture
/// recognizer stuck outside `.possible` once its touches are gone, and the hit index equal to
/// `referenceHitTest` at sampled points. At the end every used touch slot, key and button is
/// released properly and nothing may stay open (`InputDriver.isClean`); then the world is torn
/// down and every object it made must be gone (weak references nil).
@MainActor
public enum FuzzRun {
    public struct Statistics: Sendable {
        public var events = 0
        public var diagnostics = 0
    }

    /// Fuzzes `count` events from `seed`. On a failure, the failing prefix is minimized
    /// (`FuzzMinimizer`) and returned.
    public static func fuzz(seed: UInt64, count: Int, minimize: Bool = true) -> Result<Statistics, FuzzFailure> {
        var generator = FuzzEventGenerator(seed: seed)
        switch run(seed: seed, count: count, next: { generator.next() }) {
        case let .success(stats): return .success(stats)
        case let .failure(failure):
            var regenerate = FuzzEventGenerator(seed: seed)
            let prefix = (0..<min(failure.eventIndex + 1, count)).map { _ in regenerate.next() }
            let events = minimize ? FuzzMinimizer.minimize(seed: seed, events: prefix, like: failure.kind) : prefix
            var journal = failure.journal
            if case let .failure(again) = replay(seed: seed, events: events) { journal = again.journal }
            return .failure(FuzzFailure(seed: seed, kind: failure.kind, eventIndex: failure.eventIndex, events: events, journal: journal))
        }
    }

    /// Replays exactly `events` in the world of `seed`.
    public static func replay(seed: UInt64, events: [FuzzEvent]) -> Result<Statistics, FuzzFailure> {
        var i = 0
        return run(seed: seed, count: events.count) {
            defer { i += 1 }
            return events[i]
        }
    }

    static func run(seed: UInt64, count: Int, next: () -> FuzzEvent) -> Result<Statistics, FuzzFailure> {
        var stats = Statistics()
        let savedHandler = ResponderDiagnostics.handler
        var diagnostics = 0
        // The diagnostics go into the journal too: a report then says which input was dropped.
        weak var journaling: FuzzWorld?
        ResponderDiagnostics.handler = { diagnostic in
            diagnostics += 1
            journaling?.note("  diagnostic: \(diagnostic)")
        }
        defer { ResponderDiagnostics.handler = savedHandler }
        var sampler = SplitMix64(seed: seed ^ 0x00C0_FFEE)
        var leaks: [WeakObject] = []
        let outcome: FuzzFailure? = {
            let world = FuzzWorld(seed: seed)
            journaling = world
            // Every recognizer's stage changes go into the journal too, so a stuck recognizer's
            // report shows how it got there.
            let savedObserver = GestureTrace.observer
            GestureTrace.observer = { [unowned world] transition in
                world.note("  \(transition) (\(FuzzWorld.label(transition.recognizer)) on \(transition.recognizer.view.map(FuzzWorld.label) ?? "no view"))")
            }
            defer {
                GestureTrace.observer = savedObserver
                leaks = world.made
                tearDown(world)
            }
            for index in 0..<count {
                let event = next()
                world.note("event \(index): \(event)")
                apply(event, to: world)
                stats.events += 1
                if let kind = FuzzInvariants.check(world, &sampler) {
                    return FuzzFailure(seed: seed, kind: kind, eventIndex: index, events: [], journal: world.journal)
                }
            }
            releaseEverything(world)
            if let kind = FuzzInvariants.checkClean(world) {
                return FuzzFailure(seed: seed, kind: kind, eventIndex: count, events: [], journal: world.journal)
            }
            return nil
        }()
        stats.diagnostics = diagnostics
        if let outcome { return .failure(outcome) }
        let alive = leaks.filter { $0.object != nil }
        if !alive.isEmpty {
            let names = Dictionary(grouping: alive, by: \.name).map { "\($0.value.count) \($0.key)" }.sorted()
            return .failure(
                FuzzFailure(
                    seed: seed, kind: .leak("still alive after teardown: \(names.joined(separator: ", "))"),
                    eventIndex: count, events: []))
        }
        return .success(stats)
    }

    /// Turns one generated event into an `InputEvent` for this world and hands it to the app.
    static func apply(_ event: FuzzEvent, to world: FuzzWorld) {
        let driver = world.driver
        let timestamp: Double
        switch event.time {
        case let .advance(dt):
            driver.advance(by: dt)
            timestamp = driver.now
        case let .backwards(dt): timestamp = driver.now - dt
        case .nan: timestamp = .nan
        case .infinity: timestamp = .infinity
        }
        let device = InputDeviceID(rawValue: event.device)
        switch event.kind {
        case let .touchDown(slot, _, _): world.usedSlots.insert(TouchIdentifier(device: device, slot: slot))
        case let .key(key, true, _): world.usedKeys.insert(.init(device: event.device, code: key.keyCode))
        case let .pointerButton(button, true): world.usedButtons.insert(.init(device: event.device, code: button))
        case let .touchpadGesture(gesture) where gesture.phase == .began: world.usedTouchpads.insert(event.device)
        default: break
        }
        world.application.handle(InputEvent(event.kind, timestamp: timestamp, device: device, window: world.window(at: event.window)))
    }

    /// What a well-behaved device sends at the end: every used slot up, every button and key
    /// released, each once and naming no window (as a libinput source does), then a frame, and
    /// every touchpad gesture ended. The core must route each to wherever its down went.
    static func releaseEverything(_ world: FuzzWorld) {
        let app = world.application
        let now = world.driver.now
        for id in world.usedSlots.sorted(by: { ($0.device.rawValue, $0.slot) < ($1.device.rawValue, $1.slot) }) {
            app.handle(InputEvent(.touchUp(slot: id.slot), timestamp: now, device: id.device))
        }
        for pair in world.usedButtons.sorted(by: { ($0.device, $0.code) < ($1.device, $1.code) }) {
            app.handle(InputEvent(.pointerButton(button: pair.code, pressed: false), timestamp: now, device: InputDeviceID(rawValue: pair.device)))
        }
        for pair in world.usedKeys.sorted(by: { ($0.device, $0.code) < ($1.device, $1.code) }) {
            app.handle(
                InputEvent(
                    .key(Key(keyCode: pair.code, characters: ""), pressed: false, isRepeat: false),
                    timestamp: now, device: InputDeviceID(rawValue: pair.device)))
        }
        app.handle(InputEvent(.touchFrame, timestamp: now))
        // The fingers lift off the touchpad too: libinput ends every gesture it began.
        for device in world.usedTouchpads.sorted() {
            app.handle(
                InputEvent(.touchpadGesture(TouchpadGesture(kind: .swipe, phase: .ended, fingers: 2)), timestamp: now, device: InputDeviceID(rawValue: device)))
        }
        // Long presses, multi-tap and failure-requirement timers decide now.
        world.driver.advance(by: 5)
    }

    /// Closes every window and scene and lets go of everything the world holds.
    static func tearDown(_ world: FuzzWorld) {
        for window in world.windowsEverMade {
            window.rootViewController = nil
            window.windowScene = nil
        }
        for scene in world.scenes { scene.disconnect() }
        world.dropEverything()
    }
}
