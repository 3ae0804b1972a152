import ResponderKit

/// Drives an `Application` the way a device would, deterministically (swift-nio's
/// `EmbeddedChannel` is the model): every call builds `InputEvent`s and hands them to
/// `Application.handle(_:)`, the entry point the real backends use; time is a manual clock that
/// moves only with the calls' timestamps and `advance(by:)`; `isClean` says the run ended with
/// nothing open.
///
/// Before it hands each event over, the driver runs the frame the host would have run since the
/// last input (`Application.runFrame(including:)`): the layout pass of every shown window and of
/// the event's window (Auto Layout included), and — when a renderer is installed, a
/// `WindowPresenter` or the host's session as the window's `display` — the host's whole frame:
/// animation tick, layout, drawing. So a touch meets views where the screen would show them,
/// without the test calling `layoutIfNeeded()`.
///
/// Timers: the application's, and `Application.shared`'s when that is another application (app
/// code written UIKit's way schedules on `Application.shared`), run on the driver's clock —
/// see `init(application:device:)` and `advance(by:)`.
@MainActor
public final class InputDriver {
    /// The application the events are handed to; its clock is the driver's manual clock.
    public let application: Application
    private let clock: ManualClock
    /// `Application.shared` when it is not `application`: its clock is the driver's too, and
    /// `advance(by:)` fires its timers with the application's.
    private weak var sharedApplication: Application?
    /// The device the driver's events come from.
    public var device: InputDeviceID
    /// Every event the driver injected, in order.
    public private(set) var injected: [InputEvent] = []
    /// Whether each event is preceded by the frame the host would have run (on by default;
    /// a benchmark that times routing alone may turn it off).
    public var runsFrameBeforeEachEvent = true

    /// Installs a manual clock starting at 0 on `application` — and on `Application.shared`
    /// when that is another application, so its timers fire under this driver too. Timers
    /// already pending on either (scheduled on the clock they had, the monotonic clock before
    /// any driver) keep the time they had left.
    public init(application: Application, device: InputDeviceID = .main) {
        self.application = application
        self.device = device
        let clock = ManualClock(now: 0)
        self.clock = clock
        InputDriver.moveTimers(of: application, to: clock)
        application.clock = clock
        let shared = Application.shared
        if shared !== application {
            InputDriver.moveTimers(of: shared, to: clock)
            sharedPreviousClock = shared.clock
            shared.clock = clock
            sharedApplication = shared
        }
    }

    /// The clock `Application.shared` had before this driver put its own there.
    private var sharedPreviousClock: (any ApplicationClock)?

    /// Gives `Application.shared` back the clock it had (with the time its timers have left),
    /// unless another driver has put its own there since.
    isolated deinit {
        guard let shared = sharedApplication, shared.clock === clock, let previous = sharedPreviousClock else { return }
        InputDriver.moveTimers(of: shared, to: previous)
        shared.clock = previous
    }

    /// Shifts `application`'s pending deadlines from its clock's time to `clock`'s, keeping the
    /// time each has left.
    private static func moveTimers(of application: Application, to clock: any ApplicationClock) {
        guard application.clock !== clock, !application.timers.isEmpty else { return }
        application.timers.shiftDeadlines(by: clock.now - application.clock.now)
    }

    /// `Application.shared`'s timers when they run on this driver's clock. When another driver
    /// (or a host) has since put its own clock on `Application.shared` while timers are pending
    /// there, they cannot fire under this driver's clock: the driver refuses, naming the cause.
    private var sharedTimers: TimerQueue? {
        guard let shared = sharedApplication, Application.shared === shared else { return nil }
        guard shared.clock === clock else {
            if shared.timers.isEmpty { return nil }
            preconditionFailure(
                "InputDriver: Application.shared has \(shared.timers.count) timer(s) pending on another clock (another InputDriver or a host took it over after this driver was made); they cannot fire under this driver's clock. Drive one application at a time, or make the driver of Application.shared last."
            )
        }
        return shared.timers
    }

    /// The manual clock's time, in seconds.
    public var now: TimeInterval { clock.now }

