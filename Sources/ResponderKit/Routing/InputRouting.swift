/// The application's routing state between an `InputEvent` arriving and its windows delivering
/// it: the windows with touch changes waiting for a `touchFrame`, input that arrived during a
/// delivery (handled right after it, so delivery is never re-entered), the observers of routed
/// input, the live latency monitor, and what the devices said (the devices present, the modifier
/// keys held, the latest touchpad gesture). `Application.handle(_:)` is its only writer.
///
/// `windowsWithStagedTouches`, `deferredInput`, `inputObservers` and `latencyMonitor` skip Swift's
/// dynamic exclusivity check: `handle(_:)` reads each per routed event, and callgrind on `hitbench
/// --dispatch-only` counts ~76 instructions per check, 1–2 checks per field per move. Invariant of
/// each: touched only on the main actor (the class is `@MainActor`; `Application.handle` asserts
/// it in debug builds) and never accessed overlappingly — no `inout` access to it spans a call out
/// of the routing (loops copy the array or take an element out before routing it).
@MainActor
final class InputRouting {
    /// Windows with touch changes waiting for a `touchFrame`.
    @exclusivity(unchecked) var windowsWithStagedTouches: [Window] = []
    /// Input that arrived during delivery, handled right after it.
    @exclusivity(unchecked) var deferredInput: [InputEvent] = []
    /// True while `handle(_:)` routes an event.
    var isHandlingInput = false
    /// Observers of every input event, after routing (`Application.addInputObserver`).
    @exclusivity(unchecked) var inputObservers: [@MainActor (InputEvent) -> Void] = []
    /// Live latency figures, recorded per routed event while one is installed.
    @exclusivity(unchecked) var latencyMonitor: LatencyMonitor?
    /// Devices the sources announced (`deviceAdded`), by id.
    var devices: [InputDeviceID: InputDevice] = [:]
    /// Modifier keys currently held, as the last key or modifier event said.
    var modifierFlags: KeyModifierFlags = []
    /// The latest touchpad gesture a source passed on.
    var lastTouchpadGesture: TouchpadGesture?
}
