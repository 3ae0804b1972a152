import ResponderKit
import ResponderKitTesting
import SeededGenerators

/// The application a fuzz run drives: an `Application` on `InputDriver`'s manual clock, two
/// scenes of windows holding random view trees (plain, enlarged-touch-area, scrolled and
/// transformed views, buttons, a text field), controllers, tap and pan recognizers — and handlers
/// that change all of it while input is being delivered (`handlerRan`, `FuzzWorld+Mutations`).
///
/// Everything is built from the world's own seed, so a run is reproducible from (seed, events).
/// Every object made is also recorded weakly in `made`, for the leak check after teardown.
@MainActor
public final class FuzzWorld {
    public let application: Application
    public let driver: InputDriver
    let ledger = TouchLedger()
    var rng: SplitMix64
    /// How likely a handler call changes the world.
    var mutationChance = 0.12
    private var mutationDepth = 0

    var scenes: [WindowScene] = []
    /// Every window ever made, closed ones included (input may still name them).
    public private(set) var windowsEverMade: [Window] = []
    /// Every view made and not dropped (detached ones wait here to be added again).
    var views: [View] = []
    var controllers: [ViewController] = []
    var recognizers: [GestureRecognizer] = []
    /// Weak references to everything made, for the leak check.
    var made: [WeakObject] = []
    /// The latest deliveries and changes, for the failure report.
    private(set) var journal: [String] = []

    /// "FuzzView 4294": an object's type and a short id, so a report tells its objects apart.
    static func label(_ object: AnyObject) -> String {
        "\(type(of: object)) \(ObjectIdentifier(object).hashValue % 10000)"
    }

    /// Notes what just happened (the last 60 notes are kept).
    func note(_ entry: @autoclosure () -> String) {
        journal.append(entry())
        if journal.count > 60 { journal.removeFirst(journal.count - 60) }
    }

    /// Down touch slots, pressed keys and buttons, and touchpad gestures that input ever used, so teardown can release them.
    var usedSlots: Set<TouchIdentifier> = []
    var usedKeys: Set<Pair> = []
    var usedButtons: Set<Pair> = []
    /// Devices that began a touchpad gesture, so the end can finish it.
    var usedTouchpads: Set<Int> = []
    struct Pair: Hashable { let device: Int; let code: Int }

    public init(seed: UInt64) {
        rng = SplitMix64(seed: seed ^ 0x5EED_F00D)
        application = Application()
        driver = InputDriver(application: application)
        remember(application)
        for _ in 0..<2 { makeScene() }
    }

    // MARK: Building