    /// Moves time forward, firing every timer due by then in deadline order (each sees `now` at its
    /// own deadline). 49 ms: nothing; 1 ms more: the 50 ms timer fires.
    ///
    /// A deadline within `timerTolerance` (1 ns, the kernel clock's resolution) past the target
    /// counts as due: `t + 0.05` and `t + 0.049 + 0.001` can differ in the last bit, and a test
    /// that advances 49 ms then 1 ms must not depend on that. The clock then stops at that
    /// deadline (never going back), so it may end up to 1 ns past `now + seconds`.
    ///
    /// While the application's animator runs (`Animator.isRunning`: view animations, a scroll
    /// view's deceleration, a modal slide), frames come too, `framesPerSecond` of them a second
    /// on a grid from time 0, in time order with the timers: each ticks the animator as a
    /// display's frame would (`Animator.tick(now:)`, which the host's presenter calls before it
    /// draws). So an animated `present` finishes, its `viewDidAppear` and completion run, once
    /// the test advances past its duration.
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0 && seconds.isFinite, "advance(by:) takes a finite, non-negative interval")
        let target = clock.now + seconds
        while true {
            let shared = sharedTimers
            var deadline = application.timers.nextDeadline
            if let other = shared?.nextDeadline, deadline.map({ other < $0 }) ?? true { deadline = other }
            let timer = deadline.flatMap { $0 <= target + InputDriver.timerTolerance ? $0 : nil }
            let frame = nextFrame().flatMap { $0 <= target + InputDriver.timerTolerance ? $0 : nil }
            if let frame, timer.map({ frame < $0 }) ?? true {
                clock.now = max(clock.now, frame)
                application.animator.tick(now: clock.now)
            } else if let timer {
                clock.now = max(clock.now, timer)
                application.timers.fireDue(now: clock.now)
                shared?.fireDue(now: clock.now)
            } else {
                break
            }
        }
        clock.now = max(clock.now, target)
    }

    /// Frames a second that `advance(by:)` ticks the animator at while it runs; 0 for none (the
    /// test then calls `application.animator.tick(now:)` itself, frame by frame).
    public var framesPerSecond: Double = 60

    /// The first frame time after now on the `framesPerSecond` grid, when the animator runs.
    private func nextFrame() -> Double? {
        guard framesPerSecond > 0, framesPerSecond.isFinite, application.animator.isRunning else { return nil }
        // The index of the frame at or just before now, robust to `k / fps * fps` landing a bit
        // below k; the next frame is always later than now.
        let index = (clock.now * framesPerSecond + 1e-6).rounded(.down)
        let next = (index + 1) / framesPerSecond
        return next > clock.now ? next : (index + 2) / framesPerSecond
    }

    /// How far past an `advance(by:)` target a timer deadline may lie and still fire (seconds).
    public static let timerTolerance: Double = 1e-9

    /// Runs the frame the host would have run since the last input (see the type's
    /// documentation), then hands one event to the application, stamped with the current time.
    public func inject(_ kind: InputEvent.Kind, in window: Window? = nil) {
        if runsFrameBeforeEachEvent { application.runFrame(including: window) }
        let event = InputEvent(kind, timestamp: clock.now, device: device, window: window)
        injected.append(event)
        application.handle(event)
    }

    // MARK: Touches (each call is one frame)

    /// Finger `id` down at `point`, then a touch frame.
    public func touchDown(_ id: Int, at point: Point, in window: Window) {
        inject(.touchDown(slot: id, location: point, majorRadius: nil), in: window)
        inject(.touchFrame, in: window)
    }

    /// Finger `id` moved to `point`, then a touch frame.
    public func touchMove(_ id: Int, to point: Point, in window: Window) {
        inject(.touchMotion(slot: id, location: point, majorRadius: nil), in: window)
        inject(.touchFrame, in: window)
    }

    /// Finger `id` lifted, then a touch frame.
    public func touchUp(_ id: Int, in window: Window) {
        inject(.touchUp(slot: id), in: window)
        inject(.touchFrame, in: window)
    }

    /// The device cancelled every touch (libinput's `LIBINPUT_EVENT_TOUCH_CANCEL`).
    public func cancelTouches(in window: Window) {
        inject(.touchCancel(slot: nil), in: window)
        inject(.touchFrame, in: window)
    }

    /// Down and up at the same point and time (touch id 0 unless given).
    public func tap(at point: Point, in window: Window, id: Int = 0) {
        touchDown(id, at: point, in: window)
        touchUp(id, in: window)
    }

    /// Several changes in one frame: `frame { $0.down(0, at: a); $0.down(1, at: b) }`.
    public func frame(in window: Window, _ build: (inout FrameBuilder) -> Void) {
        var builder = FrameBuilder()
        build(&builder)
        for kind in builder.kinds { inject(kind, in: window) }
        inject(.touchFrame, in: window)
    }

    /// Collects the touch changes of one `frame(in:_:)` call.
    public struct FrameBuilder {
        var kinds: [InputEvent.Kind] = []
        /// Finger `id` down at `p`.
        public mutating func down(_ id: Int, at p: Point) { kinds.append(.touchDown(slot: id, location: p, majorRadius: nil)) }
        /// Finger `id` moved to `p`.
        public mutating func move(_ id: Int, to p: Point) { kinds.append(.touchMotion(slot: id, location: p, majorRadius: nil)) }
        /// Finger `id` lifted.
        public mutating func up(_ id: Int) { kinds.append(.touchUp(slot: id)) }
    }

    // MARK: Keys

    /// Key down.
    public func press(_ key: Key, in window: Window) {
        inject(.key(key, pressed: true, isRepeat: false), in: window)
    }

    /// Key up.
    public func release(_ key: Key, in window: Window) {
        inject(.key(key, pressed: false, isRepeat: false), in: window)
    }

    /// A key repeat, as the keymap's repeat timer would send it.
    public func `repeat`(_ key: Key, in window: Window) {
        inject(.key(key, pressed: true, isRepeat: true), in: window)
    }

    /// Presses and releases `key`.
    public func type(_ key: Key, in window: Window) {
        press(key, in: window)
        release(key, in: window)
    }

    /// Types `text` on a US layout (shift where needed): one press and release per character.
    public func type(_ text: String, in window: Window) {
        for character in text {
            guard let key = USKeyboard.key(for: character) else { continue }
            if key.modifierFlags.contains(.shift) {
                inject(.key(USKeyboard.shiftKey, pressed: true, isRepeat: false), in: window)
            }
            type(key, in: window)
            if key.modifierFlags.contains(.shift) {
                inject(.key(USKeyboard.shiftKey, pressed: false, isRepeat: false), in: window)
            }
        }
    }

    // MARK: Pointer

    /// Moves the pointer to `point`.
    public func pointerMove(to point: Point, in window: Window) { inject(.pointerMotion(location: point), in: window) }
    /// Presses or releases a pointer button (the primary one unless given).
    public func pointerButton(_ button: Int = PointerButton.left, pressed: Bool, in window: Window) {
        inject(.pointerButton(button: button, pressed: pressed), in: window)
    }
    /// Moves the cursor to `point` and clicks the primary button there.
    public func click(at point: Point, in window: Window) {
        pointerMove(to: point, in: window)
        pointerButton(pressed: true, in: window)
        pointerButton(pressed: false, in: window)
    }
    /// A mouse-wheel scroll by `dx`, `dy`.
    public func scroll(dx: Double = 0, dy: Double, in window: Window) {
        inject(.scroll(ScrollInfo(dx: dx, dy: dy, source: .wheel)), in: window)
    }

    // MARK: Motion, remote control, devices

    /// A shake gesture: a motion event that begins and ends at once.
    public func shake(in window: Window? = nil) {
        inject(.motion(.motionShake, phase: .began), in: window)
        inject(.motion(.motionShake, phase: .ended), in: window)
    }

    /// A remote-control event (play, pause, next track…), as a media key sends one.
    public func remoteControl(_ subtype: Event.EventSubtype, in window: Window? = nil) {
        inject(.remoteControl(subtype), in: window)
    }

    /// A device was plugged in.
    public func addDevice(_ device: InputDevice) { inject(.deviceAdded(device)) }
    /// The device `id` was unplugged.
    public func removeDevice(_ id: InputDeviceID) { inject(.deviceRemoved(id)) }

    /// No touch, press or pointer button is open, no touch change waits for a frame, and no timer
    /// is pending — except armed idle handlers (`Application.addIdleHandler(after:_:)`, a screen
    /// blanker's): they are standing configuration, not something input left open, so a run with
    /// idle reset enabled can still end clean. Check `application.timers.isEmpty` to see those too.
    public var isClean: Bool {
        !application.hasOpenInput && application.timers.count == application.armedIdleHandlerCount
    }
}