    @discardableResult
    func makeScene() -> WindowScene {
        let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300))
        scenes.append(scene)
        remember(scene)
        for _ in 0..<rng.int(1...2) { makeWindow(in: scene) }
        return scene
    }

    @discardableResult
    func makeWindow(in scene: WindowScene) -> Window {
        let window = Window(windowScene: scene)
        if rng.chance(0.3) { window.frame = randomWindowFrame(in: scene.screenBounds) }
        if rng.chance(0.2) { window.windowLevel = WindowLevel(rawValue: rng.pick([-1, 1000])) }
        windowsEverMade.append(window)
        remember(window)
        let controller = ViewController()
        let root = makeView(depth: 0)
        root.frame = window.bounds
        controller.view = root
        controllers.append(controller)
        remember(controller)
        window.rootViewController = controller
        if rng.chance(0.7) { window.makeKeyAndVisible() } else { window.isHidden = false }
        for _ in 0..<rng.int(2...5) { root.addSubview(makeSubtree(depth: 1)) }
        return window
    }

    func makeSubtree(depth: Int) -> View {
        let view = makeView(depth: depth)
        if depth < 4 {
            for _ in 0..<rng.int(0...(depth < 2 ? 3 : 1)) { view.addSubview(makeSubtree(depth: depth + 1)) }
        }
        return view
    }

    func makeView(depth: Int) -> View {
        let frame = Rect(
            x: (rng.unit() * 300).rounded(), y: (rng.unit() * 220).rounded(),
            width: (rng.unit() * 200 + 10).rounded(), height: (rng.unit() * 160 + 10).rounded())
        let view: View
        switch rng.int(0...19) {
        case 0:
            let button = FuzzButton(frame: frame)
            button.world = self
            button.addAction(for: .touchUpInside) { [weak self] _ in self?.handlerRan() }
            view = button
        case 1:
            let field = FuzzTextField(frame: frame)
            field.world = self
            view = field
        case 2:
            let enlarged = EnlargedFuzzView(frame: frame)
            enlarged.world = self
            view = enlarged
        default:
            let plain = FuzzView(frame: frame)
            plain.world = self
            plain.forwards = rng.chance(0.7)
            plain.acceptsFocus = rng.chance(0.3)
            plain.isMultipleTouchEnabled = rng.chance(0.6)
            plain.isExclusiveTouch = rng.chance(0.05)
            view = plain
        }
        if depth > 0, rng.chance(0.05) { view.bounds.origin = Point(x: rng.pick([0, 10, -15.5]), y: rng.pick([0, 20])) }
        if depth > 0, rng.chance(0.04) { view.transform = rng.chance(0.5) ? AffineTransform(scaleX: 1.5, y: 0.5) : AffineTransform(rotationAngle: 0.3) }
        if rng.chance(0.15) { addRecognizer(to: view) }
        views.append(view)
        remember(view)
        return view
    }

    /// Adds a recognizer of a random kind — the product's tap, pan, long press and swipe (timers
    /// included) or the fuzz pan — with random delays, and often a failure requirement tied to a
    /// recognizer on an ancestor (either way round), as a double tap over a single tap is.
    func addRecognizer(to view: View) {
        let recognizer: GestureRecognizer
        let handler: @MainActor (GestureRecognizer) -> Void = { [weak self] _ in self?.handlerRan() }
        switch rng.int(0...5) {
        case 0, 1:
            let tap = TapGestureRecognizer(handler: handler)
            tap.numberOfTapsRequired = rng.int(1...2)
            tap.numberOfTouchesRequired = rng.int(1...2)
            recognizer = tap
        case 2:
            let pan = PanGestureRecognizer(handler: handler)
            pan.maximumNumberOfTouches = rng.int(1...3)
            recognizer = pan
        case 3:
            let press = LongPressGestureRecognizer(handler: handler)
            press.minimumPressDuration = rng.pick([0.1, 0.5])
            press.numberOfTapsRequired = rng.int(0...1)
            recognizer = press
        case 4:
            let swipe = SwipeGestureRecognizer(handler: handler)
            swipe.direction = rng.pick([.left, .right, .up, .down])
            recognizer = swipe
        default:
            recognizer = FuzzPanRecognizer(handler: handler)
        }
        recognizer.cancelsTouchesInView = rng.chance(0.7)
        recognizer.delaysTouchesBegan = rng.chance(0.25)
        recognizer.delaysTouchesEnded = rng.chance(0.7)
        if rng.chance(0.4), let other = recognizerOnAncestor(of: view) {
            if rng.chance(0.5) { require(recognizer, toFail: other) } else { require(other, toFail: recognizer) }
        }
        view.addGestureRecognizer(recognizer)
        recognizers.append(recognizer)
        remember(recognizer)
    }

    /// Every `require(toFail:)` the world made, weakly (the invariants read it: the product keeps
    /// its list internal).
    var requirements: [(waiter: WeakObject, required: WeakObject)] = []

    func require(_ waiter: GestureRecognizer, toFail required: GestureRecognizer) {
        waiter.require(toFail: required)
        requirements.append((WeakObject(waiter), WeakObject(required)))
    }

    /// The recognizers `waiter` was told to require to fail (a refused cycle included).
    func requiredToFail(by waiter: GestureRecognizer) -> [GestureRecognizer] {
        requirements.compactMap { $0.waiter.object === waiter ? $0.required.object as? GestureRecognizer : nil }
    }

    /// A recognizer on `view` or one of its ancestors, if any.
    private func recognizerOnAncestor(of view: View) -> GestureRecognizer? {
        var candidates: [GestureRecognizer] = []
        var current: View? = view
        while let v = current {
            candidates += v.gestureRecognizers ?? []
            current = v.superview
        }
        return candidates.isEmpty ? nil : candidates[rng.int(0...(candidates.count - 1))]
    }

    func remember(_ object: AnyObject) { made.append(WeakObject(object)) }

    // MARK: Handlers

    /// Forwards one touch callback to the ledger, then maybe changes the world.
    func record(_ phase: Touch.Phase, _ touches: Set<Touch>, at responder: Responder) {
        for touch in touches {
            note(
                "\(TouchLedger.method(phase)) \(touch.identifier.slot)@\(touch.identifier.device.rawValue) on \(FuzzWorld.label(responder))\(touch.view === responder ? "" : " (forwarded)")"
            )
            ledger.record(phase, touch, at: responder)
        }
        handlerRan()
    }

    /// A handler ran: with `mutationChance`, change the world now, in the middle of delivery.
    /// Nested changes (a change whose cancellations reach more handlers) stop at depth 3.
    func handlerRan() {
        guard mutationDepth < 3, rng.chance(mutationChance) else { return }
        mutationDepth += 1
        defer { mutationDepth -= 1 }
        mutate()
    }

    /// The window an event names (closed ones included), by index modulo the windows made.
    func window(at index: Int?) -> Window? {
        guard let index, !windowsEverMade.isEmpty else { return nil }
        return windowsEverMade[index % windowsEverMade.count]
    }

    /// Drops every strong reference the world holds (after the scenes were disconnected).
    func dropEverything() {
        ledger.reset()
        views.removeAll()
        controllers.removeAll()
        recognizers.removeAll()
        requirements.removeAll()
        windowsEverMade.removeAll()
        scenes.removeAll()
    }
}
